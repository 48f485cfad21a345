# SPDX-License-Identifier: GPL-2.0-or-later
"""main.py: the differential fuzzer's driver (scripts/diff-fuzz calls it).

    python3 main.py [options] SEEDS...

For each seed: generate the scenario (gen.py), run Debian's nagios4 and
jaque side by side on it (run.py), compare what they left (compare.py),
sort the differences into explained (a class listed in known.txt) and
unexplained, write OUT/<seed>/diff.txt, and print one line:

    seed 17: 200 commands, 3 differences (1 unexplained) 41.2 s

The last line is a summary; the exit status is 1 when any seed had an
unexplained difference (or its run failed), 0 otherwise.

SEEDS: N (seeds 1..N), A-B (a range), or a list (3 7 12, or 3,7,12).  With
--script, --minimize, --pick, --drop or --only-commands a single N is seed N.

Options:
  --steps N          commands per seed (default 200; 40 with --quick)
  --quick            the CI mode: --steps 40 unless given, and the
                     "skip:" lines of known.txt leave out the steps they
                     match (commands whose differences would spread over the
                     rest of the run)
  --jobs N           seeds run at a time (default 1); each seed runs two
                     engines, mostly waiting
  --keep             keep every seed's directories (by default a seed
                     without unexplained differences keeps only diff.txt
                     and its scenario)
  --out DIR          where OUT/<seed>/ go (default build/diff-fuzz)
  --jaque PATH       the jaque binary (default $JAQUE)
  --nagios PATH      the reference (default $NAGIOS4 or /usr/sbin/nagios4);
                     --jaque /usr/sbin/nagios4 runs Nagios against itself,
                     which must show no difference at all (the harness's
                     own determinism)
  --known FILE       the classes of known differences (default known.txt
                     beside this file; --known /dev/null for none)
  --only-commands K  run only the first K steps of each seed's stream
  --drop LIST        leave out these steps (3,5-9), numbered as in the full
                     stream
  --pick LIST        run only these steps (what --minimize prints)
  --script FILE      instead of the seed's command stream, the steps in
                     FILE (the seed still gives the configuration): one a
                     line, "result OBJ RC OUTPUT" (OBJ is host or
                     host;service; it applies to the next command), a
                     command (placeholders as in gen.py: @NOW@, @NOW+N@),
                     "sleep N", "reload", "restart"; # starts a comment.
                     A single number N is then seed N, not seeds 1..N
  --minimize         for each seed with unexplained differences, find a
                     short stream that still shows its first one (the same
                     signature, numbers aside): the shortest prefix, then
                     halves, quarters ... single steps left out while it
                     stays; prints the steps that remain and the --pick
                     command line that reruns them (some 20-50 runs)

known.txt: one class a line, KIND: REGEX ## reason, where KIND is
  diff       REGEX is searched in a difference's signature (compare.py): a
             difference that matches is explained, not a failure;
  skip       with --quick only: a step whose command line (as gen.py wrote
             it, with its @NOW@ placeholders, or "(reload)", "(restart)",
             "(sleep)") matches is left out of the stream;
  omit       the same in every mode: for deliberate differences
             (docs/differences.md) whose effects spread over the rest of
             the run, which no diff: line could describe;
  norestart  in every mode, once a step matching REGEX was sent, the
             restarts and reloads after it are left out (a deliberate
             difference that shows only across a restart or a reload).
Lines starting with # are comments.

Reproducing: the same seed and --steps give the same configuration, plugin
results and commands (gen.py); OUT/<seed>/scenario/ holds them as files
(objects.cfg, main.cfg for the non-path settings, steps.txt).
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import sys
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compare  # noqa: E402
import gen  # noqa: E402
import run  # noqa: E402

print_lock = threading.Lock()


def parse_seeds(args, single=False):
    """N alone is seeds 1..N, unless single (then it is seed N)"""
    out = []
    for a in args:
        for part in a.split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part:
                lo, hi = part.split("-", 1)
                out += list(range(int(lo), int(hi) + 1))
            elif len(args) == 1 and "," not in a and not single:
                out += list(range(1, int(part) + 1))
            else:
                out.append(int(part))
    return out


def parse_ranges(s):
    out = set()
    for part in (s or "").split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            lo, hi = part.split("-", 1)
            out.update(range(int(lo), int(hi) + 1))
        else:
            out.add(int(part))
    return out


def load_known(path):
    """(diff classes, skips) where skips is a list of (kind, regex, reason),
    kind "skip" (--quick only), "omit" (every mode) or "norestart"
    (every mode: restarts and reloads after a matching step are left out)"""
    diffs, skips = [], []
    if not path or not os.path.exists(path):
        return diffs, skips
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            kind, _, rest = line.partition(":")
            pat, _, reason = rest.partition(" ## ")
            pat = pat.strip()
            try:
                rx = re.compile(pat)
            except re.error as e:
                raise SystemExit(f"known.txt: bad pattern {pat!r}: {e}")
            kind = kind.strip()
            if kind == "diff":
                diffs.append((rx, reason.strip()))
            elif kind in ("skip", "omit", "norestart"):
                skips.append((kind, rx, reason.strip()))
            else:
                raise SystemExit("known.txt: a line must start with diff:, skip:, omit: or "
                                 f"norestart: ({line!r})")
    return diffs, skips


def select_steps(steps, opts, skips):
    """[(original number, step)] after --only-commands, --drop and skips"""
    chosen = []
    drop = parse_ranges(opts.drop)
    pick = parse_ranges(opts.pick)
    no_restart = False
    for i, st in enumerate(steps, 1):
        if opts.only_commands is not None and i > opts.only_commands:
            break
        if i in drop or (pick and i not in pick):
            continue
        text = st["line"] if st["kind"] == "cmd" else "(" + st["kind"] + ")"
        if any(rx.search(text) for kind, rx, _ in skips
               if kind == "omit" or (kind == "skip" and opts.quick)):
            continue
        if st["kind"] in ("restart", "reload") and no_restart:
            continue
        if any(rx.search(text) for kind, rx, _ in skips if kind == "norestart"):
            no_restart = True
        chosen.append((i, st))
    return chosen


def write_scenario(d, sc, chosen):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "objects.cfg"), "w") as f:
        f.write(sc["objects"])
    with open(os.path.join(d, "main.cfg"), "w") as f:
        for k, v in sc["main"].items():
            f.write(f"{k}={v}\n")
    with open(os.path.join(d, "steps.txt"), "w") as f:
        for n, st in chosen:
            f.write(f"{n}\t{gen.step_text(st)}\n")
            for c in st.get("file", []):
                f.write(f"\t\tfile: {c}\n")


def run_once(seed, opts, known, chosen, sc, out):
    """run and compare one selection of steps: (diffs, problems, elapsed)"""
    t0 = time.time()
    engines = [("nagios", opts.nagios), ("jaque", opts.jaque)]
    steps = [st for _, st in chosen]
    r = run.Runner(sc, out, engines)
    done, problems = r.run(steps)
    diffs = compare.compare(out, ["nagios", "jaque"], steps, r.bounds, r.base_time)
    # steps numbered as in the full stream in reports
    for d in diffs:
        if d.step is not None and 1 <= d.step <= len(chosen):
            d.step = chosen[d.step - 1][0]
    return diffs, problems, done, time.time() - t0


def classify(diffs, known):
    unexplained, explained = [], []
    for d in diffs:
        sig = d.signature()
        for rx, reason in known:
            if rx.search(sig):
                explained.append((d, reason))
                break
        else:
            unexplained.append(d)
    return unexplained, explained


def report(path, seed, sc, chosen, unexplained, explained, problems, elapsed):
    steps_by_no = {n: st for n, st in chosen}
    with open(path, "w") as f:
        f.write(f"seed {seed}: {len(chosen)} commands, {len(unexplained) + len(explained)} "
                f"differences ({len(unexplained)} unexplained), {elapsed:.1f} s\n")
        f.write("scenario: scenario/objects.cfg, scenario/main.cfg, scenario/steps.txt\n")
        for p in problems:
            f.write(f"RUN PROBLEM: {p}\n")
        try:
            with open(os.path.join(os.path.dirname(path), "left-out.txt")) as g:
                f.write(g.read())
        except OSError:
            pass

        def block(title, items):
            if not items:
                return
            f.write(f"\n== {title}\n")
            last = object()
            for d, reason in items:
                if d.step != last:
                    last = d.step
                    if d.step is None:
                        f.write("\n-- at the end of the run\n")
                    elif d.step == 0:
                        f.write("\n-- start-up\n")
                    else:
                        st = steps_by_no.get(d.step)
                        f.write(f"\n-- step {d.step}: "
                                f"{gen.step_text(st) if st else d.cmd}\n")
                f.write(f"   {d.area} {d.detail}\n")
                f.write(f"      nagios: {shown(d.nag)}\n      jaque:  {shown(d.jaq)}\n")
                if reason:
                    f.write(f"      (known: {reason})\n")
                f.write(f"      signature: {d.signature()}\n")

        block("unexplained differences",
              [(d, None) for d in sorted(unexplained, key=order_key)])
        block("explained differences (known.txt)",
              sorted(explained, key=lambda x: order_key(x[0])))


def shown(v):
    return "(nothing)" if v is None else v


def order_key(d):
    """steps in order, the end of the run last"""
    return (d.step if d.step is not None else 1 << 30)


def read_script(path):
    steps = []
    pending = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            word = line.split(" ", 1)[0]
            if word == "result":
                _, obj, rc, out = (line.split(" ", 3) + [""])[:4]
                pending.append((obj, int(rc), out))
            elif word == "sleep":
                steps.append({"kind": "sleep", "secs": float(line.split()[1])})
            elif word in ("reload", "restart"):
                steps.append({"kind": word})
            else:
                st = {"kind": "cmd", "line": line}
                if pending:
                    st["setres"] = pending
                    pending = []
                steps.append(st)
    return steps


def one_seed(seed, opts, known, skips, quiet=False):
    sc = gen.generate(seed, opts.steps)
    if opts.script:
        sc["steps"] = read_script(opts.script)
    out = os.path.join(opts.out, str(seed))
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    chosen = select_steps(sc["steps"], opts, skips)
    write_scenario(os.path.join(out, "scenario"), sc, chosen)
    diffs, problems, done, elapsed = run_once(seed, opts, known, chosen, sc, out)
    unexplained, explained = classify(diffs, known)
    report(os.path.join(out, "diff.txt"), seed, sc, chosen, unexplained, explained, problems,
           elapsed)
    bad = bool(unexplained or problems)
    if not bad and not opts.keep:
        for n in ("nagios", "jaque"):
            shutil.rmtree(os.path.join(out, n), ignore_errors=True)
    line = (f"seed {seed}: {len(chosen)} commands, {len(diffs)} differences "
            f"({len(unexplained)} unexplained){' RUN PROBLEM' if problems else ''} "
            f"{elapsed:.1f} s")
    if not quiet:
        with print_lock:
            print(line, flush=True)
    if bad and opts.minimize:
        minimize(seed, sc, chosen, opts, known, skips)
    return seed, len(chosen), len(diffs), len(unexplained), bool(problems), elapsed


def norm_sig(d):
    return re.sub(r"\d+", "#", d.signature())


def minimize(seed, sc, chosen, opts, known, skips):
    """a short stream that still shows the seed's first unexplained
    difference (its signature, numbers left out): the shortest prefix,
    then chunks left out (halves, quarters, ... single steps) while the
    difference stays"""
    out = os.path.join(opts.out, f"{seed}.min")
    state = {"target": None, "runs": 0}

    def bad(sel):
        if os.path.exists(out):
            shutil.rmtree(out)
        os.makedirs(out)
        state["runs"] += 1
        diffs, problems, _, _ = run_once(seed, opts, known, sel, sc, out)
        u, _ = classify(diffs, known)
        if state["target"] is None:
            u.sort(key=order_key)
            state["target"] = norm_sig(u[0]) if u else ("problem" if problems else None)
            return state["target"] is not None
        if state["target"] == "problem":
            return bool(problems)
        return any(norm_sig(d) == state["target"] for d in u)

    if not bad(chosen):
        with print_lock:
            print(f"seed {seed}: the difference did not show again; nothing to minimize")
        return
    lo, hi = 0, len(chosen)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if bad(chosen[:mid]):
            hi = mid
        else:
            lo = mid
    sel = chosen[:hi]
    # the last step of the prefix stays: it shows the difference
    n = max(1, (len(sel) - 1) // 2)
    while n >= 1:
        i = 0
        while i < len(sel) - 1:
            trial = sel[:i] + sel[i + n:] if i + n < len(sel) else None
            if trial and bad(trial):
                sel = trial
            else:
                i += n
        if n == 1:
            break
        n //= 2
    t0 = time.time()
    diffs, problems, _, _ = run_once(seed, opts, known, sel, sc, out)
    u, x = classify(diffs, known)
    report(os.path.join(out, "diff.txt"), seed, sc, sel, u, x, problems, time.time() - t0)
    write_scenario(os.path.join(out, "scenario"), sc, sel)
    with print_lock:
        print(f"seed {seed}: minimal stream ({len(sel)} steps, {state['runs']} runs) for "
              f"{state['target']}, in {out}/:")
        for n, st in sel:
            print(f"   {n}\t{gen.step_text(st)}")
        print(f"   rerun: scripts/diff-fuzz {'--quick ' if opts.quick else ''}"
              f"--steps {opts.steps} --keep --pick "
              f"{','.join(str(n) for n, _ in sel)} {seed}", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seeds", nargs="+")
    ap.add_argument("--steps", type=int)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--out", default=None)
    ap.add_argument("--jaque", default=os.environ.get("JAQUE"))
    ap.add_argument("--nagios", default=os.environ.get("NAGIOS4", "/usr/sbin/nagios4"))
    ap.add_argument("--known", default=os.path.join(HERE, "known.txt"))
    ap.add_argument("--only-commands", type=int, default=None)
    ap.add_argument("--drop", default="")
    ap.add_argument("--pick", default="")
    ap.add_argument("--minimize", action="store_true")
    ap.add_argument("--script", default=None)
    opts = ap.parse_args(argv)
    if opts.steps is None:
        opts.steps = 40 if opts.quick else 200
    if not opts.jaque:
        raise SystemExit("diff-fuzz: no jaque binary (--jaque or JAQUE)")
    if opts.out is None:
        opts.out = os.path.join(os.path.dirname(os.path.dirname(HERE)), "build", "diff-fuzz")
    opts.out = os.path.abspath(opts.out)
    opts.jaque = os.path.abspath(opts.jaque)
    for b in (opts.jaque, opts.nagios):
        if not os.access(b, os.X_OK):
            raise SystemExit(f"diff-fuzz: {b} is not an executable")
    known, skips = load_known(opts.known)
    seeds = parse_seeds(opts.seeds, single=bool(opts.script or opts.minimize or opts.pick
                                                 or opts.drop
                                                 or opts.only_commands is not None))

    def interrupted(signum, frame):
        run.kill_all()
        os._exit(130)
    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    os.makedirs(opts.out, exist_ok=True)
    t0 = time.time()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as ex:
        futs = [ex.submit(one_seed, s, opts, known, skips) for s in seeds]
        for fu in futs:
            try:
                results.append(fu.result())
            except Exception:  # a harness bug: report it as a failed seed
                with print_lock:
                    print("diff-fuzz: a seed failed in the harness:", flush=True)
                    traceback.print_exc()
                results.append((None, 0, 0, 1, True, 0.0))
    wall = time.time() - t0
    bad = [r for r in results if r[3] or r[4]]
    cmds = sum(r[1] for r in results)
    print(f"diff-fuzz: {len(results)} seeds, {cmds} commands, "
          f"{sum(r[2] for r in results)} differences, "
          f"{len(bad)} seeds with unexplained differences"
          + (f" ({', '.join(str(r[0]) for r in bad)})" if bad else "")
          + f"; {wall:.0f} s, {len(results) / wall if wall else 0:.2f} seeds/s", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""contrib/bench-compare/sample.py: the measuring half of
scripts/bench-compare.sh, which starts the listener and the engine and
calls this.  Three commands:

  sample.py measure --engine E --pid PID --objects N --warmup S --soak S
                    --listener-pid P --count-file F --out RAW.json
                    [--statusdat FILE] [--stats-cmd 'TOOL ARGS']
                    [--icinga-url URL --icinga-auth USER:PASSWORD]
                    [--jaquestats BIN --jaque-stats FILE]
      waits out the warm-up, then measures the soak and writes RAW.json
  sample.py report RAW.json [--floor-cpu-s SECONDS [--floor-before-cpu-s SECONDS
                   --floor-before-runs N]] [--floor-alongside-cpu-s SECONDS
                   --floor-alongside-runs N] [--wake-probe WAKE.json]
                   [--ticks-per-second N] --json OUT.json --md OUT.md
      adds the exec floor (measured after the soak for the listener's
      count of runs, and before it for N runs: the mean cost a run of the
      two; and, when given, beside the engine over the soak: its own
      column), and the machine's wake-up lateness
      (contrib/bench/wakeprobe.c, run over the soak beside the engine)
      and writes the row (JSON and markdown)
  sample.py recover --cmd-file FIFO --statusdat FILE [--keep-every K] --seconds S
                    --jaque-stats FILE --log NAGIOS.LOG --raw RAW.json
                    --listener-pid P --count-file F --interval S
      after the soak, takes most of the load away (jaque only: the
      external commands DISABLE_HOST_CHECK and DISABLE_SVC_CHECK for every
      object in status.dat but one in K) and watches for S seconds how
      soon jaque says the overload is over; adds "recovery" to RAW.json
      and prints it on a line
  sample.py header
      the markdown table's header (contrib/bench-compare/table.sh)

What is measured over the soak (from t0, after the warm-up, to t1):
  latency   avg and max as the engine reports it, sampled every
            --sample-every seconds: nagios4stats / naemonstats
            (AVGACTSVCLAT, MAXACTSVCLAT: whole ms over each service's last
            check, from status.dat), Icinga 2's /v1/status/CIB (avg_latency,
            max_latency: services' last check results); avg is the mean of
            the samples, max the largest.  For jaque, jaquestats's drift
            (due to started, every check) over the soak: the mean from
            JQDRIFTCOUNT and JQDRIFTAVGUS at t0 and t1, the largest from
            JQDRIFTMAXUS when it grew during the soak, else from the fine
            histogram's buckets (their tops).  For the engines that write
            status.dat, the same figures computed from its check_latency
            values (ms resolution) are kept beside, hosts and services apart.
            Icinga 2's cpu includes answering these queries (at 10 000
            objects about 0.04 s of cpu for a CIB query, 0.18 s for the
            objects query: about 1 % of one core at the default periods).
  checks    the listener's count at t1 minus at t0, and the due count
            objects * soak / interval (--interval, 60 s)
  cpu       user + system time of the engine's process tree (every process
            descended from PID) plus what it reaped (cutime, cstime), so
            plugins count; the sum at t1 minus at t0, as % of one core
            (cpu_reaped_s: the part reaped from exited children)
  memory    the summed RSS of the tree's long-lived processes (started at
            least 2 s before the sample, and not named --plugin-comm, so
            plugins are left out even when an overload keeps them alive) every
            second: stable is the mean of the last third of the soak; peak
            is the sum of those processes' own peaks (VmHWM) at t1, which
            includes start-up
  evenness  every object's last_check (status.dat, or Icinga 2's
            /v1/objects) every --objects-every seconds (30: under the
            60 s check interval) and once more after t1: the number of checks
            of each object in (t0, t1] (distinct last_check values; exact
            while no object is checked twice between two samples), their
            min and max, how many objects had none, and the age of each
            last_check at t1 (max and median; objects never checked at
            all are counted apart)
"""
import argparse
import base64
import json
import os
import resource
import re
import shlex
import signal
import ssl
import statistics
import subprocess
import sys
import time
import urllib.request

HZ = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def proc_stat(pid):
    """(ppid, state, ticks used + reaped, start ticks, ticks reaped,
    comm) of pid, or None"""
    try:
        with open("/proc/%d/stat" % pid) as f:
            s = f.read()
    except OSError:
        return None
    f = s[s.rindex(")") + 2:].split()
    # f[0] is field 3 (state): utime..cstime are fields 14-17, starttime 22
    reaped = int(f[13]) + int(f[14])
    comm = s[s.index("(") + 1:s.rindex(")")]
    return int(f[1]), f[0], int(f[11]) + int(f[12]) + reaped, int(f[19]), reaped, comm


def tree(root):
    """{pid: proc_stat} of root and every process descended from it"""
    kids = {}
    stats = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        st = proc_stat(int(name))
        if st is None:
            continue
        stats[int(name)] = st
        kids.setdefault(st[0], []).append(int(name))
    out = {}
    todo = [root]
    while todo:
        p = todo.pop()
        if p in stats and p not in out:
            out[p] = stats[p]
            todo.extend(kids.get(p, []))
    return out


def status_kb(pid, key):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def uptime_ticks():
    with open("/proc/uptime") as f:
        return float(f.read().split()[0]) * HZ


def alive(pid):
    st = proc_stat(pid)
    return st is not None and st[1] not in "ZX"


def listener_count(lpid, path):
    """ask the listener for its count and wait for the file to change"""
    try:
        before = os.stat(path).st_mtime_ns
    except OSError:
        before = None
    os.kill(lpid, signal.SIGUSR1)
    # up to 10 s: on a machine saturated by plugins the listener answers late
    for _ in range(500):
        time.sleep(0.02)
        try:
            if os.stat(path).st_mtime_ns != before:
                with open(path) as f:
                    return int(f.read())
        except (OSError, ValueError):
            pass
    raise SystemExit("sample: the listener did not answer")


# --- status.dat: every object's last_check and check_latency
BLOCK = re.compile(r"^(host|service)status \{\n(.*?)\n\t\}", re.S | re.M)
FIELD = re.compile(r"^\t(host_name|service_description|last_check|check_latency)=(.*)$", re.M)


def read_statusdat(path):
    """{name: (kind, last_check, latency)}; names are host or host;service"""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return {}
    out = {}
    for m in BLOCK.finditer(text):
        d = dict(FIELD.findall(m.group(2)))
        if "host_name" not in d:
            continue
        name = d["host_name"]
        if m.group(1) == "service":
            name += ";" + d.get("service_description", "")
        out[name] = (m.group(1), float(d.get("last_check", 0) or 0),
                     float(d.get("check_latency", 0) or 0))
    return out


# --- Icinga 2's API
class Icinga:
    def __init__(self, url, auth):
        self.url = url.rstrip("/")
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE
        self.auth = "Basic " + base64.b64encode(auth.encode()).decode()

    def get(self, path):
        req = urllib.request.Request(self.url + path, headers={
            "Authorization": self.auth, "Accept": "application/json"})
        with urllib.request.urlopen(req, context=self.ctx, timeout=30) as r:
            return json.load(r)["results"]

    def cib(self):
        return self.get("/v1/status/CIB")[0]["status"]

    def last_checks(self):
        out = {}
        for kind, path in (("host", "/v1/objects/hosts?attrs=last_check"),
                           ("service", "/v1/objects/services?attrs=last_check")):
            for o in self.get(path):
                out[o["name"]] = (kind, float(o["attrs"].get("last_check") or 0), 0.0)
        return out


def run_tool(cmd):
    """the values a stats tool prints with -m, one a line"""
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    return r.stdout.split()


def stats_values(path, keys):
    """the values of keys in jaque's stats file (key=value lines)"""
    out = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            if k in keys:
                out[k] = v
    return out


def jaque_snapshot(args):
    vals = run_tool([args.jaquestats, "-m", "-s", "/dev/null",
                     "--jaque-stats=" + args.jaque_stats,
                     "-d", "JQDRIFTCOUNT,JQDRIFTAVGUS,JQDRIFTMAXUS,JQCHKSTARTED"])
    extra = stats_values(args.jaque_stats, ("drift_fine", "overloaded", "start_lag_ms",
                                            "overload_seconds", "overload_spells",
                                            "tick_late_fine", "tick_late_max_us"))

    def fine(key):
        out = {}
        for pair in filter(None, extra.pop(key, "").split(",")):
            top, cnt = pair.split(":")
            out[int(top)] = int(cnt)
        return out
    if len(vals) != 4 or "U" in vals:
        raise SystemExit("sample: jaquestats gave %r" % vals)
    return {"count": int(vals[0]), "avg_us": float(vals[1]), "max_us": int(vals[2]),
            "started": int(vals[3]), "fine": fine("drift_fine"),
            "tick_late_fine": fine("tick_late_fine"),
            "tick_late_max_us": int(extra.pop("tick_late_max_us", 0) or 0), "extra": extra}


def fine_soak(a_fine, b_fine, a_max, b_max, out):
    """p50_s, p99_s and max_s into out from two snapshots of a fine
    histogram ("top:count" buckets, tops in us) and its maximum"""
    diff = {t: b_fine.get(t, 0) - a_fine.get(t, 0) for t in b_fine}
    tops = sorted(t for t, c in diff.items() if c > 0)
    total = sum(diff[t] for t in tops)
    cum = 0
    for t in tops:
        cum += diff[t]
        if "p50_s" not in out and cum >= total * 0.5:
            out["p50_s"] = t / 1e6
        if "p99_s" not in out and cum >= total * 0.99:
            out["p99_s"] = t / 1e6
    if b_max > a_max:
        out["max_s"] = b_max / 1e6
    elif tops:
        out["max_s"] = min(tops[-1], a_max) / 1e6
    # a bucket's top can lie above the exact maximum: a quantile is never
    # more than the largest value counted
    for k in ("p50_s", "p99_s"):
        if k in out and "max_s" in out and out[k] > out["max_s"]:
            out[k] = out["max_s"]
    return out


def jaque_soak(a, b):
    n = b["count"] - a["count"]
    out = {"checks": n, "started": b["started"] - a["started"], "report": b["extra"]}
    if n <= 0:
        return out
    out["avg_s"] = (b["avg_us"] * b["count"] - a["avg_us"] * a["count"]) / n / 1e6
    fine_soak(a["fine"], b["fine"], a["max_us"], b["max_us"], out)
    # how late the ticks themselves began (a daemon that writes it): the
    # part of the drift that came before the ticks' own work
    if b["tick_late_fine"]:
        out["tick_late"] = fine_soak(a["tick_late_fine"], b["tick_late_fine"],
                                     a["tick_late_max_us"], b["tick_late_max_us"], {})
    return out


def measure(args):
    pid = args.pid
    icinga = Icinga(args.icinga_url, args.icinga_auth) if args.icinga_url else None
    stats_cmd = shlex.split(args.stats_cmd) if args.stats_cmd else None

    def check_alive():
        if not alive(pid):
            raise SystemExit("sample: the engine (pid %d) is gone" % pid)

    def record(tr):
        """the tree's long-lived processes as "pid comm" lines, for the
        cleanup of bench-compare.sh when the engine dies before them"""
        if not args.tree_file:
            return
        lines = []
        for p in tr:
            try:
                with open("/proc/%d/comm" % p) as f:
                    lines.append("%d %s" % (p, f.read().strip()))
            except OSError:
                pass
        with open(args.tree_file + ".tmp", "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(args.tree_file + ".tmp", args.tree_file)

    end = time.monotonic() + args.warmup
    while time.monotonic() < end:
        check_alive()
        record(tree(pid))
        time.sleep(min(1.0, max(0.0, end - time.monotonic())))

    lat = []          # (avg_s, max_s) per sample, as the engine reports it
    sd_lat = []       # from status.dat: per sample, per kind, (mean, max)
    seen = {}         # object -> set of last_check values
    rss = []          # summed RSS (kB) of the long-lived processes, per second
    errors = []       # samples that failed (an API or a stats tool too slow)
    overruns = 0      # per-second samples skipped because one overran

    def engine_procs(tr, pids):
        """pids less the plugins (--plugin-comm): what memory counts"""
        return [p for p in pids if tr[p][5] != args.plugin_comm]

    def tolerant(fn, *a):
        """a sample that fails is noted and skipped: an overloaded engine
        may answer its API late, and the soak goes on"""
        try:
            return fn(*a)
        except (OSError, ValueError, KeyError, IndexError, subprocess.SubprocessError) as e:
            errors.append("%.0f %s: %s" % (time.time(), fn.__name__, e))
            return {}

    def snapshot_objects(final=False):
        if icinga:
            objs = icinga.last_checks()
        elif args.statusdat:
            objs = read_statusdat(args.statusdat)
            if not final and objs:
                per = {}
                for kind, lc, l in objs.values():
                    if lc > 0:
                        per.setdefault(kind, []).append(l)
                sd_lat.append({k: (statistics.fmean(v), max(v)) for k, v in per.items()})
        else:
            return {}
        for name, (_, lc, _) in objs.items():
            seen.setdefault(name, set()).add(lc)
        return objs

    def sample_latency():
        if icinga:
            s = icinga.cib()
            if s.get("avg_latency") is not None:
                lat.append((float(s["avg_latency"]), float(s["max_latency"])))
        elif stats_cmd:
            v = run_tool(stats_cmd + ["-m", "-d", "AVGACTSVCLAT,MAXACTSVCLAT"])
            if len(v) == 2 and all(x.lstrip("-").isdigit() for x in v):
                lat.append((int(v[0]) / 1000.0, int(v[1]) / 1000.0))

    check_alive()
    t0 = time.time()
    m0 = time.monotonic()
    tr = tree(pid)
    cpu0 = sum(s[2] for s in tr.values())
    reaped0 = sum(s[4] for s in tr.values())
    l0 = listener_count(args.listener_pid, args.count_file)
    j0 = jaque_snapshot(args) if args.jaquestats else None
    tolerant(snapshot_objects)
    tolerant(sample_latency)
    next_sample = m0 + args.sample_every
    next_objects = m0 + args.objects_every
    tick = m0
    end = m0 + args.soak
    while True:
        tick += 1.0
        if tick > end:
            break
        time.sleep(max(0.0, tick - time.monotonic()))
        woke = time.monotonic()
        if woke > end:
            break
        if woke - tick >= 1.0:
            # the last second's work overran (walking /proc with tens of
            # thousands of plugins alive takes seconds): skip the seconds
            # missed, so the soak still ends on time
            overruns += int(woke - tick)
            tick = woke
        check_alive()
        tr = tree(pid)
        now = uptime_ticks()
        live = [p for p, s in tr.items() if now - s[3] >= 2 * HZ]
        rss.append(sum(status_kb(p, "VmRSS:") for p in engine_procs(tr, live)))
        record(live)
        if time.monotonic() >= next_sample:
            next_sample += args.sample_every
            tolerant(sample_latency)
        if time.monotonic() >= next_objects:
            next_objects += args.objects_every
            tolerant(snapshot_objects)
    time.sleep(max(0.0, end - time.monotonic()))
    check_alive()
    tr = tree(pid)
    cpu1 = sum(s[2] for s in tr.values())
    reaped1 = sum(s[4] for s in tr.values())
    l1 = listener_count(args.listener_pid, args.count_file)
    t1 = time.time()
    m1 = time.monotonic()
    now = uptime_ticks()
    live = [p for p, s in tr.items() if now - s[3] >= 2 * HZ]
    live = engine_procs(tr, live)
    peak_kb = sum(status_kb(p, "VmHWM:") for p in live)
    nproc = len(live)
    j1 = jaque_snapshot(args) if args.jaquestats else None
    tolerant(sample_latency)
    # the last objects' snapshot: status.dat written after t1 (it is
    # written every 10 s), so the checks of the soak's last seconds count
    if args.statusdat:
        for _ in range(150):
            try:
                if os.stat(args.statusdat).st_mtime > t1:
                    break
            except OSError:
                pass
            time.sleep(0.1)
    for _ in range(3):
        objs = tolerant(snapshot_objects, True)
        if objs:
            break
    secs = m1 - m0

    counts = [sum(1 for v in vals if t0 < v <= t1) for vals in seen.values()]
    # the age at t1 of every last_check; objects never checked apart.  The
    # snapshot is read after t1, so a check of the seconds since counts
    # as age 0 (it was due and ran), not as a negative age
    ages = sorted(max(0.0, t1 - o[1]) for o in objs.values() if o[1] > 0)
    never = sum(1 for o in objs.values() if o[1] <= 0)
    third = max(1, len(rss) // 3)
    if icinga:
        source = "Icinga 2 /v1/status/CIB avg_latency, max_latency (services)"
    elif j0:
        source = "jaquestats JQDRIFTAVGUS, JQDRIFTMAXUS over the soak (hosts and services)"
    elif stats_cmd:
        source = "%s AVGACTSVCLAT, MAXACTSVCLAT (services, whole ms)" % os.path.basename(stats_cmd[0])
    else:
        source = None
    raw = {
        "engine": args.engine,
        "latency_source": source,
        "objects": args.objects,
        "warmup_s": args.warmup,
        "soak_s": round(secs, 3),
        "t0": t0,
        "t1": t1,
        "latency_samples": lat,
        "checks_listener": l1 - l0,
        "interval_s": args.interval,
        "checks_due": args.objects * secs / args.interval,
        "cpu_s": (cpu1 - cpu0) / HZ,
        "cpu_pct": (cpu1 - cpu0) * 100.0 / HZ / secs,
        # of cpu_s, what the tree reaped from exited children (plugins)
        "cpu_reaped_s": (reaped1 - reaped0) / HZ,
        "mem_stable_kb": statistics.fmean(rss[-third:]) if rss else None,
        "mem_max_sampled_kb": max(rss) if rss else None,
        "mem_peak_kb": peak_kb,
        "processes": nproc,
        "sample_errors": errors,
        "sampler_overrun_s": overruns,
        # what this sampler and the stats tools it ran cost (not in cpu_s)
        "sampler_cpu_s": sum(getattr(u, f) for u in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN)) for f in ("ru_utime", "ru_stime")),
    }
    if lat:
        raw["latency_avg_s"] = statistics.fmean(x[0] for x in lat)
        raw["latency_max_s"] = max(x[1] for x in lat)
    if sd_lat:
        raw["statusdat_latency"] = {
            k: {"avg_s": statistics.fmean(s[k][0] for s in sd_lat if k in s),
                "max_s": max(s[k][1] for s in sd_lat if k in s)}
            for k in ("host", "service") if any(k in s for s in sd_lat)}
    if j0 and j1:
        raw["jaque"] = jaque_soak(j0, j1)
        raw["latency_avg_s"] = raw["jaque"].get("avg_s")
        raw["latency_max_s"] = raw["jaque"].get("max_s")
    if counts:
        raw["evenness"] = {
            "objects_seen": len(counts),
            "checks_per_object_min": min(counts),
            "checks_per_object_max": max(counts),
            "checks_per_object_mean": statistics.fmean(counts),
            "objects_not_checked": sum(1 for c in counts if c == 0),
            "ratio_max_min": (max(counts) / min(counts)) if min(counts) > 0 else None,
            "objects_never_checked": never,
            "last_check_age_max_s": ages[-1] if ages else None,
            "last_check_age_median_s": statistics.median(ages) if ages else None,
        }
    with open(args.out, "w") as f:
        json.dump(raw, f, indent=1)


# --- the row
COLUMNS = ["engine", "objects", "soak (s)", "latency avg (s)", "latency max (s)",
           "machine wake-up late max (ms)",
           "checks run (listener) / due", "cpu % (1 core)", "exec floor %", "cpu above floor %",
           "above floor alongside %",
           "mem peak / stable (MiB)", "checks per object min-max (none)",
           "oldest last_check (s)", "date"]


def recover(args):
    """take most of the load away and time the end of the overload"""
    keys = ("overloaded", "queue_depth", "start_lag_ms", "overload_seconds")
    # the estate's objects as status.dat names them ("host", "host;service")
    objs = sorted(read_statusdat(args.statusdat).items())
    if not objs:
        raise SystemExit("sample: no objects in %s" % args.statusdat)
    now = int(time.time())
    verb = {"host": "DISABLE_HOST_CHECK", "service": "DISABLE_SVC_CHECK"}
    lines = ["[%d] %s;%s\n" % (now, verb[o[0]], name)
             for i, (name, o) in enumerate(objs) if i % args.keep_every]
    before = stats_values(args.jaque_stats, keys)
    try:
        log_at = os.stat(args.log).st_size
    except OSError:
        log_at = 0
    l0 = listener_count(args.listener_pid, args.count_file)
    t_cut = time.time()
    # non-blocking to open (no reader: ENXIO at once, not a hang), then
    # blocking to write (the pipe holds 64 KiB, the commands more)
    fd = os.open(args.cmd_file, os.O_WRONLY | os.O_NONBLOCK)
    os.set_blocking(fd, True)
    data = "".join(lines).encode()
    while data:
        # a pipe write of up to PIPE_BUF bytes is atomic: whole lines only
        chunk = data[:4096]
        cut = chunk.rfind(b"\n") + 1
        data = data[os.write(fd, chunk[:cut]):]
    os.close(fd)
    written = time.time() - t_cut
    first = {}
    series = []
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        time.sleep(0.5)
        try:
            v = stats_values(args.jaque_stats, keys)
        except OSError:
            continue
        t = round(time.time() - t_cut, 1)
        vals = [v.get(k) for k in keys]
        if not series or series[-1][1:] != vals:
            series.append([t] + vals)
        if v.get("overloaded") == "0":
            first.setdefault("overloaded_0_s", t)
        if v.get("queue_depth") == "0":
            first.setdefault("queue_empty_s", t)
    l1 = listener_count(args.listener_pid, args.count_file)
    ended = None
    try:
        with open(args.log, errors="replace") as f:
            f.seek(log_at)
            for line in f:
                if "no longer overloaded" in line:
                    # the log's time is whole seconds
                    ended = [round(int(line[1:line.index("]")]) - t_cut), line.strip()]
                    break
    except (OSError, ValueError):
        pass
    with open(args.raw) as f:
        r = json.load(f)
    left = len(objs) - len(lines)
    r["recovery"] = rec = {
        "commands": len(lines), "objects_left": left,
        "write_s": round(written, 3), "at_cut": before,
        # what ran after the cut, against what the objects left would run
        # at their interval (the disabled ones' checks in flight finish)
        "checks_listener": l1 - l0, "seconds": args.seconds,
        "checks_due_left": left * args.seconds / args.interval,
        "first_seen_s": first, "stats_file_period_s": 5,
        "log_no_longer_overloaded": ended,
        "stats_series": [dict(zip(("t_s",) + keys, x)) for x in series],
    }
    with open(args.raw + ".tmp", "w") as f:
        json.dump(r, f, indent=1)
    os.replace(args.raw + ".tmp", args.raw)
    print("sample: recovery: %d objects left checked (%d disabled, written in %.2f s), "
          "%d checks run in the %g s after (%.0f due for those left); at the cut "
          "overloaded=%s, queue_depth=%s, start_lag_ms=%s; in the stats file (every 5 s) "
          "overloaded=0 after %s s, queue empty after %s s; nagios.log's \"no longer "
          "overloaded\" after %s s" % (
              left, len(lines), rec["write_s"], rec["checks_listener"], args.seconds,
              rec["checks_due_left"], before.get("overloaded"), before.get("queue_depth"),
              before.get("start_lag_ms"), first.get("overloaded_0_s", "-"),
              first.get("queue_empty_s", "-"), ended[0] if ended else "-"))


def header():
    return "| " + " | ".join(COLUMNS) + " |\n|" + "---|" * len(COLUMNS)


def fmt(v, f):
    return "-" if v is None else f % v


def oldest(ev):
    """the oldest last_check's age, and how many objects were never checked"""
    if not ev:
        return "-"
    s = fmt(ev.get("last_check_age_max_s"), "%.0f")
    if ev.get("objects_never_checked"):
        s += " (%d never)" % ev["objects_never_checked"]
    return s


def latency_max(r):
    """the latency max; for jaque also the latest start of a tick over the
    soak, the part of the max that came before the tick's own work"""
    s = fmt(r.get("latency_max_s"), "%.3f")
    late = (r.get("jaque") or {}).get("tick_late") or {}
    if late.get("max_s") is not None:
        s += " (tick %.3f)" % late["max_s"]
    return s


def report(args):
    with open(args.raw) as f:
        r = json.load(f)
    if args.engine_version:
        r["engine_version"] = args.engine_version
    if args.machine:
        r["machine"] = args.machine
    r["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(r["t1"]))
    if args.floor_cpu_s is not None:
        # the cost a run after the soak, and before it when that was
        # measured too: the floor is the mean of the two, for the runs
        # the listener counted
        per_run = [args.floor_cpu_s / max(r["checks_listener"], 1)]
        if args.floor_before_cpu_s is not None and args.floor_before_runs:
            per_run.insert(0, args.floor_before_cpu_s / args.floor_before_runs)
        r["exec_floor_ms_per_run"] = [x * 1000.0 for x in per_run]
        r["exec_floor_cpu_s"] = sum(per_run) / len(per_run) * r["checks_listener"]
        r["exec_floor_pct"] = r["exec_floor_cpu_s"] * 100.0 / r["soak_s"]
        r["cpu_above_floor_pct"] = r["cpu_pct"] - r["exec_floor_pct"]
    else:
        r["exec_floor_pct"] = r["cpu_above_floor_pct"] = None
    r["exec_floor_alongside_ms_per_run"] = r["cpu_above_floor_alongside_pct"] = None
    if args.floor_alongside_cpu_s is not None and args.floor_alongside_runs:
        # the same machine minutes as the engine's plugins: the floor's
        # cost a run then, for the runs the listener counted
        per = args.floor_alongside_cpu_s / args.floor_alongside_runs
        r["exec_floor_alongside_ms_per_run"] = per * 1000.0
        r["cpu_above_floor_alongside_pct"] = (
            r["cpu_pct"] - per * r["checks_listener"] * 100.0 / r["soak_s"])
    r["wake_probe"] = None
    if args.wake_probe:
        with open(args.wake_probe) as f:
            r["wake_probe"] = json.load(f)
    if args.ticks_per_second is not None:
        r["ticks_per_second"] = args.ticks_per_second
    r["mem_peak_mib"] = r["mem_peak_kb"] / 1024.0
    r["mem_stable_mib"] = None if r["mem_stable_kb"] is None else r["mem_stable_kb"] / 1024.0
    with open(args.json, "w") as f:
        json.dump(r, f, indent=1)
        f.write("\n")
    ev = r.get("evenness") or {}
    even = "-"
    if ev:
        even = "%d-%d (%d)" % (ev["checks_per_object_min"], ev["checks_per_object_max"],
                               ev["objects_not_checked"])
    name = r["engine"] + (" (%s)" % r["engine_version"] if r.get("engine_version") else "")
    if r.get("ticks_per_second", 100) != 100:
        name += ", %d ticks/s" % r["ticks_per_second"]
    wake = r["wake_probe"]["late_max_ms"] if r.get("wake_probe") else None
    objects = "%d" % r["objects"]
    if r.get("interval_s", 60) != 60:
        objects += " every %g s" % r["interval_s"]
    row = [name, objects, "%.0f" % r["soak_s"],
           fmt(r.get("latency_avg_s"), "%.4f"), latency_max(r),
           fmt(wake, "%.1f"),
           "%d / %.0f" % (r["checks_listener"], r["checks_due"]),
           "%.1f" % r["cpu_pct"], fmt(r["exec_floor_pct"], "%.1f"),
           fmt(r["cpu_above_floor_pct"], "%.1f"),
           fmt(r["cpu_above_floor_alongside_pct"], "%.1f"),
           "%.1f / %s" % (r["mem_peak_mib"], fmt(r["mem_stable_mib"], "%.1f")),
           even, oldest(ev), r["date"]]
    with open(args.md, "w") as f:
        f.write("| " + " | ".join(row) + " |\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--engine", required=True)
    m.add_argument("--pid", type=int, required=True)
    m.add_argument("--objects", type=int, required=True)
    m.add_argument("--warmup", type=float, required=True)
    m.add_argument("--soak", type=float, required=True)
    m.add_argument("--sample-every", type=float, default=10.0)
    m.add_argument("--objects-every", type=float, default=30.0)
    m.add_argument("--interval", type=float, default=60.0)
    m.add_argument("--listener-pid", type=int, required=True)
    m.add_argument("--count-file", required=True)
    m.add_argument("--out", required=True)
    m.add_argument("--tree-file")
    m.add_argument("--statusdat")
    m.add_argument("--stats-cmd")
    m.add_argument("--icinga-url")
    m.add_argument("--icinga-auth")
    m.add_argument("--jaquestats")
    m.add_argument("--jaque-stats")
    m.add_argument("--plugin-comm", default="check_tcp",
                   help="the plugin's process name: such processes are left out of memory")
    r = sub.add_parser("report")
    r.add_argument("raw")
    r.add_argument("--floor-cpu-s", type=float)
    r.add_argument("--floor-before-cpu-s", type=float)
    r.add_argument("--floor-before-runs", type=int)
    r.add_argument("--floor-alongside-cpu-s", type=float)
    r.add_argument("--floor-alongside-runs", type=int)
    r.add_argument("--engine-version")
    r.add_argument("--wake-probe", help="wakeprobe's JSON line, from over the soak")
    r.add_argument("--ticks-per-second", type=int, help="jaque's ticks_per_second")
    r.add_argument("--machine")
    r.add_argument("--json", required=True)
    r.add_argument("--md", required=True)
    sub.add_parser("header")
    c = sub.add_parser("recover")
    c.add_argument("--cmd-file", required=True)
    c.add_argument("--statusdat", required=True)
    c.add_argument("--keep-every", type=int, default=6)
    c.add_argument("--seconds", type=float, required=True)
    c.add_argument("--jaque-stats", required=True)
    c.add_argument("--log", required=True)
    c.add_argument("--raw", required=True)
    c.add_argument("--listener-pid", type=int, required=True)
    c.add_argument("--count-file", required=True)
    c.add_argument("--interval", type=float, default=60.0)
    args = ap.parse_args()
    if args.cmd == "measure":
        measure(args)
    elif args.cmd == "report":
        report(args)
    elif args.cmd == "recover":
        recover(args)
    else:
        print(header())


if __name__ == "__main__":
    sys.exit(main())

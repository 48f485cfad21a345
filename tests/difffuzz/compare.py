# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py: the comparer of the differential fuzzer.

Sets side by side what the two engines left behind for one scenario
(run.py: OUT/<engine>/result/) and lists every difference a client could
see, after masking what legitimately differs.

What is compared, and how:

  objects.cache  every "define" block, keyed by its type and its name
                 fields (host_name, service_description, ...; the whole
                 block for dependencies and escalations), field by field.
                 The order of the blocks is not compared; the order of the
                 names inside a value (members, contacts) is.
  status.dat     after the last step: hoststatus, servicestatus,
                 contactstatus by object, field by field; hostcomment,
                 servicecomment, hostdowntime, servicedowntime as lists;
                 programstatus's switches and counters (the fields in
                 PROGRAM_FIELDS).  The info block is not compared.
  retention.dat  after the engines stopped: the same, with the blocks
                 host, service, contact, program, hostcomment,
                 servicecomment, hostdowntime, servicedowntime.
  nagios.log     per step (the lines written while the step ran, see
                 run.py), the lines of the kinds in LOG_KINDS, without
                 their time stamps, grouped by object: the order of one
                 object's lines is compared, the order across objects is
                 not (two engines may run one step's checks and
                 notifications in another order).  Lines of the runner's
                 sentinel (FUZZSYNC) are dropped.
  records        the lines of the notification, event handler, OCSP/OCHP
                 and performance data commands (the record script), per
                 step, as a multiset: one step's commands run concurrently.
                 A record one engine shows a step later than the other is
                 the same record (the runner's sentinel can reach an engine
                 before the loop pass that acts on the step's command).
                 One exception, in the step of a reload and the next: a
                 notification one side logged (its NOTIFICATION line is in
                 that side's log) but did not run is not a difference.
                 Nagios hands a job to its workers before the new ones
                 have registered after a SIGHUP and loses it (seen running
                 Nagios against itself: the DOWNTIMESTART notifications of
                 the downtimes it starts again on its first loop pass).

Masking (each decision, and why):
  * times: every integer field value that reads as an epoch second (1e9 to
    4e9) is "T" ("0" stays "0", so set/unset still counts); the engines'
    clocks run their own way (a check ends in one second in one and the
    next second in the other).  Exception: a downtime's start_time and
    end_time come from the command, identical in both: they are shown as
    B+N (N seconds after the runner's first step) and compared.
    check_latency and check_execution_time (floats) are "F".
  * ids: comments and downtimes are not matched by id but by what they
    are: each file's comments, in the order of their ids (the order the
    engine made them in), are aligned with the other file's on a title
    (type, object, entry type, the start of the text with its dates
    written <date>; for downtimes object, window, fixed, comment), so that one comment more or less is one difference, not a
    shift of every id after it.  comment_id and downtime_id are then left
    out, triggered_by is the title of the triggering downtime, and
    flapping_comment_id is "set" or 0.  Raw numbering is still tested
    through the commands that use ids (DEL_*_COMMENT, DEL_*_DOWNTIME,
    triggers): a different numbering shows up as a different effect.  The raw
    numbering after a restart or a failed command is tested by the
    commands that use ids (DEL_*_COMMENT, DEL_*_DOWNTIME, triggers): a
    different numbering shows up as a different effect.
  * per-object ids drawn from the program's counters (current_ and
    last_event_id, current_ and last_problem_id, current_notification_id,
    and the problem ids the records show as pid=) are "N" when set, "0"
    when not: their values follow the order in which the objects of one
    step were handled (Nagios starts the downtimes of one
    SCHEDULE_HOST_SVC_DOWNTIME in its event queue's order), which is not
    compared anywhere else either.  The program's next_*_id counters are
    compared as they are: a notification or event more or less shows there.
  * nagios_pid, program_start, the info block, and the engine's version:
    not compared.
  * paths: the engine's instance directory is written @DIR@.
  * log lines: the "[epoch]" prefix is removed; inside Warning: and
    Error: lines a date and time (any date_format) is <DATE> and an epoch
    second is <T> (they are the engine's clock).
  * fields present in one engine only: reported, unless listed in
    ONLY_ONE (none so far).

A difference is printed as a signature, one line:
    AREA | COMMAND | DETAIL
AREA is log, records, status, retention or objects; COMMAND is the step's
command (without arguments) for log and records, '-' otherwise; DETAIL
names the object, the field or line, and both sides.  known.txt holds
regular expressions over that signature: the classes of difference that
are known and not fixed yet (see main.py).
"""

import collections
import difflib
import os
import re

EPOCH_MIN, EPOCH_MAX = 1000000000, 4000000000
# per-object ids drawn from program-wide counters: their values depend on
# the order in which one step's objects were handled
COUNTER_KEYS = {"current_notification_id", "current_event_id", "last_event_id",
                "current_problem_id", "last_problem_id"}
PID_RE = re.compile(r"\bpid=\d+(/\d+)?")
FLOAT_KEYS = {"check_latency", "check_execution_time"}
SKIP_KEYS = {"nagios_pid", "program_start", "created", "version", "last_update_check",
             "update_available", "last_version", "new_version", "daemon_mode"}
PROGRAM_FIELDS = [
    "enable_notifications", "active_service_checks_enabled",
    "passive_service_checks_enabled", "active_host_checks_enabled",
    "passive_host_checks_enabled", "enable_event_handlers", "obsess_over_services",
    "obsess_over_hosts", "check_service_freshness", "check_host_freshness",
    "enable_flap_detection", "process_performance_data", "global_host_event_handler",
    "global_service_event_handler", "modified_host_attributes",
    "modified_service_attributes", "next_comment_id", "next_downtime_id",
    "next_event_id", "next_problem_id", "next_notification_id",
]
ONLY_ONE = set()

LOG_KINDS = re.compile(
    r"^(SERVICE ALERT|HOST ALERT|SERVICE NOTIFICATION|HOST NOTIFICATION|"
    r"SERVICE DOWNTIME ALERT|HOST DOWNTIME ALERT|SERVICE FLAPPING ALERT|"
    r"HOST FLAPPING ALERT|SERVICE EVENT HANDLER|HOST EVENT HANDLER|"
    r"GLOBAL SERVICE EVENT HANDLER|GLOBAL HOST EVENT HANDLER|EXTERNAL COMMAND|"
    r"PASSIVE SERVICE CHECK|PASSIVE HOST CHECK|CURRENT SERVICE STATE|"
    r"CURRENT HOST STATE|Error|Warning|External command)\b")
SVC_KINDS = {"SERVICE ALERT", "SERVICE DOWNTIME ALERT", "SERVICE FLAPPING ALERT",
             "SERVICE EVENT HANDLER", "GLOBAL SERVICE EVENT HANDLER",
             "PASSIVE SERVICE CHECK", "CURRENT SERVICE STATE"}
HOST_KINDS = {"HOST ALERT", "HOST DOWNTIME ALERT", "HOST FLAPPING ALERT",
              "HOST EVENT HANDLER", "GLOBAL HOST EVENT HANDLER", "PASSIVE HOST CHECK",
              "CURRENT HOST STATE"}
DATE_RE = re.compile(r"\d{2,4}[-/.]\d{2}[-/.]\d{2,4}[ T]\d{2}:\d{2}:\d{2}")
EPOCH_RE = re.compile(r"\b[1-3]\d{9}\b")


class Diff:
    def __init__(self, area, step, cmd, detail, nag, jaq):
        self.area = area
        self.step = step
        self.cmd = cmd
        self.detail = detail
        self.nag = nag
        self.jaq = jaq

    def signature(self):
        c = self.cmd.split(";", 1)[0] if self.cmd else "-"
        return f"{self.area} | {c} | {self.detail}: nagios={self.nag!r} jaque={self.jaq!r}"


# ---------------------------------------------------------------------------
# files of blocks
# ---------------------------------------------------------------------------
def parse_blocks(path):
    """status.dat / retention.dat: [(type, {key: value}, [keys in order])]"""
    blocks = []
    cur = None
    try:
        f = open(path, encoding="utf-8", errors="surrogateescape")
    except OSError:
        return blocks
    with f:
        for line in f:
            line = line.rstrip("\n")
            s = line.strip()
            if cur is None:
                if s.endswith("{") and not s.startswith("#"):
                    cur = (s[:-1].strip(), {}, [])
            elif s == "}":
                blocks.append(cur)
                cur = None
            else:
                k, _, v = line.lstrip("\t").partition("=")
                cur[1][k] = v
                cur[2].append(k)
    return blocks


def parse_objects(path):
    """objects.cache: [(type, {key: value})]"""
    out = []
    cur = None
    try:
        f = open(path, encoding="utf-8", errors="surrogateescape")
    except OSError:
        return out
    with f:
        for line in f:
            line = line.rstrip("\n")
            s = line.strip()
            if cur is None:
                m = re.match(r"define (\w+) \{", s)
                if m:
                    cur = (m.group(1), {})
            elif s == "}":
                out.append(cur)
                cur = None
            else:
                k, _, v = line.lstrip("\t").partition("\t")
                cur[1][k] = v
    return out


NAME_KEYS = {
    "host": ["host_name"], "service": ["host_name", "service_description"],
    "contact": ["contact_name"], "contactgroup": ["contactgroup_name"],
    "hostgroup": ["hostgroup_name"], "servicegroup": ["servicegroup_name"],
    "command": ["command_name"], "timeperiod": ["timeperiod_name"],
}


def object_key(typ, fields):
    if typ in NAME_KEYS:
        return typ + " " + ";".join(fields.get(k, "?") for k in NAME_KEYS[typ])
    return typ + " " + ";".join(f"{k}={fields[k]}" for k in sorted(fields))


def compare_objects(a_path, b_path, diffs):
    a = collections.OrderedDict()
    b = collections.OrderedDict()
    for src, dst in ((parse_objects(a_path), a), (parse_objects(b_path), b)):
        for typ, fields in src:
            k = object_key(typ, fields)
            while k in dst:
                k += "+"
            dst[k] = fields
    for k in sorted(set(a) | set(b)):
        if k not in b:
            diffs.append(Diff("objects", None, None, f"{k}: block", "present", "missing"))
            continue
        if k not in a:
            diffs.append(Diff("objects", None, None, f"{k}: block", "missing", "present"))
            continue
        fa, fb = a[k], b[k]
        for f in list(fa) + [x for x in fb if x not in fa]:
            va, vb = fa.get(f), fb.get(f)
            if va != vb:
                diffs.append(Diff("objects", None, None, f"{k}: {f}", va, vb))


# ---------------------------------------------------------------------------
# status.dat and retention.dat
# ---------------------------------------------------------------------------
def mask_value(key, value, base, typ):
    if key in FLOAT_KEYS:
        return "F"
    if key in COUNTER_KEYS:
        return "0" if value == "0" else "N"
    if value.isdigit() or (value.startswith("-") and value[1:].isdigit()):
        v = int(value)
        if EPOCH_MIN <= v <= EPOCH_MAX:
            if key in ("start_time", "end_time") and typ.endswith("downtime") and base:
                return f"B{v - base:+d}"
            return "T"
    return value


COMMENT_TYPES = ("hostcomment", "servicecomment")
DOWNTIME_TYPES = ("hostdowntime", "servicedowntime")


def normalise(blocks, base, d):
    """blocks -> ({block key: {field: masked value}} for objects and the
    program, [(title, fields)] for comments, the same for downtimes), the
    lists in the order of the raw ids (the order of creation)"""
    objs = collections.OrderedDict()
    comments, downtimes = [], []
    # what a downtime is, for triggered_by: its object, window and comment
    dt_name = {}
    for typ, f, keys in blocks:
        if typ in DOWNTIME_TYPES:
            dt_name[f.get("downtime_id")] = downtime_title(typ, f, base)
    for typ, f, keys in blocks:
        if typ == "info":
            continue
        m = {}
        for k in keys:
            if k in SKIP_KEYS:
                continue
            v = f[k]
            if d:
                v = v.replace(d, "@DIR@")
            if k in ("comment_id", "downtime_id"):
                continue
            if k == "flapping_comment_id":
                v = "0" if v == "0" else "set"
            elif k == "triggered_by" and v != "0":
                v = dt_name.get(v, "an unknown downtime")
            else:
                v = mask_value(k, v, base, typ)
            m[k] = v
        if typ in ("programstatus", "program"):
            m = {k: m[k] for k in PROGRAM_FIELDS if k in m}
            bk = typ
        elif typ in ("hoststatus", "host"):
            bk = f"{typ} {f.get('host_name')}"
        elif typ in ("servicestatus", "service"):
            bk = f"{typ} {f.get('host_name')};{f.get('service_description')}"
        elif typ in ("contactstatus", "contact"):
            bk = f"{typ} {f.get('contact_name')}"
        elif typ in COMMENT_TYPES:
            comments.append((raw_id(f, "comment_id"), comment_title(typ, f), m))
            continue
        elif typ in DOWNTIME_TYPES:
            downtimes.append((raw_id(f, "downtime_id"), dt_name[f.get("downtime_id")], m))
            continue
        else:
            bk = typ
        while bk in objs:
            bk += "+"
        objs[bk] = m
    comments.sort(key=lambda x: x[0])
    downtimes.sort(key=lambda x: x[0])
    return objs, [c[1:] for c in comments], [x[1:] for x in downtimes]


def raw_id(f, key):
    v = f.get(key, "")
    return int(v) if v.isdigit() else 0


def comment_title(typ, f):
    obj = f.get("host_name", "?")
    if typ == "servicecomment":
        obj += ";" + f.get("service_description", "?")
    text = DATE_RE.sub("<date>", f.get("comment_data", ""))
    if len(text) > 60:
        text = text[:60] + "..."
    return f"{typ} {obj} type={f.get('entry_type')} '{text}'"


def downtime_title(typ, f, base):
    obj = f.get("host_name", "?")
    if typ == "servicedowntime":
        obj += ";" + f.get("service_description", "?")
    st = mask_value("start_time", f.get("start_time", "0"), base, typ)
    en = mask_value("end_time", f.get("end_time", "0"), base, typ)
    return f"{typ} {obj} {st}..{en} fixed={f.get('fixed')} '{f.get('comment', '')[:40]}'"


def compare_fields(area, k, fa, fb, diffs):
    for f in list(fa) + [x for x in fb if x not in fa]:
        if f in ONLY_ONE and (f not in fa or f not in fb):
            continue
        va, vb = fa.get(f), fb.get(f)
        if va != vb:
            diffs.append(Diff(area, None, None, f"{k}: {f}", va, vb))


def compare_lists(area, what, la, lb, diffs):
    """comments or downtimes, each list in creation order: aligned on their
    titles, so that one extra or missing block is one difference"""
    ta = [t for t, _ in la]
    tb = [t for t, _ in lb]
    sm = difflib.SequenceMatcher(a=ta, b=tb, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            for x, y in zip(range(i1, i2), range(j1, j2)):
                if ta[x] == tb[y]:
                    compare_fields(area, ta[x], la[x][1], lb[y][1], diffs)
                else:
                    diffs.append(Diff(area, None, None, f"{what} #{x + 1}", ta[x], tb[y]))
            continue
        for x in range(i1, i2):
            diffs.append(Diff(area, None, None, f"{what}", ta[x], None))
        for y in range(j1, j2):
            diffs.append(Diff(area, None, None, f"{what}", None, tb[y]))


def compare_state(area, a_path, b_path, base, dirs, diffs):
    a, ac, ad = normalise(parse_blocks(a_path), base, dirs[0])
    b, bc, bd = normalise(parse_blocks(b_path), base, dirs[1])
    if not a and not b:
        return
    if not a or not b:
        diffs.append(Diff(area, None, None, "file", "present" if a else "missing",
                          "present" if b else "missing"))
        return
    for k in list(a) + [x for x in b if x not in a]:
        if k not in b:
            diffs.append(Diff(area, None, None, f"{k}: block", "present", "missing"))
        elif k not in a:
            diffs.append(Diff(area, None, None, f"{k}: block", "missing", "present"))
        else:
            compare_fields(area, k, a[k], b[k], diffs)
    compare_lists(area, "comment", ac, bc, diffs)
    compare_lists(area, "downtime", ad, bd, diffs)


# ---------------------------------------------------------------------------
# nagios.log
# ---------------------------------------------------------------------------
def log_segments(path, bounds, col, d):
    """the compared lines of each step: [ [line, ...] per step ]"""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        data = b""
    segs = []
    starts = [0] + [b[col] for b in bounds]
    for i in range(1, len(starts) + 1):
        lo = starts[i - 1]
        hi = starts[i] if i < len(starts) else len(data)
        chunk = data[lo:hi].decode("utf-8", "surrogateescape")
        lines = []
        for line in chunk.splitlines():
            line = re.sub(r"^\[\d+\] ", "", line)
            if "FUZZSYNC" in line or not LOG_KINDS.match(line):
                continue
            if d:
                line = line.replace(d, "@DIR@")
            if line.startswith(("Warning", "Error")):
                line = DATE_RE.sub("<DATE>", line)
                line = EPOCH_RE.sub("<T>", line)
            lines.append(line)
        segs.append(lines)
    return segs


def log_key(line):
    kind, _, rest = line.partition(": ")
    f = rest.split(";")
    if kind in SVC_KINDS and len(f) >= 2:
        return f"svc {f[0]};{f[1]}"
    if kind == "SERVICE NOTIFICATION" and len(f) >= 3:
        return f"svc {f[1]};{f[2]}"
    if kind in HOST_KINDS and f:
        return f"host {f[0]}"
    if kind == "HOST NOTIFICATION" and len(f) >= 2:
        return f"host {f[1]}"
    return "general"


def seq_diffs(area, step, cmd, key, la, lb, diffs):
    sm = difflib.SequenceMatcher(a=la, b=lb, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        xa, xb = la[i1:i2], lb[j1:j2]
        n = max(len(xa), len(xb))
        for k in range(n):
            va = xa[k] if k < len(xa) else None
            vb = xb[k] if k < len(xb) else None
            diffs.append(Diff(area, step, cmd, key, va, vb))


def compare_logs(sa, sb, steps, diffs):
    n = max(len(sa), len(sb))
    for i in range(n):
        la = sa[i] if i < len(sa) else []
        lb = sb[i] if i < len(sb) else []
        if la == lb:
            continue
        cmd = step_cmd(steps, i)
        ga, gb = group(la), group(lb)
        for k in list(ga) + [x for x in gb if x not in ga]:
            if ga.get(k, []) != gb.get(k, []):
                seq_diffs("log", i, cmd, k, ga.get(k, []), gb.get(k, []), diffs)


def group(lines):
    g = collections.OrderedDict()
    for line in lines:
        g.setdefault(log_key(line), []).append(line)
    return g


def step_cmd(steps, i):
    """the command of step i (0 is the start-up, before any step)"""
    if i == 0:
        return "(start-up)"
    if i - 1 < len(steps):
        st = steps[i - 1]
        return st.get("line", "(" + st["kind"] + ")")
    return "(shutdown)"


# ---------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------
def mask_pid(m):
    return "pid=" + "/".join("0" if v == "0" else "N" for v in m.group(0)[4:].split("/"))


def read_records(path, d):
    per = collections.defaultdict(list)
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            for line in f:
                line = line.rstrip("\n")
                step, _, rest = line.partition("|")
                if d:
                    rest = rest.replace(d, "@DIR@")
                rest = PID_RE.sub(mask_pid, rest)
                per[int(step) if step.isdigit() else 0].append(rest)
    except OSError:
        pass
    return per


def logged_notification(rec, seg):
    """the NOTIFICATION line of a notification record (NS|type|contact|host|
    svc|... or NH|type|contact|host|...) is in the log segment"""
    f = rec.split("|")
    if f[0] == "NS" and len(f) > 4:
        head = f"SERVICE NOTIFICATION: {f[2]};{f[3]};{f[4]};"
    elif f[0] == "NH" and len(f) > 3:
        head = f"HOST NOTIFICATION: {f[2]};{f[3]};"
    else:
        return False
    return any(line.startswith(head) for line in seg)


def compare_records(a_path, b_path, steps, dirs, segs, diffs):
    a = read_records(a_path, dirs[0])
    b = read_records(b_path, dirs[1])
    reloads = set()
    for i, st in enumerate(steps, 1):
        if st["kind"] == "reload":
            reloads |= {i, i + 1}
    per = {}
    for i in sorted(set(a) | set(b)):
        ca = collections.Counter(a.get(i, []))
        cb = collections.Counter(b.get(i, []))
        per[i] = [ca - cb, cb - ca]
    # a command run one step later by one engine than by the other is the
    # same command: the runner's sentinel can reach an engine in the same
    # read of the pipe as the step's command, and so before the loop pass
    # that acts on it (Nagios starts a downtime due now after the whole
    # batch of lines it read)
    for i in sorted(per):
        if i + 1 not in per:
            continue
        for x, y in ((0, 1), (1, 0)):
            moved = per[i][x] & per[i + 1][y]
            per[i][x] -= moved
            per[i + 1][y] -= moved
    for i in sorted(per):
        if not per[i][0] and not per[i][1]:
            continue
        cmd = step_cmd(steps, i)
        only_a = sorted(per[i][0].elements())
        only_b = sorted(per[i][1].elements())
        if i in reloads:
            # Nagios loses a job given before its new workers registered
            sa = segs[0][i] if i < len(segs[0]) else []
            sb = segs[1][i] if i < len(segs[1]) else []
            only_a = [r for r in only_a if not logged_notification(r, sb)]
            only_b = [r for r in only_b if not logged_notification(r, sa)]
        seq_diffs("records", i, cmd, "records", only_a, only_b, diffs)


# ---------------------------------------------------------------------------
def compare(out, names, steps, bounds, base):
    """all differences between OUT/<names[0]>/result and OUT/<names[1]>/result"""
    ra = os.path.join(out, names[0], "result")
    rb = os.path.join(out, names[1], "result")
    dirs = (os.path.join(out, names[0]), os.path.join(out, names[1]))
    diffs = []
    sa = log_segments(os.path.join(ra, "nagios.log"), bounds, 0, dirs[0])
    sb = log_segments(os.path.join(rb, "nagios.log"), bounds, 1, dirs[1])
    compare_logs(sa, sb, steps, diffs)
    compare_records(os.path.join(ra, "records"), os.path.join(rb, "records"), steps, dirs,
                    (sa, sb), diffs)
    compare_state("status", os.path.join(ra, "status.dat"), os.path.join(rb, "status.dat"),
                  base, dirs, diffs)
    compare_state("retention", os.path.join(ra, "retention.dat"),
                  os.path.join(rb, "retention.dat"), base, dirs, diffs)
    compare_objects(os.path.join(ra, "objects.cache"), os.path.join(rb, "objects.cache"),
                    diffs)
    return diffs

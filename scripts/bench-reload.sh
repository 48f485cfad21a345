#!/bin/bash
# scripts/bench-reload.sh [services] [reloads] [interval]: what a reload
# (SIGHUP) costs the schedule.
#
# The estate: SERVICES (default 2000) services on 100 hosts (hosts with no
# check of their own), each checked every INTERVAL (default 10) seconds
# with the built-in check_tcp against one local listener that notes every
# connection: when it came and which service made it (check_tcp -s sends
# the service's name).  max_service_check_spread 10, the smart delay.  After
# a warm-up (WARMUP, 4 intervals) jaque gets RELOADS (default 3) SIGHUPs,
# GAP (3 intervals) apart, with an unchanged configuration, and runs GAP
# after the last.  For each reload:
#   - seen: from the first check started after the SIGHUP (the listener's
#     clock) to the first status.dat showing that check's last_check
#     (polled every 50 ms), against status_update_interval (STATUS_EVERY, 5);
#   - burst: the most starts in one second of the interval after the
#     SIGHUP (seconds counted from the SIGHUP) over the average second of
#     the interval before it, and beside it the same figure one interval
#     earlier, with no reload in it (the schedule's own unevenness, and
#     the listener's);
#   - gaps: each service's time between its last start before the SIGHUP
#     and its first after it, as the smallest and the largest over the
#     estate (an undisturbed schedule keeps both at INTERVAL), and how many
#     services did not start again within INTERVAL + 1 s;
#   - drift p99 and max over the checks started within an interval after
#     the SIGHUP (from jaque's fine histogram, the stats file written once
#     a second, before and after).
# The summary goes to stdout and
# build/bench/reload-<services>.txt.
# Environment: JAQUE (default build/dev/jaque), WARMUP, GAP, STATUS_EVERY,
# EXTRA_OBJECTS (a number of extra services, checked every day, to make
# the configuration large: the reload then reads them), KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. scripts/bench-instance.sh
n=${1:-2000} reloads=${2:-3} interval=${3:-10}
JAQUE=${JAQUE:-$root/build/dev/jaque}
WARMUP=${WARMUP:-$((interval * 4))}
GAP=${GAP:-$((interval * 3))}
STATUS_EVERY=${STATUS_EVERY:-5}
EXTRA_OBJECTS=${EXTRA_OBJECTS:-0}
[ -x "$JAQUE" ] || { echo "bench-reload: $JAQUE is missing (build first)" >&2; exit 1; }
out=$root/build/bench
mkdir -p "$out"
T=$(mktemp -d /tmp/jaque-reloadbench.XXXXXX)
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	[ "${KEEP_TMP:-0}" = 1 ] || rm -rf "$T"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
hosts=100
# the objects: hosts h0..h99, services s<k> spread over them
python3 - "$T" "$n" "$hosts" "$port" "$EXTRA_OBJECTS" <<'PY'
import sys
d, n, hosts, port, extra = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
with open(d + "/objects.cfg", "w") as f:
    f.write("""define timeperiod {
\ttimeperiod_name 24x7
\talias Always
\tsunday 00:00-24:00
\tmonday 00:00-24:00
\ttuesday 00:00-24:00
\twednesday 00:00-24:00
\tthursday 00:00-24:00
\tfriday 00:00-24:00
\tsaturday 00:00-24:00
}
define command {
\tcommand_name check_tcp_named
\tcommand_line $USER1$/check_tcp -H 127.0.0.1 -p %s -s '$SERVICEDESC$'
}
define command {
\tcommand_name notify
\tcommand_line /bin/true
}
define contact {
\tcontact_name admin
\thost_notification_period 24x7
\tservice_notification_period 24x7
\thost_notification_commands notify
\tservice_notification_commands notify
}
define host {
\tname generic-host
\tcheck_period 24x7
\tnotification_period 24x7
\tcontacts admin
\tmax_check_attempts 3
\tregister 0
}
define service {
\tname generic-service
\tcheck_period 24x7
\tnotification_period 24x7
\tcontacts admin
\tmax_check_attempts 3
\tcheck_interval 1
\tretry_interval 1
\tcheck_command check_tcp_named
\tregister 0
}
define service {
\tname slow-service
\tuse generic-service
\tcheck_interval 8640
\tretry_interval 8640
\tnotification_interval 0
\tregister 0
}
""" % port)
    for h in range(hosts):
        f.write("define host {\n\tuse generic-host\n\thost_name h%d\n\taddress 127.0.0.1\n}\n" % h)
    for k in range(n):
        f.write("define service {\n\tuse generic-service\n\thost_name h%d\n"
                "\tservice_description s%d\n}\n" % (k % hosts, k))
    for k in range(extra):
        f.write("define service {\n\tuse slow-service\n\thost_name h%d\n"
                "\tservice_description x%d\n}\n" % (k % hosts, k))
PY
echo '$USER1$=/usr/lib/nagios/plugins' > "$T/resource.cfg"
bench_instance "$T/j" interval_length="$interval" status_update_interval="$STATUS_EVERY" \
	max_service_check_spread=10 service_inter_check_delay_method=s \
	service_interleave_factor=s
cat > "$T/j/jaque.cfg" <<CFG
builtin_checks=1
CFG

# the listener: one line "<time> <service>" per connection, written at TERM
cat > "$T/listen.py" <<'PY'
import selectors, signal, socket, sys, time
port, log = int(sys.argv[1]), sys.argv[2]
sel = selectors.DefaultSelector()
ls = socket.socket()
ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
ls.bind(("127.0.0.1", port))
ls.listen(4096)
ls.setblocking(False)
sel.register(ls, selectors.EVENT_READ)
seen, conns = [], {}
def done(*_):
    with open(log, "w") as f:
        for t, name in seen:
            f.write("%.6f %s\n" % (t, name))
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
while True:
    for key, _ in sel.select():
        s = key.fileobj
        if s is ls:
            try:
                c, _ = ls.accept()
            except BlockingIOError:
                continue
            c.setblocking(False)
            conns[c] = [time.time(), b""]
            sel.register(c, selectors.EVENT_READ)
            continue
        try:
            data = s.recv(4096)
        except (BlockingIOError, ConnectionError):
            data = b""
        rec = conns[s]
        if data:
            rec[1] += data
            continue
        seen.append((rec[0], rec[1].decode(errors="replace").strip() or "?"))
        sel.unregister(s)
        s.close()
        del conns[s]
PY
# ahead of the rest of the machine, so that its clock is the connections'
prio=()
[ "$(id -u)" = 0 ] && prio=(nice -n -10)
"${prio[@]}" python3 "$T/listen.py" "$port" "$T/starts.log" &
lpid=$!
pids+=("$lpid")
sleep 0.5

echo "bench-reload: $n services every ${interval}s (+$EXTRA_OBJECTS idle), $reloads reloads, $GAP s apart"
"$JAQUE" "$T/j/nagios.cfg" > "$T/j/stdout" 2>&1 &
jpid=$!
pids+=("$jpid")
stats=$T/j/var/jaque-stats.dat
for _ in $(seq 1 600); do [ -s "$stats" ] && break; sleep 0.1; done
[ -s "$stats" ] || { echo "bench-reload: no stats file from jaque" >&2; cat "$T/j/stdout" >&2; exit 1; }
sleep "$WARMUP"

# snap NAME: a copy of the stats file
snap() { cp "$stats" "$T/$1.stats"; }
: > "$T/hups"
for r in $(seq 1 "$reloads"); do
	snap "before$r"
	date +%s.%N >> "$T/hups"
	kill -HUP "$jpid"
	# status.dat as it changes, for the seen figure: a copy each time it changes
	python3 - "$T/j/var/status.dat" "$T/status$r.log" "$GAP" <<'PY'
import os, sys, time
path, log, gap = sys.argv[1], sys.argv[2], float(sys.argv[3])
end, last, out = time.time() + gap, None, open(sys.argv[2], "w")
while time.time() < end:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        time.sleep(0.05)
        continue
    key = (st.st_ino, st.st_mtime_ns)
    if key != last:
        last = key
        seen = time.time()
        svc = None
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("service_description="):
                    svc = line.split("=", 1)[1]
                elif line.startswith("last_check=") and svc is not None:
                    out.write("%.6f %s %s\n" % (seen, svc, line.split("=", 1)[1]))
                elif line == "}":
                    svc = None
        out.write("%.6f END\n" % seen)
    time.sleep(0.05)
PY
	snap "after$r"
done
kill "$lpid"
wait "$lpid" 2>/dev/null || true
kill "$jpid"
wait "$jpid" 2>/dev/null || true

python3 - "$T" "$reloads" "$interval" "$STATUS_EVERY" <<'PY' | tee "$out/reload-$n.txt"
import re, sys
d, reloads, interval, status_every = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
starts = []
for line in open(d + "/starts.log"):
    t, name = line.split(None, 1)
    starts.append((float(t), name.strip()))
starts.sort()
hups = [float(x) for x in open(d + "/hups")]
def fine(path):
    for line in open(path):
        if line.startswith("drift_fine="):
            return {int(a): int(b) for a, b in (p.split(":") for p in line.strip().split("=", 1)[1].split(",") if ":" in p)}
    return {}
def quantile(h, q):
    tot = sum(h.values())
    if tot == 0:
        return 0, 0
    acc, need = 0, q * tot
    for top in sorted(h):
        acc += h[top]
        if acc >= need:
            return top, tot
    return max(h), tot
print("reload  seen(s)  burst  (no reload)  gap_min(s)  gap_max(s)  late  drift_p99(ms)  drift_max(ms)")
worst = {"seen": 0, "burst": 0, "gmax": 0, "gmin": 1e9, "late": 0, "p99": 0}
for r, h in enumerate(hups, 1):
    before = [t for t, _ in starts if h - interval <= t < h]
    after = [t for t, _ in starts if h <= t < h + interval]
    avg = len(before) / interval
    per = [0] * int(interval)
    for t in after:
        per[min(int(t - h), len(per) - 1)] += 1
    burst = max(per) / avg if avg > 0 else float("inf")
    # the same figure an interval earlier, with no reload: the schedule's own unevenness
    prev = [t for t, _ in starts if h - 2 * interval <= t < h - interval]
    per0 = [0] * int(interval)
    for t in before:
        per0[min(int(t - (h - interval)), len(per0) - 1)] += 1
    base = max(per0) / (len(prev) / interval) if prev else float("inf")
    last, first = {}, {}
    for t, s in starts:
        if not s.startswith("s"):
            continue  # the idle services (x...) start once a day
        if t < h:
            last[s] = t
        elif s not in first:
            first[s] = t
    gaps = [first[s] - last[s] for s in last if s in first]
    late = sum(1 for s in last if s not in first or first[s] - last[s] > interval + 1)
    # the first check started after the SIGHUP, and when status.dat showed it
    seen = None
    nxt = [(t, s) for t, s in starts if t >= h]
    if nxt:
        t1, s1 = nxt[0]
        for line in open("%s/status%d.log" % (d, r)):
            p = line.split()
            if len(p) == 3 and p[1] == s1 and int(p[2]) >= int(t1):
                seen = float(p[0]) - t1
                break
    hb, ha = fine("%s/before%d.stats" % (d, r)), fine("%s/after%d.stats" % (d, r))
    diff = {k: ha.get(k, 0) - hb.get(k, 0) for k in ha}
    diff = {k: v for k, v in diff.items() if v > 0}
    p99, _ = quantile(diff, 0.99)
    dmax = max(diff) if diff else 0
    print("%6d  %7s  %5.2f  %11.2f  %10.2f  %10.2f  %4d  %13.2f  %13.2f" % (
        r, "%.2f" % seen if seen is not None else "never", burst, base, min(gaps) if gaps else 0,
        max(gaps) if gaps else 0, late, p99 / 1000, dmax / 1000))
    worst["seen"] = max(worst["seen"], seen if seen is not None else 1e9)
    worst["burst"] = max(worst["burst"], burst)
    worst["gmax"] = max(worst["gmax"], max(gaps) if gaps else 0)
    worst["gmin"] = min(worst["gmin"], min(gaps) if gaps else 0)
    worst["late"] += late
    worst["p99"] = max(worst["p99"], p99 / 1000)
print("worst: seen %.2f s (status_update_interval %s s), burst %.2fx, gaps %.2f-%.2f s "
      "(interval %g s), %d late, drift p99 %.2f ms" % (worst["seen"], status_every,
      worst["burst"], worst["gmin"], worst["gmax"], interval, worst["late"], worst["p99"]))
PY

#!/bin/sh
# t_bench_compare.sh: the comparison kit works from a checkout, end to end,
# on a tiny estate.  scripts/bench-compare.sh runs a jaque cell (plugin row)
# and a jaque-builtin cell of 20 objects checked every 2 s, 3 s of warm-up
# and 6 s of soak, with the exec floor, and each row's JSON must hold what
# docs/status.md reads from it: the listener's count within the due count's
# reach (every object checked, none twice as often as another), jaque's
# latency from jaquestats (avg and max, the max not below the avg, the p99
# not above the max), cpu of the tree and the floor (plugin row), memory
# stable and peak, the machine's wake-up probe; and the markdown row.
# Every process the kit started is gone afterwards (no jaque, listener,
# sampler or wakeprobe left under the run's temporary directory).  An
# engine that is not here (naemon with no build given) is skipped with
# exit 3 and a message saying how to get it.  Wall-clock figures are not
# asserted: they are the benchmark's business.
#
# Output: PASS:/FAIL: lines; exit 1 when a case failed, 77 when python3,
# cc or check_tcp is missing.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

CHECK_TCP=${CHECK_TCP:-/usr/lib/nagios/plugins/check_tcp}
for need in python3 cc; do
	command -v "$need" > /dev/null || { echo "SKIP: bench_compare: no $need"; exit 77; }
done
[ -x "$CHECK_TCP" ] || { echo "SKIP: bench_compare: no $CHECK_TCP"; exit 77; }

T=$(mktemp -d "${TMPDIR:-/tmp}/jaque-bench-compare.XXXXXX")
export JAQUE JAQUESTATS CHECK_TCP
export OUT="$T/out" WARMUP=3 INTERVAL=2 SAMPLE_EVERY=1

# check_row ROW PLUGIN: assertions on $OUT/ROW.json; PLUGIN 1 for the
# plugin row (the exec floor is measured there)
check_row() {
	python3 - "$OUT/$1.json" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
plugin = sys.argv[2] == "1"
bad = []
def want(ok, what):
    if not ok:
        bad.append(what)
due = r["checks_due"]
want(abs(due - 20 * r["soak_s"] / 2) < 1, "checks_due %r for 20 objects every 2 s" % due)
want(0.5 * due <= r["checks_listener"] <= 1.6 * due,
     "listener counted %r against %r due" % (r["checks_listener"], due))
ev = r.get("evenness") or {}
want(ev.get("objects_never_checked") == 0, "objects never checked: %r" % ev.get("objects_never_checked"))
want(ev.get("objects_seen") == 20, "objects seen in status.dat: %r" % ev.get("objects_seen"))
j = r.get("jaque") or {}
want(j.get("checks", 0) > 0, "jaquestats counted no check over the soak: %r" % j)
avg, mx = r.get("latency_avg_s"), r.get("latency_max_s")
want(avg is not None and mx is not None and 0 <= avg <= mx, "latency avg %r max %r" % (avg, mx))
if j.get("p99_s") is not None and mx is not None:
    want(j["p99_s"] <= mx, "p99 %r above the max %r" % (j["p99_s"], mx))
# the built-in row's 60 checks may cost less than one clock tick (10 ms) of
# cpu over the soak: 0.0 is a reading there, a missing one is not
cpu = r.get("cpu_pct")
want(cpu is not None and (cpu > 0 if plugin else cpu >= 0), "cpu %r" % cpu)
want((r.get("mem_stable_kb") or 0) > 0 and (r.get("mem_peak_kb") or 0) > 0,
     "memory stable %r peak %r" % (r.get("mem_stable_kb"), r.get("mem_peak_kb")))
want((r.get("wake_probe") or {}).get("wakeups", 0) > 0, "no wake-up probe: %r" % r.get("wake_probe"))
if plugin:
    want((r.get("exec_floor_pct") or 0) > 0, "exec floor %r" % r.get("exec_floor_pct"))
    want(r.get("cpu_above_floor_pct") is not None, "no cpu above the floor")
    want(r.get("cpu_reaped_s", 0) > 0, "no plugin cpu reaped: %r" % r.get("cpu_reaped_s"))
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
PY
}

for engine in jaque jaque-builtin; do
	row=$engine-20-i2
	plugin=0
	[ "$engine" = jaque ] && plugin=1
	if ! "$top/scripts/bench-compare.sh" "$engine" 20 6 > "$T/$engine.out" 2>&1; then
		fail "bench_compare/$engine" "scripts/bench-compare.sh exited non-zero"
		sed 's/^/  | /' "$T/$engine.out" | tail -n 30
		continue
	fi
	if [ ! -s "$OUT/$row.json" ] || [ ! -s "$OUT/$row.md" ]; then
		fail "bench_compare/$engine" "no $row.json / $row.md in $OUT"
		ls "$OUT" | sed 's/^/  | /'
		continue
	fi
	if ! out=$(check_row "$row" "$plugin"); then
		fail "bench_compare/$engine" "the row's JSON"
		echo "$out"
		continue
	fi
	if ! grep -q "^| $engine (" "$OUT/$row.md"; then
		fail "bench_compare/$engine" "the markdown row does not name the engine"
		continue
	fi
	pass "bench_compare/$engine"
done

# nothing the kit started is left: its processes ran from a temporary
# directory of its own (/tmp/bench-compare.*) or were its engine
sleep 1
left=$(ps -e -o pid= -o args= | grep -E '/tmp/bench-compare\.[A-Za-z0-9]+|bench-compare/sample\.py' | grep -v grep || true)
if [ -n "$left" ]; then
	fail "bench_compare/cleanup" "processes left behind"
	echo "$left" | sed 's/^/  | /'
else
	pass "bench_compare/cleanup"
fi

# an engine that is not here is skipped, with how to get it
rc=0
NAEMON_PREFIX=$T/no-naemon "$top/scripts/bench-compare.sh" naemon 20 6 > "$T/naemon.out" 2>&1 || rc=$?
if [ "$rc" = 3 ] && grep -q "naemon skipped: no Naemon here: give NAEMON_SRC=" "$T/naemon.out"; then
	pass "bench_compare/skip"
else
	fail "bench_compare/skip" "naemon without a build: exit $rc"
	sed 's/^/  | /' "$T/naemon.out"
fi

eng_finish

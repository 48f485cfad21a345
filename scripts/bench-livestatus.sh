#!/bin/bash
# scripts/bench-livestatus.sh [services] [soak_seconds]: jaque's Livestatus
# on this machine: what its queries cost, and what they cost the checks.
#
# The estate is scripts/bench.sh's (contrib/bench-compare/gen-estate.sh)
# with as many hosts as services (default 10000 each), checked every 60 s
# with the built-in check_tcp against one local listener.
#   1. drift: after a warm-up (WARMUP, 60 s) a soak with no client, then a
#      soak with CLIENTS (4) processes asking, back to back, the four
#      queries below in turn, then a third soak with the same clients at
#      nice CLIENT_NICE (10), as a web server's queries would yield to the
#      monitoring core, then a fourth soak with as many processes that only
#      spin on the cpu (no query: what the machine's contention alone costs
#      the checks); drift p50/p99/max of each soak (from the fine
#      histogram, as bench.sh), how many checks may have started more
#      than a tick (10 ms) late, and the queries per second of the others;
#   2. single queries (RUNS times each, one connection each; median and
#      max milliseconds from connecting to the last byte, and the answer's
#      bytes): GET services with ten columns as JSON; a Stats query of six
#      counts; Stats grouped by host; the log of the last hour.
# Then, when a Naemon with naemon-livestatus is built (NAEMON_PREFIX, by
# default build/bench-compare/naemon, with lib/naemon-livestatus/
# livestatus.so: contrib/bench-compare/build-naemon.sh and
# build-livestatus.sh make them), the same single queries and the same
# load against Naemon on the same estate, both daemons with active checks
# off (Naemon would run 170 check_tcp processes a second here) after a
# passive result for every service; ratios are Naemon's figure over
# jaque's.  The summary goes to stdout and build/bench/livestatus-<n>.txt.
# Environment: JAQUE, JAQUESTATS (default build/dev), WARMUP, CLIENTS,
# CLIENT_NICE, RUNS (20), NAEMON_PREFIX, KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. scripts/bench-instance.sh
n=${1:-10000} soak=${2:-60}
JAQUE=${JAQUE:-$root/build/dev/jaque}
JAQUESTATS=${JAQUESTATS:-$(dirname "$JAQUE")/jaquestats}
WARMUP=${WARMUP:-60}
CLIENTS=${CLIENTS:-4}
CLIENT_NICE=${CLIENT_NICE:-10}
RUNS=${RUNS:-20}
NAEMON_PREFIX=${NAEMON_PREFIX:-$root/build/bench-compare/naemon}
for f in "$JAQUE" "$JAQUESTATS"; do
	[ -x "$f" ] || { echo "bench-livestatus: $f is missing (build first)" >&2; exit 1; }
done
out=$root/build/bench
mkdir -p "$out"
T=$(mktemp -d /tmp/jaque-lsbench.XXXXXX)
pids=()
cleanup() {
	set +e
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
	sleep 1
	for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
	wait 2>/dev/null
	if [ "${KEEP_TMP:-0}" = 1 ]; then echo "bench-livestatus: kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT

python3 contrib/bench/listener.py "$T/count" &
pids+=($!)
for _ in $(seq 50); do [ -s "$T/count.port" ] && break; sleep 0.1; done
port=$(cat "$T/count.port")

# instance DIR CHECKS: nagios.cfg for one daemon in DIR (checks on or off)
instance() {
	bench_instance "$1" "execute_service_checks=$2" "execute_host_checks=$2"
}
echo "\$USER1\$=/usr/lib/nagios/plugins" > "$T/resource.cfg"
contrib/bench-compare/gen-estate.sh nagios $((2 * n)) "$port" > "$T/objects.cfg"

now=$(date +%s)
Q_SVC='GET services\nColumns: host_name description state state_type plugin_output last_check next_check has_been_checked acknowledged scheduled_downtime_depth\nOutputFormat: json\n'
Q_STATS='GET services\nStats: state = 0\nStats: state = 1\nStats: state = 2\nStats: state = 3\nStats: has_been_checked = 0\nStats: acknowledged = 1\n'
Q_GROUP='GET services\nColumns: host_name\nStats: state = 0\nStats: state != 0\n'
q_log() { printf 'GET log\\nFilter: time >= %s\\nColumns: time type host_name service_description plugin_output\\nOutputFormat: json\\n' "$(($(date +%s) - 3600))"; }

# timings NAME SOCKET: the four single queries
timings() {
	local name=$1 sock=$2 q label
	for label in services stats grouped log; do
		case $label in
		services) q=$Q_SVC ;;
		stats) q=$Q_STATS ;;
		grouped) q=$Q_GROUP ;;
		log) q=$(q_log) ;;
		esac
		echo "$name $label $(python3 contrib/bench/lsload.py "$sock" time "$RUNS" "$q")"
	done
}
load() { ${NICE:-} python3 contrib/bench/lsload.py "$1" load "$2" "$CLIENTS" "$Q_SVC" "$Q_STATS" "$Q_GROUP" "$(q_log)"; }
# busy SECS: CLIENTS processes spinning on the cpu for SECS seconds, asking nothing
busy() {
	local i spin=()
	for i in $(seq "$CLIENTS"); do
		timeout "$1" sh -c 'while :; do :; done' &
		spin+=($!)
	done
	wait "${spin[@]}" || true
}

# a passive result for every service and host, so the states vary (a tenth
# of the services CRITICAL)
passive() {
	local cmd=$1 t
	t=$(date +%s)
	awk -v t="$t" '/host_name/ { h = $2 } /service_description/ {
		printf "[%d] PROCESS_SERVICE_CHECK_RESULT;%s;%s;%d;%s\n", t, h, $2, (NR % 10 == 0) * 2, "bench"
	}' "$T/objects.cfg" > "$cmd"
}

# --- jaque with checks on: drift with and without clients
J=$T/jaque
instance "$J" 1
echo "livestatus_socket=$J/var/rw/live" > "$J/jaque.cfg"
echo "builtin_checks=1" >> "$J/jaque.cfg"
"$JAQUE" "$J/nagios.cfg" > "$J/out" 2>&1 &
jpid=$!
pids+=("$jpid")
echo "bench-livestatus: $n services and hosts, warm-up ${WARMUP}s, soaks of ${soak}s, $CLIENTS clients"
sleep "$WARMUP"
kill -0 "$jpid" || { echo "bench-livestatus: jaque died"; cat "$J/out"; exit 1; }
fine() { sed -n 's/^drift_fine=//p' "$J/var/jaque-stats.dat"; }
tick_us=10000 # one tick at the default ticks_per_second (100)
maxus() { "$JAQUESTATS" -m -s /dev/null --jaque-stats="$J/var/jaque-stats.dat" -d JQDRIFTMAXUS; }
f0=$(fine)
sleep "$soak"
sleep 5 # the stats file is written every 5 s
f1=$(fine)
read -r q50 q99 qmax qn qlate < <(awk -v late="$tick_us" -v a="$f0" -v b="$f1" -v cap="$(maxus)" -f scripts/drift-diff.awk)
qps=$(load "$J/var/rw/live" "$soak")
sleep 5
f2=$(fine)
read -r l50 l99 lmax ln llate < <(awk -v late="$tick_us" -v a="$f1" -v b="$f2" -v cap="$(maxus)" -f scripts/drift-diff.awk)
qps_nice=$(NICE="nice -n $CLIENT_NICE" load "$J/var/rw/live" "$soak")
sleep 5
f3=$(fine)
read -r n50 n99 nmax nn nlate < <(awk -v late="$tick_us" -v a="$f2" -v b="$f3" -v cap="$(maxus)" -f scripts/drift-diff.awk)
busy "$soak"
sleep 5
f4=$(fine)
read -r b50 b99 bmax bn blate < <(awk -v late="$tick_us" -v a="$f3" -v b="$f4" -v cap="$(maxus)" -f scripts/drift-diff.awk)
jt_on=$(timings jaque "$J/var/rw/live")
kill -TERM "$jpid"
wait "$jpid" 2>/dev/null || true

# --- both with checks off, after passive results
cmp_one() {
	local name=$1 d=$2 sock=$3
	shift 3
	"$@" > "$d/out" 2>&1 &
	local pid=$!
	pids+=("$pid")
	for _ in $(seq 300); do [ -S "$sock" ] && [ -p "$d/var/rw/nagios.cmd" ] && break; sleep 0.1; done
	passive "$d/cmds"
	cat "$d/cmds" > "$d/var/rw/nagios.cmd"
	sleep 5
	timings "$name" "$sock"
	echo "$name load $(load "$sock" 20)"
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null || true
}
J2=$T/jaque2
instance "$J2" 0
echo "livestatus_socket=$J2/var/rw/live" > "$J2/jaque.cfg"
res=$(cmp_one jaque "$J2" "$J2/var/rw/live" "$JAQUE" "$J2/nagios.cfg")
LS_SO=$NAEMON_PREFIX/lib/naemon-livestatus/livestatus.so
if [ -x "$NAEMON_PREFIX/bin/naemon" ] && [ -f "$LS_SO" ]; then
	N=$T/naemon
	instance "$N" 0
	echo "broker_module=$LS_SO $N/var/rw/live" >> "$N/nagios.cfg"
	echo "event_broker_options=-1" >> "$N/nagios.cfg"
	res="$res
$(cmp_one naemon "$N" "$N/var/rw/live" "$NAEMON_PREFIX/bin/naemon" --allow-root "$N/nagios.cfg")"
	have_naemon=1
else
	have_naemon=0
fi

summary=$out/livestatus-$n.txt
{
	printf 'bench-livestatus %d services and %d hosts (%s)\n' "$n" "$n" "$(date -u +%FT%TZ)"
	printf '  drift, checks on, no client (%d checks):   p50 %.3f ms  p99 %.3f ms  max %.3f ms  over a tick: %d\n' \
	    "$qn" "$(echo "$q50/1000" | bc -l)" "$(echo "$q99/1000" | bc -l)" "$(echo "$qmax/1000" | bc -l)" "$qlate"
	printf '  drift, checks on, %d clients (%d checks): p50 %.3f ms  p99 %.3f ms  max %.3f ms  over a tick: %d\n' \
	    "$CLIENTS" "$ln" "$(echo "$l50/1000" | bc -l)" "$(echo "$l99/1000" | bc -l)" "$(echo "$lmax/1000" | bc -l)" "$llate"
	printf '  drift, checks on, %d clients at nice %d (%d checks): p50 %.3f ms  p99 %.3f ms  max %.3f ms  over a tick: %d\n' \
	    "$CLIENTS" "$CLIENT_NICE" "$nn" "$(echo "$n50/1000" | bc -l)" "$(echo "$n99/1000" | bc -l)" "$(echo "$nmax/1000" | bc -l)" "$nlate"
	printf '  drift, checks on, %d spinning processes, no query (%d checks): p50 %.3f ms  p99 %.3f ms  max %.3f ms  over a tick: %d\n' \
	    "$CLIENTS" "$bn" "$(echo "$b50/1000" | bc -l)" "$(echo "$b99/1000" | bc -l)" "$(echo "$bmax/1000" | bc -l)" "$blate"
	printf '  queries per second with checks on, %d clients: %s (at nice %d: %s)\n' "$CLIENTS" "$qps" "$CLIENT_NICE" "$qps_nice"
	echo "  single queries with checks on (median ms, max ms, bytes):"
	echo "$jt_on" | sed 's/^/    /'
	echo "  checks off, after a passive result each (median ms, max ms, bytes; load: queries/s):"
	echo "$res" | sed 's/^/    /'
	if [ "$have_naemon" = 1 ]; then
		echo "  Naemon over jaque (time: higher is jaque faster; load: higher is Naemon faster):"
		echo "$res" | awk '$2 != "load" { t[$1 " " $2] = $3 } $2 == "load" { q[$1] = $3 }
			END {
				split("services stats grouped log", k, " ")
				for (i = 1; i <= 4; i++) if (t["jaque " k[i]] > 0)
					printf "    %s: %.1fx\n", k[i], t["naemon " k[i]] / t["jaque " k[i]]
				if (q["jaque"] > 0) printf "    load: %.2fx\n", q["naemon"] / q["jaque"]
			}'
	else
		echo "  (no Naemon with livestatus in $NAEMON_PREFIX: no comparison)"
	fi
} | tee "$summary"

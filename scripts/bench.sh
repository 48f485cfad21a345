#!/bin/bash
# scripts/bench.sh <tcp|exec> <objects> [soak_seconds]: the engine under
# load, on this machine, against one local listener.
#
# The estate: objects/2 hosts and objects/2 services, every host at
# 127.0.0.1, all checked every 60 s with check_tcp against one listener
# (a small python3 server that accepts, counts and closes).  `tcp` runs
# the checks with the built-in check_tcp (builtin_checks=1), `exec` runs
# the real /usr/lib/nagios/plugins/check_tcp through the workers
# (builtin_checks=0).  jaque starts, runs a warm-up of 60 s (the first
# checks are spread over the interval), then the soak (default 120 s) is
# measured:
#   drift p50/p99/max    over the soak (from the fine histogram in jaque's
#                        stats file, two snapshots subtracted; bucket tops,
#                        so within 1/32, never above the whole run's exact
#                        maximum), and over the whole run (jaquestats)
#   queue depth max      jaquestats
#   checks executed      jaque's count and the listener's over the soak,
#                        and how many were due (objects * soak / 60)
#   check timeouts       jaquestats
#   cpu % (one core)     jaque + its workers + the plugins they reaped,
#                        from /proc/<pid>/stat over the soak
#   memory               jaque's peak RSS (VmHWM) and stable RSS (mean of
#                        the last third of the soak, sampled every second),
#                        and the workers' RSS summed
# For exec it also measures the exec floor: the cpu a minimal C spawner
# (contrib/bench/spawnfloor.c) spends starting as many check_tcp runs
# against the same listener, printed beside jaque's figure: one run at a
# time (FLOOR_CONC, 1), as contrib/bench-compare does since 2026-12-04 (on
# a 2-cpu PVM guest two check_tcp at once cost half as much again each;
# the floor was 8 at a time before, and then above jaque's own figure).
# The summary goes to stdout and to build/bench/<mode>-<objects>.txt.
# status.dat is written every STATUS_INTERVAL seconds (10) and retention.dat
# every RETENTION_MINUTES (1), both by forked children, so their cost is in
# the drift and in the cpu figure (a reaped child's cpu counts).
# Environment: JAQUE, JAQUESTATS (default build/dev), WARMUP (60),
# CHECK_TCP (default /usr/lib/nagios/plugins/check_tcp), KEEP_TMP=1,
# STATUS_INTERVAL, RETENTION_MINUTES, FLOOR_CONC.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. scripts/bench-instance.sh
# usage: the header above, up to the first line that is not a comment
[ $# -ge 2 ] || { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 2; }
mode=$1 n=$2 soak=${3:-120}
case $mode in tcp) builtin=1 ;; exec) builtin=0 ;; *) echo "bench: mode is tcp or exec" >&2; exit 2 ;; esac
JAQUE=${JAQUE:-$root/build/dev/jaque}
JAQUESTATS=${JAQUESTATS:-$(dirname "$JAQUE")/jaquestats}
WARMUP=${WARMUP:-60}
FLOOR_CONC=${FLOOR_CONC:-1}
case $FLOOR_CONC in '' | *[!0-9]* | 0) echo "bench: FLOOR_CONC must be a positive number" >&2; exit 2 ;; esac
CHECK_TCP=${CHECK_TCP:-/usr/lib/nagios/plugins/check_tcp}
for f in "$JAQUE" "$JAQUESTATS" "$CHECK_TCP"; do
	[ -x "$f" ] || { echo "bench: $f is missing (build first: scripts/check or make)" >&2; exit 1; }
done
command -v python3 > /dev/null || { echo "bench: python3 is needed for the listener" >&2; exit 1; }
hz=$(getconf CLK_TCK)
out=$root/build/bench
mkdir -p "$out"
T=$(mktemp -d /tmp/jaque-bench.XXXXXX)
jpid='' lpid=''
cleanup() {
	set +e
	if [ -n "$jpid" ] && kill -TERM "$jpid" 2>/dev/null; then
		sleep 1
		kill -KILL "$jpid" 2>/dev/null
	fi
	[ -n "$lpid" ] && kill -TERM "$lpid" 2>/dev/null
	wait 2>/dev/null
	if [ "${KEEP_TMP:-0}" = 1 ]; then
		echo "bench: kept $T"
	else
		rm -rf "$T"
	fi
}
trap cleanup EXIT

# --- the listener (contrib/bench/listener.py): accepts, closes, counts;
# writes the count to a file on SIGUSR1
python3 contrib/bench/listener.py "$T/count" &
lpid=$!
for _ in $(seq 50); do [ -s "$T/count.port" ] && break; sleep 0.1; done
port=$(cat "$T/count.port")
listener_count() { kill -USR1 "$lpid"; sleep 0.3; cat "$T/count"; }

# --- the estate
hosts=$((n / 2)) svcs=$((n - n / 2))
# the settings every bench run shares, then this one's (a later line wins)
bench_instance "$T" status_update_interval="${STATUS_INTERVAL:-10}" retain_state_information=1 \
	retention_update_interval="${RETENTION_MINUTES:-1}" service_check_timeout=10 \
	host_check_timeout=10
printf 'builtin_checks=%s\n' "$builtin" > "$T/jaque.cfg"
echo "\$USER1\$=$(dirname "$CHECK_TCP")" > "$T/resource.cfg"
# the estate, shared with the comparison (contrib/bench-compare)
contrib/bench-compare/gen-estate.sh nagios "$n" "$port" > "$T/objects.cfg"

# --- run
"$JAQUE" -v "$T/nagios.cfg" > "$T/verify.out" 2>&1 || { cat "$T/verify.out"; exit 1; }
"$JAQUE" "$T/nagios.cfg" > "$T/jaque.out" 2>&1 &
jpid=$!
stat_of() { "$JAQUESTATS" -m -s /dev/null --jaque-stats="$T/var/jaque-stats.dat" -d "$1"; }
# cpu ticks of jaque, its workers and what they reaped
cpu_ticks() {
	local sum=0 p t
	for p in $jpid $(pgrep -P "$jpid" || true); do
		# a child can exit between pgrep and the read (a status.dat
		# writer): it is left out of this reading, not a failure
		t=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$p/stat" 2> /dev/null) || continue
		[ -n "$t" ] && sum=$((sum + t))
	done
	echo "$sum"
}
# RSS of a pid in kB into $RSS, with bash builtins only: the sampling loop
# must not start processes (each costs 15 ms of cpu here and would show in
# the drift it measures)
rss_of() {
	local k v _
	RSS=0
	[ -r "/proc/$1/status" ] || return 0
	while read -r k v _; do
		if [ "$k" = VmRSS: ]; then
			RSS=$v
			return 0
		fi
	done < "/proc/$1/status"
}
echo "bench: $mode, $n objects ($hosts hosts, $svcs services), warm-up ${WARMUP}s, soak ${soak}s"
sleep "$WARMUP"
kill -0 "$jpid" || { echo "bench: jaque died"; cat "$T/jaque.out"; exit 1; }
fine() { sed -n 's/^drift_fine=//p' "$T/var/jaque-stats.dat"; }
c0=$(cpu_ticks) l0=$(listener_count) s0=$(stat_of JQCHKSTARTED) f0=$(fine)
t0=$(date +%s.%N)
samples=()
wsamples=()
# the workers: jaque's children started with --worker (its status.dat and
# retention.dat writers are children too, for the moment they run)
workers_of() { pgrep -P "$jpid" -f -- '--worker' | tr '\n' ' '; }
workers=$(workers_of)
# a second's pause without a process: read with a timeout on a FIFO that
# nobody writes
mkfifo "$T/tick"
exec 7<> "$T/tick"
end=$((SECONDS + soak))
while [ "$SECONDS" -lt "$end" ]; do
	read -rt 1 -u 7 || true
	rss_of "$jpid"
	samples+=("$RSS")
	w=0
	for p in $workers; do
		rss_of "$p"
		w=$((w + RSS))
	done
	wsamples+=("$w")
done
t1=$(date +%s.%N)
c1=$(cpu_ticks) l1=$(listener_count) s1=$(stat_of JQCHKSTARTED) f1=$(fine)
sleep 5 # the stats file is written every 5 s
read -r p50 p99 pmax qmax tmo < <(stat_of JQDRIFTP50US,JQDRIFTP99US,JQDRIFTMAXUS,JQQUEUEMAX,JQTIMEOUTS | tr '\n' ' '; echo)
# the soak's drift: end minus start, bucket by bucket; a bucket's top can
# lie above every value counted in it, so no figure passes the whole run's
# exact maximum (cap)
read -r w50 w99 wmax wn < <(awk -v a="$f0" -v b="$f1" -v cap="$pmax" -f scripts/drift-diff.awk)
hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$jpid/status")
workers_now=$(workers_of)
[ "$workers_now" = "$workers" ] || echo "bench: the workers changed during the soak ($workers -> $workers_now)" >&2
third=$((soak / 3))
[ "$third" -gt 0 ] || third=1
stable=$(printf '%s\n' "${samples[@]: -$third}" | awk '{ s += $1 } END { printf "%.1f", s / NR / 1024 }')
wstable=$(printf '%s\n' "${wsamples[@]: -$third}" | awk '{ s += $1 } END { printf "%.1f", s / NR / 1024 }')
secs=$(echo "$t1 - $t0" | bc -l)
cpu=$(echo "($c1 - $c0) * 100 / $hz / $secs" | bc -l)
due=$(echo "$n * $secs / 60" | bc -l)

floor=
if [ "$mode" = exec ]; then
	runs=$((l1 - l0))
	cc -O2 -o "$T/spawnfloor" contrib/bench/spawnfloor.c
	floor=$("$T/spawnfloor" "$runs" "$FLOOR_CONC" "$CHECK_TCP" -H 127.0.0.1 -p "$port")
	floor=$(echo "$floor * 100 / $secs" | bc -l)
fi

summary=$out/$mode-$n.txt
{
	printf 'bench %s %d objects, soak %.0f s after %d s warm-up (%s)\n' "$mode" "$n" "$secs" "$WARMUP" "$(date -u +%FT%TZ)"
	printf '  drift over the soak (%d checks): p50 %.3f ms  p99 %.3f ms  max %.3f ms\n' "$wn" "$(echo "$w50/1000" | bc -l)" "$(echo "$w99/1000" | bc -l)" "$(echo "$wmax/1000" | bc -l)"
	printf '  drift over the whole run: p50 %.3f ms  p99 %.3f ms  max %.3f ms\n' "$(echo "$p50/1000" | bc -l)" "$(echo "$p99/1000" | bc -l)" "$(echo "$pmax/1000" | bc -l)"
	printf '  queue depth max %s, check timeouts %s\n' "$qmax" "$tmo"
	printf '  checks executed %d (listener %d), due %.0f\n' "$((s1 - s0))" "$((l1 - l0))" "$due"
	printf '  cpu %.1f %% of one core (jaque, workers and plugins)\n' "$cpu"
	[ -n "$floor" ] && printf '  exec floor %.1f %% of one core (a minimal spawner, the same %d check_tcp runs, %d at a time)\n' "$floor" "$((l1 - l0))" "$FLOOR_CONC"
	printf '  memory: jaque peak %.1f MiB, stable %s MiB; workers stable %s MiB\n' "$(echo "$hwm/1024" | bc -l)" "$stable" "$wstable"
} | tee "$summary"

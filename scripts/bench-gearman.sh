#!/bin/bash
# scripts/bench-gearman.sh [services] [soak_seconds]: what it costs the core
# to send its checks to gearmand, jaque against Naemon with mod_gearman's
# own core module, on the same estate and the same workers.
#
# The estate is the comparison estate (contrib/bench-compare/gen-estate.sh)
# with as many hosts as services (default 10000 each), every object checked
# every 60 s, with /bin/true as the check (the workers' cost is not what is
# measured, and two cores cannot run 330 check_tcp a second).  One gearmand
# on loopback and two mod_gearman_worker processes (mod_gearman 5.2.4,
# built by contrib/gearman/build-mod-gearman.sh into MOD_GEARMAN, default
# build/gearman/mod_gearman) run every check, with an encryption key.  Each
# core in turn: a warm-up (WARMUP, 70 s), then a soak of soak_seconds (120)
# over which the core's own cpu (its process, all its threads; not the
# workers, not gearmand) is read from /proc.  At the soak's end, from
# status.dat: how many services and hosts were checked within the last
# check interval (every due check run), the active checks of the last
# minute (Nagios's active_scheduled_*_check_stats), and the services'
# check_latency (Naemon's is mod_gearman's figure, which the module makes
# up between 0 and 1 s; jaque's is due to hand-over).  Naemon (build/
# bench-compare/naemon, contrib/bench-compare/build-naemon.sh) runs when
# it is there; the summary goes to stdout and build/bench/gearman-<n>.txt.
# Environment: JAQUE (default build/dev/jaque), WARMUP, MOD_GEARMAN,
# NAEMON_PREFIX, KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. scripts/bench-instance.sh
n=${1:-10000} soak=${2:-120}
JAQUE=${JAQUE:-$root/build/dev/jaque}
WARMUP=${WARMUP:-70}
MOD_GEARMAN=${MOD_GEARMAN:-$root/build/gearman/mod_gearman}
NAEMON_PREFIX=${NAEMON_PREFIX:-$root/build/bench-compare/naemon}
MGW=$MOD_GEARMAN/bin/mod_gearman_worker
NEB=$MOD_GEARMAN/lib/mod_gearman_naemon.o
for f in "$JAQUE" "$MGW" /usr/sbin/gearmand; do
	[ -x "$f" ] || { echo "bench-gearman: $f is missing (build jaque; contrib/gearman/build-mod-gearman.sh; apt-get install gearman-job-server)" >&2; exit 1; }
done
out=$root/build/bench
mkdir -p "$out"
T=$(mktemp -d /tmp/jaque-gmbench.XXXXXX)
pids=()
cleanup() {
	set +e
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; done
	sleep 1
	for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
	wait 2>/dev/null
	if [ "${KEEP_TMP:-0}" = 1 ]; then echo "bench-gearman: kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
KEY=bench-key-0123456789
/usr/sbin/gearmand -L 127.0.0.1 -p "$port" -t 2 -l /dev/null &
pids+=($!)
for _ in $(seq 50); do
	python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
	sleep 0.1
done
# each worker in a session of its own: mod_gearman_worker ends by signalling
# its whole process group, which would otherwise take this script along
for w in 1 2; do
	setsid "$MGW" --server=127.0.0.1:"$port" --encryption=yes --key="$KEY" --hosts --services \
		--min-worker=4 --max-worker=16 --logfile="$T/worker$w.log" &
	pids+=($!)
done

echo "\$USER1\$=/usr/lib/nagios/plugins" > "$T/resource.cfg"
contrib/bench-compare/gen-estate.sh nagios $((2 * n)) 1 |
	sed 's|^\tcommand_line \$USER1\$/check_tcp .*$|\tcommand_line /bin/true|' > "$T/objects.cfg"
grep -q 'command_line /bin/true' "$T/objects.cfg" || { echo "bench-gearman: the estate has no /bin/true check" >&2; exit 1; }

# instance DIR: nagios.cfg for one core in DIR, with mod_gearman's module line
instance() {
	bench_instance "$1" event_broker_options=-1 \
	    "broker_module=$NEB server=127.0.0.1:$port encryption=yes key=$KEY hosts=yes services=yes"
}

# cpu_ticks PID: user + system clock ticks of the process, all its threads
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# figures DIR: from status.dat, "services_fresh hosts_fresh svc_1min host_1min latency_avg"
figures() {
	awk -v now="$(date +%s)" '
		/^programstatus \{/ { p = 1 }
		p && /active_scheduled_service_check_stats=/ { split($0, a, /[=,]/); s1 = a[2] }
		p && /active_scheduled_host_check_stats=/ { split($0, a, /[=,]/); h1 = a[2] }
		/^\t}/ { p = 0 }
		/^hoststatus \{/ { k = "h" } /^servicestatus \{/ { k = "s" }
		/^\tlast_check=/ { split($0, a, "="); if (now - a[2] <= 75) fresh[k]++ }
		k == "s" && /^\tcheck_latency=/ { split($0, a, "="); lat += a[2]; nl++ }
		END { printf "%d %d %s %s %.3f\n", fresh["s"], fresh["h"], s1, h1, nl ? lat / nl : 0 }
	' "$1/var/status.dat"
}

# run NAME DIR CMD...: warm up, soak; prints "NAME cpu_s checks... "
run() {
	local name=$1 d=$2 pid t0 t1 hz
	shift 2
	"$@" > "$d/out" 2>&1 &
	pid=$!
	pids+=("$pid")
	sleep "$WARMUP"
	kill -0 "$pid" || { echo "bench-gearman: $name died" >&2; tail "$d/out" >&2; exit 1; }
	hz=$(getconf CLK_TCK)
	t0=$(cpu_ticks "$pid")
	sleep "$soak"
	t1=$(cpu_ticks "$pid")
	sleep 11 # status.dat is written every 10 s
	echo "$name $(echo "($t1 - $t0) / $hz" | bc -l) $(figures "$d")"
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null || true
}

echo "bench-gearman: $n services and $n hosts every 60 s, /bin/true through gearmand and two mod_gearman_workers; warm-up ${WARMUP}s, soak ${soak}s"
J=$T/jaque
instance "$J"
res=$(run jaque "$J" "$JAQUE" "$J/nagios.cfg")
if [ -x "$NAEMON_PREFIX/bin/naemon" ] && [ -f "$NEB" ]; then
	N=$T/naemon
	instance "$N"
	res="$res
$(run naemon "$N" "$NAEMON_PREFIX/bin/naemon" --allow-root "$N/nagios.cfg")"
fi

summary=$out/gearman-$n.txt
{
	printf 'bench-gearman %d services and %d hosts (%s), soak %d s\n' "$n" "$n" "$(date -u +%FT%TZ)" "$soak"
	echo "$res" | awk -v soak="$soak" -v n="$n" '{
		checks = 2 * n * soak / 60
		printf "  %-6s cpu %.2f s (%.2f%% of a core, %.1f us a check); checked within the last interval: %d/%d services, %d/%d hosts; active checks last minute: %s services, %s hosts; check_latency avg %.3f s\n",
		    $1, $2, 100 * $2 / soak, 1e6 * $2 / checks, $3, n, $4, n, $5, $6, $7
		cpu[$1] = $2
	} END { if (cpu["jaque"] > 0 && cpu["naemon"] > 0) printf "  Naemon core cpu over jaque core cpu: %.2fx\n", cpu["naemon"] / cpu["jaque"] }'
} | tee "$summary"

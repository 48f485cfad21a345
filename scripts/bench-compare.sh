#!/bin/bash
# scripts/bench-compare.sh <engine> <objects> [soak_seconds]: one cell of
# the comparison with the peers, on this machine, against one local
# listener.  Engines:
#   nagios4        Nagios Core, Debian's package (/usr/sbin/nagios4)
#   naemon         Naemon, built from source: NAEMON_SRC=<naemon-core tree>
#                  (contrib/bench-compare/build-naemon.sh builds it into
#                  build/bench-compare/naemon, reused after); skipped when
#                  neither NAEMON_SRC nor an earlier build is there
#   icinga2        Icinga 2, Debian's package (/usr/sbin/icinga2), in a
#                  private directory with its API on a free local port
#   jaque          jaque with builtin_checks=0: the real check_tcp through
#                  the workers (the plugin row)
#   jaque-builtin  jaque with its built-in check_tcp
# The estate (contrib/bench-compare/gen-estate.sh): objects/2 hosts and
# objects/2 services, every host at 127.0.0.1, every object checked every
# 60 s with check_tcp against contrib/bench/listener.py.  Each engine runs
# from its tuned configuration in contrib/bench-compare/conf/, in a fresh
# temp directory; after a warm-up (WARMUP, default 60 s) the soak (default
# 300 s) is measured by contrib/bench-compare/sample.py: latency avg and
# max as the engine reports it, checks run (the listener's count) and due
# (objects * soak / 60), cpu % of one core of the engine's process tree
# with the plugins it reaped, memory peak and stable, and how evenly the
# objects were checked (from each object's last_check); beside it,
# contrib/bench/wakeprobe.c measures how late the machine itself wakes a
# sleeping process over the soak (the row's "machine wake-up late max").
# For the plugin rows the exec floor is measured too: the cpu
# contrib/bench/spawnfloor.c (its whole tree) spends starting as many
# check_tcp runs against the same listener, once before the engine starts
# (as many as are due) and once after it stops (as many as the listener
# counted); the row takes the mean cost a run of the two.  The row goes to
# build/bench-compare/<engine>-<objects>.json and .md and to stdout;
# contrib/bench-compare/table.sh gathers the rows.  Exit 0: row written;
# 3: engine skipped (not installed); anything else: failure.  Every
# process started is stopped on exit, failure included.
# Environment: INTERVAL (60: every object's check interval in seconds; a
# shorter one makes the overload row, and the row's files are then
# <engine>-<objects>-i<INTERVAL>.*), WARMUP (60), SAMPLE_EVERY (10:
# latency), OBJECTS_EVERY (30, or INTERVAL/2 when that is less:
# every object's last_check; keep it under the interval), CHECK_TCP
# (/usr/lib/nagios/plugins/check_tcp), NAGIOS4, NAGIOS4STATS, ICINGA2,
# NAEMON_SRC, NAEMON_PREFIX (build/bench-compare/naemon), JAQUE,
# JAQUESTATS (build/dev), TICKS_PER_SECOND (jaque's; 100 for jaque and
# 10 for jaque-builtin, else the row's files are <...>-t<TPS>.*), OUT
# (build/bench-compare: where the rows go),
# FLOOR=0 skips the exec floor (at 1 000 checks a second it takes minutes),
# FLOOR_CONC (1: how many of the floor's runs at a time; it was 8 before
# 2026-12-04),
# FLOOR_ALONGSIDE=1 measures it a third time, beside the engine over the
# soak: spawnfloor starts check_tcp at the estate's rate (one every
# INTERVAL/objects, against a second listener so the engine's count stays
# its own), so the engine's plugins and the floor's are paid for on the
# same machine at the same minutes, whose speed here moves by a quarter
# between measures taken minutes apart; the row's "above floor alongside"
# column takes that cost a run (the engine shares the cpus with it, so
# the other columns of such a row are not those of a row without it),
# KEEP_TMP=1 keeps the run's directory, RECOVER=<seconds> (jaque rows only,
# other engines ignore it; for the overload row): after the soak most of
# the load is taken away (every object but one in RECOVER_KEEP, default 6,
# disabled through the command pipe, so external commands are on in such a
# run and the row's files are <...>-rec.*, or <...>-rec<K>.* for another
# RECOVER_KEEP) and for that long the sampler watches how soon jaque says
# the overload is over (in the row's JSON, "recovery", and on stdout).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# usage: the header above, up to the first line that is not a comment
[ $# -ge 2 ] || { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 2; }
engine=$1 n=$2 soak=${3:-300}
case $n in '' | *[!0-9]*) echo "bench-compare: objects must be a number" >&2; exit 2 ;; esac
case $soak in '' | *[!0-9]*) echo "bench-compare: soak_seconds must be a number" >&2; exit 2 ;; esac
[ "$n" -ge 2 ] || { echo "bench-compare: at least 2 objects" >&2; exit 2; }
[ "$soak" -ge 3 ] || { echo "bench-compare: a soak of at least 3 s" >&2; exit 2; }
WARMUP=${WARMUP:-60}
SAMPLE_EVERY=${SAMPLE_EVERY:-10}
INTERVAL=${INTERVAL:-60}
case $INTERVAL in '' | *[!0-9]*) echo "bench-compare: INTERVAL must be a number of seconds" >&2; exit 2 ;; esac
[ "$INTERVAL" -ge 2 ] || { echo "bench-compare: INTERVAL of at least 2 s" >&2; exit 2; }
if [ -z "${OBJECTS_EVERY:-}" ]; then
	OBJECTS_EVERY=30
	[ $((INTERVAL / 2)) -lt 30 ] && OBJECTS_EVERY=$((INTERVAL / 2))
fi
row=$engine-$n
[ "$INTERVAL" = 60 ] || row=$row-i$INTERVAL
# the tuned tick rate of each jaque row (conf/jaque.cfg says why): the
# plugin rows 100 (the default), the built-in row 10
tps_tuned=100
[ "$engine" = jaque-builtin ] && tps_tuned=10
TICKS_PER_SECOND=${TICKS_PER_SECOND:-$tps_tuned}
case $TICKS_PER_SECOND in '' | *[!0-9]* | 0) echo "bench-compare: TICKS_PER_SECOND must be a positive number" >&2; exit 2 ;; esac
case $engine in jaque*) [ "$TICKS_PER_SECOND" = "$tps_tuned" ] || row=$row-t$TICKS_PER_SECOND ;; esac
RECOVER=${RECOVER:-0}
case $RECOVER in '' | *[!0-9]*) echo "bench-compare: RECOVER must be a number of seconds" >&2; exit 2 ;; esac
RECOVER_KEEP=${RECOVER_KEEP:-6}
case $RECOVER_KEEP in '' | *[!0-9]* | 0 | 1) echo "bench-compare: RECOVER_KEEP must be a number above 1" >&2; exit 2 ;; esac
if [ "$RECOVER" != 0 ]; then
	case $engine in
	jaque*) row=$row-rec; [ "$RECOVER_KEEP" = 6 ] || row=$row$RECOVER_KEEP ;;
	*) echo "bench-compare: RECOVER is for the jaque rows; $engine runs without it" >&2; RECOVER=0 ;;
	esac
fi
CHECK_TCP=${CHECK_TCP:-/usr/lib/nagios/plugins/check_tcp}
kit=$root/contrib/bench-compare
out=${OUT:-$root/build/bench-compare}
mkdir -p "$out"

skip() {
	echo "bench-compare: $engine skipped: $*" >&2
	exit 3
}
need() {
	command -v "$1" > /dev/null || { echo "bench-compare: $1 is needed ($2)" >&2; exit 1; }
}
need python3 "the listener and the sampler"
need cc "the exec floor: contrib/bench/spawnfloor.c"
[ -x "$CHECK_TCP" ] || { echo "bench-compare: $CHECK_TCP is missing (apt-get install -y monitoring-plugins-basic)" >&2; exit 1; }

# --- which engine, and is it here
builtin=0
case $engine in
nagios4)
	NAGIOS4=${NAGIOS4:-/usr/sbin/nagios4}
	NAGIOS4STATS=${NAGIOS4STATS:-/usr/sbin/nagios4stats}
	if [ ! -x "$NAGIOS4" ] || [ ! -x "$NAGIOS4STATS" ]; then
		skip "Nagios Core is not installed ($NAGIOS4, $NAGIOS4STATS; apt-get install -y nagios4)"
	fi
	version=$("$NAGIOS4" -V 2> /dev/null | grep -m1 'Nagios Core' || echo 'Nagios Core')
	;;
naemon)
	NAEMON_PREFIX=${NAEMON_PREFIX:-$root/build/bench-compare/naemon}
	if [ -n "${NAEMON_SRC:-}" ] && [ ! -x "$NAEMON_PREFIX/bin/naemon" ]; then
		"$kit/build-naemon.sh" "$NAEMON_SRC" "$NAEMON_PREFIX" ||
			{ echo "bench-compare: Naemon could not be built from $NAEMON_SRC" >&2; exit 1; }
	fi
	if [ ! -x "$NAEMON_PREFIX/bin/naemon" ]; then
		skip "no Naemon here: give NAEMON_SRC=<a naemon-core source tree> to build one into $NAEMON_PREFIX, or NAEMON_PREFIX=<an install with bin/naemon and bin/naemonstats>"
	fi
	[ -z "${NAEMON_SRC:-}" ] && echo "bench-compare: using the Naemon in $NAEMON_PREFIX"
	version=$("$NAEMON_PREFIX/bin/naemon" -V 2> /dev/null | grep -m1 'Naemon' || echo Naemon)
	;;
icinga2)
	ICINGA2=${ICINGA2:-/usr/sbin/icinga2}
	[ -x "$ICINGA2" ] || skip "Icinga 2 is not installed ($ICINGA2; apt-get install -y icinga2)"
	need openssl "Icinga 2's API certificates"
	version=$("$ICINGA2" --version 2> /dev/null | sed -n '1s/.*(version: r\{0,1\}\([^)]*\)).*/Icinga 2 \1/p')
	;;
jaque | jaque-builtin)
	[ "$engine" = jaque-builtin ] && builtin=1
	JAQUE=${JAQUE:-$root/build/dev/jaque}
	JAQUESTATS=${JAQUESTATS:-$(dirname "$JAQUE")/jaquestats}
	for f in "$JAQUE" "$JAQUESTATS"; do
		[ -x "$f" ] || { echo "bench-compare: $f is missing (build first: scripts/check or make)" >&2; exit 1; }
	done
	version=$("$JAQUE" -V 2> /dev/null | head -1)
	;;
*)
	echo "bench-compare: engine is nagios4, naemon, icinga2, jaque or jaque-builtin" >&2
	exit 2
	;;
esac

T=$(mktemp -d /tmp/bench-compare.XXXXXX)
epid='' lpid='' spid='' wpid='' fpid='' l2pid=''
# the engine's whole process tree (workers, helpers, plugins): every
# descendant of PID as pid:comm, from one ps snapshot (an overloaded engine
# can have thousands of plugins running: a pgrep per process took minutes)
descendants() {
	ps -e -o pid= -o ppid= -o comm= | awk -v root="$1" '
		{ parent[$1] = $2; comm[$1] = $3 }
		END {
			for (p in parent) {
				q = parent[p]
				for (n = 0; q != "" && q != 0 && q != 1 && n < 64; n++) {
					if (q == root) { print p ":" comm[p]; break }
					q = parent[q]
				}
			}
		}'
}
stop_engine() {
	local kids i
	[ -n "$epid" ] || return 0
	# the tree now, and as the sampler saw it last (a worker whose parent
	# died is no longer a descendant)
	kids=$(descendants "$epid")
	[ -f "$T/tree" ] && kids="$kids $(awk '{ print $1 ":" $2 }' "$T/tree")"
	if kill -TERM "$epid" 2> /dev/null; then
		for i in $(seq 100); do
			kill -0 "$epid" 2> /dev/null || break
			# a zombie: it exited and waits for us
			[ "$(awk '{ sub(/^.*\) /, ""); print $1 }' "/proc/$epid/stat" 2> /dev/null)" = Z ] && break
			sleep 0.1
		done
		kill -KILL "$epid" 2> /dev/null || true
	fi
	wait "$epid" 2> /dev/null || true
	# whatever the engine left behind (workers, helpers, plugins), each
	# only while it is still the same program
	local c
	for i in $kids; do
		c=
		read -r c 2> /dev/null < "/proc/${i%%:*}/comm" || continue
		[ "$c" = "${i#*:}" ] && { kill -KILL "${i%%:*}" 2> /dev/null || true; }
	done
	epid=
	return 0
}
cleanup() {
	set +e
	[ -n "$spid" ] && kill -TERM "$spid" 2> /dev/null
	[ -n "$wpid" ] && { pkill -TERM -P "$wpid"; kill -TERM "$wpid"; } 2> /dev/null
	[ -n "$fpid" ] && { pkill -TERM -P "$fpid"; kill -TERM "$fpid"; } 2> /dev/null
	[ -n "$l2pid" ] && kill -TERM "$l2pid" 2> /dev/null
	stop_engine
	[ -n "$lpid" ] && kill -TERM "$lpid" 2> /dev/null
	wait 2> /dev/null
	if [ "${KEEP_TMP:-0}" = 1 ]; then echo "bench-compare: kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
	echo "bench-compare: $*" >&2
	[ -f "$T/engine.out" ] && tail -20 "$T/engine.out" >&2
	exit 1
}

# --- the listener
python3 contrib/bench/listener.py "$T/count" &
lpid=$!
for _ in $(seq 50); do [ -s "$T/count.port" ] && break; sleep 0.1; done
[ -s "$T/count.port" ] || fail "the listener did not start"
port=$(cat "$T/count.port")

# --- the estate and the engine's configuration
hosts=$((n / 2)) svcs=$((n - n / 2))
plugins=$(dirname "$CHECK_TCP")
mkdir -p "$T/var/rw" "$T/var/spool" "$T/var/archives"
subst() { # template output [sed args]
	local in=$1 to=$2
	shift 2
	sed -e "s|@DIR@|$T|g" -e "s|@USER@|$(id -un)|g" -e "s|@GROUP@|$(id -gn)|g" \
	    -e "s|@PLUGINS@|$plugins|g" "$@" "$in" > "$to"
}
sample_args=()
case $engine in
nagios4 | naemon | jaque | jaque-builtin)
	"$kit/gen-estate.sh" nagios "$n" "$port" "$INTERVAL" > "$T/objects.cfg"
	echo "\$USER1\$=$plugins" > "$T/resource.cfg"
	sample_args+=(--statusdat "$T/var/status.dat")
	;;
esac
case $engine in
nagios4)
	subst "$kit/conf/nagios4.cfg" "$T/nagios.cfg"
	"$NAGIOS4" -v "$T/nagios.cfg" > "$T/verify.out" 2>&1 || { cat "$T/verify.out" >&2; fail "nagios4 -v refused the configuration"; }
	start=("$NAGIOS4" "$T/nagios.cfg")
	sample_args+=(--stats-cmd "$NAGIOS4STATS -c $T/nagios.cfg")
	;;
naemon)
	subst "$kit/conf/naemon.cfg" "$T/naemon.cfg"
	root_opt=()
	[ "$(id -u)" = 0 ] && root_opt=(--allow-root)
	"$NAEMON_PREFIX/bin/naemon" "${root_opt[@]}" -v "$T/naemon.cfg" > "$T/verify.out" 2>&1 || { cat "$T/verify.out" >&2; fail "naemon -v refused the configuration"; }
	start=("$NAEMON_PREFIX/bin/naemon" "${root_opt[@]}" "$T/naemon.cfg")
	sample_args+=(--stats-cmd "$NAEMON_PREFIX/bin/naemonstats -c $T/naemon.cfg")
	;;
jaque | jaque-builtin)
	ext=()
	[ "$RECOVER" = 0 ] || ext=(-e 's/^check_external_commands=0$/check_external_commands=1/')
	subst "$kit/conf/jaque-nagios.cfg" "$T/nagios.cfg" "${ext[@]}"
	subst "$kit/conf/jaque.cfg" "$T/jaque.cfg" -e "s|@BUILTIN@|$builtin|g" \
	    -e "s|@TPS@|$TICKS_PER_SECOND|g"
	"$JAQUE" -v "$T/nagios.cfg" > "$T/verify.out" 2>&1 || { cat "$T/verify.out" >&2; fail "jaque -v refused the configuration"; }
	start=("$JAQUE" "$T/nagios.cfg")
	sample_args+=(--jaquestats "$JAQUESTATS" --jaque-stats "$T/var/jaque-stats.dat")
	;;
icinga2)
	"$kit/gen-estate.sh" icinga2 "$n" "$port" "$INTERVAL" > "$T/objects.conf"
	api_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	api_pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
	subst "$kit/conf/icinga2.conf" "$T/icinga2.conf" -e "s|@API_PORT@|$api_port|g" -e "s|@API_PASSWORD@|$api_pw|g"
	# every directory Icinga 2 would use, moved into the run's directory:
	# /etc/icinga2, /var/lib/icinga2, /var/cache/icinga2, /run/icinga2 are
	# neither read nor written
	mkdir -p "$T/data/certs" "$T/cache" "$T/run/icinga2" "$T/log" "$T/spool"
	defs=(-DConfiguration.ConfigDir="$T" -DConfiguration.DataDir="$T/data"
	    -DConfiguration.CacheDir="$T/cache" -DConfiguration.InitRunDir="$T/run"
	    -DConfiguration.PidPath="$T/run/icinga2.pid" -DConfiguration.LogDir="$T/log"
	    -DConfiguration.SpoolDir="$T/spool"
	    -DConfiguration.RunAsUser="$(id -un)" -DConfiguration.RunAsGroup="$(id -gn)")
	# a throw-away CA and the node's certificate, which the API needs
	(
		cd "$T/data/certs"
		openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt \
		    -subj /CN=bench-compare-ca -days 2
		openssl req -newkey rsa:2048 -nodes -keyout bench-compare.key \
		    -out bench-compare.csr -subj /CN=bench-compare
		openssl x509 -req -in bench-compare.csr -CA ca.crt -CAkey ca.key \
		    -CAcreateserial -out bench-compare.crt -days 2
	) > "$T/openssl.out" 2>&1 || { cat "$T/openssl.out" >&2; fail "openssl could not make the API's certificates"; }
	"$ICINGA2" daemon -C -c "$T/icinga2.conf" "${defs[@]}" > "$T/verify.out" 2>&1 || { cat "$T/verify.out" >&2; fail "icinga2 daemon -C refused the configuration"; }
	start=("$ICINGA2" daemon -c "$T/icinga2.conf" "${defs[@]}")
	sample_args+=(--icinga-url "https://127.0.0.1:$api_port" --icinga-auth "bench:$api_pw")
	;;
esac

# --- the exec floor, first measure: as many check_tcp runs as are due,
# started by a minimal C program before the engine starts (the second
# comes after it stops; the row takes the mean cost a run of the two, as
# this machine's speed moves between minutes)
# the cpu seconds of RUNS check_tcp runs against the listener, FLOOR_CONC at
# a time (default 1: the cheapest way to start them here, where two plugins
# running at once cost about half as much again each as one at a time;
# 2026-12-04 on the third machine, 1 000 runs a measure, three rounds:
# 7.8-9.1 ms a run one at a time, 7.4-7.9 started one every 30 ms,
# 11.4-12.8 two at a time, 12.0-13.2 eight at a time)
floor_cpu() { "$T/spawnfloor" "$1" "$FLOOR_CONC" "$CHECK_TCP" -H 127.0.0.1 -p "$port"; }
FLOOR_CONC=${FLOOR_CONC:-1}
case $FLOOR_CONC in '' | *[!0-9]* | 0) echo "bench-compare: FLOOR_CONC must be a positive number" >&2; exit 2 ;; esac
floor=()
if [ "$builtin" = 0 ] && [ "${FLOOR:-1}" = 1 ]; then
	cc -O2 -o "$T/spawnfloor" contrib/bench/spawnfloor.c || fail "contrib/bench/spawnfloor.c did not build"
	runs=$((n * soak / INTERVAL))
	floor=(--floor-before-cpu-s "$(floor_cpu "$runs")" --floor-before-runs "$runs")
fi

# the floor beside the engine: its own listener, and the pace of the
# estate (BURST runs every MS milliseconds, MS at least 5)
along=0
if [ ${#floor[@]} -gt 0 ] && [ "${FLOOR_ALONGSIDE:-0}" = 1 ]; then
	along=1
	python3 contrib/bench/listener.py "$T/count2" &
	l2pid=$!
	for _ in $(seq 50); do [ -s "$T/count2.port" ] && break; sleep 0.1; done
	[ -s "$T/count2.port" ] || fail "the second listener did not start"
	along_burst=1
	while [ $((INTERVAL * 1000 * along_burst / n)) -lt 5 ]; do along_burst=$((along_burst * 2)); done
	along_ms=$((INTERVAL * 1000 * along_burst / n))
	along_runs=$((soak * 1000 / along_ms * along_burst))
fi

# --- run and measure
echo "bench-compare: $engine ($version), $n objects ($hosts hosts, $svcs services), warm-up ${WARMUP}s, soak ${soak}s"
cc -O2 -o "$T/wakeprobe" contrib/bench/wakeprobe.c || fail "contrib/bench/wakeprobe.c did not build"
"${start[@]}" > "$T/engine.out" 2>&1 &
epid=$!
# the machine's own wake-up lateness over the soak, beside the engine
(sleep "$WARMUP" && exec "$T/wakeprobe" "$soak") > "$T/wake.json" &
wpid=$!
if [ "$along" = 1 ]; then
	(sleep "$WARMUP" && exec "$T/spawnfloor" -e "$along_ms" -b "$along_burst" "$along_runs" 8 \
	    "$CHECK_TCP" -H 127.0.0.1 -p "$(cat "$T/count2.port")") > "$T/floor-along.out" &
	fpid=$!
fi
python3 "$kit/sample.py" measure --engine "$engine" --pid "$epid" --objects "$n" \
    --warmup "$WARMUP" --soak "$soak" --sample-every "$SAMPLE_EVERY" \
    --objects-every "$OBJECTS_EVERY" --interval "$INTERVAL" \
    --listener-pid "$lpid" --count-file "$T/count" --out "$T/raw.json" \
    --tree-file "$T/tree" "${sample_args[@]}" &
spid=$!
wait "$spid" || { spid=; fail "the measurement failed"; }
spid=
wait "$wpid" || fail "wakeprobe failed"
wpid=
if [ "$along" = 1 ]; then
	wait "$fpid" || fail "the floor beside the engine failed"
	fpid=
	floor+=(--floor-alongside-cpu-s "$(cat "$T/floor-along.out")" --floor-alongside-runs "$along_runs")
fi
if [ "$RECOVER" != 0 ]; then
	python3 "$kit/sample.py" recover --cmd-file "$T/var/rw/nagios.cmd" \
	    --statusdat "$T/var/status.dat" --seconds "$RECOVER" --jaque-stats "$T/var/jaque-stats.dat" \
	    --log "$T/var/nagios.log" --raw "$T/raw.json" --listener-pid "$lpid" \
	    --count-file "$T/count" --interval "$INTERVAL" --keep-every "$RECOVER_KEEP" \
	    || fail "the recovery phase failed"
fi
stop_engine

# --- the exec floor, second measure: as many check_tcp runs as the
# listener counted
if [ ${#floor[@]} -gt 0 ]; then
	runs=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["checks_listener"])' "$T/raw.json")
	floor+=(--floor-cpu-s "$(floor_cpu "$runs")")
fi
machine="$(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
tps=()
case $engine in jaque*) tps=(--ticks-per-second "$TICKS_PER_SECOND") ;; esac
python3 "$kit/sample.py" report "$T/raw.json" "${floor[@]}" "${tps[@]}" --wake-probe "$T/wake.json" \
    --engine-version "$version" \
    --machine "$machine" --json "$out/$row.json" --md "$out/$row.md"
python3 "$kit/sample.py" header
cat "$out/$row.md"
echo "bench-compare: wrote $out/$row.json and .md"

# lib_gearman.sh: sourced, after lib_engine.sh and eng_init, by the
# gearman fault scripts (t_gearman_restart.sh, t_gearman_worker_faults.sh,
# t_gearman_burst.sh): a gearmand on a free loopback port, workers of
# gm_fast.py, jaque's stats file, and a trap that stops them all.
#
# Functions:
#   gm_need_gearmand NAME  exit 77 (skip) when gearmand is not installed
#   gm_start_gearmand      start gearmand on $GM_PORT ($GM_PORT is set by
#                          the first call); 1 when it does not listen
#   gm_kill_gearmand [SIG] stop it (SIGTERM by default) and wait for it
#   gm_worker NAME [RESULT_KEY]  a gm_fast.py worker on queue "service"
#                          with $GM_KEY; its pid is $GM_WPID
#   gm_stop PID...         stop these workers (SIGTERM) and wait for them
#   gm_stat KEY            KEY's value in jaque-stats.dat
#   gm_wait_stat KEY MIN SECS   wait until it is at least MIN
#   gm_next_stats          wait (8 s) for the next write of the file
#   gm_wait_reachable N    wait (10 s) until nagios.log says N times that
#                          the job server is reachable
#   gm_alive CASE WHEN     PASS CASE when jaque still runs (WHEN says when),
#                          else FAIL with the end of its output
# The EXIT trap stops gearmand, the workers and jaque.
#
# SPDX-License-Identifier: GPL-2.0-or-later

GEARMAND=/usr/sbin/gearmand
GM_FAST=$here/gm_fast.py
GM_PORT=
GM_GD=
GM_PIDS=

gm_need_gearmand() {
	if [ ! -x "$GEARMAND" ]; then
		echo "SKIP: $1: needs gearmand (apt-get install gearman-job-server)"
		exit 77
	fi
}

gm_start_gearmand() {
	[ -n "$GM_PORT" ] || GM_PORT=$(eng_free_port)
	"$GEARMAND" -L 127.0.0.1 -p "$GM_PORT" -t 1 -l /dev/null &
	GM_GD=$!
	eng_wait_port "$GM_PORT"
}

gm_kill_gearmand() {
	kill "-${1:-TERM}" "$GM_GD" 2>/dev/null
	wait "$GM_GD" 2>/dev/null
	GM_GD=
}

gm_worker() {
	python3 "$GM_FAST" worker "$GM_PORT" "$GM_KEY" service "$@" 2>> "$T/worker.err" &
	GM_WPID=$!
	GM_PIDS="$GM_PIDS $GM_WPID"
}

gm_stop() {
	for p in "$@"; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}

gm_stat() { sed -n "s/^$1=//p" "$T/var/jaque-stats.dat" 2>/dev/null; }

gm_wait_stat() {
	for _ in $(seq "$(($3 * 10))"); do
		v=$(gm_stat "$1")
		[ -n "$v" ] && [ "$v" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}

gm_next_stats() {
	w0=$(gm_stat written)
	for _ in $(seq 80); do
		[ "$(gm_stat written)" != "$w0" ] && return 0
		sleep 0.1
	done
	return 1
}

gm_wait_reachable() {
	for _ in $(seq 100); do
		[ "$(grep -c 'mod_gearman: job server reachable' "$T/var/nagios.log")" -ge "$1" ] &&
			return 0
		sleep 0.1
	done
	return 1
}

gm_alive() {
	if kill -0 "$PID" 2>/dev/null; then
		pass "jaque is still running $2"
	else
		fail "$1" "jaque is gone $2: $(tail -n 5 "$T/jaque.out")"
	fi
}

# plugins a script started and its workers left behind: $GM_CLEANUP, a command
gm_cleanup() {
	[ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null
	[ -n "${GM_CLEANUP:-}" ] && eval "$GM_CLEANUP"
	for p in $GM_PIDS $GM_GD; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
}
trap gm_cleanup EXIT

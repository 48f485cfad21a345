#!/bin/bash
# t_gearman.sh: checks through a real gearmand, as mod_gearman sends them.
# A gearmand on a free loopback port, jaque with a mod_gearman broker_module
# line (services to gearmand, hosts kept here, the job payloads encrypted),
# and a worker made of the gearman tool and gm_worker.py: the service's
# check runs in the worker (its output names the worker) and its result is
# applied; the host's check runs here; a check_dummy line is answered in
# the core.  (Checks every 3 s, not every 1:
# with unique ids, mod_gearman's default, gearmand folds a job into one of
# the same id still running, and a worker sends its result before it ends
# its job.)  With gearmand stopped, the checks
# wait and go once it is back, without a restart of jaque.  Skipped without
# gearmand, the gearman tool or openssl (gearman-job-server, gearman-tools).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

GEARMAND=/usr/sbin/gearmand
if [ ! -x "$GEARMAND" ] || ! command -v gearman > /dev/null || ! command -v openssl > /dev/null; then
	echo "SKIP: gearman: needs gearmand, the gearman tool and openssl (apt-get install gearman-job-server gearman-tools openssl)"
	exit 77
fi

eng_init gearman
port=$(eng_free_port)
KEY=jaque-test-key
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$port encryption=yes key=$KEY services=yes"
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
	check_command	run!/bin/sh -c 'echo "UP - checked by $${JQ_WORKER:-jaque}"'
	check_interval	1
}
define service {
	use			s-base
	host_name		h1
	service_description	s1
	check_command		run!/bin/sh -c 'echo "WARNING - checked by $${JQ_WORKER:-jaque}" && exit 1'
	max_check_attempts	1
	check_interval		3
	retry_interval		3
}
define service {
	use			s-base
	host_name		h1
	service_description	dummy
	check_command		run!/nowhere/check_dummy 2 'answered in the core'
	max_check_attempts	1
}
OBJ

gpids=
start_gearmand() {
	"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
	gd=$!
	eng_wait_port "$port"
}
start_worker() {
	gearman -h 127.0.0.1 -p "$port" -w -f service -- python3 "$here/gm_worker.py" 127.0.0.1 "$port" "$KEY" 2>> "$T/worker.err" &
	gpids="$gpids $!"
}
cleanup_gearman() {
	for p in $gpids; do kill "$p" 2>/dev/null; done
	[ -n "${gd:-}" ] && kill "$gd" 2>/dev/null
	wait 2>/dev/null
}
trap cleanup_gearman EXIT

output_of() { eng_field "$1" plugin_output; }
wait_output() { eng_wait_field "$1" plugin_output "$2" "${3:-20}"; }
eng_cfg status_update_interval=1

start_gearmand || { fail gearmand "gearmand did not start"; eng_finish; exit 1; }
start_worker
eng_start || fail start "jaque did not start"
if wait_output s1 "WARNING - checked by gmw1" 20; then
	pass "a service check runs in the gearman worker and its result is applied"
else
	fail worker-result "s1 says '$(output_of s1)'"
fi
if wait_output "" "UP - checked by jaque" 10; then
	pass "a host check (hosts not sent) runs here"
else
	fail host-local "h1 says '$(output_of "")'"
fi
if wait_output dummy "CRITICAL: answered in the core" 10; then
	pass "check_dummy is answered in the core, as internal_check_dummy does"
else
	fail dummy "dummy says '$(output_of dummy)'"
fi
if eng_wait_log 'mod_gearman: job server reachable' 5; then
	pass "the job server's reachability is logged"
else
	fail reachable-log "no line"
fi

# gearmand goes away: checks wait, and go once it is back
kill "$gd"
wait "$gd" 2>/dev/null
gd=
if eng_wait_log 'mod_gearman: no job server takes jobs' 15; then
	pass "a job server that went away is logged"
else
	fail unreachable-log "no line"
fi
start_gearmand || fail gearmand-again "gearmand did not start again"
for p in $gpids; do kill "$p" 2>/dev/null; done
gpids=
start_worker
back=0
for _ in $(seq 300); do
	if [ "$(grep -c 'mod_gearman: job server reachable' "$T/var/nagios.log")" -ge 2 ]; then
		back=1
		break
	fi
	sleep 0.1
done
if [ "$back" = 1 ]; then
	pass "the job server's return is logged, without a restart of jaque"
else
	fail back "no second 'reachable' line"
fi
# and checks run in the worker again: a result newer than the return comes
t_back=$(date +%s)
if eng_wait_fresh s1 "WARNING - checked by gmw1" "$t_back"; then
	pass "checks run in the worker again once gearmand is back"
else
	fail fresh "s1: last_check $(eng_field s1 last_check), back at $t_back, '$(output_of s1)'"
fi
eng_stop
eng_finish

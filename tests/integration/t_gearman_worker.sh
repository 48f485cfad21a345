#!/bin/sh
# t_gearman_worker.sh: jaque's core sends its checks through a real
# gearmand to `jaque --gearman-worker`, and applies the results.  A
# gearmand on a free loopback port; jaque with a mod_gearman broker_module
# line (hosts, services and a service group's queue to gearmand,
# encrypted); the worker reads a worker.cfg as mod_gearman_worker would
# (server, key, the queues, identifier, timeout_return=1, logfile).  OK, WARNING and CRITICAL results come back
# with the text the plugin printed in the worker's environment, stderr
# appended as the worker does; a check over service_check_timeout comes
# back with the worker's timeout text and timeout_return's state; its
# status queue answers (with the gearman tool, when there); after gearmand
# went away and came back, checks go through the worker again; jobs run
# max-worker at a time (with cc, which builds gmw_drive.c); SIGHUP
# opens its log anew; a
# check_tcp line comes back, run by jaque's shim in the worker; on
# SIGTERM the worker exits 0 and leaves no process behind.  Skipped
# without gearmand.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

GEARMAND=/usr/sbin/gearmand
if [ ! -x "$GEARMAND" ]; then
	echo "SKIP: gearman_worker: needs gearmand (apt-get install gearman-job-server)"
	exit 77
fi

eng_init gearman_worker
port=$(eng_free_port)
KEY=jaque-worker-test-key
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$port encryption=yes key=$KEY hosts=yes services=yes servicegroups=sg1" \
	service_check_timeout=2 status_update_interval=1
TCP=/usr/lib/nagios/plugins/check_tcp
eng_objects <<OBJ
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
	check_command	run!/bin/sh -c 'echo "UP - checked by \$\${JQ_WORKER:-jaque}"'
	check_interval	2
}
define servicegroup {
	servicegroup_name	sg1
	members			h1,in-group
}
define service {
	use			s-base
	host_name		h1
	service_description	in-group
	check_command		run!/bin/sh -c 'echo "OK - in servicegroup_sg1, checked by \$\${JQ_WORKER:-jaque}"'
	max_check_attempts	1
	check_interval		2
}
define service {
	use			s-base
	host_name		h1
	service_description	ok
	check_command		run!/bin/sh -c 'echo "OK - checked by \$\${JQ_WORKER:-jaque}|t=1s"'
	max_check_attempts	1
	check_interval		2
}
define service {
	use			s-base
	host_name		h1
	service_description	warn
	check_command		run!/bin/sh -c 'echo "WARNING - checked by \$\${JQ_WORKER:-jaque}" && exit 1'
	max_check_attempts	1
	check_interval		2
}
define service {
	use			s-base
	host_name		h1
	service_description	crit
	check_command		run!/bin/sh -c 'echo "CRITICAL - down" && echo "on stderr" >&2 && exit 2'
	max_check_attempts	1
	check_interval		2
}
define service {
	use			s-base
	host_name		h1
	service_description	slow
	check_command		run!/bin/sleep 20
	max_check_attempts	1
	check_interval		5
}
define service {
	use			s-base
	host_name		h1
	service_description	tcp
	check_command		run!$TCP -H 127.0.0.1 -p $port
	max_check_attempts	1
	check_interval		2
}
OBJ
cat > "$T/worker.cfg" <<EOF
# mod_gearman_worker's format
server=127.0.0.1:$port
encryption=yes
key=$KEY
hosts=yes
services=yes
servicegroups=sg1
identifier=jw
timeout_return=1
max-worker=4
logfile=$T/worker.log
debug=1
fork_on_exec=no
EOF

gd=
wk=
cleanup_gearman() {
	[ -n "$wk" ] && kill "$wk" 2>/dev/null
	[ -n "$gd" ] && kill "$gd" 2>/dev/null
	wait 2>/dev/null
}
trap 'cleanup_gearman; [ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null' EXIT

"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
gd=$!
eng_wait_port "$port" || { fail gearmand "gearmand did not start"; eng_finish; }
JQ_WORKER=gmworker "$JAQUE" --gearman-worker "$T/worker.cfg" &
wk=$!
eng_start || fail start "jaque did not start"

is() { # name got want
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "got '$2', want '$3'"
	fi
}
check() { # name svc want
	if eng_wait_field "$2" plugin_output "$3" 20; then
		pass "$1"
	else
		fail "$1" "'$2' says '$(eng_field "$2" plugin_output)', want '$3'"
	fi
}
check host-ok "" "UP - checked by gmworker"
check service-ok ok "OK - checked by gmworker"
# the service group's check goes to the queue servicegroup_sg1, which the
# worker serves too
if eng_wait_field in-group plugin_output "OK - in servicegroup_sg1, checked by gmworker" 20; then
	pass servicegroup-queue
else
	fail servicegroup-queue "in-group says '$(eng_field in-group plugin_output)'"
fi
is perfdata "$(eng_field ok performance_data)" "t=1s"
check service-warning warn "WARNING - checked by gmworker"
is warning-state "$(eng_field warn current_state)" 1
# the worker appends stderr as "[...] " after an escaped newline, here after
# the plugin's own last newline: long output, a blank line first (status.dat
# writes newlines as \n)
check service-critical crit "CRITICAL - down"
is stderr "$(eng_field crit long_plugin_output)" '\n[on stderr] '
is critical-state "$(eng_field crit current_state)" 2
check timeout slow "(Service Check Timed Out On Worker: jw)"
# timeout_return=1: WARNING
is timeout-return "$(eng_field slow current_state)" 1
if [ -x "$TCP" ]; then
	out=
	for _ in $(seq 200); do
		out=$(eng_field tcp plugin_output)
		case $out in "TCP OK - "*) break ;; esac
		sleep 0.1
	done
	case $out in
	"TCP OK - "*"port $port") pass check-tcp ;;
	*) fail check-tcp "tcp says '$out'" ;;
	esac
	if grep -q 'gearman worker: check_tcp runs in-process' "$T/worker.log"; then
		pass check-tcp-shim
	else
		fail check-tcp-shim "no line about the shim in the worker's log"
	fi
fi
if grep -q "gearman worker: option 'fork_on_exec' is not implemented here; ignored" \
	"$T/worker.log"; then
	pass worker-unimplemented
else
	fail worker-unimplemented "no line about fork_on_exec"
fi
if grep -q 'gearman worker jw: 4 thread(s), 1 job server(s)' "$T/worker.log"; then
	pass worker-log
else
	fail worker-log "$(cat "$T/worker.log")"
fi

# its status queue, as check_gearman -q worker_jw asks it
if command -v gearman > /dev/null; then
	st=$(echo check | timeout 10 gearman -h 127.0.0.1 -p "$port" -f worker_jw)
	case $st in
	*" has 4 worker and is working on "*" jobs. Version: 5.2.4 (jaque "*")|worker=4;;;4;4 jobs="*c)
		pass status-queue ;;
	*) fail status-queue "answer '$st'" ;;
	esac
fi

# worker_fresh SINCE: wait (30 s) until one of the services the worker runs
# has a result newer than SINCE from it (any of them: a check in flight
# when gearmand went away waits for the core's orphan detection)
worker_fresh() {
	for _ in $(seq 300); do
		for svc in ok warn in-group; do
			lc=$(eng_field "$svc" last_check)
			if [ -n "$lc" ] && [ "$lc" -gt "$1" ]; then
				case $(eng_field "$svc" plugin_output) in
				*"checked by gmworker") return 0 ;;
				esac
			fi
		done
		sleep 0.1
	done
	return 1
}

# gearmand goes away and comes back: the worker takes jobs again, and its
# results go through, without a restart
kill "$gd"
wait "$gd" 2>/dev/null
sleep 2
"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
gd=$!
eng_wait_port "$port" || fail gearmand-again "gearmand did not start again"
t_back=$(date +%s)
if worker_fresh "$t_back"; then
	pass gearmand-back
else
	fail gearmand-back "no result since $t_back: ok $(eng_field ok last_check), warn $(eng_field warn last_check), in-group $(eng_field in-group last_check)"
fi
# one line for the outage, one for the return, whatever the threads saw
is gearmand-back-log "$(grep -c 'gearman worker: job server reachable again' "$T/worker.log")" 1
is gearmand-gone-log "$(grep -v 'not sent' "$T/worker.log" | grep -c 'GEARMAN_COULD_NOT_CONNECT')" 1
# a thread's connection for results went with the old gearmand: the next
# result goes through all the same (one that ended while there was none is
# lost, as with mod_gearman_worker: gearmand lost its job too)
if grep -q 'not sent.*LOST_CONNECTION' "$T/worker.log"; then
	fail results-kept "$(grep 'not sent' "$T/worker.log" | head -n 3)"
else
	pass results-kept
fi

# jobs run side by side, max-worker of them: 8 jobs of a second each take
# about 2 s with 4 (the core's checks go on meanwhile), not 8
# shellcheck disable=SC2046 # pkg-config prints several words
if command -v cc > /dev/null && cc -std=gnu11 -D_GNU_SOURCE -O1 -w -I"$top" \
	-o "$T/drive" "$here/gmw_drive.c" "$top/compat/gearman/mgjob.c" \
	"$top/compat/gearman/mgjob_text.c" "$top/engine/util/xalloc.c" "$top/engine/util/mbuf.c" \
	-lgearman $(pkg-config --libs libcrypto) -lm > "$T/cc.log" 2>&1; then
	for n in 1 2 3 4 5 6 7 8; do
		printf 'service\tpar\ts%s\t10\t/bin/sleep 1\n' "$n"
	done > "$T/specs"
	t0=$(date +%s%N)
	if GMW_RESULT_QUEUE=par_results "$T/drive" "$port" "$KEY" "$T/specs" > "$T/par.out" 2>&1; then
		ms=$((($(date +%s%N) - t0) / 1000000))
		if [ "$ms" -lt 6000 ] && [ "$(grep -c 'return_code=0' "$T/par.out")" = 8 ]; then
			pass "parallel (8 one-second jobs in $ms ms)"
		else
			fail parallel "8 one-second jobs took $ms ms: $(head -n 2 "$T/par.out")"
		fi
	else
		fail parallel "$(cat "$T/par.out")"
	fi
fi

# SIGHUP (logrotate): the log opened anew, the worker goes on
mv "$T/worker.log" "$T/worker.log.1"
kill -HUP "$wk"
if worker_fresh "$(date +%s)" &&
	grep -q 'SIGHUP: log opened anew' "$T/worker.log" 2>/dev/null; then
	pass worker-hup
else
	fail worker-hup "worker.log: $(cat "$T/worker.log" 2>/dev/null)"
fi

# SIGTERM: the worker ends by itself, its pool's processes with it
kids=$(pgrep -P "$wk" | tr '\n' ' ')
if [ -n "$kids" ]; then pass worker-pool; else fail worker-pool "no pool processes under the worker"; fi
kill -TERM "$wk"
i=0
while kill -0 "$wk" 2>/dev/null && [ "$i" -lt 150 ]; do
	sleep 0.1
	i=$((i + 1))
done
if kill -0 "$wk" 2>/dev/null; then
	fail worker-stop "still running 15 s after SIGTERM"
else
	wait "$wk"
	rc=$?
	wk=
	is worker-stop "exit $rc" "exit 0"
fi
alive=
for k in $kids; do kill -0 "$k" 2>/dev/null && alive="$alive $k"; done
is worker-pool-gone "still running:$alive" "still running:"
eng_stop
cleanup_gearman
gd=
eng_finish

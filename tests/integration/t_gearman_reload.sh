#!/bin/sh
# t_gearman_reload.sh: a reload (SIGHUP) while a check sent through
# gearmand is in flight.  A gearmand on loopback, mod_gearman 5.2.4's own
# mod_gearman_worker (built by contrib/gearman/build-mod-gearman.sh into
# MOD_GEARMAN, default build/gearman/mod_gearman), and jaque with a
# mod_gearman broker_module line sending its services.  The service
# "slow" notes each start of its plugin in a file, sleeps 4 s and says
# when it started; it is forced, and the SIGHUP comes while it runs in
# the worker.
#  - kept (unique ids off, so that a job sent again runs again): the
#    reload adds a host and services that sort before it (every id
#    moves) and changes nothing the link depends on: the run's result is
#    taken (its output names that very start) as the result of the check
#    in flight (none comes late, none is left running), the plugin ran
#    once, and nagios.log says nothing of an error, an orphan or a
#    discarded result;
#  - kept-uniq: the same with unique ids on (the job is kept for a
#    resend) and a routing option changed, and the check was neither
#    started again nor sent to gearmand again (checks_started and gm_sent
#    in the stats file: gearmand may fold a job sent again into the one it
#    runs, so that the plugin does not show it);
#  - new-link: a reload that changes the link (result_workers): the check
#    runs again at once, as before, and its last result is applied;
#  - removed: a reload that keeps the link removes the service in
#    flight: its result is discarded when it comes, and jaque still
#    answers its command pipe;
#  - host: a host check in flight (hosts sent too) across a reload that
#    adds a host before it: taken, run once, not started or sent again;
#  - unconfirmed: with gearmand down, the job waits in jaque across a
#    reload that moves every id; given up at its deadline, its orphan
#    result goes to its own check;
# and jaque stops cleanly (exit 0; under ASan nothing reported).
# Skipped, with a message, without that build or gearmand.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

MOD_GEARMAN=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}
MGW=$MOD_GEARMAN/bin/mod_gearman_worker
if [ ! -x "$MGW" ]; then
	echo "SKIP: gearman_reload: no mod_gearman_worker in $MOD_GEARMAN/bin (contrib/gearman/build-mod-gearman.sh builds it)"
	exit 77
fi
. "$here/lib_gearman.sh"
gm_need_gearmand gearman_reload

eng_init gearman_reload
GM_PORT=$(eng_free_port)
GM_KEY=reload-key-5.2.4
MARKS=$T/marks
HMARKS=$T/hmarks
BROKER="broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$GM_PORT"
BROKER="$BROKER encryption=yes key=$GM_KEY services=yes"
eng_cfg "cfg_file=$T/svc.cfg" status_update_interval=1 max_service_check_spread=30 \
	service_check_timeout=8 "$BROKER use_uniq_jobs=off"
cat > "$T/slow.sh" <<'SH'
#!/bin/sh
t=$(date +%s.%N)
echo "$t $(ps -o comm= -p $PPID)" >> "$1"
sleep 4
echo "OK - slept from $t"
SH
chmod +x "$T/slow.sh"

# svc.cfg: hosts h1 and hslow (whose check is slow's plugin too), h1 with
# zz (and slow unless $1 is noslow); with $2 extra, a host and services
# that come before them in the id order.  Only slow and hslow have active
# checks, every 10 minutes (slow's first one spread that far ahead; hslow's
# at the start, run here): they run when they are forced (or when a reload
# makes their check due again)
svc() {
	printf 'define host {\n\tuse h-base\n\thost_name h1\n\taddress 127.0.0.1\n'
	printf '\tactive_checks_enabled 0\n}\n'
	printf 'define host {\n\tuse h-base\n\thost_name hslow\n\taddress 127.0.0.1\n'
	printf '\tcheck_command run!%s %s\n\tcheck_interval 600\n' "$T/slow.sh" "$HMARKS"
	printf '\tmax_check_attempts 1\n}\n'
	printf 'define service {\n\tuse s-base\n\thost_name h1\n\tservice_description zz\n'
	printf '\tcheck_command run!/bin/echo OK zz\n\tcheck_interval 600\n'
	printf '\tnotification_interval 0\n\tactive_checks_enabled 0\n}\n'
	if [ "$1" != noslow ]; then
		printf 'define service {\n\tuse s-base\n\thost_name h1\n\tservice_description slow\n'
		printf '\tcheck_command run!%s %s\n\tcheck_interval 600\n' "$T/slow.sh" "$MARKS"
		printf '\tretry_interval 600\n\tmax_check_attempts 1\n\tnotification_interval 0\n}\n'
	fi
	[ "${2:-}" = extra ] || return 0
	printf 'define host {\n\tuse h-base\n\thost_name a0\n\taddress 127.0.0.1\n'
	printf '\tactive_checks_enabled 0\n}\n'
	for s in a1 a2 a3; do
		for h in a0 h1; do
			printf 'define service {\n\tuse s-base\n\thost_name %s\n' "$h"
			printf '\tservice_description %s\n\tcheck_command run!/bin/echo OK %s\n' "$s" "$s"
			printf '\tcheck_interval 600\n\tnotification_interval 0\n\tactive_checks_enabled 0\n}\n'
		done
	done
}
# the broker_module line's words after the fixed ones
broker() {
	sed -i "s|^broker_module=.*\$|$BROKER $1|" "$CFG"
}
# the starts noted in $1 (default: slow's)
marks() { if [ -f "${1:-$MARKS}" ]; then wc -l < "${1:-$MARKS}"; else echo 0; fi; }
# wait (10 s) until the plugin started $1 times in all (in $2, default slow's)
wait_marks() {
	for _ in $(seq 100); do
		[ "$(marks "${2:-$MARKS}")" -ge "$1" ] && return 0
		sleep 0.1
	done
	return 1
}
# the time of the last start noted in $1 (default: slow's), and what ran it
last_start() { tail -n 1 "${1:-$MARKS}" | cut -d ' ' -f 1; }
ran_by() { tail -n 1 "${1:-$MARKS}" | cut -d ' ' -f 2-; }
# FIELD $2 of host $1 in status.dat
host_field() {
	awk -v h="$1" -v f="$2" '
		/^hoststatus \{/ { hs = 1; next }
		hs && $0 == "\thost_name=" h { inb = 1 }
		/^\t}/ { hs = 0; inb = 0 }
		inb && index($0, "\t" f "=") == 1 { sub(/^[^=]*=/, ""); print }
	' "$T/var/status.dat" 2>/dev/null
}
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$T/var/rw/nagios.cmd"; }
nlines() { wc -l < "$T/var/nagios.log"; }
# force slow, wait for its plugin to start, then reload; sets t_run (its
# start), n_hup (the starts before the SIGHUP) and log0 (nagios.log's
# lines before it)
reload_in_flight() {
	n0=$(marks)
	cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
	if ! wait_marks $((n0 + 1)); then
		fail "$1" "slow did not start"
		return 1
	fi
	t_run=$(last_start)
	sleep 0.5
	n_hup=$(marks)
	log0=$(nlines)
	reload_now "$1"
}
# SIGHUP, and wait (10 s) until the new configuration runs
reload_now() {
	reloads=$(grep -c 'swapped in' "$T/var/nagios.log")
	kill -HUP "$PID"
	for _ in $(seq 100); do
		[ "$(grep -c 'swapped in' "$T/var/nagios.log")" -gt "$reloads" ] && return 0
		sleep 0.1
	done
	fail "$1" "the reload was not swapped in"
	return 1
}
# in the stats file: no check running, and every result from gearmand
# was taken by the run it was for (none came with no check in flight)
settled() { [ "$(gm_stat checks_running)" = 0 ] && [ "$(gm_stat gm_results_late)" = 0 ]; }
settled_why() {
	echo "checks_running $(gm_stat checks_running), gm_results_late $(gm_stat gm_results_late)"
}
counts() { echo "gm_sent $(gm_stat gm_sent), checks_started $(gm_stat checks_started)"; }
# what nagios.log says since the SIGHUP that is not right
bad_lines() {
	tail -n +"$((log0 + 1))" "$T/var/nagios.log" |
		grep -iE 'error|warning|discarded|orphan|given up|no job server' || true
}

svc slow > "$T/svc.cfg"
gm_start_gearmand || { fail gearmand "gearmand did not start"; eng_finish; }
# in a session of its own: mod_gearman_worker ends by signalling its whole
# process group, which would otherwise take this test and its harness along
setsid "$MGW" --server=127.0.0.1:"$GM_PORT" --encryption=yes --key="$GM_KEY" --hosts --services \
	--min-worker=2 --max-worker=2 --logfile="$T/mgw.log" > /dev/null 2>&1 &
GM_PIDS="$GM_PIDS $!"
eng_start || { fail start "jaque did not start"; eng_finish; }
cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
# what mod_gearman_worker's processes are called (ps cuts names at 15 characters)
comm=mod_gearman_wor
if wait_marks 1 && eng_wait_field slow plugin_output "OK - slept from $(last_start)" 15 &&
	[ "$(ran_by)" = "$comm" ]; then
	pass "warm-up: slow runs in mod_gearman_worker"
else
	fail warmup "slow says '$(eng_field slow plugin_output)', run by '$(ran_by)'"
	eng_finish
fi

# kept: the link stays, every id moves
svc slow extra > "$T/svc.cfg"
if reload_in_flight kept; then
	if ! eng_wait_field slow plugin_output "OK - slept from $t_run" 10; then
		fail kept "the run in flight was not taken: slow says '$(eng_field slow plugin_output)'"
	else
		sleep 2
		gm_next_stats
		if [ "$(marks)" != "$n_hup" ]; then
			fail kept "slow ran again after the reload ($(marks) starts, $n_hup before)"
		elif [ -n "$(bad_lines)" ]; then
			fail kept "nagios.log: $(bad_lines)"
		elif ! settled; then
			fail kept "not taken as the result of the run in flight: $(settled_why)"
		else
			pass "kept: the result of the run in flight is taken, the plugin ran once"
		fi
	fi
fi

# kept-uniq: unique ids on (a reload first), then a routing option changed
# while a job with its unique id is in flight; no job sent again
broker ""
reload_now uniq-on
broker "queue_custom_variable=WORKER"
gm_next_stats
sent0=$(gm_stat gm_sent)
started0=$(gm_stat checks_started)
if reload_in_flight kept-uniq; then
	if ! eng_wait_field slow plugin_output "OK - slept from $t_run" 10; then
		fail kept-uniq "the run in flight was not taken: slow says '$(eng_field slow plugin_output)'"
	else
		sleep 1
		gm_next_stats
		if [ "$(marks)" != "$n_hup" ]; then
			fail kept-uniq "slow ran again after the reload ($(marks) starts, $n_hup before)"
		elif [ "$(gm_stat gm_sent)" != "$((sent0 + 1))" ] ||
			[ "$(gm_stat checks_started)" != "$((started0 + 1))" ]; then
			fail kept-uniq "$(counts) (before: $sent0, $started0)"
		elif [ -n "$(bad_lines)" ]; then
			fail kept-uniq "nagios.log: $(bad_lines)"
		elif ! settled; then
			fail kept-uniq "not taken as the result of the run in flight: $(settled_why)"
		else
			pass "kept-uniq: the run in flight is taken, and its job was not sent again"
		fi
	fi
fi

# new-link: what the link is made of changes: the check runs again at once
broker "use_uniq_jobs=off result_workers=2"
if reload_in_flight new-link; then
	if ! wait_marks $((n_hup + 1)); then
		fail new-link "slow was not run again at once"
	else
		t2=$(last_start)
		if eng_wait_field slow plugin_output "OK - slept from $t2" 15; then
			pass "new-link: a new link; the check runs again at once and its result is taken"
		else
			fail new-link "slow says '$(eng_field slow plugin_output)', not its run of $t2"
		fi
	fi
fi

# removed: the service in flight is gone after the reload that keeps the
# link (with unique ids on, so that its job is kept for a resend till then)
sleep 5 # the result of the first run of new-link is in
broker "result_workers=2"
reload_now uniq-on-again
svc noslow extra > "$T/svc.cfg"
links=$(grep -c 'mod_gearman: job server reachable' "$T/var/nagios.log")
if reload_in_flight removed; then
	if ! eng_wait_log 'mod_gearman: discarded a result: no such host or service' 10; then
		fail removed "no line about the result of slow"
	elif [ "$(grep -c 'mod_gearman: job server reachable' "$T/var/nagios.log")" != "$links" ]; then
		fail removed "the link was made again"
	else
		pass "removed: the result of the run in flight is discarded when it comes"
	fi
	cmd "PROCESS_SERVICE_CHECK_RESULT;h1;zz;1;after the removal"
	if kill -0 "$PID" 2>/dev/null && eng_wait_field zz plugin_output "after the removal" 10 &&
		! grep -q 'service_description=slow' "$T/var/status.dat"; then
		pass "removed: jaque runs on and answers its command pipe"
	else
		fail removed-alive "jaque gone or not answering: $(tail -n 5 "$T/jaque.out")"
	fi
fi

# host: host checks sent too; the reload adds a host before hslow while
# its check is in flight
broker "result_workers=2 hosts=yes"
svc slow > "$T/svc.cfg"
reload_now hosts-on
gm_next_stats
late0=$(gm_stat gm_results_late)
sent0=$(gm_stat gm_sent)
started0=$(gm_stat checks_started)
n0=$(marks "$HMARKS")
cmd "SCHEDULE_FORCED_HOST_CHECK;hslow;$(date +%s)"
if ! wait_marks $((n0 + 1)) "$HMARKS"; then
	fail host "hslow did not start"
else
	t_run=$(last_start "$HMARKS")
	sleep 0.5
	svc slow extra > "$T/svc.cfg"
	reload_now host
	for _ in $(seq 100); do
		[ "$(host_field hslow plugin_output)" = "OK - slept from $t_run" ] && break
		sleep 0.1
	done
	sleep 2
	gm_next_stats
	if [ "$(ran_by "$HMARKS")" != "$comm" ]; then
		fail host "hslow was run by '$(ran_by "$HMARKS")', not mod_gearman_worker"
	elif [ "$(host_field hslow plugin_output)" != "OK - slept from $t_run" ]; then
		fail host "the run in flight was not taken: hslow says '$(host_field hslow plugin_output)'"
	elif [ "$(marks "$HMARKS")" != $((n0 + 1)) ]; then
		fail host "hslow ran again after the reload ($(marks "$HMARKS") starts, $n0 before it)"
	elif [ "$(gm_stat checks_running)" != 0 ] || [ "$(gm_stat gm_results_late)" != "$late0" ]; then
		fail host "not taken as the result of the run in flight: $(settled_why)"
	elif [ "$(gm_stat gm_sent)" != "$((sent0 + 1))" ] ||
		[ "$(gm_stat checks_started)" != "$((started0 + 1))" ]; then
		fail host "$(counts) (before: $sent0, $started0)"
	else
		pass "host: a host check in flight is taken after the reload, and not sent again"
	fi
fi

# unconfirmed: gearmand is down, so the job of slow waits in jaque when
# the reload moves every id; at its deadline (the check's timeout) it is
# given up, and the orphan result goes to slow
gm_kill_gearmand
eng_wait_log 'mod_gearman: no job server takes jobs' 10 || fail unconfirmed "gearmand still taken"
cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
sleep 1
svc slow > "$T/svc.cfg"
if reload_now unconfirmed; then
	orphan="(service check orphaned, is the mod-gearman worker on queue 'service' running?)"
	if eng_wait_field slow plugin_output "$orphan" 15 &&
		[ "$(grep -c 'a job for queue .service. was given up' "$T/var/nagios.log")" = 1 ]; then
		pass "unconfirmed: a job waiting across the reload is given up for its own check"
	else
		fail unconfirmed "slow says '$(eng_field slow plugin_output)'"
	fi
fi

eng_stop
if [ "$STOP_RC" = 0 ] && ! grep -q 'Sanitizer' "$T/jaque.out"; then
	pass "jaque stops cleanly"
else
	fail stop "exit $STOP_RC: $(grep -A 20 Sanitizer "$T/jaque.out" | head -n 30)"
fi
eng_finish

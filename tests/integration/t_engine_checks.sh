#!/bin/sh
# t_engine_checks.sh: plugins that misbehave, run by the real daemon
# through its workers, and the state and text each object ends with.
#   sleeper   sleeps past service_check_timeout (2 s): killed, CRITICAL,
#             "(Service check timed out after ...", the sleep gone
#   flood     prints 20 MB: jaque survives, keeps the first line, OK
#   rc4       exit 4: CRITICAL, "(Return code of 4 ... out of bounds)"
#   missing   a plugin that does not exist: CRITICAL with Nagios's execvp text
#   selfkill  dies by SIGKILL: UNKNOWN with what it printed (as Nagios 4.4.6)
#   linger    exits 0 leaving a child holding stdout: OK at once, and the
#             child is killed with the plugin's process group
#   shell     a command line with a pipe runs through /bin/sh: OK
#   stale     a passive-only service with check_freshness and a 2 s
#             threshold: the stale warning, then a forced active check
#   timeout_state  service_check_timeout_state=u: a timeout is UNKNOWN
# The states are read from the HARD ALERT lines (max_check_attempts 1).
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

eng_init checks
# every first check at once (no inter-check delay): the cases wait a few
# seconds each, and Nagios's spread counts max_service_check_spread in
# minutes whatever interval_length is
eng_cfg service_check_timeout=2 service_freshness_check_interval=1 \
    service_inter_check_delay_method=n
eng_objects <<OBJ
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	check_interval		60
	service_description	sleeper
	check_command		run!/bin/sleep 30
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	flood
	check_command		run!$PLUGINS/flood.sh
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	rc4
	check_command		run!/bin/sh -c 'echo four\\; exit 4'
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	missing
	check_command		run!/nonexistent/check_nothing -H x
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	selfkill
	check_command		run!$PLUGINS/selfkill.sh
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	check_interval		60
	service_description	linger
	check_command		run!$PLUGINS/linger.sh $T/linger.pid
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	shell
	check_command		run!/bin/echo 'OK piped' | /bin/sed s/piped/through-sh/
}
define service {
	use			s-base
	host_name		h
	max_check_attempts	1
	service_description	stale
	active_checks_enabled	0
	check_freshness		1
	freshness_threshold	2
	check_command		run!/bin/sh -c 'echo CRITICAL forced by freshness\\; exit 2'
}
OBJ
eng_start || { fail engine_checks/start "jaque did not start"; eng_finish; }

# expect NAME REGEX [SECS]: an ALERT line for service NAME matching REGEX
expect() {
	if eng_wait_log "SERVICE ALERT: h;$1;$2" "${3:-10}"; then
		pass "engine_checks/$1"
	else
		fail "engine_checks/$1" "no ALERT line matching '$2'"
		grep "SERVICE ALERT: h;$1;" "$T/var/nagios.log" | head -3 | sed 's/^/  got: /'
	fi
}
expect sleeper 'CRITICAL;HARD;1;\(Service check timed out after [0-9.]+ seconds\)' 12
expect rc4 'CRITICAL;HARD;1;\(Return code of 4 for service .rc4. on host .h. was out of bounds\)'
expect missing 'CRITICAL;HARD;1;\(No output on stdout\) stderr: execvp\(/nonexistent/check_nothing, \.\.\.\) failed\. errno is 2: No such file or directory'
expect selfkill 'UNKNOWN;HARD;1;about to die'
if eng_wait_log "Warning: The results of service 'stale' on host 'h' are stale by 0d 0h 0m [0-9]+s \\(threshold=0d 0h 0m 2s\\)\\.  I'm forcing an immediate check of the service\\." 8; then
	pass engine_checks/stale_warning
else
	fail engine_checks/stale_warning "no stale warning for the passive service"
fi
expect stale 'CRITICAL;HARD;1;CRITICAL forced by freshness'
# OK results write no ALERT line: the shell and flood cases must not alert,
# and the daemon must still be there
sleep 3
for s in flood shell linger; do
	if grep -q "SERVICE ALERT: h;$s;" "$T/var/nagios.log"; then
		fail "engine_checks/$s" "an OK plugin made an ALERT line"
		grep "SERVICE ALERT: h;$s;" "$T/var/nagios.log" | head -2 | sed 's/^/  got: /'
	else
		pass "engine_checks/$s"
	fi
done
if [ -s "$T/linger.pid" ] && kill -0 "$(cat "$T/linger.pid")" 2>/dev/null; then
	fail engine_checks/linger_child_killed "the plugin's lingering child $(cat "$T/linger.pid") is alive"
else
	pass engine_checks/linger_child_killed
fi
if pgrep -f '^/bin/sleep 30$' > /dev/null; then
	fail engine_checks/timeout_killed "the timed-out plugin is still running"
else
	pass engine_checks/timeout_killed
fi
if kill -0 "$PID" 2>/dev/null; then
	pass engine_checks/daemon_alive
else
	fail engine_checks/daemon_alive "jaque died"
	cat "$T/jaque.out" | tail -5
fi
eng_stop
if [ "$STOP_RC" = 0 ]; then pass engine_checks/clean_exit; else fail engine_checks/clean_exit "exit $STOP_RC"; fi
if grep -q "Successfully shutdown" "$T/var/nagios.log"; then
	pass engine_checks/shutdown_logged
else
	fail engine_checks/shutdown_logged "no 'Successfully shutdown' line"
fi
# nothing jaque started may be left
sleep 0.5
if pgrep -f "$T" > "$T/left" 2>/dev/null; then
	fail engine_checks/no_leftovers "processes left: $(cat "$T/left" | tr '\n' ' ')"
else
	pass engine_checks/no_leftovers
fi

# a timeout with service_check_timeout_state=u is UNKNOWN
eng_stop
rm -f "$T/var/nagios.log"
eng_cfg service_check_timeout_state=u
eng_start || { fail engine_checks/start2 "jaque did not start"; eng_finish; }
expect sleeper 'UNKNOWN;HARD;1;\(Service check timed out after [0-9.]+ seconds\)' 12
eng_finish

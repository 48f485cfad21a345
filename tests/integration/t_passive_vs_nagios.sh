#!/bin/sh
# t_passive_vs_nagios.sh: check results that come from outside, under
# Debian's nagios4 and under jaque on the same instance, compared line by
# line (times removed): the command pipe (PROCESS_SERVICE_CHECK_RESULT,
# PROCESS_HOST_CHECK_RESULT), PROCESS_FILE, and files in check_result_path.
#
# What Nagios 4.4.6 does there (base/commands.c process_passive_*_check,
# base/checks.c *_is_passive and get_*_check_return_code, base/utils.c
# process_check_result_file):
#   - "PASSIVE SERVICE CHECK: host;svc;state;output" shows the state and
#     output the object had BEFORE the result, "(null)" when it had none;
#     not logged for an object or program refusing passive results (the
#     result is dropped; from the pipe the command fails), nor with
#     log_passive_checks=0 (the second run);
#   - a spool record with check_type=0 is an active result: no PASSIVE line,
#     exited_ok=0 gives "Warning:  Check of ... did not exit properly!" and
#     "(Service check did not exit properly)" CRITICAL (a host: DOWN),
#     early_timeout=1 the timeout warning, text and service_check_timeout_
#     state, codes out of bounds their warning; the passive switches do not
#     apply;
#   - a record without output is skipped, an unknown object is an Error.
# Also compared: current_state, state_type, check_type, plugin_output,
# check_execution_time and check_latency in status.dat of every object but
# hA (checked actively: its times are the machine's).
# Not in the scenario, a deliberate difference: a passive spool record with a
# code out of range (Nagios stores it as is, a service in state 9, a host in
# state 3 logged as "(unknown)"; jaque takes a service's as UNKNOWN and drops
# a host's, as the command pipe does).
# Skipped (exit 77) when nagios4 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: passive_vs_nagios: $NAGIOS is not installed"
	exit 77
fi
RUN=${RUN_SECONDS:-24}

setup() {
	eng_init passive
	eng_cfg check_result_reaper_frequency=1 service_check_timeout_state=u \
	    status_update_interval=1
	eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	hA
	address		127.0.0.1
}
define host {
	use			h-base
	host_name		hp
	address			127.0.0.9
	active_checks_enabled	0
	max_check_attempts	1
}
define host {
	use			h-base
	host_name		hoff
	address			127.0.0.10
	active_checks_enabled	0
	passive_checks_enabled	0
}
define service {
	use			s-base
	host_name		hA
	service_description	sp
	active_checks_enabled	0
	max_check_attempts	1
}
define service {
	use			s-base
	host_name		hA
	service_description	spoff
	active_checks_enabled	0
	passive_checks_enabled	0
	max_check_attempts	1
}
define service {
	use			s-base
	host_name		hA
	service_description	sa
	active_checks_enabled	0
	max_check_attempts	1
}
OBJ
}

# drop HOST SVC|- CHECK_TYPE RC EXITED_OK EARLY_TIMEOUT [OUTPUT|@none]: one
# spool file (run 2.5 s, latency 0.1), then wait for the reaper
n=0
drop() {
	n=$((n + 1))
	f=$T/var/spool/checkresults/c$(printf '%06d' $n)
	now=$(date +%s)
	{
		echo "### Check Result File ###"
		echo "file_time=$now"
		echo
		echo "host_name=$1"
		[ "$2" != - ] && echo "service_description=$2"
		echo "check_type=$3"
		echo "scheduled_check=0"
		echo "reschedule_check=0"
		echo "latency=0.1"
		echo "start_time=$((now - 2)).250000"
		echo "finish_time=$now.750000"
		echo "early_timeout=$6"
		echo "exited_ok=$5"
		echo "return_code=$4"
		[ "${7-}" != "@none" ] && echo "output=${7-}"
	} > "$f"
	touch "$f.ok"
	sleep 1.2
}

cmd() {
	printf '[%s] %s\n' "$(date +%s)" "$1" > "$T/var/rw/nagios.cmd"
	sleep 0.3
}

scenario() {
	sleep 2
	cmd "PROCESS_SERVICE_CHECK_RESULT;hA;sp;2;pipe first|a=1"
	cmd "PROCESS_SERVICE_CHECK_RESULT;hA;spoff;2;pipe off"
	cmd "PROCESS_SERVICE_CHECK_RESULT;hA;nosuch;2;x"
	cmd "PROCESS_SERVICE_CHECK_RESULT;hA;sp;1"
	cmd "PROCESS_HOST_CHECK_RESULT;hp;1;host down"
	cmd "PROCESS_HOST_CHECK_RESULT;hoff;1;host off"
	now=$(date +%s)
	printf '[%s] PROCESS_SERVICE_CHECK_RESULT;hA;sa;2;from file\n[%s] PROCESS_HOST_CHECK_RESULT;hp;0;file up\n' \
	    "$now" "$now" > "$T/cmds.txt"
	cmd "PROCESS_FILE;$T/cmds.txt;0"
	drop hA sp 1 2 1 0 "spool first|p=1"
	drop hA spoff 1 2 1 0 "off svc"
	drop hA sa 0 1 1 0 "active res"
	drop hA sa 0 0 0 0 "not exited"
	drop hA sa 0 0 1 1 "timed"
	drop hA sa 0 7 1 0 "oob"
	drop hA sp 1 0 1 0 @none
	drop hA sp 1 1 1 0 ""
	drop hp - 1 1 1 0 "host passive"
	drop hp - 0 0 0 0 "host notexit"
	drop hp - 0 0 1 1 "host timed"
	drop hoff - 1 1 1 0 "host off"
	drop hA nosuch 1 1 1 0 "nosvc"
	drop hA sa 1 1 1 0 "passive on sa"
}

# run ENGINE NAME: run it with the scenario, keep its log and status
run_engine() {
	rm -rf "$T/var"/nagios.log "$T/var"/*.dat "$T/var/nagios.lock" "$T"/var/spool/checkresults/*
	n=0
	"$1" "$CFG" > "$T/out.$2" 2>&1 &
	PID=$!
	scenario
	sleep 2
	cp "$T/var/status.dat" "$T/status.$2"
	eng_stop
	sed -n 's/^\[[0-9]*\] //p' "$T/var/nagios.log" |
	    grep -E '^(PASSIVE|SERVICE ALERT|HOST ALERT|Warning|Error|EXTERNAL COMMAND)' |
	    sed "s|$T||g" > "$T/log.$2"
	awk '/^(hoststatus|servicestatus) \{/ { inb = 1; split("", v); next }
	    inb && /^\t}/ { inb = 0
		print v["host_name"] "/" v["service_description"], v["current_state"],
		    v["state_type"], v["check_type"], v["plugin_output"],
		    v["check_execution_time"], v["check_latency"]; next }
	    inb { sub(/^\t/, ""); k = $0; sub(/=.*/, "", k); val = $0; sub(/^[^=]*=/, "", val)
		v[k] = val }' "$T/status.$2" | grep -v "^hA/ " > "$T/st.$2"
}

compare() {
	if [ ! -s "$T/log.nagios4" ]; then
		fail "passive_vs_nagios/$1" "nagios4 wrote nothing (the scenario is wrong)"
	elif cmp -s "$T/log.nagios4" "$T/log.jaque"; then
		pass "passive_vs_nagios/$1 log"
	else
		fail "passive_vs_nagios/$1 log" "lines differ (nagios4 <, jaque >)"
		diff "$T/log.nagios4" "$T/log.jaque" | sed 's/^/  /'
	fi
	if cmp -s "$T/st.nagios4" "$T/st.jaque"; then
		pass "passive_vs_nagios/$1 status"
	else
		fail "passive_vs_nagios/$1 status" "status.dat differs (nagios4 <, jaque >)"
		diff "$T/st.nagios4" "$T/st.jaque" | sed 's/^/  /'
	fi
}

setup
run_engine "$NAGIOS" nagios4
run_engine "$JAQUE" jaque
compare log_passive_checks=1
grep -q 'PASSIVE SERVICE CHECK: hA;sp;0;(null)' "$T/log.jaque" &&
    grep -q 'did not exit properly' "$T/log.jaque" &&
    pass "passive_vs_nagios/the lines that matter are there" ||
    fail "passive_vs_nagios/the lines that matter are there" "(null) or did-not-exit missing"
eng_cfg log_passive_checks=0
run_engine "$NAGIOS" nagios4
run_engine "$JAQUE" jaque
compare log_passive_checks=0
eng_finish

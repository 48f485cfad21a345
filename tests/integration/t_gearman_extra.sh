#!/bin/sh
# t_gearman_extra.sh: event handlers, notifications and performance data
# through a real gearmand, as mod_gearman's core module sends them.  A
# gearmand on a free loopback port and jaque with a mod_gearman
# broker_module line (payloads encrypted); service s1 takes passive
# results from the command pipe (its active checks are off, so no check
# job needs a worker), each CRITICAL result a hard state change with an
# event handler and a notification whose commands leave a file behind
# when they run here.  Jobs are taken off the queues with the gearman
# tool as a worker and decrypted with openssl.
#   1. eventhandler, notifications and perfdata on (perfdata_mode 1): the
#      handler and the notification are jobs on "eventhandler" and
#      "notification" with the module's fields (the notification command
#      expanded as the module does it), and neither runs here;
#      three results with perfdata leave one perfdata job for s1, one
#      for h1 (unique ids per object).
#   2. the options off: both commands run here, no job is queued.
#   3. perfdata_mode=2 and route_eventhandler_like_checks with a service
#      group queue: a perfdata job per result, the handler on the group's
#      queue.
#   4. when a Naemon with the module is there (NAEMON_PREFIX, default
#      build/bench-compare/naemon; MOD_GEARMAN, default
#      build/gearman/mod_gearman): the module in Naemon, on the same objects
#      with the same results and options as phase 1, must put the same job
#      texts on the queues (times masked), and not run the commands either.
# Skipped without gearmand, the gearman tool or openssl (gearman-job-server,
# gearman-tools).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"
. "$here/lib_naemon.sh"

GEARMAND=/usr/sbin/gearmand
if [ ! -x "$GEARMAND" ] || ! command -v gearman > /dev/null || ! command -v gearadmin > /dev/null ||
	! command -v openssl > /dev/null; then
	echo "SKIP: gearman_extra: needs gearmand, the gearman tools and openssl (apt-get install gearman-job-server gearman-tools openssl)"
	exit 77
fi

eng_init gearman_extra
KEY=jaque-test-key
# the AES key: the password's bytes padded with zeros to 32
KEYHEX=$(printf '%s' "$KEY" | od -An -tx1 | tr -d ' \n')
while [ "${#KEYHEX}" -lt 64 ]; do KEYHEX=${KEYHEX}00; done

eng_cfg process_performance_data=1 retain_state_information=0 status_update_interval=1
eng_objects << OBJ
define command {
	command_name	eh
	command_line	/usr/bin/touch $T/eh_\$ARG1\$_\$SERVICESTATE\$
}
define command {
	command_name	nt
	command_line	/usr/bin/touch $T/nt_\$NOTIFICATIONTYPE\$_\$ARG1\$_\$NOTIFICATIONRECIPIENTS\$_\$NOTIFICATIONISESCALATED\$
}
define contact {
	contact_name			c2
	host_notifications_enabled	0
	service_notifications_enabled	1
	host_notification_period	always
	service_notification_period	always
	host_notification_options	n
	service_notification_options	w,u,c,r
	host_notification_commands	up
	service_notification_commands	nt!a1
}
define servicegroup {
	servicegroup_name	sg1
}
define host {
	use			h-base
	host_name		h1
	address			127.0.0.1
	max_check_attempts	1
}
define service {
	use			s-base
	host_name		h1
	service_description	s1
	servicegroups		sg1
	active_checks_enabled	0
	max_check_attempts	1
	event_handler		eh!arg1
	contacts		c2
	notification_interval	0
}
OBJ

gd=
cleanup_all() {
	[ -n "${gd:-}" ] && kill "$gd" 2> /dev/null
	[ -n "$PID" ] && kill -KILL "$PID" 2> /dev/null
	wait 2> /dev/null
}
trap cleanup_all EXIT

# a phase: a fresh gearmand, jaque with broker_module options $1
phase_start() {
	port=$(eng_free_port)
	"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
	gd=$!
	eng_wait_port "$port" || return 1
	sed -i '/^broker_module=/d' "$CFG"
	eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$port encryption=yes key=$KEY $1"
	rm -f "$T"/eh_* "$T"/nt_* "$T/var/nagios.log"
	eng_start
}
phase_stop() {
	eng_stop
	[ "$STOP_RC" = 0 ] || fail stop "jaque ended with $STOP_RC: $(tail -n 5 "$T/jaque.out")"
	kill "$gd" 2> /dev/null
	wait "$gd" 2> /dev/null
	gd=
}
# the notification command as it runs here, and as the module expands it
# (no $ARGn$, recipients or escalation)
NT_LOCAL=nt_PROBLEM_a1_c2_0
NT_REMOTE=nt_PROBLEM___
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$T/var/rw/nagios.cmd"; }
svc_result() { cmd "PROCESS_SERVICE_CHECK_RESULT;h1;s1;$1;$2"; }
# jobs waiting on queue $1 (gearadmin prints the names as it likes their case)
waiting() {
	gearadmin -h 127.0.0.1 -p "$port" --status |
		awk -v q="$1" 'tolower($1) == tolower(q) { print $2; f = 1 } END { if (!f) print 0 }'
}
wait_waiting() {
	for _ in $(seq 50); do
		[ "$(waiting "$1")" = "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
# take one job off queue $1 and print its text
take() {
	timeout 5 gearman -h 127.0.0.1 -p "$port" -w -f "$1" -c 1 > "$T/payload" 2> /dev/null
	base64 -d < "$T/payload" | openssl enc -d -aes-256-ecb -K "$KEYHEX" -nopad | tr -d '\000'
}
field() { sed -n "s/^$1=//p" "$T/job"; }
# a job text with its times masked, for the comparison with the module
masked() { sed -e 's/^\(start_time\|core_time\)=[0-9.]*$/\1=T/' -e 's/TIMET::[0-9]*/TIMET::T/' "$T/job"; }
ms_time() { echo "$1" | grep -qE '^[0-9]{10}\.[0-9]{6}$'; }

# ---- 1: everything to gearmand
phase_start "services=yes eventhandler=yes notifications=yes perfdata=yes" ||
	fail phase1 "jaque or gearmand did not start"
svc_result 2 "CRIT one|x=1"
if wait_waiting eventhandler 1 && wait_waiting notification 1; then
	pass "a hard state change puts one job on 'eventhandler' and one on 'notification'"
else
	fail queued "eventhandler $(waiting eventhandler), notification $(waiting notification)"
fi
take eventhandler > "$T/job"
masked > "$T/jaque.jobs"
st=$(field start_time)
if [ "$(field type)" = eventhandler ] && [ "$(field command_line)" = "/usr/bin/touch $T/eh_arg1_CRITICAL" ] &&
	ms_time "$st" && [ "$(field core_time)" = "$st" ] && [ "$(sed -n 5,7p "$T/job" | tr -d '\n')" = "" ]; then
	pass "the event handler job has the module's fields (type, start_time = core_time, expanded command_line)"
else
	fail eh-job "$(cat "$T/job")"
fi
take notification > "$T/job"
masked >> "$T/jaque.jobs"
if [ "$(field type)" = notification ] && [ "$(field contact)" = c2 ] &&
	[ "$(field command_line)" = "/usr/bin/touch $T/$NT_REMOTE" ] &&
	[ "$(field plugin_output)" = "CRIT one" ] && ms_time "$(field start_time)" &&
	ms_time "$(field core_time)" && grep -qx 'long_plugin_output=(null)' "$T/job"; then
	pass "the notification job has the module's fields (contact, command_line, plugin_output)"
else
	fail nt-job "$(cat "$T/job")"
fi
if eng_wait_log 'SERVICE EVENT HANDLER: h1;s1;CRITICAL;HARD;1;eh!arg1' 1 &&
	eng_wait_log 'SERVICE NOTIFICATION: c2;h1;s1;CRITICAL;nt;CRIT one' 1; then
	pass "the EVENT HANDLER and NOTIFICATION lines are logged as before"
else
	fail logged "no EVENT HANDLER or NOTIFICATION line"
fi
sleep 1
if ls "$T"/eh_* "$T"/nt_* > /dev/null 2>&1; then
	fail not-local "ran here: $(ls "$T"/eh_* "$T"/nt_* 2> /dev/null)"
else
	pass "neither the handler nor the notification ran here"
fi
# perfdata: s1's first result and two more, h1's two; one job per object
svc_result 2 "CRIT two|x=2"
svc_result 2 "CRIT three|x=3"
cmd "PROCESS_HOST_CHECK_RESULT;h1;0;UP one|h=1"
cmd "PROCESS_HOST_CHECK_RESULT;h1;0;UP two|h=2"
svc_result 2 "CRIT no perfdata"
# the last result applied, and a second for late jobs
eng_wait_field s1 plugin_output "CRIT no perfdata" 10
wait_waiting perfdata 2
sleep 1
if [ "$(waiting perfdata)" = 2 ]; then
	pass "perfdata_mode 1: five results with perfdata leave one job for s1 and one for h1"
else
	fail perfdata-mode1 "$(waiting perfdata) jobs on perfdata"
fi
take perfdata > "$T/job"
take perfdata >> "$T/job"
masked >> "$T/jaque.jobs"
tab=$(printf '\t')
if grep -q "^DATATYPE::SERVICEPERFDATA${tab}TIMET::[0-9]*${tab}HOSTNAME::h1${tab}SERVICEDESC::s1${tab}SERVICEPERFDATA::x=1${tab}SERVICECHECKCOMMAND::seq${tab}HOSTSTATE::UP${tab}HOSTSTATETYPE::HARD${tab}SERVICESTATE::CRITICAL${tab}SERVICESTATETYPE::HARD\$" "$T/job" &&
	grep -q "^DATATYPE::HOSTPERFDATA${tab}TIMET::[0-9]*${tab}HOSTNAME::h1${tab}HOSTPERFDATA::h=1${tab}HOSTCHECKCOMMAND::up${tab}HOSTSTATE::UP${tab}HOSTSTATETYPE::HARD\$" "$T/job"; then
	pass "the perfdata jobs are the module's default templates, expanded (gearmand keeps the first of a unique id)"
else
	fail perfdata-text "$(cat -A "$T/job")"
fi
# long output (the pipe's "\n" are newlines here, as in Nagios): a
# recovery and a new problem, whose notification carries it escaped
svc_result 0 "OK again"
svc_result 2 'CRIT four\nline two\nline three'
wait_waiting notification 2
take notification > "$T/job"
take notification > "$T/job"
if grep -qx "command_line=/usr/bin/touch $T/$NT_REMOTE" "$T/job" &&
	grep -qxF 'long_plugin_output=line two\nline three' "$T/job"; then
	pass "a notification's long output has its newlines escaped, as Naemon keeps it"
else
	fail long-output "$(cat -A "$T/job")"
fi
phase_stop

# ---- 2: the options off
phase_start "services=yes" || fail phase2 "jaque or gearmand did not start"
svc_result 2 "CRIT one|x=1"
for _ in $(seq 50); do
	[ -f "$T/eh_arg1_CRITICAL" ] && [ -f "$T/$NT_LOCAL" ] && break
	sleep 0.1
done
if [ -f "$T/eh_arg1_CRITICAL" ] && [ -f "$T/$NT_LOCAL" ]; then
	pass "without the options the handler and the notification run here"
else
	fail local "ran here: $(ls "$T"/eh_* "$T"/nt_* 2> /dev/null)"
fi
if [ "$(waiting eventhandler)$(waiting notification)$(waiting perfdata)" = 000 ]; then
	pass "without the options nothing goes to gearmand"
else
	fail none-queued "$(gearadmin -h 127.0.0.1 -p "$port" --status)"
fi
phase_stop

# ---- 3: append mode, handlers routed like checks
phase_start "servicegroups=sg1 eventhandler=yes route_eventhandler_like_checks=yes perfdata=yes perfdata_mode=2" ||
	fail phase3 "jaque or gearmand did not start"
svc_result 2 "CRIT one|x=1"
svc_result 2 "CRIT two|x=2"
svc_result 2 "CRIT three|x=3"
if wait_waiting perfdata 3; then
	pass "perfdata_mode 2: a job per result"
else
	fail perfdata-mode2 "$(waiting perfdata) jobs on perfdata"
fi
if wait_waiting servicegroup_sg1 1 && [ "$(waiting eventhandler)" = 0 ]; then
	take servicegroup_sg1 > "$T/job"
	if [ "$(field type)" = eventhandler ]; then
		pass "route_eventhandler_like_checks: the handler goes to the service group's queue"
	else
		fail routed-job "$(cat "$T/job")"
	fi
else
	fail routed "servicegroup_sg1 $(waiting servicegroup_sg1), eventhandler $(waiting eventhandler)"
fi
if [ -f "$T/$NT_LOCAL" ]; then
	pass "notifications off: the notification runs here"
else
	fail nt-local "no $T/$NT_LOCAL"
fi
phase_stop

# ---- 4: the module itself in Naemon, same objects, results and options as phase 1
naemon=${NAEMON_PREFIX:-$top/build/bench-compare/naemon}/bin/naemon
mg=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}
if [ ! -x "$naemon" ] || [ ! -f "$mg/lib/mod_gearman_naemon.o" ]; then
	echo "gearman_extra: no Naemon ($naemon) or no module ($mg): the module's jobs are not compared"
	eng_finish
fi
port=$(eng_free_port)
"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
gd=$!
eng_wait_port "$port" || fail naemon-gearmand "gearmand did not start"
nd=$T/naemon
mkdir -p "$nd/cr"
rm -f "$T"/eh_* "$T"/nt_*
# jaque's nagios.cfg less its own paths, with Naemon's
grep -vE '^(log_file|status_file|lock_file|command_file|query_socket|check_result_path|temp_file|state_retention_file|object_cache_file|nagios_user|nagios_group|broker_module|log_archive_path)=' \
	"$CFG" > "$nd/naemon.cfg"
naemon_paths "$nd" >> "$nd/naemon.cfg"
echo "broker_module=$mg/lib/mod_gearman_naemon.o server=127.0.0.1:$port encryption=yes key=$KEY services=yes eventhandler=yes notifications=yes perfdata=yes logfile=$nd/mod_gearman.log" >> "$nd/naemon.cfg"
root=
[ "$(id -u)" = 0 ] && root=--allow-root
# shellcheck disable=SC2086 # root is one word or none
"$naemon" $root "$nd/naemon.cfg" > "$nd/naemon.out" 2>&1 &
PID=$!
for _ in $(seq 100); do
	[ -p "$nd/naemon.cmd" ] && grep -q 'successfully initialized' "$nd/naemon.log" 2> /dev/null && break
	sleep 0.1
done
ncmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$nd/naemon.cmd"; }
ncmd "PROCESS_SERVICE_CHECK_RESULT;h1;s1;2;CRIT one|x=1"
wait_waiting eventhandler 1
wait_waiting notification 1
take eventhandler > "$T/job"
masked > "$T/naemon.jobs"
take notification > "$T/job"
masked >> "$T/naemon.jobs"
ncmd "PROCESS_SERVICE_CHECK_RESULT;h1;s1;2;CRIT two|x=2"
ncmd "PROCESS_SERVICE_CHECK_RESULT;h1;s1;2;CRIT three|x=3"
ncmd "PROCESS_HOST_CHECK_RESULT;h1;0;UP one|h=1"
ncmd "PROCESS_HOST_CHECK_RESULT;h1;0;UP two|h=2"
wait_waiting perfdata 2
sleep 1
take perfdata > "$T/job"
take perfdata >> "$T/job"
masked >> "$T/naemon.jobs"
eng_stop
if [ -s "$T/naemon.jobs" ] && diff "$T/naemon.jobs" "$T/jaque.jobs" > "$T/jobs.diff"; then
	pass "the module in Naemon queues the same event handler, notification and perfdata jobs as jaque"
else
	fail module-jobs "Naemon's jobs (<) and jaque's (>) differ: $(cat "$T/jobs.diff")"
	tail -n 20 "$nd/mod_gearman.log" "$nd/naemon.log"
fi
if ls "$T"/eh_* "$T"/nt_* > /dev/null 2>&1; then
	fail module-not-local "the module let Naemon run: $(ls "$T"/eh_* "$T"/nt_* 2> /dev/null)"
fi
kill "$gd" 2> /dev/null
wait "$gd" 2> /dev/null
gd=
eng_finish

#!/bin/bash
# t_overrides.sh: the run-time changes external commands make to periods
# and custom variables (CHANGE_*_TIMEPERIOD, CHANGE_CUSTOM_*_VAR) take
# effect (checks stop outside the new period; macros give the new value),
# show in status.dat as Nagios writes them, and survive a reload (SIGHUP)
# and a restart (through retention.dat).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

eng_init overrides
eng_cfg retain_state_information=1 retention_update_interval=60 status_update_interval=1
eng_objects <<'OBJ'
define timeperiod {
	timeperiod_name	never
	alias		never
}
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
	_OWNER		ops
}
define service {
	use			s-base
	host_name		h1
	service_description	s1
	check_command		run!/bin/echo OK port $_SERVICEPORT$ owner $_HOSTOWNER$
	_PORT			80
}
OBJ
FIFO=$T/var/rw/nagios.cmd
STATUS=$T/var/status.dat
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$FIFO"; }
# svc_field KEY: the value of KEY in h1/s1's servicestatus block
svc_field() { awk -v k="$1" '/^servicestatus \{/ { s = 1 } s && $0 ~ "^\t" k "=" { sub("^\t" k "=", ""); print; exit }' "$STATUS"; }
# contact_field KEY
contact_field() { awk -v k="$1" '/^contactstatus \{/ { s = 1 } s && $0 ~ "^\t" k "=" { sub("^\t" k "=", ""); print; exit }' "$STATUS"; }
wait_field() {
	local i=0
	while [ "$i" -lt 40 ]; do
		[ "$($1 "$2")" = "$3" ] && return 0
		sleep 0.25
		i=$((i + 1))
	done
	echo "  ($2: wanted '$3', got '$($1 "$2")')"
	return 1
}

eng_start || { fail start "daemon did not start"; eng_finish; }
wait_field svc_field plugin_output "OK port 80 owner ops" && pass "custom variable macros as configured" \
	|| fail macros "first output"
cmd "CHANGE_CUSTOM_SVC_VAR;h1;s1;port;8080"
cmd "CHANGE_CUSTOM_HOST_VAR;h1;owner;dev"
wait_field svc_field plugin_output "OK port 8080 owner dev" \
	&& pass "CHANGE_CUSTOM_*_VAR: the next check's command line has the new values" \
	|| fail custom-macro "not expanded"
wait_field svc_field _PORT "1;8080" && pass "status.dat shows _PORT=1;8080 (modified)" \
	|| fail custom-status "no _PORT"
cmd "CHANGE_SVC_CHECK_TIMEPERIOD;h1;s1;never"
cmd "CHANGE_CONTACT_SVC_NOTIFICATION_TIMEPERIOD;c1;never"
wait_field svc_field check_period never && pass "status.dat shows check_period=never" \
	|| fail period-status "no change"
wait_field contact_field service_notification_period never \
	&& pass "status.dat shows the contact's new notification period" || fail contact-period "no change"
sleep 1.5
last1=$(svc_field last_check)
sleep 3
last2=$(svc_field last_check)
[ "$last1" = "$last2" ] && pass "no check runs outside the new check period" \
	|| fail period-effect "last_check moved $last1 -> $last2"

# reload: the overrides stay (the contact's too: it points into the new configuration)
kill -HUP "$PID"
eng_wait_log 'Caught SIGHUP' 5
sleep 2
if kill -0 "$PID" 2>/dev/null && [ "$(svc_field check_period)" = never ] &&
	[ "$(contact_field service_notification_period)" = never ] && [ "$(svc_field _PORT)" = "1;8080" ]; then
	pass "after a reload: periods and variables kept"
else
	fail reload "$(svc_field check_period) $(contact_field service_notification_period) $(svc_field _PORT)"
fi

# restart: retention brings them back
eng_stop
eng_start || fail restart "did not start again"
sleep 2
if [ "$(svc_field check_period)" = never ] && [ "$(svc_field _PORT)" = "1;8080" ] &&
	[ "$(contact_field service_notification_period)" = never ]; then
	pass "after a restart: periods and variables read back from retention.dat"
else
	fail restart-keep "$(svc_field check_period) $(svc_field _PORT) $(contact_field service_notification_period)"
fi
cmd "CHANGE_SVC_CHECK_TIMEPERIOD;h1;s1;always"
cmd "SCHEDULE_FORCED_SVC_CHECK;h1;s1;$(date +%s)"
last1=$(svc_field last_check)
i=0
while [ "$i" -lt 40 ] && [ "$(svc_field last_check)" = "$last1" ]; do sleep 0.25; i=$((i + 1)); done
[ "$(svc_field last_check)" != "$last1" ] && [ "$(svc_field plugin_output)" = "OK port 8080 owner dev" ] \
	&& pass "back in a period: checks run with the changed variables" \
	|| fail resume "$(svc_field plugin_output)"
eng_stop
eng_finish

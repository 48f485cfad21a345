#!/bin/sh
# t_retention_nagios.sh: retention.dat crosses between jaque and Debian's
# nagios4 in both directions with states, comments, acknowledgements and
# downtime intact.
#   1. jaque runs on a small instance with retain_state_information=1 and
#      takes through its command file: three CRITICAL passive results for
#      h1;web (a HARD problem, with long output and performance data), an
#      acknowledgement (sticky, persistent), a persistent host comment, a
#      fixed host downtime in effect now, DISABLE_SVC_NOTIFICATIONS; it is
#      stopped (SIGTERM saves retention.dat).
#   2. nagios4 runs for a few seconds on the same instance and reads that
#      file: its status.dat must show the state, the texts, the
#      acknowledgement, the disabled notifications (modified attribute),
#      the comments, the downtime in effect (depth 1) and its comment.
#   3. nagios4 is stopped (it saves retention.dat itself); jaque starts
#      on that file and is stopped again: the retention.dat it writes
#      must carry the same values.
# Skipped (exit 77) when nagios4 or the jaque binary is missing.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: retention_nagios: $NAGIOS is not installed"
	exit 77
fi
if [ ! -x "$JAQUE" ]; then
	echo "SKIP: retention_nagios: no jaque binary at $JAQUE"
	exit 77
fi

eng_init retention
eng_cfg retain_state_information=1 retention_update_interval=60 status_update_interval=1
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}
define host {
	use		h-base
	host_name	h2
	address		127.0.0.2
}
define service {
	use			s-base
	host_name		h1
	service_description	web
	active_checks_enabled	0
}
define service {
	use			s-base
	host_name		h2
	service_description	db
	active_checks_enabled	0
}
OBJ

# the value of key in the section of file that starts with "type {" and
# names host (and service): status.dat indents with a tab, retention.dat not
field() {
	awk -v t="$2 {" -v h="$3" -v s="$4" -v k="$5" '
		{ sub(/^\t/, "") }
		$0 == t { inb = 1; hn = ""; sd = ""; v = ""; found = 0; next }
		inb && /^host_name=/ { hn = substr($0, 11) }
		inb && /^service_description=/ { sd = substr($0, 21) }
		inb && index($0, k "=") == 1 { v = substr($0, length(k) + 2); found = 1 }
		inb && $0 == "}" {
			if (hn == h && (s == "" || sd == s) && found) { print v; exit }
			inb = 0
		}' "$1"
}

# expect FILE TYPE HOST SVC KEY VALUE CASE
expect() {
	got=$(field "$1" "$2" "$3" "$4" "$5")
	if [ "$got" = "$6" ]; then
		pass "$7"
	else
		fail "$7" "$2 $3${4:+;$4} $5 is '$got', expected '$6'"
	fi
}

# a comment (or downtime) section of type with this text exists
expect_text() {
	if awk -v t="$2 {" -v line="$3" '{ sub(/^\t/, "") } $0 == t { inb = 1 }
	    inb && $0 == line { ok = 1 } $0 == "}" { inb = 0 } END { exit !ok }' "$1"; then
		pass "$4"
	else
		fail "$4" "no $2 with '$3' in $(basename "$1")"
	fi
}

# the state every step must find
check_all() {
	f=$1
	w=$2
	expect "$f" "$3" h1 web current_state 2 "$w/state"
	expect "$f" "$3" h1 web state_type 1 "$w/state_type"
	expect "$f" "$3" h1 web plugin_output "CRITICAL - refused" "$w/output"
	expect "$f" "$3" h1 web long_plugin_output 'second line\ncolumn \\ 2' "$w/long_output"
	expect "$f" "$3" h1 web performance_data "t=1.5s;1;2" "$w/perfdata"
	expect "$f" "$3" h1 web problem_has_been_acknowledged 1 "$w/ack"
	expect "$f" "$3" h1 web acknowledgement_type 2 "$w/ack_type"
	expect "$f" "$3" h2 db notifications_enabled 0 "$w/notifications"
	expect "$f" "$3" h2 db modified_attributes 1 "$w/modified_attributes"
	expect_text "$f" servicecomment "comment_data=Looking at it" "$w/ack_comment"
	expect_text "$f" hostcomment "comment_data=Keep this one" "$w/host_comment"
	expect_text "$f" hostdowntime "comment=Planned work" "$w/downtime"
	expect_text "$f" hostcomment "entry_type=2" "$w/downtime_comment"
}

now=$(date +%s)
eng_start || { fail retention_nagios/start "jaque did not start"; eng_finish; }
{
	for i in 1 2 3; do
		printf '[%s] PROCESS_SERVICE_CHECK_RESULT;h1;web;2;CRITICAL - refused\\nsecond line\\ncolumn \\\\ 2|t=1.5s;1;2\n' "$now"
	done
	printf '[%s] ACKNOWLEDGE_SVC_PROBLEM;h1;web;2;1;1;tester;Looking at it\n' "$now"
	printf '[%s] ADD_HOST_COMMENT;h2;1;tester;Keep this one\n' "$now"
	printf '[%s] SCHEDULE_HOST_DOWNTIME;h2;%s;%s;1;0;0;tester;Planned work\n' "$now" "$now" $((now + 7200))
	printf '[%s] DISABLE_SVC_NOTIFICATIONS;h2;db\n' "$now"
} > "$T/var/rw/nagios.cmd"
eng_wait_log 'EXTERNAL COMMAND: DISABLE_SVC_NOTIFICATIONS' 10 ||
	fail retention_nagios/commands "jaque did not take the commands"
eng_wait_log 'HOST DOWNTIME ALERT: h2;STARTED' 5 ||
	fail retention_nagios/downtime_start "jaque did not start the downtime"
eng_stop
cp "$T/var/retention.dat" "$T/jaque1.dat" 2>/dev/null ||
	fail retention_nagios/jaque_wrote "jaque wrote no retention.dat"
check_all "$T/jaque1.dat" jaque_wrote service

# 2. nagios4 reads jaque's file
rm -f "$T/var/status.dat" "$T/var/nagios.lock"
"$NAGIOS" "$CFG" > "$T/out.nagios4" 2>&1 &
PID=$!
i=0
while [ "$i" -lt 100 ] && ! grep -q 'servicestatus' "$T/var/status.dat" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
sleep 2
cp "$T/var/status.dat" "$T/nagios4-status.dat" 2>/dev/null ||
	fail retention_nagios/nagios4_status "nagios4 wrote no status.dat"
eng_stop
check_all "$T/nagios4-status.dat" nagios4_read servicestatus
expect "$T/nagios4-status.dat" hoststatus h2 "" scheduled_downtime_depth 1 nagios4_read/depth

# 3. jaque reads what nagios4 saved
cp "$T/var/retention.dat" "$T/nagios4.dat" 2>/dev/null ||
	fail retention_nagios/nagios4_wrote "nagios4 wrote no retention.dat"
rm -f "$T/var/status.dat" "$T/var/nagios.lock"
eng_start || fail retention_nagios/restart "jaque did not start again"
sleep 1
eng_stop
check_all "$T/var/retention.dat" jaque_read service

eng_finish

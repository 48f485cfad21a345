#!/bin/sh
# t_daemon_reload_downtime.sh: downtime across a reload and a restart, jaque
# against Debian's nagios4 on the same scenario.
#
# With retention on, Nagios 4.4.6 reads retention.dat again at SIGHUP (and
# at every start): each downtime comment is dropped, each downtime is
# registered again (a new comment with a new id, one in effect started
# again, so its "DOWNTIME ALERT: ...;STARTED" line comes again, but not its
# notification), and the list is sorted so that downtimes starting at the
# same time turn round.  The scenario: a host downtime and a service
# downtime in effect (starting at the same second), a fixed one in the
# future, a pending flexible one, a persistent and a non-persistent user
# comment, a contact notified of downtime; then SIGHUP, then a stop and a
# start, with log_initial_states=1.  Compared, each after the reload and
# after the restart: the DOWNTIME ALERT lines in order, the DOWNTIMESTART
# notifications, where the INITIAL ... STATE lines stand after the reload
# (Nagios logs them at a reload and at a start before the downtime starts
# again), and
# the comments and downtimes of status.dat (every field but the times; the
# dates in the comments' text masked).
# Skipped (exit 77) when nagios4 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: daemon_reload_downtime: $NAGIOS is not installed"
	exit 77
fi

eng_init reloaddt
eng_cfg retain_state_information=1 status_update_interval=1 log_initial_states=1
eng_objects <<'OBJ'
define contact {
	contact_name			c2
	host_notifications_enabled	1
	service_notifications_enabled	1
	host_notification_period	always
	service_notification_period	always
	host_notification_options	d,u,r,f,s
	service_notification_options	w,u,c,r,f,s
	host_notification_commands	up
	service_notification_commands	up
}
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
	contacts	c2
}
define service {
	use			s-base
	host_name		h
	service_description	s1
	contacts		c2
	check_interval		60
}
define service {
	use			s-base
	host_name		h
	service_description	s2
	contacts		c2
	check_interval		60
}
OBJ
eng_seq h_s1 "0 OK one"
eng_seq h_s2 "0 OK two"

cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$T/var/rw/nagios.cmd"; }

# wait_for FILE RE [SECS]
wait_for() {
	i=0
	while [ "$i" -lt $((${3:-10} * 10)) ]; do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# the comments and downtimes of a status.dat, times left out, dates masked
blocks() {
	awk '
	/^(hostcomment|servicecomment|hostdowntime|servicedowntime) \{/ { inb = 1; print; next }
	inb && /^\t\}/ { inb = 0; print; next }
	inb && !/^\t(entry_time|start_time|end_time|flex_downtime_start|expire_time)=/ { print }
	' "$1" | sed -E 's/[0-9]{2}-[0-9]{2}-[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}/DATE/g'
}

# the DOWNTIME ALERT lines and the downtime notifications of a log, no times
# (a notification without its output: when the first checks ran is not compared)
# (and the INITIAL ... STATE lines, the objects' names alone, where they stand)
dt_lines() {
	sed -n 's/^\[[0-9]*\] \(.*DOWNTIME ALERT: .*\)$/\1/p
	    s/^\[[0-9]*\] \(.*NOTIFICATION: .*DOWNTIME[^;]*;[^;]*\);.*$/\1/p
	    s/^\[[0-9]*\] \(INITIAL HOST STATE: [^;]*\);.*$/\1/p
	    s/^\[[0-9]*\] \(INITIAL SERVICE STATE: [^;]*;[^;]*\);.*$/\1/p'
}

# run ENGINE NAME: the whole scenario; keeps $T/NAME.{log,reload.dat,restart.dat}
run() {
	rm -f "$T/var/nagios.log" "$T/var"/*.dat "$T/var/nagios.lock" "$T/seq"/*.n
	"$1" "$CFG" > "$T/out.$2" 2>&1 &
	PID=$!
	wait_for "$T/var/nagios.log" 'starting\.\.\.' 10
	i=0
	while [ ! -p "$T/var/rw/nagios.cmd" ] && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	sleep 1.5
	now=$(date +%s)
	cmd "SCHEDULE_HOST_DOWNTIME;h;$now;$((now + 600));1;0;0;admin;host down"
	cmd "SCHEDULE_SVC_DOWNTIME;h;s1;$now;$((now + 600));1;0;0;admin;svc down"
	cmd "SCHEDULE_SVC_DOWNTIME;h;s2;$((now + 300));$((now + 600));1;0;0;admin;later"
	cmd "SCHEDULE_SVC_DOWNTIME;h;s2;$now;$((now + 600));0;0;120;admin;flexible"
	cmd "ADD_HOST_COMMENT;h;1;admin;kept"
	cmd "ADD_SVC_COMMENT;h;s1;0;admin;not persistent"
	wait_for "$T/var/nagios.log" 'SERVICE DOWNTIME ALERT: h;s1;STARTED' 10
	sleep 2
	kill -HUP "$PID"
	sleep 4
	cp "$T/var/status.dat" "$T/$2.reload.dat"
	eng_stop
	"$1" "$CFG" > "$T/out2.$2" 2>&1 &
	PID=$!
	sleep 4
	cp "$T/var/status.dat" "$T/$2.restart.dat"
	eng_stop
	cp "$T/var/nagios.log" "$T/$2.log"
}

run "$NAGIOS" nagios4
run "$JAQUE" jaque

# compare CASE NAGIOS-FILE JAQUE-FILE
compare() {
	if [ ! -s "$2" ]; then
		fail "daemon_reload_downtime/$1" "nagios4 gave nothing to compare (the scenario is wrong)"
	elif cmp -s "$2" "$3"; then
		pass "daemon_reload_downtime/$1"
	else
		fail "daemon_reload_downtime/$1" "differs (nagios4 <, jaque >)"
		diff "$2" "$3" | sed 's/^/  /'
	fi
}

for e in nagios4 jaque; do
	# the log in three parts: before the reload, after it, after the restart
	awk '/Caught SIGHUP/ { p = 1 } /Successfully shutdown/ { p = 2 } { print > (FILENAME "." p) }' \
	    "$T/$e.log"
	dt_lines < "$T/$e.log." > "$T/$e.before"
	dt_lines < "$T/$e.log.1" > "$T/$e.reload"
	# (at a start, too, the downtime read from retention starts after the
	# INITIAL lines: at the first pass of the loop)
	dt_lines < "$T/$e.log.2" > "$T/$e.restart"
	blocks "$T/$e.reload.dat" > "$T/$e.reload.blocks"
	blocks "$T/$e.restart.dat" > "$T/$e.restart.blocks"
done
compare before_reload "$T/nagios4.before" "$T/jaque.before"
compare reload_lines "$T/nagios4.reload" "$T/jaque.reload"
compare reload_status "$T/nagios4.reload.blocks" "$T/jaque.reload.blocks"
compare restart_lines "$T/nagios4.restart" "$T/jaque.restart"
compare restart_status "$T/nagios4.restart.blocks" "$T/jaque.restart.blocks"
eng_finish

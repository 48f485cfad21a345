#!/bin/sh
# t_restart_vs_nagios.sh: what a start on a retention.dat does, jaque
# against Debian's nagios4 reading the very same file.
#
# Each round writes one retention.dat (times relative to now), starts
# nagios4 on it for a few seconds, stops it, then does the same with jaque
# on a fresh copy, and compares what a client sees:
#   log      the FLAPPING ALERT, DOWNTIME ALERT, NOTIFICATION and INITIAL
#            ... STATE lines, times removed, in their order
#   notify   the notification commands run (type, object, state), sorted
#   status   status.dat: per host and service is_flapping,
#            percent_state_change, no_more_notifications,
#            next_notification, scheduled_downtime_depth; the comments and
#            downtimes without their times
#   saved    the retention.dat each wrote when stopped: per object
#            is_flapping, percent_state_change,
#            check_flapping_recovery_notification, flapping_comment_id
# The rounds:
#   notify   problems notified before the stop: notification_interval 0
#            (no_more_notifications), 5, a volatile service, an escalation
#            with interval 0, a host; next_notification recomputed; a
#            service never checked (its empty output is "" in the INITIAL
#            line)
#   flap     flap detection judged again on the retained history: a
#            flapping service (STARTED again, no notification, a new
#            comment in place of the old one), one in a soft problem and one
#            between the thresholds (no longer flapping, silently), one not
#            flapping with a flapping history (STARTED and FLAPPINGSTART), a
#            flapping host
#   tweaks   the same file with use_large_installation_tweaks=1: is_flapping
#            taken as written, no line, the old comment gone
#   reload   the flap round's start, then SIGHUP: Nagios reads retention.dat
#            again, so the flapping objects log STARTED again (without a
#            notification; the comment stays) and an output never set is ""
#            in the INITIAL lines, no longer "(null)"
#   dtstart  downtime in effect: it starts again after the INITIAL lines;
#            one nested (started at depth 1, its start notification never
#            sent) that the file lists first starts first and notifies; a
#            triggered one starts with its trigger
#   dtpast   downtime whose end passed while nothing ran: a fixed one
#            starts and stops (DOWNTIMEEND); a fixed one registered after
#            an unstarted flexible one past its end is removed by that
#            one's expiry (DOWNTIMEEND, no DOWNTIME ALERT line)
# Skipped (exit 77) when nagios4 or the jaque binary is missing.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
LC_ALL=C
export LC_ALL
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: restart_vs_nagios: $NAGIOS is not installed"
	exit 77
fi
if [ ! -x "$JAQUE" ]; then
	echo "SKIP: restart_vs_nagios: no jaque binary at $JAQUE"
	exit 77
fi

eng_init restartcmp
eng_cfg retain_state_information=1 use_retained_program_state=1 status_update_interval=1 \
    log_initial_states=1 enable_flap_detection=1 low_service_flap_threshold=5.0 \
    high_service_flap_threshold=20.0 low_host_flap_threshold=5.0 \
    high_host_flap_threshold=20.0 retention_update_interval=60
eng_objects <<OBJ
define command {
	command_name	note
	command_line	/bin/sh -c 'echo "\$NOTIFICATIONTYPE\$ \$HOSTNAME\$/\$SERVICEDESC\$ \$SERVICESTATE\$\$HOSTSTATE\$" >> $T/notify.out'
}
define contact {
	contact_name			cn
	host_notifications_enabled	1
	service_notifications_enabled	1
	host_notification_period	always
	service_notification_period	always
	host_notification_options	d,u,r,f,s
	service_notification_options	w,u,c,r,f,s
	host_notification_commands	note
	service_notification_commands	note
}
define host {
	name			hq
	use			h-base
	register		0
	active_checks_enabled	0
	contacts		cn
	notification_interval	0
}
define service {
	name			sq
	use			s-base
	register		0
	active_checks_enabled	0
	contacts		cn
	notification_interval	0
}
define host {
	use		hq
	host_name	hn
	address		127.0.0.1
}
define host {
	use		hq
	host_name	hd
	address		127.0.0.2
}
define host {
	use		hq
	host_name	hf
	address		127.0.0.3
}
OBJ
for s in n0 n5 nv nesc fl fs fm fg d1 d2 d3 d4 d5; do
	extra=
	case $s in
	n5) extra="notification_interval	5" ;;
	nv) extra="is_volatile	1" ;;
	nesc) extra="notification_interval	10" ;;
	esac
	eng_objects <<OBJ
define service {
	use			sq
	host_name		hn
	service_description	$s
	$extra
}
OBJ
done
eng_objects <<'OBJ'
define serviceescalation {
	host_name		hn
	service_description	nesc
	first_notification	1
	last_notification	0
	notification_interval	0
	contacts		cn
}
OBJ
cp "$CFG" "$T/base.cfg"

now=$(date +%s)
ALT="0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0"
MID="0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,2"
QUIET="0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"

# a service section: svc NAME STATE TYPE NOTIFIED_NUMBER IS_FLAPPING HISTORY
svc() {
	cat <<EOF
service {
host_name=hn
service_description=$1
modified_attributes=0
has_been_checked=1
check_type=1
current_state=$2
last_state=$2
last_hard_state=$2
current_problem_id=$(( $2 == 0 ? 0 : 7 ))
plugin_output=retained $1
long_plugin_output=
performance_data=
last_check=$((now - 100))
current_attempt=1
state_type=$3
last_state_change=$((now - 300))
last_hard_state_change=$((now - 300))
notified_on_critical=$(( $4 > 0 ? 1 : 0 ))
current_notification_number=$4
current_notification_id=$(( $4 > 0 ? 3 : 0 ))
last_notification=$(( $4 > 0 ? now - 100 : 0 ))
is_flapping=$5
percent_state_change=50.00
check_flapping_recovery_notification=$(( $5 == 1 && $4 > 0 ? 1 : 0 ))
flapping_comment_id=0
state_history=$6
}
EOF
}

# a host section: hst NAME STATE NOTIFIED_NUMBER IS_FLAPPING HISTORY
hst() {
	cat <<EOF
host {
host_name=$1
modified_attributes=0
has_been_checked=1
check_type=1
current_state=$2
last_state=$2
last_hard_state=$2
plugin_output=retained $1
last_check=$((now - 100))
current_attempt=1
state_type=1
last_state_change=$((now - 300))
last_hard_state_change=$((now - 300))
notified_on_down=$(( $3 > 0 ? 1 : 0 ))
current_notification_number=$3
last_notification=$(( $3 > 0 ? now - 100 : 0 ))
is_flapping=$4
percent_state_change=50.00
check_flapping_recovery_notification=0
flapping_comment_id=0
state_history=$5
}
EOF
}

head_sections() {
	cat <<EOF
info {
created=$((now - 60))
version=4.4.6
}
program {
modified_host_attributes=0
modified_service_attributes=0
next_comment_id=20
next_downtime_id=20
next_event_id=30
next_problem_id=30
next_notification_id=40
}
EOF
}

# a comment: cmt SERVICE ID TYPE PERSISTENT TEXT
cmt() {
	cat <<EOF
servicecomment {
host_name=hn
service_description=$1
entry_type=$3
comment_id=$2
source=0
persistent=$4
entry_time=$((now - 200))
expires=0
expire_time=0
author=(Nagios Process)
comment_data=$5
}
EOF
}

# a downtime: dt SERVICE ID FIXED START END FLEXSTART DURATION TRIGGER IN_EFFECT SENT
dt() {
	cat <<EOF
servicedowntime {
host_name=hn
service_description=$1
comment_id=$(($2 + 10))
downtime_id=$2
entry_time=$((now - 900))
start_time=$4
flex_downtime_start=$6
end_time=$5
triggered_by=$8
fixed=$3
duration=$7
is_in_effect=$9
start_notification_sent=${10}
author=admin
comment=dt $2
}
EOF
}

file_notify() {
	head_sections
	svc n0 2 1 1 0 "$QUIET"
	svc n5 2 1 1 0 "$QUIET"
	svc nv 2 1 1 0 "$QUIET"
	svc nesc 2 1 1 0 "$QUIET"
	svc fs 2 1 0 0 "$QUIET"
	hst hd 1 1 0 "$QUIET"
	# never checked: its empty output is "" in the INITIAL line, not "(null)"
	printf 'service {\nhost_name=hn\nservice_description=d5\nhas_been_checked=0\n'
	printf 'plugin_output=\nlong_plugin_output=\nperformance_data=\n}\n'
}

file_flap() {
	head_sections
	svc fl 0 1 0 1 "$ALT"
	svc fs 2 0 1 1 "$ALT"
	svc fm 0 1 1 1 "$MID"
	svc fg 0 1 0 0 "$ALT"
	svc n0 2 1 1 1 "$ALT"
	hst hf 0 0 1 "$ALT"
	cmt fl 4 3 0 "old flapping comment"
	cmt n0 5 3 0 "old flapping comment"
	cmt fm 6 1 1 "a persistent user comment"
}

file_dtstart() {
	head_sections
	# d1: a fixed one in effect and, listed first (earlier start), a
	# flexible one that began inside it (depth 1: no start notification)
	dt d1 2 0 $((now - 600)) $((now + 600)) $((now - 200)) 500 0 1 0
	dt d1 1 1 $((now - 300)) $((now + 600)) 0 900 0 1 1
	# d2 triggers d3; both in effect, d2's notification sent
	dt d2 3 1 $((now - 300)) $((now + 600)) 0 900 0 1 1
	dt d3 4 1 $((now - 300)) $((now + 600)) 0 900 3 1 0
}

file_dtpast() {
	head_sections
	# d4: a flexible one that never started, its end past; d5: a fixed one
	# in effect whose end passed, registered after d4's expiry
	dt d4 1 0 $((now - 900)) $((now - 30)) 0 60 0 0 0
	dt d5 2 1 $((now - 600)) $((now - 20)) 0 580 0 1 1
	# d1: a fixed one in effect whose end passed, alone on its service
	dt d1 3 1 $((now - 500)) $((now - 10)) 0 490 0 1 1
}

# what is compared from a log
log_lines() {
	sed -n 's/^\[[0-9]*\] \(.*FLAPPING ALERT: .*\)$/\1/p
	    s/^\[[0-9]*\] \(.*DOWNTIME ALERT: .*\)$/\1/p
	    s/^\[[0-9]*\] \(.*NOTIFICATION: .*\)$/\1/p
	    s/^\[[0-9]*\] \(INITIAL .* STATE: .*\)$/\1/p' "$1"
}

# the per-object fields of status.dat or retention.dat, and the comments and
# downtimes without their times
state_fields() {
	awk -v keys="$2" '
	BEGIN { n = split(keys, k, " "); for (i = 1; i <= n; i++) want[k[i]] = 1 }
	{ sub(/^\t/, "") }
	/^(hoststatus|servicestatus|host|service) \{$/ { obj = 1; name = ""; nv = 0; next }
	/^(hostcomment|servicecomment|hostdowntime|servicedowntime) \{$/ { blk = 1; print; next }
	obj && /^host_name=/ { name = substr($0, 11) }
	obj && /^service_description=/ { name = name ";" substr($0, 21) }
	obj {
		eq = index($0, "=")
		if (eq > 0 && (substr($0, 1, eq - 1) in want)) vals[++nv] = $0
	}
	obj && $0 == "}" {
		for (i = 1; i <= nv; i++) print name ": " vals[i]
		obj = 0
	}
	blk && /^(entry_time|start_time|end_time|flex_downtime_start|expire_time)=/ { next }
	blk { print }
	blk && $0 == "}" { blk = 0 }
	' "$1" | sed -E 's/[0-9]{2}-[0-9]{2}-[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}/DATE/g'
}

STATUS_KEYS="is_flapping percent_state_change no_more_notifications next_notification scheduled_downtime_depth current_notification_number"
SAVED_KEYS="is_flapping percent_state_change check_flapping_recovery_notification flapping_comment_id"

# run ENGINE TAG ROUND: one start on $T/ROUND.dat
run() {
	rm -rf "$T/var/nagios.log" "$T/var"/*.dat "$T/var/nagios.lock" "$T/notify.out" "$T/var/objects.cache"
	cp "$T/$3.dat" "$T/var/retention.dat"
	"$1" "$CFG" > "$T/out.$2.$3" 2>&1 &
	PID=$!
	i=0
	while [ "$i" -lt 100 ] && ! grep -q 'servicestatus' "$T/var/status.dat" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 3
	if [ "$3" = reload ]; then
		kill -HUP "$PID"
		sleep 4
	fi
	cp "$T/var/status.dat" "$T/$2.$3.status" 2>/dev/null
	eng_stop
	cp "$T/var/retention.dat" "$T/$2.$3.saved" 2>/dev/null
	log_lines "$T/var/nagios.log" > "$T/$2.$3.log"
	sort "$T/notify.out" > "$T/$2.$3.notify" 2>/dev/null || : > "$T/$2.$3.notify"
	state_fields "$T/$2.$3.status" "$STATUS_KEYS" > "$T/$2.$3.st"
	state_fields "$T/$2.$3.saved" "$SAVED_KEYS" > "$T/$2.$3.sv"
}

# compare CASE EXT ROUND: nagios4's file against jaque's
compare() {
	if [ ! -s "$T/nagios4.$3.$2" ] && [ "$2" != notify ]; then
		fail "restart_vs_nagios/$1" "nagios4 gave nothing to compare (the scenario is wrong)"
	elif cmp -s "$T/nagios4.$3.$2" "$T/jaque.$3.$2"; then
		pass "restart_vs_nagios/$1"
	else
		fail "restart_vs_nagios/$1" "differs (nagios4 <, jaque >)"
		diff "$T/nagios4.$3.$2" "$T/jaque.$3.$2" | sed 's/^/  /'
	fi
}

# expect CASE FILE PATTERN [COUNT]: a line of FILE matches (grep -E), or
# COUNT lines do: the round really shows what it is about, under nagios4
expect() {
	if [ -n "${4:-}" ] && [ "$(grep -cE "$3" "$2")" = "$4" ]; then
		pass "restart_vs_nagios/$1"
	elif [ -z "${4:-}" ] && grep -qE "$3" "$2"; then
		pass "restart_vs_nagios/$1"
	else
		fail "restart_vs_nagios/$1" "no line matching '$3' in $(basename "$2")"
	fi
}

for r in notify flap tweaks reload dtstart dtpast; do
	cp "$T/base.cfg" "$CFG"
	case $r in
	tweaks) file_flap > "$T/$r.dat"; eng_cfg use_large_installation_tweaks=1 ;;
	reload) file_flap > "$T/$r.dat" ;;
	*) "file_$r" > "$T/$r.dat" ;;
	esac
	run "$NAGIOS" nagios4 "$r"
	run "$JAQUE" jaque "$r"
	compare "$r/log" log "$r"
	compare "$r/notify" notify "$r"
	compare "$r/status" st "$r"
	compare "$r/saved" sv "$r"
done

# each round shows its case (under nagios4, which jaque matched above)
expect notify/no_more "$T/nagios4.notify.st" '^hn;n0: no_more_notifications=1$'
expect notify/next "$T/nagios4.notify.st" "^hn;n5: next_notification=$((now - 100 + 5))\$"
expect notify/empty_output "$T/nagios4.notify.log" '^INITIAL SERVICE STATE: hn;d5;OK;HARD;1;$'
expect flap/started "$T/nagios4.flap.log" '^SERVICE FLAPPING ALERT: hn;fl;STARTED'
expect flap/notified "$T/nagios4.flap.notify" '^FLAPPINGSTART hn/fg '
expect flap/soft "$T/nagios4.flap.st" '^hn;fs: is_flapping=0$'
expect tweaks/kept "$T/nagios4.tweaks.st" '^hn;fs: is_flapping=1$'
expect reload/started "$T/nagios4.reload.log" \
    '^SERVICE FLAPPING ALERT: hn;fl;STARTED.*' 2
expect reload/output "$T/nagios4.reload.log" '^INITIAL SERVICE STATE: hn;d1;OK;HARD;1;$'
expect dtstart/nested "$T/nagios4.dtstart.notify" '^DOWNTIMESTART hn/d1 '
expect dtpast/expired "$T/nagios4.dtpast.notify" '^DOWNTIMEEND hn/d5 '
eng_finish

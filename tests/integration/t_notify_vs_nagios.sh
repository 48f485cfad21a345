#!/bin/sh
# t_notify_vs_nagios.sh: notifications, event handlers, OCSP/OCHP and
# performance data under Debian's nagios4 and under jaque, on one
# configuration holding many scenarios side by side (each on its own hosts
# and services), the same scripted plugin results and the same external
# commands, compared object by object after removing times.
#
# Each engine runs for RUN_SECONDS (default 60; every script reaches its
# last, repeating result by about 30 s, the rest is slack for a loaded
# machine, where checks start late).  Intervals are seconds
# (interval_length=1); cached_host_check_horizon=0 so that hosts are
# really checked every second (Nagios otherwise skips a scheduled host
# check made within 15 s of the last one).  External commands are sent by
# the plugins themselves (plugins/seqcmd.sh) when they give a chosen
# result, so they fall at the same place of the sequence under both.
#
# What is compared, per object (the order of lines of one object is
# deterministic, the order between objects is not):
#   log       nagios.log lines SERVICE/HOST ALERT, NOTIFICATION, FLAPPING
#             ALERT, DOWNTIME ALERT, (GLOBAL) EVENT HANDLER, times removed
#   notify    one line per contact written by the notification commands
#             (NOTIFICATIONTYPE, CONTACTNAME, states, attempt, numbers,
#             RECIPIENTS, ISESCALATED, AUTHOR, COMMENT, output, ...),
#             ordered by $SERVICENOTIFICATIONID$/$HOSTNOTIFICATIONID$ and
#             contact (the commands of one notification run concurrently),
#             the id itself removed
#   handler   lines of the object and global event handlers (two files)
#   ocsp, perfcmd, perfdata   lines of OCSP/OCHP, the perfdata commands and
#             the perfdata files (template, append mode) with consecutive
#             duplicates removed: they come once per check result, and the
#             number of results in the window depends on timing, but each
#             script ends in a repeating result
# Timing-driven counts are kept out of the comparison: notification
# intervals are 0 or longer than the run, or the repeats are ended by an
# escalation with notification_interval 0, and an acknowledgement or a
# state change comes at least 2 s before a repeat would be due; the one
# exception is svc_renotify (every 3 s until the end), of which only the
# first 3 notifications are compared.  Times are checked loosely apart
# (cases notify/timing/*): svc_renotify's first two notifications are
# 3..5 s apart, svc_delay's first one comes 3..6 s after its HARD alert
# (the delay counts from the check's start, a second before the alert
# line at worst).
#
# The scenarios (hosts hb, hr, ha, hf, he, hd, hh, hp, hm):
#   basic      svc_basic: SOFT 1, 2, HARD 3 CRITICAL notifies once, then
#              RECOVERY; host hbd DOWN SOFT/HARD notifies, then RECOVERY
#   renotify   svc_renotify re-notifies every 3 s; svc_delay has
#              first_notification_delay 4; svc_delay_long's problem ends
#              before its delay (no notification, no recovery);
#              svc_filter (options c,r) notifies neither its HARD WARNING
#              nor the recovery from it; svc_contacts has two contacts, a
#              contact group overlapping them, a contact whose own options
#              lack w (it gets no WARNING and no recovery from one) and one
#              with notifications disabled; svc_disabled never notifies
#   ack        svc_ack: ACKNOWLEDGEMENT stops the re-notifications, a
#              change to WARNING ends the ack and notifies; svc_sticky: a
#              sticky ack survives the change, RECOVERY still goes out;
#              svc_custom (notifications disabled): SEND_CUSTOM with forced
#              and broadcast reaches the contact and the escalation
#              contact, without "forced" nothing is sent
#   flapdown   svc_flap: FLAPPINGSTART, the problem during flapping is not
#              notified, FLAPPINGSTOP and the PROBLEM together, RECOVERY;
#              svc_downtime: DOWNTIMESTART, HARD CRITICAL in downtime not
#              notified, DOWNTIMEEND then PROBLEM; svc_dtcancel:
#              DEL_SVC_DOWNTIME gives DOWNTIMECANCELLED then PROBLEM;
#              svc_dtexpire: a flexible downtime that never starts expires
#              at its end with DOWNTIMEEND (no DOWNTIME ALERT line), then
#              a later problem is notified;
#              svc_flapon: ENABLE_SVC_FLAP_DETECTION on a flapping history
#              starts flapping at once (FLAPPINGSTART), it stops later
#   escalate   svc_esc: #1 contact, #2-#3 escalation (interval 1), #4 a
#              second escalation with interval 0 (no more), its RECOVERY to
#              the second escalation; svc_esc_int: base interval 0 but an
#              escalation with interval 1 gives #1, #2, then #3 to the base
#              contact and no more; host hed: #1 contact, #2 escalation
#              with interval 0, RECOVERY to the escalation contact
#   depend     svc_d_notif is not notified while svc_m_notif is CRITICAL,
#              then is; svc_d_exec is not checked while svc_m_exec is
#              CRITICAL (it never reaches its CRITICAL results)
#   handlers   svc_handler: global and object handlers on SOFT and HARD
#              changes and recoveries; svc_handler_off (event handler
#              disabled): none; host hhd's handler
#   perfdata   svc_perf and host hpd: perfdata file lines, perfdata
#              commands, OCSP/OCHP; svc_noperf (process_perf_data 0): none
#   mixed      svc_mixed: soft WARNING handlers, HARD to a contact and a
#              group, sticky ack, change to CRITICAL, CUSTOM with
#              "increment" escalated, RECOVERY to the escalation, a second
#              problem to the base contacts; host hmd: ack of a DOWN host
#              stops its re-notifications, RECOVERY
#
# Environment: RUN_SECONDS; NAGIOS_RUNS=N runs nagios4 N times and checks
# that every run gives the same lines (determinism of the scenarios);
# SKIP_JAQUE=1 runs only nagios4; JAQUE, KEEP_TMP as in lib_engine.sh.
# Skipped (exit 77) when nagios4 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${JAQUE:-}" ] && [ -z "${BUILD_DIR:-}" ]; then
	if [ -x "$here/../../build/check/jaque" ]; then
		JAQUE=$(cd "$here/../../build/check" && pwd)/jaque
	else
		JAQUE=$(cd "$here/../.." && pwd)/build/dev/jaque
	fi
fi
. "$here/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
RUN=${RUN_SECONDS:-60}
LC_ALL=C
export LC_ALL
NRUNS=${NAGIOS_RUNS:-1}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: notify_vs_nagios: $NAGIOS is not installed"
	exit 77
fi

SCENARIOS="basic renotify ack flapdown escalate depend handlers perfdata mixed"
OBJ_basic="hb/svc_basic host/hbd"
OBJ_renotify="hr/svc_renotify hr/svc_delay hr/svc_delay_long hr/svc_filter hr/svc_contacts hr/svc_disabled"
OBJ_ack="ha/svc_ack ha/svc_sticky ha/svc_custom"
OBJ_flapdown="hf/svc_flap hf/svc_flapon hf/svc_downtime hf/svc_dtcancel hf/svc_dtexpire"
OBJ_escalate="he/svc_esc he/svc_esc_int host/hed"
OBJ_depend="hd/svc_m_notif hd/svc_d_notif hd/svc_m_exec hd/svc_d_exec"
OBJ_handlers="hh/svc_handler hh/svc_handler_off host/hhd"
OBJ_perfdata="hp/svc_perf hp/svc_noperf host/hpd"
OBJ_mixed="hm/svc_mixed host/hmd"
# objects of which only the first N notifications are compared
LIMITS="hr/svc_renotify=3"

setup() {
	eng_init notify
	mkdir -p "$T/out"
	eng_cfg cached_host_check_horizon=0 \
	    enable_notifications=1 enable_event_handlers=1 \
	    global_service_event_handler=gsh global_host_event_handler=ghh \
	    obsess_over_services=1 ocsp_command=ocsp \
	    obsess_over_hosts=1 ochp_command=ochp \
	    process_performance_data=1 \
	    "service_perfdata_file=$T/out/perfdata.svc" \
	    'service_perfdata_file_template=SVC\t$HOSTNAME$\t$SERVICEDESC$\t$SERVICESTATE$\t$SERVICESTATETYPE$\t$SERVICEATTEMPT$\t$SERVICEOUTPUT$\t$SERVICEPERFDATA$' \
	    service_perfdata_file_mode=a \
	    "host_perfdata_file=$T/out/perfdata.host" \
	    'host_perfdata_file_template=HST\t$HOSTNAME$\t$HOSTSTATE$\t$HOSTSTATETYPE$\t$HOSTATTEMPT$\t$HOSTOUTPUT$\t$HOSTPERFDATA$' \
	    host_perfdata_file_mode=a \
	    service_perfdata_command=pcmd_svc host_perfdata_command=pcmd_host \
	    enable_flap_detection=1 low_service_flap_threshold=5.0 \
	    high_service_flap_threshold=20.0 low_host_flap_threshold=5.0 \
	    high_host_flap_threshold=20.0
	sed "s|@T@|$T|g" <<'OBJ' | eng_objects
define command {
	command_name	sc
	command_line	$USER1$/seqcmd.sh @T@/var/rw/nagios.cmd @T@/seq $HOSTNAME$ $SERVICEDESC$
}
define command {
	command_name	hsc
	command_line	$USER1$/seqcmd.sh @T@/var/rw/nagios.cmd @T@/seq $HOSTNAME$
}
define command {
	command_name	notify_svc
	command_line	echo 'S|$SERVICENOTIFICATIONID$|$HOSTNAME$|$SERVICEDESC$|$NOTIFICATIONTYPE$|$CONTACTNAME$|$SERVICESTATE$|$SERVICESTATETYPE$|$SERVICEATTEMPT$|$LASTSERVICESTATE$|n=$NOTIFICATIONNUMBER$|sn=$SERVICENOTIFICATIONNUMBER$|hn=$HOSTNOTIFICATIONNUMBER$|to=$NOTIFICATIONRECIPIENTS$|esc=$NOTIFICATIONISESCALATED$|by=$NOTIFICATIONAUTHOR$|$NOTIFICATIONAUTHORNAME$|$NOTIFICATIONCOMMENT$|ack=$SERVICEACKAUTHOR$|$SERVICEACKCOMMENT$|dt=$SERVICEDOWNTIME$|$HOSTSTATE$|$SERVICEOUTPUT$|$SERVICEPERFDATA$' >> @T@/out/notify
}
define command {
	command_name	notify_host
	command_line	echo 'H|$HOSTNOTIFICATIONID$|$HOSTNAME$|$NOTIFICATIONTYPE$|$CONTACTNAME$|$HOSTSTATE$|$HOSTSTATETYPE$|$HOSTATTEMPT$|$LASTHOSTSTATE$|n=$NOTIFICATIONNUMBER$|hn=$HOSTNOTIFICATIONNUMBER$|to=$NOTIFICATIONRECIPIENTS$|esc=$NOTIFICATIONISESCALATED$|by=$NOTIFICATIONAUTHOR$|$NOTIFICATIONCOMMENT$|ack=$HOSTACKAUTHOR$|$HOSTACKCOMMENT$|dt=$HOSTDOWNTIME$|$HOSTOUTPUT$|$HOSTPERFDATA$' >> @T@/out/notify
}
define command {
	command_name	gsh
	command_line	echo 'GS|$HOSTNAME$|$SERVICEDESC$|$SERVICESTATE$|$SERVICESTATETYPE$|$SERVICEATTEMPT$|$LASTSERVICESTATE$|$SERVICEOUTPUT$' >> @T@/out/ghandler
}
define command {
	command_name	ghh
	command_line	echo 'GH|$HOSTNAME$|$HOSTSTATE$|$HOSTSTATETYPE$|$HOSTATTEMPT$|$LASTHOSTSTATE$|$HOSTOUTPUT$' >> @T@/out/ghandler
}
define command {
	command_name	eh_svc
	command_line	echo 'ES|$HOSTNAME$|$SERVICEDESC$|$ARG1$|$SERVICESTATE$|$SERVICESTATETYPE$|$SERVICEATTEMPT$|$MAXSERVICEATTEMPTS$|$LASTSERVICESTATE$|$SERVICEOUTPUT$' >> @T@/out/handler
}
define command {
	command_name	eh_host
	command_line	echo 'EH|$HOSTNAME$|$HOSTSTATE$|$HOSTSTATETYPE$|$HOSTATTEMPT$|$MAXHOSTATTEMPTS$|$LASTHOSTSTATE$|$HOSTOUTPUT$' >> @T@/out/handler
}
define command {
	command_name	ocsp
	command_line	echo 'O|$HOSTNAME$|$SERVICEDESC$|$SERVICESTATE$|$SERVICESTATETYPE$|$SERVICEATTEMPT$|$SERVICEOUTPUT$' >> @T@/out/ocsp
}
define command {
	command_name	ochp
	command_line	echo 'OH|$HOSTNAME$|$HOSTSTATE$|$HOSTSTATETYPE$|$HOSTATTEMPT$|$HOSTOUTPUT$' >> @T@/out/ocsp
}
define command {
	command_name	pcmd_svc
	command_line	echo 'P|$HOSTNAME$|$SERVICEDESC$|$SERVICESTATE$|$SERVICESTATETYPE$|$SERVICEATTEMPT$|$SERVICEPERFDATA$' >> @T@/out/perfcmd
}
define command {
	command_name	pcmd_host
	command_line	echo 'PH|$HOSTNAME$|$HOSTSTATE$|$HOSTSTATETYPE$|$HOSTATTEMPT$|$HOSTPERFDATA$' >> @T@/out/perfcmd
}
define contact {
	name				n-contact
	register			0
	host_notifications_enabled	1
	service_notifications_enabled	1
	host_notification_period	always
	service_notification_period	always
	host_notification_options	d,u,r,f,s
	service_notification_options	w,u,c,r,f,s
	host_notification_commands	notify_host
	service_notification_commands	notify_svc
}
define contact {
	use		n-contact
	contact_name	cA
	alias		Contact A
}
define contact {
	use		n-contact
	contact_name	cB
}
define contact {
	use				n-contact
	contact_name			cC
	service_notification_options	c,r
	host_notification_options	d,r
}
define contact {
	use				n-contact
	contact_name			cD
	service_notifications_enabled	0
}
define contact {
	use		n-contact
	contact_name	cE1
}
define contact {
	use		n-contact
	contact_name	cE2
}
define contactgroup {
	contactgroup_name	g1
	alias			group one
	members			cB,cA
}
define contactgroup {
	contactgroup_name	g2
	alias			group two
	members			cE2,cB
}
define host {
	name			n-host
	use			h-base
	register		0
	contacts		cA
	notification_interval	60
	notification_options	d,u,r,f,s
	flap_detection_enabled	0
	process_perf_data	0
	obsess_over_host	0
}
define host {
	name			n-shost
	use			n-host
	register		0
	check_command		hsc
	check_interval		1
	retry_interval		1
}
define service {
	name			n-svc
	use			s-base
	register		0
	check_command		sc
	contacts		cA
	notification_interval	60
	notification_options	w,u,c,r,f,s
	flap_detection_enabled	0
	process_perf_data	0
	obsess_over_service	0
}

# --- basic
define host {
	use		n-host
	host_name	hb
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hb
	service_description	svc_basic
}
define host {
	use		n-shost
	host_name	hbd
	address		127.0.0.1
}

# --- renotify
define host {
	use		n-host
	host_name	hr
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_renotify
	notification_interval	3
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_delay
	first_notification_delay	4
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_delay_long
	first_notification_delay	10
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_filter
	notification_options	c,r
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_contacts
	contacts		cA,cC,cD
	contact_groups		g1
}
define service {
	use			n-svc
	host_name		hr
	service_description	svc_disabled
	notifications_enabled	0
}

# --- ack
define host {
	use		n-host
	host_name	ha
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		ha
	service_description	svc_ack
	notification_interval	4
}
define service {
	use			n-svc
	host_name		ha
	service_description	svc_sticky
	notification_interval	4
}
define service {
	use			n-svc
	host_name		ha
	service_description	svc_custom
	notifications_enabled	0
}
define serviceescalation {
	host_name		ha
	service_description	svc_custom
	first_notification	2
	last_notification	0
	notification_interval	0
	contacts		cE1
}

# --- flapdown
define host {
	use		n-host
	host_name	hf
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hf
	service_description	svc_flap
	max_check_attempts	1
	flap_detection_enabled	1
}
define service {
	use			n-svc
	host_name		hf
	service_description	svc_flapon
	max_check_attempts	1
	flap_detection_enabled	0
}
define service {
	use			n-svc
	host_name		hf
	service_description	svc_downtime
	max_check_attempts	1
}
define service {
	use			n-svc
	host_name		hf
	service_description	svc_dtcancel
}
define service {
	use			n-svc
	host_name		hf
	service_description	svc_dtexpire
}

# --- escalate
define host {
	use		n-host
	host_name	he
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		he
	service_description	svc_esc
	notification_interval	2
}
define serviceescalation {
	host_name		he
	service_description	svc_esc
	first_notification	2
	last_notification	3
	notification_interval	1
	contacts		cE1
}
define serviceescalation {
	host_name		he
	service_description	svc_esc
	first_notification	4
	last_notification	0
	notification_interval	0
	contacts		cE2
}
define service {
	use			n-svc
	host_name		he
	service_description	svc_esc_int
	notification_interval	0
}
define serviceescalation {
	host_name		he
	service_description	svc_esc_int
	first_notification	1
	last_notification	2
	notification_interval	1
	contacts		cE1
}
define host {
	use			n-shost
	host_name		hed
	address			127.0.0.1
	notification_interval	2
}
define hostescalation {
	host_name		hed
	first_notification	2
	last_notification	0
	notification_interval	0
	contacts		cE1
}

# --- depend
define host {
	use		n-host
	host_name	hd
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hd
	service_description	svc_m_notif
	notification_interval	0
}
define service {
	use			n-svc
	host_name		hd
	service_description	svc_d_notif
	notification_interval	0
}
define servicedependency {
	host_name			hd
	service_description		svc_m_notif
	dependent_host_name		hd
	dependent_service_description	svc_d_notif
	notification_failure_criteria	c
	execution_failure_criteria	n
}
define service {
	use			n-svc
	host_name		hd
	service_description	svc_m_exec
	notification_interval	0
}
define service {
	use			n-svc
	host_name		hd
	service_description	svc_d_exec
	notification_interval	0
	obsess_over_service	1
}
define servicedependency {
	host_name			hd
	service_description		svc_m_exec
	dependent_host_name		hd
	dependent_service_description	svc_d_exec
	execution_failure_criteria	c
	notification_failure_criteria	n
}

# --- handlers
define host {
	use		n-host
	host_name	hh
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hh
	service_description	svc_handler
	event_handler		eh_svc!on
}
define service {
	use			n-svc
	host_name		hh
	service_description	svc_handler_off
	event_handler		eh_svc!off
	event_handler_enabled	0
}
define host {
	use		n-shost
	host_name	hhd
	address		127.0.0.1
	event_handler	eh_host
}

# --- perfdata
define host {
	use		n-host
	host_name	hp
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hp
	service_description	svc_perf
	process_perf_data	1
	obsess_over_service	1
}
define service {
	use			n-svc
	host_name		hp
	service_description	svc_noperf
}
define host {
	use			n-shost
	host_name		hpd
	address			127.0.0.1
	process_perf_data	1
	obsess_over_host	1
}

# --- mixed
define host {
	use		n-host
	host_name	hm
	address		127.0.0.1
}
define service {
	use			n-svc
	host_name		hm
	service_description	svc_mixed
	contacts		cA,cC
	contact_groups		g1
	notification_interval	0
	event_handler		eh_svc!mixed
	process_perf_data	1
	obsess_over_service	1
}
define serviceescalation {
	host_name		hm
	service_description	svc_mixed
	first_notification	2
	last_notification	0
	notification_interval	0
	escalation_options	w,c,r
	contacts		cE1
	contact_groups		g2
}
define host {
	use			n-shost
	host_name		hmd
	address			127.0.0.1
	notification_interval	4
}
OBJ
	# $(rep N LINE) gives N words when IFS is a newline
	oldifs=$IFS
	IFS='
'
	# basic
	eng_seq hb_svc_basic "0 OK one" "0 OK two" "2 CRIT a" "2 CRIT b" \
	    "2 CRIT c" "2 CRIT c" "2 CRIT c" "0 OK back"
	eng_seq hbd "0 UP 1" "0 UP 2" "2 DOWN 3" "2 DOWN 4" "2 DOWN 4" \
	    "2 DOWN 4" "0 UP back"
	# renotify
	eng_seq hr_svc_renotify "0 OK" "2 CRIT again and again"
	eng_seq hr_svc_delay "0 OK" $(rep 12 "2 CRIT delayed") "0 OK d"
	eng_seq hr_svc_delay_long "0 OK" $(rep 5 "2 CRIT short") "0 OK e"
	eng_seq hr_svc_filter "0 OK" $(rep 4 "1 WARN f") "0 OK f" \
	    $(rep 4 "2 CRIT f") "0 OK g"
	eng_seq hr_svc_contacts "0 OK" $(rep 4 "1 WARN h") "0 OK h" \
	    $(rep 4 "2 CRIT h") "0 OK i"
	eng_seq hr_svc_disabled "0 OK" $(rep 4 "2 CRIT j") "0 OK k"
	# ack: HARD with the 4th result, the ack comes with the 5th, a repeat
	# would be due with the 8th
	eng_seq ha_svc_ack "0 OK" $(rep 11 "2 CRIT a") "1 WARN b" "0 OK c"
	cmds ha_svc_ack "5 ACKNOWLEDGE_SVC_PROBLEM;ha;svc_ack;1;1;0;tester;ack one"
	eng_seq ha_svc_sticky "0 OK" $(rep 7 "2 CRIT s") $(rep 4 "1 WARN s") "0 OK s"
	cmds ha_svc_sticky "5 ACKNOWLEDGE_SVC_PROBLEM;ha;svc_sticky;2;1;0;tester;ack sticky"
	eng_seq ha_svc_custom "0 OK c"
	cmds ha_svc_custom "2 SEND_CUSTOM_SVC_NOTIFICATION;ha;svc_custom;3;tester;custom one" \
	    "5 SEND_CUSTOM_SVC_NOTIFICATION;ha;svc_custom;1;tester;custom two"
	# flapdown: the flapping starts with the 4th result and stops 20
	# later; svc_dtcancel's downtime must be the first one (id 1):
	# scheduled with its 2nd result, cancelled with its 9th (HARD with the
	# 6th); svc_downtime's lasts 8 s from its 5th result (HARD at once
	# with the 6th, CRITICAL until the 18th: the downtime ends some 7
	# results after the HARD alert and 5 before the recovery, with room
	# for checks that start late on a loaded machine)
	eng_seq hf_svc_flap "2 CRIT a" "0 OK b" "2 CRIT c" "0 OK d" \
	    $(rep 26 "2 CRIT e") "0 OK f"
	# svc_flapon alternates with flap detection off; turning it on (with
	# its 9th result, OK since the 6th) judges the history again: it
	# starts flapping at once, and stops about 16 results later
	eng_seq hf_svc_flapon "2 CRIT a" "0 OK b" "2 CRIT c" "0 OK d" "2 CRIT e" \
	    "0 OK f"
	cmds hf_svc_flapon "9 ENABLE_SVC_FLAP_DETECTION;hf;svc_flapon"
	eng_seq hf_svc_downtime $(rep 5 "0 OK a") $(rep 13 "2 CRIT b") "0 OK c"
	cmds hf_svc_downtime "5 SCHEDULE_SVC_DOWNTIME;hf;svc_downtime;{now};{now+8};1;0;8;tester;dt one"
	eng_seq hf_svc_dtcancel $(rep 3 "0 OK a") $(rep 11 "2 CRIT b") "0 OK c"
	cmds hf_svc_dtcancel "2 SCHEDULE_SVC_DOWNTIME;hf;svc_dtcancel;{now};{now+300};1;0;300;tester;dt two" \
	    "9 DEL_SVC_DOWNTIME;1"
	# svc_dtexpire's flexible downtime comes with its 6th result (after
	# svc_dtcancel's, which must be id 1), OK until it expires 5 s later
	eng_seq hf_svc_dtexpire $(rep 14 "0 OK a") $(rep 4 "2 CRIT b") "0 OK c"
	cmds hf_svc_dtexpire "6 SCHEDULE_SVC_DOWNTIME;hf;svc_dtexpire;{now};{now+5};0;0;3;tester;dt expire"
	# escalate: the repeats end after 4 s, the problems last 12 s or more
	eng_seq he_svc_esc "0 OK" $(rep 16 "2 CRIT x") "0 OK y"
	eng_seq he_svc_esc_int "0 OK" $(rep 12 "2 CRIT z") "0 OK"
	eng_seq hed "0 UP" $(rep 14 "2 DOWN x") "0 UP y"
	# depend: the masters are HARD by about 5 s; svc_d_notif is HARD by
	# about 9 s and CRITICAL until about 24 s, svc_m_notif recovers at
	# about 14 s; svc_d_exec would turn CRITICAL after 9 s
	eng_seq hd_svc_m_notif "0 OK" $(rep 12 "2 CRIT n") "0 OK"
	eng_seq hd_svc_d_notif $(rep 6 "0 OK") $(rep 18 "2 CRIT r") "0 OK"
	eng_seq hd_svc_m_exec "0 OK" "2 CRIT m"
	eng_seq hd_svc_d_exec $(rep 9 "0 OK p") "2 CRIT q"
	# handlers
	eng_seq hh_svc_handler "0 OK" "1 WARN a" "2 CRIT b" "2 CRIT c" \
	    "2 CRIT c" "0 OK d" "2 CRIT e" "0 OK f"
	eng_seq hh_svc_handler_off "0 OK" "1 WARN a" "2 CRIT b" "2 CRIT c" \
	    "2 CRIT c" "0 OK d" "2 CRIT e" "0 OK f"
	eng_seq hhd "0 UP" "2 DOWN a" "2 DOWN b" "2 DOWN b" "0 UP c"
	# perfdata
	eng_seq hp_svc_perf "0 OK a|x=1;5;10" "1 WARN b|x=6;5;10" \
	    "1 WARN b|x=6;5;10" "2 CRIT c|x=12;5;10 y=2" \
	    "2 CRIT c|x=12;5;10 y=2" "2 CRIT c|x=12;5;10 y=2" "0 OK d|x=0;5;10"
	eng_seq hp_svc_noperf "0 OK a|x=1;5;10" "2 CRIT c|x=12;5;10" \
	    "2 CRIT c|x=12;5;10" "2 CRIT c|x=12;5;10" "0 OK d|x=0;5;10"
	eng_seq hpd "0 UP a|rta=1ms;5;10" "2 DOWN b|rta=20ms;5;10" \
	    "2 DOWN b|rta=20ms;5;10" "0 UP c|rta=2ms;5;10"
	# mixed: HARD WARNING with the 4th result, sticky ack with the 5th,
	# CRITICAL from the 8th, CUSTOM with the 10th, recovery with the 12th
	eng_seq hm_svc_mixed "0 OK m1" $(rep 6 "1 WARN m2") $(rep 4 "2 CRIT m3") \
	    "0 OK m4" $(rep 3 "2 CRIT m5") "0 OK m6"
	cmds hm_svc_mixed "5 ACKNOWLEDGE_SVC_PROBLEM;hm;svc_mixed;2;1;1;op;on it" \
	    "10 SEND_CUSTOM_SVC_NOTIFICATION;hm;svc_mixed;4;op;custom inc"
	eng_seq hmd "0 UP" $(rep 10 "2 DOWN a") "0 UP b"
	cmds hmd "4 ACKNOWLEDGE_HOST_PROBLEM;hmd;1;1;0;op;host ack"
	IFS=$oldifs
}

# nfail CASE WHY: a FAIL: line (without lib_engine's log tail)
nfail() {
	echo "FAIL: $1: $2"
	failures=$((failures + 1))
}

# rep N LINE: LINE N times, one a line
rep() {
	rep_n=0
	while [ "$rep_n" -lt "$1" ]; do
		printf '%s\n' "$2"
		rep_n=$((rep_n + 1))
	done
}

# cmds OBJ "N COMMAND"...: the commands seqcmd.sh sends with result N
cmds() {
	f=$T/seq/$1
	shift
	: > "$f.cmd"
	for l in "$@"; do echo "$l" >> "$f.cmd"; done
}

# run ENGINE-COMMAND NAME: start it on a clean state, let it run, stop it,
# keep its log and output files as $T/res.NAME/
run_engine() {
	rm -rf "$T/var"/nagios.log "$T/var"/*.dat "$T/var/nagios.lock" \
	    "$T/seq"/*.n "$T/out" "$T/res.$2"
	mkdir -p "$T/out"
	"$1" "$CFG" > "$T/out.$2" 2>&1 &
	PID=$!
	sleep "$RUN"
	if ! kill -0 "$PID" 2>/dev/null; then
		echo "  $2 ended before the $RUN s were over; its output:"
		tail -n 20 "$T/out.$2" | sed 's/^/  | /'
	fi
	eng_stop
	mv "$T/out" "$T/res.$2"
	cp "$T/var/nagios.log" "$T/res.$2/nagios.log" 2>/dev/null || : > "$T/res.$2/nagios.log"
	cp "$T/out.$2" "$T/res.$2/stdout"
	for f in notify handler ghandler ocsp perfcmd perfdata.svc perfdata.host; do
		[ -f "$T/res.$2/$f" ] || : > "$T/res.$2/$f"
	done
}

# limit_of OBJ: how many notifications of OBJ are compared (0: all)
limit_of() {
	for l in $LIMITS; do
		[ "${l%%=*}" = "$1" ] && { echo "${l#*=}"; return; }
	done
	echo 0
}

# log_lines RESDIR OBJ: the object's nagios.log lines, times removed
log_lines() {
	case $2 in
	host/*) h=${2#host/}; s= ;;
	*) h=${2%%/*}; s=${2#*/} ;;
	esac
	sed 's/^\[[0-9]*\] //' "$1/nagios.log" | awk -v h="$h" -v s="$s" \
	    -v lim="$(limit_of "$2")" '
	function emit(kind) {
		if (kind == "N" && lim > 0 && ++nn > lim)
			return
		print
	}
	{
		i = index($0, ": ")
		if (i == 0)
			next
		type = substr($0, 1, i - 1)
		n = split(substr($0, i + 2), f, ";")
		if (s != "") {
			if (type ~ /^SERVICE (ALERT|FLAPPING ALERT|DOWNTIME ALERT|EVENT HANDLER)$/ || type == "GLOBAL SERVICE EVENT HANDLER") {
				if (f[1] == h && f[2] == s)
					emit("A")
			} else if (type == "SERVICE NOTIFICATION") {
				if (f[2] == h && f[3] == s)
					emit("N")
			}
		} else {
			if (type ~ /^HOST (ALERT|FLAPPING ALERT|DOWNTIME ALERT|EVENT HANDLER)$/ || type == "GLOBAL HOST EVENT HANDLER") {
				if (f[1] == h)
					emit("A")
			} else if (type == "HOST NOTIFICATION") {
				if (f[2] == h)
					emit("N")
			}
		}
	}'
}

# obj_lines FILE OBJ [FIELD]: lines of FILE ("X|host|svc|..." or
# "X|host|..."; with FIELD 3 "X|id|host|svc|...") that belong to OBJ
obj_lines() {
	case $2 in
	host/*) h=${2#host/}; s= ;;
	*) h=${2%%/*}; s=${2#*/} ;;
	esac
	awk -F '[|\t]' -v h="$h" -v s="$s" -v k="${3:-2}" '
	s == "" && $1 ~ /^(H|GH|EH|OH|PH|HST)$/ && $k == h { print; next }
	s != "" && $1 !~ /^(H|GH|EH|OH|PH|HST)$/ && $k == h && $(k + 1) == s { print }
	' "$1"
}

# view RESDIR OBJ: everything compared for OBJ, in one text
view() {
	echo "== nagios.log"
	log_lines "$1" "$2"
	echo "== notification commands"
	lim=$(limit_of "$2")
	obj_lines "$1/notify" "$2" 3 | sort -t '|' -k2,2n -k1,1 -k3 |
	    awk -F '|' -v lim="$lim" '
	$2 != last { ids++; last = $2 }
	lim > 0 && ids > lim { next }
	{ sub(/\|[0-9]*\|/, "|"); print }'
	echo "== event handlers"
	obj_lines "$1/handler" "$2"
	echo "== global event handlers"
	obj_lines "$1/ghandler" "$2"
	echo "== ocsp/ochp (repeats removed)"
	obj_lines "$1/ocsp" "$2" | uniq
	echo "== perfdata commands (repeats removed)"
	obj_lines "$1/perfcmd" "$2" | uniq
	echo "== perfdata files (repeats removed)"
	cat "$1/perfdata.svc" "$1/perfdata.host" | obj_lines /dev/stdin "$2" | uniq
}

# make_views NAME: $T/view.NAME/<host_svc> for every object
make_views() {
	mkdir -p "$T/view.$1"
	for sc in $SCENARIOS; do
		eval "objs=\$OBJ_$sc"
		for o in $objs; do
			view "$T/res.$1" "$o" > "$T/view.$1/$(echo "$o" | tr / _)"
		done
	done
}

# section VIEWFILE NAME: one section of a view
section() {
	awk -v n="== $2" '/^== / { on = index($0, n) == 1; next } on' "$1"
}

# nagios.log NOTIFICATION lines of a view, "contact;TYPE;cmd;output..."
notes() {
	section "$1" nagios.log | sed -n 's/^[A-Z]* NOTIFICATION: //p'
}

# expect SCEN OBJ WHAT: compare the lines WHAT (notes, or a section name)
# of nagios4's view of OBJ with stdin; a difference means the scenario
# does not do what it is meant to
expect() {
	vf=$T/view.nagios4/$(echo "$2" | tr / _)
	case $3 in
	notes) notes "$vf" ;;
	log) section "$vf" nagios.log ;;
	*) section "$vf" "$3" ;;
	esac > "$T/exp.got"
	cat > "$T/exp.want"
	if ! cmp -s "$T/exp.want" "$T/exp.got"; then
		{
			echo "  nagios4's $2 ($3) is not what the scenario means (meant <, got >):"
			diff "$T/exp.want" "$T/exp.got" | sed 's/^/  /'
		} >> "$T/why.$1"
		eval "bad_$1=1"
	fi
}

# times of the lines of RESDIR's nagios.log matching RE
times_of() { grep -E "$2" "$1/nagios.log" | sed 's/^\[\([0-9]*\)\].*/\1/'; }

# gap_ok NAME RESDIR RE1 N1 RE2 N2 LO HI: the seconds from the N1th line
# of RESDIR's nagios.log matching RE1 to the N2th matching RE2 are LO..HI
gap_ok() {
	t1=$(times_of "$2" "$3" | sed -n "$4p")
	t2=$(times_of "$2" "$5" | sed -n "$6p")
	if [ -z "$t1" ] || [ -z "$t2" ]; then
		echo "  $1: no such lines"
		return 1
	fi
	g=$((t2 - t1))
	[ "$g" -ge "$7" ] && [ "$g" -le "$8" ] && return 0
	echo "  $1: $g s apart, not $7..$8"
	return 1
}

# timing RESDIR: the two timing checks
timing() {
	gap_ok renotify/interval "$1" "SERVICE NOTIFICATION: cA;hr;svc_renotify;" 1 \
	    "SERVICE NOTIFICATION: cA;hr;svc_renotify;" 2 3 5 &&
	    gap_ok renotify/first_delay "$1" "SERVICE ALERT: hr;svc_delay;CRITICAL;HARD" 1 \
	    "SERVICE NOTIFICATION: cA;hr;svc_delay;" 1 3 6
}

# timing_case NAME: the timing checks on $T/res.NAME as a case
timing_case() {
	if timing "$T/res.$1" > "$T/why.timing"; then
		pass "notify/timing/$1"
	else
		nfail "notify/timing/$1" "re-notification interval or first delay is off"
		cat "$T/why.timing"
	fi
}

# The expectations on nagios4 (what each scenario is meant to show).
check_nagios4() {
	for sc in $SCENARIOS; do
		eval "bad_$sc=0"
		: > "$T/why.$sc"
	done
	expect basic hb/svc_basic notes <<'EOF'
cA;hb;svc_basic;CRITICAL;notify_svc;CRIT c
cA;hb;svc_basic;OK;notify_svc;OK back
EOF
	expect basic host/hbd notes <<'EOF'
cA;hbd;DOWN;notify_host;DOWN 4
cA;hbd;UP;notify_host;UP back
EOF
	expect renotify hr/svc_renotify notes <<'EOF'
cA;hr;svc_renotify;CRITICAL;notify_svc;CRIT again and again
cA;hr;svc_renotify;CRITICAL;notify_svc;CRIT again and again
cA;hr;svc_renotify;CRITICAL;notify_svc;CRIT again and again
EOF
	expect renotify hr/svc_delay notes <<'EOF'
cA;hr;svc_delay;CRITICAL;notify_svc;CRIT delayed
cA;hr;svc_delay;OK;notify_svc;OK d
EOF
	expect renotify hr/svc_delay_long notes < /dev/null
	expect renotify hr/svc_filter notes <<'EOF'
cA;hr;svc_filter;CRITICAL;notify_svc;CRIT f
cA;hr;svc_filter;OK;notify_svc;OK g
EOF
	expect renotify hr/svc_contacts notes <<'EOF'
cB;hr;svc_contacts;WARNING;notify_svc;WARN h
cA;hr;svc_contacts;WARNING;notify_svc;WARN h
cB;hr;svc_contacts;OK;notify_svc;OK h
cA;hr;svc_contacts;OK;notify_svc;OK h
cB;hr;svc_contacts;CRITICAL;notify_svc;CRIT h
cA;hr;svc_contacts;CRITICAL;notify_svc;CRIT h
cC;hr;svc_contacts;CRITICAL;notify_svc;CRIT h
cB;hr;svc_contacts;OK;notify_svc;OK i
cA;hr;svc_contacts;OK;notify_svc;OK i
cC;hr;svc_contacts;OK;notify_svc;OK i
EOF
	expect renotify hr/svc_disabled notes < /dev/null
	expect ack ha/svc_ack notes <<'EOF'
cA;ha;svc_ack;CRITICAL;notify_svc;CRIT a
cA;ha;svc_ack;ACKNOWLEDGEMENT (CRITICAL);notify_svc;CRIT a;tester;ack one
cA;ha;svc_ack;WARNING;notify_svc;WARN b
cA;ha;svc_ack;OK;notify_svc;OK c
EOF
	expect ack ha/svc_sticky notes <<'EOF'
cA;ha;svc_sticky;CRITICAL;notify_svc;CRIT s
cA;ha;svc_sticky;ACKNOWLEDGEMENT (CRITICAL);notify_svc;CRIT s;tester;ack sticky
cA;ha;svc_sticky;OK;notify_svc;OK s
EOF
	expect ack ha/svc_custom notes <<'EOF'
cA;ha;svc_custom;CUSTOM (OK);notify_svc;OK c;tester;custom one
cE1;ha;svc_custom;CUSTOM (OK);notify_svc;OK c;tester;custom one
EOF
	expect flapdown hf/svc_flap notes <<'EOF'
cA;hf;svc_flap;CRITICAL;notify_svc;CRIT a
cA;hf;svc_flap;OK;notify_svc;OK b
cA;hf;svc_flap;CRITICAL;notify_svc;CRIT c
cA;hf;svc_flap;FLAPPINGSTART (OK);notify_svc;OK d
cA;hf;svc_flap;FLAPPINGSTOP (CRITICAL);notify_svc;CRIT e
cA;hf;svc_flap;CRITICAL;notify_svc;CRIT e
cA;hf;svc_flap;OK;notify_svc;OK f
EOF
	expect flapdown hf/svc_flapon notes <<'EOF'
cA;hf;svc_flapon;CRITICAL;notify_svc;CRIT a
cA;hf;svc_flapon;OK;notify_svc;OK b
cA;hf;svc_flapon;CRITICAL;notify_svc;CRIT c
cA;hf;svc_flapon;OK;notify_svc;OK d
cA;hf;svc_flapon;CRITICAL;notify_svc;CRIT e
cA;hf;svc_flapon;OK;notify_svc;OK f
cA;hf;svc_flapon;FLAPPINGSTART (OK);notify_svc;OK f
cA;hf;svc_flapon;FLAPPINGSTOP (OK);notify_svc;OK f
EOF
	expect flapdown hf/svc_downtime notes <<'EOF'
cA;hf;svc_downtime;DOWNTIMESTART (OK);notify_svc;OK a
cA;hf;svc_downtime;DOWNTIMEEND (CRITICAL);notify_svc;CRIT b
cA;hf;svc_downtime;CRITICAL;notify_svc;CRIT b
cA;hf;svc_downtime;OK;notify_svc;OK c
EOF
	expect flapdown hf/svc_dtcancel notes <<'EOF'
cA;hf;svc_dtcancel;DOWNTIMESTART (OK);notify_svc;OK a
cA;hf;svc_dtcancel;DOWNTIMECANCELLED (CRITICAL);notify_svc;CRIT b
cA;hf;svc_dtcancel;CRITICAL;notify_svc;CRIT b
cA;hf;svc_dtcancel;OK;notify_svc;OK c
EOF
	expect flapdown hf/svc_dtexpire notes <<'EOF'
cA;hf;svc_dtexpire;DOWNTIMEEND (OK);notify_svc;OK a
cA;hf;svc_dtexpire;CRITICAL;notify_svc;CRIT b
cA;hf;svc_dtexpire;OK;notify_svc;OK c
EOF
	expect escalate he/svc_esc notes <<'EOF'
cA;he;svc_esc;CRITICAL;notify_svc;CRIT x
cE1;he;svc_esc;CRITICAL;notify_svc;CRIT x
cE1;he;svc_esc;CRITICAL;notify_svc;CRIT x
cE2;he;svc_esc;CRITICAL;notify_svc;CRIT x
cE2;he;svc_esc;OK;notify_svc;OK y
EOF
	expect escalate he/svc_esc_int notes <<'EOF'
cE1;he;svc_esc_int;CRITICAL;notify_svc;CRIT z
cE1;he;svc_esc_int;CRITICAL;notify_svc;CRIT z
cA;he;svc_esc_int;CRITICAL;notify_svc;CRIT z
cA;he;svc_esc_int;OK;notify_svc;OK
EOF
	expect escalate host/hed notes <<'EOF'
cA;hed;DOWN;notify_host;DOWN x
cE1;hed;DOWN;notify_host;DOWN x
cE1;hed;UP;notify_host;UP y
EOF
	expect depend hd/svc_m_notif notes <<'EOF'
cA;hd;svc_m_notif;CRITICAL;notify_svc;CRIT n
cA;hd;svc_m_notif;OK;notify_svc;OK
EOF
	expect depend hd/svc_d_notif notes <<'EOF'
cA;hd;svc_d_notif;CRITICAL;notify_svc;CRIT r
cA;hd;svc_d_notif;OK;notify_svc;OK
EOF
	expect depend hd/svc_d_exec log < /dev/null
	expect depend hd/svc_d_exec "ocsp/ochp" <<'EOF'
O|hd|svc_d_exec|OK|HARD|1|OK p
EOF
	expect handlers hh/svc_handler_off log <<'EOF'
SERVICE ALERT: hh;svc_handler_off;WARNING;SOFT;1;WARN a
SERVICE ALERT: hh;svc_handler_off;CRITICAL;SOFT;2;CRIT b
SERVICE NOTIFICATION: cA;hh;svc_handler_off;CRITICAL;notify_svc;CRIT c
SERVICE ALERT: hh;svc_handler_off;CRITICAL;HARD;3;CRIT c
SERVICE NOTIFICATION: cA;hh;svc_handler_off;OK;notify_svc;OK d
SERVICE ALERT: hh;svc_handler_off;OK;HARD;3;OK d
SERVICE ALERT: hh;svc_handler_off;CRITICAL;SOFT;1;CRIT e
SERVICE ALERT: hh;svc_handler_off;OK;SOFT;2;OK f
EOF
	expect handlers hh/svc_handler "event handlers" <<'EOF'
ES|hh|svc_handler|on|WARNING|SOFT|1|3|OK|WARN a
ES|hh|svc_handler|on|CRITICAL|SOFT|2|3|WARNING|CRIT b
ES|hh|svc_handler|on|CRITICAL|HARD|3|3|CRITICAL|CRIT c
ES|hh|svc_handler|on|OK|HARD|3|3|CRITICAL|OK d
ES|hh|svc_handler|on|CRITICAL|SOFT|1|3|OK|CRIT e
ES|hh|svc_handler|on|OK|SOFT|2|3|CRITICAL|OK f
EOF
	expect handlers host/hhd "event handlers" <<'EOF'
EH|hhd|DOWN|SOFT|1|2|UP|DOWN a
EH|hhd|DOWN|HARD|2|2|DOWN|DOWN b
EH|hhd|UP|HARD|1|2|DOWN|UP c
EOF
	expect perfdata hp/svc_perf "perfdata files" <<'EOF'
SVC	hp	svc_perf	OK	HARD	1	OK a	x=1;5;10
SVC	hp	svc_perf	WARNING	SOFT	1	WARN b	x=6;5;10
SVC	hp	svc_perf	WARNING	SOFT	2	WARN b	x=6;5;10
SVC	hp	svc_perf	CRITICAL	HARD	3	CRIT c	x=12;5;10 y=2
SVC	hp	svc_perf	OK	HARD	1	OK d	x=0;5;10
EOF
	expect perfdata hp/svc_perf "perfdata commands" <<'EOF'
P|hp|svc_perf|OK|HARD|1|x=1;5;10
P|hp|svc_perf|WARNING|SOFT|1|x=6;5;10
P|hp|svc_perf|WARNING|SOFT|2|x=6;5;10
P|hp|svc_perf|CRITICAL|HARD|3|x=12;5;10 y=2
P|hp|svc_perf|OK|HARD|1|x=0;5;10
EOF
	expect perfdata host/hpd "ocsp/ochp" <<'EOF'
OH|hpd|UP|HARD|1|UP a
OH|hpd|DOWN|SOFT|1|DOWN b
OH|hpd|DOWN|HARD|2|DOWN b
OH|hpd|UP|HARD|1|UP c
EOF
	expect perfdata host/hpd "perfdata files" <<'EOF'
HST	hpd	UP	HARD	1	UP a	rta=1ms;5;10
HST	hpd	DOWN	SOFT	1	DOWN b	rta=20ms;5;10
HST	hpd	DOWN	HARD	2	DOWN b	rta=20ms;5;10
HST	hpd	UP	HARD	1	UP c	rta=2ms;5;10
EOF
	expect perfdata hp/svc_noperf "perfdata files" < /dev/null
	expect perfdata hp/svc_noperf "perfdata commands" < /dev/null
	expect mixed hm/svc_mixed notes <<'EOF'
cB;hm;svc_mixed;WARNING;notify_svc;WARN m2
cA;hm;svc_mixed;WARNING;notify_svc;WARN m2
cB;hm;svc_mixed;ACKNOWLEDGEMENT (WARNING);notify_svc;WARN m2;op;on it
cA;hm;svc_mixed;ACKNOWLEDGEMENT (WARNING);notify_svc;WARN m2;op;on it
cE2;hm;svc_mixed;CUSTOM (CRITICAL);notify_svc;CRIT m3;op;custom inc
cB;hm;svc_mixed;CUSTOM (CRITICAL);notify_svc;CRIT m3;op;custom inc
cE1;hm;svc_mixed;CUSTOM (CRITICAL);notify_svc;CRIT m3;op;custom inc
cE2;hm;svc_mixed;OK;notify_svc;OK m4
cB;hm;svc_mixed;OK;notify_svc;OK m4
cE1;hm;svc_mixed;OK;notify_svc;OK m4
cB;hm;svc_mixed;CRITICAL;notify_svc;CRIT m5
cA;hm;svc_mixed;CRITICAL;notify_svc;CRIT m5
cC;hm;svc_mixed;CRITICAL;notify_svc;CRIT m5
cB;hm;svc_mixed;OK;notify_svc;OK m6
cA;hm;svc_mixed;OK;notify_svc;OK m6
cC;hm;svc_mixed;OK;notify_svc;OK m6
EOF
	expect mixed host/hmd notes <<'EOF'
cA;hmd;DOWN;notify_host;DOWN a
cA;hmd;ACKNOWLEDGEMENT (DOWN);notify_host;DOWN a;op;host ack
cA;hmd;UP;notify_host;UP b
EOF
	for sc in $SCENARIOS; do
		eval "b=\$bad_$sc"
		if [ "$b" != 0 ]; then
			nfail "notify/$sc/nagios4" "nagios4 does not do what the scenario means (the scenario is wrong)"
			cat "$T/why.$sc"
		else
			pass "notify/$sc/nagios4"
		fi
	done
}

# compare A B: per scenario, every object's view of run A against run B
compare() {
	for sc in $SCENARIOS; do
		eval "objs=\$OBJ_$sc"
		eval "b=\${bad_$sc:-0}"
		if [ "$b" != 0 ]; then
			echo "SKIP: notify/$sc/$3 (the scenario fails under nagios4)"
			continue
		fi
		bad=
		for o in $objs; do
			f=$(echo "$o" | tr / _)
			if ! cmp -s "$T/view.$1/$f" "$T/view.$2/$f"; then
				bad="$bad $o"
			fi
		done
		if [ -z "$bad" ]; then
			pass "notify/$sc/$3"
			continue
		fi
		nfail "notify/$sc/$3" "lines differ for$bad ($1 <, $2 >)"
		for o in $bad; do
			f=$(echo "$o" | tr / _)
			echo "  --- $o"
			diff "$T/view.$1/$f" "$T/view.$2/$f" | sed 's/^/  /'
		done
	done
}

setup
run_engine "$NAGIOS" nagios4
make_views nagios4
check_nagios4
timing_case nagios4
# (lib_engine.sh's functions use $i)
run_no=2
while [ "$run_no" -le "$NRUNS" ]; do
	run_engine "$NAGIOS" "nagios4.$run_no"
	make_views "nagios4.$run_no"
	compare nagios4 "nagios4.$run_no" "determinism.$run_no"
	run_no=$((run_no + 1))
done
if [ "${SKIP_JAQUE:-0}" != 1 ]; then
	if [ ! -x "$JAQUE" ]; then
		nfail "notify/jaque" "$JAQUE is not there"
	else
		run_engine "$JAQUE" jaque
		make_views jaque
		timing_case jaque
		compare nagios4 jaque vs_jaque
	fi
fi
eng_finish

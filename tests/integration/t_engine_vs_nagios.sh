#!/bin/sh
# t_engine_vs_nagios.sh: the same configuration and the same scripted
# plugin results run under Debian's nagios4 and under jaque give the same
# ALERT lines in nagios.log, object by object, in the same order (times
# removed).  Intervals are seconds (interval_length=1); each engine runs
# for RUN_SECONDS (default 30; Nagios retries a host only about every 14 s here), long enough for every script to reach its
# last, repeating result.  The scenarios (one object each):
#   svc_hard      OK, OK, CRITICAL x4, OK: SOFT 1, SOFT 2, HARD 3, recovery
#   svc_softrec   CRITICAL x2 then OK: two SOFT problems and a soft recovery
#   svc_change    WARNING, CRITICAL, CRITICAL: a state change within SOFT
#   svc_hardchg   CRITICAL x3 then WARNING: a change between hard problems
#   svc_max1      max_check_attempts 1: the first problem is HARD
#   svc_volatile  is_volatile: every HARD problem result is an alert
#   svc_rc4       exit 4: out of bounds, CRITICAL
#   svc_hostdown  a service failing on a host that is DOWN: HARD at once
#   hdown, parent hosts that stay DOWN: SOFT 1, then HARD 2
# (A child behind a DOWN parent is in the configuration, but not compared:
# whether Nagios finds it DOWN or UNREACHABLE depends on which check ends
# first; unit tests pin UNREACHABLE.)
#   svc_warnok    WARNING, OK, WARNING, WARNING, WARNING, OK
# Skipped (exit 77) when nagios4 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
RUN=${RUN_SECONDS:-30}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: engine_vs_nagios: $NAGIOS is not installed"
	exit 77
fi

setup() {
	eng_init vsnagios
	eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	hA
	address		127.0.0.1
}
define host {
	use		h-base
	host_name	hdown
	address		127.0.0.2
	check_command	hseq
	check_interval	1
}
define host {
	use		h-base
	host_name	parent
	address		127.0.0.3
	check_command	hseq
	check_interval	1
}
define host {
	use		h-base
	host_name	child
	address		127.0.0.4
	parents		parent
	check_command	hseq
	check_interval	1
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_hard
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_softrec
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_change
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_hardchg
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_max1
	max_check_attempts	1
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_volatile
	is_volatile		1
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_rc4
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_warnok
}
define service {
	use			s-base
	host_name		hdown
	service_description	svc_hostdown
}
OBJ
	eng_seq hA_svc_hard "0 OK one" "0 OK two" "2 CRIT a" "2 CRIT b" "2 CRIT c" "2 CRIT d" "0 OK back"
	eng_seq hA_svc_softrec "2 CRIT a" "2 CRIT b" "0 OK again"
	eng_seq hA_svc_change "1 WARN a" "2 CRIT b" "2 CRIT c" "0 OK"
	eng_seq hA_svc_hardchg "2 CRIT a" "2 CRIT b" "2 CRIT c" "1 WARN d"
	eng_seq hA_svc_max1 "0 OK" "2 CRIT now" "0 OK later"
	eng_seq hA_svc_volatile "2 CRIT 1" "2 CRIT 2" "2 CRIT 3" "2 CRIT 4" "2 CRIT 5" "0 OK"
	eng_seq hA_svc_rc4 "0 OK" "4 odd exit"
	eng_seq hA_svc_warnok "1 W1" "0 OK1" "1 W2" "1 W3" "1 W4" "0 OK2"
	eng_seq hdown "2 DOWN host"
	eng_seq hdown_svc_hostdown "0 OK" "0 OK" "0 OK" "0 OK" "2 CRIT on down host"
	eng_seq parent "2 DOWN parent"
	eng_seq child "2 DOWN child"
}

# run ENGINE-COMMAND: start it, let it run, stop it, keep its log as $2
run_engine() {
	"$1" "$CFG" > "$T/out.$3" 2>&1 &
	PID=$!
	sleep "$RUN"
	eng_stop
	cp "$T/var/nagios.log" "$2"
}

setup
run_engine "$NAGIOS" "$T/nagios4.log" nagios4
# the same instance again, from scratch, for jaque.  A plugin nagios4
# started just before it stopped can still be running (its worker's child):
# wait for it, or it would advance a script after the counters are reset
# (seen once: jaque then began svc_warnok at its last, repeating OK line)
i=0
while pgrep -f "seq.sh $T/seq" > /dev/null && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
rm -rf "$T/var"/nagios.log "$T/var"/*.dat "$T/seq"/*.n "$T/var/nagios.lock"
run_engine "$JAQUE" "$T/jaque.log" jaque

for obj in hA/svc_hard hA/svc_softrec hA/svc_change hA/svc_hardchg hA/svc_max1 \
    hA/svc_volatile hA/svc_rc4 hA/svc_warnok hdown/svc_hostdown host/hdown host/parent; do
	case $obj in
	host/*) pat="HOST ALERT: ${obj#host/};" ;;
	*) pat="SERVICE ALERT: ${obj%%/*};${obj#*/};" ;;
	esac
	eng_alerts "$T/nagios4.log" | grep -F "$pat" > "$T/a.nagios4"
	eng_alerts "$T/jaque.log" | grep -F "$pat" > "$T/a.jaque"
	if [ ! -s "$T/a.nagios4" ]; then
		fail "engine_vs_nagios/$obj" "nagios4 wrote no ALERT line (the scenario is wrong)"
	elif cmp -s "$T/a.nagios4" "$T/a.jaque"; then
		pass "engine_vs_nagios/$obj"
	else
		fail "engine_vs_nagios/$obj" "ALERT lines differ (nagios4 <, jaque >)"
		diff "$T/a.nagios4" "$T/a.jaque" | sed 's/^/  /'
	fi
done
eng_finish

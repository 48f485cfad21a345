#!/bin/sh
# t_flapping.sh: flap detection under Debian's nagios4 and under jaque on
# the same configuration and scripted results gives the same FLAPPING
# ALERT lines (times removed, percentages included), in the same order.
# Intervals are seconds (interval_length=1); each engine runs for
# RUN_SECONDS (default 40), enough for the 23 results the first scenario
# needs.  The scenarios:
#   svc_flap    max_check_attempts 1, CRITICAL, OK, CRITICAL, then OK for
#               ever: STARTED at the 4th result (24.2% >= 20.0%), STOPPED
#               19 results later (3.8% < 5.0%)
#   svc_off     the same with flap_detection_enabled 0: no line
#   svc_low     the same with its own thresholds 10/30: never starts
# Host hA stays UP: no HOST FLAPPING line from either.
# Skipped (exit 77) when nagios4 is not installed.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
RUN=${RUN_SECONDS:-40}
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: flapping: $NAGIOS is not installed"
	exit 77
fi

setup() {
	eng_init flapping
	eng_cfg enable_flap_detection=1 low_service_flap_threshold=5.0 \
	    high_service_flap_threshold=20.0 low_host_flap_threshold=5.0 \
	    high_host_flap_threshold=20.0
	eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	hA
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_flap
	max_check_attempts	1
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_off
	max_check_attempts	1
	flap_detection_enabled	0
}
define service {
	use			s-base
	host_name		hA
	service_description	svc_low
	max_check_attempts	1
	low_flap_threshold	10.0
	high_flap_threshold	30.0
}
OBJ
	for s in svc_flap svc_off svc_low; do
		eng_seq "hA_$s" "2 CRIT a" "0 OK b" "2 CRIT c" "0 OK d"
	done
}

# run ENGINE-COMMAND LOG NAME: start it, let it run, stop it, keep its log
run_engine() {
	"$1" "$CFG" > "$T/out.$3" 2>&1 &
	PID=$!
	sleep "$RUN"
	eng_stop
	cp "$T/var/nagios.log" "$2"
}

flapping_lines() { eng_alerts "$1" | grep -F "FLAPPING ALERT: "; }

setup
run_engine "$NAGIOS" "$T/nagios4.log" nagios4
rm -rf "$T/var"/nagios.log "$T/var"/*.dat "$T/seq"/*.n "$T/var/nagios.lock"
run_engine "$JAQUE" "$T/jaque.log" jaque

flapping_lines "$T/nagios4.log" > "$T/f.nagios4"
flapping_lines "$T/jaque.log" > "$T/f.jaque"
if ! grep -q "svc_flap;STARTED" "$T/f.nagios4" || ! grep -q "svc_flap;STOPPED" "$T/f.nagios4"; then
	fail "flapping/nagios4" "nagios4 did not start and stop flapping (the scenario is wrong)"
	sed 's/^/  | /' "$T/f.nagios4"
elif cmp -s "$T/f.nagios4" "$T/f.jaque"; then
	pass "flapping/alert_lines"
else
	fail "flapping/alert_lines" "FLAPPING ALERT lines differ (nagios4 <, jaque >)"
	diff "$T/f.nagios4" "$T/f.jaque" | sed 's/^/  /'
fi
# the ALERT lines of the flapping service agree too (the order around them)
eng_alerts "$T/nagios4.log" | grep -F "hA;svc_flap;" > "$T/a.nagios4"
eng_alerts "$T/jaque.log" | grep -F "hA;svc_flap;" > "$T/a.jaque"
if cmp -s "$T/a.nagios4" "$T/a.jaque"; then
	pass "flapping/order"
else
	fail "flapping/order" "svc_flap ALERT lines differ (nagios4 <, jaque >)"
	diff "$T/a.nagios4" "$T/a.jaque" | sed 's/^/  /'
fi
eng_finish

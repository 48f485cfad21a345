#!/bin/sh
# t_downtime_timing.sh: when the running daemon starts and ends downtime,
# as Nagios 4.4.6's event loop has it.
#
# Nagios queues the start and the end of a fixed downtime as events for a
# whole second (common/downtime.c register_downtime and
# handle_scheduled_downtime; base/events.c add_event gives these high
# priority events 0 microseconds, lib/squeue.c squeue_add_usec), and the
# start of one whose time has already come runs at the next pass of its
# loop, after the rest of the batch of commands it read from the pipe
# (base/commands.c command_input_handler runs every line it has).
# Checked: one write of "SCHEDULE_HOST_DOWNTIME starting now" and an
# unknown command logs both commands' lines before the STARTED line; a
# fixed downtime starts at its start second and ends at its end second (the
# lines carry those seconds, and the quickest of three such lines is
# written within 0.4 s of its second: one slow pass on a loaded machine is
# not a failure).  jaque is started half-way through a second, so that a
# clock counting seconds from its start-up misses the whole seconds by
# about half a second.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

eng_init dttiming
eng_cfg log_initial_states=0
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h
	service_description	s
	check_interval		60
}
OBJ
eng_seq h_s "0 OK"

LOG=$T/var/nagios.log
FROM=1 # the first line of the log the checks look at

# the log from line FROM on
part() { tail -n +"$FROM" "$LOG"; }

# wait until the first digit of the second's fraction is between $1 and $2
at_tenth() {
	while :; do
		d=$(date +%N | cut -c1)
		[ "$d" -ge "$1" ] && [ "$d" -le "$2" ] && return 0
		sleep 0.02
	done
}

# wait_line RE SECS: poll the log (from line FROM) every 20 ms; prints the
# wall clock time (seconds with a fraction) at which a line matched
wait_line() {
	i=0
	while [ "$i" -lt $(($2 * 50)) ]; do
		if part | grep -qE "$1"; then
			date +%s.%N
			return 0
		fi
		sleep 0.02
		i=$((i + 1))
	done
	return 1
}

# on_time CASE RE SECOND: the line matching RE carries SECOND; how long
# after SECOND began it was seen is added to LATE
LATE=
on_time() {
	seen=$(wait_line "$2" 8) || { fail "downtime_timing/$1" "no line matches '$2'"; return; }
	stamp=$(part | grep -E "$2" | head -n 1 | sed 's/^\[\([0-9]*\)\].*/\1/')
	late=$(awk -v s="$seen" -v t="$3" 'BEGIN { printf "%.2f", s - t }')
	LATE="$LATE $late"
	if [ "$stamp" != "$3" ]; then
		fail "downtime_timing/$1" "logged at $stamp, not at $3"
	else
		pass "downtime_timing/$1"
	fi
}

at_tenth 5 5
if ! eng_start; then
	fail downtime_timing/start "jaque did not start"
	eng_finish
fi
sleep 1

# a batch: the downtime starts after both commands
at_tenth 1 3
now=$(date +%s)
printf '[%s] SCHEDULE_HOST_DOWNTIME;h;%s;%s;1;0;0;admin;now\n[%s] NO_SUCH_COMMAND;1\n' \
    "$now" "$now" "$((now + 2))" "$now" > "$T/var/rw/nagios.cmd"
if wait_line 'HOST DOWNTIME ALERT: h;STARTED' 5 > /dev/null; then
	got=$(part | sed -n 's/^\[[0-9]*\] //p' |
	    grep -E '^(EXTERNAL COMMAND: SCHEDULE_HOST_DOWNTIME|Warning: Unrecognized external command|HOST DOWNTIME ALERT: h;STARTED)' |
	    sed 's/;.*//')
	want='EXTERNAL COMMAND: SCHEDULE_HOST_DOWNTIME
Warning: Unrecognized external command -> NO_SUCH_COMMAND
HOST DOWNTIME ALERT: h'
	if [ "$got" = "$want" ]; then
		pass downtime_timing/batch_first
	else
		fail downtime_timing/batch_first "lines in this order:
$got"
	fi
else
	fail downtime_timing/batch_first "the downtime did not start"
fi
on_time end_at_second 'HOST DOWNTIME ALERT: h;STOPPED' "$((now + 2))"

# one starting a second ahead: at that second, and its end at its own
FROM=$(($(wc -l < "$LOG") + 1))
at_tenth 1 3
now=$(date +%s)
printf '[%s] SCHEDULE_HOST_DOWNTIME;h;%s;%s;1;0;0;admin;ahead\n' \
    "$now" "$((now + 1))" "$((now + 3))" > "$T/var/rw/nagios.cmd"
on_time start_at_second 'HOST DOWNTIME ALERT: h;STARTED' "$((now + 1))"
on_time end_at_second_2 'HOST DOWNTIME ALERT: h;STOPPED' "$((now + 3))"
if echo "$LATE" | awk '{ m = 9; for (i = 1; i <= NF; i++) if ($i < m) m = $i; exit !(m < 0.4) }'; then
	pass downtime_timing/at_whole_seconds
else
	fail downtime_timing/at_whole_seconds "written these seconds after their second began:$LATE"
fi
eng_finish

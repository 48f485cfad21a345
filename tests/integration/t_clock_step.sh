#!/bin/sh
# t_clock_step.sh: the wall clock stepped under a running jaque, without
# stepping the machine's: clockshift.c (built here with cc) is preloaded
# into jaque and its workers and adds an offset, read from a file, to
# every wall-clock reading.  The steps, one after the other, with the
# default time_change_threshold (900):
#   forward   +3600: Nagios's line "A system time change of 3600 seconds
#             (0d 1h 0m 0s forwards in time) has been detected.
#             Compensating...", and in status.dat last_check, next_check
#             and program_start moved by 3600
#   small     +30 more, under the threshold: no line; next_check moved
#             by 30 (it still says when the check runs), last_check not
#   back      -3600: the line with -3600 and "backwards", the times back
#   back_small  -30: Nagios calls any step back a change: the line with
#             -30, the times back by 30
#   next_check_*  after each step, the next check's result has next_check
#             6 s after last_check (the tick mapped to the new clock)
#   interval  all along, the service (every 6 s) ran at its interval: no
#             burst after a step forward, no gap after a step back; the
#             last_check of consecutive checks 6 s apart on the clock of
#             their time
# Skips when no C compiler is found.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

CC=${CC:-cc}
command -v "$CC" > /dev/null 2>&1 || { echo "SKIP: no C compiler ($CC) for clockshift.so"; exit 77; }

eng_init clockstep
if ! "$CC" -O2 -shared -fPIC -o "$T/clockshift.so" "$here/clockshift.c" -ldl 2> "$T/cc.out"; then
	sed 's/^/  | /' "$T/cc.out"
	fail build "clockshift.c did not build"
	eng_finish
fi
SHIFT=$T/clockshift
# shift N: the wall clock of jaque and its workers is N seconds on; the
# file is rewritten in place (it is mapped), always 32 bytes
shift_to() { printf '%-31s\n' "$1" | dd of="$SHIFT" conv=notrunc 2> /dev/null; }
shift_to 0

eng_cfg status_update_interval=1
eng_objects <<OBJ
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
	check_interval	3600
}
define service {
	use			s-base
	host_name		h
	service_description	s
	check_interval		6
}
OBJ
eng_seq h_s "0 fine"
RUNS=$T/seq/h_s.n

runs() { cat "$RUNS" 2> /dev/null || echo 0; }
prog_start() { sed -n 's/^\tprogram_start=//p' "$T/var/status.dat" 2> /dev/null | head -n 1; }
line() {
	printf 'Warning: A system time change of %s seconds (%s in time) has been detected.  Compensating...' \
	    "$1" "$2"
}
# wait (5 s) for a line of nagios.log with exactly this text after its time
wait_line() {
	for _ in $(seq 50); do
		sed 's/^\[[0-9]*\] //' "$T/var/nagios.log" | grep -qxF "$1" && return 0
		sleep 0.1
	done
	return 1
}
# next_result WHEN: wait for the next check to run and its result to reach
# status.dat, then take its times (L, N) and the program's start (P)
next_result() {
	r_=$(runs)
	l_=$(eng_field s last_check)
	for _ in $(seq 150); do
		[ "$(runs)" -gt "$r_" ] && [ "$(eng_field s last_check)" != "$l_" ] && break
		sleep 0.1
	done
	[ "$(runs)" -gt "$r_" ] && [ "$(eng_field s last_check)" != "$l_" ] || return 1
	L=$(eng_field s last_check)
	N=$(eng_field s next_check)
	P=$(prog_start)
	# next_check says when the check runs, on the clock in force
	if [ $((N - L)) -lt 5 ] || [ $((N - L)) -gt 7 ]; then
		fail "next_check_$1" "last_check $L, next_check $N: not 6 s apart"
	fi
}

export CLOCKSHIFT_FILE="$SHIFT"
# a sanitizer build wants its runtime first among the preloaded libraries
asan=$(ldd "$JAQUE" 2> /dev/null | awk '/libasan/ { print $3 }')
export LD_PRELOAD="${asan:+$asan }$T/clockshift.so"
eng_start
unset LD_PRELOAD
if ! next_result start; then
	fail start "no check result"
	eng_finish
fi
t_first=$L
runs_first=$(runs)
mono_first=$(cut -d' ' -f1 /proc/uptime)

# compensated NAME STEP TEXT: after a step Nagios compensates for, its
# line (TEXT: the breakdown and direction), and last_check, next_check and
# program_start in status.dat moved by STEP
compensated() {
	want=$(line "$2" "$3")
	if wait_line "$want"; then
		pass "$1_log"
	else
		fail "$1_log" "no line: $want"
	fi
	if eng_wait_field s last_check "$((L + $2))" 5 && eng_wait_field s next_check "$((N + $2))" 1 &&
	    [ "$(prog_start)" = "$((P + $2))" ]; then
		pass "$1_times"
	else
		fail "$1_times" "last_check $L -> $(eng_field s last_check), next_check $N -> \
$(eng_field s next_check), program_start $P -> $(prog_start): not moved by $2"
	fi
}

# each step right after a check: nothing runs before the next status.dat,
# so its times are the moved ones
next_result forward || fail forward "no check result"
shift_to 3600
compensated forward 3600 "0d 1h 0m 0s forwards"

# 30 s more: under the threshold, no line; next_check follows, last_check stays
next_result small || fail small "no check result"
shift_to 3630
if eng_wait_field s next_check "$((N + 30))" 5 && [ "$(eng_field s last_check)" = "$L" ] &&
    [ "$(prog_start)" = "$P" ]; then
	pass small_times
else
	fail small_times "last_check $L -> $(eng_field s last_check), next_check $N -> \
$(eng_field s next_check), program_start $P -> $(prog_start)"
fi

# back by an hour, then by 30 s: Nagios calls any step back a change
next_result back || fail back "no check result"
shift_to 30
compensated back -3600 "0d 1h 0m 0s backwards"
next_result back_small || fail back_small "no check result"
shift_to 0
compensated back_small -30 "0d 0h 0m 30s backwards"

# the checks kept their pace: on the clock now in force, the last check
# is a whole number of intervals after the first (moved back to it), and
# as many checks ran as the monotonic time since allows
next_result interval || fail interval "no check result"
mono_now=$(cut -d' ' -f1 /proc/uptime)
ran=$(($(runs) - runs_first))
span=$(awk -v a="$mono_first" -v b="$mono_now" 'BEGIN { printf "%d", b - a }')
# (a second either way: last_check is the start's whole second)
intervals=$(((L - t_first + 3) / 6))
off=$((L - t_first - intervals * 6))
if [ "$off" -lt -1 ] || [ "$off" -gt 1 ]; then
	fail interval "last_check $L is not a whole number of 6 s intervals after $t_first"
elif [ "$ran" -ne "$intervals" ] || [ "$ran" -gt $((span / 6 + 1)) ] ||
    [ "$ran" -lt $((span / 6 - 1)) ]; then
	fail interval "$ran checks ran in $span s ($intervals intervals between the first and the last)"
else
	pass interval
fi
if grep -q 'time change' "$T/var/nagios.log" &&
    [ "$(grep -c 'A system time change' "$T/var/nagios.log")" -ne 3 ]; then
	fail lines "not three time change lines:"
	grep 'time change' "$T/var/nagios.log" | sed 's/^/  | /'
fi
eng_finish

#!/bin/sh
# t_daemon_life.sh: the lock file, the command FIFO and what an instance
# leaves behind.
#
#  - pipe_left_at_stop: the command FIFO is still there after SIGTERM, as
#    Nagios 4.4.6 leaves it (checked on nagios4 too when it is installed:
#    pipe_left_at_stop_nagios4);
#  - second_foreground_refused: a jaque started in the foreground beside a
#    running daemon (same lock file) is refused with Nagios's words
#    ("Lockfile '...' contains PID of running process (N)") on stdout and
#    in nagios.log, exits non-zero, and leaves the first one's pipe (same
#    FIFO), status.dat, lock file (its pid) and retention.dat as they were;
#    the first one still reads its pipe;
#  - second_daemon_refused: the same for -d (message on stderr);
#  - foreground_locks: a jaque in the foreground writes its pid in the lock
#    file, and a -d beside it is refused;
#  - pipe_back_at_sighup: the FIFO removed under a running jaque is made
#    again by SIGHUP, and commands written to it are read;
#  - nothing_of_another_removed: at exit a jaque leaves a lock file and a
#    status.dat that are no longer its own (replaced meanwhile);
#  - lock_owned_by_root (as root only): started as root with
#    nagios_user=nobody, the lock file is written before jaque becomes
#    nobody, so it is root's, holds the daemon's pid, and the daemon runs
#    as nobody; nagios4 does the same (lock_owned_by_root_nagios4).
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}

eng_init life
eng_cfg retain_state_information=1 status_update_interval=1
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h
	service_description	s1
	check_command		up
	check_interval		60
}
OBJ
PIPE=$T/var/rw/nagios.cmd
LOCK=$T/var/nagios.lock

cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$PIPE"; }
ino() { stat -c %i "$1" 2>/dev/null; }
# wait_until SECS COMMAND...: poll every 0.1 s
wait_until() {
	n=$(($1 * 10))
	shift
	while [ "$n" -gt 0 ]; do
		"$@" && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}
have_status() { [ -s "$T/var/status.dat" ]; }
have_pipe() { [ -p "$PIPE" ]; }
daemon_up() { [ -s "$LOCK" ] && kill -0 "$(cat "$LOCK")" 2>/dev/null && have_pipe && have_status; }

# --- the FIFO stays at a stop
eng_start
wait_until 10 have_pipe
eng_stop
if [ -p "$PIPE" ]; then
	pass daemon_life/pipe_left_at_stop
else
	fail daemon_life/pipe_left_at_stop "the FIFO was removed"
fi
if [ -x "$NAGIOS" ]; then
	rm -f "$PIPE"
	"$NAGIOS" "$CFG" > "$T/n.out" 2>&1 &
	PID=$!
	wait_until 10 have_pipe
	sleep 1
	eng_stop
	if [ -p "$PIPE" ]; then
		pass daemon_life/pipe_left_at_stop_nagios4
	else
		fail daemon_life/pipe_left_at_stop_nagios4 "nagios4 removed its FIFO (the rule is wrong)"
	fi
	rm -f "$T/var/nagios.log"
fi

# --- a second jaque, in the foreground, beside a daemon
"$JAQUE" -d "$CFG" > "$T/d.out" 2>&1
if ! wait_until 10 daemon_up; then
	fail daemon_life/daemon_start "the daemon did not come up: $(cat "$T/d.out")"
	eng_finish
fi
DPID=$(cat "$LOCK")
PID=$DPID
sleep 1
pino=$(ino "$PIPE")
lino=$(ino "$LOCK")
sino=$(ino "$T/var/status.dat")
cmd "ADD_HOST_COMMENT;h;1;admin;first"
wait_until 10 grep -q 'EXTERNAL COMMAND: ADD_HOST_COMMENT;h;1;admin;first' "$T/var/nagios.log"
sleep 6 # the journal's retention save after the command
rsum=$(md5sum < "$T/var/retention.dat" 2>/dev/null)
timeout 20 "$JAQUE" "$CFG" > "$T/fg2.out" 2> "$T/fg2.err"
rc=$?
why=
[ "$rc" != 0 ] || why="exit 0;"
grep -q "^Lockfile '$LOCK' contains PID of running process ($DPID)\$" "$T/fg2.out" ||
	why="$why no refusal on stdout;"
grep -q "Lockfile '$LOCK' contains PID of running process ($DPID)\$" "$T/var/nagios.log" ||
	why="$why no refusal in nagios.log;"
[ "$(ino "$PIPE")" = "$pino" ] && [ -p "$PIPE" ] || why="$why the pipe changed;"
[ "$(cat "$LOCK" 2>/dev/null)" = "$DPID" ] && [ "$(ino "$LOCK")" = "$lino" ] ||
	why="$why the lock file changed;"
[ -s "$T/var/status.dat" ] || why="$why status.dat is gone;"
[ "$(md5sum < "$T/var/retention.dat" 2>/dev/null)" = "$rsum" ] ||
	why="$why retention.dat changed;"
kill -0 "$DPID" 2>/dev/null || why="$why the daemon died;"
cmd "ADD_HOST_COMMENT;h;1;admin;second"
wait_until 10 grep -q 'EXTERNAL COMMAND: ADD_HOST_COMMENT;h;1;admin;second' "$T/var/nagios.log" ||
	why="$why the daemon no longer reads its pipe;"
if [ -z "$why" ]; then
	pass daemon_life/second_foreground_refused
else
	fail daemon_life/second_foreground_refused "rc=$rc:$why $(cat "$T/fg2.out" "$T/fg2.err")"
fi
[ "$sino" != "" ] || fail daemon_life/second_foreground_refused "no status.dat before"

# --- and with -d
"$JAQUE" -d "$CFG" > "$T/d2.out" 2>&1
rc=$?
if [ "$rc" != 0 ] && grep -q "^Lockfile '$LOCK' contains PID of running process ($DPID)\$" "$T/d2.out" &&
    [ "$(cat "$LOCK")" = "$DPID" ] && [ "$(ino "$PIPE")" = "$pino" ]; then
	pass daemon_life/second_daemon_refused
else
	fail daemon_life/second_daemon_refused "rc=$rc: $(cat "$T/d2.out")"
fi

# --- the pipe removed under the daemon comes back at SIGHUP
rm -f "$PIPE"
kill -HUP "$DPID"
if wait_until 10 have_pipe && [ "$(ino "$PIPE")" != "$pino" ]; then
	sleep 0.5
	cmd "ADD_HOST_COMMENT;h;1;admin;after the reload"
	if wait_until 10 grep -q 'ADD_HOST_COMMENT;h;1;admin;after the reload' "$T/var/nagios.log"; then
		pass daemon_life/pipe_back_at_sighup
	else
		fail daemon_life/pipe_back_at_sighup "the new FIFO is not read"
	fi
else
	fail daemon_life/pipe_back_at_sighup "no FIFO after SIGHUP"
fi

# --- at exit, what is no longer its own stays (status.dat written once, at
# the start, so that nothing rewrites it before the stop)
kill -TERM "$DPID"
wait_until 10 sh -c "! kill -0 $DPID 2>/dev/null"
PID=
sed -i 's/^status_update_interval=.*/status_update_interval=3600/' "$CFG"
rm -f "$T/var/status.dat"
eng_start
wait_until 10 grep -q "^	nagios_pid=$PID\$" "$T/var/status.dat"
rm -f "$LOCK"
echo 999999 > "$LOCK"
sed "s/^	nagios_pid=.*/	nagios_pid=999999/" "$T/var/status.dat" > "$T/var/status.dat.new"
mv "$T/var/status.dat.new" "$T/var/status.dat"
eng_stop
if [ "$(cat "$LOCK" 2>/dev/null)" = 999999 ] && grep -q '^	nagios_pid=999999$' "$T/var/status.dat"; then
	pass daemon_life/nothing_of_another_removed
else
	fail daemon_life/nothing_of_another_removed "lock '$(cat "$LOCK" 2>/dev/null)', status.dat: $(grep nagios_pid "$T/var/status.dat" 2>&1)"
fi
rm -f "$LOCK" "$T/var/status.dat"
sed -i 's/^status_update_interval=.*/status_update_interval=1/' "$CFG"

# --- a jaque in the foreground holds the lock
eng_start
if wait_until 10 sh -c "[ \"\$(cat '$LOCK' 2>/dev/null)\" = $PID ]"; then
	"$JAQUE" -d "$CFG" > "$T/d3.out" 2>&1
	rc=$?
	if [ "$rc" != 0 ] && grep -q "contains PID of running process ($PID)" "$T/d3.out"; then
		pass daemon_life/foreground_locks
	else
		fail daemon_life/foreground_locks "a -d beside it: rc=$rc $(cat "$T/d3.out")"
	fi
else
	fail daemon_life/foreground_locks "lock file '$(cat "$LOCK" 2>/dev/null)', not $PID"
fi
eng_stop
if [ -e "$LOCK" ]; then
	fail daemon_life/foreground_unlocks "the lock file is still there after the stop"
else
	pass daemon_life/foreground_unlocks
fi

# --- as root: the lock file is written before the drop to nagios_user
# lock_owner ENGINE NAME: start ENGINE -d as nobody, check the lock file
lock_owner() {
	rm -f "$LOCK" "$T/var/nagios.log"
	"$1" -d "$CFG" > "$T/own.out" 2>&1
	if ! wait_until 10 sh -c "[ -s '$LOCK' ] && kill -0 \$(cat '$LOCK') 2>/dev/null"; then
		fail "daemon_life/lock_owned_by_root$2" "no daemon: $(cat "$T/own.out")"
		return
	fi
	sleep 1
	lpid=$(cat "$LOCK")
	owner=$(stat -c %u "$LOCK")
	runs_as=$(ps -o uid= -p "$lpid" | tr -d ' ')
	kill -TERM "$lpid"
	wait_until 10 sh -c "! kill -0 $lpid 2>/dev/null"
	if [ "$owner" = 0 ] && [ "$runs_as" = "$(id -u nobody)" ]; then
		pass "daemon_life/lock_owned_by_root$2"
	else
		fail "daemon_life/lock_owned_by_root$2" "lock owner uid $owner, daemon uid $runs_as"
	fi
}
if [ "$(id -u)" = 0 ] && id nobody > /dev/null 2>&1; then
	sed -i -e 's/^nagios_user=.*/nagios_user=nobody/' \
	    -e "s/^nagios_group=.*/nagios_group=$(id -gn nobody)/" "$CFG"
	chmod 755 "$T"
	chmod -R a+rwX "$T/var"
	rm -f "$T/var/retention.dat" "$T/var"/retention.dat.journal*
	lock_owner "$JAQUE" ""
	if [ -x "$NAGIOS" ]; then
		lock_owner "$NAGIOS" _nagios4
	fi
else
	echo "SKIP: daemon_life/lock_owned_by_root: not root"
fi
eng_finish

#!/bin/sh
# t_query_socket.sh: Nagios 4's query handler socket (query_socket) served
# by jaque on a temporary instance, with a small Python client
# (tests/tools/qhclient.py):
#   - the socket exists with mode 0660 and the "qh: Socket ..." lines are
#     logged;
#   - exact answers to @echo, #echo, @help, @help list, @help core, an
#     unknown handler, requests without '@'/'#', @core foo; several
#     requests on one connection and in one write, and one from a client
#     that shuts its writing side after it (as nc does); @core squeuestats with
#     its fields in Nagios's order and figures that fit the objects (three
#     active services, a passive one, one host, a fixed downtime waiting
#     to start); @core loadctl with the process limits; a bad loadctl
#     option logged and refused; @wproc wpstats lists the workers;
#   - clients that connect and send nothing, one that sends a long line
#     with no NUL (closed, no answer), one that floods requests and reads
#     nothing, and more clients than the limit (Nagios's "503: Server
#     full"): the checks keep running and other clients are answered;
#   - SIGHUP makes the socket anew (a new file) and an open connection
#     keeps working; SIGTERM removes it; a live socket of another process
#     at the path is neither replaced nor removed (logged), a stale one is
#     replaced; without query_socket the socket is nagios.qh beside the
#     command pipe.
# Then, when Debian's nagios4 is installed, the same requests to Nagios
# 4.4.6 on the same instance, compared byte for byte where the meaning is
# the same (squeuestats: the field names; loadctl: all but jobs_running).
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: query_socket: python3 is not installed"
	exit 77
fi
# the interpreter itself, not a wrapper that may take a second to start it
PY=$(python3 -c 'import sys; print(sys.executable)')
QHC="$PY $top/tests/tools/qhclient.py"

eng_init qsock
# four workers as Nagios picks for this machine's size would differ: name them
eng_cfg "check_workers=4"
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
}
define service {
	use			s-base
	host_name		h
	service_description	s2
}
define service {
	use			s-base
	host_name		h
	service_description	s3
}
define service {
	use			s-base
	host_name		h
	service_description	passive
	active_checks_enabled	0
}
OBJ
eng_seq h_s1 "0 OK one"
eng_seq h_s2 "0 OK two"
eng_seq h_s3 "0 OK three"
SOCK=$T/var/rw/nagios.qh

# expect CASE WANT CMD...: the client's output is exactly WANT
expect() {
	c_=$1
	shift
	eng_expect "query_socket/$c_" "$@"
}

wait_sock() {
	i=0
	while [ ! -S "$SOCK" ] && [ "$i" -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# start jaque again, on an empty nagios.log, and wait for its socket line
restart() {
	: > "$T/var/nagios.log"
	eng_start
	eng_wait_log "qh: (Socket '$SOCK' successfully|Failed to init socket)" 10
}

# the sum of the seq plugin's run counters
runs() { cat "$T"/seq/*.n 2>/dev/null | awk '{ n += $1 } END { print n + 0 }'; }

# ---- jaque ----
eng_start || { fail query_socket/start "jaque did not start"; eng_finish; }
eng_wait_log "qh: Socket '$SOCK' successfully initialized" 10
if [ -S "$SOCK" ] && [ "$(stat -c %a "$SOCK")" = 660 ]; then
	pass query_socket/made
else
	fail query_socket/made "no socket with mode 660 at $SOCK: $(ls -l "$SOCK" 2>&1)"
fi
if grep -qF "qh: Socket '$SOCK' successfully initialized" "$T/var/nagios.log" &&
    grep -q 'qh: echo service query handler registered' "$T/var/nagios.log"; then
	pass query_socket/logged
else
	fail query_socket/logged "no qh: lines in nagios.log"
fi

HELP="b'  help <name>   show help for handler <name>\\n  help list     list registered handlers\\n\\x00' OPEN"
LIST="b'wproc      Worker process management and info\\nhelp       Help for the query handler\\necho       The Echo Service - What You Put Is What You Get\\ncore       Nagios Core control and info\\n\\x00'"
expect echo "b'hello' OPEN" $QHC "$SOCK" ask '@echo hello\0'
expect echo_oneshot "b'hello' CLOSED" $QHC "$SOCK" ask '#echo hello\0'
expect echo_help "b'Query handler that simply echoes back what you send it.\\x00' OPEN" \
    $QHC "$SOCK" ask '@echo\0'
expect help "$HELP" $QHC "$SOCK" ask '@help\0'
expect help_list "$LIST OPEN" $QHC "$SOCK" ask '@help list\0'
expect help_core "b'Query handler for manipulating nagios core.\\nAvailable commands:\\n  loadctl           Print information about current load control settings\\n  loadctl <options> Configure nagios load control.\\n                    The options are the same parameters and format as\\n                    returned above.\\n  squeuestats       scheduling queue statistics\\n\\x00' OPEN" \
    $QHC "$SOCK" ask '@help core\0'
expect unknown "b'404: nosuch: No such handler' CLOSED" $QHC "$SOCK" ask '@nosuch query\0'
expect nerd "b'404: nerd: No such handler' CLOSED" $QHC "$SOCK" ask '@nerd subscribe servicechecks\0'
expect malformed "b'404: (null): No such handler' CLOSED" $QHC "$SOCK" ask 'echo hello\0'
expect malformed_at "b'404: : No such handler' CLOSED" $QHC "$SOCK" ask '@ echo\0'
expect core_unknown "b'404: Not found\\x00' CLOSED" $QHC "$SOCK" ask '@core nosuch\0'
expect keepalive "b'one' OPEN
$HELP
b'two' OPEN" $QHC "$SOCK" keep '@echo one\0' '@help\0' '@echo two\0'
expect pipelined "b'abc' OPEN" $QHC "$SOCK" pipeline '@echo a\0' '@echo b\0' '@echo c\0'
expect halfclose "b'hello' CLOSED" $QHC "$SOCK" halfclose '@echo hello\0'

# a fixed downtime an hour from now: one SCHEDULED_DOWNTIME event
now=$(date +%s)
printf '[%s] SCHEDULE_SVC_DOWNTIME;h;s1;%s;%s;1;0;3600;me;later\n' "$now" $((now + 3600)) \
    $((now + 7200)) > "$T/var/rw/nagios.cmd"
eng_wait_log 'EXTERNAL COMMAND: SCHEDULE_SVC_DOWNTIME' 5

# squeuestats: Nagios's fields in its order; three active services (the
# passive one is never scheduled) and one host, less any running; one
# downtime waiting; the total is the sum
ok=0
for i in 1 2 3 4 5; do
	a=$($QHC "$SOCK" ask '@core squeuestats\0')
	fields=$(printf '%s\n' "$a" | sed "s/^b'//; s/\\\\x00' OPEN\$//" | tr ';' '\n')
	names=$(printf '%s\n' "$fields" | sed 's/=.*//' | tr '\n' ' ')
	want_names="SERVICE_CHECK COMMAND_CHECK LOG_ROTATION PROGRAM_SHUTDOWN PROGRAM_RESTART CHECK_REAPER ORPHAN_CHECK RETENTION_SAVE STATUS_SAVE SCHEDULED_DOWNTIME SFRESHNESS_CHECK EXPIRE_DOWNTIME HOST_CHECK HFRESHNESS_CHECK RESCHEDULE_CHECKS EXPIRE_COMMENT CHECK_PROGRAM_UPDATE SLEEP USER_FUNCTION SQUEUE_ENTRIES "
	if [ "$names" != "$want_names" ]; then
		fail query_socket/squeuestats "fields: $names"
		break
	fi
	v() { printf '%s\n' "$fields" | sed -n "s/^$1=//p"; }
	sum=$(printf '%s\n' "$fields" | grep -v '^SQUEUE_ENTRIES=' | awk -F= '{ n += $2 } END { print n }')
	if [ "$(v SQUEUE_ENTRIES)" != "$sum" ] || [ "$(v SERVICE_CHECK)" -gt 3 ] ||
	    [ "$(v HOST_CHECK)" -gt 1 ] || [ "$(v SCHEDULED_DOWNTIME)" != 1 ] ||
	    [ "$(v STATUS_SAVE)" != 1 ] || [ "$(v CHECK_REAPER)" != 1 ]; then
		fail query_socket/squeuestats "implausible: $a"
		break
	fi
	[ "$(v SERVICE_CHECK)" = 3 ] && [ "$(v HOST_CHECK)" = 1 ] && ok=1
	sleep 0.2
done
[ "$ok" = 1 ] && pass query_socket/squeuestats

lc=$($QHC "$SOCK" ask '@core loadctl\0')
# the hard limits, as Nagios reads them (an unlimited one is all ones), and
# Nagios's defaults from them for 4 workers, in its unsigned arithmetic
hard() {
	"$PY" -c "import resource as r; print(r.getrlimit(r.RLIMIT_$1)[1] & 0xffffffff)"
}
nproc=$(hard NPROC)
nofile=$(hard NOFILE)
jmax=$(((nproc - 100) & 0xffffffff))
[ "$jmax" -gt $((((nofile - 50) * 4) & 0xffffffff)) ] && jmax=$((((nofile - 50) * 4) & 0xffffffff))
bch=$((jmax * 3 / 10))
re="^b'jobs_max=$jmax;jobs_min=$(($(getconf _NPROCESSORS_ONLN) * 20));jobs_running=[0-9]*;"
re="${re}jobs_limit=$jmax;load=0.00;backoff_limit=[0-9.]*;backoff_change=$bch;"
re="${re}rampup_limit=[0-9.]*;rampup_change=$((bch / 4));nproc_limit=$nproc;"
re="${re}nofile_limit=$nofile;options=0;changes=0;\\\\x00' OPEN\$"
if printf '%s\n' "$lc" | grep -q "$re"; then
	pass query_socket/loadctl
else
	fail query_socket/loadctl "got $lc"
fi
expect loadctl_bad "b'400: Bad request\\x00' CLOSED" $QHC "$SOCK" ask '@core loadctl nosuch=1\0'
if grep -q 'Error: Bad loadctl option; nosuch = 1$' "$T/var/nagios.log"; then
	pass query_socket/loadctl_bad_logged
else
	fail query_socket/loadctl_bad_logged "no 'Bad loadctl option' line"
fi
ws=$($QHC "$SOCK" ask '@wproc wpstats\0')
if printf '%s\n' "$ws" | grep -Eq "^b'(name=Core Worker ([0-9]+);pid=\\2;jobs_running=[0-9]+;jobs_started=[0-9]+\\\\n){4}' OPEN\$"; then
	pass query_socket/wpstats
else
	fail query_socket/wpstats "got $ws"
fi

# ---- clients that misbehave, while the checks run ----
r0=$(runs)
$QHC "$SOCK" idle 20 4 > "$T/idle.out" 2>&1 &
idle=$!
$QHC "$SOCK" flood 20000 4 > "$T/flood.out" 2>&1 &
flood=$!
sleep 0.5
# closed unanswered (a reset when the rest of the bytes were still unread)
case $($QHC "$SOCK" garbage 40000) in
"b'' CLOSED" | "b'' RESET") pass query_socket/garbage_closed ;;
*) fail query_socket/garbage_closed "not closed, or answered" ;;
esac
t0=$(date +%s%N)
expect answered_meanwhile "b'still here' CLOSED" $QHC "$SOCK" ask '#echo still here\0'
ms=$((($(date +%s%N) - t0) / 1000000))
wait "$idle" "$flood"
r1=$(runs)
# three services every second for four seconds
if [ $((r1 - r0)) -ge 6 ] && [ "$ms" -lt 2000 ]; then
	pass query_socket/checks_go_on
else
	fail query_socket/checks_go_on "$((r1 - r0)) check runs in 4 s, an answer took $ms ms"
fi
many=$($QHC "$SOCK" many 128)
if [ "$many" = "extra b'503: Server full' CLOSED
answered 128 of 128" ]; then
	pass query_socket/server_full
else
	fail query_socket/server_full "got: $many"
fi

# ---- SIGHUP, SIGTERM ----
ino=$(stat -c %i "$SOCK")
"$PY" - "$SOCK" "$PID" > "$T/hup.out" 2>&1 <<'PY'
import os, socket, sys, time
path, pid = sys.argv[1], int(sys.argv[2])
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(path)
os.kill(pid, 1)
time.sleep(2)
s.sendall(b'@echo after\0')
s.settimeout(2)
print(s.recv(100))
PY
if [ "$(cat "$T/hup.out")" = "b'after'" ] && [ -S "$SOCK" ] &&
    [ "$(stat -c %i "$SOCK")" != "$ino" ] &&
    [ "$(grep -c "qh: Socket '$SOCK' successfully initialized" "$T/var/nagios.log")" = 2 ]; then
	pass query_socket/sighup
else
	fail query_socket/sighup "$(cat "$T/hup.out"); inode $ino -> $(stat -c %i "$SOCK" 2>&1)"
fi
eng_stop
if [ ! -e "$SOCK" ]; then
	pass query_socket/removed_at_stop
else
	fail query_socket/removed_at_stop "$SOCK is still there"
fi

# ---- someone else's socket at the path ----
"$PY" - "$SOCK" > "$T/other.out" 2>&1 <<'PY' &
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1])
s.listen(5)
time.sleep(8)
PY
other=$!
i=0
while [ ! -S "$SOCK" ] && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
ino=$(stat -c %i "$SOCK")
restart
if eng_wait_log "qh: Failed to init socket '$SOCK'. bind\\(\\) failed: Address already in use" 5; then
	pass query_socket/live_socket_kept
else
	fail query_socket/live_socket_kept "no failure line"
fi
eng_stop
if [ -S "$SOCK" ] && [ "$(stat -c %i "$SOCK")" = "$ino" ]; then
	pass query_socket/live_socket_not_removed
else
	fail query_socket/live_socket_not_removed "the other process's socket went"
fi
kill "$other" 2>/dev/null
wait "$other" 2>/dev/null
# a stale socket (nobody listening) is replaced
[ -S "$SOCK" ] || "$PY" -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$SOCK"
restart
expect stale_replaced "b'fresh' CLOSED" $QHC "$SOCK" ask '#echo fresh\0'
eng_stop

# ---- no query_socket: nagios.qh in the directory of command_file ----
cp "$CFG" "$T/nagios.cfg.orig"
mkdir -p "$T/var/pipe"
sed -i -e '/^query_socket=/d' -e "s#^command_file=.*#command_file=$T/var/pipe/nagios.cmd#" "$CFG"
: > "$T/var/nagios.log"
eng_start
if eng_wait_log "qh: Socket '$T/var/pipe/nagios.qh' successfully initialized" 10; then
	expect default_path "b'beside' CLOSED" $QHC "$T/var/pipe/nagios.qh" ask '#echo beside\0'
else
	fail query_socket/default_path "no socket beside the pipe"
fi
eng_stop
cp "$T/nagios.cfg.orig" "$CFG"

# ---- the same requests to Nagios 4.4.6 ----
if [ ! -x "$NAGIOS" ]; then
	echo "SKIP: query_socket/vs_nagios: $NAGIOS is not installed"
	eng_finish
fi
REQS='@echo hello\0|#echo hello\0|@echo\0|@echo \0|@echo a b\n\0|@help\0|@help list\0|@help echo\0|@help core\0|@help nerd\0|@help \0|@core\0|@core help\0|@core nosuch\0|@core \0|@core loadctl nosuch=1\0|@core loadctl x\0|#core loadctl x\0|@nosuch\0|@nerd list\0|garbage\0|\0|@\0|@ echo\0|@ECHO x\0|@wproc nosuch\0|@core squeuestats\0|@core loadctl\0|@wproc wpstats\0'
# mask: squeuestats figures, loadctl's jobs_running, the workers' pids and counts
mask() {
	sed -e 's/\([A-Z][A-Z_]*\)=[0-9][0-9]*/\1=N/g' \
	    -e 's/jobs_running=[0-9]*/jobs_running=N/g' \
	    -e 's/Worker [0-9]*;pid=[0-9]*;jobs_running=N;jobs_started=[0-9]*/Worker N;pid=N;jobs_running=N;jobs_started=N/g'
}
ask_all() {
	old_ifs=$IFS
	IFS='|'
	# shellcheck disable=SC2086
	"$PY" "$top/tests/tools/qhclient.py" "$SOCK" ask $REQS
	IFS=$old_ifs
}
restart
ask_all | mask > "$T/qh.jaque"
eng_stop
rm -f "$T/var/nagios.lock"
"$NAGIOS" "$CFG" > "$T/nagios4.out" 2>&1 &
PID=$!
wait_sock
sleep 1
ask_all | mask > "$T/qh.nagios4"
eng_stop
n=0
old_ifs=$IFS
IFS='|'
for r in $REQS; do
	n=$((n + 1))
	a=$(sed -n "${n}p" "$T/qh.nagios4")
	b=$(sed -n "${n}p" "$T/qh.jaque")
	# the label as written (lib_engine's echo would undo its escapes)
	r=$(printf '%s' "$r" | sed 's/\\/\\\\/g')
	if [ -n "$a" ] && [ "$a" = "$b" ]; then
		pass "query_socket/vs_nagios: $r"
	else
		fail "query_socket/vs_nagios: $r" "$(printf 'nagios4: %s | jaque: %s' "$a" "$b" |
		    sed 's/\\/\\\\/g')"
	fi
done
IFS=$old_ifs
eng_finish

#!/bin/sh
# t_daemon_output.sh: what jaque writes besides nagios.log, against Debian's
# nagios4 on the same scenario.
#
#  - console_vs_nagios4: run in the foreground (as Debian's nagios4.service
#    runs it), both print their banner, then the log lines Nagios shows on
#    its console (base/logging.c logit() with display=TRUE), without the
#    "[epoch] " prefix.  The scenario: start, an unknown command, SIGHUP,
#    RESTART_PROCESS, SHUTDOWN_PROCESS.  Compared after the banner, with
#    the start-up line's name and the pids and time masked and nagios4's
#    worker and query handler lines left out; the banners must both be
#    eight lines: blank, name and version, three more, blank, "Website: ".
#  - daemon_prints_nothing: -d writes nothing once it is detached.
#  - syslog_every_line: use_syslog=1 sends every nagios.log line to syslog
#    as Nagios's syslog(LOG_USER | LOG_INFO, "%s", text) without openlog()
#    does: "<14>", the time, the program's name as ident without a pid,
#    ": ", the text.  The log daemon is a socket this script binds, named
#    by JAQUE_SYSLOG_SOCKET (a test-only override of /dev/log).
#  - syslog_off: use_syslog=0 sends nothing.
#  - syslog_vs_nagios4 (root with unshare(1) only): in a mount namespace of
#    its own where /dev/log is this script's socket, nagios4 and then jaque
#    (without the override) run the scenario with use_syslog=1; for each,
#    the messages are its nagios.log lines, in order, framed the same way
#    (the ident being the program's name: nagios4, jaque).
# Skipped (exit 77) without nagios4 or python3.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ ! -x "$NAGIOS" ] || ! command -v python3 > /dev/null 2>&1; then
	echo "SKIP: daemon_output: needs $NAGIOS and python3"
	exit 77
fi

eng_init output
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
SOCK=$T/syslog.sock

cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$PIPE"; }
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
logged() { grep -qE "$1" "$T/var/nagios.log" 2>/dev/null; }
have_pipe() { [ -p "$PIPE" ]; }

# the log daemon: every datagram at $1 as one line of $2, until killed
cat > "$T/syslogd.py" <<'PY'
import os, socket, sys
path, out = sys.argv[1], sys.argv[2]
try:
    os.unlink(path)
except OSError:
    pass
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
with open(out, "w") as f:
    f.write("ready\n")
    f.flush()
    while True:
        m = s.recv(65536).decode("latin-1").replace("\n", "\\n")
        f.write(m + "\n")
        f.flush()
PY
# syslogd_start PATH OUT: $SYSLOGD is its pid
syslogd_start() {
	: > "$2"
	python3 "$T/syslogd.py" "$1" "$2" < /dev/null &
	SYSLOGD=$!
	wait_until 10 grep -q ready "$2"
}
syslogd_stop() { kill "$SYSLOGD" 2>/dev/null; wait "$SYSLOGD" 2>/dev/null; }

# scenario ENGINE OUT: the whole run in the foreground, stdout to OUT
scenario() {
	rm -f "$T/var/nagios.log" "$T/var"/*.dat "$T/var/nagios.lock" "$PIPE"
	"$1" "$CFG" > "$2" 2> "$2.err" &
	PID=$!
	wait_until 10 logged 'starting\.\.\.'
	wait_until 10 have_pipe
	sleep 1.5
	cmd "NO_SUCH_COMMAND;bar"
	wait_until 10 logged 'NO_SUCH_COMMAND' || true
	kill -HUP "$PID"
	sleep 2.5
	cmd "RESTART_PROCESS"
	sleep 2.5
	cmd "SHUTDOWN_PROCESS"
	wait_until 15 sh -c "! kill -0 $PID 2>/dev/null"
	eng_stop
}

# what the console comparison takes from OUT: the lines after the banner
console_lines() {
	sed -n '9,$p' "$1" | grep -v -e '^wproc: ' -e '^qh: ' \
	    -e '^Successfully launched command file worker' |
	    sed -E -e 's/^(Nagios 4\.4\.6|jaque [^ ]+ \(Nagios 4\.4\.6 compatible\)) starting\.\.\. \(PID=[0-9]+\)$/STARTING/' \
	    -e 's/^Local time is .*/Local time is T/' \
	    -e 's/^External command \[[0-9]+\] /External command [T] /' \
	    -e 's/\(PID=[0-9]+\)/(PID=N)/'
}
# banner_ok OUT: eight lines, blank, name, three more, blank, "Website: "
banner_ok() {
	[ -z "$(sed -n 1p "$1")" ] && [ -n "$(sed -n 2p "$1")" ] && [ -z "$(sed -n 7p "$1")" ] &&
	    sed -n 8p "$1" | grep -q '^Website: '
}

# --- the console
scenario "$NAGIOS" "$T/out.nagios4"
scenario "$JAQUE" "$T/out.jaque"
console_lines "$T/out.nagios4" > "$T/c.nagios4"
console_lines "$T/out.jaque" > "$T/c.jaque"
if ! banner_ok "$T/out.nagios4"; then
	fail daemon_output/console_vs_nagios4 "nagios4's banner is not as this test expects"
elif ! banner_ok "$T/out.jaque"; then
	fail daemon_output/console_vs_nagios4 "jaque's banner: $(head -n 9 "$T/out.jaque")"
elif ! grep -q 'Unrecognized external command' "$T/c.nagios4"; then
	fail daemon_output/console_vs_nagios4 "nagios4 did not show the scenario (it is wrong)"
elif cmp -s "$T/c.nagios4" "$T/c.jaque"; then
	pass daemon_output/console_vs_nagios4
else
	fail daemon_output/console_vs_nagios4 "differs (nagios4 <, jaque >)"
	diff "$T/c.nagios4" "$T/c.jaque" | sed 's/^/  /'
fi

# --- -d: nothing on the terminal
rm -f "$T/var/nagios.log" "$T/var/nagios.lock"
"$JAQUE" -d "$CFG" > "$T/d.out" 2>&1
wait_until 10 logged 'starting\.\.\.'
PID=$(cat "$T/var/nagios.lock")
cmd "NO_SUCH_COMMAND;bar"
wait_until 10 logged 'NO_SUCH_COMMAND'
eng_stop
if [ ! -s "$T/d.out" ]; then
	pass daemon_output/daemon_prints_nothing
else
	fail daemon_output/daemon_prints_nothing "$(head -n 5 "$T/d.out")"
fi

# the log's texts (no "[epoch] ") and the syslog messages' texts of a run;
# every message must be "<14>Mmm dd hh:mm:ss IDENT: text"
# syslog_check CASE LOG MSGS IDENT
syslog_check() {
	# Nagios's rule: these kinds keep their '\n' in syslog (the daemon shows
	# it as \n, see syslogd.py)
	sed -n 's/^\[[0-9]*\] //p' "$2" |
	    sed -E 's/^((SERVICE|HOST) ALERT|(INITIAL|CURRENT) (HOST|SERVICE) STATE|LOG (ROTATION|VERSION)|(SERVICE|HOST) NOTIFICATION|EXTERNAL COMMAND): .*$/&\\n/' \
	    > "$T/sl.want"
	grep -v '^ready$' "$3" > "$T/sl.msgs"
	bad=$(grep -v -E "^<14>[A-Z][a-z]{2} [ 1-3][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} $4: " "$T/sl.msgs" | head -n 3)
	sed -E "s/^<14>[A-Z][a-z]{2} [ 1-3][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} $4: //" "$T/sl.msgs" > "$T/sl.got"
	if [ ! -s "$T/sl.want" ]; then
		fail "$1" "no log lines"
	elif [ -n "$bad" ]; then
		fail "$1" "not framed as Nagios's: $bad"
	elif cmp -s "$T/sl.want" "$T/sl.got"; then
		pass "$1"
	else
		fail "$1" "the messages are not the log's lines (log <, syslog >)"
		diff "$T/sl.want" "$T/sl.got" | head -n 20 | sed 's/^/  /'
	fi
}

# --- syslog through the test-only socket
eng_cfg use_syslog=1
syslogd_start "$SOCK" "$T/sl.jaque"
JAQUE_SYSLOG_SOCKET=$SOCK scenario "$JAQUE" "$T/out.sl"
sleep 0.3
syslogd_stop
syslog_check daemon_output/syslog_every_line "$T/var/nagios.log" "$T/sl.jaque" "$(basename "$JAQUE")"

sed -i 's/^use_syslog=1$/use_syslog=0/' "$CFG"
syslogd_start "$SOCK" "$T/sl.off"
rm -f "$T/var/nagios.log"
JAQUE_SYSLOG_SOCKET=$SOCK eng_start
wait_until 10 have_pipe
cmd "NO_SUCH_COMMAND;bar"
wait_until 10 logged 'NO_SUCH_COMMAND'
eng_stop
syslogd_stop
if [ -s "$T/var/nagios.log" ] && [ "$(grep -vc '^ready$' "$T/sl.off")" = 0 ]; then
	pass daemon_output/syslog_off
else
	fail daemon_output/syslog_off "$(grep -vc '^ready$' "$T/sl.off") message(s) with use_syslog=0"
fi

# --- syslog at /dev/log, nagios4 and jaque, in a mount namespace of their own
if [ "$(id -u)" = 0 ] && command -v unshare > /dev/null 2>&1 &&
    unshare -m true 2> /dev/null; then
	sed -i 's/^use_syslog=0$/use_syslog=1/' "$CFG"
	mkdir -p "$T/realdev"
	# the namespace's /dev: a tmpfs with the real device nodes bound in and
	# this script's socket as /dev/log (nothing of it is seen outside)
	cat > "$T/ns.sh" <<NS
set -u
here=$here
. "$here/lib_engine.sh"
T=$T
CFG=$CFG
mount --bind /dev "$T/realdev"
mount -t tmpfs tmpfs /dev
for n in null zero random urandom full tty; do
	[ -e "$T/realdev/\$n" ] || continue
	: > "/dev/\$n"
	mount --bind "$T/realdev/\$n" "/dev/\$n"
done
ln -s /proc/self/fd /dev/fd
ln -s /proc/self/fd/0 /dev/stdin
ln -s /proc/self/fd/1 /dev/stdout
ln -s /proc/self/fd/2 /dev/stderr
mkdir /dev/shm /dev/pts
NS
	cat >> "$T/ns.sh" <<'NS'
PIPE=$T/var/rw/nagios.cmd
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$PIPE"; }
for e in nagios4:$NAGIOS jaque:$JAQUE; do
	name=${e%%:*}
	bin=${e#*:}
	rm -f "$T/var/nagios.log" "$T/var"/*.dat "$T/var/nagios.lock"
	: > "$T/ns.$name.msgs"
	python3 "$T/syslogd.py" /dev/log "$T/ns.$name.msgs" < /dev/null &
	sd=$!
	i=0
	while ! grep -q ready "$T/ns.$name.msgs" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	env -u JAQUE_SYSLOG_SOCKET "$bin" "$CFG" > "$T/ns.$name.out" 2>&1 &
	PID=$!
	sleep 3
	cmd "NO_SUCH_COMMAND;bar"
	sleep 1
	kill -HUP $PID
	sleep 2.5
	eng_stop
	sleep 0.3
	kill $sd
	wait $sd 2>/dev/null
	cp "$T/var/nagios.log" "$T/ns.$name.log"
done
NS
	NAGIOS=$NAGIOS JAQUE=$JAQUE unshare -m sh "$T/ns.sh" > "$T/ns.out" 2>&1
	syslog_check daemon_output/syslog_vs_nagios4_nagios4 "$T/ns.nagios4.log" "$T/ns.nagios4.msgs" \
	    "$(basename "$NAGIOS")"
	syslog_check daemon_output/syslog_vs_nagios4_jaque "$T/ns.jaque.log" "$T/ns.jaque.msgs" \
	    "$(basename "$JAQUE")"
else
	echo "SKIP: daemon_output/syslog_vs_nagios4: needs root and unshare -m"
fi
eng_finish

#!/bin/sh
# t_broken_start_vs_nagios.sh: where a start on a broken configuration
# tells its errors and how it exits, jaque against Debian's nagios4 on the
# same files.  The wording is each one's own (jaque names the file, line,
# object and directive), so what is compared is where the lines go:
#   objects    an object file with an unknown directive
#   main       nagios.cfg with an unknown variable
#   missing    a nagios.cfg that does not exist
# For each, in the foreground: the exit code is nagios4's (254, 1, 254);
# the errors and the "Bailing out due to ..." line are on stdout after the
# banner, nothing is on stderr; for objects, nagios.log holds the start
# line, the errors and the bail line (a broken nagios.cfg is not logged:
# see docs/differences.md).  With -d: nothing on the terminal, the
# same exit codes for main and missing (nagios4 exits 0 for objects: it
# detached before reading them; jaque, which reads them first, 254), and
# for objects the same nagios.log lines.  With use_syslog=1, jaque's
# errors and bail line reach syslog (JAQUE_SYSLOG_SOCKET: a socket this
# script binds).
# Skipped (exit 77) without nagios4, python3 or the jaque binary.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
NAGIOS=${NAGIOS:-${NAGIOS4:-/usr/sbin/nagios4}}
if [ ! -x "$NAGIOS" ] || ! command -v python3 > /dev/null 2>&1; then
	echo "SKIP: broken_start_vs_nagios: needs $NAGIOS and python3"
	exit 77
fi
if [ ! -x "$JAQUE" ]; then
	echo "SKIP: broken_start_vs_nagios: no jaque binary at $JAQUE"
	exit 77
fi

eng_init broken
cp "$CFG" "$T/good.cfg"
cp "$T/objects.cfg" "$T/good-objects.cfg"

# case NAME: set the files up for it; $MAIN is the nagios.cfg to start on
setup() {
	cp "$T/good.cfg" "$CFG"
	cp "$T/good-objects.cfg" "$T/objects.cfg"
	MAIN=$CFG
	case $1 in
	objects) printf 'define host {\n\thost_name\th1\n\tbogus_directive\t1\n}\n' \
	    >> "$T/objects.cfg" ;;
	main) echo "nosuch_main_variable=1" >> "$CFG" ;;
	missing) MAIN=$T/none.cfg ;;
	esac
}

# start ENGINE TAG CASE [-d]: one start; keeps $T/TAG.CASE{.out,.err,.rc,.log}
start() {
	d=${4:-}
	rm -f "$T/var/nagios.log" "$T/var/nagios.lock"
	"$1" $d "$MAIN" > "$T/$2.$3$d.out" 2> "$T/$2.$3$d.err"
	echo $? > "$T/$2.$3$d.rc"
	# a daemon's child (nagios4 -d) logs its errors after the parent exits
	sleep 1
	sed 's/^\[[0-9]*\] //' "$T/var/nagios.log" > "$T/$2.$3$d.log" 2>/dev/null ||
	    : > "$T/$2.$3$d.log"
}

# the kinds of lines of a console or log text, in order: START, ERROR, BAIL
kinds() {
	sed -n -E -e 's/^(Nagios 4\.4\.6|jaque [^ ]+ \(Nagios 4\.4\.6 compatible\)) starting\.\.\. .*/START/p' \
	    -e 's/^Error.*/ERROR/p' -e 's/^Bailing out due to .*/BAIL/p' "$1" | uniq
}

for c in objects main missing; do
	setup "$c"
	start "$NAGIOS" nagios4 "$c"
	start "$JAQUE" jaque "$c"
	start "$NAGIOS" nagios4 "$c" -d
	start "$JAQUE" jaque "$c" -d
	n=$(cat "$T/nagios4.$c.rc")
	j=$(cat "$T/jaque.$c.rc")
	if [ "$n" = "$j" ]; then
		pass "broken_start/$c/exit_code"
	else
		fail "broken_start/$c/exit_code" "nagios4 $n, jaque $j"
	fi
	if [ -s "$T/nagios4.$c.err" ] || [ -s "$T/jaque.$c.err" ]; then
		fail "broken_start/$c/no_stderr" \
		    "nagios4: '$(cat "$T/nagios4.$c.err")' jaque: '$(cat "$T/jaque.$c.err")'"
	else
		pass "broken_start/$c/no_stderr"
	fi
	kinds "$T/nagios4.$c.out" > "$T/k.nagios4"
	kinds "$T/jaque.$c.out" > "$T/k.jaque"
	if [ "$c" = objects ] && ! grep -q BAIL "$T/k.nagios4"; then
		fail "broken_start/$c/stdout" "nagios4 showed no bail line (the case is wrong)"
	elif ! grep -q ERROR "$T/k.nagios4"; then
		fail "broken_start/$c/stdout" "nagios4 showed no error (the case is wrong)"
	elif cmp -s "$T/k.nagios4" "$T/k.jaque" ||
	    { [ "$c" != objects ] && [ "$(cat "$T/k.jaque")" = "$(printf 'ERROR\nBAIL')" ]; }; then
		# (nagios4 ends a broken nagios.cfg's errors with "Error: Failed to
		# process config file ...", or nothing when it cannot open it;
		# jaque with its bail line)
		pass "broken_start/$c/stdout"
	else
		fail "broken_start/$c/stdout" \
		    "nagios4: $(tr '\n' ' ' < "$T/k.nagios4"), jaque: $(tr '\n' ' ' < "$T/k.jaque")"
	fi
	for e in nagios4 jaque; do
		if [ -s "$T/$e.$c-d.out" ] || [ -s "$T/$e.$c-d.err" ]; then
			fail "broken_start/$c/daemon_silent" "$e printed: $(cat "$T/$e.$c-d.out" "$T/$e.$c-d.err")"
		else
			pass "broken_start/$c/daemon_silent/$e"
		fi
	done
	n=$(cat "$T/nagios4.$c-d.rc")
	j=$(cat "$T/jaque.$c-d.rc")
	if [ "$c" = objects ]; then
		# nagios4's parent detached before the objects were read
		[ "$n" = 0 ] && [ "$j" = 254 ] && pass "broken_start/$c/daemon_exit_code" ||
		    fail "broken_start/$c/daemon_exit_code" "nagios4 $n (0 expected), jaque $j (254 expected)"
	elif [ "$n" = "$j" ]; then
		pass "broken_start/$c/daemon_exit_code"
	else
		fail "broken_start/$c/daemon_exit_code" "nagios4 $n, jaque $j"
	fi
done

# nagios.log for broken objects: the start, the errors, the bail line
for m in "" -d; do
	kinds "$T/nagios4.objects$m.log" > "$T/k.nagios4"
	kinds "$T/jaque.objects$m.log" > "$T/k.jaque"
	if [ "$(cat "$T/k.nagios4")" != "$(printf 'START\nERROR\nBAIL')" ]; then
		fail "broken_start/objects/log$m" "nagios4 logged: $(tr '\n' ' ' < "$T/k.nagios4")"
	elif cmp -s "$T/k.nagios4" "$T/k.jaque"; then
		pass "broken_start/objects/log$m"
	else
		fail "broken_start/objects/log$m" "jaque logged: $(tr '\n' ' ' < "$T/k.jaque")"
	fi
done

# syslog: jaque's errors and its bail line, for broken objects and main
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
        f.write(s.recv(65536).decode("latin-1").replace("\n", "\\n") + "\n")
        f.flush()
PY
SOCK=$T/syslog.sock
: > "$T/syslog.out"
python3 "$T/syslogd.py" "$SOCK" "$T/syslog.out" < /dev/null &
SYSLOGD=$!
i=0
while ! grep -q ready "$T/syslog.out" && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
for c in objects main; do
	setup "$c"
	sed -i 's/^use_syslog=0$/use_syslog=1/' "$CFG"
	: > "$T/syslog.out"
	rm -f "$T/var/nagios.log"
	JAQUE_SYSLOG_SOCKET=$SOCK "$JAQUE" "$MAIN" > /dev/null 2>&1
	sleep 0.5
	if grep -q ': Error: ' "$T/syslog.out" && grep -q ': Bailing out due to ' "$T/syslog.out"; then
		pass "broken_start/$c/syslog"
	else
		fail "broken_start/$c/syslog" "syslog got: $(cat "$T/syslog.out")"
	fi
done
kill "$SYSLOGD" 2>/dev/null
wait "$SYSLOGD" 2>/dev/null
eng_finish

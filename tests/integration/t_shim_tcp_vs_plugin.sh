#!/bin/sh
# t_shim_tcp_vs_plugin.sh: differential test of the check_tcp shim against
# the real plugin (monitoring-plugins 2.3.3, /usr/lib/nagios/plugins).
#
# A python3 helper opens listeners on 127.0.0.1 (ephemeral ports), each with
# one behaviour: hold the connection silently, send a banner and hold, send
# a banner and close, send half an answer and hold, answer "PONG" to
# "PING", close at once, answer late, send one character, send a NUL, send
# 3000 bytes; plus a port that is bound but not listening (refused) and,
# when the machine has IPv6 loopback, a banner on ::1.  Every case runs the
# same command line through the real check_tcp and through the shim
# (tests/unit/test_shim_tcp --run, which runs it on a libev loop as the
# engine does) and compares exit codes exactly and stdout byte for byte,
# after replacing the measured times ("0.001 second response time",
# "time=0.000123s") with "T" on both sides.  Some lines must be declined by
# the shim (left to the plugin): those cases check only that.
#
# Output: "PASS: shim_tcp/<case>" or "FAIL: shim_tcp/<case>: <why>" with
# both outputs below; exit 1 when a case failed, 77 when the plugin, python3
# or the driver is missing, 0 otherwise.
#
# Environment:
#   SHIM_RUN   the driver (default: tests/unit/test_shim_tcp under
#              $BUILD_DIR, the current directory or build/dev)
#   CHECK_TCP  the plugin (default /usr/lib/nagios/plugins/check_tcp)
#   KEEP_TMP   1: keep the temporary directory
# Arguments: optional case names to run only those.
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u
# the arguments are split into words unquoted on purpose: no globbing ("[::1]")
set -f

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/integration" ]; then
	top=$(cd "$srcdir" && pwd)
elif [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/integration" ]; then
	top=$abs_top_srcdir
else
	top=$(cd "$here/../.." && pwd)
fi
CHECK_TCP=${CHECK_TCP:-/usr/lib/nagios/plugins/check_tcp}
PLUGIN_DIR=$(dirname "$CHECK_TCP")

if [ -z "${SHIM_RUN:-}" ]; then
	for d in "${BUILD_DIR:-}" "${abs_top_builddir:-}" "$(pwd)" "$top/build/dev" "$top/build/check"; do
		if [ -n "$d" ] && [ -x "$d/tests/unit/test_shim_tcp" ]; then
			SHIM_RUN=$d/tests/unit/test_shim_tcp
			break
		fi
	done
fi
if [ -z "${SHIM_RUN:-}" ] || [ ! -x "$SHIM_RUN" ]; then
	echo "SKIP: shim_tcp: no driver (build tests/unit/test_shim_tcp or set SHIM_RUN)"
	exit 77
fi
if [ ! -x "$CHECK_TCP" ]; then
	echo "SKIP: shim_tcp: $CHECK_TCP not installed"
	exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: shim_tcp: python3 not found"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/shim_tcp.XXXXXX") || exit 1
srv_pid=
cleanup() {
	[ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null
	[ "${KEEP_TMP:-0}" = 1 ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# the listeners: "name port" lines in $tmp/ports once they all listen
cat >"$tmp/servers.py" <<'EOF'
import socket, sys, threading, time

def hold(c):
    # keep the connection until the client goes (or 30 s)
    c.settimeout(30)
    try:
        while c.recv(4096):
            pass
    except OSError:
        pass

def banner(data, close=False, delay=0.0):
    def run(c):
        if delay:
            time.sleep(delay)
        c.sendall(data)
        if not close:
            hold(c)
    return run

def reply(c):
    got = b''
    c.settimeout(30)
    while b'PING\n' not in got:
        d = c.recv(4096)
        if not d:
            return
        got += d
    c.sendall(b'PONG\n')
    hold(c)

behaviours = {
    'hold': hold,
    'banner': banner(b'220 mail ready \r\n'),
    'banner_close': banner(b'220 mail ready \r\n', close=True),
    'partial': banner(b'hel'),
    'reply': reply,
    'shut': lambda c: None,
    'late': banner(b'ok', delay=0.3),
    'onechar': banner(b'x\n', close=True),
    'nul': banner(b'ab\0cd\n', close=True),
    'big': banner(b'a' * 3000 + b'END', close=True),
}

def serve(ls, fn):
    while True:
        c, _ = ls.accept()
        def one(c=c):
            try:
                fn(c)
            except OSError:
                pass
            finally:
                c.close()
        threading.Thread(target=one, daemon=True).start()

lines = []
for name, fn in behaviours.items():
    ls = socket.socket()
    ls.bind(('127.0.0.1', 0))
    ls.listen(64)
    lines.append('%s %d' % (name, ls.getsockname()[1]))
    threading.Thread(target=serve, args=(ls, fn), daemon=True).start()
# bound, never listening: connections are refused
closed = socket.socket()
closed.bind(('127.0.0.1', 0))
lines.append('refused %d' % closed.getsockname()[1])
try:
    ls6 = socket.socket(socket.AF_INET6)
    ls6.bind(('::1', 0))
    ls6.listen(64)
    lines.append('banner6 %d' % ls6.getsockname()[1])
    threading.Thread(target=serve, args=(ls6, behaviours['banner']), daemon=True).start()
except OSError:
    pass
with open(sys.argv[1] + '.new', 'w') as f:
    f.write('\n'.join(lines) + '\n')
import os
os.rename(sys.argv[1] + '.new', sys.argv[1])
time.sleep(600)
EOF
python3 "$tmp/servers.py" "$tmp/ports" &
srv_pid=$!
i=0
while [ ! -f "$tmp/ports" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ ! -f "$tmp/ports" ]; then
	echo "FAIL: shim_tcp: the test servers did not start"
	exit 1
fi
port() {
	awk -v n="$1" '$1 == n { print $2 }' "$tmp/ports"
}

# the cases: name, then the arguments; @name@ is that server's port.
# Words are split on blanks (no quoting), so strings with spaces use -E.
cat >"$tmp/cases" <<'EOF'
accept              -H 127.0.0.1 -p @hold@
accept_unnamed      127.0.0.1 -p @hold@
accept_default_host -p @hold@
accept_positional   -p @hold@ 127.0.0.1 -w 9
accept_perf         -H 127.0.0.1 -p @hold@ -w 5 -c 9 -t 12
accept_long         --hostname=127.0.0.1 --port @hold@ --warning=5 --timeout 11
accept_oldopts      -H 127.0.0.1 -p @hold@ -wt 5 -ct 9 -to 12
accept_cluster      -4jH127.0.0.1 -p@hold@
refused             -H 127.0.0.1 -p @refused@
refused_unnamed     127.0.0.1 -p @refused@
refused_ok          -H 127.0.0.1 -p @refused@ -r ok
refused_warn        -H 127.0.0.1 -p @refused@ --refuse=warning
refused_crit        -H 127.0.0.1 -p @refused@ -r crit -e x
no_port             -H 127.0.0.1
expect_ok           -H 127.0.0.1 -p @banner@ -e 220
expect_second       -H 127.0.0.1 -p @banner@ -e nope -e ready
expect_all          -H 127.0.0.1 -p @banner@ -e 220 -e ready -A
expect_jail         -H 127.0.0.1 -p @banner@ -e 220 -j
expect_quit         -H 127.0.0.1 -p @banner@ -e 220 -q QUIT
expect_quit_escaped -H 127.0.0.1 -p @banner@ -E -e 220 -q QUIT\r\n
mismatch            -H 127.0.0.1 -p @banner_close@ -e 250
mismatch_perf       -H 127.0.0.1 -p @banner_close@ -e 250 -w 5 -c 9
mismatch_jail       -H 127.0.0.1 -p @banner_close@ -e 250 -j
mismatch_jail_unnamed 127.0.0.1 -p @banner_close@ -e 250 -j
mismatch_ok         -H 127.0.0.1 -p @banner_close@ -e 250 -M ok
mismatch_crit       -H 127.0.0.1 -p @banner_close@ -e 250 --mismatch=critical
mismatch_all        -H 127.0.0.1 -p @banner_close@ -e 220 -e 250 -A
mismatch_wait       -H 127.0.0.1 -p @partial@ -e hello
maxbytes_first      -H 127.0.0.1 -p @banner_close@ -e zzz -m 2
maxbytes_big        -H 127.0.0.1 -p @big@ -e zzz -m 1500
maxbytes_octal      -H 127.0.0.1 -p @big@ -e zzz -m 010
big                 -H 127.0.0.1 -p @big@ -e END
big_mismatch        -H 127.0.0.1 -p @big@ -e zzz
onechar             -H 127.0.0.1 -p @onechar@ -e x
onechar_mismatch    -H 127.0.0.1 -p @onechar@ -e y
nul                 -H 127.0.0.1 -p @nul@ -e ab
nul_hidden_match    -H 127.0.0.1 -p @nul@ -e cd
no_data             -H 127.0.0.1 -p @shut@ -e x
no_data_ok          -H 127.0.0.1 -p @shut@ -e x -M ok -r ok
shut_no_expect      -H 127.0.0.1 -p @shut@
send_expect         -H 127.0.0.1 -p @reply@ -E -s PING\n -e PONG -q BYE
send_expect_long    -H 127.0.0.1 -p @reply@ --escape --send=PING\n --expect PONG --quit=BYE\r
send_no_expect      -H 127.0.0.1 -p @reply@ -E -s PING\n
late_warn           -H 127.0.0.1 -p @late@ -e ok -w 0.1 -c 5
late_crit           -H 127.0.0.1 -p @late@ -e ok -w 0.05 -c 0.1
late_ok             -H 127.0.0.1 -p @late@ -e ok -w 5 -c 9
late_mismatch_warn  -H 127.0.0.1 -p @late@ -e no -w 0.1 -M ok
odd_thresholds      -H 127.0.0.1 -p @hold@ -w abc -c 1e-9
odd_thresholds2     -H 127.0.0.1 -p @hold@ -w inf -c nan
odd_escape          -H 127.0.0.1 -p @reply@ -E -s \qPING\n -e PONG
delay               -H 127.0.0.1 -p @banner@ -e 220 -d 1
timeout             -H 127.0.0.1 -p @hold@ -e x -t 1
timeout_refuse_ok   -H 127.0.0.1 -p @hold@ -e x -t 1 -r ok
timeout_partial     -H 127.0.0.1 -p @partial@ -e hello -t 1
bad_family4         -4 -H ::1 -p @hold@
bad_family6         -6 -H 127.0.0.1 -p @hold@
v6_refused          -H ::1 -p @refused@
v6_banner           -H ::1 -p @banner6@ -e 220
v6_banner6          -6 -H ::1 -p @banner6@ -e 220 -j
EOF

# lines the shim must leave to the plugin
cat >"$tmp/declines" <<'EOF'
name_localhost      -H localhost -p @hold@
ssl                 -H 127.0.0.1 -p @hold@ -S
verbose             -H 127.0.0.1 -p @hold@ -v
ambiguous           -H 127.0.0.1 -p @hold@ --crit 3
bad_port            -H 127.0.0.1 -p 0
bad_timeout         -H 127.0.0.1 -p @hold@ -t x
bad_refuse          -H 127.0.0.1 -p @hold@ -r maybe
brackets            -H [::1] -p @hold@
unknown             -H 127.0.0.1 -p @hold@ -Z
help                -h
no_args
EOF

normalise() {
	sed -E 's/[0-9]+\.[0-9]+ second response time/T second response time/g; s/time=[0-9.]+s/time=Ts/g'
}

# is case $1 among the arguments (all are, when there are none)?
WANTED="$*"
wanted() {
	[ -z "$WANTED" ] && return 0
	for w in $WANTED; do
		[ "$w" = "$1" ] && return 0
	done
	return 1
}

fail=0
# @name@ becomes that server's port
awk '{ printf "s/@%s@/%s/g\n", $1, $2 }' "$tmp/ports" >"$tmp/ports.sed"
subst() {
	printf '%s\n' "$1" | sed -f "$tmp/ports.sed"
}

while read -r name args; do
	[ -n "$name" ] || continue
	wanted "$name" || continue
	case $args in
	*@banner6@*)
		if [ -z "$(port banner6)" ]; then
			echo "SKIP: shim_tcp/$name: no IPv6 loopback"
			continue
		fi
		;;
	esac
	a=$(subst "$args")
	# shellcheck disable=SC2086 # the words are meant to split
	"$CHECK_TCP" $a >"$tmp/$name.plugin" 2>"$tmp/$name.plugin.err"
	prc=$?
	# shellcheck disable=SC2086
	"$SHIM_RUN" --run --dir "$PLUGIN_DIR" -- "$CHECK_TCP" $a >"$tmp/$name.shim" 2>"$tmp/$name.shim.err"
	src=$?
	normalise <"$tmp/$name.plugin" >"$tmp/$name.plugin.n"
	normalise <"$tmp/$name.shim" >"$tmp/$name.shim.n"
	if [ $src -eq 100 ]; then
		why="the shim declined it"
	elif [ $prc -ne $src ]; then
		why="exit $src, the plugin's $prc"
	elif ! cmp -s "$tmp/$name.plugin.n" "$tmp/$name.shim.n"; then
		why="output differs"
	else
		echo "PASS: shim_tcp/$name"
		continue
	fi
	fail=1
	echo "FAIL: shim_tcp/$name: $why"
	echo "    args:   $a"
	sed 's/^/    plugin: /' "$tmp/$name.plugin"
	sed 's/^/    shim:   /' "$tmp/$name.shim" "$tmp/$name.shim.err"
done <"$tmp/cases"

while read -r name args; do
	[ -n "$name" ] || continue
	wanted "$name" || continue
	a=$(subst "$args")
	# shellcheck disable=SC2086
	"$SHIM_RUN" --run --dir "$PLUGIN_DIR" -- "$CHECK_TCP" $a >"$tmp/d_$name.shim" 2>&1
	src=$?
	if [ $src -eq 100 ]; then
		echo "PASS: shim_tcp/declines/$name"
	else
		fail=1
		echo "FAIL: shim_tcp/declines/$name: claimed (exit $src)"
		sed 's/^/    shim:   /' "$tmp/d_$name.shim"
	fi
done <"$tmp/declines"

exit $fail

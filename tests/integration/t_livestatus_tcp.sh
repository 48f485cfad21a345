#!/bin/sh
# t_livestatus_tcp.sh: Livestatus over TCP (livestatus_listen and
# livestatus_allow in jaque.cfg), on a temporary instance:
#   - jaque -v refuses a bad address, port or network, naming jaque.cfg,
#     the line and the directive, and exits non-zero;
#   - TCP alone (no Unix socket): a listener on 127.0.0.1 with the
#     allow-list 127.0.0.2/32 closes a client from 127.0.0.1 unanswered
#     (logged once for five tries) and answers one bound to 127.0.0.2; a
#     port already taken is logged as an error and the others still serve;
#     an IPv6 listener on [::1] answers (when the machine has ::1); a
#     dual-stack "*" listener sees 127.0.0.2 as ::ffff:127.0.0.2 and lets
#     it in by its IPv4 entry;
#   - SIGHUP with a new jaque.cfg: without livestatus_allow only loopback
#     clients are let in (said in the log), the listener kept at its
#     address answers 127.0.0.1 now, a listener no longer configured is
#     closed, and the Unix socket now configured answers beside TCP;
#   - the connection code is the Unix socket's: fixed16 and KeepAlive over
#     TCP, one connection limit for both kinds together;
#   - Monitoring::Livestatus (Perl, Thruk's client) over TCP with host:port,
#     with KeepAlive over two queries.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: livestatus_tcp: python3 is not installed"
	exit 77
fi

# tcp_ask HOST PORT BIND TEXT: send TEXT (escapes as \n) from BIND ("" for
# any), shut down our side, print the bytes that came back (repr), or
# <closed> when the server closed without a byte, or <refused>
tcp_ask() {
	python3 - "$@" <<'PY'
import socket, sys
host, port, bind, text = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
fam = socket.AF_INET6 if ":" in host else socket.AF_INET
s = socket.socket(fam, socket.SOCK_STREAM)
s.settimeout(10)
if bind:
    s.bind((bind, 0))
try:
    s.connect((host, port))
except ConnectionRefusedError:
    print("<refused>")
    sys.exit(0)
out = b""
try:
    s.sendall(text.encode().decode("unicode_escape").encode("latin-1"))
    s.shutdown(socket.SHUT_WR)
    while True:
        d = s.recv(65536)
        if not d:
            break
        out += d
except socket.timeout:
    out += b"<timeout>"
except OSError:  # reset, broken pipe, or not connected: closed by the server
    pass
print(repr(out) if out else "<closed>")
PY
}

# free_port HOST: a port nobody listens on now
free_port() {
	python3 -c 'import socket, sys
h = sys.argv[1]
s = socket.socket(socket.AF_INET6 if ":" in h else socket.AF_INET)
s.bind((h, 0))
print(s.getsockname()[1])' "$1"
}

has_v6() {
	python3 -c 'import socket
s = socket.socket(socket.AF_INET6)
s.bind(("::1", 0))' 2>/dev/null
}

eng_init livestatus_tcp
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	web
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		web
	service_description	http
}
OBJ
eng_seq web_http "0 OK http"

# ---- jaque -v on bad values ----
check_bad() {
	c_=$1
	line_=$2
	dir_=$3
	shift 3
	printf '%s\n' "$@" > "$T/jaque.cfg"
	out_=$("$JAQUE" -v "$CFG" 2>&1)
	rc_=$?
	if [ "$rc_" -ne 0 ] && printf '%s\n' "$out_" |
	    grep -q "(file '$T/jaque.cfg', line $line_, directive '$dir_')"; then
		pass "livestatus_tcp/verify_$c_"
	else
		fail "livestatus_tcp/verify_$c_" "jaque -v exited $rc_: $out_"
	fi
}
check_bad port 2 livestatus_listen "# TCP" "livestatus_listen=127.0.0.1:65536"
check_bad addr 1 livestatus_listen "livestatus_listen=127.0.0.1:6557, localhost:6557"
check_bad v6_no_brackets 1 livestatus_listen "livestatus_listen=::1:6557"
check_bad cidr 3 livestatus_allow "livestatus_listen=127.0.0.1:6557" "" \
    "livestatus_allow=10.0.0.0/8 192.168.0.0/33"
check_bad v6_cidr 1 livestatus_allow "livestatus_allow=2001:db8::/129"
check_bad empty 1 livestatus_allow "livestatus_allow= , "
printf 'livestatus_listen=127.0.0.1:6557, [::1]:6557\nlivestatus_listen=*:6557\nlivestatus_allow=127.0.0.2/32 ::1\n' \
    > "$T/jaque.cfg"
if out=$("$JAQUE" -v "$CFG" 2>&1); then
	pass livestatus_tcp/verify_good
else
	fail livestatus_tcp/verify_good "$out"
fi

# ---- TCP only, with an allow-list ----
P1=$(free_port 127.0.0.1)
P3=$(free_port 127.0.0.1)
# a port taken by another program for as long as the first start lasts
busy_log=$T/busy.out
python3 -c 'import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
print(s.getsockname()[1], flush=True)
time.sleep(60)' > "$busy_log" &
BUSY=$!
i=0
while [ ! -s "$busy_log" ] && [ "$i" -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
PBUSY=$(cat "$busy_log")
V6=0
if has_v6; then
	V6=1
	P2=$(free_port ::1)
fi
{
	echo "livestatus_listen=127.0.0.1:$P1, 127.0.0.1:$PBUSY"
	echo "livestatus_listen=*:$P3"
	[ "$V6" = 1 ] && echo "livestatus_listen=[::1]:$P2"
	echo "livestatus_allow=127.0.0.2/32"
	echo "livestatus_allow=::1"
} > "$T/jaque.cfg"
eng_start || { fail livestatus_tcp/start "jaque did not start"; eng_finish; }
eng_wait_log "livestatus: TCP clients allowed from" 10
kill "$BUSY" 2>/dev/null
wait "$BUSY" 2>/dev/null
LOG=$T/var/nagios.log
if grep -q "livestatus: listening on 127.0.0.1:$P1 (TCP)" "$LOG" &&
    grep -q "livestatus: listening on \*:$P3 (TCP)" "$LOG" &&
    grep -q "livestatus: TCP clients allowed from 127.0.0.2/32, ::1/128" "$LOG" &&
    ! grep -q "listening on /" "$LOG"; then
	pass livestatus_tcp/listening
else
	fail livestatus_tcp/listening "$(grep livestatus "$LOG")"
fi
if grep -q "Error: livestatus: could not listen on 127.0.0.1:$PBUSY (bind: Address already in use)" \
    "$LOG" && kill -0 "$PID"; then
	pass livestatus_tcp/port_taken
else
	fail livestatus_tcp/port_taken "$(grep livestatus "$LOG")"
fi

Q='GET status\nColumns: program_version num_hosts\n'
eng_expect livestatus_tcp/allowed "b'0.1.0;1\\n'" tcp_ask 127.0.0.1 "$P1" 127.0.0.2 "$Q"
for k in 1 2 3 4 5; do
	eng_expect "livestatus_tcp/refused_$k" "<closed>" tcp_ask 127.0.0.1 "$P1" 127.0.0.1 "$Q"
done
n=$(grep -c "livestatus: refused a connection from 127.0.0.1 to 127.0.0.1:$P1: not in livestatus_allow" "$LOG")
if [ "$n" = 1 ]; then
	pass livestatus_tcp/refusal_logged_once
else
	fail livestatus_tcp/refusal_logged_once "$n lines for five refusals"
fi
# the dual-stack listener: 127.0.0.2 arrives as ::ffff:127.0.0.2
eng_expect livestatus_tcp/dual_stack_mapped "b'0.1.0;1\\n'" \
    tcp_ask 127.0.0.1 "$P3" 127.0.0.2 "$Q"
eng_expect livestatus_tcp/dual_stack_refused "<closed>" tcp_ask 127.0.0.1 "$P3" 127.0.0.1 "$Q"
if [ "$V6" = 1 ]; then
	eng_expect livestatus_tcp/ipv6 "b'0.1.0;1\\n'" tcp_ask ::1 "$P2" "" "$Q"
	eng_expect livestatus_tcp/ipv6_dual_stack "b'0.1.0;1\\n'" tcp_ask ::1 "$P3" "" "$Q"
else
	echo "  (no ::1 here: the IPv6 cases are left out)"
fi
# the same connection code as the Unix socket's: fixed16, KeepAlive
eng_expect livestatus_tcp/keepalive "b'200           2\\n1\\n1\\n'" tcp_ask 127.0.0.1 "$P1" 127.0.0.2 \
    'GET status\nColumns: num_hosts\nKeepAlive: on\nResponseHeader: fixed16\n\nGET status\nColumns: num_hosts\n\n'

# ---- reload: loopback by default, a Unix socket beside TCP ----
SOCK=$T/var/rw/live
{
	echo "livestatus_socket=$SOCK"
	echo "livestatus_listen=127.0.0.1:$P1"
} > "$T/jaque.cfg"
: > "$LOG"
kill -HUP "$PID"
eng_wait_log "livestatus: listening on $SOCK" 10
if grep -q "livestatus: livestatus_allow is not set: only loopback clients (127.0.0.0/8, ::1) may connect over TCP" "$LOG" &&
    ! grep -q "listening on 127.0.0.1:$P1" "$LOG"; then
	pass livestatus_tcp/reload_loopback
else
	fail livestatus_tcp/reload_loopback "$(grep livestatus "$LOG")"
fi
eng_expect livestatus_tcp/reload_kept "b'0.1.0;1\\n'" tcp_ask 127.0.0.1 "$P1" 127.0.0.1 "$Q"
eng_expect livestatus_tcp/reload_closed "<refused>" tcp_ask 127.0.0.1 "$P3" 127.0.0.1 "$Q"
eng_expect livestatus_tcp/unix_too "b'0.1.0;1\\n'" \
    python3 "$top/tests/tools/lsclient.py" "$SOCK" ask "$Q"

# one connection limit for both: 200 on the Unix socket, then 100 over TCP;
# the first 256 are served, the last 44 (TCP) closed
eng_expect livestatus_tcp/shared_limit "unix 200 tcp 56" python3 - "$SOCK" "$P1" <<'PY'
import socket, sys, time
conns = []
for _ in range(200):
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    conns.append(("unix", s))
time.sleep(0.5)  # all accepted before the TCP ones arrive
for _ in range(100):
    s = socket.socket()
    s.connect(("127.0.0.1", int(sys.argv[2])))
    conns.append(("tcp", s))
got = {"unix": 0, "tcp": 0}
for kind, s in conns:
    s.settimeout(10)
    try:
        s.sendall(b"GET status\nColumns: num_hosts\n\n")
        if s.recv(100).strip() == b"1":
            got[kind] += 1
    except OSError:
        pass
    s.close()
print("unix %d tcp %d" % (got["unix"], got["tcp"]))
PY

if perl -MMonitoring::Livestatus -e 1 2>/dev/null; then
	eng_expect livestatus_tcp/perl_ml "web;http;0 1" perl -MMonitoring::Livestatus -e '
		my $ml = Monitoring::Livestatus->new(server => $ARGV[0], keepalive => 1);
		my $rows = $ml->selectall_arrayref("GET services\nColumns: host_name description state");
		my $n = $ml->selectscalar_value("GET hosts\nStats: state = 0");
		print join(" ", map { join(";", @$_) } @$rows), " $n\n";' "127.0.0.1:$P1"
else
	fail livestatus_tcp/perl_ml "Monitoring::Livestatus is not installed (libmonitoring-livestatus-perl)"
fi
if kill -0 "$PID"; then
	pass livestatus_tcp/still_up
else
	fail livestatus_tcp/still_up "jaque is gone"
fi
eng_stop
if [ "$STOP_RC" = 0 ]; then
	pass livestatus_tcp/stop_clean
else
	fail livestatus_tcp/stop_clean "jaque exited $STOP_RC: $(tail -n 20 "$T/jaque.out")"
fi
eng_expect livestatus_tcp/stopped "<refused>" tcp_ask 127.0.0.1 "$P1" 127.0.0.1 "$Q"
eng_finish

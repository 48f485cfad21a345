#!/bin/sh
# t_gearman_worker_vs_mod_gearman.sh: jaque --gearman-worker against
# mod_gearman_worker 5.2.4 (a build made by
# contrib/gearman/build-mod-gearman.sh), and behind mod_gearman's own
# module in a Naemon.
#
# 1. The same checks (tests/integration/gmw_drive.c: OK, WARNING, CRITICAL
#    with stderr, UNKNOWN, a code out of bounds, a plugin killed by a
#    signal, one not found, one not executable, no output, long output
#    with a backslash, 200 000 bytes of output, host and service
#    timeouts, check_tcp refused, a job older than max-age, run directly
#    and through a shell) go through a
#    gearmand on loopback to mod_gearman_worker, then to jaque's worker,
#    both with the same identifier, key and max-age: the result texts
#    must be the same, byte for byte, but for the times (compared as
#    whole seconds taken).  The status queue (worker_ID, check_gearman's)
#    answers in the same words.
# 2. When a Naemon with the built module is there (NAEMON_PREFIX, default
#    build/bench-compare/naemon): Naemon sends its checks through
#    mod_gearman_naemon.o, jaque's worker runs them, and Naemon applies
#    the results (a SERVICE ALERT with the plugin's text in naemon.log);
#    the module's event handler and notification jobs run in jaque's
#    worker too.
#
# Output: "ok:" lines, then "PASS: gearman_worker_vs_mod_gearman" or
# "FAIL: ..."; exit 1 on a failure, 77 (skip) without the mod_gearman
# build, gearmand, cc or python3.
#
# Environment: JAQUE (the binary; default ./jaque), MOD_GEARMAN (the
# build, default build/gearman/mod_gearman in the source tree),
# NAEMON_PREFIX, GEARMAND (default /usr/sbin/gearmand), KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_mg.sh"
jaque=${JAQUE:-$(pwd)/jaque}

skip() {
	echo "SKIP: gearman_worker_vs_mod_gearman: $*"
	exit 77
}
[ -x "$mg/bin/mod_gearman_worker" ] ||
	skip "no mod_gearman build in $mg (make one with contrib/gearman/build-mod-gearman.sh SRC $mg)"
[ -x "$gearmand" ] || skip "no gearmand ($gearmand: apt-get install gearman-job-server)"
[ -x "$jaque" ] || skip "no jaque binary ($jaque)"
command -v cc > /dev/null || skip "no cc"
command -v python3 > /dev/null || skip "no python3"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t_gmworker.XXXXXX")
stop() {
	mg_stop_daemons
	if [ "${KEEP_TMP:-0}" = 1 ]; then
		echo "kept $tmp"
	else
		rm -rf "$tmp"
	fi
}
trap stop EXIT
trap 'exit 1' INT TERM HUP PIPE
fail() {
	echo "FAIL: gearman_worker_vs_mod_gearman: $*"
	exit 1
}

# shellcheck disable=SC2046 # pkg-config prints several words
cc -std=gnu11 -D_GNU_SOURCE -g -O1 -w -I"$top" $(pkg-config --cflags libcrypto) \
	-o "$tmp/drive" "$here/gmw_drive.c" "$top/compat/gearman/mgjob.c" \
	"$top/compat/gearman/mgjob_text.c" "$top/engine/util/xalloc.c" "$top/engine/util/mbuf.c" \
	-lgearman $(pkg-config --libs libcrypto) -lm > "$tmp/cc.log" 2>&1 ||
	{ cat "$tmp/cc.log"; fail "the driver does not build"; }

key=worker-compare-key
mg_gearmand "$tmp" || fail "gearmand"

# plugins: exit code and text; one that kills itself; one not executable
printf '#!/bin/sh\nrc=$1\nshift\necho "$*"\nexit "$rc"\n' > "$tmp/plugin"
printf '#!/bin/sh\necho "going down"\nkill -TERM $$\nsleep 5\n' > "$tmp/killself"
printf '#!/bin/sh\necho "never"\n' > "$tmp/noexec"
chmod +x "$tmp/plugin" "$tmp/killself"
# a port nobody listens on, for check_tcp
closed=$(mg_free_port)
P=$tmp/plugin
# long output with a backslash in it
printf '#!/bin/sh\nprintf "OK - two\\nlines a\\\\\\\\b|t=1\\n"\n' > "$tmp/long"
# 200 000 bytes of output, over what jaque's pool keeps by default
printf '#!/bin/sh\nhead -c 200000 /dev/zero | tr "\\\\000" x\necho\n' > "$tmp/big"
chmod +x "$tmp/long" "$tmp/big"
spec() { printf '%s\t%s\t%s\t%s\t%s\n' "$@"; }
# a job 100 s old, for max-age=50
old() { printf '%s\t%s\t%s\t%s\t%s\t100\n' "$@"; }
{
	spec host h-up - 10 "$P 0 UP - here"
	spec service h1 ok 10 "$P 0 'OK - fine|t=1s;2;3'"
	spec service h1 shell-errors 10 "$P 0 OK|t=1s;2;3"
	spec service h1 warn 10 "$P 1 WARNING - w"
	spec service h1 crit-stderr 10 "echo 'CRITICAL - c'; echo ' oops on stderr ' >&2; exit 2"
	spec service h1 unknown 10 "$P 3 UNKNOWN - u"
	spec service h1 bounds 10 "$P 7 seven"
	spec service h1 signal 10 "$tmp/killself"
	spec service h1 notfound 10 "/nonexistent/check_x -w 1"
	spec service h1 noexec 10 "$tmp/noexec"
	spec service h1 empty 10 "$P 0"
	spec service h1 long 10 "$tmp/long"
	spec service h1 big 10 "$tmp/big"
	spec service h1 timeout 2 "$P 0 x; sleep 10"
	spec host h-slow - 1 "/bin/sleep 10"
	spec service h1 tcp 10 "/usr/lib/nagios/plugins/check_tcp -H 127.0.0.1 -p $closed"
	old service h1 too-old 10 "$P 0 OK - ran anyway"
} > "$tmp/specs"
[ -x /usr/lib/nagios/plugins/check_tcp ] || grep -v check_tcp "$tmp/specs" > "$tmp/specs.t"
[ -f "$tmp/specs.t" ] && mv "$tmp/specs.t" "$tmp/specs"
nspecs=$(wc -l < "$tmp/specs")
head -n 1 "$tmp/specs" > "$tmp/specs1"

# mod_gearman_worker, in a session of its own (on TERM it signals its group)
setsid "$mg/bin/mod_gearman_worker" --server=127.0.0.1:"$port" --encryption=yes --key="$key" \
	--hosts=yes --services=yes --min-worker=4 --max-worker=4 --identifier=cmp --max-age=50 \
	--logmode=file --logfile="$tmp/mgw.log" --debug=0 > /dev/null 2>&1 &
wpid=$!
"$tmp/drive" "$port" "$key" "$tmp/specs" > "$tmp/mg.out" 2> "$tmp/mg.err" ||
	{ cat "$tmp/mg.err"; tail -n 20 "$tmp/mgw.log"; fail "mod_gearman_worker's results"; }
# its status queue, in numbers and words that check_gearman reads
"$tmp/drive" status "$port" worker_cmp > "$tmp/mg.status" 2>&1 || fail "mod_gearman_worker's status"
kill "$wpid" 2> /dev/null
wait "$wpid" 2> /dev/null
wpid=
# its children leave when it does
sleep 1

JQ_WORKER=jaque-gm "$jaque" --gearman-worker server=127.0.0.1:"$port" encryption=yes \
	key="$key" hosts=yes services=yes eventhandler=yes notifications=yes max-worker=4 \
	identifier=cmp max-age=50 \
	logfile="$tmp/jw.log" &
wpid=$!
"$tmp/drive" "$port" "$key" "$tmp/specs" > "$tmp/jq.out" 2> "$tmp/jq.err" ||
	{ cat "$tmp/jq.err"; tail -n 20 "$tmp/jw.log"; fail "jaque's worker's results"; }
"$tmp/drive" status "$port" worker_cmp > "$tmp/jq.status" 2>&1 || fail "jaque's worker's status"
# the same but for the numbers and the version, which names jaque's too
shape() { sed -e 's/Version: [^|]*|/Version: V|/' -e 's/[0-9][0-9]*/N/g' "$1"; }
[ "$(shape "$tmp/jq.status")" = "$(shape "$tmp/mg.status")" ] ||
	fail "status: '$(cat "$tmp/jq.status")', mod_gearman_worker's '$(cat "$tmp/mg.status")'"
grep -q ' has 4 worker and is working on 0 jobs. Version: 5.2.4 (jaque [^)]*)|worker=4;;;4;4 jobs=[0-9]*c$' \
	"$tmp/jq.status" || fail "status: $(cat "$tmp/jq.status")"
echo "ok: the status queue answers as mod_gearman_worker's: $(cat "$tmp/jq.status")"
[ "$(wc -l < "$tmp/jq.out")" -eq "$nspecs" ] || fail "jaque's worker: $(wc -l < "$tmp/jq.out") results of $nspecs"
if ! cmp -s "$tmp/mg.out" "$tmp/jq.out"; then
	diff "$tmp/mg.out" "$tmp/jq.out"
	fail "jaque's worker's results differ from mod_gearman_worker's (< mod_gearman, > jaque)"
fi
echo "ok: $nspecs results of jaque's worker are mod_gearman_worker's, byte for byte (times as seconds taken)"
grep -q 'Timed Out On Worker: cmp' "$tmp/jq.out" || fail "no timeout among the results"
# where mod_gearman_worker sends stray memory, jaque's worker sends the job's
# next_check, 0 for these jobs
RAW_CORE_START=1 "$tmp/drive" "$port" "$key" "$tmp/specs1" > "$tmp/raw.out" 2> "$tmp/raw.err" ||
	{ cat "$tmp/raw.err"; fail "jaque's worker's raw result"; }
grep -q '^host_name=h-up\\ncore_start_time=0.000000\\n' "$tmp/raw.out" ||
	fail "core_start_time is not 0: $(cat "$tmp/raw.out")"

# --- 2. Naemon with mod_gearman's module, jaque's worker behind it
if [ ! -x "$naemon" ] || [ ! -f "$mg/lib/mod_gearman_naemon.o" ]; then
	echo "gearman_worker_vs_mod_gearman: no Naemon ($naemon) or no module: not run behind the module"
	echo "PASS: gearman_worker_vs_mod_gearman"
	exit 0
fi
nd=$tmp/naemon
mkdir -p "$nd"
cat > "$nd/objects.cfg" << EOF
define command {
	command_name plugin
	command_line $P \$ARG1\$ \$ARG2\$ from jaque worker on \$HOSTNAME\$
}
define command {
	command_name handler
	command_line $tmp/handler \$SERVICESTATE\$ \$SERVICEDESC\$
}
define command {
	command_name notify
	command_line $tmp/notify \$NOTIFICATIONTYPE\$ \$HOSTNAME\$ \$HOSTSTATE\$
}
# no periods: at any time
define contact {
	contact_name c1
	host_notification_options d,u,r
	service_notification_options w,u,c,r
	host_notification_commands notify
	service_notification_commands notify
}
define host {
	host_name gm-host
	address 127.0.0.1
	check_command plugin!2!DOWN
	check_interval 60
	max_check_attempts 1
	contacts c1
	notification_interval 0
}
define service {
	host_name gm-host
	service_description gm svc
	check_command plugin!1!WARNING
	check_interval 60
	max_check_attempts 1
	event_handler handler
}
EOF
printf '#!/bin/sh\necho "$* handled by ${JQ_WORKER:-someone else}" >> %s/handled\n' "$tmp" > "$tmp/handler"
# the worker gives a notification its output in the environment
printf '#!/bin/sh\necho "$* (${NAGIOS_HOSTOUTPUT:-no output}) by ${JQ_WORKER:-someone else}" >> %s/notified\n' "$tmp" > "$tmp/notify"
chmod +x "$tmp/handler" "$tmp/notify"
echo enable_notifications=1 > "$nd/naemon.extra"
mg_naemon "$nd" "$port" "$key" "eventhandler=yes notifications=yes" ||
	fail "Naemon with the module did not start"
now=$(date +%s)
printf '[%s] SCHEDULE_FORCED_HOST_CHECK;gm-host;%s\n[%s] SCHEDULE_FORCED_SVC_CHECK;gm-host;gm svc;%s\n' \
	"$now" "$now" "$now" "$now" > "$nd/naemon.cmd"
want='SERVICE ALERT: gm-host;gm svc;WARNING;HARD;1;WARNING from jaque worker on gm-host'
if ! mg_wait_text "$nd/naemon.log" "$want" 150; then
	tail -n 20 "$nd/naemon.log"
	tail -n 20 "$tmp/jw.log"
	fail "Naemon did not apply the result of jaque's worker (no \"$want\")"
fi
echo "ok: Naemon with mod_gearman's module applied jaque's worker's result: $want"
# the host's check came through the worker too
want='HOST ALERT: gm-host;DOWN;HARD;1;DOWN from jaque worker on gm-host'
mg_wait_text "$nd/naemon.log" "$want" ||
	fail "Naemon did not apply the host result of jaque's worker (no \"$want\")"
echo "ok: the host check ran in jaque's worker too"
# and the service's event handler, sent by the module to the eventhandler queue
mg_wait_text "$tmp/handled" "WARNING gm svc handled by jaque-gm" ||
	fail "the event handler did not run in jaque's worker ($(cat "$tmp/handled" 2> /dev/null))"
echo "ok: the module's event handler job ran in jaque's worker"
want='PROBLEM gm-host DOWN (DOWN from jaque worker on gm-host) by jaque-gm'
mg_wait_text "$tmp/notified" "$want" ||
	fail "the notification did not run in jaque's worker ($(cat "$tmp/notified" 2> /dev/null))"
echo "ok: the module's notification job ran in jaque's worker, with the host's output: $want"
echo "PASS: gearman_worker_vs_mod_gearman"

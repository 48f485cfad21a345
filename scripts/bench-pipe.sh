#!/bin/bash
# scripts/bench-pipe.sh [count] [services]: how long jaque takes to apply a
# flood of passive results written to the command pipe as fast as one
# writer can, and how many fdatasync(2) calls the command journal made.
# With VIA=livestatus the same lines go as COMMAND requests, each ended by
# a blank line, in one write over one Livestatus connection (python3).
#
# The estate: scripts/gen-estate.sh's with services (default 1000)
# services on as many hosts, no active checks run, retention on (the
# journal exists only then), a save every hour (none during the run),
# passive results not logged.  count (default 100000)
# lines PROCESS_SERVICE_CHECK_RESULT, round-robin over the services, are
# made first, then written with one cat into the FIFO followed by one
# ENABLE_NOTIFICATIONS, whose "EXTERNAL COMMAND" line in nagios.log says
# that everything before it was applied.  The time is from the start of
# the write (Livestatus: the writer is started and connected before) to
# that line; fdatasyncs are counted by perf on the daemon.
# The instance lives under build/bench (a real disk filesystem, unlike a
# tmpfs /tmp: `df -T` is printed).
# Environment: JAQUE (default build/dev/jaque); SYNC: the jaque.cfg value
# of command_journal_sync (unset: no jaque.cfg, for a build before the
# setting); KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
count=${1:-100000} nsvc=${2:-1000} via=${VIA:-pipe}
JAQUE=${JAQUE:-$root/build/dev/jaque}
[ -x "$JAQUE" ] || { echo "bench-pipe: $JAQUE is missing (build first)" >&2; exit 1; }
mkdir -p "$root/build/bench"
T=$(mktemp -d "$root/build/bench/pipe.XXXXXX")
pid= perf_pid= sender=
cleanup() {
	set +e
	[ -n "$perf_pid" ] && kill -INT "$perf_pid" 2>/dev/null
	[ -n "$sender" ] && kill "$sender" 2>/dev/null
	[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	if [ "${KEEP_TMP:-0}" = 1 ]; then echo "bench-pipe: kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT

. scripts/bench-instance.sh
scripts/gen-estate.sh "$T/estate" $((2 * nsvc))
cat "$T"/estate/*.cfg > "$T/objects.cfg"
echo '$USER1$=/usr/lib/nagios/plugins' > "$T/resource.cfg"
bench_instance "$T" retain_state_information=1 retention_update_interval=60 \
    execute_service_checks=0 execute_host_checks=0 \
    log_passive_checks=0 log_external_commands=1
if [ -n "${SYNC:-}" ]; then
	echo "command_journal_sync=$SYNC" > "$T/jaque.cfg"
fi
pre= post='\n' ready=$T/var/rw/nagios.cmd
if [ "$via" = livestatus ]; then
	echo "livestatus_socket=$T/var/rw/live" >> "$T/jaque.cfg"
	pre='COMMAND ' post='\n\n' ready=$T/var/rw/live
fi

now=$(date +%s)
awk -v n="$count" -v s="$nsvc" -v t="$now" -v pre="$pre" -v post="$post" 'BEGIN {
	for (i = 0; i < n; i++)
		printf "%s[%d] PROCESS_SERVICE_CHECK_RESULT;h%d;tcp-%d;%d;flood %d|n=%d%s",
		    pre, t, i % s, i % s, i % 3, i, i, post
	printf "%s[%d] ENABLE_NOTIFICATIONS%s", pre, t, post
}' > "$T/lines"

"$JAQUE" "$T/nagios.cfg" > "$T/jaque.out" 2>&1 &
pid=$!
for _ in $(seq 100); do
	[ -e "$ready" ] && grep -q 'starting\.\.\.' "$T/var/nagios.log" 2>/dev/null && break
	sleep 0.1
done
[ -e "$ready" ] || { echo "bench-pipe: jaque did not start" >&2; cat "$T/jaque.out" >&2; exit 1; }
sleep 1
if [ "$via" = livestatus ]; then
	# connected and holding the lines; sends them when "go" is written
	mkfifo "$T/go"
	python3 -c 'import socket, sys
lines = open(sys.argv[2], "rb").read()
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
open(sys.argv[3]).read()
s.sendall(lines)
s.shutdown(socket.SHUT_WR)
while s.recv(65536):
	pass' "$ready" "$T/lines" "$T/go" &
	sender=$!
fi
perf stat -x, -e syscalls:sys_enter_fdatasync -p "$pid" -o "$T/perf" &
perf_pid=$!
sleep 1
t0=$(date +%s%N)
if [ "$via" = livestatus ]; then
	echo go > "$T/go"
else
	cat "$T/lines" > "$ready"
fi
while ! grep -q 'EXTERNAL COMMAND: ENABLE_NOTIFICATIONS' "$T/var/nagios.log"; do
	sleep 0.01
done
t1=$(date +%s%N)
if [ -n "$sender" ]; then
	wait "$sender"
	sender=
fi
kill -INT "$perf_pid"
wait "$perf_pid" 2>/dev/null || true
perf_pid=
syncs=$(awk -F, '/fdatasync/ { print $1 }' "$T/perf")
fs=$(df -T "$T" | awk 'NR == 2 { print $2 " on " $1 }')
# kept for replay: not voided (a failed command's line starts with 'x')
lines=$(cat "$T"/var/retention.dat.journal.* 2>/dev/null | grep -vc '^x' || true)
printf 'bench-pipe: %s lines over %s services by %s, command_journal_sync=%s: %s.%03d s, %s fdatasync(s), %s journal lines kept; %s (%s)\n' \
    "$count" "$nsvc" "$via" "${SYNC:-unset}" $(( (t1 - t0) / 1000000000 )) $(( (t1 - t0) / 1000000 % 1000 )) \
    "${syncs:-?}" "$lines" "$fs" "$JAQUE"

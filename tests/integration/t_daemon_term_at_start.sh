#!/bin/sh
# t_daemon_term_at_start.sh: SIGTERM while jaque is still starting (an
# estate of 40 000 objects takes it a good part of a second: the lock file
# is written first).  The signal is sent as soon as the lock file holds
# the daemon's pid; jaque must finish starting, then shut down as for any
# SIGTERM: "Caught SIGTERM" logged, exit 0, retention.dat saved and the
# lock file removed.  (The signal used to end it at once, leaving the lock
# file and saving nothing.)
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

eng_init term_at_start
LOCK=$T/var/nagios.lock
# checks would only slow the test: the estate's checks are never due in it
echo "\$USER1\$=/bin" > "$T/resource.cfg"
eng_cfg "resource_file=$T/resource.cfg" execute_service_checks=0 execute_host_checks=0 \
	retain_state_information=1
"$top/contrib/bench-compare/gen-estate.sh" nagios 40000 9 >> "$T/objects.cfg"

"$JAQUE" "$CFG" > "$T/jaque.out" 2>&1 &
PID=$!
sent=
i=0
while [ "$i" -lt 3000 ] && kill -0 "$PID" 2>/dev/null; do
	if [ "$(cat "$LOCK" 2>/dev/null)" = "$PID" ]; then
		kill -TERM "$PID"
		sent=1
		break
	fi
	sleep 0.01
	i=$((i + 1))
done
# was it still starting? the loop had not logged its first lines yet
early=
grep -q 'Caught SIGTERM' "$T/var/nagios.log" 2>/dev/null || early=1
i=0
while kill -0 "$PID" 2>/dev/null && [ "$i" -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
if kill -0 "$PID" 2>/dev/null; then
	kill -KILL "$PID"
	fail term_at_start/stops "still running 30 s after SIGTERM"
fi
wait "$PID"
rc=$?
PID=
if [ "$sent" = 1 ] && [ "$early" = 1 ]; then
	pass "term_at_start/sent: SIGTERM sent while the lock file was fresh"
else
	fail term_at_start/sent "sent '$sent', before any shutdown line '$early'"
fi
if [ "$rc" = 0 ] && grep -q 'Caught SIGTERM, shutting down' "$T/var/nagios.log"; then
	pass "term_at_start/shutdown: the signal is taken once started, exit 0"
else
	fail term_at_start/shutdown "exit $rc; $(grep -c 'Caught SIGTERM' "$T/var/nagios.log") shutdown lines; $(tail -n 3 "$T/jaque.out")"
fi
if [ ! -e "$LOCK" ]; then
	pass "term_at_start/unlocked: the lock file is removed"
else
	fail term_at_start/unlocked "the lock file is still there"
fi
if [ -s "$T/var/retention.dat" ] && grep -q 'host_name=h000000' "$T/var/retention.dat"; then
	pass "term_at_start/saved: retention.dat is written"
else
	fail term_at_start/saved "no retention.dat with the estate's hosts"
fi
eng_finish

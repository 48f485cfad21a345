#!/bin/sh
# t_engine_daemon.sh: the daemon's life: -d with its lock file, a second
# instance refused, SIGHUP reloads keeping state, a SIGHUP onto a broken
# configuration keeps the old one running, a worker killed with SIGKILL is
# replaced, jaquestats reads the figures, SIGTERM leaves no plugin behind,
# and a broken configuration at start is refused with exit 254.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

eng_init daemon
eng_cfg "service_check_timeout=60"
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h
	service_description	flaky
	max_check_attempts	1000
}
define service {
	use			s-base
	host_name		h
	service_description	slow
	check_command		run!/bin/sleep 45
}
OBJ
eng_seq h_flaky "2 CRIT still"
cp "$T/objects.cfg" "$T/objects.orig"

# results_go_on CASE: flaky (checked every second) gets new ALERT lines
results_go_on() {
	n1=$(grep -c 'SERVICE ALERT: h;flaky;' "$T/var/nagios.log")
	sleep 2.5
	n2=$(grep -c 'SERVICE ALERT: h;flaky;' "$T/var/nagios.log")
	if [ "$n2" -gt "$n1" ]; then
		pass "engine_daemon/$1"
	else
		fail "engine_daemon/$1" "no new results of flaky in 2.5 s ($n1 -> $n2)"
	fi
}

# --- -d: detaches, exits 0, lock file holds the daemon's pid
"$JAQUE" -d "$CFG" > "$T/d.out" 2>&1
rc=$?
sleep 0.5
DPID=$(cat "$T/var/nagios.lock" 2>/dev/null)
if [ "$rc" = 0 ] && [ -n "$DPID" ] && kill -0 "$DPID" 2>/dev/null; then
	pass engine_daemon/detach_lockfile
	PID=$DPID
else
	fail engine_daemon/detach_lockfile "rc=$rc lock='$DPID'"
	cat "$T/d.out"
	eng_finish
fi
# --- a second instance is refused
"$JAQUE" -d "$CFG" > "$T/d2.out" 2>&1
rc=$?
if [ "$rc" != 0 ] && grep -q "Lockfile" "$T/d2.out"; then
	pass engine_daemon/second_instance_refused
else
	fail engine_daemon/second_instance_refused "rc=$rc: $(cat "$T/d2.out")"
fi

# --- attempts climb: SOFT 1, 2, ... then a reload adds a service
eng_wait_log 'SERVICE ALERT: h;flaky;CRITICAL;SOFT;2;' 10 ||
	fail engine_daemon/soft_attempts "no SOFT;2 line"
cat >> "$T/objects.cfg" <<'OBJ'
define service {
	use			s-base
	host_name		h
	service_description	added
}
OBJ
eng_seq h_added "1 WARN added"
kill -HUP "$PID"
if eng_wait_log 'SERVICE ALERT: h;added;WARNING;SOFT;1;' 10; then
	pass engine_daemon/reload_adds_service
else
	fail engine_daemon/reload_adds_service "the new service was not checked"
fi
# the old service went on counting from where it was, not from 1 again
sed -n '/Caught SIGHUP/,$p' "$T/var/nagios.log" > "$T/after"
if grep -q 'SERVICE ALERT: h;flaky;CRITICAL;SOFT;1;' "$T/after"; then
	fail engine_daemon/reload_keeps_state "flaky started again at attempt 1 after the reload"
elif eng_wait_log 'SERVICE ALERT: h;flaky;CRITICAL;SOFT;([4-9]|[1-9][0-9]);' 10; then
	pass engine_daemon/reload_keeps_state
else
	fail engine_daemon/reload_keeps_state "no later attempt of flaky"
fi

# --- a broken configuration on SIGHUP: logged, the old one keeps running
echo "define service { host_name nosuchhost" >> "$T/objects.cfg"
kill -HUP "$PID"
if eng_wait_log 'still running the previous one' 10 && kill -0 "$PID" 2>/dev/null; then
	pass engine_daemon/broken_reload_survives
else
	fail engine_daemon/broken_reload_survives "no message, or jaque died"
fi
results_go_on checks_go_on
cp "$T/objects.orig" "$T/objects.cfg"

# --- jaquestats reads the figures
if "$JAQUESTATS" -c "$CFG" > "$T/stats.out" 2>&1 && grep -q 'p50 / p99 / max' "$T/stats.out"; then
	pass engine_daemon/jaquestats
else
	fail engine_daemon/jaquestats "$(head -5 "$T/stats.out")"
fi

# --- a worker killed with SIGKILL is replaced
workers=$("$JAQUESTATS" -c "$CFG" -m -d JQWORKERS)
victim=$(pgrep -P "$PID" | head -n 1)
if [ -z "$victim" ]; then
	fail engine_daemon/worker_replaced "no worker process found"
else
	kill -KILL "$victim"
	ok=0
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		sleep 0.5
		alive=$("$JAQUESTATS" -c "$CFG" -m -d JQWORKERSALIVE)
		restarts=$("$JAQUESTATS" -c "$CFG" -m -d JQWORKERRESTARTS)
		if [ "$alive" = "$workers" ] && [ "${restarts:-0}" -ge 1 ] 2>/dev/null &&
		    ! kill -0 "$victim" 2>/dev/null; then
			ok=1
			break
		fi
	done
	if [ "$ok" = 1 ] && grep -q "Warning: jaque: worker process $victim died" "$T/var/nagios.log"; then
		pass engine_daemon/worker_replaced
	else
		fail engine_daemon/worker_replaced "alive=$alive of $workers, restarts=$restarts"
	fi
fi
results_go_on checks_after_worker_death

# --- SIGTERM: clean exit, the running 'sleep 45' plugin killed, lock removed
pgrep -f '^/bin/sleep 45$' > /dev/null || sleep 2
kill -TERM "$PID"
i=0
while kill -0 "$PID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$PID" 2>/dev/null; then
	fail engine_daemon/sigterm "still running 10 s after SIGTERM"
	kill -KILL "$PID"
else
	pass engine_daemon/sigterm
fi
PID=
sleep 0.3
if pgrep -f '^/bin/sleep 45$' > /dev/null; then
	fail engine_daemon/sigterm_kills_plugins "a plugin outlived jaque"
	pkill -f '^/bin/sleep 45$'
else
	pass engine_daemon/sigterm_kills_plugins
fi
if [ -e "$T/var/nagios.lock" ]; then
	fail engine_daemon/lock_removed "the lock file is still there"
else
	pass engine_daemon/lock_removed
fi
if grep -q 'jaque: scheduling drift over' "$T/var/nagios.log"; then
	pass engine_daemon/drift_logged
else
	fail engine_daemon/drift_logged "no drift summary at shutdown"
fi

# --- a broken configuration at start: exit 254 (Nagios's exit(ERROR) for
# broken objects), nothing left running
echo "define host { host_name" >> "$T/objects.cfg"
"$JAQUE" -d "$CFG" > "$T/b.out" 2>&1
rc=$?
if [ "$rc" = 254 ] && [ ! -e "$T/var/nagios.lock" ]; then
	pass engine_daemon/broken_start_refused
else
	fail engine_daemon/broken_start_refused "rc=$rc"
fi
eng_finish

#!/bin/sh
# t_worker_stopped.sh: one of two workers SIGSTOPped (as in a frozen
# cgroup, or stuck in the kernel) costs its own checks only, and only
# until their timeout.  jaque with workers=2, host_concurrency=1,
# service_check_timeout=10 and service_check_timeout_state=u; 60
# services on 12 hosts (addresses) every 3 s whose plugin appends its
# start and its worker's pid to a file, and one service, "slow" on h0,
# whose check takes 3 s once armed.  After a warm-up the worker running
# the armed slow check is stopped: the slow check holds h0's only slot
# (before, until the orphan check ten minutes on).  h0's other checks
# start again within 6 s.  Then, within the
# timeout plus 5 s: every service has a result newer than the stop
# (last_check in status.dat); the other worker (and the stopped one's
# replacement) started at least 90 % of the checks due in that window;
# the slow check ended exactly as a plugin timeout does (Nagios's
# warning and a SOFT UNKNOWN alert with "(Service check timed out after
# 10.00 seconds)"); nagios.log names the stuck worker's pid in one
# "wproc: Core Worker ..." line; the stopped worker is gone (killed) and
# two workers run again; no orphaned-check warning; jaque exits 0 (under
# ASan: no error, no leak).
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

NSVC=60
IVL=3
TMO=10
W=
# a stopped worker must not outlive the test, whatever becomes of jaque
trap '[ -n "$W" ] && kill -KILL "$W" 2>/dev/null; [ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null' EXIT

eng_init worker_stopped
printf 'workers=2\nhost_concurrency=1\n' > "$T/jaque.cfg"
eng_cfg status_update_interval=1 service_check_timeout=$TMO service_check_timeout_state=u
cat > "$T/mark.sh" <<'SH'
#!/bin/sh
echo "$(date +%s) $PPID $2" >> "$1/starts"
if [ "$2" = slow ] && [ -f "$1/arm" ] && [ ! -f "$1/slow.pid" ]; then
	echo "$PPID" > "$1/slow.tmp" && mv "$1/slow.tmp" "$1/slow.pid"
	sleep 3
fi
echo OK
SH
chmod +x "$T/mark.sh"
{
	echo "define command {"
	echo "	command_name	mark"
	echo "	command_line	$T/mark.sh $T \$SERVICEDESC\$"
	echo "}"
	for h in 0 1 2 3 4 5 6 7 8 9 10 11; do
		printf 'define host {\n\tuse h-base\n\thost_name h%s\n\taddress 127.0.0.%s\n}\n' \
		    "$h" $((h + 1))
	done
	i=0
	while [ "$i" -le "$NSVC" ]; do
		name=s$i
		[ "$i" = 0 ] && name=slow
		printf 'define service {\n\tuse s-base\n\thost_name h%s\n\tcheck_command mark\n' \
		    $((i % 12))
		printf '\tservice_description %s\n\tcheck_interval %s\n}\n' "$name" "$IVL"
		i=$((i + 1))
	done
} | eng_objects

eng_start || { fail stopped/start "jaque did not start"; eng_finish; }
sleep 5
touch "$T/arm"
i=0
while [ ! -f "$T/slow.pid" ] && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
W=$(cat "$T/slow.pid" 2>/dev/null)
if [ -z "$W" ] || ! ps -o args= -p "$W" | grep -q -- '--worker'; then
	fail stopped/setup "the slow check did not run under a worker (got '$W')"
	W=
	eng_finish
fi
kill -STOP "$W"
t0=$(date +%s)
echo "  stopped worker $W at $t0"

# every service fresh within the timeout plus 5 s
deadline=$((t0 + TMO + 5))
stale=
while :; do
	stale=$(awk -v t0="$t0" '
		/^servicestatus \{/ { s = 1; d = ""; l = 0; next }
		s && /^\tservice_description=/ { sub(/^[^=]*=/, ""); d = $0 }
		s && /^\tlast_check=/ { sub(/^[^=]*=/, ""); l = $0 + 0 }
		s && /^\t}/ { if (l <= t0) printf "%s ", d; s = 0 }' "$T/var/status.dat")
	[ -z "$stale" ] && break
	[ "$(date +%s)" -ge "$deadline" ] && break
	sleep 0.5
done
fresh_at=$(date +%s)
if [ -z "$stale" ]; then
	pass "stopped/every service fresh $((fresh_at - t0)) s after the stop (limit $((TMO + 5)) s)"
else
	fail "stopped/every service fresh" "still stale after $((TMO + 5)) s: $stale"
fi
[ "$(date +%s)" -lt "$deadline" ] && sleep $((deadline - $(date +%s)))

# the others' plugin starts in the window against what was due in it
due=$(((TMO + 5) * NSVC / IVL))
ran=$(awk -v t0="$t0" -v end="$deadline" -v w="$W" \
	'$1 >= t0 && $1 < end && $2 != w && $3 != "slow"' "$T/starts" | wc -l)
if [ $((ran * 100)) -ge $((due * 90)) ]; then
	pass "stopped/the other workers ran $ran of $due checks due ($((ran * 100 / due)) %)"
else
	fail "stopped/the other workers ran 90 % of what was due" "$ran of $due"
fi

# h0's slot is freed once the worker is found stuck (seconds), not at the timeout
first=$(awk -v t0="$t0" '$1 > t0 && ($3 == "s12" || $3 == "s24" || $3 == "s36" ||
	$3 == "s48" || $3 == "s60") { print $1 - t0; exit }' "$T/starts")
if [ -n "$first" ] && [ "$first" -le 6 ]; then
	pass "stopped/h0's other checks start again $first s after the stop (limit 6 s)"
else
	fail "stopped/h0's other checks start again within 6 s" "first after ${first:-never} s"
fi

if grep -q "Warning: Check of service 'slow' on host 'h0' timed out after 10\.0[0-9]*s!" \
	"$T/var/nagios.log" &&
	grep -q "SERVICE ALERT: h0;slow;UNKNOWN;SOFT;1;(Service check timed out after 10\.00 seconds)" \
	"$T/var/nagios.log"; then
	pass "stopped/the slow check ended as a plugin timeout"
else
	fail "stopped/the slow check ended as a plugin timeout" "no timeout warning and alert"
fi
n=$(grep -c "wproc: Core Worker $W seems to be stuck " "$T/var/nagios.log")
if [ "$n" = 1 ]; then
	pass "stopped/logged once: $(grep -o "wproc: Core Worker $W .*" "$T/var/nagios.log")"
else
	fail "stopped/logged once" "$n lines for worker $W"
fi
if grep -q "orphaned" "$T/var/nagios.log"; then
	fail "stopped/no orphan warning" "$(grep orphaned "$T/var/nagios.log" | head -n 2)"
else
	pass "stopped/no orphan warning"
fi
# the stopped worker was killed (gone, or a zombie nobody reaped yet) and replaced
state=$(ps -o stat= -p "$W" 2>/dev/null | cut -c1)
nw=$(ps -o args= --ppid "$PID" | grep -c -- '--worker')
if { [ -z "$state" ] || [ "$state" = Z ]; } && [ "$nw" = 2 ]; then
	pass "stopped/killed and replaced"
else
	fail "stopped/killed and replaced" "worker $W state '$state', $nw workers running"
fi
eng_stop
if [ "$STOP_RC" = 0 ]; then
	pass "stopped/jaque exits cleanly"
else
	fail "stopped/jaque exits cleanly" "exit $STOP_RC: $(tail -n 5 "$T/jaque.out")"
fi
kill -KILL "$W" 2>/dev/null
W=
eng_finish

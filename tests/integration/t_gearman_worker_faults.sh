#!/bin/sh
# t_gearman_worker_faults.sh: workers that fail, with jaque's checks going
# through gearmand (gm_fast.py workers, and mod_gearman_worker when it is
# built).
#   - A worker killed (SIGKILL) while its plugin runs: gearmand gives the
#     job it held to another worker (a background job goes back to its
#     queue when its worker's connection drops), whose result is applied;
#     the plugin ran twice, the result came once, and checks go on.  The
#     same with mod_gearman_worker, its child running the check killed
#     (skipped, with a message, without the mod_gearman build); and
#     mod_gearman_worker with another key drops the job it cannot read.
#   - A worker whose results are encrypted with another key, and
#     passive results sent with another key: jaque discards each one,
#     logs it ("mod_gearman: discarded a result") and counts it
#     (gm_discarded in the stats file); the services keep the state
#     and output they had (the check whose result was discarded stays in
#     flight, as under mod_gearman, until Nagios's orphan detection).
# Skipped without gearmand (gearman-job-server).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"
. "$here/lib_gearman.sh"
gm_need_gearmand gearman_worker_faults
MOD_GEARMAN=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}
MGW=$MOD_GEARMAN/bin/mod_gearman_worker

eng_init gearman_worker_faults
GM_PORT=$(eng_free_port)
GM_KEY=faults-key
# the slow plugin says who ran it: the worker's name, or for
# mod_gearman_worker the pid of its child above the plugin (the highest
# mod_gearman_worker process whose parent is one too)
cat > "$T/slow.sh" <<'EOF'
#!/bin/sh
by=${JQ_WORKER:-}
p=$PPID
while [ -z "${JQ_WORKER:-}" ] && [ "$p" -gt 1 ]; do
	pp=$(ps -o ppid= -p "$p" | tr -d ' ')
	if [ "$(ps -o comm= -p "$p")" = mod_gearman_wor ] && [ "$(ps -o comm= -p "$pp")" = mod_gearman_wor ]; then
		by=$p
	fi
	p=$pp
done
echo "$by $$" >> "$1"
sleep 3
echo "OK - slow by $by"
EOF
cat > "$T/fast.sh" <<'EOF'
#!/bin/sh
echo "$JQ_WORKER" >> "$1"
echo "OK - fast by $JQ_WORKER"
EOF
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$GM_PORT encryption=yes key=$GM_KEY services=yes" \
	status_update_interval=1
eng_objects <<OBJ
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}
define service {
	use			s-base
	host_name		h1
	service_description	slow
	check_command		run!/bin/sh $T/slow.sh $T/slow.runs
	max_check_attempts	1
	check_interval		300
	retry_interval		300
	notification_interval	0
}
define service {
	use			s-base
	host_name		h1
	service_description	fast
	check_command		run!/bin/sh $T/fast.sh $T/fast.runs
	max_check_attempts	1
	check_interval		2
	retry_interval		2
}
define service {
	use			s-base
	host_name		h1
	service_description	p0
	active_checks_enabled	0
	max_check_attempts	1
}
OBJ

# the plugins left behind by the workers killed
GM_CLEANUP='[ -f "$T/slow.runs" ] && for p in $(awk "{ print \$2 }" "$T/slow.runs"); do kill "$p" 2>/dev/null; done'
# wait (up to $2 s) until file $1 has at least $3 lines
wait_lines() {
	for _ in $(seq "$(($2 * 10))"); do
		[ -f "$1" ] && [ "$(wc -l < "$1")" -ge "$3" ] && return 0
		sleep 0.1
	done
	return 1
}
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$T/var/rw/nagios.cmd"; }

gm_start_gearmand || { fail gearmand "gearmand did not start"; eng_finish; }
gm_worker w1
w1=$GM_WPID
gm_worker w2
w2=$GM_WPID
eng_start || fail start "jaque did not start"

# --- a worker killed while its plugin runs
cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
if wait_lines "$T/slow.runs" 10 1; then
	first=$(awk 'NR == 1 { print $1 }' "$T/slow.runs")
	if [ "$first" = w1 ]; then
		kill -KILL "$w1"
		other=w2
	else
		kill -KILL "$w2"
		other=w1
	fi
	if eng_wait_field slow plugin_output "OK - slow by $other" 10; then
		pass "the job of a worker killed mid-check is run by the other worker, and its result applied"
	else
		fail requeue "slow says '$(eng_field slow plugin_output)'; runs: $(tr '\n' ' ' < "$T/slow.runs")"
	fi
	runs=$(awk '{ printf "%s ", $1 }' "$T/slow.runs")
	if [ "$runs" = "$first $other " ]; then
		pass "the plugin ran twice: on the killed worker, then on the other"
	else
		fail twice "runs: $runs"
	fi
else
	fail slow-start "the slow check did not start: $(eng_field slow plugin_output)"
fi
if eng_wait_field fast plugin_output "OK - fast by ${other:-w2}" 10; then
	pass "checks go on through the worker left"
else
	fail goes-on "fast says '$(eng_field fast plugin_output)'"
fi
gm_next_stats
if [ "$(gm_stat gm_discarded)" = 0 ] && [ "$(gm_stat gm_orphans)" = 0 ]; then
	pass "nothing discarded, no orphan result"
else
	fail clean "discarded $(gm_stat gm_discarded), orphans $(gm_stat gm_orphans)"
fi

# --- a worker with another key for its results
gm_stop "$w1" "$w2"
sleep 0.5
fast_out=$(eng_field fast plugin_output)
fast_state=$(eng_field fast current_state)
d0=$(gm_stat gm_discarded)
l0=$(grep -c 'mod_gearman: discarded a result' "$T/var/nagios.log")
gm_worker wk other-key
if wait_lines "$T/fast.runs" 10 "$(($(wc -l < "$T/fast.runs") + 1))"; then
	pass "the worker with another key runs the check"
else
	fail wk-run "no run by wk: $(tail -n 3 "$T/fast.runs" | tr '\n' ' ')"
fi
# passive results with another key, as a misconfigured send_gearman sends them
python3 "$GM_FAST" burst "$GM_PORT" wrong-key h1 1 20 > "$T/burst.out" 2>&1 ||
	fail burst "$(cat "$T/burst.out")"
sleep 4
gm_stop "$GM_WPID"
nwk=$(grep -c '^wk$' "$T/fast.runs")
gm_next_stats
d=$(($(gm_stat gm_discarded) - d0))
l=$(($(grep -c 'mod_gearman: discarded a result' "$T/var/nagios.log") - l0))
if [ "$d" = $((nwk + 20)) ] && [ "$l" = "$d" ]; then
	pass "each result with another key is discarded, logged and counted ($nwk from the worker, 20 passive)"
else
	fail discarded "$nwk wk runs + 20 passive sent; $d counted, $l logged"
fi
if [ "$(eng_field fast plugin_output)" = "$fast_out" ] && [ "$(eng_field fast current_state)" = "$fast_state" ] &&
	[ "$(eng_field p0 has_been_checked)" = 0 ]; then
	pass "the services keep their state and output"
else
	fail kept "fast '$(eng_field fast plugin_output)' (was '$fast_out'), p0 checked $(eng_field p0 has_been_checked)"
fi
gm_alive alive "after the results with another key"

# --- mod_gearman_worker's child killed while its plugin runs
if [ ! -x "$MGW" ]; then
	echo "SKIP: mod_gearman_worker killed mid-check: no mod_gearman_worker in $MOD_GEARMAN/bin (contrib/gearman/build-mod-gearman.sh builds it)"
else
	# in a process group of its own: stopped, it signals its whole group
	# (killpg), which would be this script's
	setsid "$MGW" --server=127.0.0.1:"$GM_PORT" --encryption=yes --key="$GM_KEY" --services \
		--min-worker=2 --max-worker=2 --logfile="$T/mgw.log" &
	mw=$!
	GM_PIDS="$GM_PIDS $mw"
	sleep 1
	n0=$(wc -l < "$T/slow.runs")
	cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
	if wait_lines "$T/slow.runs" 10 $((n0 + 1)); then
		child=$(awk -v n=$((n0 + 1)) 'NR == n { print $1 }' "$T/slow.runs")
		kill -KILL "$child"
		if wait_lines "$T/slow.runs" 10 $((n0 + 2)); then
			again=$(awk -v n=$((n0 + 2)) 'NR == n { print $1 }' "$T/slow.runs")
			if [ "$again" != "$child" ] && eng_wait_field slow plugin_output "OK - slow by $again" 10; then
				pass "mod_gearman_worker: the job of a child killed mid-check runs in another, its result applied"
			else
				fail mgw-result "slow says '$(eng_field slow plugin_output)', second run by $again (killed $child)"
			fi
		else
			fail mgw-requeue "the job did not run again after its worker $child was killed: '$(eng_field slow plugin_output)'"
		fi
	else
		fail mgw-start "mod_gearman_worker did not run the forced check"
	fi
	if kill -0 "$PID" 2>/dev/null && kill -0 "$mw" 2>/dev/null; then
		pass "jaque and mod_gearman_worker keep running"
	else
		fail mgw-alive "jaque or mod_gearman_worker is gone"
	fi
	# mod_gearman_worker with another key cannot read the job: it drops it,
	# no result comes, and the service keeps what it had
	gm_stop "$mw"
	setsid "$MGW" --server=127.0.0.1:"$GM_PORT" --encryption=yes --key=other-key --services \
		--min-worker=1 --max-worker=1 --logfile="$T/mgw-other.log" &
	mw=$!
	GM_PIDS="$GM_PIDS $mw"
	sleep 1
	slow_out=$(eng_field slow plugin_output)
	n0=$(wc -l < "$T/slow.runs")
	cmd "SCHEDULE_FORCED_SVC_CHECK;h1;slow;$(date +%s)"
	dropped=0
	for _ in $(seq 100); do
		grep -q 'discarded invalid job' "$T/mgw-other.log" 2>/dev/null && dropped=1 && break
		sleep 0.1
	done
	sleep 1
	if [ "$dropped" = 1 ] && [ "$(wc -l < "$T/slow.runs")" = "$n0" ] &&
		[ "$(eng_field slow plugin_output)" = "$slow_out" ] && kill -0 "$PID" 2>/dev/null; then
		pass "mod_gearman_worker with another key drops the job; the service keeps its result"
	else
		fail mgw-other-key "dropped $dropped, runs $(wc -l < "$T/slow.runs") (were $n0), slow '$(eng_field slow plugin_output)' (was '$slow_out')"
	fi
fi
eng_stop
eng_finish

#!/bin/sh
# t_gearman_burst.sh: 100 000 passive results arriving at once on the
# result queue, as send_gearman sends them (encrypted, type=passive), for
# 100 passive services, while 20 services are checked through gearmand
# every 2 s by two workers (gm_fast.py).  Nothing is lost: every
# service's last result is the last one sent to it (output and state),
# and the stats file counts 100 000 passive results taken from gearmand;
# the command pipe answers while the burst is read; the active checks
# keep running, and none starts 2 s late or more (the results are applied
# on the event loop: a loop busy with them for seconds delays the checks).
# Skipped without gearmand (gearman-job-server).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"
. "$here/lib_gearman.sh"
gm_need_gearmand gearman_burst

COUNT=${GM_BURST_COUNT:-100000}
NSVC=100
eng_init gearman_burst
GM_PORT=$(eng_free_port)
GM_KEY=burst-key
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$GM_PORT encryption=yes key=$GM_KEY services=yes" \
	status_update_interval=1
{
	echo 'define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}'
	for i in $(seq 0 19); do
		printf 'define service {\n\tuse s-base\n\thost_name h1\n\tservice_description a%d\n' "$i"
		printf '\tcheck_command run!/bin/echo OK active\n\tcheck_interval 2\n\tretry_interval 2\n}\n'
	done
	for i in $(seq 0 $((NSVC - 1))) marker; do
		printf 'define service {\n\tuse s-base\n\thost_name h1\n\tservice_description p%s\n' "$i"
		printf '\tactive_checks_enabled 0\n\tmax_check_attempts 1\n}\n'
	done
} | eng_objects

gm_start_gearmand || { fail gearmand "gearmand did not start"; eng_finish; }
gm_worker w1
gm_worker w2
eng_start || fail start "jaque did not start"
if eng_wait_field a19 plugin_output "OK active" 20 && gm_wait_stat gm_results 20 15; then
	pass "active checks run through gearmand before the burst"
else
	fail warmup "a19 says '$(eng_field a19 plugin_output)', gm_results $(gm_stat gm_results)"
fi
late0=$(gm_stat gm_results_late)
passive0=$(gm_stat checks_passive)

t0=$(date +%s)
python3 "$GM_FAST" burst "$GM_PORT" "$GM_KEY" h1 "$NSVC" "$COUNT" > "$T/burst.out" 2>&1 &
bp=$!
GM_PIDS="$GM_PIDS $bp"
sleep 1
# the daemon still reads its command pipe while the results pour in
printf '[%s] PROCESS_SERVICE_CHECK_RESULT;h1;pmarker;1;pipe alive\n' "$(date +%s)" \
	> "$T/var/rw/nagios.cmd"
tc=$(date +%s)
if eng_wait_field pmarker plugin_output "pipe alive" 15; then
	pass "the command pipe answers during the burst ($(($(date +%s) - tc)) s)"
else
	fail pipe "pmarker says '$(eng_field pmarker plugin_output)'"
fi
wait "$bp"
brc=$?
if [ "$brc" = 0 ]; then
	pass "the burst was submitted: $(cat "$T/burst.out")"
else
	fail burst "sender exited $brc: $(cat "$T/burst.out")"
fi
if gm_wait_stat gm_results_late $((late0 + COUNT)) 60; then
	pass "all $COUNT results were taken in $(($(date +%s) - t0)) s"
else
	fail taken "gm_results_late $(gm_stat gm_results_late), want $((late0 + COUNT)); discarded $(gm_stat gm_discarded)"
fi
if [ "$(gm_stat gm_results_late)" = $((late0 + COUNT)) ] && [ "$(gm_stat gm_discarded)" = 0 ] &&
	[ "$(gm_stat checks_passive)" = $((passive0 + COUNT + 1)) ]; then
	pass "the stats count each once: $COUNT passive results from gearmand, none discarded"
else
	fail counted "gm_results_late $(gm_stat gm_results_late) (before $late0), checks_passive $(gm_stat checks_passive) (before $passive0, + $COUNT + 1 wanted), discarded $(gm_stat gm_discarded)"
fi
# each result changes its service's state (its return code is one more,
# modulo 3, than the one before), so each is logged as an alert, but for
# the first of the services whose first result is OK (their state already)
alerts=$(grep -c '] SERVICE ALERT: h1;p[0-9]' "$T/var/nagios.log")
want=$((COUNT - (NSVC + 2) / 3))
if [ "$alerts" = "$want" ]; then
	pass "nagios.log has an alert for each result that changed a state ($alerts)"
else
	fail alerts "$alerts SERVICE ALERT lines, $want wanted"
fi
sleep 2
# every passive service shows the last result sent to it
bad=$(awk -v n="$NSVC" -v count="$COUNT" '
	/^servicestatus \{/ { s = ""; out = ""; st = "" }
	/^\tservice_description=p[0-9]/ { s = substr($0, index($0, "=") + 2) }
	/^\tplugin_output=/ { out = substr($0, index($0, "=") + 1) }
	/^\tcurrent_state=/ { st = substr($0, index($0, "=") + 1) }
	/^\t}/ && s != "" {
		last = count - n + s
		if (out != "burst " last || st != last % 3) { print "p" s ": " out " state " st; bad++ }
		seen++
		s = ""
	}
	END { if (seen != n) print "saw " seen " of " n " services" }
' "$T/var/status.dat")
if [ -z "$bad" ]; then
	pass "every passive service shows the last of its $((COUNT / NSVC)) results"
else
	fail last "$(echo "$bad" | head -n 5)"
fi
# the active checks went on, and their drift stayed small
tb=$(date +%s)
lc=0
for _ in $(seq 60); do
	lc=$(eng_field a0 last_check)
	[ -n "$lc" ] && [ "$lc" -gt "$tb" ] && break
	sleep 0.1
done
if [ -n "$lc" ] && [ "$lc" -gt "$tb" ]; then
	pass "active checks through gearmand go on after the burst"
else
	fail after "a0 last_check $lc, burst done at $tb"
fi
sleep 5
p99=$(gm_stat drift_p99_us)
dmax=$(gm_stat drift_max_us)
if [ -n "$dmax" ] && [ "$dmax" -lt 2000000 ]; then
	pass "drift stays sane, under 2 s: p99 ${p99} us, max ${dmax} us"
else
	fail drift "p99 '$p99' us, max '$dmax' us"
fi
gm_alive alive "after the burst"
eng_stop
eng_finish

#!/bin/sh
# t_gearman_restart.sh: gearmand killed (SIGKILL) under load and started
# again on the same port.  50 services every 3 s go through gearmand to
# eight workers (gm_fast.py, which connect again by themselves); each run
# of a service's plugin adds a line to a file of its own.  jaque logs the
# loss and the return, keeps running, and after the return every service
# gets fresh results from the workers, without a restart of jaque (the
# checks whose job or result gearmand lost have their jobs sent again past
# their timeout).  No job runs twice but those sent again (runs <= jobs
# jaque sent, and sent again) and no result is applied twice
# (results applied <= runs whose result the worker could send).  Then,
# with gearmand gone for longer than the checks' timeout, the jobs that
# waited for it get mod_gearman's orphan result.  Skipped without gearmand
# (gearman-job-server).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"
. "$here/lib_gearman.sh"
gm_need_gearmand gearman_restart

NSVC=50
eng_init gearman_restart
GM_PORT=$(eng_free_port)
GM_KEY=restart-key
mkdir -p "$T/runs"
cat > "$T/plug.sh" <<'EOF'
#!/bin/sh
# one line per run, then a result naming the run and the worker
echo "$(date +%s.%N) $JQ_WORKER" >> "$1/$2"
sleep 0.1
echo "OK - run $(wc -l < "$1/$2") by $JQ_WORKER"
EOF
SOCK=$T/var/rw/live
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$GM_PORT encryption=yes key=$GM_KEY services=yes" \
	"broker_module=/usr/lib/x86_64-linux-gnu/naemon/naemon-livestatus/livestatus.so $SOCK" \
	status_update_interval=1 service_check_timeout=4
{
	echo 'define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
}'
	for i in $(seq 0 $((NSVC - 1))); do
		printf 'define service {\n\tuse s-base\n\thost_name h1\n\tservice_description s%d\n' "$i"
		printf '\tcheck_command run!/bin/sh %s %s $SERVICEDESC$\n' "$T/plug.sh" "$T/runs"
		printf '\tmax_check_attempts 1\n\tcheck_interval 3\n\tretry_interval 3\n}\n'
	done
} | eng_objects

# the services whose last check is not after $1, with it
stale_since() {
	awk -v t="$1" '
		/^servicestatus \{/ { s = "" }
		/^\tservice_description=/ { s = substr($0, index($0, "=") + 1) }
		/^\tlast_check=/ && s != "" { lc = substr($0, index($0, "=") + 1); if (lc + 0 <= t + 0) print s "@" lc }
	' "$T/var/status.dat"
}
runs_total() { cat "$T"/runs/* 2>/dev/null | wc -l; }

gm_start_gearmand || { fail gearmand "gearmand did not start"; eng_finish; }
for w in 1 2 3 4 5 6 7 8; do
	gm_worker "w$w"
done
eng_start || fail start "jaque did not start"
t_start=$(date +%s)
sleep 6
stale=$(stale_since "$t_start")
if [ -z "$stale" ]; then
	pass "all $NSVC services are checked through gearmand ($(runs_total) runs)"
else
	fail warmup "not checked yet: $(echo $stale | head -c 300)"
fi

gm_kill_gearmand KILL
t_kill=$(date +%s)
if eng_wait_log 'mod_gearman: no job server takes jobs' 10; then
	pass "the loss of gearmand is logged"
else
	fail lost-log "no line"
fi
sleep 3
gm_alive alive "without gearmand"
gm_start_gearmand || fail gearmand-again "gearmand did not start again on port $GM_PORT"
t_back=$(date +%s)
if gm_wait_reachable 2; then
	pass "the return of gearmand is logged"
else
	fail back-log "no second 'reachable' line"
fi
# three intervals and some: every service has a result newer than the return
for _ in $(seq 120); do
	stale=$(stale_since "$t_back")
	[ -z "$stale" ] && break
	sleep 0.1
done
# the checks still in flight (Livestatus's is_executing), one a line
executing=$(python3 "$top/tests/tools/lsclient.py" "$SOCK" ask \
	'GET services\nColumns: description\nFilter: is_executing = 1\n\n' |
	sed "s/^b'//; s/'\$//; s/\\\\n/ /g")
idle=
for s in $stale; do
	case " $executing " in
	*" ${s%@*} "*) ;;
	*) idle="$idle $s" ;;
	esac
done
if [ -z "$idle" ]; then
	pass "every service with no check in flight is checked again after the return"
else
	fail resumed "not checked since the return, and no check in flight:$idle"
fi
# the checks whose job the killed gearmand held (or whose result found no
# gearmand to go to) have their jobs sent again 5 s past their timeout (4 s),
# so they too have a fresh result within the test (under Naemon and
# mod_gearman they wait for Nagios's orphan detection: timeout + reaper
# interval + 600 s)
if [ -z "$stale" ]; then
	pass "every service gets fresh results after the return, without a restart of jaque"
else
	n=$(echo "$stale" | wc -l)
	fail fresh "$n of $NSVC services have no result since gearmand came back (at $t_back, killed at $t_kill) (in flight now: $executing)"
	for s in $(echo "$stale" | sed 's/@.*//' | head -n 3); do
		echo "  $s (last check $(echo "$stale" | sed -n "s/^$s@//p")): last runs: $(tail -n 2 "$T/runs/$s" | tr '\n' ' ')"
	done
fi

# stop the checks, let the last results come in, and count
printf '[%s] STOP_EXECUTING_SVC_CHECKS\n' "$(date +%s)" > "$T/var/rw/nagios.cmd"
sleep 2
runs=$(runs_total)
unsent=$(grep -c 'could not be sent' "$T/worker.err")
gm_next_stats
sent=$(gm_stat gm_sent)
resent=$(gm_stat gm_resent)
applied=$(($(gm_stat gm_results) + $(gm_stat gm_results_late)))
echo "  jobs sent $sent (and $resent again), plugin runs $runs, results unsent $unsent, applied $applied (late $(gm_stat gm_results_late), orphans $(gm_stat gm_orphans))"
# a job sent again (its result lost with gearmand) may run a second time:
# at most once per resend
if [ -n "$sent" ] && [ "$runs" -gt 0 ] && [ "$runs" -le $((sent + resent)) ]; then
	pass "no job ran twice but those sent again: $runs runs of $sent jobs sent, $resent again"
else
	fail runs "$runs runs of $sent jobs sent, $resent again"
fi
if [ "$applied" -gt 0 ] && [ "$applied" -le $((runs - unsent)) ]; then
	pass "no result was applied twice: $applied applied of $((runs - unsent)) sent back"
else
	fail applied "$applied applied, $runs runs, $unsent results not sent"
fi

# gearmand gone for longer than the checks' timeout (4 s): the jobs that
# waited for it are given up with mod_gearman's orphan result
# (orphan_return: CRITICAL); the checks stuck in flight above get none
gm_kill_gearmand KILL
printf '[%s] START_EXECUTING_SVC_CHECKS\n' "$(date +%s)" > "$T/var/rw/nagios.cmd"
orphan="(service check orphaned, is the mod-gearman worker on queue 'service' running?)"
want=$((NSVC - $(echo "$stale" | grep -c .)))
orphaned() { grep -cF "	plugin_output=$orphan" "$T/var/status.dat"; }
for _ in $(seq 150); do
	[ "$(orphaned)" -ge "$want" ] && break
	sleep 0.1
done
gm_next_stats
# those orphan results whose state is not CRITICAL
not_crit=$(awk -v o="$orphan" '
	/^servicestatus \{/ { out = ""; st = "" }
	/^\tcurrent_state=/ { st = substr($0, index($0, "=") + 1) }
	/^\tplugin_output=/ { out = substr($0, index($0, "=") + 1) }
	/^\t}/ && out == o && st != 2 { n++ }
	END { print n + 0 }
' "$T/var/status.dat")
if [ "$(orphaned)" = "$want" ] && [ "$not_crit" = 0 ] && [ "$(gm_stat gm_orphans)" -ge "$want" ] &&
	grep -q 'was given up' "$T/var/nagios.log"; then
	pass "with gearmand gone past the timeout, the $want checks waiting get the orphan result"
else
	fail orphan "$(orphaned) orphan results of $want wanted ($not_crit not CRITICAL), gm_orphans $(gm_stat gm_orphans)"
fi
gm_alive alive-end "at the end"
eng_stop
eng_finish

#!/bin/sh
# t_gearman_stats.sh: the gearman figures in jaque's stats file and in
# jaquestats.  A gearmand on a free loopback port and a stand-in worker
# (the gearman tool and gm_worker.py) on the queues host, service and
# hostgroup_hg1; jaque sends hosts and services, hg1 with a queue of its
# own, one service kept here (a local service group), one check_dummy
# answered in the core.  Every check runs once (checks disabled, one
# forced check of each host and service), so the counts settle: 7 jobs
# sent and 7 results applied, 4 of them on hostgroup_hg1, 2 on service,
# 1 on host, 7 round trips timed.  jaquestats also asks gearmand for its
# queues' figures ("status", as check_gearman does): a job put on a queue
# no worker takes shows there.  Then gearmand is stopped and one service
# check forced: its job is given up at the check's timeout and an orphan
# result counted, on queue service; jaquestats says gearmand does not
# answer.
# Skipped without gearmand or the gearman tool.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

GEARMAND=/usr/sbin/gearmand
if [ ! -x "$GEARMAND" ] || ! command -v gearman > /dev/null; then
	echo "SKIP: gearman stats: needs gearmand and the gearman tool (apt-get install gearman-job-server gearman-tools)"
	exit 77
fi

eng_init gearman-stats
port=$(eng_free_port)
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$port encryption=no hosts=yes services=yes hostgroups=hg1 localservicegroups=here"
# no scheduled checks (they would spread over the hour): each object's one check is forced
eng_cfg status_update_interval=1 service_check_timeout=3 execute_service_checks=0 execute_host_checks=0
eng_objects <<'OBJ'
define hostgroup {
	hostgroup_name	hg1
	members		h1
}
define servicegroup {
	servicegroup_name	here
	members			h2,kept
}
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
	check_command	run!/bin/echo "UP from $${JQ_WORKER:-jaque}"
	check_interval	3600
}
define host {
	use		h-base
	host_name	h2
	address		127.0.0.1
	check_command	run!/bin/echo "UP from $${JQ_WORKER:-jaque}"
	check_interval	3600
}
define service {
	name			gs
	use			s-base
	register		0
	check_command		run!/bin/echo "OK from $${JQ_WORKER:-jaque}"
	max_check_attempts	1
	check_interval		3600
}
define service {
	use			gs
	host_name		h1
	service_description	a1
}
define service {
	use			gs
	host_name		h1
	service_description	a2
}
define service {
	use			gs
	host_name		h1
	service_description	a3
}
define service {
	use			gs
	host_name		h2
	service_description	b1
}
define service {
	use			gs
	host_name		h2
	service_description	b2
}
define service {
	use			gs
	host_name		h2
	service_description	kept
}
define service {
	use			gs
	host_name		h2
	service_description	dummy
	check_command		run!/nowhere/check_dummy 0 'answered in the core'
}
OBJ

gd=
wk=
cleanup() {
	[ -n "$wk" ] && kill "$wk" 2>/dev/null
	[ -n "$gd" ] && kill "$gd" 2>/dev/null
	[ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null
	wait 2>/dev/null
}
trap cleanup EXIT

SF=$T/var/jaque-stats.dat
sv() { sed -n "s/^$1=//p" "$SF" 2>/dev/null; }
# wait (SECS, 30) until key is value in the stats file
wait_sv() {
	for _ in $(seq "$((${3:-30} * 10))"); do
		[ "$(sv "$1")" = "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
# the stats file's value of a queue's counter: queue, sent|results|orphans
qv() {
	i=$(sed -n "s/^gm_queue_\([0-9]*\)=$1\$/\1/p" "$SF")
	[ -n "$i" ] && sv "gm_queue_${i}_$2"
}
# check KEY EXPECTED: one case per key
check() {
	if [ "$(sv "$1")" = "$2" ]; then
		pass "stats file: $1=$2"
	else
		fail "stats-$1" "$1 is '$(sv "$1")', expected $2"
	fi
}
checkq() {
	if [ "$(qv "$1" "$2")" = "$3" ]; then
		pass "stats file: queue $1 $2=$3"
	else
		fail "stats-$1-$2" "queue $1 $2 is '$(qv "$1" "$2")', expected $3"
	fi
}
mrtg() { "$JAQUESTATS" -c "$CFG" -m -D ' ' -d "$1" | sed 's/ *$//'; }

"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
gd=$!
eng_wait_port "$port" || { fail gearmand "gearmand did not start"; eng_finish; }
gearman -h 127.0.0.1 -p "$port" -w -f host -f service -f hostgroup_hg1 -- \
    python3 "$here/gm_worker.py" 127.0.0.1 "$port" - 2>> "$T/worker.err" &
wk=$!
eng_start || { fail start "jaque did not start"; eng_finish; }
now=$(date +%s)
for h in h1 h2; do
	printf '[%s] SCHEDULE_FORCED_HOST_CHECK;%s;%s\n[%s] SCHEDULE_FORCED_HOST_SVC_CHECKS;%s;%s\n' \
	    "$now" "$h" "$now" "$now" "$h" "$now" > "$T/var/rw/nagios.cmd"
done

# all 7 results applied, and the file written after the last
for s in a1 a2 a3 b1 b2; do
	eng_wait_field "$s" plugin_output "OK from gmw1" 30 || fail "ran-$s" "$s says '$(eng_field "$s" plugin_output)'"
done
if wait_sv gm_results 7 30; then
	pass "7 results applied to checks in flight"
else
	fail results "gm_results is '$(sv gm_results)'"
fi
check gm_reachable 1
check gm_sent 7
check gm_submitted 7
check gm_received 7
check gm_results_late 0
check gm_orphans 0
check gm_dummies 1
check gm_local 1
check gm_discarded 0
check gm_given_up 0
check gm_waiting 0
check gm_rtt_count 7
check gm_latency_count 7
check gm_queues 3
check gm_servers "127.0.0.1:$port"
checkq hostgroup_hg1 sent 4
checkq hostgroup_hg1 results 4
checkq service sent 2
checkq service results 2
checkq host sent 1
checkq host results 1
rtt=$(sv gm_rtt_max_us)
lat=$(sv gm_latency_max_us)
# a round trip is a worker's python and gearman tool: more than 1 ms, less than 30 s;
# the latency of a check is at least its round trip
if [ -n "$rtt" ] && [ "$rtt" -gt 1000 ] && [ "$rtt" -lt 30000000 ] && [ "$lat" -ge "$rtt" ]; then
	pass "round trip and latency measured ($rtt us, $lat us)"
else
	fail rtt "gm_rtt_max_us '$rtt', gm_latency_max_us '$lat'"
fi

# jaquestats: the report's block and the MRTG variables
out=$("$JAQUESTATS" -c "$CFG")
if echo "$out" | grep -q '^Gearman (mod_gearman)$' &&
    echo "$out" | grep -Eq '^Checks Sent / Jobs Taken By gearmand: +7 / 7$' &&
    echo "$out" | grep -Eq '^   Applied In Flight / Late: +7 / 0$' &&
    echo "$out" | grep -Eq '^Job Server Reachable: +yes$' &&
    echo "$out" | grep -Eq '^   hostgroup_hg1 +4 +4 +0$' &&
    echo "$out" | grep -Eq '^   service +2 +2 +0$'; then
	pass "jaquestats reports the gearman figures"
else
	fail jaquestats-report "$(echo "$out" | sed -n '/^Gearman/,$p')"
fi
got=$(mrtg JQGMSENT,JQGMRESULTS,JQGMQSENT_hostgroup_hg1,JQGMQRESULTS_service,JQGMQSENT_nosuch,JQGMREACHABLE)
if [ "$got" = "7 7 4 2 U 1" ]; then
	pass "jaquestats -m: gearman totals and per-queue variables"
else
	fail jaquestats-mrtg "got '$got'"
fi

# the job server's own figures (its "status"): a job no worker takes waits on queue nobody
echo x | gearman -h 127.0.0.1 -p "$port" -f nobody -b
got=$(mrtg JQGMSRVJOBS_nobody,JQGMSRVWORKERS_nobody,JQGMSRVWORKERS_service,JQGMSRVJOBS_service,JQGMSRVRUNNING_service,JQGMSRVJOBS_nosuch)
if [ "$got" = "1 0 1 0 0 U" ]; then
	pass "jaquestats -m: the job server's queues, as check_gearman reads them"
else
	fail jaquestats-server-mrtg "got '$got'"
fi
out=$("$JAQUESTATS" -c "$CFG")
if echo "$out" | grep -q "^Job Server 127.0.0.1:$port, Its Queues:\$" &&
    echo "$out" | grep -Eq '^   nobody +1 +0 +0$' &&
    echo "$out" | grep -Eq '^   hostgroup_hg1 +0 +0 +1$'; then
	pass "jaquestats reports the job server's queues"
else
	fail jaquestats-server-report "$(echo "$out" | sed -n '/^Gearman/,$p')"
fi

# gearmand gone: a forced check's job is given up at its timeout (3 s), an orphan result
kill "$wk" "$gd" 2>/dev/null
wait "$wk" "$gd" 2>/dev/null
wk=
gd=
now=$(date +%s)
printf '[%s] SCHEDULE_FORCED_SVC_CHECK;h2;b1;%s\n' "$now" "$now" > "$T/var/rw/nagios.cmd"
if eng_wait_field b1 plugin_output "(service check orphaned, is the mod-gearman worker on queue 'service' running?)" 20; then
	pass "a job no job server took gets the orphan result"
else
	fail orphan-result "b1 says '$(eng_field b1 plugin_output)'"
fi
if wait_sv gm_orphans 1 20; then
	pass "the orphan is counted"
else
	fail orphans "gm_orphans is '$(sv gm_orphans)'"
fi
# (b1's orphan result may make an on-demand check of h2, which waits: gm_sent and
# gm_waiting are not asserted here)
check gm_submitted 7
check gm_given_up 1
check gm_reachable 0
checkq service sent 3
checkq service orphans 1
checkq hostgroup_hg1 orphans 0
r=$(sv gm_submit_retries)
if [ -n "$r" ] && [ "$r" -ge 1 ]; then
	pass "failed submissions are counted ($r)"
else
	fail retries "gm_submit_retries is '$r'"
fi
got=$(mrtg JQGMORPHANS,JQGMQORPHANS_service,JQGMGIVENUP,JQGMREACHABLE)
if [ "$got" = "1 1 1 0" ]; then
	pass "jaquestats -m after the job server went away"
else
	fail jaquestats-mrtg-orphan "got '$got'"
fi
t0=$(date +%s)
got=$(mrtg JQGMSRVWORKERS_service)
out=$("$JAQUESTATS" -c "$CFG")
t1=$(date +%s)
if [ "$got" = U ] && echo "$out" | grep -q "^Job Server 127.0.0.1:$port: no status: Connection refused\$" &&
    [ $((t1 - t0)) -le 4 ]; then
	pass "jaquestats says the job server does not answer, at once"
else
	fail jaquestats-server-gone "got '$got' in $((t1 - t0)) s, $(echo "$out" | grep '^Job Server')"
fi
eng_stop
eng_finish

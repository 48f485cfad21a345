#!/bin/sh
# t_overload.sh: more checks due than can run.  jaque with
# global_concurrency=1 and 12 services due every 2 s whose check takes
# 0.5 s (6 due per second, 2 can run): the overload is logged and shown
# by jaquestats (JQOVERLOADED 1, JQSTRETCHPCT >= 200: the intervals are
# stretched about 6 / 2 / 0.95 times), status.dat's next_check of every
# service is its last_check plus the stretched interval (>= 4 s, not 2),
# the start lag stays under 3 s once the stretch is set (without it the
# queue alone absorbs the overload and every check starts 12 / 2 - 2 =
# 4 s late), every service keeps being checked at the same stretched
# rate (per-service counts, taken after some 48 runs, within a factor of
# 2 of each other, none starved), and once most of the load is taken away
# (DISABLE_SVC_CHECK through the pipe) the end of the overload is logged
# and JQOVERLOADED goes back to 0.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

eng_init overload
echo "global_concurrency=1" > "$T/jaque.cfg"
eng_cfg status_update_interval=2
mkdir -p "$T/runs"
cat > "$T/slow.sh" <<'SH'
#!/bin/sh
echo x >> "$1/runs/$2"
sleep 0.5
echo OK
SH
chmod +x "$T/slow.sh"
{
	echo "define command {"
	echo "	command_name	slow"
	echo "	command_line	$T/slow.sh $T \$SERVICEDESC\$"
	echo "}"
	echo "define host {"
	echo "	use		h-base"
	echo "	host_name	hO"
	echo "	address		127.0.0.1"
	echo "}"
	i=1
	while [ "$i" -le 12 ]; do
		echo "define service {"
		echo "	use			s-base"
		echo "	host_name		hO"
		echo "	service_description	s$i"
		echo "	check_command		slow"
		echo "	check_interval		2"
		echo "}"
		i=$((i + 1))
	done
} | eng_objects

eng_start || { fail overload/start "jaque did not start"; eng_finish; }
if eng_wait_log 'Warning: jaque is overloaded: ' 40; then
	pass "overload/logged"
else
	fail "overload/logged" "no overload line in 40 s"
fi
sleep 6
stats=$("$JAQUESTATS" -c "$CFG" -m -d JQOVERLOADED,JQSTRETCHPCT 2>&1)
over=$(echo "$stats" | sed -n 1p)
pct=$(echo "$stats" | sed -n 2p)
if [ "$over" = 1 ] && [ "${pct:-0}" -ge 200 ] 2>/dev/null; then
	pass "overload/jaquestats ($over, intervals at $pct %)"
else
	fail "overload/jaquestats" "got: $stats"
fi
# fairness: per-service counts once there are about 4 runs per service
# (at 2 runs a second that is some 24 s in; a slow machine takes longer)
waited=0
while [ "$(cat "$T"/runs/s* 2>/dev/null | wc -l)" -lt 48 ] && [ "$waited" -lt 90 ]; do
	sleep 1
	waited=$((waited + 1))
done
min= max=
for f in "$T"/runs/s*; do
	n=$(wc -l < "$f")
	[ -z "$min" ] || [ "$n" -lt "$min" ] && min=$n
	[ -z "$max" ] || [ "$n" -gt "$max" ] && max=$n
done
nfiles=$(ls "$T"/runs | wc -l)
if [ "$nfiles" -eq 12 ] && [ "$min" -ge 2 ] && [ "$max" -le $((min * 2)) ]; then
	pass "overload/fair (12 services checked, $min..$max times each)"
else
	fail "overload/fair" "$nfiles services checked, counts $min..$max"
fi
# the start lag of three stats periods, the first checks' queue long
# drained; and each service's next_check - last_check in status.dat
gap_list() {
	awk -F= '/^servicestatus/ { s = 1 } s && /^\tlast_check=/ { l = $2 }
	s && /^\tnext_check=/ { n = $2 } s && /^\t}/ { if (l > 0) print n - l; s = 0 }' \
	    "$T/var/status.dat" | sort -n | tr '\n' ' '
}
lagmax=0 i=0 gaps=
while [ "$i" -lt 16 ]; do
	sleep 1
	i=$((i + 1))
	lag=$("$JAQUESTATS" -c "$CFG" -m -d JQSTARTLAGMS 2>/dev/null)
	[ "${lag:-0}" -gt "$lagmax" ] 2>/dev/null && lagmax=$lag
	[ -n "$gaps" ] || gaps=$(gap_list)
done
if [ "$lagmax" -lt 3000 ]; then
	pass "overload/start lag under 3 s while stretched (at most $lagmax ms)"
else
	fail "overload/start lag" "$lagmax ms at worst"
fi
short=$(echo "$gaps" | awk '{ for (i = 1; i <= NF; i++) if ($i < 4) n++ } END { print n + 0 }')
if [ -n "$gaps" ] && [ "$short" = 0 ]; then
	pass "overload/next_check stretched (gaps $gaps s)"
else
	fail "overload/next_check stretched" "gaps: '$gaps'"
fi
# take the load away: 10 of the 12 stop
i=3
now=$(date +%s)
while [ "$i" -le 12 ]; do
	echo "[$now] DISABLE_SVC_CHECK;hO;s$i" > "$T/var/rw/nagios.cmd"
	i=$((i + 1))
done
if eng_wait_log 'jaque is no longer overloaded after [0-9]+ s: checks start on time again' 40; then
	pass "overload/recovered"
else
	fail "overload/recovered" "no end-of-overload line in 40 s"
fi
sleep 6
over=$("$JAQUESTATS" -c "$CFG" -m -d JQOVERLOADED 2>&1)
if [ "$over" = 0 ]; then
	pass "overload/jaquestats after recovery"
else
	fail "overload/jaquestats after recovery" "JQOVERLOADED=$over"
fi
eng_stop
eng_finish

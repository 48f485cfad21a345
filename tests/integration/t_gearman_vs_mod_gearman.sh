#!/bin/bash
# t_gearman_vs_mod_gearman.sh: jaque as the core of a mod_gearman site.  A
# gearmand on loopback, mod_gearman 5.2.4's own mod_gearman_worker (built
# by contrib/gearman/build-mod-gearman.sh into MOD_GEARMAN, default
# build/gearman/mod_gearman) with the shared key, and jaque with a
# mod_gearman broker_module line: the host and service checks run in
# mod_gearman_worker (the plugin names the process that started its shell)
# and their results, long output and performance data included, are
# applied; a passive result sent with mod_gearman's send_gearman is applied
# too.
# Skipped, with a message, without that build or gearmand.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

MOD_GEARMAN=${MOD_GEARMAN:-$top/build/gearman/mod_gearman}
MGW=$MOD_GEARMAN/bin/mod_gearman_worker
SG=$MOD_GEARMAN/bin/send_gearman
GEARMAND=/usr/sbin/gearmand
if [ ! -x "$MGW" ] || [ ! -x "$SG" ] || [ ! -x "$GEARMAND" ]; then
	echo "SKIP: gearman_vs_mod_gearman: no mod_gearman_worker and send_gearman in $MOD_GEARMAN/bin (contrib/gearman/build-mod-gearman.sh builds them), or no gearmand"
	exit 77
fi

eng_init gearman_vs_mod_gearman
port=$(eng_free_port)
KEY=shared-key-5.2.4
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=127.0.0.1:$port encryption=yes key=$KEY hosts=yes services=yes" \
	status_update_interval=1
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	h1
	address		127.0.0.1
	check_command	run!/bin/sh -c 'echo "UP - run by $$(ps -o comm= -p $$(ps -o ppid= -p $$PPID))"'
	check_interval	3
}
define service {
	use			s-base
	host_name		h1
	service_description	s1
	check_command		run!/bin/sh -c 'echo "WARNING - run by $$(ps -o comm= -p $$(ps -o ppid= -p $$PPID))|t=1" && echo "long two" && exit 1'
	max_check_attempts	1
	check_interval		3
	retry_interval		3
}
define service {
	use			s-base
	host_name		h1
	service_description	passive1
	check_command		run!/bin/true
	active_checks_enabled	0
	max_check_attempts	1
}
OBJ

"$GEARMAND" -L 127.0.0.1 -p "$port" -t 1 -l /dev/null &
gd=$!
# in a session of its own: mod_gearman_worker ends by signalling its whole
# process group, which would otherwise take this test and its harness along
setsid "$MGW" --server=127.0.0.1:"$port" --encryption=yes --key="$KEY" --hosts --services \
	--min-worker=1 --max-worker=2 --logfile="$T/mgw.log" &
mw=$!
trap 'kill $mw $gd 2>/dev/null; wait 2>/dev/null' EXIT

# what mod_gearman_worker's processes are called (ps cuts names at 15 characters)
comm=mod_gearman_wor

eng_start || fail start "jaque did not start"
if eng_wait_field s1 plugin_output "WARNING - run by $comm" 30 &&
	[ "$(eng_field s1 long_plugin_output)" = "long two" ] &&
	[ "$(eng_field s1 performance_data)" = "t=1" ] && [ "$(eng_field s1 current_state)" = 1 ]; then
	pass "a service check runs in mod_gearman_worker: output, long output, perfdata, state"
else
	fail service "s1: '$(eng_field s1 plugin_output)' / '$(eng_field s1 long_plugin_output)' / '$(eng_field s1 performance_data)'"
fi
if eng_wait_field "" plugin_output "UP - run by $comm" 30; then
	pass "a host check runs in mod_gearman_worker"
else
	fail host "h1: '$(eng_field "" plugin_output)'"
fi
"$SG" --server=127.0.0.1:"$port" --encryption=yes --key="$KEY" --host=h1 --service=passive1 \
	--returncode=2 --message="passive from send_gearman" > "$T/sg.out" 2>&1
if eng_wait_field passive1 plugin_output "passive from send_gearman" 30 &&
	[ "$(eng_field passive1 current_state)" = 2 ] && [ "$(eng_field passive1 check_type)" = 1 ]; then
	pass "send_gearman's passive result is applied as a passive check"
else
	fail passive "passive1: '$(eng_field passive1 plugin_output)' state $(eng_field passive1 current_state)"
	cat "$T/sg.out"
fi
eng_stop
eng_finish

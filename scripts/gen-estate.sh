#!/bin/bash
# scripts/gen-estate.sh DIR N: the object files of an estate of N objects
# into DIR: N/2 hosts (from a template, at 127.0.0.1, a hostgroup per 100
# hosts named from the host's side, a custom variable) and N/2 services
# (from a template, check_tcp with a port each), in base.cfg, groups.cfg,
# hosts.cfg and services.cfg.  scripts/bench-config.sh times the readers on
# it; tests/integration/t_config_diff.sh compares them on a small one.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR N" >&2; exit 2; }
dir=$1 n=$2 hosts=$(( $2 / 2 )) svcs=$(( $2 - $2 / 2 ))
mkdir -p "$dir"
cat > "$dir/base.cfg" <<'CFG'
define timeperiod {
	timeperiod_name 24x7
	alias Always
	sunday 00:00-24:00
	monday 00:00-24:00
	tuesday 00:00-24:00
	wednesday 00:00-24:00
	thursday 00:00-24:00
	friday 00:00-24:00
	saturday 00:00-24:00
}
define command {
	command_name check_tcp
	command_line $USER1$/check_tcp -H $HOSTADDRESS$ -p $ARG1$
}
define command {
	command_name notify
	command_line /bin/true
}
define contact {
	contact_name admin
	host_notification_period 24x7
	service_notification_period 24x7
	host_notification_commands notify
	service_notification_commands notify
}
define contactgroup {
	contactgroup_name admins
	members admin
}
define host {
	name generic-host
	check_command check_tcp!22
	check_period 24x7
	notification_period 24x7
	contact_groups admins
	max_check_attempts 3
	check_interval 1
	register 0
}
define service {
	name generic-service
	check_period 24x7
	notification_period 24x7
	max_check_attempts 3
	check_interval 1
	retry_interval 1
	register 0
}
CFG
awk -v hosts="$hosts" -v svcs="$svcs" -v dir="$dir" 'BEGIN {
	for (i = 0; i < hosts; i += 100)
		printf "define hostgroup {\n\thostgroup_name hg%d\n\talias group %d\n}\n", i / 100, i / 100 > (dir "/groups.cfg")
	for (i = 0; i < hosts; i++)
		printf "define host {\n\tuse generic-host\n\thost_name h%d\n\taddress 127.0.0.1\n\thostgroups hg%d\n\t_ID %d\n}\n", i, int(i / 100), i > (dir "/hosts.cfg")
	for (i = 0; i < svcs; i++)
		printf "define service {\n\tuse generic-service\n\thost_name h%d\n\tservice_description tcp-%d\n\tcheck_command check_tcp!%d\n}\n", i % hosts, i, 1024 + i % 1000 > (dir "/services.cfg")
}'

#!/bin/bash
# contrib/bench-compare/gen-estate.sh FORMAT N PORT [SECONDS]: the comparison estate
# of N objects on stdout.  FORMAT is `nagios` (object configuration read
# unchanged by Nagios Core, Naemon and jaque) or `icinga2` (the same
# estate in Icinga 2's language).  The estate: N/2 hosts and N/2 services
# (the services spread over the hosts), every host at 127.0.0.1, every
# object checked every SECONDS (60 unless given; retry the same, 3
# attempts; in the Nagios form check_interval is SECONDS/60 of the
# interval_length of 60 s, a fraction below a minute) with check_tcp
# against one local listener on PORT.  Names: hosts h000000.., services
# tcp000000.. on host h(i mod hosts).  The Nagios form takes check_tcp
# from $USER1$ (resource.cfg); the Icinga 2 form from the constant
# PluginDir; neither goes through a shell.  It is the estate of
# scripts/bench.sh, so jaque's own bench and this comparison agree.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "usage: $0 nagios|icinga2 N PORT [SECONDS]" >&2; exit 2; }
format=$1 n=$2 port=$3 every=${4:-60}
case $every in '' | *[!0-9]*) echo "gen-estate: SECONDS must be a number" >&2; exit 2 ;; esac
[ "$every" -ge 1 ] || { echo "gen-estate: SECONDS must be at least 1" >&2; exit 2; }
# Nagios's check_interval counts interval_length (60 s) units; rounded up
# to the sixth decimal, as Nagios (and jaque after it) cuts the interval in
# seconds to whole seconds: 2 s written 0.033333 would be 1.99998 s, so 1
minutes=$(awk -v s="$every" 'BEGIN { u = int(s * 1000000 / 60); if (u * 60 < s * 1000000) u++
	v = sprintf("%.6f", u / 1000000); sub(/0+$/, "", v); sub(/\.$/, "", v); print v }')
case $n in '' | *[!0-9]*) echo "gen-estate: N must be a number" >&2; exit 2 ;; esac
case $port in '' | *[!0-9]*) echo "gen-estate: PORT must be a number" >&2; exit 2 ;; esac
[ "$n" -ge 2 ] || { echo "gen-estate: N must be at least 2" >&2; exit 2; }
hosts=$((n / 2)) svcs=$((n - n / 2))

nagios() {
	cat <<OBJ
# the comparison estate: $hosts hosts, $svcs services, check_tcp every $every s
define timeperiod {
	timeperiod_name 24x7
	alias always
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
	command_line \$USER1\$/check_tcp -H \$HOSTADDRESS\$ -p $port
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
define host {
	name hbase
	register 0
	address 127.0.0.1
	check_command check_tcp
	check_interval $minutes
	retry_interval $minutes
	max_check_attempts 3
	check_period 24x7
	contacts admin
	notification_period 24x7
}
define service {
	name sbase
	register 0
	check_command check_tcp
	check_interval $minutes
	retry_interval $minutes
	max_check_attempts 3
	check_period 24x7
	contacts admin
	notification_period 24x7
}
OBJ
	awk -v h="$hosts" -v s="$svcs" 'BEGIN {
		for (i = 0; i < h; i++)
			printf "define host {\n\tuse hbase\n\thost_name h%06d\n}\n", i
		for (i = 0; i < s; i++)
			printf "define service {\n\tuse sbase\n\thost_name h%06d\n\tservice_description tcp%06d\n}\n", i % h, i
	}'
}

icinga2() {
	cat <<OBJ
// the comparison estate: $hosts hosts, $svcs services, check_tcp every $every s
object CheckCommand "check_tcp" {
	command = [ PluginDir + "/check_tcp", "-H", "\$address\$", "-p", "$port" ]
	timeout = 10s
}
template Host "hbase" {
	address = "127.0.0.1"
	check_command = "check_tcp"
	check_interval = ${every}s
	retry_interval = ${every}s
	max_check_attempts = 3
}
template Service "sbase" {
	check_command = "check_tcp"
	check_interval = ${every}s
	retry_interval = ${every}s
	max_check_attempts = 3
}
OBJ
	awk -v h="$hosts" -v s="$svcs" 'BEGIN {
		for (i = 0; i < h; i++)
			printf "object Host \"h%06d\" {\n\timport \"hbase\"\n}\n", i
		for (i = 0; i < s; i++)
			printf "object Service \"tcp%06d\" {\n\timport \"sbase\"\n\thost_name = \"h%06d\"\n}\n", i, i % h
	}'
}

case $format in
nagios) nagios ;;
icinga2) icinga2 ;;
*) echo "gen-estate: FORMAT is nagios or icinga2" >&2; exit 2 ;;
esac

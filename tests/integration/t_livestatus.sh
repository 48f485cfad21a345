#!/bin/sh
# t_livestatus.sh: the Livestatus socket, switched on as a Nagios admin
# does (a broker_module line naming naemon-livestatus's livestatus.so and
# the socket path; no module file exists), on a temporary instance:
#   - the socket exists with mode 0660 and the module's other options are
#     noted in the log;
#   - raw requests (tests/tools/lsclient.py): hosts, services and groups with
#     JSON, CSV and wrapped_json, filters, Stats grouped and not, the
#     fixed16 header, the error codes of an unknown table and a bad
#     header, KeepAlive over several requests, a COMMAND that changes the
#     state (and is logged and seen in status.dat like one from the pipe),
#     a COMMAND naemon would refuse, a WaitCondition that waits for a
#     forced check's result, a WaitTrigger without condition that waits
#     for its event (command, program, comment, check, log) or its
#     WaitTimeout; the log table (alerts, commands, time bounds, a line
#     logged since the last query);
#   - real clients from Debian: Monitoring::Livestatus (Perl, what Thruk
#     is built on) and pynag's Livestatus (Python);
#   - bad clients: a 100 MiB header line (refused and closed), a request
#     that stops coming and a client that asks nothing (query_timeout and
#     idle_timeout of the broker line: told and closed), more
#     connections than the limit (the first 256 answered, the others closed,
#     logged once),
#     garbage; the checks keep running and jaque stays up;
#   - SIGHUP makes the socket anew and it answers; SIGTERM removes it;
#     jaque.cfg's livestatus_socket wins over the broker_module line.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: livestatus: python3 is not installed"
	exit 77
fi
PY=$(python3 -c 'import sys; print(sys.executable)')
LSC="$PY $top/tests/tools/lsclient.py"

eng_init livestatus
SOCK=$T/var/rw/live
eng_cfg "broker_module=/usr/lib/x86_64-linux-gnu/naemon/naemon-livestatus/livestatus.so $SOCK debug=1 max_response_size=1000000 query_timeout=2000 idle_timeout=4000"
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	web
	address		127.0.0.1
	_OWNER		ops
	notes_url	http://wiki/$HOSTNAME$/$_HOSTowner$/$NOPE$/$USER1$
}
define host {
	use		h-base
	host_name	db
	address		127.0.0.2
}
define hostgroup {
	hostgroup_name	all
	alias		All hosts
	members		web,db
}
define servicegroup {
	servicegroup_name	apps
	alias			Applications
	members			web,http,db,mysql
}
define contactgroup {
	contactgroup_name	admins
	alias			Admins
	members			c1
}
define service {
	use			s-base
	host_name		web
	service_description	http
	notes			$HOSTADDRESS$ $SERVICEDESC$ $
}
define service {
	use			s-base
	host_name		db
	service_description	mysql
}
define service {
	use			s-base
	host_name		db
	service_description	disk
}
OBJ
eng_seq web_http "0 OK http"
eng_seq db_mysql "2 CRITICAL down"
eng_seq db_disk "1 WARNING 91%"

# expect CASE WANT CMD...: the command's output is exactly WANT
expect() {
	c_=$1
	shift
	eng_expect "livestatus/$c_" "$@"
}

ask() { $LSC "$SOCK" ask "$1"; }

started=$(date +%s)
eng_start || { fail livestatus/start "jaque did not start"; eng_finish; }
eng_wait_log "livestatus: listening on $SOCK" 10
if [ -S "$SOCK" ] && [ "$(stat -c %a "$SOCK")" = 660 ]; then
	pass livestatus/socket
else
	fail livestatus/socket "no socket with mode 660 at $SOCK: $(ls -l "$SOCK" 2>&1)"
fi
if grep -q "livestatus: option 'debug=1' of .* has no meaning for jaque; ignored" \
    "$T/var/nagios.log"; then
	pass livestatus/options_noted
else
	fail livestatus/options_noted "no line about debug=1 in nagios.log"
fi
# every service has its first result
i=0
while [ "$i" -lt 100 ]; do
	n=$(ask 'GET services\nStats: has_been_checked = 1\n')
	[ "$n" = "b'3\\n'" ] && break
	sleep 0.1
	i=$((i + 1))
done

expect hosts_json "b'[[\"db\",\"127.0.0.2\",0],\\n[\"web\",\"127.0.0.1\",0]]\\n'" \
    ask 'GET hosts\nColumns: name address state\nOutputFormat: json\n'
expect services_csv "b'db;disk;1;WARNING 91%\\ndb;mysql;2;CRITICAL down\\nweb;http;0;OK http\\n'" \
    ask 'GET services\nColumns: host_name description state plugin_output\nSort: host_name\n'
expect filter "b'web;http;ops\\n'" \
    ask 'GET services\nColumns: host_name description host_custom_variable_values\nFilter: host_custom_variables = OWNER ops\n'
expect expanded "b'http://wiki/web/ops/\$NOPE\$/$PLUGINS;127.0.0.1 http \$\\n'" \
    ask 'GET services\nColumns: host_notes_url_expanded notes_expanded\nFilter: description = http\n'
expect stats "b'1;1;1\\n'" \
    ask 'GET services\nStats: state = 0\nStats: state = 1\nStats: state = 2\n'
expect stats_grouped "b'[[\"db\",2,2],\\n[\"web\",1,0]]\\n'" \
    ask 'GET services\nColumns: host_name\nStats: state >= 0\nStats: max state\nOutputFormat: json\n'
expect host_aggregates "b'db;2;2;1;1\\nweb;1;0;0;0\\n'" \
    ask 'GET hosts\nColumns: name num_services worst_service_state num_services_crit num_services_warn\n'
expect wrapped "b'{\"columns\":[\"name\"],\"data\":[[\"db\"]],\"total_count\":2}\\n'" \
    ask 'GET hosts\nColumns: name\nLimit: 1\nColumnHeaders: on\nOutputFormat: wrapped_json\n'
expect fixed16 "b'200           2\\n2\\n'" \
    ask 'GET status\nColumns: num_hosts\nResponseHeader: fixed16\n'
expect no_table "b\"404          44\\nInvalid GET request, no such table 'nosuch'\\n\"" \
    ask 'GET nosuch\nResponseHeader: fixed16\n'
expect bad_header "b\"400          36\\nUndefined request header 'Bogus: 1'\\n\"" \
    ask 'GET hosts\nBogus: 1\nResponseHeader: fixed16\n'
expect keepalive "b'200 web\\n'
b'200 2\\n'
OPEN" $LSC "$SOCK" keep 'GET hosts\nColumns: name\nFilter: name = web\nKeepAlive: on\nResponseHeader: fixed16\n\n' \
    'GET status\nColumns: num_hosts\nKeepAlive: on\nResponseHeader: fixed16\n\n'
expect hostgroups "b'all;db,web;2;1;2\\n'" \
    ask 'GET hostgroups\nColumns: name members num_hosts num_services_crit worst_service_state\n'
expect servicegroups "b'[[\"apps\",[[\"db\",\"mysql\"],[\"web\",\"http\"]],1]]\\n'" \
    ask 'GET servicegroups\nColumns: name members num_services_ok\nFilter: members >= db|mysql\nOutputFormat: json\n'
expect contactgroups "b'admins;c1\\n'" ask 'GET contactgroups\nColumns: name members\n'
expect hostsbygroup "b'all;db;2\\nall;web;1\\n'" \
    ask 'GET hostsbygroup\nColumns: hostgroup_name name num_services\n'
expect servicesbygroup "b'apps;db;mysql;2\\napps;web;http;0\\n'" \
    ask 'GET servicesbygroup\nColumns: servicegroup_name host_name description state\n'
expect servicesbyhostgroup "b'3\\n'" ask 'GET servicesbyhostgroup\nFilter: hostgroup_name = all\nStats: state >= 0\n'
expect columns "b'services;host_name;string\\n'" \
    ask 'GET columns\nColumns: table name type\nFilter: table = services\nFilter: name = host_name\n'

# ---- commands take the pipe's path ----
now=$(date +%s)
expect command_quiet "b''" ask "COMMAND [$now] DISABLE_NOTIFICATIONS\n"
expect command_applied "b'0\\n'" ask 'GET status\nColumns: enable_notifications\n'
if grep -q "EXTERNAL COMMAND: DISABLE_NOTIFICATIONS" "$T/var/nagios.log"; then
	pass livestatus/command_logged
else
	fail livestatus/command_logged "no EXTERNAL COMMAND line in nagios.log"
fi
expect command_unknown "b\"400: Unknown command 'NO_SUCH_THING'\\n\"" \
    ask "COMMAND [$now] NO_SUCH_THING;x\n"
expect command_no_time "b'400: Commands must begin with a timestamp inside square brackets\\n'" \
    ask 'COMMAND DISABLE_NOTIFICATIONS\n'

# ---- a forced check, waited for as Thruk waits ----
last=$(ask 'GET services\nColumns: last_check\nFilter: host_name = db\nFilter: description = disk\n' |
    tr -dc 0-9)
eng_seq db_disk "0 OK disk fine"
sleep 1
now=$(date +%s)
ask "COMMAND [$now] SCHEDULE_FORCED_SVC_CHECK;db;disk;$now\n" > /dev/null
expect wait_check "b'0;OK disk fine\\n'" \
    ask "GET services\nWaitObject: db;disk\nWaitCondition: last_check > $last\nWaitTrigger: check\nWaitTimeout: 10000\nColumns: state plugin_output\nFilter: host_name = db\nFilter: description = disk\n"

# ---- the log ----
expect log_alert "b'SERVICE ALERT;db;mysql;2;HARD;3;127.0.0.2\\n'" \
    ask "GET log\nFilter: time >= $started\nFilter: class = 1\nFilter: service_description = mysql\nColumns: type host_name service_description state state_type attempt current_host_address\nLimit: 1\n"
expect log_commands "b'SCHEDULE_FORCED_SVC_CHECK;db;disk;$now\\nDISABLE_NOTIFICATIONS;\\n'" \
    ask "GET log\nFilter: time >= $started\nFilter: class = 5\nColumns: options\n"
expect log_old "b''" ask "GET log\nFilter: time < $started\nFilter: time > 1000\nColumns: message\n"
# the log is kept between queries and read on where the last one stopped:
# a line logged since is there
ask "COMMAND [$now] DISABLE_NOTIFICATIONS\n" > /dev/null
expect log_appended "b'DISABLE_NOTIFICATIONS;\\nSCHEDULE_FORCED_SVC_CHECK;db;disk;$now\\nDISABLE_NOTIFICATIONS;\\n'" \
    ask "GET log\nFilter: time >= $started\nFilter: class = 5\nColumns: options\n"
# two commands in one request both run, as naemon-livestatus runs them
ask "COMMAND [$now] ADD_HOST_COMMENT;web;1;me;two-a\nCOMMAND [$now] ADD_HOST_COMMENT;web;1;me;two-b\n" \
    > /dev/null
expect command_two_lines "b'2\\n'" ask 'GET comments\nStats: comment ~ ^two-\n'

# ---- waiting for an event, with no condition: answered when it comes ----
# (the checks, every second here, are stopped meanwhile so that no check or
# log line comes before the command)
wf() { $LSC "$SOCK" waitfor "$@"; }
now=$(date +%s)
ask "COMMAND [$now] STOP_EXECUTING_SVC_CHECKS\n" > /dev/null
ask "COMMAND [$now] STOP_EXECUTING_HOST_CHECKS\n" > /dev/null
sleep 2
expect trigger_command "after b'0\\n'" wf 'GET status\nWaitTrigger: command\nWaitTimeout: 20000\nColumns: enable_flap_detection\n' 1 \
    "COMMAND [$now] DISABLE_FLAP_DETECTION\n"
expect trigger_program "after b'1\\n'" wf 'GET status\nWaitTrigger: program\nWaitTimeout: 20000\nColumns: enable_flap_detection\n' 1 \
    "COMMAND [$now] ENABLE_FLAP_DETECTION\n"
expect trigger_comment "after b'hello\\n'" wf 'GET comments\nWaitTrigger: comment\nWaitTimeout: 20000\nColumns: comment\nFilter: comment = hello\n' 1 \
    "COMMAND [$now] ADD_HOST_COMMENT;web;1;me;hello\n"
expect trigger_check "after b'0;OK http\\n'" wf 'GET services\nWaitTrigger: check\nWaitTimeout: 20000\nColumns: state plugin_output\nFilter: host_name = web\n' 1 \
    "COMMAND [$now] PROCESS_SERVICE_CHECK_RESULT;web;http;0;OK http\n"
expect trigger_log "after b'1\\n'" wf 'GET hosts\nWaitTrigger: log\nWaitTimeout: 20000\nStats: name = web\n' 1 \
    "COMMAND [$now] ENABLE_NOTIFICATIONS\n"
# nothing comes: WaitTimeout ends it
expect trigger_timeout "early 1 b'1\\n'" wf 'GET status\nWaitTrigger: downtime\nWaitTimeout: 1500\nColumns: enable_flap_detection\n' 5
ask "COMMAND [$now] START_EXECUTING_SVC_CHECKS\n" > /dev/null
ask "COMMAND [$now] START_EXECUTING_HOST_CHECKS\n" > /dev/null

# ---- real clients ----
if perl -MMonitoring::Livestatus -e 1 2>/dev/null; then
	expect perl_ml "db;disk;0 db;mysql;2 web;http;0" perl -MMonitoring::Livestatus -e '
		my $ml = Monitoring::Livestatus->new(socket => $ARGV[0]);
		my $r = $ml->selectall_arrayref(
		    "GET services\nColumns: host_name description state\nSort: host_name\nSort: description",
		    { Slice => {} });
		print join(" ", map { "$_->{host_name};$_->{description};$_->{state}" } @$r), "\n";' \
	    "$SOCK"
	expect perl_ml_stats "2" perl -MMonitoring::Livestatus -e '
		my $ml = Monitoring::Livestatus->new(socket => $ARGV[0]);
		print $ml->selectscalar_value("GET hosts\nStats: state = 0"), "\n";' "$SOCK"
else
	fail livestatus/perl_ml "Monitoring::Livestatus is not installed (libmonitoring-livestatus-perl)"
fi
if /usr/bin/python3 -c 'import pynag.Parsers.livestatus' 2>/dev/null; then
	expect pynag "db:127.0.0.2 web:127.0.0.1" /usr/bin/python3 -c '
import sys
from pynag.Parsers.livestatus import Livestatus
ls = Livestatus(livestatus_socket_path=sys.argv[1])
print(" ".join("%s:%s" % (h["name"], h["address"]) for h in ls.get_hosts("Columns: name address")))' \
	    "$SOCK"
else
	fail livestatus/pynag "pynag is not installed (python3-pynag)"
fi

# ---- bad clients ----
runs_before=$(cat "$T"/seq/*.n 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')
got=$($LSC "$SOCK" big 100)
case $got in
"b'Client connection terminated while request still incomplete\\n' sent"*)
	pass livestatus/big_header ;;
*)	fail livestatus/big_header "got: $got" ;;
esac
expect flood 256 $LSC "$SOCK" flood 300
if grep -q "livestatus: 256 connections open; closing new ones until some end" "$T/var/nagios.log"; then
	pass livestatus/flood_logged
else
	fail livestatus/flood_logged "no line about the connection limit"
fi
expect garbage "b'Invalid request method\\n'" ask '\x00\xff garbage\nmore\n'
expect still_up "b'2\\n'" ask 'GET status\nColumns: num_hosts\n'
# a request that stops coming (query_timeout, 2 s here), a client that asks
# nothing (idle_timeout, 4 s), one that asked and then idles: each told and
# closed, not before its time and at most a second after (a loaded machine)
# stall_case CASE WANT SECS TEXT: the client sending TEXT is told WANT and
# closed after SECS or SECS + 1 whole seconds
stall_case() {
	got_=$($LSC "$SOCK" stall "$4" 8)
	case $got_ in
	"$2 closed after $3" | "$2 closed after $(($3 + 1))") pass "livestatus/$1" ;;
	*) fail "livestatus/$1" "want: $2 closed after $3 (or one more); got: $got_" ;;
	esac
}
inc="b'Client connection terminated while request still incomplete\\n'"
stall_case query_timeout "$inc" 2 'GET hosts\nColumns: name\n'
stall_case idle_timeout "$inc" 4 ''
stall_case idle_after_answer "b'200           9\\n[[\"db\"]]\\nClient connection terminated while request still incomplete\\n'" 4 \
    'GET hosts\nColumns: name\nLimit: 1\nOutputFormat: json\nResponseHeader: fixed16\nKeepAlive: on\n\n'
sleep 2
runs_after=$(cat "$T"/seq/*.n 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')
if [ "$runs_after" -gt "$runs_before" ]; then
	pass livestatus/checks_go_on
else
	fail livestatus/checks_go_on "no check ran meanwhile ($runs_before, $runs_after)"
fi

# ---- reload and stop ----
: > "$T/var/nagios.log"
kill -HUP "$PID"
eng_wait_log "livestatus: listening on $SOCK" 10
expect after_reload "b'2\\n'" ask 'GET status\nColumns: num_hosts\n'
eng_stop
if [ ! -e "$SOCK" ]; then
	pass livestatus/removed
else
	fail livestatus/removed "the socket is still there after SIGTERM"
fi

# jaque.cfg's livestatus_socket wins
echo "livestatus_socket=$T/var/rw/other" > "$T/jaque.cfg"
: > "$T/var/nagios.log"
eng_start
eng_wait_log "livestatus: listening on" 10
if [ -S "$T/var/rw/other" ] && [ ! -e "$SOCK" ]; then
	pass livestatus/jaque_cfg
else
	fail livestatus/jaque_cfg "$(grep livestatus "$T/var/nagios.log")"
fi
eng_stop
eng_finish

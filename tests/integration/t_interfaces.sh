#!/bin/bash
# t_interfaces.sh: jaque through the interfaces Nagios's own clients use.
# The real daemon runs on a temporary instance; commands go in through the
# FIFO (as scripts write them, one open/close per line); status.dat is read
# back with Debian's statusjson.cgi and nagios4stats; a kill -9 and a
# restart must lose no applied command (retention + journal).
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

CGI=/usr/lib/cgi-bin/nagios4
if [ ! -x "$CGI/statusjson.cgi" ] || ! command -v nagios4stats >/dev/null; then
	echo "SKIP: nagios4-cgi or nagios4stats missing"
	exit 77
fi

eng_init interfaces
eng_cfg status_update_interval=1 retain_state_information=1 retention_update_interval=60 \
	check_external_commands=1 log_passive_checks=1 log_external_commands=1 \
	check_result_reaper_frequency=1
eng_objects <<'OBJ'
define host {
	use		h-base
	host_name	web1
	address		127.0.0.1
}
define host {
	use		h-base
	host_name	db1
	address		127.0.0.2
}
define service {
	use			s-base
	host_name		web1
	service_description	http
}
define service {
	use			s-base
	host_name		web1
	service_description	disk
	active_checks_enabled	0
}
define service {
	use			s-base
	host_name		db1
	service_description	pgsql
}
OBJ
eng_seq web1_http "0 HTTP OK"
eng_seq db1_pgsql "2 PGSQL CRITICAL: down"
cat > "$T/cgi.cfg" <<CGIEOF
main_config_file=$CFG
physical_html_path=/usr/share/nagios4/htdocs
url_html_path=/nagios4
use_authentication=1
use_ssl_authentication=0
authorized_for_system_information=*
authorized_for_configuration_information=*
authorized_for_system_commands=*
authorized_for_all_services=*
authorized_for_all_hosts=*
authorized_for_all_service_commands=*
authorized_for_all_host_commands=*
CGIEOF
FIFO=$T/var/rw/nagios.cmd
STATUS=$T/var/status.dat

# cmd LINE: one external command, written as scripts write it
cmd() { printf '[%s] %s\n' "$(date +%s)" "$1" > "$FIFO"; }

# sj QUERY: statusjson.cgi's JSON for QUERY (headers stripped)
sj() {
	NAGIOS_CGI_CONFIG=$T/cgi.cfg REQUEST_METHOD=GET REMOTE_USER=nagiosadmin \
		QUERY_STRING="$1" "$CGI/statusjson.cgi" 2>/dev/null | sed '1,/^\r\{0,1\}$/d'
}

# jq_get QUERY PYEXPR: evaluate PYEXPR on the JSON's "data" as d
jq_get() {
	sj "$1" | python3 -c 'import json,sys
try:
    d=json.load(sys.stdin)["data"]
    print(eval(sys.argv[1]))
except Exception as e:
    print("ERR", e)' "$2"
}

# wait_for SECS QUERY PYEXPR WANT: poll until the CGI shows WANT
wait_for() {
	local secs=$1 q=$2 e=$3 want=$4 i=0 got
	while [ "$i" -lt $((secs * 4)) ]; do
		got=$(jq_get "$q" "$e")
		[ "$got" = "$want" ] && return 0
		sleep 0.25
		i=$((i + 1))
	done
	echo "  (wanted '$want', got '$got' from $q: $e)"
	return 1
}

svc_q() { echo "query=service&hostname=$1&servicedescription=$2"; }

eng_start || { fail start "daemon did not start"; eng_finish; }

# ---- status.dat, read by the CGIs and nagios4stats
if wait_for 15 "query=servicelist&details=true" 'd["servicelist"]["db1"]["pgsql"]["status"]' 16; then
	pass "statusjson.cgi shows db1/pgsql CRITICAL from jaque's status.dat"
else
	fail statusjson "db1/pgsql not CRITICAL"
fi
got=$(jq_get "query=hostlist" 'sorted(d["hostlist"].keys())')
[ "$got" = "['db1', 'web1']" ] && pass "statusjson.cgi lists every host" || fail hostlist "$got"
got=$(jq_get "query=servicecount" 'd["count"]["critical"]')
[ "$got" = 1 ] && pass "statusjson.cgi counts one critical service" || fail servicecount "$got"
n4=$(nagios4stats -c "$CFG" -m -d NUMHOSTS,NUMSERVICES 2>&1 | tr '\n' ' ')
[ "$n4" = "2 3 " ] && pass "nagios4stats reads 2 hosts, 3 services" || fail nagios4stats "$n4"
jq=$("$JAQUESTATS" -c "$CFG" -m -d NUMHOSTS,NUMSERVICES 2>&1 | tr '\n' ' ')
[ "$jq" = "$n4" ] && pass "jaquestats agrees with nagios4stats" || fail jaquestats "'$jq' vs '$n4'"
# the other CGIs on the same files
cgi() {
	NAGIOS_CGI_CONFIG=$T/cgi.cfg REQUEST_METHOD=GET REMOTE_USER=nagiosadmin \
		QUERY_STRING="$2" "$CGI/$1" 2>/dev/null | sed '1,/^\r\{0,1\}$/d'
}
got=$(cgi objectjson.cgi 'query=servicelist' | python3 -c 'import json,sys
d=json.load(sys.stdin)["data"]["servicelist"]; print(sorted((h,s) for h in d for s in d[h]))')
[ "$got" = "[('db1', 'pgsql'), ('web1', 'disk'), ('web1', 'http')]" ] \
	&& pass "objectjson.cgi reads jaque's objects.cache" || fail objectjson "$got"
out=$(cgi tac.cgi '')
if echo "$out" | grep -q '1 Critical' && ! echo "$out" | grep -qi 'error'; then
	pass "tac.cgi shows the critical service"
else
	fail tac.cgi "$(echo "$out" | sed 's/<[^>]*>//g' | grep -iE 'critical|error' | head -3)"
fi
out=$(cgi status.cgi 'host=all&style=detail' | sed 's/<[^>]*>//g')
echo "$out" | grep -q 'PGSQL CRITICAL: down' && pass "status.cgi shows the service's output" \
	|| fail status.cgi "no output line"
out=$(cgi extinfo.cgi 'type=2&host=db1&service=pgsql' | sed 's/<[^>]*>//g')
echo "$out" | grep -q 'CRITICAL' && pass "extinfo.cgi shows the service's state" \
	|| fail extinfo.cgi "no state"

# ---- a result dropped into check_result_path, as addons write them (web1/disk
# ---- has no active checks: only this result changes it)
now=$(date +%s)
printf 'file_time=%s\n\nhost_name=web1\nservice_description=disk\ncheck_type=1\nscheduled_check=0\nreschedule_check=0\nlatency=0.1\nstart_time=%s.0\nfinish_time=%s.1\nreturn_code=2\noutput=DISK CRITICAL: from the spool\\nsecond line|conn=0\n\n' \
	"$now" "$now" "$now" > "$T/var/spool/checkresults/cAbC123"
touch "$T/var/spool/checkresults/cAbC123.ok"
if wait_for 10 "$(svc_q web1 disk)" 'd["service"]["plugin_output"], d["service"]["long_plugin_output"]' \
	"('DISK CRITICAL: from the spool', 'second line')"; then
	pass "a check result file in check_result_path is applied"
else
	fail spool "not applied"
fi
[ ! -e "$T/var/spool/checkresults/cAbC123" ] && [ ! -e "$T/var/spool/checkresults/cAbC123.ok" ] \
	&& pass "the result file and its .ok are removed" || fail spool-rm "still there"

mode=$(stat -c %a "$FIFO" 2>/dev/null)
[ "$mode" = 660 ] && [ -p "$FIFO" ] && pass "command FIFO is mode 660" || fail fifo "mode $mode"

# ---- passive results
cmd "PROCESS_SERVICE_CHECK_RESULT;web1;disk;1;DISK WARNING - 91% used|used=91%"
if wait_for 5 "$(svc_q web1 disk)" 'd["service"]["status"], d["service"]["plugin_output"]' \
	"(4, 'DISK WARNING - 91% used')"; then
	pass "a passive result through the FIFO is applied"
else
	fail passive "not applied"
fi
grep -q 'PASSIVE SERVICE CHECK: web1;disk;' "$T/var/nagios.log" && pass "PASSIVE SERVICE CHECK logged" \
	|| fail passive-log "no PASSIVE SERVICE CHECK line"

# ---- many writers opening and closing per line: nothing lost
for i in $(seq 1 200); do cmd "ADD_SVC_COMMENT;web1;http;1;load;comment $i"; done
if wait_for 10 "query=commentcount" 'd["count"]' 200; then
	pass "200 commands written one open/close each: 200 comments"
else
	fail many "comments missing"
fi
cmd "DEL_ALL_SVC_COMMENTS;web1;http"
wait_for 5 "query=commentcount" 'd["count"]' 0 && pass "DEL_ALL_SVC_COMMENTS" || fail delall "left"

# ---- garbage is logged and skipped; the next line works
printf '\x01\x02\xff garbage\n' > "$FIFO"
printf '[%s] NO_SUCH_COMMAND;x\n' "$(date +%s)" > "$FIFO"
printf '[%s] ACKNOWLEDGE_SVC_PROBLEM;db1\n' "$(date +%s)" > "$FIFO"
printf '[%s] DISABLE_SVC_CHECK;nohost;nosvc\n' "$(date +%s)" > "$FIFO"
head -c 600000 /dev/zero | tr '\0' 'A' > "$FIFO"; echo > "$FIFO"
cmd "ACKNOWLEDGE_SVC_PROBLEM;db1;pgsql;2;1;1;admin;on it"
if wait_for 5 "$(svc_q db1 pgsql)" 'd["service"]["problem_has_been_acknowledged"]' True; then
	pass "after garbage lines, an acknowledgement works"
else
	fail ack "not acknowledged"
fi
grep -q 'Warning: Unrecognized external command -> NO_SUCH_COMMAND' "$T/var/nagios.log" \
	&& pass "unknown command logged" || fail unknown-log "no warning"
kill -0 "$PID" 2>/dev/null && pass "daemon alive after garbage" || fail alive "daemon died"
got=$(jq_get "query=commentlist&details=true" '[c["entry_type"] for c in d["commentlist"].values()]')
[ "$got" = "[4]" ] && pass "the acknowledgement left its comment" || fail ack-comment "$got"

# ---- switches, comments, downtime
cmd "DISABLE_SVC_CHECK;web1;http"
cmd "ADD_HOST_COMMENT;web1;1;admin;maintenance window tonight"
now=$(date +%s)
cmd "SCHEDULE_SVC_DOWNTIME;db1;pgsql;$now;$((now + 3600));1;0;3600;admin;patching"
wait_for 5 "$(svc_q web1 http)" 'd["service"]["checks_enabled"]' False \
	&& pass "DISABLE_SVC_CHECK shows in status" || fail disable "still enabled"
wait_for 5 "$(svc_q db1 pgsql)" 'd["service"]["scheduled_downtime_depth"]' 1 \
	&& pass "fixed downtime in effect (depth 1)" || fail downtime "depth"
eng_wait_log 'SERVICE DOWNTIME ALERT: db1;pgsql;STARTED' 5 && pass "DOWNTIME STARTED logged" \
	|| fail downtime-log "no line"
got=$(jq_get "query=downtimecount" 'd["count"]')
[ "$got" = 1 ] && pass "downtimelist has it" || fail downtimelist "$got"
n4=$(nagios4stats -c "$CFG" -m -d NUMSVCDOWNTIME,NUMSVCCRIT,NUMSVCWARN 2>&1 | tr '\n' ' ')
[ "$n4" = "1 1 1 " ] && pass "nagios4stats: 1 in downtime, 1 critical, 1 warning" || fail stats2 "$n4"

# ---- cmd.cgi, as a browser drives it: load the form (it sets the CSRF
# ---- cookie and the hidden form id), then post it
cgi_cmd() {
	local q=$1 body=$2 id
	id=$(NAGIOS_CGI_CONFIG=$T/cgi.cfg REMOTE_USER=nagiosadmin REQUEST_METHOD=GET \
		QUERY_STRING="$q" "$CGI/cmd.cgi" 2>/dev/null |
		sed -n "s/.*NAME='nagFormId' VALUE='\([0-9a-f]*\)'.*/\1/p" | head -n 1)
	body="$body&nagFormId=$id&btnSubmit=Commit"
	printf '%s' "$body" | NAGIOS_CGI_CONFIG=$T/cgi.cfg REMOTE_USER=nagiosadmin \
		HTTP_COOKIE="NagFormId=$id" REQUEST_METHOD=POST \
		CONTENT_TYPE=application/x-www-form-urlencoded CONTENT_LENGTH=${#body} \
		"$CGI/cmd.cgi" 2>/dev/null | sed 's/<[^>]*>//g'
}
out=$(cgi_cmd 'cmd_typ=3&host=db1&service=pgsql' \
	'cmd_typ=3&cmd_mod=2&host=db1&service=pgsql&persistent=on&com_author=nagiosadmin&com_data=from+cmd.cgi')
if echo "$out" | grep -q 'successfully submitted' &&
	wait_for 5 "query=commentlist&details=true" \
		'"from cmd.cgi" in [c["comment_data"] for c in d["commentlist"].values() if c.get("service_description")=="pgsql"]' \
		True; then
	pass "cmd.cgi submits ADD_SVC_COMMENT to jaque's pipe and it takes effect"
else
	fail cmd.cgi "$(echo "$out" | grep -v '^\s*$' | head -3)"
fi
out=$(cgi_cmd 'cmd_typ=6&host=web1&service=disk' 'cmd_typ=6&cmd_mod=2&host=web1&service=disk')
wait_for 5 "$(svc_q web1 disk)" 'd["service"]["checks_enabled"]' False \
	&& pass "cmd.cgi DISABLE_SVC_CHECK takes effect" || fail cmd.cgi-disable "$out"
# the web UI's program-wide buttons send a time after the name
# (DISABLE_NOTIFICATIONS;<time>): Nagios ignores it, and so must we
out=$(cgi_cmd 'cmd_typ=11' 'cmd_typ=11&cmd_mod=2')
wait_for 5 "query=programstatus" 'd["programstatus"]["enable_notifications"]' False \
	&& pass "cmd.cgi Disable notifications (DISABLE_NOTIFICATIONS;<time>) takes effect" \
	|| fail cmd.cgi-notif-off "$out"
out=$(cgi_cmd 'cmd_typ=12' 'cmd_typ=12&cmd_mod=2')
wait_for 5 "query=programstatus" 'd["programstatus"]["enable_notifications"]' True \
	&& pass "cmd.cgi Enable notifications takes effect" || fail cmd.cgi-notif-on "$out"
grep -q 'External command failed -> [A-Z]*_NOTIFICATIONS;' "$T/var/nagios.log" \
	&& fail cmd.cgi-notif-log "$(grep 'External command failed' "$T/var/nagios.log" | head -2)"

# ---- kill -9, restart: nothing applied is lost
sleep 1
before=$(jq_get "query=servicelist&details=true" \
	'[(h,s,v["problem_has_been_acknowledged"],v["checks_enabled"],v["scheduled_downtime_depth"]) for h in sorted(d["servicelist"]) for s,v in sorted(d["servicelist"][h].items())]')
kill -KILL "$PID"; wait "$PID" 2>/dev/null; PID=
eng_start || fail restart "did not start again"
sleep 3
after=$(jq_get "query=servicelist&details=true" \
	'[(h,s,v["problem_has_been_acknowledged"],v["checks_enabled"],v["scheduled_downtime_depth"]) for h in sorted(d["servicelist"]) for s,v in sorted(d["servicelist"][h].items())]')
[ "$before" = "$after" ] && pass "after kill -9 and restart: ack, switches, downtime kept" \
	|| fail kill9 "before $before after $after"
got=$(jq_get "query=commentcount" 'd["count"]')
[ "$got" = 4 ] && pass "after kill -9: host comment, ack comment, downtime comment, cmd.cgi comment kept" \
	|| fail kill9-comments "$got"
got=$(jq_get "$(svc_q web1 disk)" 'd["service"]["plugin_output"]')
[ "$got" = "DISK WARNING - 91% used" ] && pass "after kill -9: the passive result kept" \
	|| fail kill9-passive "$got"

# ---- clean stop: retention written, status.dat removed, the FIFO left (as Nagios)
eng_stop
[ -s "$T/var/retention.dat" ] && grep -q '^servicecomment {' "$T/var/retention.dat" \
	&& pass "retention.dat written at shutdown" || fail retention "missing"
[ ! -e "$STATUS" ] && pass "status.dat removed at shutdown (as Nagios)" || fail status-rm "still there"
[ -p "$FIFO" ] && pass "FIFO left at shutdown (as Nagios)" || fail fifo-left "removed"
eng_finish

#!/bin/sh
# t_nagvis.sh: NagVis (Debian's nagvis package, 1.9.34 in Debian 12) shows
# jaque's hosts and services on a map through jaque's Livestatus socket,
# its mklivestatus backend asking what it asks naemon-livestatus.
#
# NagVis runs as a web server would run it, without one: php-cgi with the
# CGI environment (REQUEST_METHOD, QUERY_STRING, SCRIPT_FILENAME,
# REDIRECT_STATUS, a browser's HTTP_USER_AGENT, and REMOTE_USER for its
# LogonEnv logon module).  Its configuration is private to the test: NagVis
# reads its main configuration from paths written in
# server/core/defines/global.php, so the test builds a tree of its own
# under $T/nagvis, with copies of the two files that name paths
# (ajax_handler.php, found by php-cgi from SCRIPT_FILENAME, and global.php
# with the paths changed) and links to everything else in the installed
# tree; /etc/nagvis and /var/cache/nagvis are neither read nor written.
# global.php's copy also leaves E_DEPRECATED out of error_reporting: NagVis
# 1.9.34 makes every PHP error an exception, and on PHP 8.2 it stops on the
# first "Creation of dynamic property ... is deprecated", whatever its
# backend (an installed NagVis needs the same change to run at all).
# In the configuration: a backend "jaque" of type mklivestatus on
# unix:<the socket>; LogonEnv trusting REMOTE_USER (the user is created in
# NagVis's own SQLite user database on first sight); the "Groups"
# authorisation module, which reads the contact groups from the backend
# (GET contactgroups) and gives the members of nagvis-admins, the test user
# c1 (lib_engine.sh's contact) among them, every permission; a map with
# three hosts, a service, a hostgroup and a servicegroup, an automap drawn
# from the hosts' parents, and a map of two dynamic groups (Livestatus
# filters written in the map).
#
# Checks, on the JSON of server/core/ajax_handler.php:
#   - mod=Map&act=getMapObjects: every object of the map is there with the
#     state jaque has from passive results sent through the command pipe
#     (a host UP, one DOWN with its plugin output, one never checked, which
#     NagVis calls UNCHECKED, a service CRITICAL with its output), the
#     hostgroup and the servicegroup with their members' worst state and
#     counts, the map with its summary; the automap has the three hosts
#     joined as their parents say; each dynamic group has the one object
#     its filter selects;
#   - after new results through the pipe (the DOWN host recovers, the UP
#     host goes DOWN and is acknowledged, the service turns OK, the third
#     host is UP in a downtime), mod=Map&act=getObjectStates reports the
#     new states, the acknowledgement, the downtime's author and comment,
#     for all objects or for those asked for;
#   - the map's summary (mod=Map&act=getObjectStates&ty=summary) is the
#     worst state on it, acknowledged;
#   - with only_permitted_objects=1 (NagVis then adds AuthUser: to every
#     query) the host of which the user is no contact is not found, the
#     others are shown as before;
#   - php-cgi printed no error.
#
# Exits 77 (skipped) when nagvis or php-cgi is not installed, unless CI is
# set (scripts/deps installs both): then their absence fails.
#
# Environment: JAQUE, NAGVIS_DIR (default /usr/share/nagvis/share),
# PHP_CGI (default php-cgi), KEEP_TMP=1.
#
# SPDX-License-Identifier: GPL-2.0-or-later
. "$(dirname "$0")/lib_engine.sh"

NV_SRC=${NAGVIS_DIR:-/usr/share/nagvis/share}
PHP_CGI=${PHP_CGI:-$(command -v php-cgi 2>/dev/null)}
missing=""
[ -f "$NV_SRC/server/core/ajax_handler.php" ] || missing=" nagvis ($NV_SRC)"
[ -n "$PHP_CGI" ] && [ -x "$PHP_CGI" ] || missing="$missing php-cgi"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
if [ -n "$missing" ]; then
	if [ -n "${CI:-}" ]; then
		echo "FAIL: nagvis/installed: missing$missing (scripts/deps installs them)"
		exit 1
	fi
	echo "SKIP: nagvis: missing$missing (scripts/deps installs them)"
	exit 77
fi

eng_init nagvis
SOCK=$T/var/rw/live
eng_cfg "broker_module=/usr/lib/naemon/naemon-livestatus/livestatus.so $SOCK"
# no active checks: results come only through the command pipe; c1, the
# user NagVis is asked for, is a contact of every host but spare
eng_objects <<'OBJ'
define host {
	use			h-base
	host_name		web
	alias			Web server
	address			127.0.0.1
	active_checks_enabled	0
}
define host {
	use			h-base
	host_name		db
	alias			Database
	address			127.0.0.2
	parents			web
	active_checks_enabled	0
}
define host {
	use			h-base
	host_name		spare
	alias			Spare
	address			127.0.0.3
	parents			db
	active_checks_enabled	0
	contacts		null
}
define contactgroup {
	contactgroup_name	nagvis-admins
	alias			NagVis administrators
	members			c1
}
define hostgroup {
	hostgroup_name		shop
	alias			Shop
	members			web,db
}
define servicegroup {
	servicegroup_name	apps
	alias			Applications
	members			db,mysql,web,http
}
define service {
	use			s-base
	host_name		db
	service_description	mysql
	active_checks_enabled	0
	check_interval		60
}
define service {
	use			s-base
	host_name		web
	service_description	http
	active_checks_enabled	0
	check_interval		60
}
OBJ

# --- NagVis's own tree, configuration and map
NV=$T/nagvis
mkdir -p "$NV/share/server/core/defines" "$NV/etc/conf.d" "$NV/etc/maps" \
    "$NV/etc/profiles" "$NV/var/tmpl/cache" "$NV/var/tmpl/compile" "$NV/sessions"
for f in "$NV_SRC"/*; do
	case ${f##*/} in
	server) ;;
	*) ln -s "$f" "$NV/share/${f##*/}" ;;
	esac
done
mkdir -p "$NV/share/server"
for f in "$NV_SRC"/server/*; do
	[ "${f##*/}" = core ] || ln -s "$f" "$NV/share/server/${f##*/}"
done
for f in "$NV_SRC"/server/core/*; do
	case ${f##*/} in
	defines | ajax_handler.php) ;;
	*) ln -s "$f" "$NV/share/server/core/${f##*/}" ;;
	esac
done
# php-cgi runs a script in the directory it is in, and NagVis finds its
# files from there (../../server/core/...): the handler is copied, not linked
cp "$NV_SRC/server/core/ajax_handler.php" "$NV/share/server/core/"
for f in "$NV_SRC"/server/core/defines/*; do
	[ "${f##*/}" = global.php ] || ln -s "$f" "$NV/share/server/core/defines/${f##*/}"
done
sed -e "s|'/etc/nagvis/nagvis.ini.php'|'$NV/etc/nagvis.ini.php'|" \
    -e "s|'/var/cache/nagvis/nagvis-conf'|'$NV/var/nagvis-conf'|" \
    -e "s|'/etc/nagvis/conf.d'|'$NV/etc/conf.d'|" \
    -e 's|error_reporting(E_ALL ^ E_STRICT);|error_reporting(E_ALL \& ~E_STRICT \& ~E_DEPRECATED);|' \
    "$NV_SRC/server/core/defines/global.php" > "$NV/share/server/core/defines/global.php"
if ! grep -q "'$NV/etc/nagvis.ini.php'" "$NV/share/server/core/defines/global.php" ||
    ! grep -q "'$NV/var/nagvis-conf'" "$NV/share/server/core/defines/global.php" ||
    ! grep -q "E_DEPRECATED" "$NV/share/server/core/defines/global.php"; then
	fail nagvis/setup "server/core/defines/global.php names its configuration elsewhere than this test expects"
	eng_finish
fi

cat > "$NV/etc/nagvis.ini.php" <<INI
; <?php return 1; ?>
[global]
authmodule="CoreAuthModSQLite"
authorisationmodule="CoreAuthorisationModGroups"
authorisation_group_perms_file="$NV/etc/perms.json"
logonmodule="LogonEnv"
logonenvvar="REMOTE_USER"
logonenvcreateuser="1"
file_group="$(id -gn)"
file_mode="660"
language="en_US"

[paths]
base="$NV/"
htmlbase="/nagvis"
htmlcgi="/nagios/cgi-bin"
cfg="$NV/etc/"
mapcfg="$NV/etc/maps/"
profiles="$NV/etc/profiles"

[defaults]
backend="jaque"

[backend_jaque]
backendtype="mklivestatus"
socket="unix:$SOCK"
INI

cat > "$NV/etc/perms.json" <<'PERMS'
{
	"nagvis-admins": { "admin": 1 }
}
PERMS

cat > "$NV/etc/maps/shop.cfg" <<'MAP'
define global {
	alias=Shop
	backend_id=jaque
}
define host {
	object_id=hweb
	host_name=web
	x=100
	y=100
}
define host {
	object_id=hdb
	host_name=db
	x=200
	y=100
}
define host {
	object_id=hspare
	host_name=spare
	x=300
	y=100
}
define service {
	object_id=smysql
	host_name=db
	service_description=mysql
	x=200
	y=200
}
define hostgroup {
	object_id=gshop
	hostgroup_name=shop
	x=100
	y=300
}
define servicegroup {
	object_id=gapps
	servicegroup_name=apps
	x=200
	y=300
}
MAP

# a map NagVis draws from the hosts' parents (GET hosts, Columns: childs),
# and one of two dynamic groups, whose members are what a Livestatus filter
# in the map selects
cat > "$NV/etc/maps/auto.cfg" <<'MAP'
define global {
	sources=automap
	backend_id=jaque
	root=web
	render_mode=undirected
}
MAP
cat > "$NV/etc/maps/dyn.cfg" <<'MAP'
define global {
	backend_id=jaque
}
define dyngroup {
	object_id=dgprob
	name=db-problems
	object_types=service
	object_filter=Filter: state >= 1\nFilter: host_name ~ ^d\nAnd: 2\n
	x=10
	y=10
}
define dyngroup {
	object_id=dgdown
	name=down
	object_types=host
	object_filter=Filter: state = 1\n
	x=20
	y=10
}
MAP

# nagvis QUERY_STRING: the body of ajax_handler.php's answer (the CGI
# headers cut off) for the test's user, c1
nagvis() {
	env -i PATH="$PATH" GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET \
	    REDIRECT_STATUS=200 SERVER_NAME=localhost SERVER_PORT=80 \
	    HTTP_HOST=localhost HTTP_USER_AGENT=t_nagvis.sh REMOTE_ADDR=127.0.0.1 \
	    SCRIPT_NAME=/nagvis/server/core/ajax_handler.php \
	    SCRIPT_FILENAME="$NV/share/server/core/ajax_handler.php" \
	    REQUEST_URI="/nagvis/server/core/ajax_handler.php?$1" \
	    QUERY_STRING="$1" REMOTE_USER=c1 \
	    "$PHP_CGI" -d session.save_path="$NV/sessions" -d display_errors=stderr \
	    2>>"$T/php.err" | sed '1,/^\r\{0,1\}$/d'
}

# json_expect CASE FILE OBJECT.FIELD=VALUE...: in FILE (a list of NagVis
# objects in JSON), the object whose object_id, TYPE:NAME or (for the map
# itself) type is OBJECT has FIELD equal to VALUE (compared as JSON when
# VALUE parses as JSON - true, null, 2 - else as a string); the field
# "links" of the map is the pairs of host names its lines join
# ("db-spare db-web", sorted)
json_expect() {
	c_=$1
	f_=$2
	shift 2
	why_=$(python3 - "$f_" "$@" <<'PY' 2>&1
import json, sys
try:
    objs = json.load(open(sys.argv[1]))
except ValueError:
    print("not JSON: " + open(sys.argv[1]).read()[:2000])
    sys.exit(0)
if isinstance(objs, dict):
    print("not a list: " + json.dumps(objs)[:2000])
    sys.exit(0)
byid = {}
for o in objs:
    byid[o.get("object_id", o.get("type"))] = o
    if "name" in o:
        byid["%s:%s" % (o.get("type"), o["name"])] = o
names = dict((o["object_id"], o.get("name")) for o in objs if "object_id" in o)
links = []
for o in objs:
    if o.get("type") == "line":
        ends = [names.get(e.split("%")[0]) for e in str(o.get("x")).split(",")]
        links.append("-".join(sorted(str(e) for e in ends)))
if "map" in byid:
    byid["map"]["links"] = " ".join(sorted(links))
for want in sys.argv[2:]:
    key, value = want.split("=", 1)
    oid, field = key.split(".", 1)
    try:
        value = json.loads(value)
    except ValueError:
        pass
    if oid not in byid:
        print("no object %s among %s" % (oid, sorted(byid)))
    elif byid[oid].get(field) != value:
        print("%s.%s is %s, not %s" % (oid, field, json.dumps(byid[oid].get(field)),
                                       json.dumps(value)))
PY
)
	if [ -z "$why_" ]; then
		pass "nagvis/$c_"
	else
		fail "nagvis/$c_" "$(echo "$why_" | head -n 8 | tr '\n' ';')"
	fi
}

eng_start || { fail nagvis/start "jaque did not start"; eng_finish; }
eng_wait_log "livestatus: listening on $SOCK" 10 || { fail nagvis/socket "no Livestatus socket"; eng_finish; }

# cmd LINE...: send the external commands through the pipe
cmd() {
	now=$(date +%s)
	for l in "$@"; do
		printf '[%s] %s\n' "$now" "$l"
	done > "$T/var/rw/nagios.cmd"
}

# settled CASE QUERY WANT: wait (10 s at most) until jaque answers QUERY
# with WANT (the repr of the bytes), so that NagVis is asked once the
# commands are done
settled() {
	i=0
	while [ "$i" -lt 100 ]; do
		got_=$(python3 "$top/tests/tools/lsclient.py" "$SOCK" ask "$2" 2>&1)
		[ "$got_" = "$3" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	fail "nagvis/$1" "jaque did not get there: $got_"
}

cmd "PROCESS_HOST_CHECK_RESULT;web;0;PING OK - web answers" \
    "PROCESS_HOST_CHECK_RESULT;db;1;PING CRITICAL - Packet loss = 100%" \
    "PROCESS_SERVICE_CHECK_RESULT;db;mysql;2;MYSQL CRITICAL - cannot connect" \
    "PROCESS_SERVICE_CHECK_RESULT;web;http;0;HTTP OK - 200"
settled results 'GET services\nColumns: host_name state has_been_checked\n' \
    "b'db;2;1\\nweb;0;1\\n'"
settled host_results 'GET hosts\nColumns: name state has_been_checked\n' \
    "b'db;1;1\\nspare;0;0\\nweb;0;1\\n'"

nagvis 'mod=Map&act=getMapObjects&show=shop' > "$T/objects.json"
json_expect map_objects "$T/objects.json" \
    'hweb.type=host' 'hweb.name=web' 'hweb.alias=Web server' 'hweb.address=127.0.0.1' \
    'hweb.state=UP' 'hweb.output=PING OK - web answers' 'hweb.state_type=HARD' \
    'hweb.summary_state=UP' 'hweb.problem_has_been_acknowledged=false' \
    'hdb.name=db' 'hdb.state=DOWN' 'hdb.output=PING CRITICAL - Packet loss = 100%' \
    'hdb.summary_state=DOWN' 'hdb.stale=false' \
    'hspare.name=spare' 'hspare.state=UNCHECKED' \
    'smysql.type=service' 'smysql.name=db' 'smysql.service_description=mysql' \
    'smysql.state=CRITICAL' 'smysql.output=MYSQL CRITICAL - cannot connect' \
    'smysql.stale=false' 'smysql.max_check_attempts=3' \
    'gshop.type=hostgroup' 'gshop.name=shop' 'gshop.alias=Shop' 'gshop.summary_state=DOWN' \
    'gshop.summary_output=Contains 1 UP, 1 DOWN Hosts and 1 OK, 1 CRITICAL Services.' \
    'map.name=shop' 'map.summary_state=DOWN' \
    'map.summary_output=Contains 2 CRITICAL, 2 DOWN, 1 UP, 1 UNCHECKED Objects.' \
    'gapps.type=servicegroup' 'gapps.alias=Applications' 'gapps.summary_state=CRITICAL' \
    'gapps.summary_output=Contains 1 OK, 1 CRITICAL Services.'

nagvis 'mod=Map&act=getMapObjects&show=auto' > "$T/auto.json"
json_expect automap "$T/auto.json" 'map.links=db-spare db-web' \
    'host:web.state=UP' 'host:db.state=DOWN' 'host:spare.state=UNCHECKED' \
    'map.summary_output=Contains 1 DOWN, 1 UP, 1 UNCHECKED Objects.'
nagvis 'mod=Map&act=getMapObjects&show=dyn' > "$T/dyn.json"
json_expect dyngroups "$T/dyn.json" \
    'dgprob.num_members=1' 'dgprob.summary_state=CRITICAL' \
    'dgdown.num_members=1' 'dgdown.summary_state=DOWN' \
    'map.summary_output=Contains 1 CRITICAL, 1 DOWN Objects.'

# new results, an acknowledgement and a downtime: what the map shows next
now=$(date +%s)
cmd "PROCESS_HOST_CHECK_RESULT;web;1;PING CRITICAL - web is gone" \
    "ACKNOWLEDGE_HOST_PROBLEM;web;1;0;0;ops;on it" \
    "PROCESS_HOST_CHECK_RESULT;db;0;PING OK - db is back" \
    "PROCESS_SERVICE_CHECK_RESULT;db;mysql;0;MYSQL OK - 3 threads" \
    "PROCESS_HOST_CHECK_RESULT;spare;0;PING OK - spare" \
    "SCHEDULE_HOST_DOWNTIME;spare;$((now - 5));$((now + 3600));1;0;3600;ops;new disk"
settled new_results 'GET hosts\nColumns: name state acknowledged scheduled_downtime_depth\n' \
    "b'db;0;0;0\\nspare;0;0;1\\nweb;1;1;0\\n'"
settled new_service 'GET services\nColumns: host_name state\nFilter: state != 0\n' "b''"

nagvis 'mod=Map&act=getObjectStates&show=shop&ty=state' > "$T/states.json"
json_expect map_states "$T/states.json" \
    'hweb.state=DOWN' 'hweb.output=PING CRITICAL - web is gone' \
    'hweb.problem_has_been_acknowledged=true' 'hweb.summary_state=DOWN' \
    'hweb.icon=std_medium_down_ack.png' 'hspare.icon=std_medium_up_dt.png' \
    'hdb.state=UP' 'hdb.output=PING OK - db is back' \
    'hdb.summary_output=The Host is UP. Contains 1 OK Services.' \
    'hspare.state=UP' 'hspare.in_downtime=true' 'hspare.downtime_author=ops' \
    'hspare.downtime_data=new disk' \
    'smysql.state=OK' 'smysql.output=MYSQL OK - 3 threads' \
    'gshop.summary_state=DOWN' 'gshop.summary_problem_has_been_acknowledged=1' \
    'gshop.summary_output=Contains 1 UP, 1 DOWN Hosts and 2 OK Services.' \
    'gapps.summary_state=OK' 'gapps.summary_output=Contains 2 OK Services.'

# only some objects (as the map's page asks for those that changed)
nagvis 'mod=Map&act=getObjectStates&show=shop&ty=state&i[]=hdb&i[]=smysql' > "$T/some.json"
json_expect map_some_states "$T/some.json" 'hdb.state=UP' 'smysql.state=OK'
n=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$T/some.json" 2>&1)
if [ "$n" = 2 ]; then
	pass nagvis/map_some_count
else
	fail nagvis/map_some_count "$n objects, not 2"
fi

nagvis 'mod=Map&act=getObjectStates&show=shop&ty=summary' > "$T/summary.json"
json_expect map_summary "$T/summary.json" 'map.summary_state=DOWN' \
    'map.summary_output=Contains 2 DOWN, 2 UP, 2 OK Objects.' \
    'map.summary_problem_has_been_acknowledged=1'

# with only_permitted_objects NagVis adds "AuthUser: c1" to its queries:
# spare, of which c1 is no contact, is no longer found; the rest is as before
# (NagVis keeps its configuration in a cache that the new file in conf.d
# invalidates only a second later: it is removed)
printf '[global]\nonly_permitted_objects=1\n' > "$NV/etc/conf.d/permitted.ini.php"
rm -f "$NV"/var/nagvis-conf-*
nagvis 'mod=Map&act=getObjectStates&show=shop&ty=state' > "$T/permitted.json"
json_expect auth_user "$T/permitted.json" \
    'hspare.summary_state=ERROR' \
    'hspare.summary_output=Problem (Backend: jaque): The object &quot;spare&quot; does not exist (host).' \
    'hweb.state=DOWN' 'hdb.state=UP' 'smysql.state=OK' 'gshop.summary_state=DOWN' \
    'gapps.summary_state=OK'

if [ -s "$T/php.err" ]; then
	fail nagvis/php "php-cgi printed errors"
	sed 's/^/  | /' "$T/php.err" | head -n 20
else
	pass nagvis/php
fi
eng_finish

#!/bin/sh
# t_statusdat_clients.sh: jaque's status.dat and objects.cache read by the
# real Nagios 4.4.6 clients (Debian's nagios4 and nagios4-cgi).
#
# The unit test binary tests/unit/test_statusdat, run with
# JAQUE_STATUSDAT_CFG=<nagios.cfg>, reads the configuration made here
# (three hosts, four services, two contacts), gives every object a known
# state (host i: UP/DOWN/UNREACHABLE by i % 3 in name order, service j:
# OK/WARNING/CRITICAL/UNKNOWN by j % 4 in host-then-description order,
# output "jaque host <name> state <n>" / "jaque svc <desc> state <n>"),
# adds a host comment on the first host, a service comment on the first
# service, a fixed downtime in effect on the second host and a flexible one
# (not yet in effect) on the last service, and writes objects.cache and
# status.dat where the configuration says.  Then:
#   - statusjson.cgi (hostlist, servicelist, commentlist, downtimelist,
#     programstatus; cgi.cfg found through NAGIOS_CGI_CONFIG, REMOTE_USER
#     authorised for everything) must show every host and service with its
#     state, output and the comments and downtimes;
#   - status.cgi and extinfo.cgi must show the outputs, comments, downtimes;
#   - nagios4stats -c nagios.cfg must count them, and read the check
#     statistics (one scheduled check per object, two external commands);
#   - when nagios4 can run here, the real daemon runs a few seconds on the
#     same configuration with the same comments and downtimes submitted
#     through its command pipe, and the structure of its status.dat (the
#     section and key order, values blanked) must equal jaque's.
#
# Output: "PASS: statusdat_clients/<check>" or "FAIL: ..." lines; exit 1
# when one failed, 77 (skipped) when the clients or the test binary are
# missing.
#
# Environment:
#   TEST_STATUSDAT  the test binary (default <BUILD_DIR, abs_top_builddir or build/check>/tests/unit/test_statusdat)
#   NAGIOS          the reference daemon (default /usr/sbin/nagios4); NAGIOS=none skips that part
#   CGI_DIR         the CGIs (default /usr/lib/cgi-bin/nagios4)
#   NAGIOSTATS      default /usr/sbin/nagios4stats
#   KEEP_TMP        1: keep the temporary directory
#
# SPDX-License-Identifier: GPL-2.0-or-later

set -u

here=$(cd "$(dirname "$0")" && pwd)
top=${srcdir:-$(cd "$here/../.." && pwd)}
bin=${TEST_STATUSDAT:-${BUILD_DIR:-${abs_top_builddir:-$top/build/check}}/tests/unit/test_statusdat}
nagios=${NAGIOS:-/usr/sbin/nagios4}
cgidir=${CGI_DIR:-/usr/lib/cgi-bin/nagios4}
nstats=${NAGIOSTATS:-/usr/sbin/nagios4stats}

for need in "$bin" "$cgidir/statusjson.cgi" "$cgidir/status.cgi" "$cgidir/extinfo.cgi" "$nstats"; do
	if [ ! -x "$need" ]; then
		echo "SKIP: statusdat_clients: $need not found"
		exit 77
	fi
done
command -v python3 >/dev/null 2>&1 || { echo "SKIP: statusdat_clients: no python3"; exit 77; }

tmp=$(mktemp -d /tmp/jaque-statusdat-XXXXXX)
nagpid=""
cleanup() {
	[ -n "$nagpid" ] && kill "$nagpid" 2>/dev/null
	[ "${KEEP_TMP:-0}" = 1 ] && echo "kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT

failed=0
pass() { echo "PASS: statusdat_clients/$1"; }
fail() {
	echo "FAIL: statusdat_clients/$1"
	shift
	for l in "$@"; do echo "    $l"; done
	failed=1
}

user=$(id -un)
group=$(id -gn)

# one configuration per program: jaque's files in $tmp/j, the daemon's in $tmp/n
mkconf() {
	d=$1
	mkdir -p "$d/var" "$d/spool"
	cat >"$d/nagios.cfg" <<EOF
log_file=$d/var/nagios.log
cfg_file=$d/objects.cfg
object_cache_file=$d/var/objects.cache
status_file=$d/var/status.dat
status_update_interval=1
nagios_user=$user
nagios_group=$group
check_external_commands=1
command_file=$d/var/nagios.cmd
lock_file=$d/var/nagios.pid
temp_file=$d/var/nagios.tmp
temp_path=$d/var
check_result_path=$d/spool
state_retention_file=$d/var/retention.dat
retain_state_information=0
use_syslog=0
interval_length=1
check_for_updates=0
EOF
	cat >"$d/objects.cfg" <<'EOF'
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
	command_name ok
	command_line /bin/true
}
define command {
	command_name crit
	command_line /bin/false
}
define contact {
	contact_name jdoe
	alias J. Doe
	host_notification_period 24x7
	service_notification_period 24x7
	host_notification_commands ok
	service_notification_commands ok
	_PAGER 555-1234
}
define contact {
	contact_name zed
	host_notification_period 24x7
	service_notification_period 24x7
	host_notification_commands ok
	service_notification_commands ok
	host_notifications_enabled 0
}
define host {
	host_name alpha
	address 127.0.0.1
	check_command ok
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 3
	check_interval 300
	_MAC 00:11:22
	_EMPTY null
}
define host {
	host_name beta
	address 127.0.0.2
	check_command crit
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 1
	check_interval 300
}
define host {
	host_name gamma
	address 127.0.0.3
	parents alpha
	check_command ok!arg1
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 2
	check_interval 300
}
define service {
	host_name alpha
	service_description PING
	check_command ok
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 3
	check_interval 300
	_SNMP public
}
define service {
	host_name alpha
	service_description Disk
	check_command crit
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 1
	check_interval 300
}
define service {
	host_name beta
	service_description HTTP
	check_command crit
	check_period 24x7
	notification_period 24x7
	contacts jdoe
	max_check_attempts 1
	check_interval 300
}
define service {
	host_name gamma
	service_description SSH
	check_command ok
	check_period 24x7
	notification_period 24x7
	contacts jdoe,zed
	max_check_attempts 2
	check_interval 300
}
EOF
	cat >"$d/cgi.cfg" <<EOF
main_config_file=$d/nagios.cfg
physical_html_path=/usr/share/nagios4/htdocs
url_html_path=/nagios4
use_authentication=1
authorized_for_system_information=jdoe
authorized_for_configuration_information=jdoe
authorized_for_all_services=jdoe
authorized_for_all_hosts=jdoe
EOF
}

j=$tmp/j
mkconf "$j"
if ! JAQUE_STATUSDAT_CFG=$j/nagios.cfg "$bin" >"$tmp/write.out" 2>&1; then
	fail write "the test binary could not write the files:" "$(cat "$tmp/write.out")"
	exit 1
fi
pass write

cgi() { # cgi <name> <query>
	NAGIOS_CGI_CONFIG=$j/cgi.cfg REMOTE_USER=jdoe REQUEST_METHOD=GET QUERY_STRING=$2 \
	    "$cgidir/$1" 2>&1
}

for q in hostlist servicelist commentlist downtimelist programstatus; do
	cgi statusjson.cgi "query=$q&details=true" | sed '1,/^\r\{0,1\}$/d' >"$tmp/$q.json"
done

# statusjson's status codes: hosts 2/4/8 = UP/DOWN/UNREACHABLE, services
# 2/4/16/8 = OK/WARNING/CRITICAL/UNKNOWN
if out=$(python3 - "$tmp" <<'EOF' 2>&1
import json, sys
d = sys.argv[1]
def load(q):
    with open(f"{d}/{q}.json") as f:
        j = json.load(f)
    if j["result"]["type_text"] != "Success":
        raise SystemExit(f"{q}: {j['result']}")
    return j["data"]
bad = []
hosts = load("hostlist")["hostlist"]
want_h = {"alpha": 0, "beta": 1, "gamma": 2}
if sorted(hosts) != sorted(want_h):
    bad.append(f"hosts {sorted(hosts)}")
for name, st in want_h.items():
    h = hosts.get(name, {})
    if h.get("status") != (2, 4, 8)[st] or h.get("plugin_output") != f"jaque host {name} state {st}" \
       or h.get("has_been_checked") is not True or h.get("state_type") != 1:
        bad.append(f"host {name}: {h.get('status')} {h.get('plugin_output')!r}")
    depth = 1 if name == "beta" else 0
    if h.get("scheduled_downtime_depth") != depth:
        bad.append(f"host {name}: downtime depth {h.get('scheduled_downtime_depth')}")
svcs = load("servicelist")["servicelist"]
order = [("alpha", "Disk"), ("alpha", "PING"), ("beta", "HTTP"), ("gamma", "SSH")]
got = sorted((h, s) for h in svcs for s in svcs[h])
if got != sorted(order):
    bad.append(f"services {got}")
for i, (h, s) in enumerate(order):
    v = svcs.get(h, {}).get(s, {})
    st = i % 4
    if v.get("status") != (2, 4, 16, 8)[st] or v.get("plugin_output") != f"jaque svc {s} state {st}" \
       or v.get("long_plugin_output") != "second line\nthird \\ line" or v.get("perf_data") != f"t={i}":
        bad.append(f"service {h};{s}: {v.get('status')} {v.get('plugin_output')!r} "
                   f"{v.get('long_plugin_output')!r} {v.get('perf_data')!r}")
cl = load("commentlist")["commentlist"]
texts = {(c["host_name"], c.get("service_description"), c["comment_data"]) for c in cl.values()}
for want in [("alpha", None, "jaque host comment"), ("alpha", "Disk", "jaque service comment")]:
    if want not in texts:
        bad.append(f"comment {want} missing from {sorted(map(str, texts))}")
if not any(c["host_name"] == "beta" and c["entry_type"] == 2 for c in cl.values()):
    bad.append("no downtime comment on beta")
dl = load("downtimelist")["downtimelist"]
dts = {(x["host_name"], x.get("service_description")): x for x in dl.values()}
b = dts.get(("beta", None))
if b is None or b["comment"] != "jaque host downtime" or b["is_in_effect"] is not True or b["fixed"] is not True:
    bad.append(f"host downtime {b}")
s = dts.get(("gamma", "SSH"))
if s is None or s["comment"] != "jaque service downtime" or s["is_in_effect"] is not False \
   or s["fixed"] is not False or s["duration"] != 600:
    bad.append(f"service downtime {s}")
ps = load("programstatus")["programstatus"]
if ps.get("nagios_pid") is None or ps.get("version") != "4.4.6":
    bad.append(f"programstatus {ps}")
if bad:
    print("\n".join(bad))
    sys.exit(1)
EOF
); then
	pass statusjson
else
	fail statusjson "$out"
fi

page=$(cgi status.cgi 'host=all&style=detail')
miss=""
for t in "jaque svc Disk state 0" "jaque svc PING state 1" "jaque svc HTTP state 2" \
    "jaque svc SSH state 3"; do
	case $page in *"$t"*) ;; *) miss="$miss [$t]" ;; esac
done
page=$(cgi extinfo.cgi 'type=3')
for t in "jaque host comment" "jaque service comment"; do
	case $page in *"$t"*) ;; *) miss="$miss [$t]" ;; esac
done
page=$(cgi extinfo.cgi 'type=6')
for t in "jaque host downtime" "jaque service downtime"; do
	case $page in *"$t"*) ;; *) miss="$miss [$t]" ;; esac
done
if [ -z "$miss" ]; then pass html; else fail html "missing:$miss"; fi

got=$("$nstats" -c "$j/nagios.cfg" -m -d \
    NUMHOSTS,NUMSERVICES,NUMHSTUP,NUMHSTDOWN,NUMHSTUNR,NUMSVCOK,NUMSVCWARN,NUMSVCCRIT,NUMSVCUNKN,NUMHSTCHECKED,NUMSVCCHECKED,NUMHSTDOWNTIME,NUMSVCDOWNTIME,NAGIOSVERSION,NUMSACTHSTCHECKS1M,NUMPARHSTCHECKS15M,NUMSACTSVCCHECKS5M,NUMEXTCMDS1M \
    2>&1 | tr '\n' ' ')
want="3 4 1 1 1 1 1 1 1 3 4 1 0 4.4.6 3 3 4 2 "
if [ "$got" = "$want" ]; then pass nagiostats; else fail nagiostats "got:  $got" "want: $want"; fi

# ---- the real daemon's status.dat, same objects, same comments and downtime ----
skel() { sed -E 's/^(	[^=]+)=.*/\1=/' "$1"; }
if [ "$nagios" = none ] || [ ! -x "$nagios" ]; then
	echo "SKIP: statusdat_clients/structure: no nagios4"
else
	n=$tmp/n
	mkconf "$n"
	"$nagios" "$n/nagios.cfg" >"$tmp/nagios.out" 2>&1 &
	nagpid=$!
	i=0
	while [ ! -p "$n/var/nagios.cmd" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
	now=$(date +%s)
	{
		printf '[%s] ADD_HOST_COMMENT;alpha;1;jdoe;jaque host comment\n' "$now"
		printf '[%s] ADD_SVC_COMMENT;alpha;Disk;0;jdoe;jaque service comment\n' "$now"
		printf '[%s] SCHEDULE_HOST_DOWNTIME;beta;%s;%s;1;0;0;jdoe;jaque host downtime\n' \
		    "$now" "$((now - 30))" "$((now + 3600))"
		printf '[%s] SCHEDULE_SVC_DOWNTIME;gamma;SSH;%s;%s;0;0;600;jdoe;jaque service downtime\n' \
		    "$now" "$((now + 60))" "$((now + 7200))"
	} >"$tmp/cmds"
	[ -p "$n/var/nagios.cmd" ] && timeout 10 sh -c "cat '$tmp/cmds' >'$n/var/nagios.cmd'"
	i=0
	while [ $i -lt 60 ]; do
		if [ -f "$n/var/status.dat" ] && grep -q '^servicedowntime {' "$n/var/status.dat" &&
		    grep -q 'has_been_checked=1' "$n/var/status.dat"; then
			cp "$n/var/status.dat" "$tmp/nagios-status.dat"
			break
		fi
		sleep 0.5
		i=$((i + 1))
	done
	kill "$nagpid" 2>/dev/null
	wait "$nagpid" 2>/dev/null
	nagpid=""
	if [ ! -f "$tmp/nagios-status.dat" ]; then
		echo "SKIP: statusdat_clients/structure: nagios4 wrote no status.dat with the downtime"
		sed 's/^/    /' "$tmp/nagios.out" | tail -5
	elif skel "$tmp/nagios-status.dat" >"$tmp/skel.nagios" &&
	    skel "$j/var/status.dat" >"$tmp/skel.jaque" &&
	    diff "$tmp/skel.nagios" "$tmp/skel.jaque" >"$tmp/skel.diff"; then
		pass structure
	else
		fail structure "section/key order differs (< nagios4, > jaque):" \
		    "$(head -20 "$tmp/skel.diff")"
	fi
fi

exit $failed

#!/bin/sh
# t_gearman_netns.sh: checks that really run elsewhere.  Two network
# namespaces made by the test, each joined to this machine by a veth pair,
# each with a worker for one host group's queue (the first the gearman tool
# with gm_worker.py, the second jaque --gearman-worker); gearmand listens on this machine's end of the first pair
# (the second namespace reaches it through its own pair: the machine
# answers on all its addresses).  jaque sends the checks of the hosts in
# each group to hostgroup_<name>, as mod_gearman's hostgroups= option
# does; each check prints the namespace it ran in, so the test sees that
# every check ran in its group's namespace, and none here.  Needs root,
# the ip tool (iproute2), gearmand, the gearman tool and openssl; skipped
# without them.
#
# SPDX-License-Identifier: GPL-2.0-or-later
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib_engine.sh"

GEARMAND=/usr/sbin/gearmand
if [ "$(id -u)" != 0 ] || ! command -v ip > /dev/null || [ ! -x "$GEARMAND" ] ||
    ! command -v gearman > /dev/null || ! command -v openssl > /dev/null; then
	echo "SKIP: gearman_netns: needs root, ip (iproute2), gearmand, the gearman tool and openssl"
	exit 77
fi

# names and addresses of this run's own: namespaces, links, two /30 nets
n=$(($$ % 250 + 1))
ns1=jqgw1-$$ ns2=jqgw2-$$
v1=jqa$$ v2=jqb$$
a1=10.231.$n a2=10.232.$n
made=
gpids=
gd=
cleanup_netns() {
	for p in $gpids; do kill "$p" 2>/dev/null; done
	[ -n "$gd" ] && kill "$gd" 2>/dev/null
	[ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null
	wait 2>/dev/null
	for ns in $made; do ip netns del "$ns" 2>/dev/null; done
	ip link del "$v1" 2>/dev/null
	ip link del "$v2" 2>/dev/null
}
trap cleanup_netns EXIT

# make_ns NS LINK NET: a namespace NS whose address is NET.2, this machine's NET.1
make_ns() {
	ip netns add "$1" || return 1
	made="$made $1"
	ip link add "$2" type veth peer name "$2p" || return 1
	ip link set "$2p" netns "$1" || return 1
	ip addr add "$3.1/30" dev "$2" || return 1
	ip link set "$2" up || return 1
	ip -n "$1" addr add "$3.2/30" dev "$2p" || return 1
	ip -n "$1" link set "$2p" up || return 1
	ip -n "$1" link set lo up || return 1
	ip -n "$1" route add default via "$3.1" || return 1
}
if ! make_ns "$ns1" "$v1" "$a1" 2> /dev/null || ! make_ns "$ns2" "$v2" "$a2" 2> /dev/null; then
	echo "SKIP: gearman_netns: network namespaces cannot be made here"
	exit 77
fi

eng_init gearman_netns
port=$(eng_free_port)
KEY=jaque-netns-key
gm=$a1.1
eng_cfg "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o server=$gm:$port encryption=yes key=$KEY hostgroups=dc1,dc2" \
	status_update_interval=1
# $(ip netns identify $$): the namespace the check's shell runs in ("" here)
eng_objects <<'OBJ'
define command {
	command_name	where
	command_line	/bin/sh -c 'echo "OK - ran in [$$(ip netns identify $$$$)]"'
}
define hostgroup {
	hostgroup_name	dc1
	members		web1,web2
}
define hostgroup {
	hostgroup_name	dc2
	members		db1
}
define host {
	use		h-base
	name		hw
	register	0
	address		127.0.0.1
	check_command	where
	check_interval	1
	max_check_attempts	1
}
define host {
	use		hw
	host_name	web1
}
define host {
	use		hw
	host_name	web2
}
define host {
	use		hw
	host_name	db1
}
define service {
	use			s-base
	hostgroup_name		dc1,dc2
	service_description	where
	check_command		where
	max_check_attempts	1
}
OBJ

"$GEARMAND" -L "$gm" -p "$port" -t 1 -l /dev/null &
gd=$!
eng_wait_port "$port" "$gm" || { fail gearmand "gearmand did not start on $gm:$port"; eng_finish; }
# worker NS QUEUE: the stand-in worker for QUEUE, in namespace NS, sending results to gearmand
worker() {
	ip netns exec "$1" gearman -h "$gm" -p "$port" -w -f "$2" -- \
	    python3 "$here/gm_worker.py" "$gm" "$port" "$KEY" 2>> "$T/worker.err" &
	gpids="$gpids $!"
}
worker "$ns1" hostgroup_dc1
# the second namespace runs jaque's own worker, with mod_gearman_worker's options
cat > "$T/worker.cfg" <<EOF
server=$gm:$port
encryption=yes
key=$KEY
hostgroups=dc2
logfile=$T/jqworker.log
EOF
ip netns exec "$ns2" "$JAQUE" --gearman-worker "$T/worker.cfg" 2>> "$T/worker.err" &
gpids="$gpids $!"
eng_start || fail start "jaque did not start"

# output_of HOST [SERVICE]: the host's or the service's plugin_output in status.dat
output_of() {
	awk -v h="$1" -v s="${2:-}" '
		/^hoststatus \{/ { inb = (s == ""); mine = 0; next }
		/^servicestatus \{/ { inb = (s != ""); mine = 0; sv = 0; next }
		/^\t}/ { inb = 0 }
		inb && $0 == "\thost_name=" h { mine = 1 }
		inb && $0 == "\tservice_description=" s { sv = 1 }
		inb && mine && (s == "" || sv) && /^\tplugin_output=/ { sub(/^[^=]*=/, ""); out = $0 }
		/^\t}/ { if (out != "") { print out; exit } }
	' "$T/var/status.dat" 2>/dev/null
}
# wait_output WANT HOST [SERVICE]
wait_output() {
	want=$1
	shift
	for _ in $(seq 200); do
		[ "$(output_of "$@")" = "$want" ] && return 0
		sleep 0.1
	done
	return 1
}
for h in web1 web2 db1; do
	case $h in db1) ns=$ns2 g=dc2 ;; *) ns=$ns1 g=dc1 ;; esac
	if wait_output "OK - ran in [$ns]" "$h"; then
		pass "host $h (group $g) is checked in namespace $ns"
	else
		fail "$h" "says '$(output_of "$h")'"
	fi
	if wait_output "OK - ran in [$ns]" "$h" where; then
		pass "service $h/where (group $g) is checked in namespace $ns"
	else
		fail "$h-where" "says '$(output_of "$h" where)'"
	fi
done
# the same check run here names no namespace: the ones above did not run here
here_out=$(/bin/sh -c 'echo "OK - ran in [$(ip netns identify $$)]"')
if [ "$here_out" = "OK - ran in []" ]; then
	pass "the check names no namespace when it runs on this machine"
else
	fail here "here it says '$here_out'"
fi
eng_stop
eng_finish

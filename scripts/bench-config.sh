#!/bin/bash
# scripts/bench-config.sh N [N...]: generate an estate of N objects (N/2
# hosts, N/2 services, with host and service templates, a hostgroup per
# 100 hosts) and time `jaque -v` against `nagios4 -v` on the same files,
# printing wall time and peak RSS of each.  A benchmark, not a test: it
# asserts nothing.  JAQUE overrides the binary (default build/check/jaque,
# built if missing).  The estate lives in a temp dir, removed at the end
# unless BENCH_KEEP=1 (then its path is printed, for profiling).  Each
# engine runs RUNS times (default 5), alternating, after one warm-up run
# each; every run is printed, and the ratios use the median time and the
# highest peak RSS of each.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

[ $# -ge 1 ] || { echo "usage: $0 N [N...]" >&2; exit 2; }
JAQUE=${JAQUE:-$root/build/check/jaque}
if [ ! -x "$JAQUE" ]; then
	scripts/deps
	[ -f configure ] || autoreconf -fi >/dev/null
	mkdir -p build/check
	(cd build/check && { [ -f Makefile ] || ../../configure -q; } && make -s -j2 jaque)
fi
command -v nagios4 >/dev/null || scripts/deps
[ -x /usr/bin/time ] || scripts/deps

gen() { # dir n
	local dir=$1 n=$2 hosts=$(( $2 / 2 )) svcs=$(( $2 - $2 / 2 ))
	mkdir -p "$dir/objects" "$dir/var"
	chmod 755 "$dir"
	chmod 777 "$dir/var"
	cat > "$dir/nagios.cfg" <<CFG
log_file=$dir/var/nagios.log
cfg_dir=$dir/objects
resource_file=$dir/resource.cfg
temp_path=$dir/var
check_result_path=$dir/var
precached_object_file=$dir/var/objects.precache
object_cache_file=$dir/var/objects.cache
status_file=$dir/var/status.dat
illegal_macro_output_chars=\`~\$&|'"<>
nagios_user=$(id -un)
nagios_group=$(id -gn)
CFG
	echo '$USER1$=/usr/lib/nagios/plugins' > "$dir/resource.cfg"
	cat > "$dir/objects/base.cfg" <<'CFG'
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
			printf "define hostgroup {\n\thostgroup_name hg%d\n\talias group %d\n}\n", i / 100, i / 100 > (dir "/objects/groups.cfg")
		for (i = 0; i < hosts; i++)
			printf "define host {\n\tuse generic-host\n\thost_name h%d\n\taddress 127.0.0.1\n\thostgroups hg%d\n\t_ID %d\n}\n", i, int(i / 100), i > (dir "/objects/hosts.cfg")
		for (i = 0; i < svcs; i++)
			printf "define service {\n\tuse generic-service\n\thost_name h%d\n\tservice_description tcp-%d\n\tcheck_command check_tcp!%d\n}\n", i % hosts, i, 1024 + i % 1000 > (dir "/objects/services.cfg")
	}'
}

# prints "seconds peak_kb" of one run of cmd...
measure() {
	local out
	out=$(mktemp)
	/usr/bin/time -f '%e %M' -o "$out" "$@" >/dev/null 2>&1 || true
	tail -1 "$out"
	rm -f "$out"
}

for n in "$@"; do
	dir=$(mktemp -d /tmp/jaque-bench-XXXXXX)
	[ -n "${BENCH_KEEP:-}" ] || trap 'rm -rf "$dir"' EXIT
	gen "$dir" "$n"
	# the estate's pages written out first, so writeback does not run during the timings
	sync
	echo "== $n objects ($(( n / 2 )) hosts, $(( n - n / 2 )) services): $(date -u +%FT%TZ)"
	# one run each to warm the page cache, then the measured runs
	"$JAQUE" -v "$dir/nagios.cfg" >/dev/null 2>&1 || true
	nagios4 -v "$dir/nagios.cfg" >/dev/null 2>&1 || true
	jt=() gt=() jk=0 gk=0
	for ((r = 1; r <= ${RUNS:-5}; r++)); do
		read -r s k <<< "$(measure "$JAQUE" -v "$dir/nagios.cfg")"
		jt+=("$s")
		(( k > jk )) && jk=$k
		read -r s k <<< "$(measure nagios4 -v "$dir/nagios.cfg")"
		gt+=("$s")
		(( k > gk )) && gk=$k
	done
	js=$(printf '%s\n' "${jt[@]}" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
	gs=$(printf '%s\n' "${gt[@]}" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
	printf 'jaque   -v: %7.2f s  peak RSS %8.1f MB  (runs: %s s)\n' "$js" \
	    "$(awk -v k="$jk" 'BEGIN{print k/1024}')" "${jt[*]}"
	printf 'nagios4 -v: %7.2f s  peak RSS %8.1f MB  (runs: %s s)\n' "$gs" \
	    "$(awk -v k="$gk" 'BEGIN{print k/1024}')" "${gt[*]}"
	awk -v js="$js" -v gs="$gs" -v jk="$jk" -v gk="$gk" -v n="$n" 'BEGIN {
		printf "ratio jaque/nagios4: time %.3f  memory %.3f\n", (gs > 0 ? js / gs : 0), (gk > 0 ? jk / gk : 0)
		printf "peak bytes per object: jaque %.0f  nagios4 %.0f\n", jk * 1024 / n, gk * 1024 / n }'
	"$JAQUE" -v "$dir/nagios.cfg" | grep -E 'Checked [0-9]+ (services|hosts)\.|Total|Things' | tr '\n' ' '
	echo
	if [ -n "${BENCH_KEEP:-}" ]; then
		echo "estate kept in $dir"
	else
		rm -rf "$dir"
	fi
	trap - EXIT
done

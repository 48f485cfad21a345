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
#
# SPDX-License-Identifier: GPL-2.0-or-later
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
	local dir=$1 n=$2
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
	scripts/gen-estate.sh "$dir/objects" "$n"
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

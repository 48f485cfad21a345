#!/bin/bash
# contrib/bench-compare/run.sh [SOAK]: the like-for-like table (`just
# bench-compare`): every engine present at 2 000 objects, then at 10 000
# (the plugin rows: nagios4, naemon, icinga2, jaque), then jaque-builtin at
# 10 000, one cell at a time with SOAK seconds (default 300) after the
# warm-up, then the table (contrib/bench-compare/table.sh).  An engine that
# is not installed is skipped with its reason (Naemon needs NAEMON_SRC or
# an earlier build); the rows of these cells from an earlier run are
# removed first, so the table holds this run only.  The machine should be
# otherwise idle: every cell saturates what it measures.  SIZES ("2000
# 10000") and BUILTIN_SIZES ("10000") change the objects counts, set
# empty for no such cells (before 2026-12-04 an empty BUILTIN_SIZES ran
# the default built-in cell all the same) (a quick
# try of the kit: SIZES=200 BUILTIN_SIZES=200 WARMUP=20 run.sh 30); the
# environment reaches scripts/bench-compare.sh (WARMUP, NAEMON_SRC, OUT
# for the rows' directory, INTERVAL for the overload rows, ...).  The
# overload table (`just bench-compare-overload`): INTERVAL=10 SIZES=10000
# BUILTIN_SIZES= run.sh: 10 000 objects every 10 s, 1 000 checks a second,
# more than two CPUs can start as processes here.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
soak=${1:-300}
cells=()
for n in ${SIZES-2000 10000}; do
	for e in nagios4 naemon icinga2 jaque; do cells+=("$e $n"); done
done
for n in ${BUILTIN_SIZES-10000}; do cells+=("jaque-builtin $n"); done
out=${OUT:-build/bench-compare}
suffix=
[ "${INTERVAL:-60}" = 60 ] || suffix=-i$INTERVAL
for c in "${cells[@]}"; do
	rm -f "$out/${c% *}-${c#* }$suffix".{json,md} "$out/${c% *}-${c#* }$suffix-rec".{json,md}
done
failed=()
first=1
for c in "${cells[@]}"; do
	# a pause between cells, so one engine's exit does not fall in the
	# next one's warm-up
	[ "$first" = 1 ] || sleep 10
	first=0
	rc=0
	# shellcheck disable=SC2086 # "engine objects"
	scripts/bench-compare.sh $c "$soak" || rc=$?
	case $rc in
	0 | 3) ;;
	*) failed+=("$c") ;;
	esac
done
echo
contrib/bench-compare/table.sh "$out"
if [ ${#failed[@]} -gt 0 ]; then
	echo "bench-compare: failed: ${failed[*]}" >&2
	exit 1
fi

#!/bin/bash
# contrib/bench-compare/table.sh [DIR]: the rows scripts/bench-compare.sh
# wrote in DIR (default build/bench-compare) as one markdown table: the
# rows at the 60 s interval first, then the others (overload rows, jaque
# at other tick rates), each group by number of objects, then in the
# order nagios4, naemon, icinga2, jaque, jaque-builtin.  Each row carries its date; the JSON beside each row has
# every figure with its definition's inputs.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build/bench-compare}
shopt -s nullglob
rows=("$dir"/*.md)
[ ${#rows[@]} -gt 0 ] || { echo "table: no rows in $dir (run scripts/bench-compare.sh first)" >&2; exit 1; }
python3 contrib/bench-compare/sample.py header
for f in "${rows[@]}"; do
	# <engine>-<objects>[-i<interval>][-t<ticks per second>]
	b=$(basename "$f" .md)
	case $b in
	nagios4-*) e=nagios4 k=1 ;; naemon-*) e=naemon k=2 ;; icinga2-*) e=icinga2 k=3 ;;
	jaque-builtin-*) e=jaque-builtin k=5 ;; jaque-*) e=jaque k=4 ;; *) e= k=9 ;;
	esac
	rest=${b#"$e"-} n=${rest%%-*}
	printf '%s %s %s %s\n' "~${rest#"$n"}" "$n" "$k" "$f"
done | sort -k1,1 -k2,2n -k3,3n | while read -r _ _ _ f; do
	cat "$f"
done

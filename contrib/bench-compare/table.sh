#!/bin/bash
# contrib/bench-compare/table.sh [DIR]: the rows scripts/bench-compare.sh
# wrote in DIR (default build/bench-compare) as one markdown table, by
# number of objects, then in the order nagios4, naemon, icinga2, jaque,
# jaque-builtin.  Each row carries its date; the JSON beside each row has
# every figure with its definition's inputs.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build/bench-compare}
shopt -s nullglob
rows=("$dir"/*.md)
[ ${#rows[@]} -gt 0 ] || { echo "table: no rows in $dir (run scripts/bench-compare.sh first)" >&2; exit 1; }
python3 contrib/bench-compare/sample.py header
for f in "${rows[@]}"; do
	b=$(basename "$f" .md)
	n=${b##*-} e=${b%-*}
	case $e in
	nagios4) k=1 ;; naemon) k=2 ;; icinga2) k=3 ;; jaque) k=4 ;; jaque-builtin) k=5 ;; *) k=9 ;;
	esac
	printf '%s %s %s\n' "$n" "$k" "$f"
done | sort -k1,1n -k2,2n | while read -r _ _ f; do
	cat "$f"
done

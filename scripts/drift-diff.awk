# scripts/drift-diff.awk: the drift of a span of a run, from two snapshots
# of jaque's fine drift histogram (drift_fine= in jaque-stats.dat, "top:count"
# pairs).  awk -v a=BEFORE -v b=AFTER -v cap=MAX_US: prints "p50 p99 max count"
# in microseconds; with -v late=US also how many were counted in buckets
# whose top is above US (checks that may have started that late).  A bucket's top can lie above every value counted in
# it, so no figure passes cap (the whole run's exact maximum).  Used by
# scripts/bench.sh, scripts/bench-livestatus.sh and scripts/soak.
#
# SPDX-License-Identifier: GPL-2.0-or-later
BEGIN {
	n = split(a, x, ","); for (i = 1; i <= n; i++) { split(x[i], kv, ":"); c[kv[1]] -= kv[2] }
	n = split(b, x, ","); for (i = 1; i <= n; i++) { split(x[i], kv, ":"); c[kv[1]] += kv[2] }
	m = 0; for (k in c) if (c[k] > 0) { top[++m] = k + 0; tot += c[k] }
	# sort the tops (insertion sort: a few hundred at most)
	for (i = 2; i <= m; i++) { v = top[i]; j = i - 1; while (j > 0 && top[j] > v) { top[j + 1] = top[j]; j-- } top[j + 1] = v }
	p50 = p99 = mx = 0; cum = 0; nlate = 0
	for (i = 1; i <= m; i++) {
		cum += c[top[i] ""]
		if (late != "" && top[i] > late + 0) nlate += c[top[i] ""]
		if (!p50 && cum >= tot * 0.5) p50 = top[i]
		if (!p99 && cum >= tot * 0.99) p99 = top[i]
		mx = top[i]
	}
	if (p50 > cap) p50 = cap
	if (p99 > cap) p99 = cap
	if (mx > cap) mx = cap
	if (late != "")
		printf "%d %d %d %d %d\n", p50, p99, mx, tot, nlate
	else
		printf "%d %d %d %d\n", p50, p99, mx, tot
}

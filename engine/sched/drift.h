/*
 * drift: a histogram of scheduling drift, the time from a check being due
 * to it starting, in microseconds.
 *
 * Internally log-linear buckets (exact below 64 us, then 32 per power of
 * two, so a relative error at most 1/32) from 0 to 2^32 us (about 71
 * minutes), so quantiles are accurate; for reports, a fixed set of coarse
 * buckets whose first ends at 5 ms (drift_report): upper edges 5, 10, 25,
 * 50, 100, 250, 500 ms, 1, 2.5, 5, 10, 30, 60 s and UINT64_MAX (which also
 * holds the value UINT64_MAX).  Adding is O(1) and allocation-free.
 * Values above the internal range count in the last bucket but max keeps
 * the true value; the sum behind the mean saturates.  Not thread-safe.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DRIFT_H
#define JAQUE_DRIFT_H

#include <stddef.h>
#include <stdint.h>

struct drift;

struct drift *drift_new(void);
void drift_free(struct drift *d);
void drift_reset(struct drift *d);

void drift_add(struct drift *d, uint64_t usec);
uint64_t drift_count(const struct drift *d);
uint64_t drift_max(const struct drift *d);
double drift_mean(const struct drift *d); /* usec, 0 when empty */
/* the q-quantile (0 <= q <= 1, clamped) in usec: the rank-th smallest value,
 * rank = ceil(q * count) but at least 1, rounded up to the largest value
 * its internal bucket holds and capped at max; so never below the true
 * value and, within the internal range, above it by less than 1/32 of it
 * (past the range it is max).  0 when empty */
uint64_t drift_quantile(const struct drift *d, double q);

/*
 * The fine buckets themselves, for a reader that subtracts two snapshots
 * to get the quantiles of a window (scripts/bench.sh): how many there
 * are, the highest value bucket i holds (UINT64_MAX for the last, which
 * holds everything above the range), and its count.
 */
size_t drift_fine_nbuckets(void);
uint64_t drift_fine_top(size_t i);
uint64_t drift_fine_count(const struct drift *d, size_t i);

/* coarse report buckets: upper edges in usec, the last is UINT64_MAX */
size_t drift_report_nbuckets(void);
uint64_t drift_report_edge(size_t i);
/* how many values fell in report bucket i (>= previous edge, < edge i) */
uint64_t drift_report_count(const struct drift *d, size_t i);

#endif

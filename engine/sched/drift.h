/*
 * drift: a histogram of scheduling drift, the time from a check being due
 * to it starting, in microseconds.
 *
 * Internally log-linear buckets (relative error at most 1/32 above 32 us)
 * from 0 to about an hour, so quantiles are accurate; for reports, a fixed
 * set of coarse buckets whose first ends at 5 ms (drift_report).  Adding
 * is O(1) and allocation-free.  Values above the range count in the last
 * bucket but max keeps the true value.  Not thread-safe.
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
/* the q-quantile (0 <= q <= 1) in usec: the upper edge of the internal
 * bucket that holds it, capped at max; 0 when empty */
uint64_t drift_quantile(const struct drift *d, double q);

/* coarse report buckets: upper edges in usec, the last is UINT64_MAX */
size_t drift_report_nbuckets(void);
uint64_t drift_report_edge(size_t i);
/* how many values fell in report bucket i (>= previous edge, < edge i) */
uint64_t drift_report_count(const struct drift *d, size_t i);

#endif

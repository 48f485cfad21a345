/*
 * drift: the histogram of scheduling drift.  See drift.h.
 *
 * Internal buckets are log-linear: values below 64 us have a bucket each;
 * from 64 us on, every power of two [2^e, 2^(e+1)) is cut into 32 equal
 * buckets of width 2^(e-5), so a bucket's width is at most 1/32 of any
 * value in it.  The top internal octave ends at 2^32 us (about 71 minutes)
 * and one more bucket takes everything above.  A value's bucket comes from
 * its highest set bit and the five bits below it: no search, no division.
 *
 * The coarse report buckets are counted directly, not derived from the
 * internal ones, because their edges (5 ms, 10 ms, ...) do not fall on
 * internal bucket edges and the report counts must be exact.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/drift.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

#define DRIFT_LINEAR 64   /* values below this have a bucket each */
#define DRIFT_SUB_BITS 5  /* 32 buckets per octave */
#define DRIFT_SUB (1u << DRIFT_SUB_BITS)
#define DRIFT_FIRST_EXP 6 /* the first octave: [64, 128) */
#define DRIFT_LAST_EXP 31 /* the last octave: [2^31, 2^32) */
#define DRIFT_OVER_IDX (DRIFT_LINEAR + (DRIFT_LAST_EXP - DRIFT_FIRST_EXP + 1) * DRIFT_SUB)
#define DRIFT_NBUCKETS (DRIFT_OVER_IDX + 1)

/*
 * Report edges: the first at 5 ms as the design asks, then the 1-2.5-5
 * steps admins read easily, and 30 s and 60 s because a check that late
 * has missed a whole typical interval.
 */
static const uint64_t drift_edges[] = {
	5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000,
	2500000, 5000000, 10000000, 30000000, 60000000, UINT64_MAX,
};
#define DRIFT_NREPORT (sizeof(drift_edges) / sizeof(drift_edges[0]))

struct drift {
	uint64_t count;
	uint64_t max;
	uint64_t sum; /* saturates rather than wraps */
	uint64_t bucket[DRIFT_NBUCKETS];
	uint64_t report[DRIFT_NREPORT];
};

static size_t
drift_index(uint64_t v)
{
	unsigned e;

	if (v < DRIFT_LINEAR)
		return (size_t)v;
	e = 63u - (unsigned)__builtin_clzll(v);
	if (e > DRIFT_LAST_EXP)
		return DRIFT_OVER_IDX;
	return DRIFT_LINEAR + (size_t)(e - DRIFT_FIRST_EXP) * DRIFT_SUB +
	    (size_t)((v >> (e - DRIFT_SUB_BITS)) & (DRIFT_SUB - 1));
}

/* the largest value internal bucket i holds (not for the overflow bucket) */
static uint64_t
drift_bucket_top(size_t i)
{
	unsigned e, sub;
	uint64_t lo;

	if (i < DRIFT_LINEAR)
		return i;
	e = DRIFT_FIRST_EXP + (unsigned)((i - DRIFT_LINEAR) / DRIFT_SUB);
	sub = (unsigned)((i - DRIFT_LINEAR) % DRIFT_SUB);
	lo = (uint64_t)(DRIFT_SUB + sub) << (e - DRIFT_SUB_BITS);
	return lo + (UINT64_C(1) << (e - DRIFT_SUB_BITS)) - 1;
}

struct drift *
drift_new(void)
{
	return xcalloc(1, sizeof(struct drift));
}

void
drift_free(struct drift *d)
{
	free(d);
}

void
drift_reset(struct drift *d)
{
	memset(d, 0, sizeof(*d));
}

void
drift_add(struct drift *d, uint64_t usec)
{
	size_t r = 0;

	d->count++;
	if (usec > d->max)
		d->max = usec;
	d->sum = d->sum > UINT64_MAX - usec ? UINT64_MAX : d->sum + usec;
	d->bucket[drift_index(usec)]++;
	/* most drift is under the first edge: the walk usually stops at once */
	while (usec >= drift_edges[r] && r < DRIFT_NREPORT - 1)
		r++;
	d->report[r]++;
}

uint64_t
drift_count(const struct drift *d)
{
	return d->count;
}

uint64_t
drift_max(const struct drift *d)
{
	return d->max;
}

double
drift_mean(const struct drift *d)
{
	return d->count == 0 ? 0.0 : (double)d->sum / (double)d->count;
}

uint64_t
drift_quantile(const struct drift *d, double q)
{
	uint64_t rank, seen = 0;
	double want;
	size_t i;

	if (d->count == 0)
		return 0;
	if (!(q > 0.0))
		q = 0.0; /* also NaN */
	if (q > 1.0)
		q = 1.0;
	/* the rank-th smallest value, rank = ceil(q * count), at least 1 */
	want = q * (double)d->count;
	rank = (uint64_t)want;
	if ((double)rank < want)
		rank++;
	if (rank < 1)
		rank = 1;
	if (rank > d->count)
		rank = d->count;
	for (i = 0; i < DRIFT_OVER_IDX; i++) {
		seen += d->bucket[i];
		if (seen >= rank) {
			uint64_t top = drift_bucket_top(i);

			return top < d->max ? top : d->max;
		}
	}
	return d->max;
}

size_t
drift_report_nbuckets(void)
{
	return DRIFT_NREPORT;
}

uint64_t
drift_report_edge(size_t i)
{
	return i < DRIFT_NREPORT ? drift_edges[i] : UINT64_MAX;
}

uint64_t
drift_report_count(const struct drift *d, size_t i)
{
	return i < DRIFT_NREPORT ? d->report[i] : 0;
}

size_t
drift_fine_nbuckets(void)
{
	return DRIFT_NBUCKETS;
}

uint64_t
drift_fine_top(size_t i)
{
	return i >= DRIFT_OVER_IDX ? UINT64_MAX : drift_bucket_top(i);
}

uint64_t
drift_fine_count(const struct drift *d, size_t i)
{
	return i < DRIFT_NBUCKETS ? d->bucket[i] : 0;
}

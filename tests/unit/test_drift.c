/*
 * test_drift: the drift histogram.  Quantiles are compared with sorted
 * arrays of the same values (uniform, log-uniform, constant, heavy tailed,
 * tiny samples): never below the true value, above it by less than 1/32,
 * never above max, and monotonic in q.  The report buckets count exactly,
 * values on an edge going to the bucket above it; values past the
 * internal range keep max; the mean and reset behave.  Links
 * engine/sched/drift.c and engine/util.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/sched/drift.h"

static uint64_t
xs64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void
t_empty(void **state)
{
	struct drift *d = drift_new();
	size_t i;

	(void)state;
	assert_int_equal(drift_count(d), 0);
	assert_int_equal(drift_max(d), 0);
	assert_true(drift_mean(d) == 0.0);
	assert_int_equal(drift_quantile(d, 0.0), 0);
	assert_int_equal(drift_quantile(d, 0.5), 0);
	assert_int_equal(drift_quantile(d, 1.0), 0);
	assert_int_equal(drift_report_nbuckets(), 14);
	assert_int_equal(drift_report_edge(0), 5000);
	for (i = 0; i < drift_report_nbuckets(); i++) {
		assert_int_equal(drift_report_count(d, i), 0);
		if (i > 0)
			assert_true(drift_report_edge(i) > drift_report_edge(i - 1));
	}
	assert_true(drift_report_edge(drift_report_nbuckets() - 1) == UINT64_MAX);
	assert_true(drift_report_edge(drift_report_nbuckets()) == UINT64_MAX);
	assert_int_equal(drift_report_count(d, 99), 0);
	drift_free(d);
	drift_free(NULL);
}

static void
t_small_values_exact(void **state)
{
	struct drift *d = drift_new();
	uint64_t v;

	(void)state;
	for (v = 0; v < 64; v++)
		drift_add(d, v);
	assert_int_equal(drift_count(d), 64);
	assert_int_equal(drift_max(d), 63);
	assert_int_equal(drift_quantile(d, 0.0), 0);
	assert_int_equal(drift_quantile(d, 1.0 / 64), 0);
	assert_int_equal(drift_quantile(d, 0.5), 31);
	assert_int_equal(drift_quantile(d, 0.51), 32);
	assert_int_equal(drift_quantile(d, 1.0), 63);
	/* out-of-range q is clamped */
	assert_int_equal(drift_quantile(d, -3.0), 0);
	assert_int_equal(drift_quantile(d, 7.0), 63);
	assert_true(drift_mean(d) == 31.5);
	/* from 64 on, buckets are 1/32 of their octave: [64, 65], [992, 1007] */
	drift_reset(d);
	drift_add(d, 64);
	drift_add(d, 1000);
	drift_add(d, 5000000);
	assert_int_equal(drift_quantile(d, 0.0), 65);
	assert_int_equal(drift_quantile(d, 0.5), 1007);
	assert_int_equal(drift_quantile(d, 1.0), 5000000);
	drift_free(d);
}

/* check every quantile of interest against the sorted values */
static void
check_quantiles(uint64_t *v, size_t n)
{
	static const double qs[] = { 0.0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95,
		0.99, 0.999, 0.9999, 1.0 };
	struct drift *d = drift_new();
	uint64_t prev = 0;
	size_t i, k;

	for (i = 0; i < n; i++)
		drift_add(d, v[i]);
	qsort(v, n, sizeof(*v), cmp_u64);
	assert_int_equal(drift_count(d), n);
	assert_int_equal(drift_max(d), v[n - 1]);
	for (k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
		double want = qs[k] * (double)n;
		size_t rank = (size_t)want;
		uint64_t truth, got;

		if ((double)rank < want)
			rank++;
		if (rank < 1)
			rank = 1;
		truth = v[rank - 1];
		got = drift_quantile(d, qs[k]);
		assert_true(got >= truth);
		assert_true(got == truth || got - truth < truth / 32);
		assert_true(got <= v[n - 1]);
		assert_true(got >= prev);
		prev = got;
	}
	drift_free(d);
}

static void
t_quantiles_vs_sorted(void **state)
{
	enum { N = 100000 };
	uint64_t *v = malloc(N * sizeof(*v));
	uint64_t s = 0x9e3779b97f4a7c15ULL;
	size_t i, n;

	(void)state;
	assert_non_null(v);
	/* uniform over 0..20 ms */
	for (i = 0; i < N; i++)
		v[i] = xs64(&s) % 20000;
	check_quantiles(v, N);
	/* log-uniform from 1 us to ~ an hour */
	for (i = 0; i < N; i++)
		v[i] = (uint64_t)1 << (xs64(&s) % 32) | (xs64(&s) % 1024);
	check_quantiles(v, N);
	/* mostly tiny, a heavy tail */
	for (i = 0; i < N; i++)
		v[i] = xs64(&s) % 100 == 0 ? 1000000 + xs64(&s) % 50000000 : xs64(&s) % 300;
	check_quantiles(v, N);
	/* constant */
	for (i = 0; i < N; i++)
		v[i] = 123457;
	check_quantiles(v, N);
	/* every value around the octave edges */
	for (n = 0, i = 6; i < 32 && n + 8 <= N; i++) {
		uint64_t p = (uint64_t)1 << i;

		v[n++] = p - 1;
		v[n++] = p;
		v[n++] = p + 1;
		v[n++] = p + p / 32 - 1;
		v[n++] = p + p / 32;
		v[n++] = 2 * p - 2;
	}
	check_quantiles(v, n);
	/* tiny samples */
	for (n = 1; n <= 5; n++) {
		for (i = 0; i < n; i++)
			v[i] = xs64(&s) % 10000000;
		check_quantiles(v, n);
	}
	free(v);
}

/* quantiles with a single value must give that value exactly (capped at max) */
static void
t_single_value_exact(void **state)
{
	uint64_t s = 42;
	int i;

	(void)state;
	for (i = 0; i < 2000; i++) {
		struct drift *d = drift_new();
		uint64_t v = xs64(&s) % ((uint64_t)1 << (i % 40));

		drift_add(d, v);
		assert_int_equal(drift_quantile(d, 0.5), v);
		assert_int_equal(drift_quantile(d, 0.0), v);
		assert_int_equal(drift_quantile(d, 1.0), v);
		drift_free(d);
	}
}

static size_t
report_of(uint64_t v)
{
	size_t i;

	for (i = 0; i + 1 < drift_report_nbuckets(); i++)
		if (v < drift_report_edge(i))
			return i;
	return drift_report_nbuckets() - 1;
}

static void
t_report_buckets(void **state)
{
	struct drift *d = drift_new();
	uint64_t want[32] = { 0 };
	uint64_t s = 7;
	size_t i;

	(void)state;
	assert_true(drift_report_nbuckets() <= 32);
	drift_add(d, 0);
	drift_add(d, 4999);
	drift_add(d, 5000);
	drift_add(d, 9999);
	drift_add(d, 10000);
	drift_add(d, 59999999);
	drift_add(d, 60000000);
	drift_add(d, UINT64_MAX);
	assert_int_equal(drift_report_count(d, 0), 2);
	assert_int_equal(drift_report_count(d, 1), 2);
	assert_int_equal(drift_report_count(d, 2), 1);
	assert_int_equal(drift_report_count(d, 12), 1);
	assert_int_equal(drift_report_count(d, 13), 2);
	drift_reset(d);
	for (i = 0; i < 50000; i++) {
		uint64_t v = xs64(&s) % ((uint64_t)1 << (xs64(&s) % 38));

		drift_add(d, v);
		want[report_of(v)]++;
	}
	for (i = 0; i < drift_report_nbuckets(); i++)
		assert_int_equal(drift_report_count(d, i), want[i]);
	drift_free(d);
}

static void
t_beyond_range(void **state)
{
	struct drift *d = drift_new();

	(void)state;
	drift_add(d, 10);
	drift_add(d, (uint64_t)1 << 32);
	drift_add(d, UINT64_C(1000000000000));
	assert_int_equal(drift_max(d), UINT64_C(1000000000000));
	assert_int_equal(drift_quantile(d, 0.0), 10);
	assert_int_equal(drift_quantile(d, 1.0), UINT64_C(1000000000000));
	/* the middle value is past the internal range: max is the best bound */
	assert_int_equal(drift_quantile(d, 0.5), UINT64_C(1000000000000));
	assert_int_equal(drift_report_count(d, 13), 2);
	drift_free(d);
}

static void
t_mean_and_reset(void **state)
{
	struct drift *d = drift_new();

	(void)state;
	drift_add(d, 1000);
	drift_add(d, 2000);
	drift_add(d, 6000);
	assert_true(drift_mean(d) == 3000.0);
	drift_reset(d);
	assert_int_equal(drift_count(d), 0);
	assert_int_equal(drift_max(d), 0);
	assert_true(drift_mean(d) == 0.0);
	assert_int_equal(drift_quantile(d, 0.5), 0);
	assert_int_equal(drift_report_count(d, 0), 0);
	/* the sum saturates instead of wrapping */
	drift_add(d, UINT64_MAX);
	drift_add(d, UINT64_MAX);
	assert_true(drift_mean(d) >= 9e18);
	assert_int_equal(drift_max(d), UINT64_MAX);
	drift_free(d);
}

/* the fine buckets: every value counted once, in the bucket whose top is
 * the first at or above it; tops strictly increase; two snapshots subtract */
static void
t_fine_buckets(void **state)
{
	static const uint64_t vals[] = { 0, 1, 63, 64, 65, 1000, 4999, 5000, 123456,
		UINT64_C(5000000000) };
	struct drift *d = drift_new();
	uint64_t before[4096], prev = 0, sum = 0;
	size_t i, j, n = drift_fine_nbuckets();

	(void)state;
	assert_true(n <= 4096);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		drift_add(d, vals[i]);
	for (i = 0; i < n; i++) {
		if (i > 0)
			assert_true(drift_fine_top(i) > prev);
		prev = drift_fine_top(i);
		sum += drift_fine_count(d, i);
	}
	assert_int_equal(sum, sizeof(vals) / sizeof(vals[0]));
	assert_true(drift_fine_top(n - 1) == UINT64_MAX);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		/* the bucket of vals[i]: the first top at or above it */
		for (j = 0; drift_fine_top(j) < vals[i]; j++)
			;
		assert_true(drift_fine_count(d, j) >= 1);
	}
	assert_int_equal(drift_fine_count(d, n), 0);
	for (i = 0; i < n; i++)
		before[i] = drift_fine_count(d, i);
	drift_add(d, 3000);
	drift_add(d, 3000);
	for (i = 0, sum = 0; i < n; i++)
		sum += drift_fine_count(d, i) - before[i];
	assert_int_equal(sum, 2);
	drift_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_empty),
		cmocka_unit_test(t_fine_buckets),
		cmocka_unit_test(t_small_values_exact),
		cmocka_unit_test(t_quantiles_vs_sorted),
		cmocka_unit_test(t_single_value_exact),
		cmocka_unit_test(t_report_buckets),
		cmocka_unit_test(t_beyond_range),
		cmocka_unit_test(t_mean_and_reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_checkstats: the 1/5/15 minute check counts against figures worked
 * out by hand from Nagios 4.4.6's update_check_stats and
 * generate_check_stats (base/utils.c), with status written every minute.
 *
 * Times are given as a minute number after M0 (a whole minute of the
 * clock) and a second within it.  The weights at second s are s/60 for
 * the older part of a bucket and (60-s)/60 for the newer, in float: at
 * s = 20 and s = 10 float rounding gives other counts than double would,
 * and those cases are checked.  Also: the overflow bucket (a bucket reused
 * after exactly 15 minutes), clearing of skipped minutes, a ring quiet for
 * 16 minutes, a clock going back, kinds kept apart, reading leaves the
 * ring alone.  Links engine/util/checkstats.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "engine/util/checkstats.h"

/* 2023-11-14 22:13:00 UTC, a whole minute (bucket 13 of the ring) */
#define M0 ((time_t)1699999980)
#define AT(min, sec) (M0 + (time_t)(min) * 60 + (sec))

static void
add_n(struct checkstats *cs, enum checkstats_kind k, time_t t, int n)
{
	while (n-- > 0)
		checkstats_add(cs, k, t);
}

static void
expect(const struct checkstats *cs, enum checkstats_kind k, time_t t, int a, int b, int c)
{
	int out[3] = { -1, -1, -1 };

	checkstats_get(cs, k, t, out);
	assert_int_equal(out[0], a);
	assert_int_equal(out[1], b);
	assert_int_equal(out[2], c);
}

static void
t_empty(void **state)
{
	struct checkstats cs;
	int k;

	(void)state;
	checkstats_init(&cs);
	for (k = 0; k < CHECKSTATS_NKINDS; k++)
		expect(&cs, (enum checkstats_kind)k, AT(0, 30), 0, 0, 0);
}

/* everything in the current minute counts whole, whatever the second */
static void
t_current_minute(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_PASSIVE_SERVICE, AT(0, 5), 3);
	expect(&cs, CHECKSTATS_PASSIVE_SERVICE, AT(0, 5), 3, 3, 3);
	expect(&cs, CHECKSTATS_PASSIVE_SERVICE, AT(0, 59), 3, 3, 3);
	/* other kinds see nothing */
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(0, 30), 0, 0, 0);
}

/* the minute before is split between the 1-minute figure and older ones */
static void
t_weighting(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(0, 5), 4);
	/* s=15: 1 min = floor(4 * .75) = 3; the next bucket ceil(4 * .25) = 1 */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(1, 15), 3, 4, 4);
	/* s=30: 2 and 2 */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(1, 30), 2, 4, 4);
	/* s=0: the whole minute before counts in the 1-minute figure */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(1, 0), 4, 4, 4);
	/* two minutes on at s=30: ceil(4*.5) + floor(4*.5) over two buckets */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(2, 30), 0, 4, 4);
	/* six minutes on the 5-minute figure keeps the part weighted s/60 ... */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(5, 30), 0, 2, 4);
	/* ... and loses it a minute later */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_HOST, AT(6, 30), 0, 0, 4);
}

/* Nagios's weights are floats: 3 * (float)(20/60.0) is exactly 1.0f */
static void
t_float_rounding(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_EXTERNAL_COMMAND, AT(0, 1), 3);
	/* floor(3 * 0.6666667f) = 2, ceil(3 * 0.33333334f) = 1 (double: 2) */
	expect(&cs, CHECKSTATS_EXTERNAL_COMMAND, AT(1, 20), 2, 3, 3);
	/* at s=40 the weights swap: floor(3 * 0.33333334f) = 1, ceil(3 * 0.6666667f) = 2 */
	expect(&cs, CHECKSTATS_EXTERNAL_COMMAND, AT(1, 40), 1, 3, 3);

	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_EXTERNAL_COMMAND, AT(0, 1), 6);
	/* floor(6 * 0.8333333f) = 5 (double: 4), ceil(6 * 0.16666667f) = 1 (double: 2) */
	expect(&cs, CHECKSTATS_EXTERNAL_COMMAND, AT(1, 10), 5, 6, 6);
}

/* counts in several minutes, then minutes skipped without any count */
static void
t_skipped_minutes(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(0, 10), 2);
	add_n(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(3, 10), 5);
	add_n(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(10, 0), 7);
	/* s=0: every bucket counts as the minute after it: 7 | 5 at x=6 | 2 at x=9 */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(10, 0), 7, 7, 14);
	/* s=30 in minute 12: minute 10 gives ceil(3.5) + floor(3.5) */
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(12, 30), 0, 7, 14);

	/*
	 * Ten minutes on, one more: the buckets of minutes 11..19 (which held
	 * minutes 0 and 3) are emptied; minute 5's bucket is reused, empty.
	 */
	checkstats_add(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(20, 5));
	expect(&cs, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, AT(20, 30), 1, 1, 8);
}

/* a bucket reused exactly 15 minutes later hands its count to the overflow */
static void
t_overflow(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_PASSIVE_HOST, AT(0, 10), 6);
	checkstats_add(&cs, CHECKSTATS_PASSIVE_HOST, AT(15, 10));
	/* the oldest bucket takes floor(6 * .5) from the overflow */
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(15, 30), 1, 1, 4);
	/* at s=0 it would take all of it */
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(15, 0), 1, 1, 7);
	/* a minute later the overflow is gone */
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(16, 0), 1, 1, 1);

	/* the same when only reading: 3 at minute 0 read at minute 15 */
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_PASSIVE_HOST, AT(0, 10), 3);
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(1, 30), 1, 3, 3);
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(14, 30), 0, 0, 3);
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(15, 30), 0, 0, 1);
	expect(&cs, CHECKSTATS_PASSIVE_HOST, AT(16, 30), 0, 0, 0);
}

/* sixteen quiet minutes empty the ring; the next count is kept */
static void
t_stale(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(0, 10), 6);
	checkstats_add(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(16, 10));
	expect(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(16, 30), 1, 1, 1);
	/* hours later, nothing */
	expect(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(200, 30), 0, 0, 0);
	/* a count after a long quiet spell lands in its own minute */
	checkstats_add(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(300, 50));
	expect(&cs, CHECKSTATS_ACTIVE_CACHED_HOST, AT(300, 55), 1, 1, 1);
}

/* the clock going back empties the ring */
static void
t_clock_back(void **state)
{
	struct checkstats cs;

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_SERIAL_HOST, AT(10, 10), 4);
	checkstats_add(&cs, CHECKSTATS_SERIAL_HOST, AT(2, 10));
	expect(&cs, CHECKSTATS_SERIAL_HOST, AT(2, 20), 1, 1, 1);
}

/* reading never changes the ring; bad kinds are ignored */
static void
t_const_and_bounds(void **state)
{
	struct checkstats cs, copy;
	int out[3] = { 9, 9, 9 };

	(void)state;
	checkstats_init(&cs);
	add_n(&cs, CHECKSTATS_PARALLEL_HOST, AT(0, 10), 2);
	memcpy(&copy, &cs, sizeof(cs));
	expect(&cs, CHECKSTATS_PARALLEL_HOST, AT(40, 10), 0, 0, 0);
	assert_memory_equal(&copy, &cs, sizeof(cs));
	checkstats_add(&cs, CHECKSTATS_NKINDS, AT(0, 10));
	checkstats_add(&cs, (enum checkstats_kind)-1, AT(0, 10));
	assert_memory_equal(&copy, &cs, sizeof(cs));
	checkstats_get(&cs, CHECKSTATS_NKINDS, AT(0, 10), out);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 0);
	assert_int_equal(out[2], 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_empty),
		cmocka_unit_test(t_current_minute),
		cmocka_unit_test(t_weighting),
		cmocka_unit_test(t_float_rounding),
		cmocka_unit_test(t_skipped_minutes),
		cmocka_unit_test(t_overflow),
		cmocka_unit_test(t_stale),
		cmocka_unit_test(t_clock_back),
		cmocka_unit_test(t_const_and_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

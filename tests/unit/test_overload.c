/*
 * test_overload: the overload rule (engine/sched/overload.c): on at a
 * start lag of OVERLOAD_ON_LAG, not below, or on a backlog lasting
 * OVERLOAD_BACKLOG_PERIODS periods, or while the intervals are
 * stretched; off after OVERLOAD_OFF_PERIODS periods in a row with a
 * small lag, checks waiting a moment or not, once the stretch is over; a
 * reminder every OVERLOAD_REMIND seconds while on; the seconds and
 * spells counted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/sched/overload.h"

static void
t_begins_at_threshold(void **state)
{
	struct overload o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(overload_update(&o, 0.0, 0, 100), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, OVERLOAD_ON_LAG - 0.01, 50, 105), OVERLOAD_NONE);
	assert_int_equal(o.on, 0);
	assert_int_equal(overload_update(&o, OVERLOAD_ON_LAG, 50, 110), OVERLOAD_BEGAN);
	assert_int_equal(o.on, 1);
	assert_int_equal(o.since, 110);
	assert_int_equal(o.spells, 1);
	assert_int_equal(o.depth, 50);
	assert_true(o.lag == OVERLOAD_ON_LAG);
}

/* a backlog that lasts: a second late with checks waiting, two periods in a row */
static void
t_begins_on_lasting_backlog(void **state)
{
	struct overload o;

	(void)state;
	memset(&o, 0, sizeof(o));
	/* late but nothing waits, twice: not a backlog */
	assert_int_equal(overload_update(&o, 3.0, 0, 100), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 3.0, 0, 105), OVERLOAD_NONE);
	/* waiting but on time: not late */
	assert_int_equal(overload_update(&o, OVERLOAD_BACKLOG_LAG - 0.01, 40, 110), OVERLOAD_NONE);
	/* one period of backlog, then a break, then one more: still not */
	assert_int_equal(overload_update(&o, 3.0, 40, 115), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 0.2, 40, 120), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 3.0, 40, 125), OVERLOAD_NONE);
	assert_int_equal(o.on, 0);
	/* the second period in a row */
	assert_int_equal(overload_update(&o, OVERLOAD_BACKLOG_LAG, 40, 130), OVERLOAD_BEGAN);
	assert_int_equal(o.on, 1);
	assert_int_equal(o.since, 130);
	/* and it ends as any overload does */
	assert_int_equal(overload_update(&o, 0.5, 0, 135), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 0.5, 0, 140), OVERLOAD_ENDED);
	assert_int_equal(o.backlog, 0);
}

static void
t_ends_after_quiet_periods(void **state)
{
	struct overload o;
	int i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(overload_update(&o, 30.0, 900, 1000), OVERLOAD_BEGAN);
	/* a quiet period, then a check late again: still on */
	assert_int_equal(overload_update(&o, 0.2, 0, 1005), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, OVERLOAD_OFF_LAG, 0, 1010), OVERLOAD_NONE);
	assert_int_equal(o.on, 1);
	assert_int_equal(overload_seconds(&o, 1010), 10);
	/* quiet periods in a row end it, though a few checks wait a moment
	 * for a slot at each look (an engine running near its limits) */
	for (i = 1; i < OVERLOAD_OFF_PERIODS; i++)
		assert_int_equal(overload_update(&o, 0.5, 3, 1010 + 5 * i), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, OVERLOAD_OFF_LAG - 0.01, 40,
	                     1010 + 5 * OVERLOAD_OFF_PERIODS), OVERLOAD_ENDED);
	assert_int_equal(o.on, 0);
	assert_int_equal(o.depth, 40);
	assert_int_equal(overload_seconds(&o, 2000), 5 * (2 + OVERLOAD_OFF_PERIODS));
	/* a small lag does not begin one, however many wait */
	assert_int_equal(overload_update(&o, 0.5, 5000, 2500), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 0.5, 5000, 2505), OVERLOAD_NONE);
	/* a second spell adds to the total */
	assert_int_equal(overload_update(&o, 9.0, 10, 3000), OVERLOAD_BEGAN);
	assert_int_equal(o.spells, 2);
	assert_int_equal(overload_seconds(&o, 3007), 7 + 5 * (2 + OVERLOAD_OFF_PERIODS));
}

static void
t_reminders(void **state)
{
	struct overload o;
	time_t t;
	int n = 0;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(overload_update(&o, 60.0, 5000, 0), OVERLOAD_BEGAN);
	for (t = 5; t <= 3 * OVERLOAD_REMIND; t += 5) {
		enum overload_edge e = overload_update(&o, 60.0, 5000, t);

		if (e == OVERLOAD_STILL) {
			n++;
			assert_int_equal(t % OVERLOAD_REMIND, 0);
		} else {
			assert_int_equal(e, OVERLOAD_NONE);
		}
	}
	assert_int_equal(n, 3);
}

/* a stretch absorbs the overload: on time, but on while it lasts */
static void
t_stretch_holds_it(void **state)
{
	struct overload o;

	(void)state;
	memset(&o, 0, sizeof(o));
	overload_note_stretch(&o, 1.0);
	assert_int_equal(overload_update(&o, 0.2, 0, 100), OVERLOAD_NONE);
	overload_note_stretch(&o, 3.2);
	assert_int_equal(overload_update(&o, 0.2, 0, 105), OVERLOAD_BEGAN);
	/* on time, nothing waiting, many periods: still on */
	assert_int_equal(overload_update(&o, 0.1, 0, 110), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 0.1, 0, 115), OVERLOAD_NONE);
	assert_int_equal(overload_update(&o, 0.1, 0, 120), OVERLOAD_NONE);
	assert_int_equal(o.on, 1);
	/* the stretch is over: the quiet periods already counted end it */
	overload_note_stretch(&o, 1.0);
	assert_int_equal(overload_update(&o, 0.1, 0, 125), OVERLOAD_ENDED);
	assert_int_equal(o.total, 20);
	assert_int_equal(o.spells, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_begins_at_threshold),
		cmocka_unit_test(t_begins_on_lasting_backlog),
		cmocka_unit_test(t_ends_after_quiet_periods),
		cmocka_unit_test(t_reminders),
		cmocka_unit_test(t_stretch_holds_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

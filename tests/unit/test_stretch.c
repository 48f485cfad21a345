/*
 * test_stretch: the interval stretch (engine/sched/stretch.c): a period
 * spent mostly at the limit (checks waiting for a slot) measures the
 * capacity from the checks started meanwhile and sets demand / (capacity
 * less the margin); below the limit, no stretch; a period below the limit
 * while stretched probes a little higher, more the longer it lasts, down
 * to 1; a fall in demand lowers it at once; short periods and waits that
 * started nothing are not taken as measures.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/sched/stretch.h"

#define NEAR(a, b) assert_true((a) > (b) - 1e-9 && (a) < (b) + 1e-9)

/* one 5 s period: demand a second, seconds of backlog and the checks started in them */
static int
period(struct stretch *s, double demand, double backlog_secs, double backlog_started)
{
	struct stretch_period p;

	p.demand = demand;
	p.secs = 5;
	p.backlog_secs = backlog_secs;
	p.backlog_started = backlog_started;
	return stretch_update(s, &p);
}

static void
t_none_below_the_limit(void **state)
{
	struct stretch s;

	(void)state;
	memset(&s, 0, sizeof(s));
	NEAR(stretch_factor(&s), 1.0);
	/* no wait; waits under half the period */
	assert_int_equal(period(&s, 1000, 0, 0), 0);
	assert_int_equal(period(&s, 1000, 2.4, 360), 0);
	NEAR(stretch_factor(&s), 1.0);
	NEAR(s.capacity, 0);
	NEAR(s.demand, 1000);
}

/* 1 000 checks a second wanted, 150 a second started while checks waited */
static void
t_limit_sets_it(void **state)
{
	struct stretch s;

	(void)state;
	memset(&s, 0, sizeof(s));
	assert_int_equal(period(&s, 1000, 5, 750), 1);
	NEAR(s.capacity, 150);
	NEAR(stretch_factor(&s), 1000 / (150 * (1 - STRETCH_MARGIN)));
	/* half the period at the limit counts; the same figures, no change */
	assert_int_equal(period(&s, 1000, 2.5, 375), 0);
	/* waits within what the machine can start (a burst of forced checks):
	 * measured, but no stretch */
	memset(&s, 0, sizeof(s));
	assert_int_equal(period(&s, 100, 4, 600), 0);
	NEAR(stretch_factor(&s), 1.0);
	NEAR(s.capacity, 150);
}

static void
t_probes_down_below_it(void **state)
{
	struct stretch s;
	double f0, f1, f2, f3;
	int n;

	(void)state;
	memset(&s, 0, sizeof(s));
	period(&s, 1000, 5, 750);
	f0 = stretch_factor(&s);
	assert_int_equal(period(&s, 1000, 1, 150), 1);
	f1 = stretch_factor(&s);
	assert_int_equal(period(&s, 1000, 0, 0), 1);
	f2 = stretch_factor(&s);
	period(&s, 1000, 0, 0);
	f3 = stretch_factor(&s);
	/* 1 %, then 2 %, then 3 % more capacity assumed */
	NEAR(f1, f0 / (1 + STRETCH_PROBE));
	NEAR(f2, f1 / (1 + 2 * STRETCH_PROBE));
	NEAR(f3, f2 / (1 + 3 * STRETCH_PROBE));
	assert_int_equal(s.quiet, 3);
	/* at the limit again: measured, back up, the probe restarts */
	assert_int_equal(period(&s, 1000, 4, 600), 1);
	NEAR(stretch_factor(&s), f0);
	assert_int_equal(s.quiet, 0);
	/* left below it, it reaches 1 and stops there */
	for (n = 0; n < 100 && stretch_factor(&s) > 1.0; n++)
		period(&s, 1000, 0, 0);
	assert_true(n < 40);
	NEAR(stretch_factor(&s), 1.0);
	assert_int_equal(s.quiet, 0);
	assert_int_equal(period(&s, 1000, 0, 0), 0);
}

/* most checks disabled: the factor follows the demand in one period */
static void
t_demand_falls(void **state)
{
	struct stretch s;

	(void)state;
	memset(&s, 0, sizeof(s));
	period(&s, 1000, 5, 750);
	assert_true(stretch_factor(&s) > 6.9);
	/* a sixth left: 167 a second, above what 150 allows */
	assert_int_equal(period(&s, 1000.0 / 6, 0, 0), 1);
	NEAR(stretch_factor(&s), (1000.0 / 6) / (150 * (1 + STRETCH_PROBE) * (1 - STRETCH_MARGIN)));
	/* a tenth left: fits, no stretch at once */
	memset(&s, 0, sizeof(s));
	period(&s, 1000, 5, 750);
	assert_int_equal(period(&s, 100, 0, 0), 1);
	NEAR(stretch_factor(&s), 1.0);
}

static void
t_not_measured(void **state)
{
	struct stretch s;
	struct stretch_period p;
	double f;

	(void)state;
	memset(&s, 0, sizeof(s));
	/* too short a period (a reload's extra write) */
	p.demand = 1000;
	p.secs = STRETCH_MIN_PERIOD / 2;
	p.backlog_secs = p.secs;
	p.backlog_started = 100;
	assert_int_equal(stretch_update(&s, &p), 0);
	NEAR(stretch_factor(&s), 1.0);
	/* checks waited but nothing started (every slot hung): no measure */
	assert_int_equal(period(&s, 1000, 5, 0), 0);
	NEAR(s.capacity, 0);
	period(&s, 1000, 5, 750);
	f = stretch_factor(&s);
	period(&s, 1000, 5, 0);
	NEAR(s.capacity, 150 * (1 + STRETCH_PROBE));
	NEAR(stretch_factor(&s), f / (1 + STRETCH_PROBE));
	/* a machine that starts almost nothing: at most STRETCH_MAX */
	period(&s, 1e6, 5, 1);
	NEAR(stretch_factor(&s), STRETCH_MAX);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_none_below_the_limit),
		cmocka_unit_test(t_limit_sets_it),
		cmocka_unit_test(t_probes_down_below_it),
		cmocka_unit_test(t_demand_falls),
		cmocka_unit_test(t_not_measured),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

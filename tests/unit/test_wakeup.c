/*
 * test_wakeup: the tick timer's lead.  Nothing noted: no lead.  A steady
 * lateness: the lead is it times WAKEUP_MARGIN, within the bounds.  The
 * bounds: a thousandth of the gap, WAKEUP_LEAD_MAX, a zero or negative
 * gap.  One stall counts as WAKEUP_SAMPLE_MAX at most; negative and NaN
 * samples count as 0; the mean follows a change of lateness.  Links
 * engine/sched/wakeup.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/sched/wakeup.h"

#define EPS 1e-12

/* a fresh estimate that has seen `late` n times */
static void
noted(struct wakeup *w, double late, int n)
{
	wakeup_init(w);
	while (n-- > 0)
		wakeup_note(w, late);
}

static void
t_nothing_noted(void **state)
{
	struct wakeup w;

	(void)state;
	wakeup_init(&w);
	assert_true(wakeup_lead(&w, 1.0) == 0);
	assert_true(wakeup_lead(&w, 0.01) == 0);
}

static void
t_steady(void **state)
{
	struct wakeup w;

	(void)state;
	noted(&w, 200e-6, 100);
	/* 1 s slept: a thousandth is 1 ms, over the 300 us wanted */
	assert_true(fabs(wakeup_lead(&w, 1.0) - 200e-6 * WAKEUP_MARGIN) < EPS);
	/* 10 ms slept (100 ticks a second): 10 us at most */
	assert_true(fabs(wakeup_lead(&w, 0.01) - 10e-6) < EPS);
	assert_true(wakeup_lead(&w, 0) == 0);
	assert_true(wakeup_lead(&w, -1.0) == 0);
}

static void
t_lead_max(void **state)
{
	struct wakeup w;

	(void)state;
	noted(&w, 1.5e-3, 100);
	/* 2.25 ms wanted, a thousandth of 10 s is 10 ms: WAKEUP_LEAD_MAX */
	assert_true(fabs(wakeup_lead(&w, 10.0) - WAKEUP_LEAD_MAX) < EPS);
}

static void
t_stall_bounded(void **state)
{
	struct wakeup w;

	(void)state;
	noted(&w, 100e-6, 20);
	/* a 3 s stall counts as WAKEUP_SAMPLE_MAX: the mean moves by an eighth of that */
	wakeup_note(&w, 3.0);
	assert_true(w.late <= 100e-6 + (WAKEUP_SAMPLE_MAX - 100e-6) / WAKEUP_WEIGHT + EPS);
	assert_true(wakeup_lead(&w, 1000.0) <= WAKEUP_LEAD_MAX);
}

static void
t_negative_and_nan(void **state)
{
	struct wakeup w;

	(void)state;
	wakeup_init(&w);
	wakeup_note(&w, -5.0);
	wakeup_note(&w, NAN);
	assert_true(w.late == 0);
	assert_true(wakeup_lead(&w, 1.0) == 0);
	assert_true(w.n == 2);
}

static void
t_follows_change(void **state)
{
	struct wakeup w;
	int i;

	(void)state;
	wakeup_init(&w);
	/* the first samples are a plain mean */
	wakeup_note(&w, 100e-6);
	wakeup_note(&w, 300e-6);
	assert_true(fabs(w.late - 200e-6) < EPS);
	for (i = 0; i < 200; i++)
		wakeup_note(&w, 50e-6);
	assert_true(fabs(w.late - 50e-6) < 1e-9);
	for (i = 0; i < 200; i++)
		wakeup_note(&w, 400e-6);
	assert_true(fabs(w.late - 400e-6) < 1e-9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_nothing_noted),
		cmocka_unit_test(t_steady),
		cmocka_unit_test(t_lead_max),
		cmocka_unit_test(t_stall_bounded),
		cmocka_unit_test(t_negative_and_nan),
		cmocka_unit_test(t_follows_change),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

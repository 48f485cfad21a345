/*
 * test_clockstep: noticing wall-clock steps (engine/sched/clockstep.c):
 * the first note takes the offset and reports nothing; a steady offset
 * (both clocks advancing together) and changes under CLOCKSTEP_JITTER
 * report nothing, and a creep is reported once it adds up past the
 * bound (and is then taken whole); a step is reported once, with its sign.  Which steps Nagios
 * 4.4.6 calls a system time change: any step back of a second or more
 * (rounded), forward only from time_change_threshold on.  The move of a
 * time: 0 stays 0, nothing goes below 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/sched/clockstep.h"

static void
near(double a, double b)
{
	assert_true(a > b - 1e-6 && a < b + 1e-6);
}

static void
t_steady_reports_nothing(void **state)
{
	struct clockstep cs;
	int i;

	(void)state;
	memset(&cs, 0, sizeof(cs));
	near(clockstep_note(&cs, 1700000000.0, 50.0), 0);
	for (i = 1; i <= 100; i++)
		near(clockstep_note(&cs, 1700000000.0 + i * 0.37, 50.0 + i * 0.37), 0);
	/* reading one clock after the other: a few microseconds either way */
	near(clockstep_note(&cs, 1700000100.000004, 150.0), 0);
	near(clockstep_note(&cs, 1700000100.0, 150.000004), 0);
}

static void
t_step_reported_once(void **state)
{
	struct clockstep cs;

	(void)state;
	memset(&cs, 0, sizeof(cs));
	clockstep_note(&cs, 1700000000.0, 50.0);
	near(clockstep_note(&cs, 1700003601.0, 51.0), 3600.0);
	near(clockstep_note(&cs, 1700003602.0, 52.0), 0);
	near(clockstep_note(&cs, 1700000003.5, 53.5), -3600.0);
	near(clockstep_note(&cs, 1700000004.0, 54.0), 0);
	/* a step of a fraction of a second is still a step */
	near(clockstep_note(&cs, 1700000005.2, 55.0), 0.2);
}

static void
t_creep_adds_up(void **state)
{
	struct clockstep cs;
	double got = 0;
	int i, n = 0;

	(void)state;
	memset(&cs, 0, sizeof(cs));
	clockstep_note(&cs, 1000.0, 0.0);
	/* 3 ms at a time: nothing until the sum passes the bound (at the
	 * 4th, 8th, ... 28th note) */
	for (i = 1; i <= 30; i++) {
		double s = clockstep_note(&cs, 1000.0 + i * 1.003, i * 1.0);

		if (s != 0) {
			n++;
			got += s;
			assert_true(s >= CLOCKSTEP_JITTER);
		}
	}
	assert_int_equal(n, 7);
	near(got, 0.084);
}

static void
t_which_steps_nagios_calls_a_change(void **state)
{
	(void)state;
	assert_int_equal(clockstep_seconds(3600.0004), 3600);
	assert_int_equal(clockstep_seconds(-3599.6), -3600);
	assert_int_equal(clockstep_seconds(0.4), 0);
	assert_int_equal(clockstep_seconds(-0.6), -1);
	/* forward: from the threshold on */
	assert_int_equal(clockstep_is_change(899, 900), 0);
	assert_int_equal(clockstep_is_change(900, 900), 1);
	assert_int_equal(clockstep_is_change(3600, 900), 1);
	assert_int_equal(clockstep_is_change(30, 900), 0);
	assert_int_equal(clockstep_is_change(6, 6), 1);
	/* backwards: time() going back at all */
	assert_int_equal(clockstep_is_change(-1, 900), 1);
	assert_int_equal(clockstep_is_change(-3600, 900), 1);
	assert_int_equal(clockstep_is_change(0, 900), 0);
}

static void
t_move_keeps_never_and_the_epoch(void **state)
{
	(void)state;
	assert_int_equal(clockstep_move(0, 3600), 0);
	assert_int_equal(clockstep_move(0, -3600), 0);
	assert_int_equal(clockstep_move(1700000000, 3600), 1700003600);
	assert_int_equal(clockstep_move(1700000000, -3600), 1699996400);
	assert_int_equal(clockstep_move(100, -3600), 0);
	assert_int_equal(clockstep_move(3600, -3600), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_steady_reports_nothing),
		cmocka_unit_test(t_step_reported_once),
		cmocka_unit_test(t_creep_adds_up),
		cmocka_unit_test(t_which_steps_nagios_calls_a_change),
		cmocka_unit_test(t_move_keeps_never_and_the_epoch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Unit tests for the checker's work in slices on a large estate: the
 * demand the interval stretch weighs (checker_demand_sliced, checker_pace.c)
 * and the freshness pass (freshness.c), each a bounded number of objects
 * at a time, and what a reload carries of them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "checker_fx.h"

/*
 * The demand a slice at a time: the first call sums every object; a
 * change shows once the pass that reads it ends (four slices of 300 over
 * 1 000 objects), equal to the whole sum; the next generation starts from
 * the last sum, with no pass of its own yet.
 */
static void
t_demand_sliced(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s9;
	struct checker *old;

	fx_estate(f, 400, 600, 100);
	assert_true(fabs(checker_demand_sliced(f->c, 300) - 1000.0 / 60) < 1e-9);
	s9 = &f->gen.objs->services[9];
	checker_schedule(f->c, s9->host, s9, time(NULL) + 5, 0);
	assert_true(fabs(checker_demand_sliced(f->c, 300) - 1000.0 / 60) < 1e-9);
	assert_true(fabs(checker_demand_sliced(f->c, 300) - 1000.0 / 60) < 1e-9);
	assert_true(fabs(checker_demand_sliced(f->c, 0) - 1000.0 / 60) < 1e-9);
	assert_true(fabs(checker_demand_sliced(f->c, 300) - 1000.0 / 60) < 1e-9);
	assert_true(checker_demand_sliced(f->c, 300) == checker_demand(f->c));
	assert_true(fabs(checker_demand(f->c) - 999.0 / 60) < 1e-9);
	old = f->c;
	f->c = fx_checker(f);
	checker_adopt(f->c, old);
	assert_int_equal(checker_free(old, 0), 0);
	assert_true(fabs(checker_demand_sliced(f->c, 0) - 999.0 / 60) < 1e-9);
	checker_start(f->c);
	assert_true(checker_demand_sliced(f->c, 1000) == checker_demand(f->c));
}

static int fx_stale_calls;

static void
fx_count_stale(void *arg, time_t now, const struct obj_host *h, const struct obj_service *s,
    long stale, long threshold)
{
	(void)arg;
	(void)now;
	(void)h;
	(void)s;
	(void)stale;
	(void)threshold;
	fx_stale_calls++;
}

/*
 * A freshness pass in slices: the first slice at the timer, the rest from
 * the idle watcher between the loop's other work (or the next interval's
 * timer, which goes on with the pass, not from the start), every stale
 * service found once the pass ends; the watcher stops then.
 */
static void
t_freshness_slices(void **state)
{
	struct fx *f = *state;
	struct svc_state *ss;
	time_t now = time(NULL);
	int i, turns = 0;

	fx_estate(f, 100, 600, 100);
	ss = checker_svc_states(f->c);
	for (i = 0; i < 600; i++) {
		ss[i].c.check_freshness = 1;
		ss[i].c.active_checks_enabled = 0;
		ss[i].c.has_been_checked = 1;
		ss[i].c.last_check = now - 100000;
	}
	fx_stale_calls = 0;
	f->c->hooks.stale = fx_count_stale;
	/* the forced checks' results and alerts are not this test's */
	f->c->hooks.event = NULL;
	f->c->fresh_slice = 250;
	ev_invoke(f->loop, &f->c->fresh_svc, EV_TIMER);
	assert_int_equal(fx_stale_calls, 250);
	assert_true(ev_is_active(&f->c->fresh_more));
	/* the next interval before the idle watcher's turn: the pass goes on */
	ev_invoke(f->loop, &f->c->fresh_svc, EV_TIMER);
	assert_int_equal(fx_stale_calls, 500);
	while (fx_stale_calls < 600 && turns++ < 100) {
		assert_true(fx_stale_calls == 500);
		ev_run(f->loop, EVRUN_NOWAIT);
	}
	assert_int_equal(fx_stale_calls, 600);
	assert_false(ev_is_active(&f->c->fresh_more));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_demand_sliced, setup, teardown),
		cmocka_unit_test_setup_teardown(t_freshness_slices, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

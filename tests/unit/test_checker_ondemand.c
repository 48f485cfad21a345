/*
 * test_checker_ondemand: the checker's on-demand host checks, those another
 * result asks for (Nagios's schedule_host_check from a service's or a
 * host's result), on the fixture of test_checker.c (checker_fx.h).
 *
 * Covered: the gates (active checks off, a forced check pending, the
 * cached_host_check_horizon), a failing service that makes its host
 * checked, and a request that comes while the host's check runs (put
 * off, then kept or replaced by that check's result).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/unit/checker_fx.h"

/*
 * On-demand host checks go through Nagios's schedule_host_check: none for a
 * host whose active checks are off, even with a forced check of it pending
 * later (that event is kept, not run now); one for a host whose checks are
 * on, unless its last result is younger than cached_host_check_horizon.
 */
static void
t_ondemand_gates(void **state)
{
	struct fx *f = *state;
	const struct obj_service *a = objects_find_service(f->gen.objs, "h1", "a");
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	const struct obj_service *d = objects_find_service(f->gen.objs, "h3", "d");
	const struct obj_host *h1 = a->host;
	struct state_common *hs, *h3s;
	time_t now = time(NULL);
	int runs;

	f->c = fx_checker(f);
	hs = &checker_host_states(f->c)[h1->id].c;
	hs->active_checks_enabled = 0;
	h3s = &checker_host_states(f->c)[d->host->id].c;
	h3s->check_period = objects_find_timeperiod(f->gen.objs, "never");
	checker_start(f->c);
	/* a host whose period has no valid time is not on the schedule; a check
	 * asked for on demand waits there with Nagios's DEPENDENCY_CHECK option,
	 * quietly (no "could not be rescheduled" warning) */
	assert_int_equal(h3s->should_be_scheduled, 0);
	runs = f->runs_host;
	assert_int_equal(checker_passive_result(f->c, d->host, d, 2, "broken", now), 0);
	assert_int_equal(f->runs_host, runs);
	assert_int_equal(h3s->check_options, STATE_CKOPT_DEPENDENCY);
	assert_true(h3s->next_check >= now && h3s->next_check <= now + 1);
	assert_int_equal(f->nwarnings, 0);
	checker_schedule(f->c, h1, NULL, now + 3600, 1);
	runs = f->runs_host;
	assert_int_equal(checker_passive_result(f->c, h1, a, 2, "broken", now), 0);
	assert_int_equal(f->runs_host, runs);
	assert_int_equal(hs->next_check, now + 3600);
	assert_int_equal(hs->check_options, STATE_CKOPT_FORCED);
	/* checks on, never checked: the host is checked now */
	assert_int_equal(checker_passive_result(f->c, c->host, c, 2, "broken", now), 0);
	assert_int_equal(f->runs_host, runs + 1);
	/* checked a moment ago: the cached result stands */
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "fine", now), 0);
	assert_int_equal(checker_passive_result(f->c, c->host, c, 2, "broken", now), 0);
	assert_int_equal(f->runs_host, runs + 1);
}

/* a failing service whose host was not checked lately makes the host checked */
static void
t_on_demand_host(void **state)
{
	struct fx *f = *state;
	int d = fx_service_id(f, "h3", "d");

	f->c = fx_checker(f);
	checker_start(f->c);
	f->rc[d] = 2;
	f->host_rc = 0;
	force(f, "h3", "d");
	assert_int_equal(f->runs_svc[d], 1);
	assert_int_equal(f->runs_host, 1);
	assert_int_equal(checker_host_states(f->c)[objects_find_host(f->gen.objs, "h3")->id]
	    .c.has_been_checked, 1);
}

/* hold until a little after a second begins, so what follows stays within
 * that second; the loop's clock, which the checker reads, is brought to now.
 * Not in the first 20 ms: time(), a coarser clock, may still show the second
 * before then. */
static void
start_of_second(struct fx *f)
{
	struct timespec ts;

	for (;;) {
		clock_gettime(CLOCK_REALTIME, &ts);
		if (ts.tv_nsec >= 20000000L && ts.tv_nsec < 200000000L)
			break;
		usleep(5000);
	}
	ev_now_update(f->loop);
}

/* the first part, within one second; 0 when a second began inside it (a
 * stalled machine), so that the times asserted cannot hold: try again */
static int
ondemand_same_second(struct fx *f, const struct obj_service *d)
{
	const struct obj_host *h3 = d->host;
	struct state_common *hs;
	time_t now;
	int runs;

	/* no cached host results: each failure asks for the host */
	f->gen.cfg.cached_host_check_horizon = 0;
	fx_start_held(f);
	hs = &checker_host_states(f->c)[h3->id].c;
	start_of_second(f);
	now = (time_t)ev_now(f->loop);
	force(f, "h3", NULL);
	runs = f->runs_host;
	assert_int_equal(f->npending, 1);
	assert_int_equal(checker_passive_result(f->c, h3, d, 2, "broken", now), 0);
	if ((time_t)ev_time() != now)
		return 0;
	assert_int_equal(f->runs_host, runs);
	assert_int_equal(hs->check_options, STATE_CKOPT_DEPENDENCY);
	assert_int_equal(hs->next_check, now + 60);
	checker_builtin_done(f->pending[--f->npending], 0, "UP\n", 3);
	if ((time_t)ev_time() != now)
		return 0;
	assert_int_equal(f->runs_host, runs);
	assert_int_equal(hs->check_options, STATE_CKOPT_DEPENDENCY);
	assert_int_equal(hs->next_check, now + 60);
	assert_true(wheel_is_scheduled(&f->c->hent[h3->id].we));
	return 1;
}

/*
 * A host check asked for on demand while the host's own check runs (a
 * failing service's, here): Nagios's event for it is refused ("already
 * being executed") and put off a check interval with the DEPENDENCY_CHECK
 * option; the running check's result reschedules the host an interval
 * after its start, which replaces the put-off event only when earlier.
 * Within one second the two times are equal and the put-off event, with
 * its option, stays; a second later the result's own schedule replaces it.
 */
static void
t_ondemand_while_running(void **state)
{
	struct fx *f = *state;
	const struct obj_service *d = objects_find_service(f->gen.objs, "h3", "d");
	const struct obj_host *h3 = d->host;
	struct state_common *hs;
	time_t now;
	int tries = 0;

	while (!ondemand_same_second(f, d)) {
		assert_true(++tries < 5);
		fx_end_all(f);
		teardown(state);
		setup(state);
		f = *state;
		d = objects_find_service(f->gen.objs, "h3", "d");
		h3 = d->host;
	}
	hs = &checker_host_states(f->c)[h3->id].c;

	/* asked for a second after the check started: the result's time wins */
	now = time(NULL);
	force(f, "h3", NULL);
	assert_int_equal(f->npending, 1);
	assert_int_equal(hs->check_options, 0);
	usleep(1100000);
	ev_now_update(f->loop);
	assert_int_equal(checker_passive_result(f->c, h3, d, 0, "fine", time(NULL)), 0);
	assert_int_equal(checker_passive_result(f->c, h3, d, 2, "broken", time(NULL)), 0);
	assert_int_equal(hs->check_options, STATE_CKOPT_DEPENDENCY);
	checker_builtin_done(f->pending[--f->npending], 0, "UP\n", 3);
	assert_int_equal(hs->check_options, 0);
	assert_true(hs->next_check >= now + 60 && hs->next_check <= now + 61);
}

/*
 * SCHEDULE_SVC_CHECK leaves should_be_scheduled as it was, as Nagios's
 * schedule_service_check does: a passive result that changes nothing
 * clears it (the result does not ask for the active check again), and a
 * check scheduled after that, forced or not, does not set it back; the
 * check still runs at its time, and its result sets it.
 */
static void
t_schedule_keeps_should_be_scheduled(void **state)
{
	struct fx *f = *state;
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	struct state_common *cs;
	time_t now;

	cs = fx_c_checked(f, 0.3);
	assert_int_equal(f->runs_svc[c->id], 1);
	assert_int_equal(cs->should_be_scheduled, 1);
	now = time(NULL);
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "same", now), 0);
	assert_int_equal(cs->should_be_scheduled, 0);
	checker_schedule(f->c, c->host, c, now + 1, 0);
	assert_int_equal(cs->should_be_scheduled, 0);
	assert_int_equal(cs->next_check, now + 1);
	run_for(f, 2.2);
	assert_int_equal(f->runs_svc[c->id], 2);
	assert_int_equal(cs->should_be_scheduled, 1);
	/* forced, an hour on */
	now = time(NULL);
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "same", now), 0);
	assert_int_equal(cs->should_be_scheduled, 0);
	checker_schedule(f->c, c->host, c, now + 3600, 1);
	assert_int_equal(cs->should_be_scheduled, 0);
	assert_int_equal(cs->next_check, now + 3600);
	assert_int_equal(cs->check_options, STATE_CKOPT_FORCED);
}

/*
 * A check due while execute_service_checks is off moves a check window on
 * (Nagios's event loop) and leaves should_be_scheduled as it was: cleared
 * by a passive result that changed nothing, it stays cleared.
 */
static void
t_postponed_keeps_should_be_scheduled(void **state)
{
	struct fx *f = *state;
	int b = fx_service_id(f, "h1", "b");
	struct svc_state *ss;
	time_t first;

	f->c = fx_checker(f);
	ss = checker_svc_states(f->c);
	f->gen.cfg.execute_service_checks = 0;
	f->gen.cfg.service_inter_check_delay_method = MAINCFG_ICD_NONE;
	checker_start(f->c);
	first = ss[b].c.next_check;
	ss[b].c.should_be_scheduled = 0;
	run_for(f, 1.2);
	assert_int_equal(f->runs_svc[b], 0);
	assert_true(ss[b].c.next_check >= first + 1);
	assert_int_equal(ss[b].c.should_be_scheduled, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_ondemand_gates, setup, teardown),
		cmocka_unit_test_setup_teardown(t_on_demand_host, setup, teardown),
		cmocka_unit_test_setup_teardown(t_ondemand_while_running, setup, teardown),
		cmocka_unit_test_setup_teardown(t_schedule_keeps_should_be_scheduled, setup, teardown),
		cmocka_unit_test_setup_teardown(t_postponed_keeps_should_be_scheduled, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

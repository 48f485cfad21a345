/*
 * test_checker: the checker on a real libev loop and a real configuration,
 * with the builtin hook standing in for plugins: the test decides each
 * check's exit code and output, and whether it ends at once or later.
 * No process is started (the checker has no pool here).  The fixture is
 * checker_fx.h; on-demand host checks are in test_checker_ondemand.c.
 *
 * Covered: forced checks and the soft/hard sequence seen through the
 * event hook (ALERT type and attempt as logged), the global and per-host
 * gates with the run queue (and the backlog timed while checks wait),
 * scheduling by the wheel (a check runs again after its interval and
 * drift is recorded), a scheduled check's time kept against later or
 * weaker requests and the schedule retention gives at start-up, passive
 * results (and refused ones), check periods that skip (configured ones
 * and a command's overrides), the state carried across a reload (adopt;
 * overrides rebound by name or dropped),
 * stopping with checks in flight (cancel hook), and the interval stretch
 * of an overload (schedules re-timed, the next check an interval times
 * the factor on, the demand unstretched, carried across a reload).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/bgwork.h"
#include "tests/unit/checker_fx.h"

/* forced checks end at once: SOFT 1, SOFT 2, HARD 3, then the recovery */
static void
t_soft_hard(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a");

	f->c = fx_checker(f);
	checker_start(f->c);
	/* a fresh host check first, so the service's failures do not ask for one */
	force(f, "h1", NULL);
	f->rc[a] = 2;
	force(f, "h1", "a");
	force(f, "h1", "a");
	force(f, "h1", "a");
	f->rc[a] = 0;
	force(f, "h1", "a");
	assert_int_equal(f->runs_svc[a], 4);
	assert_int_equal(f->nalerts, 4);
	assert_int_equal(f->steps, 2 * f->results);
	assert_string_equal(f->alerts[0], "h1;a;2;SOFT;1");
	assert_string_equal(f->alerts[1], "h1;a;2;SOFT;2");
	assert_string_equal(f->alerts[2], "h1;a;2;HARD;3");
	assert_string_equal(f->alerts[3], "h1;a;0;HARD;3");
	assert_int_equal(checker_svc_states(f->c)[a].c.current_attempt, 1);
	assert_int_equal(checker_svc_states(f->c)[a].c.state_type, STATE_HARD);
	assert_int_equal(f->results, 5);
}

/* at most two checks at once; the rest wait in the run queue, the oldest's
 * wait growing */
static void
t_global_gate(void **state)
{
	struct fx *f = *state;
	struct checker_stats st;
	struct timespec nap;
	size_t wh, ws;
	double w0;

	f->gen.cfg.global_concurrency = 2;
	fx_start_held(f);
	force(f, "h1", "a");
	force(f, "h1", "b");
	force(f, "h2", "c");
	force(f, "h3", "d");
	assert_int_equal(f->npending, 2);
	checker_stats(f->c, &st);
	assert_int_equal(st.running, 2);
	assert_int_equal(st.queue_depth, 2);
	assert_int_equal(st.queue_max, 2);
	/* waiting to start: c and d in the queue, the hosts on the wheel; a and
	 * b run; off (a period with no valid time) is never scheduled */
	checker_waiting(f->c, &wh, &ws);
	assert_int_equal(wh, 3);
	assert_int_equal(ws, 2);
	/* the oldest waiting check's wait grows while nothing ends */
	w0 = checker_queue_wait(f->c);
	assert_true(w0 >= 0 && w0 < 1.0);
	nap.tv_sec = 0;
	nap.tv_nsec = 60 * 1000 * 1000;
	nanosleep(&nap, NULL);
	assert_true(checker_queue_wait(f->c) >= w0 + 0.05);
	/* the backlog (checks waiting for a slot) is timed, nothing started in it yet */
	checker_stats(f->c, &st);
	assert_true(st.backlog_seconds >= 0.05 && st.backlog_seconds < 1.0);
	assert_true(st.backlog_started == 0);
	/* one ends: the oldest waiting one starts */
	f->hold = 1;
	checker_builtin_done(f->pending[0], 0, "OK\n", 3);
	f->pending[0] = f->pending[--f->npending];
	assert_int_equal(f->npending, 2);
	assert_int_equal(f->runs_svc[fx_service_id(f, "h2", "c")], 1);
	assert_int_equal(f->runs_svc[fx_service_id(f, "h3", "d")], 0);
	fx_end_all(f);
	assert_int_equal(f->runs_svc[fx_service_id(f, "h3", "d")], 1);
	checker_stats(f->c, &st);
	assert_int_equal(st.running, 0);
	assert_int_equal(st.queue_depth, 0);
	assert_true(checker_queue_wait(f->c) == 0);
	/* all ended: every object waits for its next check on the wheel */
	checker_waiting(f->c, &wh, &ws);
	assert_int_equal(wh, 3);
	assert_int_equal(ws, 4);
	/* the services' first results also check their never-checked hosts */
	assert_int_equal(st.checks_finished, 4 + f->runs_host);
	assert_int_equal(st.builtin_started, st.checks_started);
	/* the backlog ended with the queue: the starts it saw are those that
	 * waited (c and d, and any host check queued behind them), not the
	 * first two */
	assert_true(st.backlog_seconds >= 0.06 && st.backlog_seconds < 5.0);
	assert_true(st.backlog_started >= 2 && st.backlog_started <= st.checks_started - 2);
	w0 = st.backlog_seconds;
	nanosleep(&nap, NULL);
	checker_stats(f->c, &st);
	assert_true(st.backlog_seconds == w0);
}

/* one check per address: h1 and h2 share 127.0.0.1, h3 does not */
static void
t_host_gate(void **state)
{
	struct fx *f = *state;
	struct checker_stats st;

	f->gen.cfg.host_concurrency = 1;
	fx_start_held(f);
	force(f, "h1", "a");
	force(f, "h2", "c");
	force(f, "h3", "d");
	assert_int_equal(f->npending, 2);
	assert_int_equal(f->runs_svc[fx_service_id(f, "h2", "c")], 0);
	assert_int_equal(f->runs_svc[fx_service_id(f, "h3", "d")], 1);
	/* waiting for its host's slot is not the machine's limit: no backlog */
	checker_stats(f->c, &st);
	assert_int_equal(st.queue_depth, 1);
	assert_int_equal(f->c->backlog_on, 0);
	assert_true(st.backlog_seconds == 0);
	/* h1's check ends: h2's may start */
	checker_builtin_done(f->pending[0], 0, "OK\n", 3);
	f->pending[0] = f->pending[--f->npending];
	assert_int_equal(f->runs_svc[fx_service_id(f, "h2", "c")], 1);
	f->hold = 0;
	fx_end_all(f);
}

/*
 * The wheel runs every service once within the spread, then again a
 * second later.  The tick timer sleeps through empty ticks meanwhile: at
 * 100 ticks a second over 2.6 s, a timer waking at every tick would wake
 * some 260 times; with 8 objects due about once a second it wakes once
 * per due tick or so.
 */
static void
t_scheduled(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a"), off = fx_service_id(f, "h3", "off");
	struct checker_stats st;

	f->c = fx_checker(f);
	checker_start(f->c);
	run_for(f, 2.6);
	/* first within 1 s (the spread), then every second: 2 or 3 runs */
	assert_true(f->runs_svc[a] >= 2 && f->runs_svc[a] <= 3);
	/* a check period with no valid time at all: never scheduled (Nagios's
	 * init_timing_loop), so never run and never skipped */
	assert_int_equal(f->runs_svc[off], 0);
	assert_int_equal(checker_svc_states(f->c)[off].c.should_be_scheduled, 0);
	checker_stats(f->c, &st);
	assert_int_equal(st.skipped_period, 0);
	assert_true(drift_count(checker_drift(f->c)) >= 8);
	/* nothing else runs on this loop: starts are within a few ticks */
	assert_true(drift_quantile(checker_drift(f->c), 0.5) < 100000);
	/* and the timer woke only for due ticks */
	assert_true(st.tick_wakeups >= 3);
	assert_true(st.tick_wakeups <= 40);
	/* each tick woken noted how late it began */
	assert_int_equal(drift_count(checker_tick_late(f->c)), st.tick_wakeups);
}

/*
 * check_options (Nagios's CHECK_OPTION_ bits, which status.dat and
 * retention carry): a forced check scheduled ahead shows 1 until it
 * starts, a plain one 0, and a plain one does not replace a forced one.
 * A forced check that retention kept for an object whose checks are off
 * runs at its time (Nagios's init_timing_loop keeps it), and leaves 0.
 */
static void
t_check_options(void **state)
{
	struct fx *f = *state;
	const struct obj_service *b = objects_find_service(f->gen.objs, "h1", "b");
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	int d = fx_service_id(f, "h3", "d");
	struct state_common *bs, *cs, *ds;
	time_t now = time(NULL);

	f->c = fx_checker(f);
	ds = &checker_svc_states(f->c)[d].c;
	ds->active_checks_enabled = 0;
	ds->check_options = STATE_CKOPT_FORCED;
	ds->next_check = now + 1;
	checker_start(f->c);
	bs = &checker_svc_states(f->c)[b->id].c;
	cs = &checker_svc_states(f->c)[c->id].c;
	assert_int_equal(ds->should_be_scheduled, 0);
	assert_int_equal(ds->check_options, STATE_CKOPT_FORCED);

	/* next_check is the time asked for, however far (Nagios's strtoul reads
	 * 4294967297 as it is) */
	checker_schedule(f->c, b->host, b, (time_t)4294967297LL, 1);
	assert_int_equal(bs->next_check, (time_t)4294967297LL);
	checker_schedule(f->c, b->host, b, now + 600, 1);
	assert_int_equal(bs->check_options, STATE_CKOPT_FORCED);
	assert_int_equal(bs->next_check, now + 600);
	checker_schedule(f->c, b->host, b, now + 300, 0);
	assert_int_equal(bs->check_options, STATE_CKOPT_FORCED);
	assert_int_equal(bs->next_check, now + 600);
	checker_schedule(f->c, c->host, c, now + 300, 0);
	assert_int_equal(cs->check_options, 0);

	run_for(f, 2.5);
	assert_int_equal(f->runs_svc[d], 1);
	assert_int_equal(ds->check_options, 0);
	/* checks off: nothing reschedules it, next_check stays the forced time */
	assert_int_equal(ds->next_check, now + 1);
	checker_schedule(f->c, objects_find_host(f->gen.objs, "h3"),
	    objects_find_service(f->gen.objs, "h3", "d"), now - 5, 1);
	assert_int_equal(f->runs_svc[d], 2);
	assert_int_equal(ds->next_check, now - 5);
	/* a forced check run now: 0 once it has started */
	checker_check_now(f->c, c->host, c, 1);
	assert_int_equal(cs->check_options, 0);
}

/*
 * A passive result that changes the state asks for the active check again
 * (Nagios's handle_async_service_check_result sets should_be_scheduled on
 * a state or type change): a soft problem brings the next active check to
 * retry_interval on, earlier than the regular one; a result that changes
 * nothing leaves the schedule alone.
 */
static void
t_passive_reschedules(void **state)
{
	struct fx *f = *state;
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	struct state_common *cs;
	int runs;

	cs = fx_c_checked(f, 0.5); /* the first check */
	runs = f->runs_svc[c->id];
	assert_int_equal(runs, 1);
	assert_true(cs->next_check > time(NULL) + 500);

	/* OK again: no change, the next check stays 600 s on */
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "still fine", time(NULL)), 0);
	assert_true(cs->next_check > time(NULL) + 500);
	/* CRITICAL: SOFT 1, retry_interval (1 s) on */
	assert_int_equal(checker_passive_result(f->c, c->host, c, 2, "broken", time(NULL)), 0);
	assert_int_equal(cs->state_type, STATE_SOFT);
	assert_true(cs->next_check <= time(NULL) + 2);
	run_for(f, 2.2);
	assert_true(f->runs_svc[c->id] >= runs + 1);
}

/*
 * A check scheduled stays scheduled with its time when something asks for
 * a later or weaker one: Nagios's schedule_service_check keeps a forced
 * event against any unforced one and sets next_check back to the kept
 * event's time, after handle_async_service_check_result (a passive result
 * that changes the state) or enable_service_checks had put another there.
 */
static void
t_kept_check_time(void **state)
{
	struct fx *f = *state;
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	const time_t far = (time_t)4294967297LL;
	struct state_common *cs;
	time_t now;

	f->c = fx_checker(f);
	cs = &checker_svc_states(f->c)[c->id].c;
	cs->check_interval = 600;
	checker_start(f->c);
	run_for(f, 1.5);
	f->gen.cfg.execute_service_checks = 0;
	checker_schedule(f->c, c->host, c, far, 1);
	assert_int_equal(cs->next_check, far);
	/* a soft problem asks for a retry a second on, the recovery for one
	 * an interval on: the forced check stays */
	assert_int_equal(checker_passive_result(f->c, c->host, c, 2, "broken", time(NULL)), 0);
	assert_int_equal(cs->state_type, STATE_SOFT);
	assert_int_equal(cs->next_check, far);
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "fine", time(NULL)), 0);
	assert_int_equal(cs->next_check, far);
	assert_int_equal(cs->check_options, STATE_CKOPT_FORCED);
	/* what ENABLE_SVC_CHECK does: now, then an unforced check now */
	now = time(NULL);
	cs->next_check = now;
	checker_schedule(f->c, c->host, c, now, 0);
	assert_int_equal(cs->next_check, far);

	/* an unforced check stays against a later unforced one */
	checker_schedule(f->c, c->host, c, now + 100, 1);
	f->c->sent[c->id].forced = 0;
	cs->check_options = 0;
	cs->next_check = now + 300;
	checker_schedule(f->c, c->host, c, now + 300, 0);
	assert_int_equal(cs->next_check, now + 100);
}

/*
 * A check scheduled while the object's check runs (Nagios has no event for
 * it then, so the request becomes one): the running check's result, which
 * reschedules unforced, keeps a forced check scheduled meanwhile, time and
 * option, and replaces an unforced one that is later than its own.
 */
static void
t_scheduled_while_running(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a");
	const struct obj_service *s = &f->gen.objs->services[a];
	struct state_common *st;
	time_t now;

	fx_start_held(f);
	st = &checker_svc_states(f->c)[a].c;
	force(f, "h1", "a");
	assert_int_equal(f->npending, 1);
	now = time(NULL);
	checker_schedule(f->c, s->host, s, now + 3600, 1);
	assert_int_equal(st->next_check, now + 3600);
	assert_int_equal(st->check_options, STATE_CKOPT_FORCED);
	fx_end_all(f);
	assert_int_equal(st->next_check, now + 3600);
	assert_int_equal(st->check_options, STATE_CKOPT_FORCED);
	assert_int_equal(f->c->sent[a].forced, 1);
	assert_true(f->c->sent[a].we.due >= chk_time_tick(f->c, (double)now + 3599));

	/* an unforced request later than the result's own check: replaced */
	force(f, "h1", "a");
	assert_int_equal(f->npending, 1);
	now = time(NULL);
	checker_schedule(f->c, s->host, s, now + 3600, 0);
	assert_int_equal(st->next_check, now + 3600);
	fx_end_all(f);
	assert_int_equal(st->check_options, 0);
	assert_true(st->next_check <= time(NULL) + 2);
}

/*
 * A host's unforced check due within cached_host_check_horizon (15 s) of
 * its last check is refused and moved a check interval on (60 s here);
 * after a passive result (the host not to be scheduled) it is dropped; a
 * forced one runs.
 */
static void
t_cached_host_refused(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h3 = objects_find_host(f->gen.objs, "h3");
	struct state_common *hs;
	time_t now;
	int runs;

	f->c = fx_checker(f);
	checker_start(f->c);
	hs = &checker_host_states(f->c)[h3->id].c;
	force(f, "h3", NULL);
	runs = f->runs_host;
	now = time(NULL);
	checker_schedule(f->c, h3, NULL, now, 0);
	assert_int_equal(f->runs_host, runs);
	assert_true(hs->next_check >= now + 60 && hs->next_check <= now + 61);
	assert_true(wheel_is_scheduled(&f->c->hent[h3->id].we));

	assert_int_equal(checker_passive_result(f->c, h3, NULL, 0, "UP", now), 0);
	assert_int_equal(hs->should_be_scheduled, 0);
	checker_schedule(f->c, h3, NULL, now, 0);
	assert_int_equal(f->runs_host, runs);
	assert_false(wheel_is_scheduled(&f->c->hent[h3->id].we));

	checker_schedule(f->c, h3, NULL, now, 1);
	assert_int_equal(f->runs_host, runs + 1);
}

/*
 * The schedule retention gives at start-up (use_retained_scheduling_info),
 * as Nagios's init_timing_loop takes it: a host's next_check when ahead; a
 * service's when less than a check window ahead, else the service is
 * spread as a new one, still forced when its check was; a forced check of
 * a service whose checks are off at its time exactly, however far.
 */
static void
t_retained_schedule(void **state)
{
	struct fx *f = *state;
	const struct obj_service *b = objects_find_service(f->gen.objs, "h1", "b");
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	const struct obj_service *d = objects_find_service(f->gen.objs, "h3", "d");
	const struct obj_host *h1 = objects_find_host(f->gen.objs, "h1");
	struct state_common *bs, *cs, *ds, *hs;
	time_t now = time(NULL);

	f->c = fx_checker(f);
	bs = &checker_svc_states(f->c)[b->id].c;
	cs = &checker_svc_states(f->c)[c->id].c;
	ds = &checker_svc_states(f->c)[d->id].c;
	hs = &checker_host_states(f->c)[h1->id].c;
	bs->check_interval = cs->check_interval = 600;
	bs->next_check = now + 300;
	cs->next_check = now + 3600;
	cs->check_options = STATE_CKOPT_FORCED;
	ds->active_checks_enabled = 0;
	ds->next_check = (time_t)4294967297LL;
	ds->check_options = STATE_CKOPT_FORCED;
	hs->next_check = now + 3600;
	f->gen.cfg.execute_service_checks = 0;
	/* no inter-check delay: what is spread goes at once */
	f->gen.cfg.service_inter_check_delay_method = MAINCFG_ICD_NONE;
	checker_start(f->c);

	assert_int_equal(bs->next_check, now + 300);
	assert_int_equal(hs->next_check, now + 3600);
	assert_int_equal(ds->next_check, (time_t)4294967297LL);
	assert_true(cs->next_check <= now + 2);
	assert_int_equal(cs->check_options, STATE_CKOPT_FORCED);
	/* spread to now, forced: it runs with service checks off */
	run_for(f, 2.5);
	assert_int_equal(f->runs_svc[c->id], 1);
	assert_int_equal(f->runs_svc[b->id], 0);
}

/*
 * A service's recovery is notified and handled with the id of the problem
 * that ended ($SERVICEPROBLEMID$): Nagios moves it to last_problem_id only
 * after the notification and the event handler.
 */
static void
t_recovery_problem_id(void **state)
{
	struct fx *f = *state;
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	struct state_common *cs;
	unsigned long id;

	f->c = fx_checker(f);
	checker_start(f->c);
	cs = &checker_svc_states(f->c)[c->id].c;
	assert_int_equal(checker_passive_result(f->c, c->host, c, 2, "broken", time(NULL)), 0);
	id = cs->current_problem_id;
	assert_true(id != 0);
	assert_int_equal(f->notify_problem_id, id);
	assert_int_equal(checker_passive_result(f->c, c->host, c, 0, "fine", time(NULL)), 0);
	assert_int_equal(f->notify_problem_id, id);
	assert_int_equal(cs->current_problem_id, 0);
	assert_int_equal(cs->last_problem_id, id);
}

/*
 * What Nagios's init_timing_loop and event loop do with checks that are
 * not to run: no check interval, never scheduled; execute_service_checks
 * off, scheduled all the same and moved a check window on each time one
 * falls due (status.dat shows it scheduled), none run.
 */
static void
t_not_run(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a"), b = fx_service_id(f, "h1", "b");
	struct svc_state *ss;
	time_t first;

	f->c = fx_checker(f);
	ss = checker_svc_states(f->c);
	ss[a].c.check_interval = 0;
	f->gen.cfg.execute_service_checks = 0;
	/* no inter-check delay: what is spread goes at once */
	f->gen.cfg.service_inter_check_delay_method = MAINCFG_ICD_NONE;
	checker_start(f->c);
	assert_int_equal(ss[a].c.should_be_scheduled, 0);
	assert_int_equal(ss[b].c.should_be_scheduled, 1);
	first = ss[b].c.next_check;
	run_for(f, 2.2);
	assert_int_equal(f->runs_svc[a], 0);
	assert_int_equal(f->runs_svc[b], 0);
	assert_int_equal(ss[b].c.should_be_scheduled, 1);
	assert_true(ss[b].c.next_check >= first + 2); /* twice a 1 s window on */
	f->gen.cfg.execute_service_checks = 1;
	run_for(f, 1.2);
	assert_true(f->runs_svc[b] >= 1);
	assert_int_equal(f->runs_svc[a], 0);
}

/*
 * Flapping that starts with a recovery is seen with the problem's attempt:
 * Nagios runs flap detection (and sends FLAPPINGSTART) before it turns the
 * recovery into HARD attempt 1.
 */
static void
t_flap_start_attempt(void **state)
{
	struct fx *f = *state;
	const struct obj_service *a = objects_find_service(f->gen.objs, "h1", "a");
	time_t now = time(NULL);
	int i, k;

	f->gen.cfg.enable_flap_detection = 1;
	f->c = fx_checker(f);
	checker_svc_states(f->c)[a->id].c.flap_detection_enabled = 1;
	checker_start(f->c);
	f->flap_state = -1;
	for (i = 0; i < 12 && f->flap_state < 0; i++) {
		f->nalerts = 0; /* the ALERT lines are not what this test reads */
		for (k = 0; k < 3; k++)
			checker_passive_result(f->c, a->host, a, 2, "broken", now);
		checker_passive_result(f->c, a->host, a, 0, "fine", now);
	}
	assert_int_equal(f->flap_state, 0);       /* it started with a recovery */
	assert_int_equal(f->flap_attempt, 3);     /* the problem's hard attempt */
	assert_int_equal(checker_svc_states(f->c)[a->id].c.current_attempt, 1);
}

/* the checker started with every object's active checks off */
static void
start_disabled(struct fx *f)
{
	unsigned i;

	f->c = fx_checker(f);
	for (i = 0; i < f->gen.objs->nservices; i++)
		checker_svc_states(f->c)[i].c.active_checks_enabled = 0;
	for (i = 0; i < f->gen.objs->nhosts; i++)
		checker_host_states(f->c)[i].c.active_checks_enabled = 0;
	checker_start(f->c);
}

static void
schedule_b(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct fx *f = w->data;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b");

	(void)loop;
	(void)revents;
	checker_schedule(f->c, s->host, s, time(NULL) + 1, 1);
}

/*
 * A check scheduled while the timer sleeps (every object's checks are off:
 * after the first round of services only the hosts' first checks, spread
 * over a minute, are in the wheel, so it sleeps seconds at a time) wakes
 * it in time: the check starts within a few ticks of its due time, not at
 * the end of the sleep.  Disabled objects record no drift, so the one
 * drift is the forced check's.
 */
static void
t_tick_rearm(void **state)
{
	struct fx *f = *state;
	ev_timer sched;
	int b = fx_service_id(f, "h1", "b");

	start_disabled(f);
	/* 1.3 s in, the first round is over and the wheel is empty */
	ev_timer_init(&sched, schedule_b, 1.3, 0);
	sched.data = f;
	ev_timer_start(f->loop, &sched);
	run_for(f, 3.6);
	assert_int_equal(f->runs_svc[b], 1);
	assert_int_equal(drift_count(checker_drift(f->c)), 1);
	assert_true(drift_max(checker_drift(f->c)) < 50000);
}

/* keeps the loop from running for 80 ms, as a machine that stalls */
static void
hog(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)w;
	(void)revents;
	usleep(80000);
}

/* schedule_b, and a hog from 5 ms before the check's due time */
static void
schedule_b_and_hog(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct fx *f = w->data;
	ev_timer *h = f->arg;  /* the hog, not yet started */
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b");
	time_t due = time(NULL) + 1;

	(void)revents;
	checker_schedule(f->c, s->host, s, due, 1);
	ev_timer_set(h, (double)due - ev_time() - 0.005, 0);
	ev_timer_start(loop, h);
}

/*
 * The tick's own lateness: the loop cannot run when the check falls due
 * (it is held 80 ms from 5 ms before the due second; the tick is the
 * first at or after it, at most a tick of 10 ms later), so the tick
 * begins some 60 ms or more after its moment, and the check's drift
 * holds that lateness.  Every other object is disabled, so this is the
 * one tick woken for a check.
 */
static void
t_tick_late(void **state)
{
	struct fx *f = *state;
	ev_timer sched, hold;
	int b = fx_service_id(f, "h1", "b");
	const struct drift *late;
	struct checker_stats st;

	start_disabled(f);
	ev_timer_init(&sched, schedule_b_and_hog, 1.3, 0);
	sched.data = f;
	ev_timer_init(&hold, hog, 1.0, 0);
	f->arg = &hold;
	ev_timer_start(f->loop, &sched);
	run_for(f, 3.6);
	ev_timer_stop(f->loop, &hold);
	assert_int_equal(f->runs_svc[b], 1);
	late = checker_tick_late(f->c);
	checker_stats(f->c, &st);
	assert_int_equal(drift_count(late), st.tick_wakeups);
	assert_true(drift_max(late) >= 50000);
	assert_true(drift_max(checker_drift(f->c)) >= drift_max(late));
}

static void
release_a(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct fx *f = w->data;

	(void)revents;
	f->hold = 0;
	f->released_at = ev_time();
	fx_end_all(f);
	ev_break(loop, EVBREAK_ALL);
}

/*
 * A check that starts late (it waited 1.2 s behind the one check the
 * global gate lets run) counts its next check from its start, as
 * Nagios's next_check counts from the check's start: the next one is a
 * check interval (1 s) after the start, not after the due time, which
 * would be in the past already (an overload's lag would then grow).
 */
static void
t_late_start_moves_schedule(void **state)
{
	struct fx *f = *state;
	ev_timer rel;
	int b = fx_service_id(f, "h1", "b");
	const struct svc_state *ss;

	f->gen.cfg.global_concurrency = 1;
	fx_start_held(f);
	force(f, "h1", "a");
	force(f, "h1", "b");
	assert_int_equal(f->npending, 1);
	assert_int_equal(f->runs_svc[b], 0);
	ev_timer_init(&rel, release_a, 1.2, 0);
	rel.data = f;
	ev_timer_start(f->loop, &rel);
	ev_run(f->loop, 0);
	assert_int_equal(f->runs_svc[b], 1);
	ss = &checker_svc_states(f->c)[b];
	/* started about 1.2 s late */
	assert_true(drift_max(checker_drift(f->c)) >= 1000000);
	/* next_check is whole seconds: floor(start + 1) is after the release,
	 * floor(due + 1) = floor(release - 0.2) is before it.  The start counts
	 * in whole ticks from the due tick (both rounded down, 10 ms each), so
	 * a release in the first 20 ms of a second gives the second it began
	 * in: still well after floor(release - 0.2) */
	assert_true((double)ss->c.next_check > f->released_at - 0.05);
	assert_true((double)ss->c.next_check <= f->released_at + 1.0);
}

/* passive results go through the state machine; refused when switched off */
static void
t_passive(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b");
	struct svc_state *ss;

	f->c = fx_checker(f);
	checker_start(f->c);
	ss = &checker_svc_states(f->c)[s->id];
	assert_int_equal(checker_passive_result(f->c, s->host, s, 1, "WARN passive", 1000), 0);
	assert_int_equal(ss->c.current_state, 1);
	assert_int_equal(ss->c.check_type, STATE_CHECK_PASSIVE);
	assert_string_equal(ss->c.output, "WARN passive");
	assert_int_equal(f->nalerts, 1);
	ss->c.passive_checks_enabled = 0;
	assert_int_equal(checker_passive_result(f->c, s->host, s, 2, "CRIT", 1000), -1);
	assert_int_equal(ss->c.current_state, 1);
}

/*
 * An active result from a check result file: taken whatever the passive
 * switches say, Nagios's exit mapping (exited_ok=0: "did not exit
 * properly", CRITICAL, with its warning), the file's times and latency;
 * a passive one from a file keeps the file's latency and run time too.
 */
static int nchkwarn, lastkind;

static void
hook_check_warning(void *arg, time_t t, int kind, const struct obj_host *h,
    const struct obj_service *s, double exec_time, int rc)
{
	(void)arg;
	(void)t;
	(void)h;
	(void)s;
	(void)exec_time;
	(void)rc;
	nchkwarn++;
	lastkind = kind;
}

static void
t_file_result(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b");
	const struct obj_host *h = objects_find_host(f->gen.objs, "h3");
	struct checker_hooks hooks;
	struct check_result cr;
	struct svc_state *ss;
	struct host_state *hs;

	memset(&hooks, 0, sizeof(hooks));
	hooks.arg = f;
	hooks.run_builtin = hook_run;
	hooks.event = hook_event;
	hooks.check_warning = hook_check_warning;
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
	checker_start(f->c);
	ss = &checker_svc_states(f->c)[s->id];
	hs = &checker_host_states(f->c)[h->id];
	ss->c.passive_checks_enabled = 0;
	nchkwarn = 0;
	memset(&cr, 0, sizeof(cr));
	check_result_from_file(&cr, 0, "h1", "b", 0, 0, 0, "fine really", 11, 1000.25, 1002.75,
	    &f->gen.cfg);
	cr.latency = 0.5;
	assert_int_equal(checker_file_result(f->c, s->host, s, &cr), 0);
	assert_null(cr.output);
	assert_int_equal(ss->c.current_state, 2);
	assert_int_equal(ss->c.check_type, STATE_CHECK_ACTIVE);
	assert_string_equal(ss->c.output, "(Service check did not exit properly)");
	assert_true(fabs(ss->c.execution_time - 2.5) < 1e-6);
	assert_true(fabs(ss->c.latency - 0.5) < 1e-6);
	assert_int_equal(ss->c.last_check, 1000);
	assert_int_equal(nchkwarn, 1);
	assert_int_equal(lastkind, CHECK_WARN_NOT_EXITED);
	/* a timed-out one: the timeout text with its run time, the timeout state */
	check_result_from_file(&cr, 0, "h1", "b", 0, 1, 1, "", 0, 1010.0, 1012.5, &f->gen.cfg);
	assert_string_equal(cr.output, "(Service check timed out after 2.50 seconds)");
	assert_int_equal(checker_file_result(f->c, s->host, s, &cr), 0);
	assert_int_equal(lastkind, CHECK_WARN_TIMEOUT);
	/* a host's that did not exit properly is DOWN */
	check_result_from_file(&cr, 1, "h3", NULL, 0, 0, 0, "x", 1, 1020.0, 1020.0, &f->gen.cfg);
	assert_int_equal(checker_file_result(f->c, h, NULL, &cr), 0);
	assert_int_equal(hs->c.current_state, 1);
	assert_string_equal(hs->c.output, "(Host check did not exit properly)");
	/* passive from a file: refused while passive checks are off ... */
	assert_int_equal(check_result_passive(&cr, 0, 1, "warn", 4, 1030), 0);
	cr.check_type = STATE_CHECK_PASSIVE;
	assert_int_equal(checker_file_result(f->c, s->host, s, &cr), -1);
	assert_null(cr.output);
	/* ... and taken with the file's latency once they are on */
	ss->c.passive_checks_enabled = 1;
	assert_int_equal(check_result_passive(&cr, 0, 1, "warn", 4, 1030), 0);
	cr.check_type = STATE_CHECK_PASSIVE;
	cr.finish.tv_sec = 1031;
	cr.latency = 0.25;
	assert_int_equal(checker_file_result(f->c, s->host, s, &cr), 0);
	assert_int_equal(ss->c.current_state, 1);
	assert_int_equal(ss->c.check_type, STATE_CHECK_PASSIVE);
	assert_true(fabs(ss->c.latency - 0.25) < 1e-6);
	assert_true(fabs(ss->c.execution_time - 1.0) < 1e-6);
}

/*
 * A check whose result never comes (a hung worker, a builtin that never
 * reports) is given up as Nagios's check_for_orphaned_services and _hosts
 * do: once it has run its timeout + check_result_reaper_frequency + 600 s,
 * Nagios's warning and an immediate check; a late result is dropped.
 * check_for_orphaned_services=0 keeps waiting.
 */
static void
t_orphaned_check(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a");
	const struct obj_host *h1 = objects_find_host(f->gen.objs, "h1");
	time_t now;
	char want[256];

	fx_start_held(f);
	now = (time_t)ev_now(f->loop);
	force(f, "h1", "a");
	assert_int_equal(f->runs_svc[a], 1);
	assert_int_equal(f->npending, 1);
	/* service_check_timeout 60, check_result_reaper_frequency 10, slack 600 */
	assert_int_equal(checker_orphans(f->c, now + 669), 0);
	assert_int_equal(f->nwarnings, 0);
	f->gen.cfg.check_for_orphaned_services = 0;
	assert_int_equal(checker_orphans(f->c, now + 3600), 0);
	f->gen.cfg.check_for_orphaned_services = 1;
	assert_int_equal(checker_orphans(f->c, now + 672), 1);
	assert_int_equal(f->nwarnings, 1);
	snprintf(want, sizeof(want), "The check of service 'a' on host 'h1' looks like it was "
	    "orphaned (results never came back; last_check=0; next_check=%lu).  I'm scheduling "
	    "an immediate check of the service...",
	    (unsigned long)checker_svc_states(f->c)[a].c.next_check);
	assert_string_equal(f->warning, want);
	/* the held run was cancelled, the check runs again at once */
	assert_int_equal(f->cancelled, 1);
	assert_int_equal(f->runs_svc[a], 2);
	assert_int_equal(f->npending, 1);
	fx_end_all(f);
	assert_int_equal(checker_svc_states(f->c)[a].c.has_been_checked, 1);
	/* hosts: their own words */
	checker_check_now(f->c, h1, NULL, 1);
	assert_int_equal(f->npending, 1);
	f->gen.cfg.check_for_orphaned_hosts = 0;
	assert_int_equal(checker_orphans(f->c, now + 3600), 0);
	f->gen.cfg.check_for_orphaned_hosts = 1;
	assert_int_equal(checker_orphans(f->c, now + 3600), 1);
	assert_string_equal(f->warning, "The check of host 'h1' looks like it was orphaned "
	    "(results never came back).  I'm scheduling an immediate check of the host...");
	fx_end_all(f);
}

/*
 * A check ended as a timeout by the worker pool (a plugin killed at its
 * timeout, or the check of a worker that stopped answering) is over: the
 * orphan check never fires for it as well, however late it looks; only
 * the retry it brings is still running, and can be.
 */
static void
t_timeout_not_orphaned(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a");
	const struct svc_state *ss;
	time_t now;

	fx_start_held(f);
	now = (time_t)ev_now(f->loop);
	force(f, "h1", "a");
	assert_int_equal(f->npending, 1);
	checker_builtin_done(f->pending[--f->npending], -1, NULL, 0);
	ss = &checker_svc_states(f->c)[a];
	assert_non_null(ss->c.output);
	assert_true(strncmp(ss->c.output, "(Service check timed out after ", 31) == 0);
	assert_int_equal(ss->c.current_state, 2);
	/* the retry it brings runs; of the two runs only that one can be orphaned */
	assert_int_equal(f->npending, 1);
	assert_int_equal(checker_orphans(f->c, now + 3600), 1);
	fx_end_all(f);
	assert_int_equal(checker_orphans(f->c, now + 3600), 0);
}

/* what the run_remote hook of t_remote saw and does */
static struct checker_run *remote_run;
static const struct obj_service *remote_svc;
/* when set, the only service the hook takes */
static const struct obj_service *remote_only;
static char remote_line[128];
static int remote_take, remote_cancels;

static int
hook_remote(void *arg, struct checker_run *run, const struct obj_host *h,
    const struct obj_service *s, const char *line, double timeout)
{
	(void)arg;
	(void)h;
	assert_true(timeout > 0);
	/* host checks (the on-demand ones a problem brings too) run here, and
	 * with remote_only set every other service too */
	if (!remote_take || s == NULL || (remote_only != NULL && s != remote_only))
		return 0;
	remote_run = run;
	remote_svc = s;
	snprintf(remote_line, sizeof(remote_line), "%s", line);
	return 1;
}

static void
hook_remote_cancel(void *arg, struct checker_run *run)
{
	(void)arg;
	assert_ptr_equal(run, remote_run);
	remote_run = NULL;
	remote_cancels++;
}

/*
 * A check taken by run_remote never reaches the builtin hook; its result
 * comes with the times it ran elsewhere and is applied as a local one (a
 * timeout there gives Nagios's timeout text and state); a check the hook
 * declines runs here; one it holds is cancelled when the run is given up.
 */
static void
t_remote(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b");
	struct timeval t0 = { 2000, 0 }, t1 = { 2003, 500000 };
	struct checker_hooks hooks;
	struct checker_stats st;
	struct svc_state *ss;
	time_t now;

	fx_hooks(f, &hooks);
	hooks.run_remote = hook_remote;
	hooks.cancel_remote = hook_remote_cancel;
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
	checker_start(f->c);
	ss = &checker_svc_states(f->c)[s->id];
	remote_take = 1;
	remote_cancels = 0;
	force(f, "h1", "b");
	assert_non_null(remote_run);
	assert_ptr_equal(remote_svc, s);
	assert_string_equal(remote_line, "fake h1 b");
	assert_int_equal(f->runs_svc[s->id], 0);
	assert_int_equal(ss->c.is_executing, 1);
	checker_remote_done(remote_run, 1, 0, "WARN there\n", 11, &t0, &t1);
	assert_int_equal(ss->c.is_executing, 0);
	assert_int_equal(ss->c.current_state, 1);
	assert_string_equal(ss->c.output, "WARN there");
	assert_int_equal(ss->c.check_type, STATE_CHECK_ACTIVE);
	assert_int_equal(ss->c.last_check, 2000);
	assert_true(fabs(ss->c.execution_time - 3.5) < 1e-6);
	/* cut by its timeout where it ran */
	force(f, "h1", "b");
	checker_remote_done(remote_run, 0, 1, NULL, 0, &t0, &t1);
	assert_string_equal(ss->c.output, "(Service check timed out after 3.50 seconds)");
	assert_int_equal(ss->c.current_state, f->gen.cfg.service_check_timeout_state);
	checker_stats(f->c, &st);
	assert_int_equal(st.remote_started, 2);
	/* declined: it runs here */
	remote_take = 0;
	force(f, "h1", "b");
	assert_int_equal(f->runs_svc[s->id], 1);
	/* held, then given up as orphaned: the hook hears of it */
	remote_take = 1;
	remote_run = NULL;
	force(f, "h1", "b");
	assert_non_null(remote_run);
	now = (time_t)ev_now(f->loop);
	remote_take = 0; /* the immediate check that follows runs here */
	assert_int_equal(checker_orphans(f->c, now + 3600), 1);
	assert_int_equal(remote_cancels, 1);
	assert_null(remote_run);
}

/*
 * At a reload a check the run_remote hook holds moves to the new checker
 * when the hook's link stays (checker_carry_remote): not cancelled, found
 * at its object of the new generation, its result taken there, and not
 * started again.  Without it, it is cancelled and runs again at once.
 */
/* h1;b forced, held by the hook, then a reload onto a new checker (with
 * checker_carry_remote when carry): the run that was held */
static struct checker_run *
remote_reload(struct fx *f, const struct checker_hooks *hooks, int carry)
{
	struct checker_run *held;
	struct checker *old = f->c;

	remote_run = NULL;
	force(f, "h1", "b");
	held = remote_run;
	assert_non_null(held);
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, hooks, 1000);
	if (carry)
		checker_carry_remote(f->c);
	checker_adopt(f->c, old);
	assert_int_equal(checker_free(old, 0), 0);
	return held;
}

static void
t_adopt_remote(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h1", "b"), *rs;
	const struct obj_host *rh;
	struct timeval t0 = { 2000, 0 }, t1 = { 2001, 0 };
	struct checker_hooks hooks;
	struct checker_stats st;
	struct checker_run *held;

	fx_hooks(f, &hooks);
	hooks.run_remote = hook_remote;
	hooks.cancel_remote = hook_remote_cancel;
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
	checker_start(f->c);
	remote_take = 1;
	remote_cancels = 0;
	/* only b goes to the hook: on a slow run (a sanitizer's) others fall due too */
	remote_only = s;
	/* the link stays */
	held = remote_reload(f, &hooks, 1);
	assert_int_equal(remote_cancels, 0);
	assert_ptr_equal(remote_run, held);
	assert_int_equal(checker_run_object(held, &rh, &rs), 0);
	assert_ptr_equal(rs, s);
	assert_ptr_equal(rh, s->host);
	assert_int_equal(checker_svc_states(f->c)[s->id].c.is_executing, 1);
	checker_start(f->c);
	checker_stats(f->c, &st);
	assert_int_equal(st.running, 1);
	assert_ptr_equal(remote_run, held); /* not started again */
	checker_remote_done(held, 1, 0, "WARN kept\n", 10, &t0, &t1);
	assert_string_equal(checker_svc_states(f->c)[s->id].c.output, "WARN kept");
	assert_int_equal(checker_svc_states(f->c)[s->id].c.is_executing, 0);
	checker_stats(f->c, &st);
	assert_int_equal(st.running, 0);
	/* the link is made again: the run is cancelled, the check due at once */
	(void)remote_reload(f, &hooks, 0);
	assert_int_equal(remote_cancels, 1);
	assert_null(remote_run);
	checker_start(f->c);
	run_for(f, 0.05);
	assert_non_null(remote_run);
	assert_int_equal(checker_run_object(remote_run, &rh, &rs), 0);
	assert_ptr_equal(rs, s);
	remote_only = NULL;
}

/*
 * A new checker takes the states of the old one and its checks in flight:
 * the result of a check held across the reload is taken by the new
 * generation (nothing cancelled, nothing dropped), and a check waiting in
 * the run queue (the global gate full) starts at once on the new one.
 */
static void
t_adopt_and_stop(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a"), b = fx_service_id(f, "h1", "b");
	int d = fx_service_id(f, "h3", "d");
	struct checker_stats st;
	struct checker *old;
	struct checker_hooks hooks;

	f->gen.cfg.global_concurrency = 1;
	f->c = fx_checker(f);
	checker_start(f->c);
	force(f, "h1", NULL);
	f->rc[a] = 2;
	force(f, "h1", "a");
	force(f, "h1", "a");
	f->hold = 1;
	force(f, "h1", "b");
	force(f, "h3", "d");
	assert_int_equal(f->npending, 1);
	assert_int_equal(f->runs_svc[d], 0);
	old = f->c;
	fx_hooks(f, &hooks);
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
	checker_adopt(f->c, old);
	/* nothing in flight is left on the old one: it is freed beside the loop */
	assert_int_equal(checker_retire(old), 0);
	bgwork_drain();
	assert_int_equal(f->cancelled, 0);
	assert_int_equal(f->npending, 1);
	assert_int_equal(checker_svc_states(f->c)[a].c.current_attempt, 2);
	assert_string_equal(checker_svc_states(f->c)[a].c.output, "fake result 2");
	assert_int_equal(checker_svc_states(f->c)[b].c.is_executing, 1);
	checker_start(f->c);
	/* b still holds the one slot: d waits in the new run queue */
	checker_stats(f->c, &st);
	assert_int_equal(st.running, 1);
	assert_int_equal(st.queue_depth, 1);
	f->hold = 0;
	fx_end_all(f);
	assert_string_equal(checker_svc_states(f->c)[b].c.output, "OK");
	assert_int_equal(checker_svc_states(f->c)[b].c.is_executing, 0);
	/* the slot b freed went to d, on the new generation */
	assert_int_equal(f->runs_svc[d], 1);
	force(f, "h1", "a");
	assert_string_equal(f->alerts[f->nalerts - 1], "h1;a;2;HARD;3");
}

/* a command's check period wins over the configured one, both ways */
static void
t_period_override(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a"), off = fx_service_id(f, "h3", "off");
	struct svc_state *ss;

	f->c = fx_checker(f);
	ss = checker_svc_states(f->c);
	ss[off].c.check_period = objects_find_timeperiod(f->gen.objs, "always");
	checker_start(f->c);
	/* a's period loses its every valid time once a is scheduled */
	ss[a].c.check_period = objects_find_timeperiod(f->gen.objs, "never");
	run_for(f, 1.6);
	/* a: skipped; with no valid time left it is tried again a check interval
	 * on (plus up to a window), with Nagios's warning */
	assert_int_equal(f->runs_svc[a], 0);
	assert_int_equal(ss[a].c.should_be_scheduled, 1);
	assert_true(ss[a].c.next_check >= time(NULL));
	assert_true(ss[a].c.next_check <= time(NULL) + 3);
	assert_true(f->nwarnings >= 1);
	assert_non_null(strstr(f->warning, "Check of service 'a' on host 'h1' could not be "
	                                   "rescheduled properly.  Scheduling check for "));
	assert_non_null(strstr(f->warning, "\n..."));
	assert_true(f->runs_svc[off] >= 1);
	assert_true(f->runs_svc[fx_service_id(f, "h1", "b")] >= 1);
	/* a forced check ignores the period */
	force(f, "h1", "a");
	assert_int_equal(f->runs_svc[a], 1);
}

/* a reload rebinds the overrides by name, drops what is gone with its bit,
 * and moves the variables' strings */
static void
t_adopt_overrides(void **state)
{
	struct fx *f = *state;
	struct config_gen gen2;
	struct checker *nc;
	struct state_common *a, *b, *na, *nb;
	char path[256], *kept;

	f->c = fx_checker(f);
	a = &checker_svc_states(f->c)[fx_service_id(f, "h1", "a")].c;
	b = &checker_svc_states(f->c)[fx_service_id(f, "h1", "b")].c;
	a->check_period = objects_find_timeperiod(f->gen.objs, "never");
	a->notification_period = objects_find_timeperiod(f->gen.objs, "always");
	state_var_set(&a->vars, "ROLE", "changed");
	a->modified_attributes = STATE_MODATTR_CHECK_TIMEPERIOD |
	    STATE_MODATTR_NOTIFICATION_TIMEPERIOD | STATE_MODATTR_CUSTOM_VARIABLE;
	state_var_set(&b->vars, "ROLE", "kept");
	b->modified_attributes = STATE_MODATTR_CUSTOM_VARIABLE;
	kept = b->vars.v[0].value;
	write_file(f->dir, "objects2.cfg", objects2_cfg);
	snprintf(path, sizeof(path), "cfg_file=%s/objects2.cfg\ncheck_result_path=%s\n", f->dir,
	    f->dir);
	write_file(f->dir, "nagios2.cfg", path);
	snprintf(path, sizeof(path), "%s/nagios2.cfg", f->dir);
	memset(&gen2, 0, sizeof(gen2));
	assert_int_equal(config_read(path, NULL, f->d, NULL, &gen2), CONFIG_OK);
	nc = checker_new(f->loop, gen2.objs, &gen2.cfg, NULL, NULL, 1000);
	checker_adopt(nc, f->c);
	/* the old states hold nothing any more */
	assert_int_equal(a->vars.n + b->vars.n, 0);
	assert_null(a->check_period);
	assert_int_equal(checker_free(f->c, 0), 0);
	f->c = NULL;
	na = &checker_svc_states(nc)[objects_find_service(gen2.objs, "h1", "a")->id].c;
	nb = &checker_svc_states(nc)[objects_find_service(gen2.objs, "h1", "b")->id].c;
	assert_null(na->check_period);
	assert_ptr_equal(na->notification_period, objects_find_timeperiod(gen2.objs, "always"));
	assert_int_equal(na->vars.n, 0);
	assert_int_equal(na->modified_attributes, STATE_MODATTR_NOTIFICATION_TIMEPERIOD);
	assert_int_equal(nb->vars.n, 1);
	assert_ptr_equal(nb->vars.v[0].value, kept);
	assert_string_equal(nb->vars.v[0].value, "kept");
	assert_int_equal(nb->modified_attributes, STATE_MODATTR_CUSTOM_VARIABLE);
	checker_free(nc, 1);
	config_gen_free(&gen2);
	snprintf(path, sizeof(path), "%s/objects2.cfg", f->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/nagios2.cfg", f->dir);
	unlink(path);
}

/*
 * The first checks are spread evenly over the interval (Nagios's
 * inter-check delay and interleave, checker_spread.c).  At one tick a
 * second over 60 s, next_check (whole seconds) shows the ticks: 2 000
 * services spread evenly put about 33 on each second, at most ~50 (a
 * hash of the name put 80 or more on some).
 */
static void
t_first_spread_even(void **state)
{
	struct fx *f = *state;
	const struct svc_state *ss;
	int per_s[64] = { 0 }, i, max = 0;
	time_t base;

	fx_estate(f, 1000, 2000, 1);
	ss = checker_svc_states(f->c);
	base = ss[0].c.next_check;
	for (i = 0; i < 2000; i++)
		if (ss[i].c.next_check < base)
			base = ss[i].c.next_check;
	for (i = 0; i < 2000; i++) {
		long k = (long)(ss[i].c.next_check - base);

		assert_true(k >= 0 && k < 64);
		per_s[k]++;
	}
	for (i = 0; i < 64; i++)
		if (per_s[i] > max)
			max = per_s[i];
	assert_true(max <= 55);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* the wheel's due ticks of every host and service but services skip and
 * skip2, sorted; returns how many */
static int
fx_dues(struct fx *f, uint64_t *due, int hosts, int services, int skip, int skip2)
{
	int i, n = 0;

	for (i = 0; i < hosts; i++)
		due[n++] = f->c->hent[i].we.due;
	for (i = 0; i < services; i++)
		if (i != skip && i != skip2)
			due[n++] = f->c->sent[i].we.due;
	qsort(due, (size_t)n, sizeof(due[0]), cmp_u64);
	return n;
}

/*
 * At 100 ticks a second, 400 hosts and 600 services checked every 60 s
 * get their first checks in the seconds Nagios's inter-check delays give
 * (services 0.1 s apart, hosts 0.15 s: 16 or 17 a second), each second's
 * placed evenly across it: about 6 ticks apart, none sharing a tick
 * (random starts overlapped, and two plugins running at once cost more
 * each than one at a time), though the two delays alone would start
 * a host and a service together every 0.3 s.  The start's own second
 * takes its checks in what is left of it.
 */
static void
t_first_spread_apart(void **state)
{
	struct fx *f = *state;
	uint64_t due[1000];
	int i, n;

	fx_estate(f, 400, 600, 100);
	n = fx_dues(f, due, 400, 600, -1, -1);
	assert_int_equal(n, 1000);
	assert_true(due[0] >= 1);
	assert_true(due[999] <= 6100);
	/* past the start's own second (what is left of it may be under a tick) */
	for (i = 1; i < n; i++)
		if (due[i - 1] >= 100)
			assert_true(due[i] - due[i - 1] >= 5 && due[i] - due[i - 1] <= 10);
}

/*
 * A stretch re-times what is on the wheel at once: the first checks of
 * 1 000 objects (one a minute each at 100 ticks a second) go twice as far
 * from now at a factor of 2 and back at 1, next_check following; a check
 * scheduled for a set time (SCHEDULE_SVC_CHECK) is not moved, nor one
 * whose active checks are off.  The
 * demand is the unstretched 1 000 a minute, less what is not on an
 * interval or not checked actively.
 */
static void
t_stretch_retimes(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s9;
	uint64_t first[1000], set_due, off_due;
	int i;

	fx_estate(f, 400, 600, 100);
	f->c->t0_mono += 3600.0; /* held before tick 0: a slow run passed the first dues */
	for (i = 0; i < 400; i++)
		first[i] = f->c->hent[i].we.due;
	for (i = 0; i < 600; i++)
		first[400 + i] = f->c->sent[i].we.due;
	assert_true(fabs(checker_demand(f->c) - 1000.0 / 60) < 1e-9);
	s9 = &f->gen.objs->services[9];
	checker_schedule(f->c, s9->host, s9, time(NULL) + 5, 0);
	set_due = f->c->sent[9].we.due;
	assert_int_equal(f->c->sent[9].stretched, 0);
	assert_true(fabs(checker_demand(f->c) - 999.0 / 60) < 1e-9);
	checker_set_stretch(f->c, 2.0);
	assert_true(f->c->stretch == 2.0);
	assert_true(f->c->sent[9].we.due == set_due);
	/* every other one twice as far from now (tick 0) */
	for (i = 0; i < 400; i++) {
		assert_true(f->c->hent[i].we.due == 2 * first[i]);
		assert_true(checker_host_states(f->c)[i].c.next_check ==
		    (time_t)floor(chk_tick_time(f->c, f->c->hent[i].we.due)));
	}
	for (i = 0; i < 600; i++)
		if (i != 9)
			assert_true(f->c->sent[i].we.due == 2 * first[400 + i]);
	/* the demand is what the schedules ask for unstretched */
	assert_true(fabs(checker_demand(f->c) - 999.0 / 60) < 1e-9);
	checker_svc_states(f->c)[3].c.active_checks_enabled = 0;
	assert_true(fabs(checker_demand(f->c) - 998.0 / 60) < 1e-9);
	off_due = f->c->sent[3].we.due;
	checker_set_stretch(f->c, 1.0);
	assert_true(f->c->sent[9].we.due == set_due);
	/* switched off: skipped when due, not moved */
	assert_true(f->c->sent[3].we.due == off_due);
	/* the others back where they were */
	for (i = 0; i < 400; i++)
		assert_true(f->c->hent[i].we.due == first[i]);
	for (i = 0; i < 600; i++)
		if (i != 9 && i != 3)
			assert_true(f->c->sent[i].we.due == first[400 + i]);
	/* below 1 is 1 */
	checker_set_stretch(f->c, 0.5);
	assert_true(f->c->stretch == 1.0);
}

/* under a stretch of 3 a check's next is 3 intervals after its start, and
 * a new generation keeps the stretch */
static void
t_stretch_next_check(void **state)
{
	struct fx *f = *state;
	int a = fx_service_id(f, "h1", "a");
	uint64_t start;
	struct checker *old;

	f->c = fx_checker(f);
	checker_start(f->c);
	checker_set_stretch(f->c, 3.0);
	start = chk_time_tick(f->c, ev_time());
	force(f, "h1", "a");
	assert_int_equal(f->runs_svc[a], 1);
	/* check_interval 1 s at 100 ticks a second: 300 ticks on, not 100
	 * (the wall clock's tick may round one above the loop's) */
	assert_true(f->c->sent[a].we.due + 1 >= start + 300);
	assert_true(f->c->sent[a].we.due <= start + 302);
	assert_int_equal(f->c->sent[a].stretched, 1);
	assert_true(f->c->sent[a].base_s == 1.0f);
	old = f->c;
	f->c = fx_checker(f);
	checker_adopt(f->c, old);
	assert_int_equal(checker_free(old, 0), 0);
	assert_true(f->c->stretch == 3.0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_soft_hard, setup, teardown),
		cmocka_unit_test_setup_teardown(t_global_gate, setup, teardown),
		cmocka_unit_test_setup_teardown(t_check_options, setup, teardown),
		cmocka_unit_test_setup_teardown(t_passive_reschedules, setup, teardown),
		cmocka_unit_test_setup_teardown(t_kept_check_time, setup, teardown),
		cmocka_unit_test_setup_teardown(t_scheduled_while_running, setup, teardown),
		cmocka_unit_test_setup_teardown(t_cached_host_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retained_schedule, setup, teardown),
		cmocka_unit_test_setup_teardown(t_recovery_problem_id, setup, teardown),
		cmocka_unit_test_setup_teardown(t_not_run, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flap_start_attempt, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_gate, setup, teardown),
		cmocka_unit_test_setup_teardown(t_tick_rearm, setup, teardown),
		cmocka_unit_test_setup_teardown(t_tick_late, setup, teardown),
		cmocka_unit_test_setup_teardown(t_late_start_moves_schedule, setup, teardown),
		cmocka_unit_test_setup_teardown(t_scheduled, setup, teardown),
		cmocka_unit_test_setup_teardown(t_first_spread_even, setup, teardown),
		cmocka_unit_test_setup_teardown(t_first_spread_apart, setup, teardown),
		cmocka_unit_test_setup_teardown(t_passive, setup, teardown),
		cmocka_unit_test_setup_teardown(t_file_result, setup, teardown),
		cmocka_unit_test_setup_teardown(t_timeout_not_orphaned, setup, teardown),
		cmocka_unit_test_setup_teardown(t_orphaned_check, setup, teardown),
		cmocka_unit_test_setup_teardown(t_remote, setup, teardown),
		cmocka_unit_test_setup_teardown(t_adopt_and_stop, setup, teardown),
		cmocka_unit_test_setup_teardown(t_adopt_remote, setup, teardown),
		cmocka_unit_test_setup_teardown(t_period_override, setup, teardown),
		cmocka_unit_test_setup_teardown(t_adopt_overrides, setup, teardown),
		cmocka_unit_test_setup_teardown(t_stretch_retimes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_stretch_next_check, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

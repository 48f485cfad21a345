/*
 * checker: scheduling and running the checks of one generation (see
 * checker.h).
 *
 * Time: tick k is the instant t0 + k / ticks_per_second, t0 being the
 * loop time at the first generation's checker_start; a reload keeps t0
 * (checker_adopt), so every schedule the new generation keeps stands for
 * the same instant, to the tick.  Every host and service has one struct
 * chk_ent, which sits in the wheel (waiting for its due tick), in the run
 * queue (due, waiting for a gate) or in neither (running, or not
 * scheduled).  The wheel timer fires at the ticks where something is
 * due (at every tick while the run queue holds checks); entries that
 * fall due go to the run queue, and the queue is drained as far as the
 * gates allow at every wake-up and after every result.  Drift is
 * measured from the due tick's instant to the start; due times are whole
 * ticks, so drift is what the loop adds, not the tick width.
 *
 * The next check keeps the sub-second phase of the last start: the state
 * machine says whether and how many seconds later (its next_check is
 * whole seconds, as Nagios's), and the entry is put that many ticks after
 * its start tick.  So 50 000 checks spread over a minute stay spread, and
 * do not bunch at whole seconds.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ev.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/timerfd.h>
#endif

#include "compat/config/maincfg.h"
#include "engine/check/checker.h"
#include "engine/check/checker_int.h"
#include "engine/check/depend.h"
#include "engine/check/statemachine.h"
#include "engine/objects/objects.h"
#include "engine/sched/clockstep.h"
#include "engine/sched/drift.h"
#include "engine/sched/runq.h"
#include "engine/sched/wheel.h"
#include "engine/time/timeperiod.h"
#include "engine/util/bgwork.h"
#include "engine/util/hash.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"

#define CHK_WHEEL_SLOTS 65536

static struct chk_ent *
chk_from_wheel(struct wheel_ent *we)
{
	return (struct chk_ent *)((char *)we - offsetof(struct chk_ent, we));
}

static struct chk_ent *
chk_from_runq(struct runq_ent *re)
{
	return (struct chk_ent *)((char *)re - offsetof(struct chk_ent, re));
}

/*
 * Two clocks: ticks and drift run on the monotonic clock, as libev's
 * timers do, so a wall clock being slewed (NTP) or stepped cannot make
 * the timer fire "early" against the ticks; wall-clock times (next_check,
 * check periods, the state machine's times) map to ticks through t0, which
 * moves with every step of the wall clock (checker_clock.c), so a tick
 * keeps its instant whatever the wall clock says.
 */
double
chk_mono(void)
{
	return clockstep_mono();
}

double
chk_tick_time(const struct checker *c, uint64_t tick)
{
	return c->t0 + (double)tick / c->tps;
}

double
chk_tick_mono(const struct checker *c, uint64_t tick)
{
	return c->t0_mono + (double)tick / c->tps;
}

uint64_t
chk_time_tick(const struct checker *c, double t)
{
	double k = ceil((t - c->t0) * c->tps - 1e-6);

	return k <= 0 ? 0 : (uint64_t)k;
}

uint64_t
chk_now_tick(const struct checker *c)
{
	/* a thousandth of a tick of slack for rounding between the clocks */
	double k = floor((chk_mono() - c->t0_mono) * c->tps + 1e-3);

	return k <= 0 ? 0 : (uint64_t)k;
}

const char *
chk_host_name(const struct chk_ent *e)
{
	return e->is_host ? e->c->objs->hosts[e->id].name
	                  : e->c->objs->services[e->id].host->name;
}

struct state_common *
chk_state(struct checker *c, const struct chk_ent *e)
{
	return e->is_host ? &c->hs[e->id].c : &c->ss[e->id].c;
}

const struct obj_settings *
chk_settings(const struct checker *c, const struct chk_ent *e)
{
	return e->is_host ? c->objs->hosts[e->id].cfg : c->objs->services[e->id].cfg;
}

const struct obj_timeperiod *
chk_check_period(struct checker *c, const struct chk_ent *e)
{
	return state_check_period(chk_state(c, e), chk_settings(c, e));
}

const struct obj_cmdref *
chk_command(const struct checker *c, const struct chk_ent *e)
{
	return e->is_host ? &c->objs->hosts[e->id].check_command
	                  : &c->objs->services[e->id].check_command;
}

/* the host address key of every host: equal addresses share a gate */
static void
chk_make_keys(struct checker *c)
{
	struct hmap *m = hmap_new(c->objs->nhosts);
	unsigned i, next = 0;

	c->hkey = xcalloc(c->objs->nhosts ? c->objs->nhosts : 1, sizeof(*c->hkey));
	for (i = 0; i < c->objs->nhosts; i++) {
		const struct obj_host *h = &c->objs->hosts[i];
		const char *addr = h->address != NULL ? h->address : h->name;
		void *v = hmap_get(m, addr);

		if (v == NULL) {
			v = (void *)(uintptr_t)(++next);
			hmap_put(m, addr, v);
		}
		c->hkey[i] = (unsigned)(uintptr_t)v - 1;
	}
	c->nkeys = next ? next : 1;
	hmap_free(m);
}

unsigned
chk_key(const struct checker *c, const struct chk_ent *e)
{
	unsigned hid = e->is_host ? e->id : c->objs->services[e->id].host->id;

	return c->hkey[hid];
}

struct checker *
checker_new(struct ev_loop *loop, const struct objects *objs, const struct main_cfg *cfg,
    struct wpool *pool, const struct checker_hooks *hooks, time_t program_start)
{
	struct checker *c = xcalloc(1, sizeof(*c));
	unsigned i, global;

	c->loop = loop;
	c->tick_fd = -1;
	c->objs = objs;
	c->cfg = cfg;
	c->pool = pool;
	if (hooks != NULL)
		c->hooks = *hooks;
	c->tps = cfg->ticks_per_second > 0 ? (unsigned)cfg->ticks_per_second : 100;
	c->stretch = 1.0;
	c->globals.program_start = program_start;
	c->globals.pid = (int)getpid();
	c->globals.version = "4.4.6";
	c->ids.next_event_id = 1;
	c->ids.next_problem_id = 1;
	c->hs = xcalloc(objs->nhosts ? objs->nhosts : 1, sizeof(*c->hs));
	c->ss = xcalloc(objs->nservices ? objs->nservices : 1, sizeof(*c->ss));
	c->nhs = objs->nhosts;
	c->nss = objs->nservices;
	c->dep = depend_new(objs);
	c->hent = xcalloc(objs->nhosts ? objs->nhosts : 1, sizeof(*c->hent));
	c->sent = xcalloc(objs->nservices ? objs->nservices : 1, sizeof(*c->sent));
	for (i = 0; i < objs->nhosts; i++) {
		state_host_init(&c->hs[i], &objs->hosts[i]);
		c->hent[i].c = c;
		c->hent[i].id = i;
		c->hent[i].is_host = 1;
	}
	for (i = 0; i < objs->nservices; i++) {
		state_svc_init(&c->ss[i], &objs->services[i]);
		c->sent[i].c = c;
		c->sent[i].id = i;
	}
	chk_make_keys(c);
	global = cfg->global_concurrency > 0 ? (unsigned)cfg->global_concurrency
	       : cfg->max_concurrent_checks > 0 ? (unsigned)cfg->max_concurrent_checks : 0;
	c->runq = runq_new(global, cfg->host_concurrency > 0 ? (unsigned)cfg->host_concurrency : 0,
	    c->nkeys);
	c->drift = drift_new();
	c->tick_late = drift_new();
	return c;
}

void
chk_stats_add(struct checker_stats *dst, const struct checker_stats *src)
{
	dst->checks_started += src->checks_started;
	dst->checks_finished += src->checks_finished;
	dst->builtin_started += src->builtin_started;
	dst->remote_started += src->remote_started;
	dst->worker_started += src->worker_started;
	dst->timeouts += src->timeouts;
	dst->lost += src->lost;
	dst->passive += src->passive;
	dst->skipped_period += src->skipped_period;
	dst->tick_wakeups += src->tick_wakeups;
	dst->backlog_seconds += src->backlog_seconds;
	dst->backlog_started += src->backlog_started;
}

/* whether the object is checked actively at all (Nagios: has a command and is enabled) */
int
chk_is_active(const struct checker *c, const struct chk_ent *e)
{
	const struct state_common *st = e->is_host ? &c->hs[e->id].c : &c->ss[e->id].c;

	if (chk_command(c, e)->cmd == NULL)
		return 0;
	if (!st->active_checks_enabled)
		return 0;
	return e->is_host ? c->cfg->execute_host_checks : c->cfg->execute_service_checks;
}

static void chk_arm(struct checker *c);

void
chk_schedule_tick(struct checker *c, struct chk_ent *e, uint64_t tick)
{
	struct state_common *st = chk_state(c, e);

	if (e->queued || e->running)
		return;
	wheel_move(c->wheel, &e->we, tick);
	e->stretched = 0;
	st->next_check = (time_t)floor(chk_tick_time(c, tick));
	e->at = st->next_check;
	st->should_be_scheduled = 1;
	/* due before the tick the timer sleeps to: wake earlier */
	if (tick < c->armed_tick && !c->in_tick && c->started && !c->stopped)
		chk_arm(c);
}

void
chk_schedule_exact(struct checker *c, struct chk_ent *e, time_t at, uint64_t min)
{
	struct state_common *st = chk_state(c, e);
	uint64_t tick = chk_time_tick(c, (double)at);
	int keep = st->should_be_scheduled;

	chk_schedule_tick(c, e, tick > min ? tick : min);
	st->next_check = e->at = at;
	st->should_be_scheduled = keep;
}

static void
chk_fire(struct wheel_ent *we, void *arg)
{
	struct checker *c = arg;
	struct chk_ent *e = chk_from_wheel(we);

	e->due_tick = we->due;
	e->due_mono = chk_tick_mono(c, we->due);
	e->queued = 1;
	runq_push(c->runq, &e->re, chk_key(c, e));
}

/*
 * Arm the tick timer for the next tick boundary (a hair after it).  Not a
 * repeating timer: libev re-arms those from when they ran, and the
 * wake-up's lateness then walks the timer's phase away from the ticks,
 * which showed as up to a tick of drift.
 *
 * The timer is a timerfd on CLOCK_MONOTONIC (chk_mono's clock) set to the
 * boundary's absolute time, watched by libev as a file: libev's own
 * timers wake through epoll_wait's timeout, which is whole milliseconds
 * rounded up, so they fire 0..1 ms late (half a millisecond of drift on
 * average); the timerfd wakes within microseconds on a busy machine, but
 * 0.1-0.4 ms late on a virtual machine whose cpus idle between ticks, so
 * it is set early by the lateness seen so far and the tick waits out the
 * rest awake (wakeup.h bounds that wait).  Without a timerfd (not Linux,
 * or it could not be made) the ev_timer is used.
 */
static void
chk_arm(struct checker *c)
{
	double m = chk_mono() - c->t0_mono;
	uint64_t tick = (uint64_t)floor(m * c->tps + 1e-3) + 1;
	double next;

	/* with nothing waiting to start, sleep through the empty ticks up to
	 * the next due entry (at most 10 s: a safety net); every schedule goes
	 * through chk_schedule_tick, which re-arms when it is earlier */
	if (runq_depth(c->runq) == 0) {
		uint64_t due = wheel_next_due(c->wheel);
		uint64_t cap = tick + 10 * (uint64_t)c->tps;

		if (due > cap)
			due = cap;
		if (due > tick)
			tick = due;
	}
	c->armed_tick = tick;
	next = (double)tick / c->tps;

#ifdef __linux__
	if (c->tick_fd >= 0) {
		struct itimerspec its;
		double at = c->t0_mono + next + 20e-6;

		/* early by the machine's usual wake-up lateness: chk_tick_io_cb
		 * waits out the rest awake (bounded, see wakeup.h) */
		at -= wakeup_lead(&c->wake, next - m);
		c->armed_at = at;

		memset(&its, 0, sizeof(its));
		its.it_value.tv_sec = (time_t)at;
		its.it_value.tv_nsec = (long)((at - (double)its.it_value.tv_sec) * 1e9);
		if (its.it_value.tv_nsec >= 1000000000L) {
			its.it_value.tv_sec++;
			its.it_value.tv_nsec -= 1000000000L;
		}
		if (timerfd_settime(c->tick_fd, TFD_TIMER_ABSTIME, &its, NULL) == 0)
			return;
		/* cannot happen with a valid fd; fall back to libev's timer */
		ev_io_stop(c->loop, &c->tick_io);
		close(c->tick_fd);
		c->tick_fd = -1;
	}
#endif
	ev_timer_stop(c->loop, &c->tick);
	/* libev counts from its own clock: bring it to now first */
	ev_now_update(c->loop);
	ev_timer_set(&c->tick, next - m + 20e-6, 0.);
	ev_timer_start(c->loop, &c->tick);
}

/* the armed tick, begun at now (monotonic) */
static void
chk_tick(struct checker *c, double now)
{
	double late = now - chk_tick_mono(c, c->armed_tick);

	/* how late the tick itself began: every check due on it starts at
	 * least that late, so a drift that is no larger came from the loop
	 * not reaching the tick in time (the machine did not run jaque, or
	 * other work held the loop), not from the checks before it on it */
	drift_add(c->tick_late, late > 0 ? (uint64_t)(late * 1e6) : 0);
	c->in_tick = 1;
	c->st.tick_wakeups++;
	wheel_advance(c->wheel, chk_now_tick(c), chk_fire, c);
	chk_dispatch(c);
	c->in_tick = 0;
	if (!c->stopped)
		chk_arm(c);
}

static void
chk_tick_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	chk_tick(w->data, chk_mono());
}

#ifdef __linux__
static void
chk_tick_io_cb(struct ev_loop *loop, ev_io *w, int revents)
{
	struct checker *c = w->data;
	uint64_t expirations;
	double now, tick_at;

	(void)loop;
	(void)revents;
	/* not yet due (a re-arm raced the wake-up): wait for the next one */
	if (read(c->tick_fd, &expirations, sizeof(expirations)) < 0)
		return;
	now = chk_mono();
	wakeup_note(&c->wake, now - c->armed_at);
	/* set early (chk_arm): wait awake for the tick itself, at most
	 * WAKEUP_LEAD_MAX, so its checks start on it, not before */
	tick_at = chk_tick_mono(c, c->armed_tick);
	if (tick_at - now <= WAKEUP_LEAD_MAX)
		while (now < tick_at)
			now = chk_mono();
	chk_tick(c, now);
}
#endif

void
checker_start(struct checker *c)
{
	struct chk_spread sp;
	uint64_t now_tick;
	unsigned i;

	/* the loop's clock may be stale (start-up work since its last wake):
	 * every due time counts from t0, so it must be now */
	/* tick 0 is read before libev's clock, which the tick timer counts
	 * from: the timer can then never fire before the tick it serves */
	if (!c->base_kept) {
		c->t0_mono = chk_mono();
		ev_now_update(c->loop);
		/* libev's wall clock, which the daemon's clock watch follows: a
		 * step libev has not read yet (it reads the real clock every half
		 * second) reaches t0 through the watch, once */
		c->t0 = ev_now(c->loop);
		c->t_start = c->t0;
	} else {
		/* a reload: now, on the kept time base (moved by every step the
		 * watch saw, and never taken from the wall clock again) */
		ev_now_update(c->loop);
		c->t_start = c->t0 + (chk_mono() - c->t0_mono);
	}
	now_tick = chk_now_tick(c);
	c->wheel = wheel_new(CHK_WHEEL_SLOTS, now_tick);
	chk_spread_init(c, &sp);
	for (i = 0; i < c->objs->nhosts; i++)
		chk_schedule_first(c, &c->hent[i], &sp, now_tick);
	for (i = 0; i < c->objs->nservices; i++)
		chk_schedule_first(c, &c->sent[i], &sp, now_tick);
	chk_spread_place(c, &sp, now_tick);
	ev_timer_init(&c->tick, chk_tick_cb, 1.0 / c->tps, 0.);
	c->tick.data = c;
	c->tick_fd = -1;
	wakeup_init(&c->wake);
#ifdef __linux__
	c->tick_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (c->tick_fd >= 0) {
		ev_io_init(&c->tick_io, chk_tick_io_cb, c->tick_fd, EV_READ);
		c->tick_io.data = c;
		ev_io_start(c->loop, &c->tick_io);
	}
#endif
	chk_arm(c);
	chk_freshness_start(c);
	chk_orphans_start(c);
	c->started = 1;
	/* checks a reload carried over due: started now, not a tick later */
	if (runq_depth(c->runq) > 0)
		chk_dispatch(c);
}

/* an object is due: run it, or skip it to its next valid time */
static void
chk_start(struct checker *c, struct chk_ent *e)
{
	/* a CHANGE_*_CHECK_TIMEPERIOD takes effect here, as in Nagios: the
	 * check keeps its time and is judged by the new period when due */
	const struct obj_timeperiod *tp = chk_check_period(c, e);
	/* the true time, not the loop's cached one: drift must include what
	 * this iteration spent before reaching this check */
	double now = ev_time();
	time_t tnow = (time_t)now;

	if (!e->forced && !chk_is_active(c, e)) {
		runq_done(c->runq, chk_key(c, e));
		if (!chk_postponed(c, e))
			chk_state(c, e)->should_be_scheduled = 0;
		return;
	}
	if (chk_cached_refusal(c, e, tnow)) {
		runq_done(c->runq, chk_key(c, e));
		return;
	}
	if (!e->forced && tp != NULL && !timeperiod_contains(tp, tnow)) {
		time_t next = timeperiod_next(tp, tnow);

		c->st.skipped_period++;
		runq_done(c->runq, chk_key(c, e));
		/* an object not on the schedule (an on-demand check) is left there,
		 * its check_options kept, as run_scheduled_*_check leaves it */
		if (next == (time_t)-1) {
			if (chk_state(c, e)->should_be_scheduled)
				chk_unschedulable(c, e, tnow);
			return;
		}
		chk_schedule_tick(c, e, chk_time_tick(c, (double)next));
		return;
	}
	if (chk_depends_block(c, e, tnow)) {
		runq_done(c->runq, chk_key(c, e));
		chk_schedule_tick(c, e, chk_time_tick(c, now + chk_viability_interval(c, e)));
		return;
	}
	e->forced = 0;
	chk_state(c, e)->check_options = 0;
	chk_run(c, e, now);
}

void
chk_dispatch(struct checker *c)
{
	struct runq_ent *re;

	if (c->stopped)
		return;
	if (c->dispatching)
		return;
	c->dispatching = 1;
	while (!c->stopped && (re = runq_pop(c->runq)) != NULL) {
		struct chk_ent *e = chk_from_runq(re);

		e->queued = 0;
		chk_start(c, e);
	}
	c->dispatching = 0;
	chk_note_backlog(c);
}

void
chk_check_soon(struct checker *c, struct chk_ent *e)
{
	/* before checker_start there is no wheel: the first schedule comes later */
	if (e->queued || e->running || c->stopped || c->wheel == NULL)
		return;
	/* due now: straight to the run queue, not to the next tick */
	wheel_remove(c->wheel, &e->we);
	e->due_tick = chk_now_tick(c);
	e->due_mono = chk_mono();
	e->queued = 1;
	runq_push(c->runq, &e->re, chk_key(c, e));
	chk_dispatch(c);
}

void
checker_check_now(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    int forced)
{
	struct chk_ent *e = svc != NULL ? &c->sent[svc->id] : &c->hent[h->id];

	if (c->stopped)
		return;
	if (forced) {
		e->forced = 1;
		chk_state(c, e)->check_options |= STATE_CKOPT_FORCED;
	}
	chk_check_soon(c, e);
}

void
checker_schedule(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    time_t when, int forced)
{
	struct chk_ent *e = svc != NULL ? &c->sent[svc->id] : &c->hent[h->id];
	uint64_t tick;

	if (c->stopped || c->wheel == NULL)
		return;
	if (!forced && !chk_state(c, e)->active_checks_enabled)
		return;
	if (e->running) {
		chk_pend(c, e, when, forced ? STATE_CKOPT_FORCED : 0, ev_now(c->loop));
		return;
	}
	if (e->queued) {
		if (forced)
			e->forced = 1;
		return;
	}
	tick = chk_time_tick(c, (double)when);
	if (wheel_is_scheduled(&e->we)) {
		int replace = e->forced ? forced && tick < e->we.due : forced || tick < e->we.due;

		/* the check already scheduled stays, and so does its time: Nagios's
		 * schedule_*_check sets next_check back to the kept event's, whatever
		 * its caller (a result, ENABLE_*_CHECK) had put there */
		if (!replace) {
			chk_state(c, e)->next_check = e->at;
			return;
		}
	}
	if (forced)
		e->forced = 1;
	/* the options of the check now scheduled, as Nagios's schedule_*_check keeps them */
	chk_state(c, e)->check_options = forced ? STATE_CKOPT_FORCED : 0;
	if (tick <= chk_now_tick(c)) {
		/* Nagios's next_check is the time asked for, and stays after the check
		 * when the object's active checks are off (nothing reschedules it) */
		chk_state(c, e)->next_check = when;
		chk_check_soon(c, e);
		return;
	}
	/* the time asked for, exactly (a tick's time can only approximate one
	 * decades ahead, such as 4294967297); should_be_scheduled as it was,
	 * as Nagios's schedule_*_check leaves it (a passive result that
	 * changed nothing cleared it, say): the callers that set it
	 * (ENABLE_*_CHECK, a result) do so themselves */
	chk_schedule_exact(c, e, when, 0);
}

int
checker_scheduled(const struct checker *c, const struct obj_host *h, const struct obj_service *svc)
{
	const struct chk_ent *e = svc != NULL ? &c->sent[svc->id] : &c->hent[h->id];

	return e->queued || e->running || wheel_is_scheduled(&e->we);
}

void
checker_set_checkstats(struct checker *c, struct checkstats *cs)
{
	c->checkstats = cs;
}

const struct macro_globals *
checker_globals(const struct checker *c)
{
	return &c->globals;
}

double
checker_take_lag(struct checker *c)
{
	double lag = c->lag_max, wait = checker_queue_wait(c);

	c->lag_max = 0;
	return wait > lag ? wait : lag;
}

double
checker_queue_wait(const struct checker *c)
{
	struct runq_ent *re = runq_oldest(c->runq);
	double wait;

	if (re == NULL)
		return 0;
	wait = chk_mono() - chk_from_runq(re)->due_mono;
	return wait > 0 ? wait : 0;
}

struct depend *
checker_depend(struct checker *c)
{
	return c->dep;
}

struct sm_ids *
checker_ids(struct checker *c)
{
	return &c->ids;
}

/* reschedule after a result: delay seconds after the start tick */
void
chk_reschedule(struct checker *c, struct chk_ent *e, uint64_t start_tick, double delay)
{
	chk_schedule_tick(c, e, chk_delay_tick(c, start_tick, delay));
}

uint64_t
chk_delay_tick(const struct checker *c, uint64_t start_tick, double delay)
{
	return start_tick + (delay <= 0 ? 1 : (uint64_t)llround(delay * c->tps));
}

void
checker_stop(struct checker *c)
{
	unsigned i;

	if (c->stopped)
		return;
	c->stopped = 1;
	if (c->started) {
		ev_timer_stop(c->loop, &c->tick);
		if (c->tick_fd >= 0) {
			ev_io_stop(c->loop, &c->tick_io);
			close(c->tick_fd);
			c->tick_fd = -1;
		}
		chk_freshness_stop(c);
		chk_orphans_stop(c);
	}
	chk_cancel_runs(c);
	for (i = 0; i < c->objs->nhosts; i++) {
		if (c->hent[i].queued)
			runq_remove(c->runq, &c->hent[i].re);
		c->hent[i].queued = 0;
	}
	for (i = 0; i < c->objs->nservices; i++) {
		if (c->sent[i].queued)
			runq_remove(c->runq, &c->sent[i].re);
		c->sent[i].queued = 0;
	}
}

/* what is left once no run is in flight; the objects may be gone by now */
void
chk_really_free(struct checker *c)
{
	free(c->old_hid);
	free(c->old_sid);
	free(c->hs);
	free(c->ss);
	depend_free(c->dep);
	free(c->hent);
	free(c->sent);
	free(c->hkey);
	wheel_free(c->wheel);
	runq_free(c->runq);
	drift_free(c->drift);
	drift_free(c->tick_late);
	free(c);
}

/* the states' strings: no loop, no objects needed */
static void
chk_clear_states(struct checker *c)
{
	unsigned i;

	for (i = 0; i < c->nhs; i++)
		state_host_clear(&c->hs[i]);
	for (i = 0; i < c->nss; i++)
		state_svc_clear(&c->ss[i]);
}

int
checker_free(struct checker *c, int pool_gone)
{
	if (c == NULL)
		return 0;
	checker_stop(c);
	if (pool_gone)
		chk_free_detached(c);
	chk_clear_states(c);
	if (c->inflight > 0) {
		c->free_pending = 1;
		return 1;
	}
	chk_really_free(c);
	return 0;
}

static void
chk_retire_bg(void *arg)
{
	struct checker *c = arg;

	chk_clear_states(c);
	chk_really_free(c);
}

int
checker_retire(struct checker *c)
{
	if (c == NULL)
		return 0;
	checker_stop(c);
	if (c->inflight > 0)
		return checker_free(c, 0);
	bgwork_run(chk_retire_bg, c);
	return 0;
}

struct host_state *
checker_host_states(struct checker *c)
{
	return c->hs;
}

struct svc_state *
checker_svc_states(struct checker *c)
{
	return c->ss;
}

const struct drift *
checker_drift(const struct checker *c)
{
	return c->drift;
}

const struct drift *
checker_tick_late(const struct checker *c)
{
	return c->tick_late;
}

void
checker_stats(const struct checker *c, struct checker_stats *st)
{
	*st = c->st;
	chk_backlog_count(c, st, chk_mono());
	chk_stats_add(st, &c->stats_base);
	st->queue_depth = runq_depth(c->runq);
	st->queue_max = runq_max_depth(c->runq);
	st->running = runq_running(c->runq);
	st->scheduled = c->wheel != NULL ? wheel_count(c->wheel) : 0;
	st->ticks_per_second = c->tps;
}

void
checker_waiting(const struct checker *c, size_t *hosts, size_t *services)
{
	const struct chk_ent *e;
	size_t i;

	*hosts = *services = 0;
	for (i = 0; i < c->objs->nhosts; i++) {
		e = &c->hent[i];
		if (e->queued || wheel_is_scheduled(&e->we))
			(*hosts)++;
	}
	for (i = 0; i < c->objs->nservices; i++) {
		e = &c->sent[i];
		if (e->queued || wheel_is_scheduled(&e->we))
			(*services)++;
	}
}

/*
 * checker_viable: whether a check that falls due runs, and what becomes of
 * it when it does not, as Nagios 4.4.6 decides it (check_*_check_viability,
 * run_scheduled_*_check, the event loop's handling of execute_*_checks and
 * init_timing_loop's choice of what to schedule at all).  Called by
 * checker.c when it schedules the first checks and when a check is due;
 * the functions only read the configuration and move the check on the
 * wheel (chk_schedule_tick).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "engine/check/checker_int.h"
#include "engine/check/depend.h"
#include "engine/check/statemachine.h"
#include "engine/objects/objects.h"
#include "engine/time/timeperiod.h"

/* Nagios's check_window: the retry interval in a soft problem, else the check interval, in seconds */
double
chk_window(const struct checker *c, const struct state_common *st)
{
	double iv = st->state_type == STATE_SOFT && st->current_state != 0 ? st->retry_interval
	                                                                     : st->check_interval;

	return iv * c->cfg->interval_length;
}

/* the interval check_*_check_viability reschedules a refused check by */
double
chk_viability_interval(const struct checker *c, const struct chk_ent *e)
{
	double iv = chk_window(c, e->is_host ? &c->hs[e->id].c : &c->ss[e->id].c);

	if (e->is_host && iv <= 0)
		iv = 300;
	return iv;
}

/*
 * Where run_scheduled_host_check puts a host check its run refused (already
 * being executed, or within the cache horizon): a check interval on (300 s
 * without one), into the check period.
 */
time_t
chk_refused_host_next(struct checker *c, struct chk_ent *e, time_t now)
{
	const struct state_common *st = chk_state(c, e);
	const struct obj_timeperiod *tp = chk_check_period(c, e);
	time_t at, valid;

	at = now + (st->check_interval <= 0
	                ? 300
	                : (time_t)(st->check_interval * c->cfg->interval_length));
	if (tp != NULL && !timeperiod_contains(tp, at) &&
	    (valid = timeperiod_next(tp, at)) != (time_t)-1)
		at = valid;
	return at;
}

/*
 * A host's unforced check that falls due within cached_host_check_horizon
 * of its last check: Nagios's run_async_host_check refuses it (the last
 * result is recent enough) and run_scheduled_host_check moves it a check
 * interval on (300 s without one) into the check period, options kept,
 * when the host is to be scheduled; when it is not (its last result was
 * passive, say), the check is dropped and the host waits for something
 * else to schedule it.  Returns 1 when the check is refused.
 */
int
chk_cached_refusal(struct checker *c, struct chk_ent *e, time_t now)
{
	if (!e->is_host || e->forced || !sm_host_cache_fresh(&c->hs[e->id], c->cfg, now))
		return 0;
	if (chk_state(c, e)->should_be_scheduled)
		chk_schedule_exact(c, e, chk_refused_host_next(c, e, now), 0);
	return 1;
}

/*
 * What else keeps Nagios from running a check (check_*_check_viability):
 * failed execution dependencies (not for forced checks), a service's
 * parents in a hard problem, host_down_disable_service_checks.  The
 * *_skip_check_*_status settings give the object that state (nothing
 * else: no attempt, no output, no log line).  1: do not run it.
 */
int
chk_depends_block(struct checker *c, struct chk_ent *e, time_t now)
{
	const struct main_cfg *cfg = c->cfg;
	const struct obj_service *s;
	struct state_common *st = chk_state(c, e);
	int block = 0;

	if (e->is_host) {
		if (!e->forced && depend_host_failed(c->dep, &c->objs->hosts[e->id],
		                      OBJ_DEP_EXECUTION, c->hs, cfg, now)) {
			if (cfg->host_skip_check_dependency_status >= 0)
				st->current_state = cfg->host_skip_check_dependency_status;
			block = 1;
		}
		return block;
	}
	s = &c->objs->services[e->id];
	if (!e->forced &&
	    depend_service_failed(c->dep, s, OBJ_DEP_EXECUTION, c->ss, cfg, now)) {
		if (cfg->service_skip_check_dependency_status >= 0)
			st->current_state = cfg->service_skip_check_dependency_status;
		block = 1;
	}
	if (s->nparents > 0 && depend_service_parents_failed(c->dep, s, c->ss)) {
		if (cfg->service_skip_check_parent_status >= 0)
			st->current_state = cfg->service_skip_check_parent_status;
		block = 1;
	}
	if (cfg->host_down_disable_service_checks &&
	    c->hs[s->host->id].c.current_state != OBJ_HOST_UP) {
		if (cfg->service_skip_check_host_down_status >= 0)
			st->current_state = cfg->service_skip_check_host_down_status;
		block = 1;
	}
	return block;
}

/*
 * Whether Nagios's init_timing_loop schedules the object: its own active
 * checks on, a check command, a check interval, and a check period with a
 * valid time left.  The program-wide execute_*_checks does not matter
 * here: with it off, checks are scheduled and postponed when due
 * (chk_postponed).
 */
int
chk_schedulable(struct checker *c, const struct chk_ent *e, time_t now)
{
	const struct state_common *st = chk_state(c, e);
	const struct obj_timeperiod *tp = chk_check_period(c, e);

	if (!st->active_checks_enabled || chk_command(c, e)->cmd == NULL || st->check_interval <= 0)
		return 0;
	return tp == NULL || timeperiod_contains(tp, now) || timeperiod_next(tp, now) != (time_t)-1;
}

/*
 * A check due outside its check period whose period has no valid time
 * left (a period with no ranges, say).  Nagios 4.4.6's
 * run_scheduled_*_check keeps trying: it logs that the check "could not be
 * rescheduled properly" with the time it aims for (ctime's text, newline
 * and all, so the line is followed by a line "..."), and sets the next try
 * a check interval on (five minutes without one) plus up to a check window
 * more, chosen at random; here the extra part comes from the object's id,
 * so objects that share the period still spread.
 */
void
chk_unschedulable(struct checker *c, struct chk_ent *e, time_t now)
{
	struct state_common *st = chk_state(c, e);
	double window = chk_window(c, st);
	time_t pref = now + (st->check_interval <= 0
	                         ? 300
	                         : (time_t)(st->check_interval * c->cfg->interval_length));
	char when[64], text[1024];
	uint64_t extra;

	if (c->hooks.warning != NULL && ctime_r(&pref, when) != NULL) {
		if (e->is_host)
			snprintf(text, sizeof(text), "Check of host '%s' could not be rescheduled "
			    "properly.  Scheduling check for %s...", chk_host_name(e), when);
		else
			snprintf(text, sizeof(text), "Check of service '%s' on host '%s' could not be "
			    "rescheduled properly.  Scheduling check for %s...",
			    c->objs->services[e->id].description, chk_host_name(e), when);
		c->hooks.warning(c->hooks.arg, now, text);
	}
	extra = window >= 1 ? ((uint64_t)e->id * 2654435761u) % ((uint64_t)window + 1) : 0;
	chk_schedule_tick(c, e, chk_time_tick(c, (double)pref + (double)extra));
}

/*
 * A check due while the program-wide execute_*_checks is off, for an
 * object whose own checks are on: Nagios's event loop moves the event a
 * check window on (next_check += check_window) and keeps it, so status.dat
 * goes on showing it scheduled, should_be_scheduled as it was.  Returns 1
 * when it was moved, 0 when the object is not to be checked at all (its
 * own switch, no command, or no interval to move by).
 */
int
chk_postponed(struct checker *c, struct chk_ent *e)
{
	struct state_common *st = chk_state(c, e);
	double window = chk_window(c, st);
	int keep = st->should_be_scheduled;

	if (!st->active_checks_enabled || chk_command(c, e)->cmd == NULL)
		return 0;
	if (window < 1)
		return 0;
	chk_schedule_tick(c, e, chk_time_tick(c, (double)st->next_check + window));
	st->should_be_scheduled = keep;
	return 1;
}

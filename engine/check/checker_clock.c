/*
 * checker_clock: the checker's side of a wall-clock step (see
 * engine/sched/clockstep.h for how one is noticed).
 *
 * Ticks count on the monotonic clock from t0_mono; wall-clock times map
 * to ticks through t0, the wall-clock time of tick 0.  After a step, t0
 * moves by the step, so a tick maps to the wall-clock time that now
 * names its instant: what is on the wheel runs when it would have run
 * (no burst after a step back, no gap after a step forward), and times
 * computed from the clock (a retry, a check period's next start,
 * SCHEDULE_*_CHECK) land on the right ticks.  next_check moves with it,
 * so status.dat keeps saying when each check runs.
 *
 * Nagios 4.4.6 also moves the times it keeps when it calls the step a
 * system time change (base/events.c, compensate_for_system_time_change
 * and adjust_timestamp_for_time_change): last_check, next_check,
 * last_state_change, last_hard_state_change and last_notification of
 * every host and service, and the program's start.  A time of 0 (never)
 * stays 0, and none goes below 0.  Nagios then works next_notification
 * out again from last_notification; it moves with it here, by the same
 * rule.  Called by the daemon, from its loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <time.h>

#include "engine/check/checker.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"
#include "engine/sched/clockstep.h"

static void
cc_move(struct state_common *st, long n, int compensate)
{
	st->next_check = clockstep_move(st->next_check, n);
	if (!compensate)
		return;
	st->last_check = clockstep_move(st->last_check, n);
	st->last_state_change = clockstep_move(st->last_state_change, n);
	st->last_hard_state_change = clockstep_move(st->last_hard_state_change, n);
	st->last_notification = clockstep_move(st->last_notification, n);
	st->next_notification = clockstep_move(st->next_notification, n);
}

void
checker_clock_step(struct checker *c, double step, int compensate)
{
	long n = clockstep_seconds(step);
	unsigned i;

	c->t0 += step;
	if (n == 0)
		return;
	for (i = 0; i < c->objs->nhosts; i++)
		cc_move(&c->hs[i].c, n, compensate);
	for (i = 0; i < c->objs->nservices; i++)
		cc_move(&c->ss[i].c, n, compensate);
	if (compensate)
		c->globals.program_start = clockstep_move(c->globals.program_start, n);
}

/*
 * clockwatch: the daemon's watch on the wall clock.  At every wake-up of
 * the loop, before any other callback of that turn, it notes the offset
 * between the wall clock and the monotonic clock (engine/sched/
 * clockstep.h); when the offset changed, the wall clock was stepped.
 *
 * The wall-clock time it reads is libev's (ev_now, brought up to date
 * first): libev reads the real clock only every half second and
 * extrapolates on the monotonic one between, so a step reaches ev_now
 * up to half a second after it happened, and the checker, which takes
 * its wall-clock "now" from ev_now, must learn of the step at that same
 * turn, not before.
 *
 * Every step moves the checker's mapping of ticks to wall-clock times
 * (checker_clock_step).  One that Nagios 4.4.6 calls a system time
 * change (clockstep_is_change: back a second or more, or forward by
 * time_change_threshold or more) is also logged in its words and
 * compensated as it does (base/events.c,
 * compensate_for_system_time_change): the objects' times and the
 * program's start move by the step, and status.dat is written again.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ev.h>
#include <time.h>

#include "compat/config/config.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/main/daemon_int.h"
#include "engine/sched/clockstep.h"

static void
cw_step(struct jaque *j, double step)
{
	long n = clockstep_seconds(step);
	int change = clockstep_is_change(n, j->gen->cfg.time_change_threshold);

	checker_clock_step(j->chk, step, change);
	if (!change)
		return;
	nlog_time_change(j->log, time(NULL), n);
	j->program_start = clockstep_move(j->program_start, n);
	j->prog.program_start = clockstep_move(j->prog.program_start, n);
	persist_status_now(j);
}

static void
cw_check_cb(struct ev_loop *loop, ev_check *w, int revents)
{
	struct jaque *j = w->data;
	double step;

	(void)revents;
	ev_now_update(loop);
	step = clockstep_note(&j->clock, ev_now(loop), clockstep_mono());
	if (step != 0 && j->chk != NULL)
		cw_step(j, step);
}

void
clockwatch_start(struct jaque *j)
{
	ev_now_update(j->loop);
	clockstep_note(&j->clock, ev_now(j->loop), clockstep_mono());
	ev_check_init(&j->clock_check, cw_check_cb);
	/* the highest priority: libev runs the check watchers before the
	 * callbacks of the turn, and this one first among them */
	ev_set_priority(&j->clock_check, EV_MAXPRI);
	j->clock_check.data = j;
	ev_check_start(j->loop, &j->clock_check);
}

void
clockwatch_stop(struct jaque *j)
{
	ev_check_stop(j->loop, &j->clock_check);
}

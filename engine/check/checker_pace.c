/*
 * checker_pace: the checker's side of an overload.  It times the backlog
 * (how long checks waited for a slot, and how many started meanwhile:
 * the machine's pace at its limit), sums the demand (what the regular
 * schedules ask for, unstretched), and applies the interval stretch the
 * daemon decides from them (engine/sched/stretch.h): every regular
 * schedule made factor times as long, and those on the wheel re-timed
 * when the factor changes.  Called from checker.c (dispatch, adopt,
 * stats) and checker_run.c (the next check after a result).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>

#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"

/* count the backlog open since backlog_since into the stats, up to now */
void
chk_backlog_count(const struct checker *c, struct checker_stats *st, double now)
{
	if (!c->backlog_on)
		return;
	st->backlog_seconds += now - c->backlog_since;
	st->backlog_started += c->st.checks_started - c->backlog_started0;
}

/*
 * After the run queue was served: a backlog begins when checks are left
 * waiting with every slot of the global limit taken, and ends when none
 * wait or a slot is free.  Starts in between came as slots freed, at the
 * pace of the machine's limit.  Checks that wait only for their host's
 * slot (host_concurrency) are not the machine's limit and are not
 * counted: the stretch would slow every object for one host's sake.
 */
void
chk_note_backlog(struct checker *c)
{
	int waiting = runq_depth(c->runq) > 0 && runq_global_full(c->runq);
	double now;

	if (waiting == c->backlog_on)
		return;
	now = chk_mono();
	if (waiting) {
		c->backlog_on = 1;
		c->backlog_since = now;
		c->backlog_started0 = c->st.checks_started;
	} else {
		chk_backlog_count(c, &c->st, now);
		c->backlog_on = 0;
	}
}

void
chk_schedule_regular(struct checker *c, struct chk_ent *e, uint64_t tick)
{
	if (e->queued || e->running)
		return;
	chk_schedule_tick(c, e, tick);
	e->stretched = 1;
}

void
chk_schedule_interval(struct checker *c, struct chk_ent *e, uint64_t start_tick, double interval)
{
	e->base_s = (float)interval;
	chk_schedule_regular(c, e, chk_delay_tick(c, start_tick, interval * c->stretch));
}

/* one object's remaining wait scaled by ratio (the new stretch over the old) */
static void
chk_restretch(struct checker *c, struct chk_ent *e, uint64_t now_tick, double ratio)
{
	uint64_t due;

	if (!e->stretched || !wheel_is_scheduled(&e->we) || e->we.due <= now_tick)
		return;
	/* checks switched off are skipped when due: no need to move them */
	if (!chk_is_active(c, e))
		return;
	due = now_tick + (uint64_t)llround((double)(e->we.due - now_tick) * ratio);
	if (due <= now_tick)
		due = now_tick + 1;
	chk_schedule_regular(c, e, due);
}

void
checker_set_stretch(struct checker *c, double factor)
{
	double ratio;
	uint64_t now_tick;
	unsigned i;

	if (factor < 1.0)
		factor = 1.0;
	if (factor == c->stretch)
		return;
	ratio = factor / c->stretch;
	c->stretch = factor;
	if (c->wheel == NULL || c->stopped)
		return;
	now_tick = chk_now_tick(c);
	for (i = 0; i < c->objs->nhosts; i++)
		chk_restretch(c, &c->hent[i], now_tick, ratio);
	for (i = 0; i < c->objs->nservices; i++)
		chk_restretch(c, &c->sent[i], now_tick, ratio);
}

/* one object's part of the demand: 1 / its interval while it is on a regular schedule */
static double
chk_demand_of(const struct checker *c, const struct chk_ent *e)
{
	if (!e->stretched || e->base_s <= 0)
		return 0;
	if (!e->queued && !e->running && !wheel_is_scheduled(&e->we))
		return 0;
	if (!chk_is_active(c, e))
		return 0;
	return 1.0 / (double)e->base_s;
}

double
checker_demand(const struct checker *c)
{
	double d = 0;
	unsigned i;

	for (i = 0; i < c->objs->nhosts; i++)
		d += chk_demand_of(c, &c->hent[i]);
	for (i = 0; i < c->objs->nservices; i++)
		d += chk_demand_of(c, &c->sent[i]);
	return d;
}

double
checker_demand_sliced(struct checker *c, unsigned slice)
{
	unsigned nh = c->objs->nhosts, total = nh + c->objs->nservices, end;

	if (!c->dm.whole)
		slice = total;
	if (c->dm.pos > total)
		c->dm.pos = 0;
	end = slice < total - c->dm.pos ? c->dm.pos + slice : total;
	for (; c->dm.pos < end && c->dm.pos < nh; c->dm.pos++)
		c->dm.part += chk_demand_of(c, &c->hent[c->dm.pos]);
	for (; c->dm.pos < end; c->dm.pos++)
		c->dm.part += chk_demand_of(c, &c->sent[c->dm.pos - nh]);
	if (c->dm.pos == total && (slice > 0 || !c->dm.whole)) {
		c->dm.last = c->dm.part;
		c->dm.part = 0;
		c->dm.pos = 0;
		c->dm.whole = 1;
	}
	return c->dm.last;
}

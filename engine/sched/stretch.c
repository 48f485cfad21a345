/*
 * stretch: the factor of stretch.h, from demand, capacity and backlog.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/stretch.h"

double
stretch_factor(const struct stretch *s)
{
	return s->factor > 1.0 ? s->factor : 1.0;
}

/* demand over what the capacity allows, less the margin; within [1, STRETCH_MAX] */
static double
stretch_fit(double demand, double capacity)
{
	double f;

	if (capacity <= 0)
		return 1.0;
	f = demand / (capacity * (1.0 - STRETCH_MARGIN));
	if (f < 1.0)
		return 1.0;
	return f > STRETCH_MAX ? STRETCH_MAX : f;
}

int
stretch_update(struct stretch *s, const struct stretch_period *p)
{
	double old = stretch_factor(s), f = old;

	if (p->secs < STRETCH_MIN_PERIOD)
		return 0;
	s->demand = p->demand;
	if (p->backlog_secs >= STRETCH_LIMIT_SHARE * p->secs && p->backlog_started > 0) {
		s->quiet = 0;
		s->capacity = p->backlog_started / p->backlog_secs;
		f = stretch_fit(p->demand, s->capacity);
	} else if (old > 1.0) {
		s->quiet++;
		s->capacity *= 1.0 + STRETCH_PROBE * s->quiet;
		f = stretch_fit(p->demand, s->capacity);
	}
	if (f <= 1.0)
		s->quiet = 0;
	s->factor = f;
	return f != old;
}

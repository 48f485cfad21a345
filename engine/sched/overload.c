/*
 * overload: the on/off rule and the counters of overload.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/overload.h"

enum overload_edge
overload_update(struct overload *o, double lag, size_t depth, time_t now)
{
	o->lag = lag;
	o->depth = depth;
	if (lag >= OVERLOAD_BACKLOG_LAG && depth > 0)
		o->backlog++;
	else
		o->backlog = 0;
	if (lag < OVERLOAD_OFF_LAG)
		o->quiet++;
	else
		o->quiet = 0;
	if (!o->on) {
		if (lag < OVERLOAD_ON_LAG && o->backlog < OVERLOAD_BACKLOG_PERIODS &&
		    o->stretch <= 1.0)
			return OVERLOAD_NONE;
		o->on = 1;
		o->since = now;
		o->reminded = now;
		o->spells++;
		return OVERLOAD_BEGAN;
	}
	if (o->quiet >= OVERLOAD_OFF_PERIODS && o->stretch <= 1.0) {
		o->on = 0;
		o->total += (long long)(now - o->since);
		return OVERLOAD_ENDED;
	}
	if (now - o->reminded >= OVERLOAD_REMIND) {
		o->reminded = now;
		return OVERLOAD_STILL;
	}
	return OVERLOAD_NONE;
}

void
overload_note_stretch(struct overload *o, double factor)
{
	o->stretch = factor;
}

long long
overload_seconds(const struct overload *o, time_t now)
{
	return o->total + (o->on ? (long long)(now - o->since) : 0);
}

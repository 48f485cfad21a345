/*
 * clockstep: noticing wall-clock steps against the monotonic clock (see
 * clockstep.h).  Called by the daemon at every wake-up of its loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <time.h>

#include "engine/sched/clockstep.h"

double
clockstep_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double
clockstep_note(struct clockstep *cs, double wall, double mono)
{
	double offset = wall - mono, step;

	if (!cs->known) {
		cs->known = 1;
		cs->offset = offset;
		return 0;
	}
	step = offset - cs->offset;
	if (fabs(step) < CLOCKSTEP_JITTER)
		return 0;
	cs->offset = offset;
	return step;
}

long
clockstep_seconds(double step)
{
	return lround(step);
}

int
clockstep_is_change(long n, int threshold)
{
	return n < 0 || n >= (long)threshold;
}

time_t
clockstep_move(time_t t, long n)
{
	if (t == 0)
		return 0;
	if (n < 0 && (time_t)-n > t)
		return 0;
	return t + (time_t)n;
}

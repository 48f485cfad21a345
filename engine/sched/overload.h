/*
 * overload: whether the engine is running behind, from how late checks
 * start (due to started, the drift) and how many wait to start.
 *
 * When more checks fall due than the machine can run, the run queue keeps
 * them in due order, so every object keeps its turn, and the intervals
 * are stretched (stretch.h) so that the checks fall due about as fast as
 * they can start; this module only says so, and when it ends.
 * The daemon feeds it, for each stats period, the lag (the largest start
 * lag of the checks started in it, or how long the oldest check still
 * waiting has waited past its due time if that is longer) and the queue
 * depth; an edge is logged and the figures go to jaquestats.
 *
 * On: the lag reached OVERLOAD_ON_LAG seconds, or, OVERLOAD_BACKLOG_PERIODS
 * periods in a row, it reached OVERLOAD_BACKLOG_LAG with checks waiting.
 * The second form is the steady state of an overload the stretch does
 * not absorb: each check is rescheduled from when it started (as Nagios
 * does), so the lag does not grow without end but settles where the
 * late starts fit what the machine can run, which can be under
 * OVERLOAD_ON_LAG.  Or the intervals are stretched
 * (overload_note_stretch): an overload the stretch has absorbed starts
 * its checks near their due times, but at longer intervals than
 * configured, and lasts as long as the stretch.
 * Off: the intervals are not stretched and OVERLOAD_OFF_PERIODS periods
 * in a row had a lag under OVERLOAD_OFF_LAG.  The queue need not be
 * empty: near its limits the
 * engine always has a few checks waiting a moment for a slot, but none
 * waits long (the oldest one's wait is in the lag), and checks that start
 * within a second of their due time are not an overload.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_OVERLOAD_H
#define JAQUE_OVERLOAD_H

#include <stddef.h>
#include <time.h>

#define OVERLOAD_ON_LAG 5.0
#define OVERLOAD_OFF_LAG 1.0
#define OVERLOAD_OFF_PERIODS 2
#define OVERLOAD_BACKLOG_LAG 1.0
#define OVERLOAD_BACKLOG_PERIODS 2
/* while it lasts, say so again this often (seconds) */
#define OVERLOAD_REMIND 300

enum overload_edge {
	OVERLOAD_NONE,
	OVERLOAD_BEGAN,
	OVERLOAD_STILL,  /* a reminder is due */
	OVERLOAD_ENDED
};

struct overload {
	int on;
	time_t since;          /* when the current spell began */
	time_t reminded;       /* when it was last reported */
	long long total;       /* seconds of the spells that ended */
	unsigned long spells;  /* how many began */
	double lag;            /* the largest start lag of the last period, seconds */
	size_t depth;          /* checks waiting to start at the last update */
	unsigned backlog;      /* periods in a row with a backlog (see above) */
	unsigned quiet;        /* periods in a row under OVERLOAD_OFF_LAG */
	double stretch;        /* the interval stretch (stretch.h), <= 1 when none */
};

/* the interval stretch in force, before overload_update */
void overload_note_stretch(struct overload *o, double factor);
/* one stats period ended at now: its lag (see above) and the queue depth */
enum overload_edge overload_update(struct overload *o, double lag, size_t depth, time_t now);
/* seconds overloaded since start, the current spell included */
long long overload_seconds(const struct overload *o, time_t now);

#endif

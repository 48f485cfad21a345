/*
 * overload: whether the engine is running behind, from how late checks
 * start (due to started, the drift) and how many wait to start.
 *
 * When more checks fall due than the machine can run, the run queue keeps
 * them in due order, so every object keeps its turn and is checked at the
 * same stretched interval; this module only says so, and when it ends.
 * The daemon feeds it the largest start lag of each stats period and the
 * queue depth; an edge is logged and the figures go to jaquestats.
 *
 * On: a check started OVERLOAD_ON_LAG seconds or more after it was due,
 * or, OVERLOAD_BACKLOG_PERIODS periods in a row, one started
 * OVERLOAD_BACKLOG_LAG seconds late and checks were waiting to start.
 * The second form is the steady state of an overload: each check is
 * rescheduled from when it started (as Nagios does), so the lag does not
 * grow without end but settles where the stretched intervals fit what
 * the machine can run (the objects over the checks a second it runs,
 * minus the interval), which can be under OVERLOAD_ON_LAG.
 * Off: in a whole period no check started OVERLOAD_OFF_LAG seconds late
 * and nothing waits to start.
 */
#ifndef JAQUE_OVERLOAD_H
#define JAQUE_OVERLOAD_H

#include <stddef.h>
#include <time.h>

#define OVERLOAD_ON_LAG 5.0
#define OVERLOAD_OFF_LAG 1.0
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
};

/* one stats period ended at now: its largest start lag and the queue depth */
enum overload_edge overload_update(struct overload *o, double lag, size_t depth, time_t now);
/* seconds overloaded since start, the current spell included */
long long overload_seconds(const struct overload *o, time_t now);

#endif

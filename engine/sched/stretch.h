/*
 * stretch: how much longer than configured the check intervals are made
 * while more checks fall due than the machine can start.
 *
 * Without it an overload is absorbed by the run queue alone: checks wait
 * in due order, each object keeps its turn, and every check starts late
 * by the time it takes to get through all objects less the interval (a
 * minute for 10 000 objects every 10 s on a machine that starts 150
 * plugins a second).  With it the schedules themselves are spread: every
 * interval is multiplied by the factor, so the checks fall due about as
 * fast as they can start, each object is still checked at the same
 * stretched rate, and a check starts close to its (stretched) due time.
 *
 * The daemon feeds one update per stats period (struct stretch_period):
 * the demand (checks a second the schedules would ask for unstretched,
 * checker_demand), the period's length, and how long in it checks were
 * left waiting for a slot (the run queue not empty with every slot of
 * the global limit taken) with the checks started meanwhile
 * (checker_stats).  The rule:
 *   - a period in which checks waited for at least STRETCH_LIMIT_SHARE of
 *     its length ran at the machine's limit: the checks started a second
 *     while they waited are the capacity (every start then came as a
 *     slot freed), and the factor becomes demand / (capacity less
 *     STRETCH_MARGIN), at least 1;
 *   - any other period while stretched assumes the capacity a little
 *     higher (STRETCH_PROBE times the number of such periods in a row), so the
 *     factor walks down until the limit shows again or it reaches 1; a
 *     fall in demand (checks disabled, objects removed) lowers it at once.
 * Periods shorter than STRETCH_MIN_PERIOD are not measured.  Pure
 * arithmetic: the checker applies the factor (checker_set_stretch).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STRETCH_H
#define JAQUE_STRETCH_H

#include <stddef.h>

#define STRETCH_LIMIT_SHARE 0.5
#define STRETCH_MARGIN 0.05
#define STRETCH_PROBE 0.01
#define STRETCH_MIN_PERIOD 1.0
#define STRETCH_MAX 1000.0

struct stretch {
	double factor;    /* >= 1; 0 before the first update reads as 1 */
	double capacity;  /* checks a second at the limit, as last measured or probed; 0 unknown */
	double demand;    /* the last demand fed in, checks a second */
	unsigned quiet;   /* periods in a row below the limit while stretched */
};

struct stretch_period {
	double demand;          /* checks a second the schedules ask for, unstretched */
	double secs;            /* the period's length */
	double backlog_secs;    /* how long in it checks waited for a slot */
	double backlog_started; /* checks started meanwhile */
};

/* one stats period: returns 1 when the factor changed (the checker must
 * be told), 0 when not */
int stretch_update(struct stretch *s, const struct stretch_period *p);
/* the factor to apply, 1 when none */
double stretch_factor(const struct stretch *s);

#endif

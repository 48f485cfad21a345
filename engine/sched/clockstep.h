/*
 * clockstep: noticing that the wall clock was stepped (set by hand, by
 * ntpdate, by a virtual machine resumed), and whether Nagios 4.4.6 would
 * call the step a "system time change".
 *
 * The schedule runs on the monotonic clock, which no step moves, so a
 * step shows as a change of the offset between the two clocks.  The
 * daemon notes the offset at every wake-up of its loop (clockstep_note)
 * and hears the change since the last note, in seconds: what wall-clock
 * times must move by to mean the same instants.  Changes under
 * CLOCKSTEP_JITTER are read as noise of reading two clocks one after the
 * other, and are not taken (the offset stays, so a creep that adds up
 * shows once it passes the bound).
 *
 * Nagios 4.4.6 runs its event queue on the wall clock and looks at
 * time() at every turn of its loop (base/events.c, event_execution_loop):
 * time going back at all, or forward by time_change_threshold seconds or
 * more since the last turn, is a change it logs and compensates for
 * (compensate_for_system_time_change).  Its turns are up to 1.5 s apart,
 * and the change it sees and logs includes the turn's own time (nagios4
 * under a preloaded clock shift of an hour logged 3601 and -3599).  Here
 * the step is the change of the offset alone, rounded to whole seconds
 * (clockstep_seconds), and clockstep_is_change takes Nagios's rule on it:
 * back by a second or more, or forward by the threshold or more.  Pure
 * arithmetic; the daemon reads the clocks and acts.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CLOCKSTEP_H
#define JAQUE_CLOCKSTEP_H

#include <time.h>

#define CLOCKSTEP_JITTER 0.01

struct clockstep {
	double offset; /* wall less monotonic at the last change taken */
	int known;     /* a first note was made */
};

/* the monotonic clock, in seconds */
double clockstep_mono(void);
/* note the two clocks read now: returns how far the wall clock moved
 * against the monotonic one since the last change taken, 0 for the
 * first note and for changes under CLOCKSTEP_JITTER */
double clockstep_note(struct clockstep *cs, double wall, double mono);
/* a step in whole seconds, rounded to the nearest (Nagios's delta) */
long clockstep_seconds(double step);
/* 1 when Nagios 4.4.6 logs and compensates a step of n whole seconds
 * with this time_change_threshold, else 0 */
int clockstep_is_change(long n, int threshold);
/* a wall-clock time t moved by a step of n seconds, by Nagios's rule
 * (base/events.c, adjust_timestamp_for_time_change): 0 (never) stays 0,
 * and a time goes back no further than 0 */
time_t clockstep_move(time_t t, long n);

#endif

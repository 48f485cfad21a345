/*
 * wakeup: how late the machine wakes the tick timer, and how long before
 * a tick to set the timer so that the checks due on it still start on
 * time.
 *
 * A sleeping process is woken some time after the moment its timer was
 * set for: a few tens of microseconds on an idle bare machine, but 0.1 to
 * 0.4 ms on a virtual machine whose cpu has been idle for a second (on the
 * 2-vCPU machines of docs/status.md, 1 tick a second).  Every check due on
 * the tick carries that lateness as drift.  The checker notes each timer
 * wake-up's lateness here, sets the timer that much (with a margin) before
 * the tick, and waits out what is left of it awake.
 *
 * The wait is paid in cpu, so it is bounded: never more than a thousandth
 * of the time slept (WAKEUP_SPIN_SHARE, so at most 0.1 % of a core),
 * never more than WAKEUP_LEAD_MAX.  At 100 ticks a second that leaves 10
 * us, where the lateness is small anyway; at 1 tick a second it covers the
 * whole lateness.  One stall (a machine that did not run the process for
 * milliseconds) counts as at most WAKEUP_SAMPLE_MAX, so it cannot make the
 * lead large.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_WAKEUP_H
#define JAQUE_WAKEUP_H

#define WAKEUP_SAMPLE_MAX 0.002  /* seconds: a lateness counts as at most this */
#define WAKEUP_LEAD_MAX 0.001    /* seconds: the most a timer is set early */
#define WAKEUP_SPIN_SHARE 0.001  /* the lead's largest share of the time slept */
#define WAKEUP_MARGIN 1.5        /* lead = mean lateness times this */
#define WAKEUP_WEIGHT 8          /* the mean moves 1/8 of the way to each sample */

struct wakeup {
	double late;  /* moving mean of the lateness, seconds */
	unsigned n;   /* samples so far (the first ones are averaged plainly) */
};

void wakeup_init(struct wakeup *w);
/* a timer set for a moment fired `late` seconds after it (< 0 counts as 0) */
void wakeup_note(struct wakeup *w, double late);
/* how many seconds before the target to set a timer that is `gap` seconds
 * from now: 0 until a lateness has been noted */
double wakeup_lead(const struct wakeup *w, double gap);

#endif

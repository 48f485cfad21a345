/*
 * wakeup: the tick timer's lateness and the lead that makes up for it.
 * See wakeup.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/wakeup.h"

void
wakeup_init(struct wakeup *w)
{
	w->late = 0;
	w->n = 0;
}

void
wakeup_note(struct wakeup *w, double late)
{
	if (!(late > 0))
		late = 0;  /* also a NaN */
	if (late > WAKEUP_SAMPLE_MAX)
		late = WAKEUP_SAMPLE_MAX;
	if (w->n < WAKEUP_WEIGHT)
		w->n++;
	/* a plain mean of the first samples, then a moving one */
	w->late += (late - w->late) / w->n;
}

double
wakeup_lead(const struct wakeup *w, double gap)
{
	double lead = w->late * WAKEUP_MARGIN;

	if (!(gap > 0))
		return 0;
	if (lead > gap * WAKEUP_SPIN_SHARE)
		lead = gap * WAKEUP_SPIN_SHARE;
	if (lead > WAKEUP_LEAD_MAX)
		lead = WAKEUP_LEAD_MAX;
	return lead;
}

/*
 * timeperiod: evaluating timeperiods as Nagios 4.4.6 does, in local time.
 *
 * A time is in a period when the most specific rule for its day says so:
 * date exceptions first (calendar dates, month dates, month days, month
 * week days, week days, in that precedence, skip intervals honoured; an
 * exception without time ranges excludes the day), else the weekday's
 * ranges; then every excluded period takes its times out.  Days are local
 * calendar days (DST-safe: days are walked with mktime, not 86400 s).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TIMEPERIOD_H
#define JAQUE_TIMEPERIOD_H

#include <time.h>

struct obj_timeperiod;

/* 1 when t is within tp, 0 when not; a NULL tp is "always" */
int timeperiod_contains(const struct obj_timeperiod *tp, time_t t);
/*
 * The first time >= from within tp (from itself when it is), searching up
 * to a year and a bit ahead; (time_t)-1 when there is none.  NULL tp: from.
 * As in Nagios, where an excluded period takes a time out the search goes
 * on one minute past the end of the excluded range (13:01 after a
 * 12:00-13:00 exclusion), so the answer can lie a minute past the first
 * second within tp; it is always within tp.
 */
time_t timeperiod_next(const struct obj_timeperiod *tp, time_t from);
/*
 * The first time >= from that tp does not cover, as Nagios's search for it
 * (used to spread rescheduled checks within the valid window) finds it:
 * from itself when tp does not contain it, else one minute past the end
 * of the covering range (17:01 for 09:00-17:00), or where an excluded
 * period of tp takes over.  (time_t)-1 when tp covers everything up to a
 * year and a bit ahead, and for a NULL tp.
 */
time_t timeperiod_next_invalid(const struct obj_timeperiod *tp, time_t from);

#endif

/*
 * downtime_text: the comment Nagios 4.4.6's register_downtime gives a
 * downtime, dates and all, as its get_datetime_string(SHORT_DATE_TIME)
 * and its int arithmetic write them.  Called by downtime.c when a downtime
 * is registered; pure (the local time zone aside).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/notify/downtime_text.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "engine/notify/downtime.h"
#include "engine/util/xalloc.h"

/* Nagios's SHORT_DATE_TIME (get_datetime_string) in date_format fmt */
static void
dt_datetime(time_t t, int fmt, char *buf, size_t n)
{
	int y, mo, d;
	struct tm tm;

	if (localtime_r(&t, &tm) == NULL)
		memset(&tm, 0, sizeof(tm));
	y = tm.tm_year + 1900;
	mo = tm.tm_mon + 1;
	d = tm.tm_mday;
	if (fmt == MAINCFG_DATE_EURO)
		snprintf(buf, n, "%02d-%02d-%04d %02d:%02d:%02d", d, mo, y, tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
	else if (fmt == MAINCFG_DATE_ISO8601 || fmt == MAINCFG_DATE_STRICT_ISO8601)
		snprintf(buf, n, "%04d-%02d-%02d%c%02d:%02d:%02d", y, mo, d,
		    fmt == MAINCFG_DATE_STRICT_ISO8601 ? 'T' : ' ', tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
	else
		snprintf(buf, n, "%02d-%02d-%04d %02d:%02d:%02d", mo, d, y, tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
}

/* the 32-bit int that holds the low 32 bits of v (two's complement) */
static long long
dt_int32(uint64_t v)
{
	uint32_t u = (uint32_t)v;

	return u <= INT32_MAX ? (long long)u : (long long)u - (long long)UINT32_MAX - 1;
}

/*
 * The "N hours and M minutes" of a flexible downtime's comment as
 * register_downtime computes them: in int, so a duration past 2^31 hours,
 * or past 2^31 seconds for the minutes, wraps as it does there (hours is
 * duration / 3600 cut to an int; minutes is (duration - hours * 3600, the
 * product in int) / 60, cut to an int).
 */
static void
dt_hours_minutes(unsigned long duration, long long *hours, long long *minutes)
{
	uint64_t dur = duration, h32, prod;

	*hours = dt_int32(dur / 3600);
	h32 = (uint32_t)*hours;
	prod = (uint64_t)dt_int32(h32 * 3600u); /* sign-extended, as int to unsigned long */
	*minutes = dt_int32((dur - prod) / 60);
}

char *
downtime_comment_text(const struct downtime *d, int date_format)
{
	const char *what = d->svc != NULL ? "service" : "host";
	char from[64], to[64];
	long long hours, minutes;

	dt_datetime(d->start_time, date_format, from, sizeof(from));
	dt_datetime(d->end_time, date_format, to, sizeof(to));
	dt_hours_minutes(d->duration, &hours, &minutes);
	if (d->fixed)
		return xasprintf(
		    "This %s has been scheduled for fixed downtime from %s to %s.  "
		    "Notifications for the %s will not be sent out during that time period.",
		    what, from, to, what);
	return xasprintf(
	    "This %s has been scheduled for flexible downtime starting between "
	    "%s and %s and lasting for a period of %lld hours and %lld minutes.  "
	    "Notifications for the %s will not be sent out during that time period.",
	    what, from, to, hours, minutes, what);
}

/*
 * timeperiod: whether a time lies in a timeperiod and when it next does,
 * decided as Nagios 4.4.6 decides it (base/utils.c), in local time.
 *
 * Which rule governs a day is pure calendar arithmetic here: we number
 * local days from 1970-01-01 and compute the first and last day of every
 * exception the way Nagios's mktime calls would, quirks included (the
 * first exception that matches, in type order, wins even when it has no
 * ranges; an end date past the month's end becomes its last day; a month
 * date or month weekday range whose end falls before its start ends next
 * year, so "december 20 - january 5" does not cover January 1-5; a range
 * with "/ N" matches every Nth day from its start and ignores its end; a
 * month-day or weekday range whose end comes before its start wraps
 * around the month's end).  Within a day a range covers the wall-clock
 * seconds start..end, both ends included, as Nagios's check does.
 *
 * timeperiod_next follows Nagios's search: the earliest covered time of the
 * day, else the next day; then each excluded period pushes the candidate
 * to one minute past the end of the range of it that covers the candidate,
 * and the search repeats until nothing moves.  It steps by ranges and
 * days, never by seconds, and gives up after TP_HORIZON.  That push is
 * timeperiod_next_invalid, which the scheduler can use as Nagios's
 * reschedule_within_timeperiod does.
 *
 * Where Nagios's arithmetic goes wrong we do not follow it: days are
 * walked and ranges placed in wall-clock time, so DST changes move
 * nothing; an exclusion's range covers its end second in the search too
 * (Nagios could return that second, which its own check rejects); an
 * "00:00-00:00" range is empty in both functions (Nagios's check admits
 * the one second of midnight); no time within the horizon gives -1 where
 * Nagios returns the time it started from; a period that its excluded
 * period itself excludes stops covering where that one starts (Nagios
 * creeps a minute at a time).  Excluded periods are followed to
 * TP_MAXDEPTH levels, which also stops a cycle pre-flight let through.
 *
 * Called by the scheduler (check periods), notifications, escalations and
 * dependencies.  No state; only the C library's time zone.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/time/timeperiod.h"

#include <limits.h>
#include <stddef.h>
#include <time.h>

#include "engine/objects/objects.h"

#define TP_DAY 86400L
#define TP_HORIZON (400 * TP_DAY) /* a year and a bit: how far next looks */
#define TP_MAXDEPTH 16            /* levels of excluded periods followed */
#define TP_TIME_LIMIT 100000000000LL /* |t| beyond this (year ~5100): refused */
#define TP_SLACK (30L * 3600)      /* wider than any UTC offset */

/* a local calendar day */
struct tp_date {
	long num; /* days since 1970-01-01 */
	int year; /* e.g. 2026 */
	int mon;  /* 0-11 */
	int wday; /* 0 = sunday */
};

/* a stretch of a day with one UTC offset: [a, b), wall-clock midnight vm */
struct tp_seg {
	time_t a;
	time_t b;
	time_t vm;
};

/*
 * A local day as instants: [start, end), split where the offset changes.
 * start, end and the stretches are filled only for days that have ranges.
 */
struct tp_day {
	struct tp_date dt;
	long g; /* the UTC offset where the day was looked up */
	time_t start;
	time_t end;
	int nseg;
	struct tp_seg seg[2];
};

/* ---- calendar arithmetic ---- */

static int
tp_is_leap(long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int
tp_days_in_month(long y, int m)
{
	static const int len[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return m == 1 && tp_is_leap(y) ? 29 : len[m];
}

/*
 * Day number of y-(m+1)-d, m 0..11, d any (it just adds days).  Counts in
 * 400-year eras of years that start in March, so the leap day comes last.
 */
static long
tp_days_from_civil(long y, int m, long d)
{
	long era, yoe, doy;
	int mp = (m + 10) % 12; /* march = 0 */

	if (m < 2)
		y--;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * mp + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static int
tp_wday(long num)
{
	return (int)(((num + 4) % 7 + 7) % 7); /* 1970-01-01 was a thursday */
}

/* a date whose month and day may be out of range, carried over as mktime does */
static long
tp_normal_date(long y, long m, long d)
{
	long carry = m >= 0 ? m / 12 : -((11 - m) / 12);

	return tp_days_from_civil(y + carry, (int)(m - carry * 12), d);
}

/*
 * The day mday of month m (negative: counted from the month's end, -1 the
 * last day; past -31 it sticks at the 31st-last day; 0 is no day).  -1
 * when the day falls outside the month, which Nagios treats as no date.
 */
static int
tp_month_day(long y, int m, int mday, long *out)
{
	int dim = tp_days_in_month(y, m);
	long d = mday > 0 ? mday : dim + (mday < -30 ? -30 : mday + 1);

	if (d < 1 || d > dim)
		return -1;
	*out = tp_days_from_civil(y, m, d);
	return 0;
}

/*
 * The off-th weekday wday of month m: off > 0 counts from the start (past
 * 5 it stays 5), off <= 0 from the end (-1 the last, below -5 it stays -5,
 * 0 the week after the last, so none).  -1 when outside the month.
 */
static int
tp_month_weekday(long y, int m, int wday, int off, long *out)
{
	long first = tp_days_from_civil(y, m, 1);
	int dim = tp_days_in_month(y, m);
	long d = wday - tp_wday(first);

	if (d < 0)
		d += 7;
	d++;
	if (off > 0) {
		d += ((off > 5 ? 5 : off) - 1) * 7L;
	} else {
		while (d + 7 <= dim)
			d += 7;
		d += ((off < -5 ? -5 : off) + 1) * 7L;
	}
	if (d < 1 || d > dim)
		return -1;
	*out = first + d - 1;
	return 0;
}

static int
tp_month_ok(int m)
{
	return m >= 0 && m < 12;
}

/* ---- which ranges govern a day ---- */

/*
 * The first and last day of an exception, computed for the year and
 * month of the day tested as Nagios does.  Each returns -1 when Nagios
 * skips the exception (a start that is no date, an end that is no date
 * and cannot be mended).
 */
static int
tp_span_calendar(const struct obj_daterange *dr, const struct tp_date *dt, long *s, long *e)
{
	(void)dt;
	*s = tp_normal_date(dr->syear, dr->smon, dr->smday);
	*e = tp_normal_date(dr->eyear, dr->emon, dr->emday);
	return 0;
}

static int
tp_span_month_date(const struct obj_daterange *dr, const struct tp_date *dt, long *s, long *e)
{
	long y = dt->year;

	if (!tp_month_ok(dr->smon) || !tp_month_ok(dr->emon) ||
	    tp_month_day(y, dr->smon, dr->smday, s) == -1)
		return -1;
	/* an end before the start, or no date at all, is looked for next year */
	if (tp_month_day(y, dr->emon, dr->emday, e) == -1 || *e < *s) {
		y++;
		if (tp_month_day(y, dr->emon, dr->emday, e) == -1) {
			if (dr->emday < 0)
				return -1;
			(void)tp_month_day(y, dr->emon, -1, e);
		}
	}
	return 0;
}

static int
tp_span_month_day(const struct obj_daterange *dr, const struct tp_date *dt, long *s, long *e)
{
	if (tp_month_day(dt->year, dt->mon, dr->smday, s) == -1)
		return -1;
	if (tp_month_day(dt->year, dt->mon, dr->emday, e) == -1) {
		if (dr->emday < 0)
			return -1;
		(void)tp_month_day(dt->year, dt->mon, -1, e);
	}
	return 0;
}

static int
tp_span_month_week_day(const struct obj_daterange *dr, const struct tp_date *dt, long *s,
    long *e)
{
	long y = dt->year;

	if (!tp_month_ok(dr->smon) || !tp_month_ok(dr->emon) ||
	    tp_month_weekday(y, dr->smon, dr->swday, dr->swday_offset, s) == -1)
		return -1;
	if (tp_month_weekday(y, dr->emon, dr->ewday, dr->ewday_offset, e) == -1 || *e < *s) {
		y++;
		if (tp_month_weekday(y, dr->emon, dr->ewday, dr->ewday_offset, e) == -1) {
			if (dr->ewday_offset < 0)
				return -1;
			/* Nagios mends it with the tested day's month, not emon */
			(void)tp_month_day(y, dt->mon, -1, e);
		}
	}
	return 0;
}

static int
tp_span_week_day(const struct obj_daterange *dr, const struct tp_date *dt, long *s, long *e)
{
	if (tp_month_weekday(dt->year, dt->mon, dr->swday, dr->swday_offset, s) == -1)
		return -1;
	if (tp_month_weekday(dt->year, dt->mon, dr->ewday, dr->ewday_offset, e) == -1) {
		if (dr->ewday_offset < 0)
			return -1;
		(void)tp_month_day(dt->year, dt->mon, -1, e);
	}
	return 0;
}

static int (*const tp_span[OBJ_DR_NTYPES])(const struct obj_daterange *,
    const struct tp_date *, long *, long *) = {
	[OBJ_DR_CALENDAR_DATE] = tp_span_calendar,
	[OBJ_DR_MONTH_DATE] = tp_span_month_date,
	[OBJ_DR_MONTH_DAY] = tp_span_month_day,
	[OBJ_DR_MONTH_WEEK_DAY] = tp_span_month_week_day,
	[OBJ_DR_WEEK_DAY] = tp_span_week_day,
};

/* Nagios's is_daterange_single_day: every start field equals its end field */
static int
tp_single_day(const struct obj_daterange *dr)
{
	return dr->syear == dr->eyear && dr->smon == dr->emon && dr->smday == dr->emday &&
	    dr->swday == dr->ewday && dr->swday_offset == dr->ewday_offset;
}

/* 1 when the exception, kept in the list of kind type, governs day dt */
static int
tp_daterange_matches(const struct obj_daterange *dr, int type, const struct tp_date *dt)
{
	long s, e, d = dt->num;

	if (tp_span[type](dr, dt, &s, &e) == -1)
		return 0;
	if (dr->skip_interval > 1) {
		if (s > d || (d - s) % dr->skip_interval != 0)
			return 0;
		/* the day itself becomes the start, so the end no longer limits it */
		s = d;
		if (type == OBJ_DR_CALENDAR_DATE && tp_single_day(dr))
			e = d;
	}
	/* an end before the start wraps: day 25 - 5 is the 25th to the 5th */
	return (d >= s && (d <= e || s > e)) || (d <= e && s > e);
}

/*
 * The ranges for day dt: those of the first exception that matches, in
 * Nagios's order of kinds and then as listed (NULL when it has none: the
 * day is out), else the weekday's.
 */
static const struct obj_timerange *
tp_day_ranges(const struct obj_timeperiod *tp, const struct tp_date *dt)
{
	const struct obj_daterange *dr;
	int type;

	for (type = 0; type < OBJ_DR_NTYPES; type++)
		for (dr = tp->exceptions[type]; dr != NULL; dr = dr->next)
			if (tp_daterange_matches(dr, type, dt))
				return dr->times;
	return tp->days[dt->wday];
}

/* "00:00-00:00" is how configurations write "nothing on this day" */
static int
tp_range_live(const struct obj_timerange *r)
{
	return r->start != 0 || r->end != 0;
}

static int
tp_any_live(const struct obj_timerange *r)
{
	for (; r != NULL; r = r->next)
		if (tp_range_live(r) && r->start <= r->end)
			return 1;
	return 0;
}

/* ---- local time ---- */

static long
tp_tod(const struct tm *tm)
{
	return tm->tm_hour * 3600L + tm->tm_min * 60L + tm->tm_sec;
}

static void
tp_date_of(const struct tm *tm, struct tp_date *dt)
{
	dt->year = tm->tm_year + 1900;
	dt->mon = tm->tm_mon;
	dt->num = tp_days_from_civil(dt->year, dt->mon, tm->tm_mday);
	dt->wday = tp_wday(dt->num);
}

/* local day number and wall-clock seconds of t; -1 when t has no local time */
static int
tp_local(time_t t, struct tp_date *dt, long *tod)
{
	struct tm tm;

	if (localtime_r(&t, &tm) == NULL)
		return -1;
	tp_date_of(&tm, dt);
	*tod = tp_tod(&tm);
	return 0;
}

/* UTC offset at t in seconds (0 when unknown) */
static long
tp_offset(time_t t)
{
	struct tp_date dt;
	long tod;

	if (tp_local(t, &dt, &tod) == -1)
		return 0;
	return (long)(dt.num * TP_DAY + tod - t);
}

/* the local day number at t (LONG_MIN when unknown) */
static long
tp_local_num(time_t t)
{
	struct tp_date dt;
	long tod;

	return tp_local(t, &dt, &tod) == -1 ? LONG_MIN : dt.num;
}

/* 1 when t is the first instant of local day num */
static int
tp_is_day_start(time_t t, long num)
{
	struct tp_date dt;
	long tod;

	return tp_local(t, &dt, &tod) == 0 && dt.num == num && tod == 0 &&
	    tp_local_num(t - 1) < num;
}

/*
 * The first instant of local day num.  Midnight under offset g (one in
 * force nearby), else under the offset found there, is it unless a clock
 * change skips or repeats midnight; then we look for where the date turns.
 */
static time_t
tp_day_start(long num, long g)
{
	time_t t = (time_t)(num * TP_DAY - g), lo, hi, mid;

	if (tp_is_day_start(t, num))
		return t;
	t = (time_t)(num * TP_DAY - tp_offset(t));
	if (tp_is_day_start(t, num))
		return t;
	lo = (time_t)(num * TP_DAY - TP_SLACK);
	hi = (time_t)(num * TP_DAY + TP_SLACK);
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (tp_local_num(mid) >= num)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* the local day holding t, without its instants yet */
static int
tp_day_of(time_t t, struct tp_day *day)
{
	long tod;

	if (tp_local(t, &day->dt, &tod) == -1)
		return -1;
	day->g = (long)(day->dt.num * TP_DAY + tod - t);
	return 0;
}

/* when the day after day (which holds t) starts; always after t */
static time_t
tp_day_after(const struct tp_day *day, time_t t)
{
	time_t next = tp_day_start(day->dt.num + 1, day->g);

	return next > t ? next : t + 1; /* only a broken zone needs the nudge */
}

/*
 * The day holding t as instants.  A day has one offset or, on a clock
 * change, two; the change is found by bisection.  In each stretch the
 * wall-clock time of day is the instant minus that stretch's vm.
 */
static void
tp_day_shape(struct tp_day *day, time_t t)
{
	long g0, g1, base = day->dt.num * TP_DAY;
	time_t lo, hi, mid;

	day->start = tp_day_start(day->dt.num, day->g);
	if (day->start > t)
		day->start = t;
	day->end = tp_day_after(day, t);
	g0 = tp_offset(day->start);
	g1 = tp_offset(day->end - 1);
	day->seg[0].a = day->start;
	day->seg[0].b = day->end;
	day->seg[0].vm = (time_t)(base - g0);
	day->nseg = 1;
	if (g0 == g1)
		return;
	lo = day->start;
	hi = day->end - 1;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (tp_offset(mid) == g0)
			lo = mid;
		else
			hi = mid;
	}
	day->seg[0].b = hi;
	day->seg[1].a = hi;
	day->seg[1].b = day->end;
	day->seg[1].vm = (time_t)(base - g1);
	day->nseg = 2;
}

/* ---- containment ---- */

static int tp_contains(const struct obj_timeperiod *tp, time_t t, int depth);

/* 1 when one of tp's excluded periods contains t */
static int
tp_excluded(const struct obj_timeperiod *tp, time_t t, int depth)
{
	unsigned i;

	for (i = 0; i < tp->nexclude; i++)
		if (tp->exclude[i] != NULL && tp_contains(tp->exclude[i], t, depth + 1))
			return 1;
	return 0;
}

static int
tp_contains(const struct obj_timeperiod *tp, time_t t, int depth)
{
	const struct obj_timerange *r;
	struct tp_date dt;
	long tod;

	if (tp == NULL)
		return 1;
	if (depth > TP_MAXDEPTH || tp_local(t, &dt, &tod) == -1)
		return 0;
	if (tp_excluded(tp, t, depth))
		return 0;
	for (r = tp_day_ranges(tp, &dt); r != NULL; r = r->next)
		if (tp_range_live(r) && (long)r->start <= tod && tod <= (long)r->end)
			return 1;
	return 0;
}

/* ---- the next valid time ---- */

static time_t tp_next_valid(const struct obj_timeperiod *tp, time_t t, time_t limit,
    int depth, int *found);

/*
 * The earliest instant >= t of day whose wall-clock time lies in one of
 * the ranges; 0 and *found = 0 when there is none left that day.
 */
static time_t
tp_first_in(const struct obj_timerange *ranges, const struct tp_day *day, time_t t,
    int *found)
{
	const struct obj_timerange *r;
	const struct tp_seg *sg;
	time_t lo, hi, best = 0;
	int i;

	*found = 0;
	for (i = 0; i < day->nseg; i++) {
		sg = &day->seg[i];
		if (sg->b <= t)
			continue;
		for (r = ranges; r != NULL; r = r->next) {
			if (!tp_range_live(r))
				continue;
			lo = sg->vm + (time_t)r->start;
			if (lo < sg->a)
				lo = sg->a;
			if (lo < t)
				lo = t;
			hi = sg->vm + (time_t)r->end;
			if (hi > sg->b - 1)
				hi = sg->b - 1;
			if (lo <= hi && (!*found || lo < best)) {
				best = lo;
				*found = 1;
			}
		}
		if (*found)
			return best; /* later stretches only hold later instants */
	}
	return 0;
}

/*
 * The first time >= t that Nagios's search counts as outside tp (the
 * period being excluded): t itself unless one of tp's ranges covers it;
 * then one minute past that range's end, and again from there.  Where an
 * excluded period of tp becomes valid first, tp stops covering there.
 * Gives up (returning a time past limit) beyond limit.
 */
static time_t
tp_next_invalid(const struct obj_timeperiod *tp, time_t t, time_t limit, int depth)
{
	const struct obj_timerange *r;
	struct tp_date dt;
	long tod, end;
	time_t jump, other;
	unsigned i;
	int found;

	if (depth > TP_MAXDEPTH)
		return t;
	while (t <= limit) {
		if (tp_excluded(tp, t, depth) || tp_local(t, &dt, &tod) == -1)
			return t;
		end = -1;
		for (r = tp_day_ranges(tp, &dt); r != NULL; r = r->next)
			if (tp_range_live(r) && (long)r->start <= tod && tod <= (long)r->end &&
			    (long)r->end > end)
				end = (long)r->end;
		if (end < 0)
			return t;
		jump = t - tod + end + 60;
		for (i = 0; i < tp->nexclude; i++) {
			if (tp->exclude[i] == NULL)
				continue;
			other = tp_next_valid(tp->exclude[i], t, jump, depth + 1, &found);
			if (found && other < jump)
				jump = other;
		}
		t = jump;
	}
	return t;
}

/*
 * Nagios's search for the first valid time >= t: the earliest covered
 * instant of the day (else the next day), then every excluded period may
 * push it on, until it stays put.  *found = 0 when it passes limit.
 */
static time_t
tp_next_valid(const struct obj_timeperiod *tp, time_t t, time_t limit, int depth, int *found)
{
	const struct obj_timerange *ranges;
	struct tp_day day;
	time_t c, moved;
	unsigned i;
	int in;

	*found = 0;
	if (depth > TP_MAXDEPTH)
		return 0;
	while (t <= limit) {
		if (tp_day_of(t, &day) == -1)
			return 0;
		ranges = tp_day_ranges(tp, &day.dt);
		if (!tp_any_live(ranges)) {
			t = tp_day_after(&day, t); /* most days of a sparse period */
			continue;
		}
		tp_day_shape(&day, t);
		c = tp_first_in(ranges, &day, t, &in);
		if (!in) {
			t = day.end;
			continue;
		}
		moved = c;
		for (i = 0; i < tp->nexclude; i++)
			if (tp->exclude[i] != NULL)
				moved = tp_next_invalid(tp->exclude[i], moved, limit, depth + 1);
		if (moved == c) {
			*found = c <= limit;
			return c;
		}
		t = moved;
	}
	return 0;
}

int
timeperiod_contains(const struct obj_timeperiod *tp, time_t t)
{
	return tp_contains(tp, t, 0);
}

time_t
timeperiod_next(const struct obj_timeperiod *tp, time_t from)
{
	time_t t;
	int found;

	if (tp == NULL)
		return from;
	if ((long long)from > TP_TIME_LIMIT || (long long)from < -TP_TIME_LIMIT)
		return (time_t)-1;
	t = tp_next_valid(tp, from, from + TP_HORIZON, 0, &found);
	return found ? t : (time_t)-1;
}

time_t
timeperiod_next_invalid(const struct obj_timeperiod *tp, time_t from)
{
	time_t limit, t;

	if (tp == NULL || (long long)from > TP_TIME_LIMIT || (long long)from < -TP_TIME_LIMIT)
		return (time_t)-1;
	limit = from + TP_HORIZON;
	t = tp_next_invalid(tp, from, limit, 0);
	return t <= limit ? t : (time_t)-1;
}

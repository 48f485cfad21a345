/*
 * test_tpsyntax: timeperiod exception and time range syntax.
 *
 * The big table below was produced by running Debian's nagios4 (4.4.6)
 * with "-vp" on one timeperiod per line and reading objects.precache: the
 * expected text is what Nagios wrote for the line ("<date>\t<ranges>"), or,
 * for a rejected line, its error text without "Error: ", the location and
 * a trailing '!'.  The other tests pin the stored fields, the routing of
 * weekday lines and the edge cases of the formatters.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/tpsyntax.h"
#include "engine/util/arena.h"

struct nagios_case {
	const char *line;
	const char *cache; /* what objects.precache holds, NULL if rejected */
	const char *err;   /* Nagios's complaint when rejected */
};

static const struct nagios_case nagios_cases[] = {
	{ "2024-12-25 00:00-24:00", "2024-12-25\t00:00-24:00", NULL },
	{ "2024-12-24 - 2025-01-02 00:00-24:00", "2024-12-24 - 2025-01-02\t00:00-24:00", NULL },
	{ "2024-01-01 / 7 00:00-24:00", "2024-01-01 / 7\t00:00-24:00", NULL },
	{ "2024-01-01 / 1 00:00-24:00", "2024-01-01\t00:00-24:00", NULL },
	{ "2007-01-01 - 2008-02-01 / 3 00:00-24:00",
	    "2007-01-01 - 2008-02-01 / 3\t00:00-24:00", NULL },
	{ "2007-01-01 - 2008-02-01 / 1 00:00-24:00", "2007-01-01 - 2008-02-01\t00:00-24:00", NULL },
	{ "2007-01-01 - 2007-01-01 / 3 00:00-24:00", "2007-01-01 / 3\t00:00-24:00", NULL },
	{ "july 4 00:00-24:00", "july 4\t00:00-24:00", NULL },
	{ "february 1 - march 15 00:00-24:00", "february 1 - march 15\t00:00-24:00", NULL },
	{ "february 3 - 5 00:00-24:00", "february 3 - february 5\t00:00-24:00", NULL },
	{ "april 10 - may 15 / 2 00:00-24:00", "april 10 - may 15 / 2\t00:00-24:00", NULL },
	{ "april 10 - 15 / 2 00:00-24:00", "april 10 - april 15 / 2\t00:00-24:00", NULL },
	{ "april 10 - april 10 / 2 00:00-24:00", "april 10\t00:00-24:00", NULL },
	{ "day 1 00:00-24:00", "day 1\t00:00-24:00", NULL },
	{ "day -1 00:00-24:00", "day -1\t00:00-24:00", NULL },
	{ "day 1 - 15 00:00-24:00", "day 1 - 15\t00:00-24:00", NULL },
	{ "day 1 - day 5 00:00-24:00", "day 1 - 5\t00:00-24:00", NULL },
	{ "day 2 - 8 / 2 00:00-24:00", "day 2 - 8 / 2\t00:00-24:00", NULL },
	{ "day 2 - day 8 / 2 00:00-24:00", "day 2 - 8 / 2\t00:00-24:00", NULL },
	{ "day 3 - 3 / 2 00:00-24:00", "day 3\t00:00-24:00", NULL },
	{ "monday 1 september 00:00-24:00", "monday 1 september\t00:00-24:00", NULL },
	{ "monday -1 may 00:00-24:00", "monday -1 may\t00:00-24:00", NULL },
	{ "wednesday 1 january - thursday 2 july 00:00-24:00",
	    "wednesday 1 january - thursday 2 july\t00:00-24:00", NULL },
	{ "tuesday 1 april - friday 2 may / 6 00:00-24:00",
	    "tuesday 1 april - friday 2 may / 6\t00:00-24:00", NULL },
	{ "tuesday 1 april - tuesday 1 april / 6 00:00-24:00",
	    "tuesday 1 april\t00:00-24:00", NULL },
	{ "thursday 2 00:00-24:00", "thursday 2\t00:00-24:00", NULL },
	{ "monday 2 - thursday 3 00:00-24:00", "monday 2 - thursday 3\t00:00-24:00", NULL },
	{ "thursday 2 - 4 00:00-24:00", "thursday 2 - thursday 4\t00:00-24:00", NULL },
	{ "monday 2 - thursday 3 / 5 00:00-24:00", "monday 2 - thursday 3 / 5\t00:00-24:00", NULL },
	{ "thursday 2 - 4 / 5 00:00-24:00", "thursday 2 - thursday 4 / 5\t00:00-24:00", NULL },
	{ "July 4 00:00-24:00", NULL, "Could not parse timeperiod directive 'July 4 00:00-24:00'" },
	{ "july 4", NULL, "Could not parse timeperiod directive 'july 4'" },
	{ "july 4 00:00-24:00 garbage", NULL, "Could not parse timerange #2 of timeperiod" },
	{ "july 4 00:00-24:00garbage", "july 4\t00:00-24:00", NULL },
	{ "july 4 00:00-09:00, 17:00-24:00", NULL, "Could not parse timerange #2 of timeperiod" },
	{ "july 4 00:00-09:00,17:00-24:00,", NULL, "Could not parse timerange #3 of timeperiod" },
	{ "day1 00:00-24:00", "day 1\t00:00-24:00", NULL },
	{ "july4 00:00-24:00", "july 4\t00:00-24:00", NULL },
	{ "monday1september 00:00-24:00", "monday 1 september\t00:00-24:00", NULL },
	{ "2024- 12- 25 00:00-24:00", "2024-12-25\t00:00-24:00", NULL },
	{ "2024-1-5 00:00-24:00", "2024-01-05\t00:00-24:00", NULL },
	{ "2024-13-45 00:00-24:00", "2024-13-45\t00:00-24:00", NULL },
	{ "12345-01-01 00:00-24:00",
	    NULL, "Could not parse timeperiod directive '12345-01-01 00:00-24:00'" },
	{ "-1-01-01 00:00-24:00", "-1-01-01\t00:00-24:00", NULL },
	{ "2024-12-25/3 00:00-24:00", "2024-12-25 / 3\t00:00-24:00", NULL },
	{ "2024-12-24-2025-01-02 00:00-24:00", "2024-12-24 - 2025-01-02\t00:00-24:00", NULL },
	{ "day 1 -5:00-06:00", "day 1 - 5\t00:00-06:00", NULL },
	{ "day 1 - 5 :-:", "day 1 - 5\t00:00-00:00", NULL },
	{ "julyx 4 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'julyx 4 00:00-24:00'" },
	{ "monday 2 - july 3 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'monday 2 - july 3 00:00-24:00'" },
	{ "day 1 july 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'day 1 july 00:00-24:00'" },
	{ "monday 1 foo 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'monday 1 foo 00:00-24:00'" },
	{ "monday 1 september - 3 00:00-24:00",
	    NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 0 00:00-24:00", "day 0\t00:00-24:00", NULL },
	{ "day 40 00:00-24:00", "day 40\t00:00-24:00", NULL },
	{ "july 40 00:00-24:00", "july 40\t00:00-24:00", NULL },
	{ "monday 9 00:00-24:00", "monday 9\t00:00-24:00", NULL },
	{ "day +5 00:00-24:00", "day 5\t00:00-24:00", NULL },
	{ "day - 1 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'day - 1 00:00-24:00'" },
	{ "day 1\t00:00-24:00", "day 1\t00:00-24:00", NULL },
	{ "july 4 00:00-09:00,\t17:00-24:00", NULL, "Could not parse timerange #2 of timeperiod" },
	{ "2024-12-25\t00:00-24:00", "2024-12-25\t00:00-24:00", NULL },
	{ "day 1 00:00-00:00", "day 1\t00:00-00:00", NULL },
	{ "day 1 17:00-09:00", "day 1\t17:00-09:00", NULL },
	{ "day 1 09:75-10:00", "day 1\t10:15-10:00", NULL },
	{ "day 1 24:00-24:00", "day 1\t24:00-24:00", NULL },
	{ "day 1 24:01-24:02", NULL, "Start time 86460 is not valid for timeperiod" },
	{ "day 1 00:00-24:01", NULL, "End time 86460 is not value for timeperiod" },
	{ "day 1 9:5-17:3", "day 1\t09:05-17:03", NULL },
	{ "day 1 09:00:30-17:00:59", "day 1\t09:00-17:00", NULL },
	{ "day 1 09:00-17:00-18:00", "day 1\t09:00-17:00", NULL },
	{ "day 1 09:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 1 09-17", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 1 09:00-", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 1 -09:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 1 4294967305:00-10:00", "day 1\t09:00-10:00", NULL },
	{ "day 1 99999999999999999999:00-10:00",
	    NULL, "Start time 18446744073709548016 is not valid for timeperiod" },
	{ "day 1 0:1440-0:1440", "day 1\t24:00-24:00", NULL },
	{ "day 1 0:1441-0:1441", NULL, "Start time 86460 is not valid for timeperiod" },
	{ "day 1 09:00-17:00,18:00-20:00,07:00-08:00",
	    "day 1\t07:00-08:00,18:00-20:00,09:00-17:00", NULL },
	{ "day 1 1:-2:", "day 1\t01:00-02:00", NULL },
	{ "day 1 ,09:00-10:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "day 1 00:00-24:00 , 01:00-02:00", NULL, "Could not parse timerange #2 of timeperiod" },
	{ "day 4294967297 00:00-24:00", "day 1\t00:00-24:00", NULL },
	{ "day 99999999999999999999 00:00-24:00", "day -1\t00:00-24:00", NULL },
	{ "day -99999999999999999999 00:00-24:00", "day 0\t00:00-24:00", NULL },
	{ "day 1 1000000:00-01:00",
	    NULL, "Start time 18446744073014584320 is not valid for timeperiod" },
	{ "day 1 0:71582848-1:00", "day 1\t00:59-01:00", NULL },
	{ "2024-12-25 / 4294967298 00:00-24:00", "2024-12-25 / 2\t00:00-24:00", NULL },
	{ "day 2147483648 00:00-24:00", "day -2147483648\t00:00-24:00", NULL },
	{ "monday 2-3:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "monday 1 2 00:00-24:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "2024-12-25", NULL, "Could not parse timeperiod directive '2024-12-25 '" },
	{ "2024-12-25 00:00-24:00 garbage", NULL, "Could not parse timerange #2 of timeperiod" },
	{ "december 25 - january 1 / 2  00:00-24:00",
	    "december 25 - january 1 / 2\t00:00-24:00", NULL },
	{ "   day 7    08:00-09:00,10:00-11:00   ", "day 7\t10:00-11:00,08:00-09:00", NULL },
	{ "day 1 - 5 00:00-01:00,02:00-03:00,04:00-05:00",
	    "day 1 - 5\t04:00-05:00,02:00-03:00,00:00-01:00", NULL },
	{ "sunday 5 - saturday -1 / 3 01:00-02:00",
	    "sunday 5 - saturday -1 / 3\t01:00-02:00", NULL },
	{ "saturday -2 december 10:00-11:00", "saturday -2 december\t10:00-11:00", NULL },
	{ "friday 13 00:00-24:00", "friday 13\t00:00-24:00", NULL },
	{ "day 1 - -1 00:00-24:00", "day 1 - -1\t00:00-24:00", NULL },
	{ "2024-02-30 - 2024-01-01 00:00-24:00", "2024-02-30 - 2024-01-01\t00:00-24:00", NULL },
	{ "2024-12-25 - 2024-12-25 00:00-24:00", "2024-12-25\t00:00-24:00", NULL },
	{ "2024-12-25 - 2024-12-26 / 0 00:00-24:00", "2024-12-25 - 2024-12-26\t00:00-24:00", NULL },
	{ "day 1 - 5 / 0 00:00-24:00", "day 1 - 5\t00:00-24:00", NULL },
	{ "day 1 - 5 / -3 00:00-24:00", "day 1 - 5\t00:00-24:00", NULL },
	{ "foo 1 00:00-24:00", NULL, "Could not parse timeperiod directive 'foo 1 00:00-24:00'" },
	{ "day 1 - july 5 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'day 1 - july 5 00:00-24:00'" },
	{ "monday 1 - day 5 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'monday 1 - day 5 00:00-24:00'" },
	{ "july 1 - monday 5 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'july 1 - monday 5 00:00-24:00'" },
	{ "monday 1 september - tuesday 2 00:00-24:00",
	    NULL, "Could not parse timerange #1 of timeperiod" },
	{ "monday 1 september - tuesday 2 foo 00:00-24:00",
	    NULL, "Could not parse timeperiod directive "
	    "'monday 1 september - tuesday 2 foo 00:00-24:00'" },
	{ "monday 1 sept 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'monday 1 sept 00:00-24:00'" },
	{ "2024-12-25 - 00:00-24:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "july 4 - 00:00-24:00", "july 4 - july 0\t00:00-24:00", NULL },
	/* generated from the grammar at random, then run through nagios4 */
	{ "-1-13-0-2025--1-01/3\t00:00-00:00", "-1-13-00 - 2025--1-01 / 3\t00:00-00:00", NULL },
	{ "0--1-01 / 10 9:5-10:7", "0--1-01 / 10\t09:05-10:07", NULL },
	{ "0-01-01 -0-1-5 / 1  00:00-00:00", "0-01-01 - 0-01-05\t00:00-00:00", NULL },
	{ "1999-12-5 / 1\t23:59-24:00x", "1999-12-05\t23:59-24:00", NULL },
	{ "1999-12-5/3\t00:00-00:00", "1999-12-05 / 3\t00:00-00:00", NULL },
	{ "1999-5-13 - 0-01-5 / 0  00:00-24:00", "1999-05-13 - 0-01-05\t00:00-24:00", NULL },
	{ "2024-1-1 -1999-0-0 / 0 08:00-09:00,07:00-08:00,10:00-11:00",
	    "2024-01-01 - 1999-00-00\t10:00-11:00,07:00-08:00,08:00-09:00", NULL },
	{ "2025--1-5 / 2\t09:00-17:00,18:00-19:00",
	    "2025--1-05 / 2\t18:00-19:00,09:00-17:00", NULL },
	{ "2025-12-5 / -2\t24:00-24:00", "2025-12-05\t24:00-24:00", NULL },
	{ "2025-5-5 --1-12-13 / 1  24:00-24:00", "2025-05-05 - -1-12-13\t24:00-24:00", NULL },
	{ "99-12-01 - 1999-0-5  9:5-10:7", "99-12-01 - 1999-00-05\t09:05-10:07", NULL },
	{ "day +4 / -2\t23:59-24:00x",
	    NULL, "Could not parse timeperiod directive 'day +4 / -2\t23:59-24:00x'" },
	{ "day +4 / 10  24:00-24:00",
	    NULL, "Could not parse timeperiod directive 'day +4 / 10  24:00-24:00'" },
	{ "day -1 / 2\t24:00-24:00",
	    NULL, "Could not parse timeperiod directive 'day -1 / 2\t24:00-24:00'" },
	{ "day -5 -day 31 / 1\t08:00-09:00,07:00-08:00,10:00-11:00",
	    "day -5 - 31\t10:00-11:00,07:00-08:00,08:00-09:00", NULL },
	{ "day 0 - 07 / 1\t00:00-24:00", "day 0 - 7\t00:00-24:00", NULL },
	{ "day 0 - 1/3  00:00-00:00", "day 0 - 1 / 3\t00:00-00:00", NULL },
	{ "day 15-day -1 / -2  9:5-10:7", "day 15 - -1\t09:05-10:07", NULL },
	{ "day 2 - day 1 / 1\t00:00-00:00", "day 2 - 1\t00:00-00:00", NULL },
	{ "day 31 / 1  9:5-10:7",
	    NULL, "Could not parse timeperiod directive 'day 31 / 1  9:5-10:7'" },
	{ "day 40 - day -1 / -2  9:5-10:7", "day 40 - -1\t09:05-10:07", NULL },
	{ "december 1-31 / 0 08:00-09:00,07:00-08:00,10:00-11:00",
	    "december 1 - december 31\t10:00-11:00,07:00-08:00,08:00-09:00", NULL },
	{ "december 15 - 0 / 0  09:00-17:00,18:00-19:00",
	    "december 15 - december 0\t18:00-19:00,09:00-17:00", NULL },
	{ "december 15 -december -1 / 10 09:00-17:00,18:00-19:00",
	    "december 15 - december -1 / 10\t18:00-19:00,09:00-17:00", NULL },
	{ "friday 15-saturday 31  00:00-00:00", "friday 15 - saturday 31\t00:00-00:00", NULL },
	{ "january 1 / 1\t00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'january 1 / 1\t00:00-24:00'" },
	{ "monday +4 may 9:5-10:7", "monday 4 may\t09:05-10:07", NULL },
	{ "monday 31 july - saturday 2 july\t09:00-17:00,18:00-19:00",
	    "monday 31 july - saturday 2 july\t18:00-19:00,09:00-17:00", NULL },
	{ "saturday -1-40 / 1  24:00-24:00", "saturday -1 - saturday 40\t24:00-24:00", NULL },
	{ "sunday 31 --5\t08:00-09:00,07:00-08:00,10:00-11:00",
	    "sunday 31 - sunday -5\t10:00-11:00,07:00-08:00,08:00-09:00", NULL },
};

/*
 * Whole lines routed the way the builder must: tpsyntax_is_weekday_line
 * decides between a weekday line and an exception.  "cache" is Nagios's
 * objects.precache line ("<day>\t<ranges>" for weekdays); Nagios's
 * " 'tp'" after "for timeperiod" (the period's name) is left out.
 */
static const struct nagios_case routed_cases[] = {
	{ "monday 09:00-12:00,08:00-09:00,13:00-14:00,08:00-08:30",
	    "monday\t08:00-09:00,08:00-08:30,09:00-12:00,13:00-14:00", NULL },
	{ "monday 10:00-11:00,10:00-10:30,09:00-09:30",
	    "monday\t09:00-09:30,10:00-11:00,10:00-10:30", NULL },
	{ "monday 17:00-09:00,12:00-13:00", "monday\t12:00-13:00,17:00-09:00", NULL },
	{ "monday 00:00-24:00 garbage",
	    NULL, "Could not parse timerange #2 for day 1 of timeperiod" },
	{ "monday 09:00-17:00x", "monday\t09:00-17:00", NULL },
	{ "monday 25:00-26:00", NULL, "Start time 90000 on day 1 is not valid for timeperiod" },
	{ "monday 00:00-24:01", NULL, "End time 86460 on day 1 is not value for timeperiod" },
	{ "monday 00:00-00:00", "monday\t00:00-00:00", NULL },
	{ "monday :-:", "monday\t00:00-00:00", NULL },
	{ "monday", NULL, "Could not parse timeperiod directive 'monday '" },
	{ "monday garbage", NULL, "Could not parse timeperiod directive 'monday garbage'" },
	{ "monday ,09:00-10:00", NULL, "Could not parse timerange #1 for day 1 of timeperiod" },
	{ "sunday :-: 00:00-24:00", "sunday\t00:00-00:00,00:00-24:00", NULL },
	{ "sunday 1:-2: 09:00-17:00,18:00-19:00",
	    "sunday\t01:00-02:00,09:00-17:00,18:00-19:00", NULL },
	{ "friday 15/3 00:00-24:00", NULL, "Could not parse timerange #1 for day 5 of timeperiod" },
	{ "friday 3", NULL, "Could not parse timerange #1 for day 5 of timeperiod" },
	{ "monday 07 july / 2 09:00-17:00,18:00-19:00",
	    NULL, "Could not parse timerange #1 for day 1 of timeperiod" },
	{ "sunday 25:00-26:00 foo / 0 0 00:00-24:00",
	    NULL, "Start time 90000 on day 0 is not valid for timeperiod" },
	{ "monday09:00-17:00", NULL, "Could not parse timerange #2 for day 1 of timeperiod" },
	{ "monday09:00-10:00 11:00-12:00", "monday\t09:00-10:00,11:00-12:00", NULL },
	{ "saturday\t 08:00-09:00 ,10:00-11:00",
	    NULL, "Could not parse timerange #2 for day 6 of timeperiod" },
	{ "Monday 00:00-24:00", NULL, "Could not parse timeperiod directive 'Monday 00:00-24:00'" },
	{ "mondays 00:00-24:00",
	    NULL, "Could not parse timeperiod directive 'mondays 00:00-24:00'" },
	{ "tuesday 9:00-10:00", "tuesday\t09:00-10:00", NULL },
	{ "thursday 2 00:00-24:00", "thursday 2\t00:00-24:00", NULL },
	{ "monday 1 september 00:00-24:00", "monday 1 september\t00:00-24:00", NULL },
	{ "day 31 / 1  9:5-10:7", NULL,
	    "Could not parse timeperiod directive 'day 31 / 1  9:5-10:7'" },
};

static int
setup_arena(void **state)
{
	*state = arena_new();
	return 0;
}

static int
teardown_arena(void **state)
{
	arena_free(*state);
	return 0;
}

/* "<date>\t<ranges>" as fcache writes an exception line */
static void
cache_line(const struct obj_daterange *dr, char *buf, size_t len)
{
	char date[256], ranges[256];

	tpsyntax_format_exception(dr, date, sizeof(date));
	tpsyntax_format_ranges(dr->times, ranges, sizeof(ranges));
	snprintf(buf, len, "%s\t%s", date, ranges);
}

static void
test_nagios_table(void **state)
{
	struct arena *a = *state;
	struct obj_daterange dr;
	char err[512], got[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(nagios_cases) / sizeof(nagios_cases[0]); i++) {
		const struct nagios_case *c = &nagios_cases[i];

		err[0] = '\0';
		rc = tpsyntax_parse_exception(a, c->line, &dr, err, sizeof(err));
		if (c->cache == NULL) {
			if (rc != -1)
				fail_msg("'%s' accepted, Nagios says: %s", c->line, c->err);
			if (strcmp(err, c->err) != 0)
				fail_msg("'%s': error '%s', want '%s'", c->line, err, c->err);
			continue;
		}
		if (rc != 0)
			fail_msg("'%s' rejected: %s", c->line, err);
		if (dr.next != NULL || dr.times == NULL)
			fail_msg("'%s': next or times wrong", c->line);
		cache_line(&dr, got, sizeof(got));
		if (strcmp(got, c->cache) != 0)
			fail_msg("'%s': wrote '%s', Nagios wrote '%s'", c->line, got, c->cache);
	}
}

static const char *const day_names[7] = {
	"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"
};

/* one line through the builder's routing; "<cache>" or the error in out */
static int
route(struct arena *a, const char *line, char *out, size_t len)
{
	struct obj_timerange *tr;
	struct obj_daterange dr;
	char err[512], ranges[256];
	int day;

	if (tpsyntax_is_weekday_line(line)) {
		if ((day = tpsyntax_parse_weekday_line(a, line, &tr, err, sizeof(err))) < 0) {
			assert_null(tr);
			snprintf(out, len, "%s", err);
			return -1;
		}
		assert_in_range(day, 0, 6);
		snprintf(out, len, "%s\t%s", day_names[day],
		    tpsyntax_format_ranges(tr, ranges, sizeof(ranges)));
		return 0;
	}
	if (tpsyntax_parse_exception(a, line, &dr, err, sizeof(err)) == -1) {
		snprintf(out, len, "%s", err);
		return -1;
	}
	cache_line(&dr, out, len);
	return 0;
}

static void
test_routed_table(void **state)
{
	char got[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(routed_cases) / sizeof(routed_cases[0]); i++) {
		const struct nagios_case *c = &routed_cases[i];

		rc = route(*state, c->line, got, sizeof(got));
		if (rc != (c->cache != NULL ? 0 : -1))
			fail_msg("'%s': %s", c->line, got);
		if (strcmp(got, c->cache != NULL ? c->cache : c->err) != 0)
			fail_msg("'%s': '%s', want '%s'", c->line, got,
			    c->cache != NULL ? c->cache : c->err);
	}
	/* the exception table routes to the same answers */
	for (i = 0; i < sizeof(nagios_cases) / sizeof(nagios_cases[0]); i++) {
		const struct nagios_case *c = &nagios_cases[i];

		rc = route(*state, c->line, got, sizeof(got));
		if (strcmp(got, c->cache != NULL ? c->cache : c->err) != 0)
			fail_msg("'%s': '%s', want '%s'", c->line, got,
			    c->cache != NULL ? c->cache : c->err);
	}
}

static struct obj_daterange
parse_ok(struct arena *a, const char *line)
{
	struct obj_daterange dr;
	char err[256] = "";

	if (tpsyntax_parse_exception(a, line, &dr, err, sizeof(err)) != 0)
		fail_msg("'%s' rejected: %s", line, err);
	return dr;
}

static void
test_calendar_fields(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "2024-12-25 00:00-24:00");

	assert_int_equal(dr.type, OBJ_DR_CALENDAR_DATE);
	assert_int_equal(dr.syear, 2024);
	assert_int_equal(dr.smon, 11);
	assert_int_equal(dr.smday, 25);
	/* a single date is stored as a range ending on itself */
	assert_int_equal(dr.eyear, 2024);
	assert_int_equal(dr.emon, 11);
	assert_int_equal(dr.emday, 25);
	assert_int_equal(dr.skip_interval, 0);
	assert_int_equal(dr.swday, 0);
	assert_int_equal(dr.swday_offset, 0);
	assert_int_equal(dr.times->start, 0);
	assert_int_equal(dr.times->end, 86400);
	assert_null(dr.times->next);

	dr = parse_ok(*state, "2007-01-01 - 2008-02-01 / 3 00:00-24:00");
	assert_int_equal(dr.syear, 2007);
	assert_int_equal(dr.smon, 0);
	assert_int_equal(dr.smday, 1);
	assert_int_equal(dr.eyear, 2008);
	assert_int_equal(dr.emon, 1);
	assert_int_equal(dr.emday, 1);
	assert_int_equal(dr.skip_interval, 3);

	dr = parse_ok(*state, "2024-01-01 / 7 00:00-24:00");
	assert_int_equal(dr.eyear, 2024);
	assert_int_equal(dr.emon, 0);
	assert_int_equal(dr.emday, 1);
	assert_int_equal(dr.skip_interval, 7);

	dr = parse_ok(*state, "2024-12-24 - 2025-01-02 00:00-24:00");
	assert_int_equal(dr.eyear, 2025);
	assert_int_equal(dr.emon, 0);
	assert_int_equal(dr.emday, 2);
	assert_int_equal(dr.skip_interval, 0);
}

static void
test_month_date_fields(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "july 4 00:00-24:00");

	assert_int_equal(dr.type, OBJ_DR_MONTH_DATE);
	assert_int_equal(dr.smon, 6);
	assert_int_equal(dr.smday, 4);
	assert_int_equal(dr.emon, 6);
	assert_int_equal(dr.emday, 4);
	assert_int_equal(dr.syear, 0);

	dr = parse_ok(*state, "february 3 - 5 00:00-24:00");
	assert_int_equal(dr.smon, 1);
	assert_int_equal(dr.emon, 1);
	assert_int_equal(dr.smday, 3);
	assert_int_equal(dr.emday, 5);

	dr = parse_ok(*state, "april 10 - may 15 / 2 00:00-24:00");
	assert_int_equal(dr.smon, 3);
	assert_int_equal(dr.emon, 4);
	assert_int_equal(dr.smday, 10);
	assert_int_equal(dr.emday, 15);
	assert_int_equal(dr.skip_interval, 2);
}

static void
test_month_day_fields(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "day -1 00:00-24:00");

	assert_int_equal(dr.type, OBJ_DR_MONTH_DAY);
	assert_int_equal(dr.smday, -1);
	assert_int_equal(dr.emday, -1);
	assert_int_equal(dr.smon, 0);

	dr = parse_ok(*state, "day 1 - day 5 00:00-24:00");
	assert_int_equal(dr.smday, 1);
	assert_int_equal(dr.emday, 5);
	assert_int_equal(dr.skip_interval, 0);

	dr = parse_ok(*state, "day 2 - 8 / 2 00:00-24:00");
	assert_int_equal(dr.smday, 2);
	assert_int_equal(dr.emday, 8);
	assert_int_equal(dr.skip_interval, 2);
}

static void
test_month_week_day_fields(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "monday -1 may 00:00-24:00");

	assert_int_equal(dr.type, OBJ_DR_MONTH_WEEK_DAY);
	assert_int_equal(dr.swday, 1);
	assert_int_equal(dr.swday_offset, -1);
	assert_int_equal(dr.smon, 4);
	assert_int_equal(dr.ewday, 1);
	assert_int_equal(dr.ewday_offset, -1);
	assert_int_equal(dr.emon, 4);
	assert_int_equal(dr.smday, 0);

	dr = parse_ok(*state, "tuesday 1 april - friday 2 may / 6 00:00-24:00");
	assert_int_equal(dr.swday, 2);
	assert_int_equal(dr.swday_offset, 1);
	assert_int_equal(dr.smon, 3);
	assert_int_equal(dr.ewday, 5);
	assert_int_equal(dr.ewday_offset, 2);
	assert_int_equal(dr.emon, 4);
	assert_int_equal(dr.skip_interval, 6);
}

static void
test_week_day_fields(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "thursday 2 00:00-24:00");

	assert_int_equal(dr.type, OBJ_DR_WEEK_DAY);
	assert_int_equal(dr.swday, 4);
	assert_int_equal(dr.swday_offset, 2);
	assert_int_equal(dr.ewday, 4);
	assert_int_equal(dr.ewday_offset, 2);

	dr = parse_ok(*state, "thursday 2 - 4 00:00-24:00");
	assert_int_equal(dr.ewday, 4);
	assert_int_equal(dr.ewday_offset, 4);

	dr = parse_ok(*state, "sunday 5 - saturday -1 / 3 01:00-02:00");
	assert_int_equal(dr.swday, 0);
	assert_int_equal(dr.swday_offset, 5);
	assert_int_equal(dr.ewday, 6);
	assert_int_equal(dr.ewday_offset, -1);
	assert_int_equal(dr.skip_interval, 3);
	assert_int_equal(dr.times->start, 3600);
	assert_int_equal(dr.times->end, 7200);
}

/* exception ranges come out reversed: Nagios prepends each one */
static void
test_exception_range_order(void **state)
{
	struct obj_daterange dr = parse_ok(*state, "july 4 09:00-12:00,13:00-17:00");

	assert_int_equal(dr.times->start, 13 * 3600);
	assert_int_equal(dr.times->end, 17 * 3600);
	assert_int_equal(dr.times->next->start, 9 * 3600);
	assert_int_equal(dr.times->next->end, 12 * 3600);
	assert_null(dr.times->next->next);
}

static void
test_plain_weekday_line_refused(void **state)
{
	struct obj_timerange *tr;
	struct obj_daterange dr;
	char err[128];

	assert_int_equal(tpsyntax_parse_exception(*state, "monday 00:00-24:00", &dr, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'monday 00:00-24:00' is a weekday line, not a date exception");
	assert_null(dr.times);
	assert_int_equal(tpsyntax_parse_weekday_line(*state, "monday 2 00:00-24:00", &tr, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'monday 2 00:00-24:00' is not a weekday line");
	assert_null(tr);
	assert_int_equal(tpsyntax_is_weekday_line("monday 00:00-24:00"), 1);
	assert_int_equal(tpsyntax_is_weekday_line("  saturday\t1:-2:  "), 1);
	assert_int_equal(tpsyntax_is_weekday_line("monday 2 00:00-24:00"), 0);
	assert_int_equal(tpsyntax_is_weekday_line("monday garbage"), 0);
	assert_int_equal(tpsyntax_is_weekday_line("july 00:00-24:00"), 0);
	assert_int_equal(tpsyntax_is_weekday_line(""), 0);
	/* a failed parse leaves *dr cleared and tolerates no error buffer */
	assert_int_equal(tpsyntax_parse_exception(*state, "july 00:00-24:00", &dr, NULL, 0), -1);
	assert_int_equal(dr.type, 0);
	assert_int_equal(tpsyntax_parse_exception(*state, "", &dr, err, sizeof(err)), -1);
}

struct range_case {
	const char *in;
	const char *out; /* NULL when refused */
	const char *err;
};

/* weekday values, checked against "monday <in>" in nagios4 */
static const struct range_case range_cases[] = {
	{ "00:00-24:00", "00:00-24:00", NULL },
	{ "09:00-12:00,08:00-09:00,13:00-14:00,08:00-08:30",
	    "08:00-09:00,08:00-08:30,09:00-12:00,13:00-14:00", NULL },
	{ "10:00-11:00,10:00-10:30,09:00-09:30", "09:00-09:30,10:00-11:00,10:00-10:30", NULL },
	{ "17:00-09:00,12:00-13:00", "12:00-13:00,17:00-09:00", NULL },
	{ "09:00-17:00x", "09:00-17:00", NULL },
	{ "9:5-17:3", "09:05-17:03", NULL },
	{ "00:00-00:00", "00:00-00:00", NULL },
	{ ":-:", "00:00-00:00", NULL },
	{ "00:00-24:00 garbage", NULL, "Could not parse timerange #2 of timeperiod" },
	{ ",09:00-10:00", NULL, "Could not parse timerange #1 of timeperiod" },
	{ "25:00-26:00", NULL, "Start time 90000 is not valid for timeperiod" },
	{ "", NULL, "No time ranges in ''" },
	{ "garbage", NULL, "No time ranges in 'garbage'" },
};

static void
test_parse_ranges(void **state)
{
	struct obj_timerange *tr;
	char err[256], got[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(range_cases) / sizeof(range_cases[0]); i++) {
		const struct range_case *c = &range_cases[i];

		err[0] = '\0';
		rc = tpsyntax_parse_ranges(*state, c->in, &tr, err, sizeof(err));
		if (c->out == NULL) {
			if (rc != -1 || tr != NULL)
				fail_msg("'%s' accepted", c->in);
			if (strcmp(err, c->err) != 0)
				fail_msg("'%s': error '%s', want '%s'", c->in, err, c->err);
			continue;
		}
		if (rc != 0)
			fail_msg("'%s' rejected: %s", c->in, err);
		tpsyntax_format_ranges(tr, got, sizeof(got));
		if (strcmp(got, c->out) != 0)
			fail_msg("'%s': '%s', want '%s'", c->in, got, c->out);
	}
}

static void
test_range_values(void **state)
{
	struct obj_timerange *tr;

	assert_int_equal(tpsyntax_parse_ranges(*state, "  09:30-17:45,24:00-24:00", &tr, NULL, 0),
	    0);
	assert_int_equal(tr->start, 9 * 3600 + 30 * 60);
	assert_int_equal(tr->end, 17 * 3600 + 45 * 60);
	assert_int_equal(tr->next->start, 86400);
	assert_int_equal(tr->next->end, 86400);
	assert_null(tr->next->next);
	assert_int_equal(tpsyntax_parse_ranges(*state, "00:00-24:01", &tr, NULL, 0), -1);
}

static void
test_weekday(void **state)
{
	(void)state;
	assert_int_equal(tpsyntax_weekday("sunday"), 0);
	assert_int_equal(tpsyntax_weekday("monday"), 1);
	assert_int_equal(tpsyntax_weekday("saturday"), 6);
	assert_int_equal(tpsyntax_weekday("Monday"), -1);
	assert_int_equal(tpsyntax_weekday("mon"), -1);
	assert_int_equal(tpsyntax_weekday("mondays"), -1);
	assert_int_equal(tpsyntax_weekday(""), -1);
	assert_int_equal(tpsyntax_weekday("day"), -1);
}

/* "/ N" rules of fcache: calendar dates print it even without an end */
static void
test_format_skip(void **state)
{
	struct obj_daterange dr = { 0 };
	char buf[128];

	(void)state;
	dr.type = OBJ_DR_CALENDAR_DATE;
	dr.syear = dr.eyear = 2024;
	dr.smon = dr.emon = 0;
	dr.smday = dr.emday = 1;
	dr.skip_interval = 7;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)), "2024-01-01 / 7");
	dr.skip_interval = 1;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)), "2024-01-01");

	memset(&dr, 0, sizeof(dr));
	dr.type = OBJ_DR_MONTH_DAY;
	dr.smday = dr.emday = 3;
	dr.skip_interval = 2;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)), "day 3");
	dr.emday = 4;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)), "day 3 - 4 / 2");

	memset(&dr, 0, sizeof(dr));
	dr.type = OBJ_DR_MONTH_WEEK_DAY;
	dr.swday = dr.ewday = 2;
	dr.swday_offset = dr.ewday_offset = 1;
	dr.smon = 3;
	dr.emon = 4;
	dr.skip_interval = 6;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)),
	    "tuesday 1 april - tuesday 1 may / 6");
	dr.emon = 3;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)), "tuesday 1 april");
}

static void
test_format_truncation(void **state)
{
	struct obj_timerange b = { 13 * 3600, 17 * 3600, NULL };
	struct obj_timerange a = { 9 * 3600, 12 * 3600, &b };
	struct obj_daterange dr = { 0 };
	char buf[32];

	(void)state;
	memset(buf, 'x', sizeof(buf));
	assert_string_equal(tpsyntax_format_ranges(&a, buf, 8), "09:00-1");
	assert_string_equal(tpsyntax_format_ranges(&a, buf, 12), "09:00-12:00");
	assert_string_equal(tpsyntax_format_ranges(&a, buf, 13), "09:00-12:00,");
	assert_string_equal(tpsyntax_format_ranges(&a, buf, 14), "09:00-12:00,1");
	assert_string_equal(tpsyntax_format_ranges(&a, buf, sizeof(buf)),
	    "09:00-12:00,13:00-17:00");
	assert_string_equal(tpsyntax_format_ranges(NULL, buf, sizeof(buf)), "");
	assert_string_equal(tpsyntax_format_ranges(&a, buf, 1), "");
	buf[0] = 'x';
	assert_ptr_equal(tpsyntax_format_ranges(&a, buf, 0), buf);
	assert_int_equal(buf[0], 'x');

	dr.type = OBJ_DR_MONTH_WEEK_DAY;
	dr.swday = 3;
	dr.ewday = 4;
	dr.swday_offset = 1;
	dr.ewday_offset = 2;
	dr.emon = 6;
	assert_string_equal(tpsyntax_format_exception(&dr, buf, 12), "wednesday 1");
	assert_string_equal(tpsyntax_format_exception(&dr, buf, sizeof(buf)),
	    "wednesday 1 january - thursday ");
}

static struct obj_timerange *
reverse(struct obj_timerange *list)
{
	struct obj_timerange *out = NULL, *tr;

	while (list != NULL) {
		tr = list;
		list = list->next;
		tr->next = out;
		out = tr;
	}
	return out;
}

/*
 * Every accepted table line survives format -> parse -> format.  Reading
 * the written ranges back reverses them again (as it would in Nagios), so
 * the second list is turned round before comparing.
 */
static void
test_round_trip(void **state)
{
	struct obj_daterange dr, again;
	char line[512], first[512], second[512];
	size_t i;

	for (i = 0; i < sizeof(nagios_cases) / sizeof(nagios_cases[0]); i++) {
		if (nagios_cases[i].cache == NULL)
			continue;
		dr = parse_ok(*state, nagios_cases[i].line);
		cache_line(&dr, first, sizeof(first));
		snprintf(line, sizeof(line), "%s", first);
		again = parse_ok(*state, line);
		again.times = reverse(again.times);
		cache_line(&again, second, sizeof(second));
		if (strcmp(first, second) != 0)
			fail_msg("'%s': '%s' then '%s'", nagios_cases[i].line, first, second);
		assert_int_equal(again.type, dr.type);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_nagios_table, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_routed_table, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_calendar_fields, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_month_date_fields, setup_arena,
		    teardown_arena),
		cmocka_unit_test_setup_teardown(test_month_day_fields, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_month_week_day_fields, setup_arena,
		    teardown_arena),
		cmocka_unit_test_setup_teardown(test_week_day_fields, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_exception_range_order, setup_arena,
		    teardown_arena),
		cmocka_unit_test_setup_teardown(test_plain_weekday_line_refused, setup_arena,
		    teardown_arena),
		cmocka_unit_test_setup_teardown(test_parse_ranges, setup_arena, teardown_arena),
		cmocka_unit_test_setup_teardown(test_range_values, setup_arena, teardown_arena),
		cmocka_unit_test(test_weekday),
		cmocka_unit_test(test_format_skip),
		cmocka_unit_test(test_format_truncation),
		cmocka_unit_test_setup_teardown(test_round_trip, setup_arena, teardown_arena),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

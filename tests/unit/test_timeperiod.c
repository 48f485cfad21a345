/*
 * test_timeperiod: timeperiod_contains and timeperiod_next on periods read
 * by the real config reader from Nagios syntax, in real time zones: plain
 * weekday ranges, each kind of date exception and their precedence, skip
 * intervals, exclusions (nested too), DST changes in Europe/Berlin, and
 * the answers Nagios 4.4.6's own timeperiod test expects.  Where Nagios
 * has a quirk we keep (a year-end month range, a skip range's end) the
 * test says so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/objects/objects.h"
#include "engine/time/timeperiod.h"

static const char main_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\ntemp_path=.\ncheck_result_path=.\n";

static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias a\n"
    "sunday 00:00-24:00\nmonday 00:00-24:00\ntuesday 00:00-24:00\n"
    "wednesday 00:00-24:00\nthursday 00:00-24:00\nfriday 00:00-24:00\n"
    "saturday 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name workhours\nalias a\n"
    "monday 09:00-17:00\ntuesday 09:00-17:00\nwednesday 13:00-17:00,09:00-12:00\n"
    "thursday 09:00-17:00\nfriday 09:00-17:00\n}\n"
    "define timeperiod {\ntimeperiod_name monday_only\nalias a\nmonday 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name odd_ranges\nalias a\ntuesday 22:00-02:00\n"
    "wednesday 00:00-00:00\nthursday 10:00-10:00\n}\n"
    "define timeperiod {\ntimeperiod_name cal\nalias a\n"
    "sunday 09:00-17:00\nmonday 09:00-17:00\ntuesday 09:00-17:00\n"
    "wednesday 09:00-17:00\nthursday 09:00-17:00\nfriday 09:00-17:00\n"
    "saturday 09:00-17:00\n"
    "2026-12-25 00:00-00:00\n2026-07-01 - 2026-07-03 10:00-11:00\n}\n"
    "define timeperiod {\ntimeperiod_name skip7\nalias a\n2026-01-01 / 7 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name skiprange\nalias a\n"
    "2026-01-01 - 2026-01-10 / 3 08:00-09:00\n}\n"
    "define timeperiod {\ntimeperiod_name monthdate\nalias a\njuly 4 00:00-24:00\n"
    "december 20 - january 5 12:00-13:00\nfebruary 10 - march 5 06:00-07:00\n}\n"
    "define timeperiod {\ntimeperiod_name monthday\nalias a\nday 1 - 3 01:00-02:00\n"
    "day -1 22:00-23:00\n}\n"
    "define timeperiod {\ntimeperiod_name monthwrap\nalias a\nday 25 - 5 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name mwd\nalias a\nmonday -1 may 00:00-24:00\n"
    "thursday 4 november 08:00-12:00\ntuesday 1 march - friday 2 march 10:00-11:00\n}\n"
    "define timeperiod {\ntimeperiod_name wd\nalias a\nmonday 3 00:00-24:00\n"
    "friday -1 18:00-20:00\ntuesday 5 06:00-07:00\n}\n"
    "define timeperiod {\ntimeperiod_name precedence\nalias a\n"
    "sunday 00:00-24:00\nmonday 00:00-24:00\ntuesday 00:00-24:00\n"
    "wednesday 00:00-24:00\nthursday 00:00-24:00\nfriday 00:00-24:00\n"
    "saturday 00:00-24:00\n"
    "monday 3 11:00-12:00\nmonday 3 june 09:00-10:00\nday 15 - 16 07:00-08:00\n"
    "day 17 00:00-00:00\njune 15 - june 20 05:00-06:00\n2026-06-15 03:00-04:00\n"
    "2026-08-03 14:00-15:00\n2026-08-01 - 2026-08-05 16:00-17:00\n}\n"
    "define timeperiod {\ntimeperiod_name lunch\nalias a\nmonday 12:00-13:00\n"
    "tuesday 12:00-13:00\nwednesday 12:00-13:00\nthursday 12:00-13:00\n"
    "friday 12:00-13:00\n}\n"
    "define timeperiod {\ntimeperiod_name work_nolunch\nalias a\nmonday 09:00-17:00\n"
    "tuesday 09:00-17:00\nwednesday 09:00-17:00\nthursday 09:00-17:00\n"
    "friday 09:00-17:00\nexclude lunch\n}\n"
    "define timeperiod {\ntimeperiod_name holidays\nalias a\n"
    "2026-12-24 - 2026-12-26 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name work_noholiday\nalias a\nmonday 09:00-17:00\n"
    "tuesday 09:00-17:00\nwednesday 09:00-17:00\nthursday 09:00-17:00\n"
    "friday 09:00-17:00\nexclude holidays\n}\n"
    "define timeperiod {\ntimeperiod_name nested_inner\nalias a\nmonday 12:00-12:30\n}\n"
    "define timeperiod {\ntimeperiod_name nested_mid\nalias a\nmonday 08:00-18:00\n"
    "exclude nested_inner\n}\n"
    "define timeperiod {\ntimeperiod_name nested_outer\nalias a\n"
    "sunday 00:00-24:00\nmonday 00:00-24:00\ntuesday 00:00-24:00\n"
    "wednesday 00:00-24:00\nthursday 00:00-24:00\nfriday 00:00-24:00\n"
    "saturday 00:00-24:00\nexclude nested_mid\n}\n"
    "define timeperiod {\ntimeperiod_name evening\nalias a\n"
    "monday 12:30-14:00,16:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name two_excl\nalias a\nmonday 08:00-20:00\n"
    "exclude lunch,evening\n}\n"
    "define timeperiod {\ntimeperiod_name none\nalias a\n}\n"
    "define timeperiod {\ntimeperiod_name exclude_always\nalias a\nmonday 00:00-24:00\n"
    "exclude 24x7\n}\n"
    "define timeperiod {\ntimeperiod_name far\nalias a\n2030-01-01 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name past\nalias a\n2020-01-01 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name leapday\nalias a\nfebruary 29 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name dst_day\nalias a\nsunday 09:00-17:00\n}\n"
    "define timeperiod {\ntimeperiod_name dst_gap\nalias a\nsunday 02:00-02:30\n}\n"
    "define timeperiod {\ntimeperiod_name dst_rep\nalias a\nsunday 02:10-02:20\n}\n"
    "define timeperiod {\ntimeperiod_name dst_early\nalias a\nsunday 01:00-04:00\n}\n"
    "define timeperiod {\ntimeperiod_name mix\nalias a\n"
    "2025-12-24 - 2026-01-02 08:00-12:00\n2026-03-01 / 7 10:00-11:00\n"
    "february 10 - march 5 14:00-15:00\nday 1 - 3 01:00-02:00\nday -1 22:00-23:00\n"
    "day 25 - 5 / 2 03:00-04:00\nmonday 3 - thursday 1 07:00-08:00\n"
    "friday -1 18:00-20:00\nsunday 00:00-24:00\nsaturday 10:00-14:00\n"
    "wednesday 09:00-09:30,16:00-16:15\n}\n"
    "define timeperiod {\ntimeperiod_name mend_day\nalias a\nday 15 - 45 10:00-11:00\n}\n"
    "define timeperiod {\ntimeperiod_name negbad_day\nalias a\nday 2 - -31 08:00-09:00\n}\n"
    "define timeperiod {\ntimeperiod_name mend_date\nalias a\n"
    "february 10 - february 30 06:00-07:00\n}\n"
    "define timeperiod {\ntimeperiod_name mend_wd\nalias a\nmonday 1 - tuesday 5 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name negbad_wd\nalias a\n"
    "monday 1 - friday -6 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name clamp\nalias a\nmonday 6 00:00-24:00\n"
    "thursday -7 05:00-06:00\nday -40 10:00-11:00\n}\n"
    /* the periods of Nagios 4.4.6's t-tap/test_timeperiods.c */
    "define timeperiod {\ntimeperiod_name sunday_only\nalias a\n"
    "sunday 00:00-01:15,03:15-22:00\n}\n"
    "define timeperiod {\ntimeperiod_name weekly_complex\nalias a\n"
    "monday 01:15-23:15\ntuesday 01:15-23:15\nwednesday 01:15-23:15\n"
    "thursday 01:15-23:15\nfriday 01:15-23:15\nsaturday 00:00-22:00,23:00-24:00\n"
    "sunday 00:00-09:45,14:15-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name Test_exclude\nalias a\n"
    "tuesday -1 - monday 1  16:30-24:00\nexclude myexclude\n}\n"
    "define timeperiod {\ntimeperiod_name myexclude\nalias a\n"
    "april 1 - august 16 00:00-24:00\nsaturday -1 - monday 1  16:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name Test_exclude2\nalias a\n"
    "tuesday 2 16:30-24:00\nexclude myexclude2\n}\n"
    "define timeperiod {\ntimeperiod_name myexclude2\nalias a\ntuesday 00:00-23:58\n}\n"
    "define timeperiod {\ntimeperiod_name Test_exclude3\nalias a\n"
    "tuesday 2 16:30-24:00\nexclude myexclude3\n}\n"
    "define timeperiod {\ntimeperiod_name myexclude3\nalias a\n"
    "april 1 - august 16 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name Test_exclude4\nalias a\n"
    "tuesday -1 - monday 1  16:30-24:00\nexclude myexclude4\n}\n"
    "define timeperiod {\ntimeperiod_name myexclude4\nalias a\n"
    "april 1 - august 16 00:00-24:00\n}\n";

static char tmpdir[64];
static struct config_gen gen;
static struct diag *diag;

static void
put(const char *name, const char *text)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
unput(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	unlink(path);
}

static int
setup(void **state)
{
	char path[128];

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-tp-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return -1;
	put("nagios.cfg", main_cfg);
	put("objects.cfg", objects_cfg);
	snprintf(path, sizeof(path), "%s/nagios.cfg", tmpdir);
	diag = diag_new(stderr);
	if (config_read(path, NULL, diag, NULL, &gen) != CONFIG_OK)
		return -1;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	config_gen_free(&gen);
	diag_free(diag);
	unput("nagios.cfg");
	unput("objects.cfg");
	rmdir(tmpdir);
	return 0;
}

static const struct obj_timeperiod *
tp(const char *name)
{
	const struct obj_timeperiod *p = objects_find_timeperiod(gen.objs, name);

	assert_non_null(p);
	return p;
}

static void
use_tz(const char *zone)
{
	setenv("TZ", zone, 1);
	tzset();
}

/* a local wall-clock time in the current zone (not for ambiguous hours) */
static time_t
at(int y, int mon, int d, int h, int mi, int s)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mon - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	tm.tm_isdst = -1;
	return mktime(&tm);
}

static int
in(const char *name, time_t t)
{
	return timeperiod_contains(tp(name), t);
}

static time_t
next(const char *name, time_t t)
{
	return timeperiod_next(tp(name), t);
}

static void
t_null_period(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	assert_int_equal(timeperiod_contains(NULL, 12345), 1);
	assert_int_equal(timeperiod_next(NULL, 12345), 12345);
}

static void
t_24x7(void **state)
{
	time_t t;

	(void)state;
	use_tz("Europe/Berlin");
	for (t = at(2026, 3, 28, 0, 0, 0); t < at(2026, 3, 31, 0, 0, 0); t += 1799) {
		assert_int_equal(in("24x7", t), 1);
		assert_int_equal(next("24x7", t), t);
	}
	for (t = at(2026, 10, 24, 0, 0, 0); t < at(2026, 10, 27, 0, 0, 0); t += 1799) {
		assert_int_equal(in("24x7", t), 1);
		assert_int_equal(next("24x7", t), t);
	}
}

static void
t_workhours(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* monday 2026-06-01: both ends of a range are inside */
	assert_int_equal(in("workhours", at(2026, 6, 1, 8, 59, 59)), 0);
	assert_int_equal(in("workhours", at(2026, 6, 1, 9, 0, 0)), 1);
	assert_int_equal(in("workhours", at(2026, 6, 1, 17, 0, 0)), 1);
	assert_int_equal(in("workhours", at(2026, 6, 1, 17, 0, 1)), 0);
	assert_int_equal(in("workhours", at(2026, 6, 6, 10, 0, 0)), 0); /* saturday */
	/* wednesday's two ranges, written out of order */
	assert_int_equal(in("workhours", at(2026, 6, 3, 12, 30, 0)), 0);
	assert_int_equal(next("workhours", at(2026, 6, 3, 12, 30, 0)), at(2026, 6, 3, 13, 0, 0));
	assert_int_equal(next("workhours", at(2026, 6, 3, 8, 0, 0)), at(2026, 6, 3, 9, 0, 0));
	assert_int_equal(next("workhours", at(2026, 6, 3, 10, 0, 0)), at(2026, 6, 3, 10, 0, 0));
	/* friday evening to monday morning */
	assert_int_equal(next("workhours", at(2026, 6, 5, 17, 30, 0)), at(2026, 6, 8, 9, 0, 0));
	assert_int_equal(next("workhours", at(2026, 6, 5, 17, 0, 0)), at(2026, 6, 5, 17, 0, 0));
}

static void
t_day_edges(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* 00:00-24:00 ends at the day's end: the next day is its own */
	assert_int_equal(in("monday_only", at(2026, 6, 1, 0, 0, 0)), 1);
	assert_int_equal(in("monday_only", at(2026, 6, 1, 23, 59, 59)), 1);
	assert_int_equal(in("monday_only", at(2026, 6, 2, 0, 0, 0)), 0);
	assert_int_equal(next("monday_only", at(2026, 6, 2, 0, 0, 0)), at(2026, 6, 8, 0, 0, 0));
	/* a range may not cross midnight: 22:00-02:00 covers nothing */
	assert_int_equal(in("odd_ranges", at(2026, 6, 2, 23, 0, 0)), 0);
	assert_int_equal(in("odd_ranges", at(2026, 6, 2, 1, 0, 0)), 0);
	assert_int_equal(in("odd_ranges", at(2026, 6, 3, 1, 0, 0)), 0);
	/* 00:00-00:00 is nothing at all, 10:00-10:00 one second */
	assert_int_equal(in("odd_ranges", at(2026, 6, 3, 0, 0, 0)), 0);
	assert_int_equal(in("odd_ranges", at(2026, 6, 4, 10, 0, 0)), 1);
	assert_int_equal(in("odd_ranges", at(2026, 6, 4, 10, 0, 1)), 0);
	assert_int_equal(next("odd_ranges", at(2026, 6, 2, 0, 0, 0)), at(2026, 6, 4, 10, 0, 0));
	assert_int_equal(next("odd_ranges", at(2026, 6, 4, 10, 0, 1)), at(2026, 6, 11, 10, 0, 0));
}

static void
t_calendar_date(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* an exception with no time excludes its day */
	assert_int_equal(in("cal", at(2026, 12, 24, 12, 0, 0)), 1);
	assert_int_equal(in("cal", at(2026, 12, 25, 0, 0, 0)), 0);
	assert_int_equal(in("cal", at(2026, 12, 25, 12, 0, 0)), 0);
	assert_int_equal(next("cal", at(2026, 12, 25, 8, 0, 0)), at(2026, 12, 26, 9, 0, 0));
	/* a matching exception replaces the weekday's ranges */
	assert_int_equal(in("cal", at(2026, 7, 1, 9, 30, 0)), 0);
	assert_int_equal(in("cal", at(2026, 7, 1, 10, 30, 0)), 1);
	assert_int_equal(in("cal", at(2026, 7, 3, 11, 0, 0)), 1);
	assert_int_equal(in("cal", at(2026, 7, 3, 11, 30, 0)), 0);
	assert_int_equal(in("cal", at(2026, 7, 4, 9, 30, 0)), 1);
	assert_int_equal(next("cal", at(2026, 7, 1, 8, 0, 0)), at(2026, 7, 1, 10, 0, 0));
	assert_int_equal(next("cal", at(2026, 7, 3, 11, 30, 0)), at(2026, 7, 4, 9, 0, 0));
}

static void
t_skip(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* "2026-01-01 / 7": every 7th day from the date on, across DST too */
	assert_int_equal(in("skip7", at(2025, 12, 31, 12, 0, 0)), 0);
	assert_int_equal(in("skip7", at(2026, 1, 1, 12, 0, 0)), 1);
	assert_int_equal(in("skip7", at(2026, 1, 2, 12, 0, 0)), 0);
	assert_int_equal(in("skip7", at(2026, 1, 8, 0, 0, 0)), 1);
	assert_int_equal(in("skip7", at(2026, 4, 1, 12, 0, 0)), 0);
	assert_int_equal(in("skip7", at(2026, 4, 2, 12, 0, 0)), 1);
	assert_int_equal(in("skip7", at(2027, 1, 7, 12, 0, 0)), 1);
	assert_int_equal(next("skip7", at(2026, 1, 2, 0, 0, 0)), at(2026, 1, 8, 0, 0, 0));
	assert_int_equal(next("skip7", at(2025, 12, 1, 0, 0, 0)), at(2026, 1, 1, 0, 0, 0));
	/* with "/ 3" on a range, Nagios counts on past the range's end */
	assert_int_equal(in("skiprange", at(2026, 1, 1, 8, 30, 0)), 1);
	assert_int_equal(in("skiprange", at(2026, 1, 2, 8, 30, 0)), 0);
	assert_int_equal(in("skiprange", at(2026, 1, 4, 8, 30, 0)), 1);
	assert_int_equal(in("skiprange", at(2026, 1, 10, 8, 30, 0)), 1);
	assert_int_equal(in("skiprange", at(2026, 1, 11, 8, 30, 0)), 0);
	assert_int_equal(in("skiprange", at(2026, 1, 13, 8, 30, 0)), 1);
	assert_int_equal(next("skiprange", at(2026, 1, 1, 9, 0, 1)), at(2026, 1, 4, 8, 0, 0));
}

static void
t_month_date(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	assert_int_equal(in("monthdate", at(2026, 7, 4, 10, 0, 0)), 1);
	assert_int_equal(in("monthdate", at(2027, 7, 4, 10, 0, 0)), 1);
	assert_int_equal(in("monthdate", at(2026, 7, 5, 10, 0, 0)), 0);
	assert_int_equal(in("monthdate", at(2026, 2, 10, 6, 30, 0)), 1);
	assert_int_equal(in("monthdate", at(2026, 3, 5, 6, 30, 0)), 1);
	assert_int_equal(in("monthdate", at(2026, 3, 6, 6, 30, 0)), 0);
	/*
	 * "december 20 - january 5": Nagios puts the end in the year after
	 * the tested day's, so the range covers December 20-31 and never
	 * January 1-5.
	 */
	assert_int_equal(in("monthdate", at(2026, 12, 19, 12, 30, 0)), 0);
	assert_int_equal(in("monthdate", at(2026, 12, 20, 12, 30, 0)), 1);
	assert_int_equal(in("monthdate", at(2026, 12, 31, 12, 30, 0)), 1);
	assert_int_equal(in("monthdate", at(2026, 1, 3, 12, 30, 0)), 0);
	assert_int_equal(in("monthdate", at(2027, 1, 3, 12, 30, 0)), 0);
	assert_int_equal(next("monthdate", at(2026, 12, 31, 13, 30, 0)), at(2027, 2, 10, 6, 0, 0));
	assert_int_equal(next("monthdate", at(2026, 7, 5, 0, 0, 0)), at(2026, 12, 20, 12, 0, 0));
}

static void
t_month_day(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	assert_int_equal(in("monthday", at(2026, 6, 1, 1, 30, 0)), 1);
	assert_int_equal(in("monthday", at(2026, 6, 3, 1, 30, 0)), 1);
	assert_int_equal(in("monthday", at(2026, 6, 4, 1, 30, 0)), 0);
	/* "day -1" is the month's last day, leap years included */
	assert_int_equal(in("monthday", at(2026, 6, 30, 22, 30, 0)), 1);
	assert_int_equal(in("monthday", at(2026, 6, 29, 22, 30, 0)), 0);
	assert_int_equal(in("monthday", at(2026, 2, 28, 22, 30, 0)), 1);
	assert_int_equal(in("monthday", at(2028, 2, 28, 22, 30, 0)), 0);
	assert_int_equal(in("monthday", at(2028, 2, 29, 22, 30, 0)), 1);
	assert_int_equal(next("monthday", at(2026, 6, 4, 0, 0, 0)), at(2026, 6, 30, 22, 0, 0));
	assert_int_equal(next("monthday", at(2026, 6, 30, 23, 0, 1)), at(2026, 7, 1, 1, 0, 0));
	/* "day 25 - 5" wraps around the month's end */
	assert_int_equal(in("monthwrap", at(2026, 6, 24, 12, 0, 0)), 0);
	assert_int_equal(in("monthwrap", at(2026, 6, 25, 12, 0, 0)), 1);
	assert_int_equal(in("monthwrap", at(2026, 6, 30, 12, 0, 0)), 1);
	assert_int_equal(in("monthwrap", at(2026, 7, 1, 12, 0, 0)), 1);
	assert_int_equal(in("monthwrap", at(2026, 7, 5, 12, 0, 0)), 1);
	assert_int_equal(in("monthwrap", at(2026, 7, 6, 12, 0, 0)), 0);
	assert_int_equal(next("monthwrap", at(2026, 7, 6, 0, 0, 0)), at(2026, 7, 25, 0, 0, 0));
}

static void
t_month_week_day(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* "monday -1 may": the last monday of may, every year */
	assert_int_equal(in("mwd", at(2026, 5, 18, 12, 0, 0)), 0);
	assert_int_equal(in("mwd", at(2026, 5, 25, 12, 0, 0)), 1);
	assert_int_equal(in("mwd", at(2027, 5, 31, 12, 0, 0)), 1);
	assert_int_equal(in("mwd", at(2027, 5, 24, 12, 0, 0)), 0);
	/* "thursday 4 november" */
	assert_int_equal(in("mwd", at(2026, 11, 19, 9, 0, 0)), 0);
	assert_int_equal(in("mwd", at(2026, 11, 26, 9, 0, 0)), 1);
	/* "tuesday 1 march - friday 2 march": 2026-03-03 to 2026-03-13 */
	assert_int_equal(in("mwd", at(2026, 3, 2, 10, 30, 0)), 0);
	assert_int_equal(in("mwd", at(2026, 3, 3, 10, 30, 0)), 1);
	assert_int_equal(in("mwd", at(2026, 3, 13, 10, 30, 0)), 1);
	assert_int_equal(in("mwd", at(2026, 3, 14, 10, 30, 0)), 0);
	assert_int_equal(next("mwd", at(2026, 5, 26, 0, 0, 0)), at(2026, 11, 26, 8, 0, 0));
}

static void
t_week_day(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* "monday 3": the third monday of every month */
	assert_int_equal(in("wd", at(2026, 6, 8, 12, 0, 0)), 0);
	assert_int_equal(in("wd", at(2026, 6, 15, 12, 0, 0)), 1);
	assert_int_equal(in("wd", at(2026, 7, 20, 12, 0, 0)), 1);
	/* "friday -1" */
	assert_int_equal(in("wd", at(2026, 6, 26, 19, 0, 0)), 1);
	assert_int_equal(in("wd", at(2026, 6, 19, 19, 0, 0)), 0);
	assert_int_equal(in("wd", at(2026, 7, 31, 19, 0, 0)), 1);
	/* "tuesday 5" only where a month has five */
	assert_int_equal(in("wd", at(2026, 6, 30, 6, 30, 0)), 1);
	assert_int_equal(in("wd", at(2026, 7, 28, 6, 30, 0)), 0);
	assert_int_equal(next("wd", at(2026, 7, 21, 0, 0, 0)), at(2026, 7, 31, 18, 0, 0));
	assert_int_equal(next("wd", at(2026, 6, 26, 20, 0, 1)), at(2026, 6, 30, 6, 0, 0));
}

static void
t_precedence(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* 2026-06-15 matches every kind: the calendar date wins alone */
	assert_int_equal(in("precedence", at(2026, 6, 15, 3, 30, 0)), 1);
	assert_int_equal(in("precedence", at(2026, 6, 15, 5, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 15, 7, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 15, 9, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 15, 11, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 15, 20, 0, 0)), 0);
	/* then the month date, over the month day */
	assert_int_equal(in("precedence", at(2026, 6, 16, 5, 30, 0)), 1);
	assert_int_equal(in("precedence", at(2026, 6, 16, 7, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 17, 5, 30, 0)), 1);
	/* the month day, its "day 17" exclusion taking out the whole day */
	assert_int_equal(in("precedence", at(2026, 7, 15, 7, 30, 0)), 1);
	assert_int_equal(in("precedence", at(2026, 7, 15, 12, 0, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 7, 17, 12, 0, 0)), 0);
	/* the week day; outside every exception the weekday's ranges */
	assert_int_equal(in("precedence", at(2026, 7, 20, 11, 30, 0)), 1);
	assert_int_equal(in("precedence", at(2026, 7, 20, 9, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 6, 21, 20, 0, 0)), 1);
	/* within one kind the first written wins, even where it is narrower */
	assert_int_equal(in("precedence", at(2026, 8, 3, 14, 30, 0)), 1);
	assert_int_equal(in("precedence", at(2026, 8, 3, 16, 30, 0)), 0);
	assert_int_equal(in("precedence", at(2026, 8, 4, 16, 30, 0)), 1);
	assert_int_equal(next("precedence", at(2026, 6, 15, 4, 0, 1)), at(2026, 6, 16, 5, 0, 0));
	assert_int_equal(next("precedence", at(2026, 7, 17, 0, 0, 0)), at(2026, 7, 18, 0, 0, 0));
}

static void
t_exclude(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* an excluded range takes out both its ends */
	assert_int_equal(in("work_nolunch", at(2026, 6, 1, 11, 59, 59)), 1);
	assert_int_equal(in("work_nolunch", at(2026, 6, 1, 12, 0, 0)), 0);
	assert_int_equal(in("work_nolunch", at(2026, 6, 1, 13, 0, 0)), 0);
	assert_int_equal(in("work_nolunch", at(2026, 6, 1, 13, 0, 1)), 1);
	/* Nagios's search resumes one minute past an excluded range */
	assert_int_equal(next("work_nolunch", at(2026, 6, 1, 12, 30, 0)), at(2026, 6, 1, 13, 1, 0));
	assert_int_equal(next("work_nolunch", at(2026, 6, 1, 13, 0, 0)), at(2026, 6, 1, 13, 1, 0));
	assert_int_equal(next("work_nolunch", at(2026, 6, 1, 13, 0, 30)), at(2026, 6, 1, 13, 0, 30));
	/* whole excluded days, then a weekend */
	assert_int_equal(in("work_noholiday", at(2026, 12, 24, 10, 0, 0)), 0);
	assert_int_equal(next("work_noholiday", at(2026, 12, 24, 8, 0, 0)),
	    at(2026, 12, 28, 9, 0, 0));
	/* two exclusions pushing in turn */
	assert_int_equal(next("two_excl", at(2026, 6, 1, 12, 10, 0)), at(2026, 6, 1, 14, 1, 0));
	assert_int_equal(in("two_excl", at(2026, 6, 1, 14, 0, 30)), 1);
	assert_int_equal(next("two_excl", at(2026, 6, 1, 16, 30, 0)), at(2026, 6, 8, 8, 0, 0));
}

static void
t_exclude_nested(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* 24x7 minus (monday 08-18 minus monday 12:00-12:30) */
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 7, 0, 0)), 1);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 9, 0, 0)), 0);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 12, 15, 0)), 1);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 12, 30, 0)), 1);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 12, 30, 1)), 0);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 18, 0, 0)), 0);
	assert_int_equal(in("nested_outer", at(2026, 6, 1, 18, 0, 1)), 1);
	assert_int_equal(in("nested_outer", at(2026, 6, 2, 9, 0, 0)), 1);
	/* the inner period reopens the outer one at its start */
	assert_int_equal(next("nested_outer", at(2026, 6, 1, 9, 0, 0)), at(2026, 6, 1, 12, 0, 0));
	assert_int_equal(next("nested_outer", at(2026, 6, 1, 12, 45, 0)), at(2026, 6, 1, 18, 1, 0));
}

static void
t_no_valid_time(void **state)
{
	time_t now;

	(void)state;
	use_tz("Europe/Berlin");
	now = at(2026, 6, 1, 12, 0, 0);
	assert_int_equal(in("none", now), 0);
	assert_int_equal(next("none", now), (time_t)-1);
	assert_int_equal(in("exclude_always", now), 0);
	assert_int_equal(next("exclude_always", now), (time_t)-1);
	assert_int_equal(next("past", now), (time_t)-1);
	/* beyond the horizon of a year and a bit */
	assert_int_equal(next("far", now), (time_t)-1);
	assert_int_equal(next("far", at(2029, 6, 1, 0, 0, 0)), at(2030, 1, 1, 0, 0, 0));
	assert_int_equal(next("leapday", at(2026, 3, 1, 0, 0, 0)), (time_t)-1);
	assert_int_equal(next("leapday", at(2027, 3, 1, 0, 0, 0)), at(2028, 2, 29, 0, 0, 0));
	assert_int_equal(in("leapday", at(2027, 2, 28, 12, 0, 0)), 0);
	assert_int_equal(in("leapday", at(2027, 3, 1, 12, 0, 0)), 0);
}

static void
t_dst_berlin(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* spring forward, 2026-03-29 02:00 CET -> 03:00 CEST */
	assert_int_equal(next("dst_day", at(2026, 3, 28, 12, 0, 0)), 1774767600);
	assert_int_equal(in("dst_day", 1774767600 - 1), 0);
	assert_int_equal(in("dst_day", 1774767600 + 8 * 3600), 1);
	assert_int_equal(in("dst_day", 1774767600 + 8 * 3600 + 1), 0);
	/* 02:00-02:30 does not exist that day: the next sunday's */
	assert_int_equal(next("dst_gap", at(2026, 3, 28, 12, 0, 0)), 1775347200);
	assert_int_equal(in("dst_gap", 1774745999), 0); /* 01:59:59 CET */
	assert_int_equal(in("dst_gap", 1774746000), 0); /* 03:00:00 CEST */
	assert_int_equal(next("dst_early", at(2026, 3, 28, 12, 0, 0)), 1774742400);
	assert_int_equal(in("dst_early", 1774747800), 1); /* 03:30 CEST */
	assert_int_equal(in("dst_early", 1774749600), 1); /* 04:00 CEST */
	assert_int_equal(in("dst_early", 1774749601), 0);
	assert_int_equal(in("workhours", at(2026, 3, 30, 9, 0, 0)), 1);
	assert_int_equal(in("workhours", at(2026, 3, 30, 8, 59, 59)), 0);
	assert_int_equal(next("workhours", at(2026, 3, 27, 18, 0, 0)), at(2026, 3, 30, 9, 0, 0));
	/* fall back, 2026-10-25 03:00 CEST -> 02:00 CET: the hour comes twice */
	assert_int_equal(next("dst_day", at(2026, 10, 24, 12, 0, 0)), 1792915200);
	assert_int_equal(in("dst_rep", 1792887300), 1); /* 02:15 CEST */
	assert_int_equal(in("dst_rep", 1792890900), 1); /* 02:15 CET */
	assert_int_equal(in("dst_rep", 1792888200), 0); /* 02:30 CEST */
	assert_int_equal(next("dst_rep", 1792888200), 1792890600); /* 02:10 CET */
	assert_int_equal(next("skip7", at(2026, 3, 27, 0, 0, 1)), at(2026, 4, 2, 0, 0, 0));
}

/* where a period stops covering, as Nagios's search finds it */
static void
t_next_invalid(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	assert_int_equal(timeperiod_next_invalid(NULL, 1000), (time_t)-1);
	assert_int_equal(timeperiod_next_invalid(tp("24x7"), at(2026, 6, 1, 10, 0, 0)), (time_t)-1);
	assert_int_equal(timeperiod_next_invalid(tp("none"), 1000), 1000);
	/* a minute past the range's end, itself when not covered */
	assert_int_equal(timeperiod_next_invalid(tp("workhours"), at(2026, 6, 1, 10, 0, 0)),
	    at(2026, 6, 1, 17, 1, 0));
	assert_int_equal(timeperiod_next_invalid(tp("workhours"), at(2026, 6, 1, 17, 0, 0)),
	    at(2026, 6, 1, 17, 1, 0));
	assert_int_equal(timeperiod_next_invalid(tp("workhours"), at(2026, 6, 1, 18, 0, 0)),
	    at(2026, 6, 1, 18, 0, 0));
	/* ranges through midnight chain on to the next day's */
	assert_int_equal(timeperiod_next_invalid(tp("holidays"), at(2026, 12, 24, 10, 0, 0)),
	    at(2026, 12, 27, 0, 1, 0));
	/* an excluded period takes over where it starts */
	assert_int_equal(timeperiod_next_invalid(tp("work_nolunch"), at(2026, 6, 1, 10, 0, 0)),
	    at(2026, 6, 1, 12, 0, 0));
	assert_int_equal(timeperiod_next_invalid(tp("work_nolunch"), at(2026, 6, 1, 14, 0, 0)),
	    at(2026, 6, 1, 17, 1, 0));
}

/* Nagios's date arithmetic at the edges: clamped counts, mended ends */
static void
t_date_edges(void **state)
{
	(void)state;
	use_tz("Europe/Berlin");
	/* an end past the month's end becomes its last day */
	assert_int_equal(in("mend_day", at(2026, 6, 14, 10, 30, 0)), 0);
	assert_int_equal(in("mend_day", at(2026, 6, 15, 10, 30, 0)), 1);
	assert_int_equal(in("mend_day", at(2026, 6, 30, 10, 30, 0)), 1);
	/* a negative end that is no day drops the exception that month */
	assert_int_equal(in("negbad_day", at(2026, 6, 10, 8, 30, 0)), 0);
	assert_int_equal(in("negbad_day", at(2026, 7, 1, 8, 30, 0)), 1);
	assert_int_equal(in("negbad_day", at(2026, 7, 10, 8, 30, 0)), 1);
	/*
	 * "february 10 - february 30": no february 30 this year or next, so
	 * Nagios ends it on the last of february next year.
	 */
	assert_int_equal(in("mend_date", at(2026, 2, 9, 6, 30, 0)), 0);
	assert_int_equal(in("mend_date", at(2026, 2, 10, 6, 30, 0)), 1);
	assert_int_equal(in("mend_date", at(2026, 3, 15, 6, 30, 0)), 1);
	assert_int_equal(in("mend_date", at(2026, 12, 31, 6, 30, 0)), 1);
	assert_int_equal(in("mend_date", at(2027, 1, 15, 6, 30, 0)), 0);
	/* july 2026 has no 5th tuesday: the range ends on the 31st */
	assert_int_equal(in("mend_wd", at(2026, 7, 5, 12, 0, 0)), 0);
	assert_int_equal(in("mend_wd", at(2026, 7, 6, 12, 0, 0)), 1);
	assert_int_equal(in("mend_wd", at(2026, 7, 30, 12, 0, 0)), 1);
	/* "friday -6" is the 5th-last friday: none in june, july the 3rd */
	assert_int_equal(in("negbad_wd", at(2026, 6, 10, 12, 0, 0)), 0);
	assert_int_equal(in("negbad_wd", at(2026, 7, 3, 12, 0, 0)), 1);
	assert_int_equal(in("negbad_wd", at(2026, 7, 4, 12, 0, 0)), 0);
	assert_int_equal(in("negbad_wd", at(2026, 7, 10, 12, 0, 0)), 1);
	/* "monday 6" is the 5th monday, "thursday -7" the 5th-last thursday */
	assert_int_equal(in("clamp", at(2026, 6, 22, 12, 0, 0)), 0);
	assert_int_equal(in("clamp", at(2026, 6, 29, 12, 0, 0)), 1);
	assert_int_equal(in("clamp", at(2026, 4, 2, 5, 30, 0)), 1);
	assert_int_equal(in("clamp", at(2026, 4, 9, 5, 30, 0)), 0);
	assert_int_equal(in("clamp", at(2026, 11, 5, 5, 30, 0)), 0);
	/* on 2026-10-01 it is the 5th-last too, but "day -40" comes first */
	assert_int_equal(in("clamp", at(2026, 10, 1, 5, 30, 0)), 0);
	assert_int_equal(in("clamp", at(2026, 10, 1, 10, 30, 0)), 1);
	/* "day -40" counts like "day -31": the 1st of a 31-day month only */
	assert_int_equal(in("clamp", at(2026, 7, 1, 10, 30, 0)), 1);
	assert_int_equal(in("clamp", at(2026, 6, 1, 10, 30, 0)), 0);
	assert_int_equal(in("clamp", at(2026, 7, 2, 10, 30, 0)), 0);
}

/* the expectations of Nagios 4.4.6's t-tap/test_timeperiods.c */
static void
t_nagios_suite(void **state)
{
	time_t t;

	(void)state;
	use_tz("Europe/Paris");
	t = 1278939600; /* mon 2010-07-12 15:00 */
	assert_int_equal(in("Test_exclude", t), 0);
	assert_int_equal(next("Test_exclude", t), 1288103400);
	assert_int_equal(in("Test_exclude2", t), 0);
	assert_int_equal(next("Test_exclude2", t), 1279058340);
	assert_int_equal(in("Test_exclude3", t), 0);
	assert_int_equal(next("Test_exclude3", t), 1284474600);
	assert_int_equal(in("Test_exclude4", t), 0);
	assert_int_equal(next("Test_exclude4", t), 1283265000);
	/* Nagios answers the time it started from; there is none */
	assert_int_equal(in("exclude_always", t), 0);
	assert_int_equal(next("exclude_always", t), (time_t)-1);

	use_tz("Europe/London");
	assert_int_equal(in("sunday_only", 1256421000), 0);
	assert_int_equal(next("sunday_only", 1256421000), 1256425200);
	assert_int_equal(in("sunday_only", 1256421661), 0);
	assert_int_equal(next("sunday_only", 1256421661), 1256425200);
	assert_int_equal(in("sunday_only", 1256425400), 1);
	assert_int_equal(next("sunday_only", 1256425400), 1256425400);
	assert_int_equal(in("sunday_only", 1256429700), 1);
	assert_int_equal(next("sunday_only", 1256429700), 1256429700);
	assert_int_equal(in("sunday_only", 1256430400), 0);
	/*
	 * 01:26:40 BST, before the clocks go back: the hour 01:00-02:00 comes
	 * again, and 01:00-01:15 GMT is inside (Nagios's own check agrees).
	 * Nagios's search skips that second pass and expects 03:15 GMT.
	 */
	assert_int_equal(next("sunday_only", 1256430400), 1256432400);
	assert_int_equal(in("sunday_only", 1256432400 + 15 * 60), 1);
	assert_int_equal(in("sunday_only", 1256432400 + 15 * 60 + 1), 0);
	assert_int_equal(next("sunday_only", 1256432400 + 15 * 60 + 1), 1256440500);
	assert_int_equal(in("sunday_only", 1256440500), 1);
	assert_int_equal(next("sunday_only", 1256440500), 1256440500);
	assert_int_equal(in("sunday_only", 1256500000), 1);
	assert_int_equal(in("sunday_only", 1256508000), 1);
	assert_int_equal(next("sunday_only", 1256508000), 1256508000);
	assert_int_equal(in("sunday_only", 1256508001), 0);
	assert_int_equal(next("sunday_only", 1256508001), 1257033600);
	assert_int_equal(in("sunday_only", 1256513000), 0);
	assert_int_equal(next("sunday_only", 1256513000), 1257033600);

	use_tz("America/New_York");
	assert_int_equal(in("weekly_complex", 1268109420), 0);
	assert_int_equal(next("weekly_complex", 1268109420), 1268115300);
}

/* a small deterministic generator for the sampled checks */
static uint32_t
lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/*
 * Without exclusions next is exact: from any time it gives a time inside,
 * the time itself when inside, and nothing inside lies between.
 */
static void
t_next_is_first(void **state)
{
	const struct obj_timeperiod *p;
	time_t t, r, u, base;
	uint32_t seed = 7;
	int i, j;

	(void)state;
	use_tz("Europe/Berlin");
	p = tp("mix");
	base = at(2026, 1, 1, 0, 0, 0);
	for (i = 0; i < 300; i++) {
		t = base + (time_t)(lcg(&seed) % (366u * 86400u));
		r = timeperiod_next(p, t);
		assert_true(r >= t);
		assert_int_equal(timeperiod_contains(p, r), 1);
		if (timeperiod_contains(p, t))
			assert_int_equal(r, t);
		for (j = 0; j < 40 && r > t; j++) {
			u = t + (time_t)(lcg(&seed) % (uint32_t)(r - t));
			assert_int_equal(timeperiod_contains(p, u), 0);
		}
	}
}

/* with exclusions next may skip a minute past a range, never land outside */
static void
t_next_lands_inside(void **state)
{
	static const char *const names[] = { "work_nolunch", "two_excl", "nested_outer",
		"work_noholiday", "Test_exclude", "Test_exclude2" };
	time_t t, r, base;
	uint32_t seed = 11;
	unsigned n;
	int i;

	(void)state;
	use_tz("Europe/Berlin");
	base = at(2026, 1, 1, 0, 0, 0);
	for (n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
		for (i = 0; i < 120; i++) {
			t = base + (time_t)(lcg(&seed) % (366u * 86400u));
			r = next(names[n], t);
			assert_true(r >= t);
			assert_int_equal(in(names[n], r), 1);
			if (in(names[n], t))
				assert_int_equal(r, t);
		}
	}
}

/* periods built by hand: no ranges on an exception, holes, a cycle */
static void
t_hand_built(void **state)
{
	struct obj_timerange all = { 0, 86400, NULL };
	struct obj_daterange xmas;
	struct obj_timeperiod a, b, *aex[2], *bex[1];
	time_t t;
	int d;

	(void)state;
	use_tz("UTC");
	memset(&xmas, 0, sizeof(xmas));
	xmas.type = OBJ_DR_MONTH_DATE;
	xmas.smon = xmas.emon = 11;
	xmas.smday = xmas.emday = 25;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	for (d = 0; d < 7; d++)
		a.days[d] = &all;
	a.exceptions[OBJ_DR_MONTH_DATE] = &xmas;
	t = at(2026, 12, 25, 12, 0, 0);
	assert_int_equal(timeperiod_contains(&a, t), 0);
	assert_int_equal(timeperiod_next(&a, t), at(2026, 12, 26, 0, 0, 0));
	/* a missing exclude entry is skipped */
	aex[0] = NULL;
	aex[1] = &b;
	a.exclude = aex;
	a.nexclude = 2;
	assert_int_equal(timeperiod_contains(&a, t + 86400), 1);
	/* a cycle pre-flight would refuse still ends */
	b.days[5] = &all; /* friday */
	bex[0] = &a;
	b.exclude = bex;
	b.nexclude = 1;
	(void)timeperiod_contains(&a, at(2026, 6, 5, 12, 0, 0));
	(void)timeperiod_next(&a, at(2026, 6, 5, 12, 0, 0));
	assert_int_equal(timeperiod_next(&a, (time_t)1 << 60), (time_t)-1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_null_period),
		cmocka_unit_test(t_24x7),
		cmocka_unit_test(t_workhours),
		cmocka_unit_test(t_day_edges),
		cmocka_unit_test(t_calendar_date),
		cmocka_unit_test(t_skip),
		cmocka_unit_test(t_month_date),
		cmocka_unit_test(t_month_day),
		cmocka_unit_test(t_month_week_day),
		cmocka_unit_test(t_week_day),
		cmocka_unit_test(t_precedence),
		cmocka_unit_test(t_exclude),
		cmocka_unit_test(t_exclude_nested),
		cmocka_unit_test(t_no_valid_time),
		cmocka_unit_test(t_next_invalid),
		cmocka_unit_test(t_date_edges),
		cmocka_unit_test(t_dst_berlin),
		cmocka_unit_test(t_nagios_suite),
		cmocka_unit_test(t_next_is_first),
		cmocka_unit_test(t_next_lands_inside),
		cmocka_unit_test(t_hand_built),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

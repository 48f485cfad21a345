/*
 * test_nagioslog: nagios.log as compat/nagioslog.c writes it.
 *
 * Each line formatter is checked byte for byte against the text Nagios
 * 4.4.6 writes (base/logging.c for the alert and state lines, base/checks.c
 * for the check warnings, base/events.c for the system time change):
 * "[epoch] text\n".  Then the file handling: a
 * logger without a path does nothing, lines are appended (two loggers on
 * one file do not overwrite each other), a symlink or a file with a second
 * hard link is refused, an over-long line is cut but keeps its newline.
 * Rotation: the next rotation time for each method in UTC and across the
 * 2021 daylight saving changes in Europe/Berlin; the rename into the
 * archive directory under nagios-MM-DD-YYYY-HH.log, an archive that exists
 * is never overwritten, the new file starts with the two header lines and
 * keeps the old file's mode.  The notify hook is called once a line.  Every test works in its own mkdtemp
 * directory under /tmp and runs with TZ=UTC unless it says otherwise.
 * Links compat/nagioslog.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "compat/nagioslog.h"
#include "engine/check/result.h"

#define T0 1600000000 /* 2020-09-13 12:26:40 UTC */

struct fx {
	char dir[64];
	char log[128];
	char arch[128];
};

/* remove a tree made by a test (files and one level of directories) */
static void
rm_tree(const char *dir)
{
	char p[512];
	struct dirent *e;
	struct stat st;
	DIR *d = opendir(dir);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			rm_tree(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

static void
use_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/jaque-nlog-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->log, sizeof(f->log), "%s/nagios.log", f->dir);
	snprintf(f->arch, sizeof(f->arch), "%s/archives", f->dir);
	assert_int_equal(mkdir(f->arch, 0755), 0);
	umask(022);
	use_tz("UTC");
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	rm_tree(f->dir);
	free(f);
	use_tz("UTC");
	return 0;
}

/* the whole file as a heap string ("" when empty), NULL when missing */
static char *
slurp(const char *path)
{
	struct stat st;
	char *s;
	FILE *fp = fopen(path, "r");

	if (fp == NULL)
		return NULL;
	assert_int_equal(fstat(fileno(fp), &st), 0);
	s = malloc((size_t)st.st_size + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)st.st_size, fp), (size_t)st.st_size);
	s[st.st_size] = '\0';
	fclose(fp);
	return s;
}

static void
assert_file(const char *path, const char *want)
{
	char *got = slurp(path);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void
put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static struct nlog *
open_log(struct fx *f, int method)
{
	struct nlog *l = nlog_open(f->log, method, f->arch);

	assert_non_null(l);
	return l;
}

/* seconds since the epoch of a UTC wall-clock time */
static time_t
utc(int y, int mo, int d, int h, int mi, int s)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	return timegm(&tm);
}

/* ---- the lines ---- */

static void
t_service_alert(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_service_alert(l, T0, "web1", "HTTP", "CRITICAL", "SOFT", 2,
	    "connect to address 10.0.0.1 and port 80: Connection refused");
	nlog_service_alert(l, T0 + 1, "web1", "HTTP", "OK", "HARD", 1, NULL);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] SERVICE ALERT: web1;HTTP;CRITICAL;SOFT;2;"
	    "connect to address 10.0.0.1 and port 80: Connection refused\n"
	    "[1600000001] SERVICE ALERT: web1;HTTP;OK;HARD;1;\n");
}

static void
t_host_alert(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_host_alert(l, T0, "gw", "DOWN", "HARD", 3, "CRITICAL - Host Unreachable (10.0.0.254)");
	nlog_host_alert(l, T0, "gw", "UP", "HARD", 1, NULL);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] HOST ALERT: gw;DOWN;HARD;3;CRITICAL - Host Unreachable (10.0.0.254)\n"
	    "[1600000000] HOST ALERT: gw;UP;HARD;1;\n");
}

static void
t_state_lines(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_host_state(l, T0, 1, "gw", "UP", "HARD", 1, "PING OK - Packet loss = 0%");
	nlog_host_state(l, T0, 0, "gw", "UNREACHABLE", "SOFT", 2, NULL);
	nlog_service_state(l, T0, 1, "gw", "PING", "WARNING", "HARD", 4, "rta 120ms");
	nlog_service_state(l, T0, 0, "gw", "PING", "UNKNOWN", "SOFT", 1, NULL);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] INITIAL HOST STATE: gw;UP;HARD;1;PING OK - Packet loss = 0%\n"
	    "[1600000000] CURRENT HOST STATE: gw;UNREACHABLE;SOFT;2;\n"
	    "[1600000000] INITIAL SERVICE STATE: gw;PING;WARNING;HARD;4;rta 120ms\n"
	    "[1600000000] CURRENT SERVICE STATE: gw;PING;UNKNOWN;SOFT;1;\n");
}

static void
t_check_warning_service(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_check_warning(l, T0, CHECK_WARN_TIMEOUT, "h", "S", 60.0014, -1);
	nlog_check_warning(l, T0, CHECK_WARN_RC126, "h", "S", 0.01, 126);
	nlog_check_warning(l, T0, CHECK_WARN_RC127, "h", "S", 0.01, 127);
	nlog_check_warning(l, T0, CHECK_WARN_BOUNDS, "h", "S", 0.01, 255);
	nlog_check_warning(l, T0, CHECK_WARN_BOUNDS, "h", "S", 0.01, -2);
	nlog_check_warning(l, T0, CHECK_WARN_LOST, "h", "S", 0.01, -1);
	nlog_check_warning(l, T0, CHECK_WARN_NOT_EXITED, "h", "S", 0.01, 0);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] Warning: Check of service 'S' on host 'h' timed out after 60.001s!\n"
	    "[1600000000] Warning: Return code of 126 for service 'S' on host 'h' may indicate "
	    "a non-executable plugin.\n"
	    "[1600000000] Warning: Return code of 127 for service 'S' on host 'h' may indicate "
	    "this plugin doesn't exist.\n"
	    "[1600000000] Warning: Return code of 255 for check of service 'S' on host 'h' was "
	    "out of bounds.\n"
	    "[1600000000] Warning: Return code of -2 for check of service 'S' on host 'h' was "
	    "out of bounds.\n"
	    "[1600000000] Warning: The check of service 'S' on host 'h' was lost: the worker "
	    "process running it died. It will run again.\n"
	    "[1600000000] Warning:  Check of service 'S' on host 'h' did not exit properly!\n");
}

static void
t_check_warning_host(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_check_warning(l, T0, CHECK_WARN_TIMEOUT, "h", NULL, 30.004, -1);
	nlog_check_warning(l, T0, CHECK_WARN_RC126, "h", NULL, 0.01, 126);
	nlog_check_warning(l, T0, CHECK_WARN_RC127, "h", NULL, 0.01, 127);
	nlog_check_warning(l, T0, CHECK_WARN_BOUNDS, "h", NULL, 0.01, 4);
	nlog_check_warning(l, T0, CHECK_WARN_LOST, "h", NULL, 0.01, -1);
	nlog_check_warning(l, T0, CHECK_WARN_NOT_EXITED, "h", NULL, 0.01, 0);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] Warning: Check of host 'h' timed out after 30.00 seconds\n"
	    "[1600000000] Warning: Return code of 126 for host 'h' may indicate a "
	    "non-executable plugin.\n"
	    "[1600000000] Warning: Return code of 127 for host 'h' may indicate this plugin "
	    "doesn't exist.\n"
	    "[1600000000] Warning: Return code of 4 for check of host 'h' was out of bounds.\n"
	    "[1600000000] Warning: The check of host 'h' was lost: the worker process running "
	    "it died. It will run again.\n"
	    "[1600000000] Warning:  Check of host 'h' did not exit properly!\n");
}

/* CHECK_WARN_NONE and kinds outside the enum write nothing */
static void
t_check_warning_none(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_check_warning(l, T0, CHECK_WARN_NONE, "h", "S", 1.0, 0);
	nlog_check_warning(l, T0, CHECK_WARN_NONE, "h", NULL, 1.0, 0);
	nlog_check_warning(l, T0, -1, "h", "S", 1.0, 0);
	nlog_check_warning(l, T0, 999, "h", NULL, 1.0, 0);
	nlog_close(l);
	assert_file(f->log, "");
}

static void
t_warning_and_printf(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_warning(l, T0, "Unable to open file '%s' for %s", "/x", "reading");
	nlog_printf(l, T0, "Caught SIG%s, shutting down...", "TERM");
	nlog_printf(l, 0, "%s", "");
	nlog_printf(l, 4102444800, "EXTERNAL COMMAND: %s;%d", "ENABLE_NOTIFICATIONS", 7);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] Warning: Unable to open file '/x' for reading\n"
	    "[1600000000] Caught SIGTERM, shutting down...\n"
	    "[0] \n"
	    "[4102444800] EXTERNAL COMMAND: ENABLE_NOTIFICATIONS;7\n");
}

/* compensate_for_system_time_change's line: the signed step, then its
 * size broken down, two spaces before "Compensating" */
static void
t_time_change(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);

	nlog_time_change(l, T0, 3600);
	nlog_time_change(l, T0, -30);
	nlog_time_change(l, T0, 90061);
	nlog_close(l);
	assert_file(f->log,
	    "[1600000000] Warning: A system time change of 3600 seconds (0d 1h 0m 0s forwards in "
	    "time) has been detected.  Compensating...\n"
	    "[1600000000] Warning: A system time change of -30 seconds (0d 0h 0m 30s backwards in "
	    "time) has been detected.  Compensating...\n"
	    "[1600000000] Warning: A system time change of 90061 seconds (1d 1h 1m 1s forwards in "
	    "time) has been detected.  Compensating...\n");
}

/* ---- the file ---- */

static void
t_null_path_is_noop(void **state)
{
	struct fx *f = *state;
	struct nlog *l = nlog_open(NULL, MAINCFG_ROT_DAILY, f->arch);
	DIR *d;
	struct dirent *e;
	int n = 0;

	assert_non_null(l);
	nlog_printf(l, T0, "x");
	nlog_warning(l, T0, "x");
	nlog_service_alert(l, T0, "h", "s", "OK", "HARD", 1, "o");
	nlog_host_alert(l, T0, "h", "UP", "HARD", 1, "o");
	nlog_service_state(l, T0, 1, "h", "s", "OK", "HARD", 1, "o");
	nlog_host_state(l, T0, 0, "h", "UP", "HARD", 1, "o");
	nlog_check_warning(l, T0, CHECK_WARN_TIMEOUT, "h", NULL, 1.0, 0);
	assert_int_equal(nlog_next_rotation(l, T0), 0);
	assert_int_equal(nlog_rotate(l, T0), 0);
	assert_int_equal(nlog_reopen(l), 0);
	nlog_close(l);

	/* a NULL handle is as quiet */
	nlog_printf(NULL, T0, "x");
	nlog_warning(NULL, T0, "x");
	assert_int_equal(nlog_next_rotation(NULL, T0), 0);
	assert_int_equal(nlog_rotate(NULL, T0), 0);
	assert_int_equal(nlog_reopen(NULL), 0);
	nlog_close(NULL);

	/* nothing was created: the directory holds only the archive dir */
	d = opendir(f->dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.') {
			assert_string_equal(e->d_name, "archives");
			n++;
		}
	closedir(d);
	assert_int_equal(n, 1);
	d = opendir(f->arch);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		assert_true(e->d_name[0] == '.');
	closedir(d);
}

static void
t_created_0644(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);
	struct stat st;

	assert_int_equal(stat(f->log, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0644);
	assert_int_equal(st.st_size, 0);
	nlog_close(l);
}

static void
t_open_fails(void **state)
{
	struct fx *f = *state;
	char p[192];

	snprintf(p, sizeof(p), "%s/no/such/dir/nagios.log", f->dir);
	errno = 0;
	assert_null(nlog_open(p, MAINCFG_ROT_NONE, NULL));
	assert_int_equal(errno, ENOENT);
	/* a directory is no log file */
	errno = 0;
	assert_null(nlog_open(f->arch, MAINCFG_ROT_NONE, NULL));
	assert_int_equal(errno, EISDIR);
}

/* O_APPEND: lines go to the end, whatever else writes the file */
static void
t_appends(void **state)
{
	struct fx *f = *state;
	struct nlog *a, *b;

	put(f->log, "[1] old line\n");
	a = open_log(f, MAINCFG_ROT_NONE);
	b = open_log(f, MAINCFG_ROT_NONE);
	nlog_printf(a, 2, "from a");
	nlog_printf(b, 3, "from b");
	nlog_printf(a, 4, "from a again");
	nlog_close(a);
	nlog_close(b);
	assert_file(f->log, "[1] old line\n[2] from a\n[3] from b\n[4] from a again\n");
}

static void
count_line(void *arg)
{
	(*(int *)arg)++;
}

/* the notify hook hears of every line, and of none once unset */
static void
t_notify(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);
	int n = 0;

	nlog_set_notify(l, count_line, &n);
	nlog_printf(l, 2, "one");
	nlog_warning(l, 3, "two");
	assert_int_equal(n, 2);
	nlog_set_notify(l, NULL, NULL);
	nlog_printf(l, 4, "three");
	assert_int_equal(n, 2);
	nlog_set_notify(NULL, count_line, &n); /* no logger: nothing */
	nlog_close(l);
	assert_file(f->log, "[2] one\n[3] Warning: two\n[4] three\n");
}

/* O_NOFOLLOW and Nagios's one-link check */
static void
t_symlink_and_hardlink_refused(void **state)
{
	struct fx *f = *state;
	char target[192], other[192];

	snprintf(target, sizeof(target), "%s/target", f->dir);
	put(target, "precious\n");
	assert_int_equal(symlink(target, f->log), 0);
	errno = 0;
	assert_null(nlog_open(f->log, MAINCFG_ROT_NONE, f->arch));
	assert_int_equal(errno, ELOOP);
	assert_file(target, "precious\n");

	/* a dangling symlink is not followed to create its target either */
	assert_int_equal(unlink(target), 0);
	errno = 0;
	assert_null(nlog_open(f->log, MAINCFG_ROT_NONE, f->arch));
	assert_int_equal(errno, ELOOP);
	assert_int_equal(access(target, F_OK), -1);
	assert_int_equal(unlink(f->log), 0);

	/* a second hard link: refused as Nagios refuses it */
	put(f->log, "x\n");
	snprintf(other, sizeof(other), "%s/other", f->dir);
	assert_int_equal(link(f->log, other), 0);
	errno = 0;
	assert_null(nlog_open(f->log, MAINCFG_ROT_NONE, f->arch));
	assert_int_equal(errno, EINVAL);
	assert_file(f->log, "x\n");
}

/* the file replaced under the logger (a symlink put there): reopen refuses it */
static void
t_reopen(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);
	char moved[192];

	snprintf(moved, sizeof(moved), "%s/moved.log", f->dir);
	nlog_printf(l, 1, "one");
	assert_int_equal(rename(f->log, moved), 0);
	assert_int_equal(nlog_reopen(l), 0);
	nlog_printf(l, 2, "two");
	assert_file(moved, "[1] one\n");
	assert_file(f->log, "[2] two\n");

	assert_int_equal(unlink(f->log), 0);
	assert_int_equal(symlink(moved, f->log), 0);
	assert_int_equal(nlog_reopen(l), -1);
	/* the old descriptor (the unlinked file) stays in use: the target is untouched */
	nlog_printf(l, 3, "three");
	nlog_close(l);
	assert_file(moved, "[1] one\n");
}

static void
t_long_line_cut(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);
	size_t big = 100000, i, len, nl = 0;
	char *text = malloc(big + 1), *got;

	assert_non_null(text);
	memset(text, 'x', big);
	text[big] = '\0';
	nlog_printf(l, T0, "%s", text);
	nlog_service_alert(l, T0, "h", "s", "OK", "HARD", 1, text);
	/* a line of a few thousand bytes is not cut */
	text[3000] = '\0';
	nlog_printf(l, T0, "%s", text);
	nlog_close(l);

	got = slurp(f->log);
	assert_non_null(got);
	len = strlen(got);
	/* three lines, each ending in '\n' */
	for (i = 0; i < len; i++)
		if (got[i] == '\n')
			nl++;
	assert_int_equal(nl, 3);
	assert_int_equal(got[len - 1], '\n');

	{
		char *l1 = got, *l2 = strchr(l1, '\n') + 1, *l3 = strchr(l2, '\n') + 1;
		size_t n1 = (size_t)(l2 - l1), n2 = (size_t)(l3 - l2), n3 = len - (size_t)(l3 - got);

		assert_true(strncmp(l1, "[1600000000] xxx", 16) == 0);
		assert_true(n1 < big);
		assert_true(n1 >= 4096);
		assert_int_equal(l2[-1], '\n');
		assert_true(strncmp(l2, "[1600000000] SERVICE ALERT: h;s;OK;HARD;1;xxx", 45) == 0);
		/* the same cap for every line */
		assert_int_equal(n2, n1);
		assert_int_equal(n3, strlen("[1600000000] ") + 3000 + 1);
	}
	free(got);
	free(text);
}

/* ---- rotation times ---- */

static void
t_next_rotation_utc(void **state)
{
	struct fx *f = *state;
	struct nlog *l;
	/* Wednesday 2021-03-10 13:45:12 UTC */
	time_t now = utc(2021, 3, 10, 13, 45, 12);

	l = open_log(f, MAINCFG_ROT_HOURLY);
	assert_int_equal(nlog_next_rotation(l, now), utc(2021, 3, 10, 14, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 10, 14, 0, 0)),
	    utc(2021, 3, 10, 15, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 12, 31, 23, 59, 59)),
	    utc(2022, 1, 1, 0, 0, 0));
	nlog_close(l);

	l = open_log(f, MAINCFG_ROT_DAILY);
	assert_int_equal(nlog_next_rotation(l, now), utc(2021, 3, 11, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 11, 0, 0, 0)),
	    utc(2021, 3, 12, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2020, 2, 28, 8, 0, 0)),
	    utc(2020, 2, 29, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 12, 31, 8, 0, 0)),
	    utc(2022, 1, 1, 0, 0, 0));
	nlog_close(l);

	l = open_log(f, MAINCFG_ROT_WEEKLY);
	/* the next Sunday midnight; on a Sunday, the one a week later */
	assert_int_equal(nlog_next_rotation(l, now), utc(2021, 3, 14, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 13, 23, 59, 59)),
	    utc(2021, 3, 14, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 14, 0, 0, 0)),
	    utc(2021, 3, 21, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 12, 29, 9, 0, 0)),
	    utc(2022, 1, 2, 0, 0, 0));
	nlog_close(l);

	l = open_log(f, MAINCFG_ROT_MONTHLY);
	assert_int_equal(nlog_next_rotation(l, now), utc(2021, 4, 1, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 1, 31, 12, 0, 0)),
	    utc(2021, 2, 1, 0, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 12, 1, 0, 0, 0)),
	    utc(2022, 1, 1, 0, 0, 0));
	nlog_close(l);

	l = open_log(f, MAINCFG_ROT_NONE);
	assert_int_equal(nlog_next_rotation(l, now), 0);
	nlog_close(l);
}

/* local midnight (and the local hour) stay right across both 2021 changes */
static void
t_next_rotation_berlin_dst(void **state)
{
	struct fx *f = *state;
	struct nlog *l;

	use_tz("Europe/Berlin");

	/* March 2021 is CET (+1), April CEST (+2): midnight April 1 is 22:00 UTC */
	l = open_log(f, MAINCFG_ROT_MONTHLY);
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 15, 11, 0, 0)),
	    utc(2021, 3, 31, 22, 0, 0));
	/* October CEST, November CET: midnight November 1 is 23:00 UTC */
	assert_int_equal(nlog_next_rotation(l, utc(2021, 10, 15, 10, 0, 0)),
	    utc(2021, 10, 31, 23, 0, 0));
	nlog_close(l);

	/* the change is at 02:00 on Sunday 28 March: that Sunday's midnight is CET,
	 * Monday's CEST */
	l = open_log(f, MAINCFG_ROT_DAILY);
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 27, 11, 0, 0)),
	    utc(2021, 3, 27, 23, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 27, 23, 0, 0)),
	    utc(2021, 3, 28, 22, 0, 0));
	/* Sunday 31 October lasts 25 hours */
	assert_int_equal(nlog_next_rotation(l, utc(2021, 10, 30, 22, 0, 0)),
	    utc(2021, 10, 31, 23, 0, 0));
	nlog_close(l);

	l = open_log(f, MAINCFG_ROT_WEEKLY);
	/* from Sunday 28 March (CEST after 02:00) to Sunday 4 April, CEST */
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 28, 10, 0, 0)),
	    utc(2021, 4, 3, 22, 0, 0));
	nlog_close(l);

	/* 01:30 CET on 28 March: 02:00 does not exist, the next hour starts at
	 * 03:00 CEST, 01:00 UTC */
	l = open_log(f, MAINCFG_ROT_HOURLY);
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 28, 0, 30, 0)),
	    utc(2021, 3, 28, 1, 0, 0));
	assert_int_equal(nlog_next_rotation(l, utc(2021, 3, 28, 1, 0, 0)),
	    utc(2021, 3, 28, 2, 0, 0));
	nlog_close(l);
}

/* ---- rotation ---- */

static void
t_rotate(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_DAILY);
	time_t now = utc(2021, 3, 11, 0, 0, 0);
	char arch[256];
	struct stat st;

	nlog_printf(l, now - 10, "before");
	assert_int_equal(chmod(f->log, 0600), 0);
	assert_int_equal(nlog_rotate(l, now), 0);
	nlog_printf(l, now + 1, "after");
	nlog_close(l);

	snprintf(arch, sizeof(arch), "%s/nagios-03-11-2021-00.log", f->arch);
	assert_file(arch, "[1615420790] before\n");
	assert_file(f->log,
	    "[1615420800] LOG ROTATION: DAILY\n"
	    "[1615420800] LOG VERSION: 2.0\n"
	    "[1615420801] after\n");
	assert_int_equal(stat(f->log, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
}

/* each method's name, the hour in the archive name, a '/' ending the path */
static void
t_rotate_methods(void **state)
{
	static const struct {
		int method;
		const char *text;
		int y, mo, d, h;
		const char *name;
	} c[] = {
		{ MAINCFG_ROT_HOURLY, "HOURLY", 2021, 7, 4, 13, "nagios-07-04-2021-13.log" },
		{ MAINCFG_ROT_WEEKLY, "WEEKLY", 2021, 7, 11, 0, "nagios-07-11-2021-00.log" },
		{ MAINCFG_ROT_MONTHLY, "MONTHLY", 2021, 8, 1, 0, "nagios-08-01-2021-00.log" },
		{ MAINCFG_ROT_DAILY, "DAILY", 1999, 12, 31, 23, "nagios-12-31-1999-23.log" },
	};
	struct fx *f = *state;
	char slash[160], arch[256], want[256];
	struct nlog *l;
	time_t now;
	size_t i;

	snprintf(slash, sizeof(slash), "%s/", f->arch);
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		now = utc(c[i].y, c[i].mo, c[i].d, c[i].h, 0, 0);
		l = nlog_open(f->log, c[i].method, i % 2 ? slash : f->arch);
		assert_non_null(l);
		nlog_printf(l, now - 1, "%zu", i);
		assert_int_equal(nlog_rotate(l, now), 0);
		nlog_close(l);
		snprintf(arch, sizeof(arch), "%s/%s", f->arch, c[i].name);
		snprintf(want, sizeof(want), "[%lld] %zu\n", (long long)now - 1, i);
		assert_file(arch, want);
		snprintf(want, sizeof(want), "[%lld] LOG ROTATION: %s\n[%lld] LOG VERSION: 2.0\n",
		    (long long)now, c[i].text, (long long)now);
		assert_file(f->log, want);
		assert_int_equal(unlink(f->log), 0);
	}
}

/* the archive's name is local time */
static void
t_rotate_local_name(void **state)
{
	struct fx *f = *state;
	struct nlog *l;
	char arch[256];

	use_tz("Europe/Berlin");
	l = open_log(f, MAINCFG_ROT_DAILY);
	nlog_printf(l, 1, "x");
	/* 2021-03-31 22:00 UTC is midnight, April 1, in Berlin */
	assert_int_equal(nlog_rotate(l, utc(2021, 3, 31, 22, 0, 0)), 0);
	nlog_close(l);
	snprintf(arch, sizeof(arch), "%s/nagios-04-01-2021-00.log", f->arch);
	assert_file(arch, "[1] x\n");
}

static void
t_rotate_never_overwrites(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_DAILY);
	time_t now = utc(2021, 3, 11, 0, 0, 0);
	char arch[256];

	snprintf(arch, sizeof(arch), "%s/nagios-03-11-2021-00.log", f->arch);
	put(arch, "archived earlier\n");
	nlog_printf(l, 5, "current");
	assert_int_equal(nlog_rotate(l, now), 0);
	/* nothing moved, nothing written: the rotation counts as done */
	assert_file(arch, "archived earlier\n");
	assert_file(f->log, "[5] current\n");
	/* and the logger still writes to the same file */
	nlog_printf(l, 6, "still here");
	nlog_close(l);
	assert_file(f->log, "[5] current\n[6] still here\n");
}

static void
t_rotate_none(void **state)
{
	struct fx *f = *state;
	struct nlog *l = open_log(f, MAINCFG_ROT_NONE);
	DIR *d;
	struct dirent *e;

	nlog_printf(l, 5, "x");
	assert_int_equal(nlog_rotate(l, T0), 0);
	nlog_close(l);
	assert_file(f->log, "[5] x\n");
	d = opendir(f->arch);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		assert_true(e->d_name[0] == '.');
	closedir(d);
}

static void
t_rotate_failures(void **state)
{
	struct fx *f = *state;
	struct nlog *l;
	char missing[160], want[512];

	/* no archive path: a warning in the log, nothing moved */
	l = nlog_open(f->log, MAINCFG_ROT_DAILY, NULL);
	assert_non_null(l);
	assert_int_equal(nlog_rotate(l, 7), -1);
	nlog_close(l);
	assert_file(f->log, "[7] Warning: log_archive_path is not set; the log is not rotated\n");
	assert_int_equal(unlink(f->log), 0);

	/* an archive directory that does not exist: the rename fails */
	snprintf(missing, sizeof(missing), "%s/gone", f->dir);
	l = nlog_open(f->log, MAINCFG_ROT_DAILY, missing);
	assert_non_null(l);
	assert_int_equal(nlog_rotate(l, utc(2021, 3, 11, 0, 0, 0)), -1);
	nlog_printf(l, 9, "goes on");
	nlog_close(l);
	snprintf(want, sizeof(want),
	    "[1615420800] Warning: Unable to rotate log file '%s' to "
	    "'%s/nagios-03-11-2021-00.log': No such file or directory\n[9] goes on\n",
	    f->log, missing);
	assert_file(f->log, want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_service_alert, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_alert, setup, teardown),
		cmocka_unit_test_setup_teardown(t_state_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(t_check_warning_service, setup, teardown),
		cmocka_unit_test_setup_teardown(t_check_warning_host, setup, teardown),
		cmocka_unit_test_setup_teardown(t_check_warning_none, setup, teardown),
		cmocka_unit_test_setup_teardown(t_warning_and_printf, setup, teardown),
		cmocka_unit_test_setup_teardown(t_time_change, setup, teardown),
		cmocka_unit_test_setup_teardown(t_null_path_is_noop, setup, teardown),
		cmocka_unit_test_setup_teardown(t_created_0644, setup, teardown),
		cmocka_unit_test_setup_teardown(t_open_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(t_appends, setup, teardown),
		cmocka_unit_test_setup_teardown(t_notify, setup, teardown),
		cmocka_unit_test_setup_teardown(t_symlink_and_hardlink_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_reopen, setup, teardown),
		cmocka_unit_test_setup_teardown(t_long_line_cut, setup, teardown),
		cmocka_unit_test_setup_teardown(t_next_rotation_utc, setup, teardown),
		cmocka_unit_test_setup_teardown(t_next_rotation_berlin_dst, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_methods, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_local_name, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_never_overwrites, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_none, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_failures, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_crspool: the check result spool as compat/crspool.c reads it, after
 * Nagios 4.4.6's process_check_result_queue and process_check_result_file
 * (base/utils.c).
 *
 * A result file without its ".ok" marker is left alone; one with it is
 * read (every key Nagios reads, times as seconds.microseconds, the
 * defaults of init_check_result for keys left out), handed out and
 * deleted with its marker.  Several records per file, separated by one or
 * more blank lines, each starting from the defaults; comments and lines
 * without '=' skipped; a value keeps any '=' after the first.  Output has
 * "\\n" and "\\\\" undone (crspool_unescape checked on its own too).  A
 * file whose mtime or file_time is more than max_age old is deleted
 * unread, wherever file_time stands in it, and counted as stale; max_age
 * 0 is no limit, and so is one too big for time_t; a file_time in the
 * future or too big for time_t is not old (UBSan watches the arithmetic).
 * A file over the 16 MiB cap counts as failed and goes.  A record without
 * host_name or output is skipped, and the file still goes.  Only names of
 * 'c' and six more characters that are regular files count.  The stats
 * are exact.  With a taken hook, a read file stays (with its marker)
 * and its path goes to the hook, and crspool_remove deletes both; stale
 * files still go at once.  A record encoded as one line
 * (crspool_encode) has no '\n' and decodes to the same fields, with ';',
 * '\\' and newlines in the file, names and output; a host record stays
 * one (svc NULL); lines that are not encoded records are refused.  Each
 * record names its file (name, inode, size, mtime), different for two.
 * crspool_parse takes a time too big for a time_t as absent.  Each test
 * works in its own mkdtemp directory.  Links compat/crspool.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/crspool.h"

#define MAXRES 32

struct res {
	char *host;
	char *svc;
	char *output;
	int check_type;
	int return_code;
	int exited_ok;
	int early_timeout;
	double latency;
	double start_time;
	double finish_time;
	char *file;
};

struct fx {
	char dir[64];
	time_t now;
	struct res res[MAXRES];
	size_t n;
	struct crspool_stats st;
	char *taken[MAXRES];
	size_t ntaken;
};

static char *
dup_or_null(const char *s)
{
	char *d;

	if (s == NULL)
		return NULL;
	d = strdup(s);
	assert_non_null(d);
	return d;
}

static void
on_result(void *arg, const struct crspool_result *r)
{
	struct fx *f = arg;
	struct res *o;

	assert_true(f->n < MAXRES);
	assert_non_null(r->host);
	assert_non_null(r->output);
	o = &f->res[f->n++];
	o->host = dup_or_null(r->host);
	o->svc = dup_or_null(r->svc);
	o->output = dup_or_null(r->output);
	o->check_type = r->check_type;
	o->return_code = r->return_code;
	o->exited_ok = r->exited_ok;
	o->early_timeout = r->early_timeout;
	o->latency = r->latency;
	o->start_time = r->start_time;
	o->finish_time = r->finish_time;
	o->file = dup_or_null(r->file);
}

static void
forget_results(struct fx *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		free(f->res[i].host);
		free(f->res[i].svc);
		free(f->res[i].output);
		free(f->res[i].file);
	}
	f->n = 0;
}

static void
rm_dir(const char *dir)
{
	char p[512];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (unlink(p) != 0)
			rmdir(p);
	}
	closedir(d);
	rmdir(dir);
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/jaque-crs-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->now = time(NULL);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	forget_results(f);
	while (f->ntaken > 0)
		free(f->taken[--f->ntaken]);
	rm_dir(f->dir);
	free(f);
	return 0;
}

static const char *
path(const struct fx *f, const char *name)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", f->dir, name);
	return buf[k];
}

static int
exists(const struct fx *f, const char *name)
{
	struct stat st;

	return lstat(path(f, name), &st) == 0;
}

/* a result file name, its text, and whether its ".ok" follows */
static void
spool(const struct fx *f, const char *name, const char *text, int ok)
{
	char okname[64];
	FILE *fp = fopen(path(f, name), "w");

	assert_non_null(fp);
	assert_int_equal(fwrite(text, 1, strlen(text), fp), strlen(text));
	assert_int_equal(fclose(fp), 0);
	if (ok) {
		snprintf(okname, sizeof(okname), "%s.ok", name);
		fp = fopen(path(f, okname), "w");
		assert_non_null(fp);
		assert_int_equal(fclose(fp), 0);
	}
}

static void
set_mtime(const struct fx *f, const char *name, time_t t)
{
	struct timeval tv[2];

	tv[0].tv_sec = tv[1].tv_sec = t;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	assert_int_equal(utimes(path(f, name), tv), 0);
}

static int
scan(struct fx *f, unsigned long max_age)
{
	forget_results(f);
	memset(&f->st, 0xa5, sizeof(f->st)); /* crspool_scan must set every field */
	return crspool_scan(f->dir, f->now, max_age, 0, on_result, NULL, f, &f->st);
}

static void
assert_stats(const struct fx *f, unsigned files, unsigned results, unsigned stale,
    unsigned failed)
{
	assert_int_equal(f->st.files, files);
	assert_int_equal(f->st.results, results);
	assert_int_equal(f->st.stale, stale);
	assert_int_equal(f->st.failed, failed);
}

/* a service result as Nagios's own writers lay it out */
static const char service_file[] =
    "### Active Check Result File ###\n"
    "file_time=%ld\n"
    "\n"
    "### Nagios Service Check Result ###\n"
    "# Time: Sun Sep 13 12:26:40 2020\n"
    "host_name=web1\n"
    "service_description=HTTP\n"
    "check_type=1\n"
    "check_options=0\n"
    "scheduled_check=0\n"
    "reschedule_check=0\n"
    "latency=0.250000\n"
    "start_time=1600000000.500000\n"
    "finish_time=1600000001.250000\n"
    "early_timeout=1\n"
    "exited_ok=0\n"
    "return_code=2\n"
    "output=CRITICAL - down\\nsecond line|time=1s\n"
    "\n";

static void
t_without_ok_left_alone(void **state)
{
	struct fx *f = *state;
	char text[1024];

	snprintf(text, sizeof(text), service_file, (long)f->now);
	spool(f, "c000001", text, 0);
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 0);
	assert_stats(f, 0, 0, 0, 0);
	assert_true(exists(f, "c000001"));

	/* the marker comes: now it is taken */
	spool(f, "c000001.ok", "", 0);
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 0, 0);
	assert_false(exists(f, "c000001"));
	assert_false(exists(f, "c000001.ok"));
}

static void
t_complete_file(void **state)
{
	struct fx *f = *state;
	char text[1024];

	snprintf(text, sizeof(text), service_file, (long)f->now);
	spool(f, "cQ7xZ2a", text, 1);
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].host, "web1");
	assert_string_equal(f->res[0].svc, "HTTP");
	assert_string_equal(f->res[0].output, "CRITICAL - down\nsecond line|time=1s");
	assert_int_equal(f->res[0].check_type, 1);
	assert_int_equal(f->res[0].return_code, 2);
	assert_int_equal(f->res[0].exited_ok, 0);
	assert_int_equal(f->res[0].early_timeout, 1);
	assert_true(f->res[0].latency == 0.25);
	assert_true(f->res[0].start_time == 1600000000.5);
	assert_true(f->res[0].finish_time == 1600000001.25);
	assert_stats(f, 1, 1, 0, 0);
	assert_false(exists(f, "cQ7xZ2a"));
	assert_false(exists(f, "cQ7xZ2a.ok"));

	/* a second scan finds nothing */
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 0);
	assert_stats(f, 0, 0, 0, 0);
}

static void
t_several_records(void **state)
{
	struct fx *f = *state;

	spool(f, "c100000",
	    "host_name=db1\n"
	    "service_description=Load\n"
	    "return_code=1\n"
	    "check_type=1\n"
	    "exited_ok=0\n"
	    "start_time=1600000000.000001\n"
	    "output=WARNING load 5\n"
	    "\n"
	    "\n"
	    "\n"
	    "# a host result: no service_description, the defaults again\n"
	    "host_name=db1\n"
	    "output=UP\n"
	    "\n"
	    "host_name=db2\n"
	    "service_description=Disk /\n"
	    "return_code=3\n"
	    "output=UNKNOWN",
	    1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 3);
	assert_stats(f, 1, 3, 0, 0);

	assert_string_equal(f->res[0].host, "db1");
	assert_string_equal(f->res[0].svc, "Load");
	assert_string_equal(f->res[0].output, "WARNING load 5");
	assert_int_equal(f->res[0].return_code, 1);
	assert_int_equal(f->res[0].check_type, 1);
	assert_int_equal(f->res[0].exited_ok, 0);
	assert_true(f->res[0].start_time == 1600000000.000001);
	assert_true(f->res[0].finish_time == 0);

	/* Nagios's init_check_result: active, exited_ok, everything else 0 */
	assert_string_equal(f->res[1].host, "db1");
	assert_null(f->res[1].svc);
	assert_string_equal(f->res[1].output, "UP");
	assert_int_equal(f->res[1].return_code, 0);
	assert_int_equal(f->res[1].check_type, 0);
	assert_int_equal(f->res[1].exited_ok, 1);
	assert_int_equal(f->res[1].early_timeout, 0);
	assert_true(f->res[1].latency == 0);
	assert_true(f->res[1].start_time == 0);
	assert_true(f->res[1].finish_time == 0);

	/* the last record has no blank line or '\n' after it */
	assert_string_equal(f->res[2].host, "db2");
	assert_string_equal(f->res[2].svc, "Disk /");
	assert_string_equal(f->res[2].output, "UNKNOWN");
	assert_int_equal(f->res[2].return_code, 3);
	assert_false(exists(f, "c100000"));
	assert_false(exists(f, "c100000.ok"));
}

static void
t_escaping(void **state)
{
	struct fx *f = *state;
	struct {
		const char *in, *out;
	} cases[] = {
		{ "", "" },
		{ "plain", "plain" },
		{ "a\\nb", "a\nb" },
		{ "a\\\\b", "a\\b" },
		{ "C:\\\\new", "C:\\new" },  /* an escaped backslash before 'n' */
		{ "\\\\\\n", "\\\n" },
		{ "\\n\\n", "\n\n" },
		{ "tab\\tstays", "tab\\tstays" },
		{ "trailing\\", "trailing\\" },
		{ "\\\\\\", "\\\\" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[64];

		snprintf(buf, sizeof(buf), "%s", cases[i].in);
		assert_int_equal(crspool_unescape(buf), strlen(cases[i].out));
		assert_string_equal(buf, cases[i].out);
	}

	/* in a file; a value keeps the '=' after the first */
	spool(f, "cescape",
	    "host_name=win1\n"
	    "output=C:\\\\new\\\\x=1\\nline 2 a=b\\\\\n",
	    1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].output, "C:\\new\\x=1\nline 2 a=b\\");
}

static void
t_stale_by_mtime(void **state)
{
	struct fx *f = *state;
	char text[1024];

	snprintf(text, sizeof(text), service_file, (long)f->now);
	spool(f, "cold001", text, 1);
	set_mtime(f, "cold001", f->now - 3601);
	spool(f, "cold002", text, 0); /* old and never marked: goes too */
	set_mtime(f, "cold002", f->now - 7200);
	spool(f, "cnew001", text, 1);
	set_mtime(f, "cnew001", f->now - 3600); /* exactly max_age: not older */
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 2, 0);
	assert_false(exists(f, "cold001"));
	assert_false(exists(f, "cold001.ok"));
	assert_false(exists(f, "cold002"));
	assert_false(exists(f, "cnew001"));
	assert_false(exists(f, "cnew001.ok"));

	/* max_age 0: no limit */
	spool(f, "cold003", "host_name=h\noutput=o\n", 1);
	set_mtime(f, "cold003", f->now - 86400 * 365);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 0, 0);
}

static void
t_stale_by_file_time(void **state)
{
	struct fx *f = *state;
	char text[1024];

	/* fresh mtime, old file_time */
	snprintf(text, sizeof(text), service_file, (long)(f->now - 3601));
	spool(f, "cft0001", text, 1);
	/* file_time after a complete record: the file is still old, and unread */
	snprintf(text, sizeof(text),
	    "host_name=h1\noutput=first\n\nfile_time=%ld\n\nhost_name=h2\noutput=second\n",
	    (long)(f->now - 4000));
	spool(f, "cft0002", text, 1);
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 0);
	assert_stats(f, 0, 0, 2, 0);
	assert_false(exists(f, "cft0001"));
	assert_false(exists(f, "cft0001.ok"));
	assert_false(exists(f, "cft0002"));
	assert_false(exists(f, "cft0002.ok"));

	/* not old: exactly max_age, in the future, too big for time_t, max_age 0 */
	snprintf(text, sizeof(text), "file_time=%ld\nhost_name=h3\noutput=edge\n",
	    (long)(f->now - 3600));
	spool(f, "cft0003", text, 1);
	snprintf(text, sizeof(text), "file_time=%ld\nhost_name=h4\noutput=future\n",
	    (long)(f->now + 86400));
	spool(f, "cft0004", text, 1);
	spool(f, "cft0005", "file_time=9223372036854775808\nhost_name=h5\noutput=big\n", 1);
	spool(f, "cft0006", "file_time=18446744073709551615\nhost_name=h6\noutput=max\n", 1);
	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 4);
	assert_stats(f, 4, 4, 0, 0);
	snprintf(text, sizeof(text), "file_time=%ld\nhost_name=h7\noutput=no limit\n",
	    (long)(f->now - 86400 * 365));
	spool(f, "cft0007", text, 1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].output, "no limit");
	assert_stats(f, 1, 1, 0, 0);
}

static void
t_huge_max_age(void **state)
{
	struct fx *f = *state;

	/* a max_age past what time_t holds means "never too old", not "always" */
	spool(f, "chuge01", "file_time=1\nhost_name=h1\noutput=a\n", 1);
	set_mtime(f, "chuge01", 1);
	spool(f, "chuge02", "host_name=h2\noutput=b\n", 1);
	assert_int_equal(scan(f, ULONG_MAX), 0);
	assert_int_equal(f->n, 2);
	assert_stats(f, 2, 2, 0, 0);
	spool(f, "chuge03", "file_time=1\nhost_name=h3\noutput=c\n", 1);
	set_mtime(f, "chuge03", 1);
	assert_int_equal(scan(f, LONG_MAX), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 0, 0);
}

static void
t_unreadable_file(void **state)
{
	struct fx *f = *state;
	int fd;

	/* bigger than the 16 MiB cap: counted as failed and deleted */
	spool(f, "cbig001", "", 1);
	fd = open(path(f, "cbig001"), O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)17 * 1024 * 1024), 0);
	close(fd);
	spool(f, "cfine01", "host_name=h\noutput=o\n", 1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 0, 1);
	assert_false(exists(f, "cbig001"));
	assert_false(exists(f, "cbig001.ok"));
}

static void
t_host_and_service(void **state)
{
	struct fx *f = *state;

	spool(f, "chost01", "host_name=gw\ncheck_type=1\nreturn_code=1\noutput=DOWN\n", 1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].host, "gw");
	assert_null(f->res[0].svc);
	assert_int_equal(f->res[0].return_code, 1);

	spool(f, "csvc001", "host_name=gw\nservice_description=PING\noutput=OK\n", 1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].host, "gw");
	assert_string_equal(f->res[0].svc, "PING");
}

static void
t_missing_output_or_host(void **state)
{
	struct fx *f = *state;

	spool(f, "cmiss01",
	    "host_name=h1\nservice_description=S\nreturn_code=2\n"
	    "\n"
	    "service_description=S\noutput=no host\n"
	    "\n"
	    "host_name=h3\noutput=kept\n"
	    "\n"
	    "# comment\ngarbage line\n=\nhost_name=h4\n",
	    1);
	spool(f, "cmiss02", "host_name=h5\n", 1);
	spool(f, "cempty1", "", 1);
	assert_int_equal(scan(f, 0), 0);
	assert_int_equal(f->n, 1);
	assert_string_equal(f->res[0].host, "h3");
	assert_null(f->res[0].svc);
	assert_string_equal(f->res[0].output, "kept");
	assert_stats(f, 3, 1, 0, 0);
	assert_false(exists(f, "cmiss01"));
	assert_false(exists(f, "cmiss02"));
	assert_false(exists(f, "cempty1"));
	assert_false(exists(f, "cempty1.ok"));
}

static void
t_names(void **state)
{
	struct fx *f = *state;
	static const char *const ignored[] = {
		"c12345", "c1234567", "x123456", "C123456", "cc", ".c12345",
	};
	static const char text[] = "host_name=h\noutput=o\n";
	size_t i;

	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		spool(f, ignored[i], text, 1);
	/* a marker with no result file, a directory and a symlink of the right name */
	spool(f, "corphan.ok", "", 0);
	assert_int_equal(mkdir(path(f, "cdir123"), 0755), 0);
	spool(f, "cdir123.ok", "", 0);
	spool(f, "target1", text, 0);
	assert_int_equal(symlink(path(f, "target1"), path(f, "clink12")), 0);
	spool(f, "clink12.ok", "", 0);
	spool(f, "c-_.+~0", text, 1);

	assert_int_equal(scan(f, 3600), 0);
	assert_int_equal(f->n, 1);
	assert_stats(f, 1, 1, 0, 0);
	assert_false(exists(f, "c-_.+~0"));
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		assert_true(exists(f, ignored[i]));
	assert_true(exists(f, "corphan.ok"));
	assert_true(exists(f, "cdir123"));
	assert_true(exists(f, "clink12"));
	assert_true(exists(f, "target1"));
}

static void
t_missing_dir(void **state)
{
	struct fx *f = *state;
	char dir[128];

	snprintf(dir, sizeof(dir), "%s/none", f->dir);
	memset(&f->st, 0xa5, sizeof(f->st));
	assert_int_equal(crspool_scan(dir, f->now, 0, 0, on_result, NULL, f, &f->st), -1);
	assert_stats(f, 0, 0, 0, 0);
	assert_int_equal(f->n, 0);
}

static void
on_taken(void *arg, const char *p)
{
	struct fx *f = arg;

	assert_true(f->ntaken < MAXRES);
	f->taken[f->ntaken] = strdup(p);
	assert_non_null(f->taken[f->ntaken]);
	f->ntaken++;
}

static void
t_taken_kept_until_removed(void **state)
{
	struct fx *f = *state;
	char text[1024];
	size_t i;

	snprintf(text, sizeof(text), service_file, (long)f->now);
	spool(f, "c000001", text, 1);
	spool(f, "c000002", text, 1);
	snprintf(text, sizeof(text), "file_time=%ld\nhost_name=h\noutput=o\n",
	    (long)(f->now - 7200));
	spool(f, "c000003", text, 1);
	assert_int_equal(crspool_scan(f->dir, f->now, 3600, 0, on_result, on_taken, f, &f->st), 0);
	assert_int_equal(f->n, 2);
	assert_stats(f, 2, 2, 1, 0);
	assert_int_equal(f->ntaken, 2);
	/* read, not yet deleted; the stale one is gone already */
	assert_true(exists(f, "c000001") && exists(f, "c000001.ok"));
	assert_true(exists(f, "c000002") && exists(f, "c000002.ok"));
	assert_false(exists(f, "c000003"));
	for (i = 0; i < f->ntaken; i++) {
		assert_true(strcmp(f->taken[i], path(f, "c000001")) == 0 ||
		    strcmp(f->taken[i], path(f, "c000002")) == 0);
		crspool_remove(f->taken[i]);
	}
	/* each record knows its file: name, inode, size, mtime */
	for (i = 0; i < f->n; i++) {
		assert_non_null(f->res[i].file);
		assert_true(strncmp(f->res[i].file, "c000001:", 8) == 0 ||
		    strncmp(f->res[i].file, "c000002:", 8) == 0);
	}
	assert_string_not_equal(f->res[0].file, f->res[1].file);
	assert_false(exists(f, "c000001") || exists(f, "c000001.ok"));
	assert_false(exists(f, "c000002") || exists(f, "c000002.ok"));
}

static void
t_encode_decode(void **state)
{
	struct crspool_result r, back;
	char *line;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.host = "web;1\\";
	r.svc = "HT;TP\nx";
	r.output = "CRITICAL; down\nsecond \\n line|t=1s;2;3";
	r.check_type = 1;
	r.return_code = 2;
	r.exited_ok = 0;
	r.early_timeout = 1;
	r.latency = 0.25;
	r.start_time = 1600000000.5;
	r.finish_time = 1600000001.25;
	r.file = "c0;1\\:12:345:1600000000.123456789";
	line = crspool_encode(&r);
	assert_null(strchr(line, '\n'));
	assert_int_equal(crspool_decode(line, &back), 0);
	assert_string_equal(back.host, r.host);
	assert_string_equal(back.svc, r.svc);
	assert_string_equal(back.output, r.output);
	assert_int_equal(back.check_type, 1);
	assert_int_equal(back.return_code, 2);
	assert_int_equal(back.exited_ok, 0);
	assert_int_equal(back.early_timeout, 1);
	assert_true(back.latency == 0.25);
	assert_true(back.start_time == 1600000000.5);
	assert_true(back.finish_time == 1600000001.25);
	assert_string_equal(back.file, r.file);
	free(line);

	/* a host result: no service, and an empty output */
	r.host = "h";
	r.svc = NULL;
	r.output = "";
	r.check_type = 0;
	r.file = NULL;
	line = crspool_encode(&r);
	assert_int_equal(crspool_decode(line, &back), 0);
	assert_string_equal(back.host, "h");
	assert_null(back.svc);
	assert_null(back.file);
	assert_string_equal(back.output, "");
	assert_int_equal(back.check_type, 0);
	free(line);
}

static void
t_decode_refuses(void **state)
{
	static const char *const bad[] = {
		"[1] PROCESS_SERVICE_CHECK_RESULT;h;s;0;ok",
		"CRSPOOL;S;1;0;1;0;0.0;0.0;0.0;f;h;s", /* the output's field is missing */
		"CRSPOOL;X;1;0;1;0;0.0;0.0;0.0;f;h;s;o", /* neither host nor service */
		"CRSPOOL;S;1;0;1;0;0.0;0.0;0.0;f;;s;o", /* no host */
		"",
		NULL,
	};
	struct crspool_result r;
	size_t i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		char *copy = strdup(bad[i]);

		assert_non_null(copy);
		assert_int_equal(crspool_decode(copy, &r), -1);
		free(copy);
	}
}

/*
 * crspool_parse alone, as the reaper and the fuzz target call it: a time
 * whose seconds no time_t can take once made a double (2^53 and up,
 * ULONG_MAX and beyond) is absent, 0, so that turning it into a check
 * result's time is defined (a fuzzer found the overflow); times below it
 * are read as before.
 */
static void
t_parse_huge_times(void **state)
{
	struct fx *f = *state;
	char text[] = "host_name=h\nstart_time=18446744073709551615.5\n"
	    "finish_time=99999999999999999999999\noutput=a\n\n"
	    "host_name=h\nstart_time=9007199254740992\nfinish_time=9007199254740991\n"
	    "output=b\n\nhost_name=h\nstart_time=1700000000.250000\noutput=c\n";

	assert_int_equal(crspool_parse(text, "t", f->now, 0, on_result, f), 3);
	assert_int_equal(f->n, 3);
	assert_true(f->res[0].start_time == 0.0);
	assert_true(f->res[0].finish_time == 0.0);
	assert_true(f->res[1].start_time == 0.0);
	assert_true(f->res[1].finish_time == 9007199254740991.0);
	assert_true(f->res[2].start_time == 1700000000.25);
	assert_string_equal(f->res[2].output, "c");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_without_ok_left_alone, setup, teardown),
		cmocka_unit_test_setup_teardown(t_complete_file, setup, teardown),
		cmocka_unit_test_setup_teardown(t_several_records, setup, teardown),
		cmocka_unit_test_setup_teardown(t_escaping, setup, teardown),
		cmocka_unit_test_setup_teardown(t_stale_by_mtime, setup, teardown),
		cmocka_unit_test_setup_teardown(t_stale_by_file_time, setup, teardown),
		cmocka_unit_test_setup_teardown(t_huge_max_age, setup, teardown),
		cmocka_unit_test_setup_teardown(t_unreadable_file, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_and_service, setup, teardown),
		cmocka_unit_test_setup_teardown(t_missing_output_or_host, setup, teardown),
		cmocka_unit_test_setup_teardown(t_names, setup, teardown),
		cmocka_unit_test_setup_teardown(t_missing_dir, setup, teardown),
		cmocka_unit_test_setup_teardown(t_taken_kept_until_removed, setup, teardown),
		cmocka_unit_test(t_encode_decode),
		cmocka_unit_test(t_decode_refuses),
		cmocka_unit_test_setup_teardown(t_parse_huge_times, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

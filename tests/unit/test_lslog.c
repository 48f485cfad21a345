/*
 * test_lslog: log lines taken apart as the Livestatus log table shows
 * them (every kind of line: states, alerts, downtime, flapping and
 * acknowledgement alerts, notifications in both field orders, passive
 * checks, external commands naming a host or a service, program and info
 * lines, a time period transition, lines that are no entry), and the
 * files read for a query: archives and the current log newest first,
 * only those the time bounds reach, the limit on entries; and the cache
 * of the files' entries: a second query reads nothing, lines appended to
 * the current log are read alone, a rotation hands the entries read to
 * the archive the log became, archives outside a query's bounds are not
 * read, and past its cap the oldest archives' entries are dropped (rows
 * still out keep theirs) and read again when needed; a query made in
 * steps of a small budget, with another query between its steps.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/livestatus/lslog.h"
#include "engine/util/arena.h"

static struct lslog_entry e;
static struct arena *a;

static void
parse(const char *line, int want)
{
	assert_int_equal(lslog_parse(&e, line, strlen(line), 7, a), want);
}

static void
t_states_alerts(void **state)
{
	(void)state;
	a = arena_new();
	parse("[1700000000] SERVICE ALERT: web;http;CRITICAL;SOFT;2;Connection refused; really", 0);
	assert_int_equal(e.time, 1700000000);
	assert_int_equal(e.lineno, 7);
	assert_int_equal(e.class, LSLOG_ALERT);
	assert_string_equal(e.type, "SERVICE ALERT");
	assert_string_equal(e.options, "web;http;CRITICAL;SOFT;2;Connection refused; really");
	assert_string_equal(e.host, "web");
	assert_string_equal(e.svc, "http");
	assert_int_equal(e.state, 2);
	assert_string_equal(e.state_type, "SOFT");
	assert_int_equal(e.attempt, 2);
	assert_string_equal(e.output, "Connection refused; really");
	assert_string_equal(e.message, "[1700000000] SERVICE ALERT: web;http;CRITICAL;SOFT;2;"
	    "Connection refused; really");
	parse("[1700000001] INITIAL HOST STATE: db;UNREACHABLE;HARD;1;gone", 0);
	assert_int_equal(e.class, LSLOG_STATE);
	assert_int_equal(e.state, 2);
	assert_string_equal(e.svc, "");
	parse("[1700000002] HOST DOWNTIME ALERT: db;STARTED; Host has entered a period", 0);
	assert_int_equal(e.class, LSLOG_ALERT);
	assert_string_equal(e.state_type, "STARTED");
	assert_string_equal(e.comment, " Host has entered a period");
	parse("[1700000003] SERVICE ACKNOWLEDGE ALERT: web;http;STARTED;jo;on it", 0);
	assert_string_equal(e.contact, "jo");
	assert_string_equal(e.comment, "on it");
	parse("[1700000004] SERVICE FLAPPING ALERT: web;http;STOPPED;done", 0);
	assert_string_equal(e.state_type, "STOPPED");
	parse("[1700000005] TIMEPERIOD TRANSITION: workhours;1;0", 0);
	assert_int_equal(e.class, LSLOG_STATE);
	assert_string_equal(e.type, "TIMEPERIOD TRANSITION: workhours;1;0");
	arena_free(a);
}

static void
t_notifications_commands(void **state)
{
	(void)state;
	a = arena_new();
	parse("[1700000010] SERVICE NOTIFICATION: c1;web;http;ACKNOWLEDGEMENT (CRITICAL);notify;out", 0);
	assert_int_equal(e.class, LSLOG_NOTIFICATION);
	assert_string_equal(e.contact, "c1");
	assert_string_equal(e.state_type, "ACKNOWLEDGEMENT (CRITICAL)");
	assert_string_equal(e.command, "notify");
	assert_int_equal(e.state, 2);
	/* the older order, the command before the state: swapped back */
	parse("[1700000011] HOST NOTIFICATION: c1;db;notify-host;DOWN;down", 0);
	assert_string_equal(e.state_type, "DOWN");
	assert_string_equal(e.command, "notify-host");
	assert_int_equal(e.state, 1);
	parse("[1700000012] PASSIVE SERVICE CHECK: web;http;1;slow", 0);
	assert_int_equal(e.class, LSLOG_PASSIVE);
	assert_int_equal(e.state, 1);
	assert_string_equal(e.output, "slow");
	parse("[1700000013] EXTERNAL COMMAND: SCHEDULE_SVC_DOWNTIME;web;http;1;2;1;0;0;a;b", 0);
	assert_int_equal(e.class, LSLOG_COMMAND);
	assert_string_equal(e.host, "web");
	assert_string_equal(e.svc, "http");
	parse("[1700000014] EXTERNAL COMMAND: DISABLE_HOST_CHECK;db", 0);
	assert_string_equal(e.host, "db");
	assert_string_equal(e.svc, "");
	parse("[1700000015] EXTERNAL COMMAND: DISABLE_HOSTGROUP_HOST_CHECKS;all", 0);
	assert_string_equal(e.host, "");
	parse("[1700000016] jaque 0.1.0 (Nagios 4.4.6 compatible) starting... (PID=1)", 0);
	assert_int_equal(e.class, LSLOG_PROGRAM);
	assert_string_equal(e.options, "");
	parse("[1700000017] LOG VERSION: 2.0", 0);
	assert_int_equal(e.class, LSLOG_PROGRAM);
	assert_string_equal(e.type, "LOG VERSION");
	parse("[1700000018] Warning: something", 0);
	assert_int_equal(e.class, LSLOG_INFO);
	assert_string_equal(e.type, "Warning");
	assert_string_equal(e.options, "something");
	parse("no timestamp here at all", -1);
	parse("[17000] short", -1);
	arena_free(a);
}

static char dir[64];

/* write text to the file name in dir: mode "w" anew, "a" at its end */
static void
write_file(const char *name, const char *mode, const char *text)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, mode);
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
put(const char *name, const char *text)
{
	write_file(name, "w", text);
}

static void
append(const char *name, const char *text)
{
	write_file(name, "a", text);
}

static void
rm(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(unlink(path), 0);
}

static void
mkdir_tmp(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_lslog.XXXXXX");
	assert_non_null(mkdtemp(dir));
}

static void
t_files(void **state)
{
	char log[128];
	struct lslog_rows *r;

	(void)state;
	mkdir_tmp();
	put("nagios-01-01-2024-00.log", "[1000000100] a1\n[1000000150] a2\n");
	put("nagios-01-02-2024-00.log", "[1000000200] b1\n[1000000250] b2\n");
	put("nagios.log", "[1000000300] c1\n[1000000350] c2\ngarbage\n");
	snprintf(log, sizeof(log), "%s/nagios.log", dir);
	r = lslog_read(log, dir, 0, 0, 100);
	assert_int_equal(r->n, 6);
	assert_string_equal(r->v[0]->message, "[1000000350] c2");
	assert_string_equal(r->v[5]->message, "[1000000100] a1");
	assert_int_equal(r->v[0]->lineno, 2);
	lslog_rows_free(r);
	/* [..210, ..320]: the first archive is not read */
	r = lslog_read(log, dir, 1000000210, 1000000320, 100);
	assert_int_equal(r->n, 2);
	assert_string_equal(r->v[0]->message, "[1000000300] c1");
	assert_string_equal(r->v[1]->message, "[1000000250] b2");
	lslog_rows_free(r);
	r = lslog_read(log, dir, 0, 0, 3);
	assert_int_equal(r->n, 3);
	assert_string_equal(r->v[2]->message, "[1000000250] b2");
	lslog_rows_free(r);
	/* no archive directory, no log: nothing, no failure */
	r = lslog_read("/nonexistent/nagios.log", NULL, 0, 0, 10);
	assert_int_equal(r->n, 0);
	lslog_rows_free(r);
	assert_int_equal(unlink(log), 0);
	snprintf(log, sizeof(log), "%s/nagios-01-01-2024-00.log", dir);
	assert_int_equal(unlink(log), 0);
	snprintf(log, sizeof(log), "%s/nagios-01-02-2024-00.log", dir);
	assert_int_equal(unlink(log), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* ---- the cache ---- */

static struct lslog_cache *cache;
static char logpath[128];
static struct lslog_cache_info info;

/* the messages of a cached query, newest first, joined with '|' */
static const char *
q(time_t lo, time_t hi)
{
	static char out[1024];
	struct lslog_rows *r = lslog_cache_read(cache, logpath, dir, lo, hi, 100);
	size_t i, at = 0;

	out[0] = '\0';
	for (i = 0; i < r->n; i++)
		at += (size_t)snprintf(out + at, sizeof(out) - at, "%s%s", i ? "|" : "",
		    r->v[i]->message + 13);
	lslog_rows_free(r);
	lslog_cache_info(cache, &info);
	return out;
}

static void
cache_setup(size_t max)
{
	mkdir_tmp();
	snprintf(logpath, sizeof(logpath), "%s/nagios.log", dir);
	cache = lslog_cache_new(max);
}

static void
cache_teardown(const char *const *names)
{
	lslog_cache_free(cache);
	for (; *names != NULL; names++)
		rm(*names);
	assert_int_equal(rmdir(dir), 0);
}

static void
t_cache_hits_append(void **state)
{
	static const char *const names[] = { "nagios-01-01-2024-00.log", "nagios.log", NULL };
	struct lslog_rows *r;
	unsigned long bytes;

	(void)state;
	cache_setup(0);
	put(names[0], "[1000000100] a1\n[1000000150] a2");  /* an archive's last line may lack \n */
	put("nagios.log", "[1000000300] c1\n");
	assert_string_equal(q(0, 0), "c1|a2|a1");
	assert_int_equal(info.loads, 1);
	assert_int_equal(info.entries, 3);
	bytes = info.bytes;
	assert_int_equal(bytes, 31 + 16);
	/* asked again: nothing is read */
	assert_string_equal(q(0, 0), "c1|a2|a1");
	assert_int_equal(info.loads, 1);
	assert_int_equal(info.bytes, bytes);
	/* appended lines alone are read; a line still being written waits */
	append("nagios.log", "[1000000310] c2\n[1000000320] c3 unfini");
	assert_string_equal(q(0, 0), "c2|c1|a2|a1");
	assert_int_equal(info.bytes, bytes + 16);
	append("nagios.log", "shed\n[1000000305] c4 earlier\n");
	assert_string_equal(q(0, 0), "c4 earlier|c3 unfinished|c2|c1|a2|a1");
	assert_int_equal(info.bytes, bytes + 16 + 27 + 24);
	/* bounds over a file whose times go back */
	assert_string_equal(q(1000000306, 1000000315), "c2");
	assert_string_equal(q(1000000150, 1000000305), "c4 earlier|c1|a2");
	/* line numbers go on from where the last read stopped */
	r = lslog_cache_read(cache, logpath, dir, 1000000305, 0, 100);
	assert_int_equal(r->n, 3);
	assert_int_equal(r->v[0]->lineno, 4);
	assert_int_equal(r->v[1]->lineno, 3);
	lslog_rows_free(r);
	/* the log cut short (same inode): read again from its start */
	put("nagios.log", "[1000000400] d1\n");
	assert_string_equal(q(0, 0), "d1|a2|a1");
	assert_int_equal(info.entries, 3);
	assert_int_equal(info.loads, 1);
	cache_teardown(names);
}

static void
t_cache_rotation(void **state)
{
	static const char *const names[] = { "nagios-01-01-2024-00.log",
		"nagios-01-02-2024-00.log", "nagios-01-03-2024-00.log", "nagios.log", NULL };
	char from[128], to[128];
	unsigned long bytes;

	(void)state;
	cache_setup(0);
	put(names[0], "[1000000100] a1\n");
	put("nagios.log", "[1000000200] b1\n");
	assert_string_equal(q(0, 0), "b1|a1");
	bytes = info.bytes;
	/* a line more, then the log becomes an archive and a new one begins */
	append("nagios.log", "[1000000250] b2\n");
	snprintf(from, sizeof(from), "%s/nagios.log", dir);
	snprintf(to, sizeof(to), "%s/%s", dir, names[1]);
	assert_int_equal(rename(from, to), 0);
	put("nagios.log", "[1000000300] c1\n");
	assert_string_equal(q(0, 0), "c1|b2|b1|a1");
	/* the archive kept what was read of it: only b2 and c1 were read */
	assert_int_equal(info.bytes, bytes + 16 + 16);
	assert_int_equal(info.loads, 1);
	assert_int_equal(info.entries, 4);
	assert_int_equal(info.files_loaded, 2);
	assert_string_equal(q(1000000240, 1000000260), "b2");
	/* rotated by a copy and the log cut short: the copy is read as any archive */
	append("nagios.log", "[1000000320] c2\n");
	assert_string_equal(q(1000000300, 0), "c2|c1");
	put(names[2], "[1000000300] c1\n[1000000320] c2\n");
	put("nagios.log", "[1000000400] d1\n");
	assert_string_equal(q(0, 0), "d1|c2|c1|b2|b1|a1");
	assert_int_equal(info.loads, 2);
	assert_int_equal(info.entries, 6);
	cache_teardown(names);
}

static void
t_cache_skip(void **state)
{
	static const char *const names[] = { "nagios-12-31-2023-23.log",
		"nagios-01-01-2024-00.log", "nagios-01-02-2024-00.log", "nagios-01-10-2024-00.log",
		"nagios.log", NULL };

	(void)state;
	cache_setup(0);
	/* named by the rotation's time: the order is the names', 2023 before 2024 */
	put(names[0], "[1000000000] z1\n[1000000050] z2\n");
	put(names[1], "[1000000100] a1\nno entry\n[1000000150] a2\nnot one either\n");
	put(names[2], "[1000000200] b1\n[1000000250] b2\n");
	put(names[3], "[1000000300] c1\n[1000000350] c2\n");
	put("nagios.log", "[1000000400] d1\n");
	/* the last hour: only the current log and the newest archive's span looked at */
	assert_string_equal(q(1000000360, 0), "d1");
	assert_int_equal(info.loads, 0);
	assert_int_equal(info.indexed, 1);
	/* within the second archive: the newer ones looked at, not read; the older not even that */
	assert_string_equal(q(1000000120, 1000000160), "a2");
	assert_int_equal(info.loads, 1);
	assert_int_equal(info.files_loaded, 1);
	assert_int_equal(info.indexed, 3);
	/* the span came from the last entry, past a last line that is none */
	assert_string_equal(q(1000000150, 1000000199), "a2");
	assert_int_equal(info.loads, 1);
	assert_string_equal(q(1000000000, 1000000060), "z2|z1");
	assert_int_equal(info.loads, 2);
	assert_int_equal(info.indexed, 4);
	/* an archive added later is seen */
	put("nagios-01-11-2024-00.log", "[1000000380] e1\n");
	assert_string_equal(q(1000000370, 0), "d1|e1");
	rm("nagios-01-11-2024-00.log");
	assert_string_equal(q(1000000370, 0), "d1");
	cache_teardown(names);
}

static void
t_cache_evict(void **state)
{
	static const char *const names[] = { "nagios-01-01-2024-00.log",
		"nagios-01-02-2024-00.log", "nagios.log", NULL };
	struct lslog_rows *old;

	(void)state;
	cache_setup(4);
	put(names[0], "[1000000100] a1\n[1000000150] a2\n");
	put(names[1], "[1000000200] b1\n[1000000250] b2\n");
	put("nagios.log", "[1000000300] c1\n[1000000350] c2\n");
	old = lslog_cache_read(cache, logpath, dir, 0, 0, 100);
	assert_int_equal(old->n, 6);
	lslog_cache_info(cache, &info);
	/* six entries read, four kept: the oldest archive's went */
	assert_int_equal(info.entries, 4);
	assert_int_equal(info.files_loaded, 1);
	assert_int_equal(info.loads, 2);
	/* needed again: read again, and the rows still out keep theirs */
	assert_string_equal(q(0, 1000000160), "a2|a1");
	assert_int_equal(info.loads, 3);
	assert_int_equal(info.entries, 4);
	assert_string_equal(old->v[5]->message, "[1000000100] a1");
	assert_string_equal(old->v[4]->host, "");
	lslog_rows_free(old);
	/* the current log's entries stay whatever the cap */
	lslog_cache_set_max(cache, 1);
	assert_string_equal(q(1000000300, 0), "c2|c1");
	assert_int_equal(info.entries, 2);
	assert_int_equal(info.files_loaded, 0);
	cache_teardown(names);
}

static void
t_cache_steps(void **state)
{
	static const char *const names[] = { "nagios-01-01-2024-00.log", "nagios.log", NULL };
	char path[128];
	struct lslog_query *lq;
	struct lslog_rows *r, *other;
	FILE *fp;
	int i, steps = 0;

	(void)state;
	cache_setup(0);
	/* an archive bigger than one read (64 KiB) */
	snprintf(path, sizeof(path), "%s/%s", dir, names[0]);
	fp = fopen(path, "w");
	assert_non_null(fp);
	for (i = 0; i < 5000; i++)
		fprintf(fp, "[%d] line %06d\n", 1000000000 + i, i);
	fclose(fp);
	put("nagios.log", "[1000100000] now\n");
	lq = lslog_query_new(cache, logpath, dir, 0, 0, 100000);
	while (!lslog_query_step(lq, 1)) {
		/* another query between the steps, the archive half read: it reads on
		 * where this one stopped, knowing the archive's span from its index */
		if (++steps == 3) {
			other = lslog_cache_read(cache, logpath, dir, 1000004990, 0, 100000);
			assert_int_equal(other->n, 11);
			lslog_rows_free(other);
		}
	}
	assert_true(steps >= 3);
	r = lslog_query_rows(lq);
	assert_int_equal(r->n, 5001);
	assert_string_equal(r->v[0]->message, "[1000100000] now");
	assert_string_equal(r->v[1]->message, "[1000004999] line 004999");
	assert_string_equal(r->v[5000]->message, "[1000000000] line 000000");
	assert_int_equal(r->v[5000]->lineno, 1);
	lslog_query_free(lq);
	lslog_cache_info(cache, &info);
	assert_int_equal(info.loads, 1);
	assert_int_equal(info.bytes, 5000 * 25 + 17);
	cache_teardown(names);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_states_alerts),
		cmocka_unit_test(t_notifications_commands),
		cmocka_unit_test(t_files),
		cmocka_unit_test(t_cache_hits_append),
		cmocka_unit_test(t_cache_rotation),
		cmocka_unit_test(t_cache_skip),
		cmocka_unit_test(t_cache_evict),
		cmocka_unit_test(t_cache_steps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

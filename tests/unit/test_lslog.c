/*
 * test_lslog: log lines taken apart as the Livestatus log table shows
 * them (every kind of line: states, alerts, downtime, flapping and
 * acknowledgement alerts, notifications in both field orders, passive
 * checks, external commands naming a host or a service, program and info
 * lines, a time period transition, lines that are no entry), and the
 * files read for a query: archives and the current log newest first,
 * only those the time bounds reach, the limit on entries.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void
put(const char *name, const char *text)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
t_files(void **state)
{
	char log[128];
	struct lslog_rows *r;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_lslog.XXXXXX");
	assert_non_null(mkdtemp(dir));
	put("nagios-01-01-2024-00.log", "[1000000100] a1\n[1000000150] a2\n");
	put("nagios-01-02-2024-00.log", "[1000000200] b1\n[1000000250] b2\n");
	put("nagios.log", "[1000000300] c1\n[1000000350] c2\ngarbage\n");
	snprintf(log, sizeof(log), "%s/nagios.log", dir);
	r = lslog_read(log, dir, 0, 0, 100);
	assert_int_equal(r->n, 6);
	assert_string_equal(r->v[0].message, "[1000000350] c2");
	assert_string_equal(r->v[5].message, "[1000000100] a1");
	assert_int_equal(r->v[0].lineno, 2);
	lslog_rows_free(r);
	/* [..210, ..320]: the first archive is not read */
	r = lslog_read(log, dir, 1000000210, 1000000320, 100);
	assert_int_equal(r->n, 2);
	assert_string_equal(r->v[0].message, "[1000000300] c1");
	assert_string_equal(r->v[1].message, "[1000000250] b2");
	lslog_rows_free(r);
	r = lslog_read(log, dir, 0, 0, 3);
	assert_int_equal(r->n, 3);
	assert_string_equal(r->v[2].message, "[1000000250] b2");
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_states_alerts),
		cmocka_unit_test(t_notifications_commands),
		cmocka_unit_test(t_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_lsrun: answering GET requests over the table of ls_fx.h.  Every
 * column with the header row; chosen columns; filters; a table whose rows
 * are made in steps (prepare); Limit and Offset,
 * plain, sorted and with wrapped_json's total_count; Sort with the
 * natural order breaking ties; Stats counts and aggregates (integer,
 * float, perf_data, a string column counting rows), with no rows, and
 * grouped (keys as strings, groups in their first row's order, a list
 * column grouping as "invalid"); AuthUser; the time and size limits; and
 * the same answer whatever the slice size.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsrun.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"
#include "tests/unit/ls_fx.h"

/* when set, the table a request is run over instead of the one it names */
static const struct ls_table *table_override;

struct answer {
	int code;
	char *body; /* or the error message */
};

/* run text (lines joined by newlines) in slices of budget rows */
static struct answer
run_opts(const char *text, int auth, const char *contact, size_t max, size_t budget)
{
	char *copy = xstrdup(text), *cur = copy, *lines[64];
	struct ls_ctx x = { .scratch = arena_new(), .now = 1700001000 };
	struct mbuf out = { 0 };
	struct answer a;
	struct lsrun *r;
	struct lsq q;
	size_t n = 0;

	while (n < 64 && cur != NULL)
		lines[n++] = strsep(&cur, "\n");
	lsq_parse(&q, fx_tables, FX_NTABLES, lines, n, 1700001000);
	assert_int_equal(q.code, 200);
	if (table_override != NULL)
		q.table = table_override;
	r = lsrun_new(&q, &x, &out, auth, contact, max);
	while (!lsrun_step(r, budget))
		;
	a.code = lsrun_code(r);
	if (a.code == 200) {
		mbuf_add(&out, "", 0);
		a.body = out.p;
	} else {
		a.body = xstrdup(lsrun_msg(r));
		mbuf_free(&out);
	}
	lsrun_free(r);
	lsq_clear(&q);
	arena_free(x.scratch);
	free(copy);
	return a;
}

/* the answer must be want, in slices of 1000 rows and of 1 */
static void
expect(const char *text, const char *want)
{
	struct answer a = run_opts(text, 0, NULL, 0, 1000), b = run_opts(text, 0, NULL, 0, 1);

	assert_int_equal(a.code, 200);
	assert_string_equal(a.body, want);
	assert_int_equal(b.code, 200);
	assert_string_equal(b.body, want);
	free(a.body);
	free(b.body);
}

static void
t_all_columns(void **state)
{
	struct answer a = run_opts("GET hosts\nLimit: 1", 0, NULL, 0, 100);

	(void)state;
	assert_int_equal(a.code, 200);
	assert_string_equal(a.body,
	    "contact;custom_variables;groups;last_check;latency;name;perf_data;state\n"
	    "alice;OWNER|ops;web,prod;1700000100;5.0000000000e-01;web2;rta=1.5ms pl=0%;0\n");
	free(a.body);
}

static void
t_columns(void **state)
{
	(void)state;
	expect("GET hosts\nColumns: name state nosuch\nOutputFormat: json",
	    "[[\"web2\",0,\"\"],\n[\"db1\",2,\"\"],\n[\"web1\",0,\"\"],\n[\"mail\",1,\"\"],\n"
	    "[\"dns\",2,\"\"]]\n");
	expect("GET hosts\nColumns: host_name groups\nColumnHeaders: on\nFilter: state = 0",
	    "name;groups\nweb2;web,prod\nweb1;web\n");
	expect("GET hosts\nColumns: name custom_variables\nOutputFormat: json\n"
	       "Filter: custom_variables = OWNER dba",
	    "[[\"db1\",{\"OWNER\":\"dba\"}]]\n");
	expect("GET hosts\nColumns: name last_check\nFilter: groups >= prod\nFilter: state = 2\n"
	       "Or: 1\nSeparators: 1 2 3 4",
	    "db1\0021700000200\001dns\0021700000500\001");
	expect("GET commands\nOutputFormat: json", "[[\"name\"]]\n");
}

/* ---- a table made in steps: its rows are fx's once prepare was called 3 times ---- */

static int prep_calls;
static size_t prep_budget;

static void *
prep_open(const struct ls_ctx *x, const struct lsf *filter)
{
	(void)x;
	(void)filter;
	prep_calls = 0;
	return &prep_calls;
}

static int
prep_step(const struct ls_ctx *x, size_t budget)
{
	assert_ptr_equal(x->rows, &prep_calls);
	prep_budget = budget;
	return ++prep_calls == 3;
}

static size_t
prep_nrows(const struct ls_ctx *x)
{
	/* asked only once the rows are made */
	assert_int_equal(*(int *)x->rows, 3);
	return FX_NHOSTS;
}

static void
prep_close(void *rows)
{
	assert_ptr_equal(rows, &prep_calls);
	prep_calls = -1;
}

static void
t_prepare(void **state)
{
	struct ls_table t = fx_table;

	(void)state;
	t.open = prep_open;
	t.prepare = prep_step;
	t.close = prep_close;
	t.nrows = prep_nrows;
	table_override = &t;
	expect("GET hosts\nColumns: name\nLimit: 2", "web2\ndb1\n");
	assert_int_equal(prep_calls, -1);
	assert_int_equal(prep_budget, 1);
	/* Timelimit ends it before the rows are made, too */
	{
		struct answer a;

		prep_budget = 0;
		a = run_opts("GET hosts\nColumns: name\nTimelimit: 0", 0, NULL, 0, 1);
		assert_int_equal(a.code, 413);
		assert_string_equal(a.body, "Maximum query time of 0 seconds exceeded!");
		assert_int_equal(prep_budget, 0); /* no step of it was taken */
		assert_int_equal(prep_calls, -1); /* and it was closed */
		free(a.body);
	}
	table_override = NULL;
}

static void
t_limit_offset(void **state)
{
	(void)state;
	expect("GET hosts\nColumns: name\nLimit: 2\nOffset: 1", "db1\nweb1\n");
	expect("GET hosts\nColumns: name\nLimit: 0", "");
	expect("GET hosts\nColumns: name\nOffset: 4", "dns\n");
	/* wrapped_json counts every matching row */
	expect("GET hosts\nColumns: name\nLimit: 1\nOutputFormat: wrapped_json\nColumnHeaders: on",
	    "{\"columns\":[\"name\"],\"data\":[[\"web2\"]],\"total_count\":5}\n");
	expect("GET hosts\nColumns: name\nSort: name\nLimit: 2\nOffset: 1\n"
	       "OutputFormat: wrapped_json",
	    "{\"data\":[[\"dns\"],\n[\"mail\"]],\"total_count\":5}\n");
}

static void
t_sort(void **state)
{
	(void)state;
	/* ties in state fall back to the natural order (name) */
	expect("GET hosts\nColumns: name state\nSort: state desc",
	    "db1;2\ndns;2\nmail;1\nweb1;0\nweb2;0\n");
	expect("GET hosts\nColumns: name\nSort: latency asc\nLimit: 2", "dns\nweb1\n");
	expect("GET hosts\nColumns: name\nSort: last_check desc\nOffset: 3\nOutputFormat: json",
	    "[[\"db1\"],\n[\"web2\"]]\n");
	/* an offset without a limit skips, and the rest follows */
	expect("GET hosts\nColumns: name\nSort: name\nOffset: 1", "dns\nmail\nweb1\nweb2\n");
}

static void
t_stats(void **state)
{
	(void)state;
	expect("GET hosts\nStats: state = 0\nStats: state = 2\nStats: sum latency\n"
	       "Stats: avg state\nStats: max last_check\nStats: sum name\nStats: min state\n"
	       "Stats: std state\nOutputFormat: json",
	    "[[2,2,4.0000000000e+00,1.0000000000e+00,1700000500,5,0,1.0000000000e+00]]\n");
	/* std of 0 2 0 1 2: sample deviation of mean 1 is 1 */
	expect("GET hosts\nStats: suminv state\nStats: avginv latency\nStats: min latency",
	    "2;1.4600000000e+00;0.0000000000e+00\n");
	/* no rows: one row all the same */
	expect("GET hosts\nFilter: state = 9\nStats: state = 0\nStats: avg latency\n"
	       "Stats: avg state\nStats: max state\nOutputFormat: json",
	    "[[0,0.0000000000e+00,0.0000000000e+00,0]]\n");
	expect("GET hosts\nStats: sum perf_data\nStats: max perf_data\nOutputFormat: json",
	    "[[\"pl=20.00000000 rta=8.00000000\",\"pl=20.00000000 rta=3.50000000\"]]\n");
	/* no performance data at all: an empty string */
	expect("GET hosts\nFilter: name = mail\nStats: sum perf_data\nOutputFormat: json",
	    "[[\"\"]]\n");
	expect("GET hosts\nStats: state = 1\nStats: state = 2\nStatsOr: 2\nStats: state = 0\n"
	       "StatsNegate:\nColumnHeaders: on",
	    "stats_1;stats_2\n3;3\n");
}

static void
t_grouped(void **state)
{
	(void)state;
	/* groups in the order of their first rows' names: db1 (2), mail (1), web2 (0) */
	expect("GET hosts\nColumns: state\nStats: state >= 0\nStats: avg latency\n"
	       "OutputFormat: json",
	    "[[\"2\",2,6.2500000000e-01],\n[\"1\",1,2.0000000000e+00],\n"
	    "[\"0\",2,3.7500000000e-01]]\n");
	expect("GET hosts\nColumns: state\nStats: state >= 0\nSort: state asc\nLimit: 2\n"
	       "ColumnHeaders: on",
	    "state;stats_1\n0;2\n1;1\n");
	expect("GET hosts\nColumns: groups\nStats: state >= 0", "invalid;5\n");
	expect("GET hosts\nColumns: state\nStats: state >= 0\nFilter: state = 9\n"
	       "OutputFormat: json",
	    "[]\n");
	expect("GET hosts\nColumns: contact state\nStats: sum latency\nSort: contact desc",
	    "carol;2;0.0000000000e+00\nbob;2;1.2500000000e+00\nbob;1;2.0000000000e+00\n"
	    "alice;0;7.5000000000e-01\n");
	/* group values read back whole: empty, with digits, spaces and '=', a float */
	expect("GET hosts\nColumns: perf_data contact latency\nStats: state >= 0",
	    "rta=3.5ms pl=20%;bob;1.2500000000e+00;1\nrta=2.5ms;carol;0.0000000000e+00;1\n"
	    ";bob;2.0000000000e+00;1\nrta=0.5ms pl=0%;alice;2.5000000000e-01;1\n"
	    "rta=1.5ms pl=0%;alice;5.0000000000e-01;1\n");
}

/* a thousand hosts: h0000..h0999, contact c<i mod 400>, perf_data rta=1ms */
#define MANY 1000
static struct fx_host many[MANY];
static char many_names[MANY][8], many_contacts[MANY][8];

static size_t
many_nrows(const struct ls_ctx *x)
{
	(void)x;
	return MANY;
}

static const void *
many_row(const struct ls_ctx *x, size_t i)
{
	(void)x;
	return i < MANY ? &many[i] : NULL;
}

/* more groups than the group table first holds: it grows, and every group stays found */
static void
t_grouped_many(void **state)
{
	struct ls_table t = fx_table;
	struct mbuf want = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < MANY; i++) {
		snprintf(many_names[i], sizeof(many_names[i]), "h%04zu", i);
		snprintf(many_contacts[i], sizeof(many_contacts[i]), "c%zu", i % 400);
		many[i] = fx_hosts[0];
		many[i].name = many_names[i];
		many[i].contact = many_contacts[i];
		many[i].state = (long long)(i % 3);
		many[i].perf = "rta=1ms";
	}
	/* groups in the order of their first rows: c0 (h0000) .. c399 (h0399); 3 rows each
	 * below c200, 2 from it */
	for (i = 0; i < 400; i++)
		mbuf_addf(&want, "c%zu;%d;rta=%d.00000000\n", i, i < 200 ? 3 : 2, i < 200 ? 3 : 2);
	t.nrows = many_nrows;
	t.row = many_row;
	table_override = &t;
	expect("GET hosts\nColumns: contact\nStats: state >= 0\nStats: sum perf_data", want.p);
	/* two columns, one an integer: each row a group of its own */
	want.len = 0;
	for (i = 0; i < MANY; i++)
		mbuf_addf(&want, "c%zu;%zu;1\n", i % 400, i % 3);
	expect("GET hosts\nColumns: contact state\nStats: state >= 0", want.p);
	table_override = NULL;
	mbuf_free(&want);
}

static void
t_auth(void **state)
{
	struct answer a;

	(void)state;
	a = run_opts("GET hosts\nColumns: name", 1, "alice", 0, 100);
	assert_string_equal(a.body, "web2\nweb1\n");
	free(a.body);
	a = run_opts("GET hosts\nStats: state >= 0", 1, "bob", 0, 100);
	assert_string_equal(a.body, "2\n");
	free(a.body);
	/* an unknown contact sees nothing; a table without visible() is not filtered */
	a = run_opts("GET hosts\nColumns: name", 1, NULL, 0, 100);
	assert_string_equal(a.body, "");
	free(a.body);
}

static void
t_limits(void **state)
{
	struct answer a;

	(void)state;
	a = run_opts("GET hosts\nColumns: name\nTimelimit: 0", 0, NULL, 0, 100);
	assert_int_equal(a.code, 413);
	assert_string_equal(a.body, "Maximum query time of 0 seconds exceeded!");
	free(a.body);
	/* a limit beyond any clock (now + it would overflow) is no limit */
	a = run_opts("GET hosts\nColumns: name\nTimelimit: 99999999999999999999", 0, NULL, 0, 100);
	assert_int_equal(a.code, 200);
	free(a.body);
	/* no matching row: the limit is never met */
	a = run_opts("GET hosts\nColumns: name\nTimelimit: 0\nFilter: state = 9", 0, NULL, 0, 100);
	assert_int_equal(a.code, 200);
	free(a.body);
	a = run_opts("GET hosts\nColumns: name", 0, NULL, 10, 100);
	assert_int_equal(a.code, 413);
	assert_string_equal(a.body, "Maximum response size of 10 reached");
	free(a.body);
	a = run_opts("GET hosts\nColumns: name\nSort: name", 0, NULL, 10, 1);
	assert_int_equal(a.code, 413);
	free(a.body);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_all_columns),
		cmocka_unit_test(t_columns),
		cmocka_unit_test(t_prepare),
		cmocka_unit_test(t_limit_offset),
		cmocka_unit_test(t_sort),
		cmocka_unit_test(t_stats),
		cmocka_unit_test(t_grouped),
		cmocka_unit_test(t_grouped_many),
		cmocka_unit_test(t_auth),
		cmocka_unit_test(t_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

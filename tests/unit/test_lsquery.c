/*
 * test_lsquery: parsing Livestatus requests.  The first line (GET with a
 * known, unknown or missing table, COMMAND with its escapes, LOGROTATE,
 * anything else), every header and its error texts, the filter and
 * stats stacks (And, Or, Negate, StatsAnd, StatsOr, StatsNegate), the
 * column header rules, Separators with numbers left out, Localtime's
 * rounding, and the first error winning while ResponseHeader and
 * KeepAlive are still read.  Runs over the table of ls_fx.h.
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

#include "compat/livestatus/lsfilter.h"
#include "compat/livestatus/lsquery.h"
#include "engine/util/xalloc.h"
#include "tests/unit/ls_fx.h"

#define NOW 1700000000

/* parse text (lines joined by newlines) into q */
static void
parse(struct lsq *q, const char *text)
{
	char *copy = xstrdup(text), *cur = copy, *lines[64];
	size_t n = 0;

	while (n < 64 && cur != NULL)
		lines[n++] = strsep(&cur, "\n");
	lsq_parse(q, fx_tables, FX_NTABLES, lines, n, NOW);
	free(copy);
}

/* the code and message text parsing gives */
static void
expect_error(const char *text, int code, const char *msg)
{
	struct lsq q;

	parse(&q, text);
	assert_int_equal(q.code, code);
	assert_non_null(q.msg);
	assert_string_equal(q.msg, msg);
	lsq_clear(&q);
}

static void
expect_ok(const char *text)
{
	struct lsq q;

	parse(&q, text);
	if (q.code != 200)
		fail_msg("%s: %d %s", text, q.code, q.msg);
	lsq_clear(&q);
}

static void
t_first_line(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts");
	assert_int_equal(q.kind, LSQ_GET);
	assert_ptr_equal(q.table, &fx_table);
	assert_int_equal(q.code, 200);
	assert_int_equal(q.limit, -1);
	assert_int_equal(q.fmt, LSO_CSV);
	assert_memory_equal(q.sep, "\n;,|", 4);
	/* neither Columns nor Stats: every column, with the header row */
	assert_int_equal(q.col_headers, 1);
	lsq_clear(&q);
	parse(&q, "GET    commands");
	assert_ptr_equal(q.table, &fx_empty);
	lsq_clear(&q);
	expect_error("GET", 452, "Invalid GET request, missing tablename");
	expect_error("GET nosuch", 404, "Invalid GET request, no such table 'nosuch'");
	expect_error("GET hosts foo", 404, "Invalid GET request, no such table 'hosts foo'");
	expect_error("get hosts", 452, "Invalid request method");
	expect_error(" GET hosts", 452, "Invalid request method");
	expect_error("Columns: name", 452, "Invalid request method");
	/* headers are read after a GET without its table, not after an unknown method */
	parse(&q, "GET\nResponseHeader: fixed16");
	assert_int_equal(q.code, 452);
	assert_int_equal(q.fixed16, 1);
	lsq_clear(&q);
	parse(&q, "get hosts\nResponseHeader: fixed16");
	assert_int_equal(q.code, 452);
	assert_int_equal(q.fixed16, 0);
	lsq_clear(&q);
}

static void
t_command(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "COMMAND   [1700000000] ADD_HOST_COMMENT;a\\nb;c\\\\d\\;e");
	assert_int_equal(q.kind, LSQ_COMMAND);
	assert_int_equal(q.code, 200);
	assert_string_equal(q.command, "[1700000000] ADD_HOST_COMMENT;a\nb;c\\d;e");
	lsq_clear(&q);
	/* a command reads no headers */
	parse(&q, "COMMAND [1] X\nBogus: 1");
	assert_int_equal(q.code, 200);
	lsq_clear(&q);
	parse(&q, "LOGROTATE");
	assert_int_equal(q.kind, LSQ_LOGROTATE);
	lsq_clear(&q);
}

static void
t_unknown_table_keeps_form(void **state)
{
	struct lsq q;

	(void)state;
	/* the table's headers are skipped, the answer's form is still read */
	parse(&q, "GET nosuch\nFilter: name = x\nColumns: a b\nResponseHeader: fixed16\n"
		  "KeepAlive: on\nOutputFormat: json");
	assert_int_equal(q.code, 404);
	assert_int_equal(q.fixed16, 1);
	assert_int_equal(q.keepalive, 1);
	assert_int_equal(q.fmt, LSO_JSON);
	assert_int_equal(q.ncols, 0);
	lsq_clear(&q);
}

static void
t_unknown_header(void **state)
{
	struct lsq q;

	(void)state;
	expect_error("GET hosts\nBogus: 1", 400, "Undefined request header 'Bogus: 1'");
	expect_error("GET hosts\ncolumns: name", 400, "Undefined request header 'columns: name'");
	expect_error("GET hosts\nColumns : name", 400, "Undefined request header 'Columns : name'");
	/* the first error wins; a later ResponseHeader still counts */
	parse(&q, "GET hosts\nBogus: 1\nLimit: x\nResponseHeader: fixed16");
	assert_int_equal(q.code, 400);
	assert_string_equal(q.msg, "Undefined request header 'Bogus: 1'");
	assert_int_equal(q.fixed16, 1);
	lsq_clear(&q);
}

static void
t_columns(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nColumns: name  host_state\tnosuch\nColumns:last_check");
	assert_int_equal(q.code, 200);
	assert_int_equal(q.ncols, 4);
	assert_string_equal(q.cols[0].name, "name");
	/* the header row shows the column's own name */
	assert_string_equal(q.cols[1].name, "state");
	assert_ptr_equal(q.cols[1].col, &fx_cols[7]);
	assert_null(q.cols[2].col);
	assert_string_equal(q.cols[2].name, "nosuch");
	assert_string_equal(q.cols[3].name, "last_check");
	assert_int_equal(q.col_headers, 0);
	lsq_clear(&q);
	parse(&q, "GET hosts\nStatsGroupBy: name");
	assert_int_equal(q.ncols, 1);
	lsq_clear(&q);
}

static void
t_column_headers(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nColumnHeaders: on\nColumns: name");
	assert_int_equal(q.col_headers, 0); /* Columns after it turned it off */
	lsq_clear(&q);
	parse(&q, "GET hosts\nColumns: name\nColumnHeaders: on");
	assert_int_equal(q.col_headers, 1);
	lsq_clear(&q);
	parse(&q, "GET hosts\nColumns: name\nColumnHeaders: on\nStats: state = 0");
	assert_int_equal(q.col_headers, 0);
	lsq_clear(&q);
	parse(&q, "GET hosts\nColumnHeaders: off");
	assert_int_equal(q.col_headers, 1); /* all columns: always */
	lsq_clear(&q);
	expect_error("GET hosts\nColumnHeaders:", 400,
	    "Missing value for ColumnHeaders: must be 'on' or 'off'");
	expect_error("GET hosts\nColumnHeaders: On", 400,
	    "Invalid value for ColumnHeaders: must be 'on' or 'off'");
}

static void
t_filters(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nFilter: state = 0\nFilter: name ~ web\nFilter: state = 2\nOr: 2");
	assert_int_equal(q.code, 200);
	assert_non_null(q.filter);
	assert_int_equal(q.nf, 0);
	lsq_clear(&q);
	expect_ok("GET hosts\nFilter: name = a\nFilter: name = b\nAnd: 2x\nNegate:");
	expect_ok("GET hosts\nAnd: 0\nOr: 0\nOr: 2");
	expect_error("GET hosts\nFilter: name = a\nAnd: 3", 400,
	    "error in And header: Cannot combine 3 filters with 'AND': only 1 are on stack");
	expect_error("GET hosts\nOr: 1", 400,
	    "error in Or header: Cannot combine 1 filters with 'OR': only 0 are on stack");
	expect_error("GET hosts\nAnd:", 400, "Missing value for And: need non-zero integer number");
	expect_error("GET hosts\nOr: x", 400,
	    "Invalid value for Or: need non-negative integer number");
	expect_error("GET hosts\nNegate:", 400, "Negate: no Filter: header to negate");
	expect_error("GET hosts\nFilter: name = a\nNegate: 1", 400,
	    "Negate: does not take any arguments");
	/* lsfilter's own messages come through */
	expect_error("GET hosts\nFilter: name == a", 400, "invalid filter operator '=='");
	expect_error("GET hosts\nFilter:", 400, "empty filter line");
}

static void
t_stats(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nStats: state = 0\nStats: sum latency\nStats: avg  nosuch extra\n"
		  "Stats: state = 2");
	assert_int_equal(q.code, 200);
	assert_int_equal(q.nstats, 4);
	assert_int_equal(q.stats[0].agg, LSQ_COUNT);
	assert_non_null(q.stats[0].filter);
	assert_int_equal(q.stats[1].agg, LSQ_SUM);
	assert_ptr_equal(q.stats[1].col, &fx_cols[4]);
	assert_int_equal(q.stats[2].agg, LSQ_AVG);
	assert_null(q.stats[2].col);
	assert_int_equal(q.col_headers, 0);
	lsq_clear(&q);
	parse(&q, "GET hosts\nStats: state = 0\nStats: state = 1\nStats: state = 2\nStatsOr: 2\n"
		  "StatsNegate:\nStatsAnd: 0");
	assert_int_equal(q.code, 200);
	assert_int_equal(q.nstats, 3);
	lsq_clear(&q);
	expect_error("GET hosts\nStats: sum", 400, "missing column name in stats header");
	expect_error("GET hosts\nStats: state", 400,
	    "invalid stats header: missing operator after table 'state'");
	expect_error("GET hosts\nStats: state = 0\nStatsAnd: 2", 400,
	    "Invalid count for StatsAnd: too few Stats: headers available");
	expect_error("GET hosts\nStats: state = 0\nStatsAnd:", 400,
	    "Missing value for StatsAnd: need non-zero integer number");
	expect_error("GET hosts\nStats: state = 0\nStatsOr: -1", 400,
	    "Invalid value for StatsOr: need non-negative integer number");
	expect_error("GET hosts\nStats: state = 0\nStats: max state\nStatsOr: 2", 400,
	    "Can use StatsOr only on Stats: headers of filter type");
	expect_error("GET hosts\nStatsNegate:", 400, "StatsNegate: no Stats: headers available");
	expect_error("GET hosts\nStats: min state\nStatsNegate:", 400,
	    "Can use StatsNegate only on Stats: headers of filter type");
	expect_error("GET hosts\nStats: state = 1\nStatsNegate: x", 400,
	    "StatsNegate: does not take any arguments");
}

static void
t_numbers(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nLimit: 10x\nOffset: 3\nTimelimit: 0\nWaitTimeout: 2500");
	assert_int_equal(q.code, 200);
	assert_int_equal(q.limit, 10);
	assert_int_equal(q.offset, 3);
	assert_int_equal(q.timelimit, 0);
	assert_int_equal(q.wait_timeout_ms, 2500);
	lsq_clear(&q);
	expect_error("GET hosts\nLimit:", 400, "Header Limit: missing value");
	expect_error("GET hosts\nLimit: -1", 400,
	    "Invalid value for Limit: must be non-negative integer");
	expect_error("GET hosts\nOffset: x", 400,
	    "Invalid value for Offset: must be non-negative integer");
	expect_error("GET hosts\nTimelimit: x", 400,
	    "Invalid value for Timelimit: must be non-negative integer (seconds)");
	expect_error("GET hosts\nWaitTimeout:", 400, "WaitTimeout: missing value");
}

static void
t_format(void **state)
{
	static const struct {
		const char *v;
		enum lso_fmt fmt;
	} ok[] = { { "csv", LSO_CSV }, { "json", LSO_JSON }, { "python", LSO_PYTHON },
		{ "python3", LSO_JSON }, { "wrapped_json", LSO_WRAPPED } };
	char text[64];
	struct lsq q;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		snprintf(text, sizeof(text), "GET hosts\nOutputFormat:%s", ok[i].v);
		parse(&q, text);
		assert_int_equal(q.code, 200);
		assert_int_equal(q.fmt, ok[i].fmt);
		lsq_clear(&q);
	}
	expect_error("GET hosts\nOutputFormat: JSON", 400,
	    "Invalid output format. Only 'csv', 'json' and 'wrapped_json' are available.");
	expect_error("GET hosts\nOutputFormat:", 400,
	    "Missing output format. Only 'csv' and 'json' are available.");
}

static void
t_separators(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nSeparators: 1 2 5 6");
	assert_memory_equal(q.sep, "\001\002\005\006", 4);
	lsq_clear(&q);
	/* a number left out is a NUL byte, not the default */
	parse(&q, "GET hosts\nSeparators: 10 59");
	assert_memory_equal(q.sep, "\n;\0\0", 4);
	lsq_clear(&q);
}

static void
t_response_keepalive(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nResponseHeader: fixed16\nKeepAlive: on");
	assert_int_equal(q.fixed16, 1);
	assert_int_equal(q.keepalive, 1);
	lsq_clear(&q);
	expect_error("GET hosts\nResponseHeader: http", 400,
	    "Invalid value 'http' for ResponseHeader: must be 'off' or 'fixed16'");
	expect_error("GET hosts\nResponseHeader:", 400,
	    "Missing value for ResponseHeader: must be 'off' or 'fixed16'");
	expect_error("GET hosts\nKeepAlive: yes", 400,
	    "Invalid value for KeepAlive: must be 'on' or 'off'");
}

static void
t_localtime(void **state)
{
	struct lsq q;

	(void)state;
	/* 899 s ahead rounds to nothing, 900 to half an hour, -2 h 20 min to -2 h 30 min */
	parse(&q, "GET hosts\nLocaltime: 1700000899");
	assert_int_equal(q.tzoff, 0);
	lsq_clear(&q);
	parse(&q, "GET hosts\nLocaltime: 1700000900");
	assert_int_equal(q.tzoff, 1800);
	lsq_clear(&q);
	parse(&q, "GET hosts\nLocaltime: 1699991600");
	assert_int_equal(q.tzoff, -9000);
	lsq_clear(&q);
	expect_error("GET hosts\nLocaltime: 1700086400", 400,
	    "Invalid Localtime header: timezone difference greater then 24 hours");
	expect_error("GET hosts\nLocaltime:", 400, "Header Localtime: missing value");
	/* clocks beyond a long, both ways: refused, no overflow (a fuzzer found it) */
	expect_error("GET hosts\nLocaltime: -99999999999999999999999", 400,
	    "Invalid Localtime header: timezone difference greater then 24 hours");
	expect_error("GET hosts\nLocaltime: 99999999999999999999999", 400,
	    "Invalid Localtime header: timezone difference greater then 24 hours");
}

static void
t_sort_auth(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nSort: state DESC\nSort: nosuch\nSort: name\nSort:\n"
		  "AuthUser: Jo Bloggs");
	assert_int_equal(q.code, 200);
	assert_int_equal(q.nsorts, 2);
	assert_int_equal(q.sorts[0].desc, 1);
	assert_int_equal(q.sorts[1].desc, 0);
	assert_string_equal(q.authuser, "Jo Bloggs");
	lsq_clear(&q);
}

static void
t_wait(void **state)
{
	struct lsq q;

	(void)state;
	parse(&q, "GET hosts\nWaitObject: web1\nWaitCondition: state = 0\n"
		  "WaitCondition: state = 1\nWaitConditionOr: 2\nWaitConditionNegate:\n"
		  "WaitTrigger: check\nWaitTimeout: 10");
	assert_int_equal(q.code, 200);
	assert_string_equal(q.wait_object, "web1");
	assert_non_null(q.wait_cond);
	assert_int_equal(q.wait_trigger, LSQ_WAIT_CHECK);
	lsq_clear(&q);
	parse(&q, "GET hosts\nWaitTrigger: all");
	assert_int_equal(q.wait_trigger, LSQ_WAIT_ALL);
	lsq_clear(&q);
	expect_error("GET hosts\nWaitTrigger: soon", 400,
	    "WaitTrigger: invalid trigger 'soon'. Allowed are all, check, state, log, downtime, "
	    "comment, command and program.");
	expect_error("GET hosts\nWaitTrigger:", 400, "WaitTrigger: missing keyword");
	expect_error("GET commands\nWaitObject: x", 400,
	    "WaitObject: object 'x' not found or not supported by this table");
	expect_error("GET hosts\nWaitConditionAnd: 1", 400,
	    "error in WaitConditionAnd header: Cannot combine 1 filters with 'AND': only 0 are "
	    "on stack");
	expect_error("GET hosts\nWaitConditionNegate:", 400, "Negate: no Wait:-condition negate");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_first_line),
		cmocka_unit_test(t_command),
		cmocka_unit_test(t_unknown_table_keeps_form),
		cmocka_unit_test(t_unknown_header),
		cmocka_unit_test(t_columns),
		cmocka_unit_test(t_column_headers),
		cmocka_unit_test(t_filters),
		cmocka_unit_test(t_stats),
		cmocka_unit_test(t_numbers),
		cmocka_unit_test(t_format),
		cmocka_unit_test(t_separators),
		cmocka_unit_test(t_response_keepalive),
		cmocka_unit_test(t_localtime),
		cmocka_unit_test(t_sort_auth),
		cmocka_unit_test(t_wait),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

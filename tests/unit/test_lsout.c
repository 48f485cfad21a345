/*
 * test_lsout: the Livestatus body writer.  Every format with and without
 * a header row and with no rows at all; JSON string escaping (control
 * characters, quote, backslash, UTF-8 of 2, 3 and 4 bytes, bytes that
 * are not UTF-8); lists of keys, ids and tuples; dicts; NULL strings;
 * floats, non-finite ones in JSON; time values shifted by the offset;
 * CSV with the client's separators; group keys quoted in JSON; the
 * fixed16 header.  Every body is compared byte for byte.  Links
 * compat/livestatus/lsout.c and engine/util/{mbuf,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsout.h"
#include "engine/util/mbuf.h"

static const char *const names[] = { "name", "state" };

/* b holds exactly want (strlen(want) bytes) */
static void
check_body(const struct mbuf *b, const char *want)
{
	assert_non_null(b->p);
	assert_string_equal(b->p, want);
	assert_int_equal(b->len, strlen(want));
}

/* two rows (h1, 0) and (h2, 2), with the header row when hdr is set */
static void
table_body(enum lso_fmt fmt, int hdr, size_t total, const char *want)
{
	struct mbuf b = { 0 };
	struct lso o;
	struct ls_cell c = { .type = LS_STRING, .s = "h1" };

	lso_init(&o, &b);
	o.fmt = fmt;
	lso_begin(&o, hdr ? names : NULL, 2);
	lso_row_begin(&o);
	lso_cell(&o, &c);
	lso_cell_int(&o, 0);
	lso_row_end(&o);
	lso_row_begin(&o);
	c.s = "h2";
	lso_cell(&o, &c);
	c = (struct ls_cell){ .type = LS_INT, .i = 2 };
	lso_cell(&o, &c);
	lso_row_end(&o);
	lso_end(&o, total);
	check_body(&b, want);
	mbuf_free(&b);
}

/* no rows, with or without the header row */
static void
empty_body(enum lso_fmt fmt, int hdr, const char *want)
{
	struct mbuf b = { 0 };
	struct lso o;

	lso_init(&o, &b);
	o.fmt = fmt;
	lso_begin(&o, hdr ? names : NULL, 1);
	lso_end(&o, 0);
	check_body(&b, want);
	mbuf_free(&b);
}

/* a one-row, one-cell body without a header */
static void
cell_body(enum lso_fmt fmt, long tzoff, const struct ls_cell *c, const char *want)
{
	struct mbuf b = { 0 };
	struct lso o;

	lso_init(&o, &b);
	o.fmt = fmt;
	o.tzoff = tzoff;
	lso_begin(&o, NULL, 0);
	lso_row_begin(&o);
	lso_cell(&o, c);
	lso_row_end(&o);
	lso_end(&o, 1);
	check_body(&b, want);
	mbuf_free(&b);
}

static void
str_body(enum lso_fmt fmt, const char *s, const char *want)
{
	struct ls_cell c = { .type = LS_STRING, .s = s };

	cell_body(fmt, 0, &c, want);
}

/* the JSON answer of one string cell, as a heap string */
static char *
json_of(const char *s)
{
	struct mbuf b = { 0 };
	struct lso o;

	lso_init(&o, &b);
	o.fmt = LSO_JSON;
	lso_begin(&o, NULL, 1);
	lso_row_begin(&o);
	lso_cell_str(&o, s);
	lso_row_end(&o);
	lso_end(&o, 1);
	return b.p;
}

static void
t_init(void **state)
{
	struct mbuf b = { 0 };
	struct lso o;

	(void)state;
	memset(&o, 0x55, sizeof(o));
	lso_init(&o, &b);
	assert_int_equal(o.fmt, LSO_CSV);
	assert_memory_equal(o.sep, "\n;,|", 4);
	assert_int_equal(o.tzoff, 0);
	assert_ptr_equal(o.b, &b);
	assert_int_equal(o.rows, 0);
	assert_int_equal(o.cells, 0);
}

static void
t_csv(void **state)
{
	(void)state;
	table_body(LSO_CSV, 1, 2, "name;state\nh1;0\nh2;2\n");
	table_body(LSO_CSV, 0, 2, "h1;0\nh2;2\n");
}

static void
t_json(void **state)
{
	(void)state;
	table_body(LSO_JSON, 1, 2, "[[\"name\",\"state\"],\n[\"h1\",0],\n[\"h2\",2]]\n");
	table_body(LSO_JSON, 0, 2, "[[\"h1\",0],\n[\"h2\",2]]\n");
}

static void
t_python(void **state)
{
	(void)state;
	table_body(LSO_PYTHON, 1, 2, "[[u\"name\",u\"state\"],\n[u\"h1\",0],\n[u\"h2\",2]]\n");
	table_body(LSO_PYTHON, 0, 2, "[[u\"h1\",0],\n[u\"h2\",2]]\n");
}

static void
t_wrapped(void **state)
{
	(void)state;
	/* total_count is the caller's (here as if Limit: 2 cut 3 rows) */
	table_body(LSO_WRAPPED, 1, 3,
	    "{\"columns\":[\"name\",\"state\"],\"data\":[[\"h1\",0],\n[\"h2\",2]],"
	    "\"total_count\":3}\n");
	table_body(LSO_WRAPPED, 0, 2, "{\"data\":[[\"h1\",0],\n[\"h2\",2]],\"total_count\":2}\n");
}

static void
t_empty(void **state)
{
	(void)state;
	empty_body(LSO_CSV, 0, "");
	empty_body(LSO_CSV, 1, "name\n");
	empty_body(LSO_JSON, 0, "[]\n");
	empty_body(LSO_JSON, 1, "[[\"name\"]]\n");
	empty_body(LSO_PYTHON, 0, "[]\n");
	empty_body(LSO_PYTHON, 1, "[[u\"name\"]]\n");
	empty_body(LSO_WRAPPED, 0, "{\"data\":[],\"total_count\":0}\n");
	empty_body(LSO_WRAPPED, 1, "{\"columns\":[\"name\"],\"data\":[],\"total_count\":0}\n");
}

static void
t_escape_ascii(void **state)
{
	(void)state;
	str_body(LSO_JSON, "a\tb\nc\001d\037", "[[\"a\\u0009b\\u000ac\\u0001d\\u001f\"]]\n");
	str_body(LSO_JSON, "say \"hi\" C:\\x", "[[\"say \\\"hi\\\" C:\\\\x\"]]\n");
	/* DEL and the slash stay literal */
	str_body(LSO_JSON, "a/b\177", "[[\"a/b\177\"]]\n");
	str_body(LSO_PYTHON, "q\"\n", "[[u\"q\\\"\\u000a\"]]\n");
	/* CSV writes the bytes as they are */
	str_body(LSO_CSV, "a;b\"\\\t", "a;b\"\\\t\n");
	str_body(LSO_CSV, "\xc3\xa9\xff", "\xc3\xa9\xff\n");
}

static void
t_escape_utf8(void **state)
{
	(void)state;
	/* U+00E9, U+20AC, U+FFFD */
	str_body(LSO_JSON, "caf\xc3\xa9 \xe2\x82\xac\xef\xbf\xbd",
	    "[[\"caf\\u00e9 \\u20ac\\ufffd\"]]\n");
	/* U+1F600 as the pair D83D DE00; U+10FFFF as DBFF DFFF */
	str_body(LSO_JSON, "x\xf0\x9f\x98\x80y", "[[\"x\\ud83d\\ude00y\"]]\n");
	str_body(LSO_JSON, "\xf4\x8f\xbf\xbf", "[[\"\\udbff\\udfff\"]]\n");
	str_body(LSO_PYTHON, "\xc3\xa9", "[[u\"\\u00e9\"]]\n");
	str_body(LSO_WRAPPED, "\xc3\xa9", "{\"data\":[[\"\\u00e9\"]],\"total_count\":1}\n");
}

/* long strings are looked at eight bytes at a time: every byte value, at every place of
 * such a word, is escaped as it is on its own */
static void
t_escape_runs(void **state)
{
	char one[2] = { 0 }, text[24], want[64];
	int b;
	size_t k;

	(void)state;
	for (b = 1; b < 256; b++) {
		char *alone, *got;
		size_t n;

		one[0] = (char)b;
		alone = json_of(one);
		/* "[[\"" escaped "\"]]\n" */
		n = strlen(alone) - 3 - 4;
		for (k = 0; k < 16; k++) {
			memset(text, 'x', k);
			text[k] = (char)b;
			memset(text + k + 1, 'y', 15 - k);
			text[16] = '\0';
			memcpy(want, "[[\"", 3);
			memset(want + 3, 'x', k);
			memcpy(want + 3 + k, alone + 3, n);
			memset(want + 3 + k + n, 'y', 15 - k);
			memcpy(want + 3 + k + n + 15 - k, "\"]]\n", 5);
			got = json_of(text);
			assert_string_equal(got, want);
			free(got);
		}
		free(alone);
	}
	/* a UTF-8 sequence across the end of a word */
	str_body(LSO_JSON, "aaaaaaa\xc3\xa9" "bbbbbbbb", "[[\"aaaaaaa\\u00e9bbbbbbbb\"]]\n");
}

static void
t_escape_invalid(void **state)
{
	(void)state;
	/* not UTF-8: each byte as its Latin-1 character, the text around it kept */
	str_body(LSO_JSON, "a\xffz", "[[\"a\\u00ffz\"]]\n");
	str_body(LSO_JSON, "caf\xe9!", "[[\"caf\\u00e9!\"]]\n");
	/* a stray continuation byte, an overlong '/', an encoded surrogate */
	str_body(LSO_JSON, "\x80", "[[\"\\u0080\"]]\n");
	str_body(LSO_JSON, "\xc0\xaf", "[[\"\\u00c0\\u00af\"]]\n");
	str_body(LSO_JSON, "\xed\xa0\x80", "[[\"\\u00ed\\u00a0\\u0080\"]]\n");
	/* past U+10FFFF */
	str_body(LSO_JSON, "\xf4\x90\x80\x80", "[[\"\\u00f4\\u0090\\u0080\\u0080\"]]\n");
	/* cut short by the end of the string, and by a plain character */
	str_body(LSO_JSON, "x\xe2\x82", "[[\"x\\u00e2\\u0082\"]]\n");
	str_body(LSO_JSON, "\xf0\x9fz", "[[\"\\u00f0\\u009fz\"]]\n");
}

static void
t_null_string(void **state)
{
	struct ls_field f[2] = { { .is_str = 1 }, { .i = 3 } };
	struct ls_elem e = { .key = "svc", .nf = 2, .f = f };
	struct ls_cell c = { .type = LS_LIST, .n = 1, .e = &e };

	(void)state;
	str_body(LSO_CSV, NULL, "\n");
	str_body(LSO_JSON, NULL, "[[\"\"]]\n");
	str_body(LSO_PYTHON, NULL, "[[u\"\"]]\n");
	cell_body(LSO_CSV, 0, &c, "|3\n");
	cell_body(LSO_JSON, 0, &c, "[[[[\"\",3]]]]\n");
}

static void
t_list_keys(void **state)
{
	static const struct ls_elem keys[] = { { .key = "h1" }, { .key = "h 2" } };
	static const struct ls_elem ids[] = {
		{ .key = "12", .num = 1 },
		{ .key = "-7", .num = 1 },
	};
	/* an id that is not a number is quoted rather than breaking the JSON */
	static const struct ls_elem bad[] = { { .key = "x1", .num = 1 }, { .num = 1 } };
	struct ls_cell c = { .type = LS_LIST, .n = 2, .e = keys };

	(void)state;
	cell_body(LSO_CSV, 0, &c, "h1,h 2\n");
	cell_body(LSO_JSON, 0, &c, "[[[\"h1\",\"h 2\"]]]\n");
	cell_body(LSO_PYTHON, 0, &c, "[[[u\"h1\",u\"h 2\"]]]\n");
	c.e = ids;
	cell_body(LSO_CSV, 0, &c, "12,-7\n");
	cell_body(LSO_JSON, 0, &c, "[[[12,-7]]]\n");
	cell_body(LSO_PYTHON, 0, &c, "[[[12,-7]]]\n");
	c.e = bad;
	cell_body(LSO_JSON, 0, &c, "[[[\"x1\",\"\"]]]\n");
	c.n = 0;
	cell_body(LSO_CSV, 0, &c, "\n");
	cell_body(LSO_JSON, 0, &c, "[[[]]]\n");
}

static void
t_list_tuples(void **state)
{
	static const struct ls_field f1[] = {
		{ .s = "svc1", .is_str = 1 },
		{ .i = 0 },
		{ .i = 1 },
	};
	static const struct ls_field f2[] = {
		{ .s = "svc2", .is_str = 1 },
		{ .i = 2 },
		{ .i = 1 },
	};
	static const struct ls_elem e[] = {
		{ .key = "svc1", .nf = 3, .f = f1 },
		{ .key = "svc2", .nf = 3, .f = f2 },
	};
	struct ls_cell c = { .type = LS_LIST, .n = 2, .e = e };

	(void)state;
	cell_body(LSO_CSV, 0, &c, "svc1|0|1,svc2|2|1\n");
	cell_body(LSO_JSON, 0, &c, "[[[[\"svc1\",0,1],[\"svc2\",2,1]]]]\n");
	cell_body(LSO_PYTHON, 0, &c, "[[[[u\"svc1\",0,1],[u\"svc2\",2,1]]]]\n");
}

static void
t_dict(void **state)
{
	static const struct ls_field v[] = {
		{ .s = "alice", .is_str = 1 },
		{ .s = "a\"b", .is_str = 1 },
	};
	static const struct ls_elem e[] = {
		{ .key = "OWNER", .nf = 1, .f = &v[0] },
		{ .key = "NOTE", .nf = 1, .f = &v[1] },
		{ .key = "EMPTY" },
	};
	struct ls_cell c = { .type = LS_DICT, .n = 3, .e = e };

	(void)state;
	cell_body(LSO_CSV, 0, &c, "OWNER|alice,NOTE|a\"b,EMPTY|\n");
	cell_body(LSO_JSON, 0, &c,
	    "[[{\"OWNER\":\"alice\",\"NOTE\":\"a\\\"b\",\"EMPTY\":\"\"}]]\n");
	cell_body(LSO_PYTHON, 0, &c,
	    "[[{u\"OWNER\":u\"alice\",u\"NOTE\":u\"a\\\"b\",u\"EMPTY\":u\"\"}]]\n");
	c.n = 0;
	cell_body(LSO_CSV, 0, &c, "\n");
	cell_body(LSO_JSON, 0, &c, "[[{}]]\n");
}

static void
t_float(void **state)
{
	struct ls_cell c = { .type = LS_FLOAT };
	struct mbuf b = { 0 };
	struct lso o;

	(void)state;
	cell_body(LSO_CSV, 0, &c, "0.0000000000e+00\n");
	c.d = 0.5;
	cell_body(LSO_JSON, 0, &c, "[[5.0000000000e-01]]\n");
	c.d = 1234.5678;
	cell_body(LSO_CSV, 0, &c, "1.2345678000e+03\n");
	c.d = -1.5e-300;
	cell_body(LSO_JSON, 0, &c, "[[-1.5000000000e-300]]\n");
	/* JSON has no nan or inf; CSV keeps what printf writes */
	c.d = NAN;
	cell_body(LSO_JSON, 0, &c, "[[0.0000000000e+00]]\n");
	c.d = -INFINITY;
	cell_body(LSO_PYTHON, 0, &c, "[[0.0000000000e+00]]\n");
	cell_body(LSO_CSV, 0, &c, "-inf\n");

	lso_init(&o, &b);
	o.fmt = LSO_JSON;
	lso_begin(&o, NULL, 0);
	lso_row_begin(&o);
	lso_cell_float(&o, 2.0);
	lso_cell_float(&o, INFINITY);
	lso_row_end(&o);
	lso_end(&o, 1);
	check_body(&b, "[[2.0000000000e+00,0.0000000000e+00]]\n");
	mbuf_free(&b);
}

static void
t_time(void **state)
{
	struct ls_cell c = { .type = LS_TIME, .i = 1700000000 };

	(void)state;
	cell_body(LSO_CSV, 0, &c, "1700000000\n");
	cell_body(LSO_CSV, 3600, &c, "1700003600\n");
	cell_body(LSO_JSON, -1800, &c, "[[1699998200]]\n");
	/* a plain int is not a time */
	c.type = LS_INT;
	cell_body(LSO_JSON, 3600, &c, "[[1700000000]]\n");
	c = (struct ls_cell){ .type = LS_INT, .i = -9000000000LL };
	cell_body(LSO_CSV, 0, &c, "-9000000000\n");
}

/* the times inside a tuple (comments_with_info) shift too, its other numbers not */
static void
t_time_in_tuple(void **state)
{
	static const struct ls_field f[] = { { .i = 7 }, { .i = 1700000000, .is_time = 1 } };
	static const struct ls_elem e[] = { { .key = "7", .nf = 2, .f = f } };
	struct ls_cell c = { .type = LS_LIST, .n = 1, .e = e };

	(void)state;
	cell_body(LSO_JSON, 1800, &c, "[[[[7,1700001800]]]]\n");
	cell_body(LSO_CSV, -1800, &c, "7|1699998200\n");
}

/* a tuple of no fields (a time period's day without ranges) is an empty list */
static void
t_empty_tuple(void **state)
{
	static const struct ls_field none[1];
	static const struct ls_field f[] = { { .i = 0 }, { .i = 86400 } };
	static const struct ls_elem e[] = { { .key = "", .nf = 0, .f = none },
		{ .key = "", .nf = 2, .f = f } };
	struct ls_cell c = { .type = LS_LIST, .n = 2, .e = e };

	(void)state;
	cell_body(LSO_JSON, 0, &c, "[[[[],[0,86400]]]]\n");
	cell_body(LSO_CSV, 0, &c, ",0|86400\n");
}

/* modified_attributes_list: CSV joins the names with the sub-list separator, JSON as ever */
static void
t_subsep_list(void **state)
{
	static const struct ls_elem e[] = { { .key = "notifications_enabled" },
		{ .key = "check_command" } };
	struct ls_cell c = { .type = LS_LIST, .n = 2, .e = e, .subsep = 1 };

	(void)state;
	cell_body(LSO_CSV, 0, &c, "notifications_enabled|check_command\n");
	cell_body(LSO_JSON, 0, &c, "[[[\"notifications_enabled\",\"check_command\"]]]\n");
}

static void
t_csv_separators(void **state)
{
	static const struct ls_field f[] = { { .s = "svc", .is_str = 1 }, { .i = 2 } };
	static const struct ls_elem tup[] = { { .key = "svc", .nf = 2, .f = f }, { .key = "h" } };
	static const struct ls_elem var[] = { { .key = "K", .nf = 1, .f = f } };
	static const char *const hdr[] = { "a", "b", "c" };
	static const char want[] = "a\002b\002c\001svc\0062\005h\002K\006svc\002x\001";
	struct ls_cell list = { .type = LS_LIST, .n = 2, .e = tup };
	struct ls_cell dict = { .type = LS_DICT, .n = 1, .e = var };
	struct mbuf b = { 0 };
	struct lso o;

	(void)state;
	lso_init(&o, &b);
	memcpy(o.sep, "\001\002\005\006", 4);
	lso_begin(&o, hdr, 3);
	lso_row_begin(&o);
	lso_cell(&o, &list);
	lso_cell(&o, &dict);
	lso_cell_str(&o, "x");
	lso_row_end(&o);
	lso_end(&o, 1);
	check_body(&b, want);
	mbuf_free(&b);

	/* a separator missing from the Separators line is a NUL byte, written as such */
	lso_init(&o, &b);
	o.sep[LSO_SEP_ROW] = '\0';
	lso_begin(&o, NULL, 0);
	lso_row_begin(&o);
	lso_cell_str(&o, "x");
	lso_cell_int(&o, 1);
	lso_row_end(&o);
	lso_end(&o, 1);
	assert_int_equal(b.len, 4);
	assert_memory_equal(b.p, "x;1\0", 5);
	mbuf_free(&b);
}

static void
t_group_keys(void **state)
{
	struct mbuf b = { 0 };
	struct lso o;
	enum lso_fmt fmt[] = { LSO_CSV, LSO_JSON, LSO_PYTHON };
	const char *want[] = { "0;5\n2;1\n", "[[\"0\",5],\n[\"2\",1]]\n",
		"[[u\"0\",5],\n[u\"2\",1]]\n" };
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++) {
		lso_init(&o, &b);
		o.fmt = fmt[i];
		lso_begin(&o, NULL, 0);
		lso_row_begin(&o);
		lso_cell_str(&o, "0");
		lso_cell_int(&o, 5);
		lso_row_end(&o);
		lso_row_begin(&o);
		lso_cell_str(&o, "2");
		lso_cell_int(&o, 1);
		lso_row_end(&o);
		lso_end(&o, 2);
		check_body(&b, want[i]);
		mbuf_free(&b);
	}
}

static void
t_fixed16(void **state)
{
	char out[17];

	(void)state;
	memset(out, 'z', sizeof(out));
	lso_fixed16(out, 200, 0);
	assert_memory_equal(out, "200           0\n", 17);
	lso_fixed16(out, 404, 41);
	assert_memory_equal(out, "404          41\n", 17);
	lso_fixed16(out, 413, 99999999999);
	assert_memory_equal(out, "413 99999999999\n", 17);
}

/* rows printed apart (each as the first row of its own body) and put together */
static void
raw_body(enum lso_fmt fmt, const char *want)
{
	struct mbuf b = { 0 }, r1 = { 0 }, r2 = { 0 };
	struct lso o, p;

	lso_init(&p, &r1);
	p.fmt = fmt;
	lso_row_begin(&p);
	lso_cell_str(&p, "b");
	lso_cell_int(&p, 2);
	lso_row_end(&p);
	p.b = &r2;
	p.rows = 0;
	lso_row_begin(&p);
	lso_cell_str(&p, "a");
	lso_cell_int(&p, 1);
	lso_row_end(&p);
	lso_init(&o, &b);
	o.fmt = fmt;
	lso_begin(&o, names, 2);
	lso_row_raw(&o, r2.p, r2.len);
	lso_row_raw(&o, r1.p, r1.len);
	lso_end(&o, 2);
	check_body(&b, want);
	mbuf_free(&b);
	mbuf_free(&r1);
	mbuf_free(&r2);
}

static void
t_row_raw(void **state)
{
	(void)state;
	raw_body(LSO_CSV, "name;state\na;1\nb;2\n");
	raw_body(LSO_JSON, "[[\"name\",\"state\"],\n[\"a\",1],\n[\"b\",2]]\n");
	raw_body(LSO_WRAPPED, "{\"columns\":[\"name\",\"state\"],\"data\":[[\"a\",1],\n"
	    "[\"b\",2]],\"total_count\":2}\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_init),
		cmocka_unit_test(t_csv),
		cmocka_unit_test(t_json),
		cmocka_unit_test(t_python),
		cmocka_unit_test(t_wrapped),
		cmocka_unit_test(t_empty),
		cmocka_unit_test(t_escape_ascii),
		cmocka_unit_test(t_escape_utf8),
		cmocka_unit_test(t_escape_invalid),
		cmocka_unit_test(t_escape_runs),
		cmocka_unit_test(t_null_string),
		cmocka_unit_test(t_list_keys),
		cmocka_unit_test(t_list_tuples),
		cmocka_unit_test(t_dict),
		cmocka_unit_test(t_float),
		cmocka_unit_test(t_time),
		cmocka_unit_test(t_time_in_tuple),
		cmocka_unit_test(t_empty_tuple),
		cmocka_unit_test(t_subsep_list),
		cmocka_unit_test(t_csv_separators),
		cmocka_unit_test(t_group_keys),
		cmocka_unit_test(t_fixed16),
		cmocka_unit_test(t_row_raw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

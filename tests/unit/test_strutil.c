/*
 * test_strutil: trimming, token splitting, strict and lenient number
 * parsing, suffixes and path joining, the helpers the configuration
 * readers share.  The strict parsers must refuse what atoi would quietly
 * turn into 0 or truncate.  Links engine/util/{strutil,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#include <cmocka.h>

#include "engine/util/strutil.h"

static void
t_trim(void **state)
{
	char a[] = "  hello world \t\r\n", b[] = "plain", c[] = " \t \r\n ", d[] = "",
	     e[] = "\tx", f[] = "x\n";
	char *p;

	(void)state;
	p = str_trim(a);
	assert_string_equal(p, "hello world");
	assert_ptr_equal(p, a + 2); /* moved past the leading blanks, in place */
	assert_ptr_equal(str_trim(b), b);
	assert_string_equal(b, "plain");
	assert_string_equal(str_trim(c), "");
	assert_string_equal(str_trim(d), "");
	assert_string_equal(str_trim(e), "x");
	assert_string_equal(str_trim(f), "x");
	assert_int_equal(f[1], '\0'); /* trailing blank overwritten */
}

static void
t_token_basic(void **state)
{
	char s[] = " web01 , web02,web03 ";
	char *cur = s, *t;

	(void)state;
	t = str_next_token(&cur, ',');
	assert_string_equal(t, "web01");
	t = str_next_token(&cur, ',');
	assert_string_equal(t, "web02");
	t = str_next_token(&cur, ',');
	assert_string_equal(t, "web03");
	assert_null(cur);
	assert_null(str_next_token(&cur, ','));
	assert_null(cur);
}

static void
t_token_empty(void **state)
{
	char s[] = "a,,b, ,";
	char e[] = "";
	char one[] = "  solo  ";
	char *cur = s;

	(void)state;
	assert_string_equal(str_next_token(&cur, ','), "a");
	assert_string_equal(str_next_token(&cur, ','), "");
	assert_string_equal(str_next_token(&cur, ','), "b");
	assert_string_equal(str_next_token(&cur, ','), ""); /* " " trims to "" */
	assert_string_equal(str_next_token(&cur, ','), ""); /* after the last comma */
	assert_null(str_next_token(&cur, ','));

	/* an empty string is one empty token, then the end */
	cur = e;
	assert_string_equal(str_next_token(&cur, ','), "");
	assert_null(str_next_token(&cur, ','));

	cur = one;
	assert_string_equal(str_next_token(&cur, ','), "solo");
	assert_null(str_next_token(&cur, ','));
}

static void
t_token_null_cursor(void **state)
{
	char *cur = NULL;

	(void)state;
	assert_null(str_next_token(&cur, ','));
	assert_null(cur);
}

static void
t_token_other_sep(void **state)
{
	char s[] = "check_tcp!80!-w 5";
	char *cur = s;

	(void)state;
	assert_string_equal(str_next_token(&cur, '!'), "check_tcp");
	assert_string_equal(str_next_token(&cur, '!'), "80");
	assert_string_equal(str_next_token(&cur, '!'), "-w 5");
	assert_null(str_next_token(&cur, '!'));
}

static void
t_to_long_ok(void **state)
{
	long v = -99;

	(void)state;
	assert_int_equal(str_to_long("42", 0, 100, &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(str_to_long("  7\t\n", 0, 100, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(str_to_long("-5", -10, 10, &v), 0);
	assert_int_equal(v, -5);
	assert_int_equal(str_to_long("+3", 0, 10, &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(str_to_long("010", 0, 100, &v), 0);
	assert_int_equal(v, 10); /* decimal, not octal */
	/* bounds are inclusive */
	assert_int_equal(str_to_long("0", 0, 100, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(str_to_long("100", 0, 100, &v), 0);
	assert_int_equal(v, 100);
	assert_int_equal(str_to_long("9223372036854775807", LONG_MIN, LONG_MAX, &v), 0);
	assert_true(v == LONG_MAX);
	assert_int_equal(str_to_long("-9223372036854775808", LONG_MIN, LONG_MAX, &v), 0);
	assert_true(v == LONG_MIN);
}

static void
t_to_long_bad(void **state)
{
	const char *bad[] = { "", "   ", "abc", "12abc", "1 2", "0x10", "1.5", "-", "+",
		"--1", "9223372036854775808", "-9223372036854775809",
		"99999999999999999999999" };
	long v = 1234;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (str_to_long(bad[i], LONG_MIN, LONG_MAX, &v) != -1)
			fail_msg("str_to_long accepted '%s'", bad[i]);
		assert_int_equal(v, 1234); /* out untouched on failure */
	}
	/* in syntax but out of range */
	assert_int_equal(str_to_long("101", 0, 100, &v), -1);
	assert_int_equal(str_to_long("-1", 0, 100, &v), -1);
	assert_int_equal(str_to_long("5", 6, 6, &v), -1);
	assert_int_equal(v, 1234);
}

static void
t_to_double(void **state)
{
	double d = -1;
	const char *bad[] = { "", "  ", "x", "1.5x", "1.5 2", "1,5", "1e", "." };
	size_t i;

	(void)state;
	assert_int_equal(str_to_double("1.5", &d), 0);
	assert_true(d == 1.5);
	assert_int_equal(str_to_double(" -0.25 \n", &d), 0);
	assert_true(d == -0.25);
	assert_int_equal(str_to_double("3", &d), 0);
	assert_true(d == 3.0);
	assert_int_equal(str_to_double("2e3", &d), 0);
	assert_true(d == 2000.0);
	assert_int_equal(str_to_double(".5", &d), 0);
	assert_true(d == 0.5);
	d = 77;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (str_to_double(bad[i], &d) != -1)
			fail_msg("str_to_double accepted '%s'", bad[i]);
		assert_true(d == 77);
	}
	/* overflow is refused, not turned into HUGE_VAL */
	assert_int_equal(str_to_double("1e999", &d), -1);
	assert_true(d == 77);
}

static void
t_lenient(void **state)
{
	(void)state;
	assert_int_equal(str_atol_lenient("12abc"), 12);
	assert_int_equal(str_atol_lenient("abc"), 0);
	assert_int_equal(str_atol_lenient("  -8 x"), -8);
	assert_true(str_atof_lenient("2.5s") == 2.5);
	assert_true(str_atof_lenient("none") == 0.0);
}

static void
t_has_suffix(void **state)
{
	(void)state;
	assert_int_equal(str_has_suffix("hosts.cfg", ".cfg"), 1);
	assert_int_equal(str_has_suffix(".cfg", ".cfg"), 1);
	assert_int_equal(str_has_suffix("cfg", ".cfg"), 0);
	assert_int_equal(str_has_suffix("hosts.cfg.bak", ".cfg"), 0);
	assert_int_equal(str_has_suffix("hosts.CFG", ".cfg"), 0);
	assert_int_equal(str_has_suffix("x", ""), 1);
	assert_int_equal(str_has_suffix("", ""), 1);
	assert_int_equal(str_has_suffix("", "a"), 0);
}

static void
t_path_join(void **state)
{
	struct {
		const char *dir, *path, *want;
	} c[] = {
		{ "/etc/nagios", "hosts.cfg", "/etc/nagios/hosts.cfg" },
		{ "/etc/nagios/", "hosts.cfg", "/etc/nagios/hosts.cfg" },
		{ "/etc/nagios", "objects/a.cfg", "/etc/nagios/objects/a.cfg" },
		{ "/etc/nagios", "/abs/a.cfg", "/abs/a.cfg" },
		{ "/etc/nagios/", "/abs/a.cfg", "/abs/a.cfg" },
		{ "rel", "a.cfg", "rel/a.cfg" },
		{ "/", "a.cfg", "/a.cfg" },
		{ "", "a.cfg", "a.cfg" },
		{ NULL, "a.cfg", "a.cfg" },
		{ NULL, "/a.cfg", "/a.cfg" },
	};
	size_t i;
	char *p;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		p = str_path_join(c[i].dir, c[i].path);
		assert_non_null(p);
		if (strcmp(p, c[i].want) != 0)
			fail_msg("join('%s', '%s') = '%s', want '%s'",
			    c[i].dir ? c[i].dir : "(null)", c[i].path, p, c[i].want);
		assert_ptr_not_equal(p, c[i].path); /* always a fresh heap copy */
		free(p);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_trim),
		cmocka_unit_test(t_token_basic),
		cmocka_unit_test(t_token_empty),
		cmocka_unit_test(t_token_null_cursor),
		cmocka_unit_test(t_token_other_sep),
		cmocka_unit_test(t_to_long_ok),
		cmocka_unit_test(t_to_long_bad),
		cmocka_unit_test(t_to_double),
		cmocka_unit_test(t_lenient),
		cmocka_unit_test(t_has_suffix),
		cmocka_unit_test(t_path_join),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

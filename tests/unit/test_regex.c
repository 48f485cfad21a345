/*
 * test_regex: the pcre2 wrapper used for use_regexp_matching.  Matching is
 * unanchored like POSIX regexec (what Nagios uses), anchors still work, a
 * compiled pattern can be matched many times, and a bad pattern gives NULL
 * with pcre2's reason and offset in the caller's buffer.  The case-blind
 * compile (Livestatus's "~~") folds letters and reports errors alike.
 * Links engine/util/{regex,xalloc}.c and -lpcre2-8.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/regex.h"

static struct rx *
t_compile(const char *pat)
{
	char err[256] = "";
	struct rx *r = rx_compile(pat, err, sizeof(err));

	if (r == NULL)
		fail_msg("'%s' did not compile: %s", pat, err);
	return r;
}

static void
t_unanchored(void **state)
{
	struct rx *r = t_compile("web");

	(void)state;
	assert_int_equal(rx_match(r, "web"), 1);
	assert_int_equal(rx_match(r, "web01"), 1);
	assert_int_equal(rx_match(r, "prod-web01"), 1);
	assert_int_equal(rx_match(r, "prod-we"), 0);
	assert_int_equal(rx_match(r, "WEB01"), 0); /* case-sensitive */
	assert_int_equal(rx_match(r, ""), 0);
	/* reusable: same answers again */
	assert_int_equal(rx_match(r, "xweb"), 1);
	assert_int_equal(rx_match(r, "db"), 0);
	rx_free(r);
}

static void
t_anchors(void **state)
{
	struct rx *r;

	(void)state;
	r = t_compile("^web[0-9]+$");
	assert_int_equal(rx_match(r, "web01"), 1);
	assert_int_equal(rx_match(r, "web01x"), 0);
	assert_int_equal(rx_match(r, "xweb01"), 0);
	assert_int_equal(rx_match(r, "web"), 0);
	rx_free(r);

	r = t_compile("^db");
	assert_int_equal(rx_match(r, "db01"), 1);
	assert_int_equal(rx_match(r, "proddb"), 0);
	rx_free(r);

	r = t_compile("\\.example\\.com$");
	assert_int_equal(rx_match(r, "a.example.com"), 1);
	assert_int_equal(rx_match(r, "aXexampleXcom"), 0);
	assert_int_equal(rx_match(r, "a.example.com.evil"), 0);
	rx_free(r);
}

static void
t_empty_and_wildcards(void **state)
{
	struct rx *r;

	(void)state;
	/* the empty pattern, like ".*", matches everything, even "" */
	r = t_compile("");
	assert_int_equal(rx_match(r, ""), 1);
	assert_int_equal(rx_match(r, "anything"), 1);
	rx_free(r);
	r = t_compile("HTTP|HTTPS");
	assert_int_equal(rx_match(r, "check HTTPS"), 1);
	assert_int_equal(rx_match(r, "check SSH"), 0);
	rx_free(r);
	r = t_compile("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)");
	assert_int_equal(rx_match(r, "xxabcdefghijkxx"), 1);
	assert_int_equal(rx_match(r, "abcdefghij"), 0);
	rx_free(r);
}

static void
t_bad_pattern(void **state)
{
	const char *bad[] = { "web(", "[a-", "*x", "a{2,1}", "(?<", "\\" };
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(err, 0, sizeof(err));
		if (rx_compile(bad[i], err, sizeof(err)) != NULL)
			fail_msg("'%s' compiled", bad[i]);
		assert_true(strlen(err) > 0);
		assert_non_null(strstr(err, "at offset "));
	}
	/* the reason names the problem */
	rx_compile("web(", err, sizeof(err));
	assert_non_null(strstr(err, "missing closing parenthesis"));
	assert_non_null(strstr(err, "at offset 4"));
}

static void
t_bad_pattern_small_buf(void **state)
{
	char err[8];

	(void)state;
	memset(err, 'Z', sizeof(err));
	assert_null(rx_compile("web(", err, sizeof(err)));
	assert_int_equal(err[sizeof(err) - 1], '\0'); /* truncated, terminated */
	assert_int_equal(strlen(err), sizeof(err) - 1);
	/* no buffer at all is allowed */
	assert_null(rx_compile("web(", NULL, 0));
	assert_null(rx_compile("web(", err, 0));
}

static void
t_icase(void **state)
{
	char err[256] = "";
	struct rx *r = rx_compile_icase("^web[0-9]+$", err, sizeof(err));

	(void)state;
	assert_non_null(r);
	assert_int_equal(rx_match(r, "web01"), 1);
	assert_int_equal(rx_match(r, "WEB01"), 1);
	assert_int_equal(rx_match(r, "WeB01"), 1);
	assert_int_equal(rx_match(r, "xweb01"), 0);
	rx_free(r);
	/* the plain compile stays case-sensitive */
	r = t_compile("^web");
	assert_int_equal(rx_match(r, "WEB01"), 0);
	rx_free(r);
	/* errors as rx_compile gives them */
	assert_null(rx_compile_icase("web(", err, sizeof(err)));
	assert_non_null(strstr(err, "missing closing parenthesis"));
}

static void
t_free_null(void **state)
{
	struct rx *r;

	(void)state;
	rx_free(NULL);
	r = t_compile("x");
	assert_int_equal(rx_match(r, "x"), 1);
	rx_free(r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_unanchored),
		cmocka_unit_test(t_anchors),
		cmocka_unit_test(t_empty_and_wildcards),
		cmocka_unit_test(t_bad_pattern),
		cmocka_unit_test(t_bad_pattern_small_buf),
		cmocka_unit_test(t_icase),
		cmocka_unit_test(t_free_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

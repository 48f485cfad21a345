/*
 * test_xalloc: the allocators that never return NULL.  Only the normal
 * paths are tested here: the out-of-memory and overflow paths abort by
 * design, which a cmocka process cannot observe without forking.
 * Links engine/util/xalloc.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/xalloc.h"

static void
t_xmalloc_xcalloc(void **state)
{
	unsigned char *p;
	size_t i;

	(void)state;
	p = xmalloc(100);
	assert_non_null(p);
	memset(p, 0xab, 100);
	free(p);
	/* zero bytes still gives a distinct, freeable pointer */
	p = xmalloc(0);
	assert_non_null(p);
	free(p);
	p = xcalloc(50, 8);
	for (i = 0; i < 400; i++)
		assert_int_equal(p[i], 0);
	free(p);
	p = xcalloc(0, 8);
	assert_non_null(p);
	free(p);
	p = xcalloc(8, 0);
	assert_non_null(p);
	free(p);
}

static void
t_xrealloc(void **state)
{
	char *p;

	(void)state;
	p = xrealloc(NULL, 4); /* from NULL: like malloc */
	assert_non_null(p);
	memcpy(p, "abc", 4);
	p = xrealloc(p, 100000);
	assert_string_equal(p, "abc"); /* contents kept */
	p = xrealloc(p, 0); /* shrink to nothing: still a live pointer */
	assert_non_null(p);
	free(p);
}

static void
t_xreallocarray(void **state)
{
	long *a = NULL;
	size_t n, i;

	(void)state;
	for (n = 1; n <= 4096; n *= 2) {
		a = xreallocarray(a, n, sizeof(*a));
		assert_non_null(a);
		a[n - 1] = (long)n;
		if (n > 1)
			assert_int_equal(a[n / 2 - 1], n / 2); /* kept across growth */
	}
	for (i = 1; i <= 4096; i *= 2)
		assert_int_equal(a[i - 1], i);
	/* zero elements or zero size: a live pointer, no overflow complaint */
	a = xreallocarray(a, 0, sizeof(*a));
	assert_non_null(a);
	a = xreallocarray(a, SIZE_MAX, 0);
	assert_non_null(a);
	free(a);
}

static void
t_xstrdup(void **state)
{
	const char *s = "localhost";
	char *p;

	(void)state;
	p = xstrdup(s);
	assert_string_equal(p, s);
	assert_ptr_not_equal(p, s);
	free(p);
	p = xstrdup("");
	assert_string_equal(p, "");
	free(p);
}

static void
t_xstrndup(void **state)
{
	char raw[4] = { 'a', 'b', 'c', 'd' }; /* no NUL */
	char *p;

	(void)state;
	p = xstrndup("localhost", 5);
	assert_string_equal(p, "local");
	free(p);
	p = xstrndup(raw, 4);
	assert_string_equal(p, "abcd");
	assert_int_equal(p[4], '\0');
	free(p);
	p = xstrndup(raw, 0);
	assert_string_equal(p, "");
	free(p);
	/* copies exactly n bytes, even past an embedded NUL */
	p = xstrndup("a\0b", 3);
	assert_int_equal(p[0], 'a');
	assert_int_equal(p[1], '\0');
	assert_int_equal(p[2], 'b');
	assert_int_equal(p[3], '\0');
	free(p);
}

static void
t_xasprintf(void **state)
{
	char *p, big[5000];

	(void)state;
	p = xasprintf("%s;%s", "web01", "HTTP");
	assert_string_equal(p, "web01;HTTP");
	free(p);
	p = xasprintf("%d %ld %zu %.2f %c%%", -3, 1234567890123L, (size_t)42, 1.5, 'x');
	assert_string_equal(p, "-3 1234567890123 42 1.50 x%");
	free(p);
	p = xasprintf("%s", "");
	assert_string_equal(p, "");
	free(p);
	/* longer than any fixed buffer a lazy implementation might use */
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	p = xasprintf("<%s>", big);
	assert_int_equal(strlen(p), sizeof(big) + 1);
	assert_int_equal(p[0], '<');
	assert_int_equal(p[sizeof(big)], '>');
	assert_int_equal(p[4999], 'z');
	free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_xmalloc_xcalloc),
		cmocka_unit_test(t_xrealloc),
		cmocka_unit_test(t_xreallocarray),
		cmocka_unit_test(t_xstrdup),
		cmocka_unit_test(t_xstrndup),
		cmocka_unit_test(t_xasprintf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

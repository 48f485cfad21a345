/*
 * test_mbuf: the growable string.  An empty add still makes a string,
 * pieces of every size (the formatted ones shorter and longer than the
 * formatter's small buffer) come out in order with one NUL after them,
 * the capacity grows by doubling, room reserved is not grown again, and
 * mbuf_free leaves an empty buffer that can be used again; numbers and
 * single bytes added without printf read as printf's.  Links engine/util/{mbuf,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/mbuf.h"

static void
t_empty_add(void **state)
{
	struct mbuf b = { 0 };

	(void)state;
	mbuf_add(&b, "", 0);
	assert_non_null(b.p);
	assert_string_equal(b.p, "");
	assert_int_equal(b.len, 0);
	mbuf_adds(&b, "");
	assert_int_equal(b.len, 0);
	mbuf_free(&b);
	assert_null(b.p);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
}

static void
t_pieces_in_order(void **state)
{
	struct mbuf b = { 0 };
	char big[1000], want[64];
	size_t at = 0;
	int i;

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	for (i = 0; i < 50; i++) {
		/* longer than the formatter's 64-byte buffer, then short */
		mbuf_addf(&b, "%d:%s;", i, big);
		mbuf_addf(&b, "<%03d>", i);
		mbuf_add(&b, "yz", 1);
	}
	assert_int_equal(strlen(b.p), b.len);
	for (i = 0; i < 50; i++) {
		int n = snprintf(want, sizeof(want), "%d:", i);

		assert_memory_equal(b.p + at, want, (size_t)n);
		at += (size_t)n;
		assert_memory_equal(b.p + at, big, strlen(big));
		at += strlen(big);
		n = snprintf(want, sizeof(want), ";<%03d>y", i);
		assert_memory_equal(b.p + at, want, (size_t)n);
		at += (size_t)n;
	}
	assert_int_equal(at, b.len);
	assert_true(b.cap > b.len);
	/* doubling from 64: a power of two times 64 */
	assert_int_equal(b.cap % 64, 0);
	assert_int_equal((b.cap / 64) & (b.cap / 64 - 1), 0);
	mbuf_free(&b);
	mbuf_reserve(&b, 1000);
	assert_true(b.cap >= 1001);
	at = b.cap;
	mbuf_add(&b, big, 1000);
	assert_int_equal(b.cap, at); /* reserved: no growth */
	mbuf_free(&b);
	mbuf_adds(&b, "again");
	assert_string_equal(b.p, "again");
	mbuf_free(&b);
}

static void
t_numbers_and_bytes(void **state)
{
	static const long long vals[] = { 0, 1, -1, 9, 10, -10, 99, 100, 101, -99, 1000, 12345,
		1798761600, 4294967296LL,
		LLONG_MAX, LLONG_MIN, LLONG_MIN + 1 };
	struct mbuf b = { 0 };
	char want[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		b.len = 0;
		mbuf_addll(&b, vals[i]);
		mbuf_addc(&b, ';');
		snprintf(want, sizeof(want), "%lld;", vals[i]);
		assert_string_equal(b.p, want);
		assert_int_equal(b.len, strlen(want));
	}
	mbuf_free(&b);
	/* single bytes across the growth from nothing */
	for (i = 0; i < 1000; i++)
		mbuf_addc(&b, (char)('a' + i % 26));
	assert_int_equal(b.len, 1000);
	assert_int_equal(strlen(b.p), 1000);
	assert_int_equal(b.p[999], 'a' + 999 % 26);
	mbuf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_empty_add),
		cmocka_unit_test(t_pieces_in_order),
		cmocka_unit_test(t_numbers_and_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

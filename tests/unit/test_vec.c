/*
 * test_vec: growable pointer arrays.  Pushes keep order and contents
 * across growth, clear releases the array (not the items) and leaves an
 * empty, reusable vector, and sort hands the comparator pointers to the
 * elements, qsort-style.  Links engine/util/{vec,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/vec.h"

static void
t_init(void **state)
{
	struct vec v;

	(void)state;
	memset(&v, 0xff, sizeof(v));
	vec_init(&v);
	assert_null(v.items);
	assert_int_equal(v.len, 0);
	assert_int_equal(v.cap, 0);
}

static void
t_push_grow(void **state)
{
	struct vec v;
	uintptr_t i;

	(void)state;
	vec_init(&v);
	vec_push(&v, (void *)1);
	assert_non_null(v.items);
	assert_int_equal(v.len, 1);
	assert_true(v.cap >= 1);
	for (i = 2; i <= 10000; i++) {
		vec_push(&v, (void *)i);
		assert_int_equal(v.len, i);
		assert_true(v.cap >= v.len);
	}
	for (i = 0; i < 10000; i++)
		if (v.items[i] != (void *)(i + 1))
			fail_msg("items[%lu] changed", (unsigned long)i);
	vec_clear(&v);
}

static void
t_push_null(void **state)
{
	struct vec v;

	(void)state;
	vec_init(&v);
	vec_push(&v, NULL);
	vec_push(&v, (void *)&v);
	assert_int_equal(v.len, 2);
	assert_null(v.items[0]);
	assert_ptr_equal(v.items[1], &v);
	vec_clear(&v);
}

static void
t_clear_reuse(void **state)
{
	struct vec v;
	int a = 1, b = 2;

	(void)state;
	vec_init(&v);
	vec_push(&v, &a);
	vec_push(&v, &b);
	vec_clear(&v);
	assert_null(v.items);
	assert_int_equal(v.len, 0);
	assert_int_equal(v.cap, 0);
	/* the items themselves are untouched */
	assert_int_equal(a, 1);
	assert_int_equal(b, 2);
	vec_push(&v, &b);
	assert_int_equal(v.len, 1);
	assert_ptr_equal(v.items[0], &b);
	vec_clear(&v);
	vec_clear(&v); /* clearing an empty vector is fine */
	assert_int_equal(v.len, 0);
}

static int
t_cmp_str(const void *x, const void *y)
{
	const char *const *a = x, *const *b = y;

	return strcmp(*a, *b);
}

static void
t_sort(void **state)
{
	struct vec v;
	const char *in[] = { "web03", "db01", "web01", "app", "db01", "zz" };
	const char *want[] = { "app", "db01", "db01", "web01", "web03", "zz" };
	size_t i;

	(void)state;
	vec_init(&v);
	vec_sort(&v, t_cmp_str); /* empty: no call into qsort with NULL */
	assert_int_equal(v.len, 0);
	vec_push(&v, (void *)"only");
	vec_sort(&v, t_cmp_str);
	assert_string_equal(v.items[0], "only");
	vec_clear(&v);

	for (i = 0; i < 6; i++)
		vec_push(&v, (void *)in[i]);
	vec_sort(&v, t_cmp_str);
	assert_int_equal(v.len, 6);
	for (i = 0; i < 6; i++)
		assert_string_equal(v.items[i], want[i]);
	vec_clear(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_init),
		cmocka_unit_test(t_push_grow),
		cmocka_unit_test(t_push_null),
		cmocka_unit_test(t_clear_reuse),
		cmocka_unit_test(t_sort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_arena: the bump allocator and its interning table.
 *
 * Checks that every allocation is aligned for pointers, doubles and 64-bit
 * integers (8 bytes), that big requests
 * (which get a chunk of their own) neither clobber nor strand the small
 * ones around them, that the string copies are exact, and that interning
 * keeps one copy per distinct string while the table grows through 100 000
 * entries; a reset keeps one chunk, a rewind every one.  Links engine/util/{arena,hash,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/arena.h"

#define T_NINTERN 100000

static int
t_setup(void **state)
{
	*state = arena_new();
	return *state == NULL ? -1 : 0;
}

static int
t_teardown(void **state)
{
	arena_free(*state);
	return 0;
}

static void
t_alignment(void **state)
{
	struct arena *a = *state;
	size_t sizes[] = { 1, 3, 7, 8, 15, 16, 17, 31, 33, 100, 1000, 4095 };
	size_t i, round;
	unsigned char *p;

	for (round = 0; round < 200; round++) {
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			p = arena_alloc(a, sizes[i]);
			assert_non_null(p);
			assert_int_equal((uintptr_t)p % 8, 0);
			assert_int_equal((uintptr_t)p % _Alignof(double), 0);
			assert_int_equal((uintptr_t)p % _Alignof(void *), 0);
			assert_int_equal((uintptr_t)p % _Alignof(uint64_t), 0);
			memset(p, 0xa5, sizes[i]);
		}
	}
}

static void
t_allocations_distinct(void **state)
{
	struct arena *a = *state;
	unsigned char *p[64];
	size_t i, j;

	/* each block keeps its own contents: no overlap between neighbours */
	for (i = 0; i < 64; i++) {
		p[i] = arena_alloc(a, 24);
		memset(p[i], (int)i, 24);
	}
	for (i = 0; i < 64; i++)
		for (j = 0; j < 24; j++)
			assert_int_equal(p[i][j], i);
	/* consecutive small requests come from the same chunk, 8-rounded */
	assert_int_equal(p[1] - p[0], 24);
}

static void
t_zero_size(void **state)
{
	struct arena *a = *state;
	void *p = arena_alloc(a, 0), *q;

	assert_non_null(p);
	assert_int_equal((uintptr_t)p % 8, 0);
	q = arena_alloc(a, 1);
	assert_non_null(q);
	assert_int_equal((uintptr_t)q % 8, 0);
}

static void
t_big_allocations(void **state)
{
	struct arena *a = *state;
	unsigned char *small1, *big1, *small2, *big2, *small3;
	size_t bigsz = 1024 * 1024 + 3, i;

	small1 = arena_alloc(a, 40);
	memset(small1, 1, 40);
	big1 = arena_alloc(a, bigsz);
	assert_non_null(big1);
	assert_int_equal((uintptr_t)big1 % 8, 0);
	memset(big1, 2, bigsz);
	/* the small chunk stays current: the next small block follows small1 */
	small2 = arena_alloc(a, 40);
	assert_ptr_equal(small2, small1 + 40);
	memset(small2, 3, 40);
	big2 = arena_alloc(a, 20000); /* just over a quarter chunk */
	memset(big2, 4, 20000);
	small3 = arena_alloc(a, 40);
	memset(small3, 5, 40);

	for (i = 0; i < 40; i++) {
		assert_int_equal(small1[i], 1);
		assert_int_equal(small2[i], 3);
		assert_int_equal(small3[i], 5);
	}
	for (i = 0; i < bigsz; i++)
		if (big1[i] != 2)
			fail_msg("big1[%zu] = %d", i, big1[i]);
	for (i = 0; i < 20000; i++)
		if (big2[i] != 4)
			fail_msg("big2[%zu] = %d", i, big2[i]);
}

static void
t_big_first(void **state)
{
	struct arena *a = *state;
	unsigned char *big, *s;

	/* a big request into an empty arena, then small ones after it */
	big = arena_alloc(a, 200000);
	memset(big, 7, 200000);
	s = arena_alloc(a, 16);
	memset(s, 8, 16);
	assert_true(s < big || s >= big + 200000);
	assert_int_equal(big[199999], 7);
	assert_int_equal(big[0], 7);
}

static void
t_zalloc(void **state)
{
	struct arena *a = *state;
	unsigned char *p;
	size_t i, n;

	/* dirty the arena first so zalloc cannot rely on fresh pages */
	for (i = 0; i < 100; i++)
		memset(arena_alloc(a, 1000), 0xff, 1000);
	for (n = 1; n < 70000; n = n * 3 + 1) {
		p = arena_zalloc(a, n);
		assert_int_equal((uintptr_t)p % 8, 0);
		for (i = 0; i < n; i++)
			if (p[i] != 0)
				fail_msg("zalloc(%zu)[%zu] = %d", n, i, p[i]);
		memset(p, 0xff, n);
	}
}

static void
t_strdup(void **state)
{
	struct arena *a = *state;
	const char *src = "check_tcp!80";
	char *p, *q, *e;

	p = arena_strdup(a, src);
	assert_string_equal(p, src);
	assert_ptr_not_equal(p, src);
	q = arena_strdup(a, src);
	assert_ptr_not_equal(p, q); /* strdup copies every time */
	p[0] = 'X';
	assert_string_equal(q, src);
	e = arena_strdup(a, "");
	assert_non_null(e);
	assert_string_equal(e, "");
}

static void
t_strndup(void **state)
{
	struct arena *a = *state;
	char *p;
	/* not NUL-terminated: strndup must read only n bytes */
	char raw[5] = { 'h', 'o', 's', 't', 's' };

	p = arena_strndup(a, "localhost", 5);
	assert_string_equal(p, "local");
	assert_int_equal(strlen(p), 5);
	p = arena_strndup(a, raw, 4);
	assert_string_equal(p, "host");
	p = arena_strndup(a, raw, 0);
	assert_string_equal(p, "");
	/* n counts bytes, embedded NULs included */
	p = arena_strndup(a, "ab\0cd", 5);
	assert_int_equal(p[0], 'a');
	assert_int_equal(p[2], '\0');
	assert_int_equal(p[3], 'c');
	assert_int_equal(p[5], '\0');
}

static void
t_intern_basic(void **state)
{
	struct arena *a = *state;
	char buf1[] = "web01", buf2[] = "web01";
	const char *p, *q, *r, *e1, *e2;

	p = arena_intern(a, buf1);
	q = arena_intern(a, buf2);
	assert_ptr_equal(p, q);
	assert_ptr_not_equal(p, buf1); /* a copy, not the caller's buffer */
	assert_string_equal(p, "web01");
	buf1[0] = 'X';
	assert_string_equal(p, "web01");
	r = arena_intern(a, "web02");
	assert_ptr_not_equal(p, r);
	assert_string_equal(r, "web02");
	/* case matters */
	assert_ptr_not_equal(arena_intern(a, "WEB01"), p);
	e1 = arena_intern(a, "");
	e2 = arena_intern(a, "");
	assert_ptr_equal(e1, e2);
	assert_string_equal(e1, "");
	assert_ptr_equal(arena_intern(a, "web01"), p);
}

static void
t_intern_many(void **state)
{
	struct arena *a = *state;
	const char **first;
	char buf[32];
	size_t i, j;

	first = calloc(T_NINTERN, sizeof(*first));
	assert_non_null(first);
	for (i = 0; i < T_NINTERN; i++) {
		snprintf(buf, sizeof(buf), "host-%zu", i);
		first[i] = arena_intern(a, buf);
		assert_string_equal(first[i], buf);
		/* the same string interned right away gives the same pointer */
		assert_ptr_equal(arena_intern(a, buf), first[i]);
	}
	/* after all the growth, every string still maps to its first copy */
	for (i = 0; i < T_NINTERN; i++) {
		snprintf(buf, sizeof(buf), "host-%zu", i);
		if (arena_intern(a, buf) != first[i])
			fail_msg("intern of '%s' moved after growth", buf);
	}
	/* distinct strings got distinct pointers: spot-check neighbours */
	for (i = 1; i < T_NINTERN; i++)
		assert_ptr_not_equal(first[i], first[i - 1]);
	for (i = 0; i < 1000; i++)
		for (j = i + 1; j < 1000; j++)
			if (first[i] == first[j])
				fail_msg("'%s' and '%s' share a pointer", first[i], first[j]);
	free(first);
}

static void
t_bytes_grow(void **state)
{
	struct arena *a = *state;
	size_t b0, b1, b2, b3, b4;
	char buf[32];
	int i;

	b0 = arena_bytes(a);
	assert_int_equal(b0, 0);
	arena_alloc(a, 10);
	b1 = arena_bytes(a);
	assert_true(b1 >= 64 * 1024); /* a whole chunk came from malloc */
	arena_alloc(a, 10);
	assert_int_equal(arena_bytes(a), b1); /* served from the same chunk */
	arena_alloc(a, 1024 * 1024);
	b2 = arena_bytes(a);
	assert_true(b2 >= b1 + 1024 * 1024);
	arena_intern(a, "x");
	b3 = arena_bytes(a);
	assert_true(b3 > b2); /* the intern table counts too */
	for (i = 0; i < 5000; i++) {
		snprintf(buf, sizeof(buf), "s%d", i);
		arena_intern(a, buf);
	}
	b4 = arena_bytes(a);
	assert_true(b4 > b3);
}

static void
t_free_null(void **state)
{
	(void)state;
	arena_free(NULL);
	/* an arena that was never used frees cleanly too */
	arena_free(arena_new());
}

/* fill an arena with n small pieces of 100 bytes (and one big request), each
 * marked with its number, and check the marks: nothing overlaps */
static void
fill_and_check(struct arena *a, size_t n)
{
	unsigned char **p = calloc(n, sizeof(*p));
	size_t i;

	assert_non_null(p);
	for (i = 0; i < n; i++)
		memset(p[i] = arena_alloc(a, 100), (int)(i & 0xff), 100);
	memset(arena_alloc(a, 1 << 20), 0x5a, 1 << 20);
	for (i = 0; i < n; i++)
		assert_int_equal(p[i][0] + p[i][99], 2 * (i & 0xff));
	free(p);
}

/* a rewind keeps every bump chunk: filled again to the same size, the arena
 * takes no more memory; the big request's chunk goes; reset and free after a
 * rewind give the kept chunks back (the sanitizers see no leak) */
static void
t_rewind(void **state)
{
	struct arena *a = *state;
	size_t bytes;

	arena_rewind(a); /* an empty arena: nothing to do */
	assert_int_equal(arena_bytes(a), 0);
	fill_and_check(a, 50000);
	bytes = arena_bytes(a);
	arena_rewind(a);
	assert_true(arena_bytes(a) < bytes); /* the megabyte of the big request */
	fill_and_check(a, 50000);
	assert_int_equal(arena_bytes(a), bytes);
	arena_rewind(a);
	fill_and_check(a, 10);
	assert_string_equal(arena_intern(a, "x"), "x");
	arena_rewind(a);
	arena_reset(a);
	assert_true(arena_bytes(a) <= 8 * 1024 * 1024 + 64);
	arena_rewind(a); /* left for the teardown to free */
}

/* a reset keeps one chunk and reuses it; big chunks and interned strings go */
static void
t_reset(void **state)
{
	struct arena *a = *state;
	size_t i, one;
	char *first, *again;

	arena_reset(a); /* an empty arena: nothing to do */
	assert_int_equal(arena_bytes(a), 0);
	first = arena_strdup(a, "row one");
	one = arena_bytes(a);
	for (i = 0; i < 5000; i++)
		memset(arena_alloc(a, 100), 1, 100);
	memset(arena_alloc(a, 1 << 20), 2, 1 << 20);
	assert_string_equal(arena_intern(a, "x"), "x");
	assert_true(arena_bytes(a) > one);
	arena_reset(a);
	assert_true(arena_bytes(a) <= 8 * 1024 * 1024 + 64);
	again = arena_strdup(a, "row two");
	assert_string_equal(again, "row two");
	assert_string_equal(arena_intern(a, "x"), "x");
	(void)first;
	/* the kept chunk is used again without growing */
	arena_reset(a);
	arena_strdup(a, "row two");
	one = arena_bytes(a);
	arena_reset(a);
	arena_strdup(a, "row three");
	assert_int_equal(arena_bytes(a), one);
	/* an arena whose only chunk is one big request */
	arena_free(a);
	*state = a = arena_new();
	memset(arena_alloc(a, 1 << 20), 3, 1 << 20);
	arena_reset(a);
	assert_int_equal(arena_bytes(a), 0);
	assert_string_equal(arena_strdup(a, "ok"), "ok");
}

/* a kept head chunk that is mapped on its own (2 MiB and more) is kept too: the rows of a
 * long-lived scratch arena would otherwise map and zero a fresh one after every reset */
static void
t_reset_mapped_head(void **state)
{
	struct arena *a = *state;
	size_t i, kept;

	/* bump chunks double up to 8 MiB: the head ends as a mapped one */
	for (i = 0; i < 12000; i++)
		memset(arena_alloc(a, 1000), 4, 1000);
	arena_reset(a);
	kept = arena_bytes(a);
	assert_true(kept >= 2 * 1024 * 1024);
	for (i = 0; i < 3; i++) {
		assert_string_equal(arena_strdup(a, "a row"), "a row");
		arena_reset(a);
		assert_int_equal(arena_bytes(a), kept);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_alignment, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_allocations_distinct, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_zero_size, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_big_allocations, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_big_first, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_zalloc, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_strdup, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_strndup, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_intern_basic, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_intern_many, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_bytes_grow, t_setup, t_teardown),
		cmocka_unit_test(t_free_null),
		cmocka_unit_test_setup_teardown(t_reset, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_rewind, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_reset_mapped_head, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

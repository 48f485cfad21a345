/*
 * test_idset: epoch-stamped id sets and the pair set.  An idset answers
 * membership, keeps its members in the order they were added, refuses
 * duplicates, and forgets everything on an O(1) clear (also after very
 * many clears); ids 0 and n-1 are ordinary members.  A pairset keeps
 * (a, b) apart from (b, a), holds (0, 0) and the largest ids, and keeps
 * every pair across its growth.  Links engine/util/{idset,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/util/idset.h"

static void
t_init_empty(void **state)
{
	struct idset s;
	unsigned i;

	(void)state;
	idset_init(&s, 50);
	assert_int_equal(s.n, 50);
	assert_int_equal(s.len, 0);
	for (i = 0; i < 50; i++)
		assert_false(idset_has(&s, i));
	idset_free(&s);
	assert_null(s.stamp);
	assert_null(s.items);
	assert_int_equal(s.len, 0);
}

static void
t_add_has(void **state)
{
	struct idset s;

	(void)state;
	idset_init(&s, 10);
	assert_int_equal(idset_add(&s, 3), 1);
	assert_true(idset_has(&s, 3));
	assert_false(idset_has(&s, 2));
	assert_false(idset_has(&s, 4));
	assert_int_equal(idset_add(&s, 7), 1);
	assert_true(idset_has(&s, 7));
	assert_true(idset_has(&s, 3));
	assert_int_equal(s.len, 2);
	idset_free(&s);
}

static void
t_duplicates(void **state)
{
	struct idset s;

	(void)state;
	idset_init(&s, 10);
	assert_int_equal(idset_add(&s, 5), 1);
	assert_int_equal(idset_add(&s, 5), 0);
	assert_int_equal(idset_add(&s, 5), 0);
	assert_int_equal(s.len, 1);
	assert_int_equal(s.items[0], 5);
	assert_int_equal(idset_add(&s, 1), 1);
	assert_int_equal(idset_add(&s, 5), 0);
	assert_int_equal(s.len, 2);
	idset_free(&s);
}

static void
t_order_kept(void **state)
{
	static const unsigned in[] = { 9, 2, 7, 0, 4, 2, 9, 8, 1 };
	static const unsigned want[] = { 9, 2, 7, 0, 4, 8, 1 };
	struct idset s;
	unsigned i;

	(void)state;
	idset_init(&s, 10);
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		idset_add(&s, in[i]);
	assert_int_equal(s.len, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < s.len; i++)
		assert_int_equal(s.items[i], want[i]);
	idset_free(&s);
}

static void
t_order_across_growth(void **state)
{
	struct idset s;
	unsigned i;

	(void)state;
	/* more than the first items allocation (16), in descending order */
	idset_init(&s, 1000);
	for (i = 0; i < 1000; i++)
		assert_int_equal(idset_add(&s, 999 - i), 1);
	assert_int_equal(s.len, 1000);
	assert_true(s.cap >= s.len);
	for (i = 0; i < 1000; i++)
		if (s.items[i] != 999 - i)
			fail_msg("items[%u] = %u, want %u", i, s.items[i], 999 - i);
	idset_free(&s);
}

static void
t_clear(void **state)
{
	struct idset s;

	(void)state;
	idset_init(&s, 10);
	idset_add(&s, 1);
	idset_add(&s, 6);
	idset_clear(&s);
	assert_int_equal(s.len, 0);
	assert_false(idset_has(&s, 1));
	assert_false(idset_has(&s, 6));
	/* added again after the clear: a new member, in the new order */
	assert_int_equal(idset_add(&s, 6), 1);
	assert_int_equal(idset_add(&s, 1), 1);
	assert_true(idset_has(&s, 6));
	assert_true(idset_has(&s, 1));
	assert_int_equal(s.len, 2);
	assert_int_equal(s.items[0], 6);
	assert_int_equal(s.items[1], 1);
	idset_free(&s);
}

static void
t_clear_empty(void **state)
{
	struct idset s;

	(void)state;
	idset_init(&s, 4);
	idset_clear(&s);
	idset_clear(&s);
	assert_int_equal(s.len, 0);
	assert_false(idset_has(&s, 0));
	assert_int_equal(idset_add(&s, 0), 1);
	assert_true(idset_has(&s, 0));
	idset_free(&s);
}

static void
t_many_clears(void **state)
{
	struct idset s;
	unsigned i;

	(void)state;
	idset_init(&s, 8);
	for (i = 0; i < 100000; i++) {
		unsigned id = i % 8, other = (i + 1) % 8;

		if (idset_add(&s, id) != 1)
			fail_msg("round %u: add(%u) not new", i, id);
		if (idset_add(&s, id) != 0)
			fail_msg("round %u: add(%u) twice", i, id);
		if (!idset_has(&s, id) || idset_has(&s, other))
			fail_msg("round %u: membership wrong", i);
		if (s.len != 1 || s.items[0] != id)
			fail_msg("round %u: items wrong", i);
		idset_clear(&s);
		if (idset_has(&s, id) || s.len != 0)
			fail_msg("round %u: clear left %u", i, id);
	}
	idset_free(&s);
}

static void
t_epoch_wrap(void **state)
{
	struct idset s;

	(void)state;
	/* the 2^32nd clear resets the stamps: force it without 4e9 calls */
	idset_init(&s, 4);
	idset_add(&s, 2);
	s.epoch = UINT32_MAX;
	idset_add(&s, 3);
	assert_true(idset_has(&s, 3));
	idset_clear(&s);
	assert_int_equal(s.epoch, 1);
	assert_false(idset_has(&s, 0));
	assert_false(idset_has(&s, 1));
	assert_false(idset_has(&s, 2));
	assert_false(idset_has(&s, 3));
	assert_int_equal(idset_add(&s, 3), 1);
	assert_true(idset_has(&s, 3));
	idset_free(&s);
}

static void
t_edges(void **state)
{
	struct idset s;
	unsigned i;

	(void)state;
	idset_init(&s, 100);
	assert_int_equal(idset_add(&s, 0), 1);
	assert_int_equal(idset_add(&s, 99), 1);
	assert_true(idset_has(&s, 0));
	assert_true(idset_has(&s, 99));
	for (i = 1; i < 99; i++)
		assert_false(idset_has(&s, i));
	assert_int_equal(idset_add(&s, 0), 0);
	assert_int_equal(idset_add(&s, 99), 0);
	assert_int_equal(s.len, 2);
	assert_int_equal(s.items[0], 0);
	assert_int_equal(s.items[1], 99);
	idset_clear(&s);
	assert_false(idset_has(&s, 0));
	assert_false(idset_has(&s, 99));
	idset_free(&s);

	/* a set of one id */
	idset_init(&s, 1);
	assert_false(idset_has(&s, 0));
	assert_int_equal(idset_add(&s, 0), 1);
	assert_true(idset_has(&s, 0));
	idset_free(&s);
}

static void
t_all_ids(void **state)
{
	struct idset s;
	unsigned i;

	(void)state;
	idset_init(&s, 257);
	for (i = 0; i < 257; i += 2)
		idset_add(&s, i);
	for (i = 0; i < 257; i++)
		if (idset_has(&s, i) != (i % 2 == 0))
			fail_msg("has(%u) wrong", i);
	assert_int_equal(s.len, 129);
	idset_free(&s);
}

static void
t_pairset_add_has(void **state)
{
	struct pairset *p;

	(void)state;
	p = pairset_new(0);
	assert_non_null(p);
	assert_false(pairset_has(p, 1, 2));
	assert_int_equal(pairset_add(p, 1, 2), 1);
	assert_true(pairset_has(p, 1, 2));
	assert_false(pairset_has(p, 1, 3));
	assert_false(pairset_has(p, 0, 2));
	assert_int_equal(pairset_add(p, 1, 2), 0);
	assert_int_equal(pairset_add(p, 1, 2), 0);
	assert_true(pairset_has(p, 1, 2));
	pairset_free(p);
	pairset_free(NULL);
}

static void
t_pairset_order(void **state)
{
	struct pairset *p;

	(void)state;
	p = pairset_new(4);
	assert_int_equal(pairset_add(p, 3, 8), 1);
	assert_true(pairset_has(p, 3, 8));
	assert_false(pairset_has(p, 8, 3));
	assert_int_equal(pairset_add(p, 8, 3), 1);
	assert_true(pairset_has(p, 8, 3));
	assert_int_equal(pairset_add(p, 8, 3), 0);
	assert_int_equal(pairset_add(p, 3, 8), 0);
	pairset_free(p);
}

static void
t_pairset_edges(void **state)
{
	struct pairset *p;

	(void)state;
	p = pairset_new(1);
	/* (0, 0) is stored as key 1: not mistaken for an empty slot */
	assert_false(pairset_has(p, 0, 0));
	assert_int_equal(pairset_add(p, 0, 0), 1);
	assert_true(pairset_has(p, 0, 0));
	assert_int_equal(pairset_add(p, 0, 0), 0);
	assert_false(pairset_has(p, 0, 1));
	assert_false(pairset_has(p, 1, 0));
	assert_int_equal(pairset_add(p, 0, 1), 1);
	assert_int_equal(pairset_add(p, 1, 0), 1);
	/* the largest ids */
	assert_int_equal(pairset_add(p, UINT32_MAX, UINT32_MAX - 1), 1);
	assert_true(pairset_has(p, UINT32_MAX, UINT32_MAX - 1));
	assert_false(pairset_has(p, UINT32_MAX - 1, UINT32_MAX));
	assert_int_equal(pairset_add(p, 0, UINT32_MAX), 1);
	assert_true(pairset_has(p, 0, UINT32_MAX));
	pairset_free(p);
}

static void
t_pairset_million(void **state)
{
	struct pairset *p;
	uint32_t i;

	(void)state;
	/* a small hint: the table grows many times */
	p = pairset_new(1);
	for (i = 0; i < 1000000; i++)
		if (pairset_add(p, i / 1000, i % 1000) != 1)
			fail_msg("add(%u, %u) not new", i / 1000, i % 1000);
	for (i = 0; i < 1000000; i++) {
		if (!pairset_has(p, i / 1000, i % 1000))
			fail_msg("(%u, %u) lost", i / 1000, i % 1000);
		if (pairset_add(p, i / 1000, i % 1000) != 0)
			fail_msg("(%u, %u) added twice", i / 1000, i % 1000);
	}
	/* pairs never added */
	for (i = 0; i < 1000; i++) {
		if (pairset_has(p, 1000 + i, i))
			fail_msg("(%u, %u) present", 1000 + i, i);
		if (pairset_has(p, i, 1000 + i))
			fail_msg("(%u, %u) present", i, 1000 + i);
	}
	pairset_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_init_empty),
		cmocka_unit_test(t_add_has),
		cmocka_unit_test(t_duplicates),
		cmocka_unit_test(t_order_kept),
		cmocka_unit_test(t_order_across_growth),
		cmocka_unit_test(t_clear),
		cmocka_unit_test(t_clear_empty),
		cmocka_unit_test(t_many_clears),
		cmocka_unit_test(t_epoch_wrap),
		cmocka_unit_test(t_edges),
		cmocka_unit_test(t_all_ids),
		cmocka_unit_test(t_pairset_add_has),
		cmocka_unit_test(t_pairset_order),
		cmocka_unit_test(t_pairset_edges),
		cmocka_unit_test(t_pairset_million),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_hash: FNV-1a hashing and the string-keyed hash map.
 *
 * The hash values are pinned to the published FNV-1a 64-bit test vectors,
 * so files or indexes that depend on them cannot change silently.  The map
 * tests cover put (replace), put_new (keep the first), misses, keys that
 * are equal but live at different addresses, and growth through 100 000
 * keys.  Links engine/util/{hash,xalloc}.c.
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

#include "engine/util/hash.h"

#define T_NKEYS 100000

/* compare 64-bit hashes and show both in hex when they differ */
static void
t_eq64(uint64_t got, uint64_t want, const char *what)
{
	if (got != want)
		fail_msg("%s = 0x%016llx, want 0x%016llx", what, (unsigned long long)got,
		    (unsigned long long)want);
}

static void
t_hash_vectors(void **state)
{
	(void)state;
	/* FNV-1a 64: offset basis 14695981039346656037 for "", reference vectors */
	t_eq64(hash_str(""), 0xcbf29ce484222325ULL, "hash_str(\"\")");
	t_eq64(hash_str("a"), 0xaf63dc4c8601ec8cULL, "hash_str(\"a\")");
	t_eq64(hash_str("foobar"), 0x85944171f73967e8ULL, "hash_str(\"foobar\")");
	t_eq64(hash_bytes("", 0), 0xcbf29ce484222325ULL, "hash_bytes(\"\", 0)");
	t_eq64(hash_bytes("a", 1), 0xaf63dc4c8601ec8cULL, "hash_bytes(\"a\", 1)");
	t_eq64(hash_bytes("foobar", 6), 0x85944171f73967e8ULL, "hash_bytes(\"foobar\", 6)");
}

static void
t_hash_consistent(void **state)
{
	const char *s[] = { "localhost", "web01;HTTP", "\xff\x80 high bytes", "x" };
	char copy[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		/* same value on every call, from any address, and as bytes */
		snprintf(copy, sizeof(copy), "%s", s[i]);
		assert_true(hash_str(s[i]) == hash_str(copy));
		assert_true(hash_str(s[i]) == hash_bytes(s[i], strlen(s[i])));
	}
	assert_true(hash_str("ab") != hash_str("ba"));
	/* hash_bytes reads past NULs; hash_str stops at one */
	assert_true(hash_bytes("a\0b", 3) != hash_str("a"));
}

/*
 * hash_mix64 spreads the low bits: over names like the bench estate's
 * (h000000;tcp000000...) FNV-1a ends in binary 11 five times in eight,
 * mixed each of the four endings comes about a quarter of the time.
 */
static void
t_mix_low_bits(void **state)
{
	unsigned raw[4] = { 0 }, mixed[4] = { 0 }, i, k;
	char name[64];

	(void)state;
	for (i = 0; i < 2000; i++) {
		uint64_t h;

		if (i < 1000)
			snprintf(name, sizeof(name), "h%06u", i);
		else
			snprintf(name, sizeof(name), "h%06u;tcp%06u", i - 1000, i - 1000);
		h = hash_str(name);
		raw[h & 3]++;
		mixed[hash_mix64(h) & 3]++;
	}
	assert_true(raw[3] > 1000); /* the weakness the mix is for */
	for (k = 0; k < 4; k++) {
		assert_true(mixed[k] > 400);
		assert_true(mixed[k] < 600);
	}
	/* a bijection's fixed points: 0 stays 0, nearby inputs part */
	t_eq64(hash_mix64(0), 0, "mix(0)");
	assert_true(hash_mix64(1) != hash_mix64(2));
}

static void
t_put_get(void **state)
{
	struct hmap *m = hmap_new(0);
	int v1 = 1, v2 = 2, v3 = 3;
	char key[] = "web01";

	(void)state;
	assert_int_equal(hmap_count(m), 0);
	assert_null(hmap_get(m, "web01"));
	assert_null(hmap_put(m, "web01", &v1));
	assert_int_equal(hmap_count(m), 1);
	assert_ptr_equal(hmap_get(m, "web01"), &v1);
	/* an equal key at another address finds the same entry */
	assert_ptr_equal(hmap_get(m, key), &v1);
	/* put replaces and hands back the previous value */
	assert_ptr_equal(hmap_put(m, key, &v2), &v1);
	assert_ptr_equal(hmap_get(m, "web01"), &v2);
	assert_int_equal(hmap_count(m), 1);
	assert_null(hmap_put(m, "web02", &v3));
	assert_int_equal(hmap_count(m), 2);
	assert_ptr_equal(hmap_get(m, "web02"), &v3);
	assert_ptr_equal(hmap_get(m, "web01"), &v2);
	hmap_free(m);
}

static void
t_put_new(void **state)
{
	struct hmap *m = hmap_new(4);
	int v1 = 1, v2 = 2;

	(void)state;
	assert_null(hmap_put_new(m, "cmd", &v1)); /* stored */
	assert_ptr_equal(hmap_get(m, "cmd"), &v1);
	/* already there: returns the existing value and keeps it */
	assert_ptr_equal(hmap_put_new(m, "cmd", &v2), &v1);
	assert_ptr_equal(hmap_get(m, "cmd"), &v1);
	assert_int_equal(hmap_count(m), 1);
	/* then put still replaces */
	assert_ptr_equal(hmap_put(m, "cmd", &v2), &v1);
	assert_ptr_equal(hmap_get(m, "cmd"), &v2);
	hmap_free(m);
}

static void
t_missing(void **state)
{
	struct hmap *m = hmap_new(0);
	int v = 1;

	(void)state;
	hmap_put(m, "host", &v);
	assert_null(hmap_get(m, "hos"));
	assert_null(hmap_get(m, "host "));
	assert_null(hmap_get(m, "HOST"));
	assert_null(hmap_get(m, ""));
	/* the empty string is an ordinary key */
	assert_null(hmap_put(m, "", &v));
	assert_ptr_equal(hmap_get(m, ""), &v);
	assert_int_equal(hmap_count(m), 2);
	hmap_free(m);
}

static void
t_null_value(void **state)
{
	struct hmap *m = hmap_new(0);

	(void)state;
	/* a NULL value is stored and counted, though get cannot tell it apart */
	assert_null(hmap_put(m, "k", NULL));
	assert_int_equal(hmap_count(m), 1);
	assert_null(hmap_get(m, "k"));
	hmap_free(m);
}

static void
t_growth(void **state)
{
	struct hmap *m = hmap_new(0);
	char (*keys)[16];
	uintptr_t i;
	char buf[16];

	(void)state;
	keys = malloc(T_NKEYS * sizeof(*keys));
	assert_non_null(keys);
	for (i = 0; i < T_NKEYS; i++) {
		snprintf(keys[i], sizeof(keys[i]), "k%lu", (unsigned long)i);
		assert_null(hmap_put_new(m, keys[i], (void *)(i + 1)));
	}
	assert_int_equal(hmap_count(m), T_NKEYS);
	for (i = 0; i < T_NKEYS; i++) {
		snprintf(buf, sizeof(buf), "k%lu", (unsigned long)i);
		if (hmap_get(m, buf) != (void *)(i + 1))
			fail_msg("key %s lost after growth", buf);
	}
	for (i = T_NKEYS; i < T_NKEYS + 1000; i++) {
		snprintf(buf, sizeof(buf), "k%lu", (unsigned long)i);
		assert_null(hmap_get(m, buf));
	}
	/* replacing every value leaves the count alone */
	for (i = 0; i < T_NKEYS; i += 7)
		assert_ptr_equal(hmap_put(m, keys[i], (void *)(i + 2)), (void *)(i + 1));
	assert_int_equal(hmap_count(m), T_NKEYS);
	assert_ptr_equal(hmap_get(m, "k7"), (void *)9);
	assert_ptr_equal(hmap_get(m, "k8"), (void *)9);
	hmap_free(m);
	free(keys);
}

static void
t_hint(void **state)
{
	struct hmap *m = hmap_new(5000);
	char (*keys)[16];
	uintptr_t i;

	(void)state;
	keys = malloc(5000 * sizeof(*keys));
	assert_non_null(keys);
	for (i = 0; i < 5000; i++) {
		snprintf(keys[i], sizeof(keys[i]), "h%lu", (unsigned long)i);
		hmap_put(m, keys[i], (void *)(i + 1));
	}
	assert_int_equal(hmap_count(m), 5000);
	for (i = 0; i < 5000; i++)
		assert_ptr_equal(hmap_get(m, keys[i]), (void *)(i + 1));
	hmap_free(m);
	free(keys);
	hmap_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_hash_vectors),
		cmocka_unit_test(t_hash_consistent),
		cmocka_unit_test(t_mix_low_bits),
		cmocka_unit_test(t_put_get),
		cmocka_unit_test(t_put_new),
		cmocka_unit_test(t_missing),
		cmocka_unit_test(t_null_value),
		cmocka_unit_test(t_growth),
		cmocka_unit_test(t_hint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_comment: the comment store (engine/notify/comment.c).
 *
 * Ids as Nagios hands them out (xcddefault_add_new_*_comment): id 0 takes
 * *next_id and increments it, skipping ids a comment read from retention
 * already holds; a given id is kept, raises *next_id past it and is
 * refused when taken.  The store stays sorted by id whatever order the
 * comments come in.  The fields are copied (author and text never NULL;
 * persistent and expires true only for 1, as Nagios's add_comment reads
 * them).  Deleting: by id, by object (a host's own comments, not its
 * services'; by entry type; persistent ones kept unless asked), every
 * non-persistent one.  ASan's leak check covers the frees.  Links
 * engine/notify/comment.c and the util library.
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

#include "engine/notify/comment.h"

#define T0 1600000000

/* add a user comment with the defaults tests do not care about */
static const struct comment *
add(struct comments *cs, unsigned long id, unsigned long *next, const char *host, const char *svc,
    int entry_type, int persistent)
{
	return comments_add(cs, id, next, entry_type, host, svc, T0, "admin", "text", persistent,
	    COMMENT_SOURCE_EXTERNAL, 0, 0);
}

static void
t_add_fields(void **state)
{
	struct comments *cs = comments_new();
	unsigned long next = 1;
	const struct comment *c;

	(void)state;
	c = comments_add(cs, 0, &next, COMMENT_ACKNOWLEDGEMENT, "web1", "HTTP", T0 + 5, "Jane Doe",
	    "fixing it; soon", 1, COMMENT_SOURCE_EXTERNAL, 1, T0 + 3600);
	assert_non_null(c);
	assert_int_equal(c->id, 1);
	assert_int_equal(next, 2);
	assert_string_equal(c->host, "web1");
	assert_string_equal(c->svc, "HTTP");
	assert_string_equal(c->author, "Jane Doe");
	assert_string_equal(c->text, "fixing it; soon");
	assert_int_equal(c->entry_type, COMMENT_ACKNOWLEDGEMENT);
	assert_int_equal(c->source, COMMENT_SOURCE_EXTERNAL);
	assert_int_equal(c->persistent, 1);
	assert_int_equal(c->expires, 1);
	assert_int_equal(c->entry_time, T0 + 5);
	assert_int_equal(c->expire_time, T0 + 3600);

	/* a host comment, no author, no text: both "" */
	c = comments_add(cs, 0, &next, COMMENT_USER, "web1", NULL, T0, NULL, NULL, 0,
	    COMMENT_SOURCE_INTERNAL, 0, 0);
	assert_non_null(c);
	assert_int_equal(c->id, 2);
	assert_null(c->svc);
	assert_string_equal(c->author, "");
	assert_string_equal(c->text, "");
	assert_int_equal(c->persistent, 0);
	assert_int_equal(c->expires, 0);

	/* Nagios keeps persistent and expires only when they are exactly 1 */
	c = comments_add(cs, 0, &next, COMMENT_USER, "web1", NULL, T0, "a", "b", 2,
	    COMMENT_SOURCE_EXTERNAL, 2, 0);
	assert_non_null(c);
	assert_int_equal(c->persistent, 0);
	assert_int_equal(c->expires, 0);

	/* no host: refused, nothing used up */
	assert_null(comments_add(cs, 0, &next, COMMENT_USER, NULL, NULL, T0, "a", "b", 0, 0, 0, 0));
	assert_int_equal(next, 4);
	assert_int_equal(comments_count(cs), 3);
	comments_free(cs);
}

static void
t_ids(void **state)
{
	struct comments *cs = comments_new();
	unsigned long next = 1;

	(void)state;
	/* retention: ids given, next raised past each one that is not below it */
	assert_non_null(add(cs, 5, &next, "h", NULL, COMMENT_USER, 1));
	assert_int_equal(next, 6);
	assert_non_null(add(cs, 2, &next, "h", NULL, COMMENT_USER, 1));
	assert_int_equal(next, 6);
	/* a taken id is refused and next stays */
	assert_null(add(cs, 5, &next, "h", "S", COMMENT_USER, 1));
	assert_int_equal(next, 6);
	/* a given id with no counter */
	assert_non_null(add(cs, 9, NULL, "h", NULL, COMMENT_USER, 1));
	/* id 0 without a counter cannot be */
	assert_null(add(cs, 0, NULL, "h", NULL, COMMENT_USER, 1));

	/* id 0 takes next, skipping ids already held (9 came without raising it) */
	next = 8;
	assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, 0)->id, 8);
	assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, 0)->id, 10);
	assert_int_equal(next, 11);
	/* a counter at 0 (never set) starts at 1 as Nagios's does */
	next = 0;
	assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, 0)->id, 1);
	assert_int_equal(next, 2);
	comments_free(cs);
}

static void
t_sorted(void **state)
{
	static const unsigned long in[] = { 7, 3, 12, 1, 5, 30, 4 };
	static const unsigned long out[] = { 1, 3, 4, 5, 7, 12, 30 };
	struct comments *cs = comments_new();
	unsigned long next = 1;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		assert_non_null(add(cs, in[i], &next, "h", NULL, COMMENT_USER, 1));
	assert_int_equal(next, 31);
	assert_int_equal(comments_count(cs), 7);
	for (i = 0; i < 7; i++)
		assert_int_equal(comments_at(cs, i)->id, out[i]);
	assert_null(comments_at(cs, 7));
	assert_int_equal(comments_find(cs, 12)->id, 12);
	assert_null(comments_find(cs, 2));
	assert_null(comments_find(cs, 31));
	assert_null(comments_find(cs, 0));

	/* deleting keeps the order */
	assert_int_equal(comments_delete(cs, 5), 0);
	assert_int_equal(comments_delete(cs, 5), -1);
	assert_int_equal(comments_delete(cs, 1), 0);
	assert_int_equal(comments_delete(cs, 30), 0);
	assert_int_equal(comments_delete(cs, 99), -1);
	assert_int_equal(comments_count(cs), 4);
	assert_int_equal(comments_at(cs, 0)->id, 3);
	assert_int_equal(comments_at(cs, 1)->id, 4);
	assert_int_equal(comments_at(cs, 2)->id, 7);
	assert_int_equal(comments_at(cs, 3)->id, 12);
	/* the next new one still goes past everything */
	assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, 0)->id, 31);
	assert_int_equal(comments_at(cs, 4)->id, 31);
	comments_free(cs);
}

/* the ids left in the store, as a string "1,2,3" */
static const char *
ids(const struct comments *cs)
{
	static char buf[256];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < comments_count(cs); i++) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%lu", i ? "," : "",
		    comments_at(cs, i)->id);
	}
	return buf;
}

static struct comments *
object_fixture(void)
{
	struct comments *cs = comments_new();
	unsigned long next = 1;

	add(cs, 0, &next, "h1", NULL, COMMENT_USER, 0);            /* 1 */
	add(cs, 0, &next, "h1", NULL, COMMENT_USER, 1);            /* 2 */
	add(cs, 0, &next, "h1", NULL, COMMENT_DOWNTIME, 0);        /* 3 */
	add(cs, 0, &next, "h1", "S1", COMMENT_USER, 0);            /* 4 */
	add(cs, 0, &next, "h1", "S1", COMMENT_ACKNOWLEDGEMENT, 0); /* 5 */
	add(cs, 0, &next, "h1", "S1", COMMENT_ACKNOWLEDGEMENT, 1); /* 6 */
	add(cs, 0, &next, "h1", "S2", COMMENT_USER, 0);            /* 7 */
	add(cs, 0, &next, "h2", NULL, COMMENT_USER, 0);            /* 8 */
	add(cs, 0, &next, "h2", "S1", COMMENT_USER, 1);            /* 9 */
	add(cs, 0, &next, "h10", NULL, COMMENT_USER, 0); /* 10: "h1" is not a prefix match */
	return cs;
}

static void
t_object(void **state)
{
	struct comments *cs = object_fixture();

	(void)state;
	assert_int_equal(comments_count_object(cs, "h1", NULL), 3);
	assert_int_equal(comments_count_object(cs, "h1", "S1"), 3);
	assert_int_equal(comments_count_object(cs, "h1", "S2"), 1);
	assert_int_equal(comments_count_object(cs, "h1", "S3"), 0);
	assert_int_equal(comments_count_object(cs, "h10", NULL), 1);
	assert_int_equal(comments_count_object(cs, "nosuch", NULL), 0);
	assert_int_equal(comments_count_object(cs, NULL, NULL), 0);

	/* non-persistent acknowledgement comments of h1;S1 (an ack removed) */
	assert_int_equal(comments_delete_object(cs, "h1", "S1", COMMENT_ACKNOWLEDGEMENT, 0), 1);
	assert_string_equal(ids(cs), "1,2,3,4,6,7,8,9,10");
	/* every type, persistent too: the rest of h1;S1, nothing of h1 or S2 */
	assert_int_equal(comments_delete_object(cs, "h1", "S1", 0, 1), 2);
	assert_string_equal(ids(cs), "1,2,3,7,8,9,10");
	/* the host's own comments, not its services', not h10's; persistent kept */
	assert_int_equal(comments_delete_object(cs, "h1", NULL, 0, 0), 2);
	assert_string_equal(ids(cs), "2,7,8,9,10");
	assert_int_equal(comments_delete_object(cs, "h1", NULL, 0, 1), 1);
	assert_string_equal(ids(cs), "7,8,9,10");
	assert_int_equal(comments_delete_object(cs, "h1", NULL, 0, 1), 0);
	assert_int_equal(comments_delete_object(cs, NULL, NULL, 0, 1), 0);
	assert_string_equal(ids(cs), "7,8,9,10");
	comments_free(cs);
}

static void
t_nonpersistent(void **state)
{
	struct comments *cs = object_fixture();
	unsigned long next = 11;

	(void)state;
	assert_int_equal(comments_delete_nonpersistent(cs), 7);
	assert_string_equal(ids(cs), "2,6,9");
	assert_int_equal(comments_delete_nonpersistent(cs), 0);
	/* ids are not reused after deletions */
	assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, 0)->id, 11);
	comments_free(cs);

	cs = comments_new();
	assert_int_equal(comments_delete_nonpersistent(cs), 0);
	assert_int_equal(comments_count(cs), 0);
	assert_null(comments_at(cs, 0));
	assert_null(comments_find(cs, 1));
	assert_int_equal(comments_delete(cs, 1), -1);
	comments_free(cs);
	comments_free(NULL);
}

/* many comments: appends, a delete in the middle, lookups */
static void
t_many(void **state)
{
	struct comments *cs = comments_new();
	unsigned long next = 1, i;

	(void)state;
	for (i = 0; i < 5000; i++)
		assert_int_equal(add(cs, 0, &next, "h", NULL, COMMENT_USER, (int)(i & 1))->id,
		    i + 1);
	for (i = 1; i <= 5000; i += 7)
		assert_int_equal(comments_delete(cs, i), 0);
	assert_int_equal(comments_count(cs), 5000 - 715);
	for (i = 1; i <= 5000; i++) {
		if ((i - 1) % 7 == 0)
			assert_null(comments_find(cs, i));
		else
			assert_int_equal(comments_find(cs, i)->id, i);
	}
	for (i = 1; i < comments_count(cs); i++)
		assert_true(comments_at(cs, i - 1)->id < comments_at(cs, i)->id);
	comments_free(cs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_add_fields),
		cmocka_unit_test(t_ids),
		cmocka_unit_test(t_sorted),
		cmocka_unit_test(t_object),
		cmocka_unit_test(t_nonpersistent),
		cmocka_unit_test(t_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

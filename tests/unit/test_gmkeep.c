/*
 * test_gmkeep: a kept job is sent again once after its timeout and grace,
 * with its queue, unique id and payload as kept, then let go after another
 * such wait; a dropped one never comes back; a slot kept anew gives only
 * its newest job; a send that fails lets the job go; due times come in
 * order whatever the order of keeping; slots numbered anew keep their
 * jobs, times and resends, the jobs of slots that are gone let go.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/main/gmkeep.h"

static char seen[16][64];
static size_t nseen;
static int fail_send;

static int
record(void *ctx, size_t slot, const struct gmkeep_job *job)
{
	(void)ctx;
	if (fail_send)
		return -1;
	assert_true(nseen < 16);
	snprintf(seen[nseen++], sizeof(seen[0]), "%zu %s %s %.*s %d %.0f", slot, job->queue,
	    job->uniq, (int)job->len, job->payload, job->prio, job->timeout);
	return 0;
}

static void
keep(struct gmkeep *k, size_t slot, const char *payload, double timeout, double now)
{
	struct gmkeep_job job = { "service", "h-s", payload, strlen(payload), 2, timeout };

	gmkeep_put(k, slot, &job, now);
}

static void
reset(void)
{
	nseen = 0;
	fail_send = 0;
}

static void
t_once_then_go(void **state)
{
	struct gmkeep *k = gmkeep_new(4, 10);
	size_t dropped;

	(void)state;
	reset();
	keep(k, 1, "pay\0load", 60, 1000); /* strlen: "pay" */
	assert_int_equal(gmkeep_due(k, 1069.9, record, NULL, &dropped), 0);
	assert_int_equal(gmkeep_due(k, 1070, record, NULL, &dropped), 1);
	assert_int_equal(dropped, 0);
	assert_string_equal(seen[0], "1 service h-s pay 2 60");
	assert_int_equal(gmkeep_count(k), 1);
	/* sent again already: after another wait it goes */
	assert_int_equal(gmkeep_due(k, 1139, record, NULL, &dropped), 0);
	assert_int_equal(gmkeep_due(k, 1140, record, NULL, &dropped), 0);
	assert_int_equal(dropped, 1);
	assert_int_equal(gmkeep_count(k), 0);
	assert_int_equal(nseen, 1);
	gmkeep_free(k);
}

static void
t_dropped(void **state)
{
	struct gmkeep *k = gmkeep_new(4, 10);

	(void)state;
	reset();
	keep(k, 0, "a", 30, 0);
	gmkeep_drop(k, 0);
	gmkeep_drop(k, 0); /* twice, and an unknown slot: nothing */
	gmkeep_drop(k, 99);
	assert_int_equal(gmkeep_count(k), 0);
	assert_int_equal(gmkeep_due(k, 1000, record, NULL, NULL), 0);
	assert_int_equal(nseen, 0);
	gmkeep_free(k);
}

static void
t_newest(void **state)
{
	struct gmkeep *k = gmkeep_new(4, 10);

	(void)state;
	reset();
	keep(k, 2, "first", 30, 0);
	keep(k, 2, "second", 30, 20);
	assert_int_equal(gmkeep_count(k), 1);
	/* the first one's time: stale */
	assert_int_equal(gmkeep_due(k, 45, record, NULL, NULL), 0);
	assert_int_equal(gmkeep_due(k, 60, record, NULL, NULL), 1);
	assert_string_equal(seen[0], "2 service h-s second 2 30");
	gmkeep_free(k);
}

static void
t_send_fails(void **state)
{
	struct gmkeep *k = gmkeep_new(4, 10);
	size_t dropped;

	(void)state;
	reset();
	keep(k, 3, "x", 30, 0);
	fail_send = 1;
	assert_int_equal(gmkeep_due(k, 40, record, NULL, &dropped), 0);
	assert_int_equal(dropped, 1);
	assert_int_equal(gmkeep_count(k), 0);
	gmkeep_free(k);
}

static void
t_order(void **state)
{
	struct gmkeep *k = gmkeep_new(8, 0);
	static const double timeouts[] = { 50, 10, 40, 20, 30, 5, 45 };
	size_t i;

	(void)state;
	reset();
	for (i = 0; i < 7; i++)
		keep(k, i, "p", timeouts[i], 0);
	assert_int_equal(gmkeep_due(k, 100, record, NULL, NULL), 7);
	/* slots by their due time: 5, 10, 20, 30, 40, 45, 50 */
	assert_int_equal(seen[0][0], '5');
	assert_int_equal(seen[1][0], '1');
	assert_int_equal(seen[2][0], '3');
	assert_int_equal(seen[3][0], '4');
	assert_int_equal(seen[4][0], '2');
	assert_int_equal(seen[5][0], '6');
	assert_int_equal(seen[6][0], '0');
	gmkeep_free(k);
}

/* slot i becomes slot ren_to[i] */
static size_t ren_to[8];
static size_t nasked;

static size_t
renumber_to(void *ctx, size_t slot)
{
	(void)ctx;
	nasked++;
	return ren_to[slot];
}

static void
t_renumber(void **state)
{
	struct gmkeep *k = gmkeep_new(6, 10);
	size_t dropped;

	(void)state;
	reset();
	keep(k, 0, "zero", 30, 0);   /* due at 40, moves to 4 */
	keep(k, 1, "one", 10, 0);    /* due at 20, sent again at 20: due at 40, moves to 0 */
	keep(k, 2, "two", 20, 0);    /* its object is gone */
	keep(k, 3, "three", 50, 0);  /* moves to 7: beyond the new slots, let go */
	keep(k, 5, "five", 25, 0);   /* dropped before: nothing to move */
	gmkeep_drop(k, 5);
	assert_int_equal(gmkeep_due(k, 20, record, NULL, NULL), 1);
	assert_string_equal(seen[0], "1 service h-s one 2 10");
	reset();
	ren_to[0] = 4;
	ren_to[1] = 0;
	ren_to[2] = GMKEEP_GONE;
	ren_to[3] = 7;
	ren_to[4] = ren_to[5] = 1;
	nasked = 0;
	gmkeep_renumber(k, 5, renumber_to, NULL);
	assert_int_equal(nasked, 4); /* the slots with a job only */
	assert_int_equal(gmkeep_count(k), 2);
	/* dropping an old number that is now free does nothing */
	gmkeep_drop(k, 1);
	assert_int_equal(gmkeep_count(k), 2);
	assert_int_equal(gmkeep_due(k, 39.9, record, NULL, NULL), 0);
	/* at 40: zero sent again at its new slot; one, sent once already, let go */
	assert_int_equal(gmkeep_due(k, 40, record, NULL, &dropped), 1);
	assert_int_equal(dropped, 1);
	assert_string_equal(seen[0], "4 service h-s zero 2 30");
	assert_int_equal(gmkeep_count(k), 1);
	/* the new slots take jobs as before */
	keep(k, 3, "new", 5, 40);
	assert_int_equal(gmkeep_count(k), 2);
	gmkeep_drop(k, 4);
	assert_int_equal(gmkeep_due(k, 60, record, NULL, NULL), 1);
	assert_string_equal(seen[1], "3 service h-s new 2 5");
	gmkeep_free(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_once_then_go),
		cmocka_unit_test(t_dropped),
		cmocka_unit_test(t_newest),
		cmocka_unit_test(t_send_fails),
		cmocka_unit_test(t_order),
		cmocka_unit_test(t_renumber),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

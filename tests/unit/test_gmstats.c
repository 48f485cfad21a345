/*
 * test_gmstats: the per-queue counts and times of checks sent to
 * gearmand.  Jobs count for their queue when sent and when their result
 * comes; a result with no job remembered (a second one, another object's,
 * after a forget) counts nowhere; jobs renumbered to a new generation's
 * ids are found there, those of objects gone are forgotten; round trip and latency are measured
 * from hand-over and from due; the queue table stays bounded, the rest
 * counting under GMSTATS_OTHER.  Links engine/main/gmstats.c, the drift
 * histogram and engine/util.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/main/gmstats.h"
#include "engine/sched/drift.h"

/* the queue called name, or NULL */
static const struct gmstats_queue *
find(const struct gmstats *st, const char *name)
{
	size_t i;

	for (i = 0; i < gmstats_nqueues(st); i++)
		if (strcmp(gmstats_queue(st, i)->name, name) == 0)
			return gmstats_queue(st, i);
	return NULL;
}

static void
t_counts_per_queue(void **state)
{
	struct gmstats *st = gmstats_new();
	const struct gmstats_queue *q;

	(void)state;
	assert_int_equal(gmstats_nqueues(st), 0);
	gmstats_sent(st, "service", 0, 0, 10.0, 10.0);
	gmstats_sent(st, "service", 0, 1, 10.0, 10.0);
	gmstats_sent(st, "hostgroup_web", 0, 2, 10.0, 10.0);
	gmstats_sent(st, "host", 1, 0, 10.0, 10.0);
	/* a host and a service of the same id are different objects */
	assert_int_equal(gmstats_result(st, 1, 0, 11.0), 1);
	assert_int_equal(gmstats_result(st, 0, 0, 11.0), 1);
	assert_int_equal(gmstats_result(st, 0, 0, 11.5), 0); /* a second result */
	assert_int_equal(gmstats_result(st, 0, 2, 11.0), 1);
	assert_int_equal(gmstats_result(st, 0, 7, 11.0), 0);     /* never sent */
	assert_int_equal(gmstats_result(st, 0, 100000, 11.0), 0); /* past the arrays */
	gmstats_orphan(st, "hostgroup_web");
	assert_int_equal(gmstats_nqueues(st), 3);
	assert_string_equal(gmstats_queue(st, 0)->name, "service");
	assert_null(gmstats_queue(st, 3));
	q = find(st, "service");
	assert_int_equal(q->sent, 2);
	assert_int_equal(q->results, 1);
	assert_int_equal(q->orphans, 0);
	q = find(st, "hostgroup_web");
	assert_int_equal(q->sent, 1);
	assert_int_equal(q->results, 1);
	assert_int_equal(q->orphans, 1);
	q = find(st, "host");
	assert_int_equal(q->sent, 1);
	assert_int_equal(q->results, 1);
	assert_int_equal(drift_count(gmstats_rtt(st)), 3);
	gmstats_free(st);
}

static void
t_times(void **state)
{
	struct gmstats *st = gmstats_new();

	(void)state;
	/* due at 98, handed over at 100, applied at 100.25 */
	gmstats_sent(st, "service", 0, 5, 100.0, 98.0);
	assert_int_equal(gmstats_result(st, 0, 5, 100.25), 1);
	assert_int_equal(drift_max(gmstats_rtt(st)), 250000);
	assert_int_equal(drift_max(gmstats_latency(st)), 2250000);
	/* a due time after the hand-over is taken as the hand-over */
	gmstats_sent(st, "service", 0, 6, 200.0, 205.0);
	assert_int_equal(gmstats_result(st, 0, 6, 200.5), 1);
	assert_int_equal(drift_count(gmstats_latency(st)), 2);
	assert_true(drift_mean(gmstats_latency(st)) == (2250000.0 + 500000.0) / 2);
	/* a clock that went back counts 0, not a wrapped huge value */
	gmstats_sent(st, "service", 0, 7, 300.0, 300.0);
	assert_int_equal(gmstats_result(st, 0, 7, 299.0), 1);
	assert_int_equal(drift_max(gmstats_rtt(st)), 500000);
	gmstats_free(st);
}

static void
t_resend_and_forget(void **state)
{
	struct gmstats *st = gmstats_new();

	(void)state;
	/* a job sent again before the result: the second one is timed */
	gmstats_sent(st, "a", 0, 3, 10.0, 10.0);
	gmstats_sent(st, "b", 0, 3, 20.0, 20.0);
	assert_int_equal(gmstats_result(st, 0, 3, 21.0), 1);
	assert_int_equal(find(st, "a")->results, 0);
	assert_int_equal(find(st, "b")->results, 1);
	assert_int_equal(drift_max(gmstats_rtt(st)), 1000000);
	/* a new generation: jobs forgotten, counts kept */
	gmstats_sent(st, "a", 1, 3, 30.0, 30.0);
	gmstats_forget(st);
	assert_int_equal(gmstats_result(st, 1, 3, 31.0), 0);
	assert_int_equal(find(st, "a")->sent, 2);
	gmstats_forget(st);
	gmstats_free(st);
	gmstats_free(NULL);
}

/* hosts keep their ids; service id i becomes 100 + i, odd ones are gone */
static unsigned
renumber_to(void *ctx, int is_host, unsigned id)
{
	(void)ctx;
	if (is_host)
		return id;
	return id % 2 ? GMSTATS_GONE : 100 + id;
}

static void
t_renumber(void **state)
{
	struct gmstats *st = gmstats_new();

	(void)state;
	gmstats_sent(st, "a", 0, 2, 10.0, 9.0);
	gmstats_sent(st, "a", 0, 3, 10.0, 10.0);
	gmstats_sent(st, "b", 1, 3, 10.0, 10.0);
	gmstats_renumber(st, renumber_to, NULL);
	assert_int_equal(gmstats_result(st, 0, 2, 11.0), 0);
	assert_int_equal(gmstats_result(st, 0, 3, 11.0), 0);
	assert_int_equal(gmstats_result(st, 0, 103, 11.0), 0);
	assert_int_equal(gmstats_result(st, 0, 102, 12.0), 1);
	assert_int_equal(drift_max(gmstats_latency(st)), 3000000);
	assert_int_equal(gmstats_result(st, 1, 3, 12.0), 1);
	assert_int_equal(find(st, "a")->results, 1);
	assert_int_equal(find(st, "b")->results, 1);
	/* nothing remembered: renumbering is a no-op */
	gmstats_renumber(st, renumber_to, NULL);
	assert_int_equal(gmstats_result(st, 0, 102, 13.0), 0);
	gmstats_free(st);
}

static void
t_bounded(void **state)
{
	struct gmstats *st = gmstats_new();
	const struct gmstats_queue *other;
	char name[32];
	unsigned i;

	(void)state;
	for (i = 0; i < 3 * GMSTATS_QUEUES_MAX; i++) {
		snprintf(name, sizeof(name), "hostgroup_g%u", i);
		gmstats_sent(st, name, 0, i, 1.0, 1.0);
	}
	assert_int_equal(gmstats_nqueues(st), GMSTATS_QUEUES_MAX);
	assert_string_equal(gmstats_queue(st, GMSTATS_QUEUES_MAX - 1)->name, GMSTATS_OTHER);
	other = find(st, GMSTATS_OTHER);
	assert_int_equal(other->sent, 2 * GMSTATS_QUEUES_MAX + 1);
	/* the first ones still count apart, the others together */
	gmstats_orphan(st, "hostgroup_g0");
	gmstats_orphan(st, "hostgroup_g999");
	assert_int_equal(find(st, "hostgroup_g0")->orphans, 1);
	assert_int_equal(other->orphans, 1);
	assert_int_equal(gmstats_result(st, 0, 3 * GMSTATS_QUEUES_MAX - 1, 2.0), 1);
	assert_int_equal(other->results, 1);
	gmstats_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_counts_per_queue),
		cmocka_unit_test(t_times),
		cmocka_unit_test(t_resend_and_forget),
		cmocka_unit_test(t_bounded),
		cmocka_unit_test(t_renumber),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_runq: the run queue.  Entries come out in push order; the global
 * gate stops everything, the host gate only its key; an entry that waited
 * for its key goes before everything pushed after it once a slot frees;
 * removal works wherever the entry waits; direct starts, reconfiguration
 * (limits up and down, keys added and dropped) and the depth and running
 * figures are exact; the oldest entry is the one queued longest, parked
 * or not.  A randomized test compares every pop and the oldest entry
 * with a model that scans a flat array, and a big run checks nothing is
 * quadratic.
 * Links engine/sched/runq.c and engine/util.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "engine/sched/runq.h"

#define NE 64

static struct runq_ent ents[NE];

static void
reset_ents(void)
{
	memset(ents, 0, sizeof(ents));
}

static int
idx(const struct runq_ent *e)
{
	return e == NULL ? -1 : (int)(e - ents);
}

static int
pop_idx(struct runq *q)
{
	return idx(runq_pop(q));
}

static void
t_fifo_unlimited(void **state)
{
	struct runq *q = runq_new(0, 0, 4);
	int i;

	(void)state;
	reset_ents();
	assert_null(runq_pop(q));
	for (i = 0; i < 10; i++)
		runq_push(q, &ents[i], (unsigned)(i % 2)); /* all on two hosts */
	assert_int_equal(runq_depth(q), 10);
	assert_int_equal(runq_max_depth(q), 10);
	assert_true(ents[3].queued);
	assert_int_equal(ents[3].key, 1);
	for (i = 0; i < 10; i++) {
		assert_int_equal(pop_idx(q), i);
		assert_false(ents[i].queued);
	}
	assert_null(runq_pop(q));
	assert_int_equal(runq_depth(q), 0);
	assert_int_equal(runq_max_depth(q), 10);
	assert_int_equal(runq_running(q), 10);
	assert_int_equal(runq_running_key(q, 0), 5);
	assert_int_equal(runq_running_key(q, 1), 5);
	assert_int_equal(runq_running_key(q, 2), 0);
	assert_int_equal(runq_running_key(q, 99), 0);
	for (i = 0; i < 10; i++)
		runq_done(q, (unsigned)(i % 2));
	assert_int_equal(runq_running(q), 0);
	runq_free(q);
	runq_free(NULL);
}

static void
t_global_gate(void **state)
{
	struct runq *q = runq_new(2, 0, 3);
	int i;

	(void)state;
	reset_ents();
	for (i = 0; i < 5; i++)
		runq_push(q, &ents[i], (unsigned)(i % 3));
	assert_false(runq_global_full(q));
	assert_int_equal(pop_idx(q), 0);
	assert_int_equal(pop_idx(q), 1);
	assert_null(runq_pop(q));
	assert_true(runq_global_full(q));
	assert_false(runq_can_start(q, 2));
	assert_int_equal(runq_depth(q), 3);
	runq_done(q, 1);
	assert_false(runq_global_full(q));
	assert_true(runq_can_start(q, 2));
	assert_int_equal(pop_idx(q), 2);
	assert_null(runq_pop(q));
	runq_done(q, 0);
	runq_done(q, 2);
	assert_int_equal(pop_idx(q), 3);
	assert_int_equal(pop_idx(q), 4);
	assert_null(runq_pop(q));
	assert_int_equal(runq_running(q), 2);
	runq_free(q);
}

static void
t_host_gate(void **state)
{
	struct runq *q = runq_new(0, 1, 3);

	(void)state;
	reset_ents();
	runq_push(q, &ents[0], 0);
	runq_push(q, &ents[1], 0);
	runq_push(q, &ents[2], 1);
	runq_push(q, &ents[3], 0);
	runq_push(q, &ents[4], 2);
	assert_int_equal(pop_idx(q), 0);
	/* 1 and 3 wait for host 0; the others pass them */
	assert_int_equal(pop_idx(q), 2);
	assert_int_equal(pop_idx(q), 4);
	assert_null(runq_pop(q));
	assert_int_equal(runq_depth(q), 2);
	/* waiting at a host's limit only: no global limit to be full */
	assert_false(runq_global_full(q));
	assert_true(ents[1].queued && ents[3].queued);
	assert_false(runq_can_start(q, 0));
	assert_false(runq_can_start(q, 1));
	runq_done(q, 1);
	assert_true(runq_can_start(q, 1));
	assert_null(runq_pop(q)); /* a free slot of host 1 does not help host 0 */
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 1);
	assert_null(runq_pop(q));
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 3);
	assert_int_equal(runq_depth(q), 0);
	assert_int_equal(runq_running(q), 2);
	runq_free(q);
}

static void
t_host_limit_two(void **state)
{
	struct runq *q = runq_new(0, 2, 2);
	int i;

	(void)state;
	reset_ents();
	for (i = 0; i < 6; i++)
		runq_push(q, &ents[i], 0);
	runq_push(q, &ents[6], 1);
	assert_int_equal(pop_idx(q), 0);
	assert_int_equal(pop_idx(q), 1);
	assert_int_equal(pop_idx(q), 6);
	assert_null(runq_pop(q));
	assert_int_equal(runq_running_key(q, 0), 2);
	runq_done(q, 0);
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 2);
	assert_int_equal(pop_idx(q), 3);
	assert_null(runq_pop(q));
	runq_free(q);
}

/* a slot that frees lets the oldest waiting entry go before newer ones */
static void
t_freed_slot_goes_first(void **state)
{
	struct runq *q = runq_new(0, 1, 8);

	(void)state;
	reset_ents();
	runq_push(q, &ents[0], 0);
	assert_int_equal(pop_idx(q), 0);
	runq_push(q, &ents[1], 0); /* waits for host 0 */
	runq_push(q, &ents[2], 1);
	assert_int_equal(pop_idx(q), 2);
	runq_push(q, &ents[3], 2);
	runq_push(q, &ents[4], 3);
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 1);
	assert_int_equal(pop_idx(q), 3);
	assert_int_equal(pop_idx(q), 4);
	runq_free(q);
}

/* several hosts freed in reverse order still start in push order */
static void
t_ready_keys_in_push_order(void **state)
{
	struct runq *q = runq_new(0, 1, 4);
	int i;

	(void)state;
	reset_ents();
	for (i = 0; i < 4; i++)
		runq_push(q, &ents[i], (unsigned)i);
	for (i = 0; i < 4; i++)
		assert_int_equal(pop_idx(q), i);
	/* 4..11 wait: keys 3,2,1,0,3,2,1,0 */
	for (i = 4; i < 12; i++)
		runq_push(q, &ents[i], (unsigned)(3 - i % 4));
	assert_null(runq_pop(q));
	runq_push(q, &ents[12], 0);
	runq_done(q, 0);
	runq_done(q, 1);
	runq_done(q, 2);
	runq_done(q, 3);
	assert_int_equal(pop_idx(q), 4); /* key 3 */
	assert_int_equal(pop_idx(q), 5); /* key 2 */
	assert_int_equal(pop_idx(q), 6); /* key 1 */
	assert_int_equal(pop_idx(q), 7); /* key 0 */
	assert_null(runq_pop(q));
	runq_done(q, 1);
	runq_done(q, 3);
	assert_int_equal(pop_idx(q), 8); /* key 3 */
	assert_int_equal(pop_idx(q), 10); /* key 1 */
	assert_null(runq_pop(q));
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 11);
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 12);
	assert_int_equal(runq_depth(q), 1); /* 9, key 2 */
	runq_free(q);
}

static void
t_remove(void **state)
{
	struct runq *q = runq_new(0, 1, 3);

	(void)state;
	reset_ents();
	runq_push(q, &ents[0], 0);
	runq_push(q, &ents[1], 0);
	runq_push(q, &ents[2], 0);
	runq_push(q, &ents[3], 0);
	runq_push(q, &ents[4], 1);
	runq_push(q, &ents[5], 1);
	runq_remove(q, &ents[5]); /* from the main list */
	assert_false(ents[5].queued);
	runq_remove(q, &ents[5]); /* not queued: no-op */
	assert_int_equal(runq_depth(q), 5);
	assert_int_equal(pop_idx(q), 0);
	assert_int_equal(pop_idx(q), 4);
	assert_null(runq_pop(q)); /* 1, 2, 3 now wait */
	runq_remove(q, &ents[2]); /* the middle of a waiting list */
	runq_done(q, 0);
	runq_remove(q, &ents[1]); /* the head of a ready key */
	assert_int_equal(runq_depth(q), 1);
	assert_int_equal(pop_idx(q), 3);
	assert_null(runq_pop(q));
	runq_done(q, 0);
	runq_remove(q, &ents[4]); /* popped, not queued: no-op */
	assert_int_equal(runq_running(q), 1);
	/* the last waiting entry of a ready key */
	runq_push(q, &ents[6], 1);
	assert_null(runq_pop(q));
	runq_done(q, 1);
	runq_remove(q, &ents[6]);
	assert_null(runq_pop(q));
	assert_int_equal(runq_depth(q), 0);
	/* a removed entry can be pushed again, at the back */
	runq_push(q, &ents[7], 2);
	runq_push(q, &ents[2], 2);
	assert_int_equal(pop_idx(q), 7);
	runq_done(q, 2);
	assert_int_equal(pop_idx(q), 2);
	runq_free(q);
}

static void
t_start_direct(void **state)
{
	struct runq *q = runq_new(3, 1, 2);

	(void)state;
	reset_ents();
	assert_true(runq_can_start(q, 0));
	runq_start_direct(q, 0);
	assert_false(runq_can_start(q, 0));
	assert_true(runq_can_start(q, 1));
	assert_int_equal(runq_running(q), 1);
	runq_push(q, &ents[0], 0);
	assert_null(runq_pop(q)); /* waits */
	runq_done(q, 0); /* key 0 ready */
	runq_start_direct(q, 0); /* and full again */
	assert_null(runq_pop(q));
	assert_int_equal(runq_depth(q), 1);
	runq_start_direct(q, 1);
	assert_false(runq_can_start(q, 1));
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 0);
	/* global limit 3: 1 + 1 running */
	runq_done(q, 1);
	runq_start_direct(q, 1);
	assert_int_equal(runq_running(q), 2);
	runq_start_direct(q, 5); /* a key past nkeys: global count only */
	assert_int_equal(runq_running(q), 3);
	assert_false(runq_can_start(q, 5));
	runq_done(q, 5);
	assert_true(runq_can_start(q, 5));
	runq_free(q);
}

static void
t_reconfigure(void **state)
{
	struct runq *q = runq_new(0, 1, 2);
	int i;

	(void)state;
	reset_ents();
	for (i = 0; i < 4; i++)
		runq_push(q, &ents[i], 0);
	runq_push(q, &ents[4], 1);
	assert_int_equal(pop_idx(q), 0);
	assert_int_equal(pop_idx(q), 4);
	assert_null(runq_pop(q));
	/* a higher host limit frees the waiting entries, in order */
	runq_reconfigure(q, 0, 3, 2);
	assert_int_equal(pop_idx(q), 1);
	assert_int_equal(pop_idx(q), 2);
	assert_null(runq_pop(q));
	assert_int_equal(runq_running_key(q, 0), 3);
	/* a lower global limit: what runs is kept and more must wait */
	runq_reconfigure(q, 2, 0, 2);
	assert_int_equal(runq_running(q), 4);
	assert_null(runq_pop(q));
	runq_done(q, 0);
	runq_done(q, 0);
	assert_null(runq_pop(q));
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 3);
	/* more keys: the new ones start empty */
	runq_reconfigure(q, 0, 1, 5);
	assert_int_equal(runq_running_key(q, 1), 1);
	assert_int_equal(runq_running_key(q, 4), 0);
	runq_push(q, &ents[5], 4);
	assert_int_equal(pop_idx(q), 5);
	/* fewer keys: key 4's check still runs, counted globally */
	runq_reconfigure(q, 0, 1, 2);
	assert_int_equal(runq_running(q), 3);
	assert_int_equal(runq_running_key(q, 4), 0);
	runq_done(q, 4);
	assert_int_equal(runq_running(q), 2);
	/* key 1 dropped and added back: its count restarts at 0 */
	runq_reconfigure(q, 0, 1, 1);
	runq_reconfigure(q, 0, 1, 2);
	assert_int_equal(runq_running_key(q, 1), 0);
	runq_done(q, 1);
	assert_int_equal(runq_running_key(q, 1), 0);
	assert_int_equal(runq_running(q), 1);
	/* no keys at all */
	runq_reconfigure(q, 0, 1, 0);
	assert_true(runq_can_start(q, 0));
	runq_free(q);
}

/* the oldest entry, parked at its host limit or not */
static void
t_oldest(void **state)
{
	struct runq *q = runq_new(0, 1, 3);

	(void)state;
	reset_ents();
	assert_null(runq_oldest(q));
	runq_push(q, &ents[0], 0);
	runq_push(q, &ents[1], 0);
	runq_push(q, &ents[2], 1);
	runq_push(q, &ents[3], 0);
	runq_push(q, &ents[4], 2);
	assert_int_equal(idx(runq_oldest(q)), 0);
	/* 0 starts; 1 parks behind key 0's limit and stays the oldest */
	assert_int_equal(pop_idx(q), 0);
	assert_int_equal(idx(runq_oldest(q)), 1);
	assert_int_equal(pop_idx(q), 2);
	assert_int_equal(pop_idx(q), 4);
	assert_true(ents[1].queued && ents[3].queued);
	assert_int_equal(idx(runq_oldest(q)), 1);
	runq_remove(q, &ents[1]);
	assert_int_equal(idx(runq_oldest(q)), 3);
	runq_push(q, &ents[5], 1);
	assert_int_equal(idx(runq_oldest(q)), 3);
	runq_done(q, 0);
	assert_int_equal(pop_idx(q), 3);
	assert_int_equal(idx(runq_oldest(q)), 5);
	runq_done(q, 1);
	assert_int_equal(pop_idx(q), 5);
	assert_null(runq_oldest(q));
	runq_free(q);
}

/*
 * The model: entries in a flat array with their push sequence; a pop
 * scans for the oldest queued entry whose key is below the host limit.
 */
#define MN 300
#define MK 7

struct model {
	int queued[MN];
	uint64_t seq[MN];
	unsigned key[MN];
	unsigned running_key[MK];
	size_t running;
	uint64_t nextseq;
	unsigned glim;
	unsigned hlim;
};

static int
model_pop(struct model *m)
{
	int i, best = -1;

	if (m->glim != 0 && m->running >= m->glim)
		return -1;
	for (i = 0; i < MN; i++) {
		if (!m->queued[i])
			continue;
		if (m->hlim != 0 && m->running_key[m->key[i]] >= m->hlim)
			continue;
		if (best < 0 || m->seq[i] < m->seq[best])
			best = i;
	}
	if (best >= 0) {
		m->queued[best] = 0;
		m->running++;
		m->running_key[m->key[best]]++;
	}
	return best;
}

/* the oldest queued entry, whatever its key: what runq_oldest must say */
static int
model_oldest(const struct model *m)
{
	int i, best = -1;

	for (i = 0; i < MN; i++)
		if (m->queued[i] && (best < 0 || m->seq[i] < m->seq[best]))
			best = i;
	return best;
}

static uint32_t
xs(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void
run_model(uint32_t seed, int nops)
{
	static struct runq_ent me[MN];
	struct model *m = calloc(1, sizeof(*m));
	unsigned *runkeys = calloc(MN * 4, sizeof(*runkeys)); /* keys of running checks */
	size_t nrun = 0, depth = 0, maxdepth = 0;
	struct runq *q;
	int op, i;

	assert_true(m != NULL && runkeys != NULL);
	memset(me, 0, sizeof(me));
	m->glim = seed % 3 == 0 ? 0 : 1 + seed % 9;
	m->hlim = seed % 4 == 0 ? 0 : 1 + seed % 3;
	q = runq_new(m->glim, m->hlim, MK);
	for (op = 0; op < nops; op++) {
		uint32_t r = xs(&seed);
		int id = (int)((r >> 8) % MN);
		unsigned key = (r >> 20) % MK;
		struct runq_ent *p;
		int got, want;

		switch (r % 16) {
		case 0:
		case 1:
		case 2:
		case 3:
		case 4:
			if (me[id].queued)
				break;
			runq_push(q, &me[id], key);
			m->queued[id] = 1;
			m->seq[id] = m->nextseq++;
			m->key[id] = key;
			if (++depth > maxdepth)
				maxdepth = depth;
			break;
		case 5:
		case 6:
		case 7:
		case 8:
			/* the queue's choice and the model's must be the same entry */
			p = runq_pop(q);
			got = p == NULL ? -1 : (int)(p - me);
			want = model_pop(m);
			assert_int_equal(got, want);
			if (got >= 0) {
				depth--;
				assert_false(me[got].queued);
				assert_true(nrun < MN * 4);
				runkeys[nrun++] = me[got].key;
			}
			break;
		case 9:
		case 10:
		case 11:
		case 15:
			if (nrun == 0)
				break;
			i = (int)((r >> 8) % nrun);
			runq_done(q, runkeys[i]);
			m->running--;
			m->running_key[runkeys[i]]--;
			runkeys[i] = runkeys[--nrun];
			break;
		case 12:
			if (!me[id].queued)
				break;
			runq_remove(q, &me[id]);
			m->queued[id] = 0;
			depth--;
			break;
		case 13:
			assert_int_equal(runq_can_start(q, key),
			    (m->glim == 0 || m->running < m->glim) &&
				(m->hlim == 0 || m->running_key[key] < m->hlim));
			if (runq_can_start(q, key) && nrun < MN * 4) {
				runq_start_direct(q, key);
				m->running++;
				m->running_key[key]++;
				runkeys[nrun++] = key;
			}
			break;
		case 14:
			if ((r >> 12) % 8 != 0)
				break;
			m->glim = (r >> 16) % 4 == 0 ? 0 : 1 + (r >> 16) % 12;
			m->hlim = (r >> 20) % 4 == 0 ? 0 : 1 + (r >> 20) % 3;
			runq_reconfigure(q, m->glim, m->hlim, MK);
			break;
		default:
			break;
		}
		assert_int_equal(runq_depth(q), depth);
		p = runq_oldest(q);
		assert_int_equal(p == NULL ? -1 : (int)(p - me), model_oldest(m));
		assert_int_equal(runq_max_depth(q), maxdepth);
		assert_int_equal(runq_running(q), m->running);
		for (i = 0; i < MK; i++)
			assert_int_equal(runq_running_key(q, (unsigned)i), m->running_key[i]);
	}
	runq_free(q);
	free(runkeys);
	free(m);
}

static void
t_random_vs_model(void **state)
{
	uint32_t seed;

	(void)state;
	for (seed = 1; seed <= 24; seed++)
		run_model(seed * 2654435761u, 6000);
}


/*
 * 200 000 checks on 1 000 hosts, one at a time per host, 50 at a time in
 * all: every check starts once, each host's in push order, and the whole
 * run stays fast (not asserted: a queue that rescanned waiting entries
 * would make this test slow, not wrong).
 */
static void
t_big_run(void **state)
{
	enum { N = 200000, K = 1000, G = 50 };
	struct runq_ent *e = calloc(N, sizeof(*e));
	uint64_t *last = calloc(K, sizeof(*last));
	unsigned *inflight = calloc(G, sizeof(*inflight));
	struct runq *q = runq_new(G, 1, K);
	size_t started = 0, nin = 0, i;
	uint32_t r = 7;

	(void)state;
	assert_true(e != NULL && last != NULL && inflight != NULL);
	/* hot hosts first: the first 100 000 checks are on 10 hosts */
	for (i = 0; i < N; i++) {
		r = xs(&r);
		runq_push(q, &e[i], i < N / 2 ? (unsigned)(r % 10) : (unsigned)(r % K));
	}
	assert_int_equal(runq_max_depth(q), N);
	while (started < N) {
		struct runq_ent *p;

		while ((p = runq_pop(q)) != NULL) {
			size_t n = (size_t)(p - e);

			/* per host, push order */
			assert_true(last[p->key] == 0 || last[p->key] < n + 1);
			last[p->key] = n + 1;
			assert_true(nin < G);
			inflight[nin++] = p->key;
			started++;
		}
		assert_int_equal(runq_running(q), nin);
		assert_true(nin > 0);
		/* end a random running check */
		r = xs(&r);
		i = r % nin;
		runq_done(q, inflight[i]);
		inflight[i] = inflight[--nin];
	}
	assert_int_equal(runq_depth(q), 0);
	runq_free(q);
	free(e);
	free(last);
	free(inflight);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_fifo_unlimited),
		cmocka_unit_test(t_global_gate),
		cmocka_unit_test(t_host_gate),
		cmocka_unit_test(t_host_limit_two),
		cmocka_unit_test(t_freed_slot_goes_first),
		cmocka_unit_test(t_ready_keys_in_push_order),
		cmocka_unit_test(t_remove),
		cmocka_unit_test(t_start_direct),
		cmocka_unit_test(t_reconfigure),
		cmocka_unit_test(t_oldest),
		cmocka_unit_test(t_random_vs_model),
		cmocka_unit_test(t_big_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

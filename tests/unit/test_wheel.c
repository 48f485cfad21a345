/*
 * test_wheel: the tick wheel.  Entries fire in due order and, within a
 * tick, in add order (also when some came from the overflow heap and some
 * were added directly); entries due at or before the current tick fire at
 * the start of the next advance and never in the call that added them;
 * overflow entries keep their exact due tick; a step of a million million
 * ticks costs what fires; wheel_next_due and wheel_count stay exact.  A
 * randomized test drives the wheel and a naive model (a flat array that
 * is scanned) through thousands of adds, moves, removes and advances,
 * with callbacks that change the schedule, and compares every firing.
 * Links engine/sched/wheel.c and engine/util.
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

#include "engine/sched/wheel.h"

#define NENT 256
#define MAXFIRE 200000

struct item {
	struct wheel_ent ent; /* first, so the entry's address is the item's */
	int id;
};

/* what the fire callbacks saw */
struct log {
	int id[MAXFIRE];
	uint64_t at[MAXFIRE]; /* wheel_now when it fired */
	size_t n;
};

struct fix {
	struct wheel *w;
	struct item it[NENT];
	struct log log;
	/* optional action run from the callback of one item */
	int act_id;
	void (*act)(struct fix *f, struct item *it);
};

static struct fix *
fix_new(unsigned nslots, uint64_t now)
{
	struct fix *f = calloc(1, sizeof(*f));
	int i;

	assert_non_null(f);
	f->w = wheel_new(nslots, now);
	for (i = 0; i < NENT; i++) {
		wheel_ent_init(&f->it[i].ent);
		f->it[i].id = i;
	}
	f->act_id = -1;
	return f;
}

static void
fix_free(struct fix *f)
{
	wheel_free(f->w);
	free(f);
}

static void
on_fire(struct wheel_ent *e, void *arg)
{
	struct fix *f = arg;
	struct item *it = (struct item *)e;

	assert_false(wheel_is_scheduled(e));
	assert_true(f->log.n < MAXFIRE);
	f->log.id[f->log.n] = it->id;
	f->log.at[f->log.n] = wheel_now(f->w);
	f->log.n++;
	if (f->act != NULL && (f->act_id < 0 || f->act_id == it->id))
		f->act(f, it);
}

static size_t
adv(struct fix *f, uint64_t to)
{
	return wheel_advance(f->w, to, on_fire, f);
}

static void
add(struct fix *f, int id, uint64_t due)
{
	wheel_add(f->w, &f->it[id].ent, due);
}

static void
assert_log(const struct fix *f, const int *ids, size_t n)
{
	size_t i;

	assert_int_equal(f->log.n, n);
	for (i = 0; i < n; i++)
		assert_int_equal(f->log.id[i], ids[i]);
}

static void
t_new_empty(void **state)
{
	struct fix *f = fix_new(0, 5);

	(void)state;
	assert_int_equal(wheel_now(f->w), 5);
	assert_int_equal(wheel_count(f->w), 0);
	assert_true(wheel_next_due(f->w) == UINT64_MAX);
	assert_int_equal(adv(f, 4), 0);
	assert_int_equal(wheel_now(f->w), 5);
	assert_int_equal(adv(f, 1000000), 0);
	assert_int_equal(wheel_now(f->w), 1000000);
	assert_false(wheel_is_scheduled(&f->it[0].ent));
	wheel_free(NULL);
	fix_free(f);
}

static void
t_due_order_and_ties(void **state)
{
	struct fix *f = fix_new(64, 0);
	static const int want[] = { 3, 1, 4, 0, 2, 5 };

	(void)state;
	add(f, 0, 10);
	add(f, 1, 5);
	add(f, 2, 10);
	add(f, 3, 1);
	add(f, 4, 5);
	add(f, 5, 63);
	assert_int_equal(wheel_count(f->w), 6);
	assert_true(wheel_next_due(f->w) == 1);
	assert_int_equal(adv(f, 4), 1);
	assert_int_equal(adv(f, 64), 5);
	assert_log(f, want, 6);
	assert_true(f->log.at[0] == 1 && f->log.at[1] == 5 && f->log.at[3] == 10);
	assert_true(f->log.at[5] == 63);
	assert_int_equal(wheel_count(f->w), 0);
	fix_free(f);
}

static void
t_past_due_next_call(void **state)
{
	struct fix *f = fix_new(64, 100);
	static const int want[] = { 1, 2, 3, 0, 4 };

	(void)state;
	add(f, 0, 50);
	add(f, 1, 30);
	add(f, 2, 30);
	add(f, 3, 40);
	add(f, 4, 100); /* the current tick counts as done */
	assert_true(wheel_next_due(f->w) == 30);
	assert_int_equal(adv(f, 99), 0); /* a step back does nothing */
	assert_int_equal(wheel_count(f->w), 5);
	assert_int_equal(adv(f, 100), 5);
	assert_log(f, want, 5);
	/* e->due keeps what the caller asked for */
	assert_true(f->it[1].ent.due == 30);
	add(f, 5, 100);
	assert_int_equal(adv(f, 100), 1);
	fix_free(f);
}

static void
readd_same_tick(struct fix *f, struct item *it)
{
	/* due at the tick that is firing: must wait for the next call */
	wheel_add(f->w, &it->ent, wheel_now(f->w));
}

static void
t_readd_now_waits(void **state)
{
	struct fix *f = fix_new(64, 0);

	(void)state;
	f->act = readd_same_tick;
	add(f, 0, 3);
	assert_int_equal(adv(f, 10), 1);
	assert_true(f->log.at[0] == 3);
	assert_true(wheel_is_scheduled(&f->it[0].ent));
	assert_true(wheel_next_due(f->w) == 3);
	/* and it keeps coming back, once per call, even when to == now */
	assert_int_equal(adv(f, 10), 1);
	assert_int_equal(adv(f, 10), 1);
	assert_int_equal(f->log.n, 3);
	f->act = NULL;
	assert_int_equal(adv(f, 10), 1);
	assert_int_equal(adv(f, 10), 0);
	fix_free(f);
}

static void
readd_next_tick(struct fix *f, struct item *it)
{
	if (f->log.n < 1000)
		wheel_add(f->w, &it->ent, wheel_now(f->w) + 1);
}

static void
t_readd_later_same_call(void **state)
{
	struct fix *f = fix_new(64, 0);

	(void)state;
	f->act = readd_next_tick;
	add(f, 0, 1);
	/* due after the firing tick and within `to`: fires again in this call */
	assert_int_equal(adv(f, 200), 200);
	assert_true(f->log.at[199] == 200);
	assert_true(wheel_next_due(f->w) == 201);
	fix_free(f);
}

static void
remove_next(struct fix *f, struct item *it)
{
	wheel_remove(f->w, &f->it[it->id + 1].ent);
	/* removing what is not scheduled is a no-op */
	wheel_remove(f->w, &f->it[it->id + 1].ent);
}

static void
t_callback_removes(void **state)
{
	struct fix *f = fix_new(64, 20);
	static const int want[] = { 0, 2, 3, 5 };

	(void)state;
	f->act = remove_next;
	f->act_id = 0;
	add(f, 0, 25);
	add(f, 1, 25); /* same tick as 0, removed by 0's callback */
	add(f, 2, 26);
	assert_int_equal(adv(f, 30), 2);
	f->act_id = 3;
	add(f, 3, 10); /* pending list: 4 is removed while it is firing */
	add(f, 4, 10);
	add(f, 5, 12);
	assert_int_equal(adv(f, 30), 2);
	assert_log(f, want, 4);
	assert_int_equal(wheel_count(f->w), 0);
	fix_free(f);
}

static void
t_overflow_exact_due(void **state)
{
	struct fix *f = fix_new(64, 0);
	static const int want[] = { 2, 1, 0, 3, 4 };
	size_t i;

	(void)state;
	add(f, 0, 1000);
	add(f, 1, 999);
	add(f, 2, 70);
	add(f, 3, 1000);
	add(f, 4, 5000);
	assert_int_equal(wheel_count(f->w), 5);
	assert_true(wheel_next_due(f->w) == 70);
	assert_int_equal(adv(f, 998), 1);
	assert_true(wheel_next_due(f->w) == 999);
	assert_int_equal(adv(f, 1000), 3);
	assert_true(wheel_next_due(f->w) == 5000);
	assert_int_equal(adv(f, 4999), 0);
	assert_int_equal(adv(f, 5000), 1);
	assert_log(f, want, 5);
	for (i = 0; i < f->log.n; i++)
		assert_true(f->log.at[i] == f->it[f->log.id[i]].ent.due);
	fix_free(f);
}

static void
t_overflow_then_direct_tie(void **state)
{
	struct fix *f = fix_new(64, 0);
	static const int want[] = { 0, 1, 2 };

	(void)state;
	add(f, 0, 1000); /* overflow */
	assert_int_equal(adv(f, 950), 0); /* 0 moves into its slot */
	add(f, 1, 1000); /* directly into the same slot, after it */
	assert_int_equal(adv(f, 999), 0);
	add(f, 2, 1000);
	assert_int_equal(adv(f, 1000), 3);
	assert_log(f, want, 3);
	fix_free(f);
}

static void
t_move_between_places(void **state)
{
	struct fix *f = fix_new(64, 100);
	struct wheel_ent *e = &f->it[0].ent;

	(void)state;
	wheel_move(f->w, e, 10000); /* unscheduled: a plain add, to the heap */
	assert_true(wheel_is_scheduled(e));
	assert_true(wheel_next_due(f->w) == 10000);
	wheel_move(f->w, e, 120); /* heap to slot */
	assert_true(wheel_next_due(f->w) == 120);
	wheel_move(f->w, e, 50); /* slot to pending */
	assert_true(wheel_next_due(f->w) == 50);
	wheel_move(f->w, e, 200000); /* pending to heap */
	assert_int_equal(wheel_count(f->w), 1);
	add(f, 1, 110);
	wheel_remove(f->w, e);
	assert_false(wheel_is_scheduled(e));
	assert_int_equal(wheel_count(f->w), 1);
	assert_true(wheel_next_due(f->w) == 110);
	wheel_remove(f->w, &f->it[1].ent);
	assert_true(wheel_next_due(f->w) == UINT64_MAX);
	assert_int_equal(adv(f, 300000), 0);
	fix_free(f);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}


/* a million million ticks at once, sparse entries: must not walk the ticks (speed is the benchmarks' business; a wheel that walked
 * every tick would make this test take minutes) */
static void
t_big_jump(void **state)
{
	struct fix *f = fix_new(64, 0);
	uint64_t dues[NENT];
	uint32_t r = 12345;
	size_t i;

	(void)state;
	for (i = 0; i < NENT; i++) {
		r = r * 1103515245u + 12345u;
		dues[i] = ((uint64_t)r << 16) % UINT64_C(1000000000000);
		add(f, (int)i, dues[i]);
	}
	qsort(dues, NENT, sizeof(dues[0]), cmp_u64);
	assert_true(wheel_next_due(f->w) == dues[0]);
	assert_int_equal(adv(f, UINT64_C(1000000000000)), NENT);
	for (i = 0; i < NENT; i++)
		assert_true(f->log.at[i] == dues[i]);
	/* a big wheel, a million ticks with nothing in them */
	wheel_free(f->w);
	f->w = wheel_new(1 << 20, 0);
	add(f, 0, 999999);
	for (i = 1; i <= 1000; i++)
		assert_true(wheel_next_due(f->w) == 999999);
	assert_int_equal(adv(f, 2000000), 1);
	fix_free(f);
}

static void
t_dense_order(void **state)
{
	struct fix *f = fix_new(128, 7);
	uint64_t dues[NENT];
	uint32_t r = 99;
	size_t i;

	(void)state;
	for (i = 0; i < NENT; i++) {
		r = r * 1103515245u + 12345u;
		dues[i] = 8 + (r >> 8) % 500;
		add(f, (int)i, dues[i]);
	}
	qsort(dues, NENT, sizeof(dues[0]), cmp_u64);
	/* step by odd amounts, checking next_due before each step */
	while (wheel_count(f->w) > 0) {
		size_t before = f->log.n;

		assert_true(wheel_next_due(f->w) == dues[before]);
		adv(f, wheel_now(f->w) + 13);
	}
	for (i = 0; i < NENT; i++) {
		assert_true(f->log.at[i] == dues[i]);
		if (i > 0 && dues[i] == dues[i - 1])
			assert_true(f->log.id[i] > f->log.id[i - 1]);
	}
	fix_free(f);
}

static void
t_top_of_range(void **state)
{
	struct fix *f = fix_new(64, UINT64_MAX - 100);

	(void)state;
	add(f, 0, UINT64_MAX);
	add(f, 1, UINT64_MAX - 50);
	add(f, 2, UINT64_MAX - 100);
	assert_true(wheel_next_due(f->w) == UINT64_MAX - 100);
	assert_int_equal(adv(f, UINT64_MAX - 1), 2);
	assert_true(wheel_next_due(f->w) == UINT64_MAX);
	assert_int_equal(wheel_count(f->w), 1);
	assert_int_equal(adv(f, UINT64_MAX), 1);
	assert_true(wheel_now(f->w) == UINT64_MAX);
	assert_int_equal(wheel_count(f->w), 0);
	fix_free(f);
}

/*
 * The model: a flat array scanned for everything.  Its advance follows
 * the documented rules literally: first what is due at or before now (by
 * due, then add order), then tick by tick the entries due at that tick
 * that were scheduled when the tick began, skipping those removed or
 * re-added since.
 */
struct model {
	uint64_t now;
	int sched[NENT];
	uint64_t due[NENT];
	uint64_t seq[NENT];
	uint64_t nextseq;
};

static void
model_add(struct model *m, int id, uint64_t due)
{
	m->sched[id] = 1;
	m->due[id] = due;
	m->seq[id] = m->nextseq++;
}

static uint64_t
model_next_due(const struct model *m)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < NENT; i++)
		if (m->sched[i] && m->due[i] < best)
			best = m->due[i];
	return best;
}

/* the backends the random driver talks to */
struct sim {
	struct fix *f;   /* the wheel, or NULL */
	struct model *m; /* or the model */
	uint32_t rng;
	int *fired;
	uint64_t *fired_at;
	size_t nfired;
};

static uint32_t
sim_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static uint64_t
sim_now(const struct sim *s)
{
	return s->f != NULL ? wheel_now(s->f->w) : s->m->now;
}

static int
sim_sched(const struct sim *s, int id)
{
	return s->f != NULL ? wheel_is_scheduled(&s->f->it[id].ent) : s->m->sched[id];
}

static void
sim_remove(struct sim *s, int id)
{
	if (s->f != NULL)
		wheel_remove(s->f->w, &s->f->it[id].ent);
	else
		s->m->sched[id] = 0;
}

static void
sim_move(struct sim *s, int id, uint64_t due)
{
	if (s->f != NULL)
		wheel_move(s->f->w, &s->f->it[id].ent, due);
	else
		model_add(s->m, id, due);
}

/* a due tick around now: a little in the past up to well past the wheel */
static uint64_t
sim_due(uint32_t *rng, uint64_t now)
{
	uint32_t r = sim_rand(rng);
	uint64_t off;

	switch (r % 8) {
	case 0:
		off = (r >> 8) % 4;
		return now >= off ? now - off : 0;
	case 1:
		return now + (r >> 8) % 1000000;
	case 2:
	case 3:
		return now + 1 + (r >> 8) % 300;
	default:
		return now + 1 + (r >> 8) % 40;
	}
}

/* what a callback does: identical choices on both sides while they agree */
static void
sim_on_fire(struct sim *s, int id)
{
	uint32_t r = sim_rand(&s->rng);
	int other = (int)((r >> 8) % NENT);

	assert_true(s->nfired < MAXFIRE);
	s->fired[s->nfired] = id;
	s->fired_at[s->nfired] = sim_now(s);
	s->nfired++;
	switch (r % 6) {
	case 0:
	case 1:
		sim_move(s, id, sim_due(&s->rng, sim_now(s)));
		break;
	case 2:
		sim_remove(s, other);
		break;
	case 3:
		sim_move(s, other, sim_due(&s->rng, sim_now(s)));
		break;
	default:
		break;
	}
}

static void
sim_wheel_fire(struct wheel_ent *e, void *arg)
{
	sim_on_fire(arg, ((struct item *)e)->id);
}

static int
model_cmp_ids(const struct model *m, int a, int b)
{
	if (m->due[a] != m->due[b])
		return m->due[a] < m->due[b] ? -1 : 1;
	return m->seq[a] < m->seq[b] ? -1 : 1;
}

/* fire the ids in list[0..n) that are still scheduled with the seq they had */
static void
model_fire_list(struct sim *s, int *list, uint64_t *seqs, size_t n)
{
	size_t i, j;

	/* insertion sort by (due, seq): n is small */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && model_cmp_ids(s->m, list[j], list[j - 1]) < 0; j--) {
			int t = list[j];

			list[j] = list[j - 1];
			list[j - 1] = t;
		}
	for (i = 0; i < n; i++)
		seqs[i] = s->m->seq[list[i]];
	for (i = 0; i < n; i++) {
		int id = list[i];

		if (s->m->sched[id] && s->m->seq[id] == seqs[i]) {
			s->m->sched[id] = 0;
			sim_on_fire(s, id);
		}
	}
}

static void
model_advance(struct sim *s, uint64_t to)
{
	struct model *m = s->m;
	int list[NENT];
	uint64_t seqs[NENT];
	size_t n = 0;
	int i;

	if (to < m->now)
		return;
	for (i = 0; i < NENT; i++)
		if (m->sched[i] && m->due[i] <= m->now)
			list[n++] = i;
	model_fire_list(s, list, seqs, n);
	while (m->now < to) {
		uint64_t t = to;

		for (i = 0; i < NENT; i++)
			if (m->sched[i] && m->due[i] > m->now && m->due[i] < t)
				t = m->due[i];
		m->now = t;
		n = 0;
		for (i = 0; i < NENT; i++)
			if (m->sched[i] && m->due[i] == t)
				list[n++] = i;
		model_fire_list(s, list, seqs, n);
	}
}

static void
sim_advance(struct sim *s, uint64_t to)
{
	if (s->f != NULL)
		wheel_advance(s->f->w, to, sim_wheel_fire, s);
	else
		model_advance(s, to);
}

/* compare the firings from index `from` on, and the whole schedule */
static void
sims_agree(struct sim *a, struct sim *b, size_t from)
{
	size_t i;
	int id;

	assert_int_equal(a->nfired, b->nfired);
	for (i = from; i < a->nfired; i++) {
		assert_int_equal(a->fired[i], b->fired[i]);
		assert_true(a->fired_at[i] == b->fired_at[i]);
	}
	assert_true(wheel_now(a->f->w) == b->m->now);
	assert_true(wheel_next_due(a->f->w) == model_next_due(b->m));
	for (i = 0, id = 0; id < NENT; id++) {
		assert_int_equal(sim_sched(a, id), sim_sched(b, id));
		if (sim_sched(b, id)) {
			assert_true(a->f->it[id].ent.due == b->m->due[id]);
			i++;
		}
	}
	assert_int_equal(wheel_count(a->f->w), i);
}

static void
run_model(unsigned nslots, uint32_t seed, int nops)
{
	struct fix *f = fix_new(nslots, 1000);
	struct model *m = calloc(1, sizeof(*m));
	struct sim a = { 0 }, b = { 0 };
	uint32_t rng = seed;
	size_t checked = 0;
	int op;

	assert_non_null(m);
	m->now = 1000;
	a.f = f;
	b.m = m;
	a.fired = malloc(MAXFIRE * sizeof(int));
	b.fired = malloc(MAXFIRE * sizeof(int));
	a.fired_at = malloc(MAXFIRE * sizeof(uint64_t));
	b.fired_at = malloc(MAXFIRE * sizeof(uint64_t));
	assert_true(a.fired && b.fired && a.fired_at && b.fired_at);
	for (op = 0; op < nops; op++) {
		uint32_t r = sim_rand(&rng);
		int id = (int)((r >> 8) % NENT);
		uint64_t now = wheel_now(f->w), to, due;

		switch (r % 10) {
		case 0:
		case 1:
		case 2:
			due = sim_due(&rng, now);
			sim_move(&a, id, due);
			sim_move(&b, id, due);
			break;
		case 3:
			sim_remove(&a, id);
			sim_remove(&b, id);
			break;
		case 4:
			/* sometimes a big jump, sometimes a step back */
			to = (r >> 8) % 4 == 0 ? now + 2000000 : now - (r >> 10) % 3;
			a.rng = b.rng = sim_rand(&rng) | 1;
			sim_advance(&a, to);
			sim_advance(&b, to);
			break;
		default:
			to = now + (r >> 8) % 150;
			a.rng = b.rng = sim_rand(&rng) | 1;
			sim_advance(&a, to);
			sim_advance(&b, to);
			break;
		}
		sims_agree(&a, &b, checked);
		checked = a.nfired;
		if (a.nfired > MAXFIRE / 2)
			checked = 0;
		if (a.nfired > MAXFIRE / 2)
			a.nfired = b.nfired = 0;
	}
	free(a.fired);
	free(b.fired);
	free(a.fired_at);
	free(b.fired_at);
	free(m);
	fix_free(f);
}

static void
t_random_vs_model(void **state)
{
	uint32_t seed;

	(void)state;
	for (seed = 1; seed <= 6; seed++) {
		run_model(64, seed * 2654435761u, 4000);
		run_model(1024, seed * 40503u + 7, 3000);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_new_empty),
		cmocka_unit_test(t_due_order_and_ties),
		cmocka_unit_test(t_past_due_next_call),
		cmocka_unit_test(t_readd_now_waits),
		cmocka_unit_test(t_readd_later_same_call),
		cmocka_unit_test(t_callback_removes),
		cmocka_unit_test(t_overflow_exact_due),
		cmocka_unit_test(t_overflow_then_direct_tie),
		cmocka_unit_test(t_move_between_places),
		cmocka_unit_test(t_big_jump),
		cmocka_unit_test(t_dense_order),
		cmocka_unit_test(t_top_of_range),
		cmocka_unit_test(t_random_vs_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

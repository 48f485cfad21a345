/*
 * runq: the run queue of due checks with a global and a per-host gate.
 * See runq.h for the contract.
 *
 * Queued entries live in one of two places.  The main list holds them in
 * push order.  runq_pop takes from its head; an entry whose key is at the
 * host limit when the head reaches it is parked on its key's own list
 * instead of being scanned again and again.  Parking happens only at the
 * head, so every parked entry is older than every entry on the main list,
 * and each key's parked list is in push order.
 *
 * A key with parked entries that may start again (runq_done freed a slot,
 * or a reload raised the limit) sits in the ready heap, ordered by the
 * push order of its oldest parked entry.  Since those are older than all
 * of the main list, runq_pop serves the ready heap first.  Without a host
 * limit nothing ever parks and every operation is O(1); with one, parking
 * is O(1) per entry and the heap costs O(log r), r the keys ready.
 *
 * Keys at or above nkeys (checks that began before a reload shrank the
 * key space) have no host gate and no count of their own.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/runq.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"

/* set in seq while an entry is parked; seq never grows that far */
#define RUNQ_PARKED (UINT64_C(1) << 63)
#define RUNQ_NOT_READY UINT32_MAX

struct runq_key {
	struct runq_ent *parked; /* circular list, oldest first */
	unsigned running;
	uint32_t ready_idx; /* position in q->ready, or RUNQ_NOT_READY */
};

struct runq {
	struct runq_ent *main; /* circular list in push order */
	struct runq_key *keys;
	uint32_t *ready; /* min-heap of keys by their oldest parked seq */
	size_t nready;
	unsigned nkeys;
	unsigned global_limit;
	unsigned host_limit;
	size_t depth;
	size_t max_depth;
	size_t running;
	uint64_t seq;
};

/* circular doubly-linked lists: *head is the oldest, (*head)->prev the newest */
static void
ring_append(struct runq_ent **head, struct runq_ent *e)
{
	struct runq_ent *h = *head;

	if (h == NULL) {
		e->next = e;
		e->prev = e;
		*head = e;
		return;
	}
	e->prev = h->prev;
	e->next = h;
	h->prev->next = e;
	h->prev = e;
}

static void
ring_unlink(struct runq_ent **head, struct runq_ent *e)
{
	if (e->next == e) {
		*head = NULL;
	} else {
		e->prev->next = e->next;
		e->next->prev = e->prev;
		if (*head == e)
			*head = e->next;
	}
	e->next = NULL;
	e->prev = NULL;
}

static int
runq_global_ok(const struct runq *q)
{
	return q->global_limit == 0 || q->running < q->global_limit;
}

static int
runq_host_ok(const struct runq *q, const struct runq_key *k)
{
	return q->host_limit == 0 || k->running < q->host_limit;
}

static int
ready_less(const struct runq *q, uint32_t a, uint32_t b)
{
	return q->keys[a].parked->seq < q->keys[b].parked->seq;
}

static void
ready_put(struct runq *q, size_t i, uint32_t k)
{
	q->ready[i] = k;
	q->keys[k].ready_idx = (uint32_t)i;
}

static void
ready_up(struct runq *q, size_t i)
{
	uint32_t k = q->ready[i];

	while (i > 0) {
		size_t p = (i - 1) / 2;

		if (!ready_less(q, k, q->ready[p]))
			break;
		ready_put(q, i, q->ready[p]);
		i = p;
	}
	ready_put(q, i, k);
}

static void
ready_down(struct runq *q, size_t i)
{
	uint32_t k = q->ready[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= q->nready)
			break;
		if (c + 1 < q->nready && ready_less(q, q->ready[c + 1], q->ready[c]))
			c++;
		if (!ready_less(q, q->ready[c], k))
			break;
		ready_put(q, i, q->ready[c]);
		i = c;
	}
	ready_put(q, i, k);
}

static void
ready_delete(struct runq *q, size_t i)
{
	q->keys[q->ready[i]].ready_idx = RUNQ_NOT_READY;
	if (--q->nready == i)
		return;
	ready_put(q, i, q->ready[q->nready]);
	if (i > 0 && ready_less(q, q->ready[i], q->ready[(i - 1) / 2]))
		ready_up(q, i);
	else
		ready_down(q, i);
}

/*
 * Bring key k's place in the ready heap in line with its state: in it
 * exactly when it has parked entries and is below the host limit, at the
 * position its oldest parked entry gives.  Called after anything that
 * changes the key's parked list or running count.
 */
static void
ready_update(struct runq *q, unsigned k)
{
	struct runq_key *rk = &q->keys[k];
	int want = rk->parked != NULL && runq_host_ok(q, rk);

	if (!want) {
		if (rk->ready_idx != RUNQ_NOT_READY)
			ready_delete(q, rk->ready_idx);
		return;
	}
	if (rk->ready_idx == RUNQ_NOT_READY) {
		ready_put(q, q->nready++, k);
		ready_up(q, q->nready - 1);
	} else {
		ready_up(q, rk->ready_idx);
		ready_down(q, rk->ready_idx);
	}
}

static void
runq_keys_resize(struct runq *q, unsigned nkeys)
{
	size_t n = nkeys > 0 ? nkeys : 1;
	unsigned i;

	q->keys = xreallocarray(q->keys, n, sizeof(*q->keys));
	q->ready = xreallocarray(q->ready, n, sizeof(*q->ready));
	for (i = q->nkeys; i < nkeys; i++) {
		q->keys[i].parked = NULL;
		q->keys[i].running = 0;
		q->keys[i].ready_idx = RUNQ_NOT_READY;
	}
	q->nkeys = nkeys;
}

struct runq *
runq_new(unsigned global_limit, unsigned host_limit, unsigned nkeys)
{
	struct runq *q = xcalloc(1, sizeof(*q));

	q->global_limit = global_limit;
	q->host_limit = host_limit;
	runq_keys_resize(q, nkeys);
	return q;
}

void
runq_free(struct runq *q)
{
	if (q == NULL)
		return;
	free(q->keys);
	free(q->ready);
	free(q);
}

void
runq_reconfigure(struct runq *q, unsigned global_limit, unsigned host_limit, unsigned nkeys)
{
	unsigned i;

	for (i = nkeys; i < q->nkeys; i++)
		if (q->keys[i].parked != NULL)
			log_fatalx("runq_reconfigure: key %u still has queued entries", i);
	if (nkeys < q->nkeys)
		q->nkeys = nkeys;
	runq_keys_resize(q, nkeys);
	q->global_limit = global_limit;
	q->host_limit = host_limit;
	/* the host limit may have moved: rebuild the ready heap from scratch */
	q->nready = 0;
	for (i = 0; i < nkeys; i++)
		q->keys[i].ready_idx = RUNQ_NOT_READY;
	for (i = 0; i < nkeys; i++)
		ready_update(q, i);
}

void
runq_push(struct runq *q, struct runq_ent *e, unsigned key)
{
	if (key >= q->nkeys)
		log_fatalx("runq_push: key %u out of range (%u keys)", key, q->nkeys);
	if (e->queued)
		log_fatalx("runq_push: entry already queued");
	e->key = key;
	e->seq = q->seq++;
	e->queued = 1;
	ring_append(&q->main, e);
	if (++q->depth > q->max_depth)
		q->max_depth = q->depth;
}

static void
runq_count_start(struct runq *q, unsigned key)
{
	q->running++;
	if (key < q->nkeys)
		q->keys[key].running++;
}

/* e leaves the queue to run */
static struct runq_ent *
runq_take(struct runq *q, struct runq_ent *e)
{
	e->queued = 0;
	e->seq &= ~RUNQ_PARKED;
	q->depth--;
	runq_count_start(q, e->key);
	return e;
}

struct runq_ent *
runq_pop(struct runq *q)
{
	struct runq_ent *e;

	if (!runq_global_ok(q))
		return NULL;
	if (q->nready > 0) {
		uint32_t k = q->ready[0];

		e = q->keys[k].parked;
		ring_unlink(&q->keys[k].parked, e);
		runq_take(q, e);
		ready_update(q, k);
		return e;
	}
	while ((e = q->main) != NULL) {
		struct runq_key *rk;

		ring_unlink(&q->main, e);
		/* a key a reload dropped has no gate (and so never parks) */
		if (e->key >= q->nkeys)
			return runq_take(q, e);
		rk = &q->keys[e->key];
		if (runq_host_ok(q, rk))
			return runq_take(q, e);
		/* at its host limit: the key is not ready, so no heap update */
		e->seq |= RUNQ_PARKED;
		ring_append(&rk->parked, e);
	}
	return NULL;
}

void
runq_remove(struct runq *q, struct runq_ent *e)
{
	if (!e->queued)
		return;
	if (e->seq & RUNQ_PARKED) {
		ring_unlink(&q->keys[e->key].parked, e);
		ready_update(q, e->key);
		e->seq &= ~RUNQ_PARKED;
	} else {
		ring_unlink(&q->main, e);
	}
	e->queued = 0;
	q->depth--;
}

int
runq_can_start(const struct runq *q, unsigned key)
{
	if (!runq_global_ok(q))
		return 0;
	return key >= q->nkeys || runq_host_ok(q, &q->keys[key]);
}

void
runq_start_direct(struct runq *q, unsigned key)
{
	runq_count_start(q, key);
	/* the key may have reached its limit: it is no longer ready */
	if (key < q->nkeys)
		ready_update(q, key);
}

void
runq_done(struct runq *q, unsigned key)
{
	if (q->running == 0)
		log_fatalx("runq_done: nothing is running");
	q->running--;
	if (key >= q->nkeys)
		return;
	/* a reload that dropped and re-added keys may have lost this count */
	if (q->keys[key].running > 0)
		q->keys[key].running--;
	ready_update(q, key);
}

size_t
runq_depth(const struct runq *q)
{
	return q->depth;
}

struct runq_ent *
runq_oldest(const struct runq *q)
{
	struct runq_ent *best = NULL;
	uint64_t best_seq = UINT64_MAX;
	unsigned k;

	/* every parked entry is older than the whole main list */
	for (k = 0; k < q->nkeys; k++) {
		struct runq_ent *e = q->keys[k].parked;

		if (e != NULL && (e->seq & ~RUNQ_PARKED) < best_seq) {
			best = e;
			best_seq = e->seq & ~RUNQ_PARKED;
		}
	}
	return best != NULL ? best : q->main;
}

size_t
runq_max_depth(const struct runq *q)
{
	return q->max_depth;
}

size_t
runq_running(const struct runq *q)
{
	return q->running;
}

int
runq_global_full(const struct runq *q)
{
	return q->global_limit > 0 && q->running >= q->global_limit;
}

unsigned
runq_running_key(const struct runq *q, unsigned key)
{
	return key < q->nkeys ? q->keys[key].running : 0;
}

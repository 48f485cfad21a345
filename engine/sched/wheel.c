/*
 * wheel: the scheduler's hashed timing wheel.  See wheel.h for the rules.
 *
 * Where an entry lives depends on its due tick relative to w->now:
 *   due <= now                  the pending list (fires at the next advance)
 *   now < due <= now + nslots   slot due & mask (one due tick per slot)
 *   due > now + nslots          the overflow heap, ordered by (due, seq)
 * Every change of w->now moves the heap entries that came within reach
 * into their slots, so a slot never holds entries of two due ticks except
 * for the moment a tick is fired (its own entries, then those of tick
 * now + nslots appended behind them).  Because entries reach a slot
 * either from the heap (before any direct add of that tick is possible)
 * or by a direct add, appending keeps each tick's entries in the order
 * they were added.
 *
 * A two-level bitmap of non-empty slots finds the next occupied tick in
 * nslots / 4096 word reads at worst, so wheel_advance jumps over empty
 * stretches instead of walking them, and wheel_next_due is cheap.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/sched/wheel.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"

enum wheel_where {
	WHEEL_NONE = 0,
	WHEEL_SLOT,
	WHEEL_HEAP,
	WHEEL_PENDING,
	WHEEL_FIRING,
};

/* the largest wheel: 2^26 slots is over a week at 100 ticks a second */
#define WHEEL_MAX_SLOTS ((size_t)1 << 26)
#define WHEEL_MIN_SLOTS ((size_t)64)

struct wheel_list {
	struct wheel_ent *head;
	struct wheel_ent *tail;
};

/* heap nodes carry their keys so sifting does not chase entry pointers */
struct wheel_hnode {
	uint64_t due;
	uint64_t seq;
	struct wheel_ent *e;
};

struct wheel {
	struct wheel_list *slots;
	uint64_t *bits;     /* bit j: slot j is non-empty */
	uint64_t *summary;  /* bit i: bits[i] is non-zero */
	size_t nslots;
	size_t mask;
	size_t nwords;
	size_t nsummary;
	uint64_t now;
	size_t count;
	struct wheel_list pending;
	int pending_sorted; /* pending is in due order */
	struct wheel_list firing;
	struct wheel_hnode *heap;
	size_t hlen;
	size_t hcap;
	uint64_t seq; /* add order, for ties in the heap */
	int advancing;
};

static void
list_append(struct wheel_list *l, struct wheel_ent *e)
{
	e->next = NULL;
	e->prev = l->tail;
	if (l->tail != NULL)
		l->tail->next = e;
	else
		l->head = e;
	l->tail = e;
}

static void
list_unlink(struct wheel_list *l, struct wheel_ent *e)
{
	if (e->prev != NULL)
		e->prev->next = e->next;
	else
		l->head = e->next;
	if (e->next != NULL)
		e->next->prev = e->prev;
	else
		l->tail = e->prev;
	e->next = NULL;
	e->prev = NULL;
}

static void
bits_set(struct wheel *w, size_t j)
{
	w->bits[j >> 6] |= UINT64_C(1) << (j & 63);
	w->summary[j >> 12] |= UINT64_C(1) << ((j >> 6) & 63);
}

static void
bits_clear(struct wheel *w, size_t j)
{
	w->bits[j >> 6] &= ~(UINT64_C(1) << (j & 63));
	if (w->bits[j >> 6] == 0)
		w->summary[j >> 12] &= ~(UINT64_C(1) << ((j >> 6) & 63));
}

/* the first non-empty slot at or after j (no wrap), or SIZE_MAX */
static size_t
bits_find(const struct wheel *w, size_t j)
{
	size_t wi, si;
	uint64_t m;

	if (j >= w->nslots)
		return SIZE_MAX;
	wi = j >> 6;
	m = w->bits[wi] & (~UINT64_C(0) << (j & 63));
	if (m != 0)
		return (wi << 6) | (size_t)__builtin_ctzll(m);
	if (++wi >= w->nwords)
		return SIZE_MAX;
	si = wi >> 6;
	m = w->summary[si] & (~UINT64_C(0) << (wi & 63));
	while (m == 0) {
		if (++si >= w->nsummary)
			return SIZE_MAX;
		m = w->summary[si];
	}
	wi = (si << 6) | (size_t)__builtin_ctzll(m);
	return (wi << 6) | (size_t)__builtin_ctzll(w->bits[wi]);
}

/* the slot list of the earliest tick after now, or NULL when all are empty */
static struct wheel_list *
slots_next(const struct wheel *w)
{
	size_t start = (size_t)((w->now + 1) & w->mask);
	size_t j = bits_find(w, start);

	if (j == SIZE_MAX && start != 0)
		j = bits_find(w, 0);
	return j == SIZE_MAX ? NULL : &w->slots[j];
}

static int
heap_less(const struct wheel_hnode *a, const struct wheel_hnode *b)
{
	return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}

static void
heap_put(struct wheel *w, size_t i, struct wheel_hnode n)
{
	w->heap[i] = n;
	n.e->heap_idx = (uint32_t)i;
}

static void
heap_up(struct wheel *w, size_t i)
{
	struct wheel_hnode n = w->heap[i];

	while (i > 0) {
		size_t p = (i - 1) / 2;

		if (!heap_less(&n, &w->heap[p]))
			break;
		heap_put(w, i, w->heap[p]);
		i = p;
	}
	heap_put(w, i, n);
}

static void
heap_down(struct wheel *w, size_t i)
{
	struct wheel_hnode n = w->heap[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= w->hlen)
			break;
		if (c + 1 < w->hlen && heap_less(&w->heap[c + 1], &w->heap[c]))
			c++;
		if (!heap_less(&w->heap[c], &n))
			break;
		heap_put(w, i, w->heap[c]);
		i = c;
	}
	heap_put(w, i, n);
}

static void
heap_push(struct wheel *w, struct wheel_ent *e)
{
	struct wheel_hnode n;

	if (w->hlen == w->hcap) {
		if (w->hcap >= UINT32_MAX / 2)
			log_fatalx("wheel: overflow heap is full");
		w->hcap = w->hcap ? w->hcap * 2 : 64;
		w->heap = xreallocarray(w->heap, w->hcap, sizeof(*w->heap));
	}
	n.due = e->due;
	n.seq = w->seq++;
	n.e = e;
	heap_put(w, w->hlen++, n);
	heap_up(w, w->hlen - 1);
}

static void
heap_delete(struct wheel *w, struct wheel_ent *e)
{
	size_t i = e->heap_idx;

	if (i >= w->hlen || w->heap[i].e != e)
		log_fatalx("wheel: entry not at its heap index %zu", i);
	w->hlen--;
	if (i == w->hlen)
		return;
	heap_put(w, i, w->heap[w->hlen]);
	if (i > 0 && heap_less(&w->heap[i], &w->heap[(i - 1) / 2]))
		heap_up(w, i);
	else
		heap_down(w, i);
}

static void
slot_append(struct wheel *w, struct wheel_ent *e)
{
	size_t j = (size_t)(e->due & w->mask);

	list_append(&w->slots[j], e);
	bits_set(w, j);
	e->where = WHEEL_SLOT;
}

/* file e (due already set) where its due tick says; count is the caller's */
static void
wheel_place(struct wheel *w, struct wheel_ent *e)
{
	if (e->due <= w->now) {
		if (w->pending.tail != NULL && w->pending.tail->due > e->due)
			w->pending_sorted = 0;
		list_append(&w->pending, e);
		e->where = WHEEL_PENDING;
	} else if (e->due - w->now <= w->nslots) {
		slot_append(w, e);
	} else {
		heap_push(w, e);
		e->where = WHEEL_HEAP;
	}
}

/*
 * Move the heap entries that came within nslots of now into their slots.
 * After a jump to the heap's earliest tick that includes entries due at
 * now itself: they go to slot now & mask, where wheel_fire_slot finds them.
 */
static void
wheel_migrate(struct wheel *w)
{
	while (w->hlen > 0 && w->heap[0].due - w->now <= w->nslots) {
		struct wheel_ent *e = w->heap[0].e;

		heap_delete(w, e);
		slot_append(w, e);
	}
}

static struct wheel_ent *
merge_by_due(struct wheel_ent *a, struct wheel_ent *b)
{
	struct wheel_ent *head = NULL, **tp = &head;

	/* on equal due the earlier list (a) goes first: the sort is stable */
	while (a != NULL && b != NULL) {
		if (b->due < a->due) {
			*tp = b;
			b = b->next;
		} else {
			*tp = a;
			a = a->next;
		}
		tp = &(*tp)->next;
	}
	*tp = a != NULL ? a : b;
	return head;
}

/*
 * Stable bottom-up merge sort of the pending list by due tick.  Pending
 * entries are usually added in due order (now, or a retention time), so
 * this runs only when the order was broken.
 */
static void
pending_sort(struct wheel *w)
{
	struct wheel_ent *bins[64] = { NULL };
	struct wheel_ent *e, *next, *carry, *sorted = NULL, *prev = NULL;
	size_t i;

	for (e = w->pending.head; e != NULL; e = next) {
		next = e->next;
		e->next = NULL;
		carry = e;
		for (i = 0; i < 63 && bins[i] != NULL; i++) {
			carry = merge_by_due(bins[i], carry);
			bins[i] = NULL;
		}
		bins[i] = merge_by_due(bins[i], carry);
	}
	for (i = 0; i < 64; i++)
		if (bins[i] != NULL)
			sorted = merge_by_due(bins[i], sorted);
	w->pending.head = sorted;
	for (e = sorted; e != NULL; e = e->next) {
		e->prev = prev;
		prev = e;
	}
	w->pending.tail = prev;
	w->pending_sorted = 1;
}

struct wheel *
wheel_new(unsigned nslots, uint64_t now)
{
	struct wheel *w = xcalloc(1, sizeof(*w));
	size_t n = WHEEL_MIN_SLOTS;

	while (n < nslots && n < WHEEL_MAX_SLOTS)
		n <<= 1;
	w->nslots = n;
	w->mask = n - 1;
	w->nwords = n / 64;
	w->nsummary = (w->nwords + 63) / 64;
	w->slots = xcalloc(n, sizeof(*w->slots));
	w->bits = xcalloc(w->nwords, sizeof(*w->bits));
	w->summary = xcalloc(w->nsummary, sizeof(*w->summary));
	w->now = now;
	w->pending_sorted = 1;
	return w;
}

void
wheel_free(struct wheel *w)
{
	if (w == NULL)
		return;
	free(w->slots);
	free(w->bits);
	free(w->summary);
	free(w->heap);
	free(w);
}

void
wheel_ent_init(struct wheel_ent *e)
{
	memset(e, 0, sizeof(*e));
}

int
wheel_is_scheduled(const struct wheel_ent *e)
{
	return e->where != WHEEL_NONE;
}

void
wheel_add(struct wheel *w, struct wheel_ent *e, uint64_t due)
{
	if (e->where != WHEEL_NONE)
		log_fatalx("wheel_add: entry already scheduled");
	e->due = due;
	wheel_place(w, e);
	w->count++;
}

void
wheel_remove(struct wheel *w, struct wheel_ent *e)
{
	size_t j;

	switch (e->where) {
	case WHEEL_NONE:
		return;
	case WHEEL_SLOT:
		j = (size_t)(e->due & w->mask);
		list_unlink(&w->slots[j], e);
		if (w->slots[j].head == NULL)
			bits_clear(w, j);
		break;
	case WHEEL_HEAP:
		heap_delete(w, e);
		break;
	case WHEEL_PENDING:
		list_unlink(&w->pending, e);
		if (w->pending.head == NULL)
			w->pending_sorted = 1;
		break;
	case WHEEL_FIRING:
		list_unlink(&w->firing, e);
		break;
	default:
		log_fatalx("wheel_remove: entry in unknown place %u", e->where);
	}
	e->where = WHEEL_NONE;
	w->count--;
}

void
wheel_move(struct wheel *w, struct wheel_ent *e, uint64_t due)
{
	wheel_remove(w, e);
	wheel_add(w, e, due);
}

static void
wheel_fire_one(struct wheel *w, struct wheel_ent *e, void (*fire)(struct wheel_ent *, void *),
    void *arg)
{
	e->where = WHEEL_NONE;
	w->count--;
	fire(e, arg);
}

/*
 * Fire what was pending when the advance began.  The list is taken whole
 * into w->firing first, so entries that callbacks add at or before now
 * start a new pending list and wait for the next advance.
 */
static size_t
wheel_fire_pending(struct wheel *w, void (*fire)(struct wheel_ent *, void *), void *arg)
{
	struct wheel_ent *e;
	size_t n = 0;

	if (w->pending.head == NULL)
		return 0;
	if (!w->pending_sorted)
		pending_sort(w);
	w->firing = w->pending;
	w->pending.head = NULL;
	w->pending.tail = NULL;
	for (e = w->firing.head; e != NULL; e = e->next)
		e->where = WHEEL_FIRING;
	while ((e = w->firing.head) != NULL) {
		list_unlink(&w->firing, e);
		wheel_fire_one(w, e, fire, arg);
		n++;
	}
	return n;
}

/*
 * Fire tick now from its slot, in place.  The tick's entries are at the
 * front of the slot; behind them only entries due at now + nslots can be
 * appended (a re-add at now goes to pending), so firing stops at the first
 * entry of another tick.  Reading the head afresh each time lets callbacks
 * remove any entry.
 */
static size_t
wheel_fire_slot(struct wheel *w, void (*fire)(struct wheel_ent *, void *), void *arg)
{
	size_t j = (size_t)(w->now & w->mask);
	struct wheel_list *l = &w->slots[j];
	struct wheel_ent *e;
	size_t n = 0;

	while ((e = l->head) != NULL && e->due == w->now) {
		list_unlink(l, e);
		if (l->head == NULL)
			bits_clear(w, j);
		wheel_fire_one(w, e, fire, arg);
		n++;
	}
	return n;
}

/* the next tick worth stopping at on the way to `to` (now < to) */
static uint64_t
wheel_next_stop(const struct wheel *w, uint64_t to)
{
	const struct wheel_list *l = slots_next(w);
	uint64_t t = to;

	if (l != NULL)
		t = l->head->due;
	else if (w->hlen > 0)
		t = w->heap[0].due;
	return t < to ? t : to;
}

size_t
wheel_advance(struct wheel *w, uint64_t to, void (*fire)(struct wheel_ent *e, void *arg),
    void *arg)
{
	size_t n;

	if (to < w->now)
		return 0;
	if (w->advancing)
		log_fatalx("wheel_advance: called from a fire callback");
	w->advancing = 1;
	n = wheel_fire_pending(w, fire, arg);
	while (w->now < to) {
		/*
		 * Slots between now and the stop are empty and the heap holds
		 * nothing due before it, so jumping there skips no entry; the
		 * migration then fills the slots the jump brought in reach.
		 */
		w->now = wheel_next_stop(w, to);
		wheel_migrate(w);
		n += wheel_fire_slot(w, fire, arg);
	}
	w->advancing = 0;
	return n;
}

uint64_t
wheel_now(const struct wheel *w)
{
	return w->now;
}

size_t
wheel_count(const struct wheel *w)
{
	return w->count;
}

uint64_t
wheel_next_due(struct wheel *w)
{
	const struct wheel_list *l;
	const struct wheel_ent *cur;
	uint64_t best = UINT64_MAX;

	/* during an advance: the rest of the tick being fired */
	if (w->firing.head != NULL)
		best = w->firing.head->due;
	cur = w->slots[w->now & w->mask].head;
	if (cur != NULL && cur->due <= w->now && cur->due < best)
		best = cur->due;
	if (w->pending.head != NULL) {
		if (!w->pending_sorted)
			pending_sort(w);
		if (w->pending.head->due < best)
			best = w->pending.head->due;
	}
	if (best != UINT64_MAX)
		return best;
	l = slots_next(w);
	if (l != NULL)
		return l->head->due;
	return w->hlen > 0 ? w->heap[0].due : UINT64_MAX;
}

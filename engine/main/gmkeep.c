/*
 * gmkeep: jobs kept until their result, sent again once (gmkeep.h).
 *
 * Each slot owns one heap string holding queue, unique id and payload one
 * after another.  The heap holds (time, slot, generation) entries; an entry
 * whose slot was dropped or kept anew since (another generation) is stale
 * and skipped when it comes to the top, so dropping costs nothing there.
 * Numbering the slots anew (a reload) moves each job with its generation
 * and rewrites the heap's slots, leaving the stale entries out.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmkeep.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

struct gk_slot {
	char *buf;          /* queue NUL uniq NUL payload; NULL: nothing kept */
	size_t qlen, ulen, len;
	int prio;
	int resent;
	double timeout;
	unsigned gen;       /* which heap entry is this slot's */
};

struct gk_ent {
	double at;
	size_t slot;
	unsigned gen;
};

struct gmkeep {
	struct gk_slot *slots;
	size_t nslots, count;
	double grace;
	struct gk_ent *heap;
	size_t nheap, capheap;
};

struct gmkeep *
gmkeep_new(size_t nslots, double grace)
{
	struct gmkeep *k = xcalloc(1, sizeof(*k));

	k->slots = xcalloc(nslots + 1, sizeof(*k->slots));
	k->nslots = nslots;
	k->grace = grace;
	return k;
}

void
gmkeep_free(struct gmkeep *k)
{
	size_t i;

	if (k == NULL)
		return;
	for (i = 0; i < k->nslots; i++)
		free(k->slots[i].buf);
	free(k->slots);
	free(k->heap);
	free(k);
}

static void
gk_swap(struct gk_ent *a, struct gk_ent *b)
{
	struct gk_ent t = *a;

	*a = *b;
	*b = t;
}

static void
gk_push(struct gmkeep *k, double at, size_t slot)
{
	size_t i;

	if (k->nheap == k->capheap) {
		k->capheap = k->capheap != 0 ? k->capheap * 2 : 64;
		k->heap = xrealloc(k->heap, k->capheap * sizeof(*k->heap));
	}
	i = k->nheap++;
	k->heap[i].at = at;
	k->heap[i].slot = slot;
	k->heap[i].gen = ++k->slots[slot].gen;
	while (i > 0 && k->heap[(i - 1) / 2].at > k->heap[i].at) {
		gk_swap(&k->heap[(i - 1) / 2], &k->heap[i]);
		i = (i - 1) / 2;
	}
}

/* the entry at i down to where it belongs */
static void
gk_sift_down(struct gmkeep *k, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < k->nheap && k->heap[l].at < k->heap[m].at)
			m = l;
		if (r < k->nheap && k->heap[r].at < k->heap[m].at)
			m = r;
		if (m == i)
			return;
		gk_swap(&k->heap[m], &k->heap[i]);
		i = m;
	}
}

static void
gk_pop(struct gmkeep *k)
{
	k->heap[0] = k->heap[--k->nheap];
	gk_sift_down(k, 0);
}

void
gmkeep_drop(struct gmkeep *k, size_t slot)
{
	struct gk_slot *s;

	if (slot >= k->nslots || k->slots[slot].buf == NULL)
		return;
	s = &k->slots[slot];
	free(s->buf);
	s->buf = NULL;
	s->gen++; /* its heap entry is stale now */
	k->count--;
}

void
gmkeep_put(struct gmkeep *k, size_t slot, const struct gmkeep_job *job, double now)
{
	struct gk_slot *s;

	if (slot >= k->nslots)
		return;
	gmkeep_drop(k, slot);
	s = &k->slots[slot];
	s->qlen = strlen(job->queue);
	s->ulen = strlen(job->uniq);
	s->len = job->len;
	s->buf = xmalloc(s->qlen + s->ulen + s->len + 2);
	memcpy(s->buf, job->queue, s->qlen + 1);
	memcpy(s->buf + s->qlen + 1, job->uniq, s->ulen + 1);
	memcpy(s->buf + s->qlen + s->ulen + 2, job->payload, s->len);
	s->prio = job->prio;
	s->timeout = job->timeout;
	s->resent = 0;
	k->count++;
	gk_push(k, now + job->timeout + k->grace, slot);
}

size_t
gmkeep_due(struct gmkeep *k, double now, gmkeep_send_fn *send, void *ctx, size_t *dropped)
{
	size_t sent = 0, gone = 0;

	while (k->nheap > 0 && k->heap[0].at <= now) {
		struct gk_ent e = k->heap[0];
		struct gk_slot *s = &k->slots[e.slot];
		struct gmkeep_job job;

		gk_pop(k);
		if (s->buf == NULL || s->gen != e.gen)
			continue;
		if (s->resent) {
			gmkeep_drop(k, e.slot);
			gone++;
			continue;
		}
		job.queue = s->buf;
		job.uniq = s->buf + s->qlen + 1;
		job.payload = s->buf + s->qlen + s->ulen + 2;
		job.len = s->len;
		job.prio = s->prio;
		job.timeout = s->timeout;
		if (send(ctx, e.slot, &job) < 0) {
			gmkeep_drop(k, e.slot);
			gone++;
			continue;
		}
		s->resent = 1;
		gk_push(k, now + s->timeout + k->grace, e.slot);
		sent++;
	}
	if (dropped != NULL)
		*dropped = gone;
	return sent;
}

void
gmkeep_renumber(struct gmkeep *k, size_t nslots, gmkeep_slot_fn *to, void *ctx)
{
	struct gk_slot *slots = xcalloc(nslots + 1, sizeof(*slots));
	size_t *where = xreallocarray(NULL, k->nslots + 1, sizeof(*where));
	size_t i, n = 0;

	for (i = 0; i < k->nslots; i++) {
		size_t d = k->slots[i].buf != NULL ? to(ctx, i) : GMKEEP_GONE;

		where[i] = GMKEEP_GONE;
		if (d < nslots && slots[d].buf == NULL) {
			slots[d] = k->slots[i];
			where[i] = d;
		} else if (k->slots[i].buf != NULL) {
			free(k->slots[i].buf);
			k->count--;
		}
	}
	/* each moved job's heap entry follows it, its generation unchanged; the
	 * stale ones and those of jobs let go are left out */
	for (i = 0; i < k->nheap; i++) {
		struct gk_ent e = k->heap[i];

		if (e.slot >= k->nslots || where[e.slot] == GMKEEP_GONE ||
		    slots[where[e.slot]].gen != e.gen)
			continue;
		e.slot = where[e.slot];
		k->heap[n++] = e;
	}
	k->nheap = n;
	for (i = n / 2; i-- > 0;)
		gk_sift_down(k, i);
	free(where);
	free(k->slots);
	k->slots = slots;
	k->nslots = nslots;
}

size_t
gmkeep_count(const struct gmkeep *k)
{
	return k->count;
}

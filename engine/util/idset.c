/*
 * idset: epoch-stamped id sets and an open-addressed set of id pairs.
 * See idset.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/idset.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

void
idset_init(struct idset *s, unsigned n)
{
	s->stamp = xcalloc((size_t)n + 1, sizeof(*s->stamp));
	s->epoch = 1;
	s->n = n;
	s->items = NULL;
	s->len = 0;
	s->cap = 0;
}

void
idset_free(struct idset *s)
{
	free(s->stamp);
	free(s->items);
	memset(s, 0, sizeof(*s));
}

void
idset_clear(struct idset *s)
{
	s->len = 0;
	if (++s->epoch == 0) {
		/* after 2^32 clears the stamps must really be reset once */
		memset(s->stamp, 0, ((size_t)s->n + 1) * sizeof(*s->stamp));
		s->epoch = 1;
	}
}

int
idset_add(struct idset *s, unsigned i)
{
	if (s->stamp[i] == s->epoch)
		return 0;
	s->stamp[i] = s->epoch;
	if (s->len == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->items = xreallocarray(s->items, s->cap, sizeof(*s->items));
	}
	s->items[s->len++] = i;
	return 1;
}

/* keys are (a << 32 | b) + 1 so that 0 marks an empty slot */
struct pairset {
	uint64_t *slots;
	size_t cap;
	size_t count;
};

struct pairset *
pairset_new(size_t hint)
{
	struct pairset *p = xcalloc(1, sizeof(*p));

	p->cap = 64;
	while (p->cap < hint * 2 && p->cap < ((size_t)1 << 40))
		p->cap *= 2;
	p->slots = xcalloc(p->cap, sizeof(*p->slots));
	return p;
}

void
pairset_free(struct pairset *p)
{
	if (p == NULL)
		return;
	free(p->slots);
	free(p);
}

static uint64_t *
pairset_find(const struct pairset *p, uint64_t k)
{
	size_t j = hash_mix64(k) & (p->cap - 1);

	while (p->slots[j] != 0 && p->slots[j] != k)
		j = (j + 1) & (p->cap - 1);
	return &p->slots[j];
}

static void
pairset_grow(struct pairset *p)
{
	uint64_t *old = p->slots;
	size_t ocap = p->cap, i;

	p->cap *= 2;
	p->slots = xcalloc(p->cap, sizeof(*p->slots));
	for (i = 0; i < ocap; i++)
		if (old[i] != 0)
			*pairset_find(p, old[i]) = old[i];
	free(old);
}

int
pairset_add(struct pairset *p, uint32_t a, uint32_t b)
{
	uint64_t k = (((uint64_t)a << 32) | b) + 1;
	uint64_t *slot;

	if ((p->count + 1) * 2 > p->cap)
		pairset_grow(p);
	slot = pairset_find(p, k);
	if (*slot != 0)
		return 0;
	*slot = k;
	p->count++;
	return 1;
}

int
pairset_has(const struct pairset *p, uint32_t a, uint32_t b)
{
	return *pairset_find(p, (((uint64_t)a << 32) | b) + 1) != 0;
}

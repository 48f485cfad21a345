/*
 * idset: sets of small integer ids (0..n-1) for work that repeats once per
 * object, such as expanding a name list.  Clearing is O(1) (an epoch
 * counter), membership is O(1), and the members are kept in the order they
 * were added, so a set costs what is in it, not what could be.
 *
 * pairset: a set of (a, b) pairs of ids, for sparse relations such as
 * "host b is a member of group a" where a byte map per group would cost
 * groups x hosts.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_IDSET_H
#define JAQUE_IDSET_H

#include <stddef.h>
#include <stdint.h>

struct idset {
	uint32_t *stamp;
	uint32_t epoch;
	unsigned n;
	unsigned *items; /* members, in the order added */
	unsigned len;
	unsigned cap;
};

void idset_init(struct idset *s, unsigned n);
void idset_free(struct idset *s);
void idset_clear(struct idset *s);
static inline int
idset_has(const struct idset *s, unsigned i)
{
	return s->stamp[i] == s->epoch;
}
/* 1 when i was added, 0 when it was there already */
int idset_add(struct idset *s, unsigned i);

struct pairset;

struct pairset *pairset_new(size_t hint);
void pairset_free(struct pairset *p);
/* 1 when (a, b) was added, 0 when it was there already */
int pairset_add(struct pairset *p, uint32_t a, uint32_t b);
int pairset_has(const struct pairset *p, uint32_t a, uint32_t b);

#endif

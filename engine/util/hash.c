/*
 * hash: FNV-1a 64-bit hashing and an open-addressed string map.  Nothing is
 * ever removed from a map (configuration indexes are built once), so
 * probing needs no tombstones.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/hash.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

struct hmap_slot {
	const char *key;
	void *val;
	uint64_t h;
};

struct hmap {
	struct hmap_slot *slots;
	size_t cap;
	size_t count;
};

uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t
hash_str(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t
hash_mix64(uint64_t h)
{
	/* the splitmix64 finaliser: xor-shift, multiply, twice, xor-shift */
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

struct hmap *
hmap_new(size_t hint)
{
	struct hmap *m = xcalloc(1, sizeof(*m));

	m->cap = 16;
	while (m->cap < hint * 2 && m->cap < ((size_t)1 << 40))
		m->cap *= 2;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	return m;
}

void
hmap_free(struct hmap *m)
{
	if (m == NULL)
		return;
	free(m->slots);
	free(m);
}

static struct hmap_slot *
hmap_find(const struct hmap *m, const char *key, uint64_t h)
{
	size_t j = h & (m->cap - 1);

	while (m->slots[j].key != NULL) {
		if (m->slots[j].h == h && strcmp(m->slots[j].key, key) == 0)
			return &m->slots[j];
		j = (j + 1) & (m->cap - 1);
	}
	return &m->slots[j];
}

static void
hmap_grow(struct hmap *m)
{
	struct hmap_slot *old = m->slots;
	size_t ocap = m->cap, i, j;

	m->cap *= 2;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	for (i = 0; i < ocap; i++) {
		if (old[i].key == NULL)
			continue;
		j = old[i].h & (m->cap - 1);
		while (m->slots[j].key != NULL)
			j = (j + 1) & (m->cap - 1);
		m->slots[j] = old[i];
	}
	free(old);
}

void *
hmap_get(const struct hmap *m, const char *key)
{
	struct hmap_slot *s = hmap_find(m, key, hash_str(key));

	return s->key != NULL ? s->val : NULL;
}

static void *
hmap_store(struct hmap *m, const char *key, void *val, int replace)
{
	uint64_t h = hash_str(key);
	struct hmap_slot *s;
	void *prev;

	if ((m->count + 1) * 2 > m->cap)
		hmap_grow(m);
	s = hmap_find(m, key, h);
	if (s->key != NULL) {
		prev = s->val;
		if (replace)
			s->val = val;
		return prev;
	}
	s->key = key;
	s->val = val;
	s->h = h;
	m->count++;
	return NULL;
}

void *
hmap_put(struct hmap *m, const char *key, void *val)
{
	return hmap_store(m, key, val, 1);
}

void *
hmap_put_new(struct hmap *m, const char *key, void *val)
{
	return hmap_store(m, key, val, 0);
}

size_t
hmap_count(const struct hmap *m)
{
	return m->count;
}

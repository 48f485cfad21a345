/*
 * arena: chunks of memory handed out by bumping a pointer.  Big requests get
 * a chunk of their own so the slack stays small.  The intern table is an
 * open-addressed hash of pointers into the arena, grown at 50% load.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

/* chunks start at ARENA_CHUNK and double up to ARENA_CHUNK_MAX: small
 * configurations stay small, big ones get few chunks backed by huge pages */
#define ARENA_CHUNK (64 * 1024)
#define ARENA_CHUNK_MAX (8 * 1024 * 1024)
#define ARENA_ALIGN 8

struct arena_chunk {
	struct arena_chunk *next;
	size_t size;
	size_t used;
	size_t mapped; /* bytes mapped by xalloc_huge (header included), 0 when malloc'd */
	int big;       /* one big request's own (arena_big), not for bumping */
	_Alignas(ARENA_ALIGN) unsigned char data[];
};

struct arena {
	struct arena_chunk *head;
	struct arena_chunk *spare; /* emptied chunks (arena_rewind), taken before new ones */
	size_t bytes;
	size_t next_chunk;
	const char **itab;
	/*
	 * the low half of each entry's hash: most misses skip the string, and
	 * growing needs no hashing again (the slot comes from these bits)
	 */
	uint32_t *itag;
	size_t icap;
	size_t icount;
};

struct arena *
arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

static void
arena_chunk_free(struct arena_chunk *c)
{
	if (c->mapped)
		xfree_huge(c, c->mapped);
	else
		free(c);
}

void
arena_free(struct arena *a)
{
	struct arena_chunk *c, *next;

	if (a == NULL)
		return;
	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		arena_chunk_free(c);
	}
	for (c = a->spare; c != NULL; c = next) {
		next = c->next;
		arena_chunk_free(c);
	}
	arena_intern_reset(a);
	free(a);
}

void
arena_reset(struct arena *a)
{
	struct arena_chunk *c, *next, *keep = a->head;

	/* the common case, once a row at a time: one chunk and nothing else to forget */
	if (keep != NULL && keep->next == NULL && !keep->big && a->spare == NULL &&
	    a->itab == NULL) {
		keep->used = 0;
		return;
	}
	for (c = a->spare; c != NULL; c = next) {
		next = c->next;
		a->bytes -= sizeof(*c) + c->size;
		arena_chunk_free(c);
	}
	a->spare = NULL;
	if (keep == NULL)
		return;
	for (c = keep->next; c != NULL; c = next) {
		next = c->next;
		arena_chunk_free(c);
	}
	keep->next = NULL;
	if (keep->big) {
		/* a chunk of one big request (arena_big): nothing to reuse.  Any other
		 * head is kept, mapped ones too: the next chunk would be as large, and
		 * mapping and zeroing it for each reset costs more than keeping it */
		arena_chunk_free(keep);
		a->head = NULL;
		a->bytes = 0;
	} else {
		keep->used = 0;
		a->bytes = sizeof(*keep) + keep->size;
	}
	arena_intern_reset(a);
}

void
arena_rewind(struct arena *a)
{
	struct arena_chunk *c, *next;

	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		if (c->big) {
			a->bytes -= sizeof(*c) + c->size;
			arena_chunk_free(c);
			continue;
		}
		c->used = 0;
		c->next = a->spare;
		a->spare = c;
	}
	a->head = NULL;
	arena_intern_reset(a);
}

/*
 * A chunk of at least n data bytes.  From 2 MiB on it is mapped on its own
 * with huge pages (a million objects otherwise cost tens of thousands of
 * page faults) and comes zeroed; smaller ones come from malloc.
 */
static struct arena_chunk *
arena_chunk_new(size_t n, int zero)
{
	struct arena_chunk *c;
	size_t total = sizeof(*c) + n;

	if (total >= XALLOC_HUGE) {
		total = (total + XALLOC_HUGE - 1) & ~(XALLOC_HUGE - 1);
		c = xalloc_huge(total);
		c->mapped = total;
		c->big = 0;
		c->size = total - sizeof(*c);
		return c;
	}
	c = zero ? xcalloc(1, total) : xmalloc(total);
	c->mapped = 0;
	c->big = 0;
	c->size = n;
	return c;
}

/* a chunk of its own for a big request; zeroed when asked (calloc's and mmap's pages are) */
static void *
arena_big(struct arena *a, size_t n, int zero)
{
	struct arena_chunk *c = arena_chunk_new(n, zero);

	c->used = c->size;
	c->big = 1;
	a->bytes += sizeof(*c) + c->size;
	if (a->head != NULL) {
		/* keep the current chunk in front: it still has room */
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = NULL;
		a->head = c;
	}
	return c->data;
}

static void *
arena_get(struct arena *a, size_t n, int zero)
{
	struct arena_chunk *c = a->head;
	void *p;

	if (n > SIZE_MAX - ARENA_ALIGN - sizeof(*c))
		abort();
	n = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (n > ARENA_CHUNK / 4)
		return arena_big(a, n, zero);
	if (c == NULL || c->size - c->used < n) {
		size_t size = a->next_chunk ? a->next_chunk : ARENA_CHUNK;

		if (a->spare != NULL) {
			/* a rewound chunk: every one holds ARENA_CHUNK at least */
			c = a->spare;
			a->spare = c->next;
		} else {
			c = arena_chunk_new(size - sizeof(*c), 0);
			a->bytes += sizeof(*c) + c->size;
			if (size < ARENA_CHUNK_MAX)
				a->next_chunk = size * 2;
		}
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	p = c->data + c->used;
	c->used += n;
	if (zero)
		memset(p, 0, n);
	return p;
}

void *
arena_alloc(struct arena *a, size_t n)
{
	return arena_get(a, n, 0);
}

void *
arena_zalloc(struct arena *a, size_t n)
{
	return arena_get(a, n, 1);
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

static void
arena_intern_grow(struct arena *a)
{
	size_t ncap = a->icap ? a->icap * 2 : 1024, i, j;
	const char **nt = xcalloc(ncap, sizeof(*nt));
	uint32_t *ng = xmalloc(ncap * sizeof(*ng));

	/* a table past 2^32 slots would need more bits than the tags keep */
	if (ncap > ((size_t)1 << 32))
		abort();
	for (i = 0; i < a->icap; i++) {
		if (a->itab[i] == NULL)
			continue;
		j = a->itag[i] & (ncap - 1);
		while (nt[j] != NULL)
			j = (j + 1) & (ncap - 1);
		nt[j] = a->itab[i];
		ng[j] = a->itag[i];
	}
	free(a->itab);
	free(a->itag);
	a->itab = nt;
	a->itag = ng;
	a->icap = ncap;
}

const char *
arena_intern(struct arena *a, const char *s)
{
	uint32_t tag = (uint32_t)hash_str(s);
	size_t j;

	if ((a->icount + 1) * 2 > a->icap)
		arena_intern_grow(a);
	j = tag & (a->icap - 1);
	while (a->itab[j] != NULL) {
		if (a->itag[j] == tag && strcmp(a->itab[j], s) == 0)
			return a->itab[j];
		j = (j + 1) & (a->icap - 1);
	}
	a->itab[j] = arena_strdup(a, s);
	a->itag[j] = tag;
	a->icount++;
	return a->itab[j];
}

void
arena_intern_reset(struct arena *a)
{
	free(a->itab);
	free(a->itag);
	a->itab = NULL;
	a->itag = NULL;
	a->icap = 0;
	a->icount = 0;
}

size_t
arena_bytes(const struct arena *a)
{
	return a->bytes + a->icap * (sizeof(char *) + sizeof(uint32_t));
}

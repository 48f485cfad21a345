/*
 * arena: a bump allocator for data that lives and dies together, such as
 * the strings of one configuration generation.  Allocations are never freed
 * one by one; arena_free releases the whole arena.  An interning table on
 * top (arena_intern) stores each distinct string once.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_ARENA_H
#define JAQUE_ARENA_H

#include <stddef.h>

struct arena;

struct arena *arena_new(void);
void arena_free(struct arena *a);
/* forget everything allocated (pointers into the arena die), keeping one chunk for reuse */
void arena_reset(struct arena *a);
/* forget everything allocated, keeping every chunk of the bump allocator for reuse (its
 * pages stay touched: an arena filled again and again to the same size faults no more) */
void arena_rewind(struct arena *a);
/*
 * n bytes aligned to 8 (pointers, doubles, 64-bit integers: all the model
 * stores; not long double), never NULL.  8 rather than 16 saves 8 bytes
 * on every small array of the model.
 */
void *arena_alloc(struct arena *a, size_t n);
void *arena_zalloc(struct arena *a, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* the arena's single copy of s: equal strings give the same pointer */
const char *arena_intern(struct arena *a, const char *s);
/* forget the intern table (its strings stay): a later intern may copy a string again */
void arena_intern_reset(struct arena *a);
/* bytes obtained from malloc so far, for memory reports */
size_t arena_bytes(const struct arena *a);

#endif

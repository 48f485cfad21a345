/*
 * hash: string hashing and a string-keyed hash map.
 *
 * struct hmap maps NUL-terminated keys to void pointers.  Keys are borrowed:
 * the caller keeps them alive as long as the map (configuration keys live in
 * an arena).  Open addressing with linear probing, grown at 50% load.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_HASH_H
#define JAQUE_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t hash_str(const char *s);
/* every input bit moved into every output bit: for hash_str's low bits,
 * which are weak (FNV-1a), when they pick among n by h % n */
uint64_t hash_mix64(uint64_t h);
uint64_t hash_bytes(const void *p, size_t n);

struct hmap;

struct hmap *hmap_new(size_t hint);
void hmap_free(struct hmap *m);
/* the value stored under key, or NULL */
void *hmap_get(const struct hmap *m, const char *key);
/* store; returns the previous value for key (NULL if none) */
void *hmap_put(struct hmap *m, const char *key, void *val);
/* store only if absent: returns the value already there, or NULL when val was stored */
void *hmap_put_new(struct hmap *m, const char *key, void *val);
size_t hmap_count(const struct hmap *m);

#endif

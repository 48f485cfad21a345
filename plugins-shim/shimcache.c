/*
 * shimcache: the parsed-line cache behind shimcache.h.  A chained hash
 * table keyed by the words of a line, each stored with its NUL, so two
 * lines are the same key exactly when their words are.  Buckets double
 * as the lines grow; nothing is removed except by the flush at the limit
 * (and shim_cache_free), and a held line is never removed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "plugins-shim/shimcache.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

#define SHIM_CACHE_DEFAULT_MAX 16384
#define SHIM_CACHE_FIRST_BUCKETS 64

struct shim_cached {
	struct shim_cached *next;  /* in its bucket */
	uint64_t hash;
	size_t keylen;
	struct shim_check *chk;    /* NULL: no shim claims the line */
	unsigned refs;             /* runs holding it */
	char key[];                /* the words, each with its NUL */
};

struct shim_cache {
	char *plugin_dir;
	struct shim_cached **bucket;
	size_t nbucket;            /* a power of two */
	size_t max;
	struct shim_cache_stats st;
};

struct shim_cache *
shim_cache_new(const char *plugin_dir, size_t max_lines)
{
	struct shim_cache *c = xcalloc(1, sizeof(*c));

	c->plugin_dir = plugin_dir != NULL ? xstrdup(plugin_dir) : NULL;
	c->max = max_lines > 0 ? max_lines : SHIM_CACHE_DEFAULT_MAX;
	c->nbucket = SHIM_CACHE_FIRST_BUCKETS;
	c->bucket = xcalloc(c->nbucket, sizeof(*c->bucket));
	return c;
}

static void
shim_cached_free(struct shim_cached *e)
{
	shim_check_free(e->chk);
	free(e);
}

void
shim_cache_free(struct shim_cache *c)
{
	struct shim_cached *e, *next;
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i < c->nbucket; i++)
		for (e = c->bucket[i]; e != NULL; e = next) {
			next = e->next;
			shim_cached_free(e);
		}
	free(c->bucket);
	free(c->plugin_dir);
	free(c);
}

static size_t
shim_cache_slot(const struct shim_cache *c, uint64_t hash)
{
	/* FNV's low bits are weak: mix before masking */
	return (size_t)(hash_mix64(hash) & (c->nbucket - 1));
}

static void
shim_cache_grow(struct shim_cache *c)
{
	size_t old_n = c->nbucket, i;
	struct shim_cached **old = c->bucket, *e, *next;

	c->nbucket = old_n * 2;
	c->bucket = xcalloc(c->nbucket, sizeof(*c->bucket));
	for (i = 0; i < old_n; i++)
		for (e = old[i]; e != NULL; e = next) {
			size_t s = shim_cache_slot(c, e->hash);

			next = e->next;
			e->next = c->bucket[s];
			c->bucket[s] = e;
		}
	free(old);
}

/* drop every line no run holds */
static void
shim_cache_flush(struct shim_cache *c)
{
	struct shim_cached **pe, *e;
	size_t i;

	for (i = 0; i < c->nbucket; i++) {
		pe = &c->bucket[i];
		while ((e = *pe) != NULL) {
			if (e->refs > 0) {
				pe = &e->next;
				continue;
			}
			*pe = e->next;
			shim_cached_free(e);
			c->st.lines--;
		}
	}
	c->st.flushes++;
}

/* the words as one key: into buf when they fit, else onto the heap */
static char *
shim_cache_key(int argc, char *const argv[], char *buf, size_t size, size_t *len)
{
	size_t n = 0;
	char *key, *p;
	int i;

	for (i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	key = n <= size ? buf : xmalloc(n);
	for (p = key, i = 0; i < argc; i++)
		p = stpcpy(p, argv[i]) + 1;
	*len = n;
	return key;
}

struct shim_cached *
shim_cache_get(struct shim_cache *c, int argc, char *const argv[])
{
	char buf[512], *key;
	struct shim_cached *e;
	uint64_t hash;
	size_t len, s;

	if (argc < 1 || argv == NULL)
		return NULL;
	key = shim_cache_key(argc, argv, buf, sizeof(buf), &len);
	hash = hash_bytes(key, len);
	s = shim_cache_slot(c, hash);
	for (e = c->bucket[s]; e != NULL; e = e->next)
		if (e->hash == hash && e->keylen == len && memcmp(e->key, key, len) == 0)
			break;
	if (e != NULL) {
		c->st.hits++;
	} else {
		if (c->st.lines >= c->max)
			shim_cache_flush(c);
		e = xmalloc(sizeof(*e) + len);
		e->hash = hash;
		e->keylen = len;
		memcpy(e->key, key, len);
		e->refs = 0;
		e->chk = shim_find(argc, argv, c->plugin_dir);
		c->st.parses++;
		c->st.lines++;
		if (c->st.lines > c->nbucket)
			shim_cache_grow(c);
		s = shim_cache_slot(c, hash);
		e->next = c->bucket[s];
		c->bucket[s] = e;
	}
	if (key != buf)
		free(key);
	if (e->chk == NULL)
		return NULL;
	e->refs++;
	return e;
}

const struct shim_check *
shim_cached_check(const struct shim_cached *e)
{
	return e->chk;
}

void
shim_cache_release(struct shim_cache *c, struct shim_cached *e)
{
	(void)c;
	if (e != NULL && e->refs > 0)
		e->refs--;
}

void
shim_cache_stats(const struct shim_cache *c, struct shim_cache_stats *st)
{
	*st = c->st;
}

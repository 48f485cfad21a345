/*
 * shimcache: each distinct command line parsed by shim_find once.
 *
 * An estate checks the same lines again and again (one line per host
 * address, or one for many objects), and a shim's parse is a pure
 * function of argv (check_tcp takes numeric addresses only, so nothing it
 * parses can change between runs).  The cache keeps every line's parsed
 * check, or the fact that no shim claims it, keyed by the exact words.
 * A line in use by a running check is held (shim_cache_get) until the
 * run ends (shim_cache_release); when the cache reaches its limit, the
 * lines not in use are all dropped and parsed again when they come back.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SHIMCACHE_H
#define JAQUE_SHIMCACHE_H

#include <stddef.h>

#include "plugins-shim/shim.h"

struct shim_cache;
struct shim_cached;  /* one line's parsed check, held */

struct shim_cache_stats {
	size_t lines;    /* cached now, claimed and declined */
	size_t parses;   /* shim_find calls, ever */
	size_t hits;     /* gets answered without one */
	size_t flushes;  /* times the limit dropped the unused lines */
};

/* plugin_dir as shim_find takes it (copied); max_lines 0: 16384 */
struct shim_cache *shim_cache_new(const char *plugin_dir, size_t max_lines);
/* frees every line, held or not: release (or abandon) every run first */
void shim_cache_free(struct shim_cache *c);

/*
 * The parsed check for argv, held for the caller; NULL when no shim
 * claims the line (remembered too, so a declined line is not parsed
 * again either).
 */
struct shim_cached *shim_cache_get(struct shim_cache *c, int argc, char *const argv[]);
const struct shim_check *shim_cached_check(const struct shim_cached *e);
void shim_cache_release(struct shim_cache *c, struct shim_cached *e);

void shim_cache_stats(const struct shim_cache *c, struct shim_cache_stats *st);

#endif

/*
 * cowmem: write permission back in bulk after a fork.  See cowmem.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/cowmem.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

/* pages looked at with one mincore call */
#define COWMEM_CHUNK 4096
/* mappings bigger than this are reservations (a sanitizer's shadow), not
 * memory the daemon writes: skipped */
#define COWMEM_MAX_MAPPING ((uintptr_t)1 << 32)

static int cowmem_off; /* the kernel refused MADV_POPULATE_WRITE once */

/* the private writable anonymous mappings as the walk began, and where it is */
struct cowmem_walk {
	uintptr_t (*range)[2];
	size_t n, k;
	uintptr_t at;   /* the next page of range[k] */
	size_t pg;
};

/*
 * From w->at in range w->k: populate the resident runs of up to max pages
 * (resident or not: a step's time is bounded by the pages looked at);
 * returns the pages made writable, -1 when the kernel lacks the call
 */
static long
cowmem_mapping(struct cowmem_walk *w, long max)
{
	static unsigned char vec[COWMEM_CHUNK];
	uintptr_t end = w->range[w->k][1];
	size_t pg = w->pg;
	long pages = 0, seen = 0;

	for (; w->at < end && seen < max; w->at += (uintptr_t)COWMEM_CHUNK * pg) {
		size_t n = (end - w->at) / pg, i = 0;

		if (n > COWMEM_CHUNK)
			n = COWMEM_CHUNK;
		if ((long)n > max - seen)
			n = (size_t)(max - seen);
		seen += (long)n;
		/* part of it went away since the maps were read: skip this chunk */
		if (mincore((void *)w->at, n * pg, vec) != 0)
			i = n;
		while (i < n) {
			size_t j;

			if (!(vec[i] & 1)) {
				i++;
				continue;
			}
			for (j = i; j < n && (vec[j] & 1); j++)
				;
			if (madvise((void *)(w->at + i * pg), (j - i) * pg, MADV_POPULATE_WRITE) != 0) {
				if (errno == EINVAL)
					return -1;
			} else {
				pages += (long)(j - i);
			}
			i = j;
		}
		if (n < COWMEM_CHUNK && w->at + n * pg < end) {
			/* the budget ended inside the chunk: go on from there */
			w->at += n * pg;
			return pages;
		}
	}
	return pages;
}

struct cowmem_walk *
cowmem_walk_begin(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct cowmem_walk *w;
	size_t cap = 0;
	char line[512];
	FILE *f;

	if (cowmem_off || pg <= 0)
		return NULL;
	f = fopen("/proc/self/maps", "re");
	if (f == NULL)
		return NULL;
	w = xcalloc(1, sizeof(*w));
	w->pg = (size_t)pg;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long start, end, inode;
		char perms[8];
		int name = 0;

		if (sscanf(line, "%lx-%lx %7s %*s %*s %lu %n", &start, &end, perms, &inode, &name) < 4)
			continue;
		/* a line longer than the buffer: its rest comes as a line of its own */
		if (strchr(line, '\n') == NULL)
			continue;
		if (strcmp(perms, "rw-p") != 0 || inode != 0 || end <= start ||
		    end - start > COWMEM_MAX_MAPPING)
			continue;
		/* anonymous or the heap; not the stack or any other named kind */
		if (name > 0 && line[name] == '[' && strncmp(line + name, "[heap]", 6) != 0)
			continue;
		if (w->n == cap) {
			cap = cap ? cap * 2 : 64;
			w->range = xreallocarray(w->range, cap, sizeof(*w->range));
		}
		w->range[w->n][0] = start;
		w->range[w->n][1] = end;
		w->n++;
	}
	fclose(f);
	if (w->n > 0)
		w->at = w->range[0][0];
	return w;
}

int
cowmem_walk_step(struct cowmem_walk *w, long max_pages, long *pages)
{
	long left = max_pages;

	while (w->k < w->n && left > 0) {
		uintptr_t before = w->at;
		long n = cowmem_mapping(w, left);

		if (n < 0) {
			cowmem_off = 1;
			w->k = w->n;
			return -1;
		}
		*pages += n;
		left -= (long)((w->at - before) / w->pg);
		if (w->at >= w->range[w->k][1] && ++w->k < w->n)
			w->at = w->range[w->k][0];
	}
	return w->k < w->n;
}

void
cowmem_walk_free(struct cowmem_walk *w)
{
	if (w == NULL)
		return;
	free(w->range);
	free(w);
}

long
cowmem_rewrite(void)
{
	struct cowmem_walk *w = cowmem_walk_begin();
	long total = 0;
	int rc;

	if (w == NULL)
		return -1;
	rc = cowmem_walk_step(w, LONG_MAX, &total);
	cowmem_walk_free(w);
	return rc < 0 ? -1 : total;
}

/*
 * cowmem: write permission back in bulk after a fork.  See cowmem.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/cowmem.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* pages looked at with one mincore call */
#define COWMEM_CHUNK 4096
/* mappings bigger than this are reservations (a sanitizer's shadow), not
 * memory the daemon writes: skipped */
#define COWMEM_MAX_MAPPING ((uintptr_t)1 << 32)

static int cowmem_off; /* the kernel refused MADV_POPULATE_WRITE once */

/* one mapping: populate its resident runs; -1 when the kernel lacks the call */
static long
cowmem_mapping(uintptr_t start, uintptr_t end, size_t pg)
{
	static unsigned char vec[COWMEM_CHUNK];
	long pages = 0;
	uintptr_t at;

	for (at = start; at < end; at += (uintptr_t)COWMEM_CHUNK * pg) {
		size_t n = (end - at) / pg, i = 0;

		if (n > COWMEM_CHUNK)
			n = COWMEM_CHUNK;
		/* the mapping went away or changed since the maps were read */
		if (mincore((void *)at, n * pg, vec) != 0)
			return pages;
		while (i < n) {
			size_t j;

			if (!(vec[i] & 1)) {
				i++;
				continue;
			}
			for (j = i; j < n && (vec[j] & 1); j++)
				;
			if (madvise((void *)(at + i * pg), (j - i) * pg, MADV_POPULATE_WRITE) != 0) {
				if (errno == EINVAL)
					return -1;
				return pages;
			}
			pages += (long)(j - i);
			i = j;
		}
	}
	return pages;
}

long
cowmem_rewrite(void)
{
	long pg = sysconf(_SC_PAGESIZE), total = 0;
	char line[512];
	FILE *f;

	if (cowmem_off || pg <= 0)
		return -1;
	f = fopen("/proc/self/maps", "re");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long start, end, inode;
		char perms[8];
		int name = 0;
		long n;

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
		n = cowmem_mapping(start, end, (size_t)pg);
		if (n < 0) {
			cowmem_off = 1;
			fclose(f);
			return -1;
		}
		total += n;
	}
	fclose(f);
	return total;
}

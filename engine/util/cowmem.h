/*
 * cowmem: give this process's memory back its write permission in bulk
 * after a forked child that shared it has exited.
 *
 * fork leaves every private page write-protected in the parent too, and
 * the first write to each one afterwards takes a page fault, even once
 * the child is gone and the page is the parent's alone again.  The daemon
 * forks a status.dat writer every status_update_interval, so every check
 * that followed paid one or more such faults (its state, its entry, the
 * heap chunk of its old output); on a virtual machine where a fault costs
 * 12-17 us that was half the built-in row's cpu and the tail of its drift.
 *
 * cowmem_rewrite walks /proc/self/maps and, for each private writable
 * anonymous mapping (the heap, malloc's big blocks; not the stack), asks
 * the kernel to make its resident pages writable again with
 * MADV_POPULATE_WRITE, one call for each run of resident pages (mincore),
 * so pages never touched are not brought in and the resident size does
 * not grow.  Call it only when no child shares the memory any more: while
 * one does, it copies every page at once instead of when written.
 * Best effort: returns the number of pages asked for, or -1 when the
 * kernel or /proc does not allow it (nothing else happens then).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_COWMEM_H
#define JAQUE_COWMEM_H

long cowmem_rewrite(void);

/*
 * The same pass a bounded piece at a time, for a loop that must not stop
 * for it at once (a 3 GB process takes about 160 ms): the mappings are
 * read at cowmem_walk_begin (NULL when the kernel or /proc does not allow
 * the pass), and each cowmem_walk_step looks at up to max_pages pages of
 * them, adding to *pages those made writable; it returns 1 while some are
 * left, 0 at the end, -1 when the kernel refuses (nothing more to do).
 * Mappings gone or changed since the walk began are skipped.  Stop the
 * walk (cowmem_walk_free) before forking again.
 */
struct cowmem_walk;
struct cowmem_walk *cowmem_walk_begin(void);
int cowmem_walk_step(struct cowmem_walk *w, long max_pages, long *pages);
void cowmem_walk_free(struct cowmem_walk *w);

#endif

/*
 * test_cowmem: after a forked child has exited, cowmem_rewrite gives the
 * parent's pages their write permission back, so writing them takes no
 * page fault (counted with getrusage's minor faults; without the call
 * each page takes one), for mmap'd blocks and the malloc heap alike; and
 * pages never touched stay out of memory (mincore).  Skipped where the
 * kernel has no MADV_POPULATE_WRITE (before Linux 5.14).  The same pass
 * as a walk in steps of a bounded number of pages.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/util/cowmem.h"

#define NPAGES 256

static size_t pg;

static long
minflt(void)
{
	struct rusage ru;

	assert_int_equal(getrusage(RUSAGE_SELF, &ru), 0);
	return ru.ru_minflt;
}

/* a child that shares every page, then exits and is reaped */
static void
fork_and_reap(void)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
}

/* the faults that writing one byte of every page of a takes */
static long
faults_writing(volatile unsigned char *a, size_t npages, unsigned char v)
{
	long f0 = minflt();
	size_t i;

	for (i = 0; i < npages; i++)
		a[i * pg] = v;
	return minflt() - f0;
}

static void *
map_pages(size_t npages)
{
	void *a = mmap(NULL, npages * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(a != MAP_FAILED);
	return a;
}

static void
t_mapping(void **state)
{
	unsigned char *a = map_pages(NPAGES);
	long n;

	(void)state;
	memset(a, 1, NPAGES * pg);
	/* without it: a fault a page */
	fork_and_reap();
	assert_true(faults_writing(a, NPAGES, 2) >= NPAGES);
	/* with it: none, or next to none (the loop's own stack, say) */
	fork_and_reap();
	n = cowmem_rewrite();
	if (n < 0) {
		munmap(a, NPAGES * pg);
		skip();
	}
	assert_true(n >= NPAGES);
	assert_true(faults_writing(a, NPAGES, 3) < NPAGES / 8);
	assert_int_equal(a[5 * pg], 3);
	munmap(a, NPAGES * pg);
}

static void
t_heap(void **state)
{
	/* under malloc's mmap threshold: from the heap */
	size_t len = 32 * 4096;
	unsigned char *h = malloc(len);
	unsigned char *page;
	size_t npages;

	(void)state;
	assert_non_null(h);
	memset(h, 1, len);
	page = (unsigned char *)(((uintptr_t)h + pg - 1) & ~(uintptr_t)(pg - 1));
	npages = (size_t)(h + len - page) / pg;
	fork_and_reap();
	if (cowmem_rewrite() < 0) {
		free(h);
		skip();
	}
	assert_true(faults_writing(page, npages, 4) < (long)npages / 4);
	assert_int_equal(h[len - 1], 1);
	free(h);
}

static void
t_untouched_stay_out(void **state)
{
	unsigned char *a = map_pages(NPAGES);
	unsigned char vec[NPAGES];
	size_t i;

	(void)state;
	for (i = 0; i < NPAGES; i += 2)
		a[i * pg] = 1;
	fork_and_reap();
	if (cowmem_rewrite() < 0) {
		munmap(a, NPAGES * pg);
		skip();
	}
	assert_int_equal(mincore(a, NPAGES * pg, vec), 0);
	for (i = 0; i < NPAGES; i++)
		assert_int_equal(vec[i] & 1, i % 2 == 0);
	munmap(a, NPAGES * pg);
}

/*
 * The walk in steps: each step looks at no more pages than it is given
 * (many steps for a large mapping), the steps together make every touched
 * page writable (no faults after), and a mapping unmapped after the walk
 * began is passed over.
 */
static void
t_walk_steps(void **state)
{
	unsigned char *a = map_pages(8 * NPAGES), *gone = map_pages(NPAGES);
	struct cowmem_walk *w;
	long pages = 0;
	int steps = 0, rc;

	(void)state;
	memset(a, 1, 8 * NPAGES * pg);
	memset(gone, 1, NPAGES * pg);
	fork_and_reap();
	w = cowmem_walk_begin();
	if (w == NULL) {
		munmap(a, 8 * NPAGES * pg);
		munmap(gone, NPAGES * pg);
		skip();
	}
	assert_int_equal(munmap(gone, NPAGES * pg), 0);
	do {
		long before = pages;

		rc = cowmem_walk_step(w, 64, &pages);
		assert_true(pages - before <= 64);
		steps++;
	} while (rc == 1);
	cowmem_walk_free(w);
	if (rc < 0) {
		munmap(a, 8 * NPAGES * pg);
		skip();
	}
	assert_int_equal(rc, 0);
	assert_true(pages >= 8 * NPAGES);
	assert_true(steps >= 8 * NPAGES / 64);
	assert_true(faults_writing(a, 8 * NPAGES, 5) < NPAGES / 8);
	munmap(a, 8 * NPAGES * pg);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_mapping),
		cmocka_unit_test(t_heap),
		cmocka_unit_test(t_untouched_stay_out),
		cmocka_unit_test(t_walk_steps),
	};

	pg = (size_t)sysconf(_SC_PAGESIZE);
	return cmocka_run_group_tests(tests, NULL, NULL);
}

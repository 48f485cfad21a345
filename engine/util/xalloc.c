/*
 * xalloc: the allocators that abort on exhaustion.  See xalloc.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * Big blocks (glibc maps them on their own) are marked for transparent huge
 * pages before they are touched: at a million objects the configuration
 * front end otherwise spends a quarter of its time in 4 KiB page faults.
 * Where THP is off or set to never, madvise is a no-op or fails harmlessly.
 */
#define XALLOC_HUGE_MIN (4u << 20)

/* mark the 2 MiB-aligned middle of a block of 4 MiB or more for huge pages */
static void
xalloc_hint_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	uintptr_t lo = ((uintptr_t)p + XALLOC_HUGE - 1) & ~(XALLOC_HUGE - 1);
	uintptr_t hi = ((uintptr_t)p + n) & ~(XALLOC_HUGE - 1);

	if (n >= XALLOC_HUGE_MIN && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)p;
	(void)n;
#endif
}

static void xalloc_die(size_t n);

void *
xalloc_huge(size_t n)
{
	size_t len = n + XALLOC_HUGE, head, tail;
	uintptr_t a;
	char *p;

	if (n == 0 || n % XALLOC_HUGE != 0 || len < n)
		abort();
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		xalloc_die(n);
	/* keep the 2 MiB-aligned n bytes inside, give the rest back */
	a = ((uintptr_t)p + XALLOC_HUGE - 1) & ~(XALLOC_HUGE - 1);
	head = a - (uintptr_t)p;
	tail = len - head - n;
	if (head > 0)
		munmap(p, head);
	if (tail > 0)
		munmap((char *)a + n, tail);
#ifdef MADV_HUGEPAGE
	(void)madvise((void *)a, n, MADV_HUGEPAGE);
#endif
	return (void *)a;
}

void
xfree_huge(void *p, size_t n)
{
	if (p != NULL)
		munmap(p, n);
}

static void
xalloc_die(size_t n)
{
	fprintf(stderr, "jaque: out of memory allocating %zu bytes\n", n);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		xalloc_die(n);
	xalloc_hint_huge(p, n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		xalloc_die(n * size);
	xalloc_hint_huge(p, n * size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		xalloc_die(n);
	xalloc_hint_huge(q, n);
	return q;
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		xalloc_die(SIZE_MAX);
	return xrealloc(p, nmemb * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		xalloc_die(0);
	p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

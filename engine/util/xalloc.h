/*
 * xalloc: allocation that never returns NULL.  Out of memory is one of the
 * two fatal conditions (STYLE 5): the x* functions print and abort instead
 * of handing NULL to callers that would have to test it everywhere.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_XALLOC_H
#define JAQUE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* realloc of an array of nmemb elements of size bytes, checking overflow */
void *xreallocarray(void *p, size_t nmemb, size_t size);
char *xstrdup(const char *s);
/*
 * n bytes (a multiple of XALLOC_HUGE) mapped on their own, aligned to
 * 2 MiB and marked for huge pages, zeroed; given back with xfree_huge.
 */
#define XALLOC_HUGE ((size_t)2 << 20)
void *xalloc_huge(size_t n);
void xfree_huge(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
/* printf into a fresh heap string; caller frees */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif

/*
 * mbuf: a growable heap string, for text built piece by piece (macro
 * expansion, a shim's plugin output).  Start from a zeroed struct; p is
 * NUL-terminated once anything was added (NULL before), len excludes the
 * NUL.  mbuf_free gives the memory back, or the caller keeps p and frees
 * it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MBUF_H
#define JAQUE_MBUF_H

#include <stddef.h>
#include <string.h>

struct mbuf {
	char *p;
	size_t len;
	size_t cap;
};

/* room for n more bytes (and the NUL) without another allocation */
void mbuf_reserve(struct mbuf *b, size_t n);
/* n bytes of s (n may be 0: p then still becomes a string) */
static inline void
mbuf_add(struct mbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap)
		mbuf_reserve(b, n);
	if (n > 0)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}
void mbuf_adds(struct mbuf *b, const char *s);
/* one byte */
static inline void
mbuf_addc(struct mbuf *b, char c)
{
	if (b->len + 2 > b->cap)
		mbuf_reserve(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}
/* v in decimal, as printf's %lld (without printf: answers print many numbers) */
void mbuf_addll(struct mbuf *b, long long v);
/* printf-formatted; a format error adds nothing */
void mbuf_addf(struct mbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mbuf_free(struct mbuf *b);

#endif

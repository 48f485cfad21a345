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

struct mbuf {
	char *p;
	size_t len;
	size_t cap;
};

/* room for n more bytes (and the NUL) without another allocation */
void mbuf_reserve(struct mbuf *b, size_t n);
/* n bytes of s (n may be 0: p then still becomes a string) */
void mbuf_add(struct mbuf *b, const char *s, size_t n);
void mbuf_adds(struct mbuf *b, const char *s);
/* printf-formatted; a format error adds nothing */
void mbuf_addf(struct mbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mbuf_free(struct mbuf *b);

#endif

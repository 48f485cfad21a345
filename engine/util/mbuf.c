/*
 * mbuf: see mbuf.h.  The capacity doubles from 64 bytes, so a string
 * built from many small pieces costs few reallocations.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/mbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

void
mbuf_reserve(struct mbuf *b, size_t n)
{
	size_t cap = b->cap != 0 ? b->cap : 64;

	if (b->len + n + 1 <= b->cap)
		return;
	while (cap < b->len + n + 1)
		cap *= 2;
	b->p = xrealloc(b->p, cap);
	b->cap = cap;
}

void
mbuf_adds(struct mbuf *b, const char *s)
{
	mbuf_add(b, s, strlen(s));
}

void
mbuf_addll(struct mbuf *b, long long v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	char tmp[24];
	char *e = tmp + sizeof(tmp);
	char *q = e;
	/* the magnitude as unsigned, so LLONG_MIN negates without overflow */
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	/* two digits a division: times have ten */
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;

		u /= 100;
		*--q = pairs[d + 1];
		*--q = pairs[d];
	}
	if (u >= 10) {
		*--q = pairs[u * 2 + 1];
		*--q = pairs[u * 2];
	} else {
		*--q = (char)('0' + u);
	}
	if (v < 0)
		*--q = '-';
	mbuf_add(b, q, (size_t)(e - q));
}

void
mbuf_addf(struct mbuf *b, const char *fmt, ...)
{
	char small[64];
	va_list ap;
	int n;

	/* numbers fit the small buffer; only long strings are printed twice */
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		mbuf_add(b, small, (size_t)n);
		return;
	}
	mbuf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
mbuf_free(struct mbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

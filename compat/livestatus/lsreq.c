/*
 * lsreq: cutting a connection's input into requests (lsreq.h).
 *
 * The buffer grows as a request comes in, up to LSREQ_MAX bytes; bytes
 * of requests already handed out are dropped at the next lsreq_space.
 * scan is where reading for the current request stopped, so bytes are
 * looked at once however they arrive.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsreq.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

#define LSREQ_CHUNK 4096

struct lsreq {
	char *buf;
	size_t cap;
	size_t len;     /* bytes held */
	size_t start;   /* the current request's first byte */
	size_t scan;    /* the next byte to look at */
	size_t done;    /* bytes before this are handed out */
	int eof;
	size_t *off;    /* the current request's lines, as offsets in buf */
	size_t nlines;
	size_t cap_lines;
	char **lines;   /* the request handed out */
};

struct lsreq *
lsreq_new(void)
{
	return xcalloc(1, sizeof(struct lsreq));
}

void
lsreq_free(struct lsreq *r)
{
	if (r == NULL)
		return;
	free(r->buf);
	free(r->off);
	free(r->lines);
	free(r);
}

char *
lsreq_space(struct lsreq *r, size_t *room)
{
	size_t i;

	if (r->done > 0) {
		memmove(r->buf, r->buf + r->done, r->len - r->done);
		r->len -= r->done;
		r->start -= r->done;
		r->scan -= r->done;
		for (i = 0; i < r->nlines; i++)
			r->off[i] -= r->done;
		r->done = 0;
	}
	if (r->cap - r->len < LSREQ_CHUNK && r->cap < LSREQ_MAX) {
		r->cap = r->cap == 0 ? LSREQ_CHUNK * 4 : r->cap * 2;
		if (r->cap > LSREQ_MAX)
			r->cap = LSREQ_MAX;
		r->buf = xrealloc(r->buf, r->cap + 1);
	}
	*room = r->cap - r->len;
	return r->buf + r->len;
}

void
lsreq_filled(struct lsreq *r, size_t n)
{
	r->len += n;
}

void
lsreq_eof(struct lsreq *r)
{
	r->eof = 1;
}

size_t
lsreq_pending(const struct lsreq *r)
{
	return r->len - r->done;
}

/*
 * The request from start to here is handed out.  A command is one line:
 * the lines after it stay, as the start of the next request (lsreq.h).
 */
static enum lsreq_step
hand_out(struct lsreq *r, char ***lines, size_t *n)
{
	size_t i;

	for (i = 0; i < r->nlines; i++)
		r->lines[i] = r->buf + r->off[i];
	*lines = r->lines;
	if (r->nlines > 1 && strncmp(r->lines[0], "COMMAND ", 8) == 0) {
		*n = 1;
		r->nlines--;
		memmove(r->off, r->off + 1, r->nlines * sizeof(*r->off));
		r->done = r->start = r->off[0];
		return LSREQ_REQUEST;
	}
	*n = r->nlines;
	r->nlines = 0;
	r->done = r->scan;
	r->start = r->scan;
	return LSREQ_REQUEST;
}

/* one line of n bytes at p (its newline at p[n]) into the request */
static void
add_line(struct lsreq *r, char *p, size_t n)
{
	while (n > 0 && strchr(" \t\r\v\f", p[n - 1]) != NULL)
		n--;
	p[n] = '\0';
	if (n == 0 || r->nlines == LSREQ_MAX_LINES)
		return;
	if (r->nlines == r->cap_lines) {
		/* the arrays grow with the longest request, not at every connection */
		r->cap_lines = r->cap_lines == 0 ? 16 : r->cap_lines * 2;
		r->off = xreallocarray(r->off, r->cap_lines, sizeof(*r->off));
		r->lines = xreallocarray(r->lines, r->cap_lines, sizeof(*r->lines));
	}
	r->off[r->nlines++] = (size_t)(p - r->buf);
}

enum lsreq_step
lsreq_next(struct lsreq *r, char ***lines, size_t *n)
{
	char *nl;

	while (r->scan < r->len) {
		size_t left = r->len - r->scan;
		char *p = r->buf + r->scan;

		nl = memchr(p, '\n', left);
		if (nl == NULL) {
			if (left > LSREQ_LINE_MAX || r->len - r->start >= LSREQ_MAX)
				return LSREQ_BAD;
			break;
		}
		if ((size_t)(nl - p) > LSREQ_LINE_MAX)
			return LSREQ_BAD;
		r->scan += (size_t)(nl - p) + 1;
		if (nl == p) {
			/* an empty line ends the request, or asks to close */
			if (r->nlines == 0) {
				r->done = r->scan;
				r->start = r->scan;
				return LSREQ_CLOSE;
			}
			return hand_out(r, lines, n);
		}
		add_line(r, p, (size_t)(nl - p));
		if (r->nlines == LSREQ_MAX_LINES)
			return LSREQ_BAD;
	}
	if (!r->eof)
		return LSREQ_MORE;
	if (r->scan < r->len)
		return LSREQ_BAD; /* the input ended inside a line */
	if (r->nlines > 0)
		return hand_out(r, lines, n);
	return LSREQ_CLOSE;
}

/*
 * lsreq: cutting a Livestatus connection's input into requests.
 *
 * A request is lines ended by "\n"; a line with nothing in it (two
 * newlines in a row) ends the request, and so does the end of the input
 * after a whole line.  Trailing blanks (and a "\r") are cut from each
 * line; a line of blanks only is dropped, as naemon-livestatus drops it,
 * so "\r\n\r\n" does not end a request.  A blank line with no request
 * before it asks to close the connection.  A line longer than
 * LSREQ_LINE_MAX, or a request larger than LSREQ_MAX, is refused: the
 * connection is then closed with naemon's "incomplete request" answer.
 *
 * A request whose first line is a command ("COMMAND ...") is that line
 * alone, as naemon-livestatus takes it: the lines after it are the start
 * of the next request, which goes on to the next blank line or the end of
 * the input ("COMMAND a\nCOMMAND b\n\n" then the end runs both).
 *
 * The caller appends what it read (lsreq_space, lsreq_filled) and takes
 * requests out (lsreq_next); a request's lines point into the buffer and
 * stay valid until the next lsreq_space or lsreq_next.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSREQ_H
#define JAQUE_LSREQ_H

#include <stddef.h>

#define LSREQ_LINE_MAX (64u * 1024u)
#define LSREQ_MAX (4u * 1024u * 1024u)
#define LSREQ_MAX_LINES 4096

enum lsreq_step {
	LSREQ_MORE,       /* no whole request yet */
	LSREQ_REQUEST,    /* one request: lines, n */
	LSREQ_CLOSE,      /* a blank line with nothing before it, or the end with nothing */
	LSREQ_BAD,        /* too long, or the input ended inside a line */
};

struct lsreq;

struct lsreq *lsreq_new(void);
void lsreq_free(struct lsreq *r);
/* where the next bytes go and how many fit (0: the buffer is full) */
char *lsreq_space(struct lsreq *r, size_t *room);
void lsreq_filled(struct lsreq *r, size_t n);
/* the input ended (the client shut down its side) */
void lsreq_eof(struct lsreq *r);
/* the next request; *lines and *n are set for LSREQ_REQUEST */
enum lsreq_step lsreq_next(struct lsreq *r, char ***lines, size_t *n);
/* bytes held (a request still coming in included) */
size_t lsreq_pending(const struct lsreq *r);

#endif

/*
 * fuzz_lsreq: libFuzzer target for a Livestatus connection's input
 * (compat/livestatus/lsreq: cutting bytes into requests) and the parsing
 * of each request it hands out (compat/livestatus/lsquery, over the small
 * table of tests/unit/ls_fx.h).  The first byte of an input sets the size
 * of the reads the bytes arrive in (1 to 256), the rest is what the client
 * sends before it shuts its side down; requests are taken after every
 * read, as the socket takes them.  Any crash, leak, sanitizer report or
 * timeout is a bug; an input that found one belongs in
 * tests/fuzz/regress/lsreq/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsreq.h"
#include "tests/unit/ls_fx.h"

/* take what requests r holds; 0 when the connection goes on */
static int
serve(struct lsreq *r)
{
	char **lines;
	struct lsq q;
	size_t n;

	for (;;) {
		switch (lsreq_next(r, &lines, &n)) {
		case LSREQ_MORE:
			return 0;
		case LSREQ_CLOSE:
		case LSREQ_BAD:
			return -1;
		case LSREQ_REQUEST:
			lsq_parse(&q, fx_tables, FX_NTABLES, lines, n, 1700001000);
			lsq_clear(&q);
			break;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lsreq *r = lsreq_new();
	size_t chunk, room, take, off = 1;
	char *at;

	if (size == 0) {
		lsreq_free(r);
		return 0;
	}
	chunk = (size_t)data[0] + 1;
	while (off < size) {
		at = lsreq_space(r, &room);
		if (room == 0)
			break;
		take = size - off < chunk ? size - off : chunk;
		if (take > room)
			take = room;
		memcpy(at, data + off, take);
		lsreq_filled(r, take);
		off += take;
		if (serve(r) != 0)
			break;
	}
	if (off == size) {
		lsreq_eof(r);
		(void)serve(r);
	}
	(void)lsreq_pending(r);
	lsreq_free(r);
	return 0;
}

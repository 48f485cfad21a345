/*
 * fuzz_lsquery: libFuzzer target for the Livestatus query language.  Each
 * input is one request (its lines split at newlines, trailing blanks
 * removed, as the socket reads them); it is parsed, and a GET that parses
 * is answered over the small table of tests/unit/ls_fx.h in slices of a
 * few rows, the way the server runs it.  Any crash, leak, sanitizer
 * report or timeout is a bug; an input that found one belongs in the
 * unit tests of the module at fault.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsrun.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"
#include "tests/unit/ls_fx.h"

#define MAX_LINES 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size), *cur = text, *lines[MAX_LINES];
	struct ls_ctx x = { .now = 1700001000 };
	struct mbuf out = { 0 };
	struct lsrun *r;
	struct lsq q;
	size_t n = 0;

	while (n < MAX_LINES && cur != NULL) {
		char *l = strsep(&cur, "\n");
		size_t len = strlen(l);

		while (len > 0 && strchr(" \t\r\v\f", l[len - 1]) != NULL)
			l[--len] = '\0';
		if (len > 0)
			lines[n++] = l;
	}
	lsq_parse(&q, fx_tables, FX_NTABLES, lines, n, 1700001000);
	if (q.kind == LSQ_GET && q.code == 200) {
		x.scratch = arena_new();
		r = lsrun_new(&q, &x, &out, q.authuser != NULL, q.authuser, 1 << 20);
		while (!lsrun_step(r, 3))
			;
		lsrun_free(r);
		arena_free(x.scratch);
	}
	mbuf_free(&out);
	lsq_clear(&q);
	free(text);
	return 0;
}

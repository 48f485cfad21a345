/*
 * lstable_fx.h: a Livestatus query over the engine's tables, for the unit
 * tests that build the state with retention_fx.h (test_lstable,
 * test_lsstatehist).  Include it after retention_fx.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TEST_LSTABLE_FX_H
#define JAQUE_TEST_LSTABLE_FX_H

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsrun.h"
#include "compat/livestatus/lstable.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* when set, called after each step of lsfx_ask's run that left the answer unfinished */
static void (*lsfx_on_step)(void);

/*
 * The answer to text (lines joined by newlines; a last empty one dropped)
 * over d at now, run budget rows at a time, as authuser (NULL: none, a
 * contact of objs): *code 200 and the body, or the error's code and text.
 */
FX_FN char *
lsfx_ask(struct lst_data *d, const struct objects *objs, time_t now, const char *text,
    const char *authuser, size_t budget, int *code)
{
	size_t nt;
	const struct ls_table *const *tables = lst_tables(&nt);
	char *copy = xstrdup(text), *cur = copy, *lines[32];
	struct ls_ctx x = { .data = d, .scratch = arena_new(), .now = now };
	struct mbuf out = { 0 };
	const void *contact = NULL;
	struct lsrun *r;
	struct lsq q;
	char *res;
	size_t n = 0;

	while (n < 32 && cur != NULL)
		lines[n++] = strsep(&cur, "\n");
	if (n > 0 && *lines[n - 1] == '\0')
		n--;
	lsq_parse(&q, tables, nt, lines, n, now);
	if (q.code != 200) {
		*code = q.code;
		res = xstrdup(q.msg);
	} else {
		if (authuser != NULL)
			contact = objects_find_contact(objs, authuser);
		r = lsrun_new(&q, &x, &out, authuser != NULL, contact, 0);
		while (!lsrun_step(r, budget))
			if (lsfx_on_step != NULL)
				lsfx_on_step();
		*code = lsrun_code(r);
		mbuf_add(&out, "", 0);
		res = *code == 200 ? xstrdup(out.p) : xstrdup(lsrun_msg(r));
		lsrun_free(r);
	}
	mbuf_free(&out);
	lsq_clear(&q);
	arena_free(x.scratch);
	free(copy);
	return res;
}

#endif

/*
 * inherit: see inherit.h.  The per-slot rule depends on the slot's kind:
 *  - OK_STR_LIT: take the template's value when ours is NULL;
 *  - OK_LIST: take it when we have none; when ours starts with '+', prefix
 *    the template's value and a comma (the '+' stays until the end, so a
 *    chain of additive templates accumulates);
 *  - everything else: take value and "have" when we have not set it.
 * A "have" with a NULL string (the value "null") blocks inheritance.
 */
#include "compat/config/inherit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/diag.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

static void
inherit_list(struct rawstore *rs, struct rawslot *mine, const struct rawslot *tmpl)
{
	size_t a, b;
	char *s;

	if (!tmpl->have)
		return;
	if (tmpl->v.s != NULL) {
		if (mine->v.s == NULL) {
			if (!mine->have)
				mine->v.s = tmpl->v.s;
		} else if (mine->v.s[0] == '+') {
			a = strlen(tmpl->v.s);
			b = strlen(mine->v.s + 1);
			s = arena_alloc(rs->a, a + b + 2);
			memcpy(s, tmpl->v.s, a);
			s[a] = ',';
			memcpy(s + a + 1, mine->v.s + 1, b + 1);
			mine->v.s = s;
		}
	}
	mine->have = 1;
}

/*
 * The object's slots are laid out by slot number in a scratch table while
 * its templates are applied, then stored back once, at their final size.
 */
struct inherit_table {
	struct rawslot s[256];
	uint8_t present[256];
	uint8_t order[256]; /* the present slots, first seen first */
	unsigned n;
};

static void
inherit_slots(struct rawstore *rs, struct inherit_table *tab, const struct rawobj *t)
{
	const struct rawslot *ts;
	struct rawslot *m;
	unsigned i;

	for (i = 0; i < t->nent; i++) {
		ts = &t->ents[i];
		m = &tab->s[ts->slot];
		if (!tab->present[ts->slot]) {
			memset(m, 0, sizeof(*m));
			m->slot = ts->slot;
			m->kind = ts->kind;
		}
		switch ((enum okind)ts->kind) {
		case OK_STR_LIT:
			if (m->v.s == NULL && ts->v.s != NULL) {
				m->v.s = ts->v.s;
				m->have = 1;
			}
			break;
		case OK_LIST:
			inherit_list(rs, m, ts);
			break;
		default:
			if (!m->have && ts->have)
				*m = *ts;
			break;
		}
		if ((m->have || m->v.s != NULL) && !tab->present[ts->slot]) {
			tab->present[ts->slot] = 1;
			tab->order[tab->n++] = ts->slot;
		}
	}
}

static void
inherit_load(struct inherit_table *tab, const struct rawobj *o)
{
	unsigned i;

	memset(tab->present, 0, sizeof(tab->present));
	tab->n = 0;
	for (i = 0; i < o->nent; i++) {
		tab->s[o->ents[i].slot] = o->ents[i];
		tab->present[o->ents[i].slot] = 1;
		tab->order[tab->n++] = o->ents[i].slot;
	}
}

static void
inherit_store(struct rawstore *rs, struct rawobj *o, const struct inherit_table *tab)
{
	unsigned i;

	/*
	 * The object's own slots come first in order, so they can stay in
	 * place.  Hosts and services get room for the few slots the implied
	 * inheritance adds later, so those do not reallocate.
	 */
	if (tab->n > o->cap) {
		o->cap = (uint16_t)(tab->n + (o->type == OT_HOST || o->type == OT_SERVICE ? 4 : 0));
		o->ents = arena_alloc(rs->a, o->cap * sizeof(*o->ents));
	}
	for (i = 0; i < tab->n; i++)
		o->ents[i] = tab->s[tab->order[i]];
	o->nent = (uint16_t)tab->n;
}

static int
inherit_same_exception(const struct obj_daterange *a, const struct obj_daterange *b)
{
	return a->type == b->type && a->syear == b->syear && a->smon == b->smon &&
	    a->smday == b->smday && a->swday == b->swday && a->swday_offset == b->swday_offset &&
	    a->eyear == b->eyear && a->emon == b->emon && a->emday == b->emday &&
	    a->ewday == b->ewday && a->ewday_offset == b->ewday_offset &&
	    a->skip_interval == b->skip_interval;
}

static void
inherit_extras(struct rawstore *rs, struct rawobj *o, const struct rawobj *t)
{
	const struct rawvar *tv;
	const struct rawexc *te;
	struct rawexc *e, **pp;

	for (tv = t->vars; tv != NULL; tv = tv->next)
		if (raw_find_var(o, tv->name) == NULL)
			raw_add_var(rs, o, tv->name, tv->value);
	for (te = t->exceptions; te != NULL; te = te->next) {
		for (e = o->exceptions; e != NULL; e = e->next)
			if (inherit_same_exception(&e->dr, &te->dr))
				break;
		if (e != NULL)
			continue;
		e = arena_zalloc(rs->a, sizeof(*e));
		e->dr = te->dr;
		e->dr.next = NULL;
		for (pp = &o->exceptions; *pp != NULL; pp = &(*pp)->next)
			;
		*pp = e;
	}
}

static int
inherit_resolve(struct rawstore *rs, struct rawobj *o)
{
	char *names, *cur, *tok, lb[512];
	struct inherit_table table, *tab;
	struct rawobj *t;
	struct diag_loc loc;
	int errors = 0;

	if (o->resolved)
		return 0;
	o->resolved = 1;
	if (o->use == NULL)
		return 0;
	names = xstrdup(o->use);
	cur = names;
	tab = &table;
	inherit_load(tab, o);
	while ((tok = strsep(&cur, ",")) != NULL) {
		t = raw_template(rs, o->type, tok);
		if (t == NULL) {
			loc = raw_loc(o, "use", lb, sizeof(lb));
			diag_error(rs->d, &loc, "Template '%s' specified in %s definition could not "
			    "be found", tok, otype_info(o->type)->name);
			errors++;
			continue;
		}
		errors += inherit_resolve(rs, t);
		inherit_slots(rs, tab, t);
		inherit_extras(rs, o, t);
	}
	inherit_store(rs, o, tab);
	free(names);
	return errors;
}

static void
inherit_strip_plus(struct rawobj *o)
{
	int esc = o->type == OT_SERVICEESCALATION || o->type == OT_HOSTESCALATION;
	struct rawslot *r;
	unsigned i;

	for (i = 0; i < o->nent; i++) {
		r = &o->ents[i];
		/* escalation contact lists keep '+' for additive implied inheritance */
		if (esc && (r->slot == OT_ESC_CONTACTS || r->slot == OT_ESC_CONTACT_GROUPS))
			continue;
		if (r->kind == OK_LIST && r->v.s != NULL && r->v.s[0] == '+')
			r->v.s++;
	}
}

int
inherit_resolve_all(struct rawstore *rs)
{
	int t, errors = 0;
	size_t i;

	for (t = 0; t < OT_NTYPES; t++)
		for (i = 0; i < rs->objs[t].len; i++)
			errors += inherit_resolve(rs, rs->objs[t].items[i]);
	for (t = 0; t < OT_NTYPES; t++)
		for (i = 0; i < rs->objs[t].len; i++)
			inherit_strip_plus(rs->objs[t].items[i]);
	return errors;
}

/*
 * inherit: see inherit.h.  The per-slot rule depends on the slot's kind:
 *  - OK_STR_LIT: take the template's value when ours is NULL;
 *  - OK_LIST: take it when we have none; when ours starts with '+', prefix
 *    the template's value and a comma (the '+' stays until the end, so a
 *    chain of additive templates accumulates);
 *  - everything else: take value and "have" when we have not set it.
 * A "have" with a NULL string (the value "null") blocks inheritance.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/inherit.h"

#include <pthread.h>
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
inherit_apply(struct rawstore *rs, struct inherit_table *tab, const struct rawslot *ts,
    unsigned slot)
{
	struct rawslot *m = &tab->s[slot];

	if (!tab->present[slot]) {
		memset(m, 0, sizeof(*m));
		m->slot = (uint8_t)slot;
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
		if (!m->have && ts->have) {
			*m = *ts;
			m->slot = (uint8_t)slot;
		}
		break;
	}
	if ((m->have || m->v.s != NULL) && !tab->present[slot]) {
		tab->present[slot] = 1;
		tab->order[tab->n++] = (uint8_t)slot;
	}
}

/* the slots t has a value for, its own and its templates' */
static void
inherit_effective(const struct rawobj *t, uint8_t *seen, uint8_t *list, unsigned *n)
{
	unsigned i;

	for (i = 0; i < t->nent; i++)
		if (!seen[t->ents[i].slot]) {
			seen[t->ents[i].slot] = 1;
			list[(*n)++] = t->ents[i].slot;
		}
	for (i = 0; i < t->ntmpl; i++)
		inherit_effective(t->tmpl[i], seen, list, n);
}

/*
 * Apply template t as Nagios does when it copies a template's values into
 * an object.  A resolved template gives its effective values; one still
 * being resolved (a template loop) gives what it has so far.
 */
static void
inherit_slots(struct rawstore *rs, struct inherit_table *tab, const struct rawobj *t)
{
	uint8_t seen[256], list[256];
	unsigned i, n = 0;

	if (t->resolved == 1) {
		for (i = 0; i < t->nent; i++)
			inherit_apply(rs, tab, &t->ents[i], t->ents[i].slot);
		return;
	}
	memset(seen, 0, sizeof(seen));
	inherit_effective(t, seen, list, &n);
	for (i = 0; i < n; i++)
		inherit_apply(rs, tab, raw_get(t, list[i]), list[i]);
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

/*
 * Store the object's slots: its own (possibly combined with its
 * templates' by '+'), and whatever else differs from what raw_get reads
 * through its templates.  Usually that is nothing, so an object costs its
 * own directives only.  all: store every slot (a template loop).
 */
static void
inherit_store(struct rawstore *rs, struct rawobj *o, const struct inherit_table *tab, int all)
{
	struct rawslot keep[256];
	const struct rawslot *e, *l;
	unsigned i, n = 0, own = o->nent;

	for (i = 0; i < tab->n; i++) {
		e = &tab->s[tab->order[i]];
		if (i >= own && !all) {
			l = raw_get(o, e->slot);
			if (l->have == e->have && memcmp(&l->v, &e->v, sizeof(e->v)) == 0)
				continue;
		}
		keep[n++] = *e;
	}
	/* hosts and services get room for the slots the implied inheritance adds */
	if (n > o->cap) {
		o->cap = (uint16_t)(n + (o->type == OT_HOST || o->type == OT_SERVICE ? 4 : 0));
		o->ents = arena_alloc(rs->a, o->cap * sizeof(*o->ents));
	}
	if (n > 0)
		memcpy(o->ents, keep, n * sizeof(*keep));
	o->nent = (uint16_t)n;
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
	struct vec tmpls;
	int errors = 0, loop = 0;

	if (o->resolved)
		return 0;
	o->resolved = 1;
	if (o->use == NULL) {
		o->resolved = 2;
		return 0;
	}
	names = xstrdup(o->use);
	cur = names;
	tab = &table;
	inherit_load(tab, o);
	vec_init(&tmpls);
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
		/* a template still being resolved is a loop: copy, do not link */
		if (t->resolved == 2)
			vec_push(&tmpls, t);
		else
			loop = 1;
	}
	if (tmpls.len > 0) {
		o->tmpl = arena_alloc(rs->a, tmpls.len * sizeof(*o->tmpl));
		memcpy(o->tmpl, tmpls.items, tmpls.len * sizeof(*o->tmpl));
		o->ntmpl = (uint16_t)tmpls.len;
	}
	inherit_store(rs, o, tab, loop);
	vec_clear(&tmpls);
	o->resolved = 2;
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

/* every definition of type t; what it allocates and reports goes to rs's arena and diag */
static int
inherit_type(struct rawstore *rs, int t)
{
	int errors = 0;
	size_t i;

	/* templates are of the definition's own type, so types resolve apart */
	for (i = 0; i < rs->objs[t].len; i++)
		errors += inherit_resolve(rs, rs->objs[t].items[i]);
	for (i = 0; i < rs->objs[t].len; i++)
		inherit_strip_plus(rs->objs[t].items[i]);
	return errors;
}

struct inherit_hosts {
	struct rawstore sub; /* rs with an arena and a diag of its own */
	int errors;
};

static void *
inherit_hosts_thread(void *arg)
{
	struct inherit_hosts *h = arg;

	h->errors = inherit_type(&h->sub, OT_HOST);
	return NULL;
}

/*
 * With many hosts and services, hosts are resolved on a second thread
 * while this one does the other types: the host thread has an arena of
 * its own (which the store keeps) and a diag whose findings are replayed
 * where a sequential run reports them, after the types before hosts and
 * before those after.
 */
int
inherit_resolve_all(struct rawstore *rs)
{
	struct inherit_hosts h;
	struct rawstore later;
	pthread_t tid;
	int t, errors = 0;

	if (rs->objs[OT_HOST].len < RAW_THREADED_MIN ||
	    rs->objs[OT_SERVICE].len < RAW_THREADED_MIN) {
		for (t = 0; t < OT_NTYPES; t++)
			errors += inherit_type(rs, t);
		return errors;
	}
	h.sub = *rs;
	h.sub.a = arena_new();
	h.sub.d = diag_new(NULL);
	h.errors = 0;
	vec_push(&rs->arenas, h.sub.a);
	if (pthread_create(&tid, NULL, inherit_hosts_thread, &h) != 0) {
		diag_free(h.sub.d);
		for (t = 0; t < OT_NTYPES; t++)
			errors += inherit_type(rs, t);
		return errors;
	}
	for (t = 0; t < OT_HOST; t++)
		errors += inherit_type(rs, t);
	later = *rs;
	later.d = diag_new(NULL);
	for (t = OT_HOST + 1; t < OT_NTYPES; t++)
		errors += inherit_type(&later, t);
	pthread_join(tid, NULL);
	diag_copy(rs->d, h.sub.d, 0, diag_count(h.sub.d));
	diag_copy(rs->d, later.d, 0, diag_count(later.d));
	diag_free(h.sub.d);
	diag_free(later.d);
	return errors + h.errors;
}

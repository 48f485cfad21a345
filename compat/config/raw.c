/*
 * raw: the store of definitions and the conversion of one directive line
 * into a typed slot.  Values are converted the way Nagios 4.4.6 converts
 * them (atoi/strtod leniency included) so that resolved objects carry the
 * same numbers; only option letters, initial states and coordinates are
 * checked, as there.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/raw.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/diag.h"
#include "compat/config/tpsyntax.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

struct rawstore *
rawstore_new(struct arena *a, struct diag *d)
{
	struct rawstore *rs = xcalloc(1, sizeof(*rs));
	int t;

	rs->a = a;
	rs->d = d;
	vec_init(&rs->tlog);
	vec_init(&rs->arenas);
	for (t = 0; t < OT_NTYPES; t++) {
		vec_init(&rs->objs[t]);
		rs->tmpl[t] = hmap_new(16);
	}
	return rs;
}

void
rawstore_free(struct rawstore *rs)
{
	size_t i;
	int t;

	if (rs == NULL)
		return;
	for (t = 0; t < OT_NTYPES; t++) {
		vec_clear(&rs->objs[t]);
		hmap_free(rs->tmpl[t]);
	}
	vec_clear(&rs->tlog);
	for (i = 0; i < rs->arenas.len; i++)
		arena_free(rs->arenas.items[i]);
	vec_clear(&rs->arenas);
	free(rs);
}

struct rawobj *
raw_begin(struct rawstore *rs, enum otype t, const char *file, int line)
{
	struct rawobj *o = arena_zalloc(rs->a, sizeof(*o));

	o->type = (uint8_t)t;
	o->file = file;
	o->line = line;
	o->reg = 1;
	o->a = rs->a;
	o->seq = rs->seq++;
	vec_push(&rs->objs[t], o);
	return o;
}

struct rawobj *
raw_clone(struct rawstore *rs, const struct rawobj *src)
{
	struct rawobj *o = arena_alloc(rs->a, sizeof(*o));

	memcpy(o, src, sizeof(*o));
	/* copies are made for expansion, which adds a few slots: leave room */
	o->cap = (uint16_t)(src->nent + 4);
	o->ents = arena_alloc(rs->a, o->cap * sizeof(*o->ents));
	if (src->nent)
		memcpy(o->ents, src->ents, src->nent * sizeof(*o->ents));
	o->seq = rs->seq++;
	vec_push(&rs->objs[src->type], o);
	return o;
}

static const struct rawslot raw_unset;

struct rawslot *
raw_own(const struct rawobj *o, unsigned slot)
{
	unsigned i;

	for (i = 0; i < o->nent; i++)
		if (o->ents[i].slot == slot)
			return &o->ents[i];
	return NULL;
}

const struct rawslot *
raw_get(const struct rawobj *o, unsigned slot)
{
	const struct rawslot *r = raw_own(o, slot);
	unsigned i;

	if (r != NULL)
		return r;
	for (i = 0; i < o->ntmpl; i++) {
		r = raw_get(o->tmpl[i], slot);
		if (r->have)
			return r;
	}
	return &raw_unset;
}

/*
 * raw_get walks, for each slot, o's own entries and then each template's
 * answer in order, taking a template's only when it is set.  A template's
 * own unset entry is its answer, so it hides what lies behind it: the walk
 * below keeps such slots on a stack while it visits that template's own
 * templates, and the first entry found for a slot wins, as in raw_get.
 */
static void
raw_view_tmpl(struct rawview *v, const struct rawobj *t, unsigned depth)
{
	unsigned i, k, mark = v->nmasked;
	const struct rawslot *e;

	if (depth > 32) {
		v->fallback = 1;
		return;
	}
	for (i = 0; i < t->nent; i++) {
		e = &t->ents[i];
		if (v->stamp[e->slot] == v->cur)
			continue;
		for (k = 0; k < v->nmasked && v->masked[k] != e->slot; k++)
			;
		if (k < v->nmasked)
			continue;
		if (e->have) {
			v->stamp[e->slot] = v->cur;
			v->at[e->slot] = e;
		} else if (v->nmasked < RAW_VIEW_MASK) {
			v->masked[v->nmasked++] = e->slot;
		} else {
			v->fallback = 1;
		}
	}
	for (i = 0; i < t->ntmpl; i++)
		raw_view_tmpl(v, t->tmpl[i], depth + 1);
	v->nmasked = mark;
}

void
raw_view_fill(struct rawview *v, const struct rawobj *o)
{
	unsigned i;

	if (++v->cur == 0) { /* the stamps wrapped: start them again */
		memset(v->stamp, 0, sizeof(v->stamp));
		v->cur = 1;
	}
	v->o = o;
	v->fallback = 0;
	v->nmasked = 0;
	/* own entries first, set or not; the first of a repeated slot wins */
	for (i = 0; i < o->nent; i++) {
		if (v->stamp[o->ents[i].slot] == v->cur)
			continue;
		v->stamp[o->ents[i].slot] = v->cur;
		v->at[o->ents[i].slot] = &o->ents[i];
	}
	for (i = 0; i < o->ntmpl; i++)
		raw_view_tmpl(v, o->tmpl[i], 1);
}

const struct rawslot *
raw_view_get(const struct rawview *v, unsigned slot)
{
	if (v->fallback || slot >= RAW_VIEW_SLOTS)
		return raw_get(v->o, slot);
	return v->stamp[slot] == v->cur ? v->at[slot] : &raw_unset;
}

struct rawslot *
raw_at(struct rawobj *o, unsigned slot)
{
	const struct rawslot *inherited;
	struct rawslot *n;

	if ((n = raw_own(o, slot)) != NULL)
		return n;
	inherited = raw_get(o, slot);
	if (o->nent == o->cap) {
		/* the arena never frees: grow in steps so the waste stays small */
		o->cap = o->cap ? (uint16_t)(o->cap * 2) : 4;
		n = arena_alloc(o->a, o->cap * sizeof(*n));
		if (o->nent)
			memcpy(n, o->ents, o->nent * sizeof(*n));
		o->ents = n;
	}
	n = &o->ents[o->nent++];
	*n = *inherited;
	n->slot = (uint8_t)slot;
	return n;
}

void
raw_copy(struct rawobj *dst, unsigned dslot, const struct rawobj *src, unsigned sslot)
{
	const struct rawslot *s = raw_get(src, sslot);
	struct rawslot *d;

	if (!s->have && raw_get(dst, dslot) == &raw_unset)
		return;
	d = raw_at(dst, dslot);
	d->v = s->v;
	d->have = s->have;
	d->kind = s->kind;
}

void
raw_clear(struct rawobj *o, unsigned slot)
{
	if (raw_get(o, slot) != &raw_unset)
		raw_at(o, slot)->v.s = NULL;
}

struct rawobj *
raw_template(const struct rawstore *rs, enum otype t, const char *name)
{
	return hmap_get(rs->tmpl[t], name);
}

const char *
raw_label(const struct rawobj *o, char *buf, size_t len)
{
	const struct otype_info *ti = otype_info(o->type);
	const char *n = NULL;

	if (ti->name_slot >= 0)
		n = raw_str(o, (unsigned)ti->name_slot);
	if (n == NULL && o->type == OT_SERVICE && raw_str(o, OT_SVC_SERVICE_DESCRIPTION) != NULL) {
		snprintf(buf, len, "%s;%s",
		    raw_str(o, OT_SVC_HOST_NAME) ? raw_str(o, OT_SVC_HOST_NAME) : "",
		    raw_str(o, OT_SVC_SERVICE_DESCRIPTION));
		return buf;
	}
	if (n == NULL)
		n = o->tmpl_name;
	snprintf(buf, len, "%s", n != NULL ? n : "(unnamed)");
	return buf;
}

struct diag_loc
raw_loc(const struct rawobj *o, const char *directive, char *buf, size_t len)
{
	struct diag_loc loc;

	loc.file = o->file;
	loc.line = o->line;
	loc.otype = otype_info(o->type)->name;
	loc.oname = raw_label(o, buf, len);
	loc.directive = directive;
	return loc;
}

void
raw_put_str(struct rawobj *o, unsigned slot, const char *s)
{
	struct rawslot *r = raw_at(o, slot);

	r->v.s = s;
	r->have = 1;
}

void
raw_put_opts(struct rawobj *o, unsigned slot, unsigned opts)
{
	struct rawslot *r = raw_at(o, slot);

	r->v.opts = opts;
	r->have = 1;
}

struct rawvar *
raw_find_var(const struct rawobj *o, const char *name)
{
	struct rawvar *v;

	for (v = o->vars; v != NULL; v = v->next)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

void
raw_add_var(struct rawstore *rs, struct rawobj *o, const char *name, const char *value)
{
	struct rawvar *v = raw_find_var(o, name), **pp;

	if (v != NULL) {
		v->value = value;
		return;
	}
	v = arena_zalloc(rs->a, sizeof(*v));
	v->name = name;
	v->value = value;
	/* keep definition order */
	for (pp = &o->vars; *pp != NULL; pp = &(*pp)->next)
		;
	*pp = v;
}

static int
raw_error(struct rawstore *rs, const struct rawobj *o, const char *dir, int line,
    const char *fmt, const char *arg)
{
	char lb[512];
	struct diag_loc loc = raw_loc(o, dir, lb, sizeof(lb));

	loc.line = line;
	diag_error(rs->d, &loc, fmt, arg);
	return -1;
}

static int
raw_set_coords(struct rawstore *rs, struct rawobj *o, const struct odir *dir, const char *value,
    int line)
{
	char *copy = xstrdup(value), *p = copy, *tok;
	double v[3] = { 0, 0, 0 };
	int n = dir->kind == OK_COORDS2 ? 2 : 3, i;

	for (i = 0; i < n; i++) {
		while (*p == ',' || *p == ' ')
			p++;
		if (*p == '\0') {
			free(copy);
			return raw_error(rs, o, dir->name, line, "Invalid %s value", dir->name);
		}
		tok = p;
		while (*p != '\0' && *p != ',' && *p != ' ')
			p++;
		if (*p != '\0')
			*p++ = '\0';
		v[i] = dir->kind == OK_COORDS2 ? (double)strtol(tok, NULL, 10) : strtod(tok, NULL);
	}
	double *c = arena_alloc(rs->a, sizeof(v));
	struct rawslot *r = raw_at(o, dir->slot);

	free(copy);
	memcpy(c, v, sizeof(v));
	r->v.c = c;
	r->kind = dir->kind;
	r->have = 1;
	return 0;
}

static int
raw_state(enum okind k, const char *v, long *out)
{
	static const char *const hs[][2] = { { "o", "up" }, { "d", "down" }, { "u", "unreachable" } };
	static const char *const ss[][2] = {
		{ "o", "ok" }, { "w", "warning" }, { "c", "critical" }, { "u", "unknown" }
	};
	static const long sval[] = { OBJ_STATE_OK, OBJ_STATE_WARNING, OBJ_STATE_CRITICAL,
		OBJ_STATE_UNKNOWN };
	unsigned i;

	if (k == OK_HSTATE) {
		for (i = 0; i < 3; i++)
			if (strcmp(v, hs[i][0]) == 0 || strcmp(v, hs[i][1]) == 0) {
				*out = (long)i;
				return 0;
			}
		return -1;
	}
	for (i = 0; i < 4; i++)
		if (strcmp(v, ss[i][0]) == 0 || strcmp(v, ss[i][1]) == 0) {
			*out = sval[i];
			return 0;
		}
	return -1;
}

/*
 * A value's string.  Values repeat across an estate (addresses, commands,
 * templates, service descriptions), so they are interned; the object's
 * own name, unique by definition, is only copied.
 */
static const char *
raw_keep(struct rawstore *rs, const struct rawobj *o, const struct odir *dir, const char *value)
{
	if ((int)dir->slot == otype_info(o->type)->name_slot)
		return arena_strdup(rs->a, value);
	return arena_intern(rs->a, value);
}

static int
raw_set_dir(struct rawstore *rs, struct rawobj *o, const struct odir *dir, const char *value,
    int line)
{
	struct rawslot *s;
	char bad[64], lb[512];
	struct diag_loc loc;

	if (dir->flags & ODF_DEPRECATED) {
		loc = raw_loc(o, dir->name, lb, sizeof(lb));
		loc.line = line;
		diag_warning(rs->d, &loc, "The %s attribute is deprecated and will be removed in "
		    "future versions. Please use %s instead.", dir->name, dir->use_instead);
	}
	if ((dir->flags & ODF_NONEMPTY) && value[0] == '\0')
		return raw_error(rs, o, dir->name, line, "Empty value for %s", dir->name);
	if (dir->kind == OK_COORDS2 || dir->kind == OK_COORDS3)
		return raw_set_coords(rs, o, dir, value, line);
	if (dir->kind == OK_OBSOLETE) {
		loc = raw_loc(o, dir->name, lb, sizeof(lb));
		loc.line = line;
		diag_warning(rs->d, &loc, "%s is obsoleted and no longer has any effect in %s "
		    "type objects", dir->name, otype_info(o->type)->name);
		return 0;
	}
	s = raw_at(o, dir->slot);
	s->kind = dir->kind;
	switch ((enum okind)dir->kind) {
	case OK_STR:
	case OK_LIST:
		s->v.s = strcmp(value, "null") != 0 ? raw_keep(rs, o, dir, value) : NULL;
		break;
	case OK_STR_LIT:
		s->v.s = raw_keep(rs, o, dir, value);
		break;
	case OK_INT:
		s->v.i = strtol(value, NULL, 10);
		break;
	case OK_UINT:
		s->v.i = (long)strtoul(value, NULL, 10);
		break;
	case OK_BOOL:
		s->v.i = strtol(value, NULL, 10) > 0;
		break;
	case OK_DOUBLE:
		s->v.d = strtod(value, NULL);
		break;
	case OK_OPTS_RESET:
		s->v.opts = 0;
		/* FALLTHROUGH */
	case OK_OPTS:
		if (otype_parse_opts(dir->optmap, value, &s->v.opts, bad, sizeof(bad)) < 0)
			return raw_error(rs, o, dir->name, line, "Invalid option '%s'", bad);
		break;
	case OK_HSTATE:
	case OK_SSTATE:
		if (raw_state(dir->kind, value, &s->v.i) < 0)
			return raw_error(rs, o, dir->name, line, "Invalid initial state '%s'", value);
		break;
	case OK_COORDS2:
	case OK_COORDS3:
	case OK_OBSOLETE:
		break;
	}
	s->have = 1;
	return 0;
}

/*
 * A timeperiod line that is no directive: a plain weekday ("monday
 * 09:00-17:00", kept as a string slot so templates can pass it on; its
 * ranges are checked here so errors carry the line) or a date exception.
 */
static int
raw_set_tpline(struct rawstore *rs, struct rawobj *o, const char *name, const char *value, int line)
{
	char err[256], *full;
	struct rawexc *e, **pp;
	struct obj_timerange *ranges;
	int wd, rc;
	size_t n;

	full = xasprintf("%s %s", name, value);
	if (tpsyntax_is_weekday_line(full)) {
		wd = tpsyntax_parse_weekday_line(rs->a, full, &ranges, err, sizeof(err));
		free(full);
		if (wd < 0)
			return raw_error(rs, o, name, line, "%s", err);
		n = strspn(value, "0123456789:, -");
		raw_put_str(o, OT_TP_SUNDAY + (unsigned)wd, arena_strndup(rs->a, value, n));
		raw_at(o, OT_TP_SUNDAY + (unsigned)wd)->kind = OK_STR_LIT;
		return 0;
	}
	e = arena_zalloc(rs->a, sizeof(*e));
	rc = tpsyntax_parse_exception(rs->a, full, &e->dr, err, sizeof(err));
	free(full);
	if (rc < 0)
		return raw_error(rs, o, name, line, "%s", err);
	for (pp = &o->exceptions; *pp != NULL; pp = &(*pp)->next)
		;
	*pp = e;
	return 0;
}

static int
raw_set_customvar(struct rawstore *rs, struct rawobj *o, const char *name, const char *value,
    int line)
{
	char *up;
	size_t i;

	if (name[1] == '\0')
		return raw_error(rs, o, name, line, "Null custom variable name%s", "");
	up = arena_strdup(rs->a, name + 1);
	for (i = 0; up[i] != '\0'; i++)
		up[i] = (char)toupper((unsigned char)up[i]);
	raw_add_var(rs, o, arena_intern(rs->a, up),
	    value[0] != '\0' && strcmp(value, "null") != 0 ? arena_strdup(rs->a, value) : NULL);
	return 0;
}

int
raw_set(struct rawstore *rs, struct rawobj *o, const char *name, const char *value, int line)
{
	const struct otype_info *ti = otype_info(o->type);
	const struct odir *dir;

	if (strcmp(name, "use") == 0) {
		o->use = arena_intern(rs->a, value);
		return 0;
	}
	if (strcmp(name, "name") == 0) {
		o->tmpl_name = arena_strdup(rs->a, value);
		return 0;
	}
	if (strcmp(name, "register") == 0) {
		o->reg = strtol(value, NULL, 10) > 0;
		return 0;
	}
	dir = otype_find_dir((enum otype)o->type, name);
	if (ti->is_timeperiod && (dir == NULL || dir->slot >= OT_TP_SUNDAY))
		return raw_set_tpline(rs, o, name, value, line);
	if (dir != NULL)
		return raw_set_dir(rs, o, dir, value, line);
	if (ti->has_customvars && name[0] == '_')
		return raw_set_customvar(rs, o, name, value, line);
	return raw_error(rs, o, name, line, "Invalid %s object directive", ti->name);
}

int
raw_register_template(struct rawstore *rs, struct rawobj *o)
{
	struct rawobj *prev;
	struct rawtmpl *t;
	char lb[512];
	struct diag_loc loc;

	prev = hmap_put_new(rs->tmpl[o->type], o->tmpl_name, o);
	if (prev == NULL) {
		t = arena_alloc(rs->a, sizeof(*t));
		t->o = o;
		t->ndiag = diag_count(rs->d);
		vec_push(&rs->tlog, t);
		return 0;
	}
	loc = raw_loc(o, "name", lb, sizeof(lb));
	diag_error(rs->d, &loc, "Duplicate definition found for %s template '%s' (first defined in "
	    "'%s' line %d)", otype_info(o->type)->name, o->tmpl_name, prev->file, prev->line);
	return -1;
}

int
raw_end(struct rawstore *rs, struct rawobj *o)
{
	return o->tmpl_name != NULL ? raw_register_template(rs, o) : 0;
}

/*
 * raw: object definitions as read, before templates are applied.
 *
 * A struct rawobj holds one `define` block: its type, where it starts, its
 * template name and `use` list, `register`, and one typed value slot per
 * directive of its type (otypes.h).  Values are converted when the
 * directive is read, as Nagios does, so a bad option letter is reported at
 * its line.  Strings live in the store's arena.
 *
 * The store keeps every definition in file order per type, an index of
 * templates by `name`, and an index of registered names for duplicate
 * detection.  Filled by the lexer (through raw_begin/raw_set/raw_end),
 * then transformed in place by inherit.c, expand.c and implied.c, and
 * finally read by build.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_RAW_H
#define JAQUE_RAW_H

#include <stdint.h>

#include "compat/config/otypes.h"
#include "engine/objects/objects.h"
#include "engine/util/vec.h"

struct arena;
struct hmap;
struct diag;

union rawval {
	const char *s;
	long i;
	double d;
	unsigned opts;
	const double *c; /* coordinates: x, y, z in the arena */
};

/* the value of one directive; only the directives set are stored */
struct rawslot {
	union rawval v;
	uint8_t slot;
	uint8_t kind; /* enum okind of the directive that set it */
	uint8_t have; /* set here or inherited (NULL string with have = "null") */
};

struct rawvar {
	const char *name; /* upper-cased, without '_' */
	const char *value; /* NULL for "null" */
	struct rawvar *next;
};

struct rawexc {
	struct obj_daterange dr; /* parsed exception (times included) */
	struct rawexc *next;
};

struct rawobj {
	const char *file;          /* interned path */
	const char *tmpl_name;     /* `name` */
	const char *use;           /* `use`, comma list */
	struct rawvar *vars;
	struct rawexc *exceptions; /* timeperiods */
	struct arena *a;           /* where ents grows */
	struct rawslot *ents;      /* the directives set here, in no particular order */
	struct rawobj **tmpl;      /* resolved `use` templates, in order (inherit.c) */
	int line;
	uint32_t seq;              /* definition order, for stable choices */
	uint32_t ref;              /* services: the expander's index + 1 of their host */
	uint16_t nent;
	uint16_t cap;
	uint16_t ntmpl;
	uint8_t type;              /* enum otype */
	int8_t reg;                /* `register`: 1 unless set to 0 */
	uint8_t resolved;
	uint8_t from_hostgroup;    /* service copied from a hostgroup_name expansion */
	uint8_t dead;              /* dropped (duplicate, merged extinfo, ...) */
};

struct rawstore {
	struct arena *a;
	struct vec objs[OT_NTYPES];
	struct hmap *tmpl[OT_NTYPES];
	uint32_t seq;
	struct diag *d;
	struct vec tlog;   /* struct rawtmpl *: templates registered, in order */
	struct vec arenas; /* arenas of merged stores (objfiles.c), freed with the store */
};

/*
 * From how many hosts and services on (each) the reader and the builder do
 * part of their work on a second thread; below, starting one costs more.
 */
#define RAW_THREADED_MIN 1000

/* a template registration, and how many diagnostics the store had then */
struct rawtmpl {
	struct rawobj *o;
	unsigned ndiag;
};

struct rawstore *rawstore_new(struct arena *a, struct diag *d);
void rawstore_free(struct rawstore *rs);

/* start a definition of type t at file:line; returns it (also appended to the store) */
struct rawobj *raw_begin(struct rawstore *rs, enum otype t, const char *file, int line);
/*
 * Apply one directive line "name value" to o.  Returns 0, or -1 after
 * reporting the error (unknown directive, bad value) to the store's diag.
 */
int raw_set(struct rawstore *rs, struct rawobj *o, const char *name, const char *value, int line);
/* finish a definition: index its template name; returns 0 or -1 (duplicate template) */
int raw_end(struct rawstore *rs, struct rawobj *o);
/* index o's template name (set) in rs, logged in rs->tlog; 0 or -1 (duplicate, reported) */
int raw_register_template(struct rawstore *rs, struct rawobj *o);
/* a copy of o (slots, vars, exceptions shared as values) appended to the store */
struct rawobj *raw_clone(struct rawstore *rs, const struct rawobj *o);

/* the template named name of type t, or NULL */
struct rawobj *raw_template(const struct rawstore *rs, enum otype t, const char *name);
/* the object's name for messages ("web1", "web1;HTTP", or the template name) */
const char *raw_label(const struct rawobj *o, char *buf, size_t len);
/* a location for diagnostics about o (and directive, may be NULL) */
struct diag_loc raw_loc(const struct rawobj *o, const char *directive, char *buf, size_t len);

/*
 * The slot's value: the object's own, else what its templates give (first
 * template first, depth first), as Nagios's inheritance would have copied
 * it; inherit.c stores whatever differs from that (additive lists).  An
 * unset slot reads as have 0, value 0/NULL.
 */
const struct rawslot *raw_get(const struct rawobj *o, unsigned slot);
/*
 * Every slot of one object as raw_get reads it, gathered in one walk of its
 * templates: for code that reads many slots of many objects (the builder).
 * A view is about 3 KiB; raw_view_fill needs no clearing between objects.
 */
#define RAW_VIEW_SLOTS 256
#define RAW_VIEW_MASK 64
struct rawview {
	const struct rawobj *o;
	unsigned cur; /* an entry counts when its stamp is cur */
	unsigned stamp[RAW_VIEW_SLOTS];
	const struct rawslot *at[RAW_VIEW_SLOTS];
	uint8_t masked[RAW_VIEW_MASK]; /* unset slots a template keeps from its own templates */
	unsigned nmasked;
	int fallback; /* too deep or too many masks: raw_view_get asks raw_get */
};
/* make v show o as it is now: a change to o or its templates needs a new fill */
void raw_view_fill(struct rawview *v, const struct rawobj *o);
/* the same answer as raw_get(v->o, slot) */
const struct rawslot *raw_view_get(const struct rawview *v, unsigned slot);

/* the slot for writing: the object's own, created from the inherited value when missing */
struct rawslot *raw_at(struct rawobj *o, unsigned slot);
/* the object's own entry for slot, or NULL */
struct rawslot *raw_own(const struct rawobj *o, unsigned slot);
/* copy src's slot sslot into dst's slot dslot (value and have) */
void raw_copy(struct rawobj *dst, unsigned dslot, const struct rawobj *src, unsigned sslot);
/* clear a string slot's value, keeping whether it was set; no-op when unset */
void raw_clear(struct rawobj *o, unsigned slot);

static inline const char *
raw_str(const struct rawobj *o, unsigned slot)
{
	return raw_get(o, slot)->v.s;
}

static inline int
raw_have(const struct rawobj *o, unsigned slot)
{
	return raw_get(o, slot)->have;
}

/* set a string slot (value owned by the arena) */
void raw_put_str(struct rawobj *o, unsigned slot, const char *s);
/* set an option-mask slot */
void raw_put_opts(struct rawobj *o, unsigned slot, unsigned opts);
/* the custom variable name of o, or NULL */
struct rawvar *raw_find_var(const struct rawobj *o, const char *name);
void raw_add_var(struct rawstore *rs, struct rawobj *o, const char *name, const char *value);

#endif

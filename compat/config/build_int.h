/*
 * build_int: what build.c, build_fill.c and build_rel.c share: the state of
 * one build, reporting, list splitting and name-list resolution.  Private
 * to the builder.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_BUILD_INT_H
#define JAQUE_BUILD_INT_H

#include <stddef.h>

#include "compat/config/diag.h"
#include "compat/config/raw.h"
#include "engine/objects/objects.h"
#include "engine/util/vec.h"

struct arena;

/* where one model object was defined */
struct build_place {
	const struct rawobj *raw; /* in the parse arena, which outlives the model */
};

/* the side table behind objects.origin, in the model's arena */
/* a finding Nagios makes in its pre-flight check, reported by build_report_late */
struct build_late {
	enum diag_kind kind;
	struct diag_loc loc; /* strings in the model's arena */
	const char *msg;
};

struct build_side {
	struct build_place *place[OT_NTYPES];
	unsigned n[OT_NTYPES];
	struct diag_loc scratch; /* build_where's answer */
	struct build_late *late;
	unsigned nlate;
};

/* a definition being sorted: its keys and its position in the store */
struct build_item {
	uint64_t pre; /* k1's first 8 bytes, big-endian: orders as strcmp does */
	struct rawobj *o;
	const char *k1;
	const char *k2;
	/* ties go by o->seq, the definition order: 32 bytes sort in place */
};

/*
 * When Nagios would say it, which decides the order findings are reported
 * in (each phase in the order found): while reading (duplicate names),
 * registering each kind, in its order, then in the pre-flight check
 * (names resolved only there: commands, parents, excluded periods).
 * Nagios stops at its first registration error; this order makes our
 * first finding its.
 */
enum build_when {
	BUILD_NOW = -1, /* the phase the builder is in (struct build.phase) */
	BUILD_READ,
	BUILD_REG_TIMEPERIOD,
	BUILD_REG_COMMAND,
	BUILD_REG_CONTACT,
	BUILD_REG_HOST,
	BUILD_REG_SERVICE,
	BUILD_REG_MEMBERS, /* contactgroup, hostgroup, servicegroup members */
	BUILD_REG_SERVICEDEPENDENCY,
	BUILD_REG_SERVICEESCALATION,
	BUILD_REG_HOSTDEPENDENCY,
	BUILD_REG_HOSTESCALATION,
	BUILD_PF_SERVICE,
	BUILD_PF_HOST,
	BUILD_PF_CONTACT,
	BUILD_PF_TIMEPERIOD
};

/* one run of build_objects */
struct build {
	struct rawstore *rs;
	struct diag *d;
	struct objects *m;
	struct arena *a; /* the model's */
	struct build_side *side;
	/* per named type and services: the definitions behind the model's array */
	struct build_item *items[OT_NTYPES];
	unsigned nitems[OT_NTYPES];
	int errors;
	int unsorted_groups; /* use_large_installation_tweaks: group members as expanded */
	enum build_when phase;
	struct vec pending; /* struct build_pending *, reported by build_flush */
	char *tokbuf; /* build_split's copy */
	size_t tokcap;
	struct vec tok;
	struct rawview *view; /* of the object being filled (the builder never writes raw objects) */
	void **refs;          /* bd_refs_scratch's array */
	unsigned refcap;
	/*
	 * What a configuration string (by pointer: the builder never writes
	 * raw objects) resolved to without a finding: most objects name the
	 * same commands, periods and contact lists through their templates.
	 */
	struct build_memo {
		const void *key;
		const void *tag; /* which list (struct build_list *), or NULL */
		const void *val;
		unsigned n;
	} memo[3][256];
	/* build_share's table: what was shared, by content */
	const void **shared;
	uint32_t *shared_size;
	size_t shared_cap, shared_n;
};

/* findings about o (and directive dir) in the current phase; kept until build_flush */
void build_err(struct build *b, const struct rawobj *o, const char *dir, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void build_warn(struct build *b, const struct rawobj *o, const char *dir, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

void build_err_at(struct build *b, enum build_when when, const struct rawobj *o,
    const char *dir, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/*
 * A builder for a second thread: b's state with scratch and findings of its
 * own.  build_helper_done takes its findings into b as if they had been
 * made just after b's first before ones, and frees it.
 */
struct build *build_helper_new(const struct build *b);
void build_helper_done(struct build *b, size_t before, struct build *h);
/* report every finding to the diag, in phase order; called once, at the end */
void build_flush(struct build *b);

/* the string in slot, NULL when not set (or set to "null") */
static inline const char *
build_raw(const struct rawobj *o, unsigned slot)
{
	const struct rawslot *s = raw_get(o, slot);

	return s->have ? s->v.s : NULL;
}

/* the string in slot of o, read through b's view of o */
const char *build_view_str(struct build *b, const struct rawobj *o, unsigned slot);
const struct rawslot *build_view(struct build *b, const struct rawobj *o, unsigned slot);

/*
 * One copy in the model's arena of the size bytes at p, shared with every
 * earlier call that passed the same bytes (so zero padding before filling).
 */
const void *build_share(struct build *b, const void *p, size_t size);

/* n zeroed elements in the model's arena; NULL when n is 0 */
void *build_alloc(struct build *b, size_t n, size_t size);
/* the side table of type t gets n entries; then each is set with build_place */
void build_side_size(struct build *b, enum otype t, unsigned n);
void build_place(struct build *b, enum otype t, unsigned id, const struct rawobj *o);
void build_reverse(void **arr, unsigned n);

/*
 * Split s at any character of seps into b->tok, items trimmed, empty ones
 * dropped (as strtok and strip leave them in Nagios).  Items stay valid
 * until the next call.  Returns their number.
 */
unsigned build_split(struct build *b, const char *s, const char *seps);
/* whether s points into build_split's scratch copy (kept strings must be copied) */
int build_in_tokbuf(const struct build *b, const char *s);

static inline const char *
build_tok(const struct build *b, unsigned i)
{
	return b->tok.items[i];
}

/* how a list directive becomes an array of model pointers */
enum build_order {
	BUILD_REVERSE, /* Nagios prepends each item */
	BUILD_GIVEN,   /* kept as written */
	BUILD_BYID     /* sorted by id, each once (group members) */
};

struct build_list {
	unsigned slot;
	const char *dir;
	void *(*find)(const struct objects *, const char *);
	enum build_order order;
	int once;            /* drop repeated names (Nagios checks before adding) */
	const char *missing; /* format: the name, then the owner's name */
	enum build_when when; /* when missing is reported */
	const char *self;    /* when set, naming the owner itself is this error */
};

extern const struct build_list build_l_esc_contacts;
extern const struct build_list build_l_esc_cgs;

/*
 * The objects named by the comma list in l's slot of o, in l's order;
 * names that do not resolve are reported and left out.  The array holds
 * model struct pointers (all alike), in the model's arena; NULL when empty.
 */
void **build_refs(struct build *b, const struct rawobj *o, const struct build_list *l,
    const char *owner, unsigned *n);

/* build_fill.c: every named object and service from its definition */
void build_fill(struct build *b);
/* build_rel.c: dependencies and escalations, after build_fill */
void build_dependencies(struct build *b);
void build_escalations(struct build *b);

#endif

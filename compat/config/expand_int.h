/*
 * expand_int: what expand.c and expand_deps.c share: the index of
 * registered objects by name, group membership bitmaps, and name list
 * expansion.  Private to the expander.
 */
#ifndef JAQUE_EXPAND_INT_H
#define JAQUE_EXPAND_INT_H

#include <stdint.h>

#include "compat/config/raw.h"
#include "engine/util/vec.h"

struct hmap;
struct main_cfg;

struct xset {
	struct vec objs;  /* registered rawobj *, in definition order */
	struct hmap *idx; /* name -> index + 1 */
};

struct xgroup {
	uint8_t *members; /* bitmap (a byte per member object) */
	uint8_t *reject;  /* '!name' in the members list: never a member */
	struct vec order; /* member indexes (uintptr_t) in Nagios's member_list order */
	uint8_t state;    /* 0 unvisited, 1 resolving, 2 done */
};

struct expand {
	struct rawstore *rs;
	const struct main_cfg *cfg;
	struct diag *d;
	int errors;
	int use_regexp;
	int use_true_regexp;
	int allow_empty_hg;
	struct xset set[OT_NTYPES];
	struct xgroup *hg; /* per hostgroup, over hosts */
	struct xgroup *cg; /* per contactgroup, over contacts */
	struct xgroup *sg; /* per servicegroup, over services */
	struct vec services;     /* flat registered services (rawobj *) */
	struct hmap *svc_idx;    /* "host\x01desc" -> index + 1 */
	struct vec *host_svcs;   /* per host: indexes into services (as uintptr_t) */
};

/* index + 1 of the registered object called name, 0 when none */
unsigned expand_lookup(const struct expand *x, enum otype t, const char *name);
static inline struct rawobj *
expand_obj(const struct expand *x, enum otype t, unsigned i)
{
	return x->set[t].objs.items[i];
}
static inline unsigned
expand_count(const struct expand *x, enum otype t)
{
	return (unsigned)x->set[t].objs.len;
}
const char *expand_name(const struct rawobj *o);

void expand_err(struct expand *x, const struct rawobj *o, const char *dir, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void expand_warn(struct expand *x, const struct rawobj *o, const char *dir, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/*
 * Expand a name list of objects of type t into acc (accepted) and rej
 * (rejected with '!').  Reports unknown names against owner/dir.
 * Returns the number of items that matched nothing (0 = fine).
 */
int expand_names(struct expand *x, enum otype t, const char *list, uint8_t *acc, uint8_t *rej,
    const struct rawobj *owner, const char *dir);
/*
 * The same, also giving the accepted objects in the order Nagios's list
 * holds them (each match put in front, a repeat left where it is) in
 * order (uintptr_t indexes).  order may be NULL.
 */
int expand_names_ordered(struct expand *x, enum otype t, const char *list, uint8_t *acc,
    uint8_t *rej, struct vec *order, const struct rawobj *owner, const char *dir);
/*
 * Expand a list of group names of type gt (hostgroup, contactgroup,
 * servicegroup) into member bitmaps acc/rej (members of the groups).
 */
int expand_group_names(struct expand *x, enum otype gt, const char *list, uint8_t *acc,
    uint8_t *rej, const struct rawobj *owner, const char *dir);
/* comma list of the names set in bm (over objects of type t); arena string, NULL when empty */
const char *expand_join(struct expand *x, enum otype t, const uint8_t *bm);
/* service index + 1 for host/desc, 0 when none */
unsigned expand_service(const struct expand *x, const char *host, const char *desc);
/*
 * Service descriptions on host hi matching list (exact, '*', '!desc',
 * regular expressions): appends service indexes to out.  Returns the
 * number of items that matched nothing.
 */
int expand_host_services(struct expand *x, unsigned hi, const char *list, struct vec *out);

int expand_deps_all(struct expand *x);
void expand_implied(struct expand *x);

#endif

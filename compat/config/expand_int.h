/*
 * expand_int: what the expander's files share (expand.c: indexes, name
 * lists, host and contact groups; expand_svc.c: services and
 * servicegroups; expand_deps.c: dependencies, escalations, extinfo,
 * implied inheritance).  Private to the expander.
 *
 * Sets of objects are idsets over the registered objects of one type
 * (their index in set[t].objs; services: their index in services), so
 * each expansion costs what it touches, never hosts x services.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_EXPAND_INT_H
#define JAQUE_EXPAND_INT_H

#include <stdint.h>

#include "compat/config/raw.h"
#include "engine/util/idset.h"
#include "engine/util/vec.h"

struct hmap;
struct main_cfg;

struct xset {
	struct vec objs;  /* registered rawobj *, in definition order */
	struct hmap *idx; /* name -> index + 1 */
};

/* the three kinds of groups */
enum { XG_HOST, XG_CONTACT, XG_SERVICE, XG_N };

struct xgroup {
	struct vec order; /* members added, in sequence (uintptr_t); Nagios's list is the reverse */
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
	int unsorted_groups;          /* use_large_installation_tweaks: groups keep the order of additions */
	struct xset set[OT_NTYPES];
	struct xgroup *groups[XG_N];
	struct pairset *memb[XG_N];   /* (group, member) */
	struct pairset *reject[XG_N]; /* (group, member) rejected by '!name' in members */
	struct idset gacc[XG_N];      /* scratch for expand_group_names: groups */
	struct idset grej[XG_N];
	struct idset hs[6];           /* scratch host sets (see users) */
	struct idset gs[2];           /* scratch hostgroup sets for services */
	struct idset ss[3];           /* scratch service sets */
	struct vec services;          /* flat registered services (rawobj *) */
	struct vec svc_walk;          /* every service (rawobj *) in the order of Nagios's list */
	uint64_t *svc_slot;           /* (host, description) -> index + 1, open addressing */
	size_t svc_mask;
	/* per host h: its services' indexes into services are svc_ids[svc_off[h] .. svc_off[h + 1]) */
	uint32_t *svc_off;
	uint32_t *svc_ids;
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
 * (named with '!'; may be NULL).  acc keeps the order of additions; the
 * order Nagios's own list has (each match put in front) is its reverse.
 * Reports unknown names against owner/dir.  Returns the number of items
 * that matched nothing (0 = fine).
 */
/*
 * The index + 1 of the one object list names, when list is one plain name
 * (no comma, exclusion, wildcard, blank or regexp) of an object that
 * exists; 0 otherwise (expand_names then says what the list means).
 */
unsigned expand_one_name(const struct expand *x, enum otype t, const char *list);
/* whether item (and the rest of its list) is taken as a regular expression */
int expand_wants_regexp(const struct expand *x, const char *item);
int expand_names(struct expand *x, enum otype t, const char *list, struct idset *acc,
    struct idset *rej, const struct rawobj *owner, const char *dir);
/*
 * Expand a list of group names of type gt (hostgroup, contactgroup,
 * servicegroup) into the members of the accepted groups (acc, in Nagios's
 * member order) and of the '!'-rejected ones (rej, may be NULL).
 */
int expand_group_names(struct expand *x, enum otype gt, const char *list, struct idset *acc,
    struct idset *rej, const struct rawobj *owner, const char *dir);
int expand_group_kind(enum otype gt);
/*
 * The groups of type gt that a member's own group directive names (a
 * contact's contactgroups, a host's hostgroups, a service's
 * servicegroups) as Nagios 4.4.6 reads it (xodtemplate_process_*_names):
 * the groups named less those named with '!', wherever they stand.  Adds
 * them to acc in list order.  Returns 0, or -1 when a name matched
 * nothing or nothing was left; both are reported against o, since Nagios
 * refuses the configuration for either.
 */
int expand_own_groups(struct expand *x, enum otype gt, const char *list, struct idset *acc,
    const struct rawobj *o, const char *dir);
/* comma list of the names of ids[0..n) (objects of type t); arena string, NULL when n is 0 */
const char *expand_join(struct expand *x, enum otype t, const unsigned *ids, unsigned n);
void expand_reverse(struct vec *v);
/* add m to group g of kind k unless it is there or rejected; 1 when added */
int expand_group_add(struct expand *x, int k, unsigned g, unsigned m);
void expand_group_nest(struct expand *x, enum otype gt, unsigned g);
/* set the group's members directive to its final member list */
void expand_group_publish(struct expand *x, enum otype gt, enum otype mt, unsigned g);

/* service index + 1 for host/desc, 0 when none */
unsigned expand_service(const struct expand *x, const char *host, const char *desc);
/*
 * Service descriptions on host hi matching list (exact, '*', '!desc',
 * regular expressions): appends service indexes to out.  Returns the
 * number of items that matched nothing ('*' always matches).
 */
int expand_host_services(struct expand *x, unsigned hi, const char *list, struct vec *out);

void expand_services(struct expand *x);
void expand_servicegroups(struct expand *x);
int expand_deps_all(struct expand *x);
void expand_implied(struct expand *x);

#endif

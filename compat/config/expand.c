/*
 * expand: the expander's core (see expand.h): indexes of registered
 * objects, name lists with '*', '!' and regular expressions, and host and
 * contact group membership with nesting.  Services and servicegroups are
 * in expand_svc.c; dependencies, escalations, extinfo and implied
 * inheritance in expand_deps.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/expand.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/diag.h"
#include "compat/config/expand_int.h"
#include "compat/config/maincfg.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/regex.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

const char *
expand_name(const struct rawobj *o)
{
	int slot = otype_info(o->type)->name_slot;

	return slot >= 0 ? raw_str(o, (unsigned)slot) : NULL;
}

static void
expand_vdiag(struct expand *x, enum diag_kind k, const struct rawobj *o, const char *dir,
    const char *fmt, va_list ap)
{
	char lb[512], msg[2048];
	struct diag_loc loc = raw_loc(o, dir, lb, sizeof(lb));

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (k == DIAG_ERROR) {
		diag_error(x->d, &loc, "%s", msg);
		x->errors++;
	} else {
		diag_warning(x->d, &loc, "%s", msg);
	}
}

void
expand_err(struct expand *x, const struct rawobj *o, const char *dir, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	expand_vdiag(x, DIAG_ERROR, o, dir, fmt, ap);
	va_end(ap);
}

void
expand_warn(struct expand *x, const struct rawobj *o, const char *dir, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	expand_vdiag(x, DIAG_WARNING, o, dir, fmt, ap);
	va_end(ap);
}

unsigned
expand_lookup(const struct expand *x, enum otype t, const char *name)
{
	if (x->set[t].idx == NULL)
		return 0;
	return (unsigned)(uintptr_t)hmap_get(x->set[t].idx, name);
}

/* index registered named objects; duplicates are errors */
static void
expand_index(struct expand *x, enum otype t)
{
	struct vec *all = &x->rs->objs[t];
	struct xset *s = &x->set[t];
	struct rawobj *o, *prev;
	const char *name;
	unsigned prev_i;
	size_t i;

	vec_init(&s->objs);
	s->idx = hmap_new(all->len);
	for (i = 0; i < all->len; i++) {
		o = all->items[i];
		if (!o->reg || o->dead)
			continue;
		name = expand_name(o);
		if (name == NULL) {
			expand_err(x, o, NULL, "%s definition has no %s", otype_info(t)->name,
			    otype_info(t)->dirs[0].name);
			o->dead = 1;
			continue;
		}
		/* one probe: the index keeps the first of a name */
		prev_i = (unsigned)(uintptr_t)hmap_put_new(s->idx, name,
		    (void *)(uintptr_t)(s->objs.len + 1));
		if (prev_i != 0) {
			prev = s->objs.items[prev_i - 1];
			expand_err(x, o, otype_info(t)->dirs[0].name, "Duplicate definition found for "
			    "%s '%s' (first defined in file '%s', line %d)", otype_info(t)->name, name,
			    prev->file, prev->line);
			o->dead = 1;
			continue;
		}
		vec_push(&s->objs, o);
	}
}

int
expand_wants_regexp(const struct expand *x, const char *item)
{
	if (!x->use_regexp)
		return 0;
	return x->use_true_regexp || strpbrk(item, "*?+") != NULL || strstr(item, "\\.") != NULL;
}

/*
 * Add every registered object of type t whose name matches re to acc,
 * walking the objects newest first as Nagios walks its lists.  Returns 1
 * when something matched.
 */
static int
expand_regexp(struct expand *x, enum otype t, const char *re, struct idset *acc,
    const struct rawobj *owner, const char *dir)
{
	char err[256];
	struct rx *r;
	unsigned i, n = expand_count(x, t);
	int found = 0;

	/* glibc's regcomp takes a leading '*' as matching nothing; pcre2 refuses it */
	while (*re == '*')
		re++;
	r = rx_compile(re, err, sizeof(err));
	if (r == NULL) {
		expand_err(x, owner, dir, "Invalid regular expression '%s': %s", re, err);
		return 1;
	}
	for (i = n; i-- > 0;)
		if (rx_match(r, expand_name(expand_obj(x, t, i)))) {
			idset_add(acc, i);
			found = 1;
		}
	rx_free(r);
	return found;
}

unsigned
expand_one_name(const struct expand *x, enum otype t, const char *list)
{
	if (list == NULL || list[0] == '\0' || x->use_true_regexp ||
	    strpbrk(list, ",!*?+\\ \t") != NULL)
		return 0;
	return expand_lookup(x, t, list);
}

static int
expand_group_type(enum otype t)
{
	return t == OT_HOSTGROUP || t == OT_CONTACTGROUP || t == OT_SERVICEGROUP;
}

int
expand_names(struct expand *x, enum otype t, const char *list, struct idset *acc,
    struct idset *rej, const struct rawobj *owner, const char *dir)
{
	char *copy, *cur, *item;
	unsigned i, n = expand_count(x, t), idx;
	int regexp = 0, missing = 0, found, reject;

	if (list == NULL)
		return 0;
	/* most lists are one plain name of an object that exists */
	if ((idx = expand_one_name(x, t, list)) != 0) {
		idset_add(acc, idx - 1);
		return 0;
	}
	copy = xstrdup(list);
	cur = copy;
	while ((item = str_next_token(&cur, ',')) != NULL) {
		if (*item == '\0')
			continue;
		/*
		 * Lists of hosts and contacts: once one item needs a regexp, the
		 * rest of the list is taken as regexps too.  Lists of groups are
		 * judged item by item (Nagios's xodtemplate_expand_*groups and
		 * get_*group_names reset the flag), so "hg.*,!hg2" rejects hg2.
		 */
		if (!regexp || expand_group_type(t))
			regexp = expand_wants_regexp(x, item);
		if (regexp) {
			found = expand_regexp(x, t, item, acc, owner, dir);
		} else if (strcmp(item, "*") == 0) {
			for (i = n; i-- > 0;)
				idset_add(acc, i);
			found = 1;
		} else {
			reject = item[0] == '!';
			idx = expand_lookup(x, t, reject ? item + 1 : item);
			found = idx != 0;
			if (found && reject && rej != NULL)
				idset_add(rej, idx - 1);
			else if (found && !reject)
				idset_add(acc, idx - 1);
		}
		if (!found) {
			expand_err(x, owner, dir, "Could not find any %s matching '%s'",
			    otype_info(t)->name, item);
			missing++;
		}
	}
	free(copy);
	return missing;
}

int
expand_group_kind(enum otype gt)
{
	return gt == OT_HOSTGROUP ? XG_HOST : gt == OT_CONTACTGROUP ? XG_CONTACT : XG_SERVICE;
}

int
expand_group_names(struct expand *x, enum otype gt, const char *list, struct idset *acc,
    struct idset *rej, const struct rawobj *owner, const char *dir)
{
	int k = expand_group_kind(gt), missing;
	struct idset *ga = &x->gacc[k], *gr = &x->grej[k];
	struct vec *order;
	unsigned i;
	size_t j;

	if (list == NULL)
		return 0;
	idset_clear(ga);
	idset_clear(gr);
	missing = expand_names(x, gt, list, ga, gr, owner, dir);
	/* Nagios's group list holds the groups in reverse; members front to back */
	for (i = ga->len; i-- > 0;) {
		order = &x->groups[k][ga->items[i]].order;
		for (j = order->len; j-- > 0;)
			idset_add(acc, (unsigned)(uintptr_t)order->items[j]);
	}
	for (i = 0; rej != NULL && i < gr->len; i++) {
		order = &x->groups[k][gr->items[i]].order;
		for (j = 0; j < order->len; j++)
			idset_add(rej, (unsigned)(uintptr_t)order->items[j]);
	}
	return missing;
}

const char *
expand_join(struct expand *x, enum otype t, const unsigned *ids, unsigned n)
{
	size_t len = 0, pos = 0;
	unsigned i;
	char *s;
	struct rawobj *o;

	if (n == 0)
		return NULL;
	for (i = 0; i < n; i++) {
		if (t == OT_SERVICE) {
			o = x->services.items[ids[i]];
			len += strlen(raw_str(o, OT_SVC_HOST_NAME)) +
			    strlen(raw_str(o, OT_SVC_SERVICE_DESCRIPTION)) + 2;
		} else {
			len += strlen(expand_name(expand_obj(x, t, ids[i]))) + 1;
		}
	}
	s = arena_alloc(x->rs->a, len + 1);
	for (i = 0; i < n; i++) {
		if (t == OT_SERVICE) {
			o = x->services.items[ids[i]];
			pos += (size_t)snprintf(s + pos, len + 1 - pos, "%s%s,%s", pos ? "," : "",
			    raw_str(o, OT_SVC_HOST_NAME), raw_str(o, OT_SVC_SERVICE_DESCRIPTION));
		} else {
			pos += (size_t)snprintf(s + pos, len + 1 - pos, "%s%s", pos ? "," : "",
			    expand_name(expand_obj(x, t, ids[i])));
		}
	}
	return s;
}

void
expand_reverse(struct vec *v)
{
	size_t a, b;
	void *tmp;

	for (a = 0, b = v->len; a + 1 < b; a++, b--) {
		tmp = v->items[a];
		v->items[a] = v->items[b - 1];
		v->items[b - 1] = tmp;
	}
}

/*
 * Add member m to group g as Nagios does: not twice, never when the
 * group's members list rejects it.  The sequence of additions is kept;
 * Nagios's member_list is its reverse (every add goes in front).
 */
int
expand_group_add(struct expand *x, int k, unsigned g, unsigned m)
{
	if (pairset_has(x->reject[k], g, m) || !pairset_add(x->memb[k], g, m))
		return 0;
	vec_push(&x->groups[k][g].order, (void *)(uintptr_t)m);
	return 1;
}

int
expand_own_groups(struct expand *x, enum otype gt, const char *list, struct idset *acc,
    const struct rawobj *o, const char *dir)
{
	int k = expand_group_kind(gt);
	struct idset *named = &x->gacc[k], *rej = &x->grej[k];
	unsigned i, before = acc->len;

	idset_clear(named);
	idset_clear(rej);
	if (expand_names(x, gt, list, named, rej, o, dir) > 0)
		return -1;
	for (i = 0; i < named->len; i++)
		if (!idset_has(rej, named->items[i]))
			idset_add(acc, named->items[i]);
	if (acc->len > before)
		return 0;
	/* Nagios takes the empty list its rejects leave for a failure */
	if (gt == OT_SERVICEGROUP)
		expand_err(x, o, dir, "Failed to process servicegroup names for service '%s' on "
		    "host '%s'", raw_str(o, OT_SVC_SERVICE_DESCRIPTION), raw_str(o, OT_SVC_HOST_NAME));
	else if (gt == OT_HOSTGROUP)
		expand_err(x, o, dir, "Failed to process hostgroup names for host '%s'",
		    expand_name(o));
	else
		expand_err(x, o, dir, "Failed to process contactgroups for contact '%s'",
		    expand_name(o));
	return -1;
}

/* nested groups: members of *_group_members are added, cycles are errors */
void
expand_group_nest(struct expand *x, enum otype gt, unsigned g)
{
	int k = expand_group_kind(gt);
	struct xgroup *groups = x->groups[k];
	struct rawobj *o = expand_obj(x, gt, g);
	const char *dir = otype_info(gt)->dirs[3].name;
	struct idset subs;
	unsigned i, sub;
	size_t j;

	if (groups[g].state == 2)
		return;
	if (groups[g].state == 1) {
		expand_err(x, o, dir, "Circular group membership detected in %s '%s'",
		    otype_info(gt)->name, expand_name(o));
		return;
	}
	groups[g].state = 1;
	if (raw_str(o, OT_GROUP_GROUP_MEMBERS) != NULL) {
		/* a set of its own: the recursion below reuses the scratch sets */
		idset_init(&subs, expand_count(x, gt));
		expand_names(x, gt, raw_str(o, OT_GROUP_GROUP_MEMBERS), &subs, NULL, o, dir);
		for (i = subs.len; i-- > 0;) {
			sub = subs.items[i];
			expand_group_nest(x, gt, sub);
			if (groups[sub].state != 2)
				continue;
			/* the subgroup's member_list, front to back */
			for (j = groups[sub].order.len; j-- > 0;)
				expand_group_add(x, k, g,
				    (unsigned)(uintptr_t)groups[sub].order.items[j]);
		}
		idset_free(&subs);
	}
	groups[g].state = 2;
}

/*
 * A group's members as a comma list.  Nagios 4.4.6 (add_*_to_*group)
 * registers host and service group members sorted by name (here they are
 * sorted by id, and the builder sorts them by name), except with
 * use_large_installation_tweaks, where it puts each in front, as it always
 * does for contact groups: the group then lists its members in the order
 * they were added, which the builder keeps.
 */
static int
expand_cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

void
expand_group_publish(struct expand *x, enum otype gt, enum otype mt, unsigned g)
{
	struct vec *order = &x->groups[expand_group_kind(gt)][g].order;
	unsigned *ids = xreallocarray(NULL, order->len + 1, sizeof(*ids));
	size_t j;

	for (j = 0; j < order->len; j++)
		ids[j] = (unsigned)(uintptr_t)order->items[j];
	if (gt != OT_CONTACTGROUP && !x->unsorted_groups)
		qsort(ids, order->len, sizeof(*ids), expand_cmp_uint);
	raw_put_str(expand_obj(x, gt, g), OT_GROUP_MEMBERS,
	    expand_join(x, mt, ids, (unsigned)order->len));
	free(ids);
}

/*
 * Host or contact groups: members lists (with exclusions), the member
 * objects' own group lists (slot member_slot), then nesting.  The order of
 * additions follows Nagios's, because which copy of a service wins a
 * duplicate depends on it.
 */
static void
expand_plain_groups(struct expand *x, enum otype gt, enum otype mt, unsigned member_slot)
{
	int k = expand_group_kind(gt);
	unsigned ng = expand_count(x, gt), nm = expand_count(x, mt), g, m, i;
	struct idset acc, rej, gacc;
	struct rawobj *o;
	int plain = 1;

	x->groups[k] = xcalloc((size_t)ng + 1, sizeof(struct xgroup));
	idset_init(&acc, nm);
	idset_init(&rej, nm);
	idset_init(&gacc, ng);
	for (g = 0; g < ng; g++) {
		o = expand_obj(x, gt, g);
		vec_init(&x->groups[k][g].order);
		if (raw_str(o, OT_GROUP_MEMBERS) != NULL || raw_str(o, OT_GROUP_GROUP_MEMBERS) != NULL)
			plain = 0;
		idset_clear(&acc);
		idset_clear(&rej);
		expand_names(x, mt, raw_str(o, OT_GROUP_MEMBERS), &acc, &rej, o, "members");
		for (i = 0; i < rej.len; i++)
			pairset_add(x->reject[k], g, rej.items[i]);
		/* Nagios adds its accept list front to back: ours is built back to front */
		for (i = acc.len; i-- > 0;)
			expand_group_add(x, k, g, acc.items[i]);
	}
	/* members joining from their side: Nagios walks them newest first */
	for (m = nm; m-- > 0;) {
		o = expand_obj(x, mt, m);
		if (raw_str(o, member_slot) == NULL)
			continue;
		idset_clear(&gacc);
		expand_own_groups(x, gt, raw_str(o, member_slot), &gacc, o,
		    gt == OT_HOSTGROUP ? "hostgroups" : "contact_groups");
		/*
		 * With no members lists and no nesting, each member comes here once
		 * and names each group once: nothing to check for repeats.
		 */
		for (i = 0; i < gacc.len; i++) {
			if (plain)
				vec_push(&x->groups[k][gacc.items[i]].order, (void *)(uintptr_t)m);
			else
				expand_group_add(x, k, gacc.items[i], m);
		}
	}
	for (g = 0; g < ng; g++)
		expand_group_nest(x, gt, g);
	for (g = 0; g < ng; g++) {
		/* contact groups keep Nagios's member order (the order contacts
		 * are notified in): the order of additions; other groups are
		 * published sorted, unless use_large_installation_tweaks is set */
		if (gt != OT_CONTACTGROUP && !x->unsorted_groups)
			expand_reverse(&x->groups[k][g].order);
		expand_group_publish(x, gt, mt, g);
	}
	idset_free(&acc);
	idset_free(&rej);
	idset_free(&gacc);
}

static void
expand_free(struct expand *x)
{
	int t, k;
	unsigned i, n;
	static const enum otype gtypes[XG_N] = { OT_HOSTGROUP, OT_CONTACTGROUP, OT_SERVICEGROUP };

	for (k = 0; k < XG_N; k++) {
		n = expand_count(x, gtypes[k]);
		for (i = 0; x->groups[k] != NULL && i < n; i++)
			vec_clear(&x->groups[k][i].order);
		free(x->groups[k]);
		pairset_free(x->memb[k]);
		pairset_free(x->reject[k]);
		idset_free(&x->gacc[k]);
		idset_free(&x->grej[k]);
	}
	for (i = 0; i < 6; i++)
		idset_free(&x->hs[i]);
	for (i = 0; i < 2; i++)
		idset_free(&x->gs[i]);
	for (i = 0; i < 3; i++)
		idset_free(&x->ss[i]);
	free(x->svc_off);
	free(x->svc_ids);
	free(x->svc_slot);
	vec_clear(&x->services);
	vec_clear(&x->svc_walk);
	for (t = 0; t < OT_NTYPES; t++) {
		vec_clear(&x->set[t].objs);
		hmap_free(x->set[t].idx);
	}
}

int
expand_all(struct rawstore *rs, const struct main_cfg *cfg)
{
	struct expand x;
	int t, k, i;
	static const enum otype gtypes[XG_N] = { OT_HOSTGROUP, OT_CONTACTGROUP, OT_SERVICEGROUP };
	unsigned nh;

	memset(&x, 0, sizeof(x));
	x.rs = rs;
	x.cfg = cfg;
	x.d = rs->d;
	x.use_regexp = cfg != NULL ? cfg->use_regexp_matching || cfg->use_true_regexp_matching : 0;
	x.use_true_regexp = cfg != NULL ? cfg->use_true_regexp_matching : 0;
	x.allow_empty_hg = cfg != NULL ? cfg->allow_empty_hostgroup_assignment : 2;
	x.unsorted_groups = cfg != NULL ? cfg->use_large_installation_tweaks : 0;
	for (t = 0; t < OT_NTYPES; t++)
		if (otype_info((enum otype)t)->name_slot >= 0)
			expand_index(&x, (enum otype)t);
	nh = expand_count(&x, OT_HOST);
	for (k = 0; k < XG_N; k++) {
		x.memb[k] = pairset_new(k == XG_HOST ? nh : 64);
		x.reject[k] = pairset_new(16);
		idset_init(&x.gacc[k], expand_count(&x, gtypes[k]));
		idset_init(&x.grej[k], expand_count(&x, gtypes[k]));
	}
	for (i = 0; i < 6; i++)
		idset_init(&x.hs[i], nh);
	for (i = 0; i < 2; i++)
		idset_init(&x.gs[i], expand_count(&x, OT_HOSTGROUP));
	expand_plain_groups(&x, OT_CONTACTGROUP, OT_CONTACT, OT_CONTACT_CONTACTGROUPS);
	expand_plain_groups(&x, OT_HOSTGROUP, OT_HOST, OT_HOST_HOSTGROUPS);
	expand_services(&x);
	for (i = 0; i < 3; i++)
		idset_init(&x.ss[i], (unsigned)x.services.len);
	expand_servicegroups(&x);
	expand_deps_all(&x);
	expand_implied(&x);
	expand_free(&x);
	return x.errors;
}

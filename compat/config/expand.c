/*
 * expand: membership, service duplication and servicegroups (see
 * expand.h); dependencies, escalations, extinfo and implied inheritance
 * are in expand_deps.c.  Sets of objects are byte maps indexed by the
 * object's position among the registered objects of its type.
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
		prev_i = (unsigned)(uintptr_t)hmap_get(s->idx, name);
		if (prev_i != 0) {
			prev = s->objs.items[prev_i - 1];
			expand_err(x, o, otype_info(t)->dirs[0].name, "Duplicate definition found for "
			    "%s '%s' (first defined in file '%s', line %d)", otype_info(t)->name, name,
			    prev->file, prev->line);
			o->dead = 1;
			continue;
		}
		vec_push(&s->objs, o);
		hmap_put(s->idx, name, (void *)(uintptr_t)s->objs.len);
	}
}

static int
expand_wants_regexp(const struct expand *x, const char *item)
{
	if (!x->use_regexp)
		return 0;
	return x->use_true_regexp || strpbrk(item, "*?+") != NULL || strstr(item, "\\.") != NULL;
}

/* mark every registered object of type t whose name matches re */
static int
expand_regexp(struct expand *x, enum otype t, const char *re, uint8_t *acc,
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
	for (i = 0; i < n; i++)
		if (rx_match(r, expand_name(expand_obj(x, t, i)))) {
			acc[i] = 1;
			found = 1;
		}
	rx_free(r);
	return found;
}

/* put i in front of order unless it is there already (Nagios's objectlist add) */
static void
expand_front(struct vec *order, uint8_t *seen, unsigned i)
{
	if (order == NULL || seen[i])
		return;
	seen[i] = 1;
	vec_push(order, (void *)(uintptr_t)i);
}

int
expand_names_ordered(struct expand *x, enum otype t, const char *list, uint8_t *acc,
    uint8_t *rej, struct vec *order, const struct rawobj *owner, const char *dir)
{
	char *copy, *cur, *item;
	unsigned i, n = expand_count(x, t), idx;
	int regexp = 0, missing = 0, found, reject;
	uint8_t *seen, *hit;
	size_t a, b;

	if (list == NULL)
		return 0;
	/* order is built back to front (appending) and reversed at the end */
	seen = xcalloc(n + 1, 1);
	hit = xcalloc(n + 1, 1);
	copy = xstrdup(list);
	cur = copy;
	while ((item = str_next_token(&cur, ',')) != NULL) {
		if (*item == '\0')
			continue;
		/* once one item needs a regexp, the rest of the list is taken as regexps too */
		if (!regexp)
			regexp = expand_wants_regexp(x, item);
		if (regexp || strcmp(item, "*") == 0) {
			memset(hit, 0, n);
			found = regexp ? expand_regexp(x, t, item, hit, owner, dir) : 1;
			/* Nagios walks its object list, newest definition first */
			for (i = n; i-- > 0;) {
				if (!regexp || hit[i]) {
					acc[i] = 1;
					expand_front(order, seen, i);
				}
			}
		} else {
			reject = item[0] == '!';
			idx = expand_lookup(x, t, reject ? item + 1 : item);
			found = idx != 0;
			if (found && reject && rej != NULL)
				rej[idx - 1] = 1;
			else if (found && !reject) {
				acc[idx - 1] = 1;
				expand_front(order, seen, idx - 1);
			}
		}
		if (!found) {
			expand_err(x, owner, dir, "Could not find any %s matching '%s'",
			    otype_info(t)->name, item);
			missing++;
		}
	}
	if (order != NULL)
		for (a = 0, b = order->len; a + 1 < b; a++, b--) {
			void *tmp = order->items[a];

			order->items[a] = order->items[b - 1];
			order->items[b - 1] = tmp;
		}
	free(copy);
	free(seen);
	free(hit);
	return missing;
}

int
expand_names(struct expand *x, enum otype t, const char *list, uint8_t *acc, uint8_t *rej,
    const struct rawobj *owner, const char *dir)
{
	return expand_names_ordered(x, t, list, acc, rej, NULL, owner, dir);
}

static struct xgroup *
expand_groups_of(struct expand *x, enum otype gt, enum otype *mt)
{
	switch (gt) {
	case OT_HOSTGROUP:
		*mt = OT_HOST;
		return x->hg;
	case OT_CONTACTGROUP:
		*mt = OT_CONTACT;
		return x->cg;
	default:
		*mt = OT_SERVICE;
		return x->sg;
	}
}

static unsigned
expand_member_count(const struct expand *x, enum otype mt)
{
	return mt == OT_SERVICE ? (unsigned)x->services.len : expand_count(x, mt);
}

int
expand_group_names(struct expand *x, enum otype gt, const char *list, uint8_t *acc,
    uint8_t *rej, const struct rawobj *owner, const char *dir)
{
	unsigned ng = expand_count(x, gt), nm, g, m;
	uint8_t *gacc, *grej;
	struct xgroup *groups;
	enum otype mt;
	int missing;

	if (list == NULL)
		return 0;
	groups = expand_groups_of(x, gt, &mt);
	nm = expand_member_count(x, mt);
	gacc = xcalloc(ng + 1, 1);
	grej = xcalloc(ng + 1, 1);
	missing = expand_names(x, gt, list, gacc, grej, owner, dir);
	for (g = 0; g < ng; g++) {
		if (!gacc[g] && !grej[g])
			continue;
		for (m = 0; m < nm; m++) {
			if (!groups[g].members[m])
				continue;
			if (gacc[g])
				acc[m] = 1;
			if (grej[g] && rej != NULL)
				rej[m] = 1;
		}
	}
	free(gacc);
	free(grej);
	return missing;
}

const char *
expand_join(struct expand *x, enum otype t, const uint8_t *bm)
{
	unsigned i, n = expand_member_count(x, t);
	size_t len = 0, pos = 0, l;
	const char *name;
	char *s;
	struct rawobj *o;

	for (i = 0; i < n; i++) {
		if (!bm[i])
			continue;
		if (t == OT_SERVICE) {
			o = x->services.items[i];
			len += strlen(raw_str(o, OT_SVC_HOST_NAME)) +
			    strlen(raw_str(o, OT_SVC_SERVICE_DESCRIPTION)) + 2;
		} else {
			len += strlen(expand_name(expand_obj(x, t, i))) + 1;
		}
	}
	if (len == 0)
		return NULL;
	s = arena_alloc(x->rs->a, len + 1);
	for (i = 0; i < n; i++) {
		if (!bm[i])
			continue;
		if (t == OT_SERVICE) {
			o = x->services.items[i];
			pos += (size_t)snprintf(s + pos, len + 1 - pos, "%s%s,%s", pos ? "," : "",
			    raw_str(o, OT_SVC_HOST_NAME), raw_str(o, OT_SVC_SERVICE_DESCRIPTION));
			continue;
		}
		name = expand_name(expand_obj(x, t, i));
		l = strlen(name);
		if (pos)
			s[pos++] = ',';
		memcpy(s + pos, name, l);
		pos += l;
	}
	s[pos] = '\0';
	return s;
}

/*
 * Add member m to group g as Nagios does: not twice, never when the group's
 * members list rejects it.  The insertion sequence is kept; Nagios's
 * member_list is its reverse (every add goes in front).
 */
static void
expand_group_add(struct xgroup *g, unsigned m)
{
	if (g->members[m] || g->reject[m])
		return;
	g->members[m] = 1;
	vec_push(&g->order, (void *)(uintptr_t)m);
}

static void
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

/* nested groups: members of *_group_members are added, cycles are errors */
static void
expand_group_nest(struct expand *x, enum otype gt, unsigned g)
{
	struct xgroup *groups;
	enum otype mt;
	struct rawobj *o = expand_obj(x, gt, g);
	struct vec subs;
	uint8_t *acc;
	unsigned sub;
	size_t i, j;
	struct xgroup *sg;

	groups = expand_groups_of(x, gt, &mt);
	if (groups[g].state == 2)
		return;
	if (groups[g].state == 1) {
		expand_err(x, o, otype_info(gt)->dirs[3].name, "Circular group membership "
		    "detected in %s '%s'", otype_info(gt)->name, expand_name(o));
		return;
	}
	groups[g].state = 1;
	vec_init(&subs);
	acc = xcalloc(expand_count(x, gt) + 1, 1);
	expand_names_ordered(x, gt, raw_str(o, OT_GROUP_GROUP_MEMBERS), acc, NULL, &subs, o,
	    otype_info(gt)->dirs[3].name);
	for (i = 0; i < subs.len; i++) {
		sub = (unsigned)(uintptr_t)subs.items[i];
		expand_group_nest(x, gt, sub);
		sg = &groups[sub];
		if (sg->state != 2)
			continue;
		/* the subgroup's member_list, front to back */
		for (j = sg->order.len; j-- > 0;)
			expand_group_add(&groups[g], (unsigned)(uintptr_t)sg->order.items[j]);
	}
	vec_clear(&subs);
	free(acc);
	groups[g].state = 2;
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
	unsigned ng = expand_count(x, gt), nm = expand_count(x, mt), g, m;
	struct xgroup *groups = xcalloc(ng + 1, sizeof(*groups));
	uint8_t *acc = xcalloc(ng + 1, 1), *macc = xcalloc(nm + 1, 1);
	struct vec accept;
	struct rawobj *o;
	size_t i;

	if (gt == OT_HOSTGROUP)
		x->hg = groups;
	else
		x->cg = groups;
	for (g = 0; g < ng; g++) {
		o = expand_obj(x, gt, g);
		groups[g].members = xcalloc(nm + 1, 1);
		groups[g].reject = xcalloc(nm + 1, 1);
		vec_init(&groups[g].order);
		vec_init(&accept);
		memset(macc, 0, nm);
		expand_names_ordered(x, mt, raw_str(o, OT_GROUP_MEMBERS), macc, groups[g].reject,
		    &accept, o, "members");
		for (i = 0; i < accept.len; i++)
			expand_group_add(&groups[g], (unsigned)(uintptr_t)accept.items[i]);
		vec_clear(&accept);
	}
	/* members joining from their side: Nagios walks them newest first */
	for (m = nm; m-- > 0;) {
		o = expand_obj(x, mt, m);
		if (raw_str(o, member_slot) == NULL)
			continue;
		memset(acc, 0, ng);
		expand_names(x, gt, raw_str(o, member_slot), acc, NULL, o,
		    gt == OT_HOSTGROUP ? "hostgroups" : "contact_groups");
		for (g = 0; g < ng; g++)
			if (acc[g])
				expand_group_add(&groups[g], m);
	}
	for (g = 0; g < ng; g++)
		expand_group_nest(x, gt, g);
	for (g = 0; g < ng; g++) {
		expand_reverse(&groups[g].order);
		raw_put_str(expand_obj(x, gt, g), OT_GROUP_MEMBERS,
		    expand_join(x, mt, groups[g].members));
	}
	free(macc);
	free(acc);
}

/*
 * Hosts a service definition applies to, in the order Nagios visits them:
 * the hosts of host_name, then each hostgroup's member_list, hostgroups in
 * the order its list holds them.  The last host visited keeps the
 * definition itself (and counts as host-specific, whatever its origin);
 * every other one gets a copy, put in front of Nagios's service list.
 */
static void
expand_one_service(struct expand *x, struct rawobj *o, struct vec *copies, struct vec *out)
{
	unsigned nh = expand_count(x, OT_HOST), ng = expand_count(x, OT_HOSTGROUP), h;
	uint8_t *hacc = xcalloc(nh + 1, 1), *hrej = xcalloc(nh + 1, 1), *done;
	uint8_t *gacc = xcalloc(ng + 1, 1), *grej = xcalloc(ng + 1, 1);
	const char *hgl = raw_str(o, OT_SVC_HOSTGROUP_NAME), *hl = raw_str(o, OT_SVC_HOST_NAME);
	const char *desc = raw_str(o, OT_SVC_SERVICE_DESCRIPTION);
	struct vec seq, hosts, groups;
	int missing = 0, used_original = 0;
	size_t i, j;
	struct xgroup *g;
	struct rawobj *c;
	uintptr_t e;

	vec_init(&seq);
	vec_init(&hosts);
	vec_init(&groups);
	done = xcalloc(nh + 1, 1);
	if (desc == NULL) {
		expand_err(x, o, "service_description", "Service has no service_description");
		o->dead = 1;
		goto out;
	}
	if (hgl == NULL && hl == NULL) {
		expand_err(x, o, "host_name", "Service has no host_name or hostgroup_name");
		o->dead = 1;
		goto out;
	}
	missing += expand_names_ordered(x, OT_HOSTGROUP, hgl, gacc, grej, &groups, o,
	    "hostgroup_name");
	missing += expand_names_ordered(x, OT_HOST, hl, hacc, hrej, &hosts, o, "host_name");
	/* a rejected hostgroup rejects its members, wherever else they come from */
	for (i = 0; i < ng; i++)
		for (h = 0; grej[i] && h < nh; h++)
			if (x->hg[i].members[h])
				hrej[h] = 1;
	/* the visiting sequence: (host << 1) | from_hostgroup */
	for (i = 0; i < hosts.len; i++)
		vec_push(&seq, (void *)((uintptr_t)hosts.items[i] << 1));
	for (i = 0; i < groups.len; i++) {
		if (grej[(uintptr_t)groups.items[i]])
			continue;
		g = &x->hg[(uintptr_t)groups.items[i]];
		for (j = 0; j < g->order.len; j++)
			vec_push(&seq, (void *)(((uintptr_t)g->order.items[j] << 1) | 1));
	}
	for (i = 0; i < seq.len; i++) {
		e = (uintptr_t)seq.items[i];
		h = (unsigned)(e >> 1);
		if (hrej[h] || done[h])
			continue;
		done[h] = 1;
		if (i + 1 == seq.len) {
			c = o;
			used_original = 1;
			c->from_hostgroup = 0;
		} else {
			c = raw_clone(x->rs, o);
			c->from_hostgroup = (uint8_t)(e & 1);
			vec_push(copies, c);
		}
		raw_put_str(c, OT_SVC_HOST_NAME, expand_name(expand_obj(x, OT_HOST, h)));
		c->slots[OT_SVC_HOSTGROUP_NAME].v.s = NULL;
		vec_push(out, c);
	}
	if (!used_original)
		o->dead = 1;
	if (out->len > 0 || missing)
		goto out;
	/* nothing at all: an empty hostgroup, allowed or not */
	if (hl == NULL && x->allow_empty_hg == 2)
		expand_warn(x, o, "hostgroup_name", "Service '%s' has no hosts: its hostgroups are "
		    "empty", desc);
	else if (hl != NULL || x->allow_empty_hg == 0)
		expand_err(x, o, hl != NULL ? "host_name" : "hostgroup_name", "Could not expand "
		    "hostgroups and/or hosts specified in service '%s'", desc);
out:
	vec_clear(&seq);
	vec_clear(&hosts);
	vec_clear(&groups);
	free(done);
	free(hacc);
	free(hrej);
	free(gacc);
	free(grej);
}

/*
 * Copy every service definition to its hosts, then settle duplicates as
 * Nagios 4.4.6 does: its list holds the copies (newest first) ahead of the
 * definitions (last read first); host-specific entries are registered
 * first, hostgroup copies after, and the first entry for a host and
 * description wins.  Each loser gets a warning.
 */
static void
expand_services(struct expand *x)
{
	struct vec copies, placed, order;
	size_t i, n = x->rs->objs[OT_SERVICE].len;
	struct rawobj *o, *prev;
	char key[2048];
	unsigned nh = expand_count(x, OT_HOST), hi, si;
	int pass;

	vec_init(&copies);
	vec_init(&placed);
	vec_init(&order);
	for (i = n; i-- > 0;) {
		o = x->rs->objs[OT_SERVICE].items[i];
		if (!o->reg || o->dead)
			continue;
		vec_init(&placed);
		expand_one_service(x, o, &copies, &placed);
		vec_clear(&placed);
	}
	/* Nagios's list: copies newest first, then the definitions, last read first */
	for (i = copies.len; i-- > 0;)
		vec_push(&order, copies.items[i]);
	/* the definitions themselves are items [0, n): copies were appended after */
	for (i = n; i-- > 0;) {
		o = x->rs->objs[OT_SERVICE].items[i];
		if (o->reg && !o->dead)
			vec_push(&order, o);
	}
	x->svc_idx = hmap_new(order.len);
	x->host_svcs = xcalloc(nh + 1, sizeof(struct vec));
	vec_init(&x->services);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < order.len; i++) {
			o = order.items[i];
			if (o->from_hostgroup != pass || o->dead)
				continue;
			snprintf(key, sizeof(key), "%s\x01%s", raw_str(o, OT_SVC_HOST_NAME),
			    raw_str(o, OT_SVC_SERVICE_DESCRIPTION));
			si = (unsigned)(uintptr_t)hmap_get(x->svc_idx, key);
			if (si != 0) {
				prev = x->services.items[si - 1];
				expand_warn(x, o, "service_description", "Duplicate definition found for "
				    "service '%s' on host '%s' (kept the one in file '%s', line %d)",
				    raw_str(o, OT_SVC_SERVICE_DESCRIPTION), raw_str(o, OT_SVC_HOST_NAME),
				    prev->file, prev->line);
				o->dead = 1;
				continue;
			}
			vec_push(&x->services, o);
			hmap_put(x->svc_idx, arena_strdup(x->rs->a, key),
			    (void *)(uintptr_t)x->services.len);
			hi = expand_lookup(x, OT_HOST, raw_str(o, OT_SVC_HOST_NAME));
			vec_push(&x->host_svcs[hi - 1], (void *)(uintptr_t)(x->services.len - 1));
		}
	}
	vec_clear(&copies);
	vec_clear(&order);
}

unsigned
expand_service(const struct expand *x, const char *host, const char *desc)
{
	char key[2048];

	snprintf(key, sizeof(key), "%s\x01%s", host, desc);
	return (unsigned)(uintptr_t)hmap_get(x->svc_idx, key);
}

int
expand_host_services(struct expand *x, unsigned hi, const char *list, struct vec *out)
{
	struct vec *hs = &x->host_svcs[hi];
	uint8_t *acc = xcalloc(hs->len + 1, 1), *rej = xcalloc(hs->len + 1, 1);
	char *copy = xstrdup(list), *cur = copy, *item, err[256];
	int regexp = 0, missing = 0, found, reject;
	size_t j;
	struct rawobj *s;
	struct rx *r;

	while ((item = str_next_token(&cur, ',')) != NULL) {
		if (*item == '\0')
			continue;
		if (!regexp)
			regexp = expand_wants_regexp(x, item);
		reject = !regexp && item[0] == '!';
		if (reject)
			item++;
		r = regexp ? rx_compile(item + strspn(item, "*"), err, sizeof(err)) : NULL;
		found = 0;
		for (j = 0; j < hs->len; j++) {
			s = x->services.items[(uintptr_t)hs->items[j]];
			if (regexp ? (r != NULL && rx_match(r, raw_str(s, OT_SVC_SERVICE_DESCRIPTION)))
			    : (strcmp(item, "*") == 0 ||
				strcmp(item, raw_str(s, OT_SVC_SERVICE_DESCRIPTION)) == 0)) {
				found = 1;
				if (reject)
					rej[j] = 1;
				else
					acc[j] = 1;
			}
		}
		rx_free(r);
		/* '*' matches even on a host without services, as in Nagios */
		if (!found && !(!regexp && strcmp(item, "*") == 0))
			missing++;
	}
	for (j = 0; j < hs->len; j++)
		if (acc[j] && !rej[j])
			vec_push(out, hs->items[j]);
	free(copy);
	free(acc);
	free(rej);
	return missing;
}

static void
expand_servicegroups(struct expand *x)
{
	unsigned ng = expand_count(x, OT_SERVICEGROUP), ns = (unsigned)x->services.len, g, m;
	struct xgroup *groups = xcalloc(ng + 1, sizeof(*groups));
	uint8_t *acc = xcalloc(ng + 1, 1);
	struct rawobj *o;
	char *copy, *cur, *host, *desc;
	unsigned si, hi;
	struct vec found;

	x->sg = groups;
	for (g = 0; g < ng; g++) {
		o = expand_obj(x, OT_SERVICEGROUP, g);
		groups[g].members = xcalloc(ns + 1, 1);
		groups[g].reject = xcalloc(ns + 1, 1);
		vec_init(&groups[g].order);
		if (raw_str(o, OT_GROUP_MEMBERS) == NULL)
			continue;
		copy = xstrdup(raw_str(o, OT_GROUP_MEMBERS));
		cur = copy;
		while ((host = str_next_token(&cur, ',')) != NULL) {
			desc = str_next_token(&cur, ',');
			if (*host == '\0' && desc == NULL)
				continue;
			if (desc == NULL) {
				expand_err(x, o, "members", "Servicegroup member '%s' has no service "
				    "description", host);
				break;
			}
			if (strcmp(host, "*") == 0 || strcmp(desc, "*") == 0 ||
			    expand_wants_regexp(x, host)) {
				uint8_t *hacc = xcalloc(expand_count(x, OT_HOST) + 1, 1);

				expand_names(x, OT_HOST, host, hacc, NULL, o, "members");
				for (hi = 0; hi < expand_count(x, OT_HOST); hi++) {
					if (!hacc[hi])
						continue;
					vec_init(&found);
					expand_host_services(x, hi, desc, &found);
					for (m = 0; m < found.len; m++)
						expand_group_add(&groups[g],
						    (unsigned)(uintptr_t)found.items[m]);
					vec_clear(&found);
				}
				free(hacc);
				continue;
			}
			si = expand_service(x, host, desc);
			if (si == 0) {
				expand_err(x, o, "members", "Could not find a service matching host "
				    "name '%s' and description '%s'", host, desc);
				continue;
			}
			expand_group_add(&groups[g], si - 1);
		}
		free(copy);
	}
	for (m = 0; m < ns; m++) {
		o = x->services.items[m];
		if (raw_str(o, OT_SVC_SERVICEGROUPS) == NULL)
			continue;
		memset(acc, 0, ng);
		expand_names(x, OT_SERVICEGROUP, raw_str(o, OT_SVC_SERVICEGROUPS), acc, NULL, o,
		    "servicegroups");
		for (g = 0; g < ng; g++)
			if (acc[g])
				expand_group_add(&groups[g], m);
	}
	for (g = 0; g < ng; g++)
		expand_group_nest(x, OT_SERVICEGROUP, g);
	for (g = 0; g < ng; g++)
		raw_put_str(expand_obj(x, OT_SERVICEGROUP, g), OT_GROUP_MEMBERS,
		    expand_join(x, OT_SERVICE, groups[g].members));
	free(acc);
}

static void
expand_free(struct expand *x)
{
	int t;
	unsigned i;

	for (i = 0; x->hg != NULL && i < expand_count(x, OT_HOSTGROUP); i++) {
		free(x->hg[i].members);
		free(x->hg[i].reject);
		vec_clear(&x->hg[i].order);
	}
	for (i = 0; x->cg != NULL && i < expand_count(x, OT_CONTACTGROUP); i++) {
		free(x->cg[i].members);
		free(x->cg[i].reject);
		vec_clear(&x->cg[i].order);
	}
	for (i = 0; x->sg != NULL && i < expand_count(x, OT_SERVICEGROUP); i++) {
		free(x->sg[i].members);
		free(x->sg[i].reject);
		vec_clear(&x->sg[i].order);
	}
	for (i = 0; x->host_svcs != NULL && i < expand_count(x, OT_HOST); i++)
		vec_clear(&x->host_svcs[i]);
	free(x->hg);
	free(x->cg);
	free(x->sg);
	free(x->host_svcs);
	hmap_free(x->svc_idx);
	vec_clear(&x->services);
	for (t = 0; t < OT_NTYPES; t++) {
		vec_clear(&x->set[t].objs);
		hmap_free(x->set[t].idx);
	}
}

int
expand_all(struct rawstore *rs, const struct main_cfg *cfg)
{
	struct expand x;
	int t;

	memset(&x, 0, sizeof(x));
	x.rs = rs;
	x.cfg = cfg;
	x.d = rs->d;
	x.use_regexp = cfg != NULL ? cfg->use_regexp_matching || cfg->use_true_regexp_matching : 0;
	x.use_true_regexp = cfg != NULL ? cfg->use_true_regexp_matching : 0;
	x.allow_empty_hg = cfg != NULL ? cfg->allow_empty_hostgroup_assignment : 2;
	for (t = 0; t < OT_NTYPES; t++)
		if (otype_info((enum otype)t)->name_slot >= 0)
			expand_index(&x, (enum otype)t);
	expand_plain_groups(&x, OT_CONTACTGROUP, OT_CONTACT, OT_CONTACT_CONTACTGROUPS);
	expand_plain_groups(&x, OT_HOSTGROUP, OT_HOST, OT_HOST_HOSTGROUPS);
	expand_services(&x);
	expand_servicegroups(&x);
	expand_deps_all(&x);
	expand_implied(&x);
	expand_free(&x);
	return x.errors;
}

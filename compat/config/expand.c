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

int
expand_names(struct expand *x, enum otype t, const char *list, uint8_t *acc, uint8_t *rej,
    const struct rawobj *owner, const char *dir)
{
	char *copy, *cur, *item;
	unsigned i, n = expand_count(x, t), idx;
	int regexp = 0, missing = 0, found;

	if (list == NULL)
		return 0;
	copy = xstrdup(list);
	cur = copy;
	while ((item = str_next_token(&cur, ',')) != NULL) {
		if (*item == '\0')
			continue;
		/* once one item needs a regexp, the rest of the list is taken as regexps too */
		if (!regexp)
			regexp = expand_wants_regexp(x, item);
		if (regexp) {
			found = expand_regexp(x, t, item, acc, owner, dir);
		} else if (strcmp(item, "*") == 0) {
			for (i = 0; i < n; i++)
				acc[i] = 1;
			found = 1;
		} else {
			int reject = item[0] == '!';

			idx = expand_lookup(x, t, reject ? item + 1 : item);
			found = idx != 0;
			if (found && reject && rej != NULL)
				rej[idx - 1] = 1;
			else if (found && !reject)
				acc[idx - 1] = 1;
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

/* nested groups: members of *_group_members are added, cycles are errors */
static void
expand_group_nest(struct expand *x, enum otype gt, unsigned g)
{
	struct xgroup *groups;
	enum otype mt;
	struct rawobj *o = expand_obj(x, gt, g);
	char *copy, *cur, *item;
	unsigned sub, m, nm;

	groups = expand_groups_of(x, gt, &mt);
	if (groups[g].state == 2)
		return;
	if (groups[g].state == 1) {
		expand_err(x, o, otype_info(gt)->dirs[3].name, "Circular group membership "
		    "detected in %s '%s'", otype_info(gt)->name, expand_name(o));
		return;
	}
	groups[g].state = 1;
	nm = expand_member_count(x, mt);
	if (raw_str(o, OT_GROUP_GROUP_MEMBERS) != NULL) {
		copy = xstrdup(raw_str(o, OT_GROUP_GROUP_MEMBERS));
		cur = copy;
		while ((item = str_next_token(&cur, ',')) != NULL) {
			if (*item == '\0')
				continue;
			sub = expand_lookup(x, gt, item);
			if (sub == 0) {
				expand_err(x, o, otype_info(gt)->dirs[3].name, "Could not find member "
				    "group '%s' specified in %s '%s'", item, otype_info(gt)->name,
				    expand_name(o));
				continue;
			}
			expand_group_nest(x, gt, sub - 1);
			if (groups[sub - 1].state != 2)
				continue;
			for (m = 0; m < nm; m++)
				if (groups[sub - 1].members[m])
					groups[g].members[m] = 1;
		}
		free(copy);
	}
	groups[g].state = 2;
}

/*
 * Host or contact groups: members lists (with exclusions), the member
 * objects' own group lists (slot member_slot), then nesting.
 */
static void
expand_plain_groups(struct expand *x, enum otype gt, enum otype mt, unsigned member_slot)
{
	unsigned ng = expand_count(x, gt), nm = expand_count(x, mt), g, m;
	struct xgroup *groups = xcalloc(ng + 1, sizeof(*groups));
	uint8_t *rej = xcalloc(nm + 1, 1), *acc = xcalloc(ng + 1, 1);
	struct rawobj *o;

	if (gt == OT_HOSTGROUP)
		x->hg = groups;
	else
		x->cg = groups;
	for (g = 0; g < ng; g++) {
		o = expand_obj(x, gt, g);
		groups[g].members = xcalloc(nm + 1, 1);
		memset(rej, 0, nm);
		expand_names(x, mt, raw_str(o, OT_GROUP_MEMBERS), groups[g].members, rej, o,
		    "members");
		for (m = 0; m < nm; m++)
			if (rej[m])
				groups[g].members[m] = 0;
	}
	for (m = 0; m < nm; m++) {
		o = expand_obj(x, mt, m);
		if (raw_str(o, member_slot) == NULL)
			continue;
		memset(acc, 0, ng);
		expand_names(x, gt, raw_str(o, member_slot), acc, NULL, o,
		    gt == OT_HOSTGROUP ? "hostgroups" : "contact_groups");
		for (g = 0; g < ng; g++)
			if (acc[g])
				groups[g].members[m] = 1;
	}
	for (g = 0; g < ng; g++)
		expand_group_nest(x, gt, g);
	for (g = 0; g < ng; g++)
		raw_put_str(expand_obj(x, gt, g), OT_GROUP_MEMBERS,
		    expand_join(x, mt, groups[g].members));
	free(rej);
	free(acc);
}

/* hosts a service definition applies to: hostgroup_name then host_name */
static void
expand_one_service(struct expand *x, struct rawobj *o, struct vec *out)
{
	unsigned nh = expand_count(x, OT_HOST), h, first = 1;
	uint8_t *acc = xcalloc(nh + 1, 1), *rej = xcalloc(nh + 1, 1);
	uint8_t *hgacc = xcalloc(nh + 1, 1);
	const char *hgl = raw_str(o, OT_SVC_HOSTGROUP_NAME), *hl = raw_str(o, OT_SVC_HOST_NAME);
	int any = 0, missing = 0;
	struct rawobj *c;
	const char *desc = raw_str(o, OT_SVC_SERVICE_DESCRIPTION);

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
	missing += expand_group_names(x, OT_HOSTGROUP, hgl, hgacc, rej, o, "hostgroup_name");
	missing += expand_names(x, OT_HOST, hl, acc, rej, o, "host_name");
	for (h = 0; h < nh; h++)
		any |= (acc[h] || hgacc[h]) && !rej[h];
	if (!any) {
		o->dead = 1;
		if (missing)
			goto out;
		if (hl == NULL && x->allow_empty_hg == 2)
			expand_warn(x, o, "hostgroup_name", "Service '%s' has no hosts: its "
			    "hostgroups are empty", desc);
		else if (hl != NULL || x->allow_empty_hg == 0)
			expand_err(x, o, hl != NULL ? "host_name" : "hostgroup_name", "Could not "
			    "expand hostgroups and/or hosts specified in service '%s'", desc);
		goto out;
	}
	for (h = 0; h < nh; h++) {
		if (!(acc[h] || hgacc[h]) || rej[h])
			continue;
		c = first ? o : raw_clone(x->rs, o);
		first = 0;
		raw_put_str(c, OT_SVC_HOST_NAME, expand_name(expand_obj(x, OT_HOST, h)));
		c->slots[OT_SVC_HOSTGROUP_NAME].v.s = NULL;
		/* a copy made for a hostgroup loses to a host-specific definition */
		c->from_hostgroup = !acc[h];
		vec_push(out, c);
	}
out:
	free(acc);
	free(rej);
	free(hgacc);
}

static int
expand_svc_cmp(const void *a, const void *b)
{
	const struct rawobj *x = *(struct rawobj *const *)a, *y = *(struct rawobj *const *)b;

	/* host-specific first; later definitions first, as Nagios's lists run */
	if (x->from_hostgroup != y->from_hostgroup)
		return x->from_hostgroup - y->from_hostgroup;
	return x->seq < y->seq ? 1 : x->seq > y->seq ? -1 : 0;
}

static void
expand_services(struct expand *x)
{
	struct vec all, cand;
	size_t i;
	struct rawobj *o, *prev;
	char key[2048];
	unsigned nh = expand_count(x, OT_HOST), hi, si;

	vec_init(&all);
	vec_init(&cand);
	for (i = 0; i < x->rs->objs[OT_SERVICE].len; i++)
		vec_push(&all, x->rs->objs[OT_SERVICE].items[i]);
	for (i = 0; i < all.len; i++) {
		o = all.items[i];
		if (!o->reg || o->dead)
			continue;
		expand_one_service(x, o, &cand);
	}
	vec_clear(&all);
	vec_sort(&cand, expand_svc_cmp);
	x->svc_idx = hmap_new(cand.len);
	x->host_svcs = xcalloc(nh + 1, sizeof(struct vec));
	vec_init(&x->services);
	for (i = 0; i < cand.len; i++) {
		o = cand.items[i];
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
	vec_clear(&cand);
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
		if (!found)
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
						groups[g].members[(uintptr_t)found.items[m]] = 1;
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
			groups[g].members[si - 1] = 1;
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
				groups[g].members[m] = 1;
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

	for (i = 0; x->hg != NULL && i < expand_count(x, OT_HOSTGROUP); i++)
		free(x->hg[i].members);
	for (i = 0; x->cg != NULL && i < expand_count(x, OT_CONTACTGROUP); i++)
		free(x->cg[i].members);
	for (i = 0; x->sg != NULL && i < expand_count(x, OT_SERVICEGROUP); i++)
		free(x->sg[i].members);
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

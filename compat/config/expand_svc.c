/*
 * expand_svc: services copied once per host, duplicates settled as Nagios
 * 4.4.6 settles them, and servicegroups (members from both sides,
 * nesting).  Part of the expander; see expand.h and expand_int.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/expand_int.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/regex.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/*
 * Hosts a service definition applies to, in the order Nagios visits them:
 * the hosts of host_name, then each hostgroup's member_list, hostgroups in
 * the order its list holds them.  The last host visited keeps the
 * definition itself (and counts as host-specific, whatever its origin);
 * every other one gets a copy, put in front of Nagios's service list.
 */
static void
expand_one_service(struct expand *x, struct rawobj *o, struct vec *copies)
{
	struct idset *hosts = &x->hs[0], *hrej = &x->hs[1], *done = &x->hs[2];
	struct idset *groups = &x->gs[0], *grej = &x->gs[1];
	const char *hgl = raw_str(o, OT_SVC_HOSTGROUP_NAME), *hl = raw_str(o, OT_SVC_HOST_NAME);
	const char *desc = raw_str(o, OT_SVC_SERVICE_DESCRIPTION);
	struct vec seq;
	struct vec *order;
	int missing = 0, placed = 0;
	unsigned i, h, gi;
	size_t j;
	struct rawobj *c;
	uintptr_t e;

	if (desc == NULL) {
		expand_err(x, o, "service_description", "Service has no service_description");
		o->dead = 1;
		return;
	}
	if (hgl == NULL && hl == NULL) {
		expand_err(x, o, "host_name", "Service has no host_name or hostgroup_name");
		o->dead = 1;
		return;
	}
	/*
	 * Most services name one existing host and no hostgroup: the general
	 * walk below would keep the definition as it is, so keep it at once.
	 */
	if (hgl == NULL && (h = expand_one_name(x, OT_HOST, hl)) != 0) {
		o->from_hostgroup = 0;
		o->ref = h;
		return;
	}
	idset_clear(hosts);
	idset_clear(hrej);
	idset_clear(done);
	idset_clear(groups);
	idset_clear(grej);
	missing += expand_names(x, OT_HOSTGROUP, hgl, groups, grej, o, "hostgroup_name");
	missing += expand_names(x, OT_HOST, hl, hosts, hrej, o, "host_name");
	/* a rejected hostgroup rejects its members, wherever else they come from */
	for (i = 0; i < grej->len; i++) {
		order = &x->groups[XG_HOST][grej->items[i]].order;
		for (j = 0; j < order->len; j++)
			idset_add(hrej, (unsigned)(uintptr_t)order->items[j]);
	}
	/* the visiting sequence, (host << 1) | from_hostgroup; lists run back to front */
	vec_init(&seq);
	for (i = hosts->len; i-- > 0;)
		vec_push(&seq, (void *)((uintptr_t)hosts->items[i] << 1));
	for (i = groups->len; i-- > 0;) {
		gi = groups->items[i];
		if (idset_has(grej, gi))
			continue;
		order = &x->groups[XG_HOST][gi].order;
		for (j = 0; j < order->len; j++)
			vec_push(&seq, (void *)(((uintptr_t)order->items[j] << 1) | 1));
	}
	for (j = 0; j < seq.len; j++) {
		e = (uintptr_t)seq.items[j];
		h = (unsigned)(e >> 1);
		if (idset_has(hrej, h) || !idset_add(done, h))
			continue;
		if (j + 1 == seq.len) {
			c = o;
			c->from_hostgroup = 0;
		} else {
			c = raw_clone(x->rs, o);
			c->from_hostgroup = (uint8_t)(e & 1);
			vec_push(copies, c);
		}
		if (c == o)
			placed |= 2;
		placed |= 1;
		raw_put_str(c, OT_SVC_HOST_NAME, expand_name(expand_obj(x, OT_HOST, h)));
		raw_clear(c, OT_SVC_HOSTGROUP_NAME);
		c->ref = h + 1;
	}
	vec_clear(&seq);
	if (!(placed & 2))
		o->dead = 1;
	if (placed || missing)
		return;
	/* nothing at all: an empty hostgroup, allowed or not */
	if (hl == NULL && x->allow_empty_hg == 2)
		expand_warn(x, o, "hostgroup_name", "Service '%s' has no hosts: its hostgroups are "
		    "empty", desc);
	else if (hl != NULL || x->allow_empty_hg == 0)
		expand_err(x, o, hl != NULL ? "host_name" : "hostgroup_name", "Could not expand "
		    "hostgroups and/or hosts specified in service '%s'", desc);
}

/*
 * The service index: a table of service indexes + 1 at most half full,
 * keyed by host name and description read from the services themselves.
 */
static uint64_t
expand_svc_hash(const char *host, const char *desc)
{
	return hash_str(host) * 0x9e3779b97f4a7c15ULL ^ hash_str(desc);
}

/* a slot: the hash's high half above index + 1, so most probes skip the strings */
#define EXPAND_SVC_TAG(h) ((uint64_t)(h) & 0xffffffff00000000ULL)

static uint64_t *
expand_svc_find(const struct expand *x, const char *host, const char *desc, uint64_t *hp)
{
	uint64_t h = expand_svc_hash(host, desc);
	size_t j = h & x->svc_mask;
	const struct rawobj *s;

	while (x->svc_slot[j] != 0) {
		if (EXPAND_SVC_TAG(x->svc_slot[j]) == EXPAND_SVC_TAG(h)) {
			s = x->services.items[(uint32_t)x->svc_slot[j] - 1];
			if (strcmp(raw_str(s, OT_SVC_SERVICE_DESCRIPTION), desc) == 0 &&
			    strcmp(raw_str(s, OT_SVC_HOST_NAME), host) == 0)
				break;
		}
		j = (j + 1) & x->svc_mask;
	}
	if (hp != NULL)
		*hp = h;
	return &x->svc_slot[j];
}

/*
 * Copy every service definition to its hosts, then settle duplicates as
 * Nagios 4.4.6 does: its list holds the copies (newest first) ahead of the
 * definitions (last read first); host-specific entries are registered
 * first, hostgroup copies after, and the first entry for a host and
 * description wins.  Each loser gets a warning.
 */
void
expand_services(struct expand *x)
{
	struct vec copies, order;
	size_t i, n = x->rs->objs[OT_SERVICE].len;
	struct rawobj *o, *prev;
	uint64_t *slot, h;
	unsigned nh = expand_count(x, OT_HOST), hi;
	int pass;

	vec_init(&copies);
	vec_init(&order);
	for (i = n; i-- > 0;) {
		o = x->rs->objs[OT_SERVICE].items[i];
		if (o->reg && !o->dead)
			expand_one_service(x, o, &copies);
	}
	for (i = copies.len; i-- > 0;)
		vec_push(&order, copies.items[i]);
	/* the definitions themselves are items [0, n): copies were appended after */
	for (i = n; i-- > 0;) {
		o = x->rs->objs[OT_SERVICE].items[i];
		if (o->reg && !o->dead)
			vec_push(&order, o);
	}
	for (x->svc_mask = 15; x->svc_mask + 1 < order.len * 2;)
		x->svc_mask = x->svc_mask * 2 + 1;
	x->svc_slot = xcalloc(x->svc_mask + 1, sizeof(*x->svc_slot));
	vec_init(&x->services);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < order.len; i++) {
			o = order.items[i];
			if (o->from_hostgroup != pass || o->dead)
				continue;
			slot = expand_svc_find(x, raw_str(o, OT_SVC_HOST_NAME),
			    raw_str(o, OT_SVC_SERVICE_DESCRIPTION), &h);
			if (*slot != 0) {
				prev = x->services.items[(uint32_t)*slot - 1];
				expand_warn(x, o, "service_description", "Duplicate definition found for "
				    "service '%s' on host '%s' (kept the one in file '%s', line %d)",
				    raw_str(o, OT_SVC_SERVICE_DESCRIPTION), raw_str(o, OT_SVC_HOST_NAME),
				    prev->file, prev->line);
				o->dead = 1;
				continue;
			}
			vec_push(&x->services, o);
			*slot = EXPAND_SVC_TAG(h) | (uint32_t)x->services.len;
		}
	}
	/*
	 * Each host's services, in the order they were kept: svc_off[h] counts
	 * host h's, summed up it is where h's run ends, and filling each run
	 * from its end leaves it where the run starts.
	 */
	x->svc_off = xcalloc((size_t)nh + 1, sizeof(*x->svc_off));
	x->svc_ids = xmalloc((x->services.len + 1) * sizeof(*x->svc_ids));
	for (i = 0; i < x->services.len; i++)
		x->svc_off[((struct rawobj *)x->services.items[i])->ref - 1]++;
	for (hi = 1; hi < nh; hi++)
		x->svc_off[hi] += x->svc_off[hi - 1];
	for (i = x->services.len; i-- > 0;) {
		hi = ((struct rawobj *)x->services.items[i])->ref - 1;
		x->svc_ids[--x->svc_off[hi]] = (uint32_t)i;
	}
	x->svc_off[nh] = (uint32_t)x->services.len;
	vec_clear(&copies);
	/* servicegroups walk the services in this order (losers included) */
	x->svc_walk = order;
}

unsigned
expand_service(const struct expand *x, const char *host, const char *desc)
{
	return (uint32_t)*expand_svc_find(x, host, desc, NULL);
}

int
expand_host_services(struct expand *x, unsigned hi, const char *list, struct vec *out)
{
	const uint32_t *ids = x->svc_ids + x->svc_off[hi];
	size_t n = x->svc_off[hi + 1] - x->svc_off[hi];
	uint8_t *acc = xcalloc(n + 1, 1), *rej = xcalloc(n + 1, 1);
	char *copy = xstrdup(list), *cur = copy, *item, err[256];
	int regexp = 0, missing = 0, found, reject, star;
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
		star = !regexp && strcmp(item, "*") == 0;
		r = regexp ? rx_compile(item + strspn(item, "*"), err, sizeof(err)) : NULL;
		found = 0;
		for (j = 0; j < n; j++) {
			s = x->services.items[ids[j]];
			if (regexp ? (r != NULL && rx_match(r, raw_str(s, OT_SVC_SERVICE_DESCRIPTION)))
			    : (star || strcmp(item, raw_str(s, OT_SVC_SERVICE_DESCRIPTION)) == 0)) {
				found = 1;
				if (reject)
					rej[j] = 1;
				else
					acc[j] = 1;
			}
		}
		rx_free(r);
		/* '*' matches even on a host without services, as in Nagios */
		if (!found && !star)
			missing++;
	}
	for (j = 0; j < n; j++)
		if (acc[j] && !rej[j])
			vec_push(out, (void *)(uintptr_t)ids[j]);
	free(copy);
	free(acc);
	free(rej);
	return missing;
}

/*
 * "host,svc,host,svc" members of servicegroup g.  As in Nagios 4.4.6
 * (xodtemplate_expand_services), "host,!svc" rejects that service from
 * the group whatever else adds it, and is no error when there is no such
 * service; and the group's list takes each service once, in front, so the
 * services are added in the reverse of the order first named.
 */
static void
expand_sg_members(struct expand *x, unsigned g)
{
	struct rawobj *o = expand_obj(x, OT_SERVICEGROUP, g);
	struct idset *hacc = &x->hs[0], *named = &x->ss[2];
	char *copy, *cur, *host, *desc;
	struct vec found;
	unsigned si, i;
	size_t m;

	if (raw_str(o, OT_GROUP_MEMBERS) == NULL)
		return;
	idset_clear(named);
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
		    (x->use_regexp && (x->use_true_regexp || strpbrk(host, "*?+") != NULL))) {
			idset_clear(hacc);
			expand_names(x, OT_HOST, host, hacc, NULL, o, "members");
			for (i = 0; i < hacc->len; i++) {
				vec_init(&found);
				expand_host_services(x, hacc->items[i], desc, &found);
				for (m = 0; m < found.len; m++)
					idset_add(named, (unsigned)(uintptr_t)found.items[m]);
				vec_clear(&found);
			}
			continue;
		}
		if (desc[0] == '!') {
			if ((si = expand_service(x, host, desc + 1)) != 0)
				pairset_add(x->reject[XG_SERVICE], g, si - 1);
			continue;
		}
		si = expand_service(x, host, desc);
		if (si == 0) {
			expand_err(x, o, "members", "Could not find a service matching host name "
			    "'%s' and description '%s'", host, desc);
			continue;
		}
		idset_add(named, si - 1);
	}
	free(copy);
	for (i = named->len; i-- > 0;)
		expand_group_add(x, XG_SERVICE, g, named->items[i]);
}

void
expand_servicegroups(struct expand *x)
{
	unsigned ng = expand_count(x, OT_SERVICEGROUP), g, m, i;
	size_t w;
	struct idset acc;
	struct rawobj *o;

	x->groups[XG_SERVICE] = xcalloc((size_t)ng + 1, sizeof(struct xgroup));
	for (g = 0; g < ng; g++) {
		vec_init(&x->groups[XG_SERVICE][g].order);
		expand_sg_members(x, g);
	}
	idset_init(&acc, ng);
	/* members joining from their side, in the order of Nagios's service list */
	for (w = 0; w < x->svc_walk.len; w++) {
		o = x->svc_walk.items[w];
		if (o->dead || raw_str(o, OT_SVC_SERVICEGROUPS) == NULL)
			continue;
		m = expand_service(x, raw_str(o, OT_SVC_HOST_NAME),
		    raw_str(o, OT_SVC_SERVICE_DESCRIPTION)) - 1;
		idset_clear(&acc);
		expand_own_groups(x, OT_SERVICEGROUP, raw_str(o, OT_SVC_SERVICEGROUPS), &acc, o,
		    "servicegroups");
		for (i = 0; i < acc.len; i++)
			expand_group_add(x, XG_SERVICE, acc.items[i], m);
	}
	idset_free(&acc);
	for (g = 0; g < ng; g++)
		expand_group_nest(x, OT_SERVICEGROUP, g);
	for (g = 0; g < ng; g++)
		expand_group_publish(x, OT_SERVICEGROUP, OT_SERVICE, g);
}

/*
 * expand_deps: dependencies and escalations expanded to one definition per
 * master/dependent pair (or per host or service), extinfo merged into its
 * hosts and services, and the implied inheritance Nagios applies last
 * (xodtemplate_inherit_object_properties): services take contacts,
 * notification period and interval from their host, escalations take
 * theirs from their service or host, missing option sets mean "all".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/expand_int.h"
#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

/*
 * Hosts named by a host list and a hostgroup list, as dependencies and
 * escalations read them, added to out: a '!name' in either list removes
 * only hosts that came from hostgroups (Nagios 4.4.6 keeps
 * "web1,db1,!db1" as web1,db1).  Returns the number of names that matched
 * nothing.
 */
static int
expand_dep_hosts(struct expand *x, struct rawobj *o, const char *hosts, const char *hgs,
    const char *dirh, const char *dirhg, struct idset *out)
{
	struct idset *ga = &x->hs[3], *rej = &x->hs[4];
	unsigned i;
	int bad = 0;

	idset_clear(ga);
	idset_clear(rej);
	bad += expand_group_names(x, OT_HOSTGROUP, hgs, ga, rej, o, dirhg);
	bad += expand_names(x, OT_HOST, hosts, out, rej, o, dirh);
	for (i = 0; i < ga->len; i++)
		if (!idset_has(rej, ga->items[i]))
			idset_add(out, ga->items[i]);
	return bad;
}

/*
 * The services named by descs on host hi, added to out.  With
 * use_true_regexp_matching Nagios reads the host's name again as a
 * pattern, so "web" also reaches "web2"; that is kept.
 */
static int
expand_on_host(struct expand *x, struct rawobj *o, unsigned hi, const char *descs,
    const char *dirs, struct idset *out)
{
	struct idset *hosts = &x->hs[5];
	struct vec found;
	unsigned i, h;
	size_t j;
	int bad = 0;

	if (descs == NULL)
		return 0;
	idset_clear(hosts);
	if (x->use_true_regexp)
		expand_names(x, OT_HOST, expand_name(expand_obj(x, OT_HOST, hi)), hosts, NULL, o,
		    "host_name");
	else
		idset_add(hosts, hi);
	for (i = 0; i < hosts->len; i++) {
		h = hosts->items[i];
		vec_init(&found);
		if (expand_host_services(x, h, descs, &found) > 0) {
			expand_err(x, o, dirs, "Could not find a service matching host name '%s' "
			    "and description '%s'", expand_name(expand_obj(x, OT_HOST, h)), descs);
			bad++;
		}
		for (j = 0; j < found.len; j++)
			idset_add(out, (unsigned)(uintptr_t)found.items[j]);
		vec_clear(&found);
	}
	return bad;
}

/*
 * Services named by hosts/hostgroups x descriptions, plus servicegroups,
 * added to out.  *nohosts is set when hosts or hostgroups were given but
 * named no host.
 */
static int
expand_service_list(struct expand *x, struct rawobj *o, const char *hosts, const char *hgs,
    const char *sgs, const char *descs, const char *dirh, const char *dirs, struct idset *out,
    int *nohosts)
{
	struct idset *acc = &x->hs[2];
	unsigned i;
	int bad = 0;

	idset_clear(acc);
	bad += expand_dep_hosts(x, o, hosts, hgs, dirh, "hostgroup_name", acc);
	*nohosts = (hosts != NULL || hgs != NULL) && acc->len == 0;
	if (sgs != NULL)
		bad += expand_group_names(x, OT_SERVICEGROUP, sgs, out, NULL, o, "servicegroup_name");
	if ((hosts != NULL || hgs != NULL) && descs == NULL) {
		expand_err(x, o, dirs, "No %s given for the hosts of this %s", dirs,
		    otype_info(o->type)->name);
		bad++;
	}
	for (i = 0; i < acc->len && descs != NULL; i++)
		bad += expand_on_host(x, o, acc->items[i], descs, dirs, out);
	return bad;
}

/* an empty master or dependent list: an error only when empty hostgroups are refused */
static int
expand_dep_empty(struct expand *x, struct rawobj *o, const char *side)
{
	if (x->allow_empty_hg != 0)
		return 0;
	expand_err(x, o, side[0] == 'm' ? "hostgroup_name" : "dependent_hostgroup_name",
	    "Could not expand %s hostgroups and/or hosts specified in %s", side,
	    o->type == OT_HOSTDEPENDENCY ? "host dependency" : "service dependency");
	return 1;
}

static struct rawobj *
expand_emit(struct expand *x, struct rawobj *o, int *first)
{
	struct rawobj *c = *first ? o : raw_clone(x->rs, o);

	*first = 0;
	return c;
}

static void
expand_svc_pair(struct expand *x, struct rawobj *o, int *first, unsigned m, unsigned d)
{
	struct rawobj *ms = x->services.items[m], *ds = x->services.items[d];
	struct rawobj *c = expand_emit(x, o, first);

	raw_put_str(c, OT_SD_HOST_NAME, raw_str(ms, OT_SVC_HOST_NAME));
	raw_put_str(c, OT_SD_SERVICE_DESCRIPTION, raw_str(ms, OT_SVC_SERVICE_DESCRIPTION));
	raw_put_str(c, OT_SD_DEPENDENT_HOST_NAME, raw_str(ds, OT_SVC_HOST_NAME));
	raw_put_str(c, OT_SD_DEPENDENT_SERVICE_DESCRIPTION,
	    raw_str(ds, OT_SVC_SERVICE_DESCRIPTION));
	raw_clear(c, OT_SD_HOSTGROUP_NAME);
	raw_clear(c, OT_SD_SERVICEGROUP_NAME);
	raw_clear(c, OT_SD_DEPENDENT_HOSTGROUP_NAME);
	raw_clear(c, OT_SD_DEPENDENT_SERVICEGROUP_NAME);
}

static unsigned
expand_svc_host(struct expand *x, unsigned si)
{
	return expand_lookup(x, OT_HOST,
	    raw_str((struct rawobj *)x->services.items[si], OT_SVC_HOST_NAME)) - 1;
}

static void
expand_servicedependency(struct expand *x, struct rawobj *o)
{
	struct idset *ma = &x->ss[0], *da = &x->ss[1];
	const char *mh = raw_str(o, OT_SD_HOST_NAME), *mhg = raw_str(o, OT_SD_HOSTGROUP_NAME);
	const char *msg = raw_str(o, OT_SD_SERVICEGROUP_NAME);
	const char *dh = raw_str(o, OT_SD_DEPENDENT_HOST_NAME);
	const char *dhg = raw_str(o, OT_SD_DEPENDENT_HOSTGROUP_NAME);
	const char *dsg = raw_str(o, OT_SD_DEPENDENT_SERVICEGROUP_NAME);
	const char *mdesc = raw_str(o, OT_SD_SERVICE_DESCRIPTION);
	const char *ddesc = raw_str(o, OT_SD_DEPENDENT_SERVICE_DESCRIPTION);
	int master_given = mh != NULL || mhg != NULL || msg != NULL;
	int dep_given = dh != NULL || dhg != NULL || dsg != NULL;
	int first = 1, bad = 0, empty = 0;
	unsigned i, j;

	idset_clear(ma);
	idset_clear(da);
	if (!master_given && !dep_given) {
		expand_err(x, o, "host_name", "Service dependency has neither master nor dependent "
		    "hosts");
		goto out;
	}
	/* no master at all: Nagios quietly makes no dependency of it */
	if (!master_given && mdesc == NULL)
		goto out;
	if (!master_given) {
		/* masters are on each dependent's own host */
		bad = expand_service_list(x, o, dh, dhg, dsg, ddesc, "dependent_host_name",
		    "dependent_service_description", da, &empty);
		if (empty)
			bad += expand_dep_empty(x, o, "dependent");
		for (i = 0; i < da->len && !bad; i++) {
			idset_clear(ma);
			bad += expand_on_host(x, o, expand_svc_host(x, da->items[i]), mdesc,
			    "service_description", ma);
			for (j = 0; j < ma->len; j++)
				expand_svc_pair(x, o, &first, ma->items[j], da->items[i]);
		}
		goto out;
	}
	bad = expand_service_list(x, o, mh, mhg, msg, mdesc, "host_name", "service_description",
	    ma, &empty);
	if (empty)
		bad += expand_dep_empty(x, o, "master");
	if (!dep_given && ddesc == NULL) {
		expand_err(x, o, "dependent_service_description", "Service dependency has no "
		    "dependent hosts or services");
		goto out;
	}
	if (dep_given) {
		bad += expand_service_list(x, o, dh, dhg, dsg, ddesc, "dependent_host_name",
		    "dependent_service_description", da, &empty);
		if (empty)
			bad += expand_dep_empty(x, o, "dependent");
	}
	for (i = 0; i < ma->len && !bad; i++) {
		if (!dep_given) {
			idset_clear(da);
			bad += expand_on_host(x, o, expand_svc_host(x, ma->items[i]), ddesc,
			    "dependent_service_description", da);
		}
		for (j = 0; j < da->len; j++)
			expand_svc_pair(x, o, &first, ma->items[i], da->items[j]);
	}
out:
	if (first)
		o->dead = 1;
}

static void
expand_hostdependency(struct expand *x, struct rawobj *o)
{
	struct idset *ma = &x->hs[0], *da = &x->hs[1];
	struct rawobj *c;
	unsigned i, j;
	int first = 1, bad;

	idset_clear(ma);
	idset_clear(da);
	bad = expand_dep_hosts(x, o, raw_str(o, OT_HD_HOST_NAME), raw_str(o, OT_HD_HOSTGROUP_NAME),
	    "host_name", "hostgroup_name", ma);
	if (!bad && ma->len == 0)
		bad += expand_dep_empty(x, o, "master");
	bad += expand_dep_hosts(x, o, raw_str(o, OT_HD_DEPENDENT_HOST_NAME),
	    raw_str(o, OT_HD_DEPENDENT_HOSTGROUP_NAME), "dependent_host_name",
	    "dependent_hostgroup_name", da);
	if (!bad && da->len == 0)
		bad += expand_dep_empty(x, o, "dependent");
	for (i = 0; i < ma->len && !bad; i++) {
		for (j = 0; j < da->len; j++) {
			c = expand_emit(x, o, &first);
			raw_put_str(c, OT_HD_HOST_NAME,
			    expand_name(expand_obj(x, OT_HOST, ma->items[i])));
			raw_put_str(c, OT_HD_DEPENDENT_HOST_NAME,
			    expand_name(expand_obj(x, OT_HOST, da->items[j])));
			raw_clear(c, OT_HD_HOSTGROUP_NAME);
			raw_clear(c, OT_HD_DEPENDENT_HOSTGROUP_NAME);
		}
	}
	if (first)
		o->dead = 1;
}

static void
expand_escalation(struct expand *x, struct rawobj *o)
{
	struct idset *acc;
	struct rawobj *c, *svc;
	unsigned i;
	int first = 1, bad, empty = 0;
	const char *what = o->type == OT_SERVICEESCALATION ? "service" : "host";

	if (o->type == OT_SERVICEESCALATION) {
		acc = &x->ss[0];
		idset_clear(acc);
		bad = expand_service_list(x, o, raw_str(o, OT_ESC_HOST_NAME),
		    raw_str(o, OT_ESC_HOSTGROUP_NAME), raw_str(o, OT_ESC_SERVICEGROUP_NAME),
		    raw_str(o, OT_ESC_SERVICE_DESCRIPTION), "host_name", "service_description", acc,
		    &empty);
		for (i = 0; i < acc->len && !bad && !empty; i++) {
			svc = x->services.items[acc->items[i]];
			c = expand_emit(x, o, &first);
			raw_put_str(c, OT_ESC_HOST_NAME, raw_str(svc, OT_SVC_HOST_NAME));
			raw_put_str(c, OT_ESC_SERVICE_DESCRIPTION,
			    raw_str(svc, OT_SVC_SERVICE_DESCRIPTION));
			raw_clear(c, OT_ESC_HOSTGROUP_NAME);
			raw_clear(c, OT_ESC_SERVICEGROUP_NAME);
		}
	} else {
		acc = &x->hs[0];
		idset_clear(acc);
		bad = expand_dep_hosts(x, o, raw_str(o, OT_ESC_HOST_NAME),
		    raw_str(o, OT_ESC_HOSTGROUP_NAME), "host_name", "hostgroup_name", acc);
		empty = acc->len == 0;
		for (i = 0; i < acc->len && !bad; i++) {
			c = expand_emit(x, o, &first);
			raw_put_str(c, OT_ESC_HOST_NAME,
			    expand_name(expand_obj(x, OT_HOST, acc->items[i])));
			raw_clear(c, OT_ESC_HOSTGROUP_NAME);
		}
	}
	/* an escalation that reaches no host is an error whatever the settings */
	if (!bad && empty)
		expand_err(x, o, "hostgroup_name", "Could not expand hostgroups and/or hosts "
		    "specified in %s escalation", what);
	if (first)
		o->dead = 1;
}

static void
expand_merge_str(struct rawobj *dst, unsigned dslot, const struct rawobj *src, unsigned sslot)
{
	if (raw_str(dst, dslot) == NULL && raw_str(src, sslot) != NULL)
		raw_put_str(dst, dslot, raw_str(src, sslot));
}

static void
expand_merge_host(struct rawobj *h, const struct rawobj *e)
{
	expand_merge_str(h, OT_HOST_NOTES, e, OT_EXT_NOTES);
	expand_merge_str(h, OT_HOST_NOTES_URL, e, OT_EXT_NOTES_URL);
	expand_merge_str(h, OT_HOST_ACTION_URL, e, OT_EXT_ACTION_URL);
	expand_merge_str(h, OT_HOST_ICON_IMAGE, e, OT_EXT_ICON_IMAGE);
	expand_merge_str(h, OT_HOST_ICON_IMAGE_ALT, e, OT_EXT_ICON_IMAGE_ALT);
	expand_merge_str(h, OT_HOST_VRML_IMAGE, e, OT_EXT_VRML_IMAGE);
	expand_merge_str(h, OT_HOST_STATUSMAP_IMAGE, e, OT_EXT_STATUSMAP_IMAGE);
	if (!raw_have(h, OT_HOST_2D_COORDS) && raw_have(e, OT_EXT_2D_COORDS))
		raw_copy(h, OT_HOST_2D_COORDS, e, OT_EXT_2D_COORDS);
	if (!raw_have(h, OT_HOST_3D_COORDS) && raw_have(e, OT_EXT_3D_COORDS))
		raw_copy(h, OT_HOST_3D_COORDS, e, OT_EXT_3D_COORDS);
}

static void
expand_merge_service(struct rawobj *s, const struct rawobj *e)
{
	expand_merge_str(s, OT_SVC_NOTES, e, OT_EXT_NOTES);
	expand_merge_str(s, OT_SVC_NOTES_URL, e, OT_EXT_NOTES_URL);
	expand_merge_str(s, OT_SVC_ACTION_URL, e, OT_EXT_ACTION_URL);
	expand_merge_str(s, OT_SVC_ICON_IMAGE, e, OT_EXT_ICON_IMAGE);
	expand_merge_str(s, OT_SVC_ICON_IMAGE_ALT, e, OT_EXT_ICON_IMAGE_ALT);
}

static void
expand_extinfo(struct expand *x, struct rawobj *e)
{
	struct idset *acc = &x->hs[0], *rej = &x->hs[1];
	const char *desc = raw_str(e, OT_EXT_SERVICE_DESCRIPTION);
	unsigned i, h, si;

	idset_clear(acc);
	idset_clear(rej);
	expand_group_names(x, OT_HOSTGROUP, raw_str(e, OT_EXT_HOSTGROUP_NAME), acc, rej, e,
	    "hostgroup_name");
	expand_names(x, OT_HOST, raw_str(e, OT_EXT_HOST_NAME), acc, rej, e, "host_name");
	for (i = 0; i < acc->len; i++) {
		h = acc->items[i];
		if (idset_has(rej, h))
			continue;
		if (e->type == OT_HOSTEXTINFO) {
			expand_merge_host(expand_obj(x, OT_HOST, h), e);
			continue;
		}
		if (desc == NULL)
			continue;
		si = expand_service(x, expand_name(expand_obj(x, OT_HOST, h)), desc);
		if (si != 0)
			expand_merge_service(x->services.items[si - 1], e);
	}
	e->dead = 1;
}

static void
expand_each(struct expand *x, enum otype t, void (*fn)(struct expand *, struct rawobj *))
{
	size_t i, n = x->rs->objs[t].len;
	struct rawobj *o;

	/* fn may append clones: only visit the definitions present now */
	for (i = 0; i < n; i++) {
		o = x->rs->objs[t].items[i];
		if (o->reg && !o->dead)
			fn(x, o);
	}
}

/*
 * Extinfo fills only what is still empty, and Nagios applies the last
 * definition first, so the last one read wins.
 */
static void
expand_each_reverse(struct expand *x, enum otype t, void (*fn)(struct expand *, struct rawobj *))
{
	size_t i = x->rs->objs[t].len;
	struct rawobj *o;

	while (i-- > 0) {
		o = x->rs->objs[t].items[i];
		if (o->reg && !o->dead)
			fn(x, o);
	}
}

int
expand_deps_all(struct expand *x)
{
	int before = x->errors;

	expand_each(x, OT_SERVICEDEPENDENCY, expand_servicedependency);
	expand_each(x, OT_HOSTDEPENDENCY, expand_hostdependency);
	expand_each(x, OT_SERVICEESCALATION, expand_escalation);
	expand_each(x, OT_HOSTESCALATION, expand_escalation);
	expand_each_reverse(x, OT_HOSTEXTINFO, expand_extinfo);
	expand_each_reverse(x, OT_SERVICEEXTINFO, expand_extinfo);
	return x->errors - before;
}

/* Nagios's xod_inherit for strings: take value and have when we have none */
static void
expand_take(struct rawobj *dst, unsigned dslot, const struct rawobj *src, unsigned sslot)
{
	if (!raw_have(dst, dslot) && raw_have(src, sslot))
		raw_copy(dst, dslot, src, sslot);
}

/* additive inheritance of an escalation list from its service or host */
static void
expand_add_list(struct expand *x, struct rawobj *e, unsigned eslot, const struct rawobj *src,
    unsigned sslot)
{
	const char *mine = raw_str(e, eslot), *theirs = raw_str(src, sslot);
	size_t a, b;
	char *s;

	if (mine == NULL || mine[0] != '+' || !raw_have(src, sslot))
		return;
	if (theirs != NULL) {
		a = strlen(theirs);
		b = strlen(mine + 1);
		s = arena_alloc(x->rs->a, a + b + 2);
		memcpy(s, theirs, a);
		s[a] = ',';
		memcpy(s + a + 1, mine + 1, b + 1);
		raw_at(e, eslot)->v.s = s;
	}
	raw_at(e, eslot)->have = 1;
}

static void
expand_strip_plus(struct rawobj *e, unsigned slot)
{
	if (raw_str(e, slot) != NULL && raw_str(e, slot)[0] == '+')
		raw_at(e, slot)->v.s++;
}

static void
expand_implied_escalation(struct expand *x, struct rawobj *e, const struct rawobj *src,
    unsigned cg, unsigned c, unsigned ni, unsigned np)
{
	expand_add_list(x, e, OT_ESC_CONTACT_GROUPS, src, cg);
	expand_add_list(x, e, OT_ESC_CONTACTS, src, c);
	if (!raw_have(e, OT_ESC_CONTACT_GROUPS) && !raw_have(e, OT_ESC_CONTACTS)) {
		expand_take(e, OT_ESC_CONTACT_GROUPS, src, cg);
		expand_take(e, OT_ESC_CONTACTS, src, c);
	}
	expand_take(e, OT_ESC_NOTIFICATION_INTERVAL, src, ni);
	if (!raw_have(e, OT_ESC_ESCALATION_PERIOD) && raw_have(src, np) && raw_str(src, np) != NULL)
		raw_put_str(e, OT_ESC_ESCALATION_PERIOD, raw_str(src, np));
	if (!raw_have(e, OT_ESC_ESCALATION_OPTIONS)) {
		raw_put_opts(e, OT_ESC_ESCALATION_OPTIONS, OBJ_OPT_ALL);
	}
	expand_strip_plus(e, OT_ESC_CONTACT_GROUPS);
	expand_strip_plus(e, OT_ESC_CONTACTS);
}

void
expand_implied(struct expand *x)
{
	unsigned hi, si;
	size_t k;
	struct rawobj *o, *h;

	/*
	 * Missing notification_options of hosts and services mean "all"; the
	 * builder's default says so, so no slot is stored for it here.
	 */
	for (k = 0; k < x->services.len; k++) {
		o = x->services.items[k];
		hi = o->ref;
		h = expand_obj(x, OT_HOST, hi - 1);
		if (!raw_have(o, OT_SVC_CONTACT_GROUPS) && !raw_have(o, OT_SVC_CONTACTS)) {
			expand_take(o, OT_SVC_CONTACT_GROUPS, h, OT_HOST_CONTACT_GROUPS);
			expand_take(o, OT_SVC_CONTACTS, h, OT_HOST_CONTACTS);
		}
		expand_take(o, OT_SVC_NOTIFICATION_INTERVAL, h, OT_HOST_NOTIFICATION_INTERVAL);
		expand_take(o, OT_SVC_NOTIFICATION_PERIOD, h, OT_HOST_NOTIFICATION_PERIOD);
	}
	for (k = 0; k < x->rs->objs[OT_SERVICEESCALATION].len; k++) {
		o = x->rs->objs[OT_SERVICEESCALATION].items[k];
		if (!o->reg || o->dead)
			continue;
		si = expand_service(x, raw_str(o, OT_ESC_HOST_NAME),
		    raw_str(o, OT_ESC_SERVICE_DESCRIPTION));
		if (si == 0) {
			expand_strip_plus(o, OT_ESC_CONTACT_GROUPS);
			expand_strip_plus(o, OT_ESC_CONTACTS);
			continue;
		}
		expand_implied_escalation(x, o, x->services.items[si - 1], OT_SVC_CONTACT_GROUPS,
		    OT_SVC_CONTACTS, OT_SVC_NOTIFICATION_INTERVAL, OT_SVC_NOTIFICATION_PERIOD);
	}
	for (k = 0; k < x->rs->objs[OT_HOSTESCALATION].len; k++) {
		o = x->rs->objs[OT_HOSTESCALATION].items[k];
		if (!o->reg || o->dead)
			continue;
		hi = expand_lookup(x, OT_HOST, raw_str(o, OT_ESC_HOST_NAME));
		if (hi == 0) {
			expand_strip_plus(o, OT_ESC_CONTACT_GROUPS);
			expand_strip_plus(o, OT_ESC_CONTACTS);
			continue;
		}
		expand_implied_escalation(x, o, expand_obj(x, OT_HOST, hi - 1),
		    OT_HOST_CONTACT_GROUPS, OT_HOST_CONTACTS, OT_HOST_NOTIFICATION_INTERVAL,
		    OT_HOST_NOTIFICATION_PERIOD);
	}
}

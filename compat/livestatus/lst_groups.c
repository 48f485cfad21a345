/*
 * lst_groups: the hostgroups, servicegroups and contactgroups tables.
 *
 * A group's counts are lst_tally_add's (lst_int.h): a host group's over its
 * hosts, or over all their services.  naemon answers 0 for a host group's
 * num_services_hard_* and worst_service_hard_state whatever the state (a
 * case missing from its code); jaque counts them.  With AuthUser a group
 * is seen only when every member is (naemon's group_authorization=strict)
 * and it has members; its members and counts take only the hosts and
 * services the contact may see, which matters where a group's columns are
 * joined to a host or service row (hostsbygroup and the like).  A host group lists its members by name, a contact
 * group in the order of the contacts, as naemon does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/util/arena.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define COL(name, type, fn, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, fn, NULL, arg }
#define LCOL(name, kind, fn, arg, desc) { name, desc, LS_LIST, kind, 0, fn, NULL, arg }

/* ---- counting (lst_tally_add) ---- */

static void
hg_count(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_hostgroup *g = row;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct lst_tally t = { 0, 0 };
	unsigned i, k;

	for (i = 0; i < g->nmembers; i++) {
		const struct obj_host *h = g->members[i];

		if (!lst_host_seen(x, h))
			continue;
		if (c->arg & LST_AG_HOSTS) {
			lst_tally_add(&t, &snap->hosts[h->id].c, c->arg);
			continue;
		}
		for (k = 0; k < h->nservices; k++)
			if (lst_svc_seen(x, h->services[k]))
				lst_tally_add(&t, &snap->svcs[h->services[k]->id].c, c->arg);
	}
	out->i = lst_tally_value(&t, c->arg);
}

static void
sg_count(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_servicegroup *g = row;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct lst_tally t = { 0, 0 };
	unsigned i;

	for (i = 0; i < g->nmembers; i++)
		if (lst_svc_seen(x, g->members[i]))
			lst_tally_add(&t, &snap->svcs[g->members[i]->id].c, c->arg);
	out->i = lst_tally_value(&t, c->arg);
}

/* ---- member lists ---- */

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ls_elem *)a)->key, ((const struct ls_elem *)b)->key);
}

/* arg 0: names; 1: [name, state, has_been_checked] */
static void
hg_members(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_hostgroup *g = row;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct ls_elem *e = arena_zalloc(x->scratch, (g->nmembers + 1) * sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, (g->nmembers * 3 + 1) * sizeof(*f));
	unsigned i, n = 0;

	for (i = 0; i < g->nmembers; i++) {
		const struct obj_host *h = g->members[i];

		if (!lst_host_seen(x, h))
			continue;
		e[n].key = h->name;
		if (c->arg == 1) {
			f[3 * n].s = h->name;
			f[3 * n].is_str = 1;
			f[3 * n + 1].i = snap->hosts[h->id].c.current_state;
			f[3 * n + 2].i = snap->hosts[h->id].c.has_been_checked;
			e[n].nf = 3;
			e[n].f = &f[3 * n];
		}
		n++;
	}
	qsort(e, n, sizeof(*e), name_cmp);
	out->n = n;
	out->e = e;
}

/* arg 0: [host, service]; 1: [host, service, state, has_been_checked]; key "host|service" */
static void
sg_members(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_servicegroup *g = row;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct ls_elem *e = arena_zalloc(x->scratch, (g->nmembers + 1) * sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, (g->nmembers * 4 + 1) * sizeof(*f));
	unsigned i, n = 0;

	for (i = 0; i < g->nmembers; i++) {
		const struct obj_service *s = g->members[i];
		size_t hl = strlen(s->host->name), dl = strlen(s->description);
		struct ls_field *t = &f[4 * n];
		char *key;

		if (!lst_svc_seen(x, s))
			continue;
		key = arena_alloc(x->scratch, hl + dl + 2);
		memcpy(key, s->host->name, hl);
		key[hl] = '|';
		memcpy(key + hl + 1, s->description, dl + 1);
		t[0].s = s->host->name;
		t[0].is_str = 1;
		t[1].s = s->description;
		t[1].is_str = 1;
		t[2].i = snap->svcs[s->id].c.current_state;
		t[3].i = snap->svcs[s->id].c.has_been_checked;
		e[n].key = key;
		e[n].nf = c->arg == 1 ? 4 : 2;
		e[n++].f = t;
	}
	out->n = n;
	out->e = e;
}

/* a contact group's members, in the order of the contacts */
static void
cg_members(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_contactgroup *g = row;
	const struct objects *objs = LST_DATA(x)->snap->objs;
	struct ls_elem *e = arena_zalloc(x->scratch, (g->nmembers + 1) * sizeof(*e));
	unsigned i, k, n = 0;

	(void)c;
	for (i = 0; i < objs->ncontacts && n < g->nmembers; i++)
		for (k = 0; k < g->nmembers; k++)
			if (g->members[k] == &objs->contacts[i]) {
				e[n++].key = objs->contacts[i].name;
				break;
			}
	out->n = n;
	out->e = e;
}

/* ---- the columns ---- */

#define OFF(type, f) offsetof(struct type, f)
#define GROUP_COLS(type) \
	COL("action_url", LS_STRING, lst_raw_str, OFF(type, action_url), \
	    "An optional URL to custom notes or actions on the group"), \
	COL("alias", LS_STRING, lst_raw_str, OFF(type, alias), "An alias of the group"), \
	COL("id", LS_INT, lst_raw_uint, OFF(type, id), "The id of the group"), \
	COL("name", LS_STRING, lst_raw_str, OFF(type, name), "Name of the group"), \
	COL("notes", LS_STRING, lst_raw_str, OFF(type, notes), "Optional additional notes about the group"), \
	COL("notes_url", LS_STRING, lst_raw_str, OFF(type, notes_url), \
	    "An optional URL to further notes on the group")
#define SVC_COUNTS(fn) \
	COL("num_services", LS_INT, fn, LST_AG_NUM, "The total number of services"), \
	COL("num_services_crit", LS_INT, fn, LST_AG_S2, "The number of services in the soft state CRIT"), \
	COL("num_services_hard_crit", LS_INT, fn, LST_AG_S2 | LST_AG_HARD, \
	    "The number of services in the hard state CRIT"), \
	COL("num_services_hard_ok", LS_INT, fn, LST_AG_S0 | LST_AG_HARD, \
	    "The number of services in the hard state OK"), \
	COL("num_services_hard_unknown", LS_INT, fn, LST_AG_S3 | LST_AG_HARD, \
	    "The number of services in the hard state UNKNOWN"), \
	COL("num_services_hard_warn", LS_INT, fn, LST_AG_S1 | LST_AG_HARD, \
	    "The number of services in the hard state WARN"), \
	COL("num_services_ok", LS_INT, fn, LST_AG_S0, "The number of services in the soft state OK"), \
	COL("num_services_pending", LS_INT, fn, LST_AG_PENDING, \
	    "The number of services which have not been checked yet (pending)"), \
	COL("num_services_unknown", LS_INT, fn, LST_AG_S3, \
	    "The number of services in the soft state UNKNOWN"), \
	COL("num_services_warn", LS_INT, fn, LST_AG_S1, "The number of services in the soft state WARN"), \
	COL("worst_service_state", LS_INT, fn, LST_AG_WORST, \
	    "The worst soft state of the services (OK <= WARN <= UNKNOWN <= CRIT)")

static const struct ls_col hg_cols[] = {
	GROUP_COLS(obj_hostgroup),
	LCOL("members", LS_LK_HOSTS, hg_members, 0, "A list of all host names that are members of the hostgroup"),
	LCOL("members_with_state", LS_LK_HOSTS, hg_members, 1,
	    "A list of all host names that are members of the hostgroup together with state and "
	    "has_been_checked"),
	COL("num_hosts", LS_INT, hg_count, LST_AG_NUM | LST_AG_HOSTS, "The total number of hosts in the group"),
	COL("num_hosts_down", LS_INT, hg_count, LST_AG_S1 | LST_AG_HOSTS, "The number of hosts in the group that are down"),
	COL("num_hosts_pending", LS_INT, hg_count, LST_AG_PENDING | LST_AG_HOSTS,
	    "The number of hosts in the group that are pending"),
	COL("num_hosts_unreach", LS_INT, hg_count, LST_AG_S2 | LST_AG_HOSTS,
	    "The number of hosts in the group that are unreachable"),
	COL("num_hosts_up", LS_INT, hg_count, LST_AG_S0 | LST_AG_HOSTS, "The number of hosts in the group that are up"),
	SVC_COUNTS(hg_count),
	COL("worst_host_state", LS_INT, hg_count, LST_AG_WORST | LST_AG_HOSTS,
	    "The worst state of all of the groups' hosts (UP <= UNREACHABLE <= DOWN)"),
	COL("worst_service_hard_state", LS_INT, hg_count, LST_AG_WORST | LST_AG_HARD,
	    "The worst hard state of all of the groups' services (OK <= WARN <= UNKNOWN <= CRIT)"),
};

static const struct ls_col sg_cols[] = {
	GROUP_COLS(obj_servicegroup),
	LCOL("members", LS_LK_PAIRS, sg_members, 0,
	    "A list of all members of the service group as host/service pairs"),
	LCOL("members_with_state", LS_LK_PAIRS, sg_members, 1,
	    "A list of all members of the service group with state and has_been_checked"),
	SVC_COUNTS(sg_count),
};

static const struct ls_col cg_cols[] = {
	COL("alias", LS_STRING, lst_raw_str, OFF(obj_contactgroup, alias), "The alias of the contactgroup"),
	COL("id", LS_INT, lst_raw_uint, OFF(obj_contactgroup, id), "The id of the contactgroup"),
	LCOL("members", LS_LK_OBJECTS, cg_members, 0, "A list of all members of this contactgroup"),
	COL("name", LS_STRING, lst_raw_str, OFF(obj_contactgroup, name), "The name of the contactgroup"),
};

/* ---- the tables ---- */

enum { T_HG, T_SG, T_CG };

static size_t
hg_nrows(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs->nhostgroups;
}

static const void *
hg_row(const struct ls_ctx *x, size_t i)
{
	const struct objects *o = LST_DATA(x)->snap->objs;

	return i < o->nhostgroups ? &o->hostgroups[i] : NULL;
}

static size_t
sg_nrows(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs->nservicegroups;
}

static const void *
sg_row(const struct ls_ctx *x, size_t i)
{
	const struct objects *o = LST_DATA(x)->snap->objs;

	return i < o->nservicegroups ? &o->servicegroups[i] : NULL;
}

static size_t
cg_nrows(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs->ncontactgroups;
}

static const void *
cg_row(const struct ls_ctx *x, size_t i)
{
	const struct objects *o = LST_DATA(x)->snap->objs;

	return i < o->ncontactgroups ? &o->contactgroups[i] : NULL;
}

static int
hg_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct obj_hostgroup *g = row;
	unsigned i;

	(void)x;
	for (i = 0; i < g->nmembers; i++)
		if (!lst_is_contact(g->members[i]->cfg, contact))
			return 0;
	return g->nmembers > 0;
}

static int
sg_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct obj_servicegroup *g = row;
	unsigned i;

	(void)x;
	for (i = 0; i < g->nmembers; i++)
		if (!lst_is_contact(g->members[i]->cfg, contact) &&
		    !lst_is_contact(g->members[i]->host->cfg, contact))
			return 0;
	return g->nmembers > 0;
}

static const void *
hg_find(const struct ls_ctx *x, const char *spec)
{
	return objects_find_hostgroup(LST_DATA(x)->snap->objs, spec);
}

static const void *
sg_find(const struct ls_ctx *x, const char *spec)
{
	return objects_find_servicegroup(LST_DATA(x)->snap->objs, spec);
}

static const void *
cg_find(const struct ls_ctx *x, const char *spec)
{
	return objects_find_contactgroup(LST_DATA(x)->snap->objs, spec);
}

void
lst_hostgroups_table(struct ls_table *t)
{
	t->name = "hostgroups";
	t->prefix = "hostgroup_";
	t->cols = lst_cols(hg_cols, NELEM(hg_cols));
	t->ncols = NELEM(hg_cols);
	t->natsort[0] = "name";
	t->nrows = hg_nrows;
	t->row = hg_row;
	t->visible = hg_visible;
	t->find = hg_find;
}

void
lst_servicegroups_table(struct ls_table *t)
{
	t->name = "servicegroups";
	t->prefix = "servicegroup_";
	t->cols = lst_cols(sg_cols, NELEM(sg_cols));
	t->ncols = NELEM(sg_cols);
	t->natsort[0] = "name";
	t->nrows = sg_nrows;
	t->row = sg_row;
	t->visible = sg_visible;
	t->find = sg_find;
}

void
lst_contactgroups_table(struct ls_table *t)
{
	t->name = "contactgroups";
	t->prefix = "contactgroup_";
	t->cols = lst_cols(cg_cols, NELEM(cg_cols));
	t->ncols = NELEM(cg_cols);
	t->natsort[0] = "name";
	t->nrows = cg_nrows;
	t->row = cg_row;
	t->find = cg_find;
}

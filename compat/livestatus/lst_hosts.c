/*
 * lst_hosts: the hosts table.  Its columns are also the host_ columns of
 * the services table (lst_services.c), so they are exported as an array
 * whose getters read a struct lst_obj (lst_int.h) of the host.
 *
 * The service aggregates (num_services_*, worst_service_state and their
 * _hard_ forms) count as lst_tally_add does (lst_int.h).  With AuthUser,
 * they and the lists of hosts and services (parents, childs, services...)
 * take only what the contact may see, as naemon-livestatus does: it shows
 * where a row is seen while a listed object is not (a host's parents, the
 * host_ columns of a service seen through its own contacts).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

/* ---- lists of names ---- */

enum { HL_PARENTS, HL_CHILDS, HL_SERVICES };

static void
h_names(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_host *h = ((const struct lst_obj *)row)->h;
	struct ls_elem *e;
	unsigned n, i;

	n = c->arg == HL_PARENTS ? h->nparents : c->arg == HL_CHILDS ? h->nchildren
								   : h->nservices;
	e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	out->n = 0;
	for (i = 0; i < n; i++) {
		switch (c->arg) {
		case HL_PARENTS:
			if (lst_host_seen(x, h->parents[i]))
				e[out->n++].key = h->parents[i]->name;
			break;
		case HL_CHILDS:
			if (lst_host_seen(x, h->children[i]))
				e[out->n++].key = h->children[i]->name;
			break;
		default:
			if (lst_svc_seen(x, h->services[i]))
				e[out->n++].key = h->services[i]->description;
			break;
		}
	}
	out->e = e;
}

/* services_with_state (arg 3 fields) and services_with_info (arg 4) */
static void
h_svc_tuples(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct obj_host *h = ((const struct lst_obj *)row)->h;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct ls_elem *e = arena_zalloc(x->scratch, (h->nservices + 1) * sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, (h->nservices * 4 + 1) * sizeof(*f));
	unsigned i;

	out->n = 0;
	for (i = 0; i < h->nservices; i++) {
		const struct obj_service *s = h->services[i];
		const struct state_common *st = &snap->svcs[s->id].c;
		struct ls_field *t = &f[out->n * 4];

		if (!lst_svc_seen(x, s))
			continue;
		t[0].s = s->description;
		t[0].is_str = 1;
		t[1].i = st->current_state;
		t[2].i = st->has_been_checked;
		t[3].s = st->output != NULL ? st->output : "";
		t[3].is_str = 1;
		e[out->n].key = s->description;
		e[out->n].nf = (unsigned)c->arg;
		e[out->n++].f = t;
	}
	out->e = e;
}

/* ---- service aggregates ---- */

static void
h_svc_agg(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_host *h = ((const struct lst_obj *)row)->h;
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct lst_tally t = { 0, 0 };
	unsigned i;

	for (i = 0; i < h->nservices; i++)
		if (lst_svc_seen(x, h->services[i]))
			lst_tally_add(&t, &snap->svcs[h->services[i]->id].c, c->arg);
	out->i = lst_tally_value(&t, c->arg);
}

/* naemon's hard_state: UP, else the current state when HARD, else the last hard one */
static void
h_hard_state(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct state_common *st = ((const struct lst_obj *)row)->st;

	(void)x;
	(void)c;
	if (st->current_state == OBJ_HOST_UP)
		out->i = 0;
	else
		out->i = st->state_type == STATE_HARD ? st->current_state : st->last_hard_state;
}

static void
h_total_services(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	(void)c;
	out->i = ((const struct lst_obj *)row)->h->nservices;
}

static void
h_zero(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	(void)c;
	(void)row;
	out->i = 0;
}

/* the custom variable FILENAME (naemon-livestatus's filename column), "" without one */
static void
h_filename(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct lst_obj *o = row;
	unsigned i;

	(void)x;
	(void)c;
	out->s = "";
	for (i = 0; i < o->h->nvars; i++)
		if (strcmp(o->h->vars[i].name, "FILENAME") == 0) {
			const char *v = state_var_value(&o->st->vars, &o->h->vars[i]);

			out->s = v != NULL ? v : "";
		}
}

/* ---- the columns ---- */

#define COL(name, type, fn, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, fn, NULL, arg }
#define LCOL(name, kind, fn, arg, desc) { name, desc, LS_LIST, kind, 0, fn, NULL, arg }
#define ST(f) LST_ARG(LST_B_ST, offsetof(struct state_common, f))
#define EXT(f) LST_ARG(LST_B_EXT, offsetof(struct obj_extinfo, f))
#define HOST(f) LST_ARG(LST_B_HOST, offsetof(struct obj_host, f))
#define HST(f) LST_ARG(LST_B_HSTATE, offsetof(struct host_state, f))

const struct ls_col lst_host_cols[] = {
	COL("address", LS_STRING, lst_get_str, HOST(address), "IP address"),
	COL("alias", LS_STRING, lst_get_str, HOST(alias), "An alias name for the host"),
	COL("check_flapping_recovery_notification", LS_INT, lst_get_int,
	    ST(check_flapping_recovery_notification),
	    "Whether to check to send a recovery notification when flapping stops (0/1)"),
	COL("check_source", LS_STRING, lst_get_check_source, 0, "The source of the check"),
	COL("check_timeout", LS_INT, lst_get_check_timeout, 0, "Host check timeout"),
	LCOL("childs", LS_LK_HOSTS, h_names, HL_CHILDS, "A list of all direct childs of the host"),
	LCOL("depends_exec", LS_LK_HOSTS, lst_get_depends, LST_DEP_EXEC,
	    "A list of all hosts this hosts depends on to execute"),
	LCOL("depends_exec_with_info", LS_LK_HOSTS, lst_get_depends, LST_DEP_EXEC | LST_DEP_INFO,
	    "A list of all hosts this hosts depends on to execute including information: "
	    "host_name, failure_options, dependency_period and inherits_parent"),
	LCOL("depends_notify", LS_LK_HOSTS, lst_get_depends, 0,
	    "A list of all hosts this hosts depends on to notify"),
	LCOL("depends_notify_with_info", LS_LK_HOSTS, lst_get_depends, LST_DEP_INFO,
	    "A list of all hosts this hosts depends on to notify including information: "
	    "host_name, failure_options, dependency_period and inherits_parent"),
	COL("filename", LS_STRING, h_filename, 0, "The value of the custom variable FILENAME"),
	COL("hard_state", LS_INT, h_hard_state, 0,
	    "The effective hard state of the host (eliminates a problem in hard_state)"),
	COL("last_time_down", LS_TIME, lst_get_time, HST(last_time_down),
	    "The last time the host was DOWN (Unix timestamp)"),
	COL("last_time_unreachable", LS_TIME, lst_get_time, HST(last_time_unreachable),
	    "The last time the host was UNREACHABLE (Unix timestamp)"),
	COL("last_time_up", LS_TIME, lst_get_time, HST(last_time_up),
	    "The last time the host was UP (Unix timestamp)"),
	COL("last_update", LS_TIME, lst_get_last_update, 0,
	    "Time of the last update of this host (Unix timestamp Microsecond Precision)"),
	COL("name", LS_STRING, lst_get_str, HOST(name), "Host name"),
	COL("num_services", LS_INT, h_svc_agg, LST_AG_NUM, "The total number of services of the host"),
	COL("num_services_crit", LS_INT, h_svc_agg, LST_AG_S2,
	    "The number of the host's services with the soft state CRIT"),
	COL("num_services_hard_crit", LS_INT, h_svc_agg, LST_AG_S2 | LST_AG_HARD,
	    "The number of the host's services with the hard state CRIT"),
	COL("num_services_hard_ok", LS_INT, h_svc_agg, LST_AG_S0 | LST_AG_HARD,
	    "The number of the host's services with the hard state OK"),
	COL("num_services_hard_unknown", LS_INT, h_svc_agg, LST_AG_S3 | LST_AG_HARD,
	    "The number of the host's services with the hard state UNKNOWN"),
	COL("num_services_hard_warn", LS_INT, h_svc_agg, LST_AG_S1 | LST_AG_HARD,
	    "The number of the host's services with the hard state WARN"),
	COL("num_services_ok", LS_INT, h_svc_agg, LST_AG_S0,
	    "The number of the host's services with the soft state OK"),
	COL("num_services_pending", LS_INT, h_svc_agg, LST_AG_PENDING,
	    "The number of the host's services which have not been checked yet (pending)"),
	COL("num_services_unknown", LS_INT, h_svc_agg, LST_AG_S3,
	    "The number of the host's services with the soft state UNKNOWN"),
	COL("num_services_warn", LS_INT, h_svc_agg, LST_AG_S1,
	    "The number of the host's services with the soft state WARN"),
	COL("obsess_over_host", LS_INT, lst_get_int, ST(obsess),
	    "The current obsess_over_host setting... (0/1)"),
	LCOL("parents", LS_LK_HOSTS, h_names, HL_PARENTS, "A list of all direct parents of the host"),
	/* Naemon never sets it */
	COL("pending_flex_downtime", LS_INT, h_zero, 0, "Whether a flex downtime is pending (0/1)"),
	COL("pnpgraph_present", LS_INT, lst_get_pnpgraph, 0,
	    "Whether there is a PNP4Nagios graph present for this host (0/1)"),
	LCOL("services", LS_LK_HOST_SVCS, h_names, HL_SERVICES,
	    "A list of all services of the host"),
	LCOL("services_with_info", LS_LK_HOST_SVCS, h_svc_tuples, 4,
	    "A list of all services including detailed information about each service"),
	LCOL("services_with_state", LS_LK_HOST_SVCS, h_svc_tuples, 3,
	    "A list of all services of the host together with state and has_been_checked"),
	COL("statusmap_image", LS_STRING, lst_get_str, EXT(statusmap_image),
	    "The name of in image file for the status map"),
	COL("total_services", LS_INT, h_total_services, 0, "The total number of services of the host"),
	COL("worst_service_hard_state", LS_INT, h_svc_agg, LST_AG_WORST | LST_AG_HARD,
	    "The worst hard state of all of the host's services (OK <= WARN <= UNKNOWN <= CRIT)"),
	COL("worst_service_state", LS_INT, h_svc_agg, LST_AG_WORST,
	    "The worst soft state of all of the host's services (OK <= WARN <= UNKNOWN <= CRIT)"),
	COL("x_3d", LS_FLOAT, lst_get_dbl, EXT(x_3d), "3D-Coordinates: X"),
	COL("y_3d", LS_FLOAT, lst_get_dbl, EXT(y_3d), "3D-Coordinates: Y"),
	COL("z_3d", LS_FLOAT, lst_get_dbl, EXT(z_3d), "3D-Coordinates: Z"),
};
const size_t lst_host_ncols = sizeof(lst_host_cols) / sizeof(lst_host_cols[0]);

/* ---- the table ---- */

/* the hosts table's columns, sorted: its own and the common ones (heap) */
struct ls_col *
lst_host_all(size_t *n)
{
	struct ls_col *all = xcalloc(lst_host_ncols + lst_obj_ncols + 1, sizeof(*all));

	memcpy(all, lst_host_cols, lst_host_ncols * sizeof(*all));
	memcpy(all + lst_host_ncols, lst_obj_cols, lst_obj_ncols * sizeof(*all));
	*n = lst_host_ncols + lst_obj_ncols;
	qsort(all, *n, sizeof(*all), lst_col_cmp);
	return all;
}

static size_t
hosts_nrows(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs->nhosts;
}

static const void *
hosts_row(const struct ls_ctx *x, size_t i)
{
	return lst_host_row_at(x, i);
}

/* a contact of the object's, directly or through a contact group */
int
lst_is_contact(const struct obj_settings *cfg, const void *contact)
{
	unsigned i, k;

	if (contact == NULL)
		return 0;
	for (i = 0; i < cfg->ncontacts; i++)
		if (cfg->contacts[i] == contact)
			return 1;
	for (i = 0; i < cfg->ncontact_groups; i++)
		for (k = 0; k < cfg->contact_groups[i]->nmembers; k++)
			if (cfg->contact_groups[i]->members[k] == contact)
				return 1;
	return 0;
}

int
lst_host_seen(const struct ls_ctx *x, const struct obj_host *h)
{
	return !x->auth || lst_is_contact(h->cfg, x->contact);
}

int
lst_svc_seen(const struct ls_ctx *x, const struct obj_service *s)
{
	return !x->auth || lst_is_contact(s->cfg, x->contact) ||
	    lst_is_contact(s->host->cfg, x->contact);
}

static int
hosts_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	(void)x;
	return lst_is_contact(((const struct lst_obj *)row)->cfg, contact);
}

static const void *
hosts_find(const struct ls_ctx *x, const char *spec)
{
	const struct objects *objs = LST_DATA(x)->snap->objs;
	unsigned i;

	for (i = 0; i < objs->nhosts; i++)
		if (strcmp(objs->hosts[i].name, spec) == 0)
			return lst_host_row(x, &objs->hosts[i]);
	return NULL;
}

void
lst_hosts_table(struct ls_table *t)
{
	t->name = "hosts";
	t->prefix = "host_";
	t->cols = lst_host_all(&t->ncols);
	t->natsort[0] = "name";
	t->nrows = hosts_nrows;
	t->row = hosts_row;
	t->visible = hosts_visible;
	t->find = hosts_find;
}

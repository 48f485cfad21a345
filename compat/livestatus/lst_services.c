/*
 * lst_services: the services table: the columns services share with hosts
 * (lst_objcols.c), the services' own, and every host column with the
 * prefix host_, read from the service's host.
 *
 * AuthUser sees a service when it is a contact of the service or of its
 * host (naemon-livestatus's default, service_authorization=loose).
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
#include "engine/util/xalloc.h"

/* a service's parents, "host|description" */
static void
s_parents(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct obj_service *s = ((const struct lst_obj *)row)->s;
	struct ls_elem *e = arena_zalloc(x->scratch, (s->nparents + 1) * sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, (s->nparents * 2 + 1) * sizeof(*f));
	unsigned i;

	(void)c;
	out->n = 0;
	for (i = 0; i < s->nparents; i++) {
		const struct obj_service *p = s->parents[i];
		size_t hl = strlen(p->host->name), dl = strlen(p->description), k = out->n;
		char *key;

		if (!lst_svc_seen(x, p))
			continue;
		key = arena_alloc(x->scratch, hl + dl + 2);
		memcpy(key, p->host->name, hl);
		key[hl] = '|';
		memcpy(key + hl + 1, p->description, dl + 1);
		f[2 * k].s = p->host->name;
		f[2 * k].is_str = 1;
		f[2 * k + 1].s = p->description;
		f[2 * k + 1].is_str = 1;
		e[k].key = key;
		e[k].nf = 2;
		e[k].f = &f[2 * k];
		out->n++;
	}
	out->e = e;
}

#define COL(name, type, fn, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, fn, NULL, arg }
/* lists of services, named "host|description" */
#define LCOL(name, fn, arg, desc) { name, desc, LS_LIST, LS_LK_PAIRS, 0, fn, NULL, arg }
#define ST(f) LST_ARG(LST_B_ST, offsetof(struct state_common, f))
#define SVC(f) LST_ARG(LST_B_SVC, offsetof(struct obj_service, f))
#define SST(f) LST_ARG(LST_B_SSTATE, offsetof(struct svc_state, f))

static const struct ls_col svc_cols[] = {
	COL("check_source", LS_STRING, lst_get_check_source, 0, "The source of the check"),
	COL("check_timeout", LS_INT, lst_get_check_timeout, 0, "Service check timeout"),
	LCOL("depends_exec", lst_get_depends, LST_DEP_EXEC,
	    "A list of all services this service depends on to execute"),
	LCOL("depends_exec_with_info", lst_get_depends, LST_DEP_EXEC | LST_DEP_INFO,
	    "A list of all services this service depends on to execute including information: "
	    "host_name, service_description, failure_options, dependency_period and "
	    "inherits_parent"),
	LCOL("depends_notify", lst_get_depends, 0,
	    "A list of all services this service depends on to notify"),
	LCOL("depends_notify_with_info", lst_get_depends, LST_DEP_INFO,
	    "A list of all services this service depends on to notify including information: "
	    "host_name, service_description, failure_options, dependency_period and "
	    "inherits_parent"),
	COL("description", LS_STRING, lst_get_str, SVC(description), "Description of the service"),
	COL("last_time_critical", LS_TIME, lst_get_time, SST(last_time_critical),
	    "The last time the service was CRITICAL (Unix timestamp)"),
	COL("last_time_ok", LS_TIME, lst_get_time, SST(last_time_ok),
	    "The last time the service was OK (Unix timestamp)"),
	COL("last_time_unknown", LS_TIME, lst_get_time, SST(last_time_unknown),
	    "The last time the service was UNKNOWN (Unix timestamp)"),
	COL("last_time_warning", LS_TIME, lst_get_time, SST(last_time_warning),
	    "The last time the service was in WARNING state (Unix timestamp)"),
	COL("last_update", LS_TIME, lst_get_last_update, 0,
	    "Time of the last update of this service (Unix timestamp Microsecond Precision)"),
	COL("obsess_over_service", LS_INT, lst_get_int, ST(obsess),
	    "Whether 'obsess_over_service' is enabled for the service (0/1)"),
	LCOL("parents", s_parents, 0, "A list of all parent services of the service"),
	COL("pnpgraph_present", LS_INT, lst_get_pnpgraph, 0,
	    "Whether there is a PNP4Nagios graph present for this service (0/1)"),
};
#define SVC_NCOLS (sizeof(svc_cols) / sizeof(svc_cols[0]))

static const void *
svc_host(const struct ls_ctx *x, const void *row)
{
	return lst_host_row(x, ((const struct lst_obj *)row)->h);
}

static size_t
svcs_nrows(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs->nservices;
}

static const void *
svcs_row(const struct ls_ctx *x, size_t i)
{
	return lst_svc_row_at(x, i);
}

static int
svcs_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct lst_obj *o = row;

	(void)x;
	return lst_is_contact(o->cfg, contact) || lst_is_contact(o->h->cfg, contact);
}

/* "host;description" (both sides trimmed) or "host description" */
static const void *
svcs_find(const struct ls_ctx *x, const char *spec)
{
	const struct objects *objs = LST_DATA(x)->snap->objs;
	size_t hl = strcspn(spec, ";"), dl;
	const char *desc;
	unsigned i;

	if (spec[hl] == '\0')
		hl = strcspn(spec, " \t");
	desc = spec[hl] != '\0' ? spec + hl + 1 : "";
	while (hl > 0 && (spec[hl - 1] == ' ' || spec[hl - 1] == '\t'))
		hl--;
	desc += strspn(desc, " \t");
	dl = strlen(desc);
	while (dl > 0 && (desc[dl - 1] == ' ' || desc[dl - 1] == '\t'))
		dl--;
	for (i = 0; i < objs->nservices; i++) {
		const struct obj_service *s = &objs->services[i];

		if (strlen(s->host->name) == hl && strncmp(s->host->name, spec, hl) == 0 &&
		    strlen(s->description) == dl && strncmp(s->description, desc, dl) == 0)
			return lst_svc_row(x, s);
	}
	return NULL;
}

struct ls_col *
lst_svc_all(size_t *n)
{
	struct ls_col *all = xcalloc(SVC_NCOLS + lst_obj_ncols + 1, sizeof(*all));

	memcpy(all, svc_cols, sizeof(svc_cols));
	memcpy(all + SVC_NCOLS, lst_obj_cols, lst_obj_ncols * sizeof(*all));
	*n = SVC_NCOLS + lst_obj_ncols;
	qsort(all, *n, sizeof(*all), lst_col_cmp);
	return all;
}

void
lst_services_table(struct ls_table *t)
{
	size_t nh, ns, n = 0;
	struct ls_col *host = lst_host_all(&nh), *own = lst_svc_all(&ns), *all;

	all = xcalloc(ns + nh + 1, sizeof(*all));
	memcpy(all, own, ns * sizeof(*all));
	n = ns;
	free(own);
	lst_join(all, &n, host, nh, "host_", svc_host);
	free(host);
	qsort(all, n, sizeof(*all), lst_col_cmp);
	t->name = "services";
	t->prefix = "service_";
	t->cols = all;
	t->ncols = n;
	t->natsort[0] = "host_name";
	t->natsort[1] = "description";
	t->nrows = svcs_nrows;
	t->row = svcs_row;
	t->visible = svcs_visible;
	t->find = svcs_find;
}

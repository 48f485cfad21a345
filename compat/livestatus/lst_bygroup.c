/*
 * lst_bygroup: hostsbygroup, servicesbygroup and servicesbyhostgroup: one
 * row per object and group it is in, with the hosts' (or the services')
 * columns and the group's as hostgroup_ or servicegroup_.  A row is a
 * struct lst_obj followed by the group, so the host and service getters
 * read it as they read their own tables' rows.  The rows of a query are
 * listed when it starts (open), group by group in the groups' order.
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
#include "engine/util/xalloc.h"

struct bg_row {
	struct lst_obj o;   /* first: the object's getters read the row as this */
	const void *group;  /* struct obj_hostgroup or obj_servicegroup */
};

struct bg_rows {
	struct bg_row *v;
	size_t n;
};

enum { BG_HOSTS, BG_SVCS, BG_SVCS_BY_HG };

static void
bg_add(struct bg_rows *r, const struct ls_ctx *x, const struct obj_host *h,
    const struct obj_service *s, const void *g)
{
	const struct snapshot *snap = LST_DATA(x)->snap;
	struct bg_row *row;

	r->v = xreallocarray(r->v, r->n + 1, sizeof(*r->v));
	row = &r->v[r->n++];
	row->o.h = h;
	row->o.s = s;
	row->o.st = s != NULL ? &snap->svcs[s->id].c : &snap->hosts[h->id].c;
	row->o.cfg = s != NULL ? s->cfg : h->cfg;
	row->o.ext = s != NULL ? s->ext : h->ext;
	row->group = g;
}

static void *
bg_open(const struct ls_ctx *x, int kind)
{
	const struct objects *o = LST_DATA(x)->snap->objs;
	struct bg_rows *r = xcalloc(1, sizeof(*r));
	unsigned i, k, m;

	if (kind == BG_SVCS) {
		for (i = 0; i < o->nservicegroups; i++)
			for (k = 0; k < o->servicegroups[i].nmembers; k++) {
				const struct obj_service *s = o->servicegroups[i].members[k];

				bg_add(r, x, s->host, s, &o->servicegroups[i]);
			}
		return r;
	}
	for (i = 0; i < o->nhostgroups; i++)
		for (k = 0; k < o->hostgroups[i].nmembers; k++) {
			const struct obj_host *h = o->hostgroups[i].members[k];

			if (kind == BG_HOSTS)
				bg_add(r, x, h, NULL, &o->hostgroups[i]);
			else
				for (m = 0; m < h->nservices; m++)
					bg_add(r, x, h, h->services[m], &o->hostgroups[i]);
		}
	return r;
}

static void *
open_hosts(const struct ls_ctx *x, const struct lsf *f)
{
	(void)f;
	return bg_open(x, BG_HOSTS);
}

static void *
open_svcs(const struct ls_ctx *x, const struct lsf *f)
{
	(void)f;
	return bg_open(x, BG_SVCS);
}

static void *
open_svcs_hg(const struct ls_ctx *x, const struct lsf *f)
{
	(void)f;
	return bg_open(x, BG_SVCS_BY_HG);
}

static void
bg_close(void *rows)
{
	struct bg_rows *r = rows;

	if (r != NULL)
		free(r->v);
	free(r);
}

static size_t
bg_nrows(const struct ls_ctx *x)
{
	const struct bg_rows *r = x->rows;

	return r != NULL ? r->n : 0;
}

static const void *
bg_row(const struct ls_ctx *x, size_t i)
{
	const struct bg_rows *r = x->rows;

	return r != NULL && i < r->n ? &r->v[i] : NULL;
}

static const void *
bg_group(const struct ls_ctx *x, const void *row)
{
	(void)x;
	return ((const struct bg_row *)row)->group;
}

/* base's columns (n of them) as they are, then group's with prefix */
static void
bg_table(struct ls_table *t, const struct ls_table *base, const struct ls_table *group,
    const char *prefix)
{
	struct ls_col *all = xcalloc(base->ncols + group->ncols + 1, sizeof(*all));
	size_t k = base->ncols;

	memcpy(all, base->cols, base->ncols * sizeof(*all));
	lst_join(all, &k, group->cols, group->ncols, prefix, bg_group);
	qsort(all, k, sizeof(*all), lst_col_cmp);
	t->cols = all;
	t->ncols = k;
	t->prefix = base->prefix;
	t->natsort[0] = base->natsort[0];
	t->natsort[1] = base->natsort[1];
	t->visible = base->visible;
	t->nrows = bg_nrows;
	t->row = bg_row;
	t->close = bg_close;
}

void
lst_bygroup_tables(struct ls_table *hbg, struct ls_table *sbg, struct ls_table *sbhg,
    const struct ls_table *hosts, const struct ls_table *svcs, const struct ls_table *hg,
    const struct ls_table *sg)
{
	bg_table(hbg, hosts, hg, "hostgroup_");
	hbg->name = "hostsbygroup";
	hbg->open = open_hosts;
	bg_table(sbg, svcs, sg, "servicegroup_");
	sbg->name = "servicesbygroup";
	sbg->open = open_svcs;
	bg_table(sbhg, svcs, hg, "hostgroup_");
	sbhg->name = "servicesbyhostgroup";
	sbhg->open = open_svcs_hg;
}

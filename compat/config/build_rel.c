/*
 * build_rel: the builder's dependencies and escalations, each flat
 * definition naming one master and one dependent, or one host or service.
 *
 * Dependencies: one model dependency per kind the definition has options
 * for (xodtemplate_register_*dependency); a service dependency with
 * neither is "lame" and ignored with a warning.  Nagios keeps them in one
 * list per dependent service and kind, skips an exact copy (compared as
 * bytes, so only copies without a dependency_period match), then sorts the
 * array by master id and dependent id; the sort leaves equal pairs in
 * list order, notification dependencies first.
 *
 * Escalations: Nagios keeps them in definition order reversed (each
 * definition is prepended to its list) and sorts by host or service id.
 * A dependency or escalation whose object is unknown is reported and left
 * out; an unknown period is reported and left NULL.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/build_int.h"
#include "engine/util/xalloc.h"

/* a dependency before it is sorted; master and dependent point at model objects */
struct build_dep {
	const struct rawobj *o;
	unsigned pos;
	enum obj_dep_type type;
	void *master;
	void *dependent;
	struct obj_timeperiod *period;
	int period_set;
	int inherits;
	unsigned opts;
};

/* an escalation before it is sorted */
struct build_esc {
	const struct rawobj *o;
	unsigned pos;
	void *target; /* host or service */
	int first, last;
	double interval;
	struct obj_timeperiod *period;
	unsigned opts;
	void **contacts, **groups;
	unsigned ncontacts, ngroups;
};

static unsigned
build_id(const void *obj)
{
	return *(const unsigned *)obj; /* every model struct starts with its id */
}

static int
build_cmp_u(unsigned a, unsigned c)
{
	return (a > c) - (a < c);
}

static int
build_cmp_dep(const void *x, const void *y)
{
	const struct build_dep *a = x, *c = y;
	int r = build_cmp_u(build_id(a->master), build_id(c->master));

	if (r == 0)
		r = build_cmp_u(build_id(a->dependent), build_id(c->dependent));
	/* OBJ_DEP_NOTIFICATION < OBJ_DEP_EXECUTION, Nagios's list order */
	if (r == 0)
		r = build_cmp_u((unsigned)a->type, (unsigned)c->type);
	return r != 0 ? r : build_cmp_u(a->pos, c->pos);
}

/* later definitions first within one object */
static int
build_cmp_esc(const void *x, const void *y)
{
	const struct build_esc *a = x, *c = y;
	int r = build_cmp_u(build_id(a->target), build_id(c->target));

	return r != 0 ? r : build_cmp_u(c->pos, a->pos);
}

static const struct rawslot *
build_slot(const struct rawobj *o, unsigned slot)
{
	return raw_get(o, slot);
}

/* the period named in slot; reports an unknown one with fmt (period, a, b, c, d) */
static struct obj_timeperiod *
build_period(struct build *b, const struct rawobj *o, unsigned slot, const char *fmt,
    const char *a1, const char *a2, const char *a3, const char *a4)
{
	const char *name = build_raw(o, slot);
	struct obj_timeperiod *tp;

	if (name == NULL)
		return NULL;
	if ((tp = objects_find_timeperiod(b->m, name)) == NULL)
		build_err(b, o, slot == OT_ESC_ESCALATION_PERIOD ? "escalation_period" :
		    "dependency_period", fmt, name, a1, a2, a3, a4);
	return tp;
}

/*
 * Whether a dependency has options of one kind.  In Nagios "n" (none)
 * unsets them, except for a host dependency's execution options, which
 * stay set with no bits; the store keeps the slot set with no bits, so no
 * bits stands for "n" there.
 */
static int
build_dep_has(const struct rawobj *o, unsigned slot, int none_unsets)
{
	const struct rawslot *s = build_slot(o, slot);

	return s->have && (!none_unsets || s->v.opts != OBJ_OPT_NONE);
}

/* one model dependency per kind o has options for */
static void
build_dep_kinds(const struct build_dep *tmpl, unsigned exec_slot, int exec_none_unsets,
    unsigned notif_slot, struct build_dep *out, unsigned *n)
{
	if (build_dep_has(tmpl->o, exec_slot, exec_none_unsets)) {
		out[*n] = *tmpl;
		out[*n].type = OBJ_DEP_EXECUTION;
		out[(*n)++].opts = build_slot(tmpl->o, exec_slot)->v.opts;
	}
	if (build_dep_has(tmpl->o, notif_slot, 1)) {
		out[*n] = *tmpl;
		out[*n].type = OBJ_DEP_NOTIFICATION;
		out[(*n)++].opts = build_slot(tmpl->o, notif_slot)->v.opts;
	}
}

/* the service dependencies of the store, unsorted, into out (2 per definition at most) */
static unsigned
build_sdeps(struct build *b, struct build_dep *out)
{
	const struct vec *v = &b->rs->objs[OT_SERVICEDEPENDENCY];
	const char *h, *sd, *dh, *dsd;
	struct build_dep t;
	unsigned i, n = 0;
	int bad;

	for (i = 0; i < v->len; i++) {
		memset(&t, 0, sizeof(t));
		t.o = v->items[i];
		t.pos = i;
		if (!t.o->reg || t.o->dead)
			continue;
		h = build_raw(t.o, OT_SD_HOST_NAME);
		sd = build_raw(t.o, OT_SD_SERVICE_DESCRIPTION);
		dh = build_raw(t.o, OT_SD_DEPENDENT_HOST_NAME);
		dsd = build_raw(t.o, OT_SD_DEPENDENT_SERVICE_DESCRIPTION);
		if (h == NULL || sd == NULL || dh == NULL || dsd == NULL)
			continue; /* the expander has reported it */
		if (!build_dep_has(t.o, OT_SD_EXECUTION_FAILURE_OPTIONS, 1) &&
		    !build_dep_has(t.o, OT_SD_NOTIFICATION_FAILURE_OPTIONS, 1)) {
			build_warn(b, t.o, NULL, "Ignoring lame service dependency");
			continue;
		}
		bad = 0;
		if ((t.master = objects_find_service(b->m, h, sd)) == NULL) {
			build_err(b, t.o, "service_description", "Master service '%s' on host '%s' "
			    "is not defined anywhere!", sd, h);
			bad = 1;
		}
		if ((t.dependent = objects_find_service(b->m, dh, dsd)) == NULL) {
			build_err(b, t.o, "dependent_service_description", "Dependent service '%s' "
			    "on host '%s' is not defined anywhere!", dsd, dh);
			bad = 1;
		}
		t.period_set = build_raw(t.o, OT_SD_DEPENDENCY_PERIOD) != NULL;
		t.period = build_period(b, t.o, OT_SD_DEPENDENCY_PERIOD, "Failed to locate "
		    "timeperiod '%s' for dependency from service '%s' on host '%s' to service "
		    "'%s' on host '%s'", dsd, dh, sd, h);
		t.inherits = build_slot(t.o, OT_SD_INHERITS_PARENT)->have ?
		    (int)build_slot(t.o, OT_SD_INHERITS_PARENT)->v.i : 0;
		if (!bad)
			build_dep_kinds(&t, OT_SD_EXECUTION_FAILURE_OPTIONS, 1,
			    OT_SD_NOTIFICATION_FAILURE_OPTIONS, out, &n);
	}
	return n;
}

static unsigned
build_hdeps(struct build *b, struct build_dep *out)
{
	const struct vec *v = &b->rs->objs[OT_HOSTDEPENDENCY];
	const char *h, *dh;
	struct build_dep t;
	unsigned i, n = 0;
	int bad;

	for (i = 0; i < v->len; i++) {
		memset(&t, 0, sizeof(t));
		t.o = v->items[i];
		t.pos = i;
		if (!t.o->reg || t.o->dead)
			continue;
		h = build_raw(t.o, OT_HD_HOST_NAME);
		dh = build_raw(t.o, OT_HD_DEPENDENT_HOST_NAME);
		if (h == NULL || dh == NULL)
			continue;
		bad = 0;
		if ((t.master = objects_find_host(b->m, h)) == NULL) {
			build_err(b, t.o, "host_name", "Master host '%s' in hostdependency from "
			    "'%s' to '%s' is not defined anywhere!", h, dh, h);
			bad = 1;
		}
		if ((t.dependent = objects_find_host(b->m, dh)) == NULL) {
			build_err(b, t.o, "dependent_host_name", "Dependent host '%s' in "
			    "hostdependency from '%s' to '%s' is not defined anywhere!", dh, dh, h);
			bad = 1;
		}
		t.period_set = build_raw(t.o, OT_HD_DEPENDENCY_PERIOD) != NULL;
		t.period = build_period(b, t.o, OT_HD_DEPENDENCY_PERIOD, "Unable to locate "
		    "dependency_period '%s' for %s->%s host dependency", h, dh, NULL, NULL);
		t.inherits = build_slot(t.o, OT_HD_INHERITS_PARENT)->have ?
		    (int)build_slot(t.o, OT_HD_INHERITS_PARENT)->v.i : 0;
		/* no lame warning for hosts: Nagios registers nothing, silently */
		if (!bad)
			build_dep_kinds(&t, OT_HD_EXECUTION_FAILURE_OPTIONS, 0,
			    OT_HD_NOTIFICATION_FAILURE_OPTIONS, out, &n);
	}
	return n;
}

/* sort d, drop the copies Nagios's duplicate check drops; returns the new count */
static unsigned
build_dep_sort(struct build_dep *d, unsigned n)
{
	unsigned i, j, k = 0, run = 0;

	qsort(d, n, sizeof(*d), build_cmp_dep);
	for (i = 0; i < n; i++) {
		if (k == 0 || d[k - 1].master != d[i].master ||
		    d[k - 1].dependent != d[i].dependent || d[k - 1].type != d[i].type)
			run = k; /* first kept entry of this master, dependent and kind */
		for (j = run; !d[i].period_set && j < k; j++)
			if (!d[j].period_set && d[j].inherits == d[i].inherits &&
			    d[j].opts == d[i].opts)
				break;
		if (d[i].period_set || j == k)
			d[k++] = d[i];
	}
	return k;
}

void
build_dependencies(struct build *b)
{
	struct objects *m = b->m;
	size_t cap = 2 * (b->rs->objs[OT_SERVICEDEPENDENCY].len +
	    b->rs->objs[OT_HOSTDEPENDENCY].len) + 1;
	struct build_dep *d = xcalloc(cap, sizeof(*d));
	unsigned i, n;

	b->phase = BUILD_REG_SERVICEDEPENDENCY;
	n = build_dep_sort(d, build_sdeps(b, d));
	m->servicedependencies = build_alloc(b, n, sizeof(*m->servicedependencies));
	m->nservicedependencies = n;
	build_side_size(b, OT_SERVICEDEPENDENCY, n);
	for (i = 0; i < n; i++) {
		struct obj_servicedependency *sd = &m->servicedependencies[i];

		sd->id = i;
		sd->type = d[i].type;
		sd->master = d[i].master;
		sd->dependent = d[i].dependent;
		sd->dependency_period = d[i].period;
		sd->inherits_parent = d[i].inherits;
		sd->failure_options = d[i].opts;
		build_place(b, OT_SERVICEDEPENDENCY, i, d[i].o);
	}
	b->phase = BUILD_REG_HOSTDEPENDENCY;
	n = build_dep_sort(d, build_hdeps(b, d));
	m->hostdependencies = build_alloc(b, n, sizeof(*m->hostdependencies));
	m->nhostdependencies = n;
	build_side_size(b, OT_HOSTDEPENDENCY, n);
	for (i = 0; i < n; i++) {
		struct obj_hostdependency *hd = &m->hostdependencies[i];

		hd->id = i;
		hd->type = d[i].type;
		hd->master = d[i].master;
		hd->dependent = d[i].dependent;
		hd->dependency_period = d[i].period;
		hd->inherits_parent = d[i].inherits;
		hd->failure_options = d[i].opts;
		build_place(b, OT_HOSTDEPENDENCY, i, d[i].o);
	}
	free(d);
}

/* what both kinds of escalation share: numbers, options, contacts */
static void
build_esc_common(struct build *b, struct build_esc *e, const char *owner)
{
	const struct rawslot *s;

	s = build_slot(e->o, OT_ESC_FIRST_NOTIFICATION);
	e->first = s->have ? (int)s->v.i : -2;
	s = build_slot(e->o, OT_ESC_LAST_NOTIFICATION);
	e->last = s->have ? (int)s->v.i : -2;
	s = build_slot(e->o, OT_ESC_NOTIFICATION_INTERVAL);
	e->interval = s->have && s->v.d > 0 ? s->v.d : 0;
	s = build_slot(e->o, OT_ESC_ESCALATION_OPTIONS);
	e->opts = s->have ? s->v.opts : OBJ_OPT_ALL;
	e->contacts = build_refs(b, e->o, &build_l_esc_contacts, owner, &e->ncontacts);
	e->groups = build_refs(b, e->o, &build_l_esc_cgs, owner, &e->ngroups);
}

/* the escalations of type t, unsorted, into out */
static unsigned
build_escs(struct build *b, enum otype t, struct build_esc *out)
{
	const struct vec *v = &b->rs->objs[t];
	const char *h, *sd;
	struct build_esc *e;
	unsigned i, n = 0;

	for (i = 0; i < v->len; i++) {
		e = &out[n];
		memset(e, 0, sizeof(*e));
		e->o = v->items[i];
		e->pos = i;
		h = build_raw(e->o, OT_ESC_HOST_NAME);
		sd = build_raw(e->o, OT_ESC_SERVICE_DESCRIPTION);
		if (!e->o->reg || e->o->dead || h == NULL ||
		    (t == OT_SERVICEESCALATION && sd == NULL))
			continue;
		if (t == OT_SERVICEESCALATION) {
			/* Nagios's words, host and description swapped */
			if ((e->target = objects_find_service(b->m, h, sd)) == NULL)
				build_err(b, e->o, "service_description", "Service '%s' on "
				    "host '%s' has an escalation but is not defined anywhere!", h,
				    sd);
			e->period = build_period(b, e->o, OT_ESC_ESCALATION_PERIOD, "Escalation "
			    "period '%s' specified in service escalation for service '%s' on host "
			    "'%s' is not defined anywhere!", sd, h, NULL, NULL);
		} else {
			if ((e->target = objects_find_host(b->m, h)) == NULL)
				build_err(b, e->o, "host_name", "Host '%s' has an escalation, "
				    "but is not defined anywhere!", h);
			e->period = build_period(b, e->o, OT_ESC_ESCALATION_PERIOD, "Unable to "
			    "locate timeperiod '%s' for hostescalation '%s'", h, NULL, NULL, NULL);
		}
		if (e->target == NULL)
			continue;
		build_esc_common(b, e, h);
		n++;
	}
	qsort(out, n, sizeof(*out), build_cmp_esc);
	return n;
}

void
build_escalations(struct build *b)
{
	struct objects *m = b->m;
	size_t cap = b->rs->objs[OT_SERVICEESCALATION].len + b->rs->objs[OT_HOSTESCALATION].len;
	struct build_esc *e = xcalloc(cap + 1, sizeof(*e));
	unsigned i, n;

	b->phase = BUILD_REG_SERVICEESCALATION;
	n = build_escs(b, OT_SERVICEESCALATION, e);
	m->serviceescalations = build_alloc(b, n, sizeof(*m->serviceescalations));
	m->nserviceescalations = n;
	build_side_size(b, OT_SERVICEESCALATION, n);
	for (i = 0; i < n; i++) {
		struct obj_serviceescalation *se = &m->serviceescalations[i];

		se->id = i;
		se->service = e[i].target;
		se->first_notification = e[i].first;
		se->last_notification = e[i].last;
		se->notification_interval = e[i].interval;
		se->escalation_period = e[i].period;
		se->escalation_options = e[i].opts;
		se->contacts = (struct obj_contact **)e[i].contacts;
		se->ncontacts = e[i].ncontacts;
		se->contact_groups = (struct obj_contactgroup **)e[i].groups;
		se->ncontact_groups = e[i].ngroups;
		build_place(b, OT_SERVICEESCALATION, i, e[i].o);
	}
	b->phase = BUILD_REG_HOSTESCALATION;
	n = build_escs(b, OT_HOSTESCALATION, e);
	m->hostescalations = build_alloc(b, n, sizeof(*m->hostescalations));
	m->nhostescalations = n;
	build_side_size(b, OT_HOSTESCALATION, n);
	for (i = 0; i < n; i++) {
		struct obj_hostescalation *he = &m->hostescalations[i];

		he->id = i;
		he->host = e[i].target;
		he->first_notification = e[i].first;
		he->last_notification = e[i].last;
		he->notification_interval = e[i].interval;
		he->escalation_period = e[i].period;
		he->escalation_options = e[i].opts;
		he->contacts = (struct obj_contact **)e[i].contacts;
		he->ncontacts = e[i].ncontacts;
		he->contact_groups = (struct obj_contactgroup **)e[i].groups;
		he->ncontact_groups = e[i].ngroups;
		build_place(b, OT_HOSTESCALATION, i, e[i].o);
	}
	free(e);
}

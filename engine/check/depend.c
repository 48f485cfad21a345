/*
 * depend: the dependency index and the walks over it (see depend.h).
 *
 * The index is two compressed adjacency lists per object kind, one per
 * dependency type: off[type][id] .. off[type][id + 1] are the positions in
 * edges[type] of the dependencies whose dependent is object id.  Each edge
 * copies what the walk needs (master id, period, options, inherits) so a
 * walk touches the edges and the master states only.
 *
 * A walk is an explicit depth-first search, so a long inherits_parent
 * chain cannot exhaust the C stack.  Each frame is one object whose list
 * is being judged and the position reached in it; a frame ends "not
 * failed" when its list is done or when a dependency out of its period is
 * met (Nagios returns there), and the whole walk ends "failed" at the
 * first failing dependency, since Nagios passes a failure straight up.
 * Objects already entered in this walk are not entered again: an object
 * that finished gave "not failed" (else the walk would be over), and one
 * still on the stack is a loop.  The set of entered objects is an idset
 * cleared in O(1) per walk.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>

#include "compat/config/maincfg.h"
#include "engine/check/depend.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/timeperiod.h"
#include "engine/util/idset.h"
#include "engine/util/xalloc.h"

/* the two types, as indexes */
#define DEP_NTYPES 2

struct dep_edge {
	const struct obj_timeperiod *period; /* NULL: always */
	unsigned master;                     /* id of the master object */
	unsigned opts;                       /* failure options, OBJ_OPT_ bits */
	unsigned dep;                        /* index in the model's dependency array */
	int inherits;
};

/* the dependencies of one object kind (hosts or services) */
struct dep_index {
	unsigned nobj;
	unsigned *off[DEP_NTYPES];          /* nobj + 1 offsets each */
	struct dep_edge *edges[DEP_NTYPES];
	struct idset seen;                  /* objects entered by the current walk */
};

struct dep_frame {
	unsigned obj;
	unsigned next; /* position in the list (edges or parents) */
};

struct depend {
	const struct objects *objs;
	struct dep_index svc;
	struct dep_index host;
	struct dep_frame *stack;
	unsigned cap;
};

/* what a walk reads of one master: its state, found by id */
typedef const struct state_common *(*dep_state_fn)(const void *states, unsigned id);

static int
dep_type_index(enum obj_dep_type type)
{
	if (type == OBJ_DEP_NOTIFICATION)
		return 0;
	if (type == OBJ_DEP_EXECUTION)
		return 1;
	return -1;
}

static void
dep_index_free(struct dep_index *ix)
{
	int t;

	for (t = 0; t < DEP_NTYPES; t++) {
		free(ix->off[t]);
		free(ix->edges[t]);
	}
	idset_free(&ix->seen);
}

/* the k-th dependency of the model as an edge; its type index (-1: not one to index) */
typedef int (*dep_get_fn)(const struct objects *o, unsigned k, unsigned *dependent,
    struct dep_edge *e);

static int
dep_get_svc(const struct objects *o, unsigned k, unsigned *dependent, struct dep_edge *e)
{
	const struct obj_servicedependency *sd = &o->servicedependencies[k];

	if (sd->master == NULL || sd->dependent == NULL)
		return -1;
	*dependent = sd->dependent->id;
	e->period = sd->dependency_period;
	e->master = sd->master->id;
	e->opts = sd->failure_options;
	e->dep = k;
	e->inherits = sd->inherits_parent > 0;
	return dep_type_index(sd->type);
}

static int
dep_get_host(const struct objects *o, unsigned k, unsigned *dependent, struct dep_edge *e)
{
	const struct obj_hostdependency *hd = &o->hostdependencies[k];

	if (hd->master == NULL || hd->dependent == NULL)
		return -1;
	*dependent = hd->dependent->id;
	e->period = hd->dependency_period;
	e->master = hd->master->id;
	e->opts = hd->failure_options;
	e->dep = k;
	e->inherits = hd->inherits_parent > 0;
	return dep_type_index(hd->type);
}

/*
 * Index the ndeps dependencies get reads, for nobj objects: count each
 * object's dependencies, turn the counts into offsets, then place them.
 * The model's array is gone through backwards, so each list comes out in
 * reverse array order, the order of Nagios's lists (it prepends each
 * dependency to its dependent's list as it registers them).
 */
static void
dep_index_build(struct dep_index *ix, const struct objects *o, unsigned nobj, unsigned ndeps,
    dep_get_fn get)
{
	unsigned *fill[DEP_NTYPES], dependent, i, k;
	struct dep_edge e;
	int t;

	ix->nobj = nobj;
	idset_init(&ix->seen, nobj);
	for (t = 0; t < DEP_NTYPES; t++)
		ix->off[t] = xcalloc((size_t)nobj + 1, sizeof(*ix->off[t]));
	for (k = 0; k < ndeps; k++)
		if ((t = get(o, k, &dependent, &e)) >= 0 && dependent < nobj && e.master < nobj)
			ix->off[t][dependent + 1]++;
	for (t = 0; t < DEP_NTYPES; t++) {
		for (i = 0; i < nobj; i++)
			ix->off[t][i + 1] += ix->off[t][i];
		ix->edges[t] = xcalloc(ix->off[t][nobj] ? ix->off[t][nobj] : 1,
		    sizeof(*ix->edges[t]));
		fill[t] = xcalloc((size_t)nobj + 1, sizeof(*fill[t]));
		for (i = 0; i < nobj; i++)
			fill[t][i] = ix->off[t][i];
	}
	for (k = ndeps; k > 0; k--)
		if ((t = get(o, k - 1, &dependent, &e)) >= 0 && dependent < nobj &&
		    e.master < nobj)
			ix->edges[t][fill[t][dependent]++] = e;
	for (t = 0; t < DEP_NTYPES; t++)
		free(fill[t]);
}

struct depend *
depend_new(const struct objects *objs)
{
	struct depend *d = xcalloc(1, sizeof(*d));

	d->objs = objs;
	dep_index_build(&d->svc, objs, objs->nservices, objs->nservicedependencies, dep_get_svc);
	dep_index_build(&d->host, objs, objs->nhosts, objs->nhostdependencies, dep_get_host);
	d->cap = 16;
	d->stack = xcalloc(d->cap, sizeof(*d->stack));
	return d;
}

void
depend_free(struct depend *d)
{
	if (d == NULL)
		return;
	dep_index_free(&d->svc);
	dep_index_free(&d->host);
	free(d->stack);
	free(d);
}

static void
dep_push(struct depend *d, unsigned *sp, unsigned obj)
{
	if (*sp == d->cap) {
		d->cap *= 2;
		d->stack = xreallocarray(d->stack, d->cap, sizeof(*d->stack));
	}
	d->stack[*sp].obj = obj;
	d->stack[*sp].next = 0;
	(*sp)++;
}

/* whether a master in state fails a dependency with options opts (Nagios: 1 << state) */
static int
dep_state_fails(unsigned opts, int state)
{
	return state >= 0 && state < 32 && (opts & (1u << state)) != 0;
}

/* the state a dependency judges: the last hard one while soft, unless soft states count */
static int
dep_master_state(const struct state_common *c, int soft_deps)
{
	return c->state_type == STATE_SOFT && !soft_deps ? c->last_hard_state : c->current_state;
}

/* check_*_dependencies from object root, over index ix and list t (see the top) */
static int
dep_walk(struct depend *d, struct dep_index *ix, int t, unsigned root, dep_state_fn get,
    const void *states, int soft_deps, time_t now)
{
	const unsigned *off = ix->off[t];
	const struct dep_edge *e;
	struct dep_frame *f;
	unsigned sp = 0;

	if (off[root] == off[root + 1])
		return 0;
	idset_clear(&ix->seen);
	idset_add(&ix->seen, root);
	dep_push(d, &sp, root);
	while (sp > 0) {
		f = &d->stack[sp - 1];
		if (off[f->obj] + f->next == off[f->obj + 1]) {
			sp--;
			continue;
		}
		e = &ix->edges[t][off[f->obj] + f->next++];
		if (e->period != NULL && !timeperiod_contains(e->period, now)) {
			/* Nagios 4.4.6 returns "not failed" here for this whole list */
			sp--;
			continue;
		}
		if (dep_state_fails(e->opts, dep_master_state(get(states, e->master), soft_deps)))
			return 1;
		if (e->inherits && idset_add(&ix->seen, e->master))
			dep_push(d, &sp, e->master);
	}
	return 0;
}

static const struct state_common *
dep_svc_state(const void *states, unsigned id)
{
	return &((const struct svc_state *)states)[id].c;
}

static const struct state_common *
dep_host_state(const void *states, unsigned id)
{
	return &((const struct host_state *)states)[id].c;
}

int
depend_service_failed(struct depend *d, const struct obj_service *s, enum obj_dep_type type,
    const struct svc_state *ss, const struct main_cfg *cfg, time_t now)
{
	int t = dep_type_index(type);

	if (t < 0 || s == NULL || s->id >= d->svc.nobj)
		return 0;
	return dep_walk(d, &d->svc, t, s->id, dep_svc_state, ss,
	    cfg != NULL && cfg->soft_state_dependencies, now);
}

int
depend_host_failed(struct depend *d, const struct obj_host *h, enum obj_dep_type type,
    const struct host_state *hs, const struct main_cfg *cfg, time_t now)
{
	int t = dep_type_index(type);

	if (t < 0 || h == NULL || h->id >= d->host.nobj)
		return 0;
	return dep_walk(d, &d->host, t, h->id, dep_host_state, hs,
	    cfg != NULL && cfg->soft_state_dependencies, now);
}

int
depend_notification_failed(struct depend *d, const struct obj_host *h,
    const struct obj_service *s, const struct host_state *hs, const struct svc_state *ss,
    const struct main_cfg *cfg, time_t now)
{
	if (s != NULL) {
		if (depend_service_failed(d, s, OBJ_DEP_NOTIFICATION, ss, cfg, now))
			return 1;
		h = s->host;
	}
	return depend_host_failed(d, h, OBJ_DEP_NOTIFICATION, hs, cfg, now);
}

int
depend_service_parents_failed(struct depend *d, const struct obj_service *s,
    const struct svc_state *ss)
{
	const struct obj_service *o, *p;
	struct dep_frame *f;
	unsigned sp = 0;
	int state;

	if (s == NULL || s->nparents == 0 || s->id >= d->svc.nobj)
		return 0;
	idset_clear(&d->svc.seen);
	idset_add(&d->svc.seen, s->id);
	dep_push(d, &sp, s->id);
	while (sp > 0) {
		f = &d->stack[sp - 1];
		o = &d->objs->services[f->obj];
		if (f->next == o->nparents) {
			sp--;
			continue;
		}
		if ((p = o->parents[f->next++]) == NULL)
			continue;
		state = ss[p->id].c.last_hard_state;
		if (state == OBJ_STATE_CRITICAL || state == OBJ_STATE_UNKNOWN)
			return 1;
		if (p->nparents > 0 && idset_add(&d->svc.seen, p->id))
			dep_push(d, &sp, p->id);
	}
	return 0;
}

/* the edge of the i-th dependency of type on object id, or NULL */
static const struct dep_edge *
dep_nth(const struct dep_index *ix, unsigned id, enum obj_dep_type type, unsigned i)
{
	int t = dep_type_index(type);

	if (t < 0 || id >= ix->nobj || i >= ix->off[t][id + 1] - ix->off[t][id])
		return NULL;
	return &ix->edges[t][ix->off[t][id] + i];
}

const struct obj_servicedependency *
depend_service_dep(const struct depend *d, const struct obj_service *s, enum obj_dep_type type,
    unsigned i)
{
	const struct dep_edge *e = s != NULL ? dep_nth(&d->svc, s->id, type, i) : NULL;

	return e != NULL ? &d->objs->servicedependencies[e->dep] : NULL;
}

const struct obj_hostdependency *
depend_host_dep(const struct depend *d, const struct obj_host *h, enum obj_dep_type type,
    unsigned i)
{
	const struct dep_edge *e = h != NULL ? dep_nth(&d->host, h->id, type, i) : NULL;

	return e != NULL ? &d->objs->hostdependencies[e->dep] : NULL;
}

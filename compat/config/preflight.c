/*
 * preflight: Nagios 4.4.6's pre-flight check, run on a built generation.
 *
 * The order of the checks, the wording of each finding and whether it is
 * an error or a warning follow what `nagios4 -v` prints; the report lines
 * ("Checking objects...", "\tChecked N services." ...) are printed at the
 * points where Nagios prints them, so findings land between them as they
 * do there.  Nothing here resolves names: a pointer the builder left NULL
 * means the directive was not set.
 *
 * Loops are found with Nagios's depth-first walk (each node unchecked,
 * being walked, fine or part of a loop; meeting a node still being walked
 * reports the pair and marks both as loopy).  Which pair gets named depends
 * on the order in which edges are followed, so the graphs are built in
 * Nagios's order: a host's children in reverse host order, a timeperiod's
 * exclusions in reverse written order, a service's or host's dependencies
 * in reverse order of the dependency array (Nagios uses reverse definition
 * order, which the model no longer knows; the two agree when dependencies
 * are defined sorted by master).  The walk is iterative so that a long
 * parent chain cannot exhaust the stack.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkostemp */
#endif

#include "compat/config/preflight.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/config/maincfg.h"
#include "engine/objects/objects.h"
#include "engine/util/xalloc.h"

#define PF_NONE UINT_MAX /* an index that is not there */

/* states of a node during the loop search */
enum pf_mark { PF_UNCHECKED, PF_WALKING, PF_FINE, PF_LOOPY };

struct pf {
	const struct objects *o;
	const struct preflight_env *env;
	const char *illegal; /* illegal_object_name_chars, or NULL */
	FILE *out;
	unsigned errors;
	char svcname[1024]; /* pf_svc_loc's "host;description" */
};

/*
 * A directed graph over array indexes, edges grouped by source, with the
 * walk's scratch: the marks, the stack and each node's next edge.
 */
struct pf_graph {
	unsigned n;
	unsigned *off; /* edges of node i: off[i] .. off[i + 1] - 1 */
	unsigned *to;
	unsigned *via; /* the object that made the edge (dependency id) */
	unsigned *fill;
	unsigned char *mark;
	unsigned *stack;
	unsigned *next;
};

/* told of each loop found: root reached child, still being walked, via edge */
struct pf_loop {
	void (*found)(struct pf *p, const struct pf_loop *l, unsigned root,
	    unsigned child, unsigned via);
	int dep_type; /* for dependency loops */
};

/* ---- output ---- */

static void __attribute__((format(printf, 2, 3)))
pf_say(struct pf *p, const char *fmt, ...)
{
	va_list ap;

	if (p->out == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(p->out, fmt, ap);
	va_end(ap);
	fflush(p->out);
}

/*
 * Where an object was defined: file and line from the caller's lookup, the
 * rest from us.  oname must outlive the diagnostic call.
 */
static const struct diag_loc *
pf_loc(struct pf *p, struct diag_loc *loc, const char *otype, unsigned id,
    const char *oname, const char *directive)
{
	const struct diag_loc *w = NULL;

	memset(loc, 0, sizeof(*loc));
	if (p->env->where != NULL && otype != NULL)
		w = p->env->where(p->env->ctx, otype, id);
	if (w != NULL) {
		loc->file = w->file;
		loc->line = w->line;
	}
	loc->otype = otype;
	loc->oname = oname;
	loc->directive = directive;
	return loc;
}

/* a place in nagios.cfg, for checks of its directives */
static const struct diag_loc *
pf_cfgloc(struct pf *p, struct diag_loc *loc, const char *directive)
{
	memset(loc, 0, sizeof(*loc));
	if (p->env->cfg != NULL) {
		loc->file = p->env->cfg->config_file;
		loc->line = maincfg_line(p->env->cfg, directive);
	}
	loc->directive = directive;
	return loc;
}

static void __attribute__((format(printf, 3, 4)))
pf_error(struct pf *p, const struct diag_loc *loc, const char *fmt, ...)
{
	char msg[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(p->env->d, loc, "%s", msg);
	p->errors++;
}

static void __attribute__((format(printf, 3, 4)))
pf_warning(struct pf *p, const struct diag_loc *loc, const char *fmt, ...)
{
	char msg[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_warning(p->env->d, loc, "%s", msg);
}

/* ---- small questions ---- */

static int
pf_is_illegal(const struct pf *p, const char *name)
{
	if (p->illegal == NULL || name == NULL)
		return 0;
	return strpbrk(name, p->illegal) != NULL;
}

static const char *
pf_host_name(const struct obj_service *s)
{
	return s->host != NULL && s->host->name != NULL ? s->host->name : "";
}

static const char *
pf_str(const char *s)
{
	return s != NULL ? s : "";
}

/* "host;description", the name diagnostics give a service */
static const char *
pf_svc_name(char *buf, size_t len, const struct obj_service *s)
{
	snprintf(buf, len, "%s;%s", pf_host_name(s), pf_str(s->description));
	return buf;
}

/* where service i is; its "host;description" is written only when a finding needs it */
static const struct diag_loc *
pf_svc_loc(struct pf *p, struct diag_loc *loc, unsigned i, const struct obj_service *s,
    const char *directive)
{
	return pf_loc(p, loc, "service", i, pf_svc_name(p->svcname, sizeof(p->svcname), s),
	    directive);
}

/* 1 when a command named as in check_command ("name!args") exists */
static int
pf_command_exists(const struct objects *o, const char *spec)
{
	const char *bang = strchr(spec, '!');
	size_t len = bang != NULL ? (size_t)(bang - spec) : strlen(spec);
	char *name = xstrndup(spec, len);
	int found = 0;
	unsigned i;

	if (o->idx_commands != NULL) {
		found = objects_find_command(o, name) != NULL;
	} else {
		for (i = 0; i < o->ncommands && !found; i++)
			found = o->commands[i].name != NULL &&
			    strcmp(o->commands[i].name, name) == 0;
	}
	free(name);
	return found;
}

/* indexes of referenced objects; PF_NONE when not one of ours */
static unsigned
pf_host_idx(const struct objects *o, const struct obj_host *h)
{
	if (h == NULL || h->id >= o->nhosts || &o->hosts[h->id] != h)
		return PF_NONE;
	return h->id;
}

static unsigned
pf_svc_idx(const struct objects *o, const struct obj_service *s)
{
	if (s == NULL || s->id >= o->nservices || &o->services[s->id] != s)
		return PF_NONE;
	return s->id;
}

static unsigned
pf_tp_idx(const struct objects *o, const struct obj_timeperiod *t)
{
	if (t == NULL || t->id >= o->ntimeperiods || &o->timeperiods[t->id] != t)
		return PF_NONE;
	return t->id;
}

/* ---- object checks ---- */

static void
pf_check_services(struct pf *p)
{
	const struct objects *o = p->o;
	const struct obj_service *s;
	struct diag_loc loc;
	const char *d, *h;
	unsigned i;

	if (o->nservices == 0)
		pf_error(p, NULL, "There are no services defined!");
	for (i = 0; i < o->nservices; i++) {
		s = &o->services[i];
		d = pf_str(s->description);
		h = pf_host_name(s);
		if (s->cfg->notification_options == OBJ_OPT_RECOVERY)
			pf_warning(p, pf_svc_loc(p, &loc, i, s, "notification_options"),
			    "Recovery notification option in service '%s' for host '%s' "
			    "doesn't make any sense - specify warning and/or critical "
			    "options as well", d, h);
		if (s->cfg->ncontacts == 0 && s->cfg->ncontact_groups == 0)
			pf_warning(p, pf_svc_loc(p, &loc, i, s, NULL),
			    "Service '%s' on host '%s' has no default contacts or "
			    "contactgroups defined!", d, h);
		if (s->cfg->check_period == NULL)
			pf_warning(p, pf_svc_loc(p, &loc, i, s, "check_period"),
			    "Service '%s' on host '%s' has no check time period defined!",
			    d, h);
		if (s->cfg->notification_period == NULL)
			pf_warning(p, pf_svc_loc(p, &loc, i, s, "notification_period"),
			    "Service '%s' on host '%s' has no notification time period "
			    "defined!", d, h);
		/* the double space is Nagios's */
		if (s->cfg->notification_interval < s->cfg->check_interval &&
		    s->cfg->notification_interval != 0)
			pf_warning(p, pf_svc_loc(p, &loc, i, s, "notification_interval"),
			    "Service '%s' on host '%s'  has a notification interval less "
			    "than its check interval!  Notifications are only re-sent after "
			    "checks are made, so the effective notification interval will "
			    "be that of the check interval.", d, h);
		if (pf_is_illegal(p, s->description))
			pf_error(p, pf_svc_loc(p, &loc, i, s, "service_description"),
			    "The description string for service '%s' on host '%s' contains "
			    "one or more illegal characters.", d, h);
	}
	pf_say(p, "\tChecked %u services.\n", o->nservices);
}

static void
pf_check_hosts(struct pf *p)
{
	const struct objects *o = p->o;
	const struct obj_host *h;
	struct diag_loc loc;
	const char *n;
	unsigned i;

	if (o->nhosts == 0)
		pf_error(p, NULL, "There are no hosts defined!");
	for (i = 0; i < o->nhosts; i++) {
		h = &o->hosts[i];
		n = pf_str(h->name);
		/* Nagios says this only under -v -v */
		if (h->nservices == 0 && p->env->verbosity >= 2)
			pf_warning(p, pf_loc(p, &loc, "host", i, n, NULL),
			    "Host '%s' has no services associated with it!", n);
		if (h->cfg->ncontacts == 0 && h->cfg->ncontact_groups == 0)
			pf_warning(p, pf_loc(p, &loc, "host", i, n, NULL),
			    "Host '%s' has no default contacts or contactgroups defined!", n);
		if (h->cfg->notification_options == OBJ_OPT_RECOVERY)
			pf_warning(p, pf_loc(p, &loc, "host", i, n, "notification_options"),
			    "Recovery notification option in host '%s' definition doesn't "
			    "make any sense - specify down and/or unreachable options as "
			    "well", n);
		if (pf_is_illegal(p, h->name))
			pf_error(p, pf_loc(p, &loc, "host", i, n, "host_name"),
			    "The name of host '%s' contains one or more illegal characters.",
			    n);
	}
	pf_say(p, "\tChecked %u hosts.\n", o->nhosts);
}

/*
 * Objects whose only check is the characters of their name.  base points
 * at the first object, stride is its size, name_off where its name is.
 */
static void
pf_check_names(struct pf *p, const void *base, size_t stride, size_t name_off,
    unsigned n, const char *otype, const char *label, const char *directive,
    const char *report)
{
	const char *obj, *name;
	struct diag_loc loc;
	unsigned i;

	for (i = 0; i < n; i++) {
		obj = (const char *)base + (size_t)i * stride;
		memcpy(&name, obj + name_off, sizeof(name));
		if (pf_is_illegal(p, name))
			pf_error(p, pf_loc(p, &loc, otype, i, name, directive),
			    "The name of %s '%s' contains one or more illegal characters.",
			    label, name);
	}
	pf_say(p, "\tChecked %u %s.\n", n, report);
}

static void
pf_check_contacts(struct pf *p)
{
	const struct objects *o = p->o;
	const struct obj_contact *c;
	struct diag_loc loc;
	const char *n;
	unsigned i;

	if (o->ncontacts == 0)
		pf_error(p, NULL, "There are no contacts defined!");
	for (i = 0; i < o->ncontacts; i++) {
		c = &o->contacts[i];
		n = pf_str(c->name);
		if (c->nservice_notification_commands == 0)
			pf_error(p, pf_loc(p, &loc, "contact", i, n, "service_notification_commands"),
			    "Contact '%s' has no service notification commands defined!", n);
		if (c->nhost_notification_commands == 0)
			pf_error(p, pf_loc(p, &loc, "contact", i, n, "host_notification_commands"),
			    "Contact '%s' has no host notification commands defined!", n);
		if (c->service_notification_period == NULL)
			pf_warning(p, pf_loc(p, &loc, "contact", i, n, "service_notification_period"),
			    "Contact '%s' has no service notification time period defined!", n);
		if (c->host_notification_period == NULL)
			pf_warning(p, pf_loc(p, &loc, "contact", i, n, "host_notification_period"),
			    "Contact '%s' has no host notification time period defined!", n);
		if (c->host_notification_options == OBJ_OPT_RECOVERY)
			pf_warning(p, pf_loc(p, &loc, "contact", i, n, "host_notification_options"),
			    "Host recovery notification option for contact '%s' doesn't make "
			    "any sense - specify down and/or unreachable options as well", n);
		if (c->service_notification_options == OBJ_OPT_RECOVERY)
			pf_warning(p, pf_loc(p, &loc, "contact", i, n, "service_notification_options"),
			    "Service recovery notification option for contact '%s' doesn't "
			    "make any sense - specify critical and/or warning options as well",
			    n);
		if (pf_is_illegal(p, c->name))
			pf_error(p, pf_loc(p, &loc, "contact", i, n, "contact_name"),
			    "The name of contact '%s' contains one or more illegal "
			    "characters.", n);
	}
	pf_say(p, "\tChecked %u contacts.\n", o->ncontacts);
}

static void
pf_check_objects(struct pf *p)
{
	const struct objects *o = p->o;

	pf_say(p, "Checking objects...\n");
	pf_check_services(p);
	pf_check_hosts(p);
	pf_check_names(p, o->hostgroups, sizeof(*o->hostgroups),
	    offsetof(struct obj_hostgroup, name), o->nhostgroups, "hostgroup",
	    "hostgroup", "hostgroup_name", "host groups");
	pf_check_names(p, o->servicegroups, sizeof(*o->servicegroups),
	    offsetof(struct obj_servicegroup, name), o->nservicegroups, "servicegroup",
	    "servicegroup", "servicegroup_name", "service groups");
	pf_check_contacts(p);
	pf_check_names(p, o->contactgroups, sizeof(*o->contactgroups),
	    offsetof(struct obj_contactgroup, name), o->ncontactgroups, "contactgroup",
	    "contact group", "contactgroup_name", "contact groups");
	pf_check_names(p, o->commands, sizeof(*o->commands),
	    offsetof(struct obj_command, name), o->ncommands, "command",
	    "command", "command_name", "commands");
	pf_check_names(p, o->timeperiods, sizeof(*o->timeperiods),
	    offsetof(struct obj_timeperiod, name), o->ntimeperiods, "timeperiod",
	    "time period", "timeperiod_name", "time periods");
	pf_say(p, "\tChecked %u host escalations.\n", o->nhostescalations);
	pf_say(p, "\tChecked %u service escalations.\n", o->nserviceescalations);
}

/* ---- graphs and the loop search ---- */

static void
pf_graph_init(struct pf_graph *g, unsigned n)
{
	memset(g, 0, sizeof(*g));
	g->n = n;
	g->off = xcalloc((size_t)n + 1, sizeof(*g->off));
}

/*
 * Edges are given twice by the same loop: pass 0 counts them, pass 1
 * stores them in the order given, which is the order the walk follows.
 */
static void
pf_graph_edge(struct pf_graph *g, int pass, unsigned from, unsigned to, unsigned via)
{
	unsigned e;

	if (from == PF_NONE || to == PF_NONE)
		return;
	if (pass == 0) {
		g->off[from + 1]++;
		return;
	}
	e = g->fill[from]++;
	g->to[e] = to;
	g->via[e] = via;
}

/* between the passes: room for the edges and for the walk */
static void
pf_graph_layout(struct pf_graph *g)
{
	size_t n = (size_t)g->n + 1;
	unsigned i;

	for (i = 0; i < g->n; i++)
		g->off[i + 1] += g->off[i];
	g->to = xcalloc((size_t)g->off[g->n] + 1, sizeof(*g->to));
	g->via = xcalloc((size_t)g->off[g->n] + 1, sizeof(*g->via));
	g->fill = xcalloc(n, sizeof(*g->fill));
	memcpy(g->fill, g->off, n * sizeof(*g->fill));
	g->mark = xcalloc(n, 1);
	g->stack = xcalloc(n, sizeof(*g->stack));
	g->next = xcalloc(n, sizeof(*g->next));
}

static void
pf_graph_free(struct pf_graph *g)
{
	free(g->off);
	free(g->to);
	free(g->via);
	free(g->fill);
	free(g->mark);
	free(g->stack);
	free(g->next);
	memset(g, 0, sizeof(*g));
}

/*
 * Walk from root as Nagios's recursive search does.  A node is pushed at
 * most once in a whole run (it never goes back to unchecked), so the stack
 * never holds more than n entries.
 */
static void
pf_walk(struct pf *p, struct pf_graph *g, unsigned root, const struct pf_loop *l)
{
	unsigned sp = 0, u, v, e;

	if (root == PF_NONE || g->mark[root] != PF_UNCHECKED)
		return;
	g->mark[root] = PF_WALKING;
	g->next[root] = g->off[root];
	g->stack[sp++] = root;
	while (sp > 0) {
		u = g->stack[sp - 1];
		if (g->next[u] == g->off[u + 1]) {
			/* all edges followed: fine unless a loop went through u */
			if (g->mark[u] == PF_WALKING)
				g->mark[u] = PF_FINE;
			sp--;
			continue;
		}
		e = g->next[u]++;
		v = g->to[e];
		if (g->mark[v] == PF_UNCHECKED) {
			g->mark[v] = PF_WALKING;
			g->next[v] = g->off[v];
			g->stack[sp++] = v;
		} else if (g->mark[v] == PF_WALKING) {
			l->found(p, l, u, v, g->via[e]);
			g->mark[v] = PF_LOOPY;
			g->mark[u] = PF_LOOPY;
		}
	}
}

static void
pf_host_loop(struct pf *p, const struct pf_loop *l, unsigned root, unsigned child,
    unsigned via)
{
	const struct obj_host *r = &p->o->hosts[root], *c = &p->o->hosts[child];
	struct diag_loc loc;

	(void)l;
	(void)via;
	/* the edge is child's "parents" naming root */
	pf_error(p, pf_loc(p, &loc, "host", child, pf_str(c->name), "parents"),
	    "The hosts '%s' and '%s' form or lead into a circular parent/child chain!",
	    pf_str(r->name), pf_str(c->name));
}

static void
pf_check_parents(struct pf *p)
{
	const struct objects *o = p->o;
	const struct obj_host *h;
	struct pf_graph g;
	unsigned i, j, k;
	int pass;
	const struct pf_loop l = { pf_host_loop, 0 };

	/* edges parent -> child, each parent's children in reverse host order */
	pf_graph_init(&g, o->nhosts);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1)
			pf_graph_layout(&g);
		for (k = o->nhosts; k > 0; k--) {
			h = &o->hosts[k - 1];
			for (j = 0; j < h->nparents; j++)
				pf_graph_edge(&g, pass, pf_host_idx(o, h->parents[j]), k - 1, 0);
		}
	}
	for (i = 0; i < o->nhosts; i++)
		pf_walk(p, &g, i, &l);
	pf_graph_free(&g);
	pf_say(p, "\tChecked %u hosts\n", o->nhosts);
}

static const char *
pf_dep_word(int type)
{
	return type == OBJ_DEP_NOTIFICATION ? "notification" : "execution";
}

/* which graph a dependency type goes to; -1 for none (Nagios skips it) */
static int
pf_dep_slot(enum obj_dep_type type)
{
	if (type == OBJ_DEP_NOTIFICATION)
		return 0;
	if (type == OBJ_DEP_EXECUTION)
		return 1;
	return -1;
}

/* a dependency as the walk sees it: an edge dependent -> master */
struct pf_dep {
	int slot;
	unsigned dependent;
	unsigned master;
};

static struct pf_dep
pf_svcdep(const struct objects *o, unsigned k)
{
	const struct obj_servicedependency *sd = &o->servicedependencies[k];
	struct pf_dep dep = { pf_dep_slot(sd->type), pf_svc_idx(o, sd->dependent),
		pf_svc_idx(o, sd->master) };

	return dep;
}

static struct pf_dep
pf_hostdep(const struct objects *o, unsigned k)
{
	const struct obj_hostdependency *hd = &o->hostdependencies[k];
	struct pf_dep dep = { pf_dep_slot(hd->type), pf_host_idx(o, hd->dependent),
		pf_host_idx(o, hd->master) };

	return dep;
}

/*
 * Dependency loops, one graph per type, each walked from the dependents
 * in the order of the dependency array.
 */
static void
pf_check_deps(struct pf *p, unsigned nnodes, unsigned ndeps,
    struct pf_dep (*get)(const struct objects *, unsigned), const struct pf_loop *l)
{
	struct pf_graph g[2];
	struct pf_dep dep;
	unsigned k;
	int pass, t;

	for (t = 0; t < 2; t++)
		pf_graph_init(&g[t], nnodes);
	for (pass = 0; pass < 2; pass++) {
		for (t = 0; pass == 1 && t < 2; t++)
			pf_graph_layout(&g[t]);
		for (k = ndeps; k > 0; k--) {
			dep = get(p->o, k - 1);
			if (dep.slot >= 0)
				pf_graph_edge(&g[dep.slot], pass, dep.dependent, dep.master,
				    k - 1);
		}
	}
	for (k = 0; k < ndeps; k++) {
		dep = get(p->o, k);
		if (dep.slot >= 0)
			pf_walk(p, &g[dep.slot], dep.dependent, &l[dep.slot]);
	}
	for (t = 0; t < 2; t++)
		pf_graph_free(&g[t]);
}

static void
pf_svcdep_loop(struct pf *p, const struct pf_loop *l, unsigned root, unsigned child,
    unsigned via)
{
	const struct obj_service *r = &p->o->services[root], *c = &p->o->services[child];
	struct diag_loc loc;
	char name[1024];

	pf_svc_name(name, sizeof(name), r);
	pf_error(p, pf_loc(p, &loc, "servicedependency", via, name, NULL),
	    "Circular %s dependency detected for services '%s;%s' and '%s;%s'",
	    pf_dep_word(l->dep_type), pf_host_name(r), pf_str(r->description),
	    pf_host_name(c), pf_str(c->description));
}

static void
pf_hostdep_loop(struct pf *p, const struct pf_loop *l, unsigned root, unsigned child,
    unsigned via)
{
	const struct obj_host *r = &p->o->hosts[root], *c = &p->o->hosts[child];
	struct diag_loc loc;

	pf_error(p, pf_loc(p, &loc, "hostdependency", via, pf_str(r->name), NULL),
	    "Circular %s dependency detected for hosts '%s' and '%s'",
	    pf_dep_word(l->dep_type), pf_str(r->name), pf_str(c->name));
}

static void
pf_tp_loop(struct pf *p, const struct pf_loop *l, unsigned root, unsigned child,
    unsigned via)
{
	const struct obj_timeperiod *r = &p->o->timeperiods[root];
	const struct obj_timeperiod *c = &p->o->timeperiods[child];
	struct diag_loc loc;

	(void)l;
	(void)via;
	pf_error(p, pf_loc(p, &loc, "timeperiod", root, pf_str(r->name), "exclude"),
	    "The timeperiods '%s' and '%s' form or lead into a circular exclusion "
	    "chain!", pf_str(r->name), pf_str(c->name));
}

static void
pf_check_exclusions(struct pf *p)
{
	const struct objects *o = p->o;
	const struct obj_timeperiod *tp;
	struct pf_graph g;
	unsigned i, j;
	int pass;
	const struct pf_loop l = { pf_tp_loop, 0 };

	/* edges timeperiod -> excluded one; the builder keeps exclude in Nagios's (reversed) order */
	pf_graph_init(&g, o->ntimeperiods);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1)
			pf_graph_layout(&g);
		for (i = 0; i < o->ntimeperiods; i++) {
			tp = &o->timeperiods[i];
			for (j = 0; j < tp->nexclude; j++)
				pf_graph_edge(&g, pass, i, pf_tp_idx(o, tp->exclude[j]), 0);
		}
	}
	for (i = 0; i < o->ntimeperiods; i++)
		pf_walk(p, &g, i, &l);
	pf_graph_free(&g);
	pf_say(p, "\tChecked %u timeperiods\n", o->ntimeperiods);
}

static void
pf_check_circular(struct pf *p)
{
	const struct pf_loop svc[2] = {
		{ pf_svcdep_loop, OBJ_DEP_NOTIFICATION },
		{ pf_svcdep_loop, OBJ_DEP_EXECUTION },
	};
	const struct pf_loop host[2] = {
		{ pf_hostdep_loop, OBJ_DEP_NOTIFICATION },
		{ pf_hostdep_loop, OBJ_DEP_EXECUTION },
	};

	pf_say(p, "Checking for circular paths...\n");
	pf_check_parents(p);
	pf_check_deps(p, p->o->nservices, p->o->nservicedependencies, pf_svcdep, svc);
	pf_say(p, "\tChecked %u service dependencies\n", p->o->nservicedependencies);
	pf_check_deps(p, p->o->nhosts, p->o->nhostdependencies, pf_hostdep, host);
	pf_say(p, "\tChecked %u host dependencies\n", p->o->nhostdependencies);
	pf_check_exclusions(p);
}

/* ---- nagios.cfg ---- */

static void
pf_check_global_cmd(struct pf *p, const char *spec, const char *directive,
    const char *label)
{
	struct diag_loc loc;

	if (spec == NULL || pf_command_exists(p->o, spec))
		return;
	pf_error(p, pf_cfgloc(p, &loc, directive), "%s '%s' is not defined anywhere!",
	    label, spec);
}

/* Nagios creates and removes a file to see whether it may write there */
static void
pf_check_writable(struct pf *p, const char *dir, const char *directive)
{
	char path[PATH_MAX];
	struct diag_loc loc;
	int fd, n, err = 0;

	if (dir == NULL)
		return;
	n = snprintf(path, sizeof(path), "%s/nagiosXXXXXX", dir);
	if (n < 0 || (size_t)n >= sizeof(path)) {
		err = ENAMETOOLONG;
	} else if ((fd = mkostemp(path, O_CLOEXEC)) == -1) {
		err = errno;
	} else {
		close(fd);
		unlink(path);
	}
	if (err != 0)
		pf_error(p, pf_cfgloc(p, &loc, directive),
		    "Unable to write to %s ('%s') - %s", directive, dir, strerror(err));
}

static void
pf_check_main(struct pf *p)
{
	const struct main_cfg *cfg = p->env->cfg;
	struct diag_loc loc;

	pf_say(p, "Checking global event handlers...\n");
	if (cfg != NULL) {
		pf_check_global_cmd(p, cfg->global_host_event_handler,
		    "global_host_event_handler", "Global host event handler command");
		pf_check_global_cmd(p, cfg->global_service_event_handler,
		    "global_service_event_handler", "Global service event handler command");
	}
	pf_say(p, "Checking obsessive compulsive processor commands...\n");
	if (cfg != NULL) {
		pf_check_global_cmd(p, cfg->ocsp_command, "ocsp_command", "OCSP command");
		pf_check_global_cmd(p, cfg->ochp_command, "ochp_command", "OCHP command");
	}
	pf_say(p, "Checking misc settings...\n");
	if (cfg == NULL)
		return;
	pf_check_writable(p, cfg->temp_path, "temp_path");
	pf_check_writable(p, cfg->check_result_path, "check_result_path");
	if (cfg->illegal_macro_output_chars == NULL)
		pf_warning(p, pf_cfgloc(p, &loc, "illegal_macro_output_chars"),
		    "Nothing specified for illegal_macro_output_chars variable!");
}

int
preflight_run(const struct objects *o, const struct preflight_env *env,
    struct preflight_counts *counts, FILE *out)
{
	struct pf p;

	memset(&p, 0, sizeof(p));
	p.o = o;
	p.env = env;
	p.out = out;
	if (env->cfg != NULL)
		p.illegal = env->cfg->illegal_object_name_chars;
	pf_check_objects(&p);
	pf_check_circular(&p);
	pf_check_main(&p);
	if (counts != NULL) {
		counts->services = o->nservices;
		counts->hosts = o->nhosts;
		counts->hostgroups = o->nhostgroups;
		counts->servicegroups = o->nservicegroups;
		counts->contacts = o->ncontacts;
		counts->contactgroups = o->ncontactgroups;
		counts->commands = o->ncommands;
		counts->timeperiods = o->ntimeperiods;
		counts->hostescalations = o->nhostescalations;
		counts->serviceescalations = o->nserviceescalations;
		counts->circ_hosts = o->nhosts;
		counts->circ_servicedeps = o->nservicedependencies;
		counts->circ_hostdeps = o->nhostdependencies;
		counts->circ_timeperiods = o->ntimeperiods;
	}
	return (int)p.errors;
}

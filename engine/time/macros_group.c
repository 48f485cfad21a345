/*
 * macros_group: which object a macro reads.  $NAME$ reads the context's
 * object; $NAME:obj$ names one (on demand); $NAME:group:delim$ joins the
 * values of every member of a group with delim, skipping members without
 * a value.  Also here: custom variables ($_HOSTX$, $_SERVICEX$,
 * $_CONTACTX$) and $CONTACTADDRESSn$, which are not x macros.
 *
 * What Nagios 4.4.6 answers when the object is missing is kept, because
 * it decides whether the macro stays in the command as written (MV_ERR):
 * an unknown host gives HOSTSTATEID "2" and an unknown service group
 * SERVICESTATEID "3"; $SERVICEx::desc$ names a service of the current host
 * and is empty when there is none.
 *
 * A custom variable a command changed (CHANGE_CUSTOM_*_VAR) gives its new
 * value, read from the context's state arrays when it has them.
 *
 * Kept as well, since configurations in the field depend on it: Nagios
 * resolves $_SERVICEX:host:desc$ on the *current* host, whatever host is
 * named (the argument only matters as a service group name when the
 * current host has no such service), and its group form looks each member
 * up by description on the current host the same way.  Where Nagios goes
 * wrong in ways nobody can rely on (freeing the variables it joins,
 * reusing a previous member's value, crashing on a missing delimiter),
 * this code does the evident thing instead.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros_int.h"

static const struct obj_host *
mx_find_host(const struct mx *m, const char *name)
{
	return m->ctx->objs != NULL ? objects_find_host(m->ctx->objs, name) : NULL;
}

static const struct obj_service *
mx_find_service(const struct mx *m, const char *host, const char *desc)
{
	if (m->ctx->objs == NULL || host == NULL || desc == NULL)
		return NULL;
	return objects_find_service(m->ctx->objs, host, desc);
}

static const struct obj_contact *
mx_find_contact(const struct mx *m, const char *name)
{
	return m->ctx->objs != NULL ? objects_find_contact(m->ctx->objs, name) : NULL;
}

static const struct obj_hostgroup *
mx_find_hostgroup(const struct mx *m, const char *name)
{
	return m->ctx->objs != NULL ? objects_find_hostgroup(m->ctx->objs, name) : NULL;
}

static const struct obj_servicegroup *
mx_find_servicegroup(const struct mx *m, const char *name)
{
	return m->ctx->objs != NULL ? objects_find_servicegroup(m->ctx->objs, name) : NULL;
}

static const struct obj_contactgroup *
mx_find_contactgroup(const struct mx *m, const char *name)
{
	return m->ctx->objs != NULL ? objects_find_contactgroup(m->ctx->objs, name) : NULL;
}

/*
 * Move one member's value (r, held in tmp) onto the joined list in out;
 * *n counts the members written.  Returns the list's result so far.
 */
static int
mx_join(struct mbuf *out, struct mbuf *tmp, int r, const char *delim, unsigned *n)
{
	if (r == MV_OK) {
		if ((*n)++ > 0)
			mbuf_adds(out, delim);
		mbuf_add(out, tmp->p, tmp->len);
	}
	tmp->len = 0;
	return *n > 0 ? MV_OK : MV_NULL;
}

static int
mx_host_form(struct mx *m, unsigned code, const char *a1, const char *a2, struct mbuf *out)
{
	const struct obj_host *h = m->host;
	const struct obj_hostgroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a2 == NULL) {
		if (a1 != NULL && (h = mx_find_host(m, a1)) == NULL && code == MC_HOSTSTATEID)
			return mx_put(out, "2");
		return h != NULL ? mx_host_value(m, code, h, out) : MV_ERR;
	}
	if ((g = mx_find_hostgroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_host_value(m, code, g->members[i], &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

static int
mx_service_form(struct mx *m, unsigned code, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_service *s;
	const struct obj_servicegroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a1 == NULL && a2 == NULL) {
		s = m->ctx->svc;
		return s != NULL ? mx_service_value(m, code, s, out) : MV_ERR;
	}
	if (a1 == NULL || a1[0] == '\0') {
		if (m->host == NULL)
			return MV_ERR;
		s = mx_find_service(m, m->host->name, a2);
		return s != NULL ? mx_service_value(m, code, s, out) : MV_NULL;
	}
	if ((s = mx_find_service(m, a1, a2)) != NULL)
		return mx_service_value(m, code, s, out);
	if (a2 == NULL)
		return MV_ERR;
	if ((g = mx_find_servicegroup(m, a1)) == NULL)
		return code == MC_SERVICESTATEID ? mx_put(out, "3") : MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_service_value(m, code, g->members[i], &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

static int
mx_contact_form(struct mx *m, unsigned code, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_contact *c = m->ctx->contact;
	const struct obj_contactgroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a2 == NULL) {
		if (a1 != NULL)
			c = mx_find_contact(m, a1);
		return c != NULL ? mx_contact_value(code, c, out) : MV_ERR;
	}
	if ((g = mx_find_contactgroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_contact_value(code, g->members[i], &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

int
mx_xvalue(struct mx *m, unsigned code, const char *a1, const char *a2, struct mbuf *out)
{
	const struct obj_hostgroup *hg;
	const struct obj_servicegroup *sg;
	const struct obj_contactgroup *cg;
	int r;

	if (m->ctx->notif != NULL && (r = mx_notif_value(m, code, a1, out)) != MV_NOT_MINE)
		return r;
	switch (macro_def_get(code)->family) {
	case MF_HOST:
		return mx_host_form(m, code, a1, a2, out);
	case MF_SERVICE:
		return mx_service_form(m, code, a1, a2, out);
	case MF_CONTACT:
		return mx_contact_form(m, code, a1, a2, out);
	case MF_HOSTGROUP:
		hg = a1 != NULL ? mx_find_hostgroup(m, a1) : m->hg;
		return hg != NULL ? mx_hostgroup_value(m, code, hg, out) : MV_ERR;
	case MF_SERVICEGROUP:
		sg = a1 != NULL ? mx_find_servicegroup(m, a1) : m->sg;
		return sg != NULL ? mx_servicegroup_value(m, code, sg, out) : MV_ERR;
	case MF_CONTACTGROUP:
		cg = a1 != NULL ? mx_find_contactgroup(m, a1) : m->cg;
		return cg != NULL ? mx_contactgroup_value(code, cg, out) : MV_ERR;
	default:
		return mx_global_value(m, code, a1, a2, out);
	}
}

/* ---- custom variables ---- */

const struct state_vars *
mx_host_vars(const struct mx *m, const struct obj_host *h)
{
	return m->ctx->hstates != NULL ? &m->ctx->hstates[h->id].c.vars : NULL;
}

const struct state_vars *
mx_service_vars(const struct mx *m, const struct obj_service *s)
{
	return m->ctx->sstates != NULL ? &m->ctx->sstates[s->id].c.vars : NULL;
}

const struct state_vars *
mx_contact_vars(const struct mx *m, const struct obj_contact *c)
{
	return m->ctx->cstates != NULL ? &m->ctx->cstates[c->id].vars : NULL;
}

/* the variable called name (upper case, no '_'), changed by vs; MV_ERR when absent */
static int
mx_var(const struct obj_customvar *v, unsigned n, const struct state_vars *vs, const char *name,
    struct mbuf *out)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return mx_put(out, state_var_value(vs, &v[i]));
	return MV_ERR;
}

static int
mx_host_var(struct mx *m, const struct obj_host *h, const char *var, struct mbuf *out)
{
	return mx_var(h->vars, h->nvars, mx_host_vars(m, h), var, out);
}

static int
mx_service_var(struct mx *m, const struct obj_service *s, const char *var, struct mbuf *out)
{
	return mx_var(s->vars, s->nvars, mx_service_vars(m, s), var, out);
}

static int
mx_contact_var(struct mx *m, const struct obj_contact *c, const char *var, struct mbuf *out)
{
	return mx_var(c->vars, c->nvars, mx_contact_vars(m, c), var, out);
}

static int
mx_custom_host(struct mx *m, const char *var, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_host *h = m->host;
	const struct obj_hostgroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a2 == NULL) {
		if (a1 != NULL)
			h = mx_find_host(m, a1);
		return h != NULL ? mx_host_var(m, h, var, out) : MV_ERR;
	}
	if ((g = mx_find_hostgroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_host_var(m, g->members[i], var, &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

/* a service variable looked up by description on the current host (see above) */
static int
mx_var_here(struct mx *m, const char *desc, const char *var, struct mbuf *out)
{
	const struct obj_service *s = mx_find_service(m, m->host->name, desc);

	return s != NULL ? mx_service_var(m, s, var, out) : MV_ERR;
}

static int
mx_custom_service(struct mx *m, const char *var, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_service *s = m->ctx->svc;
	const struct obj_servicegroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a1 == NULL && a2 == NULL)
		return s != NULL ? mx_service_var(m, s, var, out) : MV_ERR;
	if (m->host == NULL)
		return MV_ERR;
	if (mx_find_service(m, m->host->name, a2) != NULL)
		return mx_var_here(m, a2, var, out);
	if (a2 == NULL || (g = mx_find_servicegroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_var_here(m, g->members[i]->description, var, &tmp), a2,
		    &n);
	mbuf_free(&tmp);
	return r;
}

static int
mx_custom_contact(struct mx *m, const char *var, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_contact *c = m->ctx->contact;
	const struct obj_contactgroup *g;
	struct mbuf tmp = { 0 };
	unsigned i, n = 0;
	int r = MV_NULL;

	if (a2 == NULL) {
		if (a1 != NULL)
			c = mx_find_contact(m, a1);
		return c != NULL ? mx_contact_var(m, c, var, out) : MV_ERR;
	}
	if ((g = mx_find_contactgroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_contact_var(m, g->members[i], var, &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

int
mx_custom(struct mx *m, const char *name, const char *a1, const char *a2, struct mbuf *out)
{
	if (strncmp(name, "_HOST", 5) == 0)
		return mx_custom_host(m, name + 5, a1, a2, out);
	if (strncmp(name, "_SERVICE", 8) == 0)
		return mx_custom_service(m, name + 8, a1, a2, out);
	if (strncmp(name, "_CONTACT", 8) == 0)
		return mx_custom_contact(m, name + 8, a1, a2, out);
	return MV_ERR;
}

/* ---- $CONTACTADDRESSn$: address n-1 of the contact ---- */

static int
mx_address(const struct obj_contact *c, int x, struct mbuf *out)
{
	if (x < 0 || x >= 6)
		return MV_ERR;
	return mx_put(out, c->address[x]);
}

int
mx_contact_address(struct mx *m, const char *name, const char *a1, const char *a2,
    struct mbuf *out)
{
	const struct obj_contact *c = m->ctx->contact;
	const struct obj_contactgroup *g;
	struct mbuf tmp = { 0 };
	int x = mx_atoi(name + strlen("CONTACTADDRESS")) - 1, r = MV_NULL;
	unsigned i, n = 0;

	if (a2 == NULL) {
		if (a1 != NULL)
			c = mx_find_contact(m, a1);
		return c != NULL ? mx_address(c, x, out) : MV_ERR;
	}
	if ((g = mx_find_contactgroup(m, a1)) == NULL)
		return MV_ERR;
	for (i = 0; i < g->nmembers; i++)
		r = mx_join(out, &tmp, mx_address(g->members[i], x, &tmp), a2, &n);
	mbuf_free(&tmp);
	return r;
}

/*
 * macros_env: the NAGIOS_* environment Nagios 4.4.6 gives a command when
 * enable_environment_macros is set (macros_to_kvv in its macros.c).
 *
 * In this order: every x macro by Nagios's number, whether or not it has a
 * value here (an empty one is exported empty, as Nagios's workers do);
 * NAGIOS_ARG1..32, all of them; the custom variables of the host, service
 * and contact as NAGIOS__HOSTX, NAGIOS__SERVICEX, NAGIOS__CONTACTX, cleaned
 * of illegal characters and left out when that leaves them empty; and
 * with a contact, NAGIOS_CONTACTADDRESS0..5 (numbered from 0 here, unlike
 * the $CONTACTADDRESS1..6$ macros).  Nagios also repeats CONTACTNAME,
 * ALIAS, EMAIL and PAGER after the addresses with the same values; the
 * first copy is enough in an environment.  With
 * use_large_installation_tweaks the member lists and the summary totals
 * are left out.  The x macro values are not cleaned: Nagios only cleans
 * what it substitutes into a command line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/time/macros_int.h"
#include "engine/util/xalloc.h"

/* the entries built so far: NUL-separated text and where each starts */
struct mx_env {
	struct mbuf text;
	size_t *start;
	size_t n;
	size_t cap;
};

static void
mx_env_begin(struct mx_env *e, const char *prefix, const char *name)
{
	if (e->n == e->cap) {
		e->cap = e->cap != 0 ? e->cap * 2 : 256;
		e->start = xreallocarray(e->start, e->cap, sizeof(*e->start));
	}
	e->start[e->n++] = e->text.len;
	mbuf_adds(&e->text, prefix);
	mbuf_adds(&e->text, name);
	mbuf_add(&e->text, "=", 1);
}

static void
mx_env_end(struct mx_env *e)
{
	mbuf_add(&e->text, "", 1); /* keeps the NUL as part of the text */
}

static void
mx_env_put(struct mx_env *e, const char *name, const char *value)
{
	mx_env_begin(e, "NAGIOS_", name);
	if (value != NULL)
		mbuf_adds(&e->text, value);
	mx_env_end(e);
}

/* large installations skip what is long or costly to compute */
static int
mx_env_skipped(const struct main_cfg *cfg, unsigned code)
{
	if (!cfg->use_large_installation_tweaks)
		return 0;
	return code == MC_SERVICEGROUPMEMBERS || code == MC_HOSTGROUPMEMBERS ||
	    code == MC_HOSTGROUPMEMBERADDRESSES ||
	    (code >= MC_TOTALHOSTSUP && code <= MC_TOTALSERVICEPROBLEMSUNHANDLED);
}

/* the variables v, with the values of the overrides in vs (NULL: none) */
static void
mx_env_vars(struct mx_env *e, const struct mx *m, const char *prefix,
    const struct obj_customvar *v, unsigned n, const struct state_vars *vs)
{
	const char *ill = m->ctx->cfg->illegal_macro_output_chars;
	size_t mark;
	unsigned i;
	const char *p;

	for (i = 0; i < n; i++) {
		mx_env_begin(e, prefix, v[i].name);
		mark = e->text.len;
		p = state_var_value(vs, &v[i]);
		for (p = p != NULL ? p : ""; *p != '\0'; p++)
			if ((unsigned char)*p >= 32 && *p != 127 && (ill == NULL || strchr(ill, *p) == NULL))
				mbuf_add(&e->text, p, 1);
		if (e->text.len == mark) { /* nothing left: no entry */
			e->text.len = e->start[--e->n];
			e->text.p[e->text.len] = '\0';
			continue;
		}
		mx_env_end(e);
	}
}

char **
macro_environment(const struct macro_ctx *ctx)
{
	const struct macro_def *d;
	struct mx_env e = { { 0 }, NULL, 0, 0 };
	struct mbuf val = { 0 };
	char name[32], **env;
	struct mx m;
	unsigned k;

	if (ctx->cfg == NULL || !ctx->cfg->enable_environment_macros)
		return NULL;
	mx_init(&m, ctx);
	for (k = 0; k < MC_COUNT; k++) {
		if (mx_env_skipped(ctx->cfg, k))
			continue;
		d = macro_def_get(k);
		val.len = 0;
		mx_env_begin(&e, "NAGIOS_", d->name);
		if (mx_xvalue(&m, k, NULL, NULL, &val) == MV_OK)
			mbuf_add(&e.text, val.p, val.len);
		mx_env_end(&e);
	}
	mbuf_free(&val);
	for (k = 0; k < MACRO_MAX_ARGS; k++) {
		snprintf(name, sizeof(name), "ARG%u", k + 1);
		mx_env_put(&e, name, ctx->args[k]);
	}
	if (m.host != NULL)
		mx_env_vars(&e, &m, "NAGIOS__HOST", m.host->vars, m.host->nvars,
		    mx_host_vars(&m, m.host));
	if (ctx->svc != NULL)
		mx_env_vars(&e, &m, "NAGIOS__SERVICE", ctx->svc->vars, ctx->svc->nvars,
		    mx_service_vars(&m, ctx->svc));
	if (ctx->contact != NULL) {
		mx_env_vars(&e, &m, "NAGIOS__CONTACT", ctx->contact->vars, ctx->contact->nvars,
		    mx_contact_vars(&m, ctx->contact));
		for (k = 0; k < 6; k++) {
			snprintf(name, sizeof(name), "CONTACTADDRESS%u", k);
			mx_env_put(&e, name, ctx->contact->address[k]);
		}
	}
	/* one block: the vector, then the strings it points at */
	env = xmalloc((e.n + 1) * sizeof(char *) + e.text.len);
	memcpy((char *)(env + e.n + 1), e.text.p, e.text.len);
	for (k = 0; k < e.n; k++)
		env[k] = (char *)(env + e.n + 1) + e.start[k];
	env[e.n] = NULL;
	mbuf_free(&e.text);
	free(e.start);
	return env;
}

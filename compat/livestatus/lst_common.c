/*
 * lst_common: the getters hosts and services share (lst_int.h), and the
 * building of sorted, prefixed column arrays.
 *
 * Values follow what naemon-livestatus reads from Nagios-style objects:
 * a period is its name ("" for none) and "in" it when none is set; custom
 * variables are the configured ones with their run-time overrides; the
 * contacts are the direct ones and the members of the contact groups,
 * each once, in that order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lst_int.h"

#include <stdint.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/time/timeperiod.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

const struct lst_obj *
lst_host_row(const struct ls_ctx *x, const struct obj_host *h)
{
	struct lst_obj *o = arena_alloc(x->scratch, sizeof(*o));

	o->h = h;
	o->s = NULL;
	o->st = &LST_DATA(x)->snap->hosts[h->id].c;
	o->cfg = h->cfg;
	o->ext = h->ext;
	return o;
}

const struct lst_obj *
lst_svc_row(const struct ls_ctx *x, const struct obj_service *s)
{
	struct lst_obj *o = arena_alloc(x->scratch, sizeof(*o));

	o->h = s->host;
	o->s = s;
	o->st = &LST_DATA(x)->snap->svcs[s->id].c;
	o->cfg = s->cfg;
	o->ext = s->ext;
	return o;
}

#define LST_AHEAD 8

/* the first cache lines of a state, where the fields most queried are */
static inline void
prefetch_state(const struct state_common *st)
{
	__builtin_prefetch(st);
	__builtin_prefetch((const char *)st + 64);
}

const struct lst_obj *
lst_host_row_at(const struct ls_ctx *x, size_t i)
{
	const struct snapshot *snap = LST_DATA(x)->snap;
	const struct objects *objs = snap->objs;

	if (i >= objs->nhosts)
		return NULL;
	if (i + LST_AHEAD < objs->nhosts)
		prefetch_state(&snap->hosts[objs->hosts[i + LST_AHEAD].id].c);
	return lst_host_row(x, &objs->hosts[i]);
}

const struct lst_obj *
lst_svc_row_at(const struct ls_ctx *x, size_t i)
{
	const struct snapshot *snap = LST_DATA(x)->snap;
	const struct objects *objs = snap->objs;

	if (i >= objs->nservices)
		return NULL;
	if (i + LST_AHEAD < objs->nservices)
		prefetch_state(&snap->svcs[objs->services[i + LST_AHEAD].id].c);
	return lst_svc_row(x, &objs->services[i]);
}

/* the field a column's arg names */
static const void *
field(const struct ls_col *c, const void *row)
{
	const struct lst_obj *o = row;
	const void *base = NULL;

	switch (c->arg >> 16) {
	case LST_B_ST:
	case LST_B_HSTATE:
	case LST_B_SSTATE:
		base = o->st; /* struct state_common is the first member of both */
		break;
	case LST_B_CFG:
		base = o->cfg;
		break;
	case LST_B_EXT:
		base = o->ext;
		break;
	case LST_B_HOST:
		base = o->h;
		break;
	case LST_B_SVC:
		base = o->s;
		break;
	}
	return base != NULL ? (const char *)base + (c->arg & 0xffff) : NULL;
}

#define LST_FIELD(type) const type *p = field(c, row); (void)x; if (p == NULL) return

void
lst_get_int(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	LST_FIELD(int);
	out->i = *p;
}

void
lst_get_u8(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	LST_FIELD(uint8_t);
	out->i = *p;
}

void
lst_get_ulong(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	LST_FIELD(unsigned long);
	out->i = (long long)*p;
}

void
lst_get_time(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	LST_FIELD(time_t);
	out->i = (long long)*p;
}

void
lst_get_dbl(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	LST_FIELD(double);
	out->d = *p;
}

void
lst_get_str(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const char *const *p = field(c, row);

	(void)x;
	if (p != NULL)
		out->s = *p;
}

void
lst_get_plugin_output(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;

	(void)x;
	(void)c;
	out->s = o->st->output != NULL ? o->st->output : "";
}

static const struct obj_timeperiod *
period_of(const struct lst_obj *o, int notif)
{
	return notif ? state_notification_period(o->st, o->cfg) : state_check_period(o->st, o->cfg);
}

static void
period_name(const struct lst_obj *o, int notif, struct ls_cell *out)
{
	const struct obj_timeperiod *tp = period_of(o, notif);

	out->s = tp != NULL ? tp->name : "";
}

void
lst_get_check_period(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	(void)c;
	period_name(row, 0, out);
}

void
lst_get_notif_period(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	(void)c;
	period_name(row, 1, out);
}

static void
in_period(const struct ls_ctx *x, const struct lst_obj *o, int notif, struct ls_cell *out)
{
	const struct obj_timeperiod *tp = period_of(o, notif);

	out->i = tp == NULL || timeperiod_contains(tp, x->now);
}

void
lst_get_in_check_period(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	in_period(x, row, 0, out);
}

void
lst_get_in_notif_period(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	in_period(x, row, 1, out);
}

/* the configured variables of the row, and their number */
static const struct obj_customvar *
vars_of(const struct lst_obj *o, unsigned *n)
{
	if (o->s != NULL) {
		*n = o->s->nvars;
		return o->s->vars;
	}
	*n = o->h->nvars;
	return o->h->vars;
}

void
lst_vars_cell(const struct ls_ctx *x, const struct obj_customvar *vars, unsigned n,
    const struct state_vars *ovr, int what, struct ls_cell *out)
{
	struct ls_elem *e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, (n + 1) * sizeof(*f));
	unsigned i;

	for (i = 0; i < n; i++) {
		const char *v = state_var_value(ovr, &vars[i]);

		v = v != NULL ? v : "";
		if (what == 2) {
			e[i].key = v;
			continue;
		}
		e[i].key = vars[i].name;
		if (what == 0) {
			f[i].s = v;
			f[i].is_str = 1;
			e[i].nf = 1;
			e[i].f = &f[i];
		}
	}
	out->n = n;
	out->e = e;
}

static void
vars_cell(const struct ls_ctx *x, const struct lst_obj *o, int what, struct ls_cell *out)
{
	unsigned n;
	const struct obj_customvar *v = vars_of(o, &n);

	lst_vars_cell(x, v, n, &o->st->vars, what, out);
}

void
lst_get_vars(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	vars_cell(x, row, 0, out);
}

void
lst_get_var_names(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	vars_cell(x, row, 1, out);
}

void
lst_get_var_values(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	vars_cell(x, row, 2, out);
}

void
lst_get_contacts(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct obj_settings *cfg = ((const struct lst_obj *)row)->cfg;
	size_t max = cfg->ncontacts, n = 0, i, k, j;
	struct ls_elem *e;

	(void)c;
	for (i = 0; i < cfg->ncontact_groups; i++)
		max += cfg->contact_groups[i]->nmembers;
	e = arena_zalloc(x->scratch, (max + 1) * sizeof(*e));
	for (i = 0; i < cfg->ncontacts; i++)
		e[n++].key = cfg->contacts[i]->name;
	for (i = 0; i < cfg->ncontact_groups; i++)
		for (k = 0; k < cfg->contact_groups[i]->nmembers; k++) {
			const char *name = cfg->contact_groups[i]->members[k]->name;

			for (j = 0; j < n && strcmp(e[j].key, name) != 0; j++)
				;
			if (j == n)
				e[n++].key = name;
		}
	out->n = n;
	out->e = e;
}

void
lst_get_contact_groups(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct obj_settings *cfg = ((const struct lst_obj *)row)->cfg;
	struct ls_elem *e = arena_zalloc(x->scratch, (cfg->ncontact_groups + 1) * sizeof(*e));
	size_t i;

	(void)c;
	for (i = 0; i < cfg->ncontact_groups; i++)
		e[i].key = cfg->contact_groups[i]->name;
	out->n = cfg->ncontact_groups;
	out->e = e;
}

void
lst_modattr_cell(const struct ls_ctx *x, unsigned long mask, struct ls_cell *out)
{
	struct ls_elem *e = arena_zalloc(x->scratch, 33 * sizeof(*e));
	unsigned i, n = 0;

	for (i = 0; ls_attr_name(i) != NULL; i++)
		if (mask & (1ul << i))
			e[n++].key = ls_attr_name(i);
	out->i = (long long)mask;
	out->n = n;
	out->e = e;
	out->subsep = 1;
}

void
lst_get_modattr_list(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)c;
	lst_modattr_cell(x, ((const struct lst_obj *)row)->st->modified_attributes, out);
}

/*
 * How many check intervals ago the last check was, as naemon-livestatus
 * counts it: (now - last_check) / (check_interval * interval_length), an
 * interval of 0 counting as 1.
 */
void
lst_get_staleness(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;
	double len = LST_DATA(x)->status->interval_length;
	double iv = o->st->check_interval > 0 ? o->st->check_interval : 1;

	(void)c;
	out->d = (double)(x->now - o->st->last_check) / (iv * (len > 0 ? len : 60));
}

/* naemon's should_be_scheduled: a check interval and active checks on */
void
lst_get_should_sched(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;

	(void)x;
	(void)c;
	out->i = o->st->check_interval > 0 && o->st->active_checks_enabled;
}

/* the field at c->arg of the row itself (an object struct of the model) */
void
lst_raw_str(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->s = *(const char *const *)((const char *)row + c->arg);
}

void
lst_raw_uint(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	out->i = *(const unsigned *)((const char *)row + c->arg);
}

void
lst_raw_u8(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->i = *(const uint8_t *)((const char *)row + c->arg);
}

/* ---- *_expanded: naemon-livestatus's few macros ---- */

/* the value of custom variable name (any case) among vars with its override, or NULL */
static const char *
var_named(const struct obj_customvar *vars, unsigned n, const struct state_vars *ovr,
    const char *name, size_t len)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (strlen(vars[i].name) == len && strncasecmp(vars[i].name, name, len) == 0) {
			const char *v = state_var_value(ovr, &vars[i]);

			return v != NULL ? v : "";
		}
	return NULL;
}

/* the value of macro name (len bytes) for the row, or NULL when none */
static const char *
macro(const struct ls_ctx *x, const struct lst_obj *o, const char *name, size_t len)
{
	const struct snapshot *snap = LST_DATA(x)->snap;
	const struct state_common *hs = &snap->hosts[o->h->id].c;
	const struct obj_host *h = o->h;
	const struct obj_service *s = o->s;
	long n;

#define IS(lit) (len == sizeof(lit) - 1 && strncmp(name, lit, len) == 0)
	if (IS("HOSTNAME"))
		return h->name;
	if (IS("HOSTDISPLAYNAME"))
		return h->display_name;
	if (IS("HOSTALIAS"))
		return h->alias;
	if (IS("HOSTADDRESS"))
		return h->address;
	if (IS("HOSTOUTPUT"))
		return hs->output;
	if (IS("LONGHOSTOUTPUT"))
		return hs->long_output;
	if (IS("HOSTPERFDATA"))
		return hs->perf_data;
	if (IS("HOSTCHECKCOMMAND"))
		return h->check_command.raw;
	if (len > 5 && strncmp(name, "_HOST", 5) == 0)
		return var_named(h->vars, h->nvars, &hs->vars, name + 5, len - 5);
	if (s != NULL) {
		if (IS("SERVICEDESC"))
			return s->description;
		if (IS("SERVICEDISPLAYNAME"))
			return s->display_name;
		if (IS("SERVICEOUTPUT"))
			return o->st->output;
		if (IS("LONGSERVICEOUTPUT"))
			return o->st->long_output;
		if (IS("SERVICEPERFDATA"))
			return o->st->perf_data;
		if (IS("SERVICECHECKCOMMAND"))
			return s->check_command.raw;
		if (len > 8 && strncmp(name, "_SERVICE", 8) == 0)
			return var_named(s->vars, s->nvars, &o->st->vars, name + 8, len - 8);
	}
#undef IS
	if (len > 4 && strncmp(name, "USER", 4) == 0 && strspn(name + 4, "0123456789") == len - 4) {
		n = str_atol_lenient(name + 4);
		if (n >= 1 && n <= MAINCFG_MAX_USER_MACROS)
			return snap->cfg->user_macros[n - 1];
	}
	return NULL;
}

/* the ext field at arg with its macros expanded (a macro not known stays as written) */
void
lst_get_expanded(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;
	const char *raw = *(const char *const *)((const char *)o->ext + c->arg), *p, *end;
	struct mbuf b = { 0 };

	if (raw == NULL || strchr(raw, '$') == NULL) {
		out->s = raw;
		return;
	}
	mbuf_adds(&b, "");
	for (p = raw; *p != '\0';) {
		const char *d = strchr(p, '$'), *v;

		if (d == NULL || (end = strchr(d + 1, '$')) == NULL) {
			mbuf_adds(&b, p);
			break;
		}
		mbuf_add(&b, p, (size_t)(d - p));
		v = macro(x, o, d + 1, (size_t)(end - d - 1));
		if (v != NULL)
			mbuf_adds(&b, v);
		else
			mbuf_add(&b, d, (size_t)(end - d + 1));
		p = end + 1;
	}
	out->s = arena_strdup(x->scratch, b.p);
	mbuf_free(&b);
}

int
lst_col_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ls_col *)a)->name, ((const struct ls_col *)b)->name);
}

struct ls_col *
lst_cols(const struct ls_col *cols, size_t n)
{
	struct ls_col *out = xcalloc(n + 1, sizeof(*out));

	memcpy(out, cols, n * sizeof(*out));
	qsort(out, n, sizeof(*out), lst_col_cmp);
	return out;
}

void
lst_join(struct ls_col *all, size_t *k, const struct ls_col *cols, size_t n, const char *prefix,
    ls_via_fn *via)
{
	size_t i;

	for (i = 0; i < n; i++, (*k)++) {
		all[*k] = cols[i];
		all[*k].name = xasprintf("%s%s", prefix, cols[i].name);
		all[*k].via = via;
	}
}

struct ls_col *
lst_with_objects(const struct ls_col *own, size_t n, size_t extra, const char *hprefix,
    ls_via_fn *hvia, const char *sprefix, ls_via_fn *svia, size_t *k)
{
	size_t nh, ns;
	struct ls_col *host = lst_host_all(&nh), *svc = lst_svc_all(&ns), *all;

	all = xcalloc(n + nh + ns + extra + 1, sizeof(*all));
	memcpy(all, own, n * sizeof(*all));
	*k = n;
	lst_join(all, k, host, nh, hprefix, hvia);
	lst_join(all, k, svc, ns, sprefix, svia);
	free(host);
	free(svc);
	return all;
}

/* ---- counting by state ---- */

static int
badness(int state, int hosts)
{
	static const int svc[] = { 0, 1, 3, 2 }, host[] = { 0, 2, 1 };

	if (hosts)
		return state >= 0 && state <= 2 ? host[state] : 0;
	return state >= 0 && state <= 3 ? svc[state] : 0;
}

void
lst_tally_add(struct lst_tally *t, const struct state_common *st, size_t arg)
{
	int state = (arg & LST_AG_HARD) ? st->last_hard_state : st->current_state;
	int kind = (int)(arg & 15), hosts = (arg & LST_AG_HOSTS) != 0;

	if (kind == LST_AG_WORST) {
		if (badness(state, hosts) > badness(t->worst, hosts))
			t->worst = state;
	} else if (kind == LST_AG_NUM) {
		t->n++;
	} else if (kind == LST_AG_PENDING) {
		t->n += !st->has_been_checked;
	} else if (st->has_been_checked && state == kind - LST_AG_S0) {
		t->n++;
	}
}

long long
lst_tally_value(const struct lst_tally *t, size_t arg)
{
	return (arg & 15) == LST_AG_WORST ? t->worst : t->n;
}

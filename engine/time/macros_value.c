/*
 * macros_value: the value of one x macro for one object, and of the
 * program-wide ones (dates, files, summary totals).
 *
 * Most rows of the table are read generically (a string or number at an
 * offset into the object or its state); the rest have a case here.  The
 * numbers are printed as Nagios prints them ("%.3f" for latency, "%lu" for
 * times, "(null)" for a missing notification period, which is what glibc
 * made of Nagios's NULL).  A host or service without run-time state (the
 * context has no state arrays) reads as a never-checked one.
 *
 * Notes and URLs may hold macros themselves: they are expanded again in
 * the same context, URLs with each value URL-encoded, as Nagios does.
 * Nagios recurses without limit (notes naming themselves crash it); here
 * the nesting stops at MX_MAX_DEPTH and the text goes in as written.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros_int.h"
#include "engine/time/timeperiod.h"

#define MX_MAX_DEPTH 8

#define FIELD(base, off, type) (*(type const *)(const void *)((const char *)(base) + (off)))

/* the state kinds read struct state_common at the start of either struct */
_Static_assert(offsetof(struct host_state, c) == 0, "state_common first in host_state");
_Static_assert(offsetof(struct svc_state, c) == 0, "state_common first in svc_state");

static const struct host_state mx_no_hstate;
static const struct svc_state mx_no_sstate;

int
mx_put(struct mbuf *out, const char *s)
{
	if (s == NULL)
		return MV_NULL;
	mbuf_adds(out, s);
	return MV_OK;
}

static time_t
mx_now(const struct mx *m)
{
	return m->ctx->now != 0 ? m->ctx->now : time(NULL);
}

static const struct host_state *
mx_hstate(const struct mx *m, const struct obj_host *h)
{
	return m->ctx->hstates != NULL ? &m->ctx->hstates[h->id] : &mx_no_hstate;
}

static const struct svc_state *
mx_sstate(const struct mx *m, const struct obj_service *s)
{
	return m->ctx->sstates != NULL ? &m->ctx->sstates[s->id] : &mx_no_sstate;
}

/* long output as Nagios keeps it: backslashes doubled, newlines as "\n" */
static int
mx_longout(struct mbuf *out, const char *s)
{
	const char *p;

	if (s == NULL)
		return MV_NULL;
	for (p = s; *p != '\0'; p++) {
		if (*p == '\\')
			mbuf_add(out, "\\\\", 2);
		else if (*p == '\n')
			mbuf_add(out, "\\n", 2);
		else
			mbuf_add(out, p, 1);
	}
	mbuf_add(out, "", 0);
	return MV_OK;
}

/* the kinds read from a state; st is a struct host_state or svc_state */
static int
mx_state_value(const struct macro_def *d, const void *st, int is_host, struct mbuf *out)
{
	const struct state_common *c = st; /* the first member of both */
	int v;

	switch (d->kind) {
	case MK_OUT:
		return mx_put(out, FIELD(c, d->off, char *));
	case MK_LONGOUT:
		return mx_longout(out, FIELD(c, d->off, char *));
	case MK_INT:
		mbuf_addf(out, "%d", FIELD(c, d->off, int));
		return MV_OK;
	case MK_ULONG:
		mbuf_addf(out, "%lu", FIELD(c, d->off, unsigned long));
		return MV_OK;
	case MK_TIME:
	case MK_XTIME: /* offsets of both are from the start of the whole struct */
		mbuf_addf(out, "%lu", (unsigned long)FIELD(st, d->off, time_t));
		return MV_OK;
	case MK_DBL2:
		mbuf_addf(out, "%.2f", FIELD(c, d->off, double));
		return MV_OK;
	case MK_DBL3:
		mbuf_addf(out, "%.3f", FIELD(c, d->off, double));
		return MV_OK;
	case MK_STATENAME:
		v = FIELD(c, d->off, int);
		return mx_put(out, is_host ? state_host_name(v) : state_svc_name(v));
	case MK_STATETYPE:
		return mx_put(out, state_type_name(FIELD(c, d->off, int)));
	case MK_CHECKTYPE:
		v = FIELD(c, d->off, int);
		return mx_put(out, v == STATE_CHECK_PASSIVE ? "PASSIVE" : "ACTIVE");
	case MK_YESNO:
		return mx_put(out, FIELD(c, d->off, int) ? "YES" : "NO");
	case MK_ZERO:
		return mx_put(out, "0");
	case MK_NONE:
		return MV_NULL;
	default:
		return MV_ERR;
	}
}

/* notes and URLs: the text is expanded again, URLs with values encoded */
static int
mx_notes(struct mx *m, const struct macro_def *d, const void *base, struct mbuf *out)
{
	const char *text = FIELD(base, d->off, const char *);

	if (m->depth >= MX_MAX_DEPTH) {
		mbuf_adds(out, text != NULL ? text : "");
		return MV_OK;
	}
	m->depth++;
	mx_expand(m, text, d->kind == MK_URL ? MX_URL : 0, out);
	m->depth--;
	mbuf_add(out, "", 0); /* an empty note is an empty value, not none */
	return MV_OK;
}

/* "%dd %dh %dm %ds" or seconds since the last state change */
static int
mx_duration(struct mx *m, time_t since, int seconds_only, struct mbuf *out)
{
	unsigned long d = (unsigned long)(mx_now(m) - since);
	int days, hours, mins;

	if (seconds_only) {
		mbuf_addf(out, "%lu", d);
		return MV_OK;
	}
	days = (int)(d / 86400);
	d -= (unsigned long)days * 86400;
	hours = (int)(d / 3600);
	d -= (unsigned long)hours * 3600;
	mins = (int)(d / 60);
	d -= (unsigned long)mins * 60;
	mbuf_addf(out, "%dd %dh %dm %ds", days, hours, mins, (int)d);
	return MV_OK;
}

static void
mx_infourl(struct mx *m, struct mbuf *out, int type, const char *host, const char *svc)
{
	const char *web = m->ctx->cfg != NULL ? m->ctx->cfg->website_url : NULL;

	mbuf_adds(out, web != NULL ? web : "website_url not set");
	mbuf_addf(out, "/cgi-bin/extinfo.cgi?type=%d&host=", type);
	mx_urlencode(out, host, strlen(host));
	if (svc != NULL) {
		mbuf_adds(out, "&service=");
		mx_urlencode(out, svc, strlen(svc));
	}
}

static int
mx_period(struct mbuf *out, const struct obj_timeperiod *tp)
{
	/* Nagios prints the period's name with "%s", NULL included */
	return mx_put(out, tp != NULL ? tp->name : "(null)");
}

/* the TOTALHOSTSERVICES* family: over this host's services, pending as OK */
static int
mx_host_services(struct mx *m, unsigned code, const struct obj_host *h, struct mbuf *out)
{
	int n[4] = { 0, 0, 0, 0 }, total = 0, st;
	unsigned i;

	for (i = 0; i < h->nservices; i++) {
		total++;
		st = mx_sstate(m, h->services[i])->c.current_state;
		if (st >= 0 && st < 4)
			n[st]++;
	}
	switch (code) {
	case MC_TOTALHOSTSERVICESOK:
		total = n[OBJ_STATE_OK];
		break;
	case MC_TOTALHOSTSERVICESWARNING:
		total = n[OBJ_STATE_WARNING];
		break;
	case MC_TOTALHOSTSERVICESUNKNOWN:
		total = n[OBJ_STATE_UNKNOWN];
		break;
	case MC_TOTALHOSTSERVICESCRITICAL:
		total = n[OBJ_STATE_CRITICAL];
		break;
	}
	mbuf_addf(out, "%d", total);
	return MV_OK;
}

static int
mx_host_special(struct mx *m, unsigned code, const struct obj_host *h, struct mbuf *out)
{
	const struct host_state *st = mx_hstate(m, h);
	unsigned i, sum;

	switch (code) {
	case MC_HOSTDURATION:
	case MC_HOSTDURATIONSEC:
		return mx_duration(m, st->c.last_state_change, code == MC_HOSTDURATIONSEC, out);
	case MC_HOSTCHECKCOMMAND:
		return mx_put(out, h->check_command.raw);
	case MC_HOSTGROUPNAMES:
		for (i = 0; i < h->ngroups; i++) {
			if (i > 0)
				mbuf_add(out, ",", 1);
			mbuf_adds(out, h->groups[i]->name);
		}
		return h->ngroups > 0 ? MV_OK : MV_NULL;
	case MC_HOSTIMPORTANCE:
		mbuf_addf(out, "%u", h->cfg->importance);
		return MV_OK;
	case MC_HOSTANDSERVICESIMPORTANCE:
		sum = h->cfg->importance;
		for (i = 0; i < h->nservices; i++)
			sum += h->services[i]->cfg->importance;
		mbuf_addf(out, "%u", sum);
		return MV_OK;
	case MC_HOSTINFOURL:
		mx_infourl(m, out, 1, h->name, NULL);
		return MV_OK;
	case MC_HOSTNOTIFICATIONPERIOD:
		/* a CHANGE_HOST_NOTIFICATION_TIMEPERIOD's, as Nagios prints the new name */
		return mx_period(out, state_notification_period(&st->c, h->cfg));
	default:
		return mx_host_services(m, code, h, out);
	}
}

int
mx_host_value(struct mx *m, unsigned code, const struct obj_host *h, struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);

	switch (d->kind) {
	case MK_STR:
		return mx_put(out, FIELD(h, d->off, const char *));
	case MK_NOTES:
	case MK_URL:
		return mx_notes(m, d, h->ext, out);
	case MK_SPECIAL:
		return mx_host_special(m, code, h, out);
	default:
		return mx_state_value(d, mx_hstate(m, h), 1, out);
	}
}

static int
mx_service_special(struct mx *m, unsigned code, const struct obj_service *s,
    struct mbuf *out)
{
	const struct svc_state *st = mx_sstate(m, s);
	unsigned i;

	switch (code) {
	case MC_SERVICEDURATION:
	case MC_SERVICEDURATIONSEC:
		return mx_duration(m, st->c.last_state_change, code == MC_SERVICEDURATIONSEC, out);
	case MC_SERVICECHECKCOMMAND:
		return mx_put(out, s->check_command.raw);
	case MC_SERVICEGROUPNAMES:
		for (i = 0; i < s->ngroups; i++) {
			if (i > 0)
				mbuf_add(out, ",", 1);
			mbuf_adds(out, s->groups[i]->name);
		}
		return s->ngroups > 0 ? MV_OK : MV_NULL;
	case MC_SERVICEISVOLATILE:
		mbuf_addf(out, "%d", s->cfg->is_volatile);
		return MV_OK;
	case MC_SERVICEIMPORTANCE:
		mbuf_addf(out, "%u", s->cfg->importance);
		return MV_OK;
	case MC_SERVICEINFOURL:
		mx_infourl(m, out, 2, s->host->name, s->description);
		return MV_OK;
	case MC_SERVICENOTIFICATIONPERIOD:
		return mx_period(out, state_notification_period(&st->c, s->cfg));
	default:
		return MV_ERR;
	}
}

int
mx_service_value(struct mx *m, unsigned code, const struct obj_service *s, struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);

	switch (d->kind) {
	case MK_STR:
		return mx_put(out, FIELD(s, d->off, const char *));
	case MK_NOTES:
	case MK_URL:
		return mx_notes(m, d, s->ext, out);
	case MK_SPECIAL:
		return mx_service_special(m, code, s, out);
	default:
		return mx_state_value(d, mx_sstate(m, s), 0, out);
	}
}

int
mx_hostgroup_value(struct mx *m, unsigned code, const struct obj_hostgroup *g,
    struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);
	const char *v;
	unsigned i, n = 0;

	if (d->kind == MK_STR)
		return mx_put(out, FIELD(g, d->off, const char *));
	if (d->kind == MK_NOTES || d->kind == MK_URL)
		return mx_notes(m, d, g, out);
	/* members or their addresses, comma-separated; an empty group is "" */
	mbuf_add(out, "", 0);
	for (i = 0; i < g->nmembers; i++) {
		v = code == MC_HOSTGROUPMEMBERS ? g->members[i]->name : g->members[i]->address;
		if (v == NULL)
			continue;
		if (n++ > 0)
			mbuf_add(out, ",", 1);
		mbuf_adds(out, v);
	}
	return MV_OK;
}

int
mx_servicegroup_value(struct mx *m, unsigned code, const struct obj_servicegroup *g,
    struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);
	unsigned i;

	if (d->kind == MK_STR)
		return mx_put(out, FIELD(g, d->off, const char *));
	if (d->kind == MK_NOTES || d->kind == MK_URL)
		return mx_notes(m, d, g, out);
	/* host,service pairs, comma-separated; an empty group is "" */
	mbuf_add(out, "", 0);
	for (i = 0; i < g->nmembers; i++)
		mbuf_addf(out, "%s%s,%s", i > 0 ? "," : "", g->members[i]->host->name,
		    g->members[i]->description);
	return MV_OK;
}

int
mx_contact_value(unsigned code, const struct obj_contact *c, struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);
	unsigned i;

	if (d->kind == MK_STR)
		return mx_put(out, FIELD(c, d->off, const char *));
	for (i = 0; i < c->ngroups; i++) /* CONTACTGROUPNAMES */
		mbuf_addf(out, "%s%s", i > 0 ? "," : "", c->groups[i]->name);
	return c->ngroups > 0 ? MV_OK : MV_NULL;
}

int
mx_contactgroup_value(unsigned code, const struct obj_contactgroup *g, struct mbuf *out)
{
	const struct macro_def *d = macro_def_get(code);
	unsigned i;

	if (d->kind == MK_STR)
		return mx_put(out, FIELD(g, d->off, const char *));
	for (i = 0; i < g->nmembers; i++) /* CONTACTGROUPMEMBERS */
		mbuf_addf(out, "%s%s", i > 0 ? "," : "", g->members[i]->name);
	return g->nmembers > 0 ? MV_OK : MV_NULL;
}

/* ---- program-wide macros ---- */

static int
mx_date(struct mx *m, unsigned code, const char *a1, const char *a2, struct mbuf *out)
{
	static const char *const wday[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
		"Aug", "Sep", "Oct", "Nov", "Dec" };
	const struct main_cfg *cfg = m->ctx->cfg;
	int fmt = cfg != NULL ? cfg->date_format_id : MAINCFG_DATE_US;
	const struct obj_timeperiod *tp = NULL;
	time_t now = mx_now(m), t, from, next;
	struct tm tm;

	if (code == MC_ISVALIDTIME || code == MC_NEXTVALIDTIME) {
		if (a1 == NULL || m->ctx->objs == NULL ||
		    (tp = objects_find_timeperiod(m->ctx->objs, a1)) == NULL)
			return MV_ERR;
		t = a2 != NULL ? (time_t)strtoul(a2, NULL, 0) : now;
		if (code == MC_ISVALIDTIME) {
			mbuf_addf(out, "%d", timeperiod_contains(tp, t) ? 1 : 0);
			return MV_OK;
		}
		/*
		 * Nagios searches from now at the earliest, falls back on where
		 * it started when nothing is found, and says 0 only when that is
		 * the time asked about and it is not valid.
		 */
		from = t > now ? t : now;
		if ((next = timeperiod_next(tp, from)) == (time_t)-1)
			next = from;
		if (next == t && !timeperiod_contains(tp, t))
			next = 0;
		mbuf_addf(out, "%lu", (unsigned long)next);
		return MV_OK;
	}
	if (code == MC_TIMET) {
		mbuf_addf(out, "%lu", (unsigned long)now);
		return MV_OK;
	}
	localtime_r(&now, &tm);
	if (code == MC_LONGDATETIME) {
		mbuf_addf(out, "%s %s %d %02d:%02d:%02d %s %d", wday[tm.tm_wday], mon[tm.tm_mon],
		    tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_zone != NULL ? tm.tm_zone : "",
		    tm.tm_year + 1900);
		return MV_OK;
	}
	if (code == MC_SHORTDATETIME || code == MC_DATE) {
		if (fmt == MAINCFG_DATE_EURO)
			mbuf_addf(out, "%02d-%02d-%04d", tm.tm_mday, tm.tm_mon + 1, tm.tm_year + 1900);
		else if (fmt == MAINCFG_DATE_ISO8601 || fmt == MAINCFG_DATE_STRICT_ISO8601)
			mbuf_addf(out, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
		else
			mbuf_addf(out, "%02d-%02d-%04d", tm.tm_mon + 1, tm.tm_mday, tm.tm_year + 1900);
		if (code == MC_DATE)
			return MV_OK;
		mbuf_add(out, fmt == MAINCFG_DATE_STRICT_ISO8601 ? "T" : " ", 1);
	}
	mbuf_addf(out, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
	return MV_OK;
}

static int
mx_static(struct mx *m, unsigned code, struct mbuf *out)
{
	const struct main_cfg *cfg = m->ctx->cfg;
	const struct macro_globals *g = m->ctx->globals;
	const struct macro_def *d = macro_def_get(code);
	time_t t;

	switch (code) {
	case MC_PROCESSSTARTTIME:
	case MC_EVENTSTARTTIME:
		if (g == NULL)
			return MV_NULL;
		t = code == MC_EVENTSTARTTIME && g->event_start != 0 ? g->event_start :
		    g->program_start;
		mbuf_addf(out, "%llu", (unsigned long long)t);
		return MV_OK;
	case MC_RESOURCEFILE: /* Nagios keeps the last resource_file read */
		if (cfg == NULL || cfg->resource_files.len == 0)
			return MV_NULL;
		return mx_put(out, cfg->resource_files.items[cfg->resource_files.len - 1]);
	default:
		return cfg != NULL ? mx_put(out, FIELD(cfg, d->off, char *)) : MV_NULL;
	}
}

/* is c a contact of the object with these settings, directly or by group */
static int
mx_is_contact_for(const struct obj_settings *cfg, const struct obj_contact *c)
{
	const struct obj_contactgroup *g;
	unsigned i, j;

	for (i = 0; i < cfg->ncontacts; i++)
		if (cfg->contacts[i] == c)
			return 1;
	for (i = 0; i < cfg->ncontact_groups; i++) {
		g = cfg->contact_groups[i];
		for (j = 0; j < g->nmembers; j++)
			if (g->members[j] == c)
				return 1;
	}
	return 0;
}

/* a problem nobody handles: not in downtime, not acknowledged, checked actively */
static int
mx_unhandled(const struct state_common *c)
{
	return c->scheduled_downtime_depth <= 0 && !c->problem_has_been_acknowledged &&
	    c->active_checks_enabled;
}

#define T(code) m->totals[MC_##code - MC_TOTALHOSTSUP]

/*
 * The TOTAL* summary, counted once per expansion over every host and
 * service (those of the context's contact only, when there is one).
 * Nagios 4.4.6 counts an unhandled UNREACHABLE host as an unhandled DOWN
 * one, so TOTALHOSTSUNREACHABLEUNHANDLED stays 0: kept, as scripts see it.
 */
static void
mx_totals(struct mx *m)
{
	const struct macro_ctx *ctx = m->ctx;
	const struct objects *o = ctx->objs;
	const struct state_common *c;
	const struct obj_service *s;
	int hst;
	unsigned i;

	m->have_totals = 1;
	memset(m->totals, 0, sizeof(m->totals));
	for (i = 0; o != NULL && i < o->nhosts; i++) {
		if (ctx->contact != NULL && !mx_is_contact_for(o->hosts[i].cfg, ctx->contact))
			continue;
		c = &mx_hstate(m, &o->hosts[i])->c;
		if (c->current_state == OBJ_HOST_UP && c->has_been_checked)
			T(TOTALHOSTSUP)++;
		else if (c->current_state == OBJ_HOST_DOWN || c->current_state == OBJ_HOST_UNREACHABLE) {
			T(TOTALHOSTSDOWNUNHANDLED) += mx_unhandled(c);
			if (c->current_state == OBJ_HOST_DOWN)
				T(TOTALHOSTSDOWN)++;
			else
				T(TOTALHOSTSUNREACHABLE)++;
		}
	}
	T(TOTALHOSTPROBLEMS) = T(TOTALHOSTSDOWN) + T(TOTALHOSTSUNREACHABLE);
	T(TOTALHOSTPROBLEMSUNHANDLED) = T(TOTALHOSTSDOWNUNHANDLED) +
	    T(TOTALHOSTSUNREACHABLEUNHANDLED);
	for (i = 0; o != NULL && i < o->nservices; i++) {
		s = &o->services[i];
		if (ctx->contact != NULL && !mx_is_contact_for(s->cfg, ctx->contact))
			continue;
		c = &mx_sstate(m, s)->c;
		if (c->current_state == OBJ_STATE_OK) {
			T(TOTALSERVICESOK) += c->has_been_checked != 0;
			continue;
		}
		hst = mx_hstate(m, s->host)->c.current_state;
		hst = hst != OBJ_HOST_DOWN && hst != OBJ_HOST_UNREACHABLE && mx_unhandled(c);
		if (c->current_state == OBJ_STATE_WARNING) {
			T(TOTALSERVICESWARNING)++;
			T(TOTALSERVICESWARNINGUNHANDLED) += hst;
		} else if (c->current_state == OBJ_STATE_CRITICAL) {
			T(TOTALSERVICESCRITICAL)++;
			T(TOTALSERVICESCRITICALUNHANDLED) += hst;
		} else if (c->current_state == OBJ_STATE_UNKNOWN) {
			T(TOTALSERVICESUNKNOWN)++;
			T(TOTALSERVICESUNKNOWNUNHANDLED) += hst;
		}
	}
	T(TOTALSERVICEPROBLEMS) = T(TOTALSERVICESWARNING) + T(TOTALSERVICESCRITICAL) +
	    T(TOTALSERVICESUNKNOWN);
	T(TOTALSERVICEPROBLEMSUNHANDLED) = T(TOTALSERVICESWARNINGUNHANDLED) +
	    T(TOTALSERVICESCRITICALUNHANDLED) + T(TOTALSERVICESUNKNOWNUNHANDLED);
}

#undef T

int
mx_notif_value(struct mx *m, unsigned code, const char *a1, struct mbuf *out)
{
	const struct macro_notif *n = m->ctx->notif;

	switch (code) {
	case MC_NOTIFICATIONTYPE:
		return mx_put(out, n->type);
	case MC_NOTIFICATIONNUMBER:
		mbuf_addf(out, "%d", n->number);
		return MV_OK;
	case MC_NOTIFICATIONRECIPIENTS:
		return mx_put(out, n->recipients);
	case MC_NOTIFICATIONISESCALATED:
		if (n->is_escalated == MACRO_NOTIF_UNSET)
			return mx_put(out, NULL);
		return mx_put(out, n->is_escalated ? "1" : "0");
	case MC_NOTIFICATIONAUTHOR:
		return mx_put(out, n->author);
	case MC_NOTIFICATIONAUTHORNAME:
		return mx_put(out, n->author_name);
	case MC_NOTIFICATIONAUTHORALIAS:
		return mx_put(out, n->author_alias);
	case MC_NOTIFICATIONCOMMENT:
		return mx_put(out, n->comment);
	default:
		break;
	}
	if (a1 != NULL)
		return MV_NOT_MINE;
	/* the ACK macros and ids belong to the notified object's kind only */
	switch (code) {
	case MC_HOSTACKAUTHOR:
	case MC_HOSTACKAUTHORNAME:
	case MC_HOSTACKAUTHORALIAS:
	case MC_HOSTACKCOMMENT:
	case MC_HOSTNOTIFICATIONID:
		if (m->ctx->svc != NULL)
			return MV_NOT_MINE;
		break;
	case MC_SERVICEACKAUTHOR:
	case MC_SERVICEACKAUTHORNAME:
	case MC_SERVICEACKAUTHORALIAS:
	case MC_SERVICEACKCOMMENT:
	case MC_SERVICENOTIFICATIONID:
		if (m->ctx->svc == NULL)
			return MV_NOT_MINE;
		break;
	default:
		return MV_NOT_MINE;
	}
	switch (code) {
	case MC_HOSTACKAUTHOR:
	case MC_SERVICEACKAUTHOR:
		return mx_put(out, n->ack_author);
	case MC_HOSTACKAUTHORNAME:
	case MC_SERVICEACKAUTHORNAME:
		return mx_put(out, n->ack_author != NULL ? n->author_name : NULL);
	case MC_HOSTACKAUTHORALIAS:
	case MC_SERVICEACKAUTHORALIAS:
		return mx_put(out, n->ack_author != NULL ? n->author_alias : NULL);
	case MC_HOSTACKCOMMENT:
	case MC_SERVICEACKCOMMENT:
		return mx_put(out, n->ack_comment);
	default:
		mbuf_addf(out, "%lu", n->id);
		return MV_OK;
	}
}

int
mx_global_value(struct mx *m, unsigned code, const char *a1, const char *a2,
    struct mbuf *out)
{
	switch (macro_def_get(code)->family) {
	case MF_DATE:
		return mx_date(m, code, a1, a2, out);
	case MF_STATIC:
		return mx_static(m, code, out);
	case MF_SUMMARY:
		if (!m->have_totals)
			mx_totals(m);
		mbuf_addf(out, "%d", m->totals[code - MC_TOTALHOSTSUP]);
		return MV_OK;
	default: /* notification macros: set only while notifying */
		return MV_NULL;
	}
}

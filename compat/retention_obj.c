/*
 * retention_obj: the host, service and contact sections of retention.dat
 * as the reader (retention_read.c) hands them over line by line.
 *
 * A section stages a copy of its object's state when its name has been
 * read; each line goes through the field tables (retention_int.h) and
 * lands in the copy if Nagios 4.4.6's rules let it (retain_* switches,
 * modified-attribute bits, the scheduling horizon); at "}" the fix-ups of
 * xrddefault_read_state_information run and the copy replaces the state,
 * its strings through state_set_str.  A section that never sees its "}"
 * changes nothing.  The rules and where jaque departs from them are
 * described at the top of retention_read.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd.h"
#include "compat/retention.h"
#include "compat/retention_int.h"
#include "compat/snapshot.h"
#include "engine/check/flapping.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/timeperiod.h"
#include "engine/util/xalloc.h"

/* the escalations of each host and service, built when first needed */
struct rd_esc {
	unsigned *hfirst, *hlist; /* host id -> hlist[hfirst[id] .. hfirst[id + 1]) */
	unsigned *sfirst, *slist;
};

/* undo the escaping of long output in place: "\n" newline, "\\" backslash */
static size_t
rd_unescape(char *v)
{
	char *r = v, *w = v;

	while (*r != '\0') {
		if (r[0] == '\\' && r[1] == 'n') {
			*w++ = '\n';
			r += 2;
		} else if (r[0] == '\\' && r[1] == '\\') {
			*w++ = '\\';
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return (size_t)(w - v);
}

/* the row named key: the one after the last found first (the file's order) */
static const struct rt_field *
rd_find(struct rd *rd, const struct rt_field *rows, size_t n, const char *key)
{
	size_t i;

	if (rd->hint < n && strcmp(rows[rd->hint].key, key) == 0)
		return &rows[rd->hint++];
	for (i = 0; i < n; i++) {
		if (strcmp(rows[i].key, key) == 0) {
			rd->hint = i + 1;
			return &rows[i];
		}
	}
	return NULL;
}

/* ---- objects ---- */

/* how problems name the object: "host", "host;service" or "contact" */
static const char *
rd_objname(const struct rd *rd, char *buf, size_t n)
{
	if (rd->sect == RD_SERVICE)
		snprintf(buf, n, "service '%s;%s'", rd->obj.host, rd->obj.svc);
	else
		snprintf(buf, n, "%s '%s'", rd->sect == RD_HOST ? "host" : "contact", rd->obj.host);
	return buf;
}

void
rd_obj_reset(struct rd *rd)
{
	struct rd_obj *o = &rd->obj;

	if (o->found && rd->sect == RD_HOST)
		state_host_clear(&o->st.h);
	else if (o->found && rd->sect == RD_SERVICE)
		state_svc_clear(&o->st.s);
	else if (o->found && rd->sect == RD_CONTACT)
		state_contact_clear(&o->st.c);
	free(o->host);
	free(o->svc);
	memset(o, 0, sizeof(*o));
}

/* the staged copy's own copy of the overrides it shares with the real state */
static void
rd_vars_own(struct state_vars *vs)
{
	struct state_vars real = *vs;
	unsigned i;

	memset(vs, 0, sizeof(*vs));
	for (i = 0; i < real.n; i++)
		state_var_set(vs, real.v[i].name, real.v[i].value);
}

/* the names are known: find the object and stage a copy of its state */
static void
rd_obj_lookup(struct rd *rd)
{
	struct rd_obj *o = &rd->obj;
	struct snapshot *s = rd->s;
	const struct obj_settings *set = NULL;

	o->named = 1;
	if (rd->sect == RD_HOST && (o->oh = objects_find_host(s->objs, o->host)) != NULL) {
		o->real = &s->hosts[o->oh->id];
		o->st.h = s->hosts[o->oh->id];
		set = o->oh->cfg;
		rt_conf_host(&o->conf, o->oh, NULL);
	} else if (rd->sect == RD_SERVICE &&
	    (o->os = objects_find_service(s->objs, o->host, o->svc)) != NULL) {
		o->real = &s->svcs[o->os->id];
		o->st.s = s->svcs[o->os->id];
		set = o->os->cfg;
		rt_conf_service(&o->conf, o->os, NULL);
	} else if (rd->sect == RD_CONTACT && s->contacts != NULL &&
	    (o->oc = objects_find_contact(s->objs, o->host)) != NULL) {
		o->real = &s->contacts[o->oc->id];
		o->st.c = s->contacts[o->oc->id];
		o->rs = o->oc->retain_status_information;
		o->rn = o->oc->retain_nonstatus_information;
		rt_conf_contact(&o->conf, o->oc, NULL);
		rd_vars_own(&o->st.c.vars);
	}
	if (o->real == NULL)
		return;
	o->found = 1;
	if (set != NULL) {
		/* the staged copy gets strings of its own when lines set them */
		o->st.h.c.output = o->st.h.c.long_output = o->st.h.c.perf_data = NULL;
		rd_vars_own(&o->st.h.c.vars);
		o->rs = set->retain_status_information;
		o->rn = set->retain_nonstatus_information;
	}
}

/* index the escalations by host and service id (counting sort) */
static void
rd_esc_build(struct rd *rd)
{
	const struct objects *ob = rd->s->objs;
	struct rd_esc *e = xcalloc(1, sizeof(*e));
	unsigned i, *fill;

	e->hfirst = xcalloc(ob->nhosts + 1, sizeof(unsigned));
	e->sfirst = xcalloc(ob->nservices + 1, sizeof(unsigned));
	e->hlist = xcalloc(ob->nhostescalations + 1, sizeof(unsigned));
	e->slist = xcalloc(ob->nserviceescalations + 1, sizeof(unsigned));
	for (i = 0; i < ob->nhostescalations; i++)
		e->hfirst[ob->hostescalations[i].host->id + 1]++;
	for (i = 0; i < ob->nhosts; i++)
		e->hfirst[i + 1] += e->hfirst[i];
	fill = xcalloc(ob->nhosts + 1, sizeof(unsigned));
	for (i = 0; i < ob->nhostescalations; i++) {
		unsigned id = ob->hostescalations[i].host->id;
		e->hlist[e->hfirst[id] + fill[id]++] = i;
	}
	free(fill);
	for (i = 0; i < ob->nserviceescalations; i++)
		e->sfirst[ob->serviceescalations[i].service->id + 1]++;
	for (i = 0; i < ob->nservices; i++)
		e->sfirst[i + 1] += e->sfirst[i];
	fill = xcalloc(ob->nservices + 1, sizeof(unsigned));
	for (i = 0; i < ob->nserviceescalations; i++) {
		unsigned id = ob->serviceescalations[i].service->id;
		e->slist[e->sfirst[id] + fill[id]++] = i;
	}
	free(fill);
	rd->esc = e;
}

void
rd_esc_free(struct rd_esc *e)
{
	if (e == NULL)
		return;
	free(e->hfirst);
	free(e->hlist);
	free(e->sfirst);
	free(e->slist);
	free(e);
}

/* whether an escalation applies to c now (is_valid_escalation_for_*_notification) */
static int
rd_esc_valid(const struct state_common *c, int first, int last, unsigned options,
    const struct obj_timeperiod *period, time_t now)
{
	int n = c->current_notification_number - (c->current_state == 0 ? 1 : 0);

	if (first > n || (last != 0 && last < n))
		return 0;
	if (c->current_state < 0 || c->current_state > 3 || !(options & (1u << c->current_state)))
		return 0;
	return period == NULL || timeperiod_contains(period, now);
}

/* get_next_*_notification_time at the end of a host (oh) or service (os) section;
 * it sets no_more_notifications as Nagios's does */
static time_t
rd_next_notification(struct rd *rd, struct state_common *c)
{
	const struct objects *ob = rd->s->objs;
	const struct obj_settings *set;
	double interval, ei, t;
	int have = 0, il = rd->s->cfg->interval_length > 0 ? rd->s->cfg->interval_length : 60;
	unsigned i, from, to;

	if (rd->esc == NULL)
		rd_esc_build(rd);
	if (rd->obj.oh != NULL) {
		set = rd->obj.oh->cfg;
		from = rd->esc->hfirst[rd->obj.oh->id];
		to = rd->esc->hfirst[rd->obj.oh->id + 1];
	} else {
		set = rd->obj.os->cfg;
		from = rd->esc->sfirst[rd->obj.os->id];
		to = rd->esc->sfirst[rd->obj.os->id + 1];
	}
	interval = set->notification_interval;
	for (i = from; i < to; i++) {
		if (rd->obj.oh != NULL) {
			const struct obj_hostescalation *he =
			    &ob->hostescalations[rd->esc->hlist[i]];
			ei = he->notification_interval;
			if (ei < 0.0 ||
			    !rd_esc_valid(c, he->first_notification, he->last_notification,
				he->escalation_options, he->escalation_period, rd->s->now))
				continue;
		} else {
			const struct obj_serviceescalation *se =
			    &ob->serviceescalations[rd->esc->slist[i]];
			ei = se->notification_interval;
			if (ei < 0.0 ||
			    !rd_esc_valid(c, se->first_notification, se->last_notification,
				se->escalation_options, se->escalation_period, rd->s->now))
				continue;
		}
		if (!have || ei < interval)
			interval = ei;
		have = 1;
	}
	/* an interval of 0 means no more problem notifications, but for a
	 * volatile service (get_next_*_notification_time) */
	c->no_more_notifications = interval == 0.0 && !(rd->obj.os != NULL && set->is_volatile);
	t = (double)c->last_notification + interval * il;
	return t >= 0.0 && t < 9.2e18 ? (time_t)t : 0;
}

/*
 * A period override (its bit is set): the period of that name, or, as
 * Nagios does when it no longer exists, none and the bit cleared.
 */
static void
rd_period_line(struct rd *rd, const struct rt_field *f, unsigned long *attr, const char *val)
{
	const struct obj_timeperiod **slot =
	    (const struct obj_timeperiod **)(void *)((char *)&rd->obj.st + f->off);
	char name[160];

	if ((*slot = objects_find_timeperiod(rd->s->objs, val)) != NULL)
		return;
	*attr &= ~f->bit;
	rd_problem(rd, "line %lu: %s: %s '%s' is not defined: the override is dropped",
	    rd->in.lineno, rd_objname(rd, name, sizeof(name)), f->key, val);
}

/* a configured value's line: the override is kept only when it changes nothing */
static void
rd_conf_line(struct rd *rd, const struct rt_field *f, unsigned long *attr, const char *val)
{
	char name[160];

	if (strcmp(val, rt_conf_value(&rd->obj.conf, f->kind)) == 0)
		return;
	*attr &= ~f->bit;
	rd_problem(rd, "line %lu: %s: %s override '%s' is not kept", rd->in.lineno,
	    rd_objname(rd, name, sizeof(name)), f->key, val);
}

static void
rd_history(struct state_common *c, char *val)
{
	char *tok;
	int i;

	for (i = 0; i < STATE_HISTORY && val != NULL; i++) {
		tok = val;
		if ((val = strchr(val, ',')) != NULL)
			*val++ = '\0';
		c->state_history[i] = rd_int(tok);
	}
	c->state_history_index = 0;
}

/* apply one line of an object section to the staged copy */
static void
rd_obj_field(struct rd *rd, const struct rt_field *f, char *val)
{
	struct rd_obj *o = &rd->obj;
	struct state_common *c = &o->st.h.c; /* hosts and services only */
	char *p = (char *)&o->st + f->off;
	unsigned long *attr = (unsigned long *)(void *)((char *)&o->st + f->moff);
	const struct main_cfg *cfg = rd->s->cfg;
	double d;
	int v, slot;

	if (f->group == RT_G_NONE || (f->group == RT_G_STATUS && !o->rs) ||
	    (f->group == RT_G_NONSTATUS && !(o->rs && o->rn)))
		return;
	if (f->bit != 0 && !(*attr & f->bit))
		return;
	if ((f->flags & RT_F_SCHED) && !(cfg->use_retained_scheduling_info && rd->sched_ok))
		return;
	switch (f->kind) {
	case RT_INT:
		v = rd_int(val);
		if (f->flags & RT_F_ATTEMPTS) {
			if (v < 1)
				return;
			c->max_attempts = v;
			if (c->state_type == STATE_HARD && c->current_state != 0 &&
			    c->current_attempt > 1)
				c->current_attempt = v;
			return;
		}
		*(int *)(void *)p = v;
		break;
	case RT_BOOL:
		*(int *)(void *)p = rd_int(val) > 0;
		break;
	case RT_ULONG:
		*(unsigned long *)(void *)p = rd_ulong(val);
		break;
	case RT_TIME:
		*(time_t *)(void *)p = rd_time(val);
		break;
	case RT_DBL3:
	case RT_DBL2:
	case RT_DBL6:
		d = strtod(val, NULL);
		if ((f->flags & RT_F_NONNEG) && !(d >= 0.0))
			return;
		*(double *)(void *)p = d;
		break;
	case RT_STR:
	case RT_ESC:
		slot = p == (char *)&c->output ? 0 : p == (char *)&c->long_output ? 1 : 2;
		if (slot == 0)
			c->output_known = 1;
		state_set_str(
		    (char **)(void *)p, val, f->kind == RT_ESC ? rd_unescape(val) : strlen(val));
		o->touched[slot] = 1;
		break;
	case RT_MODATTR:
		*(unsigned long *)(void *)p = rd_ulong(val) & ~rt_read_mask(cfg, f->mask);
		break;
	case RT_NOTIFIED:
		if (rd_int(val) > 0)
			*(int *)(void *)p |= (int)f->opt;
		break;
	case RT_HISTORY:
		rd_history(c, val);
		break;
	case RT_FLAPPING:
		o->was_flapping = rd_int(val);
		break;
	case RT_CHECK_PERIOD:
	case RT_NOTIF_PERIOD:
	case RT_HOST_NOTIF_PERIOD:
	case RT_SVC_NOTIF_PERIOD:
		rd_period_line(rd, f, attr, val);
		break;
	default:
		rd_conf_line(rd, f, attr, val);
		break;
	}
}

/*
 * "_NAME=modified;value" of a variable the object defines, with its
 * MODATTR_CUSTOM_VARIABLE bit set: taken when modified is above 0, as
 * Nagios reads it (atoi, and the value from the third character on, so
 * "1;x" with a one-character value is too short to count, and "12;x"
 * gives ";x").
 */
static void
rd_obj_customvar(struct rd *rd, const char *key, const char *val)
{
	struct rd_obj *o = &rd->obj;
	const struct obj_customvar *v;
	struct state_vars *vs;
	unsigned long attr;
	unsigned i, n;

	if (rd->sect == RD_HOST) {
		v = o->oh->vars, n = o->oh->nvars, vs = &o->st.h.c.vars;
		attr = o->st.h.c.modified_attributes;
	} else if (rd->sect == RD_SERVICE) {
		v = o->os->vars, n = o->os->nvars, vs = &o->st.s.c.vars;
		attr = o->st.s.c.modified_attributes;
	} else {
		v = o->oc->vars, n = o->oc->nvars, vs = &o->st.c.vars;
		attr = o->st.c.modified_attributes;
	}
	if (!(o->rs && o->rn) || !(attr & EXTCMD_MODATTR_CUSTOM_VARIABLE))
		return;
	for (i = 0; i < n; i++) {
		if (strcmp(v[i].name, key + 1) == 0) {
			if (rd_int(val) > 0 && strlen(val) > 3)
				state_var_set(vs, v[i].name, val + 2);
			return;
		}
	}
}

void
rd_obj_line(struct rd *rd, const char *key, char *val)
{
	struct rd_obj *o = &rd->obj;
	const struct rt_field *rows;
	const struct rt_field *f;
	size_t n;

	if (!o->named) {
		if (strcmp(key, rd->sect == RD_CONTACT ? "contact_name" : "host_name") == 0) {
			free(o->host);
			o->host = xstrdup(val);
		} else if (rd->sect == RD_SERVICE && strcmp(key, "service_description") == 0) {
			free(o->svc);
			o->svc = xstrdup(val);
		} else {
			rd_skip(rd, "a value before the object's name");
			return;
		}
		if (o->host != NULL && (rd->sect != RD_SERVICE || o->svc != NULL))
			rd_obj_lookup(rd);
		return;
	}
	if (!o->found)
		return;
	if (rd->sect == RD_HOST)
		rows = rt_host_fields, n = rt_nhost_fields;
	else if (rd->sect == RD_SERVICE)
		rows = rt_service_fields, n = rt_nservice_fields;
	else
		rows = rt_contact_fields, n = rt_ncontact_fields;
	if ((f = rd_find(rd, rows, n, key)) != NULL)
		rd_obj_field(rd, f, val);
	else if (key[0] == '_')
		rd_obj_customvar(rd, key, val);
	else
		rd_skip(rd, "an unknown key");
}

/* the staged copy replaces the state; its strings move through state_set_str */
static void
rd_obj_commit(struct rd_obj *o, size_t size)
{
	struct state_common *real = o->real, *st = &o->st.h.c;
	char **from[3] = { &st->output, &st->long_output, &st->perf_data };
	char *keep[3] = { real->output, real->long_output, real->perf_data };
	int i;

	for (i = 0; i < 3; i++) {
		if (o->touched[i])
			state_set_str(&keep[i], *from[i], *from[i] != NULL ? strlen(*from[i]) : 0);
		free(*from[i]);
		*from[i] = NULL;
	}
	/* the staged overrides (a copy of the real ones, changed) replace them */
	state_vars_clear(&real->vars);
	memcpy(o->real, &o->st, size);
	memset(&st->vars, 0, sizeof(st->vars));
	real->output = keep[0];
	real->long_output = keep[1];
	real->perf_data = keep[2];
}

/*
 * Flap detection at the end of a host or service section
 * (xrddefault_read_state_information): with use_large_installation_tweaks
 * the file's is_flapping is taken as it is; else it is not taken at all,
 * and check_for_*_flapping judges the retained history again without
 * recording a state (a service in a soft problem state is not judged and
 * so is not flapping).  A STARTED edge of an object the file says was
 * flapping is quiet; one that was flapping and is not now owes no
 * recovery notification.
 */
static void
rd_obj_flapping(struct rd *rd, struct flap_outcome *fo)
{
	struct rd_obj *o = &rd->obj;

	memset(fo, 0, sizeof(*fo));
	if (rd->s->cfg->use_large_installation_tweaks) {
		o->st.h.c.is_flapping = o->was_flapping;
		return;
	}
	if (rd->sect == RD_HOST)
		flap_rejudge(&o->st.h, o->oh, NULL, NULL, rd->s->cfg, o->was_flapping, fo);
	else
		flap_rejudge(NULL, NULL, &o->st.s, o->os, rd->s->cfg, o->was_flapping, fo);
}

void
retention_settle(struct state_common *c, int is_service)
{
	if (is_service && !c->has_been_checked && c->state_type == STATE_SOFT)
		c->state_type = STATE_HARD;
	if (c->current_state != 0 && c->state_type == STATE_HARD)
		c->current_attempt = c->max_attempts;
	if (c->last_hard_state_change == 0)
		c->last_hard_state_change = c->last_state_change;
}

/* the end of a host or service section: Nagios's fix-ups, then commit */
void
rd_obj_end(struct rd *rd)
{
	struct rd_obj *o = &rd->obj;
	struct state_common *c = &o->st.h.c;
	struct retention_report *rep = rd->rep;
	struct flap_outcome fo;

	if (!o->named) {
		rd_problem(rd, "line %lu: a section without its object's name", rd->sect_line);
		return;
	}
	if (!o->found) {
		if (rd->sect == RD_HOST)
			rep->gone_hosts++;
		else if (rd->sect == RD_SERVICE)
			rep->gone_services++;
		else if (rd->s->contacts != NULL)
			rep->gone_contacts++;
		return;
	}
	if (rd->sect == RD_CONTACT) {
		struct contact_state *real = o->real;

		if (!o->rn)
			o->st.c.modified_attributes = 0;
		if (o->st.c.vars.n == 0)
			o->st.c.modified_attributes &= ~EXTCMD_MODATTR_CUSTOM_VARIABLE;
		state_vars_clear(&real->vars);
		memcpy(real, &o->st.c, sizeof(o->st.c));
		memset(&o->st.c.vars, 0, sizeof(o->st.c.vars));
		rep->contacts++;
		return;
	}
	if (!o->rn)
		c->modified_attributes = 0;
	/* the custom variable bit stays only while some variable is changed */
	if (c->vars.n == 0)
		c->modified_attributes &= ~EXTCMD_MODATTR_CUSTOM_VARIABLE;
	if (c->current_state != 0 && c->last_notification != 0)
		c->next_notification = rd_next_notification(rd, c);
	retention_settle(c, rd->sect == RD_SERVICE);
	rd_obj_flapping(rd, &fo);
	if (rd->sect == RD_HOST) {
		rd_obj_commit(o, sizeof(o->st.h));
		rep->hosts++;
	} else {
		rd_obj_commit(o, sizeof(o->st.s));
		rep->services++;
	}
	if (fo.edge != FLAP_EDGE_NONE && rd->hooks != NULL && rd->hooks->flapping != NULL) {
		if (rd->nflaps == rd->capflaps) {
			rd->capflaps = rd->capflaps != 0 ? 2 * rd->capflaps : 16;
			rd->flaps = xreallocarray(rd->flaps, rd->capflaps, sizeof(*rd->flaps));
		}
		rd->flaps[rd->nflaps++] = (struct rd_flap){ rd->sect == RD_HOST ? o->oh
		                                                                 : o->os->host,
			o->os, (int)fo.edge, fo.quiet, fo.percent, fo.low, fo.high };
	}
}

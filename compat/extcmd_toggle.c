/*
 * extcmd_toggle: the commands that are data (a row's scope, field, value
 * and modified-attribute bit), applied as Nagios's enable_* and disable_*
 * functions do: an object whose switch already has the value is left
 * alone (its modified attributes too); otherwise the switch changes and
 * the bit is set.
 *
 * Two switches do more.  Enabling active checks schedules a check now
 * (Nagios's enable_*_checks; an object with no check interval is not
 * scheduled), disabling them stops scheduling; turning program-wide
 * execution back on schedules again the objects the checker stopped
 * scheduling meanwhile, in the phase of their old schedule.  Turning flap
 * detection off ends the flapping state of flapping objects (the
 * "FLAPPING ALERT: ...;DISABLED" line, the flapping comment deleted).
 *
 * Host, service and group commands may end with author;comment: each
 * object the command names (the host for host commands, each member for
 * group commands) then gets a user comment, as Nagios 4.4.6 does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd_int.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/notify/comment.h"
#include "engine/notify/notify.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/time/timeperiod.h"
#include "engine/util/xalloc.h"

static int *
xc_switch(void *base, unsigned short off)
{
	return (int *)(void *)((char *)base + off);
}

void
xc_flap_disabled(struct xc_req *r, const struct obj_host *h, const struct obj_service *s)
{
	struct state_common *st = s != NULL ? xc_svc_state(r->x, s) : xc_host_state(r->x, h);

	if (!st->is_flapping)
		return;
	st->is_flapping = 0;
	st->flapping_comment_id = 0;
	if (r->x->comments != NULL)
		comments_delete_object(r->x->comments, h->name, s != NULL ? s->description : NULL,
		    COMMENT_FLAPPING, 1);
	if (!r->logging)
		return;
	if (s != NULL)
		nlog_printf(r->x->log, r->now,
		    "SERVICE FLAPPING ALERT: %s;%s;DISABLED; Flap detection has been disabled",
		    h->name, s->description);
	else
		nlog_printf(r->x->log, r->now,
		    "HOST FLAPPING ALERT: %s;DISABLED; Flap detection has been disabled", h->name);
	if (r->x->flap_ended != NULL)
		r->x->flap_ended(r->x->arg, h, s, NOTIFY_FLAPPINGDISABLED);
}

/*
 * Nagios's enable_*_checks: next_check becomes now (or the check period's
 * next valid time) whether or not the object is then scheduled, and it is
 * checked then unless there is no interval to keep to.
 */
static void
xc_checks_enabled(struct xc_req *r, const struct obj_host *h, const struct obj_service *s,
    struct state_common *st)
{
	const struct obj_timeperiod *tp =
	    state_check_period(st, s != NULL ? s->cfg : h->cfg);
	time_t when = r->now, next;

	if (tp != NULL && !timeperiod_contains(tp, when) &&
	    (next = timeperiod_next(tp, when)) != (time_t)-1)
		when = next;
	st->next_check = when;
	st->should_be_scheduled = st->check_interval != 0;
	if (st->should_be_scheduled)
		checker_schedule(r->x->chk, h, s, when, 0);
}

/* one host's or service's switch; 1 when it changed */
static int
xc_toggle_one(struct xc_req *r, const struct obj_host *h, const struct obj_service *s)
{
	const struct xc_def *d = r->def;
	struct state_common *st = s != NULL ? xc_svc_state(r->x, s) : xc_host_state(r->x, h);
	int *f = xc_switch(st, d->field);

	if (*f == d->value)
		return 0;
	*f = d->value;
	st->modified_attributes |= d->attr;
	if (d->attr == EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED) {
		if (d->value)
			xc_checks_enabled(r, h, s, st);
		else
			st->should_be_scheduled = 0;
	} else if (d->attr == EXTCMD_MODATTR_FLAP_DETECTION_ENABLED && !d->value) {
		xc_flap_disabled(r, h, s);
	} else if (d->attr == EXTCMD_MODATTR_FLAP_DETECTION_ENABLED && r->x->flap_recheck != NULL) {
		r->x->flap_recheck(r->x->arg, h, s);
	}
	return 1;
}

static int
xc_toggle_services(struct xc_req *r, const struct obj_host *h)
{
	int n = 0;
	unsigned i;

	for (i = 0; i < h->nservices; i++)
		n += xc_toggle_one(r, h, h->services[i]);
	return n;
}

/*
 * The hosts below h (Nagios's *_and_propagate_notifications): each child
 * after its own children, with its services when asked.  seen keeps a host
 * reached by two paths from being visited twice.
 */
static int
xc_toggle_below(struct xc_req *r, const struct obj_host *h, int services, unsigned char *seen)
{
	int n = 0;
	unsigned i;

	for (i = 0; i < h->nchildren; i++) {
		const struct obj_host *c = h->children[i];

		if (seen[c->id])
			continue;
		seen[c->id] = 1;
		n += xc_toggle_below(r, c, services, seen);
		n += xc_toggle_one(r, c, NULL);
		if (services)
			n += xc_toggle_services(r, c);
	}
	return n;
}

static int
xc_toggle_descendants(struct xc_req *r, int top, int services)
{
	unsigned char *seen = xcalloc(r->x->objs->nhosts + 1, 1);
	int n = 0;

	if (top)
		n += xc_toggle_one(r, r->h, NULL);
	seen[r->h->id] = 1;
	n += xc_toggle_below(r, r->h, services, seen);
	free(seen);
	return n;
}

static int
xc_toggle_hostgroup(struct xc_req *r, int services)
{
	const struct obj_hostgroup *g = r->hg;
	int n = 0;
	unsigned i, k;

	for (i = 0; i < g->nmembers; i++) {
		const struct obj_host *h = g->members[i];

		if (!services) {
			n += xc_toggle_one(r, h, NULL);
			xc_user_comment(r, h->name, NULL);
			continue;
		}
		for (k = 0; k < h->nservices; k++) {
			n += xc_toggle_one(r, h, h->services[k]);
			xc_user_comment(r, h->name, h->services[k]->description);
		}
	}
	return n;
}

static int
xc_toggle_servicegroup(struct xc_req *r, int hosts)
{
	const struct obj_servicegroup *g = r->sg;
	const struct obj_host *last = NULL;
	int n = 0;
	unsigned i;

	for (i = 0; i < g->nmembers; i++) {
		const struct obj_service *s = g->members[i];

		if (!hosts) {
			n += xc_toggle_one(r, s->host, s);
			xc_user_comment(r, s->host->name, s->description);
			continue;
		}
		/* as Nagios: a host met again right after itself is skipped */
		if (s->host == last)
			continue;
		last = s->host;
		n += xc_toggle_one(r, s->host, NULL);
		xc_user_comment(r, s->host->name, NULL);
	}
	return n;
}

static int
xc_toggle_contact(struct xc_req *r, const struct obj_contact *c)
{
	struct contact_state *cs = &r->x->contacts[c->id];
	int *f = xc_switch(cs, r->def->field);

	if (*f == r->def->value)
		return 0;
	*f = r->def->value;
	if (r->def->which == XW_HOST)
		cs->modified_host_attributes |= r->def->attr;
	else
		cs->modified_service_attributes |= r->def->attr;
	return 1;
}

/*
 * Program-wide execution came back on: the checker dropped the checks
 * that fell due meanwhile with no check window to move them by (Nagios
 * kept moving them, by nothing), so put them back where their interval
 * would have left them.  What is still on the schedule stays as it is,
 * should_be_scheduled included.
 */
static void
xc_resume(struct xc_req *r, int hosts)
{
	const struct objects *o = r->x->objs;
	unsigned i, n = hosts ? o->nhosts : o->nservices;

	for (i = 0; i < n; i++) {
		const struct obj_service *s = hosts ? NULL : &o->services[i];
		const struct obj_host *h = hosts ? &o->hosts[i] : s->host;
		struct state_common *st = hosts ? xc_host_state(r->x, h) : xc_svc_state(r->x, s);
		long step = (long)(st->check_interval * r->x->cfg->interval_length);
		time_t when = st->next_check;

		if (!st->active_checks_enabled || step <= 0 || checker_scheduled(r->x->chk, h, s))
			continue;
		if (when <= 0)
			when = r->now;
		else if (when < r->now)
			when += ((r->now - when + step - 1) / step) * step;
		st->should_be_scheduled = 1;
		checker_schedule(r->x->chk, h, s, when, 0);
	}
}

static int
xc_toggle_program(struct xc_req *r)
{
	const struct xc_def *d = r->def;
	const struct objects *o = r->x->objs;
	int *f = xc_switch(r->x->cfg, d->field);
	unsigned i;

	if (*f == d->value)
		return XC_SAME;
	*f = d->value;
	if (d->which & XW_HOST)
		r->x->prog->modified_host_attributes |= d->attr;
	if (d->which & XW_SVC)
		r->x->prog->modified_service_attributes |= d->attr;
	if (d->attr == EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED && d->value) {
		xc_resume(r, d->which == XW_HOST);
	} else if (d->attr == EXTCMD_MODATTR_FLAP_DETECTION_ENABLED && !d->value) {
		for (i = 0; i < o->nhosts; i++)
			xc_flap_disabled(r, &o->hosts[i], NULL);
		for (i = 0; i < o->nservices; i++)
			xc_flap_disabled(r, o->services[i].host, &o->services[i]);
	} else if (d->attr == EXTCMD_MODATTR_FLAP_DETECTION_ENABLED && r->x->flap_recheck != NULL) {
		/* enable_flap_detection_routines: every host, then every service */
		for (i = 0; i < o->nhosts; i++)
			r->x->flap_recheck(r->x->arg, &o->hosts[i], NULL);
		for (i = 0; i < o->nservices; i++)
			r->x->flap_recheck(r->x->arg, o->services[i].host, &o->services[i]);
	}
	return XC_CHANGED;
}

int
xc_toggle(struct xc_req *r)
{
	int n = 0;
	unsigned i;

	switch (r->def->scope) {
	case XS_PROGRAM:
		return xc_toggle_program(r);
	case XS_HOST:
		n = xc_toggle_one(r, r->h, NULL);
		break;
	case XS_SVC:
		n = xc_toggle_one(r, r->h, r->s);
		break;
	case XS_HOST_SVCS:
		n = xc_toggle_services(r, r->h);
		break;
	case XS_HOST_CHILDREN:
		n = xc_toggle_descendants(r, 1, 0);
		break;
	case XS_BEYOND_HOST:
		n = xc_toggle_descendants(r, 0, 1);
		break;
	case XS_HG_HOSTS:
	case XS_HG_SVCS:
		n = xc_toggle_hostgroup(r, r->def->scope == XS_HG_SVCS);
		break;
	case XS_SG_HOSTS:
	case XS_SG_SVCS:
		n = xc_toggle_servicegroup(r, r->def->scope == XS_SG_HOSTS);
		break;
	case XS_CONTACT:
		n = xc_toggle_contact(r, r->ct);
		break;
	case XS_CG:
		for (i = 0; i < r->cg->nmembers; i++)
			n += xc_toggle_contact(r, r->cg->members[i]);
		break;
	default:
		return XC_FAIL;
	}
	/* host and service commands: the comment goes on the object named */
	if (r->s != NULL)
		xc_user_comment(r, r->h->name, r->s->description);
	else if (r->h != NULL)
		xc_user_comment(r, r->h->name, NULL);
	return n > 0 || r->commented ? XC_CHANGED : XC_SAME;
}

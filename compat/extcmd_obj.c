/*
 * extcmd_obj: the host, service and contact commands that are more than
 * a switch: acknowledgements, comments, passive results, scheduled
 * checks, and the CHANGE_* commands, each as base/commands.c of Nagios
 * 4.4.6 does it, including where Nagios quietly does nothing (an
 * acknowledgement of an object that is UP or OK, a comment id that is not
 * there) and where it refuses (CHANGE_*_CHECK_COMMAND and the event
 * handler changes, which its security patch turned off).
 *
 * Changed check and notification periods and custom variable values go
 * into the state's overrides (state.h), as cmd_change_object_char_var and
 * cmd_change_object_custom_var keep them in Nagios's objects.  Custom and
 * acknowledgement notifications go out through the notify hook that the
 * daemon sets (x->notify).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd_int.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/notify/comment.h"
#include "engine/notify/notify.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

/* state.h names the override bits for the layers below compat */
_Static_assert(STATE_MODATTR_NOTIFICATIONS_ENABLED == EXTCMD_MODATTR_NOTIFICATIONS_ENABLED,
    "modattr");
_Static_assert(STATE_MODATTR_ACTIVE_CHECKS_ENABLED == EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED,
    "modattr");
_Static_assert(STATE_MODATTR_PASSIVE_CHECKS_ENABLED == EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED,
    "modattr");
_Static_assert(STATE_MODATTR_EVENT_HANDLER_ENABLED == EXTCMD_MODATTR_EVENT_HANDLER_ENABLED,
    "modattr");
_Static_assert(STATE_MODATTR_FLAP_DETECTION_ENABLED == EXTCMD_MODATTR_FLAP_DETECTION_ENABLED,
    "modattr");
_Static_assert(STATE_MODATTR_PERFORMANCE_DATA_ENABLED == EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED,
    "modattr");
_Static_assert(
    STATE_MODATTR_OBSESSIVE_HANDLER_ENABLED == EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED, "modattr");
_Static_assert(STATE_MODATTR_NORMAL_CHECK_INTERVAL == EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL,
    "modattr");
_Static_assert(STATE_MODATTR_RETRY_CHECK_INTERVAL == EXTCMD_MODATTR_RETRY_CHECK_INTERVAL,
    "modattr");
_Static_assert(STATE_MODATTR_MAX_CHECK_ATTEMPTS == EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS, "modattr");
_Static_assert(STATE_MODATTR_CHECK_TIMEPERIOD == EXTCMD_MODATTR_CHECK_TIMEPERIOD, "modattr");
_Static_assert(STATE_MODATTR_CUSTOM_VARIABLE == EXTCMD_MODATTR_CUSTOM_VARIABLE, "modattr");
_Static_assert(STATE_MODATTR_NOTIFICATION_TIMEPERIOD == EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD,
    "modattr");

/* the state of the object a host or service command named */
static struct state_common *
xc_state(struct xc_req *r)
{
	return r->s != NULL ? xc_svc_state(r->x, r->s) : xc_host_state(r->x, r->h);
}

static const char *
xc_desc(const struct xc_req *r)
{
	return r->s != NULL ? r->s->description : NULL;
}

int
xh_ack(struct xc_req *r)
{
	struct state_common *st = xc_state(r);
	long type = r->v[0].n;
	int persistent = r->v[2].n > 0;

	/*
	 * UP or OK: there is no problem to acknowledge, and Nagios says
	 * nothing.  A replayed acknowledgement is taken anyway: the results
	 * that made the problem were not journalled, and the first result
	 * after the restart clears it again as Nagios's rules say (a normal
	 * one on any result in the same state, a sticky one on OK/UP).
	 */
	if (st->current_state == 0 && !r->x->replaying)
		return XC_SAME;
	st->problem_has_been_acknowledged = 1;
	st->acknowledgement_type = type == 2 ? 2 : 1;
	if (r->v[1].n > 0 && r->x->notify != NULL)
		r->x->notify(r->x->arg, r->h, r->s, NOTIFY_ACKNOWLEDGEMENT, r->v[3].s, r->v[4].s, 0);
	if (r->x->comments != NULL)
		comments_add(r->x->comments, 0, &r->x->prog->next_comment_id,
		    COMMENT_ACKNOWLEDGEMENT, r->h->name, xc_desc(r), r->now, r->v[3].s, r->v[4].s,
		    persistent, COMMENT_SOURCE_INTERNAL, 0, 0);
	return XC_CHANGED;
}

int
xh_unack(struct xc_req *r)
{
	struct state_common *st = xc_state(r);

	/* Nagios leaves acknowledgement_type as it was */
	st->problem_has_been_acknowledged = 0;
	if (r->x->comments != NULL)
		comments_delete_object(r->x->comments, r->h->name, xc_desc(r),
		    COMMENT_ACKNOWLEDGEMENT, 0);
	return XC_CHANGED;
}

int
xh_add_comment(struct xc_req *r)
{
	long persistent = r->v[0].n;

	if (r->x->comments == NULL)
		return XC_FAIL;
	persistent = persistent > 1 ? 1 : persistent < 0 ? 0 : persistent;
	if (comments_add(r->x->comments, 0, &r->x->prog->next_comment_id, COMMENT_USER,
	    r->h->name, xc_desc(r), r->entry_time, r->v[1].s, r->v[2].s, (int)persistent,
	    COMMENT_SOURCE_EXTERNAL, 0, 0) == NULL)
		return XC_FAIL;
	return XC_CHANGED;
}

int
xh_del_comment(struct xc_req *r)
{
	const struct comment *c;
	unsigned long id = (unsigned long)r->v[0].n;

	if (id == 0 || r->x->comments == NULL)
		return XC_FAIL;
	/* DEL_HOST_COMMENT deletes host comments only, DEL_SVC_COMMENT service ones */
	c = comments_find(r->x->comments, id);
	if (c == NULL || (c->svc != NULL) != (r->def->value == XV_SVC))
		return XC_SAME;
	comments_delete(r->x->comments, id);
	return XC_CHANGED;
}

int
xh_del_all_comments(struct xc_req *r)
{
	if (r->x->comments == NULL)
		return XC_FAIL;
	return comments_delete_object(r->x->comments, r->h->name, xc_desc(r), 0, 1) > 0
	    ? XC_CHANGED : XC_SAME;
}

int
xh_delay_notification(struct xc_req *r)
{
	/* the notification logic reads next_notification */
	xc_state(r)->next_notification = (time_t)r->v[0].n;
	return XC_CHANGED;
}

int
xh_schedule_check(struct xc_req *r)
{
	int forced = (r->def->value & XV_FORCED) != 0;
	time_t when = (time_t)r->v[0].n;
	unsigned i;

	if (r->def->value & XV_HOST_SVCS) {
		for (i = 0; i < r->h->nservices; i++)
			checker_schedule(r->x->chk, r->h, r->h->services[i], when, forced);
	} else {
		checker_schedule(r->x->chk, r->h, r->s, when, forced);
	}
	return XC_SAME;
}

/* Nagios finds a passive result's host by its address when the name fails */
static const struct obj_host *
xc_host_by_name_or_address(const struct objects *o, const char *name)
{
	const struct obj_host *h = objects_find_host(o, name);
	unsigned i;

	for (i = 0; h == NULL && i < o->nhosts; i++)
		if (o->hosts[i].address != NULL && strcmp(o->hosts[i].address, name) == 0)
			h = &o->hosts[i];
	return h;
}

/* "\\n" is a newline and "\\\\" a backslash in a passive result's output */
static char *
xc_unescape(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *p = out;

	for (; *s != '\0'; s++) {
		if (s[0] == '\\' && s[1] == '\\') {
			*p++ = '\\';
			s++;
		} else if (s[0] == '\\' && s[1] == 'n') {
			*p++ = '\n';
			s++;
		} else {
			*p++ = *s;
		}
	}
	*p = '\0';
	return out;
}

/*
 * The PASSIVE ... CHECK line shows the state and output the object had
 * before this result (Nagios 4.4.6 logs it before applying the result);
 * an object never checked shows "(null)", as glibc prints Nagios's NULL,
 * unless retention.dat gave it an output (an empty one: "").
 */
static const char *
xc_old_output(const struct state_common *st)
{
	if (st->output != NULL)
		return st->output;
	return st->output_known ? "" : "(null)";
}

static int
xc_passive(struct xc_req *r, const struct obj_host *h, const struct obj_service *s, long rc,
    const char *raw)
{
	struct state_common *st = s != NULL ? xc_svc_state(r->x, s) : xc_host_state(r->x, h);
	char *out;
	int ret;

	if (r->logging && r->x->cfg->log_passive_checks)
		nlog_passive(r->x->log, r->now, h->name, s != NULL ? s->description : NULL,
		    st->current_state, xc_old_output(st));
	out = xc_unescape(raw);
	ret = checker_passive_result(r->x->chk, h, s, (int)rc, out, r->entry_time);
	free(out);
	return ret;
}

int
xh_passive_host(struct xc_req *r)
{
	const struct obj_host *h;
	long rc = r->v[1].n;

	/* sic: Nagios 4.4.6's process_passive_host_check tests the service switch */
	if (!r->x->cfg->accept_passive_service_checks)
		return XC_FAIL;
	if (rc < 0 || rc > 2)
		return XC_FAIL;
	h = xc_host_by_name_or_address(r->x->objs, r->v[0].s);
	if (h == NULL) {
		if (r->logging)
			nlog_printf(r->x->log, r->now,
			    "Warning:  Passive check result was received for host '%s', but the "
			    "host could not be found!",
			    r->v[0].s);
		return XC_FAIL;
	}
	if (!xc_host_state(r->x, h)->passive_checks_enabled)
		return XC_FAIL;
	/* refused by the program-wide switch: Nagios drops it without an error */
	if (!r->x->cfg->accept_passive_host_checks)
		return XC_SAME;
	return xc_passive(r, h, NULL, rc, r->v[2].s) < 0 ? XC_SAME : XC_CHANGED;
}

int
xh_passive_svc(struct xc_req *r)
{
	const struct obj_host *h;
	const struct obj_service *s;
	const char *host = r->v[0].s, *desc = r->v[1].s;
	long rc = r->v[2].n;

	if (!r->x->cfg->accept_passive_service_checks)
		return XC_FAIL;
	if ((h = xc_host_by_name_or_address(r->x->objs, host)) == NULL) {
		if (r->logging)
			nlog_printf(r->x->log, r->now,
			    "Warning:  Passive check result was received for service '%s' on host "
			    "'%s', but the host could not be found!",
			    desc, host);
		return XC_FAIL;
	}
	if ((s = objects_find_service(r->x->objs, h->name, desc)) == NULL) {
		if (r->logging)
			nlog_printf(r->x->log, r->now,
			    "Warning:  Passive check result was received for service '%s' on host "
			    "'%s', but the service could not be found!",
			    desc, host);
		return XC_FAIL;
	}
	if (!xc_svc_state(r->x, s)->passive_checks_enabled)
		return XC_FAIL;
	if (rc < 0 || rc > 3)
		rc = OBJ_STATE_UNKNOWN;
	return xc_passive(r, h, s, rc, r->v[3].s) < 0 ? XC_FAIL : XC_CHANGED;
}

/* CHANGE_*_CHECK_COMMAND and the event handler changes: off in Nagios 4.4.6 */
int
xh_refused(struct xc_req *r)
{
	(void)r;
	return XC_FAIL;
}

int
xh_change_timeperiod(struct xc_req *r)
{
	int notif = (r->def->value & XV_NOTIF_TP) != 0;
	unsigned long attr = notif ? EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD
	                           : EXTCMD_MODATTR_CHECK_TIMEPERIOD;
	const struct obj_timeperiod *tp = objects_find_timeperiod(r->x->objs, r->v[0].s);
	struct state_common *st;

	if (tp == NULL)
		return XC_FAIL;
	if (r->def->value & XV_CONTACT) {
		struct contact_state *cs = &r->x->contacts[r->ct->id];

		if (r->def->which == XW_HOST) {
			cs->host_notification_period = tp;
			cs->modified_host_attributes |= attr;
		} else {
			cs->service_notification_period = tp;
			cs->modified_service_attributes |= attr;
		}
		return XC_CHANGED;
	}
	st = xc_state(r);
	st->modified_attributes |= attr;
	if (notif) {
		st->notification_period = tp;
	} else {
		/* as in Nagios, the check keeps its time and is judged by the new period */
		st->check_period = tp;
	}
	return XC_CHANGED;
}

int
xh_change_interval(struct xc_req *r)
{
	struct state_common *st = xc_state(r);
	double v = (double)r->v[0].n, old;

	if (r->def->value & XV_RETRY) {
		st->retry_interval = v;
		st->modified_attributes |= EXTCMD_MODATTR_RETRY_CHECK_INTERVAL;
		return XC_CHANGED;
	}
	old = st->check_interval;
	st->check_interval = v;
	st->modified_attributes |= EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL;
	/* checks were not scheduled for want of an interval: start now */
	if (old == 0 && v != 0 && st->active_checks_enabled) {
		st->should_be_scheduled = 1;
		checker_schedule(r->x->chk, r->h, r->s, r->now, 0);
	}
	return XC_CHANGED;
}

int
xh_change_attempts(struct xc_req *r)
{
	struct state_common *st = xc_state(r);
	/* any non-negative int, 0 included, as Nagios takes it */
	st->max_attempts = (int)r->v[0].n;
	st->modified_attributes |= EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS;
	if (st->state_type == STATE_HARD && st->current_state != 0 && st->current_attempt > 1)
		st->current_attempt = st->max_attempts;
	return XC_CHANGED;
}

int
xh_change_modattr(struct xc_req *r)
{
	unsigned long v = (unsigned long)r->v[0].n;

	if (r->def->value & XV_CONTACT) {
		struct contact_state *cs = &r->x->contacts[r->ct->id];

		if (r->def->which == XW_HOST)
			cs->modified_host_attributes = v;
		else if (r->def->which == XW_SVC)
			cs->modified_service_attributes = v;
		else
			cs->modified_attributes = v;
	} else {
		xc_state(r)->modified_attributes = v;
	}
	return XC_CHANGED;
}

/*
 * NAME;value: the name is upper-cased and must be one the object's
 * configuration defines (without the '_'), else nothing but the bit
 * changes; the value ends at the next ';', as Nagios reads it.  Nagios
 * sets the bit even when the object has no such variable.
 */
int
xh_custom_var(struct xc_req *r)
{
	const struct obj_customvar *vars;
	struct state_vars *vs;
	unsigned long *attr;
	unsigned i, n;
	char *name, *value, *p;

	if (r->def->value & XV_CONTACT) {
		struct contact_state *cs = &r->x->contacts[r->ct->id];

		vars = r->ct->vars;
		n = r->ct->nvars;
		vs = &cs->vars;
		attr = &cs->modified_attributes;
	} else {
		struct state_common *st = xc_state(r);

		vars = r->s != NULL ? r->s->vars : r->h->vars;
		n = r->s != NULL ? r->s->nvars : r->h->nvars;
		vs = &st->vars;
		attr = &st->modified_attributes;
	}
	name = xstrdup(r->v[0].s);
	for (p = name; *p != '\0'; p++)
		*p = (char)toupper((unsigned char)*p);
	value = xstrndup(r->v[1].s, strcspn(r->v[1].s, ";"));
	for (i = 0; i < n; i++) {
		if (strcmp(vars[i].name, name) == 0) {
			state_var_set(vs, vars[i].name, value);
			break;
		}
	}
	free(name);
	free(value);
	*attr |= EXTCMD_MODATTR_CUSTOM_VARIABLE;
	return XC_CHANGED;
}

int
xh_notification_number(struct xc_req *r)
{
	/* no number: nothing changes, and the command still succeeds */
	if (!r->v[0].given)
		return XC_SAME;
	xc_state(r)->current_notification_number = (int)r->v[0].n;
	return XC_CHANGED;
}

int
xh_custom_notification(struct xc_req *r)
{
	long opts = r->v[0].n;

	/* Nagios sends it only with both an author and a comment, and succeeds either way */
	if (r->x->notify != NULL && r->v[1].given && r->v[2].given)
		r->x->notify(r->x->arg, r->h, r->s, NOTIFY_CUSTOM, r->v[1].s, r->v[2].s,
		    (unsigned)opts);
	return XC_SAME;
}

int
xh_clear_flapping(struct xc_req *r)
{
	const struct main_cfg *cfg = r->x->cfg;
	struct state_common *st = xc_state(r);
	double low;

	if (!cfg->enable_flap_detection || !st->flap_detection_enabled)
		return XC_SAME;
	if (st->is_flapping && r->logging) {
		low = r->s != NULL ? r->s->cfg->low_flap_threshold : r->h->cfg->low_flap_threshold;
		if (low <= 0)
			low = r->s != NULL ? cfg->low_service_flap_threshold
			                   : cfg->low_host_flap_threshold;
		if (r->s != NULL)
			nlog_printf(r->x->log, r->now,
			    "SERVICE FLAPPING ALERT: %s;%s;STOPPED; Flapping state cleared for "
			    "service. (%2.1f%% change < %2.1f%% threshold)",
			    r->h->name, r->s->description, st->percent_state_change, low);
		else
			nlog_printf(r->x->log, r->now,
			    "HOST FLAPPING ALERT: %s;STOPPED; Flapping state cleared for host. "
			    "(%2.1f%% change < %2.1f%% threshold)",
			    r->h->name, st->percent_state_change, low);
		if (r->x->flap_ended != NULL)
			r->x->flap_ended(r->x->arg, r->h, r->s, NOTIFY_FLAPPINGSTOP);
	}
	memset(st->state_history, 0, sizeof(st->state_history));
	st->state_history_index = 0;
	st->percent_state_change = 0;
	if (r->x->comments != NULL)
		comments_delete_object(r->x->comments, r->h->name, xc_desc(r), COMMENT_FLAPPING, 1);
	st->flapping_comment_id = 0;
	st->is_flapping = 0;
	return XC_CHANGED;
}

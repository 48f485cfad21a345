/*
 * sm_service: a service check result through Nagios 4.4.6's
 * handle_async_service_check_result (see statemachine.h).
 *
 * The steps and their order are Nagios's, quirks included, because the
 * order decides attempts and state types: the host's state is looked at
 * first (a problem while the host is not UP goes HARD at once, with
 * current_attempt ending at 1, not at max_check_attempts); then the
 * OK/problem logic; then attempts; then the hard state test; then the
 * state or type change, which resets the notification times and may end
 * an acknowledgement.  A recovered service (soft or hard) ends HARD with
 * attempt 1, after the ALERT line and the handlers saw the values before
 * that (sm_outcome.alert_*).  last_time_<state> is set for the state that
 * was current before this result, at this result's last_check.
 *
 * Called by the checker for every service result, active or passive.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/check/sm_int.h"
#include "engine/objects/objects.h"

/* what Nagios keeps in local variables while it handles one result */
struct sm_svc_run {
	struct svc_state *st;
	const struct obj_service *svc;
	const struct host_state *hst;
	const struct main_cfg *cfg;
	time_t now;
	int il;
	time_t next_check;
	int new_last_hard;
	int state_change;
	int hard_change;
	int notify;
	int handle;
	int log;
	unsigned flags;
};

/* the host's side: on-demand host check, host problem bookkeeping */
static void
sm_svc_look_at_host(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;
	const struct state_common *hc = &r->hst->c;
	unsigned long horizon = r->cfg != NULL ? r->cfg->cached_host_check_horizon : 15;
	int exec_hosts = r->cfg == NULL || r->cfg->execute_host_checks;

	if (c->current_state == OBJ_STATE_OK) {
		if (!hc->has_been_checked) {
			int initial = r->svc->host->cfg->initial_state;

			if (hc->next_check == 0 || initial != OBJ_HOST_UP ||
			    (double)hc->next_check < hc->check_interval * r->il + (double)r->now)
				r->flags |= SM_CHECK_HOST;
		} else if (hc->current_state != OBJ_HOST_UP) {
			/* a recent enough host result stands; else the host is checked */
			if (!(c->last_state == OBJ_STATE_OK &&
			    (unsigned long)(r->now - hc->last_check) < horizon))
				r->flags |= SM_CHECK_HOST;
			r->st->host_problem_at_last_check = 1;
		}
		return;
	}
	if (hc->current_state == OBJ_HOST_UP) {
		if (exec_hosts && c->last_state != c->current_state &&
		    (unsigned long)hc->last_check + horizon < (unsigned long)r->now)
			r->flags |= SM_CHECK_HOST;
		/* the host problem is over: the soft service gets its attempts back */
		if (r->st->host_problem_at_last_check && c->state_type == STATE_SOFT)
			c->current_attempt = 1;
		r->st->host_problem_at_last_check = 0;
		return;
	}
	if (!exec_hosts || c->current_state == c->last_state) {
		if (!hc->has_been_checked)
			r->flags |= SM_HOST_FAKE_CHECK;
		r->flags |= SM_NOTIFY_HOST;
	}
	r->st->host_problem_at_last_check = 1;
}

/* the service was OK at its last check */
static void
sm_svc_was_ok(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->current_state == OBJ_STATE_OK) {
		c->state_type = STATE_HARD;
		c->current_attempt = 1;
		return;
	}
	if (!r->st->host_problem_at_last_check && !r->hard_change)
		c->state_type = STATE_SOFT;
	c->current_attempt = 1;
	r->handle = 1;
}

/* the service had a problem at its last check */
static void
sm_svc_was_problem(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->current_state == OBJ_STATE_OK) {
		r->handle = 1;
		if (c->state_type == STATE_HARD)
			r->notify = 1;
		r->state_change = 1;
		return;
	}
	if (c->state_type == STATE_SOFT) {
		r->handle = 1;
		r->next_check = sm_after(r->now, c->retry_interval, r->il);
	} else if (!r->st->host_problem_at_last_check) {
		r->notify = 1;
	}
}

static void
sm_svc_attempts(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->state_type != STATE_SOFT)
		return;
	if (c->last_state != OBJ_STATE_OK && c->current_attempt < c->max_attempts)
		c->current_attempt++;
	else if (r->state_change && c->current_state != OBJ_STATE_OK)
		c->current_attempt = 1;
	else if (c->current_attempt < c->max_attempts)
		c->current_attempt++;
}

/* service_state_or_hard_state_type_change */
static void
sm_svc_change(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;
	int orig_last_hard = c->last_hard_state;

	if (r->state_change) {
		c->last_state_change = c->last_check;
		c->last_event_id = c->current_event_id;
		r->flags |= SM_NEW_EVENT_ID;
		if (c->last_state == OBJ_STATE_OK)
			r->flags |= SM_NEW_PROBLEM_ID;
		c->state_type = STATE_SOFT;
	}
	if (r->hard_change) {
		c->last_hard_state_change = c->last_check;
		c->last_state_change = c->last_check;
		c->last_hard_state = c->current_state;
		c->state_type = STATE_HARD;
	}
	if (r->state_change || r->hard_change) {
		sm_state_or_type(c, r->state_change, r->hard_change, &r->flags);
		r->log = 1;
		r->handle = 1;
	}
	/* last_hard_state is written at the very end, as Nagios does after brokering */
	if (orig_last_hard != c->last_hard_state) {
		r->new_last_hard = c->last_hard_state;
		c->last_hard_state = orig_last_hard;
	}
}

static void
sm_svc_state_ended(struct svc_state *st)
{
	switch (st->c.last_state) {
	case OBJ_STATE_OK:
		st->last_time_ok = st->c.last_check;
		break;
	case OBJ_STATE_WARNING:
		st->last_time_warning = st->c.last_check;
		break;
	case OBJ_STATE_CRITICAL:
		st->last_time_critical = st->c.last_check;
		break;
	case OBJ_STATE_UNKNOWN:
		st->last_time_unknown = st->c.last_check;
		break;
	default:
		break;
	}
}

/* notification, stalking and the ALERT line, as they follow the update */
static void
sm_svc_effects(struct sm_svc_run *r, const char *old_output, int old_known)
{
	struct state_common *c = &r->st->c;
	const struct obj_settings *s = r->svc->cfg;
	int retries = r->cfg == NULL || r->cfg->log_service_retries;
	/* log_service_event writes nothing for a SOFT state without log_service_retries */
	int loggable = c->state_type != STATE_SOFT || retries;

	if (c->current_state != OBJ_STATE_OK && c->state_type == STATE_HARD && s->is_volatile) {
		r->notify = 1;
		r->log = 1;
		r->handle = 1;
	}
	if (c->current_state == OBJ_STATE_OK && c->state_type == STATE_HARD && r->hard_change)
		r->flags |= SM_CLEAR_NOTIFIED;
	if (sm_should_stalk(c, s->stalking_options) &&
	    sm_output_changed(old_output, old_known, c->output)) {
		r->log = 1;
		if (loggable)
			r->flags |= SM_LOG_STALK;
	}
	if (r->log && loggable)
		r->flags |= SM_LOG_ALERT;
	if (r->notify) {
		r->flags |= SM_NOTIFY;
		if ((s->stalking_options & OBJ_OPT_NOTIFICATIONS) && loggable &&
		    !(r->flags & SM_LOG_ALERT))
			r->flags |= SM_LOG_IF_NOTIFIED;
	}
	if (r->handle)
		r->flags |= SM_RUN_HANDLER;
}

/* a recovered service ends HARD with attempt 1, once the events saw it */
static void
sm_svc_finish_ok(struct sm_svc_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->current_state != OBJ_STATE_OK || !r->state_change)
		return;
	/* the problem id stays for the events (sm_end_problem) */
	r->flags |= SM_END_PROBLEM;
	if (r->hard_change) {
		r->flags |= SM_CLEAR_NOTIFIED;
		r->st->host_problem_at_last_check = 0;
	}
	c->last_hard_state_change = c->last_check;
	r->new_last_hard = c->current_state;
	c->current_attempt = 1;
	c->state_type = STATE_HARD;
}

static int
sm_svc_refused(const struct state_common *c, const struct check_result *cr,
    const struct main_cfg *cfg)
{
	if (cr->check_type != STATE_CHECK_PASSIVE)
		return 0;
	return (cfg != NULL && !cfg->accept_passive_service_checks) || !c->passive_checks_enabled;
}

void
sm_service_result(struct svc_state *st, const struct obj_service *svc,
    const struct host_state *hst, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out)
{
	struct state_common *c = &st->c;
	struct sm_svc_run r;
	char *old_output;
	int old_known;

	memset(out, 0, sizeof(*out));
	out->prev_last_check = c->last_check;
	if (sm_svc_refused(c, cr, cfg)) {
		out->flags = SM_DISCARDED;
		return;
	}
	memset(&r, 0, sizeof(r));
	r.st = st;
	r.svc = svc;
	r.hst = hst;
	r.cfg = cfg;
	r.now = now;
	r.il = sm_interval_length(cfg);
	r.new_last_hard = c->last_hard_state;

	/* still 0: the previous check's time, as Nagios initialises them */
	if (c->last_state_change == 0)
		c->last_state_change = c->last_check;
	if (c->last_hard_state_change == 0)
		c->last_hard_state_change = c->last_check;
	old_output = sm_take_result(c, cr, 0, &old_known);
	r.next_check = sm_after(c->last_check, c->check_interval, r.il);

	sm_svc_look_at_host(&r);
	/* a host problem makes a new service problem HARD at once, without notifying */
	if (hst->c.current_state != OBJ_HOST_UP && r.new_last_hard != c->current_state) {
		r.hard_change = 1;
		c->state_type = STATE_HARD;
		r.new_last_hard = c->current_state;
		c->current_attempt = c->max_attempts;
	}
	if (c->last_state == OBJ_STATE_OK)
		sm_svc_was_ok(&r);
	else
		sm_svc_was_problem(&r);
	if (c->state_type == STATE_SOFT)
		r.next_check = sm_after(now, c->retry_interval, r.il);
	if (c->current_state != c->last_state ||
	    (c->current_state == OBJ_STATE_OK && c->state_type == STATE_SOFT))
		r.state_change = 1;
	sm_svc_attempts(&r);
	if (c->current_attempt >= c->max_attempts &&
	    (c->current_state != r.new_last_hard ||
	    (c->state_type == STATE_SOFT && c->current_state != OBJ_STATE_OK))) {
		r.next_check = sm_after(now, c->check_interval, r.il);
		r.hard_change = 1;
		r.notify = 1;
	}
	sm_svc_change(&r);
	if (c->current_state != OBJ_STATE_OK && c->state_type == STATE_SOFT)
		r.log = 1;
	sm_svc_state_ended(st);
	/* flap history: hard states and soft recoveries only */
	if (!(c->state_type == STATE_SOFT && c->current_state != OBJ_STATE_OK))
		sm_record_history(c, svc->cfg->flap_detection_options);
	sm_reschedule(c, r.next_check, now, out);
	sm_svc_effects(&r, old_output, old_known);
	out->alert_state_type = c->state_type;
	out->alert_attempt = c->current_attempt;
	sm_svc_finish_ok(&r);

	if (r.state_change)
		r.flags |= SM_STATE_CHANGE;
	if (r.hard_change)
		r.flags |= SM_HARD_CHANGE;
	if (c->current_state == OBJ_STATE_OK && c->last_state != OBJ_STATE_OK)
		r.flags |= SM_RECOVERY;
	out->flags |= r.flags;
	c->has_been_checked = 1;
	c->last_hard_state = r.new_last_hard;
	free(old_output);
}

void
sm_service_host_effects(struct host_state *hst, const struct svc_state *st,
    const struct sm_outcome *out)
{
	if (out->flags & SM_DISCARDED)
		return;
	if (hst->c.last_state_change == 0)
		hst->c.last_state_change = out->prev_last_check;
	if (hst->c.last_hard_state_change == 0)
		hst->c.last_hard_state_change = out->prev_last_check;
	if (out->flags & SM_HOST_FAKE_CHECK) {
		hst->c.has_been_checked = 1;
		hst->c.last_check = st->c.last_check;
	}
}

/*
 * sm_host: a host check result through Nagios 4.4.6's
 * handle_async_host_check_result (see statemachine.h).
 *
 * As for services the order is Nagios's: UP/problem logic (which also
 * asks for checks of parents and children), translation of a problem
 * into DOWN or UNREACHABLE by the parents' states (determine_host_
 * reachability; passive results only with translate_passive_host_checks),
 * attempts, the hard state test, then the state or type change.  Hosts
 * differ from services in ways that are easy to miss: a host that comes
 * back UP from a SOFT problem stays SOFT until its next result; the hard
 * change does not move last_state_change; a state change that is not to
 * UP clears the problem id (even DOWN to UNREACHABLE); a passive result
 * is HARD at once unless passive_host_checks_are_soft; and the ALERT line
 * of a SOFT state is written on a state change whatever log_host_retries
 * says, which only adds the retries without a change.
 *
 * Called by the checker for every host result, active or passive.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/check/sm_int.h"
#include "engine/objects/objects.h"

struct sm_host_run {
	struct host_state *st;
	const struct obj_host *h;
	const struct host_state *hosts;
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

/* DOWN or UNREACHABLE for a host that is not UP: UNREACHABLE when no parent is UP */
static int
sm_host_reachability(const struct host_state *st, const struct obj_host *h,
    const struct host_state *hosts)
{
	unsigned i;

	if (st->c.current_state == OBJ_HOST_UP)
		return OBJ_HOST_UP;
	if (st->c.check_type == STATE_CHECK_PASSIVE && st->c.current_state == OBJ_HOST_UNREACHABLE)
		return OBJ_HOST_UNREACHABLE;
	if (h->nparents == 0 || hosts == NULL)
		return OBJ_HOST_DOWN;
	for (i = 0; i < h->nparents; i++)
		if (hosts[h->parents[i]->id].c.current_state == OBJ_HOST_UP)
			return OBJ_HOST_DOWN;
	return OBJ_HOST_UNREACHABLE;
}

/* the host was UP at its last check */
static void
sm_host_was_up(struct sm_host_run *r)
{
	struct state_common *c = &r->st->c;
	int exec_hosts = r->cfg == NULL || r->cfg->execute_host_checks;
	int predictive = r->cfg == NULL || r->cfg->enable_predictive_host_dependency_checks;

	if (c->current_state == OBJ_HOST_UP) {
		c->state_type = STATE_HARD;
		c->current_attempt = 1;
		return;
	}
	c->state_type = STATE_SOFT;
	c->current_attempt = 1;
	r->flags |= SM_CHECK_PARENTS | SM_CHECK_CHILDREN;
	/* predictive dependency checks, one attempt before the hard state */
	if (c->current_attempt == c->max_attempts - 1 && exec_hosts && predictive)
		r->flags |= SM_CHECK_MASTERS;
	r->handle = 1;
}

/* the host was DOWN or UNREACHABLE at its last check */
static void
sm_host_was_problem(struct sm_host_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->current_state == OBJ_HOST_UP) {
		r->flags |= SM_CHECK_PARENTS | SM_CHECK_CHILDREN;
		r->handle = 1;
		/* a soft recovery is not notified */
		if (c->state_type == STATE_HARD) {
			r->notify = 1;
			r->hard_change = 1;
			c->current_attempt = 1;
		}
		return;
	}
	if (c->state_type == STATE_SOFT) {
		r->handle = 1;
		r->next_check = sm_after(r->now, c->retry_interval, r->il);
	} else {
		r->notify = 1;
	}
}

static void
sm_host_attempts(struct sm_host_run *r)
{
	struct state_common *c = &r->st->c;

	if (c->state_type != STATE_SOFT)
		return;
	if (c->last_state != OBJ_HOST_UP && c->current_state != OBJ_HOST_UP &&
	    c->current_attempt < c->max_attempts)
		c->current_attempt++;
	else if (r->state_change || c->current_state == OBJ_HOST_UP)
		c->current_attempt = 1;
	else if (c->current_attempt < c->max_attempts)
		c->current_attempt++;
}

/*
 * host_state_or_hard_state_type_change.  The passive hard change it makes
 * up is its own: the caller's hard_change is not touched by it, as in
 * Nagios where it is a by-value parameter (only SM_HARD_CHANGE tells).
 */
static void
sm_host_change(struct sm_host_run *r)
{
	struct state_common *c = &r->st->c;
	int orig_last_hard = c->last_hard_state;
	int hard = r->hard_change;
	int soft_passive = r->cfg != NULL && r->cfg->passive_host_checks_are_soft;

	if (c->check_type == STATE_CHECK_PASSIVE && !soft_passive) {
		if (r->state_change) {
			c->current_attempt = 1;
			hard = 1;
		}
		c->state_type = STATE_HARD;
	}
	if (r->state_change) {
		c->last_state_change = c->last_check;
		c->last_event_id = c->current_event_id;
		r->flags |= SM_NEW_EVENT_ID;
		if (c->last_state == OBJ_HOST_UP) {
			r->flags |= SM_NEW_PROBLEM_ID;
		} else {
			c->last_problem_id = c->current_problem_id;
			c->current_problem_id = 0;
		}
		c->state_type = STATE_SOFT;
	}
	if (hard) {
		c->last_hard_state_change = c->last_check;
		c->last_hard_state = c->current_state;
		c->state_type = STATE_HARD;
		r->notify = 1;
		r->flags |= SM_HARD_CHANGE;
	}
	if (r->state_change || hard) {
		sm_state_or_type(c, r->state_change, hard, &r->flags);
		r->log = 1;
		r->handle = 1;
	}
	if (orig_last_hard != c->last_hard_state) {
		r->new_last_hard = c->last_hard_state;
		c->last_hard_state = orig_last_hard;
	}
}

static void
sm_host_state_ended(struct host_state *st)
{
	switch (st->c.last_state) {
	case OBJ_HOST_UP:
		st->last_time_up = st->c.last_check;
		break;
	case OBJ_HOST_DOWN:
		st->last_time_down = st->c.last_check;
		break;
	case OBJ_HOST_UNREACHABLE:
		st->last_time_unreachable = st->c.last_check;
		break;
	default:
		break;
	}
}

static void
sm_host_effects(struct sm_host_run *r, const char *old_output, int old_known)
{
	struct state_common *c = &r->st->c;
	const struct obj_settings *s = r->h->cfg;

	if (r->notify) {
		r->flags |= SM_NOTIFY;
		if (s->stalking_options & OBJ_OPT_NOTIFICATIONS)
			r->flags |= SM_LOG_IF_NOTIFIED;
	}
	if (c->current_state == OBJ_HOST_UP && c->state_type == STATE_HARD && r->hard_change)
		r->flags |= SM_CLEAR_NOTIFIED;
	if (sm_should_stalk(c, s->stalking_options) &&
	    sm_output_changed(old_output, old_known, c->output)) {
		r->log = 1;
		r->flags |= SM_LOG_STALK;
	}
	if (c->state_type == STATE_SOFT && r->cfg != NULL && r->cfg->log_host_retries)
		r->log = 1;
	if (r->log) {
		r->flags |= SM_LOG_ALERT;
		r->flags &= ~SM_LOG_IF_NOTIFIED;
	}
	if (r->handle)
		r->flags |= SM_RUN_HANDLER;
}

static int
sm_host_refused(const struct state_common *c, const struct check_result *cr,
    const struct main_cfg *cfg)
{
	if (cr->check_type != STATE_CHECK_PASSIVE)
		return 0;
	return (cfg != NULL && !cfg->accept_passive_host_checks) || !c->passive_checks_enabled;
}

void
sm_host_result(struct host_state *st, const struct obj_host *h,
    const struct host_state *hosts, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out)
{
	struct state_common *c = &st->c;
	struct sm_host_run r;
	char *old_output;
	int old_known, translate;

	memset(out, 0, sizeof(*out));
	out->prev_last_check = c->last_check;
	if (sm_host_refused(c, cr, cfg)) {
		out->flags = SM_DISCARDED;
		return;
	}
	memset(&r, 0, sizeof(r));
	r.st = st;
	r.h = h;
	r.hosts = hosts;
	r.cfg = cfg;
	r.now = now;
	r.il = sm_interval_length(cfg);
	r.new_last_hard = c->last_hard_state;

	if (c->last_state_change == 0)
		c->last_state_change = c->last_check;
	if (c->last_hard_state_change == 0)
		c->last_hard_state_change = c->last_check;
	old_output = sm_take_result(c, cr, 1, &old_known);
	r.next_check = sm_after(c->last_check, c->check_interval, r.il);

	if (c->last_state == OBJ_HOST_UP)
		sm_host_was_up(&r);
	else
		sm_host_was_problem(&r);
	translate = c->check_type == STATE_CHECK_ACTIVE ||
	    (cfg != NULL && cfg->translate_passive_host_checks);
	if (c->current_state != OBJ_HOST_UP && translate) {
		c->current_state = sm_host_reachability(st, h, hosts);
		if (c->state_type == STATE_SOFT)
			r.next_check = sm_after(now, c->retry_interval, r.il);
	}
	if (c->current_state != c->last_state ||
	    (c->current_state == OBJ_HOST_UP && c->state_type == STATE_SOFT))
		r.state_change = 1;
	sm_host_attempts(&r);
	if (c->current_attempt >= c->max_attempts && c->current_state != r.new_last_hard) {
		r.next_check = sm_after(now, c->check_interval, r.il);
		r.hard_change = 1;
		r.notify = 1;
	}
	sm_host_change(&r);
	sm_host_state_ended(st);
	/* every actual host check goes into the flap history */
	sm_record_history(c, h->cfg->flap_detection_options);
	sm_reschedule(c, r.next_check, now, out);
	if (c->current_attempt == 0)
		c->current_attempt = 1;
	sm_host_effects(&r, old_output, old_known);
	out->alert_state_type = c->state_type;
	out->alert_attempt = c->current_attempt;

	if (r.state_change)
		r.flags |= SM_STATE_CHANGE;
	if (r.hard_change)
		r.flags |= SM_HARD_CHANGE;
	if (c->current_state == OBJ_HOST_UP && c->last_state != OBJ_HOST_UP)
		r.flags |= SM_RECOVERY;
	out->flags |= r.flags;
	c->has_been_checked = 1;
	c->last_hard_state = r.new_last_hard;
	free(old_output);
}

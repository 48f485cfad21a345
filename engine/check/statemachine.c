/*
 * statemachine: the parts of Nagios 4.4.6's result handling that services
 * and hosts share (see statemachine.h and sm_int.h): taking a result into
 * the state, interval arithmetic, acknowledgements, the flap history,
 * rescheduling, the cache horizon, the id counters and which parents and
 * children an on-demand propagation reaches.  sm_service.c and sm_host.c
 * hold the two state machines proper.
 *
 * Nagios computes times as doubles and truncates them (time_t and
 * unsigned long casts); sm_after does the same so next_check matches to
 * the second.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/check/sm_int.h"
#include "engine/objects/objects.h"

int
sm_interval_length(const struct main_cfg *cfg)
{
	return cfg != NULL && cfg->interval_length > 0 ? cfg->interval_length : 60;
}

time_t
sm_after(time_t base, double interval, int il)
{
	return (time_t)((double)base + interval * (double)il);
}

char *
sm_take_result(struct state_common *c, const struct check_result *cr, int is_host,
    int *old_known)
{
	const char *text = cr->output != NULL ? cr->output : check_no_output_text(is_host);
	char *old = c->output;

	/* Nagios's plugin_output is NULL only before the first result */
	*old_known = old != NULL || c->has_been_checked || c->output_known;
	c->output_known = 1;
	c->output = NULL;
	state_set_str(&c->output, text, strlen(text));
	state_set_str(&c->long_output, cr->long_output,
	    cr->long_output != NULL ? strlen(cr->long_output) : 0);
	state_set_str(&c->perf_data, cr->perf_data,
	    cr->perf_data != NULL ? strlen(cr->perf_data) : 0);
	c->check_type = cr->check_type;
	if (cr->check_type == STATE_CHECK_ACTIVE)
		c->is_executing = 0;
	c->latency = cr->latency;
	c->execution_time = check_result_exec_time(cr);
	c->last_check = cr->start.tv_sec;
	/* every active check of 4.4.6 asks to be rescheduled, passive results do not */
	c->should_be_scheduled = cr->check_type == STATE_CHECK_ACTIVE;
	c->last_check_rc = cr->rc;
	c->early_timeout = cr->early_timeout;
	c->last_state = c->current_state;
	c->current_state = cr->state;
	return old;
}

int
sm_output_changed(const char *old, int old_known, const char *cur)
{
	if (!old_known)
		return 1;
	return strcmp(old != NULL ? old : "", cur != NULL ? cur : "") != 0;
}

void
sm_clear_ack(struct state_common *c, int state_change, int hard_change, unsigned *flags)
{
	int normal = c->acknowledgement_type == SM_ACK_NORMAL;
	int sticky = c->acknowledgement_type == SM_ACK_STICKY;

	if ((normal && (state_change || !hard_change)) ||
	    (sticky && c->current_state == SM_GOOD)) {
		c->problem_has_been_acknowledged = 0;
		c->acknowledgement_type = SM_ACK_NONE;
		*flags |= SM_ACK_CLEARED;
	}
}

void
sm_state_or_type(struct state_common *c, int state_change, int hard_change, unsigned *flags)
{
	*flags |= SM_STATE_OR_TYPE;
	c->last_notification = 0;
	c->next_notification = 0;
	c->no_more_notifications = 0;
	sm_clear_ack(c, state_change, hard_change, flags);
	c->should_be_scheduled = 1;
}

void
sm_reset_notification_times(struct state_common *c, const struct sm_outcome *out)
{
	if (!(out->flags & SM_STATE_OR_TYPE))
		return;
	c->last_notification = 0;
	c->next_notification = 0;
	c->no_more_notifications = 0;
}

void
sm_record_history(struct state_common *c, unsigned flap_options)
{
	if (c->current_state < 0 || c->current_state > 3 ||
	    !(flap_options & (1u << c->current_state)))
		return;
	if (c->state_history_index < 0 || c->state_history_index >= STATE_HISTORY)
		c->state_history_index = 0;
	c->state_history[c->state_history_index] = c->current_state;
	c->state_history_index = (c->state_history_index + 1) % STATE_HISTORY;
}

void
sm_reschedule(struct state_common *c, time_t next_check, time_t now, struct sm_outcome *out)
{
	if (!c->active_checks_enabled) {
		c->should_be_scheduled = 0;
		return;
	}
	if (c->check_interval == 0 &&
	    (c->state_type == STATE_HARD || c->current_state == SM_GOOD)) {
		c->should_be_scheduled = 0;
		return;
	}
	if (!c->should_be_scheduled)
		return;
	c->next_check = now > next_check ? now : next_check;
	out->next_check = c->next_check;
	out->flags |= SM_RESCHEDULE;
}

int
sm_should_stalk(const struct state_common *c, unsigned stalking_options)
{
	return c->current_state >= 0 && c->current_state <= 3 &&
	    (stalking_options & (1u << c->current_state)) != 0;
}

int
sm_host_cache_fresh(const struct host_state *st, const struct main_cfg *cfg, time_t now)
{
	unsigned long horizon = cfg != NULL ? cfg->cached_host_check_horizon : 15;

	/* schedule_host_check's test, in Nagios's unsigned arithmetic */
	return (unsigned long)st->c.last_check + horizon > (unsigned long)now;
}

int
sm_host_parent_wanted(const struct sm_outcome *out, const struct host_state *parent)
{
	if (out->flags & SM_RECOVERY)
		return parent->c.current_state == OBJ_HOST_UP;
	return parent->c.current_state != OBJ_HOST_UP;
}

int
sm_host_child_wanted(const struct sm_outcome *out, const struct host_state *child)
{
	if (out->flags & SM_RECOVERY)
		return child->c.current_state != OBJ_HOST_UP;
	return child->c.current_state != OBJ_HOST_UNREACHABLE;
}

void
sm_assign_ids(struct state_common *c, const struct sm_outcome *out, struct sm_ids *ids)
{
	if (out->flags & SM_NEW_EVENT_ID)
		c->current_event_id = ids->next_event_id++;
	if (out->flags & SM_NEW_PROBLEM_ID)
		c->current_problem_id = ids->next_problem_id++;
}

void
sm_end_problem(struct state_common *c, const struct sm_outcome *out)
{
	if (!(out->flags & SM_END_PROBLEM))
		return;
	c->last_problem_id = c->current_problem_id;
	c->current_problem_id = 0;
}

void
sm_alert_view(struct state_common *c, const struct sm_outcome *out, struct sm_view *saved)
{
	saved->state_type = c->state_type;
	saved->attempt = c->current_attempt;
	c->state_type = out->alert_state_type;
	c->current_attempt = out->alert_attempt;
}

void
sm_finished_view(struct state_common *c, const struct sm_view *saved)
{
	c->state_type = saved->state_type;
	c->current_attempt = saved->attempt;
}

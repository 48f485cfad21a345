/*
 * flapping: the weighted percent state change and the start/stop
 * decision of Nagios 4.4.6 (see flapping.h).
 *
 * The arithmetic is done in the order Nagios does it, in doubles, so the
 * percentages printed with "%2.1f" in the FLAPPING ALERT lines and the
 * comment come out the same to the last digit.  Called by the checker
 * after the state machine; pure over the state it is given.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>

#include "compat/config/maincfg.h"
#include "engine/check/flapping.h"
#include "engine/objects/objects.h"

/* the weight of the oldest and of the newest transition */
#define FLAP_WEIGHT_OLD 0.75
#define FLAP_WEIGHT_NEW 1.25

const char *
flap_edge_str(enum flap_edge e)
{
	switch (e) {
	case FLAP_EDGE_STARTED:
		return "STARTED";
	case FLAP_EDGE_STOPPED:
		return "STOPPED";
	case FLAP_EDGE_DISABLED:
		return "DISABLED";
	default:
		return "NONE";
	}
}

void
flap_record(struct state_common *c, unsigned options)
{
	if (c->current_state < 0 || c->current_state > 3 || !(options & (1u << c->current_state)))
		return;
	if (c->state_history_index < 0 || c->state_history_index >= STATE_HISTORY)
		c->state_history_index = 0;
	c->state_history[c->state_history_index] = c->current_state;
	c->state_history_index = (c->state_history_index + 1) % STATE_HISTORY;
}

double
flap_percent(const struct state_common *c)
{
	double changes = 0.0;
	int i, slot, prev;

	/* the oldest entry is the next one to be overwritten */
	slot = c->state_history_index;
	if (slot < 0 || slot >= STATE_HISTORY)
		slot = 0;
	prev = c->state_history[slot];
	for (i = 1; i < STATE_HISTORY; i++) {
		slot = (slot + 1) % STATE_HISTORY;
		if (c->state_history[slot] != prev)
			changes += ((double)(i - 1) * (FLAP_WEIGHT_NEW - FLAP_WEIGHT_OLD)) /
				(double)(STATE_HISTORY - 2) +
			    FLAP_WEIGHT_OLD;
		prev = c->state_history[slot];
	}
	return changes * 100.0 / (double)(STATE_HISTORY - 1);
}

double
flap_threshold(double own, double global)
{
	return own <= 0.0 ? global : own;
}

enum flap_edge
flap_evaluate(struct state_common *c, int enabled, double low, double high,
    struct flap_outcome *out)
{
	double pct = flap_percent(c);

	out->edge = FLAP_EDGE_NONE;
	out->quiet = 0;
	out->percent = pct;
	out->low = low;
	out->high = high;
	c->percent_state_change = pct;
	if (!enabled) {
		if (c->is_flapping) {
			c->is_flapping = 0;
			out->edge = FLAP_EDGE_DISABLED;
		}
		return out->edge;
	}
	/* between the thresholds the object keeps what it was */
	if (pct > low && pct < high)
		return FLAP_EDGE_NONE;
	if (pct >= high && !c->is_flapping) {
		c->is_flapping = 1;
		out->edge = FLAP_EDGE_STARTED;
	} else if (pct <= low && c->is_flapping) {
		c->is_flapping = 0;
		out->edge = FLAP_EDGE_STOPPED;
	}
	return out->edge;
}

enum flap_edge
flap_service(struct svc_state *st, const struct obj_service *s, const struct main_cfg *cfg,
    struct flap_outcome *out)
{
	struct state_common *c = &st->c;

	out->edge = FLAP_EDGE_NONE;
	out->quiet = 0;
	out->percent = c->percent_state_change;
	out->low = flap_threshold(s->cfg->low_flap_threshold, cfg->low_service_flap_threshold);
	out->high = flap_threshold(s->cfg->high_flap_threshold, cfg->high_service_flap_threshold);
	/* Nagios looks only at hard states and soft recoveries */
	if (c->state_type == STATE_SOFT && c->current_state != OBJ_STATE_OK)
		return FLAP_EDGE_NONE;
	return flap_evaluate(c, cfg->enable_flap_detection && c->flap_detection_enabled, out->low,
	    out->high, out);
}

enum flap_edge
flap_host(struct host_state *st, const struct obj_host *h, const struct main_cfg *cfg, int record,
    struct flap_outcome *out)
{
	struct state_common *c = &st->c;

	/*
	 * Nagios records a host's state on a service result only after a
	 * wait derived from total_service_check_interval, which 4.4.6 never
	 * computes (it stays 0): every service result records it.
	 */
	if (record)
		flap_record(c, h->cfg->flap_detection_options);
	return flap_evaluate(c, cfg->enable_flap_detection && c->flap_detection_enabled,
	    flap_threshold(h->cfg->low_flap_threshold, cfg->low_host_flap_threshold),
	    flap_threshold(h->cfg->high_flap_threshold, cfg->high_host_flap_threshold), out);
}

enum flap_edge
flap_rejudge(struct host_state *hs, const struct obj_host *h, struct svc_state *ss,
    const struct obj_service *s, const struct main_cfg *cfg, int was_flapping,
    struct flap_outcome *out)
{
	struct state_common *c = ss != NULL ? &ss->c : &hs->c;
	enum flap_edge edge = ss != NULL ? flap_service(ss, s, cfg, out) : flap_host(hs, h, cfg, 0, out);

	out->quiet = was_flapping == 1;
	/* an edge that ends flapping clears it itself, after its notifications */
	if (edge == FLAP_EDGE_NONE && was_flapping == 1 && !c->is_flapping)
		c->check_flapping_recovery_notification = 0;
	return edge;
}

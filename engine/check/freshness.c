/*
 * freshness: Nagios's freshness checking (check_freshness), for objects
 * whose results come passively and for active ones that went quiet.
 *
 * Every service_freshness_check_interval (and host_..., when
 * check_service_freshness / check_host_freshness are on) each object with
 * check_freshness is tested as Nagios 4.4.6 tests it: its threshold is
 * freshness_threshold, or else its check (or, in a soft problem, retry)
 * interval plus its latency plus additional_freshness_latency; its
 * results expire that long after its last check, or after the start of
 * this run when it has none (plus the check spread for active objects
 * that last ran before the start).  A stale object gets the warning line
 * and an immediate forced check; it is not tested again until a result
 * comes (is_being_freshened).  A pass looks at CHK_FRESH_SLICE objects at
 * once and goes on between the loop's other work, so that a pass over a
 * large estate does not hold the loop for the whole of it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ev.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"
#include "engine/time/timeperiod.h"

static int
chk_stale(struct checker *c, struct chk_ent *e, time_t now, long *stale, long *threshold)
{
	const struct obj_settings *cfg = chk_settings(c, e);
	struct state_common *st = chk_state(c, e);
	time_t start = (time_t)c->t_start, expires;
	double interval;
	long th;
	int spread = e->is_host ? c->cfg->max_host_check_spread : c->cfg->max_service_check_spread;

	if (cfg->freshness_threshold == 0) {
		interval = st->state_type == STATE_HARD || st->current_state == 0 ?
		    st->check_interval : st->retry_interval;
		th = (long)(interval * c->cfg->interval_length + st->latency +
		    c->cfg->additional_freshness_latency);
	} else {
		th = cfg->freshness_threshold;
	}
	if (!st->has_been_checked)
		expires = start + th;
	else if (st->active_checks_enabled && start > st->last_check && cfg->freshness_threshold == 0)
		expires = start + th + (time_t)spread * c->cfg->interval_length;
	else
		expires = st->last_check + th;
	/* a passive object after a long stop: count from the start (Nagios's
	 * 61.8 %; jaque has no last stop time before retention, so 0) */
	if (st->check_type == STATE_CHECK_PASSIVE && st->last_check < start &&
	    (double)start > th * 0.618)
		expires = start + th;
	if (expires >= now)
		return 0;
	*stale = (long)(now - expires);
	*threshold = th;
	return 1;
}

static void
chk_fresh_one(struct checker *c, struct chk_ent *e, time_t now)
{
	const struct obj_settings *cfg = chk_settings(c, e);
	const struct obj_timeperiod *tp;
	struct state_common *st = chk_state(c, e);
	long stale, threshold;

	if (!st->check_freshness || e->running || e->freshening)
		return;
	if (!st->active_checks_enabled && !st->passive_checks_enabled)
		return;
	tp = chk_check_period(c, e);
	if (tp != NULL && !timeperiod_contains(tp, now))
		return;
	/* services only: no regular interval and an automatic threshold */
	if (!e->is_host && st->check_interval == 0 && cfg->freshness_threshold == 0)
		return;
	if (!chk_stale(c, e, now, &stale, &threshold))
		return;
	if ((e->is_host ? c->objs->hosts[e->id].check_command.cmd
	                : c->objs->services[e->id].check_command.cmd) == NULL)
		return;
	if (c->hooks.stale != NULL)
		c->hooks.stale(c->hooks.arg, now,
		    e->is_host ? &c->objs->hosts[e->id] : c->objs->services[e->id].host,
		    e->is_host ? NULL : &c->objs->services[e->id], stale, threshold);
	e->freshening = 1;
	e->forced = 1;
	st->check_options = STATE_CKOPT_FORCED | STATE_CKOPT_FRESHNESS;
	chk_check_soon(c, e);
}

/* a slice of the pass of kind k (0 services, 1 hosts); 1 while some is left */
static int
chk_fresh_slice(struct checker *c, int k)
{
	unsigned n = k ? c->objs->nhosts : c->objs->nservices;
	unsigned end = c->fresh_slice < n - c->fresh_next[k] ? c->fresh_next[k] + c->fresh_slice : n;

	for (; c->fresh_next[k] < end && !c->stopped; c->fresh_next[k]++)
		chk_fresh_one(c, k ? &c->hent[c->fresh_next[k]] : &c->sent[c->fresh_next[k]],
		    c->fresh_now[k]);
	c->fresh_on[k] = c->fresh_next[k] < n && !c->stopped;
	return c->fresh_on[k];
}

/* the passes go on when the loop has nothing else to do */
static void
chk_fresh_more_cb(struct ev_loop *loop, ev_idle *w, int revents)
{
	struct checker *c = w->data;
	int more = 0, k;

	(void)revents;
	for (k = 0; k < 2; k++)
		if (c->fresh_on[k])
			more |= chk_fresh_slice(c, k);
	if (!more)
		ev_idle_stop(loop, w);
}

/*
 * A pass over every service (or host), as Nagios makes it each interval;
 * on a large estate a slice of fresh_slice objects at once, the rest from
 * an idle watcher, so that the loop is never held for the whole of it.
 * All of a pass is judged at the time it began.  A loop too busy to leave
 * the idle watcher a turn before the next interval gets a slice from each
 * interval: the pass under way goes on (starting again would never reach
 * the estate's end).
 */
static void
chk_fresh_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct checker *c = w->data;
	int k = w == &c->fresh_host;

	(void)revents;
	if (!c->fresh_on[k]) {
		c->fresh_next[k] = 0;
		c->fresh_now[k] = (time_t)ev_now(loop);
	}
	if (chk_fresh_slice(c, k))
		ev_idle_start(loop, &c->fresh_more);
}

void
chk_freshness_start(struct checker *c)
{
	double si = c->cfg->service_freshness_check_interval > 0 ?
	    c->cfg->service_freshness_check_interval : 60;
	double hi = c->cfg->host_freshness_check_interval > 0 ?
	    c->cfg->host_freshness_check_interval : 60;

	if (c->fresh_slice == 0)
		c->fresh_slice = CHK_FRESH_SLICE;
	c->fresh_on[0] = c->fresh_on[1] = 0;
	ev_timer_init(&c->fresh_svc, chk_fresh_cb, si, si);
	ev_timer_init(&c->fresh_host, chk_fresh_cb, hi, hi);
	ev_idle_init(&c->fresh_more, chk_fresh_more_cb);
	c->fresh_svc.data = c->fresh_host.data = c->fresh_more.data = c;
	if (c->cfg->check_service_freshness)
		ev_timer_start(c->loop, &c->fresh_svc);
	if (c->cfg->check_host_freshness)
		ev_timer_start(c->loop, &c->fresh_host);
}

void
chk_freshness_stop(struct checker *c)
{
	ev_timer_stop(c->loop, &c->fresh_svc);
	ev_timer_stop(c->loop, &c->fresh_host);
	ev_idle_stop(c->loop, &c->fresh_more);
	c->fresh_on[0] = c->fresh_on[1] = 0;
}

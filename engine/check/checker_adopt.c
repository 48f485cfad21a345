/*
 * checker_adopt: a reload's new checker takes over from the old one (see
 * checker.h, checker_adopt): each object's state by name, with the
 * switches Nagios's reading of retention.dat at SIGHUP takes, and its
 * schedule exactly (the same time base, so a tick stands for the same
 * instant in both): a check waiting for its tick keeps it, a due one runs
 * at once, and a check in flight moves to the new checker, which takes
 * its result (one the run_remote hook holds only when its link stays:
 * checker_carry_remote).  checker_start then schedules by what was carried
 * (chk_carry_schedule) and spreads the rest (checker_spread.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "engine/check/checker.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/sched/drift.h"
#include "engine/sched/runq.h"
#include "engine/sched/wheel.h"
#include "engine/util/xalloc.h"

/* the switches Nagios's reading of retention.dat at SIGHUP takes from the
 * file only with their modified-attribute bit (xdata/xrddefault.c) */
static const struct {
	unsigned long bit;
	size_t off;
} chk_switches[] = {
	{ STATE_MODATTR_NOTIFICATIONS_ENABLED, offsetof(struct state_common, notifications_enabled) },
	{ STATE_MODATTR_ACTIVE_CHECKS_ENABLED, offsetof(struct state_common, active_checks_enabled) },
	{ STATE_MODATTR_PASSIVE_CHECKS_ENABLED,
	    offsetof(struct state_common, passive_checks_enabled) },
	{ STATE_MODATTR_EVENT_HANDLER_ENABLED, offsetof(struct state_common, event_handler_enabled) },
	{ STATE_MODATTR_FLAP_DETECTION_ENABLED,
	    offsetof(struct state_common, flap_detection_enabled) },
	{ STATE_MODATTR_PERFORMANCE_DATA_ENABLED,
	    offsetof(struct state_common, process_performance_data) },
	{ STATE_MODATTR_OBSESSIVE_HANDLER_ENABLED, offsetof(struct state_common, obsess) },
};
#define CHK_NSWITCHES (sizeof(chk_switches) / sizeof(chk_switches[0]))

/*
 * Move a state's strings, overrides and figures; dst was initialised from
 * the new config.  The period overrides still point into the old
 * generation: the caller rebinds them (state_common_rebind).
 */
static void
chk_move_common(struct state_common *dst, struct state_common *src)
{
	double ci = dst->check_interval, ri = dst->retry_interval;
	int max = dst->max_attempts, sw[CHK_NSWITCHES];
	size_t k;

	for (k = 0; k < CHK_NSWITCHES; k++)
		sw[k] = *(int *)(void *)((char *)dst + chk_switches[k].off);
	state_set_str(&dst->output, NULL, 0);
	state_set_str(&dst->long_output, NULL, 0);
	state_set_str(&dst->perf_data, NULL, 0);
	state_vars_clear(&dst->vars);
	*dst = *src;
	src->output = src->long_output = src->perf_data = NULL;
	src->check_period = src->notification_period = NULL;
	memset(&src->vars, 0, sizeof(src->vars));
	/*
	 * The intervals, max_attempts and switches as Nagios's reading of
	 * retention.dat at SIGHUP leaves them (xdata/xrddefault.c): the
	 * retained value only when its modified-attribute bit is set (a
	 * CHANGE_*_MODATTR may have cleared it since) and the value is one that
	 * reading takes (an interval not negative, at least one attempt; a
	 * CHANGE_MAX_*_CHECK_ATTEMPTS to 0 is accepted at run time but not
	 * carried over), else the new configuration's.
	 */
	if (!(src->modified_attributes & STATE_MODATTR_NORMAL_CHECK_INTERVAL) ||
	    src->check_interval < 0.0)
		dst->check_interval = ci;
	if (!(src->modified_attributes & STATE_MODATTR_RETRY_CHECK_INTERVAL) ||
	    src->retry_interval < 0.0)
		dst->retry_interval = ri;
	if (!(src->modified_attributes & STATE_MODATTR_MAX_CHECK_ATTEMPTS) || src->max_attempts < 1)
		dst->max_attempts = max;
	/* and when it takes max_attempts it moves a problem's attempt past 1 to
	 * it, judged by the state type it has not read yet (the configured
	 * object's HARD): a SOFT problem's attempt too */
	else if (dst->current_state != 0 && dst->current_attempt > 1)
		dst->current_attempt = dst->max_attempts;
	for (k = 0; k < CHK_NSWITCHES; k++)
		if (!(src->modified_attributes & chk_switches[k].bit))
			*(int *)(void *)((char *)dst + chk_switches[k].off) = sw[k];
	dst->is_executing = 0;
}

/* an old tick in c's ticks (ticks_per_second may have changed) */
static uint64_t
chk_carry_tick(const struct checker *c, const struct checker *old, uint64_t tick)
{
	if (c->tps == old->tps)
		return tick;
	return (uint64_t)ceil((double)tick * c->tps / old->tps - 1e-9);
}

/*
 * What the old entry oe's schedule was, for checker_start to keep it in
 * e (the same object): its wheel tick, its due time, or its run, which
 * moves to c here so that its result is taken by the new generation.  A
 * check given to the run_remote hook follows only when the hook's link
 * outlives the reload (checker_carry_remote); else it is due again at
 * once.
 */
static void
chk_carry(struct checker *c, struct chk_ent *e, struct checker *old, struct chk_ent *oe)
{
	e->at = oe->at;
	e->base_s = oe->base_s;
	e->stretched = oe->stretched;
	e->forced = oe->forced;
	e->freshening = oe->freshening;
	e->pend = oe->pend;
	e->pend_forced = oe->pend_forced;
	e->pend_at = oe->pend_at;
	e->adopted = CHK_ADOPTED;
	if (oe->running && oe->run != NULL && (!oe->run->remote || c->carry_remote)) {
		e->ondemand = oe->ondemand;
		e->due_tick = chk_carry_tick(c, old, oe->due_tick);
		e->due_mono = oe->due_mono;
		chk_move_run(old, c, oe->run, e);
		e->adopted = CHK_CARRY_RUNNING;
	} else if (oe->queued || oe->running) {
		e->due_tick = chk_carry_tick(c, old, oe->due_tick);
		e->due_mono = oe->due_mono;
		e->adopted = CHK_CARRY_DUE;
	} else if (wheel_is_scheduled(&oe->we)) {
		e->due_tick = chk_carry_tick(c, old, oe->we.due);
		e->adopted = CHK_CARRY_WHEEL;
	}
}

/* put e in the run queue, due since due_mono (a carried due check) */
static void
chk_queue_carried(struct checker *c, struct chk_ent *e)
{
	e->queued = 1;
	runq_push(c->runq, &e->re, chk_key(c, e));
}

int
chk_carry_schedule(struct checker *c, struct chk_ent *e, uint64_t now_tick)
{
	switch (e->adopted) {
	case CHK_CARRY_RUNNING:
		return 1;
	case CHK_CARRY_DUE:
		chk_queue_carried(c, e);
		return 1;
	case CHK_CARRY_WHEEL:
		if (e->due_tick <= now_tick) {
			/* fell due while the reload ran: at once, late since its tick */
			e->due_mono = chk_tick_mono(c, e->due_tick);
			chk_queue_carried(c, e);
		} else {
			/* next_check and at stay as they were (wheel_move alone) */
			wheel_move(c->wheel, &e->we, e->due_tick);
		}
		return 1;
	default:
		return 0;
	}
}

void
checker_map_old(struct checker *c, const struct objects *old)
{
	unsigned i;

	free(c->old_hid);
	free(c->old_sid);
	c->map_of = old;
	c->old_hid = xreallocarray(NULL, c->objs->nhosts + 1, sizeof(*c->old_hid));
	c->old_sid = xreallocarray(NULL, c->objs->nservices + 1, sizeof(*c->old_sid));
	for (i = 0; i < c->objs->nhosts; i++) {
		const struct obj_host *oh = objects_find_host(old, c->objs->hosts[i].name);

		c->old_hid[i] = oh != NULL ? oh->id : CHK_NO_ID;
	}
	for (i = 0; i < c->objs->nservices; i++) {
		const struct obj_service *s = &c->objs->services[i];
		const struct obj_service *os = objects_find_service(old, s->host->name,
		    s->description);

		c->old_sid[i] = os != NULL ? os->id : CHK_NO_ID;
	}
}

void
checker_carry_remote(struct checker *c)
{
	c->carry_remote = 1;
}

void
checker_adopt(struct checker *c, struct checker *old)
{
	unsigned i;

	/*
	 * The same time base: every kept tick stands for the same instant,
	 * and a check in flight counts its next one from its start tick.
	 */
	c->base_kept = old->started;
	if (c->base_kept) {
		c->t0 = old->t0;
		c->t0_mono = old->t0_mono;
	}
	/* which old object each one is: mapped beforehand, or now */
	if (c->old_hid == NULL || c->map_of != old->objs)
		checker_map_old(c, old->objs);

	for (i = 0; i < c->objs->nhosts; i++) {
		uint32_t oid = c->old_hid[i];

		if (oid == CHK_NO_ID)
			continue;
		chk_move_common(&c->hs[i].c, &old->hs[oid].c);
		state_common_rebind(&c->hs[i].c, c->objs, c->objs->hosts[i].vars,
		    c->objs->hosts[i].nvars);
		c->hs[i].last_time_up = old->hs[oid].last_time_up;
		c->hs[i].last_time_down = old->hs[oid].last_time_down;
		c->hs[i].last_time_unreachable = old->hs[oid].last_time_unreachable;
		chk_carry(c, &c->hent[i], old, &old->hent[oid]);
	}
	for (i = 0; i < c->objs->nservices; i++) {
		const struct obj_service *s = &c->objs->services[i];
		uint32_t oid = c->old_sid[i];
		struct svc_state keep;

		if (oid == CHK_NO_ID)
			continue;
		keep = old->ss[oid];
		chk_move_common(&c->ss[i].c, &old->ss[oid].c);
		state_common_rebind(&c->ss[i].c, c->objs, s->vars, s->nvars);
		keep.c = c->ss[i].c;
		c->ss[i] = keep;
		chk_carry(c, &c->sent[i], old, &old->sent[oid]);
	}
	free(c->old_hid);
	free(c->old_sid);
	c->old_hid = c->old_sid = NULL;
	c->map_of = NULL;
	c->globals = old->globals;
	c->ids = old->ids;
	drift_free(c->drift);
	c->drift = old->drift;
	old->drift = drift_new();
	drift_free(c->tick_late);
	c->tick_late = old->tick_late;
	old->tick_late = drift_new();
	c->stats_base = old->stats_base;
	chk_backlog_count(old, &old->st, chk_mono());
	old->backlog_on = 0;
	chk_stats_add(&c->stats_base, &old->st);
	/* the adopted schedules were made stretched: they stay so */
	c->stretch = old->stretch;
	/* the demand as last summed, until this generation's first pass ends */
	c->dm.last = old->dm.last;
	c->dm.whole = old->dm.whole;
}

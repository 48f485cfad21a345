/*
 * checker_spread: where the first checks go when the daemon starts, as
 * Nagios 4.4.6's init_timing_loop (base/events.c) puts them.
 *
 * A check retention kept (use_retained_scheduling_info) stays: a host's
 * when it is ahead, a service's when it is less than a check window
 * ahead.  At a reload the previous generation's schedule stays as it
 * was, to the tick (a service's only while less than its new window
 * ahead), a due check runs at once and a check in flight keeps running:
 * Nagios spreads its overdue checks again at a restart, which blinds it
 * for up to a window.  The others are spread from the second of the
 * start, overdue ones and those far ahead included:
 *  - hosts, in configuration order, at k times the host inter-check delay
 *    for the k-th one spread (the first at once);
 *  - services by interleave: the k-th one spread goes into block
 *    k / factor at place k % factor + 1, at (block + place * blocks) times
 *    the service inter-check delay, so the services of one host are far
 *    apart;
 *  - the delays and the factor as the *_inter_check_delay_method and
 *    service_interleave_factor settings say ("s", the default: the average
 *    check interval of what is scheduled over how many are, no more than
 *    max_*_check_spread minutes over how many are; the factor the
 *    scheduled services per host, rounded up);
 *  - a time outside the check period moves to the period's next valid
 *    time plus the offset (for a host, Nagios ORs the offset into it: kept).
 *
 * Different, and why:
 *  - within its second a check does not start at the moment Nagios would
 *    (the fraction of a second of the start, for every check of that
 *    second at once): the checks of each second are placed evenly across
 *    it, in Nagios's order, so that no two start together (plugins
 *    starting at once cost more cpu each) however the host and service
 *    delays fall.  next_check shows the second Nagios shows.
 *  - an offset past the object's check window: Nagios puts every such
 *    service at the window's end (they then run together for good, an
 *    interval apart) and such a host at a random time within it; here the
 *    offset wraps into the window, so they stay spread and the schedule
 *    is the same from one start to the next.
 *
 * Called by checker.c when the checker starts (a start or a reload).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"
#include "engine/time/timeperiod.h"
#include "engine/util/xalloc.h"

/* Nagios's inter-check delay for n scheduled objects whose intervals sum to total */
static double
chk_icd(int method, double user, unsigned long total, uint64_t n, const struct main_cfg *cfg,
    int spread_minutes)
{
	double delay;

	switch (method) {
	case MAINCFG_ICD_NONE:
		return 0.0;
	case MAINCFG_ICD_DUMB:
		return 1.0;
	case MAINCFG_ICD_USER:
		return user;
	default:
		break;
	}
	if (n == 0 || total == 0)
		return 0.0;
	/* the average interval in seconds over the count */
	delay = (double)(total * (unsigned long)cfg->interval_length) / (double)n / (double)n;
	/* max_*_check_spread counts minutes of 60 s, whatever interval_length is */
	if (delay > (double)spread_minutes * 60.0 / (double)n)
		delay = (double)spread_minutes * 60.0 / (double)n;
	return delay;
}

void
chk_spread_init(struct checker *c, struct chk_spread *sp)
{
	const struct main_cfg *cfg = c->cfg;
	unsigned long stotal = 0, htotal = 0;
	uint64_t ns = 0, nh = 0;
	time_t now = (time_t)c->t_start;
	unsigned i, nhosts = c->objs->nhosts;

	/* whether each object is scheduled at all, judged once: hosts, then services */
	sp->ok = xcalloc((size_t)nhosts + c->objs->nservices + 1, 1);
	/* the sums are whole numbers each step, as in Nagios's unsigned long */
	for (i = 0; i < c->objs->nservices; i++) {
		if ((sp->ok[nhosts + i] = (uint8_t)chk_schedulable(c, &c->sent[i], now))) {
			ns++;
			stotal = (unsigned long)((double)stotal + c->ss[i].c.check_interval);
		}
	}
	for (i = 0; i < nhosts; i++) {
		if ((sp->ok[i] = (uint8_t)chk_schedulable(c, &c->hent[i], now))) {
			nh++;
			htotal = (unsigned long)((double)htotal + c->hs[i].c.check_interval);
		}
	}
	sp->svc_delay = chk_icd(cfg->service_inter_check_delay_method, cfg->service_inter_check_delay,
	    stotal, ns, cfg, cfg->max_service_check_spread);
	sp->host_delay = chk_icd(cfg->host_inter_check_delay_method, cfg->host_inter_check_delay,
	    htotal, nh, cfg, cfg->max_host_check_spread);
	if (cfg->service_interleave_factor_method == MAINCFG_ILF_USER)
		sp->factor = cfg->service_interleave_factor > 0 ? (uint64_t)cfg->service_interleave_factor
		                                                : 0;
	else
		sp->factor = (uint64_t)ceil((double)ns / (double)(c->objs->nhosts > 0 ? c->objs->nhosts : 1));
	sp->blocks = sp->factor == 0 ? ns : (ns + sp->factor - 1) / sp->factor;
	sp->nsvc = 0;
	sp->nhost = 0;
	sp->place = NULL;
	sp->nplace = sp->cap = 0;
}

/* the offset from the start's second for the next object spread */
static double
chk_spread_offset(struct chk_spread *sp, int is_host, double window)
{
	double off;

	if (is_host) {
		off = (double)sp->nhost++ * sp->host_delay;
	} else {
		uint64_t k = sp->nsvc++;
		uint64_t factor = sp->factor > 0 ? sp->factor : 1;

		off = (double)(k / factor + (k % factor + 1) * sp->blocks) * sp->svc_delay;
	}
	if (floor(off) > window)
		off = window > 0 ? fmod(off, window) : 0;
	return off;
}

/*
 * Whether the check retention or the previous generation gives stays: a
 * host's when ahead, a service's when less than a check window ahead (an
 * adopted one: the window stretched as its schedule was).  Nagios keeps
 * the service's delay in an int, so a time 2^31 s or more ahead wraps
 * (a forced check at 99999999999 is spread as a new one).
 */
static int
chk_retained_kept(struct checker *c, const struct chk_ent *e)
{
	const struct state_common *st = chk_state(c, e);
	time_t now = (time_t)c->t_start;
	int32_t delay;

	if (st->next_check <= now)
		return 0;
	if (e->is_host)
		return 1;
	delay = (int32_t)(uint32_t)(uint64_t)(st->next_check - now);
	return delay > 0 &&
	    (double)delay < floor(chk_window(c, st)) * (e->adopted ? c->stretch : 1.0);
}

/*
 * Whether a reload keeps a check waiting for its tick: a host's always, a
 * service's while less than its window (stretched) ahead, measured to its
 * tick (next_check, whole seconds, reads up to a second further).
 */
static int
chk_carry_kept(struct checker *c, const struct chk_ent *e)
{
	if (e->is_host)
		return 1;
	return chk_tick_time(c, e->due_tick) - c->t_start <
	    floor(chk_window(c, chk_state(c, e))) * c->stretch;
}

void
chk_schedule_first(struct checker *c, struct chk_ent *e, struct chk_spread *sp, uint64_t now_tick)
{
	struct state_common *st = chk_state(c, e);
	const struct obj_timeperiod *tp;
	double interval = st->check_interval * c->cfg->interval_length, off, t;
	time_t now = (time_t)c->t_start, at, valid;
	uint64_t tick;

	if (!sp->ok[e->is_host ? e->id : c->objs->nhosts + e->id]) {
		st->should_be_scheduled = 0;
		/* a forced check retention kept (use_retained_scheduling_info) runs
		 * at its time even with checks off, as Nagios's init_timing_loop
		 * keeps it */
		if ((st->check_options & STATE_CKOPT_FORCED) && st->next_check > 0) {
			e->forced = 1;
			chk_schedule_exact(c, e, st->next_check, now_tick + 1);
		}
		return;
	}
	e->base_s = (float)interval;
	/* a reload keeps the previous generation's schedule exactly: a check
	 * waiting for its tick keeps it (unless it is ahead by its window or
	 * more, as above: spread again, as Nagios does), a due one runs at
	 * once, one in flight has its result taken here */
	if (e->adopted > CHK_ADOPTED && (e->adopted != CHK_CARRY_WHEEL || chk_carry_kept(c, e))) {
		chk_carry_schedule(c, e, now_tick);
		return;
	}
	/* a forced check retention kept is still forced wherever it lands */
	if (st->check_options & STATE_CKOPT_FORCED)
		e->forced = 1;
	/* a start or a reload keeps what init_timing_loop keeps of the
	 * retained (or adopted) schedule, and spreads the rest */
	/* (a carried tick too far ahead is spread: its tick said so) */
	if (e->adopted != CHK_CARRY_WHEEL && chk_retained_kept(c, e)) {
		time_t rt = st->next_check;

		tick = chk_time_tick(c, (double)rt);
		chk_schedule_tick(c, e, tick);
		/* the retained time exactly */
		st->next_check = e->at = rt;
		/* within a stretched interval: an interval on, as it was made */
		e->stretched = interval > 0 &&
		    tick <= now_tick + (uint64_t)(interval * c->stretch * c->tps) + 1;
		return;
	}
	off = chk_spread_offset(sp, e->is_host, floor(chk_window(c, st)));
	/* new objects under an overload (a reload) spread over the stretched interval */
	off *= c->stretch;
	t = (double)now + off;
	at = (time_t)floor(t);
	tp = chk_check_period(c, e);
	if (tp != NULL && !timeperiod_contains(tp, at) && (valid = timeperiod_next(tp, at)) != (time_t)-1) {
		if (e->is_host) {
			at = valid | (time_t)floor(off);
			t = (double)at;
		} else {
			t = (double)valid + off;
			at = (time_t)floor(t);
		}
	}
	if (sp->nplace == sp->cap) {
		sp->cap = sp->cap != 0 ? sp->cap * 2 : 64;
		sp->place = xreallocarray(sp->place, sp->cap, sizeof(*sp->place));
	}
	sp->place[sp->nplace].t = t;
	sp->place[sp->nplace].at = at;
	sp->place[sp->nplace].seq = sp->nplace;
	sp->place[sp->nplace].e = e;
	sp->nplace++;
}

static int
chk_place_cmp(const void *pa, const void *pb)
{
	const struct chk_place *a = pa, *b = pb;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void
chk_spread_place(struct checker *c, struct chk_spread *sp, uint64_t now_tick)
{
	size_t i, j, k, m;

	free(sp->ok);
	sp->ok = NULL;
	/* nothing to place (a reload that spreads nothing): no array at all */
	if (sp->nplace == 0)
		return;
	qsort(sp->place, sp->nplace, sizeof(*sp->place), chk_place_cmp);
	for (i = 0; i < sp->nplace; i = j) {
		time_t at = sp->place[i].at;
		/* the part of the second still ahead */
		double from = (double)at > c->t_start ? (double)at : c->t_start, span = (double)at + 1 - from;

		for (j = i; j < sp->nplace && sp->place[j].at == at; j++)
			;
		m = j - i;
		for (k = 0; k < m; k++) {
			struct chk_ent *e = sp->place[i + k].e;
			uint64_t tick = chk_time_tick(c, from + span * ((double)k + 0.5) / (double)m);

			chk_schedule_regular(c, e, tick > now_tick ? tick : now_tick + 1);
			chk_state(c, e)->next_check = e->at = at;
		}
	}
	free(sp->place);
	sp->place = NULL;
	sp->nplace = sp->cap = 0;
}

/*
 * downtime: the downtime store's rules and its clock (see downtime.h).
 *
 * Each downtime is one heap entry in three lists kept in Nagios's order
 * (downtime_compar): the store's, its object's (what a state change may
 * start) and its trigger's (what that one triggers), with an id map;
 * downtime_store.c keeps those.
 *
 * Time: an entry's state says what it waits for (dt_wants): START at
 * start_time (fixed, untriggered, not started) or at flex_downtime_start
 * (a host's flexible downtime its object's problem started), END at
 * end_time (fixed) or flex_downtime_start + duration (flexible) once in
 * effect; nothing else (a flexible one waiting for a problem, a triggered
 * one waiting for its trigger).  Besides those, the store keeps the
 * expire events (SWEEP) that registering a flexible downtime not in
 * effect queues at its end_time + 1, as Nagios does: each removes every
 * downtime not in effect whose end has come, whichever queued it, and
 * stays queued until it runs unless that downtime is cancelled.  So a
 * triggered fixed downtime that never starts stays past its end until
 * some flexible downtime's expire event runs (or for good).  A tick makes
 * one O(n) pass for what is due (no timers to keep in step with
 * deletions), takes the expire events due, and handles it all in time
 * order, an expire event after the downtimes' own events of its second.
 * Nothing starts inside downtimes_schedule: Nagios starts downtime from
 * its event loop, after the whole batch of commands (the soon hook asks
 * the daemon for the tick that stands for that pass).
 *
 * Kept from Nagios 4.4.6: depth +1 at a start, -1 at an end or cancel
 * (never below 0); STARTED and the start notification only from a depth
 * of 0, start_notification_sent set then only; the comment's "(Nagios
 * Process)" author and its dates in date_format; the refusals of
 * schedule_downtime and downtime_add (and the id a refusal past the times uses
 * up); a triggered downtime starts only when its trigger starts (one
 * scheduled under a trigger already in effect waits); a trigger's end
 * stops what it triggered (one still waiting starts and stops then: both
 * lines), its cancel cancels them, its expiry leaves them; a flexible
 * downtime waits for its object's next change of state or state type,
 * even when it is scheduled during a problem; delete_matching cancels its
 * matches last first; retention gives a downtime a new comment and
 * registers it again (register_downtime): one that was in effect is
 * taken out of effect and started again by its start event, a triggered
 * one by its trigger, and the events already due run at the next tick in
 * the order of Nagios's event heap (dt_boot_run); a restart drops every
 * queued event (downtimes_drop_events) before it registers the downtimes
 * again.
 *
 * Different, and why:
 *  - the event hook hears what Nagios logs: STARTED only when the depth
 *    was 0, STOPPED and CANCELLED only when it is 0 again.  During
 *    STARTED, d->start_notification_sent is still the old value (1: the
 *    notification went out before a restart); it is set to 1 after.
 *  - a triggered flexible downtime lasts its duration from its start
 *    (4.4.6 ends it at once: flex_downtime_start stays 0; fixed in 4.5.8).
 *  - a host's flexible downtime its problem is starting starts once: two
 *    state changes before the next tick do not start it and then end it
 *    (Nagios queues a start event for each, and the second one finds it
 *    in effect and ends it).
 *  - author and comment are never NULL ("" when none).
 *
 * The hooks must not change the store.  Called by the daemon (tick,
 * check results), the external commands and the retention reader.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/notify/downtime.h"

#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime_int.h"
#include "engine/notify/downtime_text.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

/* what a tick found due */
struct dt_due {
	time_t t;
	size_t pos; /* in the list, expire events after it: equal times in Nagios's order */
	unsigned long id;
	int kind;
};

static struct state_common *
dt_state(const struct downtimes *dt, const char *host, const char *svc)
{
	if (dt->hooks.state == NULL || host == NULL)
		return NULL;
	return dt->hooks.state(dt->hooks.arg, host, svc);
}

/* ---- time ---- */

/* what e waits for, and when; 0 when nothing timed */
static int
dt_wants(const struct dt_entry *e, time_t *t, int *kind)
{
	const struct downtime *d = &e->d;

	*kind = DT_NONE;
	*t = 0;
	if (d->is_in_effect) {
		*kind = DT_END;
		*t = d->fixed ? d->end_time : d->flex_downtime_start + (time_t)d->duration;
	} else if (e->start_soon) {
		*kind = DT_START;
		*t = d->flex_downtime_start;
	} else if (d->fixed && d->triggered_by == 0) {
		*kind = DT_START;
		*t = d->start_time;
	}
	return *kind != DT_NONE;
}

static int
dt_due_cmp(const void *pa, const void *pb)
{
	const struct dt_due *a = pa, *b = pb;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static void
dt_due_push(struct dt_due **due, size_t *n, size_t *cap, struct dt_due d)
{
	if (*n == *cap) {
		*cap = *cap != 0 ? *cap * 2 : 16;
		*due = xreallocarray(*due, *cap, sizeof(**due));
	}
	(*due)[(*n)++] = d;
}

static void
dt_emit(struct downtimes *dt, enum downtime_event ev, const struct dt_entry *e, time_t t)
{
	if (dt->hooks.event != NULL)
		dt->hooks.event(dt->hooks.arg, ev, &e->d, t);
}

/* an event of e's queued at start-up: in the heap as a due downtime
 * event when t has come, else as one of the others (the tick runs it) */
static void
dt_boot_queue(struct downtimes *dt, const struct dt_entry *e, int kind, time_t t, time_t now)
{
	dt_heap_push(dt, (struct dt_boot){ e->d.id, t <= now ? kind : DT_NONE });
}

/* queue e's next timed event (register_downtime's start event, or the end
 * event a start at start-up queues) */
static void
dt_boot_due(struct downtimes *dt, const struct dt_entry *e, time_t now)
{
	time_t t;
	int kind;

	if (dt_wants(e, &t, &kind))
		dt_boot_queue(dt, e, kind, t, now);
}

/* register_downtime's expire event for a flexible downtime not in effect,
 * at end_time + 1 */
static void
dt_queue_sweep(struct downtimes *dt, const struct dt_entry *e, time_t now)
{
	time_t t = e->d.end_time + 1;

	dt_boot_queue(dt, e, DT_SWEEP, t, now);
	if (t > now)
		dt_sweep_add(dt, t, e->d.id);
}

/* unschedule_downtime takes back the start and expire events e queued
 * (Nagios keeps no hold on an end event: that one finds e gone) */
static void
dt_unqueue(struct downtimes *dt, const struct dt_entry *e)
{
	size_t i;

	dt_sweep_cancel(dt, e->d.id);
	for (i = dt->nboot; i > 0; i--) {
		if (dt->boot[i - 1].id == e->d.id &&
		    (dt->boot[i - 1].kind == DT_START || dt->boot[i - 1].kind == DT_SWEEP))
			(void)dt_heap_remove(dt, i);
	}
}

/* ask the daemon for a tick on its next loop pass */
static void
dt_soon(struct downtimes *dt)
{
	if (dt->hooks.soon != NULL)
		dt->hooks.soon(dt->hooks.arg);
}

/* start e, then the downtimes it triggers (handle_scheduled_downtime, start half) */
static void
dt_begin(struct downtimes *dt, struct dt_entry *e, time_t now)
{
	struct state_common *st;
	struct dt_entry *k;
	int first = 0;

	if (e->d.is_in_effect)
		return;
	e->start_soon = 0;
	st = dt_state(dt, e->d.host, e->d.svc);
	if (!e->d.fixed && e->d.flex_downtime_start == 0)
		e->d.flex_downtime_start = now;
	e->d.is_in_effect = 1;
	if (st != NULL) {
		first = st->scheduled_downtime_depth == 0;
		st->scheduled_downtime_depth++;
	}
	if (first) {
		dt_emit(dt, DOWNTIME_EV_STARTED, e, now);
		e->d.start_notification_sent = 1;
	}
	if (dt->booting) {
		dt_boot_due(dt, e, now);
	} else {
		time_t t;
		int kind;

		/* Nagios queues the end as an event: one already due (a flexible
		 * duration that wraps past the start) runs at the next loop pass */
		if (dt_wants(e, &t, &kind) && t <= now)
			dt_soon(dt);
	}
	for (k = e->kids.head; k != NULL; k = k->link[DT_L_TRIGGER].next)
		dt_begin(dt, k, now);
}

/*
 * End e (ev STOPPED: its time is up; CANCELLED: deleted), delete its
 * comment and free it; then the same for what it triggers.  At a STOPPED,
 * Nagios's handle_scheduled_downtime hands each of those to itself: one
 * that had not started (scheduled while e was already in effect) starts
 * there, and is stopped at the next turn of its loop, so it logs STARTED
 * and STOPPED when its object's depth was 0.
 */
static void
dt_finish(struct downtimes *dt, struct dt_entry *e, enum downtime_event ev, time_t now)
{
	struct state_common *st = dt_state(dt, e->d.host, e->d.svc);
	struct dt_entry *k, *next;
	int last = 0;

	if (ev == DOWNTIME_EV_CANCELLED)
		dt_unqueue(dt, e);
	dt_link_out(dt, e);
	comments_delete(dt->cs, e->d.comment_id);
	if (e->d.is_in_effect && st != NULL) {
		if (st->scheduled_downtime_depth > 0)
			st->scheduled_downtime_depth--;
		last = st->scheduled_downtime_depth == 0;
	}
	if (last)
		dt_emit(dt, ev, e, now);
	for (k = dt_take_kids(e); k != NULL; k = next) {
		next = k->link[DT_L_TRIGGER].next;
		if (ev == DOWNTIME_EV_STOPPED && !k->d.is_in_effect)
			dt_begin(dt, k, now);
		dt_finish(dt, k, ev, now);
	}
	dt_entry_free(e);
}

/* an unstarted downtime past its end goes quietly (check_for_expired_downtime) */
static void
dt_expire(struct downtimes *dt, struct dt_entry *e, time_t now)
{
	dt_emit(dt, DOWNTIME_EV_EXPIRED, e, now);
	dt_link_out(dt, e);
	comments_delete(dt->cs, e->d.comment_id);
	(void)dt_take_kids(e);
	dt_entry_free(e);
}

/*
 * check_for_expired_downtime, as an expire event runs it: every downtime
 * not in effect whose end has come goes, in the list's order, whichever
 * downtime's event it was (at start-up, a fixed one whose own start event
 * had not run yet too)
 */
static void
dt_expire_all(struct downtimes *dt, time_t now)
{
	struct dt_entry *e, *next;

	for (e = dt->all.head; e != NULL; e = next) {
		next = e->link[DT_L_ALL].next;
		if (!e->d.is_in_effect && e->d.end_time <= now)
			dt_expire(dt, e, now);
	}
}

/*
 * Run the downtime events due at once that register_downtime queued, and
 * what they queue in turn (the end of one that starts past its end), in
 * the order Nagios's event heap gives them.  Its squeue moves an overdue
 * event to now, and a downtime event (high priority) gets no microseconds
 * there, so all of these have one priority, below every other event: the
 * heap, not the order they came, decides theirs (after the first, a pop
 * promotes the lower-priority child, the left one when both are due).
 * The model holds the slots of every downtime event register_downtime
 * queued, and behind them the events Nagios's init_timing_loop queues
 * next (the queued hook; without it the two it always queues, the check
 * reaper and the status save), whose own order does not matter.  An
 * event finds its downtime as the ones before left it: gone (expired, or
 * stopped with its trigger), or started already by its trigger.
 */
static void
dt_boot_run(struct downtimes *dt, time_t now)
{
	size_t others = dt->hooks.queued != NULL ? dt->hooks.queued(dt->hooks.arg) : 2;
	struct dt_entry *e;
	struct dt_boot b;

	while (others-- > 0)
		dt_heap_push(dt, (struct dt_boot){ 0, DT_NONE });
	dt->booting = 1;
	while (dt->nboot > 0 && dt->boot[0].kind != DT_NONE) {
		b = dt_heap_remove(dt, 1);
		if (b.kind == DT_SWEEP) {
			dt_expire_all(dt, now);
			continue;
		}
		if ((e = dt_id_get(dt, b.id)) == NULL)
			continue;
		if (b.kind == DT_START && !e->d.is_in_effect)
			dt_begin(dt, e, now);
		else if (b.kind == DT_END && e->d.is_in_effect)
			dt_finish(dt, e, DOWNTIME_EV_STOPPED, now);
	}
	dt->nboot = 0;
	dt->booting = 0;
}

/* the comment register_downtime adds; returns its id (0 when it could not be added) */
static unsigned long
dt_add_comment(struct downtimes *dt, const struct downtime *d, const char *author, time_t now)
{
	int fmt = dt->hooks.date_format != NULL ? dt->hooks.date_format(dt->hooks.arg)
	                                        : MAINCFG_DATE_US;
	const struct comment *c;
	char *text = downtime_comment_text(d, fmt);

	c = comments_add(dt->cs, 0, &dt->prog->next_comment_id, COMMENT_DOWNTIME, d->host, d->svc,
	    now, author != NULL ? author : "(Nagios Process)", text, 0, COMMENT_SOURCE_INTERNAL, 0,
	    0);
	free(text);
	return c != NULL ? c->id : 0;
}

/* the next free downtime id (get_next_downtime_id) */
static unsigned long
dt_next_id(struct downtimes *dt)
{
	if (dt->prog->next_downtime_id == 0)
		dt->prog->next_downtime_id = 1;
	while (dt_id_get(dt, dt->prog->next_downtime_id) != NULL)
		dt->prog->next_downtime_id++;
	return dt->prog->next_downtime_id++;
}

/* a new entry like src (strings copied, an id when it has none), with its comment, linked */
static struct dt_entry *
dt_add(struct downtimes *dt, const struct downtime *src, struct dt_entry *trigger, time_t now)
{
	struct dt_entry *e = xcalloc(1, sizeof(*e));

	e->d = *src;
	e->d.host = xstrdup(src->host);
	e->d.svc = src->svc != NULL ? xstrdup(src->svc) : NULL;
	e->d.author = xstrdup(src->author != NULL ? src->author : "");
	e->d.comment = xstrdup(src->comment != NULL ? src->comment : "");
	e->d.fixed = src->fixed > 0;
	e->d.is_in_effect = 0;
	if (e->d.id == 0)
		e->d.id = dt_next_id(dt);
	else if (dt->prog->next_downtime_id <= e->d.id)
		dt->prog->next_downtime_id = e->d.id + 1;
	e->d.comment_id = dt_add_comment(dt, &e->d, src->author, now);
	e->trigger = trigger;
	dt_link_in(dt, e);
	return e;
}

/*
 * register_downtime for a downtime read from retention (e, added not in
 * effect; was: whether the file had it in effect).  An untriggered one
 * that is fixed, or flexible and was in effect, gets its start event at
 * its start time (a flexible one starts again from flex_downtime_start,
 * so its end stays where it was); a triggered one waits for its trigger's
 * start; a flexible one that was not in effect (triggered or not) queues
 * an expire event at end_time + 1, and a fixed one never does.  Those
 * due by now are queued for the next tick.
 */
static void
dt_register(struct downtimes *dt, struct dt_entry *e, int was, time_t now)
{
	if (e->d.triggered_by == 0 && (e->d.fixed || was)) {
		if (!e->d.fixed)
			e->start_soon = 1;
		dt_boot_due(dt, e, now);
	}
	if (!e->d.fixed && !was)
		dt_queue_sweep(dt, e, now);
}

/* ---- the API ---- */

int
downtimes_schedule(struct downtimes *dt, const char *host, const char *svc, time_t entry_time,
    const char *author, const char *comment, time_t start, time_t end, int fixed,
    unsigned long triggered_by, unsigned long duration, time_t now, unsigned long *id_out,
    const char **err)
{
	struct state_common *st = dt_state(dt, host, svc);
	struct dt_entry *trigger = NULL, *e;
	struct downtime src;
	const char *why = NULL;
	int times_ok = st != NULL && start < end && end > now;

	fixed = fixed > 0;
	if (st == NULL)
		why = svc != NULL ? "No service_description, or service not found"
		                  : "No hostname, or host not found";
	else if (!times_ok)
		why = "Invalid start or end times";
	else if (triggered_by != 0 && (trigger = dt_id_get(dt, triggered_by)) == NULL)
		why = "Triggering downtime not found";
	else if (!fixed && duration == 0)
		why = "Bad time spec";
	if (why != NULL) {
		/* past the times, Nagios takes an id before the store refuses,
		 * and schedule_downtime hands it back all the same */
		if (times_ok) {
			unsigned long used = dt_next_id(dt);

			if (id_out != NULL)
				*id_out = used;
		}
		if (err != NULL)
			*err = why;
		return -1;
	}
	/* cmd_schedule_downtime: a fixed downtime lasts from start to end */
	if (fixed)
		duration = (unsigned long)(end - start);
	/* the strings are only read (and copied) */
	src = (struct downtime){ .host = (char *)host,
		.svc = (char *)svc,
		.author = (char *)author,
		.comment = (char *)comment,
		.entry_time = entry_time,
		.start_time = start,
		.end_time = end,
		.triggered_by = triggered_by,
		.duration = duration,
		.fixed = fixed };
	e = dt_add(dt, &src, trigger, now);
	/* register_downtime: a fixed one's start event, due at once when its
	 * start has come; a flexible one's expire event (its end is ahead);
	 * nothing for a triggered fixed one */
	if (fixed && triggered_by == 0 && start <= now)
		dt_soon(dt);
	if (!fixed)
		dt_queue_sweep(dt, e, now);
	if (id_out != NULL)
		*id_out = e->d.id;
	return 0;
}

int
downtimes_add_retained(struct downtimes *dt, const struct downtime *d, time_t now)
{
	const struct comment *old;
	struct dt_entry *trigger = NULL, *e;

	if (d == NULL || d->host == NULL || (d->id != 0 && dt_id_get(dt, d->id) != NULL))
		return -1;
	if (dt_state(dt, d->host, d->svc) == NULL)
		return -1;
	/* downtime_add's refusals */
	if (d->triggered_by != 0 && (trigger = dt_id_get(dt, d->triggered_by)) == NULL)
		return -1;
	if (trigger == NULL && d->start_time >= d->end_time)
		return -1;
	if (d->fixed <= 0 && d->duration == 0)
		return -1;

	/*
	 * Nagios drops the downtime's old comment when it reads retention (a
	 * non-persistent downtime comment never survives) and writes a new one.
	 */
	old = comments_find(dt->cs, d->comment_id);
	if (old != NULL && old->entry_type == COMMENT_DOWNTIME && strcmp(old->host, d->host) == 0 &&
	    (old->svc == NULL) == (d->svc == NULL) &&
	    (d->svc == NULL || strcmp(old->svc, d->svc) == 0))
		comments_delete(dt->cs, d->comment_id);
	e = dt_add(dt, d, trigger, now);
	dt_register(dt, e, d->is_in_effect, now);
	if (dt->nboot > 0)
		dt_soon(dt);
	return 0;
}

int
downtimes_delete(struct downtimes *dt, unsigned long id, time_t now)
{
	struct dt_entry *e = dt_id_get(dt, id);

	if (e == NULL)
		return -1;
	dt_finish(dt, e, DOWNTIME_EV_CANCELLED, now);
	return 0;
}

static int
dt_matches(const struct downtime *d, const char *host, const char *svc, time_t start,
    const char *comment)
{
	if (start != 0 && d->start_time != start)
		return 0;
	if (comment != NULL && strcmp(d->comment, comment) != 0)
		return 0;
	if (host != NULL && strcmp(d->host, host) != 0)
		return 0;
	if (svc == NULL)
		return 1;
	if (d->svc == NULL)
		return *svc == '\0';
	return *svc != '\0' && strcmp(d->svc, svc) == 0;
}

size_t
downtimes_delete_matching(struct downtimes *dt, const char *host, const char *svc, time_t start,
    const char *comment, time_t now)
{
	struct dt_entry *e;
	unsigned long *ids;
	size_t n = 0, i;

	/* Nagios will not delete everything */
	if (host == NULL && svc == NULL && start == 0 && comment == NULL)
		return 0;
	if (dt->all.len == 0)
		return 0;
	ids = xreallocarray(NULL, dt->all.len, sizeof(*ids));
	for (e = dt->all.head; e != NULL; e = e->link[DT_L_ALL].next) {
		if (dt_matches(&e->d, host, svc, start, comment))
			ids[n++] = e->d.id;
	}
	/* last first, as Nagios's list of matches is built by prepending;
	 * a match may already be gone with the downtime that triggered it */
	for (i = n; i-- > 0;) {
		if ((e = dt_id_get(dt, ids[i])) != NULL)
			dt_finish(dt, e, DOWNTIME_EV_CANCELLED, now);
	}
	free(ids);
	return n;
}

void
downtimes_tick(struct downtimes *dt, time_t now)
{
	struct dt_due *due = NULL;
	struct dt_entry *e;
	size_t n, cap = 0, pos, i, nsweep;
	time_t t;
	int kind;

	if (dt->nboot > 0)
		dt_boot_run(dt, now);
	/* what one step starts (a fixed downtime past its end, what a start
	 * triggers) may be due too: look again until nothing is */
	for (;;) {
		n = pos = 0;
		for (e = dt->all.head; e != NULL; e = e->link[DT_L_ALL].next, pos++) {
			if (!dt_wants(e, &t, &kind) || t > now)
				continue;
			dt_due_push(&due, &n, &cap, (struct dt_due){ t, pos, e->d.id, kind });
		}
		/* the expire events due: a prefix of their queue, which nothing
		 * in this pass adds to or takes from (only a cancel does) */
		for (nsweep = 0; nsweep < dt->nsweep && dt->sweep[nsweep].t <= now; nsweep++)
			dt_due_push(&due, &n, &cap,
			    (struct dt_due){ dt->sweep[nsweep].t, pos + nsweep, 0, DT_SWEEP });
		if (n == 0)
			break;
		qsort(due, n, sizeof(*due), dt_due_cmp);
		for (i = 0; i < n; i++) {
			if (due[i].kind == DT_SWEEP) {
				dt_expire_all(dt, now);
				continue;
			}
			/* an earlier step may have ended or started it */
			if ((e = dt_id_get(dt, due[i].id)) == NULL)
				continue;
			if (!dt_wants(e, &t, &kind) || kind != due[i].kind)
				continue;
			if (kind == DT_START)
				dt_begin(dt, e, now);
			else
				dt_finish(dt, e, DOWNTIME_EV_STOPPED, now);
		}
		dt_sweep_drop(dt, nsweep);
	}
	free(due);
}

void
downtimes_drop_events(struct downtimes *dt)
{
	dt->nsweep = 0;
	dt->nboot = 0;
}

void
downtimes_object_state(struct downtimes *dt, const char *host, const char *svc, time_t now)
{
	struct state_common *st = dt_state(dt, host, svc);
	struct dt_obj *o;
	struct dt_entry *e;

	/* Nagios's problem state: a host not UP, a service not OK (soft or hard) */
	if (st == NULL || st->current_state == 0)
		return;
	if ((o = dt_obj_find(dt, host, svc, 0)) == NULL)
		return;
	/* check_pending_flex_*_downtime: a service's starts here, a host's
	 * from an event due now, after the rest of the result */
	for (e = o->chain.head; e != NULL; e = e->link[DT_L_OBJECT].next) {
		if (e->d.fixed || e->d.is_in_effect || e->d.triggered_by != 0 || e->start_soon)
			continue;
		if (e->d.start_time <= now && now <= e->d.end_time) {
			e->d.flex_downtime_start = now;
			if (svc != NULL) {
				dt_begin(dt, e, now);
			} else {
				e->start_soon = 1;
				dt_soon(dt);
			}
		}
	}
}

int
downtimes_pending_flex(struct downtimes *dt, const char *host, const char *svc, time_t now)
{
	struct dt_obj *o;
	struct dt_entry *e;

	if ((o = dt_obj_find(dt, host, svc, 0)) == NULL)
		return 0;
	for (e = o->chain.head; e != NULL; e = e->link[DT_L_OBJECT].next)
		if (!e->d.fixed && !e->d.is_in_effect && e->d.triggered_by == 0 &&
		    e->d.start_time <= now && now <= e->d.end_time)
			return 1;
	return 0;
}

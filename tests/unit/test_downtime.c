/*
 * test_downtime: scheduled downtime (engine/notify/downtime.c) against
 * Nagios 4.4.6's common/downtime.c and base/commands.c.
 *
 * A fixture stands in for the engine: a table of hosts and services with
 * their state_common (the hooks' state) and a record of every event with
 * the object's depth and whether the downtime's comment was still there
 * when the hook ran.  Covered: the comment Nagios writes (wording, dates
 * in each date_format, hours and minutes wrapped as Nagios's ints wrap,
 * entry type, source, persistence, the author), a fixed downtime in the
 * future and one already running (started at the next tick, which the
 * store asks for, not inside the call), depth stacking with overlaps (an
 * event only at 0 -> 1 and 1 -> 0, as Nagios logs), cancelling one in
 * effect and one pending, triggered chains (start with the trigger, end
 * or cancel with it; one scheduled under a running trigger waits, then
 * starts and stops when the trigger ends), flexible downtime started by a
 * change to a problem state inside its window (a service's at once, a
 * host's at the next tick; not by the problem it was scheduled in) and
 * lasting its duration, flexible expiry (Nagios's expire event: queued
 * by a flexible downtime only, it removes every unstarted downtime past
 * its end, runs after its own downtime ended, and goes with a cancel or a
 * restart only), the refusals, delete_matching's
 * filters and order, retention (in effect again, over, triggered, the
 * comment replaced), the list order and its turning round after a restart
 * (downtimes_resort), and thousands of downtimes ending
 * in one tick, and the id lookups over random deletions.  Every test
 * runs with TZ=UTC.  Links engine/notify/downtime.c, comment.c and the
 * util library (prog_state is filled by hand).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

#define T0 1600000000 /* 2020-09-13 12:26:40 UTC */
#define H 3600

struct obj {
	const char *host;
	const char *svc;
	struct state_common st;
};

struct ev {
	enum downtime_event ev;
	unsigned long id;
	time_t t;
	int depth;        /* the object's depth during the call */
	int sns;          /* d->start_notification_sent during the call */
	int comment_left; /* the downtime's comment still existed */
	char host[16];
};

struct fx {
	struct obj objs[8];
	size_t nobj;
	struct comments *cs;
	struct prog_state prog;
	struct downtimes *dt;
	struct ev ev[64];
	size_t nev;
	int date_format; /* what the date_format hook answers */
	int soons;       /* ticks the store asked for */
};

static struct obj *
fx_obj(struct fx *f, const char *host, const char *svc)
{
	size_t i;

	for (i = 0; i < f->nobj; i++) {
		if (strcmp(f->objs[i].host, host) != 0)
			continue;
		if ((svc == NULL) != (f->objs[i].svc == NULL))
			continue;
		if (svc == NULL || strcmp(svc, f->objs[i].svc) == 0)
			return &f->objs[i];
	}
	return NULL;
}

static struct state_common *
hook_state(void *arg, const char *host, const char *svc)
{
	struct obj *o = fx_obj(arg, host, svc);

	return o != NULL ? &o->st : NULL;
}

static void
hook_event(void *arg, enum downtime_event ev, const struct downtime *d, time_t t)
{
	struct fx *f = arg;
	struct ev *e;

	assert_true(f->nev < 64);
	e = &f->ev[f->nev++];
	e->ev = ev;
	e->id = d->id;
	e->t = t;
	e->depth = fx_obj(f, d->host, d->svc)->st.scheduled_downtime_depth;
	e->sns = d->start_notification_sent;
	e->comment_left = comments_find(f->cs, d->comment_id) != NULL;
	snprintf(e->host, sizeof(e->host), "%s", d->host);
}

static int
hook_date_format(void *arg)
{
	return ((struct fx *)arg)->date_format;
}

static void
hook_soon(void *arg)
{
	((struct fx *)arg)->soons++;
}

static int
setup(void **state)
{
	static const char *names[][2] = { { "h1", NULL }, { "h1", "S1" }, { "h1", "S2" },
		{ "h2", NULL }, { "h2", "S1" }, { "h3", NULL } };
	struct downtime_hooks hooks = { NULL, hook_state, hook_event, hook_date_format,
		hook_soon, NULL };
	struct fx *f = calloc(1, sizeof(*f));
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		f->objs[i].host = names[i][0];
		f->objs[i].svc = names[i][1];
	}
	f->nobj = i;
	f->prog.next_comment_id = 1;
	f->prog.next_downtime_id = 1;
	f->cs = comments_new();
	hooks.arg = f;
	f->dt = downtimes_new(f->cs, &f->prog, &hooks);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	downtimes_free(f->dt);
	comments_free(f->cs);
	free(f);
	return 0;
}

static int
depth(struct fx *f, const char *host, const char *svc)
{
	return fx_obj(f, host, svc)->st.scheduled_downtime_depth;
}

/* schedule; must succeed; returns the id */
static unsigned long
sched(struct fx *f, const char *host, const char *svc, time_t start, time_t end, int fixed,
    unsigned long trig, unsigned long dur, time_t now)
{
	unsigned long id = 0;
	const char *err = NULL;

	assert_int_equal(downtimes_schedule(f->dt, host, svc, now, "admin", "maintenance", start,
	                     end, fixed, trig, dur, now, &id, &err),
	    0);
	assert_null(err);
	assert_true(id != 0);
	return id;
}

static void
check_ev(const struct fx *f, size_t i, enum downtime_event ev, unsigned long id, time_t t, int dep)
{
	assert_true(i < f->nev);
	assert_int_equal(f->ev[i].ev, ev);
	assert_int_equal(f->ev[i].id, id);
	assert_int_equal(f->ev[i].t, t);
	assert_int_equal(f->ev[i].depth, dep);
}

static void
t_comment_text(void **state)
{
	struct fx *f = *state;
	const struct downtime *d;
	const struct comment *c;
	unsigned long id;

	f->prog.next_comment_id = 40;
	id = sched(f, "h1", NULL, T0 + H, T0 + 2 * H, 1, 0, 0, T0);
	d = downtimes_find(f->dt, id);
	assert_non_null(d);
	assert_int_equal(d->comment_id, 40);
	assert_int_equal(f->prog.next_comment_id, 41);
	/* a fixed downtime lasts from start to end whatever duration said */
	assert_int_equal(d->duration, H);
	c = comments_find(f->cs, 40);
	assert_non_null(c);
	assert_string_equal(c->text,
	    "This host has been scheduled for fixed downtime from 09-13-2020 13:26:40 to "
	    "09-13-2020 14:26:40.  Notifications for the host will not be sent out during that "
	    "time period.");
	assert_string_equal(c->host, "h1");
	assert_null(c->svc);
	assert_string_equal(c->author, "admin");
	assert_int_equal(c->entry_type, COMMENT_DOWNTIME);
	assert_int_equal(c->source, COMMENT_SOURCE_INTERNAL);
	assert_int_equal(c->persistent, 0);
	assert_int_equal(c->expires, 0);
	assert_int_equal(c->entry_time, T0);

	/* flexible, a service, no author: "(Nagios Process)" on the comment */
	assert_int_equal(downtimes_schedule(f->dt, "h1", "S1", T0 - 7, NULL, NULL, T0 + 86400,
	                     T0 + 2 * 86400, 0, 0, 5 * H + 32 * 60 + 59, T0 + 1, &id, NULL),
	    0);
	d = downtimes_find(f->dt, id);
	assert_int_equal(d->entry_time, T0 - 7);
	assert_int_equal(d->duration, 5 * H + 32 * 60 + 59);
	assert_int_equal(d->fixed, 0);
	assert_string_equal(d->author, "");
	assert_string_equal(d->comment, "");
	c = comments_find(f->cs, d->comment_id);
	assert_string_equal(c->text,
	    "This service has been scheduled for flexible downtime starting between 09-14-2020 "
	    "12:26:40 and 09-15-2020 12:26:40 and lasting for a period of 5 hours and 32 minutes.  "
	    "Notifications for the service will not be sent out during that time period.");
	assert_string_equal(c->author, "(Nagios Process)");
	assert_string_equal(c->svc, "S1");
	assert_int_equal(c->entry_time, T0 + 1);
	assert_int_equal(comments_count(f->cs), 2);
	assert_int_equal(f->nev, 0);
}

/* the comment's text in every date_format, as get_datetime_string's
 * SHORT_DATE_TIME writes it, and the hours and minutes as Nagios's int
 * arithmetic gives them for durations too long for an int */
static void
t_comment_formats(void **state)
{
	static const struct {
		int fmt;
		const char *from, *to;
	} fmts[] = {
		{ MAINCFG_DATE_US, "09-13-2020 13:26:40", "09-14-2020 14:26:40" },
		{ MAINCFG_DATE_EURO, "13-09-2020 13:26:40", "14-09-2020 14:26:40" },
		{ MAINCFG_DATE_ISO8601, "2020-09-13 13:26:40", "2020-09-14 14:26:40" },
		{ MAINCFG_DATE_STRICT_ISO8601, "2020-09-13T13:26:40", "2020-09-14T14:26:40" },
	};
	static const struct {
		unsigned long duration;
		const char *text;
	} durs[] = {
		{ 59, "0 hours and 0 minutes" },
		{ 5 * H + 32 * 60 + 59, "5 hours and 32 minutes" },
		{ 99999999999ul, "27777777 hours and 1646404176 minutes" },
		{ 8589934592000ul, "-1908874354 hours and 1431655778 minutes" },
	};
	struct fx *f = *state;
	char want[512];
	unsigned long id;
	size_t i;

	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		f->date_format = fmts[i].fmt;
		id = sched(f, "h1", NULL, T0 + H, T0 + 26 * H, 1, 0, 0, T0);
		snprintf(want, sizeof(want),
		    "This host has been scheduled for fixed downtime from %s to %s.  Notifications "
		    "for the host will not be sent out during that time period.",
		    fmts[i].from, fmts[i].to);
		assert_string_equal(
		    comments_find(f->cs, downtimes_find(f->dt, id)->comment_id)->text, want);
		id = sched(f, "h2", "S1", T0 + H, T0 + 26 * H, 0, 0, 600, T0);
		snprintf(want, sizeof(want),
		    "This service has been scheduled for flexible downtime starting between %s and "
		    "%s and lasting for a period of 0 hours and 10 minutes.  Notifications for the "
		    "service will not be sent out during that time period.",
		    fmts[i].from, fmts[i].to);
		assert_string_equal(
		    comments_find(f->cs, downtimes_find(f->dt, id)->comment_id)->text, want);
	}
	f->date_format = MAINCFG_DATE_US;
	for (i = 0; i < sizeof(durs) / sizeof(durs[0]); i++) {
		id = sched(f, "h3", NULL, T0 + H, T0 + 26 * H, 0, 0, durs[i].duration, T0);
		snprintf(want, sizeof(want),
		    "This host has been scheduled for flexible downtime starting between "
		    "09-13-2020 13:26:40 and 09-14-2020 14:26:40 and lasting for a period of %s.  "
		    "Notifications for the host will not be sent out during that time period.",
		    durs[i].text);
		assert_string_equal(
		    comments_find(f->cs, downtimes_find(f->dt, id)->comment_id)->text, want);
	}
}

static void
t_fixed(void **state)
{
	struct fx *f = *state;
	const struct downtime *d;
	unsigned long id, cid;

	id = sched(f, "h1", "S1", T0 + 100, T0 + 200, 1, 0, 0, T0);
	assert_int_equal(id, 1);
	assert_int_equal(f->prog.next_downtime_id, 2);
	d = downtimes_find(f->dt, id);
	cid = d->comment_id;
	assert_string_equal(d->host, "h1");
	assert_string_equal(d->svc, "S1");
	assert_string_equal(d->author, "admin");
	assert_string_equal(d->comment, "maintenance");
	assert_int_equal(d->is_in_effect, 0);
	assert_int_equal(d->triggered_by, 0);

	downtimes_tick(f->dt, T0 + 99);
	assert_int_equal(d->is_in_effect, 0);
	assert_int_equal(depth(f, "h1", "S1"), 0);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(d->is_in_effect, 1);
	assert_int_equal(d->start_notification_sent, 1);
	assert_int_equal(d->flex_downtime_start, 0);
	assert_int_equal(depth(f, "h1", "S1"), 1);
	assert_int_equal(depth(f, "h1", NULL), 0);
	assert_int_equal(f->nev, 1);
	check_ev(f, 0, DOWNTIME_EV_STARTED, id, T0 + 100, 1);
	assert_int_equal(f->ev[0].sns, 0); /* the start notification is still to send */

	downtimes_tick(f->dt, T0 + 199);
	assert_int_equal(f->nev, 1);
	assert_non_null(comments_find(f->cs, cid));
	/* the tick may come late: the end is what counts */
	downtimes_tick(f->dt, T0 + 230);
	assert_null(downtimes_find(f->dt, id));
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_null(comments_find(f->cs, cid));
	assert_int_equal(depth(f, "h1", "S1"), 0);
	assert_int_equal(f->nev, 2);
	check_ev(f, 1, DOWNTIME_EV_STOPPED, id, T0 + 230, 0);
	assert_int_equal(f->ev[1].comment_left, 0);

	/* inside its window at scheduling: not in the call (Nagios queues its
	 * start event for now), at the next tick, which the store asks for */
	assert_int_equal(f->soons, 0);
	id = sched(f, "h2", NULL, T0 + 100, T0 + 400, 1, 0, 0, T0 + 300);
	assert_int_equal(id, 2);
	assert_int_equal(f->soons, 1);
	assert_int_equal(downtimes_find(f->dt, id)->is_in_effect, 0);
	assert_int_equal(depth(f, "h2", NULL), 0);
	assert_int_equal(f->nev, 2);
	downtimes_tick(f->dt, T0 + 300);
	assert_int_equal(downtimes_find(f->dt, id)->is_in_effect, 1);
	assert_int_equal(downtimes_find(f->dt, id)->start_notification_sent, 1);
	assert_int_equal(depth(f, "h2", NULL), 1);
	check_ev(f, 2, DOWNTIME_EV_STARTED, id, T0 + 300, 1);
	assert_int_equal(f->ev[2].comment_left, 1);
	/* a tick far past start and end at once: start then stop */
	id = sched(f, "h3", NULL, T0 + 500, T0 + 600, 1, 0, 0, T0 + 300);
	assert_int_equal(f->soons, 1); /* its start is ahead: no tick asked for */
	downtimes_tick(f->dt, T0 + 1000);
	assert_int_equal(f->nev, 6);
	check_ev(f, 3, DOWNTIME_EV_STOPPED, 2, T0 + 1000, 0);
	check_ev(f, 4, DOWNTIME_EV_STARTED, id, T0 + 1000, 1);
	check_ev(f, 5, DOWNTIME_EV_STOPPED, id, T0 + 1000, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
}

static void
t_overlap(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, c;

	a = sched(f, "h1", NULL, T0 + 100, T0 + 300, 1, 0, 0, T0);
	b = sched(f, "h1", NULL, T0 + 200, T0 + 400, 1, 0, 0, T0);
	c = sched(f, "h2", NULL, T0 + 250, T0 + 260, 1, 0, 0, T0);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(depth(f, "h1", NULL), 1);
	downtimes_tick(f->dt, T0 + 200);
	assert_int_equal(depth(f, "h1", NULL), 2);
	downtimes_tick(f->dt, T0 + 250);
	downtimes_tick(f->dt, T0 + 260);
	downtimes_tick(f->dt, T0 + 300);
	assert_int_equal(depth(f, "h1", NULL), 1);
	assert_null(downtimes_find(f->dt, a));
	assert_int_equal(downtimes_find(f->dt, b)->is_in_effect, 1);
	/* b started under a: no start notification was due for it */
	assert_int_equal(downtimes_find(f->dt, b)->start_notification_sent, 0);
	downtimes_tick(f->dt, T0 + 400);
	assert_int_equal(depth(f, "h1", NULL), 0);
	/* Nagios logs only the first start and the last end on one object */
	assert_int_equal(f->nev, 4);
	check_ev(f, 0, DOWNTIME_EV_STARTED, a, T0 + 100, 1);
	check_ev(f, 1, DOWNTIME_EV_STARTED, c, T0 + 250, 1);
	check_ev(f, 2, DOWNTIME_EV_STOPPED, c, T0 + 260, 0);
	check_ev(f, 3, DOWNTIME_EV_STOPPED, b, T0 + 400, 0);
	assert_int_equal(comments_count(f->cs), 0);
}

static void
t_cancel(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, p, cb, cp;

	a = sched(f, "h1", NULL, T0, T0 + 300, 1, 0, 0, T0);
	b = sched(f, "h1", NULL, T0, T0 + 400, 1, 0, 0, T0);
	p = sched(f, "h2", NULL, T0 + 100, T0 + 400, 1, 0, 0, T0);
	cb = downtimes_find(f->dt, b)->comment_id;
	cp = downtimes_find(f->dt, p)->comment_id;
	downtimes_tick(f->dt, T0);
	assert_int_equal(depth(f, "h1", NULL), 2);
	assert_int_equal(f->nev, 1);

	/* one of two in effect: depth down, nothing logged yet */
	assert_int_equal(downtimes_delete(f->dt, a, T0 + 10), 0);
	assert_int_equal(depth(f, "h1", NULL), 1);
	assert_int_equal(f->nev, 1);
	assert_int_equal(downtimes_delete(f->dt, a, T0 + 10), -1);
	/* the last one: CANCELLED after depth and comment were updated */
	assert_int_equal(downtimes_delete(f->dt, b, T0 + 20), 0);
	assert_int_equal(depth(f, "h1", NULL), 0);
	assert_int_equal(f->nev, 2);
	check_ev(f, 1, DOWNTIME_EV_CANCELLED, b, T0 + 20, 0);
	assert_int_equal(f->ev[1].comment_left, 0);
	assert_null(comments_find(f->cs, cb));

	/* a pending one goes quietly and never starts */
	assert_int_equal(downtimes_delete(f->dt, p, T0 + 30), 0);
	assert_null(comments_find(f->cs, cp));
	downtimes_tick(f->dt, T0 + 500);
	assert_int_equal(f->nev, 2);
	assert_int_equal(depth(f, "h2", NULL), 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(downtimes_delete(f->dt, 999, T0), -1);
}

static void
t_triggered(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, c, d, e;

	/* a chain a <- b <- c and a second child d of a, ending before a */
	a = sched(f, "h1", NULL, T0 + 100, T0 + 300, 1, 0, 0, T0);
	b = sched(f, "h2", NULL, T0 + 5000, T0 + 6000, 1, a, 0, T0);
	c = sched(f, "h2", "S1", T0 + 5000, T0 + 6000, 0, b, 60, T0);
	d = sched(f, "h3", NULL, T0 + 50, T0 + 200, 1, a, 0, T0);
	downtimes_tick(f->dt, T0 + 99);
	assert_int_equal(f->nev, 0);
	/* triggered ones start with their trigger, whatever their own start */
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(f->nev, 4);
	check_ev(f, 0, DOWNTIME_EV_STARTED, a, T0 + 100, 1);
	check_ev(f, 1, DOWNTIME_EV_STARTED, d, T0 + 100, 1); /* earlier start: first in order */
	check_ev(f, 2, DOWNTIME_EV_STARTED, b, T0 + 100, 1);
	check_ev(f, 3, DOWNTIME_EV_STARTED, c, T0 + 100, 1);
	/* a flexible triggered one lasts its duration from then */
	assert_int_equal(downtimes_find(f->dt, c)->flex_downtime_start, T0 + 100);
	assert_int_equal(depth(f, "h2", "S1"), 1);

	/* scheduled while its trigger runs: waits for the trigger to start,
	 * which it never does again (its own start passes too) */
	e = sched(f, "h1", "S2", T0 + 150, T0 + 9000, 1, a, 0, T0 + 120);
	assert_int_equal(downtimes_find(f->dt, e)->is_in_effect, 0);
	assert_int_equal(f->soons, 0);
	downtimes_tick(f->dt, T0 + 150);
	assert_int_equal(downtimes_find(f->dt, e)->is_in_effect, 0);
	assert_int_equal(depth(f, "h1", "S2"), 0);
	assert_int_equal(f->nev, 4);

	/* c's duration is up */
	downtimes_tick(f->dt, T0 + 160);
	check_ev(f, 4, DOWNTIME_EV_STOPPED, c, T0 + 160, 0);
	/* d ends at its own end */
	downtimes_tick(f->dt, T0 + 200);
	check_ev(f, 5, DOWNTIME_EV_STOPPED, d, T0 + 200, 0);
	assert_non_null(downtimes_find(f->dt, b));
	/* a ends and takes e and b with it (by start time), a first; e, which
	 * never started, starts and stops there, as Nagios's stop loop hands it
	 * to handle_scheduled_downtime twice */
	downtimes_tick(f->dt, T0 + 300);
	assert_int_equal(f->nev, 10);
	check_ev(f, 6, DOWNTIME_EV_STOPPED, a, T0 + 300, 0);
	check_ev(f, 7, DOWNTIME_EV_STARTED, e, T0 + 300, 1);
	assert_int_equal(f->ev[7].sns, 0); /* its start notification goes out then */
	check_ev(f, 8, DOWNTIME_EV_STOPPED, e, T0 + 300, 0);
	check_ev(f, 9, DOWNTIME_EV_STOPPED, b, T0 + 300, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(depth(f, "h1", NULL) + depth(f, "h2", NULL) + depth(f, "h3", NULL) +
	        depth(f, "h1", "S2") + depth(f, "h2", "S1"),
	    0);
}

static void
t_triggered_cancel(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, c;

	a = sched(f, "h1", NULL, T0, T0 + 300, 1, 0, 0, T0);
	b = sched(f, "h2", NULL, T0, T0 + 300, 1, a, 0, T0);
	c = sched(f, "h3", NULL, T0, T0 + 300, 1, b, 0, T0);
	sched(f, "h2", NULL, T0, T0 + 300, 1, 0, 0, T0); /* h2 twice in downtime */
	assert_int_equal(f->nev, 0);
	downtimes_tick(f->dt, T0); /* a, b and c with it, then the last one */
	assert_int_equal(depth(f, "h2", NULL), 2);
	assert_int_equal(f->nev, 3);
	/* cancelling b cancels c, not a */
	assert_int_equal(downtimes_delete(f->dt, b, T0 + 10), 0);
	assert_int_equal(depth(f, "h2", NULL), 1);
	assert_int_equal(f->nev, 4);
	check_ev(f, 3, DOWNTIME_EV_CANCELLED, c, T0 + 10, 0);
	assert_null(downtimes_find(f->dt, c));
	assert_non_null(downtimes_find(f->dt, a));
	/* a pending trigger cancelled: its pending child goes too */
	b = sched(f, "h3", NULL, T0 + 1000, T0 + 2000, 1, 0, 0, T0 + 10);
	c = sched(f, "h2", NULL, T0 + 1000, T0 + 2000, 1, b, 0, T0 + 10);
	assert_int_equal(downtimes_delete(f->dt, b, T0 + 20), 0);
	assert_null(downtimes_find(f->dt, c));
	assert_int_equal(f->nev, 4);
	assert_int_equal(downtimes_count(f->dt), 2);
	assert_int_equal(comments_count(f->cs), 2);
}

static void
t_flexible(void **state)
{
	struct fx *f = *state;
	struct obj *s = fx_obj(f, "h1", "S1"), *h = fx_obj(f, "h2", NULL);
	const struct downtime *d;
	unsigned long a, b;

	a = sched(f, "h1", "S1", T0 + 100, T0 + 1000, 0, 0, 60, T0);
	b = sched(f, "h2", NULL, T0 + 100, T0 + 1000, 0, 0, 600, T0);
	d = downtimes_find(f->dt, a);
	/* a problem before the window does nothing */
	s->st.current_state = 2;
	downtimes_object_state(f->dt, "h1", "S1", T0 + 50);
	assert_int_equal(d->is_in_effect, 0);
	/* the start time alone starts nothing */
	downtimes_tick(f->dt, T0 + 150);
	assert_int_equal(d->is_in_effect, 0);
	/* OK inside the window: nothing */
	s->st.current_state = 0;
	downtimes_object_state(f->dt, "h1", "S1", T0 + 200);
	assert_int_equal(d->is_in_effect, 0);
	/* WARNING (soft or hard alike) inside the window: starts now, lasts 60 s */
	s->st.current_state = 1;
	downtimes_object_state(f->dt, "h1", "S1", T0 + 300);
	assert_int_equal(d->is_in_effect, 1);
	assert_int_equal(d->flex_downtime_start, T0 + 300);
	assert_int_equal(depth(f, "h1", "S1"), 1);
	check_ev(f, 0, DOWNTIME_EV_STARTED, a, T0 + 300, 1);
	/* a host's state is not its services': h2 stays pending */
	assert_int_equal(downtimes_find(f->dt, b)->is_in_effect, 0);
	downtimes_tick(f->dt, T0 + 359);
	assert_int_equal(d->is_in_effect, 1);
	downtimes_tick(f->dt, T0 + 360);
	assert_null(downtimes_find(f->dt, a));
	check_ev(f, 1, DOWNTIME_EV_STOPPED, a, T0 + 360, 0);

	/* the host: DOWN at the very end of the window still starts it, at the
	 * next tick (Nagios's start event; the result is notified first), even
	 * past end_time, and it outlasts end_time by its duration */
	h->st.current_state = 1;
	assert_int_equal(f->soons, 0);
	downtimes_object_state(f->dt, "h2", NULL, T0 + 1000);
	assert_int_equal(f->soons, 1);
	d = downtimes_find(f->dt, b);
	assert_int_equal(d->is_in_effect, 0);
	assert_int_equal(d->flex_downtime_start, T0 + 1000);
	assert_int_equal(depth(f, "h2", NULL), 0);
	assert_int_equal(f->nev, 2);
	/* another change before the tick: started once, not started and ended */
	downtimes_object_state(f->dt, "h2", NULL, T0 + 1000);
	assert_int_equal(f->soons, 1);
	downtimes_tick(f->dt, T0 + 1001);
	assert_int_equal(d->is_in_effect, 1);
	assert_int_equal(d->flex_downtime_start, T0 + 1000);
	check_ev(f, 2, DOWNTIME_EV_STARTED, b, T0 + 1001, 1);
	downtimes_tick(f->dt, T0 + 1599);
	assert_int_equal(d->is_in_effect, 1);
	downtimes_tick(f->dt, T0 + 1600);
	assert_null(downtimes_find(f->dt, b));
	assert_int_equal(f->nev, 4);
	check_ev(f, 3, DOWNTIME_EV_STOPPED, b, T0 + 1600, 0);

	/* unknown objects are ignored */
	downtimes_object_state(f->dt, "nosuch", NULL, T0);
	downtimes_object_state(f->dt, "h3", NULL, T0);
}

/*
 * A flexible duration of -1 (strtoul's ULONG_MAX) wraps flex_downtime_start
 * + duration to a second before the start: Nagios queues the end as an
 * event already due, which runs at its loop's next pass.  The service's
 * downtime starts with the result, asks for a tick, and ends at it.
 */
static void
t_flexible_wrapped_duration(void **state)
{
	struct fx *f = *state;
	unsigned long a;

	a = sched(f, "h1", "S1", T0 - 60, T0 + 3000, 0, 0, (unsigned long)-1, T0);
	fx_obj(f, "h1", "S1")->st.current_state = 2;
	downtimes_object_state(f->dt, "h1", "S1", T0 + 100);
	check_ev(f, 0, DOWNTIME_EV_STARTED, a, T0 + 100, 1);
	assert_int_equal(f->soons, 1);
	downtimes_tick(f->dt, T0 + 100);
	assert_null(downtimes_find(f->dt, a));
	assert_int_equal(f->nev, 2);
	check_ev(f, 1, DOWNTIME_EV_STOPPED, a, T0 + 100, 0);
}

/* scheduled while the object is already in a problem state inside the
 * window: waits for the next change of state or state type (Nagios 4.4.6
 * does not look at the state when it registers a downtime) */
static void
t_flexible_in_problem(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, c;

	fx_obj(f, "h2", NULL)->st.current_state = 1;
	fx_obj(f, "h1", "S1")->st.current_state = 2;
	a = sched(f, "h2", NULL, T0 - 60, T0 + 3000, 0, 0, 100, T0);
	b = sched(f, "h2", NULL, T0 + 5000, T0 + 6000, 0, 0, 100, T0);
	c = sched(f, "h1", "S1", T0 - 60, T0 + 3000, 0, 0, 100, T0);
	downtimes_tick(f->dt, T0);
	downtimes_tick(f->dt, T0 + 50);
	assert_int_equal(f->nev, 0);
	assert_int_equal(f->soons, 0);
	assert_int_equal(downtimes_find(f->dt, a)->is_in_effect, 0);
	assert_int_equal(downtimes_find(f->dt, a)->flex_downtime_start, 0);
	assert_int_equal(downtimes_find(f->dt, c)->is_in_effect, 0);
	/* still pending, so the object's notifications wait (notify.c) */
	assert_int_equal(downtimes_pending_flex(f->dt, "h2", NULL, T0 + 50), 1);
	assert_int_equal(downtimes_pending_flex(f->dt, "h1", "S1", T0 + 50), 1);
	/* the next change: the service's at once, the host's at the next tick */
	downtimes_object_state(f->dt, "h1", "S1", T0 + 100);
	assert_int_equal(f->nev, 1);
	check_ev(f, 0, DOWNTIME_EV_STARTED, c, T0 + 100, 1);
	downtimes_object_state(f->dt, "h2", NULL, T0 + 100);
	assert_int_equal(f->nev, 1);
	assert_int_equal(f->soons, 1);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(downtimes_find(f->dt, a)->flex_downtime_start, T0 + 100);
	check_ev(f, 1, DOWNTIME_EV_STARTED, a, T0 + 100, 1);
	/* ... not the one whose window is still ahead */
	assert_int_equal(downtimes_find(f->dt, b)->is_in_effect, 0);
	downtimes_tick(f->dt, T0 + 200);
	assert_int_equal(f->nev, 4);
	check_ev(f, 2, DOWNTIME_EV_STOPPED, a, T0 + 200, 0); /* the list's order */
	check_ev(f, 3, DOWNTIME_EV_STOPPED, c, T0 + 200, 0);
}

static void
t_flexible_expiry(void **state)
{
	struct fx *f = *state;
	unsigned long a, b, c, d, ca;

	a = sched(f, "h1", "S1", T0 + 100, T0 + 1000, 0, 0, 60, T0);
	/* a fixed triggered by a flexible one that never starts */
	b = sched(f, "h2", NULL, T0 + 100, T0 + 2000, 1, a, 0, T0);
	c = sched(f, "h3", NULL, T0 + 100, T0 + 900, 0, a, 60, T0);
	ca = downtimes_find(f->dt, a)->comment_id;
	downtimes_tick(f->dt, T0 + 901);
	assert_null(downtimes_find(f->dt, c)); /* a triggered flexible one has its own */
	downtimes_tick(f->dt, T0 + 1000);
	assert_non_null(downtimes_find(f->dt, a));
	/* at end_time + 1 (Nagios's expire event), quietly */
	downtimes_tick(f->dt, T0 + 1001);
	assert_null(downtimes_find(f->dt, a));
	assert_null(comments_find(f->cs, ca));
	/* what it triggered stays (Nagios does not cascade an expiry) */
	assert_non_null(downtimes_find(f->dt, b));
	fx_obj(f, "h1", "S1")->st.current_state = 2;
	downtimes_object_state(f->dt, "h1", "S1", T0 + 1002);
	assert_int_equal(downtimes_find(f->dt, b)->is_in_effect, 0);
	/* a triggered fixed one queues no expire event: past its end it
	 * stays until some flexible one's expire event runs */
	downtimes_tick(f->dt, T0 + 2001);
	downtimes_tick(f->dt, T0 + 9000);
	assert_non_null(downtimes_find(f->dt, b));
	d = sched(f, "h1", NULL, T0 + 9000, T0 + 9100, 0, 0, 60, T0 + 9000);
	downtimes_tick(f->dt, T0 + 9100);
	assert_non_null(downtimes_find(f->dt, b));
	downtimes_tick(f->dt, T0 + 9101);
	assert_null(downtimes_find(f->dt, b));
	/* no STARTED / STOPPED; each one that never started is EXPIRED
	 * (Nagios sends DOWNTIMEEND for those), in the list's order */
	assert_int_equal(f->nev, 4);
	check_ev(f, 0, DOWNTIME_EV_EXPIRED, c, T0 + 901, 0);
	check_ev(f, 1, DOWNTIME_EV_EXPIRED, a, T0 + 1001, 0);
	check_ev(f, 2, DOWNTIME_EV_EXPIRED, b, T0 + 9101, 0);
	check_ev(f, 3, DOWNTIME_EV_EXPIRED, d, T0 + 9101, 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(depth(f, "h1", "S1"), 0);
}

/*
 * A triggered fixed downtime scheduled under a trigger already in effect
 * (it never starts), and a flexible one on h3 that starts and ends: its
 * expire event, queued when it was scheduled, still runs at its end + 1
 * and takes the waiting one, whose end has passed.  cancel: the flexible
 * one is cancelled first, which takes its expire event back; restart: the
 * queue is emptied as a restart does.
 */
static void
sweep_after_flex(struct fx *f, int how)
{
	unsigned long a, b, c;

	a = sched(f, "h1", NULL, T0, T0 + 1000, 1, 0, 0, T0);
	downtimes_tick(f->dt, T0);
	b = sched(f, "h2", NULL, T0 + 10, T0 + 50, 1, a, 0, T0 + 5);
	c = sched(f, "h3", NULL, T0, T0 + 100, 0, 0, 30, T0 + 5);
	if (how == 1) {
		assert_int_equal(downtimes_delete(f->dt, c, T0 + 6), 0);
	} else {
		fx_obj(f, "h3", NULL)->st.current_state = 1;
		downtimes_object_state(f->dt, "h3", NULL, T0 + 20);
		downtimes_tick(f->dt, T0 + 20);
		downtimes_tick(f->dt, T0 + 50);
		assert_null(downtimes_find(f->dt, c));
		assert_int_equal(f->nev, 3);
		check_ev(f, 1, DOWNTIME_EV_STARTED, c, T0 + 20, 1);
		check_ev(f, 2, DOWNTIME_EV_STOPPED, c, T0 + 50, 0);
	}
	if (how == 2)
		downtimes_drop_events(f->dt);
	downtimes_tick(f->dt, T0 + 100);
	assert_non_null(downtimes_find(f->dt, b));
	assert_int_equal(downtimes_find(f->dt, b)->is_in_effect, 0);
	downtimes_tick(f->dt, T0 + 101);
	if (how == 0) {
		assert_null(downtimes_find(f->dt, b));
		assert_int_equal(f->nev, 4);
		check_ev(f, 3, DOWNTIME_EV_EXPIRED, b, T0 + 101, 0);
	} else {
		assert_non_null(downtimes_find(f->dt, b));
		assert_int_equal(f->nev, how == 1 ? 1 : 3);
	}
	assert_non_null(downtimes_find(f->dt, a));
}

static void
t_sweep_after_flex(void **state)
{
	sweep_after_flex(*state, 0);
}

static void
t_sweep_cancelled(void **state)
{
	sweep_after_flex(*state, 1);
}

static void
t_sweep_restart(void **state)
{
	sweep_after_flex(*state, 2);
}

static void
t_refusals(void **state)
{
	struct fx *f = *state;
	const char *err = NULL;
	unsigned long id = 77;

#define REFUSED(host, svc, start, end, fixed, trig, dur, now, msg)                                 \
	do {                                                                                       \
		err = NULL;                                                                        \
		assert_int_equal(downtimes_schedule(f->dt, host, svc, T0, "a", "c", start, end,    \
		                     fixed, trig, dur, now, &id, &err),                            \
		    -1);                                                                           \
		assert_string_equal(err, msg);                                                     \
	} while (0)

	REFUSED("nosuch", NULL, T0, T0 + 10, 1, 0, 0, T0, "No hostname, or host not found");
	REFUSED(NULL, NULL, T0, T0 + 10, 1, 0, 0, T0, "No hostname, or host not found");
	REFUSED("h1", "nosuch", T0, T0 + 10, 1, 0, 0, T0,
	    "No service_description, or service not found");
	REFUSED("h1", NULL, T0 + 10, T0 + 10, 1, 0, 0, T0, "Invalid start or end times");
	REFUSED("h1", NULL, T0 + 10, T0 + 5, 1, 0, 0, T0, "Invalid start or end times");
	REFUSED("h1", NULL, T0 - 100, T0, 1, 0, 0, T0, "Invalid start or end times");
	/* bad times come first, and use up no id */
	REFUSED("h1", NULL, T0 + 10, T0 + 5, 0, 5, 0, T0, "Invalid start or end times");
	assert_int_equal(f->prog.next_downtime_id, 1);
	assert_int_equal(id, 77);
	/* past the times, Nagios takes an id before the store refuses, and
	 * hands it back: an unknown trigger, a flexible one without a duration
	 * (fixed <= 0 is flexible) */
	REFUSED("h1", NULL, T0, T0 + 100, 1, 5, 0, T0, "Triggering downtime not found");
	assert_int_equal(f->prog.next_downtime_id, 2);
	assert_int_equal(id, 1);
	REFUSED("h1", NULL, T0, T0 + 100, 0, 0, 0, T0, "Bad time spec");
	REFUSED("h1", NULL, T0, T0 + 100, -1, 0, 0, T0, "Bad time spec");
	assert_int_equal(f->prog.next_downtime_id, 4);
	assert_int_equal(id, 3);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(f->prog.next_comment_id, 1);
	/* err may be NULL; end just after now is fine */
	assert_int_equal(downtimes_schedule(f->dt, "nosuch", NULL, T0, "a", "c", T0, T0 + 1, 1, 0,
	                     0, T0, NULL, NULL),
	    -1);
	assert_int_equal(downtimes_schedule(f->dt, "h1", NULL, T0, "a", "c", T0 - 5, T0 + 1, 7, 0,
	                     0, T0, NULL, NULL),
	    0);
	assert_int_equal(downtimes_at(f->dt, 0)->id, 4);
	assert_int_equal(downtimes_at(f->dt, 0)->fixed, 1);
	/* no hooks at all: every object is unknown */
	downtimes_free(f->dt);
	f->dt = downtimes_new(f->cs, &f->prog, NULL);
	REFUSED("h1", NULL, T0, T0 + 10, 1, 0, 0, T0, "No hostname, or host not found");
#undef REFUSED
}

/* the ids in list order, as a string */
static const char *
order(const struct fx *f)
{
	static char buf[256];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < downtimes_count(f->dt); i++) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%lu", i ? "," : "",
		    downtimes_at(f->dt, i)->id);
	}
	return buf;
}

static void
t_delete_matching(void **state)
{
	struct fx *f = *state;

	sched(f, "h1", NULL, T0 + 100, T0 + 900, 1, 0, 0, T0); /* 1 */
	sched(f, "h1", "S1", T0 + 100, T0 + 900, 1, 0, 0, T0); /* 2 */
	sched(f, "h1", "S2", T0 + 200, T0 + 900, 1, 0, 0, T0); /* 3 */
	sched(f, "h2", NULL, T0 + 200, T0 + 900, 1, 0, 0, T0); /* 4 */
	sched(f, "h2", "S1", T0 + 100, T0 + 900, 1, 0, 0, T0); /* 5 */
	/* 6, with another comment */
	assert_int_equal(downtimes_schedule(f->dt, "h3", NULL, T0, "a", "other", T0 + 300, T0 + 900,
	                     1, 0, 0, T0, NULL, NULL),
	    0);
	sched(f, "h1", NULL, T0 + 300, T0 + 900, 1, 0, 0, T0); /* 7 */
	assert_string_equal(order(f), "1,2,5,3,4,6,7");

	/* no filter at all deletes nothing */
	assert_int_equal(downtimes_delete_matching(f->dt, NULL, NULL, 0, NULL, T0), 0);
	/* a service name spares the host's own downtime */
	assert_int_equal(downtimes_delete_matching(f->dt, NULL, "S1", 0, NULL, T0), 2);
	assert_string_equal(order(f), "1,3,4,6,7");
	/* "" : host downtime only */
	assert_int_equal(downtimes_delete_matching(f->dt, "h1", "", 0, NULL, T0), 2);
	assert_string_equal(order(f), "3,4,6");
	/* start time and comment */
	assert_int_equal(downtimes_delete_matching(f->dt, NULL, NULL, T0 + 300, "maintenance", T0),
	    0);
	assert_int_equal(downtimes_delete_matching(f->dt, NULL, NULL, T0 + 300, NULL, T0), 1);
	assert_string_equal(order(f), "3,4");
	assert_int_equal(downtimes_delete_matching(f->dt, "h2", NULL, 0, "maintenance", T0), 1);
	assert_int_equal(downtimes_delete_matching(f->dt, NULL, NULL, 0, "maintenance", T0), 1);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);

	/* a host name takes its services' too; matches go last first */
	sched(f, "h1", NULL, T0, T0 + 900, 1, 0, 0, T0);      /* 8 */
	sched(f, "h1", NULL, T0 + 10, T0 + 900, 1, 0, 0, T0); /* 9 */
	sched(f, "h1", "S1", T0, T0 + 900, 1, 0, 0, T0);      /* 10 */
	sched(f, "h2", NULL, T0, T0 + 900, 1, 0, 0, T0);      /* 11 */
	downtimes_tick(f->dt, T0 + 10);
	assert_int_equal(depth(f, "h1", NULL), 2);
	f->nev = 0;
	assert_int_equal(downtimes_delete_matching(f->dt, "h1", NULL, 0, NULL, T0 + 20), 3);
	assert_string_equal(order(f), "11");
	assert_int_equal(f->nev, 2);
	/* 9 went first (depth 2 -> 1, no event), then 10, then 8 */
	check_ev(f, 0, DOWNTIME_EV_CANCELLED, 10, T0 + 20, 0);
	check_ev(f, 1, DOWNTIME_EV_CANCELLED, 8, T0 + 20, 0);
}

static void
t_delete_matching_chain(void **state)
{
	struct fx *f = *state;

	/* the trigger and what it triggers both match: counted twice, deleted once */
	sched(f, "h1", NULL, T0 + 100, T0 + 900, 1, 0, 0, T0); /* 1 */
	sched(f, "h1", "S1", T0 + 100, T0 + 900, 1, 1, 0, T0); /* 2 */
	sched(f, "h2", NULL, T0 + 100, T0 + 900, 1, 1, 0, T0); /* 3 */
	assert_int_equal(downtimes_delete_matching(f->dt, "h1", NULL, 0, NULL, T0), 2);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
}

static void
t_order(void **state)
{
	struct fx *f = *state;
	unsigned long a;

	a = sched(f, "h1", NULL, T0 + 500, T0 + 900, 1, 0, 0, T0); /* 1 */
	sched(f, "h2", NULL, T0 + 500, T0 + 900, 1, a, 0, T0);     /* 2 */
	sched(f, "h3", NULL, T0 + 100, T0 + 900, 1, 0, 0, T0);     /* 3 */
	sched(f, "h1", "S1", T0 + 500, T0 + 900, 1, 0, 0, T0);     /* 4: before 2 */
	sched(f, "h1", "S2", T0 + 700, T0 + 900, 1, 0, 0, T0);     /* 5 */
	sched(f, "h2", "S1", T0 + 500, T0 + 900, 1, a, 0, T0);     /* 6: after 2 */
	sched(f, "h1", NULL, T0 + 50, T0 + 900, 0, 0, 10, T0);     /* 7: first */
	sched(f, "h2", NULL, T0 + 500, T0 + 900, 1, 0, 0, T0);     /* 8: after 4 */
	assert_string_equal(order(f), "7,3,1,4,8,2,6,5");
	assert_int_equal(downtimes_delete(f->dt, 4, T0), 0);
	assert_string_equal(order(f), "7,3,1,8,2,6,5");
	assert_null(downtimes_at(f->dt, 7));
	assert_null(downtimes_find(f->dt, 4));
	assert_int_equal(downtimes_find(f->dt, 6)->triggered_by, 1);
}

/* downtimes_resort: ties turn round, in the list, per object and per
 * trigger (which of a trigger's downtimes starts first); twice is as before */
static void
t_resort(void **state)
{
	struct fx *f = *state;
	unsigned long a;
	size_t i;

	a = sched(f, "h1", NULL, T0 + 500, T0 + 900, 1, 0, 0, T0); /* 1 */
	sched(f, "h2", NULL, T0 + 500, T0 + 900, 1, a, 0, T0);     /* 2 */
	sched(f, "h3", NULL, T0 + 100, T0 + 900, 1, 0, 0, T0);     /* 3 */
	sched(f, "h1", "S1", T0 + 500, T0 + 900, 1, 0, 0, T0);     /* 4 */
	sched(f, "h1", "S2", T0 + 700, T0 + 900, 1, 0, 0, T0);     /* 5 */
	sched(f, "h2", "S1", T0 + 500, T0 + 900, 1, a, 0, T0);     /* 6 */
	sched(f, "h1", NULL, T0 + 50, T0 + 900, 0, 0, 10, T0);     /* 7 */
	sched(f, "h2", NULL, T0 + 500, T0 + 900, 1, 0, 0, T0);     /* 8 */
	assert_string_equal(order(f), "7,3,1,4,8,2,6,5");
	downtimes_resort(f->dt);
	assert_string_equal(order(f), "7,3,8,4,1,6,2,5");
	downtimes_resort(f->dt);
	assert_string_equal(order(f), "7,3,1,4,8,2,6,5");
	downtimes_resort(f->dt);
	/* at T0 + 500 they start in the new order: 8 first (so h2 is in downtime
	 * before 1 starts 6 and 2, and 2 logs nothing), 6 before 2 */
	f->nev = 0;
	downtimes_tick(f->dt, T0 + 500);
	assert_int_equal(f->nev, 5); /* 3 (due at T0 + 100) and four more */
	assert_int_equal(f->ev[0].id, 3);
	assert_int_equal(f->ev[1].id, 8);
	assert_int_equal(f->ev[2].id, 4);
	assert_int_equal(f->ev[3].id, 1);
	assert_int_equal(f->ev[4].id, 6);
	for (i = 0; i < f->nev; i++)
		assert_int_equal(f->ev[i].ev, DOWNTIME_EV_STARTED);
	assert_int_equal(downtimes_find(f->dt, 2)->is_in_effect, 1);
}

static void
t_retained(void **state)
{
	struct fx *f = *state;
	struct downtime d;
	const struct downtime *got;
	const struct comment *c;
	unsigned long oldc;

	/* the comment retention had for it: replaced by a new one, as Nagios does */
	f->prog.next_comment_id = 10;
	c = comments_add(f->cs, 7, &f->prog.next_comment_id, COMMENT_DOWNTIME, "h1", NULL, T0 - H,
	    "admin", "old text", 0, COMMENT_SOURCE_INTERNAL, 0, 0);
	oldc = c->id;
	comments_add(f->cs, 8, &f->prog.next_comment_id, COMMENT_USER, "h1", NULL, T0 - H, "admin",
	    "a user comment", 1, COMMENT_SOURCE_EXTERNAL, 0, 0);

	memset(&d, 0, sizeof(d));
	d.id = 20;
	d.comment_id = oldc;
	d.host = "h1";
	d.author = "admin";
	d.comment = "rack move";
	d.entry_time = T0 - 2 * H;
	d.start_time = T0 - H;
	d.end_time = T0 + H;
	d.duration = 2 * H;
	d.fixed = 1;
	d.is_in_effect = 1;
	d.start_notification_sent = 1;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(f->prog.next_downtime_id, 21);
	got = downtimes_find(f->dt, 20);
	assert_non_null(got);
	/* register_downtime takes it out of effect; its start event is due at once */
	assert_int_equal(got->is_in_effect, 0);
	assert_int_equal(got->entry_time, T0 - 2 * H);
	assert_string_equal(got->comment, "rack move");
	assert_int_equal(depth(f, "h1", NULL), 0);
	assert_int_equal(f->nev, 0);
	assert_int_equal(f->soons, 1);
	assert_null(comments_find(f->cs, oldc));
	assert_non_null(comments_find(f->cs, 8));
	assert_int_equal(got->comment_id, 10);
	c = comments_find(f->cs, 10);
	assert_int_equal(c->entry_type, COMMENT_DOWNTIME);
	assert_int_equal(c->entry_time, T0);
	assert_string_equal(c->text,
	    "This host has been scheduled for fixed downtime from 09-13-2020 11:26:40 to "
	    "09-13-2020 13:26:40.  Notifications for the host will not be sent out during that "
	    "time period.");

	/* the same id twice, an unknown object, an unknown trigger, bad times */
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), -1);
	d.id = 21;
	d.host = "gone";
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), -1);
	d.host = "h2";
	d.triggered_by = 99;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), -1);
	d.triggered_by = 0;
	d.end_time = d.start_time;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), -1);
	d.end_time = T0 + H;
	d.fixed = 0;
	d.duration = 0;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), -1);
	assert_int_equal(downtimes_count(f->dt), 1);

	/* triggered by 20 and in effect: waits for 20 to start again */
	d.fixed = 1;
	d.duration = 2 * H;
	d.triggered_by = 20;
	d.start_notification_sent = 0;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(downtimes_find(f->dt, 21)->is_in_effect, 0);

	/* in effect but over while we were down: starts, and the next tick ends it */
	memset(&d, 0, sizeof(d));
	d.id = 5;
	d.host = "h2";
	d.svc = "S1";
	d.start_time = T0 - 3 * H;
	d.end_time = T0 - 2 * H;
	d.fixed = 1;
	d.duration = H;
	d.is_in_effect = 1;
	d.start_notification_sent = 1;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(f->prog.next_downtime_id, 22); /* a lower id does not lower it */
	assert_string_equal(downtimes_find(f->dt, 5)->author, "");
	assert_string_equal(comments_find(f->cs, downtimes_find(f->dt, 5)->comment_id)->author,
	    "(Nagios Process)");

	/* a flexible one in effect keeps its start: ends at flex start + duration */
	memset(&d, 0, sizeof(d));
	d.id = 30;
	d.host = "h3";
	d.start_time = T0 - 2 * H;
	d.end_time = T0 + 2 * H;
	d.flex_downtime_start = T0 - 100;
	d.duration = 400;
	d.is_in_effect = 1;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(downtimes_find(f->dt, 30)->flex_downtime_start, T0 - 100);

	/* a pending flexible one already over: expires at the first tick, quietly */
	memset(&d, 0, sizeof(d));
	d.id = 31;
	d.host = "h3";
	d.start_time = T0 - 2 * H;
	d.end_time = T0 - H;
	d.duration = 400;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(downtimes_find(f->dt, 31)->is_in_effect, 0);
	/* id 0: a new one */
	d.id = 0;
	d.end_time = T0 + H;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_non_null(downtimes_find(f->dt, 32));
	assert_int_equal(f->prog.next_downtime_id, 33);

	assert_string_equal(order(f), "5,30,31,32,20,21");
	assert_int_equal(f->nev, 0);
	/*
	 * The first tick runs the events due in the order of Nagios's heap
	 * (dt_boot_run): slots 1-4 hold the start events of 20, 5 and 30 and
	 * the expire event of 31, 5-7 others (32's expire event, the two
	 * of init_timing_loop).  20 starts (the line again, without a
	 * second notification) and starts 21; 5 moves up to the root, the
	 * expire event to slot 2; 5 starts, and its end, due too, climbs to
	 * slot 2 as the expire event goes up; the expiry (h3 is not in
	 * downtime yet); 5's end; 30 starts again from its flexible start.
	 */
	downtimes_tick(f->dt, T0);
	assert_int_equal(f->nev, 6);
	check_ev(f, 0, DOWNTIME_EV_STARTED, 20, T0, 1);
	assert_int_equal(f->ev[0].sns, 1);
	check_ev(f, 1, DOWNTIME_EV_STARTED, 21, T0, 1);
	assert_int_equal(f->ev[1].sns, 0);
	check_ev(f, 2, DOWNTIME_EV_STARTED, 5, T0, 1);
	check_ev(f, 3, DOWNTIME_EV_EXPIRED, 31, T0, 0);
	check_ev(f, 4, DOWNTIME_EV_STOPPED, 5, T0, 0);
	check_ev(f, 5, DOWNTIME_EV_STARTED, 30, T0, 1);
	assert_int_equal(depth(f, "h1", NULL), 1);
	assert_null(downtimes_find(f->dt, 31));
	downtimes_tick(f->dt, T0 + 300);
	check_ev(f, 6, DOWNTIME_EV_STOPPED, 30, T0 + 300, 0);
	downtimes_tick(f->dt, T0 + H);
	assert_int_equal(f->nev, 9);
	check_ev(f, 7, DOWNTIME_EV_STOPPED, 20, T0 + H, 0);
	check_ev(f, 8, DOWNTIME_EV_STOPPED, 21, T0 + H, 0);
	downtimes_tick(f->dt, T0 + H + 1);
	/* 32 never started: expired at end_time + 1 */
	assert_int_equal(f->nev, 10);
	check_ev(f, 9, DOWNTIME_EV_EXPIRED, 32, T0 + H + 1, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 1); /* the user comment */
}

/* a retained downtime: dt_ret(f, id, host, fixed, start, end, in_effect) */
static void
dt_ret(struct fx *f, unsigned long id, const char *host, int fixed, time_t start, time_t end,
    int in_effect)
{
	struct downtime d;

	memset(&d, 0, sizeof(d));
	d.id = id;
	d.host = (char *)host;
	d.start_time = start;
	d.end_time = end;
	d.duration = (unsigned long)(end - start);
	d.fixed = fixed;
	d.is_in_effect = in_effect;
	d.start_notification_sent = in_effect;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
}

/*
 * Downtime whose end passed while nothing ran.  The expiry of a flexible
 * one that never started removes every downtime not in effect whose end
 * has come (check_for_expired_downtime), so fixed ones whose start event
 * comes after it in the queue go with it, quietly; registered before it,
 * a fixed one starts, and its end, queued behind the expiry, stops it.
 */
static void
t_retained_past(void **state)
{
	struct fx *f = *state;

	dt_ret(f, 1, "h1", 0, T0 - 900, T0 - 30, 0);
	dt_ret(f, 2, "h2", 1, T0 - 600, T0 - 20, 1);
	dt_ret(f, 3, "h3", 1, T0 - 500, T0 - 10, 1);
	assert_int_equal(f->nev, 0);
	downtimes_tick(f->dt, T0);
	assert_int_equal(f->nev, 3);
	check_ev(f, 0, DOWNTIME_EV_EXPIRED, 1, T0, 0);
	check_ev(f, 1, DOWNTIME_EV_EXPIRED, 2, T0, 0);
	check_ev(f, 2, DOWNTIME_EV_EXPIRED, 3, T0, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);

	f->nev = 0;
	dt_ret(f, 2, "h2", 1, T0 - 600, T0 - 20, 1);
	dt_ret(f, 1, "h1", 0, T0 - 900, T0 - 30, 0);
	downtimes_tick(f->dt, T0);
	assert_int_equal(f->nev, 3);
	check_ev(f, 0, DOWNTIME_EV_STARTED, 2, T0, 1);
	check_ev(f, 1, DOWNTIME_EV_EXPIRED, 1, T0, 0);
	check_ev(f, 2, DOWNTIME_EV_STOPPED, 2, T0, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
}

/*
 * Nagios's event heap, not the file's order, orders the start events due
 * at a restart: due 1-5 in slots 1-5 (the others behind them) pop 1, 2, 4,
 * 5, 3.  So of h1's two downtimes the second one starts at a depth of 0,
 * and the one whose notification went out before starts silently.
 */
static void
t_retained_heap_order(void **state)
{
	struct fx *f = *state;
	static const char *hosts[] = { "h2", "h3", "h1", "h1", "h2" };
	struct downtime d;
	unsigned long i;

	for (i = 1; i <= 5; i++) {
		memset(&d, 0, sizeof(d));
		d.id = i;
		d.host = (char *)hosts[i - 1];
		d.start_time = T0 - 100 + (time_t)i;
		d.end_time = T0 + H;
		d.duration = (unsigned long)(d.end_time - d.start_time);
		d.fixed = 1;
		d.is_in_effect = 1;
		/* 4 started while 3 was in effect: its notification never went out */
		d.start_notification_sent = i != 4;
		assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	}
	downtimes_tick(f->dt, T0);
	assert_int_equal(f->nev, 3);
	check_ev(f, 0, DOWNTIME_EV_STARTED, 1, T0, 1);
	check_ev(f, 1, DOWNTIME_EV_STARTED, 2, T0, 1);
	check_ev(f, 2, DOWNTIME_EV_STARTED, 4, T0, 1);
	assert_int_equal(f->ev[2].sns, 0);
	assert_int_equal(downtimes_find(f->dt, 4)->start_notification_sent, 1);
	assert_int_equal(depth(f, "h1", NULL), 2);
	assert_int_equal(depth(f, "h2", NULL), 2);
}

/* a retained trigger that restarts restarts what it triggers */
static void
t_retained_trigger_pending(void **state)
{
	struct fx *f = *state;
	struct downtime d;

	memset(&d, 0, sizeof(d));
	d.id = 3;
	d.host = "h1";
	d.start_time = T0 + 100;
	d.end_time = T0 + 200;
	d.duration = 100;
	d.fixed = 1;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	d.id = 4;
	d.host = "h2";
	d.triggered_by = 3;
	d.is_in_effect = 1; /* cannot be, its trigger is not; Nagios waits for the trigger */
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(downtimes_find(f->dt, 4)->is_in_effect, 0);
	/* a flexible one waiting for the same trigger (scheduled while it ran) */
	d.id = 5;
	d.host = "h3";
	d.fixed = 0;
	d.duration = 600;
	d.is_in_effect = 0;
	assert_int_equal(downtimes_add_retained(f->dt, &d, T0), 0);
	assert_int_equal(f->nev, 0);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(f->nev, 3);
	check_ev(f, 1, DOWNTIME_EV_STARTED, 4, T0 + 100, 1);
	check_ev(f, 2, DOWNTIME_EV_STARTED, 5, T0 + 100, 1);
	/* it lasts its duration from there (Nagios 4.4.6 ends it at the next
	 * pass of its event loop), past its trigger's end, which stops it */
	assert_int_equal(downtimes_find(f->dt, 5)->flex_downtime_start, T0 + 100);
	downtimes_tick(f->dt, T0 + 101);
	assert_int_equal(f->nev, 3);
	assert_int_equal(depth(f, "h3", NULL), 1);
	downtimes_tick(f->dt, T0 + 200);
	check_ev(f, 3, DOWNTIME_EV_STOPPED, 3, T0 + 200, 0);
	check_ev(f, 5, DOWNTIME_EV_STOPPED, 5, T0 + 200, 0);
}

/* thousands of downtimes starting and ending together; timers that go stale */
static void
t_many(void **state)
{
	struct fx *f = *state;
	struct obj *o = fx_obj(f, "h1", NULL);
	unsigned long i, first, id;

	first = sched(f, "h2", NULL, T0 + 100, T0 + 200, 1, 0, 0, T0);
	for (i = 0; i < 5000; i++)
		sched(f, "h1", NULL, T0 + 100, T0 + 200, 1, i % 2 ? first : 0, 0, T0);
	assert_int_equal(downtimes_count(f->dt), 5001);
	/* the untriggered ones first, each group in the order scheduled */
	assert_int_equal(downtimes_at(f->dt, 0)->id, first);
	assert_int_equal(downtimes_at(f->dt, 1)->id, first + 1);
	assert_int_equal(downtimes_at(f->dt, 2500)->id, first + 4999);
	assert_int_equal(downtimes_at(f->dt, 2501)->id, first + 2);
	assert_int_equal(downtimes_at(f->dt, 5000)->id, first + 5000);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(o->st.scheduled_downtime_depth, 5000);
	assert_int_equal(f->nev, 2);
	/* schedule and cancel far-future ones: their timers must not pile up */
	for (i = 0; i < 20000; i++) {
		id = sched(f, "h3", NULL, T0 + 100000 + (time_t)i, T0 + 200000, 1, 0, 0, T0 + 100);
		assert_int_equal(downtimes_delete(f->dt, id, T0 + 100), 0);
	}
	downtimes_tick(f->dt, T0 + 200);
	assert_int_equal(o->st.scheduled_downtime_depth, 0);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(f->nev, 4);
	check_ev(f, 2, DOWNTIME_EV_STOPPED, first, T0 + 200, 0);
	check_ev(f, 3, DOWNTIME_EV_STOPPED, first + 4999, T0 + 200, 0);
	downtimes_tick(f->dt, T0 + 300000);
	assert_int_equal(f->nev, 4);
}

/* the id map under deletions in random order (its gaps are closed by shifting) */
static void
t_ids_random(void **state)
{
	struct fx *f = *state;
	static unsigned long ids[3000];
	static char gone[3000];
	unsigned long i, j, tmp, seed = 12345;

	for (i = 0; i < 3000; i++)
		ids[i] = sched(f, "h1", NULL, T0 + 10 + (time_t)(i % 17), T0 + 100, 1, 0, 0, T0);
	for (i = 2999; i > 0; i--) {
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		j = (seed >> 33) % (i + 1);
		tmp = ids[i];
		ids[i] = ids[j];
		ids[j] = tmp;
	}
	for (i = 0; i < 3000; i++) {
		if (i % 3 == 0)
			continue;
		assert_int_equal(downtimes_delete(f->dt, ids[i], T0), 0);
		gone[ids[i] - 1] = 1;
		/* every tenth step, every id answers as it should */
		if (i % 10 != 0)
			continue;
		for (j = 1; j <= 3000; j++) {
			if (gone[j - 1])
				assert_null(downtimes_find(f->dt, j));
			else
				assert_int_equal(downtimes_find(f->dt, j)->id, j);
		}
	}
	assert_int_equal(downtimes_count(f->dt), 1000);
	assert_int_equal(comments_count(f->cs), 1000);
	for (i = 1; i < 1000; i++)
		assert_true(
		    downtimes_at(f->dt, i - 1)->start_time <= downtimes_at(f->dt, i)->start_time);
	downtimes_tick(f->dt, T0 + 100);
	assert_int_equal(downtimes_count(f->dt), 0);
	assert_int_equal(depth(f, "h1", NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_comment_text, setup, teardown),
		cmocka_unit_test_setup_teardown(t_comment_formats, setup, teardown),
		cmocka_unit_test_setup_teardown(t_fixed, setup, teardown),
		cmocka_unit_test_setup_teardown(t_overlap, setup, teardown),
		cmocka_unit_test_setup_teardown(t_cancel, setup, teardown),
		cmocka_unit_test_setup_teardown(t_triggered, setup, teardown),
		cmocka_unit_test_setup_teardown(t_triggered_cancel, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flexible, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flexible_wrapped_duration, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flexible_in_problem, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flexible_expiry, setup, teardown),
		cmocka_unit_test_setup_teardown(t_sweep_after_flex, setup, teardown),
		cmocka_unit_test_setup_teardown(t_sweep_cancelled, setup, teardown),
		cmocka_unit_test_setup_teardown(t_sweep_restart, setup, teardown),
		cmocka_unit_test_setup_teardown(t_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(t_delete_matching, setup, teardown),
		cmocka_unit_test_setup_teardown(t_delete_matching_chain, setup, teardown),
		cmocka_unit_test_setup_teardown(t_order, setup, teardown),
		cmocka_unit_test_setup_teardown(t_resort, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retained, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retained_trigger_pending, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retained_past, setup, teardown),
		cmocka_unit_test_setup_teardown(t_retained_heap_order, setup, teardown),
		cmocka_unit_test_setup_teardown(t_many, setup, teardown),
		cmocka_unit_test_setup_teardown(t_ids_random, setup, teardown),
	};

	setenv("TZ", "UTC", 1);
	tzset();
	return cmocka_run_group_tests(tests, NULL, NULL);
}

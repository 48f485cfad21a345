/*
 * lsstatehist: the state history machine (lsstatehist.h).
 *
 * Each host and service an entry names gets a tracked state: its current
 * interval (a struct lssh_row whose until moves with every entry that
 * touches it) and what naemon keeps beside it: whether it may have
 * vanished at a restart, when it was last seen.  An entry that changes a
 * tracked flag first queues the interval that ends there (a copy, its
 * strings in the queue's arena), then starts the next one.  Until the
 * first entry at or after since nothing is queued: entries before the
 * range only set the states it starts with.
 *
 * Time periods: a TIMEPERIOD TRANSITION line says whether a period is
 * now active; a state whose notification period or SERVICE_PERIOD is
 * that period follows it.  A period no transition named is taken as
 * active.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsstatehist.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lslog.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/* an object seen in the range's first ten minutes counts from since (a start-up's grace) */
#define LSSH_GRACE 600

enum sh_kind {
	SH_NONE, SH_HOST_ALERT, SH_HOST_STATE, SH_HOST_INITIAL, SH_HOST_DOWNTIME, SH_HOST_FLAPPING,
	SH_SVC_ALERT, SH_SVC_STATE, SH_SVC_INITIAL, SH_SVC_DOWNTIME, SH_SVC_FLAPPING,
	SH_TIMEPERIOD, SH_INITIAL_STATES,
};

static const struct {
	const char *type;
	enum sh_kind kind;
} kinds[] = {
	{ "HOST ALERT", SH_HOST_ALERT },
	{ "CURRENT HOST STATE", SH_HOST_STATE },
	{ "INITIAL HOST STATE", SH_HOST_INITIAL },
	{ "HOST DOWNTIME ALERT", SH_HOST_DOWNTIME },
	{ "HOST FLAPPING ALERT", SH_HOST_FLAPPING },
	{ "SERVICE ALERT", SH_SVC_ALERT },
	{ "CURRENT SERVICE STATE", SH_SVC_STATE },
	{ "INITIAL SERVICE STATE", SH_SVC_INITIAL },
	{ "SERVICE DOWNTIME ALERT", SH_SVC_DOWNTIME },
	{ "SERVICE FLAPPING ALERT", SH_SVC_FLAPPING },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct sh_state {
	struct lssh_row r;       /* the current interval; r.output unused (see out) */
	char *out;               /* the last entry's output (heap), NULL for none */
	int is_host;
	int may_vanish;          /* not named since the last "logging initial states" */
	int vanished;            /* and the initial states are over: UNMONITORED since then */
	time_t last_known;
	struct sh_state **svcs;  /* a host's services that are tracked */
	size_t nsvcs;
};

struct lssh {
	time_t since, until;
	double frame;            /* the range's length, as naemon counts it (until - since - 1) */
	lssh_find_fn *find;
	lssh_want_fn *want;
	void *arg;
	int only_update;         /* no entry of the range yet: nothing is queued */
	int in_initial;          /* within a restart's INITIAL states */
	int done, finished;
	struct arena *a;         /* keys, names, period values */
	struct hmap *by_key;     /* "host" or "host\nservice" -> struct sh_state */
	struct hmap *unwanted;   /* the services want refused: "host\nservice" -> m */
	struct sh_state **all;   /* in the order first seen */
	size_t nall;
	struct hmap *periods;    /* a period's name -> int * (1 active, 0 not) */
	struct lssh_row *q;      /* queued rows */
	size_t qn, qcap, qpos;
	struct arena *qa;        /* their strings */
};

/* the kind of entry e is; SH_NONE also for what naemon's statehist never reads */
static enum sh_kind
kind_of(const struct lslog_entry *e)
{
	const char *text = e->message + (strlen(e->message) > 13 ? 13 : strlen(e->message));
	size_t i;

	if (e->class != LSLOG_ALERT && e->class != LSLOG_PROGRAM && e->class != LSLOG_STATE)
		return SH_NONE;
	if (strncmp(text, "TIMEPERIOD TRANSITION: ", 23) == 0)
		return SH_TIMEPERIOD;
	if (strncmp(text, "logging initial states", 22) == 0 ||
	    strncmp(text, "logging intitial states", 23) == 0)
		return SH_INITIAL_STATES;
	for (i = 0; i < NELEM(kinds); i++)
		if (strcmp(e->type, kinds[i].type) == 0)
			return kinds[i].kind;
	return SH_NONE;
}

static int
is_svc_kind(enum sh_kind k)
{
	return k >= SH_SVC_ALERT && k <= SH_SVC_FLAPPING;
}

/* whether period (a name, "" for none) is active by the transitions seen so far */
static int
period_active(const struct lssh *m, const char *period)
{
	const int *v = hmap_get(m->periods, period);

	return v != NULL ? *v : 1;
}

/* ---- the queue ---- */

static void
queue_reset(struct lssh *m)
{
	if (m->qpos < m->qn)
		return;
	m->qn = m->qpos = 0;
	arena_reset(m->qa);
}

/* queue st's interval as it ends now; the next one begins where it ended */
static void
emit(struct lssh *m, struct sh_state *st)
{
	struct lssh_row *r;
	int slot = st->r.state + 1;

	if (m->qn == m->qcap) {
		m->qcap = m->qcap ? m->qcap * 2 : 64;
		m->q = xreallocarray(m->q, m->qcap, sizeof(*m->q));
	}
	r = &m->q[m->qn++];
	*r = st->r;
	r->duration = (long long)(r->until - r->from);
	r->part = (double)r->duration / m->frame;
	memset(r->dur, 0, sizeof(r->dur));
	memset(r->dpart, 0, sizeof(r->dpart));
	if (slot >= 0 && slot < LSSH_NSTATES) {
		r->dur[slot] = r->duration;
		r->dpart[slot] = r->part;
	}
	r->output = st->out != NULL ? arena_strdup(m->qa, st->out) : "";
	st->r.from = st->r.until;
}

/* emit, but only once the range has begun */
static void
end_interval(struct lssh *m, struct sh_state *st)
{
	if (!m->only_update)
		emit(m, st);
}

static void
set_output(struct sh_state *st, const char *out)
{
	free(st->out);
	st->out = out != NULL ? xstrdup(out) : NULL;
}

/* ---- tracked states ---- */

static void
add_svc(struct sh_state *host, struct sh_state *svc)
{
	host->svcs = xreallocarray(host->svcs, host->nsvcs + 1, sizeof(*host->svcs));
	host->svcs[host->nsvcs++] = svc;
}

static struct sh_state *
state_new(struct lssh *m, const struct lssh_obj *o, const char *key, time_t t)
{
	struct sh_state *st = xcalloc(1, sizeof(*st)), *host;
	size_t i;

	st->r.o = *o;
	st->is_host = o->svc == NULL;
	st->r.debug = "";
	if (st->is_host) {
		for (i = 0; i < m->nall; i++)
			if (!m->all[i]->is_host && m->all[i]->r.o.host == o->host)
				add_svc(st, m->all[i]);
		host = NULL;
	} else if ((host = hmap_get(m->by_key, o->host_name)) != NULL) {
		add_svc(host, st);
	}
	hmap_put(m->by_key, arena_strdup(m->a, key), st);
	m->all = xreallocarray(m->all, m->nall + 1, sizeof(*m->all));
	m->all[m->nall++] = st;
	st->r.from = m->since;
	st->r.in_notif_period = period_active(m, o->notif_period);
	st->r.in_svc_period = period_active(m, o->svc_period);
	if (host != NULL) {
		st->r.in_host_downtime = host->r.in_host_downtime;
		st->r.host_down = host->r.host_down;
	}
	if (!m->only_update && t - m->since > LSSH_GRACE) {
		st->r.debug = "UNMONITORED ";
		st->r.state = -1;
	}
	return st;
}

/* a state UNMONITORED since a restart is seen again: that interval ends, a new one begins */
static void
revive(struct lssh *m, struct sh_state *st)
{
	st->r.time = st->r.until = st->last_known;
	end_interval(m, st);
	st->may_vanish = st->vanished = 0;
	st->r.state = -1;
	st->r.debug = "UNMONITORED";
	st->r.in_downtime = st->r.is_flapping = 0;
	set_output(st, NULL);
	st->r.in_notif_period = period_active(m, st->r.o.notif_period);
	st->r.in_svc_period = period_active(m, st->r.o.svc_period);
}

/* STARTED (downtime, flapping) against STOPPED and the rest */
static int
started(const struct lslog_entry *e)
{
	return strncmp(e->state_type, "STARTED", 7) == 0;
}

/* a host's state: its own, or for a service whether its host is down */
static int
host_state(struct lssh *m, const struct lslog_entry *e, struct sh_state *st)
{
	if (st->is_host) {
		if (st->r.state == e->state)
			return 0;
		end_interval(m, st);
		st->r.state = e->state;
		st->r.host_down = e->state > 0;
		st->r.debug = "HOST STATE";
	} else if (st->r.host_down != (e->state > 0)) {
		end_interval(m, st);
		st->r.host_down = e->state > 0;
		st->r.debug = "SVC HOST STATE";
	}
	return 1;
}

/* a flag (downtime, flapping) changes to v; 0 when it already was v */
static int
set_flag(struct lssh *m, struct sh_state *st, int *flag, int v, const char *why)
{
	if (*flag == v)
		return 0;
	end_interval(m, st);
	st->r.debug = why;
	*flag = v;
	return 1;
}

/* TIMEPERIOD TRANSITION: name;old;new.  Returns new (NULL: a broken line); *name is
 * the heap copy the strings are in */
static const char *
transition(const struct lslog_entry *e, char **name)
{
	const char *p = strstr(e->message, ": ");
	char *cur;

	*name = NULL;
	if (p == NULL)
		return NULL;
	cur = xstrdup(p + 2);
	*name = strsep(&cur, ";");
	if (cur == NULL)
		return NULL;
	strsep(&cur, ";"); /* the state it leaves */
	return cur != NULL ? strsep(&cur, ";") : NULL;
}

static void
follow_period(struct lssh *m, struct sh_state *st, const char *name, int v)
{
	if (strcmp(name, st->r.o.notif_period) == 0 && v != st->r.in_notif_period) {
		end_interval(m, st);
		st->r.debug = "TIMEPERIOD ";
		st->r.in_notif_period = v;
	}
	if (strcmp(name, st->r.o.svc_period) == 0 && v != st->r.in_svc_period) {
		end_interval(m, st);
		st->r.debug = "TIMEPERIOD ";
		st->r.in_svc_period = v;
	}
}

/*
 * Apply e (of kind k) to st.  Returns 0 when a host entry changed
 * nothing about st, so the host's services need not hear of it.
 */
static int
update(struct lssh *m, const struct lslog_entry *e, enum sh_kind k, struct sh_state *st,
    const char *period, int pv)
{
	int changed = 1;

	if (k != SH_TIMEPERIOD && st->vanished)
		revive(m, st);
	st->r.time = st->r.until = e->time;
	st->r.lineno = e->lineno;
	if (k != SH_TIMEPERIOD)
		st->may_vanish = 0;
	switch (k) {
	case SH_HOST_ALERT:
	case SH_HOST_STATE:
	case SH_HOST_INITIAL:
		changed = host_state(m, e, st);
		break;
	case SH_SVC_ALERT:
	case SH_SVC_STATE:
	case SH_SVC_INITIAL:
		if (st->r.state != e->state) {
			end_interval(m, st);
			st->r.debug = "SVC ALERT";
			st->r.state = e->state;
		}
		break;
	case SH_HOST_DOWNTIME:
		changed = set_flag(m, st, &st->r.in_host_downtime, started(e),
		    st->is_host ? "HOST DOWNTIME" : "SVC HOST DOWNTIME");
		if (changed && st->is_host)
			st->r.in_downtime = st->r.in_host_downtime;
		break;
	case SH_SVC_DOWNTIME:
		set_flag(m, st, &st->r.in_downtime, started(e), "DOWNTIME SERVICE");
		break;
	case SH_HOST_FLAPPING:
	case SH_SVC_FLAPPING:
		changed = set_flag(m, st, &st->r.is_flapping, started(e), "FLAPPING ");
		break;
	case SH_TIMEPERIOD:
		follow_period(m, st, period, pv);
		break;
	default:
		break;
	}
	if (k == SH_TIMEPERIOD)
		return changed;
	if ((k == SH_HOST_INITIAL || k == SH_SVC_INITIAL) && strcmp(e->output, "(null)") == 0)
		set_output(st, NULL);
	else
		set_output(st, e->output);
	return changed;
}

/* whether the service o (key its key) is wanted; the answer is kept */
static int
wanted(struct lssh *m, const struct lssh_obj *o, const char *key)
{
	struct lssh_row fresh;

	if (m->want == NULL)
		return 1;
	if (hmap_get(m->unwanted, key) != NULL)
		return 0;
	memset(&fresh, 0, sizeof(fresh));
	fresh.o = *o;
	fresh.o.notif_period = fresh.o.svc_period = fresh.debug = fresh.output = "";
	if (m->want(m->arg, &fresh))
		return 1;
	hmap_put(m->unwanted, arena_strdup(m->a, key), m);
	return 0;
}

/* an entry about a host or service */
static void
on_object(struct lssh *m, const struct lslog_entry *e, enum sh_kind k)
{
	struct lssh_obj o;
	struct sh_state *st;
	char *key;
	size_t i;
	int svc = is_svc_kind(k);

	if (m->find(m->arg, e->host, svc ? e->svc : "", &o) < 0)
		return;
	key = svc ? xasprintf("%s\n%s", o.host_name, o.svc_desc) : xstrdup(o.host_name);
	st = hmap_get(m->by_key, key);
	if (st == NULL && svc && !wanted(m, &o, key)) {
		free(key);
		return;
	}
	if (st == NULL)
		st = state_new(m, &o, key, e->time);
	free(key);
	if (!update(m, e, k, st, NULL, 0))
		return;
	/* a host's state or downtime is also its services' */
	if (k == SH_HOST_ALERT || k == SH_HOST_STATE || k == SH_HOST_DOWNTIME)
		for (i = 0; i < st->nsvcs; i++)
			update(m, e, k, st->svcs[i], NULL, 0);
}

static void
on_timeperiod(struct lssh *m, const struct lslog_entry *e)
{
	char *name;
	const char *v = transition(e, &name);
	int *pv;
	size_t i;

	if (v != NULL) {
		if ((pv = hmap_get(m->periods, name)) == NULL) {
			pv = arena_alloc(m->a, sizeof(*pv));
			hmap_put(m->periods, arena_strdup(m->a, name), pv);
		}
		*pv = (int)str_atol_lenient(v);
		for (i = 0; i < m->nall; i++)
			update(m, e, SH_TIMEPERIOD, m->all[i], name, *pv);
	}
	free(name);
}

/* "logging initial states": who is not named again may be gone */
static void
on_restart(struct lssh *m, time_t t)
{
	size_t i;

	for (i = 0; i < m->nall; i++)
		if (!m->all[i]->vanished) {
			m->all[i]->last_known = t;
			m->all[i]->may_vanish = 1;
		}
	m->in_initial = 1;
}

int
lssh_feed(struct lssh *m, const struct lslog_entry *e)
{
	enum sh_kind k;
	size_t i;

	if (m->done || m->finished)
		return 1;
	if ((k = kind_of(e)) == SH_NONE && e->class != LSLOG_ALERT &&
	    e->class != LSLOG_PROGRAM && e->class != LSLOG_STATE)
		return 0;
	queue_reset(m);
	if (e->time >= m->until) {
		m->done = 1;
		return 1;
	}
	if (m->only_update && e->time >= m->since) {
		for (i = 0; i < m->nall; i++)
			m->all[i]->r.from = m->all[i]->r.until = m->since;
		m->only_update = 0;
	}
	if (m->in_initial && k != SH_HOST_INITIAL && k != SH_SVC_INITIAL) {
		for (i = 0; i < m->nall; i++)
			if (m->all[i]->may_vanish)
				m->all[i]->vanished = 1;
		m->in_initial = 0;
	}
	if (k == SH_TIMEPERIOD)
		on_timeperiod(m, e);
	else if (k == SH_INITIAL_STATES)
		on_restart(m, e->time);
	else if (k != SH_NONE)
		on_object(m, e, k);
	return 0;
}

void
lssh_finish(struct lssh *m)
{
	size_t i;

	if (m->finished)
		return;
	m->finished = 1;
	queue_reset(m);
	for (i = 0; i < m->nall; i++) {
		struct sh_state *st = m->all[i];

		if (st->may_vanish) {
			/* the last known state up to the restart, then UNMONITORED */
			st->r.time = st->r.until = st->last_known;
			emit(m, st);
			st->r.state = -1;
			st->r.debug = "UNMONITORED";
			set_output(st, NULL);
		}
		st->r.time = st->r.until = m->until - 1;
		emit(m, st);
	}
}

const struct lssh_row *
lssh_next(struct lssh *m)
{
	return m->qpos < m->qn ? &m->q[m->qpos++] : NULL;
}

struct lssh *
lssh_new(time_t since, time_t until, lssh_find_fn *find, lssh_want_fn *want, void *arg)
{
	struct lssh *m = xcalloc(1, sizeof(*m));

	m->since = since;
	m->until = until;
	m->frame = (double)(until - since - 1);
	m->find = find;
	m->want = want;
	m->arg = arg;
	m->only_update = 1;
	m->a = arena_new();
	m->qa = arena_new();
	m->by_key = hmap_new(256);
	m->unwanted = hmap_new(16);
	m->periods = hmap_new(16);
	return m;
}

void
lssh_free(struct lssh *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->nall; i++) {
		free(m->all[i]->out);
		free(m->all[i]->svcs);
		free(m->all[i]);
	}
	free(m->all);
	free(m->q);
	hmap_free(m->by_key);
	hmap_free(m->unwanted);
	hmap_free(m->periods);
	arena_free(m->a);
	arena_free(m->qa);
	free(m);
}

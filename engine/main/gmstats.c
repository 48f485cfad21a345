/*
 * gmstats: per-queue counts and round-trip times of the checks sent to
 * gearmand (gmstats.h).
 *
 * Queues are an array in the order first seen, found by name through a
 * hash map whose keys are the entries' own names; an entry never moves, so
 * a remembered job holds its queue's index.  Jobs remembered are two
 * arrays by object id (hosts, services), grown to the largest id seen, so
 * they hold at most one entry per object of the configuration.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmstats.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sched/drift.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

struct gm_flight {
	double sent, due;
	unsigned short q;    /* index of the queue */
	unsigned char live;  /* a job remembered */
};

struct gm_flights {
	struct gm_flight *f;
	size_t n;
};

struct gmstats {
	struct gmstats_queue q[GMSTATS_QUEUES_MAX];
	size_t nq;
	struct hmap *byname;   /* name -> index + 1 */
	struct gm_flights hosts, services;
	struct drift *rtt, *latency;
};

struct gmstats *
gmstats_new(void)
{
	struct gmstats *st = xcalloc(1, sizeof(*st));

	st->byname = hmap_new(GMSTATS_QUEUES_MAX);
	st->rtt = drift_new();
	st->latency = drift_new();
	return st;
}

void
gmstats_free(struct gmstats *st)
{
	size_t i;

	if (st == NULL)
		return;
	for (i = 0; i < st->nq; i++)
		free((char *)st->q[i].name);
	hmap_free(st->byname);
	free(st->hosts.f);
	free(st->services.f);
	drift_free(st->rtt);
	drift_free(st->latency);
	free(st);
}

/* the index of queue, made when new; GMSTATS_OTHER's once the table is full */
static size_t
gm_queue_index(struct gmstats *st, const char *queue)
{
	void *v = hmap_get(st->byname, queue);
	size_t i;

	if (v != NULL)
		return (size_t)(uintptr_t)v - 1;
	if (st->nq >= GMSTATS_QUEUES_MAX - 1 && strcmp(queue, GMSTATS_OTHER) != 0)
		return gm_queue_index(st, GMSTATS_OTHER);
	i = st->nq++;
	st->q[i].name = xstrdup(queue);
	hmap_put(st->byname, st->q[i].name, (void *)(uintptr_t)(i + 1));
	return i;
}

/* id's entry of fl, fl grown to hold it when grow, else NULL when beyond */
static struct gm_flight *
gm_flight_in(struct gm_flights *fl, unsigned id, int grow)
{
	size_t n;

	if (id >= fl->n) {
		if (!grow)
			return NULL;
		n = fl->n ? fl->n : 64;
		while (n <= id)
			n *= 2;
		fl->f = xreallocarray(fl->f, n, sizeof(*fl->f));
		memset(fl->f + fl->n, 0, (n - fl->n) * sizeof(*fl->f));
		fl->n = n;
	}
	return &fl->f[id];
}

static struct gm_flight *
gm_flight(struct gmstats *st, int is_host, unsigned id, int grow)
{
	return gm_flight_in(is_host ? &st->hosts : &st->services, id, grow);
}

void
gmstats_sent(struct gmstats *st, const char *queue, int is_host, unsigned id, double now,
    double due)
{
	struct gm_flight *f = gm_flight(st, is_host, id, 1);
	size_t q = gm_queue_index(st, queue);

	st->q[q].sent++;
	f->sent = now;
	f->due = due < now ? due : now;
	f->q = (unsigned short)q;
	f->live = 1;
}

/* seconds to whole microseconds, never below 0 */
static uint64_t
gm_usec(double secs)
{
	return secs > 0 ? (uint64_t)(secs * 1e6 + 0.5) : 0;
}

int
gmstats_result(struct gmstats *st, int is_host, unsigned id, double now)
{
	struct gm_flight *f = gm_flight(st, is_host, id, 0);

	if (f == NULL || !f->live)
		return 0;
	f->live = 0;
	st->q[f->q].results++;
	drift_add(st->rtt, gm_usec(now - f->sent));
	drift_add(st->latency, gm_usec(now - f->due));
	return 1;
}

void
gmstats_orphan(struct gmstats *st, const char *queue)
{
	st->q[gm_queue_index(st, queue)].orphans++;
}

void
gmstats_forget(struct gmstats *st)
{
	if (st->hosts.n)
		memset(st->hosts.f, 0, st->hosts.n * sizeof(*st->hosts.f));
	if (st->services.n)
		memset(st->services.f, 0, st->services.n * sizeof(*st->services.f));
}

/* the live jobs of *fl at their new ids */
static void
gm_renumber_flights(struct gm_flights *fl, int is_host, gmstats_id_fn *to, void *ctx)
{
	struct gm_flights nfl = { NULL, 0 };
	size_t i;

	for (i = 0; i < fl->n; i++) {
		unsigned d;

		if (fl->f[i].live && (d = to(ctx, is_host, (unsigned)i)) != GMSTATS_GONE)
			*gm_flight_in(&nfl, d, 1) = fl->f[i];
	}
	free(fl->f);
	*fl = nfl;
}

void
gmstats_renumber(struct gmstats *st, gmstats_id_fn *to, void *ctx)
{
	gm_renumber_flights(&st->hosts, 1, to, ctx);
	gm_renumber_flights(&st->services, 0, to, ctx);
}

size_t
gmstats_nqueues(const struct gmstats *st)
{
	return st->nq;
}

const struct gmstats_queue *
gmstats_queue(const struct gmstats *st, size_t i)
{
	return i < st->nq ? &st->q[i] : NULL;
}

const struct drift *
gmstats_rtt(const struct gmstats *st)
{
	return st->rtt;
}

const struct drift *
gmstats_latency(const struct gmstats *st)
{
	return st->latency;
}

/*
 * gmstats: what the checks sent to gearmand did, per queue and in time,
 * for the stats file (engine/main/dstats.c) and jaquestats.
 *
 * Per queue (names are whatever mod_gearman's routing gives: "host",
 * "service", "hostgroup_NAME", a _WORKER value ...): jobs sent, results
 * that came back for them, and orphan results given.  At most
 * GMSTATS_QUEUES_MAX queues are told apart; the names after that count
 * together under GMSTATS_OTHER, so the table stays small whatever the
 * configuration or a reload brings.
 *
 * A job sent is remembered by its object (host or service id) until its
 * result comes: the object's queue, when the job was handed to the
 * transport and when the check was due.  A result for an object with a
 * job remembered counts for that queue, and adds its round trip (handed
 * over to result applied) and its latency (due to result applied, the
 * time the check's answer was really late, which mod_gearman's own
 * latency figure is not) to two histograms of the drift kind
 * (engine/sched/drift.h).  A result with no job remembered (a second
 * result, a passive one) counts nowhere here.  Times are seconds on one
 * clock, the caller's (the daemon's loop time).
 *
 * gmcore calls it; it is plain data with no I/O and not thread-safe.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMSTATS_H
#define JAQUE_GMSTATS_H

#include <stddef.h>

#define GMSTATS_QUEUES_MAX 64   /* queues told apart, GMSTATS_OTHER included */
#define GMSTATS_OTHER "(other queues)"

struct drift;
struct gmstats;

struct gmstats_queue {
	const char *name;        /* owned by the gmstats */
	unsigned long sent;      /* jobs handed to the transport */
	unsigned long results;   /* results for them applied */
	unsigned long orphans;   /* orphan results given for checks sent to it */
};

struct gmstats *gmstats_new(void);
void gmstats_free(struct gmstats *st);

/*
 * A job for queue handed to the transport at now for the check of a host
 * (is_host 1) or service with this id, due at due (<= now).  Replaces a
 * job of the same object still remembered.
 */
void gmstats_sent(struct gmstats *st, const char *queue, int is_host, unsigned id, double now,
    double due);
/*
 * A result for the object applied at now: 1 when a job was remembered for
 * it (counted, timed and forgotten), 0 when not.
 */
int gmstats_result(struct gmstats *st, int is_host, unsigned id, double now);
/* an orphan result given for a check sent to queue */
void gmstats_orphan(struct gmstats *st, const char *queue);
/* forget every job remembered (the object ids are a new generation's); counts stay */
void gmstats_forget(struct gmstats *st);

#define GMSTATS_GONE ((unsigned)-1)

/* the new id of a host's (is_host 1) or service's id, or GMSTATS_GONE */
typedef unsigned gmstats_id_fn(void *ctx, int is_host, unsigned id);
/* the object ids are a new generation's: each job remembered goes to its
 * object's new id to(ctx, is_host, id), or is forgotten when that is
 * GMSTATS_GONE; to is asked only for objects with a job remembered */
void gmstats_renumber(struct gmstats *st, gmstats_id_fn *to, void *ctx);

/* the queues, in the order first seen, GMSTATS_OTHER where it was first needed */
size_t gmstats_nqueues(const struct gmstats *st);
const struct gmstats_queue *gmstats_queue(const struct gmstats *st, size_t i);
/* round trips and latencies, in microseconds */
const struct drift *gmstats_rtt(const struct gmstats *st);
const struct drift *gmstats_latency(const struct gmstats *st);

#endif

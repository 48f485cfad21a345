/*
 * gmwire: jobs to gearmand and results from it, for the mod_gearman way of
 * running checks elsewhere: gearmand's own protocol (compat/gearman/
 * gearproto), spoken on the event loop without blocking and without
 * threads.  Jobs go as background jobs with their unique id and priority;
 * results are taken, as a gearman worker takes jobs, from the result
 * queue of every job server, and handed to callbacks on the loop.
 * Payloads are opaque here: the job format is compat/gearman/mgjob.
 *
 * A job waits until a job server confirms it.  Jobs submitted while no job
 * server is reachable wait, and a connection is tried again every
 * GMWIRE_RETRY seconds, the servers in their order; a job not confirmed
 * when its connection broke is sent again on the next; a job still
 * waiting while no server is up at its own deadline is given up and the
 * loop told (fail callback), so that the caller can apply its orphan
 * rules; so is a job the job server refuses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMWIRE_H
#define JAQUE_GMWIRE_H

#include <stddef.h>
#include <time.h>

#include <ev.h>

#define GMWIRE_RETRY 1.0          /* seconds between attempts to connect */
#define GMWIRE_QUEUE_MAX 1000000  /* jobs waiting to be submitted, at most */

enum gmwire_prio { GMWIRE_LOW, GMWIRE_NORMAL, GMWIRE_HIGH };

struct gmwire;

/* a result's payload, as the worker sent it, with a NUL at len (valid during the call) */
typedef void gmwire_result_fn(void *ctx, const char *payload, size_t len);
/* a job given up at its deadline, or refused: its queue, unique id ("" when none) and tag, and what
 * the job server said last */
typedef void gmwire_fail_fn(void *ctx, const char *queue, const char *uniq, unsigned long tag,
    const char *why);
/* the job servers became reachable (up 1) or not (0: why, naming the server and the error) */
typedef void gmwire_state_fn(void *ctx, int up, const char *why);

struct gmwire_cb {
	gmwire_result_fn *result;
	gmwire_fail_fn *fail;     /* NULL: nothing to say */
	gmwire_state_fn *state;   /* NULL: nothing to say */
	void *ctx;
};

struct gmwire_stats {
	unsigned long sent;       /* jobs gearmand took */
	unsigned long retried;    /* submission attempts that failed and were tried again */
	unsigned long failed;     /* jobs given up, or refused by the job server */
	unsigned long results;    /* results received */
	unsigned long resent;     /* jobs sent again: their job server went away before
	                             confirming them */
	size_t waiting;           /* jobs no job server confirmed yet */
};

/*
 * Start: servers are "host:port" strings ("[v6]:port"; port 4730 when
 * none), jobs going to the first that answers; result_queue the function
 * whose jobs are taken as results from every server (NULL or readers 0:
 * no results are read); timeout_ms for connecting and for a job server's
 * answer (0 or less: none).  NULL when servers is empty.
 */
struct gmwire *gmwire_new(struct ev_loop *loop, const char *const *servers, size_t nservers,
    const char *result_queue, int readers, int timeout_ms, const struct gmwire_cb *cb);
/* close the connections and free; waiting jobs are dropped */
void gmwire_free(struct gmwire *w);

/*
 * Queue a background job for queue with unique id uniq (NULL: none),
 * given up deadline seconds from now (0: never); tag is the caller's, given
 * back if it is given up.  0 when queued, -1 when the queue holds
 * GMWIRE_QUEUE_MAX jobs already.
 */
int gmwire_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag);

/* the caller's new tag for tag (0: none) */
typedef unsigned long gmwire_tag_fn(void *ctx, unsigned long tag);
/* the caller numbered its tags anew: each job waiting for its job server's
 * confirmation gets to(ctx, its tag); to is not asked for tag 0 */
void gmwire_retag(struct gmwire *w, gmwire_tag_fn *to, void *ctx);

void gmwire_stats(struct gmwire *w, struct gmwire_stats *out);

#endif

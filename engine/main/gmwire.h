/*
 * gmwire: jobs to gearmand and results from it, through libgearman, for
 * the mod_gearman way of running checks elsewhere.
 *
 * libgearman's calls block, so none of them runs on the event loop: one
 * thread submits the jobs the loop queued (background jobs, with their
 * unique id and priority), and result threads wait as gearman workers on
 * the result queue.  What comes back (a result's payload, a job given up,
 * a change in the job server's reachability) is handed to the loop
 * through an ev_async and delivered there by callbacks; the threads never
 * touch the daemon's state.  Payloads are opaque here: the job format is
 * compat/gearman/mgjob.
 *
 * A job that cannot be submitted (no job server answers) is tried again
 * every GMWIRE_RETRY seconds, in order, until its own deadline; then it is
 * given up and the loop told (fail callback), so that the caller can apply
 * its orphan rules.  A job is never submitted twice once gearmand took it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMWIRE_H
#define JAQUE_GMWIRE_H

#include <stddef.h>
#include <time.h>

#include <ev.h>

#define GMWIRE_RETRY 1.0          /* seconds between submission attempts */
#define GMWIRE_QUEUE_MAX 1000000  /* jobs waiting to be submitted, at most */

enum gmwire_prio { GMWIRE_LOW, GMWIRE_NORMAL, GMWIRE_HIGH };

struct gmwire;

/* a result's payload, as the worker sent it (not NUL-terminated) */
typedef void gmwire_result_fn(void *ctx, const char *payload, size_t len);
/* a job given up at its deadline: its queue, unique id ("" when none) and tag, and what
 * the job server said last */
typedef void gmwire_fail_fn(void *ctx, const char *queue, const char *uniq, unsigned long tag,
    const char *why);
/* the job servers became reachable (up 1) or not (0), with libgearman's words */
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
	unsigned long failed;     /* jobs given up */
	unsigned long results;    /* results received */
	size_t waiting;           /* jobs queued, not submitted yet */
};

/*
 * Start: servers are "host:port" strings, tried as libgearman tries them;
 * result_queue the function the result threads take jobs of (NULL or
 * nthreads 0: no results are read); timeout_ms for one call to the job
 * server.  NULL when libgearman cannot be set up (no thread is left).
 */
struct gmwire *gmwire_new(struct ev_loop *loop, const char *const *servers, size_t nservers,
    const char *result_queue, int nthreads, int timeout_ms, const struct gmwire_cb *cb);
/* stop the threads (within about a second) and free; waiting jobs are dropped */
void gmwire_free(struct gmwire *w);

/*
 * Queue a background job for queue with unique id uniq (NULL: none),
 * given up deadline seconds from now (0: never); tag is the caller's, given
 * back if it is given up.  0 when queued, -1 when the queue holds
 * GMWIRE_QUEUE_MAX jobs already.
 */
int gmwire_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag);

void gmwire_stats(struct gmwire *w, struct gmwire_stats *out);

#endif

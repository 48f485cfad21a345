/*
 * gmkeep: the jobs of checks in flight through gearmand, kept until their
 * result comes, so that a job the job server lost (gearmand killed with
 * it queued, a worker's result that found no gearmand to go to) is sent
 * once more instead of leaving its check to Nagios's orphan detection,
 * minutes later.  Sending it again is safe only with unique ids: a job
 * server that still holds the first folds the second into it, so a check
 * that was only slow is not run twice.  The caller (engine/main/gmcore)
 * keeps a job only when it has one, and drops it when the result comes.
 *
 * Jobs are kept by slot (the caller's index of the object); a slot holds
 * one job, the newest.  A heap orders the times to look again.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMKEEP_H
#define JAQUE_GMKEEP_H

#include <stddef.h>

struct gmkeep;

/* a job as it was submitted (the strings are copied by gmkeep_put) */
struct gmkeep_job {
	const char *queue;
	const char *uniq;
	const char *payload;
	size_t len;
	int prio;        /* the caller's priority, given back */
	double timeout;  /* the check's: the wait again after a resend is this and grace */
};

/* room for nslots slots; grace: seconds past a job's timeout before it counts as lost */
struct gmkeep *gmkeep_new(size_t nslots, double grace);
void gmkeep_free(struct gmkeep *k);

/* keep job for slot (replacing what it held), to be looked at job->timeout + grace after now */
void gmkeep_put(struct gmkeep *k, size_t slot, const struct gmkeep_job *job, double now);
/* the result came, or the check was given up: let slot's job go */
void gmkeep_drop(struct gmkeep *k, size_t slot);

/* sends a kept job again: 0 when it went, -1 when not */
typedef int gmkeep_send_fn(void *ctx, size_t slot, const struct gmkeep_job *job);

/*
 * The jobs whose time passed at now: one not sent again yet is handed to
 * send and kept for another timeout and grace; one sent again already is
 * let go (its check is left to the orphan rules).  Returns how many were
 * sent again; *dropped (may be NULL) gets how many were let go.
 */
size_t gmkeep_due(struct gmkeep *k, double now, gmkeep_send_fn *send, void *ctx,
    size_t *dropped);

#define GMKEEP_GONE ((size_t)-1)

/* the new slot of slot, or GMKEEP_GONE */
typedef size_t gmkeep_slot_fn(void *ctx, size_t slot);

/*
 * The slots are numbered anew (the caller's objects are a new
 * generation's): there are nslots of them now, and the job of each slot
 * goes to slot to(ctx, slot), with its time to look again and whether it
 * was sent again; a job whose new slot is GMKEEP_GONE, not below nslots,
 * or taken already by another is let go.  to is asked only for slots that
 * hold a job.
 */
void gmkeep_renumber(struct gmkeep *k, size_t nslots, gmkeep_slot_fn *to, void *ctx);

/* how many jobs are kept */
size_t gmkeep_count(const struct gmkeep *k);

#endif

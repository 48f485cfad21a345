/*
 * runq: the run queue of due checks, with concurrency gates.
 *
 * A due check is pushed with a key (the index of its host's address; the
 * engine numbers the distinct addresses 0..nkeys-1).  runq_pop hands out
 * the oldest pushed entry that may start now: fewer than global_limit
 * checks running in all, and fewer than host_limit running under its key
 * (a limit of 0 means unlimited).  An entry whose key is at its limit
 * does not hold back entries of other keys: it waits, and when
 * runq_done frees a slot of its key it becomes startable again in its
 * original (push) order, so it goes before anything pushed after it.
 * runq_pop counts the entry as running; runq_done(key) is called once for
 * every entry popped, when its check ends.  runq_start_direct counts a
 * check that starts without queuing (it should fit: see runq_can_start;
 * if it does not it is counted all the same, like the running checks a
 * reload leaves above lowered limits).
 *
 * Costs: push, remove and done are O(1) and pop O(1) amortised while no
 * key is at the host limit; entries that wait for their key cost O(log r)
 * when they are handed out, r the number of keys with a freed slot and
 * waiting entries.  Entries are intrusive and owned by the caller, and
 * zeroed before their first push;
 * runq_remove takes a queued entry out (e.g. its object was deleted by a
 * reload).  Keys >= nkeys are valid only for runq_done, runq_can_start
 * and runq_start_direct (checks begun before a reload shrank the keys):
 * they have no host gate and no count of their own.  Pushing an entry
 * that is queued, or with a key >= nkeys, and runq_done with nothing
 * running, are broken invariants and abort.  Not thread-safe.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_RUNQ_H
#define JAQUE_RUNQ_H

#include <stddef.h>
#include <stdint.h>

struct runq_ent {
	struct runq_ent *next; /* runq's business */
	struct runq_ent *prev;
	uint64_t seq;          /* push order (runq's business) */
	uint32_t key;
	uint32_t queued;       /* 1 while in the queue */
};

struct runq;

struct runq *runq_new(unsigned global_limit, unsigned host_limit, unsigned nkeys);
void runq_free(struct runq *q);
/* change the limits or the number of keys (a reload); running counts are kept
 * for keys below the new nkeys (the global count keeps all), and queued
 * entries with key >= nkeys are the caller's to remove first (one left
 * waiting at its host limit aborts; one not waiting pops without a gate).
 * O(nkeys) */
void runq_reconfigure(struct runq *q, unsigned global_limit, unsigned host_limit, unsigned nkeys);

void runq_push(struct runq *q, struct runq_ent *e, unsigned key);
/* the oldest startable entry, counted as running; NULL when none may start */
struct runq_ent *runq_pop(struct runq *q);
void runq_remove(struct runq *q, struct runq_ent *e);
/* 1 when a check under key could start now (ignoring what is queued) */
int runq_can_start(const struct runq *q, unsigned key);
void runq_start_direct(struct runq *q, unsigned key);
void runq_done(struct runq *q, unsigned key);

size_t runq_depth(const struct runq *q);     /* queued now */
/* the entry queued longest (parked ones included), NULL when none is;
 * O(nkeys), for a periodic look */
struct runq_ent *runq_oldest(const struct runq *q);
size_t runq_max_depth(const struct runq *q); /* highest depth since creation */
size_t runq_running(const struct runq *q);   /* running now */
/* 1 when the global limit is set and reached: nothing more may start */
int runq_global_full(const struct runq *q);
unsigned runq_running_key(const struct runq *q, unsigned key);

#endif

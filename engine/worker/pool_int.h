/*
 * pool_int: what pool.c (workers, jobs, results) and pool_watch.c (telling
 * a worker that stopped answering) share.  Not for use outside
 * engine/worker.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_POOL_INT_H
#define JAQUE_POOL_INT_H

#include <ev.h>
#include <stdint.h>
#include <sys/types.h>

#include "engine/worker/pool.h"
#include "engine/worker/proto.h"

struct wslot;

struct pjob {
	uint64_t id;
	struct pjob *prev, *next;  /* in its slot's list, or in the pending FIFO */
	struct wslot *slot;        /* NULL while pending */
	wpool_done_fn *done;
	void *arg;
	char *frame;               /* encoded, until handed to a slot */
	size_t framelen;
	double timeout;            /* seconds, as the worker applies it */
	uint64_t qpos;             /* where its frame starts in its slot's stream */
	ev_tstamp sent_at;         /* when it was handed to its slot */
	void (*stalled)(void *arg);
};

struct pjob_list {
	struct pjob *head, *tail;
	size_t n;
};

struct wslot {
	struct wpool *p;
	pid_t pid;
	int fd;                    /* -1 when down */
	int spawn_failed;          /* the last start attempt failed */
	unsigned starts;
	ev_tstamp last_start;
	ev_io rio, wio;
	ev_timer restart;
	struct proto_rd rd;
	struct proto_wq wq;
	struct pjob_list jobs;
	unsigned long started;     /* jobs handed to this worker process */
	/* pool_watch.c's */
	uint64_t qtotal;           /* bytes ever queued to this process */
	ev_tstamp heard;           /* last frame from it, or when it was given work */
	ev_tstamp ping_at;         /* a ping waits for its answer since then; 0: none */
	long outq;                 /* its unread bytes when last looked at (-1: unknown) */
	int suspect;               /* quiet with jobs and bytes unread: others first */
};

struct zombie {
	pid_t pid;
	ev_tstamp kill_at;
	int killed;
};

struct wpool {
	struct ev_loop *loop;
	char *self_exe;
	void (*worker_lost)(void *arg, long pid, const char *why, size_t jobs);
	void (*worker_stuck)(void *arg, long pid, double quiet, size_t moved, size_t left);
	void *hook_arg;
	size_t cap;
	unsigned n;
	unsigned max_jobs;
	struct wslot *slots;
	/* jobs by table index; id = seq << 32 | index */
	struct pjob **tab;
	uint32_t tablen;
	uint32_t *freeidx;
	uint32_t nfree;
	uint32_t seq;
	struct pjob_list pending;
	struct zombie *zombies;
	size_t nzomb, zalloc;
	ev_timer reap;
	ev_timer watch;            /* pool_watch.c's look at busy workers */
	struct pjob_list stalled;  /* jobs of killed stuck workers, waiting for their timeout */
	ev_timer expire;           /* the next of their timeouts */
	struct wpool_stats st;
};

/* pool.c */
void wp_list_push(struct pjob_list *l, struct pjob *j);
void wp_list_remove(struct pjob_list *l, struct pjob *j);
/* a job leaves the pool: out of the table, counted, its callback, freed */
void wp_complete(struct wpool *p, struct pjob *j, const struct wresult *r);
/* hand pending jobs to workers that can take them */
void wp_dispatch(struct wpool *p);
/* close slot s and bury its process (SIGKILL after grace seconds, at once
 * when 0), schedule its restart; its jobs are the caller's to finish */
void wp_slot_down(struct wslot *s, double grace);

/* pool_watch.c */
void wp_watch_init(struct wpool *p);
void wp_watch_stop(struct wpool *p);
/* job j is about to be handed to s, its frame of len bytes queued next */
void wp_watch_sent(struct wslot *s, struct pjob *j, size_t len);
/* a frame came from s */
void wp_watch_heard(struct wslot *s);
/* s goes down: forget what was watched */
void wp_watch_down(struct wslot *s);
/* how fit s is for a new job: -1 not at all (down, full), 0 well, 1 only
 * if no other (it holds jobs and has been quiet a while) */
int wp_slot_rank(const struct wslot *s);

#endif

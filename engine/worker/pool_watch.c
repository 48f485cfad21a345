/*
 * pool_watch: telling a worker that stopped answering (SIGSTOPped, in a
 * frozen cgroup, stuck in the kernel) from one that is busy, and what the
 * pool does with it.
 *
 * Such a worker never reaches EOF, so pool.c alone would keep it: the
 * jobs given to it would stay in flight until the checker's orphan check
 * (ten minutes on), each holding its check and its concurrency slots, and
 * routing by fewest jobs in flight would keep feeding it.  A per-job
 * deadline alone would notice only at the check timeout, feeding it all
 * the while; write readiness only once the socket buffer (hundreds of
 * jobs) is full.  So the pool asks: a worker that holds jobs and has sent
 * nothing for WATCH_QUIET seconds is sent a ping, which a live worker
 * answers as soon as it has read the frames before it (proto.h).  A
 * worker whose results flow is never pinged, so the healthy path costs
 * one timestamp per read and per job sent.  While a ping waits, the
 * worker gets new jobs only if no other worker can take them; one that
 * has not answered WATCH_WAIT seconds after the ping, and has not read a
 * byte of its socket meanwhile (its unread bytes, TIOCOUTQ, did not
 * fall: a worker working through a burst of jobs reads on), is stuck.
 *
 * A stuck worker gets no more work.  Jobs whose frames it never read
 * whole, still in the pool's output queue, were provably never started:
 * they go back to the front of the pending FIFO for other workers.  Then
 * its plugins' process groups and it are SIGKILLed (which ends a stopped
 * process too) and it is replaced at once: its results could not come
 * anyway, and a plugin left running would hold its host's load (and the
 * checker's concurrency slot) for nothing.  Each job it took is told
 * stalled (the checker frees its slots then) and ends with WRES_TIMEOUT
 * when its timeout, counted from when it was handed over, has passed,
 * exactly as a plugin killed at its timeout.  The pool tells the
 * worker_stuck hook once per stuck worker.
 *
 * Before a ping is due, a worker that holds jobs, has been quiet for
 * WATCH_SUSPECT seconds and has not read all that was written to it is
 * given new jobs only if no other can take them, so a stopped one stops
 * being fed within half a second.  A healthy worker reads its jobs at
 * once, so this never touches one, however slow its plugins.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/time.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool_int.h"

#define WATCH_TICK 0.25   /* how often busy workers are looked at */
#define WATCH_QUIET 1.0   /* silence with jobs in flight before a ping */
#define WATCH_WAIT 2.0    /* a ping unanswered, nothing read, for this long: stuck */
#define WATCH_SUSPECT 0.25 /* silence with jobs in flight before others are preferred */

static void wp_watch_cb(struct ev_loop *loop, ev_timer *t, int revents);
static void wp_expire_cb(struct ev_loop *loop, ev_timer *t, int revents);

void
wp_watch_init(struct wpool *p)
{
	unsigned k;

	ev_timer_init(&p->watch, wp_watch_cb, WATCH_TICK, WATCH_TICK);
	p->watch.data = p;
	ev_timer_init(&p->expire, wp_expire_cb, 0., 0.);
	p->expire.data = p;
	for (k = 0; k < p->n; k++)
		p->slots[k].outq = -1;
}

void
wp_watch_stop(struct wpool *p)
{
	ev_timer_stop(p->loop, &p->watch);
	ev_timer_stop(p->loop, &p->expire);
}

void
wp_watch_sent(struct wslot *s, struct pjob *j, size_t len)
{
	struct wpool *p = s->p;

	/* an idle worker's silence counts from when it was given work */
	if (s->jobs.n == 0)
		s->heard = ev_now(p->loop);
	j->qpos = s->qtotal;
	j->sent_at = ev_now(p->loop);
	s->qtotal += len;
	if (!ev_is_active(&p->watch))
		ev_timer_again(p->loop, &p->watch);
}

void
wp_watch_heard(struct wslot *s)
{
	s->heard = ev_now(s->p->loop);
	s->ping_at = 0;
	s->suspect = 0;
}

void
wp_watch_down(struct wslot *s)
{
	s->qtotal = 0;
	s->heard = 0;
	s->ping_at = 0;
	s->outq = -1;
	s->suspect = 0;
}

int
wp_slot_rank(const struct wslot *s)
{
	if (s->fd < 0 || s->jobs.n >= s->p->max_jobs)
		return -1;
	return s->ping_at > 0 || s->suspect;
}

/* the bytes s has not read of its socket yet, or -1 */
static long
wp_unread(const struct wslot *s)
{
	int n;

	if (ioctl(s->fd, TIOCOUTQ, &n) < 0)
		return -1;
	return n;
}

/*
 * Move the jobs whose frames s has not been sent whole (the tail of its
 * list, in the tail of its output queue) to the front of the pending
 * FIFO, in their order; returns how many.  A frame partly sent stays: the
 * worker cannot have started it, but its head is gone from the queue.
 */
static size_t
wp_take_back(struct wslot *s)
{
	struct wpool *p = s->p;
	uint64_t sent = s->qtotal - proto_wq_pending(&s->wq);
	struct pjob *j;
	size_t n = 0;

	while ((j = s->jobs.tail) != NULL && j->qpos >= sent) {
		const char *at = s->wq.buf + s->wq.len - (size_t)(s->qtotal - j->qpos);

		j->frame = xmalloc(j->framelen);
		memcpy(j->frame, at, j->framelen);
		wp_list_remove(&s->jobs, j);
		j->slot = NULL;
		j->next = p->pending.head;
		j->prev = NULL;
		if (p->pending.head != NULL)
			p->pending.head->prev = j;
		else
			p->pending.tail = j;
		p->pending.head = j;
		p->pending.n++;
		s->started--;
		n++;
	}
	return n;
}

/* arm the expiry timer for the earliest timeout of a stalled job */
static void
wp_expire_arm(struct wpool *p, ev_tstamp now)
{
	ev_tstamp first = 0;
	struct pjob *j;

	ev_timer_stop(p->loop, &p->expire);
	for (j = p->stalled.head; j != NULL; j = j->next)
		if (first == 0 || j->sent_at + j->timeout < first)
			first = j->sent_at + j->timeout;
	if (first == 0)
		return;
	ev_timer_set(&p->expire, first > now ? first - now : 0., 0.);
	ev_timer_start(p->loop, &p->expire);
}

/*
 * Kill the plugins of a stuck worker, each in its own process group (the
 * worker's children are its plugins, each a group leader), since the
 * worker will not, and PR_SET_PDEATHSIG reaches a plugin alone, not what
 * it started.  The worker is alive and has not reaped them, so their pids
 * and groups are still theirs.  Without /proc's children list they are
 * left alone.
 */
static void
wp_kill_plugins(pid_t pid)
{
	char path[64];
	long child;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children", (long)pid, (long)pid);
	if ((f = fopen(path, "re")) == NULL)
		return;
	while (fscanf(f, "%ld", &child) == 1)
		if (child > 1)
			(void)kill((pid_t)-child, SIGKILL);
	fclose(f);
}

/* s is stuck: its unread jobs elsewhere, it killed, the rest stalled until their timeout */
static void
wp_wedge(struct wslot *s, ev_tstamp now)
{
	struct wpool *p = s->p;
	double quiet = now - s->heard;
	struct pjob_list took;
	struct pjob *j;
	size_t moved;
	long pid = (long)s->pid;

	p->st.worker_stuck++;
	moved = wp_take_back(s);
	took = s->jobs;
	for (j = took.head; j != NULL; j = j->next)
		j->slot = NULL;
	log_warnx("pool: worker %ld does not answer (quiet for %.1f s): %zu job(s) moved, "
	    "%zu to time out", pid, quiet, moved, took.n);
	wp_kill_plugins(s->pid);
	wp_slot_down(s, 0);
	if (p->worker_stuck != NULL)
		p->worker_stuck(p->hook_arg, pid, quiet, moved, took.n);
	/* the hooks may submit jobs: the pool is whole again by now */
	while ((j = took.head) != NULL) {
		wp_list_remove(&took, j);
		wp_list_push(&p->stalled, j);
		if (j->stalled != NULL)
			j->stalled(j->arg);
	}
	wp_expire_arm(p, now);
	wp_dispatch(p);
}

/* the stalled jobs whose timeout has passed end as timeouts */
static void
wp_expire_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct wpool *p = t->data;
	ev_tstamp now = ev_now(loop);
	struct pjob *j, *next;
	struct wresult r;
	struct timeval tv;

	(void)revents;
	gettimeofday(&tv, NULL);
	memset(&r, 0, sizeof(r));
	r.status = WRES_TIMEOUT;
	r.wait_status = SIGKILL;
	r.out = r.err = "";
	r.finish = tv;
	for (j = p->stalled.head; j != NULL; j = next) {
		double ran = now - j->sent_at;

		next = j->next;
		if (ran + 1e-3 < j->timeout)
			continue;
		/* its start on the wall clock, as the worker would have reported it */
		r.start.tv_sec = tv.tv_sec - (time_t)ran;
		r.start.tv_usec = tv.tv_usec - (suseconds_t)((ran - (double)(time_t)ran) * 1e6);
		if (r.start.tv_usec < 0) {
			r.start.tv_usec += 1000000;
			r.start.tv_sec--;
		}
		wp_list_remove(&p->stalled, j);
		/* a callback may submit, never complete another stalled job */
		wp_complete(p, j, &r);
	}
	wp_expire_arm(p, now);
	wp_dispatch(p);
}

static void
wp_watch_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct wpool *p = t->data;
	ev_tstamp now = ev_now(loop);
	int busy = 0;
	unsigned k;

	(void)revents;
	for (k = 0; k < p->n; k++) {
		struct wslot *s = &p->slots[k];
		long unread;

		if (s->fd < 0 || s->jobs.n == 0) {
			s->ping_at = 0;
			s->suspect = 0;
			continue;
		}
		busy = 1;
		if (s->ping_at == 0) {
			if (now - s->heard >= WATCH_SUSPECT && !s->suspect)
				s->suspect = wp_unread(s) > 0;
			if (now - s->heard < WATCH_QUIET)
				continue;
			proto_ctl_encode(&s->wq, PROTO_PING);
			s->qtotal += PROTO_CTL_LEN;
			if (!ev_is_active(&s->wio))
				ev_io_start(loop, &s->wio);
			s->ping_at = now;
			s->outq = -1;
			continue;
		}
		unread = wp_unread(s);
		if (unread >= 0 && (s->outq < 0 || unread < s->outq)) {
			/* it reads: busy, not stuck (the first look only sets the mark) */
			if (s->outq >= 0)
				s->ping_at = now;
			s->outq = unread;
		} else if (now - s->ping_at >= WATCH_WAIT) {
			wp_wedge(s, now);
		}
	}
	if (!busy)
		ev_timer_stop(loop, t);
}

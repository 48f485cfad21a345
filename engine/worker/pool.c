/*
 * pool: the engine's side of the workers.  Owns the worker processes
 * (spawned, watched, replaced, reaped), the jobs in flight and the jobs
 * waiting for a worker, and hands each result to its callback once.
 *
 * A job is encoded into its frame at submit (so the caller's strings are
 * free at once) and goes to the live worker with the fewest jobs in
 * flight, or waits in a FIFO while every worker is down or full (a
 * worker takes at most max_jobs, derived from the fd limit the way
 * Nagios sizes its workers).  Frames are appended to the worker's output
 * queue and written when the socket is writable, so a burst of jobs
 * never blocks the loop.  A job id is a table index plus a sequence
 * number, so a result finds its job in O(1) and a stale or forged id
 * finds nothing.
 *
 * A worker is dead when its socket reaches EOF or fails, or when it
 * sends a frame that does not decode: its jobs complete with
 * WRES_WORKER_DIED, its socket is closed (a live worker then kills its
 * plugins and exits), its pid goes on a list reaped by a timer (SIGKILL
 * if it lingers), and a replacement starts at most once a second per
 * slot.  A worker that is alive but does not answer (stopped, stuck in
 * the kernel) never reaches EOF: pool_watch.c finds it, takes back the
 * jobs it never read, kills it, and times out the others later; it is
 * replaced the same way.  No callback runs from inside wpool_submit:
 * frames are written only from the write watcher, so a write error is met
 * there, outside any callback, and a callback never sees a slot change
 * under it.
 *
 * Workers are started with posix_spawn: the engine may be large, and a
 * vfork-style spawn costs nothing whatever its size.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE

#include "engine/worker/pool.h"
#include "engine/worker/pool_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"

extern char **environ;

#define WPOOL_DEFAULT_CAP ((size_t)64 << 10)
#define WPOOL_RESTART_GAP 1.0   /* seconds between starts of one slot */
#define WPOOL_REAP_TICK 0.02    /* how often dead workers are waited for */
#define WPOOL_KILL_AFTER 2.0    /* a closed worker that has not exited by then gets SIGKILL */
#define WPOOL_FREE_WAIT 3.0     /* wpool_free gives up waiting after this */

static const char *const wres_names[WRES_NSTATUS] = {
	[WRES_EXITED] = "exited",
	[WRES_TIMEOUT] = "timeout",
	[WRES_EXEC_FAILED] = "exec failed",
	[WRES_WORKER_DIED] = "worker died",
};

const char *
wres_status_str(enum wres_status s)
{
	if ((unsigned)s >= WRES_NSTATUS)
		return "unknown";
	return wres_names[s];
}

static void wp_slot_fail(struct wslot *s, const char *why);

/* --- lists and the job table --- */

void
wp_list_push(struct pjob_list *l, struct pjob *j)
{
	j->next = NULL;
	j->prev = l->tail;
	if (l->tail)
		l->tail->next = j;
	else
		l->head = j;
	l->tail = j;
	l->n++;
}

void
wp_list_remove(struct pjob_list *l, struct pjob *j)
{
	if (j->prev)
		j->prev->next = j->next;
	else
		l->head = j->next;
	if (j->next)
		j->next->prev = j->prev;
	else
		l->tail = j->prev;
	j->prev = j->next = NULL;
	l->n--;
}

static void
wp_tab_add(struct wpool *p, struct pjob *j)
{
	uint32_t idx;

	if (p->nfree > 0)
		idx = p->freeidx[--p->nfree];
	else {
		idx = p->tablen++;
		p->tab = xreallocarray(p->tab, p->tablen, sizeof(*p->tab));
		p->freeidx = xreallocarray(p->freeidx, p->tablen, sizeof(*p->freeidx));
	}
	p->seq++;
	j->id = ((uint64_t)p->seq << 32) | idx;
	p->tab[idx] = j;
}

static struct pjob *
wp_tab_find(const struct wpool *p, uint64_t id)
{
	uint32_t idx = (uint32_t)id;

	if (idx >= p->tablen || p->tab[idx] == NULL || p->tab[idx]->id != id)
		return NULL;
	return p->tab[idx];
}

static void
wp_tab_del(struct wpool *p, struct pjob *j)
{
	uint32_t idx = (uint32_t)j->id;

	p->tab[idx] = NULL;
	p->freeidx[p->nfree++] = idx;
}

static void
pjob_free(struct pjob *j)
{
	free(j->frame);
	free(j);
}

void
wp_complete(struct wpool *p, struct pjob *j, const struct wresult *r)
{
	wp_tab_del(p, j);
	p->st.completed++;
	if (r->status == WRES_TIMEOUT)
		p->st.timeouts++;
	j->done(j->arg, r);
	pjob_free(j);
}

/* --- dead workers --- */

static void
wp_reap_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct wpool *p = t->data;
	size_t k = 0;
	int st;

	(void)revents;
	while (k < p->nzomb) {
		struct zombie *z = &p->zombies[k];
		pid_t r = waitpid(z->pid, &st, WNOHANG);

		/* ECHILD: someone else's waitpid(-1) (libev's, on the default loop) took it */
		if (r == z->pid || (r < 0 && errno == ECHILD)) {
			p->zombies[k] = p->zombies[--p->nzomb];
			continue;
		}
		if (!z->killed && ev_now(loop) >= z->kill_at) {
			log_warnx("pool: worker %ld did not exit; killing it", (long)z->pid);
			(void)kill(z->pid, SIGKILL);
			z->killed = 1;
		}
		k++;
	}
	if (p->nzomb == 0)
		ev_timer_stop(loop, t);
}

static void
wp_bury(struct wpool *p, pid_t pid, double grace)
{
	struct zombie *z;

	if (p->nzomb == p->zalloc) {
		p->zalloc = p->zalloc ? p->zalloc * 2 : 8;
		p->zombies = xreallocarray(p->zombies, p->zalloc, sizeof(*p->zombies));
	}
	z = &p->zombies[p->nzomb++];
	z->pid = pid;
	z->kill_at = ev_now(p->loop) + grace;
	z->killed = 0;
	if (!ev_is_active(&p->reap))
		ev_timer_again(p->loop, &p->reap);
}

/* --- starting workers --- */

static int
wp_spawn(struct wpool *p, int child_fd, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	char *argv[3];
	int rc;

	argv[0] = p->self_exe;
	argv[1] = (char *)"--worker";
	argv[2] = NULL;
	sigemptyset(&none);
	sigfillset(&all);
	sigdelset(&all, SIGKILL);
	sigdelset(&all, SIGSTOP);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, child_fd, 3);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
	/* an engine fd someone forgot to mark close-on-exec stays out too */
	posix_spawn_file_actions_addclosefrom_np(&fa, 4);
#endif
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	/* its own group: a ^C to the engine's terminal does not reach it */
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
	    POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(pid, p->self_exe, &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	return rc;
}

static void wp_read_cb(struct ev_loop *loop, ev_io *io, int revents);
static void wp_write_cb(struct ev_loop *loop, ev_io *io, int revents);

/* start the worker of slot s; 0, or -1 (logged, a retry is scheduled) */
static int
wp_slot_start(struct wslot *s)
{
	struct wpool *p = s->p;
	int sv[2], rc, cfd;

	s->last_start = ev_now(p->loop);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		log_warn("pool: socketpair");
		goto fail;
	}
	cfd = sv[1];
	/* dup2 onto itself would keep close-on-exec: keep the child's end off fd 3 */
	if (cfd == 3) {
		cfd = fcntl(sv[1], F_DUPFD_CLOEXEC, 4);
		close(sv[1]);
		if (cfd < 0) {
			log_warn("pool: fcntl");
			close(sv[0]);
			goto fail;
		}
	}
	rc = wp_spawn(p, cfd, &s->pid);
	close(cfd);
	if (rc != 0) {
		errno = rc;
		log_warn("pool: cannot start worker %s", p->self_exe);
		close(sv[0]);
		goto fail;
	}
	(void)fcntl(sv[0], F_SETFL, O_NONBLOCK);
	s->fd = sv[0];
	s->spawn_failed = 0;
	if (s->starts++ > 0)
		p->st.worker_restarts++;
	proto_rd_init(&s->rd, 2 * p->cap + PROTO_RESULT_FIXED);
	proto_wq_init(&s->wq);
	ev_io_set(&s->rio, s->fd, EV_READ);
	ev_io_set(&s->wio, s->fd, EV_WRITE);
	ev_io_start(p->loop, &s->rio);
	p->st.alive++;
	return 0;
fail:
	s->spawn_failed = 1;
	s->pid = 0;
	ev_timer_stop(p->loop, &s->restart);
	ev_timer_set(&s->restart, WPOOL_RESTART_GAP, 0.);
	ev_timer_start(p->loop, &s->restart);
	return -1;
}

static void
wp_restart_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct wslot *s = t->data;

	(void)loop;
	(void)revents;
	if (s->fd < 0 && wp_slot_start(s) == 0)
		wp_dispatch(s->p);
}

/* --- sending jobs --- */

static struct wslot *
wp_pick(struct wpool *p)
{
	struct wslot *best = NULL;
	unsigned k;

	int rank, best_rank = 0;

	for (k = 0; k < p->n; k++) {
		struct wslot *s = &p->slots[k];

		if ((rank = wp_slot_rank(s)) < 0)
			continue;
		if (best == NULL || rank < best_rank ||
		    (rank == best_rank && s->jobs.n < best->jobs.n)) {
			best = s;
			best_rank = rank;
		}
	}
	return best;
}

static void
wp_send(struct wslot *s, struct pjob *j)
{
	wp_watch_sent(s, j, j->framelen);
	proto_wq_put(&s->wq, j->frame, j->framelen);
	free(j->frame);
	j->frame = NULL;
	j->slot = s;
	wp_list_push(&s->jobs, j);
	s->started++;
	/* written when the socket says so: one write for a whole burst */
	if (!ev_is_active(&s->wio))
		ev_io_start(s->p->loop, &s->wio);
}

void
wp_dispatch(struct wpool *p)
{
	struct wslot *s;

	while (p->pending.head != NULL && (s = wp_pick(p)) != NULL) {
		struct pjob *j = p->pending.head;

		wp_list_remove(&p->pending, j);
		wp_send(s, j);
	}
}

static void
wp_write_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct wslot *s = io->data;
	int rc;

	(void)revents;
	rc = proto_wq_flush(&s->wq, s->fd);
	if (rc == 0)
		ev_io_stop(loop, io);
	else if (rc < 0) {
		log_warn("pool: writing to worker %ld", (long)s->pid);
		wp_slot_fail(s, "write error");
	}
}

/* --- results and failures --- */

static void
wp_fail_jobs(struct wpool *p, struct pjob_list *l)
{
	struct wresult r;
	struct pjob *j;

	memset(&r, 0, sizeof(r));
	r.status = WRES_WORKER_DIED;
	r.out = "";
	r.err = "";
	gettimeofday(&r.finish, NULL);
	r.start = r.finish;
	while ((j = l->head) != NULL) {
		wp_list_remove(l, j);
		wp_complete(p, j, &r);
	}
}

void
wp_slot_down(struct wslot *s, double grace)
{
	struct wpool *p = s->p;
	ev_tstamp wait;

	ev_io_stop(p->loop, &s->rio);
	ev_io_stop(p->loop, &s->wio);
	close(s->fd);
	s->fd = -1;
	p->st.alive--;
	if (grace <= 0)
		(void)kill(s->pid, SIGKILL);
	wp_bury(p, s->pid, grace);
	s->pid = 0;
	s->started = 0;
	proto_rd_free(&s->rd);
	proto_wq_free(&s->wq);
	memset(&s->jobs, 0, sizeof(s->jobs));
	wp_watch_down(s);

	wait = s->last_start + WPOOL_RESTART_GAP - ev_now(p->loop);
	ev_timer_stop(p->loop, &s->restart);
	ev_timer_set(&s->restart, wait > 0 ? wait : 0., 0.);
	ev_timer_start(p->loop, &s->restart);
}

/*
 * Take slot s out of service: close its socket (a live worker then kills
 * its plugins and exits), leave its pid to the reaper, schedule its
 * replacement, and fail its jobs.
 */
static void
wp_slot_fail(struct wslot *s, const char *why)
{
	struct wpool *p = s->p;
	struct pjob_list lost = s->jobs;

	log_warnx("pool: worker %ld lost (%s) with %zu job(s) in flight", (long)s->pid, why,
	    s->jobs.n);
	if (p->worker_lost != NULL)
		p->worker_lost(p->hook_arg, (long)s->pid, why, s->jobs.n);
	wp_slot_down(s, WPOOL_KILL_AFTER);
	wp_fail_jobs(p, &lost);
	wp_dispatch(p);
}

/* one result frame; -1 when it does not decode (the worker is broken) */
static int
wp_result(struct wslot *s, const char *body, size_t len)
{
	struct wpool *p = s->p;
	struct wresult r;
	struct pjob *j;
	uint64_t id;

	if (proto_is_ctl(body, len, PROTO_PONG))
		return 0;
	if (proto_result_decode(body, len, p->cap, &id, &r) < 0)
		return -1;
	j = wp_tab_find(p, id);
	if (j == NULL || j->slot != s) {
		log_warnx("pool: worker %ld sent a result for unknown job %llu", (long)s->pid,
		    (unsigned long long)id);
		return 0;
	}
	wp_list_remove(&s->jobs, j);
	wp_complete(p, j, &r);
	return 0;
}

static void
wp_read_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct wslot *s = io->data;
	struct wpool *p = s->p;
	const char *body;
	size_t len;
	long n;
	int rc;

	(void)loop;
	(void)revents;
	n = proto_rd_fill(&s->rd, s->fd);
	/* a worker that exits with our frames unread resets the stream */
	if (n == 0 || (n < 0 && errno == ECONNRESET)) {
		wp_slot_fail(s, "end of stream");
		return;
	}
	if (n < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return;
		log_warn("pool: reading from worker %ld", (long)s->pid);
		wp_slot_fail(s, "read error");
		return;
	}
	wp_watch_heard(s);
	while ((rc = proto_rd_next(&s->rd, &body, &len)) == 1)
		if (wp_result(s, body, len) < 0) {
			wp_slot_fail(s, "malformed result frame");
			return;
		}
	if (rc < 0) {
		wp_slot_fail(s, "oversized result frame");
		return;
	}
	wp_dispatch(p);
}

/* --- the API --- */

static unsigned
wp_max_jobs(void)
{
	struct rlimit rl;
	rlim_t n = 1024;

	/* two pipes per plugin, plus the worker's own fds */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		n = rl.rlim_cur;
	n = n / 2 > 50 + 16 ? n / 2 - 50 : 16;
	return n > 100000 ? 100000 : (unsigned)n;
}

struct wpool *
wpool_new(struct ev_loop *loop, const struct wpool_opts *opts)
{
	struct wpool *p = xcalloc(1, sizeof(*p));
	unsigned k, up = 0;

	p->loop = loop;
	p->self_exe = xstrdup(opts->self_exe);
	p->worker_lost = opts->worker_lost;
	p->worker_stuck = opts->worker_stuck;
	p->hook_arg = opts->hook_arg;
	p->cap = opts->output_cap ? opts->output_cap : WPOOL_DEFAULT_CAP;
	if (p->cap > PROTO_CAP_MAX)
		p->cap = PROTO_CAP_MAX;
	p->n = opts->nworkers;
	if (p->n == 0) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		p->n = cpus < 2 ? 2 : (unsigned)cpus;
	}
	p->max_jobs = wp_max_jobs();
	p->st.workers = p->n;
	/* start times pace restarts: not the time the loop last woke */
	ev_now_update(loop);
	ev_timer_init(&p->reap, wp_reap_cb, WPOOL_REAP_TICK, WPOOL_REAP_TICK);
	p->reap.data = p;
	p->slots = xcalloc(p->n, sizeof(*p->slots));
	wp_watch_init(p);
	for (k = 0; k < p->n; k++) {
		struct wslot *s = &p->slots[k];

		s->p = p;
		s->fd = -1;
		ev_io_init(&s->rio, wp_read_cb, -1, EV_READ);
		ev_io_init(&s->wio, wp_write_cb, -1, EV_WRITE);
		s->rio.data = s->wio.data = s;
		ev_timer_init(&s->restart, wp_restart_cb, WPOOL_RESTART_GAP, 0.);
		s->restart.data = s;
		if (wp_slot_start(s) == 0)
			up++;
	}
	if (up == 0) {
		log_warnx("pool: not one worker could be started");
		wpool_free(p);
		return NULL;
	}
	return p;
}

int
wpool_submit(struct wpool *p, const struct wjob *job, wpool_done_fn *done, void *arg)
{
	struct proto_wq frame;
	struct wslot *s;
	struct pjob *j;
	unsigned k;

	for (k = 0; k < p->n; k++)
		if (p->slots[k].fd >= 0 || !p->slots[k].spawn_failed)
			break;
	if (k == p->n)
		return -1;  /* every slot's last start failed */

	j = xcalloc(1, sizeof(*j));
	wp_tab_add(p, j);
	proto_wq_init(&frame);
	if (proto_job_encode(&frame, j->id, job, p->cap) < 0) {
		log_warnx("pool: job refused: no command, or larger than a frame may be");
		wp_tab_del(p, j);
		free(j);
		return -1;
	}
	j->frame = frame.buf;
	j->framelen = frame.len;
	j->done = done;
	j->arg = arg;
	j->timeout = job->timeout > 0 ? job->timeout : 60.0;
	j->stalled = job->stalled;
	p->st.submitted++;
	s = p->pending.head == NULL ? wp_pick(p) : NULL;
	if (s != NULL)
		wp_send(s, j);
	else
		wp_list_push(&p->pending, j);
	return 0;
}

void
wpool_stats(const struct wpool *p, struct wpool_stats *st)
{
	*st = p->st;
	st->in_flight = (size_t)(p->st.submitted - p->st.completed);
}

size_t
wpool_workers(const struct wpool *p, struct wpool_worker *w, size_t max)
{
	size_t n = 0;
	unsigned k;

	for (k = 0; k < p->n && n < max; k++) {
		const struct wslot *s = &p->slots[k];

		if (s->fd < 0)
			continue;
		w[n].pid = (long)s->pid;
		w[n].running = s->jobs.n;
		w[n].started = s->started;
		n++;
	}
	return n;
}

static void
wp_drop_list(struct pjob_list *l)
{
	struct pjob *j;

	while ((j = l->head) != NULL) {
		wp_list_remove(l, j);
		pjob_free(j);
	}
}

/* wait (bounded) for every buried worker, killing those that linger */
static void
wp_wait_all(struct wpool *p)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	ev_tstamp giveup;

	ev_now_update(p->loop);
	giveup = ev_now(p->loop) + WPOOL_FREE_WAIT;
	for (;;) {
		ev_now_update(p->loop);
		wp_reap_cb(p->loop, &p->reap, 0);
		if (p->nzomb == 0 || ev_now(p->loop) > giveup)
			break;
		nanosleep(&nap, NULL);
	}
	if (p->nzomb > 0)
		log_warnx("pool: %zu worker(s) not reaped", p->nzomb);
}

void
wpool_free(struct wpool *p)
{
	unsigned k;

	if (p == NULL)
		return;
	ev_now_update(p->loop);
	for (k = 0; k < p->n; k++) {
		struct wslot *s = &p->slots[k];

		ev_timer_stop(p->loop, &s->restart);
		if (s->fd >= 0) {
			ev_io_stop(p->loop, &s->rio);
			ev_io_stop(p->loop, &s->wio);
			close(s->fd);
			s->fd = -1;
			/* a worker gets a second to kill its plugins, then SIGKILL */
			wp_bury(p, s->pid, WPOOL_KILL_AFTER / 2);
		}
		wp_drop_list(&s->jobs);
		proto_rd_free(&s->rd);
		proto_wq_free(&s->wq);
	}
	wp_wait_all(p);
	ev_timer_stop(p->loop, &p->reap);
	wp_watch_stop(p);
	wp_drop_list(&p->pending);
	wp_drop_list(&p->stalled);
	free(p->slots);
	free(p->tab);
	free(p->freeidx);
	free(p->zombies);
	free(p->self_exe);
	free(p);
}

/*
 * worker: worker mode.  jaque --worker runs worker_main on fd 3, one end
 * of the socketpair the pool made; the process stays small because it is
 * a fresh exec of the binary that never reads the configuration.
 *
 * For each job frame it starts a plugin (spawn.c: its own process group,
 * default signals, stdin /dev/null, stdout and stderr to pipes, no other
 * fds), reads both pipes up to the job's cap (and drains the rest into a
 * scratch buffer, so a flood costs time but not memory), and
 * reports when the plugin process itself has been reaped.  That is when
 * Nagios 4's worker reports too (lib/worker.c reaps on SIGCHLD and takes
 * what the pipes hold at that moment), so a plugin that leaves a child
 * behind holding stdout does not hold up its result.  Unlike Nagios, the
 * rest of the plugin's process group is killed at that point, so nothing
 * it started in its group outlives the check.
 *
 * At the timeout the whole group gets SIGKILL at once, as Nagios does;
 * the result (WRES_TIMEOUT) goes out when the plugin is reaped, or after
 * a short grace if it cannot be (a process stuck in the kernel), in which
 * case it is reaped silently later.  Plugins are reaped with wait4 from a
 * SIGCHLD watcher on a loop of the worker's own: libev's ev_child (default
 * loop only) reaps without the rusage the result carries.  The worker is
 * the subreaper of what its plugins leave behind, so orphans are reaped
 * here rather than left to an init that may not reap.
 *
 * A malformed job frame gets a WRES_EXEC_FAILED result (EINVAL) when its
 * id can be read and is otherwise logged and skipped; only a frame whose
 * length breaks the stream makes the worker exit (status 1), after
 * killing its plugins, for the pool to replace it.  EOF from the engine,
 * SIGTERM or SIGINT: every plugin group is killed, reaped (bounded) and
 * the worker exits 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE

#include "engine/worker/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <ev.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"
#include "engine/worker/proto.h"
#include "engine/worker/spawn.h"

#define WK_DEFAULT_TIMEOUT_MS 60000u  /* Nagios's worker default */
#define WK_STALE_GRACE 1.0            /* seconds to wait for a killed plugin */
#define WK_READ_CHUNK ((size_t)64 << 10)
#define WK_READS_PER_WAKE 16          /* keeps one flooding plugin from starving others */
#define WK_FRAMES_PER_WAKE 16         /* jobs started per loop iteration */
#define WK_READS_AT_END 256           /* bounds the drain once the plugin is gone */
#define WK_QUIT_WAIT 1.0              /* seconds to reap plugins when quitting */

struct wk;

struct wk_stream {
	int fd;
	ev_io io;
	char *buf;
	size_t len;
	size_t alloc;
	size_t cap;
	int truncated;
};

struct wk_job {
	struct wk *wk;
	struct wk_job *prev, *next;
	uint64_t id;
	pid_t pid;
	int timed_out;
	int sent;                 /* the result went out before the reap */
	struct timeval start;
	struct wk_stream out, err;
	ev_timer timer;           /* the timeout, then the stale grace */
};

struct wk {
	struct ev_loop *loop;
	int fd;
	int devnull;
	int status;               /* worker_main's exit code */
	int broken;               /* writing to the engine failed */
	ev_io rio, wio;
	ev_timer more;            /* frames read but not yet started */
	ev_signal sigs[3];         /* SIGCHLD, SIGTERM, SIGINT */
	struct proto_rd rd;
	struct proto_wq wq;
	struct wk_job *jobs;
	unsigned njobs;
};

static char wk_scratch[WK_READ_CHUNK];

static void wk_quit(struct wk *w, int status);

/* --- results --- */

/*
 * Write what the socket takes of the queued frames.  A write error is not
 * acted on here (callers may be in the middle of a job): the read watcher
 * is woken to shut down.
 */
static void
wk_flush(struct wk *w)
{
	int rc;

	if (ev_is_active(&w->wio))
		return;
	rc = proto_wq_flush(&w->wq, w->fd);
	if (rc == 1)
		ev_io_start(w->loop, &w->wio);
	else if (rc < 0) {
		log_warn("worker: writing to the engine");
		w->broken = 1;
		ev_feed_event(w->loop, &w->rio, EV_READ);
	}
}

/* queue a result and write it */
static void
wk_send(struct wk *w, uint64_t id, const struct wresult *r)
{
	if (w->broken || w->fd < 0)
		return;
	proto_result_encode(&w->wq, id, r);
	wk_flush(w);
}

/* the answer to the engine's ping: every frame before it has been taken */
static void
wk_pong(struct wk *w)
{
	if (w->broken || w->fd < 0)
		return;
	proto_ctl_encode(&w->wq, PROTO_PONG);
	wk_flush(w);
}

static void
wk_send_failure(struct wk *w, uint64_t id, int err_no, const char *text)
{
	struct wresult r;

	memset(&r, 0, sizeof(r));
	r.status = WRES_EXEC_FAILED;
	r.err_no = err_no;
	r.out = "";
	r.err = text;
	r.errlen = strlen(text);
	gettimeofday(&r.start, NULL);
	r.finish = r.start;
	wk_send(w, id, &r);
}

/* length up to the first NUL, which Nagios's worker also cuts at */
static size_t
wk_text_len(const struct wk_stream *s)
{
	const char *nul;

	if (s->buf == NULL)
		return 0;
	nul = memchr(s->buf, '\0', s->len);
	return nul ? (size_t)(nul - s->buf) : s->len;
}

static void
wk_send_job(struct wk_job *j, enum wres_status st, int wait_status, const struct rusage *ru)
{
	struct wresult r;

	memset(&r, 0, sizeof(r));
	r.status = st;
	r.wait_status = wait_status;
	r.out = j->out.buf ? j->out.buf : "";
	r.outlen = wk_text_len(&j->out);
	r.err = j->err.buf ? j->err.buf : "";
	r.errlen = wk_text_len(&j->err);
	r.out_truncated = j->out.truncated;
	r.err_truncated = j->err.truncated;
	r.start = j->start;
	gettimeofday(&r.finish, NULL);
	if (ru != NULL)
		r.ru = *ru;
	j->sent = 1;
	wk_send(j->wk, j->id, &r);
}

/* --- output streams --- */

static void
wk_stream_close(struct wk *w, struct wk_stream *s)
{
	if (s->fd < 0)
		return;
	ev_io_stop(w->loop, &s->io);
	close(s->fd);
	s->fd = -1;
}

/*
 * Read up to budget chunks: into the buffer while it is under the cap,
 * into the scratch buffer after.  Closes the stream at EOF or on error.
 */
static void
wk_stream_read(struct wk *w, struct wk_stream *s, int budget)
{
	while (s->fd >= 0 && budget-- > 0) {
		size_t room;
		char *dst;
		ssize_t n;

		if (s->len < s->cap) {
			room = s->alloc ? s->alloc - 1 - s->len : 0;
			if (room == 0) {
				/* alloc <= cap here, so this always grows */
				size_t want = s->alloc ? s->alloc * 2 : 4096;

				if (want > s->cap + 1)
					want = s->cap + 1;
				s->buf = xrealloc(s->buf, want);
				s->alloc = want;
				room = s->alloc - 1 - s->len;
			}
			dst = s->buf + s->len;
		} else {
			dst = wk_scratch;
			room = sizeof(wk_scratch);
		}
		n = read(s->fd, dst, room);
		if (n > 0) {
			if (dst == wk_scratch)
				s->truncated = 1;
			else {
				s->len += (size_t)n;
				s->buf[s->len] = '\0';
			}
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n < 0)
			log_warn("worker: reading plugin output");
		wk_stream_close(w, s);
	}
}

static void
wk_stream_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct wk_job *j = io->data;

	(void)loop;
	(void)revents;
	wk_stream_read(j->wk, io == &j->out.io ? &j->out : &j->err, WK_READS_PER_WAKE);
}

/* --- jobs --- */

static void
wk_job_unlink(struct wk_job *j)
{
	struct wk *w = j->wk;

	if (j->prev)
		j->prev->next = j->next;
	else
		w->jobs = j->next;
	if (j->next)
		j->next->prev = j->prev;
	w->njobs--;
}

static void
wk_job_free(struct wk_job *j)
{
	struct wk *w = j->wk;

	ev_timer_stop(w->loop, &j->timer);
	wk_stream_close(w, &j->out);
	wk_stream_close(w, &j->err);
	wk_job_unlink(j);
	free(j->out.buf);
	free(j->err.buf);
	free(j);
}

static void
wk_kill_group(pid_t pid)
{
	if (kill(-pid, SIGKILL) < 0 && errno == ESRCH)
		(void)kill(pid, SIGKILL);
}

static void
wk_timer_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct wk_job *j = t->data;

	(void)revents;
	if (!j->timed_out) {
		j->timed_out = 1;
		wk_kill_group(j->pid);
		ev_timer_set(t, WK_STALE_GRACE, 0.);
		ev_timer_start(loop, t);
		return;
	}
	/* killed but not reaped in time: report now, reap quietly later */
	log_warnx("worker: plugin pid %ld did not die at its timeout", (long)j->pid);
	wk_stream_close(j->wk, &j->out);
	wk_stream_close(j->wk, &j->err);
	wk_send_job(j, WRES_TIMEOUT, SIGKILL, NULL);
}

/* the plugin process has been reaped: finish its job */
static void
wk_job_reaped(struct wk_job *j, int wait_status, const struct rusage *ru)
{
	struct wk *w = j->wk;

	if (!j->sent) {
		/* what it wrote before it exited is all in the pipes now */
		wk_stream_read(w, &j->out, WK_READS_AT_END);
		wk_stream_read(w, &j->err, WK_READS_AT_END);
	}
	/* whatever it left running in its group goes with it */
	(void)kill(-j->pid, SIGKILL);
	if (!j->sent)
		wk_send_job(j, j->timed_out ? WRES_TIMEOUT : WRES_EXITED, wait_status, ru);
	wk_job_free(j);
}

static struct wk_job *
wk_job_by_pid(struct wk *w, pid_t pid)
{
	struct wk_job *j;

	for (j = w->jobs; j != NULL; j = j->next)
		if (j->pid == pid)
			return j;
	return NULL;
}

static void
wk_stream_init(struct wk_job *j, struct wk_stream *s, int fd, size_t cap)
{
	s->fd = fd;
	s->cap = cap;
	/* EV_WRITE too, though a pipe's read end is never writable: libev
	 * reports the hang-up at the plugin's exit as readable and writable,
	 * and for a watcher without EV_WRITE it would then make an
	 * epoll_ctl call to narrow the fd's events (two a job, for nothing) */
	ev_io_init(&s->io, wk_stream_cb, fd, EV_READ | EV_WRITE);
	s->io.data = j;
	ev_io_start(j->wk->loop, &s->io);
}

static void
wk_close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
}

/* start the plugin of pj; returns 0, or an errno */
static int
wk_job_start(struct wk *w, const struct proto_job *pj)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 };
	uint32_t ms = pj->timeout_ms ? pj->timeout_ms : WK_DEFAULT_TIMEOUT_MS;
	struct spawn_req rq;
	struct wk_job *j;
	pid_t pid;
	int e;

	/* not O_NONBLOCK here: the child's ends must stay blocking */
	if (pipe2(outp, O_CLOEXEC) < 0 || pipe2(errp, O_CLOEXEC) < 0) {
		e = errno;
		wk_close_pair(outp);
		wk_close_pair(errp);
		return e;
	}
	rq.argv = pj->shell ? NULL : pj->argv;
	rq.shell_line = pj->shell ? pj->argv[0] : NULL;
	rq.env = pj->env;
	rq.fd_in = w->devnull;
	rq.fd_out = outp[1];
	rq.fd_err = errp[1];
	j = xcalloc(1, sizeof(*j));
	gettimeofday(&j->start, NULL);
	pid = spawn_plugin(&rq);
	e = errno;
	close(outp[1]);
	close(errp[1]);
	if (pid < 0) {
		close(outp[0]);
		close(errp[0]);
		free(j);
		return e;
	}
	j->wk = w;
	j->id = pj->id;
	(void)fcntl(outp[0], F_SETFL, O_NONBLOCK);
	(void)fcntl(errp[0], F_SETFL, O_NONBLOCK);
	j->pid = pid;
	j->next = w->jobs;
	if (w->jobs)
		w->jobs->prev = j;
	w->jobs = j;
	w->njobs++;
	wk_stream_init(j, &j->out, outp[0], pj->output_cap);
	wk_stream_init(j, &j->err, errp[0], pj->output_cap);
	ev_now_update(w->loop);
	ev_timer_init(&j->timer, wk_timer_cb, ms / 1000.0, 0.);
	j->timer.data = j;
	ev_timer_start(w->loop, &j->timer);
	return 0;
}

static void
wk_frame(struct wk *w, const char *body, size_t len)
{
	struct proto_job pj;
	uint64_t id = 0;
	int have_id = 0, e;
	char text[128];

	if (proto_is_ctl(body, len, PROTO_PING)) {
		wk_pong(w);
		return;
	}
	if (len >= 9 && body[0] == PROTO_JOB)
		have_id = 1;
	if (proto_job_decode(body, len, &pj, &id) < 0) {
		if (!have_id) {
			log_warnx("worker: skipping a frame that is not a job (%zu bytes)", len);
			return;
		}
		log_warnx("worker: malformed job %llu refused", (unsigned long long)id);
		wk_send_failure(w, id, EINVAL, "jaque worker: malformed job frame");
		return;
	}
	e = wk_job_start(w, &pj);
	if (e != 0) {
		snprintf(text, sizeof(text), "jaque worker: cannot start the plugin: %s",
		    strerror(e));
		wk_send_failure(w, pj.id, e, text);
	}
	proto_job_clear(&pj);
}

/* --- engine socket --- */

/*
 * Start the jobs already read, at most WK_FRAMES_PER_WAKE of them, so a
 * burst of thousands of jobs does not hold up the results of the first
 * ones.  With more left, reading pauses and the "more" timer comes back
 * for them on the next loop iteration.
 */
static void
wk_frames(struct wk *w)
{
	const char *body;
	size_t len;
	int budget = WK_FRAMES_PER_WAKE, rc = 0;

	while (budget-- > 0 && w->fd >= 0 && (rc = proto_rd_next(&w->rd, &body, &len)) == 1)
		wk_frame(w, body, len);
	if (w->fd < 0)
		return;
	if (rc < 0) {
		log_warnx("worker: a frame from the engine breaks the stream; exiting");
		wk_quit(w, 1);
	} else if (rc == 1) {
		ev_io_stop(w->loop, &w->rio);
		ev_timer_start(w->loop, &w->more);
	} else {
		ev_timer_stop(w->loop, &w->more);
		ev_io_start(w->loop, &w->rio);
	}
}

static void
wk_more_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	(void)loop;
	(void)revents;
	wk_frames(t->data);
}

static void
wk_read_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct wk *w = io->data;
	long n;

	(void)loop;
	(void)revents;
	if (w->broken) {
		wk_quit(w, 0);
		return;
	}
	n = proto_rd_fill(&w->rd, w->fd);
	if (n == 0) {
		wk_quit(w, 0);
		return;
	}
	if (n < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return;
		log_warn("worker: reading from the engine");
		wk_quit(w, 0);
		return;
	}
	wk_frames(w);
}

static void
wk_write_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct wk *w = io->data;
	int rc;

	(void)revents;
	rc = proto_wq_flush(&w->wq, w->fd);
	if (rc == 0)
		ev_io_stop(loop, io);
	else if (rc < 0) {
		log_warn("worker: writing to the engine");
		wk_quit(w, 0);
	}
}

/* reap every child that has ended; plugins finish their jobs */
static void
wk_reap(struct wk *w)
{
	struct rusage ru;
	struct wk_job *j;
	int st;
	pid_t pid;

	for (;;) {
		pid = wait4(-1, &st, WNOHANG, &ru);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid <= 0)
			return;
		j = wk_job_by_pid(w, pid);

		/* others are orphans of plugins, given to us as subreaper */
		if (j != NULL)
			wk_job_reaped(j, st, &ru);
	}
}

static void
wk_sigchld_cb(struct ev_loop *loop, ev_signal *s, int revents)
{
	(void)loop;
	(void)revents;
	wk_reap(s->data);
}

static void
wk_sigquit_cb(struct ev_loop *loop, ev_signal *s, int revents)
{
	(void)loop;
	(void)revents;
	wk_quit(s->data, 0);
}

/*
 * Stop taking jobs, kill every plugin group, reap them for a bounded time
 * and leave the loop.  Results not yet written are dropped: nobody is
 * listening, or the stream is broken.
 */
static void
wk_quit(struct wk *w, int status)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	struct wk_job *j;
	double deadline;

	if (w->fd < 0)
		return;
	w->status = status;
	ev_io_stop(w->loop, &w->rio);
	ev_io_stop(w->loop, &w->wio);
	ev_timer_stop(w->loop, &w->more);
	close(w->fd);
	w->fd = -1;
	for (j = w->jobs; j != NULL; j = j->next) {
		j->sent = 1;
		wk_kill_group(j->pid);
	}
	ev_now_update(w->loop);
	deadline = ev_now(w->loop) + WK_QUIT_WAIT;
	while (w->jobs != NULL) {
		wk_reap(w);
		if (w->jobs == NULL)
			break;
		ev_now_update(w->loop);
		if (ev_now(w->loop) > deadline) {
			log_warnx("worker: %u plugin(s) not reaped at exit", w->njobs);
			break;
		}
		nanosleep(&nap, NULL);
	}
	while (w->jobs != NULL)
		wk_job_free(w->jobs);
	ev_break(w->loop, EVBREAK_ALL);
}

/* fds 0-2 must be open, so plugin pipes never land on them */
static void
wk_std_fds(int devnull)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0)
			(void)dup2(devnull, fd);
}

int
worker_main(int fd)
{
	struct wk w;
	int k;

	memset(&w, 0, sizeof(w));
	w.fd = fd;
	w.devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (w.devnull >= 0 && w.devnull <= 2)
		w.devnull = fcntl(w.devnull, F_DUPFD_CLOEXEC, 3);  /* the low one fills a hole */
	if (w.devnull < 0) {
		log_warn("worker: /dev/null");
		return 1;
	}
	wk_std_fds(w.devnull);
	(void)setpgid(0, 0);
	/* where Nagios's workers run their plugins */
	if (chdir("/tmp") == 0)
		(void)!chdir("nagios-workers");
#ifdef __linux__
	/* orphans of plugins come to us to be reaped, not to init */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);

	/* signals through a signalfd: a plugin's SIGCHLD is read from it in
	 * a wake like any other, not delivered to a handler (a signal frame,
	 * a write to libev's own pipe, rt_sigreturn); the signals stay at
	 * SIG_DFL, blocked, and a plugin's child unblocks them before its
	 * exec (spawn.c) */
	w.loop = ev_loop_new(EVFLAG_AUTO | EVFLAG_SIGNALFD);
	if (w.loop == NULL) {
		log_warnx("worker: cannot create an event loop");
		return 1;
	}
	proto_rd_init(&w.rd, PROTO_JOB_MAX);
	proto_wq_init(&w.wq);
	ev_io_init(&w.rio, wk_read_cb, fd, EV_READ);
	w.rio.data = &w;
	ev_io_start(w.loop, &w.rio);
	ev_io_init(&w.wio, wk_write_cb, fd, EV_WRITE);
	w.wio.data = &w;
	ev_timer_init(&w.more, wk_more_cb, 0., 0.);
	w.more.data = &w;
	/* not the default loop: libev's own child reaper would take our rusage */
	for (k = 0; k < 3; k++) {
		static const int signo[3] = { SIGCHLD, SIGTERM, SIGINT };

		ev_signal_init(&w.sigs[k], k == 0 ? wk_sigchld_cb : wk_sigquit_cb, signo[k]);
		w.sigs[k].data = &w;
		ev_signal_start(w.loop, &w.sigs[k]);
	}
	/* every disposition is set (blocked at SIG_DFL with the signalfd, a
	 * handler where libev falls back): plugins reset just these (spawn.h) */
	spawn_note_signals();

	ev_run(w.loop, 0);

	for (k = 0; k < 3; k++)
		ev_signal_stop(w.loop, &w.sigs[k]);
	ev_loop_destroy(w.loop);
	proto_rd_free(&w.rd);
	proto_wq_free(&w.wq);
	close(w.devnull);
	return w.status;
}

/*
 * shim_tcp_run: one check_tcp conversation on the engine's libev loop, in
 * the order the plugin holds it: a non-blocking connect, the -s string
 * (all of it, as the plugin's blocking send would), the -d pause, reads of
 * up to 1024 bytes judged after each against the -e strings with the
 * plugin's 2-second wait for more, the -q string, close.  One deadline
 * covers it all, as the plugin's alarm does: -t, or the engine's cap when
 * shorter.  Every ending goes through tcp_finish, which words the result
 * (shim_tcp.c), hands it to the caller's callback once and frees the run;
 * the callback never runs inside shim_tcp_start.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "plugins-shim/shim_int.h"

#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"

/* the plugin reads at most this much at a time and judges after each read */
#define TCP_READ_CHUNK 1024
/* seconds it then waits for more while the expect strings are still open */
#define TCP_READ_IDLE 2.0
/* what we keep of a response (STYLE 8); past it the reading stops */
#define TCP_READ_CAP ((size_t)1 << 20)

enum tcp_phase {
	TCP_PHASE_ENDING,  /* the outcome is known; the step timer reports it */
	TCP_PHASE_CONNECT,
	TCP_PHASE_SEND,
	TCP_PHASE_DELAY,
	TCP_PHASE_READ,
};

struct tcp_run {
	struct shim_run base; /* first: shim_cancel comes in through it */
	struct ev_loop *loop;
	const struct shim_tcp_conf *conf;
	shim_done_fn *done;
	void *arg;
	int fd;
	int engine_cap; /* the deadline is the engine's, not -t */
	enum tcp_phase phase;
	ev_io io;
	ev_timer deadline;
	ev_timer step; /* report now, the -d pause, or the wait for more */
	size_t sent;
	char *status; /* the response so far, NUL-terminated */
	size_t len, size;
	enum shim_tcp_match match;
	int64_t t0_us;
	struct shim_tcp_report rep;
};

static int64_t
tcp_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* stop every watcher and close the socket; the run stays allocated */
static void
tcp_stop(struct tcp_run *t)
{
	ev_io_stop(t->loop, &t->io);
	ev_timer_stop(t->loop, &t->deadline);
	ev_timer_stop(t->loop, &t->step);
	if (t->fd >= 0) {
		close(t->fd);
		t->fd = -1;
	}
}

static void
tcp_free(struct tcp_run *t)
{
	free(t->status);
	free(t);
}

/* report outcome o to the caller and free the run */
static void
tcp_finish(struct tcp_run *t, enum shim_tcp_outcome o)
{
	struct shim_result res;
	char *out;
	size_t len;
	int rc;

	tcp_stop(t);
	t->rep.outcome = o;
	t->rep.match = t->match;
	t->rep.status = t->status != NULL ? t->status : "";
	out = shim_tcp_format(t->conf, &t->rep, &len, &rc);
	log_debug("shim_tcp: %s port %d: %s, exit %d", t->conf->host, t->conf->port,
	    shim_tcp_outcome_str(o), rc);
	res.rc = rc;
	res.out = out;
	res.outlen = len;
	t->done(t->arg, &res);
	free(out);
	tcp_free(t);
}

/*
 * Report o from the next loop iteration: done must never run inside
 * shim_start, whose caller has no handle yet.
 */
static void
tcp_finish_soon(struct tcp_run *t, enum shim_tcp_outcome o)
{
	ev_io_stop(t->loop, &t->io);
	ev_timer_stop(t->loop, &t->step);
	t->phase = TCP_PHASE_ENDING;
	t->rep.outcome = o;
	ev_timer_set(&t->step, 0., 0.);
	ev_timer_start(t->loop, &t->step);
}

static void
tcp_watch(struct tcp_run *t, int events)
{
	ev_io_stop(t->loop, &t->io);
	ev_io_set(&t->io, t->fd, events);
	ev_io_start(t->loop, &t->io);
}

static enum shim_tcp_outcome
tcp_connect_outcome(int err)
{
	return err == ECONNREFUSED ? SHIM_TCP_REFUSED : SHIM_TCP_CONNECT_ERROR;
}

/* the conversation is over: quit, close, time it, report */
static void
tcp_end_talk(struct tcp_run *t)
{
	const char *quit = t->conf->quit;

	/* one try: a quit string is short and the socket buffer has room */
	if (quit != NULL)
		(void)send(t->fd, quit, strlen(quit), MSG_NOSIGNAL);
	close(t->fd);
	t->fd = -1;
	t->rep.elapsed_us = (long)(tcp_now_us() - t->t0_us);
	tcp_finish(t, t->match == SHIM_TCP_MATCH_FAILURE ? SHIM_TCP_MISMATCH :
	    SHIM_TCP_OK);
}

static void
tcp_end_read(struct tcp_run *t)
{
	ev_io_stop(t->loop, &t->io);
	ev_timer_stop(t->loop, &t->step);
	if (t->match == SHIM_TCP_MATCH_RETRY)
		t->match = SHIM_TCP_MATCH_FAILURE;
	if (t->len == 0) {
		tcp_finish(t, SHIM_TCP_NO_DATA);
		return;
	}
	t->rep.last = shim_tcp_trim(t->status, t->len);
	tcp_end_talk(t);
}

static void
tcp_begin_read(struct tcp_run *t)
{
	if (t->conf->nexpect == 0) {
		tcp_end_talk(t);
		return;
	}
	t->phase = TCP_PHASE_READ;
	tcp_watch(t, EV_READ);
}

/* np_expect_match as check_tcp's -e uses it: substrings, never an early no */
static enum shim_tcp_match
tcp_expect_match(const struct tcp_run *t)
{
	const struct shim_tcp_conf *c = t->conf;
	size_t i, hits = 0;

	for (i = 0; i < c->nexpect; i++)
		if (strstr(t->status, c->expect[i]) != NULL)
			hits++;
	if (c->match_all ? hits == c->nexpect : hits > 0)
		return SHIM_TCP_MATCH_SUCCESS;
	return SHIM_TCP_MATCH_RETRY;
}

static void
tcp_read(struct tcp_run *t)
{
	size_t want = TCP_READ_CHUNK;
	ssize_t n;

	if (t->len + want > TCP_READ_CAP)
		want = TCP_READ_CAP - t->len;
	if (t->len + want + 1 > t->size) {
		t->size = t->size == 0 ? 4 * TCP_READ_CHUNK : 2 * t->size;
		if (t->size > TCP_READ_CAP + 1)
			t->size = TCP_READ_CAP + 1;
		t->status = xrealloc(t->status, t->size);
	}
	n = read(t->fd, t->status + t->len, want);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (n <= 0) {
		/* end of file or a reset: the plugin's loop ends either way */
		tcp_end_read(t);
		return;
	}
	t->len += (size_t)n;
	t->status[t->len] = '\0';
	/* -m stops before the judging: a first read cut short has no verdict */
	if (t->conf->maxbytes != 0 && t->len >= t->conf->maxbytes) {
		tcp_end_read(t);
		return;
	}
	t->match = tcp_expect_match(t);
	if (t->match != SHIM_TCP_MATCH_RETRY || t->len >= TCP_READ_CAP) {
		tcp_end_read(t);
		return;
	}
	ev_timer_stop(t->loop, &t->step);
	ev_timer_set(&t->step, TCP_READ_IDLE, 0.);
	ev_timer_start(t->loop, &t->step);
}

static void
tcp_after_send(struct tcp_run *t)
{
	long delay = t->conf->delay;

	ev_io_stop(t->loop, &t->io);
	if (delay > 0) {
		/* the plugin leaves its pause out of the response time */
		t->t0_us += (int64_t)delay * 1000000;
		t->phase = TCP_PHASE_DELAY;
		ev_timer_set(&t->step, (double)delay, 0.);
		ev_timer_start(t->loop, &t->step);
		return;
	}
	tcp_begin_read(t);
}

static void
tcp_send(struct tcp_run *t)
{
	const char *s = t->conf->send;
	size_t len = strlen(s);
	ssize_t n;

	t->phase = TCP_PHASE_SEND;
	while (t->sent < len) {
		n = send(t->fd, s + t->sent, len - t->sent, MSG_NOSIGNAL);
		if (n > 0) {
			t->sent += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			tcp_watch(t, EV_WRITE);
			return;
		}
		break; /* the plugin does not look at what send returns */
	}
	tcp_after_send(t);
}

static void
tcp_connected(struct tcp_run *t)
{
	int err = 0;
	socklen_t n = sizeof(err);

	if (getsockopt(t->fd, SOL_SOCKET, SO_ERROR, &err, &n) != 0)
		err = errno;
	if (err != 0) {
		t->rep.err = err;
		tcp_finish(t, tcp_connect_outcome(err));
		return;
	}
	if (t->conf->send != NULL)
		tcp_send(t);
	else
		tcp_after_send(t);
}

static void
tcp_io_cb(struct ev_loop *loop, ev_io *w, int revents)
{
	struct tcp_run *t = w->data;

	(void)loop;
	(void)revents;
	switch (t->phase) {
	case TCP_PHASE_CONNECT:
		tcp_connected(t);
		break;
	case TCP_PHASE_SEND:
		tcp_send(t);
		break;
	case TCP_PHASE_READ:
		tcp_read(t);
		break;
	case TCP_PHASE_ENDING:
	case TCP_PHASE_DELAY:
		break;
	}
}

static void
tcp_step_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct tcp_run *t = w->data;

	(void)loop;
	(void)revents;
	switch (t->phase) {
	case TCP_PHASE_ENDING:
		tcp_finish(t, t->rep.outcome);
		break;
	case TCP_PHASE_DELAY:
		tcp_begin_read(t);
		break;
	case TCP_PHASE_READ:
		/* nothing more within READ_IDLE: judge what came */
		tcp_end_read(t);
		break;
	case TCP_PHASE_CONNECT:
	case TCP_PHASE_SEND:
		break;
	}
}

static void
tcp_deadline_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct tcp_run *t = w->data;
	enum shim_tcp_outcome o = SHIM_TCP_IO_TIMEOUT;

	(void)loop;
	(void)revents;
	if (t->engine_cap)
		o = SHIM_TCP_ENGINE_TIMEOUT;
	else if (t->phase == TCP_PHASE_CONNECT)
		o = SHIM_TCP_CONNECT_TIMEOUT;
	tcp_finish(t, o);
}

static void
tcp_cancel(struct shim_run *r)
{
	struct tcp_run *t = (struct tcp_run *)r;

	tcp_stop(t);
	tcp_free(t);
}

struct shim_run *
shim_tcp_start(struct ev_loop *loop, const void *conf, double timeout_cap,
    shim_done_fn *done, void *arg)
{
	const struct shim_tcp_conf *c = conf;
	struct tcp_run *t = xcalloc(1, sizeof(*t));
	double limit = (double)c->timeout;

	t->base.cancel = tcp_cancel;
	t->loop = loop;
	t->conf = c;
	t->done = done;
	t->arg = arg;
	t->fd = -1;
	t->match = SHIM_TCP_MATCH_NONE;
	ev_init(&t->io, tcp_io_cb);
	ev_init(&t->step, tcp_step_cb);
	ev_init(&t->deadline, tcp_deadline_cb);
	t->io.data = t->step.data = t->deadline.data = t;
	if (timeout_cap > 0 && timeout_cap < limit) {
		limit = timeout_cap;
		t->engine_cap = 1;
	}
	if (c->bad_host) {
		tcp_finish_soon(t, SHIM_TCP_BAD_HOST);
		return &t->base;
	}
	t->fd = socket(c->sa.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    IPPROTO_TCP);
	if (t->fd < 0) {
		log_warn("shim_tcp: socket for %s", c->host);
		tcp_free(t);
		return NULL;
	}
	t->t0_us = tcp_now_us();
	ev_timer_set(&t->deadline, limit, 0.);
	ev_timer_start(loop, &t->deadline);
	/* EINTR leaves a non-blocking connect going on: wait for it as usual */
	if (connect(t->fd, (const struct sockaddr *)&c->sa, c->salen) == 0 ||
	    errno == EINPROGRESS || errno == EINTR) {
		t->phase = TCP_PHASE_CONNECT;
		tcp_watch(t, EV_WRITE);
	} else {
		t->rep.err = errno;
		tcp_finish_soon(t, tcp_connect_outcome(t->rep.err));
	}
	return &t->base;
}

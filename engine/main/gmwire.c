/*
 * gmwire: jobs to gearmand and results from it, on the event loop
 * (gmwire.h).
 *
 * Two kinds of connection, both non-blocking and driven by the loop:
 *  - the submitting one, to the first job server of the list that
 *    answers.  A job goes into its output buffer at once when it is up;
 *    everything written during one pass of the loop leaves in one write
 *    (an ev_prepare watcher flushes before the loop sleeps).  The job
 *    server's JOB_CREATED answers are not waited for: they are read at the
 *    next flush and by the housekeeping timer, and only counted.  Jobs
 *    submitted while no server is up wait in a list, with their deadline.
 *  - one worker connection per job server (a worker must listen to all of
 *    them, since a result may be sent to any), taking the result queue's
 *    jobs.  It asks for jobs in rounds of several GRAB_JOBs at once and
 *    completes each result; when a round comes back with no more jobs it
 *    says PRE_SLEEP, and on the job server's NOOP starts the next round no
 *    sooner than GMW_ROUND after the last, so that a steady flow of
 *    results is taken a handful at a time, not woken for once each.
 *
 * A job written to a job server that goes away before confirming it is
 * not sent again: the server may have queued it, and sending it again
 * could run one check twice.  Such a check's result is missing, as it is
 * with mod_gearman when gearmand dies with jobs queued, and Nagios's
 * orphan detection finds it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmwire.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "compat/gearman/gearproto.h"
#include "engine/util/mbuf.h"
#include "engine/util/tsock.h"
#include "engine/util/xalloc.h"

#define GMW_ROUND 0.05            /* seconds between rounds of taking results, at least */
#define GMW_GRABS 32              /* GRAB_JOBs asked in one round */
#define GMW_PACKET_MAX (64u << 20) /* the longest packet taken from a job server */
#define GMW_READ 65536            /* bytes read at once */
#define GMW_HOUSEKEEP 1.0         /* seconds between looks at the submitting connection */

struct gmw_job {
	struct gmw_job *next;
	char *queue;
	char *uniq;      /* "" when none */
	char *payload;
	size_t len;
	enum gmwire_prio prio;
	double deadline; /* loop time, 0: none */
	unsigned long tag;
};

struct gmw_server {
	char *name;      /* host:port as given */
	char *host, *port;
};

struct gmwire;

struct gmw_conn {
	struct gmwire *w;
	ev_io io;
	ev_timer timer;      /* connecting: its timeout; a worker's: retry or next round */
	int fd;              /* -1: none */
	int connecting;
	size_t server;       /* index into w->servers */
	struct mbuf out;
	size_t out_off;      /* bytes of out written already */
	char *in;
	size_t in_len, in_cap;
	/* the worker side */
	int worker;
	int grabs;           /* GRAB_JOBs not answered yet */
	int empty;           /* a NO_JOB came in this round */
	int sleeping;        /* PRE_SLEEP said, no NOOP yet */
	double last_round;
	/* the submitting side */
	unsigned long unacked;
	double progress;     /* loop time the server last answered or was first waited for */
};

struct gmwire {
	struct ev_loop *loop;
	struct gmwire_cb cb;
	struct gmw_server *servers;
	size_t nservers;
	char *result_queue;
	double timeout;              /* seconds, 0: none */
	struct gmw_conn sub;
	struct gmw_conn *readers;    /* one per server, or none */
	size_t nreaders;
	struct gmw_job *head, *tail; /* waiting for a job server */
	ev_prepare flush;
	ev_timer housekeep;          /* reconnects, deadlines, a silent server */
	size_t tried;                /* servers tried in this round of connecting */
	struct gmwire_stats st;
	int up;                      /* what the loop was told last: -1 nothing yet */
	char why[256];
};

static void gmw_connect(struct gmw_conn *c);

/* ---- small things ---- */

static int
gmw_is_up(const struct gmw_conn *c)
{
	return c->fd >= 0 && !c->connecting;
}

static void
gmw_state(struct gmwire *w, int up, const char *why)
{
	if (w->up == up)
		return;
	w->up = up;
	if (w->cb.state != NULL)
		w->cb.state(w->cb.ctx, up, why);
}

static void
gmw_job_free(struct gmw_job *j)
{
	free(j->queue);
	free(j->uniq);
	free(j->payload);
	free(j);
}

static void
gmw_put_submit(struct gmw_conn *c, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio)
{
	const char *args[3] = { queue, uniq, payload };
	size_t lens[3] = { strlen(queue), strlen(uniq), len };
	enum gearproto_type t = prio == GMWIRE_HIGH ? GEARPROTO_SUBMIT_JOB_HIGH_BG :
	    prio == GMWIRE_LOW ? GEARPROTO_SUBMIT_JOB_LOW_BG : GEARPROTO_SUBMIT_JOB_BG;

	if (c->unacked++ == 0)
		c->progress = ev_now(c->w->loop);
	gearproto_put(&c->out, t, args, lens, 3);
}

static void
gmw_put0(struct gmw_conn *c, enum gearproto_type t)
{
	gearproto_put(&c->out, t, NULL, NULL, 0);
}

/* make sure the output goes out before the loop sleeps */
static void
gmw_want_flush(struct gmwire *w)
{
	if (!ev_is_active(&w->flush))
		ev_prepare_start(w->loop, &w->flush);
}

/* ---- connections ---- */

static void
gmw_close(struct gmw_conn *c)
{
	if (c->fd >= 0) {
		ev_io_stop(c->w->loop, &c->io);
		close(c->fd);
	}
	c->fd = -1;
	c->connecting = 0;
	c->out.len = 0;
	c->out_off = 0;
	c->in_len = 0;
	c->grabs = 0;
	c->empty = 0;
	c->sleeping = 0;
	c->unacked = 0;
	ev_timer_stop(c->w->loop, &c->timer);
}

/* the events c's watcher waits for: reads on a worker connection, writes while
 * output waits or the connection is being made */
static void
gmw_watch(struct gmw_conn *c)
{
	int ev = 0;

	if (c->fd < 0)
		return;
	if (c->worker && !c->connecting)
		ev |= EV_READ;
	if (c->connecting || c->out_off < c->out.len)
		ev |= EV_WRITE;
	if (ev_is_active(&c->io) && (c->io.events & (EV_READ | EV_WRITE)) == ev)
		return;
	ev_io_stop(c->w->loop, &c->io);
	if (ev != 0) {
		ev_io_set(&c->io, c->fd, ev);
		ev_io_start(c->w->loop, &c->io);
	}
}

/* write what c has waiting; 0, or -1 when the connection broke */
static int
gmw_write(struct gmw_conn *c)
{
	while (c->out_off < c->out.len) {
		ssize_t n = send(c->fd, c->out.p + c->out_off, c->out.len - c->out_off, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n <= 0) {
			snprintf(c->w->why, sizeof(c->w->why), "%s: %s", c->w->servers[c->server].name,
			    n < 0 ? strerror(errno) : "connection closed");
			return -1;
		}
		c->out_off += (size_t)n;
	}
	if (c->out_off == c->out.len)
		c->out.len = c->out_off = 0;
	gmw_watch(c);
	return 0;
}

static void gmw_sub_lost(struct gmwire *w);
static void gmw_reader_lost(struct gmw_conn *c);

static void
gmw_lost(struct gmw_conn *c)
{
	if (c->worker)
		gmw_reader_lost(c);
	else
		gmw_sub_lost(c->w);
}

/* ---- the worker side: results ---- */

static void
gmw_grab(struct gmw_conn *c)
{
	int i;

	for (i = 0; i < GMW_GRABS; i++)
		gmw_put0(c, GEARPROTO_GRAB_JOB);
	c->grabs += GMW_GRABS;
	c->empty = 0;
	c->last_round = ev_now(c->w->loop);
	gmw_want_flush(c->w);
}

/* a worker connection's timer when it is not connecting: retry, or the next round */
static void
gmw_round(struct gmw_conn *c)
{
	if (c->fd < 0)
		gmw_connect(c);
	else if (c->grabs == 0 && !c->sleeping)
		gmw_grab(c);
}

/* the job server has jobs again: the next round, or a timer for it */
static void
gmw_woken(struct gmw_conn *c)
{
	double wait = c->last_round + GMW_ROUND - ev_now(c->w->loop);

	c->sleeping = 0;
	if (wait <= 0) {
		gmw_grab(c);
		return;
	}
	ev_timer_stop(c->w->loop, &c->timer);
	ev_timer_set(&c->timer, wait, 0);
	ev_timer_start(c->w->loop, &c->timer);
}

/* a result: handed over NUL-terminated, then completed with the job server */
static void
gmw_assign(struct gmw_conn *c, const struct gearproto_packet *pk)
{
	struct gmwire *w = c->w;
	const char *args[3];
	size_t lens[3];
	char *payload, saved;

	if (gearproto_args(pk, 3, args, lens) != 3)
		return;
	w->st.results++;
	/* the byte after the workload is the next packet's, or the spare one the
	 * reader keeps: NUL it for the callback, then put it back */
	payload = (char *)args[2];
	saved = payload[lens[2]];
	payload[lens[2]] = '\0';
	if (w->cb.result != NULL)
		w->cb.result(w->cb.ctx, payload, lens[2]);
	payload[lens[2]] = saved;
	/* the job's handle, and an empty result */
	args[1] = "";
	lens[1] = 0;
	gearproto_put(&c->out, GEARPROTO_WORK_COMPLETE, args, lens, 2);
	gmw_want_flush(w);
}

/* a round is over when every GRAB_JOB of it was answered */
static void
gmw_answered(struct gmw_conn *c, int job)
{
	if (!job)
		c->empty = 1;
	if (c->grabs == 0 || --c->grabs > 0)
		return;
	if (!c->empty) {
		gmw_grab(c); /* a round of nothing but jobs: more are waiting */
		return;
	}
	gmw_put0(c, GEARPROTO_PRE_SLEEP);
	c->sleeping = 1;
	gmw_want_flush(c->w);
}

static void
gmw_reader_packet(struct gmw_conn *c, const struct gearproto_packet *pk)
{
	switch (pk->type) {
	case GEARPROTO_JOB_ASSIGN:
		gmw_assign(c, pk);
		gmw_answered(c, 1);
		break;
	case GEARPROTO_NO_JOB:
	case GEARPROTO_ERROR: /* only a GRAB_JOB is answered on this connection */
		gmw_answered(c, 0);
		break;
	case GEARPROTO_NOOP:
		if (c->sleeping)
			gmw_woken(c);
		break;
	default:
		break;
	}
}

static void
gmw_reader_lost(struct gmw_conn *c)
{
	gmw_close(c);
	ev_timer_set(&c->timer, GMWIRE_RETRY, 0);
	ev_timer_start(c->w->loop, &c->timer);
}

/* ---- the submitting side ---- */

/* give up the waiting jobs whose deadline passed, telling the loop */
static void
gmw_expire(struct gmwire *w)
{
	struct gmw_job **at = &w->head, *j;
	double now = ev_now(w->loop);

	w->tail = NULL;
	while ((j = *at) != NULL) {
		if (j->deadline == 0 || now < j->deadline) {
			w->tail = j;
			at = &j->next;
			continue;
		}
		*at = j->next;
		w->st.waiting--;
		w->st.failed++;
		if (w->cb.fail != NULL)
			w->cb.fail(w->cb.ctx, j->queue, j->uniq, j->tag, w->why);
		gmw_job_free(j);
	}
}

/* the submitting connection is up: the waiting jobs go */
static void
gmw_sub_up(struct gmwire *w)
{
	struct gmw_job *j;

	w->tried = 0;
	while ((j = w->head) != NULL) {
		w->head = j->next;
		gmw_put_submit(&w->sub, j->queue, j->uniq, j->payload, j->len, j->prio);
		gmw_job_free(j);
	}
	w->tail = NULL;
	w->st.waiting = 0;
	gmw_state(w, 1, "");
	gmw_want_flush(w);
}

/* the submitting connection failed or broke: the next server, or a round failed */
static void
gmw_sub_lost(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;

	w->st.unconfirmed += c->unacked;
	gmw_close(c);
	if (++w->tried < w->nservers) {
		c->server = (c->server + 1) % w->nservers;
		gmw_connect(c);
		return;
	}
	w->tried = 0;
	c->server = 0;
	w->st.retried++;
	gmw_state(w, 0, w->why);
	gmw_expire(w);
}

static void
gmw_sub_read(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;
	char buf[4096];
	ssize_t n;

	if (!gmw_is_up(c))
		return;
	for (;;) {
		size_t off = 0;

		n = recv(c->fd, buf, sizeof(buf), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			snprintf(w->why, sizeof(w->why), "%s: %s", w->servers[c->server].name,
			    n < 0 ? strerror(errno) : "connection closed by the job server");
			gmw_sub_lost(w);
			return;
		}
		/* the answers are short: a JOB_CREATED with its handle, or an ERROR */
		if (c->in_len + (size_t)n > c->in_cap) {
			c->in_cap = c->in_len + (size_t)n + 256;
			c->in = xrealloc(c->in, c->in_cap);
		}
		memcpy(c->in + c->in_len, buf, (size_t)n);
		c->in_len += (size_t)n;
		for (;;) {
			struct gearproto_packet pk;
			long k = gearproto_take(c->in + off, c->in_len - off, 4096, &pk);

			if (k < 0) {
				snprintf(w->why, sizeof(w->why), "%s: not the gearman protocol",
				    w->servers[c->server].name);
				gmw_sub_lost(w);
				return;
			}
			if (k == 0)
				break;
			off += (size_t)k;
			if (pk.type != GEARPROTO_JOB_CREATED && pk.type != GEARPROTO_ERROR)
				continue;
			if (c->unacked > 0)
				c->unacked--;
			c->progress = ev_now(w->loop);
			if (pk.type == GEARPROTO_JOB_CREATED)
				w->st.sent++;
			else
				w->st.failed++;
		}
		memmove(c->in, c->in + off, c->in_len - off);
		c->in_len -= off;
	}
}

static void
gmw_housekeep_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct gmwire *w = t->data;
	struct gmw_conn *c = &w->sub;

	(void)revents;
	if (c->fd < 0) {
		gmw_expire(w);
		gmw_connect(c);
		return;
	}
	gmw_sub_read(w);
	/* a job server that takes jobs and does not answer is as good as gone */
	if (gmw_is_up(c) && c->unacked > 0 && w->timeout > 0 &&
	    ev_now(loop) - c->progress > w->timeout) {
		snprintf(w->why, sizeof(w->why), "%s: no answer for %.0f s",
		    w->servers[c->server].name, w->timeout);
		gmw_sub_lost(w);
	}
}

/* ---- connecting, reading, the watchers ---- */

static void
gmw_connected(struct gmw_conn *c)
{
	struct gmwire *w = c->w;

	c->connecting = 0;
	ev_timer_stop(w->loop, &c->timer);
	(void)tsock_nodelay(c->fd);
	if (!c->worker) {
		gmw_sub_up(w);
	} else {
		const char *args[1] = { w->result_queue };
		size_t lens[1] = { strlen(w->result_queue) };

		gearproto_put(&c->out, GEARPROTO_CAN_DO, args, lens, 1);
		gmw_grab(c);
	}
	gmw_watch(c);
}

static void
gmw_connect_timeout_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct gmw_conn *c = t->data;

	(void)loop;
	(void)revents;
	if (c->fd >= 0 && c->connecting) {
		snprintf(c->w->why, sizeof(c->w->why), "%s: connect timed out",
		    c->w->servers[c->server].name);
		gmw_lost(c);
	} else if (c->worker) {
		gmw_round(c);
	}
}

/* start connecting c to its server; failures go the way of a lost connection */
static void
gmw_connect(struct gmw_conn *c)
{
	struct gmwire *w = c->w;
	const struct gmw_server *sv = &w->servers[c->server];
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV };
	struct addrinfo *res = NULL, *ai;
	int rc, fd = -1, err = 0;

	gmw_close(c);
	rc = getaddrinfo(sv->host, sv->port, &hints, &res);
	if (rc != 0) {
		snprintf(w->why, sizeof(w->why), "%s: %s", sv->name, gai_strerror(rc));
		gmw_lost(c);
		return;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd < 0) {
			err = errno;
			continue;
		}
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS)
			break;
		err = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(w->why, sizeof(w->why), "%s: %s", sv->name, strerror(err));
		gmw_lost(c);
		return;
	}
	c->fd = fd;
	c->connecting = 1;
	if (w->timeout > 0) {
		ev_timer_set(&c->timer, w->timeout, 0);
		ev_timer_start(w->loop, &c->timer);
	}
	gmw_watch(c);
}

/* read what a worker connection has, and act on each whole packet; 0, or -1 when it broke */
static int
gmw_reader_read(struct gmw_conn *c)
{
	struct gmwire *w = c->w;
	size_t off = 0;
	ssize_t n;

	if (c->in_cap - c->in_len < GMW_READ + 1) {
		c->in_cap = c->in_len + GMW_READ + 1;
		c->in = xrealloc(c->in, c->in_cap);
	}
	/* one byte stays free past the data: a payload at the end is NUL-ended there */
	n = recv(c->fd, c->in + c->in_len, c->in_cap - c->in_len - 1, 0);
	if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	if (n <= 0) {
		snprintf(w->why, sizeof(w->why), "%s: %s", w->servers[c->server].name,
		    n < 0 ? strerror(errno) : "connection closed by the job server");
		return -1;
	}
	c->in_len += (size_t)n;
	while (c->fd >= 0) {
		struct gearproto_packet pk;
		long k = gearproto_take(c->in + off, c->in_len - off, GMW_PACKET_MAX, &pk);

		if (k < 0) {
			snprintf(w->why, sizeof(w->why), "%s: not the gearman protocol",
			    w->servers[c->server].name);
			return -1;
		}
		if (k == 0)
			break;
		off += (size_t)k;
		gmw_reader_packet(c, &pk);
	}
	if (c->fd < 0)
		return 0;
	memmove(c->in, c->in + off, c->in_len - off);
	c->in_len -= off;
	return 0;
}

static void
gmw_io_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct gmw_conn *c = io->data;

	(void)loop;
	if (c->connecting) {
		int err = 0;
		socklen_t len = sizeof(err);

		if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
			err = errno;
		if (err == EINPROGRESS)
			return;
		if (err != 0) {
			snprintf(c->w->why, sizeof(c->w->why), "%s: %s",
			    c->w->servers[c->server].name, strerror(err));
			gmw_lost(c);
			return;
		}
		gmw_connected(c);
		return;
	}
	if ((revents & EV_READ) && gmw_reader_read(c) < 0) {
		gmw_lost(c);
		return;
	}
	if ((revents & EV_WRITE) && c->fd >= 0 && gmw_write(c) < 0)
		gmw_lost(c);
}

/* before the loop sleeps: everything written in this pass goes out */
static void
gmw_flush_cb(struct ev_loop *loop, ev_prepare *p, int revents)
{
	struct gmwire *w = p->data;
	size_t i;

	(void)revents;
	ev_prepare_stop(loop, p);
	if (gmw_is_up(&w->sub) && w->sub.out.len > w->sub.out_off) {
		if (gmw_write(&w->sub) < 0)
			gmw_sub_lost(w);
		else
			gmw_sub_read(w);
	}
	for (i = 0; i < w->nreaders; i++) {
		struct gmw_conn *c = &w->readers[i];

		if (gmw_is_up(c) && c->out.len > c->out_off && gmw_write(c) < 0)
			gmw_reader_lost(c);
	}
}

/* ---- the API ---- */

static void
gmw_conn_init(struct gmwire *w, struct gmw_conn *c, int worker, size_t server)
{
	c->w = w;
	c->fd = -1;
	c->worker = worker;
	c->server = server;
	c->last_round = -GMW_ROUND;
	ev_init(&c->io, gmw_io_cb);
	c->io.data = c;
	ev_init(&c->timer, gmw_connect_timeout_cb);
	c->timer.data = c;
}

static void
gmw_conn_free(struct gmw_conn *c)
{
	gmw_close(c);
	mbuf_free(&c->out);
	free(c->in);
}

/* host:port (or [v6]:port, or host alone) into sv */
static void
gmw_server(struct gmw_server *sv, const char *s)
{
	const char *colon = strrchr(s, ':');
	const char *host = s;
	size_t hlen;

	sv->name = xstrdup(s);
	if (colon != NULL && strchr(colon, ']') == NULL) {
		hlen = (size_t)(colon - s);
		sv->port = xstrdup(colon + 1);
	} else {
		hlen = strlen(s);
		sv->port = xstrdup("4730");
	}
	if (hlen >= 2 && host[0] == '[' && host[hlen - 1] == ']') {
		host++;
		hlen -= 2;
	}
	sv->host = xstrndup(host, hlen);
}

struct gmwire *
gmwire_new(struct ev_loop *loop, const char *const *servers, size_t nservers,
    const char *result_queue, int readers, int timeout_ms, const struct gmwire_cb *cb)
{
	struct gmwire *w;
	size_t i;

	if (nservers == 0)
		return NULL;
	w = xcalloc(1, sizeof(*w));
	w->loop = loop;
	w->cb = *cb;
	w->servers = xcalloc(nservers, sizeof(*w->servers));
	for (i = 0; i < nservers; i++)
		gmw_server(&w->servers[i], servers[i]);
	w->nservers = nservers;
	w->timeout = timeout_ms > 0 ? timeout_ms / 1000.0 : 0;
	w->up = -1;
	ev_prepare_init(&w->flush, gmw_flush_cb);
	w->flush.data = w;
	ev_timer_init(&w->housekeep, gmw_housekeep_cb, GMW_HOUSEKEEP, GMW_HOUSEKEEP);
	w->housekeep.data = w;
	ev_timer_start(loop, &w->housekeep);
	ev_unref(loop);
	gmw_conn_init(w, &w->sub, 0, 0);
	if (result_queue != NULL && readers > 0) {
		w->result_queue = xstrdup(result_queue);
		w->nreaders = nservers;
		w->readers = xcalloc(nservers, sizeof(*w->readers));
		for (i = 0; i < nservers; i++)
			gmw_conn_init(w, &w->readers[i], 1, i);
	}
	gmw_connect(&w->sub);
	for (i = 0; i < w->nreaders; i++)
		gmw_connect(&w->readers[i]);
	return w;
}

void
gmwire_free(struct gmwire *w)
{
	struct gmw_job *j, *jn;
	size_t i;

	if (w == NULL)
		return;
	/* what is written still goes, in one try: above all the completions of
	 * results already handed over, which the job server would otherwise give
	 * out again */
	for (i = 0; i <= w->nreaders; i++) {
		struct gmw_conn *c = i < w->nreaders ? &w->readers[i] : &w->sub;

		if (gmw_is_up(c) && c->out.len > c->out_off)
			(void)send(c->fd, c->out.p + c->out_off, c->out.len - c->out_off,
			    MSG_NOSIGNAL | MSG_DONTWAIT);
	}
	gmw_conn_free(&w->sub);
	for (i = 0; i < w->nreaders; i++)
		gmw_conn_free(&w->readers[i]);
	free(w->readers);
	ev_prepare_stop(w->loop, &w->flush);
	ev_ref(w->loop);
	ev_timer_stop(w->loop, &w->housekeep);
	for (j = w->head; j != NULL; j = jn) {
		jn = j->next;
		gmw_job_free(j);
	}
	for (i = 0; i < w->nservers; i++) {
		free(w->servers[i].name);
		free(w->servers[i].host);
		free(w->servers[i].port);
	}
	free(w->servers);
	free(w->result_queue);
	free(w);
}

int
gmwire_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag)
{
	struct gmw_job *j;

	if (uniq == NULL)
		uniq = "";
	if (gmw_is_up(&w->sub) && w->head == NULL) {
		gmw_put_submit(&w->sub, queue, uniq, payload, len, prio);
		gmw_want_flush(w);
		return 0;
	}
	if (w->st.waiting >= GMWIRE_QUEUE_MAX)
		return -1;
	j = xcalloc(1, sizeof(*j));
	j->queue = xstrdup(queue);
	j->uniq = xstrdup(uniq);
	j->payload = xmalloc(len > 0 ? len : 1);
	if (len > 0)
		memcpy(j->payload, payload, len);
	j->len = len;
	j->prio = prio;
	j->deadline = deadline > 0 ? ev_now(w->loop) + deadline : 0;
	j->tag = tag;
	if (w->tail != NULL)
		w->tail->next = j;
	else
		w->head = j;
	w->tail = j;
	w->st.waiting++;
	return 0;
}

void
gmwire_stats(struct gmwire *w, struct gmwire_stats *out)
{
	gmw_sub_read(w); /* the confirmations that came since the last flush count */
	*out = w->st;
}

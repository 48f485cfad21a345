/*
 * gmwire: jobs to gearmand and results from it, on the event loop
 * (gmwire.h).
 *
 * Two kinds of connection, both non-blocking and driven by the loop:
 *  - the submitting one, to the first job server of the list that
 *    answers.  A job is put, as its packet, at the end of one output
 *    buffer at once, whether a server is up or not; the jobs leave
 *    together once the oldest has waited GMW_HOLD (or GMW_HOLD_BYTES of
 *    them wait): a send on loopback wakes gearmand and costs the core tens
 *    of microseconds, so a steady flow of checks goes a few to a write.  A packet stays in the
 *    buffer until the job server confirms it (JOB_CREATED, in order; read
 *    at the next flush and by the housekeeping timer, never waited for),
 *    with its tag and deadline beside it in a ring.  When the connection
 *    breaks, what was not confirmed is sent again on the next one: the job
 *    server did not take it, or, if it did and its answer was lost, a job
 *    with the same unique id (mod_gearman's default) is folded into the one
 *    it holds.  While no server is up, a job whose deadline passes is
 *    taken out and given up.
 *  - one worker connection per job server (a worker must listen to all of
 *    them, since a result may be sent to any), taking the result queue's
 *    jobs.  It asks for jobs in rounds of several GRAB_JOBs at once and
 *    completes each result; when a round comes back with no more jobs it
 *    says PRE_SLEEP, and on the job server's NOOP starts the next round no
 *    sooner than GMW_ROUND after the last, so that a steady flow of
 *    results is taken a handful at a time, not woken for once each.
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
#define GMW_HOLD 0.02             /* seconds jobs wait to leave together, at most */
#define GMW_HOLD_BYTES 65536      /* or until this many bytes of them wait */

/* what the submitting buffer's packets do not say: one per packet, in order */
struct gmw_meta {
	unsigned long tag;
	double deadline; /* loop time, 0: none */
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
	int mid_round;       /* completions wait for the round's end, to go with what follows */
	double last_round;
	/* the submitting side: out holds confirmed bytes up to acked, then packets
	 * written and not confirmed up to out_off, then packets not written */
	size_t acked;
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
	struct gmw_meta *ring;       /* the submitting buffer's packets, from the first not confirmed */
	size_t ring_cap, ring_head;  /* ring_cap a power of two; st.waiting entries are held */
	ev_prepare flush;
	ev_timer hold;               /* the jobs written together are due out */
	double first_put;            /* loop time the oldest job not written was put */
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

/* the ring entry of the n-th packet not confirmed */
static struct gmw_meta *
gmw_meta_at(struct gmwire *w, size_t n)
{
	return &w->ring[(w->ring_head + n) & (w->ring_cap - 1)];
}

/* a job's packet at the end of the submitting buffer, its tag and deadline in the ring */
static void
gmw_put_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag)
{
	const char *args[3] = { queue, uniq, payload };
	size_t lens[3] = { strlen(queue), strlen(uniq), len };
	enum gearproto_type t = prio == GMWIRE_HIGH ? GEARPROTO_SUBMIT_JOB_HIGH_BG :
	    prio == GMWIRE_LOW ? GEARPROTO_SUBMIT_JOB_LOW_BG : GEARPROTO_SUBMIT_JOB_BG;
	struct gmw_meta *m;

	if (w->st.waiting == w->ring_cap) {
		size_t cap = w->ring_cap != 0 ? w->ring_cap * 2 : 64, i;
		struct gmw_meta *r = xmalloc(cap * sizeof(*r));

		for (i = 0; i < w->st.waiting; i++)
			r[i] = *gmw_meta_at(w, i);
		free(w->ring);
		w->ring = r;
		w->ring_cap = cap;
		w->ring_head = 0;
	}
	m = gmw_meta_at(w, w->st.waiting++);
	m->tag = tag;
	m->deadline = deadline;
	if (w->sub.acked == w->sub.out_off)
		w->sub.progress = ev_now(w->loop);
	if (w->sub.out_off == w->sub.out.len)
		w->first_put = ev_now(w->loop);
	gearproto_put(&w->sub.out, t, args, lens, 3);
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
	if (c->worker) {
		c->out.len = 0;
	} else if (c->acked > 0) {
		/* the packets not confirmed go again on the next connection */
		memmove(c->out.p, c->out.p + c->acked, c->out.len - c->acked);
		c->out.len -= c->acked;
	}
	c->out_off = 0;
	c->acked = 0;
	c->in_len = 0;
	c->grabs = 0;
	c->empty = 0;
	c->sleeping = 0;
	c->mid_round = 0;
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
	/* (the submitting buffer is emptied as the job server confirms its packets) */
	if (c->worker && c->out_off == c->out.len)
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
	c->mid_round = 1;
}

/* a round is over when every GRAB_JOB of it was answered */
static void
gmw_answered(struct gmw_conn *c, int job)
{
	if (!job)
		c->empty = 1;
	if (c->grabs == 0 || --c->grabs > 0)
		return;
	c->mid_round = 0;
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

/* a job given up: what the loop is told of it (its packet's words, copied) */
struct gmw_gone {
	unsigned long tag;
	char queue[256];
	char uniq[256];
};

/* the queue and unique id of the submission packet at p, into g */
static void
gmw_gone_words(struct gmw_gone *g, const char *p, unsigned long tag)
{
	struct gearproto_packet pk = { 0, p + GEARPROTO_HDR, gearproto_size(p) - GEARPROTO_HDR };
	const char *args[3];
	size_t lens[3];

	g->tag = tag;
	g->queue[0] = g->uniq[0] = '\0';
	if (gearproto_args(&pk, 3, args, lens) == 3) {
		snprintf(g->queue, sizeof(g->queue), "%.*s", (int)lens[0], args[0]);
		snprintf(g->uniq, sizeof(g->uniq), "%.*s", (int)lens[1], args[1]);
	}
}

static void
gmw_tell_gone(struct gmwire *w, const struct gmw_gone *g, size_t n, const char *why)
{
	size_t i;

	w->st.failed += n;
	if (w->cb.fail != NULL)
		for (i = 0; i < n; i++)
			w->cb.fail(w->cb.ctx, g[i].queue, g[i].uniq, g[i].tag, why);
}

/*
 * While no job server is up: take the jobs whose deadline passed out of the
 * submitting buffer (what stays keeps its order), then tell the loop, whose
 * callbacks may submit again.
 */
static void
gmw_expire(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;
	struct gmw_gone *gone = NULL;
	double now = ev_now(w->loop);
	size_t in = 0, out = 0, i, n = w->st.waiting, kept = 0, ngone = 0;
	char why[sizeof(w->why)];

	for (i = 0; i < n; i++) {
		struct gmw_meta m = *gmw_meta_at(w, i);
		size_t size = gearproto_size(c->out.p + in);

		if (m.deadline != 0 && now >= m.deadline) {
			gone = xrealloc(gone, (ngone + 1) * sizeof(*gone));
			gmw_gone_words(&gone[ngone++], c->out.p + in, m.tag);
		} else {
			if (out != in)
				memmove(c->out.p + out, c->out.p + in, size);
			out += size;
			*gmw_meta_at(w, kept++) = m;
		}
		in += size;
	}
	if (ngone == 0)
		return;
	c->out.len = out;
	w->st.waiting = kept;
	memcpy(why, w->why, sizeof(why));
	gmw_tell_gone(w, gone, ngone, why);
	free(gone);
}

/* the submitting connection is up: what waits goes */
static void
gmw_sub_up(struct gmwire *w)
{
	w->tried = 0;
	w->sub.progress = ev_now(w->loop);
	gmw_state(w, 1, "");
	gmw_want_flush(w);
}

/* the submitting connection failed or broke: the next server, or a round failed */
static void
gmw_sub_lost(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;
	size_t at;

	/* the packets written and not confirmed are counted as sent again */
	for (at = c->acked; at < c->out_off; at += gearproto_size(c->out.p + at))
		w->st.resent++;
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

/*
 * The job server's answer to the first packet not confirmed: JOB_CREATED,
 * or ERROR (the job is given up: g filled, 1 returned).  0 when the answer
 * was taken, -1 when nothing written waits for one.
 */
static int
gmw_confirm(struct gmwire *w, const struct gearproto_packet *pk, struct gmw_gone *g)
{
	struct gmw_conn *c = &w->sub;
	const char *p = c->out.p + c->acked;
	unsigned long tag;
	int refused = pk->type == GEARPROTO_ERROR;

	if (c->acked >= c->out_off)
		return -1;
	tag = gmw_meta_at(w, 0)->tag;
	if (refused)
		gmw_gone_words(g, p, tag);
	c->acked += gearproto_size(p);
	w->ring_head = (w->ring_head + 1) & (w->ring_cap - 1);
	w->st.waiting--;
	c->progress = ev_now(w->loop);
	if (!refused)
		w->st.sent++;
	if (c->acked == c->out.len) {
		c->out.len = c->out_off = c->acked = 0;
	} else if (c->acked >= 65536 && c->acked * 2 >= c->out.len) {
		/* the confirmed bytes leave the front now and then, not for every answer */
		memmove(c->out.p, c->out.p + c->acked, c->out.len - c->acked);
		c->out.len -= c->acked;
		c->out_off -= c->acked;
		c->acked = 0;
	}
	return refused;
}

/* act on the whole answers read so far; 0, or -1 when the connection broke (and was let go) */
static int
gmw_sub_take(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;

	for (;;) {
		struct gearproto_packet pk;
		struct gmw_gone g;
		long k = gearproto_take(c->in, c->in_len, 4096, &pk);
		int refused = 0;

		if (k == 0)
			return 0;
		if (k > 0 && (pk.type == GEARPROTO_JOB_CREATED || pk.type == GEARPROTO_ERROR))
			refused = gmw_confirm(w, &pk, &g);
		if (k < 0 || refused < 0) {
			snprintf(w->why, sizeof(w->why), "%s: not the gearman protocol",
			    w->servers[c->server].name);
			gmw_sub_lost(w);
			return -1;
		}
		memmove(c->in, c->in + k, c->in_len - (size_t)k);
		c->in_len -= (size_t)k;
		if (refused) {
			/* told with the answer consumed: the callback may submit again */
			char why[128];

			snprintf(why, sizeof(why), "refused by %s", w->servers[c->server].name);
			gmw_tell_gone(w, &g, 1, why);
			if (!gmw_is_up(c))
				return -1;
		}
	}
}

/* read the job server's answers, short ones (JOB_CREATED with its handle, or ERROR) */
static void
gmw_sub_read(struct gmwire *w)
{
	struct gmw_conn *c = &w->sub;
	char buf[4096];
	ssize_t n;

	while (gmw_is_up(c)) {
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
		if (c->in_len + (size_t)n > c->in_cap) {
			c->in_cap = c->in_len + (size_t)n + 256;
			c->in = xrealloc(c->in, c->in_cap);
		}
		memcpy(c->in + c->in_len, buf, (size_t)n);
		c->in_len += (size_t)n;
		if (gmw_sub_take(w) < 0)
			return;
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
	if (gmw_is_up(c) && c->out_off > c->acked && w->timeout > 0 &&
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

/*
 * Out with what waits: the worker connections' at once, the jobs once the
 * oldest has waited GMW_HOLD or GMW_HOLD_BYTES of them wait (a steady
 * flow of checks leaves a few jobs to a write, not one), or at once with
 * force.
 */
static void
gmw_flush(struct gmwire *w, int force)
{
	size_t i, waiting = w->sub.out.len - w->sub.out_off;
	double wait = w->first_put + GMW_HOLD - ev_now(w->loop);

	if (gmw_is_up(&w->sub) && waiting > 0 && !force && wait > 0 && waiting < GMW_HOLD_BYTES) {
		/* looked at again before the loop next sleeps (it wakes for its ticks
		 * anyway); the timer only for a loop with nothing else to do */
		gmw_want_flush(w);
		if (!ev_is_active(&w->hold)) {
			ev_timer_set(&w->hold, wait + GMW_HOLD, 0);
			ev_timer_start(w->loop, &w->hold);
		}
	} else if (gmw_is_up(&w->sub) && waiting > 0) {
		ev_timer_stop(w->loop, &w->hold);
		if (gmw_write(&w->sub) < 0)
			gmw_sub_lost(w);
		else
			gmw_sub_read(w);
	}
	for (i = 0; i < w->nreaders; i++) {
		struct gmw_conn *c = &w->readers[i];

		if (gmw_is_up(c) && !c->mid_round && c->out.len > c->out_off && gmw_write(c) < 0)
			gmw_reader_lost(c);
	}
}

/* before the loop sleeps */
static void
gmw_flush_cb(struct ev_loop *loop, ev_prepare *p, int revents)
{
	(void)revents;
	ev_prepare_stop(loop, p);
	gmw_flush(p->data, 0);
}

static void
gmw_hold_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	(void)loop;
	(void)revents;
	gmw_flush(t->data, 1);
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
	ev_init(&w->hold, gmw_hold_cb);
	w->hold.data = w;
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
	ev_timer_stop(w->loop, &w->hold);
	ev_ref(w->loop);
	ev_timer_stop(w->loop, &w->housekeep);
	for (i = 0; i < w->nservers; i++) {
		free(w->servers[i].name);
		free(w->servers[i].host);
		free(w->servers[i].port);
	}
	free(w->servers);
	free(w->result_queue);
	free(w->ring);
	free(w);
}

int
gmwire_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag)
{
	if (w->st.waiting >= GMWIRE_QUEUE_MAX)
		return -1;
	gmw_put_submit(w, queue, uniq != NULL ? uniq : "", payload, len, prio,
	    deadline > 0 ? ev_now(w->loop) + deadline : 0, tag);
	if (gmw_is_up(&w->sub))
		gmw_want_flush(w);
	return 0;
}

void
gmwire_retag(struct gmwire *w, gmwire_tag_fn *to, void *ctx)
{
	size_t i;

	for (i = 0; i < w->st.waiting; i++) {
		struct gmw_meta *m = gmw_meta_at(w, i);

		if (m->tag != 0)
			m->tag = to(ctx, m->tag);
	}
}

void
gmwire_stats(struct gmwire *w, struct gmwire_stats *out)
{
	gmw_sub_read(w); /* the confirmations that came since the last flush count */
	*out = w->st;
}

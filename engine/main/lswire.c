/*
 * lswire: the Livestatus socket on the daemon's loop; the protocol is
 * compat/livestatus (lsreq cuts requests, lsquery parses them, lsrun
 * answers them over the tables of lstable).
 *
 * Where: livestatus_socket in jaque.cfg, else the socket path on a
 * broker_module line whose module is a Livestatus one (livestatus.o of
 * mk-livestatus, livestatus.so of naemon-livestatus): no module is
 * loaded, jaque answers itself.  Of the module's options
 * max_response_size, idle_timeout, query_timeout and max_cached_messages
 * (the log table's cache, lslog.h) mean something here;
 * the others are noted once in the log.  The socket is made as the query handler's is (engine/util/
 * usock.c), mode 0660, so the web server's user in the daemon's group
 * can connect.  With livestatus_listen in jaque.cfg, also (or only) over
 * TCP: lstcp.c holds those listeners and lets in the clients
 * livestatus_allow names, served here as the socket's are (lw_accepted),
 * with the same limits; the connection limit counts both kinds together.
 *
 * Never holding the loop: connections are non-blocking; a GET runs in
 * slices from an idle watcher, a few hundred rows at a time until
 * LW_SLICE seconds went by, so a check that falls due waits for one slice
 * at most; each answer is built whole (capped at max_response_size) and
 * written as the client takes it; a client's input is capped per request
 * (lsreq), and while its answers wait unread it is not read.  At most
 * LW_MAX_CONNS connections are served; the next are closed at once (said
 * once in the log until the number falls again).  Before a reload swaps
 * the generation, answers still running are finished (lswire_finish):
 * their rows are the old generation's.
 *
 * Commands (COMMAND [time] NAME;args) take the pipe's path: with
 * command_journal_sync on, those one read brings are one write-ahead batch
 * (cmdahead.c), synced and applied before anything is answered or the
 * connection closed; off, each is applied and journalled as it comes.  As
 * with naemon-livestatus a good command gets no answer and keeps the
 * connection; a line without its timestamp or naming no command gets
 * "400: ..." as the only answer (it is applied at once, after the batch).
 *
 * Waiting (WaitObject, WaitCondition, WaitTrigger, WaitTimeout): a query
 * whose condition does not hold yet waits until it does, tried again at
 * each event of its trigger (every event when none is named) and every
 * LW_WAIT_POLL seconds; a WaitTrigger without a condition waits for the
 * next event of its kind.  Either ends at WaitTimeout (none: no end), and
 * the query is answered then.  The daemon tells of checks, state changes
 * (where event handlers run), downtimes starting and ending and commands
 * (lswire_event), log lines (nlog_set_notify); a change of the comments
 * or downtimes (their stores' generations) counts as a comment or
 * downtime event, and a command that changed a program-wide setting as a
 * program event.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/extcmd.h"
#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsfilter.h"
#include "compat/livestatus/lslog.h"
#include "compat/livestatus/lsout.h"
#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsreq.h"
#include "compat/livestatus/lsrun.h"
#include "compat/livestatus/lstable.h"
#include "compat/nagioslog.h"
#include "compat/snapshot.h"
#include "engine/main/daemon_int.h"
#include "engine/main/lstcp.h"
#include "engine/main/sconn.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"
#include "engine/util/log.h"
#include "engine/util/mbuf.h"
#include "engine/util/usock.h"
#include "engine/util/xalloc.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

#define LW_MAX_CONNS 256
#define LW_BACKLOG 64
#define LW_ACCEPTS_PER_WAKE 16
#define LW_SLICE 0.001         /* seconds of rows per idle pass */
#define LW_SLICE_ROWS 256      /* rows between looks at the clock */
#define LW_OUT_HIGH (256u * 1024u)
#define LW_WAIT_POLL 0.05
#define LW_NTRIG 7             /* the LSQ_WAIT_* bits */
#define LW_IDLE_TIMEOUT 300.0  /* naemon-livestatus's idle_timeout: no request begun */
#define LW_QUERY_TIMEOUT 10.0  /* its query_timeout: a request begun but not ended */
#define LW_MAX_RESPONSE 524288000u /* naemon-livestatus's max_response_size */
#define LW_DRAIN_MAX (256u * 1024u * 1024u)
/* answer buffers kept for the next connections: a new buffer's pages would be
 * faulted in (zeroed by the kernel) again for every large answer */
#define LW_POOL 4
#define LW_POOL_MIN (64u * 1024u)
#define LW_POOL_MAX (16u * 1024u * 1024u)

struct lw_conn {
	struct sconn s;  /* first: a watcher's data is the connection */
	struct lswire *w;
	struct lsreq *in;
	int eof;        /* the client shut down its side */
	int closing;    /* close once out is written */
	int draining;   /* refused: our side is shut, what still comes is read and dropped */
	size_t drained;
	/* the request being answered */
	int busy;
	struct lsq q;
	struct lsrun *run;
	struct mbuf body;
	struct snapshot snap;
	struct lst_data data;
	struct ls_ctx x;
	ev_tstamp wait_until;  /* waiting: when to give up (0: no limit) */
	ev_tstamp since;       /* the last input or output, or the end of an answer */
	int waiting;
	int wait_trig;         /* waiting: the LSQ_WAIT_* events that wake it */
	unsigned long wait_seen; /* waiting: those events' count when it began */
};

struct lswire {
	struct jaque *j;
	int fd;
	char *path;
	struct usock_file file;
	ev_io accept_io;
	ev_timer retry;        /* accepting again after running out of descriptors */
	ev_idle idle;
	ev_timer wait_timer;
	ev_timer sweep;        /* closing connections idle too long */
	ev_tstamp idle_timeout, query_timeout; /* seconds, 0: none */
	struct lstcp *tcp;     /* the TCP listeners (livestatus_listen) */
	struct sconn_list conns;
	int full_said;
	int holding;           /* a reload is under way: start no answer */
	size_t max_response;
	size_t max_cached;     /* max_cached_messages: the log table's cache */
	struct lslog_cache *logs;
	struct lst_status status;
	unsigned long events[LW_NTRIG]; /* events so far, by LSQ_WAIT_* bit */
	size_t nwaiting;       /* connections waiting */
	unsigned long cdsig[2]; /* the comments' and downtimes' generations seen last */
	struct mbuf pool[LW_POOL]; /* kept answer buffers */
	int npool;
	struct arena *spare_scratch; /* a closed connection's scratch arena, reset (its head chunk kept) */
};

static void lw_serve(struct lw_conn *c);

/* ---- connections ---- */

/* how many of the events in bits happened so far */
static unsigned long
lw_events(const struct lswire *w, int bits)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < LW_NTRIG; i++)
		if (bits & (1 << i))
			n += w->events[i];
	return n;
}

/* one more of each event in bits, and of the status table's counters they make */
static void
lw_count(struct lswire *w, int bits)
{
	int i;

	for (i = 0; i < LW_NTRIG; i++)
		if (bits & (1 << i))
			w->events[i]++;
	if (bits & ~LSQ_WAIT_CHECK)
		w->status.count[LST_CNT_EVENTS]++;
	if (bits & LSQ_WAIT_LOG)
		w->status.count[LST_CNT_LOG]++;
	if (bits & LSQ_WAIT_COMMAND)
		w->status.count[LST_CNT_COMMANDS]++;
}

static void
lw_unwait(struct lw_conn *c)
{
	if (!c->waiting)
		return;
	c->waiting = 0;
	c->w->nwaiting--;
}

/* b's memory kept in the pool when it is worth keeping, else freed; b is left empty */
static void
lw_buf_give(struct lswire *w, struct mbuf *b)
{
	if (b->cap >= LW_POOL_MIN && b->cap <= LW_POOL_MAX && w->npool < LW_POOL) {
		b->len = 0;
		w->pool[w->npool++] = *b;
		memset(b, 0, sizeof(*b));
		return;
	}
	mbuf_free(b);
}

/* a kept buffer for b when it has none */
static void
lw_buf_take(struct lswire *w, struct mbuf *b)
{
	if (b->cap == 0 && w->npool > 0)
		*b = w->pool[--w->npool];
}

static void
lw_conn_close(struct lw_conn *c)
{
	struct lswire *w = c->w;

	lw_unwait(c);
	lw_buf_give(w, &c->s.out);
	sconn_close(&w->conns, &c->s);
	lsrun_free(c->run);
	if (c->busy)
		lsq_clear(&c->q);
	if (c->x.scratch != NULL && w->spare_scratch == NULL) {
		/* its head chunk kept: the next connection's rows fault in no fresh pages */
		arena_reset(c->x.scratch);
		w->spare_scratch = c->x.scratch;
	} else {
		arena_free(c->x.scratch);
	}
	lw_buf_give(w, &c->body);
	lsreq_free(c->in);
	free(c);
	if (w->conns.n < LW_MAX_CONNS / 2)
		w->full_said = 0;
}

/* write what waits; -1 when the connection was closed */
static int
lw_flush(struct lw_conn *c)
{
	switch (sconn_flush(&c->s)) {
	case -1:
		lw_conn_close(c);
		return -1;
	case 0:
		return 0;
	}
	if (c->draining) {
		/* the answer is out: end our side, and read until the client ends its
		 * (closing with its bytes unread would reset the connection and lose
		 * the answer) */
		(void)shutdown(c->s.fd, SHUT_WR);
		ev_io_start(c->s.loop, &c->s.rio);
		return 0;
	}
	if (c->closing) {
		lw_conn_close(c);
		return -1;
	}
	return 0;
}

/* the answer: ResponseHeader's 16 bytes when asked for, then the body or the error */
static void
lw_answer(struct lw_conn *c, int fixed16, int code, const char *body, size_t len)
{
	char hdr[17];

	if (code != 200) {
		body = NULL;
		len = 0;
	}
	if (fixed16) {
		lso_fixed16(hdr, code, code != 200 ? strlen(c->q.msg != NULL ? c->q.msg : "") + 1
						   : len);
		mbuf_add(&c->s.out, hdr, 16);
	}
	if (code != 200) {
		mbuf_adds(&c->s.out, c->q.msg != NULL ? c->q.msg : "");
		mbuf_add(&c->s.out, "\n", 1);
	} else if (body == c->body.p && c->s.out.len == 0) {
		/* nothing waits before it: the body itself is written, not a copy of it */
		struct mbuf empty = c->s.out;

		c->s.out = c->body;
		c->body = empty;
	} else {
		mbuf_add(&c->s.out, body, len);
	}
}

/* the request is over: ready for the next one, or to close */
static void
lw_end_request(struct lw_conn *c)
{
	int keep = c->q.keepalive;

	lsq_clear(&c->q);
	c->busy = 0;
	lw_unwait(c);
	c->since = ev_time();
	c->body.len = 0;
	if (!keep)
		c->closing = 1;
}

/* the request is answered: what comes next on this connection */
static void
lw_done(struct lw_conn *c)
{
	lw_end_request(c);
	if (lw_flush(c) < 0)
		return;
	lw_serve(c);
}

static void
lw_finish_run(struct lw_conn *c)
{
	int code = lsrun_code(c->run);

	if (code != 200 && c->q.msg == NULL)
		c->q.msg = xstrdup(lsrun_msg(c->run));
	c->q.code = code;
	mbuf_add(&c->body, "", 0);
	lw_answer(c, c->q.fixed16, code, c->body.p, c->body.len);
	lsrun_free(c->run);
	c->run = NULL;
	lw_done(c);
}

/* start answering c's GET */
/* what the tables read, as the state is now */
static void
lw_ctx(struct lw_conn *c)
{
	time_t now = time(NULL);

	persist_snapshot(c->w->j, &c->snap, now);
	c->data.snap = &c->snap;
	c->data.status = &c->w->status;
	c->data.logs = c->w->logs;
	c->x.data = &c->data;
	c->x.now = now;
	if (c->x.scratch == NULL) {
		c->x.scratch = c->w->spare_scratch != NULL ? c->w->spare_scratch : arena_new();
		c->w->spare_scratch = NULL;
	}
}

static void
lw_start_run(struct lw_conn *c)
{
	struct jaque *j = c->w->j;
	const void *contact = NULL;

	lw_ctx(c);
	c->w->status.interval_length = j->gen->cfg.interval_length;
	if (c->q.authuser != NULL)
		contact = objects_find_contact(j->gen->objs, c->q.authuser);
	lw_buf_take(c->w, &c->body);
	c->run = lsrun_new(&c->q, &c->x, &c->body, c->q.authuser != NULL, contact,
	    c->w->max_response);
	ev_idle_start(j->loop, &c->w->idle);
}

/* whether the wait condition holds on the object (0 when none is given) */
static int
lw_wait_over(struct lw_conn *c)
{
	const void *row = NULL;
	int ok;

	if (c->q.wait_cond == NULL)
		return 0;
	lw_ctx(c);
	if (c->q.wait_object != NULL)
		row = c->q.table->find(&c->x, c->q.wait_object);
	ok = lsf_match(c->q.wait_cond, &c->x, row);
	arena_reset(c->x.scratch);
	return ok;
}

/* a command: staged (1: nothing to answer, take the next request), or, one extcmd
 * refuses or one the journal would read as a spool record, applied now, after
 * what is staged, and answered (0: c may be gone) */
static int
lw_command(struct lw_conn *c)
{
	struct jaque *j = c->w->j;
	const char *cmd = c->q.command;
	size_t n = strlen(cmd);
	enum extcmd_status st;

	/* naemon-livestatus keeps a connection that sent a command */
	c->q.keepalive = 1;
	if (cmdahead_on(j) && extcmd_is_known(cmd, n) && !cmdwire_is_spool(cmd, n)) {
		cmdahead_stage(j, cmd, n, time(NULL));
		lw_end_request(c);
		return 1;
	}
	cmdahead_run(j);
	st = cmdwire_apply(j, cmd, n, time(NULL), 0);
	cmdahead_applied(j);
	if (st == EXTCMD_MALFORMED) {
		mbuf_adds(&c->s.out, "400: Commands must begin with a timestamp inside square "
		    "brackets\n");
	} else if (st == EXTCMD_UNKNOWN) {
		const char *name = strchr(cmd, ']');

		name = name != NULL ? name + 1 + strspn(name + 1, " ") : cmd;
		n = strcspn(name, ";");
		mbuf_addf(&c->s.out, "400: Unknown command '%.*s'\n", (int)n, name);
	}
	lw_done(c);
	return 0;
}

/* one request, parsed into c->q; 1 when it was a staged command (the next
 * may be taken at once), else 0 (answered or answering: c may be gone) */
static int
lw_request(struct lw_conn *c, char **lines, size_t n)
{
	struct lswire *w = c->w;
	size_t nt;
	const struct ls_table *const *tables = lst_tables(&nt);
	struct lsq *q = &c->q;

	w->status.count[LST_CNT_REQUESTS]++;
	lsq_parse(q, tables, nt, lines, n, time(NULL));
	c->busy = 1;
	if (q->kind == LSQ_COMMAND && q->code == 200)
		return lw_command(c);
	/* an answer or the end: the commands before it are applied first */
	cmdahead_run(w->j);
	if (q->kind == LSQ_LOGROTATE) {
		/* not done here: the log rotates on log_rotation_method's schedule */
		q->keepalive = 0;
		lw_done(c);
		return 0;
	}
	if (q->code != 200 || q->kind != LSQ_GET) {
		lw_answer(c, q->fixed16, q->code, NULL, 0);
		lw_done(c);
		return 0;
	}
	if (q->wait_cond != NULL || q->wait_trigger != 0) {
		if (q->wait_cond == NULL || !lw_wait_over(c)) {
			c->waiting = 1;
			w->nwaiting++;
			c->wait_trig = q->wait_trigger != 0 ? q->wait_trigger : LSQ_WAIT_ALL;
			c->wait_seen = lw_events(w, c->wait_trig);
			c->wait_until = q->wait_timeout_ms > 0 ?
			    ev_now(w->j->loop) + (ev_tstamp)q->wait_timeout_ms / 1000.0 : 0;
			if (!ev_is_active(&w->wait_timer))
				ev_timer_start(w->j->loop, &w->wait_timer);
			return 0;
		}
	}
	lw_start_run(c);
	return 0;
}

/* take the requests the input holds, one at a time; the commands staged are
 * synced and applied (cmdahead_run) before anything is answered or closed */
static void
lw_serve(struct lw_conn *c)
{
	struct jaque *j = c->w->j;
	struct ev_loop *loop = j->loop;
	enum lsreq_step step;
	char **lines;
	size_t n;

	while (!c->busy && !c->closing && !c->w->holding) {
		if (c->s.out.len > LW_OUT_HIGH) {
			ev_io_stop(loop, &c->s.rio);
			break;
		}
		step = lsreq_next(c->in, &lines, &n);
		if (step == LSREQ_REQUEST) {
			ev_io_stop(loop, &c->s.rio);
			if (lw_request(c, lines, n))
				continue;
			/* c may be gone: lw_request ended in lw_done or a running answer */
			return;
		}
		cmdahead_run(j);
		switch (step) {
		case LSREQ_MORE:
			if (!c->eof)
				ev_io_start(loop, &c->s.rio);
			return;
		case LSREQ_CLOSE:
			c->closing = 1;
			(void)lw_flush(c);
			return;
		case LSREQ_BAD:
			mbuf_adds(&c->s.out, "Client connection terminated while request still "
			    "incomplete\n");
			c->draining = 1;
			ev_io_stop(loop, &c->s.rio);
			(void)lw_flush(c);
			return;
		case LSREQ_REQUEST: /* taken above */
			return;
		}
	}
	cmdahead_run(j);
}

/* a refused client: read and drop what it still sends, up to LW_DRAIN_MAX */
static void
lw_drain(struct lw_conn *c)
{
	char buf[16384];
	ssize_t n = read(c->s.fd, buf, sizeof(buf));

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (n > 0)
		c->drained += (size_t)n;
	if (n <= 0 || c->drained > LW_DRAIN_MAX)
		lw_conn_close(c);
}

static void
lw_read_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct lw_conn *c = io->data;
	size_t room;
	char *at;
	ssize_t n;

	(void)revents;
	if (c->draining) {
		lw_drain(c);
		return;
	}
	at = lsreq_space(c->in, &room);
	if (room == 0) {
		ev_io_stop(loop, &c->s.rio);
		lw_serve(c);
		return;
	}
	n = read(c->s.fd, at, room);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (n < 0) {
		lw_conn_close(c);
		return;
	}
	if (n == 0) {
		c->eof = 1;
		lsreq_eof(c->in);
		ev_io_stop(loop, &c->s.rio);
	} else {
		lsreq_filled(c->in, (size_t)n);
		c->since = ev_time();
	}
	lw_serve(c);
}

static void
lw_write_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct lw_conn *c = io->data;

	(void)loop;
	(void)revents;
	c->since = ev_time();
	if (lw_flush(c) < 0 || c->s.out.len > 0)
		return;
	lw_serve(c);
}

/* ---- slices and waits ---- */

static void
lw_idle_cb(struct ev_loop *loop, ev_idle *idle, int revents)
{
	struct lswire *w = idle->data;
	struct lw_conn *c, *next;
	ev_tstamp end = ev_time() + LW_SLICE;
	int done;

	(void)revents;
	for (c = (struct lw_conn *)w->conns.head; c != NULL && ev_time() < end; c = next) {
		next = (struct lw_conn *)c->s.next;
		if (c->run == NULL)
			continue;
		done = 0;
		while (!done && ev_time() < end)
			done = lsrun_step(c->run, LW_SLICE_ROWS);
		if (done)
			lw_finish_run(c); /* may close c, or start its next answer */
	}
	for (c = (struct lw_conn *)w->conns.head; c != NULL && c->run == NULL;
	     c = (struct lw_conn *)c->s.next)
		;
	if (c == NULL)
		ev_idle_stop(loop, idle);
}

/* a comment or downtime added or removed by anything (a command, a
 * downtime's start, an expiry, flapping) shows in its store's generation */
static void
lw_store_events(struct lswire *w)
{
	const struct jaque *j = w->j;
	unsigned long sig[2];

	sig[0] = comments_generation(j->comments);
	sig[1] = downtimes_generation(j->downtimes);
	lw_count(w, (sig[0] != w->cdsig[0] ? LSQ_WAIT_COMMENT : 0) |
	    (sig[1] != w->cdsig[1] ? LSQ_WAIT_DOWNTIME : 0));
	w->cdsig[0] = sig[0];
	w->cdsig[1] = sig[1];
}

void
lswire_event(struct jaque *j, int bits)
{
	struct lswire *w = j->ls;

	if (w == NULL)
		return;
	lw_count(w, bits);
	/* the waiting queries look at it once the callback running now is done */
	if (w->nwaiting > 0 && ev_is_active(&w->wait_timer))
		ev_feed_event(j->loop, &w->wait_timer, EV_TIMER);
}

void
lswire_check_result(struct jaque *j, int host)
{
	if (j->ls != NULL)
		j->ls->status.count[host ? LST_CNT_HOST_CHECKS : LST_CNT_SVC_CHECKS]++;
	lswire_event(j, LSQ_WAIT_CHECK);
}

int
lswire_waiting(const struct jaque *j)
{
	return j->ls != NULL && j->ls->nwaiting > 0;
}

static void
lw_log_line(void *arg)
{
	lswire_event(arg, LSQ_WAIT_LOG);
}

static void
lw_wait_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct lswire *w = t->data;
	struct lw_conn *c, *next;
	int waiting = 0;

	(void)revents;
	lw_store_events(w);
	for (c = (struct lw_conn *)w->conns.head; c != NULL; c = next) {
		int over;

		next = (struct lw_conn *)c->s.next;
		if (!c->waiting)
			continue;
		/* with a condition: whether it holds; without: whether an event came */
		if (c->q.wait_cond != NULL)
			over = lw_wait_over(c);
		else
			over = lw_events(w, c->wait_trig) != c->wait_seen;
		if (over || (c->wait_until != 0 && ev_now(loop) >= c->wait_until)) {
			lw_unwait(c);
			lw_start_run(c);
		} else {
			waiting = 1;
		}
	}
	if (!waiting)
		ev_timer_stop(loop, t);
}

/* ---- the listener ---- */

/* serve the client on fd (from the Unix socket or a TCP listener), or close it when full */
static void
lw_accepted(void *arg, int fd)
{
	struct lswire *w = arg;
	struct lw_conn *c;

	if (w->conns.n >= LW_MAX_CONNS) {
		if (!w->full_said)
			nlog_printf(w->j->log, time(NULL), "livestatus: %u connections "
			    "open; closing new ones until some end", w->conns.n);
		w->full_said = 1;
		close(fd);
		return;
	}
	lst_status_rate(&w->status, time(NULL));
	w->status.count[LST_CNT_CONNECTIONS]++;
	c = xcalloc(1, sizeof(*c));
	c->w = w;
	c->in = lsreq_new();
	/* the true time, not the loop's (which may be as old as the work done
	 * before this callback in the same pass): a timeout never ends early */
	c->since = ev_time();
	sconn_open(&w->conns, &c->s, w->j->loop, fd, lw_read_cb, lw_write_cb);
	if (!ev_is_active(&w->sweep)) {
		/* often enough that a timeout ends within an eighth of itself */
		ev_tstamp every = 1.0;

		if (w->idle_timeout > 0 && w->idle_timeout / 8 < every)
			every = w->idle_timeout / 8;
		if (w->query_timeout > 0 && w->query_timeout / 8 < every)
			every = w->query_timeout / 8;
		w->sweep.repeat = every > 0.01 ? every : 0.01;
		ev_timer_again(w->j->loop, &w->sweep);
	}
}

/*
 * As naemon-livestatus: a connection that began no request for idle_timeout,
 * or one whose request stopped coming for query_timeout, gets the message of
 * an incomplete request and is closed; one that does not take its answer
 * for idle_timeout is closed.
 */
static void
lw_sweep_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct lswire *w = t->data;
	struct lw_conn *c, *next;
	ev_tstamp now = ev_now(loop);

	(void)revents;
	for (c = (struct lw_conn *)w->conns.head; c != NULL; c = next) {
		ev_tstamp limit;

		next = (struct lw_conn *)c->s.next;
		if (c->busy || c->closing || c->draining)
			continue;
		if (c->s.out.len > 0) {
			if (w->idle_timeout > 0 && now - c->since >= w->idle_timeout)
				lw_conn_close(c);
			continue;
		}
		limit = lsreq_pending(c->in) > 0 ? w->query_timeout : w->idle_timeout;
		if (limit <= 0 || now - c->since < limit)
			continue;
		mbuf_adds(&c->s.out, "Client connection terminated while request still incomplete\n");
		c->closing = 1;
		ev_io_stop(loop, &c->s.rio);
		(void)lw_flush(c);
	}
	if (w->conns.head == NULL)
		ev_timer_stop(loop, t);
}

static void
lw_accept_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct lswire *w = io->data;
	int fd, k;

	(void)revents;
	for (k = 0; k < LW_ACCEPTS_PER_WAKE; k++) {
		fd = sconn_accept(loop, w->fd, &w->accept_io, &w->retry, "livestatus");
		if (fd < 0)
			return;
		lw_accepted(w, fd);
	}
}

static void
lw_retry_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct lswire *w = t->data;

	(void)revents;
	if (w->fd >= 0)
		ev_io_start(loop, &w->accept_io);
}

/* whether a broker_module line loads a Livestatus module */
static int
lw_is_livestatus(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base != NULL ? base + 1 : path;
	return strcmp(base, "livestatus.o") == 0 || strcmp(base, "livestatus.so") == 0;
}

/* whether tok is name followed by milliseconds (at least 0), then into *out in seconds */
static int
lw_timeout_opt(const char *tok, const char *name, ev_tstamp *out)
{
	size_t n = strlen(name);
	char *end;
	long long ms;

	if (strncmp(tok, name, n) != 0)
		return 0;
	ms = strtoll(tok + n, &end, 10);
	if (end == tok + n || *end != '\0' || ms < 0)
		return 0;
	*out = (ev_tstamp)ms / 1000.0;
	return 1;
}

/* the socket's path (heap), NULL when Livestatus is not asked for; reads the module's options */
static char *
lw_path(struct lswire *w, const struct main_cfg *cfg, int say)
{
	char *path = NULL, *copy, *cur, *tok;
	size_t i;

	w->max_response = LW_MAX_RESPONSE;
	w->max_cached = LSLOG_CACHE_MAX;
	w->idle_timeout = LW_IDLE_TIMEOUT;
	w->query_timeout = LW_QUERY_TIMEOUT;
	if (cfg->livestatus_socket != NULL)
		return xstrdup(cfg->livestatus_socket);
	for (i = 0; i < cfg->broker_modules.len; i++) {
		const struct maincfg_module *m = cfg->broker_modules.items[i];

		if (!lw_is_livestatus(m->path) || m->args == NULL)
			continue;
		copy = xstrdup(m->args);
		cur = copy;
		while ((tok = strsep(&cur, " \t")) != NULL) {
			if (*tok == '\0')
				continue;
			if (strchr(tok, '=') == NULL) {
				if (path == NULL)
					path = xstrdup(tok);
			} else if (strncmp(tok, "max_response_size=", 18) == 0) {
				w->max_response = (size_t)strtoull(tok + 18, NULL, 10);
			} else if (strncmp(tok, "max_cached_messages=", 20) == 0) {
				w->max_cached = (size_t)strtoull(tok + 20, NULL, 10);
			} else if (lw_timeout_opt(tok, "idle_timeout=", &w->idle_timeout) ||
			    lw_timeout_opt(tok, "query_timeout=", &w->query_timeout)) {
				continue;
			} else if (say) {
				nlog_printf(w->j->log, time(NULL), "livestatus: option '%s' of %s "
				    "has no meaning for jaque; ignored", tok, m->path);
			}
		}
		free(copy);
		if (path != NULL)
			break;
	}
	return path;
}

static void
lw_open(struct lswire *w, int say)
{
	struct jaque *j = w->j;
	char *path = lw_path(w, &j->gen->cfg, say);
	const char *step;
	int fd;

	lslog_cache_set_max(w->logs, w->max_cached);
	if (path == NULL)
		return;
	if ((fd = usock_listen(path, 0117, LW_BACKLOG, &w->file, &step)) < 0) {
		nlog_printf(j->log, time(NULL), "Error: livestatus: could not make the socket %s "
		    "(%s: %s)", path, step, strerror(errno));
		free(path);
		return;
	}
	w->fd = fd;
	w->path = path;
	ev_io_init(&w->accept_io, lw_accept_cb, fd, EV_READ);
	w->accept_io.data = w;
	ev_io_start(j->loop, &w->accept_io);
	nlog_printf(j->log, time(NULL), "livestatus: listening on %s", path);
}

static void
lw_close(struct lswire *w)
{
	if (w->fd < 0)
		return;
	ev_io_stop(w->j->loop, &w->accept_io);
	ev_timer_stop(w->j->loop, &w->retry);
	close(w->fd);
	w->fd = -1;
	usock_remove(w->path, &w->file);
	free(w->path);
	w->path = NULL;
}

/* ---- the daemon's hooks ---- */

void
lswire_start(struct jaque *j)
{
	struct lswire *w = xcalloc(1, sizeof(*w));
	size_t nt;

	w->j = j;
	w->fd = -1;
	w->status.version = PACKAGE_VERSION;
	w->status.pid = (long)getpid();
	lst_status_rate(&w->status, time(NULL));
	ev_timer_init(&w->retry, lw_retry_cb, 1.0, 0.);
	w->retry.data = w;
	ev_idle_init(&w->idle, lw_idle_cb);
	w->idle.data = w;
	ev_timer_init(&w->wait_timer, lw_wait_cb, LW_WAIT_POLL, LW_WAIT_POLL);
	w->wait_timer.data = w;
	ev_init(&w->sweep, lw_sweep_cb);
	w->sweep.repeat = 1.0;
	w->sweep.data = w;
	w->logs = lslog_cache_new(0);
	(void)lst_tables(&nt);
	j->ls = w;
	lw_store_events(w);
	nlog_set_notify(j->log, lw_log_line, j);
	lw_open(w, 1);
	w->tcp = lstcp_new(j, lw_accepted, w);
	lstcp_config(w->tcp);
}

void
lswire_finish(struct jaque *j)
{
	struct lswire *w = j->ls;
	struct lw_conn *c, *next;

	if (w == NULL)
		return;
	w->holding = 1;
	for (c = (struct lw_conn *)w->conns.head; c != NULL; c = next) {
		next = (struct lw_conn *)c->s.next;
		if (c->run == NULL)
			continue;
		while (!lsrun_step(c->run, (size_t)-1))
			;
		lw_finish_run(c);
	}
}

void
lswire_reload(struct jaque *j)
{
	struct lswire *w = j->ls;
	struct lw_conn *c, *next;

	if (w == NULL)
		return;
	w->holding = 0;
	nlog_set_notify(j->log, lw_log_line, j); /* the log was opened anew */
	lw_close(w);
	lw_open(w, 1);
	lstcp_config(w->tcp);
	for (c = (struct lw_conn *)w->conns.head; c != NULL; c = next) {
		next = (struct lw_conn *)c->s.next;
		if (!c->busy)
			lw_serve(c);
	}
}

void
lswire_stop(struct jaque *j)
{
	struct lswire *w = j->ls;

	if (w == NULL)
		return;
	nlog_set_notify(j->log, NULL, NULL);
	lw_close(w);
	lstcp_free(w->tcp);
	ev_idle_stop(j->loop, &w->idle);
	ev_timer_stop(j->loop, &w->wait_timer);
	ev_timer_stop(j->loop, &w->sweep);
	while (w->conns.head != NULL)
		lw_conn_close((struct lw_conn *)w->conns.head);
	lslog_cache_free(w->logs);
	while (w->npool > 0)
		mbuf_free(&w->pool[--w->npool]);
	arena_free(w->spare_scratch);
	free(w);
	j->ls = NULL;
}

/*
 * qhwire: the query handler socket (query_socket, Nagios 4's nagios.qh)
 * on the daemon's loop; the protocol is compat/qhsock.c.
 *
 * The socket is made as Nagios 4.4.6 makes it (base/query-handler.c:
 * qh_init, lib/nsock.c:nsock_unix): a Unix stream socket at query_socket,
 * or, when that is not set, "nagios.qh" in the directory of command_file
 * (where Nagios's compiled default puts it beside its compiled pipe), mode
 * 0660 through umask 0117, close-on-exec.  What is at the path already is
 * removed first only when it is a socket nobody answers on (a stale one):
 * Nagios unlinks whatever is there, even the socket of an instance still
 * running.  Failing to make it is logged with Nagios's line and jaque
 * runs on without it (Nagios exits).  On SIGHUP the socket is made anew,
 * at the new configuration's path, as Nagios makes it anew; connections
 * already open stay.  On stop, and before a reload, the socket file is
 * removed only if it is still the one this process made (same device and
 * inode).
 *
 * Nothing here may hold the loop: the listener and every connection are
 * non-blocking; a connection's input is capped (QHSOCK_REQUEST_MAX) and
 * its pending output too (while QW_OUT_HIGH bytes wait for a client that
 * does not read, its requests are not read either); at most QW_MAX_CONNS
 * connections are served at once (the next ones get Nagios's "503: Server
 * full"); a client that connects and sends nothing costs a descriptor and
 * no buffer.
 * Connections are shut down before they are closed, so the snapshot
 * writers' forked copies of the descriptors do not hold a client waiting
 * for its end of file.  The figures of "@core squeuestats" are counted
 * over the objects at most once per loop iteration, whatever a client
 * asks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ev.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/nagioslog.h"
#include "compat/qhsock.h"
#include "engine/check/checker.h"
#include "engine/main/daemon_int.h"
#include "engine/main/sconn.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/util/log.h"
#include "engine/util/mbuf.h"
#include "engine/util/usock.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"

#define QW_MAX_CONNS 128
#define QW_OUT_HIGH (64u * 1024u)
#define QW_ACCEPTS_PER_WAKE 16
#define QW_BACKLOG 64
#define QW_MAX_WORKERS 256

struct qw_conn {
	struct sconn s; /* first: a watcher's data is the connection */
	struct qhwire *w;
	struct qhsock_conn *in;
	int closing;   /* close once out is written */
};

struct qhwire {
	struct jaque *j;
	struct qhsock *qs;
	int fd;               /* the listener, -1 when none */
	char *path;           /* the socket file made here, NULL when none */
	struct usock_file file;
	ev_io accept_io;
	ev_timer retry;       /* accepting again after running out of descriptors */
	struct sconn_list conns;
	unsigned long sq_iter; /* the loop iteration the counts below are of */
	int sq_valid;
	unsigned sq[QHSOCK_SQ_N];
};

/* ---- the figures ---- */

static void
qw_squeue(void *arg, unsigned counts[QHSOCK_SQ_N])
{
	struct qhwire *w = arg;
	struct jaque *j = w->j;
	const struct main_cfg *cfg = &j->gen->cfg;
	size_t hosts, svcs, i, n;
	unsigned long iter = (unsigned long)ev_iteration(j->loop);

	if (w->sq_valid && w->sq_iter == iter) {
		memcpy(counts, w->sq, sizeof(w->sq));
		return;
	}
	checker_waiting(j->chk, &hosts, &svcs);
	counts[QHSOCK_SQ_SERVICE_CHECK] = (unsigned)svcs;
	counts[QHSOCK_SQ_HOST_CHECK] = (unsigned)hosts;
	counts[QHSOCK_SQ_LOG_ROTATION] = cfg->log_rotation_method != MAINCFG_ROT_NONE;
	counts[QHSOCK_SQ_PROGRAM_SHUTDOWN] = ev_is_active(&j->control_timer) && j->want_shutdown;
	counts[QHSOCK_SQ_PROGRAM_RESTART] = ev_is_active(&j->control_timer) && j->want_restart &&
	                                    !j->want_shutdown;
	counts[QHSOCK_SQ_CHECK_REAPER] = ev_is_active(&j->spool_timer) != 0;
	counts[QHSOCK_SQ_RETENTION_SAVE] = ev_is_active(&j->retention_timer) != 0;
	counts[QHSOCK_SQ_STATUS_SAVE] = ev_is_active(&j->status_timer) != 0;
	counts[QHSOCK_SQ_SFRESHNESS_CHECK] = cfg->check_service_freshness != 0;
	counts[QHSOCK_SQ_HFRESHNESS_CHECK] = cfg->check_host_freshness != 0;
	/* a downtime waits for its start (fixed, not triggered) or its end (in
	 * effect); a flexible one not started waits to expire */
	n = j->downtimes != NULL ? downtimes_count(j->downtimes) : 0;
	for (i = 0; i < n; i++) {
		const struct downtime *d = downtimes_at(j->downtimes, i);

		if (d->is_in_effect || (d->fixed && d->triggered_by == 0))
			counts[QHSOCK_SQ_SCHEDULED_DOWNTIME]++;
		else if (!d->fixed)
			counts[QHSOCK_SQ_EXPIRE_DOWNTIME]++;
	}
	n = j->comments != NULL ? comments_count(j->comments) : 0;
	for (i = 0; i < n; i++)
		if (comments_at(j->comments, i)->expires)
			counts[QHSOCK_SQ_EXPIRE_COMMENT]++;
	memcpy(w->sq, counts, sizeof(w->sq));
	w->sq_iter = iter;
	w->sq_valid = 1;
}

static void
qw_loadctl(void *arg, struct qhsock_loadctl *lc)
{
	struct qhwire *w = arg;
	struct checker_stats cs;

	checker_stats(w->j->chk, &cs);
	lc->jobs_running = (unsigned)cs.running;
}

static void
qw_log(void *arg, const char *line)
{
	struct qhwire *w = arg;

	nlog_printf(w->j->log, time(NULL), "%s", line);
}

static size_t
qw_workers(void *arg, struct qhsock_worker *out, size_t max)
{
	struct qhwire *w = arg;
	struct wpool_worker ws[QW_MAX_WORKERS];
	size_t i, n;

	if (w->j->pool == NULL)
		return 0;
	n = wpool_workers(w->j->pool, ws, max < QW_MAX_WORKERS ? max : QW_MAX_WORKERS);
	for (i = 0; i < n; i++) {
		out[i].pid = ws[i].pid;
		out[i].jobs_running = (unsigned)ws[i].running;
		out[i].jobs_started = (unsigned)ws[i].started;
	}
	return n;
}

/* loadctl_options of the configuration, then Nagios's defaults for the rest */
static void
qw_loadctl_config(struct qhwire *w)
{
	const struct main_cfg *cfg = &w->j->gen->cfg;
	struct qhsock_loadctl *lc = qhsock_loadctl(w->qs);
	struct qhsock_loadctl_base b;
	struct wpool_stats ps;
	struct rlimit rl;
	long cpus;

	if (cfg->loadctl_options != NULL)
		(void)qhsock_loadctl_apply(lc, cfg->loadctl_options, strlen(cfg->loadctl_options),
		    NULL, NULL);
	memset(&b, 0, sizeof(b));
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
		b.nofile_limit = (unsigned)rl.rlim_max;
	if (getrlimit(RLIMIT_NPROC, &rl) == 0)
		b.nproc_limit = (unsigned)rl.rlim_max;
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	b.cpus = cpus > 0 ? (unsigned)cpus : 1;
	if (w->j->pool != NULL) {
		wpool_stats(w->j->pool, &ps);
		b.workers = ps.workers;
	}
	/* the limit the checker keeps (checker_new) */
	b.concurrency = cfg->global_concurrency > 0 ? (unsigned)cfg->global_concurrency
	              : cfg->max_concurrent_checks > 0 ? (unsigned)cfg->max_concurrent_checks : 0;
	qhsock_loadctl_defaults(lc, &b);
}

/* ---- connections ---- */

static void
qw_conn_close(struct qw_conn *c)
{
	struct qhwire *w = c->w;

	sconn_close(&w->conns, &c->s);
	qhsock_conn_free(c->in);
	free(c);
}

/* write what waits; -1 when the connection was closed, else 0 */
static int
qw_flush(struct qw_conn *c)
{
	if (sconn_flush(&c->s) < 0) {
		qw_conn_close(c);
		return -1;
	}
	return 0;
}

/* answer what the input holds, as far as the output allows */
static void
qw_conn_run(struct qw_conn *c)
{
	struct ev_loop *loop = c->w->j->loop;
	enum qhsock_step step;

	for (;;) {
		step = qhsock_conn_serve(c->w->qs, c->in, &c->s.out, QW_OUT_HIGH);
		if (qw_flush(c) < 0)
			return;
		switch (step) {
		case QHSOCK_STEP_CLOSE:
			c->closing = 1;
			ev_io_stop(loop, &c->s.rio);
			if (c->s.out.len == 0)
				qw_conn_close(c);
			return;
		case QHSOCK_STEP_FULL:
			if (c->s.out.len == 0)
				continue;
			/* read again once the client took its answers (qw_write_cb) */
			ev_io_stop(loop, &c->s.rio);
			return;
		default:
			ev_io_start(loop, &c->s.rio);
			return;
		}
	}
}

static void
qw_read_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct qw_conn *c = io->data;
	size_t room;
	char *at;
	ssize_t n;

	(void)revents;
	at = qhsock_conn_space(c->in, &room);
	if (room == 0) {
		qw_conn_run(c);
		return;
	}
	n = read(c->s.fd, at, room);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (n == 0 && c->s.out.len > c->s.sent) {
		/* the client is done writing: it still gets what it asked for */
		c->closing = 1;
		ev_io_stop(loop, &c->s.rio);
		return;
	}
	if (n <= 0) {
		qw_conn_close(c);
		return;
	}
	qhsock_conn_filled(c->in, (size_t)n);
	qw_conn_run(c);
}

static void
qw_write_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct qw_conn *c = io->data;

	(void)loop;
	(void)revents;
	if (qw_flush(c) < 0 || c->s.out.len > 0)
		return;
	if (c->closing)
		qw_conn_close(c);
	else
		qw_conn_run(c);
}

/* one client over the limit: Nagios's answer, as far as it goes at once */
static void
qw_refuse(int fd)
{
	struct mbuf b = { 0 };

	qhsock_server_full(&b);
	(void)!write(fd, b.p, b.len);
	mbuf_free(&b);
	(void)shutdown(fd, SHUT_RDWR);
	close(fd);
}

static void
qw_accept_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct qhwire *w = io->data;
	struct qw_conn *c;
	int fd, k;

	(void)revents;
	for (k = 0; k < QW_ACCEPTS_PER_WAKE; k++) {
		fd = sconn_accept(loop, w->fd, &w->accept_io, &w->retry, "query socket");
		if (fd < 0)
			return;
		if (w->conns.n >= QW_MAX_CONNS) {
			qw_refuse(fd);
			continue;
		}
		c = xcalloc(1, sizeof(*c));
		c->w = w;
		c->in = qhsock_conn_new();
		sconn_open(&w->conns, &c->s, loop, fd, qw_read_cb, qw_write_cb);
	}
}

static void
qw_retry_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct qhwire *w = t->data;

	(void)revents;
	if (w->fd >= 0)
		ev_io_start(loop, &w->accept_io);
}

/* ---- the socket file ---- */

/* the path the configuration asks for, NULL when none (heap) */
static char *
qw_path(const struct main_cfg *cfg)
{
	char *dir, *path;

	if (cfg->query_socket != NULL)
		return xstrdup(cfg->query_socket);
	if (cfg->command_file == NULL)
		return NULL;
	dir = xstrdup(cfg->command_file);
	path = xasprintf("%s/nagios.qh", dirname(dir));
	free(dir);
	return path;
}

static void
qw_emit(void *arg, const char *line)
{
	qw_log(arg, line);
}

static void
qw_open(struct qhwire *w)
{
	struct jaque *j = w->j;
	const char *step;
	char *path = qw_path(&j->gen->cfg);
	struct mbuf line = { 0 };
	int fd;

	if (path == NULL)
		return;
	if ((fd = usock_listen(path, 0117, QW_BACKLOG, &w->file, &step)) < 0) {
		qhsock_failed_line(&line, path, step, errno);
		nlog_printf(j->log, time(NULL), "%s", line.p);
		mbuf_free(&line);
		free(path);
		return;
	}
	w->fd = fd;
	w->path = path;
	ev_io_init(&w->accept_io, qw_accept_cb, fd, EV_READ);
	w->accept_io.data = w;
	ev_io_start(j->loop, &w->accept_io);
	qhsock_ready_lines(w->qs, path, qw_emit, w);
}

/* close the listener and remove its file if it is still the one made here */
static void
qw_close(struct qhwire *w)
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
qhwire_start(struct jaque *j)
{
	struct qhsock_hooks h;
	struct qhwire *w = xcalloc(1, sizeof(*w));

	memset(&h, 0, sizeof(h));
	h.arg = w;
	h.squeue = qw_squeue;
	h.loadctl = qw_loadctl;
	h.log = qw_log;
	h.workers = qw_workers;
	w->j = j;
	w->fd = -1;
	w->qs = qhsock_new(&h);
	ev_timer_init(&w->retry, qw_retry_cb, 1.0, 0.);
	w->retry.data = w;
	j->qh = w;
	qw_loadctl_config(w);
	qw_open(w);
}

void
qhwire_reload(struct jaque *j)
{
	struct qhwire *w = j->qh;

	if (w == NULL)
		return;
	w->sq_valid = 0;
	qw_loadctl_config(w);
	qw_close(w);
	qw_open(w);
}

void
qhwire_stop(struct jaque *j)
{
	struct qhwire *w = j->qh;

	if (w == NULL)
		return;
	qw_close(w);
	while (w->conns.head != NULL)
		qw_conn_close((struct qw_conn *)w->conns.head);
	qhsock_free(w->qs);
	free(w);
	j->qh = NULL;
}

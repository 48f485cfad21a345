/*
 * lstcp: the Livestatus TCP listeners (lstcp.h).
 *
 * Who may connect is read from the current generation's configuration at
 * each accept (livestatus_allow; when it is not set, the loopback
 * networks), so a reload's new list applies to the next client.  A
 * refused client is logged at most once a minute per address
 * (LT_QUIET_SLOTS addresses are remembered; a flood from more addresses
 * than that is counted, not logged line by line).  Connections let in get
 * TCP_NODELAY: an answer is written in one piece and should leave at once.
 *
 * As lswire, nothing here blocks: the listeners are non-blocking, at most
 * LT_ACCEPTS_PER_WAKE clients are taken per wake-up, and out of
 * descriptors a listener rests a second (sconn_accept).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/lstcp.h"

#include <errno.h>
#include <ev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/nagioslog.h"
#include "engine/main/daemon_int.h"
#include "engine/main/sconn.h"
#include "engine/util/netaddr.h"
#include "engine/util/tsock.h"
#include "engine/util/xalloc.h"

#define LT_BACKLOG 64
#define LT_ACCEPTS_PER_WAKE 16
#define LT_QUIET_SLOTS 64
#define LT_QUIET_WINDOW 60.0 /* seconds between two lines about one refused address */

struct lt_listener {
	struct lstcp *t;
	struct netaddr_listen where;
	int fd;
	ev_io io;
	ev_timer retry; /* accepting again after running out of descriptors */
	struct lt_listener *next;
};

struct lstcp {
	struct jaque *j;
	lstcp_conn_cb *cb;
	void *arg;
	struct lt_listener *head;
	struct netacl *loopback; /* who may connect when livestatus_allow is not set */
	struct netaddr_recent *quiet;
};

/* whether the client on fd may be served; a refusal is logged, rate-limited */
static int
lt_allowed(struct lstcp *t, struct lt_listener *l, int fd)
{
	const struct netacl *acl = t->j->gen->cfg.livestatus_allow;
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	char who[NETADDR_STRLEN], where[NETADDR_STRLEN];
	unsigned long skipped;

	if (acl == NULL)
		acl = t->loopback;
	if (getpeername(fd, (struct sockaddr *)&ss, &len) < 0)
		return 0;
	if (netacl_allows(acl, (struct sockaddr *)&ss))
		return 1;
	if (netaddr_recent_due(t->quiet, (struct sockaddr *)&ss, ev_now(t->j->loop))) {
		netaddr_client_str((struct sockaddr *)&ss, who, sizeof(who));
		netaddr_listen_str(&l->where, where, sizeof(where));
		skipped = netaddr_recent_skipped(t->quiet);
		nlog_printf(t->j->log, time(NULL), "livestatus: refused a connection from %s "
		    "to %s: not in %s (said once a minute per address)%s", who, where,
		    t->j->gen->cfg.livestatus_allow != NULL ? "livestatus_allow" :
		    "the loopback networks (livestatus_allow is not set)",
		    skipped > 0 ? "; more refused from other addresses, not logged" : "");
	}
	return 0;
}

static void
lt_accept_cb(struct ev_loop *loop, ev_io *io, int revents)
{
	struct lt_listener *l = io->data;
	struct lstcp *t = l->t;
	int fd, k;

	(void)revents;
	for (k = 0; k < LT_ACCEPTS_PER_WAKE; k++) {
		fd = sconn_accept(loop, l->fd, &l->io, &l->retry, "livestatus (TCP)");
		if (fd < 0)
			return;
		if (!lt_allowed(t, l, fd)) {
			(void)shutdown(fd, SHUT_RDWR);
			close(fd);
			continue;
		}
		(void)tsock_nodelay(fd);
		t->cb(t->arg, fd);
	}
}

static void
lt_retry_cb(struct ev_loop *loop, ev_timer *timer, int revents)
{
	struct lt_listener *l = timer->data;

	(void)revents;
	ev_io_start(loop, &l->io);
}

/* listen at where; the new listener, or NULL when that failed (logged) */
static struct lt_listener *
lt_open(struct lstcp *t, const struct netaddr_listen *where)
{
	struct lt_listener *l;
	char name[NETADDR_STRLEN];
	const char *step;
	int fd;

	netaddr_listen_str(where, name, sizeof(name));
	if ((fd = tsock_listen(where, LT_BACKLOG, &step)) < 0) {
		nlog_printf(t->j->log, time(NULL), "Error: livestatus: could not listen on %s "
		    "(%s: %s)", name, step, strerror(errno));
		return NULL;
	}
	l = xcalloc(1, sizeof(*l));
	l->t = t;
	l->where = *where;
	l->fd = fd;
	ev_io_init(&l->io, lt_accept_cb, fd, EV_READ);
	l->io.data = l;
	ev_timer_init(&l->retry, lt_retry_cb, 1.0, 0.);
	l->retry.data = l;
	ev_io_start(t->j->loop, &l->io);
	nlog_printf(t->j->log, time(NULL), "livestatus: listening on %s (TCP)", name);
	return l;
}

static void
lt_close(struct lstcp *t, struct lt_listener *l)
{
	ev_io_stop(t->j->loop, &l->io);
	ev_timer_stop(t->j->loop, &l->retry);
	close(l->fd);
	free(l);
}

/* whether where is in the configured list */
static int
lt_wanted(const struct vec *v, const struct netaddr_listen *where)
{
	size_t i;

	for (i = 0; i < v->len; i++)
		if (netaddr_listen_same(v->items[i], where))
			return 1;
	return 0;
}

/* say who may connect */
static void
lt_say_allow(struct lstcp *t)
{
	const struct netacl *acl = t->j->gen->cfg.livestatus_allow;
	char list[512];

	if (acl == NULL) {
		nlog_printf(t->j->log, time(NULL), "livestatus: livestatus_allow is not set: only "
		    "loopback clients (127.0.0.0/8, ::1) may connect over TCP");
		return;
	}
	if (netacl_count(acl) == 0)
		(void)snprintf(list, sizeof(list), "nobody (livestatus_allow lists no address)");
	else
		netacl_str(acl, list, sizeof(list));
	nlog_printf(t->j->log, time(NULL), "livestatus: TCP clients allowed from %s", list);
}

void
lstcp_config(struct lstcp *t)
{
	const struct vec *want = &t->j->gen->cfg.livestatus_listen;
	struct lt_listener **pp = &t->head, *l;
	size_t i;

	while ((l = *pp) != NULL) {
		if (lt_wanted(want, &l->where)) {
			pp = &l->next;
			continue;
		}
		*pp = l->next;
		lt_close(t, l);
	}
	for (i = 0; i < want->len; i++) {
		for (l = t->head; l != NULL && !netaddr_listen_same(&l->where, want->items[i]);
		     l = l->next)
			;
		if (l != NULL || (l = lt_open(t, want->items[i])) == NULL)
			continue;
		l->next = t->head;
		t->head = l;
	}
	if (want->len > 0)
		lt_say_allow(t);
}

struct lstcp *
lstcp_new(struct jaque *j, lstcp_conn_cb *cb, void *arg)
{
	struct lstcp *t = xcalloc(1, sizeof(*t));

	t->j = j;
	t->cb = cb;
	t->arg = arg;
	t->loopback = netacl_loopback();
	t->quiet = netaddr_recent_new(LT_QUIET_SLOTS, LT_QUIET_WINDOW);
	return t;
}

void
lstcp_free(struct lstcp *t)
{
	struct lt_listener *l;

	if (t == NULL)
		return;
	while ((l = t->head) != NULL) {
		t->head = l->next;
		lt_close(t, l);
	}
	netacl_free(t->loopback);
	netaddr_recent_free(t->quiet);
	free(t);
}

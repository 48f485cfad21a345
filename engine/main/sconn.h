/*
 * sconn: what the daemon's socket servers (the query handler socket,
 * Livestatus) do alike with a client connection on the loop: its two
 * watchers, the output waiting to be written, its place in the server's
 * list, and closing it.  A server's connection struct starts with a
 * struct sconn, so a watcher's data (the sconn) is the connection.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SCONN_H
#define JAQUE_SCONN_H

#include <ev.h>
#include <stddef.h>

#include "engine/util/mbuf.h"

struct sconn {
	struct sconn *prev, *next;
	struct ev_loop *loop;
	int fd;
	ev_io rio, wio;
	struct mbuf out;   /* waiting to be written */
	size_t sent;       /* bytes of out written already */
};

struct sconn_list {
	struct sconn *head;
	unsigned n;
};

typedef void sconn_cb(struct ev_loop *loop, ev_io *io, int revents);

/* serve fd: the watchers (data c), reading on, c first in l */
void sconn_open(struct sconn_list *l, struct sconn *c, struct ev_loop *loop, int fd,
    sconn_cb *on_read, sconn_cb *on_write);
/*
 * Write what waits: 1 when all of it is out (out emptied, the write
 * watcher stopped), 0 when the rest waits for the client (the write
 * watcher on), -1 when the connection failed (the caller closes it).
 */
int sconn_flush(struct sconn *c);
/*
 * The next client waiting on the listening socket lfd (non-blocking,
 * close-on-exec), or -1 when none.  Out of descriptors, the listener's
 * watcher io is stopped and retry (whose callback starts io again) is set
 * for a second later: the waiting client would otherwise wake the loop at
 * once, over and over.  what names the socket in the diagnostic log.
 */
int sconn_accept(struct ev_loop *loop, int lfd, ev_io *io, ev_timer *retry, const char *what);
/* stop the watchers, shut down and close fd, take c out of l, free out (c is the caller's) */
void sconn_close(struct sconn_list *l, struct sconn *c);

#endif

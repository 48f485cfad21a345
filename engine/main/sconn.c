/*
 * sconn: a client connection of the daemon's socket servers (sconn.h).
 * Connections are shut down before they are closed, so the snapshot
 * writers' forked copies of the descriptors do not hold a client waiting
 * for its end of file.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE /* accept4 */
#include "engine/main/sconn.h"

#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "engine/util/log.h"

void
sconn_open(struct sconn_list *l, struct sconn *c, struct ev_loop *loop, int fd,
    sconn_cb *on_read, sconn_cb *on_write)
{
	c->loop = loop;
	c->fd = fd;
	ev_io_init(&c->rio, on_read, fd, EV_READ);
	ev_io_init(&c->wio, on_write, fd, EV_WRITE);
	c->rio.data = c->wio.data = c;
	ev_io_start(loop, &c->rio);
	c->prev = NULL;
	c->next = l->head;
	if (l->head != NULL)
		l->head->prev = c;
	l->head = c;
	l->n++;
}

int
sconn_flush(struct sconn *c)
{
	ssize_t n;

	while (c->sent < c->out.len) {
		n = write(c->fd, c->out.p + c->sent, c->out.len - c->sent);
		if (n > 0) {
			c->sent += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			ev_io_start(c->loop, &c->wio);
			return 0;
		}
		return -1;
	}
	c->out.len = 0;
	c->sent = 0;
	ev_io_stop(c->loop, &c->wio);
	return 1;
}

void
sconn_close(struct sconn_list *l, struct sconn *c)
{
	ev_io_stop(c->loop, &c->rio);
	ev_io_stop(c->loop, &c->wio);
	(void)shutdown(c->fd, SHUT_RDWR);
	close(c->fd);
	if (c->prev != NULL)
		c->prev->next = c->next;
	else
		l->head = c->next;
	if (c->next != NULL)
		c->next->prev = c->prev;
	l->n--;
	mbuf_free(&c->out);
}

int
sconn_accept(struct ev_loop *loop, int lfd, ev_io *io, ev_timer *retry, const char *what)
{
	int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);

	if (fd < 0 && (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)) {
		log_warn("%s: accept", what);
		ev_io_stop(loop, io);
		ev_timer_set(retry, 1.0, 0.);
		ev_timer_start(loop, retry);
	}
	return fd;
}

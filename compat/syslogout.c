/*
 * syslogout: see syslogout.h.  One socket, connected on demand; every
 * send is non-blocking.  A send refused because the peer is gone (the log
 * daemon restarted) reconnects and tries once more; a connect that fails
 * is not tried again for a second, so a machine without a log daemon costs
 * one failed connect a second, not one a line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/syslogout.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

/* room for nagios.log's longest line (compat/nagioslog.c) and the header */
#define SYSLOGOUT_MSG_MAX (8192 + 256)

struct syslogout {
	char *path;
	char *ident;
	int fd;
	int stream;         /* the socket at path is a stream socket */
	time_t retry_at;    /* no connect before this after a failed one */
	unsigned long dropped;
};

struct syslogout *
syslogout_new(const char *path, const char *ident)
{
	struct syslogout *s = xcalloc(1, sizeof(*s));

	s->path = xstrdup(path != NULL ? path : SYSLOGOUT_PATH);
	s->ident = xstrdup(ident != NULL ? ident : "");
	s->fd = -1;
	return s;
}

static void
syslogout_close(struct syslogout *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

void
syslogout_free(struct syslogout *s)
{
	if (s == NULL)
		return;
	syslogout_close(s);
	free(s->path);
	free(s->ident);
	free(s);
}

size_t
syslogout_format(char *buf, size_t n, int pri, time_t t, const char *ident, const char *text)
{
	static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
		"Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;
	int len;

	if (n == 0)
		return 0;
	if (localtime_r(&t, &tm) == NULL)
		memset(&tm, 0, sizeof(tm));
	/* glibc: "<%d>" then strftime "%h %e %T " in the C locale, the tag and ": " */
	len = snprintf(buf, n, "<%d>%s %2d %02d:%02d:%02d %s: %s", pri,
	    months[tm.tm_mon >= 0 && tm.tm_mon < 12 ? tm.tm_mon : 0], tm.tm_mday, tm.tm_hour,
	    tm.tm_min, tm.tm_sec, ident, text);
	if (len < 0)
		len = 0;
	return (size_t)len < n ? (size_t)len : n - 1;
}

/* connect to the log daemon's socket: a datagram one, else a stream one */
static int
syslogout_connect(struct syslogout *s)
{
	struct sockaddr_un sa;
	int types[2] = { SOCK_DGRAM, SOCK_STREAM }, i;

	if (strlen(s->path) >= sizeof(sa.sun_path))
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, s->path, strlen(s->path) + 1);
	for (i = 0; i < 2; i++) {
		int fd = socket(AF_UNIX, types[i] | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);

		if (fd < 0)
			return -1;
		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0) {
			s->fd = fd;
			s->stream = types[i] == SOCK_STREAM;
			return 0;
		}
		close(fd);
		/* glibc tries a stream socket only when the datagram one is the wrong type */
		if (errno != EPROTOTYPE)
			return -1;
	}
	return -1;
}

/* one try: 1 sent, 0 the daemon is behind (drop), -1 the connection is broken */
static int
syslogout_try(struct syslogout *s, const char *msg, size_t len)
{
	ssize_t w;

	/* on a stream socket the message ends with its NUL, as glibc sends it */
	w = send(s->fd, msg, s->stream ? len + 1 : len, MSG_NOSIGNAL | MSG_DONTWAIT);
	if (w == (ssize_t)(s->stream ? len + 1 : len))
		return 1;
	if (w >= 0) {
		/* half a message on a stream: the next one would start inside it */
		syslogout_close(s);
		return 0;
	}
	if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS || errno == EMSGSIZE ||
	    errno == EINTR)
		return 0;
	syslogout_close(s);
	return -1;
}

int
syslogout_send(struct syslogout *s, const char *text)
{
	char msg[SYSLOGOUT_MSG_MAX];
	time_t now = time(NULL);
	size_t len;
	int attempt, r = -1;

	if (s == NULL)
		return -1;
	len = syslogout_format(msg, sizeof(msg), SYSLOGOUT_PRI, now, s->ident, text);
	for (attempt = 0; attempt < 2; attempt++) {
		if (s->fd < 0) {
			if (now < s->retry_at || syslogout_connect(s) < 0) {
				s->retry_at = now + 1;
				break;
			}
		}
		r = syslogout_try(s, msg, len);
		if (r >= 0)
			break;
	}
	if (r == 1)
		return 0;
	s->dropped++;
	return -1;
}

unsigned long
syslogout_dropped(const struct syslogout *s)
{
	return s != NULL ? s->dropped : 0;
}

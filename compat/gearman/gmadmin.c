/*
 * gmadmin: gearmand's "status" command (gmadmin.h).
 *
 * The exchange runs on one non-blocking socket under poll, against one
 * deadline: connect, send the command, read until the "." line.  Each
 * address the name has is tried in turn while time is left.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/gmadmin.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

/* one line "NAME\tTOTAL\tRUNNING\tWORKERS" (len bytes, no newline) into f */
static int
gma_line(const char *line, size_t len, struct gmadmin_fn *f)
{
	const char *tab = memchr(line, '\t', len), *p;
	unsigned long *v[3] = { &f->total, &f->running, &f->workers };
	char num[32], *end;
	size_t i, n;

	if (tab == NULL || tab == line)
		return -1;
	p = tab + 1;
	for (i = 0; i < 3; i++) {
		const char *stop = memchr(p, '\t', (size_t)(line + len - p));

		if (stop == NULL)
			stop = line + len;
		n = (size_t)(stop - p);
		if ((i < 2) != (stop < line + len) || n == 0 || n >= sizeof(num) ||
		    strspn(p, "0123456789") < n)
			return -1;
		memcpy(num, p, n);
		num[n] = '\0';
		errno = 0;
		*v[i] = strtoul(num, &end, 10);
		if (errno != 0 || *end != '\0')
			return -1;
		p = stop + 1;
	}
	f->name = xstrndup(line, (size_t)(tab - line));
	return 0;
}

int
gmadmin_parse(const char *text, struct gmadmin_status *st, char *why, size_t whylen)
{
	const char *p = text, *nl;
	size_t cap = 0, len;

	st->fn = NULL;
	st->n = 0;
	for (;; p = nl + 1) {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len == 1 && p[0] == '.')
			return 0;
		if (nl == NULL) {
			snprintf(why, whylen, "the answer does not end with a \".\" line");
			break;
		}
		if (st->n == cap) {
			cap = cap ? cap * 2 : 16;
			st->fn = xreallocarray(st->fn, cap, sizeof(*st->fn));
		}
		if (gma_line(p, len, &st->fn[st->n]) < 0) {
			snprintf(why, whylen, "not a status line: \"%.*s\"", (int)(len < 80 ? len : 80),
			    p);
			break;
		}
		st->n++;
	}
	gmadmin_status_free(st);
	return -1;
}

void
gmadmin_status_free(struct gmadmin_status *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		free(st->fn[i].name);
	free(st->fn);
	st->fn = NULL;
	st->n = 0;
}

const struct gmadmin_fn *
gmadmin_find(const struct gmadmin_status *st, const char *name)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		if (strcmp(st->fn[i].name, name) == 0)
			return &st->fn[i];
	return NULL;
}

static double
gma_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* wait for events on fd until deadline: 1 ready, 0 timed out, -1 error */
static int
gma_wait(int fd, short events, double deadline)
{
	struct pollfd pfd = { fd, events, 0 };
	double left;
	int rc;

	for (;;) {
		left = deadline - gma_now();
		if (left <= 0)
			return 0;
		rc = poll(&pfd, 1, (int)(left * 1000) + 1);
		if (rc < 0 && errno == EINTR)
			continue;
		return rc;
	}
}

/* a connected non-blocking socket to ai by deadline, or -1 with errno */
static int
gma_connect(const struct addrinfo *ai, double deadline)
{
	int fd, err = 0, rc;
	socklen_t elen = sizeof(err);

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
	if (fd < 0)
		return -1;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
		return fd;
	if (errno != EINPROGRESS)
		goto fail;
	rc = gma_wait(fd, POLLOUT, deadline);
	if (rc <= 0) {
		if (rc == 0)
			errno = ETIMEDOUT;
		goto fail;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) < 0)
		goto fail;
	if (err == 0)
		return fd;
	errno = err;
fail:
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* "host:port" or "[host]:port" into host and port; 0 or -1 */
static int
gma_split(const char *server, char *host, size_t hostlen, char *port, size_t portlen)
{
	const char *colon = strrchr(server, ':'), *h = server;
	size_t n;

	if (colon == NULL || colon[1] == '\0' || strlen(colon + 1) >= portlen)
		return -1;
	n = (size_t)(colon - server);
	if (n >= 2 && server[0] == '[' && server[n - 1] == ']') {
		h++;
		n -= 2;
	}
	if (n == 0 || n >= hostlen)
		return -1;
	memcpy(host, h, n);
	host[n] = '\0';
	snprintf(port, portlen, "%s", colon + 1);
	return 0;
}

/* send "status" on fd and read the answer by deadline into a heap text, or NULL */
static char *
gma_exchange(int fd, double deadline, char *why, size_t whylen)
{
	static const char cmd[] = "status\n";
	size_t len = 0, cap = 4096;
	char *buf;
	ssize_t n;
	int rc;

	if (gma_wait(fd, POLLOUT, deadline) <= 0 || write(fd, cmd, sizeof(cmd) - 1) !=
	    (ssize_t)(sizeof(cmd) - 1)) {
		snprintf(why, whylen, "cannot send the command");
		return NULL;
	}
	buf = xmalloc(cap);
	for (;;) {
		/* done at a "." line */
		buf[len] = '\0';
		if ((len >= 2 && strcmp(buf, ".\n") == 0) ||
		    (len >= 3 && strcmp(buf + len - 3, "\n.\n") == 0))
			return buf;
		if (len + 1 == cap) {
			if (cap >= GMADMIN_REPLY_MAX) {
				snprintf(why, whylen, "an answer over %d bytes", GMADMIN_REPLY_MAX);
				break;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		rc = gma_wait(fd, POLLIN, deadline);
		if (rc <= 0) {
			snprintf(why, whylen, rc == 0 ? "no answer in time" : "poll failed");
			break;
		}
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			snprintf(why, whylen, n == 0 ? "the server closed the connection" :
			    "read failed");
			break;
		}
		len += (size_t)n;
	}
	free(buf);
	return NULL;
}

int
gmadmin_status(const char *server, double timeout, struct gmadmin_status *st, char *why,
    size_t whylen)
{
	struct addrinfo hints, *res = NULL, *ai;
	char host[256], port[16], *text;
	double deadline;
	int fd = -1, rc, err = 0;

	st->fn = NULL;
	st->n = 0;
	if (gma_split(server, host, sizeof(host), port, sizeof(port)) < 0) {
		snprintf(why, whylen, "not host:port");
		return -1;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc != 0) {
		snprintf(why, whylen, "%s", gai_strerror(rc));
		return -1;
	}
	deadline = gma_now() + timeout;
	for (ai = res; ai != NULL && fd < 0; ai = ai->ai_next) {
		fd = gma_connect(ai, deadline);
		err = errno;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(why, whylen, "%s", err == ETIMEDOUT ? "no connection in time" :
		    strerror(err));
		return -1;
	}
	text = gma_exchange(fd, deadline, why, whylen);
	close(fd);
	if (text == NULL)
		return -1;
	rc = gmadmin_parse(text, st, why, whylen);
	free(text);
	return rc;
}

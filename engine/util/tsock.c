/*
 * tsock: listening TCP sockets (tsock.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/tsock.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>

static int
tsock_fail(int fd)
{
	int e = errno;

	close(fd);
	errno = e;
	return -1;
}

int
tsock_listen(const struct netaddr_listen *l, int backlog, const char **step)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int family = l->family == AF_UNSPEC ? AF_INET6 : l->family;
	int fd, one = 1, v6only = l->family == AF_INET6;

	*step = "socket";
	fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0 && l->family == AF_UNSPEC && errno == EAFNOSUPPORT) {
		family = AF_INET;
		fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	}
	if (fd < 0)
		return -1;
	*step = "setsockopt";
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0)
		return tsock_fail(fd);
	if (family == AF_INET6 &&
	    setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, sizeof(v6only)) < 0)
		return tsock_fail(fd);
	*step = "bind";
	len = netaddr_listen_sockaddr(l, family, &ss);
	if (bind(fd, (struct sockaddr *)&ss, len) < 0)
		return tsock_fail(fd);
	*step = "listen";
	if (listen(fd, backlog) < 0)
		return tsock_fail(fd);
	return fd;
}

int
tsock_nodelay(int fd)
{
	int one = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

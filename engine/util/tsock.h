/*
 * tsock: a listening TCP socket at a struct netaddr_listen, as the
 * daemon's TCP listeners make it: SO_REUSEADDR (a restart binds again at
 * once, with the last connections still in TIME_WAIT), non-blocking,
 * close-on-exec.  "[::]:PORT" is IPv6 only (IPV6_V6ONLY), so that
 * "0.0.0.0:PORT" may be given beside it; "*:PORT" is one dual-stack IPv6
 * socket, or an IPv4 one on a machine without IPv6.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TSOCK_H
#define JAQUE_TSOCK_H

#include "engine/util/netaddr.h"

/*
 * Listen at l: the descriptor, or -1 with errno and *step ("socket",
 * "setsockopt", "bind", "listen": what failed).
 */
int tsock_listen(const struct netaddr_listen *l, int backlog, const char **step);
/* switch Nagle's delay off on a connected socket (answers go out whole at once); 0 or -1 */
int tsock_nodelay(int fd);

#endif

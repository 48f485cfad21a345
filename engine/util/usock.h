/*
 * usock: a listening Unix stream socket at a path, as the daemon's query
 * sockets make it: what is at the path already is removed only when it
 * is a socket nobody answers on (a stale one), and the file is removed
 * at the end only if it is still the one made here (same device and
 * inode).  Non-blocking and close-on-exec.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_USOCK_H
#define JAQUE_USOCK_H

#include <sys/types.h>

/* the socket file made by usock_listen */
struct usock_file {
	dev_t dev;
	ino_t ino;
};

/*
 * Listen at path, the file created through umask mask; the descriptor, or
 * -1 with errno and *step ("socket", "bind", "unlink", "listen": what
 * failed, as Nagios names it).
 */
int usock_listen(const char *path, mode_t mask, int backlog, struct usock_file *f,
    const char **step);
/* remove path if it is still the socket f describes */
void usock_remove(const char *path, const struct usock_file *f);

#endif

/*
 * usock: listening Unix sockets at a path (usock.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/usock.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* whether a process accepts on the socket at sa (a stale one refuses) */
static int
usock_answers(const struct sockaddr_un *sa)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	int live;

	if (fd < 0)
		return 1;
	live = connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0 || errno == EAGAIN ||
	       errno == EINPROGRESS;
	close(fd);
	return live;
}

static int
usock_fail(int fd, int unlink_path, const char *path)
{
	int e = errno;

	close(fd);
	if (unlink_path)
		(void)unlink(path);
	errno = e;
	return -1;
}

int
usock_listen(const char *path, mode_t mask, int backlog, struct usock_file *f,
    const char **step)
{
	struct sockaddr_un sa;
	struct stat st;
	mode_t old;
	int fd, rc;

	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	*step = "socket";
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	*step = "bind";
	if (strlen(path) >= sizeof(sa.sun_path)) {
		errno = ENAMETOOLONG;
		return usock_fail(fd, 0, path);
	}
	memcpy(sa.sun_path, path, strlen(path));
	if (lstat(path, &st) == 0) {
		/* another file, or a socket someone still listens on: not ours */
		if (!S_ISSOCK(st.st_mode) || usock_answers(&sa)) {
			errno = EADDRINUSE;
			return usock_fail(fd, 0, path);
		}
		*step = "unlink";
		if (unlink(path) < 0 && errno != ENOENT)
			return usock_fail(fd, 0, path);
		*step = "bind";
	}
	old = umask(mask);
	rc = bind(fd, (struct sockaddr *)&sa, sizeof(sa));
	umask(old);
	if (rc < 0)
		return usock_fail(fd, 0, path);
	*step = "listen";
	if (listen(fd, backlog) < 0 || stat(path, &st) < 0)
		return usock_fail(fd, 1, path);
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	return fd;
}

void
usock_remove(const char *path, const struct usock_file *f)
{
	struct stat st;

	if (path != NULL && lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && st.st_dev == f->dev &&
	    st.st_ino == f->ino)
		(void)unlink(path);
}

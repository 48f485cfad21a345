/*
 * cmdpipe: see cmdpipe.h.  One buffer of CMDPIPE_LINE_MAX + 1 bytes
 * holds the partial line; reads go straight into its free end, and
 * complete lines are handed out from the front.  The extra byte is room
 * for the '\n' of a line of exactly CMDPIPE_LINE_MAX bytes (it becomes
 * the NUL); when the buffer is full without a '\n' the line is too long:
 * it is dropped and the reader skips to the next '\n'.  A read takes at
 * most a few buffers per wake-up, so a flooding writer cannot hold the
 * loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/cmdpipe.h"

#include <errno.h>
#include <ev.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

#define CMDPIPE_READS_PER_WAKE 16
#define CMDPIPE_BUF (CMDPIPE_LINE_MAX + 1u)

struct cmdpipe {
	struct ev_loop *loop;
	ev_io io;
	int fd;
	char *path;
	dev_t dev;           /* the FIFO opened, to tell it from another at path */
	ino_t ino;
	struct cmdpipe_hooks hooks;
	char *buf;           /* CMDPIPE_BUF bytes */
	size_t used;
	int skipping;        /* dropping an overlong line up to its '\n' */
	size_t skipped;
	unsigned long lines;
};

static void
cmdpipe_emit(struct cmdpipe *p, char *line, size_t len)
{
	/* a '\r' before the '\n' (a line written from Windows) is not part of it */
	if (len > 0 && line[len - 1] == '\r')
		len--;
	if (len == 0)
		return;
	line[len] = '\0';
	p->lines++;
	p->hooks.line(p->hooks.arg, line, len);
}

/* hand out the complete lines at the front of the buffer */
static void
cmdpipe_split(struct cmdpipe *p)
{
	size_t start = 0;
	char *nl;

	while (start < p->used && (nl = memchr(p->buf + start, '\n', p->used - start)) != NULL) {
		size_t len = (size_t)(nl - (p->buf + start));

		if (p->skipping) {
			p->skipped += len;
			if (p->hooks.overlong != NULL)
				p->hooks.overlong(p->hooks.arg, p->skipped);
			p->skipping = 0;
			p->skipped = 0;
		} else {
			cmdpipe_emit(p, p->buf + start, len);
		}
		start += len + 1;
	}
	if (start > 0) {
		memmove(p->buf, p->buf + start, p->used - start);
		p->used -= start;
	}
	if (p->used == CMDPIPE_BUF) {
		/* full and no '\n': longer than CMDPIPE_LINE_MAX; forget it and
		 * skip to its end */
		p->skipped += p->used;
		p->skipping = 1;
		p->used = 0;
	}
}

void
cmdpipe_drain(struct cmdpipe *p)
{
	int i;

	for (i = 0; i < CMDPIPE_READS_PER_WAKE; i++) {
		ssize_t n = read(p->fd, p->buf + p->used, CMDPIPE_BUF - p->used);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return; /* EAGAIN: nothing more now */
		}
		if (n == 0)
			return; /* cannot happen while we hold a write end */
		p->used += (size_t)n;
		cmdpipe_split(p);
		if (p->hooks.batch != NULL)
			p->hooks.batch(p->hooks.arg);
	}
}

static void
cmdpipe_cb(struct ev_loop *loop, ev_io *w, int revents)
{
	(void)loop;
	(void)revents;
	cmdpipe_drain(w->data);
}

struct cmdpipe *
cmdpipe_open(struct ev_loop *loop, const char *path, const struct cmdpipe_hooks *hooks,
    char *err, size_t errlen)
{
	struct cmdpipe *p;
	struct stat st;
	mode_t old;
	int fd;

	if (lstat(path, &st) == 0 && !S_ISFIFO(st.st_mode)) {
		snprintf(err, errlen,
		    "Error: Could not create external command file '%s' as named pipe: (%d) -> %s.  "
		    "If this file already exists and you are sure that another copy of Nagios is "
		    "not running, you should delete this file.",
		    path, EEXIST, strerror(EEXIST));
		return NULL;
	}
	if (lstat(path, &st) != 0) {
		old = umask(S_IWOTH);
		if (mkfifo(path, S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP) != 0) {
			int e = errno;

			umask(old);
			snprintf(err, errlen,
			    "Error: Could not create external command file '%s' as named pipe: "
			    "(%d) -> %s.  If this file already exists and you are sure that another "
			    "copy of Nagios is not running, you should delete this file.",
			    path, e, strerror(e));
			return NULL;
		}
		umask(old);
	}
	fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		snprintf(err, errlen,
		    "Error: Could not open external command file for reading via open(): (%d) -> %s",
		    e, strerror(e));
		return NULL;
	}
	p = xcalloc(1, sizeof(*p));
	p->loop = loop;
	p->fd = fd;
	if (fstat(fd, &st) == 0) {
		p->dev = st.st_dev;
		p->ino = st.st_ino;
	}
	p->path = xstrdup(path);
	p->hooks = *hooks;
	p->buf = xmalloc(CMDPIPE_BUF);
	ev_io_init(&p->io, cmdpipe_cb, fd, EV_READ);
	/*
	 * libev runs the watchers of one priority that woke together
	 * last-ready first: a command a plugin wrote before exiting would go
	 * after its result.  Above the rest, commands go first.
	 */
	ev_set_priority(&p->io, EV_MAXPRI);
	p->io.data = p;
	ev_io_start(loop, &p->io);
	return p;
}

void
cmdpipe_free(struct cmdpipe *p)
{
	if (p == NULL)
		return;
	ev_io_stop(p->loop, &p->io);
	close(p->fd);
	free(p->path);
	free(p->buf);
	free(p);
}

int
cmdpipe_intact(const struct cmdpipe *p, const char *path)
{
	struct stat st;

	if (p == NULL || path == NULL || strcmp(p->path, path) != 0)
		return 0;
	return lstat(path, &st) == 0 && S_ISFIFO(st.st_mode) && st.st_dev == p->dev &&
	    st.st_ino == p->ino;
}

unsigned long
cmdpipe_lines(const struct cmdpipe *p)
{
	return p->lines;
}

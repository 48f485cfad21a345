/*
 * test_cmdpipe: the external command FIFO as compat/cmdpipe.c reads it.
 *
 * Creation: a new FIFO gets mode 0660 whatever the caller's umask (which
 * is given back unchanged), an existing FIFO is reused as it is (same
 * inode, its own mode), a regular file or a directory at the path is
 * refused with Nagios 4.4.6's message and left alone, a path in a missing
 * directory fails with errno's text.  Reading, driven by
 * ev_run(EVRUN_NOWAIT) or cmdpipe_drain: a line split over several writes
 * comes out once whole, a partial line waits, 1000 writers that each open,
 * write one line and close lose nothing (the reader holds a write end, so
 * no end-of-file), blank lines are skipped and one '\r' before the '\n'
 * is taken off, bytes 0x00-0xff pass through as they are, a line of
 * exactly CMDPIPE_LINE_MAX bytes is taken and a longer one (also one of
 * several buffers) is dropped and reported once while the next line
 * works, a command and another descriptor readable in the same wake-up
 * come out command first, and cmdpipe_free leaves the FIFO where it is
 * (Nagios 4.4.6 never removes it); cmdpipe_intact tells the FIFO the reader
 * holds from one removed, replaced or at another path.  Each test works in its own
 * mkdtemp directory with its own libev loop; alarm() stops a test that
 * would block.  Links compat/cmdpipe.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <ev.h>

#include "compat/cmdpipe.h"

#define MAXLINES 2048

struct fx {
	char dir[64];
	char path[128];
	struct ev_loop *loop;
	struct cmdpipe *p;
	/* what the hooks saw */
	char *line[MAXLINES];
	size_t len[MAXLINES];
	size_t nlines;
	size_t overlong[8];
	size_t noverlong;
	char *data; /* a test's big buffer, freed by teardown */
};

static void
on_line(void *arg, const char *line, size_t len)
{
	struct fx *f = arg;
	char *copy;

	assert_true(f->nlines < MAXLINES);
	/* the promise of a NUL after the line */
	assert_int_equal(line[len], '\0');
	copy = malloc(len + 1);
	assert_non_null(copy);
	memcpy(copy, line, len + 1);
	f->line[f->nlines] = copy;
	f->len[f->nlines] = len;
	f->nlines++;
}

static void
on_overlong(void *arg, size_t len)
{
	struct fx *f = arg;

	assert_true(f->noverlong < 8);
	f->overlong[f->noverlong++] = len;
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/jaque-cpipe-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/nagios.cmd", f->dir);
	f->loop = ev_loop_new(EVFLAG_AUTO);
	assert_non_null(f->loop);
	umask(022);
	alarm(60);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;
	size_t i;

	alarm(0);
	cmdpipe_free(f->p);
	ev_loop_destroy(f->loop);
	for (i = 0; i < f->nlines; i++)
		free(f->line[i]);
	free(f->data);
	unlink(f->path);
	rmdir(f->dir);
	free(f);
	return 0;
}

static struct cmdpipe *
open_pipe(struct fx *f, int with_overlong)
{
	struct cmdpipe_hooks h;
	char err[512];

	memset(&h, 0, sizeof(h));
	h.arg = f;
	h.line = on_line;
	h.overlong = with_overlong ? on_overlong : NULL;
	err[0] = '\0';
	f->p = cmdpipe_open(f->loop, f->path, &h, err, sizeof(err));
	assert_non_null(f->p);
	assert_string_equal(err, "");
	return f->p;
}

/* a writer as cmd.cgi opens one: write only, never blocking */
static int
wopen(const struct fx *f)
{
	int fd = open(f->path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);

	assert_true(fd >= 0);
	return fd;
}

/* write everything, letting the reader empty the FIFO when it is full */
static void
put(struct fx *f, int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);

		if (n < 0) {
			assert_int_equal(errno, EAGAIN);
			cmdpipe_drain(f->p);
			continue;
		}
		data += n;
		len -= (size_t)n;
	}
}

static void
put_str(struct fx *f, int fd, const char *s)
{
	put(f, fd, s, strlen(s));
}

/* let the loop's watcher read what is waiting */
static void
spin(struct fx *f)
{
	int i;

	for (i = 0; i < 8; i++)
		ev_run(f->loop, EVRUN_NOWAIT);
}

static void
assert_line(const struct fx *f, size_t i, const char *want)
{
	assert_true(i < f->nlines);
	assert_int_equal(f->len[i], strlen(want));
	assert_string_equal(f->line[i], want);
}

static void
t_created_0660_under_umask(void **state)
{
	struct fx *f = *state;
	struct stat st;

	umask(077);
	open_pipe(f, 1);
	/* the caller's umask is given back */
	assert_int_equal(umask(022), 077);
	assert_int_equal(lstat(f->path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0660);

	/* and 0660 again from a umask that would open it up */
	cmdpipe_free(f->p);
	f->p = NULL;
	umask(0);
	open_pipe(f, 1);
	assert_int_equal(umask(022), 0);
	assert_int_equal(lstat(f->path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0660);
}

static void
t_existing_fifo_reused(void **state)
{
	struct fx *f = *state;
	struct stat before, after;
	int fd;

	assert_int_equal(mkfifo(f->path, 0600), 0);
	assert_int_equal(lstat(f->path, &before), 0);
	open_pipe(f, 1);
	assert_int_equal(lstat(f->path, &after), 0);
	assert_true(S_ISFIFO(after.st_mode));
	assert_int_equal(after.st_ino, before.st_ino);
	assert_int_equal(after.st_mode & 07777, 0600);

	fd = wopen(f);
	put_str(f, fd, "[1] DISABLE_NOTIFICATIONS\n");
	close(fd);
	spin(f);
	assert_int_equal(f->nlines, 1);
	assert_line(f, 0, "[1] DISABLE_NOTIFICATIONS");
}

static void
t_regular_file_refused(void **state)
{
	struct fx *f = *state;
	struct cmdpipe_hooks h;
	char err[512], want[512], buf[32];
	struct stat st;
	int fd;

	fd = open(f->path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "keep me\n", 8), 8);
	close(fd);

	memset(&h, 0, sizeof(h));
	h.arg = f;
	h.line = on_line;
	assert_null(cmdpipe_open(f->loop, f->path, &h, err, sizeof(err)));
	snprintf(want, sizeof(want),
	    "Error: Could not create external command file '%s' as named pipe: (%d) -> %s.  "
	    "If this file already exists and you are sure that another copy of Nagios is not "
	    "running, you should delete this file.",
	    f->path, EEXIST, strerror(EEXIST));
	assert_string_equal(err, want);

	/* left exactly as it was */
	assert_int_equal(lstat(f->path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_size, 8);
	fd = open(f->path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(read(fd, buf, sizeof(buf)), 8);
	close(fd);
	assert_memory_equal(buf, "keep me\n", 8);
	unlink(f->path);

	/* a directory is no FIFO either */
	assert_int_equal(mkdir(f->path, 0755), 0);
	assert_null(cmdpipe_open(f->loop, f->path, &h, err, sizeof(err)));
	assert_string_equal(err, want);
	assert_int_equal(lstat(f->path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(rmdir(f->path), 0);
	assert_int_equal(f->nlines, 0);
}

static void
t_missing_directory(void **state)
{
	struct fx *f = *state;
	struct cmdpipe_hooks h;
	char path[192], err[512], want[512];

	snprintf(path, sizeof(path), "%s/no/such/dir/nagios.cmd", f->dir);
	memset(&h, 0, sizeof(h));
	h.arg = f;
	h.line = on_line;
	assert_null(cmdpipe_open(f->loop, path, &h, err, sizeof(err)));
	snprintf(want, sizeof(want),
	    "Error: Could not create external command file '%s' as named pipe: (%d) -> %s.  "
	    "If this file already exists and you are sure that another copy of Nagios is not "
	    "running, you should delete this file.",
	    path, ENOENT, strerror(ENOENT));
	assert_string_equal(err, want);
}

/* this process's descriptor open on path (found through /proc), -1 if none */
static int
fd_on(const char *path)
{
	char link[300], target[256];
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");
	int found = -1;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		ssize_t n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(link, sizeof(link), "/proc/self/fd/%s", e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		if (n < 0)
			continue;
		target[n] = '\0';
		if (strcmp(target, path) == 0)
			found = (int)strtol(e->d_name, NULL, 10);
	}
	closedir(d);
	return found;
}

static void
t_open_flags(void **state)
{
	struct fx *f = *state;
	int fd, fl;

	open_pipe(f, 1);
	fd = fd_on(f->path);
	assert_true(fd >= 0);
	/* read-write (a write end of our own: no EOF), non-blocking, close-on-exec */
	fl = fcntl(fd, F_GETFL);
	assert_int_equal(fl & O_ACCMODE, O_RDWR);
	assert_true(fl & O_NONBLOCK);
	assert_int_equal(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	cmdpipe_free(f->p);
	f->p = NULL;
	assert_int_equal(fd_on(f->path), -1);
}

static void
t_lines_split_across_writes(void **state)
{
	struct fx *f = *state;
	int fd;

	open_pipe(f, 1);
	fd = wopen(f);

	put_str(f, fd, "[100] ENABLE_HOST_");
	spin(f);
	cmdpipe_drain(f->p); /* nothing waiting: returns at once */
	assert_int_equal(f->nlines, 0);

	put_str(f, fd, "CHECK;web1\n[101] DISABLE");
	spin(f);
	assert_int_equal(f->nlines, 1);
	assert_line(f, 0, "[100] ENABLE_HOST_CHECK;web1");

	/* the writer goes away in the middle of a line; the rest comes from another */
	close(fd);
	spin(f);
	assert_int_equal(f->nlines, 1);
	fd = wopen(f);
	put_str(f, fd, "_HOST_CHECK;web2\n");
	put_str(f, fd, "[102] A\n[103] B\n[104] C");
	cmdpipe_drain(f->p);
	assert_int_equal(f->nlines, 4);
	assert_line(f, 1, "[101] DISABLE_HOST_CHECK;web2");
	assert_line(f, 2, "[102] A");
	assert_line(f, 3, "[103] B");

	/* one byte at a time */
	put_str(f, fd, "\n");
	spin(f);
	assert_int_equal(f->nlines, 5);
	assert_line(f, 4, "[104] C");
	{
		const char *s = "[105] ONE_BYTE_AT_A_TIME\n";
		size_t i;

		for (i = 0; s[i] != '\0'; i++) {
			put(f, fd, s + i, 1);
			spin(f);
		}
	}
	close(fd);
	assert_int_equal(f->nlines, 6);
	assert_line(f, 5, "[105] ONE_BYTE_AT_A_TIME");
	assert_int_equal(cmdpipe_lines(f->p), 6);
}

static void
t_writer_per_line_1000(void **state)
{
	struct fx *f = *state;
	char buf[128];
	int i;

	open_pipe(f, 1);
	for (i = 0; i < 1000; i++) {
		int fd = wopen(f);

		snprintf(buf, sizeof(buf),
		    "[%d] PROCESS_SERVICE_CHECK_RESULT;host%d;svc;%d;output number %d\n",
		    1600000000 + i, i, i % 4, i);
		put_str(f, fd, buf);
		close(fd);
		/* the reader sometimes keeps up and sometimes does not */
		if (i % 97 == 0)
			spin(f);
	}
	spin(f);
	assert_int_equal(f->nlines, 1000);
	for (i = 0; i < 1000; i++) {
		snprintf(buf, sizeof(buf),
		    "[%d] PROCESS_SERVICE_CHECK_RESULT;host%d;svc;%d;output number %d",
		    1600000000 + i, i, i % 4, i);
		assert_line(f, (size_t)i, buf);
	}
	assert_int_equal(cmdpipe_lines(f->p), 1000);
	assert_int_equal(f->noverlong, 0);
}

static void
t_blank_lines_and_crlf(void **state)
{
	struct fx *f = *state;
	int fd;

	open_pipe(f, 1);
	fd = wopen(f);
	put_str(f, fd, "\n\n[1] A\n\n\r\n[2] B\r\n[3] C\rD\n\r\n[4] E\n");
	close(fd);
	spin(f);
	assert_int_equal(f->nlines, 4);
	assert_line(f, 0, "[1] A");
	assert_line(f, 1, "[2] B");
	assert_line(f, 2, "[3] C\rD");
	assert_line(f, 3, "[4] E");
	assert_int_equal(cmdpipe_lines(f->p), 4);
	assert_int_equal(f->noverlong, 0);
}

/* the other descriptor's watcher: how many lines had come out when it ran */
struct other {
	ev_io io;
	struct fx *f;
	int ran;
	size_t lines_before;
};

static void
on_other(struct ev_loop *loop, ev_io *w, int revents)
{
	struct other *o = w->data;
	char c;

	(void)revents;
	assert_int_equal(read(w->fd, &c, 1), 1);
	o->ran++;
	o->lines_before = o->f->nlines;
	ev_io_stop(loop, w);
}

/*
 * A command written before another descriptor (a worker's result) turns
 * readable is handled first when both wake the same loop iteration, as
 * the writer's order has it: a plugin that writes a command and then
 * exits has its command taken before its result.  libev runs the
 * watchers of one priority last-ready first, so this needs the pipe's
 * higher priority.
 */
static void
t_before_results_of_same_wake(void **state)
{
	struct fx *f = *state;
	struct other o;
	int pfd[2];
	int fd;

	open_pipe(f, 1);
	assert_int_equal(pipe(pfd), 0);
	memset(&o, 0, sizeof(o));
	o.f = f;
	ev_io_init(&o.io, on_other, pfd[0], EV_READ);
	o.io.data = &o;
	ev_io_start(f->loop, &o.io);
	fd = wopen(f);
	put_str(f, fd, "[1] FIRST\n");
	close(fd);
	assert_int_equal(write(pfd[1], "r", 1), 1);
	ev_run(f->loop, EVRUN_ONCE);
	assert_int_equal(o.ran, 1);
	assert_int_equal(f->nlines, 1);
	assert_int_equal(o.lines_before, 1);
	ev_io_stop(f->loop, &o.io);
	close(pfd[0]);
	close(pfd[1]);
}

static void
t_partial_line_waits(void **state)
{
	struct fx *f = *state;
	int fd;

	open_pipe(f, 1);
	fd = wopen(f);
	put_str(f, fd, "[1] NO_NEWLINE_YET");
	close(fd);
	spin(f);
	cmdpipe_drain(f->p);
	assert_int_equal(f->nlines, 0);
	assert_int_equal(cmdpipe_lines(f->p), 0);
}

static void
t_overlong_dropped(void **state)
{
	struct fx *f = *state;
	size_t big = CMDPIPE_LINE_MAX + 1, huge = 3 * (size_t)CMDPIPE_LINE_MAX + 17;
	char *data = f->data = malloc(huge);
	int fd;

	assert_non_null(data);
	memset(data, 'x', huge);
	open_pipe(f, 1);
	fd = wopen(f);

	/* one byte too many: dropped, reported once, the next line is fine */
	memcpy(data, "[1] ", 4);
	put(f, fd, data, big);
	put_str(f, fd, "\n[2] NEXT\n");
	spin(f);
	assert_int_equal(f->noverlong, 1);
	assert_true(f->overlong[0] >= big);
	assert_int_equal(f->nlines, 1);
	assert_line(f, 0, "[2] NEXT");

	/* a line of several buffers is reported once, with its length at least */
	put(f, fd, data, huge);
	put_str(f, fd, "\n[3] AFTER\n");
	spin(f);
	assert_int_equal(f->noverlong, 2);
	assert_true(f->overlong[1] >= huge);
	assert_int_equal(f->nlines, 2);
	assert_line(f, 1, "[3] AFTER");

	/* exactly CMDPIPE_LINE_MAX bytes is the longest line taken */
	data[0] = '[';
	put(f, fd, data, CMDPIPE_LINE_MAX);
	put_str(f, fd, "\n[4] LAST\n");
	spin(f);
	assert_int_equal(f->noverlong, 2);
	assert_int_equal(f->nlines, 4);
	assert_int_equal(f->len[2], CMDPIPE_LINE_MAX);
	assert_memory_equal(f->line[2], data, CMDPIPE_LINE_MAX);
	assert_line(f, 3, "[4] LAST");
	assert_int_equal(cmdpipe_lines(f->p), 4);
	close(fd);
}

static void
t_overlong_without_hook(void **state)
{
	struct fx *f = *state;
	size_t big = CMDPIPE_LINE_MAX + 100;
	char *data = f->data = malloc(big);
	int fd;

	assert_non_null(data);
	memset(data, 'y', big);
	open_pipe(f, 0);
	fd = wopen(f);
	put(f, fd, data, big);
	put_str(f, fd, "\n[1] STILL_WORKS\n");
	close(fd);
	spin(f);
	assert_int_equal(f->nlines, 1);
	assert_line(f, 0, "[1] STILL_WORKS");
	assert_int_equal(f->noverlong, 0);
}

static void
t_binary_passthrough(void **state)
{
	struct fx *f = *state;
	char data[300];
	size_t n = 0;
	int c, fd;

	/* every byte value except '\n', with a NUL in the middle */
	for (c = 1; c < 256; c++)
		if (c != '\n')
			data[n++] = (char)c;
	data[n++] = '\0';
	data[n++] = 'z';
	open_pipe(f, 1);
	fd = wopen(f);
	put(f, fd, data, n);
	put_str(f, fd, "\n");
	put(f, fd, "\xc3\xa9t\xc3\xa9\x00\xff", 7);
	put_str(f, fd, "\n");
	close(fd);
	spin(f);
	assert_int_equal(f->nlines, 2);
	assert_int_equal(f->len[0], n);
	assert_memory_equal(f->line[0], data, n);
	assert_int_equal(f->len[1], 7);
	assert_memory_equal(f->line[1], "\xc3\xa9t\xc3\xa9\x00\xff", 7);
}

static void
t_left_by_free(void **state)
{
	struct fx *f = *state;
	struct stat st, st2;

	open_pipe(f, 1);
	assert_int_equal(lstat(f->path, &st), 0);
	cmdpipe_free(f->p);
	f->p = NULL;
	assert_int_equal(lstat(f->path, &st2), 0);
	assert_true(S_ISFIFO(st2.st_mode));
	assert_true(st2.st_ino == st.st_ino);
	cmdpipe_free(NULL);

	/* and the next reader takes the same FIFO */
	open_pipe(f, 1);
	assert_int_equal(lstat(f->path, &st2), 0);
	assert_true(st2.st_ino == st.st_ino);
}

static void
t_intact(void **state)
{
	struct fx *f = *state;
	char other[300];

	open_pipe(f, 1);
	assert_int_equal(cmdpipe_intact(f->p, f->path), 1);
	snprintf(other, sizeof(other), "%s.other", f->path);
	assert_int_equal(cmdpipe_intact(f->p, other), 0);
	assert_int_equal(cmdpipe_intact(NULL, f->path), 0);
	/* removed */
	assert_int_equal(unlink(f->path), 0);
	assert_int_equal(cmdpipe_intact(f->p, f->path), 0);
	/* replaced by another FIFO of that name */
	assert_int_equal(mkfifo(f->path, 0600), 0);
	assert_int_equal(cmdpipe_intact(f->p, f->path), 0);
	/* a new reader of the new one holds it */
	cmdpipe_free(f->p);
	f->p = NULL;
	open_pipe(f, 1);
	assert_int_equal(cmdpipe_intact(f->p, f->path), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_created_0660_under_umask, setup, teardown),
		cmocka_unit_test_setup_teardown(t_existing_fifo_reused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_regular_file_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_missing_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(t_open_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(t_lines_split_across_writes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_writer_per_line_1000, setup, teardown),
		cmocka_unit_test_setup_teardown(t_blank_lines_and_crlf, setup, teardown),
		cmocka_unit_test_setup_teardown(t_before_results_of_same_wake, setup, teardown),
		cmocka_unit_test_setup_teardown(t_partial_line_waits, setup, teardown),
		cmocka_unit_test_setup_teardown(t_overlong_dropped, setup, teardown),
		cmocka_unit_test_setup_teardown(t_overlong_without_hook, setup, teardown),
		cmocka_unit_test_setup_teardown(t_binary_passthrough, setup, teardown),
		cmocka_unit_test_setup_teardown(t_left_by_free, setup, teardown),
		cmocka_unit_test_setup_teardown(t_intact, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

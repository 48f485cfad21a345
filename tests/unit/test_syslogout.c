/*
 * test_syslogout: nagios.log's lines to syslog as compat/syslogout.c sends
 * them.
 *
 * The message is what glibc's syslog() writes for Nagios's
 * syslog(LOG_USER | LOG_INFO, "%s", line) without openlog(): "<14>", the
 * local time as "Mmm dd hh:mm:ss " (C-locale month, day padded with a
 * space), the ident, ": ", the text; cut to the buffer.  Then the socket,
 * played by a socket the test binds in its own mkdtemp directory: a
 * datagram arrives whole; with nothing listening the message is dropped
 * and counted, and no connect is tried again within the second; a log
 * daemon that went away and came back (a new socket at the path) gets the
 * next message; a daemon that reads nothing makes sends drop instead of
 * blocking (alarm() would stop a blocked test); a stream socket at the
 * path gets each message followed by a NUL.  Links compat/syslogout.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/syslogout.h"

#define T0 1600000000 /* 2020-09-13 12:26:40 UTC */

struct fx {
	char dir[64];
	char path[96];
	int srv;
};

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_syslogout.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/log", f->dir);
	f->srv = -1;
	setenv("TZ", "UTC", 1);
	tzset();
	alarm(30);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	alarm(0);
	if (f->srv >= 0)
		close(f->srv);
	unlink(f->path);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* the log daemon's socket at f->path */
static void
listen_at(struct fx *f, int type)
{
	struct sockaddr_un sa;

	if (f->srv >= 0)
		close(f->srv);
	unlink(f->path);
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", f->path);
	f->srv = socket(AF_UNIX, type, 0);
	assert_true(f->srv >= 0);
	assert_int_equal(bind(f->srv, (struct sockaddr *)&sa, sizeof(sa)), 0);
	if (type == SOCK_STREAM)
		assert_int_equal(listen(f->srv, 4), 0);
}

/* one datagram (NUL-terminated), waiting at most a second */
static ssize_t
recv_one(int fd, char *buf, size_t n)
{
	struct timeval tv = { 1, 0 };
	ssize_t r;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	r = recv(fd, buf, n - 1, 0);
	buf[r > 0 ? r : 0] = '\0';
	return r;
}

/* "<14>Mmm dd hh:mm:ss ident: text" with any time */
static void
assert_message(const char *msg, const char *ident, const char *text)
{
	char tail[512];

	assert_true(strlen(msg) > 20);
	assert_memory_equal(msg, "<14>", 4);
	assert_true(msg[7] == ' ' && msg[10] == ' ' && msg[13] == ':' && msg[16] == ':' &&
	    msg[19] == ' ');
	snprintf(tail, sizeof(tail), "%s: %s", ident, text);
	assert_string_equal(msg + 20, tail);
}

static void
t_format(void **state)
{
	char buf[256];
	size_t n;

	(void)state;
	n = syslogout_format(buf, sizeof(buf), SYSLOGOUT_PRI, T0, "nagios4",
	    "SERVICE ALERT: h;s;CRITICAL;HARD;3;down");
	assert_string_equal(buf,
	    "<14>Sep 13 12:26:40 nagios4: SERVICE ALERT: h;s;CRITICAL;HARD;3;down");
	assert_int_equal(n, strlen(buf));
	/* a day below 10 is padded with a space, the hour with a zero */
	syslogout_format(buf, sizeof(buf), 14, 1583370245, "jaque", "x"); /* 2020-03-05 01:04:05 */
	assert_string_equal(buf, "<14>Mar  5 01:04:05 jaque: x");
	/* the local time */
	setenv("TZ", "Europe/Berlin", 1);
	tzset();
	syslogout_format(buf, sizeof(buf), 14, T0, "jaque", "x");
	assert_string_equal(buf, "<14>Sep 13 14:26:40 jaque: x");
	/* cut to the buffer, still terminated */
	n = syslogout_format(buf, 12, 14, T0, "jaque", "x");
	assert_int_equal(n, 11);
	assert_string_equal(buf, "<14>Sep 13 ");
}

static void
t_datagram(void **state)
{
	struct fx *f = *state;
	struct syslogout *s;
	char buf[1024];

	listen_at(f, SOCK_DGRAM);
	s = syslogout_new(f->path, "jaque");
	assert_int_equal(syslogout_send(s, "Caught SIGTERM, shutting down..."), 0);
	assert_true(recv_one(f->srv, buf, sizeof(buf)) > 0);
	assert_message(buf, "jaque", "Caught SIGTERM, shutting down...");
	assert_int_equal(syslogout_send(s, "second"), 0);
	assert_true(recv_one(f->srv, buf, sizeof(buf)) > 0);
	assert_message(buf, "jaque", "second");
	assert_int_equal(syslogout_dropped(s), 0);
	syslogout_free(s);
	syslogout_free(NULL);
}

static void
t_no_daemon_then_one(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->path, "jaque");
	char buf[1024];
	time_t t0;

	assert_int_equal(syslogout_send(s, "lost"), -1);
	assert_int_equal(syslogout_dropped(s), 1);
	/* a daemon now, but no connect is tried again within the second */
	t0 = time(NULL);
	listen_at(f, SOCK_DGRAM);
	if (time(NULL) == t0) {
		assert_int_equal(syslogout_send(s, "still lost"), -1);
		assert_int_equal(syslogout_dropped(s), 2);
	}
	while (time(NULL) <= t0 + 1)
		usleep(50000);
	assert_int_equal(syslogout_send(s, "found"), 0);
	assert_true(recv_one(f->srv, buf, sizeof(buf)) > 0);
	assert_message(buf, "jaque", "found");
	syslogout_free(s);
}

static void
t_daemon_restarted(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->path, "jaque");
	char buf[1024];

	listen_at(f, SOCK_DGRAM);
	assert_int_equal(syslogout_send(s, "one"), 0);
	assert_true(recv_one(f->srv, buf, sizeof(buf)) > 0);
	/* the daemon restarts: a new socket at the same path */
	listen_at(f, SOCK_DGRAM);
	assert_int_equal(syslogout_send(s, "two"), 0);
	assert_true(recv_one(f->srv, buf, sizeof(buf)) > 0);
	assert_message(buf, "jaque", "two");
	assert_int_equal(syslogout_dropped(s), 0);
	syslogout_free(s);
}

static void
t_behind_drops(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->path, "jaque");
	char text[2048];
	int i, sent = 0;

	memset(text, 'x', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	listen_at(f, SOCK_DGRAM);
	/* nobody reads: the queue fills and sends drop, never block */
	for (i = 0; i < 5000; i++) {
		if (syslogout_send(s, text) == 0)
			sent++;
	}
	assert_true(sent > 0);
	assert_true(syslogout_dropped(s) > 0);
	assert_int_equal((unsigned long)sent + syslogout_dropped(s), 5000);
	syslogout_free(s);
}

static int
nuls(const char *buf, ssize_t n)
{
	int k = 0;

	while (n-- > 0)
		k += buf[n] == '\0';
	return k;
}

static void
t_stream(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->path, "nagios4");
	char buf[1024], want[256];
	ssize_t n, got = 0;
	int c;

	listen_at(f, SOCK_STREAM);
	assert_int_equal(syslogout_send(s, "over a stream"), 0);
	c = accept(f->srv, NULL, NULL);
	assert_true(c >= 0);
	assert_int_equal(syslogout_send(s, "and again"), 0);
	while (nuls(buf, got) < 2) {
		n = recv(c, buf + got, sizeof(buf) - (size_t)got, 0);
		assert_true(n > 0);
		got += n;
	}
	/* two messages, each ending with its NUL */
	assert_int_equal(buf[got - 1], '\0');
	assert_message(buf, "nagios4", "over a stream");
	snprintf(want, sizeof(want), "%s", buf + strlen(buf) + 1);
	assert_message(want, "nagios4", "and again");
	close(c);
	syslogout_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_format, setup, teardown),
		cmocka_unit_test_setup_teardown(t_datagram, setup, teardown),
		cmocka_unit_test_setup_teardown(t_no_daemon_then_one, setup, teardown),
		cmocka_unit_test_setup_teardown(t_daemon_restarted, setup, teardown),
		cmocka_unit_test_setup_teardown(t_behind_drops, setup, teardown),
		cmocka_unit_test_setup_teardown(t_stream, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_gmadmin: gearmand's "status" answer parsed (functions, an empty
 * list, bad lines, a missing "." line), and asked of a stand-in server on
 * loopback forked by the test: a good answer in pieces, one that never
 * comes (given up at the timeout, not later), a closed port, a bad
 * answer, a bad address.  Links compat/gearman/gmadmin.c and engine/util.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <netinet/in.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/gearman/gmadmin.h"

static void
t_parse(void **state)
{
	struct gmadmin_status st;
	const struct gmadmin_fn *f;
	char why[128];

	(void)state;
	assert_int_equal(gmadmin_parse("service\t12\t3\t2\nhostgroup_web\t0\t0\t0\r\n.\n", &st,
	    why, sizeof(why)), 0);
	assert_int_equal(st.n, 2);
	f = gmadmin_find(&st, "service");
	assert_non_null(f);
	assert_int_equal(f->total, 12);
	assert_int_equal(f->running, 3);
	assert_int_equal(f->workers, 2);
	f = gmadmin_find(&st, "hostgroup_web");
	assert_non_null(f);
	assert_int_equal(f->workers, 0);
	assert_null(gmadmin_find(&st, "host"));
	gmadmin_status_free(&st);
	assert_int_equal(gmadmin_parse(".\n", &st, why, sizeof(why)), 0);
	assert_int_equal(st.n, 0);
	gmadmin_status_free(&st);
}

static void
t_parse_bad(void **state)
{
	static const char *const bad[] = {
		"service\t1\t2\n.\n",          /* three fields */
		"service\t1\t2\t3\t4\n.\n",    /* five */
		"service\t1\tx\t3\n.\n",       /* not a number */
		"service\t-1\t0\t0\n.\n",
		"\t1\t2\t3\n.\n",              /* no name */
		"service\t1\t\t3\n.\n",
		"service\t1\t2\t3\n",          /* no "." */
		"",
		"ERR unknown_command\n",
	};
	struct gmadmin_status st;
	char why[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		assert_int_equal(gmadmin_parse(bad[i], &st, why, sizeof(why)), -1);
		assert_int_equal(st.n, 0);
		assert_null(st.fn);
		assert_true(why[0] != '\0');
	}
}

/* a loopback listener on a free port: its fd, the port in *port */
static int
listener(int *port)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(fd, 4), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	*port = ntohs(a.sin_port);
	return fd;
}

/*
 * A child that takes one connection, reads the command and answers with
 * the pieces (NULL: no answer, it holds the connection until killed).
 */
static pid_t
serve(int lfd, const char *const *pieces)
{
	pid_t pid = fork();
	char cmd[64];
	int c;

	assert_true(pid >= 0);
	if (pid > 0)
		return pid;
	alarm(10); /* gone on its own if the test fails before it reaps it */
	c = accept(lfd, NULL, NULL);
	if (c < 0)
		_exit(1);
	if (read(c, cmd, sizeof(cmd)) != 7 || memcmp(cmd, "status\n", 7) != 0)
		_exit(2);
	if (pieces == NULL)
		for (;;)
			pause();
	for (; *pieces != NULL; pieces++) {
		if (write(c, *pieces, strlen(*pieces)) < 0)
			_exit(3);
		usleep(20000);
	}
	close(c);
	_exit(0);
}

static void
reap(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
t_ask(void **state)
{
	static const char *const good[] = { "service\t4\t1\t", "2\nhost\t0\t0\t1\n", ".", "\n",
		NULL };
	static const char *const garbage[] = { "ERR bad\n.\n", NULL };
	struct gmadmin_status st;
	char server[64], why[128];
	double t0;
	int lfd, port;
	pid_t pid;

	(void)state;
	lfd = listener(&port);
	snprintf(server, sizeof(server), "127.0.0.1:%d", port);
	pid = serve(lfd, good);
	assert_int_equal(gmadmin_status(server, 5.0, &st, why, sizeof(why)), 0);
	reap(pid);
	assert_int_equal(st.n, 2);
	assert_int_equal(gmadmin_find(&st, "service")->total, 4);
	assert_int_equal(gmadmin_find(&st, "service")->workers, 2);
	assert_int_equal(gmadmin_find(&st, "host")->workers, 1);
	gmadmin_status_free(&st);

	/* a bad answer */
	pid = serve(lfd, garbage);
	assert_int_equal(gmadmin_status(server, 5.0, &st, why, sizeof(why)), -1);
	reap(pid);
	assert_non_null(strstr(why, "ERR bad"));

	/* no answer: given up at the timeout */
	pid = serve(lfd, NULL);
	t0 = now();
	assert_int_equal(gmadmin_status(server, 0.3, &st, why, sizeof(why)), -1);
	assert_true(now() - t0 >= 0.29 && now() - t0 < 2.0);
	reap(pid);
	assert_string_equal(why, "no answer in time");

	/* nothing listens */
	close(lfd);
	assert_int_equal(gmadmin_status(server, 1.0, &st, why, sizeof(why)), -1);
	assert_string_equal(why, "Connection refused");
	assert_int_equal(gmadmin_status("127.0.0.1", 1.0, &st, why, sizeof(why)), -1);
	assert_string_equal(why, "not host:port");
	assert_int_equal(gmadmin_status("[127.0.0.1]:", 1.0, &st, why, sizeof(why)), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_parse),
		cmocka_unit_test(t_parse_bad),
		cmocka_unit_test(t_ask),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

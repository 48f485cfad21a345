/*
 * test_gmwire: jobs through a real gearmand on loopback and back (the
 * result connections read the queue the jobs went to), a job server that
 * is down and comes back, one that is killed and started again while
 * results flow, failing over to the second server of a list, a job given
 * up at its deadline (with the tag it was given last), and a "server"
 * that does not speak the protocol.
 * Skipped, with a message, where Debian's gearman-job-server is not
 * installed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/main/gmwire.h"

#define GEARMAND "/usr/sbin/gearmand"
#define NJOBS 100

static int port;
static pid_t gearmand = -1;
static char server[64];

/* what the callbacks saw */
static int nresults, nfails, nup, ndown;
static char seen[NJOBS];
static char failed_uniq[64];

static int
free_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0), p;

	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	p = ntohs(a.sin_port);
	close(fd);
	return p;
}

static int
answers(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int fd = socket(AF_INET, SOCK_STREAM, 0), ok;

	ok = connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0;
	close(fd);
	return ok;
}

static void
start_gearmand(void)
{
	char p[16];
	int i;

	snprintf(p, sizeof(p), "%d", port);
	gearmand = fork();
	assert_true(gearmand >= 0);
	if (gearmand == 0) {
		execl(GEARMAND, "gearmand", "-L", "127.0.0.1", "-p", p, "-t", "1", "-l", "/dev/null",
		    (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 100 && !answers(); i++)
		usleep(50000);
	assert_true(answers());
}

static void
stop_gearmand(void)
{
	if (gearmand <= 0)
		return;
	kill(gearmand, SIGKILL);
	waitpid(gearmand, NULL, 0);
	gearmand = -1;
}

static void
on_result(void *ctx, const char *payload, size_t len)
{
	int n;

	(void)ctx;
	assert_int_equal(strlen(payload), len);
	assert_int_equal(sscanf(payload, "payload %d", &n), 1);
	assert_true(n >= 0 && n < NJOBS);
	seen[n]++;
	nresults++;
}

static unsigned long failed_tag, failed_tags; /* the last one, and their sum */

static void
on_fail(void *ctx, const char *queue, const char *uniq, unsigned long tag, const char *why)
{
	(void)ctx;
	failed_tag = tag;
	failed_tags += tag;
	assert_string_equal(queue, "check_results");
	assert_non_null(why);
	snprintf(failed_uniq, sizeof(failed_uniq), "%s", uniq);
	nfails++;
}

static void
on_state(void *ctx, int up, const char *why)
{
	(void)ctx;
	assert_non_null(why);
	if (up)
		nup++;
	else
		ndown++;
}

static const struct gmwire_cb cbs = { on_result, on_fail, on_state, NULL };

static void
reset_seen(void)
{
	memset(seen, 0, sizeof(seen));
	nresults = nfails = nup = ndown = 0;
	failed_uniq[0] = '\0';
}

/* run the loop until *count reaches want or secs pass */
static void
run_until(struct ev_loop *loop, const int *count, int want, double secs)
{
	ev_tstamp end = ev_time() + secs;

	while (*count < want && ev_time() < end) {
		ev_now_update(loop);
		ev_run(loop, EVRUN_NOWAIT);
		usleep(10000);
	}
}

/* run the loop for secs */
static void
run_for(struct ev_loop *loop, double secs)
{
	int never = 0;

	run_until(loop, &never, 1, secs);
}

static struct gmwire *
new_wire(struct ev_loop *loop)
{
	const char *servers[] = { server };
	struct gmwire *w = gmwire_new(loop, servers, 1, "check_results", 2, 2000, &cbs);

	assert_non_null(w);
	return w;
}

static void
submit_all(struct gmwire *w, int n, double deadline)
{
	char uniq[32], payload[32];
	int i;

	for (i = 0; i < n; i++) {
		snprintf(uniq, sizeof(uniq), "u%d", i);
		snprintf(payload, sizeof(payload), "payload %d", i);
		assert_int_equal(gmwire_submit(w, "check_results", uniq, payload, strlen(payload),
		    (enum gmwire_prio)(i % 3), deadline, (unsigned long)i + 100), 0);
	}
}

/* submit n jobs and see each come back once */
static void
expect_round_trip(struct ev_loop *loop, struct gmwire *w, int n)
{
	int i;

	submit_all(w, n, 0);
	run_until(loop, &nresults, n, 20);
	assert_int_equal(nresults, n);
	for (i = 0; i < n; i++)
		assert_int_equal(seen[i], 1);
}

static int
setup(void **state)
{
	(void)state;
	if (access(GEARMAND, X_OK) != 0)
		return 0;
	port = free_port();
	snprintf(server, sizeof(server), "127.0.0.1:%d", port);
	start_gearmand();
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	stop_gearmand();
	return 0;
}

static void
need_gearmand(void)
{
	if (access(GEARMAND, X_OK) != 0) {
		print_message("skipped: %s is missing (apt-get install gearman-job-server)\n",
		    GEARMAND);
		skip();
	}
}

/* every job submitted comes back once, through the result threads */
static void
t_round_trip(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct gmwire *w;
	struct gmwire_stats st;

	(void)state;
	need_gearmand();
	reset_seen();
	w = new_wire(loop);
	expect_round_trip(loop, w, NJOBS);
	gmwire_stats(w, &st);
	assert_int_equal(st.sent, NJOBS);
	assert_int_equal(st.results, NJOBS);
	assert_int_equal(st.failed, 0);
	assert_int_equal(st.waiting, 0);
	assert_int_equal(nup, 1);
	assert_int_equal(ndown, 0);
	/* freed at once after the last result: its completion still went, so a
	 * new reader is not given that result again */
	gmwire_free(w);
	reset_seen();
	w = new_wire(loop);
	run_for(loop, 1.5);
	assert_int_equal(nresults, 0);
	gmwire_free(w);
	ev_loop_destroy(loop);
}

/* with the job server down the jobs wait, and go once it is back */
static void
t_server_back(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct gmwire *w;
	struct gmwire_stats st;
	int i;

	(void)state;
	need_gearmand();
	reset_seen();
	stop_gearmand();
	w = new_wire(loop);
	submit_all(w, 10, 60);
	run_until(loop, &ndown, 1, 5);
	assert_int_equal(ndown, 1);
	gmwire_stats(w, &st);
	assert_int_equal(st.sent, 0);
	assert_int_equal(st.waiting, 10);
	assert_true(st.retried >= 1);
	start_gearmand();
	run_until(loop, &nresults, 10, 20);
	assert_int_equal(nresults, 10);
	for (i = 0; i < 10; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(nup, 1);
	assert_int_equal(nfails, 0);
	gmwire_free(w);
	ev_loop_destroy(loop);
}

/* a job that cannot go before its deadline is given up, and the loop told */
static void
t_deadline(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct gmwire *w;
	struct gmwire_stats st;

	(void)state;
	need_gearmand();
	reset_seen();
	stop_gearmand();
	w = new_wire(loop);
	submit_all(w, 1, 0.5);
	run_until(loop, &nfails, 1, 5);
	assert_int_equal(nfails, 1);
	assert_string_equal(failed_uniq, "u0");
	assert_int_equal(failed_tag, 100);
	gmwire_stats(w, &st);
	assert_int_equal(st.failed, 1);
	assert_int_equal(st.waiting, 0);
	gmwire_free(w);
	ev_loop_destroy(loop);
	start_gearmand();
}

/* the caller's new tags: 100 goes, the others move up by 100 */
static unsigned long
retag_to(void *ctx, unsigned long tag)
{
	(void)ctx;
	return tag == 100 ? 0 : tag + 100;
}

/* jobs waiting are given up with the tags they were given last */
static void
t_retag(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct gmwire *w;

	(void)state;
	need_gearmand();
	reset_seen();
	stop_gearmand();
	w = new_wire(loop);
	submit_all(w, 3, 0.5);
	gmwire_retag(w, retag_to, NULL);
	failed_tags = 0;
	run_until(loop, &nfails, 3, 5);
	assert_int_equal(nfails, 3);
	assert_int_equal(failed_tag, 202);
	assert_int_equal(failed_tags, 0 + 201 + 202);
	gmwire_free(w);
	ev_loop_destroy(loop);
	start_gearmand();
}

/* with the first server of the list down, jobs and results go through the second */
static void
t_failover(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	char dead[64];
	const char *servers[] = { dead, server };
	struct gmwire *w;
	struct gmwire_stats st;

	(void)state;
	need_gearmand();
	reset_seen();
	snprintf(dead, sizeof(dead), "127.0.0.1:%d", free_port());
	w = gmwire_new(loop, servers, 2, "check_results", 1, 2000, &cbs);
	assert_non_null(w);
	expect_round_trip(loop, w, NJOBS);
	gmwire_stats(w, &st);
	assert_int_equal(st.sent, NJOBS);
	assert_int_equal(nup, 1);
	assert_int_equal(ndown, 0);
	gmwire_free(w);
	ev_loop_destroy(loop);
}

/* gearmand killed and started again: the loss is said, and jobs submitted
 * after its return go and come back, without a new wire */
static void
t_restart(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct gmwire *w;
	int i;

	(void)state;
	need_gearmand();
	reset_seen();
	w = new_wire(loop);
	expect_round_trip(loop, w, 10);
	stop_gearmand();
	run_until(loop, &ndown, 1, 5);
	assert_int_equal(ndown, 1);
	start_gearmand();
	run_until(loop, &nup, 2, 5);
	assert_int_equal(nup, 2);
	reset_seen();
	submit_all(w, NJOBS, 30);
	/* the result connection comes back within GMWIRE_RETRY */
	run_until(loop, &nresults, NJOBS, 20);
	assert_int_equal(nresults, NJOBS);
	for (i = 0; i < NJOBS; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(nfails, 0);
	gmwire_free(w);
	ev_loop_destroy(loop);
}

/* what a stand-in job server does with each connection */
enum fake { FAKE_TEXT, FAKE_CLOSE, FAKE_REFUSE };

/* a request packet's data, read whole (its length known from the header); -1 at the end */
static int
read_packet(int c)
{
	unsigned char h[12], b[4096];
	size_t len, got = 0;

	if (recv(c, h, sizeof(h), MSG_WAITALL) != (ssize_t)sizeof(h))
		return -1;
	len = (size_t)h[8] << 24 | (size_t)h[9] << 16 | (size_t)h[10] << 8 | h[11];
	while (got < len) {
		size_t n = len - got < sizeof(b) ? len - got : sizeof(b);

		if (recv(c, b, n, MSG_WAITALL) != (ssize_t)n)
			return -1;
		got += n;
	}
	return 0;
}

/* one connection of a stand-in: text instead of packets, a close after a
 * moment without a word, or an ERROR for every request */
static void
fake_serve(int c, enum fake how)
{
	static const char error[] = "\0RES\0\0\0\x13\0\0\0\x0b" "ERR\0no room";

	switch (how) {
	case FAKE_TEXT:
		if (write(c, "HTTP/1.1 400 Bad Request\r\n\r\n", 28) < 0)
			_exit(1);
		return; /* kept open: the client must not wait for more */
	case FAKE_CLOSE:
		usleep(300000);
		close(c);
		return;
	case FAKE_REFUSE:
		while (read_packet(c) == 0)
			if (write(c, error, sizeof(error) - 1) < 0)
				break;
		close(c);
		return;
	}
}

static pid_t
start_fake(int p, enum fake how)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)p),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
	pid_t pid;

	assert_true(fd >= 0);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(fd, 16), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		/* gone with the test, whatever becomes of it */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		alarm(60);
		for (;;) {
			int c = accept(fd, NULL, NULL);

			if (c < 0)
				_exit(1);
			fake_serve(c, how);
		}
	}
	close(fd);
	return pid;
}

static void
stop_fake(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* a job server that goes away without confirming: the jobs go to the next
 * of the list, and each comes back once */
static void
t_resent(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	char closer[64];
	const char *servers[] = { closer, server };
	struct gmwire *w;
	struct gmwire_stats st;
	int p = free_port();
	pid_t pid;

	(void)state;
	need_gearmand();
	reset_seen();
	snprintf(closer, sizeof(closer), "127.0.0.1:%d", p);
	pid = start_fake(p, FAKE_CLOSE);
	w = gmwire_new(loop, servers, 2, "check_results", 1, 2000, &cbs);
	assert_non_null(w);
	expect_round_trip(loop, w, NJOBS);
	gmwire_stats(w, &st);
	assert_int_equal(st.resent, NJOBS);
	assert_int_equal(st.sent, NJOBS);
	assert_int_equal(st.waiting, 0);
	assert_int_equal(nfails, 0);
	gmwire_free(w);
	stop_fake(pid);
	ev_loop_destroy(loop);
}

/* a job server that refuses each job: each is given up at once, with its tag */
static void
t_refused(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	char refuser[64];
	const char *servers[] = { refuser };
	struct gmwire *w;
	struct gmwire_stats st;
	int p = free_port();
	pid_t pid;

	(void)state;
	reset_seen();
	snprintf(refuser, sizeof(refuser), "127.0.0.1:%d", p);
	pid = start_fake(p, FAKE_REFUSE);
	w = gmwire_new(loop, servers, 1, NULL, 0, 2000, &cbs);
	assert_non_null(w);
	submit_all(w, 5, 0);
	run_until(loop, &nfails, 5, 5);
	assert_int_equal(nfails, 5);
	assert_int_equal(failed_tag, 104);
	assert_string_equal(failed_uniq, "u4");
	gmwire_stats(w, &st);
	assert_int_equal(st.failed, 5);
	assert_int_equal(st.sent, 0);
	assert_int_equal(st.waiting, 0);
	gmwire_free(w);
	stop_fake(pid);
	ev_loop_destroy(loop);
}

/* a peer that is not a job server: said to be unreachable, jobs kept, no crash */
static void
t_not_gearman(void **state)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	char babbler[64];
	const char *servers[] = { babbler };
	struct gmwire *w;
	struct gmwire_stats st;
	pid_t pid;
	int p = free_port();

	(void)state;
	reset_seen();
	snprintf(babbler, sizeof(babbler), "127.0.0.1:%d", p);
	pid = start_fake(p, FAKE_TEXT);
	w = gmwire_new(loop, servers, 1, "check_results", 1, 2000, &cbs);
	assert_non_null(w);
	/* connecting succeeds: the jobs are written, the answer is text */
	submit_all(w, 3, 60);
	run_until(loop, &ndown, 1, 5);
	assert_int_equal(ndown, 1);
	run_for(loop, 1.5);
	gmwire_stats(w, &st);
	assert_int_equal(st.sent, 0);
	/* held for the next connection, and sent again on each */
	assert_int_equal(st.waiting, 3);
	assert_true(st.resent >= 3);
	assert_int_equal(nresults, 0);
	gmwire_free(w);
	stop_fake(pid);
	ev_loop_destroy(loop);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_round_trip),
		cmocka_unit_test(t_server_back),
		cmocka_unit_test(t_deadline),
		cmocka_unit_test(t_retag),
		cmocka_unit_test(t_failover),
		cmocka_unit_test(t_restart),
		cmocka_unit_test(t_not_gearman),
		cmocka_unit_test(t_resent),
		cmocka_unit_test(t_refused),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

/*
 * test_log: the diagnostic log.  With stderr redirected into a temporary
 * file, checks the "jaque: " prefix, that log_warn appends ": " and the
 * errno text while log_warnx does not, the level filter (debug hidden at
 * the default level, shown after log_set_level(LOG_LEVEL_DEBUG), warnings
 * hidden at LOG_LEVEL_ERR), and that log_fatalx prints and aborts (in a
 * child).  The default-level test runs first, before any log_set_level.
 * Links engine/util/log.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/util/log.h"

struct cap {
	FILE *f;
	int saved;
	char buf[8192];
};

/* send fd 2 into a temporary file */
static void
cap_start(struct cap *c)
{
	fflush(stderr);
	c->f = tmpfile();
	assert_non_null(c->f);
	c->saved = dup(STDERR_FILENO);
	assert_true(c->saved >= 0);
	assert_true(dup2(fileno(c->f), STDERR_FILENO) >= 0);
}

/* restore fd 2; returns what was written meanwhile */
static const char *
cap_end(struct cap *c)
{
	size_t n;

	fflush(stderr);
	assert_true(dup2(c->saved, STDERR_FILENO) >= 0);
	close(c->saved);
	rewind(c->f);
	n = fread(c->buf, 1, sizeof(c->buf) - 1, c->f);
	c->buf[n] = '\0';
	fclose(c->f);
	return c->buf;
}

static int
t_reset(void **state)
{
	(void)state;
	log_set_level(LOG_LEVEL_INFO);
	return 0;
}

/* must run first: nothing has set the level yet */
static void
t_default_level(void **state)
{
	struct cap c;

	(void)state;
	cap_start(&c);
	log_debug("hidden %d", 1);
	log_info("shown %d", 2);
	log_warnx("shown %d", 3);
	assert_string_equal(cap_end(&c), "jaque: shown 2\njaque: shown 3\n");
}

static void
t_warnx(void **state)
{
	struct cap c;

	(void)state;
	cap_start(&c);
	errno = ENOENT;
	log_warnx("config %s: %d errors", "nagios.cfg", 3);
	assert_string_equal(cap_end(&c), "jaque: config nagios.cfg: 3 errors\n");
}

static void
t_warn_errno(void **state)
{
	struct cap c;
	char want[512];

	(void)state;
	snprintf(want, sizeof(want), "jaque: open %s: %s\n", "/nonexistent", strerror(ENOENT));
	cap_start(&c);
	errno = ENOENT;
	log_warn("open %s", "/nonexistent");
	assert_string_equal(cap_end(&c), want);

	snprintf(want, sizeof(want), "jaque: bind: %s\njaque: write: %s\n", strerror(EADDRINUSE),
	    strerror(EPIPE));
	cap_start(&c);
	errno = EADDRINUSE;
	log_warn("bind");
	errno = EPIPE;
	log_warn("write");
	assert_string_equal(cap_end(&c), want);
}

static void
t_debug_level(void **state)
{
	struct cap c;

	(void)state;
	log_set_level(LOG_LEVEL_DEBUG);
	cap_start(&c);
	log_debug("tick %u", 7u);
	log_info("info");
	assert_string_equal(cap_end(&c), "jaque: tick 7\njaque: info\n");

	/* and back */
	log_set_level(LOG_LEVEL_INFO);
	cap_start(&c);
	log_debug("tick %u", 8u);
	assert_string_equal(cap_end(&c), "");
}

static void
t_quiet_levels(void **state)
{
	struct cap c;
	char want[256];

	(void)state;
	snprintf(want, sizeof(want), "jaque: yes\njaque: io: %s\n", strerror(EIO));
	log_set_level(LOG_LEVEL_WARN);
	cap_start(&c);
	log_info("no");
	log_debug("no");
	log_warnx("yes");
	errno = EIO;
	log_warn("io");
	assert_string_equal(cap_end(&c), want);
	log_set_level(LOG_LEVEL_ERR);
	cap_start(&c);
	log_warnx("no");
	errno = EIO;
	log_warn("no");
	log_info("no");
	assert_string_equal(cap_end(&c), "");
}

static void
t_long_message(void **state)
{
	struct cap c;
	char msg[3000];
	const char *out;

	(void)state;
	memset(msg, 'm', sizeof(msg) - 1);
	msg[sizeof(msg) - 1] = '\0';
	cap_start(&c);
	log_warnx("%s", msg);
	out = cap_end(&c);
	assert_int_equal(strlen(out), strlen("jaque: ") + sizeof(msg) - 1 + 1);
	assert_memory_equal(out, "jaque: ", 7);
	assert_int_equal(strspn(out + 7, "m"), sizeof(msg) - 1);
	assert_int_equal(out[strlen(out) - 1], '\n');
}

static void
t_fatalx(void **state)
{
	int fds[2], st;
	pid_t pid;
	char buf[256];
	ssize_t n;
	size_t len = 0;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct sigaction sa;

		/* a plain abort: no core file, default action */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = SIG_DFL;
		sigaction(SIGABRT, &sa, NULL);
		close(fds[0]);
		dup2(fds[1], STDERR_FILENO);
		log_fatalx("broken invariant %d", 9);
	}
	close(fds[1]);
	while ((n = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGABRT);
	assert_string_equal(buf, "jaque: broken invariant 9\n");
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_reset, t_reset)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_default_level),
		T(t_warnx),
		T(t_warn_errno),
		T(t_debug_level),
		T(t_quiet_levels),
		T(t_long_message),
		T(t_fatalx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_bgwork: work beside the loop (engine/util/bgwork.c): it runs on
 * another thread, with every signal blocked there and none blocked here;
 * bgwork_drain returns only once every piece started has ended, also a
 * slow one and many at once.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "engine/util/bgwork.h"

struct probe {
	pthread_t self;
	int term_blocked;
	int done;
};

static void
probe_fn(void *arg)
{
	struct probe *p = arg;
	sigset_t cur;

	p->self = pthread_self();
	pthread_sigmask(SIG_SETMASK, NULL, &cur);
	p->term_blocked = sigismember(&cur, SIGTERM) == 1 && sigismember(&cur, SIGHUP) == 1;
	p->done = 1;
}

static void
t_runs_on_thread(void **state)
{
	struct probe p = { 0 };
	sigset_t cur;

	(void)state;
	p.self = pthread_self();
	bgwork_run(probe_fn, &p);
	bgwork_drain();
	assert_int_equal(p.done, 1);
	assert_false(pthread_equal(p.self, pthread_self()));
	assert_int_equal(p.term_blocked, 1);
	/* the caller's mask is as it was */
	pthread_sigmask(SIG_SETMASK, NULL, &cur);
	assert_int_equal(sigismember(&cur, SIGTERM), 0);
}

static void
slow_fn(void *arg)
{
	struct timespec ts = { 0, 200 * 1000 * 1000 };

	nanosleep(&ts, NULL);
	*(int *)arg = 1;
}

static void
t_drain_waits(void **state)
{
	int done = 0;

	(void)state;
	bgwork_run(slow_fn, &done);
	bgwork_drain();
	assert_int_equal(done, 1);
	/* nothing under way: at once */
	bgwork_drain();
}

static pthread_mutex_t count_mu = PTHREAD_MUTEX_INITIALIZER;

static void
count_fn(void *arg)
{
	pthread_mutex_lock(&count_mu);
	(*(int *)arg)++;
	pthread_mutex_unlock(&count_mu);
}

static void
t_many(void **state)
{
	int n = 0, i;

	(void)state;
	for (i = 0; i < 50; i++)
		bgwork_run(count_fn, &n);
	bgwork_drain();
	assert_int_equal(n, 50);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_runs_on_thread),
		cmocka_unit_test(t_drain_waits),
		cmocka_unit_test(t_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

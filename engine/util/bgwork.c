/*
 * bgwork: work on a thread beside the loop (see bgwork.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/bgwork.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "engine/util/xalloc.h"

struct bgwork {
	void (*fn)(void *);
	void *arg;
};

static pthread_mutex_t bgwork_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t bgwork_idle = PTHREAD_COND_INITIALIZER;
static unsigned bgwork_running;

static void
bgwork_ended(void)
{
	pthread_mutex_lock(&bgwork_mu);
	if (--bgwork_running == 0)
		pthread_cond_broadcast(&bgwork_idle);
	pthread_mutex_unlock(&bgwork_mu);
}

static void *
bgwork_main(void *p)
{
	struct bgwork w = *(struct bgwork *)p;

	free(p);
	w.fn(w.arg);
	bgwork_ended();
	return NULL;
}

void
bgwork_run(void (*fn)(void *), void *arg)
{
	struct bgwork *w = xmalloc(sizeof(*w));
	pthread_attr_t attr;
	pthread_t t;
	sigset_t all, old;
	int rc = -1;

	w->fn = fn;
	w->arg = arg;
	pthread_mutex_lock(&bgwork_mu);
	bgwork_running++;
	pthread_mutex_unlock(&bgwork_mu);
	/* the thread inherits the mask: blocked from its first instruction */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0)
			rc = pthread_create(&t, &attr, bgwork_main, w);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		free(w);
		fn(arg);
		bgwork_ended();
	}
}

void
bgwork_drain(void)
{
	pthread_mutex_lock(&bgwork_mu);
	while (bgwork_running > 0)
		pthread_cond_wait(&bgwork_idle, &bgwork_mu);
	pthread_mutex_unlock(&bgwork_mu);
}

/*
 * reread: a reload's reading of the configuration, on a thread beside
 * the loop.  Reading, checking and preparing a large configuration takes
 * seconds; meanwhile the loop goes on with the old generation (checks
 * start and results are taken as before), and the new generation is
 * swapped in on the loop, in one go, when the reader is done
 * (daemon_reload_read).
 *
 * The thread only reads: nagios.cfg's path and jaque.cfg's (which never
 * change), the running generation's objects (which never change either)
 * and what it builds itself: the new generation, its checker with the map
 * onto the running objects, and objects.cache (daemon_reload_prepare).
 * It is started with every signal blocked, so that signals keep reaching
 * the loop's thread, and tells the loop it is done through an ev_async.  A SIGHUP that comes while a read
 * is under way asks for one more read after it (the files may have
 * changed since the first began).  A shutdown does not wait for a read
 * still under way (it may block on a hung mount): the thread is left to
 * end and free what it made.  Where no thread can be started, the read
 * runs on the loop as it always could.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include <ev.h>

#include "compat/config/config.h"
#include "compat/gearman/mgcfg.h"
#include "engine/check/checker.h"
#include "engine/main/daemon_int.h"
#include "engine/sched/clockstep.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"

struct reread {
	struct jaque *j;
	pthread_t thread;
	ev_async done;
	struct reload_read rr;
	double started;   /* monotonic */
	pthread_mutex_t mu;  /* guards abandoned and finished */
	int abandoned;       /* shutdown came first: the thread cleans up after itself */
	int finished;        /* the loop has been told */
};

/* what a read made, and r itself */
static void
reread_drop(struct reread *r)
{
	checker_free(r->rr.chk, 0);
	config_gen_free(r->rr.gen);
	free(r->rr.gen);
	diag_free(r->rr.d);
	mgcfg_free(r->rr.gm);
	pthread_mutex_destroy(&r->mu);
	free(r);
}

/* after the read: what can be prepared from it, and how long it all took */
static void
reread_prepare(struct reread *r)
{
	if (r->rr.rc == 0)
		daemon_reload_prepare(r->j, &r->rr);
	r->rr.read_secs = clockstep_mono() - r->started;
}

/*
 * The reading may block (a configuration file on a hung mount, a FIFO):
 * it runs with nothing of the running generation in use.  What touches it
 * (the map onto its objects, the loop's ev_async) runs under mu, and not
 * at all when shutdown has abandoned the read meanwhile.
 */
static void *
reread_main(void *arg)
{
	struct reread *r = arg;

	r->rr.rc = daemon_read_config(r->j, r->rr.gen, r->rr.d, &r->rr.gm);
	pthread_mutex_lock(&r->mu);
	if (r->abandoned) {
		pthread_mutex_unlock(&r->mu);
		reread_drop(r);
		return NULL;
	}
	reread_prepare(r);
	r->finished = 1;
	ev_async_send(r->j->loop, &r->done);
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

/* the read has ended: join the thread and hand over what it read */
static void
reread_done_cb(struct ev_loop *loop, ev_async *w, int revents)
{
	struct reread *r = w->data;
	struct jaque *j = r->j;

	(void)revents;
	ev_async_stop(loop, &r->done);
	pthread_join(r->thread, NULL);
	j->reread = NULL;
	daemon_reload_read(j, &r->rr);
	pthread_mutex_destroy(&r->mu);
	free(r);
	if (j->reread_again) {
		j->reread_again = 0;
		reread_start(j);
	}
}

void
reread_start(struct jaque *j)
{
	struct reread *r;
	sigset_t all, old;
	int rc;

	if (j->reread != NULL) {
		j->reread_again = 1;
		return;
	}
	r = xcalloc(1, sizeof(*r));
	r->j = j;
	r->rr.gen = xcalloc(1, sizeof(*r->rr.gen));
	r->rr.d = diag_new(NULL);
	pthread_mutex_init(&r->mu, NULL);
	ev_async_init(&r->done, reread_done_cb);
	r->done.data = r;
	ev_async_start(j->loop, &r->done);
	r->started = clockstep_mono();
	/* the thread inherits the mask: blocked from its first instruction */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&r->thread, NULL, reread_main, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		log_warnx("cannot start a thread to read the configuration: reading it on the loop");
		ev_async_stop(j->loop, &r->done);
		r->rr.rc = daemon_read_config(j, r->rr.gen, r->rr.d, &r->rr.gm);
		reread_prepare(r);
		daemon_reload_read(j, &r->rr);
		pthread_mutex_destroy(&r->mu);
		free(r);
		return;
	}
	j->reread = r;
}

void
reread_abandon(struct jaque *j)
{
	struct reread *r = j->reread;
	int finished;

	if (r == NULL)
		return;
	ev_async_stop(j->loop, &r->done);
	j->reread = NULL;
	j->reread_again = 0;
	pthread_mutex_lock(&r->mu);
	finished = r->finished;
	r->abandoned = !finished;
	pthread_mutex_unlock(&r->mu);
	if (finished) {
		pthread_join(r->thread, NULL);
		reread_drop(r);
	} else {
		/* still reading: it ends on its own, and frees what it made */
		log_warnx("shutdown while the configuration was being read: the read is abandoned");
		pthread_detach(r->thread);
	}
}

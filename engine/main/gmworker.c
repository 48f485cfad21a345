/*
 * gmworker: jaque's worker for mod_gearman's queues (gmworker.h).
 *
 * Threads and the loop.  libgearman's worker calls are blocking, and a
 * job stays this worker's until its function returns: gearmand gives a
 * job whose worker went away to another one, as it does for
 * mod_gearman_worker's processes.  So each of max-worker threads holds
 * its own gearman worker and client and takes one job at a time; the
 * job goes to the libev loop of the main thread (an inbox under a mutex
 * and an ev_async), which runs it with the worker pool and the shims;
 * the thread sleeps on its condition variable until the loop has made
 * the result text, then encodes it and sends it to the result queue
 * itself, so the loop never waits on gearmand.  Plugins are never forked
 * by these threads: the pool's fork servers start them.
 *
 * One more thread serves the status queue (worker_IDENTIFIER), as
 * mod_gearman_worker's status process does, from counters kept in atomics.
 * The threads look at the stop flag at least every second (the gearman
 * worker's timeout).  A run in flight keeps the loop going after a stop,
 * up to GMW_GRACE seconds.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "engine/main/gmworker.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>
#include <libgearman-1.0/gearman.h>

#include "compat/config/diag.h"
#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgjob.h"
#include "engine/main/gmwrun.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"

#define GMW_WORK_TIMEOUT_MS 1000 /* a thread looks at the stop flag this often */
#define GMW_GRACE 10.0           /* seconds runs in flight get after a stop */
#define GMW_QUEUE_MAX 256        /* bytes of a queue name */
#define GMW_HOST_MAX 256
#define GMW_SEND_TRIES 3         /* a result is sent this many times at most */
#define GMW_OUTPUT_MAX ((size_t)10 << 20) /* bytes of stdout, of stderr kept */

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif
/* what the status queue answers as version: mod_gearman's, whose format
 * this worker speaks, and jaque's */
#define GMW_VERSION "5.2.4 (jaque " PACKAGE_VERSION ")"

struct gmw;

/* one job handed from a thread to the loop and back */
struct gmw_task {
	struct gmw_task *next;
	struct gmw_slot *slot;
	struct mgjob_job job;
	char *result;               /* set by the loop: the result text, or NULL */
	int done;                   /* under gmw.mu */
};

/* one thread: its gearman connections and where it waits */
struct gmw_slot {
	struct gmw *w;
	pthread_t tid;
	pthread_cond_t cv;
	gearman_client_st *client;
	int status;                 /* serves the status queue, not jobs */
};

struct gmw {
	struct mgcfg *cfg;
	struct ev_loop *loop;
	struct wpool *pool;
	struct gmwrun_env env;
	ev_async inbox_async;
	ev_signal sigterm, sigint, sighup;
	ev_timer grace;
	pthread_mutex_t mu;
	struct gmw_task *inbox;     /* under mu */
	atomic_int stop;
	atomic_int alive;           /* threads still running */
	atomic_int running;         /* jobs taken and not finished */
	atomic_int down;            /* a thread found no job server */
	atomic_ulong jobs_done;     /* jobs and status requests answered */
	char hostname[GMW_HOST_MAX];
	size_t in_flight;           /* runs on the loop */
	char **servers;             /* "host:port" */
	struct gmw_slot *slots;     /* nslots for jobs, then the status thread's */
	int nslots;
	char self_exe[PATH_MAX];
};

/* ---- the threads ---- */

static void
gmw_add_servers(struct gmw *w, gearman_worker_st *k, gearman_client_st *c)
{
	size_t i;

	for (i = 0; i < w->cfg->servers.len; i++) {
		if (k != NULL)
			(void)gearman_worker_add_servers(k, w->servers[i]);
		if (c != NULL)
			(void)gearman_client_add_servers(c, w->servers[i]);
	}
}

static void
gmw_send_result(struct gmw_slot *s, const char *queue, const char *text)
{
	const struct mgcfg *cfg = s->w->cfg;
	enum mgjob_err err;
	char *payload = mgjob_encode(text, cfg->encryption ? cfg->key : NULL, &err);
	gearman_return_t ret = GEARMAN_SUCCESS;
	int i;

	if (payload == NULL) {
		log_warnx("gearman worker: result not encoded: %s", mgjob_err_str(err));
		return;
	}
	/* a connection the job server dropped (it restarted) fails once, and
	 * libgearman connects anew on the next call: try again, as the worker
	 * of mod_gearman does */
	for (i = 0; i < GMW_SEND_TRIES; i++) {
		ret = gearman_client_do_background(s->client, queue, NULL, payload, strlen(payload),
		    NULL);
		if (gearman_success(ret))
			break;
	}
	if (!gearman_success(ret))
		log_warnx("gearman worker: result to %s not sent: %s", queue,
		    gearman_client_error(s->client) != NULL ? gearman_client_error(s->client) :
		    gearman_strerror(ret));
	free(payload);
}

/* a job's function: decode, hand to the loop, wait, send the result */
static void *
gmw_take_job(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	struct gmw_slot *s = ctx;
	struct gmw *w = s->w;
	const struct mgcfg *cfg = w->cfg;
	struct gmw_task *t;
	enum mgjob_err err;
	char *text;

	*size = 0;
	*ret = GEARMAN_SUCCESS;
	text = mgjob_decode(gearman_job_workload(job), gearman_job_workload_size(job),
	    cfg->encryption ? cfg->key : NULL, 0, &err);
	if (text == NULL) {
		log_warnx("gearman worker: job %s not decoded: %s", gearman_job_handle(job),
		    mgjob_err_str(err));
		return NULL;
	}
	t = xcalloc(1, sizeof(*t));
	t->slot = s;
	if (mgjob_job_parse(&t->job, text) == 0) {
		log_warnx("gearman worker: discarded invalid job (%s), check your encryption "
		    "settings", gearman_job_handle(job));
		mgjob_job_clear(&t->job);
		free(t);
		free(text);
		return NULL;
	}
	free(text);
	atomic_fetch_add(&w->running, 1);
	pthread_mutex_lock(&w->mu);
	t->next = w->inbox;
	w->inbox = t;
	pthread_mutex_unlock(&w->mu);
	ev_async_send(w->loop, &w->inbox_async);
	pthread_mutex_lock(&w->mu);
	while (!t->done)
		pthread_cond_wait(&s->cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	if (t->result != NULL)
		gmw_send_result(s, t->job.result_queue, t->result);
	free(t->result);
	mgjob_job_clear(&t->job);
	free(t);
	atomic_fetch_sub(&w->running, 1);
	atomic_fetch_add(&w->jobs_done, 1);
	return NULL;
}

/* the status queue's answer, as mod_gearman_worker's status worker gives it */
static void *
gmw_status(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	struct gmw *w = ctx;
	char *text;

	(void)job;
	text = mgjob_worker_status(w->hostname, w->nslots, atomic_load(&w->running), GMW_VERSION,
	    w->nslots, w->cfg->max_worker, atomic_fetch_add(&w->jobs_done, 1));
	*size = strlen(text);
	*ret = GEARMAN_SUCCESS;
	/* libgearman frees what a function returns */
	return text;
}

/* the job queues the options ask for: the general ones, the groups' */
static void
gmw_functions(struct gmw_slot *s, gearman_worker_st *k)
{
	static const char *const general[] = { "host", "service", "eventhandler", "notification" };
	const struct mgcfg *cfg = s->w->cfg;
	const int on[] = { cfg->hosts, cfg->services, cfg->eventhandler, cfg->notifications };
	char name[GMW_QUEUE_MAX];
	size_t i;

	for (i = 0; i < 4; i++)
		if (on[i])
			(void)gearman_worker_add_function(k, general[i], 0, gmw_take_job, s);
	for (i = 0; i < cfg->hostgroups.len; i++) {
		snprintf(name, sizeof(name), "hostgroup_%s", (const char *)cfg->hostgroups.items[i]);
		(void)gearman_worker_add_function(k, name, 0, gmw_take_job, s);
	}
	for (i = 0; i < cfg->servicegroups.len; i++) {
		snprintf(name, sizeof(name), "servicegroup_%s",
		    (const char *)cfg->servicegroups.items[i]);
		(void)gearman_worker_add_function(k, name, 0, gmw_take_job, s);
	}
}

static void *
gmw_thread(void *arg)
{
	struct gmw_slot *s = arg;
	struct gmw *w = s->w;
	gearman_worker_st *k = gearman_worker_create(NULL);

	s->client = gearman_client_create(NULL);
	if (k == NULL || s->client == NULL) {
		log_warnx("gearman worker: no memory for a gearman connection");
		goto out;
	}
	gmw_add_servers(w, k, s->client);
	gearman_client_set_timeout(s->client, w->cfg->connection_timeout);
	gearman_worker_set_timeout(k, GMW_WORK_TIMEOUT_MS);
	if (s->status) {
		char name[GMW_QUEUE_MAX];

		snprintf(name, sizeof(name), "worker_%s", w->cfg->identifier);
		(void)gearman_worker_add_function(k, name, 0, gmw_status, w);
	} else {
		gmw_functions(s, k);
	}
	while (!atomic_load(&w->stop)) {
		gearman_return_t ret = gearman_worker_work(k);
		int n;

		if (gearman_success(ret) || ret == GEARMAN_TIMEOUT || ret == GEARMAN_IO_WAIT ||
		    ret == GEARMAN_NO_JOBS) {
			/* a timeout comes with and without a job server: only a
			 * job (or the word that there is none) says it is back */
			if ((gearman_success(ret) || ret == GEARMAN_NO_JOBS) &&
			    atomic_exchange(&w->down, 0))
				log_info("gearman worker: job server reachable again");
			continue;
		}
		/* said once per outage, by the first thread that meets it */
		if (!atomic_exchange(&w->down, 1))
			log_warnx("gearman worker: %s", gearman_worker_error(k) != NULL ?
			    gearman_worker_error(k) : gearman_strerror(ret));
		/* no job server: wait a second (in tenths, to see the stop flag) */
		for (n = 0; n < 10 && !atomic_load(&w->stop); n++) {
			struct timespec tenth = { 0, 100000000L };

			nanosleep(&tenth, NULL);
		}
	}
out:
	if (k != NULL)
		gearman_worker_free(k);
	atomic_fetch_sub(&w->alive, 1);
	ev_async_send(w->loop, &w->inbox_async);
	return NULL;
}

/* ---- the loop ---- */

static void
gmw_run_done(void *arg, char *result)
{
	struct gmw_task *t = arg;
	struct gmw *w = t->slot->w;

	w->in_flight--;
	pthread_mutex_lock(&w->mu);
	t->result = result;
	t->done = 1;
	pthread_cond_signal(&t->slot->cv);
	pthread_mutex_unlock(&w->mu);
}

static void
gmw_inbox_cb(struct ev_loop *loop, ev_async *a, int revents)
{
	struct gmw *w = a->data;
	struct gmw_task *t, *next;

	(void)revents;
	pthread_mutex_lock(&w->mu);
	t = w->inbox;
	w->inbox = NULL;
	pthread_mutex_unlock(&w->mu);
	for (; t != NULL; t = next) {
		next = t->next;
		w->in_flight++;
		if (gmwrun_start(&w->env, &t->job, gmw_run_done, t) < 0)
			gmw_run_done(t, NULL);
	}
	if (atomic_load(&w->stop) && atomic_load(&w->alive) == 0)
		ev_break(loop, EVBREAK_ALL);
}

static void
gmw_grace_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct gmw *w = t->data;

	(void)revents;
	log_warnx("gearman worker: %zu job(s) still running after %.0f s: left to gearmand",
	    w->in_flight, GMW_GRACE);
	ev_break(loop, EVBREAK_ALL);
}

static void
gmw_signal_cb(struct ev_loop *loop, ev_signal *sig, int revents)
{
	struct gmw *w = sig->data;

	(void)revents;
	if (atomic_exchange(&w->stop, 1)) {
		/* a second signal: leave now */
		ev_break(loop, EVBREAK_ALL);
		return;
	}
	log_info("gearman worker: signal %d: taking no more jobs", sig->signum);
	ev_timer_start(loop, &w->grace);
	ev_async_send(loop, &w->inbox_async);
}

/* SIGHUP (logrotate's): the log file opened anew; the options stay */
static void
gmw_hup_cb(struct ev_loop *loop, ev_signal *sig, int revents)
{
	struct gmw *w = sig->data;

	(void)loop;
	(void)revents;
	if (w->cfg->logfile != NULL && freopen(w->cfg->logfile, "a", stderr) != NULL)
		setvbuf(stderr, NULL, _IOLBF, 0);
	log_info("gearman worker: SIGHUP: log opened anew; the options are not read again");
}

/* ---- start-up ---- */

/* the options: files (words without '=') and key=value pairs */
static struct mgcfg *
gmw_config(int argc, char **argv)
{
	struct diag *d = diag_new(stderr);
	struct mgcfg *m = mgcfg_new(NULL);
	const char *first = NULL;
	int i, err = 0;

	for (i = 1; i < argc; i++) {
		if (strchr(argv[i], '=') == NULL && argv[i][0] != '-') {
			if (first == NULL)
				first = argv[i];
			err += mgcfg_read_file(m, argv[i], d);
		} else {
			err += mgcfg_set(m, argv[i], "command line", 0, d);
		}
	}
	err += mgcfg_finish_worker(m, first != NULL ? first : "command line", d);
	diag_free(d);
	if (err > 0) {
		mgcfg_free(m);
		return NULL;
	}
	return m;
}

/* the log: logfile= (stderr there), debug= (1 and more: debug lines); then
 * the worker's options read that have no effect here */
static int
gmw_log_setup(const struct mgcfg *m)
{
	size_t i;

	if (m->debug > 0)
		log_set_level(LOG_LEVEL_DEBUG);
	if (m->logfile != NULL && freopen(m->logfile, "a", stderr) == NULL) {
		fprintf(stdout, "jaque: cannot open logfile %s\n", m->logfile);
		return -1;
	}
	setvbuf(stderr, NULL, _IOLBF, 0);
	for (i = 0; i < m->ignored.len; i++)
		if (!mgcfg_is_worker_key(m->ignored.items[i]))
			log_warnx("gearman worker: option '%s' is not implemented here; ignored",
			    (const char *)m->ignored.items[i]);
	return 0;
}

static int
gmw_start(struct gmw *w)
{
	struct wpool_opts po;
	sigset_t all, old;
	ssize_t n;
	size_t i;
	int k;

	n = readlink("/proc/self/exe", w->self_exe, sizeof(w->self_exe) - 1);
	if (n <= 0) {
		log_warn("gearman worker: /proc/self/exe");
		return -1;
	}
	w->self_exe[n] = '\0';
	memset(&po, 0, sizeof(po));
	po.self_exe = w->self_exe;
	/* mod_gearman_worker keeps a plugin's output up to about 10 MiB */
	po.output_cap = GMW_OUTPUT_MAX;
	w->pool = wpool_new(w->loop, &po);
	if (w->pool == NULL)
		return -1;
	w->env.loop = w->loop;
	w->env.pool = w->pool;
	w->env.cfg = w->cfg;
	w->servers = xcalloc(w->cfg->servers.len + 1, sizeof(char *));
	for (i = 0; i < w->cfg->servers.len; i++) {
		const struct mgcfg_server *s = w->cfg->servers.items[i];

		w->servers[i] = xasprintf("%s:%d", s->host, s->port);
	}
	if (gethostname(w->hostname, sizeof(w->hostname) - 1) < 0)
		w->hostname[0] = '\0';
	/* the job threads, then the status thread */
	w->nslots = w->cfg->max_worker;
	w->slots = xcalloc((size_t)w->nslots + 1, sizeof(*w->slots));
	for (k = 0; k <= w->nslots; k++) {
		w->slots[k].w = w;
		w->slots[k].status = k == w->nslots;
		pthread_cond_init(&w->slots[k].cv, NULL);
	}
	/* signals are the loop's: the threads start with all of them blocked */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (k = 0; k <= w->nslots; k++) {
		atomic_fetch_add(&w->alive, 1);
		if (pthread_create(&w->slots[k].tid, NULL, gmw_thread, &w->slots[k]) != 0) {
			atomic_fetch_sub(&w->alive, 1);
			pthread_sigmask(SIG_SETMASK, &old, NULL);
			log_warnx("gearman worker: only %d thread(s) started", k);
			return -1;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return 0;
}

int
gmworker_main(int argc, char **argv)
{
	struct gmw w;
	int k, left;

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("Usage: jaque --gearman-worker [worker.cfg] [key=value ...]\n"
		    "mod_gearman_worker's options, from the file (also config=FILE) or as\n"
		    "key=value or --key=value words, later ones winning (README.md).\n");
		return 0;
	}
	memset(&w, 0, sizeof(w));
	w.cfg = gmw_config(argc, argv);
	if (w.cfg == NULL)
		return 2;
	if (gmw_log_setup(w.cfg) < 0) {
		mgcfg_free(w.cfg);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	w.loop = ev_default_loop(0);
	pthread_mutex_init(&w.mu, NULL);
	ev_async_init(&w.inbox_async, gmw_inbox_cb);
	w.inbox_async.data = &w;
	ev_async_start(w.loop, &w.inbox_async);
	ev_signal_init(&w.sigterm, gmw_signal_cb, SIGTERM);
	ev_signal_init(&w.sigint, gmw_signal_cb, SIGINT);
	ev_signal_init(&w.sighup, gmw_hup_cb, SIGHUP);
	w.sigterm.data = w.sigint.data = w.sighup.data = &w;
	ev_signal_start(w.loop, &w.sigterm);
	ev_signal_start(w.loop, &w.sigint);
	ev_signal_start(w.loop, &w.sighup);
	ev_timer_init(&w.grace, gmw_grace_cb, GMW_GRACE, 0.);
	w.grace.data = &w;
	if (gmw_start(&w) < 0) {
		/* threads that did start may be reading the options: leave them be */
		atomic_store(&w.stop, 1);
		return 1;
	}
	log_info("gearman worker %s: %d thread(s), %zu job server(s)", w.cfg->identifier,
	    w.nslots, w.cfg->servers.len);
	ev_run(w.loop, 0);
	atomic_store(&w.stop, 1);
	left = atomic_load(&w.alive);
	wpool_free(w.pool);
	if (left > 0) {
		/* threads whose runs did not end wait for them still: the process
		 * ends under them, and gearmand gives their jobs to another worker */
		log_info("gearman worker: stopped, %d thread(s) left busy", left);
		return 0;
	}
	{
		for (k = 0; k <= w.nslots; k++) {
			pthread_join(w.slots[k].tid, NULL);
			if (w.slots[k].client != NULL)
				gearman_client_free(w.slots[k].client);
			pthread_cond_destroy(&w.slots[k].cv);
		}
		for (k = 0; w.servers[k] != NULL; k++)
			free(w.servers[k]);
		free(w.servers);
		free(w.slots);
		mgcfg_free(w.cfg);
		pthread_mutex_destroy(&w.mu);
	}
	ev_loop_destroy(w.loop);
	log_info("gearman worker: stopped");
	return 0;
}

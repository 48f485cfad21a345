/*
 * gmwire: jobs to gearmand and results from it (gmwire.h).
 *
 * One mutex guards the job queue, the event list and the counters; the
 * submitting thread sleeps on a condition variable until a job comes or a
 * retry is due; the result threads sit in gearman_worker_work with a one
 * second timeout, so that they see the stop flag.  Events reach the loop
 * through an ev_async: its callback takes the whole list at once and runs
 * the callbacks without the lock.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmwire.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libgearman-1.0/gearman.h>

#include "engine/util/xalloc.h"

#define GMW_WORK_TIMEOUT_MS 1000 /* a result thread looks at the stop flag this often */
#define GMW_BATCH 64             /* results that wake the loop at once */
#define GMW_DRAIN 0.05           /* seconds results wait at most for the loop's next pass */
#define GMW_SUBMIT_BATCH 256     /* jobs sent in one exchange with the job server, at most */

struct gmw_job {
	struct gmw_job *next;
	char *queue;
	char *uniq;      /* NULL: none */
	char *payload;
	size_t len;
	enum gmwire_prio prio;
	double deadline; /* monotonic seconds, 0: none */
	unsigned long tag;
};

enum gmw_kind { GMW_RESULT, GMW_FAIL, GMW_STATE };

struct gmw_event {
	struct gmw_event *next;
	enum gmw_kind kind;
	char *a;        /* RESULT: the payload; FAIL: the queue; STATE: why */
	size_t len;     /* RESULT: its length */
	char *b;        /* FAIL: the unique id */
	char *c;        /* FAIL: why */
	unsigned long tag; /* FAIL: the job's */
	int up;         /* STATE */
};

struct gmwire {
	struct ev_loop *loop;
	ev_async async;
	struct gmwire_cb cb;
	char **servers;
	size_t nservers;
	char *result_queue;
	int timeout_ms;

	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct gmw_job *head, *tail;
	size_t njobs;
	struct gmw_event *ev_head, *ev_tail;
	size_t nevents;          /* results in the list since it was last taken */
	ev_check pass;           /* takes the list after each loop iteration */
	ev_timer drain;          /* and every GMW_DRAIN seconds */
	struct gmwire_stats st;
	int up;                 /* what the loop was told last: -1 nothing yet */
	atomic_int stop;

	pthread_t submitter;
	int have_submitter;
	pthread_t *readers;
	int nreaders;
};

static double
gmw_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- events, from the threads to the loop ---- */

/*
 * Append e; called with the lock held.  Results wait for the loop's next
 * pass (its check watcher, or the drain timer when it sleeps), so that a
 * steady flow of results does not wake the loop once each; the loop is
 * woken at once for anything else, and when GMW_BATCH results wait.
 */
static void
gmw_post(struct gmwire *w, struct gmw_event *e)
{
	e->next = NULL;
	if (w->ev_tail != NULL)
		w->ev_tail->next = e;
	else
		__atomic_store_n(&w->ev_head, e, __ATOMIC_RELAXED);
	w->ev_tail = e;
	if (e->kind != GMW_RESULT || ++w->nevents >= GMW_BATCH)
		ev_async_send(w->loop, &w->async);
}

/* a change of reachability, said once per change; with the lock held */
static void
gmw_post_state(struct gmwire *w, int up, const char *why)
{
	struct gmw_event *e;

	if (w->up == up)
		return;
	w->up = up;
	e = xcalloc(1, sizeof(*e));
	e->kind = GMW_STATE;
	e->up = up;
	e->a = xstrdup(why != NULL ? why : "");
	gmw_post(w, e);
}

static void
gmw_event_free(struct gmw_event *e)
{
	free(e->a);
	free(e->b);
	free(e->c);
	free(e);
}

static void
gmw_take(struct gmwire *w)
{
	struct gmw_event *e, *next;

	/* a look without the lock first: most passes find nothing (a stale answer
	 * only delays the list to the next pass) */
	if (__atomic_load_n(&w->ev_head, __ATOMIC_RELAXED) == NULL)
		return;
	pthread_mutex_lock(&w->mu);
	e = w->ev_head;
	__atomic_store_n(&w->ev_head, NULL, __ATOMIC_RELAXED);
	w->ev_tail = NULL;
	w->nevents = 0;
	pthread_mutex_unlock(&w->mu);
	for (; e != NULL; e = next) {
		next = e->next;
		switch (e->kind) {
		case GMW_RESULT:
			if (w->cb.result != NULL)
				w->cb.result(w->cb.ctx, e->a, e->len);
			break;
		case GMW_FAIL:
			if (w->cb.fail != NULL)
				w->cb.fail(w->cb.ctx, e->a, e->b, e->tag, e->c);
			break;
		case GMW_STATE:
			if (w->cb.state != NULL)
				w->cb.state(w->cb.ctx, e->up, e->a);
			break;
		}
		gmw_event_free(e);
	}
}

static void
gmw_async_cb(struct ev_loop *loop, ev_async *a, int revents)
{
	(void)loop;
	(void)revents;
	gmw_take(a->data);
}

static void
gmw_pass_cb(struct ev_loop *loop, ev_check *c, int revents)
{
	(void)loop;
	(void)revents;
	gmw_take(c->data);
}

static void
gmw_drain_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	(void)loop;
	(void)revents;
	gmw_take(t->data);
}

/* ---- submitting ---- */

static void
gmw_job_free(struct gmw_job *j)
{
	free(j->queue);
	free(j->uniq);
	free(j->payload);
	free(j);
}

/* j as a background task of c, to be sent with the others by run_tasks; NULL on failure */
static gearman_task_st *
gmw_task(gearman_client_st *c, const struct gmw_job *j)
{
	gearman_return_t ret;

	switch (j->prio) {
	case GMWIRE_HIGH:
		return gearman_client_add_task_high_background(c, NULL, NULL, j->queue, j->uniq,
		    j->payload, j->len, &ret);
	case GMWIRE_LOW:
		return gearman_client_add_task_low_background(c, NULL, NULL, j->queue, j->uniq,
		    j->payload, j->len, &ret);
	case GMWIRE_NORMAL:
		break;
	}
	return gearman_client_add_task_background(c, NULL, NULL, j->queue, j->uniq, j->payload,
	    j->len, &ret);
}

/*
 * Send the first n jobs of the queue (batch, in queue order) as tasks run
 * together: the job server takes them in one exchange, not one each.
 * ok[i] says which it took.  Called without the lock: only this thread
 * takes jobs off the queue, and others only append to it.
 */
static gearman_return_t
gmw_send(gearman_client_st *c, struct gmw_job *const *batch, size_t n, int *ok)
{
	gearman_task_st *tasks[GMW_SUBMIT_BATCH];
	gearman_return_t ret = GEARMAN_SUCCESS;
	size_t i;

	for (i = 0; i < n; i++)
		tasks[i] = gmw_task(c, batch[i]);
	ret = gearman_client_run_tasks(c);
	for (i = 0; i < n; i++) {
		ok[i] = tasks[i] != NULL && gearman_success(gearman_task_return(tasks[i]));
		if (tasks[i] != NULL)
			gearman_task_free(tasks[i]);
	}
	return ret;
}

/* give up the jobs whose deadline passed, telling the loop; with the lock held */
static void
gmw_expire(struct gmwire *w, double now, const char *why)
{
	struct gmw_job **at = &w->head, *j;

	w->tail = NULL;
	while ((j = *at) != NULL) {
		if (j->deadline == 0 || now < j->deadline) {
			w->tail = j;
			at = &j->next;
			continue;
		}
		*at = j->next;
		w->njobs--;
		w->st.failed++;
		{
			struct gmw_event *e = xcalloc(1, sizeof(*e));

			e->kind = GMW_FAIL;
			e->a = j->queue;
			e->b = j->uniq != NULL ? j->uniq : xstrdup("");
			e->c = xstrdup(why);
			e->tag = j->tag;
			j->queue = j->uniq = NULL;
			gmw_post(w, e);
		}
		gmw_job_free(j);
	}
}

static gearman_client_st *
gmw_client(struct gmwire *w)
{
	gearman_client_st *c = gearman_client_create(NULL);
	size_t i;

	if (c == NULL)
		return NULL;
	for (i = 0; i < w->nservers; i++)
		(void)gearman_client_add_servers(c, w->servers[i]);
	gearman_client_set_timeout(c, w->timeout_ms);
	return c;
}

static void *
gmw_submitter(void *arg)
{
	struct gmwire *w = arg;
	gearman_client_st *c = gmw_client(w);

	pthread_mutex_lock(&w->mu);
	while (!atomic_load(&w->stop)) {
		struct gmw_job *batch[GMW_SUBMIT_BATCH], *j, **at;
		int ok[GMW_SUBMIT_BATCH];
		gearman_return_t ret;
		size_t n = 0, i, nok = 0;

		if (w->head == NULL) {
			pthread_cond_wait(&w->cv, &w->mu);
			continue;
		}
		/* the jobs stay in the queue, first, while they are being sent */
		for (j = w->head; j != NULL && n < GMW_SUBMIT_BATCH; j = j->next)
			batch[n++] = j;
		pthread_mutex_unlock(&w->mu);
		if (c != NULL) {
			ret = gmw_send(c, batch, n, ok);
		} else {
			ret = GEARMAN_MEMORY_ALLOCATION_FAILURE;
			memset(ok, 0, n * sizeof(ok[0]));
		}
		pthread_mutex_lock(&w->mu);
		/* off the queue: those the job server took */
		for (at = &w->head, i = 0; i < n; i++) {
			if (!ok[i]) {
				at = &batch[i]->next;
				continue;
			}
			*at = batch[i]->next;
			if (w->tail == batch[i])
				w->tail = NULL; /* found again below */
			gmw_job_free(batch[i]);
			w->njobs--;
			nok++;
		}
		if (w->tail == NULL)
			for (j = w->head; j != NULL; j = j->next)
				w->tail = j;
		w->st.sent += nok;
		if (nok == n) {
			gmw_post_state(w, 1, "");
			continue;
		}
		if (gearman_success(ret))
			ret = GEARMAN_LOST_CONNECTION;
		{
			const char *why = c != NULL ? gearman_client_error(c) : "out of memory";
			struct timespec until;
			double t;

			w->st.retried++;
			gmw_post_state(w, 0, why != NULL ? why : gearman_strerror(ret));
			gmw_expire(w, gmw_now(), why != NULL ? why : gearman_strerror(ret));
			/* a fresh connection next time: a server may have come back */
			if (c != NULL) {
				pthread_mutex_unlock(&w->mu);
				gearman_client_free(c);
				c = gmw_client(w);
				pthread_mutex_lock(&w->mu);
			}
			clock_gettime(CLOCK_REALTIME, &until);
			t = (double)until.tv_nsec / 1e9 + GMWIRE_RETRY;
			until.tv_sec += (time_t)t;
			until.tv_nsec = (long)((t - (double)(time_t)t) * 1e9);
			while (!atomic_load(&w->stop) &&
			    pthread_cond_timedwait(&w->cv, &w->mu, &until) != ETIMEDOUT)
				;
		}
	}
	pthread_mutex_unlock(&w->mu);
	if (c != NULL)
		gearman_client_free(c);
	return NULL;
}

/* ---- results ---- */

static void *
gmw_take_result(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	struct gmwire *w = ctx;
	struct gmw_event *e = xcalloc(1, sizeof(*e));
	size_t len = gearman_job_workload_size(job);

	e->kind = GMW_RESULT;
	e->len = len;
	e->a = xmalloc(len + 1);
	if (len > 0)
		memcpy(e->a, gearman_job_workload(job), len);
	e->a[len] = '\0';
	pthread_mutex_lock(&w->mu);
	w->st.results++;
	gmw_post(w, e);
	pthread_mutex_unlock(&w->mu);
	*size = 0;
	*ret = GEARMAN_SUCCESS;
	return NULL;
}

static void *
gmw_reader(void *arg)
{
	struct gmwire *w = arg;
	gearman_worker_st *k = gearman_worker_create(NULL);
	size_t i;

	if (k == NULL)
		return NULL;
	for (i = 0; i < w->nservers; i++)
		(void)gearman_worker_add_servers(k, w->servers[i]);
	gearman_worker_set_timeout(k, GMW_WORK_TIMEOUT_MS);
	(void)gearman_worker_add_function(k, w->result_queue, 0, gmw_take_result, w);
	while (!atomic_load(&w->stop)) {
		gearman_return_t ret = gearman_worker_work(k);
		int n;

		if (gearman_success(ret) || ret == GEARMAN_TIMEOUT || ret == GEARMAN_IO_WAIT ||
		    ret == GEARMAN_NO_JOBS)
			continue;
		/* no job server: wait a second (in tenths, to see the stop flag) */
		for (n = 0; n < 10 && !atomic_load(&w->stop); n++) {
			struct timespec tenth = { 0, 100000000L };

			nanosleep(&tenth, NULL);
		}
	}
	gearman_worker_free(k);
	return NULL;
}

/* ---- the loop's side ---- */

struct gmwire *
gmwire_new(struct ev_loop *loop, const char *const *servers, size_t nservers,
    const char *result_queue, int nthreads, int timeout_ms, const struct gmwire_cb *cb)
{
	struct gmwire *w = xcalloc(1, sizeof(*w));
	size_t i;

	w->loop = loop;
	w->cb = *cb;
	w->servers = xcalloc(nservers + 1, sizeof(*w->servers));
	for (i = 0; i < nservers; i++)
		w->servers[i] = xstrdup(servers[i]);
	w->nservers = nservers;
	w->result_queue = result_queue != NULL ? xstrdup(result_queue) : NULL;
	w->timeout_ms = timeout_ms;
	w->up = -1;
	atomic_init(&w->stop, 0);
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	ev_async_init(&w->async, gmw_async_cb);
	w->async.data = w;
	ev_async_start(loop, &w->async);
	ev_check_init(&w->pass, gmw_pass_cb);
	w->pass.data = w;
	ev_check_start(loop, &w->pass);
	/* the check watcher must not keep the loop alive on its own */
	ev_unref(loop);
	ev_timer_init(&w->drain, gmw_drain_cb, GMW_DRAIN, GMW_DRAIN);
	w->drain.data = w;
	ev_timer_start(loop, &w->drain);
	ev_unref(loop);
	if (pthread_create(&w->submitter, NULL, gmw_submitter, w) != 0) {
		gmwire_free(w);
		return NULL;
	}
	w->have_submitter = 1;
	if (w->result_queue == NULL)
		nthreads = 0;
	w->readers = xcalloc((size_t)(nthreads > 0 ? nthreads : 1), sizeof(*w->readers));
	for (; w->nreaders < nthreads; w->nreaders++)
		if (pthread_create(&w->readers[w->nreaders], NULL, gmw_reader, w) != 0) {
			gmwire_free(w);
			return NULL;
		}
	return w;
}

void
gmwire_free(struct gmwire *w)
{
	struct gmw_job *j, *jn;
	struct gmw_event *e, *en;
	int i;
	size_t k;

	if (w == NULL)
		return;
	pthread_mutex_lock(&w->mu);
	atomic_store(&w->stop, 1);
	pthread_cond_broadcast(&w->cv);
	pthread_mutex_unlock(&w->mu);
	if (w->have_submitter)
		pthread_join(w->submitter, NULL);
	for (i = 0; i < w->nreaders; i++)
		pthread_join(w->readers[i], NULL);
	ev_async_stop(w->loop, &w->async);
	ev_ref(w->loop);
	ev_check_stop(w->loop, &w->pass);
	ev_ref(w->loop);
	ev_timer_stop(w->loop, &w->drain);
	for (j = w->head; j != NULL; j = jn) {
		jn = j->next;
		gmw_job_free(j);
	}
	for (e = w->ev_head; e != NULL; e = en) {
		en = e->next;
		gmw_event_free(e);
	}
	pthread_cond_destroy(&w->cv);
	pthread_mutex_destroy(&w->mu);
	for (k = 0; k < w->nservers; k++)
		free(w->servers[k]);
	free(w->servers);
	free(w->result_queue);
	free(w->readers);
	free(w);
}

int
gmwire_submit(struct gmwire *w, const char *queue, const char *uniq, const void *payload,
    size_t len, enum gmwire_prio prio, double deadline, unsigned long tag)
{
	struct gmw_job *j;

	pthread_mutex_lock(&w->mu);
	if (w->njobs >= GMWIRE_QUEUE_MAX) {
		pthread_mutex_unlock(&w->mu);
		return -1;
	}
	pthread_mutex_unlock(&w->mu);
	j = xcalloc(1, sizeof(*j));
	j->queue = xstrdup(queue);
	j->uniq = uniq != NULL && *uniq != '\0' ? xstrdup(uniq) : NULL;
	j->payload = xmalloc(len > 0 ? len : 1);
	if (len > 0)
		memcpy(j->payload, payload, len);
	j->len = len;
	j->prio = prio;
	j->deadline = deadline > 0 ? gmw_now() + deadline : 0;
	j->tag = tag;
	pthread_mutex_lock(&w->mu);
	if (w->tail != NULL)
		w->tail->next = j;
	else
		w->head = j;
	w->tail = j;
	w->njobs++;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	return 0;
}

void
gmwire_stats(struct gmwire *w, struct gmwire_stats *out)
{
	pthread_mutex_lock(&w->mu);
	*out = w->st;
	out->waiting = w->njobs;
	pthread_mutex_unlock(&w->mu);
}

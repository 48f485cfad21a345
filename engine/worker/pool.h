/*
 * pool: the engine's side of the worker processes that run plugins.
 *
 * Workers are started at wpool_new by spawning self_exe with the argument
 * "--worker" and one end of a socketpair as fd 3 (worker.h has the other
 * side); the engine never forks a plugin itself.  Jobs go to the worker
 * with the fewest jobs in flight, as frames on the socketpair (proto.h);
 * results come back on the same libev loop and are handed to the job's
 * callback exactly once.  A worker that dies (EOF, bad frame) is reaped
 * and replaced; each of its jobs gets a result with WRES_WORKER_DIED.
 *
 * The job's strings are copied at submit; the result and its buffers are
 * valid only during the callback.  Not thread-safe; one pool per loop.
 */
#ifndef JAQUE_POOL_H
#define JAQUE_POOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/time.h>

struct ev_loop;

struct wpool_opts {
	unsigned nworkers;     /* 0: one per cpu, at least 2 */
	const char *self_exe;  /* the binary that understands --worker */
	size_t output_cap;     /* bytes of stdout (and of stderr) kept per job; 0: 64 KiB */
};

struct wjob {
	const char *const *argv;  /* split command line (argv[0] a path), or NULL */
	const char *shell_line;   /* run as /bin/sh -c line when argv is NULL */
	const char *const *env;   /* NULL-terminated "K=V" list added to the
	                           * worker's environment, or NULL */
	double timeout;           /* seconds; the process group is killed at it */
};

enum wres_status {
	WRES_EXITED,       /* the plugin ran and exited or was killed: see wait_status */
	WRES_TIMEOUT,      /* killed at the timeout */
	WRES_EXEC_FAILED,  /* fork/exec failed in the worker: see err_text */
	WRES_WORKER_DIED,  /* the worker died with the job in flight */
	WRES_NSTATUS
};
const char *wres_status_str(enum wres_status s);

struct wresult {
	enum wres_status status;
	int wait_status;          /* as waitpid gives it (WRES_EXITED and WRES_TIMEOUT) */
	int err_no;               /* errno for WRES_EXEC_FAILED */
	const char *out;          /* stdout, NUL-terminated, at most output_cap bytes */
	size_t outlen;
	const char *err;          /* stderr, likewise */
	size_t errlen;
	int out_truncated;        /* the plugin wrote more than output_cap */
	struct timeval start;     /* wall clock when the plugin was started */
	struct timeval finish;    /* when it was reaped */
	struct rusage ru;         /* of the plugin (and its reaped children) */
};

typedef void wpool_done_fn(void *arg, const struct wresult *r);

struct wpool *wpool_new(struct ev_loop *loop, const struct wpool_opts *opts);
/* kill every worker (each kills its plugin groups first) and wait for them */
void wpool_free(struct wpool *p);
/* queue a job; returns 0, or -1 (no worker could be started: done is not
 * called then) */
int wpool_submit(struct wpool *p, const struct wjob *job, wpool_done_fn *done, void *arg);

struct wpool_stats {
	unsigned workers;        /* configured */
	unsigned alive;          /* running now */
	uint64_t submitted;
	uint64_t completed;
	uint64_t timeouts;
	uint64_t worker_restarts;
	size_t in_flight;
};
void wpool_stats(const struct wpool *p, struct wpool_stats *st);

#endif

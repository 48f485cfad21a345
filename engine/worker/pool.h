/*
 * pool: the engine's side of the worker processes that run plugins.
 *
 * Workers are started at wpool_new by spawning self_exe with the argument
 * "--worker" and one end of a socketpair as fd 3 (worker.h has the other
 * side); the engine never forks a plugin itself.  Jobs go to the worker
 * with the fewest jobs in flight, as frames on the socketpair (proto.h);
 * results come back on the same libev loop and are handed to the job's
 * callback exactly once.  A worker that dies (EOF, bad frame) is reaped
 * and replaced; each of its jobs gets a result with WRES_WORKER_DIED.  A
 * worker that stops answering (stopped, stuck in the kernel) is given no
 * more work within seconds; the jobs it never read go to other workers,
 * it and its plugins are killed and it is replaced, and the jobs it took
 * end as WRES_TIMEOUT at their timeout (as a plugin killed there).
 *
 * The job's strings are copied at submit; the result and its buffers are
 * valid only during the callback.  A callback may submit jobs but must
 * not call wpool_free.  Not thread-safe; one pool per loop.
 *
 * What a job sees and reports follows Nagios 4.4.6's worker: a split argv
 * is run with execvp after its leading NAME=value words are moved to the
 * environment; a failed exec is an ordinary exit with the errno as exit
 * code and "execvp(...) failed..." on stderr (WRES_EXITED, not
 * WRES_EXEC_FAILED); the plugin's cwd is /tmp (/tmp/nagios-workers if it
 * exists); stdout and stderr are cut at their first NUL; a timeout of 0
 * means 60 seconds; the whole process group is killed with SIGKILL at the
 * timeout.  Beyond Nagios: once the plugin process exits, whatever it left
 * running in its process group is killed too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
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
	/* told when a worker is lost (before its jobs fail and it is restarted);
	 * why: what happened ("EOF", "bad frame", ...); NULL: nobody */
	void (*worker_lost)(void *arg, long pid, const char *why, size_t jobs);
	/* told once when a worker stops answering (pool_watch.c): it had been
	 * quiet for quiet seconds; moved of its jobs, never read by it, went
	 * to other workers, left will end as timeouts; it is killed and
	 * replaced (worker_lost is not called then); NULL: nobody */
	void (*worker_stuck)(void *arg, long pid, double quiet, size_t moved, size_t left);
	void *hook_arg;
};

struct wjob {
	const char *const *argv;  /* split command line (argv[0] a path), or NULL */
	const char *shell_line;   /* run as /bin/sh -c line when argv is NULL */
	const char *const *env;   /* NULL-terminated "K=V" list added to the
	                           * worker's environment, or NULL */
	double timeout;           /* seconds; the process group is killed at it
	                           * (0: 60 s, as Nagios's worker) */
	/* told (with done's arg) when the job's worker was found stuck and its
	 * plugin killed: nothing runs for it any more, though its result, a
	 * WRES_TIMEOUT, comes only at its timeout; NULL: nobody */
	void (*stalled)(void *arg);
};

enum wres_status {
	WRES_EXITED,       /* the plugin ran and exited or was killed: see wait_status */
	WRES_TIMEOUT,      /* killed at the timeout */
	WRES_EXEC_FAILED,  /* the worker could not start it (pipe, vfork) or the
	                    * job frame was refused: see err_no and err */
	WRES_WORKER_DIED,  /* the worker died with the job in flight */
	WRES_NSTATUS
};
const char *wres_status_str(enum wres_status s);

struct wresult {
	enum wres_status status;
	int wait_status;          /* as waitpid gives it (WRES_EXITED and WRES_TIMEOUT;
	                           * SIGKILL if a timed-out plugin could not be reaped) */
	int err_no;               /* errno for WRES_EXEC_FAILED */
	const char *out;          /* stdout, NUL-terminated, at most output_cap bytes */
	size_t outlen;
	const char *err;          /* stderr, likewise */
	size_t errlen;
	int out_truncated;        /* the plugin wrote more than output_cap */
	int err_truncated;        /* likewise on stderr */
	struct timeval start;     /* wall clock when the plugin was started */
	struct timeval finish;    /* when it was reaped */
	struct rusage ru;         /* of the plugin (and its reaped children) */
};

typedef void wpool_done_fn(void *arg, const struct wresult *r);

/*
 * Start the workers.  Returns NULL (logged) when not one could be started;
 * those that failed are retried every second.  The loop may be the
 * default loop or another one.
 */
struct wpool *wpool_new(struct ev_loop *loop, const struct wpool_opts *opts);
/*
 * Close every worker's socket (each kills its plugin groups and exits) and
 * wait for them, at most a few seconds, SIGKILLing any that linger.  Jobs
 * still pending or in flight are dropped without their callback.
 */
void wpool_free(struct wpool *p);
/*
 * Queue a job; done(arg, result) is called exactly once, later, from the
 * loop.  Returns 0, or -1 when the job has no command or its frame would
 * exceed PROTO_JOB_MAX (proto.h, 8 MiB), or when every worker's last
 * start failed (done is not called then).  While all workers are busy or
 * restarting the job waits in the pool.
 */
int wpool_submit(struct wpool *p, const struct wjob *job, wpool_done_fn *done, void *arg);

struct wpool_stats {
	unsigned workers;        /* configured */
	unsigned alive;          /* running now */
	uint64_t submitted;
	uint64_t completed;      /* callbacks made, whatever the status */
	uint64_t timeouts;
	uint64_t worker_restarts;
	uint64_t worker_stuck;   /* workers found not answering */
	size_t in_flight;        /* submitted and not completed (waiting ones too) */
};
void wpool_stats(const struct wpool *p, struct wpool_stats *st);

/* one worker process that is up */
struct wpool_worker {
	long pid;
	size_t running;          /* its jobs in flight */
	unsigned long started;   /* jobs handed to it since it started */
};
/* the workers that are up, in slot order, at most max into w; returns how
 * many were written */
size_t wpool_workers(const struct wpool *p, struct wpool_worker *w, size_t max);

#endif

/*
 * gmwrun: one mod_gearman job run on jaque's gearman worker's loop
 * (`jaque --gearman-worker`, gmworker.c), and the result text made of it.
 *
 * A command line the worker of mod_gearman would exec directly is offered
 * to the shims first (plugins-shim/, check_tcp), then goes, as any other,
 * to jaque's worker pool (engine/worker: fork servers, a process group per
 * plugin killed at the timeout, bounded output).  What comes back becomes
 * the return code and output mod_gearman_worker 5.2.4 would report: its
 * texts for timeouts, exit codes out of bounds and signals, stderr
 * appended (show_error_output), its source line, its times.  Event
 * handler and notification jobs run the same way and send nothing back.
 *
 * Runs on the loop's thread only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMWRUN_H
#define JAQUE_GMWRUN_H

struct ev_loop;
struct mgcfg;
struct mgjob_job;
struct wpool;

struct gmwrun_env {
	struct ev_loop *loop;
	struct wpool *pool;
	const struct mgcfg *cfg;  /* identifier, job_timeout, timeout_return, ... */
};

/*
 * What a run ends with: result is the result text for job->result_queue
 * (a heap string handed over), NULL when nothing goes back (not a check,
 * no result queue, the workaround for code 25).
 */
typedef void gmwrun_done_fn(void *arg, char *result);

/*
 * Run job (borrowed until done is called; done is called exactly once,
 * never from inside gmwrun_start).  Returns 0, or -1 when the job is not
 * one to run (no type or no command line: logged as mod_gearman does);
 * done is not called then.
 */
int gmwrun_start(const struct gmwrun_env *e, const struct mgjob_job *job,
    gmwrun_done_fn *done, void *arg);

#endif

/*
 * nrun: how the modules that run commands besides checks (notifications,
 * event handlers, OCSP/OCHP, performance data commands) get them run and
 * get their nagios.log lines written, without knowing about the worker
 * pool or the log.  engine/main fills one struct nrun: run() splits the
 * expanded command line (the shell only when it needs one, as checks do)
 * and hands it to a worker; log() writes one nagios.log line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NRUN_H
#define JAQUE_NRUN_H

#include <time.h>

enum nrun_kind {
	NRUN_HOST_NOTIFY,
	NRUN_SERVICE_NOTIFY,
	NRUN_GLOBAL_HOST_HANDLER,
	NRUN_GLOBAL_SERVICE_HANDLER,
	NRUN_HOST_HANDLER,
	NRUN_SERVICE_HANDLER,
	NRUN_OCHP,
	NRUN_OCSP,
	NRUN_HOST_PERFDATA,
	NRUN_SERVICE_PERFDATA,
	NRUN_HOST_PERFDATA_FILE,    /* host_perfdata_file_processing_command */
	NRUN_SERVICE_PERFDATA_FILE
};

/* how a command ended */
struct nrun_result {
	int status;      /* 0: it ran and exited (exit_code), 1: killed at its timeout,
	                  * -1: it could not be run (exit_code meaningless) */
	int exit_code;
	const char *out; /* its stdout (NUL-terminated, maybe empty), valid during the call */
};

typedef void nrun_done_fn(void *arg, const struct nrun_result *r);

struct nrun {
	void *arg;
	/*
	 * Run cmdline (already macro-expanded) with env (a NULL-terminated
	 * "K=V" list added to the environment, or NULL), killed after
	 * timeout seconds.  done(done_arg, result) is called exactly once,
	 * later, from the loop, unless run returns -1 (could not queue it);
	 * done may be NULL.  Returns 0 or -1.
	 */
	int (*run)(void *arg, enum nrun_kind kind, const char *cmdline, char *const *env,
	    double timeout, nrun_done_fn *done, void *done_arg);
	/* write line (no timestamp, no newline) to nagios.log stamped t */
	void (*log)(void *arg, time_t t, const char *line);
};

#endif

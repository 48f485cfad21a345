/*
 * nrun: how the modules that run commands besides checks (notifications,
 * event handlers, OCSP/OCHP, performance data commands) get them run and
 * get their nagios.log lines written, without knowing about the worker
 * pool or the log.  engine/main fills one struct nrun: run() splits the
 * expanded command line (the shell only when it needs one, as checks do)
 * and hands it to a worker; log() writes one nagios.log line.  When
 * remote_takes() says so, an event handler or a notification is handed to
 * remote() (mod_gearman's job server) instead of run(), as a broker module
 * that overrides Nagios's event handler and notification callbacks takes
 * them.  Such a module expands a notification's command itself, from the
 * object, contact and notification macros alone: no $ARGn$, no
 * $NOTIFICATIONRECIPIENTS$ or $NOTIFICATIONISESCALATED$ (empty), the
 * author's contact looked up by name; notify.c expands it that way then.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NRUN_H
#define JAQUE_NRUN_H

#include <time.h>

struct obj_host;
struct obj_service;

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

/* an event handler or a notification command taken by remote_takes */
struct nrun_remote {
	enum nrun_kind kind;           /* a handler (global or own) or a notification */
	const struct obj_host *host;
	const struct obj_service *svc; /* NULL: the host's */
	const char *cmdline;           /* expanded */
	double timeout;                /* what it would be killed after here */
	/* notifications only (NULL otherwise) */
	const char *contact;
	const char *output;            /* the object's plugin output, first line */
	const char *long_output;
};

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
	/*
	 * NULL, or asked before run() for each event handler and notification
	 * command of object h (s: its service, or NULL), after its nagios.log
	 * line: 1 when the command goes to remote() and does not run here.
	 */
	int (*remote_takes)(void *arg, enum nrun_kind kind, const struct obj_host *h,
	    const struct obj_service *s);
	/* hand a command remote_takes took over (job borrowed for the call);
	 * there is no done callback */
	void (*remote)(void *arg, const struct nrun_remote *job);
};

#endif

/*
 * qhsock: the protocol of Nagios 4's query handler socket (query_socket,
 * nagios.qh), as Nagios Core 4.4.6 speaks it (base/query-handler.c),
 * without any file descriptor: bytes in, bytes out.  engine/main/qhwire.c
 * owns the socket and the connections on the daemon's loop.
 *
 * A request is "@handler[ query]" or "#handler[ query]" ended by a NUL
 * byte.  The handler name runs from after the '@' or '#' to the first
 * space; the query is what follows that space, less any trailing '\n'.
 * '#' asks for the connection to be closed after the answer, '@' keeps it
 * open.  A request that starts with neither, or names no handler, gets
 * "404: <name>: No such handler" (no NUL after it; "(null)" for the name
 * when there was no '@' or '#') and the connection is closed.  A handler's
 * own error code n >= 100 is sent as "n: <text>" with a NUL, and a code
 * of 300 or more closes the connection.
 *
 * The handlers: echo (the query back, raw: no NUL after it), help (its
 * own text, "help list", or another handler's help), core (loadctl,
 * loadctl <options>, squeuestats), and wproc when the caller can list its
 * workers (wpstats; registering a worker is not possible with jaque and
 * answers 501).  Nagios 4.4.6 as Debian builds it has no "nerd" handler,
 * and neither does this: such a request gets the 404 above.
 *
 * Where Nagios 4.4.6 crashes ("@wproc" and "@core loadctl " with nothing
 * after them) this answers as for the nearest request it survives.
 * Requests waiting behind one another on a connection are all answered
 * (Nagios answers one per read and leaves the rest until more bytes come).
 * A request longer than QHSOCK_REQUEST_MAX (its NUL included) closes the
 * connection without an answer (Nagios stops answering at that size).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_QHSOCK_H
#define JAQUE_QHSOCK_H

#include <stddef.h>

struct mbuf;
struct qhsock;
struct qhsock_conn;

/* the longest request taken, with its NUL (Nagios answers up to this) */
#define QHSOCK_REQUEST_MAX 32768u

/* the kinds of event of Nagios's scheduling queue, in the order of
 * "@core squeuestats" */
enum qhsock_sq {
	QHSOCK_SQ_SERVICE_CHECK,
	QHSOCK_SQ_COMMAND_CHECK,
	QHSOCK_SQ_LOG_ROTATION,
	QHSOCK_SQ_PROGRAM_SHUTDOWN,
	QHSOCK_SQ_PROGRAM_RESTART,
	QHSOCK_SQ_CHECK_REAPER,
	QHSOCK_SQ_ORPHAN_CHECK,
	QHSOCK_SQ_RETENTION_SAVE,
	QHSOCK_SQ_STATUS_SAVE,
	QHSOCK_SQ_SCHEDULED_DOWNTIME,
	QHSOCK_SQ_SFRESHNESS_CHECK,
	QHSOCK_SQ_EXPIRE_DOWNTIME,
	QHSOCK_SQ_HOST_CHECK,
	QHSOCK_SQ_HFRESHNESS_CHECK,
	QHSOCK_SQ_RESCHEDULE_CHECKS,
	QHSOCK_SQ_EXPIRE_COMMENT,
	QHSOCK_SQ_CHECK_PROGRAM_UPDATE,
	QHSOCK_SQ_SLEEP,
	QHSOCK_SQ_USER_FUNCTION,
	QHSOCK_SQ_N
};
/* the name Nagios prints for the kind ("SERVICE_CHECK"), or NULL */
const char *qhsock_sq_name(enum qhsock_sq k);

/* "enabled=1" in the options (Nagios's LOADCTL_ENABLED) */
#define QHSOCK_LOADCTL_ENABLED 1u

/*
 * Nagios's load control settings ("@core loadctl"), field for field.
 * jaque does no load control: these are figures to report and settings
 * kept, with the live ones (jobs_running) filled by the caller.
 */
struct qhsock_loadctl {
	unsigned jobs_max, jobs_min, jobs_running, jobs_limit;
	double load;
	double backoff_limit;
	unsigned backoff_change;
	double rampup_limit;
	unsigned rampup_change;
	unsigned nproc_limit, nofile_limit;
	unsigned options, changes;
	unsigned long check_interval;
	unsigned set; /* QHSOCK_LC_* of the fields given a value by an option */
};

#define QHSOCK_LC_JOBS_MAX       0x01u
#define QHSOCK_LC_JOBS_MIN       0x02u
#define QHSOCK_LC_JOBS_LIMIT     0x04u
#define QHSOCK_LC_BACKOFF_LIMIT  0x08u
#define QHSOCK_LC_BACKOFF_CHANGE 0x10u
#define QHSOCK_LC_RAMPUP_LIMIT   0x20u
#define QHSOCK_LC_RAMPUP_CHANGE  0x40u
#define QHSOCK_LC_CHECK_INTERVAL 0x80u

/* what Nagios's defaults are computed from (set_loadctl_defaults) */
struct qhsock_loadctl_base {
	unsigned nofile_limit;  /* hard limits, as Nagios reads them */
	unsigned nproc_limit;
	unsigned cpus;          /* online cpus */
	unsigned workers;       /* worker processes running */
	unsigned concurrency;   /* jaque's limit on checks in flight, 0: none */
};

/*
 * Apply "key=value;key=value" (len bytes; opts need not be NUL-terminated)
 * as Nagios's set_loadctl_options does: split as buf2kvvec splits (a
 * piece without '=' ends the list), numbers read as atoi / strtod /
 * strtoul read them, then jobs_max raised to jobs_min and jobs_limit put
 * between them.  An unknown key stops there (what came before it stays
 * applied and nothing is clamped); its key and value go to *bad_key /
 * *bad_value (heap strings the caller frees) when those are not NULL.
 * Returns 0, or -1 for an unknown key.
 */
int qhsock_loadctl_apply(struct qhsock_loadctl *lc, const char *opts, size_t len,
    char **bad_key, char **bad_value);
/*
 * Give every field no option set the value Nagios 4.4.6 computes for it
 * (nagios.c:set_loadctl_defaults); jobs_max, when not set, is jaque's
 * limit on checks in flight, or without one Nagios's bound from the
 * process limits and the number of workers.  The limits are refreshed.
 */
void qhsock_loadctl_defaults(struct qhsock_loadctl *lc, const struct qhsock_loadctl_base *b);
/* Nagios's line for an unknown loadctl key, for nagios.log */
void qhsock_loadctl_bad_line(struct mbuf *out, const char *key, const char *value);

/* one worker process as "@wproc wpstats" shows it */
struct qhsock_worker {
	long pid;
	unsigned jobs_running;
	unsigned jobs_started;
};

/* what the answers need from the running daemon (each called per request) */
struct qhsock_hooks {
	void *arg;
	/* events waiting, by kind (counts zeroed by the caller of the hook) */
	void (*squeue)(void *arg, unsigned counts[QHSOCK_SQ_N]);
	/* refresh the live figures of lc (jobs_running) before it is shown */
	void (*loadctl)(void *arg, struct qhsock_loadctl *lc);
	/* a loadctl option was refused: the line for nagios.log (NULL: none) */
	void (*log)(void *arg, const char *line);
	/* the workers, at most max of them into w; returns how many were
	 * written.  NULL: there is no "wproc" handler */
	size_t (*workers)(void *arg, struct qhsock_worker *w, size_t max);
};

/* the handlers, with the load control settings; hooks are copied */
struct qhsock *qhsock_new(const struct qhsock_hooks *hooks);
void qhsock_free(struct qhsock *qs);
/* the settings "@core loadctl" reports and changes (owned by qs) */
struct qhsock_loadctl *qhsock_loadctl(struct qhsock *qs);

/*
 * Answer one request (len bytes, without its NUL; it may hold anything),
 * appending the reply to out.  Returns 1 when the connection stays open,
 * 0 when it is to be closed once out is written.
 */
int qhsock_answer(struct qhsock *qs, const char *req, size_t len, struct mbuf *out);

/* the lines Nagios logs once the socket is up (one per call of emit) */
void qhsock_ready_lines(const struct qhsock *qs, const char *path,
    void (*emit)(void *arg, const char *line), void *arg);
/* Nagios's line when the socket could not be made: step is what failed
 * ("bind", "listen", "socket", "unlink"), err an errno */
void qhsock_failed_line(struct mbuf *out, const char *path, const char *step, int err);
/* the answer to a client over the connection limit (then closed) */
void qhsock_server_full(struct mbuf *out);

/*
 * One connection's input: up to QHSOCK_REQUEST_MAX bytes waiting for the
 * NUL that ends a request.
 */
struct qhsock_conn *qhsock_conn_new(void);
void qhsock_conn_free(struct qhsock_conn *c);
/* where to read to, and how much room there is (0: full) */
char *qhsock_conn_space(struct qhsock_conn *c, size_t *room);
/* n bytes were put at qhsock_conn_space */
void qhsock_conn_filled(struct qhsock_conn *c, size_t n);

enum qhsock_step {
	QHSOCK_STEP_WANT,  /* every complete request was answered: read more */
	QHSOCK_STEP_FULL,  /* out reached high: write it, then serve again */
	QHSOCK_STEP_CLOSE  /* close once out is written (the rest is dropped) */
};
/*
 * Answer the complete requests waiting, in order, while out holds less
 * than high bytes.  A full buffer with no NUL in it (a request too long)
 * is STEP_CLOSE with nothing added.
 */
enum qhsock_step qhsock_conn_serve(struct qhsock *qs, struct qhsock_conn *c, struct mbuf *out,
    size_t high);

#endif

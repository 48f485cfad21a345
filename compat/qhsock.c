/*
 * qhsock: see qhsock.h.  The handler table is in the order Nagios's
 * "@help list" prints (its newest registration first: wproc, help, echo,
 * core).  Each handler returns what Nagios's handler returns: 0 when it
 * answered, or a code (>= 100) that qhsock_answer turns into "n: text".
 * The texts are Nagios 4.4.6's, byte for byte, where the meaning is the
 * same; each is pinned by tests/unit/test_qhsock.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/qhsock.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* the most workers "@wproc wpstats" lists */
#define QH_MAX_WORKERS 256

struct qhsock {
	struct qhsock_hooks hooks;
	struct qhsock_loadctl lc;
};

struct qhsock_conn {
	char *buf;   /* QHSOCK_REQUEST_MAX bytes, from the first read on */
	size_t used;
};

typedef int qh_fn(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out);

struct qh_row {
	const char *name;
	const char *description;
	qh_fn *fn;
};

static const char *const sq_names[QHSOCK_SQ_N] = {
	"SERVICE_CHECK", "COMMAND_CHECK", "LOG_ROTATION", "PROGRAM_SHUTDOWN",
	"PROGRAM_RESTART", "CHECK_REAPER", "ORPHAN_CHECK", "RETENTION_SAVE", "STATUS_SAVE",
	"SCHEDULED_DOWNTIME", "SFRESHNESS_CHECK", "EXPIRE_DOWNTIME", "HOST_CHECK",
	"HFRESHNESS_CHECK", "RESCHEDULE_CHECKS", "EXPIRE_COMMENT", "CHECK_PROGRAM_UPDATE",
	"SLEEP", "USER_FUNCTION"
};

const char *
qhsock_sq_name(enum qhsock_sq k)
{
	return (unsigned)k < QHSOCK_SQ_N ? sq_names[k] : NULL;
}

/* ---- replies ---- */

/* a string and the NUL after it (Nagios's nsock_printf_nul) */
static void
qh_nul(struct mbuf *out, const char *s)
{
	mbuf_add(out, s, strlen(s) + 1);
}

/* Nagios's qh_strerror, for the codes a handler here returns */
static const char *
qh_strerror(int code)
{
	switch (code) {
	case 200: return "OK";
	case 400: return "Bad request";
	case 404: return "Not found";
	case 501: return "Not implemented";
	default: return "Unknown error";
	}
}

/* ---- echo ---- */

static int
qh_echo(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out)
{
	(void)qs;
	if (q == NULL || strcmp(q, "help") == 0) {
		qh_nul(out, "Query handler that simply echoes back what you send it.");
		return 0;
	}
	mbuf_add(out, q, qlen);
	return 0;
}

/* ---- core ---- */

static const char core_help[] =
    "Query handler for manipulating nagios core.\n"
    "Available commands:\n"
    "  loadctl           Print information about current load control settings\n"
    "  loadctl <options> Configure nagios load control.\n"
    "                    The options are the same parameters and format as\n"
    "                    returned above.\n"
    "  squeuestats       scheduling queue statistics\n";

static void
qh_squeuestats(struct qhsock *qs, struct mbuf *out)
{
	unsigned counts[QHSOCK_SQ_N], total = 0;
	unsigned i;

	memset(counts, 0, sizeof(counts));
	if (qs->hooks.squeue != NULL)
		qs->hooks.squeue(qs->hooks.arg, counts);
	for (i = 0; i < QHSOCK_SQ_N; i++) {
		mbuf_addf(out, "%s=%u;", sq_names[i], counts[i]);
		total += counts[i];
	}
	mbuf_addf(out, "SQUEUE_ENTRIES=%u", total);
	mbuf_add(out, "", 1);
}

static void
qh_loadctl_show(struct qhsock *qs, struct mbuf *out)
{
	struct qhsock_loadctl *lc = &qs->lc;

	if (qs->hooks.loadctl != NULL)
		qs->hooks.loadctl(qs->hooks.arg, lc);
	mbuf_addf(out,
	    "jobs_max=%u;jobs_min=%u;jobs_running=%u;jobs_limit=%u;load=%.2f;"
	    "backoff_limit=%.2f;backoff_change=%u;rampup_limit=%.2f;rampup_change=%u;"
	    "nproc_limit=%u;nofile_limit=%u;options=%u;changes=%u;",
	    lc->jobs_max, lc->jobs_min, lc->jobs_running, lc->jobs_limit, lc->load,
	    lc->backoff_limit, lc->backoff_change, lc->rampup_limit, lc->rampup_change,
	    lc->nproc_limit, lc->nofile_limit, lc->options, lc->changes);
	mbuf_add(out, "", 1);
}

static int
qh_loadctl_set(struct qhsock *qs, const char *opts, size_t len)
{
	char *key = NULL, *value = NULL;
	struct mbuf line = { 0 };

	if (qhsock_loadctl_apply(&qs->lc, opts, len, &key, &value) == 0)
		return 200;
	if (qs->hooks.log != NULL) {
		qhsock_loadctl_bad_line(&line, key, value);
		qs->hooks.log(qs->hooks.arg, line.p);
	}
	mbuf_free(&line);
	free(key);
	free(value);
	return 400;
}

static int
qh_core(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out)
{
	char *space;

	if (q == NULL || strcmp(q, "help") == 0) {
		qh_nul(out, core_help);
		return 0;
	}
	space = memchr(q, ' ', qlen);
	if (space == NULL) {
		if (strcmp(q, "loadctl") == 0) {
			qh_loadctl_show(qs, out);
			return 0;
		}
		if (strcmp(q, "squeuestats") == 0) {
			qh_squeuestats(qs, out);
			return 0;
		}
		return 404;
	}
	*space++ = '\0';
	if (strcmp(q, "loadctl") == 0)
		return qh_loadctl_set(qs, space, qlen - (size_t)(space - q));
	return 404;
}

/* ---- wproc ---- */

static int
qh_wproc(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out)
{
	struct qhsock_worker w[QH_MAX_WORKERS];
	size_t i, n;
	char *space;

	/* Nagios reads *q without looking at q: "@wproc" alone kills it */
	if (q == NULL || *q == '\0' || strcmp(q, "help") == 0) {
		qh_nul(out, "Control worker processes.\n"
		            "Valid commands:\n"
		            "  wpstats              Print general job information\n"
		            "jaque's workers are its own: \"register\" is not possible.");
		return 0;
	}
	if ((space = memchr(q, ' ', qlen)) != NULL)
		*space = '\0';
	if (strcmp(q, "register") == 0)
		return 501;
	if (strcmp(q, "wpstats") != 0)
		return 400;
	n = qs->hooks.workers(qs->hooks.arg, w, QH_MAX_WORKERS);
	/* one line each and no NUL at the end, as Nagios */
	for (i = 0; i < n && i < QH_MAX_WORKERS; i++)
		mbuf_addf(out, "name=Core Worker %ld;pid=%ld;jobs_running=%u;jobs_started=%u\n",
		    w[i].pid, w[i].pid, w[i].jobs_running, w[i].jobs_started);
	return 0;
}

/* ---- help, and the table ---- */

static int qh_help(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out);

static const struct qh_row qh_rows[] = {
	{ "wproc", "Worker process management and info", qh_wproc },
	{ "help", "Help for the query handler", qh_help },
	{ "echo", "The Echo Service - What You Put Is What You Get", qh_echo },
	{ "core", "Nagios Core control and info", qh_core },
};
#define QH_NROWS (sizeof(qh_rows) / sizeof(qh_rows[0]))

static int
qh_has(const struct qhsock *qs, const struct qh_row *r)
{
	return r->fn != qh_wproc || qs->hooks.workers != NULL;
}

static const struct qh_row *
qh_find(const struct qhsock *qs, const char *name)
{
	size_t i;

	for (i = 0; i < QH_NROWS; i++)
		if (strcmp(qh_rows[i].name, name) == 0 && qh_has(qs, &qh_rows[i]))
			return &qh_rows[i];
	return NULL;
}

static int
qh_help(struct qhsock *qs, char *q, size_t qlen, struct mbuf *out)
{
	const struct qh_row *r;
	char help[] = "help";
	size_t i;

	(void)qlen;
	if (q == NULL || strcmp(q, "help") == 0) {
		qh_nul(out, "  help <name>   show help for handler <name>\n"
		            "  help list     list registered handlers\n");
		return 0;
	}
	if (strcmp(q, "list") == 0) {
		for (i = 0; i < QH_NROWS; i++)
			if (qh_has(qs, &qh_rows[i]))
				mbuf_addf(out, "%-10s %s\n", qh_rows[i].name, qh_rows[i].description);
		mbuf_add(out, "", 1);
		return 0;
	}
	if ((r = qh_find(qs, q)) == NULL) {
		mbuf_addf(out, "No handler named '%s' is registered\n", q);
		mbuf_add(out, "", 1);
	} else if (r->fn(qs, help, 4, out) > 200) {
		mbuf_addf(out, "The handler %s doesn't have any help yet.", q);
		mbuf_add(out, "", 1);
	}
	return 0;
}

/* ---- requests ---- */

/* req: len bytes, NUL-terminated at len, modified in place */
static int
qh_dispatch(struct qhsock *qs, char *req, size_t len, struct mbuf *out)
{
	const struct qh_row *r = NULL;
	char *handler = NULL, *space, *query = NULL;
	size_t qlen = 0;
	int rc;

	if (req[0] == '@' || req[0] == '#')
		handler = req + 1;
	if ((space = strchr(req, ' ')) != NULL) {
		*space = '\0';
		query = space + 1;
		qlen = len - (size_t)(query - req);
	}
	if (handler != NULL)
		r = qh_find(qs, handler);
	if (r == NULL) {
		/* glibc prints a NULL %s as "(null)", and Nagios passes one */
		mbuf_addf(out, "404: %s: No such handler", handler != NULL ? handler : "(null)");
		return 0;
	}
	while (qlen > 0 && query[qlen - 1] == '\n')
		query[--qlen] = '\0';
	rc = r->fn(qs, query, qlen, out);
	if (rc >= 100) {
		mbuf_addf(out, "%d: %s", rc, qh_strerror(rc));
		mbuf_add(out, "", 1);
	}
	return rc < 300 && req[0] != '#';
}

int
qhsock_answer(struct qhsock *qs, const char *req, size_t len, struct mbuf *out)
{
	char *copy = xmalloc(len + 1);
	int keep;

	memcpy(copy, req, len);
	copy[len] = '\0';
	/* like Nagios, the request is a C string: it ends at its first NUL */
	keep = qh_dispatch(qs, copy, strlen(copy), out);
	free(copy);
	return keep;
}

/* ---- connections ---- */

struct qhsock_conn *
qhsock_conn_new(void)
{
	return xcalloc(1, sizeof(struct qhsock_conn));
}

void
qhsock_conn_free(struct qhsock_conn *c)
{
	if (c == NULL)
		return;
	free(c->buf);
	free(c);
}

char *
qhsock_conn_space(struct qhsock_conn *c, size_t *room)
{
	/* a client that never sends anything costs no buffer */
	if (c->buf == NULL)
		c->buf = xmalloc(QHSOCK_REQUEST_MAX);
	*room = QHSOCK_REQUEST_MAX - c->used;
	return c->buf + c->used;
}

void
qhsock_conn_filled(struct qhsock_conn *c, size_t n)
{
	c->used += n;
}

enum qhsock_step
qhsock_conn_serve(struct qhsock *qs, struct qhsock_conn *c, struct mbuf *out, size_t high)
{
	size_t start = 0, len;
	enum qhsock_step step = QHSOCK_STEP_WANT;
	char *nul;

	while (start < c->used) {
		if (out->len >= high) {
			step = QHSOCK_STEP_FULL;
			break;
		}
		nul = memchr(c->buf + start, '\0', c->used - start);
		if (nul == NULL) {
			if (start == 0 && c->used == QHSOCK_REQUEST_MAX)
				step = QHSOCK_STEP_CLOSE;
			break;
		}
		len = (size_t)(nul - (c->buf + start));
		if (!qh_dispatch(qs, c->buf + start, len, out)) {
			c->used = 0;
			return QHSOCK_STEP_CLOSE;
		}
		start += len + 1;
	}
	if (start > 0) {
		memmove(c->buf, c->buf + start, c->used - start);
		c->used -= start;
	}
	return step;
}

/* ---- the server ---- */

struct qhsock *
qhsock_new(const struct qhsock_hooks *hooks)
{
	struct qhsock *qs = xcalloc(1, sizeof(*qs));

	if (hooks != NULL)
		qs->hooks = *hooks;
	return qs;
}

void
qhsock_free(struct qhsock *qs)
{
	free(qs);
}

struct qhsock_loadctl *
qhsock_loadctl(struct qhsock *qs)
{
	return &qs->lc;
}

void
qhsock_ready_lines(const struct qhsock *qs, const char *path,
    void (*emit)(void *arg, const char *line), void *arg)
{
	struct mbuf b = { 0 };

	mbuf_addf(&b, "qh: Socket '%s' successfully initialized", path);
	emit(arg, b.p);
	mbuf_free(&b);
	emit(arg, "qh: core query handler registered");
	emit(arg, "qh: echo service query handler registered");
	emit(arg, "qh: help for the query handler registered");
	if (qs->hooks.workers != NULL)
		emit(arg, "wproc: Successfully registered manager as @wproc with query handler");
}

void
qhsock_failed_line(struct mbuf *out, const char *path, const char *step, int err)
{
	mbuf_addf(out, "qh: Failed to init socket '%s'. %s() failed: %s", path, step,
	    strerror(err));
}

void
qhsock_server_full(struct mbuf *out)
{
	mbuf_adds(out, "503: Server full");
}

/*
 * test_qhsock: the query handler protocol (compat/qhsock.c, qhsock_lc.c)
 * against the bytes Debian's nagios4 (Nagios Core 4.4.6) sent back when
 * asked the same requests over its nagios.qh (recorded with a small
 * Python client; each expected string below is such a recording unless
 * its test says it is jaque's own answer).
 *
 * Framing (base/query-handler.c:qh_input): '@' keeps the connection open,
 * '#' closes it after the answer; an unknown handler, or no '@'/'#', is
 * "404: <name>: No such handler" without a NUL, and closes; a handler's
 * code >= 100 is "n: text" with a NUL, >= 300 closes; the query loses its
 * trailing '\n's.  The handlers echo, help, core (loadctl, its options,
 * squeuestats) and wproc; no nerd (Debian builds Nagios without it).
 * Connections: requests split across reads, several in one read, the
 * size cap, the output high-water mark.  Load control: Nagios's option
 * parsing (buf2kvvec's quirks), clamps and defaults.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/qhsock.h"
#include "engine/util/mbuf.h"

struct fx {
	struct qhsock *qs;
	char logged[256];
	int nlogged;
	int nworkers;
};

static void
fx_squeue(void *arg, unsigned counts[QHSOCK_SQ_N])
{
	(void)arg;
	counts[QHSOCK_SQ_SERVICE_CHECK] = 1;
	counts[QHSOCK_SQ_CHECK_REAPER] = 1;
	counts[QHSOCK_SQ_ORPHAN_CHECK] = 1;
	counts[QHSOCK_SQ_STATUS_SAVE] = 1;
	counts[QHSOCK_SQ_SFRESHNESS_CHECK] = 1;
	counts[QHSOCK_SQ_HOST_CHECK] = 1;
	counts[QHSOCK_SQ_CHECK_PROGRAM_UPDATE] = 1;
}

static void
fx_loadctl(void *arg, struct qhsock_loadctl *lc)
{
	(void)arg;
	lc->jobs_running = 0;
}

static void
fx_log(void *arg, const char *line)
{
	struct fx *f = arg;

	snprintf(f->logged, sizeof(f->logged), "%s", line);
	f->nlogged++;
}

static size_t
fx_workers(void *arg, struct qhsock_worker *w, size_t max)
{
	struct fx *f = arg;
	int i;

	for (i = 0; i < f->nworkers && (size_t)i < max; i++) {
		w[i].pid = 21772 + i;
		w[i].jobs_running = (unsigned)i;
		w[i].jobs_started = 7;
	}
	return (size_t)i;
}

/* Nagios's figures on the machine the answers were recorded on */
static const struct qhsock_loadctl_base nagios_base = { 20000, 96367, 2, 4, 0 };

static struct fx *
fx_new(int with_workers)
{
	struct fx *f = calloc(1, sizeof(*f));
	struct qhsock_hooks h;

	memset(&h, 0, sizeof(h));
	h.arg = f;
	h.squeue = fx_squeue;
	h.loadctl = fx_loadctl;
	h.log = fx_log;
	if (with_workers)
		h.workers = fx_workers;
	f->qs = qhsock_new(&h);
	f->nworkers = 2;
	qhsock_loadctl_defaults(qhsock_loadctl(f->qs), &nagios_base);
	return f;
}

static int
setup(void **state)
{
	*state = fx_new(1);
	return 0;
}

static int
setup_noworkers(void **state)
{
	*state = fx_new(0);
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	qhsock_free(f->qs);
	free(f);
	return 0;
}

/* answer req (a C string: without its NUL) and compare with the n bytes want */
static void
ask(struct fx *f, const char *req, const char *want, size_t n, int keep)
{
	struct mbuf out = { 0 };
	int k = qhsock_answer(f->qs, req, strlen(req), &out);

	if (out.len != n || (n > 0 && memcmp(out.p, want, n) != 0))
		fail_msg("%s: got [%.*s] (%zu bytes), want [%.*s] (%zu bytes)", req, (int)out.len,
		    out.p != NULL ? out.p : "", out.len, (int)n, want, n);
	assert_int_equal(k, keep);
	mbuf_free(&out);
}

/* a string literal and its length */
#define S(lit) lit, strlen(lit)

/* want with its NUL */
#define ASKZ(f, req, want, keep) ask(f, req, want, sizeof(want), keep)
/* want without a NUL */
#define ASK(f, req, want, keep) ask(f, req, want, sizeof(want) - 1, keep)

static const char echo_help[] = "Query handler that simply echoes back what you send it.";
static const char core_help[] =
    "Query handler for manipulating nagios core.\n"
    "Available commands:\n"
    "  loadctl           Print information about current load control settings\n"
    "  loadctl <options> Configure nagios load control.\n"
    "                    The options are the same parameters and format as\n"
    "                    returned above.\n"
    "  squeuestats       scheduling queue statistics\n";
static const char help_help[] =
    "  help <name>   show help for handler <name>\n"
    "  help list     list registered handlers\n";
static const char squeue_line[] =
    "SERVICE_CHECK=1;COMMAND_CHECK=0;LOG_ROTATION=0;PROGRAM_SHUTDOWN=0;PROGRAM_RESTART=0;"
    "CHECK_REAPER=1;ORPHAN_CHECK=1;RETENTION_SAVE=0;STATUS_SAVE=1;SCHEDULED_DOWNTIME=0;"
    "SFRESHNESS_CHECK=1;EXPIRE_DOWNTIME=0;HOST_CHECK=1;HFRESHNESS_CHECK=0;"
    "RESCHEDULE_CHECKS=0;EXPIRE_COMMENT=0;CHECK_PROGRAM_UPDATE=1;SLEEP=0;USER_FUNCTION=0;"
    "SQUEUE_ENTRIES=7";
static const char loadctl_line[] =
    "jobs_max=79800;jobs_min=40;jobs_running=0;jobs_limit=79800;load=0.00;"
    "backoff_limit=5.00;backoff_change=23940;rampup_limit=1.60;rampup_change=5985;"
    "nproc_limit=96367;nofile_limit=20000;options=0;changes=0;";

static void
t_echo(void **state)
{
	struct fx *f = *state;

	ASK(f, "@echo hello", "hello", 1);
	ASK(f, "#echo hello", "hello", 0);
	ASKZ(f, "@echo", echo_help, 1);
	ASKZ(f, "#echo", echo_help, 0);
	ASKZ(f, "@echo help", echo_help, 1);
	ASK(f, "@echo ", "", 1);
	ASK(f, "@echo a b\n", "a b", 1);
	ASK(f, "@echo a\n\n", "a", 1);
	ASK(f, "@echo a\r\n", "a\r", 1);
	ASK(f, "@echo \x01\x02\xff", "\x01\x02\xff", 1);
}

static void
t_help(void **state)
{
	struct fx *f = *state;

	ASKZ(f, "@help", help_help, 1);
	ASKZ(f, "@help help", help_help, 1);
	ASKZ(f, "@help list",
	    "wproc      Worker process management and info\n"
	    "help       Help for the query handler\n"
	    "echo       The Echo Service - What You Put Is What You Get\n"
	    "core       Nagios Core control and info\n", 1);
	ASKZ(f, "#help list\n",
	    "wproc      Worker process management and info\n"
	    "help       Help for the query handler\n"
	    "echo       The Echo Service - What You Put Is What You Get\n"
	    "core       Nagios Core control and info\n", 0);
	ASKZ(f, "@help echo", echo_help, 1);
	ASKZ(f, "@help core", core_help, 1);
	ASKZ(f, "@help nerd", "No handler named 'nerd' is registered\n", 1);
	ASKZ(f, "@help foo", "No handler named 'foo' is registered\n", 1);
	ASKZ(f, "@help ", "No handler named '' is registered\n", 1);
	ASKZ(f, "@help  list", "No handler named ' list' is registered\n", 1);
	ASKZ(f, "@help list ", "No handler named 'list ' is registered\n", 1);
	ASKZ(f, "@help echo extra", "No handler named 'echo extra' is registered\n", 1);
}

static void
t_core(void **state)
{
	struct fx *f = *state;

	ASKZ(f, "@core", core_help, 1);
	ASKZ(f, "@core help", core_help, 1);
	ASKZ(f, "@core squeuestats", squeue_line, 1);
	ASKZ(f, "@core squeuestats\n", squeue_line, 1);
	ASKZ(f, "#core squeuestats", squeue_line, 0);
	ASKZ(f, "@core loadctl", loadctl_line, 1);
	ASKZ(f, "@core foo", "404: Not found", 0);
	ASKZ(f, "#core foo", "404: Not found", 0);
	ASKZ(f, "@core ", "404: Not found", 0);
	ASKZ(f, "@core  squeuestats", "404: Not found", 0);
	ASKZ(f, "@core squeuestats x", "404: Not found", 0);
}

static void
t_loadctl_set(void **state)
{
	struct fx *f = *state;

	ASKZ(f, "@core loadctl enabled=1", "200: OK", 1);
	ASKZ(f, "@core loadctl",
	    "jobs_max=79800;jobs_min=40;jobs_running=0;jobs_limit=79800;load=0.00;"
	    "backoff_limit=5.00;backoff_change=23940;rampup_limit=1.60;rampup_change=5985;"
	    "nproc_limit=96367;nofile_limit=20000;options=1;changes=0;", 1);
	ASKZ(f, "@core loadctl enabled=0;jobs_min=5000", "200: OK", 1);
	ASKZ(f, "@core loadctl",
	    "jobs_max=79800;jobs_min=5000;jobs_running=0;jobs_limit=79800;load=0.00;"
	    "backoff_limit=5.00;backoff_change=23940;rampup_limit=1.60;rampup_change=5985;"
	    "nproc_limit=96367;nofile_limit=20000;options=0;changes=0;", 1);
	assert_int_equal(f->nlogged, 0);
	ASKZ(f, "@core loadctl foo=1", "400: Bad request", 0);
	assert_int_equal(f->nlogged, 1);
	assert_string_equal(f->logged, "Error: Bad loadctl option; foo = 1");
	/* the pair before "bar" (no '=': the list ends there) is applied, and
	 * jobs_max is raised to jobs_min, jobs_limit brought down to it */
	ASKZ(f, "@core loadctl jobs_max=7;bar", "200: OK", 1);
	ASKZ(f, "@core loadctl",
	    "jobs_max=5000;jobs_min=5000;jobs_running=0;jobs_limit=5000;load=0.00;"
	    "backoff_limit=5.00;backoff_change=23940;rampup_limit=1.60;rampup_change=5985;"
	    "nproc_limit=96367;nofile_limit=20000;options=0;changes=0;", 1);
	ASKZ(f, "@core loadctl x", "200: OK", 1);
	ASKZ(f, "@core loadctl jobs_max", "200: OK", 1);
	/* Nagios crashes on this one; nothing to set is not an error */
	ASKZ(f, "@core loadctl ", "200: OK", 1);
	ASKZ(f, "#core loadctl x", "200: OK", 0);
}

static void
t_unknown(void **state)
{
	struct fx *f = *state;

	ASK(f, "@foo", "404: foo: No such handler", 0);
	ASK(f, "@foo bar", "404: foo: No such handler", 0);
	ASK(f, "#foo", "404: foo: No such handler", 0);
	ASK(f, "echo hello", "404: (null): No such handler", 0);
	ASK(f, "garbage", "404: (null): No such handler", 0);
	ASK(f, "", "404: (null): No such handler", 0);
	ASK(f, "@", "404: : No such handler", 0);
	ASK(f, "@ echo", "404: : No such handler", 0);
	ASK(f, "@ECHO x", "404: ECHO: No such handler", 0);
	ASK(f, "@nerd list", "404: nerd: No such handler", 0);
	ASK(f, "@nerd", "404: nerd: No such handler", 0);
	ASK(f, "@echo\n", "404: echo\n: No such handler", 0);
}

/* a request ends at its first NUL, whatever follows */
static void
t_embedded_nul(void **state)
{
	struct fx *f = *state;
	struct mbuf out = { 0 };

	assert_int_equal(qhsock_answer(f->qs, "@echo ab\0cd", 11, &out), 1);
	assert_int_equal(out.len, 2);
	assert_memory_equal(out.p, "ab", 2);
	mbuf_free(&out);
}

static void
t_wproc(void **state)
{
	struct fx *f = *state;

	/* recorded: the lines, no NUL after them, the connection kept */
	ASK(f, "@wproc wpstats",
	    "name=Core Worker 21772;pid=21772;jobs_running=0;jobs_started=7\n"
	    "name=Core Worker 21773;pid=21773;jobs_running=1;jobs_started=7\n", 1);
	ASK(f, "@wproc wpstats x",
	    "name=Core Worker 21772;pid=21772;jobs_running=0;jobs_started=7\n"
	    "name=Core Worker 21773;pid=21773;jobs_running=1;jobs_started=7\n", 1);
	ASKZ(f, "@wproc foo", "400: Bad request", 0);
	/* jaque's own answers: its help, also for "@wproc" alone (which kills
	 * Nagios), and registering refused */
	ASKZ(f, "@wproc ",
	    "Control worker processes.\n"
	    "Valid commands:\n"
	    "  wpstats              Print general job information\n"
	    "jaque's workers are its own: \"register\" is not possible.", 1);
	ASKZ(f, "@wproc",
	    "Control worker processes.\n"
	    "Valid commands:\n"
	    "  wpstats              Print general job information\n"
	    "jaque's workers are its own: \"register\" is not possible.", 1);
	ASKZ(f, "@wproc register name=x;pid=1", "501: Not implemented", 0);
	f->nworkers = 0;
	ASK(f, "@wproc wpstats", "", 1);
}

static void
t_no_wproc(void **state)
{
	struct fx *f = *state;

	ASK(f, "@wproc wpstats", "404: wproc: No such handler", 0);
	ASKZ(f, "@help wproc", "No handler named 'wproc' is registered\n", 1);
	ASKZ(f, "@help list",
	    "help       Help for the query handler\n"
	    "echo       The Echo Service - What You Put Is What You Get\n"
	    "core       Nagios Core control and info\n", 1);
}

/* ---- connections ---- */

static void
feed(struct qhsock_conn *c, const void *p, size_t n)
{
	size_t room;
	char *at = qhsock_conn_space(c, &room);

	assert_true(n <= room);
	memcpy(at, p, n);
	qhsock_conn_filled(c, n);
}

static void
t_conn_split_and_pipelined(void **state)
{
	struct fx *f = *state;
	struct qhsock_conn *c = qhsock_conn_new();
	struct mbuf out = { 0 };

	feed(c, "@ech", 4);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, 0);
	feed(c, "o split", 8); /* with its NUL */
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, 5);
	assert_memory_equal(out.p, "split", 5);
	out.len = 0;
	/* three at once: all answered (Nagios answers one per read) */
	feed(c, "@echo a\0@echo b\0@echo c\0@ec", 27);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, 3);
	assert_memory_equal(out.p, "abc", 3);
	out.len = 0;
	feed(c, "ho d", 5);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, 1);
	assert_memory_equal(out.p, "d", 1);
	out.len = 0;
	/* a one-shot request ends the connection: what follows is dropped */
	feed(c, "#echo e\0@echo f\0", 16);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_CLOSE);
	assert_int_equal(out.len, 1);
	assert_memory_equal(out.p, "e", 1);
	mbuf_free(&out);
	qhsock_conn_free(c);
}

static void
t_conn_error_closes(void **state)
{
	struct fx *f = *state;
	struct qhsock_conn *c = qhsock_conn_new();
	struct mbuf out = { 0 };

	feed(c, "hello\0@echo x\0", 14);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1024), QHSOCK_STEP_CLOSE);
	assert_int_equal(out.len, strlen("404: (null): No such handler"));
	assert_memory_equal(out.p, "404: (null): No such handler", out.len);
	mbuf_free(&out);
	qhsock_conn_free(c);
}

static void
t_conn_size_cap(void **state)
{
	struct fx *f = *state;
	struct qhsock_conn *c = qhsock_conn_new();
	struct mbuf out = { 0 };
	char *big = malloc(QHSOCK_REQUEST_MAX);
	size_t room;

	/* the longest request, its NUL the last byte of the buffer: answered */
	memcpy(big, "@echo ", 6);
	memset(big + 6, 'y', QHSOCK_REQUEST_MAX - 7);
	big[QHSOCK_REQUEST_MAX - 1] = '\0';
	feed(c, big, QHSOCK_REQUEST_MAX);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1u << 20), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, QHSOCK_REQUEST_MAX - 7);
	qhsock_conn_space(c, &room);
	assert_int_equal(room, QHSOCK_REQUEST_MAX);
	out.len = 0;
	/* one byte more: the buffer fills without a NUL, and the connection goes */
	feed(c, big, QHSOCK_REQUEST_MAX - 1);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1u << 20), QHSOCK_STEP_WANT);
	feed(c, "y", 1);
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 1u << 20), QHSOCK_STEP_CLOSE);
	assert_int_equal(out.len, 0);
	free(big);
	mbuf_free(&out);
	qhsock_conn_free(c);
}

static void
t_conn_high_water(void **state)
{
	struct fx *f = *state;
	struct qhsock_conn *c = qhsock_conn_new();
	struct mbuf out = { 0 };

	feed(c, "@echo aaaa\0@echo bbbb\0@echo cccc\0", 33);
	/* stops once 6 bytes wait, keeps the rest for later */
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 6), QHSOCK_STEP_FULL);
	assert_int_equal(out.len, 8);
	assert_memory_equal(out.p, "aaaabbbb", 8);
	out.len = 0;
	assert_int_equal(qhsock_conn_serve(f->qs, c, &out, 6), QHSOCK_STEP_WANT);
	assert_int_equal(out.len, 4);
	assert_memory_equal(out.p, "cccc", 4);
	mbuf_free(&out);
	qhsock_conn_free(c);
}

/* ---- load control ---- */

static void
t_loadctl_defaults(void **state)
{
	struct qhsock_loadctl lc;
	struct qhsock_loadctl_base b = nagios_base;

	(void)state;
	memset(&lc, 0, sizeof(lc));
	qhsock_loadctl_defaults(&lc, &b);
	assert_int_equal(lc.jobs_max, 79800); /* (20000 - 50) * 4 workers */
	assert_int_equal(lc.jobs_limit, 79800);
	assert_int_equal(lc.jobs_min, 40);
	assert_int_equal(lc.backoff_change, 23940);
	assert_int_equal(lc.rampup_change, 5985);
	assert_int_equal(lc.check_interval, 60);
	/* jaque's own limit on checks in flight is the maximum of jobs */
	memset(&lc, 0, sizeof(lc));
	b.concurrency = 50;
	qhsock_loadctl_defaults(&lc, &b);
	assert_int_equal(lc.jobs_max, 50);
	assert_int_equal(lc.jobs_limit, 50);
	assert_int_equal(lc.backoff_change, 15);
	assert_int_equal(lc.rampup_change, 3);
	/* without a limit nor many files, the bound from the processes */
	memset(&lc, 0, sizeof(lc));
	b.concurrency = 0;
	b.nproc_limit = 1000;
	qhsock_loadctl_defaults(&lc, &b);
	assert_int_equal(lc.jobs_max, 900);
	/* loadctl_options of nagios.cfg, read on zeroes as Nagios reads them:
	 * jobs_min=50 alone raises jobs_max and jobs_limit to 50, which then
	 * keep their value */
	memset(&lc, 0, sizeof(lc));
	assert_int_equal(qhsock_loadctl_apply(&lc, S("jobs_min=50"), NULL, NULL), 0);
	qhsock_loadctl_defaults(&lc, &nagios_base);
	assert_int_equal(lc.jobs_min, 50);
	assert_int_equal(lc.jobs_max, 50);
	assert_int_equal(lc.jobs_limit, 50);
	assert_int_equal(lc.backoff_change, 15);
	/* a value set explicitly survives new defaults (a reload) */
	b = nagios_base;
	b.concurrency = 10;
	qhsock_loadctl_defaults(&lc, &b);
	assert_int_equal(lc.jobs_max, 50);
}

static void
t_loadctl_parse(void **state)
{
	struct qhsock_loadctl lc;
	char *k = NULL, *v = NULL;

	(void)state;
	/* a ';' before the '=' is part of the key (buf2kvvec) */
	memset(&lc, 0, sizeof(lc));
	assert_int_equal(qhsock_loadctl_apply(&lc, S("a;b=1;c=2"), &k, &v), -1);
	assert_string_equal(k, "a;b");
	assert_string_equal(v, "1");
	free(k);
	free(v);
	/* ... and when no ';' follows its value, it is not the last pair: nothing */
	assert_int_equal(qhsock_loadctl_apply(&lc, S("x;jobs_max=3"), NULL, NULL), 0);
	assert_int_equal(lc.jobs_max, 0);
	/* pairs before an unknown key stay, without the clamps */
	memset(&lc, 0, sizeof(lc));
	assert_int_equal(qhsock_loadctl_apply(&lc, S("jobs_min=9;nope=1;jobs_max=2"), NULL,
	                     NULL), -1);
	assert_int_equal(lc.jobs_min, 9);
	assert_int_equal(lc.jobs_max, 0);
	/* numbers as atoi / strtod read them; an empty value is 0 */
	memset(&lc, 0, sizeof(lc));
	assert_int_equal(qhsock_loadctl_apply(&lc,
	                     S("jobs_max=12x;jobs_limit=-1;backoff_limit=2.5e0;rampup_change=;"
	                     "check_interval=90"), NULL, NULL), 0);
	assert_int_equal(lc.jobs_max, 12);
	/* -1 is 4294967295, brought down to jobs_max */
	assert_int_equal(lc.jobs_limit, 12);
	assert_true(lc.backoff_limit == 2.5);
	assert_int_equal(lc.rampup_change, 0);
	assert_int_equal(lc.check_interval, 90);
	/* enabled: only a leading '1' turns it on */
	assert_int_equal(qhsock_loadctl_apply(&lc, S("enabled=1x"), NULL, NULL), 0);
	assert_int_equal(lc.options, QHSOCK_LOADCTL_ENABLED);
	assert_int_equal(qhsock_loadctl_apply(&lc, S("enabled=yes"), NULL, NULL), 0);
	assert_int_equal(lc.options, 0);
}

static void
t_lines(void **state)
{
	struct fx *f = *state;
	struct mbuf b = { 0 };

	assert_string_equal(qhsock_sq_name(QHSOCK_SQ_EXPIRE_COMMENT), "EXPIRE_COMMENT");
	assert_null(qhsock_sq_name(QHSOCK_SQ_N));
	qhsock_failed_line(&b, "/x/nagios.qh", "bind", EADDRINUSE);
	assert_string_equal(b.p,
	    "qh: Failed to init socket '/x/nagios.qh'. bind() failed: Address already in use");
	b.len = 0;
	qhsock_server_full(&b);
	assert_int_equal(b.len, 16);
	assert_memory_equal(b.p, "503: Server full", 16);
	mbuf_free(&b);
	(void)f;
}

static void
fx_collect(void *arg, const char *line)
{
	struct mbuf *b = arg;

	mbuf_adds(b, line);
	mbuf_adds(b, "|");
}

static void
t_ready_lines(void **state)
{
	struct fx *f = *state;
	struct mbuf b = { 0 };

	qhsock_ready_lines(f->qs, "/v/rw/nagios.qh", fx_collect, &b);
	assert_string_equal(b.p,
	    "qh: Socket '/v/rw/nagios.qh' successfully initialized|"
	    "qh: core query handler registered|"
	    "qh: echo service query handler registered|"
	    "qh: help for the query handler registered|"
	    "wproc: Successfully registered manager as @wproc with query handler|");
	mbuf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_echo, setup, teardown),
		cmocka_unit_test_setup_teardown(t_help, setup, teardown),
		cmocka_unit_test_setup_teardown(t_core, setup, teardown),
		cmocka_unit_test_setup_teardown(t_loadctl_set, setup, teardown),
		cmocka_unit_test_setup_teardown(t_unknown, setup, teardown),
		cmocka_unit_test_setup_teardown(t_embedded_nul, setup, teardown),
		cmocka_unit_test_setup_teardown(t_wproc, setup, teardown),
		cmocka_unit_test_setup_teardown(t_no_wproc, setup_noworkers, teardown),
		cmocka_unit_test_setup_teardown(t_conn_split_and_pipelined, setup, teardown),
		cmocka_unit_test_setup_teardown(t_conn_error_closes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_conn_size_cap, setup, teardown),
		cmocka_unit_test_setup_teardown(t_conn_high_water, setup, teardown),
		cmocka_unit_test(t_loadctl_defaults),
		cmocka_unit_test(t_loadctl_parse),
		cmocka_unit_test_setup_teardown(t_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(t_ready_lines, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

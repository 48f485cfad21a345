/*
 * perfdata: the perfdata commands, the perfdata files and their
 * processing commands (see perfdata.h for the behaviour).
 *
 * Each of the two files (host, service) is a struct pd_file: its path,
 * mode and descriptor, its template with the escapes already turned into
 * characters, its processing command and the time that is next due.
 * Invariants: while a processing command runs (job != NULL) the file is
 * closed and every new line goes to the hold buffer, never to the file;
 * a non-empty tail is the rest of a line a full FIFO took only in part,
 * and nothing else is written before it.  A processing command that ends
 * finds its file through its struct pd_job; perfdata_free cuts that link
 * so a command that ends after the module is gone touches nothing.
 *
 * Nagios's nagios.log wording (the warnings of xpddefault.c) goes through
 * nr->log; what only jaque does (dropped lines, write errors) goes to the
 * diagnostic log.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/notify/perfdata.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/config/maincfg.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"

/* Nagios's compiled-in templates (include/defaults.h) */
#define PD_HOST_TEMPLATE                                                                           \
	"[HOSTPERFDATA]\t$TIMET$\t$HOSTNAME$\t$HOSTEXECUTIONTIME$\t$HOSTOUTPUT$\t$HOSTPERFDATA$"
#define PD_SERVICE_TEMPLATE                                                                        \
	"[SERVICEPERFDATA]\t$TIMET$\t$HOSTNAME$\t$SERVICEDESC$\t$SERVICEEXECUTIONTIME$\t"          \
	"$SERVICELATENCY$\t$SERVICEOUTPUT$\t$SERVICEPERFDATA$"

/* a worker gives a job without a timeout 60 seconds (lib/worker.c) */
#define PD_WORKER_DEFAULT_TIMEOUT 60.0
/* "no timeout": what alarm() or the worker would make of the largest value */
#define PD_NO_TIMEOUT 4294967295.0

/* why lines are being lost (pd_file.failing) */
enum pd_fail { PD_OK, PD_FULL, PD_ERROR };

struct pd_buf {
	char *p;
	size_t len;
	size_t cap;
};

struct pd_file;

/* a processing command in flight */
struct pd_job {
	struct perfdata *pd; /* NULL once the module is gone */
	struct pd_file *f;
	char *cmdline;
};

struct pd_file {
	enum perfdata_which which;
	const char *lower; /* "host" or "service", as Nagios's messages say it */
	const char *upper; /* "Host" or "Service" */
	char *path;        /* NULL: no file */
	int mode;          /* 'a', 'w' or 'p' */
	int fd;            /* -1 when closed */
	char *tmpl;        /* escapes done */
	char *proc_ref;    /* "name!args" of the processing command, NULL: none */
	const struct obj_command *proc_cmd;
	unsigned long interval;
	time_t next_due;
	struct pd_job *job;
	struct pd_buf hold;      /* records: a size_t length, then the line */
	unsigned long hold_lost; /* lines dropped from the hold during this run */
	struct pd_buf tail;
	enum pd_fail failing;
	unsigned long streak; /* lines lost since failing was set */
	struct perfdata_stats st;
};

struct perfdata {
	struct nrun nr;
	struct pd_file f[2]; /* by enum perfdata_which */
	char *cmd_ref[2];    /* the perfdata commands, NULL: none */
	const struct obj_command *cmd[2];
	int empty_results[2];
	int timeout; /* perfdata_timeout */
	size_t hold_max;
	time_t now;             /* the latest time a caller gave */
	struct main_cfg rawcfg; /* the caller's, without illegal characters */
};

/* ---- small helpers ---- */

static void
pd_buf_add(struct pd_buf *b, const void *p, size_t n)
{
	size_t cap = b->cap != 0 ? b->cap : 256;

	if (b->len + n > b->cap) {
		while (cap < b->len + n)
			cap *= 2;
		b->p = xrealloc(b->p, cap);
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static char *
pd_strdup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static void
pd_buf_free(struct pd_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

/* one nagios.log line in Nagios's words */
static void pd_log(struct perfdata *pd, time_t t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
pd_log(struct perfdata *pd, time_t t, const char *fmt, ...)
{
	char line[4096];
	va_list ap;

	if (pd->nr.log == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	pd->nr.log(pd->nr.arg, t, line);
}

char *
perfdata_unescape(const char *t)
{
	char *out = xmalloc(strlen(t) + 1), *o = out;

	for (; *t != '\0'; t++) {
		if (t[0] == '\\' && (t[1] == 't' || t[1] == 'r' || t[1] == 'n')) {
			*o++ = t[1] == 't' ? '\t' : t[1] == 'r' ? '\r' : '\n';
			t++;
		} else {
			*o++ = *t;
		}
	}
	*o = '\0';
	return out;
}

/* the command a "name!args" reference names, or NULL (*name: the name, heap) */
static const struct obj_command *
pd_find(const struct objects *objs, const char *ref, char **name)
{
	*name = xstrndup(ref, strcspn(ref, "!"));
	return objs != NULL ? objects_find_command(objs, *name) : NULL;
}

static double
pd_command_timeout(int t)
{
	if (t > 0)
		return t;
	return t == 0 ? PD_WORKER_DEFAULT_TIMEOUT : (double)(unsigned)t;
}

static double
pd_processing_timeout(int t)
{
	if (t > 0)
		return t;
	return t == 0 ? PD_NO_TIMEOUT : (double)(unsigned)t;
}

/* ---- opening and writing ---- */

/*
 * Open f as Nagios does for its mode (xpddefault_open_*_perfdata_file),
 * never blocking; the warning is Nagios's.
 */
static void
pd_open(struct perfdata *pd, struct pd_file *f, time_t t)
{
	int flags = O_CLOEXEC | O_NONBLOCK;
	mode_t perm = 0666;

	if (f->path == NULL || f->fd != -1)
		return;
	if (f->mode == 'p') {
		/* read-write, so it opens with no reader; only Nagios's host side creates */
		flags |= O_RDWR;
		if (f->which == PERFDATA_HOST)
			flags |= O_CREAT;
		perm = 0644;
	} else {
		flags |= O_WRONLY | O_CREAT | (f->mode == 'w' ? O_TRUNC : O_APPEND);
	}
	f->fd = open(f->path, flags, perm);
	if (f->fd == -1)
		pd_log(pd, t,
		    "Warning: File '%s' could not be opened - %s performance data will not be "
		    "written to file!",
		    f->path, f->lower);
}

static void
pd_close(struct pd_file *f)
{
	if (f->fd != -1)
		close(f->fd);
	f->fd = -1;
}

/* a line could not be written: count it, and say so at the start of a run of losses */
static void
pd_lost(struct pd_file *f, enum pd_fail why)
{
	if (why == PD_FULL)
		f->st.dropped_full++;
	else
		f->st.dropped_error++;
	if (f->failing != why) {
		if (why == PD_FULL)
			log_warnx(
			    "perfdata: %s: the pipe is full, lines are dropped until it drains",
			    f->path);
		else
			log_warn("perfdata: cannot write %s, lines are lost", f->path);
		f->failing = why;
	}
	f->streak++;
}

static void
pd_written(struct pd_file *f)
{
	f->st.written++;
	if (f->failing != PD_OK)
		log_info("perfdata: writing %s again; %lu lines were lost", f->path, f->streak);
	f->failing = PD_OK;
	f->streak = 0;
}

/* finish a cut line; 0 when no tail is left, -1 when the pipe is still full */
static int
pd_flush_tail(struct pd_file *f)
{
	ssize_t n;

	while (f->tail.len > 0) {
		n = write(f->fd, f->tail.p, f->tail.len);
		if (n > 0) {
			memmove(f->tail.p, f->tail.p + n, f->tail.len - (size_t)n);
			f->tail.len -= (size_t)n;
			if (f->tail.len == 0)
				pd_written(f);
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return -1;
		if (n == 0)
			errno = EIO;
		f->tail.len = 0;
		pd_lost(f, PD_ERROR);
	}
	return 0;
}

/* write one line (newline included) to the open file, never blocking */
static void
pd_write(struct pd_file *f, const char *line, size_t len)
{
	size_t off = 0;
	ssize_t n;

	if (f->tail.len > 0 && pd_flush_tail(f) == -1) {
		pd_lost(f, PD_FULL);
		return;
	}
	while (off < len) {
		n = write(f->fd, line + off, len - off);
		if (n > 0) {
			off += (size_t)n;
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (off == 0) {
				pd_lost(f, PD_FULL);
			} else {
				/* the pipe took part of it: the rest goes first next time */
				f->tail.len = 0;
				pd_buf_add(&f->tail, line + off, len - off);
			}
			return;
		}
		if (n == 0)
			errno = EIO;
		pd_lost(f, PD_ERROR);
		return;
	}
	pd_written(f);
}

/* keep a line while the processing command runs, within the limit */
static void
pd_hold(struct perfdata *pd, struct pd_file *f, const char *line, size_t len)
{
	if (f->hold.len + sizeof(len) + len > pd->hold_max) {
		if (f->hold_lost++ == 0)
			log_warnx("perfdata: %s: %zu bytes held, newer lines are dropped", f->path,
			    f->hold.len);
		f->st.dropped_hold++;
		return;
	}
	pd_buf_add(&f->hold, &len, sizeof(len));
	pd_buf_add(&f->hold, line, len);
	f->st.held++;
}

/* the processing command is over: write what was held (the file is reopened) */
static void
pd_release(struct pd_file *f)
{
	size_t off = 0, len;
	unsigned long lost = 0;

	while (off < f->hold.len) {
		memcpy(&len, f->hold.p + off, sizeof(len));
		off += sizeof(len);
		if (f->fd != -1) {
			pd_write(f, f->hold.p + off, len);
		} else {
			f->st.dropped_hold++;
			lost++;
		}
		off += len;
	}
	if (lost > 0)
		log_warnx("perfdata: %s did not reopen, %lu held lines are lost", f->path, lost);
	if (f->hold_lost > 0)
		log_warnx("perfdata: %s: %lu lines were dropped while it was processed", f->path,
		    f->hold_lost);
	f->hold.len = 0;
	f->hold_lost = 0;
	if (f->hold.cap > ((size_t)1 << 20))
		pd_buf_free(&f->hold);
}

/* a line made from the template goes to the file, or to the hold */
static void
pd_emit(struct perfdata *pd, struct pd_file *f, const char *line, size_t len)
{
	f->st.lines++;
	if (f->job != NULL)
		pd_hold(pd, f, line, len);
	else if (f->fd != -1)
		pd_write(f, line, len);
}

/* lines can be made: the file is open, or will be when its command ends */
static int
pd_has_file(const struct pd_file *f)
{
	return f->path != NULL && (f->fd != -1 || f->job != NULL);
}

/*
 * Expand the template under ctx as Nagios does (no cleaning of output
 * macros) and write the line.
 */
static void
pd_line(struct perfdata *pd, struct pd_file *f, const struct macro_ctx *ctx)
{
	struct macro_ctx t = *ctx;
	char *line;
	size_t len;

	if (ctx->cfg != NULL) {
		/* macro_expand cleans output macros as for commands; Nagios does not here */
		pd->rawcfg = *ctx->cfg;
		pd->rawcfg.illegal_macro_output_chars = NULL;
		t.cfg = &pd->rawcfg;
	}
	line = macro_expand(&t, f->tmpl);
	len = strlen(line);
	line = xrealloc(line, len + 2);
	line[len++] = '\n';
	line[len] = '\0';
	pd_emit(pd, f, line, len);
	free(line);
}

/* ---- commands ---- */

/* run the perfdata command of which under ctx (its arguments already split) */
static void
pd_command(struct perfdata *pd, enum perfdata_which which, const struct macro_ctx *ctx)
{
	enum nrun_kind kind = which == PERFDATA_HOST ? NRUN_HOST_PERFDATA : NRUN_SERVICE_PERFDATA;
	double timeout = pd_command_timeout(pd->timeout);
	char *line = macro_expand(ctx, pd->cmd[which]->line);

	/* Nagios gives these no environment and watches only the worker's report */
	if (pd->nr.run(pd->nr.arg, kind, line, NULL, timeout, NULL, NULL) == 0)
		pd->f[which].st.commands++;
	else
		log_warnx("perfdata: the %s perfdata command could not be queued",
		    pd->f[which].lower);
	free(line);
}

static void
pd_done(void *arg, const struct nrun_result *r)
{
	struct pd_job *job = arg;
	struct perfdata *pd = job->pd;
	struct pd_file *f = job->f;

	if (pd != NULL) {
		/* Nagios reopens, then says the command timed out */
		f->job = NULL;
		pd_open(pd, f, pd->now);
		pd_release(f);
		if (r != NULL && r->status == 1)
			pd_log(pd, pd->now,
			    "Warning: %s performance data file processing command '%s' timed out "
			    "after %d seconds",
			    f->upper, job->cmdline, pd->timeout);
		else if (r != NULL && r->status == -1)
			log_warnx("perfdata: %s: its processing command could not be run",
			    f->path != NULL ? f->path : f->lower);
	}
	free(job->cmdline);
	free(job);
}

/* start the processing command of f: close the file, hand the command over */
static void
pd_process(struct perfdata *pd, struct pd_file *f, const struct macro_ctx *base, time_t now)
{
	enum nrun_kind kind =
	    f->which == PERFDATA_HOST ? NRUN_HOST_PERFDATA_FILE : NRUN_SERVICE_PERFDATA_FILE;
	double timeout = pd_processing_timeout(pd->timeout);
	struct macro_ctx ctx = *base;
	struct pd_job *job;
	char *store, **env;

	/* Nagios's processing commands see no host, no service */
	ctx.host = NULL;
	ctx.svc = NULL;
	ctx.contact = NULL;
	ctx.notif = NULL;
	ctx.now = now;
	macro_split_args(&ctx, f->proc_ref, &store);
	job = xcalloc(1, sizeof(*job));
	job->pd = pd;
	job->f = f;
	job->cmdline = macro_expand(&ctx, f->proc_cmd->line);
	env = macro_environment(&ctx);
	pd_close(f);
	f->job = job;
	if (pd->nr.run(pd->nr.arg, kind, job->cmdline, env, timeout, pd_done, job) == 0) {
		f->st.processed++;
	} else {
		log_warnx("perfdata: the %s perfdata file processing command could not be queued",
		    f->lower);
		f->job = NULL;
		free(job->cmdline);
		free(job);
		pd_open(pd, f, now);
		pd_release(f);
	}
	free(env);
	free(store);
}

/* ---- the module ---- */

static void
pd_file_init(struct perfdata *pd, struct pd_file *f, enum perfdata_which which, const char *path,
    int mode, const char *tmpl, time_t now)
{
	f->which = which;
	f->lower = which == PERFDATA_HOST ? "host" : "service";
	f->upper = which == PERFDATA_HOST ? "Host" : "Service";
	f->path = pd_strdup(path);
	f->mode = mode;
	f->fd = -1;
	f->tmpl = perfdata_unescape(tmpl);
	pd_open(pd, f, now);
}

/* look a command up; a missing one is dropped with Nagios's warning */
static const struct obj_command *
pd_resolve(struct perfdata *pd, const struct objects *objs, char **ref, const char *upper,
    const char *what, time_t now)
{
	const struct obj_command *c;
	char *name;

	if (*ref == NULL)
		return NULL;
	if ((c = pd_find(objs, *ref, &name)) == NULL) {
		pd_log(pd, now,
		    "Warning: %s command '%s' was not found - %s will not be processed!", upper,
		    name, what);
		free(*ref);
		*ref = NULL;
	}
	free(name);
	return c;
}

struct perfdata *
perfdata_new(const struct main_cfg *cfg, const struct objects *objs, const struct nrun *nr,
    time_t now)
{
	struct perfdata *pd = xcalloc(1, sizeof(*pd));
	struct pd_file *hf = &pd->f[PERFDATA_HOST], *sf = &pd->f[PERFDATA_SERVICE];
	const char *htmpl, *stmpl;
	int w;

	pd->nr = *nr;
	pd->now = now;
	pd->timeout = cfg->perfdata_timeout;
	pd->hold_max = PERFDATA_HOLD_MAX;
	pd->empty_results[PERFDATA_HOST] = cfg->host_perfdata_process_empty_results;
	pd->empty_results[PERFDATA_SERVICE] = cfg->service_perfdata_process_empty_results;
	htmpl = cfg->host_perfdata_file_template;
	stmpl = cfg->service_perfdata_file_template;
	pd_file_init(pd, hf, PERFDATA_HOST, cfg->host_perfdata_file, cfg->host_perfdata_file_mode,
	    htmpl != NULL ? htmpl : PD_HOST_TEMPLATE, now);
	pd_file_init(pd, sf, PERFDATA_SERVICE, cfg->service_perfdata_file,
	    cfg->service_perfdata_file_mode, stmpl != NULL ? stmpl : PD_SERVICE_TEMPLATE, now);

	pd->cmd_ref[PERFDATA_HOST] = pd_strdup(cfg->host_perfdata_command);
	pd->cmd_ref[PERFDATA_SERVICE] = pd_strdup(cfg->service_perfdata_command);
	hf->proc_ref = pd_strdup(cfg->host_perfdata_file_processing_command);
	sf->proc_ref = pd_strdup(cfg->service_perfdata_file_processing_command);
	pd->cmd[PERFDATA_HOST] = pd_resolve(pd, objs, &pd->cmd_ref[PERFDATA_HOST],
	    "Host performance", "host performance data", now);
	pd->cmd[PERFDATA_SERVICE] = pd_resolve(pd, objs, &pd->cmd_ref[PERFDATA_SERVICE],
	    "Service performance", "service performance data", now);
	hf->proc_cmd = pd_resolve(pd, objs, &hf->proc_ref, "Host performance file processing",
	    "host performance data file", now);
	sf->proc_cmd = pd_resolve(pd, objs, &sf->proc_ref, "Service performance file processing",
	    "service performance data file", now);

	hf->interval = cfg->host_perfdata_file_processing_interval;
	sf->interval = cfg->service_perfdata_file_processing_interval;
	for (w = 0; w < 2; w++)
		if (pd->f[w].proc_cmd != NULL && pd->f[w].interval > 0)
			pd->f[w].next_due = now + (time_t)pd->f[w].interval;
	return pd;
}

/* the switches and the empty-results rule (update_*_performance_data) */
static int
pd_wanted(const struct perfdata *pd, const struct macro_ctx *base, enum perfdata_which which,
    const struct state_common *c)
{
	if (base->cfg != NULL && !base->cfg->process_performance_data)
		return 0;
	if (!c->process_performance_data)
		return 0;
	if (!pd->empty_results[which] && (c->perf_data == NULL || c->perf_data[0] == '\0'))
		return 0;
	return pd_has_file(&pd->f[which]) || pd->cmd[which] != NULL;
}

void
perfdata_service(struct perfdata *pd, const struct macro_ctx *base, const struct obj_service *s,
    time_t now)
{
	struct pd_file *f = &pd->f[PERFDATA_SERVICE];
	struct macro_ctx ctx = *base;
	char *store;

	pd->now = now;
	if (!pd_wanted(pd, base, PERFDATA_SERVICE, &base->sstates[s->id].c))
		return;
	ctx.host = s->host;
	ctx.svc = s;
	ctx.contact = NULL;
	ctx.notif = NULL;
	ctx.now = now;
	/*
	 * Nagios sets $ARGn$ from the check command, then from the perfdata
	 * command when it runs one; the template sees what is left.
	 */
	if (pd->cmd[PERFDATA_SERVICE] != NULL) {
		macro_split_args(&ctx, pd->cmd_ref[PERFDATA_SERVICE], &store);
		pd_command(pd, PERFDATA_SERVICE, &ctx);
	} else {
		macro_split_args(&ctx, s->check_command.raw, &store);
	}
	if (pd_has_file(f))
		pd_line(pd, f, &ctx);
	free(store);
}

void
perfdata_host(struct perfdata *pd, const struct macro_ctx *base, const struct obj_host *h,
    time_t now)
{
	struct pd_file *f = &pd->f[PERFDATA_HOST];
	struct macro_ctx ctx = *base;
	char *store;

	pd->now = now;
	if (!pd_wanted(pd, base, PERFDATA_HOST, &base->hstates[h->id].c))
		return;
	ctx.host = h;
	ctx.svc = NULL;
	ctx.contact = NULL;
	ctx.notif = NULL;
	ctx.now = now;
	if (pd->cmd[PERFDATA_HOST] != NULL) {
		macro_split_args(&ctx, pd->cmd_ref[PERFDATA_HOST], &store);
		pd_command(pd, PERFDATA_HOST, &ctx);
		free(store);
	}
	/* Nagios clears the argument macros before the host template */
	memset(ctx.args, 0, sizeof(ctx.args));
	ctx.nargs = 0;
	if (pd_has_file(f))
		pd_line(pd, f, &ctx);
}

void
perfdata_tick(struct perfdata *pd, const struct macro_ctx *base, time_t now)
{
	struct pd_file *f;
	int w;

	pd->now = now;
	for (w = 0; w < 2; w++) {
		f = &pd->f[w];
		if (f->tail.len > 0 && f->fd != -1)
			(void)pd_flush_tail(f);
		if (f->proc_cmd == NULL || f->interval == 0)
			continue;
		/* the clock went back: do not wait longer than one interval */
		if (f->next_due > now && (unsigned long)(f->next_due - now) > f->interval)
			f->next_due = now + (time_t)f->interval;
		if (f->job != NULL || now < f->next_due)
			continue;
		/* Nagios's recurring event: one interval on, or now when that has passed */
		f->next_due += (time_t)f->interval;
		if (f->next_due < now)
			f->next_due = now;
		pd_process(pd, f, base, now);
	}
}

void
perfdata_free(struct perfdata *pd)
{
	struct pd_file *f;
	int w;

	if (pd == NULL)
		return;
	for (w = 0; w < 2; w++) {
		f = &pd->f[w];
		if (f->job != NULL) {
			/* the command ends unwatched; its lines go where they would have gone */
			f->job->pd = NULL;
			f->job = NULL;
			if (f->hold.len > 0) {
				pd_open(pd, f, pd->now);
				pd_release(f);
			}
		}
		if (f->tail.len > 0 && f->fd != -1 && pd_flush_tail(f) == -1)
			log_warnx("perfdata: %s: the pipe stayed full, a line is left cut",
			    f->path);
		pd_close(f);
		pd_buf_free(&f->hold);
		pd_buf_free(&f->tail);
		free(f->path);
		free(f->tmpl);
		free(f->proc_ref);
	}
	free(pd->cmd_ref[PERFDATA_HOST]);
	free(pd->cmd_ref[PERFDATA_SERVICE]);
	free(pd);
}

void
perfdata_set_hold_max(struct perfdata *pd, size_t bytes)
{
	pd->hold_max = bytes;
}

void
perfdata_get_stats(const struct perfdata *pd, enum perfdata_which which, struct perfdata_stats *out)
{
	const struct pd_file *f = &pd->f[which];

	*out = f->st;
	out->open = f->fd != -1;
	out->processing = f->job != NULL;
}

/*
 * evhandler: event handlers, OCSP and OCHP (see evhandler.h).
 *
 * Each command goes the same way, as in Nagios's sehandlers.c: split the
 * reference into $ARGn$ (each argument expanded once, then inserted as it
 * is), expand the command's line under the object's context, write the
 * EVENT HANDLER line when it has one, build the environment, hand the
 * line to nrun.  The log line is expanded under the same context as the
 * command, so $ARGn$ or any other macro in the reference Nagios prints
 * comes out expanded there too, and the host name and description pass
 * through the macro processor as they do in Nagios.
 *
 * The end of a command: Nagios's workers.c writes a warning when one was
 * killed at its timeout, and nothing on any other end (its "wproc:" lines
 * about the job and worker are the pool's to write).  The warning's
 * duration is always 0.00 in 4.4.6: it prints a runtime field that its
 * result parser never fills in.  We print the same, so log readers see
 * what they saw from Nagios.  The warning carries Nagios's
 * NSLOG_RUNTIME_WARNING (and NSLOG_EVENT_HANDLER for handlers), which its
 * logging_options always let through: log_event_handlers does not hide it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/notify/evhandler.h"

#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/util/xalloc.h"

/* the duration Nagios 4.4.6 prints in its timeout warnings (see above) */
#define EVH_LOGGED_RUNTIME 0.0

/* one command to start */
struct evh_cmd {
	enum nrun_kind kind;
	const char *ref;               /* "name!arg1!arg2" */
	const struct obj_command *cmd; /* what name resolved to */
	int timeout;                   /* seconds */
	const char *head;              /* "SERVICE EVENT HANDLER"; NULL: no log line */
};

/* what the done callback needs: it outlives the call and the generation */
struct evh_job {
	enum nrun_kind kind;
	void (*log)(void *arg, time_t t, const char *line);
	void *log_arg;
	char *cmdline; /* expanded, as the warning prints it */
	char *host;    /* OCSP and OCHP name their object */
	char *svc;
};

static void
evh_job_free(struct evh_job *j)
{
	free(j->cmdline);
	free(j->host);
	free(j->svc);
	free(j);
}

/* the name workers.c gives a handler in its timeout warning */
static const char *
evh_handler_name(enum nrun_kind kind)
{
	switch (kind) {
	case NRUN_GLOBAL_HOST_HANDLER:
		return "Global host event handler";
	case NRUN_GLOBAL_SERVICE_HANDLER:
		return "Global service event handler";
	case NRUN_HOST_HANDLER:
		return "Host event handler";
	default:
		return "Service event handler";
	}
}

static char *
evh_timeout_line(const struct evh_job *j)
{
	switch (j->kind) {
	case NRUN_OCSP:
		return xasprintf("Warning: OCSP command '%s' for service '%s' on host '%s' "
		    "timed out after %.2f seconds",
		    j->cmdline, j->svc, j->host, EVH_LOGGED_RUNTIME);
	case NRUN_OCHP:
		return xasprintf("Warning: OCHP command '%s' for host '%s' timed out after %.2f "
		    "seconds", j->cmdline, j->host, EVH_LOGGED_RUNTIME);
	default:
		return xasprintf("Warning: %s command '%s' timed out after %.2f seconds",
		    evh_handler_name(j->kind), j->cmdline, EVH_LOGGED_RUNTIME);
	}
}

/* nrun's done callback: the warning on a timeout, then the record goes */
static void
evh_done(void *arg, const struct nrun_result *r)
{
	struct evh_job *j = arg;
	char *line;

	if (r != NULL && r->status == 1 && j->log != NULL) {
		line = evh_timeout_line(j);
		j->log(j->log_arg, time(NULL), line);
		free(line);
	}
	evh_job_free(j);
}

/* the command a "name!args" reference names, or NULL (none, or unknown) */
static const struct obj_command *
evh_resolve(const struct objects *objs, const char *ref)
{
	const struct obj_command *cmd;
	char *name;

	if (ref == NULL || *ref == '\0')
		return NULL;
	name = xstrndup(ref, strcspn(ref, "!"));
	cmd = objects_find_command(objs, name);
	free(name);
	return cmd;
}

/* the EVENT HANDLER line as Nagios writes it, before macro expansion */
static char *
evh_log_template(const struct macro_ctx *ctx, const struct evh_cmd *c)
{
	if (ctx->svc != NULL)
		return xasprintf("%s: %s;%s;$SERVICESTATE$;$SERVICESTATETYPE$;$SERVICEATTEMPT$;%s",
		    c->head, ctx->svc->host->name, ctx->svc->description, c->ref);
	return xasprintf("%s: %s;$HOSTSTATE$;$HOSTSTATETYPE$;$HOSTATTEMPT$;%s", c->head,
	    ctx->host->name, c->ref);
}

/*
 * Whether nr's remote hooks take handler c, expanded to cmdline (and if
 * so hand it over), as a broker module's NEBERROR_CALLBACKOVERRIDE does:
 * Nagios brokers the handler after its log line, and runs nothing when
 * the module overrides.
 */
static int
evh_remote(const struct nrun *nr, const struct macro_ctx *ctx, const struct evh_cmd *c,
    const char *cmdline)
{
	struct nrun_remote job;

	if (nr->remote_takes == NULL || !nr->remote_takes(nr->arg, c->kind, ctx->host, ctx->svc))
		return 0;
	memset(&job, 0, sizeof(job));
	job.kind = c->kind;
	job.host = ctx->host;
	job.svc = ctx->svc;
	job.cmdline = cmdline;
	job.timeout = (double)c->timeout;
	nr->remote(nr->arg, &job);
	return 1;
}

/*
 * Expand c under ctx (its object set), log it when it has a line and
 * log_event_handlers is on, and hand it to nr.  Returns 1 when nr took
 * it, 0 when run refused it.
 */
static int
evh_start(const struct nrun *nr, struct macro_ctx *ctx, const struct evh_cmd *c, time_t now)
{
	struct evh_job *j;
	char *store, *cmdline, *tmpl, *line;
	char **env;
	int rc;

	macro_split_args(ctx, c->ref, &store);
	cmdline = macro_expand(ctx, c->cmd->line);
	if (c->head != NULL && ctx->cfg->log_event_handlers && nr->log != NULL) {
		tmpl = evh_log_template(ctx, c);
		line = macro_expand(ctx, tmpl);
		nr->log(nr->arg, now, line);
		free(line);
		free(tmpl);
	}
	if (c->head != NULL && evh_remote(nr, ctx, c, cmdline)) {
		free(cmdline);
		free(store);
		memset(ctx->args, 0, sizeof(ctx->args));
		ctx->nargs = 0;
		return 1;
	}
	env = macro_environment(ctx);

	j = xcalloc(1, sizeof(*j));
	j->kind = c->kind;
	j->log = nr->log;
	j->log_arg = nr->arg;
	j->cmdline = cmdline;
	if (c->kind == NRUN_OCSP || c->kind == NRUN_OCHP) {
		j->host = xstrdup(ctx->host->name);
		if (ctx->svc != NULL)
			j->svc = xstrdup(ctx->svc->description);
	}
	rc = nr->run(nr->arg, c->kind, cmdline, env, (double)c->timeout, evh_done, j);
	free(env);
	free(store);
	memset(ctx->args, 0, sizeof(ctx->args));
	ctx->nargs = 0;
	if (rc < 0) {
		evh_job_free(j);
		return 0;
	}
	return 1;
}

/* the global handler in force: the run-time override, else the configured one */
static const char *
evh_global_ref(const char *configured, const char *override)
{
	return override != NULL ? override : configured;
}

/*
 * handle_*_event after the switches: the global handler when it resolves,
 * then the object's own.  is_host: ctx is a host's (else a service's).
 */
static int
evh_handlers(const struct nrun *nr, struct macro_ctx *ctx, const char *global_ref,
    const struct obj_cmdref *own, int is_host, time_t now)
{
	struct evh_cmd c;
	int n = 0;

	memset(&c, 0, sizeof(c));
	c.timeout = ctx->cfg->event_handler_timeout;
	if ((c.cmd = evh_resolve(ctx->objs, global_ref)) != NULL) {
		c.kind = is_host ? NRUN_GLOBAL_HOST_HANDLER : NRUN_GLOBAL_SERVICE_HANDLER;
		c.head = is_host ? "GLOBAL HOST EVENT HANDLER" : "GLOBAL SERVICE EVENT HANDLER";
		c.ref = global_ref;
		n += evh_start(nr, ctx, &c, now);
	}
	if (own->raw != NULL && own->cmd != NULL) {
		c.kind = is_host ? NRUN_HOST_HANDLER : NRUN_SERVICE_HANDLER;
		c.head = is_host ? "HOST EVENT HANDLER" : "SERVICE EVENT HANDLER";
		c.ref = own->raw;
		c.cmd = own->cmd;
		n += evh_start(nr, ctx, &c, now);
	}
	return n;
}

int
evh_service(const struct nrun *nr, const struct macro_ctx *base,
    const struct prog_state *prog, const struct obj_service *s, time_t now)
{
	struct macro_ctx ctx;

	if (!base->cfg->enable_event_handlers || !base->sstates[s->id].c.event_handler_enabled)
		return 0;
	ctx = *base;
	ctx.host = s->host;
	ctx.svc = s;
	ctx.contact = NULL;
	ctx.notif = NULL;
	return evh_handlers(nr, &ctx,
	    evh_global_ref(base->cfg->global_service_event_handler,
		prog != NULL ? prog->global_service_event_handler : NULL),
	    &s->cfg->event_handler, 0, now);
}

int
evh_host(const struct nrun *nr, const struct macro_ctx *base, const struct prog_state *prog,
    const struct obj_host *h, time_t now)
{
	struct macro_ctx ctx;

	if (!base->cfg->enable_event_handlers || !base->hstates[h->id].c.event_handler_enabled)
		return 0;
	ctx = *base;
	ctx.host = h;
	ctx.svc = NULL;
	ctx.contact = NULL;
	ctx.notif = NULL;
	return evh_handlers(nr, &ctx,
	    evh_global_ref(base->cfg->global_host_event_handler,
		prog != NULL ? prog->global_host_event_handler : NULL),
	    &h->cfg->event_handler, 1, now);
}

int
evh_ocsp(const struct nrun *nr, const struct macro_ctx *base, const struct obj_service *s)
{
	struct macro_ctx ctx;
	struct evh_cmd c;

	if (!base->cfg->obsess_over_services || !base->sstates[s->id].c.obsess)
		return 0;
	memset(&c, 0, sizeof(c));
	if ((c.cmd = evh_resolve(base->objs, base->cfg->ocsp_command)) == NULL)
		return 0;
	c.kind = NRUN_OCSP;
	c.ref = base->cfg->ocsp_command;
	c.timeout = base->cfg->ocsp_timeout;
	ctx = *base;
	ctx.host = s->host;
	ctx.svc = s;
	ctx.contact = NULL;
	ctx.notif = NULL;
	return evh_start(nr, &ctx, &c, 0);
}

int
evh_ochp(const struct nrun *nr, const struct macro_ctx *base, const struct obj_host *h)
{
	struct macro_ctx ctx;
	struct evh_cmd c;

	if (!base->cfg->obsess_over_hosts || !base->hstates[h->id].c.obsess)
		return 0;
	memset(&c, 0, sizeof(c));
	if ((c.cmd = evh_resolve(base->objs, base->cfg->ochp_command)) == NULL)
		return 0;
	c.kind = NRUN_OCHP;
	c.ref = base->cfg->ochp_command;
	c.timeout = base->cfg->ochp_timeout;
	ctx = *base;
	ctx.host = h;
	ctx.svc = NULL;
	ctx.contact = NULL;
	ctx.notif = NULL;
	return evh_start(nr, &ctx, &c, 0);
}

/*
 * gmwrun: running one mod_gearman job for jaque's gearman worker (the
 * contract is in gmwrun.h).
 *
 * A run is a small struct that lives from gmwrun_start to its done call:
 * it holds the job's times, the shim or pool job in flight, and an
 * ev_timer used to hand over outcomes known at once (a job too old, a
 * command nobody could start) on the loop's next pass.  The return codes
 * and texts themselves are compat/gearman/mgjob_work.c's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmwrun.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <ev.h>

#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgjob.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"
#include "plugins-shim/shim.h"

#define GMW_STATE_UNKNOWN 3
/* jaque's spawn reports a failed exec on stderr with this start, and the
 * errno as exit code (engine/worker/spawn.h) */
#define GMW_EXEC_FAILED "execvp("

struct gmw_run {
	const struct gmwrun_env *env;
	const struct mgjob_job *job;
	gmwrun_done_fn *done;
	void *arg;
	int timeout;                 /* seconds */
	int direct;                  /* exec'd without a shell */
	struct timeval start;
	struct shim_check *sc;
	ev_timer now;                /* outcomes known at once */
	int rc;                      /* for `now` */
	char *output;                /* for `now` */
};

static const char *
gmw_what(const struct mgjob_job *j)
{
	return j->service_description != NULL ? j->service_description : "(host)";
}

/*
 * The result text of a check, NULL when nothing goes back; takes output.
 * no_source: the worker sends its timeout result, and those of a job too
 * old or a fork that failed, before it names its source: "(null)" then.
 */
static char *
gmw_result(struct gmw_run *r, int rc, char *output, const char *error, int no_source,
    struct timeval finish)
{
	const struct mgjob_job *j = r->job;
	const struct mgcfg *cfg = r->env->cfg;
	struct mgjob_reply rep;
	char *source = NULL, *text;

	if (!mgjob_job_is_check(j)) {
		if (rc != 0)
			log_warnx("gearman worker: %s %s exited with return code %d (cmd: %s, output: "
			    "%s)", j->service_description != NULL ? "service" : "host", j->type, rc,
			    j->command_line, output);
		free(output);
		return NULL;
	}
	if (j->result_queue == NULL || (rc == 25 && cfg->workaround_rc_25)) {
		free(output);
		return NULL;
	}
	memset(&rep, 0, sizeof(rep));
	rep.host_name = j->host_name;
	rep.service_description = j->service_description;
	rep.core_start_time = j->next_check;
	rep.start_time = r->start;
	rep.finish_time = finish;
	rep.return_code = rc;
	rep.exited_ok = 1;
	if (!no_source)
		rep.source = source = mgjob_worker_source(cfg->identifier);
	rep.output = output;
	if (cfg->show_error_output)
		rep.error = error;
	text = mgjob_result_text(&rep);
	free(source);
	free(output);
	return text;
}

static void
gmw_finish(struct gmw_run *r, char *result)
{
	gmwrun_done_fn *done = r->done;
	void *arg = r->arg;

	shim_check_free(r->sc);
	free(r->output);
	free(r);
	done(arg, result);
}

static void
gmw_timed_out(struct gmw_run *r, struct timeval finish)
{
	log_info("gearman worker: timeout (%ds) hit for %s: %s - %s", r->timeout, r->job->type,
	    r->job->host_name != NULL ? r->job->host_name : "", gmw_what(r->job));
	gmw_finish(r, gmw_result(r, r->env->cfg->timeout_return,
	    mgjob_timeout_output(r->job, r->env->cfg->identifier, 1), NULL, 1, finish));
}

/* a plugin that ended (exit code as mod_gearman's real_exit_code) */
static void
gmw_ended(struct gmw_run *r, int code, const char *out, const char *err, struct timeval finish)
{
	const struct mgcfg *cfg = r->env->cfg;
	char *eout = mgjob_escape_output(out, 0), *eerr = mgjob_escape_output(err, 1);
	char *output;
	int rc;

	output = mgjob_exit_output(code, eout, cfg->identifier, cfg->workaround_rc_25, &rc);
	if (mgjob_timed_out(r->timeout, r->start, finish)) {
		/* ended, but later than the timeout in whole seconds: the worker's
		 * own verdict, its stderr still appended */
		free(output);
		output = mgjob_timeout_output(r->job, cfg->identifier, 0);
		rc = cfg->timeout_return;
	}
	gmw_finish(r, gmw_result(r, rc, output, eerr, 0, finish));
	free(eout);
	free(eerr);
}

static void
gmw_pool_done(void *arg, const struct wresult *w)
{
	struct gmw_run *r = arg;
	const char *err = w->err != NULL ? w->err : "";
	int code;

	switch (w->status) {
	case WRES_TIMEOUT:
		gmw_timed_out(r, w->finish);
		return;
	case WRES_EXITED:
		code = mgjob_real_exit(w->wait_status);
		if (r->direct && WIFEXITED(w->wait_status) &&
		    strncmp(err, GMW_EXEC_FAILED, strlen(GMW_EXEC_FAILED)) == 0) {
			/* the worker's child exits 127 for a plugin not found, 126 for
			 * one it may not run, 3 for the rest, and says nothing */
			code = code == ENOENT ? 127 : code == EACCES ? 126 : GMW_STATE_UNKNOWN;
			err = "";
		}
		gmw_ended(r, code, w->out != NULL ? w->out : "", err, w->finish);
		return;
	default:
		log_warnx("gearman worker: %s for %s: %s", wres_status_str(w->status),
		    r->job->host_name != NULL ? r->job->host_name : "", r->job->command_line);
		gmw_finish(r, gmw_result(r, GMW_STATE_UNKNOWN, xstrdup("(Error On Fork)"), NULL, 1,
		    w->finish));
		return;
	}
}

static void
gmw_shim_done(void *arg, const struct shim_result *s)
{
	struct gmw_run *r = arg;
	struct timeval finish;
	char *out;

	gettimeofday(&finish, NULL);
	if (s->rc < 0) {
		gmw_timed_out(r, finish);
		return;
	}
	out = xstrndup(s->out != NULL ? s->out : "", s->outlen);
	gmw_ended(r, s->rc, out, "", finish);
	free(out);
}

static void
gmw_now_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct gmw_run *r = t->data;
	struct timeval finish;
	char *output = r->output;

	(void)loop;
	(void)revents;
	r->output = NULL;
	gettimeofday(&finish, NULL);
	gmw_finish(r, gmw_result(r, r->rc, output, NULL, 1, finish));
}

/* hand rc and output over on the loop's next pass; takes output */
static void
gmw_later(struct gmw_run *r, int rc, char *output)
{
	r->rc = rc;
	r->output = output;
	ev_timer_init(&r->now, gmw_now_cb, 0., 0.);
	r->now.data = r;
	ev_timer_start(r->env->loop, &r->now);
}

/* the environment of a notification: the outputs, as the worker sets them */
static char **
gmw_notify_env(const struct mgjob_job *j)
{
	const char *what = j->service_description != NULL ? "SERVICE" : "HOST";
	char **env = xcalloc(3, sizeof(char *));
	size_t n = 0;

	if (j->type == NULL || strcmp(j->type, "notification") != 0 || j->plugin_output == NULL)
		return env;
	env[n++] = xasprintf("NAGIOS_%sOUTPUT=%s", what, j->plugin_output);
	/* the worker puts the first line here too, not the long output */
	if (j->long_plugin_output != NULL)
		env[n++] = xasprintf("NAGIOS_LONG%sOUTPUT=%s", what, j->plugin_output);
	return env;
}

static int
gmw_submit(struct gmw_run *r, char **argv)
{
	char **env = gmw_notify_env(r->job);
	/* the worker starts its shell as "sh" (found in PATH), and the shell
	 * names itself so in its messages: "sh: 1: x: not found" */
	const char *shell[] = { "sh", "-c", r->job->command_line, NULL };
	struct wjob wj;
	int rc;
	size_t i;

	memset(&wj, 0, sizeof(wj));
	wj.argv = argv != NULL ? (const char *const *)argv : shell;
	wj.shell_line = r->job->command_line;
	wj.env = (const char *const *)env;
	wj.timeout = r->timeout;
	rc = wpool_submit(r->env->pool, &wj, gmw_pool_done, r);
	for (i = 0; env[i] != NULL; i++)
		free(env[i]);
	free(env);
	return rc;
}

int
gmwrun_start(const struct gmwrun_env *e, const struct mgjob_job *job,
    gmwrun_done_fn *done, void *arg)
{
	struct gmw_run *r;
	char **argv;
	int argc = 0;

	if (job->type == NULL || job->command_line == NULL) {
		log_warnx("gearman worker: discarded invalid job, no %s given",
		    job->type == NULL ? "type" : "command line");
		return -1;
	}
	r = xcalloc(1, sizeof(*r));
	r->env = e;
	r->job = job;
	r->done = done;
	r->arg = arg;
	r->timeout = job->timeout > 0 ? job->timeout : e->cfg->job_timeout;
	gettimeofday(&r->start, NULL);
	log_debug("gearman worker: %s job: %s - %s", job->type,
	    job->host_name != NULL ? job->host_name : "", gmw_what(job));
	if (e->cfg->max_age > 0 && r->start.tv_sec - job->core_time.tv_sec > e->cfg->max_age) {
		log_info("gearman worker: discarded too old %s job: %ld > %d", job->type,
		    (long)(r->start.tv_sec - job->core_time.tv_sec), e->cfg->max_age);
		gmw_later(r, GMW_STATE_UNKNOWN, xstrdup(MGJOB_TOO_OLD_OUTPUT));
		return 0;
	}
	argv = mgjob_exec_argv(job->command_line);
	r->direct = argv != NULL;
	while (argv != NULL && argv[argc] != NULL)
		argc++;
	if (argc > 0)
		r->sc = shim_find(argc, argv, NULL);
	if (r->sc != NULL && shim_start(e->loop, r->sc, r->timeout, gmw_shim_done, r) != NULL) {
		log_debug("gearman worker: %s runs in-process", shim_check_name(r->sc));
		free(argv);
		return 0;
	}
	if (argc == 0 && argv != NULL) {
		free(argv);
		argv = NULL;
	}
	if (gmw_submit(r, argv) < 0)
		gmw_later(r, GMW_STATE_UNKNOWN, xstrdup("(Error On Fork)"));
	free(argv);
	return 0;
}

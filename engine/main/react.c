/*
 * react: what the daemon does about a result or an edge besides logging
 * it: notifications (engine/notify/notify.h), later event handlers,
 * OCSP/OCHP and performance data; and the struct nrun through which those
 * run their commands on the worker pool (or gearmand, gmsend.h) and
 * write to nagios.log.
 *
 * The checker calls the daemon's hooks per result in Nagios's order
 * (STATE, flapping, NOTIFY, ALERT, RESULT); the daemon hands each step
 * here.  A notification made by a result sees the state type and attempt
 * the ALERT line shows (Nagios notifies before it turns a hard recovery
 * into HARD attempt 1), so the state is patched for the call and put back.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "compat/config/config.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/check/depend.h"
#include "engine/check/flapping.h"
#include "engine/check/statemachine.h"
#include "engine/main/daemon_int.h"
#include "engine/main/gmsend.h"
#include "engine/notify/downtime.h"
#include "engine/notify/evhandler.h"
#include "engine/notify/perfdata.h"
#include "engine/notify/notify.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/time/macros.h"
#include "engine/worker/cmdsplit.h"
#include "engine/worker/pool.h"
#include "engine/util/xalloc.h"

/* ---- running commands ---- */

struct rx_job {
	nrun_done_fn *done;
	void *arg;
};

static void
rx_job_done(void *arg, const struct wresult *wr)
{
	struct rx_job *rj = arg;
	struct nrun_result r;

	memset(&r, 0, sizeof(r));
	r.out = wr->out != NULL ? wr->out : "";
	switch (wr->status) {
	case WRES_EXITED:
		if (WIFEXITED(wr->wait_status)) {
			r.exit_code = WEXITSTATUS(wr->wait_status);
		} else {
			r.status = -1;
		}
		break;
	case WRES_TIMEOUT:
		r.status = 1;
		break;
	default:
		r.status = -1;
		break;
	}
	if (rj->done != NULL)
		rj->done(rj->arg, &r);
	free(rj);
}

static int
rx_run(void *arg, enum nrun_kind kind, const char *cmdline, char *const *env, double timeout,
    nrun_done_fn *done, void *done_arg)
{
	struct jaque *j = arg;
	struct wjob job;
	struct rx_job *rj;
	char **argv = NULL;
	int split;

	(void)kind;
	if (j->pool == NULL)
		return -1;
	split = cmdsplit(cmdline, &argv);
	if (split < 0)
		return -1;
	memset(&job, 0, sizeof(job));
	job.argv = split == 0 ? (const char *const *)argv : NULL;
	job.shell_line = cmdline;
	job.env = (const char *const *)env;
	job.timeout = timeout;
	rj = xcalloc(1, sizeof(*rj));
	rj->done = done;
	rj->arg = done_arg;
	if (wpool_submit(j->pool, &job, rx_job_done, rj) < 0) {
		free(rj);
		free(argv);
		return -1;
	}
	free(argv);
	return 0;
}

static void
rx_log(void *arg, time_t t, const char *line)
{
	struct jaque *j = arg;

	nlog_printf(j->log, t, "%s", line);
}

/* mod_gearman's options may send a handler or notification to gearmand */
static int
rx_remote_takes(void *arg, enum nrun_kind kind, const struct obj_host *h,
    const struct obj_service *s)
{
	return gmsend_takes(arg, kind, h, s);
}

static void
rx_remote(void *arg, const struct nrun_remote *job)
{
	gmsend_remote(arg, job);
}

/* ---- the notification environment ---- */

static int
rx_pending_flex(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	struct jaque *j = arg;

	return downtimes_pending_flex(j->downtimes, h->name, s != NULL ? s->description : NULL,
	    now);
}

static int
rx_dep_failed(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	struct jaque *j = arg;

	return depend_notification_failed(checker_depend(j->chk), h, s, checker_host_states(j->chk),
	    checker_svc_states(j->chk), &j->gen->cfg, now);
}

static void
rx_base(struct jaque *j, struct macro_ctx *base, time_t now)
{
	memset(base, 0, sizeof(*base));
	base->cfg = &j->gen->cfg;
	base->objs = j->gen->objs;
	base->hstates = checker_host_states(j->chk);
	base->sstates = checker_svc_states(j->chk);
	base->cstates = j->contacts;
	base->globals = checker_globals(j->chk);
	base->now = now;
}

static void
rx_env(struct jaque *j, struct notify_env *env, struct macro_ctx *base, time_t now)
{
	rx_base(j, base, now);
	memset(env, 0, sizeof(*env));
	env->base = base;
	env->cstates = j->contacts;
	env->next_notification_id = &j->prog.next_notification_id;
	env->program_start = j->program_start;
	env->arg = j;
	env->pending_flex = rx_pending_flex;
	env->dep_failed = rx_dep_failed;
}

void
react_init(struct jaque *j)
{
	j->nrun.arg = j;
	j->nrun.run = rx_run;
	j->nrun.log = rx_log;
	j->nrun.remote_takes = rx_remote_takes;
	j->nrun.remote = rx_remote;
}

void
react_gen(struct jaque *j)
{
	notifier_free(j->notifier);
	j->notifier = notifier_new(j->gen->objs, &j->nrun);
	/* Nagios closes the perfdata files at a restart and opens them again */
	perfdata_free(j->perfdata);
	j->perfdata = perfdata_new(&j->gen->cfg, j->gen->objs, &j->nrun, time(NULL));
}

void
react_free(struct jaque *j)
{
	notifier_free(j->notifier);
	j->notifier = NULL;
	perfdata_free(j->perfdata);
	j->perfdata = NULL;
}

void
react_tick(struct jaque *j, time_t now)
{
	struct macro_ctx base;

	if (j->perfdata == NULL)
		return;
	rx_base(j, &base, now);
	perfdata_tick(j->perfdata, &base, now);
}

int
react_notify(struct jaque *j, const struct obj_host *h, const struct obj_service *s, int type,
    const char *author, const char *comment, unsigned options, time_t now)
{
	struct notify_env env;
	struct macro_ctx base;

	if (j->replaying || j->notifier == NULL)
		return -1;
	rx_env(j, &env, &base, now);
	if (s != NULL)
		return notify_service(j->notifier, &env, s, &checker_svc_states(j->chk)[s->id],
		    (enum notify_type)type, author, comment, options, now);
	return notify_host(j->notifier, &env, h, &checker_host_states(j->chk)[h->id],
	    (enum notify_type)type, author, comment, options, now);
}

/* ---- the steps of a result ---- */

static struct state_common *
rx_state(struct jaque *j, const struct obj_host *h, const struct obj_service *s)
{
	return s != NULL ? &checker_svc_states(j->chk)[s->id].c
	                 : &checker_host_states(j->chk)[h->id].c;
}

void
react_state(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now)
{
	/* a service result with its host not UP: Nagios notifies about the host */
	if (s != NULL && (out->flags & SM_NOTIFY_HOST))
		react_notify(j, h, NULL, NOTIFY_NORMAL, NULL, NULL, 0, now);
}

void
react_result_notify(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now)
{
	struct state_common *c = rx_state(j, h, s);
	struct sm_view saved;

	j->notified_now = 0;
	/* the notification and OCSP/OCHP see the state before a hard
	 * recovery is finished */
	sm_alert_view(c, out, &saved);
	if (out->flags & SM_NOTIFY)
		j->notified_now = react_notify(j, h, s, NOTIFY_NORMAL, NULL, NULL, 0, now) == 0;
	if (out->flags & SM_CLEAR_NOTIFIED) {
		c->current_notification_number = 0;
		c->notified_on = 0;
	}
	/* the obsessive compulsive processors see every result (evh_* check
	 * the switches) */
	if (!j->replaying) {
		struct macro_ctx base;

		rx_base(j, &base, now);
		if (s != NULL)
			evh_ocsp(&j->nrun, &base, s);
		else
			evh_ochp(&j->nrun, &base, h);
	}
	sm_finished_view(c, &saved);
}

void
react_result(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now)
{
	struct state_common *c = rx_state(j, h, s);
	struct sm_view saved;
	struct macro_ctx base;

	if (j->replaying)
		return;
	rx_base(j, &base, now);
	if (out->flags & SM_RUN_HANDLER) {
		/* the handlers see what the ALERT line shows */
		sm_alert_view(c, out, &saved);
		if (s != NULL)
			evh_service(&j->nrun, &base, &j->prog, s, now);
		else
			evh_host(&j->nrun, &base, &j->prog, h, now);
		sm_finished_view(c, &saved);
	}
	/* update_*_performance_data comes last, with the state finished */
	if (j->perfdata != NULL) {
		if (s != NULL)
			perfdata_service(j->perfdata, &base, s, now);
		else
			perfdata_host(j->perfdata, &base, h, now);
	}
	/* and mod_gearman's perfdata jobs, when its options ask for them */
	(void)gmsend_perfdata(j, &base, h, s, now);
}

void
react_flap_ended(struct jaque *j, const struct obj_host *h, const struct obj_service *s, int type,
    time_t now)
{
	struct state_common *c = rx_state(j, h, s);

	react_notify(j, h, s, type, NULL, NULL, 0, now);
	if (c->check_flapping_recovery_notification && c->current_state == 0)
		react_notify(j, h, s, NOTIFY_NORMAL, NULL, NULL, 0, now);
	c->check_flapping_recovery_notification = 0;
}

void
react_flapping(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo, time_t now)
{
	struct state_common *c = rx_state(j, h, s);

	switch (fo->edge) {
	case FLAP_EDGE_STARTED:
		/* a recovery notification is owed when flapping ends, if a
		 * problem was notified (set_*_flap) */
		c->check_flapping_recovery_notification =
		    c->current_state != 0 && c->current_notification_number > 0;
		if (!fo->quiet)
			react_notify(j, h, s, NOTIFY_FLAPPINGSTART, NULL, NULL, 0, now);
		break;
	case FLAP_EDGE_STOPPED:
		react_flap_ended(j, h, s, NOTIFY_FLAPPINGSTOP, now);
		break;
	case FLAP_EDGE_DISABLED:
		/* stopped by a result while detection is off: nobody is told */
		c->check_flapping_recovery_notification = 0;
		break;
	default:
		break;
	}
}

void
react_downtime(struct jaque *j, int ev, const struct downtime *d, time_t now)
{
	const struct objects *o = j->gen->objs;
	const struct obj_host *h = objects_find_host(o, d->host);
	const struct obj_service *s = NULL;
	struct state_common *c;

	if (h == NULL)
		return;
	if (d->svc != NULL && (s = objects_find_service(o, d->host, d->svc)) == NULL)
		return;
	c = rx_state(j, h, s);
	switch (ev) {
	case DOWNTIME_EV_STARTED:
		/* once per downtime (handle_scheduled_downtime): one started again
		 * after a restart or a reload had its notification already */
		if (d->start_notification_sent)
			break;
		/* Nagios notifies before it counts the downtime in */
		c->scheduled_downtime_depth--;
		react_notify(j, h, s, NOTIFY_DOWNTIMESTART, d->author, d->comment, 0, now);
		c->scheduled_downtime_depth++;
		break;
	case DOWNTIME_EV_STOPPED:
	case DOWNTIME_EV_EXPIRED:
		react_notify(j, h, s, NOTIFY_DOWNTIMEEND, d->author, d->comment, 0, now);
		break;
	case DOWNTIME_EV_CANCELLED:
		react_notify(j, h, s, NOTIFY_DOWNTIMECANCELLED, NULL, NULL, 0, now);
		break;
	default:
		break;
	}
}

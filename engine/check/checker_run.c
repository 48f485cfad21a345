/*
 * checker_run: running one check and taking its result (see checker.h).
 *
 * A run starts with the command line: the object's check_command is split
 * into command and $ARGn$, the command's line is macro-expanded, and
 * split into argv unless it needs the shell.  An argv is first offered to
 * the builtin hook (the shims); what it declines goes to the worker pool.
 * Every end of a run, whatever its path (worker result, timeout, exec
 * failure, a dying worker, a shim), comes through chk_finish, which turns
 * it into a check result, runs the state machine and flap detection,
 * tells the hooks and reschedules.  At a reload a run moves to the new
 * generation when its object is still there (chk_move_run), and its
 * result is taken there; a run of a stopped checker (an object a reload
 * removed, a check the run_remote hook had when its link did not stay,
 * shutdown) is detached from its object: its result is dropped when it
 * comes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ev.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "compat/config/maincfg.h"
#include "engine/check/checker_int.h"
#include "engine/check/flapping.h"
#include "engine/util/checkstats.h"
#include "engine/check/statemachine.h"
#include "engine/objects/objects.h"
#include "engine/sched/drift.h"
#include "engine/time/timeperiod.h"
#include "engine/check/depend.h"
#include "engine/worker/cmdsplit.h"
#include "engine/worker/pool.h"
#include "engine/util/xalloc.h"

static void
chk_link(struct checker *c, struct checker_run *r)
{
	r->next = c->runs;
	r->prev = NULL;
	if (c->runs != NULL)
		c->runs->prev = r;
	c->runs = r;
	c->inflight++;
}

static void
chk_unlink(struct checker *c, struct checker_run *r)
{
	if (r->prev != NULL)
		r->prev->next = r->next;
	else
		c->runs = r->next;
	if (r->next != NULL)
		r->next->prev = r->prev;
	c->inflight--;
}

static void
chk_macro_ctx(struct checker *c, const struct chk_ent *e, struct macro_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->cfg = c->cfg;
	ctx->objs = c->objs;
	ctx->hstates = c->hs;
	ctx->sstates = c->ss;
	ctx->globals = &c->globals;
	if (e->is_host) {
		ctx->host = &c->objs->hosts[e->id];
	} else {
		ctx->svc = &c->objs->services[e->id];
		ctx->host = ctx->svc->host;
	}
	ctx->now = (time_t)ev_now(c->loop);
}

static void chk_finish(struct checker_run *r, enum check_origin origin, int wait_status,
    const char *out, size_t outlen, const char *err, size_t errlen,
    const struct timeval *start, const struct timeval *finish);

static void
chk_pool_done(void *arg, const struct wresult *wr)
{
	struct checker_run *r = arg;
	enum check_origin origin = CHECK_EXITED;
	int wait_status = wr->wait_status;
	char text[256];
	const char *err = wr->err;
	size_t errlen = wr->errlen;

	switch (wr->status) {
	case WRES_EXITED:
		break;
	case WRES_TIMEOUT:
		origin = CHECK_TIMED_OUT;
		break;
	case WRES_EXEC_FAILED:
		/* result.h: the errno travels as the wait status, as Nagios's child
		 * _exit()s with it */
		origin = CHECK_NOT_STARTED;
		wait_status = wr->err_no;
		if (errlen == 0) {
			snprintf(text, sizeof(text), "could not run the command: %s",
			    strerror(wr->err_no));
			err = text;
			errlen = strlen(text);
		}
		break;
	default:
		origin = CHECK_LOST;
		break;
	}
	chk_finish(r, origin, wait_status, wr->out, wr->outlen, err, errlen, &wr->start,
	    &wr->finish);
}

/*
 * The worker running r was stuck and has been killed with its plugin: the
 * check's concurrency slots are free for others now, though its result (a
 * timeout) comes only at its timeout, as Nagios's would.
 */
static void
chk_pool_stalled(void *arg)
{
	struct checker_run *r = arg;

	if (r->e == NULL || r->released)
		return;
	r->released = 1;
	runq_done(r->c->runq, r->key);
	chk_dispatch(r->c);
}

void
checker_builtin_done(struct checker_run *r, int rc, const char *out, size_t outlen)
{
	struct timeval now;

	gettimeofday(&now, NULL);
	if (rc < 0)
		chk_finish(r, CHECK_TIMED_OUT, 0, NULL, 0, NULL, 0, &r->tv_start, &now);
	else
		chk_finish(r, CHECK_EXITED, (rc & 0xff) << 8, out, outlen, NULL, 0, &r->tv_start,
		    &now);
}

void
checker_remote_done(struct checker_run *r, int rc, int timed_out, const char *out,
    size_t outlen, const struct timeval *start, const struct timeval *finish)
{
	if (timed_out)
		chk_finish(r, CHECK_TIMED_OUT, 0, NULL, 0, NULL, 0, start, finish);
	else
		chk_finish(r, CHECK_EXITED, (rc & 0xff) << 8, out, outlen, NULL, 0, start, finish);
}

unsigned
checker_run_options(const struct checker_run *r)
{
	return r->e != NULL ? (unsigned)chk_state(r->c, r->e)->check_options : 0;
}

double
checker_run_latency(const struct checker_run *r)
{
	return r->latency;
}

void
checker_run_set_tag(struct checker_run *r, unsigned long tag)
{
	r->tag = tag;
}

unsigned long
checker_run_tag(const struct checker_run *r)
{
	return r->tag;
}

int
checker_run_object(const struct checker_run *r, const struct obj_host **h,
    const struct obj_service **s)
{
	if (r->e == NULL)
		return -1;
	if (r->e->is_host) {
		*h = &r->c->objs->hosts[r->e->id];
		*s = NULL;
	} else {
		*s = &r->c->objs->services[r->e->id];
		*h = (*s)->host;
	}
	return 0;
}

static int
chk_argc(char **argv)
{
	int n = 0;

	while (argv[n] != NULL)
		n++;
	return n;
}

void
chk_run(struct checker *c, struct chk_ent *e, double now)
{
	const struct obj_cmdref *ref = e->is_host ? &c->objs->hosts[e->id].check_command
	                                          : &c->objs->services[e->id].check_command;
	struct state_common *st = chk_state(c, e);
	struct checker_run *r = xcalloc(1, sizeof(*r));
	struct macro_ctx ctx;
	struct wjob job;
	char *store = NULL, *line, **argv = NULL, **env;
	double drift;
	int split;

	r->c = c;
	r->e = e;
	r->start = now;
	r->key = c->hkey[e->is_host ? e->id : c->objs->services[e->id].host->id];
	r->timeout = e->is_host ? c->cfg->host_check_timeout : c->cfg->service_check_timeout;
	if (r->timeout <= 0)
		r->timeout = 60;
	gettimeofday(&r->tv_start, NULL);
	chk_link(c, r);
	e->running = 1;
	e->run = r;
	st->is_executing = 1;
	drift = chk_mono() - e->due_mono;
	if (drift < 0)
		drift = 0;
	r->latency = drift;
	/* the next check counts from the tick this one started in, as
	 * Nagios's counts from the start: a late start (an overload) moves
	 * the schedule on, so the lag settles instead of growing */
	r->start_tick = e->due_tick + (uint64_t)floor(drift * c->tps);
	if (drift > c->lag_max)
		c->lag_max = drift;
	drift_add(c->drift, (uint64_t)llround(drift * 1e6));
	st->latency = drift;
	c->st.checks_started++;

	chk_macro_ctx(c, e, &ctx);
	macro_split_args(&ctx, ref->raw != NULL ? ref->raw : "", &store);
	line = macro_expand(&ctx, ref->cmd->line);
	if (c->hooks.run_remote != NULL) {
		const struct obj_service *svc = e->is_host ? NULL : &c->objs->services[e->id];
		const struct obj_host *h = e->is_host ? &c->objs->hosts[e->id] : svc->host;

		/* as with the builtin hook, r is not touched once the hook took it */
		r->remote = 1;
		if (c->hooks.run_remote(c->hooks.arg, r, h, svc, line, r->timeout)) {
			c->st.remote_started++;
			free(line);
			free(store);
			return;
		}
		r->remote = 0;
	}
	split = cmdsplit(line, &argv);
	if (split < 0) {
		static const char msg[] = "empty command line";
		struct timeval tv;

		free(line);
		free(store);
		gettimeofday(&tv, NULL);
		chk_finish(r, CHECK_NOT_STARTED, 0, NULL, 0, msg, sizeof(msg) - 1, &r->tv_start, &tv);
		return;
	}
	if (split == 0 && c->hooks.run_builtin != NULL) {
		/* the hook may finish the run before it returns: r is not
		 * touched after it took the check */
		r->builtin = 1;
		if (c->hooks.run_builtin(c->hooks.arg, r, chk_argc(argv), argv, r->timeout)) {
			c->st.builtin_started++;
			free(argv);
			free(line);
			free(store);
			return;
		}
		r->builtin = 0;
	}
	env = macro_environment(&ctx);
	memset(&job, 0, sizeof(job));
	job.argv = split == 0 ? (const char *const *)argv : NULL;
	job.shell_line = line;
	job.env = (const char *const *)env;
	job.timeout = r->timeout;
	job.stalled = chk_pool_stalled;
	c->st.worker_started++;
	if (c->pool == NULL || wpool_submit(c->pool, &job, chk_pool_done, r) < 0) {
		static const char msg[] = "no worker process could run the check";
		struct timeval tv;

		gettimeofday(&tv, NULL);
		free(env);
		free(argv);
		free(line);
		free(store);
		chk_finish(r, CHECK_NOT_STARTED, 0, NULL, 0, msg, sizeof(msg) - 1, &r->tv_start, &tv);
		return;
	}
	free(env);
	free(argv);
	free(line);
	free(store);
}

/* count one check into Nagios's check statistics, when someone reads them */
static void
chk_count(struct checker *c, enum checkstats_kind k, double now)
{
	if (c->checkstats != NULL)
		checkstats_add(c->checkstats, k, (time_t)now);
}

/*
 * A host's unforced check due while its own check runs: Nagios's
 * run_async_host_check refuses it (the check is "already being executed")
 * and run_scheduled_host_check puts it off a check interval (300 s without
 * one) into the check period, options kept, when the host is to be
 * scheduled at all; else the event is gone.
 */
static void
chk_put_off(struct checker *c, struct chk_ent *e, double now)
{
	struct state_common *st = chk_state(c, e);

	if (!st->should_be_scheduled) {
		e->pend = 0;
		return;
	}
	e->pend_at = st->next_check = chk_refused_host_next(c, e, (time_t)now);
}

/*
 * schedule_host_check or schedule_service_check while the object's check
 * runs.  Nagios has no event for the object then (the one that started
 * the check is spent), so the request becomes its event, and a later one
 * replaces that by the usual rule: an unforced request only brings an
 * unforced event earlier, a forced one replaces an unforced event, or a
 * forced one when earlier.  The event is remembered here and judged
 * against the running check's own reschedule when its result comes
 * (chk_pend_settle).  A host's unforced event due at once is refused at
 * once (chk_put_off).  A service's due at once would run beside the
 * running check in Nagios (run_async_service_check has no such refusal);
 * here it runs right after it.
 */
void
chk_pend(struct checker *c, struct chk_ent *e, time_t when, int opts, double now)
{
	struct state_common *st = chk_state(c, e);
	int forced = (opts & STATE_CKOPT_FORCED) != 0;
	int replace;

	if (e->pend) {
		replace = e->pend_forced ? forced && when < e->pend_at
		                         : forced || when < e->pend_at;
		if (!replace) {
			st->next_check = e->pend_at;
			return;
		}
	}
	e->pend = 1;
	e->pend_forced = (uint8_t)forced;
	e->pend_at = when;
	st->next_check = when;
	st->check_options = opts;
	if (e->is_host && !forced && when <= (time_t)now)
		chk_put_off(c, e, now);
}

/*
 * The result of a running check is in: its own next check (at, when
 * resched) is scheduled unforced, as handle_async_*_check_result does, and
 * so replaces the event scheduled meanwhile only when that is unforced and
 * later.  The event kept keeps its time and options.  Otherwise the
 * result's schedule has no options.
 */
static void
chk_pend_settle(struct checker *c, struct chk_ent *e, int resched, time_t at)
{
	struct state_common *st = chk_state(c, e);

	if (!e->pend || (resched && !e->pend_forced && at < e->pend_at)) {
		e->pend = 0;
		if (resched)
			st->check_options = 0;
		return;
	}
	e->pend = 0;
	chk_schedule_exact(c, e, e->pend_at, chk_now_tick(c) + 1);
	if (e->pend_forced)
		e->forced = 1;
}

/*
 * A host check another result asked for (Nagios's on-demand checks, which
 * go through schedule_host_check): nothing when the host's active checks
 * are off, nor when a forced check of it is pending (Nagios keeps that
 * event), nor for a dependency check (a service's host, parents, children)
 * while the last result is younger than cached_host_check_horizon.
 */
static void
chk_ondemand(struct checker *c, struct chk_ent *e, int dependency, double now)
{
	int opts = dependency ? STATE_CKOPT_DEPENDENCY : 0;

	if (!chk_state(c, e)->active_checks_enabled || e->forced)
		return;
	if (dependency && sm_host_cache_fresh(&c->hs[e->id], c->cfg, (time_t)now))
		return;
	if (e->running) {
		chk_pend(c, e, (time_t)now, opts, now);
		return;
	}
	if (!e->queued) {
		e->ondemand = 1;
		/* the event schedule_host_check makes: now, with its options */
		chk_state(c, e)->next_check = (time_t)now;
		chk_state(c, e)->check_options = opts;
	}
	chk_check_soon(c, e);
}

/* what the state machine asked for besides the state itself */
static void
chk_follow_up(struct checker *c, struct chk_ent *e, const struct sm_outcome *out, double now)
{
	const struct obj_host *h;
	unsigned i;

	if (e->is_host) {
		h = &c->objs->hosts[e->id];
	} else {
		h = c->objs->services[e->id].host;
		if ((out->flags & SM_CHECK_HOST) && c->objs->hosts[h->id].check_command.cmd != NULL) {
			if (sm_host_cache_fresh(&c->hs[h->id], c->cfg, (time_t)now)) {
				chk_count(c, CHECKSTATS_ACTIVE_CACHED_HOST, now);
			} else {
				chk_ondemand(c, &c->hent[h->id], 1, now);
			}
		}
		return;
	}
	if (out->flags & SM_CHECK_PARENTS)
		for (i = 0; i < h->nparents; i++)
			if (h->parents[i]->check_command.cmd != NULL &&
			    sm_host_parent_wanted(out, &c->hs[h->parents[i]->id]))
				chk_ondemand(c, &c->hent[h->parents[i]->id], 1, now);
	/* predictive dependency checks: the masters of both kinds, in Nagios's order */
	if (out->flags & SM_CHECK_MASTERS) {
		static const enum obj_dep_type kinds[] = { OBJ_DEP_NOTIFICATION, OBJ_DEP_EXECUTION };
		const struct obj_hostdependency *hd;
		unsigned k;

		for (k = 0; k < 2; k++)
			for (i = 0; (hd = depend_host_dep(c->dep, h, kinds[k], i)) != NULL; i++)
				if (hd->master->check_command.cmd != NULL)
					chk_ondemand(c, &c->hent[hd->master->id], 0, now);
	}
	if (out->flags & SM_CHECK_CHILDREN)
		for (i = 0; i < h->nchildren; i++)
			if (h->children[i]->check_command.cmd != NULL &&
			    sm_host_child_wanted(out, &c->hs[h->children[i]->id]))
				chk_ondemand(c, &c->hent[h->children[i]->id], 1, now);
}

/* apply a result to an object: state machine, hooks, follow-ups; returns the outcome */
static void
chk_flap_report(struct checker *c, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo, double now)
{
	if (fo->edge != FLAP_EDGE_NONE && c->hooks.flapping != NULL)
		c->hooks.flapping(c->hooks.arg, (time_t)now, h, s, fo);
}

static void
chk_apply(struct checker *c, struct chk_ent *e, struct check_result *cr, double now,
    struct sm_outcome *out)
{
	struct state_common *st = chk_state(c, e);
	const struct obj_host *h;
	const struct obj_service *s = NULL;
	enum checker_event alert, result, state, notify;
	struct flap_outcome fo;
	struct sm_view view;

	memset(out, 0, sizeof(*out));
	if (e->is_host) {
		h = &c->objs->hosts[e->id];
		sm_host_result(&c->hs[e->id], h, c->hs, cr, c->cfg, (time_t)now, out);
		alert = CHECKER_EV_HOST_ALERT;
		result = CHECKER_EV_HOST_RESULT;
		state = CHECKER_EV_HOST_STATE;
		notify = CHECKER_EV_HOST_NOTIFY;
	} else {
		s = &c->objs->services[e->id];
		h = s->host;
		sm_service_result(&c->ss[e->id], s, &c->hs[h->id], cr, c->cfg, (time_t)now, out);
		alert = CHECKER_EV_SERVICE_ALERT;
		result = CHECKER_EV_SERVICE_RESULT;
		state = CHECKER_EV_SERVICE_STATE;
		notify = CHECKER_EV_SERVICE_NOTIFY;
	}
	if (out->flags & SM_DISCARDED)
		return;
	sm_assign_ids(st, out, &c->ids);
	c->globals.event_id = c->ids.next_event_id - 1;
	c->globals.problem_id = c->ids.next_problem_id - 1;
	if (s != NULL)
		sm_service_host_effects(&c->hs[h->id], &c->ss[e->id], out);
	st->checks_run++;
	/* the STATE step starts a pending flexible downtime; Nagios resets the
	 * notification times after that */
	if (c->hooks.event != NULL)
		c->hooks.event(c->hooks.arg, state, h, s, st, out, (time_t)now);
	sm_reset_notification_times(st, out);
	/*
	 * Nagios detects flapping (service, then its host) before it logs the
	 * ALERT, and before it turns a recovery into HARD attempt 1: flap
	 * detection and the notifications it sends see the state type and
	 * attempt the ALERT line shows ($SERVICEATTEMPT$ of a FLAPPINGSTART
	 * sent by a recovery is the problem's attempt).
	 */
	sm_alert_view(st, out, &view);
	if (s != NULL) {
		flap_service(&c->ss[e->id], s, c->cfg, &fo);
		chk_flap_report(c, h, s, &fo, now);
	}
	flap_host(&c->hs[h->id], h, c->cfg, s != NULL, &fo);
	chk_flap_report(c, h, NULL, &fo, now);
	sm_finished_view(st, &view);
	if (c->hooks.event != NULL) {
		c->hooks.event(c->hooks.arg, notify, h, s, st, out, (time_t)now);
		if (out->flags & (SM_LOG_ALERT | SM_LOG_IF_NOTIFIED))
			c->hooks.event(c->hooks.arg, alert, h, s, st, out, (time_t)now);
		c->hooks.event(c->hooks.arg, result, h, s, st, out, (time_t)now);
	}
	sm_end_problem(st, out);
	chk_follow_up(c, e, out, now);
}

static void
chk_finish(struct checker_run *r, enum check_origin origin, int wait_status, const char *out,
    size_t outlen, const char *err, size_t errlen, const struct timeval *start,
    const struct timeval *finish)
{
	struct checker *c = r->c;
	struct chk_ent *e = r->e;
	struct check_result cr;
	struct sm_outcome so;
	struct state_common *st;
	double now = ev_now(c->loop), delay;

	chk_unlink(c, r);
	if (e == NULL) {
		/* the checker was stopped: nobody wants this result */
		free(r);
		if (c->free_pending && c->inflight == 0)
			chk_really_free(c);
		return;
	}
	st = chk_state(c, e);
	e->running = 0;
	e->run = NULL;
	e->freshening = 0;
	st->is_executing = 0;
	if (!r->released)
		runq_done(c->runq, r->key);
	c->st.checks_finished++;
	if (origin == CHECK_LOST) {
		/* not the plugin's doing: no state change, check again soon */
		c->st.lost++;
		if (c->hooks.check_warning != NULL)
			c->hooks.check_warning(c->hooks.arg, (time_t)now, CHECK_WARN_LOST,
			    e->is_host ? &c->objs->hosts[e->id] : c->objs->services[e->id].host,
			    e->is_host ? NULL : &c->objs->services[e->id], 0, -1);
		e->pend = 0;
		chk_reschedule(c, e, chk_time_tick(c, now), 1.0);
		free(r);
		return;
	}
	if (origin == CHECK_TIMED_OUT)
		c->st.timeouts++;
	if (e->is_host) {
		chk_count(c, e->ondemand ? CHECKSTATS_ACTIVE_ONDEMAND_HOST
		                         : CHECKSTATS_ACTIVE_SCHEDULED_HOST, now);
		chk_count(c, CHECKSTATS_PARALLEL_HOST, now);
	} else {
		chk_count(c, e->ondemand ? CHECKSTATS_ACTIVE_ONDEMAND_SERVICE
		                         : CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, now);
	}
	e->ondemand = 0;
	memset(&cr, 0, sizeof(cr));
	cr.start = *start;
	cr.finish = *finish;
	check_result_from_exit(&cr, e->is_host, chk_host_name(e),
	    e->is_host ? NULL : c->objs->services[e->id].description, origin, wait_status, out,
	    outlen, err, errlen, r->timeout, c->cfg);
	cr.check_type = STATE_CHECK_ACTIVE;
	cr.latency = r->latency;
	st->execution_time = check_result_exec_time(&cr);
	if (cr.warning != CHECK_WARN_NONE && c->hooks.check_warning != NULL)
		c->hooks.check_warning(c->hooks.arg, (time_t)now, cr.warning,
		    e->is_host ? &c->objs->hosts[e->id] : c->objs->services[e->id].host,
		    e->is_host ? NULL : &c->objs->services[e->id], st->execution_time, cr.rc);
	chk_apply(c, e, &cr, now, &so);
	if (so.flags & SM_RESCHEDULE) {
		const struct obj_timeperiod *tp = chk_check_period(c, e);
		time_t next = (time_t)-1;

		/* Nagios moves the next check into the check period; an interval
		 * on is stretched while overloaded (checker_set_stretch) */
		if (tp != NULL && !timeperiod_contains(tp, so.next_check))
			next = timeperiod_next(tp, so.next_check);
		if (next != (time_t)-1) {
			delay = (double)next - (double)start->tv_sec;
			chk_reschedule(c, e, r->start_tick, delay);
		} else {
			next = so.next_check;
			delay = (double)so.next_check - (double)start->tv_sec;
			chk_schedule_interval(c, e, r->start_tick, delay);
		}
		chk_pend_settle(c, e, 1, next);
	} else {
		st->should_be_scheduled = 0;
		chk_pend_settle(c, e, 0, 0);
	}
	check_result_clear(&cr);
	free(r);
	chk_dispatch(c);
}

/*
 * A result that came from outside (the command pipe, a check result
 * file): applied at once, whatever is in flight, with its latency and its
 * run time (finish - start: none for the pipe's).  A passive one counts as
 * passive; an active one (from a file) has Nagios's warnings.  Clears cr.
 */
static int
chk_take_result(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    struct check_result *crp)
{
	struct chk_ent *e = svc != NULL ? &c->sent[svc->id] : &c->hent[h->id];
	struct state_common *st = chk_state(c, e);
	struct check_result cr = *crp;
	struct sm_outcome so;
	double now = ev_now(c->loop);

	memset(crp, 0, sizeof(*crp));
	e->freshening = 0;
	st->execution_time = check_result_exec_time(&cr);
	if (cr.check_type == STATE_CHECK_PASSIVE) {
		c->st.passive++;
		chk_count(c, svc != NULL ? CHECKSTATS_PASSIVE_SERVICE : CHECKSTATS_PASSIVE_HOST,
		    now);
	} else {
		if (cr.warning != CHECK_WARN_NONE && c->hooks.check_warning != NULL)
			c->hooks.check_warning(c->hooks.arg, (time_t)now, cr.warning,
			    svc != NULL ? svc->host : h, svc, st->execution_time, cr.rc);
	}
	chk_apply(c, e, &cr, now, &so);
	/*
	 * A result from outside (passive, or an active one from a file) that
	 * changed the state or its type asks for the active check again (a
	 * soft problem: retry_interval on, 0 meaning now), as Nagios's
	 * handle_async_*_check_result does; like its
	 * schedule_*_check, this only ever brings the scheduled check earlier.
	 */
	if (so.flags & SM_RESCHEDULE) {
		const struct obj_timeperiod *tp = chk_check_period(c, e);
		time_t next = so.next_check, valid;

		if (tp != NULL && !timeperiod_contains(tp, next) &&
		    (valid = timeperiod_next(tp, next)) != (time_t)-1)
			next = valid;
		checker_schedule(c, h, svc, next, 0);
	}
	check_result_clear(&cr);
	return so.flags & SM_DISCARDED ? -1 : 0;
}

int
checker_passive_result(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    int rc, const char *output, time_t check_time)
{
	struct chk_ent *e = svc != NULL ? &c->sent[svc->id] : &c->hent[h->id];
	struct state_common *st = chk_state(c, e);
	struct check_result cr;
	int accept = svc != NULL ? c->cfg->accept_passive_service_checks
	                         : c->cfg->accept_passive_host_checks;

	if (!accept || !st->passive_checks_enabled)
		return -1;
	memset(&cr, 0, sizeof(cr));
	if (check_result_passive(&cr, svc == NULL, rc, output != NULL ? output : "",
	    output != NULL ? strlen(output) : 0, check_time) < 0)
		return -1;
	cr.check_type = STATE_CHECK_PASSIVE;
	cr.latency = ev_now(c->loop) - (double)check_time;
	if (cr.latency < 0)
		cr.latency = 0;
	return chk_take_result(c, h, svc, &cr);
}

int
checker_file_result(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    struct check_result *cr)
{
	const struct state_common *st = svc != NULL ? &c->ss[svc->id].c : &c->hs[h->id].c;
	int accept = svc != NULL ? c->cfg->accept_passive_service_checks
	                         : c->cfg->accept_passive_host_checks;

	if (cr->check_type == STATE_CHECK_PASSIVE && (!accept || !st->passive_checks_enabled)) {
		check_result_clear(cr);
		return -1;
	}
	return chk_take_result(c, h, svc, cr);
}

void
chk_detach_run(struct checker *c, struct checker_run *r)
{
	if (r->e != NULL) {
		r->e->running = 0;
		r->e->run = NULL;
		r->e->pend = 0;
		chk_state(c, r->e)->is_executing = 0;
		if (!r->released)
			runq_done(c->runq, r->key);
	}
	r->e = NULL;
	if (r->builtin || r->remote) {
		if (r->builtin && c->hooks.cancel_builtin != NULL)
			c->hooks.cancel_builtin(c->hooks.arg, r);
		if (r->remote && c->hooks.cancel_remote != NULL)
			c->hooks.cancel_remote(c->hooks.arg, r);
		chk_unlink(c, r);
		free(r);
	}
}

void
chk_move_run(struct checker *old, struct checker *c, struct checker_run *r, struct chk_ent *e)
{
	struct chk_ent *oe = r->e;

	oe->running = 0;
	oe->run = NULL;
	chk_state(old, oe)->is_executing = 0;
	if (!r->released)
		runq_done(old->runq, r->key);
	chk_unlink(old, r);
	r->c = c;
	r->e = e;
	r->key = c->hkey[e->is_host ? e->id : c->objs->services[e->id].host->id];
	if (c->tps != old->tps)
		r->start_tick = (uint64_t)ceil((double)r->start_tick * c->tps / old->tps - 1e-9);
	chk_link(c, r);
	/* a stalled job's slot was given back already: it holds none here either */
	if (!r->released)
		runq_start_direct(c->runq, r->key);
	e->running = 1;
	e->run = r;
	chk_state(c, e)->is_executing = 1;
}

void
chk_cancel_runs(struct checker *c)
{
	struct checker_run *r, *next;

	for (r = c->runs; r != NULL; r = next) {
		next = r->next;
		chk_detach_run(c, r);
	}
}

void
chk_free_detached(struct checker *c)
{
	struct checker_run *r;

	while ((r = c->runs) != NULL) {
		chk_unlink(c, r);
		free(r);
	}
}

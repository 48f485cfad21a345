/*
 * daemon: jaque running: start-up, the loop, reload and shutdown.
 *
 * Start-up reads and checks the whole configuration before anything else
 * (so `jaque -d` with a broken configuration exits non-zero, where Nagios
 * detaches first), takes the lock file in every mode (one jaque per lock
 * file: a second one, in the foreground too, is refused before it touches
 * anything; Nagios locks only with -d), daemonises with -d, writes its pid
 * in the lock file as root and then becomes nagios_user/nagios_group (the
 * order of Nagios's daemon_init() and drop_privileges()), opens nagios.log
 * (with its copies to syslog when use_syslog is on, and in the foreground
 * to stdout: compat/nagioslog.h), starts the worker processes and the
 * checker, and runs the loop.  Signals come through ev_signal:
 * SIGTERM/SIGINT stop cleanly (workers kill every plugin group, the stats
 * file is written, the lock file removed while it is still ours; the
 * command FIFO stays, as Nagios leaves it); SIGHUP reads the configuration
 * again and, when it is good, swaps in the new generation keeping every
 * surviving object's state, makes the command FIFO again if it was removed,
 * and with retention on registers the downtime again as Nagios's re-reading
 * of retention.dat does; when it is not good, the errors are logged and the
 * old generation keeps running.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <ev.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/extcmd.h"
#include "compat/gearman/mgcfg.h"
#include "compat/livestatus/lsquery.h"
#include "compat/nagioslog.h"
#include "compat/objcache.h"
#include "compat/statsfile.h"
#include "compat/syslogout.h"
#include "engine/check/checker.h"
#include "engine/main/builtin.h"
#include "engine/main/daemon.h"
#include "engine/main/daemon_int.h"
#include "engine/main/dstats.h"
#include "engine/main/gmcore.h"
#include "engine/main/gmsetup.h"
#include "engine/objects/objects.h"
#include "engine/sched/drift.h"
#include "engine/util/bgwork.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

#define STATS_INTERVAL 5.0


/* ---- hooks the checker calls ---- */

/* the ALERT line shows the state type and attempt Nagios logs them with
 * (before it finishes a recovery), which the outcome carries */
static void
jq_event(void *arg, enum checker_event ev, const struct obj_host *h, const struct obj_service *s,
    const struct state_common *st, const struct sm_outcome *out, time_t t)
{
	struct jaque *j = arg;

	switch (ev) {
	case CHECKER_EV_SERVICE_STATE:
	case CHECKER_EV_HOST_STATE:
		cmdwire_result(j, h->name, s != NULL ? s->description : NULL, out->flags, t);
		react_state(j, h, s, out, t);
		/* where Nagios runs the event handlers it tells brokers of a state change */
		if (out->flags & SM_RUN_HANDLER)
			lswire_event(j, LSQ_WAIT_STATE);
		return;
	case CHECKER_EV_SERVICE_NOTIFY:
	case CHECKER_EV_HOST_NOTIFY:
		react_result_notify(j, h, s, out, t);
		return;
	case CHECKER_EV_SERVICE_RESULT:
	case CHECKER_EV_HOST_RESULT:
		react_result(j, h, s, out, t);
		lswire_check_result(j, s == NULL);
		return;
	default:
		break;
	}
	/* a replayed passive result was logged when it first came; stalking
	 * option N logs the result only when it was notified */
	if (j->replaying || (!(out->flags & SM_LOG_ALERT) && !j->notified_now))
		return;
	switch (ev) {
	case CHECKER_EV_SERVICE_ALERT:
		nlog_service_alert(j->log, t, h->name, s->description,
		    state_svc_name(st->current_state), state_type_name(out->alert_state_type),
		    out->alert_attempt, st->output);
		break;
	case CHECKER_EV_HOST_ALERT:
		nlog_host_alert(j->log, t, h->name, state_host_name(st->current_state),
		    state_type_name(out->alert_state_type), out->alert_attempt, st->output);
		break;
	default:
		break;
	}
}

static void
jq_warning(void *arg, time_t t, const char *text)
{
	struct jaque *j = arg;

	nlog_warning(j->log, t, "%s", text);
}

static void
jq_check_warning(void *arg, time_t t, int kind, const struct obj_host *h,
    const struct obj_service *s, double exec_time, int rc)
{
	struct jaque *j = arg;

	nlog_check_warning(j->log, t, kind, h->name, s != NULL ? s->description : NULL, exec_time,
	    rc);
}

static void
jq_stale(void *arg, time_t t, const struct obj_host *h, const struct obj_service *s, long stale,
    long threshold)
{
	struct jaque *j = arg;

	nlog_stale(j->log, t, h->name, s != NULL ? s->description : NULL, stale, threshold);
}

/* Nagios's FLAPPING ALERT lines (base/flapping.c): hosts print '>' where
 * services print '>='; the flapping comment is cmdwire's */
static void
jq_flapping(void *arg, time_t t, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	daemon_flap_edge(arg, t, h, s, fo);
}

void
daemon_flap_edge(struct jaque *j, time_t t, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	const char *svc = s != NULL ? s->description : NULL;

	cmdwire_flapping(j, h->name, svc, fo, t);
	if (j->replaying)
		return;
	switch (fo->edge) {
	case FLAP_EDGE_STARTED:
		if (s != NULL)
			nlog_printf(j->log, t,
			    "SERVICE FLAPPING ALERT: %s;%s;STARTED; Service appears to have started "
			    "flapping (%2.1f%% change >= %2.1f%% threshold)",
			    h->name, svc, fo->percent, fo->high);
		else
			nlog_printf(j->log, t,
			    "HOST FLAPPING ALERT: %s;STARTED; Host appears to have started flapping "
			    "(%2.1f%% change > %2.1f%% threshold)",
			    h->name, fo->percent, fo->high);
		break;
	case FLAP_EDGE_STOPPED:
		if (s != NULL)
			nlog_printf(j->log, t,
			    "SERVICE FLAPPING ALERT: %s;%s;STOPPED; Service appears to have stopped "
			    "flapping (%2.1f%% change < %2.1f%% threshold)",
			    h->name, svc, fo->percent, fo->low);
		else
			nlog_printf(j->log, t,
			    "HOST FLAPPING ALERT: %s;STOPPED; Host appears to have stopped flapping "
			    "(%2.1f%% change < %2.1f%% threshold)",
			    h->name, fo->percent, fo->low);
		break;
	case FLAP_EDGE_DISABLED:
		if (s != NULL)
			nlog_printf(j->log, t,
			    "SERVICE FLAPPING ALERT: %s;%s;STOPPED; Disabled flap detection for service",
			    h->name, svc);
		else
			nlog_printf(j->log, t, "HOST FLAPPING ALERT: %s;STOPPED; Disabled flap detection",
			    h->name);
		break;
	default:
		break;
	}
	react_flapping(j, h, s, fo, t);
}

static void
jq_worker_lost(void *arg, long pid, const char *why, size_t jobs)
{
	struct jaque *j = arg;

	nlog_worker_lost(j->log, time(NULL), pid, why, jobs);
}

static void
jq_worker_stuck(void *arg, long pid, double quiet, size_t moved, size_t left)
{
	struct jaque *j = arg;

	nlog_worker_stuck(j->log, time(NULL), pid, quiet, moved, left);
}

static int
jq_run_builtin(void *arg, struct checker_run *run, int argc, char *const argv[], double timeout)
{
	struct jaque *j = arg;

	return j->builtin != NULL ? builtin_run(j->builtin, run, argc, argv, timeout) : 0;
}

static void
jq_cancel_builtin(void *arg, struct checker_run *run)
{
	struct jaque *j = arg;

	if (j->builtin != NULL)
		builtin_cancel(j->builtin, run);
}

static int
jq_run_remote(void *arg, struct checker_run *run, const struct obj_host *h,
    const struct obj_service *s, const char *line, double timeout)
{
	struct jaque *j = arg;

	return j->gm != NULL ? gmcore_run(j->gm, run, h, s, line, timeout) : 0;
}

static void
jq_cancel_remote(void *arg, struct checker_run *run)
{
	struct jaque *j = arg;

	if (j->gm != NULL)
		gmcore_cancel(j->gm, run);
}

static struct checker *
jq_new_checker(struct jaque *j, struct config_gen *gen)
{
	struct checker_hooks hooks;
	struct checker *c;

	memset(&hooks, 0, sizeof(hooks));
	hooks.arg = j;
	hooks.event = jq_event;
	hooks.warning = jq_warning;
	hooks.check_warning = jq_check_warning;
	hooks.stale = jq_stale;
	hooks.flapping = jq_flapping;
	if (gen->cfg.builtin_checks) {
		hooks.run_builtin = jq_run_builtin;
		hooks.cancel_builtin = jq_cancel_builtin;
	}
	/* asked at each check: whether gearman is on may change with a reload */
	hooks.run_remote = jq_run_remote;
	hooks.cancel_remote = jq_cancel_remote;
	c = checker_new(j->loop, gen->objs, &gen->cfg, j->pool, &hooks, j->program_start);
	checker_set_checkstats(c, &j->prog.stats);
	return c;
}

/* ---- reading the configuration ---- */

/* read and pre-flight; 0 when usable, -1 when nagios.cfg (or a resource
 * file) is broken, -2 when the objects, the pre-flight or mod_gearman's
 * options are.  Diagnostics go to d; *gm: mod_gearman's options when
 * usable and asked for, else NULL. */
int
daemon_read_config(const struct jaque *j, struct config_gen *gen, struct diag *d,
    struct mgcfg **gm)
{
	struct preflight_counts counts;
	enum config_stage st;
	int gerr;

	*gm = NULL;
	st = config_read(j->config_path, j->jaque_cfg, d, NULL, gen);
	if (st == CONFIG_MAIN_FAILED)
		return -1;
	if (st != CONFIG_OK)
		return -2;
	if (config_preflight(gen, d, 0, &counts, NULL) > 0 || diag_errors(d) > 0)
		return -2;
	*gm = gmsetup_read(&gen->cfg, d, &gerr);
	if (gerr > 0) {
		mgcfg_free(*gm);
		*gm = NULL;
		return -2;
	}
	return 0;
}

/* mod_gearman's options that mean nothing to jaque, said once a reading */
static void
jq_log_gearman(struct jaque *j, time_t now)
{
	size_t i;

	if (j->gearman == NULL)
		return;
	for (i = 0; i < j->gearman->ignored.len; i++)
		nlog_printf(j->log, now, "mod_gearman: option '%s' has no meaning for jaque; "
		    "ignored", (const char *)j->gearman->ignored.items[i]);
}

/* syslog on or off as use_syslog says (JAQUE_SYSLOG_SOCKET: another
 * socket than /dev/log, for tests) */
static void
jq_syslog_set(struct jaque *j)
{
	const char *path = getenv("JAQUE_SYSLOG_SOCKET");

	if (!j->gen->cfg.use_syslog) {
		syslogout_free(j->syslog);
		j->syslog = NULL;
	} else if (j->syslog == NULL) {
		/* Nagios's ident: syslog() without openlog() takes the program's name */
		j->syslog = syslogout_new(path != NULL && *path != '\0' ? path : SYSLOGOUT_PATH,
		    program_invocation_short_name);
	}
}

/*
 * nagios.log of the current configuration with its copies: syslog, and
 * the console in the foreground.  -1 (errno set) when the file cannot be
 * opened: the copies still work.
 */
static int
jq_open_log(struct jaque *j)
{
	const struct main_cfg *cfg = &j->gen->cfg;
	int rc = 0;

	jq_syslog_set(j);
	j->log = nlog_open(cfg->log_file, cfg->log_rotation_method, cfg->log_archive_path);
	if (j->log == NULL) {
		int e = errno;

		j->log = nlog_open(NULL, 0, NULL);
		errno = e;
		rc = -1;
	}
	nlog_set_syslog(j->log, j->syslog);
	nlog_set_console(j->log, j->daemon_mode ? -1 : STDOUT_FILENO);
	return rc;
}

static void
jq_log_start(struct jaque *j, time_t now)
{
	char date[128];
	struct tm tm;

	nlog_printf(j->log, now, "jaque %s (Nagios 4.4.6 compatible) starting... (PID=%d)",
	    PACKAGE_VERSION, (int)getpid());
	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%a %b %d %H:%M:%S %Z %Y", &tm);
	nlog_printf(j->log, now, "Local time is %s", date);
	nlog_printf(j->log, now, "LOG VERSION: 2.0");
}

/* the configuration's warnings, as Nagios logs them while it reads the
 * configuration at every start and reload (without jaque's location) */
static void
jq_log_warnings(struct jaque *j, const struct diag *d, time_t now)
{
	unsigned i;

	for (i = 0; i < diag_count(d); i++) {
		const struct diag_entry *e = diag_get(d, i);

		if (e->kind == DIAG_WARNING)
			nlog_warning(j->log, now, "%s", e->msg);
	}
}

/* INITIAL (at start) or CURRENT (at rotation) states of every object */
static void
jq_log_states(struct jaque *j, time_t now, int initial)
{
	const struct objects *o = j->gen->objs;
	struct host_state *hs = checker_host_states(j->chk);
	struct svc_state *ss = checker_svc_states(j->chk);
	unsigned i;

	for (i = 0; i < o->nhosts; i++)
		nlog_host_state(j->log, now, initial, o->hosts[i].name,
		    state_host_name(hs[i].c.current_state), state_type_name(hs[i].c.state_type),
		    hs[i].c.current_attempt, hs[i].c.output);
	for (i = 0; i < o->nservices; i++)
		/* Nagios prints a service's missing output as "(null)" (a host's as
		 * ""), and one read from retention.dat empty as "" */
		nlog_service_state(j->log, now, initial, o->services[i].host->name,
		    o->services[i].description, state_svc_name(ss[i].c.current_state),
		    state_type_name(ss[i].c.state_type), ss[i].c.current_attempt,
		    ss[i].c.output != NULL ? ss[i].c.output
		    : ss[i].c.output_known ? "" : "(null)");
}

/* ---- stats, rotation ---- */

/* the overload edges in nagios.log (the figures are in jaquestats) */
static void
jq_overload_report(struct jaque *j, enum overload_edge e, time_t now)
{
	const struct overload *o = &j->overload;
	double f = stretch_factor(&j->stretch);
	char stretched[64] = "";

	switch (e) {
	case OVERLOAD_BEGAN:
		if (f > 1.0)
			nlog_warning(j->log, now,
			    "jaque is overloaded: checks are due %.0f times a minute and %.0f can "
			    "start; every object keeps its turn and is checked %.2f times its "
			    "interval apart until the load falls (checks start up to %.1f s late, "
			    "%zu wait to start)",
			    j->stretch.demand * 60.0, j->stretch.capacity * 60.0, f, o->lag, o->depth);
		else
			nlog_warning(j->log, now,
			    "jaque is overloaded: checks start up to %.1f s after they are due and "
			    "%zu wait to start; every object keeps its turn, so each is checked less "
			    "often than its interval until the load falls",
			    o->lag, o->depth);
		break;
	case OVERLOAD_STILL:
		/* the stretch is named only when there is one */
		if (f > 1.0)
			snprintf(stretched, sizeof(stretched), "intervals stretched %.2f times, ", f);
		nlog_warning(j->log, now,
		    "jaque is still overloaded (%lld s): %schecks start up to %.1f s late, "
		    "%zu wait to start",
		    (long long)(now - o->since), stretched, o->lag, o->depth);
		break;
	case OVERLOAD_ENDED:
		nlog_printf(j->log, now,
		    "jaque is no longer overloaded after %lld s: checks start on time again",
		    (long long)(now - o->since));
		break;
	default:
		break;
	}
}

/*
 * One stats period's measure of the pace (engine/sched/stretch.h): what
 * the schedules ask for, how long checks waited for a slot and how many
 * started meanwhile; a new stretch goes to the checker (which re-times
 * its schedules) and to the overload rule.
 */
static void
jq_pace(struct jaque *j, const struct checker_stats *cs)
{
	struct stretch_period p;
	double mono = clockstep_mono();

	if (j->pace_mono > 0 && mono - j->pace_mono < STRETCH_MIN_PERIOD)
		return;
	if (j->pace_mono > 0) {
		p.demand = checker_demand_sliced(j->chk, DSTATS_COUNT_SLICE);
		p.secs = mono - j->pace_mono;
		p.backlog_secs = cs->backlog_seconds - j->pace_backlog_secs;
		p.backlog_started = (double)(cs->backlog_started - j->pace_backlog_started);
		if (stretch_update(&j->stretch, &p))
			checker_set_stretch(j->chk, stretch_factor(&j->stretch));
	}
	j->pace_mono = mono;
	j->pace_backlog_secs = cs->backlog_seconds;
	j->pace_backlog_started = cs->backlog_started;
	overload_note_stretch(&j->overload, stretch_factor(&j->stretch));
}

static void
jq_write_stats(struct jaque *j)
{
	struct statsfile_buf b;
	struct checker_stats cs;
	time_t now = time(NULL);

	checker_stats(j->chk, &cs);
	jq_pace(j, &cs);
	jq_overload_report(j, overload_update(&j->overload, checker_take_lag(j->chk),
	                          cs.queue_depth, now), now);
	memset(&b, 0, sizeof(b));
	dstats_fill(&b, j->chk, j->pool, j->gen->objs, j->program_start, now, &j->rate,
	    &j->count, &j->overload, &j->stretch);
	if (j->gm != NULL)
		dstats_gearman(&b, j->gm, j->gearman);
	if (statsfile_write(j->stats_path, &b) < 0)
		log_warn("cannot write %s", j->stats_path);
	statsfile_buf_free(&b);
}

static void
jq_stats_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	jq_write_stats(w->data);
}

/* the stats file's state counts and the demand the stretch weighs go on a
 * slice at a time between the file's writes */
static void
jq_count_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct jaque *j = w->data;

	(void)loop;
	(void)revents;
	/* an estate of one slice or less is counted whole at each write */
	if (j->gen->objs->nhosts + j->gen->objs->nservices <= DSTATS_COUNT_SLICE)
		return;
	dstats_count_step(&j->count, j->chk, j->gen->objs, DSTATS_COUNT_SLICE);
	(void)checker_demand_sliced(j->chk, DSTATS_COUNT_SLICE);
}

static ev_tstamp
jq_rotation_at(ev_periodic *w, ev_tstamp now)
{
	struct jaque *j = w->data;
	time_t next = nlog_next_rotation(j->log, (time_t)now);

	return next > 0 ? (ev_tstamp)next : now + 1e9;
}

static void
jq_rotation_cb(struct ev_loop *loop, ev_periodic *w, int revents)
{
	struct jaque *j = w->data;
	/* the edge itself: the loop's clock may read a hair before it */
	time_t now = (time_t)(ev_now(loop) + 0.5);

	(void)revents;
	if (nlog_rotate(j->log, now) == 0 && j->gen->cfg.log_current_states)
		jq_log_states(j, now, 0);
}

/* ---- signals ---- */

void
daemon_shutdown(struct jaque *j, const char *signame)
{
	time_t now = time(NULL);
	const struct drift *d = checker_drift(j->chk);

	if (signame != NULL)
		nlog_printf(j->log, now, "Caught SIG%s, shutting down...", signame);
	else
		nlog_printf(j->log, now, "PROGRAM_SHUTDOWN event encountered, shutting down...");
	checker_stop(j->chk);
	jq_write_stats(j);
	nlog_printf(j->log, now,
	    "jaque: scheduling drift over %llu checks: p50 %.3f ms, p99 %.3f ms, max %.3f ms",
	    (unsigned long long)drift_count(d), drift_quantile(d, 0.5) / 1e3,
	    drift_quantile(d, 0.99) / 1e3, drift_max(d) / 1e3);
	ev_break(j->loop, EVBREAK_ALL);
}

static void
jq_sigterm_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
	(void)loop;
	(void)revents;
	daemon_shutdown(w->data, w->signum == SIGINT ? "INT" : "TERM");
}

/*
 * The program-wide switches an external command changed (their bit set in
 * the modified attributes) outlive a reload, as they outlive a Nagios
 * restart through retention.
 */
static void
jq_carry_switches(struct main_cfg *to, const struct main_cfg *from, const struct prog_state *p)
{
	unsigned long mh = p->modified_host_attributes, ms = p->modified_service_attributes;

	if (mh & EXTCMD_MODATTR_NOTIFICATIONS_ENABLED || ms & EXTCMD_MODATTR_NOTIFICATIONS_ENABLED)
		to->enable_notifications = from->enable_notifications;
	if (mh & EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED)
		to->execute_host_checks = from->execute_host_checks;
	if (ms & EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED)
		to->execute_service_checks = from->execute_service_checks;
	if (mh & EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED)
		to->accept_passive_host_checks = from->accept_passive_host_checks;
	if (ms & EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED)
		to->accept_passive_service_checks = from->accept_passive_service_checks;
	if (mh & EXTCMD_MODATTR_EVENT_HANDLER_ENABLED || ms & EXTCMD_MODATTR_EVENT_HANDLER_ENABLED)
		to->enable_event_handlers = from->enable_event_handlers;
	if (mh & EXTCMD_MODATTR_FLAP_DETECTION_ENABLED || ms & EXTCMD_MODATTR_FLAP_DETECTION_ENABLED)
		to->enable_flap_detection = from->enable_flap_detection;
	if (mh & EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED ||
	    ms & EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED)
		to->process_performance_data = from->process_performance_data;
	if (mh & EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED)
		to->obsess_over_hosts = from->obsess_over_hosts;
	if (ms & EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED)
		to->obsess_over_services = from->obsess_over_services;
	if (mh & EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED)
		to->check_host_freshness = from->check_host_freshness;
	if (ms & EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED)
		to->check_service_freshness = from->check_service_freshness;
}

/*
 * A reload: the configuration is read beside the loop (reread.c), which
 * goes on with the running generation meanwhile; daemon_reload_read swaps
 * the new one in.
 */
void
daemon_restart(struct jaque *j, const char *signame)
{
	time_t now = time(NULL);

	if (signame != NULL)
		nlog_printf(j->log, now, "Caught SIG%s, restarting...", signame);
	else
		nlog_printf(j->log, now, "PROGRAM_RESTART event encountered, restarting...");
	reread_start(j);
}

void
daemon_reload_prepare(struct jaque *j, struct reload_read *rr)
{
	/* the new checker from the new generation alone; its pointer to
	 * j->prog.stats is only kept, not used, until the swap */
	rr->chk = jq_new_checker(j, rr->gen);
	checker_map_old(rr->chk, j->gen->objs);
	if (rr->gen->cfg.object_cache_file != NULL &&
	    objcache_write(rr->gen->objs, rr->gen->cfg.object_cache_file, time(NULL),
	    rr->objcache_err, sizeof(rr->objcache_err)) == 0)
		rr->objcache_err[0] = '\0';
}

void
daemon_reload_read(struct jaque *j, struct reload_read *rr)
{
	struct config_gen *gen = rr->gen;
	struct diag *d = rr->d;
	struct mgcfg *gm = rr->gm;
	struct checker *nc;
	time_t now = time(NULL);
	double swap0 = clockstep_mono();
	unsigned i;
	int keep_gm;

	if (rr->rc < 0) {
		for (i = 0; i < diag_count(d); i++) {
			const struct diag_entry *e = diag_get(d, i);

			if (e->kind == DIAG_ERROR)
				nlog_printf(j->log, now, "%s", e->text);
		}
		nlog_printf(j->log, now,
		    "jaque: the configuration has %u error(s); still running the previous one "
		    "(PID=%d)", diag_errors(d), (int)getpid());
		config_gen_free(gen);
		free(gen);
		diag_free(d);
		mgcfg_free(gm);
		return;
	}
	/* Livestatus answers still running read the old generation: end them first */
	lswire_finish(j);
	/* retention as it stands before the change, as Nagios saves it */
	persist_stop(j, 1);
	jq_carry_switches(&gen->cfg, &j->gen->cfg, &j->prog);
	/* made beside the loop by daemon_reload_prepare, with its map */
	nc = rr->chk;
	/* the link to gearmand stays when the new options do not change what
	 * it is made of: its checks in flight move with the others */
	keep_gm = j->gm != NULL && gmcore_link_holds(j->gearman, gm);
	if (keep_gm)
		checker_carry_remote(nc);
	checker_adopt(nc, j->chk);
	/* the old checker lets go of its generation here; its checks still in
	 * flight only hold the checker itself; without any, it is freed beside
	 * the loop (the runs of objects that are gone are cancelled here, before
	 * gmcore_renumber) */
	checker_retire(j->chk);
	if (keep_gm)
		gmcore_renumber(j->gm, gen->objs);
	{
		struct config_gen *old = j->gen;

		j->gen = gen;
		j->chk = nc;
		react_gen(j);
		cmdwire_reload(j, old);
		if (j->gen->cfg.retain_state_information && j->gen->cfg.state_retention_file != NULL)
			persist_reload_outputs(j, old->objs);
		config_gen_free(old);
		free(old);
		mgcfg_free(j->gearman);
		j->gearman = gm;
		if (!keep_gm) {
			/* the old checker's checks through it were cancelled: a new link
			 * with the new options (results of jobs still out come through
			 * it, as for a check not in flight, when it reads the same
			 * result queue) */
			gmcore_free(j->gm);
			j->gm = gmcore_new(j);
		}
	}
	nlog_close(j->log);
	if (jq_open_log(j) < 0)
		log_warn("cannot open %s", j->gen->cfg.log_file);
	jq_log_start(j, now);
	qhwire_reload(j);
	lswire_reload(j);
	jq_log_warnings(j, d, now);
	jq_log_gearman(j, now);
	diag_free(d);
	if (rr->objcache_err[0] != '\0')
		nlog_warning(j->log, now, "%s", rr->objcache_err);
	/*
	 * As after Nagios's restart (base/nagios.c): retention.dat read again,
	 * which judges flapping again; the initial states when
	 * log_initial_states is on; every downtime registered again, with a
	 * new comment, one in effect started again at the first tick.
	 */
	if (j->gen->cfg.retain_state_information && j->gen->cfg.state_retention_file != NULL)
		persist_reload_flapping(j, now);
	if (j->gen->cfg.log_initial_states)
		jq_log_states(j, now, 1);
	if (j->gen->cfg.retain_state_information && j->gen->cfg.state_retention_file != NULL)
		cmdwire_restart_downtime(j, now);
	checker_start(j->chk);
	persist_start(j);
	cmdwire_start(j);
	ev_periodic_again(j->loop, &j->rotation);
	jq_write_stats(j);
	nlog_printf(j->log, now, "jaque: configuration read in %.3f s beside the running one, "
	    "swapped in in %.1f ms", rr->read_secs, (clockstep_mono() - swap0) * 1e3);
}

/*
 * A configuration that cannot run, at start, told as Nagios tells it: to
 * nagios.log, to syslog with use_syslog and, in the foreground, on stdout
 * (never stderr), in jaque's words.  When nagios.cfg was read (the objects
 * or the pre-flight are broken) Nagios has dropped its privileges and
 * logged its start before it reads the objects: so here too, as
 * nagios_user, after the start lines.  A broken nagios.cfg is shown and
 * sent to syslog only: its log_file may be the broken part.  Returns the
 * exit code: Nagios's exit(ERROR), 254, for broken objects and for a
 * nagios.cfg it cannot open, EXIT_FAILURE for the rest of nagios.cfg.
 * With -d, where Nagios has detached before it reads the objects (its
 * command exits 0), jaque has not: nothing on the terminal, the same code.
 */
static int
jq_bail(struct jaque *j, const struct diag *d, int main_failed)
{
	struct procsetup_ids ids;
	time_t now = time(NULL);
	int rc = main_failed && access(j->config_path, R_OK) == 0 ? 1 : 254;
	unsigned i;

	if (main_failed || procsetup_find_ids(&j->gen->cfg, &ids) < 0 ||
	    procsetup_become(&ids) < 0) {
		jq_syslog_set(j);
		j->log = nlog_open(NULL, 0, NULL);
		nlog_set_syslog(j->log, j->syslog);
		nlog_set_console(j->log, j->daemon_mode ? -1 : STDOUT_FILENO);
	} else {
		(void)jq_open_log(j);
		jq_log_start(j, now);
	}
	for (i = 0; i < diag_count(d); i++) {
		if (diag_get(d, i)->kind == DIAG_ERROR)
			nlog_printf(j->log, now, "%s", diag_get(d, i)->text);
	}
	nlog_printf(j->log, now, "Bailing out due to errors encountered in the configuration "
	    "(%u error(s)). Run jaque -v to see them all.", diag_errors(d));
	nlog_close(j->log);
	j->log = NULL;
	syslogout_free(j->syslog);
	j->syslog = NULL;
	return rc;
}

static void
jq_sighup_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
	(void)loop;
	(void)revents;
	daemon_restart(w->data, "HUP");
}

int
daemon_run(const char *config_path, const char *jaque_cfg, int daemonize)
{
	struct jaque j;
	struct diag *d;
	struct wpool_opts po;
	struct procsetup_ids ids;
	time_t now;
	ssize_t n;
	int rc;

	procsetup_std_fds();
	/* the errors go to stderr below; the warnings to nagios.log (and the
	 * console) once it is open, as Nagios logs them */
	d = diag_new(NULL);
	memset(&j, 0, sizeof(j));
	j.gen = xcalloc(1, sizeof(*j.gen));
	j.config_path = config_path;
	j.jaque_cfg = jaque_cfg;
	j.lock_fd = -1;
	n = readlink("/proc/self/exe", j.self_exe, sizeof(j.self_exe) - 1);
	if (n <= 0) {
		fprintf(stderr, "Error: cannot find my own executable: %s\n", strerror(errno));
		diag_free(d);
		return 1;
	}
	j.self_exe[n] = '\0';
	if ((rc = daemon_read_config(&j, j.gen, d, &j.gearman)) < 0) {
		j.daemon_mode = daemonize;
		rc = jq_bail(&j, d, rc == -1);
		config_gen_free(j.gen);
		free(j.gen);
		diag_free(d);
		return rc;
	}
	j.daemon_mode = daemonize;
	j.lock_path = j.gen->cfg.lock_file != NULL ? xstrdup(j.gen->cfg.lock_file) : NULL;
	jq_syslog_set(&j);
	/*
	 * One jaque per lock file, in the foreground too: a second one is
	 * refused before it touches anything of the first one's (-d refuses
	 * before detaching, so the exit code says so; the daemon takes the
	 * lock itself).  The lock is taken and written as root, then jaque
	 * becomes nagios_user.
	 */
	if (procsetup_find_ids(&j.gen->cfg, &ids) < 0 || procsetup_lock_held(&j) ||
	    (daemonize && procsetup_daemonize() < 0) || procsetup_lock(&j) < 0 ||
	    procsetup_become(&ids) < 0) {
		diag_free(d);
		procsetup_unlock(&j);
		syslogout_free(j.syslog);
		config_gen_free(j.gen);
		free(j.gen);
		mgcfg_free(j.gearman);
		free(j.lock_path);
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	j.loop = ev_default_loop(EVFLAG_AUTO);
	/*
	 * The signals are caught from here on, though their callbacks run only
	 * once the loop does, after the start-up below: a SIGTERM or SIGHUP
	 * during it (a slow start, a service manager in a hurry) used to end
	 * jaque at once, the lock file left behind and no state saved.
	 */
	ev_signal_init(&j.sigterm, jq_sigterm_cb, SIGTERM);
	ev_signal_init(&j.sigint, jq_sigterm_cb, SIGINT);
	ev_signal_init(&j.sighup, jq_sighup_cb, SIGHUP);
	j.sigterm.data = j.sigint.data = j.sighup.data = &j;
	ev_signal_start(j.loop, &j.sigterm);
	ev_signal_start(j.loop, &j.sigint);
	ev_signal_start(j.loop, &j.sighup);
	j.program_start = now = time(NULL);
	if (jq_open_log(&j) < 0)
		fprintf(stderr, "Warning: Cannot open log file '%s' for writing: %s\n",
		    j.gen->cfg.log_file, strerror(errno));
	jq_log_start(&j, now);
	if (j.gen->cfg.object_cache_file != NULL) {
		char err[512];

		if (objcache_write(j.gen->objs, j.gen->cfg.object_cache_file, now, err,
		    sizeof(err)) < 0)
			nlog_warning(j.log, now, "%s", err);
	}
	memset(&po, 0, sizeof(po));
	po.nworkers = j.gen->cfg.workers > 0 ? (unsigned)j.gen->cfg.workers
	            : j.gen->cfg.check_workers > 0 ? (unsigned)j.gen->cfg.check_workers : 0;
	po.self_exe = j.self_exe;
	po.worker_lost = jq_worker_lost;
	po.worker_stuck = jq_worker_stuck;
	po.hook_arg = &j;
	j.pool = wpool_new(j.loop, &po);
	if (j.pool == NULL)
		nlog_printf(j.log, now, "Error: could not start the worker processes; plugins "
		    "cannot run");
	j.builtin = builtin_new(j.loop, NULL);
	j.gm = gmcore_new(&j);
	qhwire_start(&j);
	jq_log_warnings(&j, d, now);
	jq_log_gearman(&j, now);
	diag_free(d);
	j.stats_path = statsfile_path(&j.gen->cfg);
	j.chk = jq_new_checker(&j, j.gen);
	react_init(&j);
	react_gen(&j);
	progstate_init(&j.prog, j.program_start, (long)getpid(), daemonize);
	cmdwire_init(&j);
	persist_load_file(&j, now);
	if (j.gen->cfg.log_initial_states)
		jq_log_states(&j, now, 1);
	checker_start(j.chk);
	clockwatch_start(&j);
	persist_replay(&j, now);
	persist_start(&j);
	cmdwire_start(&j);
	lswire_start(&j);

	ev_timer_init(&j.stats_timer, jq_stats_cb, 1.0, STATS_INTERVAL);
	j.stats_timer.data = &j;
	ev_timer_start(j.loop, &j.stats_timer);
	ev_timer_init(&j.count_timer, jq_count_cb, 1.0, 1.0);
	j.count_timer.data = &j;
	ev_timer_start(j.loop, &j.count_timer);
	ev_periodic_init(&j.rotation, jq_rotation_cb, 0, 0, jq_rotation_at);
	j.rotation.data = &j;
	ev_periodic_start(j.loop, &j.rotation);

	ev_run(j.loop, 0);

	/* shutdown: the checker was stopped by the signal handler */
	reread_abandon(&j);
	lswire_stop(&j);
	qhwire_stop(&j);
	cmdwire_stop(&j);
	persist_stop(&j, 0);
	cmdwire_free(&j);
	react_free(&j);
	progstate_clear(&j.prog);
	ev_timer_stop(j.loop, &j.stats_timer);
	ev_timer_stop(j.loop, &j.count_timer);
	ev_periodic_stop(j.loop, &j.rotation);
	clockwatch_stop(&j);
	builtin_free(j.builtin);
	wpool_free(j.pool);
	checker_free(j.chk, 1);
	/* a reload's old generation may still be being freed */
	bgwork_drain();
	gmcore_free(j.gm);
	nlog_printf(j.log, time(NULL), "Successfully shutdown... (PID=%d)", (int)getpid());
	nlog_close(j.log);
	syslogout_free(j.syslog);
	procsetup_unlock(&j);
	free(j.lock_path);
	free(j.stats_path);
	config_gen_free(j.gen);
	free(j.gen);
	mgcfg_free(j.gearman);
	ev_loop_destroy(j.loop);
	return j.exit_code;
}

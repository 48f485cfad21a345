/*
 * daemon: jaque running: start-up, the loop, reload and shutdown.
 *
 * Start-up reads and checks the whole configuration before anything else
 * (so `jaque -d` with a broken configuration exits non-zero, where Nagios
 * detaches first), drops to nagios_user/nagios_group when started as
 * root, daemonises with -d (lock file with the pid, held with a lock so a
 * second instance refuses to start), opens nagios.log, starts the worker
 * processes and the checker, and runs the loop.  Signals come through
 * ev_signal: SIGTERM/SIGINT stop cleanly (workers kill every plugin
 * group, the stats file is written, the lock file removed); SIGHUP
 * reads the configuration again and, when it is good, swaps in the new
 * generation keeping every surviving object's state; when it is not, the
 * errors are logged and the old generation keeps running.
 */
#define _GNU_SOURCE
#include <ev.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
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
#include "compat/nagioslog.h"
#include "compat/objcache.h"
#include "compat/statsfile.h"
#include "engine/check/checker.h"
#include "engine/main/builtin.h"
#include "engine/main/daemon.h"
#include "engine/main/daemon_int.h"
#include "engine/main/dstats.h"
#include "engine/objects/objects.h"
#include "engine/sched/drift.h"
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
		return;
	case CHECKER_EV_SERVICE_NOTIFY:
	case CHECKER_EV_HOST_NOTIFY:
		react_result_notify(j, h, s, out, t);
		return;
	case CHECKER_EV_SERVICE_RESULT:
	case CHECKER_EV_HOST_RESULT:
		react_result(j, h, s, out, t);
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
	c = checker_new(j->loop, gen->objs, &gen->cfg, j->pool, &hooks, j->program_start);
	checker_set_checkstats(c, &j->prog.stats);
	return c;
}

/* ---- reading the configuration ---- */

/* read and pre-flight; 0 when usable.  Diagnostics go to d. */
static int
jq_read_config(struct jaque *j, struct config_gen *gen, struct diag *d)
{
	struct preflight_counts counts;
	enum config_stage st;

	st = config_read(j->config_path, j->jaque_cfg, d, NULL, gen);
	if (st != CONFIG_OK)
		return -1;
	if (config_preflight(gen, d, 0, &counts, NULL) > 0 || diag_errors(d) > 0)
		return -1;
	return 0;
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
		/* Nagios prints a service's missing output as "(null)" (a host's as "") */
		nlog_service_state(j->log, now, initial, o->services[i].host->name,
		    o->services[i].description, state_svc_name(ss[i].c.current_state),
		    state_type_name(ss[i].c.state_type), ss[i].c.current_attempt,
		    ss[i].c.output != NULL ? ss[i].c.output : "(null)");
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
	struct timespec ts;
	double mono;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	mono = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (j->pace_mono > 0 && mono - j->pace_mono < STRETCH_MIN_PERIOD)
		return;
	if (j->pace_mono > 0) {
		p.demand = checker_demand(j->chk);
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
	    &j->overload, &j->stretch);
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

void
daemon_restart(struct jaque *j)
{
	struct config_gen *gen = xcalloc(1, sizeof(*gen));
	struct diag *d = diag_new(NULL);
	struct checker *nc;
	time_t now = time(NULL);
	unsigned i;

	nlog_printf(j->log, now, "Caught SIGHUP, restarting...");
	if (jq_read_config(j, gen, d) < 0) {
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
		return;
	}
	diag_free(d);
	/* retention as it stands before the change, as Nagios saves it */
	persist_stop(j, 1);
	jq_carry_switches(&gen->cfg, &j->gen->cfg, &j->prog);
	nc = jq_new_checker(j, gen);
	checker_adopt(nc, j->chk);
	/* the old checker lets go of its generation here; its checks still in
	 * flight only hold the checker itself */
	checker_free(j->chk, 0);
	{
		struct config_gen *old = j->gen;

		j->gen = gen;
		j->chk = nc;
		react_gen(j);
		cmdwire_reload(j, old);
		config_gen_free(old);
		free(old);
	}
	nlog_close(j->log);
	j->log = nlog_open(j->gen->cfg.log_file, j->gen->cfg.log_rotation_method,
	    j->gen->cfg.log_archive_path);
	if (j->log == NULL) {
		log_warn("cannot open %s", j->gen->cfg.log_file);
		j->log = nlog_open(NULL, 0, NULL);
	}
	jq_log_start(j, now);
	if (j->gen->cfg.object_cache_file != NULL) {
		char err[512];

		if (objcache_write(j->gen->objs, j->gen->cfg.object_cache_file, now, err,
		    sizeof(err)) < 0)
			nlog_warning(j->log, now, "%s", err);
	}
	checker_start(j->chk);
	persist_start(j);
	cmdwire_start(j);
	ev_periodic_again(j->loop, &j->rotation);
	jq_write_stats(j);
}

static void
jq_sighup_cb(struct ev_loop *loop, ev_signal *w, int revents)
{
	(void)loop;
	(void)revents;
	daemon_restart(w->data);
}

/* ---- process set-up ---- */

/*
 * As root, become nagios_user and nagios_group (names or numbers).  Unset,
 * they default to "nagios" as Debian's nagios4 is built; a default that
 * does not exist on this machine leaves jaque as it is, a configured one
 * that does not exist is an error.
 */
static int
jq_drop_privileges(const struct main_cfg *cfg)
{
	const char *user = cfg->nagios_user != NULL ? cfg->nagios_user : "nagios";
	const char *group = cfg->nagios_group != NULL ? cfg->nagios_group : "nagios";
	struct passwd *pw = NULL;
	struct group *gr = NULL;
	uid_t uid;
	gid_t gid;

	if (geteuid() != 0)
		return 0;
	gr = getgrnam(group);
	if (gr == NULL && strspn(group, "0123456789") == strlen(group))
		gr = getgrgid((gid_t)strtoul(group, NULL, 10));
	if (gr == NULL && cfg->nagios_group != NULL) {
		fprintf(stderr, "Error: could not find group '%s'\n", group);
		return -1;
	}
	pw = getpwnam(user);
	if (pw == NULL && strspn(user, "0123456789") == strlen(user))
		pw = getpwuid((uid_t)strtoul(user, NULL, 10));
	if (pw == NULL && cfg->nagios_user != NULL) {
		fprintf(stderr, "Error: could not find user '%s'\n", user);
		return -1;
	}
	gid = gr != NULL ? gr->gr_gid : pw != NULL ? pw->pw_gid : getegid();
	uid = pw != NULL ? pw->pw_uid : geteuid();
	if (gid != getegid() && setgid(gid) < 0) {
		fprintf(stderr, "Error: could not set group id %u: %s\n", (unsigned)gid,
		    strerror(errno));
		return -1;
	}
	if (pw != NULL && uid != 0) {
		if (initgroups(pw->pw_name, gid) < 0 || setuid(uid) < 0) {
			fprintf(stderr, "Error: could not become user '%s': %s\n", pw->pw_name,
			    strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* 1 (and a message) when a running process holds the lock file */
static int
jq_lock_held(const char *path)
{
	struct flock fl;
	int fd;

	if (path == NULL || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK) {
		fprintf(stderr, "Lockfile '%s' looks like its already held by another instance "
		    "(PID %ld).  Bailing out...\n", path, (long)fl.l_pid);
		close(fd);
		return 1;
	}
	close(fd);
	return 0;
}

/* the lock file, locked; -1 when another instance holds it */
static int
jq_lock(struct jaque *j)
{
	struct flock fl;
	char buf[32];
	int fd, n;

	if (j->lock_path == NULL)
		return 0;
	fd = open(j->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "Error: cannot open lock file '%s': %s\n", j->lock_path,
		    strerror(errno));
		return -1;
	}
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		n = (int)read(fd, buf, sizeof(buf) - 1);
		buf[n > 0 ? n : 0] = '\0';
		fprintf(stderr, "Lockfile '%s' looks like its already held by another instance "
		    "(PID %ld).  Bailing out...\n", j->lock_path, strtol(buf, NULL, 10));
		close(fd);
		return -1;
	}
	n = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) < 0 || write(fd, buf, (size_t)n) != n) {
		fprintf(stderr, "Error: cannot write lock file '%s': %s\n", j->lock_path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	j->lock_fd = fd;
	return 0;
}

/* fork into the background; the parent exits 0 once the child is set up */
static int
jq_daemonize(void)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		return -1;
	if (pid > 0)
		_exit(0);
	if (setsid() < 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0)
		_exit(0);
	umask(022);
	if (chdir("/") < 0)
		return -1;
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	return 0;
}

int
daemon_run(const char *config_path, const char *jaque_cfg, int daemonize)
{
	struct jaque j;
	struct diag *d = diag_new(stderr);
	struct wpool_opts po;
	time_t now;
	ssize_t n;

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
	if (jq_read_config(&j, j.gen, d) < 0) {
		fprintf(stderr, "Bailing out due to errors encountered in the configuration "
		    "(%u error(s)). Run jaque -v to see them all.\n", diag_errors(d));
		config_gen_free(j.gen);
		free(j.gen);
		diag_free(d);
		return 1;
	}
	diag_free(d);
	if (jq_drop_privileges(&j.gen->cfg) < 0) {
		config_gen_free(j.gen);
		free(j.gen);
		return 1;
	}
	if (daemonize) {
		j.lock_path = j.gen->cfg.lock_file != NULL ? xstrdup(j.gen->cfg.lock_file) : NULL;
		/* refuse before detaching when another instance holds the lock,
		 * so the exit code says so; the daemon takes the lock itself */
		if (jq_lock_held(j.lock_path) || jq_daemonize() < 0 || jq_lock(&j) < 0) {
			config_gen_free(j.gen);
			free(j.gen);
			free(j.lock_path);
			return 1;
		}
	}
	signal(SIGPIPE, SIG_IGN);
	j.loop = ev_default_loop(EVFLAG_AUTO);
	j.program_start = now = time(NULL);
	j.log = nlog_open(j.gen->cfg.log_file, j.gen->cfg.log_rotation_method,
	    j.gen->cfg.log_archive_path);
	if (j.log == NULL) {
		fprintf(stderr, "Warning: Cannot open log file '%s' for writing: %s\n",
		    j.gen->cfg.log_file, strerror(errno));
		j.log = nlog_open(NULL, 0, NULL);
	}
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
	po.hook_arg = &j;
	j.pool = wpool_new(j.loop, &po);
	if (j.pool == NULL)
		nlog_printf(j.log, now, "Error: could not start the worker processes; plugins "
		    "cannot run");
	j.builtin = builtin_new(j.loop, NULL);
	j.stats_path = statsfile_path(&j.gen->cfg);
	j.chk = jq_new_checker(&j, j.gen);
	react_init(&j);
	react_gen(&j);
	j.daemon_mode = daemonize;
	progstate_init(&j.prog, j.program_start, (long)getpid(), daemonize);
	cmdwire_init(&j);
	persist_load_file(&j, now);
	if (j.gen->cfg.log_initial_states)
		jq_log_states(&j, now, 1);
	checker_start(j.chk);
	persist_replay(&j, now);
	persist_start(&j);
	cmdwire_start(&j);

	ev_signal_init(&j.sigterm, jq_sigterm_cb, SIGTERM);
	ev_signal_init(&j.sigint, jq_sigterm_cb, SIGINT);
	ev_signal_init(&j.sighup, jq_sighup_cb, SIGHUP);
	j.sigterm.data = j.sigint.data = j.sighup.data = &j;
	ev_signal_start(j.loop, &j.sigterm);
	ev_signal_start(j.loop, &j.sigint);
	ev_signal_start(j.loop, &j.sighup);
	ev_timer_init(&j.stats_timer, jq_stats_cb, 1.0, STATS_INTERVAL);
	j.stats_timer.data = &j;
	ev_timer_start(j.loop, &j.stats_timer);
	ev_periodic_init(&j.rotation, jq_rotation_cb, 0, 0, jq_rotation_at);
	j.rotation.data = &j;
	ev_periodic_start(j.loop, &j.rotation);

	ev_run(j.loop, 0);

	/* shutdown: the checker was stopped by the signal handler */
	cmdwire_stop(&j);
	persist_stop(&j, 0);
	cmdwire_free(&j);
	react_free(&j);
	progstate_clear(&j.prog);
	ev_timer_stop(j.loop, &j.stats_timer);
	ev_periodic_stop(j.loop, &j.rotation);
	builtin_free(j.builtin);
	wpool_free(j.pool);
	checker_free(j.chk, 1);
	nlog_printf(j.log, time(NULL), "Successfully shutdown... (PID=%d)", (int)getpid());
	nlog_close(j.log);
	if (j.lock_fd >= 0) {
		unlink(j.lock_path);
		close(j.lock_fd);
	}
	free(j.lock_path);
	free(j.stats_path);
	config_gen_free(j.gen);
	free(j.gen);
	ev_loop_destroy(j.loop);
	return j.exit_code;
}

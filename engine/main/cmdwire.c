/*
 * cmdwire: the daemon's side of external commands and what they act on.
 *
 * It owns the comment and downtime stores and the contacts' run-time
 * state, reads the command FIFO (compat/cmdpipe) and the check result
 * spool (compat/crspool), hands each line to the command language
 * (compat/extcmd) and journals what changed state (persist.c).  Downtime
 * moves at every whole second (when Nagios's downtime events, queued for
 * whole seconds, fire) and on the loop pass after a command or a result
 * that made one due now; its STARTED/STOPPED/CANCELLED lines go to
 * nagios.log.  Check results come back here from the checker's result
 * hook: a cleared acknowledgement takes its non-persistent comments with
 * it, a state change may start a pending flexible downtime, and a flap
 * edge adds or deletes the object's flapping comment.
 * RESTART_PROCESS and SHUTDOWN_PROCESS act from a zero-delay timer, after
 * the command's own line is finished.
 *
 * With command_journal_sync on, what one read of the pipe or one pass of
 * the spool brings is staged and applied as one batch (cmdahead.c; a
 * spool record travels as one line, crspool_encode); Livestatus's
 * commands likewise (lswire.c).  Off, each line is applied as it comes
 * and journalled after, and spool records are applied without a journal,
 * as before the setting existed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/cmdpipe.h"
#include "compat/config/config.h"
#include "compat/crspool.h"
#include "compat/extcmd.h"
#include "compat/livestatus/lsquery.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/check/flapping.h"
#include "engine/check/statemachine.h"
#include "engine/main/daemon_int.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"

/* ---- downtime hooks ---- */

static struct state_common *
cw_state(void *arg, const char *host, const char *svc)
{
	struct jaque *j = arg;
	const struct objects *o = j->gen->objs;

	if (svc != NULL) {
		const struct obj_service *s = objects_find_service(o, host, svc);

		return s != NULL ? &checker_svc_states(j->chk)[s->id].c : NULL;
	} else {
		const struct obj_host *h = objects_find_host(o, host);

		return h != NULL ? &checker_host_states(j->chk)[h->id].c : NULL;
	}
}

static void
cw_downtime_event(void *arg, enum downtime_event ev, const struct downtime *d, time_t t)
{
	struct jaque *j = arg;
	static const char *const what[] = { "STARTED", "STOPPED", "CANCELLED" };
	static const char *const host_text[] = {
		"Host has entered a period of scheduled downtime",
		"Host has exited from a period of scheduled downtime",
		"Scheduled downtime for host has been cancelled."
	};
	static const char *const svc_text[] = {
		"Service has entered a period of scheduled downtime",
		"Service has exited from a period of scheduled downtime",
		"Scheduled downtime for service has been cancelled."
	};

	if (j->replaying)
		return;
	lswire_event(j, LSQ_WAIT_DOWNTIME);
	if (ev == DOWNTIME_EV_EXPIRED) {
		/* Nagios logs nothing, but sends DOWNTIMEEND */
		react_downtime(j, ev, d, t);
		return;
	}
	if (d->svc != NULL)
		nlog_printf(j->log, t, "SERVICE DOWNTIME ALERT: %s;%s;%s; %s", d->host, d->svc,
		    what[ev], svc_text[ev]);
	else
		nlog_printf(j->log, t, "HOST DOWNTIME ALERT: %s;%s; %s", d->host, what[ev],
		    host_text[ev]);
	react_downtime(j, ev, d, t);
}

static int
cw_date_format(void *arg)
{
	struct jaque *j = arg;

	return j->gen->cfg.date_format_id;
}

/* a downtime is due now: tick once the callback running now (a batch of
 * pipe lines, a check result) is done; the clock starts in cmdwire_start,
 * whose own tick does it before then */
static void
cw_downtime_soon(void *arg)
{
	struct jaque *j = arg;

	if (ev_is_active(&j->downtime_timer))
		ev_feed_event(j->loop, &j->downtime_timer, EV_PERIODIC);
}

/*
 * The events Nagios's init_timing_loop queues behind the downtime events
 * of a start or restart (base/events.c): a check for each host and
 * service it schedules, the check reaper and the status save, and those
 * the configuration asks for.  They decide where in Nagios's event heap a
 * downtime end queued during its first pass lands (downtime.c).
 */
static size_t
cw_downtime_queued(void *arg)
{
	struct jaque *j = arg;
	const struct main_cfg *cfg = &j->gen->cfg;
	const struct objects *o = j->gen->objs;
	size_t n = 2, i;

	for (i = 0; i < o->nhosts; i++)
		n += checker_host_states(j->chk)[i].c.should_be_scheduled != 0;
	for (i = 0; i < o->nservices; i++)
		n += checker_svc_states(j->chk)[i].c.should_be_scheduled != 0;
	n += cfg->auto_reschedule_checks != 0;
	n += cfg->check_for_orphaned_services || cfg->check_for_orphaned_hosts;
	n += cfg->check_service_freshness != 0;
	n += cfg->check_host_freshness != 0;
	n += cfg->log_rotation_method != MAINCFG_ROT_NONE;
	n += cfg->retain_state_information && cfg->retention_update_interval > 0;
	return n;
}

static void
cw_contacts_init(struct jaque *j)
{
	const struct objects *o = j->gen->objs;
	unsigned i;

	j->contacts = xcalloc(o->ncontacts ? o->ncontacts : 1, sizeof(*j->contacts));
	for (i = 0; i < o->ncontacts; i++)
		state_contact_init(&j->contacts[i], &o->contacts[i]);
}

void
cmdwire_init(struct jaque *j)
{
	struct downtime_hooks dh;

	memset(&dh, 0, sizeof(dh));
	dh.arg = j;
	dh.state = cw_state;
	dh.event = cw_downtime_event;
	dh.date_format = cw_date_format;
	dh.soon = cw_downtime_soon;
	dh.queued = cw_downtime_queued;
	j->comments = comments_new();
	j->downtimes = downtimes_new(j->comments, &j->prog, &dh);
	cw_contacts_init(j);
}

/* ---- commands ---- */

static void
cw_control_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct jaque *j = w->data;

	(void)loop;
	(void)revents;
	if (j->want_shutdown) {
		j->want_shutdown = 0;
		daemon_shutdown(j, NULL);
	} else if (j->want_restart) {
		j->want_restart = 0;
		daemon_restart(j, NULL);
	}
}

static void
cw_restart(void *arg)
{
	struct jaque *j = arg;

	j->want_restart = 1;
	ev_timer_set(&j->control_timer, 0., 0.);
	ev_timer_start(j->loop, &j->control_timer);
}

static void
cw_shutdown(void *arg)
{
	struct jaque *j = arg;

	j->want_shutdown = 1;
	ev_timer_set(&j->control_timer, 0., 0.);
	ev_timer_start(j->loop, &j->control_timer);
}

static int
cw_save_state(void *arg)
{
	return persist_retention_now(arg, 0);
}

static int
cw_read_state(void *arg)
{
	struct jaque *j = arg;

	/* the journal already holds everything since the last save: read the
	 * file only, as Nagios does */
	persist_load_file(j, time(NULL));
	return 0;
}

static void
cw_notify(void *arg, const struct obj_host *h, const struct obj_service *s, int type,
    const char *author, const char *comment, unsigned options)
{
	react_notify(arg, h, s, type, author, comment, options, time(NULL));
}

static void
cw_flap_ended(void *arg, const struct obj_host *h, const struct obj_service *s, int type)
{
	react_flap_ended(arg, h, s, type, time(NULL));
}

/* check_for_*_flapping(update FALSE): the history as it stands, judged
 * again (flap_service and flap_host with record 0 do not record) */
static void
cw_flap_recheck(void *arg, const struct obj_host *h, const struct obj_service *s)
{
	struct jaque *j = arg;
	struct flap_outcome fo;
	enum flap_edge e;

	if (s != NULL)
		e = flap_service(&checker_svc_states(j->chk)[s->id], s, &j->gen->cfg, &fo);
	else
		e = flap_host(&checker_host_states(j->chk)[h->id], h, &j->gen->cfg, 0, &fo);
	if (e != FLAP_EDGE_NONE)
		daemon_flap_edge(j, time(NULL), h, s, &fo);
}

static int cw_spool_apply(struct jaque *j, const struct crspool_result *r, time_t now);

enum extcmd_status
cmdwire_apply_one(struct jaque *j, const char *line, size_t len, time_t now, int replay, int *journal)
{
	struct extcmd_ctx x;
	enum extcmd_status st;
	/* a Livestatus query waiting for a program-wide change compares these */
	struct main_cfg *before = NULL;

	memset(&x, 0, sizeof(x));
	x.objs = j->gen->objs;
	x.cfg = &j->gen->cfg;
	x.prog = &j->prog;
	x.chk = j->chk;
	x.contacts = j->contacts;
	x.comments = j->comments;
	x.downtimes = j->downtimes;
	x.log = j->log;
	x.replaying = replay;
	x.arg = j;
	if (!replay) {
		x.restart = cw_restart;
		x.shutdown = cw_shutdown;
		x.save_state = cw_save_state;
		x.read_state = cw_read_state;
		x.notify = cw_notify;
		x.flap_ended = cw_flap_ended;
		x.flap_recheck = cw_flap_recheck;
	}
	if (!replay && lswire_waiting(j))
		before = memcpy(xmalloc(sizeof(*before)), &j->gen->cfg, sizeof(*before));
	st = extcmd_process(&x, line, len, now, journal);
	if (!replay && st == EXTCMD_OK)
		lswire_event(j, LSQ_WAIT_COMMAND |
		    (before != NULL && memcmp(before, &j->gen->cfg, sizeof(*before)) != 0 ?
			LSQ_WAIT_PROGRAM : 0));
	free(before);
	/* the loop pass after a replayed command: what it made due starts as
	 * it did then, quietly */
	if (replay)
		downtimes_tick(j->downtimes, now);
	if (st != EXTCMD_MALFORMED && st != EXTCMD_DISABLED)
		checkstats_add(&j->prog.stats, CHECKSTATS_EXTERNAL_COMMAND, now);
	return st;
}

int
cmdwire_is_spool(const char *line, size_t len)
{
	return len >= 8 && memcmp(line, "CRSPOOL;", 8) == 0;
}

int
cmdwire_spool_line(struct jaque *j, const char *line, size_t len, time_t now)
{
	struct crspool_result r;
	char *copy = xstrndup(line, len);
	int taken = 0;

	if (crspool_decode(copy, &r) == 0) {
		taken = cw_spool_apply(j, &r, now);
		if (j->replaying && r.file != NULL)
			cmdahead_spool_replayed(j, r.file);
	}
	free(copy);
	return taken;
}

enum extcmd_status
cmdwire_apply(struct jaque *j, const char *line, size_t len, time_t now, int replay)
{
	enum extcmd_status st;
	int journal = 0;

	if (replay && cmdwire_is_spool(line, len))
		return cmdwire_spool_line(j, line, len, now) ? EXTCMD_OK : EXTCMD_FAILED;
	st = cmdwire_apply_one(j, line, len, now, replay, &journal);
	if (st == EXTCMD_OK && journal && !replay)
		persist_journal(j, now, line, len);
	return st;
}

static void
cw_pipe_line(void *arg, const char *line, size_t len)
{
	struct jaque *j = arg;

	if (cmdahead_on(j)) {
		cmdahead_stage(j, line, len, time(NULL));
		return;
	}
	cmdwire_apply(j, line, len, time(NULL), 0);
	cmdahead_applied(j);
}

static void
cw_pipe_batch(void *arg)
{
	cmdahead_run(arg);
}

static void
cw_pipe_overlong(void *arg, size_t len)
{
	struct jaque *j = arg;

	nlog_warning(j->log, time(NULL), "An external command of %zu bytes or more was longer "
	    "than %u bytes and was skipped", len, CMDPIPE_LINE_MAX);
}

/* ---- the check result spool ---- */

/* apply one record at now; 1 when it was taken, 0 when no such object */
static int
cw_spool_apply(struct jaque *j, const struct crspool_result *r, time_t now)
{
	const struct objects *o = j->gen->objs;
	const struct obj_host *h = objects_find_host(o, r->host);
	const struct obj_service *s = NULL;
	struct state_common *st;
	struct check_result cr;
	time_t when;

	if (h == NULL) {
		if (j->replaying)
			return 0;
		if (r->svc != NULL)
			nlog_printf(j->log, now, "Error: Got check result for service '%s' on host "
			    "'%s'. Unable to find service", r->svc, r->host);
		else
			nlog_printf(j->log, now, "Error: Got host checkresult for '%s', but no such "
			    "host can be found", r->host);
		return 0;
	}
	if (r->svc != NULL) {
		s = objects_find_service(o, r->host, r->svc);
		if (s == NULL) {
			if (!j->replaying)
				nlog_printf(j->log, now, "Error: Got check result for service '%s' on "
				    "host '%s'. Unable to find service", r->svc, r->host);
			return 0;
		}
		st = &checker_svc_states(j->chk)[s->id].c;
	} else {
		st = &checker_host_states(j->chk)[h->id].c;
	}
	when = r->start_time > 0 ? (time_t)r->start_time : now;
	/*
	 * check_type 0 is an active result, as a worker's: Nagios maps its
	 * exit (timeouts, "did not exit properly", codes out of bounds), takes
	 * it whatever the passive switches say, and logs no PASSIVE line.
	 */
	memset(&cr, 0, sizeof(cr));
	if (r->check_type == 0) {
		check_result_from_file(&cr, s == NULL, h->name, s != NULL ? s->description : NULL,
		    r->return_code, r->exited_ok, r->early_timeout, r->output, strlen(r->output),
		    r->start_time > 0 ? r->start_time : (double)now,
		    r->finish_time > 0 ? r->finish_time : (double)when, &j->gen->cfg);
		cr.latency = r->latency;
		checker_file_result(j->chk, h, s, &cr);
		return 1;
	}
	/* Nagios logs a passive result here with the state before it (a quirk it
	 * has), and an output it never had as glibc prints NULL */
	if (j->gen->cfg.log_passive_checks && !j->replaying &&
	    (s != NULL ? j->gen->cfg.accept_passive_service_checks
	               : j->gen->cfg.accept_passive_host_checks) && st->passive_checks_enabled)
		nlog_passive(j->log, now, h->name, s != NULL ? s->description : NULL,
		    st->current_state, st->output != NULL ? st->output : "(null)");
	/* the file's latency and run time, as Nagios keeps them */
	if (check_result_passive(&cr, s == NULL, r->return_code, r->output, strlen(r->output),
	    when) < 0)
		return 0;
	if (r->finish_time > r->start_time && r->start_time > 0) {
		cr.finish.tv_sec = (time_t)r->finish_time;
		cr.finish.tv_usec = (suseconds_t)((r->finish_time - (double)cr.finish.tv_sec) * 1e6);
		cr.start.tv_usec = (suseconds_t)((r->start_time - (double)when) * 1e6);
	}
	cr.latency = r->latency;
	checker_file_result(j->chk, h, s, &cr);
	return 1;
}

static void
cw_spool_result(void *arg, const struct crspool_result *r)
{
	struct jaque *j = arg;

	if (cmdahead_spool_was_replayed(j, r))
		return;
	if (persist_ahead(j)) {
		char *line = crspool_encode(r);

		cmdahead_stage(j, line, strlen(line), time(NULL));
		free(line);
		return;
	}
	(void)cw_spool_apply(j, r, time(NULL));
	cmdahead_applied(j);
}

static void
cw_spool_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct jaque *j = w->data;
	const struct main_cfg *cfg = &j->gen->cfg;
	struct crspool_stats st;

	(void)loop;
	(void)revents;
	if (crspool_scan(cfg->check_result_path, time(NULL), cfg->max_check_result_file_age,
	    cfg->max_check_result_reaper_time, cw_spool_result,
	    persist_ahead(j) ? cmdahead_taken : NULL, j, &st) < 0)
		nlog_printf(j->log, time(NULL), "Error: Could not open check result queue "
		    "directory '%s' for reading.", cfg->check_result_path);
	cmdahead_run(j);
	/* the files left by a crash were all there at the first pass */
	cmdahead_spool_forget(j);
}

static void
cw_downtime_cb(struct ev_loop *loop, ev_periodic *w, int revents)
{
	struct jaque *j = w->data;
	time_t now = time(NULL);

	(void)revents;
	/* time() may read a clock a few milliseconds behind the loop's: the
	 * second that just began is the one due */
	if ((time_t)ev_now(loop) > now)
		now = (time_t)ev_now(loop);
	downtimes_tick(j->downtimes, now);
	react_tick(j, now);
}

void
cmdwire_start(struct jaque *j)
{
	const struct main_cfg *cfg = &j->gen->cfg;
	char err[1024];
	double every;

	ev_timer_init(&j->control_timer, cw_control_cb, 0., 0.);
	j->control_timer.data = j;
	/* a reload makes the pipe again when someone removed or replaced it
	 * (Nagios keeps reading the one it has, which nobody can open any more) */
	if (j->pipe != NULL && cfg->command_file != NULL &&
	    !cmdpipe_intact(j->pipe, cfg->command_file)) {
		cmdpipe_drain(j->pipe);
		cmdpipe_free(j->pipe);
		j->pipe = NULL;
	}
	if (cfg->check_external_commands && cfg->command_file != NULL && j->pipe == NULL) {
		struct cmdpipe_hooks ph;

		memset(&ph, 0, sizeof(ph));
		ph.arg = j;
		ph.line = cw_pipe_line;
		ph.overlong = cw_pipe_overlong;
		ph.batch = cw_pipe_batch;
		j->pipe = cmdpipe_open(j->loop, cfg->command_file, &ph, err, sizeof(err));
		if (j->pipe == NULL)
			nlog_printf(j->log, time(NULL), "%s", err);
	}
	ev_periodic_stop(j->loop, &j->downtime_timer);
	ev_periodic_init(&j->downtime_timer, cw_downtime_cb, 0., 1., NULL);
	j->downtime_timer.data = j;
	ev_periodic_start(j->loop, &j->downtime_timer);
	downtimes_tick(j->downtimes, time(NULL));
	ev_timer_stop(j->loop, &j->spool_timer);
	if (cfg->check_result_path != NULL) {
		every = cfg->check_result_reaper_frequency > 0 ? cfg->check_result_reaper_frequency
		                                               : 10;
		ev_timer_init(&j->spool_timer, cw_spool_cb, every, every);
		j->spool_timer.data = j;
		ev_timer_start(j->loop, &j->spool_timer);
	}
}

/* ---- results, reload, shutdown ---- */

void
cmdwire_result(struct jaque *j, const char *host, const char *svc, unsigned flags, time_t now)
{
	if (flags & SM_ACK_CLEARED)
		comments_delete_object(j->comments, host, svc, COMMENT_ACKNOWLEDGEMENT, 0);
	if (flags & SM_STATE_OR_TYPE)
		downtimes_object_state(j->downtimes, host, svc, now);
}

/* whether the object (svc NULL: the host itself) has a flapping comment */
static int
cw_has_flapping_comment(const struct comments *cs, const char *host, const char *svc)
{
	size_t i, n = comments_count(cs);

	for (i = 0; i < n; i++) {
		const struct comment *c = comments_at(cs, i);

		if (c->entry_type == COMMENT_FLAPPING && strcmp(c->host, host) == 0 &&
		    (svc == NULL ? c->svc == NULL : c->svc != NULL && strcmp(c->svc, svc) == 0))
			return 1;
	}
	return 0;
}

void
cmdwire_flapping(struct jaque *j, const char *host, const char *svc,
    const struct flap_outcome *fo, time_t now)
{
	struct state_common *st = cw_state(j, host, svc);
	const struct comment *cm;
	char text[512];

	if (fo->edge != FLAP_EDGE_STARTED) {
		comments_delete_object(j->comments, host, svc, COMMENT_FLAPPING, 1);
		if (st != NULL)
			st->flapping_comment_id = 0;
		return;
	}
	/* Nagios adds one only when the object has none (flapping_comment_id 0) */
	if (cw_has_flapping_comment(j->comments, host, svc))
		return;
	snprintf(text, sizeof(text),
	    "Notifications for this %s are being suppressed because it was detected as having "
	    "been flapping between different states (%2.1f%% change %s %2.1f%% threshold).  "
	    "When the %s state stabilizes and the flapping stops, notifications will be "
	    "re-enabled.",
	    svc != NULL ? "service" : "host", fo->percent, svc != NULL ? ">=" : ">", fo->high,
	    svc != NULL ? "service" : "host");
	cm = comments_add(j->comments, 0, &j->prog.next_comment_id, COMMENT_FLAPPING, host, svc,
	    now, "(Nagios Process)", text, 0, COMMENT_SOURCE_INTERNAL, 0, 0);
	if (cm != NULL && st != NULL)
		st->flapping_comment_id = cm->id;
}

static int
cw_object_exists(const struct objects *o, const char *host, const char *svc)
{
	return svc != NULL ? objects_find_service(o, host, svc) != NULL
	                   : objects_find_host(o, host) != NULL;
}

void
cmdwire_reload(struct jaque *j, struct config_gen *old)
{
	const struct objects *o = j->gen->objs;
	struct contact_state *prev = j->contacts;
	unsigned long *gone;
	size_t i, n, ngone;
	unsigned k;

	/* contacts: carry each one's state across by name */
	cw_contacts_init(j);
	for (k = 0; k < o->ncontacts; k++) {
		const struct obj_contact *oc = objects_find_contact(old->objs, o->contacts[k].name);

		if (oc != NULL)
			state_contact_move(&j->contacts[k], &prev[oc->id], o, &o->contacts[k]);
	}
	for (k = 0; k < old->objs->ncontacts; k++)
		state_contact_clear(&prev[k]);
	free(prev);
	/* comments and downtime of objects that are gone go with them (ids
	 * first: each deletion may take others with it) */
	n = downtimes_count(j->downtimes);
	gone = xcalloc(n ? n : 1, sizeof(*gone));
	for (i = 0, ngone = 0; i < n; i++) {
		const struct downtime *d = downtimes_at(j->downtimes, i);

		if (!cw_object_exists(o, d->host, d->svc))
			gone[ngone++] = d->id;
	}
	j->replaying = 1;
	for (i = 0; i < ngone; i++)
		downtimes_delete(j->downtimes, gone[i], time(NULL));
	free(gone);
	j->replaying = 0;
	for (i = comments_count(j->comments); i-- > 0;) {
		const struct comment *c = comments_at(j->comments, i);

		if (!cw_object_exists(o, c->host, c->svc))
			comments_delete(j->comments, c->id);
	}
}

/*
 * What a Nagios 4.4.6 restart (SIGHUP, RESTART_PROCESS) does to downtime
 * when it reads retention.dat again (xdata/xrddefault.c): every downtime
 * comment is dropped (they are never kept across a restart), then each
 * downtime is added in the file's order, which is the store's, and
 * registered (common/downtime.c register_downtime): a new comment with a
 * new id, and one that was in effect starts again from a depth of 0, so
 * its STARTED line is logged again (its notification is not sent again:
 * start_notification_sent).  The list is then sorted as sort_downtime()
 * leaves it.  A triggered downtime goes after its trigger whatever the
 * order, as at start-up (compat/retention_read.c).
 */
struct cw_readd {
	struct jaque *j;
	const struct downtime *keep;
	time_t now;
};

static unsigned long
cw_readd_trigger(void *arg, size_t i)
{
	return ((struct cw_readd *)arg)->keep[i].triggered_by;
}

static void
cw_readd(void *arg, size_t i)
{
	struct cw_readd *r = arg;

	(void)downtimes_add_retained(r->j->downtimes, &r->keep[i], r->now);
}

void
cmdwire_restart_downtime(struct jaque *j, time_t now)
{
	const struct objects *o = j->gen->objs;
	size_t i, n = downtimes_count(j->downtimes);
	struct downtime *keep = xcalloc(n ? n : 1, sizeof(*keep));
	struct cw_readd r;

	for (i = 0; i < n; i++) {
		const struct downtime *d = downtimes_at(j->downtimes, i);

		keep[i] = *d;
		keep[i].host = xstrdup(d->host);
		keep[i].svc = d->svc != NULL ? xstrdup(d->svc) : NULL;
		keep[i].author = xstrdup(d->author);
		keep[i].comment = xstrdup(d->comment);
	}
	/* gone quietly, their comments with them, and any other downtime comment */
	j->replaying = 1;
	for (i = 0; i < n; i++)
		(void)downtimes_delete(j->downtimes, keep[i].id, now);
	j->replaying = 0;
	/* a restart empties the event queue: the expire events too */
	downtimes_drop_events(j->downtimes);
	for (i = comments_count(j->comments); i-- > 0;) {
		const struct comment *c = comments_at(j->comments, i);

		if (c->entry_type == COMMENT_DOWNTIME)
			comments_delete(j->comments, c->id);
	}
	/* the objects are new in Nagios: no downtime counted in */
	for (i = 0; i < o->nhosts; i++)
		checker_host_states(j->chk)[i].c.scheduled_downtime_depth = 0;
	for (i = 0; i < o->nservices; i++)
		checker_svc_states(j->chk)[i].c.scheduled_downtime_depth = 0;
	r.j = j;
	r.keep = keep;
	r.now = now;
	downtimes_add_in_order(j->downtimes, n, cw_readd_trigger, cw_readd, &r);
	for (i = 0; i < n; i++) {
		free(keep[i].host);
		free(keep[i].svc);
		free(keep[i].author);
		free(keep[i].comment);
	}
	free(keep);
}

void
cmdwire_stop(struct jaque *j)
{
	ev_periodic_stop(j->loop, &j->downtime_timer);
	ev_timer_stop(j->loop, &j->spool_timer);
	ev_timer_stop(j->loop, &j->control_timer);
	cmdpipe_free(j->pipe);
	j->pipe = NULL;
}

void
cmdwire_free(struct jaque *j)
{
	unsigned k;

	cmdahead_free(j);
	downtimes_free(j->downtimes);
	comments_free(j->comments);
	for (k = 0; j->contacts != NULL && k < j->gen->objs->ncontacts; k++)
		state_contact_clear(&j->contacts[k]);
	free(j->contacts);
	j->downtimes = NULL;
	j->comments = NULL;
	j->contacts = NULL;
}

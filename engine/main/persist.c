/*
 * persist: status.dat, retention.dat and the command journal of the
 * running daemon.
 *
 * Both files grow with the estate (tens of megabytes at 50 000 objects)
 * and formatting them takes long enough to show in the scheduling drift,
 * so the periodic writes run in a forked child: fork is a copy-on-write
 * snapshot of the whole state at one instant, the child formats and
 * writes the file (temp file, fsync, rename: engine/util/afile.c) and
 * exits; the loop never waits for it.  A write still running when the
 * next is due makes that one skip.  When the writer has exited, the pages
 * fork write-protected get their write permission back in a walk of a few
 * milliseconds a pass of the loop (engine/util/cowmem.h) instead of one
 * page fault each at the next checks.  The child writes its own warning to
 * nagios.log when the write fails (one write(2) with O_APPEND, like
 * every line).  Shutdown saves retention in this process, as the last act,
 * and removes status.dat as Nagios does, but only the one this process
 * wrote: never another instance's.
 *
 * The journal (compat/journal.h) holds every state-changing command
 * applied since the last retention save: a save rotates it first and
 * drops the files it covers once the file is safely renamed into place.
 * Start-up reads retention.dat and replays the journal over it, so a
 * kill -9 loses no applied command.  With command_journal_sync (the
 * default) the commands of the pipe, the spool and Livestatus are written
 * ahead: staged, made durable with one fdatasync per batch (a read of the
 * pipe or of a Livestatus connection, a pass of the spool), and only then
 * applied, so a power cut loses none either;
 * one that failed or changed nothing kept is voided in the journal after.
 * A save never covers half a batch: one asked for while a batch is
 * applied (SAVE_STATE_INFORMATION in it) starts at the batch's end, or
 * the journal file it forgets would take the rest of the batch with it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/journal.h"
#include "compat/nagioslog.h"
#include "compat/retention.h"
#include "compat/snapshot.h"
#include "compat/statusdat.h"
#include "engine/check/checker.h"
#include "engine/check/flapping.h"
#include "engine/main/daemon_int.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/util/cowmem.h"
#include "engine/util/log.h"
#include "engine/util/xalloc.h"

void
persist_snapshot(struct jaque *j, struct snapshot *s, time_t now)
{
	memset(s, 0, sizeof(*s));
	s->objs = j->gen->objs;
	s->cfg = &j->gen->cfg;
	s->prog = &j->prog;
	s->ids = checker_ids(j->chk);
	s->hosts = checker_host_states(j->chk);
	s->svcs = checker_svc_states(j->chk);
	s->contacts = j->contacts;
	s->comments = j->comments;
	s->downtimes = j->downtimes;
	s->now = now;
}

static int
persist_retention_on(const struct jaque *j)
{
	return j->gen->cfg.retain_state_information && j->gen->cfg.state_retention_file != NULL;
}

static int
persist_status_on(const struct jaque *j)
{
	return j->gen->cfg.status_file != NULL;
}

/* ---- writers ---- */

static int
persist_write_status(struct jaque *j, time_t now)
{
	struct snapshot s;
	char err[1024];

	persist_snapshot(j, &s, now);
	if (statusdat_write(j->gen->cfg.status_file, &s, err, sizeof(err)) < 0) {
		nlog_warning(j->log, now, "Could not write the status file: %s", err);
		return -1;
	}
	return 0;
}

static int
persist_write_retention(struct jaque *j, time_t now)
{
	struct snapshot s;
	char err[1024];

	persist_snapshot(j, &s, now);
	if (retention_write(j->gen->cfg.state_retention_file, &s, err, sizeof(err)) < 0) {
		nlog_warning(j->log, now, "Could not save the retention file: %s", err);
		return -1;
	}
	return 0;
}

/* how much lower the writer children's priority is than the daemon's */
#define PERSIST_NICE 10

/* the pages cowmem looks at in one pass of the loop: about 2 ms */
#define PERSIST_COW_STEP 8192

static void
persist_cow_stop(struct jaque *j)
{
	ev_idle_stop(j->loop, &j->cow_step);
	cowmem_walk_free(j->cow);
	j->cow = NULL;
}

/* one step of the walk, when the loop has nothing else to do (an idle
 * watcher: the loop does not sleep until the walk ends) */
static void
persist_cow_cb(struct ev_loop *loop, ev_idle *w, int revents)
{
	struct jaque *j = w->data;
	long pages = 0;

	(void)loop;
	(void)revents;
	if (cowmem_walk_step(j->cow, PERSIST_COW_STEP, &pages) != 1)
		persist_cow_stop(j);
}

/* run fn in a forked child; returns its pid, or 0 after running it here
 * when fork fails (the state must still reach the disk) */
static pid_t
persist_fork(struct jaque *j, int (*fn)(struct jaque *, time_t), time_t now, int *rc)
{
	pid_t pid;

	/* a page made writable while a child shares it is copied at once */
	if (j->cow != NULL)
		persist_cow_stop(j);
	pid = fork();
	if (pid == 0) {
		/* the child: no loop, no signal handlers of the parent's; and it
		 * yields the cpu to the loop (and the checks) whenever both want it */
		signal(SIGTERM, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		errno = 0;
		if (nice(PERSIST_NICE) == -1 && errno != 0)
			log_warn("nice for a snapshot writer");
		_exit(fn(j, now) == 0 ? 0 : 1);
	}
	if (pid < 0) {
		log_warn("fork for a snapshot writer");
		*rc = fn(j, now);
		return 0;
	}
	*rc = 0;
	return pid;
}

/*
 * A writer child ended: once no child shares the memory, take back the
 * write permission fork left off every page (cowmem.h) rather than in a
 * page fault at each page's next write: the first PERSIST_COW_STEP pages
 * now, the rest as many a step whenever the loop has nothing else to do,
 * so that a large process (a million objects is gigabytes) is not held
 * for the whole of it at once.
 */
static void
persist_unshare(struct jaque *j)
{
	if (j->status_pid != 0 || j->retention_pid != 0)
		return;
	persist_cow_stop(j);
	j->cow = cowmem_walk_begin();
	if (j->cow == NULL)
		return;
	ev_idle_init(&j->cow_step, persist_cow_cb);
	j->cow_step.data = j;
	ev_idle_start(j->loop, &j->cow_step);
	persist_cow_cb(j->loop, &j->cow_step, 0);
}

static void
persist_status_done(struct ev_loop *loop, ev_child *w, int revents)
{
	struct jaque *j = w->data;

	(void)revents;
	ev_child_stop(loop, w);
	j->status_pid = 0;
	persist_unshare(j);
	if (WIFSIGNALED(w->rstatus))
		nlog_warning(j->log, time(NULL), "The status file writer (PID %d) was killed by "
		    "signal %d; status.dat was not updated", w->rpid, WTERMSIG(w->rstatus));
}

/* a retention writer ended: when it succeeded, drop the journal files its
 * snapshot covers; returns whether it did */
static int
persist_retention_saved(struct jaque *j, int status)
{
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return 0;
	if (j->journal != NULL && j->retention_seq > 0)
		journal_forget(j->journal, j->retention_seq);
	return 1;
}

static void
persist_retention_done(struct ev_loop *loop, ev_child *w, int revents)
{
	struct jaque *j = w->data;

	(void)revents;
	ev_child_stop(loop, w);
	j->retention_pid = 0;
	persist_unshare(j);
	if (!persist_retention_saved(j, w->rstatus) && WIFSIGNALED(w->rstatus)) {
		nlog_warning(j->log, time(NULL), "The retention file writer (PID %d) was killed by "
		    "signal %d; retention.dat was not updated", w->rpid, WTERMSIG(w->rstatus));
	}
}

void
persist_status_now(struct jaque *j)
{
	int rc;
	pid_t pid;

	if (!persist_status_on(j))
		return;
	if (j->status_pid != 0) {
		j->status_skipped++;
		return;
	}
	pid = persist_fork(j, persist_write_status, time(NULL), &rc);
	if (pid > 0) {
		j->status_pid = pid;
		ev_child_set(&j->status_child, pid, 0);
		ev_child_start(j->loop, &j->status_child);
	}
}

/* wait for a writer child still running (shutdown, a synchronous save) */
static void
persist_reap(struct jaque *j, pid_t *pid, ev_child *w)
{
	int status;

	if (*pid == 0)
		return;
	ev_child_stop(j->loop, w);
	while (waitpid(*pid, &status, 0) < 0 && errno == EINTR)
		;
	w->rstatus = status;
	*pid = 0;
	if (w == &j->retention_child)
		persist_retention_saved(j, status);
}

int
persist_retention_now(struct jaque *j, int sync)
{
	unsigned long seq;
	int rc;
	pid_t pid;

	if (!persist_retention_on(j))
		return 0;
	if (sync) {
		persist_reap(j, &j->retention_pid, &j->retention_child);
	} else if (j->batching) {
		j->save_deferred = 1;
		return 0;
	} else if (j->retention_pid != 0) {
		return 0; /* the save running covers everything up to its start */
	}
	seq = j->journal != NULL ? journal_rotate(j->journal) : 0;
	if (sync) {
		rc = persist_write_retention(j, time(NULL));
		if (rc == 0 && seq > 0)
			journal_forget(j->journal, seq);
		return rc;
	}
	pid = persist_fork(j, persist_write_retention, time(NULL), &rc);
	if (pid > 0) {
		j->retention_pid = pid;
		j->retention_seq = seq;
		ev_child_set(&j->retention_child, pid, 0);
		ev_child_start(j->loop, &j->retention_child);
	} else if (rc == 0 && seq > 0) {
		journal_forget(j->journal, seq);
	}
	return rc;
}

/* ---- the journal ---- */

/*
 * A command that changed state is journalled at once and saved with the
 * whole state a little later (PERSIST_SOON seconds after the first of a
 * burst): the journal alone cannot bring back what the command stood on
 * (the check results before an acknowledgement), a save can.
 */
#define PERSIST_SOON 5.0

static void
persist_soon_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	persist_retention_now(w->data, 0);
}

static void
persist_soon(struct jaque *j)
{
	if (!ev_is_active(&j->soon_timer)) {
		ev_timer_init(&j->soon_timer, persist_soon_cb, PERSIST_SOON, 0.);
		j->soon_timer.data = j;
		ev_timer_start(j->loop, &j->soon_timer);
	}
}

void
persist_journal(struct jaque *j, time_t applied, const char *line, size_t len)
{
	if (j->journal == NULL || j->replaying)
		return;
	if (journal_append(j->journal, applied, line, len) < 0)
		nlog_warning(j->log, applied, "Could not add a command to the journal: %s; it "
		    "is applied but would be lost by a crash before the next retention save",
		    strerror(errno));
	persist_soon(j);
}

int
persist_ahead(const struct jaque *j)
{
	return j->journal != NULL && !j->replaying && j->gen->cfg.command_journal_sync;
}

int
persist_stage(struct jaque *j, time_t now, const char *line, size_t len,
    struct journal_pos *pos)
{
	return journal_add(j->journal, now, line, len, pos);
}

void
persist_commit(struct jaque *j)
{
	if (journal_sync(j->journal, 1) < 0)
		nlog_warning(j->log, time(NULL), "Could not write the command journal to disk: %s; "
		    "the commands read are applied, but a crash or a power cut before the next "
		    "retention save may lose them", strerror(errno));
}

void
persist_batch_begin(struct jaque *j)
{
	j->batching = 1;
}

void
persist_settle(struct jaque *j, const struct journal_pos *pos, int keep)
{
	if (keep)
		persist_soon(j);
	else if (journal_void(j->journal, pos) < 0 && errno != EINVAL)
		log_warn("voiding a command in the journal");
}

void
persist_batch_end(struct jaque *j)
{
	j->batching = 0;
	if (j->save_deferred) {
		j->save_deferred = 0;
		persist_retention_now(j, 0);
	}
}

static void
persist_replay_line(void *arg, time_t applied, const char *text, size_t len)
{
	cmdwire_apply(arg, text, len, applied, 1);
}

/* an edge the reader's flap detection found: logged, commented and
 * notified as a result's edge is (a quiet STARTED does not notify) */
static void
persist_flapping(void *arg, time_t now, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	daemon_flap_edge(arg, now, h, s, fo);
}

void
persist_load_file(struct jaque *j, time_t now)
{
	struct snapshot s;
	struct retention_report rep;
	struct retention_hooks hooks = { j, persist_flapping };
	size_t i;

	if (!persist_retention_on(j))
		return;
	persist_snapshot(j, &s, now);
	memset(&rep, 0, sizeof(rep));
	if (retention_read(j->gen->cfg.state_retention_file, &s, &hooks, &rep) < 0) {
		nlog_warning(j->log, now, "Could not read the retention file '%s': %s",
		    j->gen->cfg.state_retention_file, strerror(errno));
		return;
	}
	if (rep.missing)
		return;
	for (i = 0; i < rep.nproblems && i < RETENTION_PROBLEMS; i++)
		nlog_warning(j->log, now, "retention file '%s': %s",
		    j->gen->cfg.state_retention_file, rep.problems[i]);
	nlog_printf(j->log, now, "jaque: retained state read: %zu host(s), %zu service(s), "
	    "%zu contact(s), %zu comment(s), %zu downtime(s); %zu host(s) and %zu service(s) "
	    "no longer configured, %zu line(s) skipped", rep.hosts, rep.services, rep.contacts,
	    rep.comments, rep.downtimes, rep.gone_hosts, rep.gone_services, rep.lines_skipped);
}

/*
 * At SIGHUP Nagios saves retention.dat and reads it back into objects it
 * made anew (xrddefault_read_state_information with sigrestart set);
 * jaque carries the state across instead, and does here what that reading
 * changes in it.  The plugin output of an object the file had (retained
 * status) is Nagios's "" from then on, never its NULL ("(null)" in the
 * PASSIVE and INITIAL lines), the attempt and the hard change time are
 * settled as the file read settles them (retention_settle), and the next
 * notification time is a new object's unless a notified problem.  Called
 * with the generation the state came from, before it is freed.
 */
static void
persist_reload_settle(struct state_common *c, int is_service)
{
	c->output_known = 1;
	retention_settle(c, is_service);
	/* the object is new in Nagios: its next notification time is worked
	 * out again only for a problem already notified, and is 0 otherwise */
	if (c->current_state == 0 || c->last_notification == 0) {
		c->next_notification = 0;
		c->no_more_notifications = 0;
	}
}

void
persist_reload_outputs(struct jaque *j, const struct objects *old)
{
	const struct objects *o = j->gen->objs;
	unsigned i;

	for (i = 0; i < o->nhosts; i++) {
		struct state_common *c = &checker_host_states(j->chk)[i].c;

		if (o->hosts[i].cfg->retain_status_information &&
		    objects_find_host(old, o->hosts[i].name) != NULL)
			persist_reload_settle(c, 0);
	}
	for (i = 0; i < o->nservices; i++) {
		const struct obj_service *s = &o->services[i];
		struct state_common *c = &checker_svc_states(j->chk)[i].c;

		if (s->cfg->retain_status_information &&
		    objects_find_service(old, s->host->name, s->description) != NULL)
			persist_reload_settle(c, 1);
	}
}

/* one object's flap detection as Nagios's reading of retention at SIGHUP does it */
static void
persist_reload_flap(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    time_t now)
{
	struct svc_state *ss = s != NULL ? &checker_svc_states(j->chk)[s->id] : NULL;
	struct host_state *hs = s == NULL ? &checker_host_states(j->chk)[h->id] : NULL;
	struct state_common *c = ss != NULL ? &ss->c : &hs->c;
	struct flap_outcome fo;
	int was = c->is_flapping;

	/* the new object starts not flapping; the file's is_flapping is only
	 * "was flapping", the history is judged again without a new entry */
	c->is_flapping = 0;
	/* the comment read back stays (flapping_comment_id set): no new one */
	if (flap_rejudge(hs, h, ss, s, &j->gen->cfg, was, &fo) != FLAP_EDGE_NONE)
		daemon_flap_edge(j, now, h, s, &fo);
}

/*
 * Flap detection at SIGHUP, before the INITIAL lines, hosts first and then
 * services as retention.dat lists them: an object still flapping logs its
 * FLAPPING ALERT STARTED line again, without a notification; one in a soft
 * problem state, or between the thresholds, is no longer flapping, with
 * nothing logged.  With use_large_installation_tweaks nothing changes.
 * Objects whose status is not retained are left as they are.
 */
void
persist_reload_flapping(struct jaque *j, time_t now)
{
	const struct objects *o = j->gen->objs;
	unsigned i;

	if (j->gen->cfg.use_large_installation_tweaks)
		return;
	for (i = 0; i < o->nhosts; i++)
		if (o->hosts[i].cfg->retain_status_information)
			persist_reload_flap(j, &o->hosts[i], NULL, now);
	for (i = 0; i < o->nservices; i++)
		if (o->services[i].cfg->retain_status_information)
			persist_reload_flap(j, o->services[i].host, &o->services[i], now);
}

void
persist_replay(struct jaque *j, time_t now)
{
	char err[1024];
	long n;

	if (!persist_retention_on(j))
		return;
	free(j->journal_base);
	j->journal_base = xasprintf("%s.journal", j->gen->cfg.state_retention_file);
	j->replaying = 1;
	n = journal_replay(j->journal_base, persist_replay_line, j, err, sizeof(err));
	j->replaying = 0;
	cmdahead_replay_done(j);
	if (n < 0)
		nlog_warning(j->log, now, "%s", err);
	else if (n > 0)
		nlog_printf(j->log, now, "jaque: %ld external command(s) applied since the last "
		    "retention save were replayed from the journal", n);
}

/* ---- timers ---- */

static void
persist_status_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	persist_status_now(w->data);
}

static void
persist_retention_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	persist_retention_now(w->data, 0);
}

void
persist_start(struct jaque *j)
{
	const struct main_cfg *cfg = &j->gen->cfg;
	char err[1024];
	double every;

	/* called again after a reload: a writer may still be running */
	if (j->status_pid == 0) {
		ev_child_init(&j->status_child, persist_status_done, 0, 0);
		j->status_child.data = j;
	}
	if (j->retention_pid == 0) {
		ev_child_init(&j->retention_child, persist_retention_done, 0, 0);
		j->retention_child.data = j;
	}
	ev_timer_stop(j->loop, &j->status_timer);
	ev_timer_stop(j->loop, &j->retention_timer);
	if (persist_retention_on(j) && j->journal == NULL) {
		if (j->journal_base == NULL)
			j->journal_base = xasprintf("%s.journal", cfg->state_retention_file);
		j->journal = journal_open(j->journal_base, err, sizeof(err));
		if (j->journal == NULL)
			nlog_warning(j->log, time(NULL), "%s; external commands applied between "
			    "retention saves would be lost by a crash", err);
	}
	every = cfg->status_update_interval > 0 ? cfg->status_update_interval : 60;
	ev_timer_init(&j->status_timer, persist_status_cb, every, every);
	j->status_timer.data = j;
	ev_timer_start(j->loop, &j->status_timer);
	/* retention_update_interval is in minutes; 0 turns the periodic save off */
	if (persist_retention_on(j) && cfg->retention_update_interval > 0) {
		every = cfg->retention_update_interval * 60.0;
		ev_timer_init(&j->retention_timer, persist_retention_cb, every, every);
		j->retention_timer.data = j;
		ev_timer_start(j->loop, &j->retention_timer);
	}
	persist_status_now(j);
}

/* 1 when the status file at path names this process (its programstatus
 * block, near the top, has nagios_pid=<our pid>) */
static int
persist_status_is_ours(const char *path)
{
	char buf[8192], want[64];
	FILE *fp = fopen(path, "r");
	size_t n;

	if (fp == NULL)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	snprintf(want, sizeof(want), "\tnagios_pid=%ld\n", (long)getpid());
	return strstr(buf, want) != NULL;
}

void
persist_stop(struct jaque *j, int restart)
{
	if (restart) {
		/* the timers go on; persist_start sets them for the new configuration */
		persist_retention_now(j, 0);
		return;
	}
	ev_timer_stop(j->loop, &j->status_timer);
	ev_timer_stop(j->loop, &j->retention_timer);
	ev_timer_stop(j->loop, &j->soon_timer);
	persist_cow_stop(j);
	persist_reap(j, &j->status_pid, &j->status_child);
	persist_retention_now(j, 1);
	if (j->journal != NULL && j->gen->cfg.command_journal_sync)
		log_info("command journal: %lu fdatasync(s) since start", journal_syncs(j->journal));
	journal_close(j->journal);
	j->journal = NULL;
	free(j->journal_base);
	j->journal_base = NULL;
	/* Nagios removes status.dat when it stops (not when it restarts); this
	 * one only while it is still this process's */
	if (persist_status_on(j) && persist_status_is_ours(j->gen->cfg.status_file))
		unlink(j->gen->cfg.status_file);
}

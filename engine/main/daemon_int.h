/*
 * daemon_int: the running daemon's one struct, shared by daemon.c
 * (start-up, signals, reload), persist.c (status.dat, retention.dat, the
 * command journal), cmdwire.c (the command pipe, the result spool,
 * comments and downtime) and cmdahead.c (their write-ahead batches).  Not
 * for use outside engine/main.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DAEMON_INT_H
#define JAQUE_DAEMON_INT_H

#include <ev.h>
#include <limits.h>
#include <sys/types.h>
#include <time.h>

#include "compat/extcmd.h"
#include "engine/main/dstats.h"
#include "engine/sched/clockstep.h"
#include "engine/sched/overload.h"
#include "engine/sched/stretch.h"
#include "engine/notify/nrun.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/objects/statecount.h"

struct config_gen;
struct cowmem_walk;
struct flap_outcome;
struct checker;
struct gmcore;
struct wpool;
struct builtin;
struct nlog;
struct syslogout;
struct comments;
struct downtimes;
struct cmdpipe;
struct qhwire;
struct lswire;
struct mgcfg;
struct journal;
struct crspool_result;
struct snapshot;
struct notifier;
struct perfdata;
struct sm_outcome;
struct obj_host;
struct obj_service;
struct downtime;

struct jaque {
	struct ev_loop *loop;
	const char *config_path;
	const char *jaque_cfg;
	char self_exe[PATH_MAX];
	struct config_gen *gen;   /* on the heap: the checker keeps pointers into it */
	struct mgcfg *gearman;    /* mod_gearman's options of gen (gmsetup.h), NULL: none */
	struct gmcore *gm;        /* checks through gearmand (gmcore.h), NULL: none */
	struct checker *chk;
	struct wpool *pool;
	struct builtin *builtin;
	struct nlog *log;
	char *stats_path;
	char *lock_path;
	int lock_fd;
	dev_t lock_dev;                 /* the lock file taken, removed at exit only */
	ino_t lock_ino;                 /* while the path still names it */
	struct syslogout *syslog;       /* use_syslog: nagios.log's lines to syslog */
	time_t program_start;
	ev_signal sigterm;
	ev_signal sigint;
	ev_signal sighup;
	ev_timer stats_timer;
	ev_timer count_timer;           /* a step of the state counts every second */
	ev_periodic rotation;
	int rotation_on;
	int exit_code;
	int daemon_mode;
	struct reread *reread;          /* a reload's reading under way (reread.c), or NULL */
	int reread_again;               /* another SIGHUP came meanwhile: read again after */
	struct dstats_rate rate;        /* samples for the per-minute check rates */
	struct statecount count;        /* the state counts of the stats file */
	struct overload overload;       /* running behind (engine/sched/overload.h) */
	struct stretch stretch;         /* the interval stretch (engine/sched/stretch.h) */
	double pace_mono;               /* the last stats period's end, monotonic seconds */
	double pace_backlog_secs;       /* the checker's backlog figures by then */
	uint64_t pace_backlog_started;
	ev_check clock_check;           /* clockwatch.c: wall-clock steps */
	struct clockstep clock;

	/* program-wide run-time state, comments, downtime, contacts (persist.c, cmdwire.c) */
	struct prog_state prog;
	struct contact_state *contacts; /* indexed by contact id of the current generation */
	struct comments *comments;
	struct downtimes *downtimes;
	int replaying;                  /* the journal is being replayed: log nothing */

	/* cmdwire.c */
	struct cmdpipe *pipe;
	struct qhwire *qh;              /* qhwire.c: the query handler socket */
	struct lswire *ls;              /* lswire.c: the Livestatus socket */
	ev_periodic downtime_timer;     /* every whole second, as downtime events fire */
	ev_timer spool_timer;
	ev_timer control_timer;         /* restart / shutdown asked for by a command */
	int want_restart;
	int want_shutdown;
	/* spool files whose records the journal replay applied (sorted, heap
	 * strings, crspool_result.file): not read again at the first pass */
	char **spool_replayed;
	size_t nspool_replayed, spool_replayed_cap;
	/* cmdahead.c: commands staged in the journal, applied once it is synced */
	struct cmdahead_batch {
		char *text;             /* the staged lines, each NUL-terminated */
		size_t len, cap;
		struct cmdahead_item *items;
		size_t n, items_cap;
		char **files;           /* spool files read: removed once synced */
		size_t nfiles, files_cap;
	} batch;

	/* react.c */
	struct nrun nrun;               /* how notifications, handlers, perfdata run commands */
	struct notifier *notifier;      /* of the current generation */
	struct perfdata *perfdata;      /* the perfdata files and commands */
	int notified_now;               /* the result being handled sent a notification */

	/* persist.c */
	struct journal *journal;
	char *journal_base;             /* NULL: no journal (retention is off) */
	ev_timer status_timer;
	ev_timer retention_timer;
	ev_timer soon_timer;            /* a retention save a little after a command */
	ev_child status_child;
	ev_child retention_child;
	struct cowmem_walk *cow;        /* write permission coming back (persist.c) */
	ev_idle cow_step;               /* its steps, between the loop's other work */
	pid_t status_pid;               /* a writer child running, else 0 */
	pid_t retention_pid;
	unsigned long retention_seq;    /* journal files the running save covers */
	int batching;                   /* a journalled batch is being applied */
	int save_deferred;              /* a save asked for meanwhile: at its end */
	unsigned long status_skipped;   /* status writes skipped: the last one still ran */
};

/* persist.c */
void persist_snapshot(struct jaque *j, struct snapshot *s, time_t now);
/* read retention.dat into the state (before checker_start) */
void persist_load_file(struct jaque *j, time_t now);
/* replay the command journal (after checker_start: commands schedule checks) */
void persist_replay(struct jaque *j, time_t now);
/* what Nagios's re-reading of retention.dat at SIGHUP changes in the state
 * carried across: outputs (called with the old generation's objects, before
 * the log is opened again) and flap detection (before the INITIAL lines) */
void persist_reload_outputs(struct jaque *j, const struct objects *old);
void persist_reload_flapping(struct jaque *j, time_t now);
/* start the journal and the status / retention timers */
void persist_start(struct jaque *j);
/* write status.dat now (in a child; skipped when one is still writing) */
void persist_status_now(struct jaque *j);
/* save retention.dat (sync: in this process, else in a child); 0 or -1 */
int persist_retention_now(struct jaque *j, int sync);
/* record one applied command in the journal */
void persist_journal(struct jaque *j, time_t applied, const char *line, size_t len);
/*
 * Write-ahead (command_journal_sync=1): 1 when commands from the pipe, the
 * spool and Livestatus go to the journal, on disk, before they are applied.  Then
 * each is staged (persist_stage: 0, or -1 when it cannot be: apply it as
 * before), the batch is made durable with one sync (persist_commit) and
 * applied between persist_batch_begin and persist_batch_end (a retention
 * save asked for in between waits for the end: a save must not cover
 * half a batch), and each command is settled (persist_settle: kept for
 * replay, or voided when it failed or changed nothing kept).
 */
int persist_ahead(const struct jaque *j);
struct journal_pos;
int persist_stage(struct jaque *j, time_t now, const char *line, size_t len,
    struct journal_pos *pos);
void persist_commit(struct jaque *j);
void persist_batch_begin(struct jaque *j);
void persist_settle(struct jaque *j, const struct journal_pos *pos, int keep);
void persist_batch_end(struct jaque *j);
/* shutdown (restart 0) or reload (restart 1): save retention, stop timers,
 * on shutdown remove status.dat as Nagios does */
void persist_stop(struct jaque *j, int restart);

/* cmdwire.c */
/* comments, downtime, contact states (before persist_load) */
void cmdwire_init(struct jaque *j);
/* the pipe, the spool and downtime timers (after checker_start) */
void cmdwire_start(struct jaque *j);
/* a new generation: contact states and comments/downtime of vanished objects */
void cmdwire_reload(struct jaque *j, struct config_gen *old);
/* after a reload with retention on: downtime and its comments as Nagios's
 * reading of retention.dat leaves them (each downtime registered again:
 * a new comment, one in effect started again) */
void cmdwire_restart_downtime(struct jaque *j, time_t now);
void cmdwire_stop(struct jaque *j);
void cmdwire_free(struct jaque *j);
/* apply one command line (the pipe, the journal replay, Livestatus); what became of it */
enum extcmd_status cmdwire_apply(struct jaque *j, const char *line, size_t len, time_t now,
    int replay);
/* the same without journalling it; *journal: whether it changed what a
 * replay must redo */
enum extcmd_status cmdwire_apply_one(struct jaque *j, const char *line, size_t len, time_t now,
    int replay, int *journal);
/* whether a journal line is a spool record (crspool_encode), not a command */
int cmdwire_is_spool(const char *line, size_t len);
/* apply a spool record given as such a line; 1 when it was taken (in the
 * replay, its file is noted: the first pass of the spool skips it) */
int cmdwire_spool_line(struct jaque *j, const char *line, size_t len, time_t now);

/* cmdahead.c: the write-ahead batches (command_journal_sync=1) */
/* whether a command read now is staged (cmdahead_stage) rather than
 * applied: write-ahead is on and no batch is being applied */
int cmdahead_on(const struct jaque *j);
/* stage one line of the batch (applied at once when the journal refuses it) */
void cmdahead_stage(struct jaque *j, const char *line, size_t len, time_t now);
/* crspool_scan's taken hook: a spool file to remove once the batch is synced */
void cmdahead_taken(void *arg, const char *path);
/* the batch's end: sync, remove the spool files, apply (nothing staged: nothing) */
void cmdahead_run(struct jaque *j);
/* a command from the pipe, the spool or Livestatus was applied (the fault
 * hook of test builds; nothing otherwise) */
void cmdahead_applied(struct jaque *j);
void cmdahead_free(struct jaque *j);
/* the replay applied a record of the spool file file (crspool_result.file) */
void cmdahead_spool_replayed(struct jaque *j, const char *file);
/* the replay is over: the files noted can be looked up */
void cmdahead_replay_done(struct jaque *j);
/* whether r comes from a file whose records the replay applied */
int cmdahead_spool_was_replayed(const struct jaque *j, const struct crspool_result *r);
/* the first pass of the spool is over: forget the files noted */
void cmdahead_spool_forget(struct jaque *j);
/* what a check result means for comments and downtime (the checker's result hook) */
void cmdwire_result(struct jaque *j, const char *host, const char *svc, unsigned flags,
    time_t now);

/* a flap edge (the checker's flapping hook): STARTED adds the flapping
 * comment unless the object has one, STOPPED and DISABLED delete it */
void cmdwire_flapping(struct jaque *j, const char *host, const char *svc,
    const struct flap_outcome *fo, time_t now);

/* qhwire.c: the query handler socket (query_socket): made at start (after
 * the workers), made anew at a reload (after the new log is open), closed
 * and its file removed at stop */
void qhwire_start(struct jaque *j);
void qhwire_reload(struct jaque *j);
void qhwire_stop(struct jaque *j);

/* lswire.c: the Livestatus socket (livestatus_socket in jaque.cfg, or the
 * path on a broker_module line that loads a Livestatus module): made at
 * start, answers finished before a reload swaps the generation
 * (lswire_finish), made anew after it, closed at stop; its TCP listeners
 * (livestatus_listen, lstcp.c) likewise, except that one still configured
 * at a reload is kept */
void lswire_start(struct jaque *j);
void lswire_finish(struct jaque *j);
void lswire_reload(struct jaque *j);
void lswire_stop(struct jaque *j);
/* something a Livestatus WaitTrigger waits for happened (LSQ_WAIT_* bits of
 * compat/livestatus/lsquery.h); cheap when no query waits */
void lswire_event(struct jaque *j, int bits);
/* a host's (host 1) or a service's check result came: counted, and LSQ_WAIT_CHECK */
void lswire_check_result(struct jaque *j, int host);
/* whether a query waits for an event (callers skip costly detection when not) */
int lswire_waiting(const struct jaque *j);

/* clockwatch.c: notice wall-clock steps at every turn of the loop, move
 * the checker's times with them, and log and compensate for the ones
 * Nagios calls a system time change (after checker_start) */
void clockwatch_start(struct jaque *j);
void clockwatch_stop(struct jaque *j);

/* react.c */
void react_init(struct jaque *j);
/* a new generation (start, reload): rebuild what indexes the objects */
void react_gen(struct jaque *j);
void react_free(struct jaque *j);
/* every second: the perfdata processing commands */
void react_tick(struct jaque *j, time_t now);
/* one notification (enum notify_type, NOTIFY_OPT_ bits); 0 when it passed
 * the object's filters; nothing while the journal is replayed */
int react_notify(struct jaque *j, const struct obj_host *h, const struct obj_service *s, int type,
    const char *author, const char *comment, unsigned options, time_t now);
/* the result steps: right after the state machine; where Nagios notifies */
void react_state(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now);
void react_result_notify(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now);
/* last, after the ALERT line: the event handlers, then performance data */
void react_result(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct sm_outcome *out, time_t now);
/* a flapping edge (after its log line); a downtime event (enum downtime_event) */
void react_flapping(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo, time_t now);
/* flapping ended (type NOTIFY_FLAPPINGSTOP, or NOTIFY_FLAPPINGDISABLED by a
 * command): that notification, then the recovery one owed, if any */
void react_flap_ended(struct jaque *j, const struct obj_host *h, const struct obj_service *s,
    int type, time_t now);
void react_downtime(struct jaque *j, int ev, const struct downtime *d, time_t now);

/* procsetup.c: the process at start, in this order (see there) */
/* the user and group jaque runs as (procsetup_find_ids), applied by procsetup_become */
struct procsetup_ids {
	int change;          /* started as root: become them */
	uid_t uid;
	gid_t gid;
	char name[256];      /* the user's name, for initgroups; "" when none */
};
struct main_cfg;
/* as root, look up nagios_user / nagios_group; 0, or -1 (said on stderr) */
int procsetup_find_ids(const struct main_cfg *cfg, struct procsetup_ids *ids);
/* become them (nothing when not root); 0 or -1 */
int procsetup_become(const struct procsetup_ids *ids);
/* 1 (and the refusal said) when a running process holds the lock file */
int procsetup_lock_held(struct jaque *j);
/* take the lock file and write the pid; 0, or -1 (said) */
int procsetup_lock(struct jaque *j);
/* at exit: remove the lock file while it is still ours, then let it go */
void procsetup_unlock(struct jaque *j);
/* stdin, stdout and stderr open (on /dev/null when closed) */
void procsetup_std_fds(void);
/* fork into the background; the parent exits 0; 0 or -1 in the child */
int procsetup_daemonize(void);

/* daemon.c */
/* a flapping edge: the FLAPPING ALERT line, the comment, the notifications */
void daemon_flap_edge(struct jaque *j, time_t t, const struct obj_host *h,
    const struct obj_service *s, const struct flap_outcome *fo);
/* a reload (signame "HUP": SIGHUP; NULL: the RESTART_PROCESS command) and
 * a shutdown (signame "TERM", "INT"; NULL: SHUTDOWN_PROCESS), each logging
 * what Nagios logs for its cause */
void daemon_restart(struct jaque *j, const char *signame);
void daemon_shutdown(struct jaque *j, const char *signame);
struct diag;
struct config_gen;
struct mgcfg;
/* read and check j's configuration into gen (mod_gearman's options into
 * *gm): 0, -1 when nagios.cfg failed, -2 when the rest did (d says why);
 * touches nothing of the running generation, so runs on any thread */
int daemon_read_config(const struct jaque *j, struct config_gen *gen, struct diag *d,
    struct mgcfg **gm);
/* what a reload's reader made, for the loop to swap in */
struct reload_read {
	struct config_gen *gen;
	struct diag *d;
	struct mgcfg *gm;
	int rc;                    /* daemon_read_config's */
	double read_secs;          /* how long the reading and preparing took */
	struct checker *chk;       /* the new generation's checker, mapped onto the running
	                            * one's objects (daemon_reload_prepare), or NULL */
	char objcache_err[512];    /* why objects.cache could not be written, or "" */
};
/* after a successful read, what can be made beside the loop: the new
 * checker with its map onto the running objects, and objects.cache.
 * Touches only rr and what the running generation never changes */
void daemon_reload_prepare(struct jaque *j, struct reload_read *rr);
/* a reload's configuration, read: swap it in, or keep the running one
 * when it failed; takes what rr holds */
void daemon_reload_read(struct jaque *j, struct reload_read *rr);

/* reread.c */
struct reread;
/* read the configuration beside the loop, then daemon_reload_read on the
 * loop; while a read is under way, ask for another after it */
void reread_start(struct jaque *j);
/* shutdown: drop what a finished read made; a read still under way (it may
 * block: a hung mount) is left to end on its own and free what it made */
void reread_abandon(struct jaque *j);

#endif

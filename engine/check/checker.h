/*
 * checker: active and passive checks of one configuration generation, on
 * the engine's libev loop.
 *
 * It owns the run-time state arrays (state.h) and, for every host and
 * service, one scheduling entry.  A libev timer turns the tick wheel
 * ticks_per_second times a second; due objects go to the run queue,
 * which starts them within global_concurrency and host_concurrency (per
 * host address); drift (due to start) goes into the histogram.  Starting
 * a check expands its command line (macros.h), offers it to the builtin
 * hook (the plugins-shim, wired by main because it sits above this layer)
 * and otherwise hands it to the worker pool.  Results go through the
 * state machine (statemachine.h) and flap detection (flapping.h); what
 * they ask for (on-demand host, parent and child checks, rescheduling) is
 * done here, and what must be written (ALERT and FLAPPING ALERT lines,
 * warnings) goes to the hooks, which main wires to nagios.log.
 *
 * A reload makes a new checker for the new generation and moves each
 * object's state across by name (checker_adopt), with its schedule: a
 * check waiting for its time keeps that time to the tick, a due one runs
 * at once, and a check in flight moves with its object, its result taken
 * by the new generation.  The old checker is retired: its checks for
 * objects that are gone finish and are dropped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CHECKER_H
#define JAQUE_CHECKER_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "engine/check/flapping.h"
#include "engine/check/result.h"
#include "engine/check/statemachine.h"
#include "engine/objects/state.h"

struct ev_loop;
struct main_cfg;
struct objects;
struct obj_host;
struct obj_service;
struct wpool;
struct drift;
struct checker;
struct checker_run;
struct checkstats;
struct macro_globals;
struct depend;

enum checker_event {
	CHECKER_EV_SERVICE_ALERT,   /* SM_LOG_ALERT (and stalking) for a service */
	CHECKER_EV_HOST_ALERT,
	CHECKER_EV_SERVICE_RESULT,  /* every service result, last (after the ALERT line) */
	CHECKER_EV_HOST_RESULT,
	CHECKER_EV_SERVICE_STATE,   /* every service result, right after the state
	                             * machine (before flap detection) */
	CHECKER_EV_HOST_STATE,
	CHECKER_EV_SERVICE_NOTIFY,  /* every service result, after flap detection and
	                             * before the ALERT line: where Nagios notifies */
	CHECKER_EV_HOST_NOTIFY
};

struct checker_hooks {
	void *arg;
	/*
	 * Offer an expanded, split command line to an in-process check.
	 * Return 1 when it was taken: the hook must later call
	 * checker_builtin_done(run, ...) exactly once (possibly not before the
	 * hook has returned).  Return 0 to run the command in a worker.  NULL:
	 * never.
	 */
	int (*run_builtin)(void *arg, struct checker_run *run, int argc, char *const argv[],
	    double timeout);
	/* abandon a builtin check that was taken (a reload or shutdown) */
	void (*cancel_builtin)(void *arg, struct checker_run *run);
	/*
	 * Offer the check of host h (s NULL) or service s, its command line
	 * expanded, to be run elsewhere (gearmand's workers), before the
	 * builtin hook and the worker pool.  Return 1 when it was taken: the
	 * hook must later call checker_remote_done(run, ...) exactly once
	 * (possibly before it returned), unless cancel_remote abandons the run
	 * first.  Return 0 to run it here.  NULL: never.
	 */
	int (*run_remote)(void *arg, struct checker_run *run, const struct obj_host *h,
	    const struct obj_service *s, const char *line, double timeout);
	/* abandon a check taken by run_remote (a reload or shutdown): no
	 * checker_remote_done for it any more */
	void (*cancel_remote)(void *arg, struct checker_run *run);
	/* a result was applied; out: what the state machine said
	 * (alert_state_type and alert_attempt are what the ALERT line shows).
	 * Per result: STATE, (flapping), NOTIFY, ALERT when out asks for
	 * SM_LOG_ALERT or SM_LOG_IF_NOTIFIED (the hook decides the latter),
	 * RESULT. */
	void (*event)(void *arg, enum checker_event ev, const struct obj_host *h,
	    const struct obj_service *s, const struct state_common *st,
	    const struct sm_outcome *out, time_t t);
	/* a warning line for nagios.log (the text after "Warning: ") */
	void (*warning)(void *arg, time_t t, const char *text);
	/* one of Nagios's warnings about a check (enum check_warning, result.h):
	 * s NULL for a host; exec_time the check's run time, rc its exit code */
	void (*check_warning)(void *arg, time_t t, int kind, const struct obj_host *h,
	    const struct obj_service *s, double exec_time, int rc);
	/* freshness: the object's results are stale by `stale` seconds past its
	 * threshold; a forced check follows */
	void (*stale)(void *arg, time_t t, const struct obj_host *h, const struct obj_service *s,
	    long stale, long threshold);
	/* an object started or stopped flapping (fo->edge, flapping.h); s NULL
	 * for a host.  Comes before the result's ALERT line, as in Nagios. */
	void (*flapping)(void *arg, time_t t, const struct obj_host *h,
	    const struct obj_service *s, const struct flap_outcome *fo);
};

struct checker_stats {
	uint64_t checks_started;
	uint64_t checks_finished;
	uint64_t builtin_started;
	uint64_t remote_started;  /* taken by run_remote */
	uint64_t worker_started;
	uint64_t timeouts;
	uint64_t lost;            /* results lost with a dying worker */
	uint64_t passive;
	uint64_t skipped_period;  /* due outside their check_period */
	uint64_t tick_wakeups;    /* times the tick timer woke the loop */
	/* the time checks were waiting to start with every slot of the global
	 * limit taken, and the checks started meanwhile: what the machine
	 * starts a second at its limit */
	double backlog_seconds;
	uint64_t backlog_started;
	size_t queue_depth;
	size_t queue_max;
	size_t running;
	size_t scheduled;
	unsigned ticks_per_second;
};

struct checker *checker_new(struct ev_loop *loop, const struct objects *objs,
    const struct main_cfg *cfg, struct wpool *pool, const struct checker_hooks *hooks,
    time_t program_start);
/* for checker_adopt, ahead of it: which object of old (the running
 * generation's objects, which stay unchanged meanwhile) each object of c
 * is.  Reads only c's objects and old: may run on another thread while
 * the loop goes on */
void checker_map_old(struct checker *c, const struct objects *old);
/* take the state and the schedule of every object of old that still
 * exists (by name), its time base, and its checks in flight for them;
 * call before checker_start, then free old */
void checker_adopt(struct checker *c, struct checker *old);
/*
 * For checker_adopt, ahead of it: the checks the run_remote hook has in
 * flight move with their objects too, as the others do (the hook's link
 * outlives the reload, and its results come for the runs it holds; it
 * finds where each went with checker_run_object).  Without it they are
 * abandoned through cancel_remote when old is freed, and run again at
 * once.
 */
void checker_carry_remote(struct checker *c);
/* schedule the first checks and start the wheel */
void checker_start(struct checker *c);
/* stop scheduling; checks in flight are abandoned (their results dropped) */
void checker_stop(struct checker *c);
/*
 * Free when no check is in flight (returns 0), else mark it for freeing
 * by the last result and return 1.  pool_gone: the worker pool was freed,
 * so no result can come any more: free everything now.
 */
int checker_free(struct checker *c, int pool_gone);
/*
 * Stop c and free it as checker_free(c, 0) does, except that with no
 * check in flight its states and arrays are freed on a thread beside the
 * loop (bgwork.h): a reload's old generation, which the loop would take
 * tens of milliseconds to free on a large estate.  Nothing of c may be
 * used after the call; its objects may be freed at once.
 */
int checker_retire(struct checker *c);

/* a builtin check ended: rc 0..3 with the plugin's stdout text, or rc -1
 * when the engine's timeout cut it (out ignored) */
void checker_builtin_done(struct checker_run *run, int rc, const char *out, size_t outlen);
/*
 * A check taken by run_remote ended where it ran: its exit code rc (0..3;
 * others are Nagios's out-of-range codes) and output, or timed_out when
 * its timeout cut it there (rc and out ignored), and the times it started
 * and finished there (for its execution time; its latency is the time it
 * waited here, from due to hand-over).
 */
void checker_remote_done(struct checker_run *run, int rc, int timed_out, const char *out,
    size_t outlen, const struct timeval *start, const struct timeval *finish);
/* what the hooks may ask of a run they took: the STATE_CKOPT_ bits of the
 * check (forced, orphaned ...) and its latency so far (due to start) */
unsigned checker_run_options(const struct checker_run *run);
double checker_run_latency(const struct checker_run *run);
/* a word of the hook's own kept with a run it took (0 until set) */
void checker_run_set_tag(struct checker_run *run, unsigned long tag);
unsigned long checker_run_tag(const struct checker_run *run);
/* the object a run is for, in the generation of the checker it belongs to
 * now (it may have moved at a reload): *h, and *s (NULL for a host
 * check).  0, or -1 when the run was abandoned (its object is gone) */
int checker_run_object(const struct checker_run *run, const struct obj_host **h,
    const struct obj_service **s);

/*
 * A passive result for a host (svc NULL) or service, as the command pipe
 * gives it; check_time: the time it was produced.  Returns 0, or -1 when
 * passive checks are disabled for it.
 */
int checker_passive_result(struct checker *c, const struct obj_host *h,
    const struct obj_service *svc, int rc, const char *output, time_t check_time);
/*
 * A result from a check result file, made by check_result_from_file
 * (active) or check_result_passive, with the file's latency and times.
 * An active one is applied as Nagios applies it, whatever the object's
 * switches and whatever is in flight, its warning to the check_warning
 * hook; a passive one as checker_passive_result's.  Takes cr's strings
 * (cr is cleared).  Returns 0, or -1 when a passive one was refused.
 */
int checker_file_result(struct checker *c, const struct obj_host *h,
    const struct obj_service *svc, struct check_result *cr);
/*
 * Give up the checks in flight whose results should have come long ago
 * (orphan.c; the checker does this itself every 60 s when
 * check_for_orphaned_services or _hosts is on): Nagios's warning for
 * each, and an immediate check.  Returns how many were given up.
 */
unsigned checker_orphans(struct checker *c, time_t now);
/* check an object as soon as the gates allow (forced: ignore period and switches) */
void checker_check_now(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    int forced);

/*
 * Schedule a check at when, as Nagios's schedule_*_check does: an object
 * whose active checks are off is only scheduled when forced; a check
 * already scheduled stays unless the new one is forced (and the old one
 * not, or later) or earlier; a time not after now runs as soon as the
 * gates allow.  Nothing happens while a check of the object is queued or
 * running (forced marks that one forced).
 */
void checker_schedule(struct checker *c, const struct obj_host *h, const struct obj_service *svc,
    time_t when, int forced);
/* whether a check of the object is on the schedule, queued or running */
int checker_scheduled(const struct checker *c, const struct obj_host *h,
    const struct obj_service *svc);
/* count the checks (and passive results) into cs (NULL: stop counting) */
void checker_set_checkstats(struct checker *c, struct checkstats *cs);
/* the program-wide macro values the checker keeps (for other commands' macros) */
const struct macro_globals *checker_globals(const struct checker *c);
/* the largest lag (seconds) since the last call, and reset it: the latest
 * start after due, or the wait of the check queued longest if longer */
double checker_take_lag(struct checker *c);
/* how long the check queued longest has waited past its due time (seconds,
 * 0 when none waits); O(the addresses), for a periodic look */
double checker_queue_wait(const struct checker *c);
/*
 * The interval stretch (engine/sched/stretch.h): every regular schedule
 * (an interval after a check's start, and the first checks' spread) is
 * made factor times as long.  A change re-times what is already on the
 * wheel at once, each remaining wait scaled by the new factor over the
 * old, so the schedules stay as evenly spread as they were; schedules set
 * otherwise (a check period's next start, SCHEDULE_*_CHECK, a dependency's
 * wait) are left alone.  O(objects) when the factor changes.  A factor
 * below 1 is taken as 1.  checker_adopt carries it to a new generation.
 */
void checker_set_stretch(struct checker *c, double factor);
/* checks a second the regular schedules ask for, unstretched: the sum of
 * 1 / interval over the actively checked objects scheduled (or queued or
 * running) an interval on.  O(objects) */
double checker_demand(const struct checker *c);
/*
 * The same sum, a slice of objects at a time, for a loop that must not
 * spend a pass over a large estate at once: up to slice more objects go
 * into the pass under way, and the last whole pass's sum is returned.
 * The first call makes a whole pass; a checker that adopted another
 * starts from that one's last sum.  (0: no step, the last sum.)
 */
double checker_demand_sliced(struct checker *c, unsigned slice);
/*
 * The wall clock was stepped by step seconds (engine/sched/clockstep.h):
 * tick times map to the new wall-clock times from now on, so the
 * schedule keeps its instants (no burst, no gap), and every next_check
 * moves by the step in whole seconds.  compensate: Nagios 4.4.6's
 * compensation for a system time change besides (checker_clock.c says
 * which times move).  O(objects) when the step is a second or more.
 */
void checker_clock_step(struct checker *c, double step, int compensate);
/* the generation's dependencies (depend.h), for the notification filters */
struct depend *checker_depend(struct checker *c);
/* Nagios's event and problem id counters (status.dat, retention) */
struct sm_ids *checker_ids(struct checker *c);

struct host_state *checker_host_states(struct checker *c);
struct svc_state *checker_svc_states(struct checker *c);
const struct drift *checker_drift(const struct checker *c);
/* how late each tick began after its moment (microseconds, one sample a
 * tick woken): the part of the drift that comes before the tick's own
 * work (a late wake-up, or the loop busy with something else) */
const struct drift *checker_tick_late(const struct checker *c);
void checker_stats(const struct checker *c, struct checker_stats *st);
/* the checks waiting to start (on the wheel or in the run queue), hosts
 * and services apart: Nagios's HOST_CHECK and SERVICE_CHECK events.
 * O(objects) */
void checker_waiting(const struct checker *c, size_t *hosts, size_t *services);

#endif

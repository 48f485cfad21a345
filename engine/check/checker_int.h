/*
 * checker_int: what checker.c (scheduling) and checker_run.c (running a
 * check, taking its result) share.  Not for use outside engine/check.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CHECKER_INT_H
#define JAQUE_CHECKER_INT_H

#include <ev.h>
#include <stdint.h>
#include <sys/time.h>

#include "engine/check/checker.h"
#include "engine/check/statemachine.h"
#include "engine/sched/runq.h"
#include "engine/sched/wakeup.h"
#include "engine/sched/wheel.h"
#include "engine/time/macros.h"

struct obj_settings;
struct obj_cmdref;
struct obj_timeperiod;

/* one host or service as the scheduler sees it */
struct chk_ent {
	struct wheel_ent we;
	struct runq_ent re;
	struct checker *c;
	struct checker_run *run; /* the check in flight, NULL when none */
	uint64_t due_tick;       /* the tick it last fell due at */
	double due_mono;         /* when it fell due, on the monotonic clock (drift is
	                          * measured from here) */
	time_t at;               /* the time its wheel entry stands for, exactly as asked */
	float base_s;            /* the interval its schedule counts, unstretched (0: none yet) */
	uint32_t id;             /* host or service id */
	uint8_t is_host;
	uint8_t stretched;       /* its due time is an interval on, stretched with the rest */
	uint8_t queued;          /* in the run queue */
	uint8_t running;
	uint8_t forced;          /* the next run ignores period and switches */
	uint8_t adopted;         /* its state came from the previous generation: one of
	                          * CHK_ADOPTED.. (what its schedule was there) */
	uint8_t freshening;      /* a freshness check was forced; cleared by a result */
	uint8_t ondemand;        /* the check in flight was asked for by another result */
	/* the check Nagios has scheduled while this one runs (chk_pend) */
	uint8_t pend;            /* there is one */
	uint8_t pend_forced;     /* it is forced */
	time_t pend_at;          /* its time */
};

#define CHK_NO_ID UINT32_MAX

/* what an adopted entry's schedule was in the previous generation
 * (checker_adopt), for checker_start to keep it */
enum {
	CHK_ADOPTED = 1,    /* not scheduled there: scheduled as at a start */
	CHK_CARRY_WHEEL,    /* waiting for its tick (due_tick, the same time base) */
	CHK_CARRY_DUE,      /* due and not started (due_tick, due_mono): runs at once */
	CHK_CARRY_RUNNING,  /* its run came along: the result schedules the next */
};

/* one check in flight */
struct checker_run {
	struct checker *c;
	struct chk_ent *e;       /* NULL once the checker was stopped */
	double start;            /* loop time at start */
	double latency;          /* due to start, seconds (the drift) */
	double timeout;
	uint64_t start_tick;
	unsigned key;
	int builtin;
	int remote;              /* taken by the run_remote hook */
	int released;            /* its run queue slot is free already (a stalled job) */
	unsigned long tag;       /* the hook's (checker_run_set_tag) */
	struct timeval tv_start;
	struct checker_run *next; /* the checker's list of runs */
	struct checker_run *prev;
};

struct depend;

struct checker {
	struct ev_loop *loop;
	const struct objects *objs;
	const struct main_cfg *cfg;
	struct wpool *pool;
	struct checker_hooks hooks;
	struct macro_globals globals;
	struct sm_ids ids;        /* Nagios's event and problem id counters */
	struct checkstats *checkstats; /* counted into when set (checker_set_checkstats) */
	struct host_state *hs;
	struct svc_state *ss;
	unsigned nhs, nss;        /* their lengths (the objects may be gone first) */
	struct depend *dep;       /* the generation's dependencies (depend.h) */
	double lag_max;           /* the largest drift since checker_take_lag */
	double stretch;           /* the interval stretch in force (checker_set_stretch), >= 1 */
	int backlog_on;           /* checks waited with the global limit reached at the last
	                           * look (chk_note_backlog) */
	double backlog_since;     /* since when, monotonic */
	uint64_t backlog_started0; /* checks_started then */
	struct chk_ent *hent;
	struct chk_ent *sent;
	unsigned *hkey;          /* host id -> address key */
	unsigned nkeys;
	unsigned tps;
	double t0;               /* wall clock at tick 0 (for next_check and periods) */
	double t0_mono;          /* monotonic clock at tick 0 (for ticks and drift) */
	double t_start;          /* wall clock at checker_start: the first schedule's now */
	int base_kept;           /* t0 and t0_mono came from the previous generation */
	/* checker_map_old: each object's id in map_of (CHK_NO_ID: none), until
	 * checker_adopt */
	const struct objects *map_of;
	uint32_t *old_hid;
	uint32_t *old_sid;
	int carry_remote;         /* checker_carry_remote: the remote runs move too */
	struct wheel *wheel;
	struct runq *runq;
	struct drift *drift;
	struct drift *tick_late;  /* how late each tick began, after its moment */
	ev_timer tick;            /* the tick timer when there is no timerfd */
	ev_io tick_io;            /* the tick timer: a timerfd (tick_fd), else -1 */
	int tick_fd;
	uint64_t armed_tick;      /* the tick the timer is set for (chk_arm) */
	double armed_at;          /* the moment the timerfd is set for (monotonic) */
	struct wakeup wake;       /* how late the timerfd fires (wakeup.h) */
	int in_tick;              /* chk_tick is on the stack: it re-arms at its end */
	ev_timer fresh_svc;       /* freshness.c */
	ev_timer fresh_host;
	ev_idle fresh_more;       /* a pass goes on, fresh_slice objects a step */
	unsigned fresh_slice;
	unsigned fresh_next[2];   /* the pass under way: the next service [0], host [1] */
	time_t fresh_now[2];      /* its time */
	int fresh_on[2];          /* a pass is under way */
	ev_timer orphan_timer;    /* orphan.c */
	struct checker_run *runs; /* every run in flight */
	size_t inflight;
	int started;
	int stopped;
	int free_pending;
	int dispatching;  /* chk_dispatch is on the stack: no re-entry */
	struct checker_stats st;
	struct checker_stats stats_base; /* what earlier generations counted */
	struct {                  /* checker_demand_sliced's pass */
		unsigned pos;     /* its next object: a host below nhosts, then a service */
		double part;      /* its sum so far */
		double last;      /* the last whole pass's */
		int whole;        /* last holds one */
	} dm;
};

double chk_tick_time(const struct checker *c, uint64_t tick);
/* the moment a tick begins, on the monotonic clock */
double chk_tick_mono(const struct checker *c, uint64_t tick);
/* the run queue key of e: its host's address */
unsigned chk_key(const struct checker *c, const struct chk_ent *e);
/* add the counters of src to dst (what earlier generations counted) */
void chk_stats_add(struct checker_stats *dst, const struct checker_stats *src);
double chk_mono(void);
uint64_t chk_time_tick(const struct checker *c, double t);
const char *chk_host_name(const struct chk_ent *e);
struct state_common *chk_state(struct checker *c, const struct chk_ent *e);
const struct obj_settings *chk_settings(const struct checker *c, const struct chk_ent *e);
/* the check period that applies: a run-time override, else the configured one (NULL: always) */
const struct obj_timeperiod *chk_check_period(struct checker *c, const struct chk_ent *e);
void chk_schedule_tick(struct checker *c, struct chk_ent *e, uint64_t tick);
/* schedule e at the tick of time at (no earlier than tick min), with
 * next_check exactly at, not the tick's rounded time, and
 * should_be_scheduled as it was (Nagios's schedule_*_check) */
void chk_schedule_exact(struct checker *c, struct chk_ent *e, time_t at, uint64_t min);
void chk_reschedule(struct checker *c, struct chk_ent *e, uint64_t start_tick, double delay);
/* the tick delay seconds after start_tick (at least one tick on) */
uint64_t chk_delay_tick(const struct checker *c, uint64_t start_tick, double delay);
/* schedule at tick as a regular schedule: moved with the stretch (checker_pace.c) */
void chk_schedule_regular(struct checker *c, struct chk_ent *e, uint64_t tick);
/* the next regular check: interval seconds (unstretched) after the start tick */
void chk_schedule_interval(struct checker *c, struct chk_ent *e, uint64_t start_tick,
    double interval);
void chk_check_soon(struct checker *c, struct chk_ent *e);
uint64_t chk_now_tick(const struct checker *c);
/* whether the object is checked actively at all (has a command, enabled) */
int chk_is_active(const struct checker *c, const struct chk_ent *e);
/* start what the gates allow from the run queue; no-op when already on the stack */
void chk_dispatch(struct checker *c);
void chk_really_free(struct checker *c);
/* checker_start: schedule an entry as the previous generation had it
 * (its adopted kind); 0 when it had no schedule there */
int chk_carry_schedule(struct checker *c, struct chk_ent *e, uint64_t now_tick);
/* checker_adopt: the run r of the previous generation old goes on in c,
 * for c's entry e (the same object) */
void chk_move_run(struct checker *old, struct checker *c, struct checker_run *r,
    struct chk_ent *e);

/* the object's check command reference */
const struct obj_cmdref *chk_command(const struct checker *c, const struct chk_ent *e);

/* checker_viable.c: whether a due check runs (Nagios's viability rules) */
/* Nagios's check_window of the state: seconds */
double chk_window(const struct checker *c, const struct state_common *st);
/* the interval a refused check is put off by (a host without one: 300 s) */
double chk_viability_interval(const struct checker *c, const struct chk_ent *e);
/* where a host check its run refused goes: a check interval on (300 s
 * without one), into the check period */
time_t chk_refused_host_next(struct checker *c, struct chk_ent *e, time_t now);
/* a host's unforced check within cached_host_check_horizon of its last one:
 * refused and moved on (1), or 0 */
int chk_cached_refusal(struct checker *c, struct chk_ent *e, time_t now);
/* execution dependencies, parents, host_down_disable_service_checks: 1 when
 * the check must not run (the *_skip_check_*_status state applied) */
int chk_depends_block(struct checker *c, struct chk_ent *e, time_t now);
/* whether the first schedule takes the object at all (init_timing_loop) */
int chk_schedulable(struct checker *c, const struct chk_ent *e, time_t now);
/* a due check whose period has no valid time left: warn, try again later */
void chk_unschedulable(struct checker *c, struct chk_ent *e, time_t now);
/* execute_*_checks off: move the check a window on (1), or 0 when the
 * object is not to be checked at all */
int chk_postponed(struct checker *c, struct chk_ent *e);

/* checker_spread.c: the first checks at a start, where init_timing_loop puts them */
struct chk_place {
	double t;           /* Nagios's time, with the fraction of the offset */
	time_t at;          /* its second: next_check */
	size_t seq;
	struct chk_ent *e;
};
struct chk_spread {
	double svc_delay;  /* the inter-check delays, seconds */
	double host_delay;
	uint64_t factor;   /* the service interleave factor */
	uint64_t blocks;   /* the service interleave blocks */
	uint64_t nsvc;     /* services and hosts spread so far */
	uint64_t nhost;
	struct chk_place *place; /* what chk_spread_place puts on the wheel */
	size_t nplace, cap;
	uint8_t *ok;       /* chk_schedulable of each (hosts, then services) */
};
/* the delays and the interleave for what checker_start schedules */
void chk_spread_init(struct checker *c, struct chk_spread *sp);
/* schedule e's first check (kept from retention or a reload), or note
 * where the spread puts it */
void chk_schedule_first(struct checker *c, struct chk_ent *e, struct chk_spread *sp,
    uint64_t now_tick);
/* schedule what the spread noted: each second's checks evenly across it
 * (and let go of sp's arrays) */
void chk_spread_place(struct checker *c, struct chk_spread *sp, uint64_t now_tick);

/* checker_pace.c: the backlog's time and starts, counted into st up to now */
void chk_backlog_count(const struct checker *c, struct checker_stats *st, double now);
/* after the run queue was served: a backlog begins or ends */
void chk_note_backlog(struct checker *c);

/* freshness.c; the objects a pass looks at in one step (fresh_slice when 0) */
#define CHK_FRESH_SLICE 32768u
void chk_freshness_start(struct checker *c);
void chk_freshness_stop(struct checker *c);

/* checker_run.c */
void chk_run(struct checker *c, struct chk_ent *e, double now);
/* a check scheduled for when, with STATE_CKOPT_ opts, while the object's check runs */
void chk_pend(struct checker *c, struct chk_ent *e, time_t when, int opts, double now);
void chk_cancel_runs(struct checker *c);
/*
 * Detach run r from its object, which is free to run again: a builtin
 * run is cancelled and freed; a worker's stays listed until its result
 * comes, which is then dropped.
 */
void chk_detach_run(struct checker *c, struct checker_run *r);

/* orphan.c */
void chk_orphans_start(struct checker *c);
void chk_orphans_stop(struct checker *c);
void chk_free_detached(struct checker *c);

#endif

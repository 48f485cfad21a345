/*
 * statemachine: Nagios 4.4.6's soft/hard logic for services and hosts, as
 * pure functions over one object's state.
 *
 * sm_service_result and sm_host_result take a check result, update the
 * object's state the way handle_async_service_check_result and
 * handle_async_host_check_result do (attempts, state types, last states
 * and times, output, flags), and say in struct sm_outcome what else
 * Nagios would do now: write an ALERT line, run event handlers, consider
 * a notification, check the host or its parents or children on demand,
 * and when to check the object next.  They do no I/O and read no clock:
 * the caller acts on the outcome (log lines, scheduling, later issues'
 * notifications and handlers).
 *
 * Nagios does its side effects in the middle of the update, in this
 * order: notification, OCSP/OCHP, the ALERT line, the event handlers;
 * then it finishes the state (a recovered service becomes HARD attempt 1,
 * the notification counters of a hard recovery are reset).  The state
 * here holds the finished values; alert_state_type and alert_attempt in
 * the outcome are what the ALERT line, the handlers' macros and the
 * notification see (a hard recovery shows the attempt of the problem, a
 * soft recovery SOFT).  The caller does the counter reset itself after
 * the notification step when SM_CLEAR_NOTIFIED says so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STATEMACHINE_H
#define JAQUE_STATEMACHINE_H

#include <time.h>

#include "engine/check/result.h"
#include "engine/objects/state.h"

struct main_cfg;
struct obj_host;
struct obj_service;

enum sm_flags {
	SM_LOG_ALERT = 1u << 0,        /* write a SERVICE ALERT / HOST ALERT line (Nagios's
	                                * log_service_retries filter already applied) */
	SM_STATE_CHANGE = 1u << 1,     /* current_state differs from the last one */
	SM_HARD_CHANGE = 1u << 2,      /* a hard state change happened */
	SM_RUN_HANDLER = 1u << 3,      /* run the event handlers (global then object) */
	SM_NOTIFY = 1u << 4,           /* consider a notification (notify.c decides) */
	SM_CHECK_HOST = 1u << 5,       /* check the service's host on demand */
	SM_CHECK_PARENTS = 1u << 6,    /* check the host's parents on demand (which ones:
	                                * sm_host_parent_wanted) */
	SM_CHECK_CHILDREN = 1u << 7,   /* check the host's children on demand
	                                * (sm_host_child_wanted) */
	SM_LOG_STALK = 1u << 8,        /* stalking: log the result although no state changed;
	                                * always comes with SM_LOG_ALERT: write one line */
	SM_RESCHEDULE = 1u << 9,       /* next_check holds when to check next */
	SM_RECOVERY = 1u << 10,        /* a problem ended (hard or soft) */
	SM_RESET_SERVICES = 1u << 11,  /* host: its services' attempts may need resetting
	                                * (Nagios 4.4.6 never does: never set) */
	SM_DISCARDED = 1u << 12,       /* a passive result refused (passive checks off
	                                * globally or for the object): nothing changed */
	SM_NOTIFY_HOST = 1u << 13,     /* service result: Nagios calls host_notification for
	                                * the service's host (its host is not UP) */
	SM_HOST_FAKE_CHECK = 1u << 14, /* service result: the never-checked host is marked
	                                * checked (sm_service_host_effects does it) */
	SM_CHECK_MASTERS = 1u << 15,   /* host: predictive checks of the hosts it depends on */
	SM_CLEAR_NOTIFIED = 1u << 16,  /* after the notification step, set
	                                * current_notification_number and notified_on to 0 */
	SM_LOG_IF_NOTIFIED = 1u << 17, /* stalking_options N: write the ALERT line if the
	                                * notification went out (SM_LOG_ALERT not set) */
	SM_ACK_CLEARED = 1u << 18,     /* the acknowledgement was removed: delete its
	                                * non-persistent comments */
	SM_NEW_EVENT_ID = 1u << 19,    /* sm_assign_ids: a new current_event_id */
	SM_NEW_PROBLEM_ID = 1u << 20,  /* sm_assign_ids: a new current_problem_id */
	SM_STATE_OR_TYPE = 1u << 21,   /* state or state type changed: notification times
	                                * were reset; the caller checks pending flexible
	                                * downtime, then sm_reset_notification_times */
	SM_END_PROBLEM = 1u << 22      /* service: the problem ended; sm_end_problem moves
	                                * its id to last_problem_id once the result's
	                                * notifications and handlers have seen it */
};

struct sm_outcome {
	unsigned flags;
	time_t next_check;     /* with SM_RESCHEDULE: when the object is due next (not
	                        * yet moved into its check_period: the caller does that) */
	int alert_state_type;  /* enum state_type seen by the ALERT line, handlers, notification */
	int alert_attempt;     /* current_attempt seen by them */
	time_t prev_last_check; /* service: its last_check before this result */
};

/*
 * Apply a service result.  hst: the state of the service's host as the
 * engine knows it now.  now: the current time (result processing time).
 * Returns nothing; out says what to do.  Nagios also writes to the host
 * from here: the caller applies that with sm_service_host_effects.
 */
void sm_service_result(struct svc_state *st, const struct obj_service *svc,
    const struct host_state *hst, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out);

/*
 * What a service result does to its host in Nagios: last_state_change and
 * last_hard_state_change still 0 take the service's previous last_check;
 * with SM_HOST_FAKE_CHECK the host becomes checked at the service's
 * last_check.  st is the service's state after sm_service_result.
 */
void sm_service_host_effects(struct host_state *hst, const struct svc_state *st,
    const struct sm_outcome *out);

/*
 * Apply a host result.  hosts: every host's state indexed by host id
 * (parents are looked up there for UNREACHABLE).
 */
void sm_host_result(struct host_state *st, const struct obj_host *h,
    const struct host_state *hosts, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out);

/*
 * With SM_CHECK_PARENTS / SM_CHECK_CHILDREN: whether Nagios 4.4.6 checks
 * this parent / child.  It picks them by their current state: when the
 * host went from UP to a problem, parents not UP and children not
 * UNREACHABLE; when it came back UP, parents UP and children not UP.
 * (Its comments say otherwise for parents; the code is what runs.)
 */
int sm_host_parent_wanted(const struct sm_outcome *out, const struct host_state *parent);
int sm_host_child_wanted(const struct sm_outcome *out, const struct host_state *child);

/*
 * Whether a cached host result may stand for a new on-demand check
 * (cached_host_check_horizon): 1 when the last check is recent enough.
 */
int sm_host_cache_fresh(const struct host_state *st, const struct main_cfg *cfg, time_t now);

/* Nagios's two id counters (next_event_id, next_problem_id in retention.dat) */
struct sm_ids {
	unsigned long next_event_id;
	unsigned long next_problem_id;
};

/*
 * Give c the new event and problem ids out asks for (SM_NEW_EVENT_ID,
 * SM_NEW_PROBLEM_ID), taking them from ids.  Call it right after the
 * sm_*_result that produced out, before anything reads the ids.
 */
void sm_assign_ids(struct state_common *c, const struct sm_outcome *out, struct sm_ids *ids);
/*
 * With SM_END_PROBLEM: current_problem_id becomes last_problem_id and 0.
 * Nagios does this for a service after the recovery's notification and
 * event handler, which therefore see the id of the problem that ended.
 */
void sm_end_problem(struct state_common *c, const struct sm_outcome *out);

/*
 * With SM_STATE_OR_TYPE: last_notification, next_notification and
 * no_more_notifications back to 0.  Nagios does it after it checked for
 * pending flexible downtime, so whatever a downtime starting then did to
 * them (a refused DOWNTIMESTART notification of a service with
 * notification_interval 0 sets next_notification) does not last: call it
 * once that check is done.
 */
void sm_reset_notification_times(struct state_common *c, const struct sm_outcome *out);

/*
 * The state as the ALERT line shows it: Nagios detects flapping, notifies
 * and runs the event handlers before it turns a hard recovery into HARD
 * attempt 1.  sm_alert_view puts out's state type and attempt in c,
 * keeping the finished ones in saved; sm_finished_view puts them back.
 */
struct sm_view {
	int state_type;
	int attempt;
};
void sm_alert_view(struct state_common *c, const struct sm_outcome *out, struct sm_view *saved);
void sm_finished_view(struct state_common *c, const struct sm_view *saved);

#endif

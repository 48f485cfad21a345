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
	SM_LOG_ALERT = 1u << 0,        /* write a SERVICE ALERT / HOST ALERT line */
	SM_STATE_CHANGE = 1u << 1,     /* current_state differs from the last one */
	SM_HARD_CHANGE = 1u << 2,      /* a hard state change happened */
	SM_RUN_HANDLER = 1u << 3,      /* run the event handlers (global then object) */
	SM_NOTIFY = 1u << 4,           /* consider a notification (issue 5 decides) */
	SM_CHECK_HOST = 1u << 5,       /* check the service's host on demand */
	SM_CHECK_PARENTS = 1u << 6,    /* check the host's parents on demand */
	SM_CHECK_CHILDREN = 1u << 7,   /* check the host's children on demand */
	SM_LOG_STALK = 1u << 8,        /* stalking: log the result although no state changed */
	SM_RESCHEDULE = 1u << 9,       /* next_check holds when to check next */
	SM_RECOVERY = 1u << 10,        /* a problem ended (hard or soft) */
	SM_RESET_SERVICES = 1u << 11   /* host: its services' attempts may need resetting */
};

struct sm_outcome {
	unsigned flags;
	time_t next_check;  /* with SM_RESCHEDULE: when the object is due next */
};

/*
 * Apply a service result.  hst: the state of the service's host as the
 * engine knows it now.  now: the current time (result processing time).
 * Returns nothing; out says what to do.
 */
void sm_service_result(struct svc_state *st, const struct obj_service *svc,
    const struct host_state *hst, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out);

/*
 * Apply a host result.  hosts: every host's state indexed by host id
 * (parents are looked up there for UNREACHABLE).
 */
void sm_host_result(struct host_state *st, const struct obj_host *h,
    const struct host_state *hosts, const struct check_result *cr, const struct main_cfg *cfg,
    time_t now, struct sm_outcome *out);

/*
 * Whether a cached host result may stand for a new on-demand check
 * (cached_host_check_horizon): 1 when the last check is recent enough.
 */
int sm_host_cache_fresh(const struct host_state *st, const struct main_cfg *cfg, time_t now);

#endif

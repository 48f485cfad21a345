/*
 * gmsend: the rest of what mod_gearman 5.2.4's core module sends to
 * gearmand besides checks (gmcore.h has those): event handlers,
 * notifications and performance data, when its options ask for them
 * (eventhandler, notifications, perfdata).
 *
 * Event handlers and notifications: nrun's remote hook (nrun.h) asks
 * here before each command runs.  One that mod_gearman would take is sent
 * as its job and not run here, as the module's NEBERROR_CALLBACKOVERRIDE
 * keeps the core from running it, even when the job could not be queued.
 * The module takes one when the object's checks would go to a queue
 * (mgroute: a local group, a "local" custom variable or no matching
 * queue option keep the command here, so eventhandler=yes alone, with no
 * hosts, services or group queues, sends nothing); the queue is then
 * "notification", or "eventhandler" unless route_eventhandler_like_checks
 * names a group or custom queue.  Event handlers go NORMAL, notifications
 * HIGH, neither with a unique id.
 *
 * Performance data: after each result, as the module's handler for a
 * processed check, the object's perfdata template (host_perfdata_template,
 * service_perfdata_template) expanded with a newline goes to every
 * perfdata queue, NORMAL, when perfdata is on, process_performance_data is
 * on for the program and for the object (or perfdata_send_all), and the
 * result had performance data.  With perfdata_mode 1 the job's unique id
 * is the queue and the object's names, so gearmand keeps the newest one
 * waiting per object; otherwise jobs are appended.  This is besides
 * Nagios's own perfdata files and commands (engine/notify/perfdata), which
 * the module leaves running.
 *
 * Callers: the daemon's nrun (react.c) and its result handling.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMSEND_H
#define JAQUE_GMSEND_H

#include <time.h>

#include "engine/notify/nrun.h"

struct jaque;
struct macro_ctx;
struct obj_host;
struct obj_service;

/* jobs given up before gearmand took them, seconds: perfdata (event
 * handlers and notifications wait their own timeout) */
#define GMSEND_PERFDATA_DEADLINE 60.0

/* nrun's remote_takes hook: 1 when mod_gearman's rules send this event
 * handler or notification of h (s) to gearmand, 0 when it runs here */
int gmsend_takes(struct jaque *j, enum nrun_kind kind, const struct obj_host *h,
    const struct obj_service *s);
/* nrun's remote hook: queue the job of a command gmsend_takes took (a
 * job that cannot be queued is logged and lost, as in the module) */
void gmsend_remote(struct jaque *j, const struct nrun_remote *job);

/*
 * A result of s (or host h, s NULL) was handled: its perfdata jobs, when
 * the options and switches above ask for them.  base: cfg, objs, hstates,
 * sstates and globals filled; copied.  Returns the number of jobs queued.
 */
int gmsend_perfdata(struct jaque *j, const struct macro_ctx *base, const struct obj_host *h,
    const struct obj_service *s, time_t now);

#endif

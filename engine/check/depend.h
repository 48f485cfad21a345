/*
 * depend: host and service dependencies, and service parents, judged as
 * Nagios 4.4.6 judges them (base/checks.c: check_service_dependencies,
 * check_host_dependencies, check_service_parents).
 *
 * depend_new indexes one generation's dependency arrays once: for every
 * dependent host or service, its dependencies of each type (notification,
 * execution), in the order Nagios walks its per-object lists.  The
 * queries then read the run-time states the caller passes in; they do no
 * I/O, read no clock and log nothing.
 *
 * A dependency fails when the state of its master has the matching
 * failure option bit (OBJ_OPT_ bit 1 << state: o/w/c/u for services,
 * o/d/u for hosts).  The state is the master's current state, or its last
 * hard state when the master is in a soft state and soft_state_dependencies
 * is off.  With inherits_parent, the master's own dependencies of the
 * same type are judged too, and so on up the chain; a loop (which the
 * pre-flight check forbids but a model can still hold) is walked once.
 *
 * Two things Nagios 4.4.6 does that look like mistakes are kept, so jaque
 * decides as it does:
 *  - a dependency whose dependency_period does not hold `now` ends the
 *    walk of that object's list with "not failed": the dependencies after
 *    it in the list are not looked at (the code returns where its comment
 *    says "skip").  The list order is Nagios's after it reads
 *    objects.cache: the model's array order, reversed.
 *  - the "p" (pending) failure option never matches: Nagios compares
 *    1 << state, and a never-checked object has its initial state (OK or
 *    UP unless configured), not a pending one.  So "p" alone never fails;
 *    "o" fails on a pending master whose initial state is OK/UP.
 *
 * Who calls: the checker, before an active check (execution type) and
 * the notifier (notification type; a service's notification also asks
 * for its host's notification dependencies).  The queries keep scratch
 * space in the struct depend, hence the non-const handle: one thread.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DEPEND_H
#define JAQUE_DEPEND_H

#include <time.h>

#include "engine/objects/objects.h"

struct host_state;
struct svc_state;
struct main_cfg;
struct depend;

/*
 * Index the dependencies of objs (which must outlive the index), in time
 * and memory proportional to the objects plus the dependencies.  Never
 * fails (allocation failures are fatal).
 */
struct depend *depend_new(const struct objects *objs);
/* free d; NULL is accepted */
void depend_free(struct depend *d);

/*
 * 1 when the dependencies of type on service s have failed (Nagios's
 * DEPENDENCIES_FAILED), 0 when not.  ss: every service's state, indexed
 * by id.  cfg: soft_state_dependencies (NULL: off).  now: the time the
 * dependency periods are judged at.  An unknown type has no dependencies.
 */
int depend_service_failed(struct depend *d, const struct obj_service *s, enum obj_dep_type type,
    const struct svc_state *ss, const struct main_cfg *cfg, time_t now);
/* the same for host h; hs: every host's state, indexed by id */
int depend_host_failed(struct depend *d, const struct obj_host *h, enum obj_dep_type type,
    const struct host_state *hs, const struct main_cfg *cfg, time_t now);

/*
 * What Nagios's notification filters ask (check_service_notification_
 * viability, check_host_notification_viability), in the shape of
 * engine/notify's dep_failed callback: for a service s, its notification
 * dependencies, then those of its host (h is not used); for a host (s
 * NULL), h's.  1 when one of them failed.
 */
int depend_notification_failed(struct depend *d, const struct obj_host *h,
    const struct obj_service *s, const struct host_state *hs, const struct svc_state *ss,
    const struct main_cfg *cfg, time_t now);

/*
 * Service parents (check_service_parents): 1 when a parent of s, or a
 * parent of a parent and so on, has CRITICAL or UNKNOWN as its last hard
 * state; 0 when not.  Nagios judges it before every active check, forced
 * or not (see the checker's wiring); its notification code never blocks on
 * parents (the test it makes there cannot succeed).
 */
int depend_service_parents_failed(struct depend *d, const struct obj_service *s,
    const struct svc_state *ss);

/*
 * The i-th dependency of type on s (or h), in the order they are judged,
 * or NULL when i is past the last: how the checker finds the masters to
 * check for predictive dependency checks.
 */
const struct obj_servicedependency *depend_service_dep(const struct depend *d,
    const struct obj_service *s, enum obj_dep_type type, unsigned i);
const struct obj_hostdependency *depend_host_dep(const struct depend *d, const struct obj_host *h,
    enum obj_dep_type type, unsigned i);

#endif

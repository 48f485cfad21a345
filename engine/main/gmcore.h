/*
 * gmcore: the core side of mod_gearman in the daemon.  With mod_gearman's
 * options read (j->gearman, gmsetup.h), host and service checks that
 * mod_gearman would send go to gearmand as its module sends them
 * (compat/gearman/mgroute for the queue, mgjob for the job, engine/main/
 * gmwire for the transport); results read from the result queue are
 * applied as the checks' results, or, when no check of that object is in
 * flight (a late result, send_gearman's passive ones), as a result read
 * from a check result file is.  Checks mod_gearman keeps local run here;
 * check_dummy lines it would send are answered here, as its
 * internal_check_dummy does (compat/gearman/mgdummy).
 *
 * An orphaned check run again (Nagios's orphan detection) gets mod_gearman's
 * "(... check orphaned, is the mod-gearman worker on queue '...' running?)"
 * result at once, with orphan_return, when orphan_host_checks /
 * orphan_service_checks is on; the job is sent all the same.  A job no job
 * server took before the check's timeout gets that result too.  A check
 * whose job has a unique id and whose result has not come some seconds
 * after its timeout has its job sent once more (engine/main/gmkeep.h).
 * A reload keeps the link, and the checks in flight through it, when the
 * options it depends on did not change (gmcore_link_holds).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMCORE_H
#define JAQUE_GMCORE_H

#include <stddef.h>

#include "compat/gearman/mgjob.h"
#include "engine/main/gmwire.h"

struct jaque;
struct checker_run;
struct mgcfg;
struct objects;
struct obj_host;
struct obj_service;

struct gmcore_stats {
	unsigned long sent;        /* checks handed to gearmand */
	unsigned long local;       /* checks mod_gearman's rules kept here */
	unsigned long results;     /* results applied to a check in flight */
	unsigned long late;        /* results applied with no check in flight */
	unsigned long orphans;     /* orphan results given */
	unsigned long dummies;     /* check_dummy answered here (internal_check_dummy) */
	unsigned long discarded;   /* results that could not be read or matched */
	unsigned long resent;      /* jobs sent again: no result long past the check's timeout */
	int reachable;             /* the job servers take jobs: 1, 0, -1 not known yet */
};

struct gmcore;
struct gmstats;
struct gmwire_stats;
struct gmwire;

/* NULL when j has no mod_gearman options or gearman cannot be set up (logged) */
struct gmcore *gmcore_new(struct jaque *j);
void gmcore_free(struct gmcore *g);

/*
 * Whether the link made for old's options serves next's as well, so that
 * a reload keeps it with the checks it has in flight: the same job
 * servers in the same order, result queue, number of result readers and
 * connection timeout (what the link is made of), and the same encryption,
 * key and acceptance of clear results (what reading the results of the
 * jobs out depends on).  The routing and the other options may differ:
 * they apply to the next job; a job out runs on the queue it went to and
 * its result comes back on the same result queue.  1 or 0.
 */
int gmcore_link_holds(const struct mgcfg *old, const struct mgcfg *next);
/*
 * A reload kept the link: the checker adopted the runs in flight
 * (checker_carry_remote) and has freed the old one, whose runs of objects
 * that are gone were cancelled.  What is kept per object (the runs, their
 * jobs kept for a resend and their unique ids, the jobs timed for the
 * stats, the tags of jobs not confirmed yet) moves to the ids of objs,
 * the generation about to run; what was kept for objects that are gone is
 * let go, and a late result for one is discarded.  Call while the old
 * generation's objects still exist.
 */
void gmcore_renumber(struct gmcore *g, const struct objects *objs);

/* the checker's run_remote and cancel_remote hooks */
int gmcore_run(struct gmcore *g, struct checker_run *run, const struct obj_host *h,
    const struct obj_service *s, const char *line, double timeout);
void gmcore_cancel(struct gmcore *g, struct checker_run *run);

void gmcore_stats(const struct gmcore *g, struct gmcore_stats *out);
/* the transport's figures, and the per-queue counts and times (engine/main/gmstats.h) */
void gmcore_wire_stats(const struct gmcore *g, struct gmwire_stats *out);
const struct gmstats *gmcore_gmstats(const struct gmcore *g);

/* mgjob's priority of a job as the transport's */
enum gmwire_prio gmcore_prio(enum mgjob_prio p);

/* the link to gearmand, for the other jobs the module sends (gmsend.h) */
struct gmwire *gmcore_wire(struct gmcore *g);

#endif

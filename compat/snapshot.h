/*
 * snapshot: everything the status.dat and retention.dat writers read,
 * and the retention reader writes, in one struct of borrowed pointers.
 * The daemon fills one from the running generation; the writers may run
 * in a forked child (copy-on-write), so they only read through it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SNAPSHOT_H
#define JAQUE_SNAPSHOT_H

#include <time.h>

struct objects;
struct main_cfg;
struct prog_state;
struct sm_ids;
struct host_state;
struct svc_state;
struct contact_state;
struct comments;
struct downtimes;

struct snapshot {
	const struct objects *objs;
	struct main_cfg *cfg;          /* program-wide switches (progstate.h) */
	struct prog_state *prog;
	struct sm_ids *ids;            /* next_event_id, next_problem_id (the checker's) */
	struct host_state *hosts;      /* indexed by host id */
	struct svc_state *svcs;        /* indexed by service id */
	struct contact_state *contacts; /* indexed by contact id */
	struct comments *comments;
	struct downtimes *downtimes;
	time_t now;                    /* the time written as last_update / created */
};

#endif

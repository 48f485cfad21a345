/*
 * retention: Nagios 4.4.6's retention.dat (xdata/xrddefault.c), written
 * and read in its exact format, so that jaque takes over the state a
 * Nagios 4.4.6 left behind and Nagios 4.4.6 can take over jaque's.
 *
 * The file is a list of sections ("info {", "program {", "host {",
 * "service {", "contact {", "hostcomment {", "servicecomment {",
 * "hostdowntime {", "servicedowntime {") of "key=value" lines closed by
 * "}", in that order.  Long plugin output is kept with its newlines and
 * backslashes escaped as Nagios keeps it in memory ("\n", "\\").
 *
 * The writer (retention.c) reads through a snapshot only, so it may run
 * in a forked child.  The reader (retention_read.c, retention_obj.c)
 * writes into the snapshot's state arrays, switches, ids, comments and
 * downtimes with Nagios's load rules; the daemon calls it once at
 * start-up, before any check runs.  Callers: engine/main (start-up,
 * SAVE_STATE_INFORMATION, the retention_update_interval timer, shutdown).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_RETENTION_H
#define JAQUE_RETENTION_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct flap_outcome;
struct obj_host;
struct obj_service;
struct snapshot;

/*
 * Write s to path atomically (a temporary beside it, fsync, rename) with
 * Nagios's mode 0600.  Returns 0, or -1 with errno set and a message
 * naming the step, the file and the error in err (the old file stays).
 */
int retention_write(const char *path, const struct snapshot *s, char *err, size_t errlen);

/* print s in retention.dat's format; 0, or -1 when the stream failed */
int retention_fprint(FILE *fp, const struct snapshot *s);

#define RETENTION_PROBLEMS 8      /* problems kept as text */
#define RETENTION_PROBLEM_LEN 200 /* bytes of each, NUL included */

/* what one retention_read did */
struct retention_report {
	int missing;         /* the file does not exist: nothing was read */
	int program_applied; /* the program section was taken (use_retained_program_state) */
	int scheduling_ok;   /* the file is younger than retention_scheduling_horizon */
	size_t hosts;        /* sections matched to an object of the configuration */
	size_t services;
	size_t contacts;
	size_t comments; /* kept after Nagios's rules */
	size_t downtimes;
	size_t gone_hosts; /* sections of objects the configuration no longer has */
	size_t gone_services;
	size_t gone_contacts;
	size_t comments_dropped;  /* non-persistent, ended acknowledgement, object gone, invalid */
	size_t downtimes_dropped; /* object gone, invalid, refused by the store */
	size_t lines_skipped;     /* malformed, unknown, too long, or outside a section */
	size_t nproblems;         /* problems seen (more than are kept) */
	char problems[RETENTION_PROBLEMS][RETENTION_PROBLEM_LEN];
};

/*
 * What the reader hands back.  flapping: the end of a host or service
 * section judged the retained state history again, as Nagios's start-up
 * does, and the object started (or, read into a running state, stopped)
 * flapping; the state holds the outcome already, the FLAPPING ALERT line,
 * the comment and the notifications are the caller's.  Called in the
 * sections' order once the file's comments are in, before its downtimes
 * are added.  fo->quiet is set on a STARTED edge of an object the file
 * says was flapping: Nagios sends no FLAPPINGSTART notification then.
 */
struct retention_hooks {
	void *arg;
	void (*flapping)(void *arg, time_t now, const struct obj_host *h,
	    const struct obj_service *s, const struct flap_outcome *fo);
};

/*
 * Read the retention file at path into s (objs, cfg, prog, hosts, svcs,
 * contacts, comments and downtimes must be set; ids may be NULL; s->now
 * is the current time), calling hooks (NULL: none) as it goes.  rep is
 * cleared and filled.  A missing file is
 * no error (returns 0, rep->missing set); a file that cannot be opened
 * or read returns -1 with errno set (and the reason in rep->problems;
 * what was read before a read error is applied).  Garbage and truncated
 * sections are skipped and counted: what is valid is applied, a section
 * without its closing "}" is not.
 */
int retention_read(const char *path, struct snapshot *s, const struct retention_hooks *hooks,
    struct retention_report *rep);

/*
 * What the end of an object's block in Nagios's reading of retention.dat
 * (xdata/xrddefault.c) does to its state, also applied to the state a
 * reload carries across: a service never checked is not left SOFT, and an
 * object in a HARD problem state is put at its max_attempts (which the
 * configuration may have changed), so the next result of another problem
 * state counts from there, and a last_hard_state_change still 0 becomes
 * last_state_change.
 */
struct state_common;
void retention_settle(struct state_common *c, int is_service);

#endif

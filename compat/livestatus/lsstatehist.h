/*
 * lsstatehist: the state history of hosts and services, as the Livestatus
 * statehist table shows it: for each host and service the log names, the
 * intervals over which its state, downtime, flapping and period flags
 * stayed the same, clipped to a query's time range [since, until).
 *
 * The machine is fed parsed log entries (lslog.h) in time order and does
 * not care where they come from.  Entries before since only set the
 * states the range starts with; an entry that changes something ends the
 * current interval of the objects it touches, which is queued as a row;
 * lssh_finish ends every interval at until - 1.  The rules are
 * naemon-livestatus 1.5's (TableStateHistory), quirks included: a host's
 * alert also ends its services' intervals, an object first seen more than
 * ten minutes into the range is UNMONITORED (-1) until then, and one that
 * no INITIAL state names after "logging initial states" is UNMONITORED
 * from that restart on until it shows up again.
 *
 * Only objects that exist now count: the find callback resolves the names
 * an entry carries, and entries naming nothing it knows are skipped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSSTATEHIST_H
#define JAQUE_LSSTATEHIST_H

#include <time.h>

struct lslog_entry;

/* a host or service that exists now, as the find callback describes it */
struct lssh_obj {
	const void *host;          /* the caller's handles; svc NULL for a host */
	const void *svc;
	const char *host_name;     /* borrowed: must outlive the machine */
	const char *svc_desc;      /* "" for a host */
	const char *notif_period;  /* its notification period's name, "" for none */
	const char *svc_period;    /* its SERVICE_PERIOD custom variable, "" for none */
};

/* fill out for host (and svc, "" for a host); 0, or -1 when there is no such object */
typedef int lssh_find_fn(void *arg, const char *host, const char *svc, struct lssh_obj *out);
struct lssh_row;
/* whether a service is wanted, asked once with its first row before anything is known
 * of it but its names (state 0, every flag 0, no periods); NULL: every one is */
typedef int lssh_want_fn(void *arg, const struct lssh_row *fresh);

/* the durations by state: index 0 UNMONITORED (-1), then OK/UP .. UNKNOWN */
enum { LSSH_NSTATES = 5 };

/* one interval: a row of the statehist table */
struct lssh_row {
	struct lssh_obj o;
	time_t time;        /* the last entry that touched the object */
	long lineno;        /* that entry's line in its file */
	time_t from, until;
	long long duration;
	double part;        /* duration / the range's length */
	long long dur[LSSH_NSTATES];
	double dpart[LSSH_NSTATES];
	int state;          /* -1 UNMONITORED, else the host's or service's state */
	int host_down;
	int in_downtime;
	int in_host_downtime;
	int is_flapping;
	int in_notif_period;
	int in_svc_period;
	const char *debug;  /* why the interval began */
	const char *output; /* the entry's plugin output, "" for none */
};

struct lssh;

/* a machine for the range [since, until) (since < until - 1); find and want get arg */
struct lssh *lssh_new(time_t since, time_t until, lssh_find_fn *find, lssh_want_fn *want,
    void *arg);
void lssh_free(struct lssh *m);

/*
 * Feed the next entry (entries in time order).  Returns 1 once an entry
 * at or after until came (it and all later ones are ignored), else 0.
 * The rows from the last lssh_next calls become invalid.
 */
int lssh_feed(struct lssh *m, const struct lslog_entry *e);
/* end every interval at until - 1 (once; later feeds are ignored) */
void lssh_finish(struct lssh *m);
/* the next queued row, or NULL when none is; valid until the next feed or finish */
const struct lssh_row *lssh_next(struct lssh *m);

#endif

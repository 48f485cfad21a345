/*
 * lstable: the Livestatus tables over jaque's state (hosts, services,
 * status, columns).  Rows are read through a struct snapshot (the same
 * borrowed view the status.dat writer reads), handed to the getters as
 * ls_ctx.data; a table's rows are the model's arrays, so a run must end
 * before the generation it reads is freed (a reload).
 *
 * lst_tables builds the tables once (the column arrays are sorted and the
 * joined columns made: a service's host_ columns); they hold no state and
 * live as long as the process.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSTABLE_H
#define JAQUE_LSTABLE_H

#include <stddef.h>
#include <time.h>

struct ls_table;
struct lslog_cache;
struct snapshot;

/*
 * The status table's counters, in naemon-livestatus's order.  Each has a
 * _rate column: a moving average of its growth per second, brought up to
 * date by lst_status_rate.  Forks, livechecks and their overflows stay 0,
 * as naemon-livestatus 1.5 never counts them; LST_CNT_EVENTS counts what
 * naemon-livestatus counts as NEB callbacks: every event a WaitTrigger
 * can wait for but check results.
 */
enum lst_cnt {
	LST_CNT_EVENTS, LST_CNT_REQUESTS, LST_CNT_CONNECTIONS, LST_CNT_SVC_CHECKS,
	LST_CNT_HOST_CHECKS, LST_CNT_FORKS, LST_CNT_LOG, LST_CNT_COMMANDS, LST_CNT_LIVECHECKS,
	LST_CNT_LIVECHECK_OVERFLOWS, LST_NCNT
};

/* what the status table reports that the snapshot does not hold */
struct lst_status {
	unsigned long count[LST_NCNT]; /* since the first lst_status_rate */
	unsigned long count_then[LST_NCNT]; /* at the last rating */
	double rate[LST_NCNT];      /* per second, averaged */
	time_t rated_at;            /* the last rating (0: counting has not started) */
	const char *version;        /* jaque's version */
	long pid;
	double interval_length;
};

/*
 * Update the rates at now, as naemon-livestatus does when a client
 * connects: the first call starts counting (every counter 0); later, once
 * 5 seconds have passed since the last rating, each rate becomes the
 * growth per second since then, averaged with the old rate (weight 1/4
 * for the new) unless the old one is 0.
 */
void lst_status_rate(struct lst_status *s, time_t now);

/* ls_ctx.data of every table */
struct lst_data {
	const struct snapshot *snap;
	const struct lst_status *status;
	struct lslog_cache *logs;  /* the log table's cache (lslog.h); NULL: none */
};

/* the tables, built at the first call; *n their number */
const struct ls_table *const *lst_tables(size_t *n);
/* the table called name, or NULL */
const struct ls_table *lst_table(const char *name);

#endif

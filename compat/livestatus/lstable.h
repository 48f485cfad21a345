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

struct ls_table;
struct lslog_cache;
struct snapshot;

/* what the status table reports that the snapshot does not hold */
struct lst_status {
	unsigned long requests;     /* Livestatus requests answered */
	unsigned long connections;  /* Livestatus connections accepted */
	const char *version;        /* jaque's version */
	long pid;
	double interval_length;
};

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

/*
 * lsquery: one Livestatus request, parsed.
 *
 * A request is its lines without the blank line that ends it.  The first
 * line names what to do (GET table, COMMAND, LOGROTATE); the others are
 * headers ("Name: value", names case-sensitive).  Parsing keeps the first
 * error only, as naemon-livestatus does, and goes on reading the headers
 * that shape the answer (ResponseHeader, KeepAlive, OutputFormat,
 * Separators), so that an error reaches the client in the form it asked
 * for.  Unlike naemon, an unknown header does not stop that reading: a
 * client (Monitoring::Livestatus) puts ResponseHeader last.
 *
 * Error codes and texts are naemon-livestatus 1.5's: 400 for a bad header,
 * 404 for an unknown table, 452 for a bad first line.
 *
 * Called by the connection code; the query runner (lsrun) reads the result.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSQUERY_H
#define JAQUE_LSQUERY_H

#include <stddef.h>
#include <time.h>

#include "compat/livestatus/lsout.h"

struct ls_col;
struct ls_table;
struct lsf;

enum lsq_kind { LSQ_GET, LSQ_COMMAND, LSQ_LOGROTATE, LSQ_BAD };

enum lsq_agg { LSQ_COUNT, LSQ_SUM, LSQ_MIN, LSQ_MAX, LSQ_AVG, LSQ_STD, LSQ_SUMINV, LSQ_AVGINV };

/* the events WaitTrigger names (bits; LSQ_WAIT_ALL is every one) */
enum {
	LSQ_WAIT_CHECK = 1 << 0,
	LSQ_WAIT_STATE = 1 << 1,
	LSQ_WAIT_LOG = 1 << 2,
	LSQ_WAIT_DOWNTIME = 1 << 3,
	LSQ_WAIT_COMMENT = 1 << 4,
	LSQ_WAIT_COMMAND = 1 << 5,
	LSQ_WAIT_PROGRAM = 1 << 6,
	LSQ_WAIT_ALL = (1 << 7) - 1,
};

/* a column asked for: col NULL when the table has no such column (its cells are empty) */
struct lsq_col {
	const struct ls_col *col;
	char *name; /* what the header row shows: the column's own name, or the one asked for */
};

struct lsq_stat {
	enum lsq_agg agg;
	struct lsf *filter;        /* LSQ_COUNT: the rows it counts */
	const struct ls_col *col;  /* an aggregate's column (NULL: not in the table) */
};

struct lsq_sort {
	const struct ls_col *col;
	int desc;
};

struct lsq {
	enum lsq_kind kind;
	const struct ls_table *table;  /* GET with a known table */
	char *command;                 /* COMMAND: the line after the keyword, unescaped */

	struct lsq_col *cols;
	size_t ncols;
	struct lsf *filter;            /* NULL: every row */
	struct lsq_stat *stats;
	size_t nstats;
	struct lsq_sort *sorts;
	size_t nsorts;
	long limit;                    /* -1: none */
	long offset;
	long timelimit;                /* seconds, -1: none */
	int col_headers;               /* the header row (always, with neither Columns nor Stats) */

	enum lso_fmt fmt;
	unsigned char sep[4];
	int fixed16;
	int keepalive;
	char *authuser;                /* NULL: no AuthUser */
	long tzoff;                    /* Localtime: seconds added to time values */

	char *wait_object;             /* NULL: none */
	struct lsf *wait_cond;         /* NULL: none */
	int wait_trigger;              /* 0: none given */
	long wait_timeout_ms;          /* 0: no limit */

	int code;                      /* 200, or the first error's */
	char *msg;                     /* the first error's text (no newline) */

	/* the parser's stacks */
	struct lsf **fstack;
	size_t nf;
	struct lsf **wstack;
	size_t nw;
};

/*
 * Parse the n lines of one request (each without its newline, trailing
 * blanks removed) against the tables (ntables of them).  now is the
 * server's time, for Localtime.  q is filled whatever happens; q->code
 * says whether the request can run.
 */
void lsq_parse(struct lsq *q, const struct ls_table *const *tables, size_t ntables,
    char *const *lines, size_t n, time_t now);
/* frees what q holds (q itself is the caller's) */
void lsq_clear(struct lsq *q);

#endif

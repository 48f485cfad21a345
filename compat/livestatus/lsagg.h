/*
 * lsagg: one Stats aggregate (sum, min, max, avg, std, suminv, avginv)
 * over the cells of one column, printed as naemon-livestatus 1.5 prints
 * it.  An integer or time column keeps integer sums, min and max (avg and
 * std print as floats, suminv and avginv truncated to integers); a float
 * column prints everything as a float; a string column whose name ends
 * in "perf_data" aggregates each performance variable apart and prints
 * "name=value ..." sorted by name; any other column counts rows.
 *
 * Where naemon's result is undefined, ours is plain: with no rows an
 * average is 0, and 1/0 adds nothing to suminv or avginv.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSAGG_H
#define JAQUE_LSAGG_H

#include <stddef.h>

#include "compat/livestatus/lsquery.h"

struct ls_cell;
struct lso;

/* the running figures of one variable */
struct lsagg_acc {
	char *name;     /* perf_data: the variable's name */
	long long n;
	double sum, sumsq, suminv, min, max;
	long long isum, imin, imax;
};

enum lsagg_kind { LSAGG_ROWS, LSAGG_INT, LSAGG_FLOAT, LSAGG_PERF };

struct lsagg {
	enum lsq_agg agg;
	enum lsagg_kind kind;
	struct lsagg_acc acc;       /* LSAGG_INT, LSAGG_FLOAT, LSAGG_ROWS (n only) */
	struct lsagg_acc *perf;     /* LSAGG_PERF: one per variable */
	size_t nperf;
};

/* an aggregate agg over column c (NULL: a column the table lacks) */
void lsagg_init(struct lsagg *a, enum lsq_agg agg, const struct ls_col *c);
void lsagg_add(struct lsagg *a, const struct ls_cell *v);
/* one cell with the result */
void lsagg_print(const struct lsagg *a, struct lso *o);
void lsagg_clear(struct lsagg *a);

#endif

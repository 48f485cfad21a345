/*
 * lsfilter: Livestatus filters (Filter:, Stats: counts, WaitCondition:).
 *
 * A filter is a tree: leaves compare one column with a value, inner nodes
 * are AND, OR and NOT.  A leaf's operator is one of = ~ =~ ~~ < > with an
 * optional leading "!" (several multiply); ">=" and "<=" are "not <" and
 * "not >".  How a leaf compares depends on its column's type (lscol.h,
 * enum ls_lkind for lists); the rules are naemon-livestatus 1.5's, except
 * that a column the table lacks compares as a string that is always
 * empty (naemon leaves that case undefined).  Regular expressions are
 * PCRE2, unanchored; one containing "{" or "}" is refused, as naemon does.
 *
 * Called by the query parser (lsquery) and the query runner (lsrun).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSFILTER_H
#define JAQUE_LSFILTER_H

#include <stddef.h>

struct ls_ctx;
struct ls_table;
struct lsf;

/*
 * A leaf from the text after "Filter:" (kind "filter") or "Stats:" (kind
 * "stats"): "column operator value", the value being the rest of the line
 * with leading blanks removed (it may be empty or hold blanks).  Returns
 * the leaf, or NULL with naemon's 400 message in err (e.g. "invalid
 * filter operator '=='").
 */
struct lsf *lsf_parse(const struct ls_table *t, const char *text, const char *kind, char *err,
    size_t errlen);
/* a node over n filters (taken over; the array is the caller's); n 0: AND always
 * matches, OR never */
struct lsf *lsf_and(struct lsf *const *kids, size_t n);
struct lsf *lsf_or(struct lsf *const *kids, size_t n);
/* not f (taken over) */
struct lsf *lsf_negate(struct lsf *f);
/* 1 when row matches (row NULL: every column reads as empty) */
int lsf_match(const struct lsf *f, const struct ls_ctx *x, const void *row);
void lsf_free(struct lsf *f);
/*
 * 1 when row matches every comparison of f's top-level AND on a column whose
 * name begins with one of prefixes (NULL-terminated); the other parts of f
 * are not asked (statehist does not follow the services that filters on
 * their names refuse).
 */
int lsf_match_named(const struct lsf *f, const struct ls_ctx *x, const void *row,
    const char *const *prefixes);
/*
 * Narrow [*lo, *hi] to what a row must have in the integer column col to
 * match f, as far as f's top-level AND of comparisons tells (the log
 * table reads only the files a query's time bounds reach).
 */
void lsf_bounds(const struct lsf *f, const char *col, long long *lo, long long *hi);

#endif

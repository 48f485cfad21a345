/*
 * lsrun: answers a parsed GET request (lsquery.h) over its table.
 *
 * A run goes through the table's rows in slices (lsrun_step does at most
 * a given number of rows, and at the end prints at most as many kept
 * rows or groups), so the caller can answer a big query between
 * other work of the event loop; nothing is kept between slices but row
 * numbers and copied values, so a row's state may change between slices
 * (each row is read at one moment).  The caller must end a run before
 * the rows themselves go away (a reload).
 *
 * Plain queries print each row as it passes the filters; sorted queries
 * keep each row's printed text and sort keys and print at the end; Stats
 * keep one set of aggregates, or one per group of the Columns' values.
 * The rules (Limit and Offset, Stats formats, zero rows, group keys as
 * strings) are naemon-livestatus 1.5's, with its undefined cases made
 * plain: an average of no rows is 0, Offset without Limit skips rows.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSRUN_H
#define JAQUE_LSRUN_H

#include <stddef.h>

struct ls_ctx;
struct lsq;
struct mbuf;
struct lsrun;

/*
 * Start answering q (a GET with code 200) with rows from x; the body goes
 * to out.  auth: whether AuthUser applies, contact the table's visible()
 * is asked about (NULL: an unknown contact, who sees nothing).  max_bytes
 * caps the body (0: no cap).  q and x must outlive the run.
 */
struct lsrun *lsrun_new(const struct lsq *q, struct ls_ctx *x, struct mbuf *out, int auth,
    const void *contact, size_t max_bytes);
/* do up to budget rows (budget > 0); 1 when the answer is complete (or failed), 0 when rows remain */
int lsrun_step(struct lsrun *r, size_t budget);
/* 200, or 413 (time or size limit) once lsrun_step returned 1; the message for the error */
int lsrun_code(const struct lsrun *r);
const char *lsrun_msg(const struct lsrun *r);
void lsrun_free(struct lsrun *r);

#endif

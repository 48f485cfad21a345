/*
 * diag: every configuration diagnostic goes through here (STYLE 10).
 *
 * A diagnostic records where it came from (file, line, object kind and
 * name, directive) and is printed at once in Nagios's "Error: ..." /
 * "Warning: ..." form with the location appended, then kept so that tests
 * and the final "Total Warnings/Errors" summary can count them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DIAG_H
#define JAQUE_DIAG_H

#include <stdio.h>

enum diag_kind { DIAG_ERROR, DIAG_WARNING };

struct diag_loc {
	const char *file;      /* NULL when not from a file */
	int line;              /* 0 when unknown */
	const char *otype;     /* "host", "service", ... or NULL */
	const char *oname;     /* the object's name or NULL */
	const char *directive; /* NULL when the whole object is meant */
};

struct diag_entry {
	enum diag_kind kind;
	char *msg; /* the message without location */
	char *text; /* the full printed line */
	struct diag_loc loc; /* strings copied */
};

struct diag;

/* out: where to print (stdout for -v); NULL prints nothing */
struct diag *diag_new(FILE *out);
void diag_free(struct diag *d);
void diag_error(struct diag *d, const struct diag_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(struct diag *d, const struct diag_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
unsigned diag_errors(const struct diag *d);
unsigned diag_warnings(const struct diag *d);
unsigned diag_count(const struct diag *d);
const struct diag_entry *diag_get(const struct diag *d, unsigned i);
/* entries [begin, end) of from, added to to (printed there, counted there) */
void diag_copy(struct diag *to, const struct diag *from, unsigned begin, unsigned end);
/* 1 when some entry's printed line (prefix and location included) contains needle */
int diag_has(const struct diag *d, enum diag_kind kind, const char *needle);

#endif

/*
 * lsout: writes a Livestatus answer body in the client's format: csv
 * (rows ended by the dataset separator, cells by the field separator, no
 * quoting), json (an array of arrays, rows joined by ",\n"), python (json
 * with u"" strings) or wrapped_json ({"columns":[...],"data":[...],
 * "total_count":N}).  Floats print as %.10e; time values are shifted by
 * the Localtime offset; JSON strings escape control characters, quote and
 * backslash, and write every other character beyond ASCII as \uXXXX
 * (surrogate pairs above the BMP), so the body is ASCII.
 *
 * The caller drives it: begin, then per row row_begin, cells, row_end,
 * then end.  Everything goes to the caller's mbuf.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSOUT_H
#define JAQUE_LSOUT_H

#include <stddef.h>

struct ls_cell;
struct mbuf;

enum lso_fmt { LSO_CSV, LSO_JSON, LSO_PYTHON, LSO_WRAPPED };

/* the separators' places in struct lso.sep */
enum { LSO_SEP_ROW, LSO_SEP_FIELD, LSO_SEP_LIST, LSO_SEP_SUB };

struct lso {
	/* set by the caller before lso_begin */
	enum lso_fmt fmt;
	unsigned char sep[4]; /* csv only: 10 ';' ',' '|' by default */
	long tzoff;           /* seconds added to LS_TIME values */
	struct mbuf *b;
	/* lso's own */
	size_t rows;
	size_t cells;
};

/* sets fmt csv, the default separators, no offset, and b */
void lso_init(struct lso *o, struct mbuf *b);
/* the start of the body; names (n of them, NULL for none) make the header row */
void lso_begin(struct lso *o, const char *const *names, size_t n);
void lso_row_begin(struct lso *o);
void lso_cell(struct lso *o, const struct ls_cell *c);
/* a string cell (grouped Stats keys: JSON quotes them even when numeric) */
void lso_cell_str(struct lso *o, const char *s);
void lso_cell_int(struct lso *o, long long v);
void lso_cell_float(struct lso *o, double v);
void lso_row_end(struct lso *o);
/*
 * A row printed before by another lso of the same format into a body of
 * its own, as that body's first row (row_begin, cells, row_end): added
 * with the separator that goes before it here.  Sorted answers print each
 * row when they meet it and put them in order at the end.
 */
void lso_row_raw(struct lso *o, const char *text, size_t len);
/* the end of the body; total is wrapped_json's total_count */
void lso_end(struct lso *o, size_t total);
/* the 16 bytes of ResponseHeader: fixed16 (code, blank, length in 11 columns, newline) and a NUL */
void lso_fixed16(char out[17], int code, size_t len);

#endif

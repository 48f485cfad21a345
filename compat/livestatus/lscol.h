/*
 * lscol: the values, columns and tables that Livestatus queries run over.
 *
 * A table is a numbered set of rows (the provider hands out row i as an
 * opaque pointer) and a list of columns sorted by name.  A column's getter
 * fills a cell with one row's value; list and dict values are arrays the
 * getter allocates from the context's scratch arena, which the query
 * runner resets between rows, so nothing a getter returns outlives the row.
 * A joined column (a service's host_ columns) is another table's column
 * with a via function that maps the row to the row that column reads.
 *
 * The query side (lsquery, lsfilter, lsout, lsrun) knows only these
 * types; the engine's tables (hosts, services, ...) are built on them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSCOL_H
#define JAQUE_LSCOL_H

#include <stddef.h>
#include <time.h>

struct arena;
struct lsf;

/* a column's type; GET columns reports LS_TIME as "int", as naemon-livestatus does */
enum ls_type { LS_INT, LS_FLOAT, LS_STRING, LS_LIST, LS_DICT, LS_TIME };

/*
 * How a list column answers a filter.  In every kind, ">=" means "contains
 * an element whose key is the value" and "<" its opposite.
 */
enum ls_lkind {
	LS_LK_OBJECTS,   /* "=" / "!=" with an empty value test emptiness; with a value they never
			  * match; other operators always match */
	LS_LK_HOSTS,     /* as OBJECTS, but "=" / "!=" with a value always match */
	LS_LK_HOST_SVCS, /* a host's services (key: the description): "=" / "!=" test emptiness
			  * whatever the value */
	LS_LK_PAIRS,     /* services named "host|description": as HOSTS */
	LS_LK_ATTRS,     /* modified attributes: the mask is cell.i, filtered as a bit set */
	LS_LK_NONE,      /* no list filter: positive operators never match, negated ones always */
};

/* one field of a tuple element */
struct ls_field {
	const char *s; /* the string when is_str */
	long long i;
	int is_str;
	int is_time;   /* i is a time: Localtime shifts it */
};

/* one element of a list (or, with nf 1, one name/value entry of a dict) */
struct ls_elem {
	const char *key;          /* what filters compare; printed when f is NULL */
	int num;                  /* f NULL: JSON prints the key unquoted (an id) */
	unsigned nf;              /* the tuple's fields */
	const struct ls_field *f; /* not NULL: printed as this tuple (nf 0: an empty one) */
	/* not 0: f is printed as a dict instead: this many name/value pairs, then,
	 * when fields remain, a last name whose value is the list of the rest */
	unsigned dict;
};

/* one row's value of one column */
struct ls_cell {
	enum ls_type type;
	long long i;               /* LS_INT, LS_TIME; LS_LIST of kind LS_LK_ATTRS: the mask */
	double d;                  /* LS_FLOAT */
	const char *s;             /* LS_STRING; NULL prints as empty */
	size_t n;                  /* LS_LIST, LS_DICT: the number of elements */
	const struct ls_elem *e;   /* in the scratch arena */
	int subsep;                /* CSV joins the elements with the sub-list separator
				    * (modified_attributes_list, as naemon prints it) */
};

/* what getters read */
struct ls_ctx {
	void *data;             /* the provider's (the engine's state) */
	struct arena *scratch;  /* getters' per-row allocations */
	time_t now;
	void *rows;             /* the rows a table's open made for this query */
	int auth;               /* AuthUser was given: list cells hold what contact may see */
	const void *contact;    /* AuthUser's contact (NULL: unknown, sees nothing) */
};

struct ls_col;
typedef void ls_get_fn(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out);
typedef const void *ls_via_fn(const struct ls_ctx *x, const void *row);

struct ls_col {
	const char *name;
	const char *desc;
	enum ls_type type;
	enum ls_lkind lkind;
	int nofilter;      /* filters and stats on it are refused (the status table's counters) */
	ls_get_fn *get;
	ls_via_fn *via;    /* joined: the row get reads (NULL result: the cell stays empty) */
	size_t arg;        /* the getter's own (a field offset, a state number) */
};

struct ls_table {
	const char *name;
	const char *prefix;             /* stripped from a name not found ("host_") */
	const struct ls_col *cols;      /* sorted by name (strcmp) */
	size_t ncols;
	const char *natsort[2];         /* the natural order's columns (NULL: none) */
	size_t (*nrows)(const struct ls_ctx *x);
	const void *(*row)(const struct ls_ctx *x, size_t i);
	/* AuthUser: whether the contact may see row (NULL: every row is visible) */
	int (*visible)(const struct ls_ctx *x, const void *row, const void *contact);
	/* WaitObject: the row named spec, or NULL (NULL function: not supported) */
	const void *(*find)(const struct ls_ctx *x, const char *spec);
	/* a table whose rows are made per query (the log): open makes them for
	 * the query's filter (into x->rows), close frees them; NULL for others */
	void *(*open)(const struct ls_ctx *x, const struct lsf *filter);
	void (*close)(void *rows);
	/* with open: the rows made in steps after it, about budget rows' worth
	 * of work each (reading files), 1 once they are all made; NULL: open
	 * made them */
	int (*prepare)(const struct ls_ctx *x, size_t budget);
	const char *alt_prefix;         /* tried before a name not found ("current_") */
	/* a table that needs something of the query (statehist: a time range): why it
	 * refuses this filter, answered with code 452, or NULL (NULL function: never) */
	const char *(*refuse)(const struct ls_ctx *x, const struct lsf *filter);
	int grows;                      /* rows are made as the run goes: when the run
					 * reaches nrows, nrows is asked again */
};

/*
 * The column called name: an exact match, else name with the table's
 * prefix stripped (again and again: "host_host_name" on hosts), else the
 * name with alt_prefix before it, else NULL.
 */
const struct ls_col *ls_table_col(const struct ls_table *t, const char *name);

/* c's value in row (via applied; an empty cell of c's type when via finds no row) */
void ls_col_get(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out);
/* the value of an LS_INT or LS_TIME column c of row (0 when it has none), as ls_col_get
 * gives it in out->i, without filling a whole cell: for tests run on every row */
long long ls_col_int(const struct ls_ctx *x, const struct ls_col *c, const void *row);

/* the name of modified-attribute bit i (Nagios's MODATTR_ bits), NULL past the last */
const char *ls_attr_name(unsigned i);

/* "int", "float", "string", "list", "dict" (what GET columns says) */
const char *ls_type_str(enum ls_type t);

#endif

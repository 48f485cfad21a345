/*
 * lsfilter: Livestatus filter trees (lsfilter.h): parsing a
 * "column operator value" leaf, AND, OR and NOT nodes over leaves, and
 * testing one row against a tree.
 *
 * A leaf reads its value once, when it is parsed, the way its column's
 * type wants it (a number, an attribute mask, a dict variable's name, a
 * compiled regular expression), so that testing a row parses nothing.
 * The operator stays one of six comparisons plus a negation flag instead
 * of becoming "the comparison, inverted", because list columns do not
 * simply invert: on object lists "!=" with a value is false just like
 * "=", and on most lists "!>" is as true as ">".  A NOT node (Negate:)
 * on the other hand inverts whatever its child answers.
 *
 * Called by lsquery (Filter:, Stats:, WaitCondition: and the headers that
 * combine them) and lsrun (testing rows).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsfilter.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lscol.h"
#include "engine/util/regex.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/* a leaf's comparison; "!", ">=" and "<=" set the leaf's neg besides */
enum lsf_op { LSF_EQ, LSF_RE, LSF_EQ_ICASE, LSF_RE_ICASE, LSF_LT, LSF_GT };

enum lsf_node { LSF_LEAF, LSF_AND, LSF_OR, LSF_NOT };

struct lsf {
	enum lsf_node node;
	/* LSF_LEAF */
	const struct ls_col *col; /* NULL: a column the table lacks, read as "" */
	enum lsf_op op;
	int neg;
	char *ref;     /* the value as text (LS_DICT: what follows the name) */
	char *var;     /* LS_DICT: the variable's name */
	long long num; /* LS_INT, LS_TIME; the mask on LS_LK_ATTRS */
	double dnum;   /* LS_FLOAT */
	struct rx *rx; /* LSF_RE, LSF_RE_ICASE on strings and dicts */
	/* LSF_AND, LSF_OR; LSF_NOT has one kid */
	struct lsf **kids;
	size_t n;
};

static const struct {
	const char *name;
	enum lsf_op op;
	int neg;
} lsf_ops[] = {
	{ "=", LSF_EQ, 0 },
	{ "~", LSF_RE, 0 },
	{ "=~", LSF_EQ_ICASE, 0 },
	{ "~~", LSF_RE_ICASE, 0 },
	{ "<", LSF_LT, 0 },
	{ ">", LSF_GT, 0 },
	{ ">=", LSF_LT, 1 },
	{ "<=", LSF_GT, 1 },
};

#define LSF_NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void lsf_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
lsf_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static const char *
skip_space(const char *s)
{
	while (*s != '\0' && isspace((unsigned char)*s))
		s++;
	return s;
}

static const char *
skip_word(const char *s)
{
	while (*s != '\0' && !isspace((unsigned char)*s))
		s++;
	return s;
}

/* the operator token op (n bytes), or -1; leading '!'s toggle *neg */
static int
parse_op(const char *op, size_t n, enum lsf_op *out, int *neg)
{
	size_t i;

	*neg = 0;
	for (; n > 0 && *op == '!'; op++, n--)
		*neg = !*neg;
	for (i = 0; i < LSF_NELEM(lsf_ops); i++) {
		if (strlen(lsf_ops[i].name) == n && memcmp(lsf_ops[i].name, op, n) == 0) {
			*out = lsf_ops[i].op;
			*neg ^= lsf_ops[i].neg;
			return 0;
		}
	}
	return -1;
}

/* "12" or "name,name": names split at commas exactly, unknown ones ignored */
static long long
parse_attrs(const char *v)
{
	long long mask = 0;
	size_t i, n;

	if (isdigit((unsigned char)*v))
		return str_atol_lenient(v);
	for (; *v != '\0'; v += n + (v[n] == ',')) {
		n = strcspn(v, ",");
		for (i = 0; ls_attr_name(i) != NULL; i++)
			if (strlen(ls_attr_name(i)) == n && memcmp(ls_attr_name(i), v, n) == 0)
				mask |= 1LL << i;
	}
	return mask;
}

/* compile re for a "~" or "~~" leaf; quoted is what error texts show */
static int
leaf_regex(struct lsf *f, const char *re, const char *quoted, char *err, size_t errlen)
{
	if (strpbrk(re, "{}") != NULL) {
		lsf_err(err, errlen,
		    "error in Filter header: disallowed regular expression '%s': "
		    "must not contain { or }", quoted);
		return -1;
	}
	f->rx = f->op == LSF_RE_ICASE ? rx_compile_icase(re, NULL, 0) : rx_compile(re, NULL, 0);
	if (f->rx == NULL) {
		lsf_err(err, errlen, "error in Filter header: invalid regular expression '%s'",
		    quoted);
		return -1;
	}
	return 0;
}

/* read value as f's column type wants it */
static int
leaf_value(struct lsf *f, const char *value, char *err, size_t errlen)
{
	enum ls_type type = f->col != NULL ? f->col->type : LS_STRING;
	const char *rest;

	switch (type) {
	case LS_INT:
	case LS_TIME:
		f->num = str_atol_lenient(value);
		return 0;
	case LS_FLOAT:
		f->dnum = str_atof_lenient(value);
		return 0;
	case LS_LIST:
		if (f->col->lkind == LS_LK_ATTRS)
			f->num = parse_attrs(value);
		f->ref = xstrdup(value);
		return 0;
	case LS_DICT:
		rest = skip_word(value);
		f->var = xstrndup(value, (size_t)(rest - value));
		f->ref = xstrdup(skip_space(rest));
		break;
	case LS_STRING:
		f->ref = xstrdup(value);
		break;
	}
	if (f->op != LSF_RE && f->op != LSF_RE_ICASE)
		return 0;
	return leaf_regex(f, f->ref, value, err, errlen);
}

struct lsf *
lsf_parse(const struct ls_table *t, const char *text, const char *kind, char *err,
    size_t errlen)
{
	const char *name, *op, *end;
	char *col;
	struct lsf *f;

	name = skip_space(text);
	end = skip_word(name);
	if (end == name) {
		lsf_err(err, errlen, "empty %s line", kind);
		return NULL;
	}
	col = xstrndup(name, (size_t)(end - name));
	op = skip_space(end);
	end = skip_word(op);
	if (end == op) {
		lsf_err(err, errlen, "invalid %s header: missing operator after table '%s'", kind,
		    col);
		free(col);
		return NULL;
	}
	f = xcalloc(1, sizeof(*f));
	f->node = LSF_LEAF;
	f->col = ls_table_col(t, col);
	free(col);
	if (parse_op(op, (size_t)(end - op), &f->op, &f->neg) < 0) {
		lsf_err(err, errlen, "invalid %s operator '%.*s'", kind, (int)(end - op), op);
		goto fail;
	}
	if (f->col != NULL && f->col->nofilter) {
		lsf_err(err, errlen, "cannot create filter on table %s", t->name);
		goto fail;
	}
	if (leaf_value(f, skip_space(end), err, errlen) < 0)
		goto fail;
	return f;
fail:
	lsf_free(f);
	return NULL;
}

static struct lsf *
node_new(enum lsf_node node, struct lsf *const *kids, size_t n)
{
	struct lsf *f = xcalloc(1, sizeof(*f));

	f->node = node;
	f->n = n;
	if (n > 0) {
		f->kids = xreallocarray(NULL, n, sizeof(*f->kids));
		memcpy(f->kids, kids, n * sizeof(*f->kids));
	}
	return f;
}

struct lsf *
lsf_and(struct lsf *const *kids, size_t n)
{
	return node_new(LSF_AND, kids, n);
}

struct lsf *
lsf_or(struct lsf *const *kids, size_t n)
{
	return node_new(LSF_OR, kids, n);
}

struct lsf *
lsf_negate(struct lsf *f)
{
	struct lsf *kid;

	if (f == NULL)
		return NULL;
	/* not not f is f: spare repeated Negate: lines a level each */
	if (f->node == LSF_NOT) {
		kid = f->kids[0];
		f->n = 0;
		lsf_free(f);
		return kid;
	}
	return node_new(LSF_NOT, &f, 1);
}

void
lsf_free(struct lsf *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->n; i++)
		lsf_free(f->kids[i]);
	free(f->kids);
	free(f->ref);
	free(f->var);
	rx_free(f->rx);
	free(f);
}

/* naemon's strcasecmp under the C locale: ASCII letters fold, other bytes do not */
static int
ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int
ascii_caseeq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b))
			return 0;
	return *a == *b;
}

static int
test_str(const struct lsf *f, const char *s)
{
	int r = 0;

	switch (f->op) {
	case LSF_EQ:
		r = strcmp(s, f->ref) == 0;
		break;
	case LSF_EQ_ICASE:
		r = ascii_caseeq(s, f->ref);
		break;
	case LSF_RE:
	case LSF_RE_ICASE:
		r = rx_match(f->rx, s);
		break;
	case LSF_LT:
		r = strcmp(s, f->ref) < 0;
		break;
	case LSF_GT:
		r = strcmp(s, f->ref) > 0;
		break;
	}
	return r != f->neg;
}

/* numbers: lt, eq, gt say how the row's value compares; regex operators hold always */
static int
test_order(const struct lsf *f, int lt, int eq, int gt)
{
	int r = 1;

	if (f->op == LSF_EQ)
		r = eq;
	else if (f->op == LSF_LT)
		r = lt;
	else if (f->op == LSF_GT)
		r = gt;
	return r != f->neg;
}

static int
test_attrs(const struct lsf *f, long long mask)
{
	int r = 1;

	switch (f->op) {
	case LSF_EQ:
		r = mask == f->num;
		break;
	case LSF_RE:
		r = (mask & f->num) == f->num;
		break;
	case LSF_RE_ICASE:
		r = (mask & f->num) != 0;
		break;
	case LSF_LT:
		r = mask < f->num;
		break;
	case LSF_GT:
		r = mask > f->num;
		break;
	case LSF_EQ_ICASE:
		break;
	}
	return r != f->neg;
}

static int
list_has(const struct ls_cell *c, const char *key)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->e[i].key != NULL ? c->e[i].key : "", key) == 0)
			return 1;
	return 0;
}

/* the operator table of naemon's list filters, by lkind (lscol.h) */
static int
test_list(const struct lsf *f, const struct ls_cell *c)
{
	enum ls_lkind k = f->col->lkind;

	if (k == LS_LK_ATTRS)
		return test_attrs(f, c->i);
	if (k == LS_LK_NONE)
		return f->neg;
	if (f->op == LSF_LT)
		return list_has(c, f->ref) == f->neg;
	if (f->op != LSF_EQ)
		return 1;
	if (k == LS_LK_HOST_SVCS || f->ref[0] == '\0')
		return (c->n == 0) != f->neg;
	return k != LS_LK_OBJECTS;
}

/* the value of dict entry name; a missing one reads as "" */
static const char *
dict_value(const struct ls_cell *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct ls_elem *e = &c->e[i];

		if (e->key != NULL && strcmp(e->key, name) == 0)
			return e->nf > 0 && e->f[0].s != NULL ? e->f[0].s : "";
	}
	return "";
}

static int
test_leaf(const struct lsf *f, const struct ls_ctx *x, const void *row)
{
	struct ls_cell c;

	if (f->col == NULL)
		return test_str(f, "");
	if (f->col->type == LS_INT || f->col->type == LS_TIME) {
		/* the most common test, on every row of a Stats query */
		long long v = ls_col_int(x, f->col, row);

		return test_order(f, v < f->num, v == f->num, v > f->num);
	}
	ls_col_get(x, f->col, row, &c);
	switch (f->col->type) {
	case LS_INT:
	case LS_TIME:
		break; /* above */
	case LS_FLOAT:
		return test_order(f, c.d < f->dnum, c.d == f->dnum, c.d > f->dnum);
	case LS_STRING:
		return test_str(f, c.s != NULL ? c.s : "");
	case LS_LIST:
		return test_list(f, &c);
	case LS_DICT:
		return test_str(f, dict_value(&c, f->var));
	}
	return 0;
}

int
lsf_match(const struct lsf *f, const struct ls_ctx *x, const void *row)
{
	size_t i;

	switch (f->node) {
	case LSF_LEAF:
		return test_leaf(f, x, row);
	case LSF_AND:
		for (i = 0; i < f->n; i++)
			if (!lsf_match(f->kids[i], x, row))
				return 0;
		return 1;
	case LSF_OR:
		for (i = 0; i < f->n; i++)
			if (lsf_match(f->kids[i], x, row))
				return 1;
		return 0;
	case LSF_NOT:
		return !lsf_match(f->kids[0], x, row);
	}
	return 0;
}

int
lsf_match_named(const struct lsf *f, const struct ls_ctx *x, const void *row,
    const char *const *prefixes)
{
	size_t i;

	if (f == NULL)
		return 1;
	if (f->node == LSF_AND) {
		for (i = 0; i < f->n; i++)
			if (!lsf_match_named(f->kids[i], x, row, prefixes))
				return 0;
		return 1;
	}
	if (f->node != LSF_LEAF || f->col == NULL)
		return 1;
	for (i = 0; prefixes[i] != NULL; i++)
		if (strncmp(f->col->name, prefixes[i], strlen(prefixes[i])) == 0)
			return test_leaf(f, x, row);
	return 1;
}

void
lsf_bounds(const struct lsf *f, const char *col, long long *lo, long long *hi)
{
	size_t i;

	if (f == NULL)
		return;
	if (f->node == LSF_AND) {
		for (i = 0; i < f->n; i++)
			lsf_bounds(f->kids[i], col, lo, hi);
		return;
	}
	if (f->node != LSF_LEAF || f->col == NULL || strcmp(f->col->name, col) != 0 ||
	    (f->col->type != LS_INT && f->col->type != LS_TIME))
		return;
	if (f->op == LSF_EQ && !f->neg) {
		if (f->num > *lo)
			*lo = f->num;
		if (f->num < *hi)
			*hi = f->num;
	} else if (f->op == LSF_LT && !f->neg && f->num - 1 < *hi) {
		*hi = f->num - 1;
	} else if (f->op == LSF_LT && f->neg && f->num > *lo) {
		*lo = f->num;
	} else if (f->op == LSF_GT && !f->neg && f->num + 1 > *lo) {
		*lo = f->num + 1;
	} else if (f->op == LSF_GT && f->neg && f->num < *hi) {
		*hi = f->num;
	}
}

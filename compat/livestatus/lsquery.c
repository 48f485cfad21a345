/*
 * lsquery: parsing a Livestatus request (lsquery.h).
 *
 * The headers are a table of names and handlers.  Each handler reads the
 * value (the text after the colon, leading blanks removed) and either
 * changes the query or records an error; lsq_error keeps only the first.
 * Handlers that need the table return at once when there is none (an
 * unknown table, a bad first line), so the answer still takes its form
 * from the other headers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsquery.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsfilter.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/* naemon's limit for a Localtime offset: 24 hours in half hours */
#define LSQ_MAX_HALFHOURS 48

static void lsq_error(struct lsq *q, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
lsq_error(struct lsq *q, int code, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (q->code != 200)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	q->code = code;
	q->msg = xstrdup(buf);
}

static const char *
skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* a count header's value: -1 (error recorded) unless it starts with a digit */
static long
lsq_count(struct lsq *q, const char *hdr, const char *v)
{
	if (*v == '\0') {
		lsq_error(q, 400, "Missing value for %s: need non-zero integer number", hdr);
		return -1;
	}
	if (!isdigit((unsigned char)*v)) {
		lsq_error(q, 400, "Invalid value for %s: need non-negative integer number", hdr);
		return -1;
	}
	return str_atol_lenient(v);
}

/* Limit, Offset, Timelimit, WaitTimeout: -1 (error recorded) unless a number */
static long
lsq_number(struct lsq *q, const char *hdr, const char *v, const char *what)
{
	if (*v == '\0') {
		if (strcmp(hdr, "WaitTimeout") == 0)
			lsq_error(q, 400, "WaitTimeout: missing value");
		else
			lsq_error(q, 400, "Header %s: missing value", hdr);
		return -1;
	}
	if (!isdigit((unsigned char)*v)) {
		lsq_error(q, 400, "Invalid value for %s: must be %s", hdr, what);
		return -1;
	}
	return str_atol_lenient(v);
}

/* on/off headers: 1, 0, or -1 with the error recorded */
static int
lsq_onoff(struct lsq *q, const char *hdr, const char *v)
{
	if (strcmp(v, "on") == 0)
		return 1;
	if (strcmp(v, "off") == 0)
		return 0;
	lsq_error(q, 400, "%s value for %s: must be 'on' or 'off'", *v ? "Invalid" : "Missing",
	    hdr);
	return -1;
}

static void
push(struct lsf ***stack, size_t *n, struct lsf *f)
{
	*stack = xreallocarray(*stack, *n + 1, sizeof(**stack));
	(*stack)[(*n)++] = f;
}

/* And/Or on a stack: combine its top k entries */
static void
combine(struct lsq *q, struct lsf ***stack, size_t *n, const char *hdr, const char *v, int is_and)
{
	long k = lsq_count(q, hdr, v);
	struct lsf *f, **base;

	if (k < 0)
		return;
	if ((size_t)k > *n) {
		lsq_error(q, 400, "error in %s header: Cannot combine %ld filters with '%s': only %zu "
		    "are on stack", hdr, k, is_and ? "AND" : "OR", *n);
		return;
	}
	base = *stack != NULL ? *stack + (*n - (size_t)k) : NULL;
	f = is_and ? lsf_and(base, (size_t)k) : lsf_or(base, (size_t)k);
	*n -= (size_t)k;
	push(stack, n, f);
}

static void
add_col(struct lsq *q, const char *name)
{
	struct lsq_col *c;

	q->cols = xreallocarray(q->cols, q->ncols + 1, sizeof(*q->cols));
	c = &q->cols[q->ncols++];
	c->col = ls_table_col(q->table, name);
	c->name = xstrdup(c->col != NULL ? c->col->name : name);
}

static void
h_columns(struct lsq *q, const char *v)
{
	char *copy, *cur, *tok;

	q->col_headers = 0;
	if (q->table == NULL)
		return;
	copy = xstrdup(v);
	cur = copy;
	while ((tok = strsep(&cur, " \t")) != NULL)
		if (*tok != '\0')
			add_col(q, tok);
	free(copy);
}

static void
h_colheaders(struct lsq *q, const char *v)
{
	int on = lsq_onoff(q, "ColumnHeaders", v);

	if (on >= 0)
		q->col_headers = on;
}

static void
h_filter_on(struct lsq *q, const char *v, struct lsf ***stack, size_t *n)
{
	char err[512];
	struct lsf *f;

	if (q->table == NULL)
		return;
	f = lsf_parse(q->table, v, "filter", err, sizeof(err));
	if (f == NULL) {
		lsq_error(q, 400, "%s", err);
		return;
	}
	push(stack, n, f);
}

static void
h_filter(struct lsq *q, const char *v)
{
	h_filter_on(q, v, &q->fstack, &q->nf);
}

static void
h_and(struct lsq *q, const char *v)
{
	combine(q, &q->fstack, &q->nf, "And", v, 1);
}

static void
h_or(struct lsq *q, const char *v)
{
	combine(q, &q->fstack, &q->nf, "Or", v, 0);
}

static void
negate_top(struct lsq *q, struct lsf **stack, size_t n, const char *hdr, const char *v,
    const char *none)
{
	if (*v != '\0') {
		lsq_error(q, 400, "%s: does not take any arguments", hdr);
		return;
	}
	if (n == 0) {
		lsq_error(q, 400, "%s", none);
		return;
	}
	stack[n - 1] = lsf_negate(stack[n - 1]);
}

static void
h_negate(struct lsq *q, const char *v)
{
	negate_top(q, q->fstack, q->nf, "Negate", v, "Negate: no Filter: header to negate");
}

static const char *const agg_names[] = {
	[LSQ_SUM] = "sum", [LSQ_MIN] = "min", [LSQ_MAX] = "max", [LSQ_AVG] = "avg",
	[LSQ_STD] = "std", [LSQ_SUMINV] = "suminv", [LSQ_AVGINV] = "avginv",
};

static struct lsq_stat *
add_stat(struct lsq *q)
{
	struct lsq_stat *s;

	q->stats = xreallocarray(q->stats, q->nstats + 1, sizeof(*q->stats));
	s = &q->stats[q->nstats++];
	memset(s, 0, sizeof(*s));
	return s;
}

/* "Stats: sum col": the aggregate, or LSQ_COUNT when the first word names none */
static enum lsq_agg
agg_of(const char *v, size_t *len)
{
	size_t i, n = strcspn(v, " \t");

	*len = n;
	for (i = LSQ_SUM; i < sizeof(agg_names) / sizeof(agg_names[0]); i++)
		if (strlen(agg_names[i]) == n && strncmp(v, agg_names[i], n) == 0)
			return (enum lsq_agg)i;
	return LSQ_COUNT;
}

static void
h_stats(struct lsq *q, const char *v)
{
	char err[512], *name;
	enum lsq_agg agg;
	struct lsf *f;
	size_t len;

	q->col_headers = 0;
	if (q->table == NULL)
		return;
	agg = agg_of(v, &len);
	if (agg != LSQ_COUNT) {
		const char *col = skip_blanks(v + len);

		if (*col == '\0') {
			lsq_error(q, 400, "missing column name in stats header");
			return;
		}
		name = xstrndup(col, strcspn(col, " \t"));
		add_stat(q)->agg = agg;
		q->stats[q->nstats - 1].col = ls_table_col(q->table, name);
		free(name);
		return;
	}
	f = lsf_parse(q->table, v, "stats", err, sizeof(err));
	if (f == NULL) {
		lsq_error(q, 400, "%s", err);
		return;
	}
	add_stat(q)->filter = f;
}

/* StatsAnd / StatsOr: fold the last k count stats into one */
static void
stats_combine(struct lsq *q, const char *hdr, const char *v, int is_and)
{
	struct lsf **kids;
	long k;
	size_t i, first;

	if (*v == '\0') {
		lsq_error(q, 400, "Missing value for %s: need non-zero integer number", hdr);
		return;
	}
	k = str_atol_lenient(v);
	if (!isdigit((unsigned char)*v) || k < 0) {
		lsq_error(q, 400, "Invalid value for %s: need non-negative integer number", hdr);
		return;
	}
	if ((size_t)k > q->nstats) {
		lsq_error(q, 400, "Invalid count for %s: too few Stats: headers available", hdr);
		return;
	}
	first = q->nstats - (size_t)k;
	for (i = first; i < q->nstats; i++)
		if (q->stats[i].agg != LSQ_COUNT) {
			lsq_error(q, 400, "Can use %s only on Stats: headers of filter type", hdr);
			return;
		}
	kids = xcalloc((size_t)k + 1, sizeof(*kids));
	for (i = first; i < q->nstats; i++)
		kids[i - first] = q->stats[i].filter;
	q->nstats = first;
	add_stat(q)->filter = is_and ? lsf_and(kids, (size_t)k) : lsf_or(kids, (size_t)k);
	free(kids);
}

static void
h_statsand(struct lsq *q, const char *v)
{
	if (q->table != NULL)
		stats_combine(q, "StatsAnd", v, 1);
}

static void
h_statsor(struct lsq *q, const char *v)
{
	if (q->table != NULL)
		stats_combine(q, "StatsOr", v, 0);
}

static void
h_statsnegate(struct lsq *q, const char *v)
{
	struct lsq_stat *s;

	if (q->table == NULL)
		return;
	if (*v != '\0') {
		lsq_error(q, 400, "StatsNegate: does not take any arguments");
		return;
	}
	if (q->nstats == 0) {
		lsq_error(q, 400, "StatsNegate: no Stats: headers available");
		return;
	}
	s = &q->stats[q->nstats - 1];
	if (s->agg != LSQ_COUNT) {
		lsq_error(q, 400, "Can use StatsNegate only on Stats: headers of filter type");
		return;
	}
	s->filter = lsf_negate(s->filter);
}

static void
h_sort(struct lsq *q, const char *v)
{
	size_t n = strcspn(v, " \t");
	const struct ls_col *c;
	char *name;

	if (q->table == NULL || n == 0)
		return;
	name = xstrndup(v, n);
	c = ls_table_col(q->table, name);
	free(name);
	if (c == NULL)
		return; /* an unknown column sorts nothing */
	q->sorts = xreallocarray(q->sorts, q->nsorts + 1, sizeof(*q->sorts));
	q->sorts[q->nsorts].col = c;
	q->sorts[q->nsorts++].desc = strncasecmp(skip_blanks(v + n), "desc", 4) == 0;
}

static void
h_limit(struct lsq *q, const char *v)
{
	long n = lsq_number(q, "Limit", v, "non-negative integer");

	if (n >= 0)
		q->limit = n;
}

static void
h_offset(struct lsq *q, const char *v)
{
	long n = lsq_number(q, "Offset", v, "non-negative integer");

	if (n >= 0)
		q->offset = n;
}

static void
h_timelimit(struct lsq *q, const char *v)
{
	long n = lsq_number(q, "Timelimit", v, "non-negative integer (seconds)");

	if (n >= 0)
		q->timelimit = n;
}

static void
h_format(struct lsq *q, const char *v)
{
	static const struct {
		const char *name;
		enum lso_fmt fmt;
	} fmts[] = {
		{ "csv", LSO_CSV }, { "json", LSO_JSON }, { "python", LSO_PYTHON },
		/* python3 prints as JSON: its strings need no prefix */
		{ "python3", LSO_JSON }, { "wrapped_json", LSO_WRAPPED },
	};
	size_t i;

	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
		if (strcmp(v, fmts[i].name) == 0) {
			q->fmt = fmts[i].fmt;
			return;
		}
	if (*v == '\0')
		lsq_error(q, 400, "Missing output format. Only 'csv' and 'json' are available.");
	else
		lsq_error(q, 400, "Invalid output format. Only 'csv', 'json' and 'wrapped_json' are "
		    "available.");
}

static void
h_separators(struct lsq *q, const char *v)
{
	char *copy = xstrdup(v), *cur = copy, *tok;
	size_t i = 0;

	/* a separator not given is a NUL byte, as in naemon */
	memset(q->sep, 0, sizeof(q->sep));
	while (i < 4 && (tok = strsep(&cur, " \t")) != NULL)
		if (*tok != '\0')
			q->sep[i++] = (unsigned char)str_atol_lenient(tok);
	free(copy);
}

static void
h_respheader(struct lsq *q, const char *v)
{
	if (strcmp(v, "fixed16") == 0)
		q->fixed16 = 1;
	else if (strcmp(v, "off") == 0)
		q->fixed16 = 0;
	else if (*v == '\0')
		lsq_error(q, 400, "Missing value for ResponseHeader: must be 'off' or 'fixed16'");
	else
		lsq_error(q, 400, "Invalid value '%s' for ResponseHeader: must be 'off' or 'fixed16'",
		    v);
}

static void
h_keepalive(struct lsq *q, const char *v)
{
	int on = lsq_onoff(q, "KeepAlive", v);

	if (on >= 0)
		q->keepalive = on;
}

static void
h_authuser(struct lsq *q, const char *v)
{
	if (q->table == NULL)
		return;
	free(q->authuser);
	q->authuser = xstrdup(v);
}

/* Localtime: the client's clock, rounded to the half hour against ours */
static void
lsq_localtime(struct lsq *q, const char *v, time_t now)
{
	long t, diff, half;

	if (*v == '\0') {
		lsq_error(q, 400, "Header Localtime: missing value");
		return;
	}
	t = str_atol_lenient(v);
	/* a clock so far off that the difference overflows is off by more than a day */
	if ((now > 0 && t < LONG_MIN + (long)now) || (now < 0 && t > LONG_MAX + (long)now)) {
		lsq_error(q, 400, "Invalid Localtime header: timezone difference greater then 24 "
		    "hours");
		return;
	}
	diff = t - (long)now;
	half = diff / 1800;
	if (diff % 1800 >= 900)
		half++;
	else if (diff % 1800 <= -900)
		half--;
	if (half >= LSQ_MAX_HALFHOURS || half <= -LSQ_MAX_HALFHOURS) {
		lsq_error(q, 400, "Invalid Localtime header: timezone difference greater then 24 "
		    "hours");
		return;
	}
	q->tzoff = half * 1800;
}

static void
h_waitobject(struct lsq *q, const char *v)
{
	if (q->table == NULL)
		return;
	if (q->table->find == NULL || *v == '\0') {
		lsq_error(q, 400, "WaitObject: object '%s' not found or not supported by this table",
		    v);
		return;
	}
	free(q->wait_object);
	q->wait_object = xstrdup(v);
}

static void
h_waitcond(struct lsq *q, const char *v)
{
	h_filter_on(q, v, &q->wstack, &q->nw);
}

static void
h_waitand(struct lsq *q, const char *v)
{
	combine(q, &q->wstack, &q->nw, "WaitConditionAnd", v, 1);
}

static void
h_waitor(struct lsq *q, const char *v)
{
	combine(q, &q->wstack, &q->nw, "WaitConditionOr", v, 0);
}

static void
h_waitnegate(struct lsq *q, const char *v)
{
	negate_top(q, q->wstack, q->nw, "WaitConditionNegate", v,
	    "Negate: no Wait:-condition negate");
}

static void
h_waittrigger(struct lsq *q, const char *v)
{
	static const char *const names[] = { "check", "state", "log", "downtime", "comment",
		"command", "program" };
	size_t i;

	if (*v == '\0') {
		lsq_error(q, 400, "WaitTrigger: missing keyword");
		return;
	}
	if (strcmp(v, "all") == 0) {
		q->wait_trigger = LSQ_WAIT_ALL;
		return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(v, names[i]) == 0) {
			q->wait_trigger = 1 << i;
			return;
		}
	lsq_error(q, 400, "WaitTrigger: invalid trigger '%s'. Allowed are all, check, state, log, "
	    "downtime, comment, command and program.", v);
}

static void
h_waittimeout(struct lsq *q, const char *v)
{
	long n = lsq_number(q, "WaitTimeout", v, "non-negative integer");

	if (n >= 0)
		q->wait_timeout_ms = n;
}

typedef void lsq_header_fn(struct lsq *q, const char *v);

static const struct {
	const char *name; /* with its colon */
	lsq_header_fn *fn;
} headers[] = {
	{ "Columns:", h_columns },
	{ "StatsGroupBy:", h_columns },
	{ "ColumnHeaders:", h_colheaders },
	{ "Filter:", h_filter },
	{ "And:", h_and },
	{ "Or:", h_or },
	{ "Negate:", h_negate },
	{ "Stats:", h_stats },
	{ "StatsAnd:", h_statsand },
	{ "StatsOr:", h_statsor },
	{ "StatsNegate:", h_statsnegate },
	{ "Sort:", h_sort },
	{ "Limit:", h_limit },
	{ "Offset:", h_offset },
	{ "Timelimit:", h_timelimit },
	{ "OutputFormat:", h_format },
	{ "Separators:", h_separators },
	{ "ResponseHeader:", h_respheader },
	{ "KeepAlive:", h_keepalive },
	{ "AuthUser:", h_authuser },
	{ "WaitObject:", h_waitobject },
	{ "WaitCondition:", h_waitcond },
	{ "WaitConditionAnd:", h_waitand },
	{ "WaitConditionOr:", h_waitor },
	{ "WaitConditionNegate:", h_waitnegate },
	{ "WaitTrigger:", h_waittrigger },
	{ "WaitTimeout:", h_waittimeout },
};

static void
lsq_header(struct lsq *q, const char *line, time_t now)
{
	size_t i, n;

	if (strncmp(line, "Localtime:", 10) == 0) {
		lsq_localtime(q, skip_blanks(line + 10), now);
		return;
	}
	for (i = 0; i < sizeof(headers) / sizeof(headers[0]); i++) {
		n = strlen(headers[i].name);
		if (strncmp(line, headers[i].name, n) == 0) {
			headers[i].fn(q, skip_blanks(line + n));
			return;
		}
	}
	lsq_error(q, 400, "Undefined request header '%s'", line);
}

/* COMMAND's text: "\n" becomes a newline, any other escaped character itself */
static char *
unescape(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;

	for (; *s != '\0'; s++) {
		if (*s == '\\' && s[1] != '\0') {
			s++;
			*o++ = *s == 'n' ? '\n' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

static void
lsq_first(struct lsq *q, const struct ls_table *const *tables, size_t ntables, const char *l)
{
	size_t i;

	if (strncmp(l, "GET ", 4) == 0) {
		const char *name = skip_blanks(l + 4);

		q->kind = LSQ_GET;
		for (i = 0; i < ntables; i++)
			if (strcmp(tables[i]->name, name) == 0)
				q->table = tables[i];
		if (q->table == NULL)
			lsq_error(q, 404, "Invalid GET request, no such table '%s'", name);
	} else if (strcmp(l, "GET") == 0) {
		q->kind = LSQ_GET;
		lsq_error(q, 452, "Invalid GET request, missing tablename");
	} else if (strncmp(l, "COMMAND ", 8) == 0) {
		q->kind = LSQ_COMMAND;
		q->command = unescape(skip_blanks(l + 8));
	} else if (strncmp(l, "LOGROTATE", 9) == 0) {
		q->kind = LSQ_LOGROTATE;
	} else {
		lsq_error(q, 452, "Invalid request method");
	}
}

void
lsq_parse(struct lsq *q, const struct ls_table *const *tables, size_t ntables,
    char *const *lines, size_t n, time_t now)
{
	size_t i;

	memset(q, 0, sizeof(*q));
	q->kind = LSQ_BAD;
	q->code = 200;
	q->limit = -1;
	q->timelimit = -1;
	q->fmt = LSO_CSV;
	q->sep[LSO_SEP_ROW] = '\n';
	q->sep[LSO_SEP_FIELD] = ';';
	q->sep[LSO_SEP_LIST] = ',';
	q->sep[LSO_SEP_SUB] = '|';
	if (n == 0)
		return;
	lsq_first(q, tables, ntables, lines[0]);
	/* a command takes no headers (the next lines are further requests), nor
	 * does a request naemon does not know: its error goes out bare */
	if (q->kind != LSQ_GET)
		return;
	for (i = 1; i < n; i++)
		lsq_header(q, lines[i], now);
	/* whatever is left on the stacks is ANDed */
	if (q->nf == 1)
		q->filter = q->fstack[0];
	else if (q->nf > 1)
		q->filter = lsf_and(q->fstack, q->nf);
	q->nf = 0;
	if (q->nw == 1)
		q->wait_cond = q->wstack[0];
	else if (q->nw > 1)
		q->wait_cond = lsf_and(q->wstack, q->nw);
	q->nw = 0;
	if (q->ncols == 0 && q->nstats == 0)
		q->col_headers = 1;
}

void
lsq_clear(struct lsq *q)
{
	size_t i;

	for (i = 0; i < q->ncols; i++)
		free(q->cols[i].name);
	free(q->cols);
	for (i = 0; i < q->nstats; i++)
		lsf_free(q->stats[i].filter);
	free(q->stats);
	for (i = 0; i < q->nf; i++)
		lsf_free(q->fstack[i]);
	free(q->fstack);
	for (i = 0; i < q->nw; i++)
		lsf_free(q->wstack[i]);
	free(q->wstack);
	lsf_free(q->filter);
	lsf_free(q->wait_cond);
	free(q->sorts);
	free(q->command);
	free(q->authuser);
	free(q->wait_object);
	free(q->msg);
	memset(q, 0, sizeof(*q));
}

/*
 * lst_statehist: the statehist table, the intervals of unchanged state of
 * each host and service within a query's time range (lsstatehist.c makes
 * them), with the current_host_ and current_service_ columns of the
 * objects as they are now.  Availability reports sum duration_part_ok
 * and its twins over it, grouped by host and service.
 *
 * The range is the query's top-level Filter on time; a query without a
 * lower bound is refused, as naemon does.  Its rows are made as the run
 * goes, a few log entries per row asked for (the table grows), so a long
 * range is answered in slices between other work of the event loop.
 *
 * Which entries: as naemon, those of the range and, before them, the
 * ones of the log file the range starts in, from that file's beginning
 * (a file begins with the objects' CURRENT states, so its beginning is
 * enough to know the states at since).  The entries come from lslog newest
 * first; a file's first line has lineno 1, which is how its beginning is
 * found.  When the file before the range holds nothing of the range, it
 * is not read, and when it is read its first entry is not fed: both are
 * naemon's ways.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/livestatus/lsfilter.h"
#include "compat/livestatus/lslog.h"
#include "compat/livestatus/lsstatehist.h"
#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/util/xalloc.h"

/* the range is read a day at a time, at most this many entries a day */
#define LST_SH_CHUNK 86400
#define LST_SH_MAX 2000000
/* log entries fed at most for one row asked for */
#define LST_SH_FEED 8
#define LST_SH_BYTES 256     /* bytes of log read for one row of a step's budget */
#define SH_WARMED 2          /* warm-up stages */
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* what the machine's callbacks read */
struct sh_arg {
	const struct objects *objs;
	const struct ls_ctx *x;
	const struct lsf *filter;
};

/* the rows of one query */
struct sh_rows {
	struct sh_arg arg;
	struct lssh *m;
	struct lslog_rows *pre;   /* the start file's entries before the range (newest first) */
	size_t npre;              /* how many of them are that file's */
	struct lslog_rows *in;    /* the range's part read last (newest first) */
	struct lslog_cache *cache; /* the log table's (NULL: the files are read for this query) */
	const char *log_file;     /* the configuration's, borrowed */
	const char *archive_dir;
	time_t since;             /* the range's start */
	time_t lo, hi;            /* the part of the range still to read: [lo, hi] */
	struct lslog_query *warm; /* bringing the range's files into the cache, in steps */
	int warmed;               /* warm-up stages done (SH_WARMED: all) */
	size_t next;              /* the next entry to feed: pre's oldest first, then in's */
	int skip_first;           /* the first entry naemon reads is not fed */
	size_t served;            /* row() calls so far */
	int finished;             /* every entry fed and the machine finished */
	int ended;                /* and every row it made taken */
};

/* ---- columns ---- */

enum { SH_TIME, SH_LONG, SH_LL, SH_INT, SH_DBL, SH_STR };

#define OFF(f) offsetof(struct lssh_row, f)
#define COL(name, type, kind, f, desc) { name, desc, type, LS_LK_OBJECTS, 0, sh_get, NULL, \
	((size_t)(kind) << 16) | OFF(f) }
#define DUR(st, i, name) \
	COL("duration_" name, LS_INT, SH_LL, dur[i], st " duration of state (until - from)"), \
	COL("duration_part_" name, LS_FLOAT, SH_DBL, dpart[i], \
	    st " duration part in regard to the query timeframe")

static void
sh_get(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const char *p = (const char *)row + (c->arg & 0xffff);

	(void)x;
	switch (c->arg >> 16) {
	case SH_TIME:
		out->i = (long long)*(const time_t *)p;
		break;
	case SH_LONG:
		out->i = *(const long *)p;
		break;
	case SH_LL:
		out->i = *(const long long *)p;
		break;
	case SH_INT:
		out->i = *(const int *)p;
		break;
	case SH_DBL:
		out->d = *(const double *)p;
		break;
	default:
		out->s = *(const char *const *)p;
		break;
	}
}

static const struct ls_col sh_cols[] = {
	COL("time", LS_TIME, SH_TIME, time, "Time of the log event (seconds since 1/1/1970)"),
	COL("lineno", LS_INT, SH_LONG, lineno, "The number of the line in the log file"),
	COL("from", LS_TIME, SH_TIME, from, "Start time of state (seconds since 1/1/1970)"),
	COL("until", LS_TIME, SH_TIME, until, "End time of state (seconds since 1/1/1970)"),
	COL("duration", LS_INT, SH_LL, duration, "Duration of state (until - from)"),
	COL("duration_part", LS_FLOAT, SH_DBL, part,
	    "Duration part in regard to the query timeframe"),
	COL("state", LS_INT, SH_INT, state, "The state of the host or service in question - "
	    "OK(0) / WARNING(1) / CRITICAL(2) / UNKNOWN(3) / UNMONITORED(-1)"),
	COL("host_down", LS_INT, SH_INT, host_down, "Shows if the host of this service is down"),
	COL("in_downtime", LS_INT, SH_INT, in_downtime,
	    "Shows if the host or service is in downtime"),
	COL("in_host_downtime", LS_INT, SH_INT, in_host_downtime,
	    "Shows if the host of this service is in downtime"),
	COL("is_flapping", LS_INT, SH_INT, is_flapping, "Shows if the host or service is flapping"),
	COL("in_notification_period", LS_INT, SH_INT, in_notif_period,
	    "Shows if the host or service is within its notification period"),
	COL("notification_period", LS_STRING, SH_STR, o.notif_period,
	    "The notification period of the host or service in question"),
	COL("in_service_period", LS_INT, SH_INT, in_svc_period,
	    "Shows if the host or service is within its service period"),
	COL("service_period", LS_STRING, SH_STR, o.svc_period,
	    "The service period of the host or service in question"),
	COL("debug_info", LS_STRING, SH_STR, debug, "Debug information"),
	COL("host_name", LS_STRING, SH_STR, o.host_name, "Host name"),
	COL("service_description", LS_STRING, SH_STR, o.svc_desc, "Description of the service"),
	COL("log_output", LS_STRING, SH_STR, output, "Logfile output relevant for this state"),
	DUR("UNMONITORED", 0, "unmonitored"),
	DUR("OK", 1, "ok"),
	DUR("WARNING", 2, "warning"),
	DUR("CRITICAL", 3, "critical"),
	DUR("UNKNOWN", 4, "unknown"),
};

/* ---- the objects ---- */

static const struct objects *
objs_of(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs;
}

static const char *
var_of(const struct obj_customvar *v, unsigned n, const char *name)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return v[i].value != NULL ? v[i].value : "";
	return "";
}

static int
sh_find(void *arg, const char *host, const char *svc, struct lssh_obj *out)
{
	const struct objects *objs = ((const struct sh_arg *)arg)->objs;
	const struct obj_host *h = objects_find_host(objs, host);
	const struct obj_service *s = h != NULL && *svc ? objects_find_service(objs, host, svc)
						     : NULL;
	const struct obj_settings *cfg;

	if (h == NULL || (*svc && s == NULL))
		return -1;
	cfg = s != NULL ? s->cfg : h->cfg;
	out->host = h;
	out->svc = s;
	out->host_name = h->name;
	out->svc_desc = s != NULL ? s->description : "";
	out->notif_period = cfg->notification_period != NULL ? cfg->notification_period->name
							      : "";
	out->svc_period = s != NULL ? var_of(s->vars, s->nvars, "SERVICE_PERIOD")
				    : var_of(h->vars, h->nvars, "SERVICE_PERIOD");
	return 0;
}

/*
 * The query's filters on the service's names and current_ columns accept
 * it: what they say of its first row they say of every one, so a service
 * they refuse need not be followed (naemon meant to do this, on host_ and
 * service_ columns too, but its filters never name their column).
 */
static int
sh_want(void *arg, const struct lssh_row *fresh)
{
	static const char *const prefixes[] = { "current_", "host_name", "service_description",
		NULL };
	const struct sh_arg *a = arg;

	return lsf_match_named(a->filter, a->x, fresh, prefixes);
}

static const void *
cur_host(const struct ls_ctx *x, const void *row)
{
	const struct lssh_row *r = row;

	return r->o.host != NULL ? lst_host_row(x, r->o.host) : NULL;
}

static const void *
cur_svc(const struct ls_ctx *x, const void *row)
{
	const struct lssh_row *r = row;

	return r->o.svc != NULL ? lst_svc_row(x, r->o.svc) : NULL;
}

/* ---- the range ---- */

/* the range [*since, *until) the filter asks for, as naemon reads it */
static void
sh_range(const struct ls_ctx *x, const struct lsf *filter, time_t *since, time_t *until)
{
	long long lo = 0, hi = LLONG_MAX;

	lsf_bounds(filter, "time", &lo, &hi);
	*since = (time_t)(lo < 0 ? 0 : lo);
	*until = hi == LLONG_MAX ? x->now + 1 : (time_t)hi + 1;
}

static const char *
sh_refuse(const struct ls_ctx *x, const struct lsf *filter)
{
	time_t since, until;

	sh_range(x, filter, &since, &until);
	if (since == 0)
		return "Start of timeframe required. e.g. Filter: time > 1234567890";
	if (until - since - 1 == 0)
		return "Query timeframe is 0 seconds";
	return NULL;
}

/* of r (newest first), how many of the first are one file's last lines, from its line 1 */
static size_t
one_file(const struct lslog_rows *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (i > 0 && r->v[i]->lineno >= r->v[i - 1]->lineno)
			break;
		if (r->v[i]->lineno == 1)
			return i + 1;
	}
	return i;
}

/* the start file's entries before since, max of them at most */
static void
read_pre(struct sh_rows *s, const struct main_cfg *cfg, time_t since, size_t max)
{
	s->pre = lslog_cache_read(s->cache, cfg->log_file, cfg->log_archive_path, 0, since - 1, max);
	/* lines after the range's first one are another file's */
	s->npre = s->pre->n > 0 && (size_t)s->pre->v[0]->lineno <= max ? one_file(s->pre) : 0;
}

/* read the next day of the range into s->in (the last one freed); 0 when all was read */
static int
read_part(struct sh_rows *s)
{
	time_t hi;

	if (s->lo > s->hi || s->lo < 1)
		return 0;
	hi = s->hi - s->lo >= LST_SH_CHUNK ? s->lo + LST_SH_CHUNK - 1 : s->hi;
	lslog_rows_free(s->in);
	s->in = lslog_cache_read(s->cache, s->log_file, s->archive_dir, s->lo, hi, LST_SH_MAX);
	s->lo = hi + 1;
	return 1;
}

/* the reads before the first row: the range's first part and the file before it */
static void
sh_start(struct sh_rows *s)
{
	const struct main_cfg *cfg = LST_DATA(s->arg.x)->snap->cfg;
	struct lslog_rows *last;
	const struct lslog_entry *oldest;
	time_t since = s->since;

	/* the first part of the range that holds anything */
	while (read_part(s) && s->in->n == 0)
		;
	oldest = s->in != NULL && s->in->n > 0 ? s->in->v[s->in->n - 1] : NULL;
	if (since <= 1)
		return;
	if (oldest != NULL && oldest->lineno > 1) {
		/* the range begins within a file: its lines before since too */
		read_pre(s, cfg, since, (size_t)oldest->lineno - 1);
		s->skip_first = 1;
		return;
	}
	/* the range begins with a file, or holds nothing: is there a file before? */
	last = lslog_cache_read(s->cache, cfg->log_file, cfg->log_archive_path, 0, since - 1, 1);
	if (last->n > 0 && oldest == NULL) {
		read_pre(s, cfg, since, (size_t)last->v[0]->lineno);
		s->skip_first = 1;
	} else if (last->n == 0) {
		s->skip_first = 1; /* the range's first file is the oldest */
	}
	lslog_rows_free(last);
}

static void *
sh_open(const struct ls_ctx *x, const struct lsf *filter)
{
	const struct main_cfg *cfg = LST_DATA(x)->snap->cfg;
	struct sh_rows *s = xcalloc(1, sizeof(*s));
	time_t since, until;

	sh_range(x, filter, &since, &until);
	s->arg.objs = objs_of(x);
	s->arg.x = x;
	s->arg.filter = filter;
	s->m = lssh_new(since, until, sh_find, sh_want, &s->arg);
	s->cache = LST_DATA(x)->logs;
	s->log_file = cfg->log_file;
	s->archive_dir = cfg->log_archive_path;
	s->since = since;
	s->lo = since;
	/* no line is written after now */
	s->hi = until - 1 < x->now ? until - 1 : x->now;
	/* without a cache there is nothing to warm: the files are read at once */
	if (s->cache == NULL || s->log_file == NULL) {
		s->warmed = SH_WARMED;
		sh_start(s);
	}
	return s;
}

/*
 * The files the first reads need, brought into the cache a budget of rows
 * at a time, so that no read of a big file holds the loop: the range's
 * files back to the one holding since - 1, then the newest entry before
 * since (the file before, when the range begins with one).
 */
static int
sh_prepare(const struct ls_ctx *x, size_t budget)
{
	struct sh_rows *s = x->rows;
	size_t bytes = budget < SIZE_MAX / LST_SH_BYTES ? budget * LST_SH_BYTES : SIZE_MAX;

	if (s == NULL || s->warmed == SH_WARMED)
		return 1;
	if (s->warm == NULL) {
		if (s->warmed == 0)
			s->warm = lslog_query_warm(s->cache, s->log_file, s->archive_dir,
			    s->since > 1 ? s->since - 1 : 1, s->hi);
		else
			s->warm = lslog_query_new(s->cache, s->log_file, s->archive_dir, 0,
			    s->since > 1 ? s->since - 1 : 1, 1);
	}
	if (!lslog_query_step(s->warm, bytes))
		return 0;
	lslog_query_free(s->warm);
	s->warm = NULL;
	if (++s->warmed < SH_WARMED)
		return 0;
	/* read from the cache now: lists of what it holds, no file read */
	s->arg.x = x;
	sh_start(s);
	return 1;
}

static void
sh_close(void *rows)
{
	struct sh_rows *s = rows;

	lssh_free(s->m);
	lslog_query_free(s->warm);
	lslog_rows_free(s->pre);
	lslog_rows_free(s->in);
	free(s);
}

/* the next entry in time order, or NULL */
static const struct lslog_entry *
next_entry(struct sh_rows *s)
{
	size_t i;

	if (s->next < s->npre) {
		i = s->next++;
		return s->pre->v[s->npre - 1 - i];
	}
	while (s->in != NULL && s->next - s->npre >= s->in->n) {
		if (!read_part(s))
			return NULL;
		s->next = s->npre;
	}
	if (s->in == NULL)
		return NULL;
	i = s->next++ - s->npre;
	return s->in->v[s->in->n - 1 - i];
}

static int
read_by_statehist(const struct lslog_entry *e)
{
	return e->class == LSLOG_ALERT || e->class == LSLOG_PROGRAM || e->class == LSLOG_STATE;
}

static size_t
sh_nrows(const struct ls_ctx *x)
{
	const struct sh_rows *s = x->rows;

	if (s == NULL)
		return 0;
	return s->served + !s->ended;
}

/* feed the next entry; at the last one, or one past the range, finish */
static void
feed_one(struct sh_rows *s)
{
	const struct lslog_entry *e = next_entry(s);

	if (e != NULL && s->skip_first && read_by_statehist(e)) {
		s->skip_first = 0;
		return;
	}
	if (e == NULL || lssh_feed(s->m, e)) {
		lssh_finish(s->m);
		s->finished = 1;
	}
}

static const void *
sh_row(const struct ls_ctx *x, size_t i)
{
	struct sh_rows *s = x->rows;
	const struct lssh_row *r = NULL;
	int n;

	(void)i;
	if (s == NULL || s->ended)
		return NULL;
	s->served++;
	for (n = 0; (r = lssh_next(s->m)) == NULL && !s->finished && n < LST_SH_FEED; n++)
		feed_one(s);
	if (r == NULL && s->finished)
		s->ended = 1;
	return r;
}

static int
sh_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct lssh_row *r = row;
	const struct obj_host *h = r->o.host;
	const struct obj_service *sv = r->o.svc;

	(void)x;
	if (sv != NULL)
		return lst_is_contact(sv->cfg, contact) || lst_is_contact(h->cfg, contact);
	return h != NULL && lst_is_contact(h->cfg, contact);
}

void
lst_statehist_table(struct ls_table *t)
{
	size_t k;
	struct ls_col *all = lst_with_objects(sh_cols, NELEM(sh_cols), 0, "current_host_",
	    cur_host, "current_service_", cur_svc, &k);

	qsort(all, k, sizeof(*all), lst_col_cmp);
	t->name = "statehist";
	t->prefix = "statehist_";
	t->alt_prefix = "current_";
	t->cols = all;
	t->ncols = k;
	t->natsort[0] = "host_name";
	t->natsort[1] = "service_description";
	t->nrows = sh_nrows;
	t->row = sh_row;
	t->visible = sh_visible;
	t->open = sh_open;
	t->prepare = sh_prepare;
	t->close = sh_close;
	t->refuse = sh_refuse;
	t->grows = 1;
}

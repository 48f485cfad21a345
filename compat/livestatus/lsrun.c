/*
 * lsrun: answering a GET request over its table (lsrun.h).
 *
 * Three ways through the rows:
 *   plain   rows print as they pass; Offset skips, Limit stops the run
 *           (wrapped_json goes on counting for total_count);
 *   sorted  each passing row is printed on its own and kept with copies of
 *           its sort keys (the Sort columns, then the table's natural
 *           order); the end sorts them and prints ranks Offset+1 on;
 *   stats   one set of aggregates, or one per group of the Columns'
 *           values (kept as strings, as naemon does), each group sorted
 *           by its first row's keys.
 * The scratch arena is reset after every row, so everything kept past a
 * row is copied to the run's own arena (keep), freed with the run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsrun.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/livestatus/lsagg.h"
#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsfilter.h"
#include "compat/livestatus/lsout.h"
#include "compat/livestatus/lsquery.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

enum lsrun_mode { LSRUN_PLAIN, LSRUN_SORTED, LSRUN_STATS };

#define LSRUN_TIMELIMIT_NONE (100L * 366 * 86400)
/* a finished run's arena and item array are kept for the next runs, up to this size
 * each, as many as answers are built at once up to LSRUN_SPARES */
#define LSRUN_KEEP_MAX (32u * 1024 * 1024)
#define LSRUN_SPARES 4

/* what finished runs left: arenas rewound, item arrays; the next runs' pages are touched
 * already (a fresh arena of a grouped answer maps and zeroes megabytes) */
static struct lsrun_spare {
	struct arena *keep;
	struct lsrun_item *items;
	size_t citems;
} lsrun_spares[LSRUN_SPARES];
static int lsrun_nspares;

/* a copied sort value */
struct lsrun_key {
	enum ls_type type;
	long long i;
	double d;
	char *s;
};

/* a kept row (sorted) or group (stats) */
struct lsrun_item {
	struct lsrun_key *keys;
	char *text;              /* sorted: the printed row */
	size_t len;
	char **group;            /* stats: the group's values */
	const char *gkey;        /* stats: the group's key (in keep), and its length */
	size_t gklen;
	uint64_t ghash;
	struct lsagg *aggs;      /* stats: one per Stats header */
	size_t seq;              /* the order it came in, for ties */
};

struct lsrun {
	const struct lsq *q;
	struct ls_ctx *x;
	const struct ls_table *t;
	struct mbuf *out;
	struct lso o;
	enum lsrun_mode mode;
	int auth;
	const void *contact;
	size_t max_bytes;
	time_t deadline;           /* Timelimit's end, 0: none */
	int ready;                 /* the table's rows are made (its prepare is done) */

	const struct ls_col **cols; /* what a row prints (NULL: a column the table lacks) */
	const char **names;
	size_t ncols;
	const struct ls_col **skeys; /* sort keys: Sort columns, then the natural ones */
	int *sdesc;
	size_t nskeys;

	size_t next;               /* the next row number */
	int ending;                /* sorted and grouped: printing the kept items */
	size_t pnext, pto;         /* the next kept item to print, the end of them */
	size_t nrows;
	size_t matched;            /* rows past the filters */
	int stopped;               /* plain: Limit reached, only counting goes on */
	int code;
	char *msg;

	struct lsrun_item *items;  /* sorted rows, or groups */
	size_t nitems, citems;
	uint32_t *gslot;           /* groups by key hash: item number + 1, 0 empty (in keep) */
	size_t gcap;               /* slots, a power of two, at most half full */
	struct mbuf gkey, gval;    /* a row's group key, one value of it: reused */
	struct lsagg *agg_init;    /* a group's aggregates when new, copied */
	int agg_frees;             /* some aggregate holds memory (lsagg_clear needed) */
	struct mbuf rowtext;       /* sorted: a row printed on its own, reused */
	struct arena *keep;        /* what lives as long as the run: keys, groups, texts */
	struct lsagg *single;      /* ungrouped stats */
};

static void
lsrun_fail(struct lsrun *r, int code, char *msg)
{
	if (r->code == 200) {
		r->code = code;
		r->msg = msg;
	} else {
		free(msg);
	}
}

static void
add_skey(struct lsrun *r, const struct ls_col *c, int desc)
{
	r->skeys[r->nskeys] = c;
	r->sdesc[r->nskeys++] = desc;
}

static void
setup_columns(struct lsrun *r)
{
	const struct lsq *q = r->q;
	size_t i;

	if (q->ncols == 0 && q->nstats == 0) {
		r->ncols = r->t->ncols;
		r->cols = xcalloc(r->ncols + 1, sizeof(*r->cols));
		r->names = xcalloc(r->ncols + 1, sizeof(*r->names));
		for (i = 0; i < r->ncols; i++) {
			r->cols[i] = &r->t->cols[i];
			r->names[i] = r->t->cols[i].name;
		}
		return;
	}
	r->ncols = q->ncols;
	r->cols = xcalloc(r->ncols + q->nstats + 1, sizeof(*r->cols));
	r->names = xcalloc(r->ncols + q->nstats + 1, sizeof(*r->names));
	for (i = 0; i < r->ncols; i++) {
		r->cols[i] = q->cols[i].col;
		r->names[i] = q->cols[i].name;
	}
}

static void
setup_sort(struct lsrun *r)
{
	const struct lsq *q = r->q;
	size_t i;

	r->skeys = xcalloc(q->nsorts + 3, sizeof(*r->skeys));
	r->sdesc = xcalloc(q->nsorts + 3, sizeof(*r->sdesc));
	for (i = 0; i < q->nsorts; i++)
		add_skey(r, q->sorts[i].col, q->sorts[i].desc);
	for (i = 0; i < 2; i++) {
		const struct ls_col *c;

		if (r->t->natsort[i] != NULL && (c = ls_table_col(r->t, r->t->natsort[i])) != NULL)
			add_skey(r, c, 0);
	}
}

static struct lsagg *new_aggs(struct arena *keep, const struct lsq *q);

struct lsrun *
lsrun_new(const struct lsq *q, struct ls_ctx *x, struct mbuf *out, int auth,
    const void *contact, size_t max_bytes)
{
	struct lsrun *r = xcalloc(1, sizeof(*r));
	const char *msg;
	size_t i;

	r->q = q;
	r->x = x;
	r->t = q->table;
	r->out = out;
	r->auth = auth;
	r->contact = contact;
	x->auth = auth;       /* list cells filter by it too */
	x->contact = contact;
	r->max_bytes = max_bytes;
	r->code = 200;
	if (lsrun_nspares > 0) {
		const struct lsrun_spare *sp = &lsrun_spares[--lsrun_nspares];

		r->keep = sp->keep;
		r->items = sp->items;
		r->citems = sp->citems;
	} else {
		r->keep = arena_new();
	}
	/* a limit of a century or more is none (and now + it could overflow) */
	if (q->timelimit >= 0 && q->timelimit < LSRUN_TIMELIMIT_NONE)
		r->deadline = time(NULL) + q->timelimit;
	lso_init(&r->o, out);
	r->o.fmt = q->fmt;
	memcpy(r->o.sep, q->sep, sizeof(r->o.sep));
	r->o.tzoff = q->tzoff;
	r->mode = q->nstats > 0 ? LSRUN_STATS : q->nsorts > 0 ? LSRUN_SORTED : LSRUN_PLAIN;
	setup_columns(r);
	if (r->mode != LSRUN_PLAIN)
		setup_sort(r);
	if (r->mode == LSRUN_STATS) {
		char buf[32];

		for (i = 0; i < q->nstats; i++) {
			snprintf(buf, sizeof(buf), "stats_%zu", i + 1);
			r->names[r->ncols + i] = arena_strdup(x->scratch, buf);
		}
		r->agg_init = new_aggs(r->keep, q);
		for (i = 0; i < q->nstats; i++)
			r->agg_frees |= r->agg_init[i].kind == LSAGG_PERF;
	}
	msg = r->t->refuse != NULL ? r->t->refuse(x, q->filter) : NULL;
	if (msg != NULL)
		lsrun_fail(r, 452, xstrdup(msg));
	else if (r->t->open != NULL)
		x->rows = r->t->open(x, q->filter);
	/* a refused query has no rows to prepare */
	r->ready = r->t->prepare == NULL || r->code != 200;
	if (r->ready)
		r->nrows = r->code == 200 ? r->t->nrows(x) : 0;
	/* the header row's names may live in the scratch arena: print it now */
	lso_begin(&r->o, q->col_headers ? r->names : NULL,
	    r->ncols + (r->mode == LSRUN_STATS ? q->nstats : 0));
	arena_reset(x->scratch);
	return r;
}

/* ---- copied keys ---- */

static void
key_copy(struct arena *keep, struct lsrun_key *k, const struct ls_cell *c)
{
	k->type = c->type;
	k->i = c->i;
	k->d = c->d;
	k->s = c->type == LS_STRING ? arena_strdup(keep, c->s != NULL ? c->s : "") : NULL;
}

static struct lsrun_key *
keys_of(struct lsrun *r, const void *row)
{
	struct lsrun_key *keys = arena_zalloc(r->keep, (r->nskeys + 1) * sizeof(*keys));
	struct ls_cell c;
	size_t i;

	for (i = 0; i < r->nskeys; i++) {
		ls_col_get(r->x, r->skeys[i], row, &c);
		key_copy(r->keep, &keys[i], &c);
	}
	return keys;
}

static int
key_cmp(const struct lsrun_key *a, const struct lsrun_key *b)
{
	switch (a->type) {
	case LS_STRING:
		return strcmp(a->s, b->s);
	case LS_INT:
	case LS_TIME:
		return (a->i > b->i) - (a->i < b->i);
	case LS_FLOAT:
		return (a->d > b->d) - (a->d < b->d);
	case LS_LIST:
	case LS_DICT:
		break;
	}
	return 0; /* lists compare equal, as in naemon */
}

/* qsort has no context argument: the run being sorted */
static const struct lsrun *sorting;

static int
item_cmp(const void *pa, const void *pb)
{
	const struct lsrun_item *a = pa, *b = pb;
	size_t i;

	for (i = 0; i < sorting->nskeys; i++) {
		int c = key_cmp(&a->keys[i], &b->keys[i]);

		if (c != 0)
			return sorting->sdesc[i] ? -c : c;
	}
	return (a->seq > b->seq) - (a->seq < b->seq);
}

static void
sort_items(struct lsrun *r)
{
	size_t i;

	if (r->nitems < 2 || r->nskeys == 0)
		return;
	sorting = r;
	/* rows come in the table's natural order, so kept items often are in order already */
	for (i = 1; i < r->nitems && item_cmp(&r->items[i - 1], &r->items[i]) <= 0; i++)
		;
	if (i < r->nitems)
		qsort(r->items, r->nitems, sizeof(*r->items), item_cmp);
	sorting = NULL;
}

/* ---- one row ---- */

static void
print_row(struct lsrun *r, struct lso *o, const void *row)
{
	struct ls_cell c;
	size_t i;

	lso_row_begin(o);
	for (i = 0; i < r->ncols; i++) {
		if (r->cols[i] == NULL) {
			lso_cell_str(o, "");
			continue;
		}
		ls_col_get(r->x, r->cols[i], row, &c);
		lso_cell(o, &c);
	}
	lso_row_end(o);
}

/* a new kept item, zeroed, its seq set */
static struct lsrun_item *
new_item(struct lsrun *r)
{
	struct lsrun_item *it;

	if (r->nitems == r->citems) {
		r->citems = r->citems != 0 ? r->citems * 2 : 64;
		r->items = xreallocarray(r->items, r->citems, sizeof(*r->items));
	}
	it = &r->items[r->nitems++];
	memset(it, 0, sizeof(*it));
	it->seq = r->nitems - 1;
	return it;
}

static void
keep_sorted(struct lsrun *r, const void *row)
{
	struct lso o = r->o;
	struct lsrun_item *it;

	/* printed on its own, as the first row of a body with no header */
	r->rowtext.len = 0;
	o.b = &r->rowtext;
	o.rows = 0;
	o.cells = 0;
	print_row(r, &o, row);
	it = new_item(r);
	it->text = arena_strndup(r->keep, r->rowtext.p, r->rowtext.len);
	it->len = r->rowtext.len;
	it->keys = keys_of(r, row);
}

/* a group's value of one column, as naemon's valueAsString */
static void
group_value(struct mbuf *b, const struct ls_cell *c, int known)
{
	if (!known) {
		mbuf_adds(b, "invalid");
		return;
	}
	switch (c->type) {
	case LS_STRING:
		mbuf_adds(b, c->s != NULL ? c->s : "");
		break;
	case LS_INT:
	case LS_TIME:
		mbuf_addll(b, c->i);
		break;
	case LS_FLOAT:
		mbuf_addf(b, "%.10e", c->d);
		break;
	case LS_LIST:
	case LS_DICT:
		mbuf_adds(b, "invalid");
		break;
	}
}

static struct lsagg *
new_aggs(struct arena *keep, const struct lsq *q)
{
	struct lsagg *a = arena_zalloc(keep, (q->nstats + 1) * sizeof(*a));
	size_t i;

	for (i = 0; i < q->nstats; i++)
		lsagg_init(&a[i], q->stats[i].agg, q->stats[i].col);
	return a;
}

/* slot number of key (hash h) in the group table: its group's, or the empty one it would take */
static size_t
group_slot(const struct lsrun *r, uint64_t h, const char *key, size_t len)
{
	size_t mask = r->gcap - 1, i = (size_t)h & mask;

	for (;; i = (i + 1) & mask) {
		const struct lsrun_item *it;

		if (r->gslot[i] == 0)
			return i;
		it = &r->items[r->gslot[i] - 1];
		if (it->ghash == h && it->gklen == len && memcmp(it->gkey, key, len) == 0)
			return i;
	}
}

/* the group table with room for one more group */
static void
group_room(struct lsrun *r)
{
	size_t i, cap;

	if (2 * (r->nitems + 1) <= r->gcap)
		return;
	cap = r->gcap != 0 ? 2 * r->gcap : 256;
	/* the old slots stay in keep: a kept arena's pages are reused by the next run */
	r->gslot = arena_zalloc(r->keep, cap * sizeof(*r->gslot));
	r->gcap = cap;
	for (i = 0; i < r->nitems; i++) {
		const struct lsrun_item *it = &r->items[i];

		r->gslot[group_slot(r, it->ghash, it->gkey, it->gklen)] = (uint32_t)(i + 1);
	}
}

/* the aggregates of row's group, made when new */
static struct lsagg *
group_of(struct lsrun *r, const void *row)
{
	struct lsrun_item *it;
	struct ls_cell c;
	const char *p;
	char *key;
	uint64_t h;
	size_t i, slot;

	memset(&c, 0, sizeof(c));
	r->gkey.len = 0;
	mbuf_add(&r->gkey, "", 0);
	for (i = 0; i < r->ncols; i++) {
		const char *v;
		size_t vlen;

		if (r->cols[i] != NULL)
			ls_col_get(r->x, r->cols[i], row, &c);
		if (r->cols[i] != NULL && c.type == LS_STRING) {
			v = c.s != NULL ? c.s : "";
			vlen = strlen(v);
		} else {
			r->gval.len = 0;
			mbuf_add(&r->gval, "", 0);
			group_value(&r->gval, &c, r->cols[i] != NULL);
			v = r->gval.p;
			vlen = r->gval.len;
		}
		/* length-prefixed, so that no value can run into the next */
		mbuf_addll(&r->gkey, (long long)vlen);
		mbuf_addc(&r->gkey, ':');
		mbuf_add(&r->gkey, v, vlen);
	}
	h = hash_bytes(r->gkey.p, r->gkey.len);
	if (r->gcap != 0) {
		slot = group_slot(r, h, r->gkey.p, r->gkey.len);
		if (r->gslot[slot] != 0)
			return r->items[r->gslot[slot] - 1].aggs;
	}
	group_room(r);
	slot = group_slot(r, h, r->gkey.p, r->gkey.len);
	it = new_item(r);
	key = arena_strndup(r->keep, r->gkey.p, r->gkey.len);
	it->gkey = key;
	it->gklen = r->gkey.len;
	it->ghash = h;
	/* the values, read back from the key */
	it->group = arena_alloc(r->keep, (r->ncols + 1) * sizeof(*it->group));
	for (i = 0, p = key; i < r->ncols; i++) {
		size_t len = 0;

		while (*p != ':')
			len = 10 * len + (size_t)(*p++ - '0');
		it->group[i] = arena_strndup(r->keep, p + 1, len);
		p += 1 + len;
	}
	it->group[r->ncols] = NULL;
	it->keys = keys_of(r, row);
	it->aggs = arena_alloc(r->keep, (r->q->nstats + 1) * sizeof(*it->aggs));
	memcpy(it->aggs, r->agg_init, (r->q->nstats + 1) * sizeof(*it->aggs));
	r->gslot[slot] = (uint32_t)r->nitems;
	return it->aggs;
}

static void
add_stats(struct lsrun *r, const void *row)
{
	const struct lsq *q = r->q;
	struct lsagg *aggs;
	struct ls_cell c;
	size_t i;

	if (r->ncols > 0) {
		aggs = group_of(r, row);
	} else {
		if (r->single == NULL)
			r->single = new_aggs(r->keep, q);
		aggs = r->single;
	}
	for (i = 0; i < q->nstats; i++) {
		const struct lsq_stat *s = &q->stats[i];

		if (s->agg == LSQ_COUNT) {
			if (s->filter == NULL || lsf_match(s->filter, r->x, row))
				aggs[i].acc.n++;
			continue;
		}
		if (s->col != NULL)
			ls_col_get(r->x, s->col, row, &c);
		else
			memset(&c, 0, sizeof(c));
		lsagg_add(&aggs[i], &c);
	}
}

/* whether the row is one the run reads; 0 when the run failed */
static int
take_row(struct lsrun *r, const void *row)
{
	if (r->auth && r->t->visible != NULL && !r->t->visible(r->x, row, r->contact))
		return 0;
	if (r->q->filter != NULL && !lsf_match(r->q->filter, r->x, row))
		return 0;
	if (r->deadline != 0 && time(NULL) >= r->deadline) {
		lsrun_fail(r, 413, xasprintf("Maximum query time of %ld seconds exceeded!",
		    r->q->timelimit));
		return 0;
	}
	return 1;
}

static void
one_row(struct lsrun *r, const void *row)
{
	const struct lsq *q = r->q;

	if (!take_row(r, row))
		return;
	r->matched++;
	switch (r->mode) {
	case LSRUN_PLAIN:
		if (r->matched <= (size_t)q->offset)
			return;
		if (q->limit >= 0 && r->matched > (size_t)q->offset + (size_t)q->limit) {
			r->stopped = 1;
			return;
		}
		print_row(r, &r->o, row);
		break;
	case LSRUN_SORTED:
		keep_sorted(r, row);
		break;
	case LSRUN_STATS:
		add_stats(r, row);
		break;
	}
}

/* ---- the end ---- */

static void
print_group(struct lsrun *r, const struct lsrun_item *it)
{
	size_t i;

	lso_row_begin(&r->o);
	for (i = 0; i < r->ncols; i++)
		lso_cell_str(&r->o, it->group[i]);
	for (i = 0; i < r->q->nstats; i++)
		lsagg_print(&it->aggs[i], &r->o);
	lso_row_end(&r->o);
}

/* the end of a run; 1 when the answer is complete.  Kept items (sorted
 * rows, groups) print up to budget at a time, as rows are read. */
static int
finish(struct lsrun *r, size_t budget)
{
	const struct lsq *q = r->q;
	size_t i, done = 0;

	if (r->mode == LSRUN_STATS && r->ncols == 0) {
		if (r->single == NULL)
			r->single = new_aggs(r->keep, q);
		lso_row_begin(&r->o);
		for (i = 0; i < q->nstats; i++)
			lsagg_print(&r->single[i], &r->o);
		lso_row_end(&r->o);
		lso_end(&r->o, 1);
		return 1;
	}
	if (r->mode == LSRUN_PLAIN) {
		lso_end(&r->o, r->matched);
		return 1;
	}
	if (!r->ending) {
		size_t total = r->nitems;

		sort_items(r);
		r->ending = 1;
		r->pnext = (size_t)q->offset < total ? (size_t)q->offset : total;
		r->pto = q->limit >= 0 && (size_t)q->limit < total - r->pnext ?
		    r->pnext + (size_t)q->limit : total;
	}
	for (; r->pnext < r->pto && done < budget; r->pnext++, done++) {
		const struct lsrun_item *it = &r->items[r->pnext];

		if (r->mode == LSRUN_STATS)
			print_group(r, it);
		else
			lso_row_raw(&r->o, it->text, it->len);
	}
	if (r->pnext < r->pto)
		return 0;
	lso_end(&r->o, r->nitems);
	return 1;
}

/* whether rows remain; a growing table is asked again when the run reaches its end */
static int
rows_left(struct lsrun *r)
{
	if (r->next >= r->nrows && r->t->grows)
		r->nrows = r->t->nrows(r->x);
	return r->next < r->nrows;
}

int
lsrun_step(struct lsrun *r, size_t budget)
{
	size_t done = 0;

	if (!r->ready) {
		/* a table that reads files before its rows: Timelimit bounds that too */
		if (r->deadline != 0 && time(NULL) >= r->deadline) {
			lsrun_fail(r, 413, xasprintf("Maximum query time of %ld seconds exceeded!",
			    r->q->timelimit));
			return 1;
		}
		if (!r->t->prepare(r->x, budget))
			return 0;
		r->ready = 1;
		r->nrows = r->t->nrows(r->x);
	}
	while (r->code == 200 && rows_left(r) && done < budget) {
		const void *row = r->t->row(r->x, r->next++);

		done++;
		if (row == NULL)
			continue;
		/* plain with Limit reached: go on only to count for wrapped_json */
		if (r->stopped && r->q->fmt != LSO_WRAPPED) {
			r->next = r->nrows;
			break;
		}
		if (r->stopped) {
			if (take_row(r, row))
				r->matched++;
		} else {
			one_row(r, row);
		}
		arena_reset(r->x->scratch);
		if (r->max_bytes != 0 && r->out->len > r->max_bytes)
			lsrun_fail(r, 413, xasprintf("Maximum response size of %zu reached",
			    r->max_bytes));
	}
	if (r->code != 200)
		return 1;
	if (r->next < r->nrows || done >= budget)
		return 0;
	if (!finish(r, budget))
		return 0;
	if (r->max_bytes != 0 && r->out->len > r->max_bytes)
		lsrun_fail(r, 413, xasprintf("Maximum response size of %zu reached", r->max_bytes));
	return 1;
}

int
lsrun_code(const struct lsrun *r)
{
	return r->code;
}

const char *
lsrun_msg(const struct lsrun *r)
{
	return r->msg != NULL ? r->msg : "";
}

void
lsrun_free(struct lsrun *r)
{
	size_t i, k;

	if (r == NULL)
		return;
	if (r->t->close != NULL && r->x->rows != NULL) {
		r->t->close(r->x->rows);
		r->x->rows = NULL;
	}
	/* only a perf_data aggregate holds memory of its own */
	for (i = 0; r->agg_frees && i < r->nitems; i++) {
		struct lsrun_item *it = &r->items[i];

		if (it->aggs != NULL)
			for (k = 0; k < r->q->nstats; k++)
				lsagg_clear(&it->aggs[k]);
	}
	if (r->single != NULL)
		for (k = 0; k < r->q->nstats; k++)
			lsagg_clear(&r->single[k]);
	mbuf_free(&r->gkey);
	mbuf_free(&r->gval);
	mbuf_free(&r->rowtext);
	if (lsrun_nspares < LSRUN_SPARES && arena_bytes(r->keep) <= LSRUN_KEEP_MAX &&
	    r->citems * sizeof(*r->items) <= LSRUN_KEEP_MAX) {
		struct lsrun_spare *sp = &lsrun_spares[lsrun_nspares++];

		arena_rewind(r->keep);
		sp->keep = r->keep;
		sp->items = r->items;
		sp->citems = r->citems;
	} else {
		arena_free(r->keep);
		free(r->items);
	}
	free(r->cols);
	free(r->names);
	free(r->skeys);
	free(r->sdesc);
	free(r->msg);
	free(r);
}

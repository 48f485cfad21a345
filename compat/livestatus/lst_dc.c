/*
 * lst_dc: comments and downtimes: the two tables (their own columns, then
 * every host column as host_ and every service column as service_, empty
 * for a host's entry), and the comments / downtimes columns of hosts and
 * services (ids, or tuples "with_info").  An object's lists hold its own
 * entries only: a host's leave out its services'.
 *
 * An object's entries are found through an index of the store (object ->
 * its entries' positions, in the store's order) made anew when the store
 * changed since the last one (its generation), so a column of comments over every
 * service does not go through every comment for each.
 *
 * Rows come in the stores' id order.  The type column keeps naemon's
 * numbers: a comment's 1 host, 2 service; a downtime's 1 service, 2 host.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* a row: the entry, and its objects */
struct dc_row {
	const struct comment *c;    /* one of c, d */
	const struct downtime *d;
	const struct obj_host *h;   /* NULL: gone from the configuration */
	const struct obj_service *s;
};

static const char *
dc_host(const struct dc_row *r)
{
	return r->c != NULL ? r->c->host : r->d->host;
}

static const char *
dc_svc(const struct dc_row *r)
{
	return r->c != NULL ? r->c->svc : r->d->svc;
}

static const void *
dc_make(const struct ls_ctx *x, const struct comment *c, const struct downtime *d)
{
	const struct objects *objs = LST_DATA(x)->snap->objs;
	struct dc_row *r = arena_zalloc(x->scratch, sizeof(*r));

	r->c = c;
	r->d = d;
	r->h = objects_find_host(objs, dc_host(r));
	if (dc_svc(r) != NULL)
		r->s = objects_find_service(objs, dc_host(r), dc_svc(r));
	return r;
}

/* ---- own columns ---- */

enum {
	DC_ID, DC_AUTHOR, DC_TEXT, DC_ENTRY_TIME, DC_TYPE, DC_IS_SERVICE,
	DC_START, DC_END, DC_FIXED, DC_DURATION, DC_TRIGGERED,
	DC_PERSISTENT, DC_SOURCE, DC_ENTRY_TYPE, DC_EXPIRES, DC_EXPIRE_TIME,
};

static void
dc_get(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	const struct dc_row *r = row;
	const struct comment *c = r->c;
	const struct downtime *d = r->d;

	(void)x;
	switch (col->arg) {
	case DC_ID:
		out->i = (long long)(c != NULL ? c->id : d->id);
		break;
	case DC_AUTHOR:
		out->s = c != NULL ? c->author : d->author;
		break;
	case DC_TEXT:
		out->s = c != NULL ? c->text : d->comment;
		break;
	case DC_ENTRY_TIME:
		out->i = c != NULL ? c->entry_time : d->entry_time;
		break;
	case DC_TYPE:
		out->i = c != NULL ? (c->svc != NULL ? 2 : 1) : (d->svc != NULL ? 1 : 2);
		break;
	case DC_IS_SERVICE:
		out->i = dc_svc(r) != NULL;
		break;
	case DC_START:
		out->i = d->start_time;
		break;
	case DC_END:
		out->i = d->end_time;
		break;
	case DC_FIXED:
		out->i = d->fixed;
		break;
	case DC_DURATION:
		out->i = (long long)d->duration;
		break;
	case DC_TRIGGERED:
		out->i = (long long)d->triggered_by;
		break;
	case DC_PERSISTENT:
		out->i = c->persistent;
		break;
	case DC_SOURCE:
		out->i = c->source;
		break;
	case DC_ENTRY_TYPE:
		out->i = c->entry_type;
		break;
	case DC_EXPIRES:
		out->i = c->expires;
		break;
	case DC_EXPIRE_TIME:
		out->i = c->expire_time;
		break;
	}
}

#define COL(name, type, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, dc_get, NULL, arg }

static const struct ls_col common_cols[] = {
	COL("comment", LS_STRING, DC_TEXT, "The text"),
	COL("entry_time", LS_TIME, DC_ENTRY_TIME, "The time the entry was made (Unix timestamp)"),
	COL("id", LS_INT, DC_ID, "The id"),
	COL("is_service", LS_INT, DC_IS_SERVICE, "0, if this entry is for a host, 1 if it is for a service"),
	COL("type", LS_INT, DC_TYPE,
	    "Comments: 1 for a host comment, 2 for a service comment; downtimes: 1 for a service "
	    "downtime, 2 for a host downtime"),
};

static const struct ls_col comment_cols[] = {
	COL("author", LS_STRING, DC_AUTHOR, "The contact who entered the comment"),
	COL("entry_type", LS_INT, DC_ENTRY_TYPE,
	    "The type of the comment: 1 is user, 2 is downtime, 3 is flap and 4 is acknowledgement"),
	COL("expire_time", LS_TIME, DC_EXPIRE_TIME, "The time of expiry of this comment (Unix timestamp)"),
	COL("expires", LS_INT, DC_EXPIRES, "Whether this comment expires"),
	COL("persistent", LS_INT, DC_PERSISTENT, "Whether this comment is persistent (0/1)"),
	COL("source", LS_INT, DC_SOURCE, "The source of the comment (0 is internal and 1 is external)"),
};

static const struct ls_col downtime_cols[] = {
	COL("author", LS_STRING, DC_AUTHOR, "The contact who scheduled the downtime"),
	COL("duration", LS_INT, DC_DURATION, "The duration of the downtime in seconds"),
	COL("end_time", LS_TIME, DC_END, "The end time of the downtime (Unix timestamp)"),
	COL("fixed", LS_INT, DC_FIXED, "A 1 if the downtime is fixed, a 0 if it is flexible"),
	COL("start_time", LS_TIME, DC_START, "The start time of the downtime (Unix timestamp)"),
	COL("triggered_by", LS_INT, DC_TRIGGERED, "The id of the downtime this downtime was triggered by or 0 if it was not triggered by another downtime"),
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the tables ---- */

static const void *
via_host(const struct ls_ctx *x, const void *row)
{
	const struct dc_row *r = row;

	return r->h != NULL ? lst_host_row(x, r->h) : NULL;
}

static const void *
via_svc(const struct ls_ctx *x, const void *row)
{
	const struct dc_row *r = row;

	return r->s != NULL ? lst_svc_row(x, r->s) : NULL;
}

static size_t
comments_nrows(const struct ls_ctx *x)
{
	return comments_count(LST_DATA(x)->snap->comments);
}

static const void *
comments_row(const struct ls_ctx *x, size_t i)
{
	const struct comments *cs = LST_DATA(x)->snap->comments;

	return i < comments_count(cs) ? dc_make(x, comments_at(cs, i), NULL) : NULL;
}

static size_t
downtimes_nrows(const struct ls_ctx *x)
{
	return downtimes_count(LST_DATA(x)->snap->downtimes);
}

static const void *
downtimes_row(const struct ls_ctx *x, size_t i)
{
	const struct downtimes *dt = LST_DATA(x)->snap->downtimes;

	return i < downtimes_count(dt) ? dc_make(x, NULL, downtimes_at(dt, i)) : NULL;
}

/* seen by the host's or the service's contacts, as its object */
static int
dc_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct dc_row *r = row;

	(void)x;
	if (r->h == NULL)
		return 0;
	if (r->s != NULL)
		return lst_is_contact(r->s->cfg, contact) || lst_is_contact(r->h->cfg, contact);
	return lst_is_contact(r->h->cfg, contact);
}

/* own (n of them) + common + host_ + service_ columns, sorted */
static void
dc_table(struct ls_table *t, const struct ls_col *own, size_t n)
{
	size_t k;
	struct ls_col *all = lst_with_objects(own, n, NELEM(common_cols), "host_", via_host,
	    "service_", via_svc, &k);

	memcpy(all + k, common_cols, sizeof(common_cols));
	k += NELEM(common_cols);
	qsort(all, k, sizeof(*all), lst_col_cmp);
	t->cols = all;
	t->ncols = k;
	t->visible = dc_visible;
}

void
lst_comments_table(struct ls_table *t)
{
	t->name = "comments";
	t->prefix = "comment_";
	dc_table(t, comment_cols, NELEM(comment_cols));
	t->nrows = comments_nrows;
	t->row = comments_row;
}

void
lst_downtimes_table(struct ls_table *t)
{
	t->name = "downtimes";
	t->prefix = "downtime_";
	dc_table(t, downtime_cols, NELEM(downtime_cols));
	t->nrows = downtimes_nrows;
	t->row = downtimes_row;
}

/* ---- the lists of hosts and services ---- */

/* an object's key in an index: the host's name, or its length, ':', the
 * name and the description (no two objects share one) */
static void
dc_key(struct mbuf *b, const char *host, const char *svc)
{
	b->len = 0;
	if (svc != NULL) {
		mbuf_addll(b, (long long)strlen(host));
		mbuf_addc(b, ':');
	}
	mbuf_adds(b, host);
	if (svc != NULL)
		mbuf_adds(b, svc);
}

/* the store's entries by object: first[key] is a position + 1, next[pos] the
 * object's next position + 1 (0: no more) */
struct dc_index {
	const void *store;
	size_t count;
	unsigned long gen;
	struct hmap *first;
	size_t *next;
	char **keys;
	struct mbuf key;
};

static struct dc_index dc_comments_ix, dc_downtimes_ix;

typedef void dc_obj_fn(const void *store, size_t i, const char **host, const char **svc);

static void
dc_comment_obj(const void *store, size_t i, const char **host, const char **svc)
{
	const struct comment *c = comments_at(store, i);

	*host = c->host;
	*svc = c->svc;
}

static void
dc_downtime_obj(const void *store, size_t i, const char **host, const char **svc)
{
	const struct downtime *d = downtimes_at(store, i);

	*host = d->host;
	*svc = d->svc;
}

static void
dc_index_clear(struct dc_index *ix)
{
	size_t i;

	for (i = 0; i < ix->count; i++)
		free(ix->keys[i]);
	free(ix->keys);
	free(ix->next);
	hmap_free(ix->first);
	ix->keys = NULL;
	ix->next = NULL;
	ix->first = NULL;
}

/* the first position + 1 of the row's entries in the store (0: none), the
 * index made anew when the store changed */
static size_t
dc_first(struct dc_index *ix, const void *store, size_t count, unsigned long gen,
    dc_obj_fn *obj, const struct lst_obj *o)
{
	size_t i;

	if (ix->first == NULL || ix->store != store || ix->count != count || ix->gen != gen) {
		dc_index_clear(ix);
		ix->store = store;
		ix->count = count;
		ix->gen = gen;
		ix->first = hmap_new(count + 1);
		ix->next = xcalloc(count + 1, sizeof(*ix->next));
		ix->keys = xcalloc(count + 1, sizeof(*ix->keys));
		/* from the last, so each object's chain runs in id order */
		for (i = count; i-- > 0;) {
			const char *host, *svc;

			obj(store, i, &host, &svc);
			dc_key(&ix->key, host, svc);
			ix->keys[i] = xstrdup(ix->key.p);
			ix->next[i] = (size_t)(uintptr_t)hmap_put(ix->first, ix->keys[i],
			    (void *)(uintptr_t)(i + 1));
		}
	}
	dc_key(&ix->key, o->h->name, o->s != NULL ? o->s->description : NULL);
	return (size_t)(uintptr_t)hmap_get(ix->first, ix->key.p);
}

/* room for the elements of the chain from position p + 1 on (and one more) */
static struct ls_elem *
dc_elems(const struct ls_ctx *x, const struct dc_index *ix, size_t p)
{
	size_t n = 1;

	for (; p != 0; p = ix->next[p - 1])
		n++;
	return arena_zalloc(x->scratch, n * sizeof(struct ls_elem));
}

/* an id as the list's key (what "comments >= 7" compares) */
static const char *
id_str(const struct ls_ctx *x, unsigned long id)
{
	char *buf = arena_alloc(x->scratch, 24);

	snprintf(buf, 24, "%lu", id);
	return buf;
}

static struct ls_field *
fields(const struct ls_ctx *x, unsigned n)
{
	return arena_zalloc(x->scratch, n * sizeof(struct ls_field));
}

static void
str_field(struct ls_field *f, const char *s)
{
	f->s = s;
	f->is_str = 1;
}

static void
time_field(struct ls_field *f, long long t)
{
	f->i = t;
	f->is_time = 1;
}

/* arg 0: ids; 1: [id, author, comment, entry_time, entry_type, expires, expire_time] */
void
lst_get_comments(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	const struct comments *cs = LST_DATA(x)->snap->comments;
	size_t k = 0, p = dc_first(&dc_comments_ix, cs, comments_count(cs), comments_generation(cs),
	    dc_comment_obj, row);
	struct ls_elem *e = dc_elems(x, &dc_comments_ix, p);

	for (; p != 0; p = dc_comments_ix.next[p - 1]) {
		const struct comment *c = comments_at(cs, p - 1);
		struct ls_field *f;

		e[k].key = id_str(x, c->id);
		e[k].num = 1;
		if (col->arg == 1) {
			f = fields(x, 7);
			f[0].i = (long long)c->id;
			str_field(&f[1], c->author);
			str_field(&f[2], c->text);
			time_field(&f[3], c->entry_time);
			f[4].i = c->entry_type;
			f[5].i = c->expires;
			time_field(&f[6], c->expire_time);
			e[k].nf = 7;
			e[k].f = f;
		}
		k++;
	}
	out->n = k;
	out->e = e;
}

/* arg 0: ids; 1: [id, author, comment, entry_time, start, end, fixed, duration, triggered_by] */
void
lst_get_downtimes(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	const struct downtimes *dt = LST_DATA(x)->snap->downtimes;
	size_t k = 0, p = dc_first(&dc_downtimes_ix, dt, downtimes_count(dt),
	    downtimes_generation(dt), dc_downtime_obj, row);
	struct ls_elem *e = dc_elems(x, &dc_downtimes_ix, p);

	for (; p != 0; p = dc_downtimes_ix.next[p - 1]) {
		const struct downtime *d = downtimes_at(dt, p - 1);
		struct ls_field *f;

		e[k].key = id_str(x, d->id);
		e[k].num = 1;
		if (col->arg == 1) {
			f = fields(x, 9);
			f[0].i = (long long)d->id;
			str_field(&f[1], d->author);
			str_field(&f[2], d->comment);
			time_field(&f[3], d->entry_time);
			time_field(&f[4], d->start_time);
			time_field(&f[5], d->end_time);
			f[6].i = d->fixed;
			f[7].i = (long long)d->duration;
			f[8].i = (long long)d->triggered_by;
			e[k].nf = 9;
			e[k].f = f;
		}
		k++;
	}
	out->n = k;
	out->e = e;
}

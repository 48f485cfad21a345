/*
 * comment: the comment store (see comment.h).
 *
 * One array of pointers kept sorted by id, the order Nagios keeps its
 * comment list in (add_comment inserts by id).  New comments nearly always
 * get the highest id, so adding is an append; finding is a binary search;
 * deleting moves the tail of the array down.  The deletions that go by
 * object make one pass and compact the array.
 *
 * Nagios's quirks kept here: a new comment takes the first id from
 * *next_id that no comment holds (a comment read from retention may hold
 * it), and persistent and expires are true only when they are exactly 1,
 * as Nagios's add_comment reads them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/notify/comment.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

struct comments {
	struct comment **v; /* sorted by id */
	size_t len;
	size_t cap;
	unsigned long gen; /* changes counted (comments_generation) */
};

struct comments *
comments_new(void)
{
	return xcalloc(1, sizeof(struct comments));
}

static void
comment_free(struct comment *c)
{
	free(c->host);
	free(c->svc);
	free(c->author);
	free(c->text);
	free(c);
}

void
comments_free(struct comments *cs)
{
	size_t i;

	if (cs == NULL)
		return;
	for (i = 0; i < cs->len; i++)
		comment_free(cs->v[i]);
	free(cs->v);
	free(cs);
}

/* the index of the first comment whose id is >= id (len when none) */
static size_t
comments_lower(const struct comments *cs, unsigned long id)
{
	size_t lo = 0, hi = cs->len, mid;

	/* the common case first: a new id past every other one */
	if (cs->len == 0 || cs->v[cs->len - 1]->id < id)
		return cs->len;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cs->v[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct comment *
comments_find(const struct comments *cs, unsigned long id)
{
	size_t i = comments_lower(cs, id);

	return i < cs->len && cs->v[i]->id == id ? cs->v[i] : NULL;
}

const struct comment *
comments_add(struct comments *cs, unsigned long id, unsigned long *next_id, int entry_type,
    const char *host, const char *svc, time_t entry_time, const char *author, const char *text,
    int persistent, int source, int expires, time_t expire_time)
{
	struct comment *c;
	size_t at;

	if (host == NULL)
		return NULL;
	if (id == 0) {
		if (next_id == NULL)
			return NULL;
		if (*next_id == 0)
			*next_id = 1;
		while (comments_find(cs, *next_id) != NULL)
			(*next_id)++;
		id = (*next_id)++;
	} else {
		if (comments_find(cs, id) != NULL)
			return NULL;
		if (next_id != NULL && *next_id <= id)
			*next_id = id + 1;
	}

	c = xcalloc(1, sizeof(*c));
	c->id = id;
	c->host = xstrdup(host);
	c->svc = svc != NULL ? xstrdup(svc) : NULL;
	c->author = xstrdup(author != NULL ? author : "");
	c->text = xstrdup(text != NULL ? text : "");
	c->entry_type = entry_type;
	c->source = source;
	c->persistent = persistent == 1;
	c->expires = expires == 1;
	c->entry_time = entry_time;
	c->expire_time = expire_time;

	if (cs->len == cs->cap) {
		cs->cap = cs->cap ? cs->cap * 2 : 16;
		cs->v = xreallocarray(cs->v, cs->cap, sizeof(*cs->v));
	}
	at = comments_lower(cs, id);
	memmove(cs->v + at + 1, cs->v + at, (cs->len - at) * sizeof(*cs->v));
	cs->v[at] = c;
	cs->len++;
	cs->gen++;
	return c;
}

int
comments_delete(struct comments *cs, unsigned long id)
{
	size_t i = comments_lower(cs, id);

	if (i == cs->len || cs->v[i]->id != id)
		return -1;
	comment_free(cs->v[i]);
	cs->len--;
	cs->gen++;
	memmove(cs->v + i, cs->v + i + 1, (cs->len - i) * sizeof(*cs->v));
	return 0;
}

/* the comment belongs to the object (svc NULL: the host itself) */
static int
comment_is_of(const struct comment *c, const char *host, const char *svc)
{
	if (strcmp(c->host, host) != 0)
		return 0;
	if (svc == NULL)
		return c->svc == NULL;
	return c->svc != NULL && strcmp(c->svc, svc) == 0;
}

/* keep the comments for which drop() says 0, free the others; one pass */
static size_t
comments_filter(struct comments *cs, int (*drop)(const struct comment *, const void *),
    const void *arg)
{
	size_t i, kept = 0, gone;

	for (i = 0; i < cs->len; i++) {
		if (drop(cs->v[i], arg))
			comment_free(cs->v[i]);
		else
			cs->v[kept++] = cs->v[i];
	}
	gone = cs->len - kept;
	if (cs->len != kept)
		cs->gen++;
	cs->len = kept;
	return gone;
}

struct comment_match {
	const char *host;
	const char *svc;
	int entry_type;
	int persistent_too;
};

static int
comment_drop_object(const struct comment *c, const void *arg)
{
	const struct comment_match *m = arg;

	if (!comment_is_of(c, m->host, m->svc))
		return 0;
	if (m->entry_type != 0 && c->entry_type != m->entry_type)
		return 0;
	return m->persistent_too || !c->persistent;
}

size_t
comments_delete_object(struct comments *cs, const char *host, const char *svc, int entry_type,
    int persistent_too)
{
	struct comment_match m = { host, svc, entry_type, persistent_too };

	if (host == NULL)
		return 0;
	return comments_filter(cs, comment_drop_object, &m);
}

static int
comment_drop_nonpersistent(const struct comment *c, const void *arg)
{
	(void)arg;
	return !c->persistent;
}

size_t
comments_delete_nonpersistent(struct comments *cs)
{
	return comments_filter(cs, comment_drop_nonpersistent, NULL);
}

size_t
comments_count_object(const struct comments *cs, const char *host, const char *svc)
{
	size_t i, n = 0;

	if (host == NULL)
		return 0;
	for (i = 0; i < cs->len; i++)
		n += (size_t)comment_is_of(cs->v[i], host, svc);
	return n;
}

size_t
comments_count(const struct comments *cs)
{
	return cs->len;
}

unsigned long
comments_generation(const struct comments *cs)
{
	return cs->gen;
}

const struct comment *
comments_at(const struct comments *cs, size_t i)
{
	return i < cs->len ? cs->v[i] : NULL;
}

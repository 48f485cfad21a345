/*
 * lslog_files: the log files a query of the log table reads, and the
 * cache of their entries (lslog.h).
 *
 * Each file's entries are a block: one arena holding every string of its
 * entries, and the array of entries in the file's order.  A block is
 * shared by the cache and the rows of the queries that use it (a count
 * of references), so the cache may drop it while an answer still runs.
 * The current log's block grows, and with it the array of its entries
 * moves: each entry lives in the arena, and the array holds pointers
 * to them, so rows point at entries that stay where they are.
 *
 * The archives are listed again when their directory's mtime changes (or
 * the current log was rotated), ordered by the time in their names
 * (nagios-MM-DD-YYYY-HH.log, the rotation's hour); a file's time span
 * is read from its first and last lines at the first query that walks
 * that far back.  Walking newest first, a query stops at the first file
 * that begins before its lower bound: the older ones end before it.
 *
 * The current log is read up to its last whole line; the rest waits for
 * the next query.  When it is rotated (renamed into the archive
 * directory) the archive with its device and inode takes its block and
 * is read on from where the current log stopped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/livestatus/lslog.h"
#include "engine/util/arena.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

#define LF_READ (64 * 1024)   /* bytes read at once */
#define LF_EDGE 4096          /* bytes looked at for a file's first or last time */

struct lslog_block {
	struct arena *a;
	struct lslog_entry **v; /* the file's order, oldest first; each in a */
	size_t n, cap;
	int sorted;             /* times never go down: bounds by binary search */
	unsigned refs;
};

struct lf {
	char *path;
	unsigned long key;      /* YYYYMMDDHH from an archive's name */
	dev_t dev;
	ino_t ino;
	int indexed;            /* first and last are known */
	time_t first, last;     /* its entries' times (0, 0: none) */
	struct lslog_block *b;  /* NULL: not read */
	off_t off;              /* bytes of the file in b */
	long lineno;            /* lines in those bytes */
	int whole;              /* an archive read to its end */
};

struct lslog_cache {
	size_t max;
	char *log_file, *dir;
	struct timespec dir_mtime;
	int dir_seen;
	struct lf *arch;        /* oldest first */
	size_t narch;
	struct lf cur;
	struct lf rotated;      /* the current log just rotated, for its archive */
	off_t cur_size;         /* its size when the last query began */
	struct lslog_cache_info info;
};

/* ---- blocks ---- */

static struct lslog_block *
block_new(void)
{
	struct lslog_block *b = xcalloc(1, sizeof(*b));

	b->a = arena_new();
	b->sorted = 1;
	b->refs = 1;
	return b;
}

static void
block_unref(struct lslog_block *b)
{
	if (b == NULL || --b->refs > 0)
		return;
	arena_free(b->a);
	free(b->v);
	free(b);
}

static void
block_add(struct lslog_block *b, const char *line, size_t len, long lineno)
{
	struct lslog_entry e, *at;

	if (lslog_parse(&e, line, len, lineno, b->a) < 0)
		return;
	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 256;
		b->v = xreallocarray(b->v, b->cap, sizeof(*b->v));
	}
	if (b->n > 0 && e.time < b->v[b->n - 1]->time)
		b->sorted = 0;
	at = arena_alloc(b->a, sizeof(*at));
	*at = e;
	b->v[b->n++] = at;
}

/* ---- reading ---- */

static void
lf_drop(struct lslog_cache *c, struct lf *f)
{
	if (f->b != NULL)
		c->info.entries -= f->b->n;
	block_unref(f->b);
	f->b = NULL;
	f->off = 0;
	f->lineno = 0;
	f->whole = 0;
}

/*
 * Take f's lines from f->off on into its block: the whole lines, and with
 * to_end the last one without a newline too; *budget bytes at most (about:
 * whole reads of LF_READ), less what was read.  A file that is no longer
 * the one the block was read from is read from its start.  Returns 1 at
 * the file's end, 0 when the budget ran out first, -1 when it cannot be
 * opened.
 */
static int
lf_read(struct lslog_cache *c, struct lf *f, int to_end, size_t *budget)
{
	struct stat st;
	char *buf, *end;
	size_t cap = LF_READ, have = 0, at, nl;
	ssize_t got;
	int fd = open(f->path, O_RDONLY | O_CLOEXEC), at_end = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || (f->b != NULL && (st.st_dev != f->dev || st.st_ino != f->ino ||
	    st.st_size < f->off)))
		lf_drop(c, f);
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	if (f->b == NULL)
		f->b = block_new();
	if (lseek(fd, f->off, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	buf = xmalloc(cap);
	c->info.entries -= f->b->n;
	for (;;) {
		if (have == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		if (*budget == 0)
			break;
		got = read(fd, buf + have, cap - have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			at_end = 1;
			break;
		}
		*budget -= (size_t)got < *budget ? (size_t)got : *budget;
		have += (size_t)got;
		at = 0;
		while ((end = memchr(buf + at, '\n', have - at)) != NULL) {
			nl = (size_t)(end - buf);
			f->lineno++;
			block_add(f->b, buf + at, nl - at - (nl > at && buf[nl - 1] == '\r'),
			    f->lineno);
			at = nl + 1;
		}
		memmove(buf, buf + at, have - at);
		f->off += (off_t)at;
		c->info.bytes += at;
		have -= at;
	}
	if (to_end && at_end && have > 0) {
		f->lineno++;
		block_add(f->b, buf, have - (buf[have - 1] == '\r'), f->lineno);
		f->off += (off_t)have;
		c->info.bytes += have;
	}
	c->info.entries += f->b->n;
	if (at_end && f->b->n > 0) {
		f->first = f->b->v[0]->time;
		f->last = f->b->v[f->b->n - 1]->time;
		f->indexed = 1;
	}
	free(buf);
	close(fd);
	return at_end;
}

/* the time of the line at p (n bytes), 0 when it is no entry */
static time_t
line_time(const char *p, size_t n)
{
	if (n < 13 || p[0] != '[' || p[11] != ']' || p[1] < '0' || p[1] > '9')
		return 0;
	return (time_t)str_atol_lenient(p + 1);
}

/* an archive's time span from its first and last entries */
static void
lf_index(struct lslog_cache *c, struct lf *f)
{
	char buf[LF_EDGE + 1];
	struct stat st;
	ssize_t n;
	off_t at;
	size_t i, len;
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);

	f->indexed = 1;
	f->first = f->last = 0;
	c->info.indexed++;
	if (fd < 0)
		return;
	if (fstat(fd, &st) < 0 || (n = pread(fd, buf, LF_EDGE, 0)) <= 0) {
		close(fd);
		return;
	}
	/* the first entry within the first LF_EDGE bytes */
	for (i = 0; i < (size_t)n && f->first == 0; i++)
		if (i == 0 || buf[i - 1] == '\n')
			f->first = line_time(buf + i, (size_t)n - i);
	/*
	 * The last, going back LF_EDGE bytes at a time: a line begins at i of
	 * the window [from, at) after a newline (or at the file's start); the
	 * next window ends 13 bytes into this one, so a line whose start this
	 * one could not tell is looked at again whole enough.
	 */
	for (at = st.st_size; at > 0 && f->last == 0;) {
		off_t from = at > LF_EDGE ? at - LF_EDGE : 0;

		if ((n = pread(fd, buf, (size_t)(at - from), from)) <= 0)
			break;
		len = (size_t)n;
		for (i = len; i > 0 && f->last == 0; i--)
			if (i - 1 == 0 ? from == 0 : buf[i - 2] == '\n')
				f->last = line_time(buf + i - 1, len - (i - 1));
		if (from == 0)
			break;
		at = from + 13;
	}
	if (f->first == 0)
		f->last = 0;
	close(fd);
}

/* YYYYMMDDHH from nagios-MM-DD-YYYY-HH.log; 0 when it is no archive's name */
static unsigned long
archive_key(const char *name)
{
	unsigned long mm, dd, yyyy, hh;
	char tail[8];

	if (strlen(name) != strlen("nagios-MM-DD-YYYY-HH.log") ||
	    sscanf(name, "nagios-%2lu-%2lu-%4lu-%2lu%7s", &mm, &dd, &yyyy, &hh, tail) != 5 ||
	    strcmp(tail, ".log") != 0)
		return 0;
	return ((yyyy * 100 + mm) * 100 + dd) * 100 + hh;
}

static int
lf_cmp(const void *a, const void *b)
{
	const struct lf *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* the archive that was the current log: it takes the block read so far */
static void
lf_adopt(struct lslog_cache *c, struct lf *f)
{
	struct stat st;

	char *path = f->path;
	unsigned long key = f->key;

	if (c->rotated.b == NULL || stat(f->path, &st) < 0 || st.st_dev != c->rotated.dev ||
	    st.st_ino != c->rotated.ino || st.st_size < c->rotated.off)
		return;
	free(c->rotated.path);
	*f = c->rotated;
	f->path = path;
	f->key = key;
	f->whole = 0;
	f->indexed = 0; /* lines may have come after the last query: look again */
	memset(&c->rotated, 0, sizeof(c->rotated));
}

/* list the archives again when their directory changed (or force) */
static void
lf_scan(struct lslog_cache *c, int force)
{
	struct stat st;
	struct dirent *de;
	struct lf *v = NULL;
	size_t n = 0, i;
	DIR *d;

	if (c->dir == NULL || stat(c->dir, &st) < 0)
		return;
	if (!force && c->dir_seen && st.st_mtim.tv_sec == c->dir_mtime.tv_sec &&
	    st.st_mtim.tv_nsec == c->dir_mtime.tv_nsec)
		return;
	if ((d = opendir(c->dir)) == NULL)
		return;
	c->dir_seen = 1;
	c->dir_mtime = st.st_mtim;
	while ((de = readdir(d)) != NULL) {
		unsigned long key = archive_key(de->d_name);
		char *path;

		if (key == 0)
			continue;
		path = xasprintf("%s/%s", c->dir, de->d_name);
		v = xreallocarray(v, n + 1, sizeof(*v));
		memset(&v[n], 0, sizeof(v[n]));
		v[n].path = path;
		v[n].key = key;
		/* an archive listed before keeps what is known of it */
		for (i = 0; i < c->narch; i++)
			if (c->arch[i].path != NULL && strcmp(c->arch[i].path, path) == 0) {
				free(path);
				v[n] = c->arch[i];
				c->arch[i].path = NULL;
				break;
			}
		if (i == c->narch)
			lf_adopt(c, &v[n]);
		n++;
	}
	closedir(d);
	for (i = 0; i < c->narch; i++)
		if (c->arch[i].path != NULL) {
			lf_drop(c, &c->arch[i]);
			free(c->arch[i].path);
		}
	free(c->arch);
	if (n > 1)
		qsort(v, n, sizeof(*v), lf_cmp);
	c->arch = v;
	c->narch = n;
}

/* whether the current log is another file now: the old one is set aside for its archive */
static int
lf_update_current(struct lslog_cache *c)
{
	struct stat st;
	int rotated = 0;

	if (stat(c->cur.path, &st) < 0) {
		lf_drop(c, &c->cur);
		c->cur_size = 0;
		return 0;
	}
	c->cur_size = st.st_size;
	if (c->cur.b != NULL && (st.st_dev != c->cur.dev || st.st_ino != c->cur.ino)) {
		lf_drop(c, &c->rotated);
		free(c->rotated.path);
		c->rotated = c->cur;
		memset(&c->cur, 0, sizeof(c->cur));
		c->cur.path = xstrdup(c->rotated.path);
		rotated = 1;
	}
	return rotated;
}

/* ---- the cache ---- */

struct lslog_cache *
lslog_cache_new(size_t max)
{
	struct lslog_cache *c = xcalloc(1, sizeof(*c));

	c->max = max > 0 ? max : LSLOG_CACHE_MAX;
	return c;
}

void
lslog_cache_set_max(struct lslog_cache *c, size_t max)
{
	c->max = max > 0 ? max : LSLOG_CACHE_MAX;
}

static void
cache_empty(struct lslog_cache *c)
{
	size_t i;

	for (i = 0; i < c->narch; i++) {
		lf_drop(c, &c->arch[i]);
		free(c->arch[i].path);
	}
	free(c->arch);
	c->arch = NULL;
	c->narch = 0;
	lf_drop(c, &c->cur);
	free(c->cur.path);
	lf_drop(c, &c->rotated);
	free(c->rotated.path);
	memset(&c->cur, 0, sizeof(c->cur));
	memset(&c->rotated, 0, sizeof(c->rotated));
	free(c->log_file);
	free(c->dir);
	c->log_file = c->dir = NULL;
	c->dir_seen = 0;
}

void
lslog_cache_free(struct lslog_cache *c)
{
	if (c == NULL)
		return;
	cache_empty(c);
	free(c);
}

void
lslog_cache_info(const struct lslog_cache *c, struct lslog_cache_info *out)
{
	size_t i;

	*out = c->info;
	out->files_loaded = 0;
	for (i = 0; i < c->narch; i++)
		out->files_loaded += c->arch[i].b != NULL;
}

static int
same(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* the first entry of b after time t (b sorted); with at, at or after it */
static size_t
first_from(const struct lslog_block *b, time_t t, int at)
{
	size_t l = 0, h = b->n;

	while (l < h) {
		size_t m = l + (h - l) / 2;

		if (at ? b->v[m]->time < t : b->v[m]->time <= t)
			l = m + 1;
		else
			h = m;
	}
	return l;
}

/* b's entries within [lo, hi] newest first onto r, up to max rows */
static void
take(struct lslog_rows *r, struct lslog_block *b, time_t lo, time_t hi, size_t max)
{
	size_t from = 0, to, i, n0 = r->n;

	if (b == NULL || b->n == 0 || r->n >= max)
		return;
	to = b->n;
	if (b->sorted) {
		from = first_from(b, lo, 1);
		if (hi != 0)
			to = first_from(b, hi, 0);
	}
	if (to <= from)
		return;
	r->v = xreallocarray(r->v, r->n + (to - from < max - r->n ? to - from : max - r->n),
	    sizeof(*r->v));
	for (i = to; i > from && r->n < max; i--) {
		const struct lslog_entry *e = b->v[i - 1];

		/* a sorted block's [from, to) is within the bounds: no need to look */
		if (!b->sorted && (e->time < lo || (hi != 0 && e->time > hi)))
			continue;
		r->v[r->n++] = e;
	}
	if (r->n == n0)
		return;
	b->refs++;
	r->pins = xreallocarray(r->pins, r->npins + 1, sizeof(*r->pins));
	r->pins[r->npins++] = b;
}

/* keep at most c->max entries: the oldest archives' go first */
static void
cache_trim(struct lslog_cache *c)
{
	size_t i;

	for (i = 0; i < c->narch && c->info.entries > c->max; i++)
		if (c->arch[i].b != NULL)
			lf_drop(c, &c->arch[i]);
}

/* ---- queries ---- */

enum { LQ_CURRENT, LQ_ARCHIVES, LQ_DONE };

struct lslog_query {
	struct lslog_cache *c, *own;
	time_t lo, hi;
	size_t max;
	struct lslog_rows *r;
	int stage;
	size_t i;         /* LQ_ARCHIVES: the archives from c->arch[i - 1] down are left */
	char *next;       /* that one's path, to find it again in a list made anew */
	int ended;        /* the rows are made */
	int warm;         /* only loading the files: no rows, no limit, no trim */
};

struct lslog_query *
lslog_query_new(struct lslog_cache *c, const char *log_file, const char *archive_dir, time_t lo,
    time_t hi, size_t max)
{
	struct lslog_query *q = xcalloc(1, sizeof(*q));

	q->r = xcalloc(1, sizeof(*q->r));
	q->r->a = arena_new();
	q->lo = lo;
	q->hi = hi;
	q->max = max;
	if (log_file == NULL) {
		q->stage = LQ_DONE;
		return q;
	}
	if (c == NULL)
		c = q->own = lslog_cache_new(SIZE_MAX);
	q->c = c;
	if (!same(c->log_file, log_file) || !same(c->dir, archive_dir)) {
		cache_empty(c);
		c->log_file = xstrdup(log_file);
		c->dir = archive_dir != NULL ? xstrdup(archive_dir) : NULL;
		c->cur.path = xstrdup(log_file);
	}
	lf_scan(c, lf_update_current(c));
	lf_drop(c, &c->rotated); /* no archive took it */
	return q;
}

struct lslog_query *
lslog_query_warm(struct lslog_cache *c, const char *log_file, const char *archive_dir, time_t lo,
    time_t hi)
{
	struct lslog_query *q = lslog_query_new(c, log_file, archive_dir, lo, hi, 0);

	q->warm = 1;
	return q;
}

/* the archive to look at next, found again if the list was made anew; NULL: none */
static struct lf *
query_archive(struct lslog_query *q)
{
	struct lslog_cache *c = q->c;
	size_t i;

	if (q->next == NULL)
		return NULL;
	if (q->i == 0 || q->i > c->narch || strcmp(c->arch[q->i - 1].path, q->next) != 0) {
		for (i = c->narch; i > 0 && strcmp(c->arch[i - 1].path, q->next) != 0; i--)
			;
		q->i = i;
	}
	return q->i > 0 ? &c->arch[q->i - 1] : NULL;
}

/* move on to the next older archive */
static void
query_advance(struct lslog_query *q)
{
	free(q->next);
	q->next = --q->i > 0 ? xstrdup(q->c->arch[q->i - 1].path) : NULL;
}

/* one archive's part of the query; 0 when the budget ran out in it */
static int
query_one_archive(struct lslog_query *q, struct lf *f, size_t *budget)
{
	struct lslog_cache *c = q->c;

	if (!f->indexed) {
		lf_index(c, f);
		*budget -= LF_EDGE < *budget ? LF_EDGE : *budget;
	}
	if (f->first == 0 || (q->hi != 0 && f->first > q->hi))
		return 1;
	if (f->last >= q->lo) {
		if (!f->whole) {
			int got;

			if (f->b == NULL)
				c->info.loads++;
			if ((got = lf_read(c, f, 1, budget)) == 0)
				return 0;
			f->whole = got > 0;
		}
		take(q->r, f->b, q->lo, q->hi, q->max);
	}
	if (f->first < q->lo)
		q->stage = LQ_DONE;
	return 1;
}

int
lslog_query_step(struct lslog_query *q, size_t budget)
{
	struct lslog_cache *c = q->c;
	struct lf *f;

	if (q->stage == LQ_CURRENT) {
		/* nothing new in it: not even opened */
		if ((c->cur.b == NULL || c->cur_size != c->cur.off) &&
		    lf_read(c, &c->cur, 0, &budget) == 0)
			return 0;
		if (c->cur.b != NULL && (q->hi == 0 || c->cur.first <= q->hi))
			take(q->r, c->cur.b, q->lo, q->hi, q->max);
		q->stage = LQ_ARCHIVES;
		q->i = c->narch + 1;
		q->next = xstrdup("");
		query_advance(q);
	}
	while (q->stage == LQ_ARCHIVES && (q->warm || q->r->n < q->max) &&
	    (f = query_archive(q)) != NULL) {
		if (budget == 0 || !query_one_archive(q, f, &budget))
			return 0;
		query_advance(q);
	}
	if (!q->ended && c != NULL && q->own == NULL && !q->warm)
		cache_trim(c);
	q->stage = LQ_DONE;
	q->ended = 1;
	return 1;
}

struct lslog_rows *
lslog_query_rows(const struct lslog_query *q)
{
	return q->r;
}

void
lslog_query_free(struct lslog_query *q)
{
	if (q == NULL)
		return;
	lslog_rows_free(q->r);
	lslog_cache_free(q->own);
	free(q->next);
	free(q);
}

struct lslog_rows *
lslog_cache_read(struct lslog_cache *c, const char *log_file, const char *archive_dir, time_t lo,
    time_t hi, size_t max)
{
	struct lslog_query *q = lslog_query_new(c, log_file, archive_dir, lo, hi, max);
	struct lslog_rows *r;

	while (!lslog_query_step(q, SIZE_MAX))
		;
	r = q->r;
	q->r = NULL;
	lslog_query_free(q);
	return r;
}

struct lslog_rows *
lslog_read(const char *log_file, const char *archive_dir, time_t lo, time_t hi, size_t max)
{
	return lslog_cache_read(NULL, log_file, archive_dir, lo, hi, max);
}

void
lslog_rows_free(struct lslog_rows *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->npins; i++)
		block_unref(r->pins[i]);
	free(r->pins);
	free(r->v);
	arena_free(r->a);
	free(r);
}

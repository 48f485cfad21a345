/*
 * lslog: the log table's rows: nagios.log lines taken apart as
 * naemon-livestatus takes them (its class, type, host, service, state,
 * state type, attempt, contact, command, output and comment), and the
 * files they come from (the current log and the archives in
 * log_archive_path, nagios-MM-DD-YYYY-HH.log), read newest first and only
 * as far back as the query's time bounds reach.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSLOG_H
#define JAQUE_LSLOG_H

#include <stddef.h>
#include <time.h>

struct arena;

enum lslog_class {
	LSLOG_INFO = 0,
	LSLOG_ALERT = 1,
	LSLOG_PROGRAM = 2,
	LSLOG_NOTIFICATION = 3,
	LSLOG_PASSIVE = 4,
	LSLOG_COMMAND = 5,
	LSLOG_STATE = 6,
};

struct lslog_entry {
	time_t time;
	long lineno;
	int class;
	int state;
	int attempt;
	const char *message;  /* the whole line */
	const char *type;     /* "SERVICE ALERT"; the text itself for untyped lines */
	const char *options;  /* after the first ": " */
	const char *host;     /* "" when none */
	const char *svc;
	const char *contact;
	const char *command;
	const char *state_type;
	const char *output;
	const char *comment;
};

/*
 * Take line (len bytes, no newline) apart into e; every string is copied
 * into a.  Returns 0, or -1 for a line that is no log entry (no
 * "[0123456789] " prefix).
 */
int lslog_parse(struct lslog_entry *e, const char *line, size_t len, long lineno,
    struct arena *a);

struct lslog_block;

/*
 * The entries of a query, newest first: v[i] is the i-th.  The entries
 * are the cache's, held by the rows until lslog_rows_free whatever the
 * cache does meanwhile; they must not be changed.  a is an arena the
 * rows' user may allocate in; it dies with the rows.
 */
struct lslog_rows {
	const struct lslog_entry **v;
	size_t n;
	struct arena *a;
	struct lslog_block **pins;  /* private: the cached files' entries v uses */
	size_t npins;
};

/*
 * The cache of the files' entries (lslog_files.c), one per process: each
 * archive (nagios-MM-DD-YYYY-HH.log in log_archive_path, never written
 * again) is taken apart once, when a query first reaches into its time
 * span, which is known from its first and last lines; the current log is
 * read on from where the last query stopped (a new inode or a shorter
 * file: rotated or replaced, read again from the start; the rotated
 * file's entries go with it into the archive it became).  At most max
 * entries are kept: past that the oldest archives' entries are dropped,
 * to be read again by a query that needs them.
 */
#define LSLOG_CACHE_MAX 500000 /* naemon-livestatus's max_cached_messages */

struct lslog_cache;

/* a cache keeping at most max entries (0: LSLOG_CACHE_MAX) */
struct lslog_cache *lslog_cache_new(size_t max);
void lslog_cache_set_max(struct lslog_cache *c, size_t max);
/* frees the cache; rows still out keep their entries */
void lslog_cache_free(struct lslog_cache *c);

/*
 * Read the entries with lo <= time <= hi (hi 0: no upper bound) from
 * log_file and the archives in archive_dir (may be NULL), newest first,
 * at most max of them, through the cache c (NULL: none, the files are
 * read for this query alone).  Files wholly outside the bounds are not
 * read.  Returns the rows (free with lslog_rows_free).  A change of
 * log_file or archive_dir empties the cache.
 */
struct lslog_rows *lslog_cache_read(struct lslog_cache *c, const char *log_file,
    const char *archive_dir, time_t lo, time_t hi, size_t max);
/*
 * The same in steps, so that reading a big file does not hold the
 * caller up: lslog_query_new looks at the files (which changed, which
 * are there), each lslog_query_step reads about budget bytes of them and
 * returns 1 once the rows are made, 0 while files remain to be read.  The
 * rows (lslog_query_rows) are the query's, complete after the step that
 * returned 1; lslog_query_free frees them.  The cache must outlive the
 * query; other queries may use it between the steps.
 */
struct lslog_query;
struct lslog_query *lslog_query_new(struct lslog_cache *c, const char *log_file,
    const char *archive_dir, time_t lo, time_t hi, size_t max);
int lslog_query_step(struct lslog_query *q, size_t budget);
/*
 * A query that only brings the files with entries in [lo, hi] into the
 * cache c (which must not be NULL), in steps as above, and makes no rows;
 * the cache is not trimmed at its end, so that the reads it prepares find
 * what it loaded.
 */
struct lslog_query *lslog_query_warm(struct lslog_cache *c, const char *log_file,
    const char *archive_dir, time_t lo, time_t hi);
struct lslog_rows *lslog_query_rows(const struct lslog_query *q);
void lslog_query_free(struct lslog_query *q);

/* the same without a cache */
struct lslog_rows *lslog_read(const char *log_file, const char *archive_dir, time_t lo,
    time_t hi, size_t max);
void lslog_rows_free(struct lslog_rows *r);

/* what the cache did so far, for tests and reports */
struct lslog_cache_info {
	size_t entries;          /* entries kept */
	size_t files_loaded;     /* archives whose entries are kept */
	unsigned long loads;     /* archives taken apart (again) */
	unsigned long indexed;   /* archives whose time span was read */
	unsigned long bytes;     /* bytes of log taken apart */
};
void lslog_cache_info(const struct lslog_cache *c, struct lslog_cache_info *out);

#endif

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

/* the entries of a query, newest first */
struct lslog_rows {
	struct lslog_entry *v;
	size_t n;
	struct arena *a;
};

/*
 * Read the entries with lo <= time <= hi (hi 0: no upper bound) from
 * log_file and the archives in archive_dir (may be NULL), newest first,
 * at most max of them; files wholly outside the bounds are not read.
 * Returns the rows (free with lslog_rows_free).
 */
struct lslog_rows *lslog_read(const char *log_file, const char *archive_dir, time_t lo,
    time_t hi, size_t max);
void lslog_rows_free(struct lslog_rows *r);

#endif

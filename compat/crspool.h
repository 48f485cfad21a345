/*
 * crspool: the check result spool directory (check_result_path) that
 * addons fill with files as Nagios 4.4.6 reads them
 * (process_check_result_queue and process_check_result_file): a result
 * file is named "c" plus six characters, holds "key=value" lines (records
 * separated by blank lines), and is taken only once its marker
 * "<name>.ok" exists.  A file whose mtime or file_time is older than
 * max_check_result_file_age is deleted unread; a read file is deleted
 * with its marker.  Output has "\n" and "\\" escaped.
 *
 * crspool_scan reads what is there now and hands each complete record
 * (host_name and output present) to the callback; the daemon calls it
 * every check_result_reaper_frequency seconds.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CRSPOOL_H
#define JAQUE_CRSPOOL_H

#include <stddef.h>
#include <time.h>

struct crspool_result {
	const char *host;
	const char *svc;        /* NULL: a host result */
	const char *output;     /* unescaped: may hold '\n' */
	int check_type;         /* 0 active, 1 passive */
	int return_code;
	int exited_ok;
	int early_timeout;
	double latency;
	double start_time;      /* seconds since the epoch, 0 when absent */
	double finish_time;
};

struct crspool_stats {
	unsigned files;         /* files read */
	unsigned results;       /* records handed out */
	unsigned stale;         /* files deleted for their age */
	unsigned failed;        /* files that could not be read */
};

/*
 * Read the spool directory dir at time now (max_age 0: no age limit; at
 * most max_seconds of work, 0: no limit).  Returns 0, or -1 when dir
 * cannot be opened.
 */
int crspool_scan(const char *dir, time_t now, unsigned long max_age, int max_seconds,
    void (*cb)(void *arg, const struct crspool_result *r), void *arg, struct crspool_stats *st);

/*
 * The text of one result file (NUL-terminated, changed in place: the
 * strings handed to cb point into it), read as crspool_scan reads a file
 * it found: each complete record goes to cb.  Returns the records handed
 * out, or CRSPOOL_STALE (nothing handed out) when a file_time line makes
 * the file older than max_age at now.
 */
#define CRSPOOL_STALE (-2)
int crspool_parse(char *buf, time_t now, unsigned long max_age,
    void (*cb)(void *arg, const struct crspool_result *r), void *arg);

/* undo the spool's escaping ("\\n" newline, "\\\\" backslash) in place; returns the length */
size_t crspool_unescape(char *s);

#endif

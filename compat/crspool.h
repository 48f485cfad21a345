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
 * every check_result_reaper_frequency seconds.  A caller that must make
 * the records durable before the files go (the command journal) takes
 * each read file's path instead and removes it later (crspool_remove).
 * A record also travels as one line of text without '\n'
 * (crspool_encode, crspool_decode): that is how the journal keeps it.
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
	/* the file it came from: "name:inode:size:mtime" (mtime to the
	 * nanosecond), so that one read before a crash is known again; NULL
	 * when unknown */
	const char *file;
};

struct crspool_stats {
	unsigned files;         /* files read */
	unsigned results;       /* records handed out */
	unsigned stale;         /* files deleted for their age */
	unsigned failed;        /* files that could not be read */
};

/*
 * Read the spool directory dir at time now (max_age 0: no age limit; at
 * most max_seconds of work, 0: no limit).  A file read is deleted with its
 * marker, unless taken is not NULL: then its path goes to taken, and the
 * caller deletes it (crspool_remove) when it is done with the records.
 * Stale and unreadable files are always deleted here.  Returns 0, or -1
 * when dir cannot be opened.
 */
int crspool_scan(const char *dir, time_t now, unsigned long max_age, int max_seconds,
    void (*cb)(void *arg, const struct crspool_result *r),
    void (*taken)(void *arg, const char *path), void *arg, struct crspool_stats *st);
/* delete a result file and its marker */
void crspool_remove(const char *path);

/*
 * The record as one line (heap, no '\n'): fields separated by ';', with
 * '\\', '\n' and ';' escaped in the file, the names and the output.
 */
char *crspool_encode(const struct crspool_result *r);
/* read back what crspool_encode made, in place (r points into text);
 * 0, or -1 when text is not such a line */
int crspool_decode(char *text, struct crspool_result *r);

/*
 * The text of one result file (NUL-terminated, changed in place: the
 * strings handed to cb point into it), read as crspool_scan reads a file
 * it found: each complete record goes to cb, with file (what the
 * records' file says they came from).  Returns the records handed out, or
 * CRSPOOL_STALE (nothing handed out) when a file_time line makes the file
 * older than max_age at now.
 */
#define CRSPOOL_STALE (-2)
int crspool_parse(char *buf, const char *file, time_t now, unsigned long max_age,
    void (*cb)(void *arg, const struct crspool_result *r), void *arg);

/* undo the spool's escaping ("\\n" newline, "\\\\" backslash) in place; returns the length */
size_t crspool_unescape(char *s);

#endif

/*
 * nagioslog: nagios.log, its lines in Nagios 4.4.6's wording, and its
 * rotation.
 *
 * Every line is "[epoch] text\n", written whole with one write(2) on an
 * O_APPEND descriptor, so readers never see half a line.  Rotation
 * follows log_rotation_method (h, d, w, m at the hour, midnight, Sunday
 * midnight, the first of the month): the file is renamed into
 * log_archive_path as nagios-MM-DD-YYYY-HH.log (the hour being rotated
 * at), a new file opened, and "LOG ROTATION: <METHOD>" and
 * "LOG VERSION: 2.0" lines begin it; the caller is told so it can log the
 * current states again (nlog_rotate_due).  The engine formats no log line
 * itself: every wording lives here.
 *
 * Each line may also go to two more places, as Nagios's logit() sends it
 * (base/logging.c): to syslog when use_syslog is on (every line, without
 * the "[epoch] " prefix; compat/syslogout.h), and, when jaque runs in the
 * foreground, to the console: the lines Nagios logs with display=TRUE
 * (start-up, shutdown, signals, every "Error:" and "Warning:" line, ...;
 * nlog_displayed says which), as Nagios prints them, without the prefix.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NAGIOSLOG_H
#define JAQUE_NAGIOSLOG_H

#include <stdarg.h>
#include <time.h>

struct nlog;
struct syslogout;

/* path NULL: logging is off (every call is a no-op). Returns NULL with
 * errno set when the file cannot be opened. */
struct nlog *nlog_open(const char *path, int rotation_method, const char *archive_path);
void nlog_close(struct nlog *l);
/* reopen after a reload or a failed write */
int nlog_reopen(struct nlog *l);
/* a logger appending to path only when that file exists (NULL otherwise) */
struct nlog *nlog_open_existing(const char *path);

/* every line also to syslog (borrowed; NULL: none) */
void nlog_set_syslog(struct nlog *l, struct syslogout *s);
/* fn(arg) is called as each line is written (NULL: no more) */
typedef void nlog_line_fn(void *arg);
void nlog_set_notify(struct nlog *l, nlog_line_fn *fn, void *arg);
/* the lines Nagios shows on its console also to fd (-1: none) */
void nlog_set_console(struct nlog *l, int fd);
/* 1 when Nagios 4.4.6 prints a line with this text to its console */
int nlog_displayed(const char *text);

/* "[t] " + formatted text + "\n" */
void nlog_printf(struct nlog *l, time_t t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * The time of the next rotation after `now` for the configured method,
 * 0 for none.  nlog_rotate renames and reopens, writing the two header
 * lines with time `now`; returns 0 or -1 (logged as a warning line in
 * the old file).
 */
time_t nlog_next_rotation(const struct nlog *l, time_t now);
int nlog_rotate(struct nlog *l, time_t now);

/* Nagios's lines (each takes the time of the event) */
void nlog_service_alert(struct nlog *l, time_t t, const char *host, const char *svc,
    const char *state, const char *type, int attempt, const char *output);
void nlog_host_alert(struct nlog *l, time_t t, const char *host, const char *state,
    const char *type, int attempt, const char *output);
/* "CURRENT SERVICE STATE:" / "INITIAL SERVICE STATE:" (initial: 1) */
void nlog_service_state(struct nlog *l, time_t t, int initial, const char *host,
    const char *svc, const char *state, const char *type, int attempt, const char *output);
void nlog_host_state(struct nlog *l, time_t t, int initial, const char *host,
    const char *state, const char *type, int attempt, const char *output);
/*
 * Nagios's warnings about one check (kind: enum check_warning of
 * engine/check/result.h); svc NULL for a host check.
 */
void nlog_check_warning(struct nlog *l, time_t t, int kind, const char *host, const char *svc,
    double exec_time, int rc);
/* "The results of service ... are stale by ..." (svc NULL: a host) */
void nlog_stale(struct nlog *l, time_t t, const char *host, const char *svc, long stale,
    long threshold);
/* a worker process died (jaque's own line: Nagios's workers are its own business) */
void nlog_worker_lost(struct nlog *l, time_t t, long pid, const char *why, size_t jobs);
/* a worker process stopped answering (pool.h's worker_stuck), in the style of
 * Nagios's "wproc: ..." lines about its workers ("Core Worker PID") */
void nlog_worker_stuck(struct nlog *l, time_t t, long pid, double quiet, size_t moved,
    size_t left);
/* "PASSIVE SERVICE CHECK: host;svc;state;output" (svc NULL: the HOST form);
 * Nagios prints the state and output the object had before the result */
void nlog_passive(struct nlog *l, time_t t, const char *host, const char *svc, int state,
    const char *output);
/* a system time change of n seconds (negative: backwards), as Nagios
 * 4.4.6 logs it before compensating (base/events.c,
 * compensate_for_system_time_change) */
void nlog_time_change(struct nlog *l, time_t t, long n);
/* "Warning: ..." lines (the text after "Warning: ") */
void nlog_warning(struct nlog *l, time_t t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

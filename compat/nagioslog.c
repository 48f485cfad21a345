/*
 * nagioslog: nagios.log (see nagioslog.h).
 *
 * Each line is formatted into one buffer and written with one write(2)
 * on an O_APPEND descriptor: a reader (the CGIs, log tailers) never sees
 * half a line, and nothing sits in a stdio buffer when jaque is killed.
 * A line longer than the buffer (8 KiB) is cut; Nagios never cuts one,
 * but a plugin's first line longer than that is rare and this keeps
 * each line to one bounded write.
 * The file is created 0644 and must be a regular file with one link,
 * as Nagios insists (O_NOFOLLOW).  Rotation renames the file into the
 * archive directory under the name Nagios uses and never overwrites an
 * archive that exists.
 * The syslog and console copies get the text after "[epoch] " (the syslog
 * one with the '\n' some of Nagios's lines keep there, nlog_syslog_nl); the
 * console one is a single write(2) too, unbuffered: journald sees each line
 * when it is logged (Nagios's stdio buffer holds them when stdout is a pipe);
 * it is skipped when the console would block (a full pipe).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/maincfg.h"
#include "compat/nagioslog.h"
#include "compat/syslogout.h"
#include "engine/check/result.h"
#include "engine/util/xalloc.h"

#define NLOG_LINE_MAX 8192

struct nlog {
	char *path;
	char *archive;
	int method;
	int fd;
	int console;               /* -1: none */
	struct syslogout *syslog;  /* borrowed, NULL: none */
	nlog_line_fn *on_line;     /* told of every line (NULL: nobody) */
	void *on_line_arg;
};

static int
nlog_open_fd(const char *path)
{
	struct stat st;
	int fd;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || st.st_nlink != 1 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	return fd;
}

struct nlog *
nlog_open(const char *path, int rotation_method, const char *archive_path)
{
	struct nlog *l = xcalloc(1, sizeof(*l));

	l->fd = -1;
	l->console = -1;
	l->method = rotation_method;
	if (path == NULL)
		return l;
	l->path = xstrdup(path);
	l->archive = archive_path != NULL ? xstrdup(archive_path) : NULL;
	l->fd = nlog_open_fd(path);
	if (l->fd < 0) {
		int e = errno;

		nlog_close(l);
		errno = e;
		return NULL;
	}
	return l;
}

void
nlog_close(struct nlog *l)
{
	if (l == NULL)
		return;
	if (l->fd >= 0)
		close(l->fd);
	free(l->path);
	free(l->archive);
	free(l);
}

int
nlog_reopen(struct nlog *l)
{
	int fd;

	if (l == NULL || l->path == NULL)
		return 0;
	fd = nlog_open_fd(l->path);
	if (fd < 0)
		return -1;
	if (l->fd >= 0)
		close(l->fd);
	l->fd = fd;
	return 0;
}

struct nlog *
nlog_open_existing(const char *path)
{
	struct stat st;

	if (path == NULL || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return NULL;
	return nlog_open(path, 0, NULL);
}

void
nlog_set_syslog(struct nlog *l, struct syslogout *s)
{
	if (l != NULL)
		l->syslog = s;
}

void
nlog_set_notify(struct nlog *l, nlog_line_fn *fn, void *arg)
{
	if (l == NULL)
		return;
	l->on_line = fn;
	l->on_line_arg = arg;
}

void
nlog_set_console(struct nlog *l, int fd)
{
	if (l != NULL)
		l->console = fd;
}

/*
 * What Nagios 4.4.6 logs with display=TRUE (logit's second argument), as
 * patterns over the text jaque logs.  Almost every "Error:" and "Warning:"
 * line is one (base/checks.c, commands.c, utils.c, workers.c, xdata/); the
 * rest are the process lines of base/nagios.c, events.c and utils.c.  The
 * lines of jaque's own that stand where Nagios prints one are here too:
 * its start-up line, the configuration errors at a reload (Nagios's
 * "Bailing out due to ..."), a worker process lost (Nagios's "wproc: ...").
 * Not shown, as in Nagios: ALERT, NOTIFICATION, EXTERNAL COMMAND, PASSIVE,
 * DOWNTIME, FLAPPING, STATE lines and the log file's own headers.
 */
static const char *const nlog_shown[] = {
	"Error: *",
	"Warning: *",
	"WARNING: *",
	"jaque * starting... (PID=*)",
	"jaque: the configuration has * error*",
	"Local time is *",
	"Caught SIG*",
	"Successfully shutdown... (PID=*)",
	"PROGRAM_SHUTDOWN event encountered, shutting down...",
	"PROGRAM_RESTART event encountered, restarting...",
	"External command * returned error *",
	"Lockfile *",
	"Bailing out due to *",
	"Failed to *",
	"Cannot lock lockfile *",
	"Unable to *",
	"wproc: Core Worker * seems to be stuck *",
	NULL
};

/* "Error:" lines Nagios logs without showing them (base/commands.c) */
static const char *const nlog_hidden[] = {
	"Error: Cannot open file '*' to process external commands!",
	NULL
};

static int
nlog_matches(const char *const *pats, const char *text)
{
	size_t i;

	for (i = 0; pats[i] != NULL; i++) {
		if (fnmatch(pats[i], text, 0) == 0)
			return 1;
	}
	return 0;
}

int
nlog_displayed(const char *text)
{
	return nlog_matches(nlog_shown, text) && !nlog_matches(nlog_hidden, text);
}

/*
 * The lines Nagios formats with a '\n' at the end and hands to
 * write_to_all_logs() as they are: its nagios.log copy loses the '\n'
 * (write_to_log strips it), its syslog copy keeps it (base/logging.c
 * log_service_event, log_host_event, log_*_states, rotate_log_file,
 * write_log_file_info; base/notifications.c; base/commands.c).  Every
 * other line comes through logit(), which strips it first.
 */
static const char *const nlog_syslog_nl[] = {
	"SERVICE ALERT: ", "HOST ALERT: ",
	"INITIAL HOST STATE: ", "INITIAL SERVICE STATE: ",
	"CURRENT HOST STATE: ", "CURRENT SERVICE STATE: ",
	"LOG ROTATION: ", "LOG VERSION: ",
	"SERVICE NOTIFICATION: ", "HOST NOTIFICATION: ",
	"EXTERNAL COMMAND: ",
	NULL
};

static int
nlog_syslog_newline(const char *text)
{
	size_t i;

	for (i = 0; nlog_syslog_nl[i] != NULL; i++) {
		if (strncmp(text, nlog_syslog_nl[i], strlen(nlog_syslog_nl[i])) == 0)
			return 1;
	}
	return 0;
}

/* the console takes a line now: a pipe nobody reads (or a stalled
 * journald) loses the line instead of stopping the loop */
static int
nlog_console_ready(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLOUT) != 0;
}

static void
nlog_vwrite(struct nlog *l, time_t t, const char *prefix, const char *fmt, va_list ap)
{
	char buf[NLOG_LINE_MAX];
	int n, m, head, shown;

	if (l == NULL || (l->fd < 0 && l->syslog == NULL && l->console < 0))
		return;
	if (l->on_line != NULL)
		l->on_line(l->on_line_arg);
	n = snprintf(buf, sizeof(buf), "[%lld] ", (long long)t);
	head = n;
	n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s", prefix);
	m = vsnprintf(buf + n, sizeof(buf) - (size_t)n - 1, fmt, ap);
	if (m < 0)
		m = 0;
	n += m;
	if ((size_t)n > sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	/* the copies take the text alone (NUL-terminated here for a moment) */
	buf[n] = '\0';
	if (l->syslog != NULL) {
		int nl = nlog_syslog_newline(buf + head);

		if (nl) {
			buf[n] = '\n';
			buf[n + 1] = '\0';
		}
		(void)syslogout_send(l->syslog, buf + head);
		buf[n] = '\0';
	}
	shown = l->console >= 0 && nlog_displayed(buf + head);
	buf[n++] = '\n';
	if (shown && nlog_console_ready(l->console))
		(void)!write(l->console, buf + head, (size_t)(n - head));
	if (l->fd < 0)
		return;
	/* one write per line; a failed or short write is retried once after a reopen */
	if (write(l->fd, buf, (size_t)n) != n && nlog_reopen(l) == 0)
		(void)!write(l->fd, buf, (size_t)n);
}

void
nlog_printf(struct nlog *l, time_t t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	nlog_vwrite(l, t, "", fmt, ap);
	va_end(ap);
}

void
nlog_warning(struct nlog *l, time_t t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	nlog_vwrite(l, t, "Warning: ", fmt, ap);
	va_end(ap);
}

void
nlog_time_change(struct nlog *l, time_t t, long n)
{
	long a = n < 0 ? -n : n;

	/* two spaces before "Compensating", as Nagios writes it */
	nlog_warning(l, t, "A system time change of %ld seconds (%ldd %ldh %ldm %lds %s in time) "
	    "has been detected.  Compensating...", n, a / 86400, a % 86400 / 3600, a % 3600 / 60,
	    a % 60, n < 0 ? "backwards" : "forwards");
}

static const char *
nlog_method_name(int method)
{
	switch (method) {
	case MAINCFG_ROT_HOURLY:
		return "HOURLY";
	case MAINCFG_ROT_DAILY:
		return "DAILY";
	case MAINCFG_ROT_WEEKLY:
		return "WEEKLY";
	case MAINCFG_ROT_MONTHLY:
		return "MONTHLY";
	default:
		return NULL;
	}
}

time_t
nlog_next_rotation(const struct nlog *l, time_t now)
{
	struct tm tm;

	if (l == NULL || l->path == NULL || nlog_method_name(l->method) == NULL)
		return 0;
	localtime_r(&now, &tm);
	tm.tm_sec = 0;
	tm.tm_min = 0;
	switch (l->method) {
	case MAINCFG_ROT_HOURLY:
		tm.tm_hour++;
		break;
	case MAINCFG_ROT_DAILY:
		tm.tm_hour = 0;
		tm.tm_mday++;
		break;
	case MAINCFG_ROT_WEEKLY:
		tm.tm_hour = 0;
		tm.tm_mday += 7 - tm.tm_wday;
		break;
	default:
		tm.tm_hour = 0;
		tm.tm_mday = 1;
		tm.tm_mon++;
		break;
	}
	tm.tm_isdst = -1;
	return mktime(&tm);
}

int
nlog_rotate(struct nlog *l, time_t now)
{
	const char *method;
	struct stat st, ast;
	struct tm tm;
	char name[4096];
	size_t alen;
	int have_st;

	if (l == NULL || l->path == NULL || (method = nlog_method_name(l->method)) == NULL)
		return 0;
	if (l->archive == NULL) {
		nlog_warning(l, now, "log_archive_path is not set; the log is not rotated");
		return -1;
	}
	localtime_r(&now, &tm);
	alen = strlen(l->archive);
	snprintf(name, sizeof(name), "%s%snagios-%02d-%02d-%d-%02d.log", l->archive,
	    alen > 0 && l->archive[alen - 1] == '/' ? "" : "/", tm.tm_mon + 1, tm.tm_mday,
	    tm.tm_year + 1900, tm.tm_hour);
	/* never overwrite an archive: a rotation done once already stays done */
	if (stat(name, &ast) == 0 || errno != ENOENT)
		return 0;
	have_st = stat(l->path, &st) == 0;
	if (rename(l->path, name) < 0) {
		nlog_warning(l, now, "Unable to rotate log file '%s' to '%s': %s", l->path, name,
		    strerror(errno));
		return -1;
	}
	if (nlog_reopen(l) < 0)
		return -1;
	if (have_st) {
		(void)!fchmod(l->fd, st.st_mode & 07777);
		(void)!fchown(l->fd, st.st_uid, st.st_gid);
	}
	nlog_printf(l, now, "LOG ROTATION: %s", method);
	nlog_printf(l, now, "LOG VERSION: 2.0");
	return 0;
}

void
nlog_service_alert(struct nlog *l, time_t t, const char *host, const char *svc, const char *state,
    const char *type, int attempt, const char *output)
{
	nlog_printf(l, t, "SERVICE ALERT: %s;%s;%s;%s;%d;%s", host, svc, state, type, attempt,
	    output != NULL ? output : "");
}

void
nlog_host_alert(struct nlog *l, time_t t, const char *host, const char *state, const char *type,
    int attempt, const char *output)
{
	nlog_printf(l, t, "HOST ALERT: %s;%s;%s;%d;%s", host, state, type, attempt,
	    output != NULL ? output : "");
}

void
nlog_service_state(struct nlog *l, time_t t, int initial, const char *host, const char *svc,
    const char *state, const char *type, int attempt, const char *output)
{
	nlog_printf(l, t, "%s SERVICE STATE: %s;%s;%s;%s;%d;%s", initial ? "INITIAL" : "CURRENT",
	    host, svc, state, type, attempt, output != NULL ? output : "");
}

void
nlog_host_state(struct nlog *l, time_t t, int initial, const char *host, const char *state,
    const char *type, int attempt, const char *output)
{
	nlog_printf(l, t, "%s HOST STATE: %s;%s;%s;%d;%s", initial ? "INITIAL" : "CURRENT", host,
	    state, type, attempt, output != NULL ? output : "");
}

void
nlog_check_warning(struct nlog *l, time_t t, int kind, const char *host, const char *svc,
    double exec_time, int rc)
{
	switch (kind) {
	case CHECK_WARN_TIMEOUT:
		if (svc != NULL)
			nlog_warning(l, t, "Check of service '%s' on host '%s' timed out after %.3fs!",
			    svc, host, exec_time);
		else
			nlog_warning(l, t, "Check of host '%s' timed out after %.2f seconds", host,
			    exec_time);
		break;
	case CHECK_WARN_RC126:
	case CHECK_WARN_RC127:
		if (svc != NULL)
			nlog_warning(l, t, "Return code of %d for service '%s' on host '%s' may "
			    "indicate %s", rc, svc, host, kind == CHECK_WARN_RC126 ?
			    "a non-executable plugin." : "this plugin doesn't exist.");
		else
			nlog_warning(l, t, "Return code of %d for host '%s' may indicate %s", rc, host,
			    kind == CHECK_WARN_RC126 ? "a non-executable plugin." :
			    "this plugin doesn't exist.");
		break;
	case CHECK_WARN_BOUNDS:
		if (svc != NULL)
			nlog_warning(l, t, "Return code of %d for check of service '%s' on host '%s' "
			    "was out of bounds.", rc, svc, host);
		else
			nlog_warning(l, t, "Return code of %d for check of host '%s' was out of "
			    "bounds.", rc, host);
		break;
	case CHECK_WARN_LOST:
		if (svc != NULL)
			nlog_warning(l, t, "The check of service '%s' on host '%s' was lost: the "
			    "worker process running it died. It will run again.", svc, host);
		else
			nlog_warning(l, t, "The check of host '%s' was lost: the worker process "
			    "running it died. It will run again.", host);
		break;
	case CHECK_WARN_NOT_EXITED:
		/* two blanks after "Warning:", as Nagios writes this one */
		if (svc != NULL)
			nlog_warning(l, t, " Check of service '%s' on host '%s' did not exit "
			    "properly!", svc, host);
		else
			nlog_warning(l, t, " Check of host '%s' did not exit properly!", host);
		break;
	default:
		break;
	}
}

void
nlog_passive(struct nlog *l, time_t t, const char *host, const char *svc, int state,
    const char *output)
{
	if (svc != NULL)
		nlog_printf(l, t, "PASSIVE SERVICE CHECK: %s;%s;%d;%s", host, svc, state, output);
	else
		nlog_printf(l, t, "PASSIVE HOST CHECK: %s;%d;%s", host, state, output);
}

void
nlog_stale(struct nlog *l, time_t t, const char *host, const char *svc, long stale,
    long threshold)
{
	if (svc != NULL)
		nlog_warning(l, t, "The results of service '%s' on host '%s' are stale by "
		    "%ldd %ldh %ldm %lds (threshold=%ldd %ldh %ldm %lds).  I'm forcing an immediate "
		    "check of the service.", svc, host, stale / 86400, stale % 86400 / 3600,
		    stale % 3600 / 60, stale % 60, threshold / 86400, threshold % 86400 / 3600,
		    threshold % 3600 / 60, threshold % 60);
	else
		nlog_warning(l, t, "The results of host '%s' are stale by %ldd %ldh %ldm %lds "
		    "(threshold=%ldd %ldh %ldm %lds).  I'm forcing an immediate check of the host.",
		    host, stale / 86400, stale % 86400 / 3600, stale % 3600 / 60, stale % 60,
		    threshold / 86400, threshold % 86400 / 3600, threshold % 3600 / 60,
		    threshold % 60);
}

void
nlog_worker_stuck(struct nlog *l, time_t t, long pid, double quiet, size_t moved, size_t left)
{
	nlog_printf(l, t, "wproc: Core Worker %ld seems to be stuck (no answer for %.1f "
	    "seconds); %zu job(s) moved to other workers, %zu left to time out; it is "
	    "killed and replaced", pid, quiet, moved, left);
}

void
nlog_worker_lost(struct nlog *l, time_t t, long pid, const char *why, size_t jobs)
{
	nlog_warning(l, t, "jaque: worker process %ld died (%s) with %zu check(s) running; "
	    "starting a new one", pid, why, jobs);
}

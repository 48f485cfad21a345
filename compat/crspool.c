/*
 * crspool: see crspool.h.  A file is read whole (capped at 16 MiB; a
 * bigger one is deleted as unreadable), looked through for a file_time
 * that makes it too old (Nagios stops at that line and has already
 * processed the records above it; here a stale file is read by nobody),
 * then parsed record by record (crspool_parse, which the fuzz target
 * tests/fuzz/fuzz_crspool.c calls with its input).  Ages are compared
 * without signed overflow: a time in the future is not old, and neither
 * is a file_time too big for time_t.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/crspool.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

#define CRSPOOL_FILE_MAX (16u * 1024u * 1024u)
#define CRSPOOL_TIME_MAX (1ul << 53)

size_t
crspool_unescape(char *s)
{
	char *r = s, *w = s;

	while (*r != '\0') {
		if (r[0] == '\\' && r[1] == 'n') {
			*w++ = '\n';
			r += 2;
		} else if (r[0] == '\\' && r[1] == '\\') {
			*w++ = '\\';
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return (size_t)(w - s);
}

void
crspool_remove(const char *path)
{
	char *ok = xasprintf("%s.ok", path);

	unlink(path);
	unlink(ok);
	free(ok);
}

/* is a time t (seconds since the epoch) more than max_age before now? */
static int
crspool_older(time_t now, uintmax_t t, unsigned long max_age)
{
	if (now <= 0 || t >= (uintmax_t)now)
		return 0;
	return (uintmax_t)now - t > max_age;
}

/* does a file_time line in buf make the file too old to read? */
static int
crspool_too_old(const char *buf, time_t now, unsigned long max_age)
{
	const char *p = buf;

	if (max_age == 0)
		return 0;
	while (p != NULL) {
		if (strncmp(p, "file_time=", 10) == 0 &&
		    crspool_older(now, strtoull(p + 10, NULL, 0), max_age))
			return 1;
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return 0;
}

/*
 * A time as seconds.microseconds; 0 (absent) when the seconds are 2^53 or
 * more, which no double holds exactly and no time_t may take once the
 * microseconds are added: the daemon and engine/check/result turn the
 * value into a time_t.
 */
static double
crspool_time(const char *v)
{
	char *end;
	unsigned long sec = strtoul(v, &end, 10);
	unsigned long usec = 0;

	if (sec >= CRSPOOL_TIME_MAX)
		return 0;
	if (*end == '.')
		usec = strtoul(end + 1, NULL, 10);
	return (double)sec + (double)usec / 1e6;
}

static long
crspool_int(const char *v)
{
	return strtol(v, NULL, 10);
}

/* read the whole file; NULL when it cannot be read; *st its fstat */
static char *
crspool_slurp(const char *path, size_t *len, struct stat *stp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;
	char *buf;
	size_t got = 0;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)CRSPOOL_FILE_MAX) {
		close(fd);
		return NULL;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	*len = got;
	*stp = st;
	return buf;
}

static void
crspool_reset(struct crspool_result *r)
{
	memset(r, 0, sizeof(*r));
	r->check_type = 0; /* Nagios's init_check_result: active */
	r->exited_ok = 1;
}

int
crspool_parse(char *buf, const char *file, time_t now, unsigned long max_age,
    void (*cb)(void *, const struct crspool_result *), void *arg)
{
	struct crspool_result r;
	char *line, *next;
	int n = 0;

	if (crspool_too_old(buf, now, max_age))
		return CRSPOOL_STALE;
	crspool_reset(&r);
	r.file = file;
	for (line = buf; line != NULL; line = next) {
		char *eq;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (line[0] == '#')
			continue;
		if (line[0] == '\0') {
			if (next == NULL)
				break;
			/* a blank line ends a record */
			if (r.host != NULL && r.output != NULL) {
				cb(arg, &r);
				n++;
			}
			crspool_reset(&r);
			r.file = file;
			continue;
		}
		if ((eq = strchr(line, '=')) == NULL)
			continue;
		*eq = '\0';
		if (strcmp(line, "host_name") == 0) {
			r.host = eq + 1;
		} else if (strcmp(line, "service_description") == 0) {
			r.svc = eq + 1;
		} else if (strcmp(line, "check_type") == 0) {
			r.check_type = (int)crspool_int(eq + 1);
		} else if (strcmp(line, "latency") == 0) {
			r.latency = strtod(eq + 1, NULL);
		} else if (strcmp(line, "start_time") == 0) {
			r.start_time = crspool_time(eq + 1);
		} else if (strcmp(line, "finish_time") == 0) {
			r.finish_time = crspool_time(eq + 1);
		} else if (strcmp(line, "early_timeout") == 0) {
			r.early_timeout = (int)crspool_int(eq + 1);
		} else if (strcmp(line, "exited_ok") == 0) {
			r.exited_ok = (int)crspool_int(eq + 1);
		} else if (strcmp(line, "return_code") == 0) {
			r.return_code = (int)crspool_int(eq + 1);
		} else if (strcmp(line, "output") == 0) {
			crspool_unescape(eq + 1);
			r.output = eq + 1;
		}
	}
	if (r.host != NULL && r.output != NULL) {
		cb(arg, &r);
		n++;
	}
	return n;
}

/* one file; returns the records handed out, -1 when unreadable, or
 * CRSPOOL_STALE when its file_time is too old */
static int
crspool_file(const char *path, time_t now, unsigned long max_age,
    void (*cb)(void *, const struct crspool_result *), void *arg)
{
	size_t len;
	struct stat st;
	char *buf = crspool_slurp(path, &len, &st), *id;
	const char *base = strrchr(path, '/');
	int n;

	if (buf == NULL)
		return -1;
	/* which file this is: a name is used again, not with the same inode,
	 * size and mtime to the nanosecond */
	id = xasprintf("%s:%ju:%jd:%lld.%09ld", base != NULL ? base + 1 : path,
	    (uintmax_t)st.st_ino, (intmax_t)st.st_size, (long long)st.st_mtim.tv_sec,
	    (long)st.st_mtim.tv_nsec);
	n = crspool_parse(buf, id, now, max_age, cb, arg);
	free(id);
	free(buf);
	return n;
}

int
crspool_scan(const char *dir, time_t now, unsigned long max_age, int max_seconds,
    void (*cb)(void *arg, const struct crspool_result *r),
    void (*taken)(void *arg, const char *path), void *arg, struct crspool_stats *st)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	time_t start = time(NULL);

	memset(st, 0, sizeof(*st));
	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		struct stat sb;
		char *path, *ok;
		int n;

		if (max_seconds > 0 && time(NULL) - start > max_seconds)
			break;
		if (strlen(de->d_name) != 7 || de->d_name[0] != 'c')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(path, &sb) == -1 || !S_ISREG(sb.st_mode)) {
			free(path);
			continue;
		}
		if (max_age > 0 && sb.st_mtime < now &&
		    (uintmax_t)now - (uintmax_t)sb.st_mtime > max_age) {
			crspool_remove(path);
			st->stale++;
			free(path);
			continue;
		}
		ok = xasprintf("%s.ok", path);
		if (stat(ok, &sb) == -1) {
			free(ok);
			free(path);
			continue;
		}
		free(ok);
		n = crspool_file(path, now, max_age, cb, arg);
		if (n == CRSPOOL_STALE) {
			st->stale++;
		} else if (n < 0) {
			st->failed++;
		} else {
			st->files++;
			st->results += (unsigned)n;
		}
		if (taken != NULL && n >= 0)
			taken(arg, path);
		else
			crspool_remove(path);
		free(path);
	}
	closedir(d);
	return 0;
}

/* ---- one record as one line ---- */

#define CRSPOOL_TAG "CRSPOOL;"

/* s with '\\', '\n' and ';' escaped, at w (room for twice its length);
 * returns the end */
static char *
crspool_escape(char *w, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || *s == ';') {
			*w++ = '\\';
			*w++ = *s;
		} else if (*s == '\n') {
			*w++ = '\\';
			*w++ = 'n';
		} else {
			*w++ = *s;
		}
	}
	return w;
}

char *
crspool_encode(const struct crspool_result *r)
{
	const char *svc = r->svc != NULL ? r->svc : "";
	const char *file = r->file != NULL ? r->file : "";
	size_t cap = sizeof(CRSPOOL_TAG) + 200 +
	    2 * (strlen(file) + strlen(r->host) + strlen(svc) + strlen(r->output));
	char *buf = xmalloc(cap), *w;
	int n;

	n = snprintf(buf, cap, CRSPOOL_TAG "%c;%d;%d;%d;%d;%.6f;%.6f;%.6f;",
	    r->svc != NULL ? 'S' : 'H', r->check_type, r->return_code, r->exited_ok,
	    r->early_timeout, r->latency, r->start_time, r->finish_time);
	if (n < 0 || (size_t)n >= 200) {
		/* a double too large for its room: only a corrupt file has one */
		n = snprintf(buf, cap, CRSPOOL_TAG "%c;%d;%d;%d;%d;0;0;0;",
		    r->svc != NULL ? 'S' : 'H', r->check_type, r->return_code, r->exited_ok,
		    r->early_timeout);
	}
	w = crspool_escape(buf + n, file);
	*w++ = ';';
	w = crspool_escape(w, r->host);
	*w++ = ';';
	w = crspool_escape(w, svc);
	*w++ = ';';
	w = crspool_escape(w, r->output);
	*w = '\0';
	return buf;
}

/* unescape the field at *p in place up to an unescaped ';' (last: to the
 * end); returns the field, *p after its ';', NULL when there is none */
static char *
crspool_field(char **p, int last)
{
	char *r = *p, *w = *p, *start = *p;

	while (*r != '\0' && (last || *r != ';')) {
		if (r[0] == '\\' && r[1] != '\0') {
			*w++ = r[1] == 'n' ? '\n' : r[1];
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	if (!last && *r != ';')
		return NULL;
	*p = *r == ';' ? r + 1 : r;
	*w = '\0';
	return start;
}

int
crspool_decode(char *text, struct crspool_result *r)
{
	char *p = text, *f[12];
	int i;

	if (strncmp(p, CRSPOOL_TAG, sizeof(CRSPOOL_TAG) - 1) != 0)
		return -1;
	p += sizeof(CRSPOOL_TAG) - 1;
	for (i = 0; i < 12; i++)
		if ((f[i] = crspool_field(&p, i == 11)) == NULL)
			return -1;
	if ((f[0][0] != 'S' && f[0][0] != 'H') || f[0][1] != '\0' || f[9][0] == '\0')
		return -1;
	crspool_reset(r);
	r->check_type = (int)crspool_int(f[1]);
	r->return_code = (int)crspool_int(f[2]);
	r->exited_ok = (int)crspool_int(f[3]);
	r->early_timeout = (int)crspool_int(f[4]);
	r->latency = strtod(f[5], NULL);
	r->start_time = strtod(f[6], NULL);
	r->finish_time = strtod(f[7], NULL);
	r->file = f[8][0] != '\0' ? f[8] : NULL;
	r->host = f[9];
	r->svc = f[0][0] == 'S' ? f[10] : NULL;
	r->output = f[11];
	return 0;
}

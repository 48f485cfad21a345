/*
 * journal: see journal.h.  Files are found by listing the directory of
 * base and taking the names "<basename>.<N>", N written as journal_file
 * writes it (decimal, no sign, no leading zero, not 0).  A directory that
 * exists but cannot be listed is an error, not an empty journal: replay
 * would silently lose commands and forget could never remove anything.
 *
 * The file is written at offsets this module keeps (pwrite, no O_APPEND:
 * journal_void writes into the middle), so "off" is always the file's
 * length as far as whole lines go, and "synced" what of it the last
 * fdatasync covered.  A new file's name reaches the disk with an fsync of
 * its directory at the file's first sync: fdatasync alone makes the data
 * durable, not the entry that finds it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

struct journal {
	char *base;
	unsigned long seq;   /* number of the file being written */
	int fd;
	off_t off;           /* the current file's length (whole lines) */
	off_t synced;        /* its length at the last fdatasync */
	int dir_synced;      /* its name is on disk (the directory was synced) */
	char *stage;         /* lines staged by journal_add, not yet written */
	size_t staged, stage_cap;
	unsigned long syncs;
};

/* the directory and file name parts of base (heap) */
static void
journal_split(const char *base, char **dir, const char **name)
{
	const char *slash = strrchr(base, '/');

	if (slash == NULL) {
		*dir = xstrdup(".");
		*name = base;
	} else if (slash == base) {
		*dir = xstrdup("/");
		*name = slash + 1;
	} else {
		*dir = xstrndup(base, (size_t)(slash - base));
		*name = slash + 1;
	}
}

static int
journal_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The numbers of the files under base, sorted; returns the count (*out
 * heap, NULL when none), 0 when the directory does not exist, or -1
 * (errno) when it cannot be listed.
 */
static long
journal_list(const char *base, unsigned long **out)
{
	char *dir;
	const char *name;
	size_t nlen, n = 0, cap = 0;
	unsigned long *v = NULL;
	struct dirent *de;
	DIR *d;

	*out = NULL;
	journal_split(base, &dir, &name);
	nlen = strlen(name);
	d = opendir(dir);
	free(dir);
	if (d == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		const char *p = de->d_name;
		char *end;
		unsigned long seq;

		/* "<name>.<N>" with N from 1 up, no leading zero: "x.01" is not "x.1" */
		if (strncmp(p, name, nlen) != 0 || p[nlen] != '.' || p[nlen + 1] < '1' ||
		    p[nlen + 1] > '9')
			continue;
		errno = 0;
		seq = strtoul(p + nlen + 1, &end, 10);
		if (*end != '\0' || errno != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			v = xreallocarray(v, cap, sizeof(*v));
		}
		v[n++] = seq;
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof(*v), journal_cmp);
	*out = v;
	return (long)n;
}

static char *
journal_file(const char *base, unsigned long seq)
{
	return xasprintf("%s.%lu", base, seq);
}

static long
journal_replay_file(const char *path, void (*line)(void *, time_t, const char *, size_t),
    void *arg)
{
	FILE *fp = fopen(path, "re");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	long count = 0;
	int e;

	if (fp == NULL)
		return -1;
	while ((n = getline(&buf, &cap, fp)) > 0) {
		char *tab, *end;
		long long t;

		if (buf[n - 1] != '\n')
			break; /* torn last line */
		buf[--n] = '\0';
		tab = memchr(buf, '\t', (size_t)n);
		if (tab == NULL)
			continue;
		errno = 0;
		t = strtoll(buf, &end, 10);
		if (end == buf || end != tab || errno != 0)
			continue;
		line(arg, (time_t)t, tab + 1, (size_t)(buf + n - (tab + 1)));
		count++;
	}
	/* getline's -1 is the end of the file or a read error (EISDIR, EIO) */
	e = ferror(fp) ? errno : 0;
	free(buf);
	fclose(fp);
	if (e != 0) {
		errno = e;
		return -1;
	}
	return count;
}

long
journal_replay(const char *base, void (*line)(void *arg, time_t applied, const char *text,
    size_t len), void *arg, char *err, size_t errlen)
{
	unsigned long *seqs;
	long n = journal_list(base, &seqs), i;
	long total = 0;

	if (n < 0) {
		snprintf(err, errlen, "cannot list the command journal '%s.*': %s", base,
		    strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		char *path = journal_file(base, seqs[i]);
		long c = journal_replay_file(path, line, arg);

		if (c < 0) {
			snprintf(err, errlen, "cannot read the command journal '%s': %s", path,
			    strerror(errno));
			free(path);
			free(seqs);
			return -1;
		}
		total += c;
		free(path);
	}
	free(seqs);
	return total;
}

static int
journal_open_seq(struct journal *j, unsigned long seq)
{
	char *path = journal_file(j->base, seq);
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	off_t end;

	free(path);
	if (fd < 0)
		return -1;
	if ((end = lseek(fd, 0, SEEK_END)) < 0) {
		close(fd);
		return -1;
	}
	if (j->fd >= 0)
		close(j->fd);
	j->fd = fd;
	j->seq = seq;
	j->off = end;
	j->synced = 0;
	j->dir_synced = 0;
	return 0;
}

struct journal *
journal_open(const char *base, char *err, size_t errlen)
{
	struct journal *j;
	unsigned long *seqs, next;
	long n = journal_list(base, &seqs);

	if (n < 0) {
		snprintf(err, errlen, "cannot list the command journal '%s.*': %s", base,
		    strerror(errno));
		return NULL;
	}
	next = n > 0 ? seqs[n - 1] + 1 : 1;
	free(seqs);
	j = xcalloc(1, sizeof(*j));
	j->base = xstrdup(base);
	j->fd = -1;
	if (journal_open_seq(j, next) < 0) {
		snprintf(err, errlen, "cannot open the command journal '%s.%lu': %s", base, next,
		    strerror(errno));
		free(j->base);
		free(j);
		return NULL;
	}
	return j;
}

int
journal_add(struct journal *j, time_t applied, const char *text, size_t len,
    struct journal_pos *pos)
{
	char head[32];
	int hl = snprintf(head, sizeof(head), "%lld\t", (long long)applied);
	size_t need = (size_t)hl + len + 1;

	/* a '\n' would make one command two lines on replay */
	if (memchr(text, '\n', len) != NULL) {
		errno = EINVAL;
		return -1;
	}
	if (j->staged + need > j->stage_cap) {
		j->stage_cap = j->stage_cap ? j->stage_cap : 4096;
		while (j->staged + need > j->stage_cap)
			j->stage_cap *= 2;
		j->stage = xrealloc(j->stage, j->stage_cap);
	}
	if (pos != NULL) {
		pos->seq = j->seq;
		pos->off = j->off + (off_t)j->staged;
	}
	memcpy(j->stage + j->staged, head, (size_t)hl);
	memcpy(j->stage + j->staged + hl, text, len);
	j->stage[j->staged + need - 1] = '\n';
	j->staged += need;
	return 0;
}

/* write what is staged at the end of the file; on a short write the part
 * written is cut off again, so the file ends with a whole line */
static int
journal_write(struct journal *j)
{
	size_t done = 0;

	while (done < j->staged) {
		ssize_t n = pwrite(j->fd, j->stage + done, j->staged - done, j->off + (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n == 0 ? ENOSPC : errno;

			if (done > 0 && ftruncate(j->fd, j->off) == -1)
				e = errno;
			j->staged = 0;
			errno = e;
			return -1;
		}
		done += (size_t)n;
	}
	j->off += (off_t)done;
	j->staged = 0;
	return 0;
}

/* the directory of base, synced so that a new file's name is durable */
static int
journal_sync_dir(const struct journal *j)
{
	char *dir;
	const char *name;
	int fd, rc;

	journal_split(j->base, &dir, &name);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

int
journal_sync(struct journal *j, int sync)
{
	if (j->staged > 0 && journal_write(j) < 0)
		return -1;
	if (!sync || j->synced == j->off)
		return 0;
	if (fdatasync(j->fd) < 0)
		return -1;
	if (!j->dir_synced) {
		if (journal_sync_dir(j) < 0)
			return -1;
		j->dir_synced = 1;
	}
	j->syncs++;
	j->synced = j->off;
	return 0;
}

int
journal_append(struct journal *j, time_t applied, const char *text, size_t len)
{
	if (journal_add(j, applied, text, len, NULL) < 0)
		return -1;
	return journal_sync(j, 0);
}

int
journal_void(struct journal *j, const struct journal_pos *pos)
{
	int fd = j->fd, rc;
	ssize_t n;

	if (pos->seq != j->seq) {
		/* the file was rotated since: it is still there until forgotten */
		char *path = journal_file(j->base, pos->seq);

		fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
		free(path);
		if (fd < 0)
			return -1;
	} else if (pos->off >= j->off) {
		errno = EINVAL; /* staged, not written: nothing to void on disk */
		return -1;
	}
	do
		n = pwrite(fd, "x", 1, pos->off);
	while (n < 0 && errno == EINTR);
	rc = n == 1 ? 0 : -1;
	if (fd != j->fd)
		close(fd);
	return rc;
}

off_t
journal_synced(const struct journal *j)
{
	return j->synced;
}

unsigned long
journal_syncs(const struct journal *j)
{
	return j->syncs;
}

int
journal_cut_unsynced(struct journal *j)
{
	j->staged = 0;
	if (ftruncate(j->fd, j->synced) < 0)
		return -1;
	j->off = j->synced;
	return 0;
}

unsigned long
journal_rotate(struct journal *j)
{
	unsigned long cur = j->seq;

	if (journal_open_seq(j, cur + 1) < 0)
		return 0;
	return cur;
}

void
journal_forget(struct journal *j, unsigned long upto)
{
	unsigned long *seqs;
	long n = journal_list(j->base, &seqs), i;

	for (i = 0; i < n; i++) {
		char *path;

		if (seqs[i] > upto || seqs[i] == j->seq)
			continue;
		path = journal_file(j->base, seqs[i]);
		unlink(path);
		free(path);
	}
	free(seqs);
}

void
journal_close(struct journal *j)
{
	if (j == NULL)
		return;
	if (j->fd >= 0)
		close(j->fd);
	free(j->stage);
	free(j->base);
	free(j);
}

/*
 * statsfile: jaque's figures for jaquestats (see statsfile.h).  Small and
 * fixed in size whatever the estate, so writing it on the loop is cheap.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/maincfg.h"
#include "compat/statsfile.h"
#include "engine/util/xalloc.h"

#define STATSFILE_NAME "jaque-stats.dat"
#define STATSFILE_MAX (1u << 20)

static char *
statsfile_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n;
	char *d;

	if (slash == NULL)
		return xstrdup(".");
	n = slash == path ? 1 : (size_t)(slash - path);
	d = xmalloc(n + 1);
	memcpy(d, path, n);
	d[n] = '\0';
	return d;
}

char *
statsfile_path(const struct main_cfg *cfg)
{
	const char *base = cfg->status_file != NULL ? cfg->status_file : cfg->lock_file;
	char *dir, *p;
	size_t n;

	if (base != NULL)
		dir = statsfile_dir_of(base);
	else
		dir = xstrdup(cfg->temp_path != NULL ? cfg->temp_path : "/tmp");
	n = strlen(dir) + sizeof(STATSFILE_NAME) + 2;
	p = xmalloc(n);
	snprintf(p, n, "%s/%s", dir, STATSFILE_NAME);
	free(dir);
	return p;
}

void
statsfile_add(struct statsfile_buf *b, const char *key, const char *fmt, ...)
{
	va_list ap;
	size_t need, klen = strlen(key);
	int vlen;

	va_start(ap, fmt);
	vlen = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (vlen < 0)
		vlen = 0;
	need = b->len + klen + (size_t)vlen + 3;
	if (need > b->cap) {
		b->cap = need * 2 > 4096 ? need * 2 : 4096;
		b->text = xrealloc(b->text, b->cap);
	}
	memcpy(b->text + b->len, key, klen);
	b->len += klen;
	b->text[b->len++] = '=';
	va_start(ap, fmt);
	vsnprintf(b->text + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)vlen;
	b->text[b->len++] = '\n';
	b->text[b->len] = '\0';
}

void
statsfile_buf_free(struct statsfile_buf *b)
{
	free(b->text);
	memset(b, 0, sizeof(*b));
}

int
statsfile_write(const char *path, const struct statsfile_buf *b)
{
	size_t n = strlen(path) + 16;
	char *tmp = xmalloc(n);
	ssize_t w;
	int fd, e;

	snprintf(tmp, n, "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail;
	(void)fchmod(fd, 0644);
	w = write(fd, b->text != NULL ? b->text : "", b->len);
	if (w < 0 || (size_t)w != b->len) {
		if (w >= 0)
			errno = ENOSPC;
		goto fail_fd;
	}
	if (close(fd) < 0) {
		fd = -1;
		goto fail_fd;
	}
	if (rename(tmp, path) < 0) {
		fd = -1;
		goto fail_fd;
	}
	free(tmp);
	return 0;
fail_fd:
	e = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = e;
fail:
	free(tmp);
	return -1;
}

char *
statsfile_read(const char *path)
{
	char *text = xmalloc(STATSFILE_MAX + 1);
	size_t len = 0;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		free(text);
		return NULL;
	}
	while (len < STATSFILE_MAX && (r = read(fd, text + len, STATSFILE_MAX - len)) > 0)
		len += (size_t)r;
	close(fd);
	text[len] = '\0';
	return text;
}

int
statsfile_get(const char *text, const char *key, char *out, size_t outsz)
{
	size_t klen = strlen(key);
	const char *p = text, *end;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
			p += klen + 1;
			end = strchr(p, '\n');
			if (end == NULL)
				end = p + strlen(p);
			if ((size_t)(end - p) >= outsz)
				return -1;
			memcpy(out, p, (size_t)(end - p));
			out[end - p] = '\0';
			return 0;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return -1;
}

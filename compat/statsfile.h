/*
 * statsfile: jaque's own figures for jaquestats, in a small text file of
 * "key=value" lines beside status.dat (or the lock file, or in
 * temp_path), written by the daemon every few seconds and at shutdown
 * with a temporary file and a rename.  Nagios has no such file: these
 * are the figures status.dat has no place for (drift, queue, workers).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STATSFILE_H
#define JAQUE_STATSFILE_H

#include <stddef.h>

struct main_cfg;

/* the file's path for a configuration (heap string) */
char *statsfile_path(const struct main_cfg *cfg);

/* a growing text of key=value lines */
struct statsfile_buf {
	char *text;
	size_t len;
	size_t cap;
};
void statsfile_add(struct statsfile_buf *b, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* write b to path atomically; 0 or -1 (errno set) */
int statsfile_write(const char *path, const struct statsfile_buf *b);
void statsfile_buf_free(struct statsfile_buf *b);

/* read path into a NUL-terminated heap text; NULL with errno on failure */
char *statsfile_read(const char *path);
/* the value of key in text (a pointer into a static-per-call copy is not
 * used: the value is copied into out, at most outsz bytes); 0 or -1 */
int statsfile_get(const char *text, const char *key, char *out, size_t outsz);

#endif

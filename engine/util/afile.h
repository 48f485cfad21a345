/*
 * afile: write a whole file atomically: into a temporary file beside it,
 * flushed and synced, then renamed over the old one, so a reader sees the
 * old file or the new one and never half of either.  When anything fails
 * (a full disk included) the temporary is removed and the old file stays.
 * Used for status.dat, retention.dat and objects.cache.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_AFILE_H
#define JAQUE_AFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/*
 * Write path with what fill puts into fp (fill returns 0, or -1 on its
 * own failure; stream errors are caught here).  mode: the new file's
 * permissions, or (mode_t)-1 for what fopen(path, "w") would leave (an
 * existing file's mode, else 0666 less the umask).  Returns 0, or -1 with
 * errno set and a message naming the step, the file and the errno text in
 * err.
 */
int afile_write(const char *path, mode_t mode, int (*fill)(FILE *fp, void *arg), void *arg,
    char *err, size_t errlen);

/* the mode fopen(path, "w") would leave (reads and restores the umask) */
mode_t afile_fopen_mode(const char *path);

#endif

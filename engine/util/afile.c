/*
 * afile: see afile.h.  mkstemp makes the temporary in the target's
 * directory (rename must not cross file systems) with mode 0600, which
 * is then set to what the caller asks, before anything is written.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/afile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

mode_t
afile_fopen_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mask = umask(022);
	umask(mask);
	return 0666 & ~mask;
}

int
afile_write(const char *path, mode_t mode, int (*fill)(FILE *fp, void *arg), void *arg,
    char *err, size_t errlen)
{
	const char *what;
	char *tmp;
	FILE *fp = NULL;
	int fd, saved;

	tmp = xasprintf("%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) == -1) {
		saved = errno;
		snprintf(err, errlen, "cannot create a temporary file for '%s': %s", path,
		    strerror(saved));
		free(tmp);
		errno = saved;
		return -1;
	}
	if (mode == (mode_t)-1)
		mode = afile_fopen_mode(path);
	what = "cannot set up";
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) == -1 || fchmod(fd, mode) == -1 ||
	    (fp = fdopen(fd, "w")) == NULL)
		goto fail;
	/* these files run to megabytes: write in large blocks */
	setvbuf(fp, NULL, _IOFBF, 1 << 16);
	what = "cannot write";
	errno = EIO;
	if (fill(fp, arg) == -1 || ferror(fp) || fflush(fp) == EOF || fsync(fd) == -1)
		goto fail;
	what = "cannot close";
	if (fclose(fp) == EOF) {
		fp = NULL;
		fd = -1;
		goto fail;
	}
	fp = NULL;
	fd = -1;
	what = "cannot rename into place";
	if (rename(tmp, path) == -1)
		goto fail;
	free(tmp);
	return 0;

fail:
	saved = errno;
	snprintf(err, errlen, "%s '%s' (temporary '%s'): %s", what, path, tmp, strerror(saved));
	if (fp != NULL)
		fclose(fp);
	else if (fd != -1)
		close(fd);
	unlink(tmp);
	free(tmp);
	errno = saved;
	return -1;
}

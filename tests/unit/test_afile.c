/*
 * test_afile: whole-file atomic writes.  A good write replaces the file
 * with the new content and the asked-for mode and leaves no temporary; a
 * fill that fails, and a write that runs out of space (simulated with
 * RLIMIT_FSIZE, which makes write(2) fail with EFBIG as a full disk makes
 * it fail with ENOSPC), leave the old file whole and no temporary, and
 * say what failed; a directory that does not exist is reported.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/util/afile.h"

static char dir[64];

static int
fill_text(FILE *fp, void *arg)
{
	fputs(arg, fp);
	return 0;
}

static int
fill_fail(FILE *fp, void *arg)
{
	(void)arg;
	fputs("partial", fp);
	return -1;
}

/* about 4 MiB, well past the limit set below */
static int
fill_big(FILE *fp, void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 65536; i++)
		fprintf(fp, "servicestatus { line %08d of a big file ......................... }\n", i);
	return 0;
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	static char buf[256];
	size_t n;

	if (fp == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* the entries of dir besides . and .. */
static int
entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_afile.XXXXXX");
	return mkdtemp(dir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[512];

	(void)state;
	while (d != NULL && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (unlink(path) != 0)
			rmdir(path);
	}
	if (d != NULL)
		closedir(d);
	return rmdir(dir);
}

static void
test_write_replace(void **state)
{
	char path[128], err[256];
	struct stat st;

	(void)state;
	snprintf(path, sizeof(path), "%s/status.dat", dir);
	assert_int_equal(afile_write(path, 0640, fill_text, "one\n", err, sizeof(err)), 0);
	assert_string_equal(slurp(path), "one\n");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(afile_write(path, 0664, fill_text, "two\n", err, sizeof(err)), 0);
	assert_string_equal(slurp(path), "two\n");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0664);
	assert_int_equal(entries(), 1);
}

static void
test_fopen_mode(void **state)
{
	char path[128], err[256];
	struct stat st;
	mode_t old = umask(027);

	(void)state;
	snprintf(path, sizeof(path), "%s/objects.cache", dir);
	assert_int_equal(afile_write(path, (mode_t)-1, fill_text, "x\n", err, sizeof(err)), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	/* an existing file keeps its mode */
	assert_int_equal(chmod(path, 0604), 0);
	assert_int_equal(afile_write(path, (mode_t)-1, fill_text, "y\n", err, sizeof(err)), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0604);
	umask(old);
}

static void
test_fill_fails(void **state)
{
	char path[128], err[256];

	(void)state;
	snprintf(path, sizeof(path), "%s/retention.dat", dir);
	assert_int_equal(afile_write(path, 0600, fill_text, "good\n", err, sizeof(err)), 0);
	assert_int_equal(afile_write(path, 0600, fill_fail, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot write"));
	assert_string_equal(slurp(path), "good\n");
	assert_int_equal(entries(), 1);
}

static void
test_disk_full(void **state)
{
	char path[128], err[256];
	struct rlimit old, lim;
	int e;

	(void)state;
	snprintf(path, sizeof(path), "%s/status.dat", dir);
	assert_int_equal(afile_write(path, 0664, fill_text, "before\n", err, sizeof(err)), 0);
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 100000;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	assert_int_equal(afile_write(path, 0664, fill_big, NULL, err, sizeof(err)), -1);
	e = errno;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_int_equal(e, EFBIG);
	assert_non_null(strstr(err, "status.dat"));
	assert_non_null(strstr(err, strerror(EFBIG)));
	assert_string_equal(slurp(path), "before\n");
	assert_int_equal(entries(), 1);
}

static void
test_no_dir(void **state)
{
	char path[128], err[256];

	(void)state;
	snprintf(path, sizeof(path), "%s/nodir/status.dat", dir);
	assert_int_equal(afile_write(path, 0664, fill_text, "x", err, sizeof(err)), -1);
	assert_int_equal(errno, ENOENT);
	assert_non_null(strstr(err, "cannot create a temporary file"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_write_replace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fopen_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fill_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_disk_full, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_dir, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

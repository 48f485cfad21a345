/*
 * test_statsfile: jaque's figures file for jaquestats.
 *
 * Where the file goes (beside status_file, else beside lock_file, else in
 * temp_path, else /tmp); a buffer of key=value lines written, read back
 * and looked up (a key that is the start of another key, a key that is
 * missing, a value that does not fit the caller's buffer); the write is
 * atomic: a temporary file renamed over the old one, no temporary left
 * behind, and a failed write (a directory the writer may not write, a
 * directory where the file should be) returns -1 and leaves the old file
 * as it was.  The unwritable directory is provoked as an unprivileged user
 * in a child when the tests run as root.  Each test works in its own
 * mkdtemp directory under /tmp.  Links compat/statsfile.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "compat/statsfile.h"

struct fx {
	char dir[64];
	char file[128];
};

static void
rm_tree(const char *dir)
{
	char p[512];
	struct dirent *e;
	struct stat st;
	DIR *d = opendir(dir);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			rm_tree(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/jaque-stats-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->file, sizeof(f->file), "%s/jaque-stats.dat", f->dir);
	umask(022);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	chmod(f->dir, 0700);
	rm_tree(f->dir);
	free(f);
	return 0;
}

/* how many entries dir holds besides . and .. */
static int
entries(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

/* ---- the path ---- */

static void
t_path(void **state)
{
	struct main_cfg cfg;
	char *p;

	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	p = statsfile_path(&cfg);
	assert_string_equal(p, "/tmp/jaque-stats.dat");
	free(p);

	cfg.temp_path = "/var/tmp/nagios";
	p = statsfile_path(&cfg);
	assert_string_equal(p, "/var/tmp/nagios/jaque-stats.dat");
	free(p);

	cfg.lock_file = "/run/nagios4/nagios.pid";
	p = statsfile_path(&cfg);
	assert_string_equal(p, "/run/nagios4/jaque-stats.dat");
	free(p);

	cfg.status_file = "/var/lib/nagios4/status.dat";
	p = statsfile_path(&cfg);
	assert_string_equal(p, "/var/lib/nagios4/jaque-stats.dat");
	free(p);

	/* status_file wins even without the others */
	cfg.lock_file = NULL;
	cfg.temp_path = NULL;
	p = statsfile_path(&cfg);
	assert_string_equal(p, "/var/lib/nagios4/jaque-stats.dat");
	free(p);

	/* a name without a directory is in the current one */
	cfg.status_file = "status.dat";
	p = statsfile_path(&cfg);
	assert_string_equal(p, "./jaque-stats.dat");
	free(p);
}

/* ---- the buffer ---- */

static void
t_add(void **state)
{
	struct statsfile_buf b;

	(void)state;
	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "version", "%s", "1.0");
	statsfile_add(&b, "checks", "%d", 42);
	statsfile_add(&b, "drift_ms", "%.3f", 1.5);
	statsfile_add(&b, "empty", "%s", "");
	assert_string_equal(b.text, "version=1.0\nchecks=42\ndrift_ms=1.500\nempty=\n");
	assert_int_equal(b.len, strlen(b.text));
	assert_true(b.cap > b.len);
	statsfile_buf_free(&b);
	assert_null(b.text);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	/* free twice is harmless */
	statsfile_buf_free(&b);
}

/* the buffer grows past its first allocation and keeps every line */
static void
t_add_grows(void **state)
{
	struct statsfile_buf b;
	char key[32], val[32];
	int i;

	(void)state;
	memset(&b, 0, sizeof(b));
	for (i = 0; i < 2000; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		statsfile_add(&b, key, "%d", i * 7);
	}
	assert_true(b.len > 4096);
	assert_int_equal(b.len, strlen(b.text));
	for (i = 0; i < 2000; i += 97) {
		snprintf(key, sizeof(key), "k%d", i);
		assert_int_equal(statsfile_get(b.text, key, val, sizeof(val)), 0);
		assert_int_equal(strtol(val, NULL, 10), i * 7);
	}
	statsfile_buf_free(&b);
}

/* ---- write, read, get ---- */

static void
t_round_trip(void **state)
{
	struct fx *f = *state;
	struct statsfile_buf b;
	struct stat st;
	char val[64];
	char *text;

	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "pid", "%d", 1234);
	statsfile_add(&b, "workers", "%d/%d", 3, 4);
	statsfile_add(&b, "note", "%s", "with spaces and = sign");
	assert_int_equal(statsfile_write(f->file, &b), 0);

	assert_int_equal(stat(f->file, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644);
	assert_int_equal(entries(f->dir), 1);

	text = statsfile_read(f->file);
	assert_non_null(text);
	assert_string_equal(text, b.text);
	assert_int_equal(statsfile_get(text, "pid", val, sizeof(val)), 0);
	assert_string_equal(val, "1234");
	assert_int_equal(statsfile_get(text, "workers", val, sizeof(val)), 0);
	assert_string_equal(val, "3/4");
	assert_int_equal(statsfile_get(text, "note", val, sizeof(val)), 0);
	assert_string_equal(val, "with spaces and = sign");
	free(text);
	statsfile_buf_free(&b);
}

/* an empty buffer writes an empty file */
static void
t_write_empty(void **state)
{
	struct fx *f = *state;
	struct statsfile_buf b;
	char *text;

	memset(&b, 0, sizeof(b));
	assert_int_equal(statsfile_write(f->file, &b), 0);
	text = statsfile_read(f->file);
	assert_non_null(text);
	assert_string_equal(text, "");
	free(text);
}

static void
t_get_prefix_and_missing(void **state)
{
	static const char text[] =
	    "checks_run=10\nchecks=5\nx_checks=9\nlast=no newline at the end";
	char val[32];

	(void)state;
	/* "checks" is the start of "checks_run" and the end of "x_checks" */
	assert_int_equal(statsfile_get(text, "checks", val, sizeof(val)), 0);
	assert_string_equal(val, "5");
	assert_int_equal(statsfile_get(text, "checks_run", val, sizeof(val)), 0);
	assert_string_equal(val, "10");
	assert_int_equal(statsfile_get(text, "x_checks", val, sizeof(val)), 0);
	assert_string_equal(val, "9");
	assert_int_equal(statsfile_get(text, "last", val, sizeof(val)), 0);
	assert_string_equal(val, "no newline at the end");

	/* missing keys, including one that is the start of a key present */
	memcpy(val, "untouched", 10);
	assert_int_equal(statsfile_get(text, "check", val, sizeof(val)), -1);
	assert_int_equal(statsfile_get(text, "run", val, sizeof(val)), -1);
	assert_int_equal(statsfile_get(text, "nope", val, sizeof(val)), -1);
	assert_int_equal(statsfile_get("", "checks", val, sizeof(val)), -1);
	assert_string_equal(val, "untouched");
}

static void
t_get_too_long(void **state)
{
	static const char text[] = "a=12345\nb=\n";
	char val[8];

	(void)state;
	/* 5 characters and the NUL fit in 6, not in 5 */
	assert_int_equal(statsfile_get(text, "a", val, 6), 0);
	assert_string_equal(val, "12345");
	memcpy(val, "zzzzzzz", 8);
	assert_int_equal(statsfile_get(text, "a", val, 5), -1);
	/* nothing written past the limit */
	assert_string_equal(val, "zzzzzzz");
	/* an empty value needs one byte */
	assert_int_equal(statsfile_get(text, "b", val, 1), 0);
	assert_string_equal(val, "");
	assert_int_equal(statsfile_get(text, "b", val, 0), -1);
}

static void
t_read_missing(void **state)
{
	struct fx *f = *state;

	errno = 0;
	assert_null(statsfile_read(f->file));
	assert_int_equal(errno, ENOENT);
}

/* a second write replaces the first whole; no temporary stays behind */
static void
t_write_replaces(void **state)
{
	struct fx *f = *state;
	struct statsfile_buf b;
	struct stat st1, st2;
	char *text;
	int i;

	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "long_first_value", "%0200d", 1);
	assert_int_equal(statsfile_write(f->file, &b), 0);
	assert_int_equal(stat(f->file, &st1), 0);
	statsfile_buf_free(&b);

	for (i = 0; i < 5; i++) {
		statsfile_add(&b, "n", "%d", i);
		assert_int_equal(statsfile_write(f->file, &b), 0);
		statsfile_buf_free(&b);
	}
	assert_int_equal(stat(f->file, &st2), 0);
	/* renamed over, not rewritten in place: a reader holding the old file
	 * keeps it whole */
	assert_true(st1.st_ino != st2.st_ino);
	text = statsfile_read(f->file);
	assert_non_null(text);
	assert_string_equal(text, "n=4\n");
	free(text);
	assert_int_equal(entries(f->dir), 1);
}

static void
write_old(struct fx *f)
{
	struct statsfile_buf b;

	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "old", "%d", 1);
	assert_int_equal(statsfile_write(f->file, &b), 0);
	statsfile_buf_free(&b);
}

static void
assert_old(struct fx *f)
{
	char *text = statsfile_read(f->file);

	assert_non_null(text);
	assert_string_equal(text, "old=1\n");
	free(text);
}

/* try to write f->file; the child's exit code says what happened */
static int
write_as_nobody(struct fx *f)
{
	struct statsfile_buf b;
	int rc, e;

	if (geteuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
		return 10;
	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "new", "%d", 2);
	rc = statsfile_write(f->file, &b);
	e = errno;
	statsfile_buf_free(&b);
	if (rc != -1)
		return 11;
	if (e != EACCES)
		return 12;
	return 0;
}

static void
t_write_unwritable_dir(void **state)
{
	struct fx *f = *state;
	int status;
	pid_t pid;

	write_old(f);
	/* root may write anywhere: the write is tried by a child that gives
	 * up root first, in a directory it may only read */
	assert_int_equal(chmod(f->dir, 0755), 0);
	if (geteuid() != 0)
		assert_int_equal(chmod(f->dir, 0555), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(write_as_nobody(f));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(chmod(f->dir, 0700), 0);
	assert_old(f);
	assert_int_equal(entries(f->dir), 1);
}

/* the rename fails (a directory is in the way): -1, and the temporary goes */
static void
t_write_rename_fails(void **state)
{
	struct fx *f = *state;
	struct statsfile_buf b;
	char inner[192];

	assert_int_equal(mkdir(f->file, 0755), 0);
	snprintf(inner, sizeof(inner), "%s/keep", f->file);
	assert_int_equal(mkdir(inner, 0755), 0);
	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "x", "%d", 1);
	errno = 0;
	assert_int_equal(statsfile_write(f->file, &b), -1);
	assert_true(errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST);
	statsfile_buf_free(&b);
	assert_int_equal(entries(f->dir), 1);
	assert_int_equal(entries(f->file), 1);
}

/* a directory that does not exist: -1, ENOENT */
static void
t_write_no_dir(void **state)
{
	struct fx *f = *state;
	struct statsfile_buf b;
	char p[192];

	snprintf(p, sizeof(p), "%s/gone/jaque-stats.dat", f->dir);
	memset(&b, 0, sizeof(b));
	statsfile_add(&b, "x", "%d", 1);
	errno = 0;
	assert_int_equal(statsfile_write(p, &b), -1);
	assert_int_equal(errno, ENOENT);
	statsfile_buf_free(&b);
	assert_int_equal(entries(f->dir), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_path),
		cmocka_unit_test(t_add),
		cmocka_unit_test(t_add_grows),
		cmocka_unit_test_setup_teardown(t_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_empty, setup, teardown),
		cmocka_unit_test(t_get_prefix_and_missing),
		cmocka_unit_test(t_get_too_long),
		cmocka_unit_test_setup_teardown(t_read_missing, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_replaces, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_unwritable_dir, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_rename_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_no_dir, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

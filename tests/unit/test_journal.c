/*
 * test_journal: the command journal of compat/journal.c.
 *
 * Appended commands come back from journal_replay oldest first, with
 * their time, across a dozen rotations (file 10 after file 9, not after
 * file 1), while the journal is open and after it is closed.
 * journal_rotate returns the number of the file it closed; journal_forget
 * removes the files up to that number and no further, never the file
 * being written, and nothing that only looks like a journal file.  A torn
 * last line (no '\n') is ignored and replay goes on with the next file;
 * malformed lines (no tab, no time) are skipped; bytes (tab, NUL, 0xff)
 * in a command come back as they went in; "<base>.02" and the like are
 * not journal files.  Reopening continues the numbering after the last
 * file found.  Replay of nothing (no files, no directory, an empty file)
 * is 0; an unreadable file is -1 with its name, and so is a directory
 * that cannot be listed (for open too).  Write failures: a line the file
 * size limit cuts in the middle is taken back whole (replay never sees
 * half a command), one that cannot start is -1 with errno, a command with
 * a '\n' in it is refused, and a rotation that cannot open the next file
 * returns 0 and keeps writing to the old one.
 *
 * Batches (journal_add, journal_sync): staged lines are not in the file
 * until the sync, which writes all of them and syncs once (journal_syncs
 * counts 1, journal_synced is the file's length); a sync with nothing new
 * syncs nothing; sync 0 writes without syncing; journal_append between
 * keeps the order.  journal_void makes replay skip a line, in the current
 * file and in one rotated since, and refuses a line only staged.
 * journal_cut_unsynced leaves exactly the synced lines (what a power cut
 * keeps) and the journal goes on after them without a hole.  A batch the
 * file size limit cuts is taken back whole and the synced length stays.
 * Each test works in its own mkdtemp directory.  Links compat/journal.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/journal.h"

#define T0 1600000000
#define MAXREC 256

struct rec {
	time_t t;
	char *text;
	size_t len;
};

struct fx {
	char dir[64];
	char base[128];
	struct journal *j;
	struct rec rec[MAXREC];
	size_t n;
};

static void
on_line(void *arg, time_t applied, const char *text, size_t len)
{
	struct fx *f = arg;
	char *copy;

	assert_true(f->n < MAXREC);
	copy = malloc(len + 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	copy[len] = '\0';
	f->rec[f->n].t = applied;
	f->rec[f->n].text = copy;
	f->rec[f->n].len = len;
	f->n++;
}

static void
forget_recs(struct fx *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->rec[i].text);
	f->n = 0;
}

/* remove a test's directory and the files (or empty directories) in it */
static void
rm_dir(const char *dir)
{
	char p[512];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (unlink(p) != 0)
			rmdir(p);
	}
	closedir(d);
	rmdir(dir);
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/jaque-jrnl-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->base, sizeof(f->base), "%s/retention.dat.journal", f->dir);
	umask(022);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	journal_close(f->j);
	forget_recs(f);
	rm_dir(f->dir);
	free(f);
	return 0;
}

static char *
name(const struct fx *f, unsigned long seq)
{
	static char buf[192];

	snprintf(buf, sizeof(buf), "%s.%lu", f->base, seq);
	return buf;
}

static int
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

static void
write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

/* the whole file as a heap string, NULL when missing */
static char *
slurp(const char *path)
{
	struct stat st;
	char *s;
	FILE *fp = fopen(path, "r");

	if (fp == NULL)
		return NULL;
	assert_int_equal(fstat(fileno(fp), &st), 0);
	s = malloc((size_t)st.st_size + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)st.st_size, fp), (size_t)st.st_size);
	s[st.st_size] = '\0';
	fclose(fp);
	return s;
}

static void
assert_file(const char *path, const char *want)
{
	char *got = slurp(path);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static struct journal *
open_j(struct fx *f)
{
	char err[256];

	err[0] = '\0';
	f->j = journal_open(f->base, err, sizeof(err));
	assert_non_null(f->j);
	assert_string_equal(err, "");
	return f->j;
}

static void
append(struct fx *f, time_t t, const char *text)
{
	assert_int_equal(journal_append(f->j, t, text, strlen(text)), 0);
}

static long
replay(struct fx *f)
{
	char err[256];

	forget_recs(f);
	err[0] = '\0';
	return journal_replay(f->base, on_line, f, err, sizeof(err));
}

static void
assert_rec(const struct fx *f, size_t i, time_t t, const char *text)
{
	assert_true(i < f->n);
	assert_int_equal(f->rec[i].t, t);
	assert_int_equal(f->rec[i].len, strlen(text));
	assert_string_equal(f->rec[i].text, text);
}

static void
t_append_replay_across_rotations(void **state)
{
	struct fx *f = *state;
	char text[64];
	unsigned long k;
	int i;

	open_j(f);
	assert_true(exists(name(f, 1)));
	for (k = 0; k < 12; k++) {
		for (i = 0; i < 3; i++) {
			snprintf(text, sizeof(text), "[%lu] ADD_HOST_COMMENT;h%lu;1;admin;c%d",
			    (unsigned long)T0 + k, k, i);
			append(f, T0 + (time_t)(k * 10 + (unsigned long)i), text);
		}
		/* the number of the file just closed, counting from 1 */
		assert_int_equal(journal_rotate(f->j), k + 1);
		assert_true(exists(name(f, k + 2)));
	}
	append(f, T0 + 999, "[1600000999] DISABLE_NOTIFICATIONS");
	assert_file(name(f, 1),
	    "1600000000\t[1600000000] ADD_HOST_COMMENT;h0;1;admin;c0\n"
	    "1600000001\t[1600000000] ADD_HOST_COMMENT;h0;1;admin;c1\n"
	    "1600000002\t[1600000000] ADD_HOST_COMMENT;h0;1;admin;c2\n");
	assert_file(name(f, 13), "1600000999\t[1600000999] DISABLE_NOTIFICATIONS\n");

	/* while the journal is open, and after it is closed */
	for (i = 0; i < 2; i++) {
		assert_int_equal(replay(f), 37);
		assert_int_equal(f->n, 37);
		for (k = 0; k < 12; k++) {
			int m;

			for (m = 0; m < 3; m++) {
				snprintf(text, sizeof(text), "[%lu] ADD_HOST_COMMENT;h%lu;1;admin;c%d",
				    (unsigned long)T0 + k, k, m);
				assert_rec(f, k * 3 + (unsigned long)m,
				    T0 + (time_t)(k * 10 + (unsigned long)m), text);
			}
		}
		assert_rec(f, 36, T0 + 999, "[1600000999] DISABLE_NOTIFICATIONS");
		journal_close(f->j);
		f->j = NULL;
	}
}

static void
t_forget(void **state)
{
	struct fx *f = *state;
	char other[192];
	unsigned long k;

	/* neighbours that only look like journal files */
	snprintf(other, sizeof(other), "%s/retention.dat", f->dir);
	write_file(other, "x\n", 2);
	snprintf(other, sizeof(other), "%s/other.journal.1", f->dir);
	write_file(other, "1\tOTHER\n", 8);
	snprintf(other, sizeof(other), "%s.1.tmp", f->base);
	write_file(other, "1\tTMP\n", 6);

	open_j(f);
	for (k = 1; k <= 4; k++) {
		append(f, (time_t)k, "CMD");
		assert_int_equal(journal_rotate(f->j), k);
	}
	append(f, 5, "CURRENT");
	/* files 1..5, 5 being written */
	journal_forget(f->j, 3);
	assert_false(exists(name(f, 1)));
	assert_false(exists(name(f, 2)));
	assert_false(exists(name(f, 3)));
	assert_true(exists(name(f, 4)));
	assert_true(exists(name(f, 5)));
	assert_int_equal(replay(f), 2);
	assert_rec(f, 0, 4, "CMD");
	assert_rec(f, 1, 5, "CURRENT");

	/* up to a number past the current file: the current file stays */
	journal_forget(f->j, 1000);
	assert_false(exists(name(f, 4)));
	assert_true(exists(name(f, 5)));
	append(f, 6, "STILL");
	assert_int_equal(replay(f), 2);
	assert_rec(f, 0, 5, "CURRENT");
	assert_rec(f, 1, 6, "STILL");

	/* forgetting nothing */
	journal_forget(f->j, 0);
	assert_true(exists(name(f, 5)));

	assert_true(exists(other));
	snprintf(other, sizeof(other), "%s/retention.dat", f->dir);
	assert_true(exists(other));
	snprintf(other, sizeof(other), "%s/other.journal.1", f->dir);
	assert_true(exists(other));
}

static void
t_torn_last_line(void **state)
{
	struct fx *f = *state;
	static const char one[] = "100\t[100] A\n200\t[200] B_CUT_SHO";

	write_file(name(f, 1), one, sizeof(one) - 1);
	write_file(name(f, 2), "300\t[300] C\n400\t[400] D\n", 24);
	write_file(name(f, 3), "500\t[500] E", 11);
	assert_int_equal(replay(f), 3);
	assert_rec(f, 0, 100, "[100] A");
	assert_rec(f, 1, 300, "[300] C");
	assert_rec(f, 2, 400, "[400] D");
}

static void
t_malformed_and_bytes(void **state)
{
	struct fx *f = *state;
	static const char text[] = "[7] A\tB\0C\xff";
	static const char body[] =
	    "\n"
	    "no tab at all\n"
	    "12x\tbad time\n"
	    "\tno time\n"
	    "-5\tbefore the epoch\n"
	    "6\t\n";

	write_file(name(f, 1), body, sizeof(body) - 1);
	assert_int_equal(replay(f), 2);
	assert_rec(f, 0, -5, "before the epoch");
	assert_rec(f, 1, 6, "");

	open_j(f);
	assert_int_equal(journal_append(f->j, 7, text, sizeof(text) - 1), 0);
	assert_int_equal(replay(f), 3);
	assert_int_equal(f->rec[2].t, 7);
	assert_int_equal(f->rec[2].len, sizeof(text) - 1);
	assert_memory_equal(f->rec[2].text, text, sizeof(text) - 1);
}

static void
t_numbering_continues(void **state)
{
	struct fx *f = *state;

	open_j(f);
	append(f, 1, "ONE");
	assert_int_equal(journal_rotate(f->j), 1);
	append(f, 2, "TWO");
	journal_close(f->j);
	f->j = NULL;

	/* files 1 and 2 exist: the next start writes 3 */
	open_j(f);
	assert_true(exists(name(f, 3)));
	append(f, 3, "THREE");
	assert_file(name(f, 2), "2\tTWO\n");
	assert_file(name(f, 3), "3\tTHREE\n");
	assert_int_equal(journal_rotate(f->j), 3);
	journal_close(f->j);
	f->j = NULL;
	assert_int_equal(replay(f), 3);
	assert_rec(f, 0, 1, "ONE");
	assert_rec(f, 1, 2, "TWO");
	assert_rec(f, 2, 3, "THREE");

	/* after a gap the count goes on from the highest */
	write_file(name(f, 41), "41\tX\n", 5);
	open_j(f);
	append(f, 42, "Y");
	assert_file(name(f, 42), "42\tY\n");
	assert_int_equal(journal_rotate(f->j), 42);
}

static void
t_not_journal_names(void **state)
{
	struct fx *f = *state;
	char p[256];

	write_file(name(f, 2), "2\tTWO\n", 6);
	snprintf(p, sizeof(p), "%s.02", f->base);
	write_file(p, "20\tLEADING_ZERO\n", 16);
	snprintf(p, sizeof(p), "%s.0", f->base);
	write_file(p, "0\tZERO\n", 7);
	snprintf(p, sizeof(p), "%s.3x", f->base);
	write_file(p, "3\tSUFFIX\n", 9);
	snprintf(p, sizeof(p), "%s.", f->base);
	write_file(p, "4\tEMPTY\n", 8);
	snprintf(p, sizeof(p), "%sx.5", f->base);
	write_file(p, "5\tLONGER_BASE\n", 14);
	snprintf(p, sizeof(p), "%s.+6", f->base);
	write_file(p, "6\tSIGN\n", 7);
	snprintf(p, sizeof(p), "%s.99999999999999999999999", f->base);
	write_file(p, "7\tHUGE\n", 7);
	assert_int_equal(replay(f), 1);
	assert_rec(f, 0, 2, "TWO");
	open_j(f);
	assert_true(exists(name(f, 3)));
}

static void
t_replay_nothing(void **state)
{
	struct fx *f = *state;
	char base[192], err[256];

	assert_int_equal(replay(f), 0);
	assert_int_equal(f->n, 0);
	snprintf(base, sizeof(base), "%s/missing/retention.dat.journal", f->dir);
	assert_int_equal(journal_replay(base, on_line, f, err, sizeof(err)), 0);
	write_file(name(f, 1), "", 0);
	assert_int_equal(replay(f), 0);
	assert_int_equal(f->n, 0);
}

static void
t_replay_unreadable(void **state)
{
	struct fx *f = *state;
	char base[256], err[256], want[512];

	write_file(name(f, 1), "1\tA\n", 4);
	assert_int_equal(mkdir(name(f, 2), 0755), 0);
	err[0] = '\0';
	assert_int_equal(journal_replay(f->base, on_line, f, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot read the command journal '%s.2': %s", f->base,
	    strerror(EISDIR));
	assert_string_equal(err, want);

	/* a directory that cannot be listed is no empty journal */
	snprintf(base, sizeof(base), "%s/journal", name(f, 1));
	assert_int_equal(journal_replay(base, on_line, f, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot list the command journal '%s.*': %s", base,
	    strerror(ENOTDIR));
	assert_string_equal(err, want);
	assert_null(journal_open(base, err, sizeof(err)));
	assert_string_equal(err, want);
}

static void
t_open_fails(void **state)
{
	struct fx *f = *state;
	char base[192], err[256], want[512];

	snprintf(base, sizeof(base), "%s/missing/retention.dat.journal", f->dir);
	assert_null(journal_open(base, err, sizeof(err)));
	snprintf(want, sizeof(want), "cannot open the command journal '%s.1': %s", base,
	    strerror(ENOENT));
	assert_string_equal(err, want);
	journal_close(NULL);
}

#define LIMIT 100
#define FILL (LIMIT - 8 - 7 - 3)

static void
t_write_failure(void **state)
{
	struct fx *f = *state;
	struct rlimit old, lim;
	char big[300], fill[FILL];
	int rc_cut, errno_cut, rc_none, errno_none, rc_fits, rc_fill;
	void (*prev)(int);

	memset(big, 'b', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	open_j(f);
	append(f, 1, "FIRST"); /* 8 bytes */

	/* a file size limit just past the first line: write(2) cuts the next */
	prev = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = LIMIT;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	errno = 0;
	rc_cut = journal_append(f->j, 2, big, strlen(big));
	errno_cut = errno;
	rc_fits = journal_append(f->j, 3, "FITS", 4);
	/* now fill up to the limit exactly ("1\tFIRST\n" "3\tFITS\n" "4\t" FILL "\n"),
	 * and the next line cannot start */
	memset(fill, 'f', FILL);
	rc_fill = journal_append(f->j, 4, fill, FILL);
	errno = 0;
	rc_none = journal_append(f->j, 5, "X", 1);
	errno_none = errno;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, prev);

	assert_int_equal(rc_cut, -1);
	assert_int_not_equal(errno_cut, 0);
	assert_int_equal(rc_fits, 0);
	assert_int_equal(rc_fill, 0);
	assert_int_equal(rc_none, -1);
	assert_int_equal(errno_none, EFBIG);
	append(f, 6, "AFTER");
	assert_int_equal(replay(f), 4);
	assert_rec(f, 0, 1, "FIRST");
	assert_rec(f, 1, 3, "FITS");
	assert_int_equal(f->rec[2].t, 4);
	assert_int_equal(f->rec[2].len, FILL);
	assert_rec(f, 3, 6, "AFTER");
}

static void
t_newline_refused(void **state)
{
	struct fx *f = *state;

	open_j(f);
	errno = 0;
	assert_int_equal(journal_append(f->j, 1, "A\n2\tINJECTED", 12), -1);
	assert_int_equal(errno, EINVAL);
	append(f, 3, "B");
	assert_int_equal(replay(f), 1);
	assert_rec(f, 0, 3, "B");
}

static void
t_rotate_fails(void **state)
{
	struct fx *f = *state;

	open_j(f);
	append(f, 1, "A");
	/* file 2 cannot be opened (a symlink: O_NOFOLLOW) */
	assert_int_equal(symlink("/nonexistent", name(f, 2)), 0);
	assert_int_equal(journal_rotate(f->j), 0);
	append(f, 2, "B");
	assert_file(name(f, 1), "1\tA\n2\tB\n");
	/* nothing is forgotten from a rotation that did not happen */
	journal_forget(f->j, 0);
	assert_true(exists(name(f, 1)));
	assert_int_equal(unlink(name(f, 2)), 0);
	assert_int_equal(journal_rotate(f->j), 1);
	append(f, 3, "C");
	assert_file(name(f, 2), "3\tC\n");
}

/* the size of a file, -1 when missing */
static off_t
size_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? st.st_size : -1;
}

static void
add(struct fx *f, time_t t, const char *text, struct journal_pos *pos)
{
	assert_int_equal(journal_add(f->j, t, text, strlen(text), pos), 0);
}

static void
t_batch_sync(void **state)
{
	struct fx *f = *state;
	struct journal_pos p1, p2, p3;

	open_j(f);
	assert_int_equal(journal_synced(f->j), 0);
	add(f, 1, "A", &p1);
	add(f, 2, "BB", &p2);
	add(f, 3, "CCC", &p3);
	/* staged only: nothing on disk yet */
	assert_int_equal(size_of(name(f, 1)), 0);
	assert_int_equal(journal_syncs(f->j), 0);
	assert_int_equal(p1.seq, 1);
	assert_int_equal(p1.off, 0);
	assert_int_equal(p2.off, 4);
	assert_int_equal(p3.off, 9);
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_file(name(f, 1), "1\tA\n2\tBB\n3\tCCC\n");
	assert_int_equal(journal_syncs(f->j), 1);
	assert_int_equal(journal_synced(f->j), 15);
	/* nothing new: no second fdatasync */
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_int_equal(journal_syncs(f->j), 1);
	/* written but not synced */
	add(f, 4, "D", &p1);
	assert_int_equal(p1.off, 15);
	assert_int_equal(journal_sync(f->j, 0), 0);
	assert_int_equal(size_of(name(f, 1)), 19);
	assert_int_equal(journal_synced(f->j), 15);
	assert_int_equal(journal_syncs(f->j), 1);
	/* a staged line and an appended one keep their order */
	add(f, 5, "E", NULL);
	append(f, 6, "F");
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_int_equal(journal_syncs(f->j), 2);
	assert_int_equal(journal_synced(f->j), 27);
	assert_int_equal(replay(f), 6);
	assert_rec(f, 0, 1, "A");
	assert_rec(f, 3, 4, "D");
	assert_rec(f, 4, 5, "E");
	assert_rec(f, 5, 6, "F");
	/* refused like append: a '\n' would make two lines */
	errno = 0;
	assert_int_equal(journal_add(f->j, 7, "G\n8\tH", 5, NULL), -1);
	assert_int_equal(errno, EINVAL);
	/* a new file starts unsynced */
	assert_int_equal(journal_rotate(f->j), 1);
	assert_int_equal(journal_synced(f->j), 0);
	add(f, 9, "I", &p1);
	assert_int_equal(p1.seq, 2);
	assert_int_equal(p1.off, 0);
}

static void
t_void(void **state)
{
	struct fx *f = *state;
	struct journal_pos p1, p2, p3, p4, p5;

	open_j(f);
	add(f, 1, "KEEP1", &p1);
	add(f, 2, "FAILED", &p2);
	add(f, 3, "KEEP3", &p3);
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_int_equal(journal_void(f->j, &p2), 0);
	/* only staged: there is nothing on disk to void */
	add(f, 4, "STAGED", &p4);
	errno = 0;
	assert_int_equal(journal_void(f->j, &p4), -1);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(journal_sync(f->j, 1), 0);
	/* voided after its file was rotated */
	assert_int_equal(journal_rotate(f->j), 1);
	add(f, 5, "NEXT", &p5);
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_int_equal(journal_void(f->j, &p4), 0);
	assert_file(name(f, 1), "1\tKEEP1\nx\tFAILED\n3\tKEEP3\nx\tSTAGED\n");
	assert_int_equal(replay(f), 3);
	assert_rec(f, 0, 1, "KEEP1");
	assert_rec(f, 1, 3, "KEEP3");
	assert_rec(f, 2, 5, "NEXT");
	(void)p1;
	(void)p3;
}

static void
t_cut_unsynced(void **state)
{
	struct fx *f = *state;

	open_j(f);
	add(f, 1, "SYNCED1", NULL);
	add(f, 2, "SYNCED2", NULL);
	assert_int_equal(journal_sync(f->j, 1), 0);
	append(f, 3, "WRITTEN"); /* in the file, not synced */
	add(f, 4, "STAGED", NULL);
	assert_true(size_of(name(f, 1)) > journal_synced(f->j));
	assert_int_equal(journal_cut_unsynced(f->j), 0);
	assert_int_equal(size_of(name(f, 1)), journal_synced(f->j));
	assert_int_equal(replay(f), 2);
	assert_rec(f, 1, 2, "SYNCED2");
	forget_recs(f);
	/* the staged line is gone too, and the next one follows without a hole */
	add(f, 5, "AFTER", NULL);
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_file(name(f, 1), "1\tSYNCED1\n2\tSYNCED2\n5\tAFTER\n");
	/* with nothing ever synced, nothing is left */
	assert_int_equal(journal_rotate(f->j), 1);
	append(f, 6, "LOST");
	assert_int_equal(journal_cut_unsynced(f->j), 0);
	assert_int_equal(size_of(name(f, 2)), 0);
}

static void
t_batch_write_failure(void **state)
{
	struct fx *f = *state;
	struct rlimit old, lim;
	char big[300];
	int rc;
	void (*prev)(int);

	memset(big, 'b', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	open_j(f);
	add(f, 1, "FIRST", NULL);
	assert_int_equal(journal_sync(f->j, 1), 0);
	/* the batch's second line crosses the limit: the whole batch goes */
	prev = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = LIMIT;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	add(f, 2, "SMALL", NULL);
	add(f, 3, big, NULL);
	errno = 0;
	rc = journal_sync(f->j, 1);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, prev);
	assert_int_equal(rc, -1);
	assert_int_not_equal(errno, 0);
	assert_file(name(f, 1), "1\tFIRST\n");
	assert_int_equal(journal_synced(f->j), 8);
	assert_int_equal(journal_syncs(f->j), 1);
	/* and nothing of it is left staged */
	add(f, 4, "NEXT", NULL);
	assert_int_equal(journal_sync(f->j, 1), 0);
	assert_file(name(f, 1), "1\tFIRST\n4\tNEXT\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_append_replay_across_rotations, setup, teardown),
		cmocka_unit_test_setup_teardown(t_forget, setup, teardown),
		cmocka_unit_test_setup_teardown(t_torn_last_line, setup, teardown),
		cmocka_unit_test_setup_teardown(t_malformed_and_bytes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_numbering_continues, setup, teardown),
		cmocka_unit_test_setup_teardown(t_not_journal_names, setup, teardown),
		cmocka_unit_test_setup_teardown(t_replay_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(t_replay_unreadable, setup, teardown),
		cmocka_unit_test_setup_teardown(t_open_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write_failure, setup, teardown),
		cmocka_unit_test_setup_teardown(t_newline_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_rotate_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(t_batch_sync, setup, teardown),
		cmocka_unit_test_setup_teardown(t_void, setup, teardown),
		cmocka_unit_test_setup_teardown(t_cut_unsynced, setup, teardown),
		cmocka_unit_test_setup_teardown(t_batch_write_failure, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

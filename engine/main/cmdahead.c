/*
 * cmdahead: the write-ahead batches of external commands
 * (command_journal_sync=1).  What one read of the command pipe, one
 * pass of the check result spool or one read of a Livestatus connection
 * brings is one batch: each line (a spool record encoded as one,
 * crspool_encode) is staged in the journal and copied here; at the
 * batch's end the journal is written and synced once
 * (persist_commit), the spool files read are removed (their records are
 * on disk now, so a crash after this point replays them instead of
 * reading the files again), and only then is the batch applied, in order,
 * each command settled in the journal (kept for replay, or voided).
 *
 * A crash between the sync and the removal leaves both the files and
 * their records in the journal: the replay applies the records and notes
 * the files (crspool_result.file), and the first pass of the spool after
 * the restart drops them unread (cmdahead_spool_was_replayed).
 *
 * Invariants: nothing staged is applied before the sync; a batch is
 * applied between persist_batch_begin and persist_batch_end, so no
 * retention save covers half of it; a line that arrives while a batch is
 * being applied (nothing does today) is applied at once, as with the
 * setting off.  A batch never outlives the callback that staged it: the
 * caller runs it before it returns to the loop.  Called by cmdwire.c (the
 * pipe's line and batch hooks, the spool's pass) and lswire.c (COMMAND
 * requests: the batch runs before the connection is answered or closed).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/crspool.h"
#include "compat/journal.h"
#include "engine/main/daemon_int.h"
#include "engine/util/xalloc.h"

struct cmdahead_item {
	size_t off, len;        /* in batch.text */
	time_t now;             /* when it was read: it is applied as of then */
	struct journal_pos pos;
};

#ifdef JAQUE_TEST_HOOKS
/*
 * Fault tests only (configure --enable-test-hooks): with
 * JAQUE_TEST_POWER_CUT_AFTER=N in the environment, after the N-th command
 * from the pipe, the spool or Livestatus is applied, do to the journal
 * what a power cut does (keep what the last fdatasync covered) and die at
 * once.
 */
void
cmdahead_applied(struct jaque *j)
{
	static long left = -2;

	if (left == -2) {
		const char *e = getenv("JAQUE_TEST_POWER_CUT_AFTER");

		left = e != NULL ? strtol(e, NULL, 10) : -1;
	}
	if (left < 0 || --left > 0)
		return;
	if (j->journal != NULL)
		(void)journal_cut_unsynced(j->journal);
	_exit(70);
}

/* with JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL set, die when spool results
 * are synced in the journal and their files not yet removed */
static void
cmdahead_before_removal(const struct cmdahead_batch *b)
{
	if (b->nfiles > 0 && getenv("JAQUE_TEST_CRASH_BEFORE_SPOOL_REMOVAL") != NULL)
		_exit(71);
}
#else
void
cmdahead_applied(struct jaque *j)
{
	(void)j;
}

static void
cmdahead_before_removal(const struct cmdahead_batch *b)
{
	(void)b;
}
#endif

int
cmdahead_on(const struct jaque *j)
{
	return persist_ahead(j) && !j->batching;
}

void
cmdahead_stage(struct jaque *j, const char *line, size_t len, time_t now)
{
	struct cmdahead_batch *b = &j->batch;
	struct cmdahead_item *it;
	struct journal_pos pos;

	if (persist_stage(j, now, line, len, &pos) < 0) {
		/* refused by the journal: applied at once, as before */
		if (cmdwire_is_spool(line, len))
			(void)cmdwire_spool_line(j, line, len, now);
		else
			(void)cmdwire_apply(j, line, len, now, 0);
		return;
	}
	if (b->n == b->items_cap) {
		b->items_cap = b->items_cap ? b->items_cap * 2 : 64;
		b->items = xreallocarray(b->items, b->items_cap, sizeof(*b->items));
	}
	if (b->len + len + 1 > b->cap) {
		b->cap = b->cap ? b->cap : 4096;
		while (b->len + len + 1 > b->cap)
			b->cap *= 2;
		b->text = xrealloc(b->text, b->cap);
	}
	it = &b->items[b->n++];
	it->off = b->len;
	it->len = len;
	it->now = now;
	it->pos = pos;
	memcpy(b->text + b->len, line, len);
	b->text[b->len + len] = '\0';
	b->len += len + 1;
}

void
cmdahead_taken(void *arg, const char *path)
{
	struct cmdahead_batch *b = &((struct jaque *)arg)->batch;

	if (b->nfiles == b->files_cap) {
		b->files_cap = b->files_cap ? b->files_cap * 2 : 16;
		b->files = xreallocarray(b->files, b->files_cap, sizeof(*b->files));
	}
	b->files[b->nfiles++] = xstrdup(path);
}

void
cmdahead_run(struct jaque *j)
{
	struct cmdahead_batch *b = &j->batch;
	size_t i;

	if (b->n == 0 && b->nfiles == 0)
		return;
	if (b->n > 0)
		persist_commit(j);
	cmdahead_before_removal(b);
	for (i = 0; i < b->nfiles; i++) {
		crspool_remove(b->files[i]);
		free(b->files[i]);
	}
	b->nfiles = 0;
	persist_batch_begin(j);
	for (i = 0; i < b->n; i++) {
		const struct cmdahead_item *it = &b->items[i];
		const char *line = b->text + it->off;
		int keep = 0;

		if (cmdwire_is_spool(line, it->len))
			keep = cmdwire_spool_line(j, line, it->len, it->now);
		else if (cmdwire_apply_one(j, line, it->len, it->now, 0, &keep) != EXTCMD_OK)
			keep = 0;
		persist_settle(j, &it->pos, keep);
		cmdahead_applied(j);
	}
	b->n = 0;
	b->len = 0;
	persist_batch_end(j);
}

/*
 * The spool files a crash left behind after their records reached the
 * journal (between the sync and the removal) are read again by the first
 * pass after the restart: their records are known by the file's identity
 * and dropped then, or the replay and the file would apply them twice.
 */
void
cmdahead_spool_replayed(struct jaque *j, const char *file)
{
	size_t n = j->nspool_replayed;

	/* a file's records come one after another */
	if (n > 0 && strcmp(j->spool_replayed[n - 1], file) == 0)
		return;
	if (n == j->spool_replayed_cap) {
		j->spool_replayed_cap = n ? n * 2 : 16;
		j->spool_replayed = xreallocarray(j->spool_replayed, j->spool_replayed_cap,
		    sizeof(*j->spool_replayed));
	}
	j->spool_replayed[j->nspool_replayed++] = xstrdup(file);
}

static int
cmdahead_strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
cmdahead_replay_done(struct jaque *j)
{
	if (j->nspool_replayed > 1)
		qsort(j->spool_replayed, j->nspool_replayed, sizeof(*j->spool_replayed),
		    cmdahead_strp_cmp);
}

void
cmdahead_spool_forget(struct jaque *j)
{
	while (j->nspool_replayed > 0)
		free(j->spool_replayed[--j->nspool_replayed]);
	free(j->spool_replayed);
	j->spool_replayed = NULL;
	j->spool_replayed_cap = 0;
}

int
cmdahead_spool_was_replayed(const struct jaque *j, const struct crspool_result *r)
{
	if (r->file == NULL || j->nspool_replayed == 0)
		return 0;
	return bsearch(&r->file, j->spool_replayed, j->nspool_replayed,
	    sizeof(*j->spool_replayed), cmdahead_strp_cmp) != NULL;
}

void
cmdahead_free(struct jaque *j)
{
	size_t i;

	cmdahead_spool_forget(j);
	for (i = 0; i < j->batch.nfiles; i++)
		free(j->batch.files[i]);
	free(j->batch.files);
	free(j->batch.items);
	free(j->batch.text);
	memset(&j->batch, 0, sizeof(j->batch));
}

/*
 * journal: the external commands applied since the last retention save,
 * so that a crash (kill -9, power cut of the process) loses none of them:
 * after a restart, retention.dat is read and the journal replayed on top.
 *
 * The journal is a series of files "<base>.<N>" (N counts up).  Each
 * command is one line "<time applied>\t<command line>\n" in the current
 * file.  There are two ways in.  journal_append writes one line at once
 * (a command already applied: safe from kill -9, not from a power cut).
 * journal_add stages lines in memory and journal_sync writes all of them
 * with one write(2) and makes them durable with one fdatasync(2): the
 * caller applies the commands only after that (write-ahead), so one sync
 * covers a whole batch.  A staged line that turns out not to need a
 * replay (the command failed or changed nothing kept) is voided in place
 * (journal_void: its first byte becomes 'x', which replay skips); the
 * void reaches the disk with the next sync, so a power cut before that
 * may replay a command that failed, never lose one that worked.
 * A retention save starts by
 * closing the current file (journal_rotate returns its number N) and
 * opening N+1; when the save has safely reached the disk, every file up
 * to N is removed (journal_forget).  A save that fails removes nothing, so
 * the next start replays those files too.  Replay reads every file in
 * order of N; a torn last line (the crash hit mid-write) is ignored.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_JOURNAL_H
#define JAQUE_JOURNAL_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

struct journal;

/* where journal_add put a line: the file's number and the line's offset */
struct journal_pos {
	unsigned long seq;
	off_t off;
};

/*
 * Call line for every journalled command under base, oldest first.
 * Returns how many lines were replayed, or -1 when a file could not be
 * read (err says which).
 */
long journal_replay(const char *base, void (*line)(void *arg, time_t applied, const char *text,
    size_t len), void *arg, char *err, size_t errlen);
/* start journalling into the file after the last one found under base;
 * NULL with err on failure */
struct journal *journal_open(const char *base, char *err, size_t errlen);
/* add one applied command: 0, or -1 (errno) when it could not be written */
int journal_append(struct journal *j, time_t applied, const char *text, size_t len);
/*
 * Stage one command (not yet written; '\n' in text is refused with
 * EINVAL): 0 with its place in *pos, or -1.  Nothing is written until
 * journal_sync.
 */
int journal_add(struct journal *j, time_t applied, const char *text, size_t len,
    struct journal_pos *pos);
/*
 * Write every staged line with one write(2) and, when sync is 1, make the
 * file durable with one fdatasync(2).  0 (also with nothing staged), or -1
 * (errno) when the lines could not be written (taken back whole, none is
 * left half-written) or not synced; the staged lines are gone either way.
 */
int journal_sync(struct journal *j, int sync);
/* mark a line journal_add staged (and journal_sync wrote) as not to be
 * replayed; 0, or -1 (errno) */
int journal_void(struct journal *j, const struct journal_pos *pos);
/* the current file's length at its last successful fdatasync (0: none) */
off_t journal_synced(const struct journal *j);
/* how many fdatasync(2) calls have succeeded since journal_open */
unsigned long journal_syncs(const struct journal *j);
/*
 * What a power cut leaves: cut the current file back to its synced length
 * and drop what is staged.  For fault tests only; 0, or -1 (errno).
 */
int journal_cut_unsynced(struct journal *j);
/* close the current file and start the next; returns the closed file's
 * number (what a snapshot taken now covers), or 0 when none could be
 * opened (the journal then keeps writing to the old one) */
unsigned long journal_rotate(struct journal *j);
/* remove every file up to and including number upto */
void journal_forget(struct journal *j, unsigned long upto);
void journal_close(struct journal *j);

#endif

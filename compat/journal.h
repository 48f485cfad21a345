/*
 * journal: the external commands applied since the last retention save,
 * so that a crash (kill -9, power cut of the process) loses none of them:
 * after a restart, retention.dat is read and the journal replayed on top.
 *
 * The journal is a series of files "<base>.<N>" (N counts up).  Each
 * applied command is one line "<time applied>\t<command line>\n" added
 * with one write(2) to the current file.  A retention save starts by
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
#include <time.h>

struct journal;

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
/* close the current file and start the next; returns the closed file's
 * number (what a snapshot taken now covers), or 0 when none could be
 * opened (the journal then keeps writing to the old one) */
unsigned long journal_rotate(struct journal *j);
/* remove every file up to and including number upto */
void journal_forget(struct journal *j, unsigned long upto);
void journal_close(struct journal *j);

#endif

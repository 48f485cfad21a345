/*
 * cmdpipe: the external command FIFO (command_file), read on the engine's
 * loop without ever blocking it.
 *
 * Created as Nagios 4.4.6 creates it (an existing FIFO is reused, else
 * mkfifo with mode 0660 under a umask that keeps the group's write bit)
 * and opened O_RDWR|O_NONBLOCK: holding a write end ourselves means the
 * FIFO never reports end-of-file when a writer that opens and closes per
 * line (cmd.cgi, scripts) goes away, and writers never block in open().
 * Bytes are split into lines on '\n'; a partial line waits for the rest.
 * A line longer than the cap is dropped whole (up to its '\n') and
 * reported; a blank line is skipped (Nagios 4.4.6 loses the command after
 * one: that bug is not copied).  Each complete line goes to the callback
 * without its '\n'.  Lines waiting when the loop wakes are taken before
 * anything else that woke it (a worker's result), so a command written
 * before a plugin exits is handled before its result.  The FIFO stays
 * when the reader is freed, as Nagios 4.4.6 leaves it (its shutdown stops
 * the command file worker and removes nothing): a writer that opens it
 * while jaque is down blocks instead of making a plain file there, and a
 * second instance refused at start never loses the first one's pipe.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CMDPIPE_H
#define JAQUE_CMDPIPE_H

#include <stddef.h>

struct ev_loop;
struct cmdpipe;

/* the longest line taken; longer ones are dropped (Nagios's core buffer is 512 KiB) */
#define CMDPIPE_LINE_MAX (512u * 1024u)

struct cmdpipe_hooks {
	void *arg;
	/* one line (len bytes, no '\n', NUL-terminated for convenience) */
	void (*line)(void *arg, const char *line, size_t len);
	/* a line was dropped for its length (len: how long it was, at least) */
	void (*overlong)(void *arg, size_t len);
	/* may be NULL: the lines of one read(2) have all been handed out (a
	 * reader that journals before applying makes them one batch) */
	void (*batch)(void *arg);
};

/*
 * Create or reuse the FIFO at path and start reading it.  Returns NULL
 * with a message in err (Nagios's wording) when the FIFO cannot be made
 * or opened (a non-FIFO file at path is not replaced).
 */
struct cmdpipe *cmdpipe_open(struct ev_loop *loop, const char *path,
    const struct cmdpipe_hooks *hooks, char *err, size_t errlen);
/* stop reading and close; the FIFO stays (NULL: nothing) */
void cmdpipe_free(struct cmdpipe *p);
/*
 * 1 when path is still the FIFO this reader has open, 0 when it was
 * removed or replaced meanwhile (the daemon makes it again at a reload),
 * or when path is another path.
 */
int cmdpipe_intact(const struct cmdpipe *p, const char *path);
/* read whatever is waiting now (also called by the watcher) */
void cmdpipe_drain(struct cmdpipe *p);
/* lines passed to the callback so far */
unsigned long cmdpipe_lines(const struct cmdpipe *p);

#endif

/*
 * spawn: start one plugin process the way Nagios 4.4.6's runcmd_open
 * does, with the hygiene jaque adds.
 *
 * The process gets its own process group, default signal dispositions
 * and an empty mask, the three given fds as 0, 1 and 2 and no other fd,
 * and dies with the worker (PR_SET_PDEATHSIG, Linux).  Its environment is
 * the worker's plus the job's "K=V" entries; a split command's leading
 * words that contain '=' are moved to the environment too, and the first
 * other word is exec'd with execvp semantics (PATH as the plugin's
 * environment has it).  A shell line runs as /bin/sh -c line.  What
 * cannot be done in the child is reported as runcmd reports it: a line on
 * the child's stderr ("execvp(...) failed. errno is N: ...", "No command
 * after variables.") and an exit status of errno (or 1).
 *
 * Called by worker.c for each job.  Uses vfork, so starting a plugin
 * costs the same whatever the worker's size.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SPAWN_H
#define JAQUE_SPAWN_H

#include <sys/types.h>

struct spawn_req {
	const char *const *argv;   /* split command line, or NULL */
	const char *shell_line;    /* when argv is NULL */
	const char *const *env;    /* NULL-terminated "K=V" entries, or NULL */
	int fd_in, fd_out, fd_err; /* become 0, 1, 2 (each above 2) */
};

/*
 * Start it.  Returns the pid (also its process group), or -1 with errno
 * when no process could be made; failures after that are the child's
 * exit status.
 */
pid_t spawn_plugin(const struct spawn_req *rq);

/*
 * Note which signals have a disposition other than SIG_DFL now; a child
 * then resets only those (and the C library's own) before it unblocks
 * its signals and execs.  Call it again after any disposition changes;
 * until the first call a child resets every signal.
 */
void spawn_note_signals(void);

#endif

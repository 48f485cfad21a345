/*
 * worker: worker mode, the small process that runs plugins for the engine.
 *
 * jaque --worker runs worker_main on fd 3, one end of a socketpair made by
 * the pool.  It runs its own libev loop: reads job frames, starts each
 * plugin in its own process group (default signals and mask, stdin
 * /dev/null, no other inherited fds), reads stdout and stderr up to the
 * cap, kills the whole group at the timeout (SIGKILL at once, as Nagios
 * 4 does), reaps it, kills what it left in its group, and writes the
 * result frame back.  A bad job frame is answered or skipped; only one
 * that breaks the stream makes it exit 1.
 * When the engine goes away (EOF on fd 3) it kills every plugin group and
 * exits.  It never touches the configuration.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_WORKER_H
#define JAQUE_WORKER_H

/* returns the process exit code */
int worker_main(int fd);

#endif

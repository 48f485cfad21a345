/*
 * bgwork: a piece of work done beside the event loop, on a thread of its
 * own, for what needs neither the loop nor anything the loop still uses:
 * freeing a configuration generation's states, which takes a loop tens of
 * milliseconds on a large estate (the memory is read once more, and pages
 * shared with a snapshot writer's fork are copied first).
 *
 * The thread runs with every signal blocked, so the daemon's handlers stay
 * on the loop's thread.  bgwork_drain waits for every piece started so
 * far: the daemon calls it before it exits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_BGWORK_H
#define JAQUE_BGWORK_H

/* run fn(arg) on a new thread; when none can be made, here and now */
void bgwork_run(void (*fn)(void *), void *arg);
/* wait until every piece of work started by bgwork_run has ended */
void bgwork_drain(void);

#endif

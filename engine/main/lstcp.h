/*
 * lstcp: Livestatus over TCP (livestatus_listen and livestatus_allow in
 * jaque.cfg), for what a TCP front (xinetd with unixcat, socat) did in
 * front of the Unix socket.  This file holds the listeners and the door:
 * a client outside the allow-list is closed at once; one let in is handed
 * to lswire as a Unix client would be, and from there on is served by
 * the same code with the same limits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LSTCP_H
#define JAQUE_LSTCP_H

struct jaque;
struct lstcp;

/* a client let in: fd is connected, non-blocking, close-on-exec, and now arg's */
typedef void lstcp_conn_cb(void *arg, int fd);

/* no listener yet (lstcp_config opens them); clients go to cb */
struct lstcp *lstcp_new(struct jaque *j, lstcp_conn_cb *cb, void *arg);
/*
 * Listen where j's configuration says, now: listeners at an address still
 * configured are kept (their waiting clients too), the others closed, new
 * ones opened; what is done and what failed goes to nagios.log.  Called at
 * start and after a reload swapped the generation.
 */
void lstcp_config(struct lstcp *t);
/* close the listeners; NULL is fine */
void lstcp_free(struct lstcp *t);

#endif

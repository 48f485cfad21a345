/*
 * statecount: how many hosts are up, down, unreachable or pending and how
 * many services ok, warning, critical, unknown or pending, counted a slice
 * of states at a time.  One pass over a million states reads them from
 * memory for about a tenth of a second; in slices the event loop never
 * spends more than a few milliseconds on it at once.
 *
 * A pass goes over the hosts, then the services.  Its counts become
 * statecount.last when it ends; until then last holds the previous whole
 * pass (all zero before the first).  Arrays other than the ones a pass
 * began with (a reload's new generation) start a new pass.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STATECOUNT_H
#define JAQUE_STATECOUNT_H

struct host_state;
struct svc_state;

enum {
	STATECOUNT_HOSTS_UP, STATECOUNT_HOSTS_DOWN, STATECOUNT_HOSTS_UNREACHABLE,
	STATECOUNT_HOSTS_PENDING,
	STATECOUNT_SERVICES_OK, STATECOUNT_SERVICES_WARNING, STATECOUNT_SERVICES_CRITICAL,
	STATECOUNT_SERVICES_UNKNOWN, STATECOUNT_SERVICES_PENDING,
	STATECOUNT_N
};

struct statecount {
	const struct host_state *hs; /* the arrays the pass under way counts */
	const struct svc_state *ss;
	unsigned pos;                /* its next state: a host below nh, then a service */
	unsigned part[STATECOUNT_N]; /* its counts so far */
	unsigned last[STATECOUNT_N]; /* the last whole pass */
	int whole;                   /* a pass has ended: last holds it */
};

/*
 * Count up to slice more states of the nh hosts hs and the ns services
 * ss; returns 1 when a pass ended in this call (last is new).  Zero k
 * before the first call.
 */
int statecount_step(struct statecount *k, const struct host_state *hs, unsigned nh,
    const struct svc_state *ss, unsigned ns, unsigned slice);

#endif

/*
 * gmserver: what the gearman job servers say of their queues, for
 * jaquestats: each server the stats file names ("host:port,..."), asked
 * for its status (compat/gearman/gmadmin) within a short timeout, printed
 * as check_gearman's figures (jobs, running, workers per function), and
 * summed over the servers that answered for its MRTG variables.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMSERVER_H
#define JAQUE_GMSERVER_H

#include <stdio.h>

enum gmserver_fig { GMSERVER_JOBS, GMSERVER_RUNNING, GMSERVER_WORKERS };

struct gmserver;

/* ask each server of the comma-separated list, timeout seconds each; never NULL */
struct gmserver *gmserver_ask(const char *list, double timeout);
void gmserver_free(struct gmserver *g);
/* a block per server: its functions, or why it did not answer */
void gmserver_print(FILE *f, const struct gmserver *g);
/* fig of function fn summed over the servers that list it: 0, or -1 when none does */
int gmserver_sum(const struct gmserver *g, const char *fn, enum gmserver_fig fig,
    unsigned long *out);

#endif

/*
 * gmadmin: gearmand's administrative text protocol, as check_gearman and
 * gearadmin use it: the "status" command on the job server's own port,
 * answered with one line per function (queue), "NAME\tTOTAL\tRUNNING\t
 * WORKERS", and a line "." at the end.  TOTAL counts the jobs the server
 * holds for the function, running ones included; WORKERS the workers that
 * can take it.
 *
 * gmadmin_status asks one server, blocking, within a timeout for the
 * whole exchange (name lookup aside), so a tool that prints it cannot
 * hang on a server that does not answer.  The answer is capped at
 * GMADMIN_REPLY_MAX bytes.  jaquestats calls it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMADMIN_H
#define JAQUE_GMADMIN_H

#include <stddef.h>

#define GMADMIN_REPLY_MAX (1024 * 1024)

struct gmadmin_fn {
	char *name;
	unsigned long total;    /* jobs held, running ones included */
	unsigned long running;
	unsigned long workers;  /* workers that can take it */
};

struct gmadmin_status {
	struct gmadmin_fn *fn;
	size_t n;
};

/*
 * Parse a "status" answer (text up to and including the "." line) into
 * st (its old contents are not freed).  0, or -1 with why filled (at most
 * whylen bytes) when a line is not four tab-separated fields with three
 * numbers or the "." is missing (st is then empty).
 */
int gmadmin_parse(const char *text, struct gmadmin_status *st, char *why, size_t whylen);
void gmadmin_status_free(struct gmadmin_status *st);
/* the function called name, or NULL */
const struct gmadmin_fn *gmadmin_find(const struct gmadmin_status *st, const char *name);

/*
 * Ask the server at "host:port" ("[v6]:port" too) for its status, taking
 * at most timeout seconds from the connection on.  0 with st filled, or
 * -1 with why filled (refused, no answer in time, a bad answer ...).
 */
int gmadmin_status(const char *server, double timeout, struct gmadmin_status *st, char *why,
    size_t whylen);

#endif

/*
 * dstats: the daemon's figures as key=value lines for the stats file
 * (compat/statsfile.h), which jaquestats reads.
 */
#ifndef JAQUE_DSTATS_H
#define JAQUE_DSTATS_H

#include <time.h>

struct statsfile_buf;
struct checker;
struct wpool;
struct objects;

void dstats_fill(struct statsfile_buf *b, struct checker *c, struct wpool *pool,
    const struct objects *objs, time_t program_start, time_t now);

#endif

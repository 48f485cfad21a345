/*
 * dstats: the daemon's figures as key=value lines for the stats file
 * (compat/statsfile.h), which jaquestats reads.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DSTATS_H
#define JAQUE_DSTATS_H

#include <time.h>

struct statsfile_buf;
struct checker;
struct wpool;
struct objects;
struct overload;
struct stretch;
struct gmcore;
struct mgcfg;
struct statecount;

#include <stdint.h>

/* the samples behind the per-minute rates: one per dstats_fill */
#define DSTATS_RATE_SAMPLES 32

struct dstats_rate {
	time_t t[DSTATS_RATE_SAMPLES];
	uint64_t started[DSTATS_RATE_SAMPLES];
	uint64_t finished[DSTATS_RATE_SAMPLES];
	unsigned n;     /* samples held */
	unsigned head;  /* where the next one goes */
};

/*
 * Fill b with the daemon's figures at now.  rate (zeroed before the first
 * call) keeps recent counter samples: checks_started_per_min and
 * checks_finished_per_min are the rates over the last minute (over what
 * is held, before a minute has passed).  The state counts (hosts_up ..
 * services_pending) are count's last whole pass (statecount.h); one more
 * step of DSTATS_COUNT_SLICE states is taken here (the whole pass when
 * none has ended yet).
 */
void dstats_fill(struct statsfile_buf *b, struct checker *c, struct wpool *pool,
    const struct objects *objs, time_t program_start, time_t now, struct dstats_rate *rate,
    struct statecount *count, const struct overload *ov, const struct stretch *sp);

/* the states one step of the counts reads: a few milliseconds at most */
#define DSTATS_COUNT_SLICE 32768u
/* a step of the counts of c's states */
void dstats_count_step(struct statecount *count, struct checker *c, const struct objects *objs,
    unsigned slice);

/*
 * Add to b the figures of the checks sent to gearmand (g, with the
 * options m it runs by): the gm_ keys.  Called only while gearman is on,
 * so that their absence says it is off.  gm_servers, gm_reachable (1, 0,
 * -1 not known yet), the totals of gmcore and gmwire, gm_rtt_* and
 * gm_latency_* as the drift's keys are (count, p50_us, p99_us, max_us,
 * mean_us, fine), gm_queues and per queue i gm_queue_<i> (its name),
 * gm_queue_<i>_sent, _results, _orphans.
 */
void dstats_gearman(struct statsfile_buf *b, const struct gmcore *g, const struct mgcfg *m);

#endif

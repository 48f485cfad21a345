/*
 * checkstats: the 1, 5 and 15 minute check counts of status.dat's
 * programstatus section, computed the way Nagios 4.4.6 computes them.
 *
 * Each kind keeps a ring of 15 one-minute buckets.  The current minute's
 * bucket collects what happens now; when the minute changes, the buckets
 * of the minutes skipped are emptied, the old content of the bucket being
 * reused (what happened 15 minutes before) moves to the overflow bucket,
 * and the reused bucket starts at 0.  Reading weights the buckets by how
 * far the current minute has gone (s seconds into it): the current bucket
 * counts whole plus the part (60 - s) / 60 of the one before it, every
 * older bucket counts s / 60 of itself (rounded up) plus (60 - s) / 60 of
 * the one before (rounded down), the overflow bucket standing in for the
 * one before the oldest.  The weights are single-precision floats, as in
 * Nagios, so that the roundings come out the same.
 *
 * Nagios advances the ring both when it counts a check and each time it
 * writes status.dat, and the write also sets the time of the last update;
 * since status is written at least once a minute, the ring always follows
 * the clock minute by minute and nothing counted is lost.  Here reading is
 * const (it advances a copy), so the advance done when counting must give
 * what that minute-by-minute following would have left: it works from the
 * number of minutes since the last update, not only from bucket numbers,
 * so that 15 or more quiet minutes empty the ring (and exactly 15 leave
 * the old current bucket as the overflow), and a count after a quiet spell
 * lands in its own minute.  A clock that went backwards empties the ring.
 *
 * Minutes are counted from the epoch, not from program start (this API
 * does not know it): the 1-minute figure therefore turns over on the
 * minute of the wall clock, where Nagios turns over at whole minutes after
 * its start.  The totals over a steady load are the same.
 *
 * Called by the checker and the command pipe (checkstats_add) and by the
 * status.dat writer (checkstats_get).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/checkstats.h"

#include <math.h>
#include <string.h>

void
checkstats_init(struct checkstats *cs)
{
	memset(cs, 0, sizeof(*cs));
}

/* whole minutes since the epoch; times before it count as minute 0 */
static unsigned long long
checkstats_minute(time_t t)
{
	return t > 0 ? (unsigned long long)t / 60 : 0;
}

/* move the ring r to the minute of now, as Nagios's rotation would have */
static void
checkstats_advance(struct checkstats_ring *r, time_t now)
{
	unsigned long long then = checkstats_minute(r->last_update);
	unsigned long long cur = checkstats_minute(now);
	int nb = (int)(cur % CHECKSTATS_BUCKETS);
	int b;

	if (cur == then)
		return;
	if (cur < then || cur - then > CHECKSTATS_BUCKETS) {
		/* the whole ring is older than 15 minutes (or in the future) */
		memset(r->bucket, 0, sizeof(r->bucket));
		r->overflow = 0;
		r->current = nb;
		return;
	}
	/* empty the buckets of the minutes between then and now (all the
	 * others when exactly 15 minutes went by) */
	for (b = (r->current + 1) % CHECKSTATS_BUCKETS; b != nb; b = (b + 1) % CHECKSTATS_BUCKETS)
		r->bucket[b] = 0;
	/* the reused bucket holds what happened 15 minutes ago */
	r->overflow = r->bucket[nb];
	r->bucket[nb] = 0;
	r->current = nb;
}

void
checkstats_add(struct checkstats *cs, enum checkstats_kind k, time_t now)
{
	struct checkstats_ring *r;

	if ((int)k < 0 || k >= CHECKSTATS_NKINDS)
		return;
	r = &cs->ring[k];
	checkstats_advance(r, now);
	r->bucket[r->current]++;
	r->last_update = now;
}

void
checkstats_get(const struct checkstats *cs, enum checkstats_kind k, time_t now, int out[3])
{
	struct checkstats_ring r;
	float this_weight, last_weight;
	int x, this_b, last_b, this_v, last_v, v, seconds;

	out[0] = out[1] = out[2] = 0;
	if ((int)k < 0 || k >= CHECKSTATS_NKINDS)
		return;
	r = cs->ring[k];
	checkstats_advance(&r, now);

	seconds = (int)(now > 0 ? now % 60 : 0);
	this_weight = (float)(seconds / 60.0);
	last_weight = (float)((60 - seconds) / 60.0);
	for (x = 0; x < CHECKSTATS_BUCKETS; x++) {
		this_b = (r.current + CHECKSTATS_BUCKETS - x) % CHECKSTATS_BUCKETS;
		last_b = (this_b + CHECKSTATS_BUCKETS - 1) % CHECKSTATS_BUCKETS;
		this_v = r.bucket[this_b];
		last_v = last_b == r.current ? r.overflow : r.bucket[last_b];
		if (x == 0)
			v = (int)(this_v + floor((float)last_v * last_weight));
		else
			v = (int)(ceil((float)this_v * this_weight) +
			    floor((float)last_v * last_weight));
		if (x == 0)
			out[0] = v;
		if (x < 5)
			out[1] += v;
		out[2] += v;
	}
}

/*
 * checkstats: Nagios's check statistics, the a,b,c triples of the
 * programstatus section of status.dat (active_scheduled_host_check_stats
 * and the rest) that nagiostats reads: how many checks of one kind ran in
 * the last 1, 5 and 15 minutes.  Computed as Nagios 4.4.6 does
 * (update_check_stats / generate_check_stats in base/utils.c): a ring of
 * 15 one-minute buckets, the current minute's bucket weighted by how far
 * the minute has gone.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CHECKSTATS_H
#define JAQUE_CHECKSTATS_H

#include <time.h>

enum checkstats_kind {
	CHECKSTATS_ACTIVE_SCHEDULED_SERVICE,
	CHECKSTATS_ACTIVE_ONDEMAND_SERVICE,
	CHECKSTATS_PASSIVE_SERVICE,
	CHECKSTATS_ACTIVE_CACHED_SERVICE,
	CHECKSTATS_ACTIVE_SCHEDULED_HOST,
	CHECKSTATS_ACTIVE_ONDEMAND_HOST,
	CHECKSTATS_PASSIVE_HOST,
	CHECKSTATS_ACTIVE_CACHED_HOST,
	CHECKSTATS_PARALLEL_HOST,
	CHECKSTATS_SERIAL_HOST,
	CHECKSTATS_EXTERNAL_COMMAND,
	CHECKSTATS_NKINDS
};

#define CHECKSTATS_BUCKETS 15

struct checkstats_ring {
	int bucket[CHECKSTATS_BUCKETS];
	int current;          /* index of the current minute's bucket */
	int overflow;         /* as Nagios's overflow_bucket */
	time_t last_update;
};

struct checkstats {
	struct checkstats_ring ring[CHECKSTATS_NKINDS];
};

void checkstats_init(struct checkstats *cs);
/* count one check (or command) of kind k at time now */
void checkstats_add(struct checkstats *cs, enum checkstats_kind k, time_t now);
/* the counts of the last 1, 5 and 15 minutes at time now, as Nagios writes them */
void checkstats_get(const struct checkstats *cs, enum checkstats_kind k, time_t now, int out[3]);

#endif

/*
 * progstate: the program-wide run-time state that is not configuration:
 * what Nagios writes in the programstatus section of status.dat and the
 * program section of retention.dat besides the switches.
 *
 * The program-wide switches themselves (enable_notifications,
 * execute_service_checks, accept_passive_*_checks, enable_event_handlers,
 * enable_flap_detection, process_performance_data, obsess_over_*,
 * check_*_freshness) stay in the generation's struct main_cfg: the
 * engine reads them there, and external commands and retention change
 * them there at run time (main_cfg is a plain struct the daemon owns).
 * A reload copies every switch whose bit is set in modified_host_attributes
 * or modified_service_attributes from the old configuration to the new,
 * as Nagios does by saving and reading retention around a restart.
 *
 * Event and problem ids are the checker's (checker_ids); comment and
 * downtime ids are here.  One prog_state lives for the whole process.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_PROGSTATE_H
#define JAQUE_PROGSTATE_H

#include <time.h>

#include "engine/util/checkstats.h"

struct prog_state {
	time_t program_start;
	time_t last_log_rotation;     /* 0 before the first rotation */
	long pid;
	int daemon_mode;
	unsigned long modified_host_attributes;    /* MODATTR_ bits (extcmd.h) */
	unsigned long modified_service_attributes;
	/* set by CHANGE_GLOBAL_*_EVENT_HANDLER (heap, NULL: as configured) */
	char *global_host_event_handler;
	char *global_service_event_handler;
	unsigned long next_comment_id;      /* first is 1 */
	unsigned long next_downtime_id;     /* first is 1 */
	unsigned long next_notification_id; /* first is 1 */
	struct checkstats stats;            /* the *_check_stats triples */
};

void progstate_init(struct prog_state *p, time_t program_start, long pid, int daemon_mode);
/* free the heap strings */
void progstate_clear(struct prog_state *p);

#endif

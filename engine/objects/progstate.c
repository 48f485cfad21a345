/*
 * progstate: see progstate.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/objects/progstate.h"

#include <stdlib.h>
#include <string.h>

void
progstate_init(struct prog_state *p, time_t program_start, long pid, int daemon_mode)
{
	memset(p, 0, sizeof(*p));
	p->program_start = program_start;
	p->pid = pid;
	p->daemon_mode = daemon_mode;
	p->next_comment_id = 1;
	p->next_downtime_id = 1;
	p->next_notification_id = 1;
	checkstats_init(&p->stats);
}

void
progstate_clear(struct prog_state *p)
{
	free(p->global_host_event_handler);
	free(p->global_service_event_handler);
	p->global_host_event_handler = NULL;
	p->global_service_event_handler = NULL;
}

/*
 * sm_int: what the service and host halves of the state machine share
 * (statemachine.c): taking a result into the state, Nagios's interval
 * arithmetic, acknowledgement clearing, flap history and rescheduling.
 * Private to engine/check/statemachine.c, sm_service.c and sm_host.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SM_INT_H
#define JAQUE_SM_INT_H

#include <time.h>

#include "engine/check/statemachine.h"

/* Nagios's acknowledgement types, as state_common.acknowledgement_type holds them */
#define SM_ACK_NONE 0
#define SM_ACK_NORMAL 1
#define SM_ACK_STICKY 2

/* the state both kinds call OK: service OK and host UP are 0 */
#define SM_GOOD 0

/* interval_length, 60 without a configuration */
int sm_interval_length(const struct main_cfg *cfg);

/* base + interval * interval_length, truncated as Nagios's cast does */
time_t sm_after(time_t base, double interval, int il);

/*
 * Take cr into c as Nagios's *_initial_handling does: texts, latency,
 * execution time, last_check, last_state and current_state.  Returns the
 * previous output (the caller frees it) and in *old_known whether Nagios
 * would have had one (a never-checked object has none).
 */
char *sm_take_result(struct state_common *c, const struct check_result *cr, int is_host,
    int *old_known);

/* whether the output changed, as Nagios's compare_strings sees it */
int sm_output_changed(const char *old, int old_known, const char *cur);

/* the acknowledgement ends on a state change, or a sticky one on recovery */
void sm_clear_ack(struct state_common *c, int state_change, int hard_change, unsigned *flags);

/* what both kinds do on a state or state type change besides their own part */
void sm_state_or_type(struct state_common *c, int state_change, int hard_change,
    unsigned *flags);

/* record current_state in the 21-slot history when options allow it */
void sm_record_history(struct state_common *c, unsigned flap_options);

/*
 * Nagios's rescheduling at the end of a result: none with active checks
 * off, none with check_interval 0 in a HARD or good state, else at
 * next_check but never before now.
 */
void sm_reschedule(struct state_common *c, time_t next_check, time_t now,
    struct sm_outcome *out);

/* stalking: the object's stalking_options name its current state */
int sm_should_stalk(const struct state_common *c, unsigned stalking_options);

#endif

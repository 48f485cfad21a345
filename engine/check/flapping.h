/*
 * flapping: Nagios 4.4.6's flap detection (base/flapping.c) as pure
 * functions over one object's state.
 *
 * An object keeps its last 21 recorded states (state_common's
 * state_history, a ring whose next slot is state_history_index).  The
 * percent state change weighs each of the 20 transitions between
 * neighbouring slots from 0.75 (the oldest) to 1.25 (the newest) and
 * scales the sum to 0..100.  At or above the high threshold the object
 * starts flapping, at or below the low one it stops; in between nothing
 * changes.  A threshold of 0 (or less) on the object means the global
 * one of nagios.cfg.  With flap detection off globally or for the object,
 * a flapping object just stops (the "Disabled flap detection" edge).
 *
 * The state machine records a service's state (hard states and soft
 * recoveries) and a host's state (every host result) itself; on a
 * service result Nagios also records its host's state, which
 * flap_host does when asked.  The checker calls flap_service and
 * flap_host after the state machine, before the ALERT line, and hands
 * an edge to its flapping hook: the log lines and the comment are the
 * daemon's.  Nothing here logs or reads a clock.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_FLAPPING_H
#define JAQUE_FLAPPING_H

#include "engine/objects/state.h"

struct main_cfg;
struct obj_host;
struct obj_service;

enum flap_edge {
	FLAP_EDGE_NONE = 0,
	FLAP_EDGE_STARTED,  /* percent >= high threshold: the object is flapping now */
	FLAP_EDGE_STOPPED,  /* percent <= low threshold: it stopped */
	FLAP_EDGE_DISABLED  /* detection is off while it was flapping: it stopped */
};

/* what an evaluation found; the thresholds are those that applied */
struct flap_outcome {
	enum flap_edge edge;
	double percent;
	double low;
	double high;
	/* a STARTED edge that must not notify: set by the caller (start-up
	 * judging a retained history that was flapping already); the
	 * functions below clear it */
	int quiet;
};

/* "NONE", "STARTED", "STOPPED", "DISABLED" */
const char *flap_edge_str(enum flap_edge e);

/*
 * Record c's current state in its history when options (OBJ_OPT_ bits,
 * 1 << state) include it; a state outside 0..3 is never recorded.
 */
void flap_record(struct state_common *c, unsigned options);

/* Nagios's weighted percent state change over c's 21 recorded states */
double flap_percent(const struct state_common *c);

/* the threshold that applies: the object's own when above 0, else the global
 * one */
double flap_threshold(double own, double global);

/*
 * Compute c's percent_state_change and decide.  enabled: flap detection
 * is on globally and for the object.  Sets is_flapping on an edge and
 * returns it (also in out, with the percent and the thresholds).
 */
enum flap_edge flap_evaluate(struct state_common *c, int enabled, double low, double high,
    struct flap_outcome *out);

/*
 * Nagios's check_for_service_flapping after a result (the state machine
 * recorded the state already): a soft problem changes nothing, not even
 * percent_state_change (FLAP_EDGE_NONE, out->percent the old value).
 */
enum flap_edge flap_service(struct svc_state *st, const struct obj_service *s,
    const struct main_cfg *cfg, struct flap_outcome *out);

/*
 * Nagios's check_for_host_flapping: record: also record the host's state
 * (a service result; a host result was recorded by the state machine).
 */
enum flap_edge flap_host(struct host_state *st, const struct obj_host *h,
    const struct main_cfg *cfg, int record, struct flap_outcome *out);

/*
 * Flap detection as Nagios runs it when it reads retention.dat (at start
 * and at SIGHUP): the history judged again without recording a state, for
 * a service (ss, s) or else a host (hs, h).  A STARTED edge of an object
 * that was_flapping is quiet (out->quiet: no notification); one that was
 * flapping and is not now owes no recovery notification.
 */
enum flap_edge flap_rejudge(struct host_state *hs, const struct obj_host *h,
    struct svc_state *ss, const struct obj_service *s, const struct main_cfg *cfg,
    int was_flapping, struct flap_outcome *out);

#endif

/*
 * downtime: scheduled downtime of hosts and services with Nagios 4.4.6's
 * semantics (common/downtime.c): fixed downtime runs from start to end;
 * flexible downtime starts when the object goes into a problem state
 * between start and end and lasts `duration`; triggered downtime starts
 * when the downtime it is triggered by starts.  Each downtime has a
 * comment (entry type COMMENT_DOWNTIME) with Nagios's wording, made when
 * it is scheduled and deleted when it ends.  A downtime in effect adds one
 * to its object's scheduled_downtime_depth (overlaps stack).
 *
 * Like comments, a downtime names its object (heap copies of host name
 * and service description).  The store keeps Nagios's order (by start
 * time, as its downtime list), the order of status.dat and retention.dat.
 * Ids come from prog_state's next_downtime_id.
 *
 * Time moves through downtimes_tick (the daemon calls it at every whole
 * second, when Nagios's downtime events fire, and when the soon hook asks)
 * and downtimes_object_state (every check result of an object whose state
 * or state type changed).  What happens goes to the event hook: main logs
 * "HOST DOWNTIME ALERT" / "SERVICE DOWNTIME ALERT" lines and sends the
 * DOWNTIME notifications.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DOWNTIME_H
#define JAQUE_DOWNTIME_H

#include <stddef.h>
#include <time.h>

struct comments;
struct prog_state;
struct state_common;

enum downtime_event {
	DOWNTIME_EV_STARTED,
	DOWNTIME_EV_STOPPED,    /* ended at its end (or after its duration) */
	DOWNTIME_EV_CANCELLED,  /* deleted while in effect */
	DOWNTIME_EV_EXPIRED     /* never started, its end passed (Nagios sends
	                         * DOWNTIMEEND for it and logs nothing) */
};

struct downtime {
	unsigned long id;
	unsigned long comment_id;
	unsigned long triggered_by;   /* 0: not triggered */
	char *host;                   /* heap */
	char *svc;                    /* heap, NULL for host downtime */
	char *author;                 /* heap */
	char *comment;                /* heap */
	time_t entry_time;
	time_t start_time;
	time_t flex_downtime_start;   /* when a flexible downtime started, else 0 */
	time_t end_time;
	unsigned long duration;       /* seconds */
	int fixed;
	int is_in_effect;
	int start_notification_sent;
};

struct downtime_hooks {
	void *arg;
	/* the run-time state of an object (svc NULL: the host), NULL when no
	 * such object exists in the running configuration */
	struct state_common *(*state)(void *arg, const char *host, const char *svc);
	/* a downtime started, stopped or was cancelled (after depth and
	 * comment were updated); d is valid during the call only */
	void (*event)(void *arg, enum downtime_event ev, const struct downtime *d, time_t t);
	/* the date_format the comments' dates follow (enum maincfg_date);
	 * NULL: "us" */
	int (*date_format)(void *arg);
	/* something is due now: call downtimes_tick on the next pass of the
	 * loop, once the work in hand (a batch of commands, a check result)
	 * is done, as Nagios runs an event scheduled for now; may be NULL */
	void (*soon)(void *arg);
	/* how many events besides downtime's Nagios's start-up has queued
	 * when it first runs its events (init_timing_loop's: a check for each
	 * host and service it schedules, and its own); may be NULL (2, the
	 * check reaper and the status save).  Asked at the first tick after
	 * downtimes were added from retention. */
	size_t (*queued)(void *arg);
};

struct downtimes;

/* comments and prog (ids) are borrowed and must outlive the store */
struct downtimes *downtimes_new(struct comments *cs, struct prog_state *prog,
    const struct downtime_hooks *hooks);
void downtimes_free(struct downtimes *dt);

/*
 * Schedule a downtime, as an external command asks (entry_time and now:
 * the time it is processed).  Refused (returns -1, *err says why in
 * Nagios's words when it has some) for an unknown object, end not after
 * start, an end in the past, an unknown triggered_by id, or a flexible
 * downtime without a duration; the last two use up an id, as Nagios's
 * schedule_downtime does, and put it in *id_out.  Adds the
 * comment and starts nothing: a fixed downtime whose start has come
 * starts at the next tick (the soon hook asks for one), a flexible one
 * at its object's next change of state or state type, a triggered one
 * when its trigger starts (not when that one is already in effect).  A
 * flexible one (triggered or not) queues an expire event at end + 1,
 * which removes every downtime not in effect whose end has come; a fixed
 * one queues none.  Returns 0 and the new id in *id_out (may be NULL).
 */
int downtimes_schedule(struct downtimes *dt, const char *host, const char *svc,
    time_t entry_time, const char *author, const char *comment, time_t start, time_t end,
    int fixed, unsigned long triggered_by, unsigned long duration, time_t now,
    unsigned long *id_out, const char **err);
/*
 * Add a downtime read from retention, with its ids and a new comment, and
 * register it as Nagios's start-up does (register_downtime): it is added
 * not in effect; an untriggered fixed one, or a flexible one that was in
 * effect, starts at its start time, a triggered one with its trigger, and
 * a flexible one that was not in effect queues an expire event at
 * end_time + 1 (as downtimes_schedule).  Nothing starts here: what is due
 * by now runs at the next tick (the soon hook asks for one), in the order
 * Nagios's event heap gives these events (see the queued hook).  Returns
 * 0, or -1 (duplicate id, unknown object, Nagios's refusals).
 */
int downtimes_add_retained(struct downtimes *dt, const struct downtime *d, time_t now);
/* delete one downtime by id (cancelling it if in effect, and the downtimes
 * it triggered; the expire events they queued go too): 0, or -1 when
 * there is none */
int downtimes_delete(struct downtimes *dt, unsigned long id, time_t now);
/*
 * Delete the downtimes that match every given filter (DEL_DOWNTIME_BY_*):
 * host NULL any, svc NULL any (svc "" only host downtime), start 0 any,
 * comment NULL any.  Returns how many were deleted.
 */
size_t downtimes_delete_matching(struct downtimes *dt, const char *host, const char *svc,
    time_t start, const char *comment, time_t now);
/* start and end what is due at now, and run the expire events due */
void downtimes_tick(struct downtimes *dt, time_t now);
/*
 * Forget every queued event (the expire events, and those due at once
 * that the next tick would run), as a Nagios restart empties its event
 * queue; call it before the downtimes are registered again.  An expire
 * event outlives its downtime otherwise (one that ended, or expired).
 */
void downtimes_drop_events(struct downtimes *dt);
/*
 * An object's state or state type changed: if it is now in a problem
 * state, its pending flexible downtime whose window holds now starts: a
 * service's at once (before the result is notified, which the downtime
 * then silences), a host's at the next tick (the soon hook asks for one:
 * the result is notified first), as Nagios's check_pending_flex_*_downtime.
 */
void downtimes_object_state(struct downtimes *dt, const char *host, const char *svc, time_t now);

/* 1 when a flexible, untriggered downtime of the object (svc NULL: the
 * host) has not started and now is inside its window (Nagios's
 * is_*_in_pending_flex_downtime) */
int downtimes_pending_flex(struct downtimes *dt, const char *host, const char *svc, time_t now);
const struct downtime *downtimes_find(const struct downtimes *dt, unsigned long id);
/*
 * The order Nagios's sort_downtime() leaves after it read retention.dat
 * (its reader puts each downtime first, then sorts stably by start time,
 * untriggered first): downtimes that tie turn the other way round.  The
 * caller added them in the file's order.
 */
void downtimes_resort(struct downtimes *dt);
/*
 * Add n retained downtimes as Nagios's reader leaves them: add(arg, i) for
 * each, a triggered one (trigger_of(arg, i) != 0) only once its trigger is
 * in the store, in passes while one adds something, then what is left
 * (its trigger gone: the store refuses it); then downtimes_resort.
 */
void downtimes_add_in_order(struct downtimes *dt, size_t n,
    unsigned long (*trigger_of)(void *arg, size_t i), void (*add)(void *arg, size_t i),
    void *arg);
/* iteration in Nagios's order */
size_t downtimes_count(const struct downtimes *dt);
const struct downtime *downtimes_at(const struct downtimes *dt, size_t i);
/* a number that changes whenever downtimes_at's list does (an add, a delete,
 * a new order) */
unsigned long downtimes_generation(const struct downtimes *dt);

#endif

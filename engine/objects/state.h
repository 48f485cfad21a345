/*
 * state: the run-time state of hosts and services, kept apart from their
 * configuration (objects.h).  The engine holds one array of each, indexed
 * by the object's id in the current generation; a reload builds new arrays
 * for the new generation and carries each object's state across by name.
 *
 * Strings here (plugin output, long output, performance data) are heap
 * strings owned by the state struct: state_set_str replaces one, and
 * state_host_clear / state_svc_clear free them all.  NULL means empty.
 *
 * The run-time switches (active_checks_enabled and the rest) start as the
 * configuration says and are changed later by external commands; the
 * engine reads these, never obj_settings, once a state exists.
 *
 * Some settings can be overridden at run time as in Nagios 4.4.6
 * (CHANGE_*_TIMEPERIOD, CHANGE_CUSTOM_*_VAR, and retention.dat): a period
 * override points at a timeperiod of the state's generation (NULL: the
 * configured one stands; state_check_period and the like say which
 * applies), so a reload must rebind it by name (state_period_rebind).  A
 * custom variable override is Nagios's has_been_modified: the variable's
 * name and new value as heap strings, kept in struct state_vars; only a
 * variable the configuration defines can have one.  The clear functions
 * free these too; a struct copy shares them, so states are moved, never
 * copied, from one owner to another.
 *
 * Written by engine/check (results, scheduling) and later by the command
 * pipe and retention; read anywhere (macros, log, status writers).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STATE_H
#define JAQUE_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct obj_host;
struct obj_service;
struct obj_contact;
struct obj_customvar;
struct obj_settings;
struct obj_timeperiod;
struct objects;

enum state_type { STATE_SOFT = 0, STATE_HARD = 1 };
enum state_check_type { STATE_CHECK_ACTIVE = 0, STATE_CHECK_PASSIVE = 1 };

/* Nagios's MODATTR_ bits of the switches, the overrides and the retained
 * figures (compat/extcmd.h has them all) */
#define STATE_MODATTR_NOTIFICATIONS_ENABLED (1ul << 0)
#define STATE_MODATTR_ACTIVE_CHECKS_ENABLED (1ul << 1)
#define STATE_MODATTR_PASSIVE_CHECKS_ENABLED (1ul << 2)
#define STATE_MODATTR_EVENT_HANDLER_ENABLED (1ul << 3)
#define STATE_MODATTR_FLAP_DETECTION_ENABLED (1ul << 4)
#define STATE_MODATTR_PERFORMANCE_DATA_ENABLED (1ul << 6)
#define STATE_MODATTR_OBSESSIVE_HANDLER_ENABLED (1ul << 7)
#define STATE_MODATTR_NORMAL_CHECK_INTERVAL (1ul << 10)
#define STATE_MODATTR_RETRY_CHECK_INTERVAL (1ul << 11)
#define STATE_MODATTR_MAX_CHECK_ATTEMPTS (1ul << 12)
#define STATE_MODATTR_CHECK_TIMEPERIOD (1ul << 14)
#define STATE_MODATTR_CUSTOM_VARIABLE (1ul << 15)
#define STATE_MODATTR_NOTIFICATION_TIMEPERIOD (1ul << 16)

/* flap detection keeps Nagios's 21 recorded states */
#define STATE_HISTORY 21

/* a custom variable changed at run time (Nagios's has_been_modified set) */
struct state_var {
	char *name;  /* upper case, without the leading '_' */
	char *value; /* never NULL: "" when set empty */
};

/* the changed custom variables of one object, in the order they changed */
struct state_vars {
	struct state_var *v;
	unsigned n;
};

/* check_options bits, Nagios's CHECK_OPTION_ values */
#define STATE_CKOPT_FORCED 1    /* runs whatever its period and switches say */
#define STATE_CKOPT_FRESHNESS 2 /* a freshness check */
#define STATE_CKOPT_ORPHAN 4    /* an orphaned check run again */
#define STATE_CKOPT_DEPENDENCY 8 /* an on-demand host check another result asked for */

/* the part of a host's and a service's state that has the same shape */
struct state_common {
	char *output;       /* first line of plugin output, NULL before the first result */
	/* Nagios's plugin_output is not NULL: a result gave it, or retention.dat
	 * (an empty one is "" there, where output is NULL here) */
	int output_known;
	char *long_output;  /* the lines after it, '\n' kept (escaped only when written out) */
	char *perf_data;

	int current_state;  /* enum obj_state for services, enum obj_hstate for hosts */
	int last_state;
	int last_hard_state;
	int state_type;     /* enum state_type */
	int current_attempt;
	int max_attempts;   /* run-time max_check_attempts (starts at the configured one) */
	int check_type;     /* enum state_check_type of the last result */
	int has_been_checked;
	int is_executing;   /* a check is in flight */
	int should_be_scheduled;
	/* the next scheduled check's STATE_CKOPT_ bits (Nagios's check_options):
	 * set when it is scheduled, 0 once it starts; status.dat and retention
	 * carry it, so a forced check scheduled ahead survives a restart */
	int check_options;
	int is_flapping;
	int problem_has_been_acknowledged;
	int acknowledgement_type;
	int scheduled_downtime_depth;
	int current_notification_number;
	int notified_on;    /* OBJ_OPT_ bits */
	int no_more_notifications; /* notification_interval 0 and one went out */
	int check_flapping_recovery_notification; /* flapping began after a notified problem */
	int state_history_index;
	int state_history[STATE_HISTORY];
	int last_check_rc;  /* the plugin's exit code (or -1) */
	int early_timeout;  /* the last check timed out */

	/* run-time switches; start as configured */
	int active_checks_enabled;
	int passive_checks_enabled;
	int event_handler_enabled;
	int flap_detection_enabled;
	int notifications_enabled;
	int obsess;
	int check_freshness;
	int process_performance_data;

	double check_interval;  /* in interval_length units, start as configured */
	double retry_interval;
	double latency;         /* seconds, of the last check */
	double execution_time;  /* seconds */
	double percent_state_change;

	time_t last_check;
	time_t next_check;
	time_t last_state_change;
	time_t last_hard_state_change;
	time_t last_notification;
	time_t next_notification;
	time_t last_event_id_time;
	unsigned long modified_attributes;
	unsigned long current_event_id;
	unsigned long last_event_id;
	unsigned long current_problem_id;
	unsigned long last_problem_id;
	unsigned long current_notification_id;
	/* the comment flapping added (Nagios's flapping_comment_id): 0 when
	 * none; kept when someone deletes the comment, as Nagios keeps it */
	unsigned long flapping_comment_id;
	uint64_t checks_run; /* how many results this object has taken */

	/* run-time overrides (CHANGE_*_TIMEPERIOD, CHANGE_CUSTOM_*_VAR) */
	const struct obj_timeperiod *check_period;        /* NULL: as configured */
	const struct obj_timeperiod *notification_period; /* NULL: as configured */
	struct state_vars vars;
};

struct host_state {
	struct state_common c;
	time_t last_time_up;
	time_t last_time_down;
	time_t last_time_unreachable;
};

struct svc_state {
	struct state_common c;
	int host_problem_at_last_check; /* the host was not UP when the last result came */
	time_t last_time_ok;
	time_t last_time_warning;
	time_t last_time_critical;
	time_t last_time_unknown;
};

/* a contact's run-time state (contactstatus in status.dat, contact in retention.dat) */
struct contact_state {
	int host_notifications_enabled;     /* start as configured */
	int service_notifications_enabled;
	time_t last_host_notification;
	time_t last_service_notification;
	unsigned long modified_attributes;
	unsigned long modified_host_attributes;
	unsigned long modified_service_attributes;
	/* run-time overrides, as in struct state_common */
	const struct obj_timeperiod *host_notification_period;    /* NULL: as configured */
	const struct obj_timeperiod *service_notification_period; /* NULL: as configured */
	struct state_vars vars;
};

/* fill a fresh state from the configuration (PENDING, switches as configured) */
void state_host_init(struct host_state *st, const struct obj_host *h);
void state_svc_init(struct svc_state *st, const struct obj_service *s);
void state_contact_init(struct contact_state *st, const struct obj_contact *c);
/* free the strings and overrides of a state; the struct itself is the caller's */
void state_host_clear(struct host_state *st);
void state_svc_clear(struct svc_state *st);
void state_contact_clear(struct contact_state *st);
/* replace *slot by a heap copy of the len bytes at s (NULL or len 0: empty) */
void state_set_str(char **slot, const char *s, size_t len);

/* the period that applies: the run-time override, else the configured one (may be NULL) */
const struct obj_timeperiod *state_check_period(const struct state_common *c,
    const struct obj_settings *cfg);
const struct obj_timeperiod *state_notification_period(const struct state_common *c,
    const struct obj_settings *cfg);
const struct obj_timeperiod *state_contact_host_period(const struct contact_state *st,
    const struct obj_contact *c);
const struct obj_timeperiod *state_contact_svc_period(const struct contact_state *st,
    const struct obj_contact *c);
/*
 * A reload: point *slot (an override, NULL for none) at the timeperiod of
 * the same name in objs; the old generation must still exist.  Returns
 * 0, or -1 when objs has no such period: the override is dropped (*slot
 * NULL) and the caller clears its modified-attribute bit, as Nagios drops
 * a retained period that is gone.
 */
int state_period_rebind(const struct obj_timeperiod **slot, const struct objects *objs);
/*
 * A reload moved c into the generation objs, where its object defines
 * vars: rebind the periods (state_period_rebind; a dropped one takes its
 * bit along), drop the overrides of variables no longer defined, and
 * clear STATE_MODATTR_CUSTOM_VARIABLE when no override is left (Nagios's
 * retention reader does that).
 */
void state_common_rebind(struct state_common *c, const struct objects *objs,
    const struct obj_customvar *vars, unsigned nvars);

/* the override of the variable called name, or NULL */
const struct state_var *state_var_find(const struct state_vars *vs, const char *name);
/* set (or replace) the override of name to a heap copy of value */
void state_var_set(struct state_vars *vs, const char *name, const char *value);
/* the value of configured variable v: its override in vs (may be NULL) when changed */
const char *state_var_value(const struct state_vars *vs, const struct obj_customvar *v);
/* drop the overrides of variables that vars (n of them) does not define; how many are left */
unsigned state_vars_keep(struct state_vars *vs, const struct obj_customvar *vars, unsigned n);
void state_vars_clear(struct state_vars *vs);
/*
 * A reload: move src (a contact of the old generation, which must still
 * exist) into dst, contact c of objs (dst is cleared first), rebinding
 * its overrides as state_common_rebind does; a notification switch whose
 * modified-attribute bit is clear takes c's configured value.  src is left
 * without heap memory.
 */
void state_contact_move(struct contact_state *dst, struct contact_state *src,
    const struct objects *objs, const struct obj_contact *c);

/* Nagios's names of states, for log lines and macros */
const char *state_svc_name(int state);  /* "OK", "WARNING", "CRITICAL", "UNKNOWN" */
const char *state_host_name(int state); /* "UP", "DOWN", "UNREACHABLE" */
const char *state_type_name(int type);  /* "SOFT", "HARD" */

#endif

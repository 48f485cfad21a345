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
 * Written by engine/check (results, scheduling) and later by the command
 * pipe and retention; read anywhere (macros, log, status writers).
 */
#ifndef JAQUE_STATE_H
#define JAQUE_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct obj_host;
struct obj_service;

enum state_type { STATE_SOFT = 0, STATE_HARD = 1 };
enum state_check_type { STATE_CHECK_ACTIVE = 0, STATE_CHECK_PASSIVE = 1 };

/* flap detection keeps Nagios's 21 recorded states */
#define STATE_HISTORY 21

/* the part of a host's and a service's state that has the same shape */
struct state_common {
	char *output;       /* first line of plugin output, NULL before the first result */
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
	int is_flapping;
	int problem_has_been_acknowledged;
	int acknowledgement_type;
	int scheduled_downtime_depth;
	int current_notification_number;
	int notified_on;    /* OBJ_OPT_ bits */
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
	uint64_t checks_run; /* how many results this object has taken */
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
};

/* fill a fresh state from the configuration (PENDING, switches as configured) */
void state_host_init(struct host_state *st, const struct obj_host *h);
void state_svc_init(struct svc_state *st, const struct obj_service *s);
struct obj_contact;
void state_contact_init(struct contact_state *st, const struct obj_contact *c);
/* free the strings of a state; the struct itself is the caller's */
void state_host_clear(struct host_state *st);
void state_svc_clear(struct svc_state *st);
/* replace *slot by a heap copy of the len bytes at s (NULL or len 0: empty) */
void state_set_str(char **slot, const char *s, size_t len);

/* Nagios's names of states, for log lines and macros */
const char *state_svc_name(int state);  /* "OK", "WARNING", "CRITICAL", "UNKNOWN" */
const char *state_host_name(int state); /* "UP", "DOWN", "UNREACHABLE" */
const char *state_type_name(int type);  /* "SOFT", "HARD" */

#endif

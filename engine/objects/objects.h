/*
 * objects: the runtime object model of one configuration generation.
 *
 * Every object kind lives in one contiguous array indexed by id (its
 * position); references between objects are pointers into those arrays,
 * resolved once when the generation is built.  These structs hold the
 * configuration only: they are read-only once built, so a reload can build
 * a new generation beside the old one.  Run-time state lives
 * in separate arrays indexed by the same ids.
 *
 * Arrays and the strings the builder makes belong to the generation's
 * arena (struct objects.arena) and die with objects_free.  Strings read
 * from the configuration are not copied: they stay in the reader's parse
 * arena, which its owner (struct config_gen) frees after the model.
 * Option sets are bit masks with the OBJ_OPT_ bits, which keep Nagios's
 * meaning: a host bit and a service bit may share a value (DOWN and
 * WARNING, UNREACHABLE and CRITICAL), as in Nagios.
 *
 * display_name points at the name itself (the same pointer) exactly when
 * it was not configured; objects.cache tells the two apart as Nagios does.
 *
 * Written by compat/config (the builder); read anywhere.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_OBJECTS_H
#define JAQUE_OBJECTS_H

#include <stddef.h>
#include <stdint.h>

struct arena;
struct objidx;

/* option bits (notification, stalking, flap, escalation, dependency options) */
#define OBJ_OPT_NONE 0u
#define OBJ_OPT_OK (1u << 0)
#define OBJ_OPT_UP (1u << 0)
#define OBJ_OPT_RECOVERY (1u << 0)
#define OBJ_OPT_WARNING (1u << 1)
#define OBJ_OPT_DOWN (1u << 1)
#define OBJ_OPT_CRITICAL (1u << 2)
#define OBJ_OPT_UNREACHABLE (1u << 2)
#define OBJ_OPT_UNKNOWN (1u << 3)
#define OBJ_OPT_NOTIFICATIONS (1u << 9)
#define OBJ_OPT_PENDING (1u << 10)
#define OBJ_OPT_FLAPPING (1u << 11)
#define OBJ_OPT_DOWNTIME (1u << 12)
#define OBJ_OPT_ALL (~0u)

/* service states; host states are UP 0, DOWN 1, UNREACHABLE 2 */
enum obj_state { OBJ_STATE_OK, OBJ_STATE_WARNING, OBJ_STATE_CRITICAL, OBJ_STATE_UNKNOWN };
enum obj_hstate { OBJ_HOST_UP, OBJ_HOST_DOWN, OBJ_HOST_UNREACHABLE };

/* ---- timeperiods ---- */

struct obj_timerange {
	uint32_t start; /* seconds after midnight, 0..86400 */
	uint32_t end;
	struct obj_timerange *next;
};

/* date exception kinds, in Nagios's order of precedence when evaluating */
enum obj_daterange_type {
	OBJ_DR_CALENDAR_DATE,   /* 2024-12-25 [- 2025-01-02] */
	OBJ_DR_MONTH_DATE,      /* july 4 [- august 2] */
	OBJ_DR_MONTH_DAY,       /* day 1 [- 15], day -1 */
	OBJ_DR_MONTH_WEEK_DAY,  /* monday 1 september [- ...] */
	OBJ_DR_WEEK_DAY,        /* thursday 2 [- ...] */
	OBJ_DR_NTYPES
};

struct obj_daterange {
	enum obj_daterange_type type;
	int syear, smon, smday, swday, swday_offset; /* months 0-11, weekdays 0 = sunday */
	int eyear, emon, emday, ewday, ewday_offset;
	int skip_interval;
	struct obj_timerange *times; /* NULL: the exception excludes the whole day */
	struct obj_daterange *next;
};

struct obj_timeperiod {
	unsigned id;
	const char *name;
	const char *alias;
	struct obj_timerange *days[7]; /* sunday first */
	struct obj_daterange *exceptions[OBJ_DR_NTYPES];
	struct obj_timeperiod **exclude;
	unsigned nexclude;
};

/* ---- commands ---- */

struct obj_command {
	unsigned id;
	const char *name;
	const char *line;
};

/* a reference to a command with its !arguments, as in check_command */
struct obj_cmdref {
	const char *raw;          /* as written: "check_tcp!80" (NULL when unset) */
	struct obj_command *cmd;  /* resolved command */
};

struct obj_customvar {
	const char *name;  /* upper-cased, without the leading '_' */
	const char *value; /* NULL for the value "null" */
};

struct obj_host;
struct obj_service;
struct obj_contact;
struct obj_contactgroup;

/* ---- contacts ---- */

struct obj_contact {
	unsigned id;
	unsigned minimum_importance;
	const char *name;
	const char *alias;
	const char *email;
	const char *pager;
	const char *address[6];
	struct obj_timeperiod *host_notification_period;
	struct obj_timeperiod *service_notification_period;
	struct obj_cmdref *host_notification_commands;
	struct obj_cmdref *service_notification_commands;
	struct obj_contactgroup **groups;
	struct obj_customvar *vars;
	unsigned nhost_notification_commands;
	unsigned nservice_notification_commands;
	unsigned ngroups;
	unsigned nvars;
	unsigned host_notification_options;
	unsigned service_notification_options;
	uint8_t host_notifications_enabled;
	uint8_t service_notifications_enabled;
	uint8_t can_submit_commands;
	uint8_t retain_status_information;
	uint8_t retain_nonstatus_information;
};

struct obj_contactgroup {
	unsigned id;
	const char *name;
	const char *alias;
	struct obj_contact **members;
	unsigned nmembers;
};

/* ---- hosts and services ---- */

struct obj_hostgroup {
	unsigned id;
	const char *name;
	const char *alias;
	const char *notes;
	const char *notes_url;
	const char *action_url;
	struct obj_host **members;
	unsigned nmembers;
};

struct obj_servicegroup {
	unsigned id;
	const char *name;
	const char *alias;
	const char *notes;
	const char *notes_url;
	const char *action_url;
	struct obj_service **members;
	unsigned nmembers;
};

/*
 * The extended information of a host or service (notes, URLs, images,
 * map coordinates): shown by the CGIs and written to objects.cache, read
 * by nothing else, and set on few objects, so it lives out of line.  A
 * service uses only the first five strings.  An object with none of it
 * points at objects_no_extinfo, so ext is never NULL; both are immutable.
 */
struct obj_extinfo {
	const char *notes;
	const char *notes_url;
	const char *action_url;
	const char *icon_image;
	const char *icon_image_alt;
	const char *vrml_image;
	const char *statusmap_image;
	double x_3d, y_3d, z_3d;
	int x_2d, y_2d;
	uint8_t have_2d_coords;
	uint8_t have_3d_coords;
};

/* no extended information: strings NULL, no coordinates (2d at -1,-1, 3d at 0) */
extern const struct obj_extinfo objects_no_extinfo;

/*
 * The settings of a host or service that it usually shares with many
 * others (the values its templates give): periods, contacts, event
 * handler, intervals, thresholds, options and flags.  The builder keeps
 * one copy of each distinct set and objects point at it, so a million
 * objects made from a few templates pay for a few sets.  A set is
 * immutable; is_volatile and parallelize_check are 0 on hosts.  Run-time
 * changes (external commands) belong to the state, not here.
 */
struct obj_settings {
	struct obj_timeperiod *check_period;
	struct obj_timeperiod *notification_period;
	struct obj_contact **contacts;
	struct obj_contactgroup **contact_groups;
	struct obj_cmdref event_handler;
	double check_interval;
	double retry_interval;
	double low_flap_threshold;
	double high_flap_threshold;
	double notification_interval;
	double first_notification_delay;
	unsigned ncontacts;
	unsigned ncontact_groups;
	int max_check_attempts;
	unsigned importance;
	int freshness_threshold;
	unsigned flap_detection_options;
	unsigned notification_options;
	unsigned stalking_options;
	uint8_t initial_state;
	uint8_t is_volatile;
	uint8_t parallelize_check;
	uint8_t active_checks_enabled;
	uint8_t passive_checks_enabled;
	uint8_t obsess;
	uint8_t event_handler_enabled;
	uint8_t check_freshness;
	uint8_t flap_detection_enabled;
	uint8_t notifications_enabled;
	uint8_t process_perf_data;
	uint8_t retain_status_information;
	uint8_t retain_nonstatus_information;
};

/*
 * Hosts and services: what is their own (names, check command, links,
 * extended information, custom variables) and a pointer to their shared
 * settings; cfg and ext are never NULL.
 */
struct obj_host {
	unsigned id;
	unsigned nvars;
	const char *name;
	const char *display_name;
	const char *alias;
	const char *address;
	struct obj_host **parents;
	struct obj_host **children;
	struct obj_hostgroup **groups;
	struct obj_service **services;
	struct obj_cmdref check_command;
	struct obj_settings *cfg; /* shared: never written once built */
	const struct obj_extinfo *ext;
	struct obj_customvar *vars;
	unsigned nparents;
	unsigned nchildren;
	unsigned ngroups;
	unsigned nservices;
};

struct obj_service {
	unsigned id;
	unsigned nvars;
	struct obj_host *host;
	const char *description;
	const char *display_name;
	struct obj_service **parents;
	struct obj_servicegroup **groups;
	struct obj_cmdref check_command;
	struct obj_settings *cfg; /* shared: never written once built */
	const struct obj_extinfo *ext;
	struct obj_customvar *vars;
	unsigned nparents;
	unsigned ngroups;
};

/* ---- dependencies and escalations ---- */

enum obj_dep_type { OBJ_DEP_NOTIFICATION = 1, OBJ_DEP_EXECUTION = 2 };

struct obj_servicedependency {
	unsigned id;
	enum obj_dep_type type;
	struct obj_service *master;
	struct obj_service *dependent;
	struct obj_timeperiod *dependency_period;
	int inherits_parent;
	unsigned failure_options;
};

struct obj_hostdependency {
	unsigned id;
	enum obj_dep_type type;
	struct obj_host *master;
	struct obj_host *dependent;
	struct obj_timeperiod *dependency_period;
	int inherits_parent;
	unsigned failure_options;
};

struct obj_serviceescalation {
	unsigned id;
	struct obj_service *service;
	int first_notification;
	int last_notification;
	double notification_interval;
	struct obj_timeperiod *escalation_period;
	unsigned escalation_options;
	struct obj_contact **contacts;
	unsigned ncontacts;
	struct obj_contactgroup **contact_groups;
	unsigned ncontact_groups;
};

struct obj_hostescalation {
	unsigned id;
	struct obj_host *host;
	int first_notification;
	int last_notification;
	double notification_interval;
	struct obj_timeperiod *escalation_period;
	unsigned escalation_options;
	struct obj_contact **contacts;
	unsigned ncontacts;
	struct obj_contactgroup **contact_groups;
	unsigned ncontact_groups;
};

/*
 * One configuration generation.  Arrays are sorted as Nagios sorts them
 * (by name; services by host name then description) so that files written
 * from them come out in Nagios's order.
 */
struct objects {
	struct arena *arena;
	struct arena *arena2; /* what the builder made on a second thread, or NULL */
	struct obj_timeperiod *timeperiods;
	unsigned ntimeperiods;
	struct obj_command *commands;
	unsigned ncommands;
	struct obj_contact *contacts;
	unsigned ncontacts;
	struct obj_contactgroup *contactgroups;
	unsigned ncontactgroups;
	struct obj_host *hosts;
	unsigned nhosts;
	struct obj_hostgroup *hostgroups;
	unsigned nhostgroups;
	struct obj_service *services;
	unsigned nservices;
	struct obj_servicegroup *servicegroups;
	unsigned nservicegroups;
	struct obj_servicedependency *servicedependencies;
	unsigned nservicedependencies;
	struct obj_serviceescalation *serviceescalations;
	unsigned nserviceescalations;
	struct obj_hostdependency *hostdependencies;
	unsigned nhostdependencies;
	struct obj_hostescalation *hostescalations;
	unsigned nhostescalations;
	/* name indexes, built by objects_index (compact: a 32-bit id per slot) */
	struct objidx *idx_timeperiods;
	struct objidx *idx_commands;
	struct objidx *idx_contacts;
	struct objidx *idx_contactgroups;
	struct objidx *idx_hosts;
	struct objidx *idx_hostgroups;
	struct objidx *idx_servicegroups;
	struct objidx *idx_services; /* by host name and description */
	void *origin;
};

struct objects *objects_new(void);
void objects_free(struct objects *o);
/*
 * Build the name indexes over the arrays.  Called again, it rebuilds only
 * the indexes whose array or count changed (the builder indexes hosts
 * before services exist).  The first of several objects with one name
 * wins.
 */
void objects_index(struct objects *o);

struct obj_timeperiod *objects_find_timeperiod(const struct objects *o, const char *name);
struct obj_command *objects_find_command(const struct objects *o, const char *name);
struct obj_contact *objects_find_contact(const struct objects *o, const char *name);
struct obj_contactgroup *objects_find_contactgroup(const struct objects *o, const char *name);
struct obj_host *objects_find_host(const struct objects *o, const char *name);
struct obj_hostgroup *objects_find_hostgroup(const struct objects *o, const char *name);
struct obj_servicegroup *objects_find_servicegroup(const struct objects *o, const char *name);
struct obj_service *objects_find_service(const struct objects *o, const char *host, const char *desc);

#endif

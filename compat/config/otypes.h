/*
 * otypes: the object types of Nagios's object configuration and, for each,
 * the table of its directives (name and aliases, value slot, value kind,
 * option letters, flags).  Generic code (raw.c, inherit.c, build.c) reads
 * these tables; nothing else in the reader names a directive as a string.
 *
 * Slots are per type: OT_<TYPE>_<FIELD> enums below.  Several directive
 * names may share a slot (aliases such as hostgroups/host_groups).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_OTYPES_H
#define JAQUE_OTYPES_H

#include <stddef.h>
#include <stdint.h>

enum otype {
	OT_TIMEPERIOD,
	OT_COMMAND,
	OT_CONTACTGROUP,
	OT_HOSTGROUP,
	OT_SERVICEGROUP,
	OT_CONTACT,
	OT_HOST,
	OT_SERVICE,
	OT_SERVICEDEPENDENCY,
	OT_SERVICEESCALATION,
	OT_HOSTDEPENDENCY,
	OT_HOSTESCALATION,
	OT_HOSTEXTINFO,
	OT_SERVICEEXTINFO,
	OT_NTYPES
};

/* how a directive's value is read, stored and inherited */
enum okind {
	OK_STR,        /* string; "null" = explicitly unset; inherited when not set */
	OK_STR_LIT,    /* string taken literally ("null" too); inherited when NULL */
	OK_LIST,       /* comma list; "null" unsets; '+' appends to the inherited value */
	OK_INT,        /* atoi */
	OK_UINT,       /* strtoul */
	OK_BOOL,       /* atoi(value) > 0 */
	OK_DOUBLE,     /* strtod */
	OK_OPTS,       /* option letters/words, OR-ed into a mask */
	OK_OPTS_RESET, /* the same, but the mask is cleared first */
	OK_HSTATE,     /* host initial_state: o/up d/down u/unreachable */
	OK_SSTATE,     /* service initial_state: o/ok w/warning u/unknown c/critical */
	OK_COORDS2,    /* "x,y" integers */
	OK_COORDS3,    /* "x,y,z" doubles */
	OK_OBSOLETE    /* accepted with a warning, ignored */
};

/* option letter maps for OK_OPTS */
enum optmap {
	OM_NONE,
	OM_HOST_NOTIF,   /* d u r f s */
	OM_HOST_FLAP,    /* o d u */
	OM_HOST_STALK,   /* o d u N */
	OM_SVC_NOTIF,    /* u w c r f s */
	OM_SVC_FLAP,     /* o w u c */
	OM_SVC_STALK,    /* o w u c N */
	OM_HOST_DEP,     /* o d u p */
	OM_SVC_DEP,      /* o w u c p */
	OM_HOST_ESC,     /* d u r */
	OM_SVC_ESC,      /* w u c r */
	OM_N
};

#define ODF_DEPRECATED 0x01 /* warn that the name is deprecated */
#define ODF_NONEMPTY 0x02   /* an empty value is an error */

struct odir {
	const char *name;
	uint8_t slot;
	uint8_t kind;   /* enum okind */
	uint8_t optmap; /* enum optmap */
	uint8_t flags;
	const char *use_instead; /* for ODF_DEPRECATED */
};

struct otype_info {
	const char *name;         /* "host" */
	const struct odir *dirs;  /* terminated by name NULL */
	unsigned nslots;
	int name_slot;            /* slot of the object's own name, -1 if none */
	int has_customvars;
	int is_timeperiod;
};

/* host */
enum {
	OT_HOST_HOST_NAME, OT_HOST_DISPLAY_NAME, OT_HOST_ALIAS, OT_HOST_ADDRESS,
	OT_HOST_PARENTS, OT_HOST_HOSTGROUPS, OT_HOST_CONTACT_GROUPS, OT_HOST_CONTACTS,
	OT_HOST_NOTIFICATION_PERIOD, OT_HOST_CHECK_COMMAND, OT_HOST_CHECK_PERIOD,
	OT_HOST_EVENT_HANDLER, OT_HOST_NOTES, OT_HOST_NOTES_URL, OT_HOST_ACTION_URL,
	OT_HOST_ICON_IMAGE, OT_HOST_ICON_IMAGE_ALT, OT_HOST_VRML_IMAGE,
	OT_HOST_STATUSMAP_IMAGE, OT_HOST_INITIAL_STATE, OT_HOST_CHECK_INTERVAL,
	OT_HOST_RETRY_INTERVAL, OT_HOST_IMPORTANCE, OT_HOST_MAX_CHECK_ATTEMPTS,
	OT_HOST_ACTIVE_CHECKS_ENABLED, OT_HOST_PASSIVE_CHECKS_ENABLED,
	OT_HOST_EVENT_HANDLER_ENABLED, OT_HOST_CHECK_FRESHNESS,
	OT_HOST_FRESHNESS_THRESHOLD, OT_HOST_LOW_FLAP_THRESHOLD,
	OT_HOST_HIGH_FLAP_THRESHOLD, OT_HOST_FLAP_DETECTION_ENABLED,
	OT_HOST_FLAP_DETECTION_OPTIONS, OT_HOST_NOTIFICATION_OPTIONS,
	OT_HOST_NOTIFICATIONS_ENABLED, OT_HOST_NOTIFICATION_INTERVAL,
	OT_HOST_FIRST_NOTIFICATION_DELAY, OT_HOST_STALKING_OPTIONS,
	OT_HOST_PROCESS_PERF_DATA, OT_HOST_2D_COORDS, OT_HOST_3D_COORDS,
	OT_HOST_OBSESS, OT_HOST_RETAIN_STATUS_INFORMATION,
	OT_HOST_RETAIN_NONSTATUS_INFORMATION, OT_HOST_OBSOLETE,
	OT_HOST_NSLOTS
};

/* service */
enum {
	OT_SVC_HOST_NAME, OT_SVC_SERVICE_DESCRIPTION, OT_SVC_DISPLAY_NAME,
	OT_SVC_PARENTS, OT_SVC_HOSTGROUP_NAME, OT_SVC_SERVICEGROUPS,
	OT_SVC_CHECK_COMMAND, OT_SVC_CHECK_PERIOD, OT_SVC_EVENT_HANDLER,
	OT_SVC_NOTIFICATION_PERIOD, OT_SVC_CONTACT_GROUPS, OT_SVC_CONTACTS,
	OT_SVC_NOTES, OT_SVC_NOTES_URL, OT_SVC_ACTION_URL, OT_SVC_ICON_IMAGE,
	OT_SVC_ICON_IMAGE_ALT, OT_SVC_INITIAL_STATE, OT_SVC_IMPORTANCE,
	OT_SVC_MAX_CHECK_ATTEMPTS, OT_SVC_CHECK_INTERVAL, OT_SVC_RETRY_INTERVAL,
	OT_SVC_ACTIVE_CHECKS_ENABLED, OT_SVC_PASSIVE_CHECKS_ENABLED,
	OT_SVC_PARALLELIZE_CHECK, OT_SVC_IS_VOLATILE, OT_SVC_OBSESS,
	OT_SVC_EVENT_HANDLER_ENABLED, OT_SVC_CHECK_FRESHNESS,
	OT_SVC_FRESHNESS_THRESHOLD, OT_SVC_LOW_FLAP_THRESHOLD,
	OT_SVC_HIGH_FLAP_THRESHOLD, OT_SVC_FLAP_DETECTION_ENABLED,
	OT_SVC_FLAP_DETECTION_OPTIONS, OT_SVC_NOTIFICATION_OPTIONS,
	OT_SVC_NOTIFICATIONS_ENABLED, OT_SVC_NOTIFICATION_INTERVAL,
	OT_SVC_FIRST_NOTIFICATION_DELAY, OT_SVC_STALKING_OPTIONS,
	OT_SVC_PROCESS_PERF_DATA, OT_SVC_RETAIN_STATUS_INFORMATION,
	OT_SVC_RETAIN_NONSTATUS_INFORMATION, OT_SVC_OBSOLETE,
	OT_SVC_NSLOTS
};

/* contact */
enum {
	OT_CONTACT_CONTACT_NAME, OT_CONTACT_ALIAS, OT_CONTACT_CONTACTGROUPS,
	OT_CONTACT_EMAIL, OT_CONTACT_PAGER, OT_CONTACT_ADDRESS1, OT_CONTACT_ADDRESS2,
	OT_CONTACT_ADDRESS3, OT_CONTACT_ADDRESS4, OT_CONTACT_ADDRESS5,
	OT_CONTACT_ADDRESS6, OT_CONTACT_HOST_NOTIFICATION_PERIOD,
	OT_CONTACT_HOST_NOTIFICATION_COMMANDS, OT_CONTACT_SERVICE_NOTIFICATION_PERIOD,
	OT_CONTACT_SERVICE_NOTIFICATION_COMMANDS, OT_CONTACT_HOST_NOTIFICATION_OPTIONS,
	OT_CONTACT_SERVICE_NOTIFICATION_OPTIONS, OT_CONTACT_HOST_NOTIFICATIONS_ENABLED,
	OT_CONTACT_SERVICE_NOTIFICATIONS_ENABLED, OT_CONTACT_CAN_SUBMIT_COMMANDS,
	OT_CONTACT_RETAIN_STATUS_INFORMATION, OT_CONTACT_RETAIN_NONSTATUS_INFORMATION,
	OT_CONTACT_MINIMUM_IMPORTANCE,
	OT_CONTACT_NSLOTS
};

/* groups: the same layout for the three kinds */
enum {
	OT_GROUP_NAME, OT_GROUP_ALIAS, OT_GROUP_MEMBERS, OT_GROUP_GROUP_MEMBERS,
	OT_GROUP_NOTES, OT_GROUP_NOTES_URL, OT_GROUP_ACTION_URL,
	OT_GROUP_NSLOTS
};

/* timeperiod; weekday slots are sunday..saturday in order */
enum {
	OT_TP_TIMEPERIOD_NAME, OT_TP_ALIAS, OT_TP_EXCLUDE, OT_TP_SUNDAY,
	OT_TP_NSLOTS = OT_TP_SUNDAY + 7
};

enum { OT_CMD_COMMAND_NAME, OT_CMD_COMMAND_LINE, OT_CMD_NSLOTS };

/* servicedependency */
enum {
	OT_SD_HOST_NAME, OT_SD_SERVICE_DESCRIPTION, OT_SD_HOSTGROUP_NAME,
	OT_SD_SERVICEGROUP_NAME, OT_SD_DEPENDENT_HOST_NAME,
	OT_SD_DEPENDENT_SERVICE_DESCRIPTION, OT_SD_DEPENDENT_HOSTGROUP_NAME,
	OT_SD_DEPENDENT_SERVICEGROUP_NAME, OT_SD_DEPENDENCY_PERIOD,
	OT_SD_INHERITS_PARENT, OT_SD_EXECUTION_FAILURE_OPTIONS,
	OT_SD_NOTIFICATION_FAILURE_OPTIONS,
	OT_SD_NSLOTS
};

/* hostdependency */
enum {
	OT_HD_HOST_NAME, OT_HD_HOSTGROUP_NAME, OT_HD_DEPENDENT_HOST_NAME,
	OT_HD_DEPENDENT_HOSTGROUP_NAME, OT_HD_DEPENDENCY_PERIOD,
	OT_HD_INHERITS_PARENT, OT_HD_EXECUTION_FAILURE_OPTIONS,
	OT_HD_NOTIFICATION_FAILURE_OPTIONS,
	OT_HD_NSLOTS
};

/* escalations: the service layout; host escalations leave the service slots unused */
enum {
	OT_ESC_HOST_NAME, OT_ESC_HOSTGROUP_NAME, OT_ESC_SERVICE_DESCRIPTION,
	OT_ESC_SERVICEGROUP_NAME, OT_ESC_CONTACT_GROUPS, OT_ESC_CONTACTS,
	OT_ESC_ESCALATION_PERIOD, OT_ESC_FIRST_NOTIFICATION,
	OT_ESC_LAST_NOTIFICATION, OT_ESC_NOTIFICATION_INTERVAL,
	OT_ESC_ESCALATION_OPTIONS,
	OT_ESC_NSLOTS
};

/* extinfo: hostextinfo and serviceextinfo */
enum {
	OT_EXT_HOST_NAME, OT_EXT_HOSTGROUP_NAME, OT_EXT_SERVICE_DESCRIPTION,
	OT_EXT_NOTES, OT_EXT_NOTES_URL, OT_EXT_ACTION_URL, OT_EXT_ICON_IMAGE,
	OT_EXT_ICON_IMAGE_ALT, OT_EXT_VRML_IMAGE, OT_EXT_STATUSMAP_IMAGE,
	OT_EXT_2D_COORDS, OT_EXT_3D_COORDS,
	OT_EXT_NSLOTS
};

const struct otype_info *otype_info(enum otype t);
/* the type named s ("host"...), or -1 */
int otype_from_name(const char *s);
/* the directive called name in type t, or NULL */
const struct odir *otype_find_dir(enum otype t, const char *name);
/*
 * Parse option words/letters of value with map m into *mask (OR-ed in; the
 * caller clears first for OK_OPTS_RESET).  Returns 0, or -1 and the bad
 * token in bad (truncated to badlen).
 */
int otype_parse_opts(enum optmap m, const char *value, unsigned *mask, char *bad, size_t badlen);

#endif

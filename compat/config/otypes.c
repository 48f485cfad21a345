/*
 * otypes: directive tables of the fourteen object types, and the option
 * letter maps.  The tables follow what Nagios Core 4.4.6 accepts, including
 * its aliases and deprecated names; adding a directive is adding a line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/otypes.h"

#include "engine/objects/objects.h"
#include "engine/util/hash.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define D(n, s, k) { n, s, k, OM_NONE, 0, NULL }
#define DO(n, s, k, m) { n, s, k, m, 0, NULL }
#define DF(n, s, k, f) { n, s, k, OM_NONE, f, NULL }
#define DDEP(n, s, k, instead) { n, s, k, OM_NONE, ODF_DEPRECATED, instead }
#define DEND { NULL, 0, 0, 0, 0, NULL }

static const struct odir otype_timeperiod_dirs[] = {
	D("timeperiod_name", OT_TP_TIMEPERIOD_NAME, OK_STR_LIT),
	D("alias", OT_TP_ALIAS, OK_STR_LIT),
	D("exclude", OT_TP_EXCLUDE, OK_STR_LIT),
	D("sunday", OT_TP_SUNDAY + 0, OK_STR_LIT),
	D("monday", OT_TP_SUNDAY + 1, OK_STR_LIT),
	D("tuesday", OT_TP_SUNDAY + 2, OK_STR_LIT),
	D("wednesday", OT_TP_SUNDAY + 3, OK_STR_LIT),
	D("thursday", OT_TP_SUNDAY + 4, OK_STR_LIT),
	D("friday", OT_TP_SUNDAY + 5, OK_STR_LIT),
	D("saturday", OT_TP_SUNDAY + 6, OK_STR_LIT),
	DEND
};

static const struct odir otype_command_dirs[] = {
	D("command_name", OT_CMD_COMMAND_NAME, OK_STR_LIT),
	D("command_line", OT_CMD_COMMAND_LINE, OK_STR_LIT),
	DEND
};

static const struct odir otype_contactgroup_dirs[] = {
	D("contactgroup_name", OT_GROUP_NAME, OK_STR_LIT),
	D("alias", OT_GROUP_ALIAS, OK_STR_LIT),
	D("members", OT_GROUP_MEMBERS, OK_LIST),
	D("contactgroup_members", OT_GROUP_GROUP_MEMBERS, OK_LIST),
	DEND
};

static const struct odir otype_hostgroup_dirs[] = {
	D("hostgroup_name", OT_GROUP_NAME, OK_STR_LIT),
	D("alias", OT_GROUP_ALIAS, OK_STR_LIT),
	D("members", OT_GROUP_MEMBERS, OK_LIST),
	D("hostgroup_members", OT_GROUP_GROUP_MEMBERS, OK_LIST),
	D("notes", OT_GROUP_NOTES, OK_STR),
	D("notes_url", OT_GROUP_NOTES_URL, OK_STR),
	D("action_url", OT_GROUP_ACTION_URL, OK_STR),
	DEND
};

static const struct odir otype_servicegroup_dirs[] = {
	D("servicegroup_name", OT_GROUP_NAME, OK_STR_LIT),
	D("alias", OT_GROUP_ALIAS, OK_STR_LIT),
	D("members", OT_GROUP_MEMBERS, OK_LIST),
	D("servicegroup_members", OT_GROUP_GROUP_MEMBERS, OK_LIST),
	D("notes", OT_GROUP_NOTES, OK_STR),
	D("notes_url", OT_GROUP_NOTES_URL, OK_STR),
	D("action_url", OT_GROUP_ACTION_URL, OK_STR),
	DEND
};

static const struct odir otype_contact_dirs[] = {
	D("contact_name", OT_CONTACT_CONTACT_NAME, OK_STR_LIT),
	D("alias", OT_CONTACT_ALIAS, OK_STR_LIT),
	D("contact_groups", OT_CONTACT_CONTACTGROUPS, OK_LIST),
	D("contactgroups", OT_CONTACT_CONTACTGROUPS, OK_LIST),
	D("email", OT_CONTACT_EMAIL, OK_STR),
	D("pager", OT_CONTACT_PAGER, OK_STR),
	D("address1", OT_CONTACT_ADDRESS1, OK_STR),
	D("address2", OT_CONTACT_ADDRESS2, OK_STR),
	D("address3", OT_CONTACT_ADDRESS3, OK_STR),
	D("address4", OT_CONTACT_ADDRESS4, OK_STR),
	D("address5", OT_CONTACT_ADDRESS5, OK_STR),
	D("address6", OT_CONTACT_ADDRESS6, OK_STR),
	D("host_notification_period", OT_CONTACT_HOST_NOTIFICATION_PERIOD, OK_STR),
	D("host_notification_commands", OT_CONTACT_HOST_NOTIFICATION_COMMANDS, OK_LIST),
	D("service_notification_period", OT_CONTACT_SERVICE_NOTIFICATION_PERIOD, OK_STR),
	D("service_notification_commands", OT_CONTACT_SERVICE_NOTIFICATION_COMMANDS, OK_LIST),
	DO("host_notification_options", OT_CONTACT_HOST_NOTIFICATION_OPTIONS, OK_OPTS, OM_HOST_NOTIF),
	DO("service_notification_options", OT_CONTACT_SERVICE_NOTIFICATION_OPTIONS, OK_OPTS, OM_SVC_NOTIF),
	D("host_notifications_enabled", OT_CONTACT_HOST_NOTIFICATIONS_ENABLED, OK_BOOL),
	D("service_notifications_enabled", OT_CONTACT_SERVICE_NOTIFICATIONS_ENABLED, OK_BOOL),
	D("can_submit_commands", OT_CONTACT_CAN_SUBMIT_COMMANDS, OK_BOOL),
	D("retain_status_information", OT_CONTACT_RETAIN_STATUS_INFORMATION, OK_BOOL),
	D("retain_nonstatus_information", OT_CONTACT_RETAIN_NONSTATUS_INFORMATION, OK_BOOL),
	D("minimum_importance", OT_CONTACT_MINIMUM_IMPORTANCE, OK_UINT),
	DDEP("minimum_value", OT_CONTACT_MINIMUM_IMPORTANCE, OK_UINT, "minimum_importance"),
	DEND
};

static const struct odir otype_host_dirs[] = {
	D("host_name", OT_HOST_HOST_NAME, OK_STR_LIT),
	D("display_name", OT_HOST_DISPLAY_NAME, OK_STR),
	D("alias", OT_HOST_ALIAS, OK_STR_LIT),
	D("address", OT_HOST_ADDRESS, OK_STR_LIT),
	D("parents", OT_HOST_PARENTS, OK_LIST),
	D("host_groups", OT_HOST_HOSTGROUPS, OK_LIST),
	D("hostgroups", OT_HOST_HOSTGROUPS, OK_LIST),
	DF("contact_groups", OT_HOST_CONTACT_GROUPS, OK_LIST, ODF_NONEMPTY),
	DF("contacts", OT_HOST_CONTACTS, OK_LIST, ODF_NONEMPTY),
	D("notification_period", OT_HOST_NOTIFICATION_PERIOD, OK_STR),
	D("check_command", OT_HOST_CHECK_COMMAND, OK_STR),
	D("check_period", OT_HOST_CHECK_PERIOD, OK_STR),
	D("event_handler", OT_HOST_EVENT_HANDLER, OK_STR),
	D("failure_prediction_options", OT_HOST_OBSOLETE, OK_OBSOLETE),
	D("notes", OT_HOST_NOTES, OK_STR),
	D("notes_url", OT_HOST_NOTES_URL, OK_STR),
	D("action_url", OT_HOST_ACTION_URL, OK_STR),
	D("icon_image", OT_HOST_ICON_IMAGE, OK_STR),
	D("icon_image_alt", OT_HOST_ICON_IMAGE_ALT, OK_STR),
	D("vrml_image", OT_HOST_VRML_IMAGE, OK_STR),
	D("gd2_image", OT_HOST_STATUSMAP_IMAGE, OK_STR),
	D("statusmap_image", OT_HOST_STATUSMAP_IMAGE, OK_STR),
	D("initial_state", OT_HOST_INITIAL_STATE, OK_HSTATE),
	D("check_interval", OT_HOST_CHECK_INTERVAL, OK_DOUBLE),
	DDEP("normal_check_interval", OT_HOST_CHECK_INTERVAL, OK_DOUBLE, "check_interval"),
	D("retry_interval", OT_HOST_RETRY_INTERVAL, OK_DOUBLE),
	DDEP("retry_check_interval", OT_HOST_RETRY_INTERVAL, OK_DOUBLE, "retry_interval"),
	D("importance", OT_HOST_IMPORTANCE, OK_UINT),
	DDEP("hourly_value", OT_HOST_IMPORTANCE, OK_UINT, "importance"),
	D("max_check_attempts", OT_HOST_MAX_CHECK_ATTEMPTS, OK_INT),
	D("checks_enabled", OT_HOST_ACTIVE_CHECKS_ENABLED, OK_BOOL),
	D("active_checks_enabled", OT_HOST_ACTIVE_CHECKS_ENABLED, OK_BOOL),
	D("passive_checks_enabled", OT_HOST_PASSIVE_CHECKS_ENABLED, OK_BOOL),
	D("event_handler_enabled", OT_HOST_EVENT_HANDLER_ENABLED, OK_BOOL),
	D("check_freshness", OT_HOST_CHECK_FRESHNESS, OK_BOOL),
	D("freshness_threshold", OT_HOST_FRESHNESS_THRESHOLD, OK_INT),
	D("low_flap_threshold", OT_HOST_LOW_FLAP_THRESHOLD, OK_DOUBLE),
	D("high_flap_threshold", OT_HOST_HIGH_FLAP_THRESHOLD, OK_DOUBLE),
	D("flap_detection_enabled", OT_HOST_FLAP_DETECTION_ENABLED, OK_BOOL),
	DO("flap_detection_options", OT_HOST_FLAP_DETECTION_OPTIONS, OK_OPTS_RESET, OM_HOST_FLAP),
	DO("notification_options", OT_HOST_NOTIFICATION_OPTIONS, OK_OPTS, OM_HOST_NOTIF),
	D("notifications_enabled", OT_HOST_NOTIFICATIONS_ENABLED, OK_BOOL),
	D("notification_interval", OT_HOST_NOTIFICATION_INTERVAL, OK_DOUBLE),
	D("first_notification_delay", OT_HOST_FIRST_NOTIFICATION_DELAY, OK_DOUBLE),
	DO("stalking_options", OT_HOST_STALKING_OPTIONS, OK_OPTS, OM_HOST_STALK),
	D("process_perf_data", OT_HOST_PROCESS_PERF_DATA, OK_BOOL),
	D("failure_prediction_enabled", OT_HOST_OBSOLETE, OK_OBSOLETE),
	D("2d_coords", OT_HOST_2D_COORDS, OK_COORDS2),
	D("3d_coords", OT_HOST_3D_COORDS, OK_COORDS3),
	D("obsess_over_host", OT_HOST_OBSESS, OK_BOOL),
	D("obsess", OT_HOST_OBSESS, OK_BOOL),
	D("retain_status_information", OT_HOST_RETAIN_STATUS_INFORMATION, OK_BOOL),
	D("retain_nonstatus_information", OT_HOST_RETAIN_NONSTATUS_INFORMATION, OK_BOOL),
	DEND
};

static const struct odir otype_service_dirs[] = {
	D("host", OT_SVC_HOST_NAME, OK_LIST),
	D("hosts", OT_SVC_HOST_NAME, OK_LIST),
	D("host_name", OT_SVC_HOST_NAME, OK_LIST),
	D("service_description", OT_SVC_SERVICE_DESCRIPTION, OK_STR),
	D("description", OT_SVC_SERVICE_DESCRIPTION, OK_STR),
	D("display_name", OT_SVC_DISPLAY_NAME, OK_STR),
	D("parents", OT_SVC_PARENTS, OK_LIST),
	D("hostgroup", OT_SVC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroups", OT_SVC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_SVC_HOSTGROUP_NAME, OK_LIST),
	D("service_groups", OT_SVC_SERVICEGROUPS, OK_LIST),
	D("servicegroups", OT_SVC_SERVICEGROUPS, OK_LIST),
	D("check_command", OT_SVC_CHECK_COMMAND, OK_STR),
	D("check_period", OT_SVC_CHECK_PERIOD, OK_STR),
	D("event_handler", OT_SVC_EVENT_HANDLER, OK_STR),
	D("notification_period", OT_SVC_NOTIFICATION_PERIOD, OK_STR),
	DF("contact_groups", OT_SVC_CONTACT_GROUPS, OK_LIST, ODF_NONEMPTY),
	DF("contacts", OT_SVC_CONTACTS, OK_LIST, ODF_NONEMPTY),
	D("failure_prediction_options", OT_SVC_OBSOLETE, OK_OBSOLETE),
	D("notes", OT_SVC_NOTES, OK_STR),
	D("notes_url", OT_SVC_NOTES_URL, OK_STR),
	D("action_url", OT_SVC_ACTION_URL, OK_STR),
	D("icon_image", OT_SVC_ICON_IMAGE, OK_STR),
	D("icon_image_alt", OT_SVC_ICON_IMAGE_ALT, OK_STR),
	D("initial_state", OT_SVC_INITIAL_STATE, OK_SSTATE),
	D("importance", OT_SVC_IMPORTANCE, OK_UINT),
	DDEP("hourly_value", OT_SVC_IMPORTANCE, OK_UINT, "importance"),
	D("max_check_attempts", OT_SVC_MAX_CHECK_ATTEMPTS, OK_INT),
	D("check_interval", OT_SVC_CHECK_INTERVAL, OK_DOUBLE),
	DDEP("normal_check_interval", OT_SVC_CHECK_INTERVAL, OK_DOUBLE, "check_interval"),
	D("retry_interval", OT_SVC_RETRY_INTERVAL, OK_DOUBLE),
	DDEP("retry_check_interval", OT_SVC_RETRY_INTERVAL, OK_DOUBLE, "retry_interval"),
	D("active_checks_enabled", OT_SVC_ACTIVE_CHECKS_ENABLED, OK_BOOL),
	D("passive_checks_enabled", OT_SVC_PASSIVE_CHECKS_ENABLED, OK_BOOL),
	D("parallelize_check", OT_SVC_PARALLELIZE_CHECK, OK_BOOL),
	D("is_volatile", OT_SVC_IS_VOLATILE, OK_BOOL),
	D("obsess_over_service", OT_SVC_OBSESS, OK_BOOL),
	D("obsess", OT_SVC_OBSESS, OK_BOOL),
	D("event_handler_enabled", OT_SVC_EVENT_HANDLER_ENABLED, OK_BOOL),
	D("check_freshness", OT_SVC_CHECK_FRESHNESS, OK_BOOL),
	D("freshness_threshold", OT_SVC_FRESHNESS_THRESHOLD, OK_INT),
	D("low_flap_threshold", OT_SVC_LOW_FLAP_THRESHOLD, OK_DOUBLE),
	D("high_flap_threshold", OT_SVC_HIGH_FLAP_THRESHOLD, OK_DOUBLE),
	D("flap_detection_enabled", OT_SVC_FLAP_DETECTION_ENABLED, OK_BOOL),
	DO("flap_detection_options", OT_SVC_FLAP_DETECTION_OPTIONS, OK_OPTS_RESET, OM_SVC_FLAP),
	DO("notification_options", OT_SVC_NOTIFICATION_OPTIONS, OK_OPTS, OM_SVC_NOTIF),
	D("notifications_enabled", OT_SVC_NOTIFICATIONS_ENABLED, OK_BOOL),
	D("notification_interval", OT_SVC_NOTIFICATION_INTERVAL, OK_DOUBLE),
	D("first_notification_delay", OT_SVC_FIRST_NOTIFICATION_DELAY, OK_DOUBLE),
	DO("stalking_options", OT_SVC_STALKING_OPTIONS, OK_OPTS, OM_SVC_STALK),
	D("process_perf_data", OT_SVC_PROCESS_PERF_DATA, OK_BOOL),
	D("failure_prediction_enabled", OT_SVC_OBSOLETE, OK_OBSOLETE),
	D("retain_status_information", OT_SVC_RETAIN_STATUS_INFORMATION, OK_BOOL),
	D("retain_nonstatus_information", OT_SVC_RETAIN_NONSTATUS_INFORMATION, OK_BOOL),
	DEND
};

static const struct odir otype_servicedependency_dirs[] = {
	D("servicegroup", OT_SD_SERVICEGROUP_NAME, OK_LIST),
	D("servicegroups", OT_SD_SERVICEGROUP_NAME, OK_LIST),
	D("servicegroup_name", OT_SD_SERVICEGROUP_NAME, OK_LIST),
	D("hostgroup", OT_SD_HOSTGROUP_NAME, OK_LIST),
	D("hostgroups", OT_SD_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_SD_HOSTGROUP_NAME, OK_LIST),
	D("host", OT_SD_HOST_NAME, OK_LIST),
	D("host_name", OT_SD_HOST_NAME, OK_LIST),
	D("master_host", OT_SD_HOST_NAME, OK_LIST),
	D("master_host_name", OT_SD_HOST_NAME, OK_LIST),
	D("description", OT_SD_SERVICE_DESCRIPTION, OK_LIST),
	D("service_description", OT_SD_SERVICE_DESCRIPTION, OK_LIST),
	D("master_description", OT_SD_SERVICE_DESCRIPTION, OK_LIST),
	D("master_service_description", OT_SD_SERVICE_DESCRIPTION, OK_LIST),
	D("dependent_servicegroup", OT_SD_DEPENDENT_SERVICEGROUP_NAME, OK_LIST),
	D("dependent_servicegroups", OT_SD_DEPENDENT_SERVICEGROUP_NAME, OK_LIST),
	D("dependent_servicegroup_name", OT_SD_DEPENDENT_SERVICEGROUP_NAME, OK_LIST),
	D("dependent_hostgroup", OT_SD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_hostgroups", OT_SD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_hostgroup_name", OT_SD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_host", OT_SD_DEPENDENT_HOST_NAME, OK_LIST),
	D("dependent_host_name", OT_SD_DEPENDENT_HOST_NAME, OK_LIST),
	D("dependent_description", OT_SD_DEPENDENT_SERVICE_DESCRIPTION, OK_LIST),
	D("dependent_service_description", OT_SD_DEPENDENT_SERVICE_DESCRIPTION, OK_LIST),
	D("dependency_period", OT_SD_DEPENDENCY_PERIOD, OK_STR),
	D("inherits_parent", OT_SD_INHERITS_PARENT, OK_BOOL),
	DO("execution_failure_options", OT_SD_EXECUTION_FAILURE_OPTIONS, OK_OPTS, OM_SVC_DEP),
	DO("execution_failure_criteria", OT_SD_EXECUTION_FAILURE_OPTIONS, OK_OPTS, OM_SVC_DEP),
	DO("notification_failure_options", OT_SD_NOTIFICATION_FAILURE_OPTIONS, OK_OPTS, OM_SVC_DEP),
	DO("notification_failure_criteria", OT_SD_NOTIFICATION_FAILURE_OPTIONS, OK_OPTS, OM_SVC_DEP),
	DEND
};

static const struct odir otype_serviceescalation_dirs[] = {
	D("host", OT_ESC_HOST_NAME, OK_LIST),
	D("host_name", OT_ESC_HOST_NAME, OK_LIST),
	D("description", OT_ESC_SERVICE_DESCRIPTION, OK_LIST),
	D("service_description", OT_ESC_SERVICE_DESCRIPTION, OK_LIST),
	D("servicegroup", OT_ESC_SERVICEGROUP_NAME, OK_LIST),
	D("servicegroups", OT_ESC_SERVICEGROUP_NAME, OK_LIST),
	D("servicegroup_name", OT_ESC_SERVICEGROUP_NAME, OK_LIST),
	D("hostgroup", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroups", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	DF("contact_groups", OT_ESC_CONTACT_GROUPS, OK_LIST, ODF_NONEMPTY),
	DF("contacts", OT_ESC_CONTACTS, OK_LIST, ODF_NONEMPTY),
	D("escalation_period", OT_ESC_ESCALATION_PERIOD, OK_STR),
	D("first_notification", OT_ESC_FIRST_NOTIFICATION, OK_INT),
	D("last_notification", OT_ESC_LAST_NOTIFICATION, OK_INT),
	D("notification_interval", OT_ESC_NOTIFICATION_INTERVAL, OK_DOUBLE),
	DO("escalation_options", OT_ESC_ESCALATION_OPTIONS, OK_OPTS, OM_SVC_ESC),
	DEND
};

static const struct odir otype_hostdependency_dirs[] = {
	D("hostgroup", OT_HD_HOSTGROUP_NAME, OK_LIST),
	D("hostgroups", OT_HD_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_HD_HOSTGROUP_NAME, OK_LIST),
	D("host", OT_HD_HOST_NAME, OK_LIST),
	D("host_name", OT_HD_HOST_NAME, OK_LIST),
	D("master_host", OT_HD_HOST_NAME, OK_LIST),
	D("master_host_name", OT_HD_HOST_NAME, OK_LIST),
	D("dependent_hostgroup", OT_HD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_hostgroups", OT_HD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_hostgroup_name", OT_HD_DEPENDENT_HOSTGROUP_NAME, OK_LIST),
	D("dependent_host", OT_HD_DEPENDENT_HOST_NAME, OK_LIST),
	D("dependent_host_name", OT_HD_DEPENDENT_HOST_NAME, OK_LIST),
	D("dependency_period", OT_HD_DEPENDENCY_PERIOD, OK_STR),
	D("inherits_parent", OT_HD_INHERITS_PARENT, OK_BOOL),
	DO("notification_failure_options", OT_HD_NOTIFICATION_FAILURE_OPTIONS, OK_OPTS, OM_HOST_DEP),
	DO("notification_failure_criteria", OT_HD_NOTIFICATION_FAILURE_OPTIONS, OK_OPTS, OM_HOST_DEP),
	DO("execution_failure_options", OT_HD_EXECUTION_FAILURE_OPTIONS, OK_OPTS, OM_HOST_DEP),
	DO("execution_failure_criteria", OT_HD_EXECUTION_FAILURE_OPTIONS, OK_OPTS, OM_HOST_DEP),
	DEND
};

static const struct odir otype_hostescalation_dirs[] = {
	D("hostgroup", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroups", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_ESC_HOSTGROUP_NAME, OK_LIST),
	D("host", OT_ESC_HOST_NAME, OK_LIST),
	D("host_name", OT_ESC_HOST_NAME, OK_LIST),
	DF("contact_groups", OT_ESC_CONTACT_GROUPS, OK_LIST, ODF_NONEMPTY),
	DF("contacts", OT_ESC_CONTACTS, OK_LIST, ODF_NONEMPTY),
	D("escalation_period", OT_ESC_ESCALATION_PERIOD, OK_STR),
	D("first_notification", OT_ESC_FIRST_NOTIFICATION, OK_INT),
	D("last_notification", OT_ESC_LAST_NOTIFICATION, OK_INT),
	D("notification_interval", OT_ESC_NOTIFICATION_INTERVAL, OK_DOUBLE),
	DO("escalation_options", OT_ESC_ESCALATION_OPTIONS, OK_OPTS, OM_HOST_ESC),
	DEND
};

static const struct odir otype_hostextinfo_dirs[] = {
	D("host_name", OT_EXT_HOST_NAME, OK_LIST),
	D("hostgroup", OT_EXT_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_EXT_HOSTGROUP_NAME, OK_LIST),
	D("notes", OT_EXT_NOTES, OK_STR),
	D("notes_url", OT_EXT_NOTES_URL, OK_STR),
	D("action_url", OT_EXT_ACTION_URL, OK_STR),
	D("icon_image", OT_EXT_ICON_IMAGE, OK_STR),
	D("icon_image_alt", OT_EXT_ICON_IMAGE_ALT, OK_STR),
	D("vrml_image", OT_EXT_VRML_IMAGE, OK_STR),
	D("gd2_image", OT_EXT_STATUSMAP_IMAGE, OK_STR),
	D("statusmap_image", OT_EXT_STATUSMAP_IMAGE, OK_STR),
	D("2d_coords", OT_EXT_2D_COORDS, OK_COORDS2),
	D("3d_coords", OT_EXT_3D_COORDS, OK_COORDS3),
	DEND
};

static const struct odir otype_serviceextinfo_dirs[] = {
	D("host_name", OT_EXT_HOST_NAME, OK_LIST),
	D("hostgroup", OT_EXT_HOSTGROUP_NAME, OK_LIST),
	D("hostgroup_name", OT_EXT_HOSTGROUP_NAME, OK_LIST),
	D("service_description", OT_EXT_SERVICE_DESCRIPTION, OK_STR),
	D("notes", OT_EXT_NOTES, OK_STR),
	D("notes_url", OT_EXT_NOTES_URL, OK_STR),
	D("action_url", OT_EXT_ACTION_URL, OK_STR),
	D("icon_image", OT_EXT_ICON_IMAGE, OK_STR),
	D("icon_image_alt", OT_EXT_ICON_IMAGE_ALT, OK_STR),
	DEND
};

static const struct otype_info otype_infos[OT_NTYPES] = {
	[OT_TIMEPERIOD] = { "timeperiod", otype_timeperiod_dirs, OT_TP_NSLOTS, OT_TP_TIMEPERIOD_NAME, 0, 1 },
	[OT_COMMAND] = { "command", otype_command_dirs, OT_CMD_NSLOTS, OT_CMD_COMMAND_NAME, 0, 0 },
	[OT_CONTACTGROUP] = { "contactgroup", otype_contactgroup_dirs, OT_GROUP_NSLOTS, OT_GROUP_NAME, 0, 0 },
	[OT_HOSTGROUP] = { "hostgroup", otype_hostgroup_dirs, OT_GROUP_NSLOTS, OT_GROUP_NAME, 0, 0 },
	[OT_SERVICEGROUP] = { "servicegroup", otype_servicegroup_dirs, OT_GROUP_NSLOTS, OT_GROUP_NAME, 0, 0 },
	[OT_CONTACT] = { "contact", otype_contact_dirs, OT_CONTACT_NSLOTS, OT_CONTACT_CONTACT_NAME, 1, 0 },
	[OT_HOST] = { "host", otype_host_dirs, OT_HOST_NSLOTS, OT_HOST_HOST_NAME, 1, 0 },
	[OT_SERVICE] = { "service", otype_service_dirs, OT_SVC_NSLOTS, -1, 1, 0 },
	[OT_SERVICEDEPENDENCY] = { "servicedependency", otype_servicedependency_dirs, OT_SD_NSLOTS, -1, 0, 0 },
	[OT_SERVICEESCALATION] = { "serviceescalation", otype_serviceescalation_dirs, OT_ESC_NSLOTS, -1, 0, 0 },
	[OT_HOSTDEPENDENCY] = { "hostdependency", otype_hostdependency_dirs, OT_HD_NSLOTS, -1, 0, 0 },
	[OT_HOSTESCALATION] = { "hostescalation", otype_hostescalation_dirs, OT_ESC_NSLOTS, -1, 0, 0 },
	[OT_HOSTEXTINFO] = { "hostextinfo", otype_hostextinfo_dirs, OT_EXT_NSLOTS, -1, 0, 0 },
	[OT_SERVICEEXTINFO] = { "serviceextinfo", otype_serviceextinfo_dirs, OT_EXT_NSLOTS, -1, 0, 0 },
};

const struct otype_info *
otype_info(enum otype t)
{
	return &otype_infos[t];
}

int
otype_from_name(const char *s)
{
	int t;

	for (t = 0; t < OT_NTYPES; t++)
		if (strcmp(otype_infos[t].name, s) == 0)
			return t;
	return -1;
}

/*
 * Every directive line of every definition looks its name up: one map per
 * type, built once for the process (the reader's threads share it).
 */
static struct hmap *otype_dir_maps[OT_NTYPES];
static pthread_once_t otype_dir_once = PTHREAD_ONCE_INIT;

static void
otype_dir_maps_build(void)
{
	const struct odir *d;
	int t;

	for (t = 0; t < OT_NTYPES; t++) {
		otype_dir_maps[t] = hmap_new(64);
		for (d = otype_infos[t].dirs; d->name != NULL; d++)
			hmap_put_new(otype_dir_maps[t], d->name, (void *)d);
	}
}

const struct odir *
otype_find_dir(enum otype t, const char *name)
{
	pthread_once(&otype_dir_once, otype_dir_maps_build);
	return hmap_get(otype_dir_maps[t], name);
}

struct optword {
	const char *letter;
	const char *word;
	unsigned bit;
};

#define OW(l, w, b) { l, w, b }
#define OWEND { NULL, NULL, 0 }

static const struct optword om_host_notif[] = {
	OW("d", "down", OBJ_OPT_DOWN), OW("u", "unreachable", OBJ_OPT_UNREACHABLE),
	OW("r", "recovery", OBJ_OPT_RECOVERY), OW("f", "flapping", OBJ_OPT_FLAPPING),
	OW("s", "downtime", OBJ_OPT_DOWNTIME), OWEND
};
static const struct optword om_host_flap[] = {
	OW("o", "up", OBJ_OPT_UP), OW("d", "down", OBJ_OPT_DOWN),
	OW("u", "unreachable", OBJ_OPT_UNREACHABLE), OWEND
};
static const struct optword om_host_stalk[] = {
	OW("o", "up", OBJ_OPT_UP), OW("d", "down", OBJ_OPT_DOWN),
	OW("u", "unreachable", OBJ_OPT_UNREACHABLE),
	OW("N", "notifications", OBJ_OPT_NOTIFICATIONS), OWEND
};
static const struct optword om_svc_notif[] = {
	OW("u", "unknown", OBJ_OPT_UNKNOWN), OW("w", "warning", OBJ_OPT_WARNING),
	OW("c", "critical", OBJ_OPT_CRITICAL), OW("r", "recovery", OBJ_OPT_RECOVERY),
	OW("f", "flapping", OBJ_OPT_FLAPPING), OW("s", "downtime", OBJ_OPT_DOWNTIME), OWEND
};
static const struct optword om_svc_flap[] = {
	OW("o", "ok", OBJ_OPT_OK), OW("w", "warning", OBJ_OPT_WARNING),
	OW("u", "unknown", OBJ_OPT_UNKNOWN), OW("c", "critical", OBJ_OPT_CRITICAL), OWEND
};
static const struct optword om_svc_stalk[] = {
	OW("o", "ok", OBJ_OPT_OK), OW("w", "warning", OBJ_OPT_WARNING),
	OW("u", "unknown", OBJ_OPT_UNKNOWN), OW("c", "critical", OBJ_OPT_CRITICAL),
	OW("N", "notifications", OBJ_OPT_NOTIFICATIONS), OWEND
};
static const struct optword om_host_dep[] = {
	OW("o", "up", OBJ_OPT_UP), OW("d", "down", OBJ_OPT_DOWN),
	OW("u", "unreachable", OBJ_OPT_UNREACHABLE), OW("p", "pending", OBJ_OPT_PENDING), OWEND
};
static const struct optword om_svc_dep[] = {
	OW("o", "ok", OBJ_OPT_OK), OW("u", "unknown", OBJ_OPT_UNKNOWN),
	OW("w", "warning", OBJ_OPT_WARNING), OW("c", "critical", OBJ_OPT_CRITICAL),
	OW("p", "pending", OBJ_OPT_PENDING), OWEND
};
static const struct optword om_host_esc[] = {
	OW("d", "down", OBJ_OPT_DOWN), OW("u", "unreachable", OBJ_OPT_UNREACHABLE),
	OW("r", "recovery", OBJ_OPT_RECOVERY), OWEND
};
static const struct optword om_svc_esc[] = {
	OW("w", "warning", OBJ_OPT_WARNING), OW("u", "unknown", OBJ_OPT_UNKNOWN),
	OW("c", "critical", OBJ_OPT_CRITICAL), OW("r", "recovery", OBJ_OPT_RECOVERY), OWEND
};

static const struct optword *const otype_optmaps[OM_N] = {
	[OM_NONE] = NULL,
	[OM_HOST_NOTIF] = om_host_notif,
	[OM_HOST_FLAP] = om_host_flap,
	[OM_HOST_STALK] = om_host_stalk,
	[OM_SVC_NOTIF] = om_svc_notif,
	[OM_SVC_FLAP] = om_svc_flap,
	[OM_SVC_STALK] = om_svc_stalk,
	[OM_HOST_DEP] = om_host_dep,
	[OM_SVC_DEP] = om_svc_dep,
	[OM_HOST_ESC] = om_host_esc,
	[OM_SVC_ESC] = om_svc_esc,
};

int
otype_parse_opts(enum optmap m, const char *value, unsigned *mask, char *bad, size_t badlen)
{
	const struct optword *w;
	const char *p = value, *start;
	char tok[64];
	size_t n;

	for (;;) {
		while (*p == ',' || *p == ' ')
			p++;
		if (*p == '\0')
			return 0;
		start = p;
		while (*p != '\0' && *p != ',' && *p != ' ')
			p++;
		n = (size_t)(p - start);
		if (n >= sizeof(tok))
			n = sizeof(tok) - 1;
		memcpy(tok, start, n);
		tok[n] = '\0';
		if (strcmp(tok, "n") == 0 || strcmp(tok, "none") == 0) {
			*mask = OBJ_OPT_NONE;
			continue;
		}
		if (strcmp(tok, "a") == 0 || strcmp(tok, "all") == 0) {
			*mask = OBJ_OPT_ALL;
			continue;
		}
		for (w = otype_optmaps[m]; w != NULL && w->letter != NULL; w++)
			if (strcmp(tok, w->letter) == 0 || strcmp(tok, w->word) == 0)
				break;
		if (w == NULL || w->letter == NULL) {
			if (bad != NULL && badlen > 0)
				snprintf(bad, badlen, "%s", tok);
			return -1;
		}
		*mask |= w->bit;
	}
}

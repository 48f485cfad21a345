/*
 * extcmd_table: every external command Nagios 4.4.6 knows (163 names,
 * aliases included), as data.  A row gives the name, the kinds of its
 * arguments (extcmd_int.h) and either the switch it turns (scope, field,
 * value, modified-attribute bit) or the handler that does the rest.
 *
 * Most commands are toggles: "ENABLE_HOST_CHECK" is the host scope, the
 * active_checks_enabled field of its state, the value 1 and the
 * ACTIVE_CHECKS bit; the generic code in extcmd_toggle.c applies all of
 * them.  Names are matched without regard to case.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <strings.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd_int.h"
#include "engine/objects/state.h"

#define M_NOTIF EXTCMD_MODATTR_NOTIFICATIONS_ENABLED
#define M_ACTIVE EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED
#define M_PASSIVE EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED
#define M_EH EXTCMD_MODATTR_EVENT_HANDLER_ENABLED
#define M_FLAP EXTCMD_MODATTR_FLAP_DETECTION_ENABLED
#define M_PERF EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED
#define M_OBSESS EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED
#define M_FRESH EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED

#define J XF_JOURNAL
#define JC (XF_JOURNAL | XF_CMT)

/* a program-wide switch of struct main_cfg */
#define PROG(name, field, val, which, attr) \
	{ name, "", NULL, XS_PROGRAM, J, which, val, offsetof(struct main_cfg, field), attr }
/* a switch of the state of hosts or services */
#define TOG(name, spec, scope, field, val, attr) \
	{ name, spec, NULL, scope, JC, 0, val, offsetof(struct state_common, field), attr }
/* a notification switch of contacts */
#define CTOG(name, spec, scope, field, val, which) \
	{ name, spec, NULL, scope, J, which, val, offsetof(struct contact_state, field), M_NOTIF }
/* a handler */
#define CMD(name, spec, fn, flags, val) { name, spec, fn, XS_NONE, flags, 0, val, 0, 0 }
#define CMDW(name, spec, fn, flags, val, which) { name, spec, fn, XS_NONE, flags, which, val, 0, 0 }

#define DT_ARGS "uuauuww" /* start;end;fixed;trigger_id;duration;author;comment */

/* the field offsets fit the row's unsigned short */
_Static_assert(sizeof(struct main_cfg) <= 65535, "struct main_cfg too large for xc_def.field");
_Static_assert(sizeof(struct state_common) <= 65535, "struct state_common too large");

const struct xc_def xc_table[] = {
	/* the hot path first: passive results */
	CMD("PROCESS_SERVICE_CHECK_RESULT", "wwaO", xh_passive_svc, J | XF_PASSIVE, 0),
	CMD("PROCESS_HOST_CHECK_RESULT", "waO", xh_passive_host, J | XF_PASSIVE, 0),

	/* program-wide */
	PROG("DISABLE_NOTIFICATIONS", enable_notifications, 0, XW_BOTH, M_NOTIF),
	PROG("ENTER_STANDBY_MODE", enable_notifications, 0, XW_BOTH, M_NOTIF),
	PROG("ENABLE_NOTIFICATIONS", enable_notifications, 1, XW_BOTH, M_NOTIF),
	PROG("ENTER_ACTIVE_MODE", enable_notifications, 1, XW_BOTH, M_NOTIF),
	CMD("SHUTDOWN_PROCESS", "?R", xh_signal, 0, 0),
	CMD("SHUTDOWN_PROGRAM", "?R", xh_signal, 0, 0),
	CMD("RESTART_PROCESS", "?R", xh_signal, 0, XV_RESTART),
	CMD("RESTART_PROGRAM", "?R", xh_signal, 0, XV_RESTART),
	CMD("SAVE_STATE_INFORMATION", "", xh_save_state, 0, 0),
	CMD("READ_STATE_INFORMATION", "", xh_read_state, 0, 0),
	PROG("ENABLE_EVENT_HANDLERS", enable_event_handlers, 1, XW_BOTH, M_EH),
	PROG("DISABLE_EVENT_HANDLERS", enable_event_handlers, 0, XW_BOTH, M_EH),
	PROG("ENABLE_PERFORMANCE_DATA", process_performance_data, 1, XW_BOTH, M_PERF),
	PROG("DISABLE_PERFORMANCE_DATA", process_performance_data, 0, XW_BOTH, M_PERF),
	PROG("START_EXECUTING_HOST_CHECKS", execute_host_checks, 1, XW_HOST, M_ACTIVE),
	PROG("STOP_EXECUTING_HOST_CHECKS", execute_host_checks, 0, XW_HOST, M_ACTIVE),
	PROG("START_EXECUTING_SVC_CHECKS", execute_service_checks, 1, XW_SVC, M_ACTIVE),
	PROG("STOP_EXECUTING_SVC_CHECKS", execute_service_checks, 0, XW_SVC, M_ACTIVE),
	PROG("START_ACCEPTING_PASSIVE_HOST_CHECKS", accept_passive_host_checks, 1, XW_HOST,
	    M_PASSIVE),
	PROG("STOP_ACCEPTING_PASSIVE_HOST_CHECKS", accept_passive_host_checks, 0, XW_HOST,
	    M_PASSIVE),
	PROG("START_ACCEPTING_PASSIVE_SVC_CHECKS", accept_passive_service_checks, 1, XW_SVC,
	    M_PASSIVE),
	PROG("STOP_ACCEPTING_PASSIVE_SVC_CHECKS", accept_passive_service_checks, 0, XW_SVC,
	    M_PASSIVE),
	PROG("START_OBSESSING_OVER_HOST_CHECKS", obsess_over_hosts, 1, XW_HOST, M_OBSESS),
	PROG("STOP_OBSESSING_OVER_HOST_CHECKS", obsess_over_hosts, 0, XW_HOST, M_OBSESS),
	PROG("START_OBSESSING_OVER_SVC_CHECKS", obsess_over_services, 1, XW_SVC, M_OBSESS),
	PROG("STOP_OBSESSING_OVER_SVC_CHECKS", obsess_over_services, 0, XW_SVC, M_OBSESS),
	PROG("ENABLE_FLAP_DETECTION", enable_flap_detection, 1, XW_BOTH, M_FLAP),
	PROG("DISABLE_FLAP_DETECTION", enable_flap_detection, 0, XW_BOTH, M_FLAP),
	CMD("CHANGE_GLOBAL_HOST_EVENT_HANDLER", "*", xh_refused, 0, 0),
	CMD("CHANGE_GLOBAL_SVC_EVENT_HANDLER", "*", xh_refused, 0, 0),
	PROG("ENABLE_SERVICE_FRESHNESS_CHECKS", check_service_freshness, 1, XW_SVC, M_FRESH),
	PROG("DISABLE_SERVICE_FRESHNESS_CHECKS", check_service_freshness, 0, XW_SVC, M_FRESH),
	PROG("ENABLE_HOST_FRESHNESS_CHECKS", check_host_freshness, 1, XW_HOST, M_FRESH),
	PROG("DISABLE_HOST_FRESHNESS_CHECKS", check_host_freshness, 0, XW_HOST, M_FRESH),

	/* hosts */
	CMD("ADD_HOST_COMMENT", "hawT", xh_add_comment, J, XV_HOST),
	CMD("DEL_HOST_COMMENT", "R", xh_del_comment, J, XV_HOST),
	CMD("DEL_ALL_HOST_COMMENTS", "h", xh_del_all_comments, J, XV_HOST),
	CMD("DELAY_HOST_NOTIFICATION", "hu", xh_delay_notification, JC, XV_HOST),
	TOG("ENABLE_HOST_NOTIFICATIONS", "h", XS_HOST, notifications_enabled, 1, M_NOTIF),
	TOG("DISABLE_HOST_NOTIFICATIONS", "h", XS_HOST, notifications_enabled, 0, M_NOTIF),
	TOG("ENABLE_ALL_NOTIFICATIONS_BEYOND_HOST", "h", XS_BEYOND_HOST, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_ALL_NOTIFICATIONS_BEYOND_HOST", "h", XS_BEYOND_HOST, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_HOST_AND_CHILD_NOTIFICATIONS", "h", XS_HOST_CHILDREN, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_HOST_AND_CHILD_NOTIFICATIONS", "h", XS_HOST_CHILDREN, notifications_enabled,
	    0, M_NOTIF),
	TOG("ENABLE_HOST_SVC_NOTIFICATIONS", "h", XS_HOST_SVCS, notifications_enabled, 1, M_NOTIF),
	TOG("DISABLE_HOST_SVC_NOTIFICATIONS", "h", XS_HOST_SVCS, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_HOST_SVC_CHECKS", "h", XS_HOST_SVCS, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_HOST_SVC_CHECKS", "h", XS_HOST_SVCS, active_checks_enabled, 0, M_ACTIVE),
	TOG("ENABLE_PASSIVE_HOST_CHECKS", "h", XS_HOST, passive_checks_enabled, 1, M_PASSIVE),
	TOG("DISABLE_PASSIVE_HOST_CHECKS", "h", XS_HOST, passive_checks_enabled, 0, M_PASSIVE),
	CMD("SCHEDULE_HOST_SVC_CHECKS", "hu", xh_schedule_check, XF_CMT, XV_HOST_SVCS),
	CMD("SCHEDULE_FORCED_HOST_SVC_CHECKS", "hu", xh_schedule_check, XF_CMT,
	    XV_HOST_SVCS | XV_FORCED),
	CMD("ACKNOWLEDGE_HOST_PROBLEM", "haaawT", xh_ack, J, XV_HOST),
	CMD("REMOVE_HOST_ACKNOWLEDGEMENT", "h", xh_unack, J, XV_HOST),
	TOG("ENABLE_HOST_EVENT_HANDLER", "h", XS_HOST, event_handler_enabled, 1, M_EH),
	TOG("DISABLE_HOST_EVENT_HANDLER", "h", XS_HOST, event_handler_enabled, 0, M_EH),
	TOG("ENABLE_HOST_CHECK", "h", XS_HOST, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_HOST_CHECK", "h", XS_HOST, active_checks_enabled, 0, M_ACTIVE),
	CMD("SCHEDULE_HOST_CHECK", "hu", xh_schedule_check, XF_CMT, XV_HOST),
	CMD("SCHEDULE_FORCED_HOST_CHECK", "hu", xh_schedule_check, XF_CMT, XV_FORCED),
	CMD("SCHEDULE_HOST_DOWNTIME", "h" DT_ARGS, xh_downtime, J, XD_HOST),
	CMD("SCHEDULE_HOST_SVC_DOWNTIME", "h" DT_ARGS, xh_downtime, J, XD_HOST_SVCS),
	CMD("DEL_HOST_DOWNTIME", "R", xh_del_downtime, J, XV_HOST),
	CMD("DEL_DOWNTIME_BY_HOST_NAME", "*", xh_del_downtime_by_host, J, 0),
	CMD("DEL_DOWNTIME_BY_HOSTGROUP_NAME", "*", xh_del_downtime_by_hostgroup, J, 0),
	CMD("DEL_DOWNTIME_BY_START_TIME_COMMENT", "*", xh_del_downtime_by_start, J, 0),
	TOG("ENABLE_HOST_FLAP_DETECTION", "h", XS_HOST, flap_detection_enabled, 1, M_FLAP),
	TOG("DISABLE_HOST_FLAP_DETECTION", "h", XS_HOST, flap_detection_enabled, 0, M_FLAP),
	TOG("START_OBSESSING_OVER_HOST", "h", XS_HOST, obsess, 1, M_OBSESS),
	TOG("STOP_OBSESSING_OVER_HOST", "h", XS_HOST, obsess, 0, M_OBSESS),
	CMD("CHANGE_HOST_EVENT_HANDLER", "*", xh_refused, 0, 0),
	CMD("CHANGE_HOST_CHECK_COMMAND", "*", xh_refused, 0, 0),
	CMD("CHANGE_NORMAL_HOST_CHECK_INTERVAL", "hd", xh_change_interval, J, XV_HOST),
	CMD("CHANGE_RETRY_HOST_CHECK_INTERVAL", "hd", xh_change_interval, J, XV_RETRY),
	CMD("CHANGE_MAX_HOST_CHECK_ATTEMPTS", "hi", xh_change_attempts, J, XV_HOST),
	CMD("SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME", "h" DT_ARGS, xh_downtime, J,
	    XD_PROPAGATE_TRIGGERED),
	CMD("SCHEDULE_AND_PROPAGATE_HOST_DOWNTIME", "h" DT_ARGS, xh_downtime, J, XD_PROPAGATE),
	CMD("SET_HOST_NOTIFICATION_NUMBER", "h?a", xh_notification_number, JC, XV_HOST),
	CMD("CHANGE_HOST_CHECK_TIMEPERIOD", "hT", xh_change_timeperiod, J, XV_HOST),
	CMD("CHANGE_CUSTOM_HOST_VAR", "hww", xh_custom_var, J, XV_HOST),
	CMD("SEND_CUSTOM_HOST_NOTIFICATION", "h?aww", xh_custom_notification, XF_CMT, XV_HOST),
	CMD("CHANGE_HOST_NOTIFICATION_TIMEPERIOD", "hT", xh_change_timeperiod, J, XV_NOTIF_TP),
	CMD("CHANGE_HOST_MODATTR", "hi", xh_change_modattr, J, XV_HOST),
	CMD("CLEAR_HOST_FLAPPING_STATE", "h", xh_clear_flapping, JC, XV_HOST),

	/* hostgroups */
	TOG("ENABLE_HOSTGROUP_HOST_NOTIFICATIONS", "g", XS_HG_HOSTS, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_HOSTGROUP_HOST_NOTIFICATIONS", "g", XS_HG_HOSTS, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_HOSTGROUP_SVC_NOTIFICATIONS", "g", XS_HG_SVCS, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_HOSTGROUP_SVC_NOTIFICATIONS", "g", XS_HG_SVCS, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_HOSTGROUP_HOST_CHECKS", "g", XS_HG_HOSTS, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_HOSTGROUP_HOST_CHECKS", "g", XS_HG_HOSTS, active_checks_enabled, 0, M_ACTIVE),
	TOG("ENABLE_HOSTGROUP_PASSIVE_HOST_CHECKS", "g", XS_HG_HOSTS, passive_checks_enabled, 1,
	    M_PASSIVE),
	TOG("DISABLE_HOSTGROUP_PASSIVE_HOST_CHECKS", "g", XS_HG_HOSTS, passive_checks_enabled, 0,
	    M_PASSIVE),
	TOG("ENABLE_HOSTGROUP_SVC_CHECKS", "g", XS_HG_SVCS, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_HOSTGROUP_SVC_CHECKS", "g", XS_HG_SVCS, active_checks_enabled, 0, M_ACTIVE),
	TOG("ENABLE_HOSTGROUP_PASSIVE_SVC_CHECKS", "g", XS_HG_SVCS, passive_checks_enabled, 1,
	    M_PASSIVE),
	TOG("DISABLE_HOSTGROUP_PASSIVE_SVC_CHECKS", "g", XS_HG_SVCS, passive_checks_enabled, 0,
	    M_PASSIVE),
	CMD("SCHEDULE_HOSTGROUP_HOST_DOWNTIME", "g" DT_ARGS, xh_downtime, J, XD_HG_HOSTS),
	CMD("SCHEDULE_HOSTGROUP_SVC_DOWNTIME", "g" DT_ARGS, xh_downtime, J, XD_HG_SVCS),

	/* services */
	CMD("ADD_SVC_COMMENT", "sawT", xh_add_comment, J, XV_SVC),
	CMD("DEL_SVC_COMMENT", "R", xh_del_comment, J, XV_SVC),
	CMD("DEL_ALL_SVC_COMMENTS", "s", xh_del_all_comments, J, XV_SVC),
	CMD("SCHEDULE_SVC_CHECK", "su", xh_schedule_check, XF_CMT, XV_SVC),
	CMD("SCHEDULE_FORCED_SVC_CHECK", "su", xh_schedule_check, XF_CMT, XV_SVC | XV_FORCED),
	TOG("ENABLE_SVC_CHECK", "s", XS_SVC, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_SVC_CHECK", "s", XS_SVC, active_checks_enabled, 0, M_ACTIVE),
	TOG("ENABLE_PASSIVE_SVC_CHECKS", "s", XS_SVC, passive_checks_enabled, 1, M_PASSIVE),
	TOG("DISABLE_PASSIVE_SVC_CHECKS", "s", XS_SVC, passive_checks_enabled, 0, M_PASSIVE),
	CMD("DELAY_SVC_NOTIFICATION", "su", xh_delay_notification, JC, XV_SVC),
	TOG("ENABLE_SVC_NOTIFICATIONS", "s", XS_SVC, notifications_enabled, 1, M_NOTIF),
	TOG("DISABLE_SVC_NOTIFICATIONS", "s", XS_SVC, notifications_enabled, 0, M_NOTIF),
	TOG("ENABLE_SVC_EVENT_HANDLER", "s", XS_SVC, event_handler_enabled, 1, M_EH),
	TOG("DISABLE_SVC_EVENT_HANDLER", "s", XS_SVC, event_handler_enabled, 0, M_EH),
	TOG("ENABLE_SVC_FLAP_DETECTION", "s", XS_SVC, flap_detection_enabled, 1, M_FLAP),
	TOG("DISABLE_SVC_FLAP_DETECTION", "s", XS_SVC, flap_detection_enabled, 0, M_FLAP),
	CMD("SCHEDULE_SVC_DOWNTIME", "s" DT_ARGS, xh_downtime, J, XD_SVC),
	CMD("DEL_SVC_DOWNTIME", "R", xh_del_downtime, J, XV_SVC),
	CMD("ACKNOWLEDGE_SVC_PROBLEM", "saaawT", xh_ack, J, XV_SVC),
	CMD("REMOVE_SVC_ACKNOWLEDGEMENT", "s", xh_unack, J, XV_SVC),
	TOG("START_OBSESSING_OVER_SVC", "s", XS_SVC, obsess, 1, M_OBSESS),
	TOG("STOP_OBSESSING_OVER_SVC", "s", XS_SVC, obsess, 0, M_OBSESS),
	CMD("CHANGE_SVC_EVENT_HANDLER", "*", xh_refused, 0, 0),
	CMD("CHANGE_SVC_CHECK_COMMAND", "*", xh_refused, 0, 0),
	CMD("CHANGE_NORMAL_SVC_CHECK_INTERVAL", "sd", xh_change_interval, J, XV_SVC),
	CMD("CHANGE_RETRY_SVC_CHECK_INTERVAL", "sd", xh_change_interval, J, XV_SVC | XV_RETRY),
	CMD("CHANGE_MAX_SVC_CHECK_ATTEMPTS", "si", xh_change_attempts, J, XV_SVC),
	CMD("SET_SVC_NOTIFICATION_NUMBER", "s?a", xh_notification_number, JC, XV_SVC),
	CMD("CHANGE_SVC_CHECK_TIMEPERIOD", "sT", xh_change_timeperiod, J, XV_SVC),
	CMD("CHANGE_CUSTOM_SVC_VAR", "sww", xh_custom_var, J, XV_SVC),
	CMD("CHANGE_CUSTOM_CONTACT_VAR", "cww", xh_custom_var, J, XV_CONTACT),
	CMD("SEND_CUSTOM_SVC_NOTIFICATION", "s?aww", xh_custom_notification, XF_CMT, XV_SVC),
	CMD("CHANGE_SVC_NOTIFICATION_TIMEPERIOD", "sT", xh_change_timeperiod, J,
	    XV_SVC | XV_NOTIF_TP),
	CMD("CHANGE_SVC_MODATTR", "si", xh_change_modattr, J, XV_SVC),
	CMD("CLEAR_SVC_FLAPPING_STATE", "s", xh_clear_flapping, JC, XV_SVC),

	/* servicegroups */
	TOG("ENABLE_SERVICEGROUP_HOST_NOTIFICATIONS", "G", XS_SG_HOSTS, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_SERVICEGROUP_HOST_NOTIFICATIONS", "G", XS_SG_HOSTS, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_SERVICEGROUP_SVC_NOTIFICATIONS", "G", XS_SG_SVCS, notifications_enabled, 1,
	    M_NOTIF),
	TOG("DISABLE_SERVICEGROUP_SVC_NOTIFICATIONS", "G", XS_SG_SVCS, notifications_enabled, 0,
	    M_NOTIF),
	TOG("ENABLE_SERVICEGROUP_HOST_CHECKS", "G", XS_SG_HOSTS, active_checks_enabled, 1,
	    M_ACTIVE),
	TOG("DISABLE_SERVICEGROUP_HOST_CHECKS", "G", XS_SG_HOSTS, active_checks_enabled, 0,
	    M_ACTIVE),
	TOG("ENABLE_SERVICEGROUP_PASSIVE_HOST_CHECKS", "G", XS_SG_HOSTS, passive_checks_enabled, 1,
	    M_PASSIVE),
	TOG("DISABLE_SERVICEGROUP_PASSIVE_HOST_CHECKS", "G", XS_SG_HOSTS, passive_checks_enabled,
	    0, M_PASSIVE),
	TOG("ENABLE_SERVICEGROUP_SVC_CHECKS", "G", XS_SG_SVCS, active_checks_enabled, 1, M_ACTIVE),
	TOG("DISABLE_SERVICEGROUP_SVC_CHECKS", "G", XS_SG_SVCS, active_checks_enabled, 0,
	    M_ACTIVE),
	TOG("ENABLE_SERVICEGROUP_PASSIVE_SVC_CHECKS", "G", XS_SG_SVCS, passive_checks_enabled, 1,
	    M_PASSIVE),
	TOG("DISABLE_SERVICEGROUP_PASSIVE_SVC_CHECKS", "G", XS_SG_SVCS, passive_checks_enabled, 0,
	    M_PASSIVE),
	CMD("SCHEDULE_SERVICEGROUP_HOST_DOWNTIME", "G" DT_ARGS, xh_downtime, J, XD_SG_HOSTS),
	CMD("SCHEDULE_SERVICEGROUP_SVC_DOWNTIME", "G" DT_ARGS, xh_downtime, J, XD_SG_SVCS),

	/* contacts */
	CTOG("ENABLE_CONTACT_HOST_NOTIFICATIONS", "c", XS_CONTACT, host_notifications_enabled, 1,
	    XW_HOST),
	CTOG("DISABLE_CONTACT_HOST_NOTIFICATIONS", "c", XS_CONTACT, host_notifications_enabled, 0,
	    XW_HOST),
	CTOG("ENABLE_CONTACT_SVC_NOTIFICATIONS", "c", XS_CONTACT, service_notifications_enabled, 1,
	    XW_SVC),
	CTOG("DISABLE_CONTACT_SVC_NOTIFICATIONS", "c", XS_CONTACT, service_notifications_enabled,
	    0, XW_SVC),
	CMDW("CHANGE_CONTACT_HOST_NOTIFICATION_TIMEPERIOD", "cT", xh_change_timeperiod, J,
	    XV_CONTACT | XV_NOTIF_TP, XW_HOST),
	CMDW("CHANGE_CONTACT_SVC_NOTIFICATION_TIMEPERIOD", "cT", xh_change_timeperiod, J,
	    XV_CONTACT | XV_NOTIF_TP, XW_SVC),
	CMDW("CHANGE_CONTACT_MODATTR", "ci", xh_change_modattr, J, XV_CONTACT, 0),
	CMDW("CHANGE_CONTACT_MODHATTR", "ci", xh_change_modattr, J, XV_CONTACT, XW_HOST),
	CMDW("CHANGE_CONTACT_MODSATTR", "ci", xh_change_modattr, J, XV_CONTACT, XW_SVC),

	/* contactgroups */
	CTOG("ENABLE_CONTACTGROUP_HOST_NOTIFICATIONS", "C", XS_CG, host_notifications_enabled, 1,
	    XW_HOST),
	CTOG("DISABLE_CONTACTGROUP_HOST_NOTIFICATIONS", "C", XS_CG, host_notifications_enabled, 0,
	    XW_HOST),
	CTOG("ENABLE_CONTACTGROUP_SVC_NOTIFICATIONS", "C", XS_CG, service_notifications_enabled, 1,
	    XW_SVC),
	CTOG("DISABLE_CONTACTGROUP_SVC_NOTIFICATIONS", "C", XS_CG, service_notifications_enabled, 0,
	    XW_SVC),

	/* misc */
	CMD("PROCESS_FILE", "wr", xh_process_file, 0, 0),
};

const size_t xc_ntable = sizeof(xc_table) / sizeof(xc_table[0]);

const struct xc_def *
xc_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < xc_ntable; i++)
		if (strcasecmp(xc_table[i].name, name) == 0)
			return &xc_table[i];
	return NULL;
}

size_t
extcmd_count(void)
{
	return xc_ntable;
}

const char *
extcmd_name(size_t i)
{
	return i < xc_ntable ? xc_table[i].name : NULL;
}

/*
 * retention: the retention.dat writer, and the field tables it shares
 * with the reader (retention_read.c).
 *
 * The output is byte for byte what Nagios 4.4.6's
 * xrddefault_save_state_information prints for the same state: the
 * banner, info, program, every host, service and contact in the
 * configuration's order (Nagios's), then comments and downtimes in their
 * stores' order.  The check and notification periods are the run-time
 * ones (a command's override, else the configured period), and custom
 * variables are written in the configuration's order with "modified" 1
 * and the new value when a command changed them, else 0 and the
 * configured value.  Values jaque does not keep are written as Nagios
 * writes them when unset: the configured check_command and event handler
 * (CHANGE_*_CHECK_COMMAND and the event handler changes are refused, as
 * in 4.4.6).  flapping_comment_id is the id of the comment flapping
 * added (kept when someone deleted that comment, as Nagios keeps it).
 *
 * Only long plugin output is escaped ('\n' as "\n", '\\' as "\\"), as
 * Nagios holds it; any other value with a newline (none should have one)
 * has it written as a space, so the file stays one value per line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/retention.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd.h"
#include "compat/retention_int.h"
#include "compat/snapshot.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/afile.h"

/* the version retention.dat says wrote it: jaque stands in for this one */
#define RETENTION_VERSION "4.4.6"

/* ---- the tables ---- */

#define HC(f) offsetof(struct host_state, c.f)
#define SC(f) offsetof(struct svc_state, c.f)
#define CT(f) offsetof(struct contact_state, f)

/* clang-format off */
/* a row whose bit is tested in the object's modified_attributes */
#define ROW(key, kind, group, flags, bit, off) \
	{ key, kind, group, flags, RT_MASK_NONE, 0, bit, HC(modified_attributes), off }
#define SROW(key, kind, group, flags, bit, off) \
	{ key, kind, group, flags, RT_MASK_NONE, 0, bit, SC(modified_attributes), off }
#define ATTR(key, mask, off) { key, RT_MODATTR, RT_G_ALWAYS, 0, mask, 0, 0, off, off }
#define NOTIFIED(key, opt, off) \
	{ key, RT_NOTIFIED, RT_G_STATUS, 0, RT_MASK_NONE, opt, 0, off, off }
/* clang-format on */

#define ST RT_G_STATUS
#define NS RT_G_NONSTATUS

const struct rt_field rt_host_fields[] = {
	ATTR("modified_attributes", RT_MASK_HOST, HC(modified_attributes)),
	ROW("check_command", RT_CHECK_COMMAND, NS, 0, EXTCMD_MODATTR_CHECK_COMMAND, 0),
	ROW("check_period", RT_CHECK_PERIOD, NS, 0, EXTCMD_MODATTR_CHECK_TIMEPERIOD,
	    HC(check_period)),
	ROW("notification_period", RT_NOTIF_PERIOD, NS, 0, EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD,
	    HC(notification_period)),
	ROW("event_handler", RT_EVENT_HANDLER, NS, 0, EXTCMD_MODATTR_EVENT_HANDLER_COMMAND, 0),
	ROW("has_been_checked", RT_BOOL, ST, 0, 0, HC(has_been_checked)),
	ROW("check_execution_time", RT_DBL3, ST, 0, 0, HC(execution_time)),
	ROW("check_latency", RT_DBL3, ST, 0, 0, HC(latency)),
	ROW("check_type", RT_INT, ST, 0, 0, HC(check_type)),
	ROW("current_state", RT_INT, ST, 0, 0, HC(current_state)),
	ROW("last_state", RT_INT, ST, 0, 0, HC(last_state)),
	ROW("last_hard_state", RT_INT, ST, 0, 0, HC(last_hard_state)),
	ROW("last_event_id", RT_ULONG, ST, 0, 0, HC(last_event_id)),
	ROW("current_event_id", RT_ULONG, ST, 0, 0, HC(current_event_id)),
	ROW("current_problem_id", RT_ULONG, ST, 0, 0, HC(current_problem_id)),
	ROW("last_problem_id", RT_ULONG, ST, 0, 0, HC(last_problem_id)),
	ROW("plugin_output", RT_STR, ST, 0, 0, HC(output)),
	ROW("long_plugin_output", RT_ESC, ST, 0, 0, HC(long_output)),
	ROW("performance_data", RT_STR, ST, 0, 0, HC(perf_data)),
	ROW("last_check", RT_TIME, ST, 0, 0, HC(last_check)),
	ROW("next_check", RT_TIME, ST, RT_F_SCHED, 0, HC(next_check)),
	ROW("check_options", RT_INT, ST, RT_F_SCHED, 0, HC(check_options)),
	ROW("current_attempt", RT_INT, ST, 0, 0, HC(current_attempt)),
	ROW("max_attempts", RT_INT, NS, RT_F_ATTEMPTS, EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS,
	    HC(max_attempts)),
	ROW("check_interval", RT_DBL6, NS, RT_F_NONNEG, EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL,
	    HC(check_interval)),
	ROW("retry_interval", RT_DBL6, NS, RT_F_NONNEG, EXTCMD_MODATTR_RETRY_CHECK_INTERVAL,
	    HC(retry_interval)),
	ROW("state_type", RT_INT, ST, 0, 0, HC(state_type)),
	ROW("last_state_change", RT_TIME, ST, 0, 0, HC(last_state_change)),
	ROW("last_hard_state_change", RT_TIME, ST, 0, 0, HC(last_hard_state_change)),
	ROW("last_time_up", RT_TIME, ST, 0, 0, offsetof(struct host_state, last_time_up)),
	ROW("last_time_down", RT_TIME, ST, 0, 0, offsetof(struct host_state, last_time_down)),
	ROW("last_time_unreachable", RT_TIME, ST, 0, 0,
	    offsetof(struct host_state, last_time_unreachable)),
	NOTIFIED("notified_on_down", OBJ_OPT_DOWN, HC(notified_on)),
	NOTIFIED("notified_on_unreachable", OBJ_OPT_UNREACHABLE, HC(notified_on)),
	ROW("last_notification", RT_TIME, ST, 0, 0, HC(last_notification)),
	ROW("current_notification_number", RT_INT, ST, 0, 0, HC(current_notification_number)),
	ROW("current_notification_id", RT_ULONG, ST, 0, 0, HC(current_notification_id)),
	ROW("notifications_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_NOTIFICATIONS_ENABLED,
	    HC(notifications_enabled)),
	ROW("problem_has_been_acknowledged", RT_BOOL, NS, 0, 0, HC(problem_has_been_acknowledged)),
	ROW("acknowledgement_type", RT_INT, NS, 0, 0, HC(acknowledgement_type)),
	ROW("active_checks_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED,
	    HC(active_checks_enabled)),
	ROW("passive_checks_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED,
	    HC(passive_checks_enabled)),
	ROW("event_handler_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_EVENT_HANDLER_ENABLED,
	    HC(event_handler_enabled)),
	ROW("flap_detection_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_FLAP_DETECTION_ENABLED,
	    HC(flap_detection_enabled)),
	ROW("process_performance_data", RT_BOOL, NS, 0, EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED,
	    HC(process_performance_data)),
	ROW("obsess", RT_BOOL, NS, 0, EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED, HC(obsess)),
	ROW("is_flapping", RT_FLAPPING, ST, 0, 0, HC(is_flapping)),
	ROW("percent_state_change", RT_DBL2, ST, 0, 0, HC(percent_state_change)),
	ROW("check_flapping_recovery_notification", RT_INT, ST, 0, 0,
	    HC(check_flapping_recovery_notification)),
	ROW("flapping_comment_id", RT_ULONG, RT_G_NONE, 0, 0, HC(flapping_comment_id)),
	ROW("state_history", RT_HISTORY, ST, 0, 0, HC(state_history)),
	ROW("obsess_over_host", RT_BOOL, NS, RT_F_NOWRITE, EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED,
	    HC(obsess)),
};
const size_t rt_nhost_fields = sizeof(rt_host_fields) / sizeof(rt_host_fields[0]);

const struct rt_field rt_service_fields[] = {
	ATTR("modified_attributes", RT_MASK_SERVICE, SC(modified_attributes)),
	SROW("check_command", RT_CHECK_COMMAND, NS, 0, EXTCMD_MODATTR_CHECK_COMMAND, 0),
	SROW("check_period", RT_CHECK_PERIOD, NS, 0, EXTCMD_MODATTR_CHECK_TIMEPERIOD,
	    SC(check_period)),
	SROW("notification_period", RT_NOTIF_PERIOD, NS, 0, EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD,
	    SC(notification_period)),
	SROW("event_handler", RT_EVENT_HANDLER, NS, 0, EXTCMD_MODATTR_EVENT_HANDLER_COMMAND, 0),
	SROW("has_been_checked", RT_BOOL, ST, 0, 0, SC(has_been_checked)),
	SROW("check_execution_time", RT_DBL3, ST, 0, 0, SC(execution_time)),
	SROW("check_latency", RT_DBL3, ST, 0, 0, SC(latency)),
	SROW("check_type", RT_INT, ST, 0, 0, SC(check_type)),
	SROW("current_state", RT_INT, ST, 0, 0, SC(current_state)),
	SROW("last_state", RT_INT, ST, 0, 0, SC(last_state)),
	SROW("last_hard_state", RT_INT, ST, 0, 0, SC(last_hard_state)),
	SROW("last_event_id", RT_ULONG, ST, 0, 0, SC(last_event_id)),
	SROW("current_event_id", RT_ULONG, ST, 0, 0, SC(current_event_id)),
	SROW("current_problem_id", RT_ULONG, ST, 0, 0, SC(current_problem_id)),
	SROW("last_problem_id", RT_ULONG, ST, 0, 0, SC(last_problem_id)),
	SROW("current_attempt", RT_INT, ST, 0, 0, SC(current_attempt)),
	SROW("max_attempts", RT_INT, NS, RT_F_ATTEMPTS, EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS,
	    SC(max_attempts)),
	SROW("check_interval", RT_DBL6, NS, RT_F_NONNEG, EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL,
	    SC(check_interval)),
	SROW("retry_interval", RT_DBL6, NS, RT_F_NONNEG, EXTCMD_MODATTR_RETRY_CHECK_INTERVAL,
	    SC(retry_interval)),
	SROW("state_type", RT_INT, ST, 0, 0, SC(state_type)),
	SROW("last_state_change", RT_TIME, ST, 0, 0, SC(last_state_change)),
	SROW("last_hard_state_change", RT_TIME, ST, 0, 0, SC(last_hard_state_change)),
	SROW("last_time_ok", RT_TIME, ST, 0, 0, offsetof(struct svc_state, last_time_ok)),
	SROW("last_time_warning", RT_TIME, ST, 0, 0, offsetof(struct svc_state, last_time_warning)),
	SROW("last_time_unknown", RT_TIME, ST, 0, 0, offsetof(struct svc_state, last_time_unknown)),
	SROW("last_time_critical", RT_TIME, ST, 0, 0,
	    offsetof(struct svc_state, last_time_critical)),
	SROW("plugin_output", RT_STR, ST, 0, 0, SC(output)),
	SROW("long_plugin_output", RT_ESC, ST, 0, 0, SC(long_output)),
	SROW("performance_data", RT_STR, ST, 0, 0, SC(perf_data)),
	SROW("last_check", RT_TIME, ST, 0, 0, SC(last_check)),
	SROW("next_check", RT_TIME, ST, RT_F_SCHED, 0, SC(next_check)),
	SROW("check_options", RT_INT, ST, RT_F_SCHED, 0, SC(check_options)),
	NOTIFIED("notified_on_unknown", OBJ_OPT_UNKNOWN, SC(notified_on)),
	NOTIFIED("notified_on_warning", OBJ_OPT_WARNING, SC(notified_on)),
	NOTIFIED("notified_on_critical", OBJ_OPT_CRITICAL, SC(notified_on)),
	SROW("current_notification_number", RT_INT, ST, 0, 0, SC(current_notification_number)),
	SROW("current_notification_id", RT_ULONG, ST, 0, 0, SC(current_notification_id)),
	SROW("last_notification", RT_TIME, ST, 0, 0, SC(last_notification)),
	SROW("notifications_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_NOTIFICATIONS_ENABLED,
	    SC(notifications_enabled)),
	SROW("active_checks_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED,
	    SC(active_checks_enabled)),
	SROW("passive_checks_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED,
	    SC(passive_checks_enabled)),
	SROW("event_handler_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_EVENT_HANDLER_ENABLED,
	    SC(event_handler_enabled)),
	SROW("problem_has_been_acknowledged", RT_BOOL, NS, 0, 0, SC(problem_has_been_acknowledged)),
	SROW("acknowledgement_type", RT_INT, NS, 0, 0, SC(acknowledgement_type)),
	SROW("flap_detection_enabled", RT_BOOL, NS, 0, EXTCMD_MODATTR_FLAP_DETECTION_ENABLED,
	    SC(flap_detection_enabled)),
	SROW("process_performance_data", RT_BOOL, NS, 0, EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED,
	    SC(process_performance_data)),
	SROW("obsess", RT_BOOL, NS, 0, EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED, SC(obsess)),
	SROW("is_flapping", RT_FLAPPING, ST, 0, 0, SC(is_flapping)),
	SROW("percent_state_change", RT_DBL2, ST, 0, 0, SC(percent_state_change)),
	SROW("check_flapping_recovery_notification", RT_INT, ST, 0, 0,
	    SC(check_flapping_recovery_notification)),
	SROW("flapping_comment_id", RT_ULONG, RT_G_NONE, 0, 0, SC(flapping_comment_id)),
	SROW("state_history", RT_HISTORY, ST, 0, 0, SC(state_history)),
	SROW("obsess_over_service", RT_BOOL, NS, RT_F_NOWRITE,
	    EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED, SC(obsess)),
};
const size_t rt_nservice_fields = sizeof(rt_service_fields) / sizeof(rt_service_fields[0]);

const struct rt_field rt_contact_fields[] = {
	ATTR("modified_attributes", RT_MASK_NONE, CT(modified_attributes)),
	ATTR("modified_host_attributes", RT_MASK_CONTACT_HOST, CT(modified_host_attributes)),
	ATTR("modified_service_attributes", RT_MASK_CONTACT_SERVICE,
	    CT(modified_service_attributes)),
	{ "host_notification_period", RT_HOST_NOTIF_PERIOD, NS, 0, RT_MASK_NONE, 0,
	    EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD, CT(modified_host_attributes),
	    CT(host_notification_period) },
	{ "service_notification_period", RT_SVC_NOTIF_PERIOD, NS, 0, RT_MASK_NONE, 0,
	    EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD, CT(modified_service_attributes),
	    CT(service_notification_period) },
	{ "last_host_notification", RT_TIME, ST, 0, RT_MASK_NONE, 0, 0, 0,
	    CT(last_host_notification) },
	{ "last_service_notification", RT_TIME, ST, 0, RT_MASK_NONE, 0, 0, 0,
	    CT(last_service_notification) },
	{ "host_notifications_enabled", RT_BOOL, NS, 0, RT_MASK_NONE, 0,
	    EXTCMD_MODATTR_NOTIFICATIONS_ENABLED, CT(modified_host_attributes),
	    CT(host_notifications_enabled) },
	{ "service_notifications_enabled", RT_BOOL, NS, 0, RT_MASK_NONE, 0,
	    EXTCMD_MODATTR_NOTIFICATIONS_ENABLED, CT(modified_service_attributes),
	    CT(service_notifications_enabled) },
};
const size_t rt_ncontact_fields = sizeof(rt_contact_fields) / sizeof(rt_contact_fields[0]);

#define MC(f) offsetof(struct main_cfg, f)

const struct rt_pfield rt_prog_fields[] = {
	{ "modified_host_attributes", RT_P_HATTR, 0, 0, 0 },
	{ "modified_service_attributes", RT_P_SATTR, 1, 0, 0 },
	{ "enable_notifications", RT_P_SWITCH, 0, EXTCMD_MODATTR_NOTIFICATIONS_ENABLED,
	    MC(enable_notifications) },
	{ "active_service_checks_enabled", RT_P_SWITCH, 1, EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED,
	    MC(execute_service_checks) },
	{ "passive_service_checks_enabled", RT_P_SWITCH, 1, EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED,
	    MC(accept_passive_service_checks) },
	{ "active_host_checks_enabled", RT_P_SWITCH, 0, EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED,
	    MC(execute_host_checks) },
	{ "passive_host_checks_enabled", RT_P_SWITCH, 0, EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED,
	    MC(accept_passive_host_checks) },
	{ "enable_event_handlers", RT_P_SWITCH, 0, EXTCMD_MODATTR_EVENT_HANDLER_ENABLED,
	    MC(enable_event_handlers) },
	{ "obsess_over_services", RT_P_SWITCH, 1, EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED,
	    MC(obsess_over_services) },
	{ "obsess_over_hosts", RT_P_SWITCH, 0, EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED,
	    MC(obsess_over_hosts) },
	{ "check_service_freshness", RT_P_SWITCH, 1, EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED,
	    MC(check_service_freshness) },
	{ "check_host_freshness", RT_P_SWITCH, 0, EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED,
	    MC(check_host_freshness) },
	{ "enable_flap_detection", RT_P_SWITCH, 0, EXTCMD_MODATTR_FLAP_DETECTION_ENABLED,
	    MC(enable_flap_detection) },
	{ "process_performance_data", RT_P_SWITCH, 0, EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED,
	    MC(process_performance_data) },
	{ "global_host_event_handler", RT_P_HHANDLER, 0, EXTCMD_MODATTR_EVENT_HANDLER_COMMAND, 0 },
	{ "global_service_event_handler", RT_P_SHANDLER, 1, EXTCMD_MODATTR_EVENT_HANDLER_COMMAND,
	    0 },
	{ "next_comment_id", RT_P_COMMENT_ID, 0, 0, 0 },
	{ "next_downtime_id", RT_P_DOWNTIME_ID, 0, 0, 0 },
	{ "next_event_id", RT_P_EVENT_ID, 0, 0, 0 },
	{ "next_problem_id", RT_P_PROBLEM_ID, 0, 0, 0 },
	{ "next_notification_id", RT_P_NOTIFICATION_ID, 0, 0, 0 },
};
const size_t rt_nprog_fields = sizeof(rt_prog_fields) / sizeof(rt_prog_fields[0]);

unsigned long
rt_write_mask(const struct main_cfg *cfg, int mask)
{
	switch (mask) {
	case RT_MASK_HOST:
		return cfg->retained_host_attribute_mask;
	case RT_MASK_SERVICE:
		return cfg->retained_service_attribute_mask;
	case RT_MASK_CONTACT_HOST:
		return cfg->retained_contact_host_attribute_mask;
	case RT_MASK_CONTACT_SERVICE:
		return cfg->retained_contact_service_attribute_mask;
	case RT_MASK_PROCESS_HOST:
		return cfg->retained_process_host_attribute_mask;
	case RT_MASK_PROCESS_SERVICE:
		return cfg->retained_process_service_attribute_mask;
	default:
		return 0;
	}
}

unsigned long
rt_read_mask(const struct main_cfg *cfg, int mask)
{
	/* xrddefault_read_state_information takes the host masks for these */
	if (mask == RT_MASK_SERVICE)
		return cfg->retained_host_attribute_mask;
	if (mask == RT_MASK_PROCESS_SERVICE)
		return cfg->retained_process_host_attribute_mask;
	return rt_write_mask(cfg, mask);
}

/* ---- the writer ---- */

static const char *
rt_tpname(const struct obj_timeperiod *tp)
{
	return tp != NULL ? tp->name : "";
}

void
rt_conf_host(struct rt_conf *conf, const struct obj_host *h, const struct host_state *st)
{
	memset(conf, 0, sizeof(*conf));
	conf->check_command = h->check_command.raw != NULL ? h->check_command.raw : "";
	conf->event_handler = h->cfg->event_handler.raw != NULL ? h->cfg->event_handler.raw : "";
	conf->check_period = rt_tpname(st != NULL ? state_check_period(&st->c, h->cfg)
	                                          : h->cfg->check_period);
	conf->notif_period = rt_tpname(st != NULL ? state_notification_period(&st->c, h->cfg)
	                                          : h->cfg->notification_period);
}

void
rt_conf_service(struct rt_conf *conf, const struct obj_service *s, const struct svc_state *st)
{
	memset(conf, 0, sizeof(*conf));
	conf->check_command = s->check_command.raw != NULL ? s->check_command.raw : "";
	conf->event_handler = s->cfg->event_handler.raw != NULL ? s->cfg->event_handler.raw : "";
	conf->check_period = rt_tpname(st != NULL ? state_check_period(&st->c, s->cfg)
	                                          : s->cfg->check_period);
	conf->notif_period = rt_tpname(st != NULL ? state_notification_period(&st->c, s->cfg)
	                                          : s->cfg->notification_period);
}

void
rt_conf_contact(struct rt_conf *conf, const struct obj_contact *c,
    const struct contact_state *st)
{
	memset(conf, 0, sizeof(*conf));
	conf->host_notif_period = rt_tpname(state_contact_host_period(st, c));
	conf->svc_notif_period = rt_tpname(state_contact_svc_period(st, c));
}

const char *
rt_conf_value(const struct rt_conf *conf, int kind)
{
	const char *v = NULL;

	switch (kind) {
	case RT_CHECK_COMMAND:
		v = conf->check_command;
		break;
	case RT_EVENT_HANDLER:
		v = conf->event_handler;
		break;
	case RT_CHECK_PERIOD:
		v = conf->check_period;
		break;
	case RT_NOTIF_PERIOD:
		v = conf->notif_period;
		break;
	case RT_HOST_NOTIF_PERIOD:
		v = conf->host_notif_period;
		break;
	case RT_SVC_NOTIF_PERIOD:
		v = conf->svc_notif_period;
		break;
	}
	return v != NULL ? v : "";
}

static const char *
rt_nz(const char *s)
{
	return s != NULL ? s : "";
}

/* a value and its newline, any newline inside written as a space */
static void
rt_put_val(FILE *fp, const char *v)
{
	const char *nl;

	v = rt_nz(v);
	while ((nl = strchr(v, '\n')) != NULL) {
		fwrite(v, 1, (size_t)(nl - v), fp);
		putc(' ', fp);
		v = nl + 1;
	}
	fputs(v, fp);
	putc('\n', fp);
}

static void
rt_put_str(FILE *fp, const char *key, const char *v)
{
	fprintf(fp, "%s=", key);
	rt_put_val(fp, v);
}

/* key=value with backslashes and newlines escaped, as Nagios holds long output */
static void
rt_put_esc(FILE *fp, const char *key, const char *v)
{
	fprintf(fp, "%s=", key);
	for (v = rt_nz(v); *v != '\0'; v++) {
		if (*v == '\\')
			fputs("\\\\", fp);
		else if (*v == '\n')
			fputs("\\n", fp);
		else
			putc(*v, fp);
	}
	putc('\n', fp);
}

static void
rt_put_history(FILE *fp, const char *key, const struct state_common *c)
{
	int i, idx = c->state_history_index;

	if (idx < 0 || idx >= STATE_HISTORY)
		idx = 0;
	fprintf(fp, "%s=", key);
	for (i = 0; i < STATE_HISTORY; i++)
		fprintf(fp, "%s%d", i > 0 ? "," : "", c->state_history[(i + idx) % STATE_HISTORY]);
	putc('\n', fp);
}

/* one row of a host, service or contact section; st is its state struct */
static void
rt_put_field(FILE *fp, const struct rt_field *f, const void *st, const struct rt_conf *conf,
    const struct main_cfg *cfg)
{
	const char *p = (const char *)st + f->off;

	switch (f->kind) {
	case RT_INT:
	case RT_BOOL:
	case RT_FLAPPING:
		fprintf(fp, "%s=%d\n", f->key, *(const int *)(const void *)p);
		break;
	case RT_ULONG:
		fprintf(fp, "%s=%lu\n", f->key, *(const unsigned long *)(const void *)p);
		break;
	case RT_TIME:
		fprintf(
		    fp, "%s=%llu\n", f->key, (unsigned long long)*(const time_t *)(const void *)p);
		break;
	case RT_DBL3:
		fprintf(fp, "%s=%.3f\n", f->key, *(const double *)(const void *)p);
		break;
	case RT_DBL2:
		fprintf(fp, "%s=%.2f\n", f->key, *(const double *)(const void *)p);
		break;
	case RT_DBL6:
		fprintf(fp, "%s=%f\n", f->key, *(const double *)(const void *)p);
		break;
	case RT_STR:
		rt_put_str(fp, f->key, *(char *const *)(const void *)p);
		break;
	case RT_ESC:
		rt_put_esc(fp, f->key, *(char *const *)(const void *)p);
		break;
	case RT_MODATTR:
		fprintf(fp, "%s=%lu\n", f->key,
		    *(const unsigned long *)(const void *)p & ~rt_write_mask(cfg, f->mask));
		break;
	case RT_NOTIFIED:
		fprintf(
		    fp, "%s=%d\n", f->key, (*(const int *)(const void *)p & (int)f->opt) ? 1 : 0);
		break;
	case RT_HISTORY:
		rt_put_history(fp, f->key, (const struct state_common *)st);
		break;
	case RT_CHECK_COMMAND:
	case RT_EVENT_HANDLER:
	case RT_CHECK_PERIOD:
	case RT_NOTIF_PERIOD:
	case RT_HOST_NOTIF_PERIOD:
	case RT_SVC_NOTIF_PERIOD:
		rt_put_str(fp, f->key, rt_conf_value(conf, f->kind));
		break;
	}
}

static void
rt_put_fields(FILE *fp, const struct rt_field *rows, size_t n, const void *st,
    const struct rt_conf *conf, const struct main_cfg *cfg)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(rows[i].flags & RT_F_NOWRITE))
			rt_put_field(fp, &rows[i], st, conf, cfg);
}

/* the configured custom variables, "modified" 1 with the value of an override in vs */
static void
rt_put_customvars(FILE *fp, const struct obj_customvar *v, unsigned n,
    const struct state_vars *vs)
{
	const struct state_var *ov;
	unsigned i;

	for (i = 0; i < n; i++) {
		ov = state_var_find(vs, v[i].name);
		fprintf(fp, "_%s=%d;", v[i].name, ov != NULL);
		rt_put_val(fp, ov != NULL ? ov->value : v[i].value);
	}
}

/* the mask-free value of a program switch row */
static int
rt_switch(const struct main_cfg *cfg, const struct rt_pfield *f)
{
	return *(const int *)(const void *)((const char *)cfg + f->off);
}

static void
rt_put_program(FILE *fp, const struct snapshot *s)
{
	const struct main_cfg *cfg = s->cfg;
	const struct prog_state *p = s->prog;
	const struct rt_pfield *f;
	const char *h;
	size_t i;

	fputs("program {\n", fp);
	for (i = 0; i < rt_nprog_fields; i++) {
		f = &rt_prog_fields[i];
		switch (f->kind) {
		case RT_P_HATTR:
			fprintf(fp, "%s=%lu\n", f->key,
			    p->modified_host_attributes &
				~rt_write_mask(cfg, RT_MASK_PROCESS_HOST));
			break;
		case RT_P_SATTR:
			fprintf(fp, "%s=%lu\n", f->key,
			    p->modified_service_attributes &
				~rt_write_mask(cfg, RT_MASK_PROCESS_SERVICE));
			break;
		case RT_P_SWITCH:
			fprintf(fp, "%s=%d\n", f->key, rt_switch(cfg, f));
			break;
		case RT_P_HHANDLER:
			h = p->global_host_event_handler;
			rt_put_str(fp, f->key, h != NULL ? h : cfg->global_host_event_handler);
			break;
		case RT_P_SHANDLER:
			h = p->global_service_event_handler;
			rt_put_str(fp, f->key, h != NULL ? h : cfg->global_service_event_handler);
			break;
		case RT_P_COMMENT_ID:
			fprintf(fp, "%s=%lu\n", f->key, p->next_comment_id);
			break;
		case RT_P_DOWNTIME_ID:
			fprintf(fp, "%s=%lu\n", f->key, p->next_downtime_id);
			break;
		case RT_P_EVENT_ID:
			fprintf(fp, "%s=%lu\n", f->key, s->ids != NULL ? s->ids->next_event_id : 0);
			break;
		case RT_P_PROBLEM_ID:
			fprintf(
			    fp, "%s=%lu\n", f->key, s->ids != NULL ? s->ids->next_problem_id : 0);
			break;
		case RT_P_NOTIFICATION_ID:
			fprintf(fp, "%s=%lu\n", f->key, p->next_notification_id);
			break;
		}
	}
	fputs("}\n", fp);
}

static void
rt_put_objects(FILE *fp, const struct snapshot *s)
{
	const struct objects *o = s->objs;
	struct rt_conf conf;
	unsigned i;

	for (i = 0; i < o->nhosts; i++) {
		const struct obj_host *h = &o->hosts[i];

		rt_conf_host(&conf, h, &s->hosts[h->id]);
		fputs("host {\n", fp);
		rt_put_str(fp, "host_name", h->name);
		rt_put_fields(fp, rt_host_fields, rt_nhost_fields, &s->hosts[h->id], &conf, s->cfg);
		rt_put_customvars(fp, h->vars, h->nvars, &s->hosts[h->id].c.vars);
		fputs("}\n", fp);
	}
	for (i = 0; i < o->nservices; i++) {
		const struct obj_service *sv = &o->services[i];

		rt_conf_service(&conf, sv, &s->svcs[sv->id]);
		fputs("service {\n", fp);
		rt_put_str(fp, "host_name", sv->host->name);
		rt_put_str(fp, "service_description", sv->description);
		rt_put_fields(
		    fp, rt_service_fields, rt_nservice_fields, &s->svcs[sv->id], &conf, s->cfg);
		rt_put_customvars(fp, sv->vars, sv->nvars, &s->svcs[sv->id].c.vars);
		fputs("}\n", fp);
	}
	for (i = 0; s->contacts != NULL && i < o->ncontacts; i++) {
		const struct obj_contact *c = &o->contacts[i];

		rt_conf_contact(&conf, c, &s->contacts[c->id]);
		fputs("contact {\n", fp);
		rt_put_str(fp, "contact_name", c->name);
		rt_put_fields(
		    fp, rt_contact_fields, rt_ncontact_fields, &s->contacts[c->id], &conf, s->cfg);
		rt_put_customvars(fp, c->vars, c->nvars, &s->contacts[c->id].vars);
		fputs("}\n", fp);
	}
}

static void
rt_put_comments(FILE *fp, const struct comments *cs)
{
	const struct comment *c;
	size_t i, n = cs != NULL ? comments_count(cs) : 0;

	for (i = 0; i < n; i++) {
		c = comments_at(cs, i);
		fputs(c->svc == NULL ? "hostcomment {\n" : "servicecomment {\n", fp);
		rt_put_str(fp, "host_name", c->host);
		if (c->svc != NULL)
			rt_put_str(fp, "service_description", c->svc);
		fprintf(fp, "entry_type=%d\ncomment_id=%lu\nsource=%d\npersistent=%d\n",
		    c->entry_type, c->id, c->source, c->persistent);
		fprintf(fp, "entry_time=%llu\nexpires=%d\nexpire_time=%llu\n",
		    (unsigned long long)c->entry_time, c->expires,
		    (unsigned long long)c->expire_time);
		rt_put_str(fp, "author", c->author);
		rt_put_str(fp, "comment_data", c->text);
		fputs("}\n", fp);
	}
}

static void
rt_put_downtimes(FILE *fp, const struct downtimes *dt)
{
	const struct downtime *d;
	size_t i, n = dt != NULL ? downtimes_count(dt) : 0;

	for (i = 0; i < n; i++) {
		d = downtimes_at(dt, i);
		fputs(d->svc == NULL ? "hostdowntime {\n" : "servicedowntime {\n", fp);
		rt_put_str(fp, "host_name", d->host);
		if (d->svc != NULL)
			rt_put_str(fp, "service_description", d->svc);
		fprintf(fp, "comment_id=%lu\ndowntime_id=%lu\n", d->comment_id, d->id);
		fprintf(fp, "entry_time=%llu\nstart_time=%llu\nflex_downtime_start=%llu\n",
		    (unsigned long long)d->entry_time, (unsigned long long)d->start_time,
		    (unsigned long long)d->flex_downtime_start);
		fprintf(fp, "end_time=%llu\ntriggered_by=%lu\nfixed=%d\nduration=%lu\n",
		    (unsigned long long)d->end_time, d->triggered_by, d->fixed, d->duration);
		fprintf(fp, "is_in_effect=%d\nstart_notification_sent=%d\n", d->is_in_effect,
		    d->start_notification_sent);
		rt_put_str(fp, "author", d->author);
		rt_put_str(fp, "comment", d->comment);
		fputs("}\n", fp);
	}
}

int
retention_fprint(FILE *fp, const struct snapshot *s)
{
	fputs("########################################\n"
	      "#      NAGIOS STATE RETENTION FILE\n"
	      "#\n"
	      "# THIS FILE IS AUTOMATICALLY GENERATED\n"
	      "# BY NAGIOS.  DO NOT MODIFY THIS FILE!\n"
	      "########################################\n",
	    fp);
	fprintf(fp, "info {\ncreated=%llu\nversion=%s\n", (unsigned long long)s->now,
	    RETENTION_VERSION);
	fputs("last_update_check=0\nupdate_available=0\nupdate_uid=0\n"
	      "last_version=\nnew_version=\n}\n",
	    fp);
	rt_put_program(fp, s);
	rt_put_objects(fp, s);
	rt_put_comments(fp, s->comments);
	rt_put_downtimes(fp, s->downtimes);
	return ferror(fp) ? -1 : 0;
}

static int
rt_fill(FILE *fp, void *arg)
{
	return retention_fprint(fp, arg);
}

int
retention_write(const char *path, const struct snapshot *s, char *err, size_t errlen)
{
	/* Nagios writes through mkstemp and a rename: the file is 0600 */
	return afile_write(path, 0600, rt_fill, (void *)(uintptr_t)s, err, errlen);
}

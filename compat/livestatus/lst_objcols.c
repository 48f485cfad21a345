/*
 * lst_objcols: the columns hosts and services have in common, read from
 * a struct lst_obj (lst_int.h) of either kind.  The hosts table adds its
 * own (lst_hosts.c), the services table its own and the host_ ones
 * (lst_services.c).  The getters of the columns naemon-livestatus 1.5
 * added to both (check_source, depends_* ...) are here too, exported:
 * their descriptions differ between hosts and services, so each table
 * lists them itself.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/arena.h"

static void
o_check_command(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;

	(void)x;
	(void)c;
	out->s = o->s != NULL ? o->s->check_command.raw : o->h->check_command.raw;
}

static void
o_display_name(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;

	(void)x;
	(void)c;
	out->s = o->s != NULL ? o->s->display_name : o->h->display_name;
}

static void
o_id(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct lst_obj *o = row;

	(void)x;
	(void)c;
	out->i = o->s != NULL ? o->s->id : o->h->id;
}

/* a host's host groups, a service's service groups */
static void
o_groups(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct lst_obj *o = row;
	unsigned n = o->s != NULL ? o->s->ngroups : o->h->ngroups, i;
	struct ls_elem *e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));

	(void)c;
	for (i = 0; i < n; i++)
		e[i].key = o->s != NULL ? o->s->groups[i]->name : o->h->groups[i]->name;
	out->n = n;
	out->e = e;
}

/* Nagios 4's hourly_value is the importance the object was given */
static void
o_importance(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	(void)c;
	out->i = ((const struct lst_obj *)row)->cfg->importance;
}

/* ---- the columns naemon-livestatus 1.5 added ---- */

/*
 * Where the last active result came from, as Naemon names it: "Core
 * Worker" (Naemon adds its worker's pid, which jaque's checks do not
 * have).  Naemon sets it only for results that come through its workers:
 * passive ones leave it as it was, empty before the first active result
 * since the start (it is not retained); jaque keeps no memory of an
 * active result followed by passive ones, so it answers by the last one.
 */
void
lst_get_check_source(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct state_common *st = ((const struct lst_obj *)row)->st;

	(void)x;
	(void)c;
	out->s = st->checks_run > 0 && st->check_type == STATE_CHECK_ACTIVE ? "Core Worker" : "";
}

/* Nagios 4 has no check_timeout of an object: the main one applies, as in Naemon without it */
void
lst_get_check_timeout(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct main_cfg *cfg = LST_DATA(x)->snap->cfg;

	(void)c;
	out->i = ((const struct lst_obj *)row)->s != NULL ? cfg->service_check_timeout
							  : cfg->host_check_timeout;
}

/*
 * Naemon's last_update is when the object's status last changed (the
 * start, a result, a command, a notification), in microseconds.  jaque
 * keeps no such time: the latest of the program start, the last check,
 * state change and notification stands for it, in whole seconds.
 */
void
lst_get_last_update(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct state_common *st = ((const struct lst_obj *)row)->st;
	time_t t = LST_DATA(x)->snap->prog->program_start;

	(void)c;
	if (st->last_check > t)
		t = st->last_check;
	if (st->last_state_change > t)
		t = st->last_state_change;
	if (st->last_notification > t)
		t = st->last_notification;
	out->i = t;
}

/* naemon-livestatus answers -1 when no pnp_path is given to the module; jaque takes none */
void
lst_get_pnpgraph(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	(void)c;
	(void)row;
	out->i = -1;
}

/* one element of depends_*: the master's name, or with LST_DEP_INFO the tuple
 * (host, [description,] failure options, dependency period, inherits parent) */
static void
dep_elem(const struct ls_ctx *x, struct ls_elem *e, int info, const struct obj_host *h,
    const struct obj_service *s, unsigned fopts, const struct obj_timeperiod *period,
    int inherits)
{
	struct ls_field *f;
	unsigned k = 0;

	e->key = h->name;
	if (s != NULL) {
		size_t hl = strlen(h->name), dl = strlen(s->description);
		char *key = arena_alloc(x->scratch, hl + dl + 2);

		memcpy(key, h->name, hl);
		key[hl] = '|';
		memcpy(key + hl + 1, s->description, dl + 1);
		e->key = key;
	}
	if (!info && s == NULL)
		return;
	f = arena_zalloc(x->scratch, 5 * sizeof(*f));
	f[k].s = h->name;
	f[k++].is_str = 1;
	if (s != NULL) {
		f[k].s = s->description;
		f[k++].is_str = 1;
	}
	if (info) {
		f[k++].i = fopts;
		f[k].s = period != NULL ? period->name : "";
		f[k++].is_str = 1;
		f[k++].i = inherits;
	}
	e->nf = k;
	e->f = f;
}

/* the objects this one depends on to execute (LST_DEP_EXEC) or to notify, that AuthUser
 * sees, in the order of the model's dependencies (Naemon's follows the definition's list) */
void
lst_get_depends(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const struct lst_obj *o = row;
	const struct objects *objs = LST_DATA(x)->snap->objs;
	enum obj_dep_type type = (c->arg & LST_DEP_EXEC) ? OBJ_DEP_EXECUTION : OBJ_DEP_NOTIFICATION;
	int info = (c->arg & LST_DEP_INFO) != 0;
	unsigned i, n = o->s != NULL ? objs->nservicedependencies : objs->nhostdependencies;
	struct ls_elem *e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));

	out->n = 0;
	for (i = 0; i < n; i++) {
		if (o->s != NULL) {
			const struct obj_servicedependency *d = &objs->servicedependencies[i];

			if (d->type != type || d->dependent != o->s || !lst_svc_seen(x, d->master))
				continue;
			dep_elem(x, &e[out->n++], info, d->master->host, d->master,
			    d->failure_options, d->dependency_period, d->inherits_parent);
		} else {
			const struct obj_hostdependency *d = &objs->hostdependencies[i];

			if (d->type != type || d->dependent != o->h || !lst_host_seen(x, d->master))
				continue;
			dep_elem(x, &e[out->n++], info, d->master, NULL, d->failure_options,
			    d->dependency_period, d->inherits_parent);
		}
	}
	out->e = e;
}

#define COL(name, type, fn, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, fn, NULL, arg }
#define LCOL(name, kind, fn, arg, desc) { name, desc, LS_LIST, kind, 0, fn, NULL, arg }
#define ST(f) LST_ARG(LST_B_ST, offsetof(struct state_common, f))
#define CFG(f) LST_ARG(LST_B_CFG, offsetof(struct obj_settings, f))
#define EXT(f) LST_ARG(LST_B_EXT, offsetof(struct obj_extinfo, f))

const struct ls_col lst_obj_cols[] = {
	COL("action_url_expanded", LS_STRING, lst_get_expanded, offsetof(struct obj_extinfo, action_url),
	    "The action_url with (the most important) macros expanded"),
	COL("icon_image_expanded", LS_STRING, lst_get_expanded, offsetof(struct obj_extinfo, icon_image),
	    "The icon_image with (the most important) macros expanded"),
	COL("notes_expanded", LS_STRING, lst_get_expanded, offsetof(struct obj_extinfo, notes),
	    "The notes with (the most important) macros expanded"),
	COL("notes_url_expanded", LS_STRING, lst_get_expanded, offsetof(struct obj_extinfo, notes_url),
	    "The notes_url with (the most important) macros expanded"),
	COL("hourly_value", LS_INT, o_importance, 0,
	    "Hourly Value (importance)"),
	LCOL("comments", LS_LK_OBJECTS, lst_get_comments, 0, "A list of the ids of all comments"),
	LCOL("comments_with_info", LS_LK_OBJECTS, lst_get_comments, 1,
	    "A list of all comments with id, author, comment, entry time, entry type, expires and "
	    "expire time"),
	LCOL("downtimes", LS_LK_OBJECTS, lst_get_downtimes, 0,
	    "A list of the ids of all scheduled downtimes"),
	LCOL("downtimes_with_info", LS_LK_OBJECTS, lst_get_downtimes, 1,
	    "A list of all downtimes with id, author, comment, entry time, start, end, fixed, "
	    "duration and triggered by"),
	COL("accept_passive_checks", LS_INT, lst_get_int, ST(passive_checks_enabled),
	    "Whether passive checks are accepted (0/1)"),
	COL("acknowledged", LS_INT, lst_get_int, ST(problem_has_been_acknowledged),
	    "Whether the current problem has been acknowledged (0/1)"),
	COL("acknowledgement_type", LS_INT, lst_get_int, ST(acknowledgement_type),
	    "Type of acknowledgement (0: none, 1: normal, 2: sticky)"),
	COL("action_url", LS_STRING, lst_get_str, EXT(action_url),
	    "An optional URL to custom actions or information about this object"),
	COL("active_checks_enabled", LS_INT, lst_get_int, ST(active_checks_enabled),
	    "Whether active checks are enabled for the object (0/1)"),
	COL("check_command", LS_STRING, o_check_command, 0,
	    "Nagios command for active checks of this object"),
	COL("check_freshness", LS_INT, lst_get_int, ST(check_freshness),
	    "Whether freshness checks are activated (0/1)"),
	COL("check_interval", LS_FLOAT, lst_get_dbl, ST(check_interval),
	    "Number of basic interval lengths between two scheduled checks of the object"),
	COL("check_options", LS_INT, lst_get_int, ST(check_options),
	    "The current check option, forced, normal, freshness... (0-2)"),
	COL("check_period", LS_STRING, lst_get_check_period, 0,
	    "Time period in which this object will be checked. If empty then the object will "
	    "always be checked."),
	COL("check_type", LS_INT, lst_get_int, ST(check_type),
	    "Type of check (0: active, 1: passive)"),
	COL("checks_enabled", LS_INT, lst_get_int, ST(active_checks_enabled),
	    "Whether checks of the object are enabled (0/1)"),
	LCOL("contact_groups", LS_LK_OBJECTS, lst_get_contact_groups, 0,
	    "A list of all contact groups this object is in"),
	LCOL("contacts", LS_LK_OBJECTS, lst_get_contacts, 0,
	    "A list of all contacts of this object, either direct or via a contact group"),
	COL("current_attempt", LS_INT, lst_get_int, ST(current_attempt),
	    "Number of the current check attempts"),
	COL("current_notification_number", LS_INT, lst_get_int, ST(current_notification_number),
	    "Number of the current notification"),
	LCOL("custom_variable_names", LS_LK_OBJECTS, lst_get_var_names, 0,
	    "A list of the names of the custom variables"),
	LCOL("custom_variable_values", LS_LK_OBJECTS, lst_get_var_values, 0,
	    "A list of the values of the custom variables"),
	{ "custom_variables", "A dictionary of the custom variables", LS_DICT, LS_LK_OBJECTS, 0,
	  lst_get_vars, NULL, 0 },
	COL("display_name", LS_STRING, o_display_name, 0,
	    "Optional display name of the object"),
	COL("event_handler", LS_STRING, lst_get_str, CFG(event_handler.raw),
	    "Nagios command used as event handler"),
	COL("event_handler_enabled", LS_INT, lst_get_int, ST(event_handler_enabled),
	    "Whether event handling is enabled (0/1)"),
	COL("execution_time", LS_FLOAT, lst_get_dbl, ST(execution_time),
	    "Time the object check needed for execution"),
	COL("first_notification_delay", LS_FLOAT, lst_get_dbl, CFG(first_notification_delay),
	    "Delay before the first notification"),
	COL("flap_detection_enabled", LS_INT, lst_get_int, ST(flap_detection_enabled),
	    "Whether flap detection is enabled (0/1)"),
	LCOL("groups", LS_LK_OBJECTS, o_groups, 0,
	    "A list of the groups this object is in"),
	COL("has_been_checked", LS_INT, lst_get_int, ST(has_been_checked),
	    "Whether the object has already been checked (0/1)"),
	COL("high_flap_threshold", LS_FLOAT, lst_get_dbl, CFG(high_flap_threshold),
	    "High threshold of flap detection"),
	COL("icon_image", LS_STRING, lst_get_str, EXT(icon_image),
	    "The name of an image file to be used in the web pages"),
	COL("icon_image_alt", LS_STRING, lst_get_str, EXT(icon_image_alt),
	    "Alternative text for the icon_image"),
	COL("id", LS_INT, o_id, 0, "The object's id"),
	COL("in_check_period", LS_INT, lst_get_in_check_period, 0,
	    "Whether this object is currently in its check period (0/1)"),
	COL("in_notification_period", LS_INT, lst_get_in_notif_period, 0,
	    "Whether this object is currently in its notification period (0/1)"),
	COL("initial_state", LS_INT, lst_get_u8, CFG(initial_state),
	    "Initial state"),
	COL("is_executing", LS_INT, lst_get_int, ST(is_executing),
	    "Whether a check is currently running... (0/1)"),
	COL("is_flapping", LS_INT, lst_get_int, ST(is_flapping),
	    "Whether the object state is flapping (0/1)"),
	COL("last_check", LS_TIME, lst_get_time, ST(last_check),
	    "Time of the last check (Unix timestamp)"),
	COL("last_hard_state", LS_INT, lst_get_int, ST(last_hard_state),
	    "Last hard state"),
	COL("last_hard_state_change", LS_TIME, lst_get_time, ST(last_hard_state_change),
	    "Time of the last hard state change (Unix timestamp)"),
	COL("last_notification", LS_TIME, lst_get_time, ST(last_notification),
	    "Time of the last notification (Unix timestamp)"),
	COL("last_state", LS_INT, lst_get_int, ST(last_state), "State before last state change"),
	COL("last_state_change", LS_TIME, lst_get_time, ST(last_state_change),
	    "Time of the last state change - soft or hard (Unix timestamp)"),
	COL("latency", LS_FLOAT, lst_get_dbl, ST(latency),
	    "Time difference between scheduled check time and actual check time"),
	COL("long_plugin_output", LS_STRING, lst_get_str, ST(long_output),
	    "Complete output from check plugin"),
	COL("low_flap_threshold", LS_FLOAT, lst_get_dbl, CFG(low_flap_threshold),
	    "Low threshold of flap detection"),
	COL("max_check_attempts", LS_INT, lst_get_int, ST(max_attempts),
	    "Max check attempts for active checks"),
	COL("modified_attributes", LS_INT, lst_get_ulong, ST(modified_attributes),
	    "A bitmask specifying which attributes have been modified"),
	LCOL("modified_attributes_list", LS_LK_ATTRS, lst_get_modattr_list, 0,
	    "A list of all modified attributes"),
	COL("next_check", LS_TIME, lst_get_time, ST(next_check),
	    "Scheduled time for the next check (Unix timestamp)"),
	COL("next_notification", LS_TIME, lst_get_time, ST(next_notification),
	    "Time of the next notification (Unix timestamp)"),
	COL("no_more_notifications", LS_INT, lst_get_int, ST(no_more_notifications),
	    "Whether to stop sending notifications (0/1)"),
	COL("notes", LS_STRING, lst_get_str, EXT(notes), "Optional notes for this object"),
	COL("notes_url", LS_STRING, lst_get_str, EXT(notes_url),
	    "An optional URL with further information about the object"),
	COL("notification_interval", LS_FLOAT, lst_get_dbl, CFG(notification_interval),
	    "Interval of periodic notification or 0 if its off"),
	COL("notification_period", LS_STRING, lst_get_notif_period, 0,
	    "Time period in which problems of this object will be notified. If empty then "
	    "notification will be always"),
	COL("notifications_enabled", LS_INT, lst_get_int, ST(notifications_enabled),
	    "Whether notifications of the object are enabled (0/1)"),
	COL("notified_on", LS_INT, lst_get_int, ST(notified_on),
	    "The states the object has been notified about in the current problem (bit mask)"),
	COL("obsess", LS_INT, lst_get_int, ST(obsess),
	    "The current obsess setting... (0/1)"),
	COL("percent_state_change", LS_FLOAT, lst_get_dbl, ST(percent_state_change),
	    "Percent state change"),
	COL("perf_data", LS_STRING, lst_get_str, ST(perf_data),
	    "Optional performance data of the last check"),
	COL("plugin_output", LS_STRING, lst_get_plugin_output, 0,
	    "Output of the last check"),
	COL("process_performance_data", LS_INT, lst_get_int, ST(process_performance_data),
	    "Whether processing of performance data is enabled (0/1)"),
	COL("retry_interval", LS_FLOAT, lst_get_dbl, ST(retry_interval),
	    "Number of basic interval lengths between checks when retrying after a soft error"),
	COL("scheduled_downtime_depth", LS_INT, lst_get_int, ST(scheduled_downtime_depth),
	    "The number of downtimes this object is currently in"),
	COL("should_be_scheduled", LS_INT, lst_get_should_sched, 0,
	    "Whether nagios still tries to run checks on this object (0/1)"),
	COL("staleness", LS_FLOAT, lst_get_staleness, 0,
	    "Staleness indicator for this object"),
	COL("state", LS_INT, lst_get_int, ST(current_state),
	    "The current state of the object (hosts 0: up, 1: down, 2: unreachable; services 0: ok, 1: warning, 2: critical, 3: unknown)"),
	COL("state_type", LS_INT, lst_get_int, ST(state_type),
	    "Type of the current state (0: soft, 1: hard)"),
};
const size_t lst_obj_ncols = sizeof(lst_obj_cols) / sizeof(lst_obj_cols[0]);

/*
 * lst_contacts: the contacts, commands and timeperiods tables.  A contact's
 * switches, periods, custom variables and modified attributes are its
 * run-time ones (struct contact_state).  A time period's days are seven
 * lists of [start, end, ...] in seconds after midnight, Sunday first; its
 * exceptions are not given yet (those columns read empty).  None of the
 * three is filtered by AuthUser, as in naemon-livestatus.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <string.h>

#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/timeperiod.h"
#include "engine/util/arena.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define COL(name, type, fn, arg, desc) { name, desc, type, LS_LK_OBJECTS, 0, fn, NULL, arg }
#define LCOL(name, kind, fn, arg, desc) { name, desc, LS_LIST, kind, 0, fn, NULL, arg }
#define OFF(type, f) offsetof(struct type, f)

/* ---- contacts ---- */

static const struct contact_state *
cstate(const struct ls_ctx *x, const struct obj_contact *c)
{
	return &LST_DATA(x)->snap->contacts[c->id];
}

enum { CT_HOST_ON, CT_SVC_ON, CT_MODATTR, CT_HOST_PERIOD, CT_SVC_PERIOD, CT_IN_HOST,
	CT_IN_SVC };

static void
ct_state(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	const struct obj_contact *c = row;
	const struct contact_state *st = cstate(x, c);
	const struct obj_timeperiod *tp;

	switch (col->arg) {
	case CT_HOST_ON:
		out->i = st->host_notifications_enabled;
		break;
	case CT_SVC_ON:
		out->i = st->service_notifications_enabled;
		break;
	case CT_MODATTR:
		out->i = (long long)st->modified_attributes;
		break;
	case CT_HOST_PERIOD:
	case CT_IN_HOST:
	case CT_SVC_PERIOD:
	case CT_IN_SVC:
		tp = col->arg == CT_HOST_PERIOD || col->arg == CT_IN_HOST
		    ? state_contact_host_period(st, c) : state_contact_svc_period(st, c);
		if (col->arg == CT_HOST_PERIOD || col->arg == CT_SVC_PERIOD)
			out->s = tp != NULL ? tp->name : "";
		else
			out->i = tp == NULL || timeperiod_contains(tp, x->now);
		break;
	}
}

static void
ct_address(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	(void)x;
	out->s = ((const struct obj_contact *)row)->address[col->arg];
}

/* 0: the dict, 1: names, 2: values */
static void
ct_vars(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	const struct obj_contact *c = row;

	lst_vars_cell(x, c->vars, c->nvars, &cstate(x, c)->vars, (int)col->arg, out);
}

static void
ct_modattr_list(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	(void)col;
	lst_modattr_cell(x, cstate(x, row)->modified_attributes, out);
}

/* 0: groups, 1: host notification commands, 2: service notification commands (names) */
static void
ct_lists(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	const struct obj_contact *c = row;
	unsigned n = col->arg == 0 ? c->ngroups : col->arg == 1 ? c->nhost_notification_commands
								: c->nservice_notification_commands;
	struct ls_elem *e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	unsigned i;

	for (i = 0; i < n; i++) {
		const struct obj_cmdref *r = col->arg == 1 ? &c->host_notification_commands[i]
		    : &c->service_notification_commands[i];

		e[i].key = col->arg == 0 ? c->groups[i]->name : r->cmd != NULL ? r->cmd->name : "";
	}
	out->n = n;
	out->e = e;
}

static const struct ls_col contact_cols[] = {
	COL("address1", LS_STRING, ct_address, 0, "The additional field address1"),
	COL("address2", LS_STRING, ct_address, 1, "The additional field address2"),
	COL("address3", LS_STRING, ct_address, 2, "The additional field address3"),
	COL("address4", LS_STRING, ct_address, 3, "The additional field address4"),
	COL("address5", LS_STRING, ct_address, 4, "The additional field address5"),
	COL("address6", LS_STRING, ct_address, 5, "The additional field address6"),
	COL("alias", LS_STRING, lst_raw_str, OFF(obj_contact, alias), "The full name of the contact"),
	COL("can_submit_commands", LS_INT, lst_raw_u8, OFF(obj_contact, can_submit_commands),
	    "Whether the contact is allowed to submit commands (0/1)"),
	LCOL("custom_variable_names", LS_LK_OBJECTS, ct_vars, 1,
	    "A list of all custom variables of the contact"),
	LCOL("custom_variable_values", LS_LK_OBJECTS, ct_vars, 2,
	    "A list of the values of all custom variables of the contact"),
	{ "custom_variables", "A dictionary of the custom variables", LS_DICT, LS_LK_OBJECTS, 0,
	  ct_vars, NULL, 0 },
	COL("email", LS_STRING, lst_raw_str, OFF(obj_contact, email), "The email address of the contact"),
	LCOL("groups", LS_LK_OBJECTS, ct_lists, 0, "A list of all contact groups this contact is in"),
	LCOL("host_notification_commands", LS_LK_OBJECTS, ct_lists, 1,
	    "A list of all host notification commands of the contact"),
	COL("host_notification_period", LS_STRING, ct_state, CT_HOST_PERIOD,
	    "The time period in which the contact will be notified about host problems"),
	COL("host_notifications_enabled", LS_INT, ct_state, CT_HOST_ON,
	    "Whether the contact will be notified about host problems in general (0/1)"),
	COL("id", LS_INT, lst_raw_uint, OFF(obj_contact, id), "The id of the contact"),
	COL("in_host_notification_period", LS_INT, ct_state, CT_IN_HOST,
	    "Whether the contact is currently in his/her host notification period (0/1)"),
	COL("in_service_notification_period", LS_INT, ct_state, CT_IN_SVC,
	    "Whether the contact is currently in his/her service notification period (0/1)"),
	COL("modified_attributes", LS_INT, ct_state, CT_MODATTR,
	    "A bitmask specifying which attributes have been modified"),
	LCOL("modified_attributes_list", LS_LK_ATTRS, ct_modattr_list, 0,
	    "A list of all modified attributes"),
	COL("name", LS_STRING, lst_raw_str, OFF(obj_contact, name), "The login name of the contact person"),
	COL("pager", LS_STRING, lst_raw_str, OFF(obj_contact, pager), "The pager address of the contact"),
	LCOL("service_notification_commands", LS_LK_OBJECTS, ct_lists, 2,
	    "A list of all service notification commands of the contact"),
	COL("service_notification_period", LS_STRING, ct_state, CT_SVC_PERIOD,
	    "The time period in which the contact will be notified about service problems"),
	COL("service_notifications_enabled", LS_INT, ct_state, CT_SVC_ON,
	    "Whether the contact will be notified about service problems in general (0/1)"),
};

/* ---- commands ---- */

static const struct ls_col command_cols[] = {
	COL("id", LS_INT, lst_raw_uint, OFF(obj_command, id), "The id of the command"),
	COL("line", LS_STRING, lst_raw_str, OFF(obj_command, line), "The shell command line"),
	COL("name", LS_STRING, lst_raw_str, OFF(obj_command, name), "The name of the command"),
};

/* ---- time periods ---- */

static void
tp_in(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	(void)col;
	out->i = timeperiod_contains(row, x->now);
}

/* seven lists [start, end, ...], Sunday first */
static void
tp_days(const struct ls_ctx *x, const struct ls_col *col, const void *row, struct ls_cell *out)
{
	const struct obj_timeperiod *tp = row;
	struct ls_elem *e = arena_zalloc(x->scratch, 8 * sizeof(*e));
	const struct obj_timerange *r;
	unsigned d, n;

	(void)col;
	for (d = 0; d < 7; d++) {
		struct ls_field *f;

		for (n = 0, r = tp->days[d]; r != NULL; r = r->next)
			n += 2;
		f = arena_zalloc(x->scratch, (n + 1) * sizeof(*f));
		for (n = 0, r = tp->days[d]; r != NULL; r = r->next) {
			f[n++].i = r->start;
			f[n++].i = r->end;
		}
		e[d].key = "";
		e[d].nf = n;
		e[d].f = f;
	}
	out->n = 7;
	out->e = e;
}

static void
tp_exclusions(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	const struct obj_timeperiod *tp = row;
	struct ls_elem *e = arena_zalloc(x->scratch, (tp->nexclude + 1) * sizeof(*e));
	unsigned i;

	(void)col;
	for (i = 0; i < tp->nexclude; i++)
		e[i].key = tp->exclude[i]->name;
	out->n = tp->nexclude;
	out->e = e;
}

/* the fields naemon-livestatus lists for each kind of exception, in its order */
#define DR(f) { #f, offsetof(struct obj_daterange, f) }
static const struct tp_exc_field {
	const char *name;
	size_t off;
} tp_exc_fields[OBJ_DR_NTYPES][7] = {
	[OBJ_DR_CALENDAR_DATE] = { DR(syear), DR(smon), DR(smday), DR(eyear), DR(emon),
	    DR(emday) },
	[OBJ_DR_MONTH_DATE] = { DR(smon), DR(smday), DR(emon), DR(emday) },
	[OBJ_DR_MONTH_DAY] = { DR(smday), DR(emday) },
	[OBJ_DR_MONTH_WEEK_DAY] = { DR(smon), DR(swday), DR(swday_offset), DR(emon), DR(ewday),
	    DR(ewday_offset) },
	[OBJ_DR_WEEK_DAY] = { DR(swday), DR(swday_offset), DR(ewday), DR(ewday_offset) },
};

/* one exception as a dict: its fields, skip_interval, and times: [start, end, ...] */
static void
tp_exc_elem(const struct ls_ctx *x, const struct obj_daterange *dr, struct ls_elem *e)
{
	const struct tp_exc_field *tf = tp_exc_fields[dr->type];
	const struct obj_timerange *r;
	struct ls_field *f;
	unsigned n = 0, k = 0, i;

	for (r = dr->times; r != NULL; r = r->next)
		n += 2;
	while (k < 7 && tf[k].name != NULL)
		k++;
	f = arena_zalloc(x->scratch, (2 * k + 3 + n) * sizeof(*f));
	e->key = "";
	e->f = f;
	e->dict = k + 1;
	for (i = 0; i < k; i++) {
		f[2 * i].s = tf[i].name;
		f[2 * i].is_str = 1;
		f[2 * i + 1].i = *(const int *)((const char *)dr + tf[i].off);
	}
	f += 2 * k;
	f->s = "skip_interval";
	(f++)->is_str = 1;
	(f++)->i = dr->skip_interval;
	f->s = "times";
	(f++)->is_str = 1;
	for (r = dr->times; r != NULL; r = r->next) {
		(f++)->i = r->start;
		(f++)->i = r->end;
	}
	e->nf = (unsigned)(f - e->f);
}

/* the exceptions of the kind arg (enum obj_daterange_type), each a dict */
static void
tp_exceptions(const struct ls_ctx *x, const struct ls_col *col, const void *row,
    struct ls_cell *out)
{
	const struct obj_timeperiod *tp = row;
	const struct obj_daterange *dr;
	struct ls_elem *e;
	unsigned n = 0;

	for (dr = tp->exceptions[col->arg]; dr != NULL; dr = dr->next)
		n++;
	e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	out->n = n;
	out->e = e;
	for (dr = tp->exceptions[col->arg]; dr != NULL; dr = dr->next)
		tp_exc_elem(x, dr, e++);
}

#define EXC(name, type, naemon) LCOL(name, LS_LK_NONE, tp_exceptions, type, \
	"List of objects representing exceptions for " naemon ". For time ranges, see \"days\" " \
	"column.")

static const struct ls_col timeperiod_cols[] = {
	COL("alias", LS_STRING, lst_raw_str, OFF(obj_timeperiod, alias), "The alias of the timeperiod"),
	LCOL("days", LS_LK_NONE, tp_days, 0,
	    "Time per days, as 7 lists (sun-sat) of a list of even number of elements, "
	    "representing start,stop,start,stop... in seconds since midnight"),
	EXC("exceptions_calendar_dates", OBJ_DR_CALENDAR_DATE, "DATERANGE_CALENDAR_DATE"),
	EXC("exceptions_month_date", OBJ_DR_MONTH_DATE, "DATERANGE_MONTH_DATE"),
	EXC("exceptions_month_day", OBJ_DR_MONTH_DAY, "DATERANGE_MONTH_DAY"),
	EXC("exceptions_month_week_day", OBJ_DR_MONTH_WEEK_DAY, "DATERANGE_MONTH_WEEK_DAY"),
	EXC("exceptions_week_day", OBJ_DR_WEEK_DAY, "DATERANGE_WEEK_DAY"),
	LCOL("exclusions", LS_LK_OBJECTS, tp_exclusions, 0, "Exclusions for this timeperiod"),
	COL("id", LS_INT, lst_raw_uint, OFF(obj_timeperiod, id), "Timeperiod id"),
	COL("in", LS_INT, tp_in, 0, "Whether we are currently in this period (0/1)"),
	COL("name", LS_STRING, lst_raw_str, OFF(obj_timeperiod, name), "The name of the timeperiod"),
};

/* ---- the tables ---- */

#define ROWS(kind, arr, n) \
	static size_t kind##_nrows(const struct ls_ctx *x) \
	{ \
		return LST_DATA(x)->snap->objs->n; \
	} \
	static const void *kind##_row(const struct ls_ctx *x, size_t i) \
	{ \
		const struct objects *o = LST_DATA(x)->snap->objs; \
		return i < o->n ? (const void *)&o->arr[i] : NULL; \
	}

ROWS(ct, contacts, ncontacts)
ROWS(cmd, commands, ncommands)
ROWS(tp, timeperiods, ntimeperiods)

static const void *
ct_find(const struct ls_ctx *x, const char *spec)
{
	return objects_find_contact(LST_DATA(x)->snap->objs, spec);
}

static void
table(struct ls_table *t, const char *name, const char *prefix, const struct ls_col *cols,
    size_t n)
{
	t->name = name;
	t->prefix = prefix;
	t->cols = lst_cols(cols, n);
	t->ncols = n;
	t->natsort[0] = "name";
}

void
lst_contacts_table(struct ls_table *t)
{
	table(t, "contacts", "contact_", contact_cols, NELEM(contact_cols));
	t->nrows = ct_nrows;
	t->row = ct_row;
	t->find = ct_find;
}

void
lst_commands_table(struct ls_table *t)
{
	table(t, "commands", "command_", command_cols, NELEM(command_cols));
	t->natsort[0] = NULL;
	t->nrows = cmd_nrows;
	t->row = cmd_row;
}

void
lst_timeperiods_table(struct ls_table *t)
{
	table(t, "timeperiods", "timeperiod_", timeperiod_cols, NELEM(timeperiod_cols));
	t->natsort[0] = NULL;
	t->nrows = tp_nrows;
	t->row = tp_row;
}

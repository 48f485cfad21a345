/*
 * lst_log: the log table.  Its rows are taken for each query from the
 * cache of nagios.log's and the archives' entries (lslog.h), newest
 * first, only from the files that the query's time bounds (a top-level
 * Filter on time) reach, at most LST_LOG_MAX entries.  The files not in
 * the cache yet are read in steps (LST_LOG_BYTES a row of the run's
 * budget), so an archive read for the first time holds no one up.  Besides the line's own columns it has the
 * current_host_, current_service_, current_contact_ and current_command_
 * columns of the objects the line names, as they are now (empty when
 * they are gone); a column the table lacks is looked up with current_
 * before it.  With AuthUser, a line naming a host or service is seen by
 * that object's contacts; an alert, notification, passive check or state
 * line naming none that exists is not seen; other lines are.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/livestatus/lsfilter.h"
#include "compat/livestatus/lslog.h"
#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/util/xalloc.h"

#define LST_LOG_MAX 2000000
#define LST_LOG_BYTES 256 /* bytes of log read for one row of a step's budget */
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

enum { LG_STR, LG_INT, LG_TIME };

#define OFF(f) offsetof(struct lslog_entry, f)
#define STR(name, f, desc) { name, desc, LS_STRING, LS_LK_OBJECTS, 0, lg_get, NULL, \
	(LG_STR << 16) | OFF(f) }
#define INT(name, f, desc) { name, desc, LS_INT, LS_LK_OBJECTS, 0, lg_get, NULL, \
	(LG_INT << 16) | OFF(f) }

static void
lg_get(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const char *p = (const char *)row + (c->arg & 0xffff);

	(void)x;
	switch (c->arg >> 16) {
	case LG_STR:
		out->s = *(const char *const *)p;
		break;
	case LG_INT:
		out->i = *(const int *)p;
		break;
	default:
		out->i = (long long)*(const time_t *)p;
		break;
	}
}

static void
lg_lineno(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	(void)c;
	out->i = ((const struct lslog_entry *)row)->lineno;
}

static const struct ls_col log_cols[] = {
	INT("attempt", attempt, "The number of the check attempt"),
	INT("class", class, "The class of the message as integer (0:info, 1:state, 2:program, "
	    "3:notification, 4:passive, 5:command)"),
	STR("command_name", command, "The name of the command of the log entry (e.g. for "
	    "notifications)"),
	STR("comment", comment, "A comment field used in various message types"),
	STR("contact_name", contact, "The name of the contact the log entry is about (might be "
	    "empty)"),
	STR("host_name", host, "The name of the host the log entry is about (might be empty)"),
	{ "lineno", "The number of the line in the log file", LS_INT, LS_LK_OBJECTS, 0, lg_lineno,
	  NULL, 0 },
	STR("message", message, "The complete message line including the timestamp"),
	STR("options", options, "The part of the message after the ':'"),
	STR("plugin_output", output, "The output of the check, if any is associated with the "
	    "message"),
	STR("service_description", svc, "The description of the service log entry is about "
	    "(might be empty)"),
	INT("state", state, "The state of the host or service in question"),
	STR("state_type", state_type, "The type of the state (varies on different log classes)"),
	{ "time", "Time of the log event (UNIX timestamp)", LS_TIME, LS_LK_OBJECTS, 0, lg_get, NULL,
	  (LG_TIME << 16) | OFF(time) },
	STR("type", type, "The type of the message (text before the colon), the message itself "
	    "for info messages"),
};

/* ---- the objects a line names ---- */

static const struct objects *
objs_of(const struct ls_ctx *x)
{
	return LST_DATA(x)->snap->objs;
}

static const void *
cur_host(const struct ls_ctx *x, const void *row)
{
	const struct lslog_entry *e = row;
	const struct obj_host *h = *e->host ? objects_find_host(objs_of(x), e->host) : NULL;

	return h != NULL ? lst_host_row(x, h) : NULL;
}

static const void *
cur_svc(const struct ls_ctx *x, const void *row)
{
	const struct lslog_entry *e = row;
	const struct obj_service *s = *e->svc ? objects_find_service(objs_of(x), e->host, e->svc)
					      : NULL;

	return s != NULL ? lst_svc_row(x, s) : NULL;
}

static const void *
cur_contact(const struct ls_ctx *x, const void *row)
{
	const struct lslog_entry *e = row;

	return *e->contact ? objects_find_contact(objs_of(x), e->contact) : NULL;
}

static const void *
cur_command(const struct ls_ctx *x, const void *row)
{
	const struct lslog_entry *e = row;

	return *e->command ? objects_find_command(objs_of(x), e->command) : NULL;
}

/* ---- rows ---- */

static void *
log_open(const struct ls_ctx *x, const struct lsf *filter)
{
	const struct main_cfg *cfg = LST_DATA(x)->snap->cfg;
	long long lo = 0, hi = LLONG_MAX;

	lsf_bounds(filter, "time", &lo, &hi);
	if (lo < 0)
		lo = 0;
	return lslog_query_new(LST_DATA(x)->logs, cfg->log_file, cfg->log_archive_path, (time_t)lo,
	    hi == LLONG_MAX ? 0 : (time_t)(hi < 1 ? 1 : hi), LST_LOG_MAX);
}

static int
log_prepare(const struct ls_ctx *x, size_t budget)
{
	return lslog_query_step(x->rows,
	    budget < SIZE_MAX / LST_LOG_BYTES ? budget * LST_LOG_BYTES : SIZE_MAX);
}

static void
log_close(void *rows)
{
	lslog_query_free(rows);
}

static size_t
log_nrows(const struct ls_ctx *x)
{
	const struct lslog_rows *r = x->rows != NULL ? lslog_query_rows(x->rows) : NULL;

	return r != NULL ? r->n : 0;
}

static const void *
log_row(const struct ls_ctx *x, size_t i)
{
	const struct lslog_rows *r = x->rows != NULL ? lslog_query_rows(x->rows) : NULL;

	return r != NULL && i < r->n ? r->v[i] : NULL;
}

static int
log_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	const struct lslog_entry *e = row;
	const struct obj_host *h = *e->host ? objects_find_host(objs_of(x), e->host) : NULL;
	const struct obj_service *s = h != NULL && *e->svc
	    ? objects_find_service(objs_of(x), e->host, e->svc) : NULL;

	if (s != NULL)
		return lst_is_contact(s->cfg, contact) || lst_is_contact(h->cfg, contact);
	if (h != NULL && *e->svc == '\0')
		return lst_is_contact(h->cfg, contact);
	return e->class != LSLOG_ALERT && e->class != LSLOG_NOTIFICATION &&
	       e->class != LSLOG_PASSIVE && e->class != LSLOG_STATE;
}

void
lst_log_table(struct ls_table *t, const struct ls_table *contacts,
    const struct ls_table *commands)
{
	size_t k;
	struct ls_col *all = lst_with_objects(log_cols, NELEM(log_cols),
	    contacts->ncols + commands->ncols, "current_host_", cur_host, "current_service_",
	    cur_svc, &k);

	lst_join(all, &k, contacts->cols, contacts->ncols, "current_contact_", cur_contact);
	lst_join(all, &k, commands->cols, commands->ncols, "current_command_", cur_command);
	qsort(all, k, sizeof(*all), lst_col_cmp);
	t->name = "log";
	t->prefix = "log_";
	t->alt_prefix = "current_";
	t->cols = all;
	t->ncols = k;
	t->natsort[0] = "time";
	t->nrows = log_nrows;
	t->row = log_row;
	t->visible = log_visible;
	t->open = log_open;
	t->close = log_close;
	t->prepare = log_prepare;
}

/*
 * lst_status: the status table (one row: the program's switches, its
 * start, the object counts and the Livestatus counters) and the columns
 * table (one row per column of every table, tables and columns in name
 * order, as GET columns lists them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/livestatus/lslog.h"
#include "compat/livestatus/lst_int.h"
#include "compat/snapshot.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

enum { ST_CFG, ST_PROG_TIME, ST_PID, ST_NHOSTS, ST_NSVCS, ST_COUNT, ST_CACHED, ST_ZERO };

/* naemon-livestatus's rating: every 5 seconds at the most, the new rate weighing 1/4 */
#define ST_RATE_INTERVAL 5
#define ST_RATE_WEIGHT 0.25

void
lst_status_rate(struct lst_status *s, time_t now)
{
	time_t dt = now - s->rated_at;
	size_t i;

	if (s->rated_at == 0) {
		memset(s->count, 0, sizeof(s->count));
		memset(s->count_then, 0, sizeof(s->count_then));
		memset(s->rate, 0, sizeof(s->rate));
		s->rated_at = now;
		return;
	}
	if (dt < ST_RATE_INTERVAL)
		return;
	for (i = 0; i < LST_NCNT; i++) {
		double r = (double)(s->count[i] - s->count_then[i]) / (double)dt;

		s->rate[i] = s->rate[i] == 0 ? r : s->rate[i] * (1 - ST_RATE_WEIGHT) + r * ST_RATE_WEIGHT;
		s->count_then[i] = s->count[i];
	}
	s->rated_at = now;
}

static void
st_int(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct lst_data *d = row;
	size_t off = c->arg & 0xffff;

	(void)x;
	switch (c->arg >> 16) {
	case ST_CFG:
		out->i = *(const int *)((const char *)d->snap->cfg + off);
		break;
	case ST_PROG_TIME:
		out->i = *(const time_t *)((const char *)d->snap->prog + off);
		break;
	case ST_PID:
		out->i = d->snap->prog->pid;
		break;
	case ST_NHOSTS:
		out->i = d->snap->objs->nhosts;
		break;
	case ST_NSVCS:
		out->i = d->snap->objs->nservices;
		break;
	case ST_COUNT:
		out->i = (long long)d->status->count[off];
		break;
	case ST_CACHED:
		out->i = 0;
		if (d->logs != NULL) {
			struct lslog_cache_info ci;

			lslog_cache_info(d->logs, &ci);
			out->i = (long long)ci.entries;
		}
		break;
	default:
		out->i = 0;
		break;
	}
}

static void
st_rate(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->d = ((const struct lst_data *)row)->status->rate[c->arg];
}

static void
st_version(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	(void)c;
	out->s = ((const struct lst_data *)row)->status->version;
}

#define CFG(name, f, desc) { name, desc, LS_INT, LS_LK_OBJECTS, 0, st_int, NULL, \
	LST_ARG(ST_CFG, offsetof(struct main_cfg, f)) }
#define CNT(name, what, desc) { name, desc, LS_INT, LS_LK_OBJECTS, 0, st_int, NULL, \
	LST_ARG(what, 0) }
/* a counter and its rate; naemon refuses filters on them */
#define COUNTER(name, k, desc, rdesc) \
	{ name, desc, LS_INT, LS_LK_OBJECTS, 1, st_int, NULL, LST_ARG(ST_COUNT, k) }, \
	{ name "_rate", rdesc, LS_FLOAT, LS_LK_OBJECTS, 1, st_rate, NULL, k }
#define PROG_T(name, f, desc) { name, desc, LS_TIME, LS_LK_OBJECTS, 0, st_int, NULL, \
	LST_ARG(ST_PROG_TIME, offsetof(struct prog_state, f)) }

static const struct ls_col status_cols[] = {
	CFG("accept_passive_host_checks", accept_passive_host_checks,
	    "Whether passive host checks are accepted in general (0/1)"),
	CFG("accept_passive_service_checks", accept_passive_service_checks,
	    "Whether passive service checks are activated in general (0/1)"),
	CFG("check_external_commands", check_external_commands,
	    "Whether Nagios checks for external commands at its command pipe (0/1)"),
	CFG("check_host_freshness", check_host_freshness,
	    "Whether host freshness checking is activated in general (0/1)"),
	CFG("check_service_freshness", check_service_freshness,
	    "Whether service freshness checking is activated in general (0/1)"),
	COUNTER("connections", LST_CNT_CONNECTIONS,
	    "The number of client connections to Livestatus since program start",
	    "The averaged number of new client connections to Livestatus per second"),
	CNT("cached_log_messages", ST_CACHED,
	    "The current number of log messages Naemon Livestatus keeps in memory"),
	COUNTER("forks", LST_CNT_FORKS, "The number of process creations since program start",
	    "the averaged number of forks checks per second"),
	COUNTER("host_checks", LST_CNT_HOST_CHECKS, "The number of host checks since program start",
	    "the averaged number of host checks per second"),
	{ "last_command_check", "The time of the last check for a command as UNIX timestamp "
	  "(deprecated)", LS_TIME, LS_LK_OBJECTS, 0, st_int, NULL, LST_ARG(ST_ZERO, 0) },
	COUNTER("livecheck_overflows", LST_CNT_LIVECHECK_OVERFLOWS,
	    "The number of times a check could not be executed because now livecheck helper was "
	    "free",
	    "The number of livecheck overflows per second"),
	COUNTER("livechecks", LST_CNT_LIVECHECKS, "The number of checks executed via livecheck",
	    "The averaged number of livechecks executed per second"),
	COUNTER("log_messages", LST_CNT_LOG, "The number of new log messages since program start",
	    "the averaged number of new log messages per second"),
	COUNTER("neb_callbacks", LST_CNT_EVENTS, "The number of NEB call backs since program start",
	    "The averaged number of NEB call backs per second"),
	COUNTER("service_checks", LST_CNT_SVC_CHECKS,
	    "The number of completed service checks since program start",
	    "The averaged number of service checks per second"),
	CFG("enable_event_handlers", enable_event_handlers,
	    "Whether event handlers are activated in general (0/1)"),
	CFG("enable_flap_detection", enable_flap_detection,
	    "Whether flap detection is activated in general (0/1)"),
	CFG("enable_notifications", enable_notifications,
	    "Whether notifications are enabled in general (0/1)"),
	CFG("execute_host_checks", execute_host_checks,
	    "Whether host checks are executed in general (0/1)"),
	CFG("execute_service_checks", execute_service_checks,
	    "Whether active service checks are activated in general (0/1)"),
	CFG("interval_length", interval_length, "The default interval length from nagios.cfg"),
	PROG_T("last_log_rotation", last_log_rotation,
	    "Time time of the last log file rotation"),
	{ "livestatus_version", "The version of the MK Livestatus module", LS_STRING, LS_LK_OBJECTS,
	  0, st_version, NULL, 0 },
	CNT("nagios_pid", ST_PID, "The process ID of the Nagios main process"),
	CNT("num_hosts", ST_NHOSTS, "The total number of hosts"),
	CNT("num_services", ST_NSVCS, "The total number of services"),
	CFG("obsess_over_hosts", obsess_over_hosts,
	    "Whether Nagios will obsess over host checks (0/1)"),
	CFG("obsess_over_services", obsess_over_services,
	    "Whether Nagios will obsess over service checks and run the ocsp_command (0/1)"),
	CFG("process_performance_data", process_performance_data,
	    "Whether processing of performance data is activated in general (0/1)"),
	PROG_T("program_start", program_start,
	    "The time of the last program start as UNIX timestamp"),
	{ "program_version", "The version of the monitoring daemon", LS_STRING, LS_LK_OBJECTS, 0,
	  st_version, NULL, 0 },
	COUNTER("requests", LST_CNT_REQUESTS, "The number of requests to Livestatus since program start",
	    "The averaged number of request to Livestatus per second"),
};

static size_t
status_nrows(const struct ls_ctx *x)
{
	(void)x;
	return 1;
}

static const void *
status_row(const struct ls_ctx *x, size_t i)
{
	return i == 0 ? LST_DATA(x) : NULL;
}

void
lst_status_table(struct ls_table *t)
{
	size_t n = sizeof(status_cols) / sizeof(status_cols[0]);

	t->name = "status";
	t->prefix = "status_";
	t->cols = lst_cols(status_cols, n);
	t->ncols = n;
	t->nrows = status_nrows;
	t->row = status_row;
}

/* ---- columns ---- */

struct col_row {
	const struct ls_table *t;
	const struct ls_col *c;
};

/* the tables in name order, set by lst_columns_table */
static const struct ls_table **col_tables;
static size_t col_ntables;

enum { CC_DESC, CC_NAME, CC_TABLE, CC_TYPE };

static void
cc_get(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct col_row *r = row;

	(void)x;
	out->s = c->arg == CC_DESC ? r->c->desc : c->arg == CC_NAME ? r->c->name
	    : c->arg == CC_TABLE ? r->t->name : ls_type_str(r->c->type);
}

static const struct ls_col columns_cols[] = {
	{ "description", "A description of the column", LS_STRING, LS_LK_OBJECTS, 0, cc_get, NULL,
	  CC_DESC },
	{ "name", "The name of the column within the table", LS_STRING, LS_LK_OBJECTS, 0, cc_get,
	  NULL, CC_NAME },
	{ "table", "The name of the table", LS_STRING, LS_LK_OBJECTS, 0, cc_get, NULL, CC_TABLE },
	{ "type", "The data type of the column (int, float, string, list)", LS_STRING,
	  LS_LK_OBJECTS, 0, cc_get, NULL, CC_TYPE },
};

static size_t
columns_nrows(const struct ls_ctx *x)
{
	size_t i, n = 0;

	(void)x;
	for (i = 0; i < col_ntables; i++)
		n += col_tables[i]->ncols;
	return n;
}

static const void *
columns_row(const struct ls_ctx *x, size_t i)
{
	struct col_row *r;
	size_t k;

	for (k = 0; k < col_ntables && i >= col_tables[k]->ncols; k++)
		i -= col_tables[k]->ncols;
	if (k == col_ntables)
		return NULL;
	r = arena_alloc(x->scratch, sizeof(*r));
	r->t = col_tables[k];
	r->c = &col_tables[k]->cols[i];
	return r;
}

static int
table_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct ls_table *const *)a)->name,
	    (*(const struct ls_table *const *)b)->name);
}

void
lst_columns_table(struct ls_table *t, const struct ls_table *const *all, size_t n)
{
	t->name = "columns";
	t->prefix = "column_";
	t->cols = columns_cols;
	t->ncols = sizeof(columns_cols) / sizeof(columns_cols[0]);
	t->nrows = columns_nrows;
	t->row = columns_row;
	col_tables = xcalloc(n + 1, sizeof(*col_tables));
	memcpy(col_tables, all, n * sizeof(*col_tables));
	col_ntables = n;
	qsort(col_tables, n, sizeof(*col_tables), table_cmp);
}

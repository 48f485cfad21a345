/*
 * lscol: column lookup and the reading of one cell (lscol.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lscol.h"

#include <stdio.h>
#include <string.h>

const struct ls_col *
ls_table_col(const struct ls_table *t, const char *name)
{
	size_t lo = 0, hi = t->ncols, plen;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, t->cols[mid].name);

		if (c == 0)
			return &t->cols[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (t->prefix != NULL && (plen = strlen(t->prefix)) > 0 &&
	    strncmp(name, t->prefix, plen) == 0)
		return ls_table_col(t, name + plen);
	if (t->alt_prefix != NULL && strncmp(name, t->alt_prefix, strlen(t->alt_prefix)) != 0) {
		char buf[256];

		if ((size_t)snprintf(buf, sizeof(buf), "%s%s", t->alt_prefix, name) < sizeof(buf))
			return ls_table_col(t, buf);
	}
	return NULL;
}

void
ls_col_get(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	memset(out, 0, sizeof(*out));
	out->type = c->type;
	if (row != NULL && c->via != NULL)
		row = c->via(x, row);
	if (row == NULL || c->get == NULL)
		return;
	c->get(x, c, row, out);
	out->type = c->type;
}

long long
ls_col_int(const struct ls_ctx *x, const struct ls_col *c, const void *row)
{
	struct ls_cell cell;

	/* an integer getter fills i only */
	cell.i = 0;
	if (row != NULL && c->via != NULL)
		row = c->via(x, row);
	if (row != NULL && c->get != NULL)
		c->get(x, c, row, &cell);
	return cell.i;
}

const char *
ls_type_str(enum ls_type t)
{
	switch (t) {
	case LS_INT:
	case LS_TIME:
		return "int";
	case LS_FLOAT:
		return "float";
	case LS_STRING:
		return "string";
	case LS_LIST:
		return "list";
	case LS_DICT:
		return "dict";
	}
	return "string";
}

/* Nagios's MODATTR_ bits, by bit number, as Livestatus names them */
static const char *const ls_attrs[] = {
	"notifications_enabled", "active_checks_enabled", "passive_checks_enabled",
	"event_handler_enabled", "flap_detection_enabled", "failure_prediction_enabled",
	"performance_data_enabled", "obsessive_handler_enabled", "event_handler_command",
	"check_command", "normal_check_interval", "retry_check_interval", "max_check_attempts",
	"freshness_checks_enabled", "check_timeperiod", "custom_variable",
	"notification_timeperiod",
};

const char *
ls_attr_name(unsigned i)
{
	return i < sizeof(ls_attrs) / sizeof(ls_attrs[0]) ? ls_attrs[i] : NULL;
}

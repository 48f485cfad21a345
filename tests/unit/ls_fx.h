/*
 * ls_fx: a small Livestatus table for the query tests (test_lsquery,
 * test_lsrun): five hosts with a name, a state, a float, a time, a list
 * of groups, performance data and a custom variable, and a contact who
 * may see them.  Included by one test file each (its functions are
 * static).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LS_FX_H
#define JAQUE_LS_FX_H

#include <stddef.h>
#include <string.h>

#include "compat/livestatus/lscol.h"
#include "engine/util/arena.h"

struct fx_host {
	const char *name;
	long long state;
	double latency;
	long long last_check;
	const char *groups[3];   /* NULL-terminated */
	const char *perf;
	const char *contact;
	const char *owner;       /* the custom variable OWNER */
};

static const struct fx_host fx_hosts[] = {
	{ "web2", 0, 0.5, 1700000100, { "web", "prod", NULL }, "rta=1.5ms pl=0%", "alice", "ops" },
	{ "db1", 2, 1.25, 1700000200, { "db", "prod", NULL }, "rta=3.5ms pl=20%", "bob", "dba" },
	{ "web1", 0, 0.25, 1700000300, { "web", NULL, NULL }, "rta=0.5ms pl=0%", "alice", "ops" },
	{ "mail", 1, 2.0, 1700000400, { NULL, NULL, NULL }, "", "bob", "" },
	{ "dns", 2, 0.0, 1700000500, { "prod", NULL, NULL }, "rta=2.5ms", "carol", "net" },
};
#define FX_NHOSTS (sizeof(fx_hosts) / sizeof(fx_hosts[0]))

static void
fx_name(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->s = *(const char *const *)((const char *)row + c->arg);
}

static void
fx_int(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->i = *(const long long *)((const char *)row + c->arg);
}

static void
fx_float(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	(void)c;
	out->d = ((const struct fx_host *)row)->latency;
}

static void
fx_groups(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct fx_host *h = row;
	struct ls_elem *e = arena_zalloc(x->scratch, 3 * sizeof(*e));
	size_t n = 0;

	(void)c;
	while (n < 3 && h->groups[n] != NULL) {
		e[n].key = h->groups[n];
		n++;
	}
	out->n = n;
	out->e = e;
}

static void
fx_vars(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	const struct fx_host *h = row;
	struct ls_elem *e = arena_zalloc(x->scratch, sizeof(*e));
	struct ls_field *f = arena_zalloc(x->scratch, sizeof(*f));

	(void)c;
	f->s = h->owner;
	f->is_str = 1;
	e->key = "OWNER";
	e->nf = 1;
	e->f = f;
	out->n = 1;
	out->e = e;
}

#define FX_OFF(f) offsetof(struct fx_host, f)

/* sorted by name */
static const struct ls_col fx_cols[] = {
	{ "contact", "The contact who may see the host", LS_STRING, LS_LK_OBJECTS, 0, fx_name, NULL,
	  FX_OFF(contact) },
	{ "custom_variables", "Custom variables", LS_DICT, LS_LK_OBJECTS, 0, fx_vars, NULL, 0 },
	{ "groups", "The groups of the host", LS_LIST, LS_LK_OBJECTS, 0, fx_groups, NULL, 0 },
	{ "last_check", "When the host was last checked", LS_TIME, LS_LK_OBJECTS, 0, fx_int, NULL,
	  FX_OFF(last_check) },
	{ "latency", "Check latency", LS_FLOAT, LS_LK_OBJECTS, 0, fx_float, NULL, 0 },
	{ "name", "Host name", LS_STRING, LS_LK_OBJECTS, 0, fx_name, NULL, FX_OFF(name) },
	{ "perf_data", "Performance data", LS_STRING, LS_LK_OBJECTS, 0, fx_name, NULL,
	  FX_OFF(perf) },
	{ "state", "The current state", LS_INT, LS_LK_OBJECTS, 0, fx_int, NULL, FX_OFF(state) },
};

static size_t
fx_nrows(const struct ls_ctx *x)
{
	(void)x;
	return FX_NHOSTS;
}

static const void *
fx_row(const struct ls_ctx *x, size_t i)
{
	(void)x;
	return i < FX_NHOSTS ? &fx_hosts[i] : NULL;
}

static int
fx_visible(const struct ls_ctx *x, const void *row, const void *contact)
{
	(void)x;
	return contact != NULL && strcmp(((const struct fx_host *)row)->contact, contact) == 0;
}

static const void *
fx_find(const struct ls_ctx *x, const char *spec)
{
	size_t i;

	(void)x;
	for (i = 0; i < FX_NHOSTS; i++)
		if (strcmp(fx_hosts[i].name, spec) == 0)
			return &fx_hosts[i];
	return NULL;
}

static const struct ls_table fx_table = {
	.name = "hosts",
	.prefix = "host_",
	.cols = fx_cols,
	.ncols = sizeof(fx_cols) / sizeof(fx_cols[0]),
	.natsort = { "name", NULL },
	.nrows = fx_nrows,
	.row = fx_row,
	.visible = fx_visible,
	.find = fx_find,
};

/* a second table with no rows and no AuthUser, for table lookup */
static size_t
fx_none(const struct ls_ctx *x)
{
	(void)x;
	return 0;
}

static const struct ls_table fx_empty = {
	.name = "commands",
	.prefix = "command_",
	.cols = fx_cols + 5, /* name only */
	.ncols = 1,
	.nrows = fx_none,
	.row = fx_row,
};

static const struct ls_table *const fx_tables[] = { &fx_empty, &fx_table };
#define FX_NTABLES 2

#endif

/*
 * lst_int: what the table files (lst_*.c) share.  A host or service row
 * is a struct lst_obj made in the scratch arena when the row is read, so
 * one set of getters serves both kinds: a column's arg says which struct
 * to read (LST_B_*) and the field's offset in it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LST_INT_H
#define JAQUE_LST_INT_H

#include <stddef.h>

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lstable.h"

struct obj_host;
struct obj_service;
struct obj_settings;
struct obj_extinfo;
struct state_common;
struct state_vars;
struct obj_customvar;

/* a host or service row */
struct lst_obj {
	const struct obj_host *h;     /* the host, or the service's host */
	const struct obj_service *s;  /* NULL for a host */
	const struct state_common *st; /* the host_state's or svc_state's first member */
	const struct obj_settings *cfg;
	const struct obj_extinfo *ext;
};

/* which struct a column's field is in */
enum { LST_B_ST, LST_B_CFG, LST_B_EXT, LST_B_HOST, LST_B_SVC, LST_B_HSTATE, LST_B_SSTATE };
#define LST_ARG(base, off) (((size_t)(base) << 16) | (size_t)(off))

#define LST_DATA(x) ((const struct lst_data *)(x)->data)

const struct lst_obj *lst_host_row(const struct ls_ctx *x, const struct obj_host *h);
const struct lst_obj *lst_svc_row(const struct ls_ctx *x, const struct obj_service *s);
/* a row of the hosts or services table, the state of one some rows ahead asked of the cache
 * (a Stats query reads a few fields of each, and is bound by their memory) */
const struct lst_obj *lst_host_row_at(const struct ls_ctx *x, size_t i);
const struct lst_obj *lst_svc_row_at(const struct ls_ctx *x, size_t i);

/* the field at arg (LST_ARG) of the row's struct, read as its C type */
ls_get_fn lst_get_int, lst_get_u8, lst_get_ulong, lst_get_time, lst_get_dbl, lst_get_str;
/* the field at arg of the row itself, for tables whose rows are model structs */
ls_get_fn lst_raw_str, lst_raw_uint, lst_raw_u8;
/* columns both kinds have */
ls_get_fn lst_get_check_period, lst_get_notif_period, lst_get_in_check_period,
    lst_get_in_notif_period, lst_get_vars, lst_get_var_names, lst_get_var_values,
    lst_get_contacts, lst_get_contact_groups, lst_get_modattr_list, lst_get_plugin_output,
    lst_get_staleness, lst_get_should_sched;
/* the columns naemon-livestatus 1.5 added to both kinds (lst_objcols.c): check_source,
 * check_timeout, last_update, pnpgraph_present, and depends_* (arg: LST_DEP_ bits) */
enum { LST_DEP_EXEC = 1, LST_DEP_INFO = 2 };
ls_get_fn lst_get_check_source, lst_get_check_timeout, lst_get_last_update, lst_get_pnpgraph,
    lst_get_depends;
/* the extended-information string at arg (offset in struct obj_extinfo), macros expanded */
ls_get_fn lst_get_expanded;

/* the sorted copy of n columns (heap) */
struct ls_col *lst_cols(const struct ls_col *cols, size_t n);
/* n columns of another table into all at *k, with prefix before each name ("host_", heap)
 * and read through via; *k moves past them */
void lst_join(struct ls_col *all, size_t *k, const struct ls_col *cols, size_t n,
    const char *prefix, ls_via_fn *via);

/* own (n of them), then every host column as hprefix read through hvia and every service
 * column as sprefix through svia, with room for extra more (heap; *k: how many so far) */
struct ls_col *lst_with_objects(const struct ls_col *own, size_t n, size_t extra,
    const char *hprefix, ls_via_fn *hvia, const char *sprefix, ls_via_fn *svia, size_t *k);

/* custom variables as a cell: what 0 the dict, 1 the names, 2 the values; each value the
 * override in ovr when there is one */
void lst_vars_cell(const struct ls_ctx *x, const struct obj_customvar *vars, unsigned n,
    const struct state_vars *ovr, int what, struct ls_cell *out);
/* a modified-attributes mask as modified_attributes_list's cell */
void lst_modattr_cell(const struct ls_ctx *x, unsigned long mask, struct ls_cell *out);

/*
 * Counting objects by state (the hosts' num_services_*, the groups'):
 * arg is one of LST_AG_NUM .. LST_AG_WORST, or'ed with LST_AG_HARD
 * (last_hard_state) and LST_AG_HOSTS (host states).  Counts by state leave
 * out what was not checked yet; the worst state counts it, by naemon's
 * order of badness (services OK, WARNING, UNKNOWN, CRITICAL; hosts UP,
 * UNREACHABLE, DOWN).
 */
enum {
	LST_AG_NUM, LST_AG_PENDING, LST_AG_S0, LST_AG_S1, LST_AG_S2, LST_AG_S3, LST_AG_WORST,
	LST_AG_HARD = 16,
	LST_AG_HOSTS = 32,
};
struct lst_tally {
	long long n;
	int worst;
};
void lst_tally_add(struct lst_tally *t, const struct state_common *st, size_t arg);
/* the figure arg asks for */
long long lst_tally_value(const struct lst_tally *t, size_t arg);
int lst_col_cmp(const void *a, const void *b);

/* the columns hosts and services share (lst_objcols.c) and the hosts' own (lst_hosts.c) */
extern const struct ls_col lst_obj_cols[];
extern const size_t lst_obj_ncols;
extern const struct ls_col lst_host_cols[];
extern const size_t lst_host_ncols;
/* every column of the hosts table, sorted (heap, *n of them) */
struct ls_col *lst_host_all(size_t *n);
/* the services' own and common columns, sorted (heap, *n of them): no host_ ones */
struct ls_col *lst_svc_all(size_t *n);
/* an object's comments and downtimes (arg 0: ids, 1: with_info tuples; lst_dc.c) */
ls_get_fn lst_get_comments, lst_get_downtimes;
/* whether contact (a struct obj_contact) is one of the object's, directly or by group */
int lst_is_contact(const struct obj_settings *cfg, const void *contact);
/* whether x's AuthUser (when there is one) may see the host, the service (as a contact of
 * it or of its host): what list cells and counts hold */
int lst_host_seen(const struct ls_ctx *x, const struct obj_host *h);
int lst_svc_seen(const struct ls_ctx *x, const struct obj_service *s);
/* fill t with a table (its column arrays on the heap) */
void lst_hosts_table(struct ls_table *t);
void lst_services_table(struct ls_table *t);
void lst_status_table(struct ls_table *t);
void lst_comments_table(struct ls_table *t);
void lst_hostgroups_table(struct ls_table *t);
void lst_servicegroups_table(struct ls_table *t);
void lst_contactgroups_table(struct ls_table *t);
void lst_contacts_table(struct ls_table *t);
void lst_commands_table(struct ls_table *t);
void lst_timeperiods_table(struct ls_table *t);
void lst_log_table(struct ls_table *t, const struct ls_table *contacts,
    const struct ls_table *commands);
void lst_bygroup_tables(struct ls_table *hbg, struct ls_table *sbg, struct ls_table *sbhg,
    const struct ls_table *hosts, const struct ls_table *svcs, const struct ls_table *hg,
    const struct ls_table *sg);
void lst_downtimes_table(struct ls_table *t);
void lst_statehist_table(struct ls_table *t);
void lst_columns_table(struct ls_table *t, const struct ls_table *const *all, size_t n);

#endif

/*
 * lstable: the registry of the Livestatus tables (lstable.h).  The tables
 * are built once, at the first call, and live as long as the process.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lstable.h"

#include <string.h>

#include "compat/livestatus/lst_int.h"

enum { LST_HOSTS, LST_SERVICES, LST_HOSTGROUPS, LST_SERVICEGROUPS, LST_CONTACTS,
	LST_CONTACTGROUPS, LST_COMMANDS, LST_TIMEPERIODS, LST_COMMENTS, LST_DOWNTIMES, LST_LOG,
	LST_HOSTSBYGROUP, LST_SERVICESBYGROUP, LST_SERVICESBYHOSTGROUP, LST_STATUS, LST_STATEHIST,
	LST_COLUMNS, LST_NTABLES };

static struct ls_table tables[LST_NTABLES];
static const struct ls_table *table_ptrs[LST_NTABLES];

const struct ls_table *const *
lst_tables(size_t *n)
{
	size_t i;

	if (table_ptrs[0] == NULL) {
		lst_hosts_table(&tables[LST_HOSTS]);
		lst_services_table(&tables[LST_SERVICES]);
		lst_hostgroups_table(&tables[LST_HOSTGROUPS]);
		lst_servicegroups_table(&tables[LST_SERVICEGROUPS]);
		lst_contacts_table(&tables[LST_CONTACTS]);
		lst_contactgroups_table(&tables[LST_CONTACTGROUPS]);
		lst_commands_table(&tables[LST_COMMANDS]);
		lst_timeperiods_table(&tables[LST_TIMEPERIODS]);
		lst_comments_table(&tables[LST_COMMENTS]);
		lst_log_table(&tables[LST_LOG], &tables[LST_CONTACTS], &tables[LST_COMMANDS]);
		lst_bygroup_tables(&tables[LST_HOSTSBYGROUP], &tables[LST_SERVICESBYGROUP],
		    &tables[LST_SERVICESBYHOSTGROUP], &tables[LST_HOSTS], &tables[LST_SERVICES],
		    &tables[LST_HOSTGROUPS], &tables[LST_SERVICEGROUPS]);
		lst_downtimes_table(&tables[LST_DOWNTIMES]);
		lst_status_table(&tables[LST_STATUS]);
		lst_statehist_table(&tables[LST_STATEHIST]);
		for (i = 0; i < LST_NTABLES; i++)
			table_ptrs[i] = &tables[i];
		lst_columns_table(&tables[LST_COLUMNS], table_ptrs, LST_NTABLES);
	}
	*n = LST_NTABLES;
	return table_ptrs;
}

const struct ls_table *
lst_table(const char *name)
{
	size_t n, i;
	const struct ls_table *const *t = lst_tables(&n);

	for (i = 0; i < n; i++)
		if (strcmp(t[i]->name, name) == 0)
			return t[i];
	return NULL;
}

/*
 * mgroute: which gearman queue a check goes to (mgroute.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgroute.h"

#include <stdio.h>
#include <string.h>

#include "compat/gearman/mgcfg.h"
#include "engine/objects/objects.h"

/* the value of custom variable name among n vars, NULL when not there */
static const char *
var_of(const struct obj_customvar *vars, unsigned n, const char *name, int *found)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (strcmp(vars[i].name, name) == 0) {
			*found = 1;
			return vars[i].value != NULL ? vars[i].value : "";
		}
	*found = 0;
	return NULL;
}

static int
in_hostgroup(const struct obj_host *h, const char *group)
{
	unsigned i;

	for (i = 0; i < h->ngroups; i++)
		if (strcmp(h->groups[i]->name, group) == 0)
			return 1;
	return 0;
}

static int
in_servicegroup(const struct obj_service *s, const char *group)
{
	unsigned i;

	for (i = 0; i < s->ngroups; i++)
		if (strcmp(s->groups[i]->name, group) == 0)
			return 1;
	return 0;
}

/* the first group of list that the object is in, NULL when none */
static const char *
first_group(const struct vec *list, const struct obj_host *h, const struct obj_service *s)
{
	size_t i;

	for (i = 0; i < list->len; i++) {
		const char *g = list->items[i];

		if (s != NULL ? in_servicegroup(s, g) : in_hostgroup(h, g))
			return g;
	}
	return NULL;
}

const char *
mgroute_queue(const struct mgcfg *m, const struct obj_host *h, const struct obj_service *s,
    char *buf, size_t size)
{
	const char *v = NULL, *g;
	int found = 0;

	if (m->queue_custom_variable != NULL) {
		if (s != NULL)
			v = var_of(s->vars, s->nvars, m->queue_custom_variable, &found);
		if (!found)
			v = var_of(h->vars, h->nvars, m->queue_custom_variable, &found);
		if (found) {
			/* mod_gearman runs a check here when the value is "local" or empty */
			if (strcmp(v, "local") == 0 || *v == '\0')
				return NULL;
			snprintf(buf, size, "%s", v);
			return buf;
		}
	}
	if (s != NULL && first_group(&m->localservicegroups, h, s) != NULL)
		return NULL;
	if (first_group(&m->localhostgroups, h, NULL) != NULL)
		return NULL;
	if (s != NULL && (g = first_group(&m->servicegroups, h, s)) != NULL) {
		snprintf(buf, size, "servicegroup_%s", g);
		return buf;
	}
	if ((g = first_group(&m->hostgroups, h, NULL)) != NULL) {
		snprintf(buf, size, "hostgroup_%s", g);
		return buf;
	}
	if (s != NULL ? m->services : m->hosts) {
		snprintf(buf, size, "%s", s != NULL ? "service" : "host");
		return buf;
	}
	return NULL;
}

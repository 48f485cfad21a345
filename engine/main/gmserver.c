/*
 * gmserver: the job servers' own figures for jaquestats (gmserver.h).
 * Servers are asked one after the other, so a list of n servers that do
 * not answer costs n timeouts at most.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmserver.h"

#include <stdlib.h>
#include <string.h>

#include "compat/gearman/gmadmin.h"
#include "engine/util/xalloc.h"

struct gm_server {
	char *name;
	int ok;
	char why[160];
	struct gmadmin_status st;
};

struct gmserver {
	struct gm_server *s;
	size_t n;
};

struct gmserver *
gmserver_ask(const char *list, double timeout)
{
	struct gmserver *g = xcalloc(1, sizeof(*g));
	const char *p = list, *comma;
	size_t len;

	while (p != NULL && *p != '\0') {
		struct gm_server *s;

		comma = strchr(p, ',');
		len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		if (len > 0) {
			g->s = xreallocarray(g->s, g->n + 1, sizeof(*g->s));
			s = &g->s[g->n++];
			memset(s, 0, sizeof(*s));
			s->name = xstrndup(p, len);
			s->ok = gmadmin_status(s->name, timeout, &s->st, s->why, sizeof(s->why)) == 0;
		}
		p = comma != NULL ? comma + 1 : NULL;
	}
	return g;
}

void
gmserver_free(struct gmserver *g)
{
	size_t i;

	if (g == NULL)
		return;
	for (i = 0; i < g->n; i++) {
		free(g->s[i].name);
		gmadmin_status_free(&g->s[i].st);
	}
	free(g->s);
	free(g);
}

void
gmserver_print(FILE *f, const struct gmserver *g)
{
	size_t i, k;

	for (i = 0; i < g->n; i++) {
		const struct gm_server *s = &g->s[i];

		if (!s->ok) {
			fprintf(f, "Job Server %s: no status: %s\n", s->name, s->why);
			continue;
		}
		fprintf(f, "Job Server %s, Its Queues:\n", s->name);
		fprintf(f, "   %-37s%10s %10s %10s\n", "Function", "Jobs", "Running", "Workers");
		for (k = 0; k < s->st.n; k++)
			fprintf(f, "   %-37s%10lu %10lu %10lu\n", s->st.fn[k].name,
			    s->st.fn[k].total, s->st.fn[k].running, s->st.fn[k].workers);
	}
}

int
gmserver_sum(const struct gmserver *g, const char *fn, enum gmserver_fig fig,
    unsigned long *out)
{
	const struct gmadmin_fn *f;
	size_t i;
	int found = 0;

	*out = 0;
	for (i = 0; i < g->n; i++) {
		if (!g->s[i].ok || (f = gmadmin_find(&g->s[i].st, fn)) == NULL)
			continue;
		found = 1;
		*out += fig == GMSERVER_JOBS ? f->total : fig == GMSERVER_RUNNING ? f->running :
		    f->workers;
	}
	return found ? 0 : -1;
}

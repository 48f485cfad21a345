/*
 * builtin: runs the checks a shim claims (see builtin.h).  Each claimed
 * check is a struct bjob on a list, so a reload or shutdown can cancel
 * what is still running.  A shim may finish before shim_start returns
 * (a refused loopback connect is known at once); the result is then kept
 * and handed over after shim_start returned.  Lines are parsed once
 * (plugins-shim/shimcache.h): a job holds its line's parsed check until
 * it ends.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "engine/check/checker.h"
#include "engine/main/builtin.h"
#include "engine/util/xalloc.h"
#include "plugins-shim/shim.h"
#include "plugins-shim/shimcache.h"

struct bjob {
	struct builtin *b;
	struct checker_run *run;
	struct shim_cached *line;  /* held until the job is freed */
	struct shim_run *sr;
	struct bjob *next;
	struct bjob *prev;
	int starting;
	int done_early;
	int rc;
	char *out;
	size_t outlen;
};

struct builtin {
	struct ev_loop *loop;
	struct shim_cache *lines;
	struct bjob *jobs;
};

struct builtin *
builtin_new(struct ev_loop *loop, const char *plugin_dir)
{
	struct builtin *b = xcalloc(1, sizeof(*b));

	b->loop = loop;
	b->lines = shim_cache_new(plugin_dir, 0);
	return b;
}

static void
bjob_unlink(struct bjob *j)
{
	if (j->prev != NULL)
		j->prev->next = j->next;
	else
		j->b->jobs = j->next;
	if (j->next != NULL)
		j->next->prev = j->prev;
}

static void
bjob_free(struct bjob *j)
{
	shim_cache_release(j->b->lines, j->line);
	free(j->out);
	free(j);
}

void
builtin_free(struct builtin *b)
{
	struct bjob *j;

	if (b == NULL)
		return;
	while ((j = b->jobs) != NULL) {
		bjob_unlink(j);
		if (j->sr != NULL)
			shim_cancel(j->sr);
		bjob_free(j);
	}
	shim_cache_free(b->lines);
	free(b);
}

static void
builtin_done(void *arg, const struct shim_result *r)
{
	struct bjob *j = arg;
	struct checker_run *run = j->run;

	if (j->starting) {
		j->done_early = 1;
		j->rc = r->rc;
		if (r->outlen > 0) {
			j->out = xmalloc(r->outlen);
			memcpy(j->out, r->out, r->outlen);
		}
		j->outlen = r->outlen;
		return;
	}
	bjob_unlink(j);
	/* the result's text belongs to the shim until this returns */
	checker_builtin_done(run, r->rc, r->out, r->outlen);
	bjob_free(j);
}

int
builtin_run(struct builtin *b, struct checker_run *run, int argc, char *const argv[],
    double timeout)
{
	struct shim_cached *line = shim_cache_get(b->lines, argc, argv);
	struct bjob *j;

	if (line == NULL)
		return 0;
	j = xcalloc(1, sizeof(*j));
	j->b = b;
	j->run = run;
	j->line = line;
	j->starting = 1;
	j->sr = shim_start(b->loop, shim_cached_check(line), timeout, builtin_done, j);
	j->starting = 0;
	if (j->done_early) {
		checker_builtin_done(run, j->rc, j->out, j->outlen);
		bjob_free(j);
		return 1;
	}
	if (j->sr == NULL) {
		bjob_free(j);
		return 0;
	}
	j->next = b->jobs;
	if (b->jobs != NULL)
		b->jobs->prev = j;
	b->jobs = j;
	return 1;
}

void
builtin_cancel(struct builtin *b, struct checker_run *run)
{
	struct bjob *j;

	for (j = b->jobs; j != NULL; j = j->next) {
		if (j->run == run) {
			bjob_unlink(j);
			shim_cancel(j->sr);
			bjob_free(j);
			return;
		}
	}
}

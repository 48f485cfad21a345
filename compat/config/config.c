/*
 * config: drives the reader stages in Nagios's order (see config.h).
 * Nagios stops at the first stage that fails; so do we, but within a stage
 * every error is reported.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "compat/config/build.h"
#include "compat/config/diag.h"
#include "compat/config/expand.h"
#include "compat/config/inherit.h"
#include "compat/config/objfiles.h"
#include "compat/config/raw.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"

static void
config_say(FILE *out, const char *line)
{
	if (out != NULL) {
		fputs(line, out);
		fflush(out);
	}
}

/*
 * JAQUE_TIMING=1 in the environment prints each stage's wall time and the
 * peak RSS so far to stderr: for scripts/bench-config.sh and profiling.
 */
static int config_timing = -1;

void
config_stage_time(const char *stage)
{
	static struct timespec last;
	struct timespec now;
	struct rusage ru;

	if (config_timing < 0) {
		const char *e = getenv("JAQUE_TIMING");

		config_timing = e != NULL && *e != '\0' && strcmp(e, "0") != 0;
	}
	if (!config_timing)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	getrusage(RUSAGE_SELF, &ru);
	if (stage != NULL) {
		long pages = 0;
		FILE *f = fopen("/proc/self/statm", "r");

		if (f != NULL) {
			if (fscanf(f, "%*s %ld", &pages) != 1)
				pages = 0;
			fclose(f);
		}
		fprintf(stderr, "timing: %-10s %7.3f s  peak %7.1f MB  now %7.1f MB\n", stage,
		    (double)(now.tv_sec - last.tv_sec) + (double)(now.tv_nsec - last.tv_nsec) / 1e9,
		    (double)ru.ru_maxrss / 1024.0, (double)pages * 4096.0 / 1048576.0);
	}
	last = now;
}

enum config_stage
config_read(const char *path, const char *jaque_cfg, struct diag *d, FILE *out,
    struct config_gen *gen)
{
	unsigned errors_before;
	int errors = 0, berr = 0;

	memset(gen, 0, sizeof(*gen));
	config_stage_time(NULL);
	if (maincfg_read(path, jaque_cfg, &gen->cfg, d) < 0) {
		config_say(out, "   Error processing main config file!\n\n");
		return CONFIG_MAIN_FAILED;
	}
	config_say(out, "   Read main config file okay...\n");
	errors_before = diag_errors(d);
	gen->parse_arena = arena_new();
	gen->rs = rawstore_new(gen->parse_arena, d);
	errors += objfiles_read(gen->rs, &gen->cfg, (unsigned)gen->cfg.config_threads);
	config_stage_time("read");
	if (errors == 0) {
		errors += inherit_resolve_all(gen->rs);
		config_stage_time("inherit");
	}
	if (errors == 0) {
		errors += expand_all(gen->rs, &gen->cfg);
		/* the builder interns nothing of note: free the table before the model grows */
		arena_intern_reset(gen->parse_arena);
		config_stage_time("expand");
	}
	if (errors == 0) {
		gen->objs = build_objects(gen->rs, &gen->cfg, d, &berr);
		errors += berr;
		config_stage_time("build");
	}
	if (errors > 0 || diag_errors(d) > errors_before) {
		config_say(out, "   Error processing object config files!\n\n");
		return CONFIG_OBJECTS_FAILED;
	}
	config_say(out, "   Read object config files okay...\n");
	return CONFIG_OK;
}

int
config_preflight(struct config_gen *gen, struct diag *d, int verbosity,
    struct preflight_counts *counts, FILE *out)
{
	struct preflight_env env;
	int errors;

	memset(&env, 0, sizeof(env));
	env.cfg = &gen->cfg;
	env.d = d;
	env.verbosity = verbosity;
	env.where = build_where;
	env.ctx = gen->objs;
	errors = build_report_late(gen->objs, d);
	errors += preflight_run(gen->objs, &env, counts, out);
	config_stage_time("preflight");
	return errors;
}

void
config_gen_free(struct config_gen *gen)
{
	if (gen == NULL)
		return;
	objects_free(gen->objs);
	rawstore_free(gen->rs);
	arena_free(gen->parse_arena);
	maincfg_free(&gen->cfg);
	memset(gen, 0, sizeof(*gen));
	config_stage_time("free");
}

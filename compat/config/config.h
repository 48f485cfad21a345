/*
 * config: the whole configuration front end in one call.  Reads
 * nagios.cfg (and resource files and jaque.cfg), every object file it
 * names, applies templates, expands, builds the runtime model, and can run
 * the pre-flight check.  The parse data (raw definitions) is kept until
 * config_gen_free so pre-flight findings can still name file and line;
 * config_gen_drop_raw releases it earlier once no longer needed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CONFIG_H
#define JAQUE_CONFIG_H

#include <stdio.h>

#include "compat/config/maincfg.h"
#include "compat/config/preflight.h"

struct objects;
struct rawstore;
struct arena;
struct diag;

enum config_stage {
	CONFIG_OK,             /* read and built */
	CONFIG_MAIN_FAILED,    /* nagios.cfg (or resource/jaque.cfg) had errors */
	CONFIG_OBJECTS_FAILED  /* object files had errors; objs may be NULL */
};

struct config_gen {
	struct main_cfg cfg;
	struct objects *objs;     /* the built generation (NULL before build) */
	struct rawstore *rs;      /* parse data, NULL once dropped */
	struct arena *parse_arena;
	void *origin;             /* builder's map from model objects back to definitions */
};

/*
 * Read everything.  out: where the "Read main config file okay..." style
 * progress lines go (NULL for none).  Diagnostics go to d.  Returns the
 * stage reached; gen must be freed with config_gen_free in every case.
 */
enum config_stage config_read(const char *path, const char *jaque_cfg, struct diag *d,
    FILE *out, struct config_gen *gen);
/* run the pre-flight checks on a generation read with CONFIG_OK; returns errors */
int config_preflight(struct config_gen *gen, struct diag *d, int verbosity,
    struct preflight_counts *counts, FILE *out);
/* with JAQUE_TIMING set: print the time since the last mark (NULL: only mark) */
void config_stage_time(const char *stage);
void config_gen_free(struct config_gen *gen);

#endif

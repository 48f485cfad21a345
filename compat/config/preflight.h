/*
 * preflight: the checks Nagios 4.4.6 runs on a configuration once every
 * object is registered (its "pre-flight check"), done on a built model
 * generation.
 *
 * The builder has already reported every name that does not resolve
 * (unknown command, timeperiod, host, parent...), so what is left here is
 * what Nagios checks on resolved objects: empty object kinds, missing
 * contacts, periods and notification commands, option combinations that
 * make no sense, illegal characters in names, circular parent chains,
 * circular dependencies and timeperiod exclusions, the global commands
 * named in nagios.cfg, and whether temp_path and check_result_path can be
 * written to.  Each finding is an error or a warning exactly as in Nagios,
 * in Nagios's order, with Nagios's wording; diag adds the location.
 *
 * Called by start-up and by `jaque -v` after the generation is built.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_PREFLIGHT_H
#define JAQUE_PREFLIGHT_H

#include <stdio.h>

#include "compat/config/diag.h"

struct main_cfg;
struct objects;

/* the numbers behind the "Checked N ..." lines of `nagios -v` */
struct preflight_counts {
	unsigned services;
	unsigned hosts;
	unsigned hostgroups;
	unsigned servicegroups;
	unsigned contacts;
	unsigned contactgroups;
	unsigned commands;
	unsigned timeperiods;
	unsigned hostescalations;
	unsigned serviceescalations;
	unsigned circ_hosts;        /* hosts walked for parent loops */
	unsigned circ_servicedeps;  /* service dependencies (one per type) */
	unsigned circ_hostdeps;     /* host dependencies (one per type) */
	unsigned circ_timeperiods;  /* timeperiods walked for exclusion loops */
};

/*
 * What a run needs besides the objects.
 *
 * cfg: nagios.cfg as read; NULL skips the checks of global commands,
 * illegal name characters, paths and illegal_macro_output_chars.
 * d: where findings go (required).
 * verbosity: how many -v were given; Nagios warns about hosts without
 * services only from 2 on (and never when not verifying).
 * where: optional; given an object type as written after "define"
 * ("host", "service", "servicedependency", ...) and the object's id (its
 * index in the model's array), returns where it was defined, or NULL.
 * Only file and line of the answer are used; preflight names the object
 * and the directive itself.  The answer must stay valid until the next
 * call.
 */
struct preflight_env {
	const struct main_cfg *cfg;
	struct diag *d;
	int verbosity;
	const struct diag_loc *(*where)(void *ctx, const char *otype, unsigned id);
	void *ctx;
};

/*
 * Run the pre-flight checks on a built generation.  Findings go to
 * env->d.  counts, when not NULL, is filled for the "Checked N ..." report.
 * out, when not NULL, receives the body of Nagios's -v report, from
 * "Checking objects..." through "Checking misc settings...", each line at
 * the point Nagios prints it; pass the stream env->d prints to so that
 * findings and report lines interleave as in Nagios.
 * Returns the number of errors found (0: the configuration may be used).
 */
int preflight_run(const struct objects *o, const struct preflight_env *env,
    struct preflight_counts *counts, FILE *out);

#endif

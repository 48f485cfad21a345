/*
 * gmsetup: whether the configuration asks for mod_gearman, and its
 * options.  A broker_module line whose module file is one mod_gearman
 * builds (mod_gearman_naemon.o, mod_gearman_nagios4.o,
 * mod_gearman_nagios3.o, mod_gearman2.o, mod_gearman.o) is taken as that
 * request, as a Livestatus module line is (lswire.c): nothing is loaded,
 * its words are read as the module would read them (compat/gearman/
 * mgcfg.h).  jaque.cfg's gearman_KEY=value lines come after them, and ask
 * for mod_gearman on their own when no module line does.
 *
 * Callers: `jaque -v` and the daemon's reading of the configuration, both
 * before anything is started.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMSETUP_H
#define JAQUE_GMSETUP_H

struct diag;
struct main_cfg;
struct mgcfg;

/* 1 when path (a broker_module's module) is a mod_gearman NEB module */
int gmsetup_is_module(const char *path);

/*
 * The mod_gearman options of cfg, read and checked; diagnostics go to d
 * (file, line and key).  Returns NULL when mod_gearman is not asked for;
 * otherwise a configuration the caller frees with mgcfg_free, even when
 * errors were reported (*nerr says how many).
 */
struct mgcfg *gmsetup_read(const struct main_cfg *cfg, struct diag *d, int *nerr);

#endif

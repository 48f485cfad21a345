/*
 * gmsetup: finding mod_gearman in the configuration (the contract is in
 * gmsetup.h).  Nagios would load each broker_module line's module; a
 * second mod_gearman line would be a second module sending the same
 * checks, which jaque does not do: it is warned about and left out.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmsetup.h"

#include <string.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "compat/gearman/mgcfg.h"

int
gmsetup_is_module(const char *path)
{
	static const char *const names[] = { "mod_gearman_naemon.o", "mod_gearman_nagios4.o",
		"mod_gearman_nagios3.o", "mod_gearman2.o", "mod_gearman.o", NULL };
	const char *base = strrchr(path, '/');
	size_t i;

	base = base != NULL ? base + 1 : path;
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(base, names[i]) == 0)
			return 1;
	return 0;
}

struct mgcfg *
gmsetup_read(const struct main_cfg *cfg, struct diag *d, int *nerr)
{
	const struct maincfg_module *mod, *first = NULL;
	const struct maincfg_pair *p;
	struct mgcfg *m;
	size_t i;

	*nerr = 0;
	for (i = 0; i < cfg->broker_modules.len; i++) {
		mod = cfg->broker_modules.items[i];
		if (!gmsetup_is_module(mod->path)) {
			continue;
		} else if (first == NULL) {
			first = mod;
		} else {
			struct diag_loc loc = { cfg->config_file, mod->line, NULL, NULL,
				"broker_module" };

			diag_warning(d, &loc, "mod_gearman: a second mod_gearman module (%s); "
			    "jaque reads the first one's options only", mod->path);
		}
	}
	if (first == NULL && cfg->gearman_opts.len == 0)
		return NULL;
	m = mgcfg_new(cfg->config_dir);
	if (first != NULL)
		*nerr += mgcfg_read_args(m, first->args, cfg->config_file, first->line, d);
	for (i = 0; i < cfg->gearman_opts.len; i++) {
		p = cfg->gearman_opts.items[i];
		*nerr += mgcfg_set_jaque(m, p->key, p->value, cfg->jaque_cfg_file, p->line, d);
	}
	if (first != NULL) {
		*nerr += mgcfg_finish(m, cfg->config_file, first->line, d);
	} else {
		p = cfg->gearman_opts.items[0];
		*nerr += mgcfg_finish(m, cfg->jaque_cfg_file, p->line, d);
	}
	return m;
}

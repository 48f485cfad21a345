/*
 * fuzz_jaquecfg: libFuzzer target for jaque.cfg, jaque's own settings
 * file (compat/config/maincfg, with the Livestatus listen and allow lists
 * of engine/util/netaddr and the gearman_ keys of compat/gearman/mgcfg).
 * Each input is written as jaque.cfg beside a small nagios.cfg, the pair
 * is read as `jaque -v` reads it, and the gearman_ lines are then read as
 * start-up reads them (engine/main/gmsetup).  Any crash, leak, sanitizer
 * report or timeout is a bug; an input that found one belongs in
 * tests/fuzz/regress/jaquecfg/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/config/maincfg.h"
#include "compat/gearman/mgcfg.h"
#include "engine/main/gmsetup.h"

static const char *cfgpath;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	cfgpath = xstrdup(fx_puts("nagios.cfg", "log_file=nagios.log\n"));
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag *d = diag_new(NULL);
	struct main_cfg cfg;
	struct mgcfg *m;
	int nerr = 0;

	fx_put("jaque.cfg", data, size);
	maincfg_read(cfgpath, NULL, &cfg, d);
	m = gmsetup_read(&cfg, d, &nerr);
	mgcfg_free(m);
	maincfg_free(&cfg);
	diag_free(d);
	return 0;
}

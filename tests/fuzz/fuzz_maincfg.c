/*
 * fuzz_maincfg: libFuzzer target for nagios.cfg, the main configuration
 * reader (compat/config/maincfg).  Each input is written as nagios.cfg in
 * the target's directory and read as `jaque -v` reads it, then the
 * mod_gearman options of its broker_module lines are read as start-up
 * reads them (engine/main/gmsetup).  Any crash, leak, sanitizer report or
 * timeout is a bug; an input that found one belongs in
 * tests/fuzz/regress/maincfg/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/config/maincfg.h"
#include "compat/gearman/mgcfg.h"
#include "engine/main/gmsetup.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fx_tmpdir();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fx_put("nagios.cfg", data, size);
	struct diag *d = diag_new(NULL);
	struct main_cfg cfg;
	struct mgcfg *m;
	int nerr = 0;

	maincfg_read(path, NULL, &cfg, d);
	m = gmsetup_read(&cfg, d, &nerr);
	mgcfg_free(m);
	maincfg_free(&cfg);
	diag_free(d);
	return 0;
}

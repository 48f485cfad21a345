/*
 * fuzz_resource: libFuzzer target for resource files ($USERn$=value), read
 * by the main configuration reader (compat/config/maincfg) when nagios.cfg
 * names one.  Each input is written as resource.cfg beside a nagios.cfg
 * that names it, and the pair is read as `jaque -v` reads it.  Any crash,
 * leak, sanitizer report or timeout is a bug; an input that found one
 * belongs in tests/fuzz/regress/resource/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/config/maincfg.h"

static const char *cfgpath;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	cfgpath = xstrdup(fx_puts("nagios.cfg", "log_file=nagios.log\nresource_file=resource.cfg\n"));
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag *d = diag_new(NULL);
	struct main_cfg cfg;
	static volatile size_t len;
	size_t i;

	fx_put("resource.cfg", data, size);
	maincfg_read(cfgpath, NULL, &cfg, d);
	/* every macro read is a whole string */
	len = 0;
	for (i = 0; i < MAINCFG_MAX_USER_MACROS; i++)
		if (cfg.user_macros[i] != NULL)
			len += strlen(cfg.user_macros[i]);
	maincfg_free(&cfg);
	diag_free(d);
	return 0;
}

/*
 * fuzz_objparse: libFuzzer target for the object configuration reader.
 * Each input is read as one object file, then templates are applied, the
 * definitions expanded and the generation built, exactly as `jaque -v`
 * does after reading nagios.cfg.  Any crash, leak, sanitizer report or
 * timeout is a bug; inputs that found one belong in tests/configs/bad.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "compat/config/build.h"
#include "compat/config/diag.h"
#include "compat/config/expand.h"
#include "compat/config/inherit.h"
#include "compat/config/lexer.h"
#include "compat/config/maincfg.h"
#include "compat/config/raw.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena *a = arena_new();
	struct diag *d = diag_new(NULL);
	struct rawstore *rs = rawstore_new(a, d);
	struct main_cfg cfg;
	struct objects *o;
	int errors, berr = 0;

	memset(&cfg, 0, sizeof(cfg));
	/* the first byte picks the matching modes, as nagios.cfg would */
	cfg.use_regexp_matching = size > 0 && (data[0] & 1);
	cfg.use_true_regexp_matching = size > 0 && (data[0] & 2);
	cfg.allow_empty_hostgroup_assignment = 2;
	errors = lexer_read_buffer(rs, "fuzz.cfg", (const char *)data, size);
	if (errors == 0)
		errors = inherit_resolve_all(rs);
	if (errors == 0)
		errors = expand_all(rs, &cfg);
	if (errors == 0) {
		o = build_objects(rs, &cfg, d, &berr);
		objects_free(o);
	}
	rawstore_free(rs);
	diag_free(d);
	arena_free(a);
	return 0;
}

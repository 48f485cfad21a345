/*
 * fuzz_objparse: libFuzzer target for the object configuration reader.
 * Each input is read as one object file, then templates are applied, the
 * definitions expanded and the generation built, exactly as `jaque -v`
 * does after reading nagios.cfg.  Any crash, leak, sanitizer report or
 * timeout is a bug; inputs that found one belong in tests/configs/bad.
 *
 * An include_file= or include_dir= line whose path is absolute or climbs
 * with ".." is made a comment first: the fuzzer would otherwise read this
 * machine's whole file system (include_dir=/ reaches /proc and /sys).
 * Relative paths stay, read from the current directory.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
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

/* comment out the include lines that would leave the current directory */
static void
fz_jail_includes(char *buf, size_t size)
{
	size_t i = 0, end, k;

	while (i < size) {
		while (i < size && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		for (end = i; end < size && buf[end] != '\n'; end++)
			;
		if (end - i > 8 && memcmp(buf + i, "include_", 8) == 0) {
			const char *eq = memchr(buf + i, '=', end - i);
			int out = 0;

			for (k = i; k + 1 < end; k++)
				out |= buf[k] == '.' && buf[k + 1] == '.';
			k = eq != NULL ? (size_t)(eq - buf) + 1 : end;
			while (k < end && (buf[k] == ' ' || buf[k] == '\t'))
				k++;
			if (out || (k < end && buf[k] == '/'))
				buf[i] = '#';
		}
		i = end + 1;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena *a = arena_new();
	struct diag *d = diag_new(NULL);
	struct rawstore *rs = rawstore_new(a, d);
	struct main_cfg cfg;
	struct objects *o;
	char *text = malloc(size ? size : 1);
	int errors, berr = 0;

	memset(&cfg, 0, sizeof(cfg));
	/* the first byte picks the matching modes, as nagios.cfg would */
	cfg.use_regexp_matching = size > 0 && (data[0] & 1);
	cfg.use_true_regexp_matching = size > 0 && (data[0] & 2);
	cfg.allow_empty_hostgroup_assignment = 2;
	memcpy(text, data, size);
	fz_jail_includes(text, size);
	errors = lexer_read_buffer(rs, "fuzz.cfg", text, size);
	free(text);
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

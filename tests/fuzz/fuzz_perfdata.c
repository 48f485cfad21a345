/*
 * fuzz_perfdata: libFuzzer target for the user text around performance
 * data: the perfdata file templates of nagios.cfg (their escapes,
 * engine/notify/perfdata) and the plugin-shim's reading of a check
 * command line (plugins-shim/thresholds: getopt, state words, numbers,
 * escapes; plugins-shim/shim_tcp's options).  An input's first line is a
 * template; every further line is a command line, split into words as the
 * engine splits it (engine/worker/cmdsplit) and offered to check_tcp's
 * shim, each word also read as a state word, a positive integer, an
 * escaped text and a number printed as fperfdata prints one.  Any crash,
 * leak, sanitizer report or timeout is a bug; an input that found one
 * belongs in tests/fuzz/regress/perfdata/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "engine/notify/perfdata.h"
#include "engine/util/mbuf.h"
#include "engine/worker/cmdsplit.h"
#include "plugins-shim/shim.h"
#include "plugins-shim/thresholds.h"

#define MAX_LINES 64

static void
word(const char *w)
{
	struct thresholds_perf p;
	struct mbuf b = { 0 };
	char *s;
	long l;
	int st;

	(void)thresholds_state_word(w, &st);
	(void)thresholds_intpos(w, &l);
	free(thresholds_unescape(w));
	memset(&p, 0, sizeof(p));
	p.label = w;
	p.uom = "ms";
	p.value = strtod(w, NULL);
	p.warn = p.value / 2;
	p.has_warn = 1;
	s = thresholds_fperfdata(&p);
	free(s);
	thresholds_fixed(&b, p.value, (int)(strlen(w) % 7));
	mbuf_free(&b);
}

static void
command(const char *line)
{
	char **argv = NULL, *saved;
	struct shim_check *c;
	int argc;

	if (cmdsplit(line, &argv) != 0)
		return;
	for (argc = 0; argv[argc] != NULL; argc++)
		word(argv[argc]);
	/* offered as check_tcp whatever its first word, so its options are read */
	saved = argv[0];
	argv[0] = "/usr/lib/nagios/plugins/check_tcp";
	c = shim_find(argc, argv, NULL);
	if (c != NULL)
		(void)shim_check_name(c);
	shim_check_free(c);
	argv[0] = saved;
	free(argv);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size), *cur = text, *line;
	int n = 0;

	line = strsep(&cur, "\n");
	free(perfdata_unescape(line));
	while (cur != NULL && n++ < MAX_LINES) {
		line = strsep(&cur, "\n");
		command(line);
	}
	free(text);
	return 0;
}

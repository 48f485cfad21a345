/*
 * fuzz_gearproto: libFuzzer target for what gearmand sends: its binary
 * responses (compat/gearman/gearproto) and its administrative "status"
 * answer (compat/gearman/gmadmin).  An input whose first byte is even is
 * a stream of response packets, taken one after another as the daemon's
 * connection takes them (a limit on the data, packets cut into one, two,
 * three and four arguments, a JOB_ASSIGN's three); an odd one is a status
 * answer after that byte, parsed and searched as jaquestats does.  Any
 * crash, leak, sanitizer report or timeout is a bug; an input that found
 * one belongs in tests/fuzz/regress/gearproto/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/gearman/gearproto.h"
#include "compat/gearman/gmadmin.h"

static void
packets(const char *p, size_t n)
{
	struct gearproto_packet pk;
	const char *args[4];
	size_t lens[4], k, i, sum;
	long got;

	while ((got = gearproto_take(p, n, 1 << 20, &pk)) > 0) {
		if (gearproto_size(p) != (size_t)got)
			abort();
		for (k = 1; k <= 4; k++) {
			size_t m = gearproto_args(&pk, k, args, lens);

			/* the arguments and their separators are the data */
			for (sum = 0, i = 0; i < m; i++)
				sum += lens[i] + (i + 1 < m);
			if (m == 0 || m > k || sum != pk.len)
				abort();
		}
		p += got;
		n -= (size_t)got;
	}
}

static void
status(const char *text)
{
	struct gmadmin_status st = { 0 };
	char why[256];
	size_t i;

	if (gmadmin_parse(text, &st, why, sizeof(why)) == 0) {
		for (i = 0; i < st.n; i++)
			if (gmadmin_find(&st, st.fn[i].name) == NULL)
				abort();
		(void)gmadmin_find(&st, "check_results");
	}
	gmadmin_status_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size == 0)
		return 0;
	if ((data[0] & 1) == 0) {
		/* its own copy, so a read past the input is seen */
		text = xmalloc(size - 1 + 1);
		memcpy(text, data + 1, size - 1);
		packets(text, size - 1);
	} else {
		text = xstrndup((const char *)data + 1, size - 1);
		status(text);
	}
	free(text);
	return 0;
}

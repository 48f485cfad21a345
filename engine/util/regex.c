/*
 * regex: pcre2 compile/match behind the small interface in regex.h.  One
 * match-data block is kept per compiled pattern.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "engine/util/regex.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

struct rx {
	pcre2_code *code;
	pcre2_match_data *md;
};

static struct rx *
rx_compile_opts(const char *pattern, uint32_t opts, char *err, size_t errlen)
{
	int ec;
	PCRE2_SIZE off;
	struct rx *r;
	pcre2_code *code;
	PCRE2_UCHAR msg[256];

	code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts, &ec, &off, NULL);
	if (code == NULL) {
		pcre2_get_error_message(ec, msg, sizeof(msg));
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "%s at offset %zu", (const char *)msg, (size_t)off);
		return NULL;
	}
	r = xcalloc(1, sizeof(*r));
	r->code = code;
	r->md = pcre2_match_data_create_from_pattern(code, NULL);
	if (r->md == NULL) {
		pcre2_code_free(code);
		free(r);
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return r;
}

struct rx *
rx_compile(const char *pattern, char *err, size_t errlen)
{
	return rx_compile_opts(pattern, 0, err, errlen);
}

struct rx *
rx_compile_icase(const char *pattern, char *err, size_t errlen)
{
	return rx_compile_opts(pattern, PCRE2_CASELESS, err, errlen);
}

int
rx_match(const struct rx *r, const char *s)
{
	return pcre2_match(r->code, (PCRE2_SPTR)s, strlen(s), 0, 0, r->md, NULL) >= 0;
}

void
rx_free(struct rx *r)
{
	if (r == NULL)
		return;
	pcre2_match_data_free(r->md);
	pcre2_code_free(r->code);
	free(r);
}

/*
 * gearproto: gearmand's binary packets (gearproto.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/gearproto.h"

#include <string.h>

static const char gp_req[4] = { '\0', 'R', 'E', 'Q' };
static const char gp_res[4] = { '\0', 'R', 'E', 'S' };

static void
gp_be32(char *p, uint32_t v)
{
	p[0] = (char)(v >> 24);
	p[1] = (char)(v >> 16);
	p[2] = (char)(v >> 8);
	p[3] = (char)v;
}

static uint32_t
gp_get32(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	return (uint32_t)u[0] << 24 | (uint32_t)u[1] << 16 | (uint32_t)u[2] << 8 | u[3];
}

void
gearproto_put(struct mbuf *b, enum gearproto_type t, const char *const *args,
    const size_t *lens, size_t nargs)
{
	char hdr[GEARPROTO_HDR];
	size_t len = 0, i;

	for (i = 0; i < nargs; i++)
		len += lens[i] + (i + 1 < nargs);
	mbuf_reserve(b, GEARPROTO_HDR + len);
	memcpy(hdr, gp_req, 4);
	gp_be32(hdr + 4, (uint32_t)t);
	gp_be32(hdr + 8, (uint32_t)len);
	mbuf_add(b, hdr, sizeof(hdr));
	for (i = 0; i < nargs; i++) {
		mbuf_add(b, args[i], lens[i]);
		if (i + 1 < nargs)
			mbuf_addc(b, '\0');
	}
}

long
gearproto_take(const char *p, size_t n, size_t max, struct gearproto_packet *pk)
{
	uint32_t len;

	if (n < 4)
		return memcmp(p, gp_res, n) == 0 ? 0 : -1;
	if (memcmp(p, gp_res, 4) != 0)
		return -1;
	if (n < GEARPROTO_HDR)
		return 0;
	len = gp_get32(p + 8);
	if (len > max)
		return -1;
	if (n - GEARPROTO_HDR < len)
		return 0;
	pk->type = gp_get32(p + 4);
	pk->data = p + GEARPROTO_HDR;
	pk->len = len;
	return (long)(GEARPROTO_HDR + len);
}

size_t
gearproto_args(const struct gearproto_packet *pk, size_t n, const char **args, size_t *lens)
{
	const char *p = pk->data, *end = pk->data + pk->len;
	size_t k = 0;

	if (n == 0)
		return 0;
	while (k + 1 < n) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));

		if (nul == NULL)
			break;
		args[k] = p;
		lens[k++] = (size_t)(nul - p);
		p = nul + 1;
	}
	args[k] = p;
	lens[k++] = (size_t)(end - p);
	return k;
}

/*
 * macros: expanding a command line the way Nagios 4.4.6's process_macros
 * does, and splitting a check_command reference into its $ARGn$.
 *
 * The line is cut at every '$'; the pieces alternate between text and
 * macro names, starting with text.  A piece in macro position that names
 * nothing known goes back into the line between its two '$' (the closing
 * one only if there was one), and the piece after it is text again: so
 * "$$" is a '$', "$FOO$" stays "$FOO$", a lone "$x" at the end stays "$x",
 * yet a lone "$HOSTNAME" at the end is expanded, all as in Nagios.
 *
 * A name is looked up in this order: ARGn and USERn by their numeric
 * suffix (atoi's reading, so $ARG01$ is $ARG1$), the x macros of the table
 * (with an optional ":arg1[:arg2]" for the on-demand forms),
 * CONTACTADDRESSn, then custom variables ($_HOST..., $_SERVICE...,
 * $_CONTACT...).  Values of the MACRO_F_CLEAN macros lose the characters
 * of illegal_macro_output_chars and all control characters (Nagios marks
 * those illegal at start-up) when MX_STRIP is asked for, which it is for
 * every command; MX_URL encodes every value (notes URLs).
 *
 * Arguments are expanded once, when the reference is split, in the
 * context given then (so an argument sees its host, service and the
 * arguments before it); their values go into the command as they are,
 * never expanded or cleaned again.  Callers: the check and event handler
 * code building a job (macro_split_args, macro_expand, macro_environment).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/objects/objects.h"
#include "engine/time/macros.h"
#include "engine/time/macros_int.h"
#include "engine/util/xalloc.h"

/* ---- small readers and writers ---- */

int
mx_atoi(const char *s)
{
	long v = 0;
	int neg = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	for (; isdigit((unsigned char)*s); s++) {
		v = v * 10 + (*s - '0');
		if (v > INT_MAX)
			v = (long)INT_MAX + 1;
	}
	v = neg ? -v : v;
	return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

void
mx_urlencode(struct mbuf *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char c;
	char esc[3];
	size_t i;

	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		/* ASCII ranges, not isalnum: the locale must not change a URL */
		if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    c == '.' || c == '-' || c == '_' || c == '~') {
			mbuf_add(out, &s[i], 1);
			continue;
		}
		esc[0] = '%';
		esc[1] = hex[c >> 4];
		esc[2] = hex[c & 15];
		mbuf_add(out, esc, 3);
	}
}

/* append s without the characters Nagios deems illegal in macro output */
static void
mx_strip(const struct mx *m, struct mbuf *out, const char *s, size_t n)
{
	const char *ill = m->ctx->cfg != NULL ? m->ctx->cfg->illegal_macro_output_chars : NULL;
	size_t i, start = 0;
	unsigned char c;

	mbuf_reserve(out, n);
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c >= 32 && c != 127 && (ill == NULL || strchr(ill, c) == NULL))
			continue;
		mbuf_add(out, s + start, i - start);
		start = i + 1;
	}
	mbuf_add(out, s + start, n - start);
}

/* ---- expansion ---- */

void
mx_init(struct mx *m, const struct macro_ctx *ctx)
{
	memset(m, 0, sizeof(*m));
	m->ctx = ctx;
	m->host = ctx->host != NULL ? ctx->host : ctx->svc != NULL ? ctx->svc->host : NULL;
	if (m->host != NULL && m->host->ngroups > 0)
		m->hg = m->host->groups[0];
	if (ctx->svc != NULL && ctx->svc->ngroups > 0)
		m->sg = ctx->svc->groups[0];
	if (ctx->contact != NULL && ctx->contact->ngroups > 0)
		m->cg = ctx->contact->groups[0];
}

/*
 * The value of the macro written as name (NUL-terminated, writable: the
 * on-demand arguments are cut out of it in place).  *clean is set for
 * the macros whose values are cleaned.
 */
static int
mx_lookup(struct mx *m, char *name, struct mbuf *val, int *clean)
{
	const struct macro_ctx *ctx = m->ctx;
	char *a1 = NULL, *a2 = NULL;
	int n, code;

	*clean = 0;
	if (strncmp(name, "ARG", 3) == 0) {
		n = mx_atoi(name + 3);
		if (n <= 0 || n > MACRO_MAX_ARGS)
			return MV_ERR;
		return mx_put(val, ctx->args[n - 1]);
	}
	if (strncmp(name, "USER", 4) == 0) {
		n = mx_atoi(name + 4);
		if (n <= 0 || n > MAINCFG_MAX_USER_MACROS)
			return MV_ERR;
		return ctx->cfg != NULL ? mx_put(val, ctx->cfg->user_macros[n - 1]) : MV_NULL;
	}
	if ((a1 = strchr(name, ':')) != NULL) {
		*a1++ = '\0';
		if ((a2 = strchr(a1, ':')) != NULL)
			*a2++ = '\0';
	}
	if ((code = macro_lookup(name)) >= 0) {
		*clean = (macro_def_get((unsigned)code)->flags & MACRO_F_CLEAN) != 0;
		return mx_xvalue(m, (unsigned)code, a1, a2, val);
	}
	if (strncmp(name, "CONTACTADDRESS", 14) == 0)
		return mx_contact_address(m, name, a1, a2, val);
	if (name[0] == '_')
		return mx_custom(m, name, a1, a2, val);
	return MV_ERR;
}

/* one piece in macro position: name[0..len), closed by a '$' or not */
static void
mx_macro(struct mx *m, const char *name, size_t len, int closed, unsigned opts,
    struct mbuf *out, struct mbuf *val)
{
	char small[128], *copy = len < sizeof(small) ? small : xmalloc(len + 1);
	int r, clean = 0;

	memcpy(copy, name, len);
	copy[len] = '\0';
	val->len = 0;
	r = len > 0 ? mx_lookup(m, copy, val, &clean) : MV_ERR;
	if (copy != small)
		free(copy);
	if (r == MV_ERR) {
		/* "$$" is a '$'; anything else goes back as it was written */
		mbuf_add(out, "$", 1);
		if (len > 0) {
			mbuf_add(out, name, len);
			if (closed)
				mbuf_add(out, "$", 1);
		}
		return;
	}
	if (r != MV_OK || val->len == 0)
		return;
	if (opts & MX_URL) {
		struct mbuf enc = { 0 };

		mx_urlencode(&enc, val->p, val->len);
		val->len = 0;
		mbuf_add(val, enc.p, enc.len);
		mbuf_free(&enc);
	}
	if (clean && (opts & MX_STRIP))
		mx_strip(m, out, val->p, val->len);
	else
		mbuf_add(out, val->p, val->len);
}

void
mx_expand(struct mx *m, const char *in, unsigned opts, struct mbuf *out)
{
	struct mbuf val = { 0 };
	const char *p = in, *d;
	int in_macro = 0;
	size_t len;

	if (in == NULL)
		return;
	for (;;) {
		d = strchr(p, '$');
		len = d != NULL ? (size_t)(d - p) : strlen(p);
		if (in_macro)
			mx_macro(m, p, len, d != NULL, opts, out, &val);
		else
			mbuf_add(out, p, len);
		in_macro = !in_macro;
		if (d == NULL)
			break;
		p = d + 1;
	}
	mbuf_free(&val);
}

char *
macro_expand(const struct macro_ctx *ctx, const char *in)
{
	struct mbuf out = { 0 };
	struct mx m;

	mx_init(&m, ctx);
	mx_expand(&m, in, MX_STRIP, &out);
	return out.p != NULL ? out.p : xstrdup("");
}

/* ---- $ARGn$ ---- */

/*
 * One argument of ref starting at *i (just past its '!'), with "\!" read
 * as '!' and every other backslash kept; *i is left on the '!' or NUL
 * that ends it.
 */
static void
mx_next_arg(const char *ref, size_t *i, struct mbuf *raw)
{
	size_t j = *i;

	raw->len = 0;
	mbuf_add(raw, "", 0);
	for (;; j++) {
		if (ref[j] == '\\' && ref[j + 1] == '!')
			j++;
		else if (ref[j] == '!' || ref[j] == '\0')
			break;
		mbuf_add(raw, &ref[j], 1);
	}
	*i = j;
}

unsigned
macro_split_args(struct macro_ctx *ctx, const char *ref, char **store)
{
	struct mbuf raw = { 0 }, vals[MACRO_MAX_ARGS];
	size_t i = 0, total = 0, off = 0;
	unsigned n = 0, k;
	struct mx m;
	char *block;

	*store = NULL;
	memset(ctx->args, 0, sizeof(ctx->args));
	ctx->nargs = 0;
	if (ref == NULL)
		return 0;
	memset(vals, 0, sizeof(vals));
	i = strcspn(ref, "!");
	while (n < MACRO_MAX_ARGS && ref[i] != '\0') {
		i++;
		mx_next_arg(ref, &i, &raw);
		/* expanded now, seeing the arguments before it, as Nagios does */
		mx_init(&m, ctx);
		mx_expand(&m, raw.p, MX_STRIP, &vals[n]);
		mbuf_add(&vals[n], "", 0);
		ctx->args[n] = vals[n].p;
		ctx->nargs = ++n;
	}
	mbuf_free(&raw);
	if (n == 0)
		return 0;
	for (k = 0; k < n; k++)
		total += vals[k].len + 1;
	block = xmalloc(total);
	for (k = 0; k < n; k++) {
		memcpy(block + off, vals[k].p, vals[k].len + 1);
		ctx->args[k] = block + off;
		off += vals[k].len + 1;
		mbuf_free(&vals[k]);
	}
	*store = block;
	return n;
}

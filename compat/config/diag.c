/*
 * diag: collect and print configuration diagnostics.  The location suffix
 * names everything we know: "(file 'x.cfg', line 12, host 'web1',
 * directive 'parents')", so an admin can go straight to the line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/vec.h"
#include "engine/util/xalloc.h"

struct diag {
	FILE *out;
	struct vec entries;
	unsigned nerr;
	unsigned nwarn;
};

struct diag *
diag_new(FILE *out)
{
	struct diag *d = xcalloc(1, sizeof(*d));

	d->out = out;
	vec_init(&d->entries);
	return d;
}

void
diag_free(struct diag *d)
{
	size_t i;
	struct diag_entry *e;

	if (d == NULL)
		return;
	for (i = 0; i < d->entries.len; i++) {
		e = d->entries.items[i];
		free(e->msg);
		free(e->text);
		free((char *)e->loc.file);
		free((char *)e->loc.otype);
		free((char *)e->loc.oname);
		free((char *)e->loc.directive);
		free(e);
	}
	vec_clear(&d->entries);
	free(d);
}

static char *
diag_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static char *
diag_where(const struct diag_loc *loc)
{
	char buf[2048];
	size_t n = 0;
	const char *sep = "";

	buf[0] = '\0';
	if (loc == NULL)
		return xstrdup("");
	if (loc->file != NULL) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%sfile '%s'", sep, loc->file);
		sep = ", ";
	}
	if (loc->line > 0 && n < sizeof(buf)) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%sline %d", sep, loc->line);
		sep = ", ";
	}
	if ((loc->otype != NULL || loc->oname != NULL) && n < sizeof(buf)) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s '%s'", sep,
		    loc->otype != NULL ? loc->otype : "object",
		    loc->oname != NULL ? loc->oname : "(unnamed)");
		sep = ", ";
	}
	if (loc->directive != NULL && n < sizeof(buf)) {
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%sdirective '%s'", sep,
		    loc->directive);
	}
	if (n == 0)
		return xstrdup("");
	return xasprintf(" (%s)", buf);
}

static void
diag_add(struct diag *d, enum diag_kind kind, const struct diag_loc *loc,
    const char *fmt, va_list ap)
{
	struct diag_entry *e = xcalloc(1, sizeof(*e));
	char msg[4096], *where;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	where = diag_where(loc);
	e->kind = kind;
	e->msg = xstrdup(msg);
	e->text = xasprintf("%s: %s%s", kind == DIAG_ERROR ? "Error" : "Warning", msg, where);
	free(where);
	if (loc != NULL) {
		e->loc.file = diag_dup(loc->file);
		e->loc.line = loc->line;
		e->loc.otype = diag_dup(loc->otype);
		e->loc.oname = diag_dup(loc->oname);
		e->loc.directive = diag_dup(loc->directive);
	}
	vec_push(&d->entries, e);
	if (kind == DIAG_ERROR)
		d->nerr++;
	else
		d->nwarn++;
	if (d->out != NULL) {
		fprintf(d->out, "%s\n", e->text);
		fflush(d->out);
	}
}

void
diag_error(struct diag *d, const struct diag_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_add(d, DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
}

void
diag_warning(struct diag *d, const struct diag_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_add(d, DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
}

unsigned
diag_errors(const struct diag *d)
{
	return d->nerr;
}

unsigned
diag_warnings(const struct diag *d)
{
	return d->nwarn;
}

unsigned
diag_count(const struct diag *d)
{
	return (unsigned)d->entries.len;
}

const struct diag_entry *
diag_get(const struct diag *d, unsigned i)
{
	return i < d->entries.len ? d->entries.items[i] : NULL;
}

void
diag_copy(struct diag *to, const struct diag *from, unsigned begin, unsigned end)
{
	const struct diag_entry *e;

	for (; begin < end && (e = diag_get(from, begin)) != NULL; begin++) {
		if (e->kind == DIAG_ERROR)
			diag_error(to, &e->loc, "%s", e->msg);
		else
			diag_warning(to, &e->loc, "%s", e->msg);
	}
}

int
diag_has(const struct diag *d, enum diag_kind kind, const char *needle)
{
	size_t i;
	const struct diag_entry *e;

	for (i = 0; i < d->entries.len; i++) {
		e = d->entries.items[i];
		if (e->kind == kind && strstr(e->text, needle) != NULL)
			return 1;
	}
	return 0;
}

/*
 * lsout: the writer of a Livestatus answer body (lsout.h).  The query
 * runner calls it once per answer: begin, the rows, end.
 *
 * The four formats differ only in their punctuation and in how strings
 * look, so one set of functions writes them all and asks, at each piece
 * of punctuation, whether the answer is CSV (a byte from sep[]) or one of
 * the JSON formats (a fixed character).  rows counts the rows written to
 * the body's array, the header row included, so that the ",\n" between
 * JSON rows goes before every row but the first; cells counts the cells
 * of the current row for the separator between cells.
 *
 * JSON strings come out as pure ASCII: clients (Monitoring::Livestatus,
 * Thruk) decode the body with parsers that expect \u escapes, and a byte
 * that is not well-formed UTF-8 is written as the Latin-1 character of
 * the same value instead of being dropped, so no text vanishes silently.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsout.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compat/livestatus/lscol.h"
#include "engine/util/mbuf.h"

/*
 * The well-formed UTF-8 lead bytes (RFC 3629, table 3-7 of Unicode): the
 * allowed range of the second byte shuts out overlong forms (E0, F0),
 * UTF-16 surrogates (ED) and code points past U+10FFFF (F4).
 */
static const struct utf8_lead {
	unsigned char first, last; /* the lead bytes this entry covers */
	unsigned char len;         /* the sequence's length */
	unsigned char mask;        /* the lead byte's payload bits */
	unsigned char lo, hi;      /* the second byte's range */
} utf8_leads[] = {
	{ 0xc2, 0xdf, 2, 0x1f, 0x80, 0xbf },
	{ 0xe0, 0xe0, 3, 0x0f, 0xa0, 0xbf },
	{ 0xe1, 0xec, 3, 0x0f, 0x80, 0xbf },
	{ 0xed, 0xed, 3, 0x0f, 0x80, 0x9f },
	{ 0xee, 0xef, 3, 0x0f, 0x80, 0xbf },
	{ 0xf0, 0xf0, 4, 0x07, 0x90, 0xbf },
	{ 0xf1, 0xf3, 4, 0x07, 0x80, 0xbf },
	{ 0xf4, 0xf4, 4, 0x07, 0x80, 0x8f },
};

static int
is_json(const struct lso *o)
{
	return o->fmt != LSO_CSV;
}

/* punctuation: sep[k] in CSV, c in the JSON formats */
static void
put_punct(struct lso *o, int k, char c)
{
	if (is_json(o))
		mbuf_addc(o->b, c);
	else
		mbuf_addc(o->b, (char)o->sep[k]);
}

/* c in the JSON formats only (brackets, which CSV has none of) */
static void
put_json(struct lso *o, char c)
{
	if (is_json(o))
		mbuf_addc(o->b, c);
}

/* the table entry of lead byte c, or NULL when c cannot start a sequence */
static const struct utf8_lead *
utf8_lead_of(unsigned char c)
{
	size_t i;

	for (i = 0; i < sizeof(utf8_leads) / sizeof(utf8_leads[0]); i++)
		if (c >= utf8_leads[i].first && c <= utf8_leads[i].last)
			return &utf8_leads[i];
	return NULL;
}

/*
 * The length of the well-formed UTF-8 sequence at p, with its code point
 * in *cp, or 0 when p does not start one.  A string's NUL is never a
 * continuation byte, so a sequence cut short by the end is not read past.
 */
static size_t
utf8_seq(const unsigned char *p, unsigned *cp)
{
	const struct utf8_lead *l = utf8_lead_of(p[0]);
	size_t i;

	if (l == NULL)
		return 0;
	*cp = p[0] & l->mask;
	for (i = 1; i < l->len; i++) {
		unsigned char lo = i == 1 ? l->lo : 0x80;
		unsigned char hi = i == 1 ? l->hi : 0xbf;

		if (p[i] < lo || p[i] > hi)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3fu);
	}
	return l->len;
}

/* the escape of the character at p, which needs one; returns the bytes it used */
static size_t
json_escape(struct mbuf *b, const unsigned char *p)
{
	char pair[2] = { '\\', (char)*p };
	unsigned cp;
	size_t n;

	if (*p == '"' || *p == '\\') {
		mbuf_add(b, pair, 2);
		return 1;
	}
	/* a control character, or not UTF-8: the byte as Latin-1 */
	if (*p < 0x80 || (n = utf8_seq(p, &cp)) == 0) {
		mbuf_addf(b, "\\u%04x", (unsigned)*p);
		return 1;
	}
	if (cp > 0xffff) {
		cp -= 0x10000;
		mbuf_addf(b, "\\u%04x\\u%04x", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
	} else
		mbuf_addf(b, "\\u%04x", cp);
	return n;
}

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)

/* whether none of the 8 bytes in v needs an escape: each is printable ASCII other than '"'
 * and '\\' (the tests may flag a plain byte after one that is not, never miss one) */
static inline int
json_plain8(uint64_t v)
{
	uint64_t q = v ^ (ONES * '"'), bs = v ^ (ONES * '\\');
	uint64_t odd = v | ((v - ONES * 0x20) & ~v) | ((q - ONES) & ~q) | ((bs - ONES) & ~bs);

	return (odd & HIGHS) == 0;
}

/* s quoted and escaped (python: with the u prefix); NULL is the empty string */
static void
json_str(struct lso *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s != NULL ? s : "");
	const unsigned char *end = p + strlen((const char *)p), *run = p;

	if (o->fmt == LSO_PYTHON)
		mbuf_add(o->b, "u", 1);
	mbuf_reserve(o->b, (size_t)(end - p) + 2);
	mbuf_addc(o->b, '"');
	while (p < end) {
		uint64_t v;

		/* plain ASCII goes out in runs, looked at eight bytes at a time */
		if (end - p >= 8) {
			memcpy(&v, p, 8);
			if (json_plain8(v)) {
				p += 8;
				continue;
			}
		}
		if (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') {
			p++;
			continue;
		}
		mbuf_add(o->b, (const char *)run, (size_t)(p - run));
		p += json_escape(o->b, p);
		run = p;
	}
	mbuf_add(o->b, (const char *)run, (size_t)(p - run));
	mbuf_addc(o->b, '"');
}

/* a string value: raw bytes in CSV (NULL: nothing), quoted in JSON */
static void
put_str(struct lso *o, const char *s)
{
	if (is_json(o))
		json_str(o, s);
	else if (s != NULL)
		mbuf_adds(o->b, s);
}

static void
put_float(struct lso *o, double d)
{
	/* JSON has no nan or inf: a non-finite value is written as 0 (CSV keeps printf's text) */
	if (is_json(o) && !isfinite(d))
		d = 0.0;
	mbuf_addf(o->b, "%.10e", d);
}

/* whether s is an integer literal, which JSON may carry unquoted */
static int
is_int_text(const char *s)
{
	if (s == NULL)
		return 0;
	if (*s == '-')
		s++;
	if (*s == '\0')
		return 0;
	return strspn(s, "0123456789") == strlen(s);
}

static void
put_field(struct lso *o, const struct ls_field *f)
{
	if (f->is_str)
		put_str(o, f->s);
	else
		mbuf_addll(o->b, f->i + (f->is_time ? o->tzoff : 0));
}

/* a dict element (a timeperiod's exception): {"name":value,...,"last":[v,...]} in JSON,
 * name<sub>value<list>...last<sub>v<sub>... in CSV, as naemon-livestatus writes it */
static void
put_dict_elem(struct lso *o, const struct ls_elem *e)
{
	unsigned i, k = 2 * e->dict;

	put_json(o, '{');
	for (i = 0; i < k && i + 1 < e->nf; i += 2) {
		if (i > 0)
			put_punct(o, LSO_SEP_LIST, ',');
		put_field(o, &e->f[i]);
		put_punct(o, LSO_SEP_SUB, ':');
		put_field(o, &e->f[i + 1]);
	}
	if (k < e->nf) {
		put_punct(o, LSO_SEP_LIST, ',');
		put_field(o, &e->f[k]);
		put_punct(o, LSO_SEP_SUB, ':');
		put_json(o, '[');
		for (i = k + 1; i < e->nf; i++) {
			if (i > k + 1)
				put_punct(o, LSO_SEP_SUB, ',');
			put_field(o, &e->f[i]);
		}
		put_json(o, ']');
	}
	put_json(o, '}');
}

/* a list element: its key, or its tuple of fields joined by the sub-list separator */
static void
put_elem(struct lso *o, const struct ls_elem *e)
{
	unsigned i;

	if (e->dict > 0) {
		put_dict_elem(o, e);
		return;
	}
	if (e->f == NULL) {
		/* an id is bare in JSON, unless it is not a number: the body stays valid */
		if (is_json(o) && e->num && is_int_text(e->key))
			mbuf_adds(o->b, e->key);
		else
			put_str(o, e->key);
		return;
	}
	put_json(o, '[');
	for (i = 0; i < e->nf; i++) {
		if (i > 0)
			put_punct(o, LSO_SEP_SUB, ',');
		put_field(o, &e->f[i]);
	}
	put_json(o, ']');
}

static void
put_list(struct lso *o, const struct ls_cell *c)
{
	size_t i;

	put_json(o, '[');
	for (i = 0; i < c->n; i++) {
		if (i > 0)
			put_punct(o, c->subsep ? LSO_SEP_SUB : LSO_SEP_LIST, ',');
		put_elem(o, &c->e[i]);
	}
	put_json(o, ']');
}

/* entries NAME<sub>value (CSV) or "NAME":"value" (JSON); an entry without a field has "" */
static void
put_dict(struct lso *o, const struct ls_cell *c)
{
	size_t i;

	put_json(o, '{');
	for (i = 0; i < c->n; i++) {
		if (i > 0)
			put_punct(o, LSO_SEP_LIST, ',');
		put_str(o, c->e[i].key);
		put_punct(o, LSO_SEP_SUB, ':');
		if (c->e[i].nf > 0)
			put_field(o, &c->e[i].f[0]);
		else
			put_str(o, "");
	}
	put_json(o, '}');
}

/* the separator before a cell, except before a row's first */
static void
cell_sep(struct lso *o)
{
	if (o->cells++ > 0)
		put_punct(o, LSO_SEP_FIELD, ',');
}

void
lso_init(struct lso *o, struct mbuf *b)
{
	*o = (struct lso){
		.fmt = LSO_CSV,
		.sep = { '\n', ';', ',', '|' },
		.b = b,
	};
}

/* wrapped_json's opening: the names as a flat array, then the data array */
static void
wrapped_begin(struct lso *o, const char *const *names, size_t n)
{
	size_t i;

	if (names == NULL) {
		mbuf_adds(o->b, "{\"data\":[");
		return;
	}
	mbuf_adds(o->b, "{\"columns\":[");
	for (i = 0; i < n; i++) {
		if (i > 0)
			mbuf_add(o->b, ",", 1);
		json_str(o, names[i]);
	}
	mbuf_adds(o->b, "],\"data\":[");
}

void
lso_begin(struct lso *o, const char *const *names, size_t n)
{
	size_t i;

	o->rows = 0;
	o->cells = 0;
	if (o->fmt == LSO_WRAPPED) {
		wrapped_begin(o, names, n);
		return;
	}
	put_json(o, '[');
	if (names == NULL)
		return;
	lso_row_begin(o);
	for (i = 0; i < n; i++)
		lso_cell_str(o, names[i]);
	lso_row_end(o);
}

void
lso_row_begin(struct lso *o)
{
	if (is_json(o)) {
		if (o->rows > 0)
			mbuf_add(o->b, ",\n", 2);
		mbuf_addc(o->b, '[');
	}
	o->cells = 0;
}

void
lso_cell(struct lso *o, const struct ls_cell *c)
{
	cell_sep(o);
	switch (c->type) {
	case LS_INT:
		mbuf_addll(o->b, c->i);
		break;
	case LS_TIME:
		mbuf_addll(o->b, c->i + o->tzoff);
		break;
	case LS_FLOAT:
		put_float(o, c->d);
		break;
	case LS_STRING:
		put_str(o, c->s);
		break;
	case LS_LIST:
		put_list(o, c);
		break;
	case LS_DICT:
		put_dict(o, c);
		break;
	}
}

void
lso_cell_str(struct lso *o, const char *s)
{
	cell_sep(o);
	put_str(o, s);
}

void
lso_cell_int(struct lso *o, long long v)
{
	cell_sep(o);
	mbuf_addll(o->b, v);
}

void
lso_cell_float(struct lso *o, double v)
{
	cell_sep(o);
	put_float(o, v);
}

void
lso_row_end(struct lso *o)
{
	put_punct(o, LSO_SEP_ROW, ']');
	o->rows++;
	o->cells = 0;
}

void
lso_row_raw(struct lso *o, const char *text, size_t len)
{
	if (is_json(o) && o->rows > 0)
		mbuf_add(o->b, ",\n", 2);
	mbuf_add(o->b, text, len);
	o->rows++;
	o->cells = 0;
}

void
lso_end(struct lso *o, size_t total)
{
	switch (o->fmt) {
	case LSO_CSV:
		/* an empty body is still a string */
		mbuf_add(o->b, "", 0);
		break;
	case LSO_JSON:
	case LSO_PYTHON:
		mbuf_add(o->b, "]\n", 2);
		break;
	case LSO_WRAPPED:
		mbuf_addf(o->b, "],\"total_count\":%zu}\n", total);
		break;
	}
}

void
lso_fixed16(char out[17], int code, size_t len)
{
	/* 3 + 1 + 11 + 1 bytes for any code of 3 digits and a length below 10^11 */
	snprintf(out, 17, "%03d %11zu\n", code, len);
}

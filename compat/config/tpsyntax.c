/*
 * tpsyntax: timeperiod lines as Nagios 4.4.6 reads them.
 *
 * Nagios recognises a date exception by trying a fixed list of scanf
 * patterns, in order, on "<directive> <value>"; the first pattern that
 * converts all its items decides the line, even if its words turn out to
 * be wrong (then the line is an error, later patterns are not tried).
 * Whatever follows the time range list is ignored.  A plain weekday line
 * is simply the last pattern, so "monday 2 00:00-24:00" is an exception
 * and "monday 2 / 3 00:00-24:00" (no such form) a weekday line with bad
 * ranges.  We keep that cascade
 * as a table of small patterns run by tps_match, which reproduces the
 * glibc scanf rules those patterns rely on: %d skips white space, counts
 * its sign against the field width and stores a strtol result cut to int;
 * %[...] skips nothing and needs one character; a blank in the pattern
 * skips any white space, including none.
 *
 * Time ranges are split on ',' and ' ' (so "a, b" has an empty item and
 * fails), each item is "H:M-H:M" read with atoi, extra ":x" or "-x" parts
 * are ignored, and only the 0..86400 bounds are checked: "17:00-09:00" and
 * "09:75-10:00" (10:15) pass.  Order follows Nagios: exception ranges come
 * out reversed (Nagios prepends), weekday ranges sorted by start.  Nagios
 * checks ranges only when it registers a timeperiod; we check them at once.
 *
 * Called by the timeperiod builder in compat/config; no state, no output.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/tpsyntax.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

#define TPS_MAXINT 8
#define TPS_MAXWORD 4
#define TPS_DAYSECS 86400u

static const char *const tps_days[7] = {
	"sunday", "monday", "tuesday", "wednesday", "thursday", "friday",
	"saturday"
};

static const char *const tps_months[12] = {
	"january", "february", "march", "april", "may", "june", "july",
	"august", "september", "october", "november", "december"
};

/* what one scanned line yielded, in order of appearance */
struct tps_scan {
	int ints[TPS_MAXINT];
	int nint;
	const char *word[TPS_MAXWORD];
	size_t wlen[TPS_MAXWORD];
	int nword;
	const char *times;
	size_t tlen;
};

/*
 * Pattern letters: ' ' skips white space, 'Y' is an int of at most 4
 * characters, 'N' one of at most 2, 'I' one of any length, 'W' a run of
 * [a-z], 'B' a run of blanks or tabs (not counted as an item), 'T' the time
 * list (a run of digits, ':', ',', ' ', '-').  Anything else is literal.
 */
enum tps_form { TPS_CALENDAR, TPS_MONTH_WEEK_DAY, TPS_TWO_WORDS, TPS_ONE_WORD, TPS_PLAIN };

#define TPS_RANGE 0x1 /* an end date is written */
#define TPS_SKIP 0x2  /* a "/ N" skip interval is written */

struct tps_rule {
	const char *pat;
	enum tps_form form;
	unsigned flags;
};

/* Nagios's order; it matters: the first rule that matches fully decides */
static const struct tps_rule tps_rules[] = {
	{ "Y-N-N - Y-N-N / I T", TPS_CALENDAR, TPS_RANGE | TPS_SKIP },
	{ "Y-N-N / I T", TPS_CALENDAR, TPS_SKIP },
	{ "Y-N-N - Y-N-N T", TPS_CALENDAR, TPS_RANGE },
	{ "Y-N-N T", TPS_CALENDAR, 0 },
	{ "W I W - W I W / I T", TPS_MONTH_WEEK_DAY, TPS_RANGE | TPS_SKIP },
	{ "W I - W I / I T", TPS_TWO_WORDS, TPS_RANGE | TPS_SKIP },
	{ "W I - I / I T", TPS_ONE_WORD, TPS_RANGE | TPS_SKIP },
	{ "W I W - W I W T", TPS_MONTH_WEEK_DAY, TPS_RANGE },
	{ "W I - I T", TPS_ONE_WORD, TPS_RANGE },
	{ "W I - W I T", TPS_TWO_WORDS, TPS_RANGE },
	{ "W IBT", TPS_ONE_WORD, 0 },
	{ "W I W T", TPS_MONTH_WEEK_DAY, 0 },
	{ "W T", TPS_PLAIN, 0 },
};

static void __attribute__((format(printf, 3, 4)))
tps_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* character classes of the patterns; SPACE is the C locale's isspace */
#define TPS_SPACE " \t\n\v\f\r"
#define TPS_LOWER "abcdefghijklmnopqrstuvwxyz"
#define TPS_TIMECHARS "0123456789:, -"

static int
tps_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * An int as glibc stores a strtol result into an int: the magnitude
 * saturates at LONG_MAX (LONG_MIN when negative), then only the low 32 bits
 * are kept.  So "4294967297" is 1 and "99999999999999999999" is -1, as
 * Nagios has them.
 */
static int
tps_to_int(int neg, unsigned long long mag)
{
	unsigned long long limit = (unsigned long long)LONG_MAX + (neg ? 1 : 0);
	unsigned long long low;

	if (mag > limit)
		mag = limit;
	low = (neg ? 0 - mag : mag) & 0xffffffffULL;
	if (low > (unsigned long long)INT_MAX)
		return (int)((long long)low - 0x100000000LL);
	return (int)low;
}

/* accumulate one decimal digit, sticking at a value past any limit */
static unsigned long long
tps_add_digit(unsigned long long mag, char c)
{
	unsigned long long cap = (unsigned long long)LONG_MAX + 1;

	if (mag >= cap / 10 + 1)
		return cap + 1;
	mag = mag * 10 + (unsigned long long)(c - '0');
	return mag > cap ? cap + 1 : mag;
}

/* atoi of a run of digits (possibly empty, which gives 0) */
static int
tps_digits(const char *s, size_t n)
{
	unsigned long long mag = 0;
	size_t i;

	for (i = 0; i < n; i++)
		mag = tps_add_digit(mag, s[i]);
	return tps_to_int(0, mag);
}

/* scanf's %d with a field width (0 for none); -1 when nothing converts */
static int
tps_scan_int(const char **sp, int width, int *out)
{
	const char *s = *sp;
	int left = width > 0 ? width : INT_MAX;
	int neg = 0, ndig = 0;
	unsigned long long mag = 0;

	s += strspn(s, TPS_SPACE);
	if (*s == '+' || *s == '-') {
		neg = *s == '-';
		s++;
		left--;
	}
	while (left > 0 && tps_is_digit(*s)) {
		mag = tps_add_digit(mag, *s);
		s++;
		left--;
		ndig++;
	}
	if (ndig == 0)
		return -1;
	*out = tps_to_int(neg, mag);
	*sp = s;
	return 0;
}

/*
 * Run pattern pat over s as sscanf would; return the number of items
 * converted before the first failure (the whole count on success).
 */
static int
tps_match(const char *pat, const char *s, struct tps_scan *sc)
{
	int items = 0, width;
	size_t n;

	memset(sc, 0, sizeof(*sc));
	for (; *pat != '\0'; pat++) {
		switch (*pat) {
		case ' ':
			s += strspn(s, TPS_SPACE);
			break;
		case 'Y':
		case 'N':
		case 'I':
			width = *pat == 'Y' ? 4 : *pat == 'N' ? 2 : 0;
			if (sc->nint == TPS_MAXINT ||
			    tps_scan_int(&s, width, &sc->ints[sc->nint]) == -1)
				return items;
			sc->nint++;
			items++;
			break;
		case 'W':
			if (sc->nword == TPS_MAXWORD || (n = strspn(s, TPS_LOWER)) == 0)
				return items;
			sc->word[sc->nword] = s;
			sc->wlen[sc->nword++] = n;
			s += n;
			items++;
			break;
		case 'B':
			if ((n = strspn(s, " \t")) == 0)
				return items;
			s += n;
			break;
		case 'T':
			if ((n = strspn(s, TPS_TIMECHARS)) == 0)
				return items;
			sc->times = s;
			sc->tlen = n;
			s += n;
			items++;
			break;
		default:
			if (*s != *pat)
				return items;
			s++;
			break;
		}
	}
	return items;
}

/* items a pattern converts when it matches fully */
static int
tps_pattern_items(const char *pat)
{
	int n = 0;

	for (; *pat != '\0'; pat++)
		if (strchr("YNIWT", *pat) != NULL)
			n++;
	return n;
}

/* index of the word (s, n) in names, or -1 */
static int
tps_lookup(const char *const *names, int count, const char *s, size_t n)
{
	int i;

	for (i = 0; i < count; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	return -1;
}

static int
tps_word_weekday(const struct tps_scan *sc, int i)
{
	return tps_lookup(tps_days, 7, sc->word[i], sc->wlen[i]);
}

static int
tps_word_month(const struct tps_scan *sc, int i)
{
	return tps_lookup(tps_months, 12, sc->word[i], sc->wlen[i]);
}

static int
tps_word_is_day(const struct tps_scan *sc, int i)
{
	return sc->wlen[i] == 3 && memcmp(sc->word[i], "day", 3) == 0;
}

static void
tps_build_calendar(const struct tps_scan *sc, unsigned flags, struct obj_daterange *dr)
{
	const int *v = sc->ints;
	const int *e = (flags & TPS_RANGE) ? v + 3 : v;

	dr->type = OBJ_DR_CALENDAR_DATE;
	dr->syear = v[0];
	dr->smon = v[1] - 1;
	dr->smday = v[2];
	dr->eyear = e[0];
	dr->emon = e[1] - 1;
	dr->emday = e[2];
	if (flags & TPS_SKIP)
		dr->skip_interval = v[(flags & TPS_RANGE) ? 6 : 3];
}

/* "monday 1 september [- friday 2 may]": all words must be right */
static int
tps_build_month_week_day(const struct tps_scan *sc, unsigned flags, struct obj_daterange *dr)
{
	int sw = tps_word_weekday(sc, 0), sm = tps_word_month(sc, 1);
	int ew = sw, em = sm, eoff = sc->ints[0];

	if (flags & TPS_RANGE) {
		ew = tps_word_weekday(sc, 2);
		em = tps_word_month(sc, 3);
		eoff = sc->ints[1];
	}
	if (sw < 0 || sm < 0 || ew < 0 || em < 0)
		return -1;
	dr->type = OBJ_DR_MONTH_WEEK_DAY;
	dr->swday = sw;
	dr->smon = sm;
	dr->swday_offset = sc->ints[0];
	dr->ewday = ew;
	dr->emon = em;
	dr->ewday_offset = eoff;
	if (flags & TPS_SKIP)
		dr->skip_interval = sc->ints[2];
	return 0;
}

/* "<w> A - <w> B": both weekdays, else both months, else both "day" */
static int
tps_build_two_words(const struct tps_scan *sc, unsigned flags, struct obj_daterange *dr)
{
	int a, b;

	if ((a = tps_word_weekday(sc, 0)) >= 0 && (b = tps_word_weekday(sc, 1)) >= 0) {
		dr->type = OBJ_DR_WEEK_DAY;
		dr->swday = a;
		dr->swday_offset = sc->ints[0];
		dr->ewday = b;
		dr->ewday_offset = sc->ints[1];
	} else if ((a = tps_word_month(sc, 0)) >= 0 && (b = tps_word_month(sc, 1)) >= 0) {
		dr->type = OBJ_DR_MONTH_DATE;
		dr->smon = a;
		dr->smday = sc->ints[0];
		dr->emon = b;
		dr->emday = sc->ints[1];
	} else if (tps_word_is_day(sc, 0) && tps_word_is_day(sc, 1)) {
		dr->type = OBJ_DR_MONTH_DAY;
		dr->smday = sc->ints[0];
		dr->emday = sc->ints[1];
	} else
		return -1;
	if (flags & TPS_SKIP)
		dr->skip_interval = sc->ints[2];
	return 0;
}

/* "<w> A [- B]": the end keeps the start's weekday or month */
static int
tps_build_one_word(const struct tps_scan *sc, unsigned flags, struct obj_daterange *dr)
{
	int start = sc->ints[0];
	int end = (flags & TPS_RANGE) ? sc->ints[1] : start;
	int w;

	if ((w = tps_word_weekday(sc, 0)) >= 0) {
		dr->type = OBJ_DR_WEEK_DAY;
		dr->swday = dr->ewday = w;
		dr->swday_offset = start;
		dr->ewday_offset = end;
	} else if ((w = tps_word_month(sc, 0)) >= 0) {
		dr->type = OBJ_DR_MONTH_DATE;
		dr->smon = dr->emon = w;
		dr->smday = start;
		dr->emday = end;
	} else if (tps_word_is_day(sc, 0)) {
		dr->type = OBJ_DR_MONTH_DAY;
		dr->smday = start;
		dr->emday = end;
	} else
		return -1;
	if (flags & TPS_SKIP)
		dr->skip_interval = sc->ints[2];
	return 0;
}

/* seconds as Nagios reports a bad one: its int result widened to unsigned long */
static unsigned long long
tps_reported(uint32_t v)
{
	return v > (uint32_t)INT_MAX ? 0xffffffff00000000ULL | v : v;
}

/*
 * One "H:M" part of an item, s[0..n): hours before the first ':', minutes
 * up to the next ':'.  Nagios computes minutes * 60 + hours * 3600 in int,
 * which wraps; we wrap the same way in 32 bits.  -1 without a ':'.
 */
static int
tps_clock(const char *s, size_t n, uint32_t *secs)
{
	const char *colon = memchr(s, ':', n);
	const char *m, *mend;

	if (colon == NULL)
		return -1;
	m = colon + 1;
	mend = memchr(m, ':', (size_t)(s + n - m));
	if (mend == NULL)
		mend = s + n;
	*secs = (uint32_t)tps_digits(m, (size_t)(mend - m)) * 60u +
	    (uint32_t)tps_digits(s, (size_t)(colon - s)) * 3600u;
	return 0;
}

/* one item "H:M-H:M" of s[0..n); anything after a second '-' is ignored */
static int
tps_item(const char *s, size_t n, uint32_t *start, uint32_t *end)
{
	const char *dash = memchr(s, '-', n);
	const char *e, *eend;

	if (dash == NULL || tps_clock(s, (size_t)(dash - s), start) == -1)
		return -1;
	e = dash + 1;
	eend = memchr(e, '-', (size_t)(s + n - e));
	if (eend == NULL)
		eend = s + n;
	return tps_clock(e, (size_t)(eend - e), end);
}

/*
 * Nagios's complaint about a time past 24:00, the start checked first;
 * "not value" for the end is its typo, kept.
 */
static void
tps_bound_err(uint32_t start, uint32_t end, int day, char *err, size_t errlen)
{
	const char *what = start > TPS_DAYSECS ? "Start" : "End";
	const char *verdict = start > TPS_DAYSECS ? "valid" : "value";
	unsigned long long v = tps_reported(start > TPS_DAYSECS ? start : end);

	if (day >= 0)
		tps_err(err, errlen, "%s time %llu on day %d is not %s for timeperiod", what, v,
		    day, verdict);
	else
		tps_err(err, errlen, "%s time %llu is not %s for timeperiod", what, v, verdict);
}

/*
 * The time list s[0..n) into a list in a, in written order.  Items are
 * taken in order, as Nagios does, so the first bad one is reported, in
 * Nagios's words: those for a weekday line name the day (day >= 0).  On
 * failure *out is NULL; what was allocated stays in the arena.
 */
static int
tps_times(struct arena *a, const char *s, size_t n, int day, struct obj_timerange **out,
    char *err, size_t errlen)
{
	struct obj_timerange **tail = out, *tr;
	size_t i = 0, len;
	uint32_t start, end;
	int num = 0;

	*out = NULL;
	for (;;) {
		len = 0;
		while (i + len < n && s[i + len] != ',' && s[i + len] != ' ')
			len++;
		num++;
		if (tps_item(s + i, len, &start, &end) == -1) {
			if (day >= 0)
				tps_err(err, errlen, "Could not parse timerange #%d for day %d of "
				    "timeperiod", num, day);
			else
				tps_err(err, errlen, "Could not parse timerange #%d of timeperiod", num);
			*out = NULL;
			return -1;
		}
		if (start > TPS_DAYSECS || end > TPS_DAYSECS) {
			tps_bound_err(start, end, day, err, errlen);
			*out = NULL;
			return -1;
		}
		tr = arena_zalloc(a, sizeof(*tr));
		tr->start = start;
		tr->end = end;
		*tail = tr;
		tail = &tr->next;
		if (i + len >= n)
			return 0;
		i += len + 1;
	}
}

/* Nagios prepends each exception range, so they end up reversed */
static struct obj_timerange *
tps_reverse(struct obj_timerange *list)
{
	struct obj_timerange *out = NULL, *tr;

	while (list != NULL) {
		tr = list;
		list = list->next;
		tr->next = out;
		out = tr;
	}
	return out;
}

/* stable insertion sort by start, the order Nagios keeps weekday ranges in */
static struct obj_timerange *
tps_sort(struct obj_timerange *list)
{
	struct obj_timerange *sorted = NULL, **pp, *tr;

	while (list != NULL) {
		tr = list;
		list = list->next;
		for (pp = &sorted; *pp != NULL && (*pp)->start <= tr->start; pp = &(*pp)->next)
			;
		tr->next = *pp;
		*pp = tr;
	}
	return sorted;
}

int
tpsyntax_parse_ranges(struct arena *a, const char *s, struct obj_timerange **out,
    char *err, size_t errlen)
{
	size_t n;

	*out = NULL;
	s += strspn(s, TPS_SPACE);
	if ((n = strspn(s, TPS_TIMECHARS)) == 0) {
		tps_err(err, errlen, "No time ranges in '%s'", s);
		return -1;
	}
	if (tps_times(a, s, n, -1, out, err, errlen) == -1)
		return -1;
	*out = tps_sort(*out);
	return 0;
}

#define TPS_STRIP " \t\n\r" /* what Nagios's strip() removes */

/*
 * "<directive> <value>" as Nagios rebuilds it: the line stripped, split at
 * the first blank or tab, the value stripped again, one space between.
 * Returns a heap string.
 */
static char *
tps_rejoin(const char *line)
{
	const char *end, *v;
	size_t vlen, dlen;
	char *buf;

	line += strspn(line, TPS_STRIP);
	end = line + strlen(line);
	while (end > line && strchr(TPS_STRIP, end[-1]) != NULL)
		end--;
	dlen = strcspn(line, " \t");
	if (dlen > (size_t)(end - line))
		dlen = (size_t)(end - line);
	for (v = line + dlen; v < end && strchr(TPS_STRIP, *v) != NULL; v++)
		;
	vlen = (size_t)(end - v);
	buf = xmalloc(dlen + vlen + 2);
	memcpy(buf, line, dlen);
	buf[dlen] = ' ';
	memcpy(buf + dlen + 1, v, vlen);
	buf[dlen + 1 + vlen] = '\0';
	return buf;
}

/* the first rule that converts all its items on input, or NULL */
static const struct tps_rule *
tps_classify(const char *input, struct tps_scan *sc)
{
	size_t i;

	for (i = 0; i < sizeof(tps_rules) / sizeof(tps_rules[0]); i++)
		if (tps_match(tps_rules[i].pat, input, sc) == tps_pattern_items(tps_rules[i].pat))
			return &tps_rules[i];
	return NULL;
}

/* the weekday of a plain weekday line, -1 for anything else */
static int
tps_plain_day(const struct tps_rule *r, const struct tps_scan *sc)
{
	return r != NULL && r->form == TPS_PLAIN ? tps_word_weekday(sc, 0) : -1;
}

/* the form chosen by the rule that matched; -1 when its words are wrong */
static int
tps_build(const struct tps_rule *r, const struct tps_scan *sc, struct obj_daterange *dr)
{
	switch (r->form) {
	case TPS_CALENDAR:
		tps_build_calendar(sc, r->flags, dr);
		return 0;
	case TPS_MONTH_WEEK_DAY:
		return tps_build_month_week_day(sc, r->flags, dr);
	case TPS_TWO_WORDS:
		return tps_build_two_words(sc, r->flags, dr);
	case TPS_ONE_WORD:
		return tps_build_one_word(sc, r->flags, dr);
	case TPS_PLAIN:
		break;
	}
	return -1;
}

int
tpsyntax_parse_exception(struct arena *a, const char *line, struct obj_daterange *dr,
    char *err, size_t errlen)
{
	char *input = tps_rejoin(line);
	const struct tps_rule *r;
	struct tps_scan sc;
	int rc = -1;

	memset(dr, 0, sizeof(*dr));
	r = tps_classify(input, &sc);
	if (tps_plain_day(r, &sc) >= 0)
		tps_err(err, errlen, "'%s' is a weekday line, not a date exception", input);
	else if (r == NULL || tps_build(r, &sc, dr) == -1)
		tps_err(err, errlen, "Could not parse timeperiod directive '%s'", input);
	else if ((rc = tps_times(a, sc.times, sc.tlen, -1, &dr->times, err, errlen)) == 0)
		dr->times = tps_reverse(dr->times);
	free(input);
	if (rc == -1)
		memset(dr, 0, sizeof(*dr));
	return rc;
}

int
tpsyntax_is_weekday_line(const char *line)
{
	char *input = tps_rejoin(line);
	struct tps_scan sc;
	int day = tps_plain_day(tps_classify(input, &sc), &sc);

	free(input);
	return day >= 0;
}

int
tpsyntax_parse_weekday_line(struct arena *a, const char *line, struct obj_timerange **out,
    char *err, size_t errlen)
{
	char *input = tps_rejoin(line);
	struct tps_scan sc;
	int day = tps_plain_day(tps_classify(input, &sc), &sc);

	*out = NULL;
	if (day < 0)
		tps_err(err, errlen, "'%s' is not a weekday line", input);
	else if (tps_times(a, sc.times, sc.tlen, day, out, err, errlen) == -1)
		day = -1;
	else
		*out = tps_sort(*out);
	free(input);
	return day;
}

int
tpsyntax_weekday(const char *s)
{
	return tps_lookup(tps_days, 7, s, strlen(s));
}

/* appends to a fixed buffer, keeping it NUL-terminated and stopping when full */
struct tps_out {
	char *buf;
	size_t len;
	size_t off;
};

static void __attribute__((format(printf, 2, 3)))
tps_put(struct tps_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->off + 1 >= o->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->off, o->len - o->off, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	o->off += (size_t)n;
	if (o->off >= o->len)
		o->off = o->len - 1;
}

static struct tps_out
tps_out_start(char *buf, size_t len)
{
	struct tps_out o = { buf, len, 0 };

	if (len > 0)
		buf[0] = '\0';
	return o;
}

char *
tpsyntax_format_ranges(const struct obj_timerange *r, char *buf, size_t len)
{
	struct tps_out o = tps_out_start(buf, len);

	for (; r != NULL; r = r->next)
		tps_put(&o, "%02u:%02u-%02u:%02u%s", (unsigned)(r->start / 3600),
		    (unsigned)(r->start / 60 % 60), (unsigned)(r->end / 3600),
		    (unsigned)(r->end / 60 % 60), r->next != NULL ? "," : "");
	return buf;
}

static const char *
tps_day_name(int d)
{
	return d >= 0 && d < 7 ? tps_days[d] : "?";
}

static const char *
tps_month_name(int m)
{
	return m >= 0 && m < 12 ? tps_months[m] : "?";
}

/*
 * The date part as fcache_timeperiod writes it.  The end is written only
 * when it differs from the start.  Calendar dates write "/ N" whenever
 * N > 1, even for a single date; the other kinds only after an end date,
 * so "day 3 - 3 / 2" comes back as "day 3".
 */
char *
tpsyntax_format_exception(const struct obj_daterange *dr, char *buf, size_t len)
{
	struct tps_out o = tps_out_start(buf, len);
	int show_skip = 0;

	switch (dr->type) {
	case OBJ_DR_CALENDAR_DATE:
		tps_put(&o, "%d-%02d-%02d", dr->syear, dr->smon + 1, dr->smday);
		if (dr->syear != dr->eyear || dr->smon != dr->emon || dr->smday != dr->emday)
			tps_put(&o, " - %d-%02d-%02d", dr->eyear, dr->emon + 1, dr->emday);
		show_skip = 1;
		break;
	case OBJ_DR_MONTH_DATE:
		tps_put(&o, "%s %d", tps_month_name(dr->smon), dr->smday);
		if ((show_skip = dr->smon != dr->emon || dr->smday != dr->emday))
			tps_put(&o, " - %s %d", tps_month_name(dr->emon), dr->emday);
		break;
	case OBJ_DR_MONTH_DAY:
		tps_put(&o, "day %d", dr->smday);
		if ((show_skip = dr->smday != dr->emday))
			tps_put(&o, " - %d", dr->emday);
		break;
	case OBJ_DR_MONTH_WEEK_DAY:
		tps_put(&o, "%s %d %s", tps_day_name(dr->swday), dr->swday_offset,
		    tps_month_name(dr->smon));
		if ((show_skip = dr->smon != dr->emon || dr->swday != dr->ewday ||
		    dr->swday_offset != dr->ewday_offset))
			tps_put(&o, " - %s %d %s", tps_day_name(dr->ewday), dr->ewday_offset,
			    tps_month_name(dr->emon));
		break;
	case OBJ_DR_WEEK_DAY:
		tps_put(&o, "%s %d", tps_day_name(dr->swday), dr->swday_offset);
		if ((show_skip = dr->swday != dr->ewday || dr->swday_offset != dr->ewday_offset))
			tps_put(&o, " - %s %d", tps_day_name(dr->ewday), dr->ewday_offset);
		break;
	default:
		break;
	}
	if (show_skip && dr->skip_interval > 1)
		tps_put(&o, " / %d", dr->skip_interval);
	return buf;
}

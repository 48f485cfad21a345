/*
 * thresholds: see thresholds.h.  Each function mirrors one habit of the
 * monitoring-plugins 2.3.3 helpers closely enough that a shim built on it
 * accepts exactly the arguments the plugin accepts and prints exactly what
 * it prints; where the plugin's behaviour is undefined (a lone trailing
 * backslash) we report failure so the caller can leave the line to the
 * real plugin.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "plugins-shim/thresholds.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"

const char *
thresholds_state_text(int state)
{
	switch (state) {
	case THRESHOLDS_OK:
		return "OK";
	case THRESHOLDS_WARNING:
		return "WARNING";
	case THRESHOLDS_CRITICAL:
		return "CRITICAL";
	default:
		return "UNKNOWN";
	}
}

int
thresholds_state_word(const char *s, int *state)
{
	/* prefixes, not words: the plugin compares only these leading bytes */
	if (strncmp(s, "ok", 2) == 0)
		*state = THRESHOLDS_OK;
	else if (strncmp(s, "warn", 4) == 0)
		*state = THRESHOLDS_WARNING;
	else if (strncmp(s, "crit", 4) == 0)
		*state = THRESHOLDS_CRITICAL;
	else
		return -1;
	return 0;
}

int
thresholds_intpos(const char *s, long *out)
{
	long n;

	/*
	 * The plugin's test is lax in its own way: blanks and minus signs
	 * anywhere pass the character check, and the value is whatever
	 * strtol reads from the front ("5 7" is 5, "--5" is 0).
	 */
	if (strspn(s, "-0123456789 ") != strlen(s))
		return 0;
	errno = 0;
	n = strtol(s, NULL, 10);
	if (errno == ERANGE || n < INT_MIN || n > INT_MAX || n <= 0)
		return 0;
	*out = n;
	return 1;
}

char *
thresholds_unescape(const char *s)
{
	size_t n = strlen(s), i, j = 0;
	char *d = xmalloc(n + 1);

	for (i = 0; i < n; i++) {
		if (s[i] != '\\') {
			d[j++] = s[i];
			continue;
		}
		if (++i == n) {
			free(d);
			return NULL;
		}
		switch (s[i]) {
		case 'n':
			d[j++] = '\n';
			break;
		case 'r':
			d[j++] = '\r';
			break;
		case 't':
			d[j++] = '\t';
			break;
		default:
			/* "\\" and any unknown escape keep the second character */
			d[j++] = s[i];
			break;
		}
	}
	d[j] = '\0';
	return d;
}

/* microseconds below which v's distance to us/1e6 is far under 0.5e-6 */
#define FIXED_US_MAX 1000000000000000LL

void
thresholds_fixed(struct mbuf *b, double v, int decimals)
{
	static const long long unit[] = { 1000000, 100000, 10000, 1000, 100, 10, 1 };
	char digits[32], *p;
	long long us, q, r, u, half;
	int i;

	if (decimals < 0 || decimals > 6 || !(v >= 0.0) || signbit(v) || v * 1e6 >= FIXED_US_MAX)
		goto by_printf;
	us = llround(v * 1e6);
	/* v must be exactly what us / 1e6 rounds to: then printf's rounding
	 * of v to 6 decimals is us itself (v lies within 1e-16 of it
	 * relatively, nowhere near a half) */
	if ((double)us / 1e6 != v)
		goto by_printf;
	u = unit[decimals];
	q = us / u;
	r = us % u;
	half = u / 2;
	if (u > 1 && r >= half) {
		if (r > half) {
			q++;
		} else {
			/* a tie in decimal: printf rounds v's exact binary value,
			 * which lies above or below us / 1e6 (fma gives the sign of
			 * v * 1e6 - us exactly); on the tie itself, to even */
			double d = fma(v, 1e6, -(double)us);

			if (d > 0 || (d == 0 && (q & 1)))
				q++;
		}
	}
	/* q in units of 10^-decimals: the integer part, then the decimals */
	p = digits + sizeof(digits);
	for (i = 0; i < decimals; i++) {
		*--p = (char)('0' + q % 10);
		q /= 10;
	}
	if (decimals > 0)
		*--p = '.';
	do {
		*--p = (char)('0' + q % 10);
		q /= 10;
	} while (q > 0);
	mbuf_add(b, p, (size_t)(digits + sizeof(digits) - p));
	return;
by_printf:
	mbuf_addf(b, "%.*f", decimals, v);
}

char *
thresholds_fperfdata(const struct thresholds_perf *p)
{
	struct mbuf b = { 0 };

	if (strpbrk(p->label, "'= ") != NULL) {
		mbuf_adds(&b, "'");
		mbuf_adds(&b, p->label);
		mbuf_adds(&b, "'=");
	} else {
		mbuf_adds(&b, p->label);
		mbuf_adds(&b, "=");
	}
	thresholds_fixed(&b, p->value, 6);
	mbuf_adds(&b, p->uom);
	mbuf_adds(&b, ";");
	if (p->has_warn)
		thresholds_fixed(&b, p->warn, 6);
	mbuf_adds(&b, ";");
	if (p->has_crit)
		thresholds_fixed(&b, p->crit, 6);
	mbuf_adds(&b, ";");
	if (p->has_min)
		thresholds_fixed(&b, p->min, 6);
	/* max brings its own separator: without it the figure ends at min */
	if (p->has_max) {
		mbuf_adds(&b, ";");
		thresholds_fixed(&b, p->max, 6);
	}
	return b.p;
}

void
thresholds_getopt_init(struct thresholds_getopt *g, int argc,
    const char *const argv[], int first)
{
	g->argc = argc;
	g->argv = argv;
	g->ind = first;
	g->next = NULL;
	g->arg = NULL;
}

/* "--name[=value]" at g->argv[g->ind - 1]; word points past the dashes */
static int
getopt_long_word(struct thresholds_getopt *g, const char *word,
    const struct thresholds_longopt *longopts)
{
	const struct thresholds_longopt *o, *found = NULL;
	const char *eq = strchr(word, '=');
	size_t namelen = eq != NULL ? (size_t)(eq - word) : strlen(word);
	int ambiguous = 0;

	for (o = longopts; o->name != NULL; o++) {
		if (strncmp(o->name, word, namelen) != 0)
			continue;
		if (strlen(o->name) == namelen) {
			found = o;
			ambiguous = 0;
			break;
		}
		/* glibc forgives two prefixes only when they mean the same */
		if (found == NULL)
			found = o;
		else if (found->has_arg != o->has_arg || found->val != o->val)
			ambiguous = 1;
	}
	if (found == NULL || ambiguous)
		return '?';
	if (found->has_arg == THRESHOLDS_NO_ARG) {
		if (eq != NULL)
			return '?';
		g->arg = NULL;
		return found->val;
	}
	if (eq != NULL)
		g->arg = eq + 1;
	else if (g->ind < g->argc)
		g->arg = g->argv[g->ind++];
	else
		return '?';
	return found->val;
}

/* the next character of a cluster of short options */
static int
getopt_short(struct thresholds_getopt *g, const char *shortopts)
{
	char c = *g->next++;
	const char *spec;

	/* a leading '+' or '-' of the option string is a mode, not an option */
	while (*shortopts == '+' || *shortopts == '-')
		shortopts++;
	spec = c == ':' ? NULL : strchr(shortopts, c);
	if (spec == NULL) {
		g->next = NULL;
		return '?';
	}
	if (spec[1] != ':') {
		g->arg = NULL;
		if (*g->next == '\0')
			g->next = NULL;
		return (unsigned char)c;
	}
	if (*g->next != '\0')
		g->arg = g->next;
	else if (g->ind < g->argc)
		g->arg = g->argv[g->ind++];
	else {
		g->next = NULL;
		return '?';
	}
	g->next = NULL;
	return (unsigned char)c;
}

int
thresholds_getopt_next(struct thresholds_getopt *g, const char *shortopts,
    const struct thresholds_longopt *longopts)
{
	const char *w;

	g->arg = NULL;
	if (g->next != NULL && *g->next != '\0')
		return getopt_short(g, shortopts);
	g->next = NULL;
	if (g->ind >= g->argc)
		return -1;
	w = g->argv[g->ind];
	/* "+" mode: the first word that is not an option ends them all */
	if (w[0] != '-' || w[1] == '\0')
		return -1;
	g->ind++;
	if (w[1] == '-') {
		if (w[2] == '\0')
			return -1;
		return getopt_long_word(g, w + 2, longopts);
	}
	g->next = w + 1;
	return getopt_short(g, shortopts);
}

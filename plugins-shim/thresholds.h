/*
 * thresholds: the conventions of monitoring-plugins 2.3.3 that a shim must
 * reproduce to the byte: how its plugins scan their arguments (glibc's
 * getopt_long in "+" mode, abbreviations included), how they judge a
 * number ("is_intpos"), read a state word ("ok", "warn", "crit"), undo
 * backslash escapes, name a state, and print a performance figure
 * (fperfdata).  Pure functions, no I/O; the shims call them while parsing
 * a command line and while writing a result.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_THRESHOLDS_H
#define JAQUE_THRESHOLDS_H

#include <stddef.h>

#include "engine/util/mbuf.h"

/* the plugin exit codes, as monitoring-plugins names them */
enum thresholds_state {
	THRESHOLDS_OK = 0,
	THRESHOLDS_WARNING = 1,
	THRESHOLDS_CRITICAL = 2,
	THRESHOLDS_UNKNOWN = 3,
};

/* "OK", "WARNING", "CRITICAL"; anything else is "UNKNOWN" */
const char *thresholds_state_text(int state);

/*
 * A state word as check_tcp's -r and -M read it: a word starting with
 * "ok", "warn" or "crit" (so "warning" and "critical" too).  Returns 0 and
 * sets *state, or -1 when the plugin would refuse the word.
 */
int thresholds_state_word(const char *s, int *state);

/*
 * The plugins' is_intpos: only digits, '-' and blanks, a value that fits
 * an int, and greater than 0.  Returns 1 and sets *out (the value atoi
 * would give), or 0.
 */
int thresholds_intpos(const char *s, long *out);

/*
 * The plugins' backslash unescaping (-E): \n, \r, \t and \\ become the
 * character, a backslash before anything else is dropped.  Returns a heap
 * string, or NULL when s ends in a lone backslash (the plugin then reads
 * past its buffer, so no output can be promised).
 */
char *thresholds_unescape(const char *s);

/* one performance figure, printed as fperfdata does ("%f" numbers) */
struct thresholds_perf {
	const char *label;
	const char *uom;
	double value;
	double warn, crit, min, max;
	int has_warn, has_crit, has_min, has_max;
};

/* "label=value<uom>;warn;crit;min;max" as fperfdata builds it; heap */
char *thresholds_fperfdata(const struct thresholds_perf *p);

/*
 * Add to b what printf's "%.*f" prints for v with 0 to 6 decimals.  A v
 * that is a whole number of microseconds as a division by 1e6 gives it (a
 * response time, a timeout, a threshold such as 0.5) is written from that
 * integer without printf, to the same bytes; any other v goes through
 * printf.
 */
void thresholds_fixed(struct mbuf *b, double v, int decimals);

/*
 * Argument scanning the way the plugins' getopt_long with a "+" option
 * string does it: options end at the first word that is not one, or after
 * "--"; short options cluster ("-4j") and take their argument from the
 * rest of the word or the next word; long options may be abbreviated to a
 * unique prefix and take "=value" or the next word.
 */
enum thresholds_arg { THRESHOLDS_NO_ARG, THRESHOLDS_REQUIRED_ARG };

struct thresholds_longopt {
	const char *name;
	enum thresholds_arg has_arg;
	int val;
};

struct thresholds_getopt {
	int argc;
	const char *const *argv;
	int ind;          /* next word to scan, getopt's optind */
	const char *next; /* rest of a cluster of short options, or NULL */
	const char *arg;  /* the argument of the option just returned */
};

/* start scanning argv at word first (1 for a whole command line) */
void thresholds_getopt_init(struct thresholds_getopt *g, int argc,
    const char *const argv[], int first);
/*
 * The next option: its val (the short option's character), -1 when the
 * options end (g->ind is then the first word left), or '?' when getopt
 * would complain (unknown or ambiguous option, missing or unexpected
 * argument).  longopts ends with a NULL name.
 */
int thresholds_getopt_next(struct thresholds_getopt *g, const char *shortopts,
    const struct thresholds_longopt *longopts);

#endif

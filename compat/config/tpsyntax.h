/*
 * tpsyntax: the text forms of timeperiod definitions.
 *
 * Parses time range lists ("00:00-09:00,17:00-24:00") and the date
 * exception lines Nagios 4.4.6 accepts in a timeperiod (calendar dates,
 * month dates, month days, weekday-of-month forms, each optionally a range,
 * with "/ N" skip intervals), and formats them back the way Nagios writes
 * them into objects.cache.  Pure functions: no global state.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TPSYNTAX_H
#define JAQUE_TPSYNTAX_H

#include <stddef.h>

#include "engine/objects/objects.h"

struct arena;

/*
 * Parse a comma-separated list of HH:MM-HH:MM ranges into a list allocated
 * in a.  Returns 0 and sets *out (NULL for an empty list is not allowed:
 * returns -1) or -1 with a message in err.  As in Nagios, only the leading
 * run of [0-9:, -] counts and the list comes back sorted by start.
 */
int tpsyntax_parse_ranges(struct arena *a, const char *s, struct obj_timerange **out,
    char *err, size_t errlen);

/*
 * Parse a whole timeperiod line that is not a plain weekday and not one of
 * timeperiod_name/alias/exclude/name/use/register, e.g.
 * "december 25 - january 1 / 2  00:00-24:00".  On success fills *dr
 * (times allocated in a, in Nagios's reversed order; dr->next NULL) and
 * returns 0; -1 and err (*dr zeroed) on a line Nagios would reject as an
 * invalid timeperiod directive or whose ranges it would refuse, and on a
 * plain weekday line (see tpsyntax_is_weekday_line).
 */
int tpsyntax_parse_exception(struct arena *a, const char *line, struct obj_daterange *dr,
    char *err, size_t errlen);

/*
 * 1 when Nagios reads line as a plain weekday line ("monday 09:00-17:00"):
 * a weekday word then time ranges, with no date exception form matching
 * first ("monday 2 00:00-24:00" is an exception).  Route such a line to
 * tpsyntax_parse_weekday_line and every other one to
 * tpsyntax_parse_exception; the directive name alone cannot tell them apart.
 */
int tpsyntax_is_weekday_line(const char *line);

/*
 * Parse a plain weekday line.  Returns the weekday 0..6 and sets *out to
 * its ranges in a, sorted by start as Nagios keeps them; -1 and err (with
 * *out NULL) when the line is not a weekday line or a range is bad.
 */
int tpsyntax_parse_weekday_line(struct arena *a, const char *line, struct obj_timerange **out,
    char *err, size_t errlen);

/* 0..6 for "sunday".."saturday" (exact, lower case), else -1 */
int tpsyntax_weekday(const char *s);

/*
 * Format for objects.cache: the range list ("09:00-17:00,18:00-20:00") and
 * the date part of an exception as fcache does ("2024-12-25 - 2025-01-02 / 3").
 * Write into buf (NUL-terminated, truncated to len); return buf.
 */
char *tpsyntax_format_ranges(const struct obj_timerange *r, char *buf, size_t len);
char *tpsyntax_format_exception(const struct obj_daterange *dr, char *buf, size_t len);

#endif

/*
 * strutil: the small string operations the configuration readers share:
 * trimming in place, splitting comma lists, and strict number parsing that
 * reports failure instead of returning 0 the way atoi does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STRUTIL_H
#define JAQUE_STRUTIL_H

#include <stddef.h>

/* strip leading and trailing blanks (space, tab, CR, LF) in place; returns s moved past leading blanks */
char *str_trim(char *s);
/*
 * Next comma-separated token of *cursor, trimmed, or NULL at the end.
 * Advances *cursor; writes NULs into the string.  Empty tokens are returned
 * as "" so callers can decide whether they matter.
 */
char *str_next_token(char **cursor, char sep);
/* 0 on success; the whole (trimmed) string must be a number in range */
int str_to_long(const char *s, long min, long max, long *out);
int str_to_double(const char *s, double *out);
/* Nagios's lenient readers: leading number, rest ignored, 0 when none */
long str_atol_lenient(const char *s);
double str_atof_lenient(const char *s);
/* 1 when s ends with suffix */
int str_has_suffix(const char *s, const char *suffix);
/* join a directory and a relative path; absolute paths are copied. Heap string. */
char *str_path_join(const char *dir, const char *path);

#endif

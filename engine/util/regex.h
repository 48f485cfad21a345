/*
 * regex: a thin wrapper over libpcre2-8 for the configuration's regular
 * expression matching (use_regexp_matching) and Livestatus filters.
 * Matching is unanchored, like POSIX regexec, which is what Nagios uses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_REGEX_H
#define JAQUE_REGEX_H

#include <stddef.h>

struct rx;

/* compile pattern; NULL on error with the reason in err */
struct rx *rx_compile(const char *pattern, char *err, size_t errlen);
/* as rx_compile, but letters match either case (Livestatus's "~~") */
struct rx *rx_compile_icase(const char *pattern, char *err, size_t errlen);
/* 1 when s matches somewhere, 0 otherwise */
int rx_match(const struct rx *r, const char *s);
void rx_free(struct rx *r);

#endif

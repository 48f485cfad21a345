/*
 * log: diagnostic messages to stderr with a level filter.  This is the only
 * process-wide state in util; it is set once at start-up.  A line is
 * written under stderr's lock, so lines from threads (the gearman
 * worker's) do not mix.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "engine/util/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum log_level log_level = LOG_LEVEL_INFO;

void
log_set_level(enum log_level lvl)
{
	log_level = lvl;
}

static void
log_vemit(enum log_level lvl, const char *errtxt, const char *fmt, va_list ap)
{
	if (lvl > log_level)
		return;
	flockfile(stderr);
	fputs("jaque: ", stderr);
	vfprintf(stderr, fmt, ap);
	if (errtxt != NULL)
		fprintf(stderr, ": %s", errtxt);
	fputc('\n', stderr);
	funlockfile(stderr);
}

void
log_warn(const char *fmt, ...)
{
	va_list ap;
	const char *e = strerror(errno);

	va_start(ap, fmt);
	log_vemit(LOG_LEVEL_WARN, e, fmt, ap);
	va_end(ap);
}

void
log_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vemit(LOG_LEVEL_WARN, NULL, fmt, ap);
	va_end(ap);
}

void
log_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vemit(LOG_LEVEL_INFO, NULL, fmt, ap);
	va_end(ap);
}

void
log_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vemit(LOG_LEVEL_DEBUG, NULL, fmt, ap);
	va_end(ap);
}

void
log_fatalx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vemit(LOG_LEVEL_ERR, NULL, fmt, ap);
	va_end(ap);
	abort();
}

/*
 * log: the diagnostic log (STYLE 9), never nagios.log.  Messages go to
 * stderr until a sink is set.  log_warn appends the errno text.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LOG_H
#define JAQUE_LOG_H

enum log_level { LOG_LEVEL_ERR, LOG_LEVEL_WARN, LOG_LEVEL_INFO, LOG_LEVEL_DEBUG };

void log_set_level(enum log_level lvl);
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* broken invariant: log and abort */
void log_fatalx(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif

/*
 * mgjob_int: what mgjob_text.c (results) and mgjob_work.c (jobs) share.
 * Not for use outside compat/gearman/mgjob*.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGJOB_INT_H
#define JAQUE_MGJOB_INT_H

#include <sys/time.h>

/* mod_gearman's string2timeval: atof's value, whole seconds and
 * microseconds cut as int (0 for NaN; clamped to int's range) */
struct timeval mgjob_num_tv(const char *v);

#endif

/*
 * downtime_text: the text of a downtime's comment (downtime_text.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DOWNTIME_TEXT_H
#define JAQUE_DOWNTIME_TEXT_H

struct downtime;

/*
 * The comment register_downtime adds for d: "This host has been scheduled
 * for fixed downtime from ... to ...", or the flexible form with its hours
 * and minutes, dates in date_format (a MAINCFG_DATE_ value).  Returns a
 * string the caller frees; never NULL.
 */
char *downtime_comment_text(const struct downtime *d, int date_format);

#endif

/*
 * maincfg_int: what maincfg.c (files and lines) and maincfg_table.c (what
 * each directive means) share.  Not for use outside these two files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MAINCFG_INT_H
#define JAQUE_MAINCFG_INT_H

#include "compat/config/maincfg.h"

#define MAINCFG_NAME_MAX 255 /* Nagios's MAX_FILENAME_LENGTH less the NUL */

struct diag;

/* the configuration being filled and where diagnostics say they come from */
struct maincfg_reader {
	struct main_cfg *cfg;
	struct diag *d;
	const char *file;
	int line;
	const char *key; /* the directive, NULL when the whole line is meant */
	int nerr;        /* errors reported through this reader */
};

void maincfg_error(struct maincfg_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void maincfg_warning(struct maincfg_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* atoi as glibc has it (leading number, 0 when none), without the banned name */
int maincfg_atoi(const char *s);
/* remove one trailing '/' in place */
void maincfg_noslash(char *s);
/* path made absolute against dir (itself absolute) and normalized; heap */
char *maincfg_absolute(const char *dir, const char *path);
/* read a resource file into r->cfg->user_macros; failures are reported */
void maincfg_read_resource(struct maincfg_reader *r, const char *path);
/*
 * Store val by dir's kind (rawval: the value with the blanks after '='
 * kept, which cfg_file/cfg_dir use); bad values are reported through r.
 */
void maincfg_apply(struct maincfg_reader *r, const struct maincfg_directive *dir,
    const char *val, const char *rawval);

#endif

/*
 * mgcfg_int: what mgcfg.c (the keys) and mgcfg_file.c (files, directories
 * and the key file) share.  Not for use outside these two files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGCFG_INT_H
#define JAQUE_MGCFG_INT_H

struct diag;
struct mgcfg;

/* where a value comes from, for the diagnostics */
struct mg_at {
	const char *file;
	int line;
	const char *key; /* the key as written (lowered), NULL: none in particular */
	struct diag *d;  /* NULL: count, say nothing */
	int strict;      /* jaque.cfg: what mod_gearman lets pass with a word is an error */
};

/* report through at->d ("mod_gearman: " before the text); returns error (1 or 0) */
int mg_report(const struct mg_at *at, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* strip isspace blanks at both ends in place; returns s moved past the leading ones */
char *mg_trim(char *s);
/* config=path at at: the file or directory, one level deeper; returns errors */
int mg_include(struct mgcfg *m, const struct mg_at *at, const char *path);
/* the key file named by m->keyfile into m->key; returns errors */
int mg_read_keyfile(struct mgcfg *m, struct diag *d);

#endif

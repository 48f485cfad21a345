/*
 * mgcfg_file: the files behind mod_gearman's options.  A config file is
 * read line by line as mod_gearman reads it: '#' ends a line anywhere,
 * blanks go, empty lines are skipped, and each line is one key=value
 * (mgcfg_set), its value free to hold blanks.  A directory stands for the
 * *.cfg and *.conf files in it and in its subdirectories, read in name
 * order (mod_gearman takes them in the order the directory lists them).
 * Files within files go at most MGCFG_DEPTH_MAX deep.  The key file gives
 * its first line, at most MGCFG_KEY_MAX bytes, less trailing blanks.
 *
 * Relative paths start at the base directory given to mgcfg_new, not at
 * the working directory mod_gearman would use.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgcfg_int.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

#define MG_LINE_MAX 65536 /* mod_gearman's line buffer; a longer line is refused */

static int mg_read_path(struct mgcfg *m, const struct mg_at *at, const char *path);

static int
mg_cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the *.cfg and *.conf files of a directory, and its subdirectories */
static int
mg_read_dir(struct mgcfg *m, const struct mg_at *at, const char *path)
{
	struct dirent *e;
	struct stat st;
	struct vec names;
	const char *dot;
	char *full;
	DIR *dir;
	size_t i;
	int err = 0;

	if ((dir = opendir(path)) == NULL)
		return mg_report(at, 1, "cannot read config directory '%s': %s", path,
		    strerror(errno));
	vec_init(&names);
	while ((e = readdir(dir)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			vec_push(&names, xstrdup(e->d_name));
	closedir(dir);
	vec_sort(&names, mg_cmp_names);
	for (i = 0; i < names.len; i++) {
		full = str_path_join(path, names.items[i]);
		dot = strrchr(names.items[i], '.');
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode))
			err += mg_read_path(m, at, full);
		else if (dot != NULL && (strcmp(dot, ".cfg") == 0 || strcmp(dot, ".conf") == 0))
			err += mg_read_path(m, at, full);
		free(full);
		free(names.items[i]);
	}
	vec_clear(&names);
	return err;
}

static int
mg_read_lines(struct mgcfg *m, const struct mg_at *at, const char *path)
{
	struct mg_at here = { path, 0, NULL, at->d, 0 };
	char *buf, *line, *hash;
	int err = 0, skipping = 0;
	size_t n;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL)
		return mg_report(at, 1, "cannot read config file '%s': %s", path, strerror(errno));
	buf = xmalloc(MG_LINE_MAX);
	while (fgets(buf, MG_LINE_MAX, fp) != NULL) {
		n = strlen(buf);
		if (skipping) {
			skipping = n > 0 && buf[n - 1] != '\n';
			continue;
		}
		here.line++;
		if (n > 0 && buf[n - 1] != '\n' && !feof(fp)) {
			err += mg_report(&here, 1, "line longer than %d bytes", MG_LINE_MAX - 1);
			skipping = 1;
			continue;
		}
		if ((hash = strchr(buf, '#')) != NULL)
			*hash = '\0';
		line = mg_trim(buf);
		if (*line != '\0')
			err += mgcfg_set(m, line, path, here.line, at->d);
	}
	if (ferror(fp))
		err += mg_report(at, 1, "cannot read config file '%s': %s", path, strerror(EIO));
	fclose(fp);
	free(buf);
	return err;
}

static int
mg_read_path(struct mgcfg *m, const struct mg_at *at, const char *path)
{
	struct stat st;
	int err;

	if (m->depth >= MGCFG_DEPTH_MAX)
		return mg_report(at, 1, "config files nested more than %d deep at '%s'",
		    MGCFG_DEPTH_MAX, path);
	m->depth++;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		err = mg_read_dir(m, at, path);
	else
		err = mg_read_lines(m, at, path);
	m->depth--;
	return err;
}

int
mg_include(struct mgcfg *m, const struct mg_at *at, const char *val)
{
	char *path = str_path_join(m->base_dir, val);
	int err = mg_read_path(m, at, path);

	free(path);
	return err;
}

int
mgcfg_read_file(struct mgcfg *m, const char *path, struct diag *d)
{
	char *full = str_path_join(m->base_dir, path);
	struct mg_at at = { full, 0, NULL, d, 0 };
	int err = mg_read_path(m, &at, full);

	free(full);
	return err;
}

int
mg_read_keyfile(struct mgcfg *m, struct diag *d)
{
	struct mg_at at = { m->keyfile_file, m->keyfile_line, "keyfile", d, 0 };
	char buf[MGCFG_KEY_MAX + 1];
	size_t n = 0;
	FILE *fp;
	int c;

	if ((fp = fopen(m->keyfile, "rb")) == NULL)
		return mg_report(&at, 1, "cannot read key file '%s': %s", m->keyfile,
		    strerror(errno));
	/* the first line, as far as the key goes */
	while (n < MGCFG_KEY_MAX && (c = getc(fp)) != EOF) {
		buf[n++] = (char)c;
		if (c == '\n')
			break;
	}
	fclose(fp);
	if (n == 0)
		return mg_report(&at, 1, "key file '%s' is empty", m->keyfile);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	free(m->key);
	m->key = xstrdup(buf);
	return 0;
}

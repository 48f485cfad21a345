/*
 * maincfg: reads nagios.cfg, the resource files it names and jaque.cfg into
 * struct main_cfg (the contract is in maincfg.h).
 *
 * The line grammar is Nagios 4.4.6's, copied on purpose because a drop-in
 * must accept and refuse the same files: a trailing backslash joins the
 * next line (whose leading blanks go) and two backslashes leave one; the
 * blanks trimmed are space, tab, CR and LF, no others; the key ends at the
 * first '='; a line with no '=', or nothing after it, is an error; a key
 * Nagios matches as a line prefix ("cfg_file=") is unknown when a blank
 * stands before the '='.  What a value means is maincfg_table.c's business
 * (the rows and maincfg_apply); this file has the files, the lines, the
 * paths, the resource files and the checks Nagios makes once nagios.cfg is
 * read.
 *
 * Files are read whole into memory (capped), as Nagios maps them.  Called
 * from start-up; nothing here is kept between calls.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/config/maincfg.h"

#include <dirent.h>
#include <stdint.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg_int.h"
#include "engine/util/hash.h"
#include "engine/util/netaddr.h"
#include "engine/util/xalloc.h"

#define MC_FILE_MAX (16UL << 20) /* larger configuration files are refused */

/* a file in memory, handed out one logical line at a time */
struct mc_src {
	char *data;
	size_t size;
	size_t pos;
	int line; /* physical lines consumed */
};

/* which table a file is read with */
struct mc_grammar {
	const struct maincfg_directive *rows;
	size_t nrows;
	int nagios; /* 1: keys starting with 'x' are ignored and values kept in raw */
};

static void
mc_report(struct maincfg_reader *r, int error, const char *fmt, va_list ap)
{
	struct diag_loc loc = { r->file, r->line, NULL, NULL, r->key };
	char msg[2048];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (error)
		r->nerr++;
	if (r->d == NULL)
		return;
	if (error)
		diag_error(r->d, &loc, "%s", msg);
	else
		diag_warning(r->d, &loc, "%s", msg);
}

void
maincfg_error(struct maincfg_reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mc_report(r, 1, fmt, ap);
	va_end(ap);
}

void
maincfg_warning(struct maincfg_reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mc_report(r, 0, fmt, ap);
	va_end(ap);
}

/* Nagios's notion of a blank, narrower than isspace */
static int
mc_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static char *
mc_strip(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && mc_blank(s[n - 1]))
		s[--n] = '\0';
	while (mc_blank(*s))
		s++;
	return s;
}

/* atoi exactly as glibc has it, without the banned name */
int
maincfg_atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

/* remove one trailing '/', as Nagios does for a few directories */
void
maincfg_noslash(char *s)
{
	size_t n = strlen(s);

	if (n > 0 && s[n - 1] == '/')
		s[n - 1] = '\0';
}

/*
 * Lexical clean-up of an absolute path, like Nagios's nspath_normalize:
 * "." and empty components go, ".." takes the previous one (never the
 * root), and a path that ended in '/', "." or ".." keeps a trailing '/'.
 */
static char *
mc_normalize(const char *path)
{
	size_t n = strlen(path), i = 0, out = 1, j, len;
	char *res = xmalloc(n + 2);
	int trail = 0;

	res[0] = '/';
	while (i < n) {
		for (j = i; j < n && path[j] != '/'; j++)
			;
		len = j - i;
		trail = 1;
		if (len == 2 && path[i] == '.' && path[i + 1] == '.') {
			while (out > 1 && res[out - 1] != '/')
				out--;
			if (out > 1)
				out--;
		} else if (len > 0 && !(len == 1 && path[i] == '.')) {
			if (out > 1)
				res[out++] = '/';
			memcpy(res + out, path + i, len);
			out += len;
			trail = 0;
		}
		i = j + 1;
	}
	if ((trail || (n > 0 && path[n - 1] == '/')) && out > 1)
		res[out++] = '/';
	res[out] = '\0';
	return res;
}

/* path made absolute against dir (itself absolute) and normalized; heap */
char *
maincfg_absolute(const char *dir, const char *path)
{
	char *joined, *res;

	if (path[0] == '/')
		return mc_normalize(path);
	joined = xasprintf("%s/%s", dir, path);
	res = mc_normalize(joined);
	free(joined);
	return res;
}

/* a command-line path made absolute against the working directory; heap */
static char *
mc_absolute_cwd(const char *path)
{
	size_t cap = 256;
	char *cwd = NULL, *res;

	if (path[0] == '/')
		return mc_normalize(path);
	for (;;) {
		cwd = xrealloc(cwd, cap);
		if (getcwd(cwd, cap) != NULL)
			break;
		if (errno != ERANGE || cap > (1UL << 20)) {
			/* no usable cwd: keep the path relative to "/" */
			cwd[0] = '\0';
			break;
		}
		cap *= 2;
	}
	res = maincfg_absolute(cwd[0] != '\0' ? cwd : "/", path);
	free(cwd);
	return res;
}

static char *
mc_dirname(const char *abs)
{
	const char *slash = strrchr(abs, '/');

	if (slash == NULL || slash == abs)
		return xstrdup("/");
	return xstrndup(abs, (size_t)(slash - abs));
}

/* the whole file in src; 0, or -1 with errno set */
static int
mc_load(const char *path, struct mc_src *src)
{
	struct stat st;
	size_t cap = 4096, n = 0, got;
	char *buf;
	FILE *fp;
	int err;

	memset(src, 0, sizeof(*src));
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	if (fstat(fileno(fp), &st) == -1 || S_ISDIR(st.st_mode)) {
		err = errno;
		if (err == 0 || S_ISDIR(st.st_mode))
			err = EISDIR;
		fclose(fp);
		errno = err;
		return -1;
	}
	buf = xmalloc(cap);
	for (;;) {
		if (n == cap) {
			if (cap >= MC_FILE_MAX) {
				free(buf);
				fclose(fp);
				errno = EFBIG;
				return -1;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n, fp);
		if (got == 0)
			break;
		n += got;
	}
	err = ferror(fp) ? EIO : 0;
	fclose(fp);
	if (err != 0) {
		free(buf);
		errno = err;
		return -1;
	}
	src->data = buf;
	src->size = n;
	return 0;
}

/*
 * The next logical line (heap), or NULL at the end.  Continuation follows
 * Nagios's multiline reader to the byte, CR/LF handling included.
 */
static char *
mc_next_line(struct mc_src *s)
{
	char *buf = NULL;
	size_t len = 0, n;
	const char *p, *nl;
	long end;

	while (s->pos < s->size) {
		p = s->data + s->pos;
		nl = memchr(p, '\n', s->size - s->pos);
		n = nl != NULL ? (size_t)(nl - p) + 1 : s->size - s->pos;
		s->pos += n;
		s->line++;
		if (buf != NULL)
			for (; n > 0 && (*p == ' ' || *p == '\t'); n--)
				p++;
		buf = xrealloc(buf, len + n + 1);
		memcpy(buf + len, p, n);
		buf[len + n] = '\0';
		len = strlen(buf);
		if (len == 0)
			break;
		if (len >= 2 && buf[len - 2] == '\r')
			end = (long)len - 3;
		else if (buf[len - 1] == '\n')
			end = (long)len - 2;
		else
			end = (long)len - 1;
		if (end >= 1 && buf[end - 1] == '\\' && buf[end] == '\\') {
			buf[end] = '\n';
			buf[end + 1] = '\0';
			break;
		}
		if (end > 0 && buf[end] == '\\') {
			buf[end] = '\0';
			len = (size_t)end;
			continue;
		}
		break;
	}
	return buf;
}

static void
mc_raw_set(struct main_cfg *cfg, const char *key, const char *val)
{
	char *k;

	if (hmap_get(cfg->raw, key) != NULL) {
		free(hmap_put(cfg->raw, key, xstrdup(val)));
		return;
	}
	k = xstrdup(key);
	vec_push(&cfg->raw_keys, k);
	hmap_put(cfg->raw, k, xstrdup(val));
}

static void
mc_raw_line(struct main_cfg *cfg, const char *key, int line)
{
	char *k = hmap_get(cfg->raw_lines, key) != NULL ? NULL : xstrdup(key);

	if (k != NULL) {
		hmap_put(cfg->raw_lines, k, (void *)(uintptr_t)line);
		vec_push(&cfg->raw_line_keys, k);
		return;
	}
	/* the map keeps its first key string; only the line changes */
	hmap_put(cfg->raw_lines, key, (void *)(uintptr_t)line);
}

int
maincfg_line(const struct main_cfg *cfg, const char *key)
{
	return cfg->raw_lines != NULL ? (int)(uintptr_t)hmap_get(cfg->raw_lines, key) : 0;
}

/* $USERn$=value from a resource file; other names are ignored, as in Nagios */
static void
mc_user_macro(struct main_cfg *cfg, const char *var, const char *val)
{
	size_t n = strlen(var);
	long idx;

	if (n <= 5 || var[0] != '$' || var[n - 1] != '$' || strncmp(var, "$USER", 5) != 0)
		return;
	idx = (long)maincfg_atoi(var + 5) - 1;
	if (idx < 0 || idx >= MAINCFG_MAX_USER_MACROS)
		return;
	free(cfg->user_macros[idx]);
	cfg->user_macros[idx] = xstrdup(val);
}

/*
 * A resource file: '#' or an empty line is skipped before trimming, so an
 * indented comment or a blank-only line is an error, and the first bad
 * line ends the file.  Name and value are not trimmed around the '='.
 */
void
maincfg_read_resource(struct maincfg_reader *r, const char *path)
{
	const char *file = r->file, *key = r->key;
	int line = r->line;
	struct mc_src src;
	char *buf, *input, *eq;

	if (mc_load(path, &src) == -1) {
		maincfg_error(r, "Cannot open resource file '%s' for reading: %s", path,
		    strerror(errno));
		return;
	}
	r->file = path;
	r->key = NULL;
	while ((buf = mc_next_line(&src)) != NULL) {
		r->line = src.line;
		if (buf[0] == '#' || buf[0] == '\0' || buf[0] == '\n' || buf[0] == '\r') {
			free(buf);
			continue;
		}
		input = mc_strip(buf);
		eq = strchr(input, '=');
		if (*input == '\0' || eq == NULL || eq[1] == '\0') {
			maincfg_error(r, *input == '\0' ? "NULL variable in resource file" :
			    "NULL variable value in resource file (no '=' or nothing after it)");
			free(buf);
			break;
		}
		*eq = '\0';
		mc_user_macro(r->cfg, input, eq + 1);
		free(buf);
	}
	free(src.data);
	r->file = file;
	r->line = line;
	r->key = key;
}

static void
mc_line(struct maincfg_reader *r, const struct mc_grammar *g, char *input)
{
	const struct maincfg_directive *dir;
	char *eq, *key, *rawval, *val;
	size_t klen;

	input = mc_strip(input);
	if (*input == '\0' || *input == '#')
		return;
	eq = strchr(input, '=');
	klen = eq != NULL ? (size_t)(eq - input) : strlen(input);
	if (eq != NULL)
		*eq = '\0';
	key = mc_strip(input);
	r->key = key;
	if (eq == NULL || eq[1] == '\0') {
		maincfg_error(r, "NULL value: '%s' has no '=' or nothing after it", key);
		return;
	}
	rawval = eq + 1;
	val = rawval + strspn(rawval, " \t\r\n");
	dir = maincfg_directive_find(g->rows, g->nrows, key);
	/* Nagios matches these as "name=" at the start of the line */
	if (dir != NULL && (dir->flags & MAINCFG_F_EXACT) && strlen(key) != klen)
		dir = NULL;
	if (dir == NULL && !(g->nagios && key[0] == 'x')) {
		maincfg_error(r, "UNKNOWN VARIABLE '%s'", key);
		return;
	}
	if (g->nagios) {
		mc_raw_set(r->cfg, key, val);
		mc_raw_line(r->cfg, key, r->line);
		if (dir != NULL && dir->alias_of != NULL)
			mc_raw_set(r->cfg, dir->alias_of, val);
	}
	if (dir != NULL)
		maincfg_apply(r, dir, val, rawval);
}

/* what: how diagnostics name the file; returns 0, or -1 when it cannot be read */
static int
mc_read_file(struct maincfg_reader *r, const char *path, const struct mc_grammar *g,
    const char *what)
{
	struct mc_src src;
	char *line;

	r->file = path;
	r->line = 0;
	r->key = NULL;
	if (mc_load(path, &src) == -1) {
		maincfg_error(r, "Cannot open %s '%s' for reading: %s", what, path, strerror(errno));
		return -1;
	}
	while ((line = mc_next_line(&src)) != NULL) {
		r->line = src.line;
		mc_line(r, g, line);
		r->key = NULL;
		free(line);
	}
	free(src.data);
	r->line = 0;
	return 0;
}

/* what Nagios does once nagios.cfg is read: temp_path must be a directory */
static void
mc_finish(struct maincfg_reader *r, int checks)
{
	struct main_cfg *cfg = r->cfg;
	const struct maincfg_directive *rows, *dir;
	char *p;
	DIR *dp;
	size_t n;

	if (cfg->temp_path == NULL)
		cfg->temp_path = xstrdup("/tmp");
	if (cfg->temp_file != NULL && cfg->temp_file[0] != '/') {
		/* "./x" is nagios.cfg-relative, a bare name lives in temp_path */
		p = maincfg_absolute(cfg->temp_file[0] == '.' ? cfg->config_dir : cfg->temp_path,
		    cfg->temp_file);
		free(cfg->temp_file);
		cfg->temp_file = p;
	}
	rows = maincfg_directives(&n);
	dir = maincfg_directive_find(rows, n, "date_format");
	cfg->date_format = xstrdup(dir->choices[cfg->date_format_id]);
	if (!checks)
		return;
	r->key = "temp_path";
	r->line = maincfg_line(cfg, "temp_path");
	if (strlen(cfg->temp_path) > MAINCFG_NAME_MAX) {
		maincfg_error(r, "temp_path is too long");
	} else if ((dp = opendir(cfg->temp_path)) == NULL) {
		maincfg_error(r, "temp_path '%s' is not a valid directory: %s", cfg->temp_path,
		    strerror(errno));
	} else {
		closedir(dp);
	}
	r->key = "temp_file";
	r->line = maincfg_line(cfg, "temp_file");
	if (cfg->temp_file != NULL && strlen(cfg->temp_file) > MAINCFG_NAME_MAX)
		maincfg_error(r, "Temp file '%s' is too long", cfg->temp_file);
	r->key = NULL;
}

static void
mc_defaults(struct main_cfg *cfg, const struct maincfg_directive *rows, size_t n)
{
	void *f;
	size_t i;

	for (i = 0; i < n; i++) {
		if (rows[i].alias_of != NULL)
			continue;
		f = (char *)cfg + rows[i].off;
		switch (rows[i].kind) {
		case MAINCFG_BOOL:
		case MAINCFG_FLAG:
		case MAINCFG_INT:
		case MAINCFG_ENUM:
			*(int *)f = (int)rows[i].def;
			break;
		case MAINCFG_ULONG:
			*(unsigned long *)f = (unsigned long)rows[i].def;
			break;
		case MAINCFG_DOUBLE:
			*(double *)f = rows[i].def;
			break;
		default:
			break;
		}
	}
}

static void
mc_init(struct main_cfg *cfg)
{
	const struct maincfg_directive *rows;
	size_t n;

	memset(cfg, 0, sizeof(*cfg));
	vec_init(&cfg->cfg_files);
	vec_init(&cfg->cfg_dirs);
	vec_init(&cfg->resource_files);
	vec_init(&cfg->broker_modules);
	vec_init(&cfg->raw_keys);
	vec_init(&cfg->raw_line_keys);
	vec_init(&cfg->cfg_file_lines);
	vec_init(&cfg->cfg_dir_lines);
	vec_init(&cfg->livestatus_listen);
	vec_init(&cfg->gearman_opts);
	cfg->raw = hmap_new(64);
	cfg->raw_lines = hmap_new(64);
	rows = maincfg_directives(&n);
	mc_defaults(cfg, rows, n);
	rows = maincfg_jaque_directives(&n);
	mc_defaults(cfg, rows, n);
	cfg->service_inter_check_delay_method = MAINCFG_ICD_SMART;
	cfg->host_inter_check_delay_method = MAINCFG_ICD_SMART;
	cfg->service_interleave_factor_method = MAINCFG_ILF_SMART;
	cfg->service_interleave_factor = 1;
	cfg->host_perfdata_file_mode = 'a';
	cfg->service_perfdata_file_mode = 'a';
}

int
maincfg_read(const char *path, const char *jaque_cfg, struct main_cfg *cfg, struct diag *d)
{
	struct maincfg_reader r = { .cfg = cfg, .d = d };
	struct mc_grammar nagios, jaque;
	struct stat st;
	char *jpath;
	int ok;

	mc_init(cfg);
	nagios.rows = maincfg_directives(&nagios.nrows);
	nagios.nagios = 1;
	jaque.rows = maincfg_jaque_directives(&jaque.nrows);
	jaque.nagios = 0;

	cfg->config_file = mc_absolute_cwd(path);
	cfg->config_dir = mc_dirname(cfg->config_file);
	ok = mc_read_file(&r, cfg->config_file, &nagios, "main configuration file") == 0;
	r.file = cfg->config_file;
	mc_finish(&r, ok);

	if (jaque_cfg != NULL)
		jpath = mc_absolute_cwd(jaque_cfg);
	else
		jpath = xasprintf("%s/jaque.cfg", strcmp(cfg->config_dir, "/") == 0 ? "" :
		    cfg->config_dir);
	/* only the default jaque.cfg may be absent */
	if (jaque_cfg == NULL && stat(jpath, &st) == -1 && errno == ENOENT)
		free(jpath);
	else if (mc_read_file(&r, jpath, &jaque, "jaque settings file") == 0)
		cfg->jaque_cfg_file = jpath;
	else
		free(jpath);
	return r.nerr > 0 ? -1 : 0;
}

void
maincfg_free(struct main_cfg *cfg)
{
	const struct maincfg_directive *rows;
	struct maincfg_module *m;
	size_t i, n;

	if (cfg == NULL)
		return;
	rows = maincfg_directives(&n);
	for (i = 0; i < n; i++)
		if (rows[i].alias_of == NULL &&
		    (rows[i].kind == MAINCFG_STR || rows[i].kind == MAINCFG_PATH))
			free(*(char **)((char *)cfg + rows[i].off));
	for (i = 0; i < cfg->cfg_files.len; i++)
		free(cfg->cfg_files.items[i]);
	for (i = 0; i < cfg->cfg_dirs.len; i++)
		free(cfg->cfg_dirs.items[i]);
	for (i = 0; i < cfg->resource_files.len; i++)
		free(cfg->resource_files.items[i]);
	for (i = 0; i < cfg->broker_modules.len; i++) {
		m = cfg->broker_modules.items[i];
		free(m->path);
		free(m->args);
		free(m);
	}
	for (i = 0; i < MAINCFG_MAX_USER_MACROS; i++)
		free(cfg->user_macros[i]);
	for (i = 0; i < cfg->raw_keys.len; i++) {
		free(hmap_get(cfg->raw, cfg->raw_keys.items[i]));
		free(cfg->raw_keys.items[i]);
	}
	hmap_free(cfg->raw);
	for (i = 0; i < cfg->raw_line_keys.len; i++)
		free(cfg->raw_line_keys.items[i]);
	vec_clear(&cfg->raw_line_keys);
	hmap_free(cfg->raw_lines);
	vec_clear(&cfg->cfg_file_lines);
	vec_clear(&cfg->cfg_dir_lines);
	vec_clear(&cfg->cfg_files);
	vec_clear(&cfg->cfg_dirs);
	vec_clear(&cfg->resource_files);
	vec_clear(&cfg->broker_modules);
	vec_clear(&cfg->raw_keys);
	free(cfg->loadctl_options);
	free(cfg->date_format);
	free(cfg->config_file);
	free(cfg->config_dir);
	free(cfg->jaque_cfg_file);
	free(cfg->livestatus_socket);
	for (i = 0; i < cfg->livestatus_listen.len; i++)
		free(cfg->livestatus_listen.items[i]);
	vec_clear(&cfg->livestatus_listen);
	netacl_free(cfg->livestatus_allow);
	for (i = 0; i < cfg->gearman_opts.len; i++) {
		struct maincfg_pair *p = cfg->gearman_opts.items[i];

		free(p->key);
		free(p->value);
		free(p);
	}
	vec_clear(&cfg->gearman_opts);
	memset(cfg, 0, sizeof(*cfg));
}

const char *
maincfg_raw(const struct main_cfg *cfg, const char *key)
{
	if (cfg == NULL || cfg->raw == NULL)
		return NULL;
	return hmap_get(cfg->raw, key);
}

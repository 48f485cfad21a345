/*
 * lexer: see lexer.h.  Files are read whole into memory and split into
 * logical lines in place; the store keeps copies of whatever it needs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/lexer.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compat/config/diag.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/* object files over this size are refused rather than read into memory */
#define LEXER_MAX_FILE (1024L * 1024 * 1024)

struct lexer {
	struct rawstore *rs;
	const char *file; /* interned */
	char *p;          /* cursor into the buffer */
	char *end;
	int line;         /* physical line of the cursor (1-based) */
	int errors;
	unsigned depth;   /* include nesting */
	int more;         /* a part of a file that goes on at next_line (lexer_read_part) */
	int next_line;
};

static int lexer_read_dir_depth(struct rawstore *rs, const char *dir, unsigned depth);

static void
lexer_error(struct lexer *lx, int line, const char *fmt, const char *arg)
{
	struct diag_loc loc = { lx->file, line, NULL, NULL, NULL };

	diag_error(lx->rs->d, &loc, fmt, arg);
	lx->errors++;
}

/*
 * Next logical line: joins backslash continuations, strips comments
 * (handling '\;'), trims.  Returns NULL at the end; *first gets the line
 * number where the logical line starts.
 */
static char *
lexer_next_line(struct lexer *lx, int *first)
{
	char *start, *w, *r, *nl, *seg;
	int joined = 0;

	if (lx->p >= lx->end)
		return NULL;
	start = w = r = lx->p;
	*first = lx->line;
	for (;;) {
		nl = memchr(r, '\n', (size_t)(lx->end - r));
		if (nl == NULL)
			nl = lx->end;
		seg = r;
		/* continuation lines lose their leading blanks */
		if (joined)
			while (seg < nl && (*seg == ' ' || *seg == '\t'))
				seg++;
		if (w != seg)
			memmove(w, seg, (size_t)(nl - seg));
		w += nl - seg;
		lx->line++;
		r = nl < lx->end ? nl + 1 : lx->end;
		/* a CR before the newline does not hide a continuation */
		while (w > start && w[-1] == '\r')
			w--;
		/* "\\" at the end is one literal backslash and no continuation */
		if (w - start >= 2 && w[-1] == '\\' && w[-2] == '\\') {
			w--;
			break;
		}
		if (w > start && w[-1] == '\\' && r < lx->end) {
			w--;
			joined = 1;
			continue;
		}
		break;
	}
	*w = '\0';
	lx->p = r;
	/* comments: ';' unless escaped (most lines have none: nothing to do) */
	if (strchr(start, ';') == NULL)
		return str_trim(start);
	for (r = w = start; *r != '\0'; r++) {
		if (r[0] == '\\' && r[1] == ';') {
			*w++ = ';';
			r++;
			continue;
		}
		if (*r == ';')
			break;
		*w++ = *r;
	}
	*w = '\0';
	return str_trim(start);
}

/*
 * include_file= and include_dir= outside definitions.  As in Nagios 4.4.6
 * the path is used as written: a relative one is taken from the current
 * directory, not from the including file's.
 */
static void
lexer_include(struct lexer *lx, char *line, int lineno, int isdir)
{
	char *val = strchr(line, '=');

	if (val == NULL)
		return;
	val = str_trim(val + 1);
	if (*val == '\0')
		return;
	if (lx->depth >= 32)
		lexer_error(lx, lineno, "Includes nested too deeply at '%s'", val);
	else if (isdir)
		lx->errors += lexer_read_dir_depth(lx->rs, val, lx->depth + 1);
	else
		lx->errors += lexer_read_file_depth(lx->rs, val, lx->depth + 1);
}

/* "define host {" -> "host" in place; NULL when no type */
static char *
lexer_define_type(char *line)
{
	char *t = line + 6, *e;

	while (*t == ' ' || *t == '\t')
		t++;
	for (e = t; *e != '\0' && *e != ' ' && *e != '\t' && *e != '{'; e++)
		;
	*e = '\0';
	return *t != '\0' ? t : NULL;
}

static void
lexer_property(struct lexer *lx, struct rawobj *o, char *line, int lineno)
{
	char *name = line, *value = line;

	while (*value != '\0' && *value != ' ' && *value != '\t')
		value++;
	if (*value != '\0')
		*value++ = '\0';
	value = str_trim(value);
	if (raw_set(lx->rs, o, name, value, lineno) < 0)
		lx->errors++;
}

static void
lexer_run(struct lexer *lx)
{
	struct rawobj *cur = NULL;
	char *line, *type;
	int lineno, t, skipping = 0;
	struct diag_loc loc;

	while ((line = lexer_next_line(lx, &lineno)) != NULL) {
		if (line[0] == '\0' || line[0] == '#')
			continue;
		if (strncmp(line, "define", 6) == 0) {
			if (cur != NULL || skipping) {
				lexer_error(lx, lineno, "Unexpected start of object definition%s; close "
				    "the preceding object first", "");
				if (cur != NULL)
					cur->dead = 1;
			}
			cur = NULL;
			skipping = 0;
			type = lexer_define_type(line);
			if (type == NULL) {
				lexer_error(lx, lineno, "No object type specified%s", "");
				skipping = 1;
				continue;
			}
			t = otype_from_name(type);
			if (t < 0) {
				lexer_error(lx, lineno, "Invalid object definition type '%s'", type);
				skipping = 1;
				continue;
			}
			if (t == OT_HOSTEXTINFO || t == OT_SERVICEEXTINFO) {
				loc.file = lx->file;
				loc.line = lineno;
				loc.otype = type;
				loc.oname = NULL;
				loc.directive = NULL;
				diag_warning(lx->rs->d, &loc, "Extinfo objects are deprecated and will "
				    "be removed in future versions");
			}
			cur = raw_begin(lx->rs, (enum otype)t, lx->file, lineno);
			continue;
		}
		if (cur != NULL || skipping) {
			if (strcmp(line, "}") == 0) {
				if (cur != NULL && raw_end(lx->rs, cur) < 0)
					lx->errors++;
				cur = NULL;
				skipping = 0;
			} else if (cur != NULL) {
				lexer_property(lx, cur, line, lineno);
			}
			continue;
		}
		if (strncmp(line, "include_file=", 13) == 0) {
			lexer_include(lx, line, lineno, 0);
			continue;
		}
		if (strncmp(line, "include_dir", 11) == 0) {
			lexer_include(lx, line, lineno, 1);
			continue;
		}
		lexer_error(lx, lineno, "Unexpected token or statement '%s'", line);
	}
	if ((cur != NULL || skipping) && lx->more) {
		/* what the definition that starts the next part says of it */
		lexer_error(lx, lx->next_line, "Unexpected start of object definition%s; close "
		    "the preceding object first", "");
		if (cur != NULL)
			cur->dead = 1;
	} else if (cur != NULL || skipping) {
		lexer_error(lx, lx->line - 1, "Unexpected EOF%s - check for a missing closing bracket",
		    "");
		if (cur != NULL)
			cur->dead = 1;
	}
}

int
lexer_read_part(struct rawstore *rs, const char *path, char *buf, size_t len, int first_line,
    int more, int next_line, unsigned depth)
{
	struct lexer lx;

	memset(&lx, 0, sizeof(lx));
	lx.rs = rs;
	lx.file = arena_intern(rs->a, path);
	lx.p = buf;
	lx.end = buf + len;
	lx.line = first_line;
	lx.depth = depth;
	lx.more = more;
	lx.next_line = next_line;
	buf[len] = '\0';
	lexer_run(&lx);
	return lx.errors;
}

int
lexer_read_buffer(struct rawstore *rs, const char *file, const char *buf, size_t len)
{
	char *copy = xmalloc(len + 1);
	int errors;

	if (len > 0)
		memcpy(copy, buf, len);
	errors = lexer_read_part(rs, file, copy, len, 1, 0, 0, 0);
	free(copy);
	return errors;
}

int
lexer_read_file_depth(struct rawstore *rs, const char *path, unsigned depth)
{
	FILE *fp = fopen(path, "r");
	struct diag_loc loc = { path, 0, NULL, NULL, NULL };
	struct stat st;
	char *buf;
	size_t n;
	int errors;

	if (fp == NULL || fstat(fileno(fp), &st) < 0 || st.st_size > LEXER_MAX_FILE) {
		diag_error(rs->d, &loc, "Cannot open config file '%s' for reading: %s", path,
		    fp == NULL ? strerror(errno) : "too large or unreadable");
		if (fp != NULL)
			fclose(fp);
		return 1;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	n = fread(buf, 1, (size_t)st.st_size, fp);
	fclose(fp);
	errors = lexer_read_part(rs, path, buf, n, 1, 0, 0, depth);
	free(buf);
	return errors;
}

int
lexer_read_file(struct rawstore *rs, const char *path)
{
	return lexer_read_file_depth(rs, path, 0);
}

char *
lexer_dir_failure(const char *dir, int err)
{
	return xasprintf("Could not open config directory '%s' for reading: %s", dir,
	    strerror(err));
}

/* a directory being walked, and the ones above it */
struct lexer_walk_up {
	dev_t dev;
	ino_t ino;
	const struct lexer_walk_up *up;
};

static void
lexer_walk_in(const char *dir, unsigned depth, const struct lexer_walk *w,
    const struct lexer_walk_up *up)
{
	DIR *dp = opendir(dir);
	struct lexer_walk_up here = { 0, 0, up };
	const struct lexer_walk_up *a;
	struct dirent *de;
	struct stat st;
	char *path;

	if (dp == NULL) {
		w->fail(w->ctx, dir, errno);
		return;
	}
	if (fstat(dirfd(dp), &st) == 0) {
		here.dev = st.st_dev;
		here.ino = st.st_ino;
	}
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		path = str_path_join(dir, de->d_name);
		if (stat(path, &st) == 0) {
			/* a link back to a directory this walk is already in is a
			 * cycle: told as the loop of links it is, and not followed
			 * (Nagios follows it and fails on the files read twice) */
			for (a = &here; a != NULL; a = a->up)
				if (S_ISDIR(st.st_mode) && a->dev == st.st_dev && a->ino == st.st_ino)
					break;
			if (a != NULL)
				w->fail(w->ctx, path, ELOOP);
			else if (S_ISDIR(st.st_mode) && depth < LEXER_MAX_DIR_DEPTH)
				lexer_walk_in(path, depth + 1, w, &here);
			else if (S_ISREG(st.st_mode) && str_has_suffix(de->d_name, ".cfg"))
				w->file(w->ctx, path, depth);
		}
		free(path);
	}
	closedir(dp);
}

void
lexer_walk_dir(const char *dir, unsigned depth, const struct lexer_walk *w)
{
	lexer_walk_in(dir, depth, w, NULL);
}

/* lexer_read_dir's walk: read each file, report each directory that cannot be opened */
struct lexer_dir_read {
	struct rawstore *rs;
	int errors;
};

static void
lexer_dir_file(void *ctx, const char *path, unsigned depth)
{
	struct lexer_dir_read *r = ctx;

	r->errors += lexer_read_file_depth(r->rs, path, depth);
}

static void
lexer_dir_fail(void *ctx, const char *dir, int err)
{
	struct lexer_dir_read *r = ctx;
	struct diag_loc loc = { dir, 0, NULL, NULL, NULL };
	char *msg = lexer_dir_failure(dir, err);

	diag_error(r->rs->d, &loc, "%s", msg);
	free(msg);
	r->errors++;
}

static int
lexer_read_dir_depth(struct rawstore *rs, const char *dir, unsigned depth)
{
	struct lexer_dir_read r = { rs, 0 };
	const struct lexer_walk w = { lexer_dir_file, lexer_dir_fail, &r };

	lexer_walk_dir(dir, depth, &w);
	return r.errors;
}

int
lexer_read_dir(struct rawstore *rs, const char *dir)
{
	return lexer_read_dir_depth(rs, dir, 0);
}

/*
 * lexer: reads Nagios object configuration files into a rawstore.
 *
 * Line rules as in Nagios 4.4.6: a trailing backslash joins the next line
 * (whose leading blanks are dropped) and a trailing double backslash is one;
 * ';' starts a comment unless written '\;' (which becomes ';'); blank
 * lines and lines starting with '#' are skipped; `define <type> {` opens a
 * definition (anything after the type is ignored); `}` alone on its line
 * closes it; inside, the first blank-separated word is the directive and
 * the rest, trimmed, its value.  Outside a definition, `include_file=` and
 * `include_dir=` read further files (relative paths from the current
 * directory, as Nagios does).  Every error is reported with its file
 * and line, and reading goes on with the next definition so that one run
 * reports every problem.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_LEXER_H
#define JAQUE_LEXER_H

#include <stddef.h>

struct rawstore;

/* read one object file; returns the number of errors reported (0 = fine) */
int lexer_read_file(struct rawstore *rs, const char *path);
/* the same for a file found depth directories down a cfg_dir (includes nest from there) */
int lexer_read_file_depth(struct rawstore *rs, const char *path, unsigned depth);
/*
 * Lex a part of the file path: the len bytes at buf (writable, with room
 * for a '\0' at buf[len]), whose first line is first_line.  more: the
 * file goes on at next_line with a `define` line (the part ends just
 * before it), so a definition left open is reported as that line reports
 * it, not as an unexpected end of file.
 */
int lexer_read_part(struct rawstore *rs, const char *path, char *buf, size_t len, int first_line,
    int more, int next_line, unsigned depth);
/* read every *.cfg under dir, recursively, skipping dot files; returns errors */
int lexer_read_dir(struct rawstore *rs, const char *dir);

/*
 * The walk lexer_read_dir makes: every *.cfg under dir, subdirectories
 * first where readdir lists them, dot entries skipped, at most
 * LEXER_MAX_DIR_DEPTH levels down.  file gets each file and its depth,
 * fail each directory that cannot be opened, with errno, and each link to a
 * directory the walk is already in (a cycle of symbolic links, not
 * followed), with ELOOP.
 */
#define LEXER_MAX_DIR_DEPTH 64
struct lexer_walk {
	void (*file)(void *ctx, const char *path, unsigned depth);
	void (*fail)(void *ctx, const char *dir, int err);
	void *ctx;
};
void lexer_walk_dir(const char *dir, unsigned depth, const struct lexer_walk *w);
/* the message for a directory that cannot be opened (malloc'd) */
char *lexer_dir_failure(const char *dir, int err);
/* read object definitions from a buffer (for tests and fuzzing); file names messages */
int lexer_read_buffer(struct rawstore *rs, const char *file, const char *buf, size_t len);

#endif

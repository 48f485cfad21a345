/*
 * cmdsplit: whether a command line can be executed directly, and its argv.
 *
 * Nagios 4 runs a command through /bin/sh -c when it contains shell
 * metacharacters or quoting it cannot resolve itself, and splits and
 * execs it otherwise.  cmdsplit does the same split: words separated by
 * blanks, single and double quotes and backslashes as the shell treats
 * them when that is all there is; any of the characters that make a
 * shell do more (redirection, pipes, variables, globbing, command
 * substitution, ';', '&', ...) send the line to the shell.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_CMDSPLIT_H
#define JAQUE_CMDSPLIT_H

/*
 * Split line.  Returns 0 with *argv set to a NULL-terminated vector in one
 * heap block (free(*argv) frees all), 1 when the line needs /bin/sh -c
 * (*argv NULL), -1 when the line is empty or has no command (*argv NULL).
 */
int cmdsplit(const char *line, char ***argv);

#endif

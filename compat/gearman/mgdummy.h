/*
 * mgdummy: mod_gearman's in-core check_dummy (its internal_check_dummy
 * option): a command line whose first word ends in "/check_dummy" is
 * answered by the core with the state and text check_dummy would give,
 * as mod_gearman 5.2 reads such a line: the first word after the command
 * is the state (quotes taken off), the rest the text (up to its closing
 * quote when quoted, else its first word).  A line whose text would need
 * the shell (an unquoted or double-quoted text with one of $&();<>`"'|),
 * and any other command, is left to run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGDUMMY_H
#define JAQUE_MGDUMMY_H

/*
 * 1 when line is answered here: *rc the exit code, *out the output (a
 * heap string, with check_dummy's trailing newline where mod_gearman
 * writes one); 0 when it must run.
 */
int mgdummy_answer(const char *line, int *rc, char **out);

#endif

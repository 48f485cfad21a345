/*
 * mgdummy: mod_gearman's in-core check_dummy (mgdummy.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgdummy.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

/* mod_gearman's version string, which its check_dummy -V prints */
#define MGDUMMY_VERSION "5.2.4"

/* the next word of *p (split at single spaces, as strtok with " " splits) */
static char *
word(char **p)
{
	char *w;

	while (**p == ' ')
		(*p)++;
	if (**p == '\0')
		return NULL;
	w = *p;
	while (**p != '\0' && **p != ' ')
		(*p)++;
	if (**p == ' ')
		*(*p)++ = '\0';
	return w;
}

/* s without its opening quote q, up to the next q (or its end) */
static char *
unquote(char *s, char q)
{
	char *end;

	s++;
	while (*s == q)
		s++;
	if ((end = strchr(s, q)) != NULL)
		*end = '\0';
	return s;
}

int
mgdummy_answer(const char *line, int *rc, char **out)
{
	char *copy, *p, *cmd, *arg, *text;
	int shell = 0;

	if (strstr(line, "/check_dummy") == NULL)
		return 0;
	p = copy = xstrdup(line);
	cmd = word(&p);
	if (cmd == NULL || strstr(cmd, "/check_dummy") == NULL) {
		free(copy);
		return 0;
	}
	arg = word(&p);
	if (arg == NULL)
		arg = "";
	if (*arg == '"' || *arg == '\'')
		arg = unquote(arg, *arg);
	text = p;
	if (*text == '"') {
		text = unquote(text, '"');
		shell = 1;
	} else if (*text == '\'') {
		text = unquote(text, '\'');
	} else {
		/* its first word; a text of blanks only stays as it is */
		char *w = text + strspn(text, " \t");

		if (*w != '\0') {
			w[strcspn(w, " \t")] = '\0';
			text = w;
		}
		shell = 1;
	}
	if (shell && strpbrk(text, "$&();<>`\"'|") != NULL) {
		free(copy);
		return 0;
	}
	if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
		*out = xstrdup("internal mod-gearman check_dummy, v" MGDUMMY_VERSION "\n");
		*rc = 3;
	} else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0 ||
	    strspn(arg, "0123456789 ") != strlen(arg)) {
		*out = xstrdup("usage: check_dummy <state> <output>\nsee check_dummy --help for "
		    "complete help.");
		*rc = 3;
	} else {
		static const char *const names[] = { "OK", "WARNING", "CRITICAL", "UNKNOWN" };
		/* arg is digits and blanks only: the number it begins with, as atoi reads it */
		long v = strtol(arg, NULL, 10);

		if (v >= 0 && v <= 3) {
			*out = xasprintf("%s: %s\n", names[v], text);
			*rc = (int)v;
		} else {
			*out = xasprintf("UNKNOWN: Status %s is not a supported error state", arg);
			*rc = 3;
		}
	}
	free(copy);
	return 1;
}

/*
 * strutil: see strutil.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/strutil.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

static int
str_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

char *
str_trim(char *s)
{
	size_t n;

	while (str_is_blank(*s))
		s++;
	n = strlen(s);
	while (n > 0 && str_is_blank(s[n - 1]))
		s[--n] = '\0';
	return s;
}

char *
str_next_token(char **cursor, char sep)
{
	char *start = *cursor, *p;

	if (start == NULL)
		return NULL;
	p = strchr(start, sep);
	if (p != NULL) {
		*p = '\0';
		*cursor = p + 1;
	} else {
		*cursor = NULL;
	}
	return str_trim(start);
}

int
str_to_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	while (str_is_blank(*s))
		s++;
	if (*s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0)
		return -1;
	while (str_is_blank(*end))
		end++;
	if (*end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
str_to_double(const char *s, double *out)
{
	char *end;
	double v;

	while (str_is_blank(*s))
		s++;
	if (*s == '\0')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0)
		return -1;
	while (str_is_blank(*end))
		end++;
	if (*end != '\0')
		return -1;
	*out = v;
	return 0;
}

long
str_atol_lenient(const char *s)
{
	return strtol(s, NULL, 10);
}

double
str_atof_lenient(const char *s)
{
	return strtod(s, NULL);
}

int
str_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

char *
str_path_join(const char *dir, const char *path)
{
	size_t n;

	if (path[0] == '/' || dir == NULL || dir[0] == '\0')
		return xstrdup(path);
	n = strlen(dir);
	if (n > 0 && dir[n - 1] == '/')
		return xasprintf("%s%s", dir, path);
	return xasprintf("%s/%s", dir, path);
}

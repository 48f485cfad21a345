/*
 * cmdsplit: Nagios 4.4.6's decision between exec and /bin/sh -c, and its
 * word splitting when it execs.
 *
 * Nagios (lib/runcmd.c) scans a command line once with a small bit-state
 * machine: "inside a word", "inside single quotes", "inside double
 * quotes", "after ';' or '&'", and "the last backslash escaped something
 * inside double quotes".  Any unquoted redirection, pipe, job control,
 * parenthesis or wildcard, any '$' or backquote not protected by single
 * quotes or a backslash, or a quote left open sends the whole line to the
 * shell.  Otherwise the words it collected are exec'd directly.  Its
 * state tests are exact comparisons in some places and bit tests in
 * others, which gives a few odd results (an escaped '"' inside double
 * quotes closes them; blanks right after that do not end the word).  An
 * admin's command line that worked under Nagios must split the same way
 * here, so this file reproduces those results rather than the shell's;
 * the unit test pins them.
 *
 * Called by the check code when it builds a job; pure, no allocation but
 * the returned vector.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/worker/cmdsplit.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

/* scanner state bits; CS_NONE (no bit) is "between words" */
#define CS_NONE    0u
#define CS_WORD    (1u << 0)
#define CS_SQ      (1u << 1)
#define CS_DQ      (1u << 2)
#define CS_SPECIAL (1u << 3)  /* after an unquoted ';' or '&' */
#define CS_ESC     (1u << 4)  /* a backslash inside "" took the next byte */

struct cs_scan {
	const char *line;
	size_t len;
	size_t i;          /* index of the byte being looked at */
	unsigned st;
	int shell;         /* something only a shell can do was seen */
	char *text;        /* the words, each NUL-terminated, back to back */
	size_t tlen;
	size_t *starts;    /* offset in text of each word */
	size_t nwords;
};

static int
cs_quoted(const struct cs_scan *s)
{
	return (s->st & (CS_SQ | CS_DQ)) != 0;
}

static void
cs_start_word(struct cs_scan *s)
{
	s->starts[s->nwords++] = s->tlen;
}

/*
 * Copy one byte into the current word.  A pending escape is spent by it;
 * between words it opens a new word.
 */
static void
cs_literal(struct cs_scan *s, char c)
{
	s->st &= ~CS_ESC;
	if (s->st == CS_NONE) {
		s->st = CS_WORD;
		cs_start_word(s);
	}
	s->text[s->tlen++] = c;
}

static void
cs_blank(struct cs_scan *s, char c)
{
	if (s->st == CS_WORD) {
		/* only a plain word ends at a blank */
		s->st = CS_NONE;
		s->text[s->tlen++] = '\0';
	} else if (cs_quoted(s)) {
		cs_literal(s, c);
	}
	/* otherwise blanks are skipped, whatever else the state holds */
}

static void
cs_backslash(struct cs_scan *s)
{
	char next = s->line[s->i + 1];

	if ((s->st & CS_SQ) || (s->st & CS_ESC)) {
		cs_literal(s, '\\');
		return;
	}
	if (s->st & CS_DQ) {
		/* inside "" only these four lose their meaning after '\' */
		if (next == '"' || next == '\\' || next == '$' || next == '`')
			s->st |= CS_ESC;
		else
			cs_literal(s, '\\');
		return;
	}
	/* unquoted: the next byte is taken as it is, whatever it is */
	s->i++;
	if (next == '\0') {
		/* a trailing backslash still opens a (then empty) word */
		s->st &= ~CS_ESC;
		if (s->st == CS_NONE) {
			s->st = CS_WORD;
			cs_start_word(s);
		}
		return;
	}
	cs_literal(s, next);
}

/*
 * A quote opens only between words or in a plain word; closes its own
 * kind; anything else makes it an ordinary byte.
 */
static void
cs_quote(struct cs_scan *s, char c)
{
	unsigned mine = c == '\'' ? CS_SQ : CS_DQ;
	unsigned other = c == '\'' ? CS_DQ : CS_SQ;

	if (s->st & other) {
		cs_literal(s, c);
	} else if (s->st & mine) {
		s->st &= ~mine;
	} else if (s->st == CS_NONE || s->st == CS_WORD) {
		if (s->st == CS_NONE)
			cs_start_word(s);
		s->st = mine | CS_WORD;
	} else {
		cs_literal(s, c);
	}
}

static void
cs_byte(struct cs_scan *s)
{
	char c = s->line[s->i];

	switch (c) {
	case ' ': case '\t': case '\r': case '\n':
		cs_blank(s, c);
		return;
	case '\\':
		cs_backslash(s);
		return;
	case '\'': case '"':
		cs_quote(s, c);
		return;
	case '|': case '<': case '>':
	case '(': case ')':
	case '*': case '?':
		if (!cs_quoted(s))
			s->shell = 1;
		break;
	case '&': case ';':
		if (!cs_quoted(s)) {
			s->st = CS_SPECIAL;
			s->shell = 1;
		}
		break;
	case '`': case '$':
		/* expanded inside "" too, unless single-quoted or escaped */
		if (!(s->st & CS_SQ) && !(s->st & CS_ESC))
			s->shell = 1;
		break;
	default:
		break;
	}
	cs_literal(s, c);
}

/* turn the scanned words into one block: pointers, then the text */
static char **
cs_vector(const struct cs_scan *s)
{
	size_t ptrs = (s->nwords + 1) * sizeof(char *);
	char **v = xmalloc(ptrs + s->tlen);
	char *text = (char *)v + ptrs;
	size_t k;

	memcpy(text, s->text, s->tlen);
	for (k = 0; k < s->nwords; k++)
		v[k] = text + s->starts[k];
	v[s->nwords] = NULL;
	return v;
}

int
cmdsplit(const char *line, char ***argv)
{
	struct cs_scan s;
	int ret;

	*argv = NULL;
	if (line == NULL || *line == '\0')
		return -1;
	memset(&s, 0, sizeof(s));
	s.line = line;
	s.len = strlen(line);
	/* each byte yields at most one byte or one terminator */
	s.text = xmalloc(s.len + 1);
	s.starts = xcalloc(s.len / 2 + 2, sizeof(size_t));
	for (s.i = 0; s.i < s.len; s.i++)
		cs_byte(&s);
	s.text[s.tlen++] = '\0';
	if (s.st & (CS_SQ | CS_DQ))
		s.shell = 1;

	if (s.shell)
		ret = 1;
	else if (s.nwords == 0)
		ret = -1;
	else {
		*argv = cs_vector(&s);
		ret = 0;
	}
	free(s.text);
	free(s.starts);
	return ret;
}

/*
 * test_lsreq: cutting Livestatus input into requests: the blank line,
 * the end of input after a whole line, pipelined requests, input in
 * pieces of one byte, trailing blanks and "\r" cut, lines of blanks
 * dropped (so "\r\n\r\n" ends nothing), a blank line with nothing before
 * it, the end inside a line, and lines and requests too long.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/livestatus/lsreq.h"

static void
feed(struct lsreq *r, const char *s, size_t n)
{
	while (n > 0) {
		size_t room;
		char *at = lsreq_space(r, &room);

		assert_true(room > 0);
		if (room > n)
			room = n;
		memcpy(at, s, room);
		lsreq_filled(r, room);
		s += room;
		n -= room;
	}
}

/* the next request's lines joined by '|' (cut at the buffer's size) */
static char *
next(struct lsreq *r, enum lsreq_step want)
{
	static char buf[256];
	char **lines;
	size_t n, i, len = 0;
	enum lsreq_step st = lsreq_next(r, &lines, &n);

	assert_int_equal(st, want);
	buf[0] = '\0';
	if (st != LSREQ_REQUEST)
		return buf;
	for (i = 0; i < n; i++) {
		size_t k = strlen(lines[i]);

		if (i > 0 && len + 1 < sizeof(buf))
			buf[len++] = '|';
		if (k > sizeof(buf) - 1 - len)
			k = sizeof(buf) - 1 - len;
		memcpy(buf + len, lines[i], k);
		len += k;
		buf[len] = '\0';
	}
	return buf;
}

static void
t_blank_line(void **state)
{
	struct lsreq *r = lsreq_new();

	(void)state;
	feed(r, "GET hosts\nColumns: name  \n\nGET status\n\n\nGET x", 45);
	assert_string_equal(next(r, LSREQ_REQUEST), "GET hosts|Columns: name");
	assert_string_equal(next(r, LSREQ_REQUEST), "GET status");
	next(r, LSREQ_CLOSE);
	next(r, LSREQ_MORE);
	feed(r, "\n", 1);
	next(r, LSREQ_MORE);
	lsreq_eof(r);
	assert_string_equal(next(r, LSREQ_REQUEST), "GET x");
	next(r, LSREQ_CLOSE);
	lsreq_free(r);
}

/*
 * A command is its line alone; the lines after it start the next request,
 * which goes on to the next blank line (naemon-livestatus's InputBuffer):
 * two commands in one request both run, the second once that request
 * ends; a GET after a command takes the next request's lines as headers
 * and waits for the blank line after them.
 */
static void
t_command_lines(void **state)
{
	const char *in = "COMMAND [1] A\nCOMMAND [2] B\n\nCOMMAND [3] C\nGET hosts\n\n"
	    "Columns: name\n\n";
	struct lsreq *r = lsreq_new();
	char big[600];
	size_t i;

	(void)state;
	feed(r, in, strlen(in));
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [1] A");
	/* B waits for the end of the request it now starts */
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [2] B");
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [3] C");
	/* the blank line after "Columns: name" ended C's request */
	next(r, LSREQ_MORE);
	feed(r, "\n", 1);
	assert_string_equal(next(r, LSREQ_REQUEST), "GET hosts|Columns: name");
	next(r, LSREQ_MORE);
	lsreq_free(r);
	/* at the end of the input the lines left over are a request */
	r = lsreq_new();
	feed(r, "COMMAND [1] A\nCOMMAND [2] B\n", 28);
	next(r, LSREQ_MORE);
	lsreq_eof(r);
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [1] A");
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [2] B");
	next(r, LSREQ_CLOSE);
	lsreq_free(r);
	/* a line left over stays whole when the buffer is made room in */
	r = lsreq_new();
	feed(r, "COMMAND [1] A\nCOMMAND [2] B\n\n", 29);
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [1] A");
	next(r, LSREQ_MORE);
	for (i = 0; i < sizeof(big) - 2; i++)
		big[i] = 'x';
	big[sizeof(big) - 2] = '\n';
	big[sizeof(big) - 1] = '\n';
	feed(r, big, sizeof(big));
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND [2] B");
	next(r, LSREQ_MORE);
	feed(r, "\n", 1);
	assert_int_equal(strlen(next(r, LSREQ_REQUEST)), 255);
	/* "COMMAND" with no space is no command: the request stays whole */
	feed(r, "COMMAND\nX\n\n", 11);
	assert_string_equal(next(r, LSREQ_REQUEST), "COMMAND|X");
	lsreq_free(r);
}

static void
t_bytewise(void **state)
{
	const char *in = "GET hosts\r\nFilter: a = b\r\n \t\r\n\r\nLimit: 1\n\n";
	struct lsreq *r = lsreq_new();
	size_t i;

	(void)state;
	for (i = 0; in[i] != '\0'; i++) {
		feed(r, in + i, 1);
		if (in[i + 1] != '\0')
			next(r, LSREQ_MORE);
	}
	/* "\r\n\r\n" ends nothing: only the truly empty line does */
	assert_string_equal(next(r, LSREQ_REQUEST), "GET hosts|Filter: a = b|Limit: 1");
	lsreq_free(r);
}

static void
t_eof(void **state)
{
	struct lsreq *r = lsreq_new();

	(void)state;
	lsreq_eof(r);
	next(r, LSREQ_CLOSE);
	lsreq_free(r);
	r = lsreq_new();
	feed(r, "GET hosts\nColumns: na", 21);
	lsreq_eof(r);
	next(r, LSREQ_BAD);
	lsreq_free(r);
}

static void
t_too_long(void **state)
{
	struct lsreq *r = lsreq_new();
	char *big = malloc(LSREQ_LINE_MAX + 10);
	size_t i;

	(void)state;
	memset(big, 'x', LSREQ_LINE_MAX + 10);
	feed(r, "GET hosts\n", 10);
	feed(r, big, LSREQ_LINE_MAX + 10);
	next(r, LSREQ_BAD);
	lsreq_free(r);
	/* many short lines: the request as a whole is capped */
	r = lsreq_new();
	feed(r, "GET hosts\n", 10);
	for (i = 0; i < LSREQ_MAX_LINES; i++)
		feed(r, "Filter: a = b\n", 14);
	next(r, LSREQ_BAD);
	lsreq_free(r);
	/* a line just under the cap is fine */
	r = lsreq_new();
	feed(r, "GET hosts\nFilter: a = ", 22);
	feed(r, big, LSREQ_LINE_MAX - 100);
	feed(r, "\n\n", 2);
	assert_int_equal(strlen(next(r, LSREQ_REQUEST)) > 0, 1);
	assert_int_equal(lsreq_pending(r), 0);
	lsreq_free(r);
	free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_blank_line),
		cmocka_unit_test(t_command_lines),
		cmocka_unit_test(t_bytewise),
		cmocka_unit_test(t_eof),
		cmocka_unit_test(t_too_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_cmdsplit: the exec-or-shell decision and the word splitting of
 * Nagios 4.4.6 (lib/runcmd.c, runcmd_cmd2strv).  Every expectation here
 * was checked against that function compiled from the 4.4.6 source,
 * including its oddities: an escaped '"' inside double quotes closes
 * them, blanks right after such a close do not end the word, and quotes
 * alone never force the shell.  Links engine/worker/cmdsplit.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/worker/cmdsplit.h"

#define MAXW 8

struct split_case {
	const char *line;
	int ret;
	const char *words[MAXW];  /* when ret is 0; NULL-terminated */
};

static void
check_case(const struct split_case *c)
{
	char **argv = (char **)1;
	int ret = cmdsplit(c->line, &argv), k;

	if (ret != c->ret)
		fail_msg("cmdsplit(<%s>) returned %d, expected %d", c->line, ret, c->ret);
	if (ret != 0) {
		assert_null(argv);
		return;
	}
	assert_non_null(argv);
	for (k = 0; c->words[k] != NULL; k++) {
		if (argv[k] == NULL)
			fail_msg("<%s>: word %d missing", c->line, k);
		if (strcmp(argv[k], c->words[k]) != 0)
			fail_msg("<%s>: word %d is <%s>, expected <%s>", c->line, k, argv[k],
			    c->words[k]);
	}
	if (argv[k] != NULL)
		fail_msg("<%s>: extra word <%s>", c->line, argv[k]);
	free(argv);  /* one block */
}

static void
run_cases(const struct split_case *cases, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		check_case(&cases[k]);
}

/* ordinary plugin command lines are exec'd directly */
static void
t_plain(void **state)
{
	static const struct split_case cases[] = {
		{ "/usr/lib/nagios/plugins/check_ping -H 10.0.0.1 -w 100.0,20% -c 500.0,60%", 0,
		    { "/usr/lib/nagios/plugins/check_ping", "-H", "10.0.0.1", "-w", "100.0,20%",
		        "-c", "500.0,60%" } },
		{ "check_dummy 0", 0, { "check_dummy", "0" } },
		{ "  lead   and\ttrail \r\n", 0, { "lead", "and", "trail" } },
		{ "a\tb\nc", 0, { "a", "b", "c" } },
		{ "x", 0, { "x" } },
		/* characters a shell would treat specially but Nagios does not */
		{ "a#b", 0, { "a#b" } },
		{ "#a", 0, { "#a" } },
		{ "~/x", 0, { "~/x" } },
		{ "a{b,c}", 0, { "a{b,c}" } },
		{ "!x", 0, { "!x" } },
		{ "a=b", 0, { "a=b" } },
		{ "FOO=bar /bin/true", 0, { "FOO=bar", "/bin/true" } },
		{ "-w 5% -c 10%", 0, { "-w", "5%", "-c", "10%" } },
	};

	(void)state;
	run_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

static void
t_quotes(void **state)
{
	static const struct split_case cases[] = {
		{ "check_http -u '/a b' -s \"x y\"", 0,
		    { "check_http", "-u", "/a b", "-s", "x y" } },
		{ "''", 0, { "" } },
		{ "\"\"", 0, { "" } },
		{ "a '' b", 0, { "a", "", "b" } },
		{ "pre'mid dle'post", 0, { "premid dlepost" } },
		{ "'a'\"b\"c", 0, { "abc" } },
		/* specials inside quotes are plain bytes */
		{ "\"a|b\" 'c;d' \"(e)\" '*?' \"<>&\"", 0, { "a|b", "c;d", "(e)", "*?", "<>&" } },
		{ "'$HOME'", 0, { "$HOME" } },
		{ "'`b`'", 0, { "`b`" } },
		/* one kind of quote inside the other */
		{ "\"it's\"", 0, { "it's" } },
		{ "'say \"hi\"'", 0, { "say \"hi\"" } },
		/* blanks inside quotes are kept, tabs and newlines too */
		{ "'a\tb\nc'", 0, { "a\tb\nc" } },
	};

	(void)state;
	run_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

static void
t_backslashes(void **state)
{
	static const struct split_case cases[] = {
		/* unquoted: the next byte is taken as it is */
		{ "a\\ b c\\\\d", 0, { "a b", "c\\d" } },
		{ "a\\$b", 0, { "a$b" } },
		{ "a\\nb", 0, { "anb" } },
		{ "a\\\"b", 0, { "a\"b" } },
		{ "a\\|b \\; \\&", 0, { "a|b", ";", "&" } },
		{ "it\\'s", 0, { "it's" } },
		/* a trailing backslash ends the word, or makes an empty one */
		{ "a\\", 0, { "a" } },
		{ "a \\", 0, { "a", "" } },
		/* inside '': kept */
		{ "a 'b\\c' d", 0, { "a", "b\\c", "d" } },
		/* inside "": escapes only " \ $ ` and is kept before anything else */
		{ "a \"b\\c\" d", 0, { "a", "b\\c", "d" } },
		{ "\"\\\\\"", 0, { "\\" } },
		{ "x \"\\$HOME\" y", 0, { "x", "$HOME", "y" } },
		{ "\"\\`id\\`\"", 0, { "`id`" } },
		/* Nagios's quirk: \" inside "" closes the quotes, and the blank
		 * after it does not end the word */
		{ "\"a\\\" b", 0, { "ab" } },
	};

	(void)state;
	run_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

/* what sends a line to /bin/sh -c */
static void
t_shell(void **state)
{
	static const struct split_case cases[] = {
		{ "a|b", 1, { NULL } },
		{ "echo x > /tmp/f", 1, { NULL } },
		{ "cat < /etc/hosts", 1, { NULL } },
		{ "a;b", 1, { NULL } },
		{ "a && b", 1, { NULL } },
		{ "sleep 1 &", 1, { NULL } },
		{ "(a)", 1, { NULL } },
		{ "a)", 1, { NULL } },
		{ "a*", 1, { NULL } },
		{ "a?", 1, { NULL } },
		{ "a$b", 1, { NULL } },
		{ "echo $(id)", 1, { NULL } },
		{ "a `b`", 1, { NULL } },
		/* $ and ` are expanded inside "" too */
		{ "\"$HOME\"", 1, { NULL } },
		{ "\"`b`\"", 1, { NULL } },
		/* unbalanced quotes */
		{ "it's", 1, { NULL } },
		{ "\"unterminated", 1, { NULL } },
		{ "'open", 1, { NULL } },
		/* the \" quirk leaves a quote open here */
		{ "\"a\\\"b\"", 1, { NULL } },
		{ "\"a\\\"b\\\"c\"", 1, { NULL } },
		/* a special after a ';' still counts once, whatever follows */
		{ "true; echo 'x y'", 1, { NULL } },
		/* an escaped $ inside "" followed by a real one */
		{ "\"\\$a$b\"", 1, { NULL } },
	};

	(void)state;
	run_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

static void
t_empty(void **state)
{
	static const struct split_case cases[] = {
		{ "", -1, { NULL } },
		{ "   ", -1, { NULL } },
		{ " \t\r\n ", -1, { NULL } },
	};
	char **argv = (char **)1;

	(void)state;
	run_cases(cases, sizeof(cases) / sizeof(cases[0]));
	assert_int_equal(cmdsplit(NULL, &argv), -1);
	assert_null(argv);
}

/* the vector is one block with room for every word of a long line */
static void
t_many_words(void **state)
{
	char line[2001];
	char **argv;
	int k;

	(void)state;
	for (k = 0; k < 1000; k++) {
		line[2 * k] = (char)('a' + k % 26);
		line[2 * k + 1] = ' ';
	}
	line[1999] = '\0';
	assert_int_equal(cmdsplit(line, &argv), 0);
	for (k = 0; k < 1000; k++) {
		assert_non_null(argv[k]);
		assert_int_equal(argv[k][0], 'a' + k % 26);
		assert_int_equal(argv[k][1], '\0');
	}
	assert_null(argv[1000]);
	free(argv);

	/* a line of nothing but empty quoted words */
	memset(line, '\'', 2000);
	line[2000] = '\0';
	assert_int_equal(cmdsplit(line, &argv), 0);
	assert_string_equal(argv[0], "");
	assert_null(argv[1]);
	free(argv);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_plain),
		cmocka_unit_test(t_quotes),
		cmocka_unit_test(t_backslashes),
		cmocka_unit_test(t_shell),
		cmocka_unit_test(t_empty),
		cmocka_unit_test(t_many_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

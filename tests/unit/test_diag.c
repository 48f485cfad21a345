/*
 * test_diag: the one path every configuration diagnostic takes.  Checks
 * the counts, that each entry keeps its own copy of the location, the
 * printed "Error: ..." / "Warning: ..." line with Nagios-style location
 * suffix (captured through open_memstream), that a NULL stream prints
 * nothing to stdout or stderr, and diag_has.  Links compat/config/diag.c and
 * engine/util/{vec,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/diag.h"

struct t {
	FILE *out;
	char *buf;
	size_t len;
	struct diag *d;
};

static int
t_setup(void **state)
{
	struct t *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return -1;
	t->out = open_memstream(&t->buf, &t->len);
	if (t->out == NULL)
		return -1;
	t->d = diag_new(t->out);
	*state = t;
	return 0;
}

static int
t_teardown(void **state)
{
	struct t *t = *state;

	diag_free(t->d);
	fclose(t->out);
	free(t->buf);
	free(t);
	return 0;
}

/* what has been printed so far */
static const char *
t_printed(struct t *t)
{
	fflush(t->out);
	return t->buf != NULL ? t->buf : "";
}

static void
t_counts(void **state)
{
	struct t *t = *state;
	struct diag_loc loc = { "a.cfg", 1, NULL, NULL, NULL };

	assert_int_equal(diag_errors(t->d), 0);
	assert_int_equal(diag_warnings(t->d), 0);
	assert_int_equal(diag_count(t->d), 0);
	assert_null(diag_get(t->d, 0));
	diag_error(t->d, &loc, "e1");
	diag_warning(t->d, &loc, "w1");
	diag_warning(t->d, NULL, "w2");
	diag_error(t->d, NULL, "e%d", 2);
	diag_error(t->d, &loc, "e3");
	assert_int_equal(diag_errors(t->d), 3);
	assert_int_equal(diag_warnings(t->d), 2);
	assert_int_equal(diag_count(t->d), 5);
	/* entries come back in order, with their kind */
	assert_int_equal(diag_get(t->d, 0)->kind, DIAG_ERROR);
	assert_string_equal(diag_get(t->d, 0)->msg, "e1");
	assert_int_equal(diag_get(t->d, 1)->kind, DIAG_WARNING);
	assert_string_equal(diag_get(t->d, 1)->msg, "w1");
	assert_string_equal(diag_get(t->d, 3)->msg, "e2");
	assert_string_equal(diag_get(t->d, 4)->msg, "e3");
	assert_null(diag_get(t->d, 5));
	assert_null(diag_get(t->d, 1000));
}

static void
t_location_copied(void **state)
{
	struct t *t = *state;
	char file[] = "hosts.cfg", otype[] = "host", oname[] = "web01", dir[] = "parents";
	struct diag_loc loc = { file, 12, otype, oname, dir };
	const struct diag_entry *e;

	diag_error(t->d, &loc, "Host '%s' not found", "gw");
	/* the caller's buffers may change or die: the entry has its own copies */
	memset(file, 'X', sizeof(file) - 1);
	memset(oname, 'X', sizeof(oname) - 1);
	loc.line = 99;
	e = diag_get(t->d, 0);
	assert_non_null(e);
	assert_string_equal(e->loc.file, "hosts.cfg");
	assert_ptr_not_equal(e->loc.file, file);
	assert_int_equal(e->loc.line, 12);
	assert_string_equal(e->loc.otype, "host");
	assert_string_equal(e->loc.oname, "web01");
	assert_string_equal(e->loc.directive, "parents");
	assert_string_equal(e->msg, "Host 'gw' not found");
}

static void
t_location_null(void **state)
{
	struct t *t = *state;
	const struct diag_entry *e;
	struct diag_loc loc = { NULL, 0, NULL, NULL, NULL };

	diag_warning(t->d, NULL, "no location");
	e = diag_get(t->d, 0);
	assert_null(e->loc.file);
	assert_int_equal(e->loc.line, 0);
	assert_null(e->loc.otype);
	assert_null(e->loc.oname);
	assert_null(e->loc.directive);
	assert_string_equal(e->text, "Warning: no location");
	/* an all-empty location prints no parentheses either */
	diag_error(t->d, &loc, "empty location");
	assert_string_equal(diag_get(t->d, 1)->text, "Error: empty location");
}

static void
t_format(void **state)
{
	struct t *t = *state;
	struct diag_loc full = { "f", 3, "host", "h", "d" };
	struct diag_loc fileline = { "x.cfg", 7, NULL, NULL, NULL };
	struct diag_loc fileonly = { "x.cfg", 0, NULL, NULL, NULL };
	struct diag_loc obj = { NULL, 0, "service", "h;s", NULL };
	struct diag_loc unnamed = { "t.cfg", 2, "host", NULL, "use" };
	struct diag_loc dironly = { NULL, 0, NULL, NULL, "check_interval" };

	diag_error(t->d, &full, "msg");
	diag_warning(t->d, &full, "msg");
	diag_error(t->d, &fileline, "a");
	diag_warning(t->d, &fileonly, "b");
	diag_error(t->d, &obj, "c");
	diag_error(t->d, &unnamed, "d");
	diag_warning(t->d, &dironly, "e");

	assert_string_equal(diag_get(t->d, 0)->text,
	    "Error: msg (file 'f', line 3, host 'h', directive 'd')");
	assert_string_equal(diag_get(t->d, 1)->text,
	    "Warning: msg (file 'f', line 3, host 'h', directive 'd')");
	assert_string_equal(diag_get(t->d, 2)->text, "Error: a (file 'x.cfg', line 7)");
	assert_string_equal(diag_get(t->d, 3)->text, "Warning: b (file 'x.cfg')");
	assert_string_equal(diag_get(t->d, 4)->text, "Error: c (service 'h;s')");
	assert_string_equal(diag_get(t->d, 5)->text,
	    "Error: d (file 't.cfg', line 2, host '(unnamed)', directive 'use')");
	assert_string_equal(diag_get(t->d, 6)->text,
	    "Warning: e (directive 'check_interval')");

	/* what was printed is exactly the texts, one per line, in order */
	assert_string_equal(t_printed(t),
	    "Error: msg (file 'f', line 3, host 'h', directive 'd')\n"
	    "Warning: msg (file 'f', line 3, host 'h', directive 'd')\n"
	    "Error: a (file 'x.cfg', line 7)\n"
	    "Warning: b (file 'x.cfg')\n"
	    "Error: c (service 'h;s')\n"
	    "Error: d (file 't.cfg', line 2, host '(unnamed)', directive 'use')\n"
	    "Warning: e (directive 'check_interval')\n");
}

static void
t_printed_at_once(void **state)
{
	struct t *t = *state;

	/* diag flushes each line, so it is visible before the next call */
	diag_error(t->d, NULL, "first");
	assert_int_equal(t->len, strlen("Error: first\n"));
	assert_string_equal(t->buf, "Error: first\n");
	diag_warning(t->d, NULL, "second %s %d", "x", 5);
	assert_string_equal(t->buf, "Error: first\nWarning: second x 5\n");
}

static void
t_out_null(void **state)
{
	struct diag *d;
	FILE *cap;
	int o1, o2;
	struct diag_loc loc = { "f", 3, "host", "h", "d" };

	(void)state;
	/* catch anything written to fd 1 or 2, by whatever path */
	cap = tmpfile();
	assert_non_null(cap);
	fflush(stdout);
	fflush(stderr);
	o1 = dup(1);
	o2 = dup(2);
	assert_true(o1 >= 0 && o2 >= 0);
	assert_true(dup2(fileno(cap), 1) == 1 && dup2(fileno(cap), 2) == 2);
	d = diag_new(NULL);
	diag_error(d, &loc, "quiet error");
	diag_warning(d, NULL, "quiet warning");
	fflush(stdout);
	fflush(stderr);
	dup2(o1, 1);
	dup2(o2, 2);
	close(o1);
	close(o2);
	assert_int_equal(fseek(cap, 0, SEEK_END), 0);
	assert_int_equal(ftell(cap), 0);
	fclose(cap);
	/* still recorded and counted */
	assert_int_equal(diag_errors(d), 1);
	assert_int_equal(diag_warnings(d), 1);
	assert_string_equal(diag_get(d, 0)->text,
	    "Error: quiet error (file 'f', line 3, host 'h', directive 'd')");
	assert_true(diag_has(d, DIAG_WARNING, "quiet warning"));
	diag_free(d);
	diag_free(NULL);
}

static void
t_has(void **state)
{
	struct t *t = *state;
	struct diag_loc loc = { "hosts.cfg", 4, "host", "web01", "parents" };

	assert_int_equal(diag_has(t->d, DIAG_ERROR, "anything"), 0);
	diag_error(t->d, &loc, "Host 'gw' not found");
	diag_warning(t->d, NULL, "Host 'web02' has no services");
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "Host 'gw' not found"), 1);
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "not found"), 1);
	assert_int_equal(diag_has(t->d, DIAG_ERROR, ""), 1);
	/* the kind must match */
	assert_int_equal(diag_has(t->d, DIAG_WARNING, "not found"), 0);
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "no services"), 0);
	assert_int_equal(diag_has(t->d, DIAG_WARNING, "no services"), 1);
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "not fund"), 0);
	/*
	 * It searches the full printed text, prefix and location included
	 * (test_preflight relies on this), not only the message.
	 */
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "Error: Host 'gw'"), 1);
	assert_int_equal(diag_has(t->d, DIAG_ERROR, "(file 'hosts.cfg', line 4"), 1);
	assert_int_equal(diag_has(t->d, DIAG_WARNING, "Warning: Host 'web02'"), 1);
}

static void
t_long_message(void **state)
{
	struct t *t = *state;
	char big[3000], file[3000];
	struct diag_loc loc = { file, 1, NULL, NULL, NULL };
	const struct diag_entry *e;

	memset(big, 'm', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memset(file, 'f', sizeof(file) - 1);
	file[sizeof(file) - 1] = '\0';
	diag_error(t->d, &loc, "%s", big);
	e = diag_get(t->d, 0);
	assert_string_equal(e->msg, big);
	assert_string_equal(e->loc.file, file);
	/* the printed location may be cut, but the line is well formed */
	assert_true(strncmp(e->text, "Error: mmm", 10) == 0);
	assert_non_null(strstr(e->text, " (file 'fff"));
	assert_int_equal(e->text[strlen(e->text) - 1], ')');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_counts, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_location_copied, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_location_null, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_format, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_printed_at_once, t_setup, t_teardown),
		cmocka_unit_test(t_out_null),
		cmocka_unit_test_setup_teardown(t_has, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_long_message, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

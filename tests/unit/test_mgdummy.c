/*
 * test_mgdummy: mod_gearman's in-core check_dummy, line by line as
 * mod_gearman 5.2 reads them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "compat/gearman/mgdummy.h"

static void
answer(const char *line, int want_rc, const char *want_out)
{
	char *out = NULL;
	int rc = -1;

	assert_int_equal(mgdummy_answer(line, &rc, &out), 1);
	assert_int_equal(rc, want_rc);
	assert_string_equal(out, want_out);
	free(out);
}

static void
runs(const char *line)
{
	char *out = NULL;
	int rc = -1;

	assert_int_equal(mgdummy_answer(line, &rc, &out), 0);
	assert_null(out);
}

static void
t_states(void **state)
{
	(void)state;
	answer("/usr/lib/nagios/plugins/check_dummy 0 fine", 0, "OK: fine\n");
	answer("/usr/lib/nagios/plugins/check_dummy 1 'slow disk'", 1, "WARNING: slow disk\n");
	answer("/usr/lib/nagios/plugins/check_dummy 2 \"down hard\"", 2, "CRITICAL: down hard\n");
	answer("/p/check_dummy '3' 'who knows'", 3, "UNKNOWN: who knows\n");
	answer("/p/check_dummy 7 x", 3, "UNKNOWN: Status 7 is not a supported error state");
	/* unquoted: the first word only */
	answer("/p/check_dummy 0 two words", 0, "OK: two\n");
	answer("/p/check_dummy 0", 0, "OK: \n");
}

static void
t_usage(void **state)
{
	(void)state;
	answer("/p/check_dummy -V", 3, "internal mod-gearman check_dummy, v5.2.4\n");
	answer("/p/check_dummy --help", 3,
	    "usage: check_dummy <state> <output>\nsee check_dummy --help for complete help.");
	answer("/p/check_dummy ok text", 3,
	    "usage: check_dummy <state> <output>\nsee check_dummy --help for complete help.");
}

/* what needs the shell, or is another command, runs */
static void
t_runs(void **state)
{
	(void)state;
	runs("/usr/lib/nagios/plugins/check_tcp -H x -p 1");
	runs("check_dummy 0 fine");                       /* no path: not mod_gearman's case */
	runs("/bin/echo /x/check_dummy 0");              /* the first word is not check_dummy */
	runs("/p/check_dummy 0 \"$(reboot)\"");
	runs("/p/check_dummy 0 a|b");
	/* single quotes: taken as they are, shell characters and all */
	answer("/p/check_dummy 0 'a|b'", 0, "OK: a|b\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_states),
		cmocka_unit_test(t_usage),
		cmocka_unit_test(t_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

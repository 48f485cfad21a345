/*
 * test_result: plugin output parsing and the mapping of exits, signals,
 * timeouts, exec failures and lost workers to Nagios 4.4.6's states and
 * texts, for services and hosts, and passive results.  The expected
 * strings are Nagios's (base/checks.c, base/utils.c parse_check_output,
 * base/workers.c).  Links engine/check/result.c and libjaque.a.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "engine/check/result.h"
#include "engine/objects/state.h"

#define EXITED(code) ((code) << 8)

static struct main_cfg cfg;

static int
setup(void **state)
{
	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	cfg.service_check_timeout_state = 2;
	cfg.interval_length = 60;
	return 0;
}

static void
parse(struct check_result *cr, const char *text)
{
	check_output_parse(cr, text, strlen(text));
}

static void
t_parse_one_line(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	parse(&cr, "OK - all fine");
	assert_string_equal(cr.output, "OK - all fine");
	assert_null(cr.long_output);
	assert_null(cr.perf_data);
	parse(&cr, "OK - all fine\n");
	assert_string_equal(cr.output, "OK - all fine");
	assert_null(cr.long_output);
	check_result_clear(&cr);
}

static void
t_parse_perf_first_line(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	parse(&cr, "OK - load 0.1 | load1=0.1;5;10;0 load5=0.2;5;10;0 ");
	assert_string_equal(cr.output, "OK - load 0.1");
	/* ';' stays in perfdata, blanks around it go */
	assert_string_equal(cr.perf_data, "load1=0.1;5;10;0 load5=0.2;5;10;0");
	assert_null(cr.long_output);
	/* a second '|' on the first line belongs to the perfdata */
	parse(&cr, "OK | a=1 | b=2");
	assert_string_equal(cr.output, "OK");
	assert_string_equal(cr.perf_data, "a=1 | b=2");
	/* nothing after '|' is no perfdata */
	parse(&cr, "OK |");
	assert_string_equal(cr.output, "OK");
	assert_null(cr.perf_data);
	parse(&cr, "OK |   ");
	assert_null(cr.perf_data);
	check_result_clear(&cr);
}

static void
t_parse_semicolons(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	/* Nagios 4.4.6 turns ';' into ':' in the short output only */
	parse(&cr, "DISK OK; free 10%; ok\nline;two|p=1;2;3");
	assert_string_equal(cr.output, "DISK OK: free 10%: ok");
	assert_string_equal(cr.long_output, "line;two");
	assert_string_equal(cr.perf_data, "p=1;2;3");
	check_result_clear(&cr);
}

static void
t_parse_multiline(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	parse(&cr, "OK - three lines\nsecond line\nthird line\n");
	assert_string_equal(cr.output, "OK - three lines");
	assert_string_equal(cr.long_output, "second line\nthird line");
	assert_null(cr.perf_data);
	check_result_clear(&cr);
}

static void
t_parse_perf_later_line(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	/* the line with '|' ends the long output; every later line is perfdata */
	parse(&cr, "OK | a=1\nl2\nl3 | b=2\nc=3\nd=4 | e=5\n");
	assert_string_equal(cr.output, "OK");
	assert_string_equal(cr.long_output, "l2\nl3 ");
	/* pieces joined by one space each: " a=1" + " " + " b=2" keeps two */
	assert_string_equal(cr.perf_data, "a=1  b=2 c=3 d=4 | e=5");

	/* no perfdata on the first line */
	parse(&cr, "WARN\nlong one\nlong two|x=1\ny=2");
	assert_string_equal(cr.output, "WARN");
	assert_string_equal(cr.long_output, "long one\nlong two");
	assert_string_equal(cr.perf_data, "x=1 y=2");

	/* a second line starting with '|' gives no long output */
	parse(&cr, "OK\n|p=1\nmore");
	assert_null(cr.long_output);
	assert_string_equal(cr.perf_data, "p=1 more");

	/* empty lines inside the perfdata still add their space */
	parse(&cr, "OK\nl|a=1\n\nb=2");
	assert_string_equal(cr.long_output, "l");
	assert_string_equal(cr.perf_data, "a=1  b=2");
	check_result_clear(&cr);
}

static void
t_parse_whitespace(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	parse(&cr, " \t OK - spaced \t\r\n");
	assert_string_equal(cr.output, "OK - spaced");
	/* long output is not stripped; only the final newline goes */
	parse(&cr, "OK\nlong  \n");
	assert_string_equal(cr.long_output, "long  ");
	parse(&cr, "OK\nx\n\n");
	assert_string_equal(cr.long_output, "x\n");
	/* an empty second line: no separator before line 2 */
	parse(&cr, "OK\n\nthird");
	assert_string_equal(cr.long_output, "\nthird");
	/* \r is not a line end */
	parse(&cr, "OK\r\nnext\r\n");
	assert_string_equal(cr.output, "OK");
	assert_string_equal(cr.long_output, "next\r");
	/* \v is not a blank for Nagios's strip() */
	parse(&cr, "OK\v");
	assert_string_equal(cr.output, "OK\v");
	check_result_clear(&cr);
}

static void
t_parse_empty(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	parse(&cr, "OK");
	parse(&cr, "");
	assert_null(cr.output);
	assert_null(cr.long_output);
	assert_null(cr.perf_data);
	check_output_parse(&cr, NULL, 0);
	assert_null(cr.output);
	/* an empty first line: no output, the rest is still long output */
	parse(&cr, "\nlong");
	assert_null(cr.output);
	assert_string_equal(cr.long_output, "long");
	/* a first line of blanks: an empty output, not none */
	parse(&cr, "   \n");
	assert_non_null(cr.output);
	assert_string_equal(cr.output, "");
	/* a first line starting with '|': empty output, perfdata */
	parse(&cr, "|a=1");
	assert_string_equal(cr.output, "");
	assert_string_equal(cr.perf_data, "a=1");
	/* text stops at a NUL byte, and len bounds it */
	check_output_parse(&cr, "OK\0junk", 7);
	assert_string_equal(cr.output, "OK");
	check_output_parse(&cr, "OK then", 2);
	assert_string_equal(cr.output, "OK");
	check_result_clear(&cr);
	assert_null(cr.output);
	assert_int_equal(cr.state, 0);
}

static void
exit_svc(struct check_result *cr, enum check_origin o, int ws, const char *out,
    const char *err, double timeout)
{
	check_result_from_exit(cr, 0, "web1", "HTTP", o, ws, out, out != NULL ? strlen(out) : 0,
	    err, err != NULL ? strlen(err) : 0, timeout, &cfg);
}

static void
exit_host(struct check_result *cr, enum check_origin o, int ws, const char *out,
    const char *err)
{
	check_result_from_exit(cr, 1, "web1", NULL, o, ws, out, out != NULL ? strlen(out) : 0,
	    err, err != NULL ? strlen(err) : 0, 30.0, &cfg);
}

static void
t_svc_codes(void **state)
{
	struct check_result cr;
	int code;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	for (code = 0; code <= 3; code++) {
		exit_svc(&cr, CHECK_EXITED, EXITED(code), "TEXT | p=1\nlong", NULL, 10);
		assert_int_equal(cr.state, code);
		assert_int_equal(cr.rc, code);
		assert_int_equal(cr.exited_ok, 1);
		assert_int_equal(cr.early_timeout, 0);
		assert_int_equal(cr.check_type, STATE_CHECK_ACTIVE);
		assert_int_equal(cr.warning, CHECK_WARN_NONE);
		assert_string_equal(cr.output, "TEXT");
		assert_string_equal(cr.perf_data, "p=1");
		assert_string_equal(cr.long_output, "long");
	}
	check_result_clear(&cr);
}

static void
t_svc_out_of_bounds(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_svc(&cr, CHECK_EXITED, EXITED(4), "weird | p=1\nlong", NULL, 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 4);
	assert_int_equal(cr.warning, CHECK_WARN_BOUNDS);
	assert_string_equal(cr.output,
	    "(Return code of 4 for service 'HTTP' on host 'web1' was out of bounds)");
	/* Nagios replaces only the short output here */
	assert_string_equal(cr.perf_data, "p=1");
	assert_string_equal(cr.long_output, "long");

	exit_svc(&cr, CHECK_EXITED, EXITED(255), "x", NULL, 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 255);
	assert_string_equal(cr.output,
	    "(Return code of 255 for service 'HTTP' on host 'web1' was out of bounds)");
	check_result_clear(&cr);
}

static void
t_svc_126_127(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_svc(&cr, CHECK_EXITED, EXITED(126), "", "sh: 1: /x: Permission denied", 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 126);
	assert_int_equal(cr.warning, CHECK_WARN_RC126);
	assert_string_equal(cr.output,
	    "(Return code of 126 is out of bounds. Check if plugin is executable)");
	assert_null(cr.long_output);
	assert_null(cr.perf_data);

	exit_svc(&cr, CHECK_EXITED, EXITED(127), "a|b=1\nc", NULL, 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.warning, CHECK_WARN_RC127);
	assert_string_equal(cr.output,
	    "(Return code of 127 is out of bounds. Check if plugin exists)");
	assert_null(cr.long_output);
	assert_null(cr.perf_data);
	check_result_clear(&cr);
}

static void
t_svc_signal(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	/* killed by a signal: no exit code, Nagios says UNKNOWN and keeps the text */
	exit_svc(&cr, CHECK_EXITED, SIGSEGV, "partial output|p=1", NULL, 10);
	assert_int_equal(cr.state, 3);
	assert_int_equal(cr.rc, -1);
	assert_int_equal(cr.exited_ok, 0);
	assert_int_equal(cr.warning, CHECK_WARN_NONE);
	assert_string_equal(cr.output, "partial output");
	assert_string_equal(cr.perf_data, "p=1");

	exit_svc(&cr, CHECK_EXITED, SIGKILL, "", "", 10);
	assert_int_equal(cr.state, 3);
	assert_string_equal(cr.output, "(No output on stdout) stderr:");
	check_result_clear(&cr);
}

static void
t_svc_timeout(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_svc(&cr, CHECK_TIMED_OUT, SIGKILL, "half|p=1\nlong", NULL, 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.early_timeout, 1);
	assert_int_equal(cr.exited_ok, 0);
	assert_int_equal(cr.rc, -1);
	assert_int_equal(cr.warning, CHECK_WARN_TIMEOUT);
	assert_string_equal(cr.output, "(Service check timed out after 10.00 seconds)");
	assert_null(cr.long_output);
	assert_null(cr.perf_data);

	/* service_check_timeout_state=u, and the measured time when it is set */
	cfg.service_check_timeout_state = 3;
	check_result_clear(&cr);
	cr.start.tv_sec = 1000;
	cr.start.tv_usec = 500000;
	cr.finish.tv_sec = 1060;
	cr.finish.tv_usec = 512345;
	exit_svc(&cr, CHECK_TIMED_OUT, 0, NULL, NULL, 60);
	assert_int_equal(cr.state, 3);
	assert_string_equal(cr.output, "(Service check timed out after 60.01 seconds)");
	/* the times are the caller's: left alone */
	assert_int_equal(cr.start.tv_sec, 1000);
	assert_int_equal(cr.finish.tv_usec, 512345);

	cfg.service_check_timeout_state = 0;
	exit_svc(&cr, CHECK_TIMED_OUT, 0, NULL, NULL, 60);
	assert_int_equal(cr.state, 0);
	cfg.service_check_timeout_state = 9; /* nonsense: Nagios's default critical */
	exit_svc(&cr, CHECK_TIMED_OUT, 0, NULL, NULL, 60);
	assert_int_equal(cr.state, 2);
	check_result_from_exit(&cr, 0, "h", "s", CHECK_TIMED_OUT, 0, NULL, 0, NULL, 0, 5, NULL);
	assert_int_equal(cr.state, 2);
	check_result_clear(&cr);
}

static void
t_svc_no_output(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_svc(&cr, CHECK_EXITED, EXITED(2), "", "", 10);
	assert_int_equal(cr.state, 2);
	/* Nagios's worker glue, then strip() takes the trailing blank */
	assert_string_equal(cr.output, "(No output on stdout) stderr:");
	exit_svc(&cr, CHECK_EXITED, EXITED(1), NULL, NULL, 10);
	assert_string_equal(cr.output, "(No output on stdout) stderr:");
	exit_svc(&cr, CHECK_EXITED, EXITED(2), "", "oops; bad\nmore detail\n", 10);
	assert_string_equal(cr.output, "(No output on stdout) stderr: oops: bad");
	assert_string_equal(cr.long_output, "more detail");
	/* stdout that starts with NUL is empty */
	check_result_from_exit(&cr, 0, "h", "s", CHECK_EXITED, EXITED(0), "\0x", 2, "e", 1, 10,
	    &cfg);
	assert_string_equal(cr.output, "(No output on stdout) stderr: e");
	/* an empty first line of stdout: Nagios's own no-output text */
	exit_svc(&cr, CHECK_EXITED, EXITED(0), "\nlong only", NULL, 10);
	assert_int_equal(cr.state, 0);
	assert_string_equal(cr.output, "(No output returned from plugin)");
	assert_string_equal(cr.long_output, "long only");
	check_result_clear(&cr);
}

static void
t_svc_not_started(void **state)
{
	static const char enoent[] =
	    "execvp(/usr/lib/nagios/plugins/check_nope, ...) failed. errno is 2: No such file or "
	    "directory\n";
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	/* the child exits with errno: ENOENT is 2, CRITICAL with stderr's text */
	exit_svc(&cr, CHECK_NOT_STARTED, 2, NULL, enoent, 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 2);
	assert_int_equal(cr.exited_ok, 0);
	assert_string_equal(cr.output,
	    "(No output on stdout) stderr: execvp(/usr/lib/nagios/plugins/check_nope, ...) failed. "
	    "errno is 2: No such file or directory");
	/* no errno given: taken as ENOENT */
	exit_svc(&cr, CHECK_NOT_STARTED, 0, NULL, "empty command line", 10);
	assert_int_equal(cr.state, 2);
	assert_string_equal(cr.output, "(No output on stdout) stderr: empty command line");
	/* EACCES is 13: out of bounds like any exit code above 3 */
	exit_svc(&cr, CHECK_NOT_STARTED, 13, NULL, "denied", 10);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 13);
	assert_string_equal(cr.output,
	    "(Return code of 13 for service 'HTTP' on host 'web1' was out of bounds)");
	check_result_clear(&cr);
}

static void
t_svc_lost(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_svc(&cr, CHECK_LOST, 0, "something|p=1", NULL, 10);
	assert_int_equal(cr.state, 3);
	assert_int_equal(cr.rc, -1);
	assert_int_equal(cr.exited_ok, 0);
	assert_int_equal(cr.warning, CHECK_WARN_LOST);
	assert_string_equal(cr.output, "(jaque worker died while running the check)");
	assert_null(cr.perf_data);
	check_result_clear(&cr);
}

static void
t_host_codes(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_host(&cr, CHECK_EXITED, EXITED(0), "PING OK", NULL);
	assert_int_equal(cr.state, 0);
	/* WARNING is UP unless use_aggressive_host_checking */
	exit_host(&cr, CHECK_EXITED, EXITED(1), "PING WARNING", NULL);
	assert_int_equal(cr.state, 0);
	assert_int_equal(cr.rc, 1);
	cfg.use_aggressive_host_checking = 1;
	exit_host(&cr, CHECK_EXITED, EXITED(1), "PING WARNING", NULL);
	assert_int_equal(cr.state, 1);
	cfg.use_aggressive_host_checking = 0;
	exit_host(&cr, CHECK_EXITED, EXITED(2), "PING CRITICAL", NULL);
	assert_int_equal(cr.state, 1);
	exit_host(&cr, CHECK_EXITED, EXITED(3), "PING UNKNOWN", NULL);
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output, "PING UNKNOWN");
	exit_host(&cr, CHECK_EXITED, SIGTERM, "x", NULL);
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output, "x");
	exit_host(&cr, CHECK_EXITED, EXITED(0), "\n", NULL);
	assert_int_equal(cr.state, 0);
	assert_string_equal(cr.output, "(No output returned from host check)");
	check_result_clear(&cr);
}

static void
t_host_failures(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	exit_host(&cr, CHECK_EXITED, EXITED(4), "x|p=1\nl", NULL);
	assert_int_equal(cr.state, 1);
	assert_int_equal(cr.warning, CHECK_WARN_BOUNDS);
	assert_string_equal(cr.output, "(Return code of 4 for host 'web1' was out of bounds)");
	/* unlike services, hosts lose long output and perfdata too */
	assert_null(cr.long_output);
	assert_null(cr.perf_data);
	exit_host(&cr, CHECK_EXITED, EXITED(126), "x", NULL);
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output,
	    "(Return code of 126 is out of bounds. Check if plugin is executable)");
	exit_host(&cr, CHECK_EXITED, EXITED(127), "x", NULL);
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output,
	    "(Return code of 127 is out of bounds. Check if plugin exists)");
	/* the timeout is DOWN whatever service_check_timeout_state says */
	cfg.service_check_timeout_state = 0;
	exit_host(&cr, CHECK_TIMED_OUT, SIGKILL, "x", NULL);
	assert_int_equal(cr.state, 1);
	assert_int_equal(cr.early_timeout, 1);
	assert_string_equal(cr.output, "(Host check timed out after 30.00 seconds)");
	exit_host(&cr, CHECK_LOST, 0, NULL, NULL);
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output, "(jaque worker died while running the check)");
	exit_host(&cr, CHECK_NOT_STARTED, 2, NULL, "gone");
	assert_int_equal(cr.state, 1);
	assert_string_equal(cr.output, "(No output on stdout) stderr: gone");
	check_result_clear(&cr);
}

static void
t_passive(void **state)
{
	struct check_result cr;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	assert_int_equal(check_result_passive(&cr, 0, 2, "DISK; bad|p=1", 13, 12345), 0);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.rc, 2);
	assert_int_equal(cr.check_type, STATE_CHECK_PASSIVE);
	assert_int_equal(cr.exited_ok, 1);
	assert_int_equal(cr.start.tv_sec, 12345);
	assert_int_equal(cr.finish.tv_sec, 12345);
	assert_string_equal(cr.output, "DISK: bad");
	assert_string_equal(cr.perf_data, "p=1");
	/* out of range service codes become UNKNOWN */
	assert_int_equal(check_result_passive(&cr, 0, 7, "x", 1, 1), 0);
	assert_int_equal(cr.state, 3);
	assert_int_equal(check_result_passive(&cr, 0, -1, "x", 1, 1), 0);
	assert_int_equal(cr.state, 3);
	assert_int_equal(check_result_passive(&cr, 0, 0, "", 0, 1), 0);
	assert_string_equal(cr.output, "(No output returned from plugin)");
	/* hosts: 0..2 taken as they are, others refused */
	assert_int_equal(check_result_passive(&cr, 1, 2, "gone", 4, 1), 0);
	assert_int_equal(cr.state, 2);
	assert_int_equal(check_result_passive(&cr, 1, 3, "x", 1, 99), -1);
	assert_int_equal(cr.state, 2);
	assert_int_equal(cr.start.tv_sec, 1);
	assert_int_equal(check_result_passive(&cr, 1, 0, "", 0, 1), 0);
	assert_string_equal(cr.output, "(No output returned from host check)");
	check_result_clear(&cr);
}

static void
t_misc(void **state)
{
	struct check_result cr;

	(void)state;
	assert_string_equal(check_origin_str(CHECK_EXITED), "exited");
	assert_string_equal(check_origin_str(CHECK_TIMED_OUT), "timed out");
	assert_string_equal(check_origin_str(CHECK_NOT_STARTED), "not started");
	assert_string_equal(check_origin_str(CHECK_LOST), "worker lost");
	assert_string_equal(check_origin_str((enum check_origin)42), "unknown");
	memset(&cr, 0, sizeof(cr));
	cr.start.tv_sec = 10;
	cr.start.tv_usec = 900000;
	cr.finish.tv_sec = 12;
	cr.finish.tv_usec = 100000;
	assert_true(check_result_exec_time(&cr) > 1.199 && check_result_exec_time(&cr) < 1.201);
	cr.finish.tv_sec = 9;
	assert_true(check_result_exec_time(&cr) == 0.0);
	check_result_clear(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(t_parse_one_line, setup),
		cmocka_unit_test_setup(t_parse_perf_first_line, setup),
		cmocka_unit_test_setup(t_parse_semicolons, setup),
		cmocka_unit_test_setup(t_parse_multiline, setup),
		cmocka_unit_test_setup(t_parse_perf_later_line, setup),
		cmocka_unit_test_setup(t_parse_whitespace, setup),
		cmocka_unit_test_setup(t_parse_empty, setup),
		cmocka_unit_test_setup(t_svc_codes, setup),
		cmocka_unit_test_setup(t_svc_out_of_bounds, setup),
		cmocka_unit_test_setup(t_svc_126_127, setup),
		cmocka_unit_test_setup(t_svc_signal, setup),
		cmocka_unit_test_setup(t_svc_timeout, setup),
		cmocka_unit_test_setup(t_svc_no_output, setup),
		cmocka_unit_test_setup(t_svc_not_started, setup),
		cmocka_unit_test_setup(t_svc_lost, setup),
		cmocka_unit_test_setup(t_host_codes, setup),
		cmocka_unit_test_setup(t_host_failures, setup),
		cmocka_unit_test_setup(t_passive, setup),
		cmocka_unit_test_setup(t_misc, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

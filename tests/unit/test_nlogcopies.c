/*
 * test_nlogcopies: the two copies compat/nagioslog.c makes of each
 * nagios.log line, as Nagios 4.4.6's logit() does (base/logging.c).
 *
 * Syslog (use_syslog): every line, whatever its kind, goes to the socket
 * as its text without "[epoch] " (a socket the test binds plays the log
 * daemon), with a '\n' after the kinds Nagios sends with theirs (ALERT,
 * STATE, NOTIFICATION, EXTERNAL COMMAND, LOG VERSION lines), and still
 * when there is no log file; none once the copy is off.
 * The console (the foreground): only the lines Nagios logs with
 * display=TRUE, without "[epoch] ", one per line, in order; the file
 * keeps every line as before; a console that would block (a full pipe)
 * is skipped.  nlog_displayed against a list of Nagios's
 * own texts, shown and not shown (base/nagios.c, utils.c, checks.c,
 * commands.c, events.c, logging.c, common/downtime.c, flapping.c).
 * Links compat/nagioslog.c and compat/syslogout.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/nagioslog.h"
#include "compat/syslogout.h"

struct fx {
	char dir[64];
	char log[96];
	char sock[96];
	int srv;
};

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	struct sockaddr_un sa;
	struct timeval tv = { 0, 300000 };

	assert_non_null(f);
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_nlogcopies.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->log, sizeof(f->log), "%s/nagios.log", f->dir);
	snprintf(f->sock, sizeof(f->sock), "%s/log", f->dir);
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, f->sock, strlen(f->sock) + 1);
	f->srv = socket(AF_UNIX, SOCK_DGRAM, 0);
	assert_true(f->srv >= 0);
	assert_int_equal(bind(f->srv, (struct sockaddr *)&sa, sizeof(sa)), 0);
	setsockopt(f->srv, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	alarm(30);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	alarm(0);
	close(f->srv);
	unlink(f->sock);
	unlink(f->log);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* the text of the next syslog message (after "ident: "), "" when none came */
static void
next_text(struct fx *f, char *out, size_t n)
{
	char buf[9000];
	ssize_t r = recv(f->srv, buf, sizeof(buf) - 1, 0);
	const char *p;

	out[0] = '\0';
	if (r <= 0)
		return;
	buf[r] = '\0';
	assert_memory_equal(buf, "<14>", 4);
	p = strstr(buf, " jaque: ");
	assert_non_null(p);
	snprintf(out, n, "%s", p + strlen(" jaque: "));
}

static char *
slurp(const char *path)
{
	static char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	assert_true(fd >= 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void
t_syslog_every_line(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->sock, "jaque");
	struct nlog *l = nlog_open(f->log, 0, NULL);
	char text[9000];

	assert_non_null(l);
	nlog_set_syslog(l, s);
	nlog_service_alert(l, 5, "h", "s", "CRITICAL", "HARD", 3, "down");
	nlog_printf(l, 6, "EXTERNAL COMMAND: %s;%s", "DISABLE_NOTIFICATIONS", "");
	nlog_warning(l, 7, "Unrecognized external command -> %s", "FOO;bar");
	nlog_printf(l, 8, "LOG VERSION: 2.0");
	next_text(f, text, sizeof(text));
	/* the lines Nagios formats with a '\n' and sends as they are keep it there */
	assert_string_equal(text, "SERVICE ALERT: h;s;CRITICAL;HARD;3;down\n");
	next_text(f, text, sizeof(text));
	assert_string_equal(text, "EXTERNAL COMMAND: DISABLE_NOTIFICATIONS;\n");
	next_text(f, text, sizeof(text));
	assert_string_equal(text, "Warning: Unrecognized external command -> FOO;bar");
	next_text(f, text, sizeof(text));
	assert_string_equal(text, "LOG VERSION: 2.0\n");
	/* the file is as it always was */
	assert_string_equal(slurp(f->log),
	    "[5] SERVICE ALERT: h;s;CRITICAL;HARD;3;down\n"
	    "[6] EXTERNAL COMMAND: DISABLE_NOTIFICATIONS;\n"
	    "[7] Warning: Unrecognized external command -> FOO;bar\n"
	    "[8] LOG VERSION: 2.0\n");
	/* off: nothing more */
	nlog_set_syslog(l, NULL);
	nlog_printf(l, 9, "not sent");
	next_text(f, text, sizeof(text));
	assert_string_equal(text, "");
	nlog_close(l);
	syslogout_free(s);
}

static void
t_syslog_without_file(void **state)
{
	struct fx *f = *state;
	struct syslogout *s = syslogout_new(f->sock, "jaque");
	struct nlog *l = nlog_open(NULL, 0, NULL);
	char text[9000];

	nlog_set_syslog(l, s);
	nlog_printf(l, 5, "Caught SIGTERM, shutting down...");
	next_text(f, text, sizeof(text));
	assert_string_equal(text, "Caught SIGTERM, shutting down...");
	nlog_close(l);
	syslogout_free(s);
}

static void
t_console(void **state)
{
	struct fx *f = *state;
	struct nlog *l = nlog_open(f->log, 0, NULL);
	char buf[4096];
	ssize_t n;
	int p[2];

	assert_int_equal(pipe(p), 0);
	nlog_set_console(l, p[1]);
	nlog_printf(l, 1, "jaque 0.1.0 (Nagios 4.4.6 compatible) starting... (PID=42)");
	nlog_printf(l, 1, "Local time is Sun Sep 13 12:26:40 UTC 2020");
	nlog_printf(l, 1, "LOG VERSION: 2.0");
	nlog_printf(l, 1, "INITIAL HOST STATE: h;UP;HARD;1;");
	nlog_service_alert(l, 2, "h", "s", "CRITICAL", "SOFT", 1, "x");
	nlog_printf(l, 3, "EXTERNAL COMMAND: FOO;bar");
	nlog_warning(l, 3, "Unrecognized external command -> FOO;bar");
	nlog_printf(l, 3, "Error: External command failed -> ADD_HOST_COMMENT;x");
	nlog_printf(l, 3, "Error: Cannot open file '/x' to process external commands!");
	nlog_printf(l, 4, "HOST DOWNTIME ALERT: h;STARTED; Host has entered a period of "
	    "scheduled downtime");
	nlog_printf(l, 5, "Caught SIGHUP, restarting...");
	nlog_printf(l, 6, "PROGRAM_SHUTDOWN event encountered, shutting down...");
	nlog_printf(l, 6, "Successfully shutdown... (PID=42)");
	nlog_set_console(l, -1);
	nlog_printf(l, 7, "Caught SIGTERM, shutting down...");
	nlog_close(l);
	close(p[1]);
	n = read(p[0], buf, sizeof(buf) - 1);
	close(p[0]);
	buf[n > 0 ? n : 0] = '\0';
	assert_string_equal(buf,
	    "jaque 0.1.0 (Nagios 4.4.6 compatible) starting... (PID=42)\n"
	    "Local time is Sun Sep 13 12:26:40 UTC 2020\n"
	    "Warning: Unrecognized external command -> FOO;bar\n"
	    "Error: External command failed -> ADD_HOST_COMMENT;x\n"
	    "Caught SIGHUP, restarting...\n"
	    "PROGRAM_SHUTDOWN event encountered, shutting down...\n"
	    "Successfully shutdown... (PID=42)\n");
	/* every line still in the file */
	assert_non_null(strstr(slurp(f->log), "[7] Caught SIGTERM, shutting down...\n"));
	assert_non_null(strstr(slurp(f->log), "[1] LOG VERSION: 2.0\n"));
}

/* a console nobody reads (a full pipe) loses the line, the loop goes on */
static void
t_console_full(void **state)
{
	struct fx *f = *state;
	struct nlog *l = nlog_open(f->log, 0, NULL);
	char junk[4096];
	int p[2], fl;

	memset(junk, 'x', sizeof(junk));
	assert_int_equal(pipe(p), 0);
	fl = fcntl(p[1], F_GETFL);
	fcntl(p[1], F_SETFL, fl | O_NONBLOCK);
	while (write(p[1], junk, sizeof(junk)) > 0)
		;
	fcntl(p[1], F_SETFL, fl); /* blocking again, as a console is */
	nlog_set_console(l, p[1]);
	nlog_printf(l, 1, "Caught SIGTERM, shutting down..."); /* alarm() if it blocks */
	nlog_close(l);
	assert_non_null(strstr(slurp(f->log), "[1] Caught SIGTERM, shutting down...\n"));
	close(p[0]);
	close(p[1]);
}

static void
t_displayed(void **state)
{
	static const char *const shown[] = {
		"Caught SIGTERM, shutting down...",
		"Caught SIGINT, shutting down...",
		"Caught SIGHUP, restarting...",
		"Successfully shutdown... (PID=1234)",
		"Local time is Sun Dec 06 02:40:00 UTC 2026",
		"PROGRAM_RESTART event encountered, restarting...",
		"Warning: Check of service 's' on host 'h' timed out after 60.012s!",
		"Warning:  Check of host 'h' did not exit properly!",
		"Warning: Return code of 127 for service 's' on host 'h' may indicate this "
		"plugin doesn't exist.",
		"Warning: The results of host 'h' are stale by 0d 0h 0m 5s (threshold=0d 0h 0m "
		"5s).  I'm forcing an immediate check of the host.",
		"Warning:  Passive check result was received for host 'x', but the host could "
		"not be found!",
		"Error: Got host checkresult for 'x', but no such host can be found",
		"Error: Could not open check result queue directory '/x' for reading.",
		"Error: Could not create external command file '/x' as named pipe: (13) -> "
		"Permission denied.  If this file already exists and you are sure that another "
		"copy of Nagios is not running, you should delete this file.",
		"External command FOO returned error Unknown command",
		"Lockfile '/run/nagios4/nagios.pid' contains PID of running process (1)",
		"Bailing out due to one or more errors encountered in the configuration files. Run "
		"Nagios from the command line with the -v option to verify your config before "
		"restarting. (PID=1)",
		"WARNING: RLIMIT_NPROC is 10, total max estimated processes is 20! You should "
		"increase your limits (ulimit -u, or limits.conf)",
		NULL
	};
	static const char *const hidden[] = {
		"LOG VERSION: 2.0",
		"LOG ROTATION: DAILY",
		"INITIAL SERVICE STATE: h;s;OK;HARD;1;fine",
		"CURRENT HOST STATE: h;UP;HARD;1;",
		"SERVICE ALERT: h;s;CRITICAL;HARD;3;Error: the plugin",
		"HOST NOTIFICATION: c;h;DOWN;notify;x",
		"EXTERNAL COMMAND: SCHEDULE_HOST_DOWNTIME;h;1;2;1;0;0;me;Warning: x",
		"PASSIVE SERVICE CHECK: h;s;0;ok",
		"SERVICE DOWNTIME ALERT: h;s;STARTED; Service has entered a period of scheduled "
		"downtime",
		"HOST FLAPPING ALERT: h;STARTED; Host appears to have started flapping (50.0% "
		"change > 20.0% threshold)",
		"SERVICE EVENT HANDLER: h;s;OK;HARD;1;eh",
		"Auto-save of retention data completed successfully.",
		"Error: Cannot open file '/tmp/cmds' to process external commands!",
		"qh: Socket '/x' successfully initialized",
		NULL
	};
	size_t i;

	(void)state;
	for (i = 0; shown[i] != NULL; i++) {
		if (!nlog_displayed(shown[i]))
			fail_msg("not shown: %s", shown[i]);
	}
	for (i = 0; hidden[i] != NULL; i++) {
		if (nlog_displayed(hidden[i]))
			fail_msg("shown: %s", hidden[i]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_syslog_every_line, setup, teardown),
		cmocka_unit_test_setup_teardown(t_syslog_without_file, setup, teardown),
		cmocka_unit_test_setup_teardown(t_console, setup, teardown),
		cmocka_unit_test_setup_teardown(t_console_full, setup, teardown),
		cmocka_unit_test_setup_teardown(t_displayed, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_extcmd_args: the external command language on the fixture of
 * extcmd_fx.h, its second part: every command ignores the fields after
 * its last argument (as Nagios 4.4.6 reads them) and takes a trailing
 * author;comment where Nagios does, the daemon hooks of the program-wide
 * commands, PROCESS_FILE, garbage for every command name, and
 * extcmd_is_known, which must tell a line extcmd_process would call
 * malformed or unknown from the others without applying it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "extcmd_fx.h"

/* a valid argument for each kind of a row's spec (extcmd_int.h) */
static const char *
spec_arg(char kind)
{
	switch (kind) {
	case 'h':
		return "h1";
	case 's':
		return "h1;a";
	case 'g':
		return "hg";
	case 'G':
		return "sg";
	case 'c':
		return "c1";
	case 'C':
		return "cg";
	case 'a':
	case 'i':
	case 'd':
		return "1";
	case 'u':
		return "0";
	}
	return "w";
}

/*
 * Every command ignores fields after its last argument, as Nagios does:
 * for each row whose arguments are fields (not the rest of the line), the
 * same line with ";x" and ";x;y;z" after it gives the same answer, and
 * with an author and a comment after it the rows that take one add it.
 */
static void
t_trailing_fields(void **state)
{
	struct fx *f = *state;
	const char *tail[] = { "", ";x", ";x;y;z" };
	char args[256], *p;
	size_t i, k, before;
	const char *sp;

	f->x.restart = NULL;
	f->x.shutdown = NULL;
	for (i = 0; i < xc_ntable; i++) {
		const struct xc_def *def = &xc_table[i];
		enum extcmd_status st[3];
		size_t len = strlen(def->spec);

		if (strcmp(def->spec, "*") == 0 ||
		    (len > 0 && strchr("TORr", def->spec[len - 1]) != NULL))
			continue;
		p = args;
		for (sp = def->spec; *sp != '\0'; sp++)
			if (*sp != '?')
				p += snprintf(p, sizeof(args) - (size_t)(p - args), ";%s",
				    spec_arg(*sp));
		for (k = 0; k < 3; k++)
			st[k] = run(f, "%s%s%s", def->name, args, tail[k]);
		if (st[1] != st[0] || st[2] != st[0])
			fail_msg("%s%s: %d, with more fields %d, %d", def->name, args, st[0], st[1],
			    st[2]);
		if (!(def->flags & XF_CMT))
			continue;
		before = comments_count(f->cs);
		assert_int_equal(run(f, "%s%s;au;cm;more", def->name, args), st[0]);
		if (st[0] == EXTCMD_OK && comments_count(f->cs) == before)
			fail_msg("%s%s;au;cm: no comment", def->name, args);
	}
}

/*
 * The DEL_DOWNTIME_BY_* filters as Nagios 4.4.6 reads them: a start time as
 * strtoul reads it ("soon" is 0, any start), a comment that ends at the
 * next ';' (the rest of the line for ..._START_TIME_COMMENT), and the
 * hostgroup form reading svc;start;comment a second time from the sixth
 * field on.
 */
static void
t_downtime_filters(void **state)
{
	struct fx *f = *state;
	long long s = f->now - 60, e = f->now + 3600;

	assert_int_equal(run(f, "SCHEDULE_SVC_DOWNTIME;h1;a;%lld;%lld;1;0;0;op;one", s, e),
	    EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_SVC_DOWNTIME;h1;b;%lld;%lld;1;0;0;op;two", s, e),
	    EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;1;0;0;op;a", s, e), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", NULL), 2);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;h1;;soon;one;x"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "a"), 0);
	assert_int_equal(ndowntimes(f, "h1", "b"), 1);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOSTGROUP_NAME;hg;;zz;;;b"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "b"), 0);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;;a;b"), EXTCMD_FAILED);
	assert_int_equal(ndowntimes(f, "h2", NULL), 1);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;x;a"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h2", NULL), 0);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;nosuchhost"), EXTCMD_FAILED);
}

static void
t_daemon_hooks(void **state)
{
	struct fx *f = *state;

	assert_int_equal(run(f, "SAVE_STATE_INFORMATION"), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(f->saves, 1);
	f->save_rc = -1;
	assert_int_equal(run(f, "SAVE_STATE_INFORMATION"), EXTCMD_FAILED);
	assert_int_equal(run(f, "READ_STATE_INFORMATION"), EXTCMD_OK);
	assert_int_equal(f->reads, 1);
	assert_int_equal(run(f, "RESTART_PROGRAM"), EXTCMD_OK);
	assert_int_equal(run(f, "SHUTDOWN_PROCESS;%lld", (long long)f->now), EXTCMD_OK);
	/* a time that is not a number is 0 (strtoul): now */
	assert_int_equal(run(f, "SHUTDOWN_PROCESS;later"), EXTCMD_OK);
	assert_int_equal(f->restarts, 1);
	assert_int_equal(f->shutdowns, 2);
	assert_int_equal(f->journal, 0);
	f->x.restart = NULL;
	f->x.save_state = NULL;
	assert_int_equal(run(f, "RESTART_PROCESS"), EXTCMD_OK);
	assert_int_equal(run(f, "SAVE_STATE_INFORMATION"), EXTCMD_OK);
}

static void
t_process_file(void **state)
{
	struct fx *f = *state;
	char path[128], text[512];
	struct stat st;

	snprintf(text, sizeof(text),
	    "[%lld] DISABLE_SVC_CHECK;h1;a\n"
	    "garbage\n"
	    "\n"
	    "[%lld] ADD_HOST_COMMENT;h1;1;file;from a file\n"
	    "[%lld] NO_SUCH_THING\n"
	    "[%lld] DISABLE_HOST_CHECK;h2",
	    (long long)f->now, (long long)f->now, (long long)f->now, (long long)f->now);
	write_file(f->dir, "cmds", text);
	snprintf(path, sizeof(path), "%s/cmds", f->dir);
	log_clear(f);
	assert_int_equal(run(f, "PROCESS_FILE;%s;0", path), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "a")->active_checks_enabled, 0);
	assert_int_equal(ncomments(f, "h1", NULL, COMMENT_USER), 1);
	assert_int_equal(HS(f, "h2")->active_checks_enabled, 0); /* last line without '\n' */
	assert_int_equal(stat(path, &st), 0);
	/* the lines are logged as commands; failures of a file's lines are not echoed */
	assert_true(log_has(f, "EXTERNAL COMMAND: DISABLE_SVC_CHECK;h1;a"));
	assert_true(log_has(f, "Warning: Unrecognized external command -> NO_SUCH_THING;"));
	assert_int_equal(log_lines(f), 5);
	assert_int_equal(run(f, "PROCESS_FILE;%s;1", path), EXTCMD_OK);
	assert_int_equal(stat(path, &st), -1);
	/* what cannot be read: Nagios's line, and no failure */
	assert_int_equal(run(f, "PROCESS_FILE;%s;0", path), EXTCMD_OK);
	snprintf(text, sizeof(text), "Error: Cannot open file '%s' to process external commands!",
	    path);
	assert_true(log_has(f, text));
	assert_int_equal(run(f, "PROCESS_FILE;%s;0", f->dir), EXTCMD_OK);
	assert_int_equal(run(f, "PROCESS_FILE;%s", path), EXTCMD_FAILED);
	/* a file naming itself stops at the nesting limit */
	snprintf(text, sizeof(text), "[%lld] PROCESS_FILE;%s/self;0\n[%lld] ADD_HOST_COMMENT;h3;0;"
	    "self;x\n", (long long)f->now, f->dir, (long long)f->now);
	write_file(f->dir, "self", text);
	assert_int_equal(run(f, "PROCESS_FILE;%s/self;0", f->dir), EXTCMD_OK);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_USER), 4);
}

/* every name with missing, extra and garbage arguments: logged, never a crash */
static void
t_garbage(void **state)
{
	static const char *const args[] = { "", ";", ";;;;;;;;;;;;", ";x;y;z", ";h1;a;x;x;x;x;x;x",
		";h1;a;1;1;1;1;1;1;1;1;1;1", ";h1;-1;-1;-1;-1;-1;-1;-1", ";hg;99999999999999999999",
		";\xff\xfe;\xc3\xa9", ";sg;0x;1e400;nan;inf", ";c1;;;;", ";h1;a;2;1;1;a;b;c;d;e" };
	struct fx *f = *state;
	char line[256];
	size_t i, k;
	char *big;

	for (i = 0; i < extcmd_count(); i++) {
		const char *name = extcmd_name(i);
		const struct xc_def *d = xc_lookup(name);

		if (strcmp(name, "PROCESS_FILE") == 0)
			continue;
		for (k = 0; k < sizeof(args) / sizeof(args[0]); k++) {
			enum extcmd_status st;

			snprintf(line, sizeof(line), "[%lld] %s%s", (long long)f->now, name,
			    args[k]);
			st = extcmd_process(&f->x, line, strlen(line), f->now, &f->journal);
			assert_true(st == EXTCMD_OK || st == EXTCMD_FAILED);
			/* no arguments: only the commands that need none succeed */
			if (k == 0)
				assert_int_equal(st == EXTCMD_OK,
				    d->spec[0] == '\0' || d->spec[0] == '?');
		}
		log_clear(f);
	}
	/* a line at the caller's cap (the loop above turned passive results off) */
	f->gen.cfg.accept_passive_service_checks = 1;
	big = malloc(70000);
	assert_non_null(big);
	k = (size_t)snprintf(big, 100, "[%lld] PROCESS_SERVICE_CHECK_RESULT;h3;d;1;",
	    (long long)f->now);
	memset(big + k, 'o', 65536 - k);
	assert_int_equal(extcmd_process(&f->x, big, 65536, f->now, NULL), EXTCMD_OK);
	assert_int_equal(SS(f, "h3", "d")->current_state, 1);
	memset(big, '[', 65536);
	assert_int_equal(extcmd_process(&f->x, big, 65536, f->now, NULL), EXTCMD_MALFORMED);
	free(big);
}

/*
 * extcmd_is_known on lines of every form: 1 exactly when extcmd_process
 * gets past the line's form (it may still fail on the arguments), and it
 * logs nothing, changes nothing.
 */
#define L(s) s, sizeof(s) - 1

static void
t_is_known(void **state)
{
	struct fx *f = *state;
	static const struct {
		const char *line;
		size_t len;
		int known;
	} cases[] = {
		{ L("[1] DISABLE_NOTIFICATIONS"), 1 },
		{ L("junk [1] disable_Notifications\r\n"), 1 },
		{ L(" \t[1] ENABLE_NOTIFICATIONS \r"), 1 },
		{ L("[abc] ENABLE_NOTIFICATIONS"), 1 },
		{ L("[1] ADD_HOST_COMMENT;nosuchhost;1;a;b"), 1 },
		{ L("[1] ADD_HOST_COMMENT"), 1 },
		{ L("[1] _MY_MODULE;a;b"), 1 },
		{ L("[1]DISABLE_NOTIFICATIONS"), 0 },
		{ L("[1] NOPE;x"), 0 },
		{ L("ENABLE_NOTIFICATIONS"), 0 },
		{ L("[1 ENABLE_NOTIFICATIONS"), 0 },
		{ L("[1]   "), 0 },
		{ L("[1];x"), 0 },
		{ L("[1] ;x"), 0 },
		{ L(""), 0 },
		{ L("[1] DISABLE_NOTIFICATIONS\x01"), 0 },
		{ L("[1] DISABLE_\0NOTIFICATIONS"), 0 },
		{ L("[1] DISABLE_NOTIFICATIONS\0"), 0 },
		{ L("[1] ADD_HOST_COMMENT;h1;1;a;two\nlines"), 0 },
	};
	char line[128];
	size_t i, n;
	int lines;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum extcmd_status st;

		lines = log_lines(f);
		assert_int_equal(extcmd_is_known(cases[i].line, cases[i].len), cases[i].known);
		assert_int_equal(log_lines(f), lines);
		st = extcmd_process(&f->x, cases[i].line, cases[i].len, f->now, NULL);
		assert_int_equal(st != EXTCMD_MALFORMED && st != EXTCMD_UNKNOWN, cases[i].known);
	}
	/* every name of the table, as sent */
	for (i = 0; i < extcmd_count(); i++) {
		n = (size_t)snprintf(line, sizeof(line), "[1] %s;x", extcmd_name(i));
		assert_int_equal(extcmd_is_known(line, n), 1);
	}
}
#undef L

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_trailing_fields, setup, teardown),
		cmocka_unit_test_setup_teardown(t_downtime_filters, setup, teardown),
		cmocka_unit_test_setup_teardown(t_daemon_hooks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_process_file, setup, teardown),
		cmocka_unit_test_setup_teardown(t_garbage, setup, teardown),
		cmocka_unit_test_setup_teardown(t_is_known, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

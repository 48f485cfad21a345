/*
 * test_lexer: line rules of object files (continuations, comments and
 * escaped semicolons, define/} handling, includes) and error locations.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/config/lexer.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"

struct fx {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
};

static int
fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->a = arena_new();
	f->d = diag_new(NULL);
	f->rs = rawstore_new(f->a, f->d);
	*state = f;
	return 0;
}

static int
fx_teardown(void **state)
{
	struct fx *f = *state;

	rawstore_free(f->rs);
	diag_free(f->d);
	arena_free(f->a);
	free(f);
	return 0;
}

static int
read_text(struct fx *f, const char *text)
{
	return lexer_read_buffer(f->rs, "t.cfg", text, strlen(text));
}

static struct rawobj *
nth(struct fx *f, enum otype t, size_t i)
{
	assert_true(f->rs->objs[t].len > i);
	return f->rs->objs[t].items[i];
}

static void
t_basic_define(void **state)
{
	struct fx *f = *state;
	struct rawobj *o;

	assert_int_equal(read_text(f, "# comment\n\ndefine host{\n  host_name   web1  \n"
	    "\taddress 10.0.0.1 ; trailing comment\n max_check_attempts 3\n}\n"), 0);
	o = nth(f, OT_HOST, 0);
	assert_string_equal(raw_str(o, OT_HOST_HOST_NAME), "web1");
	assert_string_equal(raw_str(o, OT_HOST_ADDRESS), "10.0.0.1");
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 3);
	assert_int_equal(o->line, 3);
	assert_string_equal(o->file, "t.cfg");
}

static void
t_escaped_semicolon_and_continuation(void **state)
{
	struct fx *f = *state;
	struct rawobj *o;

	assert_int_equal(read_text(f, "define command {\ncommand_name c\n"
	    "command_line /bin/echo a\\;b \\\n  more ; gone\n}\n"), 0);
	o = nth(f, OT_COMMAND, 0);
	/* the continuation line's leading blanks go */
	assert_string_equal(raw_str(o, OT_CMD_COMMAND_LINE), "/bin/echo a;b more");
}

static void
t_double_backslash_ends_line(void **state)
{
	struct fx *f = *state;

	assert_int_equal(read_text(f, "define command {\ncommand_name c\n"
	    "command_line /bin/echo x\\\\\n}\n"), 0);
	assert_string_equal(raw_str(nth(f, OT_COMMAND, 0), OT_CMD_COMMAND_LINE), "/bin/echo x\\");
}

static void
t_define_rest_ignored_and_close_alone(void **state)
{
	struct fx *f = *state;
	struct rawobj *o;

	/* "}" inside a value is part of the value; only a lone "}" closes */
	assert_int_equal(read_text(f, "define host { ignored words\nhost_name a }\n}\n"), 0);
	o = nth(f, OT_HOST, 0);
	assert_string_equal(raw_str(o, OT_HOST_HOST_NAME), "a }");
}

static void
t_errors_have_locations(void **state)
{
	struct fx *f = *state;
	const struct diag_entry *e;

	assert_true(read_text(f, "define host {\nhost_name a\nbogus 1\n}\n") > 0);
	assert_int_equal(diag_errors(f->d), 1);
	e = diag_get(f->d, 0);
	assert_string_equal(e->loc.file, "t.cfg");
	assert_int_equal(e->loc.line, 3);
	assert_string_equal(e->loc.otype, "host");
	assert_string_equal(e->loc.oname, "a");
	assert_string_equal(e->loc.directive, "bogus");
}

static void
t_unknown_type_and_eof(void **state)
{
	struct fx *f = *state;

	assert_true(read_text(f, "define hosst {\nhost_name a\n}\ndefine host {\nhost_name b\n") > 0);
	assert_true(diag_has(f->d, DIAG_ERROR, "Invalid object definition type 'hosst'"));
	assert_true(diag_has(f->d, DIAG_ERROR, "Unexpected EOF"));
	/* the unterminated definition is not used */
	assert_int_equal(nth(f, OT_HOST, 0)->dead, 1);
}

static void
t_stray_statement_and_nested_define(void **state)
{
	struct fx *f = *state;

	assert_true(read_text(f, "host_name x\ndefine host {\ndefine service {\n}\n") > 0);
	assert_true(diag_has(f->d, DIAG_ERROR, "Unexpected token or statement"));
	assert_true(diag_has(f->d, DIAG_ERROR, "Unexpected start of object definition"));
}

static void
t_include_file(void **state)
{
	struct fx *f = *state;
	char dir[] = "/tmp/jaque-lexer-XXXXXX", path[256], inc[256];
	FILE *fp;

	assert_non_null(mkdtemp(dir));
	snprintf(inc, sizeof(inc), "%s/inc.cfg", dir);
	fp = fopen(inc, "w");
	fputs("define command {\ncommand_name inc\ncommand_line x\n}\n", fp);
	fclose(fp);
	snprintf(path, sizeof(path), "%s/main.cfg", dir);
	fp = fopen(path, "w");
	/* relative include paths are taken from the current directory, as in Nagios */
	fprintf(fp, "include_file=%s\n", inc);
	fclose(fp);
	assert_int_equal(lexer_read_file(f->rs, path), 0);
	assert_string_equal(raw_str(nth(f, OT_COMMAND, 0), OT_CMD_COMMAND_NAME), "inc");
	unlink(inc);
	unlink(path);
	rmdir(dir);
}

/* a counting walk: how often each file was handed over */
struct walk_count {
	unsigned a, b, other, fails;
};

static void
walk_file(void *ctx, const char *path, unsigned depth)
{
	struct walk_count *w = ctx;
	const char *base = strrchr(path, '/');

	(void)depth;
	if (base != NULL && strcmp(base, "/a.cfg") == 0)
		w->a++;
	else if (base != NULL && strcmp(base, "/b.cfg") == 0)
		w->b++;
	else
		w->other++;
}

static void
walk_fail(void *ctx, const char *dir, int err)
{
	(void)dir;
	assert_int_equal(err, ELOOP);
	((struct walk_count *)ctx)->fails++;
}

static void
touch(const char *dir, const char *name)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fclose(fp);
}

/*
 * A symbolic link back up the tree (sub/up -> ..) and one to itself
 * (sub/self -> .): each is a failure (ELOOP) and not followed, so each
 * file is walked once, not once per level down to LEXER_MAX_DIR_DEPTH
 * (both links at every level: two to the power of that); a link to a
 * directory beside it (side -> sub) is no cycle and is walked as Nagios
 * walks it.
 */
static void
t_walk_cycle(void **state)
{
	char dir[] = "/tmp/jaque-lexer-XXXXXX", sub[256], p[512];
	struct walk_count n = { 0, 0, 0, 0 };
	struct lexer_walk w = { walk_file, walk_fail, &n };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	touch(dir, "a.cfg");
	touch(sub, "b.cfg");
	snprintf(p, sizeof(p), "%s/up", sub);
	assert_int_equal(symlink("..", p), 0);
	snprintf(p, sizeof(p), "%s/self", sub);
	assert_int_equal(symlink(".", p), 0);
	lexer_walk_dir(dir, 0, &w);
	assert_int_equal(n.a, 1);
	assert_int_equal(n.b, 1);
	assert_int_equal(n.other, 0);
	assert_int_equal(n.fails, 2);
	snprintf(p, sizeof(p), "%s/side", dir);
	assert_int_equal(symlink("sub", p), 0);
	memset(&n, 0, sizeof(n));
	lexer_walk_dir(dir, 0, &w);
	assert_int_equal(n.a, 1);
	assert_int_equal(n.b, 2);
	assert_int_equal(n.fails, 4);
	unlink(p);
	snprintf(p, sizeof(p), "%s/up", sub);
	unlink(p);
	snprintf(p, sizeof(p), "%s/self", sub);
	unlink(p);
	snprintf(p, sizeof(p), "%s/b.cfg", sub);
	unlink(p);
	rmdir(sub);
	snprintf(p, sizeof(p), "%s/a.cfg", dir);
	unlink(p);
	rmdir(dir);
}

static void
t_missing_file(void **state)
{
	struct fx *f = *state;

	assert_int_equal(lexer_read_file(f->rs, "/nonexistent/x.cfg"), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "Cannot open config file"));
}

static void
t_custom_vars_and_options(void **state)
{
	struct fx *f = *state;
	struct rawobj *o;

	assert_int_equal(read_text(f, "define host {\nhost_name h\n_snmp_Community public\n"
	    "_empty\nnotification_options d,u,recovery\nflap_detection_options o\n}\n"), 0);
	o = nth(f, OT_HOST, 0);
	assert_non_null(raw_find_var(o, "SNMP_COMMUNITY"));
	assert_string_equal(raw_find_var(o, "SNMP_COMMUNITY")->value, "public");
	assert_null(raw_find_var(o, "EMPTY")->value);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_RECOVERY);
	assert_int_equal(raw_get(o, OT_HOST_FLAP_DETECTION_OPTIONS)->v.opts, OBJ_OPT_UP);
}

static void
t_bad_option_letter(void **state)
{
	struct fx *f = *state;

	assert_true(read_text(f, "define service {\nnotification_options w,x\n}\n") > 0);
	assert_true(diag_has(f->d, DIAG_ERROR, "Invalid option 'x'"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_basic_define, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_escaped_semicolon_and_continuation, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_double_backslash_ends_line, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_define_rest_ignored_and_close_alone, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_errors_have_locations, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_unknown_type_and_eof, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_stray_statement_and_nested_define, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_include_file, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_missing_file, fx_setup, fx_teardown),
		cmocka_unit_test(t_walk_cycle),
		cmocka_unit_test_setup_teardown(t_custom_vars_and_options, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_bad_option_letter, fx_setup, fx_teardown),
	};

	return cmocka_run_group_tests_name("lexer", tests, NULL, NULL);
}

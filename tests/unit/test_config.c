/*
 * test_config: the reader end to end on small files: the stage a run
 * stops at (main config, object files, pre-flight), the counts behind the
 * "Checked N" lines, and findings Nagios makes only in its pre-flight
 * check (an unknown check command) reported there, not while reading.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/objects/objects.h"

static char tmpdir[64];

static void
put(const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static const char main_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\ntemp_path=.\ncheck_result_path=.\n"
    "illegal_macro_output_chars=`~$&|'\"<>\n";

static const char objects_ok[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias all\nmonday 00:00-24:00\n}\n"
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define contact {\ncontact_name admin\nhost_notification_period 24x7\n"
    "service_notification_period 24x7\nhost_notification_commands c\n"
    "service_notification_commands c\n}\n"
    "define host {\nname ht\nmax_check_attempts 3\ncheck_command c\ncontacts admin\n"
    "register 0\n}\n"
    "define host {\nuse ht\nhost_name h1\n}\n"
    "define host {\nuse ht\nhost_name h2\nparents h1\n}\n"
    "define hostgroup {\nhostgroup_name all\nmembers *\n}\n"
    "define service {\nhostgroup_name all\nservice_description S\ncheck_command c\n"
    "max_check_attempts 2\ncheck_period 24x7\nnotification_period 24x7\n}\n";

static int
setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-config-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	return 0;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "%s/nagios.cfg", tmpdir);
	unlink(cmd);
	snprintf(cmd, sizeof(cmd), "%s/objects.cfg", tmpdir);
	unlink(cmd);
	rmdir(tmpdir);
	return 0;
}

static enum config_stage
run(struct config_gen *gen, struct diag *d)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/nagios.cfg", tmpdir);
	return config_read(path, NULL, d, NULL, gen);
}

static void
t_good(void **state)
{
	struct config_gen gen;
	struct diag *d = diag_new(NULL);
	struct preflight_counts c;

	(void)state;
	put("nagios.cfg", main_cfg);
	put("objects.cfg", objects_ok);
	assert_int_equal(run(&gen, d), CONFIG_OK);
	assert_int_equal(config_preflight(&gen, d, 1, &c, NULL), 0);
	assert_int_equal(diag_errors(d), 0);
	assert_int_equal(c.hosts, 2);
	assert_int_equal(c.services, 2);
	assert_int_equal(c.hostgroups, 1);
	assert_int_equal(gen.objs->nservices, 2);
	assert_string_equal(gen.objs->services[1].host->name, "h2");
	assert_ptr_equal(gen.objs->hosts[1].parents[0], &gen.objs->hosts[0]);
	config_gen_free(&gen);
	diag_free(d);
}

static void
t_main_fails(void **state)
{
	struct config_gen gen;
	struct diag *d = diag_new(NULL);

	(void)state;
	put("nagios.cfg", "log_file=x\nno_such_key=1\n");
	put("objects.cfg", objects_ok);
	assert_int_equal(run(&gen, d), CONFIG_MAIN_FAILED);
	assert_true(diag_errors(d) > 0);
	config_gen_free(&gen);
	diag_free(d);
}

static void
t_objects_fail(void **state)
{
	struct config_gen gen;
	struct diag *d = diag_new(NULL);
	char objs[sizeof(objects_ok) + 64];

	(void)state;
	snprintf(objs, sizeof(objs), "%sdefine host {\nuse nope\nhost_name h3\n}\n", objects_ok);
	put("nagios.cfg", main_cfg);
	put("objects.cfg", objs);
	assert_int_equal(run(&gen, d), CONFIG_OBJECTS_FAILED);
	assert_true(diag_has(d, DIAG_ERROR, "'nope'"));
	config_gen_free(&gen);
	diag_free(d);
}

static void
t_unknown_command_is_a_preflight_error(void **state)
{
	struct config_gen gen;
	struct diag *d = diag_new(NULL);
	struct preflight_counts c;
	char objs[sizeof(objects_ok) + 256];

	(void)state;
	snprintf(objs, sizeof(objs), "%sdefine service {\nhost_name h1\nservice_description T\n"
	    "check_command missing!1\nmax_check_attempts 1\ncheck_period 24x7\n"
	    "notification_period 24x7\n}\n", objects_ok);
	put("nagios.cfg", main_cfg);
	put("objects.cfg", objs);
	assert_int_equal(run(&gen, d), CONFIG_OK);
	assert_int_equal(diag_errors(d), 0);
	assert_true(config_preflight(&gen, d, 1, &c, NULL) > 0);
	assert_true(diag_has(d, DIAG_ERROR, "missing"));
	assert_int_equal(c.services, 3);
	config_gen_free(&gen);
	diag_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_good, setup, teardown),
		cmocka_unit_test_setup_teardown(t_main_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(t_objects_fail, setup, teardown),
		cmocka_unit_test_setup_teardown(t_unknown_command_is_a_preflight_error, setup,
		    teardown),
	};

	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}

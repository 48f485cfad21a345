/*
 * test_maincfg: nagios.cfg, resource files and jaque.cfg read by maincfg.
 *
 * Each test writes small files into its own mkdtemp directory.  The
 * verdicts asserted (error, warning, silence) are those `nagios4 -v` (Debian
 * 4.4.6) gave for the same lines; the values are Nagios's compiled-in
 * defaults and its path rules.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "engine/util/netaddr.h"
#include "engine/util/xalloc.h"

#define MAXFILES 32

/* a scratch directory and what was created in it, removed in reverse */
struct fx {
	char dir[64];
	char *made[MAXFILES];
	int isdir[MAXFILES];
	int n;
	struct diag *d;
	struct main_cfg cfg;
	int read;
};

static char *
fx_path(struct fx *f, const char *name)
{
	return xasprintf("%s/%s", f->dir, name);
}

static void
fx_mkdir(struct fx *f, const char *name)
{
	char *p = fx_path(f, name);

	assert_int_equal(mkdir(p, 0755), 0);
	assert_true(f->n < MAXFILES);
	f->isdir[f->n] = 1;
	f->made[f->n++] = p;
}

static void
fx_write(struct fx *f, const char *name, const char *text)
{
	char *p = fx_path(f, name);
	FILE *fp = fopen(p, "w");
	int i;

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	for (i = 0; i < f->n; i++) {
		if (strcmp(f->made[i], p) == 0) {
			free(p);
			return;
		}
	}
	assert_true(f->n < MAXFILES);
	f->isdir[f->n] = 0;
	f->made[f->n++] = p;
}

/* read name (relative to the scratch directory) with jaque settings jq */
static int
fx_read(struct fx *f, const char *name, const char *jq)
{
	char *p = fx_path(f, name);
	int rc;

	if (f->read)
		maincfg_free(&f->cfg);
	diag_free(f->d);
	f->d = diag_new(NULL);
	rc = maincfg_read(p, jq, &f->cfg, f->d);
	f->read = 1;
	free(p);
	return rc;
}

/* write nagios.cfg with text and read it */
static int
fx_cfg(struct fx *f, const char *text)
{
	fx_write(f, "nagios.cfg", text);
	return fx_read(f, "nagios.cfg", NULL);
}

static int
setup(void **state)
{
	struct fx *f = xcalloc(1, sizeof(*f));

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_maincfg.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	if (f->read)
		maincfg_free(&f->cfg);
	diag_free(f->d);
	while (f->n > 0) {
		f->n--;
		if (f->isdir[f->n])
			rmdir(f->made[f->n]);
		else
			unlink(f->made[f->n]);
		free(f->made[f->n]);
	}
	rmdir(f->dir);
	free(f);
	return 0;
}

static void
test_defaults(void **state)
{
	struct fx *f = *state;
	struct main_cfg *c = &f->cfg;
	char *p;

	assert_int_equal(fx_cfg(f, "log_file=nagios.log\n"), 0);
	assert_int_equal(diag_count(f->d), 0);
	p = fx_path(f, "nagios.cfg");
	assert_string_equal(c->config_file, p);
	free(p);
	assert_string_equal(c->config_dir, f->dir);
	/* the compiled defaults, not the sample file's */
	assert_int_equal(c->interval_length, 60);
	assert_int_equal(c->status_update_interval, 60);
	assert_int_equal(c->enable_flap_detection, 0);
	assert_true(c->low_service_flap_threshold == 20.0);
	assert_true(c->high_host_flap_threshold == 30.0);
	assert_int_equal(c->log_service_retries, 0);
	assert_int_equal(c->ocsp_timeout, 15);
	assert_int_equal(c->retain_state_information, 0);
	assert_int_equal(c->use_syslog, 1);
	assert_int_equal(c->service_check_timeout, 60);
	assert_int_equal(c->host_check_timeout, 30);
	assert_int_equal(c->service_check_timeout_state, 2);
	assert_int_equal(c->time_change_threshold, 900);
	assert_int_equal(c->allow_empty_hostgroup_assignment, 2);
	assert_int_equal(c->check_service_freshness, 1);
	assert_int_equal(c->check_host_freshness, 0);
	assert_int_equal(c->daemon_dumps_core, 1);
	assert_int_equal(c->service_skip_check_dependency_status, -1);
	assert_int_equal(c->service_inter_check_delay_method, MAINCFG_ICD_SMART);
	assert_int_equal(c->service_interleave_factor_method, MAINCFG_ILF_SMART);
	assert_int_equal(c->host_perfdata_file_mode, 'a');
	assert_int_equal(c->max_debug_file_size, 1000000);
	assert_string_equal(c->date_format, "us");
	assert_string_equal(c->temp_path, "/tmp");
	assert_null(c->illegal_object_name_chars);
	assert_null(c->status_file);
	/* jaque's own */
	assert_null(c->jaque_cfg_file);
	assert_int_equal(c->ticks_per_second, 100);
	assert_int_equal(c->global_concurrency, 0);
	assert_int_equal(c->host_concurrency, 0);
	assert_int_equal(c->workers, 0);
	assert_int_equal(c->builtin_checks, 1);
	assert_int_equal(c->command_journal_sync, 1);

	/* log_file is not required: Nagios falls back on its compiled path */
	assert_int_equal(fx_cfg(f, "# nothing\n\n"), 0);
	assert_null(c->log_file);
}

static void
test_values(void **state)
{
	struct fx *f = *state;
	struct main_cfg *c = &f->cfg;

	assert_int_equal(fx_cfg(f, "  interval_length = 30  \n"
	    "date_format=strict-iso8601\n"
	    "service_check_timeout_state=u\n"
	    "low_host_flap_threshold=5.5\n"
	    "enable_notifications=yes\n"  /* lenient: atoi("yes") is 0 */
	    "max_concurrent_checks=12abc\n" /* lenient: leading number */
	    "use_agressive_host_checking=1\n"
	    "event_broker_options=-1\n"
	    "host_inter_check_delay_method=0.25\n"
	    "service_interleave_factor=-4\n"
	    "service_perfdata_file_mode=w\n"
	    "website_url=http://x/nagios/\n"
	    "illegal_object_name_chars=`~!$%^&*|'\"<>?,()=\n"
	    "use_syslog=1\n"
	    "status_update_interval=\\\n    15\n"),
	    0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(c->interval_length, 30);
	assert_string_equal(c->date_format, "strict-iso8601");
	assert_int_equal(c->date_format_id, MAINCFG_DATE_STRICT_ISO8601);
	assert_int_equal(c->service_check_timeout_state, 3);
	assert_true(c->low_host_flap_threshold == 5.5);
	assert_int_equal(c->enable_notifications, 0);
	assert_int_equal(c->max_concurrent_checks, 12);
	assert_int_equal(c->use_aggressive_host_checking, 1);
	assert_int_equal(c->event_broker_options, MAINCFG_BROKER_EVERYTHING);
	assert_int_equal(c->host_inter_check_delay_method, MAINCFG_ICD_USER);
	assert_true(c->host_inter_check_delay == 0.25);
	assert_int_equal(c->service_interleave_factor_method, MAINCFG_ILF_USER);
	assert_int_equal(c->service_interleave_factor, 1);
	assert_int_equal(c->service_perfdata_file_mode, 'w');
	assert_string_equal(c->website_url, "http://x/nagios");
	assert_string_equal(c->illegal_object_name_chars, "`~!$%^&*|'\"<>?,()=");
	assert_int_equal(c->status_update_interval, 15);
	/* an unknown date_format silently means "us" */
	assert_int_equal(fx_cfg(f, "date_format=bogus\n"), 0);
	assert_string_equal(c->date_format, "us");
}

static void
test_relative_paths(void **state)
{
	struct fx *f = *state;
	struct main_cfg *c = &f->cfg;
	struct maincfg_module *m;
	char *p, cwd[4096];

	fx_mkdir(f, "etc");
	fx_mkdir(f, "spool");
	fx_write(f, "etc/res.cfg", "$USER1$=/plugins\n");
	fx_write(f, "etc/nagios.cfg",
	    "cfg_file=objects/a.cfg\n"
	    "cfg_dir=conf.d/\n"
	    "cfg_file=/abs/b.cfg\n"
	    "cfg_file= spaced.cfg\n" /* Nagios's object reader keeps the blank */
	    "xodtemplate_config_file=x.cfg\n"
	    "resource_file=res.cfg\n"
	    "log_file=../var/./nagios.log\n"
	    "status_file=/var//lib/../status.dat\n"
	    "check_result_path=../spool/\n"
	    "temp_file=./tmp/t\n"
	    "broker_module=mods/x.o a1 a2\n"
	    "broker_module=/m/y.o\n");
	assert_int_equal(fx_read(f, "etc/nagios.cfg", NULL), 0);
	assert_int_equal(diag_count(f->d), 0);

	assert_int_equal(c->cfg_files.len, 4);
	p = xasprintf("%s/etc/objects/a.cfg", f->dir);
	assert_string_equal(c->cfg_files.items[0], p);
	free(p);
	assert_string_equal(c->cfg_files.items[1], "/abs/b.cfg");
	p = xasprintf("%s/etc/ spaced.cfg", f->dir);
	assert_string_equal(c->cfg_files.items[2], p);
	free(p);
	p = xasprintf("%s/etc/x.cfg", f->dir);
	assert_string_equal(c->cfg_files.items[3], p);
	free(p);
	assert_int_equal(c->cfg_dirs.len, 1);
	p = xasprintf("%s/etc/conf.d", f->dir);
	assert_string_equal(c->cfg_dirs.items[0], p);
	free(p);
	p = xasprintf("%s/etc/res.cfg", f->dir);
	assert_int_equal(c->resource_files.len, 1);
	assert_string_equal(c->resource_files.items[0], p);
	free(p);
	p = xasprintf("%s/var/nagios.log", f->dir);
	assert_string_equal(c->log_file, p);
	free(p);
	assert_string_equal(c->status_file, "/var/status.dat");
	p = xasprintf("%s/spool", f->dir);
	assert_string_equal(c->check_result_path, p);
	free(p);
	p = xasprintf("%s/etc/tmp/t", f->dir);
	assert_string_equal(c->temp_file, p);
	free(p);
	assert_int_equal(c->broker_modules.len, 2);
	m = c->broker_modules.items[0];
	p = xasprintf("%s/etc/mods/x.o", f->dir);
	assert_string_equal(m->path, p);
	free(p);
	assert_string_equal(m->args, "a1 a2");
	m = c->broker_modules.items[1];
	assert_string_equal(m->path, "/m/y.o");
	assert_null(m->args);
	assert_string_equal(c->user_macros[0], "/plugins");

	/* a bare temp_file name lives in temp_path */
	fx_write(f, "nagios.cfg", "temp_file=nagios.tmp\ntemp_path=spool/\n");
	assert_int_equal(fx_read(f, "nagios.cfg", NULL), 0);
	p = xasprintf("%s/spool/nagios.tmp", f->dir);
	assert_string_equal(c->temp_file, p);
	free(p);

	/* nagios.cfg named relative to the working directory */
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(f->dir), 0);
	maincfg_free(c);
	assert_int_equal(maincfg_read("etc/../etc/nagios.cfg", NULL, c, f->d), 0);
	assert_int_equal(chdir(cwd), 0);
	p = xasprintf("%s/etc/nagios.cfg", f->dir);
	assert_string_equal(c->config_file, p);
	free(p);
	p = xasprintf("%s/etc", f->dir);
	assert_string_equal(c->config_dir, p);
	free(p);
}

static void
test_path_checks(void **state)
{
	struct fx *f = *state;

	assert_int_equal(fx_cfg(f, "check_result_path=nonexistent\n"), -1);
	assert_true(diag_has(f->d, DIAG_ERROR, "not a valid directory"));
	assert_int_equal(fx_cfg(f, "temp_path=/nonexistent/dir\n"), -1);
	assert_true(diag_has(f->d, DIAG_ERROR, "temp_path"));
	assert_int_equal(fx_cfg(f, "resource_file=missing.cfg\n"), -1);
	assert_true(diag_has(f->d, DIAG_ERROR, "resource file"));
	assert_int_equal(fx_read(f, "no-such-nagios.cfg", NULL), -1);
	assert_int_equal(diag_errors(f->d), 1);
}

static void
test_resource_macros(void **state)
{
	struct fx *f = *state;
	char **u = f->cfg.user_macros;

	fx_write(f, "r1.cfg",
	    "# comment\n"
	    "\n"
	    "$USER1$=/usr/lib/nagios/plugins\n"
	    "$USER256$=last\n"
	    "$USER257$=ignored\n"
	    "$USER0$=ignored\n"
	    "$USER3$=a=b;c\n"
	    "$USER4$= kept blank\n"
	    "$USER5$ = name has a blank, ignored\n"
	    "$HOSTNAME$=ignored\n"
	    "FOO=ignored\n"
	    "$USER6$=con\\\n   tinued\n");
	fx_write(f, "r2.cfg", "$USER1$=override\n");
	assert_int_equal(fx_cfg(f, "resource_file=r1.cfg\nresource_file=r2.cfg\n"), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_string_equal(u[0], "override");
	assert_string_equal(u[255], "last");
	assert_string_equal(u[2], "a=b;c");
	assert_string_equal(u[3], " kept blank");
	assert_null(u[4]);
	assert_string_equal(u[5], "continued");
	assert_null(u[1]);
	assert_int_equal(f->cfg.resource_files.len, 2);

	/* a line without '=' is an error and ends that file */
	fx_write(f, "r3.cfg", "$USER1$=one\ngarbage\n$USER2$=two\n");
	assert_int_equal(fx_cfg(f, "resource_file=r3.cfg\n"), -1);
	assert_string_equal(u[0], "one");
	assert_null(u[1]);
	/* so is an indented comment, since '#' is looked for before trimming */
	fx_write(f, "r4.cfg", "  # indented\n");
	assert_int_equal(fx_cfg(f, "resource_file=r4.cfg\n"), -1);
	fx_write(f, "r5.cfg", "$USER1$=\n");
	assert_int_equal(fx_cfg(f, "resource_file=r5.cfg\n"), -1);
}

static void
test_x_keys_ignored(void **state)
{
	struct fx *f = *state;

	assert_int_equal(fx_cfg(f, "xfoo=1\nx=2\nxpddefault_whatever = 3\n"), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_string_equal(maincfg_raw(&f->cfg, "xfoo"), "1");
	/* but a line without '=' is still an error */
	assert_int_equal(fx_cfg(f, "xfoo\n"), -1);
}

static void
test_unknown_and_syntax_errors(void **state)
{
	struct fx *f = *state;
	const struct diag_entry *e;

	assert_int_equal(fx_cfg(f, "# c\nfoo=1\n"), -1);
	assert_int_equal(diag_errors(f->d), 1);
	e = diag_get(f->d, 0);
	assert_true(strstr(e->msg, "UNKNOWN VARIABLE") != NULL);
	assert_int_equal(e->loc.line, 2);
	assert_string_equal(e->loc.directive, "foo");
	assert_null(e->loc.otype);
	/* Nagios matches these by "name=" at the start of the line */
	assert_int_equal(fx_cfg(f, "cfg_file = /x.cfg\n"), -1);
	assert_int_equal(fx_cfg(f, "state_retention_file =/x\n"), -1);
	assert_int_equal(fx_cfg(f, "state_retention_file= /x\n"), 0);
	assert_int_equal(fx_cfg(f, "status_file = /x\n"), 0);
	/* no '=', nothing after it, nothing before it */
	assert_int_equal(fx_cfg(f, "interval_length\n"), -1);
	assert_int_equal(fx_cfg(f, "interval_length=   \n"), -1);
	assert_int_equal(fx_cfg(f, "=5\n"), -1);
	assert_int_equal(fx_cfg(f, "; not a comment here\n"), -1);
	/* a key may be joined from two lines */
	assert_int_equal(fx_cfg(f, "interval_\\\nlength=5\n"), 0);
	assert_int_equal(f->cfg.interval_length, 5);
	/* jaque's keys do not belong in nagios.cfg */
	assert_int_equal(fx_cfg(f, "ticks_per_second=10\n"), -1);
	/* every error is reported, not only the first */
	assert_int_equal(fx_cfg(f, "a=1\nb=2\ninterval_length=0\n"), -1);
	assert_int_equal(diag_errors(f->d), 3);
}

static void
test_bad_values(void **state)
{
	struct fx *f = *state;
	static const char *const bad[] = {
		"use_syslog=2\n", "use_syslog=yes\n", "use_syslog=01\n",
		"check_external_commands=true\n", "retain_state_information=-1\n",
		"interval_length=0\n", "interval_length=abc\n",
		"time_change_threshold=5\n", "service_check_timeout=0\n",
		"max_concurrent_checks=-1\n", "retention_update_interval=-1\n",
		"low_service_flap_threshold=100\n", "high_host_flap_threshold=0\n",
		"log_rotation_method=x\n", "service_check_timeout_state=C\n",
		"service_inter_check_delay_method=x\n",
		"service_skip_check_dependency_status=4\n",
		"freshness_check_interval=0\n", "service_reaper_frequency=0\n",
		"use_large_installation_tweaks=2\n",
		"loadctl_options=jobs_max=1;foo=2\n", "loadctl_options=jobs_max = 5\n",
		NULL,
	};
	static const char *const good[] = {
		"interval_length=5abc\n", "high_service_flap_threshold=100\n",
		"time_change_threshold=6\n", "host_skip_check_dependency_status=3\n",
		"retention_update_interval=0\n", "passive_host_checks_are_soft=yes\n",
		"service_interleave_factor=abc\n", "check_workers=abc\n",
		"loadctl_options=jobs_max=100;jobs_min=20\n", "loadctl_options=garbage\n",
		"max_check_result_file_age=-5\n", "allow_empty_hostgroup_assignment=abc\n",
		NULL,
	};
	int i;

	for (i = 0; bad[i] != NULL; i++) {
		if (fx_cfg(f, bad[i]) != -1)
			fail_msg("accepted: %s", bad[i]);
		assert_int_equal(diag_errors(f->d), 1);
	}
	for (i = 0; good[i] != NULL; i++)
		if (fx_cfg(f, good[i]) != 0)
			fail_msg("refused: %s", good[i]);
	assert_int_equal(fx_cfg(f, "allow_empty_hostgroup_assignment=abc\n"), 0);
	assert_int_equal(f->cfg.allow_empty_hostgroup_assignment, 0);
}

static void
test_obsolete_warning(void **state)
{
	struct fx *f = *state;
	static const char *const keys[] = { "sleep_time", "command_check_interval",
		"external_command_buffer_slots", "enable_failure_prediction",
		"enable_embedded_perl", "use_embedded_perl_implicitly", "auth_file", "p1_file",
		NULL };
	char *line;
	int i;

	for (i = 0; keys[i] != NULL; i++) {
		line = xasprintf("%s=1\n", keys[i]);
		assert_int_equal(fx_cfg(f, line), 0);
		free(line);
		assert_int_equal(diag_errors(f->d), 0);
		assert_int_equal(diag_warnings(f->d), 1);
		assert_true(diag_has(f->d, DIAG_WARNING, "deprecated"));
	}
}

static void
test_raw(void **state)
{
	struct fx *f = *state;

	assert_int_equal(fx_cfg(f, "admin_email=a@x\nadmin_email = b@x \n"
	    "service_reaper_frequency=7\ncfg_file=/o.cfg\n"), 0);
	assert_string_equal(maincfg_raw(&f->cfg, "admin_email"), "b@x");
	assert_string_equal(f->cfg.admin_email, "b@x");
	assert_string_equal(maincfg_raw(&f->cfg, "service_reaper_frequency"), "7");
	assert_string_equal(maincfg_raw(&f->cfg, "check_result_reaper_frequency"), "7");
	assert_int_equal(f->cfg.check_result_reaper_frequency, 7);
	assert_string_equal(maincfg_raw(&f->cfg, "cfg_file"), "/o.cfg");
	assert_null(maincfg_raw(&f->cfg, "log_file"));
}

static void
test_jaque_cfg(void **state)
{
	struct fx *f = *state;
	struct main_cfg *c = &f->cfg;
	char *p;

	/* beside nagios.cfg */
	fx_write(f, "jaque.cfg", "# jaque\nticks_per_second = 250\nworkers=4\n"
	    "global_concurrency=100\nhost_concurrency=2\nbuiltin_checks=0\nconfig_threads=3\n"
	    "command_journal_sync=0\n");
	assert_int_equal(fx_cfg(f, "interval_length=60\n"), 0);
	p = fx_path(f, "jaque.cfg");
	assert_string_equal(c->jaque_cfg_file, p);
	free(p);
	assert_int_equal(c->ticks_per_second, 250);
	assert_int_equal(c->workers, 4);
	assert_int_equal(c->global_concurrency, 100);
	assert_int_equal(c->host_concurrency, 2);
	assert_int_equal(c->builtin_checks, 0);
	assert_int_equal(c->config_threads, 3);
	assert_int_equal(c->command_journal_sync, 0);
	assert_null(maincfg_raw(c, "workers"));

	/* named explicitly */
	fx_write(f, "other.cfg", "ticks_per_second=1000\n");
	p = fx_path(f, "other.cfg");
	assert_int_equal(fx_read(f, "nagios.cfg", p), 0);
	assert_string_equal(c->jaque_cfg_file, p);
	free(p);
	assert_int_equal(c->ticks_per_second, 1000);
	assert_int_equal(c->workers, 0);

	/* named and missing */
	p = fx_path(f, "missing.cfg");
	assert_int_equal(fx_read(f, "nagios.cfg", p), -1);
	free(p);
	assert_null(c->jaque_cfg_file);
}

/* each jaque.cfg of bad (NULL-terminated) is refused with one error */
static void
fx_jaque_rejects(struct fx *f, const char *const *bad)
{
	int i;

	fx_write(f, "nagios.cfg", "log_file=l\n");
	for (i = 0; bad[i] != NULL; i++) {
		fx_write(f, "jaque.cfg", bad[i]);
		if (fx_read(f, "nagios.cfg", NULL) != -1)
			fail_msg("jaque.cfg accepted: %s", bad[i]);
		assert_int_equal(diag_errors(f->d), 1);
	}
}

static void
test_jaque_cfg_rejected(void **state)
{
	struct fx *f = *state;
	static const char *const bad[] = {
		"ticks_per_second=0\n", "ticks_per_second=1001\n", "ticks_per_second=10x\n",
		"ticks_per_second=\n", "global_concurrency=-1\n", "host_concurrency=abc\n",
		"workers=-2\n", "config_threads=-1\n", "builtin_checks=2\n", "builtin_checks=yes\n",
		"command_journal_sync=2\n", "interval_length=60\n", "xfoo=1\n", "nonsense\n", NULL,
	};

	fx_jaque_rejects(f, bad);
	assert_int_equal(f->cfg.ticks_per_second, 100);
}

/* livestatus_listen and livestatus_allow: lists, repeats, and bad values named with their line */
static void
test_jaque_cfg_livestatus_tcp(void **state)
{
	struct fx *f = *state;
	struct main_cfg *c = &f->cfg;
	static const char *const bad[] = {
		"livestatus_listen=6557\n", "livestatus_listen=127.0.0.1:0\n",
		"livestatus_listen=127.0.0.1:65536\n", "livestatus_listen=localhost:6557\n",
		"livestatus_listen=::1:6557\n", "livestatus_listen=*:6557,nope\n",
		"livestatus_allow=10.0.0.0/33\n", "livestatus_allow=::/129\n",
		"livestatus_allow=10.0.0.0/8 example.com\n", "livestatus_allow=,\n",
		"livestatus_allow=\n", NULL,
	};
	const struct diag_entry *e;
	char buf[NETADDR_STRLEN];

	/* off by default */
	fx_write(f, "jaque.cfg", "ticks_per_second=100\n");
	assert_int_equal(fx_cfg(f, "interval_length=60\n"), 0);
	assert_int_equal(c->livestatus_listen.len, 0);
	assert_null(c->livestatus_allow);

	fx_write(f, "jaque.cfg", "livestatus_listen=127.0.0.1:6557, [::1]:6557\n"
	    "livestatus_listen = *:7000 127.0.0.1:6557\n"
	    "livestatus_allow=127.0.0.2/32, 10.0.0.0/8\nlivestatus_allow=2001:db8::/32\n");
	assert_int_equal(fx_read(f, "nagios.cfg", NULL), 0);
	assert_int_equal(c->livestatus_listen.len, 3); /* the address given twice counts once */
	netaddr_listen_str(c->livestatus_listen.items[0], buf, sizeof(buf));
	assert_string_equal(buf, "127.0.0.1:6557");
	netaddr_listen_str(c->livestatus_listen.items[1], buf, sizeof(buf));
	assert_string_equal(buf, "[::1]:6557");
	netaddr_listen_str(c->livestatus_listen.items[2], buf, sizeof(buf));
	assert_string_equal(buf, "*:7000");
	assert_non_null(c->livestatus_allow);
	assert_int_equal(netacl_count(c->livestatus_allow), 3);

	fx_jaque_rejects(f, bad);
	fx_write(f, "jaque.cfg", "# listeners\nlivestatus_listen=127.0.0.1:6557\n"
	    "livestatus_allow=10.0.0.0/8, 10.0.0.1/40\n");
	assert_int_equal(fx_read(f, "nagios.cfg", NULL), -1);
	e = diag_get(f->d, 0);
	assert_int_equal(e->loc.line, 3);
	assert_string_equal(e->loc.directive, "livestatus_allow");
	assert_true(strstr(e->loc.file, "jaque.cfg") != NULL);
	assert_true(strstr(e->msg, "'10.0.0.1/40'") != NULL);
	assert_true(strstr(e->msg, "prefix length") != NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_relative_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_path_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_resource_macros, setup, teardown),
		cmocka_unit_test_setup_teardown(test_x_keys_ignored, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_and_syntax_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_obsolete_warning, setup, teardown),
		cmocka_unit_test_setup_teardown(test_raw, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jaque_cfg, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jaque_cfg_rejected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jaque_cfg_livestatus_tcp, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

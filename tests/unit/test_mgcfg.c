/*
 * test_mgcfg: mod_gearman's options read as its NEB module 5.2 reads them
 * (compat/gearman/mgcfg), and their discovery in nagios.cfg and jaque.cfg
 * (engine/main/gmsetup).
 *
 * The defaults and meanings asserted are those of mod_gearman 5.2.4's
 * set_default_options, parse_args_line, read_config_file, read_keyfile
 * and the module's verify_options; the errors are jaque's, each with its
 * file, line and key.  Files go into a mkdtemp directory per test.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _XOPEN_SOURCE 700

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "compat/gearman/mgcfg.h"
#include "engine/main/gmsetup.h"
#include "engine/util/xalloc.h"

struct fx {
	char dir[64];
	struct diag *d;
	struct mgcfg *m;
};

static int
fx_setup(void **state)
{
	struct fx *f = xcalloc(1, sizeof(*f));

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_mgcfg.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->d = diag_new(NULL);
	f->m = mgcfg_new(f->dir);
	*state = f;
	return 0;
}

static int
fx_rm(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int
fx_teardown(void **state)
{
	struct fx *f = *state;

	/* the scratch directory holds only what the test wrote */
	assert_int_equal(nftw(f->dir, fx_rm, 8, FTW_DEPTH | FTW_PHYS), 0);
	mgcfg_free(f->m);
	diag_free(f->d);
	free(f);
	return 0;
}

/* dir/name with text; returns the path (heap) */
static char *
fx_write(struct fx *f, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", f->dir, name);
	FILE *fp = fopen(p, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	return p;
}

static void
fx_mkdir(struct fx *f, const char *name)
{
	char *p = xasprintf("%s/%s", f->dir, name);

	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
}

/* the only diagnostic of kind is at file:line, about key, and says text */
static void
expect_only(struct fx *f, enum diag_kind kind, const char *file, int line, const char *key,
    const char *text)
{
	const struct diag_entry *e;

	assert_int_equal(diag_count(f->d), 1);
	e = diag_get(f->d, 0);
	assert_int_equal(e->kind, kind);
	if (file == NULL)
		assert_null(e->loc.file);
	else
		assert_string_equal(e->loc.file, file);
	assert_int_equal(e->loc.line, line);
	if (key == NULL)
		assert_null(e->loc.directive);
	else
		assert_string_equal(e->loc.directive, key);
	if (strstr(e->msg, text) == NULL)
		fail_msg("'%s' does not say '%s'", e->msg, text);
	assert_non_null(strstr(e->msg, "mod_gearman: "));
}

static const char *
str_at(const struct vec *v, size_t i)
{
	assert_true(i < v->len);
	return v->items[i];
}

static const struct mgcfg_server *
server_at(const struct mgcfg *m, size_t i)
{
	assert_true(i < m->servers.len);
	return m->servers.items[i];
}

static void
test_defaults(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "server=localhost key=abcdefgh", "n.cfg", 7, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n.cfg", 7, f->d), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(m->servers.len, 1);
	assert_string_equal(server_at(m, 0)->host, "localhost");
	assert_int_equal(server_at(m, 0)->port, 4730);
	assert_int_equal(m->encryption, 1);
	assert_string_equal(m->key, "abcdefgh");
	assert_null(m->keyfile);
	/* no queue option: hosts, services and event handlers go to gearmand */
	assert_int_equal(m->hosts, 1);
	assert_int_equal(m->services, 1);
	assert_int_equal(m->eventhandler, 1);
	assert_int_equal(m->notifications, 0);
	assert_int_equal(m->hostgroups.len + m->servicegroups.len, 0);
	assert_int_equal(m->localhostgroups.len + m->localservicegroups.len, 0);
	assert_null(m->queue_custom_variable);
	assert_int_equal(m->route_eventhandler_like_checks, 0);
	assert_int_equal(m->perfdata, 0);
	assert_int_equal(m->perfdata_queues.len, 0);
	assert_int_equal(m->perfdata_mode, MGCFG_PERFDATA_OVERWRITE);
	assert_int_equal(m->perfdata_send_all, 0);
	assert_non_null(strstr(m->host_perfdata_template, "DATATYPE::HOSTPERFDATA\tTIMET::$TIMET$"));
	assert_non_null(strstr(m->service_perfdata_template, "\tSERVICESTATETYPE::$SERVICESTATETYPE$"));
	assert_string_equal(m->result_queue, "check_results");
	assert_int_equal(m->result_workers, 1);
	assert_int_equal(m->orphan_host_checks, 1);
	assert_int_equal(m->orphan_service_checks, 1);
	assert_int_equal(m->orphan_return, 2);
	assert_int_equal(m->accept_clear_results, 0);
	assert_int_equal(m->use_uniq_jobs, 1);
	assert_int_equal(m->do_hostchecks, 1);
	assert_int_equal(m->latency_flatten_window, 30);
	assert_int_equal(m->internal_check_dummy, 1);
	assert_int_equal(m->connection_timeout, 5000);
	assert_int_equal(m->debug, 0);
	assert_null(m->logfile);
	assert_int_equal(m->ignored.len, 0);
	assert_true(mgcfg_sends_host_checks(m));
	assert_true(mgcfg_sends_service_checks(m));
}

/* every key a core uses, each away from its default, from a file */
static void
test_every_key(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char *p = fx_write(f, "neb.conf",
	    "debug=2\n"
	    "logfile=log/mg.log\n"
	    "server=gm1:4731\n"
	    "encryption=no\n"
	    "key=0123456789abcdef\n"
	    "hosts=no\n"
	    "services=yes\n"
	    "eventhandler=yes\n"
	    "notifications=yes\n"
	    "hostgroups=hg1\n"
	    "servicegroups=sg1\n"
	    "localhostgroups=lh1\n"
	    "localservicegroups=ls1\n"
	    "queue_custom_variable=worker\n"
	    "route_eventhandler_like_checks=yes\n"
	    "perfdata=yes\n"
	    "perfdata_mode=2\n"
	    "perfdata_send_all=yes\n"
	    "host_perfdata_template=H $HOSTNAME$\n"
	    "service_perfdata_template=S $SERVICEDESC$\n"
	    "result_queue=results_a\n"
	    "result_workers=3\n"
	    "orphan_host_checks=no\n"
	    "orphan_service_checks=no\n"
	    "orphan_return=3\n"
	    "accept_clear_results=yes\n"
	    "use_uniq_jobs=off\n"
	    "do_hostchecks=no\n"
	    "latency_flatten_window=0\n"
	    "internal_check_dummy=no\n"
	    "gearman_connection_timeout=-1\n");
	char *logp = xasprintf("%s/log/mg.log", f->dir);

	assert_int_equal(mgcfg_read_file(m, p, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n.cfg", 1, f->d), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(m->debug, 2);
	assert_string_equal(m->logfile, logp);
	assert_string_equal(server_at(m, 0)->host, "gm1");
	assert_int_equal(server_at(m, 0)->port, 4731);
	assert_int_equal(m->encryption, 0);
	assert_string_equal(m->key, "0123456789abcdef");
	assert_int_equal(m->hosts, 0);
	assert_int_equal(m->services, 1);
	assert_int_equal(m->eventhandler, 1);
	assert_int_equal(m->notifications, 1);
	assert_string_equal(str_at(&m->hostgroups, 0), "hg1");
	assert_string_equal(str_at(&m->servicegroups, 0), "sg1");
	assert_string_equal(str_at(&m->localhostgroups, 0), "lh1");
	assert_string_equal(str_at(&m->localservicegroups, 0), "ls1");
	assert_string_equal(m->queue_custom_variable, "WORKER");
	assert_int_equal(m->route_eventhandler_like_checks, 1);
	assert_int_equal(m->perfdata, 1);
	assert_int_equal(m->perfdata_queues.len, 1);
	assert_string_equal(str_at(&m->perfdata_queues, 0), "perfdata");
	assert_int_equal(m->perfdata_mode, MGCFG_PERFDATA_APPEND);
	assert_int_equal(m->perfdata_send_all, 1);
	assert_string_equal(m->host_perfdata_template, "H $HOSTNAME$");
	assert_string_equal(m->service_perfdata_template, "S $SERVICEDESC$");
	assert_string_equal(m->result_queue, "results_a");
	assert_int_equal(m->result_workers, 3);
	assert_int_equal(m->orphan_host_checks, 0);
	assert_int_equal(m->orphan_service_checks, 0);
	assert_int_equal(m->orphan_return, 3);
	assert_int_equal(m->accept_clear_results, 1);
	assert_int_equal(m->use_uniq_jobs, 0);
	assert_int_equal(m->do_hostchecks, 0);
	assert_int_equal(m->latency_flatten_window, 0);
	assert_int_equal(m->internal_check_dummy, 0);
	assert_int_equal(m->connection_timeout, -1);
	/* do_hostchecks=no: no host check goes out, whatever else says so */
	assert_false(mgcfg_sends_host_checks(m));
	assert_true(mgcfg_sends_service_checks(m));
	free(logp);
	free(p);
}

static void
test_yes_no(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "hosts=NO services=Off eventhandler=FALSE "
	    "notifications=0 use_uniq_jobs=no", "n.cfg", 1, f->d), 0);
	assert_int_equal(m->hosts + m->services + m->eventhandler + m->notifications, 0);
	assert_int_equal(m->use_uniq_jobs, 0);
	assert_int_equal(mgcfg_read_args(m, "hosts=Yes services=ON eventhandler=true "
	    "notifications=1", "n.cfg", 1, f->d), 0);
	assert_int_equal(m->hosts + m->services + m->eventhandler + m->notifications, 4);
	/* alone, or with nothing after '=': the value mod_gearman gives it then */
	assert_int_equal(mgcfg_read_args(m, "hosts=no accept_clear_results=no", "n.cfg", 1,
	    f->d), 0);
	assert_int_equal(mgcfg_read_args(m, "hosts accept_clear_results=", "n.cfg", 1, f->d), 0);
	assert_int_equal(m->hosts, 1);
	assert_int_equal(m->accept_clear_results, 1);
	assert_int_equal(mgcfg_read_args(m, "perfdata_send_all=yes", "n.cfg", 1, f->d), 0);
	assert_int_equal(mgcfg_read_args(m, "perfdata_send_all", "n.cfg", 1, f->d), 0);
	assert_int_equal(m->perfdata_send_all, 0);
	assert_int_equal(diag_count(f->d), 0);
}

static void
test_aliases_and_key_forms(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "--Server=a -eventhandlers=no notification=yes "
	    "hostgroup=h servicegroup=s localhostgroup=lh localservicegroup=ls password=secretkey",
	    "n.cfg", 1, f->d), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_string_equal(server_at(m, 0)->host, "a");
	assert_int_equal(m->eventhandler, 0);
	assert_int_equal(m->notifications, 1);
	assert_string_equal(str_at(&m->hostgroups, 0), "h");
	assert_string_equal(str_at(&m->servicegroups, 0), "s");
	assert_string_equal(str_at(&m->localhostgroups, 0), "lh");
	assert_string_equal(str_at(&m->localservicegroups, 0), "ls");
	assert_string_equal(m->key, "secretkey");
	/* two blanks in a row make an empty word, which is nothing */
	assert_int_equal(mgcfg_read_args(m, "hosts=no  services=no ", "n.cfg", 1, f->d), 0);
	assert_int_equal(m->services, 0);
	assert_int_equal(diag_count(f->d), 0);
}

static void
test_servers(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "server=a,b:4731 server=:4732,c", "n.cfg", 4, f->d), 0);
	assert_int_equal(mgcfg_read_args(m, "server=a:4730", "n.cfg", 4, f->d), 0);
	assert_int_equal(m->servers.len, 4);
	assert_string_equal(server_at(m, 0)->host, "a");
	assert_int_equal(server_at(m, 0)->port, 4730);
	assert_string_equal(server_at(m, 1)->host, "b");
	assert_int_equal(server_at(m, 1)->port, 4731);
	/* mod_gearman's rule: no host is 0.0.0.0 */
	assert_string_equal(server_at(m, 2)->host, "0.0.0.0");
	assert_int_equal(server_at(m, 2)->port, 4732);
	assert_string_equal(server_at(m, 3)->host, "c");
	/* a:4730 again: counted once, with a warning */
	expect_only(f, DIAG_WARNING, "n.cfg", 4, "server", "given twice");
}

static void
test_server_bad_port(void **state)
{
	struct fx *f = *state;

	assert_int_equal(mgcfg_read_args(f->m, "server=gm:47x0", "/etc/nagios.cfg", 12, f->d), 1);
	expect_only(f, DIAG_ERROR, "/etc/nagios.cfg", 12, "server", "Illegal port '47x0'");
	assert_int_equal(f->m->servers.len, 0);
	assert_int_equal(mgcfg_set(f->m, "server=gm:70000", "x.cfg", 2, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "server=gm:", "x.cfg", 3, f->d), 1);
	assert_int_equal(diag_errors(f->d), 3);
}

static void
test_lists(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char *p = fx_write(f, "neb.conf",
	    "hostgroups=a, b ,,c\n"
	    "hostgroups=d\n"
	    "localservicegroups=\n"
	    "localservicegroups= x ,y\n"
	    "perfdata=q1, q2\n"
	    "perfdata=q2,q3\n");

	assert_int_equal(mgcfg_read_file(m, p, f->d), 0);
	assert_int_equal(m->hostgroups.len, 4);
	assert_string_equal(str_at(&m->hostgroups, 1), "b");
	assert_string_equal(str_at(&m->hostgroups, 2), "c");
	assert_string_equal(str_at(&m->hostgroups, 3), "d");
	assert_int_equal(m->localservicegroups.len, 2);
	assert_string_equal(str_at(&m->localservicegroups, 0), "x");
	assert_int_equal(m->perfdata, 1);
	assert_int_equal(m->perfdata_queues.len, 3);
	assert_string_equal(str_at(&m->perfdata_queues, 0), "q1");
	assert_string_equal(str_at(&m->perfdata_queues, 2), "q3");
	assert_int_equal(diag_count(f->d), 0);
	free(p);
}

static void
test_group_too_long(void **state)
{
	struct fx *f = *state;
	char line[128];

	snprintf(line, sizeof(line), "servicegroups=ok,%051d", 0);
	/* mod_gearman leaves it out and goes on */
	assert_int_equal(mgcfg_set(f->m, line, "neb.conf", 9, f->d), 0);
	expect_only(f, DIAG_WARNING, "neb.conf", 9, "servicegroups", "longer than 50");
	assert_int_equal(f->m->servicegroups.len, 1);
	/* fifty is fine */
	snprintf(line, sizeof(line), "servicegroups=%050d", 0);
	assert_int_equal(mgcfg_set(f->m, line, "neb.conf", 10, f->d), 0);
}

/* which options count as choosing queues by hand, and what follows */
static void
test_derived_queues(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m;

	/* host groups alone: nothing else goes out by default */
	assert_int_equal(mgcfg_read_args(f->m, "server=a encryption=no hostgroups=web", "n", 1,
	    f->d), 0);
	assert_int_equal(mgcfg_finish(f->m, "n", 1, f->d), 0);
	assert_int_equal(f->m->hosts + f->m->services + f->m->eventhandler, 0);
	assert_true(mgcfg_sends_host_checks(f->m));
	assert_true(mgcfg_sends_service_checks(f->m));

	/* perfdata=no counts too (as in mod_gearman) */
	m = mgcfg_new(f->dir);
	assert_int_equal(mgcfg_read_args(m, "server=a encryption=no perfdata=no", "n", 1, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 0);
	assert_int_equal(m->hosts + m->services + m->eventhandler, 0);
	assert_false(mgcfg_sends_host_checks(m));
	assert_false(mgcfg_sends_service_checks(m));
	mgcfg_free(m);

	/* local groups, the custom variable and do_hostchecks do not count */
	m = mgcfg_new(f->dir);
	assert_int_equal(mgcfg_read_args(m, "server=a encryption=no localhostgroups=x "
	    "queue_custom_variable=Wq do_hostchecks=yes", "n", 1, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 0);
	assert_int_equal(m->hosts + m->services + m->eventhandler, 3);
	assert_string_equal(m->queue_custom_variable, "WQ");
	mgcfg_free(m);

	/* the custom variable alone sends checks that name a queue */
	m = mgcfg_new(f->dir);
	assert_int_equal(mgcfg_read_args(m, "server=a encryption=no hosts=no services=no "
	    "queue_custom_variable=worker", "n", 1, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 0);
	assert_true(mgcfg_sends_host_checks(m));
	assert_true(mgcfg_sends_service_checks(m));
	/* an empty one is none */
	assert_int_equal(mgcfg_set(m, "queue_custom_variable=", "n", 2, f->d), 0);
	assert_null(m->queue_custom_variable);
	assert_false(mgcfg_sends_service_checks(m));
	mgcfg_free(m);
	assert_int_equal(diag_count(f->d), 0);
}

static void
test_numbers(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	/* negatives mod_gearman turns into 0 without a word */
	assert_int_equal(mgcfg_read_args(m, "debug=-3 result_workers=-1 perfdata_mode=0 "
	    "latency_flatten_window=-5", "n", 1, f->d), 0);
	assert_int_equal(m->debug, 0);
	assert_int_equal(m->result_workers, 0);
	assert_int_equal(m->perfdata_mode, 0);
	assert_int_equal(m->latency_flatten_window, -5);
	assert_int_equal(diag_count(f->d), 0);
	/* as mod_gearman: the number the value begins with, with a warning */
	assert_int_equal(mgcfg_set(m, "debug=2x", "neb.conf", 3, f->d), 0);
	expect_only(f, DIAG_WARNING, "neb.conf", 3, "debug", "'2x' for debug is not a whole number");
	assert_int_equal(m->debug, 2);
}

/* jaque.cfg's own gearman_ lines are held to jaque's grammar: no guessing there */
static void
test_strict_in_jaque_cfg(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_set_jaque(m, "gearman_debug", "two", "jaque.cfg", 3, f->d), 1);
	expect_only(f, DIAG_ERROR, "jaque.cfg", 3, "gearman_debug", "Illegal value 'two' for debug");
	assert_int_equal(m->debug, 0);
	assert_int_equal(mgcfg_set_jaque(m, "gearman_hosts", "maybe", "jaque.cfg", 4, f->d), 1);
	assert_int_equal(mgcfg_set_jaque(m, "gearman_orphan_return", "4", "jaque.cfg", 5, f->d), 1);
	assert_int_equal(mgcfg_set_jaque(m, "gearman_srever", "a", "jaque.cfg", 6, f->d), 1);
	assert_int_equal(diag_errors(f->d), 4);
	assert_int_equal(m->hosts, 0);
	assert_int_equal(m->orphan_return, 2);
}

static void
test_number_ranges(void **state)
{
	struct fx *f = *state;

	/* mod_gearman warns and keeps the value */
	assert_int_equal(mgcfg_set(f->m, "orphan_return=4", "neb.conf", 5, f->d), 0);
	expect_only(f, DIAG_WARNING, "neb.conf", 5, "orphan_return", "outside 0..3");
	assert_int_equal(f->m->orphan_return, 4);
	assert_int_equal(mgcfg_set(f->m, "perfdata_mode=3", "neb.conf", 6, f->d), 0);
	assert_int_equal(f->m->perfdata_mode, 3);
	/* no number at all: 0, as atoi has it */
	assert_int_equal(mgcfg_set(f->m, "result_workers=", "neb.conf", 7, f->d), 0);
	assert_int_equal(f->m->result_workers, 0);
	assert_int_equal(diag_errors(f->d), 0);
	assert_int_equal(diag_count(f->d), 3);
}

static void
test_bad_yes_no(void **state)
{
	struct fx *f = *state;

	/* any other word is yes to mod_gearman; a warning here */
	assert_int_equal(mgcfg_set(f->m, "hosts=maybe", "/x/neb.conf", 14, f->d), 0);
	expect_only(f, DIAG_WARNING, "/x/neb.conf", 14, "hosts", "'maybe' for hosts is taken as yes");
	assert_int_equal(f->m->hosts, 1);
}

static void
test_unknown_and_missing_values(void **state)
{
	struct fx *f = *state;

	/* mod_gearman logs an unknown option and goes on */
	assert_int_equal(mgcfg_read_args(f->m, "server=a srever=b", "/etc/nagios.cfg", 30, f->d), 0);
	expect_only(f, DIAG_WARNING, "/etc/nagios.cfg", 30, "srever", "unknown option 'srever'");
	assert_int_equal(mgcfg_set(f->m, "server", "n", 1, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "perfdata", "n", 1, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "perfdata=", "n", 1, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "result_queue=", "n", 1, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "keyfile=", "n", 1, f->d), 1);
	assert_int_equal(mgcfg_set(f->m, "config", "n", 1, f->d), 1);
	assert_int_equal(diag_errors(f->d), 6);
	assert_true(diag_has(f->d, DIAG_ERROR, "result_queue needs a value"));
}

static void
test_ignored_keys(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "job_timeout=5 fork_on_exec=whatever job_timeout=6 "
	    "dupserver=x:1 export=q:0:NEBCALLBACK_PROCESS_DATA logmode=core d", "n", 1, f->d), 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(m->ignored.len, 6);
	assert_string_equal(str_at(&m->ignored, 0), "job_timeout");
	assert_string_equal(str_at(&m->ignored, 1), "fork_on_exec");
	assert_string_equal(str_at(&m->ignored, 5), "d");
}

/* the worker's keys are kept (and still noted as nothing to a core); the
 * worker's finish has its own defaults */
static void
test_worker_keys(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(m->job_timeout, 60);
	assert_int_equal(m->timeout_return, 2);
	assert_int_equal(m->max_worker, 20);
	assert_int_equal(m->show_error_output, 1);
	assert_int_equal(mgcfg_read_args(m, "server=g:4731 encryption=no identifier=w7 "
	    "job_timeout=0 timeout_return=9 max-worker=3 max-age=-4 show_error_output=no "
	    "workaround_rc_25=yes", "w.cfg", 1, f->d), 0);
	assert_int_equal(mgcfg_finish_worker(m, "w.cfg", f->d), 0);
	assert_string_equal(m->identifier, "w7");
	assert_int_equal(m->job_timeout, 1);      /* at least 1, as the worker has it */
	assert_int_equal(m->timeout_return, 2);   /* outside 0..3: the worker's 2 */
	assert_int_equal(m->max_worker, 3);
	assert_int_equal(m->max_age, 0);
	assert_int_equal(m->show_error_output, 0);
	assert_int_equal(m->workaround_rc_25, 1);
	/* no queue option: every general queue, notifications too */
	assert_int_equal(m->hosts + m->services + m->eventhandler + m->notifications, 4);
	assert_string_equal(str_at(&m->ignored, 0), "identifier");
	assert_int_equal(mgcfg_is_worker_key("identifier"), 1);
	assert_int_equal(mgcfg_is_worker_key("max-worker"), 1);
	assert_int_equal(mgcfg_is_worker_key("dupserver"), 0);
}

static void
test_worker_finish(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char host[256];

	/* queues by hand: only those; no key with encryption: an error */
	assert_int_equal(mgcfg_read_args(m, "server=g hostgroups=web", "w.cfg", 1, f->d), 0);
	assert_int_equal(mgcfg_finish_worker(m, "w.cfg", f->d), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "no key is given"));
	assert_int_equal(m->hosts + m->services + m->eventhandler + m->notifications, 0);
	assert_int_equal(gethostname(host, sizeof(host)), 0);
	assert_string_equal(m->identifier, host);
	mgcfg_free(f->m);
	f->m = m = mgcfg_new(NULL);
	assert_int_equal(mgcfg_read_args(m, "server=g encryption=no hosts=no", "w.cfg", 1, f->d), 0);
	assert_int_equal(mgcfg_finish_worker(m, "w.cfg", f->d), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "no queue to serve"));
}

/* broker words in order, a config file where it is named, jaque.cfg last */
static void
test_precedence(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char *p = fx_write(f, "neb.conf", "hosts=yes\nservices=yes\nserver=b\nresult_queue=r_file\n");
	char *args = xasprintf("server=a hosts=no result_queue=r_line config=%s services=no", p);

	assert_int_equal(mgcfg_read_args(m, args, "n.cfg", 3, f->d), 0);
	assert_int_equal(m->hosts, 1);        /* the file came later */
	assert_int_equal(m->services, 0);     /* the word came later */
	assert_string_equal(m->result_queue, "r_file");
	assert_int_equal(mgcfg_set_jaque(m, "gearman_hosts", "no", "jaque.cfg", 1, f->d), 0);
	assert_int_equal(mgcfg_set_jaque(m, "gearman_server", "c:1", "jaque.cfg", 2, f->d), 0);
	assert_int_equal(mgcfg_set_jaque(m, "gearman_key", "fromjaque", "jaque.cfg", 3, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n.cfg", 3, f->d), 0);
	assert_int_equal(m->hosts, 0);
	assert_int_equal(m->servers.len, 3);
	assert_string_equal(server_at(m, 0)->host, "a");
	assert_string_equal(server_at(m, 1)->host, "b");
	assert_string_equal(server_at(m, 2)->host, "c");
	assert_string_equal(m->key, "fromjaque");
	assert_int_equal(diag_count(f->d), 0);
	free(args);
	free(p);
}

static void
test_jaque_keys(void **state)
{
	struct fx *f = *state;

	assert_int_equal(mgcfg_set_jaque(f->m, "gearman_hosts", "perhaps", "/j/jaque.cfg", 4,
	    f->d), 1);
	expect_only(f, DIAG_ERROR, "/j/jaque.cfg", 4, "gearman_hosts", "for hosts");
	assert_int_equal(mgcfg_set_jaque(f->m, "gearman_nosuch", "1", "/j/jaque.cfg", 5, f->d), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "directive 'gearman_nosuch'"));
	assert_int_equal(mgcfg_set_jaque(f->m, "hosts", "yes", "/j/jaque.cfg", 6, f->d), 1);
}

static void
test_config_file_syntax(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char *p = fx_write(f, "neb.conf",
	    "# comment\n"
	    "\n"
	    "   SERVER = gm1  # the job server\n"
	    "host_perfdata_template=a b\tc\n"
	    "hosts=bogus\n");

	assert_int_equal(mgcfg_read_file(m, p, f->d), 0);
	expect_only(f, DIAG_WARNING, p, 5, "hosts", "'bogus'");
	assert_int_equal(m->hosts, 1);
	assert_string_equal(server_at(m, 0)->host, "gm1");
	assert_string_equal(m->host_perfdata_template, "a b\tc");
	free(p);
}

static void
test_config_file_missing(void **state)
{
	struct fx *f = *state;
	char *missing = xasprintf("%s/nope.conf", f->dir);

	assert_int_equal(mgcfg_read_args(f->m, "server=a config=nope.conf", "/etc/nagios.cfg", 8,
	    f->d), 1);
	expect_only(f, DIAG_ERROR, "/etc/nagios.cfg", 8, "config", missing);
	free(missing);
}

static void
test_config_nesting(void **state)
{
	struct fx *f = *state;
	char *p = fx_write(f, "loop.conf", "include=loop.conf\n");

	assert_true(mgcfg_read_file(f->m, p, f->d) >= 1);
	assert_int_equal(diag_errors(f->d), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "nested more than 10 deep"));
	assert_true(diag_has(f->d, DIAG_ERROR, "line 1, directive 'include'"));
	free(p);
}

static void
test_config_directory(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	fx_mkdir(f, "conf.d");
	fx_mkdir(f, "conf.d/sub");
	free(fx_write(f, "conf.d/b.conf", "hostgroups=b\n"));
	free(fx_write(f, "conf.d/a.cfg", "hostgroups=a\n"));
	free(fx_write(f, "conf.d/c.txt", "hostgroups=c\n"));
	free(fx_write(f, "conf.d/sub/d.cfg", "hostgroups=d\n"));
	assert_int_equal(mgcfg_set(m, "configfile=conf.d", "n", 1, f->d), 0);
	assert_int_equal(m->hostgroups.len, 3);
	assert_string_equal(str_at(&m->hostgroups, 0), "a");
	assert_string_equal(str_at(&m->hostgroups, 1), "b");
	assert_string_equal(str_at(&m->hostgroups, 2), "d");
}

static void
test_key_file(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	free(fx_write(f, "secret", "0123456789abcdef0123456789ABCDEFtail\nsecond line\n"));
	free(fx_write(f, "short", "  pass word \t\nnext\n"));
	/* the file's key beats key=, even written after keyfile= */
	assert_int_equal(mgcfg_read_args(m, "server=a keyfile=secret key=inline", "n", 1, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 0);
	assert_string_equal(m->key, "0123456789abcdef0123456789ABCDEF");
	assert_int_equal(diag_count(f->d), 0);

	m = mgcfg_new(f->dir);
	assert_int_equal(mgcfg_read_args(m, "server=a passwordfile=short", "n", 1, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 0);
	/* leading blanks stay, trailing ones go, the second line is not read */
	assert_string_equal(m->key, "  pass word");
	mgcfg_free(m);
	/* key= alone keeps its first 32 bytes */
	m = mgcfg_new(f->dir);
	assert_int_equal(mgcfg_set(m, "key=0123456789abcdef0123456789ABCDEFtail", "n", 1, f->d), 0);
	assert_string_equal(m->key, "0123456789abcdef0123456789ABCDEF");
	mgcfg_free(m);
}

static void
test_key_file_errors(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;
	char *cfg = fx_write(f, "neb.conf", "server=a\n\nkeyfile=missing\n");
	char *want = xasprintf("%s/missing", f->dir);

	assert_int_equal(mgcfg_read_file(m, cfg, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 1, f->d), 2);
	/* cannot read the key file (at its line), and so there is no key */
	assert_int_equal(diag_errors(f->d), 2);
	assert_int_equal(diag_get(f->d, 0)->loc.line, 3);
	assert_string_equal(diag_get(f->d, 0)->loc.file, cfg);
	assert_non_null(strstr(diag_get(f->d, 0)->msg, want));
	assert_true(diag_has(f->d, DIAG_ERROR, "encryption is on but no key"));

	/* an empty key file fails even without encryption, as in mod_gearman */
	m = mgcfg_new(f->dir);
	free(fx_write(f, "empty", ""));
	assert_int_equal(mgcfg_read_args(m, "server=a encryption=no keyfile=empty", "n", 2, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "n", 2, f->d), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "is empty"));
	mgcfg_free(m);
	free(want);
	free(cfg);
}

static void
test_finish_errors(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	/* no server: an error on the module's line, whatever is sent */
	assert_int_equal(mgcfg_read_args(m, "encryption=no", "/etc/nagios.cfg", 40, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "/etc/nagios.cfg", 40, f->d), 1);
	expect_only(f, DIAG_ERROR, "/etc/nagios.cfg", 40, "server", "no server");
}

static void
test_finish_no_key(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "server=a", "/etc/nagios.cfg", 41, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "/etc/nagios.cfg", 41, f->d), 1);
	expect_only(f, DIAG_ERROR, "/etc/nagios.cfg", 41, "key", "no key");
}

static void
test_finish_short_key(void **state)
{
	struct fx *f = *state;
	struct mgcfg *m = f->m;

	assert_int_equal(mgcfg_read_args(m, "server=a key=abc", "/etc/nagios.cfg", 42, f->d), 0);
	assert_int_equal(mgcfg_finish(m, "/etc/nagios.cfg", 42, f->d), 0);
	expect_only(f, DIAG_WARNING, "/etc/nagios.cfg", 42, "key", "shorter than 8");
}

static void
test_module_names(void **state)
{
	(void)state;
	assert_true(gmsetup_is_module("/usr/lib/mod_gearman/mod_gearman_naemon.o"));
	assert_true(gmsetup_is_module("/opt/mod_gearman_nagios4.o"));
	assert_true(gmsetup_is_module("mod_gearman_nagios3.o"));
	assert_true(gmsetup_is_module("/x/mod_gearman2.o"));
	assert_true(gmsetup_is_module("/x/mod_gearman.o"));
	assert_false(gmsetup_is_module("/x/mod_gearman_naemon.so"));
	assert_false(gmsetup_is_module("/x/livestatus.o"));
}

/* nagios.cfg's module line and jaque.cfg's gearman_ keys, end to end */
static void
test_gmsetup(void **state)
{
	struct fx *f = *state;
	struct main_cfg cfg;
	struct mgcfg *m;
	char *neb = fx_write(f, "neb.conf", "server=gm\nkey=abcdefgh\nhosts=no\n");
	char *text = xasprintf("log_file=%s/n.log\n"
	    "broker_module=/usr/lib/livestatus.o /tmp/live\n"
	    "broker_module=/usr/lib/mod_gearman/mod_gearman_naemon.o config=%s services=no\n"
	    "broker_module=/usr/lib/mod_gearman/mod_gearman2.o server=other\n", f->dir, neb);
	char *ncfg = fx_write(f, "nagios.cfg", text);
	char *jcfg = fx_write(f, "jaque.cfg", "gearman_eventhandler=no\ngearman_bogus=1\n");
	int nerr;

	assert_int_equal(maincfg_read(ncfg, NULL, &cfg, f->d), 0);
	assert_int_equal(cfg.gearman_opts.len, 2);
	m = gmsetup_read(&cfg, f->d, &nerr);
	assert_non_null(m);
	assert_int_equal(nerr, 1);
	assert_int_equal(m->servers.len, 1);
	assert_int_equal(m->hosts + m->services + m->eventhandler, 0);
	/* the second module line is warned about, jaque.cfg's bad key is an error there */
	assert_int_equal(diag_warnings(f->d), 1);
	assert_int_equal(diag_get(f->d, 0)->loc.line, 4);
	assert_string_equal(diag_get(f->d, 1)->loc.file, jcfg);
	assert_int_equal(diag_get(f->d, 1)->loc.line, 2);
	assert_string_equal(diag_get(f->d, 1)->loc.directive, "gearman_bogus");
	mgcfg_free(m);
	maincfg_free(&cfg);

	/* no module line, no gearman_ key: nothing */
	free(fx_write(f, "jaque.cfg", "workers=1\n"));
	free(fx_write(f, "nagios.cfg", "broker_module=/usr/lib/livestatus.o /tmp/live\n"));
	assert_int_equal(maincfg_read(ncfg, NULL, &cfg, f->d), 0);
	assert_null(gmsetup_read(&cfg, f->d, &nerr));
	assert_int_equal(nerr, 0);
	maincfg_free(&cfg);
	free(jcfg);
	free(ncfg);
	free(text);
	free(neb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_defaults, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_every_key, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_yes_no, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_aliases_and_key_forms, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_servers, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_server_bad_port, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_lists, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_group_too_long, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_derived_queues, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_strict_in_jaque_cfg, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_numbers, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_number_ranges, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_bad_yes_no, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_unknown_and_missing_values, fx_setup,
		    fx_teardown),
		cmocka_unit_test_setup_teardown(test_ignored_keys, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_precedence, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jaque_keys, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_config_file_syntax, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_config_file_missing, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_config_nesting, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_config_directory, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_key_file, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_key_file_errors, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_finish_errors, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_finish_no_key, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_finish_short_key, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_module_names, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_gmsetup, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_worker_keys, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_worker_finish, fx_setup, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

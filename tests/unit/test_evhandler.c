/*
 * test_evhandler: event handlers, OCSP and OCHP as Nagios 4.4.6 runs
 * them (base/sehandlers.c, base/workers.c).
 *
 * The objects come from a small configuration read by config_read; the
 * commands print the macros they were given, so each expected command
 * line shows what Nagios would run.  The same configuration (commands
 * pointing at a recording script, passive results sent through the
 * command file, slow commands for the timeouts) was run under Debian's
 * nagios4 4.4.6: the log lines, command lines, NAGIOS_ARG1 and warnings
 * expected here are what it wrote and ran.  A fake struct nrun records every run
 * (kind, command line, timeout, environment) and every nagios.log line in
 * one list, so the order (log line before its command, global handler
 * before the object's) is checked too; the test later ends the recorded
 * commands through their done callbacks, as the worker pool would.
 *
 * Pinned from Nagios: nothing at all (not even the global handler) when
 * enable_event_handlers or the object's event_handler_enabled is off; the
 * EVENT HANDLER lines only with log_event_handlers, printing the
 * reference as configured but macro-expanded; $ARGn$ expanded once when
 * split, "\!" a '!' in an argument, no argument left over from the
 * global handler; output macros cleaned of illegal_macro_output_chars;
 * the timeout warnings with Nagios's wording and its "0.00 seconds",
 * written whatever log_event_handlers says; nothing on a normal end or a
 * failure to run.  ASan's leak check covers the done records.
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
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/notify/evhandler.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"

#define NOW ((time_t)1700000000)

static const char nagios_cfg[] =
    "log_file=nagios.log\n"
    "cfg_file=objects.cfg\n"
    "temp_path=.\n"
    "check_result_path=.\n"
    "illegal_macro_output_chars=`~$&|'\"<>\n"
    "global_host_event_handler=ghh!$HOSTADDRESS$\n"
    "global_service_event_handler=gsh!g1\\!x!$SERVICEDESC$\n"
    "ocsp_command=ocsp!svc\n"
    "ochp_command=ochp\n"
    "event_handler_timeout=33\n"
    "ocsp_timeout=5\n"
    "ochp_timeout=7\n"
    "obsess_over_services=1\n"
    "obsess_over_hosts=1\n";

static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias all\nmonday 00:00-24:00\n}\n"
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define command {\ncommand_name ghh\n"
    "command_line /eh/global_host $HOSTNAME$ $HOSTSTATE$ $HOSTSTATETYPE$ $HOSTATTEMPT$ $ARG1$\n}\n"
    "define command {\ncommand_name gsh\n"
    "command_line /eh/global_svc $HOSTNAME$ '$SERVICEDESC$' $SERVICESTATE$ $ARG1$ $ARG2$\n}\n"
    "define command {\ncommand_name restart\n"
    "command_line /eh/restart $ARG1$ $ARG2$ '$SERVICEOUTPUT$'\n}\n"
    "define command {\ncommand_name hosteh\ncommand_line /eh/host $HOSTNAME$ $ARG1$\n}\n"
    "define command {\ncommand_name ocsp\n"
    "command_line /eh/ocsp $HOSTNAME$ '$SERVICEDESC$' $SERVICESTATEID$ '$SERVICEOUTPUT$' "
    "$ARG1$\n}\n"
    "define command {\ncommand_name ochp\n"
    "command_line /eh/ochp $HOSTNAME$ $HOSTSTATEID$ '$HOSTOUTPUT$'\n}\n"
    "define contact {\ncontact_name admin\nhost_notification_period 24x7\n"
    "service_notification_period 24x7\nhost_notification_commands c\n"
    "service_notification_commands c\n}\n"
    "define host {\nhost_name web1\naddress 10.0.0.1\ncheck_command c\ncontacts admin\n"
    "max_check_attempts 3\nevent_handler hosteh!x$HOSTSTATEID$\n}\n"
    "define host {\nhost_name db1\naddress 10.0.0.2\ncheck_command c\ncontacts admin\n"
    "max_check_attempts 2\n}\n"
    "define service {\nhost_name web1\nservice_description HTTP\ncheck_command c\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 4\n"
    "event_handler restart!$HOSTNAME$!b\\!c\n}\n"
    "define service {\nhost_name web1\nservice_description Disk\ncheck_command c\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 4\n}\n"
    "define service {\nhost_name db1\nservice_description MySQL\ncheck_command c\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 2\n"
    "event_handler restart!only\n}\n";

/* one thing the fake nrun saw */
struct rec {
	int is_log;
	enum nrun_kind kind;
	char *text; /* the command line or the log line */
	double timeout;
	time_t t;
	char **env; /* deep copy, NULL when none */
	int refused;
	int remote; /* handed to nr.remote */
	nrun_done_fn *done;
	void *done_arg;
};

#define NREC 32

static struct {
	char dir[64];
	struct config_gen gen;
	struct host_state *hs;
	struct svc_state *ss;
	struct macro_globals globals;
	struct macro_ctx ctx;
	struct prog_state prog;
	struct rec rec[NREC];
	unsigned n;
	int refuse;
	unsigned takes; /* 1 << kind: what fake_takes takes */
	struct nrun nr;
	struct main_cfg saved; /* the configuration as read (a shallow copy) */
} F;

static char **
env_copy(char *const *env)
{
	char **v;
	size_t n = 0, i;

	if (env == NULL)
		return NULL;
	while (env[n] != NULL)
		n++;
	v = calloc(n + 1, sizeof(*v));
	assert_non_null(v);
	for (i = 0; i < n; i++)
		v[i] = strdup(env[i]);
	return v;
}

/* the next record, cleared; arg must be the fixture */
static struct rec *
rec_next(void *arg)
{
	struct rec *r;

	assert_ptr_equal(arg, &F);
	assert_true(F.n < NREC);
	r = &F.rec[F.n++];
	memset(r, 0, sizeof(*r));
	return r;
}

static int
fake_run(void *arg, enum nrun_kind kind, const char *cmdline, char *const *env, double timeout,
    nrun_done_fn *done, void *done_arg)
{
	struct rec *r = rec_next(arg);

	r->kind = kind;
	r->text = strdup(cmdline);
	r->timeout = timeout;
	r->env = env_copy(env);
	if (F.refuse) {
		r->refused = 1;
		return -1;
	}
	r->done = done;
	r->done_arg = done_arg;
	return 0;
}

static void
fake_log(void *arg, time_t t, const char *line)
{
	struct rec *r = rec_next(arg);

	r->is_log = 1;
	r->text = strdup(line);
	r->t = t;
}

/* remote_takes: the kinds in F.takes (a bit each), asked about web1's objects only */
static int
fake_takes(void *arg, enum nrun_kind kind, const struct obj_host *h, const struct obj_service *s)
{
	assert_ptr_equal(arg, &F);
	assert_string_equal(h->name, "web1");
	assert_true(s == NULL || s->host == h);
	return (F.takes >> kind) & 1;
}

static void
fake_remote(void *arg, const struct nrun_remote *job)
{
	struct rec *r = rec_next(arg);

	r->remote = 1;
	r->kind = job->kind;
	r->text = strdup(job->cmdline);
	r->timeout = job->timeout;
}

/* end recorded command i as the pool would, once */
static void
finish(unsigned i, int status, int exit_code)
{
	struct nrun_result res = { status, exit_code, "" };
	nrun_done_fn *done = F.rec[i].done;

	assert_false(F.rec[i].is_log);
	assert_non_null(done);
	F.rec[i].done = NULL;
	done(F.rec[i].done_arg, &res);
}

static void
recs_clear(void)
{
	unsigned i;
	size_t k;

	for (i = 0; i < F.n; i++) {
		if (F.rec[i].done != NULL)
			finish(i, 0, 0);
	}
	for (i = 0; i < F.n; i++) {
		free(F.rec[i].text);
		if (F.rec[i].env != NULL) {
			for (k = 0; F.rec[i].env[k] != NULL; k++)
				free(F.rec[i].env[k]);
			free(F.rec[i].env);
		}
	}
	memset(F.rec, 0, sizeof(F.rec));
	F.n = 0;
}

static void
put(const char *name, const char *text)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", F.dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
drop(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", F.dir, name);
	unlink(path);
}

static int
group_setup(void **state)
{
	struct diag *d = diag_new(NULL);
	char path[128];

	(void)state;
	snprintf(F.dir, sizeof(F.dir), "/tmp/jaque-evh-XXXXXX");
	assert_non_null(mkdtemp(F.dir));
	put("nagios.cfg", nagios_cfg);
	put("objects.cfg", objects_cfg);
	snprintf(path, sizeof(path), "%s/nagios.cfg", F.dir);
	if (config_read(path, NULL, d, NULL, &F.gen) != CONFIG_OK || diag_errors(d) != 0) {
		unsigned i;

		for (i = 0; i < diag_count(d); i++)
			print_message("%s\n", diag_get(d, i)->text);
		fail_msg("the test configuration does not read");
	}
	diag_free(d);
	F.hs = calloc(F.gen.objs->nhosts, sizeof(*F.hs));
	F.ss = calloc(F.gen.objs->nservices, sizeof(*F.ss));
	assert_non_null(F.hs);
	assert_non_null(F.ss);
	F.nr.arg = &F;
	F.nr.run = fake_run;
	F.nr.log = fake_log;
	F.saved = F.gen.cfg;
	return 0;
}

static int
group_teardown(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < F.gen.objs->nhosts; i++)
		state_host_clear(&F.hs[i]);
	for (i = 0; i < F.gen.objs->nservices; i++)
		state_svc_clear(&F.ss[i]);
	free(F.hs);
	free(F.ss);
	config_gen_free(&F.gen);
	drop("nagios.cfg");
	drop("objects.cfg");
	rmdir(F.dir);
	return 0;
}

static const struct obj_host *
host(const char *name)
{
	const struct obj_host *h = objects_find_host(F.gen.objs, name);

	assert_non_null(h);
	return h;
}

static const struct obj_service *
svc(const char *h, const char *d)
{
	const struct obj_service *s = objects_find_service(F.gen.objs, h, d);

	assert_non_null(s);
	return s;
}

static struct state_common *
hst(const char *name)
{
	return &F.hs[host(name)->id].c;
}

static struct state_common *
sst(const char *h, const char *d)
{
	return &F.ss[svc(h, d)->id].c;
}

static void
set_state(struct state_common *c, int state, int type, int attempt, const char *out)
{
	c->current_state = state;
	c->state_type = type;
	c->current_attempt = attempt;
	c->has_been_checked = 1;
	state_set_str(&c->output, out, strlen(out));
}

/* put back what the tests change in the configuration (some point it at literals) */
static void
cfg_restore(void)
{
	struct main_cfg *c = &F.gen.cfg;

	c->enable_event_handlers = F.saved.enable_event_handlers;
	c->log_event_handlers = F.saved.log_event_handlers;
	c->obsess_over_services = F.saved.obsess_over_services;
	c->obsess_over_hosts = F.saved.obsess_over_hosts;
	c->enable_environment_macros = F.saved.enable_environment_macros;
	c->global_host_event_handler = F.saved.global_host_event_handler;
	c->global_service_event_handler = F.saved.global_service_event_handler;
	c->ocsp_command = F.saved.ocsp_command;
	c->ochp_command = F.saved.ochp_command;
}

/*
 * Before each test: the configuration as read, fresh states with problems
 * on web1, its HTTP service and db1, no records.
 */
static int
setup(void **state)
{
	struct objects *o = F.gen.objs;
	unsigned i;

	(void)state;
	cfg_restore();
	F.nr.remote_takes = NULL;
	F.nr.remote = NULL;
	for (i = 0; i < o->nhosts; i++) {
		state_host_clear(&F.hs[i]);
		state_host_init(&F.hs[i], &o->hosts[i]);
	}
	for (i = 0; i < o->nservices; i++) {
		state_svc_clear(&F.ss[i]);
		state_svc_init(&F.ss[i], &o->services[i]);
	}
	set_state(hst("web1"), OBJ_HOST_DOWN, STATE_HARD, 3, "host `down`");
	set_state(hst("db1"), OBJ_HOST_UNREACHABLE, STATE_SOFT, 1, "db gone");
	set_state(sst("web1", "HTTP"), OBJ_STATE_CRITICAL, STATE_SOFT, 2, "disk `full` & hot");
	set_state(sst("web1", "Disk"), OBJ_STATE_WARNING, STATE_HARD, 4, "disk 91%");
	set_state(sst("db1", "MySQL"), OBJ_STATE_OK, STATE_HARD, 2, "back <ok>");
	memset(&F.globals, 0, sizeof(F.globals));
	F.globals.program_start = NOW - 3600;
	F.globals.version = "4.4.6";
	memset(&F.ctx, 0, sizeof(F.ctx));
	F.ctx.cfg = &F.gen.cfg;
	F.ctx.objs = o;
	F.ctx.hstates = F.hs;
	F.ctx.sstates = F.ss;
	F.ctx.globals = &F.globals;
	F.ctx.now = NOW;
	memset(&F.prog, 0, sizeof(F.prog));
	F.refuse = 0;
	recs_clear();
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	recs_clear();
	cfg_restore();
	return 0;
}

static void
expect_log(unsigned i, const char *line)
{
	assert_true(i < F.n);
	assert_true(F.rec[i].is_log);
	assert_int_equal(F.rec[i].t, NOW);
	assert_string_equal(F.rec[i].text, line);
}

static void
expect_run(unsigned i, enum nrun_kind kind, const char *cmdline, double timeout)
{
	assert_true(i < F.n);
	assert_false(F.rec[i].is_log);
	assert_false(F.rec[i].remote);
	assert_int_equal(F.rec[i].kind, kind);
	assert_string_equal(F.rec[i].text, cmdline);
	assert_true(F.rec[i].timeout == timeout);
}

/* the value of NAME in record i's environment, or NULL */
static const char *
env_get(unsigned i, const char *name)
{
	size_t k, n = strlen(name);

	if (F.rec[i].env == NULL)
		return NULL;
	for (k = 0; F.rec[i].env[k] != NULL; k++) {
		if (strncmp(F.rec[i].env[k], name, n) == 0 && F.rec[i].env[k][n] == '=')
			return F.rec[i].env[k] + n + 1;
	}
	return NULL;
}

#define GSH_HTTP "/eh/global_svc web1 'HTTP' CRITICAL g1!x HTTP"
#define RESTART_HTTP "/eh/restart web1 b!c 'disk full  hot'"
#define GHH_WEB1 "/eh/global_host web1 DOWN HARD 3 10.0.0.1"
#define HOSTEH_WEB1 "/eh/host web1 x1"
#define OCSP_HTTP "/eh/ocsp web1 'HTTP' 2 'disk full  hot' svc"
#define OCHP_WEB1 "/eh/ochp web1 1 'host down'"

/* both handlers: the global one first, each after its line */
static void
t_service_both(void **state)
{
	(void)state;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 2);
	assert_int_equal(F.n, 4);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;gsh!g1\\!x!HTTP");
	expect_run(1, NRUN_GLOBAL_SERVICE_HANDLER, GSH_HTTP, 33);
	expect_log(2, "SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;restart!web1!b\\!c");
	expect_run(3, NRUN_SERVICE_HANDLER, RESTART_HTTP, 33);
	/* environment macros are off in this configuration */
	assert_null(F.rec[1].env);
	assert_null(F.rec[3].env);
	/* the state type and attempt are the state's, whatever they are */
	recs_clear();
	set_state(sst("web1", "HTTP"), OBJ_STATE_OK, STATE_HARD, 4, "fine");
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 2);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;HTTP;OK;HARD;4;gsh!g1\\!x!HTTP");
	expect_log(2, "SERVICE EVENT HANDLER: web1;HTTP;OK;HARD;4;restart!web1!b\\!c");
	expect_run(3, NRUN_SERVICE_HANDLER, "/eh/restart web1 b!c 'fine'", 33);
}

/*
 * A handler remote_takes takes goes to remote, expanded, after its log
 * line, and is not run; one it leaves runs; OCSP and OCHP are never offered.
 */
static void
t_remote(void **state)
{
	(void)state;
	F.nr.remote_takes = fake_takes;
	F.nr.remote = fake_remote;
	F.takes = 1u << NRUN_SERVICE_HANDLER | 1u << NRUN_OCSP | 1u << NRUN_OCHP;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 2);
	assert_int_equal(F.n, 4);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;gsh!g1\\!x!HTTP");
	expect_run(1, NRUN_GLOBAL_SERVICE_HANDLER, GSH_HTTP, 33);
	expect_log(2, "SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;restart!web1!b\\!c");
	assert_true(F.rec[3].remote);
	assert_int_equal(F.rec[3].kind, NRUN_SERVICE_HANDLER);
	assert_string_equal(F.rec[3].text, RESTART_HTTP);
	assert_true(F.rec[3].timeout == 33);
	recs_clear();
	F.takes = ~0u;
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 2);
	assert_int_equal(F.n, 4);
	assert_true(F.rec[1].remote && F.rec[3].remote);
	assert_string_equal(F.rec[1].text, GHH_WEB1);
	assert_string_equal(F.rec[3].text, HOSTEH_WEB1);
	recs_clear();
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 1);
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 1);
	expect_run(0, NRUN_OCSP, OCSP_HTTP, 5);
	expect_run(1, NRUN_OCHP, OCHP_WEB1, 7);
}

/* the switches: all or nothing, and the log lines on their own switch */
static void
t_service_switches(void **state)
{
	(void)state;
	F.gen.cfg.enable_event_handlers = 0;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 0);
	assert_int_equal(F.n, 0);

	/* the object's switch turns off the global handler too */
	F.gen.cfg.enable_event_handlers = 1;
	sst("web1", "HTTP")->event_handler_enabled = 0;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 0);
	assert_int_equal(F.n, 0);

	/* the state's switch is read, not the configuration's */
	sst("web1", "HTTP")->event_handler_enabled = 1;
	F.gen.cfg.log_event_handlers = 0;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 2);
	assert_int_equal(F.n, 2);
	expect_run(0, NRUN_GLOBAL_SERVICE_HANDLER, GSH_HTTP, 33);
	expect_run(1, NRUN_SERVICE_HANDLER, RESTART_HTTP, 33);
}

/* one handler or the other, or none */
static void
t_service_one_or_none(void **state)
{
	(void)state;
	/* Disk has no handler of its own: the global one alone */
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "Disk"), NOW), 1);
	assert_int_equal(F.n, 2);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;Disk;WARNING;HARD;4;gsh!g1\\!x!Disk");
	expect_run(1, NRUN_GLOBAL_SERVICE_HANDLER,
	    "/eh/global_svc web1 'Disk' WARNING g1!x Disk", 33);

	/* no global handler: the object's alone */
	recs_clear();
	F.gen.cfg.global_service_event_handler = NULL;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 1);
	assert_int_equal(F.n, 2);
	expect_log(0, "SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;restart!web1!b\\!c");
	expect_run(1, NRUN_SERVICE_HANDLER, RESTART_HTTP, 33);

	/* neither */
	recs_clear();
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "Disk"), NOW), 0);
	assert_int_equal(F.n, 0);

	/* a global handler naming no command (pre-flight refuses it) is skipped */
	F.gen.cfg.global_service_event_handler = "nosuch!1";
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 1);
	assert_int_equal(F.n, 2);
	expect_run(1, NRUN_SERVICE_HANDLER, RESTART_HTTP, 33);
	recs_clear();
	F.gen.cfg.global_service_event_handler = "";
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "Disk"), NOW), 0);
}

/* the object's handler starts from no arguments: none left from the global one */
static void
t_service_args(void **state)
{
	(void)state;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("db1", "MySQL"), NOW), 2);
	assert_int_equal(F.n, 4);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: db1;MySQL;OK;HARD;2;gsh!g1\\!x!MySQL");
	expect_run(1, NRUN_GLOBAL_SERVICE_HANDLER, "/eh/global_svc db1 'MySQL' OK g1!x MySQL", 33);
	expect_log(2, "SERVICE EVENT HANDLER: db1;MySQL;OK;HARD;2;restart!only");
	expect_run(3, NRUN_SERVICE_HANDLER, "/eh/restart only  'back ok'", 33);
}

/* CHANGE_GLOBAL_SVC_EVENT_HANDLER's override wins over nagios.cfg */
static void
t_service_override(void **state)
{
	char over[] = "restart!over!$SERVICESTATEID$";

	(void)state;
	F.prog.global_service_event_handler = over;
	assert_int_equal(evh_service(&F.nr, &F.ctx, &F.prog, svc("web1", "Disk"), NOW), 1);
	assert_int_equal(F.n, 2);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;Disk;WARNING;HARD;4;restart!over!1");
	expect_run(1, NRUN_GLOBAL_SERVICE_HANDLER, "/eh/restart over 1 'disk 91%'", 33);
	/* the host's override is separate */
	recs_clear();
	assert_int_equal(evh_host(&F.nr, &F.ctx, &F.prog, host("db1"), NOW), 1);
	expect_run(1, NRUN_GLOBAL_HOST_HANDLER, "/eh/global_host db1 UNREACHABLE SOFT 1 10.0.0.2",
	    33);
	F.prog.global_service_event_handler = NULL;
}

static void
t_host_both(void **state)
{
	(void)state;
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 2);
	assert_int_equal(F.n, 4);
	expect_log(0, "GLOBAL HOST EVENT HANDLER: web1;DOWN;HARD;3;ghh!10.0.0.1");
	expect_run(1, NRUN_GLOBAL_HOST_HANDLER, GHH_WEB1, 33);
	expect_log(2, "HOST EVENT HANDLER: web1;DOWN;HARD;3;hosteh!x1");
	expect_run(3, NRUN_HOST_HANDLER, HOSTEH_WEB1, 33);
}

static void
t_host_switches(void **state)
{
	char over[] = "hosteh!o";

	(void)state;
	/* db1 has no handler of its own */
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("db1"), NOW), 1);
	assert_int_equal(F.n, 2);
	expect_log(0, "GLOBAL HOST EVENT HANDLER: db1;UNREACHABLE;SOFT;1;ghh!10.0.0.2");
	expect_run(1, NRUN_GLOBAL_HOST_HANDLER, "/eh/global_host db1 UNREACHABLE SOFT 1 10.0.0.2",
	    33);

	recs_clear();
	F.gen.cfg.enable_event_handlers = 0;
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 0);
	F.gen.cfg.enable_event_handlers = 1;
	hst("web1")->event_handler_enabled = 0;
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 0);
	assert_int_equal(F.n, 0);

	hst("web1")->event_handler_enabled = 1;
	F.gen.cfg.global_host_event_handler = NULL;
	F.gen.cfg.log_event_handlers = 0;
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 1);
	assert_int_equal(F.n, 1);
	expect_run(0, NRUN_HOST_HANDLER, HOSTEH_WEB1, 33);

	recs_clear();
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("db1"), NOW), 0);
	assert_int_equal(F.n, 0);

	/* with none configured, the override still runs */
	F.prog.global_host_event_handler = over;
	assert_int_equal(evh_host(&F.nr, &F.ctx, &F.prog, host("db1"), NOW), 1);
	expect_run(0, NRUN_GLOBAL_HOST_HANDLER, "/eh/host db1 o", 33);
	F.prog.global_host_event_handler = NULL;
}

static void
t_ocsp(void **state)
{
	(void)state;
	/* never a log line, even with log_event_handlers */
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 1);
	assert_int_equal(F.n, 1);
	expect_run(0, NRUN_OCSP, OCSP_HTTP, 5);

	recs_clear();
	F.gen.cfg.obsess_over_services = 0;
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 0);
	F.gen.cfg.obsess_over_services = 1;
	sst("web1", "HTTP")->obsess = 0;
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 0);
	sst("web1", "HTTP")->obsess = 1;
	F.gen.cfg.ocsp_command = NULL;
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 0);
	F.gen.cfg.ocsp_command = "nosuch";
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 0);
	assert_int_equal(F.n, 0);

	/* event handler switches do not matter */
	F.gen.cfg.ocsp_command = "ocsp!$SERVICESTATE$";
	F.gen.cfg.enable_event_handlers = 0;
	sst("db1", "MySQL")->event_handler_enabled = 0;
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("db1", "MySQL")), 1);
	expect_run(0, NRUN_OCSP, "/eh/ocsp db1 'MySQL' 0 'back ok' OK", 5);
}

static void
t_ochp(void **state)
{
	(void)state;
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 1);
	assert_int_equal(F.n, 1);
	expect_run(0, NRUN_OCHP, OCHP_WEB1, 7);

	recs_clear();
	F.gen.cfg.obsess_over_hosts = 0;
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 0);
	F.gen.cfg.obsess_over_hosts = 1;
	hst("web1")->obsess = 0;
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 0);
	hst("web1")->obsess = 1;
	F.gen.cfg.ochp_command = NULL;
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 0);
	assert_int_equal(F.n, 0);
	/* the service switch is not the host's */
	F.gen.cfg.ochp_command = "ochp";
	F.gen.cfg.obsess_over_services = 0;
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("db1")), 1);
	expect_run(0, NRUN_OCHP, "/eh/ochp db1 2 'db gone'", 7);
}

/* run everything, then end each record i with status; the warnings after the records */
static void
run_all(void)
{
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 2);
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 2);
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 1);
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 1);
}

static void
t_timeouts(void **state)
{
	static const char *const want[] = {
		"Warning: Global service event handler command '" GSH_HTTP
		"' timed out after 0.00 seconds",
		"Warning: Service event handler command '" RESTART_HTTP
		"' timed out after 0.00 seconds",
		"Warning: Global host event handler command '" GHH_WEB1
		"' timed out after 0.00 seconds",
		"Warning: Host event handler command '" HOSTEH_WEB1
		"' timed out after 0.00 seconds",
		"Warning: OCSP command '" OCSP_HTTP
		"' for service 'HTTP' on host 'web1' timed out after 0.00 seconds",
		"Warning: OCHP command '" OCHP_WEB1
		"' for host 'web1' timed out after 0.00 seconds",
	};
	unsigned i, nruns = 0, first, logged;
	time_t t0, t1;
	int pass;

	(void)state;
	/* with and without log_event_handlers: the warnings are written alike */
	for (pass = 0; pass < 2; pass++) {
		recs_clear();
		F.gen.cfg.log_event_handlers = pass == 0;
		run_all();
		first = F.n;
		assert_int_equal(first, pass == 0 ? 10 : 6);
		t0 = time(NULL);
		for (i = 0, nruns = 0; i < first; i++) {
			if (F.rec[i].is_log)
				continue;
			finish(i, 1, 0);
			nruns++;
			assert_int_equal(F.n, first + nruns);
		}
		t1 = time(NULL);
		assert_int_equal(nruns, 6);
		for (i = 0; i < 6; i++) {
			assert_true(F.rec[first + i].is_log);
			assert_string_equal(F.rec[first + i].text, want[i]);
			assert_true(F.rec[first + i].t >= t0 && F.rec[first + i].t <= t1);
		}
	}

	/* a normal end, a failing exit code, a failure to run: no line */
	recs_clear();
	run_all();
	logged = F.n;
	for (i = 0, nruns = 0; i < logged; i++) {
		if (F.rec[i].is_log)
			continue;
		finish(i, nruns % 3 == 0 ? 0 : nruns % 3 == 1 ? -1 : 0, nruns % 3 == 2 ? 2 : 0);
		nruns++;
	}
	assert_int_equal(F.n, logged);
}

/* run refusing: the line was written first (as Nagios), nothing leaks */
static void
t_refused(void **state)
{
	(void)state;
	F.refuse = 1;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("web1", "HTTP"), NOW), 0);
	assert_int_equal(F.n, 4);
	expect_log(0, "GLOBAL SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;gsh!g1\\!x!HTTP");
	assert_true(F.rec[1].refused);
	expect_log(2, "SERVICE EVENT HANDLER: web1;HTTP;CRITICAL;SOFT;2;restart!web1!b\\!c");
	assert_true(F.rec[3].refused);
	assert_int_equal(evh_host(&F.nr, &F.ctx, NULL, host("web1"), NOW), 0);
	assert_int_equal(evh_ocsp(&F.nr, &F.ctx, svc("web1", "HTTP")), 0);
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 0);
	assert_int_equal(F.n, 10);
}

/* NAGIOS_* with enable_environment_macros: each command sees its own arguments */
static void
t_environment(void **state)
{
	(void)state;
	F.gen.cfg.enable_environment_macros = 1;
	assert_int_equal(evh_service(&F.nr, &F.ctx, NULL, svc("db1", "MySQL"), NOW), 2);
	assert_string_equal(env_get(1, "NAGIOS_ARG1"), "g1!x");
	assert_string_equal(env_get(1, "NAGIOS_ARG2"), "MySQL");
	assert_string_equal(env_get(1, "NAGIOS_SERVICEDESC"), "MySQL");
	assert_string_equal(env_get(1, "NAGIOS_HOSTNAME"), "db1");
	assert_string_equal(env_get(3, "NAGIOS_ARG1"), "only");
	assert_string_equal(env_get(3, "NAGIOS_ARG2"), "");
	assert_string_equal(env_get(3, "NAGIOS_SERVICESTATE"), "OK");

	recs_clear();
	assert_int_equal(evh_ochp(&F.nr, &F.ctx, host("web1")), 1);
	assert_string_equal(env_get(0, "NAGIOS_HOSTNAME"), "web1");
	assert_string_equal(env_get(0, "NAGIOS_ARG1"), "");
	assert_string_equal(env_get(0, "NAGIOS_SERVICEDESC"), "");
}

/* the caller's context is copied, never written */
static void
t_base_untouched(void **state)
{
	unsigned i;

	(void)state;
	F.ctx.args[0] = "keep";
	F.ctx.nargs = 1;
	run_all();
	assert_string_equal(F.ctx.args[0], "keep");
	for (i = 1; i < MACRO_MAX_ARGS; i++)
		assert_null(F.ctx.args[i]);
	assert_int_equal(F.ctx.nargs, 1);
	assert_null(F.ctx.host);
	assert_null(F.ctx.svc);
	assert_int_equal(F.ctx.now, NOW);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_service_both, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_one_or_none, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_args, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_override, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_both, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(t_ocsp, setup, teardown),
		cmocka_unit_test_setup_teardown(t_ochp, setup, teardown),
		cmocka_unit_test_setup_teardown(t_timeouts, setup, teardown),
		cmocka_unit_test_setup_teardown(t_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(t_remote, setup, teardown),
		cmocka_unit_test_setup_teardown(t_environment, setup, teardown),
		cmocka_unit_test_setup_teardown(t_base_untouched, setup, teardown),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

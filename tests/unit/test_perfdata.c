/*
 * test_perfdata: engine/notify/perfdata.c against Nagios 4.4.6's
 * xdata/xpddefault.c, on a small configuration read with config_read and
 * run-time state set by hand.  Commands go to a fake nrun that records
 * them (and whose jobs the test ends when it likes); nagios.log lines are
 * recorded too.  Files live in a mkdtemp directory per test.
 *
 * Checked: the exact lines of the default templates and of a custom one
 * (\t \n \r escapes, other backslashes kept, output macros not cleaned,
 * the $ARGn$ each template sees); modes a and w (w truncates when opened
 * and on a restart); empty results kept or skipped; the program-wide and
 * per-object switches; the perfdata commands (expansion with cleaning,
 * arguments, timeouts, no environment); commands that name nothing and
 * files that do not open, with Nagios's warnings; processing commands due
 * one interval on, lines arriving meanwhile held and written after, the
 * hold limit, the timeout warning, a late run, a failed queueing, and a
 * module freed while its command runs; FIFOs with and without a reader,
 * a full pipe (lines dropped whole, the loss logged once) and a line the
 * pipe took only in part (finished before anything else).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "engine/notify/nrun.h"
#include "engine/notify/perfdata.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"

#define T0 ((time_t)1700000000)

static const char nagios_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\nresource_file=resource.cfg\ntemp_path=.\n"
    "check_result_path=.\nstatus_file=status.dat\nstate_retention_file=retention.dat\n"
    "object_cache_file=objects.cache\nillegal_macro_output_chars=`~$&|'\"<>\n";

static const char resource_cfg[] = "$USER1$=/usr/lib/nagios/plugins\n";

static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias always\nsunday 00:00-24:00\n"
    "monday 00:00-24:00\ntuesday 00:00-24:00\nwednesday 00:00-24:00\n"
    "thursday 00:00-24:00\nfriday 00:00-24:00\nsaturday 00:00-24:00\n}\n"
    "define command {\ncommand_name check-host\n"
    "command_line $USER1$/check_ping -H $HOSTADDRESS$\n}\n"
    "define command {\ncommand_name check_http\n"
    "command_line $USER1$/check_http -H $HOSTADDRESS$ -p $ARG1$ -u $ARG2$\n}\n"
    "define command {\ncommand_name pd-svc\n"
    "command_line /usr/bin/pd-svc $ARG1$ '$SERVICEOUTPUT$' $HOSTNAME$ $SERVICEPERFDATA$\n}\n"
    "define command {\ncommand_name pd-host\n"
    "command_line /usr/bin/pd-host $HOSTNAME$ $ARG1$ $HOSTPERFDATA$\n}\n"
    "define command {\ncommand_name proc-svc\n"
    "command_line /bin/mv $SERVICEPERFDATAFILE$ $ARG1$\n}\n"
    "define command {\ncommand_name proc-host\n"
    "command_line /bin/mv $HOSTPERFDATAFILE$ $ARG1$\n}\n"
    "define host {\nhost_name web1\naddress 10.0.0.1\ncheck_command check-host!a1\n"
    "max_check_attempts 3\n}\n"
    "define service {\nhost_name web1\nservice_description HTTP\n"
    "check_command check_http!80!/index.html\nmax_check_attempts 4\ncheck_period 24x7\n}\n";

#define MAXCALLS 32
#define MAXLOGS 32

struct call {
	enum nrun_kind kind;
	char *cmd;
	char *env_match; /* the NAGIOS_SERVICEPERFDATAFILE entry, if any */
	int has_env;
	double timeout;
	nrun_done_fn *done;
	void *done_arg;
};

static struct {
	char dir[64]; /* the configuration */
	struct config_gen gen;
	struct host_state *hs;
	struct svc_state *ss;
	struct macro_globals globals;
	/* per test */
	char tdir[64];
	char spath[128];
	char hpath[128];
	char moved[128];
	char procref[200];
	struct main_cfg cfg;
	struct macro_ctx ctx;
	struct nrun nr;
	struct call calls[MAXCALLS];
	int ncalls;
	char *logs[MAXLOGS];
	time_t logt[MAXLOGS];
	int nlogs;
	int refuse; /* fake_run returns -1 */
} F;

/* ---- the fake nrun ---- */

static int
fake_run(void *arg, enum nrun_kind kind, const char *cmdline, char *const *env, double timeout,
    nrun_done_fn *done, void *done_arg)
{
	struct call *c;

	assert_ptr_equal(arg, &F);
	if (F.refuse)
		return -1;
	assert_true(F.ncalls < MAXCALLS);
	c = &F.calls[F.ncalls++];
	c->kind = kind;
	c->cmd = strdup(cmdline);
	c->has_env = env != NULL;
	c->env_match = NULL;
	for (; env != NULL && *env != NULL; env++)
		if (strncmp(*env, "NAGIOS_SERVICEPERFDATAFILE=", 27) == 0)
			c->env_match = strdup(*env);
	c->timeout = timeout;
	c->done = done;
	c->done_arg = done_arg;
	return 0;
}

static void
fake_log(void *arg, time_t t, const char *line)
{
	assert_ptr_equal(arg, &F);
	assert_true(F.nlogs < MAXLOGS);
	F.logt[F.nlogs] = t;
	F.logs[F.nlogs++] = strdup(line);
}

/* end job i the way status says (0 exited, 1 timed out, -1 not run) */
static void
finish(int i, int status)
{
	struct nrun_result r = { .status = status, .exit_code = 0, .out = "" };

	assert_true(i < F.ncalls);
	assert_non_null(F.calls[i].done);
	F.calls[i].done(F.calls[i].done_arg, &r);
	F.calls[i].done = NULL;
}

/* ---- files ---- */

/* write text to dir/name (name NULL: to dir itself) */
static void
put_in(const char *dir, const char *name, const char *text)
{
	char path[192];
	FILE *fp;

	snprintf(path, sizeof(path), "%s%s%s", dir, name != NULL ? "/" : "",
	    name != NULL ? name : "");
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* the whole file as a heap string ("<none>" when it does not exist) */
static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *s = NULL;
	size_t len = 0, n;
	char buf[4096];

	if (fp == NULL)
		return strdup("<none>");
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0) {
		s = realloc(s, len + n + 1);
		assert_non_null(s);
		memcpy(s + len, buf, n);
		len += n;
	}
	fclose(fp);
	if (s == NULL)
		return strdup("");
	s[len] = '\0';
	return s;
}

static void
assert_file(const char *path, const char *want)
{
	char *got = slurp(path);

	assert_string_equal(got, want);
	free(got);
}

static void
rm_dir(const char *dir)
{
	const char *names[] = { "svc.perf", "host.perf", "moved", "moved.host", "fifo", NULL };
	char path[192];
	int i;

	for (i = 0; names[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* ---- fixture ---- */

static int
group_setup(void **state)
{
	struct diag *d = diag_new(NULL);
	char path[128];

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	umask(022);
	snprintf(F.dir, sizeof(F.dir), "/tmp/jaque-perfcfg-XXXXXX");
	assert_non_null(mkdtemp(F.dir));
	put_in(F.dir, "nagios.cfg", nagios_cfg);
	put_in(F.dir, "resource.cfg", resource_cfg);
	put_in(F.dir, "objects.cfg", objects_cfg);
	snprintf(path, sizeof(path), "%s/nagios.cfg", F.dir);
	if (config_read(path, NULL, d, NULL, &F.gen) != CONFIG_OK) {
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
	return 0;
}

static int
group_teardown(void **state)
{
	const char *names[] = { "nagios.cfg", "resource.cfg", "objects.cfg", NULL };
	char path[192];
	unsigned i;

	(void)state;
	for (i = 0; i < F.gen.objs->nhosts; i++)
		state_host_clear(&F.hs[i]);
	for (i = 0; i < F.gen.objs->nservices; i++)
		state_svc_clear(&F.ss[i]);
	free(F.hs);
	free(F.ss);
	config_gen_free(&F.gen);
	for (i = 0; names[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", F.dir, names[i]);
		unlink(path);
	}
	rmdir(F.dir);
	return 0;
}

static const struct obj_service *
svc(void)
{
	const struct obj_service *s = objects_find_service(F.gen.objs, "web1", "HTTP");

	assert_non_null(s);
	return s;
}

static const struct obj_host *
host(void)
{
	const struct obj_host *h = objects_find_host(F.gen.objs, "web1");

	assert_non_null(h);
	return h;
}

static struct svc_state *
sst(void)
{
	return &F.ss[svc()->id];
}

static struct host_state *
hst(void)
{
	return &F.hs[host()->id];
}

static void
set_str(char **slot, const char *s)
{
	state_set_str(slot, s, s != NULL ? strlen(s) : 0);
}

/*
 * Fresh states with a result each, a configuration with the service file
 * in append mode and nothing else, an empty fake.
 */
static int
setup(void **state)
{
	struct objects *o = F.gen.objs;
	unsigned i;

	(void)state;
	for (i = 0; i < o->nhosts; i++) {
		state_host_clear(&F.hs[i]);
		state_host_init(&F.hs[i], &o->hosts[i]);
	}
	for (i = 0; i < o->nservices; i++) {
		state_svc_clear(&F.ss[i]);
		state_svc_init(&F.ss[i], &o->services[i]);
	}
	set_str(&sst()->c.output, "HTTP OK: 200 'quoted' <b>");
	set_str(&sst()->c.perf_data, "time=0.123s;;;0 'size'=42B");
	sst()->c.execution_time = 0.123;
	sst()->c.latency = 0.456;
	sst()->c.process_performance_data = 1;
	set_str(&hst()->c.output, "PING OK");
	set_str(&hst()->c.perf_data, "rta=1.0ms");
	hst()->c.execution_time = 1.5;
	hst()->c.process_performance_data = 1;

	snprintf(F.tdir, sizeof(F.tdir), "/tmp/jaque-perf-XXXXXX");
	assert_non_null(mkdtemp(F.tdir));
	snprintf(F.spath, sizeof(F.spath), "%s/svc.perf", F.tdir);
	snprintf(F.hpath, sizeof(F.hpath), "%s/host.perf", F.tdir);
	snprintf(F.moved, sizeof(F.moved), "%s/moved", F.tdir);

	F.cfg = F.gen.cfg;
	F.cfg.process_performance_data = 1;
	F.cfg.enable_environment_macros = 0;
	F.cfg.perfdata_timeout = 5;
	F.cfg.host_perfdata_command = NULL;
	F.cfg.service_perfdata_command = NULL;
	F.cfg.host_perfdata_file = NULL;
	F.cfg.service_perfdata_file = F.spath;
	F.cfg.host_perfdata_file_template = NULL;
	F.cfg.service_perfdata_file_template = NULL;
	F.cfg.host_perfdata_file_mode = 'a';
	F.cfg.service_perfdata_file_mode = 'a';
	F.cfg.host_perfdata_file_processing_interval = 0;
	F.cfg.service_perfdata_file_processing_interval = 0;
	F.cfg.host_perfdata_file_processing_command = NULL;
	F.cfg.service_perfdata_file_processing_command = NULL;
	F.cfg.host_perfdata_process_empty_results = 1;
	F.cfg.service_perfdata_process_empty_results = 1;

	memset(&F.globals, 0, sizeof(F.globals));
	F.globals.program_start = T0 - 3600;
	F.globals.version = "4.4.6";
	memset(&F.ctx, 0, sizeof(F.ctx));
	F.ctx.cfg = &F.cfg;
	F.ctx.objs = o;
	F.ctx.hstates = F.hs;
	F.ctx.sstates = F.ss;
	F.ctx.globals = &F.globals;
	F.ctx.now = T0;

	F.nr.arg = &F;
	F.nr.run = fake_run;
	F.nr.log = fake_log;
	F.ncalls = 0;
	F.nlogs = 0;
	F.refuse = 0;
	return 0;
}

static int
teardown(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < F.ncalls; i++) {
		free(F.calls[i].cmd);
		free(F.calls[i].env_match);
	}
	for (i = 0; i < F.nlogs; i++)
		free(F.logs[i]);
	rm_dir(F.tdir);
	return 0;
}

static struct perfdata *
make(time_t now)
{
	return perfdata_new(&F.cfg, F.gen.objs, &F.nr, now);
}

static struct perfdata_stats
stats(struct perfdata *pd, enum perfdata_which w)
{
	struct perfdata_stats st;

	perfdata_get_stats(pd, w, &st);
	return st;
}

static const char svc_line1[] = "[SERVICEPERFDATA]\t1700000000\tweb1\tHTTP\t0.123\t0.456\t"
                                "HTTP OK: 200 'quoted' <b>\ttime=0.123s;;;0 'size'=42B\n";
static const char svc_line2[] = "[SERVICEPERFDATA]\t1700000007\tweb1\tHTTP\t2.000\t0.456\t"
                                "HTTP OK: 200 'quoted' <b>\ta=1\n";

/* ---- lines and templates ---- */

static void
t_default_templates(void **state)
{
	struct perfdata *pd;
	char want[300];

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	put_in(F.spath, NULL, "old line\n");
	pd = make(T0);
	assert_int_equal(F.nlogs, 0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	sst()->c.execution_time = 2;
	set_str(&sst()->c.perf_data, "a=1");
	perfdata_service(pd, &F.ctx, svc(), T0 + 7);
	perfdata_host(pd, &F.ctx, host(), T0 + 8);
	snprintf(want, sizeof(want), "old line\n%s%s", svc_line1, svc_line2);
	assert_file(F.spath, want);
	assert_file(F.hpath, "[HOSTPERFDATA]\t1700000008\tweb1\t1.500\tPING OK\trta=1.0ms\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).lines, 2);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).written, 2);
	assert_int_equal(stats(pd, PERFDATA_HOST).written, 1);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 1);
	assert_int_equal(F.ncalls, 0);
	perfdata_free(pd);
}

static void
t_custom_template(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.service_perfdata_file_template =
	    "S\\t$SERVICEDESC$\\n[$ARG1$|$ARG2$]\\r\\q\\\\t$SERVICEOUTPUT$ $$ $NOPE$";
	F.cfg.host_perfdata_file_template = "H $HOSTNAME$ [$ARG1$] $HOSTPERFDATA$";
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	perfdata_host(pd, &F.ctx, host(), T0);
	/* no perfdata command: the template sees the check command's arguments */
	assert_file(F.spath,
	    "S\tHTTP\n[80|/index.html]\r\\q\\\tHTTP OK: 200 'quoted' <b> $ $NOPE$\n");
	/* the host template never sees arguments */
	assert_file(F.hpath, "H web1 [] rta=1.0ms\n");
	perfdata_free(pd);
}

static void
t_mode_w(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.service_perfdata_file_mode = 'w';
	F.cfg.service_perfdata_file_template = "$TIMET$";
	put_in(F.spath, NULL, "old line\n");
	pd = make(T0);
	assert_file(F.spath, "");
	perfdata_service(pd, &F.ctx, svc(), T0 + 1);
	perfdata_service(pd, &F.ctx, svc(), T0 + 2);
	assert_file(F.spath, "1700000001\n1700000002\n");
	perfdata_free(pd);
	/* a restart opens it again: truncated again */
	assert_file(F.spath, "1700000001\n1700000002\n");
	pd = make(T0 + 10);
	assert_file(F.spath, "");
	perfdata_service(pd, &F.ctx, svc(), T0 + 11);
	perfdata_free(pd);
	assert_file(F.spath, "1700000011\n");

	/* append mode keeps what is there across a restart */
	F.cfg.service_perfdata_file_mode = 'a';
	pd = make(T0 + 20);
	perfdata_service(pd, &F.ctx, svc(), T0 + 21);
	perfdata_free(pd);
	assert_file(F.spath, "1700000011\n1700000021\n");
}

static void
t_empty_results(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.service_perfdata_command = "pd-svc!x";
	F.cfg.service_perfdata_file_template = "$TIMET$ [$SERVICEPERFDATA$]";
	set_str(&sst()->c.perf_data, NULL);

	/* processed by default: a line with empty perfdata, and the command */
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	assert_file(F.spath, "1700000000 []\n");
	assert_int_equal(F.ncalls, 1);
	perfdata_free(pd);

	/* skipped when told so: no line, no command */
	F.cfg.service_perfdata_process_empty_results = 0;
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0 + 1);
	set_str(&sst()->c.perf_data, "");
	perfdata_service(pd, &F.ctx, svc(), T0 + 2);
	assert_int_equal(F.ncalls, 1);
	set_str(&sst()->c.perf_data, "x=1");
	perfdata_service(pd, &F.ctx, svc(), T0 + 3);
	assert_int_equal(F.ncalls, 2);
	assert_file(F.spath, "1700000000 []\n1700000003 [x=1]\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).lines, 1);

	/* the host side has its own option */
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.host_perfdata_file_template = "$HOSTNAME$ [$HOSTPERFDATA$]";
	F.cfg.host_perfdata_process_empty_results = 0;
	perfdata_free(pd);
	pd = make(T0);
	set_str(&hst()->c.perf_data, NULL);
	perfdata_host(pd, &F.ctx, host(), T0);
	assert_file(F.hpath, "");
	set_str(&hst()->c.perf_data, "p=2");
	perfdata_host(pd, &F.ctx, host(), T0);
	assert_file(F.hpath, "web1 [p=2]\n");
	perfdata_free(pd);
}

static void
t_switches(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.service_perfdata_command = "pd-svc";
	F.cfg.host_perfdata_command = "pd-host";
	F.cfg.service_perfdata_file_template = "s$TIMET$";
	F.cfg.host_perfdata_file_template = "h$TIMET$";
	/* the files open even when processing is off, as in Nagios */
	F.cfg.process_performance_data = 0;
	pd = make(T0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 1);
	assert_int_equal(stats(pd, PERFDATA_HOST).open, 1);
	perfdata_service(pd, &F.ctx, svc(), T0 + 1);
	perfdata_host(pd, &F.ctx, host(), T0 + 1);
	/* ENABLE_PERFORMANCE_DATA changes the live configuration */
	F.cfg.process_performance_data = 1;
	perfdata_service(pd, &F.ctx, svc(), T0 + 2);
	perfdata_host(pd, &F.ctx, host(), T0 + 2);
	/* the object's run-time switch */
	sst()->c.process_performance_data = 0;
	hst()->c.process_performance_data = 0;
	perfdata_service(pd, &F.ctx, svc(), T0 + 3);
	perfdata_host(pd, &F.ctx, host(), T0 + 3);
	sst()->c.process_performance_data = 1;
	perfdata_service(pd, &F.ctx, svc(), T0 + 4);
	assert_file(F.spath, "s1700000002\ns1700000004\n");
	assert_file(F.hpath, "h1700000002\n");
	assert_int_equal(F.ncalls, 3);
	assert_int_equal(F.calls[0].kind, NRUN_SERVICE_PERFDATA);
	assert_int_equal(F.calls[1].kind, NRUN_HOST_PERFDATA);
	assert_int_equal(F.calls[2].kind, NRUN_SERVICE_PERFDATA);
	perfdata_free(pd);
}

/* ---- perfdata commands ---- */

static void
t_commands(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.service_perfdata_command = "pd-svc!first $HOSTNAME$!second";
	F.cfg.host_perfdata_command = "pd-host!h1";
	F.cfg.service_perfdata_file_template = "[$ARG1$|$ARG2$] $SERVICEOUTPUT$";
	F.cfg.host_perfdata_file_template = "[$ARG1$]";
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	perfdata_host(pd, &F.ctx, host(), T0);
	assert_int_equal(F.ncalls, 2);
	/* commands have output macros cleaned; the quotes of the definition stay */
	assert_int_equal(F.calls[0].kind, NRUN_SERVICE_PERFDATA);
	assert_string_equal(F.calls[0].cmd,
	    "/usr/bin/pd-svc first web1 'HTTP OK: 200 quoted b' web1 time=0.123s;;;0 size=42B");
	assert_int_equal(F.calls[0].has_env, 0);
	assert_true(F.calls[0].timeout == 5.0);
	assert_null(F.calls[0].done);
	assert_int_equal(F.calls[1].kind, NRUN_HOST_PERFDATA);
	assert_string_equal(F.calls[1].cmd, "/usr/bin/pd-host web1 h1 rta=1.0ms");
	/* the service template sees the perfdata command's arguments, uncleaned output */
	assert_file(F.spath, "[first web1|second] HTTP OK: 200 'quoted' <b>\n");
	assert_file(F.hpath, "[]\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).commands, 1);
	assert_int_equal(stats(pd, PERFDATA_HOST).commands, 1);
	perfdata_free(pd);

	/* perfdata_timeout 0: the worker's default of 60 seconds */
	F.cfg.perfdata_timeout = 0;
	F.cfg.service_perfdata_file = NULL;
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	assert_int_equal(F.ncalls, 3);
	assert_true(F.calls[2].timeout == 60.0);
	/* a command that cannot be queued is only counted out */
	F.refuse = 1;
	perfdata_service(pd, &F.ctx, svc(), T0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).commands, 1);
	perfdata_free(pd);
}

static void
t_not_found(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.host_perfdata_command = "nope!x";
	F.cfg.service_perfdata_command = "gone";
	F.cfg.host_perfdata_file_processing_command = "nothere!1";
	F.cfg.host_perfdata_file_processing_interval = 10;
	F.cfg.service_perfdata_file_processing_command = "neither";
	F.cfg.service_perfdata_file_processing_interval = 10;
	F.cfg.service_perfdata_file_template = "[$ARG1$]";
	pd = make(T0);
	assert_int_equal(F.nlogs, 4);
	assert_string_equal(F.logs[0],
	    "Warning: Host performance command 'nope' was not found - "
	    "host performance data will not be processed!");
	assert_string_equal(F.logs[1],
	    "Warning: Service performance command 'gone' was not found"
	    " - service performance data will not be processed!");
	assert_string_equal(F.logs[2],
	    "Warning: Host performance file processing command "
	    "'nothere' was not found - host performance data file will not be processed!");
	assert_string_equal(F.logs[3],
	    "Warning: Service performance file processing command "
	    "'neither' was not found - service performance data file will not be processed!");
	assert_int_equal(F.logt[0], T0);
	perfdata_service(pd, &F.ctx, svc(), T0);
	perfdata_host(pd, &F.ctx, host(), T0);
	perfdata_tick(pd, &F.ctx, T0 + 100);
	assert_int_equal(F.ncalls, 0);
	/* the files are still written; the service template falls back to the check command */
	assert_file(F.spath, "[80]\n");
	assert_int_equal(stats(pd, PERFDATA_HOST).written, 1);
	perfdata_free(pd);
}

static void
t_open_errors(void **state)
{
	struct perfdata *pd;
	struct stat st;
	char want[300];

	(void)state;
	F.cfg.service_perfdata_file = "/nonexistent-jaque-dir/svc.perf";
	F.cfg.service_perfdata_command = "pd-svc";
	pd = make(T0 + 5);
	assert_int_equal(F.nlogs, 1);
	assert_string_equal(F.logs[0],
	    "Warning: File '/nonexistent-jaque-dir/svc.perf' could not "
	    "be opened - service performance data will not be written to file!");
	assert_int_equal(F.logt[0], T0 + 5);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 0);
	/* the command still runs; no line is made */
	perfdata_service(pd, &F.ctx, svc(), T0 + 6);
	assert_int_equal(F.ncalls, 1);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).lines, 0);
	perfdata_free(pd);

	/* mode p on a missing path: Nagios creates the host file, not the service one */
	F.cfg.service_perfdata_file = F.spath;
	F.cfg.service_perfdata_file_mode = 'p';
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.host_perfdata_file_mode = 'p';
	F.cfg.host_perfdata_file_template = "$HOSTNAME$";
	pd = make(T0);
	assert_int_equal(F.nlogs, 2);
	snprintf(want, sizeof(want),
	    "Warning: File '%s' could not be opened - service "
	    "performance data will not be written to file!",
	    F.spath);
	assert_string_equal(F.logs[1], want);
	assert_int_equal(stat(F.hpath, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0644);
	perfdata_host(pd, &F.ctx, host(), T0);
	assert_file(F.hpath, "web1\n");
	perfdata_free(pd);

	/* a full disk: lines are counted lost, never fatal */
	F.cfg.host_perfdata_file = "/dev/full";
	F.cfg.host_perfdata_file_mode = 'a';
	pd = make(T0);
	perfdata_host(pd, &F.ctx, host(), T0);
	perfdata_host(pd, &F.ctx, host(), T0);
	assert_int_equal(stats(pd, PERFDATA_HOST).dropped_error, 2);
	assert_int_equal(stats(pd, PERFDATA_HOST).written, 0);
	perfdata_free(pd);
}

/* ---- processing commands ---- */

static void
t_processing(void **state)
{
	struct perfdata *pd;
	char want[320];

	(void)state;
	F.cfg.service_perfdata_file_template = "$TIMET$";
	F.cfg.service_perfdata_file_processing_interval = 60;
	snprintf(F.procref, sizeof(F.procref), "proc-svc!%s", F.moved);
	F.cfg.service_perfdata_file_processing_command = F.procref;
	pd = make(T0);
	perfdata_service(pd, &F.ctx, svc(), T0 + 1);
	perfdata_tick(pd, &F.ctx, T0 + 59);
	assert_int_equal(F.ncalls, 0);
	perfdata_tick(pd, &F.ctx, T0 + 60);
	assert_int_equal(F.ncalls, 1);
	assert_int_equal(F.calls[0].kind, NRUN_SERVICE_PERFDATA_FILE);
	snprintf(want, sizeof(want), "/bin/mv %s %s", F.spath, F.moved);
	assert_string_equal(F.calls[0].cmd, want);
	assert_true(F.calls[0].timeout == 5.0);
	assert_int_equal(F.calls[0].has_env, 0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).processing, 1);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 0);

	/* the command moves the file; results meanwhile are held */
	assert_int_equal(rename(F.spath, F.moved), 0);
	perfdata_service(pd, &F.ctx, svc(), T0 + 61);
	perfdata_service(pd, &F.ctx, svc(), T0 + 62);
	assert_file(F.spath, "<none>");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).held, 2);
	/* still running at the next tick: nothing more starts */
	perfdata_tick(pd, &F.ctx, T0 + 63);
	assert_int_equal(F.ncalls, 1);
	finish(0, 0);
	assert_file(F.moved, "1700000001\n");
	assert_file(F.spath, "1700000061\n1700000062\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).processing, 0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 1);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).written, 3);
	assert_int_equal(F.nlogs, 0);

	/* one interval after the last due time */
	perfdata_service(pd, &F.ctx, svc(), T0 + 64);
	perfdata_tick(pd, &F.ctx, T0 + 119);
	assert_int_equal(F.ncalls, 1);
	perfdata_tick(pd, &F.ctx, T0 + 120);
	assert_int_equal(F.ncalls, 2);
	finish(1, 0);
	/* late (the loop was stalled): it runs, and once more right after, as Nagios does */
	perfdata_tick(pd, &F.ctx, T0 + 250);
	assert_int_equal(F.ncalls, 3);
	finish(2, 0);
	perfdata_tick(pd, &F.ctx, T0 + 251);
	assert_int_equal(F.ncalls, 4);
	finish(3, 0);
	perfdata_tick(pd, &F.ctx, T0 + 309);
	assert_int_equal(F.ncalls, 4);
	perfdata_tick(pd, &F.ctx, T0 + 310);
	assert_int_equal(F.ncalls, 5);
	finish(4, 0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).processed, 5);
	assert_file(F.spath, "1700000061\n1700000062\n1700000064\n");
	perfdata_free(pd);
}

static void
t_processing_timeout(void **state)
{
	struct perfdata *pd;
	char want[300];

	(void)state;
	F.cfg.host_perfdata_file = F.hpath;
	F.cfg.service_perfdata_file_processing_interval = 30;
	F.cfg.service_perfdata_file_processing_command = "proc-svc!/dev/null";
	F.cfg.host_perfdata_file_processing_interval = 45;
	F.cfg.host_perfdata_file_processing_command = "proc-host!/dev/null";
	F.cfg.perfdata_timeout = 7;
	F.cfg.enable_environment_macros = 1;
	pd = make(T0);
	perfdata_tick(pd, &F.ctx, T0 + 30);
	perfdata_tick(pd, &F.ctx, T0 + 45);
	assert_int_equal(F.ncalls, 2);
	assert_int_equal(F.calls[1].kind, NRUN_HOST_PERFDATA_FILE);
	assert_true(F.calls[1].timeout == 7.0);
	/* processing commands get the environment macros when enabled */
	assert_int_equal(F.calls[0].has_env, 1);
	snprintf(want, sizeof(want), "NAGIOS_SERVICEPERFDATAFILE=%s", F.spath);
	assert_non_null(F.calls[0].env_match);
	assert_string_equal(F.calls[0].env_match, want);
	perfdata_tick(pd, &F.ctx, T0 + 47);
	finish(0, 1);
	finish(1, 1);
	assert_int_equal(F.nlogs, 2);
	snprintf(want, sizeof(want),
	    "Warning: Service performance data file processing command "
	    "'/bin/mv %s /dev/null' timed out after 7 seconds",
	    F.spath);
	assert_string_equal(F.logs[0], want);
	assert_int_equal(F.logt[0], T0 + 47);
	snprintf(want, sizeof(want),
	    "Warning: Host performance data file processing command "
	    "'/bin/mv %s /dev/null' timed out after 7 seconds",
	    F.hpath);
	assert_string_equal(F.logs[1], want);
	assert_int_equal(stats(pd, PERFDATA_HOST).open, 1);
	perfdata_free(pd);

	/* perfdata_timeout 0: Nagios's processing commands have no timeout */
	F.cfg.perfdata_timeout = 0;
	pd = make(T0);
	perfdata_tick(pd, &F.ctx, T0 + 30);
	assert_int_equal(F.ncalls, 3);
	assert_true(F.calls[2].timeout == 4294967295.0);
	finish(2, 0);
	perfdata_free(pd);
}

static void
t_hold_limit(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.service_perfdata_file_template = "$TIMET$"; /* 11 bytes a line */
	F.cfg.service_perfdata_file_processing_interval = 10;
	F.cfg.service_perfdata_file_processing_command = "proc-svc!/dev/null";
	pd = make(T0);
	perfdata_set_hold_max(pd, 2 * (sizeof(size_t) + 11));
	perfdata_tick(pd, &F.ctx, T0 + 10);
	perfdata_service(pd, &F.ctx, svc(), T0 + 11);
	perfdata_service(pd, &F.ctx, svc(), T0 + 12);
	perfdata_service(pd, &F.ctx, svc(), T0 + 13);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).held, 2);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).dropped_hold, 1);
	finish(0, 0);
	assert_file(F.spath, "1700000011\n1700000012\n");
	/* the next run holds again from empty */
	perfdata_tick(pd, &F.ctx, T0 + 20);
	perfdata_service(pd, &F.ctx, svc(), T0 + 21);
	perfdata_service(pd, &F.ctx, svc(), T0 + 22);
	finish(1, 0);
	assert_file(F.spath, "1700000011\n1700000012\n1700000021\n1700000022\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).dropped_hold, 1);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).written, 4);
	perfdata_free(pd);
}

static void
t_processing_edges(void **state)
{
	struct perfdata *pd;

	(void)state;
	F.cfg.service_perfdata_file_template = "$TIMET$";
	F.cfg.service_perfdata_file_processing_interval = 10;
	snprintf(F.procref, sizeof(F.procref), "proc-svc!%s", F.moved);
	F.cfg.service_perfdata_file_processing_command = F.procref;

	/* a command that cannot be queued: the file is reopened at once */
	pd = make(T0);
	F.refuse = 1;
	perfdata_tick(pd, &F.ctx, T0 + 10);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).processing, 0);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).open, 1);
	perfdata_service(pd, &F.ctx, svc(), T0 + 11);
	assert_file(F.spath, "1700000011\n");
	F.refuse = 0;
	/* freed while its command runs: the held lines are written, the end is ignored */
	perfdata_tick(pd, &F.ctx, T0 + 20);
	assert_int_equal(F.ncalls, 1);
	assert_int_equal(rename(F.spath, F.moved), 0);
	perfdata_service(pd, &F.ctx, svc(), T0 + 21);
	perfdata_free(pd);
	assert_file(F.spath, "1700000021\n");
	finish(0, 1);
	assert_int_equal(F.nlogs, 0);

	/* no file at all: the processing command still runs, as in Nagios */
	F.cfg.service_perfdata_file = NULL;
	pd = make(T0);
	perfdata_tick(pd, &F.ctx, T0 + 10);
	assert_int_equal(F.ncalls, 2);
	perfdata_service(pd, &F.ctx, svc(), T0 + 11);
	assert_int_equal(stats(pd, PERFDATA_SERVICE).lines, 0);
	finish(1, 0);
	/* the clock went back an hour: the next run is one interval away, not an hour */
	perfdata_tick(pd, &F.ctx, T0 - 3600);
	perfdata_tick(pd, &F.ctx, T0 - 3590);
	assert_int_equal(F.ncalls, 3);
	finish(2, 0);
	perfdata_free(pd);
	perfdata_free(NULL);
}

/* ---- FIFOs ---- */

/* everything the reader can get now, appended to *buf */
static size_t
drain(int fd, char **buf, size_t len)
{
	char tmp[8192];
	ssize_t n;

	while ((n = read(fd, tmp, sizeof(tmp))) > 0) {
		*buf = realloc(*buf, len + (size_t)n + 1);
		assert_non_null(*buf);
		memcpy(*buf + len, tmp, (size_t)n);
		len += (size_t)n;
		(*buf)[len] = '\0';
	}
	return len;
}

static void
t_fifo_reader(void **state)
{
	struct perfdata *pd;
	char fifo[192], *got = NULL;
	int rd;

	(void)state;
	snprintf(fifo, sizeof(fifo), "%s/fifo", F.tdir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	F.cfg.service_perfdata_file = fifo;
	F.cfg.service_perfdata_file_mode = 'p';
	F.cfg.service_perfdata_file_template = "$SERVICEDESC$ $TIMET$";
	pd = make(T0);
	assert_int_equal(F.nlogs, 0);
	perfdata_service(pd, &F.ctx, svc(), T0 + 1);
	perfdata_service(pd, &F.ctx, svc(), T0 + 2);
	drain(rd, &got, 0);
	assert_non_null(got);
	assert_string_equal(got, "HTTP 1700000001\nHTTP 1700000002\n");
	assert_int_equal(stats(pd, PERFDATA_SERVICE).written, 2);
	perfdata_free(pd);
	free(got);
	close(rd);
}

/* run fn with stderr going to a file; returns what it wrote */
static char *
capture_stderr(void (*fn)(void *), void *arg)
{
	char path[192];
	int saved, fd;
	char *out;

	snprintf(path, sizeof(path), "%s/stderr", F.tdir);
	fflush(stderr);
	saved = dup(2);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 2);
	close(fd);
	fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	out = slurp(path);
	unlink(path);
	return out;
}

static int
count(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++)
		n++;
	return n;
}

struct fifo_run {
	struct perfdata *pd;
	int sent;
};

static void
fifo_fill(void *arg)
{
	struct fifo_run *r = arg;
	int i;

	for (i = 0; i < 200; i++, r->sent++)
		perfdata_service(r->pd, &F.ctx, svc(), T0 + i);
}

static void
fifo_resume(void *arg)
{
	struct fifo_run *r = arg;

	perfdata_service(r->pd, &F.ctx, svc(), T0 + 1000);
	r->sent++;
}

static void
t_fifo_no_reader(void **state)
{
	struct fifo_run r = { NULL, 0 };
	struct perfdata_stats st;
	char fifo[192], big[1001], *got = NULL, *err, *p;
	size_t len;
	int rd, lines = 0;

	(void)state;
	memset(big, 'x', 1000);
	big[1000] = '\0';
	set_str(&sst()->c.output, big);
	snprintf(fifo, sizeof(fifo), "%s/fifo", F.tdir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	F.cfg.service_perfdata_file = fifo;
	F.cfg.service_perfdata_file_mode = 'p';
	F.cfg.service_perfdata_file_template = "$SERVICEOUTPUT$";
	r.pd = make(T0);
	assert_int_equal(F.nlogs, 0);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).open, 1);
	/* 200 KB into a pipe nobody reads: it fills, the rest is dropped, logged once */
	err = capture_stderr(fifo_fill, &r);
	st = stats(r.pd, PERFDATA_SERVICE);
	assert_true(st.written > 0);
	assert_true(st.dropped_full > 0);
	assert_int_equal(st.written + st.dropped_full, 200);
	assert_int_equal(count(err, "the pipe is full"), 1);
	free(err);

	/* a reader comes: it finds whole lines only */
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	len = drain(rd, &got, 0);
	assert_int_equal(len, st.written * 1001);
	for (p = got; p < got + len; p += 1001, lines++) {
		assert_memory_equal(p, big, 1000);
		assert_int_equal(p[1000], '\n');
	}
	assert_int_equal(lines, (int)st.written);
	/* writes resume, and the loss is told */
	err = capture_stderr(fifo_resume, &r);
	assert_int_equal(count(err, "lines were lost"), 1);
	free(err);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).written, st.written + 1);
	perfdata_free(r.pd);
	free(got);
	close(rd);
}

static void
quiet_fill(void *arg)
{
	struct fifo_run *r = arg;
	int i;

	for (i = 0; i < 1000 && stats(r->pd, PERFDATA_SERVICE).dropped_full == 0; i++)
		perfdata_service(r->pd, &F.ctx, svc(), T0);
}

static void
t_fifo_cut_line(void **state)
{
	struct fifo_run r = { NULL, 0 };
	struct perfdata_stats st;
	char fifo[192], small[101], *big, *got = NULL, *err, *p, *nl;
	size_t len;
	int rd, nbig = 0, nsmall = 0;

	(void)state;
	memset(small, 's', 100);
	small[100] = '\0';
	big = malloc(20001);
	assert_non_null(big);
	memset(big, 'B', 20000);
	big[20000] = '\0';
	snprintf(fifo, sizeof(fifo), "%s/fifo", F.tdir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	F.cfg.service_perfdata_file = fifo;
	F.cfg.service_perfdata_file_mode = 'p';
	F.cfg.service_perfdata_file_template = "$SERVICEOUTPUT$";
	set_str(&sst()->c.output, small);
	r.pd = make(T0);
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	err = capture_stderr(quiet_fill, &r);
	free(err);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).dropped_full, 1);
	/* make room for part of a big line (whole pages), then send it */
	{
		char tmp[12288];
		ssize_t n = read(rd, tmp, sizeof(tmp));

		assert_int_equal(n, (ssize_t)sizeof(tmp));
		got = malloc((size_t)n + 1);
		assert_non_null(got);
		memcpy(got, tmp, (size_t)n);
		len = (size_t)n;
	}
	st = stats(r.pd, PERFDATA_SERVICE);
	set_str(&sst()->c.output, big);
	err = capture_stderr(fifo_resume, &r);
	free(err);
	/* the big line went in part (not counted yet, not dropped) */
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).written, st.written);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).dropped_full, st.dropped_full);
	/* the next line waits behind it: the pipe is still full, so it is dropped */
	set_str(&sst()->c.output, small);
	err = capture_stderr(fifo_resume, &r);
	free(err);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).written, st.written);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).dropped_full, st.dropped_full + 1);
	/* the reader drains; the tick finishes the cut line; then lines flow again */
	len = drain(rd, &got, len);
	perfdata_tick(r.pd, &F.ctx, T0 + 1);
	assert_int_equal(stats(r.pd, PERFDATA_SERVICE).written, st.written + 1);
	err = capture_stderr(fifo_resume, &r);
	free(err);
	len = drain(rd, &got, len);
	/* every line in the stream is whole */
	for (p = got; p < got + len; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(got + len - p));
		assert_non_null(nl);
		if ((size_t)(nl - p) == 100 && memcmp(p, small, 100) == 0)
			nsmall++;
		else if ((size_t)(nl - p) == 20000 && memcmp(p, big, 20000) == 0)
			nbig++;
		else
			fail_msg("a cut line of %zu bytes", (size_t)(nl - p));
	}
	assert_int_equal(nbig, 1);
	assert_int_equal(nsmall + nbig, (int)stats(r.pd, PERFDATA_SERVICE).written);
	perfdata_free(r.pd);
	free(got);
	free(big);
	close(rd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_default_templates, setup, teardown),
		cmocka_unit_test_setup_teardown(t_custom_template, setup, teardown),
		cmocka_unit_test_setup_teardown(t_mode_w, setup, teardown),
		cmocka_unit_test_setup_teardown(t_empty_results, setup, teardown),
		cmocka_unit_test_setup_teardown(t_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(t_commands, setup, teardown),
		cmocka_unit_test_setup_teardown(t_not_found, setup, teardown),
		cmocka_unit_test_setup_teardown(t_open_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(t_processing, setup, teardown),
		cmocka_unit_test_setup_teardown(t_processing_timeout, setup, teardown),
		cmocka_unit_test_setup_teardown(t_hold_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(t_processing_edges, setup, teardown),
		cmocka_unit_test_setup_teardown(t_fifo_reader, setup, teardown),
		cmocka_unit_test_setup_teardown(t_fifo_no_reader, setup, teardown),
		cmocka_unit_test_setup_teardown(t_fifo_cut_line, setup, teardown),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

/*
 * test_statusdat: status.dat as compat/statusdat.c writes it.
 *
 * The fixture is a small configuration read by config_read from a mkdtemp
 * directory (three hosts, four services, two contacts, custom variables
 * including a "null" one) with states set field by field, two comments
 * and two downtimes (engine/notify).  The expected sections are the text
 * Nagios 4.4.6's xsddefault writes for the same values, checked against
 * a status.dat the real nagios4 wrote for the same objects: header and
 * info, programstatus, a host, a service, the contacts, comment and
 * downtime sections byte for byte; the order of every section; the
 * escaping of long output; the decimal formats against snprintf over
 * ties, large, negative and random values; the check and notification
 * periods and custom variables a command overrode ("_NAME=1;value"); a
 * missing snapshot part; the atomic write with mode 0664 whatever the
 * umask; /dev/null.
 *
 * With JAQUE_STATUSDAT_CFG=<nagios.cfg> in the environment it runs no
 * test: it reads that configuration, gives its objects known states
 * (host i is UP, DOWN, UNREACHABLE by i % 3, service j OK .. UNKNOWN by
 * j % 4), a host and a service comment, a fixed downtime in effect on the
 * second host and a flexible one on the last service, counts one
 * scheduled (and parallel) check per object and two external commands in
 * the check statistics, writes the
 * configuration's objects.cache and status.dat and exits; the integration
 * script tests/integration/t_statusdat_clients.sh feeds those to the
 * Nagios CGIs and nagiostats.
 *
 * Links compat/statusdat.c, engine/util/checkstats.c, engine/util/afile.c,
 * engine/objects/progstate.c, engine/notify/comment.c and downtime.c and
 * the configuration reader.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/objcache.h"
#include "compat/snapshot.h"
#include "compat/statusdat.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

#define NOW ((time_t)1700000000) /* 2023-11-14 22:13:20 UTC */

static const char main_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\ntemp_path=.\ncheck_result_path=.\n"
    "enable_notifications=1\nexecute_service_checks=1\naccept_passive_service_checks=0\n"
    "execute_host_checks=1\naccept_passive_host_checks=1\nenable_event_handlers=0\n"
    "obsess_over_services=1\nobsess_over_hosts=0\ncheck_service_freshness=1\n"
    "check_host_freshness=0\nenable_flap_detection=1\nprocess_performance_data=0\n"
    "global_host_event_handler=geh!x\n";

static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias always\nmonday 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name workhours\nalias w\nmonday 09:00-17:00\n}\n"
    "define command {\ncommand_name ok\ncommand_line /bin/true\n}\n"
    "define command {\ncommand_name crit\ncommand_line /bin/false\n}\n"
    "define command {\ncommand_name geh\ncommand_line /bin/true\n}\n"
    "define contact {\ncontact_name admin\nalias Admin\nhost_notification_period 24x7\n"
    "service_notification_period 24x7\nhost_notification_commands ok\n"
    "service_notification_commands ok\n_PAGER 555-1234\n}\n"
    "define contact {\ncontact_name zed\nhost_notification_period 24x7\n"
    "service_notification_period 24x7\nhost_notification_commands ok\n"
    "service_notification_commands ok\nhost_notifications_enabled 0\n}\n"
    "define host {\nhost_name alpha\nalias Alpha\naddress 127.0.0.1\ncheck_command ok\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\nmax_check_attempts 3\n"
    "check_interval 5\nretry_interval 1\n_MAC 00:11:22\n_EMPTY null\n}\n"
    "define host {\nhost_name gamma\naddress 127.0.0.3\nparents alpha\n"
    "check_command ok!arg1\ncontacts admin\nmax_check_attempts 2\ncheck_interval 7.5\n"
    "retry_interval 0.5\nevent_handler geh\n}\n"
    "define host {\nhost_name beta\naddress 127.0.0.2\ncheck_command crit\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 1\nimportance 7\n}\n"
    "define service {\nhost_name alpha\nservice_description PING\ncheck_command ok\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\nmax_check_attempts 3\n"
    "check_interval 5\nretry_interval 1\n_SNMP public\n}\n"
    "define service {\nhost_name gamma\nservice_description SSH\ncheck_command ok\n"
    "check_period 24x7\ncontacts admin,zed\nmax_check_attempts 2\ncheck_interval 3\n}\n"
    "define service {\nhost_name alpha\nservice_description Disk\ncheck_command crit\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 1\n}\n"
    "define service {\nhost_name beta\nservice_description HTTP\ncheck_command crit\n"
    "check_period 24x7\ncontacts admin\nmax_check_attempts 1\n}\n";

/* everything a snapshot points at */
struct fx {
	struct config_gen gen;
	struct diag *dg;
	struct prog_state prog;
	struct sm_ids ids;
	struct host_state *hosts;
	struct svc_state *svcs;
	struct contact_state *contacts;
	struct comments *cs;
	struct downtimes *dt;
	struct snapshot snap;
};

static char tmpdir[64];

static void
put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
rm(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	unlink(path);
}

/* the downtime store finds objects' states through this */
static struct state_common *
fx_state(void *arg, const char *host, const char *svc)
{
	struct fx *f = arg;
	const struct obj_host *h;
	const struct obj_service *s;

	if (svc == NULL) {
		h = objects_find_host(f->gen.objs, host);
		return h != NULL ? &f->hosts[h->id].c : NULL;
	}
	s = objects_find_service(f->gen.objs, host, svc);
	return s != NULL ? &f->svcs[s->id].c : NULL;
}

static void
fx_event(void *arg, enum downtime_event ev, const struct downtime *d, time_t t)
{
	(void)arg;
	(void)ev;
	(void)d;
	(void)t;
}

/* read the configuration at path and give every object its first state */
static int
fx_open(struct fx *f, const char *path)
{
	static struct downtime_hooks hooks;
	const struct objects *o;
	unsigned i;

	memset(f, 0, sizeof(*f));
	f->dg = diag_new(NULL);
	if (config_read(path, NULL, f->dg, NULL, &f->gen) != CONFIG_OK || diag_errors(f->dg) != 0)
		return -1;
	o = f->gen.objs;
	f->hosts = calloc(o->nhosts + 1, sizeof(*f->hosts));
	f->svcs = calloc(o->nservices + 1, sizeof(*f->svcs));
	f->contacts = calloc(o->ncontacts + 1, sizeof(*f->contacts));
	for (i = 0; i < o->nhosts; i++)
		state_host_init(&f->hosts[o->hosts[i].id], &o->hosts[i]);
	for (i = 0; i < o->nservices; i++)
		state_svc_init(&f->svcs[o->services[i].id], &o->services[i]);
	for (i = 0; i < o->ncontacts; i++)
		state_contact_init(&f->contacts[o->contacts[i].id], &o->contacts[i]);
	progstate_init(&f->prog, NOW - 1000, 4242, 1);
	f->ids.next_event_id = 1;
	f->ids.next_problem_id = 1;
	hooks.arg = f;
	hooks.state = fx_state;
	hooks.event = fx_event;
	f->cs = comments_new();
	f->dt = downtimes_new(f->cs, &f->prog, &hooks);
	f->snap.objs = o;
	f->snap.cfg = &f->gen.cfg;
	f->snap.prog = &f->prog;
	f->snap.ids = &f->ids;
	f->snap.hosts = f->hosts;
	f->snap.svcs = f->svcs;
	f->snap.contacts = f->contacts;
	f->snap.comments = f->cs;
	f->snap.downtimes = f->dt;
	f->snap.now = NOW;
	return 0;
}

static void
fx_close(struct fx *f)
{
	unsigned i;

	if (f->gen.objs != NULL) {
		for (i = 0; i < f->gen.objs->nhosts; i++)
			state_host_clear(&f->hosts[i]);
		for (i = 0; i < f->gen.objs->nservices; i++)
			state_svc_clear(&f->svcs[i]);
		for (i = 0; i < f->gen.objs->ncontacts; i++)
			state_contact_clear(&f->contacts[i]);
	}
	downtimes_free(f->dt);
	comments_free(f->cs);
	progstate_clear(&f->prog);
	free(f->hosts);
	free(f->svcs);
	free(f->contacts);
	config_gen_free(&f->gen);
	diag_free(f->dg);
}

static struct host_state *
hst(struct fx *f, const char *name)
{
	const struct obj_host *h = objects_find_host(f->gen.objs, name);

	assert_non_null(h);
	return &f->hosts[h->id];
}

static struct svc_state *
sst(struct fx *f, const char *host, const char *desc)
{
	const struct obj_service *s = objects_find_service(f->gen.objs, host, desc);

	assert_non_null(s);
	return &f->svcs[s->id];
}

static void
set(char **slot, const char *s)
{
	state_set_str(slot, s, s != NULL ? strlen(s) : 0);
}

/* alpha checked UP with long output, beta DOWN in downtime, and so on */
static void
fx_states(struct fx *f)
{
	const struct obj_contact *c;
	struct host_state *h;
	struct svc_state *s;
	unsigned long id;
	const char *err = NULL;

	h = hst(f, "alpha");
	h->c.has_been_checked = 1;
	h->c.should_be_scheduled = 1;
	h->c.execution_time = 0.0015;
	h->c.latency = 0.25;
	h->c.last_event_id = 3;
	h->c.current_event_id = 4;
	h->c.last_problem_id = 2;
	set(&h->c.output, "OK - fine");
	set(&h->c.long_output, "line2 back\\slash\nline3");
	set(&h->c.perf_data, "t=1");
	h->c.last_check = NOW - 10;
	h->c.next_check = NOW + 290;
	h->c.last_state_change = NOW - 100;
	h->c.last_hard_state_change = NOW - 100;
	h->last_time_up = NOW - 10;
	h->last_time_down = NOW - 200;
	h->c.percent_state_change = 12.345;
	h->c.modified_attributes = 1;
	h->c.notifications_enabled = 0;

	h = hst(f, "beta");
	h->c.has_been_checked = 1;
	h->c.current_state = h->c.last_state = h->c.last_hard_state = OBJ_HOST_DOWN;
	h->c.state_type = STATE_HARD;
	set(&h->c.output, "CRITICAL - bad");
	h->c.last_check = NOW - 5;
	h->c.current_notification_number = 2;
	h->c.last_notification = NOW - 5;
	h->c.next_notification = NOW + 3595;
	h->c.problem_has_been_acknowledged = 1;
	h->c.acknowledgement_type = 2;

	s = sst(f, "alpha", "Disk");
	s->c.has_been_checked = 1;
	s->c.check_type = STATE_CHECK_PASSIVE;
	s->c.current_state = s->c.last_hard_state = OBJ_STATE_CRITICAL;
	set(&s->c.output, "DISK CRITICAL - / 99%");
	set(&s->c.long_output, "/boot 10%\n/var 50%");
	set(&s->c.perf_data, "/=99%;90;95");
	s->c.latency = 1.0005;
	s->c.execution_time = 12.5;
	s->c.last_check = NOW - 7;
	s->c.next_check = NOW + 53;
	s->c.check_options = STATE_CKOPT_FORCED; /* a forced check scheduled ahead */
	s->c.current_attempt = 1;
	s->c.last_state_change = NOW - 300;
	s->c.last_hard_state_change = NOW - 300;
	s->last_time_ok = NOW - 301;
	s->last_time_critical = NOW - 7;
	s->c.current_event_id = 9;
	s->c.current_problem_id = 5;
	s->c.is_flapping = 1;
	s->c.percent_state_change = 41.0;
	s->c.check_interval = 2.25;
	s->c.max_attempts = 4;
	s->c.passive_checks_enabled = 0;
	s->c.obsess = 0;

	f->prog.modified_host_attributes = 1;
	f->prog.modified_service_attributes = 16;
	f->prog.last_log_rotation = NOW - 500;
	f->ids.next_event_id = 10;
	f->ids.next_problem_id = 6;
	f->prog.next_notification_id = 7;
	checkstats_add(&f->prog.stats, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, NOW - 1);
	checkstats_add(&f->prog.stats, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, NOW);
	checkstats_add(&f->prog.stats, CHECKSTATS_EXTERNAL_COMMAND, NOW - 65);

	c = objects_find_contact(f->gen.objs, "admin");
	f->contacts[c->id].last_host_notification = NOW - 5;

	assert_non_null(comments_add(f->cs, 0, &f->prog.next_comment_id, COMMENT_USER, "alpha",
	    NULL, NOW - 50, "jdoe", "host comment here", 1, COMMENT_SOURCE_EXTERNAL, 0, 0));
	assert_non_null(comments_add(f->cs, 0, &f->prog.next_comment_id, COMMENT_USER, "alpha",
	    "PING", NOW - 40, "jdoe", "svc comment", 0, COMMENT_SOURCE_EXTERNAL, 1, NOW + 500));
	assert_int_equal(downtimes_schedule(f->dt, "beta", NULL, NOW - 30, "jdoe",
	    "maint window", NOW - 30, NOW + 3570, 1, 0, 0, NOW - 30, &id, &err), 0);
	/* the loop pass after the command starts it */
	downtimes_tick(f->dt, NOW - 30);
	assert_int_equal(downtimes_schedule(f->dt, "gamma", "SSH", NOW - 20, "jdoe", "flex one",
	    NOW + 60, NOW + 7200, 0, 0, 600, NOW - 20, &id, &err), 0);
}

static int
setup(void **state)
{
	static struct fx f;
	char path[256];

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-statusdat-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return -1;
	put(tmpdir, "nagios.cfg", main_cfg);
	put(tmpdir, "objects.cfg", objects_cfg);
	snprintf(path, sizeof(path), "%s/nagios.cfg", tmpdir);
	if (fx_open(&f, path) == -1)
		return -1;
	fx_states(&f);
	*state = &f;
	return 0;
}

static int
teardown(void **state)
{
	fx_close(*state);
	rm("nagios.cfg");
	rm("objects.cfg");
	rm("status.dat");
	rmdir(tmpdir);
	return 0;
}

/* the whole file as a heap string */
static char *
render(const struct snapshot *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(statusdat_fprint(fp, s), 0);
	fclose(fp);
	return buf;
}

/* the section that starts with head, up to and with its "\t}\n\n" */
static char *
section(const char *text, const char *head)
{
	const char *p = strstr(text, head), *e;
	char *out;

	if (p == NULL)
		fail_msg("no section %s", head);
	e = strstr(p, "\t}\n\n");
	assert_non_null(e);
	e += 4;
	out = malloc((size_t)(e - p) + 1);
	memcpy(out, p, (size_t)(e - p));
	out[e - p] = '\0';
	return out;
}

static void
expect_section(const char *text, const char *head, const char *want)
{
	char *got = section(text, head);

	assert_string_equal(got, want);
	free(got);
}

static void
t_header_info_program(void **state)
{
	struct fx *f = *state;
	char *text = render(&f->snap);
	static const char want[] =
	    "########################################\n"
	    "#          NAGIOS STATUS FILE\n"
	    "#\n"
	    "# THIS FILE IS AUTOMATICALLY GENERATED\n"
	    "# BY NAGIOS.  DO NOT MODIFY THIS FILE!\n"
	    "########################################\n\n"
	    "info {\n"
	    "\tcreated=1700000000\n"
	    "\tversion=4.4.6\n"
	    "\tlast_update_check=0\n"
	    "\tupdate_available=0\n"
	    "\tlast_version=\n"
	    "\tnew_version=\n"
	    "\t}\n\n"
	    "programstatus {\n"
	    "\tmodified_host_attributes=1\n"
	    "\tmodified_service_attributes=16\n"
	    "\tnagios_pid=4242\n"
	    "\tdaemon_mode=1\n"
	    "\tprogram_start=1699999000\n"
	    "\tlast_log_rotation=1699999500\n"
	    "\tenable_notifications=1\n"
	    "\tactive_service_checks_enabled=1\n"
	    "\tpassive_service_checks_enabled=0\n"
	    "\tactive_host_checks_enabled=1\n"
	    "\tpassive_host_checks_enabled=1\n"
	    "\tenable_event_handlers=0\n"
	    "\tobsess_over_services=1\n"
	    "\tobsess_over_hosts=0\n"
	    "\tcheck_service_freshness=1\n"
	    "\tcheck_host_freshness=0\n"
	    "\tenable_flap_detection=1\n"
	    "\tprocess_performance_data=0\n"
	    "\tglobal_host_event_handler=geh!x\n"
	    "\tglobal_service_event_handler=\n"
	    "\tnext_comment_id=5\n"
	    "\tnext_downtime_id=3\n"
	    "\tnext_event_id=10\n"
	    "\tnext_problem_id=6\n"
	    "\tnext_notification_id=7\n"
	    "\tactive_scheduled_host_check_stats=0,0,0\n"
	    "\tactive_ondemand_host_check_stats=0,0,0\n"
	    "\tpassive_host_check_stats=0,0,0\n"
	    "\tactive_scheduled_service_check_stats=2,2,2\n"
	    "\tactive_ondemand_service_check_stats=0,0,0\n"
	    "\tpassive_service_check_stats=0,0,0\n"
	    "\tcached_host_check_stats=0,0,0\n"
	    "\tcached_service_check_stats=0,0,0\n"
	    /* a minute and 20 s back: 20 s into this minute, 1 in the one before */
	    "\texternal_command_stats=0,1,1\n"
	    "\tparallel_host_check_stats=0,0,0\n"
	    "\tserial_host_check_stats=0,0,0\n"
	    "\t}\n\n"
	    "hoststatus {\n";

	assert_memory_equal(text, want, sizeof(want) - 1);
	free(text);
}

static void
t_host(void **state)
{
	struct fx *f = *state;
	char *text = render(&f->snap);

	expect_section(text, "hoststatus {\n\thost_name=alpha\n",
	    "hoststatus {\n"
	    "\thost_name=alpha\n"
	    "\tmodified_attributes=1\n"
	    "\tcheck_command=ok\n"
	    "\tcheck_period=24x7\n"
	    "\tnotification_period=24x7\n"
	    "\timportance=0\n"
	    "\tcheck_interval=5.000000\n"
	    "\tretry_interval=1.000000\n"
	    "\tevent_handler=\n"
	    "\thas_been_checked=1\n"
	    "\tshould_be_scheduled=1\n"
	    "\tcheck_execution_time=0.002\n"
	    "\tcheck_latency=0.250\n"
	    "\tcheck_type=0\n"
	    "\tcurrent_state=0\n"
	    "\tlast_hard_state=0\n"
	    "\tlast_event_id=3\n"
	    "\tcurrent_event_id=4\n"
	    "\tcurrent_problem_id=0\n"
	    "\tlast_problem_id=2\n"
	    "\tplugin_output=OK - fine\n"
	    "\tlong_plugin_output=line2 back\\\\slash\\nline3\n"
	    "\tperformance_data=t=1\n"
	    "\tlast_check=1699999990\n"
	    "\tnext_check=1700000290\n"
	    "\tcheck_options=0\n"
	    "\tcurrent_attempt=1\n"
	    "\tmax_attempts=3\n"
	    "\tstate_type=1\n"
	    "\tlast_state_change=1699999900\n"
	    "\tlast_hard_state_change=1699999900\n"
	    "\tlast_time_up=1699999990\n"
	    "\tlast_time_down=1699999800\n"
	    "\tlast_time_unreachable=0\n"
	    "\tlast_notification=0\n"
	    "\tnext_notification=0\n"
	    "\tno_more_notifications=0\n"
	    "\tcurrent_notification_number=0\n"
	    "\tcurrent_notification_id=0\n"
	    "\tnotifications_enabled=0\n"
	    "\tproblem_has_been_acknowledged=0\n"
	    "\tacknowledgement_type=0\n"
	    "\tactive_checks_enabled=1\n"
	    "\tpassive_checks_enabled=1\n"
	    "\tevent_handler_enabled=1\n"
	    "\tflap_detection_enabled=1\n"
	    "\tprocess_performance_data=1\n"
	    "\tobsess=1\n"
	    "\tlast_update=1700000000\n"
	    "\tis_flapping=0\n"
	    "\tpercent_state_change=12.35\n"
	    "\tscheduled_downtime_depth=0\n"
	    "\t_MAC=0;00:11:22\n"
	    "\t_EMPTY=0;\n"
	    "\t}\n\n");

	/* gamma: never checked, check_command with its argument, event handler,
	 * no periods, fractional intervals */
	expect_section(text, "hoststatus {\n\thost_name=gamma\n",
	    "hoststatus {\n"
	    "\thost_name=gamma\n"
	    "\tmodified_attributes=0\n"
	    "\tcheck_command=ok!arg1\n"
	    "\tcheck_period=\n"
	    "\tnotification_period=\n"
	    "\timportance=0\n"
	    "\tcheck_interval=7.500000\n"
	    "\tretry_interval=0.500000\n"
	    "\tevent_handler=geh\n"
	    "\thas_been_checked=0\n"
	    "\tshould_be_scheduled=1\n"
	    "\tcheck_execution_time=0.000\n"
	    "\tcheck_latency=0.000\n"
	    "\tcheck_type=0\n"
	    "\tcurrent_state=0\n"
	    "\tlast_hard_state=0\n"
	    "\tlast_event_id=0\n"
	    "\tcurrent_event_id=0\n"
	    "\tcurrent_problem_id=0\n"
	    "\tlast_problem_id=0\n"
	    "\tplugin_output=\n"
	    "\tlong_plugin_output=\n"
	    "\tperformance_data=\n"
	    "\tlast_check=0\n"
	    "\tnext_check=0\n"
	    "\tcheck_options=0\n"
	    "\tcurrent_attempt=1\n"
	    "\tmax_attempts=2\n"
	    "\tstate_type=1\n"
	    "\tlast_state_change=0\n"
	    "\tlast_hard_state_change=0\n"
	    "\tlast_time_up=0\n"
	    "\tlast_time_down=0\n"
	    "\tlast_time_unreachable=0\n"
	    "\tlast_notification=0\n"
	    "\tnext_notification=0\n"
	    "\tno_more_notifications=0\n"
	    "\tcurrent_notification_number=0\n"
	    "\tcurrent_notification_id=0\n"
	    "\tnotifications_enabled=1\n"
	    "\tproblem_has_been_acknowledged=0\n"
	    "\tacknowledgement_type=0\n"
	    "\tactive_checks_enabled=1\n"
	    "\tpassive_checks_enabled=1\n"
	    "\tevent_handler_enabled=1\n"
	    "\tflap_detection_enabled=1\n"
	    "\tprocess_performance_data=1\n"
	    "\tobsess=1\n"
	    "\tlast_update=1700000000\n"
	    "\tis_flapping=0\n"
	    "\tpercent_state_change=0.00\n"
	    "\tscheduled_downtime_depth=0\n"
	    "\t}\n\n");
	free(text);
}

static void
t_host_downtime_ack(void **state)
{
	struct fx *f = *state;
	char *text = render(&f->snap);
	char *sec = section(text, "hoststatus {\n\thost_name=beta\n");

	/* the lines that differ from a fresh host */
	assert_non_null(strstr(sec, "\timportance=7\n\tcheck_interval=5.000000\n"
				    "\tretry_interval=1.000000\n"));
	assert_non_null(strstr(sec, "\tcheck_type=0\n\tcurrent_state=1\n\tlast_hard_state=1\n"));
	assert_non_null(strstr(sec, "\tplugin_output=CRITICAL - bad\n\tlong_plugin_output=\n"
				    "\tperformance_data=\n\tlast_check=1699999995\n"));
	assert_non_null(strstr(sec, "\tlast_notification=1699999995\n"
				    "\tnext_notification=1700003595\n\tno_more_notifications=0\n"
				    "\tcurrent_notification_number=2\n"));
	assert_non_null(strstr(sec, "\tproblem_has_been_acknowledged=1\n"
				    "\tacknowledgement_type=2\n"));
	assert_non_null(strstr(sec, "\tscheduled_downtime_depth=1\n\t}\n\n"));
	free(sec);
	free(text);
}

static void
t_service(void **state)
{
	struct fx *f = *state;
	char *text = render(&f->snap);

	expect_section(text, "servicestatus {\n\thost_name=alpha\n\tservice_description=Disk\n",
	    "servicestatus {\n"
	    "\thost_name=alpha\n"
	    "\tservice_description=Disk\n"
	    "\tmodified_attributes=0\n"
	    "\tcheck_command=crit\n"
	    "\tcheck_period=24x7\n"
	    /* not set on the service: inherited from its host, as in Nagios */
	    "\tnotification_period=24x7\n"
	    "\timportance=0\n"
	    "\tcheck_interval=2.250000\n"
	    "\tretry_interval=1.000000\n"
	    "\tevent_handler=\n"
	    "\thas_been_checked=1\n"
	    "\tshould_be_scheduled=1\n"
	    "\tcheck_execution_time=12.500\n"
	    "\tcheck_latency=1.000\n"
	    "\tcheck_type=1\n"
	    "\tcurrent_state=2\n"
	    "\tlast_hard_state=2\n"
	    "\tlast_event_id=0\n"
	    "\tcurrent_event_id=9\n"
	    "\tcurrent_problem_id=5\n"
	    "\tlast_problem_id=0\n"
	    "\tcurrent_attempt=1\n"
	    "\tmax_attempts=4\n"
	    "\tstate_type=1\n"
	    "\tlast_state_change=1699999700\n"
	    "\tlast_hard_state_change=1699999700\n"
	    "\tlast_time_ok=1699999699\n"
	    "\tlast_time_warning=0\n"
	    "\tlast_time_unknown=0\n"
	    "\tlast_time_critical=1699999993\n"
	    "\tplugin_output=DISK CRITICAL - / 99%\n"
	    "\tlong_plugin_output=/boot 10%\\n/var 50%\n"
	    "\tperformance_data=/=99%;90;95\n"
	    "\tlast_check=1699999993\n"
	    "\tnext_check=1700000053\n"
	    "\tcheck_options=1\n"
	    "\tcurrent_notification_number=0\n"
	    "\tcurrent_notification_id=0\n"
	    "\tlast_notification=0\n"
	    "\tnext_notification=0\n"
	    "\tno_more_notifications=0\n"
	    "\tnotifications_enabled=1\n"
	    "\tactive_checks_enabled=1\n"
	    "\tpassive_checks_enabled=0\n"
	    "\tevent_handler_enabled=1\n"
	    "\tproblem_has_been_acknowledged=0\n"
	    "\tacknowledgement_type=0\n"
	    "\tflap_detection_enabled=1\n"
	    "\tprocess_performance_data=1\n"
	    "\tobsess=0\n"
	    "\tlast_update=1700000000\n"
	    "\tis_flapping=1\n"
	    "\tpercent_state_change=41.00\n"
	    "\tscheduled_downtime_depth=0\n"
	    "\t}\n\n");

	/* custom variables close the section */
	{
		char *sec = section(text,
		    "servicestatus {\n\thost_name=alpha\n\tservice_description=PING\n");

		assert_non_null(strstr(sec, "\tscheduled_downtime_depth=0\n"
					    "\t_SNMP=0;public\n\t}\n\n"));
		free(sec);
	}
	free(text);
}

static void
t_contacts(void **state)
{
	static const char want[] =
	    "contactstatus {\n"
	    "\tcontact_name=admin\n"
	    "\tmodified_attributes=0\n"
	    "\tmodified_host_attributes=0\n"
	    "\tmodified_service_attributes=0\n"
	    "\thost_notification_period=24x7\n"
	    "\tservice_notification_period=24x7\n"
	    "\tlast_host_notification=%s\n"
	    "\tlast_service_notification=0\n"
	    "\thost_notifications_enabled=1\n"
	    "\tservice_notifications_enabled=1\n"
	    "\t_PAGER=0;555-1234\n"
	    "\t}\n\n"
	    "contactstatus {\n"
	    "\tcontact_name=zed\n"
	    "\tmodified_attributes=0\n"
	    "\tmodified_host_attributes=0\n"
	    "\tmodified_service_attributes=0\n"
	    "\thost_notification_period=24x7\n"
	    "\tservice_notification_period=24x7\n"
	    "\tlast_host_notification=0\n"
	    "\tlast_service_notification=0\n"
	    "\thost_notifications_enabled=0\n"
	    "\tservice_notifications_enabled=1\n"
	    "\t}\n\n";
	struct fx *f = *state;
	char expected[2048], *text, *p;
	struct contact_state *saved = f->snap.contacts;

	text = render(&f->snap);
	p = strstr(text, "contactstatus {\n");
	assert_non_null(p);
	snprintf(expected, sizeof(expected), want, "1699999995");
	assert_memory_equal(p, expected, strlen(expected));
	free(text);

	/* without contact states: as configured, never notified */
	f->snap.contacts = NULL;
	text = render(&f->snap);
	f->snap.contacts = saved;
	p = strstr(text, "contactstatus {\n");
	assert_non_null(p);
	snprintf(expected, sizeof(expected), want, "0");
	assert_memory_equal(p, expected, strlen(expected));
	free(text);
}

/* what CHANGE_*_TIMEPERIOD and CHANGE_CUSTOM_*_VAR leave, as Nagios writes it */
static void
t_overrides(void **state)
{
	struct fx *f = *state;
	const struct obj_timeperiod *wh = objects_find_timeperiod(f->gen.objs, "workhours");
	struct state_common *alpha = &hst(f, "alpha")->c, *ping = &sst(f, "alpha", "PING")->c;
	struct contact_state *admin = &f->contacts[objects_find_contact(f->gen.objs, "admin")->id];
	char *text, *sec;

	alpha->check_period = wh;
	state_var_set(&alpha->vars, "EMPTY", "now set"); /* "null" in the configuration */
	ping->notification_period = wh;
	state_var_set(&ping->vars, "SNMP", "");
	hst(f, "gamma")->c.notification_period = wh; /* none configured */
	admin->service_notification_period = wh;
	state_var_set(&admin->vars, "PAGER", "555-9999");
	text = render(&f->snap);
	sec = section(text, "hoststatus {\n\thost_name=alpha\n");
	assert_non_null(strstr(sec, "\tcheck_period=workhours\n\tnotification_period=24x7\n"));
	assert_non_null(strstr(sec, "\t_MAC=0;00:11:22\n\t_EMPTY=1;now set\n\t}\n"));
	free(sec);
	sec = section(text, "hoststatus {\n\thost_name=gamma\n");
	assert_non_null(strstr(sec, "\tcheck_period=\n\tnotification_period=workhours\n"));
	free(sec);
	sec = section(text, "servicestatus {\n\thost_name=alpha\n\tservice_description=PING\n");
	assert_non_null(strstr(sec, "\tcheck_period=24x7\n\tnotification_period=workhours\n"));
	assert_non_null(strstr(sec, "\t_SNMP=1;\n\t}\n"));
	free(sec);
	sec = section(text, "contactstatus {\n\tcontact_name=admin\n");
	assert_non_null(strstr(sec, "\thost_notification_period=24x7\n"
				    "\tservice_notification_period=workhours\n"));
	assert_non_null(strstr(sec, "\t_PAGER=1;555-9999\n\t}\n"));
	free(sec);
	free(text);
}

static void
t_comments_downtimes(void **state)
{
	static const char want[] =
	    "hostcomment {\n"
	    "\thost_name=alpha\n"
	    "\tentry_type=1\n"
	    "\tcomment_id=1\n"
	    "\tsource=1\n"
	    "\tpersistent=1\n"
	    "\tentry_time=1699999950\n"
	    "\texpires=0\n"
	    "\texpire_time=0\n"
	    "\tauthor=jdoe\n"
	    "\tcomment_data=host comment here\n"
	    "\t}\n\n"
	    "servicecomment {\n"
	    "\thost_name=alpha\n"
	    "\tservice_description=PING\n"
	    "\tentry_type=1\n"
	    "\tcomment_id=2\n"
	    "\tsource=1\n"
	    "\tpersistent=0\n"
	    "\tentry_time=1699999960\n"
	    "\texpires=1\n"
	    "\texpire_time=1700000500\n"
	    "\tauthor=jdoe\n"
	    "\tcomment_data=svc comment\n"
	    "\t}\n\n"
	    /* the downtime's comment: its wording is engine/notify's */
	    "hostcomment {\n"
	    "\thost_name=beta\n"
	    "\tentry_type=2\n"
	    "\tcomment_id=3\n"
	    "\tsource=0\n"
	    "\tpersistent=0\n"
	    "\tentry_time=1699999970\n"
	    "\texpires=0\n"
	    "\texpire_time=0\n"
	    "\tauthor=jdoe\n"
	    "\tcomment_data=This host has been scheduled for fixed downtime from ";
	struct fx *f = *state;
	char *text = render(&f->snap);
	const char *p = strstr(text, "contactstatus {\n\tcontact_name=zed\n");
	char *sec;

	assert_non_null(p);
	p = strstr(p, "\t}\n\n");
	assert_non_null(p);
	p += 4;

	/* comments come in id order after the contacts, host and service mixed */
	assert_non_null(p);
	assert_memory_equal(p, want, sizeof(want) - 1);

	sec = section(text, "hostdowntime {\n");
	assert_string_equal(sec,
	    "hostdowntime {\n"
	    "\thost_name=beta\n"
	    "\tdowntime_id=1\n"
	    "\tcomment_id=3\n"
	    "\tentry_time=1699999970\n"
	    "\tstart_time=1699999970\n"
	    "\tflex_downtime_start=0\n"
	    "\tend_time=1700003570\n"
	    "\ttriggered_by=0\n"
	    "\tfixed=1\n"
	    "\tduration=3600\n"
	    "\tis_in_effect=1\n"
	    "\tstart_notification_sent=1\n"
	    "\tauthor=jdoe\n"
	    "\tcomment=maint window\n"
	    "\t}\n\n");
	free(sec);
	sec = section(text, "servicedowntime {\n");
	assert_string_equal(sec,
	    "servicedowntime {\n"
	    "\thost_name=gamma\n"
	    "\tservice_description=SSH\n"
	    "\tdowntime_id=2\n"
	    "\tcomment_id=4\n"
	    "\tentry_time=1699999980\n"
	    "\tstart_time=1700000060\n"
	    "\tflex_downtime_start=0\n"
	    "\tend_time=1700007200\n"
	    "\ttriggered_by=0\n"
	    "\tfixed=0\n"
	    "\tduration=600\n"
	    "\tis_in_effect=0\n"
	    "\tstart_notification_sent=0\n"
	    "\tauthor=jdoe\n"
	    "\tcomment=flex one\n"
	    "\t}\n\n");
	/* the service downtime is the last thing in the file */
	assert_string_equal(strstr(text, "servicedowntime {\n"), sec);
	free(sec);
	free(text);
}

/* every section header in file order */
static void
t_order(void **state)
{
	static const char *const want[] = {
		"info", "programstatus",
		"hoststatus alpha", "hoststatus beta", "hoststatus gamma",
		"servicestatus alpha", "servicestatus alpha", "servicestatus beta",
		"servicestatus gamma",
		"contactstatus admin", "contactstatus zed",
		"hostcomment alpha", "servicecomment alpha", "hostcomment beta",
		"servicecomment gamma",
		"hostdowntime beta", "servicedowntime gamma",
	};
	struct fx *f = *state;
	char *text = render(&f->snap), *line, *save = NULL, got[64], name[256];
	size_t n = 0;

	got[0] = '\0';
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(line);

		if (len > 2 && strcmp(line + len - 2, " {") == 0) {
			assert_true(n < sizeof(want) / sizeof(want[0]));
			snprintf(got, sizeof(got), "%.*s", (int)(len - 2), line);
			if (strcmp(got, "info") == 0 || strcmp(got, "programstatus") == 0)
				assert_string_equal(got, want[n++]);
			continue;
		}
		if (got[0] != '\0' && (strncmp(line, "\thost_name=", 11) == 0 ||
					  strncmp(line, "\tcontact_name=", 14) == 0)) {
			snprintf(name, sizeof(name), "%s %s", got, strchr(line, '=') + 1);
			assert_string_equal(name, want[n++]);
			got[0] = '\0';
		}
	}
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	free(text);
}

/* every line is "\tkey=value", a section opening or closing, or blank */
static void
t_line_shapes(void **state)
{
	struct fx *f = *state;
	char *text = render(&f->snap), *p, *nl;
	size_t lines = 0;

	for (p = strstr(text, "info {"); *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_non_null(nl);
		lines++;
		if (nl == p || (nl - p == 2 && p[0] == '\t' && p[1] == '}') || nl[-1] == '{')
			continue;
		assert_int_equal(p[0], '\t');
		assert_true(memchr(p, '=', (size_t)(nl - p)) != NULL);
	}
	assert_true(lines > 400);
	free(text);
}

static void
expect_line(const char *text, const char *head, const char *key, double v, int prec)
{
	char *sec = section(text, head), want[128];

	snprintf(want, sizeof(want), "\t%s=%.*f\n", key, prec, v);
	if (strstr(sec, want) == NULL)
		fail_msg("%s: want %s", head, want);
	free(sec);
}

/* the decimal shortcut prints what printf prints */
static void
t_decimals(void **state)
{
	static const double fixed[] = { 0, 0.0005, 0.0015, 0.0025, 1.0005, 2.0005, 0.125, 0.5,
		12.345, 99.995, 99.9949999, 0.005, 0.015, 1e-9, 999999.9995, 999999999.5, 1e12,
		1e300, 123456.789, 7.5, -0.0, -1.5, -0.0004, 4.35, 0.045 };
	struct fx *f = *state;
	struct svc_state *s = sst(f, "beta", "HTTP");
	struct host_state *h = hst(f, "gamma");
	double saved[4] = { s->c.latency, s->c.percent_state_change, h->c.check_interval,
		h->c.execution_time };
	unsigned seed = 12345;
	size_t i, n = sizeof(fixed) / sizeof(fixed[0]);
	char *text;

	for (i = 0; i < n + 600; i++) {
		double v;

		if (i < n) {
			v = fixed[i];
		} else {
			seed = seed * 1103515245u + 12345u;
			/* ties of 3 and 2 decimals, then any value */
			if (i % 3 == 0)
				v = (double)(seed % 200000) / 1000.0 + 0.0005;
			else if (i % 3 == 1)
				v = (double)(seed % 20000) / 100.0 + 0.005;
			else
				v = (double)seed / 1000.0 / (1 + seed % 7);
		}
		s->c.latency = v;
		s->c.percent_state_change = v;
		h->c.check_interval = v;
		h->c.execution_time = v;
		text = render(&f->snap);
		expect_line(text, "\tservice_description=HTTP\n", "check_latency", v, 3);
		expect_line(text, "\tservice_description=HTTP\n", "percent_state_change", v, 2);
		expect_line(text, "\thost_name=gamma\n", "check_interval", v, 6);
		expect_line(text, "\thost_name=gamma\n", "check_execution_time", v, 3);
		free(text);
	}
	s->c.latency = saved[0];
	s->c.percent_state_change = saved[1];
	h->c.check_interval = saved[2];
	h->c.execution_time = saved[3];
}

/* the integer lines print what printf prints, at every width and sign */
static void
t_integers(void **state)
{
	static const int ints[] = { 0, 1, 9, 10, -1, -10, 99, 100, 12345, INT_MAX, INT_MIN };
	static const unsigned long ulongs[] = { 0, 9, 10, 99, 100, 4294967295UL, ULONG_MAX };
	struct fx *f = *state;
	struct host_state *h = hst(f, "gamma");
	int saved_attempt = h->c.current_attempt;
	unsigned long saved_event = h->c.current_event_id;
	char want[128], *text, *sec;
	size_t i;

	for (i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		h->c.current_attempt = ints[i];
		h->c.current_event_id = ulongs[i % (sizeof(ulongs) / sizeof(ulongs[0]))];
		text = render(&f->snap);
		sec = section(text, "\thost_name=gamma\n");
		snprintf(want, sizeof(want), "\tcurrent_attempt=%d\n", ints[i]);
		if (strstr(sec, want) == NULL)
			fail_msg("want %s", want);
		snprintf(want, sizeof(want), "\tcurrent_event_id=%lu\n", h->c.current_event_id);
		if (strstr(sec, want) == NULL)
			fail_msg("want %s", want);
		free(sec);
		free(text);
	}
	h->c.current_attempt = saved_attempt;
	h->c.current_event_id = saved_event;
}

/* escaping of backslashes and newlines, only in long output */
static void
t_escaping(void **state)
{
	struct fx *f = *state;
	struct svc_state *s = sst(f, "beta", "HTTP");
	char *text, *sec;

	set(&s->c.long_output, "\\\n\n\\\\n end\\");
	set(&s->c.output, "a\\b");
	text = render(&f->snap);
	sec = section(text, "\tservice_description=HTTP\n");
	assert_non_null(strstr(sec, "\tplugin_output=a\\b\n"
				    "\tlong_plugin_output=\\\\\\n\\n\\\\\\\\n end\\\\\n"));
	free(sec);
	free(text);
	set(&s->c.long_output, NULL);
	set(&s->c.output, NULL);
}

static void
t_missing_parts(void **state)
{
	struct fx *f = *state;
	struct snapshot s = f->snap;
	char *text, *buf = NULL;
	size_t len = 0;
	FILE *fp;

	/* no counters, comments or downtimes: Nagios's first ids, no sections */
	s.ids = NULL;
	s.comments = NULL;
	s.downtimes = NULL;
	text = render(&s);
	assert_non_null(strstr(text, "\tnext_event_id=1\n\tnext_problem_id=1\n"));
	assert_null(strstr(text, "comment {"));
	assert_null(strstr(text, "downtime {"));
	free(text);

	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	s = f->snap;
	s.svcs = NULL;
	assert_int_equal(statusdat_fprint(fp, &s), -1);
	s = f->snap;
	s.prog = NULL;
	assert_int_equal(statusdat_fprint(fp, &s), -1);
	fclose(fp);
	assert_int_equal(len, 0);
	free(buf);

	/* a stream that fails (a full disk) */
	fp = fopen("/dev/full", "w");
	if (fp != NULL) {
		setvbuf(fp, NULL, _IONBF, 0);
		assert_int_equal(statusdat_fprint(fp, &f->snap), -1);
		fclose(fp);
	}
}

static void
t_write(void **state)
{
	struct fx *f = *state;
	char path[256], err[512], *text, *file;
	struct stat st;
	mode_t old;
	FILE *fp;
	long n;

	snprintf(path, sizeof(path), "%s/status.dat", tmpdir);
	old = umask(077);
	assert_int_equal(statusdat_write(path, &f->snap, err, sizeof(err)), 0);
	umask(old);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0664);

	text = render(&f->snap);
	fp = fopen(path, "r");
	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	file = calloc(1, (size_t)n + 1);
	assert_int_equal(fread(file, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	assert_string_equal(file, text);
	free(file);
	free(text);

	/* nothing for /dev/null or no path */
	assert_int_equal(statusdat_write("/dev/null", &f->snap, err, sizeof(err)), 0);
	assert_int_equal(statusdat_write(NULL, &f->snap, err, sizeof(err)), 0);

	/* a directory that does not exist: an error naming the file */
	snprintf(path, sizeof(path), "%s/nodir/status.dat", tmpdir);
	err[0] = '\0';
	assert_int_equal(statusdat_write(path, &f->snap, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nodir/status.dat"));
	assert_non_null(strstr(err, "No such file or directory"));
}

/* ---- JAQUE_STATUSDAT_CFG: write the files for the client check ---- */

static int
write_for_clients(const char *cfgpath)
{
	struct fx f;
	const struct objects *o;
	struct state_common *c;
	const char *err = NULL;
	char text[256], msg[1024];
	unsigned long id;
	unsigned i;
	int rc = 1;

	if (fx_open(&f, cfgpath) == -1) {
		fprintf(stderr, "cannot read %s\n", cfgpath);
		goto out;
	}
	o = f.gen.objs;
	f.snap.now = f.prog.program_start = time(NULL);
	for (i = 0; i < o->nhosts; i++) {
		c = &f.hosts[o->hosts[i].id].c;
		c->has_been_checked = 1;
		c->current_state = c->last_hard_state = (int)(i % 3);
		c->state_type = STATE_HARD;
		c->last_check = f.snap.now - 10;
		c->next_check = f.snap.now + 300;
		c->last_state_change = c->last_hard_state_change = f.snap.now - 100;
		snprintf(text, sizeof(text), "jaque host %s state %u", o->hosts[i].name, i % 3);
		set(&c->output, text);
		checkstats_add(&f.prog.stats, CHECKSTATS_ACTIVE_SCHEDULED_HOST, f.snap.now);
		checkstats_add(&f.prog.stats, CHECKSTATS_PARALLEL_HOST, f.snap.now);
	}
	for (i = 0; i < o->nservices; i++) {
		c = &f.svcs[o->services[i].id].c;
		c->has_been_checked = 1;
		c->current_state = c->last_hard_state = (int)(i % 4);
		c->state_type = STATE_HARD;
		c->last_check = f.snap.now - 10;
		c->next_check = f.snap.now + 300;
		c->last_state_change = c->last_hard_state_change = f.snap.now - 100;
		snprintf(text, sizeof(text), "jaque svc %s state %u", o->services[i].description,
		    i % 4);
		set(&c->output, text);
		set(&c->long_output, "second line\nthird \\ line");
		snprintf(text, sizeof(text), "t=%u", i);
		set(&c->perf_data, text);
		checkstats_add(&f.prog.stats, CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, f.snap.now);
	}
	checkstats_add(&f.prog.stats, CHECKSTATS_EXTERNAL_COMMAND, f.snap.now);
	checkstats_add(&f.prog.stats, CHECKSTATS_EXTERNAL_COMMAND, f.snap.now);
	if (o->nhosts < 2 || o->nservices < 1) {
		fprintf(stderr, "need two hosts and a service\n");
		goto out;
	}
	comments_add(f.cs, 0, &f.prog.next_comment_id, COMMENT_USER, o->hosts[0].name, NULL,
	    f.snap.now - 50, "jdoe", "jaque host comment", 1, COMMENT_SOURCE_EXTERNAL, 0, 0);
	comments_add(f.cs, 0, &f.prog.next_comment_id, COMMENT_USER, o->services[0].host->name,
	    o->services[0].description, f.snap.now - 40, "jdoe", "jaque service comment", 0,
	    COMMENT_SOURCE_EXTERNAL, 0, 0);
	if (downtimes_schedule(f.dt, o->hosts[1].name, NULL, f.snap.now - 30, "jdoe",
		"jaque host downtime", f.snap.now - 30, f.snap.now + 3600, 1, 0, 0,
		f.snap.now - 30, &id, &err) == -1 ||
	    downtimes_schedule(f.dt, o->services[o->nservices - 1].host->name,
		o->services[o->nservices - 1].description, f.snap.now, "jdoe",
		"jaque service downtime", f.snap.now + 60, f.snap.now + 7200, 0, 0, 600,
		f.snap.now, &id, &err) == -1) {
		fprintf(stderr, "downtime refused: %s\n", err != NULL ? err : "?");
		goto out;
	}
	downtimes_tick(f.dt, f.snap.now); /* the host downtime starts */
	if (objcache_write(o, f.gen.cfg.object_cache_file, f.snap.now, msg, sizeof(msg)) == -1 ||
	    statusdat_write(f.gen.cfg.status_file, &f.snap, msg, sizeof(msg)) == -1) {
		fprintf(stderr, "%s\n", msg);
		goto out;
	}
	rc = 0;
out:
	fx_close(&f);
	return rc;
}

int
main(void)
{
	const char *cfg = getenv("JAQUE_STATUSDAT_CFG");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_header_info_program, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_downtime_ack, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service, setup, teardown),
		cmocka_unit_test_setup_teardown(t_contacts, setup, teardown),
		cmocka_unit_test_setup_teardown(t_overrides, setup, teardown),
		cmocka_unit_test_setup_teardown(t_comments_downtimes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_order, setup, teardown),
		cmocka_unit_test_setup_teardown(t_line_shapes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_decimals, setup, teardown),
		cmocka_unit_test_setup_teardown(t_integers, setup, teardown),
		cmocka_unit_test_setup_teardown(t_escaping, setup, teardown),
		cmocka_unit_test_setup_teardown(t_missing_parts, setup, teardown),
		cmocka_unit_test_setup_teardown(t_write, setup, teardown),
	};

	if (cfg != NULL && *cfg != '\0')
		return write_for_clients(cfg);
	return cmocka_run_group_tests(tests, NULL, NULL);
}

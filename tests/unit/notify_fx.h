/*
 * notify_fx: the fixture test_notify.c and test_notify_send.c share: a
 * small configuration read through the config loader, states, a fake
 * struct nrun that records commands and log lines, fake dependency and
 * pending-downtime callbacks, and short helpers.  Included by each test
 * file (its functions are static, some unused by one of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TEST_NOTIFY_FX_H
#define JAQUE_TEST_NOTIFY_FX_H

#define FX_FN static __attribute__((unused))

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
#include "engine/notify/notify.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"

#define NOW ((time_t)1700000000)      /* Tue 2023-11-14 22:13:20 UTC */
#define DAY_NEXT ((time_t)1700038800) /* Wed 2023-11-15 09:00:00 UTC */
#define WED10 ((time_t)1700042400)    /* Wed 2023-11-15 10:00:00 UTC */
#define FIRST_ID 100ul

#define MAXRUNS 32
#define MAXLOGS 32

static const char nagios_cfg[] = "log_file=nagios.log\n"
                                 "cfg_file=objects.cfg\n"
                                 "temp_path=.\n"
                                 "check_result_path=.\n"
                                 "status_file=status.dat\n"
                                 "state_retention_file=retention.dat\n"
                                 "object_cache_file=objects.cache\n"
                                 "interval_length=60\n"
                                 "notification_timeout=17\n";

/*
 * Nagios keeps an object's contacts, and a group's members, in the
 * reverse of the order written (objects.cache shows it); the lists here
 * are written so that the model's order is the one asserted below.
 */
static const char objects_cfg[] =
    "define timeperiod {\n timeperiod_name 24x7\n alias all\n sunday 00:00-24:00\n"
    " monday 00:00-24:00\n tuesday 00:00-24:00\n wednesday 00:00-24:00\n"
    " thursday 00:00-24:00\n friday 00:00-24:00\n saturday 00:00-24:00\n}\n"
    "define timeperiod {\n timeperiod_name never\n alias never\n}\n"
    "define timeperiod {\n timeperiod_name day\n alias day\n tuesday 09:00-17:00\n"
    " wednesday 09:00-17:00\n}\n"
    "define command {\n command_name svcnote\n command_line svcnote $CONTACTNAME$ "
    "$NOTIFICATIONTYPE$ $NOTIFICATIONNUMBER$ $SERVICENOTIFICATIONID$ "
    "$NOTIFICATIONISESCALATED$ $NOTIFICATIONRECIPIENTS$\n}\n"
    "define command {\n command_name hostnote\n command_line hostnote $CONTACTNAME$ "
    "$NOTIFICATIONTYPE$ $NOTIFICATIONNUMBER$ $HOSTNOTIFICATIONID$ "
    "$NOTIFICATIONISESCALATED$ $NOTIFICATIONRECIPIENTS$\n}\n"
    "define command {\n command_name acknote\n command_line acknote A=$NOTIFICATIONAUTHOR$ "
    "N=$NOTIFICATIONAUTHORNAME$ L=$NOTIFICATIONAUTHORALIAS$ C=$NOTIFICATIONCOMMENT$ "
    "SA=$SERVICEACKAUTHOR$ SN=$SERVICEACKAUTHORNAME$ SL=$SERVICEACKAUTHORALIAS$ "
    "SC=$SERVICEACKCOMMENT$\n}\n"
    "define command {\n command_name hacknote\n command_line hacknote A=$NOTIFICATIONAUTHOR$ "
    "N=$NOTIFICATIONAUTHORNAME$ HA=$HOSTACKAUTHOR$ HN=$HOSTACKAUTHORNAME$ "
    "HL=$HOSTACKAUTHORALIAS$ HC=$HOSTACKCOMMENT$\n}\n"
    "define command {\n command_name check\n command_line check\n}\n"
    "define contact {\n name ct\n register 0\n host_notification_period 24x7\n"
    " service_notification_period 24x7\n host_notification_commands hostnote\n"
    " service_notification_commands svcnote\n host_notification_options d,u,r,f,s\n"
    " service_notification_options w,u,c,r,f,s\n}\n"
    "define contact {\n use ct\n contact_name ca\n alias Alpha Person\n}\n"
    "define contact {\n use ct\n contact_name cb\n}\n"
    "define contact {\n use ct\n contact_name cc\n}\n"
    "define contact {\n use ct\n contact_name cd\n}\n"
    "define contact {\n use ct\n contact_name ce1\n}\n"
    "define contact {\n use ct\n contact_name ce2\n}\n"
    "define contact {\n use ct\n contact_name ce3\n}\n"
    "define contact {\n use ct\n contact_name cw\n service_notification_options w,r\n"
    " host_notification_options d\n}\n"
    "define contact {\n use ct\n contact_name cf\n service_notification_options c\n"
    " host_notification_options d\n}\n"
    "define contact {\n use ct\n contact_name cnone\n service_notification_options n\n"
    " host_notification_options n\n}\n"
    "define contact {\n use ct\n contact_name chr\n host_notification_options u,r\n}\n"
    "define contact {\n use ct\n contact_name cimp\n minimum_importance 6\n}\n"
    "define contact {\n use ct\n contact_name cack\n host_notification_commands hacknote\n"
    " service_notification_commands acknote\n}\n"
    "define contactgroup {\n contactgroup_name g\n alias g\n members cd,cc,cb\n}\n"
    "define contactgroup {\n contactgroup_name g2\n alias g2\n members cc,ca\n}\n"
    "define host {\n name hb\n register 0\n check_command check\n max_check_attempts 1\n"
    " check_period 24x7\n notification_period 24x7\n notification_interval 60\n"
    " notification_options d,u,r,f,s\n contacts ca\n}\n"
    "define host {\n use hb\n host_name h1\n address 10.0.0.1\n}\n"
    "define host {\n use hb\n host_name h2\n address 10.0.0.2\n"
    " notification_options d,u,r\n}\n"
    "define host {\n use hb\n host_name h3\n address 10.0.0.3\n notification_period day\n}\n"
    "define host {\n use hb\n host_name himp\n address 10.0.0.4\n contacts cimp,ca\n"
    " importance 3\n}\n"
    "define host {\n use hb\n host_name hesc\n address 10.0.0.5\n}\n"
    "define host {\n use hb\n host_name hack\n address 10.0.0.6\n contacts cack\n}\n"
    "define host {\n use hb\n host_name hrec\n address 10.0.0.7\n contacts chr,ca\n}\n"
    "define host {\n use hb\n host_name hzero\n address 10.0.0.8\n"
    " notification_interval 0\n}\n"
    "define service {\n name sb\n register 0\n check_command check\n"
    " max_check_attempts 1\n check_period 24x7\n notification_period 24x7\n"
    " notification_interval 60\n notification_options w,u,c,r,f,s\n contacts ca\n}\n"
    "define service {\n use sb\n host_name h1\n service_description plain\n}\n"
    "define service {\n use sb\n host_name h1\n service_description noflap\n"
    " notification_options w,u,c,r\n}\n"
    "define service {\n use sb\n host_name h1\n service_description copt\n"
    " notification_options c\n}\n"
    "define service {\n use sb\n host_name h1\n service_description delay\n"
    " first_notification_delay 5\n}\n"
    "define service {\n use sb\n host_name h1\n service_description zero\n"
    " notification_interval 0\n}\n"
    "define service {\n use sb\n host_name h1\n service_description vol\n"
    " notification_interval 0\n is_volatile 1\n}\n"
    "define service {\n use sb\n host_name h1\n service_description own\n"
    " notification_period day\n}\n"
    "define service {\n use sb\n host_name h1\n service_description nevr\n"
    " notification_period never\n}\n"
    "define service {\n use sb\n host_name h1\n service_description grp\n contacts cb,ca\n"
    " contact_groups g,g2\n}\n"
    "define service {\n use sb\n host_name h1\n service_description filt\n"
    " contacts cnone,cf,cw,ca\n}\n"
    "define service {\n use sb\n host_name hack\n service_description ack\n contacts cack\n}\n"
    "define service {\n use sb\n host_name h3\n service_description inh\n"
    " notification_period null\n}\n"
    "define service {\n use sb\n host_name himp\n service_description imp\n"
    " contacts cimp,ca\n importance 5\n}\n"
    "define service {\n use sb\n host_name h1\n service_description esc1\n}\n"
    "define service {\n use sb\n host_name h1\n service_description esc2\n}\n"
    "define service {\n use sb\n host_name h1\n service_description esc3\n}\n"
    "define service {\n use sb\n host_name h1\n service_description esc4\n}\n"
    "define service {\n use sb\n host_name h1\n service_description esc5\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc1\n"
    " first_notification 2\n last_notification 3\n notification_interval 30\n contacts ce1\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc2\n"
    " first_notification 1\n last_notification 0\n notification_interval 30\n"
    " escalation_options w,r\n contacts ce1\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc3\n"
    " first_notification 1\n last_notification 0\n notification_interval 30\n"
    " escalation_period never\n contacts ce1\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc3\n"
    " first_notification 1\n last_notification 0\n notification_interval 30\n"
    " escalation_period 24x7\n contacts ce2\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc4\n"
    " first_notification 1\n last_notification 0\n notification_interval 45\n contacts ce1\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc4\n"
    " first_notification 1\n last_notification 0\n notification_interval 15\n contacts ce2\n}\n"
    "define serviceescalation {\n host_name h1\n service_description esc5\n"
    " first_notification 1\n last_notification 0\n notification_interval -1\n contacts ce1\n}\n"
    "define hostescalation {\n host_name hesc\n first_notification 2\n last_notification 3\n"
    " notification_interval 30\n contacts ce1\n}\n";

/* one command the notifier asked to run */
struct run {
	enum nrun_kind kind;
	char *cmdline;
	double timeout;
	char *env_type; /* the NAGIOS_NOTIFICATIONTYPE entry, or NULL */
	nrun_done_fn *done;
	void *done_arg;
};

struct logl {
	time_t t;
	char *line;
};

static struct {
	char dir[64];
	struct config_gen gen;
	struct host_state *hs;
	struct svc_state *ss;
	struct contact_state *cs;
	struct macro_globals globals;
	struct macro_ctx base;
	struct notify_env env;
	unsigned long next_id;
	struct nrun nr;
	struct notifier *n;
	/* the fake nrun */
	struct run runs[MAXRUNS];
	int nruns;
	int ndone; /* runs[0 .. ndone) have been ended */
	int run_fails;
	struct logl logs[MAXLOGS];
	int nlogs;
	/* the fake callbacks */
	int dep_answer;
	int dep_calls;
	const struct obj_host *dep_h;
	const struct obj_service *dep_s;
	time_t dep_now;
	int flex_svc;
	int flex_host;
	int flex_calls;
	time_t flex_now;
} F;

/* ---- fakes ---- */

FX_FN int
fake_run(void *arg, enum nrun_kind kind, const char *cmdline, char *const *env, double timeout,
    nrun_done_fn *done, void *done_arg)
{
	struct run *r;
	unsigned i;

	assert_ptr_equal(arg, &F);
	assert_true(F.nruns < MAXRUNS);
	if (F.run_fails)
		return -1;
	r = &F.runs[F.nruns++];
	r->kind = kind;
	r->cmdline = strdup(cmdline);
	r->timeout = timeout;
	r->env_type = NULL;
	for (i = 0; env != NULL && env[i] != NULL; i++)
		if (strncmp(env[i], "NAGIOS_NOTIFICATIONTYPE=", 24) == 0)
			r->env_type = strdup(env[i]);
	r->done = done;
	r->done_arg = done_arg;
	return 0;
}

FX_FN void
fake_log(void *arg, time_t t, const char *line)
{
	assert_ptr_equal(arg, &F);
	assert_true(F.nlogs < MAXLOGS);
	F.logs[F.nlogs].t = t;
	F.logs[F.nlogs].line = strdup(line);
	F.nlogs++;
}

FX_FN int
fake_dep_failed(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	assert_ptr_equal(arg, &F);
	F.dep_calls++;
	F.dep_h = h;
	F.dep_s = s;
	F.dep_now = now;
	return F.dep_answer;
}

FX_FN int
fake_pending_flex(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	assert_ptr_equal(arg, &F);
	assert_non_null(h);
	F.flex_calls++;
	F.flex_now = now;
	return s != NULL ? F.flex_svc : F.flex_host;
}

/* end every command not ended yet with status (0 ran, 1 timed out, -1 not run) */
FX_FN void
finish_runs(int status)
{
	struct nrun_result r;

	r.status = status;
	r.exit_code = 0;
	r.out = "";
	for (; F.ndone < F.nruns; F.ndone++)
		F.runs[F.ndone].done(F.runs[F.ndone].done_arg, &r);
}

/* ---- fixture ---- */

FX_FN void
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

FX_FN void
drop(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", F.dir, name);
	unlink(path);
}

FX_FN int
group_setup(void **state)
{
	struct diag *d = diag_new(NULL);
	char path[128];

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	snprintf(F.dir, sizeof(F.dir), "/tmp/jaque-notify-XXXXXX");
	assert_non_null(mkdtemp(F.dir));
	put("nagios.cfg", nagios_cfg);
	put("objects.cfg", objects_cfg);
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
	F.cs = calloc(F.gen.objs->ncontacts, sizeof(*F.cs));
	assert_non_null(F.hs);
	assert_non_null(F.ss);
	assert_non_null(F.cs);
	F.nr.arg = &F;
	F.nr.run = fake_run;
	F.nr.log = fake_log;
	F.n = notifier_new(F.gen.objs, &F.nr);
	assert_non_null(F.n);
	return 0;
}

FX_FN int
group_teardown(void **state)
{
	unsigned i;

	(void)state;
	notifier_free(F.n);
	for (i = 0; i < F.gen.objs->nhosts; i++)
		state_host_clear(&F.hs[i]);
	for (i = 0; i < F.gen.objs->nservices; i++)
		state_svc_clear(&F.ss[i]);
	for (i = 0; i < F.gen.objs->ncontacts; i++)
		state_contact_clear(&F.cs[i]);
	free(F.hs);
	free(F.ss);
	free(F.cs);
	config_gen_free(&F.gen);
	drop("nagios.cfg");
	drop("objects.cfg");
	rmdir(F.dir);
	return 0;
}

FX_FN void
set_str(char **slot, const char *s)
{
	state_set_str(slot, s, strlen(s));
}

/*
 * Before each test: every host UP (HARD, checked), every service OK
 * (HARD, checked), contacts as configured, notifications on, no fake
 * answering yes, nothing recorded.
 */
FX_FN int
setup(void **state)
{
	const struct objects *o = F.gen.objs;
	unsigned i;

	(void)state;
	for (i = 0; i < o->nhosts; i++) {
		state_host_clear(&F.hs[i]);
		state_host_init(&F.hs[i], &o->hosts[i]);
		F.hs[i].c.state_type = STATE_HARD;
		F.hs[i].c.has_been_checked = 1;
		set_str(&F.hs[i].c.output, "host fine");
	}
	for (i = 0; i < o->nservices; i++) {
		state_svc_clear(&F.ss[i]);
		state_svc_init(&F.ss[i], &o->services[i]);
		F.ss[i].c.state_type = STATE_HARD;
		F.ss[i].c.has_been_checked = 1;
		set_str(&F.ss[i].c.output, "fine");
	}
	for (i = 0; i < o->ncontacts; i++) {
		state_contact_clear(&F.cs[i]);
		state_contact_init(&F.cs[i], &o->contacts[i]);
	}
	F.gen.cfg.enable_notifications = 1;
	F.gen.cfg.log_notifications = 1;
	F.gen.cfg.interval_length = 60;
	F.gen.cfg.notification_timeout = 17;
	F.gen.cfg.enable_environment_macros = 0;
	memset(&F.globals, 0, sizeof(F.globals));
	F.globals.program_start = NOW - 86400;
	F.globals.version = "4.4.6";
	memset(&F.base, 0, sizeof(F.base));
	F.base.cfg = &F.gen.cfg;
	F.base.objs = o;
	F.base.hstates = F.hs;
	F.base.sstates = F.ss;
	F.base.cstates = F.cs;
	F.base.globals = &F.globals;
	F.next_id = FIRST_ID;
	memset(&F.env, 0, sizeof(F.env));
	F.env.base = &F.base;
	F.env.cstates = F.cs;
	F.env.next_notification_id = &F.next_id;
	F.env.program_start = NOW - 86400;
	F.env.arg = &F;
	F.env.dep_failed = fake_dep_failed;
	F.env.pending_flex = fake_pending_flex;
	F.nruns = F.ndone = F.run_fails = 0;
	F.nr.remote_takes = NULL;
	F.nr.remote = NULL;
	F.nlogs = 0;
	F.dep_answer = F.dep_calls = 0;
	F.dep_h = NULL;
	F.dep_s = NULL;
	F.dep_now = 0;
	F.flex_svc = F.flex_host = F.flex_calls = 0;
	F.flex_now = 0;
	return 0;
}

FX_FN int
teardown(void **state)
{
	int i;

	(void)state;
	finish_runs(0);
	for (i = 0; i < F.nruns; i++) {
		free(F.runs[i].cmdline);
		free(F.runs[i].env_type);
	}
	for (i = 0; i < F.nlogs; i++)
		free(F.logs[i].line);
	F.nruns = F.ndone = F.nlogs = 0;
	return 0;
}

/* ---- helpers ---- */

FX_FN const struct obj_service *
svc(const char *h, const char *d)
{
	const struct obj_service *s = objects_find_service(F.gen.objs, h, d);

	assert_non_null(s);
	return s;
}

FX_FN const struct obj_host *
host(const char *name)
{
	const struct obj_host *h = objects_find_host(F.gen.objs, name);

	assert_non_null(h);
	return h;
}

FX_FN const struct obj_contact *
contact(const char *name)
{
	const struct obj_contact *c = objects_find_contact(F.gen.objs, name);

	assert_non_null(c);
	return c;
}

FX_FN const struct obj_timeperiod *
period(const char *name)
{
	const struct obj_timeperiod *tp = objects_find_timeperiod(F.gen.objs, name);

	assert_non_null(tp);
	return tp;
}

FX_FN struct svc_state *
sst(const char *h, const char *d)
{
	return &F.ss[svc(h, d)->id];
}

FX_FN struct host_state *
hst(const char *name)
{
	return &F.hs[host(name)->id];
}

FX_FN struct contact_state *
cst(const char *name)
{
	return &F.cs[contact(name)->id];
}

/* a hard service state with output out (a problem changed an hour ago) */
FX_FN struct svc_state *
svc_in(const char *h, const char *d, int state, const char *out)
{
	struct svc_state *st = sst(h, d);

	st->c.current_state = state;
	st->c.last_state = state;
	st->c.last_hard_state = state;
	st->c.state_type = STATE_HARD;
	st->c.last_hard_state_change = NOW - 3600;
	set_str(&st->c.output, out);
	return st;
}

FX_FN struct host_state *
host_in(const char *name, int state, const char *out)
{
	struct host_state *st = hst(name);

	st->c.current_state = state;
	st->c.last_state = state;
	st->c.last_hard_state = state;
	st->c.state_type = STATE_HARD;
	st->c.last_hard_state_change = NOW - 3600;
	set_str(&st->c.output, out);
	return st;
}

FX_FN int
nsvc_at(const char *h, const char *d, enum notify_type type, const char *author,
    const char *comment, unsigned options, time_t now)
{
	return notify_service(F.n, &F.env, svc(h, d), sst(h, d), type, author, comment, options,
	    now);
}

FX_FN int
nsvc(const char *h, const char *d, enum notify_type type, const char *author, const char *comment,
    unsigned options)
{
	return nsvc_at(h, d, type, author, comment, options, NOW);
}

FX_FN int
nhost_at(const char *h, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now)
{
	return notify_host(F.n, &F.env, host(h), hst(h), type, author, comment, options, now);
}

FX_FN int
nhost(const char *h, enum notify_type type, const char *author, const char *comment,
    unsigned options)
{
	return nhost_at(h, type, author, comment, options, NOW);
}

#define RUN(i) (F.runs[(i)].cmdline)
#define LOG(i) (F.logs[(i)].line)

/* ---- the program-wide switches ---- */

/* FORCED passes every object and contact filter */

#endif

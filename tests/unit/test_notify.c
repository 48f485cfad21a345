/*
 * test_notify: host and service notifications (engine/notify/notify.c)
 * against Nagios 4.4.6's base/notifications.c, one rule per test.
 *
 * The objects come from a small configuration read with config_read; the
 * states are set by hand before each call.  A fake struct nrun records
 * every command (kind, expanded command line, timeout) and every
 * nagios.log line; the commands' ends are delivered by the test, so it
 * can say a command timed out.  The dependency and pending flexible
 * downtime callbacks are fakes whose answers the test sets.  Time is
 * NOW, a Tuesday at 22:13:20 UTC, so the "day" period (Tuesday and
 * Wednesday 09:00-17:00) is out and its next start is Wednesday 09:00.
 *
 * Where the expected values were not plain from the source they were
 * taken from Debian's nagios4 4.4.6 fed passive results and external
 * commands: the order of $NOTIFICATIONRECIPIENTS$ and of the commands
 * (the list is built by prepending: the last added is notified first),
 * the order escalations are walked in (their per-object list is built by
 * prepending too), the author macros (find_contact_by_name_or_alias only
 * finds a contact named so whose alias is also that name), the
 * next_notification of a period with no valid time (the current time),
 * and escalation intervals <= 0 (stored as 0).
 *
 * Tests marked QUIRK pin a Nagios 4.4.6 oddity that notify.c copies on
 * purpose; each says where Nagios does it.
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

static int
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

static void
fake_log(void *arg, time_t t, const char *line)
{
	assert_ptr_equal(arg, &F);
	assert_true(F.nlogs < MAXLOGS);
	F.logs[F.nlogs].t = t;
	F.logs[F.nlogs].line = strdup(line);
	F.nlogs++;
}

static int
fake_dep_failed(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	assert_ptr_equal(arg, &F);
	F.dep_calls++;
	F.dep_h = h;
	F.dep_s = s;
	F.dep_now = now;
	return F.dep_answer;
}

static int
fake_pending_flex(void *arg, const struct obj_host *h, const struct obj_service *s, time_t now)
{
	assert_ptr_equal(arg, &F);
	assert_non_null(h);
	F.flex_calls++;
	F.flex_now = now;
	return s != NULL ? F.flex_svc : F.flex_host;
}

/* end every command not ended yet with status (0 ran, 1 timed out, -1 not run) */
static void
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

static int
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

static void
set_str(char **slot, const char *s)
{
	state_set_str(slot, s, strlen(s));
}

/*
 * Before each test: every host UP (HARD, checked), every service OK
 * (HARD, checked), contacts as configured, notifications on, no fake
 * answering yes, nothing recorded.
 */
static int
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
	F.nlogs = 0;
	F.dep_answer = F.dep_calls = 0;
	F.dep_h = NULL;
	F.dep_s = NULL;
	F.dep_now = 0;
	F.flex_svc = F.flex_host = F.flex_calls = 0;
	F.flex_now = 0;
	return 0;
}

static int
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

static const struct obj_service *
svc(const char *h, const char *d)
{
	const struct obj_service *s = objects_find_service(F.gen.objs, h, d);

	assert_non_null(s);
	return s;
}

static const struct obj_host *
host(const char *name)
{
	const struct obj_host *h = objects_find_host(F.gen.objs, name);

	assert_non_null(h);
	return h;
}

static const struct obj_contact *
contact(const char *name)
{
	const struct obj_contact *c = objects_find_contact(F.gen.objs, name);

	assert_non_null(c);
	return c;
}

static const struct obj_timeperiod *
period(const char *name)
{
	const struct obj_timeperiod *tp = objects_find_timeperiod(F.gen.objs, name);

	assert_non_null(tp);
	return tp;
}

static struct svc_state *
sst(const char *h, const char *d)
{
	return &F.ss[svc(h, d)->id];
}

static struct host_state *
hst(const char *name)
{
	return &F.hs[host(name)->id];
}

static struct contact_state *
cst(const char *name)
{
	return &F.cs[contact(name)->id];
}

/* a hard service state with output out (a problem changed an hour ago) */
static struct svc_state *
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

static struct host_state *
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

static int
nsvc_at(const char *h, const char *d, enum notify_type type, const char *author,
    const char *comment, unsigned options, time_t now)
{
	return notify_service(F.n, &F.env, svc(h, d), sst(h, d), type, author, comment, options,
	    now);
}

static int
nsvc(const char *h, const char *d, enum notify_type type, const char *author, const char *comment,
    unsigned options)
{
	return nsvc_at(h, d, type, author, comment, options, NOW);
}

static int
nhost_at(const char *h, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now)
{
	return notify_host(F.n, &F.env, host(h), hst(h), type, author, comment, options, now);
}

static int
nhost(const char *h, enum notify_type type, const char *author, const char *comment,
    unsigned options)
{
	return nhost_at(h, type, author, comment, options, NOW);
}

#define RUN(i) (F.runs[(i)].cmdline)
#define LOG(i) (F.logs[(i)].line)

/* ---- the program-wide switches ---- */

/* FORCED passes every object and contact filter */
static void
t_forced(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct contact_state *ca = cst("ca");

	(void)state;
	F.gen.cfg.enable_notifications = 0;
	st->c.notifications_enabled = 0;
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	st->c.scheduled_downtime_depth = 1;
	st->c.no_more_notifications = 1;
	st->c.next_notification = NOW + 600;
	st->c.notification_period = period("never");
	ca->service_notifications_enabled = 0;
	ca->service_notification_period = period("never");
	F.dep_answer = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(st->c.current_notification_number, 1);
	/* the filters were not even asked */
	assert_int_equal(F.dep_calls, 0);
	assert_int_equal(F.flex_calls, 0);

	/* a forced custom notification during downtime */
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hi", NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "svcnote ca CUSTOM 1 101 0 ca");

	/* the same for a host */
	host_in("h1", OBJ_HOST_DOWN, "down");
	hst("h1")->c.notifications_enabled = 0;
	ca->host_notifications_enabled = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(2), "hostnote ca PROBLEM 1 102 0 ca");
}

/* enable_notifications 0 stops every kind; nothing is changed */
static void
t_global_switch(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	F.gen.cfg.enable_notifications = 0;
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "a", "c", 0), -1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.nlogs, 0);
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.next_notification, 7);
	assert_int_equal(F.next_id, FIRST_ID);
}

/* ---- the object-level filters ---- */

/* outside its own period a NORMAL one moves next_notification to the next valid time */
static void
t_period_own(void **state)
{
	struct svc_state *st = svc_in("h1", "own", OBJ_STATE_CRITICAL, "boom");
	struct host_state *h3;

	(void)state;
	st->c.next_notification = 7;
	/* other kinds are refused without touching it */
	assert_int_equal(nsvc("h1", "own", NOTIFY_ACKNOWLEDGEMENT, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "own", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(st->c.next_notification, 7);
	assert_int_equal(nsvc("h1", "own", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, DAY_NEXT);
	assert_int_equal(F.nruns, 0);
	/* within the period it goes */
	assert_int_equal(nsvc_at("h1", "own", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 1);
	assert_int_equal(st->c.next_notification, WED10 + 3600);

	/* hosts alike */
	h3 = host_in("h3", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h3", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(h3->c.next_notification, DAY_NEXT);
	assert_int_equal(nhost_at("h3", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 2);
}

/*
 * A service without a period of its own (notification_period null stops
 * the host's being copied in at configuration time) is held to its
 * host's period at run time; next_notification is looked up in its own
 * (none), which Nagios's get_next_valid_time answers with the time given.
 */
static void
t_period_inherited(void **state)
{
	struct svc_state *st = svc_in("h3", "inh", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_null(svc("h3", "inh")->cfg->notification_period);
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h3", "inh", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(F.nruns, 0);
	st->c.next_notification = 0;
	assert_int_equal(nsvc_at("h3", "inh", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 1);
}

/* a run-time override of the period (CHANGE_SVC_NOTIFICATION_TIMEPERIOD) applies */
static void
t_period_override(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	st->c.notification_period = period("day");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, DAY_NEXT);
	assert_int_equal(F.nruns, 0);
}

/*
 * QUIRK: a period with no valid time at all.  Nagios's
 * _get_next_valid_time gives up after 300 days and returns the time it
 * was given (base/utils.c, "if (depth == max_depth) *valid_time =
 * pref_time"), so next_notification becomes now; seen in status.dat of
 * nagios4 4.4.6.  notify.c sets now + one year (notify.c nt_viable,
 * "next == (time_t)-1 || next == 0 ? now + 60 * 60 * 24 * 365").
 */
static void
t_period_never(void **state)
{
	struct svc_state *st = svc_in("h1", "nevr", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h1", "nevr", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(st->c.next_notification, NOW);
}

/* the object's switch (ENABLE/DISABLE_SVC_NOTIFICATIONS) */
static void
t_object_switch(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht;

	(void)state;
	st->c.notifications_enabled = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	ht = host_in("h1", OBJ_HOST_DOWN, "down");
	ht->c.notifications_enabled = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	ht->c.notifications_enabled = 1;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
}

/* ---- CUSTOM ---- */

/* a custom one ignores state, soft, ack, flapping; downtime of the object or its host stops it */
static void
t_custom(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	st->c.no_more_notifications = 1;
	st->c.next_notification = NOW + 600;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca CUSTOM 0 100 0 ca");
	/* not counted, no times changed */
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.last_notification, 0);
	assert_int_equal(st->c.next_notification, NOW + 600);
	assert_int_equal(st->c.notified_on, 0);

	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	/* a host's own downtime stops a host custom one */
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	assert_int_equal(F.nruns, 1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "hello", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca CUSTOM 0 101 0 ca");
}

/* contacts of a custom one: switch, then period, then anyone (whatever their options) */
static void
t_custom_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 4);
	/* cnone takes no service notification option at all */
	assert_string_equal(RUN(0), "svcnote cnone CUSTOM 0 100 0 ca,cw,cf,cnone");
	assert_string_equal(RUN(3), "svcnote ca CUSTOM 0 100 0 ca,cw,cf,cnone");

	cst("cw")->service_notifications_enabled = 0;
	cst("cf")->service_notification_period = period("never");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 6);
	assert_string_equal(RUN(4), "svcnote cnone CUSTOM 0 101 0 ca,cnone");
	assert_string_equal(RUN(5), "svcnote ca CUSTOM 0 101 0 ca,cnone");
	/* the contact's host switch and period do not matter to services */
	cst("ca")->host_notifications_enabled = 0;
	cst("ca")->host_notification_period = period("never");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 7);
	/* and the other way round */
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 7);
}

/* ---- ACKNOWLEDGEMENT ---- */

/* not when OK; an acknowledged problem is what it is for */
static void
t_ack(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), -1);
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), -1);
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	st->c.problem_has_been_acknowledged = 1;
	st->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca ACKNOWLEDGEMENT 1 100 0 ca");
	assert_int_equal(st->c.current_notification_number, 1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	ht->c.problem_has_been_acknowledged = 1;
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca ACKNOWLEDGEMENT 0 101 0 ca");
}

/* an acknowledgement goes to contacts that take the current state */
static void
t_ack_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_ACKNOWLEDGEMENT, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote cf ACKNOWLEDGEMENT 0 100 0 ca,cf");
	assert_string_equal(RUN(1), "svcnote ca ACKNOWLEDGEMENT 0 100 0 ca,cf");
}

/* the author and comment macros, for an author that is a contact's name and alias */
static void
t_ack_macros(void **state)
{
	(void)state;
	/* cb has no alias of its own: its alias is its name */
	svc_in("hack", "ack", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "cb", "seen it", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0),
	    "acknote A=cb N=cb L=cb C=seen it SA=cb SN=cb SL=cb SC=seen it");
	/* the ACK family is for acknowledgements only */
	assert_int_equal(nsvc("hack", "ack", NOTIFY_CUSTOM, "cb", "note", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "acknote A=cb N=cb L=cb C=note SA= SN= SL= SC=");
	/* an author that is nobody */
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "nobody", NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(2), "acknote A=nobody N= L= C= SA=nobody SN= SL= SC=");
	/* hosts: the HOSTACK family */
	host_in("hack", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("hack", NOTIFY_ACKNOWLEDGEMENT, "cb", "seen", 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hacknote A=cb N=cb HA=cb HN=cb HL=cb HC=seen");
}

/*
 * QUIRK: Nagios 4.4.6's find_contact_by_name_or_alias
 * (base/notifications.c, lines 36-46) returns NULL when no contact has
 * the name, and otherwise the first contact whose alias is the name:
 * ca (alias "Alpha Person") named as "ca" or as "Alpha Person" is not
 * found, so the NAME and ALIAS macros stay empty (nagios4 4.4.6 agrees).
 * notify.c nt_find_author finds by name, then by alias.
 */
static void
t_ack_macros_alias(void **state)
{
	(void)state;
	svc_in("hack", "ack", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "ca", "one", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "acknote A=ca N= L= C=one SA=ca SN= SL= SC=one");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "Alpha Person", "two", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1),
	    "acknote A=Alpha Person N= L= C=two SA=Alpha Person SN= SL= SC=two");
}

/* ---- FLAPPING* ---- */

static void
t_flapping(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = hst("h1");

	(void)state;
	/* the object must take f */
	svc_in("h1", "noflap", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	/* soft, acknowledged and flapping do not matter */
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGDISABLED, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(0), "svcnote ca FLAPPINGSTART 0 100 0 ca");
	assert_string_equal(RUN(1), "svcnote ca FLAPPINGSTOP 0 101 0 ca");
	assert_string_equal(RUN(2), "svcnote ca FLAPPINGDISABLED 0 102 0 ca");
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.last_notification, 0);
	/* downtime of the service or of its host stops it */
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, NULL, NULL, 0), -1);
	/* hosts: option f, own downtime */
	assert_int_equal(nhost("h1", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h2", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 3);
	assert_int_equal(nhost("h1", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hostnote ca FLAPPINGSTART 0 103 0 ca");
}

/* a flapping notification goes to the contacts that take f */
static void
t_flapping_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca FLAPPINGSTART 0 100 0 ca");
	/* hosts: chr takes u and r only */
	host_in("hrec", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("hrec", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca FLAPPINGSTART 0 101 0 ca");
}

/* ---- DOWNTIME* ---- */

static void
t_downtime(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	/* only the service's own downtime stops it, not its host's */
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMECANCELLED, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(0), "svcnote ca DOWNTIMESTART 0 100 0 ca");
	assert_string_equal(RUN(1), "svcnote ca DOWNTIMEEND 0 101 0 ca");
	assert_string_equal(RUN(2), "svcnote ca DOWNTIMECANCELLED 0 102 0 ca");
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	/* hosts: option s, own downtime */
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h2", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 3);
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hostnote ca DOWNTIMEEND 0 103 0 ca");
	assert_int_equal(st->c.current_notification_number, 0);
}

/* a downtime notification goes to the contacts that take s */
static void
t_downtime_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_WARNING, "meh");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca DOWNTIMESTART 0 100 0 ca");
}

/* ---- NORMAL ---- */

static void
t_normal_soft(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.state_type = STATE_SOFT;
	ht->c.state_type = STATE_SOFT;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.next_id, FIRST_ID);
}

static void
t_normal_acknowledged(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.problem_has_been_acknowledged = 1;
	ht->c.problem_has_been_acknowledged = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
}

/* failed notification dependencies, asked with the object and the time */
static void
t_normal_dependencies(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	F.dep_answer = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.dep_calls, 1);
	assert_ptr_equal(F.dep_h, host("h1"));
	assert_ptr_equal(F.dep_s, svc("h1", "plain"));
	assert_int_equal(F.dep_now, NOW);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.dep_calls, 2);
	assert_ptr_equal(F.dep_h, host("h2"));
	assert_null(F.dep_s);
	assert_int_equal(F.nruns, 0);
	/* not asked for other kinds */
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.dep_calls, 2);
	F.dep_answer = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* no callback: no dependencies */
	F.env.dep_failed = NULL;
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
}

/* notification_options per state: copt takes c only */
static void
t_normal_options(void **state)
{
	struct svc_state *st;

	(void)state;
	svc_in("h1", "copt", OBJ_STATE_WARNING, "meh");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	svc_in("h1", "copt", OBJ_STATE_UNKNOWN, "huh");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	st = svc_in("h1", "copt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* no r: no recovery, even after a notified problem */
	svc_in("h1", "copt", OBJ_STATE_OK, "fine");
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_CRITICAL);
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	/* hosts: h2 takes d, u and r */
	host_in("h2", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca PROBLEM 1 101 0 ca");
}

/* a recovery only after a problem was notified; then it says RECOVERY */
static void
t_normal_recovery(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("h1", OBJ_HOST_UP, "up");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	st->c.notified_on = OBJ_OPT_CRITICAL;
	st->c.current_notification_number = 2;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 3 100 0 ca");
	/* the OK bit is added as any other */
	assert_int_equal(st->c.notified_on, (int)(OBJ_OPT_CRITICAL | OBJ_OPT_OK));
	ht->c.notified_on = OBJ_OPT_DOWN;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca RECOVERY 1 101 0 ca");
}

/*
 * The contact's recovery rule: a service recovery goes to a contact told
 * of one of the states it takes (notified_on & its options), a host
 * recovery to any contact that takes r once anything was notified.
 */
static void
t_normal_recovery_contacts(void **state)
{
	struct svc_state *st = svc_in("h1", "filt", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("hrec", OBJ_HOST_UP, "up");

	(void)state;
	/* cw takes w and r, cf takes c but not r */
	st->c.notified_on = OBJ_OPT_CRITICAL;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 1 100 0 ca");
	st->c.notified_on = OBJ_OPT_CRITICAL | OBJ_OPT_WARNING;
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(1), "svcnote cw RECOVERY 1 101 0 ca,cw");
	assert_string_equal(RUN(2), "svcnote ca RECOVERY 1 101 0 ca,cw");
	/* chr takes u and r: told of a DOWN it did not take, it still gets the recovery */
	ht->c.notified_on = OBJ_OPT_DOWN;
	assert_int_equal(nhost("hrec", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(3), "hostnote chr RECOVERY 1 102 0 ca,chr");
	assert_string_equal(RUN(4), "hostnote ca RECOVERY 1 102 0 ca,chr");
}

/* the contacts' per-state options for problems */
static void
t_normal_contact_options(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote cf PROBLEM 1 100 0 ca,cf");
	assert_string_equal(RUN(1), "svcnote ca PROBLEM 1 100 0 ca,cf");
	svc_in("h1", "filt", OBJ_STATE_WARNING, "meh");
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(2), "svcnote cw PROBLEM 2 101 0 ca,cw");
	/* contact switch and contact period */
	cst("cw")->service_notifications_enabled = 0;
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(4), "svcnote ca PROBLEM 3 102 0 ca");
	cst("ca")->service_notification_period = period("day");
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	/* nobody was told: the number is given back */
	assert_int_equal(sst("h1", "filt")->c.current_notification_number, 3);
}

/* first_notification_delay counts from the last hard change, or from program start */
static void
t_normal_first_delay(void **state)
{
	struct svc_state *st = svc_in("h1", "delay", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	/* 5 * interval_length 60 = 300 s */
	st->c.last_hard_state_change = NOW - 299;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	st->c.last_hard_state_change = NOW - 300;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* never changed: program start */
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	st->c.last_hard_state_change = 0;
	F.env.program_start = NOW - 299;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	F.env.program_start = NOW - 300;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* only the first notification of a problem waits */
	st->c.next_notification = 0;
	st->c.last_hard_state_change = NOW - 10;
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	/* a recovery does not wait */
	svc_in("h1", "delay", OBJ_STATE_OK, "fine");
	st->c.last_hard_state_change = NOW - 10;
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "svcnote ca RECOVERY 1 103 0 ca");
}

static void
t_normal_flapping(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.is_flapping = 1;
	ht->c.is_flapping = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
}

/* downtime of the object, and of a service's host */
static void
t_normal_downtime(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = hst("h1");

	(void)state;
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 2;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* a service's interval 60: next_notification is left alone */
	assert_int_equal(st->c.next_notification, 0);
}

/*
 * Blocked in downtime (its own or its host's) with notification_interval
 * 0, a service is allowed again at once, so a problem that outlasts the
 * downtime is still notified (service_notification in Nagios).  Hosts
 * do not get this.
 */
static void
t_normal_downtime_interval0(void **state)
{
	struct svc_state *st = svc_in("h1", "zero", OBJ_STATE_CRITICAL, "boom");
	struct host_state *hz = host_in("hzero", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.scheduled_downtime_depth = 1;
	st->c.next_notification = 5;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	st->c.scheduled_downtime_depth = 0;
	st->c.next_notification = 5;
	hst("h1")->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	hz->c.scheduled_downtime_depth = 1;
	hz->c.next_notification = 5;
	assert_int_equal(nhost("hzero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(hz->c.next_notification, 5);
	assert_int_equal(F.nruns, 0);
}

/* a pending flexible downtime of the service or of its host; hosts are not asked */
static void
t_normal_pending_flex(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	F.flex_svc = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.flex_now, NOW);
	F.flex_svc = 0;
	F.flex_host = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* Nagios 4.4.6 does not look at a host's own pending flexible downtime */
	F.flex_calls = 0;
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.flex_calls, 0);
	assert_int_equal(F.nruns, 1);
	F.flex_host = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* no callback: none pending */
	F.env.pending_flex = NULL;
	svc_in("h1", "noflap", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
}

/* interval 0: one notification per problem (unless volatile) */
static void
t_normal_no_more(void **state)
{
	struct svc_state *st = svc_in("h1", "zero", OBJ_STATE_CRITICAL, "boom");
	struct svc_state *sv = svc_in("h1", "vol", OBJ_STATE_CRITICAL, "boom");
	struct host_state *hz = host_in("hzero", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.no_more_notifications, 1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(nsvc_at("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3600), -1);
	assert_int_equal(F.nruns, 1);
	/* a volatile service keeps going */
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(sv->c.no_more_notifications, 0);
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	/* hosts */
	assert_int_equal(nhost("hzero", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(hz->c.no_more_notifications, 1);
	assert_int_equal(nhost_at("hzero", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 60), -1);
	assert_int_equal(F.nruns, 4);
	/* the flag set from outside works the same */
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom")->c.no_more_notifications = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 4);
}

/* a service is not notified while its host is hard DOWN or UNREACHABLE */
static void
t_normal_host_down(void **state)
{
	struct host_state *ht;

	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	ht = host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	host_in("h1", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* a soft host problem does not count */
	ht->c.state_type = STATE_SOFT;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* other kinds are not held back */
	ht->c.state_type = STATE_HARD;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
}

/* next_notification holds re-notifications back, except for volatile services */
static void
t_normal_next_notification(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct svc_state *sv = svc_in("h1", "vol", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.next_notification = NOW + 1;
	sv->c.next_notification = NOW + 1;
	ht->c.next_notification = NOW + 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* at next_notification itself it goes */
	st->c.next_notification = NOW;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
}

/* ---- numbers, ids, times ---- */

/* NORMAL counts; INCREMENT makes another kind count; nobody told gives it back */
static void
t_number(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_string_equal(RUN(2), "svcnote ca CUSTOM 2 102 0 ca");
	/* no contact: the number goes back, the id stays used, nothing else moves */
	cst("ca")->service_notifications_enabled = 0;
	st->c.next_notification = 0;
	st->c.last_notification = 0;
	st->c.notified_on = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_int_equal(st->c.current_notification_id, 103);
	assert_int_equal(F.next_id, 104);
	assert_int_equal(st->c.next_notification, 0);
	assert_int_equal(st->c.last_notification, 0);
	assert_int_equal(st->c.notified_on, 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_int_equal(F.nruns, 3);
}

/* the id comes from *next_notification_id, which moves on */
static void
t_notification_id(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	F.next_id = 7777;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_id, 7777);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(ht->c.current_notification_id, 7778);
	assert_int_equal(F.next_id, 7779);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 7777 0 ca");
	assert_string_equal(RUN(1), "hostnote ca PROBLEM 1 7778 0 ca");
}

/* after a NORMAL one: last and next notification, notified_on */
static void
t_times(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_WARNING, "meh");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.last_notification, NOW);
	assert_int_equal(st->c.next_notification, NOW + 60 * 60);
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_WARNING);
	assert_int_equal(st->c.no_more_notifications, 0);
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc_at("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3600), 0);
	assert_int_equal(st->c.last_notification, NOW + 3600);
	assert_int_equal(st->c.next_notification, NOW + 7200);
	assert_int_equal(st->c.notified_on, (int)(OBJ_OPT_WARNING | OBJ_OPT_CRITICAL));
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(ht->c.last_notification, NOW);
	assert_int_equal(ht->c.next_notification, NOW + 3600);
	assert_int_equal(ht->c.notified_on, (int)OBJ_OPT_DOWN);
}

/* each contact told gets its last_*_notification */
static void
t_contact_times(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	host_in("hrec", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
	assert_int_equal(cst("cf")->last_service_notification, NOW);
	assert_int_equal(cst("cw")->last_service_notification, 0);
	assert_int_equal(cst("ca")->last_host_notification, 0);
	assert_int_equal(nhost_at("hrec", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 5), 0);
	assert_int_equal(cst("ca")->last_host_notification, NOW + 5);
	assert_int_equal(cst("chr")->last_host_notification, NOW + 5);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
	/* no contact states kept: nothing written, still notified */
	F.env.cstates = NULL;
	assert_int_equal(nhost_at("hrec", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3605), 0);
	assert_int_equal(cst("ca")->last_host_notification, NOW + 5);
	assert_int_equal(F.nruns, 6);
}

/* ---- the contact list ---- */

/*
 * Contacts and group members are added once each, in the model's order
 * (contacts, then each group's members); $NOTIFICATIONRECIPIENTS$ lists
 * them as added and the commands run the other way round (nagios4 4.4.6:
 * "R=ca,cb,cc,cd", notified cd, cc, cb, ca).
 */
static void
t_recipients(void **state)
{
	static const char *const order[] = { "cd", "cc", "cb", "ca" };
	char want[128];
	int i;

	(void)state;
	svc_in("h1", "grp", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "grp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_int_equal(F.nlogs, 4);
	for (i = 0; i < 4; i++) {
		snprintf(want, sizeof(want), "svcnote %s PROBLEM 1 100 0 ca,cb,cc,cd", order[i]);
		assert_string_equal(RUN(i), want);
		assert_int_equal(F.runs[i].kind, NRUN_SERVICE_NOTIFY);
		snprintf(want, sizeof(want),
		    "SERVICE NOTIFICATION: %s;h1;grp;CRITICAL;svcnote;boom", order[i]);
		assert_string_equal(LOG(i), want);
	}
}

/* a contact's minimum_importance against the service's, or the host's plus its services' */
static void
t_importance(void **state)
{
	(void)state;
	/* cimp wants 6: the service is worth 5, its host 3 + 5 */
	svc_in("himp", "imp", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("himp", "imp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	host_in("himp", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("himp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(1), "hostnote cimp PROBLEM 1 101 0 ca,cimp");
	assert_string_equal(RUN(2), "hostnote ca PROBLEM 1 101 0 ca,cimp");
	/* it counts for custom notifications too */
	assert_int_equal(nsvc("himp", "imp", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
}

/* ---- escalations ---- */

/* esc1: ce1 for notifications 2 and 3, every 30 minutes */
static void
t_esc_numbers(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(st->c.next_notification, NOW + 3600);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 2 101 1 ce1");
	assert_int_equal(st->c.next_notification, NOW + 1800);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "svcnote ce1 PROBLEM 3 102 1 ce1");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(3), "svcnote ca PROBLEM 4 103 0 ca");
	assert_int_equal(st->c.next_notification, NOW + 3600);
	assert_int_equal(F.nruns, 4);
}

/* a recovery goes to those told of the problem: it is matched at number - 1 */
static void
t_esc_recovery(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("hesc", OBJ_HOST_UP, "up");

	(void)state;
	st->c.notified_on = OBJ_OPT_CRITICAL;
	st->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 2 100 0 ca");
	st->c.current_notification_number = 2;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 RECOVERY 3 101 1 ce1");
	assert_int_equal(st->c.next_notification, NOW + 1800);
	/* host escalations alike */
	ht->c.notified_on = OBJ_OPT_DOWN;
	ht->c.current_notification_number = 2;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "hostnote ce1 RECOVERY 3 102 1 ce1");
	assert_int_equal(F.nruns, 3);
}

static void
t_esc_host(void **state)
{
	struct host_state *ht = host_in("hesc", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "hostnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(ht->c.next_notification, NOW + 3600);
	ht->c.next_notification = 0;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "hostnote ce1 PROBLEM 2 101 1 ce1");
	assert_int_equal(ht->c.next_notification, NOW + 1800);
	assert_int_equal(F.nruns, 2);
}

/* esc2's escalation takes WARNING and recoveries only */
static void
t_esc_options(void **state)
{
	struct svc_state *st = svc_in("h1", "esc2", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	svc_in("h1", "esc2", OBJ_STATE_WARNING, "meh");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 2 101 1 ce1");
	svc_in("h1", "esc2", OBJ_STATE_OK, "fine");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "svcnote ce1 RECOVERY 3 102 1 ce1");
	assert_int_equal(F.nruns, 3);
}

/* esc3: ce1's escalation has the period "never", ce2's "24x7" */
static void
t_esc_period(void **state)
{
	(void)state;
	svc_in("h1", "esc3", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "esc3", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ce2 PROBLEM 1 100 1 ce2");
}

/* the escalated contacts replace the object's; the flag is in $NOTIFICATIONISESCALATED$ */
static void
t_esc_replaces(void **state)
{
	(void)state;
	svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");
	sst("h1", "esc1")->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca CUSTOM 1 100 0 ca");
	/* custom does not count: number 1 is not escalated; with INCREMENT it is 2 */
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "svcnote ce1 CUSTOM 2 101 1 ce1");
}

/* BROADCAST: every escalation of the object and its own contacts, escalation first */
static void
t_esc_broadcast(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");
	unsigned both = NOTIFY_OPT_BROADCAST | NOTIFY_OPT_INCREMENT;

	(void)state;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_BROADCAST), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ce1,ca");
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 1 100 0 ce1,ca");
	/* the interval is still chosen without it */
	assert_int_equal(st->c.next_notification, NOW + 3600);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, both), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(2), "svcnote ca CUSTOM 2 101 1 ce1,ca");
	assert_string_equal(RUN(3), "svcnote ce1 CUSTOM 2 101 1 ce1,ca");
	/* with no escalation, only the object's contacts */
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_BROADCAST), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(4), "svcnote ca PROBLEM 1 102 0 ca");
}

/* the shortest interval of the valid escalations wins (esc4: 45 and 15 minutes) */
static void
t_esc_interval(void **state)
{
	struct svc_state *st = svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc4", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(st->c.next_notification, NOW + 15 * 60);
	assert_int_equal(st->c.no_more_notifications, 0);
}

/*
 * An escalation interval below 0 is left out of the choice.  The builder
 * stores what the configuration says at or below 0 as 0, as Nagios's
 * add_serviceescalation does, so this takes a model changed by hand
 * (before notifier_new, which copies it).
 */
static void
t_esc_interval_negative(void **state)
{
	struct objects *o = F.gen.objs;
	struct obj_serviceescalation *se = NULL;
	struct notifier *n;
	struct svc_state *st;
	double was;
	unsigned i;

	(void)state;
	for (i = 0; i < o->nserviceescalations; i++)
		if (o->serviceescalations[i].notification_interval == 15.0)
			se = &o->serviceescalations[i];
	assert_non_null(se);
	was = se->notification_interval;
	se->notification_interval = -1.0;
	n = notifier_new(o, &F.nr);
	se->notification_interval = was;
	st = svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(
	    notify_service(n, &F.env, svc("h1", "esc4"), st, NOTIFY_NORMAL, NULL, NULL, 0, NOW), 0);
	notifier_free(n);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(st->c.next_notification, NOW + 45 * 60);
}

/* esc5's "notification_interval -1" is 0: one escalated notification, then no more */
static void
t_esc_interval_zero(void **state)
{
	struct svc_state *st = svc_in("h1", "esc5", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc5", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ce1 PROBLEM 1 100 1 ce1");
	assert_int_equal(st->c.no_more_notifications, 1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(nsvc_at("h1", "esc5", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 60), -1);
	assert_int_equal(F.nruns, 1);
}

/*
 * QUIRK: the order of escalations.  Nagios's add_serviceescalation
 * (common/objects.c) puts each escalation at the head of its service's
 * escalation_list with add_object_to_objectlist, so the list is walked in
 * the reverse of the escalation array (objects.cache) order, and so are
 * their contacts added.  nagios4 4.4.6 with esc4's two escalations (ce1's
 * written first) says R=ce1,ce2 and notifies ce2 then ce1.  notify.c
 * (nt_index_services / nt_index_hosts) keeps the array order: ce2,ce1.
 */
static void
t_esc_order(void **state)
{
	(void)state;
	svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "esc4", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote ce2 PROBLEM 1 100 1 ce1,ce2");
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 1 100 1 ce1,ce2");
}

/* ---- nagios.log and the command's end ---- */

static void
t_log_service(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello there", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "mine", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, "x", "y", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGDISABLED, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMECANCELLED, NULL, NULL, 0), 0);
	svc_in("h1", "plain", OBJ_STATE_OK, "all good");
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_CRITICAL);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	svc_in("h1", "plain", OBJ_STATE_UNKNOWN, "what");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nlogs, 12);
	assert_string_equal(LOG(0), "SERVICE NOTIFICATION: ca;h1;plain;CRITICAL;svcnote;boom");
	assert_string_equal(LOG(1),
	    "SERVICE NOTIFICATION: ca;h1;plain;CUSTOM (CRITICAL);svcnote;boom;adm;hello there");
	assert_string_equal(LOG(2),
	    "SERVICE NOTIFICATION: ca;h1;plain;CUSTOM (CRITICAL);svcnote;boom;;");
	assert_string_equal(LOG(3),
	    "SERVICE NOTIFICATION: ca;h1;plain;ACKNOWLEDGEMENT (CRITICAL);svcnote;boom;adm;mine");
	assert_string_equal(LOG(4),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGSTART (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(5),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGSTOP (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(6),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGDISABLED (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(7),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMESTART (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(8),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMEEND (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(9),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMECANCELLED (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(10), "SERVICE NOTIFICATION: ca;h1;plain;OK;svcnote;all good");
	assert_string_equal(LOG(11), "SERVICE NOTIFICATION: ca;h1;plain;UNKNOWN;svcnote;what");
	assert_int_equal(F.logs[0].t, NOW);
	assert_string_equal(RUN(10), "svcnote ca RECOVERY 2 110 0 ca");
}

static void
t_log_host(void **state)
{
	(void)state;
	host_in("h1", OBJ_HOST_DOWN, "host down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "mine", 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	host_in("h1", OBJ_HOST_UNREACHABLE, "gone");
	hst("h1")->c.next_notification = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	host_in("h1", OBJ_HOST_UP, "back");
	hst("h1")->c.next_notification = 0;
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "c", 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nlogs, 6);
	assert_string_equal(LOG(0), "HOST NOTIFICATION: ca;h1;DOWN;hostnote;host down");
	assert_string_equal(LOG(1),
	    "HOST NOTIFICATION: ca;h1;ACKNOWLEDGEMENT (DOWN);hostnote;host down;adm;mine");
	assert_string_equal(LOG(2),
	    "HOST NOTIFICATION: ca;h1;DOWNTIMESTART (DOWN);hostnote;host down");
	assert_string_equal(LOG(3), "HOST NOTIFICATION: ca;h1;UNREACHABLE;hostnote;gone");
	assert_string_equal(LOG(4), "HOST NOTIFICATION: ca;h1;CUSTOM (UP);hostnote;back;adm;c");
	assert_string_equal(LOG(5), "HOST NOTIFICATION: ca;h1;UP;hostnote;back");
	assert_int_equal(F.runs[0].kind, NRUN_HOST_NOTIFY);
	assert_string_equal(RUN(5), "hostnote ca RECOVERY 3 105 0 ca");
}

/* log_notifications=0: the commands run, no line is written */
static void
t_log_off(void **state)
{
	(void)state;
	F.gen.cfg.log_notifications = 0;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(F.nlogs, 0);
}

/*
 * notification_timeout is the command's timeout; a timed-out one is
 * logged.  The seconds are 0.00 as in Nagios 4.4.6, whose worker result
 * parser ignores the runtime it prints (base/workers.c, WPRES_runtime).
 */
static void
t_timeout(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_true(F.runs[0].timeout == 17.0);
	assert_true(F.runs[1].timeout == 17.0);
	assert_int_equal(F.nlogs, 2);
	finish_runs(1);
	assert_int_equal(F.nlogs, 4);
	assert_string_equal(LOG(2),
	    "Warning: Notifying contact 'ca' of service 'plain' on host 'h1' by command "
	    "'svcnote ca PROBLEM 1 100 0 ca' timed out after 0.00 seconds");
	assert_string_equal(LOG(3),
	    "Warning: Notifying contact 'ca' of host 'h2' by command "
	    "'hostnote ca PROBLEM 1 101 0 ca' timed out after 0.00 seconds");
	/* a command that ran, or could not be run, says nothing */
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	finish_runs(0);
	assert_int_equal(F.nlogs, 5);
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	finish_runs(-1);
	assert_int_equal(F.nlogs, 6);
}

/* a command that cannot be queued still counts as sent, as in Nagios */
static void
t_run_fails(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	F.run_fails = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.nlogs, 1);
	assert_string_equal(LOG(0), "SERVICE NOTIFICATION: ca;h1;plain;CRITICAL;svcnote;boom");
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(st->c.last_notification, NOW);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
}

/* with enable_environment_macros the command gets the NAGIOS_ environment */
static void
t_environment(void **state)
{
	(void)state;
	F.gen.cfg.enable_environment_macros = 1;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_non_null(F.runs[0].env_type);
	assert_string_equal(F.runs[0].env_type, "NAGIOS_NOTIFICATIONTYPE=PROBLEM");
	F.gen.cfg.enable_environment_macros = 0;
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_null(F.runs[1].env_type);
}

static void
t_type_names(void **state)
{
	(void)state;
	assert_string_equal(notify_type_name(NOTIFY_NORMAL, 0), "PROBLEM");
	assert_string_equal(notify_type_name(NOTIFY_NORMAL, 1), "RECOVERY");
	assert_string_equal(notify_type_name(NOTIFY_ACKNOWLEDGEMENT, 0), "ACKNOWLEDGEMENT");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGSTART, 1), "FLAPPINGSTART");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGSTOP, 0), "FLAPPINGSTOP");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGDISABLED, 0), "FLAPPINGDISABLED");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMESTART, 0), "DOWNTIMESTART");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMEEND, 0), "DOWNTIMEEND");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMECANCELLED, 0), "DOWNTIMECANCELLED");
	assert_string_equal(notify_type_name(NOTIFY_CUSTOM, 0), "CUSTOM");
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(t_forced),
		T(t_global_switch),
		T(t_period_own),
		T(t_period_inherited),
		T(t_period_override),
		T(t_period_never),
		T(t_object_switch),
		T(t_custom),
		T(t_custom_contacts),
		T(t_ack),
		T(t_ack_contacts),
		T(t_ack_macros),
		T(t_ack_macros_alias),
		T(t_flapping),
		T(t_flapping_contacts),
		T(t_downtime),
		T(t_downtime_contacts),
		T(t_normal_soft),
		T(t_normal_acknowledged),
		T(t_normal_dependencies),
		T(t_normal_options),
		T(t_normal_recovery),
		T(t_normal_recovery_contacts),
		T(t_normal_contact_options),
		T(t_normal_first_delay),
		T(t_normal_flapping),
		T(t_normal_downtime),
		T(t_normal_downtime_interval0),
		T(t_normal_pending_flex),
		T(t_normal_no_more),
		T(t_normal_host_down),
		T(t_normal_next_notification),
		T(t_number),
		T(t_notification_id),
		T(t_times),
		T(t_contact_times),
		T(t_recipients),
		T(t_importance),
		T(t_esc_numbers),
		T(t_esc_recovery),
		T(t_esc_host),
		T(t_esc_options),
		T(t_esc_period),
		T(t_esc_replaces),
		T(t_esc_broadcast),
		T(t_esc_interval),
		T(t_esc_interval_negative),
		T(t_esc_interval_zero),
		T(t_esc_order),
		T(t_log_service),
		T(t_log_host),
		T(t_log_off),
		T(t_timeout),
		T(t_run_fails),
		T(t_environment),
		T(t_type_names),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

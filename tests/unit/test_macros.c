/*
 * test_macros: Nagios 4.4.6's macro language on a small configuration
 * read with config_read (three hosts, four services, groups, contacts,
 * custom variables, resource macros), with run-time state set by hand.
 *
 * The expectations come from Nagios's common/macros.c and from running
 * Debian's nagios4 4.4.6 with check commands that print their arguments
 * and environment: unknown and failed macros stay as written, "$$" is a
 * '$', a lone "$NAME" at the end is expanded, output macros lose illegal
 * and control characters while notes do not, arguments are expanded once
 * when split, $_SERVICEX:host:svc$ reads the current host, the summary
 * counts an unhandled UNREACHABLE host as an unhandled DOWN one, a
 * missing notification period prints "(null)", and the custom variables
 * and notification periods a command changed give their new values.
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
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/time/macros_int.h"

#define NOW ((time_t)1700000000) /* Tue Nov 14 22:13:20 UTC 2023 */

static const char nagios_cfg[] =
    "log_file=nagios.log\n"
    "cfg_file=objects.cfg\n"
    "resource_file=resource.cfg\n"
    "temp_path=.\n"
    "check_result_path=.\n"
    "status_file=status.dat\n"
    "state_retention_file=retention.dat\n"
    "object_cache_file=objects.cache\n"
    "illegal_macro_output_chars=`~$&|'\"<>\n"
    "admin_email=root@example.com\n"
    "admin_pager=pager@example.com\n"
    "date_format=iso8601\n"
    "website_url=http://mon.example.com/nagios/\n"
    "enable_environment_macros=1\n";

static const char resource_cfg[] =
    "$USER1$=/usr/lib/nagios/plugins\n"
    "$USER3$=secret$HOSTNAME$\n"
    "$USER256$=last\n";

static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias always\nsunday 00:00-24:00\n"
    "monday 00:00-24:00\ntuesday 00:00-24:00\nwednesday 00:00-24:00\n"
    "thursday 00:00-24:00\nfriday 00:00-24:00\nsaturday 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name never\nalias never\n}\n"
    "define command {\ncommand_name check-host\n"
    "command_line $USER1$/check_ping -H $HOSTADDRESS$\n}\n"
    "define command {\ncommand_name check_http\n"
    "command_line $USER1$/check_http -H $HOSTADDRESS$ -p $ARG1$ -u $ARG2$\n}\n"
    "define command {\ncommand_name notify\ncommand_line /bin/true\n}\n"
    "define contact {\ncontact_name c1\nalias Contact One\nemail c1@example.com\n"
    "pager 555-0101\naddress1 addr-one\naddress2 addr two\n"
    "host_notification_period 24x7\nservice_notification_period 24x7\n"
    "host_notification_commands notify\nservice_notification_commands notify\n"
    "_TOKEN tok1\n}\n"
    "define contact {\ncontact_name c2\nalias Contact Two\nemail c2@example.com\n"
    "address1 c2-addr\nhost_notification_period 24x7\nservice_notification_period 24x7\n"
    "host_notification_commands notify\nservice_notification_commands notify\n"
    "_TOKEN tok2\n}\n"
    "define contactgroup {\ncontactgroup_name cg1\nalias Group One\nmembers c1,c2\n}\n"
    "define host {\nhost_name web1\nalias Web & One\ndisplay_name Web 1\naddress 10.0.0.1\n"
    "hostgroups web\ncheck_command check-host!a1\nmax_check_attempts 3\ncontacts c1\n"
    "notification_period 24x7\nimportance 7\nnotes Notes for $HOSTNAME$\n"
    "notes_url http://wiki/$HOSTNAME$/$HOSTNOTES$\naction_url http://act/$HOSTOUTPUT$\n"
    "_SNMP_COMMUNITY public\n_mixedCase Val\n_AMP a&b\n_ONLYBAD &&\n}\n"
    "define host {\nhost_name web2\naddress 10.0.0.2\nhostgroups web\nparents web1\n"
    "check_command check-host\nmax_check_attempts 3\ncontacts c2\n"
    "_SNMP_COMMUNITY private\n}\n"
    "define host {\nhost_name db1\naddress 10.0.0.3\ncheck_command check-host\n"
    "max_check_attempts 2\ncontact_groups cg1\nnotes loop $HOSTNOTES$\n}\n"
    "define hostgroup {\nhostgroup_name web\nalias Web servers\n"
    "notes hg notes $HOSTGROUPALIAS$\nnotes_url http://hg/$HOSTGROUPNAME$\n}\n"
    "define hostgroup {\nhostgroup_name all\nalias All\nmembers web1,web2\n}\n"
    "define service {\nhost_name web1\nservice_description HTTP\ndisplay_name Web check\n"
    "check_command check_http!80!/index.html\nmax_check_attempts 4\ncheck_period 24x7\n"
    "notification_period 24x7\ncontacts c1\nservicegroups sg1\nis_volatile 1\n"
    "importance 5\nnotes svc notes $SERVICEDESC$ $SERVICEOUTPUT$\n"
    "notes_url http://svc/$SERVICEDESC$\n_PORT 8080\n}\n"
    "define service {\nhost_name web2\nservice_description HTTP\ncheck_command check_http!81\n"
    "max_check_attempts 4\ncheck_period 24x7\ncontacts c2\nservicegroups sg1\n_PORT 8081\n}\n"
    "define service {\nhost_name db1\nservice_description MySQL\ncheck_command check-host\n"
    "max_check_attempts 1\ncheck_period 24x7\ncontact_groups cg1\n_PORT 3306\n}\n"
    "define service {\nhost_name web1\nservice_description Disk /root\n"
    "check_command check-host\nmax_check_attempts 1\ncheck_period 24x7\ncontacts c1\n"
    "importance 2\n}\n"
    "define servicegroup {\nservicegroup_name sg1\nalias Web services\nnotes sg notes\n"
    "action_url http://sg/$SERVICEGROUPNAME$\n}\n";

static struct {
	char dir[64];
	struct config_gen gen;
	struct host_state *hs;
	struct svc_state *ss;
	struct macro_globals globals;
	struct macro_ctx ctx;
} F;

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
	snprintf(F.dir, sizeof(F.dir), "/tmp/jaque-macros-XXXXXX");
	assert_non_null(mkdtemp(F.dir));
	put("nagios.cfg", nagios_cfg);
	put("resource.cfg", resource_cfg);
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
	assert_non_null(F.hs);
	assert_non_null(F.ss);
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
	drop("resource.cfg");
	drop("objects.cfg");
	rmdir(F.dir);
	return 0;
}

/* fresh (pending) state and an empty context before each test */
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
	F.gen.cfg.date_format_id = MAINCFG_DATE_ISO8601;
	F.gen.cfg.enable_environment_macros = 1;
	F.gen.cfg.use_large_installation_tweaks = 0;
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

static struct host_state *
hst(const char *name)
{
	return &F.hs[host(name)->id];
}

static struct svc_state *
sst(const char *h, const char *d)
{
	return &F.ss[svc(h, d)->id];
}

static void
in_host(const char *name)
{
	F.ctx.host = host(name);
	F.ctx.svc = NULL;
}

static void
in_svc(const char *h, const char *d)
{
	F.ctx.host = NULL;
	F.ctx.svc = svc(h, d);
}

static void
set_str(char **slot, const char *s)
{
	state_set_str(slot, s, strlen(s));
}

/*
 * Two values of cg1's members, joined in the model's member order: Nagios
 * lists a contact group's members in its own order (objects.cache shows
 * it), which the builder owns; these tests only care that the join
 * follows the model.
 */
static const char *
cg_join(char *buf, size_t n, const char *pre, const char *v1, const char *sep, const char *v2)
{
	const struct obj_contactgroup *g = objects_find_contactgroup(F.gen.objs, "cg1");
	int c1_first;

	assert_non_null(g);
	assert_int_equal(g->nmembers, 2);
	c1_first = strcmp(g->members[0]->name, "c1") == 0;
	snprintf(buf, n, "%s%s%s%s", pre, c1_first ? v1 : v2, sep, c1_first ? v2 : v1);
	return buf;
}

#define EXPECT(in, want)                                  \
	do {                                                  \
		char *got_ = macro_expand(&F.ctx, (in));          \
		assert_string_equal(got_, (want));                \
		free(got_);                                       \
	} while (0)

/* ---- the table and the parser ---- */

static void
t_table(void **state)
{
	(void)state;
	assert_int_equal(macro_table_check(), 0);
	assert_int_equal(MC_COUNT, 163);
	assert_int_equal(macro_lookup("HOSTNAME"), MC_HOSTNAME);
	assert_int_equal(macro_lookup("SERVICENOTIFICATIONPERIOD"), MC_SERVICENOTIFICATIONPERIOD);
	assert_int_equal(macro_lookup("ADMINEMAIL"), MC_ADMINEMAIL);
	assert_int_equal(macro_lookup("TOTALSERVICESWARNINGUNHANDLED"),
	    MC_TOTALSERVICESWARNINGUNHANDLED);
	assert_int_equal(macro_lookup("hostname"), -1);
	assert_int_equal(macro_lookup("HOSTNAMEX"), -1);
	assert_int_equal(macro_lookup(""), -1);
	assert_int_equal(macro_lookup("ZZZ"), -1);
	assert_string_equal(macro_def_get(MC_LONGSERVICEOUTPUT)->name, "LONGSERVICEOUTPUT");
	assert_null(macro_def_get(MC_COUNT));
}

static void
t_syntax(void **state)
{
	(void)state;
	in_host("web1");
	EXPECT("", "");
	EXPECT("no macros here", "no macros here");
	EXPECT("a$$b", "a$b");
	EXPECT("$$$$", "$$");
	EXPECT("$FOO$", "$FOO$");
	EXPECT("x $FOO$ y", "x $FOO$ y");
	EXPECT("$hostname$", "$hostname$");
	/* unknown pieces go back with their '$'s, and parity follows Nagios */
	EXPECT("$FOO$BAR$HOSTNAME$", "$FOO$BARweb1");
	EXPECT("a$FOO", "a$FOO");
	EXPECT("x$", "x$");
	EXPECT("$", "$");
	/* a lone macro at the end is still looked up */
	EXPECT("check $HOSTNAME", "check web1");
	EXPECT("'$HOSTNAME' '$FOO$'", "'$HOSTNAME' '$FOO$'");
	EXPECT("$HOSTNAME$$HOSTADDRESS$", "web110.0.0.1");
	{
		/* a name longer than the parser's stack copy */
		char in[400], want[400];

		memset(want, 0, sizeof(want));
		snprintf(in, sizeof(in), "<$SERVICESTATE:web1:%0300d$>", 7);
		snprintf(want, sizeof(want), "%s", in);
		EXPECT(in, want);
		snprintf(in, sizeof(in), "$HOSTNAME$%0300d$HOSTADDRESS$", 0);
		snprintf(want, sizeof(want), "web1%0300d10.0.0.1", 0);
		EXPECT(in, want);
	}
	{
		char *s = macro_expand(&F.ctx, NULL);

		assert_string_equal(s, "");
		free(s);
	}
}

/* ---- host macros ---- */

static void
t_host(void **state)
{
	struct host_state *st = hst("web1");

	(void)state;
	in_host("web1");
	/* pending, as Nagios shows a host never checked */
	EXPECT("$HOSTSTATE$ $HOSTSTATEID$ $HOSTSTATETYPE$ $HOSTATTEMPT$/$MAXHOSTATTEMPTS$",
	    "UP 0 HARD 1/3");
	EXPECT("[$HOSTOUTPUT$][$LONGHOSTOUTPUT$][$HOSTPERFDATA$]", "[][][]");
	EXPECT("$LASTHOSTCHECK$ $HOSTDURATIONSEC$", "0 1700000000");
	EXPECT("$HOSTNAME$|$HOSTALIAS$|$HOSTDISPLAYNAME$|$HOSTADDRESS$",
	    "web1|Web & One|Web 1|10.0.0.1");
	st->c.current_state = OBJ_HOST_DOWN;
	st->c.last_state = OBJ_HOST_UP;
	st->c.state_type = STATE_SOFT;
	st->c.current_attempt = 2;
	st->c.current_event_id = 11;
	st->c.last_event_id = 10;
	st->c.current_problem_id = 5;
	st->c.last_problem_id = 4;
	st->c.latency = 0.1234;
	st->c.execution_time = 1.5;
	st->c.percent_state_change = 12.5;
	st->c.last_state_change = NOW - 93784;
	st->c.scheduled_downtime_depth = 1;
	st->c.last_check = NOW - 10;
	st->c.check_type = STATE_CHECK_PASSIVE;
	st->c.current_notification_number = 3;
	st->c.notifications_enabled = 0;
	st->last_time_up = 1000;
	st->last_time_down = 2000;
	EXPECT("$HOSTSTATE$ $HOSTSTATEID$ $LASTHOSTSTATE$ $LASTHOSTSTATEID$ $HOSTSTATETYPE$",
	    "DOWN 1 UP 0 SOFT");
	EXPECT("$HOSTATTEMPT$ $HOSTEVENTID$ $LASTHOSTEVENTID$ $HOSTPROBLEMID$ $LASTHOSTPROBLEMID$",
	    "2 11 10 5 4");
	EXPECT("$HOSTLATENCY$ $HOSTEXECUTIONTIME$ $HOSTPERCENTCHANGE$", "0.123 1.500 12.50");
	EXPECT("$HOSTDURATION$ $HOSTDURATIONSEC$", "1d 2h 3m 4s 93784");
	EXPECT("$HOSTDOWNTIME$ $LASTHOSTCHECK$ $LASTHOSTSTATECHANGE$",
	    "1 1699999990 1699906216");
	EXPECT("$LASTHOSTUP$ $LASTHOSTDOWN$ $LASTHOSTUNREACHABLE$", "1000 2000 0");
	EXPECT("$HOSTCHECKTYPE$ $HOSTNOTIFICATIONNUMBER$ $HOSTNOTIFICATIONENABLED$",
	    "PASSIVE 3 NO");
	EXPECT("$HOSTCHECKCOMMAND$", "check-host!a1");
	EXPECT("$HOSTNOTIFICATIONPERIOD$ $HOSTNOTIFICATIONID$", "24x7 0");
	EXPECT("$HOSTIMPORTANCE$ $HOSTANDSERVICESIMPORTANCE$", "7 14");
	EXPECT("$HOSTINFOURL$", "http://mon.example.com/nagios/cgi-bin/extinfo.cgi?type=1&host=web1");
	EXPECT("$HOSTGROUPNAME$ $HOSTGROUPNAMES$", "web web,all");
	/* set only by acknowledgements and notifications: empty, not left as written */
	EXPECT("[$HOSTACKAUTHOR$$HOSTACKCOMMENT$$HOSTACKAUTHORNAME$$NOTIFICATIONTYPE$]", "[]");
	/* a service macro in a host's command is left as written */
	EXPECT("$SERVICEDESC$ $SERVICESTATE$", "$SERVICEDESC$ $SERVICESTATE$");
	in_host("db1");
	EXPECT("$HOSTNOTIFICATIONPERIOD$", "(null)");
	EXPECT("$HOSTGROUPNAME$|$HOSTGROUPALIAS$|$HOSTGROUPNAMES$", "$HOSTGROUPNAME$|$HOSTGROUPALIAS$|");
	EXPECT("$HOSTALIAS$ $HOSTDISPLAYNAME$", "db1 db1");
}

static void
t_host_services(void **state)
{
	(void)state;
	in_host("web1");
	/* pending services count as OK, as in Nagios */
	EXPECT("$TOTALHOSTSERVICES$ $TOTALHOSTSERVICESOK$ $TOTALHOSTSERVICESCRITICAL$", "2 2 0");
	sst("web1", "HTTP")->c.current_state = OBJ_STATE_CRITICAL;
	sst("web1", "Disk /root")->c.current_state = OBJ_STATE_UNKNOWN;
	EXPECT("$TOTALHOSTSERVICESOK$ $TOTALHOSTSERVICESWARNING$ $TOTALHOSTSERVICESUNKNOWN$ "
	    "$TOTALHOSTSERVICESCRITICAL$", "0 0 1 1");
	EXPECT("$TOTALHOSTSERVICES:db1$ $TOTALHOSTSERVICESOK:db1$", "1 1");
}

static void
t_output_cleaning(void **state)
{
	struct host_state *st = hst("web1");

	(void)state;
	in_host("web1");
	set_str(&st->c.output, "A\tB`C~D$E&F|G'H\"I<J>K");
	set_str(&st->c.long_output, "line2\\b\nline3&");
	set_str(&st->c.perf_data, "x=1;2;3 y=$4");
	EXPECT("$HOSTOUTPUT$", "ABCDEFGHIJK");
	EXPECT("$LONGHOSTOUTPUT$", "line2\\\\b\\nline3");
	EXPECT("$HOSTPERFDATA$", "x=1;2;3 y=4");
	/* what is not plugin output is never cleaned */
	EXPECT("$HOSTALIAS$ $_HOSTAMP$ & '", "Web & One a&b & '");
	/* notes carry macros, expanded without cleaning; URLs encode them */
	EXPECT("$HOSTNOTES$", "Notes for web1");
	EXPECT("$HOSTNOTESURL$", "http://wiki/web1/Notes%20for%20web1");
	EXPECT("$HOSTACTIONURL$", "http://act/A%09B%60C~D%24E%26F%7CG%27H%22I%3CJ%3EK");
	/* with no illegal characters configured only control characters go */
	{
		char *saved = F.gen.cfg.illegal_macro_output_chars;

		F.gen.cfg.illegal_macro_output_chars = NULL;
		EXPECT("$HOSTOUTPUT$", "AB`C~D$E&F|G'H\"I<J>K");
		F.gen.cfg.illegal_macro_output_chars = saved;
	}
}

static void
t_notes_recursion(void **state)
{
	char *s;

	(void)state;
	in_host("db1");
	/* Nagios recurses forever here; the nesting stops and the text stays */
	s = macro_expand(&F.ctx, "$HOSTNOTES$");
	assert_non_null(strstr(s, "loop loop loop"));
	assert_non_null(strstr(s, "$HOSTNOTES$"));
	assert_true(strlen(s) < 200);
	free(s);
}

/* ---- service macros ---- */

static void
t_service(void **state)
{
	struct svc_state *st = sst("web1", "HTTP");

	(void)state;
	in_svc("web1", "HTTP");
	EXPECT("$SERVICESTATE$ $SERVICESTATEID$ $SERVICESTATETYPE$ $SERVICEATTEMPT$/$MAXSERVICEATTEMPTS$",
	    "OK 0 HARD 1/4");
	EXPECT("$HOSTNAME$ $HOSTADDRESS$ $SERVICEDESC$ $SERVICEDISPLAYNAME$",
	    "web1 10.0.0.1 HTTP Web check");
	st->c.current_state = OBJ_STATE_CRITICAL;
	st->c.last_state = OBJ_STATE_OK;
	st->c.state_type = STATE_SOFT;
	st->c.current_attempt = 3;
	st->c.latency = 0.25;
	st->c.execution_time = 0.0005;
	st->c.percent_state_change = 6.25;
	st->c.last_state_change = NOW - 61;
	st->c.last_check = NOW - 1;
	st->c.current_event_id = 42;
	st->c.current_problem_id = 7;
	st->last_time_ok = 100;
	st->last_time_warning = 200;
	st->last_time_critical = 300;
	st->last_time_unknown = 400;
	set_str(&st->c.output, "HTTP CRITICAL: 'down' & <out>");
	set_str(&st->c.long_output, "a|b\nc");
	set_str(&st->c.perf_data, "time=1s;;;0");
	EXPECT("$SERVICESTATE$ $SERVICESTATEID$ $LASTSERVICESTATE$ $LASTSERVICESTATEID$",
	    "CRITICAL 2 OK 0");
	EXPECT("$SERVICESTATETYPE$ $SERVICEATTEMPT$ $SERVICEISVOLATILE$ $SERVICECHECKTYPE$",
	    "SOFT 3 1 ACTIVE");
	EXPECT("$SERVICELATENCY$ $SERVICEEXECUTIONTIME$ $SERVICEPERCENTCHANGE$",
	    "0.250 0.001 6.25");
	EXPECT("$SERVICEDURATION$ $SERVICEDURATIONSEC$ $LASTSERVICECHECK$",
	    "0d 0h 1m 1s 61 1699999999");
	EXPECT("$SERVICEEVENTID$ $LASTSERVICEEVENTID$ $SERVICEPROBLEMID$ $LASTSERVICEPROBLEMID$",
	    "42 0 7 0");
	EXPECT("$LASTSERVICEOK$ $LASTSERVICEWARNING$ $LASTSERVICECRITICAL$ $LASTSERVICEUNKNOWN$",
	    "100 200 300 400");
	EXPECT("$SERVICEOUTPUT$|$LONGSERVICEOUTPUT$|$SERVICEPERFDATA$",
	    "HTTP CRITICAL: down  out|ab\\nc|time=1s;;;0");
	EXPECT("$SERVICECHECKCOMMAND$", "check_http!80!/index.html");
	EXPECT("$SERVICEGROUPNAME$ $SERVICEGROUPNAMES$ $SERVICEGROUPALIAS$", "sg1 sg1 Web services");
	EXPECT("$SERVICEIMPORTANCE$ $SERVICENOTIFICATIONPERIOD$ $SERVICENOTIFICATIONENABLED$",
	    "5 24x7 YES");
	EXPECT("$SERVICENOTES$", "svc notes HTTP HTTP CRITICAL: 'down' & <out>");
	EXPECT("$SERVICENOTESURL$|$SERVICEACTIONURL$", "http://svc/HTTP|");
	EXPECT("$SERVICEINFOURL$",
	    "http://mon.example.com/nagios/cgi-bin/extinfo.cgi?type=2&host=web1&service=HTTP");
	EXPECT("[$SERVICEACKAUTHOR$$SERVICEACKCOMMENT$$SERVICENOTIFICATIONID$]", "[0]");
	in_svc("web1", "Disk /root");
	EXPECT("$SERVICEINFOURL$", "http://mon.example.com/nagios/cgi-bin/extinfo.cgi"
	    "?type=2&host=web1&service=Disk%20%2Froot");
	EXPECT("$SERVICEGROUPNAME$|$SERVICEGROUPNAMES$|$SERVICEISVOLATILE$",
	    "$SERVICEGROUPNAME$||0");
	in_svc("web2", "HTTP");
	EXPECT("$SERVICENOTIFICATIONPERIOD$ $HOSTGROUPNAME$", "(null) web");
}

/* ---- groups ---- */

static void
t_groups(void **state)
{
	char buf[128];

	(void)state;
	in_svc("web1", "HTTP");
	EXPECT("$HOSTGROUPNAME$|$HOSTGROUPALIAS$|$HOSTGROUPMEMBERS$|$HOSTGROUPMEMBERADDRESSES$",
	    "web|Web servers|web1,web2|10.0.0.1,10.0.0.2");
	EXPECT("$HOSTGROUPNOTES$|$HOSTGROUPNOTESURL$|$HOSTGROUPACTIONURL$",
	    "hg notes Web servers|http://hg/web|");
	EXPECT("$HOSTGROUPMEMBERS:all$ $HOSTGROUPALIAS:all$", "web1,web2 All");
	EXPECT("$HOSTGROUPMEMBERS:nope$", "$HOSTGROUPMEMBERS:nope$");
	EXPECT("$SERVICEGROUPMEMBERS$", "web1,HTTP,web2,HTTP");
	EXPECT("$SERVICEGROUPNOTES$|$SERVICEGROUPNOTESURL$|$SERVICEGROUPACTIONURL$",
	    "sg notes||http://sg/sg1");
	EXPECT("$SERVICEGROUPALIAS:sg1$", "Web services");
	/* no contact in a check: contact groups are left as written */
	EXPECT("$CONTACTGROUPNAME$", "$CONTACTGROUPNAME$");
	EXPECT("$CONTACTGROUPALIAS:cg1$ $CONTACTGROUPMEMBERS:cg1$",
	    cg_join(buf, sizeof(buf), "Group One ", "c1", ",", "c2"));
}

/* ---- contacts ---- */

static void
t_contact(void **state)
{
	char buf[128];

	(void)state;
	in_svc("web1", "HTTP");
	EXPECT("$CONTACTNAME$ $CONTACTEMAIL$ $CONTACTADDRESS1$ $_CONTACTTOKEN$",
	    "$CONTACTNAME$ $CONTACTEMAIL$ $CONTACTADDRESS1$ $_CONTACTTOKEN$");
	F.ctx.contact = objects_find_contact(F.gen.objs, "c1");
	assert_non_null(F.ctx.contact);
	EXPECT("$CONTACTNAME$|$CONTACTALIAS$|$CONTACTEMAIL$|$CONTACTPAGER$",
	    "c1|Contact One|c1@example.com|555-0101");
	EXPECT("$CONTACTADDRESS1$|$CONTACTADDRESS2$|$CONTACTADDRESS6$", "addr-one|addr two|");
	EXPECT("$CONTACTADDRESS0$ $CONTACTADDRESS7$ $CONTACTADDRESSX$",
	    "$CONTACTADDRESS0$ $CONTACTADDRESS7$ $CONTACTADDRESSX$");
	EXPECT("$CONTACTGROUPNAME$ $CONTACTGROUPNAMES$ $CONTACTGROUPALIAS$ $CONTACTGROUPMEMBERS$",
	    cg_join(buf, sizeof(buf), "cg1 cg1 Group One ", "c1", ",", "c2"));
	EXPECT("$_CONTACTTOKEN$ $_CONTACTNOPE$", "tok1 $_CONTACTNOPE$");
	/* on demand, by name and over a group */
	EXPECT("$CONTACTEMAIL:c2$ $CONTACTPAGER:c2$|", "c2@example.com |");
	EXPECT("$CONTACTEMAIL:cg1:,$",
	    cg_join(buf, sizeof(buf), "", "c1@example.com", ",", "c2@example.com"));
	EXPECT("$CONTACTPAGER:cg1:,$", "555-0101");
	EXPECT("$CONTACTADDRESS1:c2$ $CONTACTADDRESS1:cg1:;$",
	    cg_join(buf, sizeof(buf), "c2-addr ", "addr-one", ";", "c2-addr"));
	EXPECT("$_CONTACTTOKEN:c2$ $_CONTACTTOKEN:cg1:+$",
	    cg_join(buf, sizeof(buf), "tok2 ", "tok1", "+", "tok2"));
	EXPECT("$CONTACTEMAIL:nobody$ $CONTACTEMAIL:nogroup:,$",
	    "$CONTACTEMAIL:nobody$ $CONTACTEMAIL:nogroup:,$");
}

/* ---- on-demand host and service forms ---- */

static void
t_ondemand(void **state)
{
	(void)state;
	in_host("web1");
	hst("web2")->c.current_state = OBJ_HOST_DOWN;
	sst("web2", "HTTP")->c.current_state = OBJ_STATE_WARNING;
	EXPECT("$HOSTSTATE:web2$ $HOSTSTATEID:web2$ $HOSTADDRESS:db1$", "DOWN 1 10.0.0.3");
	/* Nagios's answers for a host and a service group it does not know */
	EXPECT("$HOSTSTATEID:nohost$ $SERVICESTATEID:nohost:x$", "2 3");
	EXPECT("$HOSTNAME:nohost$ $SERVICESTATE:nosg:,$", "$HOSTNAME:nohost$ $SERVICESTATE:nosg:,$");
	EXPECT("$HOSTNAME:$", "$HOSTNAME:$");
	EXPECT("$HOSTADDRESS:web:,$ $HOSTSTATE:all:/$", "10.0.0.1,10.0.0.2 UP/DOWN");
	EXPECT("$HOSTSTATE:web:$", "UPDOWN");
	/* members without a value are skipped, delimiter and all */
	set_str(&hst("web2")->c.output, "web2 down");
	EXPECT("[$HOSTOUTPUT:web:, $]", "[web2 down]");
	set_str(&hst("web1")->c.output, "web1 up");
	EXPECT("[$HOSTOUTPUT:web:, $]", "[web1 up, web2 down]");
	EXPECT("$SERVICESTATE:web2:HTTP$ $SERVICESTATEID:web2:HTTP$", "WARNING 1");
	/* an empty host is the current one; a missing service there is empty */
	EXPECT("$SERVICEDESC::Disk /root$ [$SERVICESTATE::NOPE$]", "Disk /root []");
	EXPECT("$SERVICESTATE:sg1:+$ $SERVICEDESC:sg1:,$", "OK+WARNING HTTP,HTTP");
	/* one argument names no service */
	EXPECT("$SERVICEDESC:web1$", "$SERVICEDESC:web1$");
	/* on demand even without a host in the context */
	F.ctx.host = NULL;
	EXPECT("$HOSTNAME:web2$ $SERVICESTATE:web2:HTTP$", "web2 WARNING");
	EXPECT("$SERVICESTATE::HTTP$", "$SERVICESTATE::HTTP$");
}

/* ---- custom variables ---- */

static void
t_custom(void **state)
{
	(void)state;
	in_svc("web1", "HTTP");
	EXPECT("$_HOSTSNMP_COMMUNITY$ $_HOSTMIXEDCASE$ $_SERVICEPORT$", "public Val 8080");
	/* names are upper case, and the lookup is exact */
	EXPECT("$_HOSTsnmp_community$ $_HOSTmixedCase$", "$_HOSTsnmp_community$ $_HOSTmixedCase$");
	EXPECT("$_HOSTNOPE$ $_SERVICENOPE$ $_FOO$ $_HOST$", "$_HOSTNOPE$ $_SERVICENOPE$ $_FOO$ $_HOST$");
	EXPECT("$_HOSTSNMP_COMMUNITY:web2$ $_HOSTSNMP_COMMUNITY:web:,$", "private public,private");
	EXPECT("$_HOSTSNMP_COMMUNITY:db1$ [$_HOSTSNMP_COMMUNITY:all:,$]",
	    "$_HOSTSNMP_COMMUNITY:db1$ [public,private]");
	/* Nagios reads $_SERVICEx:host:svc$ on the current host, whatever host is named */
	EXPECT("$_SERVICEPORT:web2:HTTP$ $_SERVICEPORT::HTTP$", "8080 8080");
	EXPECT("$_SERVICEPORT:db1:MySQL$", "$_SERVICEPORT:db1:MySQL$");
	EXPECT("$_SERVICEPORT:sg1:,$", "8080,8080");
	in_host("db1");
	EXPECT("$_SERVICEPORT$ $_SERVICEPORT:db1:MySQL$", "$_SERVICEPORT$ 3306");
	/* the contact's variables need a contact */
	EXPECT("$_CONTACTTOKEN$ $_CONTACTTOKEN:c1$", "$_CONTACTTOKEN$ tok1");
}

static const char *env_get(char **env, const char *name);

/* CHANGE_CUSTOM_*_VAR and CHANGE_*_NOTIFICATION_TIMEPERIOD: the new values */
static void
t_overrides(void **state)
{
	struct contact_state cs[2];
	const struct obj_contact *c1 = objects_find_contact(F.gen.objs, "c1");
	char buf[64], **env;

	(void)state;
	assert_int_equal(F.gen.objs->ncontacts, 2);
	memset(cs, 0, sizeof(cs));
	state_var_set(&hst("web1")->c.vars, "SNMP_COMMUNITY", "changed");
	state_var_set(&hst("db1")->c.vars, "SNMP_COMMUNITY", "none defined"); /* not shown */
	state_var_set(&sst("web1", "HTTP")->c.vars, "PORT", "");
	state_var_set(&cs[c1->id].vars, "TOKEN", "tok9");
	sst("web1", "HTTP")->c.notification_period = objects_find_timeperiod(F.gen.objs, "never");
	hst("web2")->c.notification_period = objects_find_timeperiod(F.gen.objs, "24x7");
	in_svc("web1", "HTTP");
	EXPECT("$_HOSTSNMP_COMMUNITY$ [$_SERVICEPORT$] $_HOSTMIXEDCASE$", "changed [] Val");
	EXPECT("$_HOSTSNMP_COMMUNITY:web:,$ $_HOSTSNMP_COMMUNITY:db1$",
	    "changed,private $_HOSTSNMP_COMMUNITY:db1$");
	EXPECT("$SERVICENOTIFICATIONPERIOD$ $HOSTNOTIFICATIONPERIOD$ $HOSTNOTIFICATIONPERIOD:web2$",
	    "never 24x7 24x7");
	/* contacts: the configured values until the context has their states */
	EXPECT("$_CONTACTTOKEN:c1$", "tok1");
	F.ctx.cstates = cs;
	EXPECT("$_CONTACTTOKEN:c1$", "tok9");
	EXPECT("$_CONTACTTOKEN:cg1:+$", cg_join(buf, sizeof(buf), "", "tok9", "+", "tok2"));
	F.ctx.contact = c1;
	env = macro_environment(&F.ctx);
	assert_string_equal(env_get(env, "NAGIOS__HOSTSNMP_COMMUNITY"), "changed");
	assert_null(env_get(env, "NAGIOS__SERVICEPORT")); /* empty now: not exported */
	assert_string_equal(env_get(env, "NAGIOS__CONTACTTOKEN"), "tok9");
	free(env);
	state_contact_clear(&cs[0]);
	state_contact_clear(&cs[1]);
}

/* ---- $ARGn$ ---- */

static void
split_expect(const char *ref, unsigned n, const char *const *want)
{
	char *store = NULL;
	unsigned i;

	assert_int_equal(macro_split_args(&F.ctx, ref, &store), n);
	assert_int_equal(F.ctx.nargs, n);
	for (i = 0; i < n; i++)
		assert_string_equal(F.ctx.args[i], want[i]);
	for (; i < MACRO_MAX_ARGS; i++)
		assert_null(F.ctx.args[i]);
	free(store);
	memset(F.ctx.args, 0, sizeof(F.ctx.args));
}

static void
t_args_split(void **state)
{
	static const char *const two[] = { "80", "/index.html" };
	static const char *const empty1[] = { "" };
	static const char *const gap[] = { "", "x" };
	static const char *const trail[] = { "a", "" };
	static const char *const esc[] = { "a!b", "c" };
	static const char *const bsl[] = { "a\\!b" };
	static const char *const plain_bsl[] = { "a\\b", "c\\" };
	char *store = (char *)1;
	char ref[256];
	unsigned i;

	(void)state;
	in_host("web1");
	split_expect("check_http!80!/index.html", 2, two);
	split_expect("check_http", 0, NULL);
	split_expect("check!", 1, empty1);
	split_expect("check!!x", 2, gap);
	split_expect("check!a!", 2, trail);
	split_expect("check!a\\!b!c", 2, esc);
	split_expect("check!a\\\\!b", 1, bsl);
	split_expect("check!a\\b!c\\", 2, plain_bsl);
	assert_int_equal(macro_split_args(&F.ctx, NULL, &store), 0);
	assert_null(store);
	/* beyond 32 arguments the rest is dropped */
	snprintf(ref, sizeof(ref), "c");
	for (i = 1; i <= 40; i++)
		snprintf(ref + strlen(ref), sizeof(ref) - strlen(ref), "!%u", i);
	assert_int_equal(macro_split_args(&F.ctx, ref, &store), MACRO_MAX_ARGS);
	assert_string_equal(F.ctx.args[31], "32");
	EXPECT("$ARG1$ $ARG32$ $ARG33$", "1 32 $ARG33$");
	free(store);
}

static void
t_args_expand(void **state)
{
	struct svc_state *st = sst("web1", "HTTP");
	char *store;

	(void)state;
	in_svc("web1", "HTTP");
	set_str(&st->c.output, "bad & <out>");
	/* arguments are expanded once, at split time, seeing earlier arguments */
	assert_int_equal(macro_split_args(&F.ctx,
	    "cmd!$HOSTNAME$!$ARG1$-x!$ARG4$!$SERVICEOUTPUT$!$$HOSTNAME$$!$USER3$!a$$b!$FOO$", &store), 8);
	EXPECT("$ARG1$|$ARG2$|$ARG3$|$ARG4$", "web1|web1-x||bad  out");
	/* an argument's value goes in as it is: not expanded or cleaned again */
	EXPECT("$ARG5$|$ARG6$|$ARG7$|$ARG8$", "$HOSTNAME$|secret$HOSTNAME$|a$b|$FOO$");
	EXPECT("$ARG9$|$ARG0$|$ARG01$|$ARGX$", "|$ARG0$|web1|$ARGX$");
	EXPECT("$ARG1:x$ $ARG 2$", "web1 web1-x");
	free(store);
	/* a command line as a check builds it */
	assert_int_equal(macro_split_args(&F.ctx, svc("web1", "HTTP")->check_command.raw, &store), 2);
	EXPECT(svc("web1", "HTTP")->check_command.cmd->line,
	    "/usr/lib/nagios/plugins/check_http -H 10.0.0.1 -p 80 -u /index.html");
	free(store);
}

static void
t_user(void **state)
{
	(void)state;
	in_host("web1");
	EXPECT("$USER1$/check_ping", "/usr/lib/nagios/plugins/check_ping");
	/* resource values are not expanded */
	EXPECT("$USER3$", "secret$HOSTNAME$");
	EXPECT("[$USER2$][$USER256$]", "[][last]");
	EXPECT("$USER0$ $USER257$ $USERX$", "$USER0$ $USER257$ $USERX$");
}

/* ---- program-wide macros ---- */

static void
t_global(void **state)
{
	char want[512];

	(void)state;
	in_host("web1");
	EXPECT("$ADMINEMAIL$ $ADMINPAGER$", "root@example.com pager@example.com");
	snprintf(want, sizeof(want), "%s/nagios.cfg|%s/status.dat|%s/retention.dat|%s/objects.cache",
	    F.dir, F.dir, F.dir, F.dir);
	EXPECT("$MAINCONFIGFILE$|$STATUSDATAFILE$|$RETENTIONDATAFILE$|$OBJECTCACHEFILE$", want);
	snprintf(want, sizeof(want), "%s/nagios.log|%s/resource.cfg|%s", F.dir, F.dir, F.dir);
	EXPECT("$LOGFILE$|$RESOURCEFILE$|$TEMPPATH$", want);
	EXPECT("[$COMMANDFILE$][$HOSTPERFDATAFILE$][$SERVICEPERFDATAFILE$][$TEMPFILE$]",
	    "[][][][]");
	EXPECT("$PROCESSSTARTTIME$ $EVENTSTARTTIME$", "1699996400 1699996400");
	F.globals.event_start = NOW - 3500;
	EXPECT("$EVENTSTARTTIME$", "1699996500");
	F.ctx.globals = NULL;
	EXPECT("[$PROCESSSTARTTIME$]", "[]");
}

static void
t_dates(void **state)
{
	(void)state;
	in_host("web1");
	EXPECT("$LONGDATETIME$", "Tue Nov 14 22:13:20 UTC 2023");
	EXPECT("$SHORTDATETIME$|$DATE$|$TIME$|$TIMET$",
	    "2023-11-14 22:13:20|2023-11-14|22:13:20|1700000000");
	F.gen.cfg.date_format_id = MAINCFG_DATE_US;
	EXPECT("$SHORTDATETIME$|$DATE$", "11-14-2023 22:13:20|11-14-2023");
	F.gen.cfg.date_format_id = MAINCFG_DATE_EURO;
	EXPECT("$SHORTDATETIME$|$DATE$", "14-11-2023 22:13:20|14-11-2023");
	F.gen.cfg.date_format_id = MAINCFG_DATE_STRICT_ISO8601;
	EXPECT("$SHORTDATETIME$|$DATE$", "2023-11-14T22:13:20|2023-11-14");
	EXPECT("$ISVALIDTIME:24x7$ $ISVALIDTIME:never$ $ISVALIDTIME:24x7:12345$", "1 0 1");
	/* Nagios never looks before now, and gives 0 only for an invalid time asked about */
	EXPECT("$NEXTVALIDTIME:24x7$ $NEXTVALIDTIME:24x7:12345$ $NEXTVALIDTIME:24x7:1800000000$",
	    "1700000000 1700000000 1800000000");
	EXPECT("$NEXTVALIDTIME:never$ $NEXTVALIDTIME:never:12345$", "0 1700000000");
	EXPECT("$ISVALIDTIME:nope$ $ISVALIDTIME$ $NEXTVALIDTIME$",
	    "$ISVALIDTIME:nope$ $ISVALIDTIME$ $NEXTVALIDTIME$");
}

/* ---- summary totals ---- */

static void
checked(struct state_common *c, int state)
{
	c->current_state = state;
	c->has_been_checked = 1;
}

static void
t_summary(void **state)
{
	(void)state;
	in_host("web1");
	/* nothing checked: nothing up, nothing OK */
	EXPECT("$TOTALHOSTSUP$ $TOTALHOSTPROBLEMS$ $TOTALSERVICESOK$ $TOTALSERVICEPROBLEMS$",
	    "0 0 0 0");
	checked(&hst("web1")->c, OBJ_HOST_UP);
	checked(&hst("web2")->c, OBJ_HOST_DOWN);
	checked(&hst("db1")->c, OBJ_HOST_UNREACHABLE);
	checked(&sst("web1", "HTTP")->c, OBJ_STATE_CRITICAL);
	checked(&sst("web1", "Disk /root")->c, OBJ_STATE_WARNING);
	sst("web1", "Disk /root")->c.problem_has_been_acknowledged = 1;
	checked(&sst("web2", "HTTP")->c, OBJ_STATE_UNKNOWN);
	checked(&sst("db1", "MySQL")->c, OBJ_STATE_OK);
	/* Nagios counts the unhandled UNREACHABLE host among the unhandled DOWN */
	EXPECT("$TOTALHOSTSUP$ $TOTALHOSTSDOWN$ $TOTALHOSTSUNREACHABLE$ "
	    "$TOTALHOSTSDOWNUNHANDLED$ $TOTALHOSTSUNREACHABLEUNHANDLED$ "
	    "$TOTALHOSTPROBLEMS$ $TOTALHOSTPROBLEMSUNHANDLED$", "1 1 1 2 0 2 2");
	EXPECT("$TOTALSERVICESOK$ $TOTALSERVICESWARNING$ $TOTALSERVICESCRITICAL$ "
	    "$TOTALSERVICESUNKNOWN$", "1 1 1 1");
	/* acknowledged, or on a host that is down: handled */
	EXPECT("$TOTALSERVICESWARNINGUNHANDLED$ $TOTALSERVICESCRITICALUNHANDLED$ "
	    "$TOTALSERVICESUNKNOWNUNHANDLED$ $TOTALSERVICEPROBLEMS$ "
	    "$TOTALSERVICEPROBLEMSUNHANDLED$", "0 1 0 3 1");
	hst("web2")->c.scheduled_downtime_depth = 1;
	hst("db1")->c.active_checks_enabled = 0;
	sst("web1", "HTTP")->c.active_checks_enabled = 0;
	EXPECT("$TOTALHOSTSDOWNUNHANDLED$ $TOTALHOSTPROBLEMSUNHANDLED$ "
	    "$TOTALSERVICEPROBLEMSUNHANDLED$", "0 0 0");
	/* with a contact, only what the contact is a contact for (c2 via cg1 too) */
	F.ctx.contact = objects_find_contact(F.gen.objs, "c2");
	EXPECT("$TOTALHOSTSUP$ $TOTALHOSTSDOWN$ $TOTALHOSTSUNREACHABLE$ $TOTALSERVICESOK$ "
	    "$TOTALSERVICESCRITICAL$ $TOTALSERVICESUNKNOWN$", "0 1 1 1 0 1");
}

/* ---- the environment ---- */

static const char *
env_get(char **env, const char *name)
{
	size_t n = strlen(name);

	for (; *env != NULL; env++)
		if (strncmp(*env, name, n) == 0 && (*env)[n] == '=')
			return *env + n + 1;
	return NULL;
}

static size_t
env_count(char **env)
{
	size_t n = 0;

	while (env[n] != NULL)
		n++;
	return n;
}

static void
t_environment(void **state)
{
	char **env, *store;

	(void)state;
	in_host("web1");
	set_str(&hst("web1")->c.output, "up & <fine>");
	assert_int_equal(macro_split_args(&F.ctx, "c!80!$HOSTNAME$", &store), 2);
	env = macro_environment(&F.ctx);
	assert_non_null(env);
	/* x macros in Nagios's order, then 32 arguments, then custom variables */
	assert_string_equal(env[0], "NAGIOS_HOSTNAME=web1");
	assert_string_equal(env[3], "NAGIOS_SERVICEDESC=");
	assert_string_equal(env[MC_COUNT], "NAGIOS_ARG1=80");
	assert_string_equal(env[MC_COUNT + 1], "NAGIOS_ARG2=web1");
	assert_string_equal(env[MC_COUNT + 31], "NAGIOS_ARG32=");
	/* not cleaned, as Nagios exports them */
	assert_string_equal(env_get(env, "NAGIOS_HOSTOUTPUT"), "up & <fine>");
	assert_string_equal(env_get(env, "NAGIOS_HOSTALIAS"), "Web & One");
	assert_string_equal(env_get(env, "NAGIOS_HOSTGROUPNAMES"), "web,all");
	assert_string_equal(env_get(env, "NAGIOS_HOSTGROUPMEMBERS"), "web1,web2");
	assert_string_equal(env_get(env, "NAGIOS_TOTALHOSTSUP"), "0");
	assert_string_equal(env_get(env, "NAGIOS_HOSTNOTESURL"), "http://wiki/web1/Notes%20for%20web1");
	assert_string_equal(env_get(env, "NAGIOS_NOTIFICATIONTYPE"), "");
	assert_string_equal(env_get(env, "NAGIOS_CONTACTNAME"), "");
	assert_string_equal(env_get(env, "NAGIOS_ISVALIDTIME"), "");
	assert_string_equal(env_get(env, "NAGIOS_TIMET"), "1700000000");
	/* custom variables are cleaned; one left empty is not exported */
	assert_string_equal(env_get(env, "NAGIOS__HOSTSNMP_COMMUNITY"), "public");
	assert_string_equal(env_get(env, "NAGIOS__HOSTAMP"), "ab");
	assert_null(env_get(env, "NAGIOS__HOSTONLYBAD"));
	assert_null(env_get(env, "NAGIOS__SERVICEPORT"));
	assert_null(env_get(env, "NAGIOS_CONTACTADDRESS0"));
	assert_int_equal(env_count(env), MC_COUNT + MACRO_MAX_ARGS + 3);
	free(env);
	free(store);
	memset(F.ctx.args, 0, sizeof(F.ctx.args));

	/* a service with a contact: its variables, and the addresses from 0 */
	in_svc("web1", "HTTP");
	F.ctx.contact = objects_find_contact(F.gen.objs, "c1");
	env = macro_environment(&F.ctx);
	assert_string_equal(env_get(env, "NAGIOS_SERVICEDESC"), "HTTP");
	assert_string_equal(env_get(env, "NAGIOS__SERVICEPORT"), "8080");
	assert_string_equal(env_get(env, "NAGIOS__CONTACTTOKEN"), "tok1");
	assert_string_equal(env_get(env, "NAGIOS_CONTACTNAME"), "c1");
	assert_string_equal(env_get(env, "NAGIOS_CONTACTADDRESS0"), "addr-one");
	assert_string_equal(env_get(env, "NAGIOS_CONTACTADDRESS5"), "");
	assert_null(env_get(env, "NAGIOS_CONTACTADDRESS6"));
	assert_int_equal(env_count(env), MC_COUNT + MACRO_MAX_ARGS + 3 + 1 + 1 + 6);
	free(env);

	/* large installations leave out member lists and totals */
	F.gen.cfg.use_large_installation_tweaks = 1;
	env = macro_environment(&F.ctx);
	assert_null(env_get(env, "NAGIOS_HOSTGROUPMEMBERS"));
	assert_null(env_get(env, "NAGIOS_SERVICEGROUPMEMBERS"));
	assert_null(env_get(env, "NAGIOS_HOSTGROUPMEMBERADDRESSES"));
	assert_null(env_get(env, "NAGIOS_TOTALHOSTSUP"));
	assert_null(env_get(env, "NAGIOS_TOTALSERVICEPROBLEMSUNHANDLED"));
	assert_non_null(env_get(env, "NAGIOS_TOTALHOSTSERVICES"));
	free(env);

	F.gen.cfg.enable_environment_macros = 0;
	assert_null(macro_environment(&F.ctx));
}

/* ---- without state arrays or objects ---- */

static void
t_bare_context(void **state)
{
	struct macro_ctx bare;

	(void)state;
	memset(&bare, 0, sizeof(bare));
	bare.host = host("web1");
	bare.now = NOW;
	{
		char *s = macro_expand(&bare, "$HOSTNAME$ $HOSTSTATE$ [$USER1$] $ADMINEMAIL$ "
		    "$HOSTSTATE:web2$ $TOTALHOSTSUP$ $HOSTOUTPUT$");

		assert_string_equal(s, "web1 UP []  $HOSTSTATE:web2$ 0 ");
		free(s);
	}
	assert_null(macro_environment(&bare));
}

/* many expansions of one command: nothing may leak or grow */
static void
t_repeat(void **state)
{
	char *store, *s;
	unsigned i;

	(void)state;
	in_svc("web1", "HTTP");
	for (i = 0; i < 20000; i++) {
		macro_split_args(&F.ctx, "check_http!$HOSTADDRESS$!/x", &store);
		s = macro_expand(&F.ctx, "$USER1$/check_http -H $ARG1$ -u $ARG2$ -t $SERVICEDESC$");
		assert_string_equal(s, "/usr/lib/nagios/plugins/check_http -H 10.0.0.1 -u /x -t HTTP");
		free(s);
		free(store);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(t_table, setup),
		cmocka_unit_test_setup(t_syntax, setup),
		cmocka_unit_test_setup(t_host, setup),
		cmocka_unit_test_setup(t_host_services, setup),
		cmocka_unit_test_setup(t_output_cleaning, setup),
		cmocka_unit_test_setup(t_notes_recursion, setup),
		cmocka_unit_test_setup(t_service, setup),
		cmocka_unit_test_setup(t_groups, setup),
		cmocka_unit_test_setup(t_contact, setup),
		cmocka_unit_test_setup(t_ondemand, setup),
		cmocka_unit_test_setup(t_custom, setup),
		cmocka_unit_test_setup(t_overrides, setup),
		cmocka_unit_test_setup(t_args_split, setup),
		cmocka_unit_test_setup(t_args_expand, setup),
		cmocka_unit_test_setup(t_user, setup),
		cmocka_unit_test_setup(t_global, setup),
		cmocka_unit_test_setup(t_dates, setup),
		cmocka_unit_test_setup(t_summary, setup),
		cmocka_unit_test_setup(t_environment, setup),
		cmocka_unit_test_setup(t_bare_context, setup),
		cmocka_unit_test_setup(t_repeat, setup),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

/*
 * test_lstable: the Livestatus tables over a real generation (the
 * retention fixture's configuration: three hosts, four services, two
 * contacts) with state set by hand.  Rows come in the model's order (by
 * name); contacts in the order objects.cache lists them.  Host and service columns (names,
 * addresses, state, output, contacts, custom variables with overrides,
 * periods), a service's host_ columns, the service aggregates of a host,
 * hard_state, AuthUser on hosts and services, the dependency, FILENAME,
 * check source and timeout columns (AuthUser on the dependencies too),
 * WaitObject's lookups, the status table, its counters' moving averages and
 * its filter refusal, and the columns table.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/unit/retention_fx.h"
#include "tests/unit/lstable_fx.h"

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsrun.h"
#include "compat/livestatus/lstable.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

#define NOW 1800000000

static struct fx f;
static struct lst_status status = {
	.count = { [LST_CNT_REQUESTS] = 7, [LST_CNT_CONNECTIONS] = 3 },
	.version = "jaque-test",
	.pid = 4242,
	.interval_length = 60,
};

static int
setup(void **state)
{
	char cfg[512];

	(void)state;
	setenv("TZ", "UTC", 1);
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&f, cfg, NOW);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	fx_close(&f);
	return 0;
}

/* the answer to text: code 200 and the body, or the error */
static char *
ask(const char *text, const char *authuser, int *code)
{
	struct lst_data d = { .snap = &f.s, .status = &status };

	return lsfx_ask(&d, f.gen.objs, NOW, text, authuser, 2, code);
}

static void
expect(const char *text, const char *authuser, const char *want)
{
	int code;
	char *got = ask(text, authuser, &code);

	if (code != 200 || strcmp(got, want) != 0)
		fail_msg("%s\n-> %d\n%s\nwanted\n%s", text, code, got, want);
	free(got);
}

static void
t_hosts(void **state)
{
	struct host_state *h = H(&f, "db1");

	(void)state;
	h->c.current_state = 1;
	h->c.state_type = STATE_SOFT;
	h->c.last_hard_state = 0;
	h->c.has_been_checked = 1;
	state_set_str(&h->c.output, "DOWN r1", 7);
	expect("GET hosts\nColumns: name address state hard_state plugin_output contacts\n"
	       "OutputFormat: json",
	    NULL,
	    "[[\"db1\",\"127.0.0.2\",1,0,\"DOWN r1\",[\"oncall\",\"admin\"]],\n"
	    "[\"legacy1\",\"127.0.0.3\",0,0,\"\",[\"admin\"]],\n"
	    "[\"web1\",\"127.0.0.1\",0,0,\"\",[\"admin\"]]]\n");
	h->c.state_type = STATE_HARD;
	expect("GET hosts\nColumns: host_name hard_state check_period in_check_period "
	       "check_command active_checks_enabled\nFilter: name = db1",
	    NULL, "db1;1;always;1;check_up;0\n");
	/* a custom variable overridden at run time */
	state_var_set(&H(&f, "web1")->c.vars, "ROLE", "backend");
	expect("GET hosts\nColumns: name custom_variables custom_variable_names\n"
	       "Filter: custom_variables ~ ROLE ^back\nOutputFormat: json",
	    NULL, "[[\"web1\",{\"ROLE\":\"backend\"},[\"ROLE\"]]]\n");
	h->c.current_state = 0;
	/* macros in extended information (none configured: the raw NULL reads empty) */
	expect("GET hosts\nColumns: notes_expanded\nFilter: name = web1", NULL, "\n");
}

static void
t_host_aggregates(void **state)
{
	(void)state;
	S(&f, "web1", "HTTP")->c.has_been_checked = 1;
	S(&f, "web1", "HTTP")->c.current_state = 2;
	S(&f, "web1", "HTTP")->c.last_hard_state = 1;
	S(&f, "web1", "Disk")->c.current_state = 3; /* not checked: pending, yet the worst */
	expect("GET hosts\nColumns: name num_services num_services_pending num_services_crit "
	       "num_services_hard_warn worst_service_state worst_service_hard_state services\n"
	       "Filter: name = web1",
	    NULL, "web1;2;1;1;1;2;1;HTTP,Disk\n");
	S(&f, "web1", "Disk")->c.current_state = 0;
}

static void
t_services(void **state)
{
	struct svc_state *s = S(&f, "db1", "MySQL");

	(void)state;
	s->c.current_state = 1;
	s->c.has_been_checked = 1;
	state_set_str(&s->c.output, "slow", 4);
	expect("GET services\nColumns: host_name description host_address state plugin_output "
	       "host_contacts custom_variables\nFilter: host_name = db1\nOutputFormat: json",
	    NULL,
	    "[[\"db1\",\"MySQL\",\"127.0.0.2\",1,\"slow\",[\"oncall\",\"admin\"],"
	    "{\"PORT\":\"3306\"}]]\n");
	/* sorted by the natural order: host name, then description */
	expect("GET services\nColumns: host_name description\nSort: state desc\nLimit: 3",
	    NULL, "web1;HTTP\ndb1;MySQL\nlegacy1;Ping\n");
	expect("GET services\nStats: state = 0\nStats: state = 1\nStats: state = 2\n"
	       "Stats: host_state = 0",
	    NULL, "2;1;1;4\n");
	s->c.current_state = 0;
}

static void
t_auth(void **state)
{
	(void)state;
	expect("GET hosts\nColumns: name", "oncall", "db1\n");
	/* a service is seen through its host's contacts too, and its own */
	expect("GET services\nColumns: description", "oncall", "MySQL\nDisk\n");
	expect("GET hosts\nColumns: name", "nosuch", "");
	expect("GET hosts\nStats: state >= 0", "admin", "3\n");
}

/* the columns naemon-livestatus 1.5 added: dependencies (web1 and legacy1 are db1's
 * masters, web1's HTTP is db1's MySQL's), FILENAME, the check's source and timeout */
static void
t_obj_added(void **state)
{
	struct host_state *h = H(&f, "db1");

	(void)state;
	expect("GET hosts\nColumns: name depends_exec depends_exec_with_info depends_notify "
	       "depends_notify_with_info\nFilter: name = db1\nOutputFormat: json",
	    NULL,
	    "[[\"db1\",[\"legacy1\",\"web1\"],[[\"legacy1\",6,\"workhours\",0],"
	    "[\"web1\",6,\"workhours\",0]],[\"legacy1\",\"web1\"],"
	    "[[\"legacy1\",2,\"workhours\",0],[\"web1\",2,\"workhours\",0]]]]\n");
	expect("GET hosts\nColumns: name\nFilter: depends_exec >= legacy1", NULL, "db1\n");
	expect("GET hosts\nColumns: name\nFilter: depends_notify =", NULL, "legacy1\nweb1\n");
	/* AuthUser lists only the masters the contact may see: oncall sees db1 alone */
	expect("GET hosts\nColumns: name depends_exec", "oncall", "db1;\n");
	expect("GET services\nColumns: description depends_notify depends_notify_with_info "
	       "depends_exec\nFilter: description = MySQL\nOutputFormat: json",
	    NULL, "[[\"MySQL\",[[\"web1\",\"HTTP\"]],[[\"web1\",\"HTTP\",12,\"\",1]],[]]]\n");
	expect("GET services\nColumns: description\nFilter: depends_notify >= web1|HTTP", NULL,
	    "MySQL\n");
	expect("GET services\nColumns: description depends_notify\nFilter: description = MySQL",
	    "oncall", "MySQL;\n");
	expect("GET hosts\nColumns: name filename check_timeout pnpgraph_present "
	       "pending_flex_downtime",
	    NULL, "db1;;30;-1;0\nlegacy1;/etc/legacy.cfg;30;-1;0\nweb1;;30;-1;0\n");
	state_var_set(&H(&f, "legacy1")->c.vars, "FILENAME", "/etc/moved.cfg");
	expect("GET services\nColumns: host_filename check_timeout pnpgraph_present\n"
	       "Filter: host_name = legacy1",
	    NULL, "/etc/moved.cfg;60;-1\n");
	/* the source of an active result this run; a passive one has none, as in Naemon */
	expect("GET hosts\nColumns: check_source last_update\nFilter: name = db1", NULL,
	    ";1800000000\n");
	h->c.checks_run = 1;
	h->c.check_type = STATE_CHECK_ACTIVE;
	h->c.last_check = NOW + 5;
	expect("GET hosts\nColumns: check_source last_update\nFilter: name = db1", NULL,
	    "Core Worker;1800000005\n");
	h->c.check_type = STATE_CHECK_PASSIVE;
	expect("GET hosts\nColumns: check_source\nFilter: name = db1", NULL, "\n");
	h->c.checks_run = 0;
	h->c.last_check = 0;
}

/* naemon-livestatus's moving average: rated at most every 5 seconds, the new rate weighing 1/4 */
static void
t_status_rates(void **state)
{
	struct lst_status s = { .count = { [LST_CNT_REQUESTS] = 9 } };

	(void)state;
	lst_status_rate(&s, 100); /* starts counting from 0 */
	assert_int_equal(s.count[LST_CNT_REQUESTS], 0);
	s.count[LST_CNT_REQUESTS] = 10;
	lst_status_rate(&s, 104);
	assert_true(s.rate[LST_CNT_REQUESTS] == 0.0);
	lst_status_rate(&s, 105);
	assert_true(s.rate[LST_CNT_REQUESTS] == 2.0);
	s.count[LST_CNT_REQUESTS] = 50;
	s.count[LST_CNT_LOG] = 5;
	lst_status_rate(&s, 110);
	assert_true(s.rate[LST_CNT_REQUESTS] == 3.5); /* 2 * 3/4 + 8 / 4 */
	assert_true(s.rate[LST_CNT_LOG] == 1.0);      /* from 0: the new rate alone */
	status.rate[LST_CNT_HOST_CHECKS] = 0.5;
	status.count[LST_CNT_HOST_CHECKS] = 2;
	expect("GET status\nColumns: host_checks host_checks_rate forks forks_rate "
	       "last_command_check cached_log_messages requests_rate",
	    NULL, "2;5.0000000000e-01;0;0.0000000000e+00;0;0;0.0000000000e+00\n");
}

/* AuthUser's list cells and counts hold only what the contact may see: oncall sees db1
 * (not its parent legacy1), and web1's Disk (not web1, nor its HTTP) */
static void
t_auth_lists(void **state)
{
	(void)state;
	expect("GET hosts\nColumns: name parents\nFilter: name = db1", NULL, "db1;legacy1\n");
	expect("GET hosts\nColumns: name parents", "oncall", "db1;\n");
	expect("GET services\nColumns: description host_services host_num_services\n"
	       "Filter: host_name = web1\nFilter: description = Disk",
	    NULL, "Disk;HTTP,Disk;2\n");
	expect("GET services\nColumns: description host_services host_num_services "
	       "host_services_with_state host_childs",
	    "oncall", "MySQL;MySQL;1;MySQL|0|1;\nDisk;Disk;1;Disk|0|0;\n");
	expect("GET services\nColumns: description host_parents\nFilter: host_name = db1", "oncall",
	    "MySQL;\n");
}

static void
t_find(void **state)
{
	size_t nt;
	struct lst_data d = { .snap = &f.s, .status = &status };
	struct ls_ctx x = { .data = &d, .scratch = arena_new(), .now = NOW };

	(void)state;
	lst_tables(&nt);
	assert_non_null(lst_table("hosts")->find(&x, "legacy1"));
	assert_null(lst_table("hosts")->find(&x, "nosuch"));
	assert_non_null(lst_table("services")->find(&x, "web1;HTTP"));
	assert_non_null(lst_table("services")->find(&x, "web1 ; Disk "));
	assert_non_null(lst_table("services")->find(&x, "db1 MySQL"));
	assert_null(lst_table("services")->find(&x, "db1;HTTP"));
	assert_null(lst_table("nosuch"));
	arena_free(x.scratch);
}

static void
t_status_columns(void **state)
{
	int code;
	char *got;

	(void)state;
	expect("GET status\nColumns: num_hosts num_services nagios_pid program_start requests "
	       "program_version",
	    NULL, "3;4;1234;1800000000;7;jaque-test\n");
	got = ask("GET status\nFilter: requests > 0", NULL, &code);
	assert_int_equal(code, 400);
	assert_string_equal(got, "cannot create filter on table status");
	free(got);
	expect("GET columns\nColumns: table name type\nFilter: name = host_name\n"
	       "Filter: name = description\nOr: 2",
	    NULL, "columns;description;string\ncomments;host_name;string\n"
	    "downtimes;host_name;string\nlog;host_name;string\nservices;description;string\n"
	    "services;host_name;string\nservicesbygroup;description;string\n"
	    "servicesbygroup;host_name;string\nservicesbyhostgroup;description;string\n"
	    "servicesbyhostgroup;host_name;string\nstatehist;host_name;string\n");
	expect("GET columns\nFilter: table = status\nFilter: name ~ ^num_\nColumns: name\n"
	       "Stats: name != x",
	    NULL, "num_hosts;1\nnum_services;1\n");
	/* the services table has every host column with its prefix */
	got = ask("GET columns\nFilter: table = hosts\nStats: name != x", NULL, &code);
	expect("GET columns\nFilter: table = services\nFilter: name ~ ^host_\nStats: name != x",
	    NULL, got);
	assert_true(strtol(got, NULL, 10) > 90);
	free(got);
}

static void
t_comments_downtimes(void **state)
{
	unsigned long id = 0;
	const char *err = NULL;

	(void)state;
	assert_non_null(comments_add(f.cs, 0, &f.prog.next_comment_id, 1, "web1", NULL, NOW - 50,
	    "jo", "host note", 1, 1, 0, 0));
	assert_non_null(comments_add(f.cs, 0, &f.prog.next_comment_id, 1, "web1", "HTTP",
	    NOW - 40, "al", "svc note", 0, 1, 1, NOW + 600));
	assert_int_equal(downtimes_schedule(f.dt, "db1", "MySQL", NOW - 30, "ops", "patch",
	    NOW + 100, NOW + 200, 1, 0, 0, NOW, &id, &err), 0);
	expect("GET comments\nColumns: id type is_service host_name service_description author "
	       "comment\nFilter: entry_type = 1",
	    NULL, "1;1;0;web1;;jo;host note\n2;2;1;web1;HTTP;al;svc note\n");
	/* a host's list leaves out its services' comments; tuples shift with Localtime */
	expect("GET hosts\nColumns: name comments comments_with_info\nFilter: name = web1\n"
	       "Localtime: 1800001800\nOutputFormat: json",
	    NULL, "[[\"web1\",[1],[[1,\"jo\",\"host note\",1800001750,1,0,1800]]]]\n");
	expect("GET services\nColumns: description comments\nFilter: comments >= 2", NULL,
	    "HTTP;2\n");
	expect("GET downtimes\nColumns: type host_name service_description start_time fixed "
	       "service_state comment",
	    NULL, "1;db1;MySQL;1800000100;1;0;patch\n");
	expect("GET services\nColumns: description downtimes_with_info\nFilter: downtimes != \n"
	       "OutputFormat: json",
	    NULL, "[[\"MySQL\",[[1,\"ops\",\"patch\",1799999970,1800000100,1800000200,1,100,0]]]]\n");
	/* a fixed downtime lasts from start to end; AuthUser sees the entries of objects it may see */
	/* (the downtime's own comment, 3, is on db1;MySQL, whose host oncall may see) */
	expect("GET comments\nColumns: id", "oncall", "3\n");
	expect("GET downtimes\nColumns: id", "oncall", "1\n");
	/* the lists follow the stores as they change: in id order, one deleted */
	assert_non_null(comments_add(f.cs, 0, &f.prog.next_comment_id, 1, "web1", "HTTP",
	    NOW - 20, "al", "second", 0, 1, 0, 0));
	expect("GET services\nColumns: description comments\nFilter: comments != ", NULL,
	    "MySQL;3\nHTTP;2,4\n");
	assert_int_equal(comments_delete(f.cs, 2), 0);
	expect("GET services\nColumns: description comments\nFilter: comments != ", NULL,
	    "MySQL;3\nHTTP;4\n");
	assert_int_equal(downtimes_schedule(f.dt, "db1", "MySQL", NOW - 10, "ops", "again",
	    NOW + 300, NOW + 400, 1, 0, 0, NOW, &id, &err), 0);
	expect("GET services\nColumns: description downtimes\nFilter: downtimes != ", NULL,
	    "MySQL;1,2\n");
}

static void
t_contacts_commands_periods(void **state)
{
	(void)state;
	/* Friday 08:00 UTC: outside oncall's work hours */
	expect("GET contacts\nColumns: name alias custom_variables service_notification_period "
	       "in_service_notification_period host_notification_commands\nOutputFormat: json",
	    NULL,
	    "[[\"admin\",\"Admin\",{\"PAGER_ID\":\"77\"},\"always\",1,[\"notify_none\"]],\n"
	    "[\"oncall\",\"On call\",{},\"workhours\",0,[\"notify_none\"]]]\n");
	C(&f, "oncall")->service_notifications_enabled = 0;
	expect("GET contacts\nColumns: name\nFilter: service_notifications_enabled = 0", NULL,
	    "oncall\n");
	C(&f, "oncall")->service_notifications_enabled = 1;
	expect("GET commands\nColumns: name line\nFilter: name = check_up", NULL,
	    "check_up;/bin/echo \"UP - host answers\"\n");
	expect("GET timeperiods\nColumns: name days in\nFilter: name = workhours\n"
	       "OutputFormat: json",
	    NULL, "[[\"workhours\",[[],[32400,61200],[32400,61200],[],[],[],[]],0]]\n");
	/* the exceptions, each a dict as naemon-livestatus writes them, in JSON and CSV; the
	 * time ranges last first, as Naemon keeps them */
	expect("GET timeperiods\nColumns: exceptions_calendar_dates exceptions_month_week_day "
	       "exceptions_week_day\nFilter: name = workhours\nOutputFormat: json",
	    NULL,
	    "[[[{\"syear\":2031,\"smon\":1,\"smday\":3,\"eyear\":2031,\"emon\":1,\"emday\":3,"
	    "\"skip_interval\":0,\"times\":[50400,54000,36000,39600]}],"
	    "[{\"smon\":2,\"swday\":2,\"swday_offset\":2,\"emon\":2,\"ewday\":2,"
	    "\"ewday_offset\":2,\"skip_interval\":0,\"times\":[43200,46800]}],[]]]\n");
	expect("GET timeperiods\nColumns: exceptions_month_week_day exceptions_month_day\n"
	       "Filter: name = workhours",
	    NULL, "smon|2,swday|2,swday_offset|2,emon|2,ewday|2,ewday_offset|2,skip_interval|0,"
		  "times|43200|46800;\n");
	/* no filter matches them but a negated one (">=" is naemon's negated "<") */
	expect("GET timeperiods\nColumns: name\nFilter: exceptions_calendar_dates != x", NULL,
	    "always\nworkhours\n");
	expect("GET timeperiods\nColumns: name\nFilter: exceptions_calendar_dates = x", NULL, "");
	/* a contact's own table is not filtered by AuthUser */
	expect("GET contacts\nStats: name != x", "oncall", "2\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_hosts),
		cmocka_unit_test(t_host_aggregates),
		cmocka_unit_test(t_services),
		cmocka_unit_test(t_auth),
		cmocka_unit_test(t_obj_added),
		cmocka_unit_test(t_status_rates),
		cmocka_unit_test(t_auth_lists),
		cmocka_unit_test(t_find),
		cmocka_unit_test(t_status_columns),
		cmocka_unit_test(t_comments_downtimes),
		cmocka_unit_test(t_contacts_commands_periods),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

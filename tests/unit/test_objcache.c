/*
 * test_objcache: the objects.cache writer against the real Nagios 4.4.6.
 *
 * The fixture is a hand-built model of a small configuration (three
 * timeperiods, commands, contacts, hosts, services with same-host and
 * cross-host parents, dependencies, escalations).  The expected blocks are
 * what `nagios4 -vp` wrote as precached_object_file for the same
 * configuration.  Also checks the atomic file replacement.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compat/objcache.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"

/* Tue Nov 14 22:13:20 2023 UTC */
#define NOW ((time_t)1700000000)

#define NEW(o, n, type) ((type *)arena_zalloc((o)->arena, (size_t)(n) * sizeof(type)))

static void *
dup_list(struct objects *o, const void *src, size_t size)
{
	void *p = arena_alloc(o->arena, size);

	memcpy(p, src, size);
	return p;
}

/* field = a copy of the listed elements, nfield = their count */
#define SET_LIST(o, field, nfield, type, ...)                              \
	do {                                                               \
		type tmp_[] = { __VA_ARGS__ };                             \
		(field) = dup_list((o), tmp_, sizeof(tmp_));               \
		(nfield) = sizeof(tmp_) / sizeof(tmp_[0]);                 \
	} while (0)

static struct obj_timerange *
tr(struct objects *o, unsigned sh, unsigned sm, unsigned eh, unsigned em,
    struct obj_timerange *next)
{
	struct obj_timerange *r = NEW(o, 1, struct obj_timerange);

	r->start = sh * 3600 + sm * 60;
	r->end = eh * 3600 + em * 60;
	r->next = next;
	return r;
}

/* append a copy of proto, with times, to tp's exceptions of its type */
static void
add_exception(struct objects *o, struct obj_timeperiod *tp, struct obj_daterange proto,
    struct obj_timerange *times)
{
	struct obj_daterange *dr = NEW(o, 1, struct obj_daterange), **pp;

	*dr = proto;
	dr->times = times;
	dr->next = NULL;
	for (pp = &tp->exceptions[proto.type]; *pp != NULL; pp = &(*pp)->next)
		;
	*pp = dr;
}

/* the values Nagios gives a host that sets nothing */
/* what Nagios gives a host or service that sets none of these */
#define DEFAULTS                                                                   \
	.check_interval = 5, .retry_interval = 1, .active_checks_enabled = 1,         \
	.passive_checks_enabled = 1, .obsess = 1, .event_handler_enabled = 1,         \
	.flap_detection_enabled = 1, .flap_detection_options = OBJ_OPT_ALL,           \
	.notification_options = OBJ_OPT_ALL, .notifications_enabled = 1,             \
	.notification_interval = 30, .process_perf_data = 1,                          \
	.retain_status_information = 1, .retain_nonstatus_information = 1

/* a settings block of its own in o's arena, from designated initializers */
#define CFG(o, ...) t_settings((o), &(struct obj_settings){ __VA_ARGS__ })

static struct obj_settings *
t_settings(struct objects *o, const struct obj_settings *proto)
{
	struct obj_settings *c = arena_alloc(o->arena, sizeof(*c));

	*c = *proto;
	return c;
}

/* a host and a service with every piece of extended information */
static const struct obj_extinfo web1_ext = {
	.icon_image = "x.png", .icon_image_alt = "alt text", .vrml_image = "v.png",
	.statusmap_image = "s.gif", .have_2d_coords = 1, .x_2d = 10, .y_2d = 20,
	.have_3d_coords = 1, .x_3d = 1.5, .y_3d = 2, .z_3d = 3, .notes = "some notes",
	.notes_url = "http://n/", .action_url = "http://a/",
};
static const struct obj_extinfo http_ext = {
	.icon_image = "i.png", .icon_image_alt = "ia", .notes = "n", .notes_url = "nu",
	.action_url = "au",
};

static void
fixture_timeperiods(struct objects *o)
{
	struct obj_timeperiod *always, *hol, *work;

	o->ntimeperiods = 3;
	o->timeperiods = NEW(o, 3, struct obj_timeperiod);
	always = &o->timeperiods[0];
	hol = &o->timeperiods[1];
	work = &o->timeperiods[2];

	always->name = "24x7";
	always->alias = "Always";
	always->days[0] = tr(o, 0, 0, 24, 0, NULL);
	always->days[1] = tr(o, 0, 0, 9, 0, tr(o, 17, 0, 24, 0, NULL));
	always->days[2] = tr(o, 0, 0, 24, 0, NULL);
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_CALENDAR_DATE,
	    .syear = 2024, .smon = 11, .smday = 25, .eyear = 2025, .emon = 0, .emday = 2,
	    .skip_interval = 3 }, tr(o, 10, 0, 11, 0, NULL));
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_CALENDAR_DATE,
	    .syear = 2024, .smon = 11, .smday = 26, .eyear = 2024, .emon = 11, .emday = 26 },
	    tr(o, 0, 0, 24, 0, NULL));
	/* an exception without times is not written, as in Nagios */
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_CALENDAR_DATE,
	    .syear = 2024, .smon = 11, .smday = 31, .eyear = 2024, .emon = 11, .emday = 31 },
	    NULL);
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_MONTH_DATE,
	    .smon = 6, .smday = 4, .emon = 6, .emday = 4 }, tr(o, 8, 0, 9, 0, NULL));
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_MONTH_DAY,
	    .smday = 1, .emday = 15 }, tr(o, 0, 0, 1, 0, NULL));
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_MONTH_DAY,
	    .smday = -1, .emday = -1 }, tr(o, 0, 0, 1, 0, NULL));
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_MONTH_WEEK_DAY,
	    .swday = 1, .swday_offset = 1, .smon = 8, .ewday = 4, .ewday_offset = 2,
	    .emon = 9, .skip_interval = 2 }, tr(o, 0, 0, 1, 0, NULL));
	add_exception(o, always, (struct obj_daterange){ .type = OBJ_DR_WEEK_DAY,
	    .swday = 4, .swday_offset = 2, .ewday = 4, .ewday_offset = 2 },
	    tr(o, 10, 0, 12, 0, NULL));

	hol->name = "holidays";
	hol->alias = "Holidays";
	add_exception(o, hol, (struct obj_daterange){ .type = OBJ_DR_CALENDAR_DATE,
	    .syear = 2024, .smon = 11, .smday = 25, .eyear = 2024, .emon = 11, .emday = 25 },
	    tr(o, 0, 0, 24, 0, NULL));

	work->name = "workhours";
	work->alias = "Work";
	work->days[1] = tr(o, 9, 0, 17, 0, NULL);
	SET_LIST(o, work->exclude, work->nexclude, struct obj_timeperiod *, always, hol);
}

static void
fixture_contacts(struct objects *o)
{
	struct obj_timeperiod *always = &o->timeperiods[0], *work = &o->timeperiods[2];
	struct obj_command *notify = &o->commands[1], *notify2 = &o->commands[2];
	struct obj_contact *alice, *bob;

	o->ncontacts = 2;
	o->contacts = NEW(o, 2, struct obj_contact);
	alice = &o->contacts[0];
	bob = &o->contacts[1];

	*alice = (struct obj_contact){ .name = "alice", .alias = "Alice A",
		.host_notification_period = always, .service_notification_period = work,
		.host_notification_options = OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_RECOVERY,
		.service_notification_options = OBJ_OPT_WARNING | OBJ_OPT_CRITICAL |
		    OBJ_OPT_RECOVERY | OBJ_OPT_FLAPPING,
		.email = "alice@example.com", .address[1] = "foo",
		.host_notifications_enabled = 1, .service_notifications_enabled = 1,
		.can_submit_commands = 1, .retain_status_information = 1,
		.retain_nonstatus_information = 1 };
	SET_LIST(o, alice->host_notification_commands, alice->nhost_notification_commands,
	    struct obj_cmdref, { "notify2", notify2 }, { "notify", notify });
	SET_LIST(o, alice->service_notification_commands, alice->nservice_notification_commands,
	    struct obj_cmdref, { "notify", notify }, { "notify2!x", notify2 });
	SET_LIST(o, alice->vars, alice->nvars, struct obj_customvar, { "PHONE", "123" },
	    { "EMPTY", NULL });

	*bob = (struct obj_contact){ .name = "bob", .alias = "Bob",
		.host_notification_period = always, .service_notification_period = always,
		.host_notification_options = OBJ_OPT_NONE,
		.service_notification_options = OBJ_OPT_ALL, .pager = "555",
		.address[0] = "a1", .address[5] = "a6", .minimum_importance = 3,
		.service_notifications_enabled = 1, .retain_status_information = 1,
		.retain_nonstatus_information = 1 };
	SET_LIST(o, bob->host_notification_commands, bob->nhost_notification_commands,
	    struct obj_cmdref, { "notify", notify });
	SET_LIST(o, bob->service_notification_commands, bob->nservice_notification_commands,
	    struct obj_cmdref, { "notify", notify });

	o->ncontactgroups = 1;
	o->contactgroups = NEW(o, 1, struct obj_contactgroup);
	o->contactgroups[0] = (struct obj_contactgroup){ .name = "admins", .alias = "Admins" };
	SET_LIST(o, o->contactgroups[0].members, o->contactgroups[0].nmembers,
	    struct obj_contact *, alice, bob);
}

static void
fixture_hosts(struct objects *o)
{
	struct obj_timeperiod *always = &o->timeperiods[0], *work = &o->timeperiods[2];
	struct obj_contact *alice = &o->contacts[0], *bob = &o->contacts[1];
	struct obj_command *check_tcp = &o->commands[0];
	struct obj_host *app1, *db1, *web1;

	o->nhosts = 3;
	o->hosts = NEW(o, 3, struct obj_host);
	app1 = &o->hosts[0];
	db1 = &o->hosts[1];
	web1 = &o->hosts[2];

	/* display_name configured as the name itself: printed, as Nagios does */
	*app1 = (struct obj_host){ .name = arena_intern(o->arena, "app1"),
		.display_name = arena_strdup(o->arena, "app1"), .alias = "App",
		.address = "10.0.0.3", .ext = &objects_no_extinfo,
		.cfg = CFG(o, DEFAULTS, .check_period = always, .notification_period = always,
		    .max_check_attempts = 2) };
	SET_LIST(o, app1->parents, app1->nparents, struct obj_host *, db1, web1);
	SET_LIST(o, app1->cfg->contacts, app1->cfg->ncontacts, struct obj_contact *, alice);

	*db1 = (struct obj_host){ .name = "db1", .alias = "DB", .address = "10.0.0.2",
		.check_command = { "check_tcp!5432", check_tcp }, .ext = &objects_no_extinfo,
		.cfg = CFG(o, DEFAULTS, .check_period = always, .notification_period = always,
		    .max_check_attempts = 2) };
	db1->display_name = db1->name;
	SET_LIST(o, db1->parents, db1->nparents, struct obj_host *, web1);
	SET_LIST(o, db1->cfg->contacts, db1->cfg->ncontacts, struct obj_contact *, alice);

	/* initial_state DOWN: Nagios 4.4.6 writes "o" all the same */
	*web1 = (struct obj_host){ .name = "web1", .display_name = "Web One", .alias = "Web",
		.address = "10.0.0.1", .check_command = { "check_tcp!80", check_tcp },
		.ext = &web1_ext,
		.cfg = CFG(o, .event_handler = { "notify", &o->commands[1] },
		    .check_period = always, .notification_period = work,
		    .initial_state = OBJ_HOST_DOWN, .importance = 5, .check_interval = 5,
		    .retry_interval = 1.5, .max_check_attempts = 3, .active_checks_enabled = 1,
		    .event_handler_enabled = 1, .low_flap_threshold = 10.5,
		    .high_flap_threshold = 20, .flap_detection_enabled = 1,
		    .flap_detection_options = OBJ_OPT_UP | OBJ_OPT_DOWN, .freshness_threshold = 60,
		    .check_freshness = 1,
		    .notification_options = OBJ_OPT_DOWN | OBJ_OPT_RECOVERY | OBJ_OPT_FLAPPING |
			OBJ_OPT_DOWNTIME,
		    .notifications_enabled = 1, .notification_interval = 30,
		    .first_notification_delay = 2.5,
		    .stalking_options = OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE, .process_perf_data = 1,
		    .retain_nonstatus_information = 1) };
	SET_LIST(o, web1->cfg->contacts, web1->cfg->ncontacts, struct obj_contact *, alice, bob);
	SET_LIST(o, web1->cfg->contact_groups, web1->cfg->ncontact_groups,
	    struct obj_contactgroup *, &o->contactgroups[0]);
	SET_LIST(o, web1->vars, web1->nvars, struct obj_customvar, { "MAC", "00:11" },
	    { "ZED", "zz" });

	o->nhostgroups = 1;
	o->hostgroups = NEW(o, 1, struct obj_hostgroup);
	o->hostgroups[0] = (struct obj_hostgroup){ .name = "all", .alias = "All",
		.notes = "hg notes", .notes_url = "hgnu", .action_url = "hgau" };
	SET_LIST(o, o->hostgroups[0].members, o->hostgroups[0].nmembers, struct obj_host *,
	    app1, db1, web1);
}

static void
fixture_services(struct objects *o)
{
	struct obj_timeperiod *always = &o->timeperiods[0];
	struct obj_contactgroup *admins = &o->contactgroups[0];
	struct obj_contact *alice = &o->contacts[0];
	struct obj_host *db1 = &o->hosts[1], *web1 = &o->hosts[2];
	struct obj_service *pg, *pg2, *http, *https;

	o->nservices = 4;
	o->services = NEW(o, 4, struct obj_service);
	pg = &o->services[0];
	pg2 = &o->services[1];
	http = &o->services[2];
	https = &o->services[3];

	/* parents on another host: host,description pairs */
	*pg = (struct obj_service){ .host = db1, .description = "PG",
		.display_name = "PG", .check_command = { "check_tcp!5432", NULL },
		.ext = &objects_no_extinfo,
		.cfg = CFG(o, DEFAULTS, .check_period = always, .notification_period = always,
		    .max_check_attempts = 3, .parallelize_check = 1) };
	SET_LIST(o, pg->parents, pg->nparents, struct obj_service *, http, https);
	SET_LIST(o, pg->cfg->contact_groups, pg->cfg->ncontact_groups, struct obj_contactgroup *,
	    admins);

	/* a single parent, but on another host: still a pair */
	*pg2 = *pg;
	pg2->description = pg2->display_name = "PG2";
	SET_LIST(o, pg2->parents, pg2->nparents, struct obj_service *, http);

	/* initial_state CRITICAL: Nagios 4.4.6 writes "o" all the same */
	*http = (struct obj_service){ .host = web1, .description = "HTTP",
		.display_name = "HTTP", .check_command = { "check_tcp!80", NULL },
		.ext = &http_ext,
		.cfg = CFG(o, .event_handler = { "notify2!y", NULL }, .check_period = always,
		    .notification_period = always, .initial_state = OBJ_STATE_CRITICAL,
		    .importance = 7, .check_interval = 5, .retry_interval = 1,
		    .max_check_attempts = 3, .is_volatile = 1, .passive_checks_enabled = 1,
		    .obsess = 1, .event_handler_enabled = 1, .flap_detection_enabled = 1,
		    .flap_detection_options = OBJ_OPT_ALL,
		    .notification_options = OBJ_OPT_RECOVERY | OBJ_OPT_WARNING | OBJ_OPT_UNKNOWN |
			OBJ_OPT_CRITICAL,
		    .notifications_enabled = 1, .first_notification_delay = 1,
		    .stalking_options = OBJ_OPT_OK | OBJ_OPT_WARNING, .process_perf_data = 1,
		    .retain_status_information = 1) };
	SET_LIST(o, http->cfg->contacts, http->cfg->ncontacts, struct obj_contact *, alice);

	/* a single parent on the same host: the description alone */
	*https = (struct obj_service){ .host = web1, .description = "HTTPS",
		.display_name = "Secure", .check_command = { "check_tcp!443", NULL },
		.ext = &objects_no_extinfo,
		.cfg = CFG(o, DEFAULTS, .check_period = always, .notification_period = always,
		    .max_check_attempts = 3, .parallelize_check = 1) };
	SET_LIST(o, https->parents, https->nparents, struct obj_service *, http);
	SET_LIST(o, https->cfg->contacts, https->cfg->ncontacts, struct obj_contact *, alice);
	SET_LIST(o, https->vars, https->nvars, struct obj_customvar, { "X", "y" });

	o->nservicegroups = 1;
	o->servicegroups = NEW(o, 1, struct obj_servicegroup);
	o->servicegroups[0] = (struct obj_servicegroup){ .name = "sg", .alias = "SG",
		.notes = "sgn", .notes_url = "sgnu", .action_url = "sgau" };
	SET_LIST(o, o->servicegroups[0].members, o->servicegroups[0].nmembers,
	    struct obj_service *, pg, http);
}

static void
fixture_dependencies(struct objects *o)
{
	struct obj_timeperiod *always = &o->timeperiods[0], *work = &o->timeperiods[2];
	struct obj_service *pg = &o->services[0], *http = &o->services[2];
	struct obj_host *db1 = &o->hosts[1], *web1 = &o->hosts[2];
	struct obj_contact *alice = &o->contacts[0], *bob = &o->contacts[1];
	struct obj_contactgroup *admins = &o->contactgroups[0];

	SET_LIST(o, o->servicedependencies, o->nservicedependencies,
	    struct obj_servicedependency,
	    { .type = OBJ_DEP_NOTIFICATION, .master = http, .dependent = pg,
		.dependency_period = work, .failure_options = OBJ_OPT_UNKNOWN | OBJ_OPT_PENDING },
	    { .type = OBJ_DEP_EXECUTION, .master = http, .dependent = pg,
		.dependency_period = work, .failure_options = OBJ_OPT_WARNING | OBJ_OPT_CRITICAL });
	SET_LIST(o, o->hostdependencies, o->nhostdependencies, struct obj_hostdependency,
	    { .type = OBJ_DEP_NOTIFICATION, .master = web1, .dependent = db1,
		.inherits_parent = 1, .failure_options = OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE },
	    { .type = OBJ_DEP_EXECUTION, .master = web1, .dependent = db1,
		.inherits_parent = 1, .failure_options = OBJ_OPT_UP });

	o->nserviceescalations = 1;
	o->serviceescalations = NEW(o, 1, struct obj_serviceescalation);
	o->serviceescalations[0] = (struct obj_serviceescalation){ .service = http,
		.first_notification = 2, .last_notification = 5, .notification_interval = 10,
		.escalation_period = always,
		.escalation_options = OBJ_OPT_RECOVERY | OBJ_OPT_WARNING };
	SET_LIST(o, o->serviceescalations[0].contacts, o->serviceescalations[0].ncontacts,
	    struct obj_contact *, alice, bob);
	SET_LIST(o, o->serviceescalations[0].contact_groups,
	    o->serviceescalations[0].ncontact_groups, struct obj_contactgroup *, admins);

	o->nhostescalations = 1;
	o->hostescalations = NEW(o, 1, struct obj_hostescalation);
	o->hostescalations[0] = (struct obj_hostescalation){ .host = web1,
		.first_notification = 1, .last_notification = 0, .notification_interval = 60,
		.escalation_period = work,
		.escalation_options = OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE };
	SET_LIST(o, o->hostescalations[0].contacts, o->hostescalations[0].ncontacts,
	    struct obj_contact *, alice);
}

static struct objects *
fixture(void)
{
	struct objects *o = objects_new();

	fixture_timeperiods(o);
	SET_LIST(o, o->commands, o->ncommands, struct obj_command,
	    { .name = "check_tcp", .line = "/bin/true -p $ARG1$" },
	    { .name = "notify", .line = "/bin/true" },
	    { .name = "notify2", .line = "/bin/true 2" });
	fixture_contacts(o);
	fixture_hosts(o);
	fixture_services(o);
	fixture_dependencies(o);
	return o;
}

/* ---- what nagios4 -vp wrote for the same configuration ---- */

static const char exp_header[] =
    "########################################\n"
    "#       NAGIOS OBJECT CACHE FILE\n"
    "#\n"
    "# THIS FILE IS AUTOMATICALLY GENERATED\n"
    "# BY NAGIOS.  DO NOT MODIFY THIS FILE!\n"
    "#\n"
    "# Created: Tue Nov 14 22:13:20 2023\n"
    "########################################\n"
    "\n";

static const char exp_timeperiod_24x7[] =
    "define timeperiod {\n\ttimeperiod_name\t24x7\n\talias\tAlways\n"
    "\t2024-12-25 - 2025-01-02 / 3\t10:00-11:00\n\t2024-12-26\t00:00-24:00\n"
    "\tjuly 4\t08:00-09:00\n\tday 1 - 15\t00:00-01:00\n\tday -1\t00:00-01:00\n"
    "\tmonday 1 september - thursday 2 october / 2\t00:00-01:00\n\tthursday 2\t10:00-12:00\n"
    "\tsunday\t00:00-24:00\n\tmonday\t00:00-09:00,17:00-24:00\n\ttuesday\t00:00-24:00\n\t}\n\n";

static const char exp_timeperiod_holidays[] =
    "define timeperiod {\n\ttimeperiod_name\tholidays\n\talias\tHolidays\n"
    "\t2024-12-25\t00:00-24:00\n\t}\n\n";

static const char exp_timeperiod_workhours[] =
    "define timeperiod {\n\ttimeperiod_name\tworkhours\n\talias\tWork\n\texclude\t24x7,holidays\n"
    "\tmonday\t09:00-17:00\n\t}\n\n";

static const char exp_command_check_tcp[] =
    "define command {\n\tcommand_name\tcheck_tcp\n\tcommand_line\t/bin/true -p $ARG1$\n\t}\n\n";

static const char exp_command_notify[] =
    "define command {\n\tcommand_name\tnotify\n\tcommand_line\t/bin/true\n\t}\n\n";

static const char exp_command_notify2[] =
    "define command {\n\tcommand_name\tnotify2\n\tcommand_line\t/bin/true 2\n\t}\n\n";

static const char exp_contactgroup_admins[] =
    "define contactgroup {\n\tcontactgroup_name\tadmins\n\talias\tAdmins\n\tmembers\talice,bob\n"
    "\t}\n\n";

static const char exp_hostgroup_all[] =
    "define hostgroup {\n\thostgroup_name\tall\n\talias\tAll\n\tmembers\tapp1,db1,web1\n"
    "\tnotes\thg notes\n\tnotes_url\thgnu\n\taction_url\thgau\n\t}\n\n";

static const char exp_servicegroup_sg[] =
    "define servicegroup {\n\tservicegroup_name\tsg\n\talias\tSG\n\tmembers\tdb1,PG,web1,HTTP\n"
    "\tnotes\tsgn\n\tnotes_url\tsgnu\n\taction_url\tsgau\n\t}\n\n";

static const char exp_contact_alice[] =
    "define contact {\n\tcontact_name\talice\n\talias\tAlice A\n"
    "\tservice_notification_period\tworkhours\n\thost_notification_period\t24x7\n"
    "\tservice_notification_options\tr,w,c,f\n\thost_notification_options\tr,d,u\n"
    "\tservice_notification_commands\tnotify,notify2!x\n"
    "\thost_notification_commands\tnotify2,notify\n\temail\talice@example.com\n\taddress2\tfoo\n"
    "\tminimum_importance\t0\n\thost_notifications_enabled\t1\n"
    "\tservice_notifications_enabled\t1\n\tcan_submit_commands\t1\n"
    "\tretain_status_information\t1\n\tretain_nonstatus_information\t1\n\t_PHONE\t123\n"
    "\t_EMPTY\tnull\n\t}\n\n";

static const char exp_contact_bob[] =
    "define contact {\n\tcontact_name\tbob\n\talias\tBob\n\tservice_notification_period\t24x7\n"
    "\thost_notification_period\t24x7\n\tservice_notification_options\ta\n"
    "\thost_notification_options\tn\n\tservice_notification_commands\tnotify\n"
    "\thost_notification_commands\tnotify\n\tpager\t555\n\taddress1\ta1\n\taddress6\ta6\n"
    "\tminimum_importance\t3\n\thost_notifications_enabled\t0\n"
    "\tservice_notifications_enabled\t1\n\tcan_submit_commands\t0\n"
    "\tretain_status_information\t1\n\tretain_nonstatus_information\t1\n\t}\n\n";

/* display_name configured as the name itself is printed, as Nagios prints it */
static const char exp_host_app1[] =
    "define host {\n\thost_name\tapp1\n\tdisplay_name\tapp1\n\talias\tApp\n\taddress\t10.0.0.3\n\tparents\tdb1,web1\n"
    "\tcheck_period\t24x7\n\tcontacts\talice\n\tnotification_period\t24x7\n\tinitial_state\to\n"
    "\timportance\t0\n\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n"
    "\tmax_check_attempts\t2\n\tactive_checks_enabled\t1\n\tpassive_checks_enabled\t1\n"
    "\tobsess\t1\n\tevent_handler_enabled\t1\n\tlow_flap_threshold\t0.000000\n"
    "\thigh_flap_threshold\t0.000000\n\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n"
    "\tfreshness_threshold\t0\n\tcheck_freshness\t0\n\tnotification_options\ta\n"
    "\tnotifications_enabled\t1\n\tnotification_interval\t30.000000\n"
    "\tfirst_notification_delay\t0.000000\n\tstalking_options\tn\n\tprocess_perf_data\t1\n"
    "\tretain_status_information\t1\n\tretain_nonstatus_information\t1\n\t}\n\n";

static const char exp_host_db1[] =
    "define host {\n\thost_name\tdb1\n\talias\tDB\n\taddress\t10.0.0.2\n\tparents\tweb1\n"
    "\tcheck_period\t24x7\n\tcheck_command\tcheck_tcp!5432\n\tcontacts\talice\n"
    "\tnotification_period\t24x7\n\tinitial_state\to\n\timportance\t0\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n\tmax_check_attempts\t2\n"
    "\tactive_checks_enabled\t1\n\tpassive_checks_enabled\t1\n\tobsess\t1\n"
    "\tevent_handler_enabled\t1\n\tlow_flap_threshold\t0.000000\n\thigh_flap_threshold\t0.000000\n"
    "\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n\tfreshness_threshold\t0\n"
    "\tcheck_freshness\t0\n\tnotification_options\ta\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t30.000000\n\tfirst_notification_delay\t0.000000\n"
    "\tstalking_options\tn\n\tprocess_perf_data\t1\n\tretain_status_information\t1\n"
    "\tretain_nonstatus_information\t1\n\t}\n\n";

static const char exp_host_web1[] =
    "define host {\n\thost_name\tweb1\n\tdisplay_name\tWeb One\n\talias\tWeb\n"
    "\taddress\t10.0.0.1\n\tcheck_period\t24x7\n\tcheck_command\tcheck_tcp!80\n"
    "\tevent_handler\tnotify\n\tcontacts\talice,bob\n\tcontact_groups\tadmins\n"
    "\tnotification_period\tworkhours\n\tinitial_state\to\n\timportance\t5\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.500000\n\tmax_check_attempts\t3\n"
    "\tactive_checks_enabled\t1\n\tpassive_checks_enabled\t0\n\tobsess\t0\n"
    "\tevent_handler_enabled\t1\n\tlow_flap_threshold\t10.500000\n"
    "\thigh_flap_threshold\t20.000000\n\tflap_detection_enabled\t1\n"
    "\tflap_detection_options\tu,d\n\tfreshness_threshold\t60\n\tcheck_freshness\t1\n"
    "\tnotification_options\tr,d,f,s\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t30.000000\n\tfirst_notification_delay\t2.500000\n"
    "\tstalking_options\td,u\n\tprocess_perf_data\t1\n\ticon_image\tx.png\n"
    "\ticon_image_alt\talt text\n\tvrml_image\tv.png\n\tstatusmap_image\ts.gif\n"
    "\t2d_coords\t10,20\n\t3d_coords\t1.500000,2.000000,3.000000\n\tnotes\tsome notes\n"
    "\tnotes_url\thttp://n/\n\taction_url\thttp://a/\n\tretain_status_information\t0\n"
    "\tretain_nonstatus_information\t1\n\t_MAC\t00:11\n\t_ZED\tzz\n\t}\n\n";

static const char exp_service_db1_pg[] =
    "define service {\n\thost_name\tdb1\n\tservice_description\tPG\n"
    "\tparents\tweb1,HTTP,web1,HTTPS\n\tcheck_period\t24x7\n\tcheck_command\tcheck_tcp!5432\n"
    "\tcontact_groups\tadmins\n\tnotification_period\t24x7\n\tinitial_state\to\n\timportance\t0\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n\tmax_check_attempts\t3\n"
    "\tis_volatile\t0\n\tparallelize_check\t1\n\tactive_checks_enabled\t1\n"
    "\tpassive_checks_enabled\t1\n\tobsess\t1\n\tevent_handler_enabled\t1\n"
    "\tlow_flap_threshold\t0.000000\n\thigh_flap_threshold\t0.000000\n"
    "\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n\tfreshness_threshold\t0\n"
    "\tcheck_freshness\t0\n\tnotification_options\ta\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t30.000000\n\tfirst_notification_delay\t0.000000\n"
    "\tstalking_options\tn\n\tprocess_perf_data\t1\n\tretain_status_information\t1\n"
    "\tretain_nonstatus_information\t1\n\t}\n\n";

static const char exp_service_db1_pg2[] =
    "define service {\n\thost_name\tdb1\n\tservice_description\tPG2\n\tparents\tweb1,HTTP\n"
    "\tcheck_period\t24x7\n\tcheck_command\tcheck_tcp!5432\n\tcontact_groups\tadmins\n"
    "\tnotification_period\t24x7\n\tinitial_state\to\n\timportance\t0\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n\tmax_check_attempts\t3\n"
    "\tis_volatile\t0\n\tparallelize_check\t1\n\tactive_checks_enabled\t1\n"
    "\tpassive_checks_enabled\t1\n\tobsess\t1\n\tevent_handler_enabled\t1\n"
    "\tlow_flap_threshold\t0.000000\n\thigh_flap_threshold\t0.000000\n"
    "\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n\tfreshness_threshold\t0\n"
    "\tcheck_freshness\t0\n\tnotification_options\ta\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t30.000000\n\tfirst_notification_delay\t0.000000\n"
    "\tstalking_options\tn\n\tprocess_perf_data\t1\n\tretain_status_information\t1\n"
    "\tretain_nonstatus_information\t1\n\t}\n\n";

static const char exp_service_web1_http[] =
    "define service {\n\thost_name\tweb1\n\tservice_description\tHTTP\n\tcheck_period\t24x7\n"
    "\tcheck_command\tcheck_tcp!80\n\tevent_handler\tnotify2!y\n\tcontacts\talice\n"
    "\tnotification_period\t24x7\n\tinitial_state\to\n\timportance\t7\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n\tmax_check_attempts\t3\n"
    "\tis_volatile\t1\n\tparallelize_check\t0\n\tactive_checks_enabled\t0\n"
    "\tpassive_checks_enabled\t1\n\tobsess\t1\n\tevent_handler_enabled\t1\n"
    "\tlow_flap_threshold\t0.000000\n\thigh_flap_threshold\t0.000000\n"
    "\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n\tfreshness_threshold\t0\n"
    "\tcheck_freshness\t0\n\tnotification_options\tr,w,u,c\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t0.000000\n\tfirst_notification_delay\t1.000000\n"
    "\tstalking_options\to,w\n\tprocess_perf_data\t1\n\ticon_image\ti.png\n\ticon_image_alt\tia\n"
    "\tnotes\tn\n\tnotes_url\tnu\n\taction_url\tau\n\tretain_status_information\t1\n"
    "\tretain_nonstatus_information\t0\n\t}\n\n";

static const char exp_service_web1_https[] =
    "define service {\n\thost_name\tweb1\n\tservice_description\tHTTPS\n\tdisplay_name\tSecure\n"
    "\tparents\tHTTP\n\tcheck_period\t24x7\n\tcheck_command\tcheck_tcp!443\n\tcontacts\talice\n"
    "\tnotification_period\t24x7\n\tinitial_state\to\n\timportance\t0\n"
    "\tcheck_interval\t5.000000\n\tretry_interval\t1.000000\n\tmax_check_attempts\t3\n"
    "\tis_volatile\t0\n\tparallelize_check\t1\n\tactive_checks_enabled\t1\n"
    "\tpassive_checks_enabled\t1\n\tobsess\t1\n\tevent_handler_enabled\t1\n"
    "\tlow_flap_threshold\t0.000000\n\thigh_flap_threshold\t0.000000\n"
    "\tflap_detection_enabled\t1\n\tflap_detection_options\ta\n\tfreshness_threshold\t0\n"
    "\tcheck_freshness\t0\n\tnotification_options\ta\n\tnotifications_enabled\t1\n"
    "\tnotification_interval\t30.000000\n\tfirst_notification_delay\t0.000000\n"
    "\tstalking_options\tn\n\tprocess_perf_data\t1\n\tretain_status_information\t1\n"
    "\tretain_nonstatus_information\t1\n\t_X\ty\n\t}\n\n";

static const char exp_sdep_notification[] =
    "define servicedependency {\n\thost_name\tweb1\n\tservice_description\tHTTP\n"
    "\tdependent_host_name\tdb1\n\tdependent_service_description\tPG\n"
    "\tdependency_period\tworkhours\n\tinherits_parent\t0\n\tnotification_failure_options\tu,p\n"
    "\t}\n\n";

static const char exp_sdep_execution[] =
    "define servicedependency {\n\thost_name\tweb1\n\tservice_description\tHTTP\n"
    "\tdependent_host_name\tdb1\n\tdependent_service_description\tPG\n"
    "\tdependency_period\tworkhours\n\tinherits_parent\t0\n\texecution_failure_options\tw,c\n\t}\n"
    "\n";

static const char exp_sesc_http[] =
    "define serviceescalation {\n\thost_name\tweb1\n\tservice_description\tHTTP\n"
    "\tfirst_notification\t2\n\tlast_notification\t5\n\tnotification_interval\t10.000000\n"
    "\tescalation_period\t24x7\n\tescalation_options\tr,w\n\tcontacts\talice,bob\n"
    "\tcontact_groups\tadmins\n\t}\n\n";

static const char exp_hdep_notification[] =
    "define hostdependency {\n\thost_name\tweb1\n\tdependent_host_name\tdb1\n"
    "\tinherits_parent\t1\n\tnotification_failure_options\td,u\n\t}\n\n";

static const char exp_hdep_execution[] =
    "define hostdependency {\n\thost_name\tweb1\n\tdependent_host_name\tdb1\n"
    "\tinherits_parent\t1\n\texecution_failure_options\to\n\t}\n\n";

static const char exp_hesc_web1[] =
    "define hostescalation {\n\thost_name\tweb1\n\tfirst_notification\t1\n\tlast_notification\t0\n"
    "\tnotification_interval\t60.000000\n\tescalation_period\tworkhours\n"
    "\tescalation_options\td,u\n\tcontacts\talice\n\t}\n\n";

/* ---- helpers ---- */

static char *
render(const struct objects *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(objcache_fprint(o, fp, NOW), 0);
	assert_int_equal(fclose(fp), 0);
	return buf;
}

/* exp must appear in out as a whole block */
static void
assert_block(const char *out, const char *exp)
{
	if (strstr(out, exp) == NULL) {
		print_error("expected block not found:\n%s\nin output:\n%s\n", exp, out);
		fail();
	}
}

/* the whole file at path; the fixture's output is far below the cap */
static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf = calloc(1, 1 << 16);
	size_t n;

	assert_non_null(fp);
	assert_non_null(buf);
	n = fread(buf, 1, (1 << 16) - 1, fp);
	assert_true(n < (1 << 16) - 1);
	fclose(fp);
	return buf;
}
/* entries in dir other than . and .. */
static int
count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static int
setup(void **state)
{
	/* ctime in the header is local time */
	setenv("TZ", "UTC", 1);
	tzset();
	*state = fixture();
	return 0;
}

static int
teardown(void **state)
{
	objects_free(*state);
	return 0;
}

/* ---- output ---- */

static void
test_empty(void **state)
{
	struct objects *o = objects_new();
	char *out = render(o);

	(void)state;
	assert_string_equal(out, exp_header);
	free(out);
	objects_free(o);
}

static void
test_timeperiods(void **state)
{
	char *out = render(*state);

	assert_block(out, exp_timeperiod_24x7);
	assert_block(out, exp_timeperiod_holidays);
	assert_block(out, exp_timeperiod_workhours);
	free(out);
}

/* every block, in Nagios's type order; the first four are the header and timeperiods */
static const char *const exp_file[] = {
	exp_header,
	exp_timeperiod_24x7, exp_timeperiod_holidays, exp_timeperiod_workhours,
	exp_command_check_tcp, exp_command_notify, exp_command_notify2,
	exp_contactgroup_admins, exp_hostgroup_all, exp_servicegroup_sg,
	exp_contact_alice, exp_contact_bob,
	exp_host_app1, exp_host_db1, exp_host_web1,
	exp_service_db1_pg, exp_service_db1_pg2, exp_service_web1_http, exp_service_web1_https,
	exp_sdep_notification, exp_sdep_execution, exp_sesc_http,
	exp_hdep_notification, exp_hdep_execution, exp_hesc_web1,
};
#define EXP_NBLOCKS (sizeof(exp_file) / sizeof(exp_file[0]))

/* each object block but timeperiods, exactly as Nagios wrote it */
static void
test_objects(void **state)
{
	char *out = render(*state);
	size_t i;

	for (i = 4; i < EXP_NBLOCKS; i++)
		assert_block(out, exp_file[i]);
	free(out);
}

/* the blocks in order and nothing else */
static void
test_whole_file(void **state)
{
	char *exp = NULL, *out = render(*state);
	size_t len = 0, i;
	FILE *fp = open_memstream(&exp, &len);

	assert_non_null(fp);
	for (i = 0; i < EXP_NBLOCKS; i++)
		fputs(exp_file[i], fp);
	fclose(fp);
	assert_string_equal(out, exp);
	free(exp);
	free(out);
}

/* Nagios's opts2str: n, a, the ok letter first, then the map's order */
static void
test_option_letters(void **state)
{
#define EVENTS (OBJ_OPT_FLAPPING | OBJ_OPT_DOWNTIME | OBJ_OPT_PENDING | OBJ_OPT_NOTIFICATIONS)
	static const struct {
		unsigned opts;
		const char *host, *service;
	} cases[] = {
		{ OBJ_OPT_NONE, "n", "n" },
		{ OBJ_OPT_ALL, "a", "a" },
		{ OBJ_OPT_RECOVERY, "r", "r" },
		{ OBJ_OPT_PENDING | OBJ_OPT_UNREACHABLE | OBJ_OPT_RECOVERY, "r,u,p", "r,c,p" },
		{ EVENTS | 07u, "r,d,u,f,s,p,N", "r,w,c,f,s,p,N" },
		/* UNKNOWN (bit 3) is no host option: Nagios leaves a trailing comma */
		{ EVENTS | 017u, "r,d,u,f,s,p,N,", "r,w,u,c,f,s,p,N" },
	};
	struct objects *o = objects_new();
	struct obj_host h = { .name = "h" };
	struct obj_service s = { .host = &h, .description = "s" };
	char line[128], *out;
	size_t i;

	(void)state;
	o->nserviceescalations = o->nhostescalations = 1;
	o->serviceescalations = &(struct obj_serviceescalation){ .service = &s };
	o->hostescalations = &(struct obj_hostescalation){ .host = &h };
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		o->serviceescalations->escalation_options = cases[i].opts;
		o->hostescalations->escalation_options = cases[i].opts;
		out = render(o);
		snprintf(line, sizeof(line),
		    "\tescalation_options\t%s\n\t}\n\ndefine hostescalation", cases[i].service);
		assert_non_null(strstr(out, line));
		/* the host escalation comes last */
		snprintf(line, sizeof(line), "\tescalation_options\t%s\n\t}\n\n", cases[i].host);
		assert_string_equal(out + strlen(out) - strlen(line), line);
		free(out);
	}
	objects_free(o);
}

static void
test_display_name(void **state)
{
	struct objects *o = objects_new();
	struct obj_host *h;
	unsigned i;
	char *out;

	(void)state;
	o->nhosts = 4;
	o->hosts = NEW(o, 4, struct obj_host);
	h = o->hosts;
	for (i = 0; i < 4; i++) {
		h[i].ext = &objects_no_extinfo;
		h[i].cfg = CFG(o, DEFAULTS);
	}
	/* configured, equal to the name: a string of its own, printed as Nagios does */
	h[0].name = "same";
	h[0].display_name = arena_strdup(o->arena, "same");
	h[1].name = "unset";
	h[1].display_name = NULL;
	h[2].name = "other";
	h[2].display_name = "Other";
	/* not configured: the builder points it at the name */
	h[3].name = "plain";
	h[3].display_name = h[3].name;
	out = render(o);
	assert_non_null(strstr(out, "\thost_name\tsame\n\tdisplay_name\tsame\n"));
	assert_non_null(strstr(out, "\thost_name\tunset\n\tinitial_state\to\n"));
	assert_non_null(strstr(out, "\thost_name\tother\n\tdisplay_name\tOther\n"));
	assert_non_null(strstr(out, "\thost_name\tplain\n\tinitial_state\to\n"));
	free(out);
	objects_free(o);
}

/* ---- the file ---- */

static void
test_write_new(void **state)
{
	char dir[] = "/tmp/test_objcache.XXXXXX", path[64], err[256];
	char *exp = render(*state), *got;
	struct stat st;
	mode_t mask;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/objects.cache", dir);
	assert_int_equal(objcache_write(*state, path, NOW, err, sizeof(err)), 0);
	got = slurp(path);
	assert_string_equal(got, exp);
	assert_int_equal(count_entries(dir), 1);
	/* readable like a file fopen would create, not mkstemp's 0600 */
	mask = umask(022);
	umask(mask);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0666 & ~mask);
	free(got);
	free(exp);
	unlink(path);
	rmdir(dir);
}

/* the old file is replaced by rename, never truncated in place */
static void
test_write_replaces_atomically(void **state)
{
	char dir[] = "/tmp/test_objcache.XXXXXX", path[64], err[256], old[8] = { 0 };
	struct stat before, after;
	int fd, oldfd;
	char *got;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/objects.cache", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0640);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "old\n", 4), 4);
	close(fd);
	assert_int_equal(chmod(path, 0640), 0);
	assert_int_equal(stat(path, &before), 0);
	oldfd = open(path, O_RDONLY);
	assert_true(oldfd >= 0);

	assert_int_equal(objcache_write(*state, path, NOW, err, sizeof(err)), 0);

	assert_int_equal(stat(path, &after), 0);
	assert_true(after.st_ino != before.st_ino);
	assert_int_equal(after.st_mode & 07777, 0640);
	/* a reader holding the old file still sees it whole */
	assert_int_equal(read(oldfd, old, sizeof(old) - 1), 4);
	assert_string_equal(old, "old\n");
	close(oldfd);
	got = slurp(path);
	assert_int_equal(strncmp(got, exp_header, strlen(exp_header)), 0);
	assert_int_equal(count_entries(dir), 1);
	free(got);
	unlink(path);
	rmdir(dir);
}

static void
test_write_failure_leaves_nothing(void **state)
{
	char dir[] = "/tmp/test_objcache.XXXXXX", path[64], err[256];

	assert_non_null(mkdtemp(dir));

	/* no such directory: mkstemp fails */
	snprintf(path, sizeof(path), "%s/missing/objects.cache", dir);
	err[0] = '\0';
	assert_int_equal(objcache_write(*state, path, NOW, err, sizeof(err)), -1);
	assert_non_null(strstr(err, strerror(ENOENT)));
	assert_non_null(strstr(err, path));

	/* the target is a directory: rename fails after the temporary is written */
	snprintf(path, sizeof(path), "%s/objects.cache", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	err[0] = '\0';
	assert_int_equal(objcache_write(*state, path, NOW, err, sizeof(err)), -1);
	assert_non_null(strstr(err, strerror(EISDIR)));
	assert_int_equal(count_entries(dir), 1);
	assert_int_equal(count_entries(path), 0);
	rmdir(path);
	rmdir(dir);
}

static void
test_write_disabled(void **state)
{
	char err[64] = "";
	struct stat st;

	assert_int_equal(objcache_write(*state, NULL, NOW, err, sizeof(err)), 0);
	assert_int_equal(objcache_write(*state, "/dev/null", NOW, err, sizeof(err)), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_string_equal(err, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_timeperiods),
		cmocka_unit_test(test_objects),
		cmocka_unit_test(test_whole_file),
		cmocka_unit_test(test_option_letters),
		cmocka_unit_test(test_display_name),
		cmocka_unit_test(test_write_new),
		cmocka_unit_test(test_write_replaces_atomically),
		cmocka_unit_test(test_write_failure_leaves_nothing),
		cmocka_unit_test(test_write_disabled),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

/*
 * test_mgroute: the queue of a host or service check, in mod_gearman's
 * order, over hand-made objects.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgroute.h"
#include "engine/objects/objects.h"

static struct obj_hostgroup hg_web = { .name = "web" }, hg_db = { .name = "db" },
	hg_dmz = { .name = "dmz" };
static struct obj_servicegroup sg_http = { .name = "http" }, sg_slow = { .name = "slow" };
static struct obj_hostgroup *web1_groups[] = { &hg_web, &hg_dmz };
static struct obj_hostgroup *db1_groups[] = { &hg_db };
static struct obj_servicegroup *http_groups[] = { &sg_http };
static struct obj_servicegroup *slow_groups[] = { &sg_slow, &sg_http };
static struct obj_customvar web1_vars[] = { { "WORKER", "dmz_workers" } };
static struct obj_customvar local_vars[] = { { "WORKER", "local" } };
static struct obj_customvar empty_vars[] = { { "WORKER", NULL } };

static struct obj_host web1 = { .name = "web1", .groups = web1_groups, .ngroups = 2 };
static struct obj_host db1 = { .name = "db1", .groups = db1_groups, .ngroups = 1 };
static struct obj_host bare = { .name = "bare" };
static struct obj_service web1_http = { .host = &web1, .description = "HTTP",
	.groups = http_groups, .ngroups = 1 };
static struct obj_service db1_slow = { .host = &db1, .description = "SLOW",
	.groups = slow_groups, .ngroups = 2 };
static struct obj_service db1_disk = { .host = &db1, .description = "DISK" };
static struct obj_service bare_ping = { .host = &bare, .description = "PING" };

static char buf[MGROUTE_QUEUE_MAX];

/* a configuration of the mod_gearman words in args */
static struct mgcfg *
cfg(const char *args)
{
	struct diag *d = diag_new(NULL);
	struct mgcfg *m = mgcfg_new("/");

	assert_int_equal(mgcfg_read_args(m, args, "nagios.cfg", 1, d), 0);
	assert_int_equal(mgcfg_finish(m, "nagios.cfg", 1, d), 0);
	diag_free(d);
	return m;
}

static void
expect(const struct mgcfg *m, const struct obj_host *h, const struct obj_service *s,
    const char *want)
{
	const char *q = mgroute_queue(m, h, s, buf, sizeof(buf));

	if (want == NULL)
		assert_null(q);
	else
		assert_string_equal(q, want);
}

/* the defaults: no queue option at all, so hosts and services are on */
static void
t_general(void **state)
{
	struct mgcfg *m = cfg("server=gm1 encryption=no");

	(void)state;
	expect(m, &web1, NULL, "host");
	expect(m, &web1, &web1_http, "service");
	mgcfg_free(m);
	m = cfg("server=gm1 encryption=no services=yes");
	expect(m, &web1, NULL, NULL); /* hosts is off once a queue was chosen by hand */
	expect(m, &web1, &web1_http, "service");
	mgcfg_free(m);
}

/* groups: service groups before host groups, in the order listed, then the general queue */
static void
t_groups(void **state)
{
	struct mgcfg *m = cfg("server=gm1 encryption=no hosts=yes services=yes "
	    "hostgroups=dmz,web servicegroups=slow,http");

	(void)state;
	expect(m, &web1, NULL, "hostgroup_dmz");
	expect(m, &web1, &web1_http, "servicegroup_http");
	expect(m, &db1, &db1_slow, "servicegroup_slow");
	expect(m, &db1, &db1_disk, "service");
	expect(m, &db1, NULL, "host");
	/* a host group routes the host's services too, after the service groups */
	mgcfg_free(m);
	m = cfg("server=gm1 encryption=no hostgroups=db");
	expect(m, &db1, &db1_disk, "hostgroup_db");
	expect(m, &bare, &bare_ping, NULL); /* services is off: chosen by hand */
	mgcfg_free(m);
}

/* local groups keep checks here, before any other group */
static void
t_local(void **state)
{
	struct mgcfg *m = cfg("server=gm1 encryption=no hosts=yes services=yes "
	    "servicegroups=http localhostgroups=web localservicegroups=slow");

	(void)state;
	expect(m, &web1, NULL, NULL);
	expect(m, &web1, &web1_http, NULL); /* its host is in a local host group */
	expect(m, &db1, &db1_slow, NULL);
	expect(m, &db1, &db1_disk, "service");
	mgcfg_free(m);
}

/* the custom variable wins over everything; "local" or no value runs here */
static void
t_custom_variable(void **state)
{
	struct mgcfg *m = cfg("server=gm1 encryption=no hosts=yes services=yes "
	    "localhostgroups=web queue_custom_variable=worker");
	struct obj_service s = db1_disk;
	struct obj_host h = bare;

	(void)state;
	web1.vars = web1_vars;
	web1.nvars = 1;
	expect(m, &web1, NULL, "dmz_workers");
	expect(m, &web1, &web1_http, "dmz_workers"); /* the host's, for its services */
	s.vars = local_vars;
	s.nvars = 1;
	expect(m, &db1, &s, NULL);
	h.vars = empty_vars;
	h.nvars = 1;
	expect(m, &h, NULL, NULL);
	web1.vars = NULL;
	web1.nvars = 0;
	mgcfg_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_general),
		cmocka_unit_test(t_groups),
		cmocka_unit_test(t_local),
		cmocka_unit_test(t_custom_variable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_objects: lifetime and name lookups of a configuration generation.
 *
 * The fixture is built by hand in the generation's own arena, the way the
 * builder in compat/config does it: two hosts, two services (one per host,
 * plus the same description on both so the host part of the service key
 * matters), a command, a timeperiod, a contact and one group of each kind.
 * Every objects_find_* must hit with the array element itself and miss on
 * unknown names; service keys longer than the 512-byte stack buffer take
 * the heap path.  Links engine/objects/objects.c and
 * engine/util/{arena,hash,xalloc}.c.
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

#include <cmocka.h>

#include "engine/objects/objects.h"
#include "engine/util/arena.h"

/* array of n zeroed objects of type T in the generation's arena */
#define T_ARRAY(o, type, n) ((type *)arena_zalloc((o)->arena, sizeof(type) * (n)))

static struct objects *
t_build(void)
{
	struct objects *o = objects_new();
	struct arena *a = o->arena;

	o->ntimeperiods = 1;
	o->timeperiods = T_ARRAY(o, struct obj_timeperiod, 1);
	o->timeperiods[0].name = arena_strdup(a, "24x7");

	o->ncommands = 1;
	o->commands = T_ARRAY(o, struct obj_command, 1);
	o->commands[0].name = arena_strdup(a, "check_ping");
	o->commands[0].line = arena_strdup(a, "$USER1$/check_ping -H $HOSTADDRESS$");

	o->ncontacts = 1;
	o->contacts = T_ARRAY(o, struct obj_contact, 1);
	o->contacts[0].name = arena_strdup(a, "admin");

	o->ncontactgroups = 1;
	o->contactgroups = T_ARRAY(o, struct obj_contactgroup, 1);
	o->contactgroups[0].name = arena_strdup(a, "admins");

	o->nhosts = 2;
	o->hosts = T_ARRAY(o, struct obj_host, 2);
	o->hosts[0].id = 0;
	o->hosts[0].name = arena_strdup(a, "db01");
	o->hosts[1].id = 1;
	o->hosts[1].name = arena_strdup(a, "web01");

	o->nhostgroups = 1;
	o->hostgroups = T_ARRAY(o, struct obj_hostgroup, 1);
	o->hostgroups[0].name = arena_strdup(a, "linux-servers");

	o->nservices = 3;
	o->services = T_ARRAY(o, struct obj_service, 3);
	o->services[0].host = &o->hosts[0];
	o->services[0].description = arena_strdup(a, "PING");
	o->services[1].host = &o->hosts[1];
	o->services[1].description = arena_strdup(a, "HTTP");
	o->services[2].host = &o->hosts[1];
	o->services[2].description = arena_strdup(a, "PING");

	o->nservicegroups = 1;
	o->servicegroups = T_ARRAY(o, struct obj_servicegroup, 1);
	o->servicegroups[0].name = arena_strdup(a, "pings");
	return o;
}

static int
t_setup(void **state)
{
	struct objects *o = t_build();

	objects_index(o);
	*state = o;
	return 0;
}

static int
t_teardown(void **state)
{
	objects_free(*state);
	return 0;
}

static void
t_find_hits(void **state)
{
	struct objects *o = *state;
	char name[16];

	assert_ptr_equal(objects_find_timeperiod(o, "24x7"), &o->timeperiods[0]);
	assert_ptr_equal(objects_find_command(o, "check_ping"), &o->commands[0]);
	assert_ptr_equal(objects_find_contact(o, "admin"), &o->contacts[0]);
	assert_ptr_equal(objects_find_contactgroup(o, "admins"), &o->contactgroups[0]);
	assert_ptr_equal(objects_find_host(o, "db01"), &o->hosts[0]);
	assert_ptr_equal(objects_find_host(o, "web01"), &o->hosts[1]);
	assert_ptr_equal(objects_find_hostgroup(o, "linux-servers"), &o->hostgroups[0]);
	assert_ptr_equal(objects_find_servicegroup(o, "pings"), &o->servicegroups[0]);
	/* the name need not be the arena's copy */
	snprintf(name, sizeof(name), "%s", "web01");
	assert_ptr_equal(objects_find_host(o, name), &o->hosts[1]);
}

static void
t_find_misses(void **state)
{
	struct objects *o = *state;

	assert_null(objects_find_timeperiod(o, "workhours"));
	assert_null(objects_find_command(o, "check_http"));
	assert_null(objects_find_contact(o, "nobody"));
	assert_null(objects_find_contactgroup(o, "admin")); /* a contact, not a group */
	assert_null(objects_find_host(o, "web02"));
	assert_null(objects_find_host(o, "WEB01"));
	assert_null(objects_find_host(o, "web0"));
	assert_null(objects_find_host(o, ""));
	assert_null(objects_find_hostgroup(o, "db01")); /* a host, not a group */
	assert_null(objects_find_servicegroup(o, "PING"));
	/* kinds have separate namespaces */
	assert_null(objects_find_host(o, "24x7"));
	assert_null(objects_find_command(o, "admin"));
	assert_null(objects_find_timeperiod(o, "check_ping"));
}

static void
t_find_service(void **state)
{
	struct objects *o = *state;

	assert_ptr_equal(objects_find_service(o, "db01", "PING"), &o->services[0]);
	assert_ptr_equal(objects_find_service(o, "web01", "HTTP"), &o->services[1]);
	/* same description on another host is another service */
	assert_ptr_equal(objects_find_service(o, "web01", "PING"), &o->services[2]);
	assert_null(objects_find_service(o, "db01", "HTTP"));
	assert_null(objects_find_service(o, "web02", "PING"));
	assert_null(objects_find_service(o, "web01", "ping"));
	assert_null(objects_find_service(o, "", "PING"));
	assert_null(objects_find_service(o, "web01", ""));
	/* the separator cannot be forged from a split at another point */
	assert_null(objects_find_service(o, "web0", "1HTTP"));
	assert_null(objects_find_service(o, "web01H", "TTP"));
	assert_null(objects_find_service(o, "web01;HTTP", ""));
}

static void
t_find_service_long(void **state)
{
	struct objects *o = objects_new();
	struct arena *a = o->arena;
	char host[400], d1[300], d2[600], d3[1000];

	(void)state;
	/* 400 + 300 + 2 and 400 + 600 + 2 pass the 512-byte stack buffer */
	memset(host, 'h', sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	memset(d1, 's', sizeof(d1) - 1);
	d1[sizeof(d1) - 1] = '\0';
	memset(d2, 't', sizeof(d2) - 1);
	d2[sizeof(d2) - 1] = '\0';
	memset(d3, 'u', sizeof(d3) - 1);
	d3[sizeof(d3) - 1] = '\0';

	o->nhosts = 1;
	o->hosts = T_ARRAY(o, struct obj_host, 1);
	o->hosts[0].name = arena_strdup(a, host);
	o->nservices = 3;
	o->services = T_ARRAY(o, struct obj_service, 3);
	o->services[0].host = &o->hosts[0];
	o->services[0].description = arena_strdup(a, d1);
	o->services[1].host = &o->hosts[0];
	o->services[1].description = arena_strdup(a, d2);
	o->services[2].host = &o->hosts[0];
	o->services[2].description = arena_strdup(a, "short");
	objects_index(o);

	assert_ptr_equal(objects_find_service(o, host, d1), &o->services[0]);
	assert_ptr_equal(objects_find_service(o, host, d2), &o->services[1]);
	assert_ptr_equal(objects_find_service(o, host, "short"), &o->services[2]);
	assert_null(objects_find_service(o, host, d3));
	d2[598] = 'x'; /* differs only in the last byte */
	assert_null(objects_find_service(o, host, d2));
	assert_null(objects_find_service(o, d3, "short"));
	objects_free(o);
}

static void
t_find_service_boundary(void **state)
{
	struct objects *o = objects_new();
	struct arena *a = o->arena;
	char host[11], d510[500], d511[501], d512[502];
	unsigned i;

	(void)state;
	/* keys of 511, 512 and 513 bytes with the NUL: both sides of the buffer */
	memset(host, 'b', 10);
	host[10] = '\0';
	memset(d510, 'p', 499);
	d510[499] = '\0'; /* 10 + 499 + 2 = 511 */
	memset(d511, 'p', 500);
	d511[500] = '\0'; /* 10 + 500 + 2 = 512 */
	memset(d512, 'q', 501);
	d512[501] = '\0'; /* 10 + 501 + 2 = 513 */
	o->nhosts = 1;
	o->hosts = T_ARRAY(o, struct obj_host, 1);
	o->hosts[0].name = arena_strdup(a, host);
	o->nservices = 3;
	o->services = T_ARRAY(o, struct obj_service, 3);
	for (i = 0; i < 3; i++)
		o->services[i].host = &o->hosts[0];
	o->services[0].description = arena_strdup(a, d510);
	o->services[1].description = arena_strdup(a, d511);
	o->services[2].description = arena_strdup(a, d512);
	objects_index(o);
	assert_ptr_equal(objects_find_service(o, host, d510), &o->services[0]);
	assert_ptr_equal(objects_find_service(o, host, d511), &o->services[1]);
	assert_ptr_equal(objects_find_service(o, host, d512), &o->services[2]);
	d512[0] = 'p';
	assert_null(objects_find_service(o, host, d512));
	objects_free(o);
}

static void
t_before_index(void **state)
{
	struct objects *o = t_build();

	(void)state;
	/* no indexes yet: lookups miss instead of crashing */
	assert_null(objects_find_host(o, "web01"));
	assert_null(objects_find_command(o, "check_ping"));
	assert_null(objects_find_timeperiod(o, "24x7"));
	assert_null(objects_find_contact(o, "admin"));
	assert_null(objects_find_contactgroup(o, "admins"));
	assert_null(objects_find_hostgroup(o, "linux-servers"));
	assert_null(objects_find_servicegroup(o, "pings"));
	assert_null(objects_find_service(o, "web01", "HTTP"));
	objects_index(o);
	assert_ptr_equal(objects_find_host(o, "web01"), &o->hosts[1]);
	objects_free(o);
}

static void
t_empty(void **state)
{
	struct objects *o = objects_new();

	(void)state;
	assert_non_null(o->arena);
	assert_int_equal(o->nhosts, 0);
	assert_null(o->hosts);
	objects_index(o);
	assert_null(objects_find_host(o, "x"));
	assert_null(objects_find_service(o, "x", "y"));
	assert_null(objects_find_command(o, "x"));
	objects_free(o);
	objects_free(NULL);
}

static void
t_duplicates_keep_first(void **state)
{
	struct objects *o = objects_new();

	(void)state;
	o->nhosts = 2;
	o->hosts = T_ARRAY(o, struct obj_host, 2);
	o->hosts[0].name = arena_strdup(o->arena, "dup");
	o->hosts[1].name = arena_strdup(o->arena, "dup");
	o->nservices = 2;
	o->services = T_ARRAY(o, struct obj_service, 2);
	o->services[0].host = &o->hosts[0];
	o->services[0].description = "s";
	o->services[1].host = &o->hosts[1];
	o->services[1].description = "s";
	objects_index(o);
	assert_ptr_equal(objects_find_host(o, "dup"), &o->hosts[0]);
	assert_ptr_equal(objects_find_service(o, "dup", "s"), &o->services[0]);
	objects_free(o);
}

static void
t_many_hosts(void **state)
{
	struct objects *o = objects_new();
	char buf[32];
	unsigned i;

	(void)state;
	o->nhosts = 5000;
	o->hosts = T_ARRAY(o, struct obj_host, 5000);
	o->nservices = 5000;
	o->services = T_ARRAY(o, struct obj_service, 5000);
	for (i = 0; i < 5000; i++) {
		snprintf(buf, sizeof(buf), "host%05u", i);
		o->hosts[i].id = i;
		o->hosts[i].name = arena_strdup(o->arena, buf);
		o->services[i].id = i;
		o->services[i].host = &o->hosts[i];
		o->services[i].description = "PING";
	}
	objects_index(o);
	for (i = 0; i < 5000; i++) {
		snprintf(buf, sizeof(buf), "host%05u", i);
		assert_ptr_equal(objects_find_host(o, buf), &o->hosts[i]);
		assert_ptr_equal(objects_find_service(o, buf, "PING"), &o->services[i]);
	}
	assert_null(objects_find_host(o, "host05000"));
	objects_free(o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_find_hits, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_find_misses, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(t_find_service, t_setup, t_teardown),
		cmocka_unit_test(t_find_service_long),
		cmocka_unit_test(t_find_service_boundary),
		cmocka_unit_test(t_before_index),
		cmocka_unit_test(t_empty),
		cmocka_unit_test(t_duplicates_keep_first),
		cmocka_unit_test(t_many_hosts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

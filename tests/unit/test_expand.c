/*
 * test_expand: membership from both sides and nesting, services copied per
 * host (exclusions, '*', regular expressions, host-specific precedence),
 * servicegroups, dependencies and escalations per pair, extinfo merging
 * and the implied inheritance of contacts, periods and options.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/config/expand.h"
#include "compat/config/inherit.h"
#include "compat/config/lexer.h"
#include "compat/config/maincfg.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"

struct fx {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
	struct main_cfg cfg;
};

static int
fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->a = arena_new();
	f->d = diag_new(NULL);
	f->rs = rawstore_new(f->a, f->d);
	f->cfg.allow_empty_hostgroup_assignment = 2;
	*state = f;
	return 0;
}

static int
fx_teardown(void **state)
{
	struct fx *f = *state;

	rawstore_free(f->rs);
	diag_free(f->d);
	arena_free(f->a);
	free(f);
	return 0;
}

static const char hosts3[] =
    "define host {\nhost_name h1\nhostgroups web\n}\n"
    "define host {\nhost_name h2\n}\n"
    "define host {\nhost_name db1\n}\n"
    "define hostgroup {\nhostgroup_name web\nmembers h2\n}\n"
    "define hostgroup {\nhostgroup_name db\nmembers db1\n}\n"
    "define hostgroup {\nhostgroup_name all\nhostgroup_members web,db\n}\n";

static int
load(struct fx *f, const char *a, const char *b)
{
	if (a != NULL)
		assert_int_equal(lexer_read_buffer(f->rs, "a.cfg", a, strlen(a)), 0);
	if (b != NULL)
		assert_int_equal(lexer_read_buffer(f->rs, "b.cfg", b, strlen(b)), 0);
	assert_int_equal(inherit_resolve_all(f->rs), 0);
	return expand_all(f->rs, &f->cfg);
}

static struct rawobj *
find(struct fx *f, enum otype t, unsigned slot, const char *name)
{
	size_t i;
	struct rawobj *o;

	for (i = 0; i < f->rs->objs[t].len; i++) {
		o = f->rs->objs[t].items[i];
		if (o->reg && !o->dead && raw_str(o, slot) != NULL && strcmp(raw_str(o, slot), name) == 0)
			return o;
	}
	return NULL;
}

static struct rawobj *
svc(struct fx *f, const char *host, const char *desc)
{
	size_t i;
	struct rawobj *o;

	for (i = 0; i < f->rs->objs[OT_SERVICE].len; i++) {
		o = f->rs->objs[OT_SERVICE].items[i];
		if (o->reg && !o->dead && strcmp(raw_str(o, OT_SVC_HOST_NAME), host) == 0 &&
		    strcmp(raw_str(o, OT_SVC_SERVICE_DESCRIPTION), desc) == 0)
			return o;
	}
	return NULL;
}

static unsigned
live(struct fx *f, enum otype t)
{
	size_t i;
	unsigned n = 0;
	struct rawobj *o;

	for (i = 0; i < f->rs->objs[t].len; i++) {
		o = f->rs->objs[t].items[i];
		n += o->reg && !o->dead;
	}
	return n;
}

static void
t_hostgroups_both_sides_and_nesting(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, hosts3, NULL), 0);
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "web"), OT_GROUP_MEMBERS),
	    "h1,h2");
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "all"), OT_GROUP_MEMBERS),
	    "h1,h2,db1");
}

static void
t_group_exclusion_and_star(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, hosts3,
	    "define hostgroup {\nhostgroup_name most\nmembers *,!h2\n}\n"), 0);
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "most"), OT_GROUP_MEMBERS),
	    "h1,db1");
}

static void
t_circular_nesting(void **state)
{
	struct fx *f = *state;

	assert_true(load(f, "define host {\nhost_name h\n}\n"
	    "define hostgroup {\nhostgroup_name a\nhostgroup_members b\n}\n"
	    "define hostgroup {\nhostgroup_name b\nhostgroup_members a\n}\n", NULL) > 0);
	assert_true(diag_has(f->d, DIAG_ERROR, "Circular group membership"));
}

static void
t_service_on_hostgroup_with_exclusion(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, hosts3,
	    "define service {\nhostgroup_name all\nhost_name !db1\nservice_description S\n}\n"), 0);
	assert_non_null(svc(f, "h1", "S"));
	assert_non_null(svc(f, "h2", "S"));
	assert_null(svc(f, "db1", "S"));
	assert_int_equal(live(f, OT_SERVICE), 2);
}

static void
t_host_specific_beats_hostgroup(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, hosts3,
	    "define service {\nhost_name h1\nservice_description S\nnotes specific\n}\n"
	    "define service {\nhostgroup_name web\nservice_description S\nnotes group\n}\n"), 0);
	assert_string_equal(raw_str(svc(f, "h1", "S"), OT_SVC_NOTES), "specific");
	assert_string_equal(raw_str(svc(f, "h2", "S"), OT_SVC_NOTES), "group");
	assert_true(diag_has(f->d, DIAG_WARNING, "Duplicate definition found for service 'S' on "
	    "host 'h1'"));
}

static void
t_star_and_regexp(void **state)
{
	struct fx *f = *state;

	f->cfg.use_regexp_matching = 1;
	assert_int_equal(load(f, hosts3,
	    "define service {\nhost_name *\nservice_description ALL\n}\n"
	    "define service {\nhost_name ^h.*\nservice_description RX\n}\n"), 0);
	assert_int_equal(live(f, OT_SERVICE), 5);
	assert_non_null(svc(f, "db1", "ALL"));
	assert_non_null(svc(f, "h2", "RX"));
	assert_null(svc(f, "db1", "RX"));
}

static void
t_unknown_host_in_service(void **state)
{
	struct fx *f = *state;
	const struct diag_entry *e;

	assert_int_equal(load(f, hosts3,
	    "define service {\nhost_name nope\nservice_description S\n}\n"), 1);
	e = diag_get(f->d, 0);
	assert_string_equal(e->loc.file, "b.cfg");
	assert_string_equal(e->loc.directive, "host_name");
	assert_true(strstr(e->msg, "'nope'") != NULL);
}

static void
t_empty_hostgroup(void **state)
{
	struct fx *f = *state;
	const char *cfg = "define host {\nhost_name h\n}\n"
	    "define hostgroup {\nhostgroup_name empty\n}\n"
	    "define service {\nhostgroup_name empty\nservice_description S\n}\n";

	assert_int_equal(load(f, cfg, NULL), 0);
	assert_true(diag_has(f->d, DIAG_WARNING, "has no hosts"));
	assert_int_equal(live(f, OT_SERVICE), 0);
}

static void
t_empty_hostgroup_refused(void **state)
{
	struct fx *f = *state;

	f->cfg.allow_empty_hostgroup_assignment = 0;
	assert_int_equal(load(f, "define host {\nhost_name h\n}\n"
	    "define hostgroup {\nhostgroup_name empty\n}\n"
	    "define service {\nhostgroup_name empty\nservice_description S\n}\n", NULL), 1);
}

static void
t_servicegroups(void **state)
{
	struct fx *f = *state;
	const char *m;

	assert_int_equal(load(f, hosts3,
	    "define service {\nhost_name h1,h2\nservice_description S\nservicegroups g1\n}\n"
	    "define service {\nhost_name db1\nservice_description D\n}\n"
	    "define servicegroup {\nservicegroup_name g1\nmembers db1,D\n}\n"
	    "define servicegroup {\nservicegroup_name g2\nservicegroup_members g1\n}\n"), 0);
	m = raw_str(find(f, OT_SERVICEGROUP, OT_GROUP_NAME, "g2"), OT_GROUP_MEMBERS);
	/* order of members is not significant; all three pairs, nothing else */
	assert_non_null(strstr(m, "h1,S"));
	assert_non_null(strstr(m, "h2,S"));
	assert_non_null(strstr(m, "db1,D"));
	assert_int_equal(strlen(m), strlen("h1,S,h2,S,db1,D"));
}

/*
 * A member's own group list (contactgroups, hostgroups, servicegroups)
 * drops the groups it names with '!', wherever they stand, as Nagios's
 * xodtemplate_process_*group_names does (checked with nagios4 -vp).
 */
static void
t_own_group_list_rejects(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define contact {\ncontact_name ca\ncontactgroups g1,g2,!g1\n}\n"
	    "define contactgroup {\ncontactgroup_name g1\n}\n"
	    "define contactgroup {\ncontactgroup_name g2\n}\n"
	    "define host {\nhost_name h\nhostgroups hg1,!hg2,hg2\n}\n"
	    "define hostgroup {\nhostgroup_name hg1\n}\n"
	    "define hostgroup {\nhostgroup_name hg2\n}\n"
	    "define service {\nhost_name h\nservice_description s\nservicegroups !sg1,sg2,sg1\n}\n"
	    "define servicegroup {\nservicegroup_name sg1\n}\n"
	    "define servicegroup {\nservicegroup_name sg2\n}\n", NULL), 0);
	assert_null(raw_str(find(f, OT_CONTACTGROUP, OT_GROUP_NAME, "g1"), OT_GROUP_MEMBERS));
	assert_string_equal(raw_str(find(f, OT_CONTACTGROUP, OT_GROUP_NAME, "g2"),
	    OT_GROUP_MEMBERS), "ca");
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg1"),
	    OT_GROUP_MEMBERS), "h");
	assert_null(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg2"), OT_GROUP_MEMBERS));
	assert_null(raw_str(find(f, OT_SERVICEGROUP, OT_GROUP_NAME, "sg1"), OT_GROUP_MEMBERS));
	assert_string_equal(raw_str(find(f, OT_SERVICEGROUP, OT_GROUP_NAME, "sg2"),
	    OT_GROUP_MEMBERS), "h,s");
}

/* a list its rejects leave empty is refused, as Nagios refuses it */
static void
t_own_group_list_emptied(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define contact {\ncontact_name ca\ncontactgroups g1,!g1\n}\n"
	    "define contactgroup {\ncontactgroup_name g1\n}\n"
	    "define host {\nhost_name h\nhostgroups !hg1,hg1\n}\n"
	    "define hostgroup {\nhostgroup_name hg1\n}\n", NULL), 2);
	assert_true(diag_has(f->d, DIAG_ERROR,
	    "Failed to process contactgroups for contact 'ca'"));
	assert_true(diag_has(f->d, DIAG_ERROR, "Failed to process hostgroup names for host 'h'"));
}

/*
 * With use_regexp_matching, Nagios decides for each item of a list of
 * groups whether it is a regexp (its *group_names functions reset the
 * flag), so "hg.*,!hg2" is a regexp and a rejection.
 */
static void
t_group_list_regexp_per_item(void **state)
{
	struct fx *f = *state;

	f->cfg.use_regexp_matching = 1;
	assert_int_equal(load(f,
	    "define host {\nhost_name h\nhostgroups hg.*,!hg2\n}\n"
	    "define hostgroup {\nhostgroup_name hg1\n}\n"
	    "define hostgroup {\nhostgroup_name hg2\n}\n", NULL), 0);
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg1"),
	    OT_GROUP_MEMBERS), "h");
	assert_null(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg2"), OT_GROUP_MEMBERS));
}

/*
 * "host,!description" in a servicegroup's members rejects that service,
 * even when the service names the group itself; an unknown rejected
 * service is no error (xodtemplate_expand_services).
 */
static void
t_servicegroup_member_reject(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define host {\nhost_name h\n}\n"
	    "define service {\nhost_name h\nservice_description s\nservicegroups g\n}\n"
	    "define service {\nhost_name h\nservice_description t\nservicegroups g\n}\n"
	    "define servicegroup {\nservicegroup_name g\nmembers h,!s,h,!nope\n}\n", NULL), 0);
	assert_string_equal(raw_str(find(f, OT_SERVICEGROUP, OT_GROUP_NAME, "g"),
	    OT_GROUP_MEMBERS), "h,t");
}

/*
 * use_large_installation_tweaks: Nagios puts each host and service group
 * member in front instead of sorting, so the groups list their members in
 * the order they were added: the members directive's last first, then the
 * members joining from their side in Nagios's list order (the newest host
 * first; services: copies, then definitions, last read first).  The
 * expected lists are nagios4 -vp's for the same definitions.
 */
static const char tweaks_cfg[] =
    "define host {\nhost_name hz\nhostgroups hg1\n}\n"
    "define host {\nhost_name hb\nhostgroups hg1\n}\n"
    "define host {\nhost_name ha\n}\n"
    "define host {\nhost_name hc\n}\n"
    "define hostgroup {\nhostgroup_name hg1\nmembers hc,ha\n}\n"
    "define service {\nhost_name hz,ha\nservice_description s2\nservicegroups sg1\n}\n"
    "define service {\nhost_name hb,hc\nservice_description s1\nservicegroups sg1\n}\n"
    "define service {\nhost_name ha\nservice_description a0\n}\n"
    "define servicegroup {\nservicegroup_name sg1\nmembers ha,a0,hc,s1\n}\n";

static void
t_tweaks_member_order(void **state)
{
	struct fx *f = *state;

	f->cfg.use_large_installation_tweaks = 1;
	assert_int_equal(load(f, tweaks_cfg, NULL), 0);
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg1"),
	    OT_GROUP_MEMBERS), "ha,hc,hb,hz");
	assert_string_equal(raw_str(find(f, OT_SERVICEGROUP, OT_GROUP_NAME, "sg1"),
	    OT_GROUP_MEMBERS), "hc,s1,ha,a0,ha,s2,hb,s1,hz,s2");
}

/* without the tweaks the same groups are sorted (here by definition; the
 * builder sorts by name) */
static void
t_sorted_member_order(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, tweaks_cfg, NULL), 0);
	assert_string_equal(raw_str(find(f, OT_HOSTGROUP, OT_GROUP_NAME, "hg1"),
	    OT_GROUP_MEMBERS), "hz,hb,ha,hc");
}

static void
t_same_host_dependency(void **state)
{
	struct fx *f = *state;
	struct rawobj *d;

	assert_int_equal(load(f, hosts3,
	    "define service {\nhostgroup_name web\nservice_description A\n}\n"
	    "define service {\nhostgroup_name web\nservice_description B\n}\n"
	    "define servicedependency {\nhostgroup_name web\nservice_description A\n"
	    "dependent_service_description B\nexecution_failure_criteria c\n}\n"), 0);
	assert_int_equal(live(f, OT_SERVICEDEPENDENCY), 2);
	d = find(f, OT_SERVICEDEPENDENCY, OT_SD_HOST_NAME, "h2");
	assert_string_equal(raw_str(d, OT_SD_DEPENDENT_HOST_NAME), "h2");
	assert_string_equal(raw_str(d, OT_SD_SERVICE_DESCRIPTION), "A");
	assert_string_equal(raw_str(d, OT_SD_DEPENDENT_SERVICE_DESCRIPTION), "B");
}

static void
t_host_dependency_pairs(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, hosts3,
	    "define hostdependency {\nhost_name db1\ndependent_hostgroup_name web\n"
	    "notification_failure_criteria d\n}\n"), 0);
	assert_int_equal(live(f, OT_HOSTDEPENDENCY), 2);
}

static void
t_escalation_implied(void **state)
{
	struct fx *f = *state;
	struct rawobj *e;

	assert_int_equal(load(f,
	    "define host {\nhost_name h\ncontacts c1\nnotification_period day\n"
	    "notification_interval 17\n}\n"
	    "define hostescalation {\nhost_name h\ncontacts +c2\nfirst_notification 1\n"
	    "last_notification 2\n}\n", NULL), 0);
	e = f->rs->objs[OT_HOSTESCALATION].items[0];
	assert_string_equal(raw_str(e, OT_ESC_CONTACTS), "c1,c2");
	assert_string_equal(raw_str(e, OT_ESC_ESCALATION_PERIOD), "day");
	assert_true(raw_get(e, OT_ESC_NOTIFICATION_INTERVAL)->v.d == 17.0);
	assert_int_equal(raw_get(e, OT_ESC_ESCALATION_OPTIONS)->v.opts, OBJ_OPT_ALL);
}

static void
t_service_implied_from_host(void **state)
{
	struct fx *f = *state;
	struct rawobj *s;

	assert_int_equal(load(f,
	    "define host {\nhost_name h\ncontact_groups admins\nnotification_period day\n}\n"
	    "define service {\nhost_name h\nservice_description S\n}\n"
	    "define service {\nhost_name h\nservice_description T\ncontacts bob\n}\n", NULL), 0);
	s = svc(f, "h", "S");
	assert_string_equal(raw_str(s, OT_SVC_CONTACT_GROUPS), "admins");
	assert_string_equal(raw_str(s, OT_SVC_NOTIFICATION_PERIOD), "day");
	/* missing notification_options stay unset: the builder's default is "all" */
	assert_false(raw_have(s, OT_SVC_NOTIFICATION_OPTIONS));
	/* a service with its own contacts takes no contact groups from the host */
	assert_null(raw_str(svc(f, "h", "T"), OT_SVC_CONTACT_GROUPS));
}

static void
t_extinfo_merge(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define host {\nhost_name h\nnotes own\n}\n"
	    "define service {\nhost_name h\nservice_description S\n}\n"
	    "define hostextinfo {\nhost_name h\nnotes ext\nicon_image i.png\n2d_coords 1,2\n}\n"
	    "define serviceextinfo {\nhost_name h\nservice_description S\nnotes_url u\n}\n",
	    NULL), 0);
	assert_string_equal(raw_str(find(f, OT_HOST, OT_HOST_HOST_NAME, "h"), OT_HOST_NOTES), "own");
	assert_string_equal(raw_str(find(f, OT_HOST, OT_HOST_HOST_NAME, "h"), OT_HOST_ICON_IMAGE),
	    "i.png");
	assert_true(raw_have(find(f, OT_HOST, OT_HOST_HOST_NAME, "h"), OT_HOST_2D_COORDS));
	assert_string_equal(raw_str(svc(f, "h", "S"), OT_SVC_NOTES_URL), "u");
	assert_int_equal(live(f, OT_HOSTEXTINFO), 0);
}

static void
t_duplicate_host(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f, "define host {\nhost_name h\n}\n",
	    "define host {\nhost_name h\n}\n"), 1);
	assert_true(diag_has(f->d, DIAG_ERROR, "Duplicate definition found for host 'h'"));
}

int
main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(t_hostgroups_both_sides_and_nesting),
		T(t_group_exclusion_and_star),
		T(t_circular_nesting),
		T(t_service_on_hostgroup_with_exclusion),
		T(t_host_specific_beats_hostgroup),
		T(t_star_and_regexp),
		T(t_unknown_host_in_service),
		T(t_empty_hostgroup),
		T(t_empty_hostgroup_refused),
		T(t_servicegroups),
		T(t_own_group_list_rejects),
		T(t_own_group_list_emptied),
		T(t_group_list_regexp_per_item),
		T(t_servicegroup_member_reject),
		T(t_tweaks_member_order),
		T(t_sorted_member_order),
		T(t_same_host_dependency),
		T(t_host_dependency_pairs),
		T(t_escalation_implied),
		T(t_service_implied_from_host),
		T(t_extinfo_merge),
		T(t_duplicate_host),
	};

	return cmocka_run_group_tests_name("expand", tests, NULL, NULL);
}

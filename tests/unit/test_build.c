/*
 * test_build: the builder from flat definitions to the model.
 *
 * Each test fills a rawstore by hand in the flat form expand.c leaves
 * (one host per service, group members folded, one pair per dependency),
 * builds, and checks the model: Nagios 4.4.6's defaults, its sort orders
 * and list orders (checked against `nagios4 -vp` output for the same
 * definitions), the reverse links, and every unresolved name reported
 * with its file, line, object and directive.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "compat/config/build.h"
#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "compat/config/raw.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"

#define FILE_NAME "objects.cfg"

struct fx {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
	struct objects *m;
	int nerr;
	int nlate;
};

static int
setup(void **state)
{
	struct fx *f = test_calloc(1, sizeof(*f));

	f->a = arena_new();
	f->d = diag_new(NULL);
	f->rs = rawstore_new(f->a, f->d);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	objects_free(f->m);
	rawstore_free(f->rs);
	diag_free(f->d);
	arena_free(f->a);
	test_free(f);
	return 0;
}

/* a definition of type t at line: directive/value pairs, then NULL */
static struct rawobj *
def(struct fx *f, enum otype t, int line, ...)
{
	struct rawobj *o = raw_begin(f->rs, t, FILE_NAME, line);
	const char *k, *v;
	va_list ap;

	va_start(ap, line);
	while ((k = va_arg(ap, const char *)) != NULL) {
		v = va_arg(ap, const char *);
		assert_int_equal(raw_set(f->rs, o, k, v, line), 0);
	}
	va_end(ap);
	assert_int_equal(raw_end(f->rs, o), 0);
	return o;
}

static void
build(struct fx *f)
{
	f->m = build_objects(f->rs, NULL, f->d, &f->nerr);
	assert_non_null(f->m);
	/* what Nagios finds in its pre-flight check comes after, as in jaque -v */
	f->nlate = build_report_late(f->m, f->d);
}

static const struct diag_entry *
find_diag(struct fx *f, enum diag_kind kind, const char *needle)
{
	const struct diag_entry *e;
	unsigned i;

	for (i = 0; i < diag_count(f->d); i++) {
		e = diag_get(f->d, i);
		if (e->kind == kind && strstr(e->msg, needle) != NULL)
			return e;
	}
	return NULL;
}

/* a diagnostic containing msg exists, at this place */
static void
expect_diag(struct fx *f, enum diag_kind kind, const char *msg, int line, const char *otype,
    const char *oname, const char *dir)
{
	const struct diag_entry *e = find_diag(f, kind, msg);

	if (e == NULL) {
		unsigned i;

		for (i = 0; i < diag_count(f->d); i++)
			print_message("  have: %s\n", diag_get(f->d, i)->text);
		fail_msg("no diagnostic containing \"%s\"", msg);
	}
	assert_string_equal(e->loc.file, FILE_NAME);
	assert_int_equal(e->loc.line, line);
	assert_string_equal(e->loc.otype, otype);
	assert_string_equal(e->loc.oname, oname);
	if (dir != NULL)
		assert_string_equal(e->loc.directive, dir);
	else
		assert_null(e->loc.directive);
}

#define ERR(f, msg, line, otype, oname, dir) \
	expect_diag((f), DIAG_ERROR, (msg), (line), (otype), (oname), (dir))

/* the common base: a command, a period, a contact */
static void
base(struct fx *f)
{
	def(f, OT_COMMAND, 1, "command_name", "c1", "command_line", "/bin/true", NULL);
	def(f, OT_COMMAND, 2, "command_name", "c2", "command_line", "/bin/false", NULL);
	def(f, OT_TIMEPERIOD, 3, "timeperiod_name", "24x7", "alias", "All",
	    "sunday", "00:00-24:00", NULL);
	def(f, OT_CONTACT, 4, "contact_name", "zed", "host_notification_commands", "c1",
	    "service_notification_commands", "c1", NULL);
}

/*
 * Hosts and services with equal settings share one settings block (and
 * equal contact lists one array, equal extended information one struct);
 * any difference gives a block of its own.
 */
static void
test_shared_settings(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h1, *h2, *h3, *h4;
	const struct obj_service *s1, *s2;

	base(f);
	def(f, OT_HOST, 10, "host_name", "h1", "max_check_attempts", "3", "contacts", "zed",
	    "notes", "n", NULL);
	def(f, OT_HOST, 11, "host_name", "h2", "max_check_attempts", "3", "contacts", "zed",
	    "notes", "n", NULL);
	def(f, OT_HOST, 12, "host_name", "h3", "max_check_attempts", "4", "contacts", "zed",
	    NULL);
	def(f, OT_HOST, 13, "host_name", "h4", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "3", "contacts", "zed", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h2", "service_description", "s1",
	    "check_command", "c2", "max_check_attempts", "3", "contacts", "zed", NULL);
	build(f);
	assert_int_equal(f->nerr, 0);
	h1 = objects_find_host(f->m, "h1");
	h2 = objects_find_host(f->m, "h2");
	h3 = objects_find_host(f->m, "h3");
	h4 = objects_find_host(f->m, "h4");
	assert_ptr_equal(h1->cfg, h2->cfg);
	assert_ptr_equal(h1->ext, h2->ext);
	assert_ptr_not_equal(h1->ext, &objects_no_extinfo);
	assert_string_equal(h1->ext->notes, "n");
	assert_ptr_equal(h3->ext, &objects_no_extinfo);
	assert_ptr_not_equal(h1->cfg, h3->cfg);
	assert_int_equal(h3->cfg->max_check_attempts, 4);
	assert_ptr_not_equal(h1->cfg, h4->cfg);
	assert_int_equal(h4->cfg->ncontacts, 0);
	/* h1 and h3 differ, but their contact lists are one array */
	assert_int_equal(h1->cfg->ncontacts, 1);
	assert_ptr_equal(h1->cfg->contacts, h3->cfg->contacts);
	assert_string_equal(h1->cfg->contacts[0]->name, "zed");
	/* the check command is each service's own; the rest is shared */
	s1 = objects_find_service(f->m, "h1", "s1");
	s2 = objects_find_service(f->m, "h2", "s1");
	assert_ptr_equal(s1->cfg, s2->cfg);
	assert_string_equal(s1->check_command.raw, "c1");
	assert_string_equal(s2->check_command.raw, "c2");
	/* hosts and services are built apart: each kind shares within itself */
	assert_int_equal(s1->cfg->ncontacts, 1);
	assert_ptr_equal(s1->cfg->contacts[0], h1->cfg->contacts[0]);
}

/*
 * Lookups of one string are remembered only when they succeed: every host
 * that names a bad period, command or contact list gets its own finding,
 * and hosts that name good ones all resolve them.
 */
static void
test_findings_per_object(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h;
	unsigned i, nperiod = 0, ncmd = 0, ncg = 0;

	base(f);
	/* the values are interned: each string is one pointer, as from a template */
	for (i = 0; i < 2; i++)
		def(f, OT_HOST, 20 + (int)i, "host_name", i ? "b2" : "b1", "max_check_attempts", "3",
		    "check_period", "nope", "check_command", "nocmd!1", "contact_groups", "nocg",
		    NULL);
	for (i = 0; i < 2; i++)
		def(f, OT_HOST, 22 + (int)i, "host_name", i ? "g2" : "g1", "max_check_attempts", "3",
		    "check_period", "24x7", "check_command", "c1!1", "contacts", "zed", NULL);
	build(f);
	for (i = 0; i < diag_count(f->d); i++) {
		nperiod += strstr(diag_get(f->d, i)->msg, "check_period 'nope'") != NULL;
		ncmd += strstr(diag_get(f->d, i)->msg, "'nocmd!1'") != NULL;
		ncg += strstr(diag_get(f->d, i)->msg, "'nocg'") != NULL;
	}
	assert_int_equal(nperiod, 2);
	assert_int_equal(ncmd, 2);
	assert_int_equal(ncg, 2);
	h = objects_find_host(f->m, "g2");
	assert_non_null(h->cfg->check_period);
	assert_string_equal(h->cfg->check_period->name, "24x7");
	assert_non_null(h->check_command.cmd);
	assert_string_equal(h->check_command.cmd->name, "c1");
	assert_int_equal(h->cfg->ncontacts, 1);
	assert_ptr_equal(h->cfg, objects_find_host(f->m, "g1")->cfg);
}

/*
 * With more than a thousand hosts and services, services are collected and
 * hosts filled on second threads: the findings still come as a sequential
 * build gives them (naming: hosts' then services'; then filling: hosts
 * first, each kind in model order).
 */
static void
test_threaded_fill_order(void **state)
{
	struct fx *f = *state;
	char name[32], svc[32], want[128];
	unsigned i, k = 0;
	const char *msg;

	base(f);
	for (i = 0; i < 1200; i++) {
		snprintf(name, sizeof(name), "h%04u", i);
		def(f, OT_HOST, 100 + (int)i, "host_name", name, "max_check_attempts", "3",
		    "check_period", i % 100 == 7 ? "nope" : "24x7", NULL);
		snprintf(svc, sizeof(svc), "s%04u", i);
		def(f, OT_SERVICE, 2000 + (int)i, "host_name", name, "service_description", svc,
		    "check_command", "c1", "max_check_attempts", "3",
		    "check_period", i % 100 == 9 ? "nope2" : "24x7", NULL);
	}
	/* a service and a host defined twice: found while naming, services after hosts */
	def(f, OT_SERVICE, 5000, "host_name", "h0006", "service_description", "s0006",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_HOST, 5001, "host_name", "h0005", "max_check_attempts", "3", NULL);
	build(f);
	assert_int_equal(f->m->nhosts, 1200);
	assert_int_equal(diag_count(f->d), 26);
	assert_non_null(strstr(diag_get(f->d, k++)->msg, "Duplicate definition found for host "
	    "'h0005'"));
	assert_non_null(strstr(diag_get(f->d, k++)->msg, "Duplicate definition found for "
	    "service 's0006' on host 'h0006'"));
	for (i = 7; i < 1200; i += 100) {
		snprintf(want, sizeof(want), "Failed to locate check_period 'nope' for host "
		    "'h%04u'!", i);
		msg = diag_get(f->d, k++)->msg;
		assert_string_equal(msg, want);
	}
	for (i = 9; i < 1200; i += 100) {
		snprintf(want, sizeof(want), "check_period 'nope2' for service 's%04u' on host "
		    "'h%04u' not found!", i, i);
		msg = diag_get(f->d, k++)->msg;
		assert_string_equal(msg, want);
	}
	/* hosts' and services' settings each shared within their kind */
	assert_ptr_equal(objects_find_host(f->m, "h0000")->cfg,
	    objects_find_host(f->m, "h1199")->cfg);
	assert_ptr_equal(objects_find_service(f->m, "h0000", "s0000")->cfg,
	    objects_find_service(f->m, "h1199", "s1199")->cfg);
}

static void
test_defaults(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h;
	const struct obj_service *s;
	const struct obj_contact *c;

	base(f);
	def(f, OT_HOST, 10, "host_name", "h1", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1",
	    "check_command", "c1!a!b", "max_check_attempts", "3", NULL);
	build(f);
	assert_int_equal(f->nerr, 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(f->m->nhosts, 1);
	h = &f->m->hosts[0];
	assert_int_equal(h->id, 0);
	assert_string_equal(h->name, "h1");
	assert_string_equal(h->display_name, "h1");
	assert_string_equal(h->alias, "h1");
	assert_string_equal(h->address, "h1");
	assert_null(h->check_command.raw);
	assert_null(h->cfg->check_period);
	assert_int_equal(h->cfg->initial_state, OBJ_HOST_UP);
	assert_int_equal(h->cfg->max_check_attempts, 3);
	assert_true(h->cfg->check_interval == 5.0 && h->cfg->retry_interval == 1.0);
	assert_true(h->cfg->notification_interval == 30.0 && h->cfg->first_notification_delay == 0);
	assert_int_equal(h->cfg->notification_options, OBJ_OPT_ALL);
	assert_int_equal(h->cfg->flap_detection_options, OBJ_OPT_ALL);
	assert_int_equal(h->cfg->stalking_options, OBJ_OPT_NONE);
	assert_int_equal(h->cfg->active_checks_enabled, 1);
	assert_int_equal(h->cfg->passive_checks_enabled, 1);
	assert_int_equal(h->cfg->obsess, 1);
	assert_int_equal(h->cfg->event_handler_enabled, 1);
	assert_int_equal(h->cfg->flap_detection_enabled, 1);
	assert_int_equal(h->cfg->notifications_enabled, 1);
	assert_int_equal(h->cfg->process_perf_data, 1);
	assert_int_equal(h->cfg->retain_status_information, 1);
	assert_int_equal(h->cfg->retain_nonstatus_information, 1);
	assert_int_equal(h->cfg->check_freshness, 0);
	assert_int_equal(h->cfg->freshness_threshold, 0);
	assert_int_equal(h->cfg->importance, 0);
	/* nothing extended: the shared empty one, not an allocation */
	assert_ptr_equal(h->ext, &objects_no_extinfo);
	assert_int_equal(h->ext->have_2d_coords, 0);
	assert_int_equal(h->ext->x_2d, -1);
	assert_int_equal(h->ext->y_2d, -1);
	assert_int_equal(h->ext->have_3d_coords, 0);
	assert_null(h->ext->notes);
	assert_int_equal(h->nservices, 1);
	assert_ptr_equal(h->services[0], &f->m->services[0]);

	s = &f->m->services[0];
	assert_ptr_equal(s->host, h);
	assert_string_equal(s->description, "s1");
	assert_string_equal(s->display_name, "s1");
	assert_string_equal(s->check_command.raw, "c1!a!b");
	assert_ptr_equal(s->check_command.cmd, &f->m->commands[0]);
	assert_int_equal(s->cfg->initial_state, OBJ_STATE_OK);
	assert_int_equal(s->cfg->parallelize_check, 1);
	assert_int_equal(s->cfg->is_volatile, 0);
	assert_int_equal(s->cfg->notification_options, OBJ_OPT_ALL);
	assert_int_equal(s->cfg->flap_detection_options, OBJ_OPT_ALL);
	assert_true(s->cfg->notification_interval == 30.0 && s->cfg->check_interval == 5.0);
	assert_true(s->cfg->retry_interval == 1.0);
	assert_int_equal(s->cfg->obsess, 1);
	assert_null(s->parents);
	assert_ptr_equal(s->ext, &objects_no_extinfo);

	c = &f->m->contacts[0];
	assert_string_equal(c->alias, "zed");
	assert_int_equal(c->host_notification_options, OBJ_OPT_NONE);
	assert_int_equal(c->service_notification_options, OBJ_OPT_NONE);
	assert_int_equal(c->host_notifications_enabled, 1);
	assert_int_equal(c->service_notifications_enabled, 1);
	assert_int_equal(c->can_submit_commands, 1);
	assert_int_equal(c->retain_status_information, 1);
	assert_int_equal(c->minimum_importance, 0);
	assert_int_equal(c->nhost_notification_commands, 1);
	assert_ptr_equal(c->host_notification_commands[0].cmd, &f->m->commands[0]);

	assert_string_equal(f->m->timeperiods[0].alias, "All");
	assert_non_null(f->m->timeperiods[0].days[0]);
	assert_int_equal(f->m->timeperiods[0].days[0]->start, 0);
	assert_int_equal(f->m->timeperiods[0].days[0]->end, 86400);
	assert_null(f->m->timeperiods[0].days[1]);
	/* the indexes are built */
	assert_ptr_equal(objects_find_service(f->m, "h1", "s1"), s);
	assert_ptr_equal(objects_find_command(f->m, "c2"), &f->m->commands[1]);
}

static void
test_values_set(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h;
	const struct obj_service *s;

	base(f);
	def(f, OT_HOST, 10, "host_name", "h1", "max_check_attempts", "3", "display_name", "H",
	    "alias", "Host one", "address", "10.0.0.1", "check_interval", "2.5",
	    "notification_options", "d,r", "stalking_options", "o", "2d_coords", "4,5",
	    "3d_coords", "1.5,2,3", "initial_state", "d", "notes", "n", "_B", "b", "_A", "a",
	    "_C", "null", "check_period", "24x7", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1", "display_name",
	    "S", "check_command", "c1", "max_check_attempts", "3", "notification_options",
	    "n", "initial_state", "c", "icon_image_alt", "ia", NULL);
	build(f);
	assert_int_equal(f->nerr, 0);
	h = &f->m->hosts[0];
	assert_string_equal(h->display_name, "H");
	assert_string_equal(h->alias, "Host one");
	assert_string_equal(h->address, "10.0.0.1");
	assert_true(h->cfg->check_interval == 2.5);
	assert_int_equal(h->cfg->notification_options, OBJ_OPT_DOWN | OBJ_OPT_RECOVERY);
	assert_int_equal(h->cfg->stalking_options, OBJ_OPT_UP);
	assert_ptr_not_equal(h->ext, &objects_no_extinfo);
	assert_int_equal(h->ext->have_2d_coords, 1);
	assert_int_equal(h->ext->x_2d, 4);
	assert_int_equal(h->ext->y_2d, 5);
	assert_int_equal(h->ext->have_3d_coords, 1);
	assert_true(h->ext->x_3d == 1.5 && h->ext->z_3d == 3);
	assert_int_equal(h->cfg->initial_state, OBJ_HOST_DOWN);
	assert_string_equal(h->ext->notes, "n");
	assert_ptr_equal(h->cfg->check_period, &f->m->timeperiods[0]);
	/* custom variables in definition order, "null" unset */
	assert_int_equal(h->nvars, 3);
	assert_string_equal(h->vars[0].name, "B");
	assert_string_equal(h->vars[0].value, "b");
	assert_string_equal(h->vars[1].name, "A");
	assert_string_equal(h->vars[2].name, "C");
	assert_null(h->vars[2].value);
	s = &f->m->services[0];
	assert_string_equal(s->display_name, "S");
	assert_int_equal(s->cfg->notification_options, OBJ_OPT_NONE);
	assert_int_equal(s->cfg->initial_state, OBJ_STATE_CRITICAL);
	/* one value is enough for an extinfo of its own */
	assert_ptr_not_equal(s->ext, &objects_no_extinfo);
	assert_string_equal(s->ext->icon_image_alt, "ia");
	assert_null(s->ext->notes);
}

static void
test_sorting_and_skipping(void **state)
{
	struct fx *f = *state;
	struct rawobj *o;
	const struct objects *m;

	def(f, OT_COMMAND, 1, "command_name", "zz", "command_line", "x", NULL);
	def(f, OT_COMMAND, 2, "command_name", "Ab", "command_line", "x", NULL);
	def(f, OT_COMMAND, 3, "command_name", "ab", "command_line", "x", NULL);
	def(f, OT_HOST, 10, "host_name", "c", "max_check_attempts", "1", NULL);
	def(f, OT_HOST, 11, "host_name", "a", "max_check_attempts", "1", NULL);
	def(f, OT_HOST, 12, "host_name", "b", "max_check_attempts", "1", NULL);
	/* a template, a dropped definition and a nameless one are not objects */
	def(f, OT_HOST, 13, "name", "tmpl", "host_name", "t", "register", "0", NULL);
	o = def(f, OT_HOST, 14, "host_name", "dead", "max_check_attempts", "1", NULL);
	o->dead = 1;
	def(f, OT_HOST, 15, "alias", "nameless", NULL);
	def(f, OT_SERVICE, 20, "host_name", "b", "service_description", "z",
	    "check_command", "zz", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 21, "host_name", "a", "service_description", "y",
	    "check_command", "zz", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 22, "host_name", "b", "service_description", "a",
	    "check_command", "zz", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 23, "host_name", "a", "service_description", "z",
	    "check_command", "zz", "max_check_attempts", "1", NULL);
	build(f);
	m = f->m;
	assert_int_equal(f->nerr, 0);
	assert_int_equal(diag_count(f->d), 0);
	assert_int_equal(m->ncommands, 3);
	assert_string_equal(m->commands[0].name, "Ab");
	assert_string_equal(m->commands[1].name, "ab");
	assert_string_equal(m->commands[2].name, "zz");
	assert_int_equal(m->nhosts, 3);
	assert_string_equal(m->hosts[0].name, "a");
	assert_string_equal(m->hosts[1].name, "b");
	assert_string_equal(m->hosts[2].name, "c");
	assert_int_equal(m->hosts[2].id, 2);
	assert_int_equal(m->nservices, 4);
	assert_string_equal(m->services[0].description, "y");
	assert_string_equal(m->services[1].description, "z");
	assert_string_equal(m->services[1].host->name, "a");
	assert_string_equal(m->services[2].description, "a");
	assert_string_equal(m->services[3].description, "z");
	assert_int_equal(m->services[3].id, 3);
	/* a host's services: Nagios prepends each, so the last registered comes first */
	assert_int_equal(m->hosts[0].nservices, 2);
	assert_ptr_equal(m->hosts[0].services[0], &m->services[1]);
	assert_ptr_equal(m->hosts[0].services[1], &m->services[0]);
	assert_int_equal(m->hosts[2].nservices, 0);
	assert_null(m->hosts[2].services);
}

/* the configuration of the list-order probe run through nagios4 -vp */
static void
test_list_orders(void **state)
{
	struct fx *f = *state;
	const struct objects *m;
	const struct obj_host *h1, *h2, *h3;
	const struct obj_contact *amy, *bob, *zed;

	base(f);
	def(f, OT_TIMEPERIOD, 5, "timeperiod_name", "hol", "alias", "Hol", NULL);
	def(f, OT_TIMEPERIOD, 6, "timeperiod_name", "work", "alias", "Work",
	    "exclude", "hol,24x7", NULL);
	def(f, OT_CONTACT, 7, "contact_name", "amy", "host_notification_commands", "c1",
	    "service_notification_commands", "c2 , c1", NULL);
	def(f, OT_CONTACT, 8, "contact_name", "bob", "host_notification_commands", "c1,c2",
	    "service_notification_commands", "c2 c1", NULL);
	def(f, OT_CONTACTGROUP, 9, "contactgroup_name", "g1", "members", "zed,amy", NULL);
	def(f, OT_CONTACTGROUP, 10, "contactgroup_name", "g2", "alias", "G2", "members",
	    "bob,amy", NULL);
	def(f, OT_HOST, 11, "host_name", "h3", "max_check_attempts", "3",
	    "contacts", "zed,amy,bob,amy", "contact_groups", "g2,g1", NULL);
	def(f, OT_HOST, 12, "host_name", "h1", "max_check_attempts", "3", "parents", "h3,h2",
	    NULL);
	def(f, OT_HOST, 13, "host_name", "h2", "max_check_attempts", "3", "parents", "h3",
	    NULL);
	def(f, OT_HOSTGROUP, 14, "hostgroup_name", "hg1", "members", "h2,h3,h1,h2", NULL);
	def(f, OT_HOSTGROUP, 15, "hostgroup_name", "hg2", "members", "h3", "notes", "nn", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "3", "parents", "h2,s2,h3,s1", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h2", "service_description", "s2",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICE, 22, "host_name", "h3", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICE, 23, "host_name", "h3", "service_description", "s0",
	    "check_command", "c1", "max_check_attempts", "3", "parents", "s1", NULL);
	def(f, OT_SERVICEGROUP, 24, "servicegroup_name", "sg1", "members", "h3,s1,h1,s1,h3,s1",
	    NULL);
	def(f, OT_SERVICEGROUP, 25, "servicegroup_name", "sg2", "members", "h3 , s1", NULL);
	build(f);
	assert_int_equal(f->nerr, 0);
	m = f->m;
	h1 = objects_find_host(m, "h1");
	h2 = objects_find_host(m, "h2");
	h3 = objects_find_host(m, "h3");
	amy = objects_find_contact(m, "amy");
	bob = objects_find_contact(m, "bob");
	zed = objects_find_contact(m, "zed");

	/* exclude hol,24x7 -> 24x7,hol */
	assert_int_equal(m->timeperiods[2].nexclude, 2);
	assert_string_equal(m->timeperiods[2].exclude[0]->name, "24x7");
	assert_string_equal(m->timeperiods[2].exclude[1]->name, "hol");
	/* notification commands split at ',' and ' ', reversed */
	assert_int_equal(bob->nhost_notification_commands, 2);
	assert_string_equal(bob->host_notification_commands[0].raw, "c2");
	assert_string_equal(bob->host_notification_commands[1].raw, "c1");
	assert_string_equal(bob->service_notification_commands[0].raw, "c1");
	assert_string_equal(amy->service_notification_commands[1].raw, "c2");
	/* contactgroup members as given; aliases default to the name */
	assert_string_equal(m->contactgroups[0].alias, "g1");
	assert_string_equal(m->contactgroups[1].alias, "G2");
	assert_int_equal(m->contactgroups[0].nmembers, 2);
	assert_ptr_equal(m->contactgroups[0].members[0], zed);
	assert_ptr_equal(m->contactgroups[0].members[1], amy);
	/* a contact's groups: last registered group first */
	assert_int_equal(amy->ngroups, 2);
	assert_ptr_equal(amy->groups[0], &m->contactgroups[1]);
	assert_ptr_equal(amy->groups[1], &m->contactgroups[0]);
	/* host contacts zed,amy,bob(,amy) -> bob,amy,zed; contact_groups g2,g1 -> g1,g2 */
	assert_int_equal(h3->cfg->ncontacts, 3);
	assert_ptr_equal(h3->cfg->contacts[0], bob);
	assert_ptr_equal(h3->cfg->contacts[1], amy);
	assert_ptr_equal(h3->cfg->contacts[2], zed);
	assert_int_equal(h3->cfg->ncontact_groups, 2);
	assert_string_equal(h3->cfg->contact_groups[0]->name, "g1");
	/* parents h3,h2 -> h2,h3; children in reverse host order */
	assert_int_equal(h1->nparents, 2);
	assert_ptr_equal(h1->parents[0], h2);
	assert_ptr_equal(h1->parents[1], h3);
	assert_int_equal(h3->nchildren, 2);
	assert_ptr_equal(h3->children[0], h2);
	assert_ptr_equal(h3->children[1], h1);
	assert_int_equal(h2->nchildren, 1);
	assert_ptr_equal(h2->children[0], h1);
	assert_int_equal(h1->nchildren, 0);
	/* hostgroup members sorted, once; a host's groups last group first */
	assert_int_equal(m->hostgroups[0].nmembers, 3);
	assert_ptr_equal(m->hostgroups[0].members[0], h1);
	assert_ptr_equal(m->hostgroups[0].members[2], h3);
	assert_string_equal(m->hostgroups[1].notes, "nn");
	assert_int_equal(h3->ngroups, 2);
	assert_ptr_equal(h3->groups[0], &m->hostgroups[1]);
	assert_ptr_equal(h3->groups[1], &m->hostgroups[0]);
	assert_int_equal(h1->ngroups, 1);
	/* service parents: pairs as written; a lone name is on the same host */
	{
		const struct obj_service *s11 = objects_find_service(m, "h1", "s1");
		const struct obj_service *s22 = objects_find_service(m, "h2", "s2");
		const struct obj_service *s31 = objects_find_service(m, "h3", "s1");
		const struct obj_service *s30 = objects_find_service(m, "h3", "s0");

		assert_int_equal(s11->nparents, 2);
		assert_ptr_equal(s11->parents[0], s22);
		assert_ptr_equal(s11->parents[1], s31);
		assert_int_equal(s30->nparents, 1);
		assert_ptr_equal(s30->parents[0], s31);
		/* servicegroup members sorted, once; a service's groups last first */
		assert_int_equal(m->servicegroups[0].nmembers, 2);
		assert_ptr_equal(m->servicegroups[0].members[0], s11);
		assert_ptr_equal(m->servicegroups[0].members[1], s31);
		assert_int_equal(m->servicegroups[1].nmembers, 1);
		assert_int_equal(s31->ngroups, 2);
		assert_ptr_equal(s31->groups[0], &m->servicegroups[1]);
		assert_ptr_equal(s31->groups[1], &m->servicegroups[0]);
		/* h3's services: s1 registered after s0, so first */
		assert_ptr_equal(h3->services[0], s31);
		assert_ptr_equal(h3->services[1], s30);
	}
}

/*
 * use_large_installation_tweaks: Nagios 4.4.6's add_host_to_hostgroup and
 * add_service_to_servicegroup put each member in front instead of sorting,
 * so the groups keep the order the expander left in the members slot.
 */
static void
test_group_order_with_tweaks(void **state)
{
	struct fx *f = *state;
	struct main_cfg cfg;
	const struct objects *m;

	memset(&cfg, 0, sizeof(cfg));
	cfg.use_large_installation_tweaks = 1;
	base(f);
	def(f, OT_HOST, 11, "host_name", "h3", "max_check_attempts", "3", NULL);
	def(f, OT_HOST, 12, "host_name", "h1", "max_check_attempts", "3", NULL);
	def(f, OT_HOST, 13, "host_name", "h2", "max_check_attempts", "3", NULL);
	def(f, OT_HOSTGROUP, 14, "hostgroup_name", "hg1", "members", "h2,h3,h1", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h3", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_SERVICEGROUP, 24, "servicegroup_name", "sg1", "members", "h3,s1,h1,s1",
	    NULL);
	f->m = build_objects(f->rs, &cfg, f->d, &f->nerr);
	assert_non_null(f->m);
	assert_int_equal(f->nerr, 0);
	m = f->m;
	assert_int_equal(m->hostgroups[0].nmembers, 3);
	assert_string_equal(m->hostgroups[0].members[0]->name, "h2");
	assert_string_equal(m->hostgroups[0].members[1]->name, "h3");
	assert_string_equal(m->hostgroups[0].members[2]->name, "h1");
	assert_int_equal(m->servicegroups[0].nmembers, 2);
	assert_string_equal(m->servicegroups[0].members[0]->host->name, "h3");
	assert_string_equal(m->servicegroups[0].members[1]->host->name, "h1");
}

static void
test_timeperiods(void **state)
{
	struct fx *f = *state;
	const struct obj_timeperiod *tp;
	const struct obj_daterange *dr;

	def(f, OT_TIMEPERIOD, 1, "timeperiod_name", "tp", "alias", "TP",
	    "monday", "12:00-13:00,00:00-09:00,17:00-24:00",
	    "december", "25 00:00-24:00", "january", "1 00:00-24:00",
	    "2024-05-01", "10:00-11:00,08:00-09:00", NULL);
	build(f);
	assert_int_equal(f->nerr, 0);
	tp = &f->m->timeperiods[0];
	/* weekday ranges sorted by start */
	assert_int_equal(tp->days[1]->start, 0);
	assert_int_equal(tp->days[1]->next->start, 12 * 3600);
	assert_int_equal(tp->days[1]->next->next->end, 86400);
	/* exceptions of one kind in written order, their ranges reversed */
	dr = tp->exceptions[OBJ_DR_MONTH_DATE];
	assert_non_null(dr);
	assert_int_equal(dr->smon, 11);
	assert_int_equal(dr->smday, 25);
	assert_int_equal(dr->next->smon, 0);
	assert_null(dr->next->next);
	dr = tp->exceptions[OBJ_DR_CALENDAR_DATE];
	assert_non_null(dr);
	assert_int_equal(dr->syear, 2024);
	assert_int_equal(dr->times->start, 8 * 3600);
	assert_int_equal(dr->times->next->start, 10 * 3600);
	assert_null(tp->exceptions[OBJ_DR_MONTH_DAY]);
}

static void
test_required_values(void **state)
{
	struct fx *f = *state;

	base(f);
	def(f, OT_TIMEPERIOD, 5, "timeperiod_name", "noalias", NULL);
	def(f, OT_COMMAND, 6, "command_name", "noline", NULL);
	def(f, OT_CONTACT, 7, "contact_name", "nocmds", NULL);
	def(f, OT_HOST, 10, "host_name", "h1", NULL);
	def(f, OT_HOST, 11, "host_name", "h2", "max_check_attempts", "0",
	    "check_interval", "-1", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "nocheck",
	    "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h1", "service_description", "noattempts",
	    "check_command", "c1", NULL);
	def(f, OT_SERVICE, 22, "host_name", "h1", "service_description", "retry0",
	    "check_command", "c1", "max_check_attempts", "1", "retry_interval", "0", NULL);
	build(f);
	ERR(f, "Name or alias for timeperiod is NULL", 5, "timeperiod", "noalias", "alias");
	ERR(f, "Command name of command line is NULL", 6, "command", "noline", "command_line");
	ERR(f, "Invalid max_check_attempts value for host 'h1'", 10, "host", "h1",
	    "max_check_attempts");
	ERR(f, "Invalid max_check_attempts value for host 'h2'", 11, "host", "h2",
	    "max_check_attempts");
	ERR(f, "Invalid check_interval value for host 'h2'", 11, "host", "h2", "check_interval");
	ERR(f, "Service description, host name, or check command is NULL", 20, "service",
	    "h1;nocheck", "check_command");
	ERR(f, "Invalid max_attempts, check_interval, retry_interval, or notification_interval "
	    "value for service 'noattempts' on host 'h1'", 21, "service", "h1;noattempts",
	    "max_check_attempts");
	ERR(f, "value for service 'retry0' on host 'h1'", 22, "service", "h1;retry0",
	    "retry_interval");
	/* missing notification commands are pre-flight's to report */
	assert_null(find_diag(f, DIAG_ERROR, "nocmds"));
	assert_int_equal(f->nerr, 8);
	assert_int_equal(diag_errors(f->d), 8);
	/* the objects are still there, defaults kept */
	assert_int_equal(f->m->hosts[0].cfg->max_check_attempts, -2);
	assert_string_equal(f->m->timeperiods[1].alias, "noalias");
	assert_string_equal(f->m->commands[2].line, "");
	assert_int_equal(f->m->nservices, 3);
}

static void
test_unresolved_objects(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h1;

	base(f);
	def(f, OT_TIMEPERIOD, 5, "timeperiod_name", "tp", "alias", "x", "exclude", "24x7,notp",
	    NULL);
	def(f, OT_CONTACT, 6, "contact_name", "amy", "host_notification_commands", "c1,nocmd!x",
	    "service_notification_commands", "c1", "host_notification_period", "nohp",
	    "service_notification_period", "nosp", NULL);
	def(f, OT_HOST, 10, "host_name", "h1", "max_check_attempts", "1",
	    "check_command", "nope!x", "event_handler", "noeh", "check_period", "nocp",
	    "notification_period", "nonp", "parents", "ghost,h1,h2", "contacts", "zed,nobody",
	    "contact_groups", "nogroup", NULL);
	def(f, OT_HOST, 11, "host_name", "h2", "max_check_attempts", "1", NULL);
	def(f, OT_HOST, 12, "host_name", "h1", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 20, "host_name", "nohost", "service_description", "s9",
	    "check_command", "c1", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h1", "service_description", "s1",
	    "check_command", "nocheck!1", "max_check_attempts", "1", "event_handler", "noseh",
	    "check_period", "noscp", "notification_period", "nosnp", "parents", "zz",
	    "contacts", "nobody2", "contact_groups", "nogroup2", NULL);
	def(f, OT_SERVICE, 22, "host_name", "h1", "service_description", "s2",
	    "check_command", "c1", "max_check_attempts", "1", "parents", "h1,s1,h2,nos,h1,s2",
	    NULL);
	def(f, OT_SERVICE, 23, "host_name", "h1", "service_description", "s3",
	    "check_command", "c1", "max_check_attempts", "1", "parents", "s3", NULL);
	def(f, OT_CONTACTGROUP, 30, "contactgroup_name", "cg", "members", "zed,nocontact", NULL);
	def(f, OT_HOSTGROUP, 31, "hostgroup_name", "hg", "members", "h1,nohost", NULL);
	def(f, OT_SERVICEGROUP, 32, "servicegroup_name", "sg", "members", "h1,s1,h1,nosvc",
	    NULL);
	build(f);

	ERR(f, "Excluded time period 'notp' specified in timeperiod 'tp' is not defined "
	    "anywhere!", 5, "timeperiod", "tp", "exclude");
	assert_int_equal(f->m->timeperiods[1].nexclude, 1);
	ERR(f, "Host notification command 'nocmd!x' specified for contact 'amy' is not "
	    "defined anywhere!", 6, "contact", "amy", "host_notification_commands");
	ERR(f, "Host notification period 'nohp' specified for contact 'amy' is not defined "
	    "anywhere!", 6, "contact", "amy", "host_notification_period");
	ERR(f, "Service notification period 'nosp' specified for contact 'amy' is not defined "
	    "anywhere!", 6, "contact", "amy", "service_notification_period");
	ERR(f, "Host check command 'nope!x' specified for host 'h1' is not defined anywhere!",
	    10, "host", "h1", "check_command");
	ERR(f, "Event handler command 'noeh' specified for host 'h1' not defined anywhere", 10,
	    "host", "h1", "event_handler");
	ERR(f, "Failed to locate check_period 'nocp' for host 'h1'!", 10, "host", "h1",
	    "check_period");
	ERR(f, "Failed to locate notification_period 'nonp' for host 'h1'!", 10, "host", "h1",
	    "notification_period");
	ERR(f, "'ghost' is not a valid parent for host 'h1'!", 10, "host", "h1", "parents");
	ERR(f, "Host 'h1' cannot be a child/parent of itself", 10, "host", "h1", "parents");
	ERR(f, "Contact 'nobody' is not defined anywhere!", 10, "host", "h1", "contacts");
	ERR(f, "Contactgroup 'nogroup' is not defined anywhere", 10, "host", "h1",
	    "contact_groups");
	ERR(f, "Duplicate definition found for host 'h1'", 12, "host", "h1", "host_name");
	ERR(f, "Unable to locate host 'nohost' for service 's9'", 20, "service", "nohost;s9",
	    "host_name");
	ERR(f, "Service check command 'nocheck!1' specified in service 's1' for host 'h1' not "
	    "defined anywhere!", 21, "service", "h1;s1", "check_command");
	ERR(f, "Event handler command 'noseh' specified in service 's1' for host 'h1' not "
	    "defined anywhere", 21, "service", "h1;s1", "event_handler");
	ERR(f, "check_period 'noscp' for service 's1' on host 'h1' not found!", 21, "service",
	    "h1;s1", "check_period");
	ERR(f, "notification_period 'nosnp' for service 's1' on host 'h1' could not be found!",
	    21, "service", "h1;s1", "notification_period");
	/* Nagios's pre-flight words, names swapped in both halves */
	ERR(f, "Service 'h1' on host 'zz' is not a valid parent for service 'h1' on host 's1'",
	    21, "service", "h1;s1", "parents");
	ERR(f, "Contact 'nobody2' is not defined anywhere!", 21, "service", "h1;s1",
	    "contacts");
	ERR(f, "Contactgroup 'nogroup2' is not defined anywhere", 21, "service", "h1;s1",
	    "contact_groups");
	ERR(f, "Could not find a service matching host name 'h2' and description 'nos'", 22,
	    "service", "h1;s2", "parents");
	ERR(f, "Host 'h1' Service 's2' cannot be a child/parent of itself", 22, "service",
	    "h1;s2", "parents");
	ERR(f, "Host 'h1' Service 's3' cannot be a child/parent of itself", 23, "service",
	    "h1;s3", "parents");
	ERR(f, "Failed to locate contact 'nocontact' for contactgroup 'cg'", 30,
	    "contactgroup", "cg", "members");
	ERR(f, "Failed to locate host 'nohost' for hostgroup 'hg'", 31, "hostgroup", "hg",
	    "members");
	ERR(f, "Failed to locate service 'nosvc' on host 'h1' for servicegroup 'sg'", 32,
	    "servicegroup", "sg", "members");
	assert_int_equal(f->nerr + f->nlate, 27);
	assert_true(f->nlate > 0);
	assert_int_equal(diag_errors(f->d), 27);

	/* what could be kept is kept */
	h1 = objects_find_host(f->m, "h1");
	assert_int_equal(f->m->nhosts, 2);
	assert_int_equal(f->m->nservices, 3);
	assert_null(objects_find_service(f->m, "nohost", "s9"));
	assert_string_equal(h1->check_command.raw, "nope!x");
	assert_null(h1->check_command.cmd);
	assert_null(h1->cfg->check_period);
	assert_int_equal(h1->nparents, 1);
	assert_string_equal(h1->parents[0]->name, "h2");
	assert_int_equal(h1->cfg->ncontacts, 1);
	assert_int_equal(f->m->contacts[0].nhost_notification_commands, 2);
	assert_null(f->m->contacts[0].host_notification_commands[0].cmd);
	assert_non_null(f->m->contacts[0].host_notification_commands[1].cmd);
	assert_int_equal(objects_find_service(f->m, "h1", "s2")->nparents, 1);
	assert_int_equal(f->m->servicegroups[0].nmembers, 1);
	/* the duplicate's first definition won */
	assert_string_equal(build_where(f->m, "host", h1->id)->file, FILE_NAME);
	assert_int_equal(build_where(f->m, "host", h1->id)->line, 10);
}

/* three services and the dependencies of the nagios4 -vp probe */
static void
relations_base(struct fx *f)
{
	base(f);
	def(f, OT_CONTACT, 5, "contact_name", "amy", "host_notification_commands", "c1",
	    "service_notification_commands", "c1", NULL);
	def(f, OT_HOST, 10, "host_name", "h3", "max_check_attempts", "1", NULL);
	def(f, OT_HOST, 11, "host_name", "h1", "max_check_attempts", "1", NULL);
	def(f, OT_HOST, 12, "host_name", "h2", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 20, "host_name", "h1", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 21, "host_name", "h2", "service_description", "s2",
	    "check_command", "c1", "max_check_attempts", "1", NULL);
	def(f, OT_SERVICE, 22, "host_name", "h3", "service_description", "s1",
	    "check_command", "c1", "max_check_attempts", "1", NULL);
}

static void
test_dependencies(void **state)
{
	struct fx *f = *state;
	const struct objects *m;
	const struct obj_service *s11, *s22, *s31;
	const struct obj_servicedependency *sd;

	relations_base(f);
	def(f, OT_SERVICEDEPENDENCY, 100, "host_name", "h3", "service_description", "s1",
	    "dependent_host_name", "h1", "dependent_service_description", "s1",
	    "execution_failure_criteria", "w", "notification_failure_criteria", "c", NULL);
	def(f, OT_SERVICEDEPENDENCY, 110, "host_name", "h3", "service_description", "s1",
	    "dependent_host_name", "h1", "dependent_service_description", "s1",
	    "execution_failure_criteria", "u", NULL);
	def(f, OT_SERVICEDEPENDENCY, 120, "host_name", "h2", "service_description", "s2",
	    "dependent_host_name", "h1", "dependent_service_description", "s1",
	    "execution_failure_criteria", "u", NULL);
	/* an exact copy without a period: Nagios keeps one */
	def(f, OT_SERVICEDEPENDENCY, 130, "host_name", "h2", "service_description", "s2",
	    "dependent_host_name", "h1", "dependent_service_description", "s1",
	    "execution_failure_criteria", "u", NULL);
	/* copies with a period: Nagios compares the period's pointer, keeps both */
	def(f, OT_SERVICEDEPENDENCY, 140, "host_name", "h1", "service_description", "s1",
	    "dependent_host_name", "h3", "dependent_service_description", "s1",
	    "notification_failure_criteria", "w", "dependency_period", "24x7",
	    "inherits_parent", "1", NULL);
	def(f, OT_SERVICEDEPENDENCY, 150, "host_name", "h1", "service_description", "s1",
	    "dependent_host_name", "h3", "dependent_service_description", "s1",
	    "notification_failure_criteria", "w", "dependency_period", "24x7",
	    "inherits_parent", "1", NULL);
	def(f, OT_SERVICEDEPENDENCY, 160, "host_name", "h1", "service_description", "s1",
	    "dependent_host_name", "h2", "dependent_service_description", "s2", NULL);
	def(f, OT_SERVICEDEPENDENCY, 170, "host_name", "h1", "service_description", "s1",
	    "dependent_host_name", "h2", "dependent_service_description", "nos",
	    "dependency_period", "notp", "execution_failure_criteria", "p", NULL);
	def(f, OT_SERVICEDEPENDENCY, 180, "host_name", "h9", "service_description", "s1",
	    "dependent_host_name", "h2", "dependent_service_description", "s2",
	    "execution_failure_criteria", "p", NULL);
	/* "n" unsets a service dependency's options of that kind */
	def(f, OT_SERVICEDEPENDENCY, 190, "host_name", "h2", "service_description", "s2",
	    "dependent_host_name", "h3", "dependent_service_description", "s1",
	    "execution_failure_criteria", "n", "notification_failure_criteria", "c", NULL);
	def(f, OT_HOSTDEPENDENCY, 200, "host_name", "h1", "dependent_host_name", "h2",
	    "execution_failure_criteria", "o", "notification_failure_criteria", "d,u", NULL);
	def(f, OT_HOSTDEPENDENCY, 210, "host_name", "h1", "dependent_host_name", "h3", NULL);
	/* ... and a host dependency's notification options, but not its execution ones */
	def(f, OT_HOSTDEPENDENCY, 230, "host_name", "h2", "dependent_host_name", "h3",
	    "execution_failure_criteria", "n", "notification_failure_criteria", "none", NULL);
	def(f, OT_HOSTDEPENDENCY, 220, "host_name", "nomaster", "dependent_host_name", "nodep",
	    "dependency_period", "notp", "execution_failure_criteria", "o", NULL);
	build(f);
	m = f->m;
	s11 = objects_find_service(m, "h1", "s1");
	s22 = objects_find_service(m, "h2", "s2");
	s31 = objects_find_service(m, "h3", "s1");

	expect_diag(f, DIAG_WARNING, "Ignoring lame service dependency", 160,
	    "servicedependency", "h2;s2 -> h1;s1", NULL);
	ERR(f, "Dependent service 'nos' on host 'h2' is not defined anywhere!", 170,
	    "servicedependency", "h2;nos -> h1;s1", "dependent_service_description");
	ERR(f, "Failed to locate timeperiod 'notp' for dependency from service 'nos' on host "
	    "'h2' to service 's1' on host 'h1'", 170, "servicedependency", "h2;nos -> h1;s1",
	    "dependency_period");
	ERR(f, "Master service 's1' on host 'h9' is not defined anywhere!", 180,
	    "servicedependency", "h2;s2 -> h9;s1", "service_description");
	ERR(f, "Master host 'nomaster' in hostdependency from 'nodep' to 'nomaster' is not "
	    "defined anywhere!", 220, "hostdependency", "nodep -> nomaster", "host_name");
	ERR(f, "Dependent host 'nodep' in hostdependency from 'nodep' to 'nomaster' is not "
	    "defined anywhere!", 220, "hostdependency", "nodep -> nomaster", "dependent_host_name");
	ERR(f, "Unable to locate dependency_period 'notp' for nomaster->nodep host dependency",
	    220, "hostdependency", "nodep -> nomaster", "dependency_period");
	assert_int_equal(f->nerr, 6);
	assert_int_equal(diag_warnings(f->d), 1);

	/* by master, then dependent; notification first; copies with a period kept */
	assert_int_equal(m->nservicedependencies, 7);
	sd = m->servicedependencies;
	assert_ptr_equal(sd[0].master, s11);
	assert_ptr_equal(sd[0].dependent, s31);
	assert_int_equal(sd[0].type, OBJ_DEP_NOTIFICATION);
	assert_ptr_equal(sd[0].dependency_period, &m->timeperiods[0]);
	assert_int_equal(sd[0].inherits_parent, 1);
	assert_int_equal(sd[0].failure_options, OBJ_OPT_WARNING);
	assert_ptr_equal(sd[1].master, s11);
	assert_ptr_equal(sd[2].master, s22);
	assert_int_equal(sd[2].type, OBJ_DEP_EXECUTION);
	assert_int_equal(sd[2].failure_options, OBJ_OPT_UNKNOWN);
	assert_int_equal(sd[2].inherits_parent, 0);
	assert_null(sd[2].dependency_period);
	assert_ptr_equal(sd[3].master, s22);
	assert_ptr_equal(sd[3].dependent, s31);
	assert_int_equal(sd[3].type, OBJ_DEP_NOTIFICATION);
	assert_ptr_equal(sd[4].master, s31);
	assert_ptr_equal(sd[4].dependent, s11);
	assert_int_equal(sd[4].type, OBJ_DEP_NOTIFICATION);
	assert_int_equal(sd[4].failure_options, OBJ_OPT_CRITICAL);
	assert_int_equal(sd[5].type, OBJ_DEP_EXECUTION);
	assert_int_equal(sd[5].failure_options, OBJ_OPT_WARNING);
	assert_int_equal(sd[6].type, OBJ_DEP_EXECUTION);
	assert_int_equal(sd[6].failure_options, OBJ_OPT_UNKNOWN);
	assert_int_equal(sd[6].id, 6);
	/* both kinds of one definition point back at it */
	assert_ptr_equal(build_origin(m, OT_SERVICEDEPENDENCY, 4),
	    build_origin(m, OT_SERVICEDEPENDENCY, 5));
	assert_int_equal(build_where(f->m, "servicedependency", 6)->line, 110);
	assert_int_equal(build_where(f->m, "servicedependency", 2)->line, 120);

	/* host dependencies: one per kind present, none for a definition without */
	assert_int_equal(m->nhostdependencies, 3);
	assert_int_equal(m->hostdependencies[0].type, OBJ_DEP_NOTIFICATION);
	assert_int_equal(m->hostdependencies[0].failure_options,
	    OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE);
	assert_int_equal(m->hostdependencies[1].type, OBJ_DEP_EXECUTION);
	assert_int_equal(m->hostdependencies[1].failure_options, OBJ_OPT_UP);
	assert_string_equal(m->hostdependencies[1].master->name, "h1");
	assert_string_equal(m->hostdependencies[1].dependent->name, "h2");
	assert_int_equal(m->hostdependencies[2].type, OBJ_DEP_EXECUTION);
	assert_int_equal(m->hostdependencies[2].failure_options, OBJ_OPT_NONE);
	assert_string_equal(m->hostdependencies[2].master->name, "h2");
}

static void
test_escalations(void **state)
{
	struct fx *f = *state;
	const struct objects *m;
	const struct obj_hostescalation *he;
	const struct obj_serviceescalation *se;

	relations_base(f);
	def(f, OT_HOSTESCALATION, 100, "host_name", "h3", "first_notification", "5",
	    "last_notification", "6", "contacts", "zed", NULL);
	def(f, OT_HOSTESCALATION, 110, "host_name", "h1", "first_notification", "2",
	    "last_notification", "3", "contacts", "zed,amy", "contact_groups", "nocg", NULL);
	def(f, OT_HOSTESCALATION, 120, "host_name", "h1", "notification_interval", "-5",
	    "escalation_period", "24x7", "escalation_options", "d,r", NULL);
	def(f, OT_HOSTESCALATION, 130, "host_name", "noh", "escalation_period", "notp", NULL);
	def(f, OT_HOSTESCALATION, 140, "host_name", "h2", "escalation_period", "notp2", NULL);
	def(f, OT_SERVICEESCALATION, 200, "host_name", "h2", "service_description", "s2",
	    "first_notification", "1", "last_notification", "0", "notification_interval", "10",
	    "contacts", "amy", NULL);
	def(f, OT_SERVICEESCALATION, 210, "host_name", "h1", "service_description", "nos",
	    NULL);
	def(f, OT_SERVICEESCALATION, 220, "host_name", "h1", "service_description", "s1",
	    "escalation_period", "notp", NULL);
	build(f);
	m = f->m;

	ERR(f, "Contactgroup 'nocg' is not defined anywhere", 110, "hostescalation",
	    "h1", "contact_groups");
	ERR(f, "Host 'noh' has an escalation, but is not defined anywhere!", 130,
	    "hostescalation", "noh", "host_name");
	ERR(f, "Unable to locate timeperiod 'notp' for hostescalation 'noh'", 130,
	    "hostescalation", "noh", "escalation_period");
	ERR(f, "Unable to locate timeperiod 'notp2' for hostescalation 'h2'", 140,
	    "hostescalation", "h2", "escalation_period");
	ERR(f, "Service 'h1' on host 'nos' has an escalation but is not defined anywhere!", 210,
	    "serviceescalation", "h1;nos", "service_description");
	ERR(f, "Escalation period 'notp' specified in service escalation for service 's1' on "
	    "host 'h1' is not defined anywhere!", 220, "serviceescalation", "h1;s1",
	    "escalation_period");
	assert_int_equal(f->nerr, 6);

	/* by host; one host's escalations, later definitions first */
	assert_int_equal(m->nhostescalations, 4);
	he = m->hostescalations;
	assert_string_equal(he[0].host->name, "h1");
	assert_int_equal(he[0].first_notification, -2);
	assert_int_equal(he[0].last_notification, -2);
	assert_true(he[0].notification_interval == 0);
	assert_ptr_equal(he[0].escalation_period, &m->timeperiods[0]);
	assert_int_equal(he[0].escalation_options, OBJ_OPT_DOWN | OBJ_OPT_RECOVERY);
	assert_int_equal(he[1].first_notification, 2);
	assert_int_equal(he[1].escalation_options, OBJ_OPT_ALL);
	assert_null(he[1].escalation_period);
	/* contacts zed,amy -> amy,zed */
	assert_int_equal(he[1].ncontacts, 2);
	assert_string_equal(he[1].contacts[0]->name, "amy");
	assert_string_equal(he[1].contacts[1]->name, "zed");
	assert_int_equal(he[1].ncontact_groups, 0);
	assert_string_equal(he[2].host->name, "h2");
	assert_null(he[2].escalation_period);
	assert_string_equal(he[3].host->name, "h3");
	assert_int_equal(he[3].id, 3);
	assert_int_equal(build_where(f->m, "hostescalation", 1)->line, 110);

	assert_int_equal(m->nserviceescalations, 2);
	se = m->serviceescalations;
	assert_ptr_equal(se[0].service, objects_find_service(m, "h1", "s1"));
	assert_ptr_equal(se[1].service, objects_find_service(m, "h2", "s2"));
	assert_true(se[1].notification_interval == 10);
	assert_int_equal(se[1].last_notification, 0);
	assert_int_equal(se[1].ncontacts, 1);
}

/* findings in Nagios's order: reading, registration kind by kind, then pre-flight */
static void
test_report_order(void **state)
{
	struct fx *f = *state;
	static const char *const want[] = {
		"Duplicate definition found for command 'c1'",
		"Host notification period 'nohp' specified for contact 'zed'",
		"Failed to locate check_period 'nocp' for host 'h1'!",
		"Unable to locate host 'nohost' for service 's2'",
		"Master service 'x' on host 'h1' is not defined anywhere!",
		"Event handler command 'noseh' specified in service 's1'",
		"Service check command 'nocheck' specified in service 's1'",
		"Service 'h1' on host 'zz' is not a valid parent",
		"Event handler command 'noeh' specified for host 'h1'",
		"Host check command 'nope' specified for host 'h1'",
		"'ghost' is not a valid parent for host 'h1'!",
		"Host notification command 'nocmd' specified for contact 'zed'",
		"Excluded time period 'notp' specified in timeperiod 'tp'",
	};
	unsigned i;

	def(f, OT_SERVICEDEPENDENCY, 1, "host_name", "h1", "service_description", "x",
	    "dependent_host_name", "h1", "dependent_service_description", "s1",
	    "execution_failure_criteria", "c", NULL);
	def(f, OT_SERVICE, 1, "host_name", "nohost", "service_description", "s2",
	    "check_command", "c1", "max_check_attempts", "3", NULL);
	def(f, OT_COMMAND, 1, "command_name", "c1", "command_line", "/bin/true", NULL);
	def(f, OT_TIMEPERIOD, 2, "timeperiod_name", "tp", "alias", "x", "exclude", "notp", NULL);
	def(f, OT_CONTACT, 3, "contact_name", "zed", "host_notification_commands", "c1,nocmd",
	    "service_notification_commands", "c1", "host_notification_period", "nohp", NULL);
	def(f, OT_HOST, 4, "host_name", "h1", "max_check_attempts", "3", "check_command",
	    "nope", "event_handler", "noeh", "parents", "ghost", "check_period", "nocp", NULL);
	def(f, OT_SERVICE, 5, "host_name", "h1", "service_description", "s1", "check_command",
	    "nocheck", "event_handler", "noseh", "max_check_attempts", "3", "parents", "zz",
	    NULL);
	def(f, OT_COMMAND, 6, "command_name", "c1", "command_line", "/bin/false", NULL);
	build(f);
	assert_int_equal(diag_count(f->d), sizeof(want) / sizeof(want[0]));
	for (i = 0; i < diag_count(f->d); i++)
		if (strstr(diag_get(f->d, i)->msg, want[i]) == NULL)
			fail_msg("finding %u is \"%s\", wanted \"%s\"", i, diag_get(f->d, i)->msg,
			    want[i]);
	/* 5 found while reading; the unknown commands, periods and parents in pre-flight */
	assert_int_equal(f->nerr, 5);
	assert_int_equal(f->nlate, 8);
}

static void
test_origin_and_where(void **state)
{
	struct fx *f = *state;
	struct rawobj *h;
	const struct diag_loc *w;

	base(f);
	h = def(f, OT_HOST, 42, "host_name", "h1", "max_check_attempts", "1", NULL);
	build(f);
	assert_ptr_equal(build_origin(f->m, OT_HOST, 0), h);
	assert_null(build_origin(f->m, OT_HOST, 1));
	assert_null(build_origin(f->m, OT_HOSTESCALATION, 0));
	assert_null(build_origin(NULL, OT_HOST, 0));
	assert_int_equal(build_origin(f->m, OT_COMMAND, 1)->line, 2);
	/* where works without the raw store */
	rawstore_free(f->rs);
	f->rs = NULL;
	w = build_where(f->m, "host", 0);
	assert_non_null(w);
	assert_string_equal(w->file, FILE_NAME);
	assert_int_equal(w->line, 42);
	assert_string_equal(w->otype, "host");
	w = build_where(f->m, "contact", 0);
	assert_int_equal(w->line, 4);
	assert_null(build_where(f->m, "host", 1));
	assert_null(build_where(f->m, "nosuchtype", 0));
	assert_null(build_where(NULL, "host", 0));
}

static void
test_empty_store(void **state)
{
	struct fx *f = *state;

	build(f);
	assert_int_equal(f->nerr, 0);
	assert_int_equal(f->m->nhosts, 0);
	assert_null(f->m->hosts);
	assert_int_equal(f->m->nservicedependencies, 0);
	assert_null(objects_find_host(f->m, "x"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_settings, setup, teardown),
		cmocka_unit_test_setup_teardown(test_findings_per_object, setup, teardown),
		cmocka_unit_test_setup_teardown(test_threaded_fill_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_values_set, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sorting_and_skipping, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list_orders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_group_order_with_tweaks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_timeperiods, setup, teardown),
		cmocka_unit_test_setup_teardown(test_required_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unresolved_objects, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dependencies, setup, teardown),
		cmocka_unit_test_setup_teardown(test_escalations, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_origin_and_where, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_store, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_preflight: the pre-flight checks on hand-built generations.
 *
 * Each case builds a small struct objects the way the builder would
 * (arrays in the generation's arena, ids equal to positions, pointers
 * resolved) and checks the findings against what nagios4 4.4.6 -v says
 * for the equivalent object files.  The expected texts were taken from
 * runs of the real nagios4.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkdtemp */
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "compat/config/preflight.h"
#include "engine/objects/objects.h"
#include "engine/util/arena.h"

#define T_MAXPARENTS 4

struct t {
	struct objects *o;
	struct diag *d;
	struct main_cfg cfg;
	struct preflight_env env;
	struct preflight_counts counts;
	FILE *out;
};

/* ---- building generations ---- */

static void *
t_array(struct objects *o, unsigned n, size_t size)
{
	return n > 0 ? arena_zalloc(o->arena, (size_t)n * size) : NULL;
}

static void
t_timeperiods(struct objects *o, const char *const *names, unsigned n)
{
	unsigned i;

	o->timeperiods = t_array(o, n, sizeof(*o->timeperiods));
	o->ntimeperiods = n;
	for (i = 0; i < n; i++) {
		o->timeperiods[i].id = i;
		o->timeperiods[i].name = arena_strdup(o->arena, names[i]);
		o->timeperiods[i].alias = o->timeperiods[i].name;
	}
}

static struct obj_timeperiod *
t_tp(struct objects *o, const char *name)
{
	unsigned i;

	for (i = 0; i < o->ntimeperiods; i++)
		if (strcmp(o->timeperiods[i].name, name) == 0)
			return &o->timeperiods[i];
	fail_msg("no timeperiod %s", name);
	return NULL;
}

/* excl: names separated by commas, as written */
static void
t_exclude(struct objects *o, const char *tp, const char *excl)
{
	struct obj_timeperiod *t = t_tp(o, tp);
	char buf[256], *s, *save = NULL;

	t->exclude = arena_zalloc(o->arena, 8 * sizeof(*t->exclude));
	snprintf(buf, sizeof(buf), "%s", excl);
	for (s = strtok_r(buf, ",", &save); s != NULL; s = strtok_r(NULL, ",", &save))
		t->exclude[t->nexclude++] = t_tp(o, s);
}

static void
t_commands(struct objects *o, const char *const *names, unsigned n)
{
	unsigned i;

	o->commands = t_array(o, n, sizeof(*o->commands));
	o->ncommands = n;
	for (i = 0; i < n; i++) {
		o->commands[i].id = i;
		o->commands[i].name = arena_strdup(o->arena, names[i]);
		o->commands[i].line = "/bin/true";
	}
}

static struct obj_cmdref *
t_cmdref(struct objects *o, struct obj_command *cmd)
{
	struct obj_cmdref *r = arena_zalloc(o->arena, sizeof(*r));

	r->raw = cmd->name;
	r->cmd = cmd;
	return r;
}

/* complete contacts: both periods (the first timeperiod), both commands */
static void
t_contacts(struct objects *o, const char *const *names, unsigned n)
{
	struct obj_contact *c;
	unsigned i;

	o->contacts = t_array(o, n, sizeof(*o->contacts));
	o->ncontacts = n;
	for (i = 0; i < n; i++) {
		c = &o->contacts[i];
		c->id = i;
		c->name = arena_strdup(o->arena, names[i]);
		c->host_notification_period = &o->timeperiods[0];
		c->service_notification_period = &o->timeperiods[0];
		c->host_notification_options = OBJ_OPT_ALL;
		c->service_notification_options = OBJ_OPT_ALL;
		c->host_notification_commands = t_cmdref(o, &o->commands[0]);
		c->nhost_notification_commands = 1;
		c->service_notification_commands = t_cmdref(o, &o->commands[0]);
		c->nservice_notification_commands = 1;
	}
}

static struct obj_contact **
t_contact_list(struct objects *o)
{
	struct obj_contact **l = arena_zalloc(o->arena, sizeof(*l));

	l[0] = &o->contacts[0];
	return l;
}

/* hosts with the first contact and all notification options */
static void
t_hosts(struct objects *o, const char *const *names, unsigned n)
{
	struct obj_host *h;
	unsigned i;

	o->hosts = t_array(o, n, sizeof(*o->hosts));
	o->nhosts = n;
	for (i = 0; i < n; i++) {
		h = &o->hosts[i];
		h->id = i;
		h->name = arena_strdup(o->arena, names[i]);
		h->parents = arena_zalloc(o->arena, T_MAXPARENTS * sizeof(*h->parents));
		h->cfg = arena_zalloc(o->arena, sizeof(*h->cfg)); /* one each: tests change them */
		h->ext = &objects_no_extinfo;
		h->cfg->notification_options = OBJ_OPT_ALL;
		h->cfg->check_interval = 5;
		h->cfg->notification_interval = 30;
		if (o->ncontacts > 0) {
			h->cfg->contacts = t_contact_list(o);
			h->cfg->ncontacts = 1;
		}
	}
}

static struct obj_host *
t_host(struct objects *o, const char *name)
{
	unsigned i;

	for (i = 0; i < o->nhosts; i++)
		if (strcmp(o->hosts[i].name, name) == 0)
			return &o->hosts[i];
	fail_msg("no host %s", name);
	return NULL;
}

/* parents: names separated by commas, as written */
static void
t_parents(struct objects *o, const char *host, const char *parents)
{
	struct obj_host *h = t_host(o, host);
	char buf[256], *s, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", parents);
	for (s = strtok_r(buf, ",", &save); s != NULL; s = strtok_r(NULL, ",", &save)) {
		assert_true(h->nparents < T_MAXPARENTS);
		h->parents[h->nparents++] = t_host(o, s);
	}
}

/* services named "host;description", complete and in sorted order */
static void
t_services(struct objects *o, const char *const *names, unsigned n)
{
	struct obj_service *s;
	struct obj_host *h;
	char buf[256], *semi;
	unsigned i;

	o->services = t_array(o, n, sizeof(*o->services));
	o->nservices = n;
	for (i = 0; i < o->nhosts; i++)
		o->hosts[i].services = arena_zalloc(o->arena,
		    (n + 1) * sizeof(*o->hosts[i].services));
	for (i = 0; i < n; i++) {
		s = &o->services[i];
		snprintf(buf, sizeof(buf), "%s", names[i]);
		semi = strchr(buf, ';');
		assert_non_null(semi);
		*semi = '\0';
		h = t_host(o, buf);
		s->id = i;
		s->host = h;
		s->description = arena_strdup(o->arena, semi + 1);
		s->check_command.raw = o->commands[0].name;
		s->check_command.cmd = &o->commands[0];
		s->cfg = arena_zalloc(o->arena, sizeof(*s->cfg)); /* one each: tests change them */
		s->ext = &objects_no_extinfo;
		s->cfg->check_period = &o->timeperiods[0];
		s->cfg->notification_period = &o->timeperiods[0];
		s->cfg->notification_options = OBJ_OPT_ALL;
		s->cfg->check_interval = 5;
		s->cfg->notification_interval = 30;
		if (o->ncontacts > 0) {
			s->cfg->contacts = t_contact_list(o);
			s->cfg->ncontacts = 1;
		}
		h->services[h->nservices++] = s;
	}
}

static struct obj_service *
t_svc(struct objects *o, const char *name)
{
	char buf[256], *semi;
	unsigned i;

	snprintf(buf, sizeof(buf), "%s", name);
	semi = strchr(buf, ';');
	assert_non_null(semi);
	*semi = '\0';
	for (i = 0; i < o->nservices; i++)
		if (strcmp(o->services[i].host->name, buf) == 0 &&
		    strcmp(o->services[i].description, semi + 1) == 0)
			return &o->services[i];
	fail_msg("no service %s", name);
	return NULL;
}

/*
 * Dependencies written "master>dependent/type" with type n or e, given in
 * the builder's order (sorted by master, then dependent).
 */
static void
t_servicedeps(struct objects *o, const char *const *specs, unsigned n)
{
	struct obj_servicedependency *sd;
	char buf[256], *gt, *slash;
	unsigned i;

	o->servicedependencies = t_array(o, n, sizeof(*o->servicedependencies));
	o->nservicedependencies = n;
	for (i = 0; i < n; i++) {
		sd = &o->servicedependencies[i];
		snprintf(buf, sizeof(buf), "%s", specs[i]);
		gt = strchr(buf, '>');
		slash = strchr(buf, '/');
		assert_non_null(gt);
		assert_non_null(slash);
		*gt = *slash = '\0';
		sd->id = i;
		sd->master = t_svc(o, buf);
		sd->dependent = t_svc(o, gt + 1);
		sd->type = slash[1] == 'n' ? OBJ_DEP_NOTIFICATION : OBJ_DEP_EXECUTION;
	}
}

static void
t_hostdeps(struct objects *o, const char *const *specs, unsigned n)
{
	struct obj_hostdependency *hd;
	char buf[256], *gt, *slash;
	unsigned i;

	o->hostdependencies = t_array(o, n, sizeof(*o->hostdependencies));
	o->nhostdependencies = n;
	for (i = 0; i < n; i++) {
		hd = &o->hostdependencies[i];
		snprintf(buf, sizeof(buf), "%s", specs[i]);
		gt = strchr(buf, '>');
		slash = strchr(buf, '/');
		assert_non_null(gt);
		assert_non_null(slash);
		*gt = *slash = '\0';
		hd->id = i;
		hd->master = t_host(o, buf);
		hd->dependent = t_host(o, gt + 1);
		hd->type = slash[1] == 'n' ? OBJ_DEP_NOTIFICATION : OBJ_DEP_EXECUTION;
	}
}

/* the base of most cases: 24x7, command c, contact admin */
static void
t_basics(struct objects *o)
{
	static const char *const tps[] = { "24x7" };
	static const char *const cmds[] = { "c" };
	static const char *const cts[] = { "admin" };

	t_timeperiods(o, tps, 1);
	t_commands(o, cmds, 1);
	t_contacts(o, cts, 1);
}

/* host h1 with service s1: a configuration nagios4 finds clean */
static void
t_clean(struct objects *o)
{
	static const char *const hosts[] = { "h1" };
	static const char *const svcs[] = { "h1;s1" };

	t_basics(o);
	t_hosts(o, hosts, 1);
	t_services(o, svcs, 1);
}

static int
t_setup(void **state)
{
	struct t *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	t->o = objects_new();
	t->d = diag_new(NULL);
	memset(&t->cfg, 0, sizeof(t->cfg));
	t->cfg.config_file = "/etc/nagios4/nagios.cfg";
	t->cfg.illegal_macro_output_chars = "`~$&|'\"<>";
	t->env.cfg = &t->cfg;
	t->env.d = t->d;
	t->env.verbosity = 1;
	*state = t;
	return 0;
}

static int
t_teardown(void **state)
{
	struct t *t = *state;

	objects_free(t->o);
	diag_free(t->d);
	if (t->out != NULL)
		fclose(t->out);
	free(t);
	return 0;
}

/* run with the report going to a temporary file */
static int
t_run(struct t *t)
{
	if (t->o->idx_hosts == NULL)
		objects_index(t->o);
	if (t->out == NULL)
		t->out = tmpfile();
	assert_non_null(t->out);
	return preflight_run(t->o, &t->env, &t->counts, t->out);
}

static char *
t_report(struct t *t)
{
	long len;
	char *buf;

	fflush(t->out);
	len = ftell(t->out);
	assert_true(len >= 0);
	buf = calloc(1, (size_t)len + 1);
	assert_non_null(buf);
	rewind(t->out);
	assert_int_equal(fread(buf, 1, (size_t)len, t->out), (size_t)len);
	return buf;
}

static void
t_has_error(struct t *t, const char *msg)
{
	if (!diag_has(t->d, DIAG_ERROR, msg))
		fail_msg("missing error: %s", msg);
}

static void
t_has_warning(struct t *t, const char *msg)
{
	if (!diag_has(t->d, DIAG_WARNING, msg))
		fail_msg("missing warning: %s", msg);
}

/* the i-th finding's message, exactly */
static void
t_msg(struct t *t, unsigned i, enum diag_kind kind, const char *msg)
{
	const struct diag_entry *e = diag_get(t->d, i);

	assert_non_null(e);
	assert_int_equal(e->kind, kind);
	assert_string_equal(e->msg, msg);
}

/* ---- cases ---- */

static void
test_clean_report(void **state)
{
	struct t *t = *state;
	char *rep;

	t_clean(t->o);
	assert_int_equal(t_run(t), 0);
	assert_int_equal(diag_count(t->d), 0);
	rep = t_report(t);
	/* nagios4 -v on the equivalent files, between the two marks */
	assert_string_equal(rep,
	    "Checking objects...\n"
	    "\tChecked 1 services.\n"
	    "\tChecked 1 hosts.\n"
	    "\tChecked 0 host groups.\n"
	    "\tChecked 0 service groups.\n"
	    "\tChecked 1 contacts.\n"
	    "\tChecked 0 contact groups.\n"
	    "\tChecked 1 commands.\n"
	    "\tChecked 1 time periods.\n"
	    "\tChecked 0 host escalations.\n"
	    "\tChecked 0 service escalations.\n"
	    "Checking for circular paths...\n"
	    "\tChecked 1 hosts\n"
	    "\tChecked 0 service dependencies\n"
	    "\tChecked 0 host dependencies\n"
	    "\tChecked 1 timeperiods\n"
	    "Checking global event handlers...\n"
	    "Checking obsessive compulsive processor commands...\n"
	    "Checking misc settings...\n");
	free(rep);
}

static void
test_counts(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b" };
	static const char *const svcs[] = { "a;s1", "a;s2", "b;s1" };
	static const char *const sdeps[] = { "a;s1>a;s2/e", "a;s1>a;s2/n", "a;s1>b;s1/n" };
	static const char *const hdeps[] = { "a>b/n" };

	t_basics(o);
	t_hosts(o, hosts, 2);
	t_services(o, svcs, 3);
	t_servicedeps(o, sdeps, 3);
	t_hostdeps(o, hdeps, 1);
	o->hostgroups = t_array(o, 2, sizeof(*o->hostgroups));
	o->nhostgroups = 2;
	o->hostgroups[0].name = "g1";
	o->hostgroups[1].name = "g2";
	o->hostgroups[1].id = 1;
	o->serviceescalations = t_array(o, 3, sizeof(*o->serviceescalations));
	o->nserviceescalations = 3;
	o->hostescalations = t_array(o, 1, sizeof(*o->hostescalations));
	o->nhostescalations = 1;
	assert_int_equal(t_run(t), 0);
	assert_int_equal(t->counts.services, 3);
	assert_int_equal(t->counts.hosts, 2);
	assert_int_equal(t->counts.hostgroups, 2);
	assert_int_equal(t->counts.servicegroups, 0);
	assert_int_equal(t->counts.contacts, 1);
	assert_int_equal(t->counts.contactgroups, 0);
	assert_int_equal(t->counts.commands, 1);
	assert_int_equal(t->counts.timeperiods, 1);
	assert_int_equal(t->counts.hostescalations, 1);
	assert_int_equal(t->counts.serviceescalations, 3);
	assert_int_equal(t->counts.circ_hosts, 2);
	assert_int_equal(t->counts.circ_servicedeps, 3);
	assert_int_equal(t->counts.circ_hostdeps, 1);
	assert_int_equal(t->counts.circ_timeperiods, 1);
}

static void
test_nothing_defined(void **state)
{
	struct t *t = *state;
	char *rep;

	/* findings and report lines on one stream */
	diag_free(t->d);
	t->out = tmpfile();
	assert_non_null(t->out);
	t->d = t->env.d = diag_new(t->out);
	assert_int_equal(t_run(t), 3);
	assert_int_equal(diag_errors(t->d), 3);
	assert_int_equal(diag_warnings(t->d), 0);
	rep = t_report(t);
	/* findings land where nagios4 prints them */
	assert_string_equal(rep,
	    "Checking objects...\n"
	    "Error: There are no services defined!\n"
	    "\tChecked 0 services.\n"
	    "Error: There are no hosts defined!\n"
	    "\tChecked 0 hosts.\n"
	    "\tChecked 0 host groups.\n"
	    "\tChecked 0 service groups.\n"
	    "Error: There are no contacts defined!\n"
	    "\tChecked 0 contacts.\n"
	    "\tChecked 0 contact groups.\n"
	    "\tChecked 0 commands.\n"
	    "\tChecked 0 time periods.\n"
	    "\tChecked 0 host escalations.\n"
	    "\tChecked 0 service escalations.\n"
	    "Checking for circular paths...\n"
	    "\tChecked 0 hosts\n"
	    "\tChecked 0 service dependencies\n"
	    "\tChecked 0 host dependencies\n"
	    "\tChecked 0 timeperiods\n"
	    "Checking global event handlers...\n"
	    "Checking obsessive compulsive processor commands...\n"
	    "Checking misc settings...\n");
	free(rep);
}

static void
test_no_services(void **state)
{
	struct t *t = *state;
	static const char *const hosts[] = { "h1" };

	t_basics(t->o);
	t_hosts(t->o, hosts, 1);
	assert_int_equal(t_run(t), 1);
	t_msg(t, 0, DIAG_ERROR, "There are no services defined!");
	assert_int_equal(diag_count(t->d), 1);
}

static void
test_illegal_names(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const tps[] = { "24x7", "tp*" };
	static const char *const cmds[] = { "c", "c&" };
	static const char *const cts[] = { "admin", "ct^" };
	static const char *const hosts[] = { "h(1)", "h2" };
	static const char *const svcs[] = { "h(1);s=1" };

	t->cfg.illegal_object_name_chars = "`~!$%^&*|'\"<>?,()=";
	t_timeperiods(o, tps, 2);
	t_commands(o, cmds, 2);
	t_contacts(o, cts, 2);
	t_hosts(o, hosts, 2);
	t_services(o, svcs, 1);
	o->hostgroups = t_array(o, 1, sizeof(*o->hostgroups));
	o->nhostgroups = 1;
	o->hostgroups[0].name = "hg,1";
	o->servicegroups = t_array(o, 1, sizeof(*o->servicegroups));
	o->nservicegroups = 1;
	o->servicegroups[0].name = "sg?";
	o->contactgroups = t_array(o, 1, sizeof(*o->contactgroups));
	o->ncontactgroups = 1;
	o->contactgroups[0].name = "cg%";
	assert_int_equal(t_run(t), 8);
	/* nagios4 -v, in its order */
	t_msg(t, 0, DIAG_ERROR, "The description string for service 's=1' on host 'h(1)' "
	    "contains one or more illegal characters.");
	t_msg(t, 1, DIAG_ERROR, "The name of host 'h(1)' contains one or more illegal characters.");
	t_msg(t, 2, DIAG_ERROR, "The name of hostgroup 'hg,1' contains one or more illegal "
	    "characters.");
	t_msg(t, 3, DIAG_ERROR, "The name of servicegroup 'sg?' contains one or more illegal "
	    "characters.");
	t_msg(t, 4, DIAG_ERROR, "The name of contact 'ct^' contains one or more illegal "
	    "characters.");
	t_msg(t, 5, DIAG_ERROR, "The name of contact group 'cg%' contains one or more illegal "
	    "characters.");
	t_msg(t, 6, DIAG_ERROR, "The name of command 'c&' contains one or more illegal "
	    "characters.");
	t_msg(t, 7, DIAG_ERROR, "The name of time period 'tp*' contains one or more illegal "
	    "characters.");
	assert_int_equal(diag_count(t->d), 8);
}

static void
test_illegal_names_unset(void **state)
{
	struct t *t = *state;
	static const char *const hosts[] = { "h(1)" };
	static const char *const svcs[] = { "h(1);s=1" };

	t_basics(t->o);
	t_hosts(t->o, hosts, 1);
	t_services(t->o, svcs, 1);
	assert_int_equal(t_run(t), 0);
	t->cfg.illegal_object_name_chars = "";
	assert_int_equal(preflight_run(t->o, &t->env, NULL, NULL), 0);
	t->env.cfg = NULL; /* no nagios.cfg: no name checks either */
	assert_int_equal(preflight_run(t->o, &t->env, NULL, NULL), 0);
	assert_int_equal(diag_count(t->d), 0);
}

static void
test_service_warnings(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "h1" };
	static const char *const svcs[] = { "h1;s1", "h1;s2", "h1;s3" };
	struct obj_service *s;

	t_basics(o);
	t_hosts(o, hosts, 1);
	t_services(o, svcs, 3);
	s = &o->services[0];
	s->cfg->notification_options = OBJ_OPT_RECOVERY;
	s->cfg->ncontacts = 0;
	s->cfg->check_period = NULL;
	s->cfg->notification_period = NULL;
	s->cfg->check_interval = 10;
	s->cfg->notification_interval = 5;
	/* 0 means "notify once": no warning */
	o->services[1].cfg->check_interval = 10;
	o->services[1].cfg->notification_interval = 0;
	/* a contact group alone is enough; no options at all is fine */
	o->services[2].cfg->ncontacts = 0;
	o->services[2].cfg->contact_groups = arena_zalloc(o->arena, sizeof(void *));
	o->services[2].cfg->ncontact_groups = 1;
	o->services[2].cfg->notification_options = OBJ_OPT_NONE;
	assert_int_equal(t_run(t), 0);
	t_msg(t, 0, DIAG_WARNING, "Recovery notification option in service 's1' for host 'h1' "
	    "doesn't make any sense - specify warning and/or critical options as well");
	t_msg(t, 1, DIAG_WARNING, "Service 's1' on host 'h1' has no default contacts or "
	    "contactgroups defined!");
	t_msg(t, 2, DIAG_WARNING, "Service 's1' on host 'h1' has no check time period defined!");
	t_msg(t, 3, DIAG_WARNING, "Service 's1' on host 'h1' has no notification time period "
	    "defined!");
	t_msg(t, 4, DIAG_WARNING, "Service 's1' on host 'h1'  has a notification interval less "
	    "than its check interval!  Notifications are only re-sent after checks are made, "
	    "so the effective notification interval will be that of the check interval.");
	assert_int_equal(diag_count(t->d), 5);
}

static void
test_host_warnings(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "h1", "h2" };
	static const char *const svcs[] = { "h1;s1" };

	t_basics(o);
	t_hosts(o, hosts, 2);
	t_services(o, svcs, 1);
	o->hosts[0].cfg->ncontacts = 0;
	o->hosts[0].cfg->notification_options = OBJ_OPT_RECOVERY;
	/* hosts have no interval check */
	o->hosts[0].cfg->check_interval = 10;
	o->hosts[0].cfg->notification_interval = 5;
	/* h2 has no services: said only under -v -v */
	assert_int_equal(t_run(t), 0);
	t_msg(t, 0, DIAG_WARNING, "Host 'h1' has no default contacts or contactgroups defined!");
	t_msg(t, 1, DIAG_WARNING, "Recovery notification option in host 'h1' definition "
	    "doesn't make any sense - specify down and/or unreachable options as well");
	assert_int_equal(diag_count(t->d), 2);

	t->env.verbosity = 2;
	assert_int_equal(preflight_run(o, &t->env, NULL, NULL), 0);
	t_msg(t, 4, DIAG_WARNING, "Host 'h2' has no services associated with it!");
	t_has_warning(t, "Warning: Host 'h2' has no services associated with it! (host 'h2')");
	assert_int_equal(diag_count(t->d), 5);
}

static void
test_contact_checks(void **state)
{
	struct t *t = *state;
	struct obj_contact *c;

	t_clean(t->o);
	c = &t->o->contacts[0];
	c->nhost_notification_commands = 0;
	c->nservice_notification_commands = 0;
	c->host_notification_period = NULL;
	c->service_notification_period = NULL;
	c->host_notification_options = OBJ_OPT_RECOVERY;
	c->service_notification_options = OBJ_OPT_RECOVERY;
	assert_int_equal(t_run(t), 2);
	t_msg(t, 0, DIAG_ERROR, "Contact 'admin' has no service notification commands defined!");
	t_msg(t, 1, DIAG_ERROR, "Contact 'admin' has no host notification commands defined!");
	t_msg(t, 2, DIAG_WARNING, "Contact 'admin' has no service notification time period "
	    "defined!");
	t_msg(t, 3, DIAG_WARNING, "Contact 'admin' has no host notification time period "
	    "defined!");
	t_msg(t, 4, DIAG_WARNING, "Host recovery notification option for contact 'admin' "
	    "doesn't make any sense - specify down and/or unreachable options as well");
	t_msg(t, 5, DIAG_WARNING, "Service recovery notification option for contact 'admin' "
	    "doesn't make any sense - specify critical and/or warning options as well");
	assert_int_equal(diag_count(t->d), 6);
}

/*
 * nagios4 on: a parents c, b parents a, c parents b, d parents c, e parents
 * a (hosts a..e): one error, naming c and a.
 */
static void
test_circular_parents(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b", "c", "d", "e" };
	static const char *const svcs[] = { "a;s1" };

	t_basics(o);
	t_hosts(o, hosts, 5);
	t_services(o, svcs, 1);
	t_parents(o, "a", "c");
	t_parents(o, "b", "a");
	t_parents(o, "c", "b");
	t_parents(o, "d", "c");
	t_parents(o, "e", "a");
	assert_int_equal(t_run(t), 1);
	t_msg(t, 0, DIAG_ERROR,
	    "The hosts 'c' and 'a' form or lead into a circular parent/child chain!");
	assert_int_equal(diag_count(t->d), 1);
}

/* nagios4: a parents b,c (or c,b); b and c parents a: "c and a" either way */
static void
test_circular_parents_order(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b", "c" };
	static const char *const svcs[] = { "a;s1" };

	t_basics(o);
	t_hosts(o, hosts, 3);
	t_services(o, svcs, 1);
	t_parents(o, "a", "b,c");
	t_parents(o, "b", "a");
	t_parents(o, "c", "a");
	assert_int_equal(t_run(t), 1);
	t_msg(t, 0, DIAG_ERROR,
	    "The hosts 'c' and 'a' form or lead into a circular parent/child chain!");
	o->hosts[0].parents[0] = t_host(o, "c");
	o->hosts[0].parents[1] = t_host(o, "b");
	assert_int_equal(preflight_run(o, &t->env, NULL, NULL), 1);
	t_msg(t, 1, DIAG_ERROR,
	    "The hosts 'c' and 'a' form or lead into a circular parent/child chain!");
}

/* a chain far deeper than a recursive walk could take, closed at the end */
static void
test_circular_parents_deep(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	enum { N = 200000 };
	static const char *const svcs[] = { "h000000;s1" };
	const char **names = calloc(N, sizeof(*names));
	char buf[16];
	unsigned i;

	assert_non_null(names);
	for (i = 0; i < N; i++) {
		snprintf(buf, sizeof(buf), "h%06u", i);
		names[i] = arena_strdup(o->arena, buf);
	}
	t_basics(o);
	t_hosts(o, names, N);
	t_services(o, svcs, 1);
	free(names);
	for (i = 1; i < N; i++)
		o->hosts[i].parents[o->hosts[i].nparents++] = &o->hosts[i - 1];
	assert_int_equal(preflight_run(o, &t->env, NULL, NULL), 0);
	o->hosts[0].parents[o->hosts[0].nparents++] = &o->hosts[N - 1];
	assert_int_equal(preflight_run(o, &t->env, NULL, NULL), 1);
	t_has_error(t, "The hosts 'h199999' and 'h000000' form or lead into a circular");
}

/*
 * nagios4 on the dependencies below (written in this order, one of them
 * with both criteria): an execution loop a;s1/a;s2 and a notification
 * loop a;s1/b;s1; "Checked 5 service dependencies".
 */
static void
test_circular_servicedeps(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b" };
	static const char *const svcs[] = { "a;s1", "a;s2", "b;s1" };
	static const char *const deps[] = {
		"a;s1>a;s2/e", "a;s1>b;s1/n", "a;s2>a;s1/e", "a;s2>a;s1/n", "b;s1>a;s1/n",
	};

	t_basics(o);
	t_hosts(o, hosts, 2);
	t_services(o, svcs, 3);
	t_servicedeps(o, deps, 5);
	assert_int_equal(t_run(t), 2);
	t_msg(t, 0, DIAG_ERROR,
	    "Circular execution dependency detected for services 'a;s1' and 'a;s2'");
	t_msg(t, 1, DIAG_ERROR,
	    "Circular notification dependency detected for services 'a;s1' and 'b;s1'");
	assert_int_equal(diag_count(t->d), 2);
	assert_int_equal(t->counts.circ_servicedeps, 5);
}

/*
 * a;s1 depends on b;s1 and c;s1, both depend on a;s1.  nagios4 with the
 * dependency on b;s1 written first reports two loops.
 */
static void
test_circular_servicedeps_branches(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b", "c" };
	static const char *const svcs[] = { "a;s1", "b;s1", "c;s1" };
	static const char *const deps[] = {
		"a;s1>b;s1/n", "a;s1>c;s1/n", "b;s1>a;s1/n", "c;s1>a;s1/n",
	};

	t_basics(o);
	t_hosts(o, hosts, 3);
	t_services(o, svcs, 3);
	t_servicedeps(o, deps, 4);
	assert_int_equal(t_run(t), 2);
	t_msg(t, 0, DIAG_ERROR,
	    "Circular notification dependency detected for services 'c;s1' and 'a;s1'");
	t_msg(t, 1, DIAG_ERROR,
	    "Circular notification dependency detected for services 'a;s1' and 'b;s1'");
}

/* nagios4: a<->b by notification, d on itself by execution */
static void
test_circular_hostdeps(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b", "d" };
	static const char *const svcs[] = { "a;s1" };
	static const char *const deps[] = { "a>b/n", "a>b/e", "b>a/n", "d>d/e" };

	t_basics(o);
	t_hosts(o, hosts, 3);
	t_services(o, svcs, 1);
	t_hostdeps(o, deps, 4);
	assert_int_equal(t_run(t), 2);
	t_msg(t, 0, DIAG_ERROR, "Circular notification dependency detected for hosts 'a' and 'b'");
	t_msg(t, 1, DIAG_ERROR, "Circular execution dependency detected for hosts 'd' and 'd'");
	assert_int_equal(t->counts.circ_hostdeps, 4);
}

/* nagios4: t1 exclude t2, t2 exclude t1, t3 exclude t3,24x7 */
static void
test_circular_timeperiods(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const tps[] = { "24x7", "t1", "t2", "t3" };
	static const char *const cmds[] = { "c" };
	static const char *const cts[] = { "admin" };
	static const char *const hosts[] = { "h1" };
	static const char *const svcs[] = { "h1;s1" };

	t_timeperiods(o, tps, 4);
	t_commands(o, cmds, 1);
	t_contacts(o, cts, 1);
	t_hosts(o, hosts, 1);
	t_services(o, svcs, 1);
	t_exclude(o, "t1", "t2");
	t_exclude(o, "t2", "t1");
	t_exclude(o, "t3", "t3,24x7");
	assert_int_equal(t_run(t), 2);
	t_msg(t, 0, DIAG_ERROR,
	    "The timeperiods 't2' and 't1' form or lead into a circular exclusion chain!");
	t_msg(t, 1, DIAG_ERROR,
	    "The timeperiods 't3' and 't3' form or lead into a circular exclusion chain!");
	assert_int_equal(t->counts.circ_timeperiods, 4);
}

static void
test_global_commands(void **state)
{
	struct t *t = *state;

	t_clean(t->o);
	t->cfg.global_host_event_handler = "nohandler!1";
	t->cfg.global_service_event_handler = "c!x";
	t->cfg.ocsp_command = "noocsp";
	t->cfg.ochp_command = "noochp!a!b";
	t->cfg.obsess_over_services = 0; /* checked all the same */
	assert_int_equal(t_run(t), 3);
	t_msg(t, 0, DIAG_ERROR,
	    "Global host event handler command 'nohandler!1' is not defined anywhere!");
	t_msg(t, 1, DIAG_ERROR, "OCSP command 'noocsp' is not defined anywhere!");
	t_msg(t, 2, DIAG_ERROR, "OCHP command 'noochp!a!b' is not defined anywhere!");
	assert_int_equal(diag_count(t->d), 3);

	t->cfg.global_host_event_handler = "c";
	t->cfg.global_service_event_handler = "nosvc";
	t->cfg.ocsp_command = "c!!";
	t->cfg.ochp_command = NULL;
	assert_int_equal(preflight_run(t->o, &t->env, NULL, NULL), 1);
	t_msg(t, 3, DIAG_ERROR,
	    "Global service event handler command 'nosvc' is not defined anywhere!");
	assert_string_equal(diag_get(t->d, 3)->loc.directive, "global_service_event_handler");
	assert_string_equal(diag_get(t->d, 3)->loc.file, "/etc/nagios4/nagios.cfg");
}

/* the same lookups without the name indexes */
static void
test_global_commands_unindexed(void **state)
{
	struct t *t = *state;

	t_clean(t->o);
	t->cfg.global_host_event_handler = "c!1";
	t->cfg.ocsp_command = "d";
	assert_int_equal(preflight_run(t->o, &t->env, NULL, NULL), 1);
	t_msg(t, 0, DIAG_ERROR, "OCSP command 'd' is not defined anywhere!");
}

static void
test_paths(void **state)
{
	struct t *t = *state;
	char dir[] = "/tmp/test_preflightXXXXXX";
	char file[64];
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/plain", dir);
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	t_clean(t->o);
	t->cfg.temp_path = dir;
	t->cfg.check_result_path = dir;
	assert_int_equal(t_run(t), 0);
	assert_int_equal(diag_count(t->d), 0);

	t->cfg.temp_path = "/nonexistent/jaque";
	t->cfg.check_result_path = file;
	assert_int_equal(preflight_run(t->o, &t->env, NULL, NULL), 2);
	t_msg(t, 0, DIAG_ERROR, "Unable to write to temp_path ('/nonexistent/jaque') - "
	    "No such file or directory");
	assert_string_equal(diag_get(t->d, 0)->loc.directive, "temp_path");
	assert_non_null(strstr(diag_get(t->d, 1)->msg, "Unable to write to check_result_path ('"));
	assert_non_null(strstr(diag_get(t->d, 1)->msg, "') - Not a directory"));

	/* the probe files are gone */
	assert_int_equal(unlink(file), 0);
	assert_int_equal(rmdir(dir), 0);
}

static void
test_macro_output_chars(void **state)
{
	struct t *t = *state;

	t_clean(t->o);
	t->cfg.illegal_macro_output_chars = NULL;
	assert_int_equal(t_run(t), 0);
	t_msg(t, 0, DIAG_WARNING, "Nothing specified for illegal_macro_output_chars variable!");
	assert_int_equal(diag_count(t->d), 1);
}

/* a where() that knows one host */
static const struct diag_loc *
t_where(void *ctx, const char *otype, unsigned id)
{
	static struct diag_loc loc;
	unsigned *calls = ctx;

	(*calls)++;
	if (strcmp(otype, "host") != 0 || id != 0)
		return NULL;
	memset(&loc, 0, sizeof(loc));
	loc.file = "/etc/nagios4/conf.d/hosts.cfg";
	loc.line = 42;
	loc.otype = "ignored";
	return &loc;
}

static void
test_where(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a", "b" };
	static const char *const svcs[] = { "a;s1", "b;s1" };
	const struct diag_entry *e;
	unsigned calls = 0;

	t_basics(o);
	t_hosts(o, hosts, 2);
	t_services(o, svcs, 2);
	t_parents(o, "a", "b");
	t_parents(o, "b", "a");
	o->services[1].cfg->check_period = NULL;
	t->env.where = t_where;
	t->env.ctx = &calls;
	assert_int_equal(t_run(t), 1);
	assert_int_equal(diag_count(t->d), 2);
	e = diag_get(t->d, 0);
	assert_int_equal(e->kind, DIAG_WARNING);
	assert_null(e->loc.file);
	assert_string_equal(e->loc.otype, "service");
	assert_string_equal(e->loc.oname, "b;s1");
	assert_string_equal(e->loc.directive, "check_period");
	e = diag_get(t->d, 1);
	assert_string_equal(e->msg,
	    "The hosts 'b' and 'a' form or lead into a circular parent/child chain!");
	/* the line that closes the loop: a's parents naming b */
	assert_string_equal(e->loc.file, "/etc/nagios4/conf.d/hosts.cfg");
	assert_int_equal(e->loc.line, 42);
	assert_string_equal(e->loc.otype, "host");
	assert_string_equal(e->loc.oname, "a");
	assert_string_equal(e->loc.directive, "parents");
	assert_non_null(strstr(e->text, "line 42"));
	assert_int_equal(calls, 2);
}

/* dependencies of an unknown type, and references outside the arrays */
static void
test_broken_links_skipped(void **state)
{
	struct t *t = *state;
	struct objects *o = t->o;
	static const char *const hosts[] = { "a" };
	static const char *const svcs[] = { "a;s1" };
	static const char *const deps[] = { "a;s1>a;s1/n" };
	static struct obj_host stray;

	t_basics(o);
	t_hosts(o, hosts, 1);
	t_services(o, svcs, 1);
	t_servicedeps(o, deps, 1);
	o->servicedependencies[0].type = (enum obj_dep_type)0;
	o->hosts[0].parents[o->hosts[0].nparents++] = &stray;
	o->hosts[0].parents[o->hosts[0].nparents++] = NULL;
	assert_int_equal(t_run(t), 0);
	o->servicedependencies[0].type = OBJ_DEP_NOTIFICATION;
	assert_int_equal(preflight_run(o, &t->env, NULL, NULL), 1);
	t_has_error(t, "Circular notification dependency detected for services 'a;s1' and "
	    "'a;s1'");
	assert_int_equal(diag_warnings(t->d), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_clean_report, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_counts, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_nothing_defined, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_no_services, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_illegal_names, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_illegal_names_unset, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_service_warnings, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_host_warnings, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_contact_checks, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_parents, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_parents_order, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_parents_deep, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_servicedeps, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_servicedeps_branches, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_hostdeps, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_circular_timeperiods, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_global_commands, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_global_commands_unindexed, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_paths, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_macro_output_chars, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_where, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_broken_links_skipped, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

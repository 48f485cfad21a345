/*
 * test_depend: host and service dependencies and service parents, judged
 * as Nagios 4.4.6's check_service_dependencies, check_host_dependencies
 * and check_service_parents judge them.
 *
 * The objects come from a real configuration (nagios.cfg and one object
 * file in a mkdtemp directory, read by config_read), so the failure
 * option bits are the ones the builder gives for o/w/u/c/p/a/n and
 * o/d/u/p/a/n.  The states are fresh ones (state_*_init: PENDING at the
 * initial state) which each test then sets by hand.
 *
 * Covered: every failure option for services and hosts against every
 * state; pending masters ("p" never matches, as in Nagios 4.4.6; "o"
 * does on a pending OK master, "c" on one whose initial state is
 * critical); soft states with soft_state_dependencies off (last hard
 * state) and on (current state); dependency periods in and out, and
 * Nagios's early "not failed" when a period is out, in list order; the
 * list order itself; inherits_parent chains two levels deep, a chain cut
 * by an edge without it, loops through the object and beside it; several
 * dependencies on one object; execution and notification kept apart
 * (also along a chain); service parents (last hard state CRITICAL or
 * UNKNOWN, recursively, with a loop); what a notification asks (the
 * service's dependencies, then its host's).  Links depend.c and the
 * library.
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
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/check/depend.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"

#define T_NOW 1600000000

static char tmpdir[64];
static struct config_gen gen;
static struct diag *dg;

struct fx {
	struct depend *d;
	struct host_state *hs;
	struct svc_state *ss;
};

static const char main_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\ntemp_path=.\ncheck_result_path=.\n";

#define SDEP(m, dep, ex, no) \
	"define servicedependency {\nhost_name h\nservice_description " m "\n" \
	"dependent_service_description " dep "\nexecution_failure_criteria " ex "\n" \
	"notification_failure_criteria " no "\n}\n"
#define SDEP_X(m, dep, ex, no, extra) \
	"define servicedependency {\nhost_name h\nservice_description " m "\n" \
	"dependent_service_description " dep "\nexecution_failure_criteria " ex "\n" \
	"notification_failure_criteria " no "\n" extra "}\n"
#define HDEP_X(m, dep, ex, no, extra) \
	"define hostdependency {\nhost_name " m "\ndependent_host_name " dep "\n" \
	"execution_failure_criteria " ex "\nnotification_failure_criteria " no "\n" extra "}\n"
#define SVC(name) "define service {\nuse sb\nhost_name h\nservice_description " name "\n}\n"
#define SVC_X(name, extra) \
	"define service {\nuse sb\nhost_name h\nservice_description " name "\n" extra "}\n"
#define HOST(name) "define host {\nuse hb\nhost_name " name "\n}\n"

static const char objects_cfg[] =
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define timeperiod {\ntimeperiod_name always\nalias a\nsunday 00:00-24:00\n"
    "monday 00:00-24:00\ntuesday 00:00-24:00\nwednesday 00:00-24:00\n"
    "thursday 00:00-24:00\nfriday 00:00-24:00\nsaturday 00:00-24:00\n}\n"
    "define timeperiod {\ntimeperiod_name never\nalias n\n}\n"
    "define contact {\ncontact_name admin\nhost_notification_period always\n"
    "service_notification_period always\nhost_notification_commands c\n"
    "service_notification_commands c\n}\n"
    "define host {\nname hb\nregister 0\ncheck_command c\ncontacts admin\n"
    "max_check_attempts 3\n}\n"
    "define service {\nname sb\nregister 0\ncheck_command c\ncontacts admin\n"
    "max_check_attempts 3\ncheck_period always\nnotification_period always\n}\n"
    HOST("h")
    /* one master, a dependent per failure option */
    SVC("M") SVC("dep_o") SVC("dep_w") SVC("dep_u") SVC("dep_c") SVC("dep_p")
    SVC("dep_a") SVC("dep_x") SVC("dep_n")
    SDEP("M", "dep_o", "o", "o") SDEP("M", "dep_w", "w", "w") SDEP("M", "dep_u", "u", "u")
    SDEP("M", "dep_c", "c", "c") SDEP("M", "dep_p", "p", "p") SDEP("M", "dep_a", "a", "a")
    SDEP("M", "dep_x", "c", "w") SDEP("M", "dep_n", "n", "c")
    /* a master whose initial state is critical */
    SVC_X("MC", "initial_state c\n") SVC("dep_mc")
    SDEP("MC", "dep_mc", "c", "c")
    /* periods */
    SVC("per_in") SVC("per_out")
    SDEP_X("M", "per_in", "c", "c", "dependency_period always\n")
    SDEP_X("M", "per_out", "c", "c", "dependency_period never\n")
    /* the early return: QA's id is below QB's, so QB's dependency comes first */
    SVC("QA") SVC("QB") SVC("q_late") SVC("q_early")
    SDEP_X("QA", "q_late", "c", "c", "dependency_period never\n")
    SDEP("QB", "q_late", "c", "c")
    SDEP("QA", "q_early", "c", "c")
    SDEP_X("QB", "q_early", "c", "c", "dependency_period never\n")
    /* chains: chA -i-> chB -i-> chC --> chD --> chE; nA --> chB; chB -notif-> chN */
    SVC("chA") SVC("chB") SVC("chC") SVC("chD") SVC("chE") SVC("chN") SVC("nA")
    SDEP_X("chB", "chA", "c", "c", "inherits_parent 1\n")
    SDEP_X("chC", "chB", "c", "c", "inherits_parent 1\n")
    SDEP("chD", "chC", "c", "c")
    SDEP("chE", "chD", "c", "c")
    SDEP("chB", "nA", "c", "c")
    "define servicedependency {\nhost_name h\nservice_description chN\n"
    "dependent_service_description chB\nnotification_failure_criteria c\n}\n"
    /* a loop lX <-> lY, and lR depending on it */
    SVC("lX") SVC("lY") SVC("lR")
    SDEP_X("lY", "lX", "c", "c", "inherits_parent 1\n")
    SDEP_X("lX", "lY", "c", "c", "inherits_parent 1\n")
    SDEP_X("lX", "lR", "c", "c", "inherits_parent 1\n")
    /* several dependencies on one */
    SVC("m1") SVC("m2") SVC("m3") SVC("mult")
    SDEP("m1", "mult", "c", "c") SDEP("m2", "mult", "c", "c") SDEP("m3", "mult", "c", "c")
    /* service parents: sp_child -> sp_p1 -> sp_p2; sl1 <-> sl2 */
    SVC("sp_p2") SVC_X("sp_p1", "parents h,sp_p2\n") SVC_X("sp_child", "parents sp_p1\n")
    SVC_X("sl1", "parents h,sl2\n") SVC_X("sl2", "parents h,sl1\n")
    /* hosts: a master and one dependent per option */
    HOST("hm") HOST("hd_o") HOST("hd_d") HOST("hd_u") HOST("hd_p") HOST("hd_a")
    HOST("hd_x") HOST("hd_n")
    HDEP_X("hm", "hd_o", "o", "o", "") HDEP_X("hm", "hd_d", "d", "d", "")
    HDEP_X("hm", "hd_u", "u", "u", "") HDEP_X("hm", "hd_p", "p", "p", "")
    HDEP_X("hm", "hd_a", "a", "a", "") HDEP_X("hm", "hd_x", "d", "u", "")
    HDEP_X("hm", "hd_n", "n", "d", "")
    /* a service on a dependent host, with a notification dependency of its own */
    "define service {\nuse sb\nhost_name hd_d\nservice_description on_dep_host\n}\n"
    "define servicedependency {\nhost_name h\nservice_description M\n"
    "dependent_host_name hd_d\ndependent_service_description on_dep_host\n"
    "notification_failure_criteria w\n}\n"
    "define service {\nuse sb\nhost_name hd_x\nservice_description on_x\n}\n"
    /* host periods, chain and loop */
    HOST("hper_in") HOST("hper_out")
    HDEP_X("hm", "hper_in", "d", "d", "dependency_period always\n")
    HDEP_X("hm", "hper_out", "d", "d", "dependency_period never\n")
    HOST("hA") HOST("hB") HOST("hC") HOST("hD") HOST("hnA")
    HDEP_X("hB", "hA", "d", "d", "inherits_parent 1\n")
    HDEP_X("hC", "hB", "d", "d", "inherits_parent 1\n")
    HDEP_X("hD", "hC", "d", "d", "")
    HDEP_X("hB", "hnA", "d", "d", "")
    HOST("hX") HOST("hY")
    HDEP_X("hY", "hX", "d", "d", "inherits_parent 1\n")
    HDEP_X("hX", "hY", "d", "d", "inherits_parent 1\n");

static void
put(const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
rm(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	unlink(path);
}

static int
group_setup(void **state)
{
	char path[256];

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-depend-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return -1;
	put("nagios.cfg", main_cfg);
	put("objects.cfg", objects_cfg);
	snprintf(path, sizeof(path), "%s/nagios.cfg", tmpdir);
	dg = diag_new(NULL);
	if (config_read(path, NULL, dg, NULL, &gen) != CONFIG_OK || diag_errors(dg) != 0)
		return -1;
	return 0;
}

static int
group_teardown(void **state)
{
	(void)state;
	config_gen_free(&gen);
	diag_free(dg);
	rm("nagios.cfg");
	rm("objects.cfg");
	rmdir(tmpdir);
	return 0;
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	unsigned i;

	if (f == NULL)
		return -1;
	f->d = depend_new(gen.objs);
	f->hs = calloc(gen.objs->nhosts, sizeof(*f->hs));
	f->ss = calloc(gen.objs->nservices, sizeof(*f->ss));
	if (f->hs == NULL || f->ss == NULL)
		return -1;
	for (i = 0; i < gen.objs->nhosts; i++)
		state_host_init(&f->hs[i], &gen.objs->hosts[i]);
	for (i = 0; i < gen.objs->nservices; i++)
		state_svc_init(&f->ss[i], &gen.objs->services[i]);
	gen.cfg.soft_state_dependencies = 0;
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;
	unsigned i;

	for (i = 0; i < gen.objs->nhosts; i++)
		state_host_clear(&f->hs[i]);
	for (i = 0; i < gen.objs->nservices; i++)
		state_svc_clear(&f->ss[i]);
	free(f->hs);
	free(f->ss);
	depend_free(f->d);
	free(f);
	return 0;
}

static const struct obj_service *
svc(const char *desc)
{
	const struct obj_service *s = objects_find_service(gen.objs, "h", desc);

	assert_non_null(s);
	return s;
}

static const struct obj_host *
host(const char *name)
{
	const struct obj_host *h = objects_find_host(gen.objs, name);

	assert_non_null(h);
	return h;
}

/* a checked object in a hard state */
static void
set_svc(struct fx *f, const char *desc, int state)
{
	struct state_common *c = &f->ss[svc(desc)->id].c;

	c->has_been_checked = 1;
	c->current_state = c->last_state = c->last_hard_state = state;
	c->state_type = STATE_HARD;
}

static void
set_host(struct fx *f, const char *name, int state)
{
	struct state_common *c = &f->hs[host(name)->id].c;

	c->has_been_checked = 1;
	c->current_state = c->last_state = c->last_hard_state = state;
	c->state_type = STATE_HARD;
}

/* a soft state: current `state`, last hard `hard` */
static void
set_svc_soft(struct fx *f, const char *desc, int state, int hard)
{
	struct state_common *c = &f->ss[svc(desc)->id].c;

	c->has_been_checked = 1;
	c->current_state = state;
	c->last_hard_state = hard;
	c->state_type = STATE_SOFT;
}

static int
sfail(struct fx *f, const char *desc, enum obj_dep_type type)
{
	return depend_service_failed(f->d, svc(desc), type, f->ss, &gen.cfg, T_NOW);
}

static int
hfail(struct fx *f, const char *name, enum obj_dep_type type)
{
	return depend_host_failed(f->d, host(name), type, f->hs, &gen.cfg, T_NOW);
}

/* the failure options of the first dependency of type on a service or host */
static unsigned
sopts(struct fx *f, const char *desc, enum obj_dep_type type)
{
	const struct obj_servicedependency *sd = depend_service_dep(f->d, svc(desc), type, 0);

	assert_non_null(sd);
	return sd->failure_options;
}

static unsigned
hopts(struct fx *f, const char *name, enum obj_dep_type type)
{
	const struct obj_hostdependency *hd = depend_host_dep(f->d, host(name), type, 0);

	assert_non_null(hd);
	return hd->failure_options;
}

/* the builder's bits, which the walk relies on */
static void
t_option_bits(void **state)
{
	const struct obj_servicedependency *sd;
	const struct obj_hostdependency *hd;
	struct fx *f = *state;

	sd = depend_service_dep(f->d, svc("dep_o"), OBJ_DEP_EXECUTION, 0);
	assert_non_null(sd);
	assert_int_equal(sd->failure_options, OBJ_OPT_OK);
	assert_ptr_equal(sd->master, svc("M"));
	assert_ptr_equal(sd->dependent, svc("dep_o"));
	assert_int_equal(sd->type, OBJ_DEP_EXECUTION);
	assert_null(depend_service_dep(f->d, svc("dep_o"), OBJ_DEP_EXECUTION, 1));
	assert_int_equal(sopts(f, "dep_w", OBJ_DEP_NOTIFICATION), OBJ_OPT_WARNING);
	assert_int_equal(sopts(f, "dep_u", OBJ_DEP_EXECUTION), OBJ_OPT_UNKNOWN);
	assert_int_equal(sopts(f, "dep_c", OBJ_DEP_EXECUTION), OBJ_OPT_CRITICAL);
	assert_int_equal(sopts(f, "dep_p", OBJ_DEP_EXECUTION), OBJ_OPT_PENDING);
	assert_int_equal(sopts(f, "dep_a", OBJ_DEP_EXECUTION), OBJ_OPT_ALL);
	/* "n" on a service dependency unsets that kind: only the notification one exists */
	assert_null(depend_service_dep(f->d, svc("dep_n"), OBJ_DEP_EXECUTION, 0));
	assert_non_null(depend_service_dep(f->d, svc("dep_n"), OBJ_DEP_NOTIFICATION, 0));
	/* a host dependency's execution "n" stays, with no bits */
	hd = depend_host_dep(f->d, host("hd_n"), OBJ_DEP_EXECUTION, 0);
	assert_non_null(hd);
	assert_int_equal(hd->failure_options, OBJ_OPT_NONE);
	assert_int_equal(hopts(f, "hd_d", OBJ_DEP_EXECUTION), OBJ_OPT_DOWN);
	assert_int_equal(hopts(f, "hd_u", OBJ_DEP_EXECUTION), OBJ_OPT_UNREACHABLE);
	assert_int_equal(hopts(f, "hd_o", OBJ_DEP_EXECUTION), OBJ_OPT_UP);
	assert_int_equal(hopts(f, "hd_p", OBJ_DEP_EXECUTION), OBJ_OPT_PENDING);
	/* no such type, no such index, objects without dependencies */
	assert_null(depend_service_dep(f->d, svc("dep_o"), (enum obj_dep_type)0, 0));
	assert_null(depend_service_dep(f->d, svc("M"), OBJ_DEP_EXECUTION, 0));
	assert_null(depend_host_dep(f->d, host("hm"), OBJ_DEP_NOTIFICATION, 0));
	assert_null(depend_host_dep(f->d, host("hd_o"), OBJ_DEP_EXECUTION, 1));
}

/* every service option against every master state, both types */
static void
t_service_options(void **state)
{
	static const struct {
		const char *dep;
		int fails_on; /* -1: every state, -2: none */
	} rows[] = {
		{ "dep_o", OBJ_STATE_OK }, { "dep_w", OBJ_STATE_WARNING },
		{ "dep_u", OBJ_STATE_UNKNOWN }, { "dep_c", OBJ_STATE_CRITICAL },
		{ "dep_p", -2 }, { "dep_a", -1 },
	};
	struct fx *f = *state;
	size_t i;
	int st, want;

	for (st = OBJ_STATE_OK; st <= OBJ_STATE_UNKNOWN; st++) {
		set_svc(f, "M", st);
		for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
			want = rows[i].fails_on == -1 || rows[i].fails_on == st;
			assert_int_equal(sfail(f, rows[i].dep, OBJ_DEP_EXECUTION), want);
			assert_int_equal(sfail(f, rows[i].dep, OBJ_DEP_NOTIFICATION), want);
		}
		/* "n" for execution: nothing to fail; notification "c" */
		assert_int_equal(sfail(f, "dep_n", OBJ_DEP_EXECUTION), 0);
		assert_int_equal(sfail(f, "dep_n", OBJ_DEP_NOTIFICATION), st == OBJ_STATE_CRITICAL);
		/* execution "c", notification "w": the types stay apart */
		assert_int_equal(sfail(f, "dep_x", OBJ_DEP_EXECUTION), st == OBJ_STATE_CRITICAL);
		assert_int_equal(sfail(f, "dep_x", OBJ_DEP_NOTIFICATION), st == OBJ_STATE_WARNING);
		/* the master itself depends on nothing; unknown types never fail */
		assert_int_equal(sfail(f, "M", OBJ_DEP_EXECUTION), 0);
		assert_int_equal(sfail(f, "dep_a", (enum obj_dep_type)3), 0);
	}
}

static void
t_host_options(void **state)
{
	static const struct {
		const char *dep;
		int fails_on;
	} rows[] = {
		{ "hd_o", OBJ_HOST_UP }, { "hd_d", OBJ_HOST_DOWN },
		{ "hd_u", OBJ_HOST_UNREACHABLE }, { "hd_p", -2 }, { "hd_a", -1 },
	};
	struct fx *f = *state;
	size_t i;
	int st, want;

	for (st = OBJ_HOST_UP; st <= OBJ_HOST_UNREACHABLE; st++) {
		set_host(f, "hm", st);
		for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
			want = rows[i].fails_on == -1 || rows[i].fails_on == st;
			assert_int_equal(hfail(f, rows[i].dep, OBJ_DEP_EXECUTION), want);
			assert_int_equal(hfail(f, rows[i].dep, OBJ_DEP_NOTIFICATION), want);
		}
		assert_int_equal(hfail(f, "hd_x", OBJ_DEP_EXECUTION), st == OBJ_HOST_DOWN);
		assert_int_equal(hfail(f, "hd_x", OBJ_DEP_NOTIFICATION),
		    st == OBJ_HOST_UNREACHABLE);
		/* execution "n": listed, never fails */
		assert_int_equal(hfail(f, "hd_n", OBJ_DEP_EXECUTION), 0);
		assert_int_equal(hfail(f, "hd_n", OBJ_DEP_NOTIFICATION), st == OBJ_HOST_DOWN);
		assert_int_equal(hfail(f, "hm", OBJ_DEP_EXECUTION), 0);
	}
}

/* never checked: the initial state counts, "p" never does (Nagios 4.4.6) */
static void
t_pending(void **state)
{
	struct fx *f = *state;

	assert_int_equal(f->ss[svc("M")->id].c.has_been_checked, 0);
	assert_int_equal(sfail(f, "dep_p", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "dep_p", OBJ_DEP_NOTIFICATION), 0);
	assert_int_equal(sfail(f, "dep_o", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "dep_a", OBJ_DEP_EXECUTION), 1);
	/* initial_state c: pending but critical */
	assert_int_equal(f->ss[svc("MC")->id].c.has_been_checked, 0);
	assert_int_equal(sfail(f, "dep_mc", OBJ_DEP_EXECUTION), 1);
	/* hosts */
	assert_int_equal(f->hs[host("hm")->id].c.has_been_checked, 0);
	assert_int_equal(hfail(f, "hd_p", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(hfail(f, "hd_o", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hd_d", OBJ_DEP_EXECUTION), 0);
}

static void
t_soft_states(void **state)
{
	struct fx *f = *state;
	struct state_common *hc = &f->hs[host("hm")->id].c;

	/* soft CRITICAL after a hard OK */
	set_svc_soft(f, "M", OBJ_STATE_CRITICAL, OBJ_STATE_OK);
	gen.cfg.soft_state_dependencies = 0;
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "dep_o", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_NOTIFICATION), 0);
	gen.cfg.soft_state_dependencies = 1;
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "dep_o", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_NOTIFICATION), 1);
	/* a soft recovery: OK now, CRITICAL the last hard state */
	set_svc_soft(f, "M", OBJ_STATE_OK, OBJ_STATE_CRITICAL);
	gen.cfg.soft_state_dependencies = 0;
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 1);
	gen.cfg.soft_state_dependencies = 1;
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 0);
	/* a hard state is the current one either way */
	set_svc(f, "M", OBJ_STATE_WARNING);
	f->ss[svc("M")->id].c.last_hard_state = OBJ_STATE_CRITICAL; /* ignored when HARD */
	gen.cfg.soft_state_dependencies = 0;
	assert_int_equal(sfail(f, "dep_w", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "dep_c", OBJ_DEP_EXECUTION), 0);
	/* no configuration: soft states do not count */
	set_svc_soft(f, "M", OBJ_STATE_CRITICAL, OBJ_STATE_OK);
	assert_int_equal(depend_service_failed(f->d, svc("dep_c"), OBJ_DEP_EXECUTION, f->ss, NULL,
	    T_NOW), 0);
	/* hosts */
	hc->has_been_checked = 1;
	hc->current_state = OBJ_HOST_DOWN;
	hc->last_hard_state = OBJ_HOST_UP;
	hc->state_type = STATE_SOFT;
	gen.cfg.soft_state_dependencies = 0;
	assert_int_equal(hfail(f, "hd_d", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(hfail(f, "hd_o", OBJ_DEP_EXECUTION), 1);
	gen.cfg.soft_state_dependencies = 1;
	assert_int_equal(hfail(f, "hd_d", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hd_o", OBJ_DEP_EXECUTION), 0);
	gen.cfg.soft_state_dependencies = 0;
}

static void
t_periods(void **state)
{
	struct fx *f = *state;

	set_svc(f, "M", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "per_in", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "per_in", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(sfail(f, "per_out", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "per_out", OBJ_DEP_NOTIFICATION), 0);
	set_svc(f, "M", OBJ_STATE_OK);
	assert_int_equal(sfail(f, "per_in", OBJ_DEP_EXECUTION), 0);
	set_host(f, "hm", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hper_in", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hper_out", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(hfail(f, "hper_out", OBJ_DEP_NOTIFICATION), 0);
}

/*
 * Lists run in reverse array order (the array is sorted by master id):
 * QB's dependency before QA's.  A dependency out of its period ends the
 * list "not failed", so what comes after it is never looked at.
 */
static void
t_period_ends_list(void **state)
{
	struct fx *f = *state;
	const struct obj_servicedependency *first, *second;

	assert_true(svc("QA")->id < svc("QB")->id);
	first = depend_service_dep(f->d, svc("q_early"), OBJ_DEP_EXECUTION, 0);
	second = depend_service_dep(f->d, svc("q_early"), OBJ_DEP_EXECUTION, 1);
	assert_non_null(first);
	assert_non_null(second);
	assert_null(depend_service_dep(f->d, svc("q_early"), OBJ_DEP_EXECUTION, 2));
	assert_ptr_equal(first->master, svc("QB"));
	assert_non_null(first->dependency_period);
	assert_ptr_equal(second->master, svc("QA"));
	assert_null(second->dependency_period);
	first = depend_service_dep(f->d, svc("q_late"), OBJ_DEP_NOTIFICATION, 0);
	assert_ptr_equal(first->master, svc("QB"));

	/* q_early: QB (out of period) first, so QA's failure is not seen */
	set_svc(f, "QA", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "q_early", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "q_early", OBJ_DEP_NOTIFICATION), 0);
	/* q_late: QB (no period) first, then QA out of period */
	assert_int_equal(sfail(f, "q_late", OBJ_DEP_EXECUTION), 0);
	set_svc(f, "QB", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "q_late", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "q_early", OBJ_DEP_EXECUTION), 0);
}

static void
t_several(void **state)
{
	struct fx *f = *state;
	const char *m[] = { "m1", "m2", "m3" };
	int i;

	assert_non_null(depend_service_dep(f->d, svc("mult"), OBJ_DEP_EXECUTION, 2));
	assert_null(depend_service_dep(f->d, svc("mult"), OBJ_DEP_EXECUTION, 3));
	assert_int_equal(sfail(f, "mult", OBJ_DEP_EXECUTION), 0);
	for (i = 0; i < 3; i++) {
		set_svc(f, m[i], OBJ_STATE_CRITICAL);
		assert_int_equal(sfail(f, "mult", OBJ_DEP_EXECUTION), 1);
		assert_int_equal(sfail(f, "mult", OBJ_DEP_NOTIFICATION), 1);
		set_svc(f, m[i], OBJ_STATE_WARNING);
		assert_int_equal(sfail(f, "mult", OBJ_DEP_EXECUTION), 0);
	}
}

/* chA -i-> chB -i-> chC --> chD --> chE; nA --> chB */
static void
t_inherits_chain(void **state)
{
	struct fx *f = *state;

	set_svc(f, "chB", OBJ_STATE_OK);
	set_svc(f, "chC", OBJ_STATE_OK);
	set_svc(f, "chD", OBJ_STATE_OK);
	set_svc(f, "chE", OBJ_STATE_OK);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_EXECUTION), 0);

	/* one level: chB's own dependency on chC */
	set_svc(f, "chC", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "chB", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "nA", OBJ_DEP_EXECUTION), 0);
	set_svc(f, "chC", OBJ_STATE_OK);

	/* two levels: chC's dependency on chD, reached through chB */
	set_svc(f, "chD", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(sfail(f, "chB", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "chC", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "nA", OBJ_DEP_EXECUTION), 0);
	set_svc(f, "chD", OBJ_STATE_OK);

	/* chC -> chD does not inherit: chD's own dependency is not looked at */
	set_svc(f, "chE", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "chD", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "chC", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_EXECUTION), 0);
	set_svc(f, "chE", OBJ_STATE_OK);

	/* the master's dependencies of the same type only: chB -notif-> chN */
	set_svc(f, "chN", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "chA", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(sfail(f, "chB", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(sfail(f, "chB", OBJ_DEP_EXECUTION), 0);
}

/* lX <-> lY, both inheriting; lR -i-> lX */
static void
t_loop(void **state)
{
	struct fx *f = *state;

	set_svc(f, "lX", OBJ_STATE_OK);
	set_svc(f, "lY", OBJ_STATE_OK);
	assert_int_equal(sfail(f, "lX", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(sfail(f, "lY", OBJ_DEP_NOTIFICATION), 0);
	assert_int_equal(sfail(f, "lR", OBJ_DEP_EXECUTION), 0);
	/* the walk around the loop still sees the states on it */
	set_svc(f, "lX", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "lX", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "lY", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "lR", OBJ_DEP_EXECUTION), 1);
	set_svc(f, "lX", OBJ_STATE_OK);
	set_svc(f, "lY", OBJ_STATE_CRITICAL);
	assert_int_equal(sfail(f, "lR", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(sfail(f, "lX", OBJ_DEP_EXECUTION), 1);
	/* hosts: hX <-> hY */
	set_host(f, "hX", OBJ_HOST_UP);
	set_host(f, "hY", OBJ_HOST_UP);
	assert_int_equal(hfail(f, "hX", OBJ_DEP_EXECUTION), 0);
	assert_int_equal(hfail(f, "hY", OBJ_DEP_NOTIFICATION), 0);
	set_host(f, "hX", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hX", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hY", OBJ_DEP_EXECUTION), 1);
}

/* hA -i-> hB -i-> hC --> hD; hnA --> hB */
static void
t_host_chain(void **state)
{
	struct fx *f = *state;

	assert_int_equal(hfail(f, "hA", OBJ_DEP_EXECUTION), 0);
	set_host(f, "hD", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hC", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hB", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hA", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hA", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(hfail(f, "hnA", OBJ_DEP_EXECUTION), 0);
	set_host(f, "hD", OBJ_HOST_UNREACHABLE); /* only "d" fails */
	assert_int_equal(hfail(f, "hA", OBJ_DEP_EXECUTION), 0);
	set_host(f, "hD", OBJ_HOST_UP);
	set_host(f, "hC", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hA", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(hfail(f, "hnA", OBJ_DEP_EXECUTION), 0);
	set_host(f, "hB", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hnA", OBJ_DEP_EXECUTION), 1);
}

/* sp_child -> sp_p1 -> sp_p2; sl1 <-> sl2 */
static void
t_service_parents(void **state)
{
	struct fx *f = *state;
	struct state_common *p2 = &f->ss[svc("sp_p2")->id].c;

	assert_int_equal(svc("sp_child")->nparents, 1);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 0);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_p2"), f->ss), 0);
	assert_int_equal(depend_service_parents_failed(f->d, svc("M"), f->ss), 0);
	/* the grandparent's last hard state: CRITICAL and UNKNOWN fail */
	set_svc(f, "sp_p2", OBJ_STATE_CRITICAL);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 1);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_p1"), f->ss), 1);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_p2"), f->ss), 0);
	set_svc(f, "sp_p2", OBJ_STATE_UNKNOWN);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 1);
	set_svc(f, "sp_p2", OBJ_STATE_WARNING);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 0);
	/* a soft CRITICAL does not count, a soft recovery does not clear */
	p2->current_state = OBJ_STATE_CRITICAL;
	p2->state_type = STATE_SOFT;
	p2->last_hard_state = OBJ_STATE_OK;
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 0);
	p2->current_state = OBJ_STATE_OK;
	p2->last_hard_state = OBJ_STATE_CRITICAL;
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 1);
	/* the direct parent */
	set_svc(f, "sp_p2", OBJ_STATE_OK);
	set_svc(f, "sp_p1", OBJ_STATE_CRITICAL);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sp_child"), f->ss), 1);
	/* a loop ends */
	assert_int_equal(depend_service_parents_failed(f->d, svc("sl1"), f->ss), 0);
	set_svc(f, "sl1", OBJ_STATE_CRITICAL);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sl2"), f->ss), 1);
	assert_int_equal(depend_service_parents_failed(f->d, svc("sl1"), f->ss), 1);
	/* NULL and empty */
	assert_int_equal(depend_service_parents_failed(f->d, NULL, f->ss), 0);
}

/* notifications: the service's own dependencies, then its host's */
static void
t_notification(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(gen.objs, "hd_d", "on_dep_host");
	const struct obj_service *x;

	assert_non_null(s);
	set_svc(f, "M", OBJ_STATE_OK);
	set_host(f, "hm", OBJ_HOST_UP);
	assert_int_equal(depend_notification_failed(f->d, NULL, s, f->hs, f->ss, &gen.cfg,
	    T_NOW), 0);
	/* the host's notification dependency (hm DOWN) holds back the service */
	set_host(f, "hm", OBJ_HOST_DOWN);
	assert_int_equal(depend_notification_failed(f->d, NULL, s, f->hs, f->ss, &gen.cfg,
	    T_NOW), 1);
	assert_int_equal(depend_notification_failed(f->d, host("hd_d"), NULL, f->hs, f->ss,
	    &gen.cfg, T_NOW), 1);
	assert_int_equal(depend_service_failed(f->d, s, OBJ_DEP_NOTIFICATION, f->ss, &gen.cfg,
	    T_NOW), 0);
	assert_int_equal(depend_service_failed(f->d, s, OBJ_DEP_EXECUTION, f->ss, &gen.cfg,
	    T_NOW), 0);
	/* a host's execution dependency has no say: hd_x fails execution on DOWN only */
	x = objects_find_service(gen.objs, "hd_x", "on_x");
	assert_non_null(x);
	assert_int_equal(hfail(f, "hd_x", OBJ_DEP_EXECUTION), 1);
	assert_int_equal(depend_notification_failed(f->d, NULL, x, f->hs, f->ss, &gen.cfg,
	    T_NOW), 0);
	set_host(f, "hm", OBJ_HOST_UNREACHABLE);
	assert_int_equal(depend_notification_failed(f->d, NULL, x, f->hs, f->ss, &gen.cfg,
	    T_NOW), 1);
	assert_int_equal(depend_notification_failed(f->d, NULL, s, f->hs, f->ss, &gen.cfg,
	    T_NOW), 0);
	/* the service's own */
	set_svc(f, "M", OBJ_STATE_WARNING);
	assert_int_equal(depend_notification_failed(f->d, NULL, s, f->hs, f->ss, &gen.cfg,
	    T_NOW), 1);
	/* h is ignored for a service: dep_c's host h has no dependencies */
	set_svc(f, "M", OBJ_STATE_OK);
	set_host(f, "hm", OBJ_HOST_DOWN);
	assert_int_equal(hfail(f, "hd_d", OBJ_DEP_NOTIFICATION), 1);
	assert_int_equal(depend_notification_failed(f->d, host("hd_d"), svc("dep_c"), f->hs,
	    f->ss, &gen.cfg, T_NOW), 0);
}

/* a model built by hand: a chain longer than the walk's first stack, and a self loop */
static void
t_long_chain(void **state)
{
	enum { N = 100 };
	struct objects o;
	struct obj_host h[N];
	struct obj_hostdependency hd[N];
	struct host_state hs[N];
	struct depend *d;
	unsigned i;

	(void)state;
	memset(&o, 0, sizeof(o));
	memset(h, 0, sizeof(h));
	memset(hd, 0, sizeof(hd));
	memset(hs, 0, sizeof(hs));
	for (i = 0; i < N; i++) {
		h[i].id = i;
		hs[i].c.state_type = STATE_HARD;
	}
	/* i depends on i + 1, inheriting; the last one on itself */
	for (i = 0; i < N; i++) {
		hd[i].id = i;
		hd[i].type = OBJ_DEP_EXECUTION;
		hd[i].dependent = &h[i];
		hd[i].master = i + 1 < N ? &h[i + 1] : &h[i];
		hd[i].inherits_parent = 1;
		hd[i].failure_options = OBJ_OPT_DOWN;
	}
	o.hosts = h;
	o.nhosts = N;
	o.hostdependencies = hd;
	o.nhostdependencies = N;
	d = depend_new(&o);
	assert_int_equal(depend_host_failed(d, &h[0], OBJ_DEP_EXECUTION, hs, NULL, T_NOW), 0);
	hs[N - 1].c.current_state = OBJ_HOST_DOWN;
	assert_int_equal(depend_host_failed(d, &h[0], OBJ_DEP_EXECUTION, hs, NULL, T_NOW), 1);
	assert_int_equal(depend_host_failed(d, &h[N - 1], OBJ_DEP_EXECUTION, hs, NULL, T_NOW), 1);
	assert_int_equal(depend_host_failed(d, &h[0], OBJ_DEP_NOTIFICATION, hs, NULL, T_NOW), 0);
	hs[N - 1].c.current_state = OBJ_HOST_UP;
	hs[N / 2].c.current_state = OBJ_HOST_DOWN;
	assert_int_equal(depend_host_failed(d, &h[0], OBJ_DEP_EXECUTION, hs, NULL, T_NOW), 1);
	assert_int_equal(depend_host_failed(d, &h[N / 2], OBJ_DEP_EXECUTION, hs, NULL, T_NOW), 0);
	assert_ptr_equal(depend_host_dep(d, &h[3], OBJ_DEP_EXECUTION, 0), &hd[3]);
	depend_free(d);
	depend_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_option_bits, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_options, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_options, setup, teardown),
		cmocka_unit_test_setup_teardown(t_pending, setup, teardown),
		cmocka_unit_test_setup_teardown(t_soft_states, setup, teardown),
		cmocka_unit_test_setup_teardown(t_periods, setup, teardown),
		cmocka_unit_test_setup_teardown(t_period_ends_list, setup, teardown),
		cmocka_unit_test_setup_teardown(t_several, setup, teardown),
		cmocka_unit_test_setup_teardown(t_inherits_chain, setup, teardown),
		cmocka_unit_test_setup_teardown(t_loop, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_chain, setup, teardown),
		cmocka_unit_test_setup_teardown(t_service_parents, setup, teardown),
		cmocka_unit_test_setup_teardown(t_notification, setup, teardown),
		cmocka_unit_test(t_long_chain),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

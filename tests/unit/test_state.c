/*
 * test_state: the run-time state of hosts and services.
 *
 * The first state is built from a real configuration: a small nagios.cfg
 * and object file in a mkdtemp directory, read by config_read.  It must be
 * what Nagios 4.4.6's add_host/add_service give (checked against nagios4
 * itself with log_initial_states=1): PENDING (never checked), state, last
 * state and last hard state at initial_state, HARD, attempt 1 for UP/OK
 * and max_check_attempts for a problem state, the switches and intervals
 * as configured.  Then state_set_str (NULL, empty, a part of a longer
 * string, replacing, copying from the slot itself), the clear functions,
 * a contact's switches across a reload (state_contact_move), and the name
 * functions with values out of range.  ASan's leak check
 * covers the frees.  Links engine/objects/state.c and the configuration
 * reader.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"

static char tmpdir[64];
static struct config_gen gen;
static struct diag *dg;

static const char main_cfg[] =
    "log_file=nagios.log\ncfg_file=objects.cfg\ntemp_path=.\ncheck_result_path=.\n";

/* h1 and its service turn every switch away from the default */
static const char objects_cfg[] =
    "define timeperiod {\ntimeperiod_name 24x7\nalias all\nmonday 00:00-24:00\n}\n"
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define contact {\ncontact_name admin\nhost_notification_period 24x7\n"
    "service_notification_period 24x7\nhost_notification_commands c\n"
    "service_notification_commands c\n}\n"
    "define host {\nhost_name h1\ncheck_command c\ncontacts admin\n"
    "initial_state d\nmax_check_attempts 4\ncheck_interval 7.5\nretry_interval 2\n"
    "active_checks_enabled 0\npassive_checks_enabled 0\nevent_handler_enabled 0\n"
    "flap_detection_enabled 0\nnotifications_enabled 0\nobsess_over_host 0\n"
    "check_freshness 1\nprocess_perf_data 0\n}\n"
    "define host {\nhost_name h2\ncheck_command c\ncontacts admin\nmax_check_attempts 3\n}\n"
    "define host {\nhost_name h3\ncheck_command c\ncontacts admin\nmax_check_attempts 2\n"
    "initial_state unreachable\n}\n"
    "define service {\nhost_name h1\nservice_description S1\ncheck_command c\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\n"
    "initial_state w\nmax_check_attempts 5\ncheck_interval 10\nretry_interval 0.5\n"
    "active_checks_enabled 0\npassive_checks_enabled 0\nevent_handler_enabled 0\n"
    "flap_detection_enabled 0\nnotifications_enabled 0\nobsess_over_service 0\n"
    "check_freshness 1\nprocess_perf_data 0\n}\n"
    "define service {\nhost_name h2\nservice_description S2\ncheck_command c\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\nmax_check_attempts 3\n}\n"
    "define service {\nhost_name h2\nservice_description S3\ncheck_command c\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\nmax_check_attempts 3\n"
    "initial_state c\n}\n"
    "define service {\nhost_name h3\nservice_description S4\ncheck_command c\n"
    "check_period 24x7\nnotification_period 24x7\ncontacts admin\nmax_check_attempts 2\n"
    "initial_state unknown\n}\n";

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
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-state-XXXXXX");
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

static const struct obj_host *
host(const char *name)
{
	const struct obj_host *h = objects_find_host(gen.objs, name);

	assert_non_null(h);
	return h;
}

static const struct obj_service *
svc(const char *hname, const char *desc)
{
	const struct obj_service *s = objects_find_service(gen.objs, hname, desc);

	assert_non_null(s);
	return s;
}

/* what every fresh state has, whatever the configuration */
static void
assert_fresh(const struct state_common *c)
{
	int i;

	assert_null(c->output);
	assert_null(c->long_output);
	assert_null(c->perf_data);
	assert_int_equal(c->state_type, STATE_HARD);
	assert_int_equal(c->has_been_checked, 0);
	assert_int_equal(c->is_executing, 0);
	assert_int_equal(c->should_be_scheduled, 1);
	assert_int_equal(c->check_type, STATE_CHECK_ACTIVE);
	assert_int_equal(c->is_flapping, 0);
	assert_int_equal(c->problem_has_been_acknowledged, 0);
	assert_int_equal(c->acknowledgement_type, 0);
	assert_int_equal(c->scheduled_downtime_depth, 0);
	assert_int_equal(c->current_notification_number, 0);
	assert_int_equal(c->notified_on, 0);
	assert_int_equal(c->state_history_index, 0);
	for (i = 0; i < STATE_HISTORY; i++)
		assert_int_equal(c->state_history[i], 0);
	assert_int_equal(c->last_check_rc, -1);
	assert_int_equal(c->early_timeout, 0);
	assert_true(c->latency == 0.0);
	assert_true(c->execution_time == 0.0);
	assert_true(c->percent_state_change == 0.0);
	assert_int_equal(c->last_check, 0);
	assert_int_equal(c->next_check, 0);
	assert_int_equal(c->last_state_change, 0);
	assert_int_equal(c->last_hard_state_change, 0);
	assert_int_equal(c->last_notification, 0);
	assert_int_equal(c->next_notification, 0);
	assert_int_equal(c->modified_attributes, 0);
	assert_int_equal(c->current_event_id, 0);
	assert_int_equal(c->current_problem_id, 0);
	assert_int_equal(c->checks_run, 0);
}

static void
assert_states(const struct state_common *c, int st, int attempt, int max)
{
	assert_int_equal(c->current_state, st);
	assert_int_equal(c->last_state, st);
	assert_int_equal(c->last_hard_state, st);
	assert_int_equal(c->current_attempt, attempt);
	assert_int_equal(c->max_attempts, max);
}

static void
assert_switches(const struct state_common *c, int on)
{
	assert_int_equal(c->active_checks_enabled, on);
	assert_int_equal(c->passive_checks_enabled, on);
	assert_int_equal(c->event_handler_enabled, on);
	assert_int_equal(c->flap_detection_enabled, on);
	assert_int_equal(c->notifications_enabled, on);
	assert_int_equal(c->obsess, on);
	assert_int_equal(c->process_performance_data, on);
	/* check_freshness is the one that defaults to off */
	assert_int_equal(c->check_freshness, !on);
}

/* ---- init ---- */

static void
t_host_init(void **state)
{
	struct host_state st;

	(void)state;
	/* garbage first: init must set every field, not trust the caller */
	memset(&st, 0xa5, sizeof(st));
	state_host_init(&st, host("h1"));
	assert_fresh(&st.c);
	/* a problem as initial state is a hard one: attempts used up, as Nagios */
	assert_states(&st.c, OBJ_HOST_DOWN, 4, 4);
	assert_switches(&st.c, 0);
	assert_true(st.c.check_interval == 7.5);
	assert_true(st.c.retry_interval == 2.0);
	assert_int_equal(st.last_time_up, 0);
	assert_int_equal(st.last_time_down, 0);
	assert_int_equal(st.last_time_unreachable, 0);
	state_host_clear(&st);

	memset(&st, 0x5a, sizeof(st));
	state_host_init(&st, host("h2"));
	assert_fresh(&st.c);
	assert_states(&st.c, OBJ_HOST_UP, 1, 3);
	assert_switches(&st.c, 1);
	/* Nagios's defaults: check_interval 5, retry_interval 1 */
	assert_true(st.c.check_interval == 5.0);
	assert_true(st.c.retry_interval == 1.0);
	state_host_clear(&st);

	state_host_init(&st, host("h3"));
	assert_fresh(&st.c);
	assert_states(&st.c, OBJ_HOST_UNREACHABLE, 2, 2);
	state_host_clear(&st);
}

static void
t_svc_init(void **state)
{
	struct svc_state st;

	(void)state;
	memset(&st, 0xa5, sizeof(st));
	state_svc_init(&st, svc("h1", "S1"));
	assert_fresh(&st.c);
	assert_states(&st.c, OBJ_STATE_WARNING, 5, 5);
	assert_switches(&st.c, 0);
	assert_true(st.c.check_interval == 10.0);
	assert_true(st.c.retry_interval == 0.5);
	assert_int_equal(st.host_problem_at_last_check, 0);
	assert_int_equal(st.last_time_ok, 0);
	assert_int_equal(st.last_time_warning, 0);
	assert_int_equal(st.last_time_critical, 0);
	assert_int_equal(st.last_time_unknown, 0);
	state_svc_clear(&st);

	memset(&st, 0x5a, sizeof(st));
	state_svc_init(&st, svc("h2", "S2"));
	assert_fresh(&st.c);
	assert_states(&st.c, OBJ_STATE_OK, 1, 3);
	assert_switches(&st.c, 1);
	assert_true(st.c.check_interval == 5.0);
	assert_true(st.c.retry_interval == 1.0);
	state_svc_clear(&st);

	state_svc_init(&st, svc("h2", "S3"));
	assert_states(&st.c, OBJ_STATE_CRITICAL, 3, 3);
	state_svc_clear(&st);
	state_svc_init(&st, svc("h3", "S4"));
	assert_states(&st.c, OBJ_STATE_UNKNOWN, 2, 2);
	state_svc_clear(&st);
}

/* every object of the generation gets a state, as the checker builds them */
static void
t_init_all(void **state)
{
	struct host_state *hs;
	struct svc_state *ss;
	unsigned i;

	(void)state;
	assert_int_equal(gen.objs->nhosts, 3);
	assert_int_equal(gen.objs->nservices, 4);
	hs = calloc(gen.objs->nhosts, sizeof(*hs));
	ss = calloc(gen.objs->nservices, sizeof(*ss));
	assert_non_null(hs);
	assert_non_null(ss);
	for (i = 0; i < gen.objs->nhosts; i++) {
		state_host_init(&hs[i], &gen.objs->hosts[i]);
		assert_int_equal(hs[i].c.current_state, gen.objs->hosts[i].cfg->initial_state);
		assert_int_equal(hs[i].c.max_attempts, gen.objs->hosts[i].cfg->max_check_attempts);
	}
	for (i = 0; i < gen.objs->nservices; i++) {
		state_svc_init(&ss[i], &gen.objs->services[i]);
		assert_int_equal(ss[i].c.current_state, gen.objs->services[i].cfg->initial_state);
		assert_int_equal(ss[i].c.max_attempts,
		    gen.objs->services[i].cfg->max_check_attempts);
	}
	for (i = 0; i < gen.objs->nhosts; i++)
		state_host_clear(&hs[i]);
	for (i = 0; i < gen.objs->nservices; i++)
		state_svc_clear(&ss[i]);
	free(hs);
	free(ss);
}

/* settings built by hand: a max_check_attempts that is not set stays usable */
static void
t_init_max_attempts_unset(void **state)
{
	struct obj_settings cfg;
	struct obj_host h;
	struct obj_service s;
	struct host_state hst;
	struct svc_state sst;

	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	memset(&h, 0, sizeof(h));
	memset(&s, 0, sizeof(s));
	h.name = "x";
	h.cfg = &cfg;
	s.host = &h;
	s.description = "y";
	s.cfg = &cfg;

	cfg.max_check_attempts = -2;
	state_host_init(&hst, &h);
	assert_states(&hst.c, OBJ_HOST_UP, 1, 1);
	cfg.max_check_attempts = 0;
	cfg.initial_state = OBJ_STATE_CRITICAL;
	state_svc_init(&sst, &s);
	assert_states(&sst.c, OBJ_STATE_CRITICAL, 1, 1);
	/* every switch off in the settings: every switch off in the state */
	assert_int_equal(sst.c.active_checks_enabled, 0);
	assert_int_equal(sst.c.passive_checks_enabled, 0);
	assert_int_equal(sst.c.notifications_enabled, 0);
	assert_int_equal(sst.c.check_freshness, 0);
	cfg.check_freshness = 1;
	cfg.obsess = 1;
	state_svc_init(&sst, &s);
	assert_int_equal(sst.c.check_freshness, 1);
	assert_int_equal(sst.c.obsess, 1);
	assert_int_equal(sst.c.event_handler_enabled, 0);
}

/* ---- strings ---- */

static void
t_set_str(void **state)
{
	static const char unterminated[4] = { 'a', 'b', 'c', 'd' };
	char *slot = NULL;

	(void)state;
	state_set_str(&slot, "CRITICAL - down", 15);
	assert_string_equal(slot, "CRITICAL - down");
	/* replacing frees the old copy (ASan would report it otherwise) */
	state_set_str(&slot, "OK - up", 7);
	assert_string_equal(slot, "OK - up");
	/* only len bytes are taken, and a NUL is added */
	state_set_str(&slot, "first line\nsecond", 10);
	assert_string_equal(slot, "first line");
	state_set_str(&slot, unterminated, sizeof(unterminated));
	assert_string_equal(slot, "abcd");
	/* embedded NUL bytes are copied as they are */
	state_set_str(&slot, "a\0b", 3);
	assert_int_equal(memcmp(slot, "a\0b", 4), 0);
	/* a copy of a part of the slot's own string */
	state_set_str(&slot, "hello world", 11);
	state_set_str(&slot, slot + 6, 5);
	assert_string_equal(slot, "world");
	/* NULL and empty both mean "no text" */
	state_set_str(&slot, "", 0);
	assert_null(slot);
	state_set_str(&slot, "x", 1);
	state_set_str(&slot, NULL, 0);
	assert_null(slot);
	state_set_str(&slot, "x", 1);
	state_set_str(&slot, NULL, 5);
	assert_null(slot);
	state_set_str(&slot, "x", 1);
	state_set_str(&slot, "ignored", 0);
	assert_null(slot);
}

static void
t_clear(void **state)
{
	struct host_state hs;
	struct svc_state ss;

	(void)state;
	state_host_init(&hs, host("h1"));
	state_set_str(&hs.c.output, "out", 3);
	state_set_str(&hs.c.long_output, "l1\nl2", 5);
	state_set_str(&hs.c.perf_data, "rta=1ms", 7);
	hs.c.current_state = OBJ_HOST_UP;
	state_host_clear(&hs);
	assert_null(hs.c.output);
	assert_null(hs.c.long_output);
	assert_null(hs.c.perf_data);
	/* only the strings go */
	assert_int_equal(hs.c.current_state, OBJ_HOST_UP);
	assert_int_equal(hs.c.max_attempts, 4);
	state_host_clear(&hs);
	state_host_clear(NULL);

	state_svc_init(&ss, svc("h2", "S2"));
	state_set_str(&ss.c.output, "out", 3);
	state_set_str(&ss.c.perf_data, "a=1", 3);
	ss.c.checks_run = 9;
	state_svc_clear(&ss);
	assert_null(ss.c.output);
	assert_null(ss.c.long_output);
	assert_null(ss.c.perf_data);
	assert_int_equal(ss.c.checks_run, 9);
	state_svc_clear(&ss);
	state_svc_clear(NULL);
}

/*
 * A contact across a reload: a notification switch stays as a command set
 * it only while its modified-attribute bit is set; one whose bit
 * CHANGE_CONTACT_MODHATTR / MODSATTR cleared is the configured value again
 * (Nagios's retention reading at SIGHUP, xdata/xrddefault.c).
 */
static void
t_contact_move_switches(void **state)
{
	const struct obj_contact *c = objects_find_contact(gen.objs, "admin");
	struct contact_state src, dst;

	(void)state;
	assert_non_null(c);
	state_contact_init(&src, c);
	state_contact_init(&dst, c);
	src.host_notifications_enabled = 0;
	src.modified_host_attributes = STATE_MODATTR_NOTIFICATIONS_ENABLED;
	src.service_notifications_enabled = 0;
	src.modified_service_attributes = 0;
	state_contact_move(&dst, &src, gen.objs, c);
	assert_int_equal(dst.host_notifications_enabled, 0);
	assert_int_equal(dst.service_notifications_enabled, 1);
	assert_int_equal(dst.modified_host_attributes, STATE_MODATTR_NOTIFICATIONS_ENABLED);
	state_contact_clear(&src);
	state_contact_clear(&dst);
}

/*
 * A reload keeps a custom variable's override as Nagios's reading of
 * retention.dat at SIGHUP takes it back: with the custom variable bit, for
 * a variable still configured, and with a value of two characters or more
 * ("1;" and "1;x" are not longer than 3: the configured value comes back);
 * the bit goes when nothing is left, and without the bit nothing is kept.
 */
static void
t_rebind_vars(void **state)
{
	static const struct obj_customvar vars[] = { { "OWNER", "ops" }, { "SITE", "x" },
		                                     { "TEAM", "a" } };
	struct state_common c;

	(void)state;
	memset(&c, 0, sizeof(c));
	state_var_set(&c.vars, "OWNER", "");
	state_var_set(&c.vars, "SITE", "b");
	state_var_set(&c.vars, "TEAM", "web");
	state_var_set(&c.vars, "GONE", "long gone");
	c.modified_attributes = STATE_MODATTR_CUSTOM_VARIABLE;
	state_common_rebind(&c, gen.objs, vars, 3);
	assert_int_equal(c.vars.n, 1);
	assert_string_equal(c.vars.v[0].name, "TEAM");
	assert_string_equal(c.vars.v[0].value, "web");
	assert_int_equal(c.modified_attributes, STATE_MODATTR_CUSTOM_VARIABLE);
	/* only short ones: the bit goes with them */
	state_vars_clear(&c.vars);
	state_var_set(&c.vars, "OWNER", "");
	state_var_set(&c.vars, "SITE", "b");
	state_common_rebind(&c, gen.objs, vars, 3);
	assert_int_equal(c.vars.n, 0);
	assert_int_equal(c.modified_attributes, 0);
	/* the bit cleared (CHANGE_SVC_MODATTR): nothing is kept */
	state_var_set(&c.vars, "TEAM", "web");
	state_common_rebind(&c, gen.objs, vars, 3);
	assert_int_equal(c.vars.n, 0);
	state_vars_clear(&c.vars);
}

/* ---- names ---- */

static void
t_names(void **state)
{
	(void)state;
	assert_string_equal(state_svc_name(OBJ_STATE_OK), "OK");
	assert_string_equal(state_svc_name(OBJ_STATE_WARNING), "WARNING");
	assert_string_equal(state_svc_name(OBJ_STATE_CRITICAL), "CRITICAL");
	assert_string_equal(state_svc_name(OBJ_STATE_UNKNOWN), "UNKNOWN");
	assert_string_equal(state_svc_name(4), "UNKNOWN");
	assert_string_equal(state_svc_name(-1), "UNKNOWN");
	assert_string_equal(state_svc_name(INT_MAX), "UNKNOWN");
	assert_string_equal(state_svc_name(INT_MIN), "UNKNOWN");

	assert_string_equal(state_host_name(OBJ_HOST_UP), "UP");
	assert_string_equal(state_host_name(OBJ_HOST_DOWN), "DOWN");
	assert_string_equal(state_host_name(OBJ_HOST_UNREACHABLE), "UNREACHABLE");
	/* Nagios says "(unknown)" here; no host ever has such a state */
	assert_string_equal(state_host_name(3), "UNKNOWN");
	assert_string_equal(state_host_name(-1), "UNKNOWN");
	assert_string_equal(state_host_name(INT_MIN), "UNKNOWN");

	assert_string_equal(state_type_name(STATE_HARD), "HARD");
	assert_string_equal(state_type_name(STATE_SOFT), "SOFT");
	/* anything that is not HARD is SOFT, as in Nagios */
	assert_string_equal(state_type_name(2), "SOFT");
	assert_string_equal(state_type_name(-1), "SOFT");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_host_init),
		cmocka_unit_test(t_svc_init),
		cmocka_unit_test(t_init_all),
		cmocka_unit_test(t_init_max_attempts_unset),
		cmocka_unit_test(t_set_str),
		cmocka_unit_test(t_clear),
		cmocka_unit_test(t_contact_move_switches),
		cmocka_unit_test(t_rebind_vars),
		cmocka_unit_test(t_names),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

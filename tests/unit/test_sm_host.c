/*
 * test_sm_host: Nagios 4.4.6's soft/hard state machine for hosts, one
 * transition per test: attempts, state types, DOWN/UNREACHABLE through
 * parents, passive results, last states and times, flap history,
 * next_check and the outcome flags.  Every expectation follows
 * handle_async_host_check_result of base/checks.c (tag nagios-4.4.6),
 * quirks included; the main sequences were also watched on a running
 * Nagios 4.4.6.  Services: test_statemachine.c.  Links
 * engine/check/{result,statemachine,sm_service,sm_host}.c,
 * engine/objects/state.c and libjaque.a.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "engine/check/result.h"
#include "engine/check/statemachine.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"

#define T0 1700000000L
#define UP 0
#define DOWN 1
#define UNREACH 2

/* hosts 0..3: 1 and 2 are parents of 3 */
struct fx {
	struct main_cfg cfg;
	struct obj_settings hcfg;
	struct obj_host hosts[4];
	struct obj_host *parents3[2];
	struct obj_host *children1[1];
	struct host_state hs[4];
	struct sm_outcome out;
};

static struct fx F;

static int
setup(void **state)
{
	unsigned i;

	(void)state;
	memset(&F, 0, sizeof(F));
	F.cfg.interval_length = 60;
	F.cfg.cached_host_check_horizon = 15;
	F.cfg.execute_host_checks = 1;
	F.cfg.accept_passive_host_checks = 1;
	F.cfg.enable_predictive_host_dependency_checks = 1;
	F.hcfg.max_check_attempts = 3;
	F.hcfg.check_interval = 5;
	F.hcfg.retry_interval = 1;
	F.hcfg.flap_detection_options = OBJ_OPT_ALL;
	F.hcfg.active_checks_enabled = 1;
	F.hcfg.passive_checks_enabled = 1;
	for (i = 0; i < 4; i++) {
		F.hosts[i].id = i;
		F.hosts[i].name = "h";
		F.hosts[i].cfg = &F.hcfg;
	}
	F.parents3[0] = &F.hosts[1];
	F.parents3[1] = &F.hosts[2];
	F.hosts[3].parents = F.parents3;
	F.hosts[3].nparents = 2;
	F.children1[0] = &F.hosts[3];
	F.hosts[1].children = F.children1;
	F.hosts[1].nchildren = 1;
	for (i = 0; i < 4; i++) {
		state_host_init(&F.hs[i], &F.hosts[i]);
		/* checked, UP and fresh: no on-demand host checks unless a test wants them */
		F.hs[i].c.has_been_checked = 1;
		F.hs[i].c.last_check = T0;
		F.hs[i].c.last_state_change = T0 - 1000;
		F.hs[i].c.last_hard_state_change = T0 - 1000;
	}
	return 0;
}

static int
teardown(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < 4; i++)
		state_host_clear(&F.hs[i]);
	return 0;
}

static void
mkcr(struct check_result *cr, int st, const char *text, time_t start, int passive)
{
	memset(cr, 0, sizeof(*cr));
	if (text != NULL)
		check_output_parse(cr, text, strlen(text));
	cr->state = st;
	cr->rc = st;
	cr->exited_ok = 1;
	cr->check_type = passive ? STATE_CHECK_PASSIVE : STATE_CHECK_ACTIVE;
	cr->start.tv_sec = start;
	cr->finish.tv_sec = start + 1;
	cr->latency = 0.25;
}

#define HAS(f, bits) assert_true(((f) & (bits)) == (bits)) /* every one of bits */
#define HASNT(f, bit) assert_true(((f) & (bit)) == 0)

/* a host result checked at t and processed at t + 2; returns the flags */
static unsigned
host_at(unsigned id, int st, const char *text, time_t t, int passive)
{
	struct check_result cr;

	mkcr(&cr, st, text != NULL ? text : "text", t, passive);
	sm_host_result(&F.hs[id], &F.hosts[id], F.hs, &cr, &F.cfg, t + 2, &F.out);
	check_result_clear(&cr);
	return F.out.flags;
}

static void
host_settled_up(unsigned id)
{
	host_at(id, UP, "up", T0 - 600, 0);
	host_at(id, UP, "up", T0 - 300, 0);
}

static void
t_host_up_to_soft_down(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(0);
	f = host_at(0, DOWN, "down", T0, 0);
	assert_int_equal(F.hs[0].c.current_state, DOWN);
	assert_int_equal(F.hs[0].c.state_type, STATE_SOFT);
	assert_int_equal(F.hs[0].c.current_attempt, 1);
	assert_int_equal(F.hs[0].c.last_state, UP);
	assert_int_equal(F.hs[0].c.last_hard_state, UP);
	assert_int_equal(F.hs[0].c.last_state_change, T0);
	assert_int_equal(F.hs[0].last_time_up, T0);
	HAS(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER | SM_CHECK_PARENTS);
	HAS(f, SM_CHECK_CHILDREN | SM_NEW_PROBLEM_ID);
	HASNT(f, SM_NOTIFY | SM_HARD_CHANGE | SM_RECOVERY | SM_CHECK_MASTERS);
	assert_int_equal(F.out.next_check, T0 + 2 + 60);
	/* hosts record every check in the flap history */
	assert_int_equal(F.hs[0].c.state_history_index, 3);
	assert_int_equal(F.hs[0].c.state_history[2], DOWN);
}

static void
t_host_soft_retries(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(0);
	host_at(0, DOWN, "down", T0, 0);
	/* log_host_retries off: a retry without a change writes no line */
	f = host_at(0, DOWN, "down", T0 + 60, 0);
	assert_int_equal(F.hs[0].c.current_attempt, 2);
	assert_int_equal(F.hs[0].c.state_type, STATE_SOFT);
	HAS(f, SM_RUN_HANDLER);
	HASNT(f, SM_LOG_ALERT | SM_STATE_CHANGE | SM_NOTIFY);
	assert_int_equal(F.out.next_check, T0 + 62 + 60);
	F.cfg.log_host_retries = 1;
	f = host_at(0, DOWN, "down", T0 + 120, 0);
	assert_int_equal(F.hs[0].c.current_attempt, 3);
	assert_int_equal(F.hs[0].c.state_type, STATE_HARD);
	HAS(f, SM_HARD_CHANGE | SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
	assert_int_equal(F.hs[0].c.last_hard_state, DOWN);
	assert_int_equal(F.hs[0].c.last_hard_state_change, T0 + 120);
	/* unlike services, the hard change leaves last_state_change */
	assert_int_equal(F.hs[0].c.last_state_change, T0);
	assert_int_equal(F.out.next_check, T0 + 122 + 300);
	/* hard problem goes on: notification only */
	f = host_at(0, DOWN, "down", T0 + 420, 0);
	HAS(f, SM_NOTIFY);
	HASNT(f, SM_LOG_ALERT | SM_RUN_HANDLER | SM_HARD_CHANGE);
	assert_int_equal(F.out.next_check, T0 + 420 + 300);
}

static void
t_host_soft_down_logged_without_retries(void **state)
{
	unsigned f;

	(void)state;
	F.cfg.log_host_retries = 0;
	host_settled_up(0);
	/* a SOFT state change is logged whatever log_host_retries says */
	f = host_at(0, DOWN, "down", T0, 0);
	HAS(f, SM_LOG_ALERT);
}

static void
t_host_hard_recovery(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(0);
	host_at(0, DOWN, "down", T0, 0);
	host_at(0, DOWN, "down", T0 + 60, 0);
	host_at(0, DOWN, "down", T0 + 120, 0);
	f = host_at(0, UP, "up", T0 + 420, 0);
	assert_int_equal(F.hs[0].c.state_type, STATE_HARD);
	assert_int_equal(F.hs[0].c.current_attempt, 1);
	assert_int_equal(F.hs[0].c.last_hard_state, UP);
	assert_int_equal(F.hs[0].c.last_state, DOWN);
	assert_int_equal(F.hs[0].last_time_down, T0 + 420);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_RECOVERY | SM_NOTIFY | SM_LOG_ALERT);
	HAS(f, SM_RUN_HANDLER | SM_CLEAR_NOTIFIED | SM_CHECK_PARENTS | SM_CHECK_CHILDREN);
	HASNT(f, SM_NEW_PROBLEM_ID);
	assert_int_equal(F.out.alert_attempt, 1);
	assert_int_equal(F.out.alert_state_type, STATE_HARD);
	/* attempt 1 is not "max attempts": the regular interval from last_check */
	assert_int_equal(F.out.next_check, T0 + 420 + 300);
}

static void
t_host_soft_recovery(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(0);
	host_at(0, DOWN, "down", T0, 0);
	F.hs[0].c.current_problem_id = 9;
	f = host_at(0, UP, "up", T0 + 60, 0);
	/* quirk: a host soft recovery stays SOFT until the next result */
	assert_int_equal(F.hs[0].c.state_type, STATE_SOFT);
	assert_int_equal(F.hs[0].c.current_attempt, 1);
	assert_int_equal(F.hs[0].c.last_hard_state, UP);
	assert_int_equal(F.hs[0].c.current_problem_id, 0);
	assert_int_equal(F.hs[0].c.last_problem_id, 9);
	HAS(f, SM_STATE_CHANGE | SM_RECOVERY | SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_NOTIFY | SM_HARD_CHANGE | SM_CLEAR_NOTIFIED);
	/* unlike services: UP is never retried, so the regular interval */
	assert_int_equal(F.out.next_check, T0 + 60 + 300);
	f = host_at(0, UP, "up", T0 + 120, 0);
	assert_int_equal(F.hs[0].c.state_type, STATE_HARD);
	HASNT(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER);
}

static void
t_host_unreachable(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(3);
	/* every parent down: UNREACHABLE */
	F.hs[1].c.current_state = DOWN;
	F.hs[2].c.current_state = UNREACH;
	f = host_at(3, DOWN, "down", T0, 0);
	assert_int_equal(F.hs[3].c.current_state, UNREACH);
	assert_int_equal(F.hs[3].c.state_type, STATE_SOFT);
	HAS(f, SM_STATE_CHANGE);
	/* one parent UP: DOWN */
	F.hs[2].c.current_state = UP;
	f = host_at(3, DOWN, "down", T0 + 60, 0);
	assert_int_equal(F.hs[3].c.current_state, DOWN);
	assert_int_equal(F.hs[3].c.current_attempt, 2);
	HAS(f, SM_STATE_CHANGE);
	/* no parents: DOWN */
	host_settled_up(0);
	host_at(0, DOWN, "down", T0, 0);
	assert_int_equal(F.hs[0].c.current_state, DOWN);
}

static void
t_host_hard_down_to_unreachable(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(3);
	host_at(3, DOWN, "down", T0, 0);
	host_at(3, DOWN, "down", T0 + 60, 0);
	host_at(3, DOWN, "down", T0 + 120, 0);
	assert_int_equal(F.hs[3].c.state_type, STATE_HARD);
	F.hs[3].c.current_problem_id = 4;
	F.hs[1].c.current_state = DOWN;
	F.hs[2].c.current_state = DOWN;
	f = host_at(3, DOWN, "down", T0 + 420, 0);
	assert_int_equal(F.hs[3].c.current_state, UNREACH);
	assert_int_equal(F.hs[3].c.state_type, STATE_HARD);
	assert_int_equal(F.hs[3].c.last_hard_state, UNREACH);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_NOTIFY);
	/* quirk: a change between problems clears the problem id */
	assert_int_equal(F.hs[3].c.current_problem_id, 0);
	assert_int_equal(F.hs[3].c.last_problem_id, 4);
	/* a parent back UP: DOWN, HARD at once, and the id of no problem is kept */
	F.hs[1].c.current_state = UP;
	f = host_at(3, DOWN, "down", T0 + 720, 0);
	assert_int_equal(F.hs[3].c.current_state, DOWN);
	assert_int_equal(F.hs[3].c.state_type, STATE_HARD);
	assert_int_equal(F.hs[3].c.current_attempt, 3);
	assert_int_equal(F.hs[3].last_time_unreachable, T0 + 720);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_NOTIFY | SM_LOG_ALERT);
	assert_int_equal(F.hs[3].c.last_problem_id, 0);
}

static void
t_host_passive(void **state)
{
	unsigned f;

	(void)state;
	host_settled_up(3);
	F.hs[1].c.current_state = DOWN;
	F.hs[2].c.current_state = DOWN;
	/* passive results are HARD at once and not translated by default */
	f = host_at(3, DOWN, "down", T0, 1);
	assert_int_equal(F.hs[3].c.current_state, DOWN);
	assert_int_equal(F.hs[3].c.state_type, STATE_HARD);
	assert_int_equal(F.hs[3].c.current_attempt, 1);
	assert_int_equal(F.hs[3].c.last_hard_state, DOWN);
	HAS(f, SM_HARD_CHANGE | SM_NOTIFY | SM_STATE_CHANGE | SM_LOG_ALERT | SM_RESCHEDULE);
	/* the same again: a notification to consider, no reschedule */
	f = host_at(3, DOWN, "down", T0 + 10, 1);
	HAS(f, SM_NOTIFY);
	HASNT(f, SM_HARD_CHANGE | SM_LOG_ALERT | SM_RESCHEDULE);
	assert_int_equal(F.hs[3].c.current_attempt, 1);
	/* UNREACHABLE said passively stays so */
	f = host_at(3, UNREACH, "unr", T0 + 20, 1);
	assert_int_equal(F.hs[3].c.current_state, UNREACH);
	HAS(f, SM_HARD_CHANGE);
	/* back UP */
	f = host_at(3, UP, "up", T0 + 30, 1);
	assert_int_equal(F.hs[3].c.state_type, STATE_HARD);
	HAS(f, SM_RECOVERY | SM_NOTIFY);

	/* translate_passive_host_checks: DOWN with every parent down is UNREACHABLE */
	F.cfg.translate_passive_host_checks = 1;
	host_at(3, DOWN, "down", T0 + 40, 1);
	assert_int_equal(F.hs[3].c.current_state, UNREACH);

	/* passive_host_checks_are_soft: the usual soft logic */
	teardown(NULL);
	setup(NULL);
	F.cfg.passive_host_checks_are_soft = 1;
	host_settled_up(0);
	f = host_at(0, DOWN, "down", T0, 1);
	assert_int_equal(F.hs[0].c.state_type, STATE_SOFT);
	HASNT(f, SM_NOTIFY | SM_HARD_CHANGE);
	/* refused when passive checks are off */
	F.cfg.accept_passive_host_checks = 0;
	f = host_at(0, UP, "up", T0 + 10, 1);
	assert_int_equal(f, SM_DISCARDED);
	assert_int_equal(F.hs[0].c.current_state, DOWN);
	teardown(NULL);
}

static void
t_host_predictive(void **state)
{
	unsigned f;

	(void)state;
	F.hcfg.max_check_attempts = 2;
	state_host_init(&F.hs[0], &F.hosts[0]);
	host_settled_up(0);
	f = host_at(0, DOWN, "down", T0, 0);
	HAS(f, SM_CHECK_MASTERS);
	F.cfg.enable_predictive_host_dependency_checks = 0;
	host_at(0, UP, "up", T0 + 60, 0);
	host_at(0, UP, "up", T0 + 120, 0);
	f = host_at(0, DOWN, "down", T0 + 180, 0);
	HASNT(f, SM_CHECK_MASTERS);
}

static void
t_host_propagation_choice(void **state)
{
	struct sm_outcome o;
	struct host_state p;

	(void)state;
	memset(&o, 0, sizeof(o));
	memset(&p, 0, sizeof(p));
	/* a new problem: parents not UP, children not UNREACHABLE */
	o.flags = SM_CHECK_PARENTS | SM_CHECK_CHILDREN;
	p.c.current_state = UP;
	assert_int_equal(sm_host_parent_wanted(&o, &p), 0);
	assert_int_equal(sm_host_child_wanted(&o, &p), 1);
	p.c.current_state = DOWN;
	assert_int_equal(sm_host_parent_wanted(&o, &p), 1);
	assert_int_equal(sm_host_child_wanted(&o, &p), 1);
	p.c.current_state = UNREACH;
	assert_int_equal(sm_host_child_wanted(&o, &p), 0);
	/* a recovery: parents UP, children not UP */
	o.flags |= SM_RECOVERY;
	p.c.current_state = UP;
	assert_int_equal(sm_host_parent_wanted(&o, &p), 1);
	assert_int_equal(sm_host_child_wanted(&o, &p), 0);
	p.c.current_state = UNREACH;
	assert_int_equal(sm_host_parent_wanted(&o, &p), 0);
	assert_int_equal(sm_host_child_wanted(&o, &p), 1);
}

static void
t_host_misc(void **state)
{
	unsigned f;

	(void)state;
	/* no reschedule at check_interval 0 once HARD or UP */
	F.hs[0].c.check_interval = 0;
	f = host_at(0, UP, "up", T0, 0);
	HASNT(f, SM_RESCHEDULE);
	f = host_at(0, DOWN, "down", T0 + 60, 0);
	HAS(f, SM_RESCHEDULE);
	assert_int_equal(F.out.next_check, T0 + 62 + 60);
	/* NULL output: Nagios's host text */
	host_at(0, DOWN, NULL, T0 + 120, 0);
	assert_string_equal(F.hs[0].c.output, "text");
	{
		struct check_result cr;

		mkcr(&cr, DOWN, NULL, T0 + 180, 0);
		sm_host_result(&F.hs[0], &F.hosts[0], F.hs, &cr, &F.cfg, T0 + 182, &F.out);
		check_result_clear(&cr);
	}
	assert_string_equal(F.hs[0].c.output, "(No output returned from host check)");
	/* stalking on hosts, and flap options filtering */
	teardown(NULL);
	setup(NULL);
	F.hcfg.stalking_options = OBJ_OPT_UP;
	F.hcfg.flap_detection_options = OBJ_OPT_DOWN;
	host_at(0, UP, "up 1", T0, 0);
	f = host_at(0, UP, "up 2", T0 + 300, 0);
	HAS(f, SM_LOG_STALK | SM_LOG_ALERT);
	assert_int_equal(F.hs[0].c.state_history_index, 0);
	teardown(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_host_up_to_soft_down, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_soft_retries, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_soft_down_logged_without_retries, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(t_host_hard_recovery, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_soft_recovery, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_unreachable, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_hard_down_to_unreachable, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_passive, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_predictive, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_propagation_choice, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_misc, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

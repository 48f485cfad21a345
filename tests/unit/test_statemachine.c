/*
 * test_statemachine: Nagios 4.4.6's soft/hard state machine for services,
 * one transition per test: attempts, state types, last states and times,
 * flap history, next_check and the outcome flags.  Every expectation
 * follows handle_async_service_check_result of base/checks.c (tag
 * nagios-4.4.6), quirks included (they are named where they show); the
 * ALERT lines, attempts and times of the main sequences were also
 * watched on a running Nagios 4.4.6.  Hosts: test_sm_host.c.  Links
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
#define OK 0
#define WARN 1
#define CRIT 2
#define UNKN 3
#define UP 0
#define DOWN 1

/* one service on one host, both HARD OK and checked unless a test says otherwise */
struct fx {
	struct main_cfg cfg;
	struct obj_settings scfg, hcfg;
	struct obj_host host;
	struct obj_service svc;
	struct host_state hs[1];
	struct svc_state ss;
	struct sm_outcome out;
};

static struct fx F;

static int
setup(void **state)
{
	(void)state;
	memset(&F, 0, sizeof(F));
	F.cfg.interval_length = 60;
	F.cfg.cached_host_check_horizon = 15;
	F.cfg.execute_host_checks = 1;
	F.cfg.accept_passive_service_checks = 1;
	F.cfg.log_service_retries = 1;
	F.scfg.max_check_attempts = 3;
	F.scfg.check_interval = 5;
	F.scfg.retry_interval = 1;
	F.scfg.flap_detection_options = OBJ_OPT_ALL;
	F.scfg.active_checks_enabled = 1;
	F.scfg.passive_checks_enabled = 1;
	F.hcfg = F.scfg;
	F.host.name = "h";
	F.host.cfg = &F.hcfg;
	F.svc.host = &F.host;
	F.svc.description = "svc";
	F.svc.cfg = &F.scfg;
	state_host_init(&F.hs[0], &F.host);
	/* checked, UP and fresh: no on-demand host checks unless a test wants them */
	F.hs[0].c.has_been_checked = 1;
	F.hs[0].c.last_check = T0;
	F.hs[0].c.last_state_change = T0 - 1000;
	F.hs[0].c.last_hard_state_change = T0 - 1000;
	state_svc_init(&F.ss, &F.svc);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	state_host_clear(&F.hs[0]);
	state_svc_clear(&F.ss);
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

/* a service result checked at t and processed at t + 2; returns the flags */
static unsigned
svc_at(int st, const char *text, time_t t)
{
	struct check_result cr;

	mkcr(&cr, st, text != NULL ? text : "text", t, 0);
	sm_service_result(&F.ss, &F.svc, &F.hs[0], &cr, &F.cfg, t + 2, &F.out);
	sm_service_host_effects(&F.hs[0], &F.ss, &F.out);
	check_result_clear(&cr);
	return F.out.flags;
}

static unsigned
svc_passive(int st, const char *text, time_t t)
{
	struct check_result cr;

	mkcr(&cr, st, text, t, 1);
	sm_service_result(&F.ss, &F.svc, &F.hs[0], &cr, &F.cfg, t + 2, &F.out);
	check_result_clear(&cr);
	return F.out.flags;
}

/* the service went HARD OK some time ago */
static void
svc_settled_ok(void)
{
	svc_at(OK, "fine", T0 - 600);
	svc_at(OK, "fine", T0 - 300);
}

#define HAS(f, bits) assert_true(((f) & (bits)) == (bits)) /* every one of bits */
#define HASNT(f, bit) assert_true(((f) & (bit)) == 0)
/* the service's state type and attempt */
#define TYPE_ATT(type, att) do { \
	assert_int_equal(F.ss.c.state_type, (type)); \
	assert_int_equal(F.ss.c.current_attempt, (att)); \
} while (0)

static void
t_svc_first_ok(void **state)
{
	unsigned f;

	(void)state;
	F.hs[0].c.has_been_checked = 0;
	f = svc_at(OK, "fine; really", T0);
	assert_int_equal(F.ss.c.current_state, OK);
	TYPE_ATT(STATE_HARD, 1);
	assert_int_equal(F.ss.c.has_been_checked, 1);
	assert_int_equal(F.ss.c.last_check, T0);
	assert_string_equal(F.ss.c.output, "fine: really");
	assert_true(F.ss.c.execution_time == 1.0);
	assert_true(F.ss.c.latency == 0.25);
	/* quirk: last_state_change takes the previous last_check, 0 on the first */
	assert_int_equal(F.ss.c.last_state_change, 0);
	assert_int_equal(F.ss.last_time_ok, T0);
	HASNT(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER | SM_NOTIFY | SM_HARD_CHANGE);
	/* the host was never checked: an OK service asks for it */
	HAS(f, SM_CHECK_HOST | SM_RESCHEDULE);
	assert_int_equal(F.out.next_check, T0 + 5 * 60);
	assert_int_equal(F.ss.c.next_check, T0 + 5 * 60);
	assert_int_equal(F.ss.c.state_history_index, 1);
	assert_int_equal(F.ss.c.state_history[0], OK);
	/* the host's unset times take the service's previous last_check (0 here) */
	f = svc_at(OK, "fine", T0 + 300);
	assert_int_equal(F.ss.c.last_state_change, T0);
	assert_int_equal(F.ss.c.last_hard_state_change, T0);
	assert_int_equal(F.ss.last_time_ok, T0 + 300);
}

static void
t_svc_ok_to_soft(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	F.hs[0].c.last_check = T0 - 100; /* stale host result */
	f = svc_at(CRIT, "bad", T0);
	assert_int_equal(F.ss.c.current_state, CRIT);
	TYPE_ATT(STATE_SOFT, 1);
	assert_int_equal(F.ss.c.last_state, OK);
	assert_int_equal(F.ss.c.last_hard_state, OK);
	assert_int_equal(F.ss.c.last_state_change, T0);
	assert_int_equal(F.ss.c.last_hard_state_change, T0 - 600);
	/* last_time_ok is when OK ended: this check */
	assert_int_equal(F.ss.last_time_ok, T0);
	assert_int_equal(F.ss.last_time_critical, 0);
	HAS(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER | SM_CHECK_HOST | SM_NEW_EVENT_ID);
	HAS(f, SM_NEW_PROBLEM_ID | SM_STATE_OR_TYPE);
	HASNT(f, SM_NOTIFY | SM_HARD_CHANGE | SM_RECOVERY);
	assert_int_equal(F.out.alert_state_type, STATE_SOFT);
	assert_int_equal(F.out.alert_attempt, 1);
	/* retry_interval from the processing time */
	HAS(f, SM_RESCHEDULE);
	assert_int_equal(F.out.next_check, T0 + 2 + 60);
	/* soft problems are not in the flap history */
	assert_int_equal(F.ss.c.state_history_index, 2);
}

static void
t_svc_soft_attempts(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "bad", T0);
	f = svc_at(CRIT, "bad", T0 + 60);
	TYPE_ATT(STATE_SOFT, 2);
	assert_int_equal(F.ss.c.last_state, CRIT);
	assert_int_equal(F.ss.c.last_state_change, T0);
	assert_int_equal(F.ss.last_time_critical, T0 + 60);
	HAS(f, SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_STATE_CHANGE | SM_NOTIFY | SM_HARD_CHANGE | SM_NEW_EVENT_ID);
	assert_int_equal(F.out.next_check, T0 + 60 + 2 + 60);
	/* without log_service_retries no SOFT line */
	teardown(NULL);
	setup(NULL);
	F.cfg.log_service_retries = 0;
	svc_settled_ok();
	f = svc_at(CRIT, "bad", T0);
	HASNT(f, SM_LOG_ALERT);
	HAS(f, SM_RUN_HANDLER);
	f = svc_at(CRIT, "bad", T0 + 60);
	HASNT(f, SM_LOG_ALERT);
	teardown(NULL);
}

static void
t_svc_soft_to_hard(void **state)
{
	unsigned f;
	int idx;

	(void)state;
	svc_settled_ok();
	idx = F.ss.c.state_history_index;
	svc_at(CRIT, "bad", T0);
	svc_at(CRIT, "bad", T0 + 60);
	f = svc_at(CRIT, "bad", T0 + 120);
	TYPE_ATT(STATE_HARD, 3);
	assert_int_equal(F.ss.c.last_hard_state, CRIT);
	assert_int_equal(F.ss.c.last_hard_state_change, T0 + 120);
	/* quirk: the hard change moves last_state_change too */
	assert_int_equal(F.ss.c.last_state_change, T0 + 120);
	HAS(f, SM_HARD_CHANGE | SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_STATE_CHANGE | SM_CLEAR_NOTIFIED | SM_NEW_EVENT_ID);
	assert_int_equal(F.out.alert_state_type, STATE_HARD);
	assert_int_equal(F.out.alert_attempt, 3);
	assert_int_equal(F.out.next_check, T0 + 122 + 300);
	assert_int_equal(F.ss.c.state_history_index, idx + 1);
	assert_int_equal(F.ss.c.state_history[idx], CRIT);

	/* a hard problem that goes on: only a notification to consider */
	f = svc_at(CRIT, "bad", T0 + 420);
	assert_int_equal(F.ss.c.current_attempt, 3);
	assert_int_equal(F.ss.c.state_type, STATE_HARD);
	HAS(f, SM_NOTIFY);
	HASNT(f, SM_LOG_ALERT | SM_RUN_HANDLER | SM_STATE_CHANGE | SM_HARD_CHANGE);
	assert_int_equal(F.out.next_check, T0 + 420 + 300);
	assert_int_equal(F.ss.c.last_state_change, T0 + 120);
}

static void
t_svc_max_attempts_one(void **state)
{
	unsigned f;

	(void)state;
	F.scfg.max_check_attempts = 1;
	state_svc_init(&F.ss, &F.svc);
	svc_settled_ok();
	f = svc_at(WARN, "warn", T0);
	TYPE_ATT(STATE_HARD, 1);
	assert_int_equal(F.ss.c.last_hard_state, WARN);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_NOTIFY | SM_LOG_ALERT);
	assert_int_equal(F.out.next_check, T0 + 2 + 300);
}

static void
t_svc_soft_recovery(void **state)
{
	unsigned f;
	int idx;

	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "bad", T0);
	idx = F.ss.c.state_history_index;
	F.ss.c.current_problem_id = 77;
	f = svc_at(OK, "fine", T0 + 60);
	HAS(f, SM_STATE_CHANGE | SM_RECOVERY | SM_RUN_HANDLER | SM_LOG_ALERT);
	HASNT(f, SM_NOTIFY | SM_HARD_CHANGE | SM_CLEAR_NOTIFIED | SM_NEW_PROBLEM_ID);
	/* the ALERT line says SOFT attempt 2; the state ends HARD 1 */
	assert_int_equal(F.out.alert_state_type, STATE_SOFT);
	assert_int_equal(F.out.alert_attempt, 2);
	TYPE_ATT(STATE_HARD, 1);
	assert_int_equal(F.ss.c.last_hard_state, OK);
	assert_int_equal(F.ss.c.last_state, CRIT);
	assert_int_equal(F.ss.c.last_state_change, T0 + 60);
	/* quirk: a soft recovery moves last_hard_state_change */
	assert_int_equal(F.ss.c.last_hard_state_change, T0 + 60);
	/* the problem's id stays for the recovery's notification and handler
	 * (Nagios moves it after them), then goes to last_problem_id */
	HAS(f, SM_END_PROBLEM);
	assert_int_equal(F.ss.c.current_problem_id, 77);
	sm_end_problem(&F.ss.c, &F.out);
	assert_int_equal(F.ss.c.current_problem_id, 0);
	assert_int_equal(F.ss.c.last_problem_id, 77);
	assert_int_equal(F.ss.last_time_critical, T0 + 60);
	/* quirk: still SOFT when rescheduled, so at retry_interval */
	assert_int_equal(F.out.next_check, T0 + 62 + 60);
	/* soft recoveries are in the flap history */
	assert_int_equal(F.ss.c.state_history_index, idx + 1);
	assert_int_equal(F.ss.c.state_history[idx], OK);

	/* next OK: nothing to tell */
	f = svc_at(OK, "fine", T0 + 120);
	HASNT(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER | SM_RECOVERY);

	/* without log_service_retries the SOFT recovery is not logged */
	F.cfg.log_service_retries = 0;
	svc_at(CRIT, "bad", T0 + 200);
	f = svc_at(OK, "fine", T0 + 260);
	HAS(f, SM_RUN_HANDLER);
	HASNT(f, SM_LOG_ALERT);
}

static void
t_svc_hard_recovery(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "bad", T0);
	svc_at(CRIT, "bad", T0 + 60);
	svc_at(CRIT, "bad", T0 + 120);
	F.ss.c.current_notification_number = 1;
	F.ss.c.last_notification = T0 + 122;
	f = svc_at(OK, "fine", T0 + 420);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_RECOVERY | SM_NOTIFY | SM_LOG_ALERT);
	HAS(f, SM_RUN_HANDLER | SM_CLEAR_NOTIFIED | SM_STATE_OR_TYPE);
	/* the recovery's ALERT line and handler see the problem's attempt */
	assert_int_equal(F.out.alert_state_type, STATE_HARD);
	assert_int_equal(F.out.alert_attempt, 3);
	TYPE_ATT(STATE_HARD, 1);
	assert_int_equal(F.ss.c.last_hard_state, OK);
	assert_int_equal(F.ss.c.last_state, CRIT);
	assert_int_equal(F.ss.c.last_state_change, T0 + 420);
	assert_int_equal(F.ss.c.last_hard_state_change, T0 + 420);
	assert_int_equal(F.ss.c.last_notification, 0);
	/* the counter is the notifier's to reset, after it notified */
	assert_int_equal(F.ss.c.current_notification_number, 1);
	assert_int_equal(F.out.next_check, T0 + 422 + 300);
}

static void
t_svc_soft_state_change(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	svc_at(WARN, "warn", T0);
	f = svc_at(CRIT, "crit", T0 + 60);
	assert_int_equal(F.ss.c.state_type, STATE_SOFT);
	/* a change between problems keeps counting attempts */
	assert_int_equal(F.ss.c.current_attempt, 2);
	assert_int_equal(F.ss.c.last_state, WARN);
	assert_int_equal(F.ss.c.last_state_change, T0 + 60);
	assert_int_equal(F.ss.last_time_warning, T0 + 60);
	HAS(f, SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER | SM_NEW_EVENT_ID);
	HASNT(f, SM_NEW_PROBLEM_ID | SM_NOTIFY | SM_HARD_CHANGE);
	f = svc_at(CRIT, "crit", T0 + 120);
	TYPE_ATT(STATE_HARD, 3);
	HAS(f, SM_HARD_CHANGE | SM_NOTIFY);
}

static void
t_svc_hard_state_change(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "crit", T0);
	svc_at(CRIT, "crit", T0 + 60);
	svc_at(CRIT, "crit", T0 + 120);
	f = svc_at(WARN, "warn", T0 + 420);
	assert_int_equal(F.ss.c.current_state, WARN);
	TYPE_ATT(STATE_HARD, 3);
	assert_int_equal(F.ss.c.last_state, CRIT);
	assert_int_equal(F.ss.c.last_hard_state, WARN);
	assert_int_equal(F.ss.c.last_hard_state_change, T0 + 420);
	assert_int_equal(F.ss.c.last_state_change, T0 + 420);
	HAS(f, SM_STATE_CHANGE | SM_HARD_CHANGE | SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_RECOVERY | SM_NEW_PROBLEM_ID);
	assert_int_equal(F.out.alert_state_type, STATE_HARD);
	assert_int_equal(F.out.next_check, T0 + 422 + 300);
}

static void
t_svc_host_down(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	F.hs[0].c.current_state = DOWN;
	F.hs[0].c.state_type = STATE_HARD;
	f = svc_at(CRIT, "crit", T0);
	/* HARD at once, no notification; quirk: attempt ends at 1 */
	TYPE_ATT(STATE_HARD, 1);
	assert_int_equal(F.ss.c.last_hard_state, CRIT);
	assert_int_equal(F.ss.host_problem_at_last_check, 1);
	HAS(f, SM_HARD_CHANGE | SM_STATE_CHANGE | SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_NOTIFY | SM_CHECK_HOST | SM_NOTIFY_HOST);
	assert_int_equal(F.out.alert_state_type, STATE_HARD);
	assert_int_equal(F.out.next_check, T0 + 300);

	/* still down, same state: the host's notification is reconsidered */
	f = svc_at(CRIT, "crit", T0 + 300);
	HAS(f, SM_NOTIFY_HOST);
	HASNT(f, SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER | SM_HOST_FAKE_CHECK);

	/* the host is back: the hard service problem is notified now */
	F.hs[0].c.current_state = UP;
	f = svc_at(CRIT, "crit", T0 + 600);
	HAS(f, SM_NOTIFY);
	HASNT(f, SM_CHECK_HOST | SM_LOG_ALERT);
	assert_int_equal(F.ss.host_problem_at_last_check, 0);
}

static void
t_svc_host_recovered_soft(void **state)
{
	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "crit", T0);
	svc_at(CRIT, "crit", T0 + 60);
	assert_int_equal(F.ss.c.current_attempt, 2);
	/* a soft service that saw a host problem gets its attempts back */
	F.ss.host_problem_at_last_check = 1;
	svc_at(CRIT, "crit", T0 + 120);
	assert_int_equal(F.ss.c.current_attempt, 2);
	assert_int_equal(F.ss.c.state_type, STATE_SOFT);
	assert_int_equal(F.ss.host_problem_at_last_check, 0);
}

static void
t_svc_host_checks(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	/* a state change with a fresh host result: the cache stands */
	F.hs[0].c.last_check = T0 - 10;
	f = svc_at(CRIT, "crit", T0);
	HASNT(f, SM_CHECK_HOST);
	/* no state change: no host check even when stale */
	F.hs[0].c.last_check = T0;
	f = svc_at(CRIT, "crit", T0 + 60);
	HASNT(f, SM_CHECK_HOST);
	/* a change with a stale host */
	f = svc_at(WARN, "warn", T0 + 120);
	HAS(f, SM_CHECK_HOST);
	/* execute_host_checks off: never */
	F.cfg.execute_host_checks = 0;
	f = svc_at(CRIT, "crit", T0 + 180);
	HASNT(f, SM_CHECK_HOST);

	/* an OK service on a host known DOWN: checked again unless recent */
	teardown(NULL);
	setup(NULL);
	svc_settled_ok();
	F.hs[0].c.current_state = DOWN;
	F.hs[0].c.last_check = T0 - 5;
	f = svc_at(OK, "fine", T0);
	HASNT(f, SM_CHECK_HOST);
	assert_int_equal(F.ss.host_problem_at_last_check, 1);
	F.hs[0].c.last_check = T0 - 100;
	f = svc_at(OK, "fine", T0 + 300);
	HAS(f, SM_CHECK_HOST);
	teardown(NULL);

	/* sm_host_cache_fresh: last_check + horizon > now */
	F.hs[0].c.last_check = T0;
	assert_int_equal(sm_host_cache_fresh(&F.hs[0], &F.cfg, T0 + 14), 1);
	assert_int_equal(sm_host_cache_fresh(&F.hs[0], &F.cfg, T0 + 15), 0);
	F.cfg.cached_host_check_horizon = 0;
	assert_int_equal(sm_host_cache_fresh(&F.hs[0], &F.cfg, T0), 0);
}

static void
t_svc_unchecked_host(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	F.hs[0].c.has_been_checked = 0;
	F.hs[0].c.last_check = 0;
	F.hs[0].c.last_state_change = 0;
	F.hs[0].c.last_hard_state_change = 0;
	F.hs[0].c.current_state = DOWN;
	svc_at(CRIT, "crit", T0);
	/* same state, host never checked: Nagios fakes a host check */
	f = svc_at(CRIT, "crit", T0 + 300);
	HAS(f, SM_HOST_FAKE_CHECK | SM_NOTIFY_HOST);
	assert_int_equal(F.hs[0].c.has_been_checked, 1);
	assert_int_equal(F.hs[0].c.last_check, T0 + 300);
	/* the host's zero times took the service's previous last_check, on the
	 * first result after they were zeroed */
	assert_int_equal(F.hs[0].c.last_state_change, T0 - 300);
	assert_int_equal(F.hs[0].c.last_hard_state_change, T0 - 300);
}

static void
t_svc_volatile(void **state)
{
	unsigned f;

	(void)state;
	F.scfg.is_volatile = 1;
	svc_settled_ok();
	svc_at(CRIT, "crit", T0);
	f = svc_at(CRIT, "crit", T0 + 60);
	HASNT(f, SM_NOTIFY);
	svc_at(CRIT, "crit", T0 + 120);
	f = svc_at(CRIT, "crit", T0 + 420);
	HAS(f, SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
	HASNT(f, SM_STATE_CHANGE | SM_HARD_CHANGE);
	f = svc_at(CRIT, "crit", T0 + 720);
	HAS(f, SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
	/* not in an OK state */
	f = svc_at(OK, "fine", T0 + 1020);
	f = svc_at(OK, "fine", T0 + 1320);
	HASNT(f, SM_NOTIFY | SM_LOG_ALERT | SM_RUN_HANDLER);
}

static void
t_svc_stalking(void **state)
{
	unsigned f;

	(void)state;
	F.scfg.stalking_options = OBJ_OPT_CRITICAL;
	svc_settled_ok();
	/* an OK state is not stalked: changed output logs nothing */
	f = svc_at(OK, "fine 2", T0);
	HASNT(f, SM_LOG_STALK | SM_LOG_ALERT);
	svc_at(CRIT, "crit", T0 + 60);
	svc_at(CRIT, "crit", T0 + 120);
	svc_at(CRIT, "crit", T0 + 180);
	f = svc_at(CRIT, "crit", T0 + 480);
	HASNT(f, SM_LOG_STALK | SM_LOG_ALERT);
	f = svc_at(CRIT, "crit, worse", T0 + 780);
	HAS(f, SM_LOG_STALK | SM_LOG_ALERT);
	HASNT(f, SM_STATE_CHANGE | SM_RUN_HANDLER);
	/* only the short output counts */
	f = svc_at(CRIT, "crit, worse\nother long", T0 + 1080);
	HASNT(f, SM_LOG_STALK);

	/* stalking N: the line comes with a notification that went out */
	F.scfg.stalking_options = OBJ_OPT_NOTIFICATIONS;
	f = svc_at(CRIT, "crit, worse", T0 + 1380);
	HAS(f, SM_NOTIFY | SM_LOG_IF_NOTIFIED);
	HASNT(f, SM_LOG_ALERT);
	F.scfg.stalking_options = 0;
	f = svc_at(CRIT, "crit, worse", T0 + 1680);
	HASNT(f, SM_LOG_IF_NOTIFIED);
}

static void
t_svc_stalk_first_result(void **state)
{
	unsigned f;

	(void)state;
	/* before the first result Nagios has no output: any output is new */
	F.scfg.stalking_options = OBJ_OPT_OK;
	f = svc_at(OK, "", T0);
	HAS(f, SM_LOG_STALK | SM_LOG_ALERT);
	/* afterwards an empty output equals an empty output */
	f = svc_at(OK, "", T0 + 300);
	HASNT(f, SM_LOG_STALK);
}

static void
t_svc_check_interval_zero(void **state)
{
	unsigned f;

	(void)state;
	F.ss.c.check_interval = 0;
	f = svc_at(OK, "fine", T0);
	HASNT(f, SM_RESCHEDULE);
	assert_int_equal(F.ss.c.should_be_scheduled, 0);
	/* a soft problem is still retried */
	f = svc_at(CRIT, "crit", T0 + 60);
	HAS(f, SM_RESCHEDULE);
	assert_int_equal(F.out.next_check, T0 + 62 + 60);
	svc_at(CRIT, "crit", T0 + 120);
	f = svc_at(CRIT, "crit", T0 + 180);
	assert_int_equal(F.ss.c.state_type, STATE_HARD);
	HASNT(f, SM_RESCHEDULE);

	/* active checks off: never rescheduled */
	teardown(NULL);
	setup(NULL);
	F.ss.c.active_checks_enabled = 0;
	f = svc_at(CRIT, "crit", T0);
	HASNT(f, SM_RESCHEDULE);
	assert_int_equal(F.ss.c.should_be_scheduled, 0);
	teardown(NULL);
}

static void
t_svc_next_check_not_past(void **state)
{
	struct check_result cr;

	(void)state;
	svc_settled_ok();
	/* a result that took a long time to reach us: never scheduled in the past */
	mkcr(&cr, OK, "fine", T0, 0);
	sm_service_result(&F.ss, &F.svc, &F.hs[0], &cr, &F.cfg, T0 + 1000, &F.out);
	check_result_clear(&cr);
	HAS(F.out.flags, SM_RESCHEDULE);
	assert_int_equal(F.out.next_check, T0 + 1000);
	/* fractional intervals truncate like Nagios's casts */
	F.ss.c.check_interval = 0.5;
	F.cfg.interval_length = 7;
	svc_at(OK, "fine", T0 + 2000);
	assert_int_equal(F.out.next_check, T0 + 2000 + 3);
}

static void
t_svc_passive(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	/* passive results do not reschedule unless something changed */
	f = svc_passive(OK, "passive fine", T0);
	HASNT(f, SM_RESCHEDULE | SM_DISCARDED);
	assert_int_equal(F.ss.c.check_type, STATE_CHECK_PASSIVE);
	assert_int_equal(F.ss.c.last_check, T0);
	assert_string_equal(F.ss.c.output, "passive fine");
	f = svc_passive(CRIT, "passive bad", T0 + 10);
	TYPE_ATT(STATE_SOFT, 1);
	HAS(f, SM_STATE_CHANGE | SM_RESCHEDULE);
	/* an empty passive output gets Nagios's text */
	f = svc_passive(CRIT, NULL, T0 + 20);
	assert_string_equal(F.ss.c.output, "(No output returned from plugin)");
	assert_int_equal(F.ss.c.current_attempt, 2);

	/* refused when passive checks are off */
	F.ss.c.passive_checks_enabled = 0;
	f = svc_passive(OK, "x", T0 + 30);
	assert_int_equal(f, SM_DISCARDED);
	assert_int_equal(F.ss.c.current_state, CRIT);
	assert_int_equal(F.ss.c.last_check, T0 + 20);
	F.ss.c.passive_checks_enabled = 1;
	F.cfg.accept_passive_service_checks = 0;
	f = svc_passive(OK, "x", T0 + 30);
	assert_int_equal(f, SM_DISCARDED);
	/* an active result is never refused */
	f = svc_at(OK, "x", T0 + 40);
	HASNT(f, SM_DISCARDED);
	assert_int_equal(F.ss.c.current_state, OK);
}

static void
t_svc_acks(void **state)
{
	unsigned f;

	(void)state;
	svc_settled_ok();
	svc_at(CRIT, "crit", T0);
	svc_at(CRIT, "crit", T0 + 60);
	svc_at(CRIT, "crit", T0 + 120);
	/* a normal acknowledgement ends with a state change */
	F.ss.c.problem_has_been_acknowledged = 1;
	F.ss.c.acknowledgement_type = 1;
	f = svc_at(CRIT, "crit", T0 + 420);
	HASNT(f, SM_ACK_CLEARED);
	assert_int_equal(F.ss.c.problem_has_been_acknowledged, 1);
	f = svc_at(WARN, "warn", T0 + 720);
	HAS(f, SM_ACK_CLEARED);
	assert_int_equal(F.ss.c.problem_has_been_acknowledged, 0);
	assert_int_equal(F.ss.c.acknowledgement_type, 0);
	/* a sticky one survives a change between problems, not the recovery */
	F.ss.c.problem_has_been_acknowledged = 1;
	F.ss.c.acknowledgement_type = 2;
	f = svc_at(CRIT, "crit", T0 + 1020);
	HASNT(f, SM_ACK_CLEARED);
	assert_int_equal(F.ss.c.acknowledgement_type, 2);
	f = svc_at(OK, "fine", T0 + 1320);
	HAS(f, SM_ACK_CLEARED);
	assert_int_equal(F.ss.c.problem_has_been_acknowledged, 0);
}

static void
t_svc_history_options(void **state)
{
	int i;

	(void)state;
	/* only the states flap_detection_options name are recorded */
	F.scfg.flap_detection_options = OBJ_OPT_CRITICAL;
	F.scfg.max_check_attempts = 1;
	state_svc_init(&F.ss, &F.svc);
	svc_at(OK, "ok", T0);
	assert_int_equal(F.ss.c.state_history_index, 0);
	svc_at(CRIT, "crit", T0 + 60);
	assert_int_equal(F.ss.c.state_history_index, 1);
	/* the index wraps at 21 */
	for (i = 0; i < 20; i++)
		svc_at(CRIT, "crit", T0 + 120 + i * 60);
	assert_int_equal(F.ss.c.state_history_index, 0);
	assert_int_equal(F.ss.c.state_history[20], CRIT);
}

static void
t_svc_ids(void **state)
{
	struct sm_ids ids = { 100, 7 };

	(void)state;
	svc_settled_ok();
	F.ss.c.current_event_id = 5;
	svc_at(CRIT, "crit", T0);
	sm_assign_ids(&F.ss.c, &F.out, &ids);
	assert_int_equal(F.ss.c.last_event_id, 5);
	assert_int_equal(F.ss.c.current_event_id, 100);
	assert_int_equal(F.ss.c.current_problem_id, 7);
	assert_int_equal(ids.next_event_id, 101);
	assert_int_equal(ids.next_problem_id, 8);
	svc_at(CRIT, "crit", T0 + 60);
	sm_assign_ids(&F.ss.c, &F.out, &ids);
	assert_int_equal(F.ss.c.current_event_id, 100);
	assert_int_equal(ids.next_event_id, 101);
	svc_at(OK, "fine", T0 + 120);
	sm_assign_ids(&F.ss.c, &F.out, &ids);
	sm_end_problem(&F.ss.c, &F.out);
	assert_int_equal(F.ss.c.current_event_id, 101);
	assert_int_equal(F.ss.c.last_event_id, 100);
	assert_int_equal(F.ss.c.current_problem_id, 0);
	assert_int_equal(F.ss.c.last_problem_id, 7);
}
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_svc_first_ok, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_ok_to_soft, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_soft_attempts, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_soft_to_hard, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_max_attempts_one, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_soft_recovery, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_hard_recovery, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_soft_state_change, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_hard_state_change, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_host_down, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_host_recovered_soft, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_host_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_unchecked_host, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_volatile, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_stalking, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_stalk_first_result, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_check_interval_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_next_check_not_past, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_passive, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_acks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_history_options, setup, teardown),
		cmocka_unit_test_setup_teardown(t_svc_ids, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_flapping: Nagios 4.4.6's flap detection (base/flapping.c).  The
 * expected percentages are worked out by hand from its formula: the
 * transition i (1 oldest .. 20 newest) between neighbouring recorded
 * states weighs 0.75 + (i - 1) * 0.5 / 19, and the percent is the sum
 * times 100 / 20.  So one change at the newest slot is 6.25%, one at the
 * oldest 3.75%, every slot changing 100%, the four newest 24.21%.  Links
 * engine/check/flapping.c, engine/objects/state.c and libjaque.a.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/maincfg.h"
#include "engine/check/flapping.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"

#define OK 0
#define CRIT 2
#define EPS 1e-9

static struct main_cfg cfg;
static struct obj_settings scfg;
static struct obj_host host;
static struct obj_service svc;
static struct svc_state ss;
static struct host_state hs;

static int
setup(void **state)
{
	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	memset(&scfg, 0, sizeof(scfg));
	memset(&host, 0, sizeof(host));
	memset(&svc, 0, sizeof(svc));
	memset(&ss, 0, sizeof(ss));
	memset(&hs, 0, sizeof(hs));
	cfg.enable_flap_detection = 1;
	cfg.low_service_flap_threshold = 5.0;
	cfg.high_service_flap_threshold = 20.0;
	cfg.low_host_flap_threshold = 5.0;
	cfg.high_host_flap_threshold = 20.0;
	scfg.flap_detection_options = OBJ_OPT_ALL;
	scfg.flap_detection_enabled = 1;
	host.name = "h";
	host.cfg = &scfg;
	svc.description = "s";
	svc.host = &host;
	svc.cfg = &scfg;
	ss.c.flap_detection_enabled = 1;
	ss.c.state_type = STATE_HARD;
	hs.c.flap_detection_enabled = 1;
	hs.c.state_type = STATE_HARD;
	return 0;
}

/* a hard result of state st for the service: record it, then detect */
static enum flap_edge
svc_result(int st, struct flap_outcome *o)
{
	ss.c.current_state = st;
	flap_record(&ss.c, scfg.flap_detection_options);
	return flap_service(&ss, &svc, &cfg, o);
}

static void
t_percent(void **state)
{
	struct state_common c;
	int i;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_true(flap_percent(&c) == 0.0);
	/* one change at the newest slot (index 0 is the next to be written) */
	c.state_history[20] = CRIT;
	assert_true(flap_percent(&c) > 6.25 - EPS && flap_percent(&c) < 6.25 + EPS);
	/* the same change at the oldest slot */
	memset(c.state_history, 0, sizeof(c.state_history));
	c.state_history[0] = CRIT;
	assert_true(flap_percent(&c) > 3.75 - EPS && flap_percent(&c) < 3.75 + EPS);
	/* the ring starts at state_history_index: slot 5 oldest, slot 4 newest */
	memset(c.state_history, 0, sizeof(c.state_history));
	c.state_history_index = 5;
	c.state_history[4] = CRIT;
	assert_true(flap_percent(&c) > 6.25 - EPS && flap_percent(&c) < 6.25 + EPS);
	/* every slot differs from the one before (slots 20 and 0 agree: index 0) */
	c.state_history_index = 0;
	for (i = 0; i < STATE_HISTORY; i++)
		c.state_history[i] = i % 2 ? CRIT : OK;
	assert_true(flap_percent(&c) > 100.0 - EPS && flap_percent(&c) < 100.0 + EPS);
	/* a change between two problem states counts too */
	memset(c.state_history, 0, sizeof(c.state_history));
	c.state_history[19] = 1;
	c.state_history[20] = CRIT;
	/* transitions 19 and 20: 0.75 + 18/38 + 1.25 */
	assert_true(flap_percent(&c) > 100.0 * (2.0 + 18.0 / 38.0) / 20.0 - EPS &&
	    flap_percent(&c) < 100.0 * (2.0 + 18.0 / 38.0) / 20.0 + EPS);
}

static void
t_record_and_options(void **state)
{
	struct state_common c;

	(void)state;
	memset(&c, 0, sizeof(c));
	c.current_state = CRIT;
	flap_record(&c, OBJ_OPT_ALL);
	assert_int_equal(c.state_history[0], CRIT);
	assert_int_equal(c.state_history_index, 1);
	/* a state the options leave out is not recorded */
	flap_record(&c, 1u << OK);
	assert_int_equal(c.state_history_index, 1);
	assert_int_equal(c.state_history[1], 0);
	/* the ring wraps after 21 */
	c.state_history_index = 20;
	flap_record(&c, 1u << CRIT);
	assert_int_equal(c.state_history[20], CRIT);
	assert_int_equal(c.state_history_index, 0);
	/* out of range: never recorded; a broken index restarts at 0 */
	c.current_state = 7;
	flap_record(&c, ~0u);
	assert_int_equal(c.state_history_index, 0);
	c.current_state = OK;
	c.state_history_index = 99;
	flap_record(&c, ~0u);
	assert_int_equal(c.state_history_index, 1);
}

static void
t_thresholds(void **state)
{
	(void)state;
	assert_true(flap_threshold(0.0, 20.0) == 20.0);
	assert_true(flap_threshold(-3.0, 20.0) == 20.0);
	assert_true(flap_threshold(30.0, 20.0) == 30.0);
	assert_string_equal(flap_edge_str(FLAP_EDGE_NONE), "NONE");
	assert_string_equal(flap_edge_str(FLAP_EDGE_STARTED), "STARTED");
	assert_string_equal(flap_edge_str(FLAP_EDGE_STOPPED), "STOPPED");
	assert_string_equal(flap_edge_str(FLAP_EDGE_DISABLED), "DISABLED");
}

/* OK/CRITICAL alternating from a clean history: 6.25, 12.37, 18.36, 24.21 */
static void
t_start_then_stop(void **state)
{
	struct flap_outcome o;
	int k;

	(void)state;
	assert_int_equal(svc_result(CRIT, &o), FLAP_EDGE_NONE);
	assert_true(o.percent > 6.25 - EPS && o.percent < 6.25 + EPS);
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_NONE);
	assert_true(o.percent > 100.0 * (2.0 + 18.0 / 38.0) / 20.0 - EPS &&
	    o.percent < 100.0 * (2.0 + 18.0 / 38.0) / 20.0 + EPS);
	assert_int_equal(svc_result(CRIT, &o), FLAP_EDGE_NONE);
	assert_true(o.percent > 100.0 * (2.25 + 54.0 / 38.0) / 20.0 - EPS &&
	    o.percent < 100.0 * (2.25 + 54.0 / 38.0) / 20.0 + EPS);
	assert_int_equal(ss.c.is_flapping, 0);
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_STARTED);
	assert_true(o.percent > 100.0 * (3.0 + 70.0 / 38.0) / 20.0 - EPS &&
	    o.percent < 100.0 * (3.0 + 70.0 / 38.0) / 20.0 + EPS);
	assert_true(ss.c.percent_state_change == o.percent);
	assert_true(o.high == 20.0 && o.low == 5.0);
	assert_int_equal(ss.c.is_flapping, 1);
	/*
	 * k more OKs leave the four changes at transitions 17-k .. 20-k:
	 * below 20% at k 9 (19.47%) but above 5% until k 19 (3.75%).
	 */
	for (k = 1; k < 19; k++) {
		assert_int_equal(svc_result(OK, &o), FLAP_EDGE_NONE);
		assert_int_equal(ss.c.is_flapping, 1);
		if (k == 9)
			assert_true(o.percent > 100.0 * (3.0 + 34.0 / 38.0) / 20.0 - EPS &&
			    o.percent < 100.0 * (3.0 + 34.0 / 38.0) / 20.0 + EPS);
		if (k == 18)
			assert_true(o.percent > 100.0 * (1.5 + 1.0 / 38.0) / 20.0 - EPS &&
			    o.percent < 100.0 * (1.5 + 1.0 / 38.0) / 20.0 + EPS);
	}
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_STOPPED);
	assert_true(o.percent > 3.75 - EPS && o.percent < 3.75 + EPS);
	assert_int_equal(ss.c.is_flapping, 0);
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_NONE);
	assert_true(o.percent == 0.0);
}

/* exactly at a threshold counts: >= high starts, <= low stops */
static void
t_threshold_edges(void **state)
{
	struct flap_outcome o;

	(void)state;
	scfg.high_flap_threshold = 6.25;
	scfg.low_flap_threshold = 6.0;
	assert_int_equal(svc_result(CRIT, &o), FLAP_EDGE_STARTED);
	assert_true(o.high == 6.25 && o.low == 6.0);
	/* 12.37: still flapping, no second edge */
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_NONE);
	assert_int_equal(ss.c.is_flapping, 1);
	/* object thresholds of 0: the global ones */
	scfg.high_flap_threshold = 0.0;
	scfg.low_flap_threshold = 0.0;
	cfg.low_service_flap_threshold = 12.5;
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_STOPPED);
	assert_true(o.low == 12.5 && o.high == 20.0);
	/* transitions 18 and 19: 0.75 + 17/38 + 0.75 + 18/38 = 2.4211, 12.11% */
	assert_true(o.percent > 100.0 * (1.5 + 35.0 / 38.0) / 20.0 - EPS &&
	    o.percent < 100.0 * (1.5 + 35.0 / 38.0) / 20.0 + EPS);
}

/* a soft problem is neither recorded (state machine) nor evaluated */
static void
t_soft_problem(void **state)
{
	struct flap_outcome o;

	(void)state;
	ss.c.percent_state_change = 42.0;
	ss.c.current_state = CRIT;
	ss.c.state_type = STATE_SOFT;
	assert_int_equal(flap_service(&ss, &svc, &cfg, &o), FLAP_EDGE_NONE);
	assert_true(ss.c.percent_state_change == 42.0);
	assert_true(o.percent == 42.0);
	/* a soft recovery is evaluated */
	ss.c.current_state = OK;
	assert_int_equal(flap_service(&ss, &svc, &cfg, &o), FLAP_EDGE_NONE);
	assert_true(ss.c.percent_state_change == 0.0);
}

static void
t_disabled(void **state)
{
	struct flap_outcome o;
	int i;

	(void)state;
	/* off globally: percent computed, never starts */
	cfg.enable_flap_detection = 0;
	for (i = 0; i < 6; i++)
		assert_int_equal(svc_result(i % 2 ? OK : CRIT, &o), FLAP_EDGE_NONE);
	assert_true(ss.c.percent_state_change > 20.0);
	assert_int_equal(ss.c.is_flapping, 0);
	/* on again: the next result starts it */
	cfg.enable_flap_detection = 1;
	assert_int_equal(svc_result(CRIT, &o), FLAP_EDGE_STARTED);
	/* off for the object while flapping: the disabled edge, once */
	ss.c.flap_detection_enabled = 0;
	assert_int_equal(svc_result(OK, &o), FLAP_EDGE_DISABLED);
	assert_int_equal(ss.c.is_flapping, 0);
	assert_int_equal(svc_result(CRIT, &o), FLAP_EDGE_NONE);
	/* flap_evaluate alone */
	ss.c.is_flapping = 1;
	assert_int_equal(flap_evaluate(&ss.c, 0, 5, 20, &o), FLAP_EDGE_DISABLED);
	assert_true(o.percent == ss.c.percent_state_change);
}

/* hosts: a service result records the host's state when asked */
static void
t_host(void **state)
{
	struct flap_outcome o;
	(void)state;
	hs.c.current_state = 1; /* DOWN */
	assert_int_equal(flap_host(&hs, &host, &cfg, 1, &o), FLAP_EDGE_NONE);
	assert_int_equal(hs.c.state_history_index, 1);
	assert_true(o.percent > 6.25 - EPS && o.percent < 6.25 + EPS);
	/* without record nothing moves */
	assert_int_equal(flap_host(&hs, &host, &cfg, 0, &o), FLAP_EDGE_NONE);
	assert_int_equal(hs.c.state_history_index, 1);
	/* a state the options leave out is not recorded */
	scfg.flap_detection_options = OBJ_OPT_DOWN;
	hs.c.current_state = OK;
	flap_host(&hs, &host, &cfg, 1, &o);
	assert_int_equal(hs.c.state_history_index, 1);
	scfg.flap_detection_options = OBJ_OPT_ALL;
	/* host thresholds: object 0 takes low/high_host_flap_threshold */
	cfg.high_host_flap_threshold = 24.0;
	hs.c.current_state = OK; /* D, U: 12.37% */
	assert_int_equal(flap_host(&hs, &host, &cfg, 1, &o), FLAP_EDGE_NONE);
	hs.c.current_state = 1; /* D, U, D: 18.36% */
	assert_int_equal(flap_host(&hs, &host, &cfg, 1, &o), FLAP_EDGE_NONE);
	hs.c.current_state = OK; /* D, U, D, U: 24.21% */
	assert_int_equal(flap_host(&hs, &host, &cfg, 1, &o), FLAP_EDGE_STARTED);
	assert_true(o.high == 24.0 && o.low == 5.0);
	assert_int_equal(hs.c.is_flapping, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(t_percent, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_record_and_options, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_thresholds, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_start_then_stop, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_threshold_edges, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_soft_problem, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_disabled, setup, NULL),
	    cmocka_unit_test_setup_teardown(t_host, setup, NULL),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

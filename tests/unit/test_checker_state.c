/*
 * test_checker_state: what the checker does to an object's state besides
 * the state machine: the order of the steps a result goes through
 * (engine/check/checker_run.c), seen from the event hook, and what a
 * reload carries over (checker_adopt in engine/check/checker.c).
 *
 * Covered: a state or state type change resets the notification times
 * after the STATE step, as Nagios 4.4.6 resets them after its check for
 * pending flexible downtime (base/checks.c,
 * service_state_or_hard_state_type_change and its host twin): what the
 * STATE step did to last_notification, next_notification and
 * no_more_notifications (a downtime starting there, whose refused
 * DOWNTIMESTART notification sets next_notification) is gone by the
 * NOTIFY step, for services and hosts; a result that changes neither
 * state nor type keeps them.  Across a reload the intervals, max_attempts
 * and switches are the run-time ones only where their modified-attribute
 * bit is set and Nagios's reading of retention.dat takes the value
 * (xdata/xrddefault.c: max_attempts at least 1), else the configuration's.
 * A wall-clock step (checker_clock_step in engine/check/checker_clock.c):
 * wall-clock times map to the same ticks on the new clock; a step Nagios
 * calls a system time change moves last_check, next_check,
 * last_state_change, last_hard_state_change, last_notification,
 * next_notification and the program start of hosts and services by the
 * step, 0 staying 0 and nothing going below 0, and leaves the rest
 * (last_time_ok, ...) alone; a smaller step moves next_check only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "checker_fx.h"

#define T_SET 1234567 /* what the STATE step writes into the times */

/* what the NOTIFY step saw (the fixture's arg) */
struct seen {
	int notified;
	time_t next_at_notify;
	time_t last_at_notify;
	int no_more_at_notify;
};

static const char state_objects_cfg[] =
    "define command {\n command_name fake\n command_line fake\n}\n"
    FX_ALWAYS_AND_CONTACT
    "define host {\n host_name h\n address 127.0.0.1\n check_command fake\n"
    " max_check_attempts 1\n check_interval 600\n check_period always\n contacts c\n"
    " notification_period always\n active_checks_enabled 0\n}\n"
    "define service {\n host_name h\n service_description s\n check_command fake\n"
    " max_check_attempts 2\n check_interval 600\n retry_interval 600\n"
    " check_period always\n contacts c\n notification_period always\n"
    " active_checks_enabled 0\n}\n";

static struct state_common *
fx_state(struct fx *f, const struct obj_host *h, const struct obj_service *s)
{
	return s != NULL ? &checker_svc_states(f->c)[s->id].c
	                 : &checker_host_states(f->c)[h->id].c;
}

/* the STATE step stands for a flexible downtime starting and its refused
 * notification writing the times; the NOTIFY step records them */
static void
state_hook_event(void *arg, enum checker_event ev, const struct obj_host *h,
    const struct obj_service *s, const struct state_common *st, const struct sm_outcome *out,
    time_t t)
{
	struct fx *f = arg;
	struct seen *seen = f->arg;
	struct state_common *c = fx_state(f, h, s);

	(void)st, (void)out, (void)t;
	if (ev == CHECKER_EV_SERVICE_STATE || ev == CHECKER_EV_HOST_STATE) {
		c->last_notification = T_SET;
		c->next_notification = T_SET;
		c->no_more_notifications = 1;
	} else if (ev == CHECKER_EV_SERVICE_NOTIFY || ev == CHECKER_EV_HOST_NOTIFY) {
		seen->notified++;
		seen->last_at_notify = c->last_notification;
		seen->next_at_notify = c->next_notification;
		seen->no_more_at_notify = c->no_more_notifications;
	}
}

static int
state_setup(void **state)
{
	struct checker_hooks hooks;
	struct fx *f;

	fx_setup_objects(state, state_objects_cfg);
	f = *state;
	f->arg = test_calloc(1, sizeof(struct seen));
	memset(&hooks, 0, sizeof(hooks));
	hooks.arg = f;
	hooks.event = state_hook_event;
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
	checker_start(f->c);
	return 0;
}

static int
state_teardown(void **state)
{
	struct fx *f = *state;

	test_free(f->arg);
	return teardown(state);
}

static void
assert_reset(const struct fx *f, const struct state_common *c)
{
	const struct seen *seen = f->arg;

	assert_int_equal(seen->last_at_notify, 0);
	assert_int_equal(seen->next_at_notify, 0);
	assert_int_equal(seen->no_more_at_notify, 0);
	assert_int_equal(c->last_notification, 0);
	assert_int_equal(c->next_notification, 0);
	assert_int_equal(c->no_more_notifications, 0);
}

/* a soft problem (a state change): the times the STATE step wrote are reset */
static void
t_service_state_change_resets_after_state_step(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h", "s");
	struct state_common *c;

	assert_non_null(s);
	c = fx_state(f, s->host, s);
	assert_int_equal(checker_passive_result(f->c, s->host, s, 0, "fine", time(NULL)), 0);
	assert_int_equal(checker_passive_result(f->c, s->host, s, 2, "broken", time(NULL)), 0);
	assert_int_equal(c->state_type, STATE_SOFT);
	assert_int_equal(((struct seen *)f->arg)->notified, 2);
	assert_reset(f, c);
	/* SOFT to HARD: a state type change only, reset too */
	assert_int_equal(checker_passive_result(f->c, s->host, s, 2, "broken", time(NULL)), 0);
	assert_int_equal(c->state_type, STATE_HARD);
	assert_reset(f, c);
}

/* no change of state or type: what the STATE step did stays */
static void
t_service_no_change_keeps(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h", "s");
	struct state_common *c;

	assert_non_null(s);
	c = fx_state(f, s->host, s);
	assert_int_equal(checker_passive_result(f->c, s->host, s, 0, "fine", time(NULL)), 0);
	assert_int_equal(checker_passive_result(f->c, s->host, s, 0, "still fine", time(NULL)), 0);
	assert_int_equal(((struct seen *)f->arg)->next_at_notify, T_SET);
	assert_int_equal(c->next_notification, T_SET);
	assert_int_equal(c->last_notification, T_SET);
	assert_int_equal(c->no_more_notifications, 1);
}

/* hosts: a hard state change resets them after the STATE step as well */
static void
t_host_state_change_resets_after_state_step(void **state)
{
	struct fx *f = *state;
	const struct obj_host *h = objects_find_host(f->gen.objs, "h");
	struct state_common *c;

	assert_non_null(h);
	c = fx_state(f, h, NULL);
	assert_int_equal(checker_passive_result(f->c, h, NULL, 0, "up", time(NULL)), 0);
	assert_int_equal(checker_passive_result(f->c, h, NULL, 1, "down", time(NULL)), 0);
	assert_int_equal(c->current_state, 1);
	assert_int_equal(c->state_type, STATE_HARD);
	assert_reset(f, c);
}

/*
 * A reload: max_attempts 0 (CHANGE_MAX_SVC_CHECK_ATTEMPTS takes it) is not
 * carried over, 5 is; a changed interval or switch whose bit was cleared
 * again (CHANGE_SVC_MODATTR) is not, one with its bit is.
 */
static void
t_adopt_takes_what_retention_takes(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h", "s");
	const struct obj_host *h = objects_find_host(f->gen.objs, "h");
	struct state_common *c, *hc;

	assert_non_null(s);
	c = fx_state(f, s->host, s);
	hc = fx_state(f, h, NULL);
	c->max_attempts = 0;
	c->check_interval = 77;
	c->retry_interval = 33;
	c->modified_attributes = STATE_MODATTR_MAX_CHECK_ATTEMPTS |
	    STATE_MODATTR_RETRY_CHECK_INTERVAL | STATE_MODATTR_EVENT_HANDLER_ENABLED;
	/* switched by commands; only the event handler's bit is still set */
	c->notifications_enabled = 0;
	c->passive_checks_enabled = 0;
	c->event_handler_enabled = 0;
	hc->max_attempts = 5;
	hc->obsess = 0;
	hc->modified_attributes = STATE_MODATTR_MAX_CHECK_ATTEMPTS;
	fx_reload(f);
	c = fx_state(f, s->host, s);
	hc = fx_state(f, h, NULL);
	assert_int_equal(c->max_attempts, 2);
	assert_true(c->check_interval == 600.0);
	assert_true(c->retry_interval == 33.0);
	assert_int_equal(c->modified_attributes, STATE_MODATTR_MAX_CHECK_ATTEMPTS |
	    STATE_MODATTR_RETRY_CHECK_INTERVAL | STATE_MODATTR_EVENT_HANDLER_ENABLED);
	assert_int_equal(c->notifications_enabled, 1);
	assert_int_equal(c->passive_checks_enabled, 1);
	assert_int_equal(c->event_handler_enabled, 0);
	assert_int_equal(hc->max_attempts, 5);
	assert_int_equal(hc->obsess, 1);
}

/*
 * A reload with a changed max_attempts during a SOFT problem: Nagios's
 * reader takes max_attempts before it reads the state type, so it judges
 * the problem HARD (the configured object's) and moves the attempt to
 * max_attempts; the state type read after it stays SOFT.  Attempt 1, or
 * no changed max_attempts, stays.
 */
static void
t_adopt_soft_attempt_to_max(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h", "s");
	const struct obj_host *h = objects_find_host(f->gen.objs, "h");
	struct state_common *c, *hc;

	c = fx_state(f, s->host, s);
	hc = fx_state(f, h, NULL);
	c->current_state = 2;
	c->state_type = STATE_SOFT;
	c->current_attempt = 3;
	c->max_attempts = 5;
	c->modified_attributes = STATE_MODATTR_MAX_CHECK_ATTEMPTS;
	hc->current_state = 1;
	hc->state_type = STATE_SOFT;
	hc->current_attempt = 1;
	hc->max_attempts = 4;
	hc->modified_attributes = STATE_MODATTR_MAX_CHECK_ATTEMPTS;
	fx_reload(f);
	c = fx_state(f, s->host, s);
	hc = fx_state(f, h, NULL);
	assert_int_equal(c->current_attempt, 5);
	assert_int_equal(c->state_type, STATE_SOFT);
	assert_int_equal(hc->current_attempt, 1);
	assert_int_equal(hc->max_attempts, 4);
	/* without the bit: the configured max_attempts, the attempt as it was */
	c->current_attempt = 2;
	c->modified_attributes = 0;
	fx_reload(f);
	c = fx_state(f, s->host, s);
	assert_int_equal(c->current_attempt, 2);
	assert_int_equal(c->max_attempts, 2);
}

static void
set_times(struct state_common *c, time_t t)
{
	c->last_check = t;
	c->next_check = t + 60;
	c->last_state_change = t - 100;
	c->last_hard_state_change = 0;
	c->last_notification = t - 10;
	c->next_notification = t + 600;
}

static void
t_clock_step_moves_times(void **state)
{
	struct fx *f = *state;
	const struct obj_service *s = objects_find_service(f->gen.objs, "h", "s");
	const struct obj_host *h = objects_find_host(f->gen.objs, "h");
	struct state_common *c = fx_state(f, s->host, s), *hc = fx_state(f, h, NULL);
	struct svc_state *ss = &checker_svc_states(f->c)[s->id];
	double t = f->c->t0 + 123.4;
	uint64_t tick = chk_time_tick(f->c, t);

	set_times(c, 1700000000);
	set_times(hc, 3000);
	ss->last_time_ok = 1700000000;
	checker_clock_step(f->c, 3600.3, 1);
	/* the same instant, named on the new clock, is the same tick */
	assert_int_equal(chk_time_tick(f->c, t + 3600.3), tick);
	assert_int_equal(c->last_check, 1700003600);
	assert_int_equal(c->next_check, 1700003660);
	assert_int_equal(c->last_state_change, 1700003500);
	assert_int_equal(c->last_hard_state_change, 0);
	assert_int_equal(c->last_notification, 1700003590);
	assert_int_equal(c->next_notification, 1700004200);
	assert_int_equal(ss->last_time_ok, 1700000000);
	assert_int_equal(hc->last_check, 6600);
	assert_int_equal(checker_globals(f->c)->program_start, 1000 + 3600);

	/* back: the host's times before the epoch stop at 0 */
	set_times(hc, 3000);
	checker_clock_step(f->c, -3600.3, 1);
	assert_int_equal(chk_time_tick(f->c, t), tick);
	assert_int_equal(c->last_check, 1700000000);
	assert_int_equal(hc->last_check, 0);
	assert_int_equal(hc->next_check, 0);
	assert_int_equal(hc->last_state_change, 0);
	assert_int_equal(hc->next_notification, 0);
	assert_int_equal(checker_globals(f->c)->program_start, 1000);

	/* not a change Nagios compensates: next_check only */
	checker_clock_step(f->c, 30, 0);
	assert_int_equal(chk_time_tick(f->c, t + 30), tick);
	assert_int_equal(c->next_check, 1700000090);
	assert_int_equal(c->last_check, 1700000000);
	assert_int_equal(c->last_notification, 1699999990);
	assert_int_equal(checker_globals(f->c)->program_start, 1000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_service_state_change_resets_after_state_step,
		    state_setup, state_teardown),
		cmocka_unit_test_setup_teardown(t_service_no_change_keeps, state_setup, state_teardown),
		cmocka_unit_test_setup_teardown(t_host_state_change_resets_after_state_step,
		    state_setup, state_teardown),
		cmocka_unit_test_setup_teardown(t_adopt_takes_what_retention_takes,
		    state_setup, state_teardown),
		cmocka_unit_test_setup_teardown(t_adopt_soft_attempt_to_max, state_setup,
		    state_teardown),
		cmocka_unit_test_setup_teardown(t_clock_step_moves_times, state_setup,
		    state_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

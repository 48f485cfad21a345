/*
 * Unit tests for checker_spread: where the first checks go at a start, as
 * Nagios 4.4.6's init_timing_loop puts them (the offsets below are worked
 * from its formulas by hand).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "checker_fx.h"

/* hosts ha (h0) and hb every 5 minutes; three services on ha and two on
 * hb every 10 minutes */
static const char spread_objects[] =
    "define command {\n command_name fake\n command_line fake $HOSTNAME$ $SERVICEDESC$\n}\n"
    "define command {\n command_name hfake\n command_line hfake $HOSTNAME$\n}\n"
    FX_ALWAYS_AND_CONTACT
    "define host {\n name hb0\n register 0\n check_command hfake\n max_check_attempts 1\n"
    " check_interval 5\n check_period always\n contacts c\n}\n"
    "define service {\n name sb\n register 0\n check_command fake\n max_check_attempts 3\n"
    " check_interval 10\n retry_interval 1\n check_period always\n contacts c\n}\n"
    "define host {\n use hb0\n host_name ha\n address 127.0.0.1\n}\n"
    "define host {\n use hb0\n host_name hb\n address 127.0.0.1\n}\n"
    "define service {\n use sb\n host_name ha\n service_description s1\n}\n"
    "define service {\n use sb\n host_name ha\n service_description s2\n}\n"
    "define service {\n use sb\n host_name ha\n service_description s3\n}\n"
    "define service {\n use sb\n host_name hb\n service_description s4\n}\n"
    "define service {\n use sb\n host_name hb\n service_description s5\n}\n";

/* read the objects with these main settings; a checker made, not started */
static void
fx_spread(struct fx *f, const char *main_extra)
{
	char cfg[512];

	snprintf(cfg, sizeof(cfg), "cfg_file=%s/objects.cfg\ninterval_length=60\ncheck_result_path=%s\n%s",
	    f->dir, f->dir, main_extra);
	write_file(f->dir, "nagios.cfg", cfg);
	write_file(f->dir, "objects.cfg", spread_objects);
	snprintf(cfg, sizeof(cfg), "%s/nagios.cfg", f->dir);
	config_gen_free(&f->gen);
	assert_int_equal(config_read(cfg, NULL, f->d, NULL, &f->gen), CONFIG_OK);
	f->c = fx_checker(f);
}

/* seconds from the start's second to each object's next_check, and the
 * wheel due no earlier than that offset */
static void
assert_offsets(struct fx *f, const long *hosts, const long *svcs)
{
	time_t base = (time_t)f->c->t0;
	unsigned i;

	for (i = 0; i < 2; i++) {
		assert_int_equal((long)(f->c->hs[i].c.next_check - base), hosts[i]);
		assert_true(chk_tick_time(f->c, f->c->hent[i].we.due) >= (double)f->c->hs[i].c.next_check);
	}
	for (i = 0; i < 5; i++) {
		assert_int_equal((long)(f->c->ss[i].c.next_check - base), svcs[i]);
		assert_true(chk_tick_time(f->c, f->c->sent[i].we.due) >= (double)f->c->ss[i].c.next_check);
		assert_true(chk_tick_time(f->c, f->c->sent[i].we.due) < (double)f->c->ss[i].c.next_check + 1);
	}
}

/*
 * The defaults ("s"): services 5 x 600 s / 5 / 5 = 120 s apart (under the
 * 30 min spread's 360), interleave factor ceil(5/2) = 3, blocks ceil(5/3)
 * = 2: the k-th service at (k/3 + (k%3+1)*2) * 120 s = 240, 480, 720,
 * 360, 600.  720 is past the 600 s window: Nagios puts it at 600, here it
 * wraps to 120.  Hosts 2 x 300 s / 2 / 2 = 150 s apart, the first at once.
 */
static void
t_spread_as_nagios(void **state)
{
	struct fx *f = *state;
	static const long hosts[] = { 0, 150 }, svcs[] = { 240, 480, 120, 360, 600 };

	fx_spread(f, "");
	checker_start(f->c);
	assert_offsets(f, hosts, svcs);
}

/*
 * What retention kept stays and takes no place in the spread: s2 due in
 * 100 s (within its 600 s window), hb in an hour (a host's is kept when it
 * is ahead at all).  s3 is next in line, where s2 would have gone.  A
 * service whose kept time is a window or more ahead (s5: 3 600 s) is
 * spread as a new one.
 */
static void
t_spread_keeps_retained(void **state)
{
	struct fx *f = *state;
	static const long hosts[] = { 0, 3600 }, svcs[] = { 240, 100, 480, 120, 360 };
	time_t now = time(NULL);

	fx_spread(f, "use_retained_scheduling_info=1\n");
	f->c->ss[1].c.next_check = now + 100;
	f->c->hs[1].c.next_check = now + 3600;
	f->c->ss[4].c.next_check = now + 3600;
	checker_start(f->c);
	/* the fixture's clock read and the start's may straddle a second */
	if ((time_t)f->c->t0 != now)
		skip();
	assert_offsets(f, hosts, svcs);
}

/*
 * The settings: "d" puts services 1 s apart and a factor of 1 makes one
 * block per service (5 blocks): k at (k + 1*5) s = 5..9; "n" puts every
 * host at once; a number is the delay itself.
 */
static void
t_spread_methods(void **state)
{
	struct fx *f = *state;
	static const long hosts[] = { 0, 0 }, svcs[] = { 5, 6, 7, 8, 9 };
	static const long hosts2[] = { 0, 7 }, svcs2[] = { 15, 30, 45, 22, 37 };

	fx_spread(f, "service_inter_check_delay_method=d\nservice_interleave_factor=1\n"
	             "host_inter_check_delay_method=n\n");
	checker_start(f->c);
	assert_offsets(f, hosts, svcs);
	checker_free(f->c, 1);
	/* 7.5 s apart, the default factor 3 over 2 blocks: (k/3 + (k%3+1)*2)
	 * * 7.5 = 15, 30, 45, 22.5, 37.5 s, shown in whole seconds; hosts 0
	 * and 7.5 */
	fx_spread(f, "service_inter_check_delay_method=7.5\nhost_inter_check_delay_method=7.5\n");
	checker_start(f->c);
	assert_offsets(f, hosts2, svcs2);
}

/*
 * max_service_check_spread caps the delay: 1 minute over 5 services is
 * 12 s, under the 120 s the intervals ask: 24, 48, 72, 36, 60.
 */
static void
t_spread_capped(void **state)
{
	struct fx *f = *state;
	static const long hosts[] = { 0, 30 }, svcs[] = { 24, 48, 72, 36, 60 };

	fx_spread(f, "max_service_check_spread=1\nmax_host_check_spread=1\n");
	checker_start(f->c);
	assert_offsets(f, hosts, svcs);
}

/*
 * A reload keeps the previous generation's schedule to the tick, but
 * spreads again, as Nagios's init_timing_loop would, a service a window or
 * more ahead: s1 due in 100 s and s3 in 10 s stay on their ticks; s2 an
 * hour ahead (past its 600 s window), s4 2^32 + 100 s ahead (the tick
 * counts, not Nagios's int that wraps it for a retained time) and s5
 * (601 s ahead: past its window by a second) are spread as new (the
 * first three places: 240, 480 and 720 s, wrapped to 120); hb an hour
 * ahead stays, ha (due at the start's second) keeps it.
 */
static void
t_spread_reload(void **state)
{
	struct fx *f = *state;
	time_t now;
	uint64_t t1, t3;

	fx_spread(f, "");
	checker_start(f->c);
	now = (time_t)f->c->t_start;
	chk_schedule_exact(f->c, &f->c->sent[0], now + 100, 0);
	chk_schedule_exact(f->c, &f->c->sent[1], now + 3600, 0);
	chk_schedule_exact(f->c, &f->c->sent[2], now + 10, 0);
	chk_schedule_exact(f->c, &f->c->sent[3], now + 4294967296LL + 100, 0);
	chk_schedule_exact(f->c, &f->c->sent[4], now + 601, 0);
	chk_schedule_exact(f->c, &f->c->hent[1], now + 3600, 0);
	t1 = f->c->sent[0].we.due;
	t3 = f->c->sent[2].we.due;
	fx_reload(f);
	checker_start(f->c);
	/* the fixture's start and this one may straddle a second */
	if ((time_t)f->c->t_start != now)
		skip();
	assert_int_equal(f->c->ss[0].c.next_check, now + 100);
	assert_int_equal(f->c->sent[0].we.due, t1);
	assert_int_equal(f->c->ss[1].c.next_check, now + 240);
	assert_int_equal(f->c->ss[2].c.next_check, now + 10);
	assert_int_equal(f->c->sent[2].we.due, t3);
	assert_int_equal(f->c->ss[3].c.next_check, now + 480);
	assert_int_equal(f->c->ss[4].c.next_check, now + 120);
	assert_int_equal(f->c->hs[0].c.next_check, now);
	assert_int_equal(f->c->hs[1].c.next_check, now + 3600);
}

/* nothing to spread (every check off): nothing placed, and no empty array
 * handed to qsort (UBSan stopped a reload of the daemon there) */
static void
t_spread_nothing(void **state)
{
	struct fx *f = *state;
	unsigned i;

	fx_spread(f, "");
	for (i = 0; i < 5; i++)
		f->c->ss[i].c.active_checks_enabled = 0;
	for (i = 0; i < 2; i++)
		f->c->hs[i].c.active_checks_enabled = 0;
	checker_start(f->c);
	for (i = 0; i < 5; i++)
		assert_false(wheel_is_scheduled(&f->c->sent[i].we));
}

static int
setup_spread(void **state)
{
	return fx_setup_objects(state, spread_objects);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_spread_as_nagios, setup_spread, teardown),
		cmocka_unit_test_setup_teardown(t_spread_keeps_retained, setup_spread, teardown),
		cmocka_unit_test_setup_teardown(t_spread_methods, setup_spread, teardown),
		cmocka_unit_test_setup_teardown(t_spread_capped, setup_spread, teardown),
		cmocka_unit_test_setup_teardown(t_spread_reload, setup_spread, teardown),
		cmocka_unit_test_setup_teardown(t_spread_nothing, setup_spread, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

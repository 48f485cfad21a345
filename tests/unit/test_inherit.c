/*
 * test_inherit: template resolution as Nagios 4.4.6 does it: leftmost
 * template wins, own values win, '+' appends through chains, "null" stops
 * inheritance, custom variables and timeperiod exceptions are passed on,
 * unknown templates are errors.
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
#include "compat/config/inherit.h"
#include "compat/config/lexer.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"

struct fx {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
};

static int
fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->a = arena_new();
	f->d = diag_new(NULL);
	f->rs = rawstore_new(f->a, f->d);
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

static int
load(struct fx *f, const char *text)
{
	assert_int_equal(lexer_read_buffer(f->rs, "t.cfg", text, strlen(text)), 0);
	return inherit_resolve_all(f->rs);
}

static struct rawobj *
host(struct fx *f, const char *name)
{
	size_t i;
	struct rawobj *o;

	for (i = 0; i < f->rs->objs[OT_HOST].len; i++) {
		o = f->rs->objs[OT_HOST].items[i];
		if (raw_str(o, OT_HOST_HOST_NAME) != NULL &&
		    strcmp(raw_str(o, OT_HOST_HOST_NAME), name) == 0)
			return o;
	}
	fail_msg("no host %s", name);
	return NULL;
}

static void
t_leftmost_wins_own_wins(void **state)
{
	struct fx *f = *state;
	struct rawobj *h;

	assert_int_equal(load(f,
	    "define host {\nname a\ncheck_interval 1\nretry_interval 7\nregister 0\n}\n"
	    "define host {\nname b\ncheck_interval 2\nmax_check_attempts 9\nnotes from-b\n"
	    "register 0\n}\n"
	    "define host {\nhost_name h\nuse a,b\nretry_interval 3\n}\n"), 0);
	h = host(f, "h");
	assert_true(raw_get(h, OT_HOST_CHECK_INTERVAL)->v.d == 1.0);
	assert_true(raw_get(h, OT_HOST_RETRY_INTERVAL)->v.d == 3.0);
	assert_int_equal(raw_get(h, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 9);
	assert_string_equal(raw_str(h, OT_HOST_NOTES), "from-b");
}

static void
t_chain_is_depth_first(void **state)
{
	struct fx *f = *state;
	struct rawobj *h;

	/* a uses c; a's chain is applied before b is looked at */
	assert_int_equal(load(f,
	    "define host {\nname c\nnotes from-c\nregister 0\n}\n"
	    "define host {\nname a\nuse c\nregister 0\n}\n"
	    "define host {\nname b\nnotes from-b\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse a,b\n}\n"), 0);
	h = host(f, "h");
	assert_string_equal(raw_str(h, OT_HOST_NOTES), "from-c");
}

static void
t_additive_lists(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define host {\nname t1\nhostgroups g1\nregister 0\n}\n"
	    "define host {\nname t2\nuse t1\nhostgroups +g2\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse t2\nhostgroups +g3\n}\n"
	    "define host {\nhost_name r\nuse t2\nhostgroups g9\n}\n"
	    "define host {\nhost_name p\nhostgroups +g5\n}\n"), 0);
	assert_string_equal(raw_str(host(f, "h"), OT_HOST_HOSTGROUPS), "g1,g2,g3");
	assert_string_equal(raw_str(host(f, "r"), OT_HOST_HOSTGROUPS), "g9");
	/* no template: the '+' is simply dropped */
	assert_string_equal(raw_str(host(f, "p"), OT_HOST_HOSTGROUPS), "g5");
}

static void
t_null_stops_inheritance(void **state)
{
	struct fx *f = *state;
	struct rawobj *h;

	assert_int_equal(load(f,
	    "define host {\nname t\nnotes n\nparents p1\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse t\nnotes null\nparents null\n}\n"), 0);
	h = host(f, "h");
	assert_null(raw_str(h, OT_HOST_NOTES));
	assert_true(raw_have(h, OT_HOST_NOTES));
	assert_null(raw_str(h, OT_HOST_PARENTS));
}

static void
t_literal_strings(void **state)
{
	struct fx *f = *state;

	/* alias and address are taken literally, "null" included, and inherited when unset */
	assert_int_equal(load(f,
	    "define host {\nname t\naddress 10.1.1.1\nalias null\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse t\n}\n"), 0);
	assert_string_equal(raw_str(host(f, "h"), OT_HOST_ADDRESS), "10.1.1.1");
	assert_string_equal(raw_str(host(f, "h"), OT_HOST_ALIAS), "null");
}

static void
t_custom_vars(void **state)
{
	struct fx *f = *state;
	struct rawobj *h;

	assert_int_equal(load(f,
	    "define host {\nname t\n_A from-t\n_B from-t\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse t\n_b own\n}\n"), 0);
	h = host(f, "h");
	assert_string_equal(raw_find_var(h, "A")->value, "from-t");
	assert_string_equal(raw_find_var(h, "B")->value, "own");
}

static void
t_missing_template(void **state)
{
	struct fx *f = *state;
	const struct diag_entry *e;

	assert_int_equal(load(f, "define host {\nhost_name h\nuse nope\n}\n"), 1);
	e = diag_get(f->d, 0);
	assert_string_equal(e->loc.directive, "use");
	assert_int_equal(e->loc.line, 1);
	assert_true(strstr(e->msg, "'nope'") != NULL);
}

static void
t_loop_terminates(void **state)
{
	struct fx *f = *state;

	assert_int_equal(load(f,
	    "define host {\nname a\nuse b\nnotes na\nregister 0\n}\n"
	    "define host {\nname b\nuse a\nparents pb\nregister 0\n}\n"
	    "define host {\nhost_name h\nuse a\n}\n"), 0);
	assert_string_equal(raw_str(host(f, "h"), OT_HOST_NOTES), "na");
	assert_string_equal(raw_str(host(f, "h"), OT_HOST_PARENTS), "pb");
}

static void
t_timeperiod_exceptions(void **state)
{
	struct fx *f = *state;
	struct rawobj *tp = NULL;
	struct rawexc *e;
	size_t i;
	int n = 0;

	assert_int_equal(load(f,
	    "define timeperiod {\nname base\nmonday 09:00-17:00\njuly 4 00:00-24:00\n"
	    "day 1 00:00-01:00\nregister 0\n}\n"
	    "define timeperiod {\ntimeperiod_name t\nalias T\nuse base\nday 1 02:00-03:00\n}\n"), 0);
	for (i = 0; i < f->rs->objs[OT_TIMEPERIOD].len; i++) {
		tp = f->rs->objs[OT_TIMEPERIOD].items[i];
		if (raw_str(tp, OT_TP_TIMEPERIOD_NAME) != NULL)
			break;
	}
	assert_string_equal(raw_str(tp, OT_TP_SUNDAY + 1), "09:00-17:00");
	/* own "day 1" is kept, the template's "day 1" is not added, "july 4" is */
	for (e = tp->exceptions; e != NULL; e = e->next)
		n++;
	assert_int_equal(n, 2);
	assert_int_equal(tp->exceptions->dr.type, OBJ_DR_MONTH_DAY);
	assert_int_equal(tp->exceptions->dr.times->start, 2 * 3600);
}

static void
t_writes_do_not_reach_templates(void **state)
{
	struct fx *f = *state;
	struct rawobj *h1, *h2;

	assert_int_equal(load(f,
	    "define host {\nname t\nnotes shared\nparents p\nregister 0\n}\n"
	    "define host {\nhost_name h1\nuse t\n}\n"
	    "define host {\nhost_name h2\nuse t\n}\n"), 0);
	h1 = host(f, "h1");
	h2 = host(f, "h2");
	/* inherited values are read through the template, not copied */
	assert_ptr_equal(raw_str(h1, OT_HOST_NOTES), raw_str(h2, OT_HOST_NOTES));
	raw_put_str(h1, OT_HOST_NOTES, "mine");
	raw_clear(h1, OT_HOST_PARENTS);
	assert_string_equal(raw_str(h1, OT_HOST_NOTES), "mine");
	assert_null(raw_str(h1, OT_HOST_PARENTS));
	assert_string_equal(raw_str(h2, OT_HOST_NOTES), "shared");
	assert_string_equal(raw_str(h2, OT_HOST_PARENTS), "p");
}

static void
t_escalation_plus_kept(void **state)
{
	struct fx *f = *state;
	struct rawobj *e;

	assert_int_equal(load(f, "define hostescalation {\nhost_name h\ncontacts +c1\n}\n"), 0);
	e = f->rs->objs[OT_HOSTESCALATION].items[0];
	/* kept for the implied inheritance from the host */
	assert_string_equal(raw_str(e, OT_ESC_CONTACTS), "+c1");
}

/*
 * With more than a thousand hosts and services, hosts resolve on a second
 * thread: the results are the same, and the findings come in type order
 * (contacts, then hosts, then services), each type in definition order.
 */
static void
t_threaded_hosts(void **state)
{
	struct fx *f = *state;
	static char text[512 * 1024];
	size_t n = 0;
	unsigned i;
	struct rawobj *h;

	n += (size_t)snprintf(text + n, sizeof(text) - n,
	    "define contact {\ncontact_name c\nuse nocontacttemplate\n}\n"
	    "define host {\nname ht\nnotes from-ht\ncontact_groups a\nregister 0\n}\n"
	    "define service {\nname st\nnotes from-st\nregister 0\n}\n");
	for (i = 0; i < 1100; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "define host {\nhost_name h%u\nuse %s\ncontact_groups +b\n}\n"
		    "define service {\nhost_name h%u\nservice_description s\nuse %s\n}\n",
		    i, i % 500 == 3 ? "nohosttemplate" : "ht", i, i % 500 == 4 ? "nosvctemplate" : "st");
	assert_true(n < sizeof(text) - 1);
	assert_int_equal(lexer_read_buffer(f->rs, "t.cfg", text, n), 0);
	assert_int_equal(inherit_resolve_all(f->rs), 7);
	assert_int_equal(diag_count(f->d), 7);
	assert_non_null(strstr(diag_get(f->d, 0)->msg, "'nocontacttemplate'"));
	for (i = 1; i < 4; i++)
		assert_non_null(strstr(diag_get(f->d, i)->msg, "'nohosttemplate'"));
	/* h3: after the 15 lines of the first three definitions, ten lines a host */
	assert_int_equal(diag_get(f->d, 1)->loc.line, 16 + 10 * 3);
	for (i = 4; i < 7; i++)
		assert_non_null(strstr(diag_get(f->d, i)->msg, "'nosvctemplate'"));
	h = host(f, "h1099");
	assert_string_equal(raw_str(h, OT_HOST_NOTES), "from-ht");
	assert_string_equal(raw_str(h, OT_HOST_CONTACT_GROUPS), "a,b");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(t_leftmost_wins_own_wins, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_chain_is_depth_first, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_additive_lists, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_null_stops_inheritance, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_literal_strings, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_custom_vars, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_missing_template, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_loop_terminates, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_timeperiod_exceptions, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_writes_do_not_reach_templates, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_escalation_plus_kept, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(t_threaded_hosts, fx_setup, fx_teardown),
	};

	return cmocka_run_group_tests_name("inherit", tests, NULL, NULL);
}

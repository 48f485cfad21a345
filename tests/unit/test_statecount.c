/*
 * test_statecount: the state counts in slices (engine/objects/statecount.c):
 * a whole pass in one step equals the counts of every state; in slices the
 * last whole pass stays until the next one ends, a change made meanwhile
 * shows after the pass that read it; new arrays start a new pass; an
 * out-of-range state or an empty estate counts nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/objects/state.h"
#include "engine/objects/statecount.h"

#define NH 5
#define NS 7

/* hosts: up, down, unreachable, pending, up; services: ok, warning,
 * critical, unknown, pending, ok, critical */
static void
fx_fill(struct host_state *hs, struct svc_state *ss)
{
	static const int hst[NH] = { 0, 1, 2, -1, 0 };
	static const int sst[NS] = { 0, 1, 2, 3, -1, 0, 2 };
	unsigned i;

	memset(hs, 0, NH * sizeof(*hs));
	memset(ss, 0, NS * sizeof(*ss));
	for (i = 0; i < NH; i++) {
		hs[i].c.has_been_checked = hst[i] >= 0;
		hs[i].c.current_state = hst[i] >= 0 ? hst[i] : 0;
	}
	for (i = 0; i < NS; i++) {
		ss[i].c.has_been_checked = sst[i] >= 0;
		ss[i].c.current_state = sst[i] >= 0 ? sst[i] : 0;
	}
}

static void
check_counts(const struct statecount *k, unsigned up, unsigned ok, unsigned crit)
{
	assert_int_equal(k->last[STATECOUNT_HOSTS_UP], up);
	assert_int_equal(k->last[STATECOUNT_HOSTS_DOWN], 1);
	assert_int_equal(k->last[STATECOUNT_HOSTS_UNREACHABLE], 1);
	assert_int_equal(k->last[STATECOUNT_HOSTS_PENDING], 1);
	assert_int_equal(k->last[STATECOUNT_SERVICES_OK], ok);
	assert_int_equal(k->last[STATECOUNT_SERVICES_WARNING], 1);
	assert_int_equal(k->last[STATECOUNT_SERVICES_CRITICAL], crit);
	assert_int_equal(k->last[STATECOUNT_SERVICES_UNKNOWN], 1);
	assert_int_equal(k->last[STATECOUNT_SERVICES_PENDING], 1);
}

static void
t_whole_pass(void **state)
{
	struct host_state hs[NH];
	struct svc_state ss[NS];
	struct statecount k;

	(void)state;
	fx_fill(hs, ss);
	memset(&k, 0, sizeof(k));
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, NH + NS), 1);
	assert_int_equal(k.whole, 1);
	check_counts(&k, 2, 2, 2);
	/* and again: the same counts, not added to the last */
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 1000), 1);
	check_counts(&k, 2, 2, 2);
}

/* slices of 3: a pass takes four steps; the last pass shows meanwhile */
static void
t_slices(void **state)
{
	struct host_state hs[NH];
	struct svc_state ss[NS];
	struct statecount k;
	int i;

	(void)state;
	fx_fill(hs, ss);
	memset(&k, 0, sizeof(k));
	for (i = 0; i < 3; i++) {
		assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 3), 0);
		assert_int_equal(k.whole, 0);
		assert_int_equal(k.last[STATECOUNT_HOSTS_UP], 0);
	}
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 3), 1);
	check_counts(&k, 2, 2, 2);
	/* a service already read turns critical: the pass under way keeps what
	 * it read, the old counts stand until it ends, the pass after has it */
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 6), 0);
	ss[0].c.current_state = 2;
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 3), 0);
	check_counts(&k, 2, 2, 2);
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 3), 1);
	check_counts(&k, 2, 2, 2);
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 12), 1);
	check_counts(&k, 2, 1, 3);
}

/* other arrays (a reload): the pass starts again on them */
static void
t_new_arrays(void **state)
{
	struct host_state hs[NH], hs2[NH];
	struct svc_state ss[NS], ss2[NS];
	struct statecount k;

	(void)state;
	fx_fill(hs, ss);
	fx_fill(hs2, ss2);
	hs2[0].c.current_state = 1;
	hs2[4].c.current_state = 1;
	memset(&k, 0, sizeof(k));
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 100), 1);
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 4), 0);
	/* with the second generation's arrays the 4 hosts read count no more */
	assert_int_equal(statecount_step(&k, hs2, NH, ss2, NS, 11), 0);
	check_counts(&k, 2, 2, 2);
	assert_int_equal(statecount_step(&k, hs2, NH, ss2, NS, 1), 1);
	assert_int_equal(k.last[STATECOUNT_HOSTS_UP], 0);
	assert_int_equal(k.last[STATECOUNT_HOSTS_DOWN], 3);
	/* fewer objects than the position reached: a new pass */
	assert_int_equal(statecount_step(&k, hs2, NH, ss2, NS, 10), 0);
	assert_int_equal(statecount_step(&k, hs2, 2, ss2, 0, 1000), 1);
	assert_int_equal(k.last[STATECOUNT_HOSTS_DOWN], 2);
	assert_int_equal(k.last[STATECOUNT_HOSTS_PENDING] + k.last[STATECOUNT_SERVICES_OK], 0);
}

/* a state out of range is not counted; no objects at all is a pass of nothing */
static void
t_odd(void **state)
{
	struct host_state hs[NH];
	struct svc_state ss[NS];
	struct statecount k;
	unsigned i, sum = 0;

	(void)state;
	fx_fill(hs, ss);
	hs[0].c.current_state = 7;
	ss[0].c.current_state = 4;
	memset(&k, 0, sizeof(k));
	assert_int_equal(statecount_step(&k, hs, NH, ss, NS, 100), 1);
	for (i = 0; i < STATECOUNT_N; i++)
		sum += k.last[i];
	assert_int_equal(sum, NH + NS - 2);
	memset(&k, 0, sizeof(k));
	assert_int_equal(statecount_step(&k, NULL, 0, NULL, 0, 100), 1);
	for (i = 0, sum = 0; i < STATECOUNT_N; i++)
		sum += k.last[i];
	assert_int_equal(sum, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_whole_pass),
		cmocka_unit_test(t_slices),
		cmocka_unit_test(t_new_arrays),
		cmocka_unit_test(t_odd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

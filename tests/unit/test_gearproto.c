/*
 * test_gearproto: gearmand's packets, byte for byte as the protocol lays
 * them out: requests built, responses taken whole or waited for, a stream
 * that is not the protocol refused, arguments split with a workload that
 * holds NULs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "compat/gearman/gearproto.h"

static void
t_put(void **state)
{
	struct mbuf b = { 0 };
	const char *args[3] = { "service", "u1", "a\0b" };
	size_t lens[3] = { 7, 2, 3 };
	static const char want[] = "\0REQ\0\0\0\x12\0\0\0\x0e" "service\0u1\0a\0b";

	(void)state;
	gearproto_put(&b, GEARPROTO_SUBMIT_JOB_BG, args, lens, 3);
	assert_int_equal(b.len, sizeof(want) - 1);
	assert_memory_equal(b.p, want, sizeof(want) - 1);
	/* no arguments: a bare header */
	gearproto_put(&b, GEARPROTO_GRAB_JOB, NULL, NULL, 0);
	assert_int_equal(b.len, sizeof(want) - 1 + 12);
	assert_memory_equal(b.p + sizeof(want) - 1, "\0REQ\0\0\0\x09\0\0\0\0", 12);
	mbuf_free(&b);
}

static void
t_take(void **state)
{
	static const char in[] = "\0RES\0\0\0\x0b\0\0\0\x0cH:1\0results\0"
	    "\0RES\0\0\0\x0a\0\0\0\0";
	struct gearproto_packet pk;
	const char *args[3];
	size_t lens[3], i;
	long k;

	(void)state;
	/* every prefix of the first packet: more is needed */
	for (i = 0; i < 24; i++)
		assert_int_equal(gearproto_take(in, i, 1024, &pk), 0);
	k = gearproto_take(in, sizeof(in) - 1, 1024, &pk);
	assert_int_equal(k, 24);
	assert_int_equal(pk.type, GEARPROTO_JOB_ASSIGN);
	assert_int_equal(pk.len, 12);
	assert_int_equal(gearproto_args(&pk, 3, args, lens), 3);
	assert_int_equal(lens[0], 3);
	assert_memory_equal(args[0], "H:1", 3);
	assert_int_equal(lens[1], 7);
	assert_memory_equal(args[1], "results", 7);
	assert_int_equal(lens[2], 0); /* an empty workload */
	k = gearproto_take(in + 24, sizeof(in) - 1 - 24, 1024, &pk);
	assert_int_equal(k, 12);
	assert_int_equal(pk.type, GEARPROTO_NO_JOB);
	assert_int_equal(pk.len, 0);
}

static void
t_args_rest(void **state)
{
	struct gearproto_packet pk = { GEARPROTO_JOB_ASSIGN, "h\0f\0pay\0load", 12 };
	const char *args[3];
	size_t lens[3];

	(void)state;
	/* the last argument runs to the end, NULs and all */
	assert_int_equal(gearproto_args(&pk, 3, args, lens), 3);
	assert_int_equal(lens[2], 8);
	assert_memory_equal(args[2], "pay\0load", 8);
	/* fewer arguments than asked for */
	pk.data = "handle";
	pk.len = 6;
	assert_int_equal(gearproto_args(&pk, 3, args, lens), 1);
	assert_int_equal(lens[0], 6);
}

static void
t_refused(void **state)
{
	struct gearproto_packet pk;

	(void)state;
	/* a request's magic, or text, is not a response */
	assert_int_equal(gearproto_take("\0REQ\0\0\0\x0a\0\0\0\0", 12, 1024, &pk), -1);
	assert_int_equal(gearproto_take("HTTP/1.1 200", 12, 1024, &pk), -1);
	assert_int_equal(gearproto_take("\0RX", 3, 1024, &pk), -1);
	/* a length over the cap, before its data came */
	assert_int_equal(gearproto_take("\0RES\0\0\0\x0b\x01\0\0\0", 12, 1024, &pk), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_put),
		cmocka_unit_test(t_take),
		cmocka_unit_test(t_args_rest),
		cmocka_unit_test(t_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_shimcache: each distinct line parsed once.  The same words give
 * the same held check and no second parse; words that differ, even only
 * where one word ends, are different lines; a declined line is
 * remembered as declined; the plugin directory is the cache's; a line
 * longer than the key's stack buffer works the same; a thousand lines
 * (the table grows) all come back as hits with their own address; at the
 * limit the lines not held are dropped and a held one stays usable and
 * cached (ASan would see a use after free).
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

#include "plugins-shim/shim_int.h"
#include "plugins-shim/shimcache.h"

#define TCP "/usr/lib/nagios/plugins/check_tcp"

/* the parsed check_tcp options of a held line */
static const struct shim_tcp_conf *
conf_of(const struct shim_cached *e)
{
	assert_non_null(e);
	assert_string_equal(shim_check_name(shim_cached_check(e)), "check_tcp");
	return shim_check_conf(shim_cached_check(e));
}

static struct shim_cache_stats
stats(const struct shim_cache *c)
{
	struct shim_cache_stats st;

	shim_cache_stats(c, &st);
	return st;
}

static void
t_same_line_once(void **state)
{
	char *a[] = { TCP, "-H", "127.0.0.1", "-p", "5666", NULL };
	/* the same words in other storage */
	char h[] = "127.0.0.1", p[] = "5666";
	char *b[] = { TCP, "-H", h, "-p", p, NULL };
	struct shim_cache *c = shim_cache_new(NULL, 0);
	struct shim_cached *e1, *e2;

	(void)state;
	e1 = shim_cache_get(c, 5, a);
	e2 = shim_cache_get(c, 5, b);
	assert_ptr_equal(e1, e2);
	assert_string_equal(conf_of(e1)->host, "127.0.0.1");
	assert_int_equal(conf_of(e1)->port, 5666);
	assert_int_equal(stats(c).parses, 1);
	assert_int_equal(stats(c).hits, 1);
	assert_int_equal(stats(c).lines, 1);
	shim_cache_release(c, e1);
	shim_cache_release(c, e2);
	shim_cache_free(c);
}

static void
t_words_are_the_key(void **state)
{
	char *a[] = { TCP, "-H", "127.0.0.1", "-p", "80", NULL };
	char *b[] = { TCP, "-H", "127.0.0.2", "-p", "80", NULL };
	/* the same bytes, split elsewhere: "-p80" is one word */
	char *d[] = { TCP, "-H", "127.0.0.1", "-p80", NULL };
	struct shim_cache *c = shim_cache_new(NULL, 0);
	struct shim_cached *ea, *eb, *ed;

	(void)state;
	ea = shim_cache_get(c, 5, a);
	eb = shim_cache_get(c, 5, b);
	ed = shim_cache_get(c, 4, d);
	assert_true(ea != eb && ea != ed && eb != ed);
	assert_string_equal(conf_of(ea)->host, "127.0.0.1");
	assert_string_equal(conf_of(eb)->host, "127.0.0.2");
	assert_int_equal(conf_of(ed)->port, 80);
	/* fewer words of the same line are another line too */
	assert_null(shim_cache_get(c, 1, a));
	assert_int_equal(stats(c).parses, 4);
	assert_int_equal(stats(c).hits, 0);
	shim_cache_release(c, ea);
	shim_cache_release(c, eb);
	shim_cache_release(c, ed);
	shim_cache_free(c);
}

static void
t_declined_remembered(void **state)
{
	char *ping[] = { "/usr/lib/nagios/plugins/check_ping", "-H", "127.0.0.1", NULL };
	/* -S (TLS) is an option the shim leaves to the plugin */
	char *tls[] = { TCP, "-H", "127.0.0.1", "-p", "443", "-S", NULL };
	struct shim_cache *c = shim_cache_new(NULL, 0);

	(void)state;
	assert_null(shim_cache_get(c, 3, ping));
	assert_null(shim_cache_get(c, 3, ping));
	assert_null(shim_cache_get(c, 6, tls));
	assert_null(shim_cache_get(c, 6, tls));
	assert_int_equal(stats(c).parses, 2);
	assert_int_equal(stats(c).hits, 2);
	assert_int_equal(stats(c).lines, 2);
	assert_null(shim_cache_get(c, 0, ping));
	shim_cache_free(c);
}

static void
t_plugin_dir(void **state)
{
	char *mine[] = { "/opt/plugins/check_tcp", "-H", "127.0.0.1", "-p", "22", NULL };
	char *std[] = { TCP, "-H", "127.0.0.1", "-p", "22", NULL };
	struct shim_cache *c = shim_cache_new("/opt/plugins", 0);
	struct shim_cached *e;

	(void)state;
	e = shim_cache_get(c, 5, mine);
	assert_int_equal(conf_of(e)->port, 22);
	assert_null(shim_cache_get(c, 5, std));
	shim_cache_release(c, e);
	shim_cache_free(c);
}

static void
t_long_line(void **state)
{
	char send[700];
	char *a[] = { TCP, "-H", "127.0.0.1", "-p", "25", "-s", send, NULL };
	struct shim_cache *c = shim_cache_new(NULL, 0);
	struct shim_cached *e1, *e2;

	(void)state;
	memset(send, 'x', sizeof(send) - 1);
	send[sizeof(send) - 1] = '\0';
	e1 = shim_cache_get(c, 7, a);
	assert_string_equal(conf_of(e1)->send, send);
	e2 = shim_cache_get(c, 7, a);
	assert_ptr_equal(e1, e2);
	/* one character less is another line */
	send[sizeof(send) - 2] = '\0';
	shim_cache_release(c, shim_cache_get(c, 7, a));
	assert_int_equal(stats(c).parses, 2);
	assert_int_equal(stats(c).hits, 1);
	shim_cache_release(c, e1);
	shim_cache_release(c, e2);
	shim_cache_free(c);
}

/* the line checking 127.0.0.1 at port, got from c */
static struct shim_cached *
get_port(struct shim_cache *c, int port)
{
	char p[16];
	char *a[] = { TCP, "-H", "127.0.0.1", "-p", p, NULL };

	snprintf(p, sizeof(p), "%d", port);
	return shim_cache_get(c, 5, a);
}

static void
t_many_lines(void **state)
{
	struct shim_cache *c = shim_cache_new(NULL, 0);
	struct shim_cached *e;
	int round, i;

	(void)state;
	for (round = 0; round < 2; round++)
		for (i = 1; i <= 1000; i++) {
			e = get_port(c, i);
			assert_int_equal(conf_of(e)->port, i);
			shim_cache_release(c, e);
		}
	assert_int_equal(stats(c).lines, 1000);
	assert_int_equal(stats(c).parses, 1000);
	assert_int_equal(stats(c).hits, 1000);
	assert_int_equal(stats(c).flushes, 0);
	shim_cache_free(c);
}

static void
t_limit_keeps_held(void **state)
{
	struct shim_cache *c = shim_cache_new(NULL, 4);
	struct shim_cached *held, *e;
	int i;

	(void)state;
	held = get_port(c, 1);
	for (i = 2; i <= 4; i++)
		shim_cache_release(c, get_port(c, i));
	assert_int_equal(stats(c).lines, 4);
	/* a fifth line: the three unused go, the held one stays */
	e = get_port(c, 5);
	assert_int_equal(stats(c).flushes, 1);
	assert_int_equal(stats(c).lines, 2);
	assert_int_equal(conf_of(held)->port, 1);
	assert_int_equal(conf_of(e)->port, 5);
	shim_cache_release(c, e);
	/* the held line is still cached; a dropped one is parsed again */
	assert_ptr_equal(get_port(c, 1), held);
	shim_cache_release(c, held);
	assert_int_equal(stats(c).parses, 5);
	shim_cache_release(c, get_port(c, 2));
	assert_int_equal(stats(c).parses, 6);
	shim_cache_release(c, held);
	shim_cache_free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_same_line_once),
		cmocka_unit_test(t_words_are_the_key),
		cmocka_unit_test(t_declined_remembered),
		cmocka_unit_test(t_plugin_dir),
		cmocka_unit_test(t_long_line),
		cmocka_unit_test(t_many_lines),
		cmocka_unit_test(t_limit_keeps_held),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

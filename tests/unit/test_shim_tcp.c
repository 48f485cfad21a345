/*
 * test_shim_tcp: the check_tcp shim and the monitoring-plugins helpers
 * under it.  Three parts: the helpers (is_intpos, state words, escapes,
 * fperfdata and its printf-free "%f" against printf, getopt_long's
 * scanning); parsing, both the lines the shim
 * claims (what it understood) and those it must leave to the plugin; and
 * runs on a libev loop against servers this file starts on 127.0.0.1
 * (ephemeral ports, on the same loop, so nothing races): accept, refusal,
 * banners that match and do not, send/expect/quit, response-time
 * thresholds against a server that answers late, the plugin's 2-second
 * wait for more, -t (while connecting too) and the engine's cap, cancel.  Expected texts are
 * those check_tcp 2.3.3 prints, with the measured times replaced by "T".
 *
 * "test_shim_tcp --run [--cap SECONDS] [--dir DIR] -- ARGV..." runs one
 * check the way the engine would and prints its output, exiting with its
 * code (124 for the engine's timeout, 100 when the shim declines):
 * tests/integration/t_shim_tcp_vs_plugin.sh compares that with the plugin.
 *
 * Links plugins-shim/{shim,shim_tcp,shim_tcp_run,thresholds}.c and
 * libjaque.a.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <ev.h>

#include "plugins-shim/shim.h"
#include "plugins-shim/shim_int.h"
#include "plugins-shim/thresholds.h"

#define PLUGIN "/usr/lib/nagios/plugins/check_tcp"
#define MAXARGS 32

/* ---------- the helpers ---------- */

static void
t_intpos(void **state)
{
	long n = -7;

	(void)state;
	assert_true(thresholds_intpos("10", &n));
	assert_int_equal(n, 10);
	assert_true(thresholds_intpos("5 7", &n)); /* blanks pass, strtol reads 5 */
	assert_int_equal(n, 5);
	assert_true(thresholds_intpos(" 3", &n));
	assert_int_equal(n, 3);
	assert_false(thresholds_intpos("0", &n));
	assert_false(thresholds_intpos("-3", &n));
	assert_false(thresholds_intpos("--5", &n));
	assert_false(thresholds_intpos("", &n));
	assert_false(thresholds_intpos("1.5", &n));
	assert_false(thresholds_intpos("10s", &n));
	assert_false(thresholds_intpos("0x10", &n));
	assert_false(thresholds_intpos("2147483648", &n)); /* past INT_MAX */
	assert_true(thresholds_intpos("2147483647", &n));
}

static void
t_state_word(void **state)
{
	int s = -1;

	(void)state;
	assert_int_equal(thresholds_state_word("ok", &s), 0);
	assert_int_equal(s, THRESHOLDS_OK);
	assert_int_equal(thresholds_state_word("okay", &s), 0);
	assert_int_equal(s, THRESHOLDS_OK);
	assert_int_equal(thresholds_state_word("warning", &s), 0);
	assert_int_equal(s, THRESHOLDS_WARNING);
	assert_int_equal(thresholds_state_word("crit", &s), 0);
	assert_int_equal(s, THRESHOLDS_CRITICAL);
	assert_int_equal(thresholds_state_word("war", &s), -1);
	assert_int_equal(thresholds_state_word("OK", &s), -1);
	assert_int_equal(thresholds_state_word("", &s), -1);
	assert_string_equal(thresholds_state_text(0), "OK");
	assert_string_equal(thresholds_state_text(1), "WARNING");
	assert_string_equal(thresholds_state_text(2), "CRITICAL");
	assert_string_equal(thresholds_state_text(3), "UNKNOWN");
	assert_string_equal(thresholds_state_text(-1), "UNKNOWN");
}

static void
t_unescape(void **state)
{
	char *s;

	(void)state;
	s = thresholds_unescape("a\\nb\\rc\\td\\\\e\\qf");
	assert_string_equal(s, "a\nb\rc\td\\eqf");
	free(s);
	s = thresholds_unescape("plain");
	assert_string_equal(s, "plain");
	free(s);
	s = thresholds_unescape("\\\\");
	assert_string_equal(s, "\\");
	free(s);
	assert_null(thresholds_unescape("end\\"));
	assert_null(thresholds_unescape("\\"));
}

static void
t_fperfdata(void **state)
{
	struct thresholds_perf p;
	char *s;

	(void)state;
	memset(&p, 0, sizeof(p));
	p.label = "time";
	p.uom = "s";
	p.value = 0.000123;
	p.has_min = p.has_max = 1;
	p.max = 10;
	s = thresholds_fperfdata(&p);
	assert_string_equal(s, "time=0.000123s;;;0.000000;10.000000");
	free(s);
	p.has_warn = p.has_crit = 1;
	p.warn = 1.5;
	p.crit = 3;
	s = thresholds_fperfdata(&p);
	assert_string_equal(s, "time=0.000123s;1.500000;3.000000;0.000000;10.000000");
	free(s);
	p.label = "a b";
	p.has_max = 0;
	s = thresholds_fperfdata(&p);
	assert_string_equal(s, "'a b'=0.000123s;1.500000;3.000000;0.000000");
	free(s);
}

/* thresholds_fixed(v, d) against snprintf("%.*f", d, v) */
static void
fixed_as_printf(double v, int d)
{
	struct mbuf b = { 0 };
	char want[512];

	snprintf(want, sizeof(want), "%.*f", d, v);
	thresholds_fixed(&b, v, d);
	if (b.p == NULL || strcmp(b.p, want) != 0) {
		print_error("v=%.17g d=%d: got \"%s\", printf \"%s\"\n", v, d,
		    b.p != NULL ? b.p : "(null)", want);
		fail();
	}
	assert_int_equal(b.len, strlen(want));
	free(b.p);
}

/*
 * The integer path must print what printf prints.  Every whole
 * microsecond up to 2 s with 3 and 6 decimals (the response time and its
 * perfdata), every one up to 0.2 s with the other counts, the decimal
 * ties (x.xxx5: printf rounds the double's binary value, up or down; an
 * exact binary tie such as 0.0625 goes to even), large values on both
 * sides of the integer path's limit, and values that are not whole
 * microseconds, negatives, -0, NaN and infinities (printf's path).
 */
static void
t_fixed(void **state)
{
	static const double odd[] = {
		0.0625, 0.1875, 1.0625, 0.5, 2.5, 1.0 / 3, 0.1234567, 0.0000004,
		0.0000005, 0.0000015, 1e-7, 123456789.123456, 999999999.9999995,
		1e9, 1e9 + 0.5, 1e12, 4.5e15, 1e300, -0.0, -0.0004, -1.5, -0.0625,
	};
	struct mbuf b = { 0 };
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	long long us;
	size_t i;
	int d;

	(void)state;
	for (us = 0; us <= 2000000; us++) {
		fixed_as_printf((double)us / 1e6, 3);
		fixed_as_printf((double)us / 1e6, 6);
	}
	for (us = 0; us <= 200000; us++)
		for (d = 0; d <= 5; d++)
			if (d != 3)
				fixed_as_printf((double)us / 1e6, d);
	/* ties of 3 decimals far out, and near the limit of 1e15 us */
	for (us = 500; us < 100000000000LL; us = us * 7 + 1000)
		fixed_as_printf((double)(us - us % 1000 + 500) / 1e6, 3);
	for (us = 999999999999000LL; us <= 1000000000001000LL; us += 37)
		for (d = 0; d <= 6; d++)
			fixed_as_printf((double)us / 1e6, d);
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++)
		for (d = 0; d <= 6; d++)
			fixed_as_printf(odd[i], d);
	for (d = 0; d <= 6; d++) {
		fixed_as_printf(NAN, d);
		fixed_as_printf(INFINITY, d);
		fixed_as_printf(-INFINITY, d);
	}
	/* doubles of every magnitude (a fixed xorshift sequence) */
	for (i = 0; i < 200000; i++) {
		double v;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = (double)(x >> 11) / (double)(1ULL << 53) * pow(10.0, (double)(x % 19) - 6);
		fixed_as_printf(v, (int)(x % 7));
	}
	/* decimals outside 0-6 go to printf too */
	thresholds_fixed(&b, 0.25, 8);
	assert_string_equal(b.p, "0.25000000");
	free(b.p);
}

static const struct thresholds_longopt t_longopts[] = {
	{ "hostname", THRESHOLDS_REQUIRED_ARG, 'H' },
	{ "critical", THRESHOLDS_REQUIRED_ARG, 'c' },
	{ "critical-codes", THRESHOLDS_REQUIRED_ARG, 'C' },
	{ "jail", THRESHOLDS_NO_ARG, 'j' },
	{ NULL, THRESHOLDS_NO_ARG, 0 },
};

static void
t_getopt(void **state)
{
	const char *a[] = { "p", "-jH", "h1", "-Hh2", "--host=h3", "--critical",
		"-x", "--crit", "1", "--", "rest", NULL };
	const char *b[] = { "p", "--jail=1", "-H", NULL };
	const char *c[] = { "p", "-j", "word", "-j", NULL };
	struct thresholds_getopt g;

	(void)state;
	thresholds_getopt_init(&g, 11, a, 1);
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), 'j');
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), 'H');
	assert_string_equal(g.arg, "h1");
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), 'H');
	assert_string_equal(g.arg, "h2");
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), 'H');
	assert_string_equal(g.arg, "h3");
	/* an exact name wins over the longer one it prefixes; values may dash */
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), 'c');
	assert_string_equal(g.arg, "-x");
	/* a prefix of two different options is ambiguous */
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), '?');
	/* "1" was not taken by the ambiguous option: it ends the options */
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), -1);
	assert_int_equal(g.ind, 8);
	g.ind = 9;
	assert_int_equal(thresholds_getopt_next(&g, "+jH:c:", t_longopts), -1);
	assert_int_equal(g.ind, 10); /* past "--" */

	thresholds_getopt_init(&g, 3, b, 1);
	assert_int_equal(thresholds_getopt_next(&g, "+jH:", t_longopts), '?');
	assert_int_equal(thresholds_getopt_next(&g, "+jH:", t_longopts), '?');

	thresholds_getopt_init(&g, 4, c, 1);
	assert_int_equal(thresholds_getopt_next(&g, "+jH:", t_longopts), 'j');
	assert_int_equal(thresholds_getopt_next(&g, "+jH:", t_longopts), -1);
	assert_int_equal(g.ind, 2);
	/* a '+' is the mode, not an option */
	thresholds_getopt_init(&g, 2, (const char *[]){ "p", "-+", NULL }, 1);
	assert_int_equal(thresholds_getopt_next(&g, "+j", t_longopts), '?');
}

/* ---------- parsing ---------- */

/* split a blank-separated line into argv (no quoting; tests keep it simple) */
struct words {
	char buf[1024];
	char *v[MAXARGS + 1];
	int n;
};

static void
words_split(struct words *w, const char *line)
{
	char *p;

	snprintf(w->buf, sizeof(w->buf), "%s", line);
	w->n = 0;
	for (p = strtok(w->buf, " "); p != NULL && w->n < MAXARGS; p = strtok(NULL, " "))
		w->v[w->n++] = p;
	w->v[w->n] = NULL;
}

static struct shim_check *
find_line(const char *line)
{
	struct words w;

	words_split(&w, line);
	return shim_find(w.n, w.v, NULL);
}

static const struct shim_tcp_conf *
conf_of(const struct shim_check *c)
{
	assert_non_null(c);
	assert_string_equal(shim_check_name(c), "check_tcp");
	return shim_check_conf(c);
}

static void
t_parse_basic(void **state)
{
	struct shim_check *c;
	const struct shim_tcp_conf *k;

	(void)state;
	c = find_line(PLUGIN " -H 127.0.0.1 -p 80");
	k = conf_of(c);
	assert_string_equal(k->host, "127.0.0.1");
	assert_true(k->host_specified);
	assert_int_equal(k->port, 80);
	assert_int_equal(k->timeout, 10);
	assert_int_equal(k->refuse_state, THRESHOLDS_CRITICAL);
	assert_int_equal(k->mismatch_state, THRESHOLDS_WARNING);
	assert_null(k->send);
	assert_null(k->quit);
	assert_int_equal(k->nexpect, 0);
	assert_false(k->has_warn || k->has_crit || k->hide || k->bad_host);
	assert_int_equal(k->sa.ss_family, AF_INET);
	assert_int_equal(ntohs(((const struct sockaddr_in *)&k->sa)->sin_port), 80);
	shim_check_free(c);

	c = find_line(PLUGIN " -H 10.1.2.3 -p 25 -w 1.5 -c 3 -t 20 -s HELO\\r\\n "
	    "-e 220 -e 250 -q QUIT -r warn -M crit -j -A -m 010 -d 2");
	k = conf_of(c);
	assert_string_equal(k->send, "HELO\\r\\n"); /* no -E: taken as written */
	assert_string_equal(k->quit, "QUIT\r\n");  /* -q gets its line end */
	assert_int_equal(k->nexpect, 2);
	assert_string_equal(k->expect[0], "220");
	assert_string_equal(k->expect[1], "250");
	assert_true(k->has_warn && k->has_crit);
	assert_true(k->warn == 1.5 && k->crit == 3.0);
	assert_int_equal(k->timeout, 20);
	assert_int_equal(k->refuse_state, THRESHOLDS_WARNING);
	assert_int_equal(k->mismatch_state, THRESHOLDS_CRITICAL);
	assert_true(k->hide && k->match_all);
	assert_int_equal(k->maxbytes, 8); /* checked in base 10, read in base 0 */
	assert_int_equal(k->delay, 2);
	shim_check_free(c);
}

static void
t_parse_forms(void **state)
{
	struct shim_check *c;
	const struct shim_tcp_conf *k;

	(void)state;
	/* long forms, abbreviations, "=" values, old spellings, -E order */
	c = find_line(PLUGIN " --hostname=127.0.0.1 --port 99 --exp x --warning 2 "
	    "-ct 4 -to 7 -s a\\n -E --send b\\n --quit=q\\r --refuse=ok --mismatch ok "
	    "--jail --all --use-ipv4");
	k = conf_of(c);
	assert_int_equal(k->port, 99);
	assert_string_equal(k->expect[0], "x");
	assert_true(k->warn == 2.0 && k->crit == 4.0);
	assert_int_equal(k->timeout, 7);
	assert_string_equal(k->send, "b\n");
	assert_string_equal(k->quit, "q\r"); /* -E: no "\r\n" added */
	assert_int_equal(k->refuse_state, THRESHOLDS_OK);
	assert_int_equal(k->mismatch_state, THRESHOLDS_OK);
	assert_int_equal(k->family, AF_INET);
	shim_check_free(c);

	/* an address first is not "-H": the output will name only the port */
	c = find_line(PLUGIN " 127.0.0.2 -p 5");
	k = conf_of(c);
	assert_string_equal(k->host, "127.0.0.2");
	assert_false(k->host_specified);
	shim_check_free(c);

	/* options end at the first other word, which is the address; the rest is ignored */
	c = find_line(PLUGIN " -p 5 127.0.0.3 -w 1 -S");
	k = conf_of(c);
	assert_string_equal(k->host, "127.0.0.3");
	assert_false(k->host_specified || k->has_warn);
	shim_check_free(c);

	c = find_line(PLUGIN " -p 5 -- 127.0.0.4");
	k = conf_of(c);
	assert_string_equal(k->host, "127.0.0.4");
	shim_check_free(c);

	/* no address at all: 127.0.0.1, unnamed; no port: 0 */
	c = find_line(PLUGIN " -j");
	k = conf_of(c);
	assert_string_equal(k->host, "127.0.0.1");
	assert_int_equal(k->port, 0);
	shim_check_free(c);

	/* clustered short options, value glued on */
	c = find_line(PLUGIN " -4jH127.0.0.1 -p80");
	k = conf_of(c);
	assert_true(k->hide && k->host_specified);
	assert_int_equal(k->port, 80);
	shim_check_free(c);

	/* IPv6 literal; and one the -4 family excludes: the plugin's invalid host */
	c = find_line(PLUGIN " -H ::1 -p 80");
	k = conf_of(c);
	assert_int_equal(k->sa.ss_family, AF_INET6);
	assert_false(k->bad_host);
	shim_check_free(c);
	c = find_line(PLUGIN " -4 -H ::1 -p 80");
	assert_true(conf_of(c)->bad_host);
	shim_check_free(c);
	c = find_line(PLUGIN " -H 127.0.0.1 -6 -p 80");
	assert_true(conf_of(c)->bad_host);
	shim_check_free(c);
	c = find_line(PLUGIN " -H 127.0.0.1 -4 -p 80");
	assert_false(conf_of(c)->bad_host);
	shim_check_free(c);
}

/*
 * The address the shim connects to is the one getaddrinfo (the plugin's
 * resolver, numeric) gives, byte for byte: dotted quads (read without
 * it) and the forms only inet_aton reads, and IPv6.
 */
static void
t_parse_address(void **state)
{
	static const char *const hosts[] = {
		"127.0.0.1", "10.1.2.3", "255.255.255.255", "0.0.0.0", "192.168.000.001",
		"127.1", "0x7f.0.0.1", "017.0.0.1", "2130706433", "::1", "fe80::1",
		"::ffff:127.0.0.1",
	};
	struct addrinfo hints, *res;
	struct shim_check *c;
	const struct shim_tcp_conf *k;
	char line[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(hosts) / sizeof(hosts[0]); i++) {
		memset(&hints, 0, sizeof(hints));
		hints.ai_family = AF_UNSPEC;
		hints.ai_socktype = SOCK_STREAM;
		hints.ai_protocol = IPPROTO_TCP;
		hints.ai_flags = AI_NUMERICHOST;
		assert_int_equal(getaddrinfo(hosts[i], "8080", &hints, &res), 0);
		snprintf(line, sizeof(line), PLUGIN " -H %s -p 8080", hosts[i]);
		c = find_line(line);
		k = conf_of(c);
		assert_string_equal(k->host, hosts[i]);
		assert_int_equal(k->salen, res->ai_addrlen);
		assert_memory_equal(&k->sa, res->ai_addr, res->ai_addrlen);
		freeaddrinfo(res);
		shim_check_free(c);
	}
}

static void
t_parse_declines(void **state)
{
	static const char *const lines[] = {
		PLUGIN,
		PLUGIN " -H 127.0.0.1 -p 80 -S",
		PLUGIN " -H 127.0.0.1 -p 80 --ssl",
		PLUGIN " -H 127.0.0.1 -p 80 -D 30",
		PLUGIN " -H 127.0.0.1 -p 80 --sni=x",
		PLUGIN " -H 127.0.0.1 -p 80 -v",
		PLUGIN " -h",
		PLUGIN " -V",
		PLUGIN " -H 127.0.0.1 -p 80 -C 1",
		PLUGIN " -H 127.0.0.1 -p 80 -W 1",
		PLUGIN " -H 127.0.0.1 -p 80 --protocol=udp",
		PLUGIN " -H 127.0.0.1 -p 80 -x",
		PLUGIN " -H 127.0.0.1 -p 80 --crit 3",  /* ambiguous */
		PLUGIN " -H 127.0.0.1 -p 80 --jail=1",
		PLUGIN " -H 127.0.0.1 -p",
		PLUGIN " -H 127.0.0.1 -p 0",
		PLUGIN " -H 127.0.0.1 -p 70000",
		PLUGIN " -H 127.0.0.1 -p http",
		PLUGIN " -H 127.0.0.1 -p 80 -t 0",
		PLUGIN " -H 127.0.0.1 -p 80 -t 1.5",
		PLUGIN " -H 127.0.0.1 -p 80 -m x",
		PLUGIN " -H 127.0.0.1 -p 80 -d -1",
		PLUGIN " -H 127.0.0.1 -p 80 -r bogus",
		PLUGIN " -H 127.0.0.1 -p 80 -M w",
		PLUGIN " -H 127.0.0.1 -p 80 -E -s abc\\",
		PLUGIN " -H 127.0.0.1 -p 80 --extra-opts=tcp@file",
		PLUGIN " -H localhost -p 80",
		PLUGIN " -H example.invalid -p 80",
		PLUGIN " -H [::1] -p 80",
		PLUGIN " -H /run/some.sock",
		PLUGIN " -H 127.0.0.1 -p 80 --h",
		"/usr/lib/nagios/plugins/check_http -H 127.0.0.1 -p 80",
		"/usr/lib/nagios/plugins/check_ftp -H 127.0.0.1 -p 80",
		"/usr/local/nagios/libexec/check_tcp -H 127.0.0.1 -p 80",
		"check_tcp -H 127.0.0.1 -p 80",
		"/usr/lib/nagios/plugins/sub/check_tcp -H 127.0.0.1 -p 80",
	};
	size_t i;
	struct shim_check *c;

	(void)state;
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		c = find_line(lines[i]);
		if (c != NULL)
			fail_msg("claimed: %s", lines[i]);
	}
	assert_null(shim_find(0, (char *[]){ NULL }, NULL));
}

static void
t_plugin_dir(void **state)
{
	char *v[] = { "/opt/mp//check_tcp", "-H", "127.0.0.1", "-p", "1", NULL };
	struct shim_check *c;

	(void)state;
	assert_null(shim_find(5, v, NULL));
	c = shim_find(5, v, "/opt/mp/");
	assert_non_null(c);
	shim_check_free(c);
	assert_null(shim_find(5, v, "/opt/m"));
	shim_check_free(NULL);
}

/* ---------- wording ---------- */

static char *
format(const char *line, struct shim_tcp_report *r, int *rc)
{
	struct shim_check *c = find_line(line);
	size_t len;
	char *out;

	out = shim_tcp_format(conf_of(c), r, &len, rc);
	assert_int_equal(strlen(out), len);
	shim_check_free(c);
	return out;
}

#define ASSERT_FORMAT(line, rep, want, wantrc)                  \
	do {                                                    \
		int rc_ = -9;                                   \
		char *o_ = format(line, rep, &rc_);             \
		assert_string_equal(o_, want);                  \
		assert_int_equal(rc_, wantrc);                  \
		free(o_);                                       \
	} while (0)

static void
t_format(void **state)
{
	struct shim_tcp_report r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.outcome = SHIM_TCP_OK;
	r.match = SHIM_TCP_MATCH_NONE;
	r.status = "";
	r.elapsed_us = 123;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 80", &r,
	    "TCP OK - 0.000 second response time on 127.0.0.1 port 80"
	    "|time=0.000123s;;;0.000000;10.000000\n", 0);
	ASSERT_FORMAT(PLUGIN " 127.0.0.1 -p 80", &r,
	    "TCP OK - 0.000 second response time on port 80"
	    "|time=0.000123s;;;0.000000;10.000000\n", 0);
	r.elapsed_us = 1500000;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 80 -w 1 -c 2 -t 5", &r,
	    "TCP WARNING - 1.500 second response time on 127.0.0.1 port 80"
	    "|time=1.500000s;1.000000;2.000000;0.000000;5.000000\n", 1);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 80 -c 1.4999", &r,
	    "TCP CRITICAL - 1.500 second response time on 127.0.0.1 port 80"
	    "|time=1.500000s;;1.499900;0.000000;10.000000\n", 2);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 80 -w 1.5", &r, /* not above */
	    "TCP OK - 1.500 second response time on 127.0.0.1 port 80"
	    "|time=1.500000s;1.500000;;0.000000;10.000000\n", 0);

	r.elapsed_us = 2000;
	r.match = SHIM_TCP_MATCH_SUCCESS;
	r.status = "220 hello";
	r.last = 8;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220", &r,
	    "TCP OK - 0.002 second response time on 127.0.0.1 port 25 [220 hello]"
	    "|time=0.002000s;;;0.000000;10.000000\n", 0);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220 -j", &r,
	    "TCP OK - 0.002 second response time on 127.0.0.1 port 25"
	    "|time=0.002000s;;;0.000000;10.000000\n", 0);
	/* a response whose trimmed length index is 0 is not shown */
	r.status = "2";
	r.last = 0;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 2", &r,
	    "TCP OK - 0.002 second response time on 127.0.0.1 port 25"
	    "|time=0.002000s;;;0.000000;10.000000\n", 0);

	r.outcome = SHIM_TCP_MISMATCH;
	r.match = SHIM_TCP_MATCH_FAILURE;
	r.status = "500 no";
	r.last = 5;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220 -w 1 -c 2", &r,
	    "TCP WARNING - Unexpected response from host/socket: 500 no"
	    "|time=0.002000s;0.000000;0.000000;0.000000;10.000000\n", 1);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220 -j -M crit", &r,
	    "TCP CRITICAL - Unexpected response from host/socket on 127.0.0.1 port 25"
	    "|time=0.002000s;;;0.000000;10.000000\n", 2);
	ASSERT_FORMAT(PLUGIN " 127.0.0.1 -p 25 -e 220 -j -M ok", &r,
	    "TCP OK - Unexpected response from host/socket on port 25"
	    "|time=0.002000s;;;0.000000;10.000000\n", 0);
	/* -M ok beats a time warning, not a time critical */
	r.elapsed_us = 3000000;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220 -w 1 -M ok", &r,
	    "TCP OK - Unexpected response from host/socket: 500 no"
	    "|time=3.000000s;0.000000;;0.000000;10.000000\n", 0);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 25 -e 220 -c 1 -M ok", &r,
	    "TCP CRITICAL - Unexpected response from host/socket: 500 no"
	    "|time=3.000000s;;0.000000;0.000000;10.000000\n", 2);

	memset(&r, 0, sizeof(r));
	r.outcome = SHIM_TCP_REFUSED;
	r.err = ECONNREFUSED;
	ASSERT_FORMAT(PLUGIN " 127.0.0.1 -p 1", &r,
	    "connect to address 127.0.0.1 and port 1: Connection refused\n", 2);
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 1 -r ok", &r,
	    "connect to address 127.0.0.1 and port 1: Connection refused\n", 0);
	r.outcome = SHIM_TCP_CONNECT_ERROR;
	r.err = ENETUNREACH;
	ASSERT_FORMAT(PLUGIN " -H 10.9.9.9 -p 1 -r warn", &r,
	    "connect to address 10.9.9.9 and port 1: Network is unreachable\n", 1);
	r.outcome = SHIM_TCP_IO_TIMEOUT;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 1 -t 3 -r ok", &r,
	    "CRITICAL - Socket timeout after 3 seconds\n", 2);
	r.outcome = SHIM_TCP_CONNECT_TIMEOUT;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 1", &r,
	    "CRITICAL - Socket timeout after 10 seconds\n", 2);
	r.outcome = SHIM_TCP_NO_DATA;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 1 -e x -M ok", &r,
	    "No data received from host\n", 2);
	r.outcome = SHIM_TCP_BAD_HOST;
	ASSERT_FORMAT(PLUGIN " -6 -H 127.0.0.1 -p 1", &r,
	    "TCP CRITICAL - Invalid hostname, address or socket: 127.0.0.1\n", 2);
	r.outcome = SHIM_TCP_ENGINE_TIMEOUT;
	ASSERT_FORMAT(PLUGIN " -H 127.0.0.1 -p 1", &r, "", -1);
	assert_string_equal(shim_tcp_outcome_str(SHIM_TCP_REFUSED), "refused");
	assert_string_equal(shim_tcp_outcome_str(SHIM_TCP_IO_TIMEOUT), "read timeout");
}

static void
t_trim(void **state)
{
	char a[] = "220 ok \r\n", b[] = "x", c[] = "x\n", d[] = "  ", e[] = "ab\0 \n";

	(void)state;
	assert_int_equal(shim_tcp_trim(a, strlen(a)), 5);
	assert_string_equal(a, "220 ok");
	assert_int_equal(shim_tcp_trim(b, 1), 0);
	assert_int_equal(shim_tcp_trim(c, 2), 0);
	assert_string_equal(c, "x");
	assert_int_equal(shim_tcp_trim(d, 2), 0); /* the first byte is never looked at */
	assert_string_equal(d, " ");
	/* trimming stops at a NUL, which isspace does not count */
	assert_int_equal(shim_tcp_trim(e, 5), 2);
}

/* ---------- runs against local servers ---------- */

enum srv_mode {
	SRV_HOLD,   /* accept and say nothing */
	SRV_BANNER, /* send the banner (after delay), then close or hold */
	SRV_REPLY,  /* wait for want in the request, then send the banner */
	SRV_SHUT,   /* accept and close at once */
};

struct srv_conn {
	int fd;
	ev_io r;
	ev_timer t;
	struct srv *s;
};

struct srv {
	struct ev_loop *loop;
	int lfd, port;
	ev_io a;
	enum srv_mode mode;
	const char *banner;
	double delay;
	int close_after;
	const char *want;
	char in[4096]; /* what every connection sent, appended */
	size_t inlen;
	struct srv_conn *conns[8];
	int nconns;
};

static void
srv_send_banner(struct srv_conn *k)
{
	struct srv *s = k->s;

	if (s->banner != NULL)
		assert_int_equal(send(k->fd, s->banner, strlen(s->banner), MSG_NOSIGNAL),
		    (ssize_t)strlen(s->banner));
	if (s->close_after) {
		ev_io_stop(s->loop, &k->r);
		close(k->fd);
		k->fd = -1;
	}
}

static void
srv_timer_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	srv_send_banner(w->data);
}

static void
srv_read_cb(struct ev_loop *loop, ev_io *w, int revents)
{
	struct srv_conn *k = w->data;
	struct srv *s = k->s;
	ssize_t n;
	int had;

	(void)revents;
	had = s->want != NULL && strstr(s->in, s->want) != NULL;
	n = read(k->fd, s->in + s->inlen, sizeof(s->in) - 1 - s->inlen);
	if (n <= 0) {
		ev_io_stop(loop, w);
		return;
	}
	s->inlen += (size_t)n;
	s->in[s->inlen] = '\0';
	if (s->mode == SRV_REPLY && !had && strstr(s->in, s->want) != NULL)
		srv_send_banner(k);
}

static void
srv_accept_cb(struct ev_loop *loop, ev_io *w, int revents)
{
	struct srv *s = w->data;
	struct srv_conn *k;
	int fd;

	(void)revents;
	fd = accept(s->lfd, NULL, NULL);
	if (fd < 0)
		return;
	if (s->mode == SRV_SHUT || s->nconns == 8) {
		close(fd);
		return;
	}
	k = calloc(1, sizeof(*k));
	assert_non_null(k);
	k->fd = fd;
	k->s = s;
	s->conns[s->nconns++] = k;
	ev_io_init(&k->r, srv_read_cb, fd, EV_READ);
	k->r.data = k;
	ev_io_start(loop, &k->r);
	ev_timer_init(&k->t, srv_timer_cb, s->delay, 0.);
	k->t.data = k;
	if (s->mode == SRV_BANNER)
		ev_timer_start(loop, &k->t);
}

/* a listener on 127.0.0.1 (or ::1), ephemeral port; 0, or -1 when impossible */
static int
srv_open(struct srv *s, struct ev_loop *loop, int family, int listening)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int one = 1;

	memset(&ss, 0, sizeof(ss));
	s->loop = loop;
	s->lfd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (s->lfd < 0)
		return -1;
	setsockopt(s->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	ss.ss_family = (sa_family_t)family;
	if (family == AF_INET) {
		((struct sockaddr_in *)&ss)->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		sl = sizeof(struct sockaddr_in);
	} else {
		((struct sockaddr_in6 *)&ss)->sin6_addr = in6addr_loopback;
		sl = sizeof(struct sockaddr_in6);
	}
	if (bind(s->lfd, (struct sockaddr *)&ss, sl) != 0 ||
	    getsockname(s->lfd, (struct sockaddr *)&ss, &sl) != 0) {
		close(s->lfd);
		return -1;
	}
	s->port = ntohs(family == AF_INET ? ((struct sockaddr_in *)&ss)->sin_port :
	    ((struct sockaddr_in6 *)&ss)->sin6_port);
	/* bound and not listening: connecting to it is refused */
	if (listening) {
		assert_int_equal(listen(s->lfd, 16), 0);
		ev_io_init(&s->a, srv_accept_cb, s->lfd, EV_READ);
		s->a.data = s;
		ev_io_start(loop, &s->a);
	}
	return 0;
}

static void
srv_close(struct srv *s)
{
	int i;

	ev_io_stop(s->loop, &s->a);
	close(s->lfd);
	for (i = 0; i < s->nconns; i++) {
		ev_io_stop(s->loop, &s->conns[i]->r);
		ev_timer_stop(s->loop, &s->conns[i]->t);
		if (s->conns[i]->fd >= 0)
			close(s->conns[i]->fd);
		free(s->conns[i]);
	}
	s->nconns = 0;
}

struct outcome {
	int called;
	int rc;
	char out[8192];
	ev_tstamp took;
};

static void
run_done(void *arg, const struct shim_result *r)
{
	struct outcome *o = arg;

	o->called++;
	o->rc = r->rc;
	assert_true(r->outlen < sizeof(o->out));
	memcpy(o->out, r->out, r->outlen);
	o->out[r->outlen] = '\0';
}

static void
guard_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)w;
	(void)revents;
	ev_break(loop, EVBREAK_ALL);
}

/*
 * Replace what varies between runs, the measured times, with "T": the
 * "%.3f second" figure and the value of "time=...s".
 */
static void
normalise(char *s)
{
	char *p, *q;

	for (p = s; (p = strstr(p, " second response time")) != NULL; p++) {
		for (q = p; q > s && (q[-1] == '.' || (q[-1] >= '0' && q[-1] <= '9')); q--)
			;
		memmove(q + 1, p, strlen(p) + 1);
		*q = 'T';
		p = q + 1;
	}
	for (p = s; (p = strstr(p, "time=")) != NULL; p++) {
		p += 5;
		for (q = p; *q == '.' || (*q >= '0' && *q <= '9'); q++)
			;
		if (q > p && *q == 's') {
			*p = 'T';
			memmove(p + 1, q, strlen(q) + 1);
		}
	}
}

/* run line (with %d for the port) to the end; rc and normalised output in o */
static void
run_line(struct ev_loop *loop, const char *fmt, int port, double cap,
    struct outcome *o)
{
	char line[512];
	struct shim_check *c;
	struct shim_run *r;
	ev_timer guard;
	ev_tstamp t0;

	snprintf(line, sizeof(line), fmt, port);
	c = find_line(line);
	if (c == NULL)
		fail_msg("declined: %s", line);
	memset(o, 0, sizeof(*o));
	r = shim_start(loop, c, cap, run_done, o);
	assert_non_null(r);
	assert_int_equal(o->called, 0); /* never from inside shim_start */
	ev_timer_init(&guard, guard_cb, 8., 0.);
	ev_timer_start(loop, &guard);
	ev_now_update(loop);
	t0 = ev_now(loop);
	while (o->called == 0 && ev_is_active(&guard))
		ev_run(loop, EVRUN_ONCE);
	ev_timer_stop(loop, &guard);
	ev_now_update(loop);
	o->took = ev_now(loop) - t0;
	if (o->called == 0)
		fail_msg("no result: %s", line);
	assert_int_equal(o->called, 1);
	normalise(o->out);
	shim_check_free(c);
}

static void
t_run_accept_and_refuse(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s, closed;
	struct outcome o;
	char want[256];

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_HOLD;
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on 127.0.0.1 "
	    "port %d|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 0);
	run_line(loop, PLUGIN " 127.0.0.1 -p %d -t 3 --warning=5 -c 6", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on port %d"
	    "|time=Ts;5.000000;6.000000;0.000000;3.000000\n", s.port);
	assert_string_equal(o.out, want);

	memset(&closed, 0, sizeof(closed));
	assert_int_equal(srv_open(&closed, loop, AF_INET, 0), 0);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d", closed.port, 0, &o);
	snprintf(want, sizeof(want),
	    "connect to address 127.0.0.1 and port %d: Connection refused\n", closed.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 2);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -r ok", closed.port, 0, &o);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 0);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d --refuse=warning", closed.port, 0, &o);
	assert_int_equal(o.rc, 1);
	srv_close(&closed);
	srv_close(&s);
}

static void
t_run_ipv6(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;
	char want[256];

	memset(&s, 0, sizeof(s));
	if (srv_open(&s, loop, AF_INET6, 1) != 0)
		skip();
	s.mode = SRV_BANNER;
	s.banner = "hi\n";
	run_line(loop, PLUGIN " -6 -H ::1 -p %d -e hi", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on ::1 port %d [hi]"
	    "|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	run_line(loop, PLUGIN " -4 -H ::1 -p %d", s.port, 0, &o);
	assert_string_equal(o.out, "TCP CRITICAL - Invalid hostname, address or socket: ::1\n");
	assert_int_equal(o.rc, 2);
	srv_close(&s);
}

static void
t_run_banner(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;
	char want[256];

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_BANNER;
	s.banner = "220 mail ready \r\n";
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e 220 -q QUIT", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on 127.0.0.1 "
	    "port %d [220 mail ready]|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 0);

	/* a mismatch is only known at the end: here the server closes */
	s.close_after = 1;
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e 250 -w 5 -c 9", s.port, 0, &o);
	assert_string_equal(o.out, "TCP WARNING - Unexpected response from host/socket: "
	    "220 mail ready|time=Ts;0.000000;0.000000;0.000000;10.000000\n");
	assert_int_equal(o.rc, 1);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e 250 -j -M crit", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP CRITICAL - Unexpected response from host/socket "
	    "on 127.0.0.1 port %d|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 2);
	/* -A: every string must be there */
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e 220 -e ready -A", s.port, 0, &o);
	assert_int_equal(o.rc, 0);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e 220 -e nope -A", s.port, 0, &o);
	assert_int_equal(o.rc, 1);
	/* -m cuts the first read before any verdict: OK, and the text shown */
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e zzz -m 2", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on 127.0.0.1 "
	    "port %d [220 mail ready]|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 0);
	srv_close(&s);

	/* the server closes without a word */
	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_SHUT;
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e x -M ok", s.port, 0, &o);
	assert_string_equal(o.out, "No data received from host\n");
	assert_int_equal(o.rc, 2);
	srv_close(&s);
}

static void
t_run_send_expect_quit(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;
	char want[256];

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_REPLY;
	s.want = "PING\n";
	s.banner = "PONG\n";
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -E -s PING\\n -e PONG -q BYE\\r\\n",
	    s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP OK - T second response time on 127.0.0.1 "
	    "port %d [PONG]|time=Ts;;;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	/* let the server read the quit string */
	ev_run(loop, EVRUN_NOWAIT);
	ev_run(loop, EVRUN_NOWAIT);
	assert_string_equal(s.in, "PING\nBYE\r\n");
	srv_close(&s);
}

static void
t_run_thresholds(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;
	char want[256];

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_BANNER;
	s.banner = "ok";
	s.delay = 0.15;
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e ok -w 0.05 -c 1", s.port, 0, &o);
	snprintf(want, sizeof(want), "TCP WARNING - T second response time on 127.0.0.1 "
	    "port %d [ok]|time=Ts;0.050000;1.000000;0.000000;10.000000\n", s.port);
	assert_string_equal(o.out, want);
	assert_int_equal(o.rc, 1);
	assert_true(o.took >= 0.14);
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e ok -w 0.01 -c 0.1", s.port, 0, &o);
	assert_int_equal(o.rc, 2);
	assert_non_null(strstr(o.out, "TCP CRITICAL - T second response time on"));
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e ok -w 5 -c 6", s.port, 0, &o);
	assert_int_equal(o.rc, 0);
	srv_close(&s);
}

static void
t_run_waits(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_HOLD;
	/* nothing ever comes: -t ends it, whatever -r says */
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e x -t 1 -r ok", s.port, 0, &o);
	assert_string_equal(o.out, "CRITICAL - Socket timeout after 1 seconds\n");
	assert_int_equal(o.rc, 2);
	assert_true(o.took >= 0.9 && o.took < 2);
	/* the engine's cap, when shorter, ends it with no text */
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e x -t 10", s.port, 0.2, &o);
	assert_string_equal(o.out, "");
	assert_int_equal(o.rc, -1);
	assert_true(o.took < 1);
	srv_close(&s);

	/* a partial answer, then silence: the plugin waits 2 s for more */
	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_BANNER;
	s.banner = "hel";
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -e hello -d 1", s.port, 0, &o);
	assert_string_equal(o.out, "TCP WARNING - Unexpected response from host/socket: hel"
	    "|time=Ts;;;0.000000;10.000000\n");
	assert_int_equal(o.rc, 1);
	assert_true(o.took >= 2.9 && o.took < 4.5); /* -d 1, then READ_TIMEOUT 2 */
	srv_close(&s);
}

/*
 * A listener with a backlog of 0 that never accepts: once one connection
 * fills its queue, the next SYN is dropped and connect hangs.  Without -e
 * an established connection would end at once, so a timeout here is the
 * connect's.
 */
static void
t_run_connect_timeout(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct sockaddr_in sa;
	struct outcome o;
	struct pollfd p;
	int filler;

	memset(&s, 0, sizeof(s));
	assert_int_equal(srv_open(&s, loop, AF_INET, 0), 0);
	assert_int_equal(listen(s.lfd, 0), 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((uint16_t)s.port);
	filler = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	assert_true(filler >= 0);
	if (connect(filler, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		assert_int_equal(errno, EINPROGRESS);
	p.fd = filler;
	p.events = POLLOUT;
	if (poll(&p, 1, 1000) != 1)
		skip(); /* this kernel does not queue the way we rely on */
	run_line(loop, PLUGIN " -H 127.0.0.1 -p %d -t 1", s.port, 0, &o);
	assert_string_equal(o.out, "CRITICAL - Socket timeout after 1 seconds\n");
	assert_int_equal(o.rc, 2);
	assert_true(o.took >= 0.9 && o.took < 2);
	close(filler);
	srv_close(&s);
}

static void
t_run_cancel(void **state)
{
	struct ev_loop *loop = *state;
	struct srv s;
	struct outcome o;
	struct shim_check *c;
	struct shim_run *r;
	char line[256];

	memset(&s, 0, sizeof(s));
	memset(&o, 0, sizeof(o));
	assert_int_equal(srv_open(&s, loop, AF_INET, 1), 0);
	s.mode = SRV_HOLD;
	snprintf(line, sizeof(line), PLUGIN " -H 127.0.0.1 -p %d -e x -t 1", s.port);
	c = find_line(line);
	r = shim_start(loop, c, 0, run_done, &o);
	assert_non_null(r);
	ev_run(loop, EVRUN_NOWAIT);
	shim_cancel(r);
	shim_check_free(c);
	ev_run(loop, EVRUN_NOWAIT);
	assert_int_equal(o.called, 0);
	/* one still connecting, and one that would end at once */
	c = find_line(PLUGIN " -4 -H ::1 -p 1");
	r = shim_start(loop, c, 0, run_done, &o);
	shim_cancel(r);
	shim_check_free(c);
	ev_run(loop, EVRUN_NOWAIT);
	assert_int_equal(o.called, 0);
	srv_close(&s);
}

static int
loop_setup(void **state)
{
	*state = ev_loop_new(EVFLAG_AUTO);
	return *state == NULL ? -1 : 0;
}

static int
loop_teardown(void **state)
{
	ev_loop_destroy(*state);
	return 0;
}

/* ---------- the driver for the integration test ---------- */

static ev_tstamp
arg_seconds(const char *s)
{
	return strtod(s, NULL);
}

static int
run_main(int argc, char **argv)
{
	const char *dir = NULL;
	double cap = 0;
	struct shim_check *c;
	struct outcome *o;
	struct ev_loop *loop;
	int i = 0, rc;

	while (i < argc && strcmp(argv[i], "--") != 0) {
		if (strcmp(argv[i], "--cap") == 0 && i + 1 < argc)
			cap = arg_seconds(argv[++i]);
		else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
			dir = argv[++i];
		i++;
	}
	if (i >= argc - 1) {
		fprintf(stderr, "usage: test_shim_tcp --run [--cap S] [--dir D] -- ARGV...\n");
		return 64;
	}
	i++;
	c = shim_find(argc - i, argv + i, dir);
	if (c == NULL) {
		fprintf(stderr, "shim: declined\n");
		return 100;
	}
	o = calloc(1, sizeof(*o));
	loop = ev_default_loop(EVFLAG_AUTO);
	if (o == NULL || shim_start(loop, c, cap, run_done, o) == NULL) {
		fprintf(stderr, "shim: could not start\n");
		return 101;
	}
	while (o->called == 0)
		ev_run(loop, EVRUN_ONCE);
	fputs(o->out, stdout);
	rc = o->rc < 0 ? 124 : o->rc;
	free(o);
	shim_check_free(c);
	return rc;
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_intpos),
		cmocka_unit_test(t_state_word),
		cmocka_unit_test(t_unescape),
		cmocka_unit_test(t_fperfdata),
		cmocka_unit_test(t_fixed),
		cmocka_unit_test(t_getopt),
		cmocka_unit_test(t_parse_basic),
		cmocka_unit_test(t_parse_forms),
		cmocka_unit_test(t_parse_address),
		cmocka_unit_test(t_parse_declines),
		cmocka_unit_test(t_plugin_dir),
		cmocka_unit_test(t_format),
		cmocka_unit_test(t_trim),
		cmocka_unit_test(t_run_accept_and_refuse),
		cmocka_unit_test(t_run_ipv6),
		cmocka_unit_test(t_run_banner),
		cmocka_unit_test(t_run_send_expect_quit),
		cmocka_unit_test(t_run_thresholds),
		cmocka_unit_test(t_run_waits),
		cmocka_unit_test(t_run_connect_timeout),
		cmocka_unit_test(t_run_cancel),
	};

	if (argc > 1 && strcmp(argv[1], "--run") == 0)
		return run_main(argc - 2, argv + 2);
	return cmocka_run_group_tests(tests, loop_setup, loop_teardown);
}

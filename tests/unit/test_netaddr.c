/*
 * test_netaddr: listening addresses (ADDR:PORT, [IPv6]:PORT, *:PORT) and
 * what is refused in them; allow-lists in CIDR form matched against
 * IPv4, IPv6 and IPv4-mapped IPv6 clients, prefix edges that are not on a
 * byte boundary, and bad entries; the report limiter (once a window per
 * address, a full table counted); tsock_listen on the loopback.
 * Links engine/util/{netaddr,tsock,xalloc}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/util/netaddr.h"
#include "engine/util/tsock.h"

/* text s read as ADDR:PORT and written back */
static const char *
listen_back(const char *s, char *buf, size_t len)
{
	struct netaddr_listen l;
	const char *why;

	if (netaddr_parse_listen(s, &l, &why) < 0)
		return why;
	netaddr_listen_str(&l, buf, len);
	return buf;
}

static void
t_listen_ok(void **state)
{
	struct netaddr_listen l;
	const char *why;
	char buf[NETADDR_STRLEN];

	(void)state;
	assert_string_equal(listen_back("127.0.0.1:6557", buf, sizeof(buf)), "127.0.0.1:6557");
	assert_string_equal(listen_back("[::1]:6557", buf, sizeof(buf)), "[::1]:6557");
	assert_string_equal(listen_back("[0:0::1]:1", buf, sizeof(buf)), "[::1]:1");
	assert_string_equal(listen_back("*:65535", buf, sizeof(buf)), "*:65535");
	assert_string_equal(listen_back("0.0.0.0:6557", buf, sizeof(buf)), "0.0.0.0:6557");
	assert_string_equal(listen_back("[::]:6557", buf, sizeof(buf)), "[::]:6557");
	assert_int_equal(netaddr_parse_listen("*:6557", &l, &why), 0);
	assert_int_equal(l.family, AF_UNSPEC);
	assert_int_equal(netaddr_parse_listen("[::ffff:1.2.3.4]:80", &l, &why), 0);
	assert_int_equal(l.family, AF_INET6);
	assert_int_equal(netaddr_parse_listen("10.0.0.1:6557", &l, &why), 0);
	assert_int_equal(l.family, AF_INET);
	assert_int_equal(l.port, 6557);
	assert_memory_equal(l.addr, "\x0a\x00\x00\x01", 4);
}

static void
t_listen_bad(void **state)
{
	static const char *const bad[] = {
		"6557", "127.0.0.1", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536",
		"127.0.0.1:123456", "127.0.0.1:65a", "127.0.0.1:-1", "127.0.0.1: 80",
		"::1:6557", "[::1:6557", "::1]:6557", "[]:6557", "[127.0.0.1]:6557",
		"localhost:6557", "127.1:6557", "127.0.0.256:6557", "**:6557", ":6557",
		"[::1]:", "1.2.3.4.5:80", "0x7f.0.0.1:80", NULL
	};
	struct netaddr_listen l;
	const char *why;
	size_t i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		why = NULL;
		if (netaddr_parse_listen(bad[i], &l, &why) == 0)
			fail_msg("'%s' was taken", bad[i]);
		assert_non_null(why);
	}
	assert_int_equal(netaddr_parse_listen("127.0.0.1:0", &l, &why), -1);
	assert_string_equal(why, "the port is not a number from 1 to 65535");
	assert_int_equal(netaddr_parse_listen("127.0.0.1", &l, &why), -1);
	assert_string_equal(why, "no port: write ADDR:PORT");
	assert_int_equal(netaddr_parse_listen("::1:6557", &l, &why), -1);
	assert_string_equal(why, "not an IPv4 address, an IPv6 address in brackets, or *");
}

static void
t_listen_same_sockaddr(void **state)
{
	struct netaddr_listen a, b;
	struct sockaddr_storage ss;
	const char *why;

	(void)state;
	assert_int_equal(netaddr_parse_listen("127.0.0.1:6557", &a, &why), 0);
	assert_int_equal(netaddr_parse_listen("127.0.0.1:6557", &b, &why), 0);
	assert_true(netaddr_listen_same(&a, &b));
	assert_int_equal(netaddr_parse_listen("127.0.0.1:6558", &b, &why), 0);
	assert_false(netaddr_listen_same(&a, &b));
	assert_int_equal(netaddr_parse_listen("0.0.0.0:6557", &a, &why), 0);
	assert_int_equal(netaddr_parse_listen("*:6557", &b, &why), 0);
	assert_false(netaddr_listen_same(&a, &b));
	/* "*": the dual-stack IPv6 any, or the IPv4 one */
	assert_int_equal(netaddr_listen_sockaddr(&b, AF_INET6, &ss), sizeof(struct sockaddr_in6));
	assert_int_equal(ss.ss_family, AF_INET6);
	assert_int_equal(ntohs(((struct sockaddr_in6 *)&ss)->sin6_port), 6557);
	assert_true(IN6_IS_ADDR_UNSPECIFIED(&((struct sockaddr_in6 *)&ss)->sin6_addr));
	assert_int_equal(netaddr_listen_sockaddr(&b, AF_INET, &ss), sizeof(struct sockaddr_in));
	assert_int_equal(((struct sockaddr_in *)&ss)->sin_addr.s_addr, htonl(INADDR_ANY));
	/* a given family wins over the one asked for */
	assert_int_equal(netaddr_listen_sockaddr(&a, AF_INET6, &ss), sizeof(struct sockaddr_in));
}

/* a client at text address s (IPv4 or IPv6) */
static const struct sockaddr *
client(const char *s, struct sockaddr_storage *ss)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (strchr(s, ':') != NULL) {
		s6->sin6_family = AF_INET6;
		assert_int_equal(inet_pton(AF_INET6, s, &s6->sin6_addr), 1);
	} else {
		s4->sin_family = AF_INET;
		assert_int_equal(inet_pton(AF_INET, s, &s4->sin_addr), 1);
	}
	return (const struct sockaddr *)ss;
}

static int
allows(const char *list, const char *who)
{
	struct netacl *a = netacl_new();
	struct sockaddr_storage ss;
	char bad[NETADDR_STRLEN];
	const char *why;
	int ok;

	assert_int_equal(netacl_add(a, list, bad, sizeof(bad), &why), 0);
	ok = netacl_allows(a, client(who, &ss));
	netacl_free(a);
	return ok;
}

static void
t_acl_match(void **state)
{
	(void)state;
	assert_true(allows("127.0.0.2/32", "127.0.0.2"));
	assert_false(allows("127.0.0.2/32", "127.0.0.1"));
	assert_true(allows("127.0.0.2", "127.0.0.2"));
	assert_true(allows("10.0.0.0/8", "10.255.1.2"));
	assert_false(allows("10.0.0.0/8", "11.0.0.0"));
	/* prefixes off a byte boundary */
	assert_true(allows("192.168.0.0/23", "192.168.1.255"));
	assert_false(allows("192.168.0.0/23", "192.168.2.0"));
	assert_true(allows("172.16.0.0/12", "172.31.255.255"));
	assert_false(allows("172.16.0.0/12", "172.32.0.0"));
	assert_true(allows("0.0.0.0/0", "203.0.113.9"));
	/* host bits below the prefix do not matter */
	assert_true(allows("10.1.2.3/8", "10.9.9.9"));
	/* IPv6 */
	assert_true(allows("::1", "::1"));
	assert_false(allows("::1", "::2"));
	assert_true(allows("2001:db8::/32", "2001:db8:ffff::1"));
	assert_false(allows("2001:db8::/32", "2001:db9::1"));
	assert_true(allows("fe80::/10", "febf::1"));
	assert_false(allows("fe80::/10", "fec0::1"));
	assert_true(allows("::/0", "2001:db8::1"));
	/* families do not mix, except IPv4-mapped clients */
	assert_false(allows("::/0", "127.0.0.1"));
	assert_false(allows("0.0.0.0/0", "::1"));
	assert_true(allows("127.0.0.2/32", "::ffff:127.0.0.2"));
	assert_false(allows("127.0.0.2/32", "::ffff:127.0.0.1"));
	assert_true(allows("10.0.0.0/8", "::ffff:10.2.3.4"));
	/* a mapped network written in IPv6 is the IPv4 one */
	assert_true(allows("::ffff:10.0.0.0/104", "10.1.1.1"));
	assert_true(allows("::ffff:10.0.0.0/104", "::ffff:10.1.1.1"));
	assert_false(allows("::ffff:10.0.0.0/104", "11.1.1.1"));
	/* lists: commas, blanks, both */
	assert_true(allows("10.0.0.0/8, 192.0.2.7 ::1", "::1"));
	assert_true(allows("10.0.0.0/8,192.0.2.7\t::1", "192.0.2.7"));
	assert_false(allows("10.0.0.0/8,,192.0.2.7 ,", "192.0.2.8"));
}

static void
t_acl_bad(void **state)
{
	static const char *const bad[] = {
		"10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "10.0.0.0/-1", "10.0.0/8",
		"10.0.0.0.0", "example.com", "[::1]", "1.2.3.4/8/8", "::1/01234567", "/8",
		"10.0.0.1/ 8", "256.0.0.0", "1:2:3:4:5:6:7:8:9", NULL
	};
	struct netacl *a;
	char badbuf[NETADDR_STRLEN];
	const char *why;
	size_t i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		a = netacl_new();
		if (netacl_add(a, bad[i], badbuf, sizeof(badbuf), &why) == 0)
			fail_msg("'%s' was taken", bad[i]);
		netacl_free(a);
	}
	a = netacl_new();
	assert_int_equal(netacl_add(a, "10.0.0.0/8, 10.0.0.0/33, ::1", badbuf, sizeof(badbuf),
	    &why), -1);
	assert_string_equal(badbuf, "10.0.0.0/33");
	assert_string_equal(why, "the prefix length is not a number from 0 to 32");
	assert_int_equal(netacl_count(a), 1); /* what came before the bad entry */
	assert_int_equal(netacl_add(a, "2001:db8::/200", badbuf, sizeof(badbuf), &why), -1);
	assert_string_equal(why, "the prefix length is not a number from 0 to 128");
	assert_int_equal(netacl_add(a, "nothere", badbuf, sizeof(badbuf), &why), -1);
	assert_string_equal(badbuf, "nothere");
	assert_string_equal(why, "not an IPv4 or IPv6 address");
	assert_int_equal(netacl_add(a, " , ", badbuf, sizeof(badbuf), &why), 0);
	assert_int_equal(netacl_count(a), 1);
	netacl_free(a);
	netacl_free(NULL);
}

static void
t_acl_loopback_str(void **state)
{
	struct netacl *a = netacl_loopback();
	struct sockaddr_storage ss;
	char buf[NETADDR_STRLEN * 2], bad[NETADDR_STRLEN];
	const char *why;

	(void)state;
	assert_true(netacl_allows(a, client("127.0.0.1", &ss)));
	assert_true(netacl_allows(a, client("127.200.0.1", &ss)));
	assert_true(netacl_allows(a, client("::1", &ss)));
	assert_true(netacl_allows(a, client("::ffff:127.0.0.1", &ss)));
	assert_false(netacl_allows(a, client("128.0.0.1", &ss)));
	assert_false(netacl_allows(a, client("::2", &ss)));
	netacl_str(a, buf, sizeof(buf));
	assert_string_equal(buf, "127.0.0.0/8, ::1/128");
	assert_int_equal(netacl_add(a, "10.1.2.3/8 2001:db8::7/32", bad, sizeof(bad), &why), 0);
	netacl_str(a, buf, sizeof(buf));
	assert_string_equal(buf, "127.0.0.0/8, ::1/128, 10.0.0.0/8, 2001:db8::/32");
	netacl_str(a, buf, 12); /* cut, still a string */
	assert_string_equal(buf, "127.0.0.0/8");
	netacl_free(a);
}

static void
t_client_str(void **state)
{
	struct sockaddr_storage ss;
	char buf[NETADDR_STRLEN];

	(void)state;
	netaddr_client_str(client("192.0.2.1", &ss), buf, sizeof(buf));
	assert_string_equal(buf, "192.0.2.1");
	netaddr_client_str(client("::ffff:192.0.2.1", &ss), buf, sizeof(buf));
	assert_string_equal(buf, "192.0.2.1");
	netaddr_client_str(client("2001:db8::1", &ss), buf, sizeof(buf));
	assert_string_equal(buf, "2001:db8::1");
	ss.ss_family = AF_UNIX;
	netaddr_client_str((struct sockaddr *)&ss, buf, sizeof(buf));
	assert_string_equal(buf, "?");
}

static void
t_recent(void **state)
{
	struct netaddr_recent *r = netaddr_recent_new(2, 60.0);
	struct sockaddr_storage ss;

	(void)state;
	assert_true(netaddr_recent_due(r, client("10.0.0.1", &ss), 100.0));
	assert_false(netaddr_recent_due(r, client("10.0.0.1", &ss), 101.0));
	/* the mapped form is the same client */
	assert_false(netaddr_recent_due(r, client("::ffff:10.0.0.1", &ss), 102.0));
	assert_true(netaddr_recent_due(r, client("::1", &ss), 110.0));
	/* both slots taken within the window: counted, not reported */
	assert_false(netaddr_recent_due(r, client("10.0.0.2", &ss), 120.0));
	assert_false(netaddr_recent_due(r, client("10.0.0.3", &ss), 121.0));
	assert_int_equal(netaddr_recent_skipped(r), 2);
	assert_int_equal(netaddr_recent_skipped(r), 0);
	/* a minute after it was reported, 10.0.0.1 is reported again */
	assert_false(netaddr_recent_due(r, client("10.0.0.1", &ss), 159.9));
	assert_true(netaddr_recent_due(r, client("10.0.0.1", &ss), 160.0));
	/* and its slot was the one freed: ::1 is still remembered */
	assert_false(netaddr_recent_due(r, client("::1", &ss), 165.0));
	assert_true(netaddr_recent_due(r, client("10.0.0.2", &ss), 170.0));
	netaddr_recent_free(r);
	netaddr_recent_free(NULL);
}

/* tsock: a listener on the loopback at the port the kernel picks, and a client */
static void
t_tsock(void **state)
{
	struct netaddr_listen l;
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	const char *why, *step;
	int lfd, cfd, one = 0;

	(void)state;
	assert_int_equal(netaddr_parse_listen("127.0.0.1:1", &l, &why), 0);
	l.port = 0; /* any free one (the parser refuses 0) */
	lfd = tsock_listen(&l, 4, &step);
	assert_true(lfd >= 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&sa, &len), 0);
	cfd = socket(AF_INET, SOCK_STREAM, 0);
	assert_int_equal(connect(cfd, (struct sockaddr *)&sa, len), 0);
	assert_int_equal(tsock_nodelay(cfd), 0);
	len = sizeof(one);
	assert_int_equal(getsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, &len), 0);
	assert_true(one != 0);
	/* the same address again: in use */
	l.port = ntohs(sa.sin_port);
	assert_int_equal(tsock_listen(&l, 4, &step), -1);
	assert_string_equal(step, "bind");
	close(cfd);
	close(lfd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_listen_ok),
		cmocka_unit_test(t_listen_bad),
		cmocka_unit_test(t_listen_same_sockaddr),
		cmocka_unit_test(t_acl_match),
		cmocka_unit_test(t_acl_bad),
		cmocka_unit_test(t_acl_loopback_str),
		cmocka_unit_test(t_client_str),
		cmocka_unit_test(t_recent),
		cmocka_unit_test(t_tsock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * netaddr: listening addresses, allow-lists and the report limiter
 * (netaddr.h).  Addresses are kept as 16 bytes in network order with
 * their family; an IPv4 one uses the first 4.  Text is read with
 * inet_pton, which takes only the plain forms (dotted quads, not "127.1"
 * or octal).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/netaddr.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"

/* one allow-list entry, or a client reduced to the same form */
struct na_net {
	int family;
	unsigned char a[16];
	unsigned bits;
};

struct netacl {
	struct na_net *v;
	size_t n, cap;
};

static const unsigned char na_mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

/* the whole of s a number from 0 to max: its value, or -1 */
static long
na_number(const char *s, size_t len, long max)
{
	long v = 0;
	size_t i;

	if (len == 0 || len > 5)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= max ? v : -1;
}

/* an address of family af in s[0..len): 0, or -1 */
static int
na_pton(int af, const char *s, size_t len, unsigned char *out)
{
	char tmp[INET6_ADDRSTRLEN];

	if (len == 0 || len >= sizeof(tmp))
		return -1;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	return inet_pton(af, tmp, out) == 1 ? 0 : -1;
}

int
netaddr_parse_listen(const char *s, struct netaddr_listen *l, const char **why)
{
	const char *colon = strrchr(s, ':'), *host = s;
	size_t hlen;
	long port;

	memset(l, 0, sizeof(*l));
	if (colon == NULL) {
		*why = "no port: write ADDR:PORT";
		return -1;
	}
	hlen = (size_t)(colon - s);
	if ((port = na_number(colon + 1, strlen(colon + 1), 65535)) < 1) {
		*why = "the port is not a number from 1 to 65535";
		return -1;
	}
	l->port = (unsigned)port;
	*why = "not an IPv4 address, an IPv6 address in brackets, or *";
	if (hlen == 1 && host[0] == '*') {
		l->family = AF_UNSPEC;
		return 0;
	}
	if (hlen >= 2 && host[0] == '[' && host[hlen - 1] == ']') {
		l->family = AF_INET6;
		return na_pton(AF_INET6, host + 1, hlen - 2, l->addr);
	}
	l->family = AF_INET;
	return na_pton(AF_INET, host, hlen, l->addr);
}

void
netaddr_listen_str(const struct netaddr_listen *l, char *buf, size_t len)
{
	char a[INET6_ADDRSTRLEN];

	if (l->family == AF_UNSPEC) {
		(void)snprintf(buf, len, "*:%u", l->port);
		return;
	}
	(void)inet_ntop(l->family, l->addr, a, sizeof(a));
	(void)snprintf(buf, len, l->family == AF_INET6 ? "[%s]:%u" : "%s:%u", a, l->port);
}

int
netaddr_listen_same(const struct netaddr_listen *a, const struct netaddr_listen *b)
{
	return a->family == b->family && a->port == b->port &&
	       memcmp(a->addr, b->addr, sizeof(a->addr)) == 0;
}

socklen_t
netaddr_listen_sockaddr(const struct netaddr_listen *l, int family, struct sockaddr_storage *ss)
{
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (l->family != AF_UNSPEC)
		family = l->family;
	if (family == AF_INET) {
		s4->sin_family = AF_INET;
		s4->sin_port = htons((unsigned short)l->port);
		memcpy(&s4->sin_addr, l->addr, 4); /* "*": all zeros, INADDR_ANY */
		return sizeof(*s4);
	}
	s6->sin6_family = AF_INET6;
	s6->sin6_port = htons((unsigned short)l->port);
	memcpy(&s6->sin6_addr, l->addr, 16); /* "*": all zeros, in6addr_any */
	return sizeof(*s6);
}

/* the client at sa as an entry of its own (all bits), an IPv4-mapped one as IPv4; -1 if neither family */
static int
na_from_sockaddr(const struct sockaddr *sa, struct na_net *n)
{
	const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;

	memset(n, 0, sizeof(*n));
	if (sa->sa_family == AF_INET) {
		n->family = AF_INET;
		n->bits = 32;
		memcpy(n->a, &((const struct sockaddr_in *)sa)->sin_addr, 4);
		return 0;
	}
	if (sa->sa_family != AF_INET6)
		return -1;
	if (memcmp(s6->sin6_addr.s6_addr, na_mapped, 12) == 0) {
		n->family = AF_INET;
		n->bits = 32;
		memcpy(n->a, s6->sin6_addr.s6_addr + 12, 4);
		return 0;
	}
	n->family = AF_INET6;
	n->bits = 128;
	memcpy(n->a, s6->sin6_addr.s6_addr, 16);
	return 0;
}

void
netaddr_client_str(const struct sockaddr *sa, char *buf, size_t len)
{
	struct na_net n;

	if (na_from_sockaddr(sa, &n) < 0 || inet_ntop(n.family, n.a, buf, (socklen_t)len) == NULL)
		(void)snprintf(buf, len, "?");
}

/* ---- allow-lists ---- */

struct netacl *
netacl_new(void)
{
	return xcalloc(1, sizeof(struct netacl));
}

void
netacl_free(struct netacl *a)
{
	if (a == NULL)
		return;
	free(a->v);
	free(a);
}

/* clear the bits of n below its prefix */
static void
na_mask(struct na_net *n)
{
	unsigned i, size = n->family == AF_INET ? 4 : 16;

	for (i = 0; i < size; i++) {
		if (i * 8 >= n->bits)
			n->a[i] = 0;
		else if (i * 8 + 8 > n->bits)
			n->a[i] &= (unsigned char)(0xff << (8 - (n->bits - i * 8)));
	}
}

/* one entry, s[0..len): 0, or -1 with *why */
static int
na_parse_net(const char *s, size_t len, struct na_net *n, const char **why)
{
	const char *slash = memchr(s, '/', len);
	size_t alen = slash != NULL ? (size_t)(slash - s) : len;
	long bits;

	memset(n, 0, sizeof(*n));
	n->family = memchr(s, ':', alen) != NULL ? AF_INET6 : AF_INET;
	if (na_pton(n->family, s, alen, n->a) < 0) {
		*why = "not an IPv4 or IPv6 address";
		return -1;
	}
	n->bits = n->family == AF_INET ? 32 : 128;
	if (slash != NULL) {
		bits = na_number(slash + 1, len - alen - 1, (long)n->bits);
		if (bits < 0) {
			*why = n->family == AF_INET ? "the prefix length is not a number from 0 to 32" :
			    "the prefix length is not a number from 0 to 128";
			return -1;
		}
		n->bits = (unsigned)bits;
	}
	if (n->family == AF_INET6 && n->bits >= 96 && memcmp(n->a, na_mapped, 12) == 0) {
		/* ::ffff:a.b.c.d/bits: clients are matched as IPv4, so is this */
		memmove(n->a, n->a + 12, 4);
		memset(n->a + 4, 0, 12);
		n->family = AF_INET;
		n->bits -= 96;
	}
	na_mask(n);
	return 0;
}

static void
na_push(struct netacl *a, const struct na_net *n)
{
	if (a->n == a->cap) {
		a->cap = a->cap == 0 ? 4 : a->cap * 2;
		a->v = xreallocarray(a->v, a->cap, sizeof(*a->v));
	}
	a->v[a->n++] = *n;
}

int
netacl_add(struct netacl *a, const char *list, char *bad, size_t badlen, const char **why)
{
	static const char seps[] = ", \t\r\n";
	struct na_net n;
	size_t len;

	for (list += strspn(list, seps); *list != '\0'; list += strspn(list, seps)) {
		len = strcspn(list, seps);
		if (na_parse_net(list, len, &n, why) < 0) {
			(void)snprintf(bad, badlen, "%.*s", (int)len, list);
			return -1;
		}
		na_push(a, &n);
		list += len;
	}
	return 0;
}

struct netacl *
netacl_loopback(void)
{
	struct netacl *a = netacl_new();
	char bad[8];
	const char *why;

	(void)netacl_add(a, "127.0.0.0/8, ::1", bad, sizeof(bad), &why);
	return a;
}

size_t
netacl_count(const struct netacl *a)
{
	return a->n;
}

/* whether the first bits of x and y are the same */
static int
na_prefix_same(const unsigned char *x, const unsigned char *y, unsigned bits)
{
	unsigned whole = bits / 8, rest = bits % 8;
	unsigned char m;

	if (memcmp(x, y, whole) != 0)
		return 0;
	if (rest == 0)
		return 1;
	m = (unsigned char)(0xff << (8 - rest));
	return (x[whole] & m) == (y[whole] & m);
}

int
netacl_allows(const struct netacl *a, const struct sockaddr *sa)
{
	struct na_net c;
	size_t i;

	if (na_from_sockaddr(sa, &c) < 0)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->v[i].family == c.family && na_prefix_same(a->v[i].a, c.a, a->v[i].bits))
			return 1;
	return 0;
}

void
netacl_str(const struct netacl *a, char *buf, size_t len)
{
	char addr[INET6_ADDRSTRLEN];
	size_t i, used = 0;
	int k;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < a->n && used < len; i++) {
		(void)inet_ntop(a->v[i].family, a->v[i].a, addr, sizeof(addr));
		k = snprintf(buf + used, len - used, "%s%s/%u", i > 0 ? ", " : "", addr,
		    a->v[i].bits);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

/* ---- the report limiter ---- */

struct na_seen {
	struct na_net who;
	double when;
	int used;
};

struct netaddr_recent {
	struct na_seen *slot;
	size_t n;
	double window;
	unsigned long skipped;
};

struct netaddr_recent *
netaddr_recent_new(size_t slots, double window)
{
	struct netaddr_recent *r = xcalloc(1, sizeof(*r));

	r->slot = xcalloc(slots, sizeof(*r->slot));
	r->n = slots;
	r->window = window;
	return r;
}

void
netaddr_recent_free(struct netaddr_recent *r)
{
	if (r == NULL)
		return;
	free(r->slot);
	free(r);
}

int
netaddr_recent_due(struct netaddr_recent *r, const struct sockaddr *sa, double now)
{
	struct na_seen *free_slot = NULL, *s;
	struct na_net c;
	size_t i;

	if (na_from_sockaddr(sa, &c) < 0)
		return 0;
	for (i = 0; i < r->n; i++) {
		s = &r->slot[i];
		if (s->used && now - s->when >= r->window)
			s->used = 0; /* its window is over: the slot is free again */
		if (!s->used) {
			if (free_slot == NULL)
				free_slot = s;
			continue;
		}
		if (s->who.family == c.family && memcmp(s->who.a, c.a, sizeof(c.a)) == 0)
			return 0;
	}
	if (free_slot == NULL) {
		r->skipped++;
		return 0;
	}
	free_slot->who = c;
	free_slot->when = now;
	free_slot->used = 1;
	return 1;
}

unsigned long
netaddr_recent_skipped(struct netaddr_recent *r)
{
	unsigned long n = r->skipped;

	r->skipped = 0;
	return n;
}

/*
 * netaddr: IP addresses for the daemon's TCP listeners, read from the
 * configuration and matched against clients.
 *
 *  - a listening address is ADDR:PORT: an IPv4 address ("127.0.0.1:6557"),
 *    an IPv6 address in brackets ("[::1]:6557"), or "*" for every address
 *    of both families ("*:6557"; "0.0.0.0:6557" is every IPv4 address,
 *    "[::]:6557" every IPv6 one).  No names: nothing is resolved.
 *  - an allow-list (struct netacl) holds addresses and networks in CIDR
 *    form ("10.0.0.0/8", "2001:db8::/32", "192.0.2.7"), written separated
 *    by commas and blanks.  A client connecting over IPv6 with an
 *    IPv4-mapped address (::ffff:a.b.c.d, what a dual-stack listener sees
 *    of an IPv4 client) is matched as the IPv4 address it is; an entry
 *    written as a mapped network (::ffff:10.0.0.0/104) is kept as the IPv4
 *    one.  Host bits set below the prefix are ignored ("10.1.2.3/8" is
 *    10.0.0.0/8).
 *  - struct netaddr_recent remembers which addresses were reported lately,
 *    so a refused client that comes back again and again is logged once a
 *    window, and a flood from many addresses fills a few slots, not a log.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NETADDR_H
#define JAQUE_NETADDR_H

#include <stddef.h>
#include <sys/socket.h>

/* room for any text made here: "[" IPv6 "]:65535", or an IPv6 network */
#define NETADDR_STRLEN 64

struct netaddr_listen {
	int family;             /* AF_INET, AF_INET6, or AF_UNSPEC for "*" */
	unsigned char addr[16]; /* network order; AF_INET uses the first 4 bytes */
	unsigned port;          /* 1 to 65535 */
};

/*
 * Read s as ADDR:PORT into *l: 0, or -1 with *why saying what is wrong
 * (a static string).
 */
int netaddr_parse_listen(const char *s, struct netaddr_listen *l, const char **why);
/* l as it is written in the configuration, in buf (NETADDR_STRLEN bytes are enough) */
void netaddr_listen_str(const struct netaddr_listen *l, char *buf, size_t len);
/* whether a and b are the same listening address: 1 or 0 */
int netaddr_listen_same(const struct netaddr_listen *a, const struct netaddr_listen *b);
/*
 * The socket address to bind for l in *ss, its length returned; for "*"
 * family says which of the two (AF_INET6, the dual-stack one, or AF_INET).
 */
socklen_t netaddr_listen_sockaddr(const struct netaddr_listen *l, int family,
    struct sockaddr_storage *ss);

/* a client's address as text (an IPv4-mapped one in dotted form), in buf */
void netaddr_client_str(const struct sockaddr *sa, char *buf, size_t len);

struct netacl;

struct netacl *netacl_new(void);
void netacl_free(struct netacl *a);
/* the loopback networks, 127.0.0.0/8 and ::1/128 (a new list) */
struct netacl *netacl_loopback(void);
/*
 * Add the entries of list (addresses and networks separated by commas and
 * blanks): 0, or -1 when one is not an address or network, with that entry
 * copied into bad (truncated to badlen) and *why saying what is wrong.
 * The entries before the bad one are kept.  An empty list adds nothing.
 */
int netacl_add(struct netacl *a, const char *list, char *bad, size_t badlen, const char **why);
/* how many entries a holds */
size_t netacl_count(const struct netacl *a);
/* whether the client at sa (AF_INET or AF_INET6) is in a: 1 or 0 */
int netacl_allows(const struct netacl *a, const struct sockaddr *sa);
/* the entries as "net/bits, net/bits", in buf (truncated to len) */
void netacl_str(const struct netacl *a, char *buf, size_t len);

struct netaddr_recent;

/* remember up to slots addresses for window seconds */
struct netaddr_recent *netaddr_recent_new(size_t slots, double window);
void netaddr_recent_free(struct netaddr_recent *r);
/*
 * Whether the client at sa is to be reported at now: 1 when it was not
 * reported in the last window seconds (it is remembered as reported now),
 * 0 when it was, or when every slot holds an address reported within the
 * window; those last are counted for netaddr_recent_skipped.
 */
int netaddr_recent_due(struct netaddr_recent *r, const struct sockaddr *sa, double now);
/* how many were not reported because every slot was taken; the count starts again at 0 */
unsigned long netaddr_recent_skipped(struct netaddr_recent *r);

#endif

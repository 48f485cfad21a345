/*
 * shim_tcp: check_tcp of monitoring-plugins 2.3.3, its command line parsed
 * and its output worded; the conversation itself (connect, send, wait,
 * read, quit on the engine's loop) is shim_tcp_run.c.
 *
 * Parsing claims a command line only when the plugin's own output is
 * certain: every option must be one we reproduce, every value one the
 * plugin accepts (an argument it refuses makes it print its usage, which
 * the real plugin does better), and the address must be numeric, because
 * resolving a name blocks and the engine's loop must not.  Anything else
 * returns NULL and the line runs the real plugin.  The wording follows the
 * plugin's printf calls, quirks kept: the response shown only when its
 * trimmed length index is not 0, the host named only after -H, zeros for
 * the thresholds in the performance data of a mismatch.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "plugins-shim/shim_int.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "engine/util/log.h"
#include "engine/util/xalloc.h"
#include "plugins-shim/thresholds.h"

/* the plugin's defaults: DEFAULT_SOCKET_TIMEOUT, and its service name */
#define TCP_DEFAULT_TIMEOUT 10
#define TCP_SERVICE "TCP"

/* check_tcp's option string and long options, unimplemented ones included */
static const char tcp_shortopts[] = "+hVv46EAH:s:e:q:m:c:w:t:p:C:W:d:Sr:jD:M:";
enum { TCP_OPT_SNI = 256 };
static const struct thresholds_longopt tcp_longopts[] = {
	{ "hostname", THRESHOLDS_REQUIRED_ARG, 'H' },
	{ "critical", THRESHOLDS_REQUIRED_ARG, 'c' },
	{ "warning", THRESHOLDS_REQUIRED_ARG, 'w' },
	{ "critical-codes", THRESHOLDS_REQUIRED_ARG, 'C' },
	{ "warning-codes", THRESHOLDS_REQUIRED_ARG, 'W' },
	{ "timeout", THRESHOLDS_REQUIRED_ARG, 't' },
	{ "protocol", THRESHOLDS_REQUIRED_ARG, 'P' },
	{ "port", THRESHOLDS_REQUIRED_ARG, 'p' },
	{ "escape", THRESHOLDS_NO_ARG, 'E' },
	{ "all", THRESHOLDS_NO_ARG, 'A' },
	{ "send", THRESHOLDS_REQUIRED_ARG, 's' },
	{ "expect", THRESHOLDS_REQUIRED_ARG, 'e' },
	{ "maxbytes", THRESHOLDS_REQUIRED_ARG, 'm' },
	{ "quit", THRESHOLDS_REQUIRED_ARG, 'q' },
	{ "jail", THRESHOLDS_NO_ARG, 'j' },
	{ "delay", THRESHOLDS_REQUIRED_ARG, 'd' },
	{ "refuse", THRESHOLDS_REQUIRED_ARG, 'r' },
	{ "mismatch", THRESHOLDS_REQUIRED_ARG, 'M' },
	{ "use-ipv4", THRESHOLDS_NO_ARG, '4' },
	{ "use-ipv6", THRESHOLDS_NO_ARG, '6' },
	{ "verbose", THRESHOLDS_NO_ARG, 'v' },
	{ "version", THRESHOLDS_NO_ARG, 'V' },
	{ "help", THRESHOLDS_NO_ARG, 'h' },
	{ "ssl", THRESHOLDS_NO_ARG, 'S' },
	{ "sni", THRESHOLDS_REQUIRED_ARG, TCP_OPT_SNI },
	{ "certificate", THRESHOLDS_REQUIRED_ARG, 'D' },
	{ NULL, THRESHOLDS_NO_ARG, 0 },
};

const char *
shim_tcp_outcome_str(enum shim_tcp_outcome o)
{
	switch (o) {
	case SHIM_TCP_OK:
		return "ok";
	case SHIM_TCP_MISMATCH:
		return "unexpected response";
	case SHIM_TCP_NO_DATA:
		return "no data";
	case SHIM_TCP_REFUSED:
		return "refused";
	case SHIM_TCP_CONNECT_ERROR:
		return "connect error";
	case SHIM_TCP_CONNECT_TIMEOUT:
		return "connect timeout";
	case SHIM_TCP_IO_TIMEOUT:
		return "read timeout";
	case SHIM_TCP_ENGINE_TIMEOUT:
		return "engine timeout";
	case SHIM_TCP_BAD_HOST:
		return "bad address";
	}
	return "?";
}

static void
tcp_conf_free(void *p)
{
	struct shim_tcp_conf *c = p;
	size_t i;

	if (c == NULL)
		return;
	free(c->host);
	free(c->send);
	free(c->quit);
	for (i = 0; i < c->nexpect; i++)
		free(c->expect[i]);
	free(c->expect);
	free(c);
}

/* the plugin's is_option: one or two leading dashes, not three */
static int
tcp_is_option(const char *s)
{
	size_t n = strspn(s, "-");

	return n == 1 || n == 2;
}

/*
 * The words getopt will see: argv with the plugin's old spellings
 * ("-to", "-wt", "-ct") renamed wherever they stand, option values
 * included, as the plugin rewrites them in place.
 */
static const char **
tcp_words(int argc, char *const argv[])
{
	const char **w = xcalloc((size_t)argc + 1, sizeof(*w));
	int i;

	for (i = 0; i < argc; i++) {
		w[i] = argv[i];
		if (i == 0)
			continue;
		if (strcmp(argv[i], "-to") == 0)
			w[i] = "-t";
		else if (strcmp(argv[i], "-wt") == 0)
			w[i] = "-w";
		else if (strcmp(argv[i], "-ct") == 0)
			w[i] = "-c";
	}
	return w;
}

/* -s or -q text; NULL when -E processing would be undefined */
static char *
tcp_string(const char *arg, int escape, const char *suffix)
{
	if (escape)
		return thresholds_unescape(arg);
	return xasprintf("%s%s", arg, suffix);
}

/* one option of the command line; 0, or -1 to decline the line */
static int
tcp_option(struct shim_tcp_conf *c, int opt, const char *arg, int *escape)
{
	long n;
	char *s;

	switch (opt) {
	case '4':
		c->family = AF_INET;
		return 0;
	case '6':
		c->family = AF_INET6;
		return 0;
	case 'H':
		free(c->host);
		c->host = xstrdup(arg);
		c->host_specified = 1;
		return 0;
	case 'c':
		c->crit = strtod(arg, NULL);
		c->has_crit = 1;
		return 0;
	case 'w':
		c->warn = strtod(arg, NULL);
		c->has_warn = 1;
		return 0;
	case 'j':
		c->hide = 1;
		return 0;
	case 'A':
		c->match_all = 1;
		return 0;
	case 'E':
		*escape = 1;
		return 0;
	case 't':
		if (!thresholds_intpos(arg, &n))
			return -1;
		c->timeout = n;
		return 0;
	case 'p':
		if (!thresholds_intpos(arg, &n))
			return -1;
		c->port = (int)n;
		return 0;
	case 'd':
		if (!thresholds_intpos(arg, &n))
			return -1;
		c->delay = n;
		return 0;
	case 'm':
		if (!thresholds_intpos(arg, &n))
			return -1;
		/* the plugin checks in base 10 but reads in base 0: "010" is 8 */
		c->maxbytes = (size_t)strtol(arg, NULL, 0);
		return 0;
	case 's':
	case 'q':
		s = tcp_string(arg, *escape, opt == 'q' ? "\r\n" : "");
		if (s == NULL)
			return -1;
		if (opt == 's') {
			free(c->send);
			c->send = s;
		} else {
			free(c->quit);
			c->quit = s;
		}
		return 0;
	case 'e':
		c->expect = xreallocarray(c->expect, c->nexpect + 1, sizeof(*c->expect));
		c->expect[c->nexpect++] = xstrdup(arg);
		return 0;
	case 'r':
		return thresholds_state_word(arg, &c->refuse_state);
	case 'M':
		return thresholds_state_word(arg, &c->mismatch_state);
	default:
		/* -h -V -v -C -W -S -D --sni --protocol and getopt's '?' */
		return -1;
	}
}

/*
 * The address, without blocking: a numeric one only (getaddrinfo with
 * AI_NUMERICHOST never asks a resolver).  One the -4/-6 family excludes is
 * what the plugin calls an invalid host.  0, or -1 to decline.
 */
static int
tcp_address(struct shim_tcp_conf *c)
{
	struct addrinfo hints, *res;
	struct sockaddr_in *sin;

	if (c->host[0] == '/')
		return -1; /* a unix socket: left to the plugin */
	if (c->port > 65535)
		return -1; /* the plugin's resolver folds it; not worth copying */
	memset(&c->sa, 0, sizeof(c->sa));
	sin = (struct sockaddr_in *)&c->sa;
	/* a dotted quad (what most checks name) without the resolver's
	 * allocations; the forms only inet_aton reads ("127.1", octal) and
	 * IPv6 go through getaddrinfo as before */
	if (inet_pton(AF_INET, c->host, &sin->sin_addr) == 1) {
		if (c->family != AF_UNSPEC && c->family != AF_INET)
			c->bad_host = 1;
		sin->sin_family = AF_INET;
		sin->sin_port = htons((uint16_t)c->port);
		c->salen = sizeof(*sin);
		return 0;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_protocol = IPPROTO_TCP;
	hints.ai_flags = AI_NUMERICHOST;
	if (getaddrinfo(c->host, NULL, &hints, &res) != 0)
		return -1;
	if (res->ai_addrlen > sizeof(c->sa)) {
		freeaddrinfo(res);
		return -1;
	}
	if (c->family != AF_UNSPEC && res->ai_family != c->family)
		c->bad_host = 1;
	memcpy(&c->sa, res->ai_addr, res->ai_addrlen);
	c->salen = res->ai_addrlen;
	freeaddrinfo(res);
	if (c->sa.ss_family == AF_INET)
		((struct sockaddr_in *)&c->sa)->sin_port = htons((uint16_t)c->port);
	else if (c->sa.ss_family == AF_INET6)
		((struct sockaddr_in6 *)&c->sa)->sin6_port = htons((uint16_t)c->port);
	else
		return -1;
	return 0;
}

static void *
tcp_parse(int argc, char *const argv[])
{
	struct shim_tcp_conf *c;
	struct thresholds_getopt g;
	const char **w;
	int i, opt, escape = 0, first = 1;

	if (argc < 2)
		return NULL; /* the plugin's "No arguments found" */
	for (i = 1; i < argc; i++)
		if (strncmp(argv[i], "--extra-opts", 12) == 0)
			return NULL; /* reads an ini file: the plugin's business */
	c = xcalloc(1, sizeof(*c));
	c->host = xstrdup("127.0.0.1");
	c->family = AF_UNSPEC;
	c->timeout = TCP_DEFAULT_TIMEOUT;
	c->refuse_state = THRESHOLDS_CRITICAL;
	c->mismatch_state = THRESHOLDS_WARNING;
	w = tcp_words(argc, argv);
	/* a first word that is not an option is the address, unnamed as without -H */
	if (!tcp_is_option(w[1])) {
		free(c->host);
		c->host = xstrdup(w[1]);
		first = 2;
	}
	thresholds_getopt_init(&g, argc, w, first);
	while ((opt = thresholds_getopt_next(&g, tcp_shortopts, tcp_longopts)) != -1)
		if (tcp_option(c, opt, g.arg, &escape) != 0)
			goto decline;
	if (!c->host_specified && g.ind < argc) {
		free(c->host);
		c->host = xstrdup(w[g.ind]);
	}
	if (tcp_address(c) != 0)
		goto decline;
	free(w);
	return c;
decline:
	free(w);
	tcp_conf_free(c);
	return NULL;
}

size_t
shim_tcp_trim(char *status, size_t len)
{
	static const char blanks[] = " \t\n\v\f\r";

	while (--len > 0 && status[len] != '\0' && strchr(blanks, status[len]) != NULL)
		status[len] = '\0';
	return len;
}

/* the text after "TCP STATE - ", up to the performance data */
static void
tcp_format_body(struct mbuf *f, const struct shim_tcp_conf *c,
    const struct shim_tcp_report *r)
{
	int mismatch = r->match == SHIM_TCP_MATCH_FAILURE;

	if (mismatch && r->last != 0 && !c->hide) {
		mbuf_adds(f, "Unexpected response from host/socket: ");
		mbuf_adds(f, r->status);
	} else {
		if (mismatch) {
			mbuf_adds(f, "Unexpected response from host/socket on ");
		} else {
			thresholds_fixed(f, (double)r->elapsed_us / 1.0e6, 3);
			mbuf_adds(f, " second response time on ");
		}
		if (c->host_specified)
			mbuf_addf(f, "%s port %d", c->host, c->port);
		else
			mbuf_addf(f, "port %d", c->port);
	}
	if (!mismatch && !c->hide && r->last != 0) {
		mbuf_adds(f, " [");
		mbuf_adds(f, r->status);
		mbuf_adds(f, "]");
	}
}

/* the plugin's normal ending: state from time and match, text, perfdata */
static int
tcp_format_report(struct mbuf *f, const struct shim_tcp_conf *c,
    const struct shim_tcp_report *r)
{
	double elapsed = (double)r->elapsed_us / 1.0e6;
	int mismatch = r->match == SHIM_TCP_MATCH_FAILURE;
	int state = THRESHOLDS_OK;
	struct thresholds_perf p;
	char *perf;

	if (c->has_crit && elapsed > c->crit)
		state = THRESHOLDS_CRITICAL;
	else if (c->has_warn && elapsed > c->warn)
		state = THRESHOLDS_WARNING;
	/* a mismatch overrides a warning, even with a milder -M */
	if (mismatch && state != THRESHOLDS_CRITICAL)
		state = c->mismatch_state;
	mbuf_adds(f, TCP_SERVICE " ");
	mbuf_adds(f, thresholds_state_text(state));
	mbuf_adds(f, " - ");
	tcp_format_body(f, c, r);
	memset(&p, 0, sizeof(p));
	p.label = "time";
	p.uom = "s";
	p.value = elapsed;
	p.has_warn = c->has_warn;
	p.has_crit = c->has_crit;
	p.warn = mismatch ? 0 : c->warn;
	p.crit = mismatch ? 0 : c->crit;
	p.has_min = p.has_max = 1;
	p.min = 0;
	p.max = (double)c->timeout;
	perf = thresholds_fperfdata(&p);
	mbuf_adds(f, "|");
	mbuf_adds(f, perf);
	mbuf_adds(f, "\n");
	free(perf);
	return state;
}

char *
shim_tcp_format(const struct shim_tcp_conf *c, const struct shim_tcp_report *r,
    size_t *len, int *rc)
{
	struct mbuf f = { 0 };

	switch (r->outcome) {
	case SHIM_TCP_BAD_HOST:
		mbuf_addf(&f, "%s %s - Invalid hostname, address or socket: %s\n",
		    TCP_SERVICE, thresholds_state_text(THRESHOLDS_CRITICAL), c->host);
		*rc = THRESHOLDS_CRITICAL;
		break;
	case SHIM_TCP_REFUSED:
	case SHIM_TCP_CONNECT_ERROR:
		/* any failed connect ends with the -r state, refused or not */
		mbuf_addf(&f, "connect to address %s and port %d: %s\n", c->host,
		    c->port, strerror(r->err));
		*rc = c->refuse_state;
		break;
	case SHIM_TCP_CONNECT_TIMEOUT:
	case SHIM_TCP_IO_TIMEOUT:
		mbuf_addf(&f, "%s - Socket timeout after %ld seconds\n",
		    thresholds_state_text(THRESHOLDS_CRITICAL), c->timeout);
		*rc = THRESHOLDS_CRITICAL;
		break;
	case SHIM_TCP_ENGINE_TIMEOUT:
		*rc = -1;
		break;
	case SHIM_TCP_NO_DATA:
		mbuf_adds(&f, "No data received from host\n");
		*rc = THRESHOLDS_CRITICAL;
		break;
	case SHIM_TCP_OK:
	case SHIM_TCP_MISMATCH:
		*rc = tcp_format_report(&f, c, r);
		break;
	}
	/* the engine-timeout case writes nothing: still a string */
	if (f.p == NULL)
		mbuf_add(&f, "", 0);
	*len = f.len;
	return f.p;
}

const struct shim_kind shim_tcp_kind = {
	.name = "check_tcp",
	.parse = tcp_parse,
	.free = tcp_conf_free,
	.start = shim_tcp_start,
};

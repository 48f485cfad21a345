/*
 * shim_int: what shim.c and the shims share, and what the unit tests may
 * look at, but the engine must not.  Each shim is one struct shim_kind in
 * shim.c's table; its runs start with a struct shim_run so shim_cancel can
 * reach the right code without knowing the kind.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SHIM_INT_H
#define JAQUE_SHIM_INT_H

#include <stddef.h>
#include <sys/socket.h>

#include "plugins-shim/shim.h"

/* the head of every shim's run; the rest is the shim's own */
struct shim_run {
	void (*cancel)(struct shim_run *r);
};

struct shim_kind {
	const char *name; /* the plugin's file name: "check_tcp" */
	/* heap parsed options, or NULL to decline argv */
	void *(*parse)(int argc, char *const argv[]);
	void (*free)(void *conf);
	struct shim_run *(*start)(struct ev_loop *loop, const void *conf,
	    double timeout_cap, shim_done_fn *done, void *arg);
};

/* the kind's parsed options inside a shim_check */
const void *shim_check_conf(const struct shim_check *c);

/* --- check_tcp (shim_tcp.c) --- */

extern const struct shim_kind shim_tcp_kind;

/* what check_tcp 2.3.3 would have understood from its command line */
struct shim_tcp_conf {
	char *host;          /* the address as written (printed as is) */
	int host_specified;  /* -H given: output names the host, else only the port */
	int port;            /* 0 when no -p, as the plugin leaves it */
	int family;          /* AF_UNSPEC, or AF_INET/AF_INET6 from -4/-6 */
	int bad_host;        /* numeric address the family excludes: plugin dies */
	struct sockaddr_storage sa;
	socklen_t salen;
	long timeout;        /* -t, whole seconds */
	char *send;          /* -s after -E processing, or NULL */
	char *quit;          /* -q with its "\r\n" (or -E processing), or NULL */
	char **expect;       /* -e strings, nexpect of them */
	size_t nexpect;
	int match_all;       /* -A */
	int hide;            /* -j */
	size_t maxbytes;     /* -m, 0: no limit */
	long delay;          /* -d seconds */
	int has_warn, has_crit;
	double warn, crit;   /* -w, -c seconds */
	int refuse_state;    /* -r */
	int mismatch_state;  /* -M */
};

/* how a run ended, before it becomes a plugin state and text */
enum shim_tcp_outcome {
	SHIM_TCP_OK,              /* talked and closed; expectations met or none */
	SHIM_TCP_MISMATCH,        /* data came, the expect strings did not */
	SHIM_TCP_NO_DATA,         /* expect set, the peer closed without a byte */
	SHIM_TCP_REFUSED,         /* ECONNREFUSED */
	SHIM_TCP_CONNECT_ERROR,   /* any other connect failure (err) */
	SHIM_TCP_CONNECT_TIMEOUT, /* -t ran out before the connection stood */
	SHIM_TCP_IO_TIMEOUT,      /* -t ran out while sending, waiting or reading */
	SHIM_TCP_ENGINE_TIMEOUT,  /* the engine's cap ran out first */
	SHIM_TCP_BAD_HOST,        /* address of the wrong family for -4/-6 */
};

const char *shim_tcp_outcome_str(enum shim_tcp_outcome o);

/* the plugin's np_expect_match results (substring mode) */
enum shim_tcp_match {
	/* no verdict: nothing expected, or -m cut the first read short */
	SHIM_TCP_MATCH_NONE = -1,
	SHIM_TCP_MATCH_SUCCESS,
	SHIM_TCP_MATCH_FAILURE,
	SHIM_TCP_MATCH_RETRY,
};

/* everything the output depends on */
struct shim_tcp_report {
	enum shim_tcp_outcome outcome;
	int err;                   /* errno for the connect outcomes */
	enum shim_tcp_match match;
	const char *status;        /* the response, NUL-terminated, trailing blanks cut */
	size_t last;               /* the plugin's len after its trimming loop */
	long elapsed_us;
};

/*
 * The plugin's stdout for report r under conf c, as a heap string (length
 * in *len), and its exit code in *rc (-1 for SHIM_TCP_ENGINE_TIMEOUT, whose
 * text is the engine's to write: the string is then empty).
 */
char *shim_tcp_format(const struct shim_tcp_conf *c,
    const struct shim_tcp_report *r, size_t *len, int *rc);

/*
 * Start one conversation (shim_tcp_run.c): shim_start for check_tcp.
 * Returns NULL, without calling done, when no socket can be had.
 */
struct shim_run *shim_tcp_start(struct ev_loop *loop, const void *conf,
    double timeout_cap, shim_done_fn *done, void *arg);

/*
 * The plugin's trimming of a response: the index its len ends on after
 * "while (--len > 0 && isspace(status[len]))", blanking what it passes.
 * len > 0.
 */
size_t shim_tcp_trim(char *status, size_t len);

#endif

/*
 * shim: in-process versions of common plugins, behind one interface.
 *
 * The engine offers every expanded check command line (split into argv,
 * see engine/worker/cmdsplit.h) to shim_find.  A shim claims it when
 * argv[0] names its plugin in the monitoring-plugins directory (or a
 * directory the caller allows) and every option is one it implements;
 * otherwise the line goes to a worker and runs the real plugin.  A
 * claimed check runs on the engine's libev loop (non-blocking sockets,
 * timers) and ends with the exit code and the exact stdout text the real
 * plugin would print (output and perfdata included, with its trailing
 * newline), handed to the callback once.
 *
 * First shim: check_tcp (shim_tcp.c), matching monitoring-plugins 2.3.3.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SHIM_H
#define JAQUE_SHIM_H

#include <stddef.h>

struct ev_loop;
struct shim_run;

struct shim_result {
	int rc;             /* 0..3 as the plugin would exit */
	const char *out;    /* what the plugin would print on stdout */
	size_t outlen;
};

typedef void shim_done_fn(void *arg, const struct shim_result *r);

/* an opaque parsed check: what shim_find returns and shim_start runs */
struct shim_check;

/*
 * Claim argv (argc words) when a shim implements it.  plugin_dir: the
 * directory whose plugins may be replaced (NULL: /usr/lib/nagios/plugins).
 * Returns a heap parsed check (free with shim_check_free), or NULL when no
 * shim claims the line.
 */
struct shim_check *shim_find(int argc, char *const argv[], const char *plugin_dir);
void shim_check_free(struct shim_check *c);
/* the name of the shim ("check_tcp") */
const char *shim_check_name(const struct shim_check *c);

/*
 * Run a parsed check on loop; the check is borrowed until done is called.
 * timeout_cap: the engine's own timeout (service_check_timeout) in seconds,
 * applied when shorter than the plugin's -t, with the engine's timeout
 * result then (done gets rc -1 and no output: the caller writes Nagios's
 * timeout text).  Returns a handle, or NULL when the check could not start
 * (done is then not called).  done is never called from inside shim_start;
 * r->out is the shim's and valid only while done runs, and the handle is
 * gone once done returns (no shim_cancel after it).
 */
struct shim_run *shim_start(struct ev_loop *loop, const struct shim_check *c,
    double timeout_cap, shim_done_fn *done, void *arg);
/* abandon a running check: done is not called */
void shim_cancel(struct shim_run *r);

#endif

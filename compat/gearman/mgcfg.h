/*
 * mgcfg: the options of mod_gearman's NEB module (version 5.2), read as
 * that module reads them, so that a site can keep its broker_module line,
 * its mod_gearman_neb.conf, its gearmand and its workers when jaque takes
 * the core's place.  Only the reading is here: no connection is made.
 *
 * Where options come from, in the order they are applied:
 *   1. the words after the module's path on a broker_module line of
 *      nagios.cfg, separated by single spaces (mgcfg_read_args); a
 *      config=FILE word (also configfile= and include=) reads that file at
 *      that point, so later words override it and it overrides earlier
 *      ones;
 *   2. jaque.cfg's lines "gearman_KEY=value" (mgcfg_set_jaque, which takes
 *      the key with its gearman_ prefix and strips it itself).
 * A key set twice keeps its last value; the list keys (server, hostgroups,
 * servicegroups, localhostgroups, localservicegroups, the perfdata queues)
 * add to what came before, in order.  A key file (keyfile=) is read by
 * mgcfg_finish, after everything else, and its key beats key=, wherever
 * the two were written: mod_gearman does the same.
 *
 * Keys are matched without regard to case, after leading '-' characters;
 * keys and values lose their surrounding blanks; in a file '#' starts a
 * comment anywhere on a line.  Keys mod_gearman knows but a core has no
 * use for (the worker's, send_gearman's, export, log modes...) are
 * accepted, their values not checked, and their names collected in
 * `ignored` for the caller to mention once.
 *
 * What mod_gearman logs and goes on with is a warning here, with the
 * meaning mod_gearman gives it, so that a file it runs with runs here: an
 * unknown key, a yes/no key with another word (yes), a number with other
 * characters (the number it begins with, 0 when none), a value outside the
 * range mod_gearman warns about (kept), a group name over 50 characters
 * (left out).  An error: what it refuses (a file that cannot be read, no
 * server, encryption without a key) and a server port that cannot be
 * one, which it would only fail to connect to; reported through diag with
 * the file, the line and the key.  jaque.cfg's gearman_ lines are jaque's
 * own syntax: there the tolerated mistakes are errors too.  What
 * mod_gearman accepts without a word is accepted with the same meaning (a
 * negative debug level is 0, "hosts" alone or "hosts=" means yes, an empty
 * host in server= is 0.0.0.0, ...).
 *
 * Callers: start-up (engine/main/gmsetup.c) for `jaque -v` and the daemon.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGCFG_H
#define JAQUE_MGCFG_H

#include "engine/util/vec.h"

struct diag;

#define MGCFG_DEFAULT_PORT 4730
#define MGCFG_KEY_MAX 32             /* bytes of the key that count (AES-256) */
#define MGCFG_KEY_SHORT 8            /* a shorter key is warned about */
#define MGCFG_GROUP_MAX 50           /* longest host or service group name */
#define MGCFG_DEPTH_MAX 10           /* config files within config files */
#define MGCFG_RESULT_QUEUE "check_results"
#define MGCFG_PERFDATA_QUEUE "perfdata"
#define MGCFG_JAQUE_PREFIX "gearman_"
/* the worker's defaults (mod_gearman_worker's) */
#define MGCFG_JOB_TIMEOUT 60
#define MGCFG_TIMEOUT_RETURN 2
#define MGCFG_MAX_WORKER 20

/* perfdata_mode: 1 sends each host's or service's data with a unique key
 * (a newer one replaces what waits in the queue); any other (2, or 0,
 * which mod_gearman also takes) appends */
#define MGCFG_PERFDATA_OVERWRITE 1
#define MGCFG_PERFDATA_APPEND 2

struct mgcfg_server {
	char *host; /* never empty: an empty host is "0.0.0.0" */
	int port;   /* 1..65535 */
};

/* the options, after mgcfg_finish; yes/no options are 0 or 1 */
struct mgcfg {
	struct vec servers;        /* struct mgcfg_server *, in order, each host:port once */
	int encryption;            /* 1 */
	char *key;                 /* NULL: none; at most MGCFG_KEY_MAX bytes */
	char *keyfile;             /* absolute, NULL: none */
	int hosts;                 /* 0, or 1 when no queue option was set at all */
	int services;              /* likewise */
	int eventhandler;          /* likewise */
	int notifications;         /* 0 */
	struct vec hostgroups;     /* char *: groups with a queue of their own */
	struct vec servicegroups;
	struct vec localhostgroups; /* char *: groups whose checks stay here */
	struct vec localservicegroups;
	char *queue_custom_variable; /* upper-cased; NULL: none (an empty value is none) */
	int route_eventhandler_like_checks; /* 0 */
	int perfdata;              /* 0 */
	struct vec perfdata_queues; /* char *, each once; "perfdata" for perfdata=yes; kept
	                             * by a later perfdata=no, which only turns perfdata off */
	int perfdata_mode;         /* MGCFG_PERFDATA_OVERWRITE */
	int perfdata_send_all;     /* 0 */
	/* as written: their \t and \n escapes are for the user of the template
	 * to turn into characters, as Nagios does with its perfdata templates */
	char *host_perfdata_template;    /* mod_gearman's default */
	char *service_perfdata_template; /* mod_gearman's default */
	char *result_queue;        /* "check_results" */
	int result_workers;        /* 1 */
	int orphan_host_checks;    /* 1 */
	int orphan_service_checks; /* 1 */
	int orphan_return;         /* 2 (0..3) */
	int accept_clear_results;  /* 0 */
	int use_uniq_jobs;         /* 1 */
	int do_hostchecks;         /* 1 */
	int latency_flatten_window; /* 30 seconds, <= 0: off */
	int internal_check_dummy;  /* 1 */
	int connection_timeout;    /* gearman_connection_timeout, ms: 5000 */
	int debug;                 /* 0 */
	char *logfile;             /* absolute, NULL: none */
	struct vec ignored;        /* char *: keys read that mean nothing to a core, each once */
	/* the worker's (jaque --gearman-worker); a core notes them in ignored */
	char *identifier;          /* NULL until mgcfg_finish_worker: the host name */
	int job_timeout;           /* seconds, for jobs without one: 60 (at least 1) */
	int timeout_return;        /* 2 (0..3) */
	int max_worker;            /* jobs run at once: 20 (at least 1) */
	int max_age;               /* seconds; an older job is not run: 0 (off) */
	int show_error_output;     /* 1: stderr goes into the result */
	int workaround_rc_25;      /* 0 */

	/* reading state, private to mgcfg.c */
	char *base_dir;            /* relative paths are taken against it */
	int by_hand;               /* queue options set (mod_gearman's set_queues_by_hand) */
	char *keyfile_file;        /* where keyfile= was last set */
	int keyfile_line;
	const char *keyfile_key;
	int depth;                 /* config files being read */
};

/*
 * A configuration holding mod_gearman's defaults.  base_dir: where
 * relative file names (config=, keyfile=, logfile=) start, normally
 * nagios.cfg's directory.  Free with mgcfg_free.
 */
struct mgcfg *mgcfg_new(const char *base_dir);
void mgcfg_free(struct mgcfg *m);

/*
 * The options of a broker_module line: args is the text after the
 * module's path; file and line are the broker_module line's, for the
 * diagnostics.  Returns the number of errors reported to d.
 */
int mgcfg_read_args(struct mgcfg *m, const char *args, const char *file, int line,
    struct diag *d);
/* A configuration file (or a directory of *.cfg and *.conf files), as
 * config=path reads it.  Returns the number of errors reported. */
int mgcfg_read_file(struct mgcfg *m, const char *path, struct diag *d);
/*
 * One jaque.cfg line: key still has its "gearman_" prefix, value is what
 * followed '='.  Returns the number of errors reported (1 when key does
 * not start with the prefix).
 */
int mgcfg_set_jaque(struct mgcfg *m, const char *key, const char *value, const char *file,
    int line, struct diag *d);
/*
 * One "key=value" (or a bare "key") from a source at file:line.  Returns
 * the number of errors reported.
 */
int mgcfg_set(struct mgcfg *m, const char *pair, const char *file, int line, struct diag *d);

/*
 * Once everything is read: the key file, the defaults that depend on what
 * was set (hosts, services and eventhandler on when no queue option was
 * given; the result queue), and the checks mod_gearman makes before it
 * starts (a server, a key when encrypting).  file and line name where the
 * mod_gearman setup was asked for (the broker_module line), for the
 * errors that belong to no single key.  Returns the number of errors.
 */
int mgcfg_finish(struct mgcfg *m, const char *file, int line, struct diag *d);

/*
 * mgcfg_finish for mod_gearman_worker's options (jaque --gearman-worker,
 * file its configuration file): the key file, the same checks of server
 * and key, and the worker's rules: no queue option at all means hosts,
 * services, event handlers and notifications, no queue at all is an
 * error, a timeout_return outside 0..3 is 2, the identifier defaults to
 * the host name.  Returns the number of errors.
 */
int mgcfg_finish_worker(struct mgcfg *m, const char *file, struct diag *d);

/* whether name is one of the worker's own keys that jaque's worker uses
 * (identifier, job_timeout, ...: those a core notes in `ignored`) */
int mgcfg_is_worker_key(const char *name);

/* whether host checks, service checks go to gearmand (mod_gearman's rule
 * for hooking them: do_hostchecks and hosts, host groups or the custom
 * variable; services, service or host groups or the custom variable) */
int mgcfg_sends_host_checks(const struct mgcfg *m);
int mgcfg_sends_service_checks(const struct mgcfg *m);

#endif

/*
 * gmworker: `jaque --gearman-worker [FILE] [key=value ...]`, a worker for
 * mod_gearman's queues, beside or instead of mod_gearman_worker.
 *
 * The words are mod_gearman_worker's options: a configuration file (a
 * word without '=', or config=FILE), then key=value pairs (a leading
 * "--" allowed), read by compat/gearman/mgcfg with the worker's defaults
 * (mgcfg_finish_worker).  It takes check jobs from the queues the options
 * ask for (host, service, eventhandler, notification, hostgroup_NAME,
 * servicegroup_NAME), runs them with jaque's worker pool and shims
 * (gmwrun.h), and sends each check's result to the job's result queue in
 * mod_gearman's format, encrypted with the shared key when encryption is on.
 *
 * SIGHUP opens the log file anew (for logrotate); the options are not
 * read again.  Runs until SIGTERM or SIGINT: then it takes no more jobs,
 * lets the ones running end (a second signal, or 10 seconds, and it
 * leaves them to gearmand, which hands them to another worker), and
 * exits 0.  Exits 2 on
 * a usage or configuration error, 1 when it cannot start.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GMWORKER_H
#define JAQUE_GMWORKER_H

/* argv[0] is "--gearman-worker"; returns the exit code */
int gmworker_main(int argc, char **argv);

#endif

/*
 * daemon: jaque running (see daemon.c): returns the process exit code.
 * daemonize: -d (detach, lock file).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DAEMON_H
#define JAQUE_DAEMON_H

int daemon_run(const char *config_path, const char *jaque_cfg, int daemonize);

#endif

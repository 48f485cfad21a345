/*
 * builtin: the bridge from the checker's builtin hook to plugins-shim.
 * The checker sits below the shims in the layering, so main wires them:
 * its run_builtin and cancel_builtin hooks call these.  Switched off by
 * builtin_checks=0 in jaque.cfg (main then sets no hook).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_BUILTIN_H
#define JAQUE_BUILTIN_H

struct ev_loop;
struct checker_run;
struct builtin;

struct builtin *builtin_new(struct ev_loop *loop, const char *plugin_dir);
/* cancels what is still running */
void builtin_free(struct builtin *b);
/* the checker's run_builtin: 1 when a shim took the check, 0 when not */
int builtin_run(struct builtin *b, struct checker_run *run, int argc, char *const argv[],
    double timeout);
/* the checker's cancel_builtin */
void builtin_cancel(struct builtin *b, struct checker_run *run);

#endif

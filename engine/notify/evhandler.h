/*
 * evhandler: event handlers and the obsessive compulsive processors
 * (OCSP, OCHP) with Nagios 4.4.6's semantics (base/sehandlers.c, and how
 * base/workers.c reports their end).
 *
 * The caller decides when: it calls evh_service / evh_host where Nagios
 * calls handle_service_event / handle_host_event, with the object's state
 * already holding what the handler must see (state, state type, attempt),
 * and evh_ocsp / evh_ochp after a result where Nagios runs the processors.
 * Everything inside is done here: the program-wide and per-object
 * switches (the object's from its state, never from obj_settings), the
 * command reference "name!arg1!arg2" and its $ARGn$, macro expansion as
 * Nagios does it for these commands (the same cleaning as checks), the
 * NAGIOS_* environment, the "EVENT HANDLER" lines of nagios.log, the
 * timeout, and the warning Nagios logs when a command is killed at it.
 *
 * Commands go through struct nrun (nrun.h): an event handler (not OCSP
 * or OCHP, which Nagios does not broker as handlers) is offered to
 * remote_takes() first, after its log line; run() borrows the command
 * line and environment for the call; the done callback owns a small heap
 * record (the expanded line, the object's names) until the command ends,
 * so a reload between start and end is harmless.
 *
 * base is a macro context with cfg, objs, hstates, sstates, cstates,
 * globals and now filled; it is copied, never written.  now stamps the
 * EVENT HANDLER lines; a timeout warning is stamped when the command
 * ends.  Thread: the loop's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_EVHANDLER_H
#define JAQUE_EVHANDLER_H

#include <time.h>

struct nrun;
struct macro_ctx;
struct prog_state;
struct obj_host;
struct obj_service;

/*
 * handle_service_event: nothing unless enable_event_handlers and the
 * service's event_handler_enabled are set; then the global service event
 * handler (when one is defined), then the service's own (when it has
 * one), each with its "GLOBAL SERVICE EVENT HANDLER: " / "SERVICE EVENT
 * HANDLER: " line first when log_event_handlers is set.  prog: the
 * CHANGE_GLOBAL_SVC_EVENT_HANDLER override (its global_service_event_handler
 * replaces the configured one when set); NULL: none.  Returns how many
 * commands were handed to nr->run or taken by nr->remote (0..2).
 */
int evh_service(const struct nrun *nr, const struct macro_ctx *base,
    const struct prog_state *prog, const struct obj_service *s, time_t now);

/* handle_host_event: as evh_service, for a host ("GLOBAL HOST EVENT HANDLER: ") */
int evh_host(const struct nrun *nr, const struct macro_ctx *base,
    const struct prog_state *prog, const struct obj_host *h, time_t now);

/*
 * The obsessive compulsive service processor: ocsp_command, killed after
 * ocsp_timeout, when obsess_over_services and the service's obsess are
 * set.  Nothing is logged unless it times out.  Returns 1 when the
 * command was handed to nr->run, else 0.
 */
int evh_ocsp(const struct nrun *nr, const struct macro_ctx *base, const struct obj_service *s);

/* the host processor: ochp_command, ochp_timeout, obsess_over_hosts and the host's obsess */
int evh_ochp(const struct nrun *nr, const struct macro_ctx *base, const struct obj_host *h);

#endif

/*
 * build: the last stage of the object reader.  Turns the flat definitions
 * expand.c leaves in a rawstore into a model generation (engine/objects),
 * as Nagios 4.4.6's registration does, and reports every name that does
 * not resolve.
 *
 * Order: every array and list comes out in the order Nagios's own arrays
 * and linked lists have, because objects.cache, macros and the CGIs show
 * them in that order.  Objects are sorted by name (strcmp; services by host
 * name, then description), ids are array indexes.  Lists read from one
 * directive (parents, contacts, contact_groups, exclude, notification
 * commands) are reversed, as Nagios prepends each item; service parents
 * given as "host,description" pairs keep their written order.  Host and
 * service group members are sorted by id (with use_large_installation_
 * tweaks they keep the order of the members slot: Nagios then prepends
 * them too); contactgroup members keep the order of the group's members
 * slot.  Reverse links (host children,
 * services and groups, service groups, contact groups) are in reverse
 * registration order.  Dependencies are sorted by master, then dependent,
 * notification before execution; escalations by host or service, later
 * definitions first.
 *
 * Findings are reported in the order Nagios would make them (duplicates
 * while reading, registration kind by kind, then names Nagios resolves only
 * in pre-flight: commands, parents, excluded periods), so the first one is
 * the one `nagios -v` stops at.  Their wording is Nagios's.
 *
 * Called once per generation, after expand_all.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_BUILD_H
#define JAQUE_BUILD_H

#include "compat/config/diag.h"
#include "compat/config/otypes.h"

struct main_cfg;
struct objects;
struct rawobj;
struct rawstore;

/*
 * Build a generation from the flat store rs.  Only registered definitions
 * not marked dead count.  Every unresolved name and every value Nagios
 * refuses at registration is reported to d with its file, line, object and
 * directive; the generation is still returned, as complete as the errors
 * allow (an unknown command keeps its text with cmd NULL, an unknown
 * period is NULL, an unknown list member is left out; a service on an
 * unknown host and a dependency or escalation on an unknown object are
 * dropped).  *nerrors is set to the number of errors reported here.
 * Strings are copied into the generation's arena; rs may be freed after.
 * cfg may be NULL.  Never returns NULL; free with objects_free.
 */
struct objects *build_objects(struct rawstore *rs, const struct main_cfg *cfg, struct diag *d,
    int *nerrors);

/*
 * The definition object id of type t (its index in the model's array) was
 * built from, or NULL.  Dependencies built from one definition (one per
 * kind) share it.  The pointer is into the rawstore: valid while its arena
 * lives.
 */
const struct rawobj *build_origin(const struct objects *o, enum otype t, unsigned id);

/*
 * preflight's location callback: ctx is the struct objects returned by
 * build_objects, otype a type name as written after "define".  Returns the
 * file and line (and otype) of the object's definition, or NULL.  Works
 * after the rawstore is gone; the answer is overwritten by the next call.
 */
const struct diag_loc *build_where(void *ctx, const char *otype, unsigned id);

/*
 * Report the findings that Nagios makes in its pre-flight check rather
 * than while reading (unknown commands, parents, periods, contacts...):
 * build_objects keeps them, and does not count them in *nerrors.  Returns
 * the number of errors reported.
 */
int build_report_late(const struct objects *o, struct diag *d);

#endif

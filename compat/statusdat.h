/*
 * statusdat: the writer of Nagios 4.4.6's status.dat.
 *
 * status.dat is what the CGIs (status.cgi, statusjson.cgi ...),
 * nagiostats and many add-ons read to learn the run-time state: program
 * switches and counters, every host, service and contact, the comments
 * and the scheduled downtime.  This module writes it from a snapshot
 * (compat/snapshot.h) byte for byte as Nagios's xsddefault does: the
 * header comment, then info, programstatus, the hoststatus,
 * servicestatus and contactstatus sections in object order, the comments
 * and the downtimes, with Nagios's keys, key order and number formats.
 * Called by the daemon every status_update_interval (engine/main/persist.c,
 * usually in a forked child) and at start and shutdown.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_STATUSDAT_H
#define JAQUE_STATUSDAT_H

#include <stddef.h>
#include <stdio.h>

struct snapshot;

/* the mode Nagios gives status.dat (its fchmod): rw-rw-r-- */
#define STATUSDAT_MODE 0664

/*
 * Write the status of s to fp.  s->objs, s->cfg, s->prog, s->hosts and
 * s->svcs are required (hosts and svcs when there are hosts and
 * services); s->ids, s->contacts, s->comments and s->downtimes may be
 * NULL (ids then as Nagios starts them, contacts as configured, no
 * comments, no downtime).  Returns 0, or -1 when a required part is
 * missing or the stream reports an error.
 */
int statusdat_fprint(FILE *fp, const struct snapshot *s);

/*
 * Write the status of s to path atomically (temporary file beside it,
 * fsync, rename: engine/util/afile.h) with mode STATUSDAT_MODE.  A NULL
 * path or "/dev/null" writes nothing and succeeds, as in Nagios.
 * Returns 0, or -1 with a message naming the step, the file and the errno
 * text in err (the old file then stays as it was).
 */
int statusdat_write(const char *path, const struct snapshot *s, char *err, size_t errlen);

#endif

/*
 * objcache: the writer of Nagios's objects.cache format.
 *
 * Nagios writes every object of a configuration, fully resolved (no
 * templates, groups expanded), into object_cache_file at start-up; the CGIs
 * and many add-ons read it as their only source of object definitions.  The
 * same format is used for precached_object_file (nagios -p).  This module
 * writes that file from a jaque configuration generation, byte for byte as
 * Nagios Core 4.4.6 does: same header, object order, key order, number
 * formats and option letters.  Called by start-up after a generation is
 * built, and by the -p pre-flight mode.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_OBJCACHE_H
#define JAQUE_OBJCACHE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct objects;

/*
 * Write o to path, via a temporary file in the same directory (synced,
 * then renamed over path), so readers never see a half-written file.  The
 * file gets the mode fopen would give it: an existing file's, else 0666
 * less the umask.  now is the time shown in the "# Created:" header.  A
 * NULL path or "/dev/null" writes nothing, as in Nagios.  Returns 0, or
 * -1 with a message holding the errno text in err (the old file, if any,
 * is then left untouched and no temporary remains).
 */
int objcache_write(const struct objects *o, const char *path, time_t now, char *err,
    size_t errlen);

/* The same, to an open stream.  Returns 0, or -1 when the stream reports an error. */
int objcache_fprint(const struct objects *o, FILE *fp, time_t now);

#endif

/*
 * gearproto: the binary protocol gearmand speaks with its clients and
 * workers, the packets jaque needs of it.  A packet is a twelve-byte
 * header (a magic "\0REQ" from client or worker, "\0RES" from the job
 * server; the type and the data's length as big-endian 32-bit numbers)
 * and the data: arguments separated by NUL bytes, the last one running to
 * the end (it may hold NULs itself: a job's workload).
 *
 * Pure functions over buffers: no sockets, no state.  Callers are the
 * daemon's transport (engine/main/gmwire) and its tests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_GEARPROTO_H
#define JAQUE_GEARPROTO_H

#include <stddef.h>
#include <stdint.h>

#include "engine/util/mbuf.h"

#define GEARPROTO_HDR 12 /* bytes of a packet's header */

/* the packet types used here, with the protocol's numbers */
enum gearproto_type {
	GEARPROTO_CAN_DO = 1,
	GEARPROTO_PRE_SLEEP = 4,
	GEARPROTO_NOOP = 6,
	GEARPROTO_JOB_CREATED = 8,
	GEARPROTO_GRAB_JOB = 9,
	GEARPROTO_NO_JOB = 10,
	GEARPROTO_JOB_ASSIGN = 11,
	GEARPROTO_WORK_COMPLETE = 13,
	GEARPROTO_ECHO_REQ = 16,
	GEARPROTO_ECHO_RES = 17,
	GEARPROTO_SUBMIT_JOB_BG = 18,
	GEARPROTO_ERROR = 19,
	GEARPROTO_SUBMIT_JOB_HIGH_BG = 32,
	GEARPROTO_SUBMIT_JOB_LOW_BG = 34,
};

/* a response packet found in a buffer: data points into it */
struct gearproto_packet {
	uint32_t type;
	const char *data;
	size_t len;
};

/*
 * Append a request of type t to b, its arguments args[0..nargs) of
 * lens[i] bytes each (NUL-separated; the last may hold anything).
 */
void gearproto_put(struct mbuf *b, enum gearproto_type t, const char *const *args,
    const size_t *lens, size_t nargs);

/*
 * A response packet at p (n bytes there): its size, header and data, when
 * the whole of it is there; 0 when more bytes are needed; -1 when p does
 * not start with "\0RES" or the data would be longer than max (the stream
 * is not to be trusted any further).
 */
long gearproto_take(const char *p, size_t n, size_t max, struct gearproto_packet *pk);

/*
 * Split pk's data into at most n arguments (the n-th takes the rest, NULs
 * and all): their starts in args and lengths in lens.  Returns how many
 * there are; arguments are not NUL-terminated.
 */
size_t gearproto_args(const struct gearproto_packet *pk, size_t n, const char **args,
    size_t *lens);

#endif

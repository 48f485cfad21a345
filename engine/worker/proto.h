/*
 * proto: the frames the engine and its workers exchange over their
 * socketpair (SOCK_STREAM), and the buffers that carry them.
 *
 * A frame is a 4-byte big-endian body length followed by the body.  The
 * body starts with a type byte, then fixed-width big-endian integers and
 * strings; a string is a 4-byte length, the bytes, and a NUL that the
 * length does not count (so a decoded string is used in place).
 *
 *   job:    'J' id:u64 timeout_ms:u32 output_cap:u32 shell:u8
 *           nargs:u32 str*nargs nenv:u32 str*nenv
 *           (shell 1: one arg, the line for /bin/sh -c; argv strings
 *           and env entries may not contain NUL)
 *   result: 'R' id:u64 status:u8 wait_status:i32 err_no:i32 flags:u8
 *           start:tv finish:tv utime:tv stime:tv
 *           maxrss minflt majflt inblock oublock nvcsw nivcsw:i64
 *           out:str err:str
 *           (tv: sec:i64 usec:i32; utime onwards is the rusage)
 *           (flags bit 0: stdout was truncated, bit 1: stderr was)
 *   ping:   'P'   (engine to worker: are you there?)
 *   pong:   'O'   (worker to engine: the answer, sent once every frame
 *                  before the ping has been read and its job started)
 *
 * The engine pings a worker only when it has jobs there and has heard
 * nothing from it for a while (pool_watch.c), so a worker whose results
 * flow never sees one.
 * Every length is checked against the frame before it is used, a frame
 * has a cap fixed by its reader, and decoding a frame never allocates
 * more than the argument vectors.  Both ends are processes of the same
 * binary, so there is no version negotiation.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_PROTO_H
#define JAQUE_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "engine/worker/pool.h"

#define PROTO_HDR 4u
#define PROTO_JOB 'J'
#define PROTO_RESULT 'R'
#define PROTO_PING 'P'
#define PROTO_PONG 'O'
/* the bytes of a ping or pong frame, its header included */
#define PROTO_CTL_LEN (PROTO_HDR + 1u)
/* largest job body: command line plus environment macros */
#define PROTO_JOB_MAX ((size_t)8 << 20)
/* largest per-stream output cap a job may ask for */
#define PROTO_CAP_MAX ((size_t)64 << 20)
/* the size of a result body less its two strings' bytes */
#define PROTO_RESULT_FIXED 133u

#define PROTO_F_OUT_TRUNC 1u
#define PROTO_F_ERR_TRUNC 2u

/* a decoded job; the strings point into the frame it came from */
struct proto_job {
	uint64_t id;
	uint32_t timeout_ms;
	uint32_t output_cap;
	int shell;
	const char **argv;  /* NULL-terminated; argv[0] the shell line if shell */
	const char **env;   /* NULL-terminated "K=V" entries */
};

struct proto_wq;
/*
 * Append the frame of job (its argv, or its shell_line when argv is NULL)
 * with id and output cap to q.  Returns 0, or -1 (q unchanged) when the
 * job has no command, cap exceeds PROTO_CAP_MAX or the body would exceed
 * PROTO_JOB_MAX.
 */
int proto_job_encode(struct proto_wq *q, uint64_t id, const struct wjob *job, size_t cap);
/*
 * Decode body (len bytes, the type byte included).  Returns 0 and fills
 * j (free its vectors with proto_job_clear), or -1 when the body is not a
 * well-formed job; *id_out is set whenever at least the id could be read
 * (else left alone), so the sender can be told which job was refused.
 */
int proto_job_decode(const char *body, size_t len, struct proto_job *j, uint64_t *id_out);
void proto_job_clear(struct proto_job *j);

/* append the frame of result r for job id to q */
void proto_result_encode(struct proto_wq *q, uint64_t id, const struct wresult *r);
/*
 * Decode body into *r and *id; r's strings point into body.  Returns 0, or
 * -1 when the body is malformed or a string exceeds cap bytes.
 */
int proto_result_decode(const char *body, size_t len, size_t cap, uint64_t *id,
    struct wresult *r);

/* append a frame of one type byte (PROTO_PING or PROTO_PONG) to q */
void proto_ctl_encode(struct proto_wq *q, char type);
/* 1 when body (len bytes) is a frame of that one type byte, else 0 */
int proto_is_ctl(const char *body, size_t len, char type);

/*
 * proto_rd: frames in from a non-blocking stream.  The buffer grows to
 * hold one frame at most (max body bytes plus the header).
 */
struct proto_rd {
	char *buf;
	size_t len;    /* bytes held */
	size_t off;    /* start of the first frame not yet handed out */
	size_t alloc;
	size_t max;    /* largest body accepted */
};

void proto_rd_init(struct proto_rd *rd, size_t max_body);
void proto_rd_free(struct proto_rd *rd);
/*
 * Read what fd has (one read of up to 64 KiB, after dropping the frames
 * already handed out; frames handed out before are invalid afterwards).
 * Returns the bytes read, 0 at end of stream, -1 with errno (EAGAIN when
 * nothing is there).
 */
long proto_rd_fill(struct proto_rd *rd, int fd);
/*
 * The next complete frame: returns 1 with *body and *len set (valid until
 * the next proto_rd_fill), 0 when more bytes are needed, -1 when the
 * frame announces a body larger than the cap or empty (the stream cannot
 * be resynchronised).
 */
int proto_rd_next(struct proto_rd *rd, const char **body, size_t *len);

/*
 * proto_wq: frames out to a non-blocking stream, queued without limit
 * (the pool and the worker bound what they queue by the jobs in flight).
 */
struct proto_wq {
	char *buf;
	size_t len;
	size_t off;    /* first byte not yet written */
	size_t alloc;
};

void proto_wq_init(struct proto_wq *q);
void proto_wq_free(struct proto_wq *q);
/* bytes waiting to be written */
size_t proto_wq_pending(const struct proto_wq *q);
/* append raw bytes */
void proto_wq_put(struct proto_wq *q, const void *p, size_t n);
/*
 * Write what fits (send with MSG_NOSIGNAL, so a closed peer gives EPIPE,
 * not SIGPIPE).  Returns 0 when the queue is empty, 1 when bytes remain
 * (wait for the fd to be writable), -1 with errno on a write error.
 */
int proto_wq_flush(struct proto_wq *q, int fd);

#endif

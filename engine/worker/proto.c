/*
 * proto: encoding and decoding of the job and result frames (the format
 * is described in proto.h), and the two stream buffers both ends use.
 *
 * The decoders treat their input as hostile: a worker may be confused
 * and a frame may be cut anywhere, so every read goes through a cursor
 * that refuses to run past the body, counts are checked against the
 * bytes left before anything is allocated, and strings must end in the
 * NUL the encoder put there.  Encoders trust their caller.
 *
 * Called by pool.c (engine side) and worker.c (worker side).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/worker/proto.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "engine/util/xalloc.h"

#define PROTO_READ_CHUNK ((size_t)64 << 10)
/* a string on the wire: its length, its bytes, its NUL */
#define PROTO_STR_OVERHEAD 5u

/* --- output queue --- */

void
proto_wq_init(struct proto_wq *q)
{
	memset(q, 0, sizeof(*q));
}

void
proto_wq_free(struct proto_wq *q)
{
	free(q->buf);
	proto_wq_init(q);
}

size_t
proto_wq_pending(const struct proto_wq *q)
{
	return q->len - q->off;
}

/* make room for n more bytes, dropping what was written already */
static char *
proto_wq_reserve(struct proto_wq *q, size_t n)
{
	if (q->off > 0 && q->off == q->len) {
		q->off = 0;
		q->len = 0;
	} else if (q->off > 0 && q->len + n > q->alloc) {
		memmove(q->buf, q->buf + q->off, q->len - q->off);
		q->len -= q->off;
		q->off = 0;
	}
	if (q->len + n > q->alloc) {
		size_t want = q->alloc ? q->alloc : 4096;

		while (want < q->len + n)
			want *= 2;
		q->buf = xrealloc(q->buf, want);
		q->alloc = want;
	}
	return q->buf + q->len;
}

void
proto_wq_put(struct proto_wq *q, const void *p, size_t n)
{
	memcpy(proto_wq_reserve(q, n), p, n);
	q->len += n;
}

int
proto_wq_flush(struct proto_wq *q, int fd)
{
	while (q->off < q->len) {
		ssize_t w = send(fd, q->buf + q->off, q->len - q->off, MSG_NOSIGNAL);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return 1;
			return -1;
		}
		q->off += (size_t)w;
	}
	q->off = 0;
	q->len = 0;
	return 0;
}

/* --- big-endian writers into a reserved region --- */


static char *
put_u8(char *p, unsigned v)
{
	*p++ = (char)(v & 0xff);
	return p;
}

static char *
put_u32(char *p, uint32_t v)
{
	int k;

	for (k = 3; k >= 0; k--)
		*p++ = (char)((v >> (k * 8)) & 0xff);
	return p;
}

static char *
put_u64(char *p, uint64_t v)
{
	p = put_u32(p, (uint32_t)(v >> 32));
	return put_u32(p, (uint32_t)v);
}

static char *
put_str(char *p, const char *s, size_t n)
{
	p = put_u32(p, (uint32_t)n);
	if (n > 0)
		memcpy(p, s, n);
	p += n;
	*p++ = '\0';
	return p;
}

/* --- ping and pong --- */

void
proto_ctl_encode(struct proto_wq *q, char type)
{
	char *p = proto_wq_reserve(q, PROTO_CTL_LEN);

	p = put_u32(p, 1);
	(void)put_u8(p, (unsigned char)type);
	q->len += PROTO_CTL_LEN;
}

int
proto_is_ctl(const char *body, size_t len, char type)
{
	return len == 1 && body[0] == type;
}

/* --- bounded reader --- */

struct cur {
	const unsigned char *p;
	size_t left;
	int bad;
};

static int
cur_take(struct cur *c, size_t n)
{
	if (c->bad || c->left < n) {
		c->bad = 1;
		return -1;
	}
	return 0;
}

static uint64_t
get_be(struct cur *c, size_t n)
{
	uint64_t v = 0;
	size_t k;

	if (cur_take(c, n) < 0)
		return 0;
	for (k = 0; k < n; k++)
		v = (v << 8) | c->p[k];
	c->p += n;
	c->left -= n;
	return v;
}

static int64_t
get_i64(struct cur *c)
{
	return (int64_t)get_be(c, 8);
}

static int32_t
get_i32(struct cur *c)
{
	return (int32_t)(uint32_t)get_be(c, 4);
}

/* a string of at most max bytes; with nonul, one without inner NUL */
static const char *
get_str(struct cur *c, size_t max, int nonul, size_t *lenp)
{
	size_t n = (size_t)get_be(c, 4);
	const char *s;

	if (c->bad || n > max || n >= c->left || c->p[n] != '\0') {
		c->bad = 1;
		return NULL;
	}
	s = (const char *)c->p;
	if (nonul && memchr(s, '\0', n) != NULL) {
		c->bad = 1;
		return NULL;
	}
	c->p += n + 1;
	c->left -= n + 1;
	if (lenp != NULL)
		*lenp = n;
	return s;
}

/* --- jobs --- */

static size_t
vec_count(const char *const *v)
{
	size_t n = 0;

	while (v != NULL && v[n] != NULL)
		n++;
	return n;
}

int
proto_job_encode(struct proto_wq *q, uint64_t id, const struct wjob *job, size_t cap)
{
	const char *const *args = job->argv;
	size_t nargs = vec_count(args), nenv = vec_count(job->env);
	size_t body, k, ms;
	double t = job->timeout;
	char *p;

	if (args == NULL && job->shell_line == NULL)
		return -1;
	if (args != NULL && nargs == 0)
		return -1;
	if (cap > PROTO_CAP_MAX)
		return -1;
	if (args == NULL)
		nargs = 1;
	body = 1 + 8 + 4 + 4 + 1 + 4 + 4;
	for (k = 0; k < nargs; k++)
		body += PROTO_STR_OVERHEAD + strlen(args ? args[k] : job->shell_line);
	for (k = 0; k < nenv; k++)
		body += PROTO_STR_OVERHEAD + strlen(job->env[k]);
	if (body > PROTO_JOB_MAX)
		return -1;

	/* a negative or absurd timeout becomes 0, which the worker reads as its default */
	if (!(t > 0))
		ms = 0;
	else if (t > 4e6)
		ms = 4000000000u;
	else
		ms = (size_t)(t * 1000.0 + 0.5);
	if (t > 0 && ms == 0)
		ms = 1;  /* a tiny timeout is still one, not the default */

	p = proto_wq_reserve(q, PROTO_HDR + body);
	p = put_u32(p, (uint32_t)body);
	p = put_u8(p, PROTO_JOB);
	p = put_u64(p, id);
	p = put_u32(p, (uint32_t)ms);
	p = put_u32(p, (uint32_t)cap);
	p = put_u8(p, args == NULL);
	p = put_u32(p, (uint32_t)nargs);
	for (k = 0; k < nargs; k++) {
		const char *s = args ? args[k] : job->shell_line;

		p = put_str(p, s, strlen(s));
	}
	p = put_u32(p, (uint32_t)nenv);
	for (k = 0; k < nenv; k++)
		p = put_str(p, job->env[k], strlen(job->env[k]));
	q->len += PROTO_HDR + body;
	return 0;
}

/* read n strings into a fresh NULL-terminated vector, or NULL */
static const char **
get_strv(struct cur *c, size_t n)
{
	const char **v;
	size_t k;

	/* each string takes at least PROTO_STR_OVERHEAD bytes */
	if (c->bad || n > c->left / PROTO_STR_OVERHEAD) {
		c->bad = 1;
		return NULL;
	}
	v = xcalloc(n + 1, sizeof(*v));
	for (k = 0; k < n; k++) {
		v[k] = get_str(c, PROTO_JOB_MAX, 1, NULL);
		if (v[k] == NULL) {
			free(v);
			return NULL;
		}
	}
	return v;
}

int
proto_job_decode(const char *body, size_t len, struct proto_job *j, uint64_t *id_out)
{
	struct cur c = { (const unsigned char *)body, len, 0 };
	size_t nargs, nenv;
	unsigned shell;

	memset(j, 0, sizeof(*j));
	if (get_be(&c, 1) != PROTO_JOB || c.bad)
		return -1;
	j->id = get_be(&c, 8);
	if (c.bad)
		return -1;
	*id_out = j->id;
	j->timeout_ms = (uint32_t)get_be(&c, 4);
	j->output_cap = (uint32_t)get_be(&c, 4);
	shell = (unsigned)get_be(&c, 1);
	nargs = (size_t)get_be(&c, 4);
	if (c.bad || shell > 1 || nargs == 0 || (shell && nargs != 1) ||
	    j->output_cap > PROTO_CAP_MAX)
		return -1;
	j->shell = (int)shell;
	j->argv = get_strv(&c, nargs);
	if (j->argv == NULL)
		goto bad;
	nenv = (size_t)get_be(&c, 4);
	j->env = get_strv(&c, nenv);
	if (j->env == NULL || c.left != 0)
		goto bad;
	return 0;
bad:
	proto_job_clear(j);
	return -1;
}

void
proto_job_clear(struct proto_job *j)
{
	free(j->argv);
	free(j->env);
	j->argv = NULL;
	j->env = NULL;
}

/* --- results --- */

static char *
put_tv(char *p, const struct timeval *tv)
{
	p = put_u64(p, (uint64_t)(int64_t)tv->tv_sec);
	return put_u32(p, (uint32_t)(int32_t)tv->tv_usec);
}

static void
get_tv(struct cur *c, struct timeval *tv)
{
	tv->tv_sec = (time_t)get_i64(c);
	tv->tv_usec = (suseconds_t)get_i32(c);
	if (tv->tv_usec < 0 || tv->tv_usec >= 1000000)
		c->bad = 1;
}

/* the rusage counters carried, in wire order */
static long *
ru_field(struct rusage *ru, int k)
{
	switch (k) {
	case 0: return &ru->ru_maxrss;
	case 1: return &ru->ru_minflt;
	case 2: return &ru->ru_majflt;
	case 3: return &ru->ru_inblock;
	case 4: return &ru->ru_oublock;
	case 5: return &ru->ru_nvcsw;
	default: return &ru->ru_nivcsw;
	}
}
#define PROTO_RU_LONGS 7

void
proto_result_encode(struct proto_wq *q, uint64_t id, const struct wresult *r)
{
	size_t body = PROTO_RESULT_FIXED + (r->out ? r->outlen : 0) + (r->err ? r->errlen : 0);
	struct rusage ru = r->ru;
	unsigned flags = 0;
	char *p, *start;
	int k;

	if (r->out_truncated)
		flags |= PROTO_F_OUT_TRUNC;
	if (r->err_truncated)
		flags |= PROTO_F_ERR_TRUNC;
	start = p = proto_wq_reserve(q, PROTO_HDR + body);
	p = put_u32(p, (uint32_t)body);
	p = put_u8(p, PROTO_RESULT);
	p = put_u64(p, id);
	p = put_u8(p, (unsigned)r->status);
	p = put_u32(p, (uint32_t)r->wait_status);
	p = put_u32(p, (uint32_t)r->err_no);
	p = put_u8(p, flags);
	p = put_tv(p, &r->start);
	p = put_tv(p, &r->finish);
	p = put_tv(p, &ru.ru_utime);
	p = put_tv(p, &ru.ru_stime);
	for (k = 0; k < PROTO_RU_LONGS; k++)
		p = put_u64(p, (uint64_t)(int64_t)*ru_field(&ru, k));
	p = put_str(p, r->out ? r->out : "", r->out ? r->outlen : 0);
	p = put_str(p, r->err ? r->err : "", r->err ? r->errlen : 0);
	if ((size_t)(p - start) != PROTO_HDR + body)
		abort();  /* the fixed size above is out of step with the format */
	q->len += PROTO_HDR + body;
}

int
proto_result_decode(const char *body, size_t len, size_t cap, uint64_t *id,
    struct wresult *r)
{
	struct cur c = { (const unsigned char *)body, len, 0 };
	unsigned status, flags;
	int k;

	memset(r, 0, sizeof(*r));
	if (get_be(&c, 1) != PROTO_RESULT)
		return -1;
	*id = get_be(&c, 8);
	status = (unsigned)get_be(&c, 1);
	r->wait_status = get_i32(&c);
	r->err_no = get_i32(&c);
	flags = (unsigned)get_be(&c, 1);
	get_tv(&c, &r->start);
	get_tv(&c, &r->finish);
	get_tv(&c, &r->ru.ru_utime);
	get_tv(&c, &r->ru.ru_stime);
	for (k = 0; k < PROTO_RU_LONGS; k++)
		*ru_field(&r->ru, k) = (long)get_i64(&c);
	r->out = get_str(&c, cap, 0, &r->outlen);
	r->err = get_str(&c, cap, 0, &r->errlen);
	if (c.bad || c.left != 0 || status >= WRES_NSTATUS ||
	    (flags & ~(PROTO_F_OUT_TRUNC | PROTO_F_ERR_TRUNC)) != 0)
		return -1;
	r->status = (enum wres_status)status;
	r->out_truncated = (flags & PROTO_F_OUT_TRUNC) != 0;
	r->err_truncated = (flags & PROTO_F_ERR_TRUNC) != 0;
	return 0;
}

/* --- input frames --- */

void
proto_rd_init(struct proto_rd *rd, size_t max_body)
{
	memset(rd, 0, sizeof(*rd));
	rd->max = max_body;
}

void
proto_rd_free(struct proto_rd *rd)
{
	free(rd->buf);
	rd->buf = NULL;
	rd->len = rd->off = rd->alloc = 0;
}

long
proto_rd_fill(struct proto_rd *rd, int fd)
{
	ssize_t n;

	if (rd->off > 0) {
		memmove(rd->buf, rd->buf + rd->off, rd->len - rd->off);
		rd->len -= rd->off;
		rd->off = 0;
	}
	if (rd->alloc - rd->len < PROTO_READ_CHUNK) {
		size_t want = rd->alloc ? rd->alloc : PROTO_READ_CHUNK;

		while (want - rd->len < PROTO_READ_CHUNK)
			want *= 2;
		rd->buf = xrealloc(rd->buf, want);
		rd->alloc = want;
	}
	do
		n = read(fd, rd->buf + rd->len, PROTO_READ_CHUNK);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		rd->len += (size_t)n;
	return (long)n;
}

int
proto_rd_next(struct proto_rd *rd, const char **body, size_t *len)
{
	const unsigned char *h;
	size_t avail = rd->len - rd->off, n;

	if (avail < PROTO_HDR)
		return 0;
	h = (const unsigned char *)rd->buf + rd->off;
	n = ((size_t)h[0] << 24) | ((size_t)h[1] << 16) | ((size_t)h[2] << 8) | h[3];
	if (n == 0 || n > rd->max) {
		errno = EMSGSIZE;
		return -1;
	}
	if (avail - PROTO_HDR < n)
		return 0;
	*body = rd->buf + rd->off + PROTO_HDR;
	*len = n;
	rd->off += PROTO_HDR + n;
	return 1;
}

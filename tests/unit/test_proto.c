/*
 * test_proto: the worker frames and their buffers.  Round trips of job and
 * result frames; refusal of every truncation of a valid frame and of the
 * malformed fields a confused peer could send (counts larger than the
 * frame, strings without their NUL or with one inside, unknown status or
 * flags, trailing bytes); the encoder's refusals (no command, cap, size);
 * the frame reader fed one byte at a time and several frames at once,
 * and its refusal of empty and oversized frames; ping and pong frames
 * among jobs; the output queue against a full socket and a closed peer
 * (EPIPE, no SIGPIPE).  Only socketpairs.
 * Links engine/worker/proto.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/worker/proto.h"

/* the body of the single frame in q */
static const char *
only_body(const struct proto_wq *q, size_t *len)
{
	const unsigned char *h = (const unsigned char *)q->buf + q->off;
	size_t n = ((size_t)h[0] << 24) | ((size_t)h[1] << 16) | ((size_t)h[2] << 8) | h[3];

	assert_int_equal(n + PROTO_HDR, proto_wq_pending(q));
	*len = n;
	return (const char *)h + PROTO_HDR;
}

static void
t_job_roundtrip(void **state)
{
	const char *argv[] = { "/usr/lib/nagios/plugins/check_ping", "-H", "", "a b", NULL };
	const char *env[] = { "NAGIOS_HOSTNAME=web 1", "X=", NULL };
	struct wjob job = { argv, NULL, env, 2.5 };
	struct proto_job pj;
	struct proto_wq q;
	const char *body;
	uint64_t id = 0;
	size_t len;

	(void)state;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 0x0123456789abcdefULL, &job, 65536), 0);
	body = only_body(&q, &len);
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_true(id == 0x0123456789abcdefULL);
	assert_true(pj.id == id);
	assert_int_equal(pj.timeout_ms, 2500);
	assert_int_equal(pj.output_cap, 65536);
	assert_int_equal(pj.shell, 0);
	assert_string_equal(pj.argv[0], argv[0]);
	assert_string_equal(pj.argv[1], "-H");
	assert_string_equal(pj.argv[2], "");
	assert_string_equal(pj.argv[3], "a b");
	assert_null(pj.argv[4]);
	assert_string_equal(pj.env[0], env[0]);
	assert_string_equal(pj.env[1], "X=");
	assert_null(pj.env[2]);
	proto_job_clear(&pj);
	proto_wq_free(&q);
}

static void
t_job_shell_and_timeouts(void **state)
{
	struct wjob job = { NULL, "echo a | tr a b; exit 2", NULL, 0.0 };
	struct proto_job pj;
	struct proto_wq q;
	const char *body;
	uint64_t id;
	size_t len;

	(void)state;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 7, &job, 0), 0);
	body = only_body(&q, &len);
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_int_equal(pj.shell, 1);
	assert_string_equal(pj.argv[0], job.shell_line);
	assert_null(pj.argv[1]);
	assert_null(pj.env[0]);
	assert_int_equal(pj.timeout_ms, 0);
	assert_int_equal(pj.output_cap, 0);
	proto_job_clear(&pj);
	proto_wq_free(&q);

	/* negative and huge timeouts are clamped, fractions rounded */
	job.timeout = -3;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 8, &job, 10), 0);
	body = only_body(&q, &len);
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_int_equal(pj.timeout_ms, 0);
	proto_job_clear(&pj);
	proto_wq_free(&q);

	job.timeout = 1e12;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 9, &job, 10), 0);
	body = only_body(&q, &len);
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_true(pj.timeout_ms == 4000000000u);
	proto_job_clear(&pj);
	proto_wq_free(&q);

	/* a tiny timeout stays a timeout (0 would mean the default) */
	job.timeout = 0.0004;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 10, &job, 10), 0);
	body = only_body(&q, &len);
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_int_equal(pj.timeout_ms, 1);
	proto_job_clear(&pj);
	proto_wq_free(&q);
}

static void
t_job_encode_refusals(void **state)
{
	const char *noargs[] = { NULL };
	const char *argv[] = { "/bin/true", NULL };
	const char *bigenv[] = { NULL, NULL };
	struct wjob none = { NULL, NULL, NULL, 1 };
	struct wjob empty = { noargs, "ignored", NULL, 1 };
	struct wjob ok = { argv, NULL, NULL, 1 };
	struct wjob big = { argv, NULL, bigenv, 1 };
	struct proto_wq q;
	char *huge;

	(void)state;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 1, &none, 10), -1);
	assert_int_equal(proto_job_encode(&q, 1, &empty, 10), -1);
	assert_int_equal(proto_job_encode(&q, 1, &ok, PROTO_CAP_MAX + 1), -1);
	huge = malloc(PROTO_JOB_MAX + 1);
	assert_non_null(huge);
	memset(huge, 'x', PROTO_JOB_MAX);
	huge[PROTO_JOB_MAX] = '\0';
	bigenv[0] = huge;
	assert_int_equal(proto_job_encode(&q, 1, &big, 10), -1);
	free(huge);
	assert_int_equal(proto_wq_pending(&q), 0);
	proto_wq_free(&q);
}

/* every proper prefix of a valid body is refused; the id shows once read */
static void
t_job_truncations(void **state)
{
	const char *argv[] = { "/bin/echo", "x", NULL };
	const char *env[] = { "A=1", NULL };
	struct wjob job = { argv, NULL, env, 1 };
	struct proto_job pj;
	struct proto_wq q;
	const char *body;
	size_t len, k;

	(void)state;
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 42, &job, 100), 0);
	body = only_body(&q, &len);
	for (k = 0; k < len; k++) {
		uint64_t id = 99;

		assert_int_equal(proto_job_decode(body, k, &pj, &id), -1);
		assert_null(pj.argv);
		assert_true(id == (k >= 9 ? 42u : 99u));
	}
	proto_wq_free(&q);
}

/* a body built by hand: type, id, timeout, cap, shell, then the rest */
struct hb {
	char b[256];
	size_t n;
};

static void
hb_u(struct hb *h, uint64_t v, int bytes)
{
	int k;

	for (k = bytes - 1; k >= 0; k--)
		h->b[h->n++] = (char)((v >> (8 * k)) & 0xff);
}

static void
hb_s(struct hb *h, const char *s, size_t n, int nul)
{
	hb_u(h, n, 4);
	memcpy(h->b + h->n, s, n);
	h->n += n;
	if (nul)
		h->b[h->n++] = '\0';
}

static void
hb_head(struct hb *h, int shell, uint32_t nargs)
{
	h->n = 0;
	hb_u(h, PROTO_JOB, 1);
	hb_u(h, 5, 8);
	hb_u(h, 1000, 4);
	hb_u(h, 100, 4);
	hb_u(h, (uint64_t)shell, 1);
	hb_u(h, nargs, 4);
}

static void
t_job_malformed(void **state)
{
	struct proto_job pj;
	struct hb h;
	uint64_t id;

	(void)state;
	/* well-formed, as a baseline */
	hb_head(&h, 0, 1);
	hb_s(&h, "ab", 2, 1);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), 0);
	assert_string_equal(pj.argv[0], "ab");
	proto_job_clear(&pj);
	/* trailing byte */
	h.b[h.n++] = 'x';
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);

	/* string without its NUL, string with a NUL inside */
	hb_head(&h, 0, 1);
	hb_s(&h, "ab", 2, 0);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);
	hb_head(&h, 0, 1);
	hb_s(&h, "a\0b", 3, 1);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);

	/* a count no frame could hold, and a string length past the end */
	hb_head(&h, 0, 0xffffffffu);
	hb_s(&h, "ab", 2, 1);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);
	hb_head(&h, 0, 1);
	hb_u(&h, 0x7fffffff, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);

	/* no args; a shell job with two; a shell flag of 2 */
	hb_head(&h, 0, 0);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);
	hb_head(&h, 1, 2);
	hb_s(&h, "a", 1, 1);
	hb_s(&h, "b", 1, 1);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);
	hb_head(&h, 2, 1);
	hb_s(&h, "a", 1, 1);
	hb_u(&h, 0, 4);
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);

	/* a result is not a job */
	hb_head(&h, 0, 1);
	h.b[0] = PROTO_RESULT;
	assert_int_equal(proto_job_decode(h.b, h.n, &pj, &id), -1);
}

static void
fill_result(struct wresult *r)
{
	memset(r, 0, sizeof(*r));
	r->status = WRES_TIMEOUT;
	r->wait_status = -7;
	r->err_no = 113;
	r->out = "OK - fine|a=1\nlong\0tail";
	r->outlen = 23;
	r->err = "";
	r->errlen = 0;
	r->out_truncated = 1;
	r->start.tv_sec = 1700000000;
	r->start.tv_usec = 999999;
	r->finish.tv_sec = -5;
	r->finish.tv_usec = 0;
	r->ru.ru_utime.tv_sec = 3;
	r->ru.ru_utime.tv_usec = 4;
	r->ru.ru_stime.tv_usec = 5;
	r->ru.ru_maxrss = 123456789012L;
	r->ru.ru_minflt = 1;
	r->ru.ru_majflt = 2;
	r->ru.ru_inblock = 3;
	r->ru.ru_oublock = 4;
	r->ru.ru_nvcsw = 5;
	r->ru.ru_nivcsw = -6;
}

static void
t_result_roundtrip(void **state)
{
	struct wresult r, d;
	struct proto_wq q;
	const char *body;
	uint64_t id;
	size_t len;

	(void)state;
	fill_result(&r);
	proto_wq_init(&q);
	proto_result_encode(&q, 77, &r);
	body = only_body(&q, &len);
	assert_int_equal(len, PROTO_RESULT_FIXED + 23);
	assert_int_equal(proto_result_decode(body, len, 64, &id, &d), 0);
	assert_true(id == 77);
	assert_int_equal(d.status, WRES_TIMEOUT);
	assert_int_equal(d.wait_status, -7);
	assert_int_equal(d.err_no, 113);
	assert_int_equal(d.outlen, 23);
	assert_memory_equal(d.out, r.out, 23);
	assert_int_equal(d.out[23], '\0');
	assert_int_equal(d.errlen, 0);
	assert_string_equal(d.err, "");
	assert_int_equal(d.out_truncated, 1);
	assert_int_equal(d.err_truncated, 0);
	assert_int_equal(d.start.tv_sec, 1700000000);
	assert_int_equal(d.start.tv_usec, 999999);
	assert_int_equal(d.finish.tv_sec, -5);
	assert_int_equal(d.ru.ru_utime.tv_sec, 3);
	assert_int_equal(d.ru.ru_utime.tv_usec, 4);
	assert_int_equal(d.ru.ru_stime.tv_usec, 5);
	assert_true(d.ru.ru_maxrss == 123456789012L);
	assert_int_equal(d.ru.ru_majflt, 2);
	assert_int_equal(d.ru.ru_oublock, 4);
	assert_int_equal(d.ru.ru_nivcsw, -6);

	/* a string over the reader's cap is refused */
	assert_int_equal(proto_result_decode(body, len, 22, &id, &d), -1);
	proto_wq_free(&q);

	/* NULL strings go out empty; stderr truncation travels too */
	r.out = NULL;
	r.outlen = 5;
	r.err_truncated = 1;
	r.out_truncated = 0;
	proto_wq_init(&q);
	proto_result_encode(&q, 78, &r);
	body = only_body(&q, &len);
	assert_int_equal(proto_result_decode(body, len, 0, &id, &d), 0);
	assert_int_equal(d.outlen, 0);
	assert_int_equal(d.out_truncated, 0);
	assert_int_equal(d.err_truncated, 1);
	proto_wq_free(&q);
}

static void
t_result_malformed(void **state)
{
	struct wresult r, d;
	struct proto_wq q;
	const char *body;
	char copy[512];
	uint64_t id;
	size_t len, k;

	(void)state;
	fill_result(&r);
	proto_wq_init(&q);
	proto_result_encode(&q, 1, &r);
	body = only_body(&q, &len);
	assert_true(len < sizeof(copy));
	for (k = 0; k < len; k++)
		assert_int_equal(proto_result_decode(body, k, 64, &id, &d), -1);

	memcpy(copy, body, len);
	copy[len] = 'x';  /* trailing byte */
	assert_int_equal(proto_result_decode(copy, len + 1, 64, &id, &d), -1);
	memcpy(copy, body, len);
	copy[9] = WRES_NSTATUS;  /* status byte */
	assert_int_equal(proto_result_decode(copy, len, 64, &id, &d), -1);
	memcpy(copy, body, len);
	copy[18] = 4;  /* flags byte: unknown bit */
	assert_int_equal(proto_result_decode(copy, len, 64, &id, &d), -1);
	memcpy(copy, body, len);
	copy[27] = 0x7f;  /* start usec beyond a second */
	assert_int_equal(proto_result_decode(copy, len, 64, &id, &d), -1);
	memcpy(copy, body, len);
	copy[0] = PROTO_JOB;
	assert_int_equal(proto_result_decode(copy, len, 64, &id, &d), -1);
	memcpy(copy, body, len);
	copy[len - 1] = 'x';  /* stderr's NUL */
	assert_int_equal(proto_result_decode(copy, len, 64, &id, &d), -1);
	proto_wq_free(&q);
}

static void
pair(int sv[2])
{
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	assert_int_equal(fcntl(sv[0], F_SETFL, O_NONBLOCK), 0);
	assert_int_equal(fcntl(sv[1], F_SETFL, O_NONBLOCK), 0);
}

static void
t_reader(void **state)
{
	const char *argv[] = { "/bin/echo", "hello", NULL };
	struct wjob job = { argv, NULL, NULL, 1 };
	struct proto_wq q;
	struct proto_rd rd;
	struct proto_job pj;
	const char *body;
	size_t len, k, total;
	uint64_t id;
	int sv[2], got = 0;

	(void)state;
	pair(sv);
	proto_wq_init(&q);
	for (k = 0; k < 3; k++)
		assert_int_equal(proto_job_encode(&q, 100 + k, &job, 10), 0);
	total = proto_wq_pending(&q);
	proto_rd_init(&rd, 1000);

	/* nothing there yet */
	assert_int_equal(proto_rd_fill(&rd, sv[1]), -1);
	assert_int_equal(errno, EAGAIN);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 0);

	/* one byte at a time: a frame appears exactly when its last byte does */
	for (k = 0; k < total; k++) {
		assert_int_equal(write(sv[0], q.buf + k, 1), 1);
		assert_int_equal(proto_rd_fill(&rd, sv[1]), 1);
		while (proto_rd_next(&rd, &body, &len) == 1) {
			assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
			assert_true(id == (uint64_t)(100 + got));
			proto_job_clear(&pj);
			got++;
			assert_int_equal(k + 1, (size_t)got * (total / 3));
		}
	}
	assert_int_equal(got, 3);

	/* three frames in one read */
	assert_int_equal(write(sv[0], q.buf, total), (ssize_t)total);
	assert_int_equal(proto_rd_fill(&rd, sv[1]), (long)total);
	for (k = 0; k < 3; k++)
		assert_int_equal(proto_rd_next(&rd, &body, &len), 1);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 0);

	/* end of stream */
	close(sv[0]);
	assert_int_equal(proto_rd_fill(&rd, sv[1]), 0);
	close(sv[1]);
	proto_rd_free(&rd);
	proto_wq_free(&q);
}

/* ping and pong: one type byte each, told apart from each other and from jobs */
static void
t_ping_pong(void **state)
{
	const char *argv[] = { "/bin/true", NULL };
	struct wjob job = { argv, NULL, NULL, 1 };
	struct proto_wq q;
	struct proto_rd rd;
	struct proto_job pj;
	const char *body;
	size_t len;
	uint64_t id;
	int sv[2];

	(void)state;
	pair(sv);
	proto_wq_init(&q);
	proto_ctl_encode(&q, PROTO_PING);
	assert_int_equal(proto_wq_pending(&q), PROTO_CTL_LEN);
	assert_int_equal(proto_job_encode(&q, 7, &job, 10), 0);
	proto_ctl_encode(&q, PROTO_PONG);
	assert_int_equal(proto_wq_flush(&q, sv[0]), 0);
	proto_rd_init(&rd, 1000);
	assert_true(proto_rd_fill(&rd, sv[1]) > 0);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 1);
	assert_true(proto_is_ctl(body, len, PROTO_PING));
	assert_false(proto_is_ctl(body, len, PROTO_PONG));
	assert_int_equal(proto_job_decode(body, len, &pj, &id), -1);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 1);
	assert_false(proto_is_ctl(body, len, PROTO_PING));
	assert_int_equal(proto_job_decode(body, len, &pj, &id), 0);
	assert_true(id == 7);
	proto_job_clear(&pj);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 1);
	assert_true(proto_is_ctl(body, len, PROTO_PONG));
	assert_int_equal(proto_rd_next(&rd, &body, &len), 0);
	close(sv[0]);
	close(sv[1]);
	proto_rd_free(&rd);
	proto_wq_free(&q);
}

static void
t_reader_refuses(void **state)
{
	static const char oversized[] = { 0, 0, 3, (char)0xe9 };  /* 1001 */
	static const char empty[] = { 0, 0, 0, 0 };
	static const char at_cap[] = { 0, 0, 3, (char)0xe8 };     /* 1000 */
	struct proto_rd rd;
	const char *body;
	size_t len;
	int sv[2];

	(void)state;
	pair(sv);
	proto_rd_init(&rd, 1000);
	assert_int_equal(write(sv[0], oversized, 4), 4);
	assert_int_equal(proto_rd_fill(&rd, sv[1]), 4);
	assert_int_equal(proto_rd_next(&rd, &body, &len), -1);
	assert_int_equal(errno, EMSGSIZE);
	proto_rd_free(&rd);

	proto_rd_init(&rd, 1000);
	assert_int_equal(write(sv[0], empty, 4), 4);
	assert_int_equal(proto_rd_fill(&rd, sv[1]), 4);
	assert_int_equal(proto_rd_next(&rd, &body, &len), -1);
	proto_rd_free(&rd);

	/* exactly the cap is fine, and is waited for */
	proto_rd_init(&rd, 1000);
	assert_int_equal(write(sv[0], at_cap, 4), 4);
	assert_int_equal(proto_rd_fill(&rd, sv[1]), 4);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 0);
	{
		char blob[1000];

		memset(blob, 'z', sizeof(blob));
		assert_int_equal(write(sv[0], blob, sizeof(blob)), 1000);
	}
	assert_int_equal(proto_rd_fill(&rd, sv[1]), 1000);
	assert_int_equal(proto_rd_next(&rd, &body, &len), 1);
	assert_int_equal(len, 1000);
	assert_int_equal(body[999], 'z');
	proto_rd_free(&rd);
	close(sv[0]);
	close(sv[1]);
}

static void
t_queue(void **state)
{
	struct proto_wq q;
	char chunk[4096], sink[65536];
	size_t queued = 0, drained = 0;
	int sv[2], sz = 4096, rc;
	void (*old)(int);

	(void)state;
	pair(sv);
	assert_int_equal(setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &sz, sizeof(sz)), 0);
	proto_wq_init(&q);
	assert_int_equal(proto_wq_flush(&q, sv[0]), 0);
	memset(chunk, 'q', sizeof(chunk));
	while (queued < (size_t)4 << 20) {
		proto_wq_put(&q, chunk, sizeof(chunk));
		queued += sizeof(chunk);
	}
	/* the socket fills long before 4 MiB: the rest stays queued */
	assert_int_equal(proto_wq_flush(&q, sv[0]), 1);
	assert_true(proto_wq_pending(&q) > 0);
	for (;;) {
		ssize_t n = read(sv[1], sink, sizeof(sink));

		if (n > 0) {
			drained += (size_t)n;
			continue;
		}
		rc = proto_wq_flush(&q, sv[0]);
		if (rc == 0 && drained == queued)
			break;
		assert_true(rc >= 0);
	}
	assert_int_equal(proto_wq_pending(&q), 0);

	/* a closed peer: EPIPE, and no SIGPIPE kills us */
	old = signal(SIGPIPE, SIG_DFL);
	close(sv[1]);
	proto_wq_put(&q, "x", 1);
	assert_int_equal(proto_wq_flush(&q, sv[0]), -1);
	assert_int_equal(errno, EPIPE);
	signal(SIGPIPE, old);
	close(sv[0]);
	proto_wq_free(&q);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_job_roundtrip),
		cmocka_unit_test(t_job_shell_and_timeouts),
		cmocka_unit_test(t_job_encode_refusals),
		cmocka_unit_test(t_job_truncations),
		cmocka_unit_test(t_job_malformed),
		cmocka_unit_test(t_result_roundtrip),
		cmocka_unit_test(t_result_malformed),
		cmocka_unit_test(t_reader),
		cmocka_unit_test(t_reader_refuses),
		cmocka_unit_test(t_ping_pong),
		cmocka_unit_test(t_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

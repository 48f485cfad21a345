/*
 * fuzz_workerproto: libFuzzer target for the frames between the engine
 * and its workers (engine/worker/proto).  Each input is the byte stream
 * one end reads from the socket: it goes through a pipe into the frame
 * reader, and every frame it hands out is decoded as a job (what a worker
 * reads) and as a result (what the engine reads).  A frame that decodes
 * is encoded again and decoded from that: the second decoding must give
 * the same job or result, else the target aborts.  Any crash, leak,
 * sanitizer report, timeout or such difference is a bug; an input that
 * found one belongs in tests/fuzz/regress/workerproto/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include <errno.h>
#include <fcntl.h>

#include "engine/worker/proto.h"

#define RESULT_CAP ((size_t)1 << 20)

static int pfd[2] = { -1, -1 };

static int
same_strv(const char **a, const char **b)
{
	size_t i;

	for (i = 0; a[i] != NULL && b[i] != NULL; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return a[i] == NULL && b[i] == NULL;
}

/* the frame q holds, as the reader would hand it out */
static const char *
queued_body(const struct proto_wq *q, size_t *len)
{
	const unsigned char *h = (const unsigned char *)q->buf;

	if (q->len < PROTO_HDR)
		abort();
	*len = (size_t)h[0] << 24 | (size_t)h[1] << 16 | (size_t)h[2] << 8 | h[3];
	if (*len != q->len - PROTO_HDR)
		abort();
	return q->buf + PROTO_HDR;
}

static void
job(const char *body, size_t len)
{
	struct proto_job j, k;
	struct proto_wq q;
	struct wjob w;
	uint64_t id = 0, id2 = 0;
	const char *b2;
	size_t len2;

	if (proto_job_decode(body, len, &j, &id) != 0)
		return;
	proto_wq_init(&q);
	memset(&w, 0, sizeof(w));
	if (j.shell)
		w.shell_line = j.argv[0];
	else
		w.argv = j.argv;
	w.env = j.env;
	w.timeout = (double)j.timeout_ms / 1000.0;
	if (proto_job_encode(&q, id, &w, j.output_cap) == 0) {
		b2 = queued_body(&q, &len2);
		if (proto_job_decode(b2, len2, &k, &id2) != 0)
			abort();
		if (id2 != id || k.shell != j.shell || k.output_cap != j.output_cap ||
		    !same_strv(k.argv, j.argv) || !same_strv(k.env, j.env))
			abort();
		proto_job_clear(&k);
	}
	proto_wq_free(&q);
	proto_job_clear(&j);
}

static void
result(const char *body, size_t len)
{
	struct wresult r, s;
	struct proto_wq q;
	uint64_t id, id2;
	const char *b2;
	size_t len2;

	if (proto_result_decode(body, len, RESULT_CAP, &id, &r) != 0)
		return;
	proto_wq_init(&q);
	proto_result_encode(&q, id, &r);
	b2 = queued_body(&q, &len2);
	if (proto_result_decode(b2, len2, RESULT_CAP, &id2, &s) != 0)
		abort();
	if (id2 != id || s.status != r.status || s.wait_status != r.wait_status ||
	    s.err_no != r.err_no || s.outlen != r.outlen || s.errlen != r.errlen ||
	    memcmp(s.out, r.out, r.outlen) != 0 || memcmp(s.err, r.err, r.errlen) != 0 ||
	    s.out_truncated != r.out_truncated || s.err_truncated != r.err_truncated ||
	    s.start.tv_sec != r.start.tv_sec || s.finish.tv_usec != r.finish.tv_usec)
		abort();
	proto_wq_free(&q);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	if (pipe(pfd) != 0 || fcntl(pfd[0], F_SETFL, O_NONBLOCK) != 0 ||
	    fcntl(pfd[1], F_SETFL, O_NONBLOCK) != 0) {
		perror("fuzz: pipe");
		exit(1);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proto_rd rd;
	const char *body;
	size_t off = 0, len;
	ssize_t w;
	long got;
	int more = 1, rc;
	static char drain[65536];

	proto_rd_init(&rd, PROTO_JOB_MAX);
	while (more) {
		if (off < size) {
			w = write(pfd[1], data + off, size - off);
			if (w > 0)
				off += (size_t)w;
		}
		got = proto_rd_fill(&rd, pfd[0]);
		if (got < 0 && errno != EAGAIN)
			abort();
		while ((rc = proto_rd_next(&rd, &body, &len)) == 1) {
			job(body, len);
			result(body, len);
		}
		/* a bad frame ends the stream, as it ends the connection */
		more = rc == 0 && (off < size || got > 0);
	}
	/* empty the pipe for the next input */
	while (read(pfd[0], drain, sizeof(drain)) > 0)
		;
	proto_rd_free(&rd);
	return 0;
}

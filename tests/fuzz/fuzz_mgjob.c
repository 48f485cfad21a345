/*
 * fuzz_mgjob: libFuzzer target for mod_gearman's payloads as jaque reads
 * them (compat/gearman/mgjob): a result from a worker (the daemon's side)
 * and a job from the core (jaque --gearman-worker's side).  The first
 * byte of an input picks the way in: a payload decoded without a key
 * (base64 only), with the key "should_be_changed" (base64, then AES-256),
 * the same accepting clear text, or a text taken as it is (so the parsers
 * are reached without the fuzzer having to find a valid encryption).
 * Whatever text comes out is read as a result (and finished as the module
 * finishes one) and as a job, the job's command line split as the worker
 * splits it.  Any crash, leak, sanitizer report or timeout is a bug; an
 * input that found one belongs in tests/fuzz/regress/mgjob/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include <sys/time.h>

#include "compat/gearman/mgjob.h"

#define KEY "should_be_changed"

static void
text_in(const char *text)
{
	struct timeval now = { 1700000000, 500000 };
	struct mgjob_result r;
	struct mgjob_job j;
	enum mgjob_err err;
	char *out;

	if (mgjob_result_parse(&r, text, &err) == 0) {
		mgjob_result_finish(&r, now);
		mgjob_result_clear(&r);
	}
	mgjob_job_parse(&j, text);
	if (mgjob_job_is_check(&j) && j.command_line != NULL) {
		free(mgjob_exec_argv(j.command_line));
		out = mgjob_timeout_output(&j, "w1", 1);
		free(out);
	}
	mgjob_job_clear(&j);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *payload = (const char *)data + 1;
	enum mgjob_err err;
	char *text;

	if (size == 0)
		return 0;
	switch (data[0] & 3) {
	case 0:
		text = mgjob_decode(payload, size - 1, NULL, 0, &err);
		break;
	case 1:
		text = mgjob_decode(payload, size - 1, KEY, 0, &err);
		break;
	case 2:
		text = mgjob_decode(payload, size - 1, KEY, 1, &err);
		break;
	default:
		text = xstrndup(payload, size - 1);
		break;
	}
	if (text != NULL)
		text_in(text);
	free(text);
	return 0;
}

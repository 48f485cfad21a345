/*
 * fuzz_plugin_output: libFuzzer target for plugin output as the checker
 * takes it (engine/check/result).  The first four bytes of an input pick
 * the case: host or service, how the check ended (exited, timed out, not
 * started, worker lost, did not exit properly), the exit code or wait
 * status, aggressive host checking and the timeout state; the rest is cut
 * at its first 0x01 byte (if any) into stdout and stderr.  The output is
 * parsed alone, as an active result, as a spool file's active result and
 * as a passive one.  Any crash, leak, sanitizer report or timeout is a
 * bug; an input that found one belongs in tests/fuzz/regress/plugin_output/
 * once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "engine/check/result.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum check_origin origins[] = { CHECK_EXITED, CHECK_TIMED_OUT,
		CHECK_NOT_STARTED, CHECK_LOST, CHECK_EXIT_FAILED };
	struct check_result cr;
	struct main_cfg cfg;
	const char *out, *err = "", *sep;
	size_t outlen, errlen = 0;
	int is_host, rc, status;
	uint8_t b[4] = { 0, 0, 0, 0 };

	memcpy(b, data, size < 4 ? size : 4);
	out = size > 4 ? (const char *)data + 4 : "";
	outlen = size > 4 ? size - 4 : 0;
	if ((sep = memchr(out, 1, outlen)) != NULL) {
		err = sep + 1;
		errlen = outlen - (size_t)(err - out);
		outlen = (size_t)(sep - out);
	}
	is_host = b[0] & 1;
	rc = (int)(int8_t)b[1];
	/* an exit code, or a signal, in waitpid's encoding */
	status = (b[0] & 2) ? (b[1] & 0x7f) : ((b[1] & 0xff) << 8);
	memset(&cfg, 0, sizeof(cfg));
	cfg.use_aggressive_host_checking = (b[0] >> 2) & 1;
	cfg.service_check_timeout_state = (b[0] >> 3) & 3;
	cfg.service_check_timeout = 60;
	cfg.host_check_timeout = 30;

	memset(&cr, 0, sizeof(cr));
	check_output_parse(&cr, out, outlen);
	if (b[3] & 1) {
		cr.start.tv_sec = 1700000000;
		cr.finish.tv_sec = 1700000000 + (b[3] >> 1);
	}
	check_result_from_exit(&cr, is_host, "h1", is_host ? NULL : "s1",
	    origins[b[2] % (sizeof(origins) / sizeof(origins[0]))], status, out, outlen, err,
	    errlen, 60.0, &cfg);
	check_result_from_file(&cr, is_host, "h1", "s1", rc, (b[2] >> 3) & 1, (b[2] >> 4) & 1,
	    out, outlen, 1700000000.5, 1700000000.0 + b[3], &cfg);
	check_result_passive(&cr, is_host, rc, out, outlen, 1700000000);
	(void)check_result_exec_time(&cr);
	check_result_clear(&cr);
	return 0;
}

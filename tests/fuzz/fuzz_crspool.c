/*
 * fuzz_crspool: libFuzzer target for check result spool files
 * (compat/crspool).  Each input is the text of one file, read as the
 * reaper reads a file it found (crspool_parse, with an age limit so the
 * file_time lines are looked at), and each record is turned into a check
 * result as the daemon's reaper does: an active one (check_type 0) with
 * its exit mapped, a passive one with its return code (engine/check/
 * result).  Any crash, leak, sanitizer report or timeout is a bug; an
 * input that found one belongs in tests/fuzz/regress/crspool/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/crspool.h"
#include "engine/check/result.h"

#define NOW ((time_t)1700000000)

static struct main_cfg cfg;

static void
record(void *arg, const struct crspool_result *r)
{
	struct check_result cr;
	int is_host = r->svc == NULL;
	time_t when;

	(void)arg;
	memset(&cr, 0, sizeof(cr));
	if (r->check_type == 0) {
		check_result_from_file(&cr, is_host, r->host, r->svc, r->return_code, r->exited_ok,
		    r->early_timeout, r->output, strlen(r->output),
		    r->start_time > 0 ? r->start_time : (double)NOW,
		    r->finish_time > 0 ? r->finish_time : (double)NOW, &cfg);
	} else {
		when = r->start_time > 0 && r->start_time < 4e9 ? (time_t)r->start_time : NOW;
		check_result_passive(&cr, is_host, r->return_code, r->output, strlen(r->output),
		    when);
	}
	check_result_clear(&cr);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	cfg.service_check_timeout_state = 2;
	cfg.service_check_timeout = 60;
	cfg.host_check_timeout = 30;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	crspool_parse(text, "fuzz", NOW, 3600, record, NULL);
	free(text);
	return 0;
}

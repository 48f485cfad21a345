/*
 * fuzz_statusdat: libFuzzer target for status.dat as jaquestats reads it
 * (compat/nagstats: nagiostats's figures).  Each input is streamed as
 * status.dat through the reader, then both of jaquestats's outputs are
 * printed from what was read: the report, and every MRTG variable (the
 * list is the reader's own names, read from the input's last line when it
 * starts with "MRTG:", else a fixed list).  The same bytes are also read
 * as the nagios.cfg jaquestats takes status_file from (nagstats_config,
 * through a file in the target's directory).  Any crash, leak, sanitizer
 * report or timeout is a bug; an input that found one belongs in
 * tests/fuzz/regress/statusdat/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/nagstats.h"

static FILE *devnull;

static const char mrtg_vars[] =
    "NUMSERVICES,NUMHOSTS,NUMSVCOK,NUMSVCWARN,NUMSVCUNKN,NUMSVCCRIT,NUMSVCPROB,"
    "NUMSVCCHECKED,NUMSVCSCHEDULED,NUMSVCFLAPPING,NUMSVCDOWNTIME,NUMHSTUP,NUMHSTDOWN,"
    "NUMHSTUNR,NUMHSTPROB,NUMHSTCHECKED,NUMHSTSCHEDULED,NUMHSTFLAPPING,NUMHSTDOWNTIME,"
    "AVGACTSVCLAT,MINACTSVCLAT,MAXACTSVCLAT,AVGACTSVCEXT,AVGACTSVCPSC,AVGPSVSVCLAT,"
    "AVGACTHSTLAT,MAXACTHSTEXT,AVGPSVHSTPSC,NUMACTHSTCHECKS5M,NUMPSVSVCCHECKS60M,"
    "NUMSACTHSTCHECKS15M,NUMOACTSVCCHECKS1M,NUMCACHEDHSTCHECKS5M,NUMEXTCMDS15M,"
    "NUMPARHSTCHECKS1M,NUMSERHSTCHECKS5M,PROGRUNTIME,PROGRUNTIMETT,STATUSFILEAGE,"
    "STATUSFILEAGETT,NAGIOSVERSION,NAGIOSPID,NAGIOSVERPID,xx,,TOTCMDBUF,USEDCMDBUF";

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	devnull = fopen("/dev/null", "w");
	return devnull == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1), *vars = NULL, *last;
	struct nagstats st;
	char *status = NULL;
	FILE *fp;

	memcpy(text, data, size);
	text[size] = '\0';
	last = strrchr(text, '\n');
	last = last != NULL ? last + 1 : text;
	if (strncmp(last, "MRTG:", 5) == 0)
		vars = xstrdup(last + 5);
	nagstats_init(&st, 1700000000);
	if (size > 0 && (fp = fmemopen(text, size, "r")) != NULL) {
		nagstats_read_fp(&st, fp);
		fclose(fp);
	}
	nagstats_report(devnull, &st, "status.dat", 1700000100);
	nagstats_mrtg(devnull, &st, vars != NULL ? vars : mrtg_vars, "\n", 1700000100, NULL, NULL);
	nagstats_free(&st);
	if (nagstats_config(fx_put("nagios.cfg", data, size), &status) == 0)
		free(status);
	free(vars);
	free(text);
	return 0;
}

/*
 * test_nagstats: nagiostats's figures from status.dat, against Nagios.
 *
 * The fixture tests/fixtures/status-nagios446.dat was written by Debian's
 * nagios4 4.4.6 (a config under /tmp/h5: 5 hosts, 11 services whose
 * plugins gave OK, WARNING, UNKNOWN and CRITICAL, one alternating and
 * flapping, one slow, one with a 3000-character first line and a long
 * second line that nagiostats's 1022-byte pieces cut just before
 * "current_state=2", passive results, a host without check_command, host
 * and service downtime, a comment), copied while Nagios ran.  The report
 * and MRTG values expected here are what Debian's nagios4stats printed
 * for it, at one second after the file was written (now = 1796239443).
 * Then the quirks of its reading, each on a small text: the first object's
 * defaults, values reset at every "}", pieces of long lines, NUL bytes,
 * blocks it does not know, the triples' empty fields, the running means'
 * denominators, int conversion of huge values; the MRTG output (delimiter,
 * unknown names, the caller's hook), the duration breakdown with its
 * wrap-around for times in the future, nspath's normalisation (cases
 * checked against nagios4stats), nagios.cfg reading, read errors, and a
 * 50 000-service file streamed.  Links compat/nagstats.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/nagstats.h"

#define FX_NOW 1796239443 /* when nagios4stats read the fixture */

/* the fixture: $NAGSTATS_FIXTURE, $srcdir's, or beside this source */
static const char *
fx_path(void)
{
	static const char name[] = "tests/fixtures/status-nagios446.dat";
	static char p[4096];
	const char *env = getenv("NAGSTATS_FIXTURE"), *srcdir = getenv("srcdir");
	const char *file = __FILE__, *slash = strrchr(file, '/');
	size_t n = sizeof(p);

	if (env != NULL) {
		snprintf(p, n, "%s", env);
		return p;
	}
	if (srcdir != NULL) {
		snprintf(p, n, "%s/%s", srcdir, name);
		if (access(p, R_OK) == 0)
			return p;
	}
	/* beside this source: .../tests/unit/test_nagstats.c */
	if (slash != NULL) {
		snprintf(p, n, "%.*s/../fixtures/status-nagios446.dat", (int)(slash - file), file);
		if (access(p, R_OK) == 0)
			return p;
	}
	snprintf(p, n, "%s", name);
	return p;
}

static void
fx_read(struct nagstats *st, time_t now)
{
	nagstats_init(st, now);
	assert_int_equal(nagstats_read(st, fx_path()), 0);
}

/* parse n bytes of text as a status.dat */
static void
parse_n(struct nagstats *st, const char *text, size_t n, time_t now)
{
	FILE *fp = fmemopen((void *)(uintptr_t)text, n, "r");

	assert_non_null(fp);
	nagstats_init(st, now);
	assert_int_equal(nagstats_read_fp(st, fp), 0);
	fclose(fp);
}

static void
parse(struct nagstats *st, const char *text, time_t now)
{
	parse_n(st, text, strlen(text), now);
}

struct hook {
	int calls;
};

static int
hook_more(const char *name, char *buf, size_t n, void *arg)
{
	struct hook *h = arg;

	h->calls++;
	if (strcmp(name, "JQX") != 0)
		return -1;
	snprintf(buf, n, "42");
	return 0;
}

/* MRTG output as a heap string */
static char *
mrtg(const struct nagstats *st, const char *vars, const char *delim, time_t now,
    nagstats_more_fn more, void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	nagstats_mrtg(fp, st, vars, delim, now, more, arg);
	fclose(fp);
	return buf;
}

static void
assert_mrtg(const struct nagstats *st, const char *vars, time_t now, const char *want)
{
	char *got = mrtg(st, vars, ":", now, NULL, NULL);

	assert_string_equal(got, want);
	free(got);
}

static const char fx_report[] =
	"CURRENT STATUS DATA\n"
	"------------------------------------------------------\n"
	"Status File:                            /tmp/h5/status-nagios446.dat\n"
	"Status File Age:                        0d 0h 0m 1s\n"
	"Status File Version:                    4.4.6\n"
	"\n"
	"Program Running Time:                   0d 0h 0m 26s\n"
	"Nagios PID:                             24787\n"
	"\n"
	"Total Services:                         11\n"
	"Services Checked:                       11\n"
	"Services Scheduled:                     9\n"
	"Services Actively Checked:              9\n"
	"Services Passively Checked:             2\n"
	"Total Service State Change:             0.000 / 100.000 / 10.545 %\n"
	"Active Service Latency:                 0.000 / 0.000 / 0.000 sec\n"
	"Active Service Execution Time:          0.001 / 0.303 / 0.035 sec\n"
	"Active Service State Change:            0.000 / 100.000 / 12.888 %\n"
	"Active Services Last 1/5/15/60 min:     9 / 9 / 9 / 9\n"
	"Passive Service Latency:                0.681 / 0.684 / 0.683 sec\n"
	"Passive Service State Change:           0.000 / 0.000 / 0.000 %\n"
	"Passive Services Last 1/5/15/60 min:    2 / 2 / 2 / 2\n"
	"Services Ok/Warn/Unk/Crit:              6 / 1 / 1 / 3\n"
	"Services Flapping:                      1\n"
	"Services In Downtime:                   1\n"
	"\n"
	"Total Hosts:                            5\n"
	"Hosts Checked:                          4\n"
	"Hosts Scheduled:                        4\n"
	"Hosts Actively Checked:                 4\n"
	"Host Passively Checked:                 1\n"
	"Total Host State Change:                0.000 / 6.250 / 2.236 %\n"
	"Active Host Latency:                    0.000 / 0.000 / 0.000 sec\n"
	"Active Host Execution Time:             0.000 / 0.004 / 0.002 sec\n"
	"Active Host State Change:               0.000 / 6.250 / 2.795 %\n"
	"Active Hosts Last 1/5/15/60 min:        3 / 3 / 3 / 3\n"
	"Passive Host Latency:                   0.681 / 0.681 / 0.681 sec\n"
	"Passive Host State Change:              0.000 / 0.000 / 0.000 %\n"
	"Passive Hosts Last 1/5/15/60 min:       1 / 1 / 1 / 1\n"
	"Hosts Up/Down/Unreach:                  3 / 2 / 0\n"
	"Hosts Flapping:                         0\n"
	"Hosts In Downtime:                      1\n"
	"\n"
	"Active Host Checks Last 1/5/15 min:     54 / 54 / 54\n"
	"   Scheduled:                           6 / 6 / 6\n"
	"   On-demand:                           48 / 48 / 48\n"
	"   Parallel:                            6 / 6 / 6\n"
	"   Serial:                              0 / 0 / 0\n"
	"   Cached:                              48 / 48 / 48\n"
	"Passive Host Checks Last 1/5/15 min:    1 / 1 / 1\n"
	"Active Service Checks Last 1/5/15 min:  93 / 93 / 93\n"
	"   Scheduled:                           93 / 93 / 93\n"
	"   On-demand:                           0 / 0 / 0\n"
	"   Cached:                              0 / 0 / 0\n"
	"Passive Service Checks Last 1/5/15 min: 3 / 3 / 3\n"
	"\n"
	"External Commands Last 1/5/15 min:      7 / 7 / 7\n"
	"\n"
	"\n"
;

static void
test_fixture_report(void **state)
{
	struct nagstats st;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(fp);
	fx_read(&st, FX_NOW);
	nagstats_report(fp, &st, "/tmp/h5/status-nagios446.dat", FX_NOW);
	fclose(fp);
	assert_string_equal(buf, fx_report);
	free(buf);
	nagstats_free(&st);
}

static void
test_fixture_mrtg(void **state)
{
	struct nagstats st;

	(void)state;
	fx_read(&st, FX_NOW);
	assert_mrtg(&st,
	    "NAGIOSVERSION,NAGIOSPID,NAGIOSVERPID,TOTCMDBUF,NUMSERVICES,NUMHOSTS,NUMSVCOK,"
	    "NUMSVCWARN,NUMSVCUNKN,NUMSVCCRIT,NUMSVCPROB,NUMSVCCHECKED,NUMSVCSCHEDULED,"
	    "NUMSVCFLAPPING,NUMSVCDOWNTIME,NUMHSTUP,NUMHSTDOWN,NUMHSTUNR,NUMHSTPROB,"
	    "NUMHSTCHECKED,NUMHSTSCHEDULED,NUMHSTFLAPPING,NUMHSTDOWNTIME",
	    FX_NOW,
	    "4.4.6:24787:Nagios 4.4.6 (pid=24787):TOTCMDBUF:11:5:6:1:1:3:5:11:9:1:1:3:2:0:2:4:4:"
	    "0:1:\n");
	assert_mrtg(&st,
	    "MINACTSVCLAT,MINACTSVCEXT,MINACTSVCPSC,MINPSVSVCLAT,MINPSVSVCPSC,MINSVCPSC,"
	    "MINACTHSTLAT,MINACTHSTEXT,MINACTHSTPSC,MINPSVHSTLAT,MINPSVHSTPSC,MINHSTPSC,"
	    "MAXACTSVCLAT,MAXACTSVCEXT,MAXACTSVCPSC,MAXPSVSVCLAT,MAXPSVSVCPSC,MAXSVCPSC,"
	    "MAXACTHSTLAT,MAXACTHSTEXT,MAXACTHSTPSC,MAXPSVHSTLAT,MAXPSVHSTPSC,MAXHSTPSC,"
	    "AVGACTSVCLAT,AVGACTSVCEXT,AVGACTSVCPSC,AVGPSVSVCLAT,AVGPSVSVCPSC,AVGSVCPSC,"
	    "AVGACTHSTLAT,AVGACTHSTEXT,AVGACTHSTPSC,AVGPSVHSTLAT,AVGPSVHSTPSC,AVGHSTPSC",
	    FX_NOW,
	    "0:1:0:681:0:0:0:0:0:681:0:0:0:303:100:684:0:100:0:4:6:681:0:6:0:35:12:682:0:10:0:1:"
	    "2:681:0:2:\n");
	assert_mrtg(&st,
	    "NUMACTHSTCHECKS1M,NUMACTHSTCHECKS5M,NUMACTHSTCHECKS15M,NUMOACTHSTCHECKS1M,"
	    "NUMOACTHSTCHECKS5M,NUMOACTHSTCHECKS15M,NUMCACHEDHSTCHECKS1M,NUMCACHEDHSTCHECKS5M,"
	    "NUMCACHEDHSTCHECKS15M,NUMSACTHSTCHECKS1M,NUMSACTHSTCHECKS5M,NUMSACTHSTCHECKS15M,"
	    "NUMPARHSTCHECKS1M,NUMPARHSTCHECKS5M,NUMPARHSTCHECKS15M,NUMSERHSTCHECKS1M,"
	    "NUMSERHSTCHECKS5M,NUMSERHSTCHECKS15M,NUMPSVHSTCHECKS1M,NUMPSVHSTCHECKS5M,"
	    "NUMPSVHSTCHECKS15M,NUMACTSVCCHECKS1M,NUMACTSVCCHECKS5M,NUMACTSVCCHECKS15M,"
	    "NUMOACTSVCCHECKS1M,NUMOACTSVCCHECKS5M,NUMOACTSVCCHECKS15M,NUMCACHEDSVCCHECKS1M,"
	    "NUMCACHEDSVCCHECKS5M,NUMCACHEDSVCCHECKS15M,NUMSACTSVCCHECKS1M,NUMSACTSVCCHECKS5M,"
	    "NUMSACTSVCCHECKS15M,NUMPSVSVCCHECKS1M,NUMPSVSVCCHECKS5M,NUMPSVSVCCHECKS15M,"
	    "NUMEXTCMDS1M,NUMEXTCMDS5M,NUMEXTCMDS15M",
	    FX_NOW,
	    "54:54:54:48:48:48:48:48:48:6:6:6:6:6:6:0:0:0:1:1:1:93:93:93:0:0:0:0:0:0:93:93:93:3:"
	    "3:3:7:7:7:\n");
	/* program_start 1796239417, created 1796239442 */
	assert_mrtg(&st, "PROGRUNTIME,PROGRUNTIMETT,STATUSFILEAGE,STATUSFILEAGETT", FX_NOW,
	    "0d 0h 0m 26s:26:0d 0h 0m 1s:1:\n");
	assert_mrtg(&st, "PROGRUNTIME,PROGRUNTIMETT,STATUSFILEAGE,STATUSFILEAGETT",
	    1796239417 + 90061, "1d 1h 1m 1s:90061:1d 1h 0m 36s:90036:\n");
	/* a status file from the future: Nagios's unsigned difference */
	assert_mrtg(&st, "STATUSFILEAGETT,STATUSFILEAGE", 1796239442 - 3,
	    "18446744073709551613:1158050441d 7h 0m 13s:\n");
	nagstats_free(&st);
}

/* the windows count from the time of reading, each edge inclusive */
static void
test_fixture_windows(void **state)
{
	static const char vars[] = "NUMHSTACTCHK1M,NUMHSTACTCHK5M,NUMHSTACTCHK15M,NUMHSTACTCHK60M,"
				   "NUMHSTPSVCHK1M,NUMSVCACTCHK1M,NUMSVCPSVCHK1M,NUMSVCPSVCHK60M";
	static const struct {
		time_t now;
		const char *want;
	} cases[] = {
		{ FX_NOW, "3:3:3:3:1:9:2:2:\n" },
		/* pass1 (host and service) last checked at 1796239421 */
		{ 1796239421 + 60, "3:3:3:3:1:9:2:2:\n" },
		{ 1796239421 + 61, "3:3:3:3:0:9:1:2:\n" },
		/* db1 and flaky at 1796239433, web1 at 1796239435 */
		{ 1796239433 + 60, "3:3:3:3:0:9:0:2:\n" },
		{ 1796239433 + 61, "1:3:3:3:0:9:0:2:\n" },
		{ 1796239435 + 61, "0:3:3:3:0:9:0:2:\n" },
		{ 1796239435 + 300, "0:1:3:3:0:0:0:2:\n" },
		{ 1796239435 + 901, "0:0:0:3:0:0:0:2:\n" },
		{ 1796239442 + 3601, "0:0:0:0:0:0:0:0:\n" },
		/* before the checks: the difference wraps, nothing counts */
		{ 1796239420, "0:0:0:0:0:0:0:0:\n" },
	};
	struct nagstats st;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fx_read(&st, cases[i].now);
		assert_mrtg(&st, vars, cases[i].now, cases[i].want);
		nagstats_free(&st);
	}
}

/* before the first "}" an object starts checked and scheduled; after, not */
static void
test_first_object_defaults(void **state)
{
	struct nagstats st;

	(void)state;
	parse(&st,
	    "servicestatus {\n\tcurrent_state=1\n\t}\n"
	    "servicestatus {\n\tcurrent_state=2\n\t}\n"
	    "servicestatus {\n\t}\n",
	    100);
	assert_int_equal(st.svc.entries, 3);
	assert_int_equal(st.svc.checked, 1);
	assert_int_equal(st.svc.scheduled, 1);
	/* state and check_type are reset too: the third is an active OK */
	assert_int_equal(st.svc.state[0], 1);
	assert_int_equal(st.svc.state[1], 1);
	assert_int_equal(st.svc.state[2], 1);
	assert_int_equal(st.svc.active, 3);
	nagstats_free(&st);

	/* the usual file: info's "}" resets before the first object */
	parse(&st, "info {\n\tcreated=5\n\t}\nhoststatus {\n\t}\n", 100);
	assert_int_equal(st.hst.entries, 1);
	assert_int_equal(st.hst.checked, 0);
	assert_int_equal(st.hst.scheduled, 0);
	assert_int_equal(st.hst.state[0], 1);
	assert_int_equal(st.created, 5);
	nagstats_free(&st);
}

static void
test_block_quirks(void **state)
{
	struct nagstats st;
	char *got;

	(void)state;
	parse(&st,
	    "# servicestatus {\n"
	    "  servicestatus {  \t\r\n" /* blanks around: recognised */
	    "\tcurrent_state=2\r\n"
	    "\tis_flapping=7\n"
	    "\tscheduled_downtime_depth=-1\n"
	    "\t}\r\n"
	    "servicestatus{\n" /* not a block start */
	    "\tcurrent_state=1\n"
	    "\t}\n"
	    "contactstatus {\n" /* not read, its "}" closes nothing */
	    "\tcurrent_state=1\n"
	    "\t}\n"
	    "servicestatus {\n"
	    "\t==current_state=3\n" /* leading '=' skipped */
	    "\tcheck_type=\n"       /* empty value: ignored */
	    "\tcheck_type\n"
	    "\t  # current_state=1\n" /* not a comment once indented, not a key */
	    "\tscheduled_downtime_depth=2\n"
	    "\t}\n"
	    "servicestatus {\n" /* opened twice, closed once */
	    "servicestatus {\n"
	    "\tcheck_type=1\n"
	    "\tpercent_state_change=10\n"
	    "\t}\n"
	    "hoststatus {\n"
	    "\tcurrent_state=3\n" /* no host state 3: not counted */
	    "\tis_flapping=1\n"
	    "\t}\n",
	    100);
	assert_int_equal(st.svc.entries, 4);
	assert_int_equal(st.svc.active, 2);
	assert_int_equal(st.svc.passive, 1);
	assert_int_equal(st.svc.state[0], 1);
	assert_int_equal(st.svc.state[1], 0);
	assert_int_equal(st.svc.state[2], 1);
	assert_int_equal(st.svc.state[3], 1);
	assert_int_equal(st.svc.flapping, 1);
	assert_int_equal(st.svc.downtime, 1);
	/* the all-services mean divides by the blocks opened so far (4) */
	assert_true(st.svc.psc.avg == 2.5);
	assert_true(st.svc.psv_psc.avg == 10.0);
	assert_int_equal(st.hst.entries, 1);
	assert_int_equal(st.hst.state[0] + st.hst.state[1] + st.hst.state[2], 0);
	assert_int_equal(st.hst.flapping, 1);
	got = mrtg(&st, "NUMSVCPROB,NUMHSTPROB,NUMSVCUNKN", ":", 100, NULL, NULL);
	assert_string_equal(got, "2:0:1:\n");
	free(got);
	nagstats_free(&st);
}

/* a line longer than 1022 bytes is read in pieces, each one a line */
static void
test_pieces(void **state)
{
	const size_t lead = strlen("\tplugin_output=");
	char *text = malloc(8192), *p;
	struct nagstats st;
	size_t n;

	(void)state;
	assert_non_null(text);
	/* 1022 bytes, then "current_state=2" starts the next piece */
	p = text + snprintf(text, 8192, "info {\n\t}\nservicestatus {\n\tplugin_output=");
	memset(p, 'x', NAGSTATS_PIECE - 1 - lead);
	p += NAGSTATS_PIECE - 1 - lead;
	n = (size_t)(p - text);
	snprintf(p, 8192 - n, "current_state=2\n\t}\n");
	parse(&st, text, 100);
	assert_int_equal(st.svc.state[2], 1);
	nagstats_free(&st);

	/* one byte less of x: the piece ends in "c", "urrent_state=2" is no key */
	p = text + snprintf(text, 8192, "info {\n\t}\nservicestatus {\n\tplugin_output=");
	memset(p, 'x', NAGSTATS_PIECE - 2 - lead);
	p += NAGSTATS_PIECE - 2 - lead;
	n = (size_t)(p - text);
	snprintf(p, 8192 - n, "current_state=2\n\t}\n");
	parse(&st, text, 100);
	assert_int_equal(st.svc.state[0], 1);
	nagstats_free(&st);

	/* a piece of exactly "}" closes the block early */
	p = text + snprintf(text, 8192, "info {\n\t}\nservicestatus {\n\tplugin_output=");
	memset(p, 'x', NAGSTATS_PIECE - 1 - lead);
	p += NAGSTATS_PIECE - 1 - lead;
	n = (size_t)(p - text);
	snprintf(p, 8192 - n, "}\n\tcurrent_state=2\n\t}\n");
	parse(&st, text, 100);
	assert_int_equal(st.svc.entries, 1);
	assert_int_equal(st.svc.state[0], 1);
	assert_int_equal(st.svc.state[2], 0);
	nagstats_free(&st);
	free(text);
}

/* fgets keeps reading past a NUL; the line ends there for strcmp */
static void
test_nul_byte(void **state)
{
	static const char text[] = "info {\n\t}\nservicestatus {\n\tcurrent_state=2\0junk=1\n\t}\n";
	struct nagstats st;

	(void)state;
	parse_n(&st, text, sizeof(text) - 1, 100);
	assert_int_equal(st.svc.state[2], 1);
	nagstats_free(&st);
}

static void
test_program_triples(void **state)
{
	struct nagstats st;

	(void)state;
	parse(&st,
	    "programstatus {\n"
	    "\tnagios_pid=4294967297\n" /* strtoul, then int */
	    "\tprogram_start=99999999999999999999999\n"
	    "\tactive_scheduled_host_check_stats=5,,7\n"
	    "\tactive_ondemand_host_check_stats=1,2\n"
	    "\texternal_command_stats=x,9,10,11\n"
	    "\tactive_scheduled_service_check_stats=3,4,5\n"
	    "\tpassive_service_check_stats=\n"
	    "\t}\n",
	    100);
	assert_int_equal(st.pid, 1);
	assert_int_equal(st.program_start, (time_t)-1);
	assert_mrtg(&st,
	    "NUMSACTHSTCHECKS1M,NUMSACTHSTCHECKS5M,NUMSACTHSTCHECKS15M,NUMACTHSTCHECKS1M,"
	    "NUMACTHSTCHECKS5M,NUMACTHSTCHECKS15M,NUMEXTCMDS1M,NUMEXTCMDS5M,NUMEXTCMDS15M,"
	    "NUMACTSVCCHECKS15M,NUMPSVSVCCHECKS1M,PROGRUNTIMETT",
	    100, "5:7:0:6:9:0:0:9:10:5:0:101:\n");
	nagstats_free(&st);

	/* without programstatus's "}" the active totals stay 0 */
	parse(&st, "programstatus {\n\tactive_scheduled_host_check_stats=5,6,7\n", 100);
	assert_mrtg(&st, "NUMSACTHSTCHECKS1M,NUMACTHSTCHECKS1M", 100, "5:0:\n");
	nagstats_free(&st);
}

static void
test_means_and_ints(void **state)
{
	struct nagstats st;

	(void)state;
	parse(&st,
	    "info {\n\t}\n"
	    "hoststatus {\n\tcheck_latency=0.5\n\tcheck_execution_time=2.25\n"
	    "\tpercent_state_change=10\n\t}\n"
	    "hoststatus {\n\tcheck_latency=1.5\n\tcheck_execution_time=0.75\n"
	    "\tpercent_state_change=20\n\t}\n"
	    "hoststatus {\n\tcheck_latency=0.25\n\tcheck_execution_time=0.001\n"
	    "\tpercent_state_change=60\n\t}\n"
	    "hoststatus {\n\tcheck_type=1\n\tcheck_latency=3\n\tpercent_state_change=1\n\t}\n"
	    "servicestatus {\n\tcheck_latency=1e12\n\tcheck_execution_time=nan\n\t}\n",
	    100);
	assert_true(st.hst.act_lat.min == 0.25);
	assert_true(st.hst.act_lat.max == 1.5);
	assert_true(st.hst.act_psc.avg == 30.0);
	assert_true(st.hst.psc.avg == 22.75);
	assert_true(st.hst.psv_lat.avg == 3.0);
	assert_mrtg(&st,
	    "MINACTHSTLAT,MAXACTHSTLAT,AVGACTHSTLAT,MINACTHSTEXT,MAXACTHSTEXT,AVGACTHSTPSC,"
	    "MAXHSTPSC,AVGHSTPSC,AVGPSVHSTLAT,MINPSVSVCLAT",
	    100, "250:1500:750:1:2250:30:60:22:3000:0:\n");
	/* too big for an int, and NaN: x86's INT_MIN */
	assert_mrtg(&st, "MAXACTSVCLAT,AVGACTSVCEXT", 100, "-2147483648:-2147483648:\n");
	nagstats_free(&st);
}

static void
test_missing_values(void **state)
{
	struct nagstats st;
	char *got = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	parse(&st, "", 1000);
	assert_null(st.version);
	assert_mrtg(&st, "NAGIOSVERSION,NAGIOSVERPID,NUMHOSTS,MINACTSVCLAT,PROGRUNTIMETT", 1000,
	    "(null):Nagios (null) (pid=0):0:0:1000:\n");
	fp = open_memstream(&got, &len);
	assert_non_null(fp);
	nagstats_report(fp, &st, NULL, 1000);
	fclose(fp);
	assert_non_null(strstr(got, "\nStatus File:                            (null)\n"
				    "Status File Age:                        0d 0h 16m 40s\n"
				    "Status File Version:                    (null)\n"));
	free(got);
	nagstats_free(&st);

	/* the last version wins */
	parse(&st, "info {\n\tversion=1\n\tversion=4.4.6\n\t}\n", 0);
	assert_string_equal(st.version, "4.4.6");
	nagstats_free(&st);
}

static void
test_mrtg_output(void **state)
{
	struct nagstats st;
	struct hook h = { 0 };
	char *got;

	(void)state;
	parse(&st, "info {\n\t}\nhoststatus {\n\t}\nhoststatus {\n\t}\n", 0);
	got = mrtg(&st, "NUMHOSTS,FOO,NUMHOSTS", "\n", 0, NULL, NULL);
	assert_string_equal(got, "2\nFOO\n2\n");
	free(got);
	got = mrtg(&st, ",,NUMHOSTS,,numhosts,", ":", 0, NULL, NULL);
	assert_string_equal(got, "2:numhosts:\n");
	free(got);
	got = mrtg(&st, "NUMHOSTS,NUMHOSTS", "", 0, NULL, NULL);
	assert_string_equal(got, "22\n");
	free(got);
	got = mrtg(&st, "NUMHOSTS,NUMHOSTS", ", ", 0, NULL, NULL);
	assert_string_equal(got, "2, 2, \n");
	free(got);
	got = mrtg(&st, NULL, ":", 0, NULL, NULL);
	assert_string_equal(got, "");
	free(got);
	got = mrtg(&st, "", ":", 0, NULL, NULL);
	assert_string_equal(got, "\n");
	free(got);
	/* names Nagios knows never reach the hook */
	got = mrtg(&st, "JQX,NUMHOSTS,JQY,NUMHSTACTCHK2M", ":", 0, hook_more, &h);
	assert_string_equal(got, "42:2:JQY:NUMHSTACTCHK2M:\n");
	assert_int_equal(h.calls, 3);
	free(got);
	nagstats_free(&st);
}

static void
test_duration(void **state)
{
	static const struct {
		unsigned long secs;
		const char *want;
	} cases[] = {
		{ 0, "0d 0h 0m 0s" },
		{ 59, "0d 0h 0m 59s" },
		{ 90061, "1d 1h 1m 1s" },
		{ 86399, "0d 23h 59m 59s" },
		/* observed from nagios4stats with status files in the future */
		{ (unsigned long)-3, "1158050441d 7h 0m 13s" },
		{ (unsigned long)-100000, "1158050440d 3h 13m 36s" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		nagstats_duration(buf, sizeof(buf), cases[i].secs);
		assert_string_equal(buf, cases[i].want);
	}
}

/* each checked against nagios4stats -c with status_file=<path> */
static void
test_path_absolute(void **state)
{
	static const struct {
		const char *path;
		const char *base;
		const char *want;
	} cases[] = {
		{ "/a/./b//c", "/cfg", "/a/b/c" },
		{ "/a/b/../c", "/cfg", "/a/c" },
		{ "rel/x.dat", "/tmp/h5/cfgdir", "/tmp/h5/cfgdir/rel/x.dat" },
		{ "../x.dat", "/tmp/h5/cfgdir", "/tmp/h5/x.dat" },
		{ "/a/b/", "/cfg", "/a/b/" },
		{ "/a/.", "/cfg", "/a/" },
		{ "/../x", "/cfg", "/x" },
		{ "./x", "/tmp/h5/cfgdir", "/tmp/h5/cfgdir/x" },
		{ "a/../../x", "/tmp/h5/cfgdir", "/tmp/h5/x" },
		{ "../../../../y", "/tmp/h5/cfgdir", "/y" },
		{ "/a/b/../../..", "/cfg", "" },
		{ "sub/./../s.dat", "/tmp/h5/cfgdir", "/tmp/h5/cfgdir/s.dat" },
		{ "//x", "/cfg", "/x" },
		{ ".", "/tmp/h5/cfgdir", "/tmp/h5/cfgdir/" },
		{ "/", "/cfg", "/" },
	};
	char cwd[4096], *got, want[4200];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = nagstats_path_absolute(cases[i].path, cases[i].base);
		assert_non_null(got);
		assert_string_equal(got, cases[i].want);
		free(got);
	}
	got = nagstats_path_absolute("", "/cfg");
	assert_string_equal(got, "/cfg/");
	free(got);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	snprintf(want, sizeof(want), "%s/x", strcmp(cwd, "/") == 0 ? "" : cwd);
	got = nagstats_path_absolute("x", NULL);
	assert_string_equal(got, want);
	free(got);
}

struct tdir {
	char dir[64];
};

static int
tdir_setup(void **state)
{
	struct tdir *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	snprintf(t->dir, sizeof(t->dir), "/tmp/jaque-nagstats-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	*state = t;
	return 0;
}

static int
tdir_teardown(void **state)
{
	struct tdir *t = *state;
	char p[128];
	static const char *const files[] = { "a.cfg", "b.cfg", "c.cfg", "big.dat" };
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", t->dir, files[i]);
		unlink(p);
	}
	rmdir(t->dir);
	free(t);
	return 0;
}

static void
write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static void
test_config(void **state)
{
	struct tdir *t = *state;
	char cfg[128], want[128], *status = (char *)"x";

	snprintf(cfg, sizeof(cfg), "%s/a.cfg", t->dir);
	write_file(cfg,
	    "# status_file=/no\n"
	    "status_file = /spaces/do/not/match\n"
	    "status_file=/first.dat\n"
	    "   xsddefault_status_log=/second.dat   \n"
	    "status_log=var/../st.dat\n"
	    "status_file=\n");
	assert_int_equal(nagstats_config(cfg, &status), 0);
	snprintf(want, sizeof(want), "%s/st.dat", t->dir);
	assert_string_equal(status, want);
	free(status);

	snprintf(cfg, sizeof(cfg), "%s/b.cfg", t->dir);
	write_file(cfg, "log_file=/x.log\n");
	status = (char *)"x";
	assert_int_equal(nagstats_config(cfg, &status), 0);
	assert_null(status);

	snprintf(cfg, sizeof(cfg), "%s/missing.cfg", t->dir);
	assert_int_equal(nagstats_config(cfg, &status), -1);
	assert_null(status);
}

static void
test_read_errors(void **state)
{
	struct tdir *t = *state;
	struct nagstats st;
	char p[128];

	nagstats_init(&st, 0);
	errno = 0;
	assert_int_equal(nagstats_read(&st, NULL), -1);
	assert_int_equal(errno, EFAULT);
	snprintf(p, sizeof(p), "%s/none.dat", t->dir);
	assert_int_equal(nagstats_read(&st, p), -1);
	assert_int_equal(errno, ENOENT);
	/* a directory opens and reads as nothing, as in nagiostats */
	assert_int_equal(nagstats_read(&st, t->dir), 0);
	assert_int_equal(st.svc.entries, 0);
	nagstats_free(&st);
}

/* 50 000 services streamed through the bounded buffer */
static void
test_stream_large(void **state)
{
	struct tdir *t = *state;
	struct nagstats st;
	char p[128];
	FILE *fp;
	int i;

	snprintf(p, sizeof(p), "%s/big.dat", t->dir);
	fp = fopen(p, "w");
	assert_non_null(fp);
	fprintf(fp, "info {\n\tcreated=1000\n\tversion=4.4.6\n\t}\n");
	for (i = 0; i < 50000; i++)
		fprintf(fp,
		    "servicestatus {\n\thost_name=h%d\n\tservice_description=s\n"
		    "\thas_been_checked=1\n\tcheck_type=%d\n\tcurrent_state=%d\n"
		    "\tcheck_latency=0.250\n\tpercent_state_change=%d.0\n"
		    "\tlast_check=%d\n\t}\n\n",
		    i, i % 5 == 0, i % 4, i % 2 ? 3 : 1, 1000 - i % 120);
	assert_int_equal(fclose(fp), 0);
	nagstats_init(&st, 1000);
	assert_int_equal(nagstats_read(&st, p), 0);
	assert_int_equal(st.svc.entries, 50000);
	assert_int_equal(st.svc.checked, 50000);
	assert_int_equal(st.svc.passive, 10000);
	assert_int_equal(st.svc.active, 40000);
	assert_int_equal(st.svc.state[0], 12500);
	assert_int_equal(st.svc.state[3], 12500);
	assert_true(st.svc.act_lat.avg == 0.25);
	assert_true(st.svc.psc.avg == 2.0);
	/* last_check 1000 - (i % 120): within 60 s when i % 120 <= 60 */
	assert_mrtg(&st, "NUMSVCACTCHK1M,NUMSVCPSVCHK1M,NUMSVCACTCHK5M,AVGACTSVCLAT", 1000,
	    "20016:5421:40000:250:\n");
	nagstats_free(&st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_report),
		cmocka_unit_test(test_fixture_mrtg),
		cmocka_unit_test(test_fixture_windows),
		cmocka_unit_test(test_first_object_defaults),
		cmocka_unit_test(test_block_quirks),
		cmocka_unit_test(test_pieces),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_program_triples),
		cmocka_unit_test(test_means_and_ints),
		cmocka_unit_test(test_missing_values),
		cmocka_unit_test(test_mrtg_output),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_path_absolute),
		cmocka_unit_test_setup_teardown(test_config, tdir_setup, tdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_errors, tdir_setup, tdir_teardown),
		cmocka_unit_test_setup_teardown(test_stream_large, tdir_setup, tdir_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

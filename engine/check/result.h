/*
 * result: one check result as the state machine takes it, and how raw
 * plugin output and exit status become one, as Nagios 4.4.6 does it.
 *
 * check_output_parse splits plugin text the way Nagios does: the first
 * line up to '|' is the output, the rest of that line perfdata; following
 * lines are long output until a line containing '|', after which the rest
 * of that line and every later line are perfdata, joined by spaces; the
 * cleaning Nagios applies (';' in the short output, trailing whitespace).
 *
 * check_result_from_exit maps an exit (or a timeout, or a failure to
 * start) of a host or service check to Nagios's state and text: codes out
 * of bounds, signals, 126/127, "(No output ...)", the timeout text and
 * service_check_timeout_state, host WARNING as UP unless
 * use_aggressive_host_checking.
 *
 * The strings of a check_result are heap strings it owns.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_RESULT_H
#define JAQUE_RESULT_H

#include <stddef.h>
#include <sys/time.h>
#include <time.h>

struct main_cfg;

enum check_origin {
	CHECK_EXITED,       /* the plugin ran (or a shim) and exited: wait_status */
	CHECK_TIMED_OUT,    /* killed at the check timeout */
	CHECK_NOT_STARTED,  /* could not be executed (text in stderr) */
	CHECK_LOST,         /* the worker running it died */
	CHECK_EXIT_FAILED   /* a result that says it did not exit properly (exited_ok=0
	                     * in a check result file) */
};
const char *check_origin_str(enum check_origin o);

/*
 * The runtime warning Nagios writes to nagios.log besides taking the
 * result (compat/ words it; the texts are Nagios's):
 *   TIMEOUT  "Warning: Check of service '%s' on host '%s' timed out after %.3fs!"
 *            "Warning: Check of host '%s' timed out after %.2lf seconds"
 *   RC126    "Warning: Return code of 126 for service '%s' on host '%s' may
 *            indicate a non-executable plugin." (host: "for host '%s'")
 *   RC127    "... may indicate this plugin doesn't exist."
 *   BOUNDS   "Warning: Return code of %d for check of service '%s' on host '%s'
 *            was out of bounds." (host: "for check of host '%s'")
 *   LOST     jaque's own: the worker died (Nagios has no such case)
 *   NOT_EXITED "Warning:  Check of service '%s' on host '%s' did not exit
 *            properly!" (two blanks; host: "Check of host '%s'")
 * The times are the check's execution time (finish - start).
 */
enum check_warning {
	CHECK_WARN_NONE,
	CHECK_WARN_TIMEOUT,
	CHECK_WARN_RC126,
	CHECK_WARN_RC127,
	CHECK_WARN_BOUNDS,
	CHECK_WARN_LOST,
	CHECK_WARN_NOT_EXITED
};

struct check_result {
	int state;            /* service: 0..3; host: 0 UP, 1 DOWN (UNREACHABLE is the
	                       * state machine's to decide; a passive host result
	                       * may say 2 itself) */
	int rc;               /* the exit code, -1 when none */
	int check_type;       /* enum state_check_type */
	int early_timeout;
	int exited_ok;        /* the plugin exited normally (not a signal, not a timeout) */
	int warning;          /* enum check_warning */
	double latency;       /* seconds from due to start */
	struct timeval start;
	struct timeval finish;
	char *output;         /* short output (never NULL after a _from_ call; NULL
	                       * after check_output_parse alone when the first line
	                       * was empty: the state machine then writes Nagios's
	                       * "(No output returned from ...)") */
	char *long_output;    /* NULL when none; '\n' kept, not escaped */
	char *perf_data;      /* NULL when none */
};

/*
 * Split text (len bytes, need not be NUL-terminated; Nagios stops at a
 * NUL byte, so does this) into cr's three strings, replacing what cr had.
 * The short output is stripped of blanks and has ';' turned into ':';
 * output is NULL when the first line is empty.
 */
void check_output_parse(struct check_result *cr, const char *text, size_t len);

/*
 * Fill cr from how a check ended.  is_host selects the host mapping;
 * host_name and svc_desc (NULL for hosts) go into Nagios's texts;
 * wait_status as waitpid gives it (CHECK_EXITED); out/err the plugin's
 * stdout and stderr; timeout the seconds the check was allowed (for the
 * timeout text).  cr's strings are replaced; its times and latency are
 * left to the caller.
 *
 * Nagios prints the measured run time in the timeout text: when the
 * caller has set cr->start and cr->finish before the call, that is used,
 * otherwise timeout.  CHECK_NOT_STARTED: Nagios's child _exit()s with the
 * errno of the failed execvp, so wait_status carries that errno (0 is
 * taken as ENOENT) and err the text ("execvp(%s, ...) failed. errno is
 * %d: %s" in Nagios).  CHECK_LOST (jaque's own): service UNKNOWN, host
 * DOWN, text "(jaque worker died while running the check)".
 */
void check_result_from_exit(struct check_result *cr, int is_host, const char *host_name,
    const char *svc_desc, enum check_origin origin, int wait_status, const char *out,
    size_t outlen, const char *err, size_t errlen, double timeout, const struct main_cfg *cfg);

/*
 * Fill cr from an active result read from a check result file
 * (check_type=0 in the spool): Nagios 4.4.6 maps it as a worker's, with
 * get_*_check_return_code.  early_timeout set: the timeout text and state,
 * its time finish - start; exited_ok 0: "(Service check did not exit
 * properly)" CRITICAL, "(Host check did not exit properly)" DOWN; else
 * rc as an exit code (126, 127, out of bounds, host WARNING).  start and
 * finish are seconds since the epoch (0: absent); the text is parsed as
 * plugin output.  cr's strings are replaced.
 */
void check_result_from_file(struct check_result *cr, int is_host, const char *host_name,
    const char *svc_desc, int rc, int exited_ok, int early_timeout, const char *text,
    size_t len, double start, double finish, const struct main_cfg *cfg);

/*
 * Fill cr from a passive result (external command or spool file) as
 * Nagios's process_passive_*_check does: services take rc 0..3 (others
 * become UNKNOWN); hosts take 0..2 and refuse others (returns -1, cr
 * untouched).  Output is parsed; "(No output returned from plugin)" /
 * "(No output returned from host check)" when it is empty.  Times are set
 * to check_time; latency is the caller's.  Returns 0.
 */
int check_result_passive(struct check_result *cr, int is_host, int rc, const char *text,
    size_t len, time_t check_time);

/* the "(No output returned from ...)" text Nagios uses for an empty first line */
const char *check_no_output_text(int is_host);

/* finish - start in seconds, never negative (Nagios's execution_time) */
double check_result_exec_time(const struct check_result *cr);

/* free cr's strings and zero it */
void check_result_clear(struct check_result *cr);

#endif

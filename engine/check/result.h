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
 */
#ifndef JAQUE_RESULT_H
#define JAQUE_RESULT_H

#include <stddef.h>
#include <sys/time.h>

struct main_cfg;

enum check_origin {
	CHECK_EXITED,       /* the plugin ran (or a shim) and exited: wait_status */
	CHECK_TIMED_OUT,    /* killed at the check timeout */
	CHECK_NOT_STARTED,  /* could not be executed (text in stderr) */
	CHECK_LOST          /* the worker running it died */
};

struct check_result {
	int state;            /* service: 0..3; host: 0 UP, 1 DOWN (UNREACHABLE is the
	                       * state machine's to decide) */
	int rc;               /* the exit code, -1 when none */
	int check_type;       /* enum state_check_type */
	int early_timeout;
	int exited_ok;        /* the plugin exited normally (not a signal, not a timeout) */
	double latency;       /* seconds from due to start */
	struct timeval start;
	struct timeval finish;
	char *output;         /* short output (never NULL after a _from_ call) */
	char *long_output;    /* NULL when none */
	char *perf_data;      /* NULL when none */
};

/* split text (len bytes, need not be NUL-terminated) into cr's three strings */
void check_output_parse(struct check_result *cr, const char *text, size_t len);

/*
 * Fill cr from how a check ended.  is_host selects the host mapping;
 * host_name and svc_desc (NULL for hosts) go into Nagios's texts;
 * wait_status as waitpid gives it (CHECK_EXITED); out/err the plugin's
 * stdout and stderr; timeout the seconds the check was allowed (for the
 * timeout text).  cr's strings are replaced; its times and latency are
 * left to the caller.
 */
void check_result_from_exit(struct check_result *cr, int is_host, const char *host_name,
    const char *svc_desc, enum check_origin origin, int wait_status, const char *out,
    size_t outlen, const char *err, size_t errlen, double timeout, const struct main_cfg *cfg);

/* free cr's strings and zero it */
void check_result_clear(struct check_result *cr);

#endif

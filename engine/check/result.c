/*
 * result: plugin text and exit status turned into a check result, the
 * way Nagios 4.4.6 does it between its worker and the state machine.
 *
 * Nagios does this in three places, and the order matters for the texts:
 * the core's worker glue takes stdout, or "(No output on stdout) stderr:
 * " and stderr when stdout is empty; parse_check_output splits that into
 * short output, long output and perfdata; then the result handler turns
 * an empty first line into "(No output returned from ...)", ';' into ':'
 * in the short output, and only for active checks maps the exit code,
 * replacing the text for timeouts, 126, 127 and codes out of bounds.
 * Everything here follows that order.  A plugin killed by a signal has no
 * exit code: Nagios gives it UNKNOWN (3) and keeps what it printed.
 *
 * Called by the checker when a run ends and by the passive paths (the
 * command pipe, spool files).  No state is touched here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "compat/config/maincfg.h"
#include "engine/check/result.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

#define RESULT_NO_STDOUT "(No output on stdout) stderr: "
#define RESULT_LOST_TEXT "(jaque worker died while running the check)"

/* service states and host states as Nagios numbers them */
enum { R_OK, R_WARNING, R_CRITICAL, R_UNKNOWN };
enum { R_UP, R_DOWN, R_UNREACHABLE };

const char *
check_origin_str(enum check_origin o)
{
	switch (o) {
	case CHECK_EXITED:
		return "exited";
	case CHECK_TIMED_OUT:
		return "timed out";
	case CHECK_NOT_STARTED:
		return "not started";
	case CHECK_LOST:
		return "worker lost";
	case CHECK_EXIT_FAILED:
		return "did not exit properly";
	}
	return "unknown";
}

const char *
check_no_output_text(int is_host)
{
	return is_host ? "(No output returned from host check)"
	               : "(No output returned from plugin)";
}

/* the blanks Nagios's strip() removes: not \v or \f */
static int
result_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* [*s, *e) without blanks at either end */
static void
result_strip(const char **s, const char **e)
{
	while (*s < *e && result_is_blank(**s))
		(*s)++;
	while (*e > *s && result_is_blank((*e)[-1]))
		(*e)--;
}

/* a buffer sized for the whole input: pieces of it never outgrow it */
struct result_buf {
	char *p;
	size_t len;
};

static void
result_add(struct result_buf *b, const char *s, size_t n)
{
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* perfdata pieces are joined by one space, once there is something */
static void
result_add_perf(struct result_buf *b, const char *s, size_t n)
{
	if (b->len > 0)
		result_add(b, " ", 1);
	result_add(b, s, n);
}

/* long output lines after the first are joined by '\n' (line 2 has none) */
static void
result_add_long(struct result_buf *b, int lineno, const char *s, size_t n)
{
	if (lineno > 2)
		result_add(b, "\n", 1);
	result_add(b, s, n);
}

static void
result_free_texts(struct check_result *cr)
{
	free(cr->output);
	free(cr->long_output);
	free(cr->perf_data);
	cr->output = cr->long_output = cr->perf_data = NULL;
}

/*
 * The first line: output up to the first '|', stripped; the rest of the
 * line starts the perfdata.  An empty first line gives no output at all
 * (Nagios's tokenizer returns nothing for an empty string), a line that
 * starts with '|' an empty one.
 */
static void
result_first_line(struct check_result *cr, const char *s, const char *e,
    struct result_buf *perf)
{
	const char *bar, *os, *oe;
	char *p;

	if (s == e)
		return;
	bar = memchr(s, '|', (size_t)(e - s));
	os = s;
	oe = bar != NULL ? bar : e;
	result_strip(&os, &oe);
	cr->output = xstrndup(os, (size_t)(oe - os));
	for (p = cr->output; (p = strchr(p, ';')) != NULL; p++)
		*p = ':';
	if (bar != NULL && bar + 1 < e)
		result_add(perf, bar + 1, (size_t)(e - bar - 1));
}

void
check_output_parse(struct check_result *cr, const char *text, size_t len)
{
	struct result_buf lng, perf;
	const char *p, *end, *nl, *le, *bar, *ps, *pe;
	int lineno = 0, in_perf = 0;

	result_free_texts(cr);
	if (text == NULL)
		return;
	/* the text ends at a NUL byte, as Nagios's C strings do */
	p = memchr(text, '\0', len);
	if (p != NULL)
		len = (size_t)(p - text);
	if (len == 0)
		return;
	lng.p = xmalloc(len + 1);
	perf.p = xmalloc(len + 1);
	lng.len = perf.len = 0;
	end = text + len;
	for (p = text; p < end; p = nl != NULL ? nl + 1 : end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		le = nl != NULL ? nl : end;
		lineno++;
		if (lineno == 1) {
			result_first_line(cr, p, le, &perf);
		} else if (in_perf) {
			/* once perfdata began on a later line, all that follows is perfdata */
			result_add_perf(&perf, p, (size_t)(le - p));
		} else if ((bar = memchr(p, '|', (size_t)(le - p))) != NULL) {
			in_perf = 1;
			result_add_long(&lng, lineno, p, (size_t)(bar - p));
			if (bar + 1 < le)
				result_add_perf(&perf, bar + 1, (size_t)(le - bar - 1));
		} else {
			result_add_long(&lng, lineno, p, (size_t)(le - p));
		}
	}
	if (lng.len > 0)
		cr->long_output = xstrndup(lng.p, lng.len);
	ps = perf.p;
	pe = perf.p + perf.len;
	result_strip(&ps, &pe);
	if (pe > ps)
		cr->perf_data = xstrndup(ps, (size_t)(pe - ps));
	free(lng.p);
	free(perf.p);
}

double
check_result_exec_time(const struct check_result *cr)
{
	double t = (double)(cr->finish.tv_sec - cr->start.tv_sec) +
	    (double)(cr->finish.tv_usec - cr->start.tv_usec) / 1e6;

	return t > 0 ? t : 0.0;
}

/* the run time for the timeout text: measured when the caller set the times */
static double
result_timeout_secs(const struct check_result *cr, double timeout)
{
	if (cr->start.tv_sec == 0 && cr->start.tv_usec == 0)
		return timeout;
	if (cr->finish.tv_sec == 0 && cr->finish.tv_usec == 0)
		return timeout;
	return check_result_exec_time(cr);
}

/* stdout if it has anything before a NUL, else the stderr form */
static void
result_take_text(struct check_result *cr, const char *out, size_t outlen, const char *err,
    size_t errlen)
{
	const char *z;
	char *text;
	size_t n;

	if (out != NULL && outlen > 0 && out[0] != '\0') {
		check_output_parse(cr, out, outlen);
		return;
	}
	if (err == NULL)
		errlen = 0;
	else if ((z = memchr(err, '\0', errlen)) != NULL)
		errlen = (size_t)(z - err);
	n = sizeof(RESULT_NO_STDOUT) - 1;
	text = xmalloc(n + errlen + 1);
	memcpy(text, RESULT_NO_STDOUT, n);
	if (errlen > 0)
		memcpy(text + n, err, errlen);
	text[n + errlen] = '\0';
	check_output_parse(cr, text, n + errlen);
	free(text);
}

/* replace all three texts by one short output */
static void
result_set_only(struct check_result *cr, char *output)
{
	result_free_texts(cr);
	cr->output = output;
}

static int
result_timeout_state(const struct main_cfg *cfg)
{
	if (cfg == NULL || cfg->service_check_timeout_state < R_OK ||
	    cfg->service_check_timeout_state > R_UNKNOWN)
		return R_CRITICAL;
	return cfg->service_check_timeout_state;
}

/* 126 and 127 get a hint instead of the generic out-of-bounds text */
static int
result_hint_code(struct check_result *cr, int code)
{
	if (code == 126) {
		result_set_only(cr, xstrdup("(Return code of 126 is out of bounds. "
		    "Check if plugin is executable)"));
		cr->warning = CHECK_WARN_RC126;
		return 1;
	}
	if (code == 127) {
		result_set_only(cr, xstrdup("(Return code of 127 is out of bounds. "
		    "Check if plugin exists)"));
		cr->warning = CHECK_WARN_RC127;
		return 1;
	}
	return 0;
}

/* Nagios's get_service_check_return_code for an active check */
static void
result_map_service(struct check_result *cr, const char *host_name, const char *svc_desc,
    enum check_origin origin, int code, double secs, const struct main_cfg *cfg)
{
	if (origin == CHECK_TIMED_OUT) {
		result_set_only(cr,
		    xasprintf("(Service check timed out after %.2f seconds)", secs));
		cr->warning = CHECK_WARN_TIMEOUT;
		cr->state = result_timeout_state(cfg);
	} else if (origin == CHECK_LOST) {
		result_set_only(cr, xstrdup(RESULT_LOST_TEXT));
		cr->warning = CHECK_WARN_LOST;
		cr->state = R_UNKNOWN;
	} else if (origin == CHECK_EXIT_FAILED) {
		result_set_only(cr, xstrdup("(Service check did not exit properly)"));
		cr->warning = CHECK_WARN_NOT_EXITED;
		cr->state = R_CRITICAL;
	} else if (result_hint_code(cr, code)) {
		cr->state = R_CRITICAL;
	} else if (code < R_OK || code > R_UNKNOWN) {
		/* Nagios replaces the short output only: long output and perfdata stay */
		free(cr->output);
		cr->output = xasprintf("(Return code of %d for service '%s' on host '%s' was "
		    "out of bounds)", code, svc_desc, host_name);
		cr->warning = CHECK_WARN_BOUNDS;
		cr->state = R_CRITICAL;
	} else {
		cr->state = code;
	}
}

/* Nagios's get_host_check_return_code for an active check */
static void
result_map_host(struct check_result *cr, const char *host_name, enum check_origin origin,
    int code, double secs, const struct main_cfg *cfg)
{
	if (origin == CHECK_TIMED_OUT) {
		result_set_only(cr, xasprintf("(Host check timed out after %.2f seconds)", secs));
		cr->warning = CHECK_WARN_TIMEOUT;
		cr->state = R_DOWN;
	} else if (origin == CHECK_LOST) {
		result_set_only(cr, xstrdup(RESULT_LOST_TEXT));
		cr->warning = CHECK_WARN_LOST;
		cr->state = R_DOWN;
	} else if (origin == CHECK_EXIT_FAILED) {
		/* Nagios says UNREACHABLE, then takes every state but UP as DOWN */
		result_set_only(cr, xstrdup("(Host check did not exit properly)"));
		cr->warning = CHECK_WARN_NOT_EXITED;
		cr->state = R_DOWN;
	} else if (result_hint_code(cr, code)) {
		cr->state = R_DOWN;
	} else if (code < R_OK || code > R_UNKNOWN) {
		result_set_only(cr, xasprintf("(Return code of %d for host '%s' was out of bounds)",
		    code, host_name));
		cr->warning = CHECK_WARN_BOUNDS;
		cr->state = R_DOWN;
	} else if (code == R_OK) {
		cr->state = R_UP;
	} else if (code == R_WARNING && (cfg == NULL || !cfg->use_aggressive_host_checking)) {
		/* a WARNING host check means UP unless checking aggressively */
		cr->state = R_UP;
	} else {
		cr->state = R_DOWN;
	}
}

void
check_result_from_exit(struct check_result *cr, int is_host, const char *host_name,
    const char *svc_desc, enum check_origin origin, int wait_status, const char *out,
    size_t outlen, const char *err, size_t errlen, double timeout, const struct main_cfg *cfg)
{
	double secs = result_timeout_secs(cr, timeout);
	int code = R_UNKNOWN;

	if (host_name == NULL)
		host_name = "";
	if (svc_desc == NULL)
		svc_desc = "";
	cr->check_type = STATE_CHECK_ACTIVE;
	cr->rc = -1;
	cr->exited_ok = 0;
	cr->early_timeout = origin == CHECK_TIMED_OUT;
	cr->warning = CHECK_WARN_NONE;
	switch (origin) {
	case CHECK_EXITED:
		if (WIFEXITED(wait_status)) {
			code = WEXITSTATUS(wait_status);
			cr->rc = code;
			cr->exited_ok = 1;
		}
		/* else a signal: Nagios takes it as UNKNOWN with the plugin's text */
		break;
	case CHECK_NOT_STARTED:
		/* Nagios's child exits with the errno of its failed execvp */
		code = wait_status > 0 ? wait_status : ENOENT;
		cr->rc = code;
		break;
	case CHECK_TIMED_OUT:
	case CHECK_LOST:
	case CHECK_EXIT_FAILED:
		break;
	}
	result_take_text(cr, out, outlen, err, errlen);
	if (cr->output == NULL)
		cr->output = xstrdup(check_no_output_text(is_host));
	if (is_host)
		result_map_host(cr, host_name, origin, code, secs, cfg);
	else
		result_map_service(cr, host_name, svc_desc, origin, code, secs, cfg);
}

static void
result_set_time(struct timeval *tv, double t)
{
	tv->tv_sec = (time_t)t;
	tv->tv_usec = (suseconds_t)((t - (double)tv->tv_sec) * 1e6);
}

void
check_result_from_file(struct check_result *cr, int is_host, const char *host_name,
    const char *svc_desc, int rc, int exited_ok, int early_timeout, const char *text,
    size_t len, double start, double finish, const struct main_cfg *cfg)
{
	enum check_origin origin = early_timeout ? CHECK_TIMED_OUT
	                         : !exited_ok   ? CHECK_EXIT_FAILED
	                                        : CHECK_EXITED;
	double secs;

	result_set_time(&cr->start, start);
	result_set_time(&cr->finish, finish);
	secs = check_result_exec_time(cr);
	cr->check_type = STATE_CHECK_ACTIVE;
	cr->rc = rc;
	cr->exited_ok = exited_ok != 0;
	cr->early_timeout = early_timeout != 0;
	cr->warning = CHECK_WARN_NONE;
	check_output_parse(cr, text != NULL ? text : "", text != NULL ? len : 0);
	if (cr->output == NULL)
		cr->output = xstrdup(check_no_output_text(is_host));
	if (host_name == NULL)
		host_name = "";
	if (is_host)
		result_map_host(cr, host_name, origin, rc, secs, cfg);
	else
		result_map_service(cr, host_name, svc_desc != NULL ? svc_desc : "", origin, rc,
		    secs, cfg);
}

int
check_result_passive(struct check_result *cr, int is_host, int rc, const char *text,
    size_t len, time_t check_time)
{
	if (is_host && (rc < R_UP || rc > R_UNREACHABLE))
		return -1;
	if (!is_host && (rc < R_OK || rc > R_UNKNOWN))
		rc = R_UNKNOWN;
	check_output_parse(cr, text, len);
	if (cr->output == NULL)
		cr->output = xstrdup(check_no_output_text(is_host));
	cr->state = rc;
	cr->rc = rc;
	cr->check_type = STATE_CHECK_PASSIVE;
	cr->exited_ok = 1;
	cr->early_timeout = 0;
	cr->warning = CHECK_WARN_NONE;
	cr->start.tv_sec = cr->finish.tv_sec = check_time;
	cr->start.tv_usec = cr->finish.tv_usec = 0;
	return 0;
}

void
check_result_clear(struct check_result *cr)
{
	if (cr == NULL)
		return;
	result_free_texts(cr);
	memset(cr, 0, sizeof(*cr));
}

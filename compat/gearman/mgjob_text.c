/*
 * mgjob_text: the texts of mod_gearman 5.2.4's jobs and results (mgjob.h).
 *
 * The job texts are the module's (neb_module_naemon/mod_gearman.c) byte for
 * byte: the same keys in the same order, times as "%Lf" of a long double
 * made from a timeval the way its timeval2double does.  The result parser
 * follows its result thread (neb_module_naemon/result_thread.c), quirks
 * included: reading stops at the first empty value, only "\n" is unescaped
 * in the output, numbers are read the way atoi and atof read them.  The
 * result builder is the worker's (common/utils.c, send_result_back).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"
#include "compat/gearman/mgjob_int.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* make_uniq formats into a buffer of this size before hashing */
#define MGJOB_UNIQ_BUF 1024

/* "%s" of NULL, as glibc prints it */
static const char *
str_or_null(const char *s)
{
	return s != NULL ? s : "(null)";
}

/* timeval2double: seconds and a millionth of the microseconds, in long double */
static long double
tv_ld(struct timeval t)
{
	return (long double)t.tv_sec + (long double)t.tv_usec / 1000000;
}

/* the text, cut where the module's snprintf into GM_MAX_OUTPUT - 1 cuts it */
static char *
job_done(struct mbuf *b)
{
	if (b->len > MGJOB_TEXT_BUF - 2) {
		b->len = MGJOB_TEXT_BUF - 2;
		b->p[b->len] = '\0';
	}
	return b->p;
}

char *
mgjob_check_text(const struct mgjob_check *c)
{
	struct mbuf b = { 0 };
	double latency = c->latency < 0 ? 0 : c->latency;
	int svc = c->service_description != NULL;

	mbuf_addf(&b, "type=%s\nresult_queue=%s\ntarget_queue=%s\nhost_name=%s\n",
	    svc ? "service" : "host", str_or_null(c->result_queue),
	    str_or_null(c->target_queue), str_or_null(c->host_name));
	if (svc)
		mbuf_addf(&b, "service_description=%s\n", c->service_description);
	mbuf_addf(&b, "core_time=%Lf\ntimeout=%d\ncommand_line=%s\n\n\n",
	    tv_ld(c->now) - latency, c->timeout, str_or_null(c->command_line));
	return job_done(&b);
}

enum mgjob_prio
mgjob_check_prio(const struct mgjob_check *c)
{
	if (c->service_description == NULL)
		return MGJOB_PRIO_NORMAL;
	/* forced checks are likely asked for by a user: ahead of the others */
	return (c->check_options & MGJOB_CHECK_FORCE) ? MGJOB_PRIO_HIGH : MGJOB_PRIO_LOW;
}

int
mgjob_uniq(const char *text, char out[MGJOB_UNIQ_LEN + 1])
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0, i;

	if (EVP_Digest(text, strnlen(text, MGJOB_UNIQ_BUF - 1), md, &n, EVP_md5(), NULL) != 1 ||
	    n * 2 != MGJOB_UNIQ_LEN)
		return -1;
	for (i = 0; i < n; i++) {
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 0xf];
	}
	out[MGJOB_UNIQ_LEN] = '\0';
	return 0;
}

int
mgjob_check_uniq(const struct mgjob_check *c, char out[MGJOB_UNIQ_LEN + 1])
{
	char *s;
	int rc;

	if (c->service_description == NULL)
		return mgjob_uniq(str_or_null(c->host_name), out);
	s = xasprintf("%s-%s", str_or_null(c->host_name), c->service_description);
	rc = mgjob_uniq(s, out);
	free(s);
	return rc;
}

int
mgjob_perfdata_uniq(const char *queue, const char *host_name,
    const char *service_description, char out[MGJOB_UNIQ_LEN + 1])
{
	char *s;
	int rc;

	if (service_description == NULL)
		s = xasprintf("%s-%s", str_or_null(queue), str_or_null(host_name));
	else
		s = xasprintf("%s-%s-%s", str_or_null(queue), str_or_null(host_name),
		    service_description);
	rc = mgjob_uniq(s, out);
	free(s);
	return rc;
}

char *
mgjob_eventhandler_text(struct timeval now, const char *command_line)
{
	struct mbuf b = { 0 };

	mbuf_addf(&b, "type=eventhandler\nstart_time=%Lf\ncore_time=%Lf\ncommand_line=%s\n\n\n",
	    tv_ld(now), tv_ld(now), str_or_null(command_line));
	return job_done(&b);
}

/* s with each newline written "\n" into b */
static void
add_newlines_escaped(struct mbuf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\n')
			mbuf_add(b, "\\n", 2);
		else
			mbuf_addc(b, *s);
	}
}

char *
mgjob_escape_newlines(const char *s)
{
	struct mbuf b = { 0 };

	if (s == NULL)
		return NULL;
	mbuf_add(&b, "", 0);
	add_newlines_escaped(&b, s);
	return b.p;
}

char *
mgjob_notification_text(struct timeval start, struct timeval now, const char *contact,
    const char *command_line, const char *plugin_output, const char *long_plugin_output)
{
	struct mbuf b = { 0 };

	mbuf_addf(&b, "type=notification\nstart_time=%Lf\ncore_time=%Lf\ncontact=%s\ncommand_line=",
	    tv_ld(start), tv_ld(now), contact != NULL ? contact : "GLOBAL");
	/* a macro such as $LONGSERVICEOUTPUT$ can bring newlines into the
	 * command; the module writes them as "\n" so the line stays one */
	add_newlines_escaped(&b, str_or_null(command_line));
	mbuf_addf(&b, "\nplugin_output=%s\nlong_plugin_output=%s\n\n\n",
	    str_or_null(plugin_output), str_or_null(long_plugin_output));
	return job_done(&b);
}

/* atoi: a leading decimal number, 0 when none */
static int
num_int(const char *v)
{
	return (int)strtol(v, NULL, 10);
}

struct timeval
mgjob_num_tv(const char *v)
{
	long double val = strtod(v, NULL);
	struct timeval t = { 0, 0 };

	if (isnan(val))
		return t;
	if (val > INT_MAX)
		val = INT_MAX;
	if (val < INT_MIN)
		val = INT_MIN;
	t.tv_sec = (int)val;
	t.tv_usec = (int)((val - (long double)t.tv_sec) * 1000000);
	return t;
}

/* "\n" (backslash, n) into a newline, left to right; nothing else changes */
static char *
unescape_newlines(const char *s)
{
	struct mbuf b = { 0 };

	mbuf_add(&b, "", 0);
	while (*s != '\0') {
		if (s[0] == '\\' && s[1] == 'n') {
			mbuf_addc(&b, '\n');
			s += 2;
		} else {
			mbuf_addc(&b, *s++);
		}
	}
	return b.p;
}

static void
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

/* one key=value line that is not "output" */
static void
result_field(struct mgjob_result *r, const char *key, const char *v)
{
	if (strcmp(key, "host_name") == 0)
		set_str(&r->host_name, v);
	else if (strcmp(key, "service_description") == 0)
		set_str(&r->service_description, v);
	else if (strcmp(key, "source") == 0)
		set_str(&r->source, v);
	else if (strcmp(key, "check_options") == 0)
		r->check_options = num_int(v);
	else if (strcmp(key, "scheduled_check") == 0)
		r->scheduled_check = num_int(v);
	else if (strcmp(key, "type") == 0 && strcmp(v, "passive") == 0)
		r->passive = 1;
	else if (strcmp(key, "exited_ok") == 0)
		r->exited_ok = num_int(v);
	else if (strcmp(key, "early_timeout") == 0)
		r->early_timeout = num_int(v);
	else if (strcmp(key, "return_code") == 0)
		r->return_code = num_int(v);
	else if (strcmp(key, "core_start_time") == 0)
		r->core_start_time = mgjob_num_tv(v);
	else if (strcmp(key, "start_time") == 0)
		r->start_time = mgjob_num_tv(v);
	else if (strcmp(key, "finish_time") == 0)
		r->finish_time = mgjob_num_tv(v);
	else if (strcmp(key, "latency") == 0)
		r->latency = strtod(v, NULL);
}

int
mgjob_result_parse(struct mgjob_result *r, const char *text, enum mgjob_err *err)
{
	char *copy = xstrdup(text), *line = copy;

	memset(r, 0, sizeof(*r));
	r->scheduled_check = 1;
	r->exited_ok = 1;
	while (line != NULL) {
		char *next = strchr(line, '\n'), *value;

		if (next != NULL)
			*next++ = '\0';
		value = strchr(line, '=');
		if (value != NULL)
			*value++ = '\0';
		if (strcmp(line, "output") == 0) {
			free(r->output);
			r->output = value != NULL ? unescape_newlines(value) : xstrdup("(null)");
		}
		if (value == NULL || value[0] == '\0')
			break;
		result_field(r, line, value);
		line = next;
	}
	free(copy);
	if (r->host_name == NULL || r->output == NULL) {
		mgjob_result_clear(r);
		*err = MGJOB_EINVALID;
		return -1;
	}
	*err = MGJOB_OK;
	return 0;
}

void
mgjob_result_finish(struct mgjob_result *r, struct timeval now)
{
	double exec, lat;

	if (r->start_time.tv_sec == 0)
		r->start_time.tv_sec = now.tv_sec;
	if (r->finish_time.tv_sec == 0)
		r->finish_time.tv_sec = now.tv_sec;
	if (r->core_start_time.tv_sec == 0)
		r->core_start_time.tv_sec = now.tv_sec;
	/* the module keeps these in doubles */
	exec = (double)tv_ld(r->finish_time) - (double)tv_ld(r->start_time);
	lat = (double)tv_ld(now) - exec - (double)tv_ld(r->core_start_time);
	if (lat < 0)
		lat = 0;
	if (r->latency < 0)
		r->latency = 0;
	r->latency += lat;
	r->check_options = 0;
}

void
mgjob_result_clear(struct mgjob_result *r)
{
	free(r->host_name);
	free(r->service_description);
	free(r->source);
	free(r->output);
	memset(r, 0, sizeof(*r));
}

char *
mgjob_result_text(const struct mgjob_reply *r)
{
	struct mbuf b = { 0 };

	if (r->passive)
		mbuf_adds(&b, "type=passive\n");
	mbuf_addf(&b,
	    "host_name=%s\ncore_start_time=%Lf\nstart_time=%Lf\nfinish_time=%Lf\n"
	    "return_code=%i\nexited_ok=%i\nsource=%s\n",
	    str_or_null(r->host_name), tv_ld(r->core_start_time), tv_ld(r->start_time),
	    tv_ld(r->finish_time), r->return_code, r->exited_ok, str_or_null(r->source));
	if (r->service_description != NULL)
		mbuf_addf(&b, "service_description=%s\n", r->service_description);
	if (r->output != NULL) {
		mbuf_adds(&b, "output=");
		mbuf_adds(&b, r->output);
		if (r->error != NULL && r->error[0] != '\0') {
			if (r->output[0] != '\0')
				mbuf_add(&b, "\\n", 2);
			mbuf_addf(&b, "[%s] ", r->error);
		}
		mbuf_adds(&b, "\n\n\n");
	}
	mbuf_adds(&b, "\n");
	return b.p;
}

char *
mgjob_escape_output(const char *raw, int trim)
{
	struct mbuf b = { 0 };
	size_t len;

	if (trim)
		while (isspace((unsigned char)*raw))
			raw++;
	len = strlen(raw);
	if (trim)
		while (len > 0 && isspace((unsigned char)raw[len - 1]))
			len--;
	mbuf_add(&b, "", 0);
	for (size_t i = 0; i < len; i++) {
		if (raw[i] == '\\')
			mbuf_add(&b, "\\\\", 2);
		else if (raw[i] == '\n')
			mbuf_add(&b, "\\n", 2);
		else
			mbuf_addc(&b, raw[i]);
	}
	return b.p;
}

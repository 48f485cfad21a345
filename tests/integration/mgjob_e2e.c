/*
 * mgjob_e2e: jaque's job texts through a real mod_gearman worker and back.
 * Test-only, with libgearman for the transport (jaque's own gearman client
 * is not part of this).  Run by t_mgjob_vs_mod_gearman.sh against a
 * gearmand and a mod_gearman_worker on loopback:
 *
 *   mgjob_e2e PORT KEY PLUGIN
 *
 * It submits a host check and two service checks built by
 * mgjob_check_text and encoded by mgjob_encode (priorities and unique ids
 * as the module gives them), to the queues "host" and "service"; PLUGIN
 * is run by the worker with an exit code and a text.  It then serves the
 * result queue, decodes each result with mgjob_decode, parses it with
 * mgjob_result_parse and compares host, service, return code, source and
 * output with what PLUGIN printed.  One line per check; exits 1 on a
 * failure or when a result is missing after 20 seconds.
 *
 *   mgjob_e2e capture PORT KEY
 *
 * takes the place of the worker behind a Naemon running mod_gearman's
 * module: it takes one job from "host" and one from "service", rebuilds
 * each from its fields with mgjob_check_text and requires the same text
 * and, encrypted, the same payload bytes; then it sends the module a
 * result built by mgjob_result_text for service "e2e svc" of "e2e-host"
 * (WARNING, "WARNING - from jaque", long output and perfdata), which the
 * script looks for in Naemon's log.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"

#include <libgearman-1.0/gearman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct want {
	const char *host;
	const char *svc;
	const char *args;    /* the plugin's exit code and text */
	int rc;
	const char *output;  /* what the module's parser should give */
	int force;
	int seen;
};

/* the plugin prints its second argument with printf's %b and a newline,
 * so "\n" in it is a newline.  A plugin's "C:\new" comes back with a
 * newline in it: the worker doubles the backslash, the module's parser
 * undoes "\n" only, and so does jaque's */
static struct want wants[] = {
	{ "e2e-host", NULL, "0 'UP - alive|rta=1ms'", 0, "UP - alive|rta=1ms\n", 0, 0 },
	{ "e2e-host", "disk", "2 'CRITICAL - full\\nline two|used=99%\\nmore perf'", 2,
	    "CRITICAL - full\nline two|used=99%\nmore perf\n", 1, 0 },
	{ "e2e-host", "path", "1 'WARNING - C:\\\\new'", 1, "WARNING - C:\\\new\n", 0, 0 },
};
#define NWANT (sizeof(wants) / sizeof(wants[0]))

/* the worker's source text has a no-break space (UTF-8) after the '@' */
#define WORKER_SOURCE "Mod-Gearman Worker @\xc2\xa0" "e2e"

static const char *key;
static int failures, received;

static void *
on_result(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	enum mgjob_err err;
	struct mgjob_result r;
	char *text = mgjob_decode(gearman_job_workload(job), gearman_job_workload_size(job), key,
	    0, &err);
	size_t i;

	(void)ctx;
	*size = 0;
	*ret = GEARMAN_SUCCESS;
	received++;
	if (text == NULL || mgjob_result_parse(&r, text, &err) < 0) {
		printf("FAIL: a result jaque cannot read: %s\n", mgjob_err_str(err));
		failures++;
		free(text);
		return NULL;
	}
	free(text);
	for (i = 0; i < NWANT; i++) {
		struct want *w = &wants[i];

		if (strcmp(r.host_name, w->host) != 0 ||
		    (w->svc == NULL) != (r.service_description == NULL) ||
		    (w->svc != NULL && strcmp(w->svc, r.service_description) != 0))
			continue;
		w->seen = 1;
		if (r.return_code != w->rc || strcmp(r.output, w->output) != 0 ||
		    r.source == NULL || strcmp(r.source, WORKER_SOURCE) != 0 ||
		    r.exited_ok != 1 || r.start_time.tv_sec == 0 ||
		    r.finish_time.tv_sec < r.start_time.tv_sec) {
			printf("FAIL: %s/%s: rc %d exited_ok %d start %ld finish %ld output(%zu) \"%s\" "
			       "source(%zu) \"%s\"\n",
			    w->host, w->svc ? w->svc : "-", r.return_code, r.exited_ok,
			    (long)r.start_time.tv_sec, (long)r.finish_time.tv_sec, strlen(r.output), r.output,
			    r.source ? strlen(r.source) : 0, r.source ? r.source : "(none)");
			failures++;
		} else {
			printf("ok: %s/%s: rc %d, output as the plugin printed it\n", w->host,
			    w->svc ? w->svc : "-", r.return_code);
		}
		break;
	}
	if (i == NWANT) {
		printf("FAIL: a result for %s nobody asked for\n", r.host_name);
		failures++;
	}
	mgjob_result_clear(&r);
	return NULL;
}

static int
submit(gearman_client_st *cl, const char *plugin, struct want *w)
{
	char cmd[512], uniq[MGJOB_UNIQ_LEN + 1];
	struct mgjob_check c = { 0 };
	enum mgjob_err err;
	gearman_return_t rc;
	char *text, *payload;

	snprintf(cmd, sizeof(cmd), "%s %s", plugin, w->args);
	c.result_queue = "e2e_results";
	c.target_queue = w->svc ? "service" : "host";
	c.host_name = w->host;
	c.service_description = w->svc;
	gettimeofday(&c.now, NULL);
	c.timeout = 20;
	c.command_line = cmd;
	c.check_options = w->force ? MGJOB_CHECK_FORCE : 0;
	text = mgjob_check_text(&c);
	payload = mgjob_encode(text, key, &err);
	free(text);
	if (payload == NULL || mgjob_check_uniq(&c, uniq) < 0)
		return -1;
	switch (mgjob_check_prio(&c)) {
	case MGJOB_PRIO_LOW:
		rc = gearman_client_do_low_background(cl, c.target_queue, uniq, payload,
		    strlen(payload), NULL);
		break;
	case MGJOB_PRIO_HIGH:
		rc = gearman_client_do_high_background(cl, c.target_queue, uniq, payload,
		    strlen(payload), NULL);
		break;
	default:
		rc = gearman_client_do_background(cl, c.target_queue, uniq, payload,
		    strlen(payload), NULL);
	}
	free(payload);
	return gearman_success(rc) ? 0 : -1;
}

/* --- capture: the jobs the module itself sends --- */

static int captured;

/* the value of key in a job text, or NULL; a heap string */
static char *
job_field(const char *text, const char *k)
{
	size_t n = strlen(k);
	const char *p = text;

	while (p != NULL && *p != '\0') {
		const char *end = strchr(p, '\n');

		if (strncmp(p, k, n) == 0 && p[n] == '=')
			return strndup(p + n + 1, end ? (size_t)(end - p - n - 1) : strlen(p + n + 1));
		p = end ? end + 1 : NULL;
	}
	return NULL;
}

/* rebuild the module's job from its fields with jaque's builder: the text
 * and the payload must be the same bytes */
static void *
on_job(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	const char *payload = gearman_job_workload(job);
	size_t plen = gearman_job_workload_size(job);
	struct mgjob_check c = { 0 };
	enum mgjob_err err;
	char *text = mgjob_decode(payload, plen, key, 0, &err), *mine = NULL, *mine_p = NULL;
	char *f[6] = { 0 }, *dot;
	size_t i;

	(void)ctx;
	*size = 0;
	*ret = GEARMAN_SUCCESS;
	if (text == NULL) {
		printf("FAIL: the module's job does not decode: %s\n", mgjob_err_str(err));
		failures++;
		return NULL;
	}
	f[0] = job_field(text, "result_queue");
	f[1] = job_field(text, "target_queue");
	f[2] = job_field(text, "host_name");
	f[3] = job_field(text, "service_description");
	f[4] = job_field(text, "timeout");
	f[5] = job_field(text, "core_time");
	c.command_line = job_field(text, "command_line");
	if (f[0] && f[1] && f[2] && f[4] && f[5] && c.command_line &&
	    (dot = strchr(f[5], '.')) != NULL) {
		c.result_queue = f[0];
		c.target_queue = f[1];
		c.host_name = f[2];
		c.service_description = f[3];
		c.timeout = (int)strtol(f[4], NULL, 10);
		c.now.tv_sec = strtol(f[5], NULL, 10);
		c.now.tv_usec = strtol(dot + 1, NULL, 10);
		mine = mgjob_check_text(&c);
		mine_p = mgjob_encode(mine, key, &err);
	}
	if (mine == NULL || strcmp(mine, text) != 0 || mine_p == NULL ||
	    strlen(mine_p) != plen || memcmp(mine_p, payload, plen) != 0) {
		printf("FAIL: the module's job is not what jaque builds:\n%s---\n%s---\n", text,
		    mine ? mine : "(no text)");
		failures++;
	} else {
		printf("ok: the module's %s job for %s: jaque builds the same text and payload\n",
		    f[1], f[2]);
	}
	captured++;
	for (i = 0; i < 6; i++)
		free(f[i]);
	free((char *)c.command_line);
	free(mine);
	free(mine_p);
	free(text);
	return NULL;
}

/* a result for the module: a service result with long output and perfdata */
static int
send_result(gearman_client_st *cl)
{
	struct mgjob_reply r = { 0 };
	enum mgjob_err err;
	char *out = mgjob_escape_output("WARNING - from jaque\nsecond line|x=1", 0), *t, *p;
	gearman_return_t rc;

	r.host_name = "e2e-host";
	r.service_description = "e2e svc";
	gettimeofday(&r.start_time, NULL);
	r.finish_time = r.start_time;
	r.return_code = 1;
	r.exited_ok = 1;
	r.source = "jaque";
	r.output = out;
	t = mgjob_result_text(&r);
	p = mgjob_encode(t, key, &err);
	rc = gearman_client_do_background(cl, "check_results", NULL, p, strlen(p), NULL);
	free(out);
	free(t);
	free(p);
	return gearman_success(rc) ? 0 : -1;
}

static int
capture(int port)
{
	gearman_client_st *cl = gearman_client_create(NULL);
	gearman_worker_st *wk = gearman_worker_create(NULL);
	time_t until = time(NULL) + 30;

	if (cl == NULL || wk == NULL ||
	    gearman_client_add_server(cl, "127.0.0.1", (in_port_t)port) != GEARMAN_SUCCESS ||
	    gearman_worker_add_server(wk, "127.0.0.1", (in_port_t)port) != GEARMAN_SUCCESS ||
	    gearman_worker_add_function(wk, "host", 0, on_job, NULL) != GEARMAN_SUCCESS ||
	    gearman_worker_add_function(wk, "service", 0, on_job, NULL) != GEARMAN_SUCCESS) {
		printf("FAIL: no gearman client or worker\n");
		return 1;
	}
	gearman_worker_set_timeout(wk, 500);
	while (captured < 2 && time(NULL) < until) {
		gearman_return_t rc = gearman_worker_work(wk);

		if (rc != GEARMAN_SUCCESS && rc != GEARMAN_TIMEOUT && rc != GEARMAN_NO_ACTIVE_FDS &&
		    rc != GEARMAN_IO_WAIT)
			break;
	}
	if (captured < 2) {
		printf("FAIL: %d of 2 jobs came from the module\n", captured);
		failures++;
	}
	if (send_result(cl) < 0) {
		printf("FAIL: sending a result: %s\n", gearman_client_error(cl));
		failures++;
	}
	gearman_worker_free(wk);
	gearman_client_free(cl);
	return failures > 0;
}

int
main(int argc, char **argv)
{
	gearman_client_st *cl;
	gearman_worker_st *wk;
	time_t until;
	size_t i;
	int port;

	if (argc == 4 && strcmp(argv[1], "capture") == 0) {
		key = argv[3];
		return capture((int)strtol(argv[2], NULL, 10));
	}
	if (argc != 4) {
		fprintf(stderr, "usage: mgjob_e2e PORT KEY PLUGIN | mgjob_e2e capture PORT KEY\n");
		return 2;
	}
	port = (int)strtol(argv[1], NULL, 10);
	key = argv[2];
	cl = gearman_client_create(NULL);
	wk = gearman_worker_create(NULL);
	if (cl == NULL || wk == NULL ||
	    gearman_client_add_server(cl, "127.0.0.1", (in_port_t)port) != GEARMAN_SUCCESS ||
	    gearman_worker_add_server(wk, "127.0.0.1", (in_port_t)port) != GEARMAN_SUCCESS ||
	    gearman_worker_add_function(wk, "e2e_results", 0, on_result, NULL) != GEARMAN_SUCCESS) {
		printf("FAIL: no gearman client or worker\n");
		return 1;
	}
	for (i = 0; i < NWANT; i++)
		if (submit(cl, argv[3], &wants[i]) < 0) {
			printf("FAIL: submitting %s/%s: %s\n", wants[i].host,
			    wants[i].svc ? wants[i].svc : "-", gearman_client_error(cl));
			return 1;
		}
	gearman_worker_set_timeout(wk, 500);
	until = time(NULL) + 20;
	while (received < (int)NWANT && time(NULL) < until) {
		gearman_return_t rc = gearman_worker_work(wk);

		if (rc != GEARMAN_SUCCESS && rc != GEARMAN_TIMEOUT && rc != GEARMAN_NO_ACTIVE_FDS &&
		    rc != GEARMAN_IO_WAIT)
			break;
	}
	for (i = 0; i < NWANT; i++)
		if (!wants[i].seen) {
			printf("FAIL: no result for %s/%s\n", wants[i].host,
			    wants[i].svc ? wants[i].svc : "-");
			failures++;
		}
	gearman_worker_free(wk);
	gearman_client_free(cl);
	return failures > 0;
}

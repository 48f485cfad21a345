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

int
main(int argc, char **argv)
{
	gearman_client_st *cl;
	gearman_worker_st *wk;
	time_t until;
	size_t i;
	int port;

	if (argc != 4) {
		fprintf(stderr, "usage: mgjob_e2e PORT KEY PLUGIN\n");
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

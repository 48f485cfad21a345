/*
 * gmw_drive: check jobs to a mod_gearman worker and its results back, as
 * text to compare.  Test-only, with libgearman for the transport.  Run by
 * t_gearman_worker.sh and t_gearman_worker_vs_mod_gearman.sh against a
 * gearmand on loopback and a worker (jaque --gearman-worker or
 * mod_gearman_worker):
 *
 *   gmw_drive PORT KEY SPECS
 *
 * SPECS has one check a line, fields separated by tabs:
 *   queue  host  service ("-": a host check)  timeout  command line  [latency]
 * (latency: seconds the job is older than now, for the worker's max-age)
 * Each becomes a job text (mgjob_check_text, result queue "check_results"
 * or GMW_RESULT_QUEUE from the environment,
 * unique ids as the module gives them), encrypted with KEY ("-": none),
 * and goes to its queue.  Then the result queue is served until as many
 * results came, 40 seconds at most; each is decoded and printed on one
 * line, its newlines written "\n", start_time and finish_time replaced by
 * the whole seconds between them ("secs=N"), core_start_time by "X"
 * unless RAW_CORE_START is set in the environment, the lines sorted.
 *
 *   gmw_drive status PORT QUEUE
 *
 * asks a worker's status queue (worker_IDENTIFIER) as check_gearman does
 * and prints the answer; exits 1 when none comes in 10 seconds.  Exits 1
 * when a result is missing or cannot be decoded.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"

#include <libgearman-1.0/gearman.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#define DRIVE_MAX 64
#define DRIVE_WAIT_S 40

struct drive {
	const char *key;
	char *lines[DRIVE_MAX];
	int n;
	int bad;
};

/* one result on a line, its times made comparable */
static char *
drive_line(const char *text)
{
	size_t len = strlen(text), o = 0;
	char *out = malloc(len * 2 + 64);
	double start = 0, finish = 0;
	const char *p = text;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t l = nl != NULL ? (size_t)(nl - p) : strlen(p);

		if (strncmp(p, "core_start_time=", 16) == 0 && getenv("RAW_CORE_START") == NULL) {
			/* mod_gearman_worker 5.2.4 sends what happens to be in its
			 * memory there for these jobs (next_check, never set) */
			o += (size_t)snprintf(out + o, 64, "core_start_time=X\\n");
		} else if (strncmp(p, "start_time=", 11) == 0) {
			start = strtod(p + 11, NULL);
		} else if (strncmp(p, "finish_time=", 12) == 0) {
			finish = strtod(p + 12, NULL);
			o += (size_t)snprintf(out + o, 64, "secs=%d\\n", (int)lround(finish - start));
		} else {
			memcpy(out + o, p, l);
			o += l;
			if (nl != NULL) {
				memcpy(out + o, "\\n", 2);
				o += 2;
			}
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	out[o] = '\0';
	return out;
}

static void *
drive_take(gearman_job_st *job, void *ctx, size_t *size, gearman_return_t *ret)
{
	struct drive *d = ctx;
	enum mgjob_err err;
	char *text = mgjob_decode(gearman_job_workload(job), gearman_job_workload_size(job),
	    d->key, 0, &err);

	*size = 0;
	*ret = GEARMAN_SUCCESS;
	if (text == NULL || d->n >= DRIVE_MAX) {
		d->bad++;
		free(text);
		return NULL;
	}
	d->lines[d->n++] = drive_line(text);
	free(text);
	return NULL;
}

static const char *
drive_result_queue(void)
{
	const char *q = getenv("GMW_RESULT_QUEUE");

	return q != NULL && q[0] != '\0' ? q : "check_results";
}

static int
drive_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* submit every check of the spec file; returns how many, -1 on an error */
static int
drive_submit(gearman_client_st *c, const char *path, const char *key)
{
	FILE *fp = fopen(path, "r");
	char buf[4096];
	int n = 0;

	if (fp == NULL) {
		perror(path);
		return -1;
	}
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		char *f[6] = { NULL }, *cur = buf, *text, *payload;
		struct mgjob_check chk;
		char uniq[MGJOB_UNIQ_LEN + 1];
		enum mgjob_err err;
		gearman_return_t ret;
		int i;

		buf[strcspn(buf, "\n")] = '\0';
		for (i = 0; i < 6 && cur != NULL; i++)
			f[i] = strsep(&cur, "\t");
		if (i < 5)
			continue;
		memset(&chk, 0, sizeof(chk));
		chk.result_queue = drive_result_queue();
		chk.target_queue = f[0];
		chk.host_name = f[1];
		chk.service_description = strcmp(f[2], "-") == 0 ? NULL : f[2];
		gettimeofday(&chk.now, NULL);
		chk.timeout = (int)strtol(f[3], NULL, 10);
		chk.command_line = f[4];
		chk.latency = f[5] != NULL ? strtod(f[5], NULL) : 0;
		text = mgjob_check_text(&chk);
		payload = mgjob_encode(text, key, &err);
		if (mgjob_check_uniq(&chk, uniq) < 0 || payload == NULL) {
			fclose(fp);
			return -1;
		}
		ret = gearman_client_do_background(c, f[0], uniq, payload, strlen(payload), NULL);
		free(text);
		free(payload);
		if (!gearman_success(ret)) {
			fprintf(stderr, "submit: %s\n", gearman_client_error(c));
			fclose(fp);
			return -1;
		}
		n++;
	}
	fclose(fp);
	return n;
}

static int
drive_status(const char *port, const char *queue)
{
	gearman_client_st *c = gearman_client_create(NULL);
	gearman_return_t ret;
	size_t n = 0;
	char *answer;

	gearman_client_add_server(c, "127.0.0.1", (in_port_t)strtol(port, NULL, 10));
	gearman_client_set_timeout(c, 10000);
	answer = gearman_client_do(c, queue, NULL, "check", 5, &n, &ret);
	if (!gearman_success(ret) || answer == NULL) {
		fprintf(stderr, "status: %s\n", gearman_client_error(c));
		gearman_client_free(c);
		return 1;
	}
	printf("%.*s\n", (int)n, answer);
	free(answer);
	gearman_client_free(c);
	return 0;
}

int
main(int argc, char **argv)
{
	struct drive d;
	gearman_client_st *c;
	gearman_worker_st *w;
	time_t end;
	int want, i;

	if (argc == 4 && strcmp(argv[1], "status") == 0)
		return drive_status(argv[2], argv[3]);
	if (argc != 4) {
		fprintf(stderr, "usage: gmw_drive PORT KEY SPECS | gmw_drive status PORT QUEUE\n");
		return 2;
	}
	memset(&d, 0, sizeof(d));
	d.key = strcmp(argv[2], "-") == 0 ? NULL : argv[2];
	c = gearman_client_create(NULL);
	w = gearman_worker_create(NULL);
	gearman_client_add_server(c, "127.0.0.1", (in_port_t)strtol(argv[1], NULL, 10));
	gearman_worker_add_server(w, "127.0.0.1", (in_port_t)strtol(argv[1], NULL, 10));
	gearman_worker_set_timeout(w, 500);
	gearman_worker_add_function(w, drive_result_queue(), 0, drive_take, &d);
	want = drive_submit(c, argv[3], d.key);
	if (want < 0)
		return 1;
	end = time(NULL) + DRIVE_WAIT_S;
	while (d.n + d.bad < want && time(NULL) < end)
		(void)gearman_worker_work(w);
	qsort(d.lines, (size_t)d.n, sizeof(d.lines[0]), drive_cmp);
	for (i = 0; i < d.n; i++) {
		printf("%s\n", d.lines[i]);
		free(d.lines[i]);
	}
	gearman_worker_free(w);
	gearman_client_free(c);
	if (d.n != want || d.bad > 0) {
		fprintf(stderr, "gmw_drive: %d of %d results, %d not decoded\n", d.n, want, d.bad);
		return 1;
	}
	return 0;
}

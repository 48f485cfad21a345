/*
 * jaquestats: nagiostats for jaque, and jaque's own figures.
 *
 * It takes nagiostats's options (-c, -s, -m, -d, -D, -V, -L, -h) with
 * their meaning, and prints what Nagios 4.4.6's nagiostats prints from the
 * same status.dat, computed the same way (compat/nagstats.h): a Nagios
 * status.dat gives Nagios's numbers, jaque's gives jaque's.  Exit codes
 * are nagiostats's too: 0, or 254 (its ERROR) for an error and for -h.
 *
 * Then what status.dat has no place for, from the stats file the daemon
 * writes beside it (compat/statsfile.h, engine/main/dstats.c): checks
 * started and finished (in-process shims versus workers), the run queue,
 * the workers, the scheduling drift and its histogram, and, while checks
 * go to gearmand, what became of them (totals, per queue, round trip and
 * latency).  In the report
 * this is a "CURRENT JAQUE DATA" block after Nagios's report, left out
 * when there is no stats file (a Nagios status.dat); as MRTG variables
 * it is the JQ... names, which Nagios does not have, "U" without the file.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/config/maincfg.h"
#include "compat/nagstats.h"
#include "compat/statsfile.h"
#include "engine/main/gmserver.h"
#include "engine/util/xalloc.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/* nagiostats's exit status for errors (Nagios's ERROR, -2) */
#define JS_ERROR 254
/* bytes of a gearman queue name read back, with its NUL */
#define MGQ_NAME_MAX 256
/* gearman queues read back from the stats file, at most (the daemon keeps 64) */
#define JS_GM_QUEUES_MAX 1024
/* seconds a job server has to answer "status" */
#define JS_GMADMIN_TIMEOUT 1.0

/* jaque's variables that are one key of the stats file */
static const struct {
	const char *name;
	const char *key;
	const char *help;
} js_keys[] = {
	{ "JQVERSION", "version", "jaque's version." },
	{ "JQPID", "pid", "pid of the jaque daemon." },
	{ "JQCHKSTARTED", "checks_started", "active checks started since start." },
	{ "JQCHKFINISHED", "checks_finished", "active checks finished since start." },
	{ "JQSHIMCHECKS", "checks_builtin", "checks started in-process (plugin shims)." },
	{ "JQWORKERCHECKS", "checks_worker", "checks started by the workers." },
	{ "JQPASSIVE", "checks_passive", "passive results taken since start." },
	{ "JQTIMEOUTS", "check_timeouts", "checks that timed out since start." },
	{ "JQLOST", "checks_lost", "checks lost with a worker since start." },
	{ "JQRUNNING", "checks_running", "checks running now." },
	{ "JQSCHEDULED", "checks_scheduled", "checks scheduled now." },
	{ "JQQUEUEDEPTH", "queue_depth", "checks due and waiting to start now." },
	{ "JQQUEUEMAX", "queue_depth_max", "most checks ever waiting to start." },
	{ "JQTICKWAKES", "tick_wakeups", "times the tick timer woke jaque since start." },
	{ "JQOVERLOADED", "overloaded", "1 while overloaded (checks 5 s late, or a backlog)." },
	{ "JQSTARTLAGMS", "start_lag_ms", "most a check was late in the last 5 s, started or waiting (ms)." },
	{ "JQOVERLOADSECS", "overload_seconds", "seconds spent overloaded since start." },
	{ "JQSTRETCHPCT", "interval_stretch_pct", "check intervals stretched to this per cent (100: not stretched)." },
	{ "JQDEMANDPM", "check_demand_per_min", "checks a minute the schedules ask for, unstretched." },
	{ "JQCAPACITYPM", "check_capacity_per_min", "checks a minute started when last at the limit (0: never)." },
	{ "JQWORKERS", "workers", "workers configured." },
	{ "JQWORKERSALIVE", "workers_alive", "workers alive now." },
	{ "JQWORKERRESTARTS", "worker_restarts", "workers replaced since start." },
	{ "JQDRIFTCOUNT", "drift_count", "checks whose start drift was measured." },
	{ "JQDRIFTP50US", "drift_p50_us", "median drift, due to started (microseconds)." },
	{ "JQDRIFTP99US", "drift_p99_us", "99th percentile drift (microseconds)." },
	{ "JQDRIFTMAXUS", "drift_max_us", "largest drift (microseconds)." },
	{ "JQDRIFTAVGUS", "drift_mean_us", "mean drift (microseconds)." },
	{ "JQTICKLATEAVGUS", "tick_late_mean_us", "mean lateness of a tick's start (microseconds)." },
	{ "JQTICKLATEP99US", "tick_late_p99_us", "99th percentile tick lateness (microseconds)." },
	{ "JQTICKLATEMAXUS", "tick_late_max_us", "largest tick lateness (microseconds)." },
	{ "JQGMREACHABLE", "gm_reachable", "gearman: 1 while a job server takes jobs, 0 not, -1 not known yet." },
	{ "JQGMSENT", "gm_sent", "gearman: checks sent to gearmand since start." },
	{ "JQGMSUBMITTED", "gm_submitted", "gearman: jobs the job server took." },
	{ "JQGMRETRIES", "gm_submit_retries", "gearman: submissions that failed and were tried again." },
	{ "JQGMGIVENUP", "gm_given_up", "gearman: jobs given up (no job server took them in time)." },
	{ "JQGMWAITING", "gm_waiting", "gearman: jobs waiting to be submitted now." },
	{ "JQGMRECEIVED", "gm_received", "gearman: results read from the result queue." },
	{ "JQGMRESULTS", "gm_results", "gearman: results applied to a check in flight." },
	{ "JQGMRESULTSLATE", "gm_results_late", "gearman: results applied with no check in flight." },
	{ "JQGMORPHANS", "gm_orphans", "gearman: orphan results given." },
	{ "JQGMDUMMIES", "gm_dummies", "gearman: check_dummy answered here." },
	{ "JQGMLOCAL", "gm_local", "gearman: checks mod_gearman's rules kept here." },
	{ "JQGMDISCARDED", "gm_discarded", "gearman: results that could not be read or matched." },
	{ "JQGMRTTAVGUS", "gm_rtt_mean_us", "gearman: mean round trip, handed over to result applied (us)." },
	{ "JQGMRTTP50US", "gm_rtt_p50_us", "gearman: median round trip (us)." },
	{ "JQGMRTTP99US", "gm_rtt_p99_us", "gearman: 99th percentile round trip (us)." },
	{ "JQGMRTTMAXUS", "gm_rtt_max_us", "gearman: largest round trip (us)." },
	{ "JQGMLATAVGUS", "gm_latency_mean_us", "gearman: mean latency, check due to result applied (us)." },
	{ "JQGMLATP50US", "gm_latency_p50_us", "gearman: median latency (us)." },
	{ "JQGMLATP99US", "gm_latency_p99_us", "gearman: 99th percentile latency (us)." },
	{ "JQGMLATMAXUS", "gm_latency_max_us", "gearman: largest latency (us)." },
	{ "JQGMQUEUES", "gm_queues", "gearman: queues checks were sent to." },
};

/* per-queue variables: prefix, then the queue's name; the key's suffix */
static const struct {
	const char *prefix;
	const char *suffix;
	const char *help;
} js_gmq[] = {
	{ "JQGMQSENT_", "sent", "jobs sent to queue NAME." },
	{ "JQGMQRESULTS_", "results", "results for jobs sent to queue NAME." },
	{ "JQGMQORPHANS_", "orphans", "orphan results for checks sent to queue NAME." },
};

/* what the job servers say of function NAME: prefix, then NAME */
static const struct {
	const char *prefix;
	enum gmserver_fig fig;
	const char *help;
} js_gmsrv[] = {
	{ "JQGMSRVJOBS_", GMSERVER_JOBS, "jobs the job servers hold for NAME (running too)." },
	{ "JQGMSRVRUNNING_", GMSERVER_RUNNING, "jobs of NAME running now." },
	{ "JQGMSRVWORKERS_", GMSERVER_WORKERS, "workers that can take NAME's jobs." },
};

struct js_jq {
	const char *text; /* the stats file, NULL when there is none */
	time_t now;
	struct gmserver *srv; /* the job servers' answers, once asked */
	int srv_asked;
};

static int
js_get(const char *jq, const char *key, char *buf, size_t n)
{
	if (jq == NULL || statsfile_get(jq, key, buf, n) < 0)
		return -1;
	return 0;
}

static int
js_num(const char *jq, const char *key, double *v)
{
	char buf[64], *end;

	if (js_get(jq, key, buf, sizeof(buf)) < 0)
		return -1;
	*v = strtod(buf, &end);
	return end == buf ? -1 : 0;
}

/* the job servers' status, asked once; NULL when the file names none */
static struct gmserver *
js_servers(struct js_jq *j)
{
	char list[4096];

	if (!j->srv_asked) {
		j->srv_asked = 1;
		if (js_get(j->text, "gm_servers", list, sizeof(list)) == 0)
			j->srv = gmserver_ask(list, JS_GMADMIN_TIMEOUT);
	}
	return j->srv;
}

/* a JQGMSRV... variable into buf: 0, or -1 when name is not one */
static int
js_gmsrv_value(struct js_jq *j, const char *name, char *buf, size_t n)
{
	struct gmserver *g;
	unsigned long v;
	size_t i, plen;

	for (i = 0; i < sizeof(js_gmsrv) / sizeof(js_gmsrv[0]); i++) {
		plen = strlen(js_gmsrv[i].prefix);
		if (strncmp(name, js_gmsrv[i].prefix, plen) != 0)
			continue;
		snprintf(buf, n, "U");
		g = js_servers(j);
		if (g != NULL && gmserver_sum(g, name + plen, js_gmsrv[i].fig, &v) == 0)
			snprintf(buf, n, "%lu", v);
		return 0;
	}
	return -1;
}

/* the value of key, or "-" */
static const char *
js_str(const char *jq, const char *key, char *buf, size_t n)
{
	if (js_get(jq, key, buf, n) < 0)
		snprintf(buf, n, "-");
	return buf;
}

/*
 * Checks per minute: over the last minute as the daemon publishes it
 * (key_per_min), else averaged since the daemon started from the
 * cumulative counter.  -1 when unknown.
 */
static int
js_rate(const char *jq, const char *key, double *rate)
{
	double count, start, written;
	char recent[64];

	snprintf(recent, sizeof(recent), "%s_per_min", key);
	if (js_num(jq, recent, rate) == 0)
		return 0;
	if (js_num(jq, key, &count) < 0 || js_num(jq, "program_start", &start) < 0 ||
	    js_num(jq, "written", &written) < 0 || written <= start)
		return -1;
	*rate = count * 60.0 / (written - start);
	return 0;
}

/* the index of the gearman queue called name in the stats file, or -1 */
static long
js_gm_queue(const char *jq, const char *name)
{
	char key[64], buf[MGQ_NAME_MAX];
	double n;
	long i;

	if (js_num(jq, "gm_queues", &n) < 0)
		return -1;
	for (i = 0; i < (long)n && i < JS_GM_QUEUES_MAX; i++) {
		snprintf(key, sizeof(key), "gm_queue_%ld", i);
		if (js_get(jq, key, buf, sizeof(buf)) == 0 && strcmp(buf, name) == 0)
			return i;
	}
	return -1;
}

/* a per-queue variable (JQGMQSENT_NAME ...): its key in key; 0, or -1 when name is not one */
static int
js_gmq_key(const char *jq, const char *name, char *key, size_t n)
{
	size_t i, plen;
	long q;

	for (i = 0; i < sizeof(js_gmq) / sizeof(js_gmq[0]); i++) {
		plen = strlen(js_gmq[i].prefix);
		if (strncmp(name, js_gmq[i].prefix, plen) != 0)
			continue;
		q = js_gm_queue(jq, name + plen);
		/* a queue not in the file: a key no file has, so "U" */
		snprintf(key, n, "gm_queue_%ld_%s", q, js_gmq[i].suffix);
		return 0;
	}
	return -1;
}

/* nagstats_more_fn: jaque's variables; "U" when the file lacks the value */
static int
js_value(const char *name, char *buf, size_t n, void *arg)
{
	struct js_jq *j = arg;
	const char *digits;
	char key[64];
	double v;
	size_t i;

	for (i = 0; i < sizeof(js_keys) / sizeof(js_keys[0]); i++)
		if (strcmp(name, js_keys[i].name) == 0)
			break;
	if (i < sizeof(js_keys) / sizeof(js_keys[0])) {
		snprintf(key, sizeof(key), "%s", js_keys[i].key);
	} else if (js_gmsrv_value(j, name, buf, n) == 0) {
		return 0;
	} else if (js_gmq_key(j->text, name, key, sizeof(key)) == 0) {
		/* key set */
	} else if (strcmp(name, "JQDRIFTINF") == 0) {
		snprintf(key, sizeof(key), "drift_bucket_inf");
	} else if (strncmp(name, "JQDRIFTLT", 9) == 0) {
		digits = name + 9;
		if (digits[0] < '1' || digits[0] > '9' ||
		    strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 12)
			return -1;
		/* the file's bucket keys are upper edges in microseconds */
		snprintf(key, sizeof(key), "drift_bucket_%s000", digits);
	} else if (strcmp(name, "JQSTATSFILEAGETT") == 0) {
		snprintf(buf, n, "U");
		if (js_num(j->text, "written", &v) == 0)
			snprintf(buf, n, "%lld", (long long)j->now - (long long)v);
		return 0;
	} else if (strcmp(name, "JQCHKSTARTEDPM") == 0 || strcmp(name, "JQCHKFINISHEDPM") == 0) {
		const char *counter = name[5] == 'S' ? "checks_started" : "checks_finished";

		snprintf(buf, n, "U");
		if (js_rate(j->text, counter, &v) == 0)
			snprintf(buf, n, "%.0f", v);
		return 0;
	} else {
		return -1;
	}
	if (js_get(j->text, key, buf, n) < 0)
		snprintf(buf, n, "U");
	return 0;
}

static void
js_pair(const char *label, const char *jq, const char *k1, const char *k2)
{
	char a[64], b[64];

	printf("%-40s%s / %s\n", label, js_str(jq, k1, a, sizeof(a)), js_str(jq, k2, b, sizeof(b)));
}

static void
js_line(const char *label, const char *jq, const char *key)
{
	char a[256];

	printf("%-40s%s\n", label, js_str(jq, key, a, sizeof(a)));
}

/* the coarse drift histogram: one line per drift_bucket_<edge us> key */
static void
js_histogram(const char *jq)
{
	const char *p = jq, *eq, *nl;
	char edge[32];

	while ((p = strstr(p, "\ndrift_bucket_")) != NULL) {
		p += 14;
		eq = strchr(p, '=');
		if (eq == NULL)
			break;
		nl = strchr(eq, '\n');
		if (nl == NULL)
			nl = eq + strlen(eq);
		if (strncmp(p, "inf=", 4) == 0) {
			snprintf(edge, sizeof(edge), "more");
		} else {
			double ms = strtod(p, NULL) / 1000.0;

			if (ms < 1000)
				snprintf(edge, sizeof(edge), "< %g ms", ms);
			else
				snprintf(edge, sizeof(edge), "< %g s", ms / 1000);
		}
		printf("      %-14s%.*s\n", edge, (int)(nl - eq - 1), eq + 1);
		p = nl;
	}
}

/* p50 / p99 / max and the mean of the histogram prefix_ (microseconds), in ms */
static void
js_quantiles(const char *jq, const char *prefix)
{
	char k1[64], k2[64], k3[64];
	double a, b, c;

	snprintf(k1, sizeof(k1), "%s_p50_us", prefix);
	snprintf(k2, sizeof(k2), "%s_p99_us", prefix);
	snprintf(k3, sizeof(k3), "%s_max_us", prefix);
	if (js_num(jq, k1, &a) == 0 && js_num(jq, k2, &b) == 0 && js_num(jq, k3, &c) == 0)
		printf("%-40s%.3f / %.3f / %.3f ms\n", "   p50 / p99 / max:", a / 1000, b / 1000,
		    c / 1000);
	snprintf(k1, sizeof(k1), "%s_mean_us", prefix);
	if (js_num(jq, k1, &a) == 0)
		printf("%-40s%.3f ms\n", "   Mean:", a / 1000);
}

/* the gearman lines, when the daemon sends checks to gearmand */
static void
js_gearman(const char *jq)
{
	char key[64], k2[64], k3[64], name[MGQ_NAME_MAX], a[32], b[32], c[32], list[4096];
	double v, nq;
	long i;

	if (js_num(jq, "gm_sent", &v) < 0)
		return;
	printf("Gearman (mod_gearman)\n");
	js_line("Job Servers:", jq, "gm_servers");
	if (js_num(jq, "gm_reachable", &v) == 0)
		printf("%-40s%s\n", "Job Server Reachable:", v > 0 ? "yes" : v == 0 ? "NO" :
		    "not known yet");
	js_pair("Checks Sent / Jobs Taken By gearmand:", jq, "gm_sent", "gm_submitted");
	js_pair("Submit Retries / Jobs Given Up:", jq, "gm_submit_retries", "gm_given_up");
	js_line("Jobs Waiting To Be Submitted:", jq, "gm_waiting");
	js_line("Results Received:", jq, "gm_received");
	js_pair("   Applied In Flight / Late:", jq, "gm_results", "gm_results_late");
	js_line("   Discarded:", jq, "gm_discarded");
	js_line("Orphan Results Given:", jq, "gm_orphans");
	js_pair("Kept Local / check_dummy Answered Here:", jq, "gm_local", "gm_dummies");
	js_line("Round Trip (sent to applied), Results:", jq, "gm_rtt_count");
	js_quantiles(jq, "gm_rtt");
	js_line("Latency (due to applied), Results:", jq, "gm_latency_count");
	js_quantiles(jq, "gm_latency");
	if (js_num(jq, "gm_queues", &nq) == 0 && nq > 0) {
		printf("   %-37s%10s %10s %10s\n", "Queue", "Sent", "Results", "Orphans");
		for (i = 0; i < (long)nq && i < JS_GM_QUEUES_MAX; i++) {
			snprintf(key, sizeof(key), "gm_queue_%ld", i);
			snprintf(k2, sizeof(k2), "gm_queue_%ld_sent", i);
			snprintf(k3, sizeof(k3), "gm_queue_%ld_results", i);
			js_str(jq, key, name, sizeof(name));
			js_str(jq, k2, a, sizeof(a));
			js_str(jq, k3, b, sizeof(b));
			snprintf(k3, sizeof(k3), "gm_queue_%ld_orphans", i);
			js_str(jq, k3, c, sizeof(c));
			printf("   %-37s%10s %10s %10s\n", name, a, b, c);
		}
	}
	if (js_get(jq, "gm_servers", list, sizeof(list)) == 0) {
		struct gmserver *g = gmserver_ask(list, JS_GMADMIN_TIMEOUT);

		gmserver_print(stdout, g);
		gmserver_free(g);
	}
	printf("\n");
}

/* the "CURRENT JAQUE DATA" block, after Nagios's report */
static void
js_report(const char *path, const char *jq, time_t now)
{
	char dur[64];
	double v, r1, r2;

	printf("CURRENT JAQUE DATA\n");
	printf("------------------------------------------------------\n");
	printf("%-40s%s\n", "Stats File:", path);
	if (js_num(jq, "written", &v) == 0) {
		nagstats_duration(dur, sizeof(dur), (unsigned long)now - (unsigned long)v);
		printf("%-40s%s\n", "Stats File Age:", dur);
	}
	js_line("jaque Version:", jq, "version");
	js_line("jaque PID:", jq, "pid");
	js_line("Ticks Per Second:", jq, "ticks_per_second");
	js_line("Tick Wake-ups:", jq, "tick_wakeups");
	printf("\n");
	js_pair("Checks Started/Finished:", jq, "checks_started", "checks_finished");
	if (js_rate(jq, "checks_started", &r1) == 0 && js_rate(jq, "checks_finished", &r2) == 0)
		printf("%-40s%.1f / %.1f\n", "   Per Minute:", r1, r2);
	js_pair("   In-process (shims) / Workers:", jq, "checks_builtin", "checks_worker");
	js_line("Passive Results:", jq, "checks_passive");
	js_line("Check Timeouts:", jq, "check_timeouts");
	js_line("Checks Lost With A Worker:", jq, "checks_lost");
	js_pair("Running Now / Scheduled:", jq, "checks_running", "checks_scheduled");
	js_pair("Run Queue Depth Now / Max:", jq, "queue_depth", "queue_depth_max");
	js_pair("Overloaded Now / Start Lag (ms):", jq, "overloaded", "start_lag_ms");
	js_line("Seconds Overloaded:", jq, "overload_seconds");
	js_line("Interval Stretch (%):", jq, "interval_stretch_pct");
	js_pair("Checks/Min Asked For / At The Limit:", jq, "check_demand_per_min",
	    "check_capacity_per_min");
	js_pair("Workers Alive / Configured:", jq, "workers_alive", "workers");
	js_line("Worker Restarts:", jq, "worker_restarts");
	printf("\n");
	js_line("Drift (due to start), Checks:", jq, "drift_count");
	if (js_num(jq, "drift_p50_us", &r1) == 0 && js_num(jq, "drift_p99_us", &r2) == 0 &&
	    js_num(jq, "drift_max_us", &v) == 0)
		printf("%-40s%.3f / %.3f / %.3f ms\n", "   p50 / p99 / max:", r1 / 1000, r2 / 1000,
		    v / 1000);
	if (js_num(jq, "drift_mean_us", &v) == 0)
		printf("%-40s%.3f ms\n", "   Mean:", v / 1000);
	printf("   Histogram:\n");
	js_histogram(jq);
	printf("\n");
	js_line("Tick Start Lateness, Ticks:", jq, "tick_late_count");
	if (js_num(jq, "tick_late_mean_us", &r1) == 0 && js_num(jq, "tick_late_p99_us", &r2) == 0 &&
	    js_num(jq, "tick_late_max_us", &v) == 0)
		printf("%-40s%.3f / %.3f / %.3f ms\n", "   Mean / p99 / max:", r1 / 1000,
		    r2 / 1000, v / 1000);
	printf("\n");
	js_gearman(jq);
	printf("\n");
}

static void
js_banner(void)
{
	printf("\njaquestats %s (compatible with Nagios Stats 4.4.6)\n", PACKAGE_VERSION);
	printf("Prints nagiostats's figures from status.dat, and jaque's own\n");
	printf("from the stats file jaque writes beside it.\n");
	printf("License: GPL-2.0-or-later (see COPYING)\n\n");
}

static void
js_license(void)
{
	printf("jaquestats is part of jaque %s, a replacement for Nagios Core 4.4.6.\n",
	    PACKAGE_VERSION);
	printf("This program is free software; you can redistribute it and/or modify it\n");
	printf("under the terms of the GNU General Public License as published by the Free\n");
	printf("Software Foundation; either version 2 of the License, or (at your option)\n");
	printf("any later version.\n\n");
	printf("This program is distributed in the hope that it will be useful, but\n");
	printf("WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY\n");
	printf("or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License\n");
	printf("(the file COPYING of the distribution) for more details.\n\n");
}

static const char *const js_nagios_vars[] = {
	" PROGRUNTIME          time the Nagios process has run, as \"Nd Nh Nm Ns\".",
	" PROGRUNTIMETT        time the Nagios process has run, in seconds.",
	" STATUSFILEAGE        age of the status file, as \"Nd Nh Nm Ns\".",
	" STATUSFILEAGETT      age of the status file, in seconds.",
	" NAGIOSVERSION        version in the status file.",
	" NAGIOSPID            pid of the daemon.",
	" NAGIOSVERPID         \"Nagios <version> (pid=<pid>)\".",
	" TOTCMDBUF, USEDCMDBUF, HIGHCMDBUF  listed by nagiostats, never computed by",
	"                      Nagios 4: they print their own names.",
	" NUMSERVICES          services.",
	" NUMHOSTS             hosts.",
	" NUMSVCOK, NUMSVCWARN, NUMSVCUNKN, NUMSVCCRIT  services in each state.",
	" NUMSVCPROB           services WARNING, UNKNOWN or CRITICAL.",
	" NUMSVCCHECKED        services checked since start.",
	" NUMSVCSCHEDULED      services scheduled to be checked.",
	" NUMSVCFLAPPING       services flapping.",
	" NUMSVCDOWNTIME       services in scheduled downtime.",
	" NUMHSTUP, NUMHSTDOWN, NUMHSTUNR  hosts in each state.",
	" NUMHSTPROB           hosts DOWN or UNREACHABLE.",
	" NUMHSTCHECKED        hosts checked since start.",
	" NUMHSTSCHEDULED      hosts scheduled to be checked.",
	" NUMHSTFLAPPING       hosts flapping.",
	" NUMHSTDOWNTIME       hosts in scheduled downtime.",
	" NUMHSTACTCHKxM       hosts actively checked in the last 1/5/15/60 minutes.",
	" NUMHSTPSVCHKxM       hosts passively checked in the last 1/5/15/60 minutes.",
	" NUMSVCACTCHKxM       services actively checked in the last 1/5/15/60 minutes.",
	" NUMSVCPSVCHKxM       services passively checked in the last 1/5/15/60 minutes.",
	" xxxACTSVCLAT         MIN/MAX/AVG active service check latency (ms).",
	" xxxACTSVCEXT         MIN/MAX/AVG active service check execution time (ms).",
	" xxxACTSVCPSC         MIN/MAX/AVG active service % state change.",
	" xxxPSVSVCLAT         MIN/MAX/AVG passive service check latency (ms).",
	" xxxPSVSVCPSC         MIN/MAX/AVG passive service % state change.",
	" xxxSVCPSC            MIN/MAX/AVG service % state change.",
	" xxxACTHSTLAT         MIN/MAX/AVG active host check latency (ms).",
	" xxxACTHSTEXT         MIN/MAX/AVG active host check execution time (ms).",
	" xxxACTHSTPSC         MIN/MAX/AVG active host % state change.",
	" xxxPSVHSTLAT         MIN/MAX/AVG passive host check latency (ms).",
	" xxxPSVHSTPSC         MIN/MAX/AVG passive host % state change.",
	" xxxHSTPSC            MIN/MAX/AVG host % state change.",
	" NUMACTHSTCHECKSxM    active host checks in the last 1/5/15 minutes.",
	" NUMOACTHSTCHECKSxM   on-demand active host checks, last 1/5/15 minutes.",
	" NUMCACHEDHSTCHECKSxM cached host checks, last 1/5/15 minutes.",
	" NUMSACTHSTCHECKSxM   scheduled active host checks, last 1/5/15 minutes.",
	" NUMPARHSTCHECKSxM    parallel host checks, last 1/5/15 minutes.",
	" NUMSERHSTCHECKSxM    serial host checks, last 1/5/15 minutes.",
	" NUMPSVHSTCHECKSxM    passive host checks, last 1/5/15 minutes.",
	" NUMACTSVCCHECKSxM    active service checks, last 1/5/15 minutes.",
	" NUMOACTSVCCHECKSxM   on-demand active service checks, last 1/5/15 minutes.",
	" NUMCACHEDSVCCHECKSxM cached service checks, last 1/5/15 minutes.",
	" NUMSACTSVCCHECKSxM   scheduled active service checks, last 1/5/15 minutes.",
	" NUMPSVSVCCHECKSxM    passive service checks, last 1/5/15 minutes.",
	" NUMEXTCMDSxM         external commands processed, last 1/5/15 minutes.",
	"",
	" xxx is MIN, MAX or AVG; x is 1, 5, 15 or 60 as listed.  Values are",
	" whole numbers, cut towards zero.  Any other name prints itself.",
	"",
};

static void
js_usage(const char *argv0)
{
	size_t i;

	printf("Usage: %s [options]\n\n", argv0);
	printf("Startup:\n");
	printf(" -V, --version      print the version and licence and exit.\n");
	printf(" -L, --license      print the licence and exit.\n");
	printf(" -h, --help         print this help and exit.\n\n");
	printf("Input file:\n");
	printf(" -c, --config=FILE  main config file (nagios.cfg) naming status_file;\n");
	printf("                    default /etc/nagios4/nagios.cfg.\n");
	printf(" -s, --statsfile=FILE  read this status.dat instead of the one -c names.\n");
	printf("     --jaque-stats=FILE  jaque's stats file (default: jaque-stats.dat\n");
	printf("                    beside status.dat).\n\n");
	printf("Output:\n");
	printf(" -m, --mrtg         print the variables -d names, for MRTG and scripts.\n");
	printf(" -d, --data=VARS    comma-separated variables (below) for -m.\n");
	printf(" -D, --delimiter=S  printed after each value with -m (default a newline);\n");
	printf("                    a line ends the output when it is not a newline.\n\n");
	printf("NAGIOS DATA VARIABLES (-d option), as nagiostats computes them:\n");
	for (i = 0; i < sizeof(js_nagios_vars) / sizeof(js_nagios_vars[0]); i++)
		printf("%s\n", js_nagios_vars[i]);
	printf("JAQUE DATA VARIABLES (-d option), from jaque's stats file; \"U\" when\n");
	printf("there is none (Nagios wrote the status file, or jaque has not yet):\n");
	for (i = 0; i < sizeof(js_keys) / sizeof(js_keys[0]); i++)
		printf(" %-20s %s\n", js_keys[i].name, js_keys[i].help);
	printf(" %-20s %s\n", "JQSTATSFILEAGETT", "age of jaque's stats file (seconds).");
	printf(" %-20s %s\n", "JQCHKSTARTEDPM", "checks started per minute over the last minute");
	printf(" %-20s %s\n", "", "(rounded; the average since start from an older daemon).");
	printf(" %-20s %s\n", "JQCHKFINISHEDPM", "checks finished per minute, likewise.");
	printf(" %-20s %s\n", "JQDRIFTLTn", "checks whose drift was under n ms and not under the");
	printf(" %-20s %s\n", "", "edge before: n is 5, 10, 25, 50, 100, 250, 500, 1000,");
	printf(" %-20s %s\n", "", "2500, 5000, 10000, 30000 or 60000.");
	printf(" %-20s %s\n", "JQDRIFTINF", "checks whose drift was 60 s or more.");
	for (i = 0; i < sizeof(js_gmq) / sizeof(js_gmq[0]); i++) {
		char var[32];

		snprintf(var, sizeof(var), "%sNAME", js_gmq[i].prefix);
		printf(" %-20s gearman: %s\n", var, js_gmq[i].help);
	}
	for (i = 0; i < sizeof(js_gmsrv) / sizeof(js_gmsrv[0]); i++) {
		char var[32];

		snprintf(var, sizeof(var), "%sNAME", js_gmsrv[i].prefix);
		printf(" %-20s gearman: %s\n", var, js_gmsrv[i].help);
	}
	printf(" %-20s %s\n", "", "(asked of the job servers gm_servers names, 1 s each;");
	printf(" %-20s %s\n", "", "summed over those that answer, \"U\" when none lists NAME)");
	printf("\n");
	printf("The report (without -m) is nagiostats's, then a CURRENT JAQUE DATA block\n");
	printf("when jaque's stats file is there.\n");
}

/* jaque's stats file: --jaque-stats, else beside status_file */
static char *
js_jq_path(const char *opt, const char *status_file)
{
	struct main_cfg cfg;

	if (opt != NULL)
		return xstrdup(opt);
	if (status_file == NULL)
		return NULL;
	memset(&cfg, 0, sizeof(cfg));
	cfg.status_file = (char *)status_file;
	return statsfile_path(&cfg);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "license", no_argument, NULL, 'L' },
		{ "config", required_argument, NULL, 'c' },
		{ "statsfile", required_argument, NULL, 's' },
		{ "mrtg", no_argument, NULL, 'm' },
		{ "data", required_argument, NULL, 'd' },
		{ "delimiter", required_argument, NULL, 'D' },
		{ "jaque-stats", required_argument, NULL, 'J' },
		{ NULL, 0, NULL, 0 }
	};
	const char *cfgpath = "/etc/nagios4/nagios.cfg", *vars = NULL, *delim = "\n";
	const char *jqopt = NULL;
	char *status_file = NULL, *jqpath, *jqtext = NULL;
	int ch, mrtg = 0, help = 0, license = 0, rc, e;
	struct nagstats st;
	struct js_jq jq;

	/* "+": stop at the first operand, as nagiostats does */
	while ((ch = getopt_long(argc, argv, "+hVLc:ms:d:D:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'V':
		case 'L':
			license = 1;
			break;
		case 'c':
			cfgpath = optarg;
			break;
		case 's':
			free(status_file);
			status_file = xstrdup(optarg);
			break;
		case 'm':
			mrtg = 1;
			break;
		case 'd':
			vars = optarg;
			break;
		case 'D':
			delim = optarg;
			break;
		case 'J':
			jqopt = optarg;
			break;
		default: /* -h, and '?' for a bad option */
			help = 1;
			break;
		}
	}
	if (!mrtg)
		js_banner();
	if (license) {
		js_license();
		free(status_file);
		return 0;
	}
	if (help) {
		js_usage(argv[0]);
		free(status_file);
		return JS_ERROR;
	}
	/* without -s, nagios.cfg names status.dat; -m carries on regardless */
	if (status_file == NULL && nagstats_config(cfgpath, &status_file) < 0 && !mrtg) {
		printf("Error processing config file '%s'\n", cfgpath);
		return JS_ERROR;
	}
	nagstats_init(&st, time(NULL));
	rc = nagstats_read(&st, status_file);
	e = errno;
	if (rc < 0 && !mrtg) {
		printf("Error reading status file '%s': %s\n",
		    status_file != NULL ? status_file : "(null)", strerror(e));
		nagstats_free(&st);
		free(status_file);
		return JS_ERROR;
	}
	jqpath = js_jq_path(jqopt, status_file);
	if (jqpath != NULL)
		jqtext = statsfile_read(jqpath);
	memset(&jq, 0, sizeof(jq));
	jq.text = jqtext;
	jq.now = time(NULL);
	if (!mrtg) {
		nagstats_report(stdout, &st, status_file, jq.now);
		if (jqtext != NULL)
			js_report(jqpath, jqtext, jq.now);
	} else {
		nagstats_mrtg(stdout, &st, vars, delim, jq.now, js_value, &jq);
	}
	gmserver_free(jq.srv);
	free(jqtext);
	free(jqpath);
	nagstats_free(&st);
	free(status_file);
	return rc < 0 ? JS_ERROR : 0;
}

/*
 * jaquestats: jaque's figures, as nagiostats gives Nagios's.
 *
 * This first version reads the stats file the daemon writes beside
 * status.dat (compat/statsfile.h) and prints it: object counts and
 * states, checks started and finished (shim versus worker), timeouts,
 * the run queue, the workers, and the scheduling drift with its
 * histogram.  -c names nagios.cfg (to find the file), --data=K1,K2 prints
 * only those values, one per line, for scripts and graphs.  The
 * nagiostats variables computed from status.dat come with status.dat.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/config/diag.h"
#include "compat/config/maincfg.h"
#include "compat/statsfile.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

static const char *
js_get(const char *text, const char *key)
{
	static char val[8][256];
	static int turn;
	char *v = val[turn++ % 8];

	if (statsfile_get(text, key, v, sizeof(val[0])) < 0)
		return "-";
	return v;
}

static double
js_ms(const char *text, const char *key)
{
	return strtod(js_get(text, key), NULL) / 1000.0;
}

static void
js_duration(char *out, size_t n, long long secs)
{
	if (secs < 0)
		secs = 0;
	snprintf(out, n, "%lldd %lldh %lldm %llds", secs / 86400, secs % 86400 / 3600,
	    secs % 3600 / 60, secs % 60);
}

static void
js_print(const char *path, const char *t)
{
	char run[64];
	long long start = strtoll(js_get(t, "program_start"), NULL, 10);
	long long written = strtoll(js_get(t, "written"), NULL, 10);
	const char *p = t;

	js_duration(run, sizeof(run), written - start);
	printf("\njaque statistics (jaquestats %s)\n\n", PACKAGE_VERSION);
	printf("Stats File:                             %s\n", path);
	printf("Stats File Age:                         %llds\n",
	    (long long)time(NULL) - written);
	printf("jaque Version:                          %s\n", js_get(t, "version"));
	printf("jaque PID:                              %s\n", js_get(t, "pid"));
	printf("Program Running Time:                   %s\n", run);
	printf("Ticks Per Second:                       %s\n\n", js_get(t, "ticks_per_second"));
	printf("Total Services:                         %s\n", js_get(t, "services"));
	printf("Services Ok/Warn/Unk/Crit:              %s / %s / %s / %s\n",
	    js_get(t, "services_ok"), js_get(t, "services_warning"),
	    js_get(t, "services_unknown"), js_get(t, "services_critical"));
	printf("Services Pending:                       %s\n", js_get(t, "services_pending"));
	printf("Total Hosts:                            %s\n", js_get(t, "hosts"));
	printf("Hosts Up/Down/Unreach:                  %s / %s / %s\n", js_get(t, "hosts_up"),
	    js_get(t, "hosts_down"), js_get(t, "hosts_unreachable"));
	printf("Hosts Pending:                          %s\n\n", js_get(t, "hosts_pending"));
	printf("Checks Started/Finished:                %s / %s\n", js_get(t, "checks_started"),
	    js_get(t, "checks_finished"));
	printf("  In-process (shims) / Workers:         %s / %s\n", js_get(t, "checks_builtin"),
	    js_get(t, "checks_worker"));
	printf("Passive Results:                        %s\n", js_get(t, "checks_passive"));
	printf("Check Timeouts:                         %s\n", js_get(t, "check_timeouts"));
	printf("Checks Lost With A Worker:              %s\n", js_get(t, "checks_lost"));
	printf("Running Now / Scheduled:                %s / %s\n", js_get(t, "checks_running"),
	    js_get(t, "checks_scheduled"));
	printf("Run Queue Depth Now / Max:              %s / %s\n", js_get(t, "queue_depth"),
	    js_get(t, "queue_depth_max"));
	printf("Workers Alive / Configured:             %s / %s\n", js_get(t, "workers_alive"),
	    js_get(t, "workers"));
	printf("Worker Restarts:                        %s\n\n", js_get(t, "worker_restarts"));
	printf("Drift (due to start), %s checks:\n", js_get(t, "drift_count"));
	printf("  p50 / p99 / max:                      %.3f / %.3f / %.3f ms\n",
	    js_ms(t, "drift_p50_us"), js_ms(t, "drift_p99_us"), js_ms(t, "drift_max_us"));
	printf("  mean:                                 %.3f ms\n", js_ms(t, "drift_mean_us"));
	printf("  histogram:\n");
	while ((p = strstr(p, "drift_bucket_")) != NULL) {
		const char *eq = strchr(p, '='), *nl;

		if (eq == NULL)
			break;
		nl = strchr(eq, '\n');
		if (strncmp(p + 13, "inf", 3) == 0)
			printf("    %-12s %.*s\n", "more", nl ? (int)(nl - eq - 1) : (int)strlen(eq + 1),
			    eq + 1);
		else {
			double ms = strtod(p + 13, NULL) / 1000.0;
			char edge[32];

			if (ms < 1000)
				snprintf(edge, sizeof(edge), "< %g ms", ms);
			else
				snprintf(edge, sizeof(edge), "< %g s", ms / 1000);
			printf("    %-12s %.*s\n", edge, nl ? (int)(nl - eq - 1) : (int)strlen(eq + 1),
			    eq + 1);
		}
		p = nl != NULL ? nl : eq + 1;
	}
}

static void
js_usage(FILE *fp)
{
	fprintf(fp,
	    "Usage: jaquestats [-c nagios.cfg] [-s statsfile] [--data=KEY,KEY...]\n"
	    "  -c, --config FILE    nagios.cfg (default /etc/nagios4/nagios.cfg)\n"
	    "  -s, --statsfile FILE read this stats file instead of the one -c implies\n"
	    "  -d, --data KEYS      print only these values, one per line\n"
	    "  -V, --version        print the version\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "statsfile", required_argument, NULL, 's' },
		{ "data", required_argument, NULL, 'd' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *cfgpath = "/etc/nagios4/nagios.cfg", *data = NULL;
	char *path = NULL, *text;
	int ch;

	while ((ch = getopt_long(argc, argv, "c:s:d:Vh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			cfgpath = optarg;
			break;
		case 's':
			free(path);
			path = strdup(optarg);
			break;
		case 'd':
			data = optarg;
			break;
		case 'V':
			printf("jaquestats %s\n", PACKAGE_VERSION);
			return 0;
		case 'h':
			js_usage(stdout);
			return 0;
		default:
			js_usage(stderr);
			return 2;
		}
	}
	if (path == NULL) {
		struct main_cfg cfg;
		struct diag *d = diag_new(NULL);

		memset(&cfg, 0, sizeof(cfg));
		if (maincfg_read(cfgpath, NULL, &cfg, d) < 0 && cfg.config_file == NULL) {
			fprintf(stderr, "Error reading main config file '%s'\n", cfgpath);
			maincfg_free(&cfg);
			diag_free(d);
			return 1;
		}
		path = statsfile_path(&cfg);
		maincfg_free(&cfg);
		diag_free(d);
	}
	text = statsfile_read(path);
	if (text == NULL) {
		fprintf(stderr, "Error reading stats file '%s': is jaque running?\n", path);
		free(path);
		return 1;
	}
	if (data != NULL) {
		char *keys = strdup(data), *save = NULL, *k;

		for (k = strtok_r(keys, ",", &save); k != NULL; k = strtok_r(NULL, ",", &save))
			printf("%s\n", js_get(text, k));
		free(keys);
	} else {
		js_print(path, text);
	}
	free(text);
	free(path);
	return 0;
}

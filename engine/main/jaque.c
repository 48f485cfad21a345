/*
 * jaque: the command line.  `jaque nagios.cfg` runs the engine in the
 * foreground (the banner, then the log lines Nagios prints on its console),
 * `jaque -d nagios.cfg` as a daemon (daemon.c); -v verifies
 * a configuration the way `nagios -v` does and -vp precaches objects like
 * `nagios -vp`.  `jaque --worker` is worker mode: the engine starts its
 * workers that way (engine/worker/worker.h), never a user.
 *
 * Exit codes follow Nagios: 0 when the configuration is fine, 1 when it
 * is not (and 2 for usage errors).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <getopt.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/gearman/mgcfg.h"
#include "compat/objcache.h"
#include "engine/main/daemon.h"
#include "engine/main/gmsetup.h"
#include "engine/main/gmworker.h"
#include "engine/worker/worker.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

static void
jaque_usage(FILE *fp)
{
	fprintf(fp,
	    "Usage: jaque [options] <main_config_file>\n"
	    "       jaque --gearman-worker [worker.cfg] [key=value ...]\n"
	    "\n"
	    "Options:\n"
	    "  -v, --verify-config          Verify all configuration data (-v -v for more info)\n"
	    "  -p, --precache-objects       Precache object configuration (with -v)\n"
	    "  -d, --daemon                 Run as a daemon (detach, write the lock file)\n"
	    "  -c, --jaque-config FILE      jaque's own settings (default: jaque.cfg beside\n"
	    "                               the main config file, if present)\n"
	    "  -V, --version                Print the version and exit\n"
	    "  -h, --help                   This help\n"
	    "\n"
	    "--gearman-worker runs a worker for mod_gearman's queues in place of\n"
	    "mod_gearman_worker: its worker.cfg keys (server, encryption, key, keyfile,\n"
	    "hosts, services, eventhandler, notifications, hostgroups, servicegroups,\n"
	    "identifier, job_timeout, timeout_return, max-worker, max-age,\n"
	    "show_error_output, debug, logfile), from the file or as key=value.\n");
}

#ifndef PACKAGE_URL
#define PACKAGE_URL ""
#endif

/*
 * The banner, in the shape of Nagios's (base/nagios.c main(): the name and
 * version, copyright, licence, a blank line, "Website: "): printed by -v
 * and, as Nagios prints it, when jaque runs in the foreground, before its
 * log lines (the daemon prints nothing).
 */
static void
jaque_banner(void)
{
	printf("\njaque %s (compatible with Nagios Core 4.4.6)\n", PACKAGE_VERSION);
	printf("Copyright (c) the jaque authors\n");
	printf("Reads and writes the configuration and files of Nagios Core 4\n");
	printf("and runs in its place.\n");
	printf("License: GPL-2.0-or-later\n\n");
	printf("Website: %s\n", PACKAGE_URL[0] != '\0' ? PACKAGE_URL : "none yet (README.md)");
	fflush(stdout);
}

static const char jaque_problem_text[] =
    "     Check your configuration file(s) to ensure that they contain valid\n"
    "     directives and data definitions.  If you are upgrading from a previous\n"
    "     version of Nagios, you should be aware that some variables/definitions\n"
    "     may have been removed or modified in this version.  Make sure to read\n"
    "     the HTML documentation regarding the config files, as well as the\n"
    "     'Whats New' section to find out what has changed.\n\n";

static int
jaque_verify(const char *path, const char *jaque_cfg, int verbosity, int precache)
{
	struct config_gen gen;
	struct diag *d = diag_new(stdout);
	struct preflight_counts counts;
	enum config_stage st;
	unsigned w0, e0;
	int rc = 1, perr, gerr;
	char err[512];

	printf("Reading configuration data...\n");
	st = config_read(path, jaque_cfg, d, stdout, &gen);
	if (st == CONFIG_MAIN_FAILED)
		goto out;
	if (st == CONFIG_OBJECTS_FAILED) {
		printf("\n***> One or more problems was encountered while processing the config "
		    "files...\n\n%s", jaque_problem_text);
		goto out;
	}
	printf("\nRunning pre-flight check on configuration data...\n\n");
	w0 = diag_warnings(d);
	e0 = diag_errors(d);
	/* mod_gearman's options, which Nagios would only meet loading the module */
	mgcfg_free(gmsetup_read(&gen.cfg, d, &gerr));
	perr = config_preflight(&gen, d, verbosity, &counts, stdout);
	printf("\nTotal Warnings: %u\n", diag_warnings(d) - w0);
	printf("Total Errors:   %u\n", diag_errors(d) - e0);
	if (perr > 0 || diag_errors(d) > e0) {
		printf("\n***> One or more problems was encountered while running the pre-flight "
		    "check...\n\n%s", jaque_problem_text);
		goto out;
	}
	printf("\nThings look okay - No serious problems were detected during the pre-flight "
	    "check\n");
	rc = 0;
	if (precache) {
		if (gen.cfg.precached_object_file == NULL) {
			printf("Failed to precache objects: precached_object_file is not set\n");
			rc = 1;
		} else if (objcache_write(gen.objs, gen.cfg.precached_object_file, time(NULL), err,
		    sizeof(err)) == 0) {
			printf("Object precache file created:\n%s\n", gen.cfg.precached_object_file);
		} else {
			printf("Failed to precache objects to '%s': %s\n",
			    gen.cfg.precached_object_file, err);
			rc = 1;
		}
	}
out:
	config_gen_free(&gen);
	diag_free(d);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "verify-config", no_argument, NULL, 'v' },
		{ "precache-objects", no_argument, NULL, 'p' },
		{ "daemon", no_argument, NULL, 'd' },
		{ "jaque-config", required_argument, NULL, 'c' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, verify = 0, precache = 0, daemonize = 0;
	const char *jaque_cfg = NULL;

	/*
	 * One malloc arena for every thread: the threads that read the
	 * configuration free what they used (the files' scratch stores), and
	 * in arenas of their own that memory could serve nothing else.
	 */
	mallopt(M_ARENA_MAX, 1);
	if (argc == 2 && strcmp(argv[1], "--worker") == 0)
		return worker_main(3);
	if (argc >= 2 && strcmp(argv[1], "--gearman-worker") == 0)
		return gmworker_main(argc - 1, argv + 1);

	while ((ch = getopt_long(argc, argv, "vpdc:Vh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'v':
			verify++;
			break;
		case 'p':
			precache = 1;
			break;
		case 'd':
			daemonize = 1;
			break;
		case 'c':
			jaque_cfg = optarg;
			break;
		case 'V':
			printf("jaque %s\n", PACKAGE_VERSION);
			return 0;
		case 'h':
			jaque_usage(stdout);
			return 0;
		default:
			jaque_usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		jaque_usage(stderr);
		return 2;
	}
	if (verify || precache) {
		jaque_banner();
		return jaque_verify(argv[optind], jaque_cfg, verify, precache);
	}
	/* in the foreground the log lines Nagios shows follow on stdout (daemon.c) */
	if (!daemonize)
		jaque_banner();
	return daemon_run(argv[optind], jaque_cfg, daemonize);
}

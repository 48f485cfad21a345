/*
 * spawnfloor: the exec floor for scripts/bench.sh and bench-compare.sh.
 * Starts RUNS copies of a command, at most CONC at a time, with
 * posix_spawn (the cheapest way to start a process), discards their
 * output, waits for them all, and prints the cpu seconds (user + system)
 * of its whole tree: the children's and its own (the clone and the wait
 * cost the parent too), as an engine's figure is its whole tree's.
 * Whatever an engine spends above this figure for the same number of
 * plugin runs is its own overhead.
 *
 * With -e MS -b BURST the runs are not started back to back but BURST at
 * a time every MS milliseconds (on an absolute clock, as a scheduler's
 * ticks), so the cost of a run can be compared between starting them
 * spread out (-b 1) and in bursts: on a machine whose idle cpus wake
 * slowly, a run that starts on an idle cpu costs more.
 *
 * usage: spawnfloor [-e MS -b BURST] RUNS CONC COMMAND [ARGS...]
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* user + system seconds of who (RUSAGE_SELF or RUSAGE_CHILDREN) */
static double
cpu_of(int who)
{
	struct rusage ru;

	getrusage(who, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* the next burst's time: every_ms after the last one */
static void
next_burst(struct timespec *at, long every_ms)
{
	at->tv_nsec += (every_ms % 1000) * 1000000L;
	at->tv_sec += every_ms / 1000 + at->tv_nsec / 1000000000L;
	at->tv_nsec %= 1000000000L;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, at, NULL) == EINTR)
		;
}

int
main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	struct timespec at;
	long runs, conc, every_ms = 0, burst = 0, started = 0, running = 0, in_burst = 0;
	int status, a = 1;
	pid_t pid;

	while (a + 1 < argc && (strcmp(argv[a], "-e") == 0 || strcmp(argv[a], "-b") == 0)) {
		if (argv[a][1] == 'e')
			every_ms = strtol(argv[a + 1], NULL, 10);
		else
			burst = strtol(argv[a + 1], NULL, 10);
		a += 2;
	}
	if (argc - a < 3 || (every_ms > 0) != (burst > 0)) {
		fprintf(stderr, "usage: spawnfloor [-e MS -b BURST] RUNS CONC COMMAND [ARGS...]\n");
		return 2;
	}
	runs = strtol(argv[a], NULL, 10);
	conc = strtol(argv[a + 1], NULL, 10);
	if (conc < 1)
		conc = 1;
	argv += a + 2;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	clock_gettime(CLOCK_MONOTONIC, &at);
	while (started < runs || running > 0) {
		while (started < runs && running < conc) {
			if (burst > 0 && in_burst == 0) {
				/* reap what ended before sleeping to the next burst */
				while (running > 0 && waitpid(-1, &status, WNOHANG) > 0)
					running--;
				next_burst(&at, every_ms);
				in_burst = burst;
			}
			if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
				perror("posix_spawn");
				return 1;
			}
			started++;
			running++;
			in_burst--;
		}
		if (wait(&status) > 0)
			running--;
	}
	printf("%.3f\n", cpu_of(RUSAGE_CHILDREN) + cpu_of(RUSAGE_SELF));
	return 0;
}

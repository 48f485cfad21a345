/*
 * spawnfloor: the exec floor for scripts/bench.sh.  Starts RUNS copies of
 * a command, at most CONC at a time, with posix_spawn (the cheapest way
 * to start a process), discards their output, waits for them all, and
 * prints the cpu seconds the children used (user + system).  Whatever an
 * engine spends above this figure for the same number of plugin runs is
 * its own overhead.
 *
 * usage: spawnfloor RUNS CONC COMMAND [ARGS...]
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int
main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	long runs, conc, started = 0, running = 0;
	int status;
	pid_t pid;

	if (argc < 4) {
		fprintf(stderr, "usage: spawnfloor RUNS CONC COMMAND [ARGS...]\n");
		return 2;
	}
	runs = strtol(argv[1], NULL, 10);
	conc = strtol(argv[2], NULL, 10);
	if (conc < 1)
		conc = 1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	while (started < runs || running > 0) {
		while (started < runs && running < conc) {
			if (posix_spawn(&pid, argv[3], &fa, NULL, argv + 3, environ) != 0) {
				perror("posix_spawn");
				return 1;
			}
			started++;
			running++;
		}
		if (wait(&status) > 0)
			running--;
	}
	getrusage(RUSAGE_CHILDREN, &ru);
	printf("%.3f\n", (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	return 0;
}

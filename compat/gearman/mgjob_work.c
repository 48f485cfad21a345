/*
 * mgjob_work: the worker's side of mod_gearman 5.2.4's texts (mgjob.h):
 * reading a job the way its worker does (worker/worker_client.c, get_job)
 * and the return codes and outputs it reports for what a plugin did
 * (common/check_utils.c, execute_safe_command and its timeout result).
 * The result text itself is mgjob_result_text (mgjob_text.c).
 *
 * Pure functions: the caller runs the plugin and reads the clock.  Called
 * by jaque's gearman worker (engine/main/gmworker.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"
#include "compat/gearman/mgjob_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "engine/util/xalloc.h"

/* exit codes a shell and mod_gearman's exec give: not executable, not found */
#define MGJOB_RC_NOEXEC 126
#define MGJOB_RC_NOTFOUND 127
#define MGJOB_RC_SIGNAL 128
#define MGJOB_RC_SIGNAL_END 144
#define MGJOB_STATE_CRITICAL 2
#define MGJOB_STATE_UNKNOWN 3
#define MGJOB_RC_25 25

static void
job_str(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

/* one key=value line; returns 1 when the key is one the worker knows */
static int
job_field(struct mgjob_job *j, const char *key, const char *v)
{
	static const struct {
		const char *key;
		size_t off;
	} strs[] = {
		{ "host_name", offsetof(struct mgjob_job, host_name) },
		{ "service_description", offsetof(struct mgjob_job, service_description) },
		{ "type", offsetof(struct mgjob_job, type) },
		{ "result_queue", offsetof(struct mgjob_job, result_queue) },
		{ "command_line", offsetof(struct mgjob_job, command_line) },
		{ "plugin_output", offsetof(struct mgjob_job, plugin_output) },
		{ "long_plugin_output", offsetof(struct mgjob_job, long_plugin_output) },
	};
	size_t i;

	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		if (strcmp(key, strs[i].key) == 0) {
			job_str((char **)((char *)j + strs[i].off), v);
			return 1;
		}
	}
	if (strcmp(key, "check_options") == 0)
		j->check_options = (int)strtol(v, NULL, 10);
	else if (strcmp(key, "scheduled_check") == 0)
		j->scheduled_check = (int)strtol(v, NULL, 10);
	else if (strcmp(key, "latency") == 0)
		j->latency = strtod(v, NULL);
	else if (strcmp(key, "next_check") == 0)
		j->next_check = mgjob_num_tv(v);
	else if (strcmp(key, "start_time") == 0)
		/* older modules' name for it: both times */
		j->next_check = j->core_time = mgjob_num_tv(v);
	else if (strcmp(key, "core_time") == 0)
		j->core_time = mgjob_num_tv(v);
	else if (strcmp(key, "timeout") == 0)
		j->timeout = (int)strtol(v, NULL, 10);
	else
		return 0;
	return 1;
}

int
mgjob_job_parse(struct mgjob_job *j, const char *text)
{
	char *copy = xstrdup(text), *cur = copy, *line;

	memset(j, 0, sizeof(*j));
	j->scheduled_check = 1;
	while ((line = strsep(&cur, "\n")) != NULL) {
		char *value = strchr(line, '=');

		if (value == NULL || value[1] == '\0')
			break;
		*value++ = '\0';
		j->valid_lines += job_field(j, line, value);
	}
	free(copy);
	return j->valid_lines;
}

void
mgjob_job_clear(struct mgjob_job *j)
{
	free(j->type);
	free(j->host_name);
	free(j->service_description);
	free(j->result_queue);
	free(j->command_line);
	free(j->plugin_output);
	free(j->long_plugin_output);
	memset(j, 0, sizeof(*j));
}

int
mgjob_job_is_check(const struct mgjob_job *j)
{
	return j->type != NULL && (strcmp(j->type, "host") == 0 || strcmp(j->type, "service") == 0);
}

char **
mgjob_exec_argv(const char *cmd)
{
	size_t n = 0, len = strlen(cmd), i;
	char **argv, *words;
	int in_word = 0;

	if ((cmd[0] != '/' && cmd[0] != '.') || strpbrk(cmd, "!$^&*()~[]\\|{};<>?`\"'") != NULL)
		return NULL;
	for (i = 0; i < len; i++) {
		if (!isspace((unsigned char)cmd[i]) && !in_word)
			n++;
		in_word = !isspace((unsigned char)cmd[i]);
	}
	/* the vector, then the words' bytes, in one block */
	argv = xmalloc((n + 1) * sizeof(char *) + len + 1);
	words = (char *)(argv + n + 1);
	memcpy(words, cmd, len + 1);
	n = 0;
	in_word = 0;
	for (i = 0; i < len; i++) {
		if (isspace((unsigned char)words[i])) {
			words[i] = '\0';
			in_word = 0;
		} else if (!in_word) {
			argv[n++] = words + i;
			in_word = 1;
		}
	}
	argv[n] = NULL;
	return argv;
}

int
mgjob_real_exit(int wait_status)
{
	if (wait_status == -1)
		return MGJOB_STATE_UNKNOWN;
	if (WIFSIGNALED(wait_status))
		return MGJOB_RC_SIGNAL + WTERMSIG(wait_status);
	if (WIFEXITED(wait_status))
		return WEXITSTATUS(wait_status);
	return 0;
}

/* the worker's names for the signals 1..16, "signal N" for the others */
static char *
signal_name(int sig)
{
	static const char *const names[] = { "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP",
		"SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE",
		"SIGALRM", "SIGTERM", "SIGURG" };

	if (sig >= 1 && sig <= (int)(sizeof(names) / sizeof(names[0])))
		return xstrdup(names[sig - 1]);
	return xasprintf("signal %d", sig);
}

char *
mgjob_exit_output(int code, const char *out, const char *identifier, int rc_25, int *rc)
{
	const char *id = identifier != NULL ? identifier : "(null)";
	char *sig, *text;

	*rc = MGJOB_STATE_CRITICAL;
	if (code == MGJOB_RC_NOEXEC)
		return xasprintf("CRITICAL: Return code of 126 is out of bounds. Make sure the "
		    "plugin you're trying to run is executable. (worker: %s)", id);
	if (code == MGJOB_RC_NOTFOUND)
		return xasprintf("CRITICAL: Return code of 127 is out of bounds. Make sure the "
		    "plugin you're trying to run actually exists. (worker: %s)", id);
	if (code >= MGJOB_RC_SIGNAL && code < MGJOB_RC_SIGNAL_END) {
		sig = signal_name(code - MGJOB_RC_SIGNAL);
		text = xasprintf("CRITICAL: Return code of %d is out of bounds. Plugin exited by "
		    "signal %s. (worker: %s)\\n%s", code, sig, id, out);
		free(sig);
		return text;
	}
	if (code > MGJOB_STATE_UNKNOWN) {
		/* the worker's quirk: 25 always keeps its code (a duplicate job's
		 * plugin fighting its twin), and with workaround_rc_25 every code does */
		if (code == MGJOB_RC_25 || rc_25)
			*rc = code;
		return xasprintf("CRITICAL: Return code of %d is out of bounds. (worker: %s)\\n%s",
		    code, id, out);
	}
	*rc = code;
	return xstrdup(out);
}

char *
mgjob_timeout_output(const struct mgjob_job *j, const char *identifier, int at_alarm)
{
	int svc = j->type != NULL && strcmp(j->type, "service") == 0;

	return xasprintf("(%s Check Timed Out On Worker: %s)%s", svc ? "Service" : "Host",
	    identifier != NULL ? identifier : "(null)", at_alarm ? "\n" : "");
}

int
mgjob_timed_out(int timeout, struct timeval start, struct timeval finish)
{
	return timeout < (int)finish.tv_sec - (int)start.tv_sec;
}

char *
mgjob_worker_source(const char *identifier)
{
	/* after '@' a no-break space in UTF-8, as the worker writes it */
	return xasprintf("Mod-Gearman Worker @\xc2\xa0%s", identifier != NULL ? identifier : "(null)");
}

char *
mgjob_worker_status(const char *hostname, int workers, int running, const char *version,
    int min_workers, int max_workers, unsigned long jobs_done)
{
	return xasprintf("%s has %i worker and is working on %i jobs. Version: %s|worker=%i;;;%i;%i "
	    "jobs=%luc", hostname, workers, running, version, workers, min_workers, max_workers,
	    jobs_done);
}

/*
 * spawn: one plugin process, started with vfork.
 *
 * Everything that needs memory is prepared in the parent: the merged
 * environment (the worker's, then the job's entries, then a split
 * command's leading NAME=value words, later ones replacing earlier ones
 * as setenv would), the word to exec, and the runcmd-style failure the
 * child must report instead when there is nothing to exec.  The child
 * then only makes system calls on data the parent owns: it cannot
 * allocate, since it runs in the parent's memory until it execs.
 *
 * Two details make that safe.  All signals are blocked in the parent
 * across vfork, so no handler of the worker runs in the child before
 * the child has reset every disposition that is not the default (the
 * worker notes which once its handlers are in place: one system call for
 * each of 64 signals was a quarter of what the child does before its
 * exec); the child resets them with the raw system call (glibc will not
 * touch its own signals 32 and 33, which the posix_spawn that started the
 * worker left ignored, and an ignored signal would stay ignored in the
 * plugin).  And the child points the shared `environ` at the merged
 * environment so that execvp looks up PATH there, as Nagios's execvp
 * after setenv does; the parent puts it back when vfork returns, before
 * anything else can read it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE

#include "engine/worker/spawn.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "engine/util/xalloc.h"

extern char **environ;

struct sp_plan {
	char **envp;                 /* borrowed strings, the array is ours */
	size_t nenv;
	const char *const *argv;     /* what to exec, argv[0] the file */
	const char *shell_argv[4];
	int shell;
	int die_code;                /* nonzero: report die_msg and exit with it */
	char die_msg[256];
	int in, out, err;
	pid_t parent;
};

/*
 * The signals a child must reset: those whose disposition was not SIG_DFL
 * when spawn_note_signals last looked (a handler could run in the child
 * before its exec, an ignored signal would stay ignored in the plugin),
 * and those glibc will not report.  Until it has looked, every signal.
 */
static unsigned char sp_touched[NSIG];
static int sp_noted;

/* --- in the parent --- */

void
spawn_note_signals(void)
{
	struct sigaction sa;
	int sig;

	/* glibc refuses its own (32 and 33): they are reset anyway */
	for (sig = 1; sig < NSIG; sig++)
		sp_touched[sig] = sigaction(sig, NULL, &sa) != 0 || sa.sa_handler != SIG_DFL;
	sp_noted = 1;
}

static void
sp_die_later(struct sp_plan *pl, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
sp_die_later(struct sp_plan *pl, int code, const char *fmt, ...)
{
	va_list ap;

	if (pl->die_code != 0)
		return;  /* the first failure is the one runcmd would meet */
	va_start(ap, fmt);
	vsnprintf(pl->die_msg, sizeof(pl->die_msg), fmt, ap);
	va_end(ap);
	pl->die_code = code;
}

/* add or replace "K=V" in the merged environment, as setenv(K, V, 1) */
static void
sp_setenv(struct sp_plan *pl, const char *kv)
{
	const char *eq = strchr(kv, '=');
	size_t klen, k;

	if (eq == NULL)
		return;
	klen = (size_t)(eq - kv);
	if (klen == 0) {
		sp_die_later(pl, EINVAL, "runcmd_setenv(, ...) errno %d: %s\n", EINVAL,
		    strerror(EINVAL));
		return;
	}
	for (k = 0; k < pl->nenv; k++)
		if (strncmp(pl->envp[k], kv, klen + 1) == 0) {
			pl->envp[k] = (char *)kv;
			return;
		}
	pl->envp[pl->nenv++] = (char *)kv;
}

static size_t
sp_count(const char *const *v)
{
	size_t n = 0;

	while (v != NULL && v[n] != NULL)
		n++;
	return n;
}

static void
sp_plan(struct sp_plan *pl, const struct spawn_req *rq)
{
	size_t n = sp_count((const char *const *)environ) + sp_count(rq->env) +
	    sp_count(rq->argv) + 1, k;

	pl->envp = xcalloc(n, sizeof(char *));
	for (k = 0; environ != NULL && environ[k] != NULL; k++)
		pl->envp[pl->nenv++] = environ[k];
	for (k = 0; rq->env != NULL && rq->env[k] != NULL; k++)
		sp_setenv(pl, rq->env[k]);
	if (rq->argv == NULL) {
		pl->shell = 1;
		pl->shell_argv[0] = "/bin/sh";
		pl->shell_argv[1] = "-c";
		pl->shell_argv[2] = rq->shell_line;
		pl->shell_argv[3] = NULL;
		pl->argv = pl->shell_argv;
	} else {
		/* runcmd's rule: any leading word with '=' in it is an assignment */
		for (k = 0; rq->argv[k] != NULL && strchr(rq->argv[k], '=') != NULL; k++)
			sp_setenv(pl, rq->argv[k]);
		if (rq->argv[k] == NULL)
			sp_die_later(pl, EXIT_FAILURE, "No command after variables.\n");
		pl->argv = rq->argv + k;
	}
	pl->envp[pl->nenv] = NULL;
	pl->in = rq->fd_in;
	pl->out = rq->fd_out;
	pl->err = rq->fd_err;
	pl->parent = getpid();
}

/* --- in the child: system calls only, on the parent's data --- */

static void __attribute__((noreturn))
sp_child_die(const struct sp_plan *pl, int code, const char *what, int e)
{
	char msg[512];
	int n;

	if (what == NULL)
		n = snprintf(msg, sizeof(msg), "%s", pl->die_msg);
	else
		n = snprintf(msg, sizeof(msg), "execvp(%s, ...) failed. errno is %d: %s\n", what,
		    e, strerror(e));
	if (n > 0)
		(void)!write(STDERR_FILENO, msg, strlen(msg));
	_exit(code);
}

static void
sp_child_signals(void)
{
	sigset_t none;
	int sig;

	for (sig = 1; sig < NSIG; sig++) {
		if (sp_noted && !sp_touched[sig])
			continue;
#if defined(__linux__) && defined(SYS_rt_sigaction)
		/* an all-zero action is SIG_DFL, no flags, empty mask, on every layout */
		unsigned long act[8] = { 0 };

		(void)syscall(SYS_rt_sigaction, sig, act, NULL, (size_t)(NSIG - 1) / 8);
#else
		(void)signal(sig, SIG_DFL);
#endif
	}
	sigemptyset(&none);
	(void)sigprocmask(SIG_SETMASK, &none, NULL);
}

static void
sp_child_fds(const struct sp_plan *pl)
{
	long max, fd;

	if (dup2(pl->in, STDIN_FILENO) < 0 || dup2(pl->out, STDOUT_FILENO) < 0 ||
	    dup2(pl->err, STDERR_FILENO) < 0)
		_exit(errno);
#ifdef __linux__
	if (close_range(3, ~0U, 0) == 0)
		return;
#endif
	max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > 65536)
		max = 65536;
	for (fd = 3; fd < max; fd++)
		(void)close((int)fd);
}

static void __attribute__((noreturn))
sp_child(const struct sp_plan *pl)
{
	(void)setpgid(0, 0);
#ifdef __linux__
	/* die with the worker (kept across exec, except of a setuid plugin) */
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != pl->parent)
		_exit(127);
#endif
	sp_child_signals();
	sp_child_fds(pl);
	if (pl->die_code != 0)
		sp_child_die(pl, pl->die_code, NULL, 0);
	environ = pl->envp;
	if (pl->shell)
		execve(pl->argv[0], (char *const *)pl->argv, pl->envp);
	else
		execvp(pl->argv[0], (char *const *)pl->argv);
	sp_child_die(pl, errno, pl->argv[0], errno);
}

pid_t
spawn_plugin(const struct spawn_req *rq)
{
	struct sp_plan pl;
	sigset_t all, old;
	char **saved = environ;
	pid_t pid;
	int e;

	memset(&pl, 0, sizeof(pl));
	sp_plan(&pl, rq);
	sigfillset(&all);
	(void)sigprocmask(SIG_SETMASK, &all, &old);
	pid = vfork();
	if (pid == 0)
		sp_child(&pl);
	e = errno;
	environ = saved;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	free(pl.envp);
	if (pid < 0) {
		errno = e;
		return -1;
	}
	/* the child has its group already: vfork returns after its exec */
	return pid;
}

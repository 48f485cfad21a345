/*
 * test_pool: the worker pool and worker mode with real processes.  This
 * binary is its own worker: run with "--worker" it calls worker_main(3),
 * as jaque will, and the pools here spawn /proc/self/exe.  With
 * JAQUE_TEST_FAKE_WORKER set it plays a broken worker instead, so the
 * pool's validation and restart limits can be seen.
 *
 * Covered: exit codes 0..4, output with newlines, stderr, the cut at NUL,
 * exec failures reported as Nagios does (exit errno, "execvp(...)"
 * text) and through the shell (127), death by signal, the plugin's
 * environment (env entries, leading NAME=value words), what a plugin
 * inherits (fds 0-2 only, stdin /dev/null, no blocked or ignored
 * signals, its own process group; spawn_plugin straight from a process
 * with a handler and an ignored signal, before and after
 * spawn_note_signals), the timeout (killed with its group
 * within about its time), a plugin whose child keeps stdout open (result
 * at once, the child killed; a setsid'd one does not hold the result
 * either), an output flood (capped, flagged, worker memory bounded),
 * pipes in shell lines, a worker killed with jobs in flight (they fail
 * with WRES_WORKER_DIED, the worker is replaced, later jobs run), a
 * worker SIGSTOPped under its jobs (found stuck, its unread jobs moved,
 * the rest timed out, killed and replaced), broken
 * workers (oversized or malformed frames, instant exit: restarts at most
 * once a second), bad jobs refused, 1000 jobs completing exactly once,
 * wpool_free killing plugins and leaving no child behind, and the worker
 * alone against bad frames and EOF.  Everything is local; the slowest
 * parts wait on timeouts of 0.3 to 1.5 s.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <ev.h>

#include "engine/worker/pool.h"
#include "engine/worker/proto.h"
#include "engine/worker/spawn.h"
#include "engine/worker/worker.h"

extern char **environ;

static char self_exe[PATH_MAX];
static struct ev_loop *L;
static int outstanding;
static int break_when_done;  /* run_for was asked to stop at the last callback */

struct res {
	int calls;
	enum wres_status status;
	int wait_status;
	int err_no;
	int out_trunc, err_trunc;
	char *out;
	size_t outlen;
	char *err;
	size_t errlen;
	double at;
	struct timeval start, finish;
};

static void
on_done(void *arg, const struct wresult *r)
{
	struct res *x = arg;

	if (x->calls++ == 0) {
		x->status = r->status;
		x->wait_status = r->wait_status;
		x->err_no = r->err_no;
		x->out_trunc = r->out_truncated;
		x->err_trunc = r->err_truncated;
		x->out = malloc(r->outlen + 1);
		memcpy(x->out, r->out, r->outlen + 1);
		x->outlen = r->outlen;
		x->err = malloc(r->errlen + 1);
		memcpy(x->err, r->err, r->errlen + 1);
		x->errlen = r->errlen;
		x->at = ev_time();
		x->start = r->start;
		x->finish = r->finish;
	}
	if (--outstanding == 0 && break_when_done)
		ev_break(L, EVBREAK_ONE);
}

static void
res_clear(struct res *x)
{
	free(x->out);
	free(x->err);
	memset(x, 0, sizeof(*x));
}

static void
stop_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	(void)t;
	(void)revents;
	ev_break(loop, EVBREAK_ONE);
}

/* run the loop for secs, or until no callback is outstanding */
static void
run_for(double secs, int until_done)
{
	ev_timer t;

	ev_timer_init(&t, stop_cb, secs, 0.);
	ev_timer_start(L, &t);
	break_when_done = until_done;
	if (!until_done || outstanding > 0)
		ev_run(L, 0);
	ev_timer_stop(L, &t);
}

static void
wait_all(double secs)
{
	int left;

	run_for(secs, 1);
	left = outstanding;
	outstanding = 0;  /* so one failure does not spill into later tests */
	assert_int_equal(left, 0);
}

/* submit a shell line; stalled: the job's stalled hook (NULL: none) */
static void
sh_hooked(struct wpool *p, struct res *r, const char *line, double timeout,
    const char *const *env, void (*stalled)(void *))
{
	struct wjob j = { NULL, line, env, timeout, stalled };

	memset(r, 0, sizeof(*r));
	assert_int_equal(wpool_submit(p, &j, on_done, r), 0);
	outstanding++;
}

static void
sh(struct wpool *p, struct res *r, const char *line, double timeout, const char *const *env)
{
	sh_hooked(p, r, line, timeout, env, NULL);
}

static void
ex(struct wpool *p, struct res *r, const char *const *argv, double timeout)
{
	struct wjob j = { argv, NULL, NULL, timeout };

	memset(r, 0, sizeof(*r));
	assert_int_equal(wpool_submit(p, &j, on_done, r), 0);
	outstanding++;
}

static struct wpool *
pool(unsigned n, size_t cap)
{
	struct wpool_opts o = { n, self_exe, cap };
	struct wpool *p = wpool_new(L, &o);

	assert_non_null(p);
	return p;
}

static void
exited_with(const struct res *r, int code)
{
	assert_int_equal(r->calls, 1);
	if (r->status != WRES_EXITED)
		fail_msg("status %s, err <%s>", wres_status_str(r->status), r->err);
	assert_true(WIFEXITED(r->wait_status));
	assert_int_equal(WEXITSTATUS(r->wait_status), code);
}

/* gone, or a zombie nobody has reaped yet */
static int
pid_gone(pid_t pid)
{
	char path[64], buf[256], *paren;
	FILE *f;
	int gone = 1;

	if (kill(pid, 0) < 0 && errno == ESRCH)
		return 1;
	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return 1;
	if (fgets(buf, sizeof(buf), f) != NULL && (paren = strrchr(buf, ')')) != NULL)
		gone = paren[2] == 'Z' || paren[2] == 'X';
	fclose(f);
	return gone;
}

static void
assert_pid_gone_soon(pid_t pid)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	int k;

	assert_true(pid > 1);
	for (k = 0; k < 200 && !pid_gone(pid); k++)
		nanosleep(&nap, NULL);
	if (!pid_gone(pid)) {
		kill(pid, SIGKILL);
		fail_msg("process %ld still there", (long)pid);
	}
}

/* no child of ours left, running or zombie */
static void
assert_no_children(void)
{
	int st;

	assert_int_equal(waitpid(-1, &st, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

/* --- the shared pool: two workers on the default loop --- */

static struct wpool *P;

static int
setup(void **state)
{
	(void)state;
	L = ev_default_loop(0);
	P = pool(2, 0);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	wpool_free(P);
	P = NULL;
	assert_no_children();
	return 0;
}

static void
t_exit_codes(void **state)
{
	static const char *const echo[] = { "/bin/echo", "hello", "world", NULL };
	struct res r[5];
	char line[64];
	int k;

	(void)state;
	for (k = 0; k < 4; k++) {
		snprintf(line, sizeof(line), "echo 'status %d'; exit %d", k, k);
		sh(P, &r[k], line, 5, NULL);
	}
	ex(P, &r[4], echo, 5);
	wait_all(5);
	for (k = 0; k < 4; k++) {
		snprintf(line, sizeof(line), "status %d\n", k);
		exited_with(&r[k], k);
		assert_string_equal(r[k].out, line);
		assert_int_equal(r[k].outlen, strlen(line));
		assert_int_equal(r[k].errlen, 0);
		assert_int_equal(r[k].out_trunc, 0);
		assert_true(timercmp(&r[k].start, &r[k].finish, <=));
		assert_true(r[k].finish.tv_sec - r[k].start.tv_sec < 5);
		res_clear(&r[k]);
	}
	exited_with(&r[4], 0);
	assert_string_equal(r[4].out, "hello world\n");
	res_clear(&r[4]);
	assert_string_equal(wres_status_str(WRES_WORKER_DIED), "worker died");
	assert_string_equal(wres_status_str(WRES_NSTATUS), "unknown");
}

static void
t_output_shapes(void **state)
{
	struct res multi, err, nul, empty, pipe;

	(void)state;
	sh(P, &multi, "printf 'WARNING - x|a=1\\nlong 1\\nlong 2|b=2\\n'; exit 1", 5, NULL);
	sh(P, &err, "echo out; echo 'to stderr' >&2; exit 2", 5, NULL);
	sh(P, &nul, "printf 'abc\\0def'", 5, NULL);
	sh(P, &empty, "exit 3", 5, NULL);
	sh(P, &pipe, "echo abc | tr a-z A-Z", 5, NULL);
	wait_all(5);
	exited_with(&multi, 1);
	assert_string_equal(multi.out, "WARNING - x|a=1\nlong 1\nlong 2|b=2\n");
	exited_with(&err, 2);
	assert_string_equal(err.out, "out\n");
	assert_string_equal(err.err, "to stderr\n");
	/* Nagios's worker cuts output at the first NUL */
	exited_with(&nul, 0);
	assert_int_equal(nul.outlen, 3);
	assert_string_equal(nul.out, "abc");
	exited_with(&empty, 3);
	assert_int_equal(empty.outlen, 0);
	assert_string_equal(empty.out, "");
	exited_with(&pipe, 0);
	assert_string_equal(pipe.out, "ABC\n");
	res_clear(&multi);
	res_clear(&err);
	res_clear(&nul);
	res_clear(&empty);
	res_clear(&pipe);
}

static void
t_exec_failures(void **state)
{
	static const char *const missing[] = { "/nonexistent/check_x", "-H", "a", NULL };
	static const char *const noexec[] = { "/dev/null", NULL };
	struct res r4, r127, miss, acc;

	(void)state;
	sh(P, &r4, "echo four; exit 4", 5, NULL);
	sh(P, &r127, "/nonexistent/check_y -w 1", 5, NULL);
	ex(P, &miss, missing, 5);
	ex(P, &acc, noexec, 5);
	wait_all(5);
	exited_with(&r4, 4);
	assert_string_equal(r4.out, "four\n");
	exited_with(&r127, 127);
	assert_non_null(strstr(r127.err, "not found"));
	/* as Nagios: the child exits with errno and says so on stderr */
	exited_with(&miss, ENOENT);
	assert_string_equal(miss.out, "");
	assert_string_equal(miss.err,
	    "execvp(/nonexistent/check_x, ...) failed. errno is 2: No such file or directory\n");
	exited_with(&acc, EACCES);
	assert_non_null(strstr(acc.err, "execvp(/dev/null, ...) failed. errno is 13"));
	res_clear(&r4);
	res_clear(&r127);
	res_clear(&miss);
	res_clear(&acc);
}

static void
t_signal(void **state)
{
	struct res r;

	(void)state;
	sh(P, &r, "echo dying; kill -9 $$; echo not reached", 5, NULL);
	wait_all(5);
	assert_int_equal(r.status, WRES_EXITED);
	assert_true(WIFSIGNALED(r.wait_status));
	assert_int_equal(WTERMSIG(r.wait_status), SIGKILL);
	assert_string_equal(r.out, "dying\n");
	res_clear(&r);
}

static void
t_env(void **state)
{
	static const char *const env[] = { "JAQUE_T1=hello world", "JAQUE_T2=x=y", "NOEQUALS",
		NULL };
	static const char *const assign[] = { "JAQUE_A=1", "JAQUE_B=two words", "/bin/sh", "-c",
		"echo \"$JAQUE_A/$JAQUE_B\"", NULL };
	static const char *const only[] = { "JAQUE_A=1", NULL };
	struct wjob j = { assign, NULL, env, 5 };
	struct res a, b, c;

	(void)state;
	sh(P, &a, "printf '%s|%s|%s' \"$JAQUE_T1\" \"$JAQUE_T2\" \"${NOEQUALS-unset}\"", 5, env);
	memset(&b, 0, sizeof(b));
	assert_int_equal(wpool_submit(P, &j, on_done, &b), 0);
	outstanding++;
	ex(P, &c, only, 5);
	wait_all(5);
	exited_with(&a, 0);
	assert_string_equal(a.out, "hello world|x=y|unset");
	exited_with(&b, 0);
	assert_string_equal(b.out, "1/two words\n");
	/* as Nagios's runcmd: nothing but assignments is an error */
	exited_with(&c, 1);
	assert_string_equal(c.err, "No command after variables.\n");
	res_clear(&a);
	res_clear(&b);
	res_clear(&c);
	/* the engine's own environment is not changed */
	assert_null(getenv("JAQUE_T1"));
}

static void
t_hygiene(void **state)
{
	struct res r;
	long pid = 0, pgrp = -1;
	char *last;

	(void)state;
	sh(P, &r,
	    "for n in 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do "
	    "[ -e /proc/$$/fd/$n ] && echo open $n; done; echo fds; "
	    /* read by the shell itself: a grep would run while the shell,
	     * which blocks every signal around its fork, may not yet have
	     * restored its mask */
	    "while read -r k v; do case $k in SigBlk:|SigIgn:) printf '%s\\t%s\\n' \"$k\" \"$v\";; "
	    "esac; done < /proc/$$/status; "
	    "readlink /proc/$$/fd/0; "
	    "read -r a b c d e rest < /proc/$$/stat; echo \"$$ $e\"",
	    5, NULL);
	wait_all(5);
	exited_with(&r, 0);
	/* the last line is "pid pgrp": a group of its own */
	r.out[r.outlen - 1] = '\0';
	last = strrchr(r.out, '\n');
	assert_non_null(last);
	assert_int_equal(sscanf(last + 1, "%ld %ld", &pid, &pgrp), 2);
	assert_true(pid > 1);
	assert_int_equal(pid, pgrp);
	*last = '\0';
	assert_string_equal(r.out,
	    "fds\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n/dev/null");
	res_clear(&r);
}

static void
t_noop_handler(int sig)
{
	(void)sig;
}

/* spawn_plugin from this process: what the child's /proc status says */
static void
spawn_status(char *buf, size_t size)
{
	static const char *const argv[] = { "/bin/sh", "-c",
		"while read -r k v; do case $k in SigBlk:|SigIgn:) printf '%s %s\\n' \"$k\" \"$v\";; "
		"esac; done < /proc/$$/status", NULL };
	struct spawn_req rq;
	int p[2], devnull, status = -1;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe2(p, O_CLOEXEC), 0);
	devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	assert_true(devnull > 2);
	memset(&rq, 0, sizeof(rq));
	rq.argv = argv;
	rq.fd_in = devnull;
	rq.fd_out = p[1];
	rq.fd_err = devnull;
	pid = spawn_plugin(&rq);
	assert_true(pid > 0);
	close(p[1]);
	while (len + 1 < size && (n = read(p[0], buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	close(p[0]);
	close(devnull);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void
t_spawn_dispositions(void **state)
{
	static const char clean[] = "SigBlk: 0000000000000000\nSigIgn: 0000000000000000\n";
	struct sigaction ign, handler, old_usr1, old_usr2, old_pwr;
	char buf[256];

	(void)state;
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	memset(&handler, 0, sizeof(handler));
	handler.sa_handler = t_noop_handler;
	assert_int_equal(sigaction(SIGUSR1, &ign, &old_usr1), 0);
	assert_int_equal(sigaction(SIGUSR2, &handler, &old_usr2), 0);
	/* before any note every signal is reset */
	spawn_status(buf, sizeof(buf));
	assert_string_equal(buf, clean);
	/* noted: the ignored one is still reset, and so is one ignored since
	 * the note only when noted again */
	spawn_note_signals();
	spawn_status(buf, sizeof(buf));
	assert_string_equal(buf, clean);
	assert_int_equal(sigaction(SIGPWR, &ign, &old_pwr), 0);
	spawn_note_signals();
	spawn_status(buf, sizeof(buf));
	assert_string_equal(buf, clean);
	/* put back, and noted again, so other tests see this process as it was */
	assert_int_equal(sigaction(SIGUSR1, &old_usr1, NULL), 0);
	assert_int_equal(sigaction(SIGUSR2, &old_usr2, NULL), 0);
	assert_int_equal(sigaction(SIGPWR, &old_pwr, NULL), 0);
	spawn_note_signals();
}

/* the pid printed on the first line of out */
static pid_t
first_pid(const struct res *r)
{
	long v = 0;

	assert_int_equal(sscanf(r->out, "%ld", &v), 1);
	return (pid_t)v;
}

static void
t_timeout(void **state)
{
	static const char *const sleeper[] = { "/bin/sleep", "10", NULL };
	struct res r, d;
	double t0 = ev_time();

	(void)state;
	sh(P, &r, "sleep 10 & echo $!; wait", 0.5, NULL);
	ex(P, &d, sleeper, 0.3);
	wait_all(3);
	assert_int_equal(r.status, WRES_TIMEOUT);
	assert_true(r.at - t0 >= 0.45);
	assert_true(r.at - t0 < 1.3);
	/* what it printed before is kept; its child died with it */
	assert_pid_gone_soon(first_pid(&r));
	assert_int_equal(d.status, WRES_TIMEOUT);
	assert_true(WIFSIGNALED(d.wait_status));
	assert_int_equal(WTERMSIG(d.wait_status), SIGKILL);
	assert_true(d.at - t0 >= 0.25);
	res_clear(&r);
	res_clear(&d);
	{
		struct wpool_stats st;

		wpool_stats(P, &st);
		assert_true(st.timeouts >= 2);
	}
}

static void
t_lingering_child(void **state)
{
	struct res r, s;
	double t0 = ev_time();
	pid_t leader;

	(void)state;
	/* the child keeps stdout open in the plugin's group */
	sh(P, &r, "sleep 30 & echo $!; echo done", 10, NULL);
	/* this one leaves the group and still holds stdout */
	sh(P, &s, "setsid sleep 30 & echo $!", 10, NULL);
	wait_all(5);
	exited_with(&r, 0);
	assert_true(r.at - t0 < 1.0);
	assert_non_null(strstr(r.out, "\ndone\n"));
	assert_pid_gone_soon(first_pid(&r));
	exited_with(&s, 0);
	assert_true(s.at - t0 < 1.0);
	leader = first_pid(&s);
	/* out of reach of the group kill: ours to clean up */
	assert_true(leader > 1);
	kill(leader, SIGKILL);
	assert_pid_gone_soon(leader);
	res_clear(&r);
	res_clear(&s);
}

static long
vm_hwm_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmHWM: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* one worker of its own, so its memory can be watched */
static void
t_flood(void **state)
{
	struct res r, e, probe;
	struct wpool *p;
	long before, after;
	pid_t worker;

	(void)state;
	p = pool(1, 0);
	sh(p, &probe, "echo $PPID", 5, NULL);
	wait_all(5);
	worker = first_pid(&probe);
	before = vm_hwm_kb(worker);
	assert_true(before > 0);
	res_clear(&probe);

	sh(p, &r, "echo $PPID; yes | head -c 50000000; echo tail >&2", 20, NULL);
	sh(p, &e, "yes | head -c 3000000 >&2; echo small", 20, NULL);
	wait_all(15);
	exited_with(&r, 0);
	assert_int_equal(first_pid(&r), worker);
	assert_int_equal(r.outlen, 64 << 10);
	assert_int_equal(r.out_trunc, 1);
	assert_string_equal(r.err, "tail\n");
	assert_int_equal(r.err_trunc, 0);
	exited_with(&e, 0);
	assert_string_equal(e.out, "small\n");
	assert_int_equal(e.errlen, 64 << 10);
	assert_int_equal(e.err_trunc, 1);
	assert_int_equal(e.out_trunc, 0);
	/* 50 MB went through; the worker's peak grew by far less */
	after = vm_hwm_kb(worker);
	if (getenv("TEST_VERBOSE") != NULL)
		fprintf(stderr, "worker VmHWM %ld kB -> %ld kB\n", before, after);
	assert_true(after - before < 8 * 1024);
	res_clear(&r);
	res_clear(&e);
	wpool_free(p);
}

static void
t_bad_jobs(void **state)
{
	static const char *const empty[] = { NULL };
	struct wjob none = { NULL, NULL, NULL, 1 };
	struct wjob noargs = { empty, NULL, NULL, 1 };
	struct res r;
	struct wpool_stats before, after;

	(void)state;
	wpool_stats(P, &before);
	assert_int_equal(wpool_submit(P, &none, on_done, &r), -1);
	assert_int_equal(wpool_submit(P, &noargs, on_done, &r), -1);
	wpool_stats(P, &after);
	assert_true(after.submitted == before.submitted);
}

static int burst_calls[1000];

static void
burst_done(void *arg, const struct wresult *r)
{
	int *slot = arg;

	if (r->status == WRES_EXITED && WIFEXITED(r->wait_status) &&
	    WEXITSTATUS(r->wait_status) == 0)
		(*slot)++;
	else
		(*slot) += 1000;
	if (--outstanding == 0 && break_when_done)
		ev_break(L, EVBREAK_ONE);
}

static void
t_burst(void **state)
{
	static const char *const t[] = { "/bin/true", NULL };
	struct wjob j = { t, NULL, NULL, 10 };
	struct wpool_stats st0, st;
	int k;

	(void)state;
	wpool_stats(P, &st0);
	for (k = 0; k < 1000; k++) {
		assert_int_equal(wpool_submit(P, &j, burst_done, &burst_calls[k]), 0);
		outstanding++;
	}
	wpool_stats(P, &st);
	assert_int_equal(st.in_flight, 1000);
	/* a generous bound: fork and exec are slow on a loaded VM */
	wait_all(30);
	for (k = 0; k < 1000; k++)
		assert_int_equal(burst_calls[k], 1);
	/* nothing arrives late, twice */
	run_for(0.1, 0);
	for (k = 0; k < 1000; k++)
		assert_int_equal(burst_calls[k], 1);
	wpool_stats(P, &st);
	assert_true(st.submitted - st0.submitted == 1000);
	assert_true(st.completed - st0.completed == 1000);
	assert_int_equal(st.in_flight, 0);
	assert_int_equal(st.workers, 2);
	assert_int_equal(st.alive, 2);
	assert_true(st.worker_restarts == 0);
}

/* --- pools of their own --- */

static void
read_pid_file(const char *path, pid_t *pid)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	long v = 0;
	FILE *f;
	int k;

	for (k = 0; k < 300; k++) {
		f = fopen(path, "r");
		if (f != NULL) {
			int n = fscanf(f, "%ld", &v);

			fclose(f);
			if (n == 1)
				break;
		}
		run_for(0.01, 0);
		nanosleep(&nap, NULL);
	}
	assert_true(v > 1);
	*pid = (pid_t)v;
}

/* a worker killed under its jobs, on a loop other than the default */
static void
t_worker_killed(void **state)
{
	struct ev_loop *saved = L;
	char dir[] = "/tmp/jaque-test-pool-XXXXXX", line[512], pidfile[128];
	struct res killer, victim, later;
	struct wpool_worker w[4];
	struct wpool_stats st;
	struct wpool *p;
	pid_t plugin;
	long first;
	double t0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(pidfile, sizeof(pidfile), "%s/pid", dir);
	L = ev_loop_new(EVFLAG_AUTO);
	p = pool(1, 0);
	snprintf(line, sizeof(line), "echo $$ > %s.tmp && mv %s.tmp %s; exec sleep 20", pidfile,
	    pidfile, pidfile);
	sh(p, &victim, line, 30, NULL);
	read_pid_file(pidfile, &plugin);
	/* the worker as wpool_workers lists it: its pid, one job in flight */
	assert_int_equal(wpool_workers(p, w, 4), 1);
	assert_true(w[0].pid > 1);
	assert_int_equal(w[0].running, 1);
	assert_true(w[0].started == 1);
	assert_int_equal(wpool_workers(p, w, 0), 0);
	first = w[0].pid;
	t0 = ev_time();
	sh(p, &killer, "kill -9 $PPID; exec sleep 20", 30, NULL);
	wait_all(3);
	assert_int_equal(killer.status, WRES_WORKER_DIED);
	assert_int_equal(victim.status, WRES_WORKER_DIED);
	assert_true(killer.at - t0 < 1.0);
	/* the plugins died with their worker */
	assert_pid_gone_soon(plugin);

	/* submitted while the slot waits out its restart gap: it waits too */
	sh(p, &later, "echo again", 5, NULL);
	wait_all(3);
	exited_with(&later, 0);
	assert_string_equal(later.out, "again\n");
	wpool_stats(p, &st);
	assert_true(st.worker_restarts == 1);
	assert_int_equal(st.alive, 1);
	assert_true(st.completed == 3);
	/* its replacement counts its own jobs */
	assert_int_equal(wpool_workers(p, w, 4), 1);
	assert_true(w[0].pid > 1 && w[0].pid != first);
	assert_int_equal(w[0].running, 0);
	assert_true(w[0].started == 1);
	wpool_free(p);
	assert_no_children();
	ev_loop_destroy(L);
	L = saved;
	res_clear(&killer);
	res_clear(&victim);
	res_clear(&later);
	unlink(pidfile);
	rmdir(dir);
}

/* what the worker_stuck hook was told, and the jobs' stalled hook */
static struct {
	int calls, nstalled, stalled_late;
	long pid;
	size_t moved, left;
} stuck;

static void
on_stuck(void *arg, long pid, double quiet, size_t moved, size_t left)
{
	(void)arg;
	(void)quiet;
	stuck.calls++;
	stuck.pid = pid;
	stuck.moved = moved;
	stuck.left = left;
}

/* counts, and notes whether it came before the result */
static void
on_stalled(void *arg)
{
	stuck.nstalled++;
	stuck.stalled_late += ((struct res *)arg)->calls != 0;
}

static struct wpool *
pool_watched(unsigned n)
{
	struct wpool_opts o = { n, self_exe, 0, NULL, on_stuck, NULL };
	struct wpool *p = wpool_new(L, &o);

	assert_non_null(p);
	memset(&stuck, 0, sizeof(stuck));
	return p;
}

/*
 * A worker that stops answering: SIGSTOPped with a job running and 40
 * jobs of 64 KiB queued behind it, most of which its socket cannot take.
 * It is found stuck within seconds (the hook told once), the jobs it
 * never read run on its replacement, it and its plugin's process group
 * are killed, and those it took are told stalled, then end as timeouts.
 * A worker quiet for 3.5 s with a job running is neither stuck nor
 * passed over.
 */
static void
t_worker_stopped(void **state)
{
	static char big[64 << 10];
	const char *env[] = { big, NULL };
	char dir[] = "/tmp/jaque-test-pool-XXXXXX", line[512], pidfile[128];
	struct res slow, r[40];
	struct wpool_worker w[2];
	struct wpool_stats st;
	struct wpool *p;
	size_t ran = 0, timedout = 0, k;
	pid_t pid, plugin;
	double t0;

	(void)state;
	p = pool_watched(2);
	sh(p, &slow, "exec sleep 3.5", 10, NULL);
	run_for(0.6, 0);
	/* quiet with a job it has read: still first on a tie */
	sh(p, &r[0], "true", 5, NULL);
	sh(p, &r[1], "true", 5, NULL);
	wait_all(5);
	assert_int_equal(wpool_workers(p, w, 2), 2);
	assert_true(w[0].started == 2 && w[1].started == 1);
	exited_with(&slow, 0);
	assert_int_equal(stuck.calls, 0);
	for (k = 0; k < 2; k++)
		res_clear(&r[k]);
	res_clear(&slow);
	wpool_free(p);
	p = pool_watched(1);

	memset(big, 'x', sizeof(big) - 1);
	memcpy(big, "BIG=", 4);
	assert_non_null(mkdtemp(dir));
	snprintf(pidfile, sizeof(pidfile), "%s/pid", dir);
	/* a plugin with a child of its own, which dies with its group only */
	snprintf(line, sizeof(line), "sleep 30 & echo $! > %s.tmp && mv %s.tmp %s; wait",
	    pidfile, pidfile, pidfile);
	sh_hooked(p, &slow, line, 2, NULL, on_stalled);
	read_pid_file(pidfile, &plugin);
	assert_int_equal(wpool_workers(p, w, 2), 1);
	pid = (pid_t)w[0].pid;
	assert_int_equal(kill(pid, SIGSTOP), 0);
	t0 = ev_time();
	for (k = 0; k < 40; k++)
		sh_hooked(p, &r[k], "echo ran", 2.5, env, on_stalled);
	wait_all(15);
	assert_int_equal(stuck.calls, 1);
	assert_true(stuck.pid == (long)pid && slow.status == WRES_TIMEOUT && slow.at - t0 < 5.0);
	assert_true(slow.finish.tv_sec - slow.start.tv_sec >= 1);
	for (k = 0; k < 40; k++) {
		assert_int_equal(r[k].calls, 1);
		if (r[k].status == WRES_EXITED && strcmp(r[k].out, "ran\n") == 0)
			ran++;
		else if (r[k].status == WRES_TIMEOUT)
			timedout++;
		res_clear(&r[k]);
	}
	/* written whole to its socket: taken, timed out; the rest moved and run */
	assert_true(ran == stuck.moved);
	assert_true(timedout + 1 == stuck.left);
	assert_true(ran >= 20 && ran + timedout == 40);
	/* each job it took was told stalled, before its result */
	assert_int_equal(stuck.nstalled, (int)stuck.left);
	assert_int_equal(stuck.stalled_late, 0);
	assert_pid_gone_soon(pid);
	assert_pid_gone_soon(plugin);  /* the plugin's child, in its group */
	wpool_stats(p, &st);
	assert_true(st.worker_stuck == 1 && st.worker_restarts == 1);
	assert_int_equal(wpool_workers(p, w, 2), 1);
	assert_true(w[0].pid != (long)pid);
	wpool_free(p);
	assert_no_children();
	res_clear(&slow);
	unlink(pidfile);
	rmdir(dir);
}

static void
t_free_kills_plugins(void **state)
{
	char dir[] = "/tmp/jaque-test-pool-XXXXXX", line[512], pidfile[128];
	struct res r;
	struct wpool *p;
	pid_t plugin;
	double t0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(pidfile, sizeof(pidfile), "%s/pid", dir);
	p = pool(2, 0);
	snprintf(line, sizeof(line), "echo $$ > %s.tmp && mv %s.tmp %s; exec sleep 30", pidfile,
	    pidfile, pidfile);
	sh(p, &r, line, 60, NULL);
	read_pid_file(pidfile, &plugin);
	t0 = ev_time();
	wpool_free(p);
	assert_true(ev_time() - t0 < 2.0);
	/* dropped without a callback */
	assert_int_equal(r.calls, 0);
	outstanding--;
	assert_pid_gone_soon(plugin);
	assert_no_children();
	unlink(pidfile);
	rmdir(dir);
}

static void
t_fake_workers(void **state)
{
	static const char *const modes[] = { "oversize", "badresult" };
	struct wpool_stats st;
	struct res r;
	struct wpool *p;
	size_t k;

	(void)state;
	for (k = 0; k < 2; k++) {
		setenv("JAQUE_TEST_FAKE_WORKER", modes[k], 1);
		p = pool(1, 0);
		unsetenv("JAQUE_TEST_FAKE_WORKER");
		sh(p, &r, "echo never", 5, NULL);
		wait_all(3);
		assert_int_equal(r.status, WRES_WORKER_DIED);
		wpool_stats(p, &st);
		assert_int_equal(st.alive, 0);
		res_clear(&r);
		wpool_free(p);
		assert_no_children();
	}

	/* a worker that exits at once is restarted once a second, no faster;
	 * a job meanwhile dies with a worker or waits, it is not lost */
	setenv("JAQUE_TEST_FAKE_WORKER", "exit", 1);
	p = pool(1, 0);
	sh(p, &r, "echo x", 5, NULL);
	run_for(1.4, 0);
	unsetenv("JAQUE_TEST_FAKE_WORKER");
	wpool_stats(p, &st);
	assert_true(st.worker_restarts == 1);
	assert_int_equal(r.calls, 1);
	assert_int_equal(r.status, WRES_WORKER_DIED);
	outstanding = 0;
	res_clear(&r);
	wpool_free(p);
	assert_no_children();
}

/* a pool whose binary cannot start refuses to exist */
static void
t_no_binary(void **state)
{
	struct wpool_opts o = { 1, "/nonexistent/jaque", 0 };

	(void)state;
	assert_null(wpool_new(L, &o));
	assert_no_children();
}

/* --- the worker alone --- */

static pid_t
spawn_worker(int *fd)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { self_exe, (char *)"--worker", NULL };
	int sv[2];
	pid_t pid;

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, sv[1], 3);
	assert_int_equal(posix_spawn(&pid, self_exe, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	close(sv[1]);
	*fd = sv[0];
	return pid;
}

static void
send_all(int fd, const void *p, size_t n)
{
	assert_int_equal(write(fd, p, n), (ssize_t)n);
}

static int
next_result(int fd, struct proto_rd *rd, uint64_t *id, struct wresult *r)
{
	const char *body;
	size_t len;
	struct pollfd pf = { fd, POLLIN, 0 };

	for (;;) {
		int rc = proto_rd_next(rd, &body, &len);

		if (rc == 1)
			return proto_result_decode(body, len, 1 << 20, id, r);
		assert_int_equal(rc, 0);
		assert_int_equal(poll(&pf, 1, 3000), 1);
		assert_true(proto_rd_fill(rd, fd) > 0);
	}
}

static void
wait_exit(pid_t pid, int code)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	int st = 0, k;
	pid_t r = 0;

	for (k = 0; k < 300 && (r = waitpid(pid, &st, WNOHANG)) == 0; k++)
		nanosleep(&nap, NULL);
	if (r != pid) {
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		fail_msg("worker did not exit");
	}
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), code);
}

static void
t_worker_frames(void **state)
{
	static const char notjob[] = { 0, 0, 0, 2, 'X', 'y' };
	static const char oversize[] = { 0x7f, 0, 0, 0 };
	struct wjob good = { NULL, "echo ok", NULL, 5 };
	struct proto_rd rd;
	struct proto_wq q;
	struct wresult r;
	uint64_t id = 0;
	pid_t pid;
	int fd;

	(void)state;
	pid = spawn_worker(&fd);
	proto_rd_init(&rd, 1 << 22);
	send_all(fd, notjob, sizeof(notjob));
	/* a well-framed job for id 55 with a shell flag of 2: refused */
	proto_wq_init(&q);
	assert_int_equal(proto_job_encode(&q, 55, &good, 100), 0);
	q.buf[PROTO_HDR + 17] = 2;
	assert_int_equal(proto_wq_flush(&q, fd), 0);
	assert_int_equal(next_result(fd, &rd, &id, &r), 0);
	assert_true(id == 55);
	assert_int_equal(r.status, WRES_EXEC_FAILED);
	assert_int_equal(r.err_no, EINVAL);
	assert_int_equal(proto_job_encode(&q, 56, &good, 100), 0);
	assert_int_equal(proto_wq_flush(&q, fd), 0);
	assert_int_equal(next_result(fd, &rd, &id, &r), 0);
	assert_true(id == 56);
	assert_int_equal(r.status, WRES_EXITED);
	assert_string_equal(r.out, "ok\n");
	/* a length that breaks the stream: the worker gives up, exit 1 */
	send_all(fd, oversize, sizeof(oversize));
	wait_exit(pid, 1);
	close(fd);
	proto_rd_free(&rd);

	/* EOF: a plugin still running is killed, the worker exits 0 */
	pid = spawn_worker(&fd);
	good.shell_line = "exec sleep 30";
	assert_int_equal(proto_job_encode(&q, 57, &good, 100), 0);
	assert_int_equal(proto_wq_flush(&q, fd), 0);
	usleep(100 * 1000);
	close(fd);
	wait_exit(pid, 0);
	proto_wq_free(&q);
	assert_no_children();
}

/* --- this binary as a worker, real or fake --- */

static int
fake_worker(const char *mode)
{
	struct proto_rd rd;
	struct proto_wq q;
	const char *body;
	size_t len;
	char buf[256];
	int fd = 3;

	if (strcmp(mode, "exit") == 0)
		return 3;
	if (strcmp(mode, "oversize") == 0) {
		static const char h[] = { 0x7f, 0x7f, 0x7f, 0x7f };

		(void)!write(fd, h, sizeof(h));
	} else {
		struct wresult r;

		/* answer the first job with a result whose status is out of range */
		proto_rd_init(&rd, 1 << 20);
		while (proto_rd_next(&rd, &body, &len) != 1)
			if (proto_rd_fill(&rd, fd) <= 0)
				return 0;
		memset(&r, 0, sizeof(r));
		r.out = r.err = "";
		proto_wq_init(&q);
		proto_result_encode(&q, 1, &r);
		memcpy(q.buf + PROTO_HDR + 1, body + 1, 8);  /* the job's own id */
		q.buf[PROTO_HDR + 9] = 99;
		(void)proto_wq_flush(&q, fd);
		proto_wq_free(&q);
		proto_rd_free(&rd);
	}
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	return 0;
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest shared[] = {
		cmocka_unit_test(t_exit_codes),
		cmocka_unit_test(t_output_shapes),
		cmocka_unit_test(t_exec_failures),
		cmocka_unit_test(t_signal),
		cmocka_unit_test(t_env),
		cmocka_unit_test(t_hygiene),
		cmocka_unit_test(t_spawn_dispositions),
		cmocka_unit_test(t_timeout),
		cmocka_unit_test(t_lingering_child),
		cmocka_unit_test(t_flood),
		cmocka_unit_test(t_bad_jobs),
		cmocka_unit_test(t_burst),
	};
	const struct CMUnitTest own[] = {
		cmocka_unit_test(t_worker_killed),
		cmocka_unit_test(t_worker_stopped),
		cmocka_unit_test(t_free_kills_plugins),
		cmocka_unit_test(t_fake_workers),
		cmocka_unit_test(t_no_binary),
		cmocka_unit_test(t_worker_frames),
	};
	const char *fake;
	ssize_t n;
	int rc;

	if (argc > 1 && strcmp(argv[1], "--worker") == 0) {
		fake = getenv("JAQUE_TEST_FAKE_WORKER");
		if (fake != NULL)
			return fake_worker(fake);
		return worker_main(3);
	}
	n = readlink("/proc/self/exe", self_exe, sizeof(self_exe) - 1);
	if (n <= 0)
		return 1;
	self_exe[n] = '\0';
	L = ev_default_loop(0);
	if (getenv("TEST_FILTER") != NULL)
		cmocka_set_test_filter(getenv("TEST_FILTER"));
	rc = cmocka_run_group_tests(shared, setup, teardown);
	rc |= cmocka_run_group_tests(own, NULL, NULL);
	return rc;
}

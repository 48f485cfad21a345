/*
 * fuzz_extcmd: libFuzzer target for external commands as the command pipe
 * hands them over (compat/extcmd*: the line's syntax, the command table,
 * every argument kind, and the handlers, applied to a running engine).  A
 * small configuration (tests/fuzz/fuzz_fx.h) is read once; for each input
 * a fresh checker (checks answered at once, in process), comment and
 * downtime stores and program state are made, and the input's lines (cut
 * at '\n', as the pipe cuts them, at most 64) are applied in order at the
 * time 1700000000, each handed over in a buffer of its exact length.
 * nagios.log goes to /dev/null.  Any crash, leak, sanitizer report or
 * timeout is a bug; an input that found one belongs in
 * tests/fuzz/regress/extcmd/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include <ev.h>

#include "compat/extcmd.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

#define NOW ((time_t)1700000000)
#define MAX_LINES 64

static struct config_gen gen;
static struct ev_loop *loop;
static struct nlog *nlog;

struct run {
	struct checker *chk;
	struct contact_state *contacts;
};

static int
run_builtin(void *arg, struct checker_run *run, int argc, char *const argv[], double timeout)
{
	(void)arg, (void)argc, (void)argv, (void)timeout;
	checker_builtin_done(run, 0, "OK - fuzz\n", 10);
	return 1;
}

static struct state_common *
dt_state(void *arg, const char *host, const char *svc)
{
	struct run *r = arg;
	const struct obj_host *h = objects_find_host(gen.objs, host);
	const struct obj_service *s;

	if (h == NULL)
		return NULL;
	if (svc == NULL)
		return &checker_host_states(r->chk)[h->id].c;
	s = objects_find_service(gen.objs, host, svc);
	return s != NULL ? &checker_svc_states(r->chk)[s->id].c : NULL;
}

static int
save_state(void *arg)
{
	(void)arg;
	return 0;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	setenv("TZ", "UTC", 1);
	fx_config(&gen, "check_external_commands=1\nenable_flap_detection=1\n"
	    "accept_passive_service_checks=1\naccept_passive_host_checks=1\n", fx_objects);
	loop = ev_loop_new(EVFLAG_AUTO);
	nlog = nlog_open("/dev/null", 0, NULL);
	return loop == NULL || nlog == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct objects *o = gen.objs;
	const char *p = (const char *)data, *end = p + size, *nl;
	struct checker_hooks hooks;
	struct downtime_hooks dh;
	struct prog_state prog;
	struct extcmd_ctx x;
	struct main_cfg cfg = gen.cfg; /* commands flip its switches */
	struct run r;
	char *line;
	unsigned i;
	int n = 0, journal;

	memset(&hooks, 0, sizeof(hooks));
	hooks.run_builtin = run_builtin;
	r.chk = checker_new(loop, o, &cfg, NULL, &hooks, NOW);
	r.contacts = xcalloc(o->ncontacts + 1, sizeof(*r.contacts));
	for (i = 0; i < o->ncontacts; i++)
		state_contact_init(&r.contacts[i], &o->contacts[i]);
	progstate_init(&prog, NOW, 1234, 0);
	memset(&dh, 0, sizeof(dh));
	dh.arg = &r;
	dh.state = dt_state;
	memset(&x, 0, sizeof(x));
	x.objs = o;
	x.cfg = &cfg;
	x.prog = &prog;
	x.chk = r.chk;
	x.contacts = r.contacts;
	x.comments = comments_new();
	x.downtimes = downtimes_new(x.comments, &prog, &dh);
	x.log = nlog;
	x.save_state = save_state;
	x.read_state = save_state;

	while (p < end && n++ < MAX_LINES) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		/* exactly the line's bytes, so a read past its end is seen */
		line = xmalloc((size_t)(nl - p) + (nl == p));
		memcpy(line, p, (size_t)(nl - p));
		extcmd_process(&x, line, (size_t)(nl - p), NOW, &journal);
		free(line);
		p = nl + 1;
	}
	downtimes_tick(x.downtimes, NOW + 1);

	downtimes_free(x.downtimes);
	comments_free(x.comments);
	for (i = 0; i < o->ncontacts; i++)
		state_contact_clear(&r.contacts[i]);
	free(r.contacts);
	progstate_clear(&prog);
	checker_free(r.chk, 1);
	return 0;
}

/*
 * checker_fx: the fixture the checker's test files share:
 * a configuration read through the loader, a checker on a real libev loop
 * whose builtin hook stands in for plugins (the test decides each check's
 * exit code and output, and whether it ends at once or is held pending),
 * hooks that record alerts, warnings and results, and the set-up and
 * tear-down.  Included by each test file (its functions are static, some
 * unused by one of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TEST_CHECKER_FX_H
#define JAQUE_TEST_CHECKER_FX_H

#define FX_FN static __attribute__((unused))

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ev.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/check/checker.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/sched/drift.h"

#define MAXRUNS 64

struct fx {
	char dir[64];
	struct config_gen gen;
	struct diag *d;
	struct ev_loop *loop;
	struct checker *c;
	/* what the fake plugins do */
	int rc[8];            /* per service id: exit code of the next runs */
	int host_rc;
	int hold;             /* 1: keep runs pending instead of ending them */
	double released_at;   /* t_late_start_moves_schedule: when the runs ended */
	struct checker_run *pending[MAXRUNS];
	int npending;
	int runs_svc[8];
	int runs_host;
	int cancelled;
	void *arg;            /* a test's own object for its callbacks */
	/* what the hooks saw */
	char alerts[32][160];
	int nalerts;
	int results;
	int steps; /* STATE and NOTIFY events */
	char warning[256]; /* the last warning line's text, and how many */
	int nwarnings;
	unsigned long notify_problem_id; /* current_problem_id at the last NOTIFY step */
	int flap_state, flap_attempt;    /* the service's state and attempt at a flap start */
};

FX_FN void
write_file(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* the "always" period and the contact c, in both fixtures' objects */
#define FX_ALWAYS_AND_CONTACT \
    "define timeperiod {\n timeperiod_name always\n alias a\n" \
    " sunday 00:00-24:00\n monday 00:00-24:00\n tuesday 00:00-24:00\n" \
    " wednesday 00:00-24:00\n thursday 00:00-24:00\n friday 00:00-24:00\n" \
    " saturday 00:00-24:00\n}\n" \
    "define contact {\n contact_name c\n host_notification_period always\n" \
    " service_notification_period always\n host_notification_commands fake\n" \
    " service_notification_commands fake\n}\n"

static const char objects_cfg[] =
    "define command {\n command_name fake\n command_line fake $HOSTNAME$ $SERVICEDESC$\n}\n"
    "define command {\n command_name hfake\n command_line hfake $HOSTNAME$\n}\n"
    FX_ALWAYS_AND_CONTACT
    "define timeperiod {\n timeperiod_name never\n alias n\n}\n"
    "define host {\n name hb\n register 0\n check_command hfake\n max_check_attempts 1\n"
    " check_interval 60\n retry_interval 1\n check_period always\n contacts c\n"
    " notification_period always\n}\n"
    "define service {\n name sb\n register 0\n check_command fake\n max_check_attempts 3\n"
    " check_interval 1\n retry_interval 1\n check_period always\n contacts c\n"
    " notification_period always\n}\n"
    "define host {\n use hb\n host_name h1\n address 127.0.0.1\n}\n"
    "define host {\n use hb\n host_name h2\n address 127.0.0.1\n}\n"
    "define host {\n use hb\n host_name h3\n address 127.0.0.3\n}\n"
    "define service {\n use sb\n host_name h1\n service_description a\n _ROLE web\n}\n"
    "define service {\n use sb\n host_name h1\n service_description b\n _ROLE db\n}\n"
    "define service {\n use sb\n host_name h2\n service_description c\n}\n"
    "define service {\n use sb\n host_name h3\n service_description d\n}\n"
    "define service {\n use sb\n host_name h3\n service_description off\n"
    " check_period never\n}\n";

/* the generation a reload brings: "never" is gone, h1;a has no variable any more */
static const char objects2_cfg[] =
    "define command {\n command_name fake\n command_line fake $HOSTNAME$ $SERVICEDESC$\n}\n"
    "define timeperiod {\n timeperiod_name always\n alias a\n monday 00:00-24:00\n}\n"
    "define contact {\n contact_name c\n host_notification_period always\n"
    " service_notification_period always\n host_notification_commands fake\n"
    " service_notification_commands fake\n}\n"
    "define host {\n host_name h1\n check_command fake\n max_check_attempts 1\n"
    " contacts c\n}\n"
    "define service {\n host_name h1\n service_description b\n check_command fake\n"
    " max_check_attempts 1\n contacts c\n _ROLE db\n}\n"
    "define service {\n host_name h1\n service_description a\n check_command fake\n"
    " max_check_attempts 1\n contacts c\n}\n";

FX_FN int
fx_service_id(struct fx *f, const char *host, const char *desc)
{
	const struct obj_service *s = objects_find_service(f->gen.objs, host, desc);

	assert_non_null(s);
	return (int)s->id;
}

FX_FN int
hook_run(void *arg, struct checker_run *run, int argc, char *const argv[], double timeout)
{
	struct fx *f = arg;
	char out[64];
	int rc;

	(void)timeout;
	if (strcmp(argv[0], "hfake") == 0) {
		f->runs_host++;
		rc = f->host_rc;
	} else {
		const struct obj_service *s;

		assert_int_equal(argc, 3);
		s = objects_find_service(f->gen.objs, argv[1], argv[2]);
		assert_non_null(s);
		/* the counts and codes of the first few services (an estate's others: OK) */
		if (s->id < 8)
			f->runs_svc[s->id]++;
		rc = s->id < 8 ? f->rc[s->id] : 0;
	}
	if (f->hold) {
		assert_true(f->npending < MAXRUNS);
		f->pending[f->npending++] = run;
		return 1;
	}
	snprintf(out, sizeof(out), "%s result %d\n", argv[0], rc);
	checker_builtin_done(run, rc, out, strlen(out));
	return 1;
}

FX_FN void
hook_cancel(void *arg, struct checker_run *run)
{
	struct fx *f = arg;
	int i;

	for (i = 0; i < f->npending; i++)
		if (f->pending[i] == run) {
			f->pending[i] = f->pending[--f->npending];
			f->cancelled++;
			return;
		}
	fail_msg("cancel of a run the test does not hold");
}

FX_FN void
hook_event(void *arg, enum checker_event ev, const struct obj_host *h, const struct obj_service *s,
    const struct state_common *st, const struct sm_outcome *out, time_t t)
{
	struct fx *f = arg;

	(void)t;
	if (ev == CHECKER_EV_SERVICE_RESULT || ev == CHECKER_EV_HOST_RESULT) {
		f->results++;
		return;
	}
	/* the STATE and NOTIFY steps come with every result */
	if (ev != CHECKER_EV_SERVICE_ALERT && ev != CHECKER_EV_HOST_ALERT) {
		if (ev == CHECKER_EV_SERVICE_NOTIFY)
			f->notify_problem_id = st->current_problem_id;
		f->steps++;
		return;
	}
	assert_true(f->nalerts < 32);
	snprintf(f->alerts[f->nalerts++], sizeof(f->alerts[0]), "%s;%s;%d;%s;%d",
	    h->name, s != NULL ? s->description : "-", st->current_state,
	    state_type_name(out->alert_state_type), out->alert_attempt);
}

FX_FN void
hook_warning(void *arg, time_t t, const char *text)
{
	struct fx *f = arg;

	(void)t;
	f->nwarnings++;
	snprintf(f->warning, sizeof(f->warning), "%s", text);
}

FX_FN void
hook_flapping(void *arg, time_t t, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	struct fx *f = arg;
	const struct state_common *st;

	(void)t, (void)h;
	if (s == NULL || fo->edge != FLAP_EDGE_STARTED || f->c == NULL)
		return;
	st = &checker_svc_states(f->c)[s->id].c;
	f->flap_state = st->current_state;
	f->flap_attempt = st->current_attempt;
}

/* the fixture's hooks, for a test that adds its own */
FX_FN void
fx_hooks(struct fx *f, struct checker_hooks *hooks)
{
	memset(hooks, 0, sizeof(*hooks));
	hooks->arg = f;
	hooks->run_builtin = hook_run;
	hooks->cancel_builtin = hook_cancel;
	hooks->event = hook_event;
	hooks->warning = hook_warning;
	hooks->flapping = hook_flapping;
}

FX_FN struct checker *
fx_checker(struct fx *f)
{
	struct checker_hooks hooks;

	fx_hooks(f, &hooks);
	return checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, 1000);
}

/* a checker started with its runs held pending (the gates' tests) */
FX_FN void
fx_start_held(struct fx *f)
{
	f->c = fx_checker(f);
	checker_start(f->c);
	f->hold = 1;
}

/* a reload: a new checker on the same configuration adopts the states
 * (no hooks, not started), and the old one goes */
FX_FN void
fx_reload(struct fx *f)
{
	struct checker *nc = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, NULL, 1000);

	checker_adopt(nc, f->c);
	checker_free(f->c, 0);
	f->c = nc;
}

/* end every pending run with OK (one that starts meanwhile is ended too) */
FX_FN void
fx_end_all(struct fx *f)
{
	while (f->npending > 0)
		checker_builtin_done(f->pending[--f->npending], 0, "OK\n", 3);
}

/* a fixture on these objects: the configuration read, no checker yet */
FX_FN int
fx_setup_objects(void **state, const char *objects)
{
	struct fx *f = test_calloc(1, sizeof(*f));
	char cfg[512];

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_checker.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(cfg, sizeof(cfg), "cfg_file=%s/objects.cfg\ninterval_length=1\n"
	    "check_result_path=%s\nmax_service_check_spread=1\nmax_host_check_spread=1\n"
	    "log_service_retries=1\n",
	    f->dir, f->dir);
	write_file(f->dir, "nagios.cfg", cfg);
	write_file(f->dir, "objects.cfg", objects);
	snprintf(cfg, sizeof(cfg), "%s/nagios.cfg", f->dir);
	f->d = diag_new(NULL);
	assert_int_equal(config_read(cfg, NULL, f->d, NULL, &f->gen), CONFIG_OK);
	f->loop = ev_loop_new(EVFLAG_AUTO);
	*state = f;
	return 0;
}

FX_FN int
setup(void **state)
{
	return fx_setup_objects(state, objects_cfg);
}

FX_FN int
teardown(void **state)
{
	struct fx *f = *state;
	char cmd[128];

	checker_free(f->c, 1);
	config_gen_free(&f->gen);
	diag_free(f->d);
	ev_loop_destroy(f->loop);
	snprintf(cmd, sizeof(cmd), "%s/nagios.cfg", f->dir);
	unlink(cmd);
	snprintf(cmd, sizeof(cmd), "%s/objects.cfg", f->dir);
	unlink(cmd);
	rmdir(f->dir);
	test_free(f);
	return 0;
}

FX_FN void
force(struct fx *f, const char *host, const char *desc)
{
	const struct obj_host *h = objects_find_host(f->gen.objs, host);
	const struct obj_service *s = desc ? objects_find_service(f->gen.objs, host, desc) : NULL;

	checker_check_now(f->c, h, s, 1);
}

FX_FN void
stop_loop(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)w;
	(void)revents;
	ev_break(loop, EVBREAK_ALL);
}

/* run the fixture's loop for secs seconds */
FX_FN void
run_for(struct fx *f, double secs)
{
	ev_timer stop;

	ev_timer_init(&stop, stop_loop, secs, 0);
	ev_timer_start(f->loop, &stop);
	ev_run(f->loop, 0);
	ev_timer_stop(f->loop, &stop);
}

/* a started checker in which h2;c, checked every 600 s, has had its
 * first check (forced, then the loop run for secs); its state */
FX_FN struct state_common *
fx_c_checked(struct fx *f, double secs)
{
	const struct obj_service *c = objects_find_service(f->gen.objs, "h2", "c");
	struct state_common *cs;

	f->c = fx_checker(f);
	cs = &checker_svc_states(f->c)[c->id].c;
	cs->check_interval = 600;
	checker_start(f->c);
	force(f, "h2", "c");
	run_for(f, secs);
	return cs;
}

/* an estate of HOSTS hosts and SERVICES services (spread over the hosts),
 * every one checked every minute, read and started at TPS ticks a second */
FX_FN void
fx_estate(struct fx *f, int hosts, int services, unsigned tps)
{
	size_t len = 0, cap = 1 << 20;
	char *cfg = test_malloc(cap), path[128];
	int i;

	len += (size_t)snprintf(cfg + len, cap - len,
	    "define command {\n command_name fake\n command_line fake $HOSTNAME$ $SERVICEDESC$\n}\n"
	    FX_ALWAYS_AND_CONTACT);
	for (i = 0; i < hosts; i++)
		len += (size_t)snprintf(cfg + len, cap - len,
		    "define host {\n host_name h%06d\n address 127.0.0.1\n check_command fake\n"
		    " max_check_attempts 1\n check_interval 1\n contacts c\n check_period always\n}\n", i);
	for (i = 0; i < services; i++)
		len += (size_t)snprintf(cfg + len, cap - len,
		    "define service {\n host_name h%06d\n service_description tcp%06d\n"
		    " check_command fake\n max_check_attempts 1\n check_interval 1\n"
		    " retry_interval 1\n check_period always\n contacts c\n}\n", i % hosts, i);
	assert_true(len < cap - 1);
	write_file(f->dir, "objects.cfg", cfg);
	test_free(cfg);
	write_file(f->dir, "nagios.cfg", "cfg_file=objects.cfg\n");
	config_gen_free(&f->gen);
	snprintf(path, sizeof(path), "%s/nagios.cfg", f->dir);
	assert_int_equal(config_read(path, NULL, f->d, NULL, &f->gen), CONFIG_OK);
	f->gen.cfg.ticks_per_second = tps;
	f->c = fx_checker(f);
	checker_start(f->c);
}

#endif

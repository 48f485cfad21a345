/*
 * extcmd_fx: the fixture test_extcmd.c and test_extcmd_args.c share: a
 * real configuration (a router with h1 below it and h2 below h1, h3
 * alone, their services, a hostgroup, a servicegroup, two contacts in a
 * contactgroup), a real checker (no pool: the builtin hook answers every
 * check at once and counts them), the real comment and downtime stores,
 * fake daemon hooks, and helpers that run a line and read nagios.log back.
 * Included by each test file (its functions are static, some unused by
 * one of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TEST_EXTCMD_FX_H
#define JAQUE_TEST_EXTCMD_FX_H

#define FX_FN static __attribute__((unused))

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <ev.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/extcmd.h"
#include "compat/extcmd_int.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

struct fx {
	char dir[64];
	char logpath[128];
	struct config_gen gen;
	struct diag *d;
	struct ev_loop *loop;
	struct checker *c;
	struct prog_state prog;
	struct contact_state contacts[4];
	struct comments *cs;
	struct downtimes *dt;
	struct extcmd_ctx x;
	time_t now;
	int journal;
	int host_rc;
	int runs_svc[8];
	int runs_host[8];
	int restarts, shutdowns, saves, reads, save_rc;
	int notifies;              /* notifications the commands asked for */
	char notify_comment[64];   /* the last one's comment */
	unsigned notify_options;   /* and its NOTIFY_OPT_ bits */
	int dt_soons;              /* ticks the downtime store asked for */
};

static const char objects_cfg[] =
    "define command {\n command_name fake\n command_line fake $HOSTNAME$ $SERVICEDESC$\n}\n"
    "define command {\n command_name hfake\n command_line hfake $HOSTNAME$\n}\n"
    "define timeperiod {\n timeperiod_name always\n alias a\n"
    " sunday 00:00-24:00\n monday 00:00-24:00\n tuesday 00:00-24:00\n"
    " wednesday 00:00-24:00\n thursday 00:00-24:00\n friday 00:00-24:00\n"
    " saturday 00:00-24:00\n}\n"
    "define timeperiod {\n timeperiod_name never\n alias n\n}\n"
    "define contact {\n contact_name c1\n host_notification_period always\n"
    " service_notification_period always\n host_notification_commands fake\n"
    " service_notification_commands fake\n _PAGER 1\n}\n"
    "define contact {\n contact_name c2\n host_notification_period always\n"
    " service_notification_period always\n host_notification_commands fake\n"
    " service_notification_commands fake\n}\n"
    "define contactgroup {\n contactgroup_name cg\n alias cg\n members c1,c2\n}\n"
    "define host {\n name hb\n register 0\n check_command hfake\n max_check_attempts 2\n"
    " check_interval 5\n retry_interval 1\n check_period always\n contacts c1\n"
    " notification_period always\n}\n"
    "define service {\n name sb\n register 0\n check_command fake\n max_check_attempts 3\n"
    " check_interval 5\n retry_interval 1\n check_period always\n contacts c1\n"
    " notification_period always\n}\n"
    "define host {\n use hb\n host_name router\n address 10.0.0.1\n}\n"
    "define host {\n use hb\n host_name h1\n address 10.0.0.2\n parents router\n}\n"
    "define host {\n use hb\n host_name h2\n address 10.0.0.3\n parents h1\n _OWNER ops\n}\n"
    "define host {\n use hb\n host_name h3\n address 10.0.0.4\n}\n"
    "define hostgroup {\n hostgroup_name hg\n alias hg\n members h1,h2\n}\n"
    "define service {\n use sb\n host_name router\n service_description ping\n}\n"
    "define service {\n use sb\n host_name h1\n service_description a\n _PORT 80\n}\n"
    "define service {\n use sb\n host_name h1\n service_description b\n}\n"
    "define service {\n use sb\n host_name h2\n service_description c\n}\n"
    "define service {\n use sb\n host_name h3\n service_description d\n}\n"
    "define servicegroup {\n servicegroup_name sg\n alias sg\n members h1,a,h1,b,h2,c\n}\n";

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

/* remove the test's directory and the files in it */
FX_FN void
rm_dir(const char *dir)
{
	char p[512];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

FX_FN const struct obj_host *
H(struct fx *f, const char *name)
{
	const struct obj_host *h = objects_find_host(f->gen.objs, name);

	assert_non_null(h);
	return h;
}

FX_FN const struct obj_service *
S(struct fx *f, const char *host, const char *desc)
{
	const struct obj_service *s = objects_find_service(f->gen.objs, host, desc);

	assert_non_null(s);
	return s;
}

FX_FN struct state_common *
HS(struct fx *f, const char *name)
{
	return &checker_host_states(f->c)[H(f, name)->id].c;
}

FX_FN struct state_common *
SS(struct fx *f, const char *host, const char *desc)
{
	return &checker_svc_states(f->c)[S(f, host, desc)->id].c;
}

FX_FN int
hook_run(void *arg, struct checker_run *run, int argc, char *const argv[], double timeout)
{
	struct fx *f = arg;

	(void)timeout;
	if (strcmp(argv[0], "hfake") == 0) {
		f->runs_host[H(f, argv[1])->id]++;
		checker_builtin_done(run, f->host_rc, "host output\n", 12);
		return 1;
	}
	assert_int_equal(argc, 3);
	f->runs_svc[S(f, argv[1], argv[2])->id]++;
	checker_builtin_done(run, 0, "svc output\n", 11);
	return 1;
}

FX_FN void
dt_soon(void *arg)
{
	((struct fx *)arg)->dt_soons++;
}

FX_FN struct state_common *
dt_state(void *arg, const char *host, const char *svc)
{
	struct fx *f = arg;
	const struct obj_host *h = objects_find_host(f->gen.objs, host);
	const struct obj_service *s;

	if (h == NULL)
		return NULL;
	if (svc == NULL)
		return &checker_host_states(f->c)[h->id].c;
	s = objects_find_service(f->gen.objs, host, svc);
	return s != NULL ? &checker_svc_states(f->c)[s->id].c : NULL;
}

FX_FN void
hk_restart(void *arg)
{
	((struct fx *)arg)->restarts++;
}

FX_FN void
hk_shutdown(void *arg)
{
	((struct fx *)arg)->shutdowns++;
}

FX_FN int
hk_save(void *arg)
{
	struct fx *f = arg;

	f->saves++;
	return f->save_rc;
}

FX_FN void
hk_notify(void *arg, const struct obj_host *h, const struct obj_service *s, int type,
    const char *author, const char *comment, unsigned options)
{
	struct fx *f = arg;

	(void)h, (void)s, (void)type, (void)author;
	f->notifies++;
	f->notify_options = options;
	snprintf(f->notify_comment, sizeof(f->notify_comment), "%s", comment);
}

FX_FN int
hk_read(void *arg)
{
	((struct fx *)arg)->reads++;
	return 0;
}

FX_FN int
setup(void **state)
{
	struct fx *f = test_calloc(1, sizeof(*f));
	struct checker_hooks hooks;
	struct downtime_hooks dh;
	char cfg[512];
	unsigned i;

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_extcmd.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(cfg, sizeof(cfg), "cfg_file=%s/objects.cfg\ncheck_result_path=%s\n"
	    "enable_flap_detection=1\nlow_service_flap_threshold=5.0\n"
	    "low_host_flap_threshold=7.5\n", f->dir, f->dir);
	write_file(f->dir, "nagios.cfg", cfg);
	write_file(f->dir, "objects.cfg", objects_cfg);
	snprintf(cfg, sizeof(cfg), "%s/nagios.cfg", f->dir);
	f->d = diag_new(NULL);
	assert_int_equal(config_read(cfg, NULL, f->d, NULL, &f->gen), CONFIG_OK);
	f->loop = ev_loop_new(EVFLAG_AUTO);
	f->now = time(NULL);
	memset(&hooks, 0, sizeof(hooks));
	hooks.arg = f;
	hooks.run_builtin = hook_run;
	f->c = checker_new(f->loop, f->gen.objs, &f->gen.cfg, NULL, &hooks, f->now);
	/* the first checks spread over the interval, none due now */
	checker_start(f->c);
	progstate_init(&f->prog, f->now, 1234, 0);
	assert_true(f->gen.objs->ncontacts <= 4);
	for (i = 0; i < f->gen.objs->ncontacts; i++)
		state_contact_init(&f->contacts[i], &f->gen.objs->contacts[i]);
	f->cs = comments_new();
	memset(&dh, 0, sizeof(dh));
	dh.arg = f;
	dh.state = dt_state;
	dh.soon = dt_soon;
	f->dt = downtimes_new(f->cs, &f->prog, &dh);
	snprintf(f->logpath, sizeof(f->logpath), "%s/nagios.log", f->dir);
	f->x.objs = f->gen.objs;
	f->x.cfg = &f->gen.cfg;
	f->x.prog = &f->prog;
	f->x.chk = f->c;
	f->x.contacts = f->contacts;
	f->x.comments = f->cs;
	f->x.downtimes = f->dt;
	f->x.log = nlog_open(f->logpath, 0, NULL);
	assert_non_null(f->x.log);
	f->x.arg = f;
	f->x.restart = hk_restart;
	f->x.shutdown = hk_shutdown;
	f->x.save_state = hk_save;
	f->x.read_state = hk_read;
	f->x.notify = hk_notify;
	*state = f;
	return 0;
}

FX_FN int
teardown(void **state)
{
	struct fx *f = *state;
	unsigned i;

	for (i = 0; i < f->gen.objs->ncontacts; i++)
		state_contact_clear(&f->contacts[i]);
	nlog_close(f->x.log);
	downtimes_free(f->dt);
	comments_free(f->cs);
	progstate_clear(&f->prog);
	checker_free(f->c, 1);
	config_gen_free(&f->gen);
	diag_free(f->d);
	ev_loop_destroy(f->loop);
	rm_dir(f->dir);
	test_free(f);
	return 0;
}

/* run "[now] " + the formatted text */
FX_FN enum extcmd_status
run(struct fx *f, const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	int n = snprintf(line, sizeof(line), "[%lld] ", (long long)f->now);

	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	return extcmd_process(&f->x, line, strlen(line), f->now, &f->journal);
}

FX_FN char *
log_text(struct fx *f)
{
	static char buf[1 << 18];
	FILE *fp = fopen(f->logpath, "r");
	size_t n = 0;

	if (fp != NULL) {
		n = fread(buf, 1, sizeof(buf) - 1, fp);
		fclose(fp);
	}
	buf[n] = '\0';
	return buf;
}

/* the log holds exactly this line (with the time now) */
FX_FN int
log_has(struct fx *f, const char *text)
{
	char want[4096];

	snprintf(want, sizeof(want), "[%lld] %s\n", (long long)f->now, text);
	return strstr(log_text(f), want) != NULL;
}

FX_FN int
log_lines(struct fx *f)
{
	const char *p;
	int n = 0;

	for (p = log_text(f); *p != '\0'; p++)
		n += *p == '\n';
	return n;
}

FX_FN void
log_clear(struct fx *f)
{
	assert_int_equal(truncate(f->logpath, 0), 0);
}

/* comments of an object of one entry type (0: any) */
FX_FN int
ncomments(struct fx *f, const char *host, const char *svc, int type)
{
	size_t i;
	int n = 0;

	for (i = 0; i < comments_count(f->cs); i++) {
		const struct comment *c = comments_at(f->cs, i);

		if (strcmp(c->host, host) != 0 || (svc == NULL) != (c->svc == NULL))
			continue;
		if (svc != NULL && strcmp(c->svc, svc) != 0)
			continue;
		if (type == 0 || c->entry_type == type)
			n++;
	}
	return n;
}

FX_FN const struct comment *
last_comment(struct fx *f)
{
	size_t n = comments_count(f->cs);

	assert_true(n > 0);
	return comments_at(f->cs, n - 1);
}

/* downtimes of an object (svc "": host downtime, NULL: any of the host) */
FX_FN int
ndowntimes(struct fx *f, const char *host, const char *svc)
{
	size_t i;
	int n = 0;

	for (i = 0; i < downtimes_count(f->dt); i++) {
		const struct downtime *d = downtimes_at(f->dt, i);

		if (strcmp(d->host, host) != 0)
			continue;
		if (svc == NULL || (*svc == '\0' && d->svc == NULL) ||
		    (*svc != '\0' && d->svc != NULL && strcmp(d->svc, svc) == 0))
			n++;
	}
	return n;
}

FX_FN const struct downtime *
find_downtime(struct fx *f, const char *host, const char *svc)
{
	size_t i;

	for (i = 0; i < downtimes_count(f->dt); i++) {
		const struct downtime *d = downtimes_at(f->dt, i);

		if (strcmp(d->host, host) == 0 && (svc == NULL ? d->svc == NULL
		    : d->svc != NULL && strcmp(d->svc, svc) == 0))
			return d;
	}
	return NULL;
}

/* ---- the table ---- */

#endif

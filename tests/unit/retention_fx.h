/*
 * retention_fx: the fixture test_retention.c and test_retention_rules.c
 * share: a configuration read through the loader, the states, comment and
 * downtime stores a retention file is read into, file helpers in a
 * temporary directory (TZ is UTC), and the group set-up and tear-down.
 * Included by each test file (its functions are static, some unused by
 * one of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_TEST_RETENTION_FX_H
#define JAQUE_TEST_RETENTION_FX_H

#define FX_FN static __attribute__((unused))

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "compat/extcmd.h"
#include "compat/retention.h"
#include "compat/snapshot.h"
#include "engine/check/flapping.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

/* the fixture's "created" */
#define CREATED ((time_t)1796238950)

static char tmpdir[64];

/* one running generation: configuration, state, stores, snapshot */
struct fx {
	struct config_gen gen;
	struct diag *dg;
	struct prog_state prog;
	struct sm_ids ids;
	struct host_state *hosts;
	struct svc_state *svcs;
	struct contact_state *contacts;
	struct comments *cs;
	struct downtimes *dt;
	struct snapshot s;
	int started;
};

FX_FN struct state_common *
fx_state(void *arg, const char *host, const char *svc)
{
	struct fx *f = arg;
	const struct obj_host *h;
	const struct obj_service *s;

	if (svc == NULL) {
		h = objects_find_host(f->gen.objs, host);
		return h != NULL ? &f->hosts[h->id].c : NULL;
	}
	s = objects_find_service(f->gen.objs, host, svc);
	return s != NULL ? &f->svcs[s->id].c : NULL;
}

FX_FN void
fx_event(void *arg, enum downtime_event ev, const struct downtime *d, time_t t)
{
	struct fx *f = arg;

	(void)d;
	(void)t;
	if (ev == DOWNTIME_EV_STARTED)
		f->started++;
}

FX_FN void
fx_open(struct fx *f, const char *cfgpath, time_t now)
{
	struct downtime_hooks hooks = { .arg = f, .state = fx_state, .event = fx_event };
	const struct objects *o;
	unsigned i;

	memset(f, 0, sizeof(*f));
	f->dg = diag_new(NULL);
	assert_int_equal(config_read(cfgpath, NULL, f->dg, NULL, &f->gen), CONFIG_OK);
	assert_int_equal(diag_errors(f->dg), 0);
	o = f->gen.objs;
	f->hosts = calloc(o->nhosts + 1, sizeof(*f->hosts));
	f->svcs = calloc(o->nservices + 1, sizeof(*f->svcs));
	f->contacts = calloc(o->ncontacts + 1, sizeof(*f->contacts));
	for (i = 0; i < o->nhosts; i++)
		state_host_init(&f->hosts[i], &o->hosts[i]);
	for (i = 0; i < o->nservices; i++)
		state_svc_init(&f->svcs[i], &o->services[i]);
	for (i = 0; i < o->ncontacts; i++)
		state_contact_init(&f->contacts[i], &o->contacts[i]);
	progstate_init(&f->prog, now, 1234, 0);
	f->ids.next_event_id = 1;
	f->ids.next_problem_id = 1;
	f->cs = comments_new();
	f->dt = downtimes_new(f->cs, &f->prog, &hooks);
	f->s.objs = o;
	f->s.cfg = &f->gen.cfg;
	f->s.prog = &f->prog;
	f->s.ids = &f->ids;
	f->s.hosts = f->hosts;
	f->s.svcs = f->svcs;
	f->s.contacts = f->contacts;
	f->s.comments = f->cs;
	f->s.downtimes = f->dt;
	f->s.now = now;
}

FX_FN void
fx_close(struct fx *f)
{
	unsigned i;

	for (i = 0; i < f->gen.objs->nhosts; i++)
		state_host_clear(&f->hosts[i]);
	for (i = 0; i < f->gen.objs->nservices; i++)
		state_svc_clear(&f->svcs[i]);
	for (i = 0; i < f->gen.objs->ncontacts; i++)
		state_contact_clear(&f->contacts[i]);
	free(f->hosts);
	free(f->svcs);
	free(f->contacts);
	downtimes_free(f->dt);
	comments_free(f->cs);
	progstate_clear(&f->prog);
	config_gen_free(&f->gen);
	diag_free(f->dg);
}

FX_FN struct host_state *
H(struct fx *f, const char *name)
{
	const struct obj_host *h = objects_find_host(f->gen.objs, name);

	assert_non_null(h);
	return &f->hosts[h->id];
}

FX_FN struct svc_state *
S(struct fx *f, const char *host, const char *desc)
{
	const struct obj_service *s = objects_find_service(f->gen.objs, host, desc);

	assert_non_null(s);
	return &f->svcs[s->id];
}

FX_FN struct contact_state *
C(struct fx *f, const char *name)
{
	const struct obj_contact *c = objects_find_contact(f->gen.objs, name);

	assert_non_null(c);
	return &f->contacts[c->id];
}

FX_FN const char *
srcdir(void)
{
	const char *d = getenv("abs_top_srcdir");

	return d != NULL ? d : ".";
}

FX_FN void
fixture_cfg(char *buf, size_t n)
{
	snprintf(buf, n, "%s/tests/fixtures/retention-cfg/nagios.cfg", srcdir());
}

FX_FN char *
tpath(const char *name)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", tmpdir, name);
	return buf[k];
}

FX_FN void
put(const char *name, const char *text)
{
	FILE *fp = fopen(tpath(name), "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

FX_FN char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "r");
	char *buf;
	long n;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	if (len != NULL)
		*len = (size_t)n;
	return buf;
}

/* the block of text starting at the line `head` up to its "}\n" (heap) */
FX_FN char *
block(const char *text, const char *head)
{
	const char *a = strstr(text, head), *b;

	assert_non_null(a);
	b = strstr(a, "\n}\n");
	assert_non_null(b);
	return strndup(a, (size_t)(b - a) + 3);
}

/* remove the line starting with key from text */
FX_FN void
drop_line(char *text, const char *key)
{
	char *a = strstr(text, key), *b;

	assert_non_null(a);
	b = strchr(a, '\n');
	assert_non_null(b);
	memmove(a, b + 1, strlen(b + 1) + 1);
}

FX_FN int
has_problem(const struct retention_report *rep, const char *what)
{
	size_t i;

	for (i = 0; i < rep->nproblems && i < RETENTION_PROBLEMS; i++)
		if (strstr(rep->problems[i], what) != NULL)
			return 1;
	return 0;
}

/* a comment by id, or NULL */
FX_FN const struct comment *
cm(struct fx *f, unsigned long id)
{
	return comments_find(f->cs, id);
}

/* ---- the file nagios4 wrote ---- */

FX_FN void
read_fixture(struct fx *f, time_t now, struct retention_report *rep)
{
	char cfg[512];

	fixture_cfg(cfg, sizeof(cfg));
	fx_open(f, cfg, now);
	assert_int_equal(retention_read(f->gen.cfg.state_retention_file, &f->s, NULL, rep), 0);
	/* the downtimes read start again at the daemon's first tick */
	downtimes_tick(f->dt, now);
}


FX_FN int
group_setup(void **state)
{
	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-retention-XXXXXX");
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

FX_FN int
group_teardown(void **state)
{
	static const char *const files[] = { "back.dat", "rt1.dat", "rt2.dat", "nagios.cfg",
		"objects.cfg", "r.dat", "big.dat", "cut.dat" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(tpath(files[i]));
	rmdir(tmpdir);
	return 0;
}

static const char rules_cfg[] =
    "cfg_file=objects.cfg\nlog_file=nagios.log\ntemp_path=.\ncheck_result_path=.\n"
    "interval_length=10\n";

static const char rules_objects[] =
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define command {\ncommand_name eh\ncommand_line /bin/true\n}\n"
    "define timeperiod {\ntimeperiod_name always\nalias a\nsunday 00:00-24:00\n"
    "monday 00:00-24:00\ntuesday 00:00-24:00\nwednesday 00:00-24:00\n"
    "thursday 00:00-24:00\nfriday 00:00-24:00\nsaturday 00:00-24:00\n}\n"
    "define contact {\ncontact_name k\nhost_notification_period always\n"
    "service_notification_period always\nhost_notification_commands c\n"
    "service_notification_commands c\n_X 1\n}\n"
    "define host {\nhost_name h1\ncheck_command c\ncontacts k\nmax_check_attempts 3\n"
    "notification_interval 6\nnotifications_enabled 1\n_ROLE web\n}\n"
    "define host {\nhost_name h2\ncheck_command c\ncontacts k\nmax_check_attempts 3\n"
    "retain_status_information 0\n}\n"
    "define host {\nhost_name h3\ncheck_command c\ncontacts k\nmax_check_attempts 3\n"
    "retain_nonstatus_information 0\n}\n"
    "define service {\nhost_name h1\nservice_description s1\ncheck_command c\n"
    "contacts k\nmax_check_attempts 4\nnotification_interval 30\n}\n"
    "define serviceescalation {\nhost_name h1\nservice_description s1\n"
    "first_notification 2\nlast_notification 0\nnotification_interval 3\n"
    "escalation_options c\ncontacts k\n}\n"
    "define serviceescalation {\nhost_name h1\nservice_description s1\n"
    "first_notification 2\nlast_notification 0\nnotification_interval 2\n"
    "escalation_options w\ncontacts k\n}\n";

FX_FN void
rules_open(struct fx *f, time_t now)
{
	put("nagios.cfg", rules_cfg);
	put("objects.cfg", rules_objects);
	fx_open(f, tpath("nagios.cfg"), now);
}

FX_FN void
rules_read(struct fx *f, const char *text, struct retention_report *rep)
{
	put("r.dat", text);
	assert_int_equal(retention_read(tpath("r.dat"), &f->s, NULL, rep), 0);
}

#endif

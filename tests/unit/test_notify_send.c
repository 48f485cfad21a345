/*
 * test_notify_send: engine/notify/notify.c once a notification passes its
 * filters (test_notify.c has the filters): notification numbers and ids,
 * last/next times and notified_on, contact times, recipients and the
 * order contacts are notified in, importance, escalations (numbers,
 * recovery, host, options, period, replacement, broadcast, intervals,
 * order), the NOTIFICATION log lines, the timeout warning, a run that
 * cannot be queued, the environment, the type names.  Shares the fixture
 * in notify_fx.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/notify_fx.h"

/* ---- a remote runner (nrun's remote hooks) ---- */

static struct {
	int takes;      /* what remote_takes answers */
	int asked;
	int n;
	struct nrun_remote job[4]; /* strings copied */
} R;

static int
fake_takes(void *arg, enum nrun_kind kind, const struct obj_host *h, const struct obj_service *s)
{
	assert_ptr_equal(arg, &F);
	assert_true(kind == (s != NULL ? NRUN_SERVICE_NOTIFY : NRUN_HOST_NOTIFY));
	assert_true(s == NULL || s->host == h);
	R.asked++;
	return R.takes;
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

static void
fake_remote(void *arg, const struct nrun_remote *job)
{
	struct nrun_remote *r;

	assert_ptr_equal(arg, &F);
	assert_true(R.n < 4);
	r = &R.job[R.n++];
	*r = *job;
	r->cmdline = dup_or_null(job->cmdline);
	r->contact = dup_or_null(job->contact);
	r->output = dup_or_null(job->output);
	r->long_output = dup_or_null(job->long_output);
}

static void
remote_clear(void)
{
	int i;

	for (i = 0; i < R.n; i++) {
		free((char *)R.job[i].cmdline);
		free((char *)R.job[i].contact);
		free((char *)R.job[i].output);
		free((char *)R.job[i].long_output);
	}
	memset(&R, 0, sizeof(R));
}

static void
t_number(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_string_equal(RUN(2), "svcnote ca CUSTOM 2 102 0 ca");
	/* no contact: the number goes back, the id stays used, nothing else moves */
	cst("ca")->service_notifications_enabled = 0;
	st->c.next_notification = 0;
	st->c.last_notification = 0;
	st->c.notified_on = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_int_equal(st->c.current_notification_id, 103);
	assert_int_equal(F.next_id, 104);
	assert_int_equal(st->c.next_notification, 0);
	assert_int_equal(st->c.last_notification, 0);
	assert_int_equal(st->c.notified_on, 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(st->c.current_notification_number, 2);
	assert_int_equal(F.nruns, 3);
}

/* the id comes from *next_notification_id, which moves on */
static void
t_notification_id(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	F.next_id = 7777;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.current_notification_id, 7777);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(ht->c.current_notification_id, 7778);
	assert_int_equal(F.next_id, 7779);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 7777 0 ca");
	assert_string_equal(RUN(1), "hostnote ca PROBLEM 1 7778 0 ca");
}

/* after a NORMAL one: last and next notification, notified_on */
static void
t_times(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_WARNING, "meh");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.last_notification, NOW);
	assert_int_equal(st->c.next_notification, NOW + 60 * 60);
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_WARNING);
	assert_int_equal(st->c.no_more_notifications, 0);
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc_at("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3600), 0);
	assert_int_equal(st->c.last_notification, NOW + 3600);
	assert_int_equal(st->c.next_notification, NOW + 7200);
	assert_int_equal(st->c.notified_on, (int)(OBJ_OPT_WARNING | OBJ_OPT_CRITICAL));
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(ht->c.last_notification, NOW);
	assert_int_equal(ht->c.next_notification, NOW + 3600);
	assert_int_equal(ht->c.notified_on, (int)OBJ_OPT_DOWN);
}

/* each contact told gets its last_*_notification */
static void
t_contact_times(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	host_in("hrec", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
	assert_int_equal(cst("cf")->last_service_notification, NOW);
	assert_int_equal(cst("cw")->last_service_notification, 0);
	assert_int_equal(cst("ca")->last_host_notification, 0);
	assert_int_equal(nhost_at("hrec", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 5), 0);
	assert_int_equal(cst("ca")->last_host_notification, NOW + 5);
	assert_int_equal(cst("chr")->last_host_notification, NOW + 5);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
	/* no contact states kept: nothing written, still notified */
	F.env.cstates = NULL;
	assert_int_equal(nhost_at("hrec", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3605), 0);
	assert_int_equal(cst("ca")->last_host_notification, NOW + 5);
	assert_int_equal(F.nruns, 6);
}

/* ---- the contact list ---- */

/*
 * Contacts and group members are added once each, in the model's order
 * (contacts, then each group's members); $NOTIFICATIONRECIPIENTS$ lists
 * them as added and the commands run the other way round (nagios4 4.4.6:
 * "R=ca,cb,cc,cd", notified cd, cc, cb, ca).
 */
static void
t_recipients(void **state)
{
	static const char *const order[] = { "cd", "cc", "cb", "ca" };
	char want[128];
	int i;

	(void)state;
	svc_in("h1", "grp", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "grp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_int_equal(F.nlogs, 4);
	for (i = 0; i < 4; i++) {
		snprintf(want, sizeof(want), "svcnote %s PROBLEM 1 100 0 ca,cb,cc,cd", order[i]);
		assert_string_equal(RUN(i), want);
		assert_int_equal(F.runs[i].kind, NRUN_SERVICE_NOTIFY);
		snprintf(want, sizeof(want),
		    "SERVICE NOTIFICATION: %s;h1;grp;CRITICAL;svcnote;boom", order[i]);
		assert_string_equal(LOG(i), want);
	}
}

/* a contact's minimum_importance against the service's, or the host's plus its services' */
static void
t_importance(void **state)
{
	(void)state;
	/* cimp wants 6: the service is worth 5, its host 3 + 5 */
	svc_in("himp", "imp", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("himp", "imp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	host_in("himp", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("himp", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(1), "hostnote cimp PROBLEM 1 101 0 ca,cimp");
	assert_string_equal(RUN(2), "hostnote ca PROBLEM 1 101 0 ca,cimp");
	/* it counts for custom notifications too */
	assert_int_equal(nsvc("himp", "imp", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
}

/* ---- escalations ---- */

/* esc1: ce1 for notifications 2 and 3, every 30 minutes */
static void
t_esc_numbers(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(st->c.next_notification, NOW + 3600);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 2 101 1 ce1");
	assert_int_equal(st->c.next_notification, NOW + 1800);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "svcnote ce1 PROBLEM 3 102 1 ce1");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(3), "svcnote ca PROBLEM 4 103 0 ca");
	assert_int_equal(st->c.next_notification, NOW + 3600);
	assert_int_equal(F.nruns, 4);
}

/* a recovery goes to those told of the problem: it is matched at number - 1 */
static void
t_esc_recovery(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("hesc", OBJ_HOST_UP, "up");

	(void)state;
	st->c.notified_on = OBJ_OPT_CRITICAL;
	st->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 2 100 0 ca");
	st->c.current_notification_number = 2;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 RECOVERY 3 101 1 ce1");
	assert_int_equal(st->c.next_notification, NOW + 1800);
	/* host escalations alike */
	ht->c.notified_on = OBJ_OPT_DOWN;
	ht->c.current_notification_number = 2;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "hostnote ce1 RECOVERY 3 102 1 ce1");
	assert_int_equal(F.nruns, 3);
}

static void
t_esc_host(void **state)
{
	struct host_state *ht = host_in("hesc", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "hostnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(ht->c.next_notification, NOW + 3600);
	ht->c.next_notification = 0;
	assert_int_equal(nhost("hesc", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "hostnote ce1 PROBLEM 2 101 1 ce1");
	assert_int_equal(ht->c.next_notification, NOW + 1800);
	assert_int_equal(F.nruns, 2);
}

/* esc2's escalation takes WARNING and recoveries only */
static void
t_esc_options(void **state)
{
	struct svc_state *st = svc_in("h1", "esc2", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	svc_in("h1", "esc2", OBJ_STATE_WARNING, "meh");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 2 101 1 ce1");
	svc_in("h1", "esc2", OBJ_STATE_OK, "fine");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(2), "svcnote ce1 RECOVERY 3 102 1 ce1");
	assert_int_equal(F.nruns, 3);
}

/* esc3: ce1's escalation has the period "never", ce2's "24x7" */
static void
t_esc_period(void **state)
{
	(void)state;
	svc_in("h1", "esc3", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "esc3", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ce2 PROBLEM 1 100 1 ce2");
}

/* the escalated contacts replace the object's; the flag is in $NOTIFICATIONISESCALATED$ */
static void
t_esc_replaces(void **state)
{
	(void)state;
	svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");
	sst("h1", "esc1")->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca CUSTOM 1 100 0 ca");
	/* custom does not count: number 1 is not escalated; with INCREMENT it is 2 */
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, NOTIFY_OPT_INCREMENT), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "svcnote ce1 CUSTOM 2 101 1 ce1");
}

/* BROADCAST: every escalation of the object and its own contacts, escalation first */
static void
t_esc_broadcast(void **state)
{
	struct svc_state *st = svc_in("h1", "esc1", OBJ_STATE_CRITICAL, "boom");
	unsigned both = NOTIFY_OPT_BROADCAST | NOTIFY_OPT_INCREMENT;

	(void)state;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_BROADCAST), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ce1,ca");
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 1 100 0 ce1,ca");
	/* the interval is still chosen without it */
	assert_int_equal(st->c.next_notification, NOW + 3600);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "esc1", NOTIFY_CUSTOM, NULL, NULL, both), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(2), "svcnote ca CUSTOM 2 101 1 ce1,ca");
	assert_string_equal(RUN(3), "svcnote ce1 CUSTOM 2 101 1 ce1,ca");
	/* with no escalation, only the object's contacts */
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_BROADCAST), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(4), "svcnote ca PROBLEM 1 102 0 ca");
}

/* the shortest interval of the valid escalations wins (esc4: 45 and 15 minutes) */
static void
t_esc_interval(void **state)
{
	struct svc_state *st = svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc4", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(st->c.next_notification, NOW + 15 * 60);
	assert_int_equal(st->c.no_more_notifications, 0);
}

/*
 * An escalation interval below 0 is left out of the choice.  The builder
 * stores what the configuration says at or below 0 as 0, as Nagios's
 * add_serviceescalation does, so this takes a model changed by hand
 * (before notifier_new, which copies it).
 */
static void
t_esc_interval_negative(void **state)
{
	struct objects *o = F.gen.objs;
	struct obj_serviceescalation *se = NULL;
	struct notifier *n;
	struct svc_state *st;
	double was;
	unsigned i;

	(void)state;
	for (i = 0; i < o->nserviceescalations; i++)
		if (o->serviceescalations[i].notification_interval == 15.0)
			se = &o->serviceescalations[i];
	assert_non_null(se);
	was = se->notification_interval;
	se->notification_interval = -1.0;
	n = notifier_new(o, &F.nr);
	se->notification_interval = was;
	st = svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(
	    notify_service(n, &F.env, svc("h1", "esc4"), st, NOTIFY_NORMAL, NULL, NULL, 0, NOW), 0);
	notifier_free(n);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(st->c.next_notification, NOW + 45 * 60);
}

/* esc5's "notification_interval -1" is 0: one escalated notification, then no more */
static void
t_esc_interval_zero(void **state)
{
	struct svc_state *st = svc_in("h1", "esc5", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "esc5", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_string_equal(RUN(0), "svcnote ce1 PROBLEM 1 100 1 ce1");
	assert_int_equal(st->c.no_more_notifications, 1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(nsvc_at("h1", "esc5", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 60), -1);
	assert_int_equal(F.nruns, 1);
}

/*
 * QUIRK: the order of escalations.  Nagios's add_serviceescalation
 * (common/objects.c) puts each escalation at the head of its service's
 * escalation_list with add_object_to_objectlist, so the list is walked in
 * the reverse of the escalation array (objects.cache) order, and so are
 * their contacts added.  nagios4 4.4.6 with esc4's two escalations (ce1's
 * written first) says R=ce1,ce2 and notifies ce2 then ce1.  notify.c
 * (nt_index_services / nt_index_hosts) keeps the array order: ce2,ce1.
 */
static void
t_esc_order(void **state)
{
	(void)state;
	svc_in("h1", "esc4", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "esc4", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote ce2 PROBLEM 1 100 1 ce1,ce2");
	assert_string_equal(RUN(1), "svcnote ce1 PROBLEM 1 100 1 ce1,ce2");
}

/* ---- nagios.log and the command's end ---- */

/*
 * A notification command remote_takes takes goes to remote instead of
 * run, after its NOTIFICATION line, expanded as a broker module expands it
 * itself: no recipients, $NOTIFICATIONISESCALATED$ empty, the author's
 * contact found by name (ca, whom Nagios's lookup misses); the object's
 * output, the contact and the timeout come along.  Left alone, it runs.
 */
static void
t_remote(void **state)
{
	(void)state;
	F.nr.remote_takes = fake_takes;
	F.nr.remote = fake_remote;
	R.takes = 1;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(R.asked, 1);
	assert_int_equal(R.n, 1);
	assert_int_equal(R.job[0].kind, NRUN_SERVICE_NOTIFY);
	assert_string_equal(R.job[0].cmdline, "svcnote ca PROBLEM 1 100  ");
	assert_string_equal(R.job[0].contact, "ca");
	assert_string_equal(R.job[0].output, "boom");
	assert_string_equal(R.job[0].host->name, "h1");
	assert_string_equal(R.job[0].svc->description, "plain");
	assert_true(R.job[0].timeout == 17);
	assert_int_equal(F.nlogs, 1);
	assert_string_equal(LOG(0), "SERVICE NOTIFICATION: ca;h1;plain;CRITICAL;svcnote;boom");
	svc_in("hack", "ack", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "ca", "seen", 0), 0);
	assert_string_equal(R.job[1].cmdline, "acknote A=ca N=ca L=Alpha Person C=seen SA=ca SN=ca "
					      "SL=Alpha Person SC=seen");
	/* not taken: run here as before, with the recipients (the host is up) */
	R.takes = 0;
	svc_in("h1", "plain", OBJ_STATE_OK, "fine again")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(R.n, 2);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 2 102 0 ca");
	R.takes = 1;
	host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(R.n, 3);
	assert_int_equal(R.job[2].kind, NRUN_HOST_NOTIFY);
	assert_null(R.job[2].svc);
	assert_string_equal(R.job[2].output, "down");
	remote_clear();
}

static void
t_log_service(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello there", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "mine", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, "x", "y", 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGDISABLED, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMECANCELLED, NULL, NULL, 0), 0);
	svc_in("h1", "plain", OBJ_STATE_OK, "all good");
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_CRITICAL);
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	svc_in("h1", "plain", OBJ_STATE_UNKNOWN, "what");
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nlogs, 12);
	assert_string_equal(LOG(0), "SERVICE NOTIFICATION: ca;h1;plain;CRITICAL;svcnote;boom");
	assert_string_equal(LOG(1),
	    "SERVICE NOTIFICATION: ca;h1;plain;CUSTOM (CRITICAL);svcnote;boom;adm;hello there");
	assert_string_equal(LOG(2),
	    "SERVICE NOTIFICATION: ca;h1;plain;CUSTOM (CRITICAL);svcnote;boom;;");
	assert_string_equal(LOG(3),
	    "SERVICE NOTIFICATION: ca;h1;plain;ACKNOWLEDGEMENT (CRITICAL);svcnote;boom;adm;mine");
	assert_string_equal(LOG(4),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGSTART (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(5),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGSTOP (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(6),
	    "SERVICE NOTIFICATION: ca;h1;plain;FLAPPINGDISABLED (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(7),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMESTART (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(8),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMEEND (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(9),
	    "SERVICE NOTIFICATION: ca;h1;plain;DOWNTIMECANCELLED (CRITICAL);svcnote;boom");
	assert_string_equal(LOG(10), "SERVICE NOTIFICATION: ca;h1;plain;OK;svcnote;all good");
	assert_string_equal(LOG(11), "SERVICE NOTIFICATION: ca;h1;plain;UNKNOWN;svcnote;what");
	assert_int_equal(F.logs[0].t, NOW);
	assert_string_equal(RUN(10), "svcnote ca RECOVERY 2 110 0 ca");
}

static void
t_log_host(void **state)
{
	(void)state;
	host_in("h1", OBJ_HOST_DOWN, "host down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "mine", 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	host_in("h1", OBJ_HOST_UNREACHABLE, "gone");
	hst("h1")->c.next_notification = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	host_in("h1", OBJ_HOST_UP, "back");
	hst("h1")->c.next_notification = 0;
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "c", 0), 0);
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nlogs, 6);
	assert_string_equal(LOG(0), "HOST NOTIFICATION: ca;h1;DOWN;hostnote;host down");
	assert_string_equal(LOG(1),
	    "HOST NOTIFICATION: ca;h1;ACKNOWLEDGEMENT (DOWN);hostnote;host down;adm;mine");
	assert_string_equal(LOG(2),
	    "HOST NOTIFICATION: ca;h1;DOWNTIMESTART (DOWN);hostnote;host down");
	assert_string_equal(LOG(3), "HOST NOTIFICATION: ca;h1;UNREACHABLE;hostnote;gone");
	assert_string_equal(LOG(4), "HOST NOTIFICATION: ca;h1;CUSTOM (UP);hostnote;back;adm;c");
	assert_string_equal(LOG(5), "HOST NOTIFICATION: ca;h1;UP;hostnote;back");
	assert_int_equal(F.runs[0].kind, NRUN_HOST_NOTIFY);
	assert_string_equal(RUN(5), "hostnote ca RECOVERY 3 105 0 ca");
}

/* log_notifications=0: the commands run, no line is written */
static void
t_log_off(void **state)
{
	(void)state;
	F.gen.cfg.log_notifications = 0;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_int_equal(F.nlogs, 0);
}

/*
 * notification_timeout is the command's timeout; a timed-out one is
 * logged.  The seconds are 0.00 as in Nagios 4.4.6, whose worker result
 * parser ignores the runtime it prints (base/workers.c, WPRES_runtime).
 */
static void
t_timeout(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_true(F.runs[0].timeout == 17.0);
	assert_true(F.runs[1].timeout == 17.0);
	assert_int_equal(F.nlogs, 2);
	finish_runs(1);
	assert_int_equal(F.nlogs, 4);
	assert_string_equal(LOG(2),
	    "Warning: Notifying contact 'ca' of service 'plain' on host 'h1' by command "
	    "'svcnote ca PROBLEM 1 100 0 ca' timed out after 0.00 seconds");
	assert_string_equal(LOG(3),
	    "Warning: Notifying contact 'ca' of host 'h2' by command "
	    "'hostnote ca PROBLEM 1 101 0 ca' timed out after 0.00 seconds");
	/* a command that ran, or could not be run, says nothing */
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	finish_runs(0);
	assert_int_equal(F.nlogs, 5);
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	finish_runs(-1);
	assert_int_equal(F.nlogs, 6);
}

/* a command that cannot be queued still counts as sent, as in Nagios */
static void
t_run_fails(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	F.run_fails = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.nlogs, 1);
	assert_string_equal(LOG(0), "SERVICE NOTIFICATION: ca;h1;plain;CRITICAL;svcnote;boom");
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(st->c.last_notification, NOW);
	assert_int_equal(cst("ca")->last_service_notification, NOW);
}

/* with enable_environment_macros the command gets the NAGIOS_ environment */
static void
t_environment(void **state)
{
	(void)state;
	F.gen.cfg.enable_environment_macros = 1;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_non_null(F.runs[0].env_type);
	assert_string_equal(F.runs[0].env_type, "NAGIOS_NOTIFICATIONTYPE=PROBLEM");
	F.gen.cfg.enable_environment_macros = 0;
	sst("h1", "plain")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_null(F.runs[1].env_type);
}

static void
t_type_names(void **state)
{
	(void)state;
	assert_string_equal(notify_type_name(NOTIFY_NORMAL, 0), "PROBLEM");
	assert_string_equal(notify_type_name(NOTIFY_NORMAL, 1), "RECOVERY");
	assert_string_equal(notify_type_name(NOTIFY_ACKNOWLEDGEMENT, 0), "ACKNOWLEDGEMENT");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGSTART, 1), "FLAPPINGSTART");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGSTOP, 0), "FLAPPINGSTOP");
	assert_string_equal(notify_type_name(NOTIFY_FLAPPINGDISABLED, 0), "FLAPPINGDISABLED");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMESTART, 0), "DOWNTIMESTART");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMEEND, 0), "DOWNTIMEEND");
	assert_string_equal(notify_type_name(NOTIFY_DOWNTIMECANCELLED, 0), "DOWNTIMECANCELLED");
	assert_string_equal(notify_type_name(NOTIFY_CUSTOM, 0), "CUSTOM");
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(t_number),
		T(t_notification_id),
		T(t_times),
		T(t_contact_times),
		T(t_recipients),
		T(t_importance),
		T(t_esc_numbers),
		T(t_esc_recovery),
		T(t_esc_host),
		T(t_esc_options),
		T(t_esc_period),
		T(t_esc_replaces),
		T(t_esc_broadcast),
		T(t_esc_interval),
		T(t_esc_interval_negative),
		T(t_esc_interval_zero),
		T(t_esc_order),
		T(t_log_service),
		T(t_log_host),
		T(t_log_off),
		T(t_timeout),
		T(t_run_fails),
		T(t_environment),
		T(t_type_names),
		T(t_remote),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

/*
 * test_notify: the filters of host and service notifications
 * (engine/notify/notify.c) against Nagios 4.4.6's base/notifications.c,
 * one rule per test; test_notify_send.c has what follows the filters.
 *
 * The objects come from a small configuration read with config_read; the
 * states are set by hand before each call.  A fake struct nrun records
 * every command (kind, expanded command line, timeout) and every
 * nagios.log line; the commands' ends are delivered by the test, so it
 * can say a command timed out.  The dependency and pending flexible
 * downtime callbacks are fakes whose answers the test sets.  Time is
 * NOW, a Tuesday at 22:13:20 UTC, so the "day" period (Tuesday and
 * Wednesday 09:00-17:00) is out and its next start is Wednesday 09:00.
 *
 * Where the expected values were not plain from the source they were
 * taken from Debian's nagios4 4.4.6 fed passive results and external
 * commands: the order of $NOTIFICATIONRECIPIENTS$ and of the commands
 * (the list is built by prepending: the last added is notified first),
 * the order escalations are walked in (their per-object list is built by
 * prepending too), the author macros (find_contact_by_name_or_alias only
 * finds a contact named so whose alias is also that name), the
 * next_notification of a period with no valid time (the current time),
 * and escalation intervals <= 0 (stored as 0).
 *
 * Tests marked QUIRK pin a Nagios 4.4.6 oddity that notify.c copies on
 * purpose; each says where Nagios does it.
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

static void
t_forced(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct contact_state *ca = cst("ca");

	(void)state;
	F.gen.cfg.enable_notifications = 0;
	st->c.notifications_enabled = 0;
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	st->c.scheduled_downtime_depth = 1;
	st->c.no_more_notifications = 1;
	st->c.next_notification = NOW + 600;
	st->c.notification_period = period("never");
	ca->service_notifications_enabled = 0;
	ca->service_notification_period = period("never");
	F.dep_answer = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca PROBLEM 1 100 0 ca");
	assert_int_equal(st->c.current_notification_number, 1);
	/* the filters were not even asked */
	assert_int_equal(F.dep_calls, 0);
	assert_int_equal(F.flex_calls, 0);

	/* a forced custom notification during downtime */
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hi", NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "svcnote ca CUSTOM 1 101 0 ca");

	/* the same for a host */
	host_in("h1", OBJ_HOST_DOWN, "down");
	hst("h1")->c.notifications_enabled = 0;
	ca->host_notifications_enabled = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, NOTIFY_OPT_FORCED), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(2), "hostnote ca PROBLEM 1 102 0 ca");
}

/* enable_notifications 0 stops every kind; nothing is changed */
static void
t_global_switch(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	F.gen.cfg.enable_notifications = 0;
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "a", "c", 0), -1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.nlogs, 0);
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.next_notification, 7);
	assert_int_equal(F.next_id, FIRST_ID);
}

/* ---- the object-level filters ---- */

/* outside its own period a NORMAL one moves next_notification to the next valid time */
static void
t_period_own(void **state)
{
	struct svc_state *st = svc_in("h1", "own", OBJ_STATE_CRITICAL, "boom");
	struct host_state *h3;

	(void)state;
	st->c.next_notification = 7;
	/* other kinds are refused without touching it */
	assert_int_equal(nsvc("h1", "own", NOTIFY_ACKNOWLEDGEMENT, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "own", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(st->c.next_notification, 7);
	assert_int_equal(nsvc("h1", "own", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, DAY_NEXT);
	assert_int_equal(F.nruns, 0);
	/* within the period it goes */
	assert_int_equal(nsvc_at("h1", "own", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 1);
	assert_int_equal(st->c.next_notification, WED10 + 3600);

	/* hosts alike */
	h3 = host_in("h3", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h3", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(h3->c.next_notification, DAY_NEXT);
	assert_int_equal(nhost_at("h3", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 2);
}

/*
 * A service without a period of its own (notification_period null stops
 * the host's being copied in at configuration time) is held to its
 * host's period at run time; next_notification is looked up in its own
 * (none), which Nagios's get_next_valid_time answers with the time given.
 */
static void
t_period_inherited(void **state)
{
	struct svc_state *st = svc_in("h3", "inh", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	assert_null(svc("h3", "inh")->cfg->notification_period);
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h3", "inh", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(F.nruns, 0);
	st->c.next_notification = 0;
	assert_int_equal(nsvc_at("h3", "inh", NOTIFY_NORMAL, NULL, NULL, 0, WED10), 0);
	assert_int_equal(F.nruns, 1);
}

/* a run-time override of the period (CHANGE_SVC_NOTIFICATION_TIMEPERIOD) applies */
static void
t_period_override(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	st->c.notification_period = period("day");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, DAY_NEXT);
	assert_int_equal(F.nruns, 0);
}

/*
 * QUIRK: a period with no valid time at all.  Nagios's
 * _get_next_valid_time gives up after 300 days and returns the time it
 * was given (base/utils.c, "if (depth == max_depth) *valid_time =
 * pref_time"), so next_notification becomes now; seen in status.dat of
 * nagios4 4.4.6.  notify.c sets now + one year (notify.c nt_viable,
 * "next == (time_t)-1 || next == 0 ? now + 60 * 60 * 24 * 365").
 */
static void
t_period_never(void **state)
{
	struct svc_state *st = svc_in("h1", "nevr", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	st->c.next_notification = 7;
	assert_int_equal(nsvc("h1", "nevr", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(st->c.next_notification, NOW);
}

/* the object's switch (ENABLE/DISABLE_SVC_NOTIFICATIONS) */
static void
t_object_switch(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht;

	(void)state;
	st->c.notifications_enabled = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "a", "c", 0), -1);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	ht = host_in("h1", OBJ_HOST_DOWN, "down");
	ht->c.notifications_enabled = 0;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	ht->c.notifications_enabled = 1;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
}

/* ---- CUSTOM ---- */

/* a custom one ignores state, soft, ack, flapping; downtime of the object or its host stops it */
static void
t_custom(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	st->c.no_more_notifications = 1;
	st->c.next_notification = NOW + 600;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca CUSTOM 0 100 0 ca");
	/* not counted, no times changed */
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.last_notification, 0);
	assert_int_equal(st->c.next_notification, NOW + 600);
	assert_int_equal(st->c.notified_on, 0);

	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	/* a host's own downtime stops a host custom one */
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "hello", 0), -1);
	assert_int_equal(F.nruns, 1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "hello", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca CUSTOM 0 101 0 ca");
}

/* contacts of a custom one: switch, then period, then anyone (whatever their options) */
static void
t_custom_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 4);
	/* cnone takes no service notification option at all */
	assert_string_equal(RUN(0), "svcnote cnone CUSTOM 0 100 0 ca,cw,cf,cnone");
	assert_string_equal(RUN(3), "svcnote ca CUSTOM 0 100 0 ca,cw,cf,cnone");

	cst("cw")->service_notifications_enabled = 0;
	cst("cf")->service_notification_period = period("never");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 6);
	assert_string_equal(RUN(4), "svcnote cnone CUSTOM 0 101 0 ca,cnone");
	assert_string_equal(RUN(5), "svcnote ca CUSTOM 0 101 0 ca,cnone");
	/* the contact's host switch and period do not matter to services */
	cst("ca")->host_notifications_enabled = 0;
	cst("ca")->host_notification_period = period("never");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 7);
	/* and the other way round */
	assert_int_equal(nhost("h1", NOTIFY_CUSTOM, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 7);
}

/* ---- ACKNOWLEDGEMENT ---- */

/* not when OK; an acknowledged problem is what it is for */
static void
t_ack(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), -1);
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), -1);
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	st->c.problem_has_been_acknowledged = 1;
	st->c.current_notification_number = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca ACKNOWLEDGEMENT 1 100 0 ca");
	assert_int_equal(st->c.current_notification_number, 1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	ht->c.problem_has_been_acknowledged = 1;
	assert_int_equal(nhost("h1", NOTIFY_ACKNOWLEDGEMENT, "adm", "seen", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca ACKNOWLEDGEMENT 0 101 0 ca");
}

/* an acknowledgement goes to contacts that take the current state */
static void
t_ack_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_ACKNOWLEDGEMENT, "adm", "x", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote cf ACKNOWLEDGEMENT 0 100 0 ca,cf");
	assert_string_equal(RUN(1), "svcnote ca ACKNOWLEDGEMENT 0 100 0 ca,cf");
}

/* the author and comment macros, for an author that is a contact's name and alias */
static void
t_ack_macros(void **state)
{
	(void)state;
	/* cb has no alias of its own: its alias is its name */
	svc_in("hack", "ack", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "cb", "seen it", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0),
	    "acknote A=cb N=cb L=cb C=seen it SA=cb SN=cb SL=cb SC=seen it");
	/* the ACK family is for acknowledgements only */
	assert_int_equal(nsvc("hack", "ack", NOTIFY_CUSTOM, "cb", "note", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "acknote A=cb N=cb L=cb C=note SA= SN= SL= SC=");
	/* an author that is nobody */
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "nobody", NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(2), "acknote A=nobody N= L= C= SA=nobody SN= SL= SC=");
	/* hosts: the HOSTACK family */
	host_in("hack", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("hack", NOTIFY_ACKNOWLEDGEMENT, "cb", "seen", 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hacknote A=cb N=cb HA=cb HN=cb HL=cb HC=seen");
}

/*
 * QUIRK: Nagios 4.4.6's find_contact_by_name_or_alias
 * (base/notifications.c, lines 36-46) returns NULL when no contact has
 * the name, and otherwise the first contact whose alias is the name:
 * ca (alias "Alpha Person") named as "ca" or as "Alpha Person" is not
 * found, so the NAME and ALIAS macros stay empty (nagios4 4.4.6 agrees).
 * notify.c nt_find_author finds by name, then by alias.
 */
static void
t_ack_macros_alias(void **state)
{
	(void)state;
	svc_in("hack", "ack", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "ca", "one", 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "acknote A=ca N= L= C=one SA=ca SN= SL= SC=one");
	assert_int_equal(nsvc("hack", "ack", NOTIFY_ACKNOWLEDGEMENT, "Alpha Person", "two", 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1),
	    "acknote A=Alpha Person N= L= C=two SA=Alpha Person SN= SL= SC=two");
}

/* ---- FLAPPING* ---- */

static void
t_flapping(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = hst("h1");

	(void)state;
	/* the object must take f */
	svc_in("h1", "noflap", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	/* soft, acknowledged and flapping do not matter */
	st->c.state_type = STATE_SOFT;
	st->c.problem_has_been_acknowledged = 1;
	st->c.is_flapping = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGDISABLED, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(0), "svcnote ca FLAPPINGSTART 0 100 0 ca");
	assert_string_equal(RUN(1), "svcnote ca FLAPPINGSTOP 0 101 0 ca");
	assert_string_equal(RUN(2), "svcnote ca FLAPPINGDISABLED 0 102 0 ca");
	assert_int_equal(st->c.current_notification_number, 0);
	assert_int_equal(st->c.last_notification, 0);
	/* downtime of the service or of its host stops it */
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_FLAPPINGSTOP, NULL, NULL, 0), -1);
	/* hosts: option f, own downtime */
	assert_int_equal(nhost("h1", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h2", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 3);
	assert_int_equal(nhost("h1", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hostnote ca FLAPPINGSTART 0 103 0 ca");
}

/* a flapping notification goes to the contacts that take f */
static void
t_flapping_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca FLAPPINGSTART 0 100 0 ca");
	/* hosts: chr takes u and r only */
	host_in("hrec", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("hrec", NOTIFY_FLAPPINGSTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca FLAPPINGSTART 0 101 0 ca");
}

/* ---- DOWNTIME* ---- */

static void
t_downtime(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = hst("h1");

	(void)state;
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	/* only the service's own downtime stops it, not its host's */
	ht->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMECANCELLED, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(0), "svcnote ca DOWNTIMESTART 0 100 0 ca");
	assert_string_equal(RUN(1), "svcnote ca DOWNTIMEEND 0 101 0 ca");
	assert_string_equal(RUN(2), "svcnote ca DOWNTIMECANCELLED 0 102 0 ca");
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	/* hosts: option s, own downtime */
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	ht->c.scheduled_downtime_depth = 0;
	assert_int_equal(nhost("h2", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 3);
	assert_int_equal(nhost("h1", NOTIFY_DOWNTIMEEND, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "hostnote ca DOWNTIMEEND 0 103 0 ca");
	assert_int_equal(st->c.current_notification_number, 0);
}

/* a downtime notification goes to the contacts that take s */
static void
t_downtime_contacts(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_WARNING, "meh");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_DOWNTIMESTART, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca DOWNTIMESTART 0 100 0 ca");
}

/* ---- NORMAL ---- */

static void
t_normal_soft(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.state_type = STATE_SOFT;
	ht->c.state_type = STATE_SOFT;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(F.next_id, FIRST_ID);
}

static void
t_normal_acknowledged(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.problem_has_been_acknowledged = 1;
	ht->c.problem_has_been_acknowledged = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
}

/* failed notification dependencies, asked with the object and the time */
static void
t_normal_dependencies(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	F.dep_answer = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.dep_calls, 1);
	assert_ptr_equal(F.dep_h, host("h1"));
	assert_ptr_equal(F.dep_s, svc("h1", "plain"));
	assert_int_equal(F.dep_now, NOW);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.dep_calls, 2);
	assert_ptr_equal(F.dep_h, host("h2"));
	assert_null(F.dep_s);
	assert_int_equal(F.nruns, 0);
	/* not asked for other kinds */
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.dep_calls, 2);
	F.dep_answer = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* no callback: no dependencies */
	F.env.dep_failed = NULL;
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
}

/* notification_options per state: copt takes c only */
static void
t_normal_options(void **state)
{
	struct svc_state *st;

	(void)state;
	svc_in("h1", "copt", OBJ_STATE_WARNING, "meh");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	svc_in("h1", "copt", OBJ_STATE_UNKNOWN, "huh");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	st = svc_in("h1", "copt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* no r: no recovery, even after a notified problem */
	svc_in("h1", "copt", OBJ_STATE_OK, "fine");
	assert_int_equal(st->c.notified_on, (int)OBJ_OPT_CRITICAL);
	assert_int_equal(nsvc("h1", "copt", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	/* hosts: h2 takes d, u and r */
	host_in("h2", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca PROBLEM 1 101 0 ca");
}

/* a recovery only after a problem was notified; then it says RECOVERY */
static void
t_normal_recovery(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("h1", OBJ_HOST_UP, "up");

	(void)state;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	st->c.notified_on = OBJ_OPT_CRITICAL;
	st->c.current_notification_number = 2;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 3 100 0 ca");
	/* the OK bit is added as any other */
	assert_int_equal(st->c.notified_on, (int)(OBJ_OPT_CRITICAL | OBJ_OPT_OK));
	ht->c.notified_on = OBJ_OPT_DOWN;
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(1), "hostnote ca RECOVERY 1 101 0 ca");
}

/*
 * The contact's recovery rule: a service recovery goes to a contact told
 * of one of the states it takes (notified_on & its options), a host
 * recovery to any contact that takes r once anything was notified.
 */
static void
t_normal_recovery_contacts(void **state)
{
	struct svc_state *st = svc_in("h1", "filt", OBJ_STATE_OK, "fine");
	struct host_state *ht = host_in("hrec", OBJ_HOST_UP, "up");

	(void)state;
	/* cw takes w and r, cf takes c but not r */
	st->c.notified_on = OBJ_OPT_CRITICAL;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	assert_string_equal(RUN(0), "svcnote ca RECOVERY 1 100 0 ca");
	st->c.notified_on = OBJ_OPT_CRITICAL | OBJ_OPT_WARNING;
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	assert_string_equal(RUN(1), "svcnote cw RECOVERY 1 101 0 ca,cw");
	assert_string_equal(RUN(2), "svcnote ca RECOVERY 1 101 0 ca,cw");
	/* chr takes u and r: told of a DOWN it did not take, it still gets the recovery */
	ht->c.notified_on = OBJ_OPT_DOWN;
	assert_int_equal(nhost("hrec", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(3), "hostnote chr RECOVERY 1 102 0 ca,chr");
	assert_string_equal(RUN(4), "hostnote ca RECOVERY 1 102 0 ca,chr");
}

/* the contacts' per-state options for problems */
static void
t_normal_contact_options(void **state)
{
	(void)state;
	svc_in("h1", "filt", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	assert_string_equal(RUN(0), "svcnote cf PROBLEM 1 100 0 ca,cf");
	assert_string_equal(RUN(1), "svcnote ca PROBLEM 1 100 0 ca,cf");
	svc_in("h1", "filt", OBJ_STATE_WARNING, "meh");
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(2), "svcnote cw PROBLEM 2 101 0 ca,cw");
	/* contact switch and contact period */
	cst("cw")->service_notifications_enabled = 0;
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	assert_string_equal(RUN(4), "svcnote ca PROBLEM 3 102 0 ca");
	cst("ca")->service_notification_period = period("day");
	sst("h1", "filt")->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "filt", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 5);
	/* nobody was told: the number is given back */
	assert_int_equal(sst("h1", "filt")->c.current_notification_number, 3);
}

/* first_notification_delay counts from the last hard change, or from program start */
static void
t_normal_first_delay(void **state)
{
	struct svc_state *st = svc_in("h1", "delay", OBJ_STATE_CRITICAL, "boom");

	(void)state;
	/* 5 * interval_length 60 = 300 s */
	st->c.last_hard_state_change = NOW - 299;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	st->c.last_hard_state_change = NOW - 300;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* never changed: program start */
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	st->c.last_hard_state_change = 0;
	F.env.program_start = NOW - 299;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	F.env.program_start = NOW - 300;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* only the first notification of a problem waits */
	st->c.next_notification = 0;
	st->c.last_hard_state_change = NOW - 10;
	assert_int_equal(st->c.current_notification_number, 1);
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	/* a recovery does not wait */
	svc_in("h1", "delay", OBJ_STATE_OK, "fine");
	st->c.last_hard_state_change = NOW - 10;
	st->c.current_notification_number = 0;
	st->c.next_notification = 0;
	assert_int_equal(nsvc("h1", "delay", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 4);
	assert_string_equal(RUN(3), "svcnote ca RECOVERY 1 103 0 ca");
}

static void
t_normal_flapping(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.is_flapping = 1;
	ht->c.is_flapping = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
}

/* downtime of the object, and of a service's host */
static void
t_normal_downtime(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = hst("h1");

	(void)state;
	st->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	st->c.scheduled_downtime_depth = 0;
	ht->c.scheduled_downtime_depth = 2;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nhost("h1", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* a service's interval 60: next_notification is left alone */
	assert_int_equal(st->c.next_notification, 0);
}

/*
 * Blocked in downtime (its own or its host's) with notification_interval
 * 0, a service is allowed again at once, so a problem that outlasts the
 * downtime is still notified (service_notification in Nagios).  Hosts
 * do not get this.
 */
static void
t_normal_downtime_interval0(void **state)
{
	struct svc_state *st = svc_in("h1", "zero", OBJ_STATE_CRITICAL, "boom");
	struct host_state *hz = host_in("hzero", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.scheduled_downtime_depth = 1;
	st->c.next_notification = 5;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	st->c.scheduled_downtime_depth = 0;
	st->c.next_notification = 5;
	hst("h1")->c.scheduled_downtime_depth = 1;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(st->c.next_notification, NOW);
	hz->c.scheduled_downtime_depth = 1;
	hz->c.next_notification = 5;
	assert_int_equal(nhost("hzero", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(hz->c.next_notification, 5);
	assert_int_equal(F.nruns, 0);
}

/* a pending flexible downtime of the service or of its host; hosts are not asked */
static void
t_normal_pending_flex(void **state)
{
	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	host_in("h2", OBJ_HOST_DOWN, "down");
	F.flex_svc = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.flex_now, NOW);
	F.flex_svc = 0;
	F.flex_host = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* Nagios 4.4.6 does not look at a host's own pending flexible downtime */
	F.flex_calls = 0;
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.flex_calls, 0);
	assert_int_equal(F.nruns, 1);
	F.flex_host = 0;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
	/* no callback: none pending */
	F.env.pending_flex = NULL;
	svc_in("h1", "noflap", OBJ_STATE_CRITICAL, "boom");
	assert_int_equal(nsvc("h1", "noflap", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
}

/* interval 0: one notification per problem (unless volatile) */
static void
t_normal_no_more(void **state)
{
	struct svc_state *st = svc_in("h1", "zero", OBJ_STATE_CRITICAL, "boom");
	struct svc_state *sv = svc_in("h1", "vol", OBJ_STATE_CRITICAL, "boom");
	struct host_state *hz = host_in("hzero", OBJ_HOST_DOWN, "down");

	(void)state;
	assert_int_equal(nsvc("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(st->c.no_more_notifications, 1);
	assert_int_equal(st->c.next_notification, NOW);
	assert_int_equal(nsvc_at("h1", "zero", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 3600), -1);
	assert_int_equal(F.nruns, 1);
	/* a volatile service keeps going */
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(sv->c.no_more_notifications, 0);
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 3);
	/* hosts */
	assert_int_equal(nhost("hzero", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(hz->c.no_more_notifications, 1);
	assert_int_equal(nhost_at("hzero", NOTIFY_NORMAL, NULL, NULL, 0, NOW + 60), -1);
	assert_int_equal(F.nruns, 4);
	/* the flag set from outside works the same */
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom")->c.no_more_notifications = 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 4);
}

/* a service is not notified while its host is hard DOWN or UNREACHABLE */
static void
t_normal_host_down(void **state)
{
	struct host_state *ht;

	(void)state;
	svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	ht = host_in("h1", OBJ_HOST_DOWN, "down");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	host_in("h1", OBJ_HOST_UNREACHABLE, "unreachable");
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	/* a soft host problem does not count */
	ht->c.state_type = STATE_SOFT;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* other kinds are not held back */
	ht->c.state_type = STATE_HARD;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_CUSTOM, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
}

/* next_notification holds re-notifications back, except for volatile services */
static void
t_normal_next_notification(void **state)
{
	struct svc_state *st = svc_in("h1", "plain", OBJ_STATE_CRITICAL, "boom");
	struct svc_state *sv = svc_in("h1", "vol", OBJ_STATE_CRITICAL, "boom");
	struct host_state *ht = host_in("h2", OBJ_HOST_DOWN, "down");

	(void)state;
	st->c.next_notification = NOW + 1;
	sv->c.next_notification = NOW + 1;
	ht->c.next_notification = NOW + 1;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(nhost("h2", NOTIFY_NORMAL, NULL, NULL, 0), -1);
	assert_int_equal(F.nruns, 0);
	assert_int_equal(nsvc("h1", "vol", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 1);
	/* at next_notification itself it goes */
	st->c.next_notification = NOW;
	assert_int_equal(nsvc("h1", "plain", NOTIFY_NORMAL, NULL, NULL, 0), 0);
	assert_int_equal(F.nruns, 2);
}

/* ---- numbers, ids, times ---- */

/* NORMAL counts; INCREMENT makes another kind count; nobody told gives it back */
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(t_forced),
		T(t_global_switch),
		T(t_period_own),
		T(t_period_inherited),
		T(t_period_override),
		T(t_period_never),
		T(t_object_switch),
		T(t_custom),
		T(t_custom_contacts),
		T(t_ack),
		T(t_ack_contacts),
		T(t_ack_macros),
		T(t_ack_macros_alias),
		T(t_flapping),
		T(t_flapping_contacts),
		T(t_downtime),
		T(t_downtime_contacts),
		T(t_normal_soft),
		T(t_normal_acknowledged),
		T(t_normal_dependencies),
		T(t_normal_options),
		T(t_normal_recovery),
		T(t_normal_recovery_contacts),
		T(t_normal_contact_options),
		T(t_normal_first_delay),
		T(t_normal_flapping),
		T(t_normal_downtime),
		T(t_normal_downtime_interval0),
		T(t_normal_pending_flex),
		T(t_normal_no_more),
		T(t_normal_host_down),
		T(t_normal_next_notification),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

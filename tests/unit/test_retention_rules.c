/*
 * test_retention_rules: the load rules of retention.dat on small hand-made
 * files, as Nagios 4.4.6 applies them: the masks and gates (retain_*,
 * use_retained_*), values and max_attempts, the period and variable
 * overrides, comments and downtimes, unknown objects, and what a start
 * recomputes (next_notification and no_more_notifications, flap detection
 * judged again on the retained history, the flapping comment).  The
 * fixture is retention_fx.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "retention_fx.h"

static void
t_rules_gates(void **state)
{
	struct retention_report rep;
	struct fx f;

	(void)state;
	rules_open(&f, 2000000000);
	/* bits cleared by the mask; the service is read with the host mask (4.4.6) */
	f.gen.cfg.retained_host_attribute_mask = EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED;
	rules_read(&f,
	    "host {\nhost_name=h1\nmodified_attributes=3\nnotifications_enabled=0\n"
	    "active_checks_enabled=0\npassive_checks_enabled=0\nmax_attempts=5\n"
	    "current_state=1\nstate_type=1\ncurrent_attempt=2\n}\n"
	    "host {\nhost_name=h2\nmodified_attributes=1\ncurrent_state=1\nplugin_output=x\n"
	    "notifications_enabled=0\nproblem_has_been_acknowledged=1\n}\n"
	    "host {\nhost_name=h3\nmodified_attributes=1\ncurrent_state=2\nplugin_output=y\n"
	    "notifications_enabled=0\nproblem_has_been_acknowledged=1\n}\n"
	    "service {\nhost_name=h1\nservice_description=s1\nmodified_attributes=6\n"
	    "active_checks_enabled=0\npassive_checks_enabled=0\ncheck_interval=-1\n"
	    "has_been_checked=0\nstate_type=0\n}\n",
	    &rep);
	assert_int_equal(rep.hosts, 3);
	assert_int_equal(rep.services, 1);
	/* h1: bit 1 kept (notifications taken), bit 2 masked (config wins) */
	assert_int_equal(H(&f, "h1")->c.modified_attributes, 1);
	assert_int_equal(H(&f, "h1")->c.notifications_enabled, 0);
	assert_int_equal(H(&f, "h1")->c.active_checks_enabled, 1);
	assert_int_equal(H(&f, "h1")->c.passive_checks_enabled, 1);
	assert_int_equal(H(&f, "h1")->c.max_attempts, 3);    /* no bit: configured */
	assert_int_equal(H(&f, "h1")->c.current_attempt, 3); /* hard problem: max_attempts */
	/* h2: no status retained, and so (4.4.6) no non-status either */
	assert_int_equal(H(&f, "h2")->c.current_state, 0);
	assert_null(H(&f, "h2")->c.output);
	assert_int_equal(H(&f, "h2")->c.notifications_enabled, 1);
	assert_int_equal(H(&f, "h2")->c.problem_has_been_acknowledged, 0);
	assert_int_equal(H(&f, "h2")->c.modified_attributes, 1);
	/* h3: status only; its modified attributes are cleared */
	assert_int_equal(H(&f, "h3")->c.current_state, 2);
	assert_string_equal(H(&f, "h3")->c.output, "y");
	assert_int_equal(H(&f, "h3")->c.notifications_enabled, 1);
	assert_int_equal(H(&f, "h3")->c.problem_has_been_acknowledged, 0);
	assert_int_equal(H(&f, "h3")->c.modified_attributes, 0);
	/* s1: the host mask took bit 2 (active) away, bit 4 (passive) stays */
	assert_int_equal(S(&f, "h1", "s1")->c.modified_attributes, 4);
	assert_int_equal(S(&f, "h1", "s1")->c.active_checks_enabled, 1);
	assert_int_equal(S(&f, "h1", "s1")->c.passive_checks_enabled, 0);
	assert_int_equal(S(&f, "h1", "s1")->c.state_type, STATE_HARD); /* never checked */
	fx_close(&f);
}

static void
t_rules_values(void **state)
{
	struct retention_report rep;
	struct fx f;

	(void)state;
	rules_open(&f, 2000000000);
	rules_read(&f,
	    "info {\ncreated=1999999990\n}\n"
	    "program {\nmodified_host_attributes=256\nmodified_service_attributes=256\n"
	    "global_host_event_handler=eh!arg\nglobal_service_event_handler=nosuch\n"
	    "next_comment_id=0\n}\n"
	    "host {\nhost_name=h1\nmodified_attributes=4096\nmax_attempts=0\n"
	    "current_state=1\nstate_type=1\ncurrent_attempt=2\nlast_notification=1000\n"
	    "current_notification_number=2\nnext_check=1999999999\n}\n"
	    "service {\nhost_name=h1\nservice_description=s1\nmodified_attributes=7168\n"
	    "current_state=2\nstate_type=1\nlast_state_change=55\ncurrent_attempt=1\n"
	    "max_attempts=9\ncheck_interval=2.5\nretry_interval=-2\nlast_notification=1000\n"
	    "current_notification_number=2\n}\n"
	    "contact {\ncontact_name=k\nmodified_attributes=32768\n_X=1;changed\n}\n",
	    &rep);
	assert_int_equal(rep.scheduling_ok, 1);
	assert_string_equal(f.prog.global_host_event_handler, "eh!arg");
	assert_null(f.prog.global_service_event_handler); /* no such command */
	assert_int_equal(f.prog.next_comment_id, 1);      /* never backwards */
	/* h1: max_attempts 0 refused; the next notification: 6 * 10 s */
	assert_int_equal(H(&f, "h1")->c.max_attempts, 3);
	assert_int_equal(H(&f, "h1")->c.current_attempt, 3);
	assert_int_equal(H(&f, "h1")->c.next_notification, 1000 + 60);
	assert_int_equal(H(&f, "h1")->c.next_check, 0); /* use_retained_scheduling_info 0 */
	/* s1: max_attempts taken, the hard problem's attempt follows; the
	 * critical escalation's 3 beats the interval 30, the warning one does
	 * not apply */
	assert_int_equal(S(&f, "h1", "s1")->c.max_attempts, 9);
	assert_int_equal(S(&f, "h1", "s1")->c.current_attempt, 9);
	assert_true(S(&f, "h1", "s1")->c.check_interval == 2.5);
	assert_true(S(&f, "h1", "s1")->c.retry_interval == 1.0); /* negative refused */
	assert_int_equal(S(&f, "h1", "s1")->c.next_notification, 1000 + 30);
	assert_int_equal(S(&f, "h1", "s1")->c.last_hard_state_change, 55);
	/* k: the custom variable is taken, its bit stays */
	assert_int_equal(C(&f, "k")->modified_attributes, EXTCMD_MODATTR_CUSTOM_VARIABLE);
	assert_int_equal(C(&f, "k")->vars.n, 1);
	assert_string_equal(C(&f, "k")->vars.v[0].name, "X");
	assert_string_equal(C(&f, "k")->vars.v[0].value, "changed");
	fx_close(&f);
}

/* period and custom variable overrides: Nagios's gates and its reading of "_NAME=m;value" */
static void
t_rules_overrides(void **state)
{
	struct retention_report rep;
	struct fx f;
	const struct obj_timeperiod *always;
	struct contact_state *k;

	(void)state;
	rules_open(&f, 2000000000);
	always = objects_find_timeperiod(f.gen.objs, "always");
	/* an override already there (READ_STATE_INFORMATION) stays unless the file replaces it */
	state_var_set(&C(&f, "k")->vars, "X", "before");
	rules_read(&f,
	    "host {\nhost_name=h1\nmodified_attributes=114688\ncheck_period=always\n"
	    "notification_period=nosuch\n_NOPE=1;abc\n_ROLE=12;xyz\n}\n"
	    "host {\nhost_name=h2\nmodified_attributes=16384\ncheck_period=always\n}\n"
	    "service {\nhost_name=h1\nservice_description=s1\nmodified_attributes=16384\n"
	    "notification_period=always\n}\n"
	    "contact {\ncontact_name=k\nmodified_attributes=32768\nmodified_host_attributes=65536\n"
	    "modified_service_attributes=0\nhost_notification_period=always\n"
	    "service_notification_period=always\n_X=1;a\n}\n",
	    &rep);
	/* h1: the period taken, the one that is gone dropped with its bit; "12;xyz" gives ";xyz" */
	assert_ptr_equal(H(&f, "h1")->c.check_period, always);
	assert_null(H(&f, "h1")->c.notification_period);
	assert_true(has_problem(&rep, "host 'h1': notification_period 'nosuch' is not defined"));
	assert_int_equal(H(&f, "h1")->c.modified_attributes,
	    EXTCMD_MODATTR_CHECK_TIMEPERIOD | EXTCMD_MODATTR_CUSTOM_VARIABLE);
	assert_int_equal(H(&f, "h1")->c.vars.n, 1);
	assert_string_equal(H(&f, "h1")->c.vars.v[0].name, "ROLE");
	assert_string_equal(H(&f, "h1")->c.vars.v[0].value, ";xyz");
	/* h2 keeps no status, so (4.4.6) no override either; s1's period has no bit */
	assert_null(H(&f, "h2")->c.check_period);
	assert_null(S(&f, "h1", "s1")->c.notification_period);
	/* k: the host period taken, the service one without its bit not; "1;a" is too
	 * short for Nagios, so the earlier override stays, and with it the bit */
	k = C(&f, "k");
	assert_ptr_equal(k->host_notification_period, always);
	assert_null(k->service_notification_period);
	assert_int_equal(k->modified_host_attributes, EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD);
	assert_int_equal(k->vars.n, 1);
	assert_string_equal(k->vars.v[0].value, "before");
	assert_int_equal(k->modified_attributes, EXTCMD_MODATTR_CUSTOM_VARIABLE);
	/* without an override the bit goes (no variable changed) */
	state_vars_clear(&k->vars);
	rules_read(&f, "contact {\ncontact_name=k\nmodified_attributes=32768\n_X=0;zero\n}\n",
	    &rep);
	assert_int_equal(k->vars.n, 0);
	assert_int_equal(k->modified_attributes, 0);
	fx_close(&f);
}

static void
t_rules_comments_downtimes(void **state)
{
	struct retention_report rep;
	struct fx f;

	(void)state;
	rules_open(&f, 2000000000);
	rules_read(&f,
	    "host {\nhost_name=h1\nproblem_has_been_acknowledged=1\n}\n"
	    "host {\nhost_name=gone\ncurrent_state=1\n}\n"
	    "service {\nhost_name=h1\nservice_description=gone\n}\n"
	    "contact {\ncontact_name=gone\n}\n"
	    /* kept: an acknowledgement of an acknowledged host */
	    "hostcomment {\nhost_name=h1\nentry_type=4\ncomment_id=20\npersistent=0\n"
	    "author=a\ncomment_data=ack\n}\n"
	    /* dropped: of a service no longer acknowledged; of a gone host */
	    "servicecomment {\nhost_name=h1\nservice_description=s1\nentry_type=4\n"
	    "comment_id=21\npersistent=0\nauthor=a\ncomment_data=ack\n}\n"
	    "hostcomment {\nhost_name=gone\nentry_type=1\ncomment_id=22\npersistent=1\n"
	    "author=a\ncomment_data=x\n}\n"
	    /* dropped: incomplete (no author) */
	    "hostcomment {\nhost_name=h1\nentry_type=1\ncomment_id=23\npersistent=1\n"
	    "comment_data=x\n}\n"
	    /* a triggered downtime before its trigger; one of a gone service */
	    "servicedowntime {\nhost_name=h1\nservice_description=s1\ncomment_id=0\n"
	    "downtime_id=8\nentry_time=1\nstart_time=2000000100\nflex_downtime_start=0\n"
	    "end_time=2000000200\ntriggered_by=7\nfixed=1\nduration=100\nis_in_effect=0\n"
	    "start_notification_sent=0\nauthor=a\ncomment=t\n}\n"
	    "hostdowntime {\nhost_name=h1\ncomment_id=0\ndowntime_id=7\nentry_time=1\n"
	    "start_time=2000000100\nflex_downtime_start=0\nend_time=2000000200\n"
	    "triggered_by=0\nfixed=1\nduration=100\nis_in_effect=0\n"
	    "start_notification_sent=0\nauthor=a\ncomment=t\n}\n"
	    "servicedowntime {\nhost_name=h1\nservice_description=gone\ndowntime_id=9\n"
	    "start_time=2000000100\nend_time=2000000200\nfixed=1\nauthor=a\ncomment=t\n}\n",
	    &rep);
	assert_int_equal(rep.gone_hosts, 1);
	assert_int_equal(rep.gone_services, 1);
	assert_int_equal(rep.gone_contacts, 1);
	assert_int_equal(rep.comments, 1);
	assert_int_equal(rep.comments_dropped, 3);
	assert_non_null(cm(&f, 20));
	/* 21 was dropped: the downtimes' new comments are 21 and 22 */
	assert_int_equal(comments_count(f.cs), 3);
	assert_int_equal(cm(&f, 21)->entry_type, COMMENT_DOWNTIME);
	assert_int_equal(cm(&f, 22)->entry_type, COMMENT_DOWNTIME);
	assert_int_equal(rep.downtimes, 2);
	assert_int_equal(rep.downtimes_dropped, 1);
	assert_non_null(downtimes_find(f.dt, 7));
	assert_int_equal(downtimes_find(f.dt, 8)->triggered_by, 7);
	assert_int_equal(f.prog.next_downtime_id, 9); /* a dropped one's id is not taken */
	assert_int_equal(f.prog.next_comment_id, 23); /* 21, 22: the downtimes' comments */
	fx_close(&f);
}

/* ---- notification times and flapping at the end of an object ---- */

static const char flap_cfg[] =
    "cfg_file=objects.cfg\nlog_file=nagios.log\ntemp_path=.\ncheck_result_path=.\n"
    "interval_length=10\nenable_flap_detection=1\nlow_service_flap_threshold=5\n"
    "high_service_flap_threshold=20\nlow_host_flap_threshold=5\n"
    "high_host_flap_threshold=20\n";

static const char flap_objects[] =
    "define command {\ncommand_name c\ncommand_line /bin/true\n}\n"
    "define contact {\ncontact_name k\nhost_notification_period always\n"
    "service_notification_period always\nhost_notification_commands c\n"
    "service_notification_commands c\n}\n"
    "define timeperiod {\ntimeperiod_name always\nalias a\nsunday 00:00-24:00\n}\n"
    "define host {\nname hb\nregister 0\ncheck_command c\ncontacts k\n"
    "max_check_attempts 1\nnotification_interval 0\n}\n"
    "define service {\nname sb\nregister 0\ncheck_command c\ncontacts k\n"
    "max_check_attempts 1\nnotification_interval 0\n}\n"
    "define host {\nuse hb\nhost_name h\n}\n"
    "define host {\nuse hb\nhost_name hf\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description zero\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description vol\nis_volatile 1\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description ok\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description esc\n"
    "notification_interval 6\n}\n"
    "define serviceescalation {\nhost_name h\nservice_description esc\n"
    "first_notification 1\nlast_notification 0\nnotification_interval 0\ncontacts k\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description flap\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description new\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description soft\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description mid\n}\n"
    "define service {\nuse sb\nhost_name h\nservice_description off\n"
    "flap_detection_enabled 0\n}\n";

#define ALT "0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0,2,0"
#define MID "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,2"

/* a problem notified at 1000, as written: name, state, state_type, is_flapping, history */
#define NOTIFIED(name, st, type, flapping, hist) \
	"service {\nhost_name=h\nservice_description=" name "\ncurrent_state=" st \
	"\nstate_type=" type "\nhas_been_checked=1\nlast_notification=1000\n" \
	"current_notification_number=1\nis_flapping=" flapping "\n" \
	"percent_state_change=50.00\ncheck_flapping_recovery_notification=1\n" \
	"flapping_comment_id=7\nstate_history=" hist "\n}\n"

static const char flap_file[] =
    "host {\nhost_name=h\ncurrent_state=1\nstate_type=1\nlast_notification=1000\n"
    "current_notification_number=1\n}\n"
    "host {\nhost_name=hf\nis_flapping=1\nstate_history=" ALT "\n}\n"
    NOTIFIED("zero", "2", "1", "0", MID)
    NOTIFIED("vol", "2", "1", "0", MID)
    NOTIFIED("ok", "0", "1", "0", MID)
    NOTIFIED("esc", "2", "1", "0", MID)
    NOTIFIED("flap", "2", "1", "1", ALT)
    NOTIFIED("new", "0", "1", "0", ALT)
    NOTIFIED("soft", "2", "0", "1", ALT)
    NOTIFIED("mid", "2", "1", "1", MID)
    NOTIFIED("off", "2", "1", "1", ALT)
    "servicecomment {\nhost_name=h\nservice_description=flap\nentry_type=3\n"
    "comment_id=7\npersistent=0\nauthor=(Nagios Process)\ncomment_data=old\n}\n"
    "servicecomment {\nhost_name=h\nservice_description=mid\nentry_type=1\n"
    "comment_id=1\npersistent=1\nauthor=a\ncomment_data=kept\n}\n";

/* the flapping edges the reader reported; each adds a flapping comment, as
 * the daemon's hook does */
struct flap_seen {
	struct fx *f;
	char what[8][32];
	int quiet[8];
	unsigned long comment[8];
	int n;
};

static void
flap_hook(void *arg, time_t now, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	struct flap_seen *fs = arg;

	assert_int_equal(now, 2000000000);
	assert_int_equal(fo->edge, FLAP_EDGE_STARTED);
	assert_true(fs->n < 8);
	snprintf(fs->what[fs->n], sizeof(fs->what[0]), "%s;%s", h->name,
	    s != NULL ? s->description : "");
	fs->comment[fs->n] = comments_add(fs->f->cs, 0, &fs->f->prog.next_comment_id,
	    COMMENT_FLAPPING, h->name, s != NULL ? s->description : NULL, now, "(Nagios Process)",
	    "flapping", 0, COMMENT_SOURCE_INTERNAL, 0, 0)->id;
	fs->quiet[fs->n++] = fo->quiet;
}

static void
flap_read(struct fx *f, int tweaks, struct flap_seen *seen)
{
	struct retention_hooks hooks = { seen, flap_hook };
	struct retention_report rep;

	memset(seen, 0, sizeof(*seen));
	put("nagios.cfg", flap_cfg);
	put("objects.cfg", flap_objects);
	fx_open(f, tpath("nagios.cfg"), 2000000000);
	seen->f = f;
	f->gen.cfg.use_large_installation_tweaks = tweaks;
	put("r.dat", flap_file);
	assert_int_equal(retention_read(tpath("r.dat"), &f->s, &hooks, &rep), 0);
	assert_int_equal(rep.nproblems, 0);
}

/*
 * get_next_*_notification_time at the end of a notified problem's section
 * sets no_more_notifications (interval 0, unless volatile); is_flapping is
 * not taken: flap detection judges the history again (STARTED again,
 * quietly when the file says it was flapping), a soft problem is not
 * judged, between the thresholds it stays off, and flapping that stops
 * so owes no recovery notification; the old flapping comment goes.  With
 * use_large_installation_tweaks the file's is_flapping is taken.
 */
static void
t_rules_notify_flapping(void **state)
{
	struct flap_seen seen;
	struct fx f;

	(void)state;
	flap_read(&f, 0, &seen);
	assert_int_equal(H(&f, "h")->c.no_more_notifications, 1);
	assert_int_equal(H(&f, "h")->c.next_notification, 1000);
	assert_int_equal(S(&f, "h", "zero")->c.no_more_notifications, 1);
	assert_int_equal(S(&f, "h", "vol")->c.no_more_notifications, 0);
	assert_int_equal(S(&f, "h", "ok")->c.no_more_notifications, 0);
	assert_int_equal(S(&f, "h", "ok")->c.next_notification, 0);
	/* the escalation's interval 0 wins over 6 */
	assert_int_equal(S(&f, "h", "esc")->c.no_more_notifications, 1);
	assert_int_equal(S(&f, "h", "esc")->c.next_notification, 1000);

	assert_int_equal(seen.n, 3);
	assert_string_equal(seen.what[0], "hf;");
	assert_int_equal(seen.quiet[0], 1);
	assert_string_equal(seen.what[1], "h;flap");
	assert_int_equal(seen.quiet[1], 1);
	assert_string_equal(seen.what[2], "h;new");
	assert_int_equal(seen.quiet[2], 0);
	assert_int_equal(H(&f, "hf")->c.is_flapping, 1);
	assert_true(H(&f, "hf")->c.percent_state_change == 100.0);
	assert_int_equal(S(&f, "h", "flap")->c.is_flapping, 1);
	assert_int_equal(S(&f, "h", "flap")->c.flapping_comment_id, 0);
	assert_int_equal(S(&f, "h", "new")->c.is_flapping, 1);
	/* soft: not judged, so not flapping; the percentage stays the file's */
	assert_int_equal(S(&f, "h", "soft")->c.is_flapping, 0);
	assert_true(S(&f, "h", "soft")->c.percent_state_change == 50.0);
	assert_int_equal(S(&f, "h", "soft")->c.check_flapping_recovery_notification, 0);
	assert_int_equal(S(&f, "h", "mid")->c.is_flapping, 0);
	assert_true(S(&f, "h", "mid")->c.percent_state_change > 18.3 &&
	    S(&f, "h", "mid")->c.percent_state_change < 18.4);
	assert_int_equal(S(&f, "h", "mid")->c.check_flapping_recovery_notification, 0);
	assert_int_equal(S(&f, "h", "off")->c.is_flapping, 0);
	/* the old flapping comment is gone; the new ones come after the file's
	 * comments (no program section: the counter is raised by them only) */
	assert_null(cm(&f, 7));
	assert_string_equal(cm(&f, 1)->text, "kept");
	assert_int_equal(seen.comment[0], 2);
	assert_int_equal(seen.comment[1], 3);
	assert_int_equal(seen.comment[2], 4);
	assert_int_equal(comments_count(f.cs), 4);
	fx_close(&f);

	flap_read(&f, 1, &seen);
	assert_int_equal(seen.n, 0);
	assert_int_equal(H(&f, "hf")->c.is_flapping, 1);
	assert_int_equal(S(&f, "h", "soft")->c.is_flapping, 1);
	assert_int_equal(S(&f, "h", "mid")->c.is_flapping, 1);
	assert_int_equal(S(&f, "h", "new")->c.is_flapping, 0);
	assert_true(S(&f, "h", "new")->c.percent_state_change == 50.0);
	assert_int_equal(S(&f, "h", "flap")->c.check_flapping_recovery_notification, 1);
	assert_null(cm(&f, 7)); /* not persistent: gone all the same */
	assert_int_equal(comments_count(f.cs), 1);
	fx_close(&f);
}

/*
 * The attempt a retained (or, at a reload, carried) state is left at: a
 * HARD problem at its max_attempts, which a reload may have changed; a
 * never-checked SOFT service made HARD; OK and SOFT problems untouched;
 * a last_hard_state_change still 0 given the last state change.
 */
static void
t_rules_settle_attempt(void **state)
{
	struct state_common c;

	(void)state;
	memset(&c, 0, sizeof(c));
	c.current_state = 3;
	c.state_type = STATE_HARD;
	c.current_attempt = 1;
	c.max_attempts = 2;
	c.has_been_checked = 1;
	retention_settle(&c, 1);
	assert_int_equal(c.current_attempt, 2);

	c.state_type = STATE_SOFT;
	c.current_attempt = 1;
	retention_settle(&c, 1);
	assert_int_equal(c.state_type, STATE_SOFT);
	assert_int_equal(c.current_attempt, 1);

	c.has_been_checked = 0;
	retention_settle(&c, 1);
	assert_int_equal(c.state_type, STATE_HARD);
	assert_int_equal(c.current_attempt, 2);

	c.current_state = 0;
	c.current_attempt = 1;
	retention_settle(&c, 0);
	assert_int_equal(c.current_attempt, 1);

	/* a first result in a SOFT state sets no hard change time: the
	 * settling gives it the last state change, and keeps one already set */
	c.last_state_change = 1796586317;
	c.last_hard_state_change = 0;
	retention_settle(&c, 1);
	assert_int_equal(c.last_hard_state_change, 1796586317);
	c.last_state_change = 1796586400;
	retention_settle(&c, 1);
	assert_int_equal(c.last_hard_state_change, 1796586317);
}

/* ---- bad files ---- */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_rules_gates),
		cmocka_unit_test(t_rules_values),
		cmocka_unit_test(t_rules_overrides),
		cmocka_unit_test(t_rules_comments_downtimes),
		cmocka_unit_test(t_rules_notify_flapping),
		cmocka_unit_test(t_rules_settle_attempt),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

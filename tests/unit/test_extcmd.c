/*
 * test_extcmd: the external command language on the fixture of
 * extcmd_fx.h (a real configuration, checker, comment and downtime
 * stores).  Every command
 * goes through extcmd_process as the pipe would give it; the tests look at
 * the state, the stores, the modified-attribute bits, the journal flag and
 * nagios.log, read back from a temporary file.
 *
 * Covered here: the line syntax (case, prefix before '[', Nagios's entry
 * time and name rules, control bytes, custom commands), the log lines and
 * their switches, every toggle scope, acknowledgements, comments,
 * downtime of every form and the three deletions by filter, passive
 * results (with the PASSIVE line's old state, hosts by address, the
 * refusals and warnings), scheduled checks, the CHANGE_* commands,
 * flapping and the journal flag.  test_extcmd_args.c has the rest.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "extcmd_fx.h"

static void
t_table(void **state)
{
	size_t i, k, n = extcmd_count();

	(void)state;
	assert_int_equal(n, 163);
	for (i = 0; i < n; i++)
		for (k = i + 1; k < n; k++)
			assert_true(strcasecmp(extcmd_name(i), extcmd_name(k)) != 0);
	assert_null(extcmd_name(n));
	assert_non_null(xc_lookup("enter_standby_mode"));
	assert_ptr_equal(xc_lookup("Process_File"), xc_lookup("PROCESS_FILE"));
	assert_null(xc_lookup("NO_SUCH_COMMAND"));
	assert_string_equal(extcmd_status_str(EXTCMD_FAILED), "Command failed");
	assert_string_equal(extcmd_status_str(EXTCMD_UNKNOWN), "Unknown or unsupported command");
}

/* ---- syntax and logging ---- */

static void
t_syntax(void **state)
{
	struct fx *f = *state;
	char line[256];
	int n;

	/* case-insensitive, text before '[' skipped, EXTERNAL COMMAND with the name as sent */
	n = snprintf(line, sizeof(line), "junk [%lld] disable_Notifications\r\n",
	    (long long)f->now);
	assert_int_equal(extcmd_process(&f->x, line, (size_t)n, f->now, &f->journal), EXTCMD_OK);
	assert_int_equal(f->gen.cfg.enable_notifications, 0);
	assert_int_equal(f->journal, 1);
	assert_true(log_has(f, "EXTERNAL COMMAND: disable_Notifications;"));
	/* the entry time is read as strtoul reads it: garbage is 0, accepted */
	n = snprintf(line, sizeof(line), "[abc] ENABLE_NOTIFICATIONS");
	assert_int_equal(extcmd_process(&f->x, line, (size_t)n, f->now, NULL), EXTCMD_OK);
	assert_int_equal(f->gen.cfg.enable_notifications, 1);
	/* the name starts one character after ']' */
	n = snprintf(line, sizeof(line), "[1]DISABLE_NOTIFICATIONS");
	assert_int_equal(extcmd_process(&f->x, line, (size_t)n, f->now, NULL), EXTCMD_UNKNOWN);
	assert_true(log_has(f, "Warning: Unrecognized external command -> ISABLE_NOTIFICATIONS;"));
	assert_true(log_has(f, "External command [1]DISABLE_NOTIFICATIONS returned error "
	                       "Unknown or unsupported command"));
	assert_int_equal(f->gen.cfg.enable_notifications, 1);
	/* malformed: no '[', no ']', nothing after it, an empty name, control bytes */
	log_clear(f);
	assert_int_equal(extcmd_process(&f->x, "ENABLE_NOTIFICATIONS", 20, f->now, NULL),
	    EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1 ENABLE_NOTIFICATIONS", 23, f->now, NULL),
	    EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1]   ", 6, f->now, NULL), EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1];x", 5, f->now, NULL), EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1] ;x", 6, f->now, NULL), EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "", 0, f->now, NULL), EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1] DISABLE_NOTIFICATIONS\x01", 26, f->now,
	    NULL), EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, "[1] DISABLE_\0NOTIFICATIONS", 26, f->now, NULL),
	    EXTCMD_MALFORMED);
	assert_int_equal(f->gen.cfg.enable_notifications, 1);
	assert_true(log_has(f, "External command [1] DISABLE_?NOTIFICATIONS returned error "
	                       "Malformed command"));
	assert_true(log_has(f, "External command ENABLE_NOTIFICATIONS returned error "
	                       "Malformed command"));
	assert_int_equal(log_lines(f), 8);
	/* a NUL at the end is no blank; the echoed line loses its blanks at both ends */
	assert_int_equal(extcmd_process(&f->x, "[1] DISABLE_NOTIFICATIONS\0", 26, f->now, NULL),
	    EXTCMD_MALFORMED);
	assert_int_equal(extcmd_process(&f->x, " \t[2] NOPE;x \r", 14, f->now, NULL),
	    EXTCMD_UNKNOWN);
	assert_true(log_has(f, "External command [2] NOPE;x returned error Unknown or "
	                       "unsupported command"));
	assert_true(log_has(f, "Warning: Unrecognized external command -> NOPE;x"));
	assert_int_equal(f->gen.cfg.enable_notifications, 1);
	/* custom commands are accepted and logged, and do nothing */
	log_clear(f);
	assert_int_equal(run(f, "_MY_MODULE;a;b"), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_true(log_has(f, "EXTERNAL COMMAND: _MY_MODULE;a;b"));
	assert_int_equal(log_lines(f), 1);
}

static void
t_log_switches(void **state)
{
	struct fx *f = *state;
	struct nlog *l = f->x.log;

	/* a failed command: the EXTERNAL COMMAND line, then the error, then the reader's line */
	assert_int_equal(run(f, "ENABLE_HOST_CHECK;nosuch"), EXTCMD_FAILED);
	assert_int_equal(log_lines(f), 3);
	assert_true(log_has(f, "EXTERNAL COMMAND: ENABLE_HOST_CHECK;nosuch"));
	assert_true(log_has(f, "Error: External command failed -> ENABLE_HOST_CHECK;nosuch"));
	{
		char want[256];

		snprintf(want, sizeof(want), "External command [%lld] ENABLE_HOST_CHECK;nosuch "
		    "returned error Command failed", (long long)f->now);
		assert_true(log_has(f, want));
	}
	/* log_external_commands=0: no EXTERNAL COMMAND line, errors still */
	log_clear(f);
	f->gen.cfg.log_external_commands = 0;
	assert_int_equal(run(f, "DISABLE_HOST_CHECK;h1"), EXTCMD_OK);
	assert_int_equal(run(f, "DISABLE_HOST_CHECK;nosuch"), EXTCMD_FAILED);
	assert_int_equal(log_lines(f), 2);
	/* replaying or no log: nothing, but the command is applied */
	log_clear(f);
	f->gen.cfg.log_external_commands = 1;
	f->x.replaying = 1;
	assert_int_equal(run(f, "ENABLE_HOST_CHECK;h1"), EXTCMD_OK);
	assert_int_equal(run(f, "NO_SUCH"), EXTCMD_UNKNOWN);
	f->x.replaying = 0;
	f->x.log = NULL;
	assert_int_equal(run(f, "DISABLE_HOST_CHECK;h1"), EXTCMD_OK);
	assert_int_equal(run(f, "NO_SUCH"), EXTCMD_UNKNOWN);
	f->x.log = l;
	assert_int_equal(log_lines(f), 0);
	assert_int_equal(HS(f, "h1")->active_checks_enabled, 0);
	/* check_external_commands=0: refused unless replaying */
	f->gen.cfg.check_external_commands = 0;
	assert_int_equal(run(f, "ENABLE_HOST_CHECK;h1"), EXTCMD_DISABLED);
	assert_int_equal(HS(f, "h1")->active_checks_enabled, 0);
	f->x.replaying = 1;
	assert_int_equal(run(f, "ENABLE_HOST_CHECK;h1"), EXTCMD_OK);
	assert_int_equal(HS(f, "h1")->active_checks_enabled, 1);
	assert_int_equal(log_lines(f), 0);
}

/* ---- toggles ---- */

static void
t_program_switches(void **state)
{
	static const struct {
		const char *on, *off;
		size_t field;
		unsigned long attr;
		int host, svc;
	} sw[] = {
		{ "ENABLE_NOTIFICATIONS", "DISABLE_NOTIFICATIONS",
		    offsetof(struct main_cfg, enable_notifications), 1, 1, 1 },
		{ "ENTER_ACTIVE_MODE", "ENTER_STANDBY_MODE",
		    offsetof(struct main_cfg, enable_notifications), 1, 1, 1 },
		{ "START_EXECUTING_SVC_CHECKS", "STOP_EXECUTING_SVC_CHECKS",
		    offsetof(struct main_cfg, execute_service_checks), 2, 0, 1 },
		{ "START_EXECUTING_HOST_CHECKS", "STOP_EXECUTING_HOST_CHECKS",
		    offsetof(struct main_cfg, execute_host_checks), 2, 1, 0 },
		{ "START_ACCEPTING_PASSIVE_SVC_CHECKS", "STOP_ACCEPTING_PASSIVE_SVC_CHECKS",
		    offsetof(struct main_cfg, accept_passive_service_checks), 4, 0, 1 },
		{ "START_ACCEPTING_PASSIVE_HOST_CHECKS", "STOP_ACCEPTING_PASSIVE_HOST_CHECKS",
		    offsetof(struct main_cfg, accept_passive_host_checks), 4, 1, 0 },
		{ "ENABLE_EVENT_HANDLERS", "DISABLE_EVENT_HANDLERS",
		    offsetof(struct main_cfg, enable_event_handlers), 8, 1, 1 },
		{ "ENABLE_FLAP_DETECTION", "DISABLE_FLAP_DETECTION",
		    offsetof(struct main_cfg, enable_flap_detection), 16, 1, 1 },
		{ "ENABLE_PERFORMANCE_DATA", "DISABLE_PERFORMANCE_DATA",
		    offsetof(struct main_cfg, process_performance_data), 64, 1, 1 },
		{ "START_OBSESSING_OVER_SVC_CHECKS", "STOP_OBSESSING_OVER_SVC_CHECKS",
		    offsetof(struct main_cfg, obsess_over_services), 128, 0, 1 },
		{ "START_OBSESSING_OVER_HOST_CHECKS", "STOP_OBSESSING_OVER_HOST_CHECKS",
		    offsetof(struct main_cfg, obsess_over_hosts), 128, 1, 0 },
		{ "ENABLE_SERVICE_FRESHNESS_CHECKS", "DISABLE_SERVICE_FRESHNESS_CHECKS",
		    offsetof(struct main_cfg, check_service_freshness), 8192, 0, 1 },
		{ "ENABLE_HOST_FRESHNESS_CHECKS", "DISABLE_HOST_FRESHNESS_CHECKS",
		    offsetof(struct main_cfg, check_host_freshness), 8192, 1, 0 },
	};
	struct fx *f = *state;
	size_t i;

	for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		int *v = (int *)(void *)((char *)&f->gen.cfg + sw[i].field);

		f->prog.modified_host_attributes = f->prog.modified_service_attributes = 0;
		*v = 1;
		/* already on: nothing changes, not even the bits */
		assert_int_equal(run(f, "%s", sw[i].on), EXTCMD_OK);
		assert_int_equal(f->journal, 0);
		assert_int_equal(f->prog.modified_host_attributes, 0);
		assert_int_equal(run(f, "%s", sw[i].off), EXTCMD_OK);
		assert_int_equal(*v, 0);
		assert_int_equal(f->journal, 1);
		assert_int_equal(f->prog.modified_host_attributes, sw[i].host ? sw[i].attr : 0);
		assert_int_equal(f->prog.modified_service_attributes, sw[i].svc ? sw[i].attr : 0);
		assert_int_equal(run(f, "%s", sw[i].on), EXTCMD_OK);
		assert_int_equal(*v, 1);
		/* program commands ignore what follows them (cmd.cgi sends a time) */
		assert_int_equal(run(f, "%s;%lld", sw[i].off, (long long)f->now), EXTCMD_OK);
		assert_int_equal(*v, 0);
		assert_int_equal(run(f, "%s;x;y", sw[i].on), EXTCMD_OK);
		assert_int_equal(*v, 1);
	}
}

static void
t_host_svc_toggles(void **state)
{
	static const struct {
		const char *on, *off;
		size_t field;
		unsigned long attr;
	} hsw[] = {
		{ "ENABLE_HOST_NOTIFICATIONS", "DISABLE_HOST_NOTIFICATIONS",
		    offsetof(struct state_common, notifications_enabled), 1 },
		{ "ENABLE_HOST_CHECK", "DISABLE_HOST_CHECK",
		    offsetof(struct state_common, active_checks_enabled), 2 },
		{ "ENABLE_PASSIVE_HOST_CHECKS", "DISABLE_PASSIVE_HOST_CHECKS",
		    offsetof(struct state_common, passive_checks_enabled), 4 },
		{ "ENABLE_HOST_EVENT_HANDLER", "DISABLE_HOST_EVENT_HANDLER",
		    offsetof(struct state_common, event_handler_enabled), 8 },
		{ "ENABLE_HOST_FLAP_DETECTION", "DISABLE_HOST_FLAP_DETECTION",
		    offsetof(struct state_common, flap_detection_enabled), 16 },
		{ "START_OBSESSING_OVER_HOST", "STOP_OBSESSING_OVER_HOST",
		    offsetof(struct state_common, obsess), 128 },
	}, ssw[] = {
		{ "ENABLE_SVC_NOTIFICATIONS", "DISABLE_SVC_NOTIFICATIONS",
		    offsetof(struct state_common, notifications_enabled), 1 },
		{ "ENABLE_SVC_CHECK", "DISABLE_SVC_CHECK",
		    offsetof(struct state_common, active_checks_enabled), 2 },
		{ "ENABLE_PASSIVE_SVC_CHECKS", "DISABLE_PASSIVE_SVC_CHECKS",
		    offsetof(struct state_common, passive_checks_enabled), 4 },
		{ "ENABLE_SVC_EVENT_HANDLER", "DISABLE_SVC_EVENT_HANDLER",
		    offsetof(struct state_common, event_handler_enabled), 8 },
		{ "ENABLE_SVC_FLAP_DETECTION", "DISABLE_SVC_FLAP_DETECTION",
		    offsetof(struct state_common, flap_detection_enabled), 16 },
		{ "START_OBSESSING_OVER_SVC", "STOP_OBSESSING_OVER_SVC",
		    offsetof(struct state_common, obsess), 128 },
	};
	struct fx *f = *state;
	struct state_common *h = HS(f, "h3"), *s = SS(f, "h3", "d");
	size_t i;

	for (i = 0; i < sizeof(hsw) / sizeof(hsw[0]); i++) {
		int *v = (int *)(void *)((char *)h + hsw[i].field);

		h->modified_attributes = 0;
		*v = 1;
		assert_int_equal(run(f, "%s;h3", hsw[i].on), EXTCMD_OK);
		assert_int_equal(h->modified_attributes, 0);
		assert_int_equal(run(f, "%s;h3", hsw[i].off), EXTCMD_OK);
		assert_int_equal(*v, 0);
		assert_int_equal(h->modified_attributes, hsw[i].attr);
		assert_int_equal(f->journal, 1);
		assert_int_equal(run(f, "%s;H3", hsw[i].on), EXTCMD_FAILED); /* names are exact */
		assert_int_equal(run(f, "%s;h3;", hsw[i].on), EXTCMD_OK);
		assert_int_equal(*v, 1);
	}
	for (i = 0; i < sizeof(ssw) / sizeof(ssw[0]); i++) {
		int *v = (int *)(void *)((char *)s + ssw[i].field);

		s->modified_attributes = 0;
		*v = 1;
		assert_int_equal(run(f, "%s;h3;d", ssw[i].off), EXTCMD_OK);
		assert_int_equal(*v, 0);
		assert_int_equal(s->modified_attributes, ssw[i].attr);
		assert_int_equal(run(f, "%s;h3", ssw[i].on), EXTCMD_FAILED);
		assert_int_equal(run(f, "%s;h3;nosuch", ssw[i].on), EXTCMD_FAILED);
		assert_int_equal(*v, 0);
		assert_int_equal(run(f, "%s;h3;d", ssw[i].on), EXTCMD_OK);
		assert_int_equal(*v, 1);
	}
	/* author;comment after a host or service command: a user comment on it */
	assert_int_equal(run(f, "DISABLE_HOST_NOTIFICATIONS;h3;alice;down for a;while"), EXTCMD_OK);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_USER), 1);
	assert_string_equal(last_comment(f)->author, "alice");
	/* the comment ends at the next ';' and the rest is ignored */
	assert_string_equal(last_comment(f)->text, "down for a");
	assert_int_equal(last_comment(f)->persistent, 0);
	assert_int_equal(last_comment(f)->source, COMMENT_SOURCE_EXTERNAL);
	assert_int_equal(last_comment(f)->entry_time, f->now);
	/* an unchanged switch still gets the comment, and journals it */
	assert_int_equal(run(f, "DISABLE_SVC_NOTIFICATIONS;h3;d;bob;x"), EXTCMD_OK);
	assert_int_equal(run(f, "DISABLE_SVC_NOTIFICATIONS;h3;d;bob;y"), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_int_equal(ncomments(f, "h3", "d", COMMENT_USER), 2);
	/* an author without a comment: no comment, the command applied */
	assert_int_equal(run(f, "ENABLE_SVC_NOTIFICATIONS;h3;d;bob"), EXTCMD_OK);
	assert_int_equal(s->notifications_enabled, 1);
	assert_int_equal(ncomments(f, "h3", "d", COMMENT_USER), 2);
}

static void
t_group_toggles(void **state)
{
	struct fx *f = *state;
	int c1 = (int)objects_find_contact(f->gen.objs, "c1")->id;
	int c2 = (int)objects_find_contact(f->gen.objs, "c2")->id;
	size_t n;

	/* hostgroup: hosts, then services, each with the comment */
	assert_int_equal(run(f, "DISABLE_HOSTGROUP_HOST_NOTIFICATIONS;hg;ann;maint"), EXTCMD_OK);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h2")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h3")->notifications_enabled, 1);
	assert_int_equal(ncomments(f, "h1", NULL, COMMENT_USER), 1);
	assert_int_equal(ncomments(f, "h2", NULL, COMMENT_USER), 1);
	assert_int_equal(run(f, "DISABLE_HOSTGROUP_SVC_CHECKS;hg"), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "a")->active_checks_enabled, 0);
	assert_int_equal(SS(f, "h1", "b")->active_checks_enabled, 0);
	assert_int_equal(SS(f, "h2", "c")->active_checks_enabled, 0);
	assert_int_equal(SS(f, "h3", "d")->active_checks_enabled, 1);
	assert_int_equal(SS(f, "h2", "c")->modified_attributes, 2);
	assert_int_equal(run(f, "DISABLE_HOSTGROUP_PASSIVE_SVC_CHECKS;hg;ann;x"), EXTCMD_OK);
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_USER), 1);
	assert_int_equal(ncomments(f, "h2", "c", COMMENT_USER), 1);
	assert_int_equal(run(f, "DISABLE_HOSTGROUP_HOST_CHECKS;nosuch"), EXTCMD_FAILED);
	/* servicegroup: its services, or their hosts once each */
	assert_int_equal(run(f, "ENABLE_SERVICEGROUP_SVC_CHECKS;sg"), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "a")->active_checks_enabled, 1);
	assert_int_equal(SS(f, "h2", "c")->active_checks_enabled, 1);
	assert_int_equal(run(f, "DISABLE_SERVICEGROUP_PASSIVE_HOST_CHECKS;sg;zed;sg hosts"),
	    EXTCMD_OK);
	assert_int_equal(HS(f, "h1")->passive_checks_enabled, 0);
	assert_int_equal(HS(f, "h2")->passive_checks_enabled, 0);
	assert_int_equal(HS(f, "router")->passive_checks_enabled, 1);
	assert_int_equal(ncomments(f, "h1", NULL, COMMENT_USER), 2); /* once, not per service */
	assert_int_equal(run(f, "ENABLE_SERVICEGROUP_HOST_NOTIFICATIONS;sg"), EXTCMD_OK);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 1);
	/* a host's services */
	assert_int_equal(run(f, "DISABLE_HOST_SVC_NOTIFICATIONS;h1;u;c"), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "a")->notifications_enabled, 0);
	assert_int_equal(SS(f, "h1", "b")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 1);
	assert_int_equal(ncomments(f, "h1", NULL, COMMENT_USER), 3); /* on the host */
	assert_int_equal(run(f, "DISABLE_HOST_SVC_CHECKS;h3"), EXTCMD_OK);
	assert_int_equal(SS(f, "h3", "d")->active_checks_enabled, 0);
	/* the host and the hosts below it; beyond: below only, services too */
	assert_int_equal(run(f, "DISABLE_HOST_AND_CHILD_NOTIFICATIONS;router"), EXTCMD_OK);
	assert_int_equal(HS(f, "router")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h2")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h3")->notifications_enabled, 1);
	assert_int_equal(SS(f, "h2", "c")->notifications_enabled, 1);
	assert_int_equal(run(f, "ENABLE_ALL_NOTIFICATIONS_BEYOND_HOST;router"), EXTCMD_OK);
	assert_int_equal(HS(f, "router")->notifications_enabled, 0);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 1);
	assert_int_equal(HS(f, "h2")->notifications_enabled, 1);
	assert_int_equal(SS(f, "h1", "a")->notifications_enabled, 1);
	assert_int_equal(SS(f, "router", "ping")->notifications_enabled, 1);
	assert_int_equal(run(f, "DISABLE_ALL_NOTIFICATIONS_BEYOND_HOST;h1"), EXTCMD_OK);
	assert_int_equal(HS(f, "h1")->notifications_enabled, 1);
	assert_int_equal(HS(f, "h2")->notifications_enabled, 0);
	assert_int_equal(SS(f, "h2", "c")->notifications_enabled, 0);
	assert_int_equal(SS(f, "h1", "a")->notifications_enabled, 1);
	/* contacts and contactgroups: their own bit words */
	assert_int_equal(run(f, "DISABLE_CONTACT_HOST_NOTIFICATIONS;c1"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].host_notifications_enabled, 0);
	assert_int_equal(f->contacts[c1].modified_host_attributes, 1);
	assert_int_equal(f->contacts[c1].modified_service_attributes, 0);
	assert_int_equal(run(f, "DISABLE_CONTACTGROUP_SVC_NOTIFICATIONS;cg"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].service_notifications_enabled, 0);
	assert_int_equal(f->contacts[c2].service_notifications_enabled, 0);
	assert_int_equal(f->contacts[c2].modified_service_attributes, 1);
	assert_int_equal(run(f, "ENABLE_CONTACTGROUP_HOST_NOTIFICATIONS;cg"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].host_notifications_enabled, 1);
	assert_int_equal(run(f, "ENABLE_CONTACT_SVC_NOTIFICATIONS;c2"), EXTCMD_OK);
	assert_int_equal(f->contacts[c2].service_notifications_enabled, 1);
	assert_int_equal(run(f, "ENABLE_CONTACT_SVC_NOTIFICATIONS;nobody"), EXTCMD_FAILED);
	/* contact commands take no comment: what follows is ignored */
	n = comments_count(f->cs);
	assert_int_equal(run(f, "DISABLE_CONTACT_SVC_NOTIFICATIONS;c2;a;b"), EXTCMD_OK);
	assert_int_equal(f->contacts[c2].service_notifications_enabled, 0);
	assert_int_equal(comments_count(f->cs), n);
}

static void
t_active_checks(void **state)
{
	struct fx *f = *state;
	struct state_common *st = SS(f, "h1", "a");
	unsigned a = S(f, "h1", "a")->id;

	assert_int_equal(run(f, "DISABLE_SVC_CHECK;h1;a"), EXTCMD_OK);
	assert_int_equal(st->should_be_scheduled, 0);
	/* enabling checks now, as Nagios's enable_service_checks */
	assert_int_equal(run(f, "ENABLE_SVC_CHECK;h1;a"), EXTCMD_OK);
	assert_int_equal(f->runs_svc[a], 1);
	assert_int_equal(st->has_been_checked, 1);
	/* program-wide execution back on: a check that fell off (due while
	 * execution was off, with no check window to move it by) is scheduled
	 * in phase; one still on the schedule is left as it is */
	assert_int_equal(run(f, "STOP_EXECUTING_SVC_CHECKS"), EXTCMD_OK);
	st->check_interval = 0.001;
	assert_int_equal(run(f, "SCHEDULE_SVC_CHECK;h1;a;%ld", (long)f->now), EXTCMD_OK);
	assert_int_equal(checker_scheduled(f->c, S(f, "h1", "a")->host, S(f, "h1", "a")), 0);
	assert_int_equal(st->should_be_scheduled, 0);
	st->check_interval = 5;
	st->next_check = f->now - 100;
	SS(f, "h1", "b")->should_be_scheduled = 0;
	assert_int_equal(run(f, "START_EXECUTING_SVC_CHECKS"), EXTCMD_OK);
	assert_int_equal(st->should_be_scheduled, 1);
	assert_true(st->next_check >= f->now + 199 && st->next_check <= f->now + 201);
	assert_int_equal(f->runs_svc[a], 1);
	assert_int_equal(SS(f, "h1", "b")->should_be_scheduled, 0);
	/* no interval: enabled, but not scheduled */
	assert_int_equal(run(f, "CHANGE_NORMAL_SVC_CHECK_INTERVAL;h1;b;0"), EXTCMD_OK);
	assert_int_equal(run(f, "DISABLE_SVC_CHECK;h1;b"), EXTCMD_OK);
	assert_int_equal(run(f, "ENABLE_SVC_CHECK;h1;b"), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "b")->should_be_scheduled, 0);
	assert_int_equal(f->runs_svc[S(f, "h1", "b")->id], 0);
	/* an interval again: checked now */
	assert_int_equal(run(f, "CHANGE_NORMAL_SVC_CHECK_INTERVAL;h1;b;3"), EXTCMD_OK);
	assert_int_equal(f->runs_svc[S(f, "h1", "b")->id], 1);
	assert_true(SS(f, "h1", "b")->check_interval == 3.0);
}

static void
t_schedule_checks(void **state)
{
	struct fx *f = *state;
	unsigned d = S(f, "h3", "d")->id, h3 = H(f, "h3")->id, router = H(f, "router")->id;
	int before;

	/* not forced with checks off: nothing; forced: runs */
	assert_int_equal(run(f, "DISABLE_SVC_CHECK;h3;d"), EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_SVC_CHECK;h3;d;%lld", (long long)f->now), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(f->runs_svc[d], 0);
	assert_int_equal(run(f, "SCHEDULE_FORCED_SVC_CHECK;h3;d;%lld", (long long)f->now),
	    EXTCMD_OK);
	assert_int_equal(f->runs_svc[d], 1);
	before = f->runs_host[h3];
	assert_int_equal(run(f, "SCHEDULE_FORCED_HOST_CHECK;h3;%lld", (long long)f->now),
	    EXTCMD_OK);
	assert_int_equal(f->runs_host[h3], before + 1);
	/* a later time: kept only when forced; on the wheel, not run */
	before = f->runs_host[router];
	assert_int_equal(run(f, "SCHEDULE_HOST_CHECK;router;%lld", (long long)f->now + 3000),
	    EXTCMD_OK);
	assert_true(HS(f, "router")->next_check < f->now + 2999);
	assert_int_equal(run(f, "SCHEDULE_FORCED_HOST_CHECK;router;%lld", (long long)f->now + 600),
	    EXTCMD_OK);
	assert_int_equal(f->runs_host[router], before);
	assert_true(HS(f, "router")->next_check >= f->now + 599);
	assert_true(HS(f, "router")->next_check <= f->now + 601);
	assert_int_equal(run(f, "SCHEDULE_FORCED_HOST_SVC_CHECKS;h1;%lld;op;why",
	    (long long)f->now), EXTCMD_OK);
	assert_int_equal(f->runs_svc[S(f, "h1", "a")->id], 1);
	assert_int_equal(f->runs_svc[S(f, "h1", "b")->id], 1);
	assert_int_equal(ncomments(f, "h1", NULL, COMMENT_USER), 1);
	assert_int_equal(f->journal, 1); /* for the comment */
	/* a time that is not a number reads as 0, as strtoul reads it: due at once */
	before = f->runs_svc[S(f, "h3", "d")->id];
	assert_int_equal(run(f, "SCHEDULE_FORCED_SVC_CHECK;h3;d;soon"), EXTCMD_OK);
	assert_int_equal(f->runs_svc[S(f, "h3", "d")->id], before + 1);
	assert_int_equal(run(f, "SCHEDULE_SVC_CHECK;h3;d"), EXTCMD_FAILED);
}

/* ---- acknowledgements and comments ---- */

static void
t_acks(void **state)
{
	struct fx *f = *state;
	struct state_common *a = SS(f, "h1", "a"), *h = HS(f, "h3");

	/* OK or UP: nothing to acknowledge, and no error */
	log_clear(f);
	assert_int_equal(run(f, "ACKNOWLEDGE_SVC_PROBLEM;h1;a;2;1;1;al;ok?"), EXTCMD_OK);
	assert_int_equal(a->problem_has_been_acknowledged, 0);
	assert_int_equal(f->journal, 0);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(log_lines(f), 1);
	/* a problem: sticky, persistent comment */
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;h1;a;2;broken"), EXTCMD_OK);
	assert_int_equal(a->current_state, 2);
	assert_int_equal(run(f, "ACKNOWLEDGE_SVC_PROBLEM;h1;a;2;0;1;al;on it; really"), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_int_equal(a->problem_has_been_acknowledged, 1);
	assert_int_equal(a->acknowledgement_type, 2);
	assert_int_equal(last_comment(f)->entry_type, COMMENT_ACKNOWLEDGEMENT);
	assert_string_equal(last_comment(f)->text, "on it; really");
	assert_string_equal(last_comment(f)->svc, "a");
	assert_int_equal(last_comment(f)->persistent, 1);
	assert_int_equal(last_comment(f)->source, COMMENT_SOURCE_INTERNAL);
	/* again, normal and not persistent: a second comment */
	assert_int_equal(run(f, "ACKNOWLEDGE_SVC_PROBLEM;h1;a;1;0;0;bo;second"), EXTCMD_OK);
	assert_int_equal(a->acknowledgement_type, 1);
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_ACKNOWLEDGEMENT), 2);
	/* removing it deletes the non-persistent ack comments only */
	assert_int_equal(run(f, "ADD_SVC_COMMENT;h1;a;0;me;user"), EXTCMD_OK);
	assert_int_equal(run(f, "REMOVE_SVC_ACKNOWLEDGEMENT;h1;a"), EXTCMD_OK);
	assert_int_equal(a->problem_has_been_acknowledged, 0);
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_ACKNOWLEDGEMENT), 1);
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_USER), 1);
	/* hosts: any type but 2 is normal */
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;1;down"), EXTCMD_OK);
	assert_int_equal(h->current_state, 1);
	assert_int_equal(run(f, "ACKNOWLEDGE_HOST_PROBLEM;h3;7;1;0;al;x"), EXTCMD_OK);
	assert_int_equal(h->problem_has_been_acknowledged, 1);
	assert_int_equal(h->acknowledgement_type, 1);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_ACKNOWLEDGEMENT), 1);
	assert_int_equal(run(f, "REMOVE_HOST_ACKNOWLEDGEMENT;h3"), EXTCMD_OK);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_ACKNOWLEDGEMENT), 0);
	/* refusals */
	assert_int_equal(run(f, "ACKNOWLEDGE_HOST_PROBLEM;h3;2;1;0;al"), EXTCMD_FAILED);
	assert_int_equal(run(f, "ACKNOWLEDGE_HOST_PROBLEM;h3;2;1;0;al;"), EXTCMD_FAILED);
	assert_int_equal(run(f, "ACKNOWLEDGE_SVC_PROBLEM;h3;nosuch;2;1;0;al;x"), EXTCMD_FAILED);
	assert_int_equal(h->problem_has_been_acknowledged, 0);
	/* numbers as atoi reads them: "two" is 0 (normal), "2x" is 2 (sticky); the comment
	 * is the rest of the line */
	assert_int_equal(run(f, "ACKNOWLEDGE_HOST_PROBLEM;h3;two;1;0;al;x;y"), EXTCMD_OK);
	assert_int_equal(h->problem_has_been_acknowledged, 1);
	assert_int_equal(h->acknowledgement_type, 1);
	assert_string_equal(last_comment(f)->text, "x;y");
	assert_int_equal(run(f, "REMOVE_HOST_ACKNOWLEDGEMENT;h3;extra;fields"), EXTCMD_OK);
	assert_int_equal(h->problem_has_been_acknowledged, 0);
	assert_int_equal(run(f, "ACKNOWLEDGE_HOST_PROBLEM;h3;2x;;;al;x"), EXTCMD_OK);
	assert_int_equal(h->acknowledgement_type, 2);
}

static void
t_comments(void **state)
{
	struct fx *f = *state;
	unsigned long hid, sid;
	const char *line;

	f->prog.next_comment_id = 7;
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;5;carol;a;b;c"), EXTCMD_OK);
	hid = last_comment(f)->id;
	assert_int_equal(hid, 7);
	assert_int_equal(f->prog.next_comment_id, 8);
	assert_int_equal(last_comment(f)->persistent, 1); /* clamped */
	assert_string_equal(last_comment(f)->text, "a;b;c");
	assert_int_equal(last_comment(f)->entry_type, COMMENT_USER);
	assert_int_equal(last_comment(f)->source, COMMENT_SOURCE_EXTERNAL);
	assert_null(last_comment(f)->svc);
	/* the entry time is the command's */
	line = "[1000] ADD_SVC_COMMENT;h2;c;-1;dave;svc note";
	assert_int_equal(extcmd_process(&f->x, line, strlen(line), f->now, &f->journal), EXTCMD_OK);
	sid = last_comment(f)->id;
	assert_int_equal(last_comment(f)->entry_time, 1000);
	assert_int_equal(last_comment(f)->persistent, 0);
	assert_string_equal(last_comment(f)->svc, "c");
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;1;carol"), EXTCMD_FAILED);
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;1;carol;"), EXTCMD_FAILED);
	/* "yes" reads as 0, as atoi reads it */
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;yes;carol;x"), EXTCMD_OK);
	assert_int_equal(last_comment(f)->persistent, 0);
	assert_int_equal(run(f, "DEL_HOST_COMMENT;%lu;x;y", last_comment(f)->id), EXTCMD_OK);
	assert_int_equal(run(f, "ADD_SVC_COMMENT;h2;zz;1;carol;x"), EXTCMD_FAILED);
	/* DEL_HOST_COMMENT takes host comments only, and an unknown id is no error */
	assert_int_equal(run(f, "DEL_HOST_COMMENT;%lu", sid), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_non_null(comments_find(f->cs, sid));
	assert_int_equal(run(f, "DEL_SVC_COMMENT;%lu", sid), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_null(comments_find(f->cs, sid));
	assert_int_equal(run(f, "DEL_HOST_COMMENT;999"), EXTCMD_OK);
	assert_int_equal(run(f, "DEL_HOST_COMMENT;0"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_HOST_COMMENT;x"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_HOST_COMMENT;%lu", hid), EXTCMD_OK);
	assert_null(comments_find(f->cs, hid));
	/* all of an object's comments, persistent ones too, not its services' */
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;1;e;one"), EXTCMD_OK);
	assert_int_equal(run(f, "ADD_HOST_COMMENT;h2;0;e;two"), EXTCMD_OK);
	assert_int_equal(run(f, "ADD_SVC_COMMENT;h2;c;1;e;three"), EXTCMD_OK);
	assert_int_equal(run(f, "DEL_ALL_HOST_COMMENTS;h2"), EXTCMD_OK);
	assert_int_equal(ncomments(f, "h2", NULL, 0), 0);
	assert_int_equal(ncomments(f, "h2", "c", 0), 1);
	assert_int_equal(run(f, "DEL_ALL_SVC_COMMENTS;h2;c"), EXTCMD_OK);
	assert_int_equal(comments_count(f->cs), 0);
	assert_int_equal(run(f, "DEL_ALL_SVC_COMMENTS;h2"), EXTCMD_FAILED);
}

/* ---- downtime ---- */

static void
t_downtime(void **state)
{
	struct fx *f = *state;
	long long s = f->now - 60, e = f->now + 3600;
	const struct downtime *d;

	f->prog.next_downtime_id = 1;
	/* fixed host downtime whose start has come, its comment made; it starts
	 * on the loop's next pass (the store asks for a tick), not in the command */
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h3;%lld;%lld;1;0;77;op;patch; reboot", s,
	    e), EXTCMD_OK);
	assert_int_equal(f->dt_soons, 1);
	assert_int_equal(f->journal, 1);
	d = find_downtime(f, "h3", NULL);
	assert_non_null(d);
	assert_int_equal(d->fixed, 1);
	assert_int_equal(d->duration, 3660); /* a fixed downtime's duration is its span */
	assert_int_equal(d->entry_time, f->now);
	assert_string_equal(d->comment, "patch"); /* a ';' ends the comment */
	assert_int_equal(d->is_in_effect, 0);
	assert_int_equal(HS(f, "h3")->scheduled_downtime_depth, 0);
	downtimes_tick(f->dt, f->now);
	assert_int_equal(d->is_in_effect, 1);
	assert_int_equal(HS(f, "h3")->scheduled_downtime_depth, 1);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_DOWNTIME), 1);
	/* flexible service downtime needs a duration */
	assert_int_equal(run(f, "SCHEDULE_SVC_DOWNTIME;h3;d;%lld;%lld;0;0;0;op;x", s, e),
	    EXTCMD_FAILED);
	assert_int_equal(run(f, "SCHEDULE_SVC_DOWNTIME;h3;d;%lld;%lld;0;0;600;op;x", s, e),
	    EXTCMD_OK);
	d = find_downtime(f, "h3", "d");
	assert_non_null(d);
	assert_int_equal(d->fixed, 0);
	assert_int_equal(d->duration, 600);
	/* refused by the store (the end is past, end before start, unknown trigger):
	 * dropped without an error, as Nagios's cmd_schedule_downtime drops it */
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;1;0;0;op;x", s - 100, s),
	    EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;1;0;0;op;x", e, s),
	    EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;1;9999;0;op;x", s, e),
	    EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(ndowntimes(f, "h2", NULL), 0);
	/* refused by the command: no comment, a flexible one without a duration */
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;1;0;0;op", s, e),
	    EXTCMD_FAILED);
	/* fixed below 0 without a duration: past the command's test, refused by the store */
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;-1;0;0;op;x", s, e),
	    EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h2", NULL), 0);
	/* numbers as Nagios reads them: "soon" is 0 (strtoul), a fixed value below 0
	 * (atoi) is flexible */
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;soon;%lld;1;0;0;op;x", e), EXTCMD_OK);
	d = find_downtime(f, "h2", NULL);
	assert_non_null(d);
	assert_int_equal(d->start_time, 0);
	assert_int_equal(d->duration, (unsigned long)e);
	assert_int_equal(run(f, "DEL_HOST_DOWNTIME;%lu;x;y", d->id), EXTCMD_OK);
	assert_int_equal(run(f, "SCHEDULE_HOST_DOWNTIME;h2;%lld;%lld;-1;0;60x;op;x", s, e),
	    EXTCMD_OK);
	d = find_downtime(f, "h2", NULL);
	assert_non_null(d);
	assert_int_equal(d->fixed, 0);
	assert_int_equal(d->duration, 60);
	assert_int_equal(run(f, "DEL_HOST_DOWNTIME;%lu", d->id), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h2", NULL), 0);
	/* a host's services; groups */
	assert_int_equal(run(f, "SCHEDULE_HOST_SVC_DOWNTIME;h1;%lld;%lld;1;0;0;op;x", s, e),
	    EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "a"), 1);
	assert_int_equal(ndowntimes(f, "h1", "b"), 1);
	assert_int_equal(ndowntimes(f, "h1", ""), 0);
	assert_int_equal(run(f, "SCHEDULE_HOSTGROUP_HOST_DOWNTIME;hg;%lld;%lld;1;0;0;op;x", s, e),
	    EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", ""), 1);
	assert_int_equal(ndowntimes(f, "h2", ""), 1);
	assert_int_equal(run(f, "SCHEDULE_HOSTGROUP_SVC_DOWNTIME;hg;%lld;%lld;1;0;0;op;x", s, e),
	    EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "a"), 2);
	assert_int_equal(ndowntimes(f, "h2", "c"), 1);
	assert_int_equal(run(f, "SCHEDULE_SERVICEGROUP_HOST_DOWNTIME;sg;%lld;%lld;1;0;0;op;sgh", s,
	    e), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", ""), 2); /* once for h1, not per service */
	assert_int_equal(ndowntimes(f, "h2", ""), 2);
	assert_int_equal(run(f, "SCHEDULE_SERVICEGROUP_SVC_DOWNTIME;sg;%lld;%lld;1;0;0;op;sgs", s,
	    e), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "b"), 3);
	assert_int_equal(ndowntimes(f, "h3", NULL), 2);
	assert_int_equal(run(f, "SCHEDULE_HOSTGROUP_HOST_DOWNTIME;hg;%lld;%lld;1;0;0;op;x", s, s),
	    EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", ""), 2);
	/* deleting by id: host downtime by DEL_HOST_DOWNTIME only */
	d = find_downtime(f, "h3", "d");
	assert_int_equal(run(f, "DEL_HOST_DOWNTIME;%lu", d->id), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(run(f, "DEL_SVC_DOWNTIME;%lu", d->id), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_int_equal(ndowntimes(f, "h3", "d"), 0);
	d = find_downtime(f, "h3", NULL);
	assert_int_equal(run(f, "DEL_HOST_DOWNTIME;%lu", d->id), EXTCMD_OK);
	assert_int_equal(HS(f, "h3")->scheduled_downtime_depth, 0);
	assert_int_equal(ncomments(f, "h3", NULL, COMMENT_DOWNTIME), 0);
	/* by filters */
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;h1;a"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "a"), 0);
	assert_int_equal(ndowntimes(f, "h1", "b"), 3);
	assert_int_equal(ndowntimes(f, "h1", ""), 2);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;h1;;0;sgs"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", "b"), 2);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;h1;;%lld;sgh", s), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", ""), 1);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME;h1;nosuch"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOST_NAME"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOSTGROUP_NAME;hg;h2"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h2", NULL), 0);
	assert_int_equal(ndowntimes(f, "h1", NULL), 3);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOSTGROUP_NAME;hg;;b"), EXTCMD_OK);
	assert_int_equal(ndowntimes(f, "h1", NULL), 1);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_HOSTGROUP_NAME;nosuch"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT"), EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;;nothing like it"),
	    EXTCMD_FAILED);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;%lld", s), EXTCMD_OK);
	assert_int_equal(downtimes_count(f->dt), 0);
}

static void
t_downtime_propagate(void **state)
{
	struct fx *f = *state;
	long long s = f->now + 600, e = f->now + 3600;
	const struct downtime *r, *h1, *h2;
	unsigned long next;

	f->prog.next_downtime_id = 1;
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_HOST_DOWNTIME;router;%lld;%lld;1;0;0;op;p",
	    s, e), EXTCMD_OK);
	r = find_downtime(f, "router", NULL);
	h1 = find_downtime(f, "h1", NULL);
	h2 = find_downtime(f, "h2", NULL);
	assert_non_null(r);
	assert_non_null(h1);
	assert_non_null(h2);
	/* Nagios's order: the top, then each child after its own children */
	assert_int_equal(r->id, 1);
	assert_int_equal(h2->id, 2);
	assert_int_equal(h1->id, 3);
	assert_int_equal(h1->triggered_by, 0);
	assert_null(find_downtime(f, "h3", NULL));
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;;p"), EXTCMD_OK);
	assert_int_equal(downtimes_count(f->dt), 0);
	/* triggered: the children by the top's downtime */
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME;h1;%lld;%lld;1;0;0;"
	    "op;t", s, e), EXTCMD_OK);
	h1 = find_downtime(f, "h1", NULL);
	h2 = find_downtime(f, "h2", NULL);
	assert_non_null(h2);
	assert_int_equal(h1->triggered_by, 0);
	assert_int_equal(h2->triggered_by, h1->id);
	assert_null(find_downtime(f, "router", NULL));
	/* the top refused: nothing, and no error (Nagios ignores the refusal) */
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_HOST_DOWNTIME;router;%lld;%lld;1;0;0;op;p",
	    e, s), EXTCMD_OK);
	assert_int_equal(downtimes_count(f->dt), 2);
	/* starting now: nothing starts inside the command; at the loop's next
	 * pass the top starts and the children it triggers with it */
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;;t"), EXTCMD_OK);
	f->dt_soons = 0;
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME;h1;%lld;%lld;1;0;0;"
	    "op;n", (long long)f->now, e), EXTCMD_OK);
	assert_int_equal(f->dt_soons, 1); /* the top; the children wait for it */
	h1 = find_downtime(f, "h1", NULL);
	h2 = find_downtime(f, "h2", NULL);
	assert_int_equal(h2->triggered_by, h1->id);
	assert_int_equal(h1->is_in_effect + h2->is_in_effect, 0);
	downtimes_tick(f->dt, f->now);
	assert_int_equal(h1->is_in_effect, 1);
	assert_int_equal(h2->is_in_effect, 1);
	assert_int_equal(HS(f, "h2")->scheduled_downtime_depth, 1);
	assert_int_equal(run(f, "DEL_DOWNTIME_BY_START_TIME_COMMENT;;n"), EXTCMD_OK);
	assert_int_equal(downtimes_count(f->dt), 0);
	/* an unknown trigger refuses the top's downtime only: the plain form
	 * still gives the hosts below theirs, untriggered (a start of "1e3" is 1) */
	f->journal = 0;
	next = f->prog.next_downtime_id;
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_HOST_DOWNTIME;router;1e3;%lld;0;9999;600;"
	    "op;u", e), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_null(find_downtime(f, "router", NULL));
	h1 = find_downtime(f, "h1", NULL);
	h2 = find_downtime(f, "h2", NULL);
	assert_non_null(h1);
	assert_non_null(h2);
	assert_int_equal(h1->start_time, 1);
	assert_int_equal(h1->fixed + h2->fixed, 0);
	assert_int_equal(h1->triggered_by + h2->triggered_by, 0);
	assert_int_equal(h2->id, next + 1); /* the top used up next */
	assert_int_equal(h1->id, next + 2);
	/* the triggered form: the id the top used up is the trigger below,
	 * unknown there too, and each refusal uses up one more */
	f->journal = 0;
	next = f->prog.next_downtime_id;
	assert_int_equal(run(f, "SCHEDULE_AND_PROPAGATE_TRIGGERED_HOST_DOWNTIME;router;%lld;%lld;1;"
	    "9999;0;op;v", s, e), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(downtimes_count(f->dt), 2);
	assert_int_equal(f->prog.next_downtime_id, next + 3);
}

/* ---- passive results ---- */

static void
t_passive(void **state)
{
	struct fx *f = *state;
	struct state_common *a = SS(f, "h1", "a"), *h3 = HS(f, "h3");
	char line[128];

	/* the PASSIVE line shows the state and output before this result */
	f->gen.cfg.log_external_commands = 0;
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;h1;a;2;disk full|u=1"), EXTCMD_OK);
	assert_int_equal(f->journal, 1);
	assert_true(log_has(f, "EXTERNAL COMMAND: PROCESS_SERVICE_CHECK_RESULT;h1;a;2;"
	                       "disk full|u=1"));
	assert_true(log_has(f, "PASSIVE SERVICE CHECK: h1;a;0;(null)"));
	assert_int_equal(a->current_state, 2);
	assert_int_equal(a->check_type, STATE_CHECK_PASSIVE);
	assert_string_equal(a->output, "disk full");
	assert_int_equal(a->last_check, f->now);
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;h1;a;1;line1\\nline2\\\\x"),
	    EXTCMD_OK);
	assert_true(log_has(f, "PASSIVE SERVICE CHECK: h1;a;2;disk full"));
	assert_int_equal(a->current_state, 1);
	assert_string_equal(a->output, "line1");
	assert_string_equal(a->long_output, "line2\\x");
	/* the result's time is the command's */
	snprintf(line, sizeof(line), "[%lld] PROCESS_SERVICE_CHECK_RESULT;h1;b;1;late",
	    (long long)f->now - 30);
	assert_int_equal(extcmd_process(&f->x, line, strlen(line), f->now, NULL), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "b")->last_check, f->now - 30);
	assert_true(SS(f, "h1", "b")->latency >= 29);
	/* out of range: UNKNOWN; an empty output is allowed */
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;h1;a;9;"), EXTCMD_OK);
	assert_int_equal(a->current_state, 3);
	/* by address (h3 never checked yet; on-demand host checks say DOWN) */
	f->host_rc = 1;
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;10.0.0.4;1;gone"), EXTCMD_OK);
	assert_true(log_has(f, "PASSIVE HOST CHECK: h3;0;(null)"));
	assert_int_equal(h3->current_state, 1);
	assert_string_equal(h3->output, "gone");
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;10.0.0.4;d;2;by addr"), EXTCMD_OK);
	assert_int_equal(SS(f, "h3", "d")->current_state, 2);
	assert_true(log_has(f, "PASSIVE SERVICE CHECK: h3;d;0;(null)"));
	/* never checked, but retention.dat gave it an (empty) output: Nagios has ""
	 * there, not NULL */
	SS(f, "router", "ping")->output_known = 1;
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;router;ping;0;ok"), EXTCMD_OK);
	assert_true(log_has(f, "PASSIVE SERVICE CHECK: router;ping;0;"));
	/* unknown objects: Nagios's warnings (two blanks) and a failure */
	log_clear(f);
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;nohost;a;0;x"), EXTCMD_FAILED);
	assert_true(log_has(f, "Warning:  Passive check result was received for service 'a' on "
	                       "host 'nohost', but the host could not be found!"));
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;10.0.0.2;zz;0;x"), EXTCMD_FAILED);
	assert_true(log_has(f, "Warning:  Passive check result was received for service 'zz' on "
	                       "host '10.0.0.2', but the service could not be found!"));
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;nohost;0;x"), EXTCMD_FAILED);
	assert_true(log_has(f, "Warning:  Passive check result was received for host 'nohost', "
	                       "but the host could not be found!"));
	/* a host result's code must be 0..2, read as atoi reads it */
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;3;x"), EXTCMD_FAILED);
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;-1;x"), EXTCMD_FAILED);
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3"), EXTCMD_FAILED);
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;"), EXTCMD_FAILED);
	assert_int_equal(h3->current_state, 1);
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;1x;still down"), EXTCMD_OK);
	assert_int_equal(h3->current_state, 1);
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;1;down again"), EXTCMD_OK);
	assert_int_equal(h3->current_state, 1);
	/* passive checks off for the object: refused */
	assert_int_equal(run(f, "DISABLE_PASSIVE_SVC_CHECKS;h3;d"), EXTCMD_OK);
	assert_int_equal(run(f, "PROCESS_SERVICE_CHECK_RESULT;h3;d;0;x"), EXTCMD_FAILED);
	assert_int_equal(SS(f, "h3", "d")->current_state, 2);
	/* program-wide: the service switch refuses host results too (Nagios 4.4.6) */
	f->gen.cfg.accept_passive_service_checks = 0;
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;0;x"), EXTCMD_FAILED);
	assert_int_equal(h3->current_state, 1);
	f->gen.cfg.accept_passive_service_checks = 1;
	/* the host switch: dropped without an error */
	f->gen.cfg.accept_passive_host_checks = 0;
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;0;x"), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(h3->current_state, 1);
	f->gen.cfg.accept_passive_host_checks = 1;
	/* log_passive_checks=0: neither line */
	log_clear(f);
	f->gen.cfg.log_passive_checks = 0;
	f->gen.cfg.log_external_commands = 1;
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h3;0;back"), EXTCMD_OK);
	assert_int_equal(h3->current_state, 0);
	assert_int_equal(log_lines(f), 0);
}

/* ---- CHANGE_* and the rest ---- */

static void
t_changes(void **state)
{
	struct fx *f = *state;
	struct state_common *a = SS(f, "h1", "a"), *h = HS(f, "h2");
	int c1 = (int)objects_find_contact(f->gen.objs, "c1")->id;
	time_t before;

	assert_int_equal(run(f, "CHANGE_NORMAL_SVC_CHECK_INTERVAL;h1;a;10"), EXTCMD_OK);
	assert_true(a->check_interval == 10.0);
	assert_int_equal(a->modified_attributes, 1024);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;2.9"), EXTCMD_OK);
	assert_true(a->retry_interval == 2.0); /* (int)strtod, as Nagios */
	assert_int_equal(a->modified_attributes, 1024 | 2048);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;-1"), EXTCMD_FAILED);
	assert_true(a->retry_interval == 2.0);
	/* Nagios's reading: strtol with base 0 to check, strtod for the value */
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;0x258;x"), EXTCMD_OK);
	assert_true(a->retry_interval == 600.0);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;010"), EXTCMD_OK);
	assert_true(a->retry_interval == 10.0);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;1e3"), EXTCMD_OK);
	assert_true(a->retry_interval == 1000.0);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;soon"), EXTCMD_OK);
	assert_true(a->retry_interval == 0.0);
	assert_int_equal(run(f, "CHANGE_RETRY_SVC_CHECK_INTERVAL;h1;a;2"), EXTCMD_OK);
	/* ENABLE_*_CHECK without a check interval: next_check is now all the same,
	 * nothing scheduled (Nagios's enable_service_checks) */
	assert_int_equal(run(f, "CHANGE_NORMAL_SVC_CHECK_INTERVAL;h1;b;0"), EXTCMD_OK);
	assert_int_equal(run(f, "DISABLE_SVC_CHECK;h1;b"), EXTCMD_OK);
	SS(f, "h1", "b")->next_check = 0;
	assert_int_equal(run(f, "ENABLE_SVC_CHECK;h1;b"), EXTCMD_OK);
	assert_int_equal(SS(f, "h1", "b")->next_check, f->now);
	assert_int_equal(SS(f, "h1", "b")->should_be_scheduled, 0);
	assert_int_equal(run(f, "CHANGE_NORMAL_HOST_CHECK_INTERVAL;h2;15"), EXTCMD_OK);
	assert_true(h->check_interval == 15.0);
	assert_int_equal(run(f, "CHANGE_RETRY_HOST_CHECK_INTERVAL;h2;4"), EXTCMD_OK);
	assert_true(h->retry_interval == 4.0);
	/* attempts: a hard problem's attempt follows the new maximum */
	assert_int_equal(run(f, "PROCESS_HOST_CHECK_RESULT;h2;1;down"), EXTCMD_OK);
	assert_int_equal(h->state_type, STATE_HARD);
	h->current_attempt = 2;
	assert_int_equal(run(f, "CHANGE_MAX_HOST_CHECK_ATTEMPTS;h2;5"), EXTCMD_OK);
	assert_int_equal(h->max_attempts, 5);
	assert_int_equal(h->current_attempt, 5);
	assert_int_equal(h->modified_attributes & 4096, 4096);
	assert_int_equal(run(f, "CHANGE_MAX_SVC_CHECK_ATTEMPTS;h1;a;4"), EXTCMD_OK);
	assert_int_equal(a->max_attempts, 4);
	assert_int_equal(a->current_attempt, 1);
	assert_int_equal(run(f, "CHANGE_MAX_SVC_CHECK_ATTEMPTS;h1;a;-2"), EXTCMD_FAILED);
	assert_int_equal(a->max_attempts, 4);
	/* 0 is taken, as Nagios takes it */
	assert_int_equal(run(f, "CHANGE_MAX_SVC_CHECK_ATTEMPTS;h1;a;0"), EXTCMD_OK);
	assert_int_equal(a->max_attempts, 0);
	assert_int_equal(run(f, "CHANGE_MAX_SVC_CHECK_ATTEMPTS;h1;a;4"), EXTCMD_OK);
	/* MODATTR replaces the word; C syntax */
	assert_int_equal(run(f, "CHANGE_SVC_MODATTR;h1;a;0x5"), EXTCMD_OK);
	assert_int_equal(a->modified_attributes, 5);
	assert_int_equal(run(f, "CHANGE_HOST_MODATTR;h2;0"), EXTCMD_OK);
	assert_int_equal(h->modified_attributes, 0);
	assert_int_equal(run(f, "CHANGE_HOST_MODATTR;h2;-3"), EXTCMD_FAILED);
	/* (int)strtol: 0x80000000 is below 0 as an int */
	assert_int_equal(run(f, "CHANGE_HOST_MODATTR;h2;0x80000000"), EXTCMD_FAILED);
	assert_int_equal(h->modified_attributes, 0);
	assert_int_equal(run(f, "CHANGE_CONTACT_MODATTR;c1;7"), EXTCMD_OK);
	assert_int_equal(run(f, "CHANGE_CONTACT_MODHATTR;c1;8"), EXTCMD_OK);
	assert_int_equal(run(f, "CHANGE_CONTACT_MODSATTR;c1;9"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].modified_attributes, 7);
	assert_int_equal(f->contacts[c1].modified_host_attributes, 8);
	assert_int_equal(f->contacts[c1].modified_service_attributes, 9);
	/* periods: must exist; the state keeps the new one */
	assert_int_equal(run(f, "CHANGE_HOST_CHECK_TIMEPERIOD;h2;never"), EXTCMD_OK);
	assert_int_equal(h->modified_attributes, 16384);
	assert_ptr_equal(h->check_period, objects_find_timeperiod(f->gen.objs, "never"));
	assert_null(h->notification_period);
	assert_int_equal(f->journal, 1);
	assert_int_equal(run(f, "CHANGE_SVC_NOTIFICATION_TIMEPERIOD;h1;a;nosuch"), EXTCMD_FAILED);
	assert_null(a->notification_period);
	assert_int_equal(run(f, "CHANGE_SVC_NOTIFICATION_TIMEPERIOD;h1;a;always"), EXTCMD_OK);
	assert_int_equal(a->modified_attributes, 5 | 65536);
	assert_string_equal(a->notification_period->name, "always");
	assert_null(a->check_period);
	assert_int_equal(run(f, "CHANGE_CONTACT_SVC_NOTIFICATION_TIMEPERIOD;c1;never"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].modified_service_attributes, 9 | 65536);
	assert_string_equal(f->contacts[c1].service_notification_period->name, "never");
	assert_null(f->contacts[c1].host_notification_period);
	assert_int_equal(run(f, "CHANGE_CONTACT_HOST_NOTIFICATION_TIMEPERIOD;c1;never"), EXTCMD_OK);
	assert_int_equal(f->contacts[c1].modified_host_attributes, 8 | 65536);
	assert_string_equal(f->contacts[c1].host_notification_period->name, "never");
	/* custom variables: the bit, whether or not the object has one; the name
	 * is upper-cased, the value ends at ';' */
	assert_int_equal(run(f, "CHANGE_CUSTOM_HOST_VAR;h2;_OWNER;ops;team"), EXTCMD_OK);
	assert_int_equal(h->modified_attributes, 16384 | 32768);
	assert_int_equal(h->vars.n, 0);
	assert_int_equal(run(f, "CHANGE_CUSTOM_HOST_VAR;h2;owner;dev;team"), EXTCMD_OK);
	assert_int_equal(h->vars.n, 1);
	assert_string_equal(state_var_find(&h->vars, "OWNER")->value, "dev");
	assert_int_equal(run(f, "CHANGE_CUSTOM_SVC_VAR;h1;a;Port;;8080"), EXTCMD_OK);
	assert_string_equal(state_var_find(&a->vars, "PORT")->value, "");
	assert_int_equal(a->modified_attributes, 5 | 65536 | 32768);
	assert_int_equal(run(f, "CHANGE_CUSTOM_CONTACT_VAR;c1;pager;555"), EXTCMD_OK);
	assert_string_equal(state_var_find(&f->contacts[c1].vars, "PAGER")->value, "555");
	assert_int_equal(f->contacts[c1].modified_attributes, 7 | 32768);
	assert_int_equal(run(f, "CHANGE_CUSTOM_CONTACT_VAR;c1;X"), EXTCMD_FAILED);
	assert_int_equal(run(f, "CHANGE_CUSTOM_CONTACT_VAR;c1;PAGER;"), EXTCMD_FAILED);
	/* a new check period reschedules nothing (Nagios): the check keeps its time */
	before = HS(f, "h3")->next_check;
	assert_int_equal(run(f, "CHANGE_HOST_CHECK_TIMEPERIOD;h3;always"), EXTCMD_OK);
	assert_int_equal(HS(f, "h3")->next_check, before);
	assert_int_equal(f->runs_host[H(f, "h3")->id], 0);
	/* switched off by Nagios 4.4.6's security patch */
	assert_int_equal(run(f, "CHANGE_HOST_CHECK_COMMAND;h2;fake"), EXTCMD_FAILED);
	assert_int_equal(run(f, "CHANGE_SVC_EVENT_HANDLER;h1;a;fake"), EXTCMD_FAILED);
	assert_int_equal(run(f, "CHANGE_GLOBAL_HOST_EVENT_HANDLER;fake"), EXTCMD_FAILED);
	assert_null(f->prog.global_host_event_handler);
	/* notification numbers and delays; custom notifications only validated */
	assert_int_equal(run(f, "SET_SVC_NOTIFICATION_NUMBER;h1;a;3"), EXTCMD_OK);
	assert_int_equal(a->current_notification_number, 3);
	/* no number: nothing set, no error (Nagios) */
	assert_int_equal(run(f, "SET_HOST_NOTIFICATION_NUMBER;h2"), EXTCMD_OK);
	assert_int_equal(h->current_notification_number, 0);
	assert_int_equal(run(f, "SET_HOST_NOTIFICATION_NUMBER;h2;4z;al;set by hand"), EXTCMD_OK);
	assert_int_equal(h->current_notification_number, 4);
	assert_int_equal(ncomments(f, "h2", NULL, COMMENT_USER), 1);
	assert_int_equal(run(f, "DELAY_HOST_NOTIFICATION;h2;%lld", (long long)f->now + 300),
	    EXTCMD_OK);
	assert_int_equal(h->next_notification, f->now + 300);
	/* a ';' ends a custom notification's comment; what follows makes a user comment */
	assert_int_equal(run(f, "SEND_CUSTOM_SVC_NOTIFICATION;h1;a;4;me;hello"), EXTCMD_OK);
	assert_int_equal(f->journal, 0);
	assert_int_equal(f->notifies, 1);
	assert_string_equal(f->notify_comment, "hello");
	assert_int_equal(f->notify_options, 4);
	/* options below 0: every bit, as atoi's -1 gives Nagios (forced, broadcast,
	 * increment) */
	assert_int_equal(run(f, "SEND_CUSTOM_SVC_NOTIFICATION;h1;a;-1;me;all"), EXTCMD_OK);
	assert_int_equal(f->notifies, 2);
	assert_int_equal(f->notify_options, ~0u);
	f->notifies = 1;
	assert_int_equal(run(f, "SEND_CUSTOM_SVC_NOTIFICATION;h1;a;4;me;hello; world;x"),
	    EXTCMD_OK);
	assert_int_equal(f->notifies, 2);
	assert_string_equal(f->notify_comment, "hello");
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_USER), 1);
	assert_string_equal(last_comment(f)->author, " world");
	assert_string_equal(last_comment(f)->text, "x");
	assert_int_equal(f->journal, 1);
	/* without an author and a comment nothing is sent, and the command succeeds */
	assert_int_equal(run(f, "SEND_CUSTOM_HOST_NOTIFICATION;h2;4;me"), EXTCMD_OK);
	assert_int_equal(run(f, "SEND_CUSTOM_HOST_NOTIFICATION;h2"), EXTCMD_OK);
	assert_int_equal(f->notifies, 2);
}

static void
t_flapping(void **state)
{
	struct fx *f = *state;
	struct state_common *a = SS(f, "h1", "a"), *h = HS(f, "h2");

	a->is_flapping = 1;
	a->percent_state_change = 42.5;
	a->state_history[3] = 1;
	a->state_history_index = 4;
	comments_add(f->cs, 0, &f->prog.next_comment_id, COMMENT_FLAPPING, "h1", "a", f->now,
	    "(Nagios Process)", "flapping", 0, COMMENT_SOURCE_INTERNAL, 0, 0);
	assert_int_equal(run(f, "CLEAR_SVC_FLAPPING_STATE;h1;a"), EXTCMD_OK);
	assert_true(log_has(f, "SERVICE FLAPPING ALERT: h1;a;STOPPED; Flapping state cleared for "
	                       "service. (42.5% change < 5.0% threshold)"));
	assert_int_equal(a->is_flapping, 0);
	assert_int_equal(a->state_history[3], 0);
	assert_int_equal(a->state_history_index, 0);
	assert_true(a->percent_state_change == 0);
	assert_int_equal(ncomments(f, "h1", "a", COMMENT_FLAPPING), 0);
	/* disabling flap detection ends the flapping state */
	h->is_flapping = 1;
	comments_add(f->cs, 0, &f->prog.next_comment_id, COMMENT_FLAPPING, "h2", NULL, f->now,
	    "(Nagios Process)", "flapping", 0, COMMENT_SOURCE_INTERNAL, 0, 0);
	assert_int_equal(run(f, "DISABLE_HOST_FLAP_DETECTION;h2"), EXTCMD_OK);
	assert_int_equal(h->is_flapping, 0);
	assert_int_equal(ncomments(f, "h2", NULL, COMMENT_FLAPPING), 0);
	assert_true(log_has(f, "HOST FLAPPING ALERT: h2;DISABLED; Flap detection has been "
	                       "disabled"));
	a->is_flapping = 1;
	assert_int_equal(run(f, "DISABLE_FLAP_DETECTION"), EXTCMD_OK);
	assert_int_equal(a->is_flapping, 0);
	assert_true(log_has(f, "SERVICE FLAPPING ALERT: h1;a;DISABLED; Flap detection has been "
	                       "disabled"));
	/* with flap detection off, clearing does nothing */
	a->state_history[0] = 1;
	assert_int_equal(run(f, "CLEAR_SVC_FLAPPING_STATE;h1;a"), EXTCMD_OK);
	assert_int_equal(a->state_history[0], 1);
	assert_int_equal(f->journal, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_table),
		cmocka_unit_test_setup_teardown(t_syntax, setup, teardown),
		cmocka_unit_test_setup_teardown(t_log_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(t_program_switches, setup, teardown),
		cmocka_unit_test_setup_teardown(t_host_svc_toggles, setup, teardown),
		cmocka_unit_test_setup_teardown(t_group_toggles, setup, teardown),
		cmocka_unit_test_setup_teardown(t_active_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_schedule_checks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_acks, setup, teardown),
		cmocka_unit_test_setup_teardown(t_comments, setup, teardown),
		cmocka_unit_test_setup_teardown(t_downtime, setup, teardown),
		cmocka_unit_test_setup_teardown(t_downtime_propagate, setup, teardown),
		cmocka_unit_test_setup_teardown(t_passive, setup, teardown),
		cmocka_unit_test_setup_teardown(t_changes, setup, teardown),
		cmocka_unit_test_setup_teardown(t_flapping, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

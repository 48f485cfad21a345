/*
 * test_retention: retention.dat written and read as Nagios 4.4.6 does.
 *
 * t_nagios_file reads tests/fixtures/retention-nagios446.dat, written by
 * the real nagios4 on tests/fixtures/retention-cfg (its nagios.cfg says
 * what was done to it), and checks what was applied against what nagios4
 * itself showed in status.dat after loading the same file: states, texts
 * (long output unescaped), acknowledgements, the switches whose modified
 * bit is set, the period and custom variable overrides, the per-object
 * retain_* rules (legacy1 keeps no status and, as 4.4.6 reads it, no
 * acknowledgement; legacy1;Ping keeps its status), the next notification
 * time, the comments Nagios keeps and drops, the downtimes with new
 * comments (ids 9, 10, 11, as Nagios gave them) and the ids.  Then a host
 * and two contact blocks written back from that state (one with a period
 * override) are byte for byte Nagios's, and two service blocks carry the
 * overrides as Nagios wrote them.  The horizon and use_retained_program_state
 * variants, a round trip of every written field through write and read
 * (and the second file equal to the first), the load rules on small
 * hand-made files (test_retention_rules.c), garbage, truncation at many offsets, lines
 * over the cap, a missing and an unreadable file, the writer's mode and
 * its failure; and state_contact_move, which carries a contact's
 * overrides into a new generation as retention carries them across a
 * restart.  The fixture is retention_fx.h.  Links compat/retention*.c, the
 * comment and downtime stores, progstate, afile and the configuration
 * reader.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "retention_fx.h"

static void
t_nagios_file(void **state)
{
	struct retention_report rep;
	struct fx f;
	struct host_state *h;
	struct svc_state *s;
	const struct comment *c;
	const struct downtime *d;
	int i;

	(void)state;
	read_fixture(&f, CREATED + 21, &rep);
	assert_int_equal(rep.missing, 0);
	assert_int_equal(rep.program_applied, 1);
	assert_int_equal(rep.scheduling_ok, 1);
	assert_int_equal(rep.hosts, 3);
	assert_int_equal(rep.services, 4);
	assert_int_equal(rep.contacts, 2);
	assert_int_equal(rep.gone_hosts + rep.gone_services + rep.gone_contacts, 0);
	assert_int_equal(rep.lines_skipped, 0);
	assert_int_equal(rep.comments, 3);
	assert_int_equal(rep.comments_dropped, 5);
	assert_int_equal(rep.downtimes, 3);
	assert_int_equal(rep.downtimes_dropped, 0);
	assert_int_equal(rep.nproblems, 0);

	/* program: the two switches whose bits are set, ids */
	assert_int_equal(f.prog.modified_host_attributes, 144);
	assert_int_equal(f.prog.modified_service_attributes, 16);
	assert_int_equal(f.gen.cfg.enable_flap_detection, 1);
	assert_int_equal(f.gen.cfg.obsess_over_hosts, 1);
	assert_int_equal(f.gen.cfg.obsess_over_services, 0);
	assert_int_equal(f.prog.next_downtime_id, 4);
	assert_int_equal(f.prog.next_notification_id, 6);
	assert_int_equal(f.ids.next_event_id, 5);
	assert_int_equal(f.ids.next_problem_id, 5);
	assert_int_equal(f.prog.next_comment_id, 12); /* 9..11 went to the downtimes */

	/* db1: passive result, in downtime */
	h = H(&f, "db1");
	assert_int_equal(h->c.has_been_checked, 1);
	assert_int_equal(h->c.current_state, 0);
	assert_int_equal(h->c.check_type, STATE_CHECK_PASSIVE);
	assert_string_equal(h->c.output, "PING OK - rta 0.1ms");
	assert_null(h->c.long_output);
	assert_null(h->c.perf_data);
	assert_true(h->c.latency == 0.355);
	assert_int_equal(h->c.last_check, 1796238920);
	assert_int_equal(h->last_time_up, 1796238920);
	assert_int_equal(h->c.max_attempts, 3);
	assert_int_equal(h->c.active_checks_enabled, 0);
	assert_int_equal(h->c.scheduled_downtime_depth, 1);
	assert_int_equal(h->c.modified_attributes, 0);
	/* legacy1: retain_status_information 0: nothing, not even its acknowledgement */
	h = H(&f, "legacy1");
	assert_int_equal(h->c.has_been_checked, 0);
	assert_int_equal(h->c.current_state, 0);
	assert_null(h->c.output);
	assert_int_equal(h->c.output_known, 0); /* still Nagios's NULL: "(null)" */
	assert_int_equal(h->c.problem_has_been_acknowledged, 0);
	assert_int_equal(h->c.last_check, 0);
	/* web1: an active check, max_attempts changed, next_check kept */
	h = H(&f, "web1");
	assert_int_equal(h->c.output_known, 1); /* plugin_output read */
	assert_int_equal(h->c.modified_attributes, EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS);
	assert_int_equal(h->c.max_attempts, 4);
	assert_int_equal(h->c.check_type, STATE_CHECK_ACTIVE);
	assert_true(h->c.execution_time == 0.002);
	assert_int_equal(h->c.next_check, 1796239208);
	assert_int_equal(h->c.last_state_change, 1796238920);
	assert_int_equal(h->c.last_hard_state_change, 1796238920);
	assert_string_equal(h->c.output, "UP - host answers");

	/* web1;HTTP: hard CRITICAL, acknowledged, notified */
	s = S(&f, "web1", "HTTP");
	assert_int_equal(s->c.current_state, 2);
	assert_int_equal(s->c.last_hard_state, 2);
	assert_int_equal(s->c.state_type, STATE_HARD);
	assert_int_equal(s->c.current_attempt, 3);
	assert_string_equal(s->c.output, "CRITICAL - connection refused");
	assert_string_equal(s->c.long_output, "second line\nthird \\ line");
	assert_string_equal(s->c.perf_data, "time=5.0s;1;2;0");
	assert_int_equal(s->c.problem_has_been_acknowledged, 1);
	assert_int_equal(s->c.acknowledgement_type, 2);
	assert_int_equal(s->c.notified_on, OBJ_OPT_CRITICAL);
	assert_int_equal(s->c.current_notification_number, 1);
	assert_int_equal(s->c.last_notification, 1796238920);
	assert_int_equal(s->c.next_notification, 1796242520); /* + 60 min, as nagios4 had it */
	assert_int_equal(s->c.current_event_id, 1);
	assert_int_equal(s->c.current_problem_id, 1);
	assert_int_equal(s->last_time_critical, 1796238920);
	assert_true(s->c.percent_state_change == 6.25);
	for (i = 0; i < STATE_HISTORY - 1; i++)
		assert_int_equal(s->c.state_history[i], 0);
	assert_int_equal(s->c.state_history[STATE_HISTORY - 1], 2);
	assert_int_equal(s->c.state_history_index, 0);
	assert_int_equal(s->c.next_check, 0);
	/* web1;Disk: soft WARNING, notifications off, its check period changed */
	s = S(&f, "web1", "Disk");
	assert_int_equal(s->c.current_state, 1);
	assert_int_equal(s->c.state_type, STATE_SOFT);
	assert_int_equal(s->c.notifications_enabled, 0);
	assert_int_equal(s->c.modified_attributes,
	    EXTCMD_MODATTR_NOTIFICATIONS_ENABLED | EXTCMD_MODATTR_CHECK_TIMEPERIOD);
	assert_ptr_equal(s->c.check_period, objects_find_timeperiod(f.gen.objs, "workhours"));
	assert_null(s->c.notification_period);
	assert_int_equal(s->c.vars.n, 0);
	assert_int_equal(s->c.last_hard_state_change, 1796238920); /* from last_state_change */
	assert_int_equal(s->c.scheduled_downtime_depth, 0);
	/* db1;MySQL: check_interval and the custom variable kept */
	s = S(&f, "db1", "MySQL");
	assert_true(s->c.check_interval == 15.0);
	assert_int_equal(s->c.modified_attributes,
	    EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL | EXTCMD_MODATTR_CUSTOM_VARIABLE);
	assert_int_equal(s->c.vars.n, 1);
	assert_string_equal(s->c.vars.v[0].name, "PORT");
	assert_string_equal(s->c.vars.v[0].value, "3307");
	assert_null(s->c.check_period);
	assert_int_equal(s->c.scheduled_downtime_depth, 1);
	/* legacy1;Ping: retain_nonstatus_information 0, status kept */
	s = S(&f, "legacy1", "Ping");
	assert_int_equal(s->c.current_state, 2);
	assert_string_equal(s->c.output, "CRITICAL - lost");
	assert_int_equal(s->c.modified_attributes, 0);

	/* contacts */
	assert_int_equal(C(&f, "admin")->modified_host_attributes, 1);
	assert_int_equal(C(&f, "admin")->host_notifications_enabled, 0);
	assert_int_equal(C(&f, "admin")->service_notifications_enabled, 1);
	assert_int_equal(C(&f, "admin")->modified_service_attributes,
	    EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD);
	assert_ptr_equal(C(&f, "admin")->service_notification_period,
	    objects_find_timeperiod(f.gen.objs, "workhours"));
	assert_null(C(&f, "admin")->host_notification_period);
	assert_null(C(&f, "oncall")->service_notification_period);
	assert_int_equal(C(&f, "admin")->last_host_notification, 1796238920);
	assert_int_equal(C(&f, "admin")->last_service_notification, 1796238922);
	assert_int_equal(C(&f, "oncall")->last_host_notification, 0);

	/* comments: the persistent ones, then the downtimes' new ones */
	assert_int_equal(comments_count(f.cs), 6);
	c = cm(&f, 1);
	assert_non_null(c);
	assert_int_equal(c->entry_type, COMMENT_ACKNOWLEDGEMENT);
	assert_string_equal(c->svc, "HTTP");
	assert_string_equal(c->text, "Working on it");
	assert_int_equal(c->entry_time, 1796238922);
	c = cm(&f, 2);
	assert_non_null(c);
	assert_null(c->svc);
	assert_int_equal(c->source, COMMENT_SOURCE_EXTERNAL);
	assert_string_equal(c->text, "Persistent note about db1");
	c = cm(&f, 8);
	assert_non_null(c);
	assert_string_equal(c->text, "Decommission; planned for Q3");
	assert_null(cm(&f, 3)); /* not persistent */
	assert_null(cm(&f, 7)); /* an acknowledgement that did not survive */
	for (i = 4; i <= 6; i++)
		assert_null(cm(&f, (unsigned long)i));

	/* downtimes, in Nagios's order, each with a new comment */
	assert_int_equal(downtimes_count(f.dt), 3);
	d = downtimes_at(f.dt, 0);
	assert_int_equal(d->id, 1);
	assert_int_equal(d->comment_id, 9);
	assert_int_equal(d->is_in_effect, 1);
	assert_int_equal(d->start_time, 1796238920);
	assert_int_equal(d->end_time, 1796246120);
	assert_string_equal(d->author, "admin");
	assert_string_equal(d->comment, "Maintenance window");
	assert_string_equal(cm(&f, 9)->text,
	    "This host has been scheduled for fixed downtime from 12-02-2026 19:15:20 to "
	    "12-02-2026 21:15:20.  Notifications for the host will not be sent out during that "
	    "time period.");
	d = downtimes_at(f.dt, 1);
	assert_int_equal(d->id, 3);
	assert_int_equal(d->triggered_by, 1);
	assert_int_equal(d->comment_id, 10);
	assert_int_equal(d->is_in_effect, 1);
	d = downtimes_at(f.dt, 2);
	assert_int_equal(d->id, 2);
	assert_int_equal(d->comment_id, 11);
	assert_int_equal(d->fixed, 0);
	assert_int_equal(d->duration, 1800);
	assert_int_equal(d->is_in_effect, 0);
	assert_string_equal(cm(&f, 11)->svc, "Disk");
	fx_close(&f);
}

/* blocks written back from what was read are Nagios's own */
static void
t_nagios_blocks(void **state)
{
	struct retention_report rep;
	struct fx f;
	char *ours, *theirs, *a, *b;
	char path[512];

	(void)state;
	read_fixture(&f, CREATED + 21, &rep);
	assert_int_equal(retention_write(tpath("back.dat"), &f.s, path, sizeof(path)), 0);
	ours = slurp(tpath("back.dat"), NULL);
	theirs = slurp(f.gen.cfg.state_retention_file, NULL);
	a = block(ours, "host {\nhost_name=web1\n");
	b = block(theirs, "host {\nhost_name=web1\n");
	assert_string_equal(a, b);
	free(a);
	free(b);
	a = block(ours, "contact {\ncontact_name=oncall\n");
	b = block(theirs, "contact {\ncontact_name=oncall\n");
	assert_string_equal(a, b);
	free(a);
	free(b);
	/* the overrides, as nagios4 wrote them */
	a = block(ours, "contact {\ncontact_name=admin\n");
	b = block(theirs, "contact {\ncontact_name=admin\n");
	assert_string_equal(a, b);
	free(a);
	free(b);
	a = block(ours, "service {\nhost_name=web1\nservice_description=Disk\n");
	assert_non_null(strstr(a, "\nmodified_attributes=16385\ncheck_command=check_ok\n"
				  "check_period=workhours\nnotification_period=always\n"));
	free(a);
	a = block(ours, "service {\nhost_name=db1\nservice_description=MySQL\n");
	assert_non_null(strstr(a, "\ncheck_period=always\n"));
	assert_non_null(strstr(a, "\n_PORT=1;3307\n}\n"));
	free(a);
	/* the banner Nagios writes, then info */
	assert_memory_equal(ours, theirs, strstr(theirs, "created=") - theirs);
	assert_non_null(strstr(ours, "\nversion=4.4.6\n"));
	free(ours);
	free(theirs);
	fx_close(&f);
}

static void
t_nagios_horizon(void **state)
{
	struct retention_report rep;
	struct fx f;

	(void)state;
	/* 900 s is the default horizon: 900 s after "created" is too late */
	read_fixture(&f, CREATED + 900, &rep);
	assert_int_equal(rep.scheduling_ok, 0);
	assert_int_equal(H(&f, "web1")->c.next_check, 0);
	assert_string_equal(H(&f, "web1")->c.output, "UP - host answers");
	fx_close(&f);
	read_fixture(&f, CREATED + 899, &rep);
	assert_int_equal(rep.scheduling_ok, 1);
	assert_int_equal(H(&f, "web1")->c.next_check, 1796239208);
	fx_close(&f);
}

static void
t_nagios_no_program_state(void **state)
{
	struct retention_report rep;
	struct fx f;
	char cfg[512];

	(void)state;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&f, cfg, CREATED + 5);
	f.gen.cfg.use_retained_program_state = 0;
	f.gen.cfg.use_retained_scheduling_info = 0;
	f.prog.modified_host_attributes = 1; /* Nagios resets them */
	assert_int_equal(retention_read(f.gen.cfg.state_retention_file, &f.s, NULL, &rep), 0);
	assert_int_equal(rep.program_applied, 0);
	assert_int_equal(f.prog.modified_host_attributes, 0);
	assert_int_equal(f.gen.cfg.enable_flap_detection, 0);
	assert_int_equal(f.gen.cfg.obsess_over_hosts, 0);
	assert_int_equal(f.ids.next_event_id, 1);
	assert_int_equal(f.prog.next_downtime_id, 4); /* raised past the downtimes read */
	assert_int_equal(f.prog.next_comment_id, 12);
	assert_int_equal(H(&f, "web1")->c.next_check, 0);
	assert_int_equal(S(&f, "web1", "HTTP")->c.current_state, 2);
	fx_close(&f);
}

/* ---- round trip ---- */

/* every field the file holds, from a seed */
static void
fill_common(struct state_common *c, int k)
{
	int i;

	state_set_str(&c->output, "output ; with = signs", 21);
	state_set_str(&c->long_output, "line 1\nline \\2\\n\n", 17);
	state_set_str(&c->perf_data, "a=1;2;3 'b c'=4%", 16);
	c->current_state = 2;
	c->last_state = 1;
	c->last_hard_state = 2;
	c->state_type = STATE_HARD;
	c->max_attempts = 7 + k;
	c->current_attempt = c->max_attempts;
	c->check_type = STATE_CHECK_PASSIVE;
	c->has_been_checked = 1;
	c->is_flapping = 1;
	c->problem_has_been_acknowledged = 1;
	c->acknowledgement_type = 2;
	c->current_notification_number = 3 + k;
	c->notified_on = OBJ_OPT_CRITICAL | OBJ_OPT_WARNING;
	for (i = 0; i < STATE_HISTORY; i++)
		c->state_history[i] = (i * 7 + k) % 3;
	c->state_history_index = 5 + k;
	c->active_checks_enabled = 0;
	c->passive_checks_enabled = 0;
	c->event_handler_enabled = 0;
	c->flap_detection_enabled = 0;
	c->notifications_enabled = 0;
	c->obsess = 0;
	c->process_performance_data = 0;
	c->check_interval = 7.5;
	c->retry_interval = 0.25;
	c->latency = 1.125;
	c->execution_time = 2.5;
	c->percent_state_change = 12.5;
	c->last_check = 1000000 + k;
	c->next_check = 1000100 + k;
	c->check_options = k % 2 == 0 ? STATE_CKOPT_FORCED : 0;
	c->last_state_change = 1000200 + k;
	c->last_hard_state_change = 1000300 + k;
	c->last_notification = 1000400 + k;
	c->modified_attributes = EXTCMD_MODATTR_NOTIFICATIONS_ENABLED |
	    EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED | EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED |
	    EXTCMD_MODATTR_EVENT_HANDLER_ENABLED | EXTCMD_MODATTR_FLAP_DETECTION_ENABLED |
	    EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED | EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED |
	    EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL | EXTCMD_MODATTR_RETRY_CHECK_INTERVAL |
	    EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS;
	c->current_event_id = 500 + (unsigned long)k;
	c->last_event_id = 400 + (unsigned long)k;
	c->current_problem_id = 300 + (unsigned long)k;
	c->last_problem_id = 200 + (unsigned long)k;
}

/* two periods of different generations are the same by name */
static void
assert_same_period(const struct obj_timeperiod *a, const struct obj_timeperiod *b)
{
	if (a == NULL)
		assert_null(b);
	else
		assert_string_equal(a->name, b != NULL ? b->name : "(none)");
}

static void
assert_same_vars(const struct state_vars *a, const struct state_vars *b)
{
	unsigned i;

	assert_int_equal(a->n, b->n);
	for (i = 0; i < a->n; i++) {
		assert_string_equal(a->v[i].name, b->v[i].name);
		assert_string_equal(a->v[i].value, b->v[i].value);
	}
}

static void
assert_common(const struct state_common *a, const struct state_common *b)
{
	int i;

	assert_string_equal(a->output, b->output);
	assert_string_equal(a->long_output, b->long_output);
	assert_string_equal(a->perf_data, b->perf_data);
	assert_int_equal(a->current_state, b->current_state);
	assert_int_equal(a->last_state, b->last_state);
	assert_int_equal(a->last_hard_state, b->last_hard_state);
	assert_int_equal(a->state_type, b->state_type);
	assert_int_equal(a->current_attempt, b->current_attempt);
	assert_int_equal(a->max_attempts, b->max_attempts);
	assert_int_equal(a->check_type, b->check_type);
	assert_int_equal(a->has_been_checked, b->has_been_checked);
	assert_int_equal(a->is_flapping, b->is_flapping);
	assert_int_equal(a->problem_has_been_acknowledged, b->problem_has_been_acknowledged);
	assert_int_equal(a->acknowledgement_type, b->acknowledgement_type);
	assert_int_equal(a->current_notification_number, b->current_notification_number);
	assert_int_equal(a->notified_on, b->notified_on);
	for (i = 0; i < STATE_HISTORY; i++) /* read back oldest first */
		assert_int_equal(a->state_history[(i + a->state_history_index) % STATE_HISTORY],
		    b->state_history[(i + b->state_history_index) % STATE_HISTORY]);
	assert_int_equal(a->active_checks_enabled, b->active_checks_enabled);
	assert_int_equal(a->passive_checks_enabled, b->passive_checks_enabled);
	assert_int_equal(a->event_handler_enabled, b->event_handler_enabled);
	assert_int_equal(a->flap_detection_enabled, b->flap_detection_enabled);
	assert_int_equal(a->notifications_enabled, b->notifications_enabled);
	assert_int_equal(a->obsess, b->obsess);
	assert_int_equal(a->process_performance_data, b->process_performance_data);
	assert_true(a->check_interval == b->check_interval);
	assert_true(a->retry_interval == b->retry_interval);
	assert_true(a->latency == b->latency);
	assert_true(a->execution_time == b->execution_time);
	assert_true(a->percent_state_change == b->percent_state_change);
	assert_int_equal(a->last_check, b->last_check);
	assert_int_equal(a->next_check, b->next_check);
	assert_int_equal(a->check_options, b->check_options);
	assert_int_equal(a->last_state_change, b->last_state_change);
	assert_int_equal(a->last_hard_state_change, b->last_hard_state_change);
	assert_int_equal(a->last_notification, b->last_notification);
	assert_int_equal(a->modified_attributes, b->modified_attributes);
	assert_int_equal(a->current_event_id, b->current_event_id);
	assert_int_equal(a->last_event_id, b->last_event_id);
	assert_int_equal(a->current_problem_id, b->current_problem_id);
	assert_int_equal(a->last_problem_id, b->last_problem_id);
	assert_same_period(a->check_period, b->check_period);
	assert_same_period(a->notification_period, b->notification_period);
	assert_same_vars(&a->vars, &b->vars);
}

static void
t_roundtrip(void **state)
{
	static const char *const names[][2] = { { "web1", NULL }, { "db1", NULL },
		{ "web1", "HTTP" }, { "web1", "Disk" }, { "db1", "MySQL" } };
	struct retention_report rep;
	struct fx a, b;
	struct state_common *ca, *cb;
	struct contact_state *ka, *kb;
	const struct downtime *da, *db;
	const struct comment *c;
	char cfg[512], err[256], *t1, *t2, *cut;
	const char *e;
	unsigned long id;
	size_t i;
	int k;

	(void)state;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&a, cfg, 1800000000);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ca = fx_state(&a, names[i][0], names[i][1]);
		fill_common(ca, (int)i);
	}
	/* overrides: a check period, a notification period, a custom variable */
	H(&a, "web1")->c.check_period = objects_find_timeperiod(a.gen.objs, "workhours");
	H(&a, "web1")->c.modified_attributes |= EXTCMD_MODATTR_CHECK_TIMEPERIOD;
	ca = &S(&a, "db1", "MySQL")->c;
	ca->notification_period = objects_find_timeperiod(a.gen.objs, "workhours");
	state_var_set(&ca->vars, "PORT", "3307 ; x=y");
	ca->modified_attributes |=
	    EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD | EXTCMD_MODATTR_CUSTOM_VARIABLE;
	H(&a, "web1")->last_time_up = 11;
	H(&a, "web1")->last_time_down = 12;
	H(&a, "web1")->last_time_unreachable = 13;
	S(&a, "web1", "HTTP")->last_time_ok = 21;
	S(&a, "web1", "HTTP")->last_time_warning = 22;
	S(&a, "web1", "HTTP")->last_time_unknown = 23;
	S(&a, "web1", "HTTP")->last_time_critical = 24;
	ka = C(&a, "admin");
	ka->host_notifications_enabled = 0;
	ka->service_notifications_enabled = 0;
	ka->last_host_notification = 31;
	ka->last_service_notification = 32;
	ka->modified_attributes = EXTCMD_MODATTR_CUSTOM_VARIABLE;
	ka->modified_host_attributes =
	    EXTCMD_MODATTR_NOTIFICATIONS_ENABLED | EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD;
	ka->modified_service_attributes = EXTCMD_MODATTR_NOTIFICATIONS_ENABLED;
	ka->host_notification_period = objects_find_timeperiod(a.gen.objs, "workhours");
	state_var_set(&ka->vars, "PAGER_ID", "78");
	a.prog.modified_host_attributes = EXTCMD_MODATTR_NOTIFICATIONS_ENABLED;
	a.prog.modified_service_attributes = EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED;
	a.gen.cfg.enable_notifications = 0;
	a.gen.cfg.execute_service_checks = 0;
	a.prog.next_notification_id = 77;
	a.ids.next_event_id = 88;
	a.ids.next_problem_id = 99;
	/* comments: kept (persistent, an acknowledgement) and not (flapping, user) */
	assert_non_null(comments_add(a.cs, 0, &a.prog.next_comment_id, COMMENT_USER, "web1", NULL,
	    1700000001, "ann", "keep me", 1, COMMENT_SOURCE_EXTERNAL, 1, 1900000000));
	assert_non_null(comments_add(a.cs, 0, &a.prog.next_comment_id, COMMENT_ACKNOWLEDGEMENT,
	    "web1", "HTTP", 1700000002, "bob", "ack'd", 0, COMMENT_SOURCE_EXTERNAL, 0, 0));
	assert_non_null(comments_add(a.cs, 0, &a.prog.next_comment_id, COMMENT_FLAPPING, "db1",
	    NULL, 1700000003, "(Nagios Process)", "flapping", 0, COMMENT_SOURCE_INTERNAL, 0, 0));
	assert_non_null(comments_add(a.cs, 0, &a.prog.next_comment_id, COMMENT_USER, "db1", "MySQL",
	    1700000004, "cy", "gone at restart", 0, COMMENT_SOURCE_EXTERNAL, 0, 0));
	assert_int_equal(downtimes_schedule(a.dt, "db1", NULL, 1700000005, "dee", "host work",
			     1800001000, 1800002000, 1, 0, 0, a.s.now, &id, &e),
	    0);
	assert_int_equal(downtimes_schedule(a.dt, "db1", "MySQL", 1700000006, "dee", "follows",
			     1800001000, 1800002000, 1, id, 0, a.s.now, NULL, &e),
	    0);
	assert_int_equal(downtimes_schedule(a.dt, "web1", "Disk", 1700000007, "eve", "flexible",
			     1800000500, 1800003000, 0, 0, 600, a.s.now, NULL, &e),
	    0);
	assert_int_equal(retention_write(tpath("rt1.dat"), &a.s, err, sizeof(err)), 0);

	fx_open(&b, cfg, 1800000000 + 10);
	/* is_flapping and percent_state_change are taken as written only so
	 * (else flap detection judges the history again: t_rules_flapping) */
	b.gen.cfg.use_large_installation_tweaks = 1;
	assert_int_equal(retention_read(tpath("rt1.dat"), &b.s, NULL, &rep), 0);
	assert_int_equal(rep.lines_skipped, 0);
	assert_int_equal(rep.nproblems, 0);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ca = fx_state(&a, names[i][0], names[i][1]);
		cb = fx_state(&b, names[i][0], names[i][1]);
		assert_common(ca, cb);
		/* recomputed: last notification + notification_interval (30 min for web1) */
		assert_int_not_equal(cb->next_notification, 0);
	}
	assert_int_equal(H(&b, "web1")->c.next_notification, 1000400 + 30 * 60);
	assert_int_equal(H(&b, "web1")->last_time_unreachable, 13);
	assert_int_equal(H(&b, "web1")->last_time_down, 12);
	assert_int_equal(S(&b, "web1", "HTTP")->last_time_critical, 24);
	assert_int_equal(S(&b, "web1", "HTTP")->last_time_unknown, 23);
	assert_int_equal(S(&b, "web1", "HTTP")->last_time_warning, 22);
	assert_int_equal(S(&b, "web1", "HTTP")->last_time_ok, 21);
	kb = C(&b, "admin");
	assert_int_equal(kb->host_notifications_enabled, 0);
	assert_int_equal(kb->service_notifications_enabled, 0);
	assert_int_equal(kb->last_host_notification, 31);
	assert_int_equal(kb->last_service_notification, 32);
	assert_int_equal(kb->modified_attributes, ka->modified_attributes);
	assert_int_equal(kb->modified_host_attributes, ka->modified_host_attributes);
	assert_int_equal(kb->modified_service_attributes, ka->modified_service_attributes);
	assert_same_period(ka->host_notification_period, kb->host_notification_period);
	assert_null(kb->service_notification_period);
	assert_same_vars(&ka->vars, &kb->vars);
	assert_int_equal(b.prog.modified_host_attributes, EXTCMD_MODATTR_NOTIFICATIONS_ENABLED);
	assert_int_equal(b.gen.cfg.enable_notifications, 0);
	assert_int_equal(b.gen.cfg.execute_service_checks, 0);
	assert_int_equal(b.gen.cfg.execute_host_checks, 1);
	assert_int_equal(b.prog.next_notification_id, 77);
	assert_int_equal(b.ids.next_event_id, 88);
	assert_int_equal(b.ids.next_problem_id, 99);
	/* comments 1 and 2 stay; 3 and 4 (not persistent: flapping, user) and
	 * the downtimes' (5..7) go */
	assert_int_equal(rep.comments, 2);
	for (k = 1; k <= 2; k++) {
		const struct comment *x = cm(&a, (unsigned long)k);
		c = cm(&b, (unsigned long)k);
		assert_non_null(c);
		assert_string_equal(c->host, x->host);
		if (x->svc != NULL)
			assert_string_equal(c->svc, x->svc);
		else
			assert_null(c->svc);
		assert_string_equal(c->author, x->author);
		assert_string_equal(c->text, x->text);
		assert_int_equal(c->entry_type, x->entry_type);
		assert_int_equal(c->source, x->source);
		assert_int_equal(c->persistent, x->persistent);
		assert_int_equal(c->expires, x->expires);
		assert_int_equal(c->entry_time, x->entry_time);
		assert_int_equal(c->expire_time, x->expire_time);
	}
	assert_null(cm(&b, 3));
	assert_null(cm(&b, 4));
	assert_int_equal(downtimes_count(b.dt), 3);
	for (i = 0; i < 3; i++) {
		da = downtimes_at(a.dt, i);
		db = downtimes_at(b.dt, i);
		assert_int_equal(db->id, da->id);
		assert_int_equal(db->triggered_by, da->triggered_by);
		assert_string_equal(db->host, da->host);
		assert_string_equal(db->author, da->author);
		assert_string_equal(db->comment, da->comment);
		assert_int_equal(db->entry_time, da->entry_time);
		assert_int_equal(db->start_time, da->start_time);
		assert_int_equal(db->end_time, da->end_time);
		assert_int_equal(db->duration, da->duration);
		assert_int_equal(db->fixed, da->fixed);
		assert_int_equal(db->is_in_effect, da->is_in_effect);
		/* a new comment, with the same words */
		assert_int_equal(db->comment_id, 8 + i);
		assert_string_equal(cm(&b, db->comment_id)->text, cm(&a, da->comment_id)->text);
	}
	assert_int_equal(b.prog.next_downtime_id, a.prog.next_downtime_id);

	/* written again: the same file up to the comments (the created time aside) */
	b.s.now = a.s.now;
	assert_int_equal(retention_write(tpath("rt2.dat"), &b.s, err, sizeof(err)), 0);
	t1 = slurp(tpath("rt1.dat"), NULL);
	t2 = slurp(tpath("rt2.dat"), NULL);
	cut = strstr(t1, "hostcomment {");
	assert_non_null(cut);
	*cut = '\0';
	cut = strstr(t2, "hostcomment {");
	assert_non_null(cut);
	*cut = '\0';
	/* next_comment_id differs: the downtimes took new comment ids */
	drop_line(t1, "next_comment_id=");
	drop_line(t2, "next_comment_id=");
	assert_string_equal(t1, t2);
	free(t1);
	free(t2);
	fx_close(&a);
	fx_close(&b);
}

static void
t_write_mode_and_failure(void **state)
{
	struct fx f;
	struct stat st;
	char cfg[512], err[256];
	mode_t old = umask(0);

	(void)state;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&f, cfg, 1800000000);
	assert_int_equal(retention_write(tpath("mode.dat"), &f.s, err, sizeof(err)), 0);
	assert_int_equal(stat(tpath("mode.dat"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	umask(old);
	err[0] = '\0';
	assert_int_equal(retention_write(tpath("no/such/dir.dat"), &f.s, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no/such/dir.dat"));
	unlink(tpath("mode.dat"));
	fx_close(&f);
}

/* ---- the rules, on small files ---- */

static void
t_garbage(void **state)
{
	struct retention_report rep;
	struct fx f;
	char *big;
	FILE *fp;
	size_t i;

	(void)state;
	rules_open(&f, 2000000000);
	rules_read(&f,
	    "garbage before\n}\n\x01\x02\xff\n"
	    "host {\nhost_name=h1\nno equals sign\nunknown_key=1\ncurrent_state=1\n"
	    "plugin_output=first\n"
	    "host {\nhost_name=h3\nplugin_output=second\n}\n"
	    "weird {\n"
	    "service {\nservice_description=s1\nhost_name=h1\nplugin_output=svc\n}\n"
	    "host {\nhost_name=h3\nplugin_output=cut",
	    &rep);
	/* h1's section met the next header: dropped; h3's last one has no '}' */
	assert_null(H(&f, "h1")->c.output);
	assert_int_equal(H(&f, "h1")->c.current_state, 0);
	assert_string_equal(H(&f, "h3")->c.output, "second");
	assert_string_equal(S(&f, "h1", "s1")->c.output, "svc");
	assert_int_equal(rep.hosts, 1);
	assert_int_equal(rep.services, 1);
	/* garbage, '}', binary, no '=', unknown key, 2 open sections, "weird {" */
	assert_int_equal(rep.lines_skipped, 8);
	assert_true(rep.nproblems >= 8);
	assert_true(has_problem(&rep, "has no '}'"));

	/* a line over the cap is skipped, the rest read */
	big = malloc(((size_t)1 << 20) + 100);
	memset(big, 'x', ((size_t)1 << 20) + 99);
	big[((size_t)1 << 20) + 99] = '\0';
	fp = fopen(tpath("big.dat"), "w");
	fprintf(fp, "host {\nhost_name=h1\nplugin_output=%s\nperformance_data=p\n}\n", big);
	fclose(fp);
	free(big);
	assert_int_equal(retention_read(tpath("big.dat"), &f.s, NULL, &rep), 0);
	assert_int_equal(rep.lines_skipped, 1);
	assert_true(has_problem(&rep, "too long"));
	assert_int_equal(rep.hosts, 1);
	assert_string_equal(H(&f, "h1")->c.perf_data, "p");
	assert_null(H(&f, "h1")->c.output);

	/* an empty file */
	rules_read(&f, "", &rep);
	assert_int_equal(rep.hosts + rep.lines_skipped + rep.nproblems, 0);
	for (i = 0; i < RETENTION_PROBLEMS; i++)
		assert_int_equal(rep.problems[i][0], '\0');
	fx_close(&f);
}

/* the Nagios file cut at many lengths: never a crash, never half a section */
static void
t_truncated(void **state)
{
	struct retention_report rep;
	char cfg[512], *text;
	struct fx f;
	size_t len, n;
	FILE *fp;

	(void)state;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&f, cfg, CREATED + 10);
	text = slurp(f.gen.cfg.state_retention_file, &len);
	fx_close(&f);
	for (n = 0; n < len; n += 89) {
		fx_open(&f, cfg, CREATED + 10);
		fp = fopen(tpath("cut.dat"), "w");
		fwrite(text, 1, n, fp);
		fclose(fp);
		assert_int_equal(retention_read(tpath("cut.dat"), &f.s, NULL, &rep), 0);
		assert_true(rep.hosts <= 3 && rep.services <= 4);
		/* web1's host section is whole or absent */
		if (H(&f, "web1")->c.output != NULL)
			assert_int_equal(H(&f, "web1")->c.max_attempts, 4);
		fx_close(&f);
	}
	free(text);
}

/* a contact's overrides move into another generation, rebound there by name */
static void
t_contact_move(void **state)
{
	struct fx a, b;
	struct contact_state *ka, *kb;
	char cfg[512], *value;

	(void)state;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&a, cfg, CREATED);
	fx_open(&b, cfg, CREATED);
	ka = C(&a, "admin");
	kb = C(&b, "admin");
	ka->host_notification_period = objects_find_timeperiod(a.gen.objs, "workhours");
	ka->modified_host_attributes = EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD;
	state_var_set(&ka->vars, "PAGER_ID", "78");
	state_var_set(&ka->vars, "GONE", "x"); /* not a variable of admin's */
	ka->modified_attributes = EXTCMD_MODATTR_CUSTOM_VARIABLE;
	value = ka->vars.v[0].value;
	ka->last_host_notification = 5;
	state_var_set(&kb->vars, "PAGER_ID", "old"); /* freed by the move */
	state_contact_move(kb, ka, b.gen.objs, objects_find_contact(b.gen.objs, "admin"));
	assert_ptr_equal(kb->host_notification_period,
	    objects_find_timeperiod(b.gen.objs, "workhours"));
	assert_null(kb->service_notification_period);
	assert_int_equal(kb->modified_host_attributes, EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD);
	assert_int_equal(kb->vars.n, 1);
	assert_ptr_equal(kb->vars.v[0].value, value);
	assert_int_equal(kb->modified_attributes, EXTCMD_MODATTR_CUSTOM_VARIABLE);
	assert_int_equal(kb->last_host_notification, 5);
	assert_int_equal(ka->vars.n, 0);
	assert_null(ka->host_notification_period);
	fx_close(&a);
	fx_close(&b);
}

static void
t_missing_unreadable(void **state)
{
	struct retention_report rep;
	struct fx f;

	(void)state;
	rules_open(&f, 2000000000);
	assert_int_equal(retention_read(tpath("nothing-here.dat"), &f.s, NULL, &rep), 0);
	assert_int_equal(rep.missing, 1);
	assert_int_equal(rep.nproblems, 0);
	/* a directory opens but cannot be read */
	errno = 0;
	assert_int_equal(retention_read(tmpdir, &f.s, NULL, &rep), -1);
	assert_int_equal(errno, EISDIR);
	assert_int_equal(rep.missing, 0);
	assert_true(has_problem(&rep, "cannot read"));
	fx_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_nagios_file),
		cmocka_unit_test(t_nagios_blocks),
		cmocka_unit_test(t_nagios_horizon),
		cmocka_unit_test(t_nagios_no_program_state),
		cmocka_unit_test(t_roundtrip),
		cmocka_unit_test(t_write_mode_and_failure),
		cmocka_unit_test(t_garbage),
		cmocka_unit_test(t_truncated),
		cmocka_unit_test(t_contact_move),
		cmocka_unit_test(t_missing_unreadable),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

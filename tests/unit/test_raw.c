/*
 * test_raw: definitions as read.  raw_set converts each directive to its
 * typed slot the way Nagios 4.4.6 does (atoi leniency, booleans > 0,
 * option masks, initial states, coordinates, "null" strings), warns about
 * deprecated and obsolete names, and reports bad lines with their
 * location.  Custom variables are upper-cased; timeperiod weekday lines
 * become string slots and date lines exceptions.  The slot accessors
 * (raw_get through templates, raw_at copy-on-write, put/clear/copy),
 * raw_clone and the template index are checked as well, and raw_view
 * against raw_get on random template graphs.  Links
 * compat/config/{raw,otypes,diag,tpsyntax}.c and
 * engine/util/{arena,hash,xalloc,strutil,vec}.c.
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

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"

struct t {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
};

static int
t_setup(void **state)
{
	static struct t t;

	t.a = arena_new();
	t.d = diag_new(NULL);
	t.rs = rawstore_new(t.a, t.d);
	*state = &t;
	return 0;
}

static int
t_teardown(void **state)
{
	struct t *t = *state;

	rawstore_free(t->rs);
	diag_free(t->d);
	arena_free(t->a);
	return 0;
}

/* a host named web1 in hosts.cfg at line 1 */
static struct rawobj *
t_host(struct t *t)
{
	struct rawobj *o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);

	assert_int_equal(raw_set(t->rs, o, "host_name", "web1", 2), 0);
	return o;
}

static void
t_begin_end(void **state)
{
	struct t *t = *state;
	struct rawobj *o, *p;

	o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 10);
	assert_non_null(o);
	assert_int_equal(o->type, OT_HOST);
	assert_string_equal(o->file, "hosts.cfg");
	assert_int_equal(o->line, 10);
	assert_int_equal(o->reg, 1);
	assert_null(o->tmpl_name);
	assert_null(o->use);
	assert_int_equal(o->nent, 0);
	assert_int_equal(o->ntmpl, 0);
	assert_int_equal(raw_set(t->rs, o, "host_name", "web1", 11), 0);
	assert_int_equal(raw_set(t->rs, o, "use", "generic,linux", 12), 0);
	assert_int_equal(raw_set(t->rs, o, "register", "0", 13), 0);
	assert_string_equal(o->use, "generic,linux");
	assert_int_equal(o->reg, 0);
	assert_string_equal(raw_str(o, OT_HOST_HOST_NAME), "web1");
	assert_int_equal(raw_end(t->rs, o), 0);

	p = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 3);
	assert_int_equal(raw_set(t->rs, p, "register", "1", 4), 0);
	assert_int_equal(p->reg, 1);
	assert_int_equal(raw_end(t->rs, p), 0);
	/* in file order per type, sequence over all */
	assert_int_equal(t->rs->objs[OT_HOST].len, 1);
	assert_ptr_equal(t->rs->objs[OT_HOST].items[0], o);
	assert_int_equal(t->rs->objs[OT_SERVICE].len, 1);
	assert_ptr_equal(t->rs->objs[OT_SERVICE].items[0], p);
	assert_true(p->seq > o->seq);
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_int_uint(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t);
	const struct rawslot *s;

	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "5", 3), 0);
	s = raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS);
	assert_int_equal(s->have, 1);
	assert_int_equal(s->kind, OK_INT);
	assert_int_equal(s->v.i, 5);
	/* atoi leniency: the leading number, or 0 */
	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "-3", 4), 0);
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, -3);
	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "12abc", 5), 0);
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 12);
	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "abc", 6), 0);
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 0);
	/* one slot, rewritten in place */
	assert_non_null(raw_own(o, OT_HOST_MAX_CHECK_ATTEMPTS));
	assert_int_equal(o->nent, 2);

	assert_int_equal(raw_set(t->rs, o, "importance", "7", 7), 0);
	s = raw_get(o, OT_HOST_IMPORTANCE);
	assert_int_equal(s->kind, OK_UINT);
	assert_int_equal(s->have, 1);
	assert_int_equal(s->v.i, 7);
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_bool(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t);
	static const struct {
		const char *in;
		long want;
	} cases[] = { { "1", 1 }, { "5", 1 }, { "0", 0 }, { "-1", 0 }, { "yes", 0 }, { "2x", 1 } };
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(raw_set(t->rs, o, "active_checks_enabled", cases[i].in, 3), 0);
		if (raw_get(o, OT_HOST_ACTIVE_CHECKS_ENABLED)->v.i != cases[i].want)
			fail_msg("\"%s\" gives %ld", cases[i].in,
			    raw_get(o, OT_HOST_ACTIVE_CHECKS_ENABLED)->v.i);
		assert_int_equal(raw_get(o, OT_HOST_ACTIVE_CHECKS_ENABLED)->have, 1);
		assert_int_equal(raw_get(o, OT_HOST_ACTIVE_CHECKS_ENABLED)->kind, OK_BOOL);
	}
	/* the old alias writes the same slot */
	assert_int_equal(raw_set(t->rs, o, "checks_enabled", "1", 4), 0);
	assert_int_equal(raw_get(o, OT_HOST_ACTIVE_CHECKS_ENABLED)->v.i, 1);
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_double(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t);
	const struct rawslot *s;

	assert_int_equal(raw_set(t->rs, o, "check_interval", "2.5", 3), 0);
	s = raw_get(o, OT_HOST_CHECK_INTERVAL);
	assert_int_equal(s->kind, OK_DOUBLE);
	assert_int_equal(s->have, 1);
	assert_float_equal(s->v.d, 2.5, 1e-12);
	assert_int_equal(raw_set(t->rs, o, "low_flap_threshold", "7", 4), 0);
	assert_float_equal(raw_get(o, OT_HOST_LOW_FLAP_THRESHOLD)->v.d, 7.0, 1e-12);
	assert_int_equal(raw_set(t->rs, o, "high_flap_threshold", "junk", 5), 0);
	assert_float_equal(raw_get(o, OT_HOST_HIGH_FLAP_THRESHOLD)->v.d, 0.0, 1e-12);
	assert_int_equal(raw_get(o, OT_HOST_HIGH_FLAP_THRESHOLD)->have, 1);
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_options(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *s;
	const struct diag_entry *e;

	assert_int_equal(raw_set(t->rs, o, "notification_options", "d,u", 3), 0);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->kind, OK_OPTS);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->have, 1);
	/* a second line adds to the mask */
	assert_int_equal(raw_set(t->rs, o, "notification_options", "recovery", 4), 0);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_RECOVERY);
	/* flap_detection_options starts again on each line */
	assert_int_equal(raw_set(t->rs, o, "flap_detection_options", "o,d", 5), 0);
	assert_int_equal(raw_set(t->rs, o, "flap_detection_options", "u", 6), 0);
	assert_int_equal(raw_get(o, OT_HOST_FLAP_DETECTION_OPTIONS)->v.opts,
	    OBJ_OPT_UNREACHABLE);
	assert_int_equal(raw_get(o, OT_HOST_FLAP_DETECTION_OPTIONS)->kind, OK_OPTS_RESET);
	assert_int_equal(raw_set(t->rs, o, "stalking_options", "o,N", 7), 0);
	assert_int_equal(raw_get(o, OT_HOST_STALKING_OPTIONS)->v.opts,
	    OBJ_OPT_UP | OBJ_OPT_NOTIFICATIONS);
	assert_int_equal(diag_count(t->d), 0);

	/* a bad letter is an error at its line, naming the letter */
	assert_int_equal(raw_set(t->rs, o, "notification_options", "d,x", 8), -1);
	assert_int_equal(diag_errors(t->d), 1);
	e = diag_get(t->d, 0);
	assert_non_null(e);
	assert_int_equal(e->loc.line, 8);
	assert_string_equal(e->loc.directive, "notification_options");
	assert_non_null(strstr(e->msg, "'x'"));

	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	assert_int_equal(raw_set(t->rs, s, "notification_options", "w,c,r", 2), 0);
	assert_int_equal(raw_get(s, OT_SVC_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_WARNING | OBJ_OPT_CRITICAL | OBJ_OPT_RECOVERY);
	assert_int_equal(raw_set(t->rs, s, "notification_options", "all", 3), 0);
	assert_int_equal(raw_get(s, OT_SVC_NOTIFICATION_OPTIONS)->v.opts, OBJ_OPT_ALL);
	assert_int_equal(raw_set(t->rs, s, "notification_options", "n", 4), 0);
	assert_int_equal(raw_get(s, OT_SVC_NOTIFICATION_OPTIONS)->v.opts, OBJ_OPT_NONE);
	assert_int_equal(raw_get(s, OT_SVC_NOTIFICATION_OPTIONS)->have, 1);
	assert_int_equal(raw_set(t->rs, s, "notification_options", "d", 5), -1);
	assert_int_equal(diag_errors(t->d), 2);
}

static void
t_initial_state(void **state)
{
	struct t *t = *state;
	struct rawobj *h = t_host(t), *s;
	static const struct {
		const char *in;
		long want;
	} hs[] = {
		{ "o", OBJ_HOST_UP }, { "up", OBJ_HOST_UP }, { "d", OBJ_HOST_DOWN },
		{ "down", OBJ_HOST_DOWN }, { "u", OBJ_HOST_UNREACHABLE },
		{ "unreachable", OBJ_HOST_UNREACHABLE }
	}, ss[] = {
		{ "o", OBJ_STATE_OK }, { "ok", OBJ_STATE_OK }, { "w", OBJ_STATE_WARNING },
		{ "warning", OBJ_STATE_WARNING }, { "c", OBJ_STATE_CRITICAL },
		{ "critical", OBJ_STATE_CRITICAL }, { "u", OBJ_STATE_UNKNOWN },
		{ "unknown", OBJ_STATE_UNKNOWN }
	};
	size_t i;

	for (i = 0; i < sizeof(hs) / sizeof(hs[0]); i++) {
		/* a different value first, so a no-op cannot pass */
		assert_int_equal(raw_set(t->rs, h, "initial_state",
		    hs[i].want == OBJ_HOST_DOWN ? "up" : "down", 3), 0);
		assert_int_equal(raw_set(t->rs, h, "initial_state", hs[i].in, 3), 0);
		if (raw_get(h, OT_HOST_INITIAL_STATE)->v.i != hs[i].want)
			fail_msg("host \"%s\" gives %ld", hs[i].in,
			    raw_get(h, OT_HOST_INITIAL_STATE)->v.i);
	}
	assert_int_equal(raw_get(h, OT_HOST_INITIAL_STATE)->kind, OK_HSTATE);
	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	for (i = 0; i < sizeof(ss) / sizeof(ss[0]); i++) {
		assert_int_equal(raw_set(t->rs, s, "initial_state",
		    ss[i].want == OBJ_STATE_WARNING ? "ok" : "warning", 3), 0);
		assert_int_equal(raw_set(t->rs, s, "initial_state", ss[i].in, 3), 0);
		if (raw_get(s, OT_SVC_INITIAL_STATE)->v.i != ss[i].want)
			fail_msg("service \"%s\" gives %ld", ss[i].in,
			    raw_get(s, OT_SVC_INITIAL_STATE)->v.i);
	}
	assert_int_equal(raw_get(s, OT_SVC_INITIAL_STATE)->kind, OK_SSTATE);
	assert_int_equal(diag_count(t->d), 0);

	/* host words are not service words, case counts, nothing else passes */
	assert_int_equal(raw_set(t->rs, h, "initial_state", "ok", 4), -1);
	assert_int_equal(raw_set(t->rs, h, "initial_state", "UP", 5), -1);
	assert_int_equal(raw_set(t->rs, s, "initial_state", "up", 6), -1);
	assert_int_equal(raw_set(t->rs, s, "initial_state", "d", 7), -1);
	assert_int_equal(raw_set(t->rs, s, "initial_state", "", 8), -1);
	assert_int_equal(diag_errors(t->d), 5);
	assert_true(diag_has(t->d, DIAG_ERROR, "Invalid initial state 'ok'"));
}

static void
t_coords(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t);
	const struct rawslot *s;

	assert_int_equal(raw_set(t->rs, o, "2d_coords", "100,250", 3), 0);
	s = raw_get(o, OT_HOST_2D_COORDS);
	assert_int_equal(s->have, 1);
	assert_int_equal(s->kind, OK_COORDS2);
	assert_non_null(s->v.c);
	assert_float_equal(s->v.c[0], 100.0, 1e-12);
	assert_float_equal(s->v.c[1], 250.0, 1e-12);
	/* 2d coordinates are integers */
	assert_int_equal(raw_set(t->rs, o, "2d_coords", "1.7, -2", 4), 0);
	s = raw_get(o, OT_HOST_2D_COORDS);
	assert_float_equal(s->v.c[0], 1.0, 1e-12);
	assert_float_equal(s->v.c[1], -2.0, 1e-12);

	assert_int_equal(raw_set(t->rs, o, "3d_coords", "1.5,2.25,-3", 5), 0);
	s = raw_get(o, OT_HOST_3D_COORDS);
	assert_int_equal(s->have, 1);
	assert_int_equal(s->kind, OK_COORDS3);
	assert_float_equal(s->v.c[0], 1.5, 1e-12);
	assert_float_equal(s->v.c[1], 2.25, 1e-12);
	assert_float_equal(s->v.c[2], -3.0, 1e-12);
	assert_int_equal(raw_set(t->rs, o, "3d_coords", "4 5 6", 6), 0);
	s = raw_get(o, OT_HOST_3D_COORDS);
	assert_float_equal(s->v.c[0], 4.0, 1e-12);
	assert_float_equal(s->v.c[2], 6.0, 1e-12);
	assert_int_equal(diag_count(t->d), 0);

	/* too few values */
	assert_int_equal(raw_set(t->rs, o, "2d_coords", "5", 7), -1);
	assert_int_equal(raw_set(t->rs, o, "3d_coords", "1,2", 8), -1);
	assert_int_equal(raw_set(t->rs, o, "3d_coords", "", 9), -1);
	assert_int_equal(diag_errors(t->d), 3);
	assert_true(diag_has(t->d, DIAG_ERROR, "Invalid 3d_coords value"));
	/* the earlier value stands */
	assert_float_equal(raw_get(o, OT_HOST_3D_COORDS)->v.c[0], 4.0, 1e-12);
}

static void
t_strings(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *o2;
	char buf[32];
	const struct rawslot *s;

	snprintf(buf, sizeof(buf), "%s", "the notes");
	assert_int_equal(raw_set(t->rs, o, "notes", buf, 3), 0);
	buf[0] = 'X';
	/* the value is the store's copy */
	assert_string_equal(raw_str(o, OT_HOST_NOTES), "the notes");
	assert_int_equal(raw_get(o, OT_HOST_NOTES)->kind, OK_STR);

	/* "null": explicitly unset, still set here */
	assert_int_equal(raw_set(t->rs, o, "display_name", "null", 4), 0);
	s = raw_get(o, OT_HOST_DISPLAY_NAME);
	assert_null(s->v.s);
	assert_int_equal(s->have, 1);
	assert_int_equal(raw_set(t->rs, o, "parents", "null", 5), 0);
	assert_null(raw_str(o, OT_HOST_PARENTS));
	assert_int_equal(raw_have(o, OT_HOST_PARENTS), 1);
	assert_int_equal(raw_get(o, OT_HOST_PARENTS)->kind, OK_LIST);
	assert_int_equal(raw_set(t->rs, o, "parents", "a,b", 6), 0);
	assert_string_equal(raw_str(o, OT_HOST_PARENTS), "a,b");

	/* alias and address are literal: "null" is a value */
	assert_int_equal(raw_set(t->rs, o, "alias", "null", 7), 0);
	assert_string_equal(raw_str(o, OT_HOST_ALIAS), "null");
	assert_int_equal(raw_get(o, OT_HOST_ALIAS)->kind, OK_STR_LIT);
	assert_int_equal(raw_set(t->rs, o, "address", "null", 8), 0);
	assert_string_equal(raw_str(o, OT_HOST_ADDRESS), "null");
	assert_int_equal(raw_have(o, OT_HOST_ADDRESS), 1);

	/* an empty string is a value, not "null" */
	assert_int_equal(raw_set(t->rs, o, "notes_url", "", 9), 0);
	assert_non_null(raw_str(o, OT_HOST_NOTES_URL));
	assert_string_equal(raw_str(o, OT_HOST_NOTES_URL), "");

	/* repeated values are shared, names are not */
	o2 = raw_begin(t->rs, OT_HOST, "hosts.cfg", 20);
	assert_int_equal(raw_set(t->rs, o2, "host_name", "web1", 21), 0);
	assert_int_equal(raw_set(t->rs, o2, "notes", "the notes", 22), 0);
	assert_ptr_equal(raw_str(o2, OT_HOST_NOTES), raw_str(o, OT_HOST_NOTES));
	assert_string_equal(raw_str(o2, OT_HOST_HOST_NAME), "web1");
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_deprecated(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *c;
	const struct diag_entry *e;

	assert_int_equal(raw_set(t->rs, o, "normal_check_interval", "5", 3), 0);
	assert_int_equal(diag_warnings(t->d), 1);
	assert_int_equal(diag_errors(t->d), 0);
	e = diag_get(t->d, 0);
	assert_int_equal(e->kind, DIAG_WARNING);
	assert_int_equal(e->loc.line, 3);
	assert_string_equal(e->loc.directive, "normal_check_interval");
	assert_non_null(strstr(e->msg, "deprecated"));
	assert_non_null(strstr(e->msg, "check_interval"));
	/* the value is still taken, into the new name's slot */
	assert_float_equal(raw_get(o, OT_HOST_CHECK_INTERVAL)->v.d, 5.0, 1e-12);
	assert_int_equal(raw_have(o, OT_HOST_CHECK_INTERVAL), 1);

	assert_int_equal(raw_set(t->rs, o, "retry_check_interval", "2", 4), 0);
	assert_int_equal(raw_set(t->rs, o, "hourly_value", "9", 5), 0);
	assert_int_equal(diag_warnings(t->d), 3);
	assert_float_equal(raw_get(o, OT_HOST_RETRY_INTERVAL)->v.d, 2.0, 1e-12);
	assert_int_equal(raw_get(o, OT_HOST_IMPORTANCE)->v.i, 9);

	c = raw_begin(t->rs, OT_CONTACT, "contacts.cfg", 1);
	assert_int_equal(raw_set(t->rs, c, "minimum_value", "4", 2), 0);
	assert_int_equal(diag_warnings(t->d), 4);
	assert_true(diag_has(t->d, DIAG_WARNING, "minimum_importance"));
	assert_int_equal(raw_get(c, OT_CONTACT_MINIMUM_IMPORTANCE)->v.i, 4);

	/* the current names warn about nothing */
	assert_int_equal(raw_set(t->rs, o, "check_interval", "1", 6), 0);
	assert_int_equal(diag_warnings(t->d), 4);
	assert_int_equal(diag_errors(t->d), 0);
}

static void
t_obsolete(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *s;
	unsigned before;

	before = o->nent;
	assert_int_equal(raw_set(t->rs, o, "failure_prediction_enabled", "1", 3), 0);
	assert_int_equal(diag_warnings(t->d), 1);
	assert_int_equal(diag_errors(t->d), 0);
	assert_true(diag_has(t->d, DIAG_WARNING, "failure_prediction_enabled"));
	assert_true(diag_has(t->d, DIAG_WARNING, "obsoleted"));
	assert_int_equal(diag_get(t->d, 0)->loc.line, 3);
	/* ignored: nothing stored */
	assert_int_equal(raw_have(o, OT_HOST_OBSOLETE), 0);
	assert_int_equal(o->nent, before);

	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	assert_int_equal(raw_set(t->rs, s, "failure_prediction_options", "w,c", 2), 0);
	assert_int_equal(diag_warnings(t->d), 2);
	assert_true(diag_has(t->d, DIAG_WARNING, "service type objects"));
}

static void
t_empty_contacts(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *s, *e;

	assert_int_equal(raw_set(t->rs, o, "contacts", "", 3), -1);
	assert_int_equal(diag_errors(t->d), 1);
	assert_int_equal(diag_get(t->d, 0)->kind, DIAG_ERROR);
	assert_string_equal(diag_get(t->d, 0)->loc.directive, "contacts");
	assert_int_equal(diag_get(t->d, 0)->loc.line, 3);
	assert_true(diag_has(t->d, DIAG_ERROR, "Empty value for contacts"));
	assert_int_equal(raw_set(t->rs, o, "contact_groups", "", 4), -1);
	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	assert_int_equal(raw_set(t->rs, s, "contacts", "", 2), -1);
	e = raw_begin(t->rs, OT_HOSTESCALATION, "esc.cfg", 1);
	assert_int_equal(raw_set(t->rs, e, "contacts", "", 2), -1);
	assert_int_equal(diag_errors(t->d), 4);
	/* a value is fine, and so is an empty list elsewhere */
	assert_int_equal(raw_set(t->rs, o, "contacts", "admin", 5), 0);
	assert_string_equal(raw_str(o, OT_HOST_CONTACTS), "admin");
	assert_int_equal(raw_set(t->rs, o, "parents", "", 6), 0);
	assert_int_equal(diag_errors(t->d), 4);
}

static void
t_unknown_directive(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *c;
	const struct diag_entry *e;

	assert_int_equal(raw_set(t->rs, o, "bogus_directive", "x", 17), -1);
	assert_int_equal(diag_errors(t->d), 1);
	assert_int_equal(diag_count(t->d), 1);
	e = diag_get(t->d, 0);
	assert_non_null(e);
	assert_int_equal(e->kind, DIAG_ERROR);
	assert_int_equal(e->loc.line, 17);
	assert_string_equal(e->loc.file, "hosts.cfg");
	assert_string_equal(e->loc.directive, "bogus_directive");
	assert_string_equal(e->loc.otype, "host");
	assert_string_equal(e->loc.oname, "web1");
	assert_non_null(strstr(e->msg, "Invalid host object directive"));
	assert_null(diag_get(t->d, 1));

	/* custom variables only where Nagios has them */
	c = raw_begin(t->rs, OT_COMMAND, "cmd.cfg", 30);
	assert_int_equal(raw_set(t->rs, c, "_FOO", "bar", 31), -1);
	e = diag_get(t->d, 1);
	assert_non_null(e);
	assert_int_equal(e->loc.line, 31);
	assert_string_equal(e->loc.otype, "command");
	assert_string_equal(e->loc.directive, "_FOO");
	assert_null(c->vars);
	/* directives of another type */
	assert_int_equal(raw_set(t->rs, c, "host_name", "x", 32), -1);
	assert_int_equal(diag_errors(t->d), 3);
}

static void
t_customvars(void **state)
{
	struct t *t = *state;
	struct rawobj *o = t_host(t), *s, *c;
	struct rawvar *v;

	assert_int_equal(raw_set(t->rs, o, "_snmp_Community", "public", 3), 0);
	assert_int_equal(raw_set(t->rs, o, "_empty", "", 4), 0);
	assert_int_equal(raw_set(t->rs, o, "_nothing", "null", 5), 0);
	assert_int_equal(raw_set(t->rs, o, "_Literal", "Mixed Case", 6), 0);
	v = o->vars;
	assert_non_null(v);
	assert_string_equal(v->name, "SNMP_COMMUNITY");
	assert_string_equal(v->value, "public");
	v = v->next;
	assert_non_null(v);
	assert_string_equal(v->name, "EMPTY");
	assert_null(v->value);
	v = v->next;
	assert_non_null(v);
	assert_string_equal(v->name, "NOTHING");
	assert_null(v->value);
	v = v->next;
	assert_non_null(v);
	assert_string_equal(v->name, "LITERAL");
	assert_string_equal(v->value, "Mixed Case");
	assert_null(v->next);

	/* the same variable again (any case) replaces the value in place */
	assert_int_equal(raw_set(t->rs, o, "_SNMP_COMMUNITY", "private", 7), 0);
	assert_string_equal(o->vars->value, "private");
	assert_string_equal(o->vars->next->name, "EMPTY");
	assert_ptr_equal(raw_find_var(o, "SNMP_COMMUNITY"), o->vars);
	assert_null(raw_find_var(o, "snmp_community"));
	assert_null(raw_find_var(o, "MISSING"));

	/* services and contacts have them too */
	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	assert_int_equal(raw_set(t->rs, s, "_port", "8080", 2), 0);
	assert_string_equal(raw_find_var(s, "PORT")->value, "8080");
	c = raw_begin(t->rs, OT_CONTACT, "c.cfg", 1);
	assert_int_equal(raw_set(t->rs, c, "_xmpp", "a@b", 2), 0);
	assert_string_equal(raw_find_var(c, "XMPP")->value, "a@b");
	assert_int_equal(diag_count(t->d), 0);

	/* a bare underscore names nothing */
	assert_int_equal(raw_set(t->rs, o, "_", "x", 8), -1);
	assert_int_equal(diag_errors(t->d), 1);
	assert_int_equal(diag_get(t->d, 0)->loc.line, 8);

	/* raw_add_var keeps order and replaces */
	raw_add_var(t->rs, c, "A", "1");
	raw_add_var(t->rs, c, "XMPP", "c@d");
	assert_string_equal(c->vars->value, "c@d");
	assert_string_equal(c->vars->next->name, "A");
	assert_null(c->vars->next->next);
}

static void
t_get_unset(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);
	const struct rawslot *s;

	s = raw_get(o, OT_HOST_NOTES);
	assert_non_null(s);
	assert_int_equal(s->have, 0);
	assert_null(s->v.s);
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 0);
	assert_null(raw_str(o, OT_HOST_NOTES));
	assert_int_equal(raw_have(o, OT_HOST_NOTES), 0);
	assert_null(raw_own(o, OT_HOST_NOTES));
	/* reading creates nothing */
	assert_int_equal(o->nent, 0);
}

static void
t_at_creates(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);
	struct rawslot *s, *s2;
	unsigned i;

	s = raw_at(o, OT_HOST_NOTES);
	assert_non_null(s);
	assert_int_equal(s->slot, OT_HOST_NOTES);
	assert_int_equal(s->have, 0);
	assert_null(s->v.s);
	assert_int_equal(o->nent, 1);
	assert_ptr_equal(raw_own(o, OT_HOST_NOTES), s);
	s2 = raw_at(o, OT_HOST_NOTES);
	assert_ptr_equal(s2, s);
	assert_int_equal(o->nent, 1);

	/* every slot of the type, across growth of the entry array */
	for (i = 0; i < OT_HOST_NSLOTS; i++) {
		s = raw_at(o, i);
		s->v.i = (long)i * 10 + 1;
		s->have = 1;
	}
	assert_int_equal(o->nent, OT_HOST_NSLOTS);
	for (i = 0; i < OT_HOST_NSLOTS; i++) {
		if (raw_get(o, i)->v.i != (long)i * 10 + 1)
			fail_msg("slot %u lost its value", i);
		if (raw_get(o, i)->slot != i)
			fail_msg("slot %u misfiled", i);
	}
}

static void
t_put_clear(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);
	unsigned n;

	raw_put_str(o, OT_HOST_NOTES, "n1");
	assert_string_equal(raw_str(o, OT_HOST_NOTES), "n1");
	assert_int_equal(raw_have(o, OT_HOST_NOTES), 1);
	raw_put_str(o, OT_HOST_NOTES, "n2");
	assert_string_equal(raw_str(o, OT_HOST_NOTES), "n2");
	raw_put_str(o, OT_HOST_ALIAS, NULL);
	assert_null(raw_str(o, OT_HOST_ALIAS));
	assert_int_equal(raw_have(o, OT_HOST_ALIAS), 1);

	raw_put_opts(o, OT_HOST_NOTIFICATION_OPTIONS, OBJ_OPT_DOWN);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts, OBJ_OPT_DOWN);
	assert_int_equal(raw_have(o, OT_HOST_NOTIFICATION_OPTIONS), 1);
	/* put replaces, it does not OR */
	raw_put_opts(o, OT_HOST_NOTIFICATION_OPTIONS, OBJ_OPT_RECOVERY);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts, OBJ_OPT_RECOVERY);
	raw_put_opts(o, OT_HOST_NOTIFICATION_OPTIONS, 0);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts, 0);
	assert_int_equal(raw_have(o, OT_HOST_NOTIFICATION_OPTIONS), 1);

	/* clear keeps "set here" */
	raw_clear(o, OT_HOST_NOTES);
	assert_null(raw_str(o, OT_HOST_NOTES));
	assert_int_equal(raw_have(o, OT_HOST_NOTES), 1);
	/* clearing an unset slot creates nothing */
	n = o->nent;
	raw_clear(o, OT_HOST_ACTION_URL);
	assert_int_equal(o->nent, n);
	assert_null(raw_own(o, OT_HOST_ACTION_URL));
	assert_int_equal(raw_have(o, OT_HOST_ACTION_URL), 0);
}

static void
t_copy(void **state)
{
	struct t *t = *state;
	struct rawobj *h = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);
	struct rawobj *s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 1);
	unsigned n;

	assert_int_equal(raw_set(t->rs, h, "notes", "host notes", 2), 0);
	assert_int_equal(raw_set(t->rs, h, "check_interval", "3.5", 3), 0);
	raw_copy(s, OT_SVC_NOTES, h, OT_HOST_NOTES);
	assert_string_equal(raw_str(s, OT_SVC_NOTES), "host notes");
	assert_int_equal(raw_have(s, OT_SVC_NOTES), 1);
	assert_int_equal(raw_get(s, OT_SVC_NOTES)->kind, OK_STR);
	assert_int_equal(raw_get(s, OT_SVC_NOTES)->slot, OT_SVC_NOTES);
	raw_copy(s, OT_SVC_CHECK_INTERVAL, h, OT_HOST_CHECK_INTERVAL);
	assert_float_equal(raw_get(s, OT_SVC_CHECK_INTERVAL)->v.d, 3.5, 1e-12);
	assert_int_equal(raw_get(s, OT_SVC_CHECK_INTERVAL)->kind, OK_DOUBLE);
	/* the source is untouched, and later source writes do not follow */
	assert_int_equal(raw_set(t->rs, h, "notes", "changed", 4), 0);
	assert_string_equal(raw_str(s, OT_SVC_NOTES), "host notes");

	/* unset onto unset: nothing created */
	n = s->nent;
	raw_copy(s, OT_SVC_ACTION_URL, h, OT_HOST_ACTION_URL);
	assert_int_equal(s->nent, n);
	assert_null(raw_own(s, OT_SVC_ACTION_URL));
	/* unset onto set: the destination becomes unset */
	raw_put_str(s, OT_SVC_NOTES_URL, "u");
	raw_copy(s, OT_SVC_NOTES_URL, h, OT_HOST_NOTES_URL);
	assert_int_equal(raw_have(s, OT_SVC_NOTES_URL), 0);
	assert_null(raw_str(s, OT_SVC_NOTES_URL));
	/* within one object */
	raw_copy(h, OT_HOST_ACTION_URL, h, OT_HOST_NOTES);
	assert_string_equal(raw_str(h, OT_HOST_ACTION_URL), "changed");
}

static void
t_clone(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 5), *c;
	unsigned i;

	assert_int_equal(raw_set(t->rs, o, "host_name", "web1", 6), 0);
	assert_int_equal(raw_set(t->rs, o, "service_description", "HTTP", 7), 0);
	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "4", 8), 0);
	assert_int_equal(raw_set(t->rs, o, "notification_options", "w,c", 9), 0);
	assert_int_equal(raw_set(t->rs, o, "_port", "80", 10), 0);
	assert_int_equal(raw_set(t->rs, o, "use", "generic-service", 11), 0);

	c = raw_clone(t->rs, o);
	assert_non_null(c);
	assert_ptr_not_equal(c, o);
	assert_int_equal(c->type, OT_SERVICE);
	assert_string_equal(c->file, "svc.cfg");
	assert_int_equal(c->line, 5);
	assert_string_equal(c->use, "generic-service");
	assert_true(c->seq > o->seq);
	assert_int_equal(c->nent, o->nent);
	assert_ptr_not_equal(c->ents, o->ents);
	assert_string_equal(raw_str(c, OT_SVC_HOST_NAME), "web1");
	assert_string_equal(raw_str(c, OT_SVC_SERVICE_DESCRIPTION), "HTTP");
	assert_int_equal(raw_get(c, OT_SVC_MAX_CHECK_ATTEMPTS)->v.i, 4);
	assert_int_equal(raw_get(c, OT_SVC_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_WARNING | OBJ_OPT_CRITICAL);
	assert_string_equal(raw_find_var(c, "PORT")->value, "80");
	/* appended to the store after the original */
	assert_int_equal(t->rs->objs[OT_SERVICE].len, 2);
	assert_ptr_equal(t->rs->objs[OT_SERVICE].items[1], c);

	/* writes to the clone stay in the clone */
	raw_put_str(c, OT_SVC_HOST_NAME, "web2");
	assert_int_equal(raw_set(t->rs, c, "max_check_attempts", "9", 12), 0);
	assert_int_equal(raw_set(t->rs, c, "notification_options", "r", 13), 0);
	assert_int_equal(raw_set(t->rs, c, "notes", "clone only", 14), 0);
	raw_clear(c, OT_SVC_SERVICE_DESCRIPTION);
	assert_string_equal(raw_str(c, OT_SVC_HOST_NAME), "web2");
	assert_int_equal(raw_get(c, OT_SVC_MAX_CHECK_ATTEMPTS)->v.i, 9);
	assert_string_equal(raw_str(o, OT_SVC_HOST_NAME), "web1");
	assert_string_equal(raw_str(o, OT_SVC_SERVICE_DESCRIPTION), "HTTP");
	assert_int_equal(raw_get(o, OT_SVC_MAX_CHECK_ATTEMPTS)->v.i, 4);
	assert_int_equal(raw_get(o, OT_SVC_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_WARNING | OBJ_OPT_CRITICAL);
	assert_int_equal(raw_get(c, OT_SVC_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_WARNING | OBJ_OPT_CRITICAL | OBJ_OPT_RECOVERY);
	assert_int_equal(raw_have(o, OT_SVC_NOTES), 0);
	/* and the clone grows past its spare room without touching o */
	for (i = 0; i < OT_SVC_NSLOTS; i++)
		if (raw_own(c, i) == NULL)
			raw_put_opts(c, i, 7);
	assert_int_equal(c->nent, OT_SVC_NSLOTS);
	assert_string_equal(raw_str(o, OT_SVC_HOST_NAME), "web1");
	assert_int_equal(raw_have(o, OT_SVC_NOTES_URL), 0);
	assert_int_equal(o->nent, 4);

	/* the original changed later: the clone keeps its copy */
	raw_put_str(o, OT_SVC_DISPLAY_NAME, "orig");
	assert_int_equal(raw_get(c, OT_SVC_DISPLAY_NAME)->v.opts, 7);
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_templates(void **state)
{
	struct t *t = *state;
	struct rawobj *a, *b, *s, *h;
	const struct diag_entry *e;

	a = raw_begin(t->rs, OT_HOST, "tpl.cfg", 1);
	assert_int_equal(raw_set(t->rs, a, "name", "generic-host", 2), 0);
	assert_int_equal(raw_set(t->rs, a, "register", "0", 3), 0);
	assert_int_equal(raw_end(t->rs, a), 0);
	assert_string_equal(a->tmpl_name, "generic-host");
	assert_ptr_equal(raw_template(t->rs, OT_HOST, "generic-host"), a);
	assert_null(raw_template(t->rs, OT_HOST, "other"));
	assert_null(raw_template(t->rs, OT_SERVICE, "generic-host"));

	/* the same name in another type is no clash */
	s = raw_begin(t->rs, OT_SERVICE, "tpl.cfg", 10);
	assert_int_equal(raw_set(t->rs, s, "name", "generic-host", 11), 0);
	assert_int_equal(raw_end(t->rs, s), 0);
	assert_ptr_equal(raw_template(t->rs, OT_SERVICE, "generic-host"), s);

	/* a second host template of that name is */
	b = raw_begin(t->rs, OT_HOST, "more.cfg", 20);
	assert_int_equal(raw_set(t->rs, b, "name", "generic-host", 21), 0);
	assert_int_equal(raw_end(t->rs, b), -1);
	assert_int_equal(diag_errors(t->d), 1);
	e = diag_get(t->d, 0);
	assert_int_equal(e->kind, DIAG_ERROR);
	assert_string_equal(e->loc.file, "more.cfg");
	assert_int_equal(e->loc.line, 20);
	assert_string_equal(e->loc.otype, "host");
	assert_non_null(strstr(e->msg, "Duplicate definition"));
	assert_non_null(strstr(e->msg, "generic-host"));
	assert_non_null(strstr(e->msg, "tpl.cfg"));
	/* the first one stays the template */
	assert_ptr_equal(raw_template(t->rs, OT_HOST, "generic-host"), a);

	/* objects without a name are not indexed */
	h = t_host(t);
	assert_int_equal(raw_end(t->rs, h), 0);
	assert_null(raw_template(t->rs, OT_HOST, "web1"));
	assert_int_equal(diag_errors(t->d), 1);
}

static void
t_timeperiod(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_TIMEPERIOD, "tp.cfg", 1);
	const struct rawslot *s;
	struct rawexc *x;

	assert_int_equal(raw_set(t->rs, o, "timeperiod_name", "work", 2), 0);
	assert_int_equal(raw_set(t->rs, o, "alias", "Work hours", 3), 0);
	assert_int_equal(raw_set(t->rs, o, "exclude", "holidays", 4), 0);
	assert_string_equal(raw_str(o, OT_TP_TIMEPERIOD_NAME), "work");
	assert_string_equal(raw_str(o, OT_TP_ALIAS), "Work hours");
	assert_string_equal(raw_str(o, OT_TP_EXCLUDE), "holidays");

	assert_int_equal(raw_set(t->rs, o, "monday", "09:00-17:00", 5), 0);
	s = raw_get(o, OT_TP_SUNDAY + 1);
	assert_int_equal(s->have, 1);
	assert_int_equal(s->kind, OK_STR_LIT);
	assert_string_equal(s->v.s, "09:00-17:00");
	assert_int_equal(raw_set(t->rs, o, "sunday", "00:00-09:00,17:00-24:00", 6), 0);
	assert_string_equal(raw_str(o, OT_TP_SUNDAY), "00:00-09:00,17:00-24:00");
	assert_int_equal(raw_set(t->rs, o, "saturday", "10:00-12:00", 7), 0);
	assert_string_equal(raw_str(o, OT_TP_SUNDAY + 6), "10:00-12:00");
	assert_int_equal(raw_have(o, OT_TP_SUNDAY + 2), 0);
	assert_null(o->exceptions);
	assert_int_equal(diag_count(t->d), 0);

	/* date lines become exceptions, in order */
	assert_int_equal(raw_set(t->rs, o, "december", "25 00:00-24:00", 8), 0);
	assert_int_equal(raw_set(t->rs, o, "2024-01-01", "00:00-24:00", 9), 0);
	assert_int_equal(raw_set(t->rs, o, "monday", "2 08:00-10:00", 10), 0);
	x = o->exceptions;
	assert_non_null(x);
	assert_int_equal(x->dr.type, OBJ_DR_MONTH_DATE);
	assert_int_equal(x->dr.smon, 11);
	assert_int_equal(x->dr.smday, 25);
	assert_non_null(x->dr.times);
	x = x->next;
	assert_non_null(x);
	assert_int_equal(x->dr.type, OBJ_DR_CALENDAR_DATE);
	assert_int_equal(x->dr.syear, 2024);
	assert_int_equal(x->dr.smon, 0);
	assert_int_equal(x->dr.smday, 1);
	x = x->next;
	assert_non_null(x);
	/* "monday 2" is the second monday of the month, not a weekday line */
	assert_int_equal(x->dr.type, OBJ_DR_WEEK_DAY);
	assert_int_equal(x->dr.swday, 1);
	assert_int_equal(x->dr.swday_offset, 2);
	assert_null(x->next);
	/* the weekday slot still holds the plain line */
	assert_string_equal(raw_str(o, OT_TP_SUNDAY + 1), "09:00-17:00");
	assert_int_equal(diag_count(t->d), 0);
}

static void
t_timeperiod_invalid(void **state)
{
	struct t *t = *state;
	struct rawobj *o = raw_begin(t->rs, OT_TIMEPERIOD, "tp.cfg", 1);
	const struct diag_entry *e;

	assert_int_equal(raw_set(t->rs, o, "timeperiod_name", "bad", 2), 0);
	assert_int_equal(raw_set(t->rs, o, "funday", "09:00-17:00", 12), -1);
	assert_int_equal(diag_errors(t->d), 1);
	e = diag_get(t->d, 0);
	assert_int_equal(e->loc.line, 12);
	assert_string_equal(e->loc.otype, "timeperiod");
	assert_string_equal(e->loc.oname, "bad");
	assert_string_equal(e->loc.directive, "funday");
	assert_null(o->exceptions);
	/* a bad range on a weekday line */
	assert_int_equal(raw_set(t->rs, o, "tuesday", "09:00-", 13), -1);
	assert_int_equal(raw_have(o, OT_TP_SUNDAY + 2), 0);
	/* a date line without times, or with a time past 24:00 */
	assert_int_equal(raw_set(t->rs, o, "july", "4", 14), -1);
	assert_int_equal(raw_set(t->rs, o, "day", "1 24:01-24:02", 15), -1);
	assert_int_equal(diag_errors(t->d), 4);
	assert_true(diag_has(t->d, DIAG_ERROR, "Could not parse timeperiod directive"));
	assert_null(o->exceptions);
}

/* objects read through their templates (o->tmpl as inherit.c sets it) */
static void
t_inherited(void **state)
{
	struct t *t = *state;
	struct rawobj *tp1, *tp2, *o, **tl;
	const struct rawslot *s;
	struct rawslot *w;

	tp1 = raw_begin(t->rs, OT_HOST, "tpl.cfg", 1);
	assert_int_equal(raw_set(t->rs, tp1, "name", "t1", 2), 0);
	assert_int_equal(raw_set(t->rs, tp1, "notes", "from-t1", 3), 0);
	assert_int_equal(raw_set(t->rs, tp1, "max_check_attempts", "3", 4), 0);
	assert_int_equal(raw_set(t->rs, tp1, "notification_options", "d", 5), 0);
	assert_int_equal(raw_end(t->rs, tp1), 0);

	o = t_host(t);
	assert_int_equal(raw_set(t->rs, o, "max_check_attempts", "7", 3), 0);
	tl = arena_alloc(t->a, sizeof(*tl));
	tl[0] = tp1;
	o->tmpl = tl;
	o->ntmpl = 1;

	/* the template's value is read through, not copied */
	s = raw_get(o, OT_HOST_NOTES);
	assert_int_equal(s->have, 1);
	assert_string_equal(s->v.s, "from-t1");
	assert_ptr_equal(s, raw_own(tp1, OT_HOST_NOTES));
	assert_null(raw_own(o, OT_HOST_NOTES));
	assert_string_equal(raw_str(o, OT_HOST_NOTES), "from-t1");
	/* the object's own value wins */
	assert_int_equal(raw_get(o, OT_HOST_MAX_CHECK_ATTEMPTS)->v.i, 7);
	/* neither has it */
	assert_int_equal(raw_have(o, OT_HOST_ACTION_URL), 0);

	/* raw_at copies the inherited value, then writes stay in o */
	w = raw_at(o, OT_HOST_NOTES);
	assert_ptr_not_equal(w, raw_own(tp1, OT_HOST_NOTES));
	assert_int_equal(w->have, 1);
	assert_int_equal(w->slot, OT_HOST_NOTES);
	assert_string_equal(w->v.s, "from-t1");
	w->v.s = "mine";
	assert_string_equal(raw_str(o, OT_HOST_NOTES), "mine");
	assert_string_equal(raw_str(tp1, OT_HOST_NOTES), "from-t1");
	w = raw_at(o, OT_HOST_NOTIFICATION_OPTIONS);
	assert_int_equal(w->v.opts, OBJ_OPT_DOWN);
	w->v.opts |= OBJ_OPT_RECOVERY;
	assert_int_equal(raw_get(tp1, OT_HOST_NOTIFICATION_OPTIONS)->v.opts, OBJ_OPT_DOWN);
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_DOWN | OBJ_OPT_RECOVERY);

	/* clear and put on an inherited slot leave the template alone */
	raw_put_str(tp1, OT_HOST_NOTES_URL, "http://t1");
	raw_clear(o, OT_HOST_NOTES_URL);
	assert_null(raw_str(o, OT_HOST_NOTES_URL));
	assert_int_equal(raw_have(o, OT_HOST_NOTES_URL), 1);
	assert_string_equal(raw_str(tp1, OT_HOST_NOTES_URL), "http://t1");

	/* two levels: o -> tp2 -> tp1; tp2 also has a value of its own */
	tp2 = raw_begin(t->rs, OT_HOST, "tpl.cfg", 10);
	assert_int_equal(raw_set(t->rs, tp2, "name", "t2", 11), 0);
	assert_int_equal(raw_set(t->rs, tp2, "icon_image", "t2.png", 12), 0);
	assert_int_equal(raw_end(t->rs, tp2), 0);
	tl = arena_alloc(t->a, sizeof(*tl));
	tl[0] = tp1;
	tp2->tmpl = tl;
	tp2->ntmpl = 1;
	tl = arena_alloc(t->a, sizeof(*tl));
	tl[0] = tp2;
	o->tmpl = tl;
	o->ntmpl = 1;
	assert_string_equal(raw_str(o, OT_HOST_ICON_IMAGE), "t2.png");
	assert_int_equal(raw_get(o, OT_HOST_NOTIFICATION_OPTIONS)->v.opts,
	    OBJ_OPT_DOWN | OBJ_OPT_RECOVERY);
	raw_put_str(tp1, OT_HOST_ICON_IMAGE_ALT, "alt");
	assert_string_equal(raw_str(o, OT_HOST_ICON_IMAGE_ALT), "alt");

	/* two templates: the first that has the slot gives it */
	tl = arena_alloc(t->a, 2 * sizeof(*tl));
	tl[0] = tp2;
	tl[1] = tp1;
	o->tmpl = tl;
	o->ntmpl = 2;
	raw_put_str(tp1, OT_HOST_VRML_IMAGE, "t1.wrl");
	raw_put_str(tp2, OT_HOST_STATUSMAP_IMAGE, "t2.gd2");
	raw_put_str(tp1, OT_HOST_STATUSMAP_IMAGE, "t1.gd2");
	assert_string_equal(raw_str(o, OT_HOST_VRML_IMAGE), "t1.wrl");
	assert_string_equal(raw_str(o, OT_HOST_STATUSMAP_IMAGE), "t2.gd2");
	assert_int_equal(diag_count(t->d), 0);
}

/* a small deterministic generator for t_view */
static unsigned
t_rand(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

/*
 * raw_view answers exactly as raw_get on random template graphs: several
 * templates per object, several levels, own entries set and unset (an
 * unset own entry in a template hides that template's own templates but
 * not its siblings), repeated use of one template.
 */
static void
t_view(void **state)
{
	struct t *t = *state;
	struct rawview *v = calloc(1, sizeof(*v));
	struct rawobj *tp[8], *o, **tl;
	struct rawslot *e;
	unsigned seed = 7, round, i, j, k, n, slot, checked = 0, masked = 0;

	assert_non_null(v);
	for (round = 0; round < 400; round++) {
		/* templates: tp[i] may use tp[j] for j > i, so there is no cycle */
		for (i = 8; i-- > 0;) {
			tp[i] = raw_begin(t->rs, OT_HOST, "tpl.cfg", (int)i);
			tp[i]->reg = 0;
			n = 0;
			tl = arena_alloc(t->a, 3 * sizeof(*tl));
			for (k = 0; k < 3 && i + 1 < 8; k++)
				if (t_rand(&seed) % 2)
					tl[n++] = tp[i + 1 + t_rand(&seed) % (7 - i)];
			tp[i]->tmpl = tl;
			tp[i]->ntmpl = (uint16_t)n;
		}
		o = raw_begin(t->rs, OT_HOST, "hosts.cfg", 1);
		tl = arena_alloc(t->a, 4 * sizeof(*tl));
		n = 1 + t_rand(&seed) % 4;
		for (k = 0; k < n; k++)
			tl[k] = tp[t_rand(&seed) % 8];
		o->tmpl = tl;
		o->ntmpl = (uint16_t)n;
		/* entries on 12 slots, a quarter of them unset */
		for (i = 0; i < 9; i++) {
			struct rawobj *x = i < 8 ? tp[i] : o;

			for (k = 0; k < 5; k++) {
				slot = OT_HOST_NOTES + t_rand(&seed) % 12;
				if (raw_own(x, slot) != NULL)
					continue;
				/* raw_at reads through templates: keep them apart for the write */
				n = x->ntmpl;
				x->ntmpl = 0;
				e = raw_at(x, slot);
				x->ntmpl = (uint16_t)n;
				e->have = t_rand(&seed) % 4 != 0;
				masked += !e->have;
				e->v.s = e->have ? "set" : NULL;
			}
		}
		raw_view_fill(v, o);
		for (j = 0; j < RAW_VIEW_SLOTS; j++) {
			assert_ptr_equal(raw_view_get(v, j), raw_get(o, j));
			checked++;
		}
		/* and each template seen on its own */
		for (i = 0; i < 8; i++) {
			raw_view_fill(v, tp[i]);
			for (j = OT_HOST_NOTES; j < OT_HOST_NOTES + 12; j++)
				assert_ptr_equal(raw_view_get(v, j), raw_get(tp[i], j));
		}
	}
	assert_true(checked > 100000);
	assert_true(masked > 1000);
	free(v);
}

static void
t_label_loc(void **state)
{
	struct t *t = *state;
	struct rawobj *h = t_host(t), *s, *tp, *anon;
	char buf[64];
	struct diag_loc loc;

	assert_string_equal(raw_label(h, buf, sizeof(buf)), "web1");
	s = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 4);
	assert_int_equal(raw_set(t->rs, s, "host_name", "web1", 5), 0);
	assert_int_equal(raw_set(t->rs, s, "service_description", "HTTP", 6), 0);
	assert_string_equal(raw_label(s, buf, sizeof(buf)), "web1;HTTP");
	tp = raw_begin(t->rs, OT_SERVICE, "svc.cfg", 9);
	assert_int_equal(raw_set(t->rs, tp, "name", "generic-service", 10), 0);
	assert_string_equal(raw_label(tp, buf, sizeof(buf)), "generic-service");
	anon = raw_begin(t->rs, OT_HOSTDEPENDENCY, "dep.cfg", 1);
	assert_string_equal(raw_label(anon, buf, sizeof(buf)), "(unnamed)");
	/* truncated to the buffer */
	assert_string_equal(raw_label(s, buf, 5), "web1");

	loc = raw_loc(s, "notes", buf, sizeof(buf));
	assert_string_equal(loc.file, "svc.cfg");
	assert_int_equal(loc.line, 4);
	assert_string_equal(loc.otype, "service");
	assert_string_equal(loc.oname, "web1;HTTP");
	assert_string_equal(loc.directive, "notes");
	loc = raw_loc(anon, NULL, buf, sizeof(buf));
	assert_null(loc.directive);
	assert_string_equal(loc.otype, "hostdependency");
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(t_begin_end),
		T(t_int_uint),
		T(t_bool),
		T(t_double),
		T(t_options),
		T(t_initial_state),
		T(t_coords),
		T(t_strings),
		T(t_deprecated),
		T(t_obsolete),
		T(t_empty_contacts),
		T(t_unknown_directive),
		T(t_customvars),
		T(t_get_unset),
		T(t_at_creates),
		T(t_put_clear),
		T(t_copy),
		T(t_clone),
		T(t_templates),
		T(t_timeperiod),
		T(t_timeperiod_invalid),
		T(t_inherited),
		T(t_view),
		T(t_label_loc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

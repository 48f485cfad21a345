/*
 * state: initialising and clearing run-time state (see state.h).  The
 * first values are Nagios's: PENDING (not checked) with state and last
 * states at the configured initial_state, HARD, switches as configured,
 * and attempt 1 when that state is UP or OK but max_check_attempts when
 * it is a problem (Nagios's add_host/add_service: a problem state given
 * as initial is a hard one, so its attempt count is already used up).
 *
 * Also here: the run-time overrides of periods and custom variables, and
 * their carrying across a reload.  A state has few overrides (usually
 * none), so they sit in small arrays searched in order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

static void
state_common_init(struct state_common *c, const struct obj_settings *cfg)
{
	memset(c, 0, sizeof(*c));
	c->current_state = cfg->initial_state;
	c->last_state = cfg->initial_state;
	c->last_hard_state = cfg->initial_state;
	c->state_type = STATE_HARD;
	c->max_attempts = cfg->max_check_attempts > 0 ? cfg->max_check_attempts : 1;
	c->current_attempt = cfg->initial_state == 0 ? 1 : c->max_attempts;
	c->should_be_scheduled = 1;
	c->last_check_rc = -1;
	c->active_checks_enabled = cfg->active_checks_enabled;
	c->passive_checks_enabled = cfg->passive_checks_enabled;
	c->event_handler_enabled = cfg->event_handler_enabled;
	c->flap_detection_enabled = cfg->flap_detection_enabled;
	c->notifications_enabled = cfg->notifications_enabled;
	c->obsess = cfg->obsess;
	c->check_freshness = cfg->check_freshness;
	c->process_performance_data = cfg->process_perf_data;
	c->check_interval = cfg->check_interval;
	c->retry_interval = cfg->retry_interval;
}

void
state_host_init(struct host_state *st, const struct obj_host *h)
{
	memset(st, 0, sizeof(*st));
	state_common_init(&st->c, h->cfg);
}

void
state_contact_init(struct contact_state *st, const struct obj_contact *c)
{
	memset(st, 0, sizeof(*st));
	st->host_notifications_enabled = c->host_notifications_enabled;
	st->service_notifications_enabled = c->service_notifications_enabled;
}

void
state_svc_init(struct svc_state *st, const struct obj_service *s)
{
	memset(st, 0, sizeof(*st));
	state_common_init(&st->c, s->cfg);
}

static void
state_common_clear(struct state_common *c)
{
	free(c->output);
	free(c->long_output);
	free(c->perf_data);
	c->output = c->long_output = c->perf_data = NULL;
	c->check_period = c->notification_period = NULL;
	state_vars_clear(&c->vars);
}

void
state_host_clear(struct host_state *st)
{
	if (st != NULL)
		state_common_clear(&st->c);
}

void
state_svc_clear(struct svc_state *st)
{
	if (st != NULL)
		state_common_clear(&st->c);
}

void
state_contact_clear(struct contact_state *st)
{
	if (st == NULL)
		return;
	st->host_notification_period = st->service_notification_period = NULL;
	state_vars_clear(&st->vars);
}

void
state_set_str(char **slot, const char *s, size_t len)
{
	char *n = NULL;

	if (s != NULL && len > 0) {
		n = xmalloc(len + 1);
		memcpy(n, s, len);
		n[len] = '\0';
	}
	free(*slot);
	*slot = n;
}

/* ---- overrides ---- */

const struct obj_timeperiod *
state_check_period(const struct state_common *c, const struct obj_settings *cfg)
{
	return c->check_period != NULL ? c->check_period : cfg->check_period;
}

const struct obj_timeperiod *
state_notification_period(const struct state_common *c, const struct obj_settings *cfg)
{
	return c->notification_period != NULL ? c->notification_period
	                                      : cfg->notification_period;
}

const struct obj_timeperiod *
state_contact_host_period(const struct contact_state *st, const struct obj_contact *c)
{
	return st != NULL && st->host_notification_period != NULL ? st->host_notification_period
	                                                          : c->host_notification_period;
}

const struct obj_timeperiod *
state_contact_svc_period(const struct contact_state *st, const struct obj_contact *c)
{
	return st != NULL && st->service_notification_period != NULL
	    ? st->service_notification_period : c->service_notification_period;
}

int
state_period_rebind(const struct obj_timeperiod **slot, const struct objects *objs)
{
	if (*slot == NULL)
		return 0;
	*slot = objects_find_timeperiod(objs, (*slot)->name);
	return *slot != NULL ? 0 : -1;
}

static struct state_var *
state_var_slot(const struct state_vars *vs, const char *name)
{
	unsigned i;

	if (vs == NULL)
		return NULL;
	for (i = 0; i < vs->n; i++)
		if (strcmp(vs->v[i].name, name) == 0)
			return &vs->v[i];
	return NULL;
}

const struct state_var *
state_var_find(const struct state_vars *vs, const char *name)
{
	return state_var_slot(vs, name);
}

void
state_var_set(struct state_vars *vs, const char *name, const char *value)
{
	struct state_var *v = state_var_slot(vs, name);

	if (v == NULL) {
		vs->v = xrealloc(vs->v, (vs->n + 1) * sizeof(*vs->v));
		v = &vs->v[vs->n++];
		v->name = xstrdup(name);
	} else {
		free(v->value);
	}
	v->value = xstrdup(value != NULL ? value : "");
}

const char *
state_var_value(const struct state_vars *vs, const struct obj_customvar *v)
{
	const struct state_var *o = state_var_find(vs, v->name);

	return o != NULL ? o->value : v->value;
}

unsigned
state_vars_keep(struct state_vars *vs, const struct obj_customvar *vars, unsigned n)
{
	unsigned i, j, kept = 0;

	for (i = 0; i < vs->n; i++) {
		for (j = 0; j < n && strcmp(vars[j].name, vs->v[i].name) != 0; j++)
			;
		if (j < n) {
			vs->v[kept++] = vs->v[i];
		} else {
			free(vs->v[i].name);
			free(vs->v[i].value);
		}
	}
	vs->n = kept;
	if (kept == 0) {
		free(vs->v);
		vs->v = NULL;
	}
	return kept;
}

void
state_vars_clear(struct state_vars *vs)
{
	unsigned i;

	for (i = 0; i < vs->n; i++) {
		free(vs->v[i].name);
		free(vs->v[i].value);
	}
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
}

/*
 * The overrides a reload keeps, as Nagios's reading of retention.dat at
 * SIGHUP takes them back (xdata/xrddefault.c): only while the custom
 * variable bit is set, only for a variable still configured, and only a
 * value of two characters or more (it takes "1;<value>" when that is
 * longer than 3); the bit stays only while some variable is changed.
 */
static void
state_vars_rebind(struct state_vars *vs, unsigned long *attr, const struct obj_customvar *vars,
    unsigned n)
{
	unsigned i, kept = 0;

	if (!(*attr & STATE_MODATTR_CUSTOM_VARIABLE)) {
		state_vars_clear(vs);
		return;
	}
	for (i = 0; i < vs->n; i++) {
		if (strlen(vs->v[i].value) >= 2) {
			vs->v[kept++] = vs->v[i];
		} else {
			free(vs->v[i].name);
			free(vs->v[i].value);
		}
	}
	vs->n = kept;
	if (state_vars_keep(vs, vars, n) == 0)
		*attr &= ~STATE_MODATTR_CUSTOM_VARIABLE;
}

void
state_common_rebind(struct state_common *c, const struct objects *objs,
    const struct obj_customvar *vars, unsigned nvars)
{
	if (state_period_rebind(&c->check_period, objs) < 0)
		c->modified_attributes &= ~STATE_MODATTR_CHECK_TIMEPERIOD;
	if (state_period_rebind(&c->notification_period, objs) < 0)
		c->modified_attributes &= ~STATE_MODATTR_NOTIFICATION_TIMEPERIOD;
	state_vars_rebind(&c->vars, &c->modified_attributes, vars, nvars);
}

void
state_contact_move(struct contact_state *dst, struct contact_state *src,
    const struct objects *objs, const struct obj_contact *c)
{
	state_contact_clear(dst);
	*dst = *src;
	/* Nagios's reading of retention.dat at SIGHUP takes the switches only
	 * with their modified-attribute bit, else the configuration's */
	if (!(dst->modified_host_attributes & STATE_MODATTR_NOTIFICATIONS_ENABLED))
		dst->host_notifications_enabled = c->host_notifications_enabled;
	if (!(dst->modified_service_attributes & STATE_MODATTR_NOTIFICATIONS_ENABLED))
		dst->service_notifications_enabled = c->service_notifications_enabled;
	memset(&src->vars, 0, sizeof(src->vars));
	src->host_notification_period = src->service_notification_period = NULL;
	if (state_period_rebind(&dst->host_notification_period, objs) < 0)
		dst->modified_host_attributes &= ~STATE_MODATTR_NOTIFICATION_TIMEPERIOD;
	if (state_period_rebind(&dst->service_notification_period, objs) < 0)
		dst->modified_service_attributes &= ~STATE_MODATTR_NOTIFICATION_TIMEPERIOD;
	state_vars_rebind(&dst->vars, &dst->modified_attributes, c->vars, c->nvars);
}

/* ---- names ---- */

const char *
state_svc_name(int state)
{
	static const char *const names[] = { "OK", "WARNING", "CRITICAL", "UNKNOWN" };

	return state >= 0 && state < 4 ? names[state] : "UNKNOWN";
}

const char *
state_host_name(int state)
{
	static const char *const names[] = { "UP", "DOWN", "UNREACHABLE" };

	return state >= 0 && state < 3 ? names[state] : "UNKNOWN";
}

const char *
state_type_name(int type)
{
	return type == STATE_HARD ? "HARD" : "SOFT";
}

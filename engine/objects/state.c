/*
 * state: initialising and clearing run-time state (see state.h).  The
 * first values are Nagios's: PENDING (not checked) with state and last
 * states at the configured initial_state, HARD, switches as configured,
 * and attempt 1 when that state is UP or OK but max_check_attempts when
 * it is a problem (Nagios's add_host/add_service: a problem state given
 * as initial is a hard one, so its attempt count is already used up).
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

/*
 * statusdat: write status.dat as Nagios 4.4.6's xsddefault_save_status_data
 * does (see statusdat.h).
 *
 * Layout: "name {" opens a section, each field is "\tkey=value", "\t}"
 * and a blank line close it.  Times are epoch seconds printed unsigned,
 * intervals "%f", latency and execution time "%.3f", percent state change
 * "%.2f".  The long plugin output is the one value that may hold newlines:
 * backslashes are doubled and newlines written as "\n", as Nagios stores
 * it.  Custom variables follow the fixed fields in the configuration's
 * order as "_NAME=modified;value": modified 1 with the new value when a
 * command (or retention) changed it, else 0 with the configured value, a
 * value of "null" in the configuration printing empty, as Nagios's
 * object reader keeps no value for it.
 *
 * Run-time values (intervals, switches, max_attempts, the check and
 * notification periods a command changed) come from the state, the rest
 * from the configuration.  Fields for history jaque does not keep
 * yet are written as Nagios has them for an object without that history:
 * the info section as if no update check ever ran.
 *
 * A status file of 50 000 services has over three million lines, so the
 * fields go through a small formatter of our own into a buffer that is
 * handed to stdio in large blocks, not through fprintf per field.  The
 * decimal formats take a shortcut when the rounding is not in doubt and
 * fall back to snprintf when it is (or the value is large, negative,
 * negative zero or not a number), so they print what printf prints.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/statusdat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/snapshot.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/afile.h"
#include "engine/util/checkstats.h"
#include "engine/util/xalloc.h"

#define STATUSDAT_VERSION "4.4.6"

/* the buffer is handed to stdio once it holds this much */
#define SD_FLUSH_AT (64u * 1024u)

struct sd_out {
	FILE *fp;
	char *buf;
	size_t len;
	size_t cap;
	int failed;
};

static void
sd_flush(struct sd_out *o)
{
	if (o->len > 0 && fwrite(o->buf, 1, o->len, o->fp) != o->len)
		o->failed = 1;
	o->len = 0;
}

/* room for n more bytes */
static char *
sd_room(struct sd_out *o, size_t n)
{
	if (o->len + n > o->cap) {
		sd_flush(o);
		if (n > o->cap) {
			o->cap = n;
			o->buf = xrealloc(o->buf, o->cap);
		}
	}
	return o->buf + o->len;
}

static void
sd_mem(struct sd_out *o, const char *s, size_t n)
{
	memcpy(sd_room(o, n), s, n);
	o->len += n;
}

/* a string, nothing for NULL */
static void
sd_str(struct sd_out *o, const char *s)
{
	if (s != NULL)
		sd_mem(o, s, strlen(s));
}

/* the decimal digits of v at p (room for 20), and the end */
static inline char *
sd_put_ull(char *p, unsigned long long v)
{
	unsigned long long t = v;
	size_t n = 1;
	char *end;

	while (t >= 10) {
		t /= 10;
		n++;
	}
	end = p + n;
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return p + n;
}

/* v with a sign at p (room for 21), and the end */
static inline char *
sd_put_ll(char *p, long long v)
{
	if (v >= 0)
		return sd_put_ull(p, (unsigned long long)v);
	*p = '-';
	return sd_put_ull(p + 1, 0ULL - (unsigned long long)v);
}

static void
sd_ll(struct sd_out *o, long long v)
{
	char *p = sd_room(o, 21);

	o->len = (size_t)(sd_put_ll(p, v) - o->buf);
}

/*
 * v with prec (2, 3 or 6) decimals, as printf's "%.*f".  The shortcut
 * rounds v * 10^prec, which can only go wrong next to a tie; the scaled
 * value stays below 1e9, where a double's error is far below the margin.
 */
static void
sd_fixed(struct sd_out *o, double v, int prec)
{
	static const double scales[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };
	char tmp[48], *p;
	unsigned long long n, ip, fp;
	double scale, r, fl, frac;
	int i, len;

	scale = scales[prec];
	r = v * scale;
	if (!(v >= 0 && r < 1e9) || signbit(v))
		goto slow;
	fl = floor(r);
	frac = r - fl;
	if (fabs(frac - 0.5) < 1e-6)
		goto slow;
	n = (unsigned long long)fl + (frac > 0.5);
	ip = n / (unsigned long long)scale;
	fp = n % (unsigned long long)scale;
	/* the integer part (below 1e9), the point and the decimals */
	p = sd_put_ull(sd_room(o, 10 + 1 + (size_t)prec), ip);
	*p = '.';
	for (i = prec; i > 0; i--) {
		p[i] = (char)('0' + fp % 10);
		fp /= 10;
	}
	o->len = (size_t)(p + 1 + prec - o->buf);
	return;
slow:
	len = snprintf(tmp, sizeof(tmp), "%.*f", prec, v);
	if (len < 0 || (size_t)len >= sizeof(tmp)) {
		/* only a huge value is that long: let stdio print it */
		sd_flush(o);
		if (fprintf(o->fp, "%.*f", prec, v) < 0)
			o->failed = 1;
		return;
	}
	sd_mem(o, tmp, (size_t)len);
}

/* backslash as "\\", newline as "\n": how Nagios keeps long output */
static void
sd_escaped(struct sd_out *o, const char *s)
{
	size_t n;

	if (s == NULL)
		return;
	for (;;) {
		n = strcspn(s, "\\\n");
		sd_mem(o, s, n);
		s += n;
		if (*s == '\0')
			return;
		sd_mem(o, *s == '\\' ? "\\\\" : "\\n", 2);
		s++;
	}
}

/* ---- one field per line: "\tkey=value\n" ---- */

#define SD_KEY(k) "\t" k "=", sizeof("\t" k "=") - 1
#define SDS(o, k, v) sd_line_s((o), SD_KEY(k), (v))
#define SDI(o, k, v) sd_line_i((o), SD_KEY(k), (long long)(v))
#define SDU(o, k, v) sd_line_u((o), SD_KEY(k), (unsigned long long)(v))
#define SDF(o, k, v, prec) sd_line_f((o), SD_KEY(k), (v), (prec))
#define SD_LIT(o, s) sd_mem((o), (s), sizeof(s) - 1)

/*
 * The lines are written straight into the buffer after one room check,
 * and inline, so that the key's length is a constant where it is used:
 * a status file of 10 000 objects has some 450 000 lines, and a call to
 * memcpy for each piece of each line was a third of its formatting time.
 */
static inline void
sd_line_s(struct sd_out *o, const char *key, size_t klen, const char *v)
{
	size_t n = v != NULL ? strlen(v) : 0;
	char *p = sd_room(o, klen + n + 1);

	memcpy(p, key, klen);
	if (n > 0)
		memcpy(p + klen, v, n);
	p[klen + n] = '\n';
	o->len += klen + n + 1;
}

static inline void
sd_line_i(struct sd_out *o, const char *key, size_t klen, long long v)
{
	char *p = sd_room(o, klen + 22);

	memcpy(p, key, klen);
	p = sd_put_ll(p + klen, v);
	*p = '\n';
	o->len = (size_t)(p + 1 - o->buf);
}

static inline void
sd_line_u(struct sd_out *o, const char *key, size_t klen, unsigned long long v)
{
	char *p = sd_room(o, klen + 21);

	memcpy(p, key, klen);
	p = sd_put_ull(p + klen, v);
	*p = '\n';
	o->len = (size_t)(p + 1 - o->buf);
}

static inline void
sd_line_f(struct sd_out *o, const char *key, size_t klen, double v, int prec)
{
	sd_mem(o, key, klen);
	sd_fixed(o, v, prec);
	sd_mem(o, "\n", 1);
}

static void
sd_end(struct sd_out *o)
{
	SD_LIT(o, "\t}\n\n");
	if (o->len >= SD_FLUSH_AT)
		sd_flush(o);
}

/* the configured variables v, with the overrides in vs (NULL: none) */
static void
sd_customvars(struct sd_out *o, const struct obj_customvar *v, unsigned n,
    const struct state_vars *vs)
{
	const struct state_var *ov;
	unsigned i;

	for (i = 0; i < n; i++) {
		ov = vs != NULL && vs->n > 0 ? state_var_find(vs, v[i].name) : NULL;
		SD_LIT(o, "\t_");
		sd_str(o, v[i].name);
		if (ov != NULL) {
			SD_LIT(o, "=1;");
			sd_str(o, ov->value);
		} else {
			SD_LIT(o, "=0;");
			sd_str(o, v[i].value);
		}
		SD_LIT(o, "\n");
	}
}

static const char *
sd_tpname(const struct obj_timeperiod *tp)
{
	return tp != NULL ? tp->name : NULL;
}

/* ---- the sections ---- */

static void
sd_header(struct sd_out *o, time_t now)
{
	SD_LIT(o,
	    "########################################\n"
	    "#          NAGIOS STATUS FILE\n"
	    "#\n"
	    "# THIS FILE IS AUTOMATICALLY GENERATED\n"
	    "# BY NAGIOS.  DO NOT MODIFY THIS FILE!\n"
	    "########################################\n\n");
	SD_LIT(o, "info {\n");
	SDU(o, "created", now);
	SDS(o, "version", STATUSDAT_VERSION);
	/* jaque never asks nagios.org for updates */
	SDU(o, "last_update_check", 0);
	SDI(o, "update_available", 0);
	SDS(o, "last_version", "");
	SDS(o, "new_version", "");
	sd_end(o);
}

/* a *_check_stats line: "a,b,c" */
static void
sd_stats(struct sd_out *o, const char *key, size_t klen, const struct prog_state *p,
    enum checkstats_kind k, time_t now)
{
	int v[3];

	checkstats_get(&p->stats, k, now, v);
	sd_mem(o, key, klen);
	sd_ll(o, v[0]);
	sd_mem(o, ",", 1);
	sd_ll(o, v[1]);
	sd_mem(o, ",", 1);
	sd_ll(o, v[2]);
	sd_mem(o, "\n", 1);
}

#define SD_STATS(o, k, p, kind, now) sd_stats((o), SD_KEY(k), (p), (kind), (now))

static void
sd_program(struct sd_out *o, const struct snapshot *s)
{
	const struct main_cfg *c = s->cfg;
	const struct prog_state *p = s->prog;
	const char *heh, *seh;

	/* a CHANGE_GLOBAL_*_EVENT_HANDLER command overrides nagios.cfg */
	heh = p->global_host_event_handler;
	if (heh == NULL)
		heh = c->global_host_event_handler;
	seh = p->global_service_event_handler;
	if (seh == NULL)
		seh = c->global_service_event_handler;
	SD_LIT(o, "programstatus {\n");
	SDU(o, "modified_host_attributes", p->modified_host_attributes);
	SDU(o, "modified_service_attributes", p->modified_service_attributes);
	SDI(o, "nagios_pid", p->pid);
	SDI(o, "daemon_mode", p->daemon_mode);
	SDU(o, "program_start", p->program_start);
	SDU(o, "last_log_rotation", p->last_log_rotation);
	SDI(o, "enable_notifications", c->enable_notifications);
	SDI(o, "active_service_checks_enabled", c->execute_service_checks);
	SDI(o, "passive_service_checks_enabled", c->accept_passive_service_checks);
	SDI(o, "active_host_checks_enabled", c->execute_host_checks);
	SDI(o, "passive_host_checks_enabled", c->accept_passive_host_checks);
	SDI(o, "enable_event_handlers", c->enable_event_handlers);
	SDI(o, "obsess_over_services", c->obsess_over_services);
	SDI(o, "obsess_over_hosts", c->obsess_over_hosts);
	SDI(o, "check_service_freshness", c->check_service_freshness);
	SDI(o, "check_host_freshness", c->check_host_freshness);
	SDI(o, "enable_flap_detection", c->enable_flap_detection);
	SDI(o, "process_performance_data", c->process_performance_data);
	SDS(o, "global_host_event_handler", heh);
	SDS(o, "global_service_event_handler", seh);
	SDU(o, "next_comment_id", p->next_comment_id);
	SDU(o, "next_downtime_id", p->next_downtime_id);
	/* without the checker's counters: where Nagios starts them */
	SDU(o, "next_event_id", s->ids != NULL ? s->ids->next_event_id : 1);
	SDU(o, "next_problem_id", s->ids != NULL ? s->ids->next_problem_id : 1);
	SDU(o, "next_notification_id", p->next_notification_id);
	SD_STATS(o, "active_scheduled_host_check_stats", p, CHECKSTATS_ACTIVE_SCHEDULED_HOST,
	    s->now);
	SD_STATS(o, "active_ondemand_host_check_stats", p, CHECKSTATS_ACTIVE_ONDEMAND_HOST,
	    s->now);
	SD_STATS(o, "passive_host_check_stats", p, CHECKSTATS_PASSIVE_HOST, s->now);
	SD_STATS(o, "active_scheduled_service_check_stats", p,
	    CHECKSTATS_ACTIVE_SCHEDULED_SERVICE, s->now);
	SD_STATS(o, "active_ondemand_service_check_stats", p,
	    CHECKSTATS_ACTIVE_ONDEMAND_SERVICE, s->now);
	SD_STATS(o, "passive_service_check_stats", p, CHECKSTATS_PASSIVE_SERVICE, s->now);
	SD_STATS(o, "cached_host_check_stats", p, CHECKSTATS_ACTIVE_CACHED_HOST, s->now);
	SD_STATS(o, "cached_service_check_stats", p, CHECKSTATS_ACTIVE_CACHED_SERVICE, s->now);
	SD_STATS(o, "external_command_stats", p, CHECKSTATS_EXTERNAL_COMMAND, s->now);
	SD_STATS(o, "parallel_host_check_stats", p, CHECKSTATS_PARALLEL_HOST, s->now);
	SD_STATS(o, "serial_host_check_stats", p, CHECKSTATS_SERIAL_HOST, s->now);
	sd_end(o);
}

/* the fields hosts and services share, up to last_problem_id */
static void
sd_common_head(struct sd_out *o, const struct state_common *c, const struct obj_cmdref *cmd,
    const struct obj_settings *cfg)
{
	SDU(o, "modified_attributes", c->modified_attributes);
	SDS(o, "check_command", cmd->raw);
	SDS(o, "check_period", sd_tpname(state_check_period(c, cfg)));
	SDS(o, "notification_period", sd_tpname(state_notification_period(c, cfg)));
	SDU(o, "importance", cfg->importance);
	SDF(o, "check_interval", c->check_interval, 6);
	SDF(o, "retry_interval", c->retry_interval, 6);
	SDS(o, "event_handler", cfg->event_handler.raw);
	SDI(o, "has_been_checked", c->has_been_checked);
	SDI(o, "should_be_scheduled", c->should_be_scheduled);
	SDF(o, "check_execution_time", c->execution_time, 3);
	SDF(o, "check_latency", c->latency, 3);
	SDI(o, "check_type", c->check_type);
	SDI(o, "current_state", c->current_state);
	SDI(o, "last_hard_state", c->last_hard_state);
	SDU(o, "last_event_id", c->last_event_id);
	SDU(o, "current_event_id", c->current_event_id);
	SDU(o, "current_problem_id", c->current_problem_id);
	SDU(o, "last_problem_id", c->last_problem_id);
}

/* plugin_output .. check_options */
static void
sd_common_output(struct sd_out *o, const struct state_common *c)
{
	SDS(o, "plugin_output", c->output);
	SD_LIT(o, "\tlong_plugin_output=");
	sd_escaped(o, c->long_output);
	SD_LIT(o, "\n");
	SDS(o, "performance_data", c->perf_data);
	SDU(o, "last_check", c->last_check);
	SDU(o, "next_check", c->next_check);
	SDI(o, "check_options", c->check_options);
}

/* last_update .. scheduled_downtime_depth */
static void
sd_common_tail(struct sd_out *o, const struct state_common *c, time_t now)
{
	SDU(o, "last_update", now);
	SDI(o, "is_flapping", c->is_flapping);
	SDF(o, "percent_state_change", c->percent_state_change, 2);
	SDI(o, "scheduled_downtime_depth", c->scheduled_downtime_depth);
}

static void
sd_host(struct sd_out *o, const struct obj_host *h, const struct host_state *st, time_t now)
{
	const struct state_common *c = &st->c;

	SD_LIT(o, "hoststatus {\n");
	SDS(o, "host_name", h->name);
	sd_common_head(o, c, &h->check_command, h->cfg);
	sd_common_output(o, c);
	SDI(o, "current_attempt", c->current_attempt);
	SDI(o, "max_attempts", c->max_attempts);
	SDI(o, "state_type", c->state_type);
	SDU(o, "last_state_change", c->last_state_change);
	SDU(o, "last_hard_state_change", c->last_hard_state_change);
	SDU(o, "last_time_up", st->last_time_up);
	SDU(o, "last_time_down", st->last_time_down);
	SDU(o, "last_time_unreachable", st->last_time_unreachable);
	SDU(o, "last_notification", c->last_notification);
	SDU(o, "next_notification", c->next_notification);
	SDI(o, "no_more_notifications", c->no_more_notifications);
	SDI(o, "current_notification_number", c->current_notification_number);
	SDU(o, "current_notification_id", c->current_notification_id);
	SDI(o, "notifications_enabled", c->notifications_enabled);
	SDI(o, "problem_has_been_acknowledged", c->problem_has_been_acknowledged);
	SDI(o, "acknowledgement_type", c->acknowledgement_type);
	SDI(o, "active_checks_enabled", c->active_checks_enabled);
	SDI(o, "passive_checks_enabled", c->passive_checks_enabled);
	SDI(o, "event_handler_enabled", c->event_handler_enabled);
	SDI(o, "flap_detection_enabled", c->flap_detection_enabled);
	SDI(o, "process_performance_data", c->process_performance_data);
	SDI(o, "obsess", c->obsess);
	sd_common_tail(o, c, now);
	sd_customvars(o, h->vars, h->nvars, &c->vars);
	sd_end(o);
}

static void
sd_service(struct sd_out *o, const struct obj_service *sv, const struct svc_state *st,
    time_t now)
{
	const struct state_common *c = &st->c;

	SD_LIT(o, "servicestatus {\n");
	SDS(o, "host_name", sv->host->name);
	SDS(o, "service_description", sv->description);
	sd_common_head(o, c, &sv->check_command, sv->cfg);
	SDI(o, "current_attempt", c->current_attempt);
	SDI(o, "max_attempts", c->max_attempts);
	SDI(o, "state_type", c->state_type);
	SDU(o, "last_state_change", c->last_state_change);
	SDU(o, "last_hard_state_change", c->last_hard_state_change);
	SDU(o, "last_time_ok", st->last_time_ok);
	SDU(o, "last_time_warning", st->last_time_warning);
	SDU(o, "last_time_unknown", st->last_time_unknown);
	SDU(o, "last_time_critical", st->last_time_critical);
	sd_common_output(o, c);
	SDI(o, "current_notification_number", c->current_notification_number);
	SDU(o, "current_notification_id", c->current_notification_id);
	SDU(o, "last_notification", c->last_notification);
	SDU(o, "next_notification", c->next_notification);
	SDI(o, "no_more_notifications", c->no_more_notifications);
	SDI(o, "notifications_enabled", c->notifications_enabled);
	SDI(o, "active_checks_enabled", c->active_checks_enabled);
	SDI(o, "passive_checks_enabled", c->passive_checks_enabled);
	SDI(o, "event_handler_enabled", c->event_handler_enabled);
	SDI(o, "problem_has_been_acknowledged", c->problem_has_been_acknowledged);
	SDI(o, "acknowledgement_type", c->acknowledgement_type);
	SDI(o, "flap_detection_enabled", c->flap_detection_enabled);
	SDI(o, "process_performance_data", c->process_performance_data);
	SDI(o, "obsess", c->obsess);
	sd_common_tail(o, c, now);
	sd_customvars(o, sv->vars, sv->nvars, &c->vars);
	sd_end(o);
}

/* st NULL: the contact as configured, never notified, nothing modified */
static void
sd_contact(struct sd_out *o, const struct obj_contact *ct, const struct contact_state *st)
{
	SD_LIT(o, "contactstatus {\n");
	SDS(o, "contact_name", ct->name);
	SDU(o, "modified_attributes", st != NULL ? st->modified_attributes : 0);
	SDU(o, "modified_host_attributes", st != NULL ? st->modified_host_attributes : 0);
	SDU(o, "modified_service_attributes", st != NULL ? st->modified_service_attributes : 0);
	SDS(o, "host_notification_period", sd_tpname(state_contact_host_period(st, ct)));
	SDS(o, "service_notification_period", sd_tpname(state_contact_svc_period(st, ct)));
	SDU(o, "last_host_notification", st != NULL ? st->last_host_notification : 0);
	SDU(o, "last_service_notification", st != NULL ? st->last_service_notification : 0);
	SDI(o, "host_notifications_enabled",
	    st != NULL ? st->host_notifications_enabled : ct->host_notifications_enabled);
	SDI(o, "service_notifications_enabled",
	    st != NULL ? st->service_notifications_enabled : ct->service_notifications_enabled);
	sd_customvars(o, ct->vars, ct->nvars, st != NULL ? &st->vars : NULL);
	sd_end(o);
}

static void
sd_comment(struct sd_out *o, const struct comment *cm)
{
	if (cm->svc == NULL)
		SD_LIT(o, "hostcomment {\n");
	else
		SD_LIT(o, "servicecomment {\n");
	SDS(o, "host_name", cm->host);
	if (cm->svc != NULL)
		SDS(o, "service_description", cm->svc);
	SDI(o, "entry_type", cm->entry_type);
	SDU(o, "comment_id", cm->id);
	SDI(o, "source", cm->source);
	SDI(o, "persistent", cm->persistent);
	SDU(o, "entry_time", cm->entry_time);
	SDI(o, "expires", cm->expires);
	SDU(o, "expire_time", cm->expire_time);
	SDS(o, "author", cm->author);
	SDS(o, "comment_data", cm->text);
	sd_end(o);
}

static void
sd_downtime(struct sd_out *o, const struct downtime *d)
{
	if (d->svc == NULL)
		SD_LIT(o, "hostdowntime {\n");
	else
		SD_LIT(o, "servicedowntime {\n");
	SDS(o, "host_name", d->host);
	if (d->svc != NULL)
		SDS(o, "service_description", d->svc);
	SDU(o, "downtime_id", d->id);
	SDU(o, "comment_id", d->comment_id);
	SDU(o, "entry_time", d->entry_time);
	SDU(o, "start_time", d->start_time);
	SDU(o, "flex_downtime_start", d->flex_downtime_start);
	SDU(o, "end_time", d->end_time);
	SDU(o, "triggered_by", d->triggered_by);
	SDI(o, "fixed", d->fixed);
	SDU(o, "duration", d->duration);
	SDI(o, "is_in_effect", d->is_in_effect);
	SDI(o, "start_notification_sent", d->start_notification_sent);
	SDS(o, "author", d->author);
	SDS(o, "comment", d->comment);
	sd_end(o);
}

int
statusdat_fprint(FILE *fp, const struct snapshot *s)
{
	const struct objects *ob = s->objs;
	struct sd_out o;
	size_t i, n;

	if (ob == NULL || s->cfg == NULL || s->prog == NULL ||
	    (ob->nhosts > 0 && s->hosts == NULL) || (ob->nservices > 0 && s->svcs == NULL))
		return -1;
	memset(&o, 0, sizeof(o));
	o.fp = fp;
	o.cap = SD_FLUSH_AT + 4096;
	o.buf = xmalloc(o.cap);

	sd_header(&o, s->now);
	sd_program(&o, s);
	for (i = 0; i < ob->nhosts; i++)
		sd_host(&o, &ob->hosts[i], &s->hosts[ob->hosts[i].id], s->now);
	for (i = 0; i < ob->nservices; i++)
		sd_service(&o, &ob->services[i], &s->svcs[ob->services[i].id], s->now);
	for (i = 0; i < ob->ncontacts; i++)
		sd_contact(&o, &ob->contacts[i],
		    s->contacts != NULL ? &s->contacts[ob->contacts[i].id] : NULL);
	n = s->comments != NULL ? comments_count(s->comments) : 0;
	for (i = 0; i < n; i++)
		sd_comment(&o, comments_at(s->comments, i));
	n = s->downtimes != NULL ? downtimes_count(s->downtimes) : 0;
	for (i = 0; i < n; i++)
		sd_downtime(&o, downtimes_at(s->downtimes, i));
	sd_flush(&o);
	free(o.buf);
	return o.failed || ferror(fp) ? -1 : 0;
}

static int
statusdat_fill(FILE *fp, void *arg)
{
	return statusdat_fprint(fp, arg);
}

int
statusdat_write(const char *path, const struct snapshot *s, char *err, size_t errlen)
{
	if (path == NULL || strcmp(path, "/dev/null") == 0)
		return 0;
	return afile_write(path, STATUSDAT_MODE, statusdat_fill, (void *)s, err, errlen);
}

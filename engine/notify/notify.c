/*
 * notify: Nagios 4.4.6's host and service notifications (notify.h).
 *
 * Hosts and services go through one code path over struct nt_obj, a view
 * of the object that says which of Nagios's host / service differences
 * apply (the service inherits its host's period, its host's downtime and
 * hard problem suppress it, only services are volatile).  Escalations of
 * both kinds are copied at notifier_new into one shape, indexed per
 * object in the configuration's order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "engine/notify/notify.h"
#include "engine/notify/nrun.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/time/timeperiod.h"
#include "engine/util/xalloc.h"

/* an escalation, host or service */
struct nt_esc {
	int first;
	int last;
	double interval;
	const struct obj_timeperiod *period;
	unsigned options;
	struct obj_contact **contacts;
	unsigned ncontacts;
	struct obj_contactgroup **groups;
	unsigned ngroups;
};

/* escalations of one kind: those of object i are esc[start[i] .. start[i + 1]),
 * in Nagios's order (the reverse of the configuration's) */
struct nt_esclist {
	struct nt_esc *esc;
	unsigned *start;
};

struct notifier {
	const struct objects *objs;
	const struct nrun *nr;
	struct nt_esclist hesc;
	struct nt_esclist sesc;
	/* the contact list of the notification being built */
	const struct obj_contact **list;
	unsigned nlist;
	unsigned *seen;   /* per contact id: the stamp of the list it is on */
	unsigned stamp;
};

/* one object as the notification sees it */
struct nt_obj {
	const struct obj_host *h;
	const struct obj_service *s;   /* NULL for a host */
	struct state_common *c;
	const struct obj_settings *cfg;
	const struct state_common *hc; /* the service's host's state (a host: its own) */
	const struct nt_esc *esc;      /* its escalations */
	unsigned nesc;
};

/*
 * The run time in a timeout warning: Nagios 4.4.6 prints a field its
 * worker result parser never fills, so always 0.00 (kept: log readers
 * see what Nagios writes).
 */
#define NT_LOGGED_RUNTIME 0.0

/* what a notification command's end needs to say */
struct nt_job {
	char *contact;
	char *host;
	char *svc;
	char *command;
	const struct nrun *nr;
};

static const char *const nt_names[] = {
	"PROBLEM", "ACKNOWLEDGEMENT", "FLAPPINGSTART", "FLAPPINGSTOP", "FLAPPINGDISABLED",
	"DOWNTIMESTART", "DOWNTIMEEND", "DOWNTIMECANCELLED", "CUSTOM"
};

const char *
notify_type_name(enum notify_type type, int recovered)
{
	if (type == NOTIFY_NORMAL)
		return recovered ? "RECOVERY" : "PROBLEM";
	if ((unsigned)type < sizeof(nt_names) / sizeof(nt_names[0]))
		return nt_names[type];
	return "UNKNOWN";
}

/* ---- escalation index ---- */

#define NT_ESC_FILL(dst, src)                                                                      \
	do {                                                                                       \
		(dst)->first = (src)->first_notification;                                         \
		(dst)->last = (src)->last_notification;                                           \
		(dst)->interval = (src)->notification_interval;                                   \
		(dst)->period = (src)->escalation_period;                                         \
		(dst)->options = (src)->escalation_options;                                       \
		(dst)->contacts = (src)->contacts;                                                \
		(dst)->ncontacts = (src)->ncontacts;                                              \
		(dst)->groups = (src)->contact_groups;                                            \
		(dst)->ngroups = (src)->ncontact_groups;                                          \
	} while (0)

static void
nt_index_hosts(struct nt_esclist *l, const struct objects *o)
{
	unsigned i, *fill;

	l->start = xcalloc(o->nhosts + 1, sizeof(*l->start));
	l->esc = xcalloc(o->nhostescalations + 1, sizeof(*l->esc));
	for (i = 0; i < o->nhostescalations; i++)
		if (o->hostescalations[i].host != NULL)
			l->start[o->hostescalations[i].host->id + 1]++;
	for (i = 0; i < o->nhosts; i++)
		l->start[i + 1] += l->start[i];
	fill = xcalloc(o->nhosts + 1, sizeof(*fill));
	/* Nagios prepends each escalation to its object's list: walk backwards */
	for (i = o->nhostescalations; i-- > 0;) {
		const struct obj_hostescalation *he = &o->hostescalations[i];
		unsigned id;

		if (he->host == NULL)
			continue;
		id = he->host->id;
		NT_ESC_FILL(&l->esc[l->start[id] + fill[id]], he);
		fill[id]++;
	}
	free(fill);
}

static void
nt_index_services(struct nt_esclist *l, const struct objects *o)
{
	unsigned i, *fill;

	l->start = xcalloc(o->nservices + 1, sizeof(*l->start));
	l->esc = xcalloc(o->nserviceescalations + 1, sizeof(*l->esc));
	for (i = 0; i < o->nserviceescalations; i++)
		if (o->serviceescalations[i].service != NULL)
			l->start[o->serviceescalations[i].service->id + 1]++;
	for (i = 0; i < o->nservices; i++)
		l->start[i + 1] += l->start[i];
	fill = xcalloc(o->nservices + 1, sizeof(*fill));
	for (i = o->nserviceescalations; i-- > 0;) {
		const struct obj_serviceescalation *se = &o->serviceescalations[i];
		unsigned id;

		if (se->service == NULL)
			continue;
		id = se->service->id;
		NT_ESC_FILL(&l->esc[l->start[id] + fill[id]], se);
		fill[id]++;
	}
	free(fill);
}

struct notifier *
notifier_new(const struct objects *objs, const struct nrun *nr)
{
	struct notifier *n = xcalloc(1, sizeof(*n));

	n->objs = objs;
	n->nr = nr;
	nt_index_hosts(&n->hesc, objs);
	nt_index_services(&n->sesc, objs);
	n->list = xcalloc(objs->ncontacts + 1, sizeof(*n->list));
	n->seen = xcalloc(objs->ncontacts + 1, sizeof(*n->seen));
	return n;
}

void
notifier_free(struct notifier *n)
{
	if (n == NULL)
		return;
	free(n->hesc.esc);
	free(n->hesc.start);
	free(n->sesc.esc);
	free(n->sesc.start);
	free(n->list);
	free(n->seen);
	free(n);
}

/* ---- filters ---- */

static int
nt_is_flapping(enum notify_type t)
{
	return t == NOTIFY_FLAPPINGSTART || t == NOTIFY_FLAPPINGSTOP ||
	    t == NOTIFY_FLAPPINGDISABLED;
}

static int
nt_is_downtime(enum notify_type t)
{
	return t == NOTIFY_DOWNTIMESTART || t == NOTIFY_DOWNTIMEEND ||
	    t == NOTIFY_DOWNTIMECANCELLED;
}

static unsigned
nt_importance(const struct nt_obj *o)
{
	unsigned sum, i;

	if (o->s != NULL)
		return o->s->cfg->importance;
	sum = o->h->cfg->importance;
	for (i = 0; i < o->h->nservices; i++)
		sum += o->h->services[i]->cfg->importance;
	return sum;
}

/* check_*_notification_viability: 0 passes, -1 not */
static int
nt_viable(const struct notify_env *env, const struct nt_obj *o, enum notify_type type,
    unsigned options, time_t now)
{
	const struct main_cfg *cfg = env->base->cfg;
	struct state_common *c = o->c;
	const struct obj_timeperiod *tp, *own;
	int is_svc = o->s != NULL;
	time_t next, delay;

	if (options & NOTIFY_OPT_FORCED)
		return 0;
	if (!cfg->enable_notifications)
		return -1;
	own = state_notification_period(c, o->cfg);
	tp = own;
	if (is_svc && tp == NULL)
		tp = state_notification_period(o->hc, o->h->cfg);
	if (!timeperiod_contains(tp, now)) {
		if (type == NOTIFY_NORMAL) {
			/* Nagios looks up the next valid time in the object's own
			 * period; when there is none its search gives back now */
			next = timeperiod_next(own, now);
			c->next_notification = next == (time_t)-1 ? now : next;
		}
		return -1;
	}
	if (!c->notifications_enabled)
		return -1;
	if (type == NOTIFY_CUSTOM)
		return c->scheduled_downtime_depth > 0 ||
		        (is_svc && o->hc->scheduled_downtime_depth > 0)
		    ? -1
		    : 0;
	if (type == NOTIFY_ACKNOWLEDGEMENT)
		return c->current_state == 0 ? -1 : 0;
	if (nt_is_flapping(type)) {
		if (!(o->cfg->notification_options & OBJ_OPT_FLAPPING))
			return -1;
		return c->scheduled_downtime_depth > 0 ||
		        (is_svc && o->hc->scheduled_downtime_depth > 0)
		    ? -1
		    : 0;
	}
	if (nt_is_downtime(type)) {
		if (!(o->cfg->notification_options & OBJ_OPT_DOWNTIME))
			return -1;
		/* the service's own downtime only, not its host's */
		return c->scheduled_downtime_depth > 0 ? -1 : 0;
	}
	/* a normal notification: a problem or a recovery */
	if (c->state_type == STATE_SOFT)
		return -1;
	if (c->problem_has_been_acknowledged)
		return -1;
	if (env->dep_failed != NULL && env->dep_failed(env->arg, o->h, o->s, now))
		return -1;
	if (!(o->cfg->notification_options & (1u << c->current_state)))
		return -1;
	if (c->current_state == 0 && c->notified_on == 0)
		return -1;
	if (o->cfg->first_notification_delay > 0 && c->current_notification_number == 0 &&
	    c->current_state != 0) {
		delay = c->last_hard_state_change > 0 ? c->last_hard_state_change
		                                      : env->program_start;
		if (now < delay + (time_t)(o->cfg->first_notification_delay * cfg->interval_length))
			return -1;
	}
	if (c->is_flapping)
		return -1;
	if (c->scheduled_downtime_depth > 0)
		return -1;
	if (is_svc && o->hc->scheduled_downtime_depth > 0)
		return -1;
	if (env->pending_flex != NULL) {
		if (is_svc && env->pending_flex(env->arg, o->h, o->s, now))
			return -1;
		/* Nagios 4.4.6 looks at pending flexible host downtime for services only */
		if (is_svc && env->pending_flex(env->arg, o->h, NULL, now))
			return -1;
	}
	if (c->no_more_notifications)
		return -1;
	if (is_svc && o->hc->current_state != OBJ_HOST_UP && o->hc->state_type == STATE_HARD)
		return -1;
	if (now < c->next_notification && !(is_svc && o->cfg->is_volatile))
		return -1;
	return 0;
}

/* check_contact_*_notification_viability */
static int
nt_contact_viable(const struct notify_env *env, const struct obj_contact *ct,
    const struct nt_obj *o, enum notify_type type, unsigned options, time_t now)
{
	const struct contact_state *cs = env->cstates != NULL ? &env->cstates[ct->id] : NULL;
	const struct obj_timeperiod *tp;
	unsigned opts;
	int enabled;

	if (options & NOTIFY_OPT_FORCED)
		return 0;
	if (o->s != NULL) {
		enabled = cs != NULL ? cs->service_notifications_enabled
		                     : ct->service_notifications_enabled;
		tp = cs != NULL ? state_contact_svc_period(cs, ct) : ct->service_notification_period;
		opts = ct->service_notification_options;
	} else {
		enabled = cs != NULL ? cs->host_notifications_enabled : ct->host_notifications_enabled;
		tp = cs != NULL ? state_contact_host_period(cs, ct) : ct->host_notification_period;
		opts = ct->host_notification_options;
	}
	/* Nagios tests the switch and the importance in this order for
	 * services, the other way round for hosts: the outcome is the same */
	if (!enabled)
		return -1;
	if (ct->minimum_importance > nt_importance(o))
		return -1;
	if (!timeperiod_contains(tp, now))
		return -1;
	if (type == NOTIFY_CUSTOM)
		return 0;
	if (nt_is_flapping(type))
		return opts & OBJ_OPT_FLAPPING ? 0 : -1;
	if (nt_is_downtime(type))
		return opts & OBJ_OPT_DOWNTIME ? 0 : -1;
	if (!(opts & (1u << o->c->current_state)))
		return -1;
	if (o->c->current_state == 0) {
		/* services: notified about one of the problems this contact takes */
		if (o->s != NULL && !((unsigned)o->c->notified_on & opts))
			return -1;
		if (o->s == NULL && o->c->notified_on == 0)
			return -1;
	}
	return 0;
}

/* ---- escalations ---- */

static int
nt_esc_valid(const struct nt_obj *o, const struct nt_esc *e, unsigned options, time_t now)
{
	int number = o->c->current_notification_number;

	/* a recovery goes to those told about the problem */
	if (o->c->current_state == 0)
		number--;
	if (options & NOTIFY_OPT_BROADCAST)
		return 1;
	if (e->first > number)
		return 0;
	if (e->last != 0 && e->last < number)
		return 0;
	if (!(e->options & (1u << o->c->current_state)))
		return 0;
	if (e->period != NULL && !timeperiod_contains(e->period, now))
		return 0;
	return 1;
}

static time_t
nt_next_time(const struct nt_obj *o, const struct main_cfg *cfg, time_t now, time_t offset)
{
	double interval = o->cfg->notification_interval;
	int have = 0;
	unsigned i;

	for (i = 0; i < o->nesc; i++) {
		const struct nt_esc *e = &o->esc[i];

		if (e->interval < 0.0 || !nt_esc_valid(o, e, 0, now))
			continue;
		if (!have || e->interval < interval)
			interval = e->interval;
		have = 1;
	}
	o->c->no_more_notifications =
	    interval == 0.0 && !(o->s != NULL && o->cfg->is_volatile);
	return offset + (time_t)(interval * cfg->interval_length);
}

/* ---- the contact list ---- */

static void
nt_add(struct notifier *n, const struct notify_env *env, const struct nt_obj *o,
    const struct obj_contact *ct, enum notify_type type, unsigned options, time_t now)
{
	if (ct == NULL || n->seen[ct->id] == n->stamp)
		return;
	if (nt_contact_viable(env, ct, o, type, options, now) != 0)
		return;
	n->seen[ct->id] = n->stamp;
	n->list[n->nlist++] = ct;
}

static void
nt_add_all(struct notifier *n, const struct notify_env *env, const struct nt_obj *o,
    struct obj_contact *const *cts, unsigned ncts, struct obj_contactgroup *const *gs,
    unsigned ngs, enum notify_type type, unsigned options, time_t now)
{
	unsigned i, k;

	for (i = 0; i < ncts; i++)
		nt_add(n, env, o, cts[i], type, options, now);
	for (i = 0; i < ngs; i++)
		for (k = 0; gs[i] != NULL && k < gs[i]->nmembers; k++)
			nt_add(n, env, o, gs[i]->members[k], type, options, now);
}

/* create_notification_list_from_*: returns whether it is escalated */
static int
nt_build_list(struct notifier *n, const struct notify_env *env, const struct nt_obj *o,
    enum notify_type type, unsigned options, time_t now)
{
	int escalated = 0;
	unsigned i;

	n->nlist = 0;
	if (++n->stamp == 0) {
		memset(n->seen, 0, (n->objs->ncontacts + 1) * sizeof(*n->seen));
		n->stamp = 1;
	}
	for (i = 0; i < o->nesc && !escalated; i++)
		escalated = nt_esc_valid(o, &o->esc[i], 0, now);
	if (escalated || (options & NOTIFY_OPT_BROADCAST))
		for (i = 0; i < o->nesc; i++)
			if (nt_esc_valid(o, &o->esc[i], options, now))
				nt_add_all(n, env, o, o->esc[i].contacts, o->esc[i].ncontacts,
				    o->esc[i].groups, o->esc[i].ngroups, type, options, now);
	if (!escalated || (options & NOTIFY_OPT_BROADCAST))
		nt_add_all(n, env, o, o->cfg->contacts, o->cfg->ncontacts, o->cfg->contact_groups,
		    o->cfg->ncontact_groups, type, options, now);
	return escalated;
}

/* ---- sending ---- */

static void
nt_job_done(void *arg, const struct nrun_result *r)
{
	struct nt_job *j = arg;
	char line[2048];

	if (r->status == 1) {
		if (j->svc != NULL)
			snprintf(line, sizeof(line),
			    "Warning: Notifying contact '%s' of service '%s' on host '%s' by command "
			    "'%s' timed out after %.2f seconds",
			    j->contact, j->svc, j->host, j->command, NT_LOGGED_RUNTIME);
		else
			snprintf(line, sizeof(line),
			    "Warning: Notifying contact '%s' of host '%s' by command '%s' timed out "
			    "after %.2f seconds",
			    j->contact, j->host, j->command, NT_LOGGED_RUNTIME);
		j->nr->log(j->nr->arg, time(NULL), line);
	}
	free(j->contact);
	free(j->host);
	free(j->svc);
	free(j->command);
	free(j);
}

/* grow-only string for log lines and the recipients list */
struct nt_buf {
	char *p;
	size_t len, cap;
};

static void
nt_puts(struct nt_buf *b, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;

	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	if (n > 0)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

/* the NOTIFICATION line of nagios.log (Nagios expands it without cleaning) */
static void
nt_log(const struct notify_env *env, const struct notifier *n, const struct nt_obj *o,
    const struct obj_contact *ct, const char *cmdname, enum notify_type type,
    const struct macro_notif *mn, time_t now)
{
	struct nt_buf b = { 0 };
	const char *state = o->s != NULL ? state_svc_name(o->c->current_state)
	                                 : state_host_name(o->c->current_state);

	if (!env->base->cfg->log_notifications)
		return;
	nt_puts(&b, o->s != NULL ? "SERVICE NOTIFICATION: " : "HOST NOTIFICATION: ");
	nt_puts(&b, ct->name);
	nt_puts(&b, ";");
	nt_puts(&b, o->h->name);
	nt_puts(&b, ";");
	if (o->s != NULL) {
		nt_puts(&b, o->s->description);
		nt_puts(&b, ";");
	}
	if (type == NOTIFY_NORMAL) {
		nt_puts(&b, state);
	} else {
		nt_puts(&b, notify_type_name(type, 0));
		nt_puts(&b, " (");
		nt_puts(&b, state);
		nt_puts(&b, ")");
	}
	nt_puts(&b, ";");
	nt_puts(&b, cmdname);
	nt_puts(&b, ";");
	nt_puts(&b, o->c->output);
	if (type == NOTIFY_CUSTOM || type == NOTIFY_ACKNOWLEDGEMENT) {
		nt_puts(&b, ";");
		nt_puts(&b, mn->author);
		nt_puts(&b, ";");
		nt_puts(&b, mn->comment);
	}
	n->nr->log(n->nr->arg, now, b.p);
	free(b.p);
}

/*
 * Whether nr's remote hooks take contact ct's notification command cmd,
 * as a broker module overriding the notification method does (the module
 * then writes the NOTIFICATION line itself; here it was written already),
 * and if so hand it over, expanded as such a module expands it (nrun.h):
 * base's object, contact and notification macros, without $ARGn$, the
 * recipients or the escalation, the author's contact found by its name.
 */
static int
nt_remote(const struct notifier *n, const struct nt_obj *o, const struct obj_contact *ct,
    const struct macro_ctx *base, const struct obj_command *cmd, double timeout)
{
	const struct nrun *nr = n->nr;
	enum nrun_kind kind = o->s != NULL ? NRUN_SERVICE_NOTIFY : NRUN_HOST_NOTIFY;
	struct macro_ctx ctx = *base;
	struct macro_notif mn = *base->notif;
	const struct obj_contact *who;
	struct nrun_remote job;
	char *line;

	if (nr->remote_takes == NULL || !nr->remote_takes(nr->arg, kind, o->h, o->s))
		return 0;
	who = mn.author != NULL ? objects_find_contact(n->objs, mn.author) : NULL;
	mn.recipients = NULL;
	mn.is_escalated = MACRO_NOTIF_UNSET;
	mn.author_name = who != NULL ? who->name : NULL;
	mn.author_alias = who != NULL ? who->alias : NULL;
	memset(ctx.args, 0, sizeof(ctx.args));
	ctx.nargs = 0;
	ctx.notif = &mn;
	line = macro_expand(&ctx, cmd->line);
	memset(&job, 0, sizeof(job));
	job.kind = kind;
	job.host = o->h;
	job.svc = o->s;
	job.cmdline = line;
	job.timeout = timeout;
	job.contact = ct->name;
	job.output = o->c->output;
	job.long_output = o->c->long_output;
	nr->remote(nr->arg, &job);
	free(line);
	return 1;
}

/* notify_contact_of_*: every notification command of the contact */
static void
nt_contact(struct notifier *n, const struct notify_env *env, const struct nt_obj *o,
    const struct obj_contact *ct, enum notify_type type, struct macro_notif *mn, time_t now)
{
	const struct obj_cmdref *cmds = o->s != NULL ? ct->service_notification_commands
	                                             : ct->host_notification_commands;
	unsigned i, ncmds = o->s != NULL ? ct->nservice_notification_commands
	                                 : ct->nhost_notification_commands;
	const struct main_cfg *cfg = env->base->cfg;
	struct macro_ctx ctx = *env->base;
	char *store, *line, **envv;
	struct nt_job *j;
	double timeout = cfg->notification_timeout > 0 ? cfg->notification_timeout : 30;

	ctx.host = o->h;
	ctx.svc = o->s;
	ctx.contact = ct;
	ctx.notif = mn;
	ctx.now = now;
	for (i = 0; i < ncmds; i++) {
		if (cmds[i].cmd == NULL)
			continue;
		nt_log(env, n, o, ct, cmds[i].cmd->name, type, mn, now);
		if (nt_remote(n, o, ct, &ctx, cmds[i].cmd, timeout))
			continue;
		store = NULL;
		macro_split_args(&ctx, cmds[i].raw != NULL ? cmds[i].raw : "", &store);
		line = macro_expand(&ctx, cmds[i].cmd->line);
		envv = macro_environment(&ctx);
		j = xcalloc(1, sizeof(*j));
		j->contact = xstrdup(ct->name);
		j->host = xstrdup(o->h->name);
		j->svc = o->s != NULL ? xstrdup(o->s->description) : NULL;
		j->command = xstrdup(line);
		j->nr = n->nr;
		if (n->nr->run(n->nr->arg, o->s != NULL ? NRUN_SERVICE_NOTIFY : NRUN_HOST_NOTIFY,
		        line, envv, timeout, nt_job_done, j) != 0) {
			struct nrun_result r = { -1, 0, "" };

			nt_job_done(j, &r);
		}
		free(envv);
		free(line);
		free(store);
	}
	if (env->cstates != NULL) {
		if (o->s != NULL)
			env->cstates[ct->id].last_service_notification = now;
		else
			env->cstates[ct->id].last_host_notification = now;
	}
}

/*
 * Nagios 4.4.6's find_contact_by_name_or_alias, as it runs: no contact
 * of that name gives NULL; when there is one, the answer is the first
 * contact whose alias is that name (usually none).  So the author macros
 * $NOTIFICATIONAUTHORNAME$ and the like are mostly empty; kept.
 */
static const struct obj_contact *
nt_find_author(const struct objects *objs, const char *name)
{
	unsigned i;

	if (name == NULL || objects_find_contact(objs, name) == NULL)
		return NULL;
	for (i = 0; i < objs->ncontacts; i++)
		if (objs->contacts[i].alias != NULL && strcmp(objs->contacts[i].alias, name) == 0)
			return &objs->contacts[i];
	return NULL;
}

static int
nt_notify(struct notifier *n, const struct notify_env *env, const struct nt_obj *o,
    enum notify_type type, const char *author, const char *comment, unsigned options,
    time_t now)
{
	const struct main_cfg *cfg = env->base->cfg;
	struct state_common *c = o->c;
	const struct obj_contact *who;
	struct macro_notif mn;
	struct nt_buf rcpt = { 0 };
	int incremented = 0;
	unsigned i;

	if (nt_viable(env, o, type, options, now) != 0) {
		/* Nagios (services only): in downtime with interval 0, try again
		 * once it ends */
		if (o->s != NULL && o->cfg->notification_interval == 0.0 &&
		    (c->scheduled_downtime_depth > 0 || o->hc->scheduled_downtime_depth > 0))
			c->next_notification = now;
		return -1;
	}
	if (type == NOTIFY_NORMAL || (options & NOTIFY_OPT_INCREMENT)) {
		c->current_notification_number++;
		incremented = 1;
	}
	if (env->next_notification_id != NULL)
		c->current_notification_id = (*env->next_notification_id)++;
	memset(&mn, 0, sizeof(mn));
	mn.is_escalated = nt_build_list(n, env, o, type, options, now);
	if (n->nlist == 0) {
		if (incremented)
			c->current_notification_number--;
		return 0;
	}
	for (i = 0; i < n->nlist; i++) {
		if (i > 0)
			nt_puts(&rcpt, ",");
		nt_puts(&rcpt, n->list[i]->name);
	}
	who = nt_find_author(n->objs, author);
	mn.type = notify_type_name(type, c->current_state == 0);
	mn.recipients = rcpt.p;
	mn.author = author;
	mn.author_name = who != NULL ? who->name : NULL;
	mn.author_alias = who != NULL ? who->alias : NULL;
	mn.comment = comment;
	if (type == NOTIFY_ACKNOWLEDGEMENT) {
		mn.ack_author = author;
		mn.ack_comment = comment;
	}
	mn.number = c->current_notification_number;
	mn.id = c->current_notification_id;
	/* Nagios's list is built by prepending: the last added goes first */
	for (i = n->nlist; i-- > 0;)
		nt_contact(n, env, o, n->list[i], type, &mn, now);
	if (type == NOTIFY_NORMAL) {
		c->next_notification = nt_next_time(o, cfg, now, now);
		c->last_notification = now;
		c->notified_on |= 1 << c->current_state;
	}
	free(rcpt.p);
	return 0;
}

int
notify_service(struct notifier *n, const struct notify_env *env, const struct obj_service *s,
    struct svc_state *st, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now)
{
	struct nt_obj o;

	o.h = s->host;
	o.s = s;
	o.c = &st->c;
	o.cfg = s->cfg;
	o.hc = &env->base->hstates[s->host->id].c;
	o.esc = &n->sesc.esc[n->sesc.start[s->id]];
	o.nesc = n->sesc.start[s->id + 1] - n->sesc.start[s->id];
	return nt_notify(n, env, &o, type, author, comment, options, now);
}

int
notify_host(struct notifier *n, const struct notify_env *env, const struct obj_host *h,
    struct host_state *st, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now)
{
	struct nt_obj o;

	o.h = h;
	o.s = NULL;
	o.c = &st->c;
	o.cfg = h->cfg;
	o.hc = &st->c;
	o.esc = &n->hesc.esc[n->hesc.start[h->id]];
	o.nesc = n->hesc.start[h->id + 1] - n->hesc.start[h->id];
	return nt_notify(n, env, &o, type, author, comment, options, now);
}

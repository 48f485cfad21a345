/*
 * objcache: write a configuration generation as Nagios 4.4.6's
 * objects.cache.
 *
 * The layout is Nagios's: a comment header, then "define <type> {", one
 * "\t<key>\t<value>" line per property and "\t}" plus a blank line, types in
 * a fixed order.  Optional strings are printed only when set; numbers,
 * flags and option sets always.  Objects come out in array order: the
 * builder sorts the arrays (and member lists) the way Nagios orders them.
 *
 * Deliberate matches of Nagios quirks, so files compare equal:
 *  - option sets use Nagios's letters and order (ok letter first, then the
 *    type's flag map), "n" for none and "a" only when every bit is set; the
 *    ok letter differs per property ('u' for host flap/stalking options);
 *  - initial_state is always "o": 4.4.6's add_host/add_service never store
 *    the configured value in the field that fcache prints;
 *  - a service whose only parent is on its own host prints the bare
 *    description; otherwise parents are "host,description" pairs;
 *  - timeperiod exceptions without time ranges are not printed.
 *  - display_name is printed whenever it was configured, even to the name
 *    itself: the model keeps display_name pointing at the name exactly when
 *    it was not configured (engine/objects/objects.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/objcache.h"
#include "engine/util/afile.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/config/tpsyntax.h"
#include "engine/objects/objects.h"
#include "engine/util/xalloc.h"

/* one letter per option bit, in the order Nagios prints them */
struct objcache_flag {
	unsigned bit;
	char ch;
};

/*
 * The OK/UP/RECOVERY bit is handled before the map (with a per-property
 * letter), so the map entries for it never match; they are kept to mirror
 * Nagios's tables, which matters only for the order of the others.
 */
static const struct objcache_flag objcache_service_flags[] = {
	{ OBJ_OPT_WARNING, 'w' },
	{ OBJ_OPT_UNKNOWN, 'u' },
	{ OBJ_OPT_CRITICAL, 'c' },
	{ OBJ_OPT_FLAPPING, 'f' },
	{ OBJ_OPT_DOWNTIME, 's' },
	{ OBJ_OPT_OK, 'o' },
	{ OBJ_OPT_RECOVERY, 'r' },
	{ OBJ_OPT_PENDING, 'p' },
	{ OBJ_OPT_NOTIFICATIONS, 'N' },
	{ 0, 0 },
};

static const struct objcache_flag objcache_host_flags[] = {
	{ OBJ_OPT_DOWN, 'd' },
	{ OBJ_OPT_UNREACHABLE, 'u' },
	{ OBJ_OPT_FLAPPING, 'f' },
	{ OBJ_OPT_RECOVERY, 'r' },
	{ OBJ_OPT_DOWNTIME, 's' },
	{ OBJ_OPT_PENDING, 'p' },
	{ OBJ_OPT_NOTIFICATIONS, 'N' },
	{ 0, 0 },
};

/* longest result: ok letter and 9 map letters, comma-separated */
#define OBJCACHE_OPTLEN 32

/*
 * Nagios's option-set text.  Bits outside the map leave a trailing comma,
 * as Nagios does; the builder never sets such bits.
 */
static const char *
objcache_opts(unsigned opts, const struct objcache_flag *map, char ok, char *buf)
{
	size_t pos = 0;
	int i;

	if (opts == OBJ_OPT_NONE)
		return "n";
	if (opts == OBJ_OPT_ALL)
		return "a";
	if (opts & OBJ_OPT_OK) {
		opts &= ~OBJ_OPT_OK;
		buf[pos++] = ok;
		if (opts != 0)
			buf[pos++] = ',';
	}
	for (i = 0; map[i].ch != 0 && opts != 0; i++) {
		if ((opts & map[i].bit) == 0)
			continue;
		opts &= ~map[i].bit;
		buf[pos++] = map[i].ch;
		if (opts != 0)
			buf[pos++] = ',';
	}
	buf[pos] = '\0';
	return buf;
}

static void
objcache_opt_line(FILE *fp, const char *key, unsigned opts, const struct objcache_flag *map,
    char ok)
{
	char buf[OBJCACHE_OPTLEN];

	fprintf(fp, "\t%s\t%s\n", key, objcache_opts(opts, map, ok, buf));
}

/* "\tkey\tvalue\n" when value is set */
static void
objcache_str(FILE *fp, const char *key, const char *value)
{
	if (value != NULL)
		fprintf(fp, "\t%s\t%s\n", key, value);
}

static void
objcache_tp(FILE *fp, const char *key, const struct obj_timeperiod *tp)
{
	if (tp != NULL)
		objcache_str(fp, key, tp->name);
}

/* the text of a command reference as configured, or NULL when unset */
static const char *
objcache_cmdref(const struct obj_cmdref *ref)
{
	if (ref->raw != NULL)
		return ref->raw;
	return ref->cmd != NULL ? ref->cmd->name : NULL;
}

static void
objcache_contacts(FILE *fp, const char *key, struct obj_contact *const *v, unsigned n)
{
	unsigned i;

	if (n == 0)
		return;
	fprintf(fp, "\t%s\t", key);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%c", v[i]->name, i + 1 < n ? ',' : '\n');
}

static void
objcache_contactgroups(FILE *fp, const char *key, struct obj_contactgroup *const *v,
    unsigned n)
{
	unsigned i;

	if (n == 0)
		return;
	fprintf(fp, "\t%s\t", key);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%c", v[i]->name, i + 1 < n ? ',' : '\n');
}

static void
objcache_hosts(FILE *fp, const char *key, struct obj_host *const *v, unsigned n)
{
	unsigned i;

	if (n == 0)
		return;
	fprintf(fp, "\t%s\t", key);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%c", v[i]->name, i + 1 < n ? ',' : '\n');
}

static void
objcache_cmdrefs(FILE *fp, const char *key, const struct obj_cmdref *v, unsigned n)
{
	const char *s;
	unsigned i;

	if (n == 0)
		return;
	fprintf(fp, "\t%s\t", key);
	for (i = 0; i < n; i++) {
		s = objcache_cmdref(&v[i]);
		fprintf(fp, "%s%c", s != NULL ? s : "", i + 1 < n ? ',' : '\n');
	}
}

static void
objcache_customvars(FILE *fp, const struct obj_customvar *v, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		fprintf(fp, "\t_%s\t%s\n", v[i].name, v[i].value != NULL ? v[i].value : "null");
}

/* display_name when it was configured; see the file comment */
static void
objcache_display_name(FILE *fp, const char *display, const char *name)
{
	if (display != NULL && display != name)
		fprintf(fp, "\tdisplay_name\t%s\n", display);
}

static void
objcache_end(FILE *fp)
{
	fputs("\t}\n\n", fp);
}

/* ---- timeperiods ---- */

/* "\t" then the ranges and "\n"; the buffer is sized to the list */
static void
objcache_ranges(FILE *fp, const struct obj_timerange *r)
{
	const struct obj_timerange *t;
	char stackbuf[256], *buf;
	size_t need = 1;

	/* "HH:MM-HH:MM," per range; hours never pass 24 */
	for (t = r; t != NULL; t = t->next)
		need += 12;
	buf = need <= sizeof(stackbuf) ? stackbuf : xmalloc(need);
	fprintf(fp, "\t%s\n", tpsyntax_format_ranges(r, buf, need));
	if (buf != stackbuf)
		free(buf);
}

static const char *const objcache_days[7] = {
	"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
};

static void
objcache_timeperiod(FILE *fp, const struct obj_timeperiod *tp)
{
	const struct obj_daterange *dr;
	char date[256];
	unsigned i;
	int t, d;

	fprintf(fp, "define timeperiod {\n\ttimeperiod_name\t%s\n", tp->name);
	objcache_str(fp, "alias", tp->alias);
	if (tp->nexclude > 0) {
		fputs("\texclude\t", fp);
		for (i = 0; i < tp->nexclude; i++)
			fprintf(fp, "%s%c", tp->exclude[i]->name,
			    i + 1 < tp->nexclude ? ',' : '\n');
	}
	for (t = 0; t < OBJ_DR_NTYPES; t++) {
		for (dr = tp->exceptions[t]; dr != NULL; dr = dr->next) {
			if (dr->times == NULL)
				continue;
			fprintf(fp, "\t%s", tpsyntax_format_exception(dr, date, sizeof(date)));
			objcache_ranges(fp, dr->times);
		}
	}
	for (d = 0; d < 7; d++) {
		if (tp->days[d] == NULL)
			continue;
		fprintf(fp, "\t%s", objcache_days[d]);
		objcache_ranges(fp, tp->days[d]);
	}
	objcache_end(fp);
}

/* ---- commands, groups, contacts ---- */

static void
objcache_command(FILE *fp, const struct obj_command *c)
{
	fprintf(fp, "define command {\n\tcommand_name\t%s\n\tcommand_line\t%s\n", c->name,
	    c->line != NULL ? c->line : "");
	objcache_end(fp);
}

static void
objcache_contactgroup(FILE *fp, const struct obj_contactgroup *g)
{
	fprintf(fp, "define contactgroup {\n\tcontactgroup_name\t%s\n", g->name);
	objcache_str(fp, "alias", g->alias);
	objcache_contacts(fp, "members", g->members, g->nmembers);
	objcache_end(fp);
}

static void
objcache_hostgroup(FILE *fp, const struct obj_hostgroup *g)
{
	fprintf(fp, "define hostgroup {\n\thostgroup_name\t%s\n", g->name);
	objcache_str(fp, "alias", g->alias);
	objcache_hosts(fp, "members", g->members, g->nmembers);
	objcache_str(fp, "notes", g->notes);
	objcache_str(fp, "notes_url", g->notes_url);
	objcache_str(fp, "action_url", g->action_url);
	objcache_end(fp);
}

static void
objcache_servicegroup(FILE *fp, const struct obj_servicegroup *g)
{
	const struct obj_service *s;
	unsigned i;

	fprintf(fp, "define servicegroup {\n\tservicegroup_name\t%s\n", g->name);
	objcache_str(fp, "alias", g->alias);
	if (g->nmembers > 0) {
		fputs("\tmembers\t", fp);
		for (i = 0; i < g->nmembers; i++) {
			s = g->members[i];
			fprintf(fp, "%s,%s%c", s->host->name, s->description,
			    i + 1 < g->nmembers ? ',' : '\n');
		}
	}
	objcache_str(fp, "notes", g->notes);
	objcache_str(fp, "notes_url", g->notes_url);
	objcache_str(fp, "action_url", g->action_url);
	objcache_end(fp);
}

static void
objcache_contact(FILE *fp, const struct obj_contact *c)
{
	int i;

	fprintf(fp, "define contact {\n\tcontact_name\t%s\n", c->name);
	objcache_str(fp, "alias", c->alias);
	objcache_tp(fp, "service_notification_period", c->service_notification_period);
	objcache_tp(fp, "host_notification_period", c->host_notification_period);
	objcache_opt_line(fp, "service_notification_options", c->service_notification_options,
	    objcache_service_flags, 'r');
	objcache_opt_line(fp, "host_notification_options", c->host_notification_options,
	    objcache_host_flags, 'r');
	objcache_cmdrefs(fp, "service_notification_commands", c->service_notification_commands,
	    c->nservice_notification_commands);
	objcache_cmdrefs(fp, "host_notification_commands", c->host_notification_commands,
	    c->nhost_notification_commands);
	objcache_str(fp, "email", c->email);
	objcache_str(fp, "pager", c->pager);
	for (i = 0; i < 6; i++)
		if (c->address[i] != NULL)
			fprintf(fp, "\taddress%d\t%s\n", i + 1, c->address[i]);
	fprintf(fp,
	    "\tminimum_importance\t%u\n"
	    "\thost_notifications_enabled\t%d\n"
	    "\tservice_notifications_enabled\t%d\n"
	    "\tcan_submit_commands\t%d\n"
	    "\tretain_status_information\t%d\n"
	    "\tretain_nonstatus_information\t%d\n",
	    c->minimum_importance, c->host_notifications_enabled,
	    c->service_notifications_enabled, c->can_submit_commands,
	    c->retain_status_information, c->retain_nonstatus_information);
	objcache_customvars(fp, c->vars, c->nvars);
	objcache_end(fp);
}

/* ---- hosts and services ---- */

static void
objcache_host(FILE *fp, const struct obj_host *h)
{
	const struct obj_extinfo *x = h->ext;
	const struct obj_settings *c = h->cfg;

	fprintf(fp, "define host {\n\thost_name\t%s\n", h->name);
	objcache_display_name(fp, h->display_name, h->name);
	objcache_str(fp, "alias", h->alias);
	objcache_str(fp, "address", h->address);
	objcache_hosts(fp, "parents", h->parents, h->nparents);
	objcache_tp(fp, "check_period", c->check_period);
	objcache_str(fp, "check_command", objcache_cmdref(&h->check_command));
	objcache_str(fp, "event_handler", objcache_cmdref(&c->event_handler));
	objcache_contacts(fp, "contacts", c->contacts, c->ncontacts);
	objcache_contactgroups(fp, "contact_groups", c->contact_groups, c->ncontact_groups);
	objcache_tp(fp, "notification_period", c->notification_period);
	/* always "o": see the file comment */
	fputs("\tinitial_state\to\n", fp);
	fprintf(fp,
	    "\timportance\t%u\n"
	    "\tcheck_interval\t%f\n"
	    "\tretry_interval\t%f\n"
	    "\tmax_check_attempts\t%d\n"
	    "\tactive_checks_enabled\t%d\n"
	    "\tpassive_checks_enabled\t%d\n"
	    "\tobsess\t%d\n"
	    "\tevent_handler_enabled\t%d\n"
	    "\tlow_flap_threshold\t%f\n"
	    "\thigh_flap_threshold\t%f\n"
	    "\tflap_detection_enabled\t%d\n",
	    c->importance, c->check_interval, c->retry_interval, c->max_check_attempts,
	    c->active_checks_enabled, c->passive_checks_enabled, c->obsess,
	    c->event_handler_enabled, c->low_flap_threshold, c->high_flap_threshold,
	    c->flap_detection_enabled);
	objcache_opt_line(fp, "flap_detection_options", c->flap_detection_options,
	    objcache_host_flags, 'u');
	fprintf(fp, "\tfreshness_threshold\t%d\n\tcheck_freshness\t%d\n", c->freshness_threshold,
	    c->check_freshness);
	objcache_opt_line(fp, "notification_options", c->notification_options,
	    objcache_host_flags, 'r');
	fprintf(fp,
	    "\tnotifications_enabled\t%d\n"
	    "\tnotification_interval\t%f\n"
	    "\tfirst_notification_delay\t%f\n",
	    c->notifications_enabled, c->notification_interval, c->first_notification_delay);
	objcache_opt_line(fp, "stalking_options", c->stalking_options, objcache_host_flags, 'u');
	fprintf(fp, "\tprocess_perf_data\t%d\n", c->process_perf_data);
	objcache_str(fp, "icon_image", x->icon_image);
	objcache_str(fp, "icon_image_alt", x->icon_image_alt);
	objcache_str(fp, "vrml_image", x->vrml_image);
	objcache_str(fp, "statusmap_image", x->statusmap_image);
	if (x->have_2d_coords)
		fprintf(fp, "\t2d_coords\t%d,%d\n", x->x_2d, x->y_2d);
	if (x->have_3d_coords)
		fprintf(fp, "\t3d_coords\t%f,%f,%f\n", x->x_3d, x->y_3d, x->z_3d);
	objcache_str(fp, "notes", x->notes);
	objcache_str(fp, "notes_url", x->notes_url);
	objcache_str(fp, "action_url", x->action_url);
	fprintf(fp, "\tretain_status_information\t%d\n\tretain_nonstatus_information\t%d\n",
	    c->retain_status_information, c->retain_nonstatus_information);
	objcache_customvars(fp, h->vars, h->nvars);
	objcache_end(fp);
}

/* a lone parent on the service's own host is written by description only */
static void
objcache_service_parents(FILE *fp, const struct obj_service *s)
{
	const struct obj_service *p;
	unsigned i;

	if (s->nparents == 0)
		return;
	fputs("\tparents\t", fp);
	if (s->nparents == 1 && s->parents[0]->host == s->host) {
		fprintf(fp, "%s\n", s->parents[0]->description);
		return;
	}
	for (i = 0; i < s->nparents; i++) {
		p = s->parents[i];
		fprintf(fp, "%s,%s%c", p->host->name, p->description,
		    i + 1 < s->nparents ? ',' : '\n');
	}
}

static void
objcache_service(FILE *fp, const struct obj_service *s)
{
	const struct obj_settings *c = s->cfg;

	fprintf(fp, "define service {\n\thost_name\t%s\n\tservice_description\t%s\n",
	    s->host->name, s->description);
	objcache_display_name(fp, s->display_name, s->description);
	objcache_service_parents(fp, s);
	objcache_tp(fp, "check_period", c->check_period);
	objcache_str(fp, "check_command", objcache_cmdref(&s->check_command));
	objcache_str(fp, "event_handler", objcache_cmdref(&c->event_handler));
	objcache_contacts(fp, "contacts", c->contacts, c->ncontacts);
	objcache_contactgroups(fp, "contact_groups", c->contact_groups, c->ncontact_groups);
	objcache_tp(fp, "notification_period", c->notification_period);
	/* always "o": see the file comment */
	fputs("\tinitial_state\to\n", fp);
	fprintf(fp,
	    "\timportance\t%u\n"
	    "\tcheck_interval\t%f\n"
	    "\tretry_interval\t%f\n"
	    "\tmax_check_attempts\t%d\n"
	    "\tis_volatile\t%d\n"
	    "\tparallelize_check\t%d\n"
	    "\tactive_checks_enabled\t%d\n"
	    "\tpassive_checks_enabled\t%d\n"
	    "\tobsess\t%d\n"
	    "\tevent_handler_enabled\t%d\n"
	    "\tlow_flap_threshold\t%f\n"
	    "\thigh_flap_threshold\t%f\n"
	    "\tflap_detection_enabled\t%d\n",
	    c->importance, c->check_interval, c->retry_interval, c->max_check_attempts,
	    c->is_volatile, c->parallelize_check, c->active_checks_enabled,
	    c->passive_checks_enabled, c->obsess, c->event_handler_enabled,
	    c->low_flap_threshold, c->high_flap_threshold, c->flap_detection_enabled);
	objcache_opt_line(fp, "flap_detection_options", c->flap_detection_options,
	    objcache_service_flags, 'o');
	fprintf(fp, "\tfreshness_threshold\t%d\n\tcheck_freshness\t%d\n", c->freshness_threshold,
	    c->check_freshness);
	objcache_opt_line(fp, "notification_options", c->notification_options,
	    objcache_service_flags, 'r');
	fprintf(fp,
	    "\tnotifications_enabled\t%d\n"
	    "\tnotification_interval\t%f\n"
	    "\tfirst_notification_delay\t%f\n",
	    c->notifications_enabled, c->notification_interval, c->first_notification_delay);
	objcache_opt_line(fp, "stalking_options", c->stalking_options, objcache_service_flags,
	    'o');
	fprintf(fp, "\tprocess_perf_data\t%d\n", c->process_perf_data);
	objcache_str(fp, "icon_image", s->ext->icon_image);
	objcache_str(fp, "icon_image_alt", s->ext->icon_image_alt);
	objcache_str(fp, "notes", s->ext->notes);
	objcache_str(fp, "notes_url", s->ext->notes_url);
	objcache_str(fp, "action_url", s->ext->action_url);
	fprintf(fp, "\tretain_status_information\t%d\n\tretain_nonstatus_information\t%d\n",
	    c->retain_status_information, c->retain_nonstatus_information);
	objcache_customvars(fp, s->vars, s->nvars);
	objcache_end(fp);
}

/* ---- dependencies and escalations ---- */

static const char *
objcache_dep_kind(enum obj_dep_type type)
{
	return type == OBJ_DEP_NOTIFICATION ? "notification" : "execution";
}

static void
objcache_servicedependency(FILE *fp, const struct obj_servicedependency *d)
{
	char buf[OBJCACHE_OPTLEN];

	fprintf(fp,
	    "define servicedependency {\n"
	    "\thost_name\t%s\n"
	    "\tservice_description\t%s\n"
	    "\tdependent_host_name\t%s\n"
	    "\tdependent_service_description\t%s\n",
	    d->master->host->name, d->master->description, d->dependent->host->name,
	    d->dependent->description);
	objcache_tp(fp, "dependency_period", d->dependency_period);
	fprintf(fp, "\tinherits_parent\t%d\n\t%s_failure_options\t%s\n", d->inherits_parent,
	    objcache_dep_kind(d->type),
	    objcache_opts(d->failure_options, objcache_service_flags, 'o', buf));
	objcache_end(fp);
}

static void
objcache_serviceescalation(FILE *fp, const struct obj_serviceescalation *e)
{
	fprintf(fp,
	    "define serviceescalation {\n"
	    "\thost_name\t%s\n"
	    "\tservice_description\t%s\n"
	    "\tfirst_notification\t%d\n"
	    "\tlast_notification\t%d\n"
	    "\tnotification_interval\t%f\n",
	    e->service->host->name, e->service->description, e->first_notification,
	    e->last_notification, e->notification_interval);
	objcache_tp(fp, "escalation_period", e->escalation_period);
	objcache_opt_line(fp, "escalation_options", e->escalation_options,
	    objcache_service_flags, 'r');
	objcache_contacts(fp, "contacts", e->contacts, e->ncontacts);
	objcache_contactgroups(fp, "contact_groups", e->contact_groups, e->ncontact_groups);
	objcache_end(fp);
}

static void
objcache_hostdependency(FILE *fp, const struct obj_hostdependency *d)
{
	char buf[OBJCACHE_OPTLEN];

	fprintf(fp, "define hostdependency {\n\thost_name\t%s\n\tdependent_host_name\t%s\n",
	    d->master->name, d->dependent->name);
	objcache_tp(fp, "dependency_period", d->dependency_period);
	fprintf(fp, "\tinherits_parent\t%d\n\t%s_failure_options\t%s\n", d->inherits_parent,
	    objcache_dep_kind(d->type),
	    objcache_opts(d->failure_options, objcache_host_flags, 'o', buf));
	objcache_end(fp);
}

static void
objcache_hostescalation(FILE *fp, const struct obj_hostescalation *e)
{
	fprintf(fp,
	    "define hostescalation {\n"
	    "\thost_name\t%s\n"
	    "\tfirst_notification\t%d\n"
	    "\tlast_notification\t%d\n"
	    "\tnotification_interval\t%f\n",
	    e->host->name, e->first_notification, e->last_notification,
	    e->notification_interval);
	objcache_tp(fp, "escalation_period", e->escalation_period);
	objcache_opt_line(fp, "escalation_options", e->escalation_options, objcache_host_flags,
	    'r');
	objcache_contacts(fp, "contacts", e->contacts, e->ncontacts);
	objcache_contactgroups(fp, "contact_groups", e->contact_groups, e->ncontact_groups);
	objcache_end(fp);
}

/* ---- the file ---- */

static void
objcache_header(FILE *fp, time_t now)
{
	char when[64];

	/* ctime's text ends in a newline; it fails only for years past 9999 */
	if (ctime_r(&now, when) == NULL)
		snprintf(when, sizeof(when), "%lld\n", (long long)now);
	fprintf(fp,
	    "########################################\n"
	    "#       NAGIOS OBJECT CACHE FILE\n"
	    "#\n"
	    "# THIS FILE IS AUTOMATICALLY GENERATED\n"
	    "# BY NAGIOS.  DO NOT MODIFY THIS FILE!\n"
	    "#\n"
	    "# Created: %s"
	    "########################################\n\n",
	    when);
}

int
objcache_fprint(const struct objects *o, FILE *fp, time_t now)
{
	unsigned i;

	objcache_header(fp, now);
	for (i = 0; i < o->ntimeperiods; i++)
		objcache_timeperiod(fp, &o->timeperiods[i]);
	for (i = 0; i < o->ncommands; i++)
		objcache_command(fp, &o->commands[i]);
	for (i = 0; i < o->ncontactgroups; i++)
		objcache_contactgroup(fp, &o->contactgroups[i]);
	for (i = 0; i < o->nhostgroups; i++)
		objcache_hostgroup(fp, &o->hostgroups[i]);
	for (i = 0; i < o->nservicegroups; i++)
		objcache_servicegroup(fp, &o->servicegroups[i]);
	for (i = 0; i < o->ncontacts; i++)
		objcache_contact(fp, &o->contacts[i]);
	for (i = 0; i < o->nhosts; i++)
		objcache_host(fp, &o->hosts[i]);
	for (i = 0; i < o->nservices; i++)
		objcache_service(fp, &o->services[i]);
	for (i = 0; i < o->nservicedependencies; i++)
		objcache_servicedependency(fp, &o->servicedependencies[i]);
	for (i = 0; i < o->nserviceescalations; i++)
		objcache_serviceescalation(fp, &o->serviceescalations[i]);
	for (i = 0; i < o->nhostdependencies; i++)
		objcache_hostdependency(fp, &o->hostdependencies[i]);
	for (i = 0; i < o->nhostescalations; i++)
		objcache_hostescalation(fp, &o->hostescalations[i]);
	return ferror(fp) ? -1 : 0;
}

struct objcache_job {
	const struct objects *o;
	time_t now;
};

static int
objcache_fill(FILE *fp, void *arg)
{
	const struct objcache_job *job = arg;

	return objcache_fprint(job->o, fp, job->now);
}

int
objcache_write(const struct objects *o, const char *path, time_t now, char *err, size_t errlen)
{
	struct objcache_job job = { o, now };

	if (path == NULL || strcmp(path, "/dev/null") == 0)
		return 0;
	/* the mode fopen would give: mkstemp's 0600 would lock out the CGIs */
	return afile_write(path, (mode_t)-1, objcache_fill, &job, err, errlen);
}

/*
 * build_fill: the second pass of the builder.  Each timeperiod, command,
 * contact, group, host and service of the model gets its values from its
 * definition: defaults where a slot is not set (Nagios's, from
 * xodtemplate_begin_object_definition and the implied-inheritance step),
 * names resolved through the indexes the first pass built, values Nagios
 * refuses at registration reported.  Scalars are copied by table.
 *
 * Lists keep the order Nagios's linked lists have (see build.h).  Names
 * Nagios resolves only in pre-flight (commands, host and same-host service
 * parents, excluded periods) are reported through build_err_at so that
 * they come out in pre-flight's order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/build_int.h"

#include <stddef.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/tpsyntax.h"
#include "engine/util/arena.h"
#include "engine/util/xalloc.h"

/* every model struct starts with its id */
static int
bd_cmp_id(const void *x, const void *y)
{
	unsigned a = *(const unsigned *)*(void *const *)x;
	unsigned c = *(const unsigned *)*(void *const *)y;

	return (a > c) - (a < c);
}

/* ---- typed scalar fields, copied by table ---- */

enum bd_kind { BD_INT, BD_FLAG, BD_UINT, BD_OPTS, BD_DBL, BD_STR };

struct bd_field {
	uint8_t slot;
	uint8_t kind; /* enum bd_kind */
	size_t off;
	double def; /* when the slot is not set */
};

static void
bd_fields(struct build *b, const struct rawobj *o, const struct bd_field *f, size_t nf, void *obj)
{
	const struct rawslot *s;
	char *p;

	for (; nf > 0; nf--, f++) {
		p = (char *)obj + f->off;
		s = build_view(b, o, f->slot);
		switch ((enum bd_kind)f->kind) {
		case BD_INT:
			*(int *)(void *)p = s->have ? (int)s->v.i : (int)f->def;
			break;
		case BD_FLAG:
			*(uint8_t *)p = (uint8_t)(s->have ? s->v.i : (long)f->def);
			break;
		case BD_UINT:
			*(unsigned *)(void *)p = s->have ? (unsigned)s->v.i : (unsigned)f->def;
			break;
		case BD_OPTS:
			*(unsigned *)(void *)p = s->have ? s->v.opts : (unsigned)f->def;
			break;
		case BD_DBL:
			*(double *)(void *)p = s->have ? s->v.d : f->def;
			break;
		case BD_STR:
			/* the parse arena outlives the model (see objects.h) */
			*(const char **)(void *)p = s->have ? s->v.s : NULL;
			break;
		}
	}
}

#define BD_NF(t) (sizeof(t) / sizeof((t)[0]))
#define BD_ALL ((double)OBJ_OPT_ALL)

#define HF(s, k, f, d) { OT_HOST_##s, BD_##k, offsetof(struct obj_settings, f), d }
static const struct bd_field bd_host_fields[] = {
	HF(INITIAL_STATE, FLAG, initial_state, OBJ_HOST_UP), HF(IMPORTANCE, UINT, importance, 0),
	HF(CHECK_INTERVAL, DBL, check_interval, 5), HF(RETRY_INTERVAL, DBL, retry_interval, 1),
	HF(MAX_CHECK_ATTEMPTS, INT, max_check_attempts, -2),
	HF(ACTIVE_CHECKS_ENABLED, FLAG, active_checks_enabled, 1),
	HF(PASSIVE_CHECKS_ENABLED, FLAG, passive_checks_enabled, 1), HF(OBSESS, FLAG, obsess, 1),
	HF(EVENT_HANDLER_ENABLED, FLAG, event_handler_enabled, 1),
	HF(CHECK_FRESHNESS, FLAG, check_freshness, 0),
	HF(FRESHNESS_THRESHOLD, INT, freshness_threshold, 0),
	HF(LOW_FLAP_THRESHOLD, DBL, low_flap_threshold, 0),
	HF(HIGH_FLAP_THRESHOLD, DBL, high_flap_threshold, 0),
	HF(FLAP_DETECTION_ENABLED, FLAG, flap_detection_enabled, 1),
	HF(FLAP_DETECTION_OPTIONS, OPTS, flap_detection_options, BD_ALL),
	HF(NOTIFICATION_OPTIONS, OPTS, notification_options, BD_ALL),
	HF(NOTIFICATIONS_ENABLED, FLAG, notifications_enabled, 1),
	HF(NOTIFICATION_INTERVAL, DBL, notification_interval, 30),
	HF(FIRST_NOTIFICATION_DELAY, DBL, first_notification_delay, 0),
	HF(STALKING_OPTIONS, OPTS, stalking_options, 0),
	HF(PROCESS_PERF_DATA, FLAG, process_perf_data, 1),
	HF(RETAIN_STATUS_INFORMATION, FLAG, retain_status_information, 1),
	HF(RETAIN_NONSTATUS_INFORMATION, FLAG, retain_nonstatus_information, 1),
};

#define SF(s, k, f, d) { OT_SVC_##s, BD_##k, offsetof(struct obj_settings, f), d }
static const struct bd_field bd_service_fields[] = {
	SF(INITIAL_STATE, FLAG, initial_state, OBJ_STATE_OK), SF(IMPORTANCE, UINT, importance, 0),
	SF(CHECK_INTERVAL, DBL, check_interval, 5), SF(RETRY_INTERVAL, DBL, retry_interval, 1),
	SF(MAX_CHECK_ATTEMPTS, INT, max_check_attempts, -2), SF(IS_VOLATILE, FLAG, is_volatile, 0),
	SF(PARALLELIZE_CHECK, FLAG, parallelize_check, 1),
	SF(ACTIVE_CHECKS_ENABLED, FLAG, active_checks_enabled, 1),
	SF(PASSIVE_CHECKS_ENABLED, FLAG, passive_checks_enabled, 1), SF(OBSESS, FLAG, obsess, 1),
	SF(EVENT_HANDLER_ENABLED, FLAG, event_handler_enabled, 1),
	SF(CHECK_FRESHNESS, FLAG, check_freshness, 0),
	SF(FRESHNESS_THRESHOLD, INT, freshness_threshold, 0),
	SF(LOW_FLAP_THRESHOLD, DBL, low_flap_threshold, 0),
	SF(HIGH_FLAP_THRESHOLD, DBL, high_flap_threshold, 0),
	SF(FLAP_DETECTION_ENABLED, FLAG, flap_detection_enabled, 1),
	SF(FLAP_DETECTION_OPTIONS, OPTS, flap_detection_options, BD_ALL),
	SF(NOTIFICATION_OPTIONS, OPTS, notification_options, BD_ALL),
	SF(NOTIFICATIONS_ENABLED, FLAG, notifications_enabled, 1),
	SF(NOTIFICATION_INTERVAL, DBL, notification_interval, 30),
	SF(FIRST_NOTIFICATION_DELAY, DBL, first_notification_delay, 0),
	SF(STALKING_OPTIONS, OPTS, stalking_options, 0),
	SF(PROCESS_PERF_DATA, FLAG, process_perf_data, 1),
	SF(RETAIN_STATUS_INFORMATION, FLAG, retain_status_information, 1),
	SF(RETAIN_NONSTATUS_INFORMATION, FLAG, retain_nonstatus_information, 1),
};

/* the extended information, filled into a struct obj_extinfo (see bd_ext) */
#define XF(s, f) { s, BD_STR, offsetof(struct obj_extinfo, f), 0 }
static const struct bd_field bd_host_ext_fields[] = {
	XF(OT_HOST_NOTES, notes), XF(OT_HOST_NOTES_URL, notes_url),
	XF(OT_HOST_ACTION_URL, action_url), XF(OT_HOST_ICON_IMAGE, icon_image),
	XF(OT_HOST_ICON_IMAGE_ALT, icon_image_alt), XF(OT_HOST_VRML_IMAGE, vrml_image),
	XF(OT_HOST_STATUSMAP_IMAGE, statusmap_image),
};
static const struct bd_field bd_service_ext_fields[] = {
	XF(OT_SVC_NOTES, notes), XF(OT_SVC_NOTES_URL, notes_url),
	XF(OT_SVC_ACTION_URL, action_url), XF(OT_SVC_ICON_IMAGE, icon_image),
	XF(OT_SVC_ICON_IMAGE_ALT, icon_image_alt),
};

#define CF(s, k, f, d) { OT_CONTACT_##s, BD_##k, offsetof(struct obj_contact, f), d }
static const struct bd_field bd_contact_fields[] = {
	CF(EMAIL, STR, email, 0), CF(PAGER, STR, pager, 0),
	CF(ADDRESS1, STR, address[0], 0), CF(ADDRESS2, STR, address[1], 0),
	CF(ADDRESS3, STR, address[2], 0), CF(ADDRESS4, STR, address[3], 0),
	CF(ADDRESS5, STR, address[4], 0), CF(ADDRESS6, STR, address[5], 0),
	/* no default: Nagios stores none ("n") */
	CF(HOST_NOTIFICATION_OPTIONS, OPTS, host_notification_options, 0),
	CF(SERVICE_NOTIFICATION_OPTIONS, OPTS, service_notification_options, 0),
	CF(HOST_NOTIFICATIONS_ENABLED, FLAG, host_notifications_enabled, 1),
	CF(SERVICE_NOTIFICATIONS_ENABLED, FLAG, service_notifications_enabled, 1),
	CF(CAN_SUBMIT_COMMANDS, FLAG, can_submit_commands, 1),
	CF(RETAIN_STATUS_INFORMATION, FLAG, retain_status_information, 1),
	CF(RETAIN_NONSTATUS_INFORMATION, FLAG, retain_nonstatus_information, 1),
	CF(MINIMUM_IMPORTANCE, UINT, minimum_importance, 0),
};

#define GF(t, s, f) { OT_GROUP_##s, BD_STR, offsetof(struct t, f), 0 }
static const struct bd_field bd_hostgroup_fields[] = {
	GF(obj_hostgroup, NOTES, notes), GF(obj_hostgroup, NOTES_URL, notes_url),
	GF(obj_hostgroup, ACTION_URL, action_url),
};
static const struct bd_field bd_servicegroup_fields[] = {
	GF(obj_servicegroup, NOTES, notes), GF(obj_servicegroup, NOTES_URL, notes_url),
	GF(obj_servicegroup, ACTION_URL, action_url),
};

/* ---- references ---- */

static void *
bd_find_tp(const struct objects *m, const char *n)
{
	return objects_find_timeperiod(m, n);
}

static void *
bd_find_contact(const struct objects *m, const char *n)
{
	return objects_find_contact(m, n);
}

static void *
bd_find_cg(const struct objects *m, const char *n)
{
	return objects_find_contactgroup(m, n);
}

static void *
bd_find_host(const struct objects *m, const char *n)
{
	return objects_find_host(m, n);
}

#define BD_CONTACTS(s) { .slot = (s), .dir = "contacts", .find = bd_find_contact,   \
	.order = BUILD_REVERSE, .once = 1, .when = BUILD_NOW,                       \
	.missing = "Contact '%s' is not defined anywhere!" }
#define BD_CGROUPS(s) { .slot = (s), .dir = "contact_groups", .find = bd_find_cg,    \
	.order = BUILD_REVERSE, .once = 1, .when = BUILD_NOW,                       \
	.missing = "Contactgroup '%s' is not defined anywhere" }

static const struct build_list bd_l_host_contacts = BD_CONTACTS(OT_HOST_CONTACTS);
static const struct build_list bd_l_host_cgs = BD_CGROUPS(OT_HOST_CONTACT_GROUPS);
static const struct build_list bd_l_svc_contacts = BD_CONTACTS(OT_SVC_CONTACTS);
static const struct build_list bd_l_svc_cgs = BD_CGROUPS(OT_SVC_CONTACT_GROUPS);
const struct build_list build_l_esc_contacts = BD_CONTACTS(OT_ESC_CONTACTS);
const struct build_list build_l_esc_cgs = BD_CGROUPS(OT_ESC_CONTACT_GROUPS);

static const struct build_list bd_l_parents = {
	.slot = OT_HOST_PARENTS, .dir = "parents", .find = bd_find_host,
	.order = BUILD_REVERSE, .when = BUILD_PF_HOST,
	.missing = "'%s' is not a valid parent for host '%s'!",
	.self = "Host '%s' cannot be a child/parent of itself",
};
static const struct build_list bd_l_exclude = {
	.slot = OT_TP_EXCLUDE, .dir = "exclude", .find = bd_find_tp,
	.order = BUILD_REVERSE, .when = BUILD_PF_TIMEPERIOD,
	.missing = "Excluded time period '%s' specified in timeperiod '%s' is not defined "
	    "anywhere!",
};
static const struct build_list bd_l_cg_members = {
	.slot = OT_GROUP_MEMBERS, .dir = "members", .find = bd_find_contact,
	.order = BUILD_GIVEN, .once = 1, .when = BUILD_NOW,
	.missing = "Failed to locate contact '%s' for contactgroup '%s'",
};
static const struct build_list bd_l_hg_members = {
	.slot = OT_GROUP_MEMBERS, .dir = "members", .find = bd_find_host,
	.order = BUILD_BYID, .when = BUILD_NOW,
	.missing = "Failed to locate host '%s' for hostgroup '%s'",
};
/* with use_large_installation_tweaks: the order expand_all left */
static const struct build_list bd_l_hg_members_given = {
	.slot = OT_GROUP_MEMBERS, .dir = "members", .find = bd_find_host,
	.order = BUILD_GIVEN, .once = 1, .when = BUILD_NOW,
	.missing = "Failed to locate host '%s' for hostgroup '%s'",
};

enum { BD_MEMO_CMD, BD_MEMO_TP, BD_MEMO_LIST };

static struct build_memo *
bd_memo(struct build *b, int kind, const void *key)
{
	return &b->memo[kind][((uintptr_t)key >> 3 ^ (uintptr_t)key >> 11) & 255];
}

/*
 * The objects named in l->slot of o, into b->refs (a scratch array that the
 * next call reuses); *n gets their count.
 */
static void **
bd_refs_scratch(struct build *b, const struct rawobj *o, const struct build_list *l,
    const char *owner, unsigned *n)
{
	const char *s = build_view_str(b, o, l->slot), *name;
	unsigned nt, i, j, k = 0;
	void **arr, *p;

	*n = 0;
	if (s == NULL || (nt = build_split(b, s, ",")) == 0)
		return NULL;
	if (nt > b->refcap) {
		b->refs = xreallocarray(b->refs, nt, sizeof(*b->refs));
		b->refcap = nt;
	}
	arr = b->refs;
	for (i = 0; i < nt; i++) {
		name = build_tok(b, i);
		if (l->self != NULL && strcmp(name, owner) == 0) {
			build_err(b, o, l->dir, l->self, name);
			continue;
		}
		if ((p = l->find(b->m, name)) == NULL) {
			build_err_at(b, l->when, o, l->dir, l->missing, name, owner);
			continue;
		}
		for (j = 0; l->once && j < k && arr[j] != p; j++)
			;
		if (!l->once || j == k)
			arr[k++] = p;
	}
	if (l->order == BUILD_REVERSE)
		build_reverse(arr, k);
	if (l->order == BUILD_BYID && k > 1) {
		qsort(arr, k, sizeof(*arr), bd_cmp_id);
		for (i = j = 1; i < k; i++)
			if (arr[i] != arr[j - 1])
				arr[j++] = arr[i];
		k = j;
	}
	*n = k;
	return k > 0 ? arr : NULL;
}

void **
build_refs(struct build *b, const struct rawobj *o, const struct build_list *l,
    const char *owner, unsigned *n)
{
	void **tmp = bd_refs_scratch(b, o, l, owner, n), **arr;

	if (tmp == NULL)
		return NULL;
	arr = build_alloc(b, *n, sizeof(*arr));
	memcpy(arr, tmp, *n * sizeof(*arr));
	return arr;
}

/* the same, kept once per distinct list (for the shared settings) */
static void **
bd_refs_shared(struct build *b, const struct rawobj *o, const struct build_list *l,
    const char *owner, unsigned *n)
{
	const char *s = build_view_str(b, o, l->slot);
	struct build_memo *m = s != NULL ? bd_memo(b, BD_MEMO_LIST, s) : NULL;
	size_t found = b->pending.len;
	void **tmp, **arr;

	if (m != NULL && m->key == s && m->tag == l) {
		*n = m->n;
		return (void **)m->val;
	}
	tmp = bd_refs_scratch(b, o, l, owner, n);
	arr = tmp == NULL ? NULL : (void **)build_share(b, tmp, *n * sizeof(*tmp));
	/* a list with a finding is read again each time, so each owner gets it */
	if (m != NULL && b->pending.len == found) {
		m->key = s;
		m->tag = l;
		m->val = arr;
		m->n = *n;
	}
	return arr;
}

/* ref = s and the command named before its first '!'; -1 when that is unknown */
static int
bd_cmd(struct build *b, const char *s, struct obj_cmdref *ref)
{
	struct build_memo *m = NULL;
	const char *bang;
	char buf[256], *name;
	size_t len;

	ref->raw = NULL;
	ref->cmd = NULL;
	if (s == NULL)
		return 0;
	if (build_in_tokbuf(b, s)) {
		/* a token of build_split lives in a scratch buffer: copy it */
		ref->raw = arena_intern(b->a, s);
	} else {
		ref->raw = s;
		m = bd_memo(b, BD_MEMO_CMD, s);
		if (m->key == s) {
			ref->cmd = (struct obj_command *)m->val;
			return 0;
		}
	}
	if ((bang = strchr(s, '!')) == NULL) {
		ref->cmd = objects_find_command(b->m, s);
	} else {
		len = (size_t)(bang - s);
		name = len < sizeof(buf) ? buf : xmalloc(len + 1);
		memcpy(name, s, len);
		name[len] = '\0';
		ref->cmd = objects_find_command(b->m, name);
		if (name != buf)
			free(name);
	}
	if (ref->cmd == NULL)
		return -1;
	if (m != NULL) {
		m->key = s;
		m->val = ref->cmd;
	}
	return 0;
}

/* a contact's notification commands: split at ',' and ' ' as Nagios's strtok does, reversed */
static struct obj_cmdref *
bd_cmds(struct build *b, const struct rawobj *o, unsigned slot, const char *dir,
    const char *missing, const char *owner, unsigned *n)
{
	const char *s = build_view_str(b, o, slot);
	struct obj_cmdref *arr;
	unsigned nt, i;

	*n = 0;
	if (s == NULL || (nt = build_split(b, s, ", ")) == 0)
		return NULL;
	arr = build_alloc(b, nt, sizeof(*arr));
	for (i = 0; i < nt; i++)
		if (bd_cmd(b, build_tok(b, i), &arr[nt - 1 - i]) < 0)
			build_err_at(b, BUILD_PF_CONTACT, o, dir, missing, build_tok(b, i),
			    owner);
	*n = nt;
	return arr;
}

/* the timeperiod named in slot (NULL when unset or unknown); *name is the name or NULL */
static struct obj_timeperiod *
bd_tp(struct build *b, const struct rawobj *o, unsigned slot, const char **name)
{
	struct build_memo *m;
	struct obj_timeperiod *tp;

	*name = build_view_str(b, o, slot);
	if (*name == NULL)
		return NULL;
	m = bd_memo(b, BD_MEMO_TP, *name);
	if (m->key == *name)
		return (struct obj_timeperiod *)m->val;
	if ((tp = objects_find_timeperiod(b->m, *name)) != NULL) {
		m->key = *name;
		m->val = tp;
	}
	return tp;
}

/*
 * Services named by "host,description" pairs in slot.  For a servicegroup
 * (group set) they are sorted (unless b->unsorted_groups) and each kept
 * once; for service parents
 * (self set) they keep their written order, each once, and a lone
 * description names a service on self's own host, as in Nagios.
 */
static struct obj_service **
bd_pairs(struct build *b, const struct rawobj *o, unsigned slot, const char *dir,
    const struct obj_service *self, const char *group, unsigned *n)
{
	const char *s = build_view_str(b, o, slot), *h, *d;
	struct obj_service **arr, *p;
	unsigned nt, npairs, i, j, k = 0;
	int single;

	*n = 0;
	if (s == NULL || (nt = build_split(b, s, ",")) == 0)
		return NULL;
	single = self != NULL && strchr(s, ',') == NULL;
	if (!single && nt % 2 != 0)
		build_err(b, o, dir, "Service description missing from list '%s'", s);
	npairs = single ? 1 : nt / 2;
	arr = build_alloc(b, nt, sizeof(*arr));
	for (i = 0; i < npairs; i++) {
		h = single ? self->host->name : build_tok(b, 2 * i);
		d = single ? build_tok(b, 0) : build_tok(b, 2 * i + 1);
		if (self != NULL && self->host == objects_find_host(b->m, h) &&
		    strcmp(d, self->description) == 0) {
			build_err(b, o, dir, "Host '%s' Service '%s' cannot be a child/parent "
			    "of itself", h, d);
			continue;
		}
		if ((p = objects_find_service(b->m, h, d)) == NULL) {
			if (group != NULL)
				build_err(b, o, dir, "Failed to locate service '%s' on host "
				    "'%s' for servicegroup '%s'", d, h, group);
			else if (single) /* pre-flight's words; Nagios swaps each pair */
				build_err_at(b, BUILD_PF_SERVICE, o, dir, "Service '%s' on host "
				    "'%s' is not a valid parent for service '%s' on host '%s'",
				    h, d, self->host->name, self->description);
			else
				build_err(b, o, dir, "Could not find a service matching host "
				    "name '%s' and description '%s'", h, d);
			continue;
		}
		for (j = 0; j < k && arr[j] != p; j++)
			;
		if (j == k)
			arr[k++] = p;
	}
	if (group != NULL && k > 1 && !b->unsorted_groups)
		qsort(arr, k, sizeof(*arr), bd_cmp_id);
	*n = k;
	return k > 0 ? arr : NULL;
}

static struct obj_customvar *
bd_vars(struct build *b, const struct rawobj *o, unsigned *n)
{
	const struct rawvar *v;
	struct obj_customvar *arr;
	unsigned k = 0;

	for (v = o->vars; v != NULL; v = v->next)
		k++;
	arr = build_alloc(b, k, sizeof(*arr));
	for (k = 0, v = o->vars; v != NULL; v = v->next, k++) {
		arr[k].name = v->name;
		arr[k].value = v->value;
	}
	*n = k;
	return arr;
}

/* ---- second pass: fill ---- */

static struct obj_timerange *
bd_times(struct build *b, const struct obj_timerange *src)
{
	struct obj_timerange *head = NULL, **tail = &head, *t;

	for (; src != NULL; src = src->next) {
		t = arena_alloc(b->a, sizeof(*t));
		*t = *src;
		t->next = NULL;
		*tail = t;
		tail = &t->next;
	}
	return head;
}

static void
bd_timeperiod(struct build *b, const struct rawobj *o, struct obj_timeperiod *tp)
{
	static const char *const days[7] = { "sunday", "monday", "tuesday", "wednesday",
		"thursday", "friday", "saturday" };
	struct obj_daterange **tail[OBJ_DR_NTYPES], *dr;
	const struct rawexc *e;
	const char *s;
	char err[256];
	unsigned d;

	s = build_view_str(b, o, OT_TP_ALIAS);
	if (s == NULL || s[0] == '\0')
		build_err(b, o, "alias", "Name or alias for timeperiod is NULL");
	tp->alias = s != NULL && s[0] != '\0' ? s : tp->name;
	for (d = 0; d < 7; d++) {
		s = build_view_str(b, o, OT_TP_SUNDAY + d);
		if (s == NULL || strcmp(s, "null") == 0)
			continue;
		if (tpsyntax_parse_ranges(b->a, s, &tp->days[d], err, sizeof(err)) < 0)
			build_err(b, o, days[d], "%s", err);
	}
	/* Nagios's two prepends cancel out: each kind keeps the written order */
	for (d = 0; d < OBJ_DR_NTYPES; d++)
		tail[d] = &tp->exceptions[d];
	for (e = o->exceptions; e != NULL; e = e->next) {
		if ((unsigned)e->dr.type >= OBJ_DR_NTYPES)
			continue;
		dr = arena_alloc(b->a, sizeof(*dr));
		*dr = e->dr;
		dr->times = bd_times(b, e->dr.times);
		dr->next = NULL;
		*tail[dr->type] = dr;
		tail[dr->type] = &dr->next;
	}
	tp->exclude = (struct obj_timeperiod **)build_refs(b, o, &bd_l_exclude, tp->name,
	    &tp->nexclude);
}

static void
bd_command(struct build *b, const struct rawobj *o, struct obj_command *c)
{
	const char *s = build_view_str(b, o, OT_CMD_COMMAND_LINE);

	if (s == NULL || s[0] == '\0')
		build_err(b, o, "command_line", "Command name of command line is NULL");
	c->line = s != NULL ? s : "";
}

static void
bd_contact(struct build *b, const struct rawobj *o, struct obj_contact *c)
{
	const char *s = build_view_str(b, o, OT_CONTACT_ALIAS);

	c->alias = s != NULL ? s : c->name;
	bd_fields(b, o, bd_contact_fields, BD_NF(bd_contact_fields), c);
	if ((c->service_notification_period = bd_tp(b, o, OT_CONTACT_SERVICE_NOTIFICATION_PERIOD,
	    &s)) == NULL && s != NULL)
		build_err(b, o, "service_notification_period", "Service notification period '%s' "
		    "specified for contact '%s' is not defined anywhere!", s, c->name);
	if ((c->host_notification_period = bd_tp(b, o, OT_CONTACT_HOST_NOTIFICATION_PERIOD,
	    &s)) == NULL && s != NULL)
		build_err(b, o, "host_notification_period", "Host notification period '%s' "
		    "specified for contact '%s' is not defined anywhere!", s, c->name);
	c->service_notification_commands = bd_cmds(b, o, OT_CONTACT_SERVICE_NOTIFICATION_COMMANDS,
	    "service_notification_commands", "Service notification command '%s' specified for "
	    "contact '%s' is not defined anywhere!", c->name, &c->nservice_notification_commands);
	c->host_notification_commands = bd_cmds(b, o, OT_CONTACT_HOST_NOTIFICATION_COMMANDS,
	    "host_notification_commands", "Host notification command '%s' specified for "
	    "contact '%s' is not defined anywhere!", c->name, &c->nhost_notification_commands);
	c->vars = bd_vars(b, o, &c->nvars);
}

static const char *
bd_alias(struct build *b, const struct rawobj *o, unsigned slot, const char *name)
{
	const char *s = build_view_str(b, o, slot);

	return s != NULL ? s : name;
}

static void
bd_groups(struct build *b)
{
	struct objects *m = b->m;
	const struct rawobj *o;
	unsigned i;

	for (i = 0; i < m->ncontactgroups; i++) {
		struct obj_contactgroup *g = &m->contactgroups[i];

		o = b->side->place[OT_CONTACTGROUP][i].raw;
		g->alias = bd_alias(b, o, OT_GROUP_ALIAS, g->name);
		g->members = (struct obj_contact **)build_refs(b, o, &bd_l_cg_members, g->name,
		    &g->nmembers);
	}
	for (i = 0; i < m->nhostgroups; i++) {
		struct obj_hostgroup *g = &m->hostgroups[i];

		o = b->side->place[OT_HOSTGROUP][i].raw;
		g->alias = bd_alias(b, o, OT_GROUP_ALIAS, g->name);
		bd_fields(b, o, bd_hostgroup_fields, BD_NF(bd_hostgroup_fields), g);
		g->members = (struct obj_host **)build_refs(b, o,
		    b->unsorted_groups ? &bd_l_hg_members_given : &bd_l_hg_members, g->name,
		    &g->nmembers);
	}
	for (i = 0; i < m->nservicegroups; i++) {
		struct obj_servicegroup *g = &m->servicegroups[i];

		o = b->side->place[OT_SERVICEGROUP][i].raw;
		g->alias = bd_alias(b, o, OT_GROUP_ALIAS, g->name);
		bd_fields(b, o, bd_servicegroup_fields, BD_NF(bd_servicegroup_fields), g);
		g->members = bd_pairs(b, o, OT_GROUP_MEMBERS, "members", NULL, g->name,
		    &g->nmembers);
	}
}

/*
 * x kept for an object: objects_no_extinfo when x holds nothing (few
 * objects have any), else the model's one copy of this content.
 */
static const struct obj_extinfo *
bd_ext(struct build *b, const struct obj_extinfo *x)
{
	if (x->notes == NULL && x->notes_url == NULL && x->action_url == NULL &&
	    x->icon_image == NULL && x->icon_image_alt == NULL && x->vrml_image == NULL &&
	    x->statusmap_image == NULL && !x->have_2d_coords && !x->have_3d_coords)
		return &objects_no_extinfo;
	return build_share(b, x, sizeof(*x));
}

static void
bd_host(struct build *b, const struct rawobj *o, struct obj_host *h)
{
	const struct rawslot *c2 = build_view(b, o, OT_HOST_2D_COORDS);
	const struct rawslot *c3 = build_view(b, o, OT_HOST_3D_COORDS);
	const char *s = build_view_str(b, o, OT_HOST_DISPLAY_NAME);
	struct obj_extinfo x;
	struct obj_settings c;

	/* zeroed whole, padding too: shared structs are compared byte by byte */
	memset(&x, 0, sizeof(x));
	x.x_2d = x.y_2d = -1;
	memset(&c, 0, sizeof(c));
	/* a configured display name must not be the name's pointer (objects.h) */
	h->display_name = s == NULL ? h->name : s != h->name ? s : arena_strdup(b->a, s);
	h->alias = bd_alias(b, o, OT_HOST_ALIAS, h->name);
	h->address = bd_alias(b, o, OT_HOST_ADDRESS, h->name);
	bd_fields(b, o, bd_host_fields, BD_NF(bd_host_fields), &c);
	bd_fields(b, o, bd_host_ext_fields, BD_NF(bd_host_ext_fields), &x);
	if ((x.have_2d_coords = c2->have) != 0) {
		x.x_2d = (int)c2->v.c[0];
		x.y_2d = (int)c2->v.c[1];
	}
	if ((x.have_3d_coords = c3->have) != 0) {
		x.x_3d = c3->v.c[0];
		x.y_3d = c3->v.c[1];
		x.z_3d = c3->v.c[2];
	}
	h->ext = bd_ext(b, &x);
	if ((c.check_period = bd_tp(b, o, OT_HOST_CHECK_PERIOD, &s)) == NULL && s != NULL)
		build_err(b, o, "check_period", "Failed to locate check_period '%s' for host '%s'!",
		    s, h->name);
	if ((c.notification_period = bd_tp(b, o, OT_HOST_NOTIFICATION_PERIOD, &s)) == NULL &&
	    s != NULL)
		build_err(b, o, "notification_period", "Failed to locate notification_period '%s' "
		    "for host '%s'!", s, h->name);
	if (c.max_check_attempts <= 0)
		build_err(b, o, "max_check_attempts", "Invalid max_check_attempts value for host "
		    "'%s'", h->name);
	if (c.check_interval < 0)
		build_err(b, o, "check_interval", "Invalid check_interval value for host '%s'",
		    h->name);
	if (c.notification_interval < 0)
		build_err(b, o, "notification_interval", "Invalid notification_interval value for "
		    "host '%s'", h->name);
	if (c.first_notification_delay < 0)
		build_err(b, o, "first_notification_delay", "Invalid first_notification_delay "
		    "value for host '%s'", h->name);
	if (c.freshness_threshold < 0)
		build_err(b, o, "freshness_threshold", "Invalid freshness_threshold value for host "
		    "'%s'", h->name);
	/* pre-flight's: the event handler, then the check command, then parents */
	if (bd_cmd(b, build_view_str(b, o, OT_HOST_EVENT_HANDLER), &c.event_handler) < 0)
		build_err_at(b, BUILD_PF_HOST, o, "event_handler", "Event handler command '%s' "
		    "specified for host '%s' not defined anywhere", c.event_handler.raw, h->name);
	if (bd_cmd(b, build_view_str(b, o, OT_HOST_CHECK_COMMAND), &h->check_command) < 0)
		build_err_at(b, BUILD_PF_HOST, o, "check_command", "Host check command '%s' "
		    "specified for host '%s' is not defined anywhere!", h->check_command.raw,
		    h->name);
	h->parents = (struct obj_host **)build_refs(b, o, &bd_l_parents, h->name, &h->nparents);
	c.contact_groups = (struct obj_contactgroup **)bd_refs_shared(b, o, &bd_l_host_cgs,
	    h->name, &c.ncontact_groups);
	c.contacts = (struct obj_contact **)bd_refs_shared(b, o, &bd_l_host_contacts, h->name,
	    &c.ncontacts);
	h->cfg = (struct obj_settings *)build_share(b, &c, sizeof(c));
	h->vars = bd_vars(b, o, &h->nvars);
}

/* the first value add_service refuses, or NULL */
static const char *
bd_svc_bad_value(const struct obj_settings *s)
{
	if (s->max_check_attempts <= 0)
		return "max_check_attempts";
	if (s->check_interval < 0)
		return "check_interval";
	if (s->retry_interval <= 0)
		return "retry_interval";
	if (s->notification_interval < 0)
		return "notification_interval";
	return NULL;
}

static void
bd_service(struct build *b, const struct rawobj *o, struct obj_service *s)
{
	const char *hn = s->host->name, *d = s->description, *p;
	struct obj_extinfo x;
	struct obj_settings c;

	/* zeroed whole, padding too: shared structs are compared byte by byte */
	memset(&x, 0, sizeof(x));
	x.x_2d = x.y_2d = -1;
	memset(&c, 0, sizeof(c));
	p = build_view_str(b, o, OT_SVC_DISPLAY_NAME);
	s->display_name = p == NULL ? d : p != d ? p : arena_strdup(b->a, p);
	bd_fields(b, o, bd_service_fields, BD_NF(bd_service_fields), &c);
	bd_fields(b, o, bd_service_ext_fields, BD_NF(bd_service_ext_fields), &x);
	s->ext = bd_ext(b, &x);
	p = build_view_str(b, o, OT_SVC_CHECK_COMMAND);
	if (p == NULL || p[0] == '\0')
		build_err(b, o, "check_command", "Service description, host name, or check "
		    "command is NULL");
	/* pre-flight's: the event handler, then the check command, then parents */
	if (bd_cmd(b, build_view_str(b, o, OT_SVC_EVENT_HANDLER), &c.event_handler) < 0)
		build_err_at(b, BUILD_PF_SERVICE, o, "event_handler", "Event handler command '%s' "
		    "specified in service '%s' for host '%s' not defined anywhere",
		    c.event_handler.raw, d, hn);
	if (p != NULL && p[0] != '\0' && bd_cmd(b, p, &s->check_command) < 0)
		build_err_at(b, BUILD_PF_SERVICE, o, "check_command", "Service check command '%s' "
		    "specified in service '%s' for host '%s' not defined anywhere!", p, d, hn);
	if ((c.notification_period = bd_tp(b, o, OT_SVC_NOTIFICATION_PERIOD, &p)) == NULL &&
	    p != NULL)
		build_err(b, o, "notification_period", "notification_period '%s' for service '%s' "
		    "on host '%s' could not be found!", p, d, hn);
	if ((c.check_period = bd_tp(b, o, OT_SVC_CHECK_PERIOD, &p)) == NULL && p != NULL)
		build_err(b, o, "check_period", "check_period '%s' for service '%s' on host '%s' "
		    "not found!", p, d, hn);
	if ((p = bd_svc_bad_value(&c)) != NULL)
		build_err(b, o, p, "Invalid max_attempts, check_interval, retry_interval, or "
		    "notification_interval value for service '%s' on host '%s'", d, hn);
	if (c.first_notification_delay < 0)
		build_err(b, o, "first_notification_delay", "Invalid first_notification_delay "
		    "value for service '%s' on host '%s'", d, hn);
	s->parents = bd_pairs(b, o, OT_SVC_PARENTS, "parents", s, NULL, &s->nparents);
	c.contact_groups = (struct obj_contactgroup **)bd_refs_shared(b, o, &bd_l_svc_cgs, d,
	    &c.ncontact_groups);
	c.contacts = (struct obj_contact **)bd_refs_shared(b, o, &bd_l_svc_contacts, d,
	    &c.ncontacts);
	s->cfg = (struct obj_settings *)build_share(b, &c, sizeof(c));
	s->vars = bd_vars(b, o, &s->nvars);
}

/*
 * Hosts are filled on a second thread while this one fills services: the
 * two touch different objects and only read what they share (the indexes,
 * the side table, the raw store).  The host builder has its own arena,
 * scratch, memo, sharing table and findings; its findings are put where a
 * sequential fill would have made them, before the services'.
 */
static void *
bd_hosts(void *arg)
{
	struct build *hb = arg;
	struct objects *m = hb->m;
	unsigned i;

	for (i = 0; i < m->nhosts; i++)
		bd_host(hb, hb->side->place[OT_HOST][i].raw, &m->hosts[i]);
	return NULL;
}

static void
bd_hosts_and_services(struct build *b)
{
	struct objects *m = b->m;
	struct build *hb = build_helper_new(b);
	pthread_t tid;
	size_t i, before = b->pending.len;
	int threaded;

	hb->a = m->arena2 = arena_new();
	hb->phase = BUILD_REG_HOST;
	threaded = m->nhosts >= RAW_THREADED_MIN && m->nservices >= RAW_THREADED_MIN &&
	    pthread_create(&tid, NULL, bd_hosts, hb) == 0;
	if (!threaded)
		bd_hosts(hb);
	b->phase = BUILD_REG_SERVICE;
	for (i = 0; i < m->nservices; i++)
		bd_service(b, b->side->place[OT_SERVICE][i].raw, &m->services[i]);
	if (threaded)
		pthread_join(tid, NULL);
	build_helper_done(b, before, hb);
}

void
build_fill(struct build *b)
{
	struct objects *m = b->m;
	unsigned i;

	b->phase = BUILD_REG_TIMEPERIOD;
	for (i = 0; i < m->ntimeperiods; i++)
		bd_timeperiod(b, b->side->place[OT_TIMEPERIOD][i].raw, &m->timeperiods[i]);
	b->phase = BUILD_REG_COMMAND;
	for (i = 0; i < m->ncommands; i++)
		bd_command(b, b->side->place[OT_COMMAND][i].raw, &m->commands[i]);
	b->phase = BUILD_REG_CONTACT;
	for (i = 0; i < m->ncontacts; i++)
		bd_contact(b, b->side->place[OT_CONTACT][i].raw, &m->contacts[i]);
	bd_hosts_and_services(b);
	b->phase = BUILD_REG_MEMBERS;
	bd_groups(b);
}


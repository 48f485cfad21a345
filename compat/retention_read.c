/*
 * retention_read: loading retention.dat at start-up with Nagios 4.4.6's
 * rules (xrddefault_read_state_information).
 *
 * The file is read line by line through a buffer with a fixed cap (a
 * longer line is skipped).  Each section is staged and applied only at
 * its "}": an object's state is copied, the lines are applied to the copy
 * in file order (so the value of modified_attributes, which comes first,
 * decides what the later lines may change), and the copy replaces the
 * state at the end with Nagios's fix-ups (host, service and contact
 * sections are retention_obj.c's).  A section cut short by the end of
 * the file, or by the next section's header, is dropped whole.
 *
 * The rules, as 4.4.6 applies them:
 *  - status values only with the object's retain_status_information;
 *    non-status values (acknowledgement, switches, intervals, max
 *    attempts) with retain_nonstatus_information, and only when status
 *    is retained too: 4.4.6's reader marks every line "handled" before
 *    its status chain, so with retain_status_information 0 it never
 *    reaches the non-status chain;
 *  - a switch, interval or max_attempts only when the object's
 *    modified_attributes (masked: the service mask read is the host
 *    mask, as 4.4.6 reads it) has its bit, else the configuration wins;
 *  - next_check and check_options (a forced check scheduled ahead) only
 *    with use_retained_scheduling_info and a file younger than
 *    retention_scheduling_horizon;
 *  - the program section only with use_retained_program_state, and each
 *    switch only when its modified bit is set; ids never go backwards;
 *  - a check or notification period (a contact's host and service
 *    notification periods too) only with its modified bit, and only when
 *    a period of that name exists, else the bit is cleared; a custom
 *    variable ("_NAME=modified;value") only with MODATTR_CUSTOM_VARIABLE,
 *    when the object defines it and modified is above 0;
 *  - at the end of an object: modified_attributes cleared without
 *    retain_nonstatus_information, MODATTR_CUSTOM_VARIABLE cleared when
 *    no variable is changed, the attempt of a hard problem set to
 *    max_attempts, last_hard_state_change defaulted to last_state_change,
 *    the next notification time and no_more_notifications recomputed
 *    (escalations included), a never-checked soft service made hard;
 *  - is_flapping: taken as written with use_large_installation_tweaks;
 *    else flap detection judges the retained history again and the
 *    caller's hook logs, comments and notifies a new edge
 *    (retention_obj.c); flapping_comment_id is never read (4.4.6 reads
 *    it only at its SIGHUP restart, which here reads no file);
 *  - comments: dropped when their object is gone, an acknowledgement
 *    comment when not persistent and the problem is no longer
 *    acknowledged, any other non-persistent comment (a start-up is never
 *    4.4.6's SIGHUP restart), so a downtime's comment too: the downtime
 *    store gives each downtime read a new comment with a new id, and
 *    starts again one that was in effect.  Downtimes are added after the
 *    whole file was read, a triggered one after its trigger; those that
 *    start at the same time then stand in the opposite order, as Nagios's
 *    sort of the list its reader built front first leaves them.
 * Where jaque differs, because it keeps less than Nagios does, or more:
 *  - check_command and event_handler overrides are not kept (4.4.6
 *    refuses the commands that make them): the configuration's stay, and
 *    when the file's value differs its modified bit is cleared and a
 *    problem is reported;
 *  - a period override read back takes effect; 4.4.6 restores only its
 *    name (status.dat and the next retention.dat show it) while its
 *    checks and notifications keep to the configured period's pointer,
 *    which pre-flight set before retention was read.  A period that is
 *    gone is reported as a problem as well.
 * Called by engine/main at start-up and by READ_STATE_INFORMATION.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/retention.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/retention_int.h"
#include "compat/snapshot.h"
#include "engine/check/flapping.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

#define RD_LINE_MAX ((size_t)1 << 20) /* longer lines are skipped */
#define RD_CHUNK ((size_t)1 << 16)

static const struct {
	const char *line;
	enum rd_sect sect;
} rd_headers[] = {
	{ "info {", RD_INFO },
	{ "program {", RD_PROGRAM },
	{ "host {", RD_HOST },
	{ "service {", RD_SERVICE },
	{ "contact {", RD_CONTACT },
	{ "hostcomment {", RD_HCOMMENT },
	{ "servicecomment {", RD_SCOMMENT },
	{ "hostdowntime {", RD_HDOWNTIME },
	{ "servicedowntime {", RD_SDOWNTIME },
};

void
rd_problem(struct rd *rd, const char *fmt, ...)
{
	struct retention_report *rep = rd->rep;
	va_list ap;

	if (rep->nproblems < RETENTION_PROBLEMS) {
		va_start(ap, fmt);
		vsnprintf(rep->problems[rep->nproblems], RETENTION_PROBLEM_LEN, fmt, ap);
		va_end(ap);
	}
	rep->nproblems++;
}

void
rd_skip(struct rd *rd, const char *why)
{
	rd->rep->lines_skipped++;
	rd_problem(rd, "line %lu: %s", rd->in.lineno, why);
}

/* ---- input ---- */

/*
 * The next line, without its '\n', in in->line.  Returns 1 and *cut set
 * when it was longer than RD_LINE_MAX (the rest is dropped), 0 at the end.
 */
static int
rd_getline(struct rd_in *in, int *cut)
{
	size_t n = 0, take, room;
	char *start, *nl;
	int any = 0;

	*cut = 0;
	for (;;) {
		if (in->pos == in->len) {
			if (in->eof)
				break;
			in->len = fread(in->chunk, 1, RD_CHUNK, in->fp);
			in->pos = 0;
			if (in->len == 0) {
				in->eof = 1;
				if (ferror(in->fp))
					in->error = errno != 0 ? errno : EIO;
				break;
			}
		}
		any = 1;
		start = in->chunk + in->pos;
		nl = memchr(start, '\n', in->len - in->pos);
		take = nl != NULL ? (size_t)(nl - start) : in->len - in->pos;
		room = RD_LINE_MAX - n;
		if (take > room)
			*cut = 1;
		memcpy(in->line + n, start, take < room ? take : room);
		n += take < room ? take : room;
		in->pos += take + (nl != NULL);
		if (nl != NULL)
			break;
	}
	if (!any)
		return 0;
	in->line[n] = '\0';
	in->lineno++;
	return 1;
}

static int
rd_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Nagios's strip(): blanks off both ends, in place */
static char *
rd_strip(char *p)
{
	size_t n = strlen(p);

	while (n > 0 && rd_blank(p[n - 1]))
		p[--n] = '\0';
	while (rd_blank(*p))
		p++;
	return p;
}

/* ---- values ---- */

/* atoi, without its undefined overflow */
int
rd_int(const char *v)
{
	long l = strtol(v, NULL, 10);

	if (l > INT_MAX)
		return INT_MAX;
	if (l < INT_MIN)
		return INT_MIN;
	return (int)l;
}

unsigned long
rd_ulong(const char *v)
{
	return strtoul(v, NULL, 10);
}

time_t
rd_time(const char *v)
{
	return (time_t)strtoull(v, NULL, 10);
}

/* ---- info and program ---- */

static void
rd_info_line(struct rd *rd, const char *key, const char *val)
{
	static const char *const known[] = { "version", "last_update_check", "update_available",
		"update_uid", "last_version", "new_version" };
	size_t i;

	if (strcmp(key, "created") == 0) {
		rd->sched_ok = (long long)rd->s->now - (long long)rd_time(val) <
		    (long long)rd->s->cfg->retention_scheduling_horizon;
		rd->rep->scheduling_ok = rd->sched_ok;
		return;
	}
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(key, known[i]) == 0)
			return;
	rd_skip(rd, "an unknown key");
}

static void
rd_prog_line(struct rd *rd, const char *key, const char *val)
{
	size_t i;

	for (i = 0; i < rt_nprog_fields && i < RD_PROG_MAX; i++) {
		if (strcmp(rt_prog_fields[i].key, key) == 0) {
			free(rd->prog[i]);
			rd->prog[i] = xstrdup(val);
			return;
		}
	}
	rd_skip(rd, "an unknown key");
}

static void
rd_prog_reset(struct rd *rd)
{
	size_t i;

	for (i = 0; i < RD_PROG_MAX; i++) {
		free(rd->prog[i]);
		rd->prog[i] = NULL;
	}
}

/* a global event handler is taken when its command still exists */
static void
rd_handler(struct rd *rd, char **slot, const char *val)
{
	size_t n = strcspn(val, "!");
	char *name = xstrndup(val, n);

	if (n > 0 && objects_find_command(rd->s->objs, name) != NULL) {
		free(*slot);
		*slot = xstrdup(val);
	}
	free(name);
}

static void
rd_raise(unsigned long *id, const char *val)
{
	unsigned long v = rd_ulong(val);

	if (v > *id)
		*id = v;
}

static void
rd_prog_end(struct rd *rd)
{
	struct snapshot *s = rd->s;
	struct prog_state *p = s->prog;
	unsigned long hattr = p->modified_host_attributes, sattr = p->modified_service_attributes;
	const struct rt_pfield *f;
	const char *v;
	size_t i;

	for (i = 0; i < rt_nprog_fields && i < RD_PROG_MAX; i++) {
		if ((v = rd->prog[i]) == NULL)
			continue;
		if (rt_prog_fields[i].kind == RT_P_HATTR)
			hattr = rd_ulong(v) & ~rt_read_mask(s->cfg, RT_MASK_PROCESS_HOST);
		else if (rt_prog_fields[i].kind == RT_P_SATTR)
			sattr = rd_ulong(v) & ~rt_read_mask(s->cfg, RT_MASK_PROCESS_SERVICE);
	}
	if (!s->cfg->use_retained_program_state) {
		p->modified_host_attributes = p->modified_service_attributes = 0;
		return;
	}
	p->modified_host_attributes = hattr;
	p->modified_service_attributes = sattr;
	rd->rep->program_applied = 1;
	for (i = 0; i < rt_nprog_fields && i < RD_PROG_MAX; i++) {
		f = &rt_prog_fields[i];
		if ((v = rd->prog[i]) == NULL)
			continue;
		if (f->bit != 0 && !((f->svc ? sattr : hattr) & f->bit))
			continue;
		switch (f->kind) {
		case RT_P_SWITCH:
			*(int *)(void *)((char *)s->cfg + f->off) = rd_int(v) > 0;
			break;
		case RT_P_HHANDLER:
			rd_handler(rd, &p->global_host_event_handler, v);
			break;
		case RT_P_SHANDLER:
			rd_handler(rd, &p->global_service_event_handler, v);
			break;
		case RT_P_COMMENT_ID:
			rd_raise(&p->next_comment_id, v);
			break;
		case RT_P_DOWNTIME_ID:
			rd_raise(&p->next_downtime_id, v);
			break;
		case RT_P_NOTIFICATION_ID:
			rd_raise(&p->next_notification_id, v);
			break;
		case RT_P_EVENT_ID:
			if (s->ids != NULL)
				rd_raise(&s->ids->next_event_id, v);
			break;
		case RT_P_PROBLEM_ID:
			if (s->ids != NULL)
				rd_raise(&s->ids->next_problem_id, v);
			break;
		default:
			break;
		}
	}
}

/* ---- comments and downtimes ---- */

enum rd_nkind { RD_N_STR, RD_N_ULONG, RD_N_INT, RD_N_BOOL, RD_N_TIME };

#define RD_N_COMMENT 1
#define RD_N_DOWNTIME 2
#define RD_N_BOTH 3
#define NO(f) offsetof(struct rd_note, f)

static const struct {
	const char *key;
	unsigned char kind;
	unsigned char where; /* RD_N_COMMENT, RD_N_DOWNTIME */
	size_t off;
} rd_note_fields[] = {
	{ "host_name", RD_N_STR, RD_N_BOTH, NO(host) },
	{ "service_description", RD_N_STR, RD_N_BOTH, NO(svc) },
	{ "entry_type", RD_N_INT, RD_N_COMMENT, NO(entry_type) },
	{ "comment_id", RD_N_ULONG, RD_N_BOTH, NO(comment_id) },
	{ "source", RD_N_INT, RD_N_COMMENT, NO(source) },
	{ "persistent", RD_N_BOOL, RD_N_COMMENT, NO(persistent) },
	{ "entry_time", RD_N_TIME, RD_N_BOTH, NO(entry_time) },
	{ "expires", RD_N_BOOL, RD_N_COMMENT, NO(expires) },
	{ "expire_time", RD_N_TIME, RD_N_COMMENT, NO(expire_time) },
	{ "author", RD_N_STR, RD_N_BOTH, NO(author) },
	{ "comment_data", RD_N_STR, RD_N_COMMENT, NO(text) },
	{ "downtime_id", RD_N_ULONG, RD_N_DOWNTIME, NO(id) },
	{ "start_time", RD_N_TIME, RD_N_DOWNTIME, NO(start) },
	{ "flex_downtime_start", RD_N_TIME, RD_N_DOWNTIME, NO(flex) },
	{ "end_time", RD_N_TIME, RD_N_DOWNTIME, NO(end) },
	{ "triggered_by", RD_N_ULONG, RD_N_DOWNTIME, NO(triggered_by) },
	{ "fixed", RD_N_BOOL, RD_N_DOWNTIME, NO(fixed) },
	{ "duration", RD_N_ULONG, RD_N_DOWNTIME, NO(duration) },
	{ "is_in_effect", RD_N_BOOL, RD_N_DOWNTIME, NO(in_effect) },
	{ "start_notification_sent", RD_N_BOOL, RD_N_DOWNTIME, NO(notif_sent) },
	{ "comment", RD_N_STR, RD_N_DOWNTIME, NO(text) },
};

static void
rd_note_reset(struct rd_note *n)
{
	free(n->host);
	free(n->svc);
	free(n->author);
	free(n->text);
	memset(n, 0, sizeof(*n));
	n->entry_type = COMMENT_USER;
	n->source = COMMENT_SOURCE_INTERNAL;
}

static void
rd_note_line(struct rd *rd, const char *key, const char *val)
{
	unsigned where =
	    rd->sect == RD_HCOMMENT || rd->sect == RD_SCOMMENT ? RD_N_COMMENT : RD_N_DOWNTIME;
	char *p;
	size_t i;

	for (i = 0; i < sizeof(rd_note_fields) / sizeof(rd_note_fields[0]); i++) {
		if (!(rd_note_fields[i].where & where) || strcmp(rd_note_fields[i].key, key) != 0)
			continue;
		p = (char *)&rd->note + rd_note_fields[i].off;
		switch (rd_note_fields[i].kind) {
		case RD_N_STR:
			free(*(char **)(void *)p);
			*(char **)(void *)p = xstrdup(val);
			break;
		case RD_N_ULONG:
			*(unsigned long *)(void *)p = rd_ulong(val);
			break;
		case RD_N_INT:
			*(int *)(void *)p = rd_int(val);
			break;
		case RD_N_BOOL:
			*(int *)(void *)p = rd_int(val) > 0;
			break;
		case RD_N_TIME:
			*(time_t *)(void *)p = rd_time(val);
			break;
		}
		return;
	}
	rd_skip(rd, "an unknown key");
}

/* the run-time state of a comment's or downtime's object, NULL when gone */
static const struct state_common *
rd_note_object(struct rd *rd, int is_svc, const struct rd_note *n)
{
	const struct obj_host *h;
	const struct obj_service *sv;

	if (!is_svc) {
		h = objects_find_host(rd->s->objs, n->host);
		return h != NULL ? &rd->s->hosts[h->id].c : NULL;
	}
	sv = objects_find_service(rd->s->objs, n->host, n->svc);
	return sv != NULL ? &rd->s->svcs[sv->id].c : NULL;
}

static void
rd_comment_end(struct rd *rd)
{
	struct rd_note *n = &rd->note;
	struct retention_report *rep = rd->rep;
	const struct state_common *c;
	int is_svc = rd->sect == RD_SCOMMENT, keep;

	if (n->host == NULL || (is_svc && n->svc == NULL) || n->author == NULL || n->text == NULL ||
	    n->comment_id == 0) {
		rd_problem(rd, "line %lu: an incomplete comment", rd->sect_line);
		rep->comments_dropped++;
		return;
	}
	/* a downtime's comment goes too: the downtime makes a new one */
	if ((c = rd_note_object(rd, is_svc, n)) == NULL)
		keep = 0;
	else if (n->entry_type == COMMENT_ACKNOWLEDGEMENT)
		keep = n->persistent || c->problem_has_been_acknowledged;
	else
		keep = n->persistent;
	if (!keep) {
		rep->comments_dropped++;
		return;
	}
	if (comments_add(rd->s->comments, n->comment_id, &rd->s->prog->next_comment_id,
		n->entry_type, n->host, is_svc ? n->svc : NULL, n->entry_time, n->author, n->text,
		n->persistent, n->source, n->expires, n->expire_time) == NULL) {
		rd_problem(rd, "line %lu: comment id %lu is taken", rd->sect_line, n->comment_id);
		rep->comments_dropped++;
		return;
	}
	rep->comments++;
}

/* a downtime section ends: checked now, added at the end (see rd_downtimes) */
static void
rd_downtime_end(struct rd *rd)
{
	struct rd_note *n = &rd->note;
	int is_svc = rd->sect == RD_SDOWNTIME;

	if (n->host == NULL || (is_svc && n->svc == NULL) || n->id == 0) {
		rd_problem(rd, "line %lu: an incomplete downtime", rd->sect_line);
		rd->rep->downtimes_dropped++;
		return;
	}
	if (!is_svc) {
		free(n->svc);
		n->svc = NULL;
	}
	if (rd->ndts == rd->capdts) {
		rd->capdts = rd->capdts ? 2 * rd->capdts : 16;
		rd->dts = xreallocarray(rd->dts, rd->capdts, sizeof(*rd->dts));
	}
	rd->dts[rd->ndts++] = *n; /* the strings move */
	memset(n, 0, sizeof(*n));
}

static int
rd_downtime_add(struct rd *rd, struct rd_note *n)
{
	struct downtime d;

	memset(&d, 0, sizeof(d));
	d.id = n->id;
	d.comment_id = n->comment_id;
	d.triggered_by = n->triggered_by;
	d.host = n->host;
	d.svc = n->svc;
	d.author = n->author != NULL ? n->author : "";
	d.comment = n->text != NULL ? n->text : "";
	d.entry_time = n->entry_time;
	d.start_time = n->start;
	d.flex_downtime_start = n->flex;
	d.end_time = n->end;
	d.duration = n->duration;
	d.fixed = n->fixed;
	d.is_in_effect = n->in_effect;
	d.start_notification_sent = n->notif_sent;
	return downtimes_add_retained(rd->s->downtimes, &d, rd->s->now);
}

/*
 * Add the downtimes read, once every comment is in (the store replaces a
 * downtime's comment): a triggered one after its trigger, whatever the
 * file's order, so passes go on while one adds something.
 */
static unsigned long
rd_dt_trigger(void *arg, size_t i)
{
	return ((struct rd *)arg)->dts[i].triggered_by;
}

static void
rd_dt_add(void *arg, size_t i)
{
	struct rd *rd = arg;
	struct rd_note *n = &rd->dts[i];

	if (n->host == NULL)
		return;
	if (rd_note_object(rd, n->svc != NULL, n) == NULL) {
		rd->rep->downtimes_dropped++;
	} else if (rd_downtime_add(rd, n) == -1) {
		rd_problem(rd, "downtime %lu of '%s' was refused", n->id, n->host);
		rd->rep->downtimes_dropped++;
	} else {
		rd->rep->downtimes++;
	}
	rd_note_reset(n);
}

static void
rd_downtimes(struct rd *rd)
{
	/* then the order Nagios's reader leaves: downtimes starting together turn round */
	downtimes_add_in_order(rd->s->downtimes, rd->ndts, rd_dt_trigger, rd_dt_add, rd);
}

/*
 * The flapping edges the objects' sections found, in their order, told
 * once the file's comments are in and before the downtimes are: Nagios
 * adds each flapping comment while it reads the object, with the file's
 * next_comment_id, which is above every comment id the file holds; told
 * here, the comment gets that same id, and never one a comment of the
 * file still has to take (without use_retained_program_state the counter
 * has not been raised yet while the objects are read).
 */
static void
rd_flaps(struct rd *rd)
{
	struct flap_outcome fo;
	size_t i;

	for (i = 0; i < rd->nflaps; i++) {
		memset(&fo, 0, sizeof(fo));
		fo.edge = (enum flap_edge)rd->flaps[i].edge;
		fo.quiet = rd->flaps[i].quiet;
		fo.percent = rd->flaps[i].percent;
		fo.low = rd->flaps[i].low;
		fo.high = rd->flaps[i].high;
		rd->hooks->flapping(rd->hooks->arg, rd->s->now, rd->flaps[i].h, rd->flaps[i].s, &fo);
	}
}

/* ---- sections ---- */

static const char *
rd_sect_name(enum rd_sect sect)
{
	size_t i;

	for (i = 0; i < sizeof(rd_headers) / sizeof(rd_headers[0]); i++)
		if (rd_headers[i].sect == sect)
			return rd_headers[i].line;
	return "?";
}

/* drop an open section (no "}" before the next header or the end) */
static void
rd_abandon(struct rd *rd)
{
	rd_problem(rd, "line %lu: the section '%s' has no '}': dropped", rd->sect_line,
	    rd_sect_name(rd->sect));
	rd->rep->lines_skipped++;
	rd_obj_reset(rd);
	rd_prog_reset(rd);
	rd_note_reset(&rd->note);
	rd->sect = RD_NONE;
}

static void
rd_end(struct rd *rd)
{
	switch (rd->sect) {
	case RD_PROGRAM:
		rd_prog_end(rd);
		rd_prog_reset(rd);
		break;
	case RD_HOST:
	case RD_SERVICE:
	case RD_CONTACT:
		rd_obj_end(rd);
		rd_obj_reset(rd);
		break;
	case RD_HCOMMENT:
	case RD_SCOMMENT:
		if (rd->s->comments != NULL)
			rd_comment_end(rd);
		rd_note_reset(&rd->note);
		break;
	case RD_HDOWNTIME:
	case RD_SDOWNTIME:
		if (rd->s->downtimes != NULL)
			rd_downtime_end(rd);
		rd_note_reset(&rd->note);
		break;
	default:
		break;
	}
	rd->sect = RD_NONE;
}

static void
rd_line(struct rd *rd, char *line)
{
	char *p = line, *eq;
	size_t i;

	if (*p == '\t')
		p++;
	p = rd_strip(p);
	for (i = 0; i < sizeof(rd_headers) / sizeof(rd_headers[0]); i++) {
		if (strcmp(p, rd_headers[i].line) == 0) {
			if (rd->sect != RD_NONE)
				rd_abandon(rd);
			rd->sect = rd_headers[i].sect;
			rd->sect_line = rd->in.lineno;
			rd->hint = 0;
			return;
		}
	}
	if (strcmp(p, "}") == 0) {
		if (rd->sect == RD_NONE)
			rd_skip(rd, "a '}' outside any section");
		else
			rd_end(rd);
		return;
	}
	if (*p == '\0' || (rd->sect == RD_NONE && *p == '#'))
		return;
	if (rd->sect == RD_NONE) {
		rd_skip(rd, "a line outside any section");
		return;
	}
	if ((eq = strchr(p, '=')) == NULL) {
		rd_skip(rd, "a line without '='");
		return;
	}
	*eq = '\0';
	switch (rd->sect) {
	case RD_INFO:
		rd_info_line(rd, p, eq + 1);
		break;
	case RD_PROGRAM:
		rd_prog_line(rd, p, eq + 1);
		break;
	case RD_HOST:
	case RD_SERVICE:
	case RD_CONTACT:
		rd_obj_line(rd, p, eq + 1);
		break;
	default:
		rd_note_line(rd, p, eq + 1);
		break;
	}
}

int
retention_read(const char *path, struct snapshot *s, const struct retention_hooks *hooks,
    struct retention_report *rep)
{
	struct rd rd;
	int cut, saved, rc = 0;

	memset(rep, 0, sizeof(*rep));
	memset(&rd, 0, sizeof(rd));
	rd.s = s;
	rd.hooks = hooks;
	rd.rep = rep;
	rd_note_reset(&rd.note);
	if ((rd.in.fp = fopen(path, "r")) == NULL) {
		saved = errno;
		if (saved == ENOENT) {
			rep->missing = 1;
			return 0;
		}
		rd_problem(&rd, "cannot open '%s': %s", path, strerror(saved));
		errno = saved;
		return -1;
	}
	rd.in.chunk = xmalloc(RD_CHUNK);
	rd.in.line = xmalloc(RD_LINE_MAX + 1);
	while (rd_getline(&rd.in, &cut)) {
		if (cut)
			rd_skip(&rd, "a line too long");
		else
			rd_line(&rd, rd.in.line);
	}
	if (rd.sect != RD_NONE)
		rd_abandon(&rd);
	if (rd.in.error != 0) {
		rd_problem(&rd, "cannot read '%s': %s", path, strerror(rd.in.error));
		rc = -1;
	}
	rd_flaps(&rd);
	if (s->downtimes != NULL)
		rd_downtimes(&rd);
	fclose(rd.in.fp);
	free(rd.in.chunk);
	free(rd.in.line);
	free(rd.dts);
	free(rd.flaps);
	rd_esc_free(rd.esc);
	rd_note_reset(&rd.note);
	if (rc == -1)
		errno = rd.in.error;
	return rc;
}

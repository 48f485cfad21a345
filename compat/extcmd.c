/*
 * extcmd: one external command line, read as Nagios 4.4.6 reads it
 * (process_external_command1 in base/commands.c), checked and applied.
 *
 * The line: trailing blanks are dropped; text before the first '[' is
 * skipped; what lies between '[' and ']' is the entry time, read as
 * strtoul reads it (garbage gives 0); the name starts one character after
 * the ']' (Nagios skips the blank there, whatever it is) and runs to the
 * first ';'; the rest are the arguments.  A line with control bytes is
 * refused whole.  The name is looked up without regard to case; names
 * beginning with '_' are custom commands, accepted for event broker
 * modules and otherwise ignored, as Nagios does.
 *
 * Logging follows Nagios: "EXTERNAL COMMAND: NAME;args" before the
 * command runs (passive results under log_passive_checks instead of
 * log_external_commands), "Warning: Unrecognized external command -> ..."
 * for an unknown name, "Error: External command failed -> ..." when the
 * command fails, and for a line from the caller that did not succeed,
 * "External command <line> returned error <why>" (what Nagios's command
 * file reader adds).  Lines read by PROCESS_FILE get the first three only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd_int.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/notify/comment.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/util/checkstats.h"
#include "engine/util/xalloc.h"

const char *
extcmd_status_str(enum extcmd_status st)
{
	/* Nagios's cmd_error_strerror wording where it has one */
	switch (st) {
	case EXTCMD_OK:
		return "No error";
	case EXTCMD_MALFORMED:
		return "Malformed command";
	case EXTCMD_UNKNOWN:
		return "Unknown or unsupported command";
	case EXTCMD_FAILED:
		return "Command failed";
	case EXTCMD_DISABLED:
		return "External commands are disabled";
	}
	return "Unknown error";
}

char *
xc_field(char **cur)
{
	char *s = *cur, *e;

	if (*s == '\0')
		return NULL;
	e = strchr(s, ';');
	if (e != NULL) {
		*e = '\0';
		*cur = e + 1;
	} else {
		*cur = s + strlen(s);
	}
	return s;
}

char *
xc_rest(char **cur)
{
	char *s = *cur;

	if (*s == '\0')
		return NULL;
	*cur = s + strlen(s);
	return s;
}

struct state_common *
xc_host_state(struct extcmd_ctx *x, const struct obj_host *h)
{
	return &checker_host_states(x->chk)[h->id].c;
}

struct state_common *
xc_svc_state(struct extcmd_ctx *x, const struct obj_service *s)
{
	return &checker_svc_states(x->chk)[s->id].c;
}

void
xc_user_comment(struct xc_req *r, const char *host, const char *svc)
{
	if (r->author == NULL || r->x->comments == NULL)
		return;
	comments_add(r->x->comments, 0, &r->x->prog->next_comment_id, COMMENT_USER, host, svc,
	    r->now, r->author, r->comment, 0, COMMENT_SOURCE_EXTERNAL, 0, 0);
	r->commented = 1;
}

/*
 * The number readers.  Each is the C library call Nagios 4.4.6 makes for
 * that argument, so garbage reads as it does there: atoi for flags and
 * return codes, strtoul for times and ids, strtol with base 0 (and strtod
 * for intervals) for the CHANGE_* values.
 */
static long
xc_atoi(const char *s)
{
	/* glibc's atoi is (int)strtol(s, NULL, 10) */
	return (int)strtol(s, NULL, 10);
}

static long
xc_strtoul(const char *s)
{
	/* a wrapped "-1" stays all ones when the handler casts it back */
	return (long)strtoul(s, NULL, 10);
}

/* (int)strtol(s, NULL, 0), or -1 when negative (the command then fails) */
static int
xc_strtol_c(const char *s, long *out)
{
	int v = (int)strtol(s, NULL, 0);

	if (v < 0)
		return -1;
	*out = v;
	return 0;
}

/* (int)strtod(s, NULL) as x86 converts it: out of range (or NaN) is INT_MIN */
static long
xc_strtod_int(const char *s)
{
	double d = strtod(s, NULL);

	if (!(d > (double)INT_MIN - 1.0 && d < (double)INT_MAX + 1.0))
		return INT_MIN;
	return (int)d;
}

static int
xc_object(struct xc_req *r, char kind, char *f)
{
	const struct objects *o = r->x->objs;
	char *desc;

	switch (kind) {
	case 'h':
		r->h = objects_find_host(o, f);
		return r->h != NULL ? 0 : -1;
	case 's':
		if ((desc = xc_field(&r->rest)) == NULL)
			return -1;
		r->s = objects_find_service(o, f, desc);
		if (r->s == NULL)
			return -1;
		r->h = r->s->host;
		return 0;
	case 'g':
		r->hg = objects_find_hostgroup(o, f);
		return r->hg != NULL ? 0 : -1;
	case 'G':
		r->sg = objects_find_servicegroup(o, f);
		return r->sg != NULL ? 0 : -1;
	case 'c':
		r->ct = objects_find_contact(o, f);
		return r->ct != NULL && r->x->contacts != NULL ? 0 : -1;
	case 'C':
		r->cg = objects_find_contactgroup(o, f);
		return r->cg != NULL && r->x->contacts != NULL ? 0 : -1;
	}
	return -1;
}

static int
xc_value(struct xc_req *r, char kind, char *f)
{
	struct xc_val *v;

	if (r->nv >= XC_MAXV)
		return -1;
	v = &r->v[r->nv++];
	v->given = f != NULL;
	v->s = f != NULL ? f : "";
	if (f == NULL)
		return 0;
	switch (kind) {
	case 'a':
	case 'r':
		v->n = xc_atoi(f);
		return 0;
	case 'u':
	case 'R':
		v->n = xc_strtoul(f);
		return 0;
	case 'i':
		return xc_strtol_c(f, &v->n);
	case 'd':
		if (xc_strtol_c(f, &v->n) < 0)
			return -1;
		v->n = xc_strtod_int(f);
		return 0;
	case 'w':
	case 'T':
	case 'O':
		return 0;
	}
	return -1;
}

/* the kinds that take the rest of the line rather than one field */
static int
xc_takes_rest(char kind)
{
	return kind == 'T' || kind == 'O' || kind == 'R' || kind == 'r';
}

/*
 * Read the arguments r->def->spec asks for; 0, or -1 (missing, malformed,
 * unknown object).  What follows them is ignored, but for the author and
 * comment of a row with XF_CMT.
 */
static int
xc_parse(struct xc_req *r)
{
	const char *sp = r->def->spec;
	int optional = 0;
	char *f;

	if (strcmp(sp, "*") == 0)
		return 0;
	for (; *sp != '\0'; sp++) {
		if (*sp == '?') {
			optional = 1;
			continue;
		}
		f = xc_takes_rest(*sp) ? xc_rest(&r->rest) : xc_field(&r->rest);
		if (f == NULL && !optional && *sp != 'O')
			return -1;
		if (strchr("hsgGcC", *sp) != NULL) {
			if (f == NULL || xc_object(r, *sp, f) < 0)
				return -1;
		} else if (xc_value(r, *sp, f) < 0) {
			return -1;
		}
	}
	if (r->def->flags & XF_CMT) {
		char *author = xc_field(&r->rest), *comment;

		if (author != NULL && (comment = xc_field(&r->rest)) != NULL) {
			r->author = author;
			r->comment = comment;
		}
	}
	return 0;
}

static int
xc_apply(struct xc_req *r)
{
	int rc;

	if (r->def->fn == NULL)
		return xc_toggle(r);
	rc = r->def->fn(r);
	if (rc != XC_FAIL && r->author != NULL && r->h != NULL)
		xc_user_comment(r, r->h->name, r->s != NULL ? r->s->description : NULL);
	return rc;
}

/* what Nagios's strip() removes from the ends of a line */
static int
xc_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* control bytes (NUL included) make a line unreadable; tabs are text */
static int
xc_binary(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return 1;
	}
	return 0;
}

/* the line as it may go into nagios.log: control bytes shown as '?' */
static char *
xc_printable(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		p[i] = (c < 0x20 && c != '\t') || c == 0x7f ? '?' : (char)c;
	}
	p[len] = '\0';
	return p;
}

/* run a known command (def) or a custom one (def NULL) */
static enum extcmd_status
xc_run(struct extcmd_ctx *x, const struct xc_def *def, const char *name, const char *args,
    time_t entry_time, time_t now, int depth, int *journal)
{
	struct xc_req r;
	int logging = x->log != NULL && !x->replaying, on, rc;
	char *work;

	if (!x->replaying)
		checkstats_add(&x->prog->stats, CHECKSTATS_EXTERNAL_COMMAND, now);
	on = def != NULL && (def->flags & XF_PASSIVE) ? x->cfg->log_passive_checks
	                                              : x->cfg->log_external_commands;
	if (logging && on)
		nlog_printf(x->log, now, "EXTERNAL COMMAND: %s;%s", name, args);
	if (def == NULL)
		return EXTCMD_OK;
	memset(&r, 0, sizeof(r));
	r.x = x;
	r.def = def;
	r.entry_time = entry_time;
	r.now = now;
	r.depth = depth;
	r.logging = logging;
	work = xstrdup(args);
	r.rest = work;
	rc = xc_parse(&r) == 0 ? xc_apply(&r) : XC_FAIL;
	free(work);
	if (rc == XC_FAIL) {
		if (logging)
			nlog_printf(x->log, now, "Error: External command failed -> %s;%s", name,
			    args);
		return EXTCMD_FAILED;
	}
	*journal = (rc == XC_CHANGED && (def->flags & XF_JOURNAL)) || r.commented;
	return EXTCMD_OK;
}

/* a line's parts: its time, name and arguments, cut in buf (heap) */
struct xc_parts {
	char *buf;
	const char *name;
	const char *args;
	time_t entry_time;
};

/* the length of line without the blanks Nagios's strip() takes off its end */
static size_t
xc_trim(const char *line, size_t len)
{
	while (len > 0 && xc_blank(line[len - 1]))
		len--;
	return len;
}

/* cut n bytes of line into p: 0, or -1 (nothing held) when the line is malformed */
static int
xc_cut(const char *line, size_t n, struct xc_parts *p)
{
	char *lb, *rb, *semi;

	p->buf = NULL;
	p->args = "";
	if (xc_binary(line, n))
		return -1;
	p->buf = xstrndup(line, n);
	if ((lb = strchr(p->buf, '[')) == NULL || (rb = strchr(lb + 1, ']')) == NULL)
		goto bad;
	*rb = '\0';
	p->entry_time = (time_t)strtoul(lb + 1, NULL, 10);
	/* Nagios takes the name from one character after the ']' */
	if (rb[1] == '\0' || rb[1] == ';')
		goto bad;
	p->name = rb + 2;
	if ((semi = strchr(rb + 1, ';')) != NULL) {
		*semi = '\0';
		p->args = semi + 1;
	}
	if (*p->name != '\0')
		return 0;
bad:
	free(p->buf);
	p->buf = NULL;
	return -1;
}

/* a name that runs: one in the table, or a custom command ('_' first) */
static int
xc_runs(const struct xc_def *def, const char *name)
{
	return def != NULL || name[0] == '_';
}

enum extcmd_status
xc_line(struct extcmd_ctx *x, const char *line, size_t len, time_t now, int *journal, int depth)
{
	enum extcmd_status st = EXTCMD_MALFORMED;
	const struct xc_def *def;
	struct xc_parts p;
	size_t n = xc_trim(line, len);

	*journal = 0;
	if (xc_cut(line, n, &p) == 0) {
		def = xc_lookup(p.name);
		if (xc_runs(def, p.name)) {
			st = xc_run(x, def, p.name, p.args, p.entry_time, now, depth, journal);
		} else {
			if (x->log != NULL && !x->replaying)
				nlog_warning(x->log, now, "Unrecognized external command -> %s;%s",
				    p.name, p.args);
			st = EXTCMD_UNKNOWN;
		}
		free(p.buf);
	}
	if (st != EXTCMD_OK && depth == 0 && x->log != NULL && !x->replaying) {
		size_t k = 0;
		char *pr;

		/* the line as Nagios's strip() leaves it: blanks gone at both ends */
		while (k < n && xc_blank(line[k]))
			k++;
		pr = xc_printable(line + k, n - k);

		nlog_printf(x->log, now, "External command %s returned error %s", pr,
		    extcmd_status_str(st));
		free(pr);
	}
	return st;
}

int
extcmd_is_known(const char *line, size_t len)
{
	struct xc_parts p;
	int known;

	if (xc_cut(line, xc_trim(line, len), &p) < 0)
		return 0;
	known = xc_runs(xc_lookup(p.name), p.name);
	free(p.buf);
	return known;
}

enum extcmd_status
extcmd_process(struct extcmd_ctx *x, const char *line, size_t len, time_t now, int *journal)
{
	int j;

	if (journal == NULL)
		journal = &j;
	*journal = 0;
	if (!x->replaying && !x->cfg->check_external_commands)
		return EXTCMD_DISABLED;
	return xc_line(x, line, len, now, journal, 0);
}

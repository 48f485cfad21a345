/*
 * extcmd_dt: scheduling and deleting downtime by command, the
 * program-wide commands that call the daemon (shutdown, restart, state
 * save and read) and PROCESS_FILE.
 *
 * Downtime follows Nagios 4.4.6's cmd_schedule_downtime: a flexible
 * downtime needs a duration; a fixed one lasts from start to end whatever
 * duration says.  The forms for several objects schedule one downtime per
 * object (a host's services, a group's hosts or services, a host and the
 * hosts below it, these triggered by the first host's downtime when
 * asked).  The downtime store refuses what Nagios refuses (an end not
 * after the start or in the past); the command still succeeds, as in
 * Nagios, whose cmd_schedule_downtime ignores what schedule_downtime says.
 *
 * PROCESS_FILE reads a regular file's lines as commands, up to the size
 * the file had when opened, with lines capped at XC_FILE_LINE bytes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/maincfg.h"
#include "compat/extcmd_int.h"
#include "compat/nagioslog.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/util/xalloc.h"

#define XC_FILE_LINE (64u * 1024u) /* the caller's cap on a pipe line */
#define XC_FILE_DEPTH 4            /* PROCESS_FILE naming a file naming a file... */

struct xc_dt {
	time_t start, end;
	int fixed;
	unsigned long triggered_by;
	unsigned long duration;
	const char *author, *comment;
	int tries, done;
};

static int
xc_dt_one(struct xc_req *r, struct xc_dt *d, const char *host, const char *svc,
    unsigned long triggered_by, unsigned long *id)
{
	const char *err = NULL;

	d->tries++;
	if (downtimes_schedule(r->x->downtimes, host, svc, r->entry_time, d->author, d->comment,
	    d->start, d->end, d->fixed, triggered_by, d->duration, r->now, id, &err) < 0)
		return -1;
	d->done++;
	return 0;
}

/* the hosts below h, each after its own children (Nagios's order); each once */
static void
xc_dt_below(struct xc_req *r, struct xc_dt *d, const struct obj_host *h,
    unsigned long triggered_by, unsigned char *seen)
{
	unsigned i;

	for (i = 0; i < h->nchildren; i++) {
		const struct obj_host *c = h->children[i];

		if (seen[c->id])
			continue;
		seen[c->id] = 1;
		xc_dt_below(r, d, c, triggered_by, seen);
		xc_dt_one(r, d, c->name, NULL, triggered_by, NULL);
	}
}

/*
 * The host, then the hosts below it whatever became of the host's own
 * downtime (Nagios's cmd_schedule_downtime goes on regardless): untriggered
 * for the plain form, so a trigger only the host's downtime names does not
 * stop theirs; for the triggered form, by the id the host's downtime got or
 * used up (0 when its times were refused, and then theirs are too).
 */
static int
xc_dt_propagate(struct xc_req *r, struct xc_dt *d, int triggered)
{
	unsigned long id = 0;
	unsigned char *seen;

	xc_dt_one(r, d, r->h->name, NULL, d->triggered_by, &id);
	seen = xcalloc(r->x->objs->nhosts + 1, 1);
	seen[r->h->id] = 1;
	xc_dt_below(r, d, r->h, triggered ? id : 0, seen);
	free(seen);
	return d->done > 0 ? XC_CHANGED : XC_SAME;
}

static void
xc_dt_host_services(struct xc_req *r, struct xc_dt *d, const struct obj_host *h)
{
	unsigned i;

	for (i = 0; i < h->nservices; i++)
		xc_dt_one(r, d, h->name, h->services[i]->description, d->triggered_by, NULL);
}

int
xh_downtime(struct xc_req *r)
{
	struct xc_dt d;
	const struct obj_host *last = NULL;
	unsigned i;

	if (r->x->downtimes == NULL)
		return XC_FAIL;
	memset(&d, 0, sizeof(d));
	d.start = (time_t)r->v[0].n;
	d.end = (time_t)r->v[1].n;
	d.triggered_by = (unsigned long)r->v[3].n;
	d.duration = (unsigned long)r->v[4].n;
	d.author = r->v[5].s;
	d.comment = r->v[6].s;
	/* a flexible downtime (fixed 0 or below) needs a duration; a fixed one's is its span */
	if (r->v[2].n == 0 && d.duration == 0)
		return XC_FAIL;
	if (r->v[2].n > 0) {
		d.fixed = 1;
		d.duration = d.end > d.start ? (unsigned long)(d.end - d.start) : 0;
	}
	switch (r->def->value) {
	case XD_HOST:
		xc_dt_one(r, &d, r->h->name, NULL, d.triggered_by, NULL);
		break;
	case XD_SVC:
		xc_dt_one(r, &d, r->h->name, r->s->description, d.triggered_by, NULL);
		break;
	case XD_HOST_SVCS:
		xc_dt_host_services(r, &d, r->h);
		break;
	case XD_HG_HOSTS:
		for (i = 0; i < r->hg->nmembers; i++)
			xc_dt_one(r, &d, r->hg->members[i]->name, NULL, d.triggered_by, NULL);
		break;
	case XD_HG_SVCS:
		for (i = 0; i < r->hg->nmembers; i++)
			xc_dt_host_services(r, &d, r->hg->members[i]);
		break;
	case XD_SG_HOSTS:
		for (i = 0; i < r->sg->nmembers; i++) {
			const struct obj_host *h = r->sg->members[i]->host;

			/* as Nagios: a host met again right after itself is skipped */
			if (h == last)
				continue;
			last = h;
			xc_dt_one(r, &d, h->name, NULL, d.triggered_by, NULL);
		}
		break;
	case XD_SG_SVCS:
		for (i = 0; i < r->sg->nmembers; i++)
			xc_dt_one(r, &d, r->sg->members[i]->host->name,
			    r->sg->members[i]->description, d.triggered_by, NULL);
		break;
	case XD_PROPAGATE:
	case XD_PROPAGATE_TRIGGERED:
		return xc_dt_propagate(r, &d, r->def->value == XD_PROPAGATE_TRIGGERED);
	default:
		return XC_FAIL;
	}
	/* downtime the store refused is dropped without a word, as Nagios drops it */
	return d.done > 0 ? XC_CHANGED : XC_SAME;
}

int
xh_del_downtime(struct xc_req *r)
{
	const struct downtime *d;
	unsigned long id = (unsigned long)r->v[0].n;

	if (r->x->downtimes == NULL)
		return XC_FAIL;
	/* DEL_HOST_DOWNTIME deletes host downtime only, DEL_SVC_DOWNTIME service downtime */
	d = downtimes_find(r->x->downtimes, id);
	if (d == NULL || (d->svc != NULL) != (r->def->value == XV_SVC))
		return XC_SAME;
	downtimes_delete(r->x->downtimes, id, r->now);
	return XC_CHANGED;
}

/* a start time filter as Nagios reads it (strtoul: garbage is 0, any start) */
static time_t
xc_filter_time(const char *f)
{
	return f != NULL ? (time_t)strtoul(f, NULL, 10) : 0;
}

/*
 * The filter fields after a host (or a group): [svc[;start[;comment]]],
 * each a field of its own (a ';' ends the comment), an empty one no filter.
 * Returns 1 when the service field was there (Nagios's hostgroup form then
 * reads the same three fields a second time).
 */
static int
xc_dt_filters(struct xc_req *r, const char **svc, time_t *start, const char **comment)
{
	char *f = xc_field(&r->rest);

	if (f == NULL)
		return 0;
	if (*f != '\0')
		*svc = f;
	if ((f = xc_field(&r->rest)) != NULL) {
		*start = xc_filter_time(f);
		if ((f = xc_field(&r->rest)) != NULL && *f != '\0')
			*comment = f;
	}
	return 1;
}

/* DEL_DOWNTIME_BY_HOST_NAME;host[;svc[;start[;comment]]] (the host is not looked up) */
int
xh_del_downtime_by_host(struct xc_req *r)
{
	const char *host, *svc = NULL, *comment = NULL;
	time_t t = 0;

	if (r->x->downtimes == NULL || (host = xc_field(&r->rest)) == NULL)
		return XC_FAIL;
	xc_dt_filters(r, &svc, &t, &comment);
	return downtimes_delete_matching(r->x->downtimes, host, svc, t, comment, r->now) > 0
	    ? XC_CHANGED : XC_FAIL;
}

/*
 * DEL_DOWNTIME_BY_HOSTGROUP_NAME;hostgroup[;host[;svc[;start[;comment]]]].
 * Nagios 4.4.6 reads svc;start;comment twice after a host field, so a
 * sixth to eighth field replaces the third to fifth.  It succeeds when
 * any downtime was deleted (Nagios: only when the group's last host had
 * one; see docs/differences.md).
 */
int
xh_del_downtime_by_hostgroup(struct xc_req *r)
{
	const struct obj_hostgroup *g;
	const char *name, *host = NULL, *svc = NULL, *comment = NULL;
	char *f;
	time_t t = 0;
	size_t n = 0;
	unsigned i;

	if (r->x->downtimes == NULL || (name = xc_field(&r->rest)) == NULL)
		return XC_FAIL;
	if ((g = objects_find_hostgroup(r->x->objs, name)) == NULL)
		return XC_FAIL;
	if ((f = xc_field(&r->rest)) != NULL) {
		if (*f != '\0')
			host = f;
		xc_dt_filters(r, &svc, &t, &comment);
		xc_dt_filters(r, &svc, &t, &comment);
	}
	for (i = 0; i < g->nmembers; i++) {
		if (host != NULL && strcmp(g->members[i]->name, host) != 0)
			continue;
		n += downtimes_delete_matching(r->x->downtimes, g->members[i]->name, svc, t,
		    comment, r->now);
	}
	return n > 0 ? XC_CHANGED : XC_FAIL;
}

/* DEL_DOWNTIME_BY_START_TIME_COMMENT;start[;comment]: one of them at least; the
 * comment is the rest of the line */
int
xh_del_downtime_by_start(struct xc_req *r)
{
	const char *start, *comment = NULL;
	time_t t;

	if (r->x->downtimes == NULL)
		return XC_FAIL;
	start = xc_field(&r->rest);
	comment = xc_rest(&r->rest);
	t = xc_filter_time(start);
	if (comment != NULL && *comment == '\0')
		comment = NULL;
	if (t == 0 && comment == NULL)
		return XC_FAIL;
	return downtimes_delete_matching(r->x->downtimes, NULL, NULL, t, comment, r->now) > 0
	    ? XC_CHANGED : XC_FAIL;
}

/* SHUTDOWN_PROCESS and RESTART_PROCESS: the daemon does them (the time is not used) */
int
xh_signal(struct xc_req *r)
{
	struct extcmd_ctx *x = r->x;

	if (r->def->value & XV_RESTART) {
		if (x->restart != NULL)
			x->restart(x->arg);
	} else if (x->shutdown != NULL) {
		x->shutdown(x->arg);
	}
	return XC_SAME;
}

int
xh_save_state(struct xc_req *r)
{
	if (r->x->save_state != NULL && r->x->save_state(r->x->arg) < 0)
		return XC_FAIL;
	return XC_SAME;
}

int
xh_read_state(struct xc_req *r)
{
	if (r->x->read_state != NULL && r->x->read_state(r->x->arg) < 0)
		return XC_FAIL;
	return XC_SAME;
}

static void
xc_file_line(struct xc_req *r, const char *buf, size_t n, int over, unsigned long lineno,
    const char *path)
{
	int j;

	if (over) {
		if (r->logging)
			nlog_warning(r->x->log, r->now,
			    "Line %lu of '%s' is longer than %u bytes; skipped", lineno, path,
			    XC_FILE_LINE);
		return;
	}
	xc_line(r->x, buf, n, r->now, &j, r->depth + 1);
}

/* the lines of fp, at most limit bytes, each one a command */
static void
xc_file_lines(struct xc_req *r, FILE *fp, const char *path, off_t limit)
{
	char *buf = xmalloc(XC_FILE_LINE);
	unsigned long lineno = 0;
	off_t used = 0;
	size_t n = 0;
	int c, over = 0;

	while (used < limit && (c = fgetc(fp)) != EOF) {
		used++;
		if (c != '\n') {
			if (n < XC_FILE_LINE)
				buf[n++] = (char)c;
			else
				over = 1;
			continue;
		}
		xc_file_line(r, buf, n, over, ++lineno, path);
		n = 0;
		over = 0;
	}
	if (n > 0 || over)
		xc_file_line(r, buf, n, over, ++lineno, path);
	free(buf);
}

/* PROCESS_FILE;path;delete */
int
xh_process_file(struct xc_req *r)
{
	const char *path = r->v[0].s;
	struct stat st;
	FILE *fp = NULL;
	int fd;

	if (r->depth >= XC_FILE_DEPTH)
		return XC_FAIL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (fp = fdopen(fd, "r")) == NULL)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0) {
		/* Nagios says so and still calls the command a success */
		if (r->logging)
			nlog_printf(r->x->log, r->now,
			    "Error: Cannot open file '%s' to process external commands!", path);
		return XC_SAME;
	}
	xc_file_lines(r, fp, path, st.st_size);
	fclose(fp);
	if (r->v[1].n != 0)
		unlink(path);
	return XC_SAME;
}

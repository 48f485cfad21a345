/*
 * nagstats: nagiostats's figures from status.dat (see nagstats.h).
 *
 * The reader is a small state machine fed one fgets piece at a time; it
 * keeps only the totals and the values of the block being read, so
 * memory does not grow with the estate.  The arithmetic follows Nagios
 * 4.4.6's base/nagiostats.c step for step (running means, unsigned time
 * differences, int truncation) because the point is to print the same
 * digits; where Nagios's C leaves a result to the compiler (a double too
 * big for an int, a day count too big for one), we give what x86-64 gcc
 * gives, which is what Debian's nagios4stats prints.
 *
 * The MRTG variables are tables (name, where the value lives, how to
 * print it) read by one lookup; names it does not know go to the caller's
 * hook (jaquestats's own variables) before they print themselves.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/nagstats.h"
#include "engine/util/xalloc.h"

enum { NS_NONE, NS_INFO, NS_PROGRAM, NS_HOST, NS_SERVICE };

static const unsigned long nagstats_win_secs[NAGSTATS_NWIN] = { 60, 300, 900, 3600 };

/* what status.dat starts with before any "}" (nagiostats's initial values) */
static const struct nagstats_cur nagstats_first = { .checked = 1, .scheduled = 1 };

void
nagstats_init(struct nagstats *st, time_t now)
{
	memset(st, 0, sizeof(*st));
	st->now = now;
	st->block = NS_NONE;
	st->cur = nagstats_first;
}

void
nagstats_free(struct nagstats *st)
{
	if (st == NULL)
		return;
	free(st->version);
	st->version = NULL;
}

static int
nagstats_blank(char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* nagiostats's strip(): blanks off both ends, in place */
static void
nagstats_strip(char *s)
{
	size_t n = strlen(s), i = 0;

	while (n > 0 && nagstats_blank(s[n - 1]))
		s[--n] = '\0';
	while (i < n && nagstats_blank(s[i]))
		i++;
	if (i > 0)
		memmove(s, s + i, n - i + 1);
}

/*
 * The "var=val" split of strtok(line, "=") then strtok(NULL, "\n"):
 * leading '=' are skipped, var ends at the next '=', val is the rest and
 * must not be empty.  0 with both set, -1 when either is missing.
 */
static int
nagstats_split(char *line, char **var, char **val)
{
	char *eq;

	line += strspn(line, "=");
	if (*line == '\0')
		return -1;
	eq = strchr(line, '=');
	if (eq == NULL)
		return -1;
	*eq = '\0';
	*var = line;
	eq++;
	eq += strspn(eq, "\n");
	if (*eq == '\0')
		return -1;
	eq[strcspn(eq, "\n")] = '\0';
	*val = eq;
	return 0;
}

/* atoi as glibc has it */
static int
nagstats_atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

/* (int)d as x86-64 does it: out of range and NaN give INT_MIN */
static int
nagstats_int(double d)
{
	if (!(d > -2147483649.0 && d < 2147483648.0))
		return INT_MIN;
	return (int)d;
}

static void
nagstats_mm_add(struct nagstats_mm *m, double v, int n)
{
	m->avg = ((m->avg * ((double)n - 1.0)) + v) / (double)n;
	if (!m->have || m->min > v)
		m->min = v;
	if (!m->have || m->max < v)
		m->max = v;
	m->have = 1;
}

static void
nagstats_windows(int *last, time_t now, unsigned long last_check)
{
	unsigned long diff = (unsigned long)now - last_check;
	int w;

	for (w = 0; w < NAGSTATS_NWIN; w++)
		if (diff <= nagstats_win_secs[w])
			last[w]++;
}

/* a host or service block ended: add its values to the totals */
static void
nagstats_close_object(struct nagstats *st, struct nagstats_kind *k, int nstates)
{
	const struct nagstats_cur *c = &st->cur;

	nagstats_mm_add(&k->psc, c->psc, k->entries);
	if (c->check_type == 0) {
		k->active++;
		nagstats_mm_add(&k->act_lat, c->lat, k->active);
		nagstats_mm_add(&k->act_ext, c->exec, k->active);
		nagstats_mm_add(&k->act_psc, c->psc, k->active);
		nagstats_windows(k->active_last, st->now, c->last_check);
	} else {
		k->passive++;
		nagstats_mm_add(&k->psv_lat, c->lat, k->passive);
		nagstats_mm_add(&k->psv_psc, c->psc, k->passive);
		nagstats_windows(k->passive_last, st->now, c->last_check);
	}
	if (c->state >= 0 && c->state < nstates)
		k->state[c->state]++;
	if (c->flapping)
		k->flapping++;
	if (c->downtime > 0)
		k->downtime++;
	if (c->checked)
		k->checked++;
	if (c->scheduled)
		k->scheduled++;
}

static void
nagstats_close(struct nagstats *st)
{
	int w;

	switch (st->block) {
	case NS_PROGRAM:
		/* cached checks are on-demand ones that never ran: left out */
		for (w = 0; w < 3; w++) {
			st->triple[NAGSTATS_HST_ACTIVE][w] = st->triple[NAGSTATS_HST_SCHED][w] +
			    st->triple[NAGSTATS_HST_ONDEMAND][w];
			st->triple[NAGSTATS_SVC_ACTIVE][w] = st->triple[NAGSTATS_SVC_SCHED][w] +
			    st->triple[NAGSTATS_SVC_ONDEMAND][w];
		}
		break;
	case NS_HOST:
		nagstats_close_object(st, &st->hst, 3);
		break;
	case NS_SERVICE:
		nagstats_close_object(st, &st->svc, 4);
		break;
	default:
		break;
	}
	st->block = NS_NONE;
	memset(&st->cur, 0, sizeof(st->cur));
}

static const struct {
	const char *key;
	int idx;
} nagstats_triples[] = {
	{ "active_scheduled_host_check_stats", NAGSTATS_HST_SCHED },
	{ "active_ondemand_host_check_stats", NAGSTATS_HST_ONDEMAND },
	{ "cached_host_check_stats", NAGSTATS_HST_CACHED },
	{ "passive_host_check_stats", NAGSTATS_HST_PASSIVE },
	{ "active_scheduled_service_check_stats", NAGSTATS_SVC_SCHED },
	{ "active_ondemand_service_check_stats", NAGSTATS_SVC_ONDEMAND },
	{ "cached_service_check_stats", NAGSTATS_SVC_CACHED },
	{ "passive_service_check_stats", NAGSTATS_SVC_PASSIVE },
	{ "external_command_stats", NAGSTATS_EXTCMD },
	{ "parallel_host_check_stats", NAGSTATS_HST_PARALLEL },
	{ "serial_host_check_stats", NAGSTATS_HST_SERIAL },
};

/* "a,b,c": up to three numbers; empty fields are skipped, as strtok does */
static void
nagstats_triple(int *out, char *val)
{
	char *save = NULL, *tok;
	int i;

	tok = strtok_r(val, ",", &save);
	for (i = 0; i < 3 && tok != NULL; i++) {
		out[i] = nagstats_atoi(tok);
		tok = strtok_r(NULL, ",", &save);
	}
}

static void
nagstats_program_var(struct nagstats *st, const char *var, char *val)
{
	size_t i;

	if (strcmp(var, "program_start") == 0) {
		st->program_start = (time_t)strtoul(val, NULL, 10);
		return;
	}
	if (strcmp(var, "nagios_pid") == 0) {
		st->pid = (int)strtoul(val, NULL, 10);
		return;
	}
	for (i = 0; i < sizeof(nagstats_triples) / sizeof(nagstats_triples[0]); i++)
		if (strcmp(var, nagstats_triples[i].key) == 0) {
			nagstats_triple(st->triple[nagstats_triples[i].idx], val);
			return;
		}
}

static void
nagstats_object_var(struct nagstats_cur *c, const char *var, const char *val)
{
	if (strcmp(var, "check_execution_time") == 0)
		c->exec = strtod(val, NULL);
	else if (strcmp(var, "check_latency") == 0)
		c->lat = strtod(val, NULL);
	else if (strcmp(var, "percent_state_change") == 0)
		c->psc = strtod(val, NULL);
	else if (strcmp(var, "check_type") == 0)
		c->check_type = nagstats_atoi(val);
	else if (strcmp(var, "current_state") == 0)
		c->state = nagstats_atoi(val);
	else if (strcmp(var, "is_flapping") == 0)
		c->flapping = nagstats_atoi(val) > 0;
	else if (strcmp(var, "scheduled_downtime_depth") == 0)
		c->downtime = nagstats_atoi(val);
	else if (strcmp(var, "last_check") == 0)
		c->last_check = strtoul(val, NULL, 10);
	else if (strcmp(var, "has_been_checked") == 0)
		c->checked = nagstats_atoi(val) > 0;
	else if (strcmp(var, "should_be_scheduled") == 0)
		c->scheduled = nagstats_atoi(val) > 0;
}

void
nagstats_line(struct nagstats *st, char *line)
{
	char *var, *val;

	if (line[0] == '#' || line[0] == '\0')
		return;
	nagstats_strip(line);
	if (strcmp(line, "servicestatus {") == 0) {
		st->block = NS_SERVICE;
		st->svc.entries++;
	} else if (strcmp(line, "hoststatus {") == 0) {
		st->block = NS_HOST;
		st->hst.entries++;
	} else if (strcmp(line, "info {") == 0) {
		st->block = NS_INFO;
	} else if (strcmp(line, "programstatus {") == 0) {
		st->block = NS_PROGRAM;
	} else if (strcmp(line, "}") == 0) {
		nagstats_close(st);
	} else if (st->block != NS_NONE && nagstats_split(line, &var, &val) == 0) {
		switch (st->block) {
		case NS_INFO:
			if (strcmp(var, "created") == 0) {
				st->created = (time_t)strtoul(val, NULL, 10);
			} else if (strcmp(var, "version") == 0) {
				free(st->version);
				st->version = xstrdup(val);
			}
			break;
		case NS_PROGRAM:
			nagstats_program_var(st, var, val);
			break;
		default:
			nagstats_object_var(&st->cur, var, val);
			break;
		}
	}
}

int
nagstats_read_fp(struct nagstats *st, FILE *fp)
{
	char piece[NAGSTATS_PIECE + 1];

	while (fgets(piece, NAGSTATS_PIECE, fp) != NULL)
		nagstats_line(st, piece);
	return ferror(fp) ? -1 : 0;
}

int
nagstats_read(struct nagstats *st, const char *path)
{
	FILE *fp;

	if (path == NULL) {
		errno = EFAULT;
		return -1;
	}
	fp = fopen(path, "re");
	if (fp == NULL)
		return -1;
	/* a read error ends the file quietly, as in nagiostats (a directory
	 * opens and reads as empty) */
	(void)nagstats_read_fp(st, fp);
	fclose(fp);
	return 0;
}

/*
 * Nagios's nspath_normalize: "." and empty components go, ".." removes
 * the component before it (in an absolute path, or once something is
 * kept), a slash is kept after every component but the last.
 */
static char *
nagstats_normalize(const char *path)
{
	size_t n = strlen(path), ncomp = 1, i, k, len = 0;
	char *copy, *out, *p, *slash;
	char **comp;
	int *skip;
	int depth = 0, have_slash = 0;

	if (n == 0)
		return NULL;
	for (p = strchr(path, '/'); p != NULL; p = strchr(p + 1, '/'))
		ncomp++;
	copy = xstrdup(path);
	comp = xcalloc(ncomp, sizeof(*comp));
	skip = xcalloc(ncomp, sizeof(*skip));
	for (p = copy, i = 0; p != NULL; p = slash, i++) {
		slash = strchr(p, '/');
		if (slash != NULL) {
			have_slash = 1;
			*slash++ = '\0';
		}
		comp[i] = p;
		if (p[0] == '.' && p[1] == '\0') {
			skip[i] = 1;
			continue;
		}
		if (p[0] == '.' && p[1] == '.' && p[2] == '\0' && (path[0] == '/' || depth > 0)) {
			skip[i] = 1;
			for (k = i; depth > 0; k--) {
				if (!skip[k]) {
					skip[k] = 1;
					depth--;
					break;
				}
				if (k == 0)
					break;
			}
			continue;
		}
		if (i > 0 && p[0] == '\0') {
			skip[i] = 1;
			continue;
		}
		depth++;
	}
	if (have_slash && depth == 1) {
		skip[0] = 0;
		comp[0][0] = '\0';
	}
	for (i = 0; i < ncomp; i++)
		if (!skip[i])
			len += strlen(comp[i]) + 1;
	out = xmalloc(len + 2);
	for (i = 0, len = 0; i < ncomp; i++) {
		if (skip[i])
			continue;
		k = strlen(comp[i]);
		memcpy(out + len, comp[i], k);
		len += k;
		if (i < ncomp - 1)
			out[len++] = '/';
	}
	out[len] = '\0';
	free(skip);
	free(comp);
	free(copy);
	return out;
}

char *
nagstats_path_absolute(const char *path, const char *base)
{
	char cwd[4096], *joined, *norm;

	if (path[0] == '/')
		return nagstats_normalize(path);
	if (base == NULL) {
		if (getcwd(cwd, sizeof(cwd)) == NULL)
			return NULL;
		base = cwd;
	}
	joined = xasprintf("%s/%s", base, path);
	norm = nagstats_normalize(joined);
	free(joined);
	return norm;
}

int
nagstats_config(const char *cfgpath, char **status)
{
	char piece[NAGSTATS_PIECE + 1], *dir, *slash, *var, *val;
	FILE *fp;

	*status = NULL;
	dir = nagstats_path_absolute(cfgpath, NULL);
	if (dir != NULL && (slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	fp = fopen(cfgpath, "re");
	if (fp == NULL) {
		free(dir);
		return -1;
	}
	while (fgets(piece, NAGSTATS_PIECE, fp) != NULL) {
		nagstats_strip(piece);
		if (piece[0] == '#' || piece[0] == '\0')
			continue;
		if (nagstats_split(piece, &var, &val) < 0)
			continue;
		if (strcmp(var, "status_file") == 0 || strcmp(var, "status_log") == 0 ||
		    strcmp(var, "xsddefault_status_log") == 0) {
			free(*status);
			*status = nagstats_path_absolute(val, dir);
		}
	}
	fclose(fp);
	free(dir);
	return 0;
}

/* nagiostats's get_time_breakdown, wrap-arounds included */
static void
nagstats_breakdown(unsigned long t, int *d, int *h, int *m, int *s)
{
	*d = (int)(t / 86400);
	t -= (unsigned long)((long)*d * 86400);
	*h = (int)(t / 3600);
	t -= (unsigned long)((long)*h * 3600);
	*m = (int)(t / 60);
	t -= (unsigned long)((long)*m * 60);
	*s = (int)t;
}

void
nagstats_duration(char *out, size_t n, unsigned long secs)
{
	int d, h, m, s;

	nagstats_breakdown(secs, &d, &h, &m, &s);
	snprintf(out, n, "%dd %dh %dm %ds", d, h, m, s);
}

/* --- the MRTG variables */

#define NS_OFF(member) offsetof(struct nagstats, member)
#define NS_INT(st, off) (*(const int *)(const void *)((const char *)(st) + (off)))

/* plain counts */
static const struct {
	const char *name;
	size_t off;
} nagstats_counts[] = {
	{ "NUMSERVICES", NS_OFF(svc.entries) },
	{ "NUMHOSTS", NS_OFF(hst.entries) },
	{ "NUMSVCOK", NS_OFF(svc.state[0]) },
	{ "NUMSVCWARN", NS_OFF(svc.state[1]) },
	{ "NUMSVCUNKN", NS_OFF(svc.state[3]) },
	{ "NUMSVCCRIT", NS_OFF(svc.state[2]) },
	{ "NUMSVCCHECKED", NS_OFF(svc.checked) },
	{ "NUMSVCSCHEDULED", NS_OFF(svc.scheduled) },
	{ "NUMSVCFLAPPING", NS_OFF(svc.flapping) },
	{ "NUMSVCDOWNTIME", NS_OFF(svc.downtime) },
	{ "NUMHSTUP", NS_OFF(hst.state[0]) },
	{ "NUMHSTDOWN", NS_OFF(hst.state[1]) },
	{ "NUMHSTUNR", NS_OFF(hst.state[2]) },
	{ "NUMHSTCHECKED", NS_OFF(hst.checked) },
	{ "NUMHSTSCHEDULED", NS_OFF(hst.scheduled) },
	{ "NUMHSTFLAPPING", NS_OFF(hst.flapping) },
	{ "NUMHSTDOWNTIME", NS_OFF(hst.downtime) },
};

/* MIN/MAX/AVG + suffix: latencies and execution times in ms, PSC in % */
static const struct {
	const char *suffix;
	size_t off;
	int ms;
} nagstats_mms[] = {
	{ "ACTSVCLAT", NS_OFF(svc.act_lat), 1 },
	{ "ACTSVCEXT", NS_OFF(svc.act_ext), 1 },
	{ "ACTSVCPSC", NS_OFF(svc.act_psc), 0 },
	{ "PSVSVCLAT", NS_OFF(svc.psv_lat), 1 },
	{ "PSVSVCPSC", NS_OFF(svc.psv_psc), 0 },
	{ "SVCPSC", NS_OFF(svc.psc), 0 },
	{ "ACTHSTLAT", NS_OFF(hst.act_lat), 1 },
	{ "ACTHSTEXT", NS_OFF(hst.act_ext), 1 },
	{ "ACTHSTPSC", NS_OFF(hst.act_psc), 0 },
	{ "PSVHSTLAT", NS_OFF(hst.psv_lat), 1 },
	{ "PSVHSTPSC", NS_OFF(hst.psv_psc), 0 },
	{ "HSTPSC", NS_OFF(hst.psc), 0 },
};

/* prefix + 1/5/15/60 + "M": objects checked in the window */
static const struct {
	const char *prefix;
	size_t off;
} nagstats_lasts[] = {
	{ "NUMHSTACTCHK", NS_OFF(hst.active_last) },
	{ "NUMHSTPSVCHK", NS_OFF(hst.passive_last) },
	{ "NUMSVCACTCHK", NS_OFF(svc.active_last) },
	{ "NUMSVCPSVCHK", NS_OFF(svc.passive_last) },
};

/* prefix + 1/5/15 + "M": programstatus's triples */
static const struct {
	const char *prefix;
	int idx;
} nagstats_trip_vars[] = {
	{ "NUMACTHSTCHECKS", NAGSTATS_HST_ACTIVE },
	{ "NUMOACTHSTCHECKS", NAGSTATS_HST_ONDEMAND },
	{ "NUMSACTHSTCHECKS", NAGSTATS_HST_SCHED },
	{ "NUMPARHSTCHECKS", NAGSTATS_HST_PARALLEL },
	{ "NUMSERHSTCHECKS", NAGSTATS_HST_SERIAL },
	{ "NUMPSVHSTCHECKS", NAGSTATS_HST_PASSIVE },
	{ "NUMCACHEDHSTCHECKS", NAGSTATS_HST_CACHED },
	{ "NUMACTSVCCHECKS", NAGSTATS_SVC_ACTIVE },
	{ "NUMOACTSVCCHECKS", NAGSTATS_SVC_ONDEMAND },
	{ "NUMSACTSVCCHECKS", NAGSTATS_SVC_SCHED },
	{ "NUMPSVSVCCHECKS", NAGSTATS_SVC_PASSIVE },
	{ "NUMCACHEDSVCCHECKS", NAGSTATS_SVC_CACHED },
	{ "NUMEXTCMDS", NAGSTATS_EXTCMD },
};

static const int nagstats_win_min[NAGSTATS_NWIN] = { 1, 5, 15, 60 };

/* is name prefix + digits + "M" for window w? */
static int
nagstats_is_window(const char *name, const char *prefix, int w)
{
	char want[64];

	snprintf(want, sizeof(want), "%s%dM", prefix, nagstats_win_min[w]);
	return strcmp(name, want) == 0;
}

/* the variables that are not a field of a table; 0, or -1 for others */
static int
nagstats_special(const struct nagstats *st, const char *name, time_t now, char *buf, size_t n)
{
	const char *ver = st->version != NULL ? st->version : "(null)";
	unsigned long run = (unsigned long)now - (unsigned long)st->program_start;
	unsigned long age = (unsigned long)now - (unsigned long)st->created;

	if (strcmp(name, "PROGRUNTIME") == 0)
		nagstats_duration(buf, n, run);
	else if (strcmp(name, "PROGRUNTIMETT") == 0)
		snprintf(buf, n, "%lu", run);
	else if (strcmp(name, "STATUSFILEAGE") == 0)
		nagstats_duration(buf, n, age);
	else if (strcmp(name, "STATUSFILEAGETT") == 0)
		snprintf(buf, n, "%lu", age);
	else if (strcmp(name, "NAGIOSVERSION") == 0)
		snprintf(buf, n, "%s", ver);
	else if (strcmp(name, "NAGIOSPID") == 0)
		snprintf(buf, n, "%d", st->pid);
	else if (strcmp(name, "NAGIOSVERPID") == 0)
		snprintf(buf, n, "Nagios %s (pid=%d)", ver, st->pid);
	else if (strcmp(name, "NUMSVCPROB") == 0)
		snprintf(buf, n, "%d", st->svc.state[1] + st->svc.state[3] + st->svc.state[2]);
	else if (strcmp(name, "NUMHSTPROB") == 0)
		snprintf(buf, n, "%d", st->hst.state[1] + st->hst.state[2]);
	else
		return -1;
	return 0;
}

/* MIN/MAX/AVG + a measure's suffix; 0, or -1 for other names */
static int
nagstats_mm_value(const struct nagstats *st, const char *name, char *buf, size_t n)
{
	const struct nagstats_mm *m;
	double v;
	size_t i;

	if (strncmp(name, "MIN", 3) != 0 && strncmp(name, "MAX", 3) != 0 &&
	    strncmp(name, "AVG", 3) != 0)
		return -1;
	for (i = 0; i < sizeof(nagstats_mms) / sizeof(nagstats_mms[0]); i++) {
		if (strcmp(name + 3, nagstats_mms[i].suffix) != 0)
			continue;
		m = (const void *)((const char *)st + nagstats_mms[i].off);
		v = name[1] == 'I' ? m->min : name[1] == 'A' ? m->max : m->avg;
		snprintf(buf, n, "%d", nagstats_int(nagstats_mms[i].ms ? v * 1000 : v));
		return 0;
	}
	return -1;
}

/* a Nagios variable's value into buf; 0, or -1 when name is not one */
static int
nagstats_value(const struct nagstats *st, const char *name, time_t now, char *buf, size_t n)
{
	size_t i;
	int w;

	if (nagstats_special(st, name, now, buf, n) == 0)
		return 0;
	if (nagstats_mm_value(st, name, buf, n) == 0)
		return 0;
	for (i = 0; i < sizeof(nagstats_counts) / sizeof(nagstats_counts[0]); i++)
		if (strcmp(name, nagstats_counts[i].name) == 0) {
			snprintf(buf, n, "%d", NS_INT(st, nagstats_counts[i].off));
			return 0;
		}
	for (i = 0; i < sizeof(nagstats_lasts) / sizeof(nagstats_lasts[0]); i++)
		for (w = 0; w < NAGSTATS_NWIN; w++)
			if (nagstats_is_window(name, nagstats_lasts[i].prefix, w)) {
				const int *a = &NS_INT(st, nagstats_lasts[i].off);

				snprintf(buf, n, "%d", a[w]);
				return 0;
			}
	for (i = 0; i < sizeof(nagstats_trip_vars) / sizeof(nagstats_trip_vars[0]); i++)
		for (w = 0; w < 3; w++)
			if (nagstats_is_window(name, nagstats_trip_vars[i].prefix, w)) {
				snprintf(buf, n, "%d", st->triple[nagstats_trip_vars[i].idx][w]);
				return 0;
			}
	return -1;
}

void
nagstats_mrtg(FILE *out, const struct nagstats *st, const char *vars, const char *delim,
    time_t now, nagstats_more_fn more, void *arg)
{
	char *copy, *save = NULL, *name, val[NAGSTATS_PIECE + 64];

	if (vars == NULL)
		return;
	copy = xstrdup(vars);
	for (name = strtok_r(copy, ",", &save); name != NULL; name = strtok_r(NULL, ",", &save)) {
		if (nagstats_value(st, name, now, val, sizeof(val)) < 0 &&
		    (more == NULL || more(name, val, sizeof(val), arg) < 0))
			snprintf(val, sizeof(val), "%s", name);
		fprintf(out, "%s%s", val, delim);
	}
	free(copy);
	if (strcmp(delim, "\n") != 0)
		fputc('\n', out);
}

/* --- the human report */

static void
nagstats_mm_line(FILE *out, const char *label, const struct nagstats_mm *m, const char *unit)
{
	fprintf(out, "%-40s%.3f / %.3f / %.3f %s\n", label, m->min, m->max, m->avg, unit);
}

static void
nagstats_win_line(FILE *out, const char *label, const int *a, int n)
{
	int i;

	fprintf(out, "%-40s", label);
	for (i = 0; i < n; i++)
		fprintf(out, "%s%d", i ? " / " : "", a[i]);
	fputc('\n', out);
}

static void
nagstats_kind_report(FILE *out, const struct nagstats_kind *k, int svc)
{
	const char *what = svc ? "Service" : "Host";
	char label[64];

	fprintf(out, "Total %-34s%d\n", svc ? "Services:" : "Hosts:", k->entries);
	fprintf(out, "%-40s%d\n", svc ? "Services Checked:" : "Hosts Checked:", k->checked);
	fprintf(out, "%-40s%d\n", svc ? "Services Scheduled:" : "Hosts Scheduled:", k->scheduled);
	fprintf(out, "%-40s%d\n", svc ? "Services Actively Checked:" : "Hosts Actively Checked:",
	    k->active);
	/* sic: "Host Passively Checked" */
	fprintf(out, "%-40s%d\n", svc ? "Services Passively Checked:" : "Host Passively Checked:",
	    k->passive);
	snprintf(label, sizeof(label), "Total %s State Change:", what);
	nagstats_mm_line(out, label, &k->psc, "%");
	snprintf(label, sizeof(label), "Active %s Latency:", what);
	nagstats_mm_line(out, label, &k->act_lat, "sec");
	snprintf(label, sizeof(label), "Active %s Execution Time:", what);
	nagstats_mm_line(out, label, &k->act_ext, "sec");
	snprintf(label, sizeof(label), "Active %s State Change:", what);
	nagstats_mm_line(out, label, &k->act_psc, "%");
	snprintf(label, sizeof(label), "Active %ss Last 1/5/15/60 min:", what);
	nagstats_win_line(out, label, k->active_last, NAGSTATS_NWIN);
	snprintf(label, sizeof(label), "Passive %s Latency:", what);
	nagstats_mm_line(out, label, &k->psv_lat, "sec");
	snprintf(label, sizeof(label), "Passive %s State Change:", what);
	nagstats_mm_line(out, label, &k->psv_psc, "%");
	snprintf(label, sizeof(label), "Passive %ss Last 1/5/15/60 min:", what);
	nagstats_win_line(out, label, k->passive_last, NAGSTATS_NWIN);
	if (svc)
		fprintf(out, "%-40s%d / %d / %d / %d\n", "Services Ok/Warn/Unk/Crit:", k->state[0],
		    k->state[1], k->state[3], k->state[2]);
	else
		fprintf(out, "%-40s%d / %d / %d\n", "Hosts Up/Down/Unreach:", k->state[0],
		    k->state[1], k->state[2]);
	fprintf(out, "%-40s%d\n", svc ? "Services Flapping:" : "Hosts Flapping:", k->flapping);
	fprintf(out, "%-40s%d\n", svc ? "Services In Downtime:" : "Hosts In Downtime:",
	    k->downtime);
	fputc('\n', out);
}

void
nagstats_report(FILE *out, const struct nagstats *st, const char *status_file, time_t now)
{
	static const struct {
		const char *label;
		int idx;
	} checks[] = {
		{ "Active Host Checks Last 1/5/15 min:", NAGSTATS_HST_ACTIVE },
		{ "   Scheduled:", NAGSTATS_HST_SCHED },
		{ "   On-demand:", NAGSTATS_HST_ONDEMAND },
		{ "   Parallel:", NAGSTATS_HST_PARALLEL },
		{ "   Serial:", NAGSTATS_HST_SERIAL },
		{ "   Cached:", NAGSTATS_HST_CACHED },
		{ "Passive Host Checks Last 1/5/15 min:", NAGSTATS_HST_PASSIVE },
		{ "Active Service Checks Last 1/5/15 min:", NAGSTATS_SVC_ACTIVE },
		{ "   Scheduled:", NAGSTATS_SVC_SCHED },
		{ "   On-demand:", NAGSTATS_SVC_ONDEMAND },
		{ "   Cached:", NAGSTATS_SVC_CACHED },
		{ "Passive Service Checks Last 1/5/15 min:", NAGSTATS_SVC_PASSIVE },
	};
	char dur[64];
	size_t i;

	fprintf(out, "CURRENT STATUS DATA\n");
	fprintf(out, "------------------------------------------------------\n");
	fprintf(out, "%-40s%s\n", "Status File:", status_file != NULL ? status_file : "(null)");
	nagstats_duration(dur, sizeof(dur), (unsigned long)now - (unsigned long)st->created);
	fprintf(out, "%-40s%s\n", "Status File Age:", dur);
	fprintf(out, "%-40s%s\n\n", "Status File Version:",
	    st->version != NULL ? st->version : "(null)");
	nagstats_duration(dur, sizeof(dur), (unsigned long)now - (unsigned long)st->program_start);
	fprintf(out, "%-40s%s\n", "Program Running Time:", dur);
	fprintf(out, "%-40s%d\n\n", "Nagios PID:", st->pid);
	nagstats_kind_report(out, &st->svc, 1);
	nagstats_kind_report(out, &st->hst, 0);
	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
		nagstats_win_line(out, checks[i].label, st->triple[checks[i].idx], 3);
	fputc('\n', out);
	nagstats_win_line(out, "External Commands Last 1/5/15 min:", st->triple[NAGSTATS_EXTCMD],
	    3);
	fprintf(out, "\n\n");
}

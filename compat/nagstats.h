/*
 * nagstats: the figures Nagios 4.4.6's nagiostats computes from status.dat,
 * computed the same way, and their two outputs (the MRTG variables and the
 * human report).  jaquestats is the only caller; it adds jaque's own
 * variables through a hook and its own block after the report.
 *
 * status.dat is streamed in pieces of at most NAGSTATS_PIECE - 1 bytes, as
 * nagiostats reads it with fgets: a longer line (plugin output) is seen as
 * several lines, exactly as there.  Everything nagiostats gets subtly
 * "wrong" is kept on purpose, so that both tools print the same numbers:
 * an object's values are reset at every "}", the first object before any
 * "}" starts checked and scheduled, the running means divide by the number
 * of objects seen so far, never-checked objects count in every mean.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NAGSTATS_H
#define JAQUE_NAGSTATS_H

#include <stdio.h>
#include <time.h>

/* fgets size nagiostats uses for status.dat and nagios.cfg */
#define NAGSTATS_PIECE 1023

/* a running minimum, maximum and mean, as nagiostats keeps one */
struct nagstats_mm {
	double min;
	double max;
	double avg;
	int have; /* min and max hold a value */
};

/* the "checked in the last 1/5/15/60 minutes" windows */
enum { NAGSTATS_W1, NAGSTATS_W5, NAGSTATS_W15, NAGSTATS_W60, NAGSTATS_NWIN };

/* hosts or services: the totals of their status blocks */
struct nagstats_kind {
	int entries; /* blocks opened */
	int active;  /* closed with check_type 0 */
	int passive;
	int state[4]; /* by current_state 0..3 */
	int flapping;
	int downtime;
	int checked;
	int scheduled;
	int active_last[NAGSTATS_NWIN];
	int passive_last[NAGSTATS_NWIN];
	struct nagstats_mm psc; /* percent state change, all */
	struct nagstats_mm act_psc;
	struct nagstats_mm act_lat; /* seconds */
	struct nagstats_mm act_ext;
	struct nagstats_mm psv_lat;
	struct nagstats_mm psv_psc;
};

/* programstatus's *_check_stats triples (1, 5, 15 minutes) */
enum {
	NAGSTATS_HST_SCHED, /* active_scheduled_host_check_stats */
	NAGSTATS_HST_ONDEMAND,
	NAGSTATS_HST_CACHED,
	NAGSTATS_HST_PASSIVE,
	NAGSTATS_HST_PARALLEL,
	NAGSTATS_HST_SERIAL,
	NAGSTATS_SVC_SCHED,
	NAGSTATS_SVC_ONDEMAND,
	NAGSTATS_SVC_CACHED,
	NAGSTATS_SVC_PASSIVE,
	NAGSTATS_EXTCMD,
	NAGSTATS_HST_ACTIVE, /* scheduled + on-demand, set at programstatus's "}" */
	NAGSTATS_SVC_ACTIVE,
	NAGSTATS_NTRIPLE
};

/* the values of the object block being read (reset at every "}") */
struct nagstats_cur {
	double exec;
	double lat;
	double psc;
	int check_type;
	int state;
	int flapping;
	int downtime;
	unsigned long last_check;
	int checked;
	int scheduled;
};

struct nagstats {
	time_t now; /* the "last N minutes" are counted from here */
	time_t created;
	char *version; /* heap; NULL when status.dat has none */
	time_t program_start;
	int pid;
	struct nagstats_kind hst;
	struct nagstats_kind svc;
	int triple[NAGSTATS_NTRIPLE][3];
	int block; /* the section being read */
	struct nagstats_cur cur;
};

/* empty totals; now is the time "last N minutes" are counted from */
void nagstats_init(struct nagstats *st, time_t now);
void nagstats_free(struct nagstats *st);
/* one piece of status.dat as fgets gives it (changed in place) */
void nagstats_line(struct nagstats *st, char *line);
/* stream fp; 0, or -1 with errno when reading fails */
int nagstats_read_fp(struct nagstats *st, FILE *fp);
/* open and stream path; 0, or -1 with errno when it cannot be opened
 * (EFAULT for a NULL path, as nagiostats reports a configuration without
 * status_file).  A read error after opening ends the file quietly, as
 * there: a directory reads as an empty status.dat. */
int nagstats_read(struct nagstats *st, const char *path);

/*
 * nagios.cfg as nagiostats reads it: the last status_file, status_log or
 * xsddefault_status_log, made absolute against the file's directory and
 * normalised as Nagios's nspath does.  Returns 0 and sets *status (heap,
 * NULL when the file names none), or -1 when cfgpath cannot be opened.
 */
int nagstats_config(const char *cfgpath, char **status);
/* path made absolute against base (the working directory when NULL) and
 * normalised like Nagios's nspath_absolute; heap, NULL for "" */
char *nagstats_path_absolute(const char *path, const char *base);

/* "Nd Nh Nm Ns" for a duration nagiostats took as unsigned long */
void nagstats_duration(char *out, size_t n, unsigned long secs);

/*
 * A caller's variables for nagstats_mrtg: put name's value in buf (at most
 * n bytes) and return 0, or return -1 when name is not one of them.
 */
typedef int (*nagstats_more_fn)(const char *name, char *buf, size_t n, void *arg);

/*
 * Print the MRTG variables named in vars (comma-separated; empty names are
 * skipped), each followed by delim, then a newline when delim is not one.
 * A name nagiostats does not know goes to more (may be NULL) and, when
 * that does not know it either, prints itself.  now is the time of
 * printing.  Nothing at all when vars is NULL.
 */
void nagstats_mrtg(FILE *out, const struct nagstats *st, const char *vars, const char *delim,
    time_t now, nagstats_more_fn more, void *arg);
/* nagiostats's report, from "CURRENT STATUS DATA" to its two blank lines;
 * a NULL status_file prints "(null)" as there */
void nagstats_report(FILE *out, const struct nagstats *st, const char *status_file, time_t now);

#endif

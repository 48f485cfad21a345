/*
 * retention_int: the field tables retention.dat's writer and reader share
 * (retention.c holds them, retention_read.c reads them).  One row per key
 * of a host, service or contact section, in the order Nagios 4.4.6 writes
 * them: how the value is printed, where it lives in the state struct, and
 * the rule under which reading takes it (which retain_* switch, which
 * modified-attribute bit); then the reader's state, which its two files
 * share.  Private to compat/retention*.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_RETENTION_INT_H
#define JAQUE_RETENTION_INT_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "engine/objects/state.h"

struct main_cfg;
struct retention_report;
struct snapshot;
struct obj_contact;
struct obj_host;
struct obj_service;

enum rt_kind {
	RT_INT,           /* %d; read as atoi */
	RT_BOOL,          /* %d; read as atoi > 0 */
	RT_ULONG,         /* %lu; strtoul */
	RT_TIME,          /* %llu; strtoul */
	RT_DBL3,          /* %.3f; strtod */
	RT_DBL2,          /* %.2f */
	RT_DBL6,          /* %f */
	RT_STR,           /* a heap string of the state, as it is */
	RT_ESC,           /* a heap string of the state, '\n' and '\\' escaped */
	RT_MODATTR,       /* modified attributes, masked (mask) when written and read */
	RT_NOTIFIED,      /* one bit (opt) of notified_on as 0 or 1; reading ORs it in */
	RT_HISTORY,       /* the 21 recorded states, oldest first */
	RT_FLAPPING,      /* is_flapping: %d; read as atoi into the reader's was_flapping */
	RT_CHECK_COMMAND, /* configured values: jaque keeps no run-time override */
	RT_EVENT_HANDLER,
	RT_CHECK_PERIOD,  /* period overrides: off is the state's timeperiod pointer */
	RT_NOTIF_PERIOD,
	RT_HOST_NOTIF_PERIOD, /* a contact's */
	RT_SVC_NOTIF_PERIOD
};

/* which retain_* switch of the object lets the reader take a value */
enum rt_group {
	RT_G_NONE,     /* never read */
	RT_G_ALWAYS,   /* modified attributes */
	RT_G_STATUS,   /* retain_status_information */
	RT_G_NONSTATUS /* retain_nonstatus_information (and, as 4.4.6 reads, status too) */
};

/* which retained_*_attribute_mask applies to an RT_MODATTR row */
enum rt_mask {
	RT_MASK_NONE,
	RT_MASK_HOST,
	RT_MASK_SERVICE,
	RT_MASK_CONTACT_HOST,
	RT_MASK_CONTACT_SERVICE,
	RT_MASK_PROCESS_HOST, /* the program section's */
	RT_MASK_PROCESS_SERVICE
};

#define RT_F_NOWRITE 0x01  /* an older name, only read */
#define RT_F_SCHED 0x02    /* only with use_retained_scheduling_info and a young file */
#define RT_F_NONNEG 0x04   /* only a value >= 0 */
#define RT_F_ATTEMPTS 0x08 /* max_attempts: >= 1; a hard problem's attempt follows */

struct rt_field {
	const char *key;
	unsigned char kind;  /* enum rt_kind */
	unsigned char group; /* enum rt_group */
	unsigned char flags; /* RT_F_* */
	unsigned char mask;  /* enum rt_mask, RT_MODATTR only */
	unsigned opt;        /* RT_NOTIFIED: the OBJ_OPT_ bit */
	unsigned long bit;   /* the modified-attribute bit reading needs, 0 none */
	size_t moff;         /* where that modified-attribute word is */
	size_t off;          /* the field, from the start of the state struct */
};

/* rows of the host (struct host_state), service (struct svc_state) and
 * contact (struct contact_state) sections, in Nagios's order */
extern const struct rt_field rt_host_fields[];
extern const size_t rt_nhost_fields;
extern const struct rt_field rt_service_fields[];
extern const size_t rt_nservice_fields;
extern const struct rt_field rt_contact_fields[];
extern const size_t rt_ncontact_fields;

/* the program section: switches in struct main_cfg, the rest special */
enum rt_pkind {
	RT_P_HATTR,      /* modified_host_attributes */
	RT_P_SATTR,      /* modified_service_attributes */
	RT_P_SWITCH,     /* an int of struct main_cfg at off */
	RT_P_HHANDLER,   /* global_host_event_handler */
	RT_P_SHANDLER,   /* global_service_event_handler */
	RT_P_COMMENT_ID, /* next_comment_id */
	RT_P_DOWNTIME_ID,
	RT_P_EVENT_ID,
	RT_P_PROBLEM_ID,
	RT_P_NOTIFICATION_ID
};

struct rt_pfield {
	const char *key;
	unsigned char kind; /* enum rt_pkind */
	unsigned char svc;  /* the bit is tested in modified_service_attributes */
	unsigned long bit;  /* the modified-attribute bit reading needs */
	size_t off;         /* RT_P_SWITCH: the int in struct main_cfg */
};

extern const struct rt_pfield rt_prog_fields[];
extern const size_t rt_nprog_fields;

/*
 * The values an object's check_command, event_handler and period rows
 * stand for: the writer prints them, the reader compares the file's
 * check_command and event_handler with them (jaque keeps no run-time
 * override of those).  The periods are the state's (its override, else
 * the configured one) when a state is given, else the configured ones.
 * Empty strings where unset; contacts fill only the two contact periods.
 */
struct rt_conf {
	const char *check_command;
	const char *event_handler;
	const char *check_period;
	const char *notif_period;
	const char *host_notif_period; /* a contact's */
	const char *svc_notif_period;
};

void rt_conf_host(struct rt_conf *conf, const struct obj_host *h, const struct host_state *st);
void rt_conf_service(struct rt_conf *conf, const struct obj_service *s,
    const struct svc_state *st);
void rt_conf_contact(struct rt_conf *conf, const struct obj_contact *c,
    const struct contact_state *st);
/* the configured value of a row of one of those kinds */
const char *rt_conf_value(const struct rt_conf *conf, int kind);

/*
 * The mask a row's modified attributes are written with, and the one
 * they are read with: 4.4.6 reads service attributes with the host mask
 * (and the process service attributes with the process host mask).
 */
unsigned long rt_write_mask(const struct main_cfg *cfg, int mask);
unsigned long rt_read_mask(const struct main_cfg *cfg, int mask);

/* ---- the reader's insides: retention_read.c drives, retention_obj.c does objects ---- */

#define RD_PROG_MAX 32 /* program section rows */

enum rd_sect {
	RD_NONE,
	RD_INFO,
	RD_PROGRAM,
	RD_HOST,
	RD_SERVICE,
	RD_CONTACT,
	RD_HCOMMENT,
	RD_SCOMMENT,
	RD_HDOWNTIME,
	RD_SDOWNTIME
};

/* the input: chunks read from the file, lines assembled up to the cap */
struct rd_in {
	FILE *fp;
	char *chunk;
	size_t pos, len;
	char *line;
	int eof;
	int error; /* errno of a read error */
	unsigned long lineno;
};

/* a host, service or contact section being read */
struct rd_obj {
	char *host; /* names as read (heap) */
	char *svc;
	int named; /* the object was looked up */
	int found;
	void *real; /* its state in the snapshot */
	union {
		struct host_state h;
		struct svc_state s;
		struct contact_state c;
	} st; /* the staged copy */
	const struct obj_host *oh;
	const struct obj_service *os;
	const struct obj_contact *oc;
	struct rt_conf conf;
	int touched[3]; /* output, long_output, perf_data were set */
	int rs, rn;     /* retain_status_information, retain_nonstatus_information */
	int was_flapping; /* the file's is_flapping (atoi; Nagios tests it against 1) */
};

/* a comment or downtime section being read */
struct rd_note {
	char *host, *svc, *author, *text;
	unsigned long id, comment_id, triggered_by, duration;
	int entry_type, source, persistent, expires, fixed, in_effect, notif_sent;
	time_t entry_time, expire_time, start, flex, end;
};

struct rd_esc; /* retention_obj.c */

/* a flapping edge found at the end of an object's section, told to the
 * hook once the comments are in (see retention_read) */
struct rd_flap {
	const struct obj_host *h;
	const struct obj_service *s; /* NULL: the host */
	int edge, quiet;             /* enum flap_edge, flap_outcome's quiet */
	double percent, low, high;
};

/* the reader (retention_read.c, retention_obj.c) */
struct rd {
	struct snapshot *s;
	const struct retention_hooks *hooks; /* NULL: none */
	struct retention_report *rep;
	struct rd_in in;
	enum rd_sect sect;
	unsigned long sect_line;
	int sched_ok;
	size_t hint; /* the row after the last one found */
	struct rd_obj obj;
	char *prog[RD_PROG_MAX]; /* the program section's values by row */
	struct rd_note note;
	struct rd_note *dts; /* downtimes, added after the whole file was read */
	size_t ndts, capdts;
	struct rd_esc *esc;
	struct rd_flap *flaps; /* edges for the hook */
	size_t nflaps, capflaps;
};

/* a problem for the report (the first RETENTION_PROBLEMS are kept as text) */
void rd_problem(struct rd *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a line skipped at the current line number, and why */
void rd_skip(struct rd *rd, const char *why);
/* Nagios's atoi (clamped, not undefined), strtoul and a time as strtoul */
int rd_int(const char *v);
unsigned long rd_ulong(const char *v);
time_t rd_time(const char *v);

/* a key=value line of a host, service or contact section (val may be changed) */
void rd_obj_line(struct rd *rd, const char *key, char *val);
/* the section's "}": Nagios's fix-ups, then the staged state replaces the real one */
void rd_obj_end(struct rd *rd);
/* forget the section (its staged strings freed) */
void rd_obj_reset(struct rd *rd);
void rd_esc_free(struct rd_esc *e);

#endif

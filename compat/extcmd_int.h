/*
 * extcmd_int: what the parts of the external command module share: the
 * command table's row, the request being applied, and the handlers.
 *
 * extcmd.c parses a line, finds its row (extcmd_table.c), parses the
 * arguments the row's spec asks for and calls the handler: a generic
 * toggle (extcmd_toggle.c) when the row is data, else a function of
 * extcmd_obj.c (objects: acks, comments, passive results, changes) or
 * extcmd_dt.c (downtime, program-wide commands, PROCESS_FILE).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_EXTCMD_INT_H
#define JAQUE_EXTCMD_INT_H

#include <stddef.h>
#include <time.h>

#include "compat/extcmd.h"

struct obj_host;
struct obj_service;
struct obj_hostgroup;
struct obj_servicegroup;
struct obj_contact;
struct obj_contactgroup;
struct state_common;

/*
 * Argument kinds, one letter each in a row's spec, in line order.  Fields
 * are cut at ';' the way Nagios 4.4.6's my_strtok cuts them: an empty
 * field between two ';' is "", nothing at all after the last ';' is no
 * field.  Numbers are read as Nagios reads each of them, garbage included
 * ("x" and "" are 0, "7x" is 7): never a failure unless the kind says so.
 *   h host name, s host name and service description (two fields),
 *   g hostgroup, G servicegroup, c contact, C contactgroup: looked up,
 *     unknown ones fail the command;
 *   w one field as text (may be empty);
 *   a an int as atoi reads it;
 *   u an unsigned long as strtoul(s, NULL, 10) reads it ("-1" wraps);
 *   i an int as (int)strtol(s, NULL, 0) reads it ("0x258" is 600); a
 *     negative one fails the command;
 *   d checked as i, but the value is (int)strtod(s, NULL) (intervals);
 *   T the rest of the line (may hold ';'), required; O the same, optional;
 *   R the rest of the line read with strtoul as u (ids and times that
 *     Nagios reads from the whole argument string); r the same with atoi;
 *   ? the kinds after it are optional;
 *   * no parsing: the handler reads r->rest itself.
 * Whatever follows the last kind is ignored, as Nagios ignores it, except
 * that a row with XF_CMT reads an author and a comment (one field each)
 * from it first.
 */
#define XC_MAXV 8

/* what a toggle row changes */
enum xc_scope {
	XS_NONE,
	XS_PROGRAM,       /* a switch of struct main_cfg */
	XS_HOST,
	XS_SVC,
	XS_HOST_SVCS,     /* the host's services */
	XS_HOST_CHILDREN, /* the host and every host below it */
	XS_BEYOND_HOST,   /* every host below the host and their services */
	XS_HG_HOSTS,
	XS_HG_SVCS,
	XS_SG_HOSTS,
	XS_SG_SVCS,
	XS_CONTACT,       /* a switch of struct contact_state */
	XS_CG
};

/* row flags */
#define XF_JOURNAL 0x01 /* a change must survive a crash */
#define XF_CMT 0x02     /* optional trailing author;comment adds a user comment */
#define XF_PASSIVE 0x04 /* logged under log_passive_checks, not log_external_commands */

/* which modified-attribute word a program or contact switch marks */
#define XW_HOST 1
#define XW_SVC 2
#define XW_BOTH 3

struct xc_req;

struct xc_def {
	const char *name;
	const char *spec;
	int (*fn)(struct xc_req *r); /* NULL: a toggle */
	unsigned char scope;         /* enum xc_scope, for toggles */
	unsigned char flags;
	unsigned char which;         /* XW_ for program and contact switches */
	signed char value;           /* the toggle's new value, or a handler's variant */
	unsigned short field;        /* offset of the switch in its struct */
	unsigned long attr;          /* EXTCMD_MODATTR_ bit */
};

struct xc_val {
	const char *s;
	long n;
	int given;
};

/* one command being applied */
struct xc_req {
	struct extcmd_ctx *x;
	const struct xc_def *def;
	time_t entry_time; /* the bracketed time */
	time_t now;
	int depth;         /* PROCESS_FILE nesting, 0 for a line from the caller */
	char *rest;        /* the arguments not parsed yet (modifiable) */
	const struct obj_host *h;
	const struct obj_service *s;
	const struct obj_hostgroup *hg;
	const struct obj_servicegroup *sg;
	const struct obj_contact *ct;
	const struct obj_contactgroup *cg;
	struct xc_val v[XC_MAXV]; /* the non-object arguments, in order */
	size_t nv;
	const char *author;  /* the trailing user comment (XF_CMT), or NULL */
	const char *comment;
	int commented;       /* a user comment was added */
	int logging;         /* log lines are written (a log, not replaying) */
};

/* handler results */
#define XC_FAIL (-1)
#define XC_SAME 0    /* applied, nothing that needs journalling changed */
#define XC_CHANGED 1

/* extcmd_table.c */
const struct xc_def *xc_lookup(const char *name);
extern const struct xc_def xc_table[];
extern const size_t xc_ntable;

/* extcmd.c */
enum extcmd_status xc_line(struct extcmd_ctx *x, const char *line, size_t len, time_t now,
    int *journal, int depth);
/* next ';' field of *cur (NULL when none is left); the rest of the line */
char *xc_field(char **cur);
char *xc_rest(char **cur);
struct state_common *xc_host_state(struct extcmd_ctx *x, const struct obj_host *h);
struct state_common *xc_svc_state(struct extcmd_ctx *x, const struct obj_service *s);
/* a user comment from the trailing author;comment, if the line had one */
void xc_user_comment(struct xc_req *r, const char *host, const char *svc);

/* extcmd_toggle.c */
int xc_toggle(struct xc_req *r);
/* flap detection went off for an object (or for all): leave the flapping state */
void xc_flap_disabled(struct xc_req *r, const struct obj_host *h, const struct obj_service *s);

/* extcmd_obj.c */
int xh_ack(struct xc_req *r);
int xh_unack(struct xc_req *r);
int xh_add_comment(struct xc_req *r);
int xh_del_comment(struct xc_req *r);
int xh_del_all_comments(struct xc_req *r);
int xh_delay_notification(struct xc_req *r);
int xh_schedule_check(struct xc_req *r);
int xh_passive_host(struct xc_req *r);
int xh_passive_svc(struct xc_req *r);
int xh_refused(struct xc_req *r);
int xh_change_timeperiod(struct xc_req *r);
int xh_change_interval(struct xc_req *r);
int xh_change_attempts(struct xc_req *r);
int xh_change_modattr(struct xc_req *r);
int xh_custom_var(struct xc_req *r);
int xh_notification_number(struct xc_req *r);
int xh_custom_notification(struct xc_req *r);
int xh_clear_flapping(struct xc_req *r);

/* extcmd_dt.c */
int xh_downtime(struct xc_req *r);
int xh_del_downtime(struct xc_req *r);
int xh_del_downtime_by_host(struct xc_req *r);
int xh_del_downtime_by_hostgroup(struct xc_req *r);
int xh_del_downtime_by_start(struct xc_req *r);
int xh_signal(struct xc_req *r);
int xh_save_state(struct xc_req *r);
int xh_read_state(struct xc_req *r);
int xh_process_file(struct xc_req *r);

/* handler variants (xc_def.value) */
enum {
	XV_HOST = 0,
	XV_SVC = 1,
	XV_FORCED = 2,        /* SCHEDULE_FORCED_* */
	XV_HOST_SVCS = 4,     /* SCHEDULE_*HOST_SVC_CHECKS */
	XV_RETRY = 8,         /* CHANGE_RETRY_*: else the normal interval */
	XV_NOTIF_TP = 16,     /* *_NOTIFICATION_TIMEPERIOD: else the check period */
	XV_CONTACT = 32,      /* contact variants */
	XV_RESTART = 64       /* RESTART_PROCESS: else SHUTDOWN */
};

/* downtime command kinds (xc_def.value of xh_downtime rows) */
enum {
	XD_HOST,
	XD_SVC,
	XD_HOST_SVCS,
	XD_HG_HOSTS,
	XD_HG_SVCS,
	XD_SG_HOSTS,
	XD_SG_SVCS,
	XD_PROPAGATE,
	XD_PROPAGATE_TRIGGERED
};

#endif

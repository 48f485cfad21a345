/*
 * macros_int: what the files of the macro module share; nothing outside
 * engine/time/macros*.c includes this.
 *
 * macros.c parses a command line and dispatches each $...$; macros_table.c
 * holds the "x" macros (Nagios's 163 named macros) as a table of what each
 * reads; macros_value.c turns a table row into a value for an object, and
 * macros_group.c handles the on-demand, group, custom-variable and
 * contact-address forms.  A value is appended to a growable buffer; the
 * result says whether the macro existed (Nagios leaves a failed one in the
 * text as written) and whether it had a value.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MACROS_INT_H
#define JAQUE_MACROS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/time/macros.h"
#include "engine/util/mbuf.h"

struct obj_hostgroup;
struct obj_servicegroup;
struct obj_contactgroup;
struct state_vars;

/* the x macros, numbered as in Nagios's include/macros.h: the environment
 * lists them in this order */
enum macro_code {
	MC_HOSTNAME, MC_HOSTALIAS, MC_HOSTADDRESS, MC_SERVICEDESC, MC_SERVICESTATE,
	MC_SERVICESTATEID, MC_SERVICEATTEMPT, MC_LONGDATETIME, MC_SHORTDATETIME, MC_DATE,
	MC_TIME, MC_TIMET, MC_LASTHOSTCHECK, MC_LASTSERVICECHECK, MC_LASTHOSTSTATECHANGE,
	MC_LASTSERVICESTATECHANGE, MC_HOSTOUTPUT, MC_SERVICEOUTPUT, MC_HOSTPERFDATA,
	MC_SERVICEPERFDATA, MC_CONTACTNAME, MC_CONTACTALIAS, MC_CONTACTEMAIL, MC_CONTACTPAGER,
	MC_ADMINEMAIL, MC_ADMINPAGER, MC_HOSTSTATE, MC_HOSTSTATEID, MC_HOSTATTEMPT,
	MC_NOTIFICATIONTYPE, MC_NOTIFICATIONNUMBER, MC_HOSTEXECUTIONTIME,
	MC_SERVICEEXECUTIONTIME, MC_HOSTLATENCY, MC_SERVICELATENCY, MC_HOSTDURATION,
	MC_SERVICEDURATION, MC_HOSTDURATIONSEC, MC_SERVICEDURATIONSEC, MC_HOSTDOWNTIME,
	MC_SERVICEDOWNTIME, MC_HOSTSTATETYPE, MC_SERVICESTATETYPE, MC_HOSTPERCENTCHANGE,
	MC_SERVICEPERCENTCHANGE, MC_HOSTGROUPNAME, MC_HOSTGROUPALIAS, MC_SERVICEGROUPNAME,
	MC_SERVICEGROUPALIAS, MC_HOSTACKAUTHOR, MC_HOSTACKCOMMENT, MC_SERVICEACKAUTHOR,
	MC_SERVICEACKCOMMENT, MC_LASTSERVICEOK, MC_LASTSERVICEWARNING, MC_LASTSERVICEUNKNOWN,
	MC_LASTSERVICECRITICAL, MC_LASTHOSTUP, MC_LASTHOSTDOWN, MC_LASTHOSTUNREACHABLE,
	MC_SERVICECHECKCOMMAND, MC_HOSTCHECKCOMMAND, MC_MAINCONFIGFILE, MC_STATUSDATAFILE,
	MC_HOSTDISPLAYNAME, MC_SERVICEDISPLAYNAME, MC_RETENTIONDATAFILE, MC_OBJECTCACHEFILE,
	MC_TEMPFILE, MC_LOGFILE, MC_RESOURCEFILE, MC_COMMANDFILE, MC_HOSTPERFDATAFILE,
	MC_SERVICEPERFDATAFILE, MC_HOSTACTIONURL, MC_HOSTNOTESURL, MC_HOSTNOTES,
	MC_SERVICEACTIONURL, MC_SERVICENOTESURL, MC_SERVICENOTES, MC_TOTALHOSTSUP,
	MC_TOTALHOSTSDOWN, MC_TOTALHOSTSUNREACHABLE, MC_TOTALHOSTSDOWNUNHANDLED,
	MC_TOTALHOSTSUNREACHABLEUNHANDLED, MC_TOTALHOSTPROBLEMS, MC_TOTALHOSTPROBLEMSUNHANDLED,
	MC_TOTALSERVICESOK, MC_TOTALSERVICESWARNING, MC_TOTALSERVICESCRITICAL,
	MC_TOTALSERVICESUNKNOWN, MC_TOTALSERVICESWARNINGUNHANDLED,
	MC_TOTALSERVICESCRITICALUNHANDLED, MC_TOTALSERVICESUNKNOWNUNHANDLED,
	MC_TOTALSERVICEPROBLEMS, MC_TOTALSERVICEPROBLEMSUNHANDLED, MC_PROCESSSTARTTIME,
	MC_HOSTCHECKTYPE, MC_SERVICECHECKTYPE, MC_LONGHOSTOUTPUT, MC_LONGSERVICEOUTPUT,
	MC_TEMPPATH, MC_HOSTNOTIFICATIONNUMBER, MC_SERVICENOTIFICATIONNUMBER,
	MC_HOSTNOTIFICATIONID, MC_SERVICENOTIFICATIONID, MC_HOSTEVENTID, MC_LASTHOSTEVENTID,
	MC_SERVICEEVENTID, MC_LASTSERVICEEVENTID, MC_HOSTGROUPNAMES, MC_SERVICEGROUPNAMES,
	MC_HOSTACKAUTHORNAME, MC_HOSTACKAUTHORALIAS, MC_SERVICEACKAUTHORNAME,
	MC_SERVICEACKAUTHORALIAS, MC_MAXHOSTATTEMPTS, MC_MAXSERVICEATTEMPTS,
	MC_SERVICEISVOLATILE, MC_TOTALHOSTSERVICES, MC_TOTALHOSTSERVICESOK,
	MC_TOTALHOSTSERVICESWARNING, MC_TOTALHOSTSERVICESUNKNOWN, MC_TOTALHOSTSERVICESCRITICAL,
	MC_HOSTGROUPNOTES, MC_HOSTGROUPNOTESURL, MC_HOSTGROUPACTIONURL, MC_SERVICEGROUPNOTES,
	MC_SERVICEGROUPNOTESURL, MC_SERVICEGROUPACTIONURL, MC_HOSTGROUPMEMBERS,
	MC_SERVICEGROUPMEMBERS, MC_CONTACTGROUPNAME, MC_CONTACTGROUPALIAS,
	MC_CONTACTGROUPMEMBERS, MC_CONTACTGROUPNAMES, MC_NOTIFICATIONRECIPIENTS,
	MC_NOTIFICATIONISESCALATED, MC_NOTIFICATIONAUTHOR, MC_NOTIFICATIONAUTHORNAME,
	MC_NOTIFICATIONAUTHORALIAS, MC_NOTIFICATIONCOMMENT, MC_EVENTSTARTTIME,
	MC_HOSTPROBLEMID, MC_LASTHOSTPROBLEMID, MC_SERVICEPROBLEMID, MC_LASTSERVICEPROBLEMID,
	MC_ISVALIDTIME, MC_NEXTVALIDTIME, MC_LASTHOSTSTATE, MC_LASTHOSTSTATEID,
	MC_LASTSERVICESTATE, MC_LASTSERVICESTATEID, MC_HOSTIMPORTANCE, MC_SERVICEIMPORTANCE,
	MC_HOSTANDSERVICESIMPORTANCE, MC_HOSTGROUPMEMBERADDRESSES, MC_HOSTINFOURL,
	MC_SERVICEINFOURL, MC_HOSTNOTIFICATIONENABLED, MC_SERVICENOTIFICATIONENABLED,
	MC_HOSTNOTIFICATIONPERIOD, MC_SERVICENOTIFICATIONPERIOD,
	MC_COUNT
};

/* which object a row reads, and so how its on-demand arguments are read */
enum macro_family {
	MF_HOST, MF_HOSTGROUP, MF_SERVICE, MF_SERVICEGROUP, MF_CONTACT, MF_CONTACTGROUP,
	MF_EMPTY,   /* computed by notifications and acknowledgements: empty in checks */
	MF_DATE, MF_STATIC, MF_SUMMARY
};

/* how a row makes its value; off is an offset into the struct named */
enum macro_kind {
	MK_STR,       /* const char * in the object (host, service, group, contact) */
	MK_CFGSTR,    /* char * in struct main_cfg */
	MK_OUT,       /* char * in struct state_common */
	MK_LONGOUT,   /* the same, with '\\' and newline escaped as Nagios stores it */
	MK_INT,       /* int in struct state_common, "%d" */
	MK_ULONG,     /* unsigned long in struct state_common */
	MK_TIME,      /* time_t in struct state_common, "%lu" */
	MK_XTIME,     /* time_t in struct host_state or struct svc_state */
	MK_DBL2,      /* double in struct state_common, "%.2f" */
	MK_DBL3,      /* "%.3f" */
	MK_STATENAME, /* int in struct state_common, by state name */
	MK_STATETYPE, /* "HARD" or "SOFT" */
	MK_CHECKTYPE, /* "ACTIVE" or "PASSIVE" */
	MK_YESNO,     /* int in struct state_common */
	MK_NOTES,     /* const char * in the extinfo (or group), macros expanded again */
	MK_URL,       /* the same, the macros in it URL-encoded */
	MK_ZERO,      /* a counter jaque does not keep yet: "0" */
	MK_NONE,      /* set only by notifications and acknowledgements: no value */
	MK_SPECIAL    /* code of its own, chosen by the macro's code */
};

/* a macro whose value comes from a plugin or a user: cleaned for commands */
#define MACRO_F_CLEAN 0x01

struct macro_def {
	const char *name;
	uint8_t family;
	uint8_t kind;
	uint8_t flags;
	uint16_t off;
};

/* expansion options, Nagios's values */
#define MX_STRIP 0x01 /* strip illegal_macro_output_chars from MACRO_F_CLEAN macros */
#define MX_URL 0x04   /* URL-encode every value */

/* the outcome of looking one macro up */
enum mx_result {
	MV_ERR = -1, /* no such macro here: Nagios writes it back as it was */
	MV_NULL = 0, /* a macro without a value: nothing is written */
	MV_OK = 1,   /* a value (maybe empty) was appended */
	MV_NOT_MINE = 2 /* mx_notif_value: not a notification macro */
};

/* one expansion: the context and what it computes at most once */
struct mx {
	const struct macro_ctx *ctx;
	const struct obj_host *host;       /* the context's host, or its service's */
	const struct obj_hostgroup *hg;    /* the host's first hostgroup */
	const struct obj_servicegroup *sg; /* the service's first servicegroup */
	const struct obj_contactgroup *cg; /* the contact's first contactgroup */
	unsigned depth;                    /* notes within notes */
	int have_totals;
	int totals[MC_TOTALSERVICEPROBLEMSUNHANDLED - MC_TOTALHOSTSUP + 1];
};

void mx_init(struct mx *m, const struct macro_ctx *ctx);
/* expand in (NULL: nothing) with MX_ options, appending to out */
void mx_expand(struct mx *m, const char *in, unsigned opts, struct mbuf *out);

/* the table (macros_table.c) */
const struct macro_def *macro_def_get(unsigned code);
/* the code of the x macro called name, or -1 */
int macro_lookup(const char *name);
/* 0 when the name index is sorted and covers every code once (tests) */
int macro_table_check(void);

/* values (macros_value.c, macros_group.c); each returns an enum mx_result */
int mx_xvalue(struct mx *m, unsigned code, const char *a1, const char *a2, struct mbuf *out);
int mx_host_value(struct mx *m, unsigned code, const struct obj_host *h, struct mbuf *out);
int mx_service_value(struct mx *m, unsigned code, const struct obj_service *s,
    struct mbuf *out);
int mx_hostgroup_value(struct mx *m, unsigned code, const struct obj_hostgroup *g,
    struct mbuf *out);
int mx_servicegroup_value(struct mx *m, unsigned code, const struct obj_servicegroup *g,
    struct mbuf *out);
int mx_contact_value(unsigned code, const struct obj_contact *c, struct mbuf *out);
int mx_contactgroup_value(unsigned code, const struct obj_contactgroup *g,
    struct mbuf *out);
int mx_global_value(struct mx *m, unsigned code, const char *a1, const char *a2,
    struct mbuf *out);
int mx_custom(struct mx *m, const char *name, const char *a1, const char *a2,
    struct mbuf *out);
/* the custom variable overrides of an object in the context (NULL: none) */
const struct state_vars *mx_host_vars(const struct mx *m, const struct obj_host *h);
const struct state_vars *mx_service_vars(const struct mx *m, const struct obj_service *s);
const struct state_vars *mx_contact_vars(const struct mx *m, const struct obj_contact *c);
int mx_contact_address(struct mx *m, const char *name, const char *a1, const char *a2,
    struct mbuf *out);
/*
 * The macros a notification sets (ctx->notif, not NULL): the NOTIFICATION*
 * ones and, outside on-demand forms (a1 NULL), the ACK* ones and the
 * notification ids.  MV_NOT_MINE for every other code.
 */
int mx_notif_value(struct mx *m, unsigned code, const char *a1, struct mbuf *out);

/* a string value: MV_NULL for NULL */
int mx_put(struct mbuf *out, const char *s);
/* atoi's reading of s (leading blanks, sign, digits), clamped to int */
int mx_atoi(const char *s);
/* append n bytes of s with all but A-Z a-z 0-9 . - _ ~ as %XX */
void mx_urlencode(struct mbuf *out, const char *s, size_t n);

#endif

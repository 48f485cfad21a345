/*
 * macros: Nagios 4.4.6's macro language for command lines.
 *
 * $NAME$ is replaced by its value in a context (a host, a service, a
 * contact, the command's arguments, the program's globals); $$ is a '$';
 * an unknown macro, or one that does not apply in the context ($SERVICEDESC$
 * in a host check, $HOSTGROUPNAME$ for a host in no group), is left as
 * written, as Nagios does.  An unterminated "$NAME" at the end of the line
 * is still looked up (Nagios does that too) and left as written when
 * unknown.
 * Covered: every standard host, service, contact and global macro Nagios
 * defines for checks, $ARGn$ (1..32), $USERn$ (1..256), custom variables
 * ($_HOSTFOO$, $_SERVICEBAR$, $_CONTACTX$, with the value a
 * CHANGE_CUSTOM_*_VAR gave when the context has the state), on-demand forms
 * ($HOSTSTATE:name$, $SERVICEOUTPUT:host:svc$, group forms with a
 * delimiter), and the environment form (NAGIOS_*) when
 * enable_environment_macros is set.  Macros whose values come from plugin
 * output or from outside (the output, perfdata, ack and comment macros)
 * have illegal_macro_output_chars (and control characters) removed, as
 * Nagios does for checks.  Notification-only macros (NOTIFICATIONTYPE and
 * the rest, the ACK* ones) exist but are empty until notifications fill
 * them in.  Thread-safe: no state outside the arguments.
 *
 * Nothing here allocates in the context; results are heap strings the
 * caller frees.  time: ctx->now (time(NULL) when 0) is "now" for the date,
 * duration and timeperiod macros.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MACROS_H
#define JAQUE_MACROS_H

#include <time.h>

struct main_cfg;
struct objects;
struct obj_host;
struct obj_service;
struct obj_contact;
struct host_state;
struct svc_state;
struct contact_state;

#define MACRO_MAX_ARGS 32

/* what the program-wide macros read */
struct macro_globals {
	time_t program_start;
	int pid;
	const char *version;        /* "4.4.6" as Nagios's $PROCESSSTARTTIME$ world expects */
	unsigned long event_id;     /* last event id handed out */
	unsigned long problem_id;
	time_t event_start;         /* $EVENTSTARTTIME$: when the event loop began; 0: program_start */
};

/*
 * What a notification adds: $NOTIFICATIONTYPE$ and the rest, and during
 * an acknowledgement the $HOSTACKAUTHOR$ / $SERVICEACKAUTHOR$ family.
 * NULL strings expand to "".
 */
#define MACRO_NOTIF_UNSET (-1)

struct macro_notif {
	const char *type;        /* "PROBLEM", "RECOVERY", "ACKNOWLEDGEMENT", ... */
	const char *recipients;  /* comma-separated contact names */
	const char *author;      /* as given; name/alias: the contact it names, if any */
	const char *author_name;
	const char *author_alias;
	const char *comment;
	const char *ack_author;  /* set for ACKNOWLEDGEMENT notifications */
	const char *ack_comment;
	int number;              /* $NOTIFICATIONNUMBER$ */
	int is_escalated;        /* 1, 0, or MACRO_NOTIF_UNSET: expands to "" */
	unsigned long id;        /* $HOSTNOTIFICATIONID$ / $SERVICENOTIFICATIONID$ */
};

struct macro_ctx {
	const struct main_cfg *cfg;
	const struct objects *objs;
	const struct host_state *hstates;   /* indexed by host id */
	const struct svc_state *sstates;    /* indexed by service id */
	const struct contact_state *cstates; /* indexed by contact id; NULL: as configured */
	const struct macro_globals *globals;
	const struct obj_host *host;        /* NULL when none */
	const struct obj_service *svc;      /* NULL when none; implies host = svc->host */
	const struct obj_contact *contact;  /* NULL when none */
	const char *args[MACRO_MAX_ARGS];   /* $ARG1$ is args[0]; NULL unset */
	unsigned nargs;
	time_t now;
	const struct macro_notif *notif;    /* NULL: not a notification */
};

/*
 * Split a check_command reference "name!a1!a2" into ctx->args (pointers
 * into the heap block *store, which the caller frees; NULL with no
 * arguments); '\!' is a '!' in an argument.  Returns the number of
 * arguments (at most MACRO_MAX_ARGS; more are dropped, as in Nagios).
 * Like Nagios, each argument is macro-expanded here, once, under ctx (set
 * host, service and contact first) and seeing the arguments before it;
 * macro_expand later inserts $ARGn$ as it is, without expanding or
 * cleaning it again.  ctx->args and ctx->nargs are overwritten.
 */
unsigned macro_split_args(struct macro_ctx *ctx, const char *ref, char **store);

/* expand in under ctx; returns a heap string (never NULL) */
char *macro_expand(const struct macro_ctx *ctx, const char *in);

/*
 * The NAGIOS_* environment for ctx when cfg->enable_environment_macros is
 * set: a NULL-terminated heap vector of "NAGIOS_NAME=value" strings in one
 * block (free the vector with free()); NULL when disabled.
 */
char **macro_environment(const struct macro_ctx *ctx);

#endif

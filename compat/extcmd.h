/*
 * extcmd: Nagios 4.4.6's external command language (base/commands.c):
 * one line "[<time>] NAME;arg;arg..." is parsed, checked and applied to
 * the running engine.  Every command Nagios 4.4.6 knows is in one table
 * (name, argument kinds, what it does); names are case-insensitive; the
 * last text argument may hold ';'.
 *
 * A line that cannot be applied (no bracketed time, unknown name, wrong
 * argument count or kind, unknown object, a refused downtime) is logged
 * as Nagios logs it and changes nothing; the next line is independent.
 *
 * Called by the command pipe reader (cmdpipe), the check result spool
 * and the journal replay at start-up (replaying: no log lines).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_EXTCMD_H
#define JAQUE_EXTCMD_H

#include <stddef.h>
#include <time.h>

struct objects;
struct main_cfg;
struct prog_state;
struct checker;
struct comments;
struct downtimes;
struct nlog;
struct contact_state;
struct obj_host;
struct obj_service;

/* Nagios's modified-attribute bits (MODATTR_*) */
#define EXTCMD_MODATTR_NOTIFICATIONS_ENABLED (1ul << 0)
#define EXTCMD_MODATTR_ACTIVE_CHECKS_ENABLED (1ul << 1)
#define EXTCMD_MODATTR_PASSIVE_CHECKS_ENABLED (1ul << 2)
#define EXTCMD_MODATTR_EVENT_HANDLER_ENABLED (1ul << 3)
#define EXTCMD_MODATTR_FLAP_DETECTION_ENABLED (1ul << 4)
#define EXTCMD_MODATTR_FAILURE_PREDICTION_ENABLED (1ul << 5)
#define EXTCMD_MODATTR_PERFORMANCE_DATA_ENABLED (1ul << 6)
#define EXTCMD_MODATTR_OBSESSIVE_HANDLER_ENABLED (1ul << 7)
#define EXTCMD_MODATTR_EVENT_HANDLER_COMMAND (1ul << 8)
#define EXTCMD_MODATTR_CHECK_COMMAND (1ul << 9)
#define EXTCMD_MODATTR_NORMAL_CHECK_INTERVAL (1ul << 10)
#define EXTCMD_MODATTR_RETRY_CHECK_INTERVAL (1ul << 11)
#define EXTCMD_MODATTR_MAX_CHECK_ATTEMPTS (1ul << 12)
#define EXTCMD_MODATTR_FRESHNESS_CHECKS_ENABLED (1ul << 13)
#define EXTCMD_MODATTR_CHECK_TIMEPERIOD (1ul << 14)
#define EXTCMD_MODATTR_CUSTOM_VARIABLE (1ul << 15)
#define EXTCMD_MODATTR_NOTIFICATION_TIMEPERIOD (1ul << 16)

enum extcmd_status {
	EXTCMD_OK,
	EXTCMD_MALFORMED,    /* no "[time] " prefix, empty name, binary bytes */
	EXTCMD_UNKNOWN,      /* no such command: "Warning: Unrecognized external command" */
	EXTCMD_FAILED,       /* bad arguments, unknown object, refused: "Error: External command failed" */
	EXTCMD_DISABLED      /* check_external_commands is off */
};

struct extcmd_ctx {
	const struct objects *objs;   /* the running generation */
	struct main_cfg *cfg;         /* program-wide switches are changed here */
	struct prog_state *prog;
	struct checker *chk;          /* object state, passive results, forced checks */
	struct contact_state *contacts; /* indexed by contact id */
	struct comments *comments;
	struct downtimes *downtimes;
	struct nlog *log;             /* NULL: nothing logged */
	int replaying;                /* journal replay: no log lines */

	/* what the daemon does for program-wide commands; any may be NULL */
	void *arg;
	void (*restart)(void *arg);               /* RESTART_PROCESS */
	void (*shutdown)(void *arg);              /* SHUTDOWN_PROCESS */
	int (*save_state)(void *arg);             /* SAVE_STATE_INFORMATION */
	int (*read_state)(void *arg);             /* READ_STATE_INFORMATION */
	/* a notification a command asks for (enum notify_type, NOTIFY_OPT_ bits);
	 * s NULL for a host */
	void (*notify)(void *arg, const struct obj_host *h, const struct obj_service *s, int type,
	    const char *author, const char *comment, unsigned options);
	/* flapping was ended by a command (after its log line): type
	 * NOTIFY_FLAPPINGDISABLED (detection turned off) or NOTIFY_FLAPPINGSTOP
	 * (CLEAR_*_FLAPPING_STATE, called while is_flapping is still set, as
	 * Nagios does): that notification and any recovery owed */
	void (*flap_ended)(void *arg, const struct obj_host *h, const struct obj_service *s,
	    int type);
	/* flap detection was turned on (for the object or program-wide): judge
	 * the object's recorded history again, as Nagios does then (it may
	 * start or stop flapping, with its lines and notifications) */
	void (*flap_recheck)(void *arg, const struct obj_host *h, const struct obj_service *s);
};

/*
 * Apply one line (without its '\n'; len bytes, not NUL-terminated) at
 * time now.  Logs as Nagios does (EXTERNAL COMMAND, PASSIVE ... CHECK,
 * the warning or error) unless replaying.  *journal (may be NULL) is set
 * to 1 when the command changed state that must survive a crash
 * (acknowledgements, comments, downtime, switches, passive results,
 * changed attributes), else 0.
 */
enum extcmd_status extcmd_process(struct extcmd_ctx *x, const char *line, size_t len, time_t now,
    int *journal);
const char *extcmd_status_str(enum extcmd_status st);
/*
 * Whether extcmd_process would run the line: 1 when it has its bracketed
 * time and names a command of the table (or a custom one, '_' first); 0
 * when extcmd_process would find it EXTCMD_MALFORMED or EXTCMD_UNKNOWN.
 * Reads the text alone: no state, nothing logged.  Livestatus answers
 * those two with an error, and so needs to know before a written-ahead
 * command is applied.
 */
int extcmd_is_known(const char *line, size_t len);

/* how many commands the table has (aliases included) */
size_t extcmd_count(void);
/* the i-th name, for tests and documentation */
const char *extcmd_name(size_t i);

#endif

/*
 * lslog: log lines taken apart, and the files read for a query (lslog.h).
 *
 * The fields of each kind of line are naemon-livestatus's (LogEntry):
 * alerts and states give host;[service;]state;state type;attempt;output,
 * downtime and flapping alerts host;[service;]state type;comment, and so
 * on.  The last field takes the rest of the line, semicolons included.
 * The files and the cache of their entries are lslog_files.c's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lslog.h"

#include <string.h>

#include "engine/util/arena.h"
#include "engine/util/strutil.h"

/* what the options of a kind of line hold, in order */
enum lslog_field { F_HOST, F_SVC, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_COMMENT, F_CONTACT,
	F_COMMAND, F_PSTATE, F_END };

static const struct lslog_kind {
	const char *type;
	int class;
	int svc_state;            /* the state field is a service's */
	enum lslog_field f[7];
} kinds[] = {
	{ "INITIAL HOST STATE", LSLOG_STATE, 0,
	    { F_HOST, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "CURRENT HOST STATE", LSLOG_STATE, 0,
	    { F_HOST, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "HOST ALERT", LSLOG_ALERT, 0, { F_HOST, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "HOST DOWNTIME ALERT", LSLOG_ALERT, 0, { F_HOST, F_STYPE, F_COMMENT, F_END } },
	{ "HOST FLAPPING ALERT", LSLOG_ALERT, 0, { F_HOST, F_STYPE, F_COMMENT, F_END } },
	{ "HOST ACKNOWLEDGE ALERT", LSLOG_ALERT, 0,
	    { F_HOST, F_STYPE, F_CONTACT, F_COMMENT, F_END } },
	{ "HOST NOTIFICATION SUPPRESSED", LSLOG_INFO, 0, { F_HOST, F_COMMENT, F_END } },
	{ "HOST INFO", LSLOG_INFO, 0, { F_HOST, F_COMMENT, F_END } },
	{ "HOST NOTIFICATION", LSLOG_NOTIFICATION, 0,
	    { F_CONTACT, F_HOST, F_STYPE, F_COMMAND, F_OUTPUT, F_END } },
	{ "PASSIVE HOST CHECK", LSLOG_PASSIVE, 0, { F_HOST, F_PSTATE, F_OUTPUT, F_END } },
	{ "HOST NOTE", LSLOG_INFO, 0, { F_HOST, F_END } },
	{ "INITIAL SERVICE STATE", LSLOG_STATE, 1,
	    { F_HOST, F_SVC, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "CURRENT SERVICE STATE", LSLOG_STATE, 1,
	    { F_HOST, F_SVC, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "SERVICE ALERT", LSLOG_ALERT, 1,
	    { F_HOST, F_SVC, F_STATE, F_STYPE, F_ATTEMPT, F_OUTPUT, F_END } },
	{ "SERVICE DOWNTIME ALERT", LSLOG_ALERT, 1, { F_HOST, F_SVC, F_STYPE, F_COMMENT, F_END } },
	{ "SERVICE FLAPPING ALERT", LSLOG_ALERT, 1, { F_HOST, F_SVC, F_STYPE, F_COMMENT, F_END } },
	{ "SERVICE ACKNOWLEDGE ALERT", LSLOG_ALERT, 1,
	    { F_HOST, F_SVC, F_STYPE, F_CONTACT, F_COMMENT, F_END } },
	{ "SERVICE NOTIFICATION SUPPRESSED", LSLOG_INFO, 1, { F_HOST, F_SVC, F_COMMENT, F_END } },
	{ "SERVICE INFO", LSLOG_INFO, 1, { F_HOST, F_SVC, F_COMMENT, F_END } },
	{ "SERVICE NOTIFICATION", LSLOG_NOTIFICATION, 1,
	    { F_CONTACT, F_HOST, F_SVC, F_STYPE, F_COMMAND, F_OUTPUT, F_END } },
	{ "PASSIVE SERVICE CHECK", LSLOG_PASSIVE, 1, { F_HOST, F_SVC, F_PSTATE, F_OUTPUT, F_END } },
	{ "SERVICE NOTE", LSLOG_INFO, 1, { F_HOST, F_SVC, F_END } },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* naemon's reading of a state's name, by its last letter ("CUSTOM (OK)": K) */
static int
state_of(const char *s, int svc)
{
	size_t n = strlen(s);
	char c;

	if (n > 0 && s[n - 1] == ')')
		n--;
	if (n == 0)
		return 3;
	c = s[n - 1];
	if (svc)
		return c == 'K' || c == 'Y' ? 0 : c == 'G' ? 1 : c == 'L' ? 2 : c == 'N' ? 3 : 4;
	return c == 'P' || c == 'Y' ? 0 : c == 'N' ? 1 : c == 'E' ? 2 : 3;
}

/* whether the name is one state_of knows */
static int
is_state(const char *s, int svc)
{
	return state_of(s, svc) < (svc ? 4 : 3);
}

static void
take_fields(struct lslog_entry *e, const struct lslog_kind *k, char *opts)
{
	char *cur = opts;
	size_t i;

	for (i = 0; k->f[i] != F_END && cur != NULL; i++) {
		char *v = k->f[i + 1] == F_END ? cur : strsep(&cur, ";");

		if (k->f[i + 1] == F_END)
			cur = NULL;
		switch (k->f[i]) {
		case F_HOST:
			e->host = v;
			break;
		case F_SVC:
			e->svc = v;
			break;
		case F_STATE:
			e->state = state_of(v, k->svc_state);
			break;
		case F_PSTATE:
			e->state = (int)str_atol_lenient(v);
			break;
		case F_STYPE:
			e->state_type = v;
			break;
		case F_ATTEMPT:
			e->attempt = (int)str_atol_lenient(v);
			break;
		case F_OUTPUT:
			e->output = v;
			break;
		case F_COMMENT:
			e->comment = v;
			break;
		case F_CONTACT:
			e->contact = v;
			break;
		case F_COMMAND:
			e->command = v;
			break;
		case F_END:
			break;
		}
	}
	if (k->class == LSLOG_NOTIFICATION) {
		/* an older order has the command first: naemon swaps them back */
		if (!is_state(e->state_type, k->svc_state) && is_state(e->command, k->svc_state)) {
			const char *t = e->state_type;

			e->state_type = e->command;
			e->command = t;
		}
		e->state = state_of(e->state_type, k->svc_state);
	}
}

/* EXTERNAL COMMAND: a host (and service) named by the command's own fields */
static void
command_objects(struct lslog_entry *e, char *opts)
{
	char *cur = opts, *name = strsep(&cur, ";");

	if (strstr(name, "_SVC") != NULL) {
		e->host = cur != NULL ? strsep(&cur, ";") : "";
		e->svc = cur != NULL ? strsep(&cur, ";") : "";
	} else if (strstr(name, "_HOST") != NULL && strstr(name, "_HOSTGROUP") == NULL) {
		e->host = cur != NULL ? strsep(&cur, ";") : "";
	}
}

static int
program_line(const char *text)
{
	static const char *const words[] = { "starting...", "shutting down...", "Bailing out",
		"standby mode...", "restarting..." };
	size_t i;

	if (strncmp(text, "LOG VERSION:", 12) == 0 || strcmp(text, "logging initial states") == 0)
		return 1;
	for (i = 0; i < NELEM(words); i++)
		if (strstr(text, words[i]) != NULL)
			return 1;
	return 0;
}

int
lslog_parse(struct lslog_entry *e, const char *line, size_t len, long lineno, struct arena *a)
{
	char *text, *colon, *opts;
	size_t i;

	if (len < 13 || line[0] != '[' || line[11] != ']')
		return -1;
	memset(e, 0, sizeof(*e));
	e->time = (time_t)str_atol_lenient(line + 1);
	e->lineno = lineno;
	/* two copies of the line: the message, and one cut into the fields;
	 * the type of an untyped line and the options are the message's tail */
	e->message = arena_strndup(a, line, len);
	e->host = e->svc = e->contact = e->command = e->state_type = e->output = e->comment = "";
	e->options = "";
	text = arena_strndup(a, line + 13, len - 13);
	e->type = e->message + 13;
	e->class = program_line(text) ? LSLOG_PROGRAM : LSLOG_INFO;
	if (strncmp(text, "TIMEPERIOD TRANSITION", 21) == 0) {
		e->class = LSLOG_STATE;
		return 0;
	}
	if ((colon = strchr(text, ':')) == NULL)
		return 0;
	*colon = '\0';
	e->type = text;
	opts = colon + 1 + strspn(colon + 1, " ");
	e->options = e->message + 13 + (opts - text);
	if (strcmp(text, "EXTERNAL COMMAND") == 0) {
		e->class = LSLOG_COMMAND;
		command_objects(e, opts);
		return 0;
	}
	for (i = 0; i < NELEM(kinds); i++)
		if (strcmp(text, kinds[i].type) == 0) {
			e->class = kinds[i].class;
			take_fields(e, &kinds[i], opts);
			break;
		}
	return 0;
}

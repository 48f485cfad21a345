/*
 * mgcfg: reading mod_gearman's options (the contract is in mgcfg.h).
 *
 * Every key mod_gearman 5.2 knows is a row of one table: its kind of
 * value, the field it lands in, its bounds, and for a yes/no key the value
 * it takes when written alone.  mgcfg_set cuts a "key=value" the way
 * mod_gearman's parse_args_line does (first '=', the key lowered, blanks
 * and leading '-' gone) and hands it to the row's kind; files are cut into
 * such pairs line by line (mgcfg_file.c).  The rules that depend on more
 * than one key wait for mgcfg_finish.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/gearman/mgcfg.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/config/diag.h"
#include "compat/gearman/mgcfg_int.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

/* mod_gearman's perfdata templates: the text a perfdata worker parses */
#define MG_HOST_TEMPLATE "DATATYPE::HOSTPERFDATA\tTIMET::$TIMET$\tHOSTNAME::$HOSTNAME$\t" \
	"HOSTPERFDATA::$HOSTPERFDATA$\tHOSTCHECKCOMMAND::$HOSTCHECKCOMMAND$\t" \
	"HOSTSTATE::$HOSTSTATE$\tHOSTSTATETYPE::$HOSTSTATETYPE$"
#define MG_SERVICE_TEMPLATE "DATATYPE::SERVICEPERFDATA\tTIMET::$TIMET$\t" \
	"HOSTNAME::$HOSTNAME$\tSERVICEDESC::$SERVICEDESC$\tSERVICEPERFDATA::$SERVICEPERFDATA$\t" \
	"SERVICECHECKCOMMAND::$SERVICECHECKCOMMAND$\tHOSTSTATE::$HOSTSTATE$\t" \
	"HOSTSTATETYPE::$HOSTSTATETYPE$\tSERVICESTATE::$SERVICESTATE$\t" \
	"SERVICESTATETYPE::$SERVICESTATETYPE$"

enum mg_kind {
	MG_BOOL,     /* yes/on/true/1 or no/off/false/0, any case */
	MG_INT,      /* a whole number within [min, max] (MG_F_CLAMP: below min is min) */
	MG_STR,      /* kept as written, "" included */
	MG_NAME,     /* kept as written, not empty */
	MG_PATH,     /* made absolute against base_dir, not empty */
	MG_UPPER,    /* upper-cased; empty is none */
	MG_KEY,      /* the shared key, its first MGCFG_KEY_MAX bytes */
	MG_KEYFILE,  /* a path, read by mgcfg_finish */
	MG_SERVER,   /* host[:port] list, added */
	MG_GROUPS,   /* group names with queues of their own, added */
	MG_LOCAL,    /* group names kept local, added */
	MG_PERFDATA, /* yes, no, or queue names */
	MG_INCLUDE,  /* another config file (or directory), read at once */
	MG_IGNORED   /* known to mod_gearman, nothing to a core */
};

#define MG_F_HAND 0x01  /* counts as a queue option (set_queues_by_hand) */
#define MG_F_CLAMP 0x02 /* INT: a value below min becomes min, silently */
#define MG_F_WORKER 0x04 /* the worker's: kept for jaque --gearman-worker, and
                          * noted in `ignored` as nothing to a core */

struct mg_key {
	const char *name;
	enum mg_kind kind;
	size_t off;
	long min, max;
	int bare;       /* BOOL: the value of the key alone, or of "key=" */
	unsigned flags;
};

#define OFF(f) offsetof(struct mgcfg, f)
#define YN(n, f, b, fl) { n, MG_BOOL, OFF(f), 0, 0, b, fl }
#define NUM(n, f, lo, hi, fl) { n, MG_INT, OFF(f), lo, hi, 0, fl }
#define FIELD(n, k, f) { n, k, OFF(f), 0, 0, 0, 0 }
#define IGN(n) { n, MG_IGNORED, 0, 0, 0, 0, 0 }

/* aliases are rows of their own: the name written is the one reported */
static const struct mg_key mg_keys[] = {
	FIELD("server", MG_SERVER, servers),
	YN("encryption", encryption, 1, 0),
	FIELD("key", MG_KEY, key),
	FIELD("password", MG_KEY, key),
	FIELD("keyfile", MG_KEYFILE, keyfile),
	FIELD("passwordfile", MG_KEYFILE, keyfile),
	YN("hosts", hosts, 1, MG_F_HAND),
	YN("services", services, 1, MG_F_HAND),
	YN("eventhandler", eventhandler, 1, MG_F_HAND),
	YN("eventhandlers", eventhandler, 1, MG_F_HAND),
	YN("notifications", notifications, 1, MG_F_HAND),
	YN("notification", notifications, 1, MG_F_HAND),
	FIELD("hostgroups", MG_GROUPS, hostgroups),
	FIELD("hostgroup", MG_GROUPS, hostgroups),
	FIELD("servicegroups", MG_GROUPS, servicegroups),
	FIELD("servicegroup", MG_GROUPS, servicegroups),
	FIELD("localhostgroups", MG_LOCAL, localhostgroups),
	FIELD("localhostgroup", MG_LOCAL, localhostgroups),
	FIELD("localservicegroups", MG_LOCAL, localservicegroups),
	FIELD("localservicegroup", MG_LOCAL, localservicegroups),
	FIELD("queue_custom_variable", MG_UPPER, queue_custom_variable),
	YN("route_eventhandler_like_checks", route_eventhandler_like_checks, 1, 0),
	{ "perfdata", MG_PERFDATA, OFF(perfdata), 0, 0, 0, MG_F_HAND },
	NUM("perfdata_mode", perfdata_mode, 0, 2, 0),
	YN("perfdata_send_all", perfdata_send_all, 0, 0),
	FIELD("host_perfdata_template", MG_STR, host_perfdata_template),
	FIELD("service_perfdata_template", MG_STR, service_perfdata_template),
	FIELD("result_queue", MG_NAME, result_queue),
	NUM("result_workers", result_workers, 0, INT_MAX, MG_F_CLAMP),
	YN("orphan_host_checks", orphan_host_checks, 1, 0),
	YN("orphan_service_checks", orphan_service_checks, 1, 0),
	NUM("orphan_return", orphan_return, 0, 3, 0),
	YN("accept_clear_results", accept_clear_results, 1, 0),
	YN("use_uniq_jobs", use_uniq_jobs, 1, 0),
	YN("do_hostchecks", do_hostchecks, 1, 0),
	NUM("latency_flatten_window", latency_flatten_window, INT_MIN, INT_MAX, 0),
	YN("internal_check_dummy", internal_check_dummy, 1, 0),
	NUM("gearman_connection_timeout", connection_timeout, INT_MIN, INT_MAX, 0),
	NUM("debug", debug, 0, INT_MAX, MG_F_CLAMP),
	{ "identifier", MG_NAME, OFF(identifier), 0, 0, 0, MG_F_WORKER },
	NUM("job_timeout", job_timeout, 1, INT_MAX, MG_F_CLAMP | MG_F_WORKER),
	NUM("timeout_return", timeout_return, 0, 3, MG_F_WORKER),
	NUM("max-worker", max_worker, 1, INT_MAX, MG_F_CLAMP | MG_F_WORKER),
	NUM("max-age", max_age, 0, INT_MAX, MG_F_CLAMP | MG_F_WORKER),
	YN("show_error_output", show_error_output, 1, MG_F_WORKER),
	YN("workaround_rc_25", workaround_rc_25, 1, MG_F_WORKER),
	FIELD("logfile", MG_PATH, logfile),
	{ "config", MG_INCLUDE, 0, 0, 0, 0, 0 },
	{ "configfile", MG_INCLUDE, 0, 0, 0, 0, 0 },
	{ "include", MG_INCLUDE, 0, 0, 0, 0, 0 },
	/* the worker's, send_gearman's, and the module's own logging and exports */
	IGN("daemon"), IGN("d"), IGN("debug-result"), IGN("debug_result"), IGN("fork_on_exec"),
	IGN("active"), IGN("dup_results_are_passive"), IGN("enable_embedded_perl"),
	IGN("use_embedded_perl_implicitly"), IGN("use_perl_cache"), IGN("logmode"),
	IGN("log_stats_interval"), IGN("returncode"), IGN("r"), IGN("message"), IGN("m"),
	IGN("delimiter"), IGN("host"), IGN("service"), IGN("latency"), IGN("starttime"),
	IGN("finishtime"), IGN("pidfile"), IGN("timeout"), IGN("t"), IGN("min-worker"),
	IGN("idle-timeout"), IGN("max-jobs"), IGN("spawn-rate"), IGN("load_limit1"),
	IGN("load_limit5"), IGN("load_limit15"), IGN("dupserver"), IGN("export"),
	IGN("p1_file"), IGN("restrict_path"), IGN("restrictpath"),
	IGN("restrict_command_characters"), IGN("prometheus_server"), IGN("sink-rate"),
	IGN("backgrounding-threshold"), IGN("load_cpu_multi"), IGN("mem_limit"),
};

int
mg_report(const struct mg_at *at, int error, const char *fmt, ...)
{
	struct diag_loc loc = { at->file, at->line, NULL, NULL, at->key };
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (at->d == NULL)
		return error;
	if (error)
		diag_error(at->d, &loc, "mod_gearman: %s", msg);
	else
		diag_warning(at->d, &loc, "mod_gearman: %s", msg);
	return error;
}

/* mod_gearman trims with isspace */
char *
mg_trim(char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* 1 yes, 0 no, -1 neither */
static int
mg_yes_no(const char *v)
{
	static const char *const yes[] = { "yes", "on", "true", "1" };
	static const char *const no[] = { "no", "off", "false", "0" };
	size_t i;

	for (i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0)
			return 1;
		if (strcasecmp(v, no[i]) == 0)
			return 0;
	}
	return -1;
}

/* whether v holds s already */
static int
mg_has(const struct vec *v, const char *s)
{
	size_t i;

	for (i = 0; i < v->len; i++)
		if (strcmp(v->items[i], s) == 0)
			return 1;
	return 0;
}

static void
mg_free_strings(struct vec *v)
{
	size_t i;

	for (i = 0; i < v->len; i++)
		free(v->items[i]);
	vec_clear(v);
}

static int
mg_server(struct mgcfg *m, const struct mg_at *at, char *item)
{
	struct mgcfg_server *s;
	char *colon = strchr(item, ':');
	long port = MGCFG_DEFAULT_PORT;
	size_t i;

	if (colon != NULL) {
		*colon = '\0';
		if (str_to_long(colon + 1, 1, 65535, &port) < 0)
			return mg_report(at, 1, "Illegal port '%s' in server '%s:%s' (host[:port], "
			    "a port from 1 to 65535)", colon + 1, item, colon + 1);
	}
	/* as mod_gearman: no host means every address, which reaches this machine */
	if (*item == '\0')
		item = "0.0.0.0";
	for (i = 0; i < m->servers.len; i++) {
		s = m->servers.items[i];
		if (s->port == port && strcmp(s->host, item) == 0)
			return mg_report(at, 0, "server %s:%ld is given twice; counted once", item,
			    port);
	}
	s = xmalloc(sizeof(*s));
	s->host = xstrdup(item);
	s->port = (int)port;
	vec_push(&m->servers, s);
	return 0;
}

/* a comma list, each item trimmed, handed to the kind's code */
static int
mg_list(struct mgcfg *m, const struct mg_key *k, const struct mg_at *at, const char *val)
{
	struct vec *v = (struct vec *)((char *)m + k->off);
	char *copy = xstrdup(val), *cur = copy, *item;
	int err = 0;

	while ((item = strsep(&cur, ",")) != NULL) {
		item = mg_trim(item);
		if (k->kind == MG_SERVER) {
			/* an empty item too: mod_gearman takes it for 0.0.0.0 */
			err += mg_server(m, at, item);
		} else if (*item == '\0') {
			continue;
		} else if (k->kind == MG_GROUPS && strlen(item) > MGCFG_GROUP_MAX) {
			/* mod_gearman leaves such a group out (its checks go to the general
			 * queues) and says so */
			err += mg_report(at, at->strict, "group name '%s' is longer than %d "
			    "characters: left out", item, MGCFG_GROUP_MAX);
		} else if (k->kind == MG_PERFDATA) {
			if (!mg_has(v, item))
				vec_push(v, xstrdup(item));
		} else {
			vec_push(v, xstrdup(item));
			if (k->kind == MG_GROUPS)
				m->by_hand++;
		}
	}
	free(copy);
	return err;
}

static int
mg_perfdata(struct mgcfg *m, const struct mg_key *k, const struct mg_at *at, const char *val)
{
	static const struct mg_key queues = { "perfdata", MG_PERFDATA, OFF(perfdata_queues),
		0, 0, 0, 0 };
	int yn = mg_yes_no(val);

	(void)k;
	m->by_hand++;
	m->perfdata = yn != 0;
	if (yn == 1 && !mg_has(&m->perfdata_queues, MGCFG_PERFDATA_QUEUE))
		vec_push(&m->perfdata_queues, xstrdup(MGCFG_PERFDATA_QUEUE));
	if (yn == -1)
		return mg_list(m, &queues, at, val);
	return 0;
}

static int
mg_int(struct mgcfg *m, const struct mg_key *k, const struct mg_at *at, const char *val)
{
	int *field = (int *)((char *)m + k->off);
	long v;

	if (str_to_long(val, LONG_MIN, LONG_MAX, &v) < 0 || v > INT_MAX || v < INT_MIN) {
		if (at->strict)
			return mg_report(at, 1, "Illegal value '%s' for %s (a whole number)", val,
			    k->name);
		/* mod_gearman takes the number the value begins with (0 when none) */
		v = strtol(val, NULL, 10);
		v = v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : v;
		mg_report(at, 0, "'%s' for %s is not a whole number: taken as %ld", val, k->name, v);
	}
	if ((v < k->min && !(k->flags & MG_F_CLAMP)) || v > k->max) {
		if (at->strict)
			return mg_report(at, 1, "Illegal value '%s' for %s (a whole number from %ld "
			    "to %ld)", val, k->name, k->min, k->max);
		/* mod_gearman warns and keeps it; where it is used, it means what it means
		 * there (an orphan's return code above 3 is UNKNOWN to Nagios) */
		mg_report(at, 0, "%s=%ld is outside %ld..%ld", k->name, v, k->min, k->max);
	}
	*field = v < k->min && (k->flags & MG_F_CLAMP) ? (int)k->min : (int)v;
	return 0;
}

static void
mg_ignore(struct mgcfg *m, const char *name)
{
	if (!mg_has(&m->ignored, name))
		vec_push(&m->ignored, xstrdup(name));
}

static int
mg_string(struct mgcfg *m, const struct mg_key *k, const struct mg_at *at, const char *val)
{
	char **field = (char **)((char *)m + k->off);
	size_t i;

	if (*val == '\0' && (k->kind == MG_NAME || k->kind == MG_PATH || k->kind == MG_KEYFILE))
		return mg_report(at, 1, "%s needs a value", k->name);
	free(*field);
	*field = NULL;
	switch (k->kind) {
	case MG_PATH:
	case MG_KEYFILE:
		*field = str_path_join(m->base_dir, val);
		if (k->kind == MG_KEYFILE) {
			free(m->keyfile_file);
			m->keyfile_file = at->file != NULL ? xstrdup(at->file) : NULL;
			m->keyfile_line = at->line;
		}
		break;
	case MG_KEY:
		*field = xstrndup(val, strnlen(val, MGCFG_KEY_MAX));
		break;
	case MG_UPPER:
		if (*val != '\0') {
			*field = xstrdup(val);
			for (i = 0; (*field)[i] != '\0'; i++)
				(*field)[i] = (char)toupper((unsigned char)(*field)[i]);
		}
		break;
	default:
		*field = xstrdup(val);
		break;
	}
	return 0;
}

/* one key (found in the table) with its value, NULL when written alone */
static int
mg_apply(struct mgcfg *m, const struct mg_key *k, const struct mg_at *at, const char *val)
{
	int yn;

	if (k->kind == MG_IGNORED) {
		mg_ignore(m, k->name);
		return 0;
	}
	if (k->flags & MG_F_WORKER)
		mg_ignore(m, k->name);
	if (k->kind == MG_BOOL) {
		if (k->flags & MG_F_HAND)
			m->by_hand++;
		yn = val == NULL || *val == '\0' ? k->bare : mg_yes_no(val);
		if (yn < 0 && at->strict)
			return mg_report(at, 1, "Illegal value '%s' for %s (yes, on, true, 1, no, off, "
			    "false or 0)", val, k->name);
		if (yn < 0) {
			/* mod_gearman takes any other word for yes, without a word */
			mg_report(at, 0, "'%s' for %s is taken as yes", val, k->name);
			yn = 1;
		}
		*(int *)((char *)m + k->off) = yn;
		return 0;
	}
	if (val == NULL || (k->kind == MG_PERFDATA && *val == '\0'))
		return mg_report(at, 1, "%s needs a value", k->name);
	switch (k->kind) {
	case MG_INT:
		return mg_int(m, k, at, val);
	case MG_SERVER:
	case MG_GROUPS:
	case MG_LOCAL:
		return mg_list(m, k, at, val);
	case MG_PERFDATA:
		return mg_perfdata(m, k, at, val);
	case MG_INCLUDE:
		if (*val == '\0')
			return mg_report(at, 1, "%s needs a value", k->name);
		return mg_include(m, at, val);
	default:
		return mg_string(m, k, at, val);
	}
}

static const struct mg_key *
mg_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(mg_keys) / sizeof(mg_keys[0]); i++)
		if (strcmp(mg_keys[i].name, name) == 0)
			return &mg_keys[i];
	return NULL;
}

/* shown: what stands before the key in the file (jaque.cfg's "gearman_"), for reports */
static int
mg_set(struct mgcfg *m, const char *pair, const char *file, int line, struct diag *d,
    const char *shown)
{
	char *buf = xstrdup(pair), *key = buf, *val = NULL, *eq = strchr(buf, '=');
	struct mg_at at = { file, line, NULL, d, shown != NULL };
	const struct mg_key *k;
	char *written = NULL;
	size_t i;
	int err;

	if (eq != NULL) {
		*eq = '\0';
		val = mg_trim(eq + 1);
	}
	for (i = 0; key[i] != '\0'; i++)
		key[i] = (char)tolower((unsigned char)key[i]);
	key = mg_trim(key);
	while (*key == '-')
		key++;
	if (*key == '\0' && val == NULL) {
		/* two blanks in a row on the module's line: nothing */
		free(buf);
		return 0;
	}
	at.key = key;
	if (shown != NULL)
		at.key = written = xasprintf("%s%s", shown, key);
	k = mg_find(key);
	/* mod_gearman logs an unknown option and goes on: a site's file may hold keys of
	 * another version */
	err = k != NULL ? mg_apply(m, k, &at, val) :
	    mg_report(&at, at.strict, "unknown option '%s'", key);
	free(written);
	free(buf);
	return err;
}

int
mgcfg_set(struct mgcfg *m, const char *pair, const char *file, int line, struct diag *d)
{
	return mg_set(m, pair, file, line, d, NULL);
}

int
mgcfg_set_jaque(struct mgcfg *m, const char *key, const char *value, const char *file,
    int line, struct diag *d)
{
	size_t n = strlen(MGCFG_JAQUE_PREFIX);
	struct mg_at at = { file, line, key, d, 1 };
	char *pair;
	int err;

	if (strncmp(key, MGCFG_JAQUE_PREFIX, n) != 0)
		return mg_report(&at, 1, "'%s' is not a gearman_ option", key);
	pair = xasprintf("%s=%s", key + n, value);
	err = mg_set(m, pair, file, line, d, MGCFG_JAQUE_PREFIX);
	free(pair);
	return err;
}

int
mgcfg_read_args(struct mgcfg *m, const char *args, const char *file, int line,
    struct diag *d)
{
	char *copy, *cur, *word;
	int err = 0;

	if (args == NULL)
		return 0;
	copy = xstrdup(args);
	cur = copy;
	/* mod_gearman splits its arguments at single spaces, tabs included in words */
	while ((word = strsep(&cur, " ")) != NULL)
		err += mgcfg_set(m, word, file, line, d);
	free(copy);
	return err;
}

struct mgcfg *
mgcfg_new(const char *base_dir)
{
	struct mgcfg *m = xcalloc(1, sizeof(*m));

	vec_init(&m->servers);
	vec_init(&m->hostgroups);
	vec_init(&m->servicegroups);
	vec_init(&m->localhostgroups);
	vec_init(&m->localservicegroups);
	vec_init(&m->perfdata_queues);
	vec_init(&m->ignored);
	m->base_dir = base_dir != NULL ? xstrdup(base_dir) : NULL;
	m->encryption = 1;
	m->perfdata_mode = MGCFG_PERFDATA_OVERWRITE;
	m->host_perfdata_template = xstrdup(MG_HOST_TEMPLATE);
	m->service_perfdata_template = xstrdup(MG_SERVICE_TEMPLATE);
	m->result_workers = 1;
	m->orphan_host_checks = 1;
	m->orphan_service_checks = 1;
	m->orphan_return = 2;
	m->use_uniq_jobs = 1;
	m->do_hostchecks = 1;
	m->latency_flatten_window = 30;
	m->internal_check_dummy = 1;
	m->connection_timeout = 5000;
	m->job_timeout = MGCFG_JOB_TIMEOUT;
	m->timeout_return = MGCFG_TIMEOUT_RETURN;
	m->max_worker = MGCFG_MAX_WORKER;
	m->show_error_output = 1;
	return m;
}

void
mgcfg_free(struct mgcfg *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->servers.len; i++) {
		struct mgcfg_server *s = m->servers.items[i];

		free(s->host);
		free(s);
	}
	vec_clear(&m->servers);
	mg_free_strings(&m->hostgroups);
	mg_free_strings(&m->servicegroups);
	mg_free_strings(&m->localhostgroups);
	mg_free_strings(&m->localservicegroups);
	mg_free_strings(&m->perfdata_queues);
	mg_free_strings(&m->ignored);
	free(m->key);
	free(m->keyfile);
	free(m->queue_custom_variable);
	free(m->host_perfdata_template);
	free(m->service_perfdata_template);
	free(m->result_queue);
	free(m->logfile);
	free(m->identifier);
	free(m->base_dir);
	free(m->keyfile_file);
	free(m);
}

/* what the core and the worker both check once everything is read */
static int
mg_finish_common(struct mgcfg *m, struct mg_at *at)
{
	int err = 0;

	if (m->keyfile != NULL)
		err += mg_read_keyfile(m, at->d);
	if (m->servers.len == 0) {
		at->key = "server";
		err += mg_report(at, 1, "no server: at least one server=host[:port] is needed");
	}
	if (m->result_queue == NULL)
		m->result_queue = xstrdup(MGCFG_RESULT_QUEUE);
	at->key = "key";
	if (m->encryption && m->key == NULL)
		err += mg_report(at, 1, "encryption is on but no key is given (key= or keyfile=)");
	else if (m->encryption && strlen(m->key) < MGCFG_KEY_SHORT)
		mg_report(at, 0, "the encryption key is shorter than %d bytes", MGCFG_KEY_SHORT);
	return err;
}

int
mgcfg_finish(struct mgcfg *m, const char *file, int line, struct diag *d)
{
	struct mg_at at = { file, line, NULL, d, 0 };

	/* no queue option at all: mod_gearman takes hosts, services and event handlers */
	if (m->by_hand == 0)
		m->hosts = m->services = m->eventhandler = 1;
	return mg_finish_common(m, &at);
}

int
mgcfg_finish_worker(struct mgcfg *m, const char *file, struct diag *d)
{
	struct mg_at at = { file, 0, NULL, d, 0 };
	char host[256];
	int err;

	/* the worker's defaults: every general queue, notifications too */
	if (m->by_hand == 0)
		m->hosts = m->services = m->eventhandler = m->notifications = 1;
	err = mg_finish_common(m, &at);
	if (!m->hosts && !m->services && !m->eventhandler && !m->notifications &&
	    m->hostgroups.len == 0 && m->servicegroups.len == 0) {
		at.key = NULL;
		err += mg_report(&at, 1, "no queue to serve (hosts, services, eventhandler, "
		    "notifications, hostgroups or servicegroups)");
	}
	if (m->timeout_return < 0 || m->timeout_return > 3)
		m->timeout_return = MGCFG_TIMEOUT_RETURN; /* the worker's own correction */
	if (m->identifier == NULL) {
		if (gethostname(host, sizeof(host) - 1) < 0)
			host[0] = '\0';
		host[sizeof(host) - 1] = '\0';
		m->identifier = xstrdup(host);
	}
	return err;
}

int
mgcfg_is_worker_key(const char *name)
{
	const struct mg_key *k = mg_find(name);

	return k != NULL && (k->flags & MG_F_WORKER) != 0;
}

int
mgcfg_sends_host_checks(const struct mgcfg *m)
{
	return m->do_hostchecks &&
	    (m->hosts || m->hostgroups.len > 0 || m->queue_custom_variable != NULL);
}

int
mgcfg_sends_service_checks(const struct mgcfg *m)
{
	return m->services || m->servicegroups.len > 0 || m->hostgroups.len > 0 ||
	    m->queue_custom_variable != NULL;
}

/*
 * maincfg_table: what each directive means.  The rows list every key
 * Nagios Core 4.4.6 accepts in nagios.cfg (aliases and obsolete keys
 * included) and jaque.cfg's keys: the kind of value, the field it lands
 * in, the bounds Nagios enforces and its compiled-in default.  Below them,
 * maincfg_apply stores one value by its row's kind; the few MAINCFG_SPECIAL
 * directives have their code here too.  maincfg.c reads the lines.
 *
 * Bounds are those of Nagios's own checks: a directive Nagios reads with
 * atoi and never checks gets the whole int range, so "abc" is 0 and is
 * accepted, as there.  An alias shares its canonical row's field and is
 * skipped when defaults are set and fields freed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L

#include "compat/config/maincfg.h"

#include <dirent.h>
#include <stdint.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/maincfg_int.h"
#include "engine/util/netaddr.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

#define OFF(f) offsetof(struct main_cfg, f)

#define STR(n, f) { .name = n, .kind = MAINCFG_STR, .off = OFF(f) }
#define STRF(n, f, fl) { .name = n, .kind = MAINCFG_STR, .off = OFF(f), .flags = (fl) }
#define PATH(n, f, fl) { .name = n, .kind = MAINCFG_PATH, .off = OFF(f), .flags = (fl) }
#define BOOL(n, f, d) { .name = n, .kind = MAINCFG_BOOL, .off = OFF(f), .def = (d) }
#define FLAG(n, f, d) { .name = n, .kind = MAINCFG_FLAG, .off = OFF(f), .def = (d) }
#define INT(n, f, lo, hi, d) \
	{ .name = n, .kind = MAINCFG_INT, .off = OFF(f), .min = (lo), .max = (hi), .def = (d) }
#define ULONG(n, f, d) { .name = n, .kind = MAINCFG_ULONG, .off = OFF(f), .def = (d) }
#define FLAP(n, f, fl, d) { .name = n, .kind = MAINCFG_DOUBLE, .off = OFF(f), .min = 0, \
	.max = 100, .flags = MAINCFG_F_MINX | (fl), .def = (d) }
#define ENUM(n, f, ch, fl, d) { .name = n, .kind = MAINCFG_ENUM, .off = OFF(f), \
	.choices = (ch), .flags = (fl), .def = (d) }
#define OBSOLETE(n, why) { .name = n, .kind = MAINCFG_OBSOLETE, .note = (why) }
#define SPECIAL(n, sp, f, fl) { .name = n, .kind = MAINCFG_SPECIAL, .special = (sp), \
	.off = OFF(f), .flags = (fl) }
#define SPECIAL2(n, sp, f, f2) { .name = n, .kind = MAINCFG_SPECIAL, .special = (sp), \
	.off = OFF(f), .off2 = OFF(f2) }

static const char *const rotation_choices[] = { "n", "h", "d", "w", "m", NULL };
/* index = the state a timed-out service gets */
static const char *const timeout_state_choices[] = { "o", "w", "c", "u", NULL };
static const char *const date_choices[] = { "us", "euro", "iso8601", "strict-iso8601", NULL };

#define E MAINCFG_F_EXACT
#define L MAINCFG_F_LONG

static const struct maincfg_directive nagios_rows[] = {
	/* files, paths, process */
	SPECIAL("resource_file", MAINCFG_SP_RESOURCE_FILE, resource_files, 0),
	SPECIAL("cfg_file", MAINCFG_SP_CFG_FILE, cfg_files, E),
	SPECIAL("cfg_dir", MAINCFG_SP_CFG_DIR, cfg_dirs, E),
	/* 'x' keys Nagios's object reader still takes as cfg_file/cfg_dir */
	SPECIAL("xodtemplate_config_file", MAINCFG_SP_CFG_FILE, cfg_files, E),
	SPECIAL("xodtemplate_config_dir", MAINCFG_SP_CFG_DIR, cfg_dirs, E),
	PATH("log_file", log_file, L),
	PATH("object_cache_file", object_cache_file, E),
	PATH("precached_object_file", precached_object_file, E),
	PATH("status_file", status_file, 0),
	PATH("state_retention_file", state_retention_file, E),
	STR("temp_file", temp_file),
	PATH("temp_path", temp_path, MAINCFG_F_NOSLASH),
	PATH("lock_file", lock_file, L),
	PATH("command_file", command_file, L),
	PATH("check_result_path", check_result_path, L | MAINCFG_F_NOSLASH | MAINCFG_F_ISDIR),
	ULONG("max_check_result_file_age", max_check_result_file_age, 3600),
	PATH("log_archive_path", log_archive_path, L),
	PATH("debug_file", debug_file, L),
	INT("debug_level", debug_level, INT_MIN, INT_MAX, 0),
	INT("debug_verbosity", debug_verbosity, INT_MIN, INT_MAX, 1),
	ULONG("max_debug_file_size", max_debug_file_size, 1000000),
	PATH("query_socket", query_socket, 0),
	STR("nagios_user", nagios_user),
	STR("nagios_group", nagios_group),
	BOOL("daemon_dumps_core", daemon_dumps_core, 1),
	STRF("website_url", website_url, MAINCFG_F_NOSLASH),
	STR("use_timezone", use_timezone),
	INT("check_workers", check_workers, INT_MIN, INT_MAX, 0),
	SPECIAL("loadctl_options", MAINCFG_SP_LOADCTL, loadctl_options, 0),
	SPECIAL("broker_module", MAINCFG_SP_BROKER_MODULE, broker_modules, 0),
	SPECIAL("event_broker_options", MAINCFG_SP_BROKER_OPTIONS, event_broker_options, 0),

	/* external commands */
	BOOL("check_external_commands", check_external_commands, 1),
	OBSOLETE("command_check_interval", "Commands are always handled on arrival"),
	OBSOLETE("external_command_buffer_slots", "All commands are always processed upon arrival"),

	/* logging */
	BOOL("use_syslog", use_syslog, 1),
	BOOL("log_notifications", log_notifications, 1),
	BOOL("log_service_retries", log_service_retries, 0),
	BOOL("log_host_retries", log_host_retries, 0),
	BOOL("log_event_handlers", log_event_handlers, 1),
	BOOL("log_external_commands", log_external_commands, 1),
	BOOL("log_passive_checks", log_passive_checks, 1),
	BOOL("log_initial_states", log_initial_states, 0),
	BOOL("log_current_states", log_current_states, 1),
	ENUM("log_rotation_method", log_rotation_method, rotation_choices, 0, MAINCFG_ROT_NONE),

	/* check execution */
	FLAG("execute_service_checks", execute_service_checks, 1),
	FLAG("accept_passive_service_checks", accept_passive_service_checks, 1),
	FLAG("execute_host_checks", execute_host_checks, 1),
	FLAG("accept_passive_host_checks", accept_passive_host_checks, 1),
	INT("max_concurrent_checks", max_concurrent_checks, 0, INT_MAX, 0),
	INT("service_check_timeout", service_check_timeout, 1, INT_MAX, 60),
	ENUM("service_check_timeout_state", service_check_timeout_state, timeout_state_choices,
	    0, 2),
	INT("host_check_timeout", host_check_timeout, 1, INT_MAX, 30),
	BOOL("use_aggressive_host_checking", use_aggressive_host_checking, 0),
	{ .name = "use_agressive_host_checking", .kind = MAINCFG_BOOL,
	    .off = OFF(use_aggressive_host_checking),
	    .alias_of = "use_aggressive_host_checking" },
	BOOL("translate_passive_host_checks", translate_passive_host_checks, 0),
	FLAG("passive_host_checks_are_soft", passive_host_checks_are_soft, 0),
	ULONG("cached_host_check_horizon", cached_host_check_horizon, 15),
	ULONG("cached_service_check_horizon", cached_service_check_horizon, 15),
	FLAG("enable_predictive_host_dependency_checks",
	    enable_predictive_host_dependency_checks, 1),
	FLAG("enable_predictive_service_dependency_checks",
	    enable_predictive_service_dependency_checks, 1),
	BOOL("soft_state_dependencies", soft_state_dependencies, 0),
	BOOL("check_for_orphaned_services", check_for_orphaned_services, 1),
	BOOL("check_for_orphaned_hosts", check_for_orphaned_hosts, 1),
	INT("check_result_reaper_frequency", check_result_reaper_frequency, 1, INT_MAX, 10),
	{ .name = "service_reaper_frequency", .kind = MAINCFG_INT,
	    .off = OFF(check_result_reaper_frequency), .min = 1, .max = INT_MAX,
	    .alias_of = "check_result_reaper_frequency" },
	INT("max_check_result_reaper_time", max_check_result_reaper_time, 1, INT_MAX, 30),
	ULONG("host_down_disable_service_checks", host_down_disable_service_checks, 0),
	INT("service_skip_check_dependency_status", service_skip_check_dependency_status,
	    -1, 3, -1),
	INT("service_skip_check_parent_status", service_skip_check_parent_status, -1, 3, -1),
	INT("service_skip_check_host_down_status", service_skip_check_host_down_status,
	    -1, 3, -1),
	INT("host_skip_check_dependency_status", host_skip_check_dependency_status, -1, 3, -1),
	INT("time_change_threshold", time_change_threshold, 6, INT_MAX, 900),

	/* scheduling */
	INT("interval_length", interval_length, 1, INT_MAX, 60),
	INT("status_update_interval", status_update_interval, 1, INT_MAX, 60),
	SPECIAL2("service_inter_check_delay_method", MAINCFG_SP_DELAY_METHOD,
	    service_inter_check_delay_method, service_inter_check_delay),
	SPECIAL2("host_inter_check_delay_method", MAINCFG_SP_DELAY_METHOD,
	    host_inter_check_delay_method, host_inter_check_delay),
	INT("max_service_check_spread", max_service_check_spread, 1, INT_MAX, 30),
	INT("max_host_check_spread", max_host_check_spread, 1, INT_MAX, 30),
	SPECIAL2("service_interleave_factor", MAINCFG_SP_INTERLEAVE,
	    service_interleave_factor_method, service_interleave_factor),
	BOOL("auto_reschedule_checks", auto_reschedule_checks, 0),
	INT("auto_rescheduling_interval", auto_rescheduling_interval, 1, INT_MAX, 30),
	INT("auto_rescheduling_window", auto_rescheduling_window, 1, INT_MAX, 180),

	/* freshness and flapping */
	BOOL("check_service_freshness", check_service_freshness, 1),
	BOOL("check_host_freshness", check_host_freshness, 0),
	INT("service_freshness_check_interval", service_freshness_check_interval, 1, INT_MAX,
	    60),
	{ .name = "freshness_check_interval", .kind = MAINCFG_INT,
	    .off = OFF(service_freshness_check_interval), .min = 1, .max = INT_MAX,
	    .alias_of = "service_freshness_check_interval" },
	INT("host_freshness_check_interval", host_freshness_check_interval, 1, INT_MAX, 60),
	INT("additional_freshness_latency", additional_freshness_latency, INT_MIN, INT_MAX, 15),
	FLAG("enable_flap_detection", enable_flap_detection, 0),
	FLAP("low_service_flap_threshold", low_service_flap_threshold, MAINCFG_F_MAXX, 20.0),
	FLAP("high_service_flap_threshold", high_service_flap_threshold, 0, 30.0),
	FLAP("low_host_flap_threshold", low_host_flap_threshold, MAINCFG_F_MAXX, 20.0),
	FLAP("high_host_flap_threshold", high_host_flap_threshold, 0, 30.0),

	/* notifications, handlers, obsession */
	FLAG("enable_notifications", enable_notifications, 1),
	FLAG("enable_event_handlers", enable_event_handlers, 1),
	INT("notification_timeout", notification_timeout, 1, INT_MAX, 30),
	INT("event_handler_timeout", event_handler_timeout, 1, INT_MAX, 30),
	STR("global_host_event_handler", global_host_event_handler),
	STR("global_service_event_handler", global_service_event_handler),
	BOOL("obsess_over_services", obsess_over_services, 0),
	BOOL("obsess_over_hosts", obsess_over_hosts, 0),
	STR("ocsp_command", ocsp_command),
	STR("ochp_command", ochp_command),
	INT("ocsp_timeout", ocsp_timeout, 1, INT_MAX, 15),
	INT("ochp_timeout", ochp_timeout, 1, INT_MAX, 15),
	STR("admin_email", admin_email),
	STR("admin_pager", admin_pager),

	/* performance data */
	FLAG("process_performance_data", process_performance_data, 0),
	INT("perfdata_timeout", perfdata_timeout, INT_MIN, INT_MAX, 0),
	STR("host_perfdata_command", host_perfdata_command),
	STR("service_perfdata_command", service_perfdata_command),
	STR("host_perfdata_file_template", host_perfdata_file_template),
	STR("service_perfdata_file_template", service_perfdata_file_template),
	PATH("host_perfdata_file", host_perfdata_file, 0),
	PATH("service_perfdata_file", service_perfdata_file, 0),
	SPECIAL("host_perfdata_file_mode", MAINCFG_SP_PERFDATA_MODE, host_perfdata_file_mode, 0),
	SPECIAL("service_perfdata_file_mode", MAINCFG_SP_PERFDATA_MODE,
	    service_perfdata_file_mode, 0),
	ULONG("host_perfdata_file_processing_interval", host_perfdata_file_processing_interval, 0),
	ULONG("service_perfdata_file_processing_interval",
	    service_perfdata_file_processing_interval, 0),
	STR("host_perfdata_file_processing_command", host_perfdata_file_processing_command),
	STR("service_perfdata_file_processing_command", service_perfdata_file_processing_command),
	FLAG("host_perfdata_process_empty_results", host_perfdata_process_empty_results, 1),
	FLAG("service_perfdata_process_empty_results", service_perfdata_process_empty_results, 1),

	/* retention */
	BOOL("retain_state_information", retain_state_information, 0),
	INT("retention_update_interval", retention_update_interval, 0, INT_MAX, 60),
	BOOL("use_retained_program_state", use_retained_program_state, 1),
	BOOL("use_retained_scheduling_info", use_retained_scheduling_info, 0),
	INT("retention_scheduling_horizon", retention_scheduling_horizon, 1, INT_MAX, 900),
	ULONG("retained_host_attribute_mask", retained_host_attribute_mask, 0),
	ULONG("retained_service_attribute_mask", retained_service_attribute_mask, 0),
	ULONG("retained_process_host_attribute_mask", retained_process_host_attribute_mask, 0),
	ULONG("retained_process_service_attribute_mask", retained_process_service_attribute_mask,
	    0),
	ULONG("retained_contact_host_attribute_mask", retained_contact_host_attribute_mask, 0),
	ULONG("retained_contact_service_attribute_mask", retained_contact_service_attribute_mask,
	    0),

	/* misc */
	ENUM("date_format", date_format_id, date_choices, MAINCFG_F_FALLBACK, MAINCFG_DATE_US),
	STR("illegal_object_name_chars", illegal_object_name_chars),
	STR("illegal_macro_output_chars", illegal_macro_output_chars),
	FLAG("use_regexp_matching", use_regexp_matching, 0),
	FLAG("use_true_regexp_matching", use_true_regexp_matching, 0),
	BOOL("use_large_installation_tweaks", use_large_installation_tweaks, 0),
	FLAG("enable_environment_macros", enable_environment_macros, 0),
	FLAG("free_child_process_memory", free_child_process_memory, 0),
	FLAG("child_processes_fork_twice", child_processes_fork_twice, 0),
	FLAG("allow_empty_hostgroup_assignment", allow_empty_hostgroup_assignment, 2),
	FLAG("check_for_updates", check_for_updates, 1),
	FLAG("bare_update_check", bare_update_check, 0),

	/* obsolete: warned about and ignored */
	OBSOLETE("sleep_time", NULL),
	OBSOLETE("enable_failure_prediction", NULL),
	OBSOLETE("enable_embedded_perl", NULL),
	OBSOLETE("use_embedded_perl_implicitly", NULL),
	OBSOLETE("auth_file", NULL),
	OBSOLETE("p1_file", NULL),
};

static const struct maincfg_directive jaque_rows[] = {
	{ .name = "ticks_per_second", .kind = MAINCFG_INT, .off = OFF(ticks_per_second),
	    .min = 1, .max = 1000, .def = 100, .flags = MAINCFG_F_STRICT },
	{ .name = "global_concurrency", .kind = MAINCFG_INT, .off = OFF(global_concurrency),
	    .min = 0, .max = INT_MAX, .flags = MAINCFG_F_STRICT },
	{ .name = "host_concurrency", .kind = MAINCFG_INT, .off = OFF(host_concurrency),
	    .min = 0, .max = INT_MAX, .flags = MAINCFG_F_STRICT },
	{ .name = "workers", .kind = MAINCFG_INT, .off = OFF(workers),
	    .min = 0, .max = INT_MAX, .flags = MAINCFG_F_STRICT },
	BOOL("builtin_checks", builtin_checks, 1),
	{ .name = "config_threads", .kind = MAINCFG_INT, .off = OFF(config_threads),
	    .min = 0, .max = 64, .flags = MAINCFG_F_STRICT },
	BOOL("command_journal_sync", command_journal_sync, 1),
	PATH("livestatus_socket", livestatus_socket, 0),
	SPECIAL("livestatus_listen", MAINCFG_SP_LISTEN, livestatus_listen, 0),
	SPECIAL("livestatus_allow", MAINCFG_SP_ALLOW, livestatus_allow, 0),
	/* mod_gearman's options, gearman_ before the key; read by compat/gearman */
	SPECIAL("gearman_", MAINCFG_SP_PAIRS, gearman_opts, MAINCFG_F_PREFIX),
};

const struct maincfg_directive *
maincfg_directives(size_t *n)
{
	*n = sizeof(nagios_rows) / sizeof(nagios_rows[0]);
	return nagios_rows;
}

const struct maincfg_directive *
maincfg_jaque_directives(size_t *n)
{
	*n = sizeof(jaque_rows) / sizeof(jaque_rows[0]);
	return jaque_rows;
}

const struct maincfg_directive *
maincfg_directive_find(const struct maincfg_directive *rows, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(rows[i].name, name) == 0)
			return &rows[i];
		if ((rows[i].flags & MAINCFG_F_PREFIX) &&
		    strncmp(rows[i].name, name, strlen(rows[i].name)) == 0)
			return &rows[i];
	}
	return NULL;
}

/* loadctl key names Nagios knows; anything else makes the directive an error */
static int
mc_loadctl_key_ok(const char *key, size_t len)
{
	static const char *const keys[] = { "enabled", "jobs_max", "jobs_min", "jobs_limit",
		"check_interval", "backoff_limit", "rampup_limit", "backoff_change",
		"rampup_change", NULL };
	size_t i;

	for (i = 0; keys[i] != NULL; i++)
		if (strlen(keys[i]) == len && strncmp(keys[i], key, len) == 0)
			return 1;
	return 0;
}

/*
 * loadctl_options is "k=v;k=v" split the way Nagios's buf2kvvec splits it:
 * a piece without '=' ends the list silently, a key may swallow a ';', and
 * keys are not trimmed.  Reports the first unknown key.
 */
static void
mc_loadctl(struct maincfg_reader *r, const char *s)
{
	size_t len = strlen(s), off = 0, npairs = 0, i, vlen;
	const char *p, *key_end, *kv_end;

	while (off < len) {
		npairs++;
		if ((p = memchr(s + off, ';', len - off)) == NULL)
			break;
		off = (size_t)(p - s) + 1;
	}
	for (off = 0, i = 0; i < npairs; i++) {
		if (off >= len)
			break;
		if ((key_end = memchr(s + off, '=', len - off)) == NULL)
			break;
		kv_end = memchr(key_end + 1, ';', len - (size_t)(key_end + 1 - s));
		if (kv_end == NULL) {
			if (i != npairs - 1)
				break;
			kv_end = s + len;
		}
		if (!mc_loadctl_key_ok(s + off, (size_t)(key_end - (s + off)))) {
			maincfg_error(r, "Bad loadctl option; %.*s", (int)(kv_end - (s + off)), s + off);
			return;
		}
		off = (size_t)(key_end + 1 - s);
		vlen = s[off] == ';' ? 0 : (size_t)(kv_end - (s + off));
		off += vlen + 1;
	}
}

static void
mc_set_str(char **field, const char *val, unsigned flags)
{
	free(*field);
	*field = xstrdup(val);
	if (flags & MAINCFG_F_NOSLASH)
		maincfg_noslash(*field);
}

static void
mc_set_path(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *name,
    char **field, const char *val)
{
	DIR *dp;

	if ((dir->flags & MAINCFG_F_LONG) && strlen(val) > MAINCFG_NAME_MAX) {
		maincfg_error(r, "Value of %s is too long (over %d characters)", name, MAINCFG_NAME_MAX);
		return;
	}
	free(*field);
	*field = maincfg_absolute(r->cfg->config_dir, val);
	if (dir->flags & MAINCFG_F_NOSLASH)
		maincfg_noslash(*field);
	if (dir->flags & MAINCFG_F_ISDIR) {
		if ((dp = opendir(*field)) == NULL)
			maincfg_error(r, "%s '%s' is not a valid directory: %s", name, *field,
			    strerror(errno));
		else
			closedir(dp);
	}
}

static void
mc_set_int(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *name,
    int *field, const char *val)
{
	long v;

	if (dir->flags & MAINCFG_F_STRICT) {
		if (str_to_long(val, dir->min, dir->max, &v) == -1) {
			maincfg_error(r, "Illegal value for %s (a whole number from %ld to %ld)", name,
			    dir->min, dir->max);
			return;
		}
	} else {
		v = maincfg_atoi(val);
		if (v < dir->min || v > dir->max) {
			maincfg_error(r, "Illegal value for %s", name);
			return;
		}
	}
	*field = (int)v;
}

static void
mc_set_double(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *name,
    double *field, const char *val)
{
	double v = strtod(val, NULL), lo = (double)dir->min, hi = (double)dir->max;
	int bad;

	/* written so that NaN passes, as it does in Nagios */
	bad = (dir->flags & MAINCFG_F_MINX) ? v <= lo : v < lo;
	bad |= (dir->flags & MAINCFG_F_MAXX) ? v >= hi : v > hi;
	if (bad) {
		maincfg_error(r, "Illegal value for %s", name);
		return;
	}
	*field = v;
}

static void
mc_set_enum(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *name,
    int *field, const char *val)
{
	int i;

	for (i = 0; dir->choices[i] != NULL; i++)
		if (strcmp(dir->choices[i], val) == 0)
			break;
	if (dir->choices[i] == NULL) {
		if (!(dir->flags & MAINCFG_F_FALLBACK)) {
			maincfg_error(r, "Illegal value for %s", name);
			return;
		}
		i = 0;
	}
	*field = i;
}

/* where cfg_file/cfg_dir point, built as Nagios's object reader builds it */
static char *
mc_object_path(const struct main_cfg *cfg, const char *rawval)
{
	if (rawval[0] == '/')
		return xstrdup(rawval);
	return xasprintf("%s/%s", cfg->config_dir, rawval);
}

static void
mc_broker_module(struct main_cfg *cfg, struct vec *mods, const char *val, int line)
{
	struct maincfg_module *m = xcalloc(1, sizeof(*m));
	size_t n = strcspn(val, " \n");
	const char *args = val + n;
	char *name = xstrndup(val, n);

	m->path = maincfg_absolute(cfg->config_dir, name);
	m->line = line;
	free(name);
	if (*args != '\0')
		args++;
	args += strspn(args, "\n");
	if (*args != '\0')
		m->args = xstrndup(args, strcspn(args, "\n"));
	vec_push(mods, m);
}

/*
 * livestatus_listen: ADDR:PORT, several separated by commas or blanks, and
 * the directive may be given again; each adds to the list, an address
 * given twice counts once.
 */
static void
mc_listen(struct maincfg_reader *r, struct vec *v, const char *val)
{
	static const char seps[] = ", \t\r\n";
	struct netaddr_listen l, *have;
	const char *why;
	char tok[NETADDR_STRLEN];
	size_t i, len;

	for (val += strspn(val, seps); *val != '\0'; val += len, val += strspn(val, seps)) {
		len = strcspn(val, seps);
		(void)snprintf(tok, sizeof(tok), "%.*s", (int)len, val);
		if (len >= sizeof(tok) || netaddr_parse_listen(tok, &l, &why) < 0) {
			maincfg_error(r, "Illegal value for livestatus_listen: '%s' (%s)", tok,
			    len >= sizeof(tok) ? "too long" : why);
			continue;
		}
		for (i = 0; i < v->len && !netaddr_listen_same(v->items[i], &l); i++)
			;
		if (i < v->len)
			continue;
		have = xmalloc(sizeof(*have));
		*have = l;
		vec_push(v, have);
	}
}

/* livestatus_allow: addresses and networks; given again, it adds to the list */
static void
mc_allow(struct maincfg_reader *r, struct netacl **acl, const char *val)
{
	char bad[NETADDR_STRLEN];
	const char *why;
	size_t had;

	if (*acl == NULL)
		*acl = netacl_new();
	had = netacl_count(*acl);
	if (netacl_add(*acl, val, bad, sizeof(bad), &why) < 0)
		maincfg_error(r, "Illegal value for livestatus_allow: '%s' (%s)", bad, why);
	else if (netacl_count(*acl) == had)
		maincfg_error(r, "Illegal value for livestatus_allow: no address or network");
}

static void
mc_special(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *name,
    const char *val, const char *rawval)
{
	struct main_cfg *cfg = r->cfg;
	void *field = (char *)cfg + dir->off;
	void *field2 = (char *)cfg + dir->off2;
	char *path;

	switch (dir->special) {
	case MAINCFG_SP_RESOURCE_FILE:
		path = maincfg_absolute(cfg->config_dir, val);
		vec_push(field, path);
		maincfg_read_resource(r, path);
		break;
	case MAINCFG_SP_CFG_FILE:
	case MAINCFG_SP_CFG_DIR:
		/* the object reader keeps blanks after the '=' */
		path = mc_object_path(cfg, rawval);
		if (dir->special == MAINCFG_SP_CFG_DIR)
			maincfg_noslash(path);
		vec_push(field, path);
		vec_push(dir->special == MAINCFG_SP_CFG_DIR ? &cfg->cfg_dir_lines :
		    &cfg->cfg_file_lines, (void *)(uintptr_t)r->line);
		break;
	case MAINCFG_SP_BROKER_MODULE:
		mc_broker_module(cfg, field, val, r->line);
		break;
	case MAINCFG_SP_LOADCTL:
		mc_set_str(field, val, 0);
		mc_loadctl(r, val);
		break;
	case MAINCFG_SP_DELAY_METHOD:
		if (strcmp(val, "n") == 0)
			*(int *)field = MAINCFG_ICD_NONE;
		else if (strcmp(val, "d") == 0)
			*(int *)field = MAINCFG_ICD_DUMB;
		else if (strcmp(val, "s") == 0)
			*(int *)field = MAINCFG_ICD_SMART;
		else {
			*(int *)field = MAINCFG_ICD_USER;
			*(double *)field2 = strtod(val, NULL);
			if (*(double *)field2 <= 0.0)
				maincfg_error(r, "Illegal value for %s", name);
		}
		break;
	case MAINCFG_SP_INTERLEAVE:
		if (strcmp(val, "s") == 0) {
			*(int *)field = MAINCFG_ILF_SMART;
		} else {
			*(int *)field = MAINCFG_ILF_USER;
			*(int *)field2 = maincfg_atoi(val) < 1 ? 1 : maincfg_atoi(val);
		}
		break;
	case MAINCFG_SP_BROKER_OPTIONS:
		*(unsigned long *)field = strcmp(val, "-1") == 0 ? MAINCFG_BROKER_EVERYTHING :
		    strtoul(val, NULL, 0);
		break;
	case MAINCFG_SP_PERFDATA_MODE:
		*(int *)field = strchr(val, 'p') != NULL ? 'p' : strchr(val, 'w') != NULL ? 'w' : 'a';
		break;
	case MAINCFG_SP_LISTEN:
		mc_listen(r, field, val);
		break;
	case MAINCFG_SP_ALLOW:
		mc_allow(r, field, val);
		break;
	case MAINCFG_SP_PAIRS: {
		struct maincfg_pair *p = xmalloc(sizeof(*p));

		p->key = xstrdup(r->key);
		p->value = xstrdup(val);
		p->line = r->line;
		vec_push(field, p);
		break;
	}
	case MAINCFG_SP_NONE:
		break;
	}
}

void
maincfg_apply(struct maincfg_reader *r, const struct maincfg_directive *dir, const char *val,
    const char *rawval)
{
	const char *name = dir->alias_of != NULL ? dir->alias_of : dir->name;
	void *field = (char *)r->cfg + dir->off;

	switch (dir->kind) {
	case MAINCFG_STR:
		mc_set_str(field, val, dir->flags);
		break;
	case MAINCFG_PATH:
		mc_set_path(r, dir, name, field, val);
		break;
	case MAINCFG_BOOL:
		if ((val[0] != '0' && val[0] != '1') || val[1] != '\0')
			maincfg_error(r, "Illegal value for %s (must be 0 or 1)", name);
		else
			*(int *)field = val[0] == '1';
		break;
	case MAINCFG_FLAG:
		*(int *)field = maincfg_atoi(val) > 0;
		break;
	case MAINCFG_INT:
		mc_set_int(r, dir, name, field, val);
		break;
	case MAINCFG_ULONG:
		*(unsigned long *)field = strtoul(val, NULL, 0);
		break;
	case MAINCFG_DOUBLE:
		mc_set_double(r, dir, name, field, val);
		break;
	case MAINCFG_ENUM:
		mc_set_enum(r, dir, name, field, val);
		break;
	case MAINCFG_OBSOLETE:
		maincfg_warning(r, "%s is deprecated and will be removed.%s%s", dir->name,
		    dir->note != NULL ? " " : "", dir->note != NULL ? dir->note : "");
		break;
	case MAINCFG_SPECIAL:
		mc_special(r, dir, name, val, rawval);
		break;
	}
}

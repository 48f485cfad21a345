/*
 * maincfg: nagios.cfg, the resource files it names, and jaque's own
 * optional settings file.
 *
 * maincfg_read accepts every directive Nagios Core 4.4.6 accepts, with the
 * same value checks, and handles the rest as Nagios does (unknown key: an
 * error; a key starting with 'x': ignored; obsolete keys: a warning).  The
 * directives are a table (name, kind, offset into struct main_cfg, bounds,
 * flags) read by generic code.  Every value read is also kept verbatim in
 * `raw` so later issues can use directives the engine does not need yet.
 *
 * Relative paths are resolved against the directory of nagios.cfg.
 * `cfg_file`/`cfg_dir` are collected in order, not read here.
 *
 * jaque's own settings (ticks_per_second, global_concurrency,
 * host_concurrency, workers, builtin_checks) never appear in nagios.cfg, so
 * Nagios can still read it: they live in `jaque.cfg` in the directory of
 * nagios.cfg, or in the file named by maincfg_read's jaque_cfg argument.
 * The file is optional; its syntax is nagios.cfg's, its unknown keys are
 * errors too (no 'x' exception).
 *
 * Where Nagios stops at the first error, maincfg_read reports it and goes
 * on, so that -v lists every problem; the verdict (error, warning or
 * nothing) is Nagios's.  Paths Nagios has a compiled default for stay NULL
 * when unset: the defaults belong to the installation, not to this reader.
 * Callers: start-up (jaque -v and the daemon) and the object reader, which
 * takes cfg_files/cfg_dirs from here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MAINCFG_H
#define JAQUE_MAINCFG_H

#include "engine/util/vec.h"

struct diag;
struct hmap;
struct netacl;

#define MAINCFG_MAX_USER_MACROS 256
#define MAINCFG_BROKER_EVERYTHING 1048575UL /* event_broker_options=-1 */

/* values of the enumerated directives; the numbers are Nagios's */
enum maincfg_date { MAINCFG_DATE_US, MAINCFG_DATE_EURO, MAINCFG_DATE_ISO8601,
	MAINCFG_DATE_STRICT_ISO8601 };
enum maincfg_rotation { MAINCFG_ROT_NONE, MAINCFG_ROT_HOURLY, MAINCFG_ROT_DAILY,
	MAINCFG_ROT_WEEKLY, MAINCFG_ROT_MONTHLY };
enum maincfg_icd { MAINCFG_ICD_NONE, MAINCFG_ICD_DUMB, MAINCFG_ICD_SMART, MAINCFG_ICD_USER };
enum maincfg_ilf { MAINCFG_ILF_USER, MAINCFG_ILF_SMART };

/* broker_module=<path> [args] */
struct maincfg_module {
	char *path; /* absolute */
	char *args; /* the rest of the line, NULL when none */
	int line;   /* its line in nagios.cfg */
};

/* a line of jaque.cfg whose key is only known by its prefix (gearman_KEY=value) */
struct maincfg_pair {
	char *key;   /* as written, prefix included */
	char *value;
	int line;    /* in jaque_cfg_file */
};

struct main_cfg {
	char *config_file; /* absolute path of nagios.cfg */
	char *config_dir;  /* its directory */

	struct vec cfg_files;      /* char *, absolute, in order */
	struct vec cfg_dirs;       /* char *, absolute, in order */
	struct vec resource_files; /* char *, absolute */
	char *user_macros[MAINCFG_MAX_USER_MACROS]; /* $USER1$ is [0]; NULL unset */

	/* files and paths (absolute, or NULL when unset) */
	char *log_file;
	char *object_cache_file;
	char *precached_object_file;
	char *status_file;
	char *state_retention_file;
	char *temp_file;  /* "./x" is nagios.cfg-relative, "x" temp_path-relative */
	char *temp_path;  /* "/tmp" when unset; must be a directory */
	char *lock_file;
	char *command_file;
	char *check_result_path; /* must be a directory when set */
	char *log_archive_path;
	char *debug_file;
	char *query_socket;
	char *nagios_user;
	char *nagios_group;

	/* what the object reader and pre-flight check need */
	int use_regexp_matching;
	int use_true_regexp_matching;
	char *illegal_object_name_chars;
	char *illegal_macro_output_chars;
	int allow_empty_hostgroup_assignment; /* compiled default 2 */
	char *global_host_event_handler;
	char *global_service_event_handler;
	char *ocsp_command;
	char *ochp_command;
	char *host_perfdata_command;
	char *service_perfdata_command;
	char *host_perfdata_file_processing_command;
	char *service_perfdata_file_processing_command;
	int interval_length;
	int check_external_commands;
	int execute_service_checks;
	int execute_host_checks;
	int accept_passive_service_checks;
	int accept_passive_host_checks;
	int enable_notifications;
	int enable_event_handlers;
	int enable_flap_detection;
	int process_performance_data;
	int obsess_over_services;
	int obsess_over_hosts;
	int check_service_freshness;
	int check_host_freshness;
	int retain_state_information;
	int retention_update_interval;
	int status_update_interval;
	int service_check_timeout;
	int host_check_timeout;
	int event_handler_timeout;
	int notification_timeout;
	int max_concurrent_checks;
	double low_service_flap_threshold;
	double high_service_flap_threshold;
	double low_host_flap_threshold;
	double high_host_flap_threshold;
	char *date_format; /* "us", "euro", "iso8601" or "strict-iso8601" */
	char *admin_email;
	char *admin_pager;

	/* every other 4.4.6 directive; compiled defaults noted where not 0 */
	struct vec broker_modules; /* struct maincfg_module *, in order */
	char *website_url;         /* one trailing '/' removed */
	char *use_timezone;
	char *loadctl_options;     /* verbatim; the keys were checked */
	char *host_perfdata_file;
	char *service_perfdata_file;
	char *host_perfdata_file_template;
	char *service_perfdata_file_template;
	int date_format_id;        /* enum maincfg_date */
	int check_workers;         /* 0 = automatic */
	int debug_level;
	int debug_verbosity;       /* 1 */
	unsigned long max_debug_file_size; /* 1000000 */
	int use_syslog;            /* 1 */
	int log_notifications;     /* 1 */
	int log_service_retries;
	int log_host_retries;
	int log_event_handlers;    /* 1 */
	int log_external_commands; /* 1 */
	int log_passive_checks;    /* 1 */
	int log_initial_states;
	int log_current_states;    /* 1 */
	int log_rotation_method;   /* enum maincfg_rotation */
	int use_retained_program_state;   /* 1 */
	int use_retained_scheduling_info;
	int retention_scheduling_horizon; /* 900 */
	unsigned long retained_host_attribute_mask;
	unsigned long retained_service_attribute_mask;
	unsigned long retained_process_host_attribute_mask;
	unsigned long retained_process_service_attribute_mask;
	unsigned long retained_contact_host_attribute_mask;
	unsigned long retained_contact_service_attribute_mask;
	int translate_passive_host_checks;
	int passive_host_checks_are_soft;
	int service_check_timeout_state; /* 0..3 = o/w/c/u, default 2 */
	int ocsp_timeout;                /* 15 */
	int ochp_timeout;                /* 15 */
	int perfdata_timeout;
	int use_aggressive_host_checking;
	unsigned long cached_host_check_horizon;    /* 15 */
	unsigned long cached_service_check_horizon; /* 15 */
	int enable_predictive_host_dependency_checks;    /* 1 */
	int enable_predictive_service_dependency_checks; /* 1 */
	int soft_state_dependencies;
	int service_inter_check_delay_method; /* enum maincfg_icd, SMART */
	double service_inter_check_delay;     /* seconds, for ICD_USER */
	int host_inter_check_delay_method;    /* enum maincfg_icd, SMART */
	double host_inter_check_delay;
	int max_service_check_spread;         /* 30 */
	int max_host_check_spread;            /* 30 */
	int service_interleave_factor_method; /* enum maincfg_ilf, SMART */
	int service_interleave_factor;        /* for ILF_USER, >= 1 */
	int check_result_reaper_frequency;    /* 10 */
	int max_check_result_reaper_time;     /* 30 */
	unsigned long max_check_result_file_age; /* 3600 */
	int check_for_orphaned_services;      /* 1 */
	int check_for_orphaned_hosts;         /* 1 */
	int service_freshness_check_interval; /* 60 */
	int host_freshness_check_interval;    /* 60 */
	int additional_freshness_latency;     /* 15 */
	int auto_reschedule_checks;
	int auto_rescheduling_interval;       /* 30 */
	int auto_rescheduling_window;         /* 180 */
	int time_change_threshold;            /* 900 */
	unsigned long event_broker_options;
	int daemon_dumps_core;                /* 1 */
	int use_large_installation_tweaks;
	int enable_environment_macros;
	int free_child_process_memory;
	int child_processes_fork_twice;
	int check_for_updates;                /* 1 */
	int bare_update_check;
	int host_perfdata_file_mode;          /* 'a', 'w' or 'p' */
	int service_perfdata_file_mode;       /* 'a', 'w' or 'p' */
	unsigned long host_perfdata_file_processing_interval;
	unsigned long service_perfdata_file_processing_interval;
	int host_perfdata_process_empty_results;    /* 1 */
	int service_perfdata_process_empty_results; /* 1 */
	unsigned long host_down_disable_service_checks; /* nonzero: on */
	int service_skip_check_dependency_status;   /* -1 */
	int service_skip_check_parent_status;       /* -1 */
	int service_skip_check_host_down_status;    /* -1 */
	int host_skip_check_dependency_status;      /* -1 */

	/* every directive as read: key -> last value (heap strings) */
	struct hmap *raw;
	struct vec raw_keys; /* the keys of raw, first seen first (heap strings) */
	struct hmap *raw_lines; /* key -> line of its last occurrence in nagios.cfg */
	struct vec raw_line_keys; /* the key strings raw_lines owns */
	struct vec cfg_file_lines; /* line of each cfg_files entry (as uintptr_t) */
	struct vec cfg_dir_lines;  /* line of each cfg_dirs entry (as uintptr_t) */

	/* jaque's own settings (jaque.cfg) */
	char *jaque_cfg_file; /* the file read, NULL when none */
	int ticks_per_second;   /* default 100 */
	int global_concurrency; /* default 0 = unlimited */
	int host_concurrency;   /* default 0 = unlimited */
	int workers;            /* default 0 = automatic */
	int builtin_checks;     /* default 1 */
	int config_threads;     /* default 0 = one per cpu: lexing the object files */
	int command_journal_sync; /* default 1: pipe, Livestatus and spool commands are in the
	                           * journal on disk (fdatasync) before they are applied */
	char *livestatus_socket; /* the Livestatus socket's path, NULL: from broker_module */
	struct vec livestatus_listen; /* Livestatus TCP addresses (struct netaddr_listen *, heap) */
	struct netacl *livestatus_allow; /* who may connect over TCP, NULL: not set (loopback) */
	struct vec gearman_opts; /* struct maincfg_pair *: gearman_KEY=value, in order (read
	                          * by compat/gearman/mgcfg.h) */
};

/*
 * Read nagios.cfg at path (and the resource files it names, and jaque.cfg).
 * jaque_cfg: path of jaque's settings file, or NULL for "jaque.cfg beside
 * nagios.cfg, if present".  Diagnostics go to d.  Returns 0 when no error
 * was reported, -1 otherwise; cfg is filled as far as reading got and must
 * be released with maincfg_free in both cases.
 */
int maincfg_read(const char *path, const char *jaque_cfg, struct main_cfg *cfg, struct diag *d);
void maincfg_free(struct main_cfg *cfg);
/* the line of nagios.cfg where key was last set, 0 when it was not */
int maincfg_line(const struct main_cfg *cfg, const char *key);
/* the verbatim value of a directive from nagios.cfg, or NULL */
const char *maincfg_raw(const struct main_cfg *cfg, const char *key);

/*
 * The directive tables (maincfg_table.c).  Each row says how the generic
 * reader turns a value into a field of struct main_cfg.
 */
enum maincfg_kind {
	MAINCFG_STR,      /* heap copy */
	MAINCFG_PATH,     /* heap copy made absolute against nagios.cfg's directory */
	MAINCFG_BOOL,     /* exactly "0" or "1", anything else is an error */
	MAINCFG_FLAG,     /* Nagios's lenient boolean: leading number > 0 */
	MAINCFG_INT,      /* leading number as atoi reads it, within [min, max] */
	MAINCFG_ULONG,    /* strtoul with base 0, never rejected */
	MAINCFG_DOUBLE,   /* leading number, within min/max (see the flags) */
	MAINCFG_ENUM,     /* one of choices, stored as its index */
	MAINCFG_OBSOLETE, /* accepted with a warning, ignored */
	MAINCFG_SPECIAL   /* its own code in maincfg.c, chosen by special */
};

enum maincfg_special {
	MAINCFG_SP_NONE,
	MAINCFG_SP_RESOURCE_FILE, /* read at once; path appended to off (vec) */
	MAINCFG_SP_CFG_FILE,      /* appended to off (vec) as the object reader sees it */
	MAINCFG_SP_CFG_DIR,
	MAINCFG_SP_BROKER_MODULE, /* struct maincfg_module appended to off (vec) */
	MAINCFG_SP_LOADCTL,       /* keys checked, string kept at off */
	MAINCFG_SP_DELAY_METHOD,  /* n/d/s or seconds > 0: method at off, delay at off2 */
	MAINCFG_SP_INTERLEAVE,    /* s or a number: method at off, factor at off2 */
	MAINCFG_SP_BROKER_OPTIONS,
	MAINCFG_SP_PERFDATA_MODE,
	MAINCFG_SP_LISTEN,        /* ADDR:PORT list appended to off (vec of netaddr_listen) */
	MAINCFG_SP_ALLOW,         /* addresses and networks added to the netacl at off */
	MAINCFG_SP_PAIRS          /* key and value appended to off (vec of maincfg_pair) */
};

#define MAINCFG_F_EXACT   0x01 /* only when written right before '=' (Nagios matches a prefix) */
#define MAINCFG_F_LONG    0x02 /* a value over 255 characters is an error */
#define MAINCFG_F_MINX    0x04 /* DOUBLE: min itself is refused */
#define MAINCFG_F_MAXX    0x08 /* DOUBLE: max itself is refused */
#define MAINCFG_F_FALLBACK 0x10 /* ENUM: an unknown value means choice 0 */
#define MAINCFG_F_STRICT  0x20 /* INT: the whole value must be a number */
#define MAINCFG_F_NOSLASH 0x40 /* one trailing '/' is removed */
#define MAINCFG_F_ISDIR   0x80 /* PATH: must name a directory we can open */
#define MAINCFG_F_PREFIX  0x100 /* the name is a prefix: every key starting with it */

struct maincfg_directive {
	const char *name;
	enum maincfg_kind kind;
	size_t off;                 /* field in struct main_cfg */
	size_t off2;                /* second field of some specials */
	long min, max;              /* INT and DOUBLE bounds */
	double def;                 /* numeric default (integers are exact) */
	unsigned flags;             /* MAINCFG_F_* */
	const char *alias_of;       /* the canonical name when this is an alias */
	const char *const *choices; /* ENUM: NULL-terminated */
	const char *note;           /* OBSOLETE: what Nagios adds to its warning */
	enum maincfg_special special;
};

/* the nagios.cfg rows and their number */
const struct maincfg_directive *maincfg_directives(size_t *n);
/* the jaque.cfg rows and their number */
const struct maincfg_directive *maincfg_jaque_directives(size_t *n);
/* the row named name in rows[0..n) (or whose MAINCFG_F_PREFIX name starts it), or NULL */
const struct maincfg_directive *maincfg_directive_find(const struct maincfg_directive *rows,
    size_t n, const char *name);

#endif

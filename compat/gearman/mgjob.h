/*
 * mgjob: the jobs and results mod_gearman 5.2.4 passes through gearmand,
 * as bytes, so that jaque can take the place of its core module (the NEB
 * module mod_gearman_naemon.so) and keep gearmand and the workers.  Pure
 * functions: no sockets, no clock (times are arguments), no globals.
 *
 * A job or result is a text of "key=value" lines.  On the wire it is a
 * payload: the text in base64 (OpenSSL's block encoding: no line breaks,
 * '=' padding), and with a key the text and its terminating NUL encrypted
 * first with AES-256 in ECB mode, zero-padded to whole blocks, the key
 * being the password's first 32 bytes padded with zero bytes.  Decrypting
 * with a wrong key gives garbage, not an error: mod_gearman notices it
 * only when the text lacks the lines it needs (mgjob_result_parse).
 *
 * mgjob.c holds the codec (base64, AES, payloads, keys), mgjob_text.c the
 * texts (job builders, result parser and builder, unique ids, priorities).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGJOB_H
#define JAQUE_MGJOB_H

#include <stddef.h>
#include <sys/time.h>

#define MGJOB_KEY_BYTES 32
#define MGJOB_BLOCK 16
/* mod_gearman builds a job text in a buffer of this size (GM_MAX_OUTPUT)
 * and cuts it two bytes short of it */
#define MGJOB_TEXT_BUF 10485760u
/* the largest payload mgjob_decode takes: a 10 MiB plugin output in a result,
 * encrypted and in base64, with room to spare */
#define MGJOB_PAYLOAD_MAX (32u * 1024u * 1024u)
/* a unique id is an MD5 in 32 upper-case hex digits */
#define MGJOB_UNIQ_LEN 32

enum mgjob_err {
	MGJOB_OK,
	MGJOB_EBASE64,    /* not base64 (after mod_gearman's retry without '\n') */
	MGJOB_ECRYPT,     /* libcrypto refused (not expected with a valid key) */
	MGJOB_ETOOBIG,    /* payload over MGJOB_PAYLOAD_MAX */
	MGJOB_EINVALID    /* a result without host_name or output: mod_gearman's
	                   * "discarded invalid job", a wrong key or garbage */
};
const char *mgjob_err_str(enum mgjob_err e);

/* --- codec (mgjob.c) --- */

/* len bytes in base64 as mod_gearman writes them; a heap string */
char *mgjob_b64_encode(const void *data, size_t len);
/*
 * Decode base64 as mod_gearman accepts it (OpenSSL's EVP_DecodeBlock:
 * blanks around it are ignored; on failure it tries again with every '\n'
 * taken out).  Returns a heap buffer of *outlen bytes plus a NUL, or NULL
 * with *err set.  *outlen does not count the zero bytes that '=' padding
 * stands for.
 */
unsigned char *mgjob_b64_decode(const char *src, size_t len, size_t *outlen,
    enum mgjob_err *err);

/* the 32-byte AES key mod_gearman makes of a password */
void mgjob_key_pad(unsigned char out[MGJOB_KEY_BYTES], const char *password);
/*
 * The password mod_gearman reads from a key file (its "keyfile" option):
 * the first line, at most 32 bytes of it, without trailing white space.
 * data is the file's content (len bytes).  out gets a NUL-terminated string.
 */
void mgjob_key_from_file(char out[MGJOB_KEY_BYTES + 1], const char *data, size_t len);

/*
 * text and its NUL, zero-padded and encrypted with password: returns a
 * heap buffer of *outlen bytes (a multiple of 16), NULL on a libcrypto
 * failure.  The padding is mod_gearman's: to the next block, a whole block
 * of zeros more when text and NUL fill blocks exactly and are longer than
 * one.  Lengths 1, 2, 4 and 8 (with the NUL), which mod_gearman fails to
 * encrypt, get one block.
 */
unsigned char *mgjob_encrypt(const char *password, const char *text, size_t *outlen);
/*
 * Decrypt len bytes (cut down to whole blocks first, as mod_gearman does)
 * and return the text up to its first NUL as a heap string, NULL on a
 * libcrypto failure.  Any key "works": a wrong one gives garbage.
 */
char *mgjob_decrypt(const char *password, const unsigned char *data, size_t len);

/*
 * The payload of text: base64 of the text alone without a key (mod_gearman's
 * "encryption=no"), of its encryption with one.  A heap string, NULL with
 * *err on failure.
 */
char *mgjob_encode(const char *text, const char *key, enum mgjob_err *err);
/*
 * The text of a payload of len bytes.  Without a key it is base64 only.
 * With a key it is decrypted; when accept_clear is set (the module's
 * "accept_clear_results", the worker's never) a payload whose decoded bytes
 * start with "type=" is taken as clear text instead.  A heap string up to
 * the first NUL, or NULL with *err (EBASE64, ETOOBIG, ECRYPT).  Garbage and
 * wrong keys mostly come back as texts; the parser rejects them.
 */
char *mgjob_decode(const char *payload, size_t len, const char *key, int accept_clear,
    enum mgjob_err *err);

/* --- texts (mgjob_text.c) --- */

enum mgjob_prio {
	MGJOB_PRIO_LOW = 1,     /* gearman_client_do_low_background */
	MGJOB_PRIO_NORMAL = 2,  /* gearman_client_do_background */
	MGJOB_PRIO_HIGH = 3     /* gearman_client_do_high_background */
};

/* Nagios's and Naemon's CHECK_OPTION_FORCE_EXECUTION */
#define MGJOB_CHECK_FORCE 1

/* a host or service check as the module sends it */
struct mgjob_check {
	const char *result_queue;        /* the module's result_queue option */
	const char *target_queue;        /* "host", "service", "hostgroup_x", ... */
	const char *host_name;
	const char *service_description; /* NULL: a host check */
	struct timeval now;              /* when the check is handed over */
	double latency;                  /* the check's latency so far (< 0: 0) */
	int timeout;                     /* the check's timeout in seconds */
	const char *command_line;        /* with its macros expanded */
	int check_options;               /* the object's and the result's, or'ed */
};

/*
 * The job text of a check (a heap string):
 *   type=host|service, result_queue, target_queue, host_name,
 *   [service_description,] core_time, timeout, command_line, then "\n\n\n".
 * core_time is now minus the latency, "%Lf" (six decimals).  NULL strings
 * print as "(null)", as the module's snprintf would.
 */
char *mgjob_check_text(const struct mgjob_check *c);
/* host checks NORMAL; service checks LOW, HIGH when forced */
enum mgjob_prio mgjob_check_prio(const struct mgjob_check *c);
/*
 * The unique id the module gives a check when use_uniq_jobs is on (its
 * default), so that gearmand keeps one job per object in a queue: the MD5
 * of the host name, or of "host-service", in hex.  out gets 33 bytes.
 * Returns 0, -1 when libcrypto fails.
 */
int mgjob_check_uniq(const struct mgjob_check *c, char out[MGJOB_UNIQ_LEN + 1]);
/* the MD5 in hex of text cut to 1023 bytes (make_uniq's buffer); 0 or -1 */
int mgjob_uniq(const char *text, char out[MGJOB_UNIQ_LEN + 1]);
/*
 * The id of a perfdata job with perfdata_mode=1 (overwrite): the MD5 of
 * "queue-host" or "queue-host-service".  0 or -1.
 */
int mgjob_perfdata_uniq(const char *queue, const char *host_name,
    const char *service_description, char out[MGJOB_UNIQ_LEN + 1]);

/*
 * An event handler job, queue "eventhandler", NORMAL, no unique id:
 *   type=eventhandler, start_time, core_time (both now), command_line, "\n\n\n".
 */
char *mgjob_eventhandler_text(struct timeval now, const char *command_line);
/*
 * A notification job, queue "notification", HIGH, no unique id:
 *   type=notification, start_time (the notification's), core_time (now),
 *   contact (NULL: "GLOBAL"), command_line (its newlines written as "\n"),
 *   plugin_output, long_plugin_output, "\n\n\n".
 */
char *mgjob_notification_text(struct timeval start, struct timeval now, const char *contact,
    const char *command_line, const char *plugin_output, const char *long_plugin_output);

/*
 * Long plugin output as Naemon keeps it, and so as the module puts it in a
 * notification job: each newline written "\n", nothing else changed
 * (backslashes stay single).  A heap string; NULL for NULL (the module
 * then prints "(null)").
 */
char *mgjob_escape_newlines(const char *s);

/* The module's default perfdata templates; a perfdata job is the template
 * with its macros expanded, and a newline (queue "perfdata", NORMAL). */
#define MGJOB_HOST_PERFDATA_TEMPLATE \
	"DATATYPE::HOSTPERFDATA\tTIMET::$TIMET$\tHOSTNAME::$HOSTNAME$\t" \
	"HOSTPERFDATA::$HOSTPERFDATA$\tHOSTCHECKCOMMAND::$HOSTCHECKCOMMAND$\t" \
	"HOSTSTATE::$HOSTSTATE$\tHOSTSTATETYPE::$HOSTSTATETYPE$"
#define MGJOB_SERVICE_PERFDATA_TEMPLATE \
	"DATATYPE::SERVICEPERFDATA\tTIMET::$TIMET$\tHOSTNAME::$HOSTNAME$\t" \
	"SERVICEDESC::$SERVICEDESC$\tSERVICEPERFDATA::$SERVICEPERFDATA$\t" \
	"SERVICECHECKCOMMAND::$SERVICECHECKCOMMAND$\tHOSTSTATE::$HOSTSTATE$\t" \
	"HOSTSTATETYPE::$HOSTSTATETYPE$\tSERVICESTATE::$SERVICESTATE$\t" \
	"SERVICESTATETYPE::$SERVICESTATETYPE$"

/*
 * A result as the module's result thread reads it.  Strings are heap
 * strings the struct owns (mgjob_result_clear); times are 0 when absent.
 */
struct mgjob_result {
	char *host_name;
	char *service_description;  /* NULL: a host result */
	char *source;               /* the worker's: "Mod-Gearman Worker @",
	                             * a no-break space in UTF-8 (C2 A0), and
	                             * its identifier */
	char *output;               /* the plugin's whole output, "\n" escapes
	                             * turned back into newlines: first line,
	                             * long output and perfdata still together
	                             * (check_output_parse splits it) */
	int check_options;          /* mgjob_result_finish clears it */
	int scheduled_check;        /* 1 unless the result says otherwise */
	int reschedule_check;       /* the module never sets it: 0 */
	int exited_ok;              /* 1 unless the result says otherwise */
	int early_timeout;
	int return_code;
	int passive;                /* "type=passive" (duplicated results, send_gearman) */
	double latency;             /* the result's own latency= (send_gearman) */
	struct timeval core_start_time;
	struct timeval start_time;
	struct timeval finish_time;
};

/*
 * Read a result text into r (cleared first).  Lines are "key=value" split
 * at the first '='; reading stops at the first line without '=' or with
 * an empty value (the blank lines after output), so fields after such a
 * line are not read; "output" is taken even then ("output" with no '='
 * is "(null)").  Unknown keys are skipped; numbers are read as atoi and
 * atof would.  Returns 0, or -1 with *err = MGJOB_EINVALID when
 * host_name or output is missing (r is then cleared).
 */
int mgjob_result_parse(struct mgjob_result *r, const char *text, enum mgjob_err *err);
/*
 * What the module does next, at now (when the result came): start,
 * finish and core start times that are 0 become now's seconds; the
 * latency becomes the result's own (at least 0) plus now - (finish -
 * start) - core start (at least 0); check_options becomes 0 (the module
 * means to clear the freshness bit and clears them all).
 */
void mgjob_result_finish(struct mgjob_result *r, struct timeval now);
void mgjob_result_clear(struct mgjob_result *r);

/* a result as the worker sends it back, for the reverse direction */
struct mgjob_reply {
	const char *host_name;
	const char *service_description;  /* NULL: a host result */
	struct timeval core_start_time;   /* the job's next_check (0 for 5.2.4 jobs) */
	struct timeval start_time;
	struct timeval finish_time;
	int return_code;
	int exited_ok;
	const char *source;
	const char *output;               /* already escaped (mgjob_escape_output) */
	const char *error;                /* stderr to append (show_error_output), or NULL */
	int passive;                      /* prefix "type=passive" (dup_results_are_passive) */
};
/*
 * The worker's result text (a heap string): host_name, core_start_time,
 * start_time, finish_time, return_code, exited_ok, source,
 * [service_description,] output, then "\n\n\n\n".  A non-empty error is
 * appended to the output as "[error] ", after an escaped newline ("\\n")
 * when the output is not empty.
 */
char *mgjob_result_text(const struct mgjob_reply *r);
/* plugin output as the worker puts it in a result: '\\' doubled, newlines
 * written "\n"; trimmed of white space first when trim is set (the worker
 * trims stderr, not stdout).  A heap string. */
char *mgjob_escape_output(const char *raw, int trim);

/* --- the worker's side (mgjob_work.c) --- */

/*
 * A job as mod_gearman's worker reads it (worker/worker_client.c, get_job).
 * Strings are heap strings the struct owns (mgjob_job_clear); NULL and 0
 * when absent.
 */
struct mgjob_job {
	char *type;                  /* "host", "service", "eventhandler", "notification" */
	char *host_name;
	char *service_description;
	char *result_queue;
	char *command_line;
	char *plugin_output;         /* notifications */
	char *long_plugin_output;
	int timeout;                 /* seconds; <= 0: the worker's job_timeout */
	int check_options;
	int scheduled_check;         /* 1 unless the job says otherwise */
	double latency;
	struct timeval next_check;   /* the result's core_start_time ("start_time" of
	                              * older modules sets it too) */
	struct timeval core_time;    /* when the core sent it (max-age) */
	int valid_lines;             /* known keys read; 0: mod_gearman's "discarded
	                              * invalid job" (a wrong key, garbage) */
};

/*
 * Read a job text into j (cleared first), as the worker does: lines
 * "key=value" split at the first '=', reading stops at the first line
 * without '=' or with an empty value; a key given twice keeps the last
 * value; numbers are read as atoi and atof read them.  Returns
 * j->valid_lines.
 */
int mgjob_job_parse(struct mgjob_job *j, const char *text);
void mgjob_job_clear(struct mgjob_job *j);
/* 1 for a host or service check job (a result goes back), else 0 */
int mgjob_job_is_check(const struct mgjob_job *j);

/*
 * How the worker runs a command line: directly when it starts with '/' or
 * '.' and has none of the characters a shell would act on (quotes and
 * backslashes included), its words split at white space; else with
 * /bin/sh -c.  Returns a NULL-terminated vector in one heap block (free
 * frees all) for a direct run, NULL for the shell.
 */
char **mgjob_exec_argv(const char *cmd);

/* mod_gearman's real_exit_code: a wait status as an exit code, a signal
 * as 128 + its number, -1 (no status) as 3 */
int mgjob_real_exit(int wait_status);
/*
 * The return code and output the worker reports for a plugin that exited
 * with code (mgjob_real_exit's) and printed out (already escaped): 126
 * and 127 become CRITICAL with the worker's advice, 128..143 CRITICAL
 * naming the signal, other codes above 3 CRITICAL with the code (25 kept
 * when rc_25 is set, the worker's workaround_rc_25), 0..3 as they are.
 * identifier: the worker's.  Returns a heap string, *rc the return code.
 */
char *mgjob_exit_output(int code, const char *out, const char *identifier, int rc_25,
    int *rc);
/*
 * The text a timed-out check reports: "(Service Check Timed Out On Worker:
 * ID)" or the host's.  at_alarm: the worker's timeout result, sent when
 * the alarm rings, which ends in a newline; else the text for a plugin
 * that ended but ran too long (mgjob_timed_out), which does not.  A heap
 * string.
 */
char *mgjob_timeout_output(const struct mgjob_job *j, const char *identifier, int at_alarm);
/* whether a check that ran from start to finish counts as timed out the
 * way the worker counts it: more whole seconds (tv_sec apart) than timeout */
int mgjob_timed_out(int timeout, struct timeval start, struct timeval finish);
/* the source a worker names: "Mod-Gearman Worker @", a no-break space
 * (C2 A0) and the identifier (a heap string) */
char *mgjob_worker_source(const char *identifier);
/*
 * What a worker answers on its status queue, "worker_" and its identifier
 * (check_gearman -q worker_ID, gearman_top): "HOST has N worker and is
 * working on R jobs. Version: V|worker=N;;;MIN;MAX jobs=Dc".  A heap string.
 */
char *mgjob_worker_status(const char *hostname, int workers, int running, const char *version,
    int min_workers, int max_workers, unsigned long jobs_done);
/* the output of a job older than max-age */
#define MGJOB_TOO_OLD_OUTPUT "(Could Not Start Check In Time)"

#endif

/*
 * perfdata: performance data as Nagios 4.4.6's default module
 * (xdata/xpddefault.c) handles it: after every host or service result a
 * perfdata command may run, and a template line may be written to a
 * perfdata file; a file processing command may run every so many seconds
 * on that file.
 *
 * What follows Nagios:
 *  - The switches: nothing happens unless the program-wide
 *    process_performance_data (read from base->cfg at each call, where
 *    external commands change it) and the object's run-time
 *    process_performance_data are both set.  With
 *    *_perfdata_process_empty_results off, a result without performance
 *    data is skipped.
 *  - Files are opened when the module is made: mode 'a' appends, 'w'
 *    truncates (also when the file is reopened after its processing
 *    command), 'p' opens a FIFO read-write and non-blocking, so it opens
 *    with no reader.  As in Nagios a missing host FIFO is created as a
 *    plain file (mode 0644) and a missing service FIFO is an open error.
 *    An open error is logged to nagios.log with Nagios's warning.
 *  - The template (*_perfdata_file_template, defaulting to Nagios's
 *    "[HOSTPERFDATA]\t$TIMET$..." lines) has its \t, \n and \r turned into
 *    the characters; its macros are expanded without the
 *    illegal_macro_output_chars cleaning commands get, so perfdata keeps
 *    its quotes.  The host template sees no $ARGn$; the service template
 *    sees the perfdata command's arguments when that command is set, else
 *    the check command's (Nagios's argument macros left over).
 *  - Commands are "name!arg!..." references to command objects; one that
 *    names no command is dropped with Nagios's warning.  Perfdata commands
 *    run with perfdata_timeout (0 means the worker default of 60 seconds)
 *    and no NAGIOS_* environment; processing commands see the program-wide
 *    macros only, get the environment when enabled, run with
 *    perfdata_timeout (0: none), and a timeout logs Nagios's warning.
 *  - The first processing run is one interval after the module was made;
 *    the next is one interval after the previous one's due time, or at
 *    once when that has passed.
 *  - Shutdown and reload close the files (a reload makes a new module,
 *    which opens them again and starts the intervals again).
 *
 * Where jaque differs, because the engine never blocks:
 *  - Nagios stops everything while a processing command runs.  Here the
 *    file is closed, the command goes to nr->run, and the lines of
 *    results that arrive meanwhile are held in memory, at most
 *    PERFDATA_HOLD_MAX bytes per file (the newest lines beyond that are
 *    dropped, counted and logged once); when the command ends the file is
 *    reopened and the held lines written.  A processing run that falls due
 *    while the previous one still runs starts when it ends.
 *  - A FIFO is written without blocking: a line that does not fit in a
 *    full pipe is dropped and counted, and the first drop of a run of them
 *    is logged (diagnostic log), as is the count when writes resume.  A
 *    line the pipe took only part of is finished before anything else is
 *    written, so a reader never sees a cut line.  Regular files are opened
 *    non-blocking too, so a FIFO named in mode 'a' or 'w' fails to open
 *    instead of stopping the engine until a reader comes.
 *  - A write error is logged once (diagnostic log) until writes succeed
 *    again; it is never fatal.
 *  - Plugin output written by a template loses control characters (a tab
 *    in the output), which Nagios would write as they are.
 *
 * Callers: engine/main makes one module per configuration generation
 * (perfdata_new after the objects are built, perfdata_free at shutdown
 * and before a reload), calls perfdata_service / perfdata_host after
 * each result, where Nagios calls update_*_performance_data, and
 * perfdata_tick every second.  The module must not outlive the objects,
 * the configuration or the nrun it was made with.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_PERFDATA_H
#define JAQUE_PERFDATA_H

#include <stddef.h>
#include <time.h>

struct main_cfg;
struct objects;
struct obj_host;
struct obj_service;
struct macro_ctx;
struct nrun;

/* the bytes of lines held per file while its processing command runs */
#define PERFDATA_HOLD_MAX ((size_t)16 << 20)

enum perfdata_which { PERFDATA_HOST, PERFDATA_SERVICE };

/* what happened to one file's lines (tests, statistics) */
struct perfdata_stats {
	unsigned long lines;         /* lines made from the template */
	unsigned long written;       /* lines written whole */
	unsigned long held;          /* lines held while a processing command ran */
	unsigned long dropped_hold;  /* held lines beyond PERFDATA_HOLD_MAX, or not
	                              * written because the reopen failed */
	unsigned long dropped_full;  /* FIFO lines dropped because the pipe was full */
	unsigned long dropped_error; /* lines lost to a write error or a closed file */
	unsigned long commands;      /* perfdata commands handed to nr->run */
	unsigned long processed;     /* processing commands handed to nr->run */
	int open;                    /* the file is open now */
	int processing;              /* its processing command runs now */
};

/*
 * Make the module for a generation: copy what it needs from cfg, look the
 * commands up in objs, open the files (logging Nagios's warnings through
 * nr->log, stamped now) and schedule the processing commands.  nr is
 * copied.  Never fails: what cannot be used is logged and left out.
 */
struct perfdata *perfdata_new(const struct main_cfg *cfg, const struct objects *objs,
    const struct nrun *nr, time_t now);

/*
 * A result of s (or h) was just handled.  base has cfg, objs, hstates,
 * sstates, globals filled; it is copied, the object and now set in the
 * copy.
 */
void perfdata_service(struct perfdata *pd, const struct macro_ctx *base,
    const struct obj_service *s, time_t now);
void perfdata_host(struct perfdata *pd, const struct macro_ctx *base, const struct obj_host *h,
    time_t now);

/* every second: start the processing commands that are due, finish cut FIFO lines */
void perfdata_tick(struct perfdata *pd, const struct macro_ctx *base, time_t now);

/*
 * Shutdown or reload: write out lines still held for a processing command
 * that runs (the file is reopened for them), close the files and free pd.
 * A command still running finishes unwatched.  Accepts NULL.
 */
void perfdata_free(struct perfdata *pd);

/*
 * A template with Nagios's escapes turned into characters: \t, \r and
 * \n; any other backslash stays (mod_gearman treats its perfdata
 * templates the same way).  A heap string.
 */
char *perfdata_unescape(const char *t);

/* change the hold limit of both files (bytes; tests use small ones) */
void perfdata_set_hold_max(struct perfdata *pd, size_t bytes);

/* the counters of one file */
void perfdata_get_stats(const struct perfdata *pd, enum perfdata_which which,
    struct perfdata_stats *out);

#endif

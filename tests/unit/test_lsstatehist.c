/*
 * test_lsstatehist: the state history machine fed a fixture log (state
 * changes before and within the range, service and host downtime starts
 * and stops, flapping, a host's alerts ending its services' intervals, a
 * time period transition, an object first seen late in the range, a
 * restart's INITIAL states that leave one service out, CURRENT states
 * after a rotation, "(null)" output), and the statehist table over a
 * real generation (the retention fixture's objects) reading an archive
 * and the current log: which file's lines are read for the states at
 * the range's start across the rotation boundary, Stats over the
 * duration parts, the current_ columns, the refusals, the columns table.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/unit/retention_fx.h"
#include "tests/unit/lstable_fx.h"

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lslog.h"
#include "compat/livestatus/lsquery.h"
#include "compat/livestatus/lsrun.h"
#include "compat/livestatus/lsstatehist.h"
#include "compat/livestatus/lstable.h"
#include "engine/util/arena.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* ---- the machine, with objects of its own ---- */

static const int web_h, web_http, web_disk, db_h, db_mysql;

static int
find(void *arg, const char *host, const char *svc, struct lssh_obj *out)
{
	static const struct {
		const char *host, *svc, *notif, *svcp;
		const void *hh, *sh;
	} objs[] = {
		{ "web", "", "24x7", "", &web_h, NULL },
		{ "web", "http", "workhours", "svcp", &web_h, &web_http },
		{ "web", "disk", "24x7", "", &web_h, &web_disk },
		{ "db", "", "24x7", "", &db_h, NULL },
		{ "db", "mysql", "24x7", "", &db_h, &db_mysql },
	};
	size_t i;

	(void)arg;
	for (i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
		if (strcmp(objs[i].host, host) == 0 && strcmp(objs[i].svc, svc) == 0) {
			out->host = objs[i].hh;
			out->svc = objs[i].sh;
			out->host_name = objs[i].host;
			out->svc_desc = objs[i].svc;
			out->notif_period = objs[i].notif;
			out->svc_period = objs[i].svcp;
			return 0;
		}
	return -1;
}

/* the rows queued, one line each: host;svc;from;until;duration;state;host_down;
 * in_downtime;in_host_downtime;is_flapping;in_notification_period;in_service_period;
 * debug;output;lineno;the duration of the row's state */
static void
drain(struct lssh *m, struct mbuf *b)
{
	const struct lssh_row *r;
	char line[512];

	while ((r = lssh_next(m)) != NULL) {
		snprintf(line, sizeof(line), "%s;%s;%lld;%lld;%lld;%d;%d;%d;%d;%d;%d;%d;%s;%s;%ld;"
		    "%lld\n", r->o.host_name, r->o.svc_desc, (long long)r->from,
		    (long long)r->until, r->duration, r->state, r->host_down, r->in_downtime,
		    r->in_host_downtime, r->is_flapping, r->in_notif_period, r->in_svc_period,
		    r->debug, r->output, r->lineno, r->state >= -1 && r->state <= 3
		    ? r->dur[r->state + 1] : -1LL);
		mbuf_adds(b, line);
	}
}

static int asked;

/* every service but disk (as a filter on service_description would); each question counted */
static int
no_disk(void *arg, const struct lssh_row *fresh)
{
	(void)arg;
	asked++;
	assert_non_null(fresh->o.svc);
	assert_int_equal(fresh->state, 0);
	return strcmp(fresh->o.svc_desc, "disk") != 0;
}

/* feed the lines (numbered from 1) to a machine for [since, until), finish it: the rows */
static char *
run_want(const char *const *lines, time_t since, time_t until, lssh_want_fn *want)
{
	struct lssh *m = lssh_new(since, until, find, want, NULL);
	struct arena *a = arena_new();
	struct lslog_entry e;
	struct mbuf b = { 0 };
	long i;
	char *res;

	for (i = 0; lines[i] != NULL; i++) {
		assert_int_equal(lslog_parse(&e, lines[i], strlen(lines[i]), i + 1, a), 0);
		lssh_feed(m, &e);
		drain(m, &b);
	}
	lssh_finish(m);
	drain(m, &b);
	mbuf_add(&b, "", 0);
	res = xstrdup(b.p);
	mbuf_free(&b);
	lssh_free(m);
	arena_free(a);
	return res;
}

static char *
run(const char *const *lines, time_t since, time_t until)
{
	return run_want(lines, since, until, NULL);
}

static void
same_text(const char *got, const char *want)
{
	if (strcmp(got, want) != 0)
		fail_msg("got\n%s\nwanted\n%s", got, want);
}

static void
t_changes(void **state)
{
	static const char *const log[] = {
		"[0000000900] LOG VERSION: 2.0",
		"[0000000900] INITIAL HOST STATE: web;UP;HARD;1;up",
		"[0000000900] INITIAL SERVICE STATE: web;http;OK;HARD;1;fine",
		"[0000000950] SERVICE ALERT: web;http;WARNING;HARD;3;slow",
		"[0000001100] SERVICE ALERT: web;http;CRITICAL;HARD;3;down",
		"[0000001200] SERVICE DOWNTIME ALERT: web;http;STARTED; Service has entered a "
		"period of scheduled downtime",
		"[0000001300] SERVICE DOWNTIME ALERT: web;http;STOPPED; Service has exited from a "
		"period of scheduled downtime",
		"[0000001400] HOST ALERT: web;DOWN;HARD;1;gone",
		"[0000001500] SERVICE FLAPPING ALERT: web;http;STARTED; Service appears to have "
		"started flapping",
		"[0000001600] HOST ALERT: web;UP;HARD;1;back",
		"[0000001700] HOST DOWNTIME ALERT: web;STARTED; Host has entered a period of "
		"scheduled downtime",
		"[0000001800] TIMEPERIOD TRANSITION: workhours;1;0",
		"[0000001900] SERVICE ALERT: db;mysql;CRITICAL;HARD;1;refused",
		"[0000001950] SERVICE ALERT: web;nosuch;CRITICAL;HARD;1;unknown objects are left out",
		"[0000002001] SERVICE ALERT: web;http;OK;HARD;1;after the range",
		NULL,
	};
	char *got = run(log, 1000, 2001);

	(void)state;
	same_text(got,
	    "web;http;1000;1100;100;1;0;0;0;0;1;1;SVC ALERT;slow;5;100\n"
	    "web;http;1100;1200;100;2;0;0;0;0;1;1;SVC ALERT;down;6;100\n"
	    "web;http;1200;1300;100;2;0;1;0;0;1;1;DOWNTIME SERVICE;;7;100\n"
	    "web;;1000;1400;400;0;0;0;0;0;1;1;;up;8;400\n"
	    "web;http;1300;1400;100;2;0;0;0;0;1;1;DOWNTIME SERVICE;;8;100\n"
	    "web;http;1400;1500;100;2;1;0;0;0;1;1;SVC HOST STATE;gone;9;100\n"
	    "web;;1400;1600;200;1;1;0;0;0;1;1;HOST STATE;gone;10;200\n"
	    "web;http;1500;1600;100;2;1;0;0;1;1;1;FLAPPING ;;10;100\n"
	    "web;;1600;1700;100;0;0;0;0;0;1;1;HOST STATE;back;11;100\n"
	    "web;http;1600;1700;100;2;0;0;0;1;1;1;SVC HOST STATE;back;11;100\n"
	    "web;http;1700;1800;100;2;0;0;1;1;1;1;SVC HOST DOWNTIME;;12;100\n"
	    "db;mysql;1000;1900;900;-1;0;0;0;0;1;1;UNMONITORED ;;13;900\n"
	    "web;;1700;2000;300;0;0;1;1;0;1;1;HOST DOWNTIME;;12;300\n"
	    "web;http;1800;2000;200;2;0;0;1;1;0;1;TIMEPERIOD ;;12;200\n"
	    "db;mysql;1900;2000;100;2;0;0;0;0;1;1;SVC ALERT;refused;13;100\n");
	free(got);
}

static void
t_restarts(void **state)
{
	static const char *const log[] = {
		"[0000001000] LOG ROTATION: DAILY",
		"[0000001000] LOG VERSION: 2.0",
		"[0000001000] CURRENT HOST STATE: web;UP;HARD;1;up",
		"[0000001000] CURRENT SERVICE STATE: web;http;OK;HARD;1;fine",
		"[0000001000] CURRENT SERVICE STATE: web;disk;WARNING;HARD;1;full",
		"[0000001500] Naemon 1.5.2 starting... (PID=1)",
		"[0000001500] logging initial states",
		"[0000001500] INITIAL HOST STATE: web;UP;HARD;1;(null)",
		"[0000001500] INITIAL SERVICE STATE: web;http;OK;HARD;1;fine",
		"[0000001600] SERVICE ALERT: web;http;CRITICAL;HARD;1;down",
		"[0000002000] SERVICE ALERT: web;disk;CRITICAL;HARD;1;dead",
		"[0000002500] logging initial states",
		"[0000002500] INITIAL HOST STATE: web;UP;HARD;1;up",
		"[0000002500] INITIAL SERVICE STATE: web;http;CRITICAL;HARD;1;down",
		NULL,
	};
	char *got = run(log, 1000, 3001);

	(void)state;
	/* disk, left out at 1500, is UNMONITORED until it shows up again at 2000; left out
	 * at 2500 and not seen since, it is UNMONITORED from then to the end */
	same_text(got,
	    "web;disk;1000;1000;0;0;0;0;0;0;1;1;;;5;0\n"
	    "web;http;1000;1600;600;0;0;0;0;0;1;1;;fine;10;600\n"
	    "web;disk;1000;1500;500;1;0;0;0;0;1;1;SVC ALERT;full;5;500\n"
	    "web;disk;1500;2000;500;-1;0;0;0;0;1;1;UNMONITORED;;11;500\n"
	    "web;;1000;3000;2000;0;0;0;0;0;1;1;;up;13;2000\n"
	    "web;http;1600;3000;1400;2;0;0;0;0;1;1;SVC ALERT;down;14;1400\n"
	    "web;disk;2000;2500;500;2;0;0;0;0;1;1;SVC ALERT;dead;11;500\n"
	    "web;disk;2500;3000;500;-1;0;0;0;0;1;1;UNMONITORED;;11;500\n");
	free(got);
}

/* a service the query does not want is not followed (asked about once); hosts always are */
static void
t_unwanted(void **state)
{
	static const char *const log[] = {
		"[0000001000] CURRENT HOST STATE: web;UP;HARD;1;up",
		"[0000001000] CURRENT SERVICE STATE: web;http;OK;HARD;1;fine",
		"[0000001000] CURRENT SERVICE STATE: web;disk;WARNING;HARD;1;full",
		"[0000001100] SERVICE ALERT: web;disk;CRITICAL;HARD;1;fuller",
		"[0000001200] HOST ALERT: web;DOWN;HARD;1;gone",
		NULL,
	};
	char *got;

	(void)state;
	asked = 0;
	got = run_want(log, 1000, 1301, no_disk);
	same_text(got,
	    "web;;1000;1200;200;0;0;0;0;0;1;1;;up;5;200\n"
	    "web;http;1000;1200;200;0;0;0;0;0;1;1;;fine;5;200\n"
	    "web;;1200;1300;100;1;1;0;0;0;1;1;HOST STATE;gone;5;100\n"
	    "web;http;1200;1300;100;0;1;0;0;0;1;1;SVC HOST STATE;gone;5;100\n");
	assert_int_equal(asked, 2);
	free(got);
}

static void
t_parts(void **state)
{
	struct lssh *m = lssh_new(1000, 1401, find, NULL, NULL);
	struct arena *a = arena_new();
	struct lslog_entry e;
	const struct lssh_row *r;
	static const char line[] = "[0000001100] SERVICE ALERT: web;http;CRITICAL;HARD;1;x";

	(void)state;
	assert_int_equal(lslog_parse(&e, line, strlen(line), 1, a), 0);
	assert_int_equal(lssh_feed(m, &e), 0);
	assert_non_null(r = lssh_next(m));
	/* seen in the grace period: OK from since; the range's length is 400 */
	assert_int_equal(r->duration, 100);
	assert_true(r->part > 0.2499 && r->part < 0.2501);
	assert_true(r->dpart[1] == r->part);
	assert_true(r->dpart[3] == 0.0);
	assert_null(lssh_next(m));
	lssh_finish(m);
	assert_non_null(r = lssh_next(m));
	assert_int_equal(r->dur[3], 300);
	assert_true(r->dpart[3] > 0.7499 && r->dpart[3] < 0.7501);
	lssh_free(m);
	arena_free(a);
}

/* ---- the table over a generation, reading an archive and the current log ---- */

#define NOW 1800000000

static struct fx f;
static struct lst_status status = { .version = "jaque-test", .pid = 1, .interval_length = 60 };

static const char archive[] =
    "[1000] Naemon 1.5.2 starting... (PID=1)\n"
    "[1000] logging initial states\n"
    "[1000] INITIAL HOST STATE: web1;UP;HARD;1;up\n"
    "[1000] INITIAL SERVICE STATE: web1;HTTP;OK;HARD;1;fine\n"
    "[1500] SERVICE ALERT: web1;HTTP;CRITICAL;HARD;1;down\n";
static const char current[] =
    "[2000] LOG ROTATION: DAILY\n"
    "[2000] LOG VERSION: 2.0\n"
    "[2000] CURRENT HOST STATE: web1;UP;HARD;1;up\n"
    "[2000] CURRENT SERVICE STATE: web1;HTTP;CRITICAL;HARD;1;down\n"
    "[2500] SERVICE ALERT: web1;HTTP;OK;HARD;1;fine again\n";

/* write text to name with its short times padded to naemon's ten digits */
static void
put_padded(const char *name, const char *text)
{
	char buf[1024], *o = buf;
	const char *s;

	for (s = text; *s && o < buf + sizeof(buf) - 8; s++) {
		*o++ = *s;
		if (*s == '[') {
			memcpy(o, "000000", 6);
			o += 6;
		}
	}
	*o = '\0';
	put(name, buf);
}

static void
pad_logs(void)
{
	put_padded("archives/nagios-01-01-1970-00.log", archive);
	put_padded("nagios.log", current);
}

static int
setup(void **state)
{
	char cfg[512], *p;

	if (group_setup(state) < 0)
		return -1;
	fixture_cfg(cfg, sizeof(cfg));
	fx_open(&f, cfg, NOW);
	p = tpath("archives");
	assert_int_equal(mkdir(p, 0700), 0);
	pad_logs();
	free(f.gen.cfg.log_file);
	free(f.gen.cfg.log_archive_path);
	f.gen.cfg.log_file = xstrdup(tpath("nagios.log"));
	f.gen.cfg.log_archive_path = xstrdup(tpath("archives"));
	return 0;
}

static int
teardown(void **state)
{
	fx_close(&f);
	unlink(tpath("archives/nagios-01-01-1970-00.log"));
	rmdir(tpath("archives"));
	unlink(tpath("nagios.log"));
	return group_teardown(state);
}

/* the log cache the queries read through (NULL: none, the files are read for each) */
static struct lslog_cache *cache;

/* the answer to text, asked a row at a time */
static char *
ask(const char *text, int *code)
{
	struct lst_data d = { .snap = &f.s, .status = &status, .logs = cache };

	return lsfx_ask(&d, f.gen.objs, NOW, text, NULL, 1, code);
}

static void
expect(const char *text, int want_code, const char *want)
{
	int code;
	char *got = ask(text, &code);

	if (code != want_code || strcmp(got, want) != 0)
		fail_msg("%s\n-> %d\n%s\nwanted %d\n%s", text, code, got, want_code, want);
	free(got);
}

#define COLS "Columns: host_name service_description from until state log_output\n"

static void
t_table_ranges(void **state)
{
	(void)state;
	/* the range starts within the archive: its lines from the start set the states */
	expect("GET statehist\n" COLS "Filter: time >= 1200\nFilter: time < 2801\n", 200,
	    "web1;HTTP;1200;1500;0;fine\n"
	    "web1;HTTP;1500;2500;2;down\n"
	    "web1;;1200;2800;0;up\n"
	    "web1;HTTP;2500;2800;0;fine again\n");
	/* within the current log */
	expect("GET statehist\n" COLS "Filter: time >= 2100\nFilter: time <= 2800\n", 200,
	    "web1;HTTP;2100;2500;2;down\n"
	    "web1;;2100;2800;0;up\n"
	    "web1;HTTP;2500;2800;0;fine again\n");
	/* the archive holds nothing of the range: naemon does not read it, so the states are
	 * the rotation's CURRENT ones, and what came before them counts as OK */
	expect("GET statehist\n" COLS "Filter: time >= 1800\nFilter: time < 2801\n", 200,
	    "web1;HTTP;1800;2000;0;\n"
	    "web1;HTTP;2000;2500;2;down\n"
	    "web1;;1800;2800;0;up\n"
	    "web1;HTTP;2500;2800;0;fine again\n");
	/* the filters on the rows apply as usual */
	expect("GET statehist\nColumns: from until\nFilter: time >= 1200\nFilter: time < 2801\n"
	    "Filter: service_description = HTTP\nFilter: state = 2\n", 200, "1500;2500\n");
}

static void
t_table_stats(void **state)
{
	(void)state;
	expect("GET statehist\nColumns: host_name service_description\n"
	    "Filter: time >= 1200\nFilter: time < 2801\n"
	    "Stats: sum duration_ok\nStats: sum duration_critical\nStats: sum duration_part_ok\n",
	    200, "web1;;1600;0;1.0000000000e+00\nweb1;HTTP;600;1000;3.7500000000e-01\n");
	expect("GET statehist\nColumns: host_name current_host_address current_service_state\n"
	    "Filter: time >= 1200\nFilter: time < 2801\nFilter: service_description = \n", 200,
	    "web1;127.0.0.1;0\n");
}

/* a range of days is read a day at a time: the states go on from one to the next */
static void
t_table_days(void **state)
{
	(void)state;
	put("nagios.log", "[0000002000] LOG ROTATION: DAILY\n"
	    "[0000002000] LOG VERSION: 2.0\n"
	    "[0000002000] CURRENT HOST STATE: web1;UP;HARD;1;up\n"
	    "[0000002000] CURRENT SERVICE STATE: web1;HTTP;CRITICAL;HARD;1;down\n"
	    "[0000090000] SERVICE ALERT: web1;HTTP;OK;HARD;1;day two\n"
	    "[0000200000] SERVICE ALERT: web1;HTTP;WARNING;HARD;1;day three\n");
	expect("GET statehist\n" COLS "Filter: time >= 1200\nFilter: time <= 300000\n", 200,
	    "web1;HTTP;1200;1500;0;fine\n"
	    "web1;HTTP;1500;90000;2;down\n"
	    "web1;HTTP;90000;200000;0;day two\n"
	    "web1;;1200;300000;0;up\n"
	    "web1;HTTP;200000;300000;1;day three\n");
	pad_logs();
}

static void
t_table_refusals(void **state)
{
	(void)state;
	expect("GET statehist\nColumns: host_name\n", 452,
	    "Start of timeframe required. e.g. Filter: time > 1234567890");
	expect("GET statehist\nColumns: host_name\nFilter: time >= 1000\nFilter: time < 1001\n",
	    452, "Query timeframe is 0 seconds");
	expect("GET columns\nFilter: table = statehist\nFilter: name = duration_part_unmonitored\n"
	    "Columns: type\n", 200, "float\n");
}

/* through the daemon's log cache the files are brought in before the first row, in
 * steps of the row budget: the answers are the same */
static void
t_table_cached(void **state)
{
	struct lslog_cache_info info;

	cache = lslog_cache_new(SIZE_MAX);
	t_table_ranges(state);
	t_table_stats(state);
	lslog_cache_info(cache, &info);
	/* the archive, read once for them all */
	assert_int_equal(info.files_loaded, 1);
	assert_int_equal(info.loads, 1);
	lslog_cache_free(cache);
	/* t_table_days rewrites the current log in place, as no running daemon does (the cache
	 * would take it for lines appended): a fresh cache, as after a start */
	cache = lslog_cache_new(SIZE_MAX);
	t_table_days(state);
	lslog_cache_free(cache);
	cache = NULL;
}

static size_t steps, first_bytes;

static void
on_step(void)
{
	struct lslog_cache_info info;

	lslog_cache_info(cache, &info);
	if (steps++ == 0)
		first_bytes = info.bytes;
}

/* a big archive is read in steps before the first row, not in one go */
static void
t_table_warm_steps(void **state)
{
	struct mbuf big = { 0 };
	struct lslog_cache_info info;
	size_t i;

	(void)state;
	mbuf_adds(&big, "[0000001000] Naemon 1.5.2 starting... (PID=1)\n"
	    "[0000001000] logging initial states\n"
	    "[0000001000] INITIAL HOST STATE: web1;UP;HARD;1;up\n"
	    "[0000001000] INITIAL SERVICE STATE: web1;HTTP;OK;HARD;1;fine\n");
	for (i = 0; i < 20000; i++)
		mbuf_addf(&big, "[0000001100] Warning: a line that statehist skips, %zu\n", i);
	mbuf_adds(&big, "[0000001500] SERVICE ALERT: web1;HTTP;CRITICAL;HARD;1;down\n");
	put("archives/nagios-01-01-1970-00.log", big.p);
	cache = lslog_cache_new(SIZE_MAX);
	steps = 0;
	lsfx_on_step = on_step;
	expect("GET statehist\n" COLS "Filter: time >= 1200\nFilter: time < 2801\n", 200,
	    "web1;HTTP;1200;1500;0;fine\n"
	    "web1;HTTP;1500;2500;2;down\n"
	    "web1;;1200;2800;0;up\n"
	    "web1;HTTP;2500;2800;0;fine again\n");
	lsfx_on_step = NULL;
	lslog_cache_info(cache, &info);
	/* the whole archive was taken apart, and the first step took a part of it only */
	assert_true(info.bytes >= big.len);
	assert_true(first_bytes < big.len / 4);
	assert_true(steps > 4);
	lslog_cache_free(cache);
	cache = NULL;
	mbuf_free(&big);
	pad_logs();
}

int
main(void)
{
	const struct CMUnitTest machine[] = {
		cmocka_unit_test(t_changes),
		cmocka_unit_test(t_restarts),
		cmocka_unit_test(t_unwanted),
		cmocka_unit_test(t_parts),
	};
	const struct CMUnitTest table[] = {
		cmocka_unit_test(t_table_ranges),
		cmocka_unit_test(t_table_stats),
		cmocka_unit_test(t_table_days),
		cmocka_unit_test(t_table_refusals),
		cmocka_unit_test(t_table_cached),
		cmocka_unit_test(t_table_warm_steps),
	};

	return cmocka_run_group_tests(machine, NULL, NULL) |
	       cmocka_run_group_tests(table, setup, teardown);
}

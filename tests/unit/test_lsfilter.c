/*
 * test_lsfilter: Livestatus filters over a small table of three hosts
 * built here (every column type, each kind of list, a dict and a column
 * that refuses filters).  Each case parses a filter line and reads which
 * rows match as a bit mask (row 0 is bit 1), so one assertion states the
 * whole answer.  Covers every operator and its negations per type, the
 * list rules of naemon-livestatus 1.5, custom variables, modified
 * attributes, columns the table lacks, AND/OR/NOT nodes and the exact 400
 * texts.  Links compat/livestatus/{lsfilter,lscol}.c and
 * engine/util/{regex,arena,hash,xalloc,strutil}.c and -lpcre2-8.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsfilter.h"
#include "engine/util/arena.h"

struct t_row {
	const char *name;
	const char *alias;
	long long num;
	double load;
	time_t last;
	const char *const *groups;  /* NULL-terminated, like the lists below */
	const char *const *parents;
	const char *const *svcs;
	const char *const *members;
	const char *const *days;
	const char *const *cvars;   /* name, value, name, value, ... */
	long long modattr;
};

#define T_FIELD(row, c, type) (*(type const *)((const char *)(row) + (c)->arg))

static size_t
t_count(const char *const *v)
{
	size_t n = 0;

	while (v != NULL && v[n] != NULL)
		n++;
	return n;
}

static void
t_get_int(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->i = T_FIELD(row, c, long long);
}

static void
t_get_time(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->i = (long long)T_FIELD(row, c, time_t);
}

static void
t_get_float(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	(void)x;
	out->d = T_FIELD(row, c, double);
}

static void
t_get_str(const struct ls_ctx *x, const struct ls_col *c, const void *row, struct ls_cell *out)
{
	(void)x;
	out->s = T_FIELD(row, c, const char *);
}

static void
t_get_names(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const char *const *v = T_FIELD(row, c, const char *const *);
	struct ls_elem *e;
	size_t i, n = t_count(v);

	e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	for (i = 0; i < n; i++)
		e[i].key = v[i];
	out->n = n;
	out->e = e;
}

static void
t_get_dict(const struct ls_ctx *x, const struct ls_col *c, const void *row,
    struct ls_cell *out)
{
	const char *const *v = T_FIELD(row, c, const char *const *);
	struct ls_elem *e;
	struct ls_field *f;
	size_t i, n = t_count(v) / 2;

	e = arena_zalloc(x->scratch, (n + 1) * sizeof(*e));
	f = arena_zalloc(x->scratch, (n + 1) * sizeof(*f));
	for (i = 0; i < n; i++) {
		f[i].s = v[2 * i + 1];
		f[i].is_str = 1;
		e[i].key = v[2 * i];
		e[i].nf = 1;
		e[i].f = &f[i];
	}
	out->n = n;
	out->e = e;
}

#define T_COL(nm, ty, lk, get, field) \
	{ nm, "", ty, lk, 0, get, NULL, offsetof(struct t_row, field) }

/* sorted by name (strcmp), as ls_table_col wants */
static const struct ls_col t_cols[] = {
	T_COL("alias", LS_STRING, LS_LK_NONE, t_get_str, alias),
	{ "counter", "", LS_INT, LS_LK_NONE, 1, t_get_int, NULL, offsetof(struct t_row, num) },
	T_COL("custom_variables", LS_DICT, LS_LK_NONE, t_get_dict, cvars),
	T_COL("days", LS_LIST, LS_LK_NONE, t_get_names, days),
	T_COL("groups", LS_LIST, LS_LK_OBJECTS, t_get_names, groups),
	T_COL("last_check", LS_TIME, LS_LK_NONE, t_get_time, last),
	T_COL("load", LS_FLOAT, LS_LK_NONE, t_get_float, load),
	T_COL("members", LS_LIST, LS_LK_PAIRS, t_get_names, members),
	T_COL("modified_attributes", LS_LIST, LS_LK_ATTRS, t_get_int, modattr),
	T_COL("name", LS_STRING, LS_LK_NONE, t_get_str, name),
	T_COL("num", LS_INT, LS_LK_NONE, t_get_int, num),
	T_COL("parents", LS_LIST, LS_LK_HOSTS, t_get_names, parents),
	T_COL("services", LS_LIST, LS_LK_HOST_SVCS, t_get_names, svcs),
};

static const char *const t_g0[] = { "linux", "web", NULL };
static const char *const t_g2[] = { "db", NULL };
static const char *const t_p0[] = { "router", NULL };
static const char *const t_p2[] = { "router", "db01", NULL };
static const char *const t_s0[] = { "HTTP", "PING", NULL };
static const char *const t_s2[] = { "MYSQL", NULL };
static const char *const t_m0[] = { "web01|HTTP", "web01|PING", NULL };
static const char *const t_d0[] = { "monday", NULL };
static const char *const t_c0[] = { "OWNER", "alice smith", "ENV", "prod", NULL };
static const char *const t_c2[] = { "ENV", "test", NULL };

/* row 1 has every list empty and no custom variables; row 2's alias is NULL */
static const struct t_row t_rows[] = {
	{ "web01", "Web Server", 3, 1.5, 1000, t_g0, t_p0, t_s0, t_m0, t_d0, t_c0, 3 },
	{ "db01", "database", 0, 0.25, 2000, NULL, NULL, NULL, NULL, NULL, NULL, 0 },
	{ "DB02", NULL, -5, 3.0, 0, t_g2, t_p2, t_s2, NULL, NULL, t_c2, 16 | 512 },
};

#define T_NROWS (sizeof(t_rows) / sizeof(t_rows[0]))

static const struct ls_table t_table = {
	.name = "hosts",
	.prefix = "host_",
	.cols = t_cols,
	.ncols = sizeof(t_cols) / sizeof(t_cols[0]),
};

static struct ls_ctx t_x;

static int
t_setup(void **state)
{
	(void)state;
	t_x.scratch = arena_new();
	return t_x.scratch == NULL ? -1 : 0;
}

static int
t_teardown(void **state)
{
	(void)state;
	arena_free(t_x.scratch);
	return 0;
}

static struct lsf *
t_parse(const char *text)
{
	char err[512] = "";
	struct lsf *f = lsf_parse(&t_table, text, "filter", err, sizeof(err));

	if (f == NULL)
		fail_msg("'%s' did not parse: %s", text, err);
	return f;
}

/* the rows f matches, row i as bit 1 << i */
static unsigned
t_mask_of(const struct lsf *f)
{
	unsigned m = 0;
	size_t i;

	for (i = 0; i < T_NROWS; i++)
		if (lsf_match(f, &t_x, &t_rows[i]))
			m |= 1u << i;
	return m;
}

static unsigned
t_rows_of(const char *text)
{
	struct lsf *f = t_parse(text);
	unsigned m = t_mask_of(f);

	lsf_free(f);
	return m;
}

/* the 400 text text gives as a line of kind */
static const char *
t_err(const char *text, const char *kind)
{
	static char err[512];
	struct lsf *f;

	memset(err, 0, sizeof(err));
	f = lsf_parse(&t_table, text, kind, err, sizeof(err));
	if (f != NULL) {
		lsf_free(f);
		fail_msg("'%s' parsed", text);
	}
	return err;
}

#define T_ROWS(text, mask) assert_int_equal(t_rows_of(text), (mask))
#define T_ERR(text, kind, msg) assert_string_equal(t_err(text, kind), (msg))

static void
t_string_ops(void **state)
{
	(void)state;
	T_ROWS("name = web01", 1);
	T_ROWS("name != web01", 6);
	T_ROWS("name = WEB01", 0);
	T_ROWS("name =~ WEB01", 1);
	T_ROWS("name =~ db02", 4);
	T_ROWS("name !=~ db02", 3);
	T_ROWS("name =~ web0", 0);
	/* byte order: "DB02" < "db01" < "web01" */
	T_ROWS("name < db01", 4);
	T_ROWS("name > db01", 1);
	T_ROWS("name >= db01", 3);
	T_ROWS("name <= db01", 6);
	T_ROWS("name !< db01", 3);
	T_ROWS("name !> db01", 6);
	T_ROWS("name !>= db01", 4);
	T_ROWS("name !<= db01", 1);
	/* '!'s multiply */
	T_ROWS("name !!= web01", 1);
	T_ROWS("name !!!= web01", 6);
	T_ROWS("name !!<= db01", 6);
	/* the value is the rest of the line; a NULL string reads as "" */
	T_ROWS("alias = Web Server", 1);
	T_ROWS("alias =    Web Server", 1);
	T_ROWS("alias = Web", 0);
	T_ROWS("alias =", 4);
	T_ROWS("alias = ", 4);
	T_ROWS("alias !=", 3);
	T_ROWS("alias > ", 3);
	/* tabs separate as spaces do; leading blanks are skipped */
	T_ROWS("\tname\t=\tweb01", 1);
	T_ROWS("  name   =  web01", 1);
}

static void
t_regex(void **state)
{
	(void)state;
	T_ROWS("name ~ ^web", 1);
	T_ROWS("name ~ 0", 7);
	T_ROWS("name ~ DB", 4);
	T_ROWS("name ~~ DB", 6);
	T_ROWS("name ~~ ^db0[12]$", 6);
	T_ROWS("name !~ DB", 3);
	T_ROWS("name !~~ DB", 1);
	T_ROWS("name ~ web|DB", 5);
	T_ROWS("alias ~ b S", 1);
	T_ROWS("alias ~ ^$", 4);
	/* the empty regex matches everything, even a NULL string */
	T_ROWS("alias ~", 7);
	T_ROWS("alias !~", 0);
	/* "{" is refused only in regular expressions */
	T_ROWS("name = {x}", 0);
	T_ROWS("name =~ {x}", 0);
}

static void
t_regex_errors(void **state)
{
	(void)state;
	T_ERR("name ~ a{2}", "filter",
	    "error in Filter header: disallowed regular expression 'a{2}': "
	    "must not contain { or }");
	T_ERR("name !~~ \\{", "filter",
	    "error in Filter header: disallowed regular expression '\\{': must not contain { or }");
	T_ERR("name ~ x}", "stats",
	    "error in Filter header: disallowed regular expression 'x}': must not contain { or }");
	T_ERR("name ~ web(", "filter", "error in Filter header: invalid regular expression 'web('");
	T_ERR("name ~~ [a-", "stats", "error in Filter header: invalid regular expression '[a-'");
	/* a column the table lacks compares as a string, regex rules included */
	T_ERR("nosuch ~ (", "filter", "error in Filter header: invalid regular expression '('");
}

static void
t_int_ops(void **state)
{
	(void)state;
	T_ROWS("num = 3", 1);
	T_ROWS("num != 3", 6);
	T_ROWS("num < 0", 4);
	T_ROWS("num > 0", 1);
	T_ROWS("num >= 0", 3);
	T_ROWS("num <= 0", 6);
	T_ROWS("num !>= 0", 4);
	T_ROWS("num !<= 0", 1);
	T_ROWS("num = -5", 4);
	/* atoi's reading: leading number, the rest ignored, none is 0 */
	T_ROWS("num = 3abc", 1);
	T_ROWS("num = 3.9", 1);
	T_ROWS("num = abc", 2);
	T_ROWS("num =", 2);
	/* regex operators are not implemented on numbers: every row, negated none */
	T_ROWS("num ~ 3", 7);
	T_ROWS("num ~~ x", 7);
	T_ROWS("num =~ 3", 7);
	T_ROWS("num !~ 3", 0);
	T_ROWS("num !=~ 3", 0);
	/* regex rules do not apply: no refusal */
	T_ROWS("num ~ {", 7);
}

static void
t_time_ops(void **state)
{
	(void)state;
	T_ROWS("last_check = 1000", 1);
	T_ROWS("last_check > 500", 3);
	T_ROWS("last_check < 1000", 4);
	T_ROWS("last_check <= 1000", 5);
	T_ROWS("last_check >= 1000", 3);
	T_ROWS("last_check != 0", 3);
	T_ROWS("last_check ~ x", 7);
	T_ROWS("last_check !~~ x", 0);
}

static void
t_float_ops(void **state)
{
	(void)state;
	T_ROWS("load = 1.5", 1);
	T_ROWS("load != 1.5", 6);
	T_ROWS("load < 1", 2);
	T_ROWS("load > 1", 5);
	T_ROWS("load >= 1.5", 5);
	T_ROWS("load <= 1.5", 3);
	T_ROWS("load = 0.25xyz", 2);
	T_ROWS("load = 3", 4);
	T_ROWS("load < abc", 0);
	T_ROWS("load ~ 1", 7);
	T_ROWS("load =~ 1", 7);
	T_ROWS("load !~~ 1", 0);
}

static void
t_list_objects(void **state)
{
	(void)state;
	/* groups: {linux, web}, {}, {db} */
	T_ROWS("groups >= web", 1);
	T_ROWS("groups >= db", 4);
	T_ROWS("groups >= nosuch", 0);
	T_ROWS("groups !< web", 1);
	T_ROWS("groups < web", 6);
	T_ROWS("groups !>= web", 6);
	T_ROWS("groups >= we", 0);
	/* "=" / "!=" with an empty value: emptiness */
	T_ROWS("groups =", 2);
	T_ROWS("groups !=", 5);
	T_ROWS("groups !!=", 2);
	/* with a value: false both ways */
	T_ROWS("groups = web", 0);
	T_ROWS("groups != web", 0);
	/* every other operator: true, negated or not */
	T_ROWS("groups > web", 7);
	T_ROWS("groups !> web", 7);
	T_ROWS("groups <= web", 7);
	T_ROWS("groups ~ web", 7);
	T_ROWS("groups !~ web", 7);
	T_ROWS("groups =~ web", 7);
	T_ROWS("groups ~~ web", 7);
	T_ROWS("groups !~~ {", 7);
}

static void
t_list_hosts(void **state)
{
	(void)state;
	/* parents: {router}, {}, {router, db01} */
	T_ROWS("parents >= router", 5);
	T_ROWS("parents >= db01", 4);
	T_ROWS("parents < db01", 3);
	T_ROWS("parents =", 2);
	T_ROWS("parents !=", 5);
	/* with a value "=" / "!=" always match, unlike object lists */
	T_ROWS("parents = router", 7);
	T_ROWS("parents != router", 7);
	T_ROWS("parents > x", 7);
	T_ROWS("parents !~ x", 7);
}

static void
t_list_host_svcs(void **state)
{
	(void)state;
	/* services: {HTTP, PING}, {}, {MYSQL} */
	T_ROWS("services >= PING", 1);
	T_ROWS("services >= MYSQL", 4);
	T_ROWS("services < PING", 6);
	T_ROWS("services >= ping", 0);
	/* "=" / "!=" test emptiness whatever the value */
	T_ROWS("services =", 2);
	T_ROWS("services !=", 5);
	T_ROWS("services = PING", 2);
	T_ROWS("services != PING", 5);
	T_ROWS("services ~ PING", 7);
	T_ROWS("services <= PING", 7);
}

static void
t_list_pairs(void **state)
{
	(void)state;
	/* members: {web01|HTTP, web01|PING}, {}, {} */
	T_ROWS("members >= web01|PING", 1);
	T_ROWS("members < web01|PING", 6);
	/* without the '|' it names no member */
	T_ROWS("members >= web01", 0);
	T_ROWS("members >= PING", 0);
	T_ROWS("members =", 6);
	T_ROWS("members !=", 1);
	T_ROWS("members = web01|PING", 7);
	T_ROWS("members != x", 7);
	T_ROWS("members ~~ x", 7);
}

static void
t_list_none(void **state)
{
	(void)state;
	/* days has no list filter: positive operators never match, negated ones always */
	T_ROWS("days >= monday", 7); /* ">=" is "not <" */
	T_ROWS("days < monday", 0);
	T_ROWS("days = monday", 0);
	T_ROWS("days =", 0);
	T_ROWS("days != monday", 7);
	T_ROWS("days ~ .", 0);
	T_ROWS("days !~~ .", 7);
	T_ROWS("days > x", 0);
	T_ROWS("days <= x", 7);
}

static void
t_attrs(void **state)
{
	(void)state;
	/* masks: 3, 0, 528 (flap_detection_enabled | check_command) */
	T_ROWS("modified_attributes = 3", 1);
	T_ROWS("modified_attributes = 0", 2);
	T_ROWS("modified_attributes != 0", 5);
	T_ROWS("modified_attributes = notifications_enabled,active_checks_enabled", 1);
	T_ROWS("modified_attributes = notifications_enabled", 0);
	T_ROWS("modified_attributes = check_command,flap_detection_enabled", 4);
	T_ROWS("modified_attributes = 528", 4);
	/* "~": all the bits; "~~": any of them */
	T_ROWS("modified_attributes ~ notifications_enabled", 1);
	T_ROWS("modified_attributes ~ 1", 1);
	T_ROWS("modified_attributes ~ 17", 0);
	T_ROWS("modified_attributes ~~ 17", 5);
	T_ROWS("modified_attributes ~~ check_command,active_checks_enabled", 5);
	T_ROWS("modified_attributes !~~ flap_detection_enabled", 3);
	T_ROWS("modified_attributes ~ 0", 7);
	T_ROWS("modified_attributes ~~ 0", 0);
	/* numeric order */
	T_ROWS("modified_attributes < 4", 3);
	T_ROWS("modified_attributes > 4", 4);
	T_ROWS("modified_attributes >= 3", 5);
	T_ROWS("modified_attributes <= 3", 3);
	/* unknown names are ignored; names are exact, so " x" after a comma is unknown */
	T_ROWS("modified_attributes = bogus,notifications_enabled,,active_checks_enabled", 1);
	T_ROWS("modified_attributes = bogus", 2);
	T_ROWS("modified_attributes = notifications_enabled, active_checks_enabled", 0);
	T_ROWS("modified_attributes = notification_timeperiod", 0);
	T_ROWS("modified_attributes ~~ 65536", 0);
	/* "=~" is not implemented: every row, negated none */
	T_ROWS("modified_attributes =~ 3", 7);
	T_ROWS("modified_attributes !=~ 3", 0);
}

static void
t_dict(void **state)
{
	(void)state;
	/* OWNER: "alice smith", missing, missing; ENV: prod, missing, test */
	T_ROWS("custom_variables = OWNER alice smith", 1);
	T_ROWS("custom_variables = OWNER    alice smith", 1);
	T_ROWS("custom_variables = OWNER\talice smith", 1);
	T_ROWS("custom_variables != OWNER alice smith", 6);
	T_ROWS("custom_variables = OWNER alice", 0);
	/* a missing variable reads as "" */
	T_ROWS("custom_variables = OWNER", 6);
	T_ROWS("custom_variables = OWNER ", 6);
	T_ROWS("custom_variables = NOSUCH", 7);
	T_ROWS("custom_variables != NOSUCH", 0);
	/* the name is case-sensitive, the value follows the operator */
	T_ROWS("custom_variables = owner alice smith", 0);
	T_ROWS("custom_variables =~ OWNER ALICE SMITH", 1);
	T_ROWS("custom_variables ~ ENV ^(prod|test)$", 5);
	T_ROWS("custom_variables ~ OWNER ^ali", 1);
	T_ROWS("custom_variables ~ OWNER ^ALI", 0);
	T_ROWS("custom_variables ~~ OWNER ^ALI", 1);
	T_ROWS("custom_variables !~ ENV e", 3);
	T_ROWS("custom_variables ~ NOSUCH", 7);
	T_ROWS("custom_variables > ENV prod", 4);
	T_ROWS("custom_variables < ENV prod", 2);
	T_ROWS("custom_variables >= ENV prod", 5);
	/* the errors quote the whole "NAME rest" */
	T_ERR("custom_variables ~ OWNER a{2}", "filter",
	    "error in Filter header: disallowed regular expression 'OWNER a{2}': must not "
	    "contain { or }");
	T_ERR("custom_variables ~~ OWNER (", "stats",
	    "error in Filter header: invalid regular expression 'OWNER ('");
	/* only the regular expression is checked for braces, not the name */
	T_ROWS("custom_variables ~ {X} .", 0);
	T_ROWS("custom_variables ~ {X}", 7);
}

static void
t_unknown_column(void **state)
{
	(void)state;
	/* a column the table lacks is a string that is always "" */
	T_ROWS("nosuch =", 7);
	T_ROWS("nosuch = ", 7);
	T_ROWS("nosuch !=", 0);
	T_ROWS("nosuch = x", 0);
	T_ROWS("nosuch != x", 7);
	T_ROWS("nosuch =~ x", 0);
	T_ROWS("nosuch < a", 7);
	T_ROWS("nosuch > a", 0);
	T_ROWS("nosuch ~ ^$", 7);
	T_ROWS("nosuch ~ .", 0);
	T_ROWS("nosuch >= web", 0);
}

static void
t_prefix(void **state)
{
	(void)state;
	T_ROWS("host_name = web01", 1);
	T_ROWS("host_host_name = web01", 1);
	T_ROWS("host_groups >= db", 4);
	T_ROWS("host_num > 0", 1);
	/* another table's prefix is not stripped: an unknown column */
	T_ROWS("service_name = web01", 0);
	T_ROWS("service_name =", 7);
	T_ERR("host_counter = 1", "filter", "cannot create filter on table hosts");
}

static void
t_nofilter(void **state)
{
	(void)state;
	T_ERR("counter = 1", "filter", "cannot create filter on table hosts");
	T_ERR("counter ~ {", "stats", "cannot create filter on table hosts");
	/* the operator is checked first */
	T_ERR("counter == 1", "filter", "invalid filter operator '=='");
	T_ERR("counter", "filter", "invalid filter header: missing operator after table 'counter'");
}

static void
t_syntax_errors(void **state)
{
	(void)state;
	T_ERR("", "filter", "empty filter line");
	T_ERR("  \t ", "filter", "empty filter line");
	T_ERR("", "stats", "empty stats line");
	T_ERR("name", "filter", "invalid filter header: missing operator after table 'name'");
	T_ERR("name  ", "stats", "invalid stats header: missing operator after table 'name'");
	T_ERR("nosuch", "filter", "invalid filter header: missing operator after table 'nosuch'");
	T_ERR("name == web01", "filter", "invalid filter operator '=='");
	T_ERR("name == web01", "stats", "invalid stats operator '=='");
	T_ERR("name ! web01", "filter", "invalid filter operator '!'");
	T_ERR("name !! web01", "filter", "invalid filter operator '!!'");
	T_ERR("name <> web01", "filter", "invalid filter operator '<>'");
	T_ERR("name =~~ web01", "stats", "invalid stats operator '=~~'");
	T_ERR("name =! web01", "filter", "invalid filter operator '=!'");
	T_ERR("name =web01", "filter", "invalid filter operator '=web01'");
	T_ERR("nosuch >> x", "filter", "invalid filter operator '>>'");
	/* a stats count line parses like a filter line */
	{
		char err[64] = "";
		struct lsf *f = lsf_parse(&t_table, "num > 0", "stats", err, sizeof(err));

		assert_non_null(f);
		assert_int_equal(t_mask_of(f), 1);
		lsf_free(f);
	}
}

static void
t_err_buffer(void **state)
{
	char err[12];

	(void)state;
	/* no buffer, or a short one: still NULL, the text cut and terminated */
	assert_null(lsf_parse(&t_table, "name == x", "filter", NULL, 0));
	memset(err, 'Z', sizeof(err));
	assert_null(lsf_parse(&t_table, "name == x", "filter", err, 0));
	assert_int_equal(err[0], 'Z');
	assert_null(lsf_parse(&t_table, "name == x", "filter", err, sizeof(err)));
	assert_string_equal(err, "invalid fil");
}

static struct lsf *
t_and2(const char *a, const char *b)
{
	struct lsf *k[2];

	k[0] = t_parse(a);
	k[1] = t_parse(b);
	return lsf_and(k, 2);
}

static void
t_and_or_negate(void **state)
{
	struct lsf *k[3], *f;

	(void)state;
	f = t_and2("num >= 0", "load < 1");
	assert_int_equal(t_mask_of(f), 2);
	lsf_free(f);

	k[0] = t_parse("name = web01");
	k[1] = t_parse("name = DB02");
	k[2] = t_parse("nosuch = x");
	f = lsf_or(k, 3);
	assert_int_equal(t_mask_of(f), 5);
	/* negating the OR, twice */
	f = lsf_negate(f);
	assert_int_equal(t_mask_of(f), 2);
	f = lsf_negate(f);
	assert_int_equal(t_mask_of(f), 5);
	lsf_free(f);

	/* no children: AND always, OR never, and their negations */
	f = lsf_and(NULL, 0);
	assert_int_equal(t_mask_of(f), 7);
	assert_int_equal(lsf_match(f, &t_x, NULL), 1);
	f = lsf_negate(f);
	assert_int_equal(t_mask_of(f), 0);
	lsf_free(f);
	f = lsf_or(NULL, 0);
	assert_int_equal(t_mask_of(f), 0);
	assert_int_equal(lsf_match(f, &t_x, NULL), 0);
	f = lsf_negate(f);
	assert_int_equal(t_mask_of(f), 7);
	lsf_free(f);

	/* one child */
	k[0] = t_parse("num = 3");
	f = lsf_and(k, 1);
	assert_int_equal(t_mask_of(f), 1);
	lsf_free(f);

	/* Negate: inverts the answer, which on lists is not what '!' does */
	f = lsf_negate(t_parse("groups = web"));
	assert_int_equal(t_mask_of(f), 7);
	lsf_free(f);
	assert_int_equal(t_rows_of("groups != web"), 0);
	f = lsf_negate(t_parse("groups > web"));
	assert_int_equal(t_mask_of(f), 0);
	lsf_free(f);

	/* nesting: (num > 0 or name ~~ ^db) and not (load = 3) */
	k[0] = t_parse("num > 0");
	k[1] = t_parse("name ~~ ^db");
	k[0] = lsf_or(k, 2);
	k[1] = lsf_negate(t_parse("load = 3"));
	f = lsf_and(k, 2);
	assert_int_equal(t_mask_of(f), 3);
	lsf_free(f);
	assert_null(lsf_negate(NULL));
	lsf_free(NULL);
}

static void
t_null_row(void **state)
{
	static const char *const yes[] = {
		"name =", "alias =", "num = 0", "last_check = 0", "load = 0", "groups =",
		"parents =", "services = x", "members =", "modified_attributes = 0",
		"custom_variables = OWNER", "nosuch =", "name ~ ^$", "num ~ x", "days != x",
	};
	static const char *const no[] = {
		"name != ", "num != 0", "groups >= web", "groups !=", "services !=",
		"custom_variables = OWNER alice smith", "modified_attributes ~~ 1", "days = x",
	};
	struct lsf *f;
	size_t i;

	(void)state;
	/* without a row (WaitCondition: without WaitObject) every column reads as empty */
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		f = t_parse(yes[i]);
		if (lsf_match(f, &t_x, NULL) != 1)
			fail_msg("'%s' did not match the NULL row", yes[i]);
		lsf_free(f);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		f = t_parse(no[i]);
		if (lsf_match(f, &t_x, NULL) != 0)
			fail_msg("'%s' matched the NULL row", no[i]);
		lsf_free(f);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_string_ops),
		cmocka_unit_test(t_regex),
		cmocka_unit_test(t_regex_errors),
		cmocka_unit_test(t_int_ops),
		cmocka_unit_test(t_time_ops),
		cmocka_unit_test(t_float_ops),
		cmocka_unit_test(t_list_objects),
		cmocka_unit_test(t_list_hosts),
		cmocka_unit_test(t_list_host_svcs),
		cmocka_unit_test(t_list_pairs),
		cmocka_unit_test(t_list_none),
		cmocka_unit_test(t_attrs),
		cmocka_unit_test(t_dict),
		cmocka_unit_test(t_unknown_column),
		cmocka_unit_test(t_prefix),
		cmocka_unit_test(t_nofilter),
		cmocka_unit_test(t_syntax_errors),
		cmocka_unit_test(t_err_buffer),
		cmocka_unit_test(t_and_or_negate),
		cmocka_unit_test(t_null_row),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}

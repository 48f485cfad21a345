/*
 * test_otypes: the directive tables and the option letter maps.  Every
 * type name maps to its enum and back; aliases find the same slot;
 * unknown names find nothing; every table is NULL-terminated with slots
 * inside the type's nslots.  otype_parse_opts takes letters and long
 * words of each map, "a"/"all" and "n"/"none", ORs into the caller's mask,
 * splits on ',' and ' ', is case sensitive ('N' is notifications, 'n'
 * none) and hands back the first bad token.  Links compat/config/otypes.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compat/config/otypes.h"
#include "engine/objects/objects.h"

static const char *const t_names[OT_NTYPES] = {
	[OT_TIMEPERIOD] = "timeperiod",
	[OT_COMMAND] = "command",
	[OT_CONTACTGROUP] = "contactgroup",
	[OT_HOSTGROUP] = "hostgroup",
	[OT_SERVICEGROUP] = "servicegroup",
	[OT_CONTACT] = "contact",
	[OT_HOST] = "host",
	[OT_SERVICE] = "service",
	[OT_SERVICEDEPENDENCY] = "servicedependency",
	[OT_SERVICEESCALATION] = "serviceescalation",
	[OT_HOSTDEPENDENCY] = "hostdependency",
	[OT_HOSTESCALATION] = "hostescalation",
	[OT_HOSTEXTINFO] = "hostextinfo",
	[OT_SERVICEEXTINFO] = "serviceextinfo",
};

static void
t_from_name(void **state)
{
	int t;

	(void)state;
	for (t = 0; t < OT_NTYPES; t++) {
		assert_int_equal(otype_from_name(t_names[t]), t);
		assert_string_equal(otype_info((enum otype)t)->name, t_names[t]);
	}
	assert_int_equal(otype_from_name("hosts"), -1);
	assert_int_equal(otype_from_name("Host"), -1);
	assert_int_equal(otype_from_name("hos"), -1);
	assert_int_equal(otype_from_name("module"), -1);
	assert_int_equal(otype_from_name(""), -1);
}

/* every type: a name, a NULL-terminated table, slots within nslots */
static void
t_tables(void **state)
{
	const struct otype_info *ti;
	const struct odir *d, *alt;
	int t;
	unsigned n;

	(void)state;
	for (t = 0; t < OT_NTYPES; t++) {
		ti = otype_info((enum otype)t);
		assert_non_null(ti->name);
		assert_true(ti->name[0] != '\0');
		assert_non_null(ti->dirs);
		assert_true(ti->nslots > 0 && ti->nslots <= 256);
		assert_true(ti->name_slot < (int)ti->nslots);
		assert_int_equal(ti->is_timeperiod, t == OT_TIMEPERIOD);
		n = 0;
		for (d = ti->dirs; d->name != NULL; d++, n++) {
			if (d->slot >= ti->nslots)
				fail_msg("%s.%s: slot %u >= %u", ti->name, d->name, d->slot,
				    ti->nslots);
			if (d->kind > OK_OBSOLETE)
				fail_msg("%s.%s: kind %u", ti->name, d->name, d->kind);
			if (d->optmap >= OM_N)
				fail_msg("%s.%s: optmap %u", ti->name, d->name, d->optmap);
			/* an option directive has a map, nothing else has one */
			if ((d->kind == OK_OPTS || d->kind == OK_OPTS_RESET) !=
			    (d->optmap != OM_NONE))
				fail_msg("%s.%s: kind and optmap disagree", ti->name, d->name);
			/* names are unique in a table: the lookup finds this entry */
			if (otype_find_dir((enum otype)t, d->name) != d)
				fail_msg("%s.%s: listed twice", ti->name, d->name);
			if (d->flags & ODF_DEPRECATED) {
				assert_non_null(d->use_instead);
				alt = otype_find_dir((enum otype)t, d->use_instead);
				if (alt == NULL || alt->slot != d->slot || alt->kind != d->kind)
					fail_msg("%s.%s: use_instead %s does not match", ti->name,
					    d->name, d->use_instead);
			}
		}
		if (n == 0)
			fail_msg("%s: no directives", ti->name);
		/* the name slot is reachable through some directive */
		if (ti->name_slot >= 0) {
			for (d = ti->dirs; d->name != NULL; d++)
				if (d->slot == (unsigned)ti->name_slot)
					break;
			if (d->name == NULL)
				fail_msg("%s: name slot without directive", ti->name);
		}
	}
}

static void
t_timeperiod_days(void **state)
{
	static const char *const days[7] = {
		"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"
	};
	const struct odir *d;
	unsigned i;

	(void)state;
	for (i = 0; i < 7; i++) {
		d = otype_find_dir(OT_TIMEPERIOD, days[i]);
		assert_non_null(d);
		assert_int_equal(d->slot, OT_TP_SUNDAY + i);
	}
	assert_int_equal(otype_info(OT_TIMEPERIOD)->nslots, OT_TP_SUNDAY + 7);
	assert_null(otype_find_dir(OT_TIMEPERIOD, "Monday"));
}

static void
t_find_aliases(void **state)
{
	const struct odir *a, *b, *c, *d;

	(void)state;
	a = otype_find_dir(OT_HOST, "host_groups");
	b = otype_find_dir(OT_HOST, "hostgroups");
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	assert_string_equal(a->name, "host_groups");
	assert_string_equal(b->name, "hostgroups");
	assert_int_equal(a->slot, OT_HOST_HOSTGROUPS);
	assert_int_equal(b->slot, OT_HOST_HOSTGROUPS);
	assert_int_equal(a->kind, OK_LIST);
	assert_int_equal(b->kind, OK_LIST);

	a = otype_find_dir(OT_SERVICE, "host");
	b = otype_find_dir(OT_SERVICE, "hosts");
	c = otype_find_dir(OT_SERVICE, "host_name");
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_int_equal(a->slot, OT_SVC_HOST_NAME);
	assert_int_equal(b->slot, OT_SVC_HOST_NAME);
	assert_int_equal(c->slot, OT_SVC_HOST_NAME);

	a = otype_find_dir(OT_SERVICEDEPENDENCY, "master_host");
	b = otype_find_dir(OT_SERVICEDEPENDENCY, "host_name");
	c = otype_find_dir(OT_SERVICEDEPENDENCY, "master_host_name");
	d = otype_find_dir(OT_SERVICEDEPENDENCY, "dependent_host_name");
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_non_null(d);
	assert_int_equal(a->slot, OT_SD_HOST_NAME);
	assert_int_equal(b->slot, OT_SD_HOST_NAME);
	assert_int_equal(c->slot, OT_SD_HOST_NAME);
	assert_int_equal(d->slot, OT_SD_DEPENDENT_HOST_NAME);

	/* the same name means different slots in different types */
	assert_int_equal(otype_find_dir(OT_HOST, "host_name")->slot, OT_HOST_HOST_NAME);
	assert_int_equal(otype_find_dir(OT_HOST, "host_name")->kind, OK_STR_LIT);
	assert_int_equal(otype_find_dir(OT_SERVICE, "host_name")->kind, OK_LIST);
}

static void
t_find_flags(void **state)
{
	const struct odir *d;

	(void)state;
	d = otype_find_dir(OT_HOST, "normal_check_interval");
	assert_non_null(d);
	assert_true(d->flags & ODF_DEPRECATED);
	assert_string_equal(d->use_instead, "check_interval");
	assert_int_equal(d->slot, OT_HOST_CHECK_INTERVAL);
	d = otype_find_dir(OT_HOST, "check_interval");
	assert_non_null(d);
	assert_false(d->flags & ODF_DEPRECATED);
	d = otype_find_dir(OT_SERVICE, "contacts");
	assert_non_null(d);
	assert_true(d->flags & ODF_NONEMPTY);
	d = otype_find_dir(OT_HOST, "failure_prediction_enabled");
	assert_non_null(d);
	assert_int_equal(d->kind, OK_OBSOLETE);
	d = otype_find_dir(OT_HOST, "flap_detection_options");
	assert_non_null(d);
	assert_int_equal(d->kind, OK_OPTS_RESET);
	assert_int_equal(d->optmap, OM_HOST_FLAP);
	d = otype_find_dir(OT_SERVICE, "stalking_options");
	assert_non_null(d);
	assert_int_equal(d->optmap, OM_SVC_STALK);
}

static void
t_find_unknown(void **state)
{
	int t;

	(void)state;
	for (t = 0; t < OT_NTYPES; t++) {
		assert_null(otype_find_dir((enum otype)t, "no_such_directive"));
		assert_null(otype_find_dir((enum otype)t, ""));
		/* handled by raw.c, not by the tables */
		assert_null(otype_find_dir((enum otype)t, "use"));
		assert_null(otype_find_dir((enum otype)t, "name"));
		assert_null(otype_find_dir((enum otype)t, "register"));
	}
	assert_null(otype_find_dir(OT_HOST, "Host_Name"));
	assert_null(otype_find_dir(OT_HOST, "host_name "));
	assert_null(otype_find_dir(OT_HOST, "service_description"));
	assert_null(otype_find_dir(OT_COMMAND, "alias"));
}

struct t_opt {
	const char *letter;
	const char *word;
	unsigned bit;
};

struct t_map {
	enum optmap m;
	const char *name;
	const struct t_opt *opts;
	const char *foreign; /* a letter valid elsewhere but not here */
};

static const struct t_opt t_host_notif[] = {
	{ "d", "down", OBJ_OPT_DOWN }, { "u", "unreachable", OBJ_OPT_UNREACHABLE },
	{ "r", "recovery", OBJ_OPT_RECOVERY }, { "f", "flapping", OBJ_OPT_FLAPPING },
	{ "s", "downtime", OBJ_OPT_DOWNTIME }, { NULL, NULL, 0 }
};
static const struct t_opt t_host_flap[] = {
	{ "o", "up", OBJ_OPT_UP }, { "d", "down", OBJ_OPT_DOWN },
	{ "u", "unreachable", OBJ_OPT_UNREACHABLE }, { NULL, NULL, 0 }
};
static const struct t_opt t_host_stalk[] = {
	{ "o", "up", OBJ_OPT_UP }, { "d", "down", OBJ_OPT_DOWN },
	{ "u", "unreachable", OBJ_OPT_UNREACHABLE },
	{ "N", "notifications", OBJ_OPT_NOTIFICATIONS }, { NULL, NULL, 0 }
};
static const struct t_opt t_svc_notif[] = {
	{ "u", "unknown", OBJ_OPT_UNKNOWN }, { "w", "warning", OBJ_OPT_WARNING },
	{ "c", "critical", OBJ_OPT_CRITICAL }, { "r", "recovery", OBJ_OPT_RECOVERY },
	{ "f", "flapping", OBJ_OPT_FLAPPING }, { "s", "downtime", OBJ_OPT_DOWNTIME },
	{ NULL, NULL, 0 }
};
static const struct t_opt t_svc_flap[] = {
	{ "o", "ok", OBJ_OPT_OK }, { "w", "warning", OBJ_OPT_WARNING },
	{ "u", "unknown", OBJ_OPT_UNKNOWN }, { "c", "critical", OBJ_OPT_CRITICAL },
	{ NULL, NULL, 0 }
};
static const struct t_opt t_svc_stalk[] = {
	{ "o", "ok", OBJ_OPT_OK }, { "w", "warning", OBJ_OPT_WARNING },
	{ "u", "unknown", OBJ_OPT_UNKNOWN }, { "c", "critical", OBJ_OPT_CRITICAL },
	{ "N", "notifications", OBJ_OPT_NOTIFICATIONS }, { NULL, NULL, 0 }
};
static const struct t_opt t_host_dep[] = {
	{ "o", "up", OBJ_OPT_UP }, { "d", "down", OBJ_OPT_DOWN },
	{ "u", "unreachable", OBJ_OPT_UNREACHABLE }, { "p", "pending", OBJ_OPT_PENDING },
	{ NULL, NULL, 0 }
};
static const struct t_opt t_svc_dep[] = {
	{ "o", "ok", OBJ_OPT_OK }, { "u", "unknown", OBJ_OPT_UNKNOWN },
	{ "w", "warning", OBJ_OPT_WARNING }, { "c", "critical", OBJ_OPT_CRITICAL },
	{ "p", "pending", OBJ_OPT_PENDING }, { NULL, NULL, 0 }
};
static const struct t_opt t_host_esc[] = {
	{ "d", "down", OBJ_OPT_DOWN }, { "u", "unreachable", OBJ_OPT_UNREACHABLE },
	{ "r", "recovery", OBJ_OPT_RECOVERY }, { NULL, NULL, 0 }
};
static const struct t_opt t_svc_esc[] = {
	{ "w", "warning", OBJ_OPT_WARNING }, { "u", "unknown", OBJ_OPT_UNKNOWN },
	{ "c", "critical", OBJ_OPT_CRITICAL }, { "r", "recovery", OBJ_OPT_RECOVERY },
	{ NULL, NULL, 0 }
};

static const struct t_map t_maps[] = {
	{ OM_HOST_NOTIF, "host_notif", t_host_notif, "w" },
	{ OM_HOST_FLAP, "host_flap", t_host_flap, "r" },
	{ OM_HOST_STALK, "host_stalk", t_host_stalk, "r" },
	{ OM_SVC_NOTIF, "svc_notif", t_svc_notif, "d" },
	{ OM_SVC_FLAP, "svc_flap", t_svc_flap, "d" },
	{ OM_SVC_STALK, "svc_stalk", t_svc_stalk, "d" },
	{ OM_HOST_DEP, "host_dep", t_host_dep, "w" },
	{ OM_SVC_DEP, "svc_dep", t_svc_dep, "d" },
	{ OM_HOST_ESC, "host_esc", t_host_esc, "o" },
	{ OM_SVC_ESC, "svc_esc", t_svc_esc, "o" },
};

/* each map: every letter and word alone, then all of them together */
static void
t_opts_each_map(void **state)
{
	const struct t_map *mp;
	const struct t_opt *o;
	char bad[64], list[256];
	unsigned mask, all;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t_maps) / sizeof(t_maps[0]); i++) {
		mp = &t_maps[i];
		all = 0;
		list[0] = '\0';
		for (o = mp->opts; o->letter != NULL; o++) {
			mask = 0;
			if (otype_parse_opts(mp->m, o->letter, &mask, bad, sizeof(bad)) != 0)
				fail_msg("%s: letter %s refused", mp->name, o->letter);
			if (mask != o->bit)
				fail_msg("%s: letter %s gives %#x", mp->name, o->letter, mask);
			mask = 0;
			if (otype_parse_opts(mp->m, o->word, &mask, bad, sizeof(bad)) != 0)
				fail_msg("%s: word %s refused", mp->name, o->word);
			if (mask != o->bit)
				fail_msg("%s: word %s gives %#x", mp->name, o->word, mask);
			all |= o->bit;
			if (list[0] != '\0')
				strncat(list, ",", sizeof(list) - strlen(list) - 1);
			strncat(list, o->letter, sizeof(list) - strlen(list) - 1);
		}
		mask = 0;
		assert_int_equal(otype_parse_opts(mp->m, list, &mask, bad, sizeof(bad)), 0);
		assert_int_equal(mask, all);
		/* a letter that belongs to another map */
		mask = 0;
		bad[0] = '\0';
		if (otype_parse_opts(mp->m, mp->foreign, &mask, bad, sizeof(bad)) != -1)
			fail_msg("%s: foreign letter %s accepted", mp->name, mp->foreign);
		assert_string_equal(bad, mp->foreign);
		/* all and none in every map */
		mask = 0;
		assert_int_equal(otype_parse_opts(mp->m, "a", &mask, bad, sizeof(bad)), 0);
		assert_int_equal(mask, OBJ_OPT_ALL);
		mask = 0;
		assert_int_equal(otype_parse_opts(mp->m, "all", &mask, bad, sizeof(bad)), 0);
		assert_int_equal(mask, OBJ_OPT_ALL);
		mask = all;
		assert_int_equal(otype_parse_opts(mp->m, "n", &mask, bad, sizeof(bad)), 0);
		assert_int_equal(mask, OBJ_OPT_NONE);
		mask = all;
		assert_int_equal(otype_parse_opts(mp->m, "none", &mask, bad, sizeof(bad)), 0);
		assert_int_equal(mask, OBJ_OPT_NONE);
	}
}

static void
t_opts_all_none_order(void **state)
{
	char bad[64];
	unsigned mask;

	(void)state;
	/* none resets what came before it, later letters still count */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d,u,n,r", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_RECOVERY);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d,none", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NONE);
	/* all then a letter stays all; all then none is none */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "a,w", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_ALL);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "all,n", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NONE);
	/* none then letters */
	mask = OBJ_OPT_FLAPPING;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "n,c", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_CRITICAL);
}

static void
t_opts_or_across_calls(void **state)
{
	char bad[64];
	unsigned mask = 0;

	(void)state;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "u", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE);
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "flapping", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_FLAPPING);
	/* the same letter twice is harmless */
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d,d", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_FLAPPING);
	/* an empty value leaves the mask alone */
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_FLAPPING);
	/* a later none clears what earlier calls set */
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "none", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NONE);
}

static void
t_opts_bad(void **state)
{
	char bad[64], small[4];
	unsigned mask;
	char longtok[200];

	(void)state;
	mask = 0;
	snprintf(bad, sizeof(bad), "unchanged");
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d,x,u", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "x");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "w, bogus", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "bogus");
	/* a word is whole: a prefix or a longer word is no match */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "warn", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "warn");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "cw", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "cw");
	/* other separators are part of the token */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "w;c", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "w;c");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_NOTIF, "w\tc", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "w\tc");
	/* truncated to the caller's buffer */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "xyzzy", &mask, small, sizeof(small)),
	    -1);
	assert_string_equal(small, "xyz");
	/* a long token is cut, not overrun */
	memset(longtok, 'q', sizeof(longtok) - 1);
	longtok[sizeof(longtok) - 1] = '\0';
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, longtok, &mask, bad, sizeof(bad)), -1);
	assert_int_equal(strlen(bad), sizeof(bad) - 1);
	assert_int_equal(strspn(bad, "q"), sizeof(bad) - 1);
	/* no buffer for the bad token */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "x", &mask, NULL, 0), -1);
	/* a map without letters still knows all and none */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_NONE, "d", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "d");
	mask = 5;
	assert_int_equal(otype_parse_opts(OM_NONE, "none", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NONE);
}

static void
t_opts_case(void **state)
{
	char bad[64];
	unsigned mask;

	(void)state;
	/* in stalking options 'N' is notifications, 'n' is none */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_STALK, "o,N", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_UP | OBJ_OPT_NOTIFICATIONS);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_STALK, "o,n", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NONE);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_STALK, "N,w", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_NOTIFICATIONS | OBJ_OPT_WARNING);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_SVC_STALK, "w,n,c", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, OBJ_OPT_CRITICAL);
	/* 'N' means nothing outside stalking options */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "N", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "N");
	/* upper-case letters and words are not the lower-case ones */
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "D", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "D");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "Down", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "Down");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "A", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "A");
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "NONE", &mask, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "NONE");
}

static void
t_opts_separators(void **state)
{
	char bad[64];
	unsigned mask;
	const unsigned dur = OBJ_OPT_DOWN | OBJ_OPT_UNREACHABLE | OBJ_OPT_RECOVERY;

	(void)state;
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d,u,r", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, dur);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d u r", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, dur);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "d, u ,r", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, dur);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, " ,,d,,  u,r, ", &mask, bad,
	    sizeof(bad)), 0);
	assert_int_equal(mask, dur);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, "down,unreachable recovery", &mask, bad,
	    sizeof(bad)), 0);
	assert_int_equal(mask, dur);
	mask = 0;
	assert_int_equal(otype_parse_opts(OM_HOST_NOTIF, " , ", &mask, bad, sizeof(bad)), 0);
	assert_int_equal(mask, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_from_name),
		cmocka_unit_test(t_tables),
		cmocka_unit_test(t_timeperiod_days),
		cmocka_unit_test(t_find_aliases),
		cmocka_unit_test(t_find_flags),
		cmocka_unit_test(t_find_unknown),
		cmocka_unit_test(t_opts_each_map),
		cmocka_unit_test(t_opts_all_none_order),
		cmocka_unit_test(t_opts_or_across_calls),
		cmocka_unit_test(t_opts_bad),
		cmocka_unit_test(t_opts_case),
		cmocka_unit_test(t_opts_separators),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

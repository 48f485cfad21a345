/*
 * test_objfiles: reading the object files in parallel gives what reading
 * them one after another gives: the same definitions in the same order
 * with the same definition order (seq), the same template index, and the
 * same diagnostics in the same order, a template defined in two files
 * included (reported where the second definition ends, between that
 * file's other findings).  Also: a cfg_file or cfg_dir that cannot be
 * opened is reported against its nagios.cfg line.  Links
 * compat/config/{objfiles,lexer,raw,maincfg,...}.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compat/config/diag.h"
#include "compat/config/lexer.h"
#include "compat/config/maincfg.h"
#include "compat/config/objfiles.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/vec.h"

static char tmpdir[64];

static char *
path_of(const char *name)
{
	static char buf[8][256];
	static unsigned k;
	char *p = buf[k++ % 8];

	snprintf(p, 256, "%s/%s", tmpdir, name);
	return p;
}

static void
put(const char *name, const char *text)
{
	FILE *fp = fopen(path_of(name), "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* a.cfg and b.cfg as cfg_file lines, the tree d/ as a cfg_dir */
static int
setup(void **state)
{
	char big[64 * 1024];
	size_t n = 0;
	int i;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/jaque-objfiles-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	assert_int_equal(mkdir(path_of("d"), 0755), 0);
	assert_int_equal(mkdir(path_of("d/e"), 0755), 0);
	put("a.cfg", "define host {\n name t1\n register 0\n max_check_attempts 3\n}\n"
	    "define host {\n use t1\n host_name h1\n address 10.0.0.1\n}\n"
	    "define host {\n host_name h1x\n bogus_directive 1\n}\n");
	/* t1 again (a duplicate across files), between two findings of its own file */
	put("b.cfg", "define service {\n name s\n register 0\n failure_prediction_enabled 1\n}\n"
	    "define host {\n name t1\n register 0\n}\n"
	    "define host {\n use t1\n host_name h2\n nonsense x\n}\n"
	    "define host {\n name t2\n register 0\n}\n"
	    "define host {\n name t2\n register 0\n}\n");
	put("d/c.cfg", "define command {\n command_name c\n command_line /bin/true\n}\n"
	    "define timeperiod {\n timeperiod_name p\n alias P\n monday 00:00-24:00\n}\n");
	put("d/skip.txt", "define junk {\n}\n");
	/* a bigger file, so the workers overlap */
	for (i = 0; i < 600; i++)
		n += (size_t)snprintf(big + n, sizeof(big) - n,
		    "define host {\n use t1\n host_name big%d\n _ID %d\n}\n", i, i);
	put("d/e/big.cfg", big);
	put("d/e/t1.cfg", "define host {\n name t1\n}\n");
	return 0;
}

static int
teardown(void **state)
{
	static const char *const files[] = { "a.cfg", "b.cfg", "d/c.cfg", "d/skip.txt",
		"d/e/big.cfg", "d/e/t1.cfg" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(path_of(files[i]));
	rmdir(path_of("d/e"));
	rmdir(path_of("d"));
	rmdir(tmpdir);
	return 0;
}

struct run {
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
	int errors;
};

static void
cfg_init(struct main_cfg *c, const char *dir_line)
{
	memset(c, 0, sizeof(*c));
	vec_init(&c->cfg_files);
	vec_init(&c->cfg_dirs);
	vec_init(&c->cfg_file_lines);
	vec_init(&c->cfg_dir_lines);
	c->config_file = strdup(path_of("nagios.cfg"));
	vec_push(&c->cfg_files, strdup(path_of("a.cfg")));
	vec_push(&c->cfg_file_lines, (void *)(uintptr_t)3);
	vec_push(&c->cfg_files, strdup(path_of("b.cfg")));
	vec_push(&c->cfg_file_lines, (void *)(uintptr_t)4);
	vec_push(&c->cfg_dirs, strdup(path_of(dir_line)));
	vec_push(&c->cfg_dir_lines, (void *)(uintptr_t)5);
}

static void
cfg_done(struct main_cfg *c)
{
	size_t i;

	for (i = 0; i < c->cfg_files.len; i++)
		free(c->cfg_files.items[i]);
	for (i = 0; i < c->cfg_dirs.len; i++)
		free(c->cfg_dirs.items[i]);
	free(c->config_file);
	vec_clear(&c->cfg_files);
	vec_clear(&c->cfg_dirs);
	vec_clear(&c->cfg_file_lines);
	vec_clear(&c->cfg_dir_lines);
}

static void
run_new(struct run *r)
{
	r->a = arena_new();
	r->d = diag_new(NULL);
	r->rs = rawstore_new(r->a, r->d);
	r->errors = 0;
}

static void
run_free(struct run *r)
{
	rawstore_free(r->rs);
	diag_free(r->d);
	arena_free(r->a);
}

/* the reference: the lexer on one store, file after file */
static void
read_in_order(struct run *r)
{
	r->errors += lexer_read_file(r->rs, path_of("a.cfg"));
	r->errors += lexer_read_file(r->rs, path_of("b.cfg"));
	r->errors += lexer_read_dir(r->rs, path_of("d"));
}

static int
same_str(const char *x, const char *y)
{
	return (x == NULL && y == NULL) || (x != NULL && y != NULL && strcmp(x, y) == 0);
}

static void
assert_same(const struct run *x, const struct run *y)
{
	const struct rawobj *o, *p;
	const struct rawslot *e, *f;
	unsigned i, k;
	int t;

	assert_int_equal(x->errors, y->errors);
	assert_int_equal(diag_count(x->d), diag_count(y->d));
	for (i = 0; i < diag_count(x->d); i++)
		assert_string_equal(diag_get(x->d, i)->text, diag_get(y->d, i)->text);
	assert_int_equal(x->rs->seq, y->rs->seq);
	for (t = 0; t < OT_NTYPES; t++) {
		assert_int_equal(x->rs->objs[t].len, y->rs->objs[t].len);
		for (i = 0; i < x->rs->objs[t].len; i++) {
			o = x->rs->objs[t].items[i];
			p = y->rs->objs[t].items[i];
			assert_string_equal(o->file, p->file);
			assert_int_equal(o->line, p->line);
			assert_int_equal(o->seq, p->seq);
			assert_int_equal(o->reg, p->reg);
			assert_int_equal(o->dead, p->dead);
			assert_true(same_str(o->tmpl_name, p->tmpl_name));
			assert_true(same_str(o->use, p->use));
			assert_int_equal(o->nent, p->nent);
			for (k = 0; k < o->nent; k++) {
				e = &o->ents[k];
				f = &p->ents[k];
				assert_int_equal(e->slot, f->slot);
				assert_int_equal(e->have, f->have);
				if (e->kind == OK_STR || e->kind == OK_LIST || e->kind == OK_STR_LIT)
					assert_true(same_str(e->v.s, f->v.s));
			}
			/* the template index points at the same definitions */
			if (o->tmpl_name != NULL)
				assert_int_equal(hmap_get(x->rs->tmpl[t], o->tmpl_name) == o,
				    hmap_get(y->rs->tmpl[t], p->tmpl_name) == p);
		}
	}
}

static void
test_parallel_is_sequential(void **state)
{
	struct main_cfg c;
	struct run ref, par;
	unsigned threads;

	(void)state;
	run_new(&ref);
	read_in_order(&ref);
	/* what the files hold: findings in three files, t1 three times, t2 twice */
	assert_true(diag_count(ref.d) >= 5);
	assert_true(diag_has(ref.d, DIAG_ERROR, "Duplicate definition found for host template "
	    "'t1'"));
	assert_true(diag_has(ref.d, DIAG_ERROR, "template 't2'"));
	assert_int_equal(ref.rs->objs[OT_HOST].len, 608);
	cfg_init(&c, "d");
	for (threads = 1; threads <= 4; threads++) {
		run_new(&par);
		par.errors = objfiles_read(par.rs, &c, threads);
		assert_same(&ref, &par);
		run_free(&par);
	}
	/* and the automatic count */
	run_new(&par);
	par.errors = objfiles_read(par.rs, &c, 0);
	assert_same(&ref, &par);
	run_free(&par);
	cfg_done(&c);
	run_free(&ref);
}

/*
 * A file lexed in parts gives what it gives whole: a definition left open
 * where a part ends, one of an unknown type, a backslash joining a line
 * to a `define` line (no part may start there), comments, CRLF lines.
 */
static void
test_parts_are_sequential(void **state)
{
	static char text[256 * 1024];
	struct main_cfg c;
	struct run ref, par;
	size_t n = 0;
	unsigned threads;
	int i;

	(void)state;
	for (i = 0; i < 800; i++) {
		switch (i % 7) {
		case 0: /* left open: the next define closes it with an error */
			n += (size_t)snprintf(text + n, sizeof(text) - n,
			    "define host {\n host_name open%d\n", i);
			break;
		case 1: /* an unknown type is skipped to its closing brace */
			n += (size_t)snprintf(text + n, sizeof(text) - n,
			    "define nosuchtype {\n x y\n}\n");
			break;
		case 2: /* a continuation swallows the define line after it */
			n += (size_t)snprintf(text + n, sizeof(text) - n,
			    "define host {\n host_name cont%d\n notes a \\\n"
			    "define host {\n}\n", i);
			break;
		case 3: /* CRLF and comments */
			n += (size_t)snprintf(text + n, sizeof(text) - n,
			    "# comment\r\n  define host {\r\n host_name crlf%d ; c\r\n}\r\n\n", i);
			break;
		default:
			n += (size_t)snprintf(text + n, sizeof(text) - n,
			    "define host {\n use t1\n host_name p%d\n _ID %d\n}\n", i, i);
			break;
		}
	}
	/* and one left open at the very end */
	n += (size_t)snprintf(text + n, sizeof(text) - n, "define host {\n host_name last\n");
	assert_true(n < sizeof(text) - 1);
	put("d/e/parts.cfg", text);

	run_new(&ref);
	read_in_order(&ref);
	assert_true(diag_has(ref.d, DIAG_ERROR, "Unexpected start of object definition"));
	assert_true(diag_has(ref.d, DIAG_ERROR, "Unexpected EOF"));
	assert_true(diag_has(ref.d, DIAG_ERROR, "Invalid object definition type"));
	cfg_init(&c, "d");
	/* parts of about 2 KiB: dozens of them, most ending inside a definition */
	objfiles_set_part_size(2048);
	for (threads = 2; threads <= 4; threads++) {
		run_new(&par);
		par.errors = objfiles_read(par.rs, &c, threads);
		assert_same(&ref, &par);
		run_free(&par);
	}
	objfiles_set_part_size(0);
	cfg_done(&c);
	run_free(&ref);
	unlink(path_of("d/e/parts.cfg"));
}

static void
test_unreadable_entries(void **state)
{
	struct main_cfg c;
	struct run r;
	const struct diag_entry *e;

	(void)state;
	cfg_init(&c, "missing-dir");
	vec_push(&c.cfg_files, strdup(path_of("missing.cfg")));
	vec_push(&c.cfg_file_lines, (void *)(uintptr_t)9);
	run_new(&r);
	r.errors = objfiles_read(r.rs, &c, 2);
	assert_true(r.errors >= 2);
	assert_true(diag_has(r.d, DIAG_ERROR, "Cannot open config file"));
	assert_true(diag_has(r.d, DIAG_ERROR, "Cannot open config directory"));
	/* the files that exist are read all the same: t1, h1, h1x; t1, h2, t2, t2 */
	assert_int_equal(r.rs->objs[OT_HOST].len, 7);
	/* the last finding is the missing directory, against its nagios.cfg line */
	e = diag_get(r.d, diag_count(r.d) - 1);
	assert_string_equal(e->loc.file, path_of("nagios.cfg"));
	assert_int_equal(e->loc.line, 5);
	assert_string_equal(e->loc.directive, "cfg_dir");
	run_free(&r);
	cfg_done(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parallel_is_sequential),
		cmocka_unit_test(test_parts_are_sequential),
		cmocka_unit_test(test_unreadable_entries),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

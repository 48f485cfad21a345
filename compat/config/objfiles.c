/*
 * objfiles: see objfiles.h.  First a plan, made on the calling thread: the
 * files to read in order, and between them the findings that belong there
 * (a cfg_file or cfg_dir that cannot be opened).  Then workers take files
 * off the plan by a shared counter, each lexing into a store of its own.
 * Then the calling thread merges the stores in plan order.
 */
#include "compat/config/objfiles.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/config/diag.h"
#include "compat/config/lexer.h"
#include "compat/config/maincfg.h"
#include "compat/config/raw.h"
#include "engine/util/arena.h"
#include "engine/util/strutil.h"
#include "engine/util/vec.h"
#include "engine/util/xalloc.h"

#define OBJFILES_MAX_THREADS 8
#define OBJFILES_MAX_DEPTH 64

/* one step of the plan: a file to read, or a finding to report */
struct objfile {
	char *path;     /* the file, or NULL for a finding */
	unsigned depth; /* directories below its cfg_dir */
	/* a finding: where and what */
	struct diag_loc loc;
	char *msg;
	/* the file's own store, filled by a worker */
	struct arena *a;
	struct diag *d;
	struct rawstore *rs;
	int errors;
};

struct objplan {
	struct vec steps; /* struct objfile * */
	atomic_size_t next;
};

static void
objfiles_file(struct objplan *p, const char *path, unsigned depth)
{
	struct objfile *f = xcalloc(1, sizeof(*f));

	f->path = xstrdup(path);
	f->depth = depth;
	vec_push(&p->steps, f);
}

/* a finding at loc (file and line copied), message fmt with one string */
static void
objfiles_finding(struct objplan *p, const char *file, int line, const char *directive,
    char *msg)
{
	struct objfile *f = xcalloc(1, sizeof(*f));

	f->loc.file = xstrdup(file);
	f->loc.line = line;
	f->loc.directive = directive;
	f->msg = msg;
	vec_push(&p->steps, f);
}

/* a cfg_dir tree, as lexer_read_dir walks it */
static void
objfiles_plan_dir(struct objplan *p, const char *dir, unsigned depth)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	struct stat st;
	char *path;

	if (dp == NULL) {
		objfiles_finding(p, dir, 0, NULL, xasprintf("Could not open config directory "
		    "'%s' for reading: %s", dir, strerror(errno)));
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		path = str_path_join(dir, de->d_name);
		if (stat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode) && depth < OBJFILES_MAX_DEPTH)
				objfiles_plan_dir(p, path, depth + 1);
			else if (S_ISREG(st.st_mode) && str_has_suffix(de->d_name, ".cfg"))
				objfiles_file(p, path, depth);
		}
		free(path);
	}
	closedir(dp);
}

/*
 * One cfg_file or cfg_dir.  One that cannot be opened is reported against
 * the nagios.cfg line that names it, which is where the admin must look.
 */
static void
objfiles_plan_entry(struct objplan *p, const struct main_cfg *cfg, size_t i, int isdir)
{
	const char *path = (isdir ? cfg->cfg_dirs : cfg->cfg_files).items[i];
	int line = (int)(uintptr_t)(isdir ? cfg->cfg_dir_lines : cfg->cfg_file_lines).items[i];
	struct stat st;

	errno = 0;
	if (stat(path, &st) < 0 || (isdir ? !S_ISDIR(st.st_mode) : S_ISDIR(st.st_mode)) ||
	    access(path, R_OK) < 0) {
		objfiles_finding(p, cfg->config_file, line, isdir ? "cfg_dir" : "cfg_file",
		    xasprintf("Cannot open config %s '%s' for reading: %s",
			isdir ? "directory" : "file", path,
			errno != 0 ? strerror(errno) : "wrong file type"));
		return;
	}
	if (isdir)
		objfiles_plan_dir(p, path, 0);
	else
		objfiles_file(p, path, 0);
}

static void *
objfiles_worker(void *arg)
{
	struct objplan *p = arg;
	struct objfile *f;
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->steps.len) {
		f = p->steps.items[i];
		if (f->path == NULL)
			continue;
		f->a = arena_new();
		f->d = diag_new(NULL);
		f->rs = rawstore_new(f->a, f->d);
		f->errors = lexer_read_file_depth(f->rs, f->path, f->depth);
	}
	return NULL;
}

/* the diagnostics of f from *next up to end, again on rs's diag */
static void
objfiles_replay(struct rawstore *rs, const struct objfile *f, unsigned *next, unsigned end)
{
	const struct diag_entry *e;

	for (; *next < end; (*next)++) {
		e = diag_get(f->d, *next);
		if (e->kind == DIAG_ERROR)
			diag_error(rs->d, &e->loc, "%s", e->msg);
		else
			diag_warning(rs->d, &e->loc, "%s", e->msg);
	}
}

/* f's store into rs, as if rs had read the file itself; returns the errors */
static int
objfiles_merge(struct rawstore *rs, struct objfile *f)
{
	const struct rawtmpl *tl;
	struct rawobj *o;
	unsigned shown = 0;
	int errors = f->errors, t;
	uint32_t base = rs->seq;
	size_t i;

	/* templates in the order they were defined, each with the findings before it */
	for (i = 0; i < f->rs->tlog.len; i++) {
		tl = f->rs->tlog.items[i];
		objfiles_replay(rs, f, &shown, tl->ndiag);
		if (raw_register_template(rs, tl->o) < 0)
			errors++;
	}
	objfiles_replay(rs, f, &shown, diag_count(f->d));
	for (t = 0; t < OT_NTYPES; t++) {
		for (i = 0; i < f->rs->objs[t].len; i++) {
			o = f->rs->objs[t].items[i];
			o->seq += base;
			vec_push(&rs->objs[t], o);
		}
	}
	rs->seq += f->rs->seq;
	/* its strings stay (the model points at them); its intern table goes */
	arena_intern_reset(f->a);
	vec_push(&rs->arenas, f->a);
	f->a = NULL;
	return errors;
}

static unsigned
objfiles_threads(unsigned want, size_t nfiles)
{
	long ncpu;

	if (want == 0) {
		ncpu = sysconf(_SC_NPROCESSORS_ONLN);
		want = ncpu > 0 ? (unsigned)ncpu : 1;
	}
	if (want > OBJFILES_MAX_THREADS)
		want = OBJFILES_MAX_THREADS;
	if (want > nfiles)
		want = (unsigned)nfiles;
	return want > 0 ? want : 1;
}

int
objfiles_read(struct rawstore *rs, const struct main_cfg *cfg, unsigned threads)
{
	struct objplan p;
	struct objfile *f;
	pthread_t tid[OBJFILES_MAX_THREADS];
	unsigned n, started = 0, k;
	size_t i, nfiles = 0;
	int errors = 0;

	vec_init(&p.steps);
	atomic_init(&p.next, 0);
	for (i = 0; i < cfg->cfg_files.len; i++)
		objfiles_plan_entry(&p, cfg, i, 0);
	for (i = 0; i < cfg->cfg_dirs.len; i++)
		objfiles_plan_entry(&p, cfg, i, 1);
	for (i = 0; i < p.steps.len; i++)
		nfiles += ((struct objfile *)p.steps.items[i])->path != NULL;
	n = objfiles_threads(threads, nfiles);
	/* the calling thread is one of the n; a thread that cannot start is not needed */
	for (k = 1; k < n; k++)
		if (pthread_create(&tid[started], NULL, objfiles_worker, &p) == 0)
			started++;
	objfiles_worker(&p);
	for (k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
	for (i = 0; i < p.steps.len; i++) {
		f = p.steps.items[i];
		if (f->path == NULL) {
			diag_error(rs->d, &f->loc, "%s", f->msg);
			errors++;
		} else {
			errors += objfiles_merge(rs, f);
			rawstore_free(f->rs);
			diag_free(f->d);
		}
		free(f->path);
		free(f->msg);
		free((char *)f->loc.file);
		free(f);
	}
	vec_clear(&p.steps);
	return errors;
}

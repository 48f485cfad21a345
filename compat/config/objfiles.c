/*
 * objfiles: see objfiles.h.  First a plan, made on the calling thread: the
 * files to read in order, and between them the findings that belong there
 * (a cfg_file or cfg_dir that cannot be opened).  A big file is planned
 * as parts that each start with a `define` line.  Then workers take steps
 * off the plan by a shared counter: first they count the parts' lines (so
 * each part knows its first line number), then they lex every file and
 * part into a store of its own, each worker reading its parts into one
 * buffer that it reuses.  Then the calling thread
 * merges the stores in plan order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/objfiles.h"

#include <errno.h>
#include <fcntl.h>
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
#include "engine/util/vec.h"
#include "engine/util/xalloc.h"

#define OBJFILES_MAX_THREADS 8
/* files are split in parts of about this size, when there are threads to share them */
#define OBJFILES_PART_DEFAULT ((off_t)12 << 20)
static off_t objfiles_part = OBJFILES_PART_DEFAULT;
#define OBJFILES_MAX_PARTS 256
/* object files over this size are left whole (the lexer refuses them) */
#define OBJFILES_MAX_FILE ((off_t)1 << 30)

/* one step of the plan: a file to read, or a finding to report */
struct objfile {
	char *path;     /* the file, or NULL for a finding */
	unsigned depth; /* directories below its cfg_dir */
	/* a part of a file: bytes [off, off + len), nl lines */
	int part;
	int last;       /* the file's last part */
	off_t off;
	size_t len;
	unsigned nl;
	int read_errno; /* why reading the part failed, 0 when it did not */
	int first_line;
	int next_line;  /* the next part's first line */
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
	int phase;        /* 0: read the parts; 1: lex */
	unsigned threads; /* wanted: when 1, files are not split */
};

static struct objfile *
objfiles_step(struct objplan *p, const char *path, unsigned depth)
{
	struct objfile *f = xcalloc(1, sizeof(*f));

	f->path = xstrdup(path);
	f->depth = depth;
	vec_push(&p->steps, f);
	return f;
}

/*
 * The first offset at or after t where a line begins with `define` (after
 * blanks) and the line before it does not end in a backslash (which would
 * join them), so that lexing from there starts where the lexer would be
 * between definitions; -1 when there is none before size.
 */
static off_t
objfiles_boundary(int fd, off_t t, off_t size)
{
	char buf[64 * 1024];
	off_t at = t - 2; /* the window holds the two bytes before each line */
	ssize_t n;
	size_t i, j;

	while (at + 2 < size) {
		n = pread(fd, buf, sizeof(buf), at);
		if (n < 16)
			return -1;
		for (i = 2; i + 8 <= (size_t)n; i++) {
			if (buf[i - 1] != '\n')
				continue;
			j = i - 2;
			if (buf[j] == '\r' && j > 0)
				j--;
			if (buf[j] == '\\')
				continue;
			for (j = i; j < (size_t)n && (buf[j] == ' ' || buf[j] == '\t'); j++)
				;
			if (j + 6 <= (size_t)n && memcmp(buf + j, "define", 6) == 0)
				return at + (off_t)i;
		}
		/* the next window overlaps this one by the bytes a test needs */
		at += n - 16;
	}
	return -1;
}

/* a file to lex: whole, or in parts when it is big and there are threads */
static void
objfiles_file(struct objplan *p, const char *path, unsigned depth)
{
	struct objfile *f;
	struct stat st;
	off_t cut[OBJFILES_MAX_PARTS + 1], b;
	unsigned nparts, k, n = 0;
	int fd;

	if (p->threads < 2 || (fd = open(path, O_RDONLY)) < 0) {
		objfiles_step(p, path, depth);
		return;
	}
	if (fstat(fd, &st) < 0 || st.st_size < 2 * objfiles_part ||
	    st.st_size > OBJFILES_MAX_FILE) {
		close(fd);
		objfiles_step(p, path, depth);
		return;
	}
	nparts = (unsigned)(st.st_size / objfiles_part);
	if (nparts > OBJFILES_MAX_PARTS)
		nparts = OBJFILES_MAX_PARTS;
	cut[n++] = 0;
	for (k = 1; k < nparts; k++) {
		b = objfiles_boundary(fd, st.st_size / nparts * k, st.st_size);
		if (b < 0)
			break;
		if (b > cut[n - 1])
			cut[n++] = b;
	}
	close(fd);
	cut[n] = st.st_size;
	for (k = 0; k < n; k++) {
		f = objfiles_step(p, path, depth);
		f->part = 1;
		f->off = cut[k];
		f->len = (size_t)(cut[k + 1] - cut[k]);
		f->last = k + 1 == n;
	}
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

/* a cfg_dir tree, walked as lexer_read_dir walks it */
static void
objfiles_dir_file(void *ctx, const char *path, unsigned depth)
{
	objfiles_file(ctx, path, depth);
}

static void
objfiles_dir_fail(void *ctx, const char *dir, int err)
{
	objfiles_finding(ctx, dir, 0, NULL, lexer_dir_failure(dir, err));
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
	const struct lexer_walk w = { objfiles_dir_file, objfiles_dir_fail, p };
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
		lexer_walk_dir(path, 0, &w);
	else
		objfiles_file(p, path, 0);
}

/* a worker's buffer, reused from part to part so its pages are cleared once */
struct objbuf {
	char *p;
	size_t cap;
};

/* part f into buf (with room for a '\0'); 0, or an errno */
static int
objfiles_read_part(const struct objfile *f, struct objbuf *buf)
{
	int fd, err = 0;
	size_t got = 0;
	ssize_t n;

	if (f->len + 1 > buf->cap) {
		free(buf->p);
		buf->cap = f->len + 1;
		buf->p = xmalloc(buf->cap);
	}
	if ((fd = open(f->path, O_RDONLY)) < 0)
		return errno;
	while (got < f->len) {
		n = pread(fd, buf->p + got, f->len - got, f->off + (off_t)got);
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
		got += (size_t)n;
	}
	close(fd);
	return err;
}

/* count a part's lines (the part is read again to be lexed: it is in the page cache) */
static void
objfiles_count(struct objfile *f, struct objbuf *buf)
{
	const char *c, *end;

	if ((f->read_errno = objfiles_read_part(f, buf)) != 0)
		return;
	end = buf->p + f->len;
	for (c = buf->p; (c = memchr(c, '\n', (size_t)(end - c))) != NULL; c++)
		f->nl++;
}

static void
objfiles_lex(struct objfile *f, struct objbuf *buf)
{
	struct diag_loc loc = { f->path, 0, NULL, NULL, NULL };

	f->a = arena_new();
	f->d = diag_new(NULL);
	f->rs = rawstore_new(f->a, f->d);
	if (!f->part) {
		f->errors = lexer_read_file_depth(f->rs, f->path, f->depth);
		return;
	}
	if (f->read_errno == 0)
		f->read_errno = objfiles_read_part(f, buf);
	if (f->read_errno != 0) {
		diag_error(f->d, &loc, "Cannot open config file '%s' for reading: %s", f->path,
		    strerror(f->read_errno));
		f->errors = 1;
		return;
	}
	f->errors = lexer_read_part(f->rs, f->path, buf->p, f->len, f->first_line, !f->last,
	    f->next_line, f->depth);
}

static void *
objfiles_worker(void *arg)
{
	struct objplan *p = arg;
	struct objbuf buf = { NULL, 0 };
	struct objfile *f;
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->steps.len) {
		f = p->steps.items[i];
		if (f->path == NULL)
			continue;
		if (p->phase == 0) {
			if (f->part)
				objfiles_count(f, &buf);
		} else {
			objfiles_lex(f, &buf);
		}
	}
	free(buf.p);
	return NULL;
}

/* run the workers over the plan: n threads, the calling one included */
static void
objfiles_run(struct objplan *p, unsigned n)
{
	pthread_t tid[OBJFILES_MAX_THREADS];
	unsigned started = 0, k;

	atomic_store(&p->next, 0);
	/* a thread that cannot start is not needed: the others take its share */
	for (k = 1; k < n; k++)
		if (pthread_create(&tid[started], NULL, objfiles_worker, p) == 0)
			started++;
	objfiles_worker(p);
	for (k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
}

/* the diagnostics of f from *next up to end, again on rs's diag */
static void
objfiles_replay(struct rawstore *rs, const struct objfile *f, unsigned *next, unsigned end)
{
	diag_copy(rs->d, f->d, *next, end);
	if (*next < end)
		*next = end;
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

void
objfiles_set_part_size(size_t bytes)
{
	objfiles_part = bytes > 0 ? (off_t)bytes : OBJFILES_PART_DEFAULT;
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
	unsigned n, nparts = 0;
	size_t i, nfiles = 0;
	int errors = 0, line = 1;

	vec_init(&p.steps);
	atomic_init(&p.next, 0);
	p.threads = objfiles_threads(threads, OBJFILES_MAX_THREADS);
	for (i = 0; i < cfg->cfg_files.len; i++)
		objfiles_plan_entry(&p, cfg, i, 0);
	for (i = 0; i < cfg->cfg_dirs.len; i++)
		objfiles_plan_entry(&p, cfg, i, 1);
	for (i = 0; i < p.steps.len; i++) {
		f = p.steps.items[i];
		nfiles += f->path != NULL;
		nparts += f->part;
	}
	n = objfiles_threads(threads, nfiles);
	if (nparts > 0) {
		p.phase = 0;
		objfiles_run(&p, objfiles_threads(threads, nparts));
		/* each part's first line, and the next one's */
		for (i = 0; i < p.steps.len; i++) {
			f = p.steps.items[i];
			if (!f->part)
				continue;
			if (f->off == 0)
				line = 1;
			f->first_line = line;
			line += (int)f->nl;
			f->next_line = line;
		}
	}
	p.phase = 1;
	objfiles_run(&p, n);
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

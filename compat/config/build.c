/*
 * build: flat definitions in, a model generation out, the way Nagios
 * 4.4.6's xodtemplate_register_* and add_* functions build their objects.
 *
 * Three passes.  First every named kind is collected, sorted as Nagios's
 * skiplists sort it and given its array (names and ids only), services are
 * bound to their host, and the name indexes are built.  Then build_fill.c
 * fills each object from its definition, resolving names through those
 * indexes.  Last come the reverse links (here) and the dependencies and
 * escalations (build_rel.c).  A side table hung on objects.origin
 * remembers which definition each object came from, for later
 * diagnostics.
 *
 * Nagios stops at the first registration error; we go on, so that one run
 * reports every problem, and keep each object as complete as the errors
 * allow.  Messages are Nagios's own; diag adds where.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/config/build.h"
#include "compat/config/config.h"

#include <stdarg.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/config/build_int.h"
#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

/* ---- shared helpers ---- */

static const char *
build_str(const struct rawobj *o, unsigned slot)
{
	const char *s = build_raw(o, slot);

	return s != NULL ? s : "";
}

/*
 * A name for the kinds Nagios does not name: "dependent -> master" (the
 * way its messages say "from ... to ...") and the escalated object.
 */
static const char *
build_label(const struct rawobj *o, char *buf, size_t len)
{
	switch ((enum otype)o->type) {
	case OT_SERVICEDEPENDENCY:
		snprintf(buf, len, "%s;%s -> %s;%s", build_str(o, OT_SD_DEPENDENT_HOST_NAME),
		    build_str(o, OT_SD_DEPENDENT_SERVICE_DESCRIPTION),
		    build_str(o, OT_SD_HOST_NAME), build_str(o, OT_SD_SERVICE_DESCRIPTION));
		return buf;
	case OT_HOSTDEPENDENCY:
		snprintf(buf, len, "%s -> %s", build_str(o, OT_HD_DEPENDENT_HOST_NAME),
		    build_str(o, OT_HD_HOST_NAME));
		return buf;
	case OT_SERVICEESCALATION:
		snprintf(buf, len, "%s;%s", build_str(o, OT_ESC_HOST_NAME),
		    build_str(o, OT_ESC_SERVICE_DESCRIPTION));
		return buf;
	case OT_HOSTESCALATION:
		snprintf(buf, len, "%s", build_str(o, OT_ESC_HOST_NAME));
		return buf;
	default:
		return NULL;
	}
}

/* a finding kept for build_flush */
struct build_pending {
	enum diag_kind kind;
	enum build_when when;
	unsigned seq;
	const struct rawobj *o;
	const char *dir;
	char *msg;
};

static void
build_keep(struct build *b, enum diag_kind kind, enum build_when when, const struct rawobj *o,
    const char *dir, const char *fmt, va_list ap)
{
	struct build_pending *p = xcalloc(1, sizeof(*p));
	char msg[2048];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	p->kind = kind;
	p->when = when == BUILD_NOW ? b->phase : when;
	p->seq = (unsigned)b->pending.len;
	p->o = o;
	p->dir = dir;
	p->msg = xstrdup(msg);
	vec_push(&b->pending, p);
	if (kind == DIAG_ERROR)
		b->errors++;
}

void
build_err_at(struct build *b, enum build_when when, const struct rawobj *o, const char *dir,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	build_keep(b, DIAG_ERROR, when, o, dir, fmt, ap);
	va_end(ap);
}

void
build_err(struct build *b, const struct rawobj *o, const char *dir, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	build_keep(b, DIAG_ERROR, BUILD_NOW, o, dir, fmt, ap);
	va_end(ap);
}

void
build_warn(struct build *b, const struct rawobj *o, const char *dir, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	build_keep(b, DIAG_WARNING, BUILD_NOW, o, dir, fmt, ap);
	va_end(ap);
}

static int
build_cmp_pending(const void *x, const void *y)
{
	const struct build_pending *a = *(void *const *)x, *c = *(void *const *)y;

	if (a->when != c->when)
		return a->when < c->when ? -1 : 1;
	return (a->seq > c->seq) - (a->seq < c->seq);
}

static const char *
build_keepstr(struct build *b, const char *s)
{
	return s != NULL ? arena_strdup(b->a, s) : NULL;
}

/*
 * Take other's findings (made on another thread) as if they had been made
 * just after the first before findings of b; other keeps none.
 */
static void
build_adopt_findings(struct build *b, size_t before, struct build *other)
{
	struct vec merged;
	size_t i;

	vec_init(&merged);
	for (i = 0; i < before; i++)
		vec_push(&merged, b->pending.items[i]);
	for (i = 0; i < other->pending.len; i++)
		vec_push(&merged, other->pending.items[i]);
	for (i = before; i < b->pending.len; i++)
		vec_push(&merged, b->pending.items[i]);
	/* seq orders findings of one phase: number them again in this order */
	for (i = 0; i < merged.len; i++)
		((struct build_pending *)merged.items[i])->seq = (unsigned)i;
	vec_clear(&b->pending);
	b->pending = merged;
	b->errors += other->errors;
	other->errors = 0;
	vec_clear(&other->pending);
}

/* a builder's scratch (view, tokens, lists, memo, sharing table, findings): fresh */
static void
build_scratch_init(struct build *b)
{
	b->view = xcalloc(1, sizeof(*b->view));
	b->tokbuf = NULL;
	b->tokcap = 0;
	vec_init(&b->tok);
	b->refs = NULL;
	b->refcap = 0;
	memset(b->memo, 0, sizeof(b->memo));
	b->shared = NULL;
	b->shared_size = NULL;
	b->shared_cap = b->shared_n = 0;
	vec_init(&b->pending);
	b->errors = 0;
}

static void
build_scratch_free(struct build *b)
{
	vec_clear(&b->tok);
	free(b->tokbuf);
	free(b->view);
	free(b->refs);
	free(b->shared);
	free(b->shared_size);
}

struct build *
build_helper_new(const struct build *b)
{
	struct build *h = xmalloc(sizeof(*h));

	*h = *b;
	build_scratch_init(h);
	return h;
}

void
build_helper_done(struct build *b, size_t before, struct build *h)
{
	build_adopt_findings(b, before, h);
	build_scratch_free(h);
	free(h);
}

/*
 * Report the findings Nagios makes while reading objects; keep those it
 * makes in its pre-flight check (unknown commands, parents, periods...)
 * for build_report_late, so they come after "Checking objects..." and are
 * counted with the pre-flight's, as there.
 */
void
build_flush(struct build *b)
{
	struct build_pending *p;
	struct build_late *l;
	struct diag_loc loc;
	char lb[512];
	size_t i, nlate = 0;

	if (b->pending.len > 1)
		qsort(b->pending.items, b->pending.len, sizeof(void *), build_cmp_pending);
	for (i = 0; i < b->pending.len; i++)
		nlate += ((struct build_pending *)b->pending.items[i])->when >= BUILD_PF_SERVICE;
	b->side->late = nlate ? arena_zalloc(b->a, nlate * sizeof(*b->side->late)) : NULL;
	for (i = 0; i < b->pending.len; i++) {
		p = b->pending.items[i];
		loc = raw_loc(p->o, p->dir, lb, sizeof(lb));
		if (p->o->reg && build_label(p->o, lb, sizeof(lb)) != NULL)
			loc.oname = lb;
		if (p->when >= BUILD_PF_SERVICE) {
			l = &b->side->late[b->side->nlate++];
			l->kind = p->kind;
			l->loc.file = build_keepstr(b, loc.file);
			l->loc.line = loc.line;
			l->loc.otype = build_keepstr(b, loc.otype);
			l->loc.oname = build_keepstr(b, loc.oname);
			l->loc.directive = build_keepstr(b, loc.directive);
			l->msg = build_keepstr(b, p->msg);
			if (p->kind == DIAG_ERROR)
				b->errors--;
		} else if (p->kind == DIAG_WARNING) {
			diag_warning(b->d, &loc, "%s", p->msg);
		} else {
			diag_error(b->d, &loc, "%s", p->msg);
		}
		free(p->msg);
		free(p);
	}
	vec_clear(&b->pending);
}

int
build_report_late(const struct objects *o, struct diag *d)
{
	const struct build_side *s;
	unsigned i;
	int errors = 0;

	if (o == NULL || (s = o->origin) == NULL)
		return 0;
	for (i = 0; i < s->nlate; i++) {
		if (s->late[i].kind == DIAG_WARNING) {
			diag_warning(d, &s->late[i].loc, "%s", s->late[i].msg);
		} else {
			diag_error(d, &s->late[i].loc, "%s", s->late[i].msg);
			errors++;
		}
	}
	return errors;
}

void *
build_alloc(struct build *b, size_t n, size_t size)
{
	if (n == 0)
		return NULL;
	if (n > SIZE_MAX / size)
		abort();
	return arena_zalloc(b->a, n * size);
}

void
build_side_size(struct build *b, enum otype t, unsigned n)
{
	b->side->place[t] = build_alloc(b, n, sizeof(struct build_place));
	b->side->n[t] = n;
}

void
build_place(struct build *b, enum otype t, unsigned id, const struct rawobj *o)
{
	struct build_place *p = &b->side->place[t][id];

	p->raw = o;
}

void
build_reverse(void **arr, unsigned n)
{
	unsigned i;
	void *t;

	for (i = 0; i < n / 2; i++) {
		t = arr[i];
		arr[i] = arr[n - 1 - i];
		arr[n - 1 - i] = t;
	}
}

const struct rawslot *
build_view(struct build *b, const struct rawobj *o, unsigned slot)
{
	if (b->view->o != o)
		raw_view_fill(b->view, o);
	return raw_view_get(b->view, slot);
}

const char *
build_view_str(struct build *b, const struct rawobj *o, unsigned slot)
{
	const struct rawslot *s = build_view(b, o, slot);

	return s->have ? s->v.s : NULL;
}

static uint64_t
build_share_hash(const void *p, size_t size)
{
	const unsigned char *c = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ size, w;
	size_t i;

	/* eight bytes a step: the settings are ~150 bytes and hashed per object */
	for (i = 0; i + 8 <= size; i += 8) {
		memcpy(&w, c + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (; i < size; i++)
		h = (h ^ c[i]) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

static void
build_share_grow(struct build *b)
{
	size_t ncap = b->shared_cap ? b->shared_cap * 2 : 256, i, j;
	const void **nt = xcalloc(ncap, sizeof(*nt));
	uint32_t *ns = xcalloc(ncap, sizeof(*ns));

	for (i = 0; i < b->shared_cap; i++) {
		if (b->shared[i] == NULL)
			continue;
		j = build_share_hash(b->shared[i], b->shared_size[i]) & (ncap - 1);
		while (nt[j] != NULL)
			j = (j + 1) & (ncap - 1);
		nt[j] = b->shared[i];
		ns[j] = b->shared_size[i];
	}
	free(b->shared);
	free(b->shared_size);
	b->shared = nt;
	b->shared_size = ns;
	b->shared_cap = ncap;
}

const void *
build_share(struct build *b, const void *p, size_t size)
{
	size_t j;
	void *copy;

	if ((b->shared_n + 1) * 2 > b->shared_cap)
		build_share_grow(b);
	j = build_share_hash(p, size) & (b->shared_cap - 1);
	while (b->shared[j] != NULL) {
		if (b->shared_size[j] == size && memcmp(b->shared[j], p, size) == 0)
			return b->shared[j];
		j = (j + 1) & (b->shared_cap - 1);
	}
	copy = arena_alloc(b->a, size);
	memcpy(copy, p, size);
	b->shared[j] = copy;
	b->shared_size[j] = (uint32_t)size;
	b->shared_n++;
	return copy;
}

int
build_in_tokbuf(const struct build *b, const char *s)
{
	uintptr_t p = (uintptr_t)s, lo = (uintptr_t)b->tokbuf;

	return b->tokbuf != NULL && p >= lo && p < lo + b->tokcap;
}

unsigned
build_split(struct build *b, const char *s, const char *seps)
{
	size_t len = strlen(s) + 1;
	char *p, *start, *e;

	b->tok.len = 0;
	if (len > b->tokcap) {
		b->tokbuf = xrealloc(b->tokbuf, len);
		b->tokcap = len;
	}
	memcpy(b->tokbuf, s, len);
	for (p = b->tokbuf; *p != '\0';) {
		start = p;
		while (*p != '\0' && strchr(seps, *p) == NULL)
			p++;
		if (*p != '\0')
			*p++ = '\0';
		while (*start == ' ' || *start == '\t')
			start++;
		for (e = start + strlen(start); e > start && (e[-1] == ' ' || e[-1] == '\t');)
			*--e = '\0';
		if (*start != '\0')
			vec_push(&b->tok, start);
	}
	return (unsigned)b->tok.len;
}

/* ---- first pass: collect, sort, name ---- */

static int
build_cmp_item(const void *x, const void *y)
{
	const struct build_item *a = x, *c = y;
	int r = a->pre != c->pre ? (a->pre > c->pre) - (a->pre < c->pre) : strcmp(a->k1, c->k1);

	if (r == 0 && a->k2 != NULL && c->k2 != NULL)
		r = strcmp(a->k2, c->k2);
	return r != 0 ? r : (a->o->seq > c->o->seq) - (a->o->seq < c->o->seq);
}

static int
build_same_name(const struct build_item *a, const struct build_item *c)
{
	return strcmp(a->k1, c->k1) == 0 && (a->k2 == NULL || strcmp(a->k2, c->k2) == 0);
}

/* s's first 8 bytes (zero after its end) as a big-endian number */
static uint64_t
build_prefix(const char *s)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++) {
		v = v << 8 | (unsigned char)*s;
		if (*s != '\0')
			s++;
	}
	return v;
}

/* what Nagios's add_* says of an empty name, per type */
static const char *const build_noname[OT_NTYPES] = {
	[OT_TIMEPERIOD] = "Name or alias for timeperiod is NULL",
	[OT_COMMAND] = "Command name of command line is NULL",
	[OT_CONTACTGROUP] = "Contactgroup name is NULL",
	[OT_HOSTGROUP] = "Hostgroup name is NULL",
	[OT_SERVICEGROUP] = "Servicegroup name is NULL",
	[OT_CONTACT] = "Contact name is NULL",
	[OT_HOST] = "Host name is NULL",
	[OT_SERVICE] = "Service description, host name, or check command is NULL",
};

/* the keys of o (its name; a service's host and description), 0 when o has none */
static int
build_keys(struct build *b, enum otype t, struct rawobj *o, struct build_item *it)
{
	const char *dir = otype_info(t)->dirs[0].name;

	if (t == OT_SERVICE) {
		it->k1 = build_raw(o, OT_SVC_HOST_NAME);
		it->k2 = build_raw(o, OT_SVC_SERVICE_DESCRIPTION);
		dir = "service_description";
	} else {
		it->k1 = build_raw(o, (unsigned)otype_info(t)->name_slot);
		it->k2 = NULL;
	}
	/* the expander has reported definitions without a name */
	if (it->k1 == NULL || (t == OT_SERVICE && it->k2 == NULL))
		return 0;
	if (it->k1[0] == '\0' || (it->k2 != NULL && it->k2[0] == '\0')) {
		build_err(b, o, dir, "%s", build_noname[t]);
		return 0;
	}
	return 1;
}

/*
 * The registered, live definitions of type t that carry a name, sorted as
 * Nagios's skiplists sort them, into b->items[t].  A repeated name keeps
 * its first definition; Nagios refuses the others (only warns for a
 * service, and drops it).
 */
static void
build_collect(struct build *b, enum otype t)
{
	const struct vec *v = &b->rs->objs[t];
	struct build_item *it = xcalloc(v->len + 1, sizeof(*it));
	struct rawobj *o;
	unsigned i, n = 0, k = 0;

	for (i = 0; i < v->len; i++) {
		o = v->items[i];
		if (!o->reg || o->dead || !build_keys(b, t, o, &it[n]))
			continue;
		it[n].o = o;
		it[n].pre = build_prefix(it[n].k1);
		n++;
	}
	qsort(it, n, sizeof(*it), build_cmp_item);
	for (i = 0; i < n; i++) {
		if (k > 0 && build_same_name(&it[k - 1], &it[i])) {
			if (t == OT_SERVICE)
				build_warn(b, it[i].o, NULL, "Duplicate definition found for "
				    "service '%s' on host '%s'", it[i].k2, it[i].k1);
			else
				build_err(b, it[i].o, otype_info(t)->dirs[0].name, "Duplicate "
				    "definition found for %s '%s'", otype_info(t)->name, it[i].k1);
			continue;
		}
		it[k++] = it[i];
	}
	b->items[t] = it;
	b->nitems[t] = k;
}

/*
 * The model array of type t: one element (size bytes) per collected
 * definition, with its id and interned name (at name_off) set.
 */
static void *
build_named(struct build *b, enum otype t, size_t size, size_t name_off, unsigned *count)
{
	char *arr, *obj;
	const char *name;
	unsigned i, n;

	build_collect(b, t);
	n = b->nitems[t];
	arr = build_alloc(b, n, size);
	build_side_size(b, t, n);
	for (i = 0; i < n; i++) {
		obj = arr + (size_t)i * size;
		*(unsigned *)(void *)obj = i; /* every model struct starts with its id */
		name = b->items[t][i].k1;
		memcpy(obj + name_off, &name, sizeof(name));
		build_place(b, t, i, b->items[t][i].o);
	}
	*count = n;
	return arr;
}

#define BUILD_NAMED(b, t, field, type)                                                  \
	((b)->m->field = build_named((b), (t), sizeof(type), offsetof(type, name),        \
	    &(b)->m->n##field))

/* services whose host exists, bound to it; the others are reported and dropped */
static void
build_services_named(struct build *b)
{
	struct objects *m = b->m;
	struct build_item *it;
	struct obj_service *s;
	struct obj_host *host = NULL, **hosts;
	const char *prev = NULL;
	unsigned i, k = 0;

	/* build_name_all has collected them */
	b->phase = BUILD_REG_SERVICE;
	it = b->items[OT_SERVICE];
	hosts = xmalloc((b->nitems[OT_SERVICE] + 1) * sizeof(*hosts));
	for (i = 0; i < b->nitems[OT_SERVICE]; i++) {
		/* sorted by host name (interned): look each host up once */
		if (it[i].k1 != prev) {
			prev = it[i].k1;
			host = objects_find_host(m, prev);
		}
		if (host == NULL) {
			build_err(b, it[i].o, "host_name", "Unable to locate host '%s' for service "
			    "'%s'", it[i].k1, it[i].k2);
			continue;
		}
		hosts[k] = host;
		it[k++] = it[i];
	}
	b->nitems[OT_SERVICE] = k;
	m->services = build_alloc(b, k, sizeof(*m->services));
	m->nservices = k;
	build_side_size(b, OT_SERVICE, k);
	for (i = 0; i < k; i++) {
		s = &m->services[i];
		s->id = i;
		s->host = hosts[i];
		s->description = it[i].k2;
		build_place(b, OT_SERVICE, i, it[i].o);
	}
	free(hosts);
}

static void *
build_collect_services(void *arg)
{
	build_collect(arg, OT_SERVICE);
	return NULL;
}

/*
 * Services are collected and sorted (they need nothing named yet) on a
 * second thread while the other kinds are named and the hosts indexed;
 * its builder shares nothing that either side writes but its findings,
 * which are taken after this thread's, where a sequential run makes them.
 */
static void
build_name_all(struct build *b)
{
	struct objects *m = b->m;
	struct build *sb = NULL;
	pthread_t tid;
	int t, threaded = 0;

	if (b->rs->objs[OT_SERVICE].len >= RAW_THREADED_MIN &&
	    b->rs->objs[OT_HOST].len >= RAW_THREADED_MIN) {
		sb = build_helper_new(b);
		threaded = pthread_create(&tid, NULL, build_collect_services, sb) == 0;
	}
	BUILD_NAMED(b, OT_TIMEPERIOD, timeperiods, struct obj_timeperiod);
	BUILD_NAMED(b, OT_COMMAND, commands, struct obj_command);
	BUILD_NAMED(b, OT_CONTACT, contacts, struct obj_contact);
	BUILD_NAMED(b, OT_CONTACTGROUP, contactgroups, struct obj_contactgroup);
	BUILD_NAMED(b, OT_HOSTGROUP, hostgroups, struct obj_hostgroup);
	BUILD_NAMED(b, OT_SERVICEGROUP, servicegroups, struct obj_servicegroup);
	BUILD_NAMED(b, OT_HOST, hosts, struct obj_host);
	/* services need the host index; indexing again afterwards adds them */
	objects_index(m);
	if (sb != NULL) {
		if (threaded)
			pthread_join(tid, NULL);
		else
			build_collect(sb, OT_SERVICE);
		b->items[OT_SERVICE] = sb->items[OT_SERVICE];
		b->nitems[OT_SERVICE] = sb->nitems[OT_SERVICE];
		build_helper_done(b, b->pending.len, sb);
	} else {
		build_collect(b, OT_SERVICE);
	}
	build_services_named(b);
	objects_index(m);
	/* from here on the side table names each object's definition */
	for (t = 0; t < OT_NTYPES; t++) {
		free(b->items[t]);
		b->items[t] = NULL;
	}
}

/* ---- third pass: reverse links ---- */

/* a forward link, from src to target, in the order Nagios registers it */
struct build_edge {
	void *target;
	void *src;
};

/*
 * Give every target (n elements of size bytes at base) the reverse list of
 * the edges that reach it: the array at arr_off, its length at n_off.
 * Nagios prepends each reverse link while it registers the forward ones,
 * so each list is its registration order backwards.
 */
static void
build_backlinks(struct build *b, void *base, unsigned n, size_t size, size_t arr_off,
    size_t n_off, const struct vec *edges)
{
	const struct build_edge *e;
	unsigned i, *cnt;
	void ***arr;
	char *obj;

	for (i = 0; i < n; i++)
		*(unsigned *)(void *)((char *)base + (size_t)i * size + n_off) = 0;
	for (i = 0; i < edges->len; i++) {
		e = edges->items[i];
		(*(unsigned *)(void *)((char *)e->target + n_off))++;
	}
	for (i = 0; i < n; i++) {
		obj = (char *)base + (size_t)i * size;
		cnt = (unsigned *)(void *)(obj + n_off);
		arr = (void ***)(void *)(obj + arr_off);
		*arr = build_alloc(b, *cnt, sizeof(void *));
		*cnt = 0;
	}
	for (i = 0; i < edges->len; i++) {
		e = edges->items[i];
		cnt = (unsigned *)(void *)((char *)e->target + n_off);
		arr = (void ***)(void *)((char *)e->target + arr_off);
		(*arr)[(*cnt)++] = e->src;
	}
	for (i = 0; i < n; i++) {
		obj = (char *)base + (size_t)i * size;
		build_reverse(*(void ***)(void *)(obj + arr_off),
		    *(unsigned *)(void *)(obj + n_off));
	}
}

static void
build_edge(struct vec *v, struct build_edge *store, size_t *used, void *target, void *src)
{
	struct build_edge *e = &store[(*used)++];

	e->target = target;
	e->src = src;
	vec_push(v, e);
}

#define BUILD_LINKS(b, arr, cnt, type, field, v)                                        \
	build_backlinks((b), (arr), (cnt), sizeof(type), offsetof(type, field),           \
	    offsetof(type, n##field), (v))

static void
build_links(struct build *b)
{
	struct objects *m = b->m;
	struct build_edge *store;
	struct vec v[5];
	size_t used = 0, total = m->nservices;
	unsigned i, j;

	for (i = 0; i < m->nhosts; i++)
		total += m->hosts[i].nparents;
	for (i = 0; i < m->nhostgroups; i++)
		total += m->hostgroups[i].nmembers;
	for (i = 0; i < m->nservicegroups; i++)
		total += m->servicegroups[i].nmembers;
	for (i = 0; i < m->ncontactgroups; i++)
		total += m->contactgroups[i].nmembers;
	store = xcalloc(total + 1, sizeof(*store));
	for (i = 0; i < 5; i++)
		vec_init(&v[i]);
	/* pre-flight walks hosts in order, each one's parents in list order */
	for (i = 0; i < m->nhosts; i++)
		for (j = 0; j < m->hosts[i].nparents; j++)
			build_edge(&v[0], store, &used, m->hosts[i].parents[j], &m->hosts[i]);
	for (i = 0; i < m->nservices; i++)
		build_edge(&v[1], store, &used, m->services[i].host, &m->services[i]);
	for (i = 0; i < m->nhostgroups; i++)
		for (j = 0; j < m->hostgroups[i].nmembers; j++)
			build_edge(&v[2], store, &used, m->hostgroups[i].members[j],
			    &m->hostgroups[i]);
	for (i = 0; i < m->nservicegroups; i++)
		for (j = 0; j < m->servicegroups[i].nmembers; j++)
			build_edge(&v[3], store, &used, m->servicegroups[i].members[j],
			    &m->servicegroups[i]);
	for (i = 0; i < m->ncontactgroups; i++)
		for (j = 0; j < m->contactgroups[i].nmembers; j++)
			build_edge(&v[4], store, &used, m->contactgroups[i].members[j],
			    &m->contactgroups[i]);
	BUILD_LINKS(b, m->hosts, m->nhosts, struct obj_host, children, &v[0]);
	BUILD_LINKS(b, m->hosts, m->nhosts, struct obj_host, services, &v[1]);
	BUILD_LINKS(b, m->hosts, m->nhosts, struct obj_host, groups, &v[2]);
	BUILD_LINKS(b, m->services, m->nservices, struct obj_service, groups, &v[3]);
	BUILD_LINKS(b, m->contacts, m->ncontacts, struct obj_contact, groups, &v[4]);
	for (i = 0; i < 5; i++)
		vec_clear(&v[i]);
	free(store);
}

/* ---- the API ---- */

struct objects *
build_objects(struct rawstore *rs, const struct main_cfg *cfg, struct diag *d, int *nerrors)
{
	struct build b;
	int t;

	memset(&b, 0, sizeof(b));
	b.unsorted_groups = cfg != NULL && cfg->use_large_installation_tweaks;
	b.rs = rs;
	b.d = d;
	b.m = objects_new();
	b.a = b.m->arena;
	b.side = arena_zalloc(b.a, sizeof(*b.side));
	b.m->origin = b.side;
	build_scratch_init(&b);
	b.phase = BUILD_READ;
	build_name_all(&b);
	config_stage_time(" b.name");
	build_fill(&b);
	config_stage_time(" b.fill");
	build_links(&b);
	config_stage_time(" b.links");
	build_dependencies(&b);
	build_escalations(&b);
	build_flush(&b);
	config_stage_time(" b.rest");
	for (t = 0; t < OT_NTYPES; t++)
		free(b.items[t]);
	build_scratch_free(&b);
	if (nerrors != NULL)
		*nerrors = b.errors;
	return b.m;
}

const struct rawobj *
build_origin(const struct objects *o, enum otype t, unsigned id)
{
	const struct build_side *s;

	if (o == NULL || (s = o->origin) == NULL || (unsigned)t >= OT_NTYPES || id >= s->n[t])
		return NULL;
	return s->place[t][id].raw;
}

const struct diag_loc *
build_where(void *ctx, const char *otype, unsigned id)
{
	const struct objects *o = ctx;
	struct build_side *s;
	int t;

	if (o == NULL || otype == NULL || (s = o->origin) == NULL ||
	    (t = otype_from_name(otype)) < 0 || id >= s->n[t])
		return NULL;
	memset(&s->scratch, 0, sizeof(s->scratch));
	s->scratch.file = s->place[t][id].raw->file;
	s->scratch.line = s->place[t][id].raw->line;
	s->scratch.otype = otype_info((enum otype)t)->name;
	return &s->scratch;
}

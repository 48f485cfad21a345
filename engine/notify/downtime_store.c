/*
 * downtime_store: the downtime store's memory (see downtime_int.h): its
 * three lists in Nagios's order, the id map and the per-object lists,
 * and the look-ups and order the API gives (downtimes_find, _count, _at,
 * _resort, _add_in_order).  downtime.c decides what happens to a
 * downtime and when; this file only keeps the entries where they belong.
 *
 * The lists are in Nagios's order (downtime_compar: by start time,
 * untriggered before triggered at the same start, else as they came).
 * Entries are inserted from the tail backwards, so the usual one costs
 * O(1), as does every removal; the id map (open addressing, no
 * tombstones) finds one by id.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notify/downtime_int.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"


/* ---- the lists ---- */

/* a sorts before b in Nagios's order (downtime_compar) */
static int
dt_before(const struct downtime *a, const struct downtime *b)
{
	if (a->start_time != b->start_time)
		return a->start_time < b->start_time;
	return a->triggered_by == 0 && b->triggered_by != 0;
}

/* put e behind the last entry that does not sort after it */
static void
chain_insert(struct dt_chain *c, struct dt_entry *e, int l)
{
	struct dt_entry *at = c->tail;

	while (at != NULL && dt_before(&e->d, &at->d))
		at = at->link[l].prev;
	e->link[l].prev = at;
	e->link[l].next = at != NULL ? at->link[l].next : c->head;
	if (e->link[l].next != NULL)
		e->link[l].next->link[l].prev = e;
	else
		c->tail = e;
	if (at != NULL)
		at->link[l].next = e;
	else
		c->head = e;
	c->len++;
}

/* turn each run of entries that tie in Nagios's order the other way round:
 * every entry after the run's first moves to the run's front in turn */
static void
chain_reverse_ties(struct dt_chain *c, int l)
{
	struct dt_entry *run = c->head, *end, *after, *front, *e, *next;

	while (run != NULL) {
		end = run;
		while (end->link[l].next != NULL && !dt_before(&run->d, &end->link[l].next->d))
			end = end->link[l].next;
		after = end->link[l].next;
		for (front = run, e = run->link[l].next; e != after; e = next) {
			next = e->link[l].next;
			e->link[l].prev->link[l].next = next;
			if (next != NULL)
				next->link[l].prev = e->link[l].prev;
			else
				c->tail = e->link[l].prev;
			e->link[l].prev = front->link[l].prev;
			e->link[l].next = front;
			if (front->link[l].prev != NULL)
				front->link[l].prev->link[l].next = e;
			else
				c->head = e;
			front->link[l].prev = e;
			front = e;
		}
		run = after;
	}
}

static void
chain_remove(struct dt_chain *c, struct dt_entry *e, int l)
{
	if (e->link[l].prev != NULL)
		e->link[l].prev->link[l].next = e->link[l].next;
	else
		c->head = e->link[l].next;
	if (e->link[l].next != NULL)
		e->link[l].next->link[l].prev = e->link[l].prev;
	else
		c->tail = e->link[l].prev;
	e->link[l].prev = e->link[l].next = NULL;
	c->len--;
}

/* ---- the id map ---- */

static size_t
dt_id_home(unsigned long id, size_t mask)
{
	uint64_t h = (uint64_t)id * UINT64_C(0x9e3779b97f4a7c15);

	return (size_t)(h ^ (h >> 32)) & mask;
}

struct dt_entry *
dt_id_get(const struct downtimes *dt, unsigned long id)
{
	size_t mask = dt->nslot - 1, i;

	if (dt->nslot == 0)
		return NULL;
	for (i = dt_id_home(id, mask); dt->slot[i] != NULL; i = (i + 1) & mask) {
		if (dt->slot[i]->d.id == id)
			return dt->slot[i];
	}
	return NULL;
}

static void
dt_id_place(struct dt_entry **slot, size_t n, struct dt_entry *e)
{
	size_t i = dt_id_home(e->d.id, n - 1);

	while (slot[i] != NULL)
		i = (i + 1) & (n - 1);
	slot[i] = e;
}

static void
dt_id_put(struct downtimes *dt, struct dt_entry *e)
{
	struct dt_entry **slot;
	size_t n, i;

	if ((dt->nused + 1) * 2 > dt->nslot) {
		n = dt->nslot != 0 ? dt->nslot * 2 : 64;
		slot = xcalloc(n, sizeof(*slot));
		for (i = 0; i < dt->nslot; i++) {
			if (dt->slot[i] != NULL)
				dt_id_place(slot, n, dt->slot[i]);
		}
		free(dt->slot);
		dt->slot = slot;
		dt->nslot = n;
	}
	dt_id_place(dt->slot, dt->nslot, e);
	dt->nused++;
}

/* remove e (which is in the map) and close the gap, so no tombstones are needed */
static void
dt_id_del(struct downtimes *dt, const struct dt_entry *e)
{
	size_t mask = dt->nslot - 1, i, j, home;

	for (i = dt_id_home(e->d.id, mask); dt->slot[i] != e; i = (i + 1) & mask)
		;
	dt->slot[i] = NULL;
	dt->nused--;
	for (j = (i + 1) & mask; dt->slot[j] != NULL; j = (j + 1) & mask) {
		home = dt_id_home(dt->slot[j]->d.id, mask);
		/* one whose home lies in (i, j], cyclically, is still found where it is */
		if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
			continue;
		dt->slot[i] = dt->slot[j];
		dt->slot[j] = NULL;
		i = j;
	}
}

/* ---- objects ---- */

struct dt_obj *
dt_obj_find(struct downtimes *dt, const char *host, const char *svc, int create)
{
	char *key = svc != NULL ? xasprintf("%s\n%s", host, svc) : xstrdup(host);
	struct dt_obj *o = hmap_get(dt->objmap, key);
	size_t n;

	if (o == NULL && create) {
		n = strlen(key) + 1;
		o = xcalloc(1, sizeof(*o) + n);
		memcpy(o->key, key, n);
		hmap_put(dt->objmap, o->key, o);
		vec_push(&dt->objs, o);
	}
	free(key);
	return o;
}

/* ---- entries ---- */

void
dt_link_in(struct downtimes *dt, struct dt_entry *e)
{
	chain_insert(&dt->all, e, DT_L_ALL);
	dt_id_put(dt, e);
	e->obj = dt_obj_find(dt, e->d.host, e->d.svc, 1);
	chain_insert(&e->obj->chain, e, DT_L_OBJECT);
	if (e->trigger != NULL)
		chain_insert(&e->trigger->kids, e, DT_L_TRIGGER);
	dt->cache->stale = 1;
	dt->cache->gen++;
}

/* take e out of every list; what it triggers stays attached to it */
void
dt_link_out(struct downtimes *dt, struct dt_entry *e)
{
	chain_remove(&dt->all, e, DT_L_ALL);
	dt_id_del(dt, e);
	chain_remove(&e->obj->chain, e, DT_L_OBJECT);
	if (e->trigger != NULL)
		chain_remove(&e->trigger->kids, e, DT_L_TRIGGER);
	e->trigger = NULL;
	dt->cache->stale = 1;
	dt->cache->gen++;
}

/* detach what e triggers (they keep triggered_by) and return the first; the
 * links between them stay readable until they are freed */
struct dt_entry *
dt_take_kids(struct dt_entry *e)
{
	struct dt_entry *k, *head = e->kids.head;

	for (k = head; k != NULL; k = k->link[DT_L_TRIGGER].next)
		k->trigger = NULL;
	e->kids.head = e->kids.tail = NULL;
	e->kids.len = 0;
	return head;
}

void
dt_entry_free(struct dt_entry *e)
{
	free(e->d.host);
	free(e->d.svc);
	free(e->d.author);
	free(e->d.comment);
	free(e);
}
/* ---- the expire events ---- */

void
dt_sweep_add(struct downtimes *dt, time_t t, unsigned long id)
{
	size_t i = dt->nsweep;

	if (dt->nsweep == dt->capsweep) {
		dt->capsweep = dt->capsweep != 0 ? 2 * dt->capsweep : 16;
		dt->sweep = xreallocarray(dt->sweep, dt->capsweep, sizeof(*dt->sweep));
	}
	/* most come in time order (end times of new downtimes): from the back */
	while (i > 0 && dt->sweep[i - 1].t > t)
		i--;
	memmove(&dt->sweep[i + 1], &dt->sweep[i], (dt->nsweep - i) * sizeof(*dt->sweep));
	dt->sweep[i] = (struct dt_sweep){ t, id };
	dt->nsweep++;
}

void
dt_sweep_cancel(struct downtimes *dt, unsigned long id)
{
	size_t i, n = 0;

	for (i = 0; i < dt->nsweep; i++) {
		if (dt->sweep[i].id != id)
			dt->sweep[n++] = dt->sweep[i];
	}
	dt->nsweep = n;
}

void
dt_sweep_drop(struct downtimes *dt, size_t n)
{
	if (n == 0 || dt->nsweep == 0)
		return;
	if (n > dt->nsweep)
		n = dt->nsweep;
	memmove(dt->sweep, &dt->sweep[n], (dt->nsweep - n) * sizeof(*dt->sweep));
	dt->nsweep -= n;
}

/* ---- the start-up heap ---- */

/* the slot's priority is below the other's: a due downtime event's is
 * below any other event's, and equal ones stay where they are */
static int
dt_heap_below(struct dt_boot a, struct dt_boot b)
{
	return a.kind != DT_NONE && b.kind == DT_NONE;
}

void
dt_heap_push(struct downtimes *dt, struct dt_boot b)
{
	size_t i;

	if (dt->nboot == dt->capboot) {
		dt->capboot = dt->capboot != 0 ? 2 * dt->capboot : 16;
		dt->boot = xreallocarray(dt->boot, dt->capboot, sizeof(*dt->boot));
	}
	/* bubble_up: past each parent whose priority is higher */
	for (i = ++dt->nboot; i > 1 && dt_heap_below(b, dt->boot[i / 2 - 1]); i /= 2)
		dt->boot[i - 1] = dt->boot[i / 2 - 1];
	dt->boot[i - 1] = b;
}

struct dt_boot
dt_heap_remove(struct downtimes *dt, size_t i)
{
	struct dt_boot out = dt->boot[i - 1], moving;
	size_t c, n;

	moving = dt->boot[--dt->nboot];
	n = dt->nboot;
	if (i > n)
		return out;
	/* percolate_down (what leaves is never above what moves in): to the
	 * child with the lower priority, the left one when they tie */
	while ((c = 2 * i) <= n) {
		if (c + 1 <= n && dt_heap_below(dt->boot[c], dt->boot[c - 1]))
			c++;
		if (!dt_heap_below(dt->boot[c - 1], moving))
			break;
		dt->boot[i - 1] = dt->boot[c - 1];
		i = c;
	}
	dt->boot[i - 1] = moving;
	return out;
}

/* ---- the store ---- */

struct downtimes *
downtimes_new(struct comments *cs, struct prog_state *prog, const struct downtime_hooks *hooks)
{
	struct downtimes *dt = xcalloc(1, sizeof(*dt));

	dt->cs = cs;
	dt->prog = prog;
	if (hooks != NULL)
		dt->hooks = *hooks;
	dt->objmap = hmap_new(64);
	vec_init(&dt->objs);
	dt->cache = xcalloc(1, sizeof(*dt->cache));
	return dt;
}

void
downtimes_free(struct downtimes *dt)
{
	struct dt_entry *e, *next;
	size_t i;

	if (dt == NULL)
		return;
	for (e = dt->all.head; e != NULL; e = next) {
		next = e->link[DT_L_ALL].next;
		dt_entry_free(e);
	}
	for (i = 0; i < dt->objs.len; i++)
		free(dt->objs.items[i]);
	vec_clear(&dt->objs);
	hmap_free(dt->objmap);
	free(dt->slot);
	free(dt->boot);
	free(dt->sweep);
	free(dt->cache->v);
	free(dt->cache);
	free(dt);
}

const struct downtime *
downtimes_find(const struct downtimes *dt, unsigned long id)
{
	struct dt_entry *e = dt_id_get(dt, id);

	return e != NULL ? &e->d : NULL;
}

size_t
downtimes_count(const struct downtimes *dt)
{
	return dt->all.len;
}

unsigned long
downtimes_generation(const struct downtimes *dt)
{
	return dt->cache->gen;
}

const struct downtime *
downtimes_at(const struct downtimes *dt, size_t i)
{
	struct dt_cache *c = dt->cache;
	struct dt_entry *e;
	size_t n = 0;

	if (i >= dt->all.len)
		return NULL;
	if (c->stale) {
		if (c->cap < dt->all.len) {
			c->cap = dt->all.len;
			c->v = xreallocarray(c->v, c->cap, sizeof(*c->v));
		}
		for (e = dt->all.head; e != NULL; e = e->link[DT_L_ALL].next)
			c->v[n++] = e;
		c->stale = 0;
	}
	return &c->v[i]->d;
}

void
downtimes_resort(struct downtimes *dt)
{
	struct dt_entry *e;
	size_t i;

	chain_reverse_ties(&dt->all, DT_L_ALL);
	for (i = 0; i < dt->objs.len; i++)
		chain_reverse_ties(&((struct dt_obj *)dt->objs.items[i])->chain, DT_L_OBJECT);
	for (e = dt->all.head; e != NULL; e = e->link[DT_L_ALL].next)
		chain_reverse_ties(&e->kids, DT_L_TRIGGER);
	dt->cache->stale = 1;
	dt->cache->gen++;
}

void
downtimes_add_in_order(struct downtimes *dt, size_t n,
    unsigned long (*trigger_of)(void *arg, size_t i), void (*add)(void *arg, size_t i),
    void *arg)
{
	char *done = xcalloc(n > 0 ? n : 1, 1);
	size_t i, left = n;
	int progress = 1, last = 0;
	unsigned long t;

	while (left > 0) {
		if (!progress)
			last = 1;
		progress = 0;
		for (i = 0; i < n; i++) {
			if (done[i])
				continue;
			t = trigger_of(arg, i);
			if (!last && t != 0 && downtimes_find(dt, t) == NULL)
				continue;
			add(arg, i);
			done[i] = 1;
			left--;
			progress = 1;
		}
	}
	free(done);
	downtimes_resort(dt);
}

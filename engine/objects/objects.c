/*
 * objects: lifetime and name lookups of a configuration generation.
 * The builder in compat/config fills the arrays; objects_index then builds
 * one index per kind so lookups by name cost O(1).
 *
 * An index is an open-addressed table, at most half full, of 64-bit slots:
 * the high half of the key's hash over id + 1 (0 is empty).  The key is
 * read from the object itself only when the hash halves agree, so an index
 * costs 16 to 32 bytes per object and no key strings.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/objects/objects.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

struct objidx {
	uint64_t *slot;
	size_t mask;
	unsigned n;         /* objects indexed */
	const char *base;   /* the array */
	size_t stride;      /* sizeof one object */
	size_t name_off;    /* where its name pointer is */
	int services;       /* key is (host->name, description) */
};

const struct obj_extinfo objects_no_extinfo = {
	.x_2d = -1, .y_2d = -1,
};

struct objects *
objects_new(void)
{
	struct objects *o = xcalloc(1, sizeof(*o));

	o->arena = arena_new();
	return o;
}

static void
objidx_free(struct objidx *x)
{
	if (x == NULL)
		return;
	free(x->slot);
	free(x);
}

static void
objects_unindex(struct objects *o)
{
	objidx_free(o->idx_timeperiods);
	objidx_free(o->idx_commands);
	objidx_free(o->idx_contacts);
	objidx_free(o->idx_contactgroups);
	objidx_free(o->idx_hosts);
	objidx_free(o->idx_hostgroups);
	objidx_free(o->idx_servicegroups);
	objidx_free(o->idx_services);
	o->idx_timeperiods = NULL;
	o->idx_commands = NULL;
	o->idx_contacts = NULL;
	o->idx_contactgroups = NULL;
	o->idx_hosts = NULL;
	o->idx_hostgroups = NULL;
	o->idx_servicegroups = NULL;
	o->idx_services = NULL;
}

void
objects_free(struct objects *o)
{
	if (o == NULL)
		return;
	objects_unindex(o);
	/* the arrays themselves are arena memory */
	arena_free(o->arena);
	arena_free(o->arena2);
	free(o);
}

static const char *
objidx_name(const struct objidx *x, uint32_t id)
{
	const char *name;

	memcpy(&name, x->base + (size_t)id * x->stride + x->name_off, sizeof(name));
	return name;
}

static uint64_t
objidx_hash2(const char *host, const char *desc)
{
	return hash_str(host) * 0x9e3779b97f4a7c15ULL ^ hash_str(desc);
}

static int
objidx_is(const struct objidx *x, uint32_t id, const char *name, const char *desc)
{
	const struct obj_service *s;

	if (x->services) {
		s = (const struct obj_service *)(const void *)(x->base + (size_t)id * x->stride);
		return strcmp(s->description, desc) == 0 && strcmp(s->host->name, name) == 0;
	}
	return strcmp(objidx_name(x, id), name) == 0;
}

/* a slot: the high 32 bits of the key's hash above id + 1 (0: empty) */
#define OBJIDX_SLOT(h, id) (((h) & 0xffffffff00000000ULL) | ((uint64_t)(id) + 1))
#define OBJIDX_ID(v) ((uint32_t)(v) - 1)
#define OBJIDX_TAG(v) ((v) & 0xffffffff00000000ULL)

/*
 * The slot of the object called name (desc: services) with hash h, or the
 * empty slot where it would go.
 */
static uint64_t *
objidx_probe(const struct objidx *x, uint64_t h, const char *name, const char *desc)
{
	size_t j = h & x->mask;

	while (x->slot[j] != 0 && !(OBJIDX_TAG(x->slot[j]) == OBJIDX_TAG(h) &&
	    objidx_is(x, OBJIDX_ID(x->slot[j]), name, desc)))
		j = (j + 1) & x->mask;
	return &x->slot[j];
}

static struct objidx *
objidx_build(const void *base, unsigned n, size_t stride, size_t name_off, int services)
{
	struct objidx *x = xcalloc(1, sizeof(*x));
	const struct obj_service *s;
	const char *name, *desc = NULL;
	uint64_t *slot, h;
	size_t cap = 16;
	uint32_t id;

	while (cap < (size_t)n * 2)
		cap *= 2;
	x->slot = xcalloc(cap, sizeof(*x->slot));
	x->mask = cap - 1;
	x->n = n;
	x->base = base;
	x->stride = stride;
	x->name_off = name_off;
	x->services = services;
	for (id = 0; id < n; id++) {
		if (services) {
			s = (const struct obj_service *)base + id;
			name = s->host->name;
			desc = s->description;
		} else {
			name = objidx_name(x, id);
		}
		/* the first object with a name wins: a later one is not indexed */
		h = services ? objidx_hash2(name, desc) : hash_str(name);
		slot = objidx_probe(x, h, name, desc);
		if (*slot == 0)
			*slot = OBJIDX_SLOT(h, id);
	}
	return x;
}

/* the id + 1 of the object called name (desc: services), 0 when none */
static uint32_t
objidx_find(const struct objidx *x, const char *name, const char *desc)
{
	uint64_t slot;

	if (x == NULL)
		return 0;
	slot = *objidx_probe(x, x->services ? objidx_hash2(name, desc) : hash_str(name), name,
	    desc);
	return slot != 0 ? OBJIDX_ID(slot) + 1 : 0;
}

/* an index is built again only when its array changed */
static int
objidx_current(const struct objidx *x, const void *base, unsigned n)
{
	return x != NULL && x->base == base && x->n == n;
}

#define OBJECTS_INDEX(o, field, arr, n, type)                                        \
	do {                                                                         \
		if (!objidx_current((o)->field, (o)->arr, (o)->n)) {                 \
			objidx_free((o)->field);                                     \
			(o)->field = objidx_build((o)->arr, (o)->n, sizeof(type),    \
			    offsetof(type, name), 0);                                \
		}                                                                    \
	} while (0)

void
objects_index(struct objects *o)
{
	OBJECTS_INDEX(o, idx_timeperiods, timeperiods, ntimeperiods, struct obj_timeperiod);
	OBJECTS_INDEX(o, idx_commands, commands, ncommands, struct obj_command);
	OBJECTS_INDEX(o, idx_contacts, contacts, ncontacts, struct obj_contact);
	OBJECTS_INDEX(o, idx_contactgroups, contactgroups, ncontactgroups, struct obj_contactgroup);
	OBJECTS_INDEX(o, idx_hosts, hosts, nhosts, struct obj_host);
	OBJECTS_INDEX(o, idx_hostgroups, hostgroups, nhostgroups, struct obj_hostgroup);
	OBJECTS_INDEX(o, idx_servicegroups, servicegroups, nservicegroups, struct obj_servicegroup);
	if (!objidx_current(o->idx_services, o->services, o->nservices)) {
		objidx_free(o->idx_services);
		o->idx_services = objidx_build(o->services, o->nservices,
		    sizeof(struct obj_service), 0, 1);
	}
}

#define OBJECTS_FIND(fn, type, field, arr)                                          \
	type *fn(const struct objects *o, const char *name)                         \
	{                                                                           \
		uint32_t i = objidx_find(o->field, name, NULL);                     \
                                                                                    \
		return i != 0 ? &o->arr[i - 1] : NULL;                              \
	}

OBJECTS_FIND(objects_find_timeperiod, struct obj_timeperiod, idx_timeperiods, timeperiods)
OBJECTS_FIND(objects_find_command, struct obj_command, idx_commands, commands)
OBJECTS_FIND(objects_find_contact, struct obj_contact, idx_contacts, contacts)
OBJECTS_FIND(objects_find_contactgroup, struct obj_contactgroup, idx_contactgroups, contactgroups)
OBJECTS_FIND(objects_find_host, struct obj_host, idx_hosts, hosts)
OBJECTS_FIND(objects_find_hostgroup, struct obj_hostgroup, idx_hostgroups, hostgroups)
OBJECTS_FIND(objects_find_servicegroup, struct obj_servicegroup, idx_servicegroups,
    servicegroups)

struct obj_service *
objects_find_service(const struct objects *o, const char *host, const char *desc)
{
	uint32_t i = objidx_find(o->idx_services, host, desc);

	return i != 0 ? &o->services[i - 1] : NULL;
}

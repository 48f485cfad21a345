/*
 * objects: lifetime and name lookups of a configuration generation.
 * The builder in compat/config fills the arrays; objects_index then builds
 * one hash per kind so lookups by name cost O(1).
 */
#include "engine/objects/objects.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/arena.h"
#include "engine/util/hash.h"
#include "engine/util/xalloc.h"

struct objects *
objects_new(void)
{
	struct objects *o = xcalloc(1, sizeof(*o));

	o->arena = arena_new();
	return o;
}

void
objects_free(struct objects *o)
{
	if (o == NULL)
		return;
	hmap_free(o->idx_timeperiods);
	hmap_free(o->idx_commands);
	hmap_free(o->idx_contacts);
	hmap_free(o->idx_contactgroups);
	hmap_free(o->idx_hosts);
	hmap_free(o->idx_hostgroups);
	hmap_free(o->idx_servicegroups);
	hmap_free(o->idx_services);
	/* the arrays themselves are arena memory */
	arena_free(o->arena);
	free(o);
}

#define OBJECTS_INDEX(o, field, arr, n, namefield)                          \
	do {                                                                \
		unsigned i_;                                                \
		(o)->field = hmap_new((o)->n);                              \
		for (i_ = 0; i_ < (o)->n; i_++)                             \
			hmap_put_new((o)->field, (o)->arr[i_].namefield,    \
			    &(o)->arr[i_]);                                 \
	} while (0)

static const char *
objects_service_key(struct arena *a, const char *host, const char *desc)
{
	size_t hl = strlen(host), dl = strlen(desc);
	char *k = arena_alloc(a, hl + dl + 2);

	memcpy(k, host, hl);
	k[hl] = '\x01';
	memcpy(k + hl + 1, desc, dl + 1);
	return k;
}

void
objects_index(struct objects *o)
{
	unsigned i;

	OBJECTS_INDEX(o, idx_timeperiods, timeperiods, ntimeperiods, name);
	OBJECTS_INDEX(o, idx_commands, commands, ncommands, name);
	OBJECTS_INDEX(o, idx_contacts, contacts, ncontacts, name);
	OBJECTS_INDEX(o, idx_contactgroups, contactgroups, ncontactgroups, name);
	OBJECTS_INDEX(o, idx_hosts, hosts, nhosts, name);
	OBJECTS_INDEX(o, idx_hostgroups, hostgroups, nhostgroups, name);
	OBJECTS_INDEX(o, idx_servicegroups, servicegroups, nservicegroups, name);
	o->idx_services = hmap_new(o->nservices);
	for (i = 0; i < o->nservices; i++)
		hmap_put_new(o->idx_services,
		    objects_service_key(o->arena, o->services[i].host->name,
			o->services[i].description),
		    &o->services[i]);
}

#define OBJECTS_FIND(fn, type, field)                                       \
	type *fn(const struct objects *o, const char *name)                 \
	{                                                                   \
		return o->field != NULL ? hmap_get(o->field, name) : NULL;  \
	}

OBJECTS_FIND(objects_find_timeperiod, struct obj_timeperiod, idx_timeperiods)
OBJECTS_FIND(objects_find_command, struct obj_command, idx_commands)
OBJECTS_FIND(objects_find_contact, struct obj_contact, idx_contacts)
OBJECTS_FIND(objects_find_contactgroup, struct obj_contactgroup, idx_contactgroups)
OBJECTS_FIND(objects_find_host, struct obj_host, idx_hosts)
OBJECTS_FIND(objects_find_hostgroup, struct obj_hostgroup, idx_hostgroups)
OBJECTS_FIND(objects_find_servicegroup, struct obj_servicegroup, idx_servicegroups)

struct obj_service *
objects_find_service(const struct objects *o, const char *host, const char *desc)
{
	char stackbuf[512], *k;
	size_t hl = strlen(host), dl = strlen(desc);
	struct obj_service *s;

	if (o->idx_services == NULL)
		return NULL;
	k = hl + dl + 2 <= sizeof(stackbuf) ? stackbuf : xmalloc(hl + dl + 2);
	memcpy(k, host, hl);
	k[hl] = '\x01';
	memcpy(k + hl + 1, desc, dl + 1);
	s = hmap_get(o->idx_services, k);
	if (k != stackbuf)
		free(k);
	return s;
}

/*
 * vec: pointer arrays that double when full.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/util/vec.h"

#include <stdlib.h>

#include "engine/util/xalloc.h"

void
vec_init(struct vec *v)
{
	v->items = NULL;
	v->len = 0;
	v->cap = 0;
}

void
vec_clear(struct vec *v)
{
	free(v->items);
	vec_init(v);
}

void
vec_push(struct vec *v, void *item)
{
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = xreallocarray(v->items, v->cap, sizeof(void *));
	}
	v->items[v->len++] = item;
}

void
vec_sort(struct vec *v, int (*cmp)(const void *, const void *))
{
	if (v->len > 1)
		qsort(v->items, v->len, sizeof(void *), cmp);
}

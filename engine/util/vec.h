/*
 * vec: a growable array of pointers.  The struct is public so loops can
 * index v->items directly; only vec_* functions change it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_VEC_H
#define JAQUE_VEC_H

#include <stddef.h>

struct vec {
	void **items;
	size_t len;
	size_t cap;
};

void vec_init(struct vec *v);
/* frees the array, not the items */
void vec_clear(struct vec *v);
void vec_push(struct vec *v, void *item);
void vec_sort(struct vec *v, int (*cmp)(const void *, const void *));

#endif

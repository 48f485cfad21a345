/*
 * wheel: a hashed timing wheel of intrusive entries, in ticks.
 *
 * Time is counted in whole ticks (the engine's ticks_per_second turns them
 * into seconds).  An entry sits in at most one place: a slot of the wheel
 * (due within nslots ticks of the wheel's current tick) or the overflow
 * heap (due later), from which it moves into the wheel as the wheel turns,
 * keeping its exact due tick.  Add, remove and reschedule are O(1) for
 * wheel entries, O(log n) for overflow ones.  wheel_advance fires every
 * entry whose due tick has been reached, earliest tick first, entries of
 * one tick in the order they were added (wheel_move counts as a new add).
 * The entry is unlinked before its callback runs, so the callback may add
 * it again or add or remove any other entry.  wheel_advance jumps over
 * empty stretches (a bitmap of non-empty slots), so a big step costs what
 * fires, not how many ticks pass.
 *
 * The current tick (wheel_now) is the last tick advanced to; tick `now`
 * counts as done.  So an entry added with due <= wheel_now, from outside
 * or from inside a callback, never fires in the call that is running: it
 * fires at the start of the next wheel_advance call (to >= now), before
 * anything later, in due order then add order.  An entry added from a
 * callback with a due tick after the one being fired and <= `to` fires
 * later in the same call.  Thus no callback can make one call loop
 * forever.
 *
 * The wheel owns no entries; the caller embeds struct wheel_ent in its
 * own structs.  Not thread-safe, and wheel_advance must not be called
 * from a fire callback.  Called by the engine's scheduler.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_WHEEL_H
#define JAQUE_WHEEL_H

#include <stddef.h>
#include <stdint.h>

struct wheel_ent {
	struct wheel_ent *next;  /* slot list links (wheel's business) */
	struct wheel_ent *prev;
	uint64_t due;            /* the tick this entry fires at */
	uint32_t heap_idx;       /* position in the overflow heap (wheel's business) */
	uint32_t where;          /* 0 not scheduled, else wheel's business */
};

struct wheel;

/* nslots is rounded up to a power of two (at least 64, at most 2^26); now is
 * the first tick: entries due at it fire at the first advance */
struct wheel *wheel_new(unsigned nslots, uint64_t now);
/* entries still scheduled are simply forgotten (they are the caller's) */
void wheel_free(struct wheel *w);

/* schedule e at tick due; a due tick at or before wheel_now fires at the
 * next advance.  e must not be scheduled already (use wheel_move for that):
 * adding a scheduled entry is a broken invariant and aborts */
void wheel_add(struct wheel *w, struct wheel_ent *e, uint64_t due);
/* unschedule e; no-op when it is not scheduled */
void wheel_remove(struct wheel *w, struct wheel_ent *e);
/* remove (if scheduled) and add at due */
void wheel_move(struct wheel *w, struct wheel_ent *e, uint64_t due);
/* 1 when e is scheduled, 0 when not */
int wheel_is_scheduled(const struct wheel_ent *e);
/* initialise an entry as not scheduled (a zeroed entry is the same) */
void wheel_ent_init(struct wheel_ent *e);

/*
 * Turn the wheel to tick `to` (inclusive), calling fire(e, arg) for each
 * entry due at or before it.  Returns how many fired.  A `to` before the
 * current tick does nothing.
 */
size_t wheel_advance(struct wheel *w, uint64_t to, void (*fire)(struct wheel_ent *e, void *arg),
    void *arg);

uint64_t wheel_now(const struct wheel *w);
/* entries scheduled (wheel and overflow) */
size_t wheel_count(const struct wheel *w);
/* the earliest due tick of any entry, or UINT64_MAX when empty; it reads
 * nslots / 4096 bitmap words at worst (non-const: it may sort the list of
 * entries added in the past) */
uint64_t wheel_next_due(struct wheel *w);

#endif

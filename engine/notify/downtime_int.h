/*
 * downtime_int: what downtime.c (the rules and the clock) and
 * downtime_store.c (the lists, the id map, the memory) share.  Private
 * to those two files.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_DOWNTIME_INT_H
#define JAQUE_DOWNTIME_INT_H

#include <stddef.h>
#include <time.h>

#include "engine/notify/downtime.h"
#include "engine/util/vec.h"

/* the three lists an entry is in */
enum dt_list { DT_L_ALL, DT_L_OBJECT, DT_L_TRIGGER, DT_NLISTS };

struct dt_link {
	struct dt_entry *prev, *next;
};

struct dt_chain {
	struct dt_entry *head, *tail;
	size_t len;
};

/* the downtimes of one host or service; key is host, or host '\n' svc */
struct dt_obj {
	struct dt_chain chain;
	char key[];
};

struct dt_entry {
	struct downtime d; /* first: what callers see */
	struct dt_link link[DT_NLISTS];
	struct dt_obj *obj;
	struct dt_entry *trigger; /* the entry that triggers this one, while it exists */
	struct dt_chain kids;     /* the entries this one triggers */
	int start_soon;           /* a host's flexible one: start at the next tick */
};

/* what an entry waits for, or an event is: DT_NONE nothing timed (in
 * the start-up heap: an event that is not a due downtime event); DT_SWEEP
 * an expire event */
enum dt_due_kind { DT_NONE, DT_START, DT_END, DT_SWEEP };

/*
 * A slot of the model of Nagios's event heap at start-up (lib/pqueue.c):
 * a downtime event due at once (id and kind), or DT_NONE for any other
 * event.  Every due downtime event has the same priority, below all the
 * rest (see dt_boot_run), so the order among the others never matters.
 */
struct dt_boot {
	unsigned long id;
	int kind;
};

/* downtimes_at's array, rebuilt after a change (reached through a const store) */
struct dt_cache {
	struct dt_entry **v;
	size_t cap;
	int stale;
	unsigned long gen; /* changes counted (downtimes_generation) */
};

/*
 * A queued expire event (Nagios's EVENT_EXPIRE_DOWNTIME): when it runs,
 * and the downtime whose registration queued it.  Only a cancel of that
 * downtime takes it back (unschedule_downtime); its normal end, or an
 * earlier expiry, leaves it queued (delete_downtime touches no event).
 */
struct dt_sweep {
	time_t t;
	unsigned long id;
};

struct downtimes {
	struct comments *cs;
	struct prog_state *prog;
	struct downtime_hooks hooks;
	struct dt_chain all;
	struct dt_entry **slot; /* id map: open addressing, linear probing */
	size_t nslot;           /* a power of two, or 0 */
	size_t nused;
	struct hmap *objmap;
	struct vec objs;
	struct dt_cache *cache;
	struct dt_boot *boot; /* the start-up heap: boot[i - 1] is slot i */
	size_t nboot, capboot;
	int booting; /* running them: a start queues its overdue end */
	struct dt_sweep *sweep; /* the expire events not yet due at their
	                         * registration, by time, equal times as queued */
	size_t nsweep, capsweep;
};

/* the entry with that id, NULL when there is none */
struct dt_entry *dt_id_get(const struct downtimes *dt, unsigned long id);
/* the list of an object's downtimes (svc NULL: the host), made when
 * create is set and there is none; else NULL when there is none */
struct dt_obj *dt_obj_find(struct downtimes *dt, const char *host, const char *svc, int create);
/* put e (its trigger set, or NULL) in every list and the id map */
void dt_link_in(struct downtimes *dt, struct dt_entry *e);
/* take e out of every list; what it triggers stays attached to it */
void dt_link_out(struct downtimes *dt, struct dt_entry *e);
/* detach what e triggers (they keep triggered_by) and return the first;
 * the links between them stay readable until they are freed */
struct dt_entry *dt_take_kids(struct dt_entry *e);
/* free an entry out of every list */
void dt_entry_free(struct dt_entry *e);
/* queue an expire event at t for downtime id, behind those at t already */
void dt_sweep_add(struct downtimes *dt, time_t t, unsigned long id);
/* take back every expire event downtime id queued */
void dt_sweep_cancel(struct downtimes *dt, unsigned long id);
/* drop the first n expire events (they ran) */
void dt_sweep_drop(struct downtimes *dt, size_t n);
/* pqueue_insert into the start-up heap */
void dt_heap_push(struct downtimes *dt, struct dt_boot b);
/* pqueue_remove of slot i (1-based); returns what was there */
struct dt_boot dt_heap_remove(struct downtimes *dt, size_t i);

#endif

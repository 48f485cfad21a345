/*
 * orphan: Nagios 4.4.6's orphaned-check detection (base/checks.c:
 * check_for_orphaned_services and check_for_orphaned_hosts), for the
 * check in flight whose result never comes back.
 *
 * Results normally always come: a plugin is killed at its timeout by the
 * worker, a worker that dies has its checks run again (chk_finish,
 * CHECK_LOST), and one that hangs (stopped, stuck in the kernel) has its
 * checks end as timeouts at their timeout (engine/worker/pool_watch.c),
 * long before this would take them.  What is left is a result lost on
 * the way: a remote runner or a builtin check that never reports.  As in Nagios, every 60 seconds (DEFAULT_ORPHAN_CHECK_INTERVAL)
 * when check_for_orphaned_services or check_for_orphaned_hosts is on, a
 * check running since before now - (its timeout + check_result_reaper_
 * frequency + 600) is given up: Nagios's warning is logged, the run is
 * detached (a result that still comes is dropped) and an immediate check
 * is scheduled with the orphan check option.  Nagios counts from the
 * check's next_check plus its latency, the time it started; so does this,
 * from the run's start.  Hosts never scheduled (next_check 0) are skipped,
 * as Nagios skips them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ev.h>
#include <stdio.h>

#include "compat/config/maincfg.h"
#include "engine/check/checker_int.h"
#include "engine/objects/objects.h"

/* Nagios's DEFAULT_ORPHAN_CHECK_INTERVAL and its slack */
#define ORPHAN_INTERVAL 60.0
#define ORPHAN_SLACK 600.0

static int
chk_orphaned(const struct checker *c, const struct checker_run *r, time_t now)
{
	const struct chk_ent *e = r->e;
	const struct state_common *st;

	if (e == NULL)
		return 0;
	if (e->is_host ? !c->cfg->check_for_orphaned_hosts : !c->cfg->check_for_orphaned_services)
		return 0;
	st = e->is_host ? &c->hs[e->id].c : &c->ss[e->id].c;
	if (e->is_host && st->next_check == 0)
		return 0;
	return (time_t)(r->start + r->timeout + c->cfg->check_result_reaper_frequency +
	    ORPHAN_SLACK) < now;
}

static void
chk_orphan_warn(struct checker *c, const struct chk_ent *e, time_t now)
{
	const struct state_common *st = chk_state(c, e);
	char text[1024];

	if (c->hooks.warning == NULL)
		return;
	if (e->is_host)
		snprintf(text, sizeof(text), "The check of host '%s' looks like it was orphaned "
		    "(results never came back).  I'm scheduling an immediate check of the host...",
		    chk_host_name(e));
	else
		snprintf(text, sizeof(text), "The check of service '%s' on host '%s' looks like it "
		    "was orphaned (results never came back; last_check=%lu; next_check=%lu).  "
		    "I'm scheduling an immediate check of the service...",
		    c->objs->services[e->id].description, chk_host_name(e),
		    (unsigned long)st->last_check, (unsigned long)st->next_check);
	c->hooks.warning(c->hooks.arg, now, text);
}

unsigned
checker_orphans(struct checker *c, time_t now)
{
	struct checker_run *r, *next;
	struct chk_ent *e;
	unsigned n = 0;

	if (c->stopped)
		return 0;
	for (r = c->runs; r != NULL; r = next) {
		next = r->next;
		if (!chk_orphaned(c, r, now))
			continue;
		e = r->e;
		chk_orphan_warn(c, e, now);
		/* next is not freed: detaching frees builtin and remote runs only, r itself */
		chk_detach_run(c, r);
		chk_state(c, e)->check_options |= STATE_CKOPT_ORPHAN;
		chk_check_soon(c, e);
		n++;
	}
	return n;
}

static void
chk_orphan_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)revents;
	checker_orphans(w->data, (time_t)ev_now(loop));
}

void
chk_orphans_start(struct checker *c)
{
	ev_timer_init(&c->orphan_timer, chk_orphan_cb, ORPHAN_INTERVAL, ORPHAN_INTERVAL);
	c->orphan_timer.data = c;
	if (c->cfg->check_for_orphaned_services || c->cfg->check_for_orphaned_hosts)
		ev_timer_start(c->loop, &c->orphan_timer);
}

void
chk_orphans_stop(struct checker *c)
{
	ev_timer_stop(c->loop, &c->orphan_timer);
}

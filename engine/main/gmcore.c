/*
 * gmcore: checks through gearmand, as mod_gearman's core module sends
 * them (gmcore.h).
 *
 * The check in flight of each object is kept in an array by object id,
 * for one configuration generation; a run carries its slot in its tag (id
 * + 1, hosts with the top bit), so that a cancelled run finds its slot at
 * once.  A reload that keeps the link renumbers what is kept per object
 * (gmcore_renumber) by the runs themselves: each run the checker carried
 * over tells its new object (checker_run_object), and the runs of objects
 * that are gone were cancelled before.  Only an object with a run in
 * flight has something to move (its kept job, its stats entry, the tag
 * of a job not confirmed yet); the unique ids of the others are made
 * again from their names at their next job.  A reload that does not keep
 * the link frees the gmcore; the new one starts with no run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmcore.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "compat/config/config.h"
#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgdummy.h"
#include "compat/gearman/mgjob.h"
#include "compat/gearman/mgroute.h"
#include "compat/nagioslog.h"
#include "engine/check/checker.h"
#include "engine/check/result.h"
#include "engine/main/daemon_int.h"
#include "engine/main/gmstats.h"
#include "engine/main/gmkeep.h"
#include "engine/main/gmwire.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/util/xalloc.h"

#define GM_TAG_HOST (1UL << (sizeof(unsigned long) * 8 - 1))
#define GM_KEEP_GRACE 5.0  /* seconds past a check's timeout before its job counts as lost */
#define GM_KEEP_LOOK 1.0   /* seconds between looks at the kept jobs */

struct gmcore {
	struct jaque *j;
	struct gmwire *w;
	const struct objects *objs;   /* the generation hruns and sruns are for */
	struct checker_run **hruns, **sruns;
	struct gmcore_stats st;
	struct gmstats *gs;           /* per queue, and times */
	struct gmkeep *keep;          /* jobs with unique ids, until their result */
	char (*uniqs)[MGJOB_UNIQ_LEN + 1]; /* each object's unique id, made at its first job
	                                    * (services, then hosts; "" not yet) */
	ev_timer keep_timer;
};

/* the slot arrays of the running generation */
static void
gm_arrays(struct gmcore *g)
{
	const struct objects *objs = g->j->gen->objs;

	if (g->objs == objs)
		return;
	free(g->hruns);
	free(g->sruns);
	g->hruns = xcalloc(objs->nhosts + 1, sizeof(*g->hruns));
	g->sruns = xcalloc(objs->nservices + 1, sizeof(*g->sruns));
	g->objs = objs;
	gmstats_forget(g->gs);
	gmkeep_free(g->keep);
	g->keep = gmkeep_new(objs->nservices + objs->nhosts, GM_KEEP_GRACE);
	free(g->uniqs);
	g->uniqs = xcalloc(objs->nservices + objs->nhosts + 1, sizeof(*g->uniqs));
}

/* the slot of tag in the kept jobs: services first, then hosts */
static size_t
gm_keep_slot(const struct gmcore *g, unsigned long tag)
{
	size_t id = (tag & ~GM_TAG_HOST) - 1;

	return (tag & GM_TAG_HOST) ? g->objs->nservices + id : id;
}

/* the unique id of the check of tag (ck its job): made once per object, the names not
 * changing within a generation (an MD5 each time showed in the core's profile); NULL
 * when it cannot be made */
static const char *
gm_uniq(struct gmcore *g, unsigned long tag, const struct mgjob_check *ck)
{
	char *u = g->uniqs[gm_keep_slot(g, tag)];

	if (u[0] == '\0' && mgjob_check_uniq(ck, u) < 0) {
		u[0] = '\0';
		return NULL;
	}
	return u;
}

/* the check of tag has its result, or is given up: its job is not kept any more */
static void
gm_forget(struct gmcore *g, unsigned long tag)
{
	if (g->keep != NULL && tag != 0 && g->objs == g->j->gen->objs)
		gmkeep_drop(g->keep, gm_keep_slot(g, tag));
}

static struct checker_run **
gm_slot(struct gmcore *g, unsigned long tag)
{
	unsigned long id = (tag & ~GM_TAG_HOST) - 1;

	if (tag == 0 || g->objs != g->j->gen->objs)
		return NULL;
	if (tag & GM_TAG_HOST)
		return id < g->objs->nhosts ? &g->hruns[id] : NULL;
	return id < g->objs->nservices ? &g->sruns[id] : NULL;
}

/* mod_gearman's result for an orphaned check, given to run now */
static void
gm_orphan(struct gmcore *g, struct checker_run *run, int is_host, const char *queue)
{
	char out[512];
	struct timeval now;

	snprintf(out, sizeof(out), "(%s check orphaned, is the mod-gearman worker on queue '%s' "
	    "running?)\n", is_host ? "host" : "service", queue);
	gettimeofday(&now, NULL);
	g->st.orphans++;
	gmstats_orphan(g->gs, queue);
	checker_remote_done(run, g->j->gearman->orphan_return, 0, out, strlen(out), &now, &now);
}

int
gmcore_run(struct gmcore *g, struct checker_run *run, const struct obj_host *h,
    const struct obj_service *s, const char *line, double timeout)
{
	const struct mgcfg *m = g->j->gearman;
	char qbuf[MGROUTE_QUEUE_MAX];
	const char *uniq;
	struct mgjob_check ck;
	enum gmwire_prio prio;
	enum mgjob_err err;
	unsigned opts = checker_run_options(run);
	const char *queue;
	char *text, *payload;
	unsigned long tag;
	int sub;

	if (m == NULL || !(s != NULL ? mgcfg_sends_service_checks(m) : mgcfg_sends_host_checks(m)))
		return 0;
	if ((queue = mgroute_queue(m, h, s, qbuf, sizeof(qbuf))) == NULL) {
		g->st.local++;
		return 0;
	}
	gm_arrays(g);
	if (m->internal_check_dummy) {
		char *out;
		int rc;

		/* mod_gearman answers check_dummy in the core, for the checks it would send */
		if (mgdummy_answer(line, &rc, &out)) {
			struct timeval now;

			gettimeofday(&now, NULL);
			g->st.dummies++;
			checker_remote_done(run, rc, 0, out, strlen(out), &now, &now);
			free(out);
			return 1;
		}
	}
	memset(&ck, 0, sizeof(ck));
	ck.result_queue = m->result_queue;
	ck.target_queue = queue;
	ck.host_name = h->name;
	ck.service_description = s != NULL ? s->description : NULL;
	gettimeofday(&ck.now, NULL);
	ck.latency = checker_run_latency(run);
	ck.timeout = (int)timeout;
	ck.command_line = line;
	ck.check_options = (opts & STATE_CKOPT_FORCED) ? MGJOB_CHECK_FORCE : 0;
	text = mgjob_check_text(&ck);
	payload = text != NULL ? mgjob_encode(text, m->encryption ? m->key : NULL, &err) : NULL;
	free(text);
	if (payload == NULL)
		return 0; /* it runs here rather than not at all */
	tag = s != NULL ? (unsigned long)s->id + 1 : ((unsigned long)h->id + 1) | GM_TAG_HOST;
	uniq = m->use_uniq_jobs ? gm_uniq(g, tag, &ck) : NULL;
	prio = gmcore_prio(mgjob_check_prio(&ck));
	sub = gmwire_submit(g->w, queue, uniq, payload, strlen(payload), prio, timeout, tag);
	if (sub < 0) {
		free(payload);
		return 0;
	}
	g->st.sent++;
	gmstats_sent(g->gs, queue, s == NULL, s != NULL ? s->id : h->id, ev_now(g->j->loop),
	    ev_now(g->j->loop) - checker_run_latency(run));
	if ((opts & STATE_CKOPT_ORPHAN) &&
	    (s != NULL ? m->orphan_service_checks : m->orphan_host_checks)) {
		free(payload);
		gm_orphan(g, run, s == NULL, queue);
		return 1;
	}
	checker_run_set_tag(run, tag);
	if (s != NULL)
		g->sruns[s->id] = run;
	else
		g->hruns[h->id] = run;
	if (uniq != NULL) {
		struct gmkeep_job kj = { queue, uniq, payload, strlen(payload), (int)prio, timeout };

		gmkeep_put(g->keep, gm_keep_slot(g, tag), &kj, ev_now(g->j->loop));
	}
	free(payload);
	return 1;
}

void
gmcore_cancel(struct gmcore *g, struct checker_run *run)
{
	struct checker_run **slot = gm_slot(g, checker_run_tag(run));

	if (slot != NULL && *slot == run) {
		*slot = NULL;
		gm_forget(g, checker_run_tag(run));
	}
}

/* ---- what comes back ---- */

static void
gm_discard(struct gmcore *g, const char *why)
{
	g->st.discarded++;
	nlog_printf(g->j->log, time(NULL), "mod_gearman: discarded a result: %s", why);
}

static void
gm_result(void *ctx, const char *payload, size_t len)
{
	struct gmcore *g = ctx;
	const struct mgcfg *m = g->j->gearman;
	const struct objects *objs = g->j->gen->objs;
	const struct obj_host *h;
	const struct obj_service *s = NULL;
	struct checker_run **slot;
	struct mgjob_result r;
	struct check_result cr;
	struct timeval now;
	enum mgjob_err err;
	char *text;

	if (m == NULL)
		return;
	text = mgjob_decode(payload, len, m->encryption ? m->key : NULL, m->accept_clear_results,
	    &err);
	if (text == NULL) {
		gm_discard(g, mgjob_err_str(err));
		return;
	}
	if (mgjob_result_parse(&r, text, &err) < 0) {
		free(text);
		gm_discard(g, mgjob_err_str(err));
		return;
	}
	free(text);
	gettimeofday(&now, NULL);
	mgjob_result_finish(&r, now);
	h = objects_find_host(objs, r.host_name);
	if (h != NULL && r.service_description != NULL)
		s = objects_find_service(objs, r.host_name, r.service_description);
	if (h == NULL || (r.service_description != NULL && s == NULL)) {
		gm_discard(g, "no such host or service");
		mgjob_result_clear(&r);
		return;
	}
	gm_arrays(g);
	slot = s != NULL ? &g->sruns[s->id] : &g->hruns[h->id];
	if (!r.passive)
		(void)gmstats_result(g->gs, s == NULL, s != NULL ? s->id : h->id,
		    ev_now(g->j->loop));
	if (*slot != NULL && !r.passive) {
		struct checker_run *run = *slot;
		const char *out = r.output;
		int rc = r.return_code;

		*slot = NULL;
		gm_forget(g, checker_run_tag(run));
		g->st.results++;
		if (!r.exited_ok) {
			/* as Nagios takes a check that did not exit properly */
			out = s != NULL ? "(Service check did not exit properly)" :
			    "(Host check did not exit properly)";
			rc = 2;
		}
		checker_remote_done(run, rc, r.early_timeout, out, strlen(out), &r.start_time,
		    &r.finish_time);
		mgjob_result_clear(&r);
		return;
	}
	/* no check in flight: as a check result file's */
	memset(&cr, 0, sizeof(cr));
	if (r.passive) {
		if (check_result_passive(&cr, s == NULL, r.return_code, r.output, strlen(r.output),
		    r.finish_time.tv_sec) < 0) {
			gm_discard(g, "a passive result with a bad return code");
			mgjob_result_clear(&r);
			return;
		}
		cr.check_type = STATE_CHECK_PASSIVE;
	} else {
		check_result_from_file(&cr, s == NULL, r.host_name, r.service_description,
		    r.return_code, r.exited_ok, r.early_timeout, r.output, strlen(r.output),
		    (double)r.start_time.tv_sec + (double)r.start_time.tv_usec / 1e6,
		    (double)r.finish_time.tv_sec + (double)r.finish_time.tv_usec / 1e6,
		    &g->j->gen->cfg);
	}
	cr.latency = r.latency;
	g->st.late++;
	(void)checker_file_result(g->j->chk, h, s, &cr);
	mgjob_result_clear(&r);
}

static void
gm_fail(void *ctx, const char *queue, const char *uniq, unsigned long tag, const char *why)
{
	struct gmcore *g = ctx;
	struct checker_run **slot = gm_slot(g, tag);

	(void)uniq;
	nlog_printf(g->j->log, time(NULL), "mod_gearman: a job for queue '%s' was given up: %s",
	    queue, why);
	if (slot != NULL && *slot != NULL) {
		struct checker_run *run = *slot;

		*slot = NULL;
		gm_forget(g, tag);
		gm_orphan(g, run, (tag & GM_TAG_HOST) != 0, queue);
	}
}

static void
gm_state(void *ctx, int up, const char *why)
{
	struct gmcore *g = ctx;

	g->st.reachable = up;
	if (up)
		nlog_printf(g->j->log, time(NULL), "mod_gearman: job server reachable");
	else
		nlog_printf(g->j->log, time(NULL), "mod_gearman: no job server takes jobs: %s", why);
}

static int
gm_resend(void *ctx, size_t slot, const struct gmkeep_job *job)
{
	struct gmcore *g = ctx;
	unsigned long tag = slot < g->objs->nservices ? slot + 1 :
	    (slot - g->objs->nservices + 1) | GM_TAG_HOST;

	return gmwire_submit(g->w, job->queue, job->uniq, job->payload, job->len,
	    (enum gmwire_prio)job->prio, job->timeout, tag);
}

/* checks with no result long past their timeout: their jobs once more (see gmkeep.h) */
static void
gm_keep_cb(struct ev_loop *loop, ev_timer *t, int revents)
{
	struct gmcore *g = t->data;
	size_t n, dropped;

	(void)revents;
	if (g->keep == NULL || g->objs != g->j->gen->objs)
		return;
	n = gmkeep_due(g->keep, ev_now(loop), gm_resend, g, &dropped);
	g->st.resent += n;
	if (n > 0)
		nlog_printf(g->j->log, time(NULL), "mod_gearman: %zu check(s) had no result %.0f s "
		    "past their timeout (the job server may have lost them); their jobs were sent "
		    "again", n, GM_KEEP_GRACE);
}

/* ---- a reload ---- */

static int
gm_str_same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

int
gmcore_link_holds(const struct mgcfg *old, const struct mgcfg *next)
{
	size_t i;

	if (old == NULL || next == NULL || old->servers.len != next->servers.len)
		return 0;
	for (i = 0; i < old->servers.len; i++) {
		const struct mgcfg_server *a = old->servers.items[i], *b = next->servers.items[i];

		if (a->port != b->port || strcmp(a->host, b->host) != 0)
			return 0;
	}
	if (!gm_str_same(old->result_queue, next->result_queue) ||
	    old->result_workers != next->result_workers ||
	    old->connection_timeout != next->connection_timeout ||
	    old->encryption != next->encryption ||
	    old->accept_clear_results != next->accept_clear_results)
		return 0;
	return !old->encryption || gm_str_same(old->key, next->key);
}

/* where each old object with a run in flight went: new ids by old, GM_GONE when gone */
#define GM_GONE GMSTATS_GONE

struct gm_moves {
	unsigned *sto, *hto;
	size_t ons, onh;       /* the old generation's counts */
	size_t nns;            /* the new one's services */
};

static unsigned
gm_moved_id(void *ctx, int is_host, unsigned id)
{
	const struct gm_moves *mv = ctx;

	if (is_host)
		return id < mv->onh ? mv->hto[id] : GM_GONE;
	return id < mv->ons ? mv->sto[id] : GM_GONE;
}

static size_t
gm_moved_slot(void *ctx, size_t slot)
{
	const struct gm_moves *mv = ctx;
	int is_host = slot >= mv->ons;
	unsigned id = gm_moved_id(ctx, is_host, (unsigned)(is_host ? slot - mv->ons : slot));

	if (id == GM_GONE)
		return GMKEEP_GONE;
	return is_host ? mv->nns + id : id;
}

static unsigned long
gm_moved_tag(void *ctx, unsigned long tag)
{
	unsigned id = gm_moved_id(ctx, (tag & GM_TAG_HOST) != 0,
	    (unsigned)((tag & ~GM_TAG_HOST) - 1));

	if (id == GM_GONE)
		return 0;
	return (tag & GM_TAG_HOST) ? ((unsigned long)id + 1) | GM_TAG_HOST : (unsigned long)id + 1;
}

/* the runs of runs[0..n) in their new slots (sruns or hruns of the new
 * generation, uniqs its unique ids), their tags rewritten; to gets where
 * each went */
static void
gm_move_runs(struct gmcore *g, struct checker_run **runs, size_t n, int is_host, unsigned *to,
    struct checker_run **nruns, char (*nuniqs)[MGJOB_UNIQ_LEN + 1], size_t nns)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct obj_host *h;
		const struct obj_service *s;
		unsigned id;

		to[i] = GM_GONE;
		if (runs[i] == NULL || checker_run_object(runs[i], &h, &s) < 0 ||
		    (s == NULL) != is_host)
			continue;
		id = is_host ? h->id : s->id;
		to[i] = id;
		nruns[id] = runs[i];
		checker_run_set_tag(runs[i], is_host ? ((unsigned long)id + 1) | GM_TAG_HOST :
		    (unsigned long)id + 1);
		memcpy(nuniqs[is_host ? nns + id : id],
		    g->uniqs[is_host ? g->objs->nservices + i : i], MGJOB_UNIQ_LEN + 1);
	}
}

void
gmcore_renumber(struct gmcore *g, const struct objects *objs)
{
	struct checker_run **nh, **ns;
	char (*nuniqs)[MGJOB_UNIQ_LEN + 1];
	struct gm_moves mv;

	if (g->objs == NULL)
		return; /* nothing sent yet: the arrays are made at the first job */
	mv.ons = g->objs->nservices;
	mv.onh = g->objs->nhosts;
	mv.nns = objs->nservices;
	mv.sto = xreallocarray(NULL, mv.ons + 1, sizeof(*mv.sto));
	mv.hto = xreallocarray(NULL, mv.onh + 1, sizeof(*mv.hto));
	nh = xcalloc(objs->nhosts + 1, sizeof(*nh));
	ns = xcalloc(objs->nservices + 1, sizeof(*ns));
	nuniqs = xcalloc(objs->nservices + objs->nhosts + 1, sizeof(*nuniqs));
	gm_move_runs(g, g->sruns, mv.ons, 0, mv.sto, ns, nuniqs, mv.nns);
	gm_move_runs(g, g->hruns, mv.onh, 1, mv.hto, nh, nuniqs, mv.nns);
	gmkeep_renumber(g->keep, objs->nservices + objs->nhosts, gm_moved_slot, &mv);
	gmstats_renumber(g->gs, gm_moved_id, &mv);
	gmwire_retag(g->w, gm_moved_tag, &mv);
	free(mv.sto);
	free(mv.hto);
	free(g->hruns);
	free(g->sruns);
	free(g->uniqs);
	g->hruns = nh;
	g->sruns = ns;
	g->uniqs = nuniqs;
	g->objs = objs;
}

struct gmcore *
gmcore_new(struct jaque *j)
{
	const struct mgcfg *m = j->gearman;
	struct gmwire_cb cb = { gm_result, gm_fail, gm_state, NULL };
	struct gmcore *g;
	char **servers;
	size_t i;

	if (m == NULL)
		return NULL;
	g = xcalloc(1, sizeof(*g));
	g->j = j;
	g->st.reachable = -1;
	g->gs = gmstats_new();
	cb.ctx = g;
	servers = xcalloc(m->servers.len + 1, sizeof(*servers));
	for (i = 0; i < m->servers.len; i++) {
		const struct mgcfg_server *sv = m->servers.items[i];

		servers[i] = xasprintf("%s:%d", sv->host, sv->port);
	}
	g->w = gmwire_new(j->loop, (const char *const *)servers, m->servers.len, m->result_queue,
	    m->result_workers > 0 ? m->result_workers : 1, m->connection_timeout, &cb);
	for (i = 0; i < m->servers.len; i++)
		free(servers[i]);
	free(servers);
	if (g->w == NULL) {
		nlog_printf(j->log, time(NULL), "mod_gearman: no job server given; checks run here");
		gmstats_free(g->gs);
		free(g);
		return NULL;
	}
	ev_timer_init(&g->keep_timer, gm_keep_cb, GM_KEEP_LOOK, GM_KEEP_LOOK);
	g->keep_timer.data = g;
	ev_timer_start(j->loop, &g->keep_timer);
	ev_unref(j->loop);
	return g;
}

void
gmcore_free(struct gmcore *g)
{
	if (g == NULL)
		return;
	ev_ref(g->j->loop);
	ev_timer_stop(g->j->loop, &g->keep_timer);
	gmwire_free(g->w);
	gmkeep_free(g->keep);
	free(g->uniqs);
	free(g->hruns);
	free(g->sruns);
	gmstats_free(g->gs);
	free(g);
}

void
gmcore_stats(const struct gmcore *g, struct gmcore_stats *out)
{
	*out = g->st;
}

void
gmcore_wire_stats(const struct gmcore *g, struct gmwire_stats *out)
{
	gmwire_stats(g->w, out);
}

const struct gmstats *
gmcore_gmstats(const struct gmcore *g)
{
	return g->gs;
}

enum gmwire_prio
gmcore_prio(enum mgjob_prio p)
{
	switch (p) {
	case MGJOB_PRIO_HIGH:
		return GMWIRE_HIGH;
	case MGJOB_PRIO_LOW:
		return GMWIRE_LOW;
	case MGJOB_PRIO_NORMAL:
		break;
	}
	return GMWIRE_NORMAL;
}

struct gmwire *
gmcore_wire(struct gmcore *g)
{
	return g->w;
}

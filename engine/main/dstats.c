/*
 * dstats: what the daemon tells jaquestats (see dstats.h).  Keys are
 * stable names; jaquestats prints them and --data picks them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/gearman/mgcfg.h"
#include "compat/statsfile.h"
#include "engine/check/checker.h"
#include "engine/main/dstats.h"
#include "engine/main/gmcore.h"
#include "engine/main/gmstats.h"
#include "engine/main/gmwire.h"
#include "engine/objects/objects.h"
#include "engine/objects/statecount.h"
#include "engine/sched/drift.h"
#include "engine/sched/overload.h"
#include "engine/sched/stretch.h"
#include "engine/util/xalloc.h"
#include "engine/worker/pool.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

/*
 * drift_fine, tick_late_fine: the non-empty fine buckets as "top:count"
 * pairs (top in us), so that a reader can subtract two snapshots and get
 * the quantiles of the time between them
 */
static void
dstats_fine(struct statsfile_buf *b, const char *key, const struct drift *d)
{
	size_t i, len = 0, cap = 256;
	char *line = xmalloc(cap);

	line[0] = '\0';
	for (i = 0; i < drift_fine_nbuckets(); i++) {
		uint64_t cnt = drift_fine_count(d, i);

		if (cnt == 0)
			continue;
		if (cap - len < 48) {
			cap *= 2;
			line = xrealloc(line, cap);
		}
		len += (size_t)snprintf(line + len, cap - len, "%s%llu:%llu", len ? "," : "",
		    (unsigned long long)drift_fine_top(i), (unsigned long long)cnt);
	}
	statsfile_add(b, key, "%s", line);
	free(line);
}

/* add a sample; the rates over the newest sample at least 60 s older */
static void
dstats_rates(struct statsfile_buf *b, struct dstats_rate *r, time_t now, uint64_t started,
    uint64_t finished)
{
	unsigned i, k, best = DSTATS_RATE_SAMPLES;

	r->t[r->head] = now;
	r->started[r->head] = started;
	r->finished[r->head] = finished;
	r->head = (r->head + 1) % DSTATS_RATE_SAMPLES;
	if (r->n < DSTATS_RATE_SAMPLES)
		r->n++;
	/* walk from the newest back to the oldest: stop at the first a minute old */
	for (i = 1; i < r->n; i++) {
		k = (r->head + DSTATS_RATE_SAMPLES - 1 - i) % DSTATS_RATE_SAMPLES;
		best = k;
		if (now - r->t[k] >= 60)
			break;
	}
	if (best == DSTATS_RATE_SAMPLES || now <= r->t[best])
		return;
	statsfile_add(b, "checks_started_per_min", "%.1f",
	    (double)(started - r->started[best]) * 60.0 / (double)(now - r->t[best]));
	statsfile_add(b, "checks_finished_per_min", "%.1f",
	    (double)(finished - r->finished[best]) * 60.0 / (double)(now - r->t[best]));
}

void
dstats_count_step(struct statecount *count, struct checker *c, const struct objects *objs,
    unsigned slice)
{
	(void)statecount_step(count, checker_host_states(c), objs->nhosts, checker_svc_states(c),
	    objs->nservices, slice);
}

void
dstats_fill(struct statsfile_buf *b, struct checker *c, struct wpool *pool,
    const struct objects *objs, time_t program_start, time_t now, struct dstats_rate *rate,
    struct statecount *count, const struct overload *ov, const struct stretch *sp)
{
	static const char *const count_key[STATECOUNT_N] = {
		"hosts_up", "hosts_down", "hosts_unreachable", "hosts_pending", "services_ok",
		"services_warning", "services_critical", "services_unknown", "services_pending",
	};
	const struct drift *d = checker_drift(c), *tl = checker_tick_late(c);
	struct checker_stats cs;
	struct wpool_stats ws = { 0 };
	char key[64];
	size_t k;

	checker_stats(c, &cs);
	if (pool != NULL)
		wpool_stats(pool, &ws);
	dstats_count_step(count, c, objs, count->whole ? DSTATS_COUNT_SLICE : UINT_MAX);
	statsfile_add(b, "version", "%s", PACKAGE_VERSION);
	statsfile_add(b, "pid", "%d", (int)getpid());
	statsfile_add(b, "program_start", "%lld", (long long)program_start);
	statsfile_add(b, "written", "%lld", (long long)now);
	statsfile_add(b, "ticks_per_second", "%u", cs.ticks_per_second);
	statsfile_add(b, "hosts", "%u", objs->nhosts);
	statsfile_add(b, "services", "%u", objs->nservices);
	for (k = 0; k < STATECOUNT_N; k++)
		statsfile_add(b, count_key[k], "%u", count->last[k]);
	statsfile_add(b, "checks_started", "%llu", (unsigned long long)cs.checks_started);
	statsfile_add(b, "checks_finished", "%llu", (unsigned long long)cs.checks_finished);
	if (rate != NULL)
		dstats_rates(b, rate, now, cs.checks_started, cs.checks_finished);
	statsfile_add(b, "checks_builtin", "%llu", (unsigned long long)cs.builtin_started);
	statsfile_add(b, "checks_worker", "%llu", (unsigned long long)cs.worker_started);
	statsfile_add(b, "checks_passive", "%llu", (unsigned long long)cs.passive);
	statsfile_add(b, "check_timeouts", "%llu", (unsigned long long)cs.timeouts);
	statsfile_add(b, "checks_lost", "%llu", (unsigned long long)cs.lost);
	statsfile_add(b, "checks_skipped_period", "%llu",
	    (unsigned long long)cs.skipped_period);
	statsfile_add(b, "tick_wakeups", "%llu", (unsigned long long)cs.tick_wakeups);
	statsfile_add(b, "queue_depth", "%zu", cs.queue_depth);
	statsfile_add(b, "queue_depth_max", "%zu", cs.queue_max);
	if (ov != NULL) {
		statsfile_add(b, "overloaded", "%d", ov->on);
		statsfile_add(b, "start_lag_ms", "%.0f", ov->lag * 1000.0);
		statsfile_add(b, "overload_seconds", "%lld", overload_seconds(ov, now));
		statsfile_add(b, "overload_spells", "%lu", ov->spells);
	}
	if (sp != NULL) {
		statsfile_add(b, "interval_stretch_pct", "%.0f", stretch_factor(sp) * 100.0);
		statsfile_add(b, "check_demand_per_min", "%.0f", sp->demand * 60.0);
		statsfile_add(b, "check_capacity_per_min", "%.0f", sp->capacity * 60.0);
	}
	statsfile_add(b, "checks_running", "%zu", cs.running);
	statsfile_add(b, "checks_scheduled", "%zu", cs.scheduled);
	statsfile_add(b, "workers", "%u", ws.workers);
	statsfile_add(b, "workers_alive", "%u", ws.alive);
	statsfile_add(b, "worker_restarts", "%llu", (unsigned long long)ws.worker_restarts);
	statsfile_add(b, "drift_count", "%llu", (unsigned long long)drift_count(d));
	statsfile_add(b, "drift_mean_us", "%.0f", drift_mean(d));
	statsfile_add(b, "drift_p50_us", "%llu", (unsigned long long)drift_quantile(d, 0.5));
	statsfile_add(b, "drift_p99_us", "%llu", (unsigned long long)drift_quantile(d, 0.99));
	statsfile_add(b, "drift_max_us", "%llu", (unsigned long long)drift_max(d));
	dstats_fine(b, "drift_fine", d);
	for (k = 0; k < drift_report_nbuckets(); k++) {
		uint64_t edge = drift_report_edge(k);

		if (edge == UINT64_MAX)
			snprintf(key, sizeof(key), "drift_bucket_inf");
		else
			snprintf(key, sizeof(key), "drift_bucket_%llu", (unsigned long long)edge);
		statsfile_add(b, key, "%llu", (unsigned long long)drift_report_count(d, k));
	}
	statsfile_add(b, "tick_late_count", "%llu", (unsigned long long)drift_count(tl));
	statsfile_add(b, "tick_late_mean_us", "%.0f", drift_mean(tl));
	statsfile_add(b, "tick_late_p99_us", "%llu", (unsigned long long)drift_quantile(tl, 0.99));
	statsfile_add(b, "tick_late_max_us", "%llu", (unsigned long long)drift_max(tl));
	dstats_fine(b, "tick_late_fine", tl);
}

/* prefix_count, _p50_us, _p99_us, _max_us, _mean_us and _fine of a histogram */
static void
dstats_hist(struct statsfile_buf *b, const char *prefix, const struct drift *d)
{
	const struct {
		const char *suffix;
		uint64_t v;
	} f[] = {
		{ "count", drift_count(d) },
		{ "p50_us", drift_quantile(d, 0.5) },
		{ "p99_us", drift_quantile(d, 0.99) },
		{ "max_us", drift_max(d) },
	};
	char key[64];
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		snprintf(key, sizeof(key), "%s_%s", prefix, f[i].suffix);
		statsfile_add(b, key, "%llu", (unsigned long long)f[i].v);
	}
	snprintf(key, sizeof(key), "%s_mean_us", prefix);
	statsfile_add(b, key, "%.0f", drift_mean(d));
	snprintf(key, sizeof(key), "%s_fine", prefix);
	dstats_fine(b, key, d);
}

/* gm_servers: the job servers as "host:port,host:port" */
static void
dstats_gm_servers(struct statsfile_buf *b, const struct mgcfg *m)
{
	size_t i, len = 0, cap = 64;
	char *line = xmalloc(cap);

	line[0] = '\0';
	for (i = 0; i < m->servers.len; i++) {
		const struct mgcfg_server *sv = m->servers.items[i];
		size_t need = strlen(sv->host) + 16;

		if (cap - len < need) {
			cap = cap * 2 + need;
			line = xrealloc(line, cap);
		}
		len += (size_t)snprintf(line + len, cap - len, "%s%s:%d", len ? "," : "", sv->host,
		    sv->port);
	}
	statsfile_add(b, "gm_servers", "%s", line);
	free(line);
}

/* a queue's lines: gm_queue_<i> its name (on one line), then its counts */
static void
dstats_gm_queue(struct statsfile_buf *b, size_t i, const struct gmstats_queue *q)
{
	const struct {
		const char *suffix;
		unsigned long v;
	} f[] = {
		{ "sent", q->sent },
		{ "results", q->results },
		{ "orphans", q->orphans },
	};
	char key[64], name[256];
	size_t k;

	snprintf(name, sizeof(name), "%s", q->name);
	for (k = 0; name[k] != '\0'; k++)
		if (name[k] == '\n' || name[k] == '\r')
			name[k] = '?';
	snprintf(key, sizeof(key), "gm_queue_%zu", i);
	statsfile_add(b, key, "%s", name);
	for (k = 0; k < sizeof(f) / sizeof(f[0]); k++) {
		snprintf(key, sizeof(key), "gm_queue_%zu_%s", i, f[k].suffix);
		statsfile_add(b, key, "%lu", f[k].v);
	}
}

void
dstats_gearman(struct statsfile_buf *b, const struct gmcore *g, const struct mgcfg *m)
{
	const struct gmstats *gs = gmcore_gmstats(g);
	struct gmcore_stats st;
	struct gmwire_stats ws;
	size_t i;

	gmcore_stats(g, &st);
	gmcore_wire_stats(g, &ws);
	{
		const struct {
			const char *key;
			unsigned long v;
		} f[] = {
			{ "gm_sent", st.sent },
			{ "gm_submitted", ws.sent },
			{ "gm_submit_retries", ws.retried },
			{ "gm_given_up", ws.failed },
			{ "gm_waiting", (unsigned long)ws.waiting },
			{ "gm_received", ws.results },
			{ "gm_results", st.results },
			{ "gm_results_late", st.late },
			{ "gm_orphans", st.orphans },
			{ "gm_dummies", st.dummies },
			{ "gm_local", st.local },
			{ "gm_discarded", st.discarded },
			{ "gm_resent", st.resent },
		};

		dstats_gm_servers(b, m);
		statsfile_add(b, "gm_reachable", "%d", st.reachable);
		for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
			statsfile_add(b, f[i].key, "%lu", f[i].v);
	}
	dstats_hist(b, "gm_rtt", gmstats_rtt(gs));
	dstats_hist(b, "gm_latency", gmstats_latency(gs));
	statsfile_add(b, "gm_queues", "%zu", gmstats_nqueues(gs));
	for (i = 0; i < gmstats_nqueues(gs); i++)
		dstats_gm_queue(b, i, gmstats_queue(gs, i));
}

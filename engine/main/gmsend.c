/*
 * gmsend: event handlers, notifications and performance data through
 * gearmand, as mod_gearman's core module sends them (gmsend.h).  The
 * texts are compat/gearman/mgjob's, the queue choice mgroute's, the
 * transport the link gmcore keeps.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/main/gmsend.h"

#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "compat/config/maincfg.h"
#include "compat/gearman/mgcfg.h"
#include "compat/gearman/mgjob.h"
#include "compat/gearman/mgroute.h"
#include "compat/nagioslog.h"
#include "engine/main/daemon_int.h"
#include "engine/main/gmcore.h"
#include "engine/main/gmwire.h"
#include "engine/notify/nrun.h"
#include "engine/notify/perfdata.h"
#include "engine/objects/objects.h"
#include "engine/objects/state.h"
#include "engine/time/macros.h"
#include "engine/util/xalloc.h"

/* text, encoded as the options say, queued for queue; 0 or -1 (logged) */
static int
gs_submit(struct jaque *j, const char *queue, const char *uniq, const char *text,
    enum mgjob_prio prio, double deadline)
{
	const struct mgcfg *m = j->gearman;
	enum mgjob_err err;
	char *payload = mgjob_encode(text, m->encryption ? m->key : NULL, &err);
	int rc = -1;

	if (payload != NULL)
		rc = gmwire_submit(gmcore_wire(j->gm), queue, uniq, payload, strlen(payload),
		    gmcore_prio(prio), deadline, 0);
	free(payload);
	if (rc < 0)
		nlog_printf(j->log, time(NULL), "mod_gearman: a job for queue '%s' could not be "
		    "queued: %s", queue, payload == NULL ? mgjob_err_str(err) : "queue full");
	return rc;
}

static int
gs_is_handler(enum nrun_kind k)
{
	return k == NRUN_GLOBAL_HOST_HANDLER || k == NRUN_GLOBAL_SERVICE_HANDLER ||
	    k == NRUN_HOST_HANDLER || k == NRUN_SERVICE_HANDLER;
}

int
gmsend_takes(struct jaque *j, enum nrun_kind kind, const struct obj_host *h,
    const struct obj_service *s)
{
	const struct mgcfg *m = j->gearman;
	char qbuf[MGROUTE_QUEUE_MAX];

	if (m == NULL || j->gm == NULL)
		return 0;
	if (kind == NRUN_HOST_NOTIFY || kind == NRUN_SERVICE_NOTIFY ? !m->notifications :
	    !(gs_is_handler(kind) && m->eventhandler))
		return 0;
	/* the module's set_target_queue: no queue for the object's checks,
	 * and the command runs here */
	return mgroute_queue(m, h, s, qbuf, sizeof(qbuf)) != NULL;
}

void
gmsend_remote(struct jaque *j, const struct nrun_remote *job)
{
	const struct mgcfg *m = j->gearman;
	int notif = job->kind == NRUN_HOST_NOTIFY || job->kind == NRUN_SERVICE_NOTIFY;
	char qbuf[MGROUTE_QUEUE_MAX];
	const char *queue;
	struct timeval now;
	char *text, *long_out;

	if (m == NULL || j->gm == NULL)
		return;
	queue = mgroute_queue(m, job->host, job->svc, qbuf, sizeof(qbuf));
	if (queue == NULL)
		queue = "";
	gettimeofday(&now, NULL);
	if (notif) {
		/* the long output as Naemon keeps it: newlines escaped */
		long_out = mgjob_escape_newlines(job->long_output);
		text = mgjob_notification_text(now, now, job->contact, job->cmdline, job->output,
		    long_out);
		(void)gs_submit(j, "notification", NULL, text, MGJOB_PRIO_HIGH, job->timeout);
		free(long_out);
	} else {
		if (!m->route_eventhandler_like_checks || strcmp(queue, "host") == 0 ||
		    strcmp(queue, "service") == 0)
			queue = "eventhandler";
		text = mgjob_eventhandler_text(now, job->cmdline);
		(void)gs_submit(j, queue, NULL, text, MGJOB_PRIO_NORMAL, job->timeout);
	}
	free(text);
}

/* the template expanded under ctx as the module does: no $ARGn$, no
 * cleaning of output macros, a newline after it */
static char *
gs_perfdata_text(const char *tmpl, const struct macro_ctx *base, const struct obj_host *h,
    const struct obj_service *s, time_t now)
{
	struct macro_ctx ctx = *base;
	struct main_cfg raw = *base->cfg;
	char *t = perfdata_unescape(tmpl), *line;

	raw.illegal_macro_output_chars = NULL;
	ctx.cfg = &raw;
	ctx.host = h;
	ctx.svc = s;
	ctx.contact = NULL;
	ctx.notif = NULL;
	memset(ctx.args, 0, sizeof(ctx.args));
	ctx.nargs = 0;
	ctx.now = now;
	line = macro_expand(&ctx, t);
	free(t);
	t = xasprintf("%s\n", line);
	free(line);
	return t;
}

int
gmsend_perfdata(struct jaque *j, const struct macro_ctx *base, const struct obj_host *h,
    const struct obj_service *s, time_t now)
{
	const struct mgcfg *m = j->gearman;
	const struct state_common *c;
	char uniq[MGJOB_UNIQ_LEN + 1];
	char *text;
	size_t i;
	int n = 0;

	if (m == NULL || j->gm == NULL || !m->perfdata || !base->cfg->process_performance_data)
		return 0;
	c = s != NULL ? &base->sstates[s->id].c : &base->hstates[h->id].c;
	if (c->perf_data == NULL || c->perf_data[0] == '\0')
		return 0;
	if (!c->process_performance_data && !m->perfdata_send_all)
		return 0;
	text = gs_perfdata_text(s != NULL ? m->service_perfdata_template :
	    m->host_perfdata_template, base, h, s, now);
	for (i = 0; i < m->perfdata_queues.len; i++) {
		const char *queue = m->perfdata_queues.items[i];
		int have_uniq = m->perfdata_mode == MGCFG_PERFDATA_OVERWRITE &&
		    mgjob_perfdata_uniq(queue, h->name, s != NULL ? s->description : NULL, uniq) == 0;

		if (gs_submit(j, queue, have_uniq ? uniq : NULL, text, MGJOB_PRIO_NORMAL,
		    GMSEND_PERFDATA_DEADLINE) == 0)
			n++;
	}
	free(text);
	return n;
}

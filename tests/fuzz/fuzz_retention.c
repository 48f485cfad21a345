/*
 * fuzz_retention: libFuzzer target for retention.dat (compat/retention*:
 * its reader with Nagios's load rules, then its writer over what was
 * read).  A small configuration (tests/fuzz/fuzz_fx.h: two hosts, three
 * services, two contacts, periods, an escalation) is read once; for each
 * input the states, comments and downtimes start fresh, the input is
 * written as retention.dat and read into them as start-up reads it, the
 * downtimes are ticked once, and the state is printed again in
 * retention.dat's format.  Any crash, leak, sanitizer report or timeout
 * is a bug; an input that found one belongs in
 * tests/fuzz/regress/retention/ once fixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tests/fuzz/fuzz_fx.h"

#include "compat/retention.h"
#include "compat/snapshot.h"
#include "engine/check/flapping.h"
#include "engine/check/statemachine.h"
#include "engine/notify/comment.h"
#include "engine/notify/downtime.h"
#include "engine/objects/objects.h"
#include "engine/objects/progstate.h"
#include "engine/objects/state.h"

#define NOW ((time_t)1700000000)

static struct config_gen gen;
static FILE *devnull;

struct run {
	struct prog_state prog;
	struct sm_ids ids;
	struct host_state *hosts;
	struct svc_state *svcs;
	struct contact_state *contacts;
};

static struct state_common *
dt_state(void *arg, const char *host, const char *svc)
{
	struct run *r = arg;
	const struct obj_host *h;
	const struct obj_service *s;

	if (svc == NULL) {
		h = objects_find_host(gen.objs, host);
		return h != NULL ? &r->hosts[h->id].c : NULL;
	}
	s = objects_find_service(gen.objs, host, svc);
	return s != NULL ? &r->svcs[s->id].c : NULL;
}

static void
flapping(void *arg, time_t now, const struct obj_host *h, const struct obj_service *s,
    const struct flap_outcome *fo)
{
	(void)arg, (void)now, (void)h, (void)s, (void)fo;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	setenv("TZ", "UTC", 1);
	fx_config(&gen, "retain_state_information=1\nuse_retained_program_state=1\n"
	    "use_retained_scheduling_info=1\nenable_flap_detection=1\n", fx_objects);
	devnull = fopen("/dev/null", "w");
	return devnull == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct objects *o = gen.objs;
	struct retention_hooks rh = { .flapping = flapping };
	struct downtime_hooks dh;
	struct retention_report rep;
	struct snapshot s;
	struct run r;
	unsigned i;

	memset(&r, 0, sizeof(r));
	r.hosts = xcalloc(o->nhosts + 1, sizeof(*r.hosts));
	r.svcs = xcalloc(o->nservices + 1, sizeof(*r.svcs));
	r.contacts = xcalloc(o->ncontacts + 1, sizeof(*r.contacts));
	for (i = 0; i < o->nhosts; i++)
		state_host_init(&r.hosts[i], &o->hosts[i]);
	for (i = 0; i < o->nservices; i++)
		state_svc_init(&r.svcs[i], &o->services[i]);
	for (i = 0; i < o->ncontacts; i++)
		state_contact_init(&r.contacts[i], &o->contacts[i]);
	progstate_init(&r.prog, NOW, 1234, 0);
	r.ids.next_event_id = 1;
	r.ids.next_problem_id = 1;
	memset(&dh, 0, sizeof(dh));
	dh.arg = &r;
	dh.state = dt_state;
	memset(&s, 0, sizeof(s));
	s.objs = o;
	s.cfg = &gen.cfg;
	s.prog = &r.prog;
	s.ids = &r.ids;
	s.hosts = r.hosts;
	s.svcs = r.svcs;
	s.contacts = r.contacts;
	s.comments = comments_new();
	s.downtimes = downtimes_new(s.comments, &r.prog, &dh);
	s.now = NOW;

	retention_read(fx_put("retention.dat", data, size), &s, &rh, &rep);
	downtimes_tick(s.downtimes, NOW);
	retention_fprint(devnull, &s);

	downtimes_free(s.downtimes);
	comments_free(s.comments);
	for (i = 0; i < o->nhosts; i++)
		state_host_clear(&r.hosts[i]);
	for (i = 0; i < o->nservices; i++)
		state_svc_clear(&r.svcs[i]);
	for (i = 0; i < o->ncontacts; i++)
		state_contact_clear(&r.contacts[i]);
	free(r.hosts);
	free(r.svcs);
	free(r.contacts);
	progstate_clear(&r.prog);
	return 0;
}

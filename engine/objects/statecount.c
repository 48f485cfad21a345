/*
 * statecount: the state counts, a slice at a time (see statecount.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "engine/objects/statecount.h"

#include <string.h>

#include "engine/objects/state.h"

int
statecount_step(struct statecount *k, const struct host_state *hs, unsigned nh,
    const struct svc_state *ss, unsigned ns, unsigned slice)
{
	unsigned total = nh + ns, end;

	if (k->hs != hs || k->ss != ss || k->pos > total) {
		k->hs = hs;
		k->ss = ss;
		k->pos = 0;
		memset(k->part, 0, sizeof(k->part));
	}
	end = slice < total - k->pos ? k->pos + slice : total;
	for (; k->pos < end && k->pos < nh; k->pos++) {
		const struct state_common *st = &hs[k->pos].c;

		if (!st->has_been_checked)
			k->part[STATECOUNT_HOSTS_PENDING]++;
		else if (st->current_state >= 0 && st->current_state < 3)
			k->part[STATECOUNT_HOSTS_UP + st->current_state]++;
	}
	for (; k->pos < end; k->pos++) {
		const struct state_common *st = &ss[k->pos - nh].c;

		if (!st->has_been_checked)
			k->part[STATECOUNT_SERVICES_PENDING]++;
		else if (st->current_state >= 0 && st->current_state < 4)
			k->part[STATECOUNT_SERVICES_OK + st->current_state]++;
	}
	if (k->pos < total)
		return 0;
	memcpy(k->last, k->part, sizeof(k->last));
	memset(k->part, 0, sizeof(k->part));
	k->pos = 0;
	k->whole = 1;
	return 1;
}

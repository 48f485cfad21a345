/*
 * qhsock_lc: Nagios 4.4.6's load control settings as "@core loadctl"
 * shows and changes them, and as loadctl_options in nagios.cfg sets them
 * (base/utils.c:set_loadctl_options, lib/kvvec.c:buf2kvvec,
 * base/nagios.c:set_loadctl_defaults).  jaque does no load control; the
 * settings are reported, and jobs_max stands for jaque's own limit on
 * checks in flight when nothing else set it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "compat/qhsock.h"
#include "engine/util/mbuf.h"
#include "engine/util/xalloc.h"

/* atoi as glibc has it (strtol, then the low bits), for unsigned fields */
static unsigned
lc_atou(const char *s)
{
	return (unsigned)(unsigned long)strtol(s, NULL, 10);
}

/* one key=value; -1 for a key Nagios does not know */
static int
lc_one(struct qhsock_loadctl *lc, const char *key, const char *value)
{
	if (strcmp(key, "enabled") == 0) {
		if (value[0] == '1')
			lc->options |= QHSOCK_LOADCTL_ENABLED;
		else
			lc->options &= ~QHSOCK_LOADCTL_ENABLED;
	} else if (strcmp(key, "jobs_max") == 0) {
		lc->jobs_max = lc_atou(value);
		lc->set |= QHSOCK_LC_JOBS_MAX;
	} else if (strcmp(key, "jobs_min") == 0) {
		lc->jobs_min = lc_atou(value);
		lc->set |= QHSOCK_LC_JOBS_MIN;
	} else if (strcmp(key, "jobs_limit") == 0) {
		lc->jobs_limit = lc_atou(value);
		lc->set |= QHSOCK_LC_JOBS_LIMIT;
	} else if (strcmp(key, "check_interval") == 0) {
		lc->check_interval = strtoul(value, NULL, 10);
		lc->set |= QHSOCK_LC_CHECK_INTERVAL;
	} else if (strcmp(key, "backoff_limit") == 0) {
		lc->backoff_limit = strtod(value, NULL);
		lc->set |= QHSOCK_LC_BACKOFF_LIMIT;
	} else if (strcmp(key, "rampup_limit") == 0) {
		lc->rampup_limit = strtod(value, NULL);
		lc->set |= QHSOCK_LC_RAMPUP_LIMIT;
	} else if (strcmp(key, "backoff_change") == 0) {
		lc->backoff_change = lc_atou(value);
		lc->set |= QHSOCK_LC_BACKOFF_CHANGE;
	} else if (strcmp(key, "rampup_change") == 0) {
		lc->rampup_change = lc_atou(value);
		lc->set |= QHSOCK_LC_RAMPUP_CHANGE;
	} else {
		return -1;
	}
	return 0;
}

/* the order Nagios keeps after every good set: jobs_min, jobs_max, jobs_limit */
static void
lc_clamp(struct qhsock_loadctl *lc)
{
	if (lc->jobs_max < lc->jobs_min) {
		lc->jobs_max = lc->jobs_min;
		lc->set |= QHSOCK_LC_JOBS_MAX;
	}
	if (lc->jobs_limit > lc->jobs_max) {
		lc->jobs_limit = lc->jobs_max;
		lc->set |= QHSOCK_LC_JOBS_LIMIT;
	}
	if (lc->jobs_limit < lc->jobs_min) {
		lc->jobs_limit = lc->jobs_min;
		lc->set |= QHSOCK_LC_JOBS_LIMIT;
	}
}

/*
 * The pairs as buf2kvvec finds them: it counts the pieces between ';'
 * first, then takes a key up to the next '=' (a ';' before it becomes part
 * of the key), its value up to the next ';' (only the last pair may end at
 * the end), and stops at a piece with no '='.
 */
int
qhsock_loadctl_apply(struct qhsock_loadctl *lc, const char *opts, size_t len,
    char **bad_key, char **bad_value)
{
	size_t npairs = 0, off = 0, i, klen, vlen;
	const char *p, *key_end, *kv_end;
	char *key, *value;
	int rc;

	while (off < len) {
		npairs++;
		if ((p = memchr(opts + off, ';', len - off)) == NULL)
			break;
		off = (size_t)(p - opts) + 1;
	}
	for (off = 0, i = 0; i < npairs && off < len; i++) {
		if ((key_end = memchr(opts + off, '=', len - off)) == NULL)
			break;
		kv_end = memchr(key_end + 1, ';', len - (size_t)(key_end + 1 - opts));
		if (kv_end == NULL) {
			if (i != npairs - 1)
				break;
			kv_end = opts + len;
		}
		klen = (size_t)(key_end - (opts + off));
		off += klen + 1;
		vlen = off < len && opts[off] != ';' ? (size_t)(kv_end - (opts + off)) : 0;
		key = xstrndup(opts + off - klen - 1, klen);
		value = xstrndup(opts + off, vlen);
		off += vlen + 1;
		rc = lc_one(lc, key, value);
		if (rc < 0) {
			if (bad_key != NULL)
				*bad_key = key;
			else
				free(key);
			if (bad_value != NULL)
				*bad_value = value;
			else
				free(value);
			return -1;
		}
		free(key);
		free(value);
	}
	lc_clamp(lc);
	return 0;
}

void
qhsock_loadctl_defaults(struct qhsock_loadctl *lc, const struct qhsock_loadctl_base *b)
{
	unsigned cpus = b->cpus > 0 ? b->cpus : 1;

	lc->nofile_limit = b->nofile_limit;
	lc->nproc_limit = b->nproc_limit;
	if (!(lc->set & QHSOCK_LC_JOBS_MAX) || lc->jobs_max == 0) {
		if (b->concurrency > 0) {
			lc->jobs_max = b->concurrency;
		} else {
			/* Nagios's bound, in its unsigned arithmetic */
			lc->jobs_max = lc->nproc_limit - 100;
			if (lc->jobs_max > (lc->nofile_limit - 50) * b->workers)
				lc->jobs_max = (lc->nofile_limit - 50) * b->workers;
		}
	}
	if (!(lc->set & QHSOCK_LC_JOBS_LIMIT) || lc->jobs_limit == 0)
		lc->jobs_limit = lc->jobs_max;
	if (!(lc->set & QHSOCK_LC_BACKOFF_LIMIT) || lc->backoff_limit == 0)
		lc->backoff_limit = cpus * 2.5;
	if (!(lc->set & QHSOCK_LC_RAMPUP_LIMIT) || lc->rampup_limit == 0)
		lc->rampup_limit = cpus * 0.8;
	if (!(lc->set & QHSOCK_LC_BACKOFF_CHANGE) || lc->backoff_change == 0)
		lc->backoff_change = (unsigned)(lc->jobs_limit * 0.3);
	if (!(lc->set & QHSOCK_LC_RAMPUP_CHANGE) || lc->rampup_change == 0)
		lc->rampup_change = (unsigned)(lc->backoff_change * 0.25);
	if (!(lc->set & QHSOCK_LC_CHECK_INTERVAL) || lc->check_interval == 0)
		lc->check_interval = 60;
	if (!(lc->set & QHSOCK_LC_JOBS_MIN) || lc->jobs_min == 0)
		lc->jobs_min = cpus * 20;
}

void
qhsock_loadctl_bad_line(struct mbuf *out, const char *key, const char *value)
{
	mbuf_addf(out, "Error: Bad loadctl option; %s = %s", key, value);
}

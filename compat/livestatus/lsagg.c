/*
 * lsagg: Stats aggregates (lsagg.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/livestatus/lsagg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compat/livestatus/lscol.h"
#include "compat/livestatus/lsout.h"
#include "engine/util/mbuf.h"
#include "engine/util/strutil.h"
#include "engine/util/xalloc.h"

void
lsagg_init(struct lsagg *a, enum lsq_agg agg, const struct ls_col *c)
{
	memset(a, 0, sizeof(*a));
	a->agg = agg;
	if (c == NULL)
		a->kind = LSAGG_ROWS;
	else if (c->type == LS_INT || c->type == LS_TIME)
		a->kind = LSAGG_INT;
	else if (c->type == LS_FLOAT)
		a->kind = LSAGG_FLOAT;
	else if (c->type == LS_STRING && str_has_suffix(c->name, "perf_data"))
		a->kind = LSAGG_PERF;
	else
		a->kind = LSAGG_ROWS;
}

static void
acc_add(struct lsagg_acc *acc, double d, long long i)
{
	if (acc->n == 0 || d < acc->min)
		acc->min = d;
	if (acc->n == 0 || d > acc->max)
		acc->max = d;
	if (acc->n == 0 || i < acc->imin)
		acc->imin = i;
	if (acc->n == 0 || i > acc->imax)
		acc->imax = i;
	acc->n++;
	acc->sum += d;
	acc->sumsq += d * d;
	acc->isum += i;
	if (d != 0)
		acc->suminv += 1.0 / d;
}

static struct lsagg_acc *
perf_var(struct lsagg *a, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < a->nperf; i++)
		if (strlen(a->perf[i].name) == len && strncmp(a->perf[i].name, name, len) == 0)
			return &a->perf[i];
	a->perf = xreallocarray(a->perf, a->nperf + 1, sizeof(*a->perf));
	memset(&a->perf[a->nperf], 0, sizeof(a->perf[0]));
	a->perf[a->nperf].name = xstrndup(name, len);
	return &a->perf[a->nperf++];
}

/* "a=1.5 b=2;3;4": each name=number, the number being digits and dots */
static void
perf_add(struct lsagg *a, const char *s)
{
	while (s != NULL && *s != '\0') {
		size_t tok = strcspn(s, " \t"), eq = strcspn(s, "= \t");

		if (eq < tok && s[eq] == '=' && eq > 0) {
			const char *num = s + eq + 1;
			size_t nlen = strspn(num, "0123456789.");

			if (nlen > 0 && nlen <= tok - eq - 1) {
				char *copy = xstrndup(num, nlen);
				double d = str_atof_lenient(copy);

				free(copy);
				acc_add(perf_var(a, s, eq), d, (long long)d);
			}
		}
		s += tok;
		s += strspn(s, " \t");
	}
}

void
lsagg_add(struct lsagg *a, const struct ls_cell *v)
{
	switch (a->kind) {
	case LSAGG_ROWS:
		a->acc.n++;
		break;
	case LSAGG_INT:
		acc_add(&a->acc, (double)v->i, v->i);
		break;
	case LSAGG_FLOAT:
		acc_add(&a->acc, v->d, (long long)v->d);
		break;
	case LSAGG_PERF:
		perf_add(a, v->s);
		break;
	}
}

static double
acc_float(const struct lsagg_acc *acc, enum lsq_agg agg)
{
	double n = (double)acc->n, var;

	switch (agg) {
	case LSQ_SUM:
		return acc->sum;
	case LSQ_MIN:
		return acc->n ? acc->min : 0;
	case LSQ_MAX:
		return acc->n ? acc->max : 0;
	case LSQ_AVG:
		return acc->n ? acc->sum / n : 0;
	case LSQ_STD:
		if (acc->n <= 1)
			return 0;
		/* the sample deviation (n - 1), as naemon */
		var = (acc->sumsq - acc->sum * acc->sum / n) / (n - 1);
		return var > 0 ? sqrt(var) : 0;
	case LSQ_SUMINV:
		return acc->suminv;
	case LSQ_AVGINV:
		return acc->n ? acc->suminv / n : 0;
	case LSQ_COUNT:
		break;
	}
	return (double)acc->n;
}

static int
cmp_perf(const void *a, const void *b)
{
	return strcmp(((const struct lsagg_acc *)a)->name, ((const struct lsagg_acc *)b)->name);
}

void
lsagg_print(const struct lsagg *a, struct lso *o)
{
	struct mbuf b = { 0 };
	size_t i;

	switch (a->kind) {
	case LSAGG_ROWS:
		lso_cell_int(o, a->acc.n);
		return;
	case LSAGG_FLOAT:
		lso_cell_float(o, acc_float(&a->acc, a->agg));
		return;
	case LSAGG_INT:
		if (a->agg == LSQ_SUM)
			lso_cell_int(o, a->acc.isum);
		else if (a->agg == LSQ_MIN)
			lso_cell_int(o, a->acc.n ? a->acc.imin : 0);
		else if (a->agg == LSQ_MAX)
			lso_cell_int(o, a->acc.n ? a->acc.imax : 0);
		else if (a->agg == LSQ_SUMINV || a->agg == LSQ_AVGINV)
			lso_cell_int(o, (long long)acc_float(&a->acc, a->agg));
		else
			lso_cell_float(o, acc_float(&a->acc, a->agg));
		return;
	case LSAGG_PERF:
		if (a->nperf > 1)
			qsort(a->perf, a->nperf, sizeof(*a->perf), cmp_perf);
		mbuf_adds(&b, "");
		for (i = 0; i < a->nperf; i++)
			mbuf_addf(&b, "%s%s=%.8f", i ? " " : "", a->perf[i].name,
			    acc_float(&a->perf[i], a->agg));
		lso_cell_str(o, b.p);
		mbuf_free(&b);
		return;
	}
}

void
lsagg_clear(struct lsagg *a)
{
	size_t i;

	for (i = 0; i < a->nperf; i++)
		free(a->perf[i].name);
	free(a->perf);
	memset(a, 0, sizeof(*a));
}

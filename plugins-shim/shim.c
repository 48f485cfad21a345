/*
 * shim: the dispatch behind shim.h.  A table lists the shims by the
 * plugin file they replace; shim_find matches argv[0] against the plugin
 * directory and that table, and lets the matching shim parse the rest (it
 * declines anything it does not reproduce exactly).  A parsed check keeps
 * its kind so shim_start and shim_check_free reach the right code, and a
 * run starts with struct shim_run so shim_cancel does too.  The engine is
 * the only caller; everything here is single-threaded on its loop.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "plugins-shim/shim.h"

#include <stdlib.h>
#include <string.h>

#include "engine/util/xalloc.h"
#include "plugins-shim/shim_int.h"

#define SHIM_PLUGIN_DIR "/usr/lib/nagios/plugins"

struct shim_check {
	const struct shim_kind *kind;
	void *conf;
};

static const struct shim_kind *const shim_kinds[] = {
	&shim_tcp_kind,
};

/*
 * The file name argv0 gives for a plugin inside dir, or NULL when it is
 * elsewhere.  Repeated slashes between the two are what the shell and
 * execve accept too, so they count as the same path.
 */
static const char *
shim_name_in_dir(const char *argv0, const char *dir)
{
	size_t n = strlen(dir);

	while (n > 0 && dir[n - 1] == '/')
		n--;
	if (strncmp(argv0, dir, n) != 0 || argv0[n] != '/')
		return NULL;
	argv0 += n;
	while (*argv0 == '/')
		argv0++;
	if (*argv0 == '\0' || strchr(argv0, '/') != NULL)
		return NULL;
	return argv0;
}

struct shim_check *
shim_find(int argc, char *const argv[], const char *plugin_dir)
{
	const char *name;
	struct shim_check *c;
	void *conf;
	size_t i;

	if (argc < 1 || argv == NULL || argv[0] == NULL)
		return NULL;
	if (plugin_dir == NULL || *plugin_dir == '\0')
		plugin_dir = SHIM_PLUGIN_DIR;
	name = shim_name_in_dir(argv[0], plugin_dir);
	if (name == NULL)
		return NULL;
	for (i = 0; i < sizeof(shim_kinds) / sizeof(shim_kinds[0]); i++) {
		if (strcmp(name, shim_kinds[i]->name) != 0)
			continue;
		conf = shim_kinds[i]->parse(argc, argv);
		if (conf == NULL)
			return NULL;
		c = xmalloc(sizeof(*c));
		c->kind = shim_kinds[i];
		c->conf = conf;
		return c;
	}
	return NULL;
}

void
shim_check_free(struct shim_check *c)
{
	if (c == NULL)
		return;
	c->kind->free(c->conf);
	free(c);
}

const char *
shim_check_name(const struct shim_check *c)
{
	return c->kind->name;
}

const void *
shim_check_conf(const struct shim_check *c)
{
	return c->conf;
}

struct shim_run *
shim_start(struct ev_loop *loop, const struct shim_check *c,
    double timeout_cap, shim_done_fn *done, void *arg)
{
	return c->kind->start(loop, c->conf, timeout_cap, done, arg);
}

void
shim_cancel(struct shim_run *r)
{
	if (r != NULL)
		r->cancel(r);
}

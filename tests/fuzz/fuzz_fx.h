/*
 * fuzz_fx: what the libFuzzer targets of tests/fuzz share.  Readers that
 * take a path get the input through a file in the target's own temporary
 * directory (in /dev/shm, a memory file system, else /tmp), made once
 * per process and emptied at exit; targets that need a configuration
 * read a small one written there, and none may delete a file outside
 * that directory (unlink below).  Included by each target (its
 * functions are static, some unused by one of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_FUZZ_FX_H
#define JAQUE_FUZZ_FX_H

#define FX_FN static __attribute__((unused))

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/config/diag.h"
#include "engine/util/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static char fx_dir[128];

/*
 * Every unlink() of the target's process comes here (a definition in the
 * program is the one its code binds to): only files in the target's own
 * directory go.  PROCESS_FILE;path;1 deletes the file it read, and the
 * fuzzer writes the path, so without this a target run as root could
 * delete any file of the machine.
 */
int unlink(const char *path);
int
unlink(const char *path)
{
	size_t n = strlen(fx_dir);

	if (n == 0 || strncmp(path, fx_dir, n) != 0 || path[n] != '/' ||
	    strstr(path + n, "/..") != NULL) {
		errno = EACCES;
		return -1;
	}
	return unlinkat(AT_FDCWD, path, 0);
}

/* remove the files of the directory and the directory */
FX_FN void
fx_cleanup(void)
{
	char p[512];
	struct dirent *e;
	DIR *d;

	if (fx_dir[0] == '\0' || (d = opendir(fx_dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", fx_dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(fx_dir);
}

/* the process's directory, made at the first call; exits when it cannot be */
FX_FN const char *
fx_tmpdir(void)
{
	if (fx_dir[0] != '\0')
		return fx_dir;
	snprintf(fx_dir, sizeof(fx_dir), "/dev/shm/jaque-fuzz-XXXXXX");
	if (access("/dev/shm", W_OK) != 0 || mkdtemp(fx_dir) == NULL) {
		snprintf(fx_dir, sizeof(fx_dir), "/tmp/jaque-fuzz-XXXXXX");
		if (mkdtemp(fx_dir) == NULL) {
			perror("fuzz: mkdtemp");
			exit(1);
		}
	}
	atexit(fx_cleanup);
	return fx_dir;
}

/* the path of name in the directory (a static buffer, one of four) */
FX_FN const char *
fx_path(const char *name)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", fx_tmpdir(), name);
	return buf[k];
}

/* write size bytes to name in the directory (replacing it); its path */
FX_FN const char *
fx_put(const char *name, const void *data, size_t size)
{
	const char *path = fx_path(name);
	FILE *fp = fopen(path, "w");

	if (fp == NULL || (size > 0 && fwrite(data, 1, size, fp) != size) || fclose(fp) != 0) {
		perror(path);
		exit(1);
	}
	return path;
}

FX_FN const char *
fx_puts(const char *name, const char *text)
{
	return fx_put(name, text, strlen(text));
}

/*
 * Read a configuration: main (nagios.cfg's lines, cfg_file=objects.cfg
 * added) and objects (the object file).  Exits when it does not read
 * clean: a target's fixture must be valid.
 */
FX_FN void
fx_config(struct config_gen *gen, const char *main, const char *objects)
{
	struct diag *d = diag_new(stderr);
	char *text;

	fx_puts("objects.cfg", objects);
	text = xasprintf("cfg_file=objects.cfg\ncheck_result_path=%s\ntemp_path=%s\n%s",
	    fx_tmpdir(), fx_tmpdir(), main);
	fx_puts("nagios.cfg", text);
	free(text);
	if (config_read(fx_path("nagios.cfg"), NULL, d, NULL, gen) != CONFIG_OK ||
	    diag_errors(d) != 0) {
		fprintf(stderr, "fuzz: the target's configuration does not read\n");
		exit(1);
	}
	diag_free(d);
}

/* a small estate: two hosts (one the parent of the other), three services,
 * groups, two contacts, periods and commands, enough for every kind of
 * object a line of input can name */
static const char fx_objects[] =
    "define command {\n command_name c\n command_line /bin/true $HOSTNAME$\n}\n"
    "define timeperiod {\n timeperiod_name always\n alias a\n"
    " sunday 00:00-24:00\n monday 00:00-24:00\n tuesday 00:00-24:00\n"
    " wednesday 00:00-24:00\n thursday 00:00-24:00\n friday 00:00-24:00\n"
    " saturday 00:00-24:00\n}\n"
    "define timeperiod {\n timeperiod_name never\n alias n\n}\n"
    "define contact {\n contact_name k\n host_notification_period always\n"
    " service_notification_period always\n host_notification_commands c\n"
    " service_notification_commands c\n _PAGER 1\n}\n"
    "define contact {\n contact_name k2\n host_notification_period always\n"
    " service_notification_period always\n host_notification_commands c\n"
    " service_notification_commands c\n}\n"
    "define contactgroup {\n contactgroup_name cg\n alias cg\n members k,k2\n}\n"
    "define host {\n host_name h1\n check_command c\n contacts k\n max_check_attempts 3\n"
    " check_period always\n notification_period always\n _ROLE web\n}\n"
    "define host {\n host_name h2\n parents h1\n check_command c\n contact_groups cg\n"
    " max_check_attempts 2\n check_period always\n}\n"
    "define hostgroup {\n hostgroup_name hg\n alias hg\n members h1,h2\n}\n"
    "define service {\n host_name h1\n service_description s1\n check_command c\n"
    " contacts k\n max_check_attempts 4\n check_period always\n _PORT 80\n}\n"
    "define service {\n host_name h1\n service_description s2\n check_command c\n"
    " contacts k\n max_check_attempts 1\n}\n"
    "define service {\n host_name h2\n service_description s1\n check_command c\n"
    " contact_groups cg\n max_check_attempts 3\n}\n"
    "define servicegroup {\n servicegroup_name sg\n alias sg\n members h1,s1,h2,s1\n}\n"
    "define serviceescalation {\n host_name h1\n service_description s1\n"
    " first_notification 2\n last_notification 0\n notification_interval 3\n"
    " contacts k\n}\n";

#endif

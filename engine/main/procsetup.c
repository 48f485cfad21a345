/*
 * procsetup: the process around the daemon: who it runs as, the lock
 * file, the standard descriptors, detaching (daemon.c calls these at
 * start, in this order: find the ids, see whether the lock is held,
 * detach with -d, take the lock, become the ids).
 *
 * The order is Nagios's (base/nagios.c main(): daemon_init() with its lock
 * file, then drop_privileges()), so the lock file is written as root; the
 * ids are looked up first so that a wrong user name fails the start before
 * -d detaches.  Unlike Nagios the lock is taken in the foreground too: one
 * jaque per lock file, the second one refused before it touches anything.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compat/config/config.h"
#include "compat/nagioslog.h"
#include "engine/main/daemon_int.h"


/*
 * As root, jaque becomes nagios_user and nagios_group (names or numbers).
 * Unset, they default to "nagios" as Debian's nagios4 is built; a default
 * that does not exist on this machine leaves jaque as it is, a configured
 * one that does not exist is an error.  They are looked up before
 * anything else is done (so a wrong name fails the start, before -d
 * detaches) and applied after the lock file is written, as Nagios writes
 * it in daemon_init() before drop_privileges() (base/nagios.c): the lock
 * file is root's.
 */
int
procsetup_find_ids(const struct main_cfg *cfg, struct procsetup_ids *ids)
{
	const char *user = cfg->nagios_user != NULL ? cfg->nagios_user : "nagios";
	const char *group = cfg->nagios_group != NULL ? cfg->nagios_group : "nagios";
	struct passwd *pw = NULL;
	struct group *gr = NULL;

	memset(ids, 0, sizeof(*ids));
	if (geteuid() != 0)
		return 0;
	gr = getgrnam(group);
	if (gr == NULL && strspn(group, "0123456789") == strlen(group))
		gr = getgrgid((gid_t)strtoul(group, NULL, 10));
	if (gr == NULL && cfg->nagios_group != NULL) {
		fprintf(stderr, "Error: could not find group '%s'\n", group);
		return -1;
	}
	pw = getpwnam(user);
	if (pw == NULL && strspn(user, "0123456789") == strlen(user))
		pw = getpwuid((uid_t)strtoul(user, NULL, 10));
	if (pw == NULL && cfg->nagios_user != NULL) {
		fprintf(stderr, "Error: could not find user '%s'\n", user);
		return -1;
	}
	ids->change = 1;
	ids->gid = gr != NULL ? gr->gr_gid : pw != NULL ? pw->pw_gid : getegid();
	ids->uid = pw != NULL ? pw->pw_uid : geteuid();
	if (pw != NULL)
		snprintf(ids->name, sizeof(ids->name), "%s", pw->pw_name);
	return 0;
}

int
procsetup_become(const struct procsetup_ids *ids)
{
	if (!ids->change)
		return 0;
	if (ids->gid != getegid() && setgid(ids->gid) < 0) {
		fprintf(stderr, "Error: could not set group id %u: %s\n", (unsigned)ids->gid,
		    strerror(errno));
		return -1;
	}
	if (ids->name[0] != '\0' && ids->uid != 0) {
		if (initgroups(ids->name, ids->gid) < 0 || setuid(ids->uid) < 0) {
			fprintf(stderr, "Error: could not become user '%s': %s\n", ids->name,
			    strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* the pid of the process holding fd's lock: 0 when none holds it */
static long
ps_lock_holder(int fd)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
		return fl.l_pid > 0 ? (long)fl.l_pid : -1;
	return 0;
}

/*
 * Another instance holds the lock: say so as Nagios's daemon_init() does
 * (base/utils.c), in nagios.log when it exists (never creating it), to
 * syslog, and to the console in the foreground; with -d, which has not
 * detached yet, on stderr.
 */
static void
ps_refuse(struct jaque *j, long pid)
{
	struct nlog *l = nlog_open_existing(j->gen->cfg.log_file);

	if (l == NULL)
		l = nlog_open(NULL, 0, NULL);
	nlog_set_syslog(l, j->syslog);
	nlog_set_console(l, j->daemon_mode ? -1 : STDOUT_FILENO);
	nlog_printf(l, time(NULL), "Lockfile '%s' contains PID of running process (%ld)",
	    j->lock_path, pid);
	nlog_close(l);
	if (j->daemon_mode)
		fprintf(stderr, "Lockfile '%s' contains PID of running process (%ld)\n",
		    j->lock_path, pid);
}

/* 1 (and the refusal said) when a running process holds the lock file */
int
procsetup_lock_held(struct jaque *j)
{
	long pid;
	int fd;

	if (j->lock_path == NULL || (fd = open(j->lock_path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	pid = ps_lock_holder(fd);
	close(fd);
	if (pid == 0)
		return 0;
	ps_refuse(j, pid);
	return 1;
}

/*
 * Take the lock file (in every mode: one jaque per lock file) and write
 * the pid in it; -1 when it cannot be opened or another instance holds
 * it.  The file's identity is kept so that the exit removes it only while
 * it is still this one.
 */
int
procsetup_lock(struct jaque *j)
{
	struct flock fl;
	struct stat st;
	char buf[32];
	int fd, n;

	if (j->lock_path == NULL)
		return 0;
	fd = open(j->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "Failed to obtain lock on file %s: %s\n", j->lock_path,
		    strerror(errno));
		return -1;
	}
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		ps_refuse(j, ps_lock_holder(fd));
		close(fd);
		return -1;
	}
	n = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) < 0 || write(fd, buf, (size_t)n) != n || fstat(fd, &st) < 0) {
		fprintf(stderr, "Error: cannot write lock file '%s': %s\n", j->lock_path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	j->lock_fd = fd;
	j->lock_dev = st.st_dev;
	j->lock_ino = st.st_ino;
	return 0;
}

/* at exit: remove the lock file while it is still ours, then let it go */
void
procsetup_unlock(struct jaque *j)
{
	struct stat st;

	if (j->lock_fd < 0)
		return;
	if (stat(j->lock_path, &st) == 0 && st.st_dev == j->lock_dev && st.st_ino == j->lock_ino)
		unlink(j->lock_path);
	close(j->lock_fd);
	j->lock_fd = -1;
}

/* stdin, stdout and stderr open (on /dev/null when they were closed), so
 * that no file opened later takes the number the console lines go to */
void
procsetup_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int nfd = open("/dev/null", O_RDWR);

			if (nfd >= 0 && nfd != fd) {
				dup2(nfd, fd);
				close(nfd);
			}
		}
	}
}

/* fork into the background; the parent exits 0 once the child is set up */
int
procsetup_daemonize(void)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		return -1;
	if (pid > 0)
		_exit(0);
	if (setsid() < 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0)
		_exit(0);
	umask(022);
	if (chdir("/") < 0)
		return -1;
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	return 0;
}

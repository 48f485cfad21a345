/*
 * clockshift: an LD_PRELOAD library for tests that need the wall clock
 * stepped without stepping the machine's.  Every way a process reads the
 * wall clock (time, gettimeofday, clock_gettime and the raw
 * syscall(SYS_clock_gettime) on CLOCK_REALTIME and its coarse twin) gets
 * an offset in seconds added; the monotonic clocks are left alone, as a
 * real step leaves them.
 *
 * The offset is read from the file named by CLOCKSHIFT_FILE: CLOCKSHIFT_LEN
 * bytes holding a decimal number (spaces after it), rewritten in place by
 * the test (never truncated: it is mapped, and read at every call without
 * a system call).  Two equal reads in a row make one value, so a read
 * that races the rewrite is not taken.  CLOCKSHIFT_TRACE set: how often
 * each entry point shifted a reading is printed to stderr at exit, to see
 * which ones the program uses.  Built by t_clock_step.sh with cc.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define CLOCKSHIFT_LEN 32

enum { CS_TIME, CS_GTOD, CS_CGT, CS_SYSCALL, CS_N };
static const char *const cs_names[CS_N] = { "time", "gettimeofday", "clock_gettime",
	"syscall" };
static unsigned long cs_count[CS_N];
static const volatile char *cs_map;
static int cs_tried;

static void
cs_report(void)
{
	int i;

	for (i = 0; i < CS_N; i++)
		fprintf(stderr, "clockshift %ld %s %lu\n", (long)getpid(), cs_names[i], cs_count[i]);
}

static void
cs_open(void)
{
	const char *path = getenv("CLOCKSHIFT_FILE");
	void *p;
	int fd;

	cs_tried = 1;
	if (getenv("CLOCKSHIFT_TRACE") != NULL)
		atexit(cs_report);
	if (path == NULL || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	p = mmap(NULL, CLOCKSHIFT_LEN, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p != MAP_FAILED)
		cs_map = p;
}

static void
cs_read(char *buf)
{
	int i;

	for (i = 0; i < CLOCKSHIFT_LEN; i++)
		buf[i] = cs_map[i];
	buf[CLOCKSHIFT_LEN] = '\0';
}

static long
cs_offset(int which)
{
	char a[CLOCKSHIFT_LEN + 1], b[CLOCKSHIFT_LEN + 1];

	if (!cs_tried)
		cs_open();
	if (cs_map == NULL)
		return 0;
	cs_read(a);
	do {
		memcpy(b, a, sizeof(a));
		cs_read(a);
	} while (memcmp(a, b, sizeof(a)) != 0);
	cs_count[which]++;
	return strtol(a, NULL, 10);
}

static int
cs_is_wall(clockid_t id)
{
	return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

int
clock_gettime(clockid_t id, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);
	int rc;

	if (real == NULL)
		real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
	rc = real(id, ts);
	if (rc == 0 && cs_is_wall(id))
		ts->tv_sec += cs_offset(CS_CGT);
	return rc;
}

int
gettimeofday(struct timeval *tv, void *tz)
{
	static int (*real)(struct timeval *, void *);
	int rc;

	if (real == NULL)
		real = (int (*)(struct timeval *, void *))dlsym(RTLD_NEXT, "gettimeofday");
	rc = real(tv, tz);
	if (rc == 0)
		tv->tv_sec += cs_offset(CS_GTOD);
	return rc;
}

time_t
time(time_t *t)
{
	struct timespec ts;
	static int (*real)(clockid_t, struct timespec *);

	if (real == NULL)
		real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
	real(CLOCK_REALTIME, &ts);
	ts.tv_sec += cs_offset(CS_TIME);
	if (t != NULL)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

long
syscall(long nr, ...)
{
	static long (*real)(long, ...);
	long a[6], rc;
	va_list ap;
	int i;

	if (real == NULL)
		real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	rc = real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (nr == SYS_clock_gettime && rc == 0 && cs_is_wall((clockid_t)a[0]))
		((struct timespec *)a[1])->tv_sec += cs_offset(CS_SYSCALL);
	return rc;
}

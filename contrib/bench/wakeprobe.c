/*
 * wakeprobe: how late this machine wakes a sleeping process, measured the
 * way jaque's tick sleeps (a timerfd at an absolute CLOCK_MONOTONIC time,
 * waited for in epoll_wait).  It wakes every PERIOD_MS for SECONDS and
 * prints one line of JSON: wake-ups, the latest one and the 99th
 * percentile in ms, and how many were over 1, 4 and 10 ms late.
 *
 * scripts/bench-compare.sh runs it beside every engine for the soak: a
 * scheduler cannot start a check earlier than the machine wakes it, so
 * its latency max can be read against this figure.
 *
 * usage: wakeprobe SECONDS [PERIOD_MS]
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define BUCKETS 10000 /* lateness histogram: 10 us buckets up to 100 ms */

static double
mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	static unsigned long hist[BUCKETS + 1];
	struct epoll_event ev;
	double secs, period, t0, at, late, max = 0;
	unsigned long n = 0, over1 = 0, over4 = 0, over10 = 0, seen = 0;
	int tfd, ep, b;

	if (argc < 2 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: wakeprobe SECONDS [PERIOD_MS]\n");
		return 2;
	}
	period = argc > 2 ? atof(argv[2]) / 1e3 : 0.01;
	if (period <= 0)
		period = 0.01;
	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	ep = epoll_create1(EPOLL_CLOEXEC);
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN;
	if (tfd < 0 || ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &ev) < 0) {
		perror("wakeprobe");
		return 1;
	}
	t0 = at = mono();
	while (at - t0 < secs) {
		struct itimerspec its;
		uint64_t expirations;

		at += period;
		memset(&its, 0, sizeof(its));
		its.it_value.tv_sec = (time_t)at;
		its.it_value.tv_nsec = (long)((at - (double)its.it_value.tv_sec) * 1e9);
		if (timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL) < 0 ||
		    epoll_wait(ep, &ev, 1, -1) < 0 ||
		    read(tfd, &expirations, sizeof(expirations)) < 0) {
			perror("wakeprobe");
			return 1;
		}
		late = (mono() - at) * 1e3;
		n++;
		over1 += late > 1;
		over4 += late > 4;
		over10 += late > 10;
		if (late > max)
			max = late;
		b = late < 0 ? 0 : (int)(late * 100);
		hist[b > BUCKETS ? BUCKETS : b]++;
		/* a wake-up later than a period skips the periods it missed */
		while (at + period < mono())
			at += period;
	}
	for (b = 0; b <= BUCKETS; b++) {
		seen += hist[b];
		if (seen * 100 >= n * 99)
			break;
	}
	printf("{\"wakeups\": %lu, \"period_ms\": %g, \"late_max_ms\": %.3f, "
	       "\"late_p99_ms\": %.2f, \"over_1ms\": %lu, \"over_4ms\": %lu, "
	       "\"over_10ms\": %lu}\n",
	    n, period * 1e3, max, (double)(b + 1) / 100, over1, over4, over10);
	return 0;
}

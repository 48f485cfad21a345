/*
 * syslogout: nagios.log's lines sent to syslog the way Nagios 4.4.6 sends
 * them with use_syslog=1 (base/logging.c write_to_syslog): facility user,
 * priority info, the text without nagios.log's "[epoch] " prefix.  Nagios
 * calls syslog() without openlog(), so the C library's defaults hold: the
 * ident is the program's own name (the last part of argv[0]) and no pid.
 *
 * jaque speaks the local syslog protocol itself rather than calling
 * syslog(3), whose send blocks while the log daemon is behind: a blocked
 * loop would hold every check.  A message that cannot go at once is
 * dropped and counted.  What goes on the wire is what glibc's syslog()
 * writes: "<14>Mmm dd hh:mm:ss ident: text" (RFC 3164: C-locale month, the
 * day padded with a space, local time), one datagram to the socket at
 * /dev/log, or, when that is a stream socket, the same bytes and a NUL.
 * The socket is connected at the first message, and again (at most once a
 * second) after the daemon went away.  Its descriptor is close-on-exec.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_SYSLOGOUT_H
#define JAQUE_SYSLOGOUT_H

#include <stddef.h>
#include <time.h>

/* the socket syslog(3) writes to */
#define SYSLOGOUT_PATH "/dev/log"
/* LOG_USER | LOG_INFO, what Nagios passes */
#define SYSLOGOUT_PRI 14

struct syslogout;

/* a sender to the socket at path with this ident (both copied); nothing is
 * opened yet.  Never NULL. */
struct syslogout *syslogout_new(const char *path, const char *ident);
void syslogout_free(struct syslogout *s);

/*
 * The message for text at time t into buf (NUL-terminated, cut to fit n);
 * returns its length without the NUL.
 */
size_t syslogout_format(char *buf, size_t n, int pri, time_t t, const char *ident,
    const char *text);

/* send text now (time(NULL) as its time); 0 when it went, -1 when it was
 * dropped (no log daemon, or it is behind) */
int syslogout_send(struct syslogout *s, const char *text);
/* messages dropped so far */
unsigned long syslogout_dropped(const struct syslogout *s);

#endif

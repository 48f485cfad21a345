/*
 * notify: host and service notifications as Nagios 4.4.6 sends them
 * (base/notifications.c).
 *
 * notify_service / notify_host take one notification request (a result
 * that asks for one, an acknowledgement, a flapping or downtime edge, a
 * custom notification from the command pipe) and do what Nagios's
 * service_notification / host_notification do: the object-level filters
 * (program and object switches, notification period, soft states,
 * acknowledgement, dependencies, notification_options, first delay,
 * flapping, downtime, the re-notification interval), the escalations that
 * apply at the notification number (with the broadcast option), the
 * contact-level filters (switches, period, options, importance), then for
 * each contact and each of its notification commands: the NOTIFICATION
 * line in nagios.log and the command, run through struct nrun with the
 * notification macros set.  The object's notification number, id, times
 * and notified_on flags, and each contact's last notification time, are
 * updated as Nagios does.
 *
 * The caller passes the object's state as the notification must see it
 * (Nagios notifies in the middle of a result, before a hard recovery is
 * turned into HARD attempt 1); the module reads and writes only what the
 * env gives it.  Dependencies and pending flexible downtime are asked
 * through callbacks, so this module does not depend on their stores.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_NOTIFY_H
#define JAQUE_NOTIFY_H

#include <time.h>

struct nrun;
struct macro_ctx;
struct objects;
struct obj_host;
struct obj_service;
struct host_state;
struct svc_state;
struct contact_state;

/* Nagios's NOTIFICATION_* reasons, same values */
enum notify_type {
	NOTIFY_NORMAL,
	NOTIFY_ACKNOWLEDGEMENT,
	NOTIFY_FLAPPINGSTART,
	NOTIFY_FLAPPINGSTOP,
	NOTIFY_FLAPPINGDISABLED,
	NOTIFY_DOWNTIMESTART,
	NOTIFY_DOWNTIMEEND,
	NOTIFY_DOWNTIMECANCELLED,
	NOTIFY_CUSTOM
};

/* Nagios's NOTIFICATION_OPTION_* bits (SEND_CUSTOM_*_NOTIFICATION's options) */
#define NOTIFY_OPT_BROADCAST 1u
#define NOTIFY_OPT_FORCED 2u
#define NOTIFY_OPT_INCREMENT 4u

/* what a notification reads and writes besides the object's state */
struct notify_env {
	/* cfg, objs, hstates, sstates, cstates and globals filled; host, svc,
	 * contact and notif are set by the module on its own copy */
	const struct macro_ctx *base;
	struct contact_state *cstates;     /* written: last_*_notification; NULL: none kept */
	unsigned long *next_notification_id;
	time_t program_start;
	void *arg;
	/* 1 when the object's notification dependencies fail (s NULL: host);
	 * NULL: none */
	int (*dep_failed)(void *arg, const struct obj_host *h, const struct obj_service *s,
	    time_t now);
	/* 1 when a flexible downtime of the object is pending in its window; NULL: none */
	int (*pending_flex)(void *arg, const struct obj_host *h, const struct obj_service *s,
	    time_t now);
};

struct notifier;

/* index the escalations of objs; nr must outlive the notifier */
struct notifier *notifier_new(const struct objects *objs, const struct nrun *nr);
void notifier_free(struct notifier *n);

/*
 * Notify about service s (state st, written).  author and comment may be
 * NULL.  Returns 0 when the object-level filters passed (Nagios's OK,
 * whether or not a contact was notified), -1 when they did not.
 */
int notify_service(struct notifier *n, const struct notify_env *env, const struct obj_service *s,
    struct svc_state *st, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now);
int notify_host(struct notifier *n, const struct notify_env *env, const struct obj_host *h,
    struct host_state *st, enum notify_type type, const char *author, const char *comment,
    unsigned options, time_t now);

/* Nagios's name of a reason ("PROBLEM" / "RECOVERY" for NORMAL by state) */
const char *notify_type_name(enum notify_type type, int recovered);

#endif

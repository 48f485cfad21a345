/*
 * mgroute: the gearman queue a host or service check goes to, chosen in
 * mod_gearman 5.2's order: the custom variable queue_custom_variable
 * names (the service's, then its host's; the value "local", or none, keeps
 * the check here), then a local service group, a local host group (here too), then
 * the first listed service group the service is in ("servicegroup_NAME"),
 * the first listed host group the host is in ("hostgroup_NAME"), then the
 * general queue ("service" or "host") when services or hosts is on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_MGROUTE_H
#define JAQUE_MGROUTE_H

#include <stddef.h>

struct mgcfg;
struct obj_host;
struct obj_service;

#define MGROUTE_QUEUE_MAX 256 /* bytes of a queue name, with its NUL */

/*
 * The queue for host h's check (s NULL) or service s's (h its host), in
 * buf; NULL when the check runs here.  A longer name is cut to fit.
 */
const char *mgroute_queue(const struct mgcfg *m, const struct obj_host *h,
    const struct obj_service *s, char *buf, size_t size);

#endif

/*
 * expand: turns resolved definitions into flat ones, as Nagios 4.4.6's
 * recombobulation and duplication steps do:
 *  - host and contact membership declared on either side, group lists with
 *    '*', '!name' exclusions and regular expressions, nested groups
 *    (*group_members, cycles are errors), folded into each group's members;
 *  - services on host lists and hostgroups copied once per host, with
 *    duplicate definitions resolved as Nagios does (a host-specific
 *    definition beats a hostgroup one; a warning for each loser);
 *  - servicegroup membership from both sides and nesting;
 *  - dependencies and escalations expanded to one definition per pair;
 *  - extinfo merged into hosts and services;
 *  - implied inheritance (services from hosts, escalations from their
 *    service or host, default option sets).
 * After expand_all, build.c can read every definition as a single object.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_EXPAND_H
#define JAQUE_EXPAND_H

struct rawstore;
struct main_cfg;

/* returns the number of errors reported */
int expand_all(struct rawstore *rs, const struct main_cfg *cfg);

#endif

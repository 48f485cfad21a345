/*
 * inherit: applies `use` templates to every definition, as Nagios 4.4.6
 * does: templates are resolved depth first, the leftmost template in a
 * `use` list wins, and a definition's own values always win.  A list value
 * starting with '+' is appended to the inherited value; after resolution
 * the leading '+' of any remaining value is removed.  Custom variables and
 * timeperiod exceptions are inherited when the object lacks them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_INHERIT_H
#define JAQUE_INHERIT_H

struct rawstore;

/* resolve every definition; returns the number of errors (missing templates) */
int inherit_resolve_all(struct rawstore *rs);

#endif

/*
 * comment: the comments on hosts and services, with Nagios 4.4.6's
 * semantics (common/comments.c): user comments, the comments that
 * downtime, flapping and acknowledgements leave, persistent or not.
 *
 * A comment names its object by host name and service description (heap
 * copies), not by pointer, so comments outlive a reload and can be read
 * from retention before the objects are checked against them.  The store
 * keeps them sorted by id, the order Nagios writes them in status.dat and
 * retention.dat.  Ids come from the caller's counter (prog_state's
 * next_comment_id), so they stay unique across restarts.
 *
 * Owned by the daemon; written by the external commands, downtime,
 * acknowledgements and retention; read by the status and retention
 * writers and the macros.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_COMMENT_H
#define JAQUE_COMMENT_H

#include <stddef.h>
#include <time.h>

enum comment_entry {
	COMMENT_USER = 1,
	COMMENT_DOWNTIME = 2,
	COMMENT_FLAPPING = 3,
	COMMENT_ACKNOWLEDGEMENT = 4
};

enum comment_source { COMMENT_SOURCE_INTERNAL = 0, COMMENT_SOURCE_EXTERNAL = 1 };

struct comment {
	unsigned long id;
	char *host;      /* heap */
	char *svc;       /* heap, NULL for a host comment */
	char *author;    /* heap, never NULL ("" when none) */
	char *text;      /* heap, never NULL */
	int entry_type;  /* enum comment_entry */
	int source;      /* enum comment_source */
	int persistent;
	int expires;
	time_t entry_time;
	time_t expire_time;
};

struct comments;

struct comments *comments_new(void);
void comments_free(struct comments *cs);

/*
 * Add a comment.  id 0: take *next_id and increment it; otherwise use id
 * (retention) and raise *next_id past it when needed.  next_id may be NULL
 * only with a nonzero id.  Strings are copied.  Returns the comment (valid
 * until the next change of the store), or NULL when id is already taken.
 */
const struct comment *comments_add(struct comments *cs, unsigned long id,
    unsigned long *next_id, int entry_type, const char *host, const char *svc,
    time_t entry_time, const char *author, const char *text, int persistent, int source,
    int expires, time_t expire_time);
/* delete one comment: 0, or -1 when there is none with that id */
int comments_delete(struct comments *cs, unsigned long id);
/*
 * Delete the comments of one object (svc NULL: the host's own, not its
 * services'): entry_type 0 any type; persistent_too 0 keeps persistent
 * ones.  Returns how many went.
 */
size_t comments_delete_object(struct comments *cs, const char *host, const char *svc,
    int entry_type, int persistent_too);
/* drop every non-persistent comment (Nagios does not keep them over a restart) */
size_t comments_delete_nonpersistent(struct comments *cs);
const struct comment *comments_find(const struct comments *cs, unsigned long id);
/* how many comments the object has (svc NULL: host comments) */
size_t comments_count_object(const struct comments *cs, const char *host, const char *svc);

/* iteration in id order: index 0 .. comments_count()-1 */
size_t comments_count(const struct comments *cs);
const struct comment *comments_at(const struct comments *cs, size_t i);
/* a number that changes whenever comments_at's list does (an add, a delete) */
unsigned long comments_generation(const struct comments *cs);

#endif

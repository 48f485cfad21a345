/*
 * objfiles: read every object file that nagios.cfg names (its cfg_file
 * lines, then its cfg_dir trees, each directory in readdir order, as
 * Nagios 4.4.6 reads them) into a raw store.
 *
 * The files are lexed in parallel, each into a private store with its own
 * arena and diagnostics, and merged in order: definitions get their
 * definition order (seq) as if read one after another, templates are
 * indexed in order (a name defined in two files is reported where the
 * second definition ends), and diagnostics are replayed in order.  So the
 * result is what a sequential read gives; only interned strings are no
 * longer one pointer across files.  A big file is split in parts that are
 * lexed the same way (a definition left open at the end of a part is
 * reported as the next part's first line reports it).  The merged stores' arenas belong to
 * rs from then on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef JAQUE_OBJFILES_H
#define JAQUE_OBJFILES_H

#include <stddef.h>

struct main_cfg;
struct rawstore;

/*
 * Read them all into rs (its diag gets every finding).  threads: how many
 * to lex with, 0 for one per online cpu (at most 8).  Returns the number
 * of errors.
 */
int objfiles_read(struct rawstore *rs, const struct main_cfg *cfg, unsigned threads);
/*
 * Files of twice this size or more are lexed in parts of about this size
 * (each starting at a `define` line) when there is more than one thread;
 * 0 restores the default, 12 MiB.  For tests.
 */
void objfiles_set_part_size(size_t bytes);

#endif

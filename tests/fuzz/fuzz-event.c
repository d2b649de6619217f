/* fuzz-event.c: an event file's bytes, opened and read.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is the file (the seed is a small event that make-event-seed
 * makes at build time). It is written to a file of its own, opened
 * read-only and read as the read commands read it (ctd-fuzz-event.c).
 * fuzz-event-rows.c mutates rows instead of bytes.
 */

#include "config.h"

#include "ctd-fuzz-event.h"
#include "ctd-fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;

  ctd_fuzz_init ();
  ctd_fuzz_event_remove ();
  ctd_fuzz_check (g_file_set_contents (ctd_fuzz_event_get_path (), (const char *) data, size,
                                       &error), "%s", error->message);
  ctd_fuzz_event_read ();
  return 0;
}

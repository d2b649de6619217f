/* fuzz-csv.c: a player list as `players import` reads it.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only the parse step (ctd_import_parse_csv()): no event file, so an
 * input costs microseconds. A list is refused with a message, or every
 * row has a line in file order and is either a player with a UTF-8 name
 * or a skip with a reason.
 */

#include "config.h"

#include "ctd-fuzz.h"
#include "ctd-import.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint last_line = 0;

  ctd_fuzz_init ();
  rows = ctd_import_parse_csv ((const char *) data, size, &error);
  if (rows == NULL)
    {
      ctd_fuzz_check_refusal (error, CTD_IMPORT_ERROR);
      return 0;
    }
  ctd_fuzz_check (error == NULL, "a list read and an error set");
  for (guint i = 0; i < rows->len; i++)
    {
      const CtdImportRow *row = g_ptr_array_index (rows, i);

      ctd_fuzz_check (row->line >= 1 && row->line > last_line,
                      "row %u is on line %u, after line %u", i, row->line, last_line);
      last_line = row->line;
      ctd_fuzz_check ((row->name == NULL) != (row->skipped == NULL),
                      "the row of line %u is both or neither a player and a skip", row->line);
      if (row->name != NULL)
        ctd_fuzz_check (*row->name != '\0' && g_utf8_validate (row->name, -1, NULL),
                        "the name of line %u is empty or not UTF-8", row->line);
      for (const char *const *field = (const char *const[]) { row->club, row->member_id, NULL };
           *field != NULL; field++)
        ctd_fuzz_check (g_utf8_validate (*field, -1, NULL), "a field of line %u is not UTF-8",
                        row->line);
    }
  return 0;
}

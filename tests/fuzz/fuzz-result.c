/* fuzz-result.c: result notation, parsed in a chouette's context.
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: five bytes of context (size, starting cube, Box, Captain, game),
 * then the line as typed. A line that parses must format to a canonical
 * line that parses to an equal result and formats to itself, and its
 * deltas must sum to zero (a chouette is zero-sum, rule 3).
 */

#include "config.h"

#include <string.h>

#include "ctd-fuzz.h"
#include "ctd-result.h"

#define CONTEXT_BYTES 5

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const guint cube_starts[] = { 1, 2, 4 };
  g_autoptr(CtdResult) result = NULL;
  g_autoptr(CtdResult) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *canonical_again = NULL;
  CtdHalves deltas[CTD_MAX_PLAYERS];
  CtdHalves sum = 0;
  CtdGameContext context;

  ctd_fuzz_init ();
  if (size < CONTEXT_BYTES)
    return 0;
  context.size = CTD_MIN_PLAYERS + data[0] % (CTD_MAX_PLAYERS - CTD_MIN_PLAYERS + 1);
  context.cube_start = cube_starts[data[1] % G_N_ELEMENTS (cube_starts)];
  context.box = 1 + data[2] % context.size;
  /* Any other player: the Captain is never the Box. */
  context.captain = 1 + (context.box + data[3] % (context.size - 1)) % context.size;
  context.game = 1 + data[4] % 12;
  line = g_strndup ((const char *) data + CONTEXT_BYTES, size - CONTEXT_BYTES);

  result = ctd_result_parse (&context, line, &error);
  if (result == NULL)
    {
      ctd_fuzz_check_refusal (error, CTD_RESULT_ERROR);
      return 0;
    }
  ctd_fuzz_check (error == NULL, "“%s” parsed and set an error", line);

  canonical = ctd_result_format (result);
  again = ctd_result_parse (&context, canonical, &error);
  ctd_fuzz_check (again != NULL, "“%s” formats as “%s”, which is refused: %s", line, canonical,
                  error->message);
  ctd_fuzz_check (ctd_result_equal (result, again), "“%s” and its format “%s” differ", line,
                  canonical);
  canonical_again = ctd_result_format (again);
  ctd_fuzz_check (g_str_equal (canonical, canonical_again),
                  "“%s” formats as “%s”, which formats as “%s”", line, canonical,
                  canonical_again);

  ctd_result_deltas (result, deltas);
  for (guint p = 0; p < context.size; p++)
    sum += deltas[p];
  ctd_fuzz_check (sum == 0, "the deltas of “%s” sum to %" G_GINT64_FORMAT " half points",
                  canonical, (gint64) sum);
  return 0;
}

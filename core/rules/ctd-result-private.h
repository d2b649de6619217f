/* ctd-result-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/rules/ctd-result*.c files. Never included outside
 * them.
 *
 *   ctd-result.c       shared helpers, writing, comparing, what a form offers
 *   ctd-result-parse.c reading each token, and the line
 *   ctd-result-check.c the checks of the whole line, the normal form
 *   ctd-result-score.c the ledger and the deltas
 */

#pragma once

#include "ctd-result.h"

G_BEGIN_DECLS

/* Nine significant digits always fit a guint; longer numbers saturate,
 * and fail the range checks instead of overflowing. */
#define MAX_DIGITS 9
#define WHITESPACE " \t\n\v\f\r"

typedef struct
{
  const CtdGameContext *context;
  CtdResult            *result;
  /* Which crew members the line lists; the others played at V0. */
  gboolean              listed[CTD_MAX_PLAYERS];
  /* The token of each extra and penalty, for the checks made after the
   * last token. */
  const char           *extra_tokens[CTD_MAX_EXTRAS];
  const char           *penalty_tokens[CTD_MAX_PENALTIES];
  /* The players' names, @names[p - 1] (nullable, as its entries), and
   * the texts result_who() made from them, freed with the parser. */
  const char *const    *names;
  GPtrArray            *texts;
  /* A line the event file holds, recorded under the rules of its day. */
  gboolean              stored;
} Parser;

/* ---- ctd-result.c ------------------------------------------------------ */

gboolean result_fail (const Parser    *parser,
                      GError         **error,
                      CtdResultError   code,
                      const char      *format,
                      ...) G_GNUC_PRINTF (4, 5);

const char *result_who (const Parser *parser,
                        guint         player);

gboolean result_context_is_valid (const CtdGameContext *context);

gboolean result_player_is_valid (const CtdResult *result,
                                 guint            player);

gboolean result_is_sane (const CtdResult *result);

const char *result_outcome_to_string (CtdWinner winner,
                                      guint     multiplier);

gboolean result_read_outcome (const char *token,
                              CtdWinner  *out_winner,
                              guint      *out_multiplier);

/* ---- ctd-result-parse.c ------------------------------------------------ */

gboolean result_is_doubling_of (guint value,
                                guint base,
                                guint min_k);

char *result_describe_doublings (guint64 first,
                                 guint   typed);

char *result_describe_cube (const Parser *parser,
                            guint         player);

/* ---- ctd-result-check.c ------------------------------------------------ */

gboolean result_check_line (const Parser  *parser,
                            const char    *notation,
                            GError       **error);

gboolean result_may_pay_penalty (const CtdGameContext *context,
                                 const CtdCube        *cubes,
                                 const CtdExtra       *extras,
                                 guint                 n_extras,
                                 guint                 player);

gboolean result_finish (Parser  *parser,
                        GError **error);

G_END_DECLS

/* ctd-chouette-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by core/rules/ctd-chouette.c and ctd-chouette-sheet.c. Never
 * included outside them.
 */

#pragma once

#include "ctd-chouette.h"

G_BEGIN_DECLS

/*
 * A chouette is its size, its last-segment direction, the results the
 * director entered and, once fixed, the last-segment order and the
 * direction it was fixed under; its
 * players' names only word the refusals. Everything
 * else (deltas, running totals, decision orders) is derived on request,
 * so a corrected game can never leave a stale total behind (SPEC 6).
 */
struct _CtdChouette
{
  guint                   size;
  CtdLastSegmentDirection direction;
  CtdResult              *results[CTD_N_GAMES];
  /* What each recorded result moves, ctd_result_deltas(), taken when it
   * is recorded: the sums over earlier games that every sheet and page
   * reads took a result's whole ledger again each time. Read only where
   * @results holds the game. */
  CtdHalves               deltas[CTD_N_GAMES][CTD_MAX_PLAYERS];
  gboolean                order_fixed;
  guint                   order[CTD_MAX_PLAYERS - 1];
  /* The direction @order was fixed under: a later forced change of the
   * event's direction leaves a fixed order as it was (SPEC 7). */
  CtdLastSegmentDirection order_direction;
  char                   *names[CTD_MAX_PLAYERS];
};

gboolean chouette_valid_game (guint game);

gboolean chouette_sum_games (const CtdChouette *self,
                             guint              last,
                             CtdHalves         *out_totals);

gboolean chouette_same_order (guint        n,
                              const guint *a,
                              const guint *b);

G_END_DECLS

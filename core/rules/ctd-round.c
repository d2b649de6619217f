/* ctd-round.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-round"

#include "config.h"

#include "ctd-round.h"

/**
 * ctd_round_state_compute:
 * @facts: what the records say about one round
 *
 * SPEC section 6: drawn -> in play -> complete -> released -> closed.
 * A later draw closes a round and a release freezes it, whatever its
 * games say; otherwise the round is complete once every chouette has
 * all its games and no typed paper total disagrees, in play once any
 * game is recorded, and drawn before that. A disagreeing paper total
 * holds a round back in play (or drawn, before any game).
 *
 * Returns: the round's state
 */
CtdRoundState
ctd_round_state_compute (const CtdRoundFacts *facts)
{
  g_return_val_if_fail (facts != NULL, CTD_ROUND_DRAWN);
  g_return_val_if_fail (facts->n_chouettes_with_games <= facts->n_chouettes, CTD_ROUND_DRAWN);
  g_return_val_if_fail (facts->n_chouettes_complete <= facts->n_chouettes_with_games,
                        CTD_ROUND_DRAWN);
  g_return_val_if_fail (facts->n_mismatched <= facts->n_chouettes, CTD_ROUND_DRAWN);

  if (facts->later_round_drawn)
    return CTD_ROUND_CLOSED;
  if (facts->released)
    return CTD_ROUND_RELEASED;
  if (facts->n_chouettes_complete == facts->n_chouettes && facts->n_mismatched == 0)
    return CTD_ROUND_COMPLETE;
  if (facts->n_chouettes_with_games > 0)
    return CTD_ROUND_IN_PLAY;
  return CTD_ROUND_DRAWN;
}

/**
 * ctd_round_can_redraw:
 * @state: a round's state
 * @is_newest: whether it is the event's newest round
 *
 * A round may be drawn again (its seed or its field changed) only while
 * it is the newest and no result is entered in it: once a table has
 * played, its seating stands.
 *
 * Returns: whether the round can be redrawn
 */
gboolean
ctd_round_can_redraw (CtdRoundState state,
                      gboolean      is_newest)
{
  return is_newest && state == CTD_ROUND_DRAWN;
}

/* ctd-round.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

/*
 * CtdRoundFacts:
 * @released: the director released the round's scores
 * @later_round_drawn: a round after this one is drawn
 * @n_chouettes: the round's chouettes
 * @n_chouettes_with_games: those with at least one game recorded
 * @n_chouettes_complete: those with every game (CTD_N_GAMES) recorded
 * @n_mismatched: those whose typed paper totals disagree with their
 *   games (a chouette without paper totals agrees)
 *
 * What a round's state follows from (SPEC section 6). The store gathers
 * these from the records; ctd_round_state_compute() applies the rule.
 */
typedef struct
{
  gboolean released;
  gboolean later_round_drawn;
  guint    n_chouettes;
  guint    n_chouettes_with_games;
  guint    n_chouettes_complete;
  guint    n_mismatched;
} CtdRoundFacts;

CtdRoundState ctd_round_state_compute (const CtdRoundFacts *facts);
gboolean      ctd_round_can_redraw    (CtdRoundState        state,
                                        gboolean             is_newest);

G_END_DECLS

/* ctd-chouette-view-read.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The getters of a chouette view.
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view-private.h"

/* ---- reading ------------------------------------------------------------ */

static gboolean
player_is_valid (guint player)
{
  return player >= 1 && player <= CTD_MAX_PLAYERS;
}

/**
 * ctd_chouette_view_get_round:
 * @self: a chouette view
 *
 * Returns: the round of the chouette
 */
guint
ctd_chouette_view_get_round (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->round;
}

/**
 * ctd_chouette_view_get_number:
 * @self: a chouette view
 *
 * Returns: the chouette's number in its round
 */
guint
ctd_chouette_view_get_number (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->number;
}

/**
 * ctd_chouette_view_get_label:
 * @self: a chouette view
 *
 * Returns: (transfer none): "ROUND.NUMBER", e.g. "1.3"
 */
const char *
ctd_chouette_view_get_label (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->label;
}

/**
 * ctd_chouette_view_get_exists:
 * @self: a chouette view
 *
 * A chouette disappears when its draw is undone or repeated; the view
 * then shows nothing (no games, no players) until it is back.
 *
 * Returns: whether the chouette is in the event
 */
gboolean
ctd_chouette_view_get_exists (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->exists;
}

/**
 * ctd_chouette_view_get_table:
 * @self: a chouette view
 *
 * Returns: the table the chouette plays at
 */
guint
ctd_chouette_view_get_table (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->table;
}

/**
 * ctd_chouette_view_get_size:
 * @self: a chouette view
 *
 * Returns: 3 or 4 players (0 while the chouette does not exist)
 */
guint
ctd_chouette_view_get_size (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->size;
}

/**
 * ctd_chouette_view_get_name:
 * @self: a chouette view
 * @player: a player number, 1..size
 *
 * Returns: (transfer none): the name of player number @player, or ""
 *   past the chouette's size
 */
const char *
ctd_chouette_view_get_name (CtdChouetteView *self,
                            guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->names[player - 1];
}

/**
 * ctd_chouette_view_get_stake:
 * @self: a chouette view
 *
 * Returns: (transfer none): the event's stake per point, as money is
 *   written ("5.00")
 */
const char *
ctd_chouette_view_get_stake (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->stake;
}

/**
 * ctd_chouette_view_get_editable:
 * @self: a chouette view
 *
 * Results, paper totals and the last-segment order can change only
 * while the round is open (not released, no later round drawn), in a
 * file open for writing.
 *
 * Returns: whether the director can change this chouette now
 */
gboolean
ctd_chouette_view_get_editable (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->editable;
}

/**
 * ctd_chouette_view_get_locked_reason:
 * @self: a chouette view
 *
 * Returns: (transfer none): why the chouette cannot change ("Round 1 is
 *   released: ..."), as the store would refuse; "" when it can
 */
const char *
ctd_chouette_view_get_locked_reason (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->locked_reason;
}

/**
 * ctd_chouette_view_get_games:
 * @self: a chouette view
 *
 * The rows of the scoring sheet, game 1 first, as the printed sheet
 * shows them (ctd_chouette_get_sheet_game()). Each game keeps its item
 * for as long as the chouette exists; a change notifies the item's
 * properties that changed.
 *
 * Returns: (transfer none): the games (#CtdGameItem); empty while the
 *   chouette does not exist
 */
GListModel *
ctd_chouette_view_get_games (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return G_LIST_MODEL (self->games);
}

/**
 * ctd_chouette_view_get_n_recorded:
 * @self: a chouette view
 *
 * Returns: how many games have a result, wherever they are
 */
guint
ctd_chouette_view_get_n_recorded (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->n_recorded;
}

/**
 * ctd_chouette_view_get_next_game:
 * @self: a chouette view
 *
 * Returns: the first game without a result, where entry goes on; 0 when
 *   every game is entered
 */
guint
ctd_chouette_view_get_next_game (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->next_game;
}

/**
 * ctd_chouette_view_get_complete:
 * @self: a chouette view
 *
 * Every game entered. The round also waits for typed paper totals to
 * agree: see ctd_chouette_view_get_paper_agrees().
 *
 * Returns: whether all CTD_N_GAMES games have a result
 */
gboolean
ctd_chouette_view_get_complete (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->complete;
}

/**
 * ctd_chouette_view_get_totals_known:
 * @self: a chouette view
 *
 * Returns: whether there are totals to show: as on the sheet, once a
 *   game is entered
 */
gboolean
ctd_chouette_view_get_totals_known (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->totals_known;
}

/**
 * ctd_chouette_view_get_total:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: @player's chouette score, the sum of the entered games, in
 *   half points (0 past the size, or before any game)
 */
CtdHalves
ctd_chouette_view_get_total (CtdChouetteView *self,
                             guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  g_return_val_if_fail (player_is_valid (player), 0);
  return self->totals[player - 1];
}

/**
 * ctd_chouette_view_get_total_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's chouette score as the sheet prints
 *   it ("+12.5", "-3", "0"), or "" before any game
 */
const char *
ctd_chouette_view_get_total_text (CtdChouetteView *self,
                                  guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->total_text[player - 1];
}

/**
 * ctd_chouette_view_get_zero_sum:
 * @self: a chouette view
 *
 * The sheet's zero-sum check: every game's scores add up to zero, so
 * the totals must.
 *
 * Returns: whether the totals add up to zero
 */
gboolean
ctd_chouette_view_get_zero_sum (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->zero_sum;
}

/**
 * ctd_chouette_view_get_zero_sum_text:
 * @self: a chouette view
 *
 * Returns: (transfer none): the sum of the totals as the sheet's check
 *   cell prints it ("0"), or "" before any game
 */
const char *
ctd_chouette_view_get_zero_sum_text (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->zero_sum_text;
}

/**
 * ctd_chouette_view_get_amount_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's score at the stake ("-12.50"), or
 *   "" before any game; provisional until every game is entered
 *   (ctd_chouette_view_get_amounts_provisional())
 */
const char *
ctd_chouette_view_get_amount_text (CtdChouetteView *self,
                                   guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->amount_text[player - 1];
}

/**
 * ctd_chouette_view_get_amounts_provisional:
 * @self: a chouette view
 *
 * Rule 1.8: a chouette settles at its end; the sheet prints amounts
 * before that in italics, as what the scores so far come to.
 *
 * Returns: whether there are amounts and a game is still missing
 */
gboolean
ctd_chouette_view_get_amounts_provisional (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->amounts_provisional;
}

/**
 * ctd_chouette_view_get_settlement:
 * @self: a chouette view
 *
 * Returns: (transfer none): who pays whom with the fewest payments
 *   ("2 Bob pays 1 Ann 4.00; ..."), once every game is entered; ""
 *   before
 */
const char *
ctd_chouette_view_get_settlement (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->settlement;
}

/**
 * ctd_chouette_view_get_last_order:
 * @self: a chouette view
 *
 * The last segment's crew in captaining order as the sheet shows it
 * (ctd_chouette_get_sheet_last_order()): fixed, or given by the scores
 * once games 1-9 (1-8) are entered.
 *
 * Returns: (transfer none) (nullable) (array): size - 1 player numbers,
 *   valid until the view changes, or %NULL while not known
 */
const guint *
ctd_chouette_view_get_last_order (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_known ? self->last_order : NULL;
}

/**
 * ctd_chouette_view_get_last_order_text:
 * @self: a chouette view
 *
 * Returns: (transfer none): the last-segment order, "3 1 2", or "" while
 *   it is not known
 */
const char *
ctd_chouette_view_get_last_order_text (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_text;
}

/**
 * ctd_chouette_view_get_last_order_basis:
 * @self: a chouette view
 *
 * Returns: (transfer none): where the order comes from, with ties and
 *   whether it is fixed (ctd_chouette_describe_last_segment_order())
 */
const char *
ctd_chouette_view_get_last_order_basis (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_basis;
}

/**
 * ctd_chouette_view_get_last_order_fixed:
 * @self: a chouette view
 *
 * Returns: whether the last-segment order is fixed (by the first
 *   last-segment result, or by the director)
 */
gboolean
ctd_chouette_view_get_last_order_fixed (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->last_order_fixed;
}

/**
 * ctd_chouette_view_get_last_order_stale:
 * @self: a chouette view
 *
 * Returns: whether the fixed order is no longer what the scores give
 *   (ctd_chouette_last_segment_order_is_stale())
 */
gboolean
ctd_chouette_view_get_last_order_stale (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->last_order_stale;
}

/**
 * ctd_chouette_view_get_paper_given:
 * @self: a chouette view
 *
 * Returns: whether the paper sheet's totals row was typed
 */
gboolean
ctd_chouette_view_get_paper_given (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->paper_given;
}

/**
 * ctd_chouette_view_get_paper:
 * @self: a chouette view
 * @player: a player number
 * @out_given: (out) (optional): whether @player's paper total was typed
 *
 * Returns: @player's total on the paper sheet, in half points; 0 when
 *   none was typed
 */
CtdHalves
ctd_chouette_view_get_paper (CtdChouetteView *self,
                             guint            player,
                             gboolean        *out_given)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  g_return_val_if_fail (player_is_valid (player), 0);
  if (out_given != NULL)
    *out_given = self->paper_by[player - 1];
  return self->paper[player - 1];
}

/**
 * ctd_chouette_view_get_paper_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's paper total ("+4.5"), or "" when
 *   none was typed
 */
const char *
ctd_chouette_view_get_paper_text (CtdChouetteView *self,
                                  guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->paper_text[player - 1];
}

/**
 * ctd_chouette_view_get_paper_agrees:
 * @self: a chouette view
 *
 * Returns: whether the typed paper totals agree with the entered games
 *   (ctd_chouette_crosscheck()); %TRUE when none were typed
 */
gboolean
ctd_chouette_view_get_paper_agrees (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->paper_agrees;
}

/**
 * ctd_chouette_view_get_crosscheck:
 * @self: a chouette view
 *
 * The cross-check in the director's words: for each player whose paper
 * total disagrees, both totals and the games that alone would explain
 * the difference (left off the paper, or entered with the wrong sign),
 * one line per player, then the games not entered yet.
 *
 * Returns: (transfer none): "Player 2 (Bob): the paper says +4, the
 *   entered games +2; look first at game 5 (...)", "The paper totals
 *   agree with the entered games.", or "" when none were typed
 */
const char *
ctd_chouette_view_get_crosscheck (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->crosscheck;
}

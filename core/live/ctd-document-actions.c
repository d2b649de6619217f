/* ctd-document-actions.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document's actions: each a store write, then announced.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

#include <glib/gi18n-lib.h>

/* ---- actions ----------------------------------------------------------- */

/* Refuses an action while an import writes from its thread: the store
 * would only say "locked", which is not why. */
gboolean
document_action_begin (CtdDocument  *self,
                       GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->n_busy > 0)
    {
      g_set_error (error, CTD_DOCUMENT_ERROR, CTD_DOCUMENT_ERROR_BUSY,
                   _("Players are still being imported into “%s”; try again when the import "
                     "has finished"), ctd_document_get_name (self));
      return FALSE;
    }
  return TRUE;
}

/* After an action: announce what it (and anyone before it) committed. */
static gboolean
action_end (CtdDocument *self,
            gboolean     committed)
{
  if (committed)
    document_catch_up (self, FALSE);
  return committed;
}

/**
 * ctd_document_set_settings:
 * @self: a document
 * @settings: the event's new settings
 * @error: return location for a #GError
 *
 * ctd_store_set_settings(), announced.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_document_set_settings (CtdDocument             *self,
                           const CtdEventSettings  *settings,
                           GError                 **error)
{
  return ctd_document_set_settings_full (self, settings, FALSE, error);
}

/**
 * ctd_document_set_settings_full:
 * @self: a document
 * @settings: the event's new settings
 * @force: change the stake or the last-segment direction even after
 *   results were entered, once the director confirmed it
 * @error: return location for a #GError
 *
 * ctd_store_set_settings_full(), announced.
 *
 * Returns: whether the settings were stored
 */
gboolean
ctd_document_set_settings_full (CtdDocument             *self,
                                const CtdEventSettings  *settings,
                                gboolean                 force,
                                GError                 **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_set_settings_full (self->store, settings, force, error));
}

/**
 * ctd_document_add_player:
 * @self: a document
 * @name: the player's name
 * @club: (nullable): the player's club
 * @member_id: (nullable): the player's ID
 * @checked_in: whether the player is present now
 * @out_id: (out) (optional): the new player's id
 * @error: return location for a #GError
 *
 * ctd_store_add_player(), announced.
 *
 * Returns: whether the player was added
 */
gboolean
ctd_document_add_player (CtdDocument  *self,
                         const char   *name,
                         const char   *club,
                         const char   *member_id,
                         gboolean      checked_in,
                         gint64       *out_id,
                         GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_add_player (self->store, name, club, member_id, checked_in,
                                                 out_id, error));
}

/**
 * ctd_document_withdraw_player:
 * @self: a document
 * @player_id: the player
 * @force: withdraw a player seated in a chouette that is drawn or in play
 *   too (without it, that is refused with %CTD_STORE_ERROR_CONFIRM and the
 *   director's options)
 * @error: return location for a #GError
 *
 * ctd_store_withdraw_player(), announced.
 *
 * Returns: whether the player was withdrawn
 */
gboolean
ctd_document_withdraw_player (CtdDocument  *self,
                              gint64        player_id,
                              gboolean      force,
                              GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_withdraw_player (self->store, player_id, force, error));
}

/**
 * ctd_document_reinstate_player:
 * @self: a document
 * @player_id: a withdrawn player
 * @error: return location for a #GError
 *
 * ctd_store_reinstate_player(), announced.
 *
 * Returns: whether the player is back in the event
 */
gboolean
ctd_document_reinstate_player (CtdDocument  *self,
                               gint64        player_id,
                               GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_reinstate_player (self->store, player_id, error));
}

/**
 * ctd_document_edit_player:
 * @self: a document
 * @player_id: the player
 * @name: (nullable): the player's name; %NULL keeps it
 * @club: (nullable): the player's club, "" for none; %NULL keeps it
 * @member_id: (nullable): the player's ID, "" for none; %NULL keeps it
 * @error: return location for a #GError
 *
 * ctd_store_edit_player(), announced: the player's item in
 * ctd_document_get_players() changes in place, and a seated player's
 * new name reaches the rounds' lists too.
 *
 * Returns: whether the player now has these details
 */
gboolean
ctd_document_edit_player (CtdDocument  *self,
                          gint64        player_id,
                          const char   *name,
                          const char   *club,
                          const char   *member_id,
                          GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_edit_player (self->store, player_id, name, club, member_id,
                                                  error));
}

/**
 * ctd_document_set_checked_in:
 * @self: a document
 * @player_id: the player
 * @checked_in: whether the player is present
 * @error: return location for a #GError
 *
 * ctd_store_set_checked_in(), announced.
 *
 * Returns: whether the change was stored
 */
gboolean
ctd_document_set_checked_in (CtdDocument  *self,
                             gint64        player_id,
                             gboolean      checked_in,
                             GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_set_checked_in (self->store, player_id, checked_in, error));
}

/**
 * ctd_document_set_checked_in_players:
 * @self: a document
 * @player_ids: (array length=n_players): the players
 * @n_players: how many
 * @checked_in: whether they are present
 * @out_n_changed: (out) (optional): how many were not so before
 * @error: return location for a #GError
 *
 * ctd_store_set_checked_in_players(), announced: one action, one undo.
 *
 * Returns: whether every player is now as asked
 */
gboolean
ctd_document_set_checked_in_players (CtdDocument   *self,
                                     const gint64  *player_ids,
                                     gsize          n_players,
                                     gboolean       checked_in,
                                     guint         *out_n_changed,
                                     GError       **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_set_checked_in_players (self->store, player_ids, n_players,
                                                             checked_in, out_n_changed, error));
}

/**
 * ctd_document_draw_round:
 * @self: a document
 * @seed: the draw's seed, stored and printed
 * @out_round: (out) (optional): the new round's number
 * @error: return location for a #GError
 *
 * ctd_store_draw_round(), announced.
 *
 * Returns: whether the round was drawn
 */
gboolean
ctd_document_draw_round (CtdDocument  *self,
                         guint64       seed,
                         guint        *out_round,
                         GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_draw_round (self->store, seed, out_round, error));
}

/**
 * ctd_document_redraw_round:
 * @self: a document
 * @round: the newest round, before its first result
 * @seed: the new seed
 * @error: return location for a #GError
 *
 * ctd_store_redraw_round(), announced.
 *
 * Returns: whether the round was drawn again
 */
gboolean
ctd_document_redraw_round (CtdDocument  *self,
                           guint         round,
                           guint64       seed,
                           GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_redraw_round (self->store, round, seed, error));
}

/**
 * ctd_document_record_game:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @game: 1..CTD_N_GAMES
 * @notation: the result line as the director typed it
 * @replace: replace the result the game already has (the director
 *   confirmed); without it that is refused with %CTD_STORE_ERROR_CONFIRM
 * @error: return location for a #GError
 *
 * ctd_store_record_game(), announced.
 *
 * Returns: whether the game was recorded
 */
gboolean
ctd_document_record_game (CtdDocument  *self,
                          guint         round,
                          guint         chouette,
                          guint         game,
                          const char   *notation,
                          gboolean      replace,
                          GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_record_game (self->store, round, chouette, game, notation,
                                                  replace, error));
}

/**
 * ctd_document_clear_game:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @game: 1..CTD_N_GAMES
 * @error: return location for a #GError
 *
 * ctd_store_clear_game(), announced.
 *
 * Returns: whether the game's result was removed
 */
gboolean
ctd_document_clear_game (CtdDocument  *self,
                         guint         round,
                         guint         chouette,
                         guint         game,
                         GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_clear_game (self->store, round, chouette, game, error));
}

/**
 * ctd_document_fix_last_segment_order:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @order: (nullable) (array): size - 1 player numbers, or %NULL for the
 *   order the scores give
 * @force: fix an @order the scores do not give (the director confirmed)
 * @error: return location for a #GError
 *
 * ctd_store_fix_last_segment_order(), announced.
 *
 * Returns: whether the order was fixed
 */
gboolean
ctd_document_fix_last_segment_order (CtdDocument  *self,
                                     guint         round,
                                     guint         chouette,
                                     const guint  *order,
                                     gboolean      force,
                                     GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_fix_last_segment_order (self->store, round, chouette,
                                                             order, force, error));
}

/**
 * ctd_document_set_crosscheck:
 * @self: a document
 * @round: the round
 * @chouette: the chouette's number in it
 * @paper: (array): the paper sheet's totals row, by player number
 * @given: (nullable) (array): which totals were typed; %NULL for all
 * @error: return location for a #GError
 *
 * ctd_store_set_crosscheck(), announced.
 *
 * Returns: whether the paper totals were stored
 */
gboolean
ctd_document_set_crosscheck (CtdDocument      *self,
                             guint             round,
                             guint             chouette,
                             const CtdHalves  *paper,
                             const gboolean   *given,
                             GError          **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_set_crosscheck (self->store, round, chouette, paper, given,
                                                     error));
}

/**
 * ctd_document_tiebreak:
 * @self: a document
 * @round: the round
 * @order: (array length=n_players): the tied players' ids, best first,
 *   or (with @seed) the tied players to roll off
 * @n_players: how many
 * @seed: (nullable): roll with this seed instead of taking @order as typed
 * @error: return location for a #GError
 *
 * ctd_tournament_tiebreak(), announced.
 *
 * Returns: whether the roll-off was stored
 */
gboolean
ctd_document_tiebreak (CtdDocument    *self,
                       guint           round,
                       const gint64   *order,
                       gsize           n_players,
                       const guint64  *seed,
                       GError        **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_tournament_tiebreak (self->store, round, order, n_players, seed,
                                               error));
}

/**
 * ctd_document_release_round:
 * @self: a document
 * @round: a complete round
 * @error: return location for a #GError
 *
 * ctd_store_release_round(), announced.
 *
 * Returns: whether the round was released
 */
gboolean
ctd_document_release_round (CtdDocument  *self,
                            guint         round,
                            GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_release_round (self->store, round, error));
}

/**
 * ctd_document_advance:
 * @self: a document
 * @round: a complete or released round
 * @top_k: how many advance from each chouette
 * @wildcards: how many more by best remaining score
 * @out_tie: (out caller-allocates) (optional): the tie that stops the
 *   choice, when there is one
 * @error: return location for a #GError
 *
 * ctd_tournament_advance(), announced.
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the
 *   advancers' ids
 */
GArray *
ctd_document_advance (CtdDocument    *self,
                      guint           round,
                      guint           top_k,
                      guint           wildcards,
                      CtdAdvanceTie  *out_tie,
                      GError        **error)
{
  GArray *advancers;

  if (!document_action_begin (self, error))
    return NULL;
  advancers = ctd_tournament_advance (self->store, round, top_k, wildcards, out_tie, error);
  action_end (self, advancers != NULL);
  return advancers;
}

/**
 * ctd_document_undo:
 * @self: a document
 * @error: return location for a #GError
 *
 * ctd_store_undo(), announced.
 *
 * Returns: whether an action was undone
 */
gboolean
ctd_document_undo (CtdDocument  *self,
                   GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_undo (self->store, NULL, error));
}

/**
 * ctd_document_redo:
 * @self: a document
 * @error: return location for a #GError
 *
 * ctd_store_redo(), announced.
 *
 * Returns: whether an undone action was done again
 */
gboolean
ctd_document_redo (CtdDocument  *self,
                   GError      **error)
{
  return document_action_begin (self, error) &&
         action_end (self, ctd_store_redo (self->store, NULL, error));
}

/**
 * ctd_document_close_event:
 * @self: a document
 * @archive_folder: an existing folder for the archive
 * @error: return location for a #GError
 *
 * Closes the event and writes its archive into @archive_folder, as one
 * (ctd_archive_close_event()): the event closes only once the workbook
 * and the copy of the event file are there, and a refusal (the event not
 * finished) or a failure to write changes nothing. Announced; from then
 * on the document is read-only, undo included.
 *
 * Returns: whether the event was closed and archived
 */
gboolean
ctd_document_close_event (CtdDocument  *self,
                          const char   *archive_folder,
                          GError      **error)
{
  g_return_val_if_fail (archive_folder != NULL, FALSE);

  if (!document_action_begin (self, error) ||
      !action_end (self, ctd_archive_close_event (self->store, archive_folder, NULL, NULL,
                                                  error)))
    return FALSE;
  /* The event file itself is final now, like its archived copy: it is
   * whole at once, not a quiet second later. */
  ctd_store_checkpoint (self->store);
  return TRUE;
}

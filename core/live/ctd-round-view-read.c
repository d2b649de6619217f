/* ctd-round-view-read.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The round view's getters, and what an action would do before it is
 * taken (a cut previewed, a roll-off typed), from what the view holds:
 * no file is read between changes.
 */

#define G_LOG_DOMAIN "ctd-round-view"

#include "config.h"

#include "ctd-round-view-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-record-items.h"

/* ---- the round's draw ------------------------------------------------- */

/**
 * ctd_round_view_get_number:
 * @self: a round view
 *
 * Returns: the round's number
 */
guint
ctd_round_view_get_number (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->info.number;
}

/**
 * ctd_round_view_get_exists:
 * @self: a round view
 *
 * Returns: whether the round is drawn (%FALSE once its draw is undone)
 */
gboolean
ctd_round_view_get_exists (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  return self->exists;
}

/**
 * ctd_round_view_get_stage:
 * @self: a round view
 *
 * Returns: the round's stage
 */
CtdStage
ctd_round_view_get_stage (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), CTD_STAGE_QUALIFYING);
  return self->info.stage;
}

/**
 * ctd_round_view_get_seed:
 * @self: a round view
 *
 * Returns: the seed the round was drawn with
 */
guint64
ctd_round_view_get_seed (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->info.seed;
}

/**
 * ctd_round_view_get_n_chouettes:
 * @self: a round view
 *
 * Returns: the round's chouettes
 */
guint
ctd_round_view_get_n_chouettes (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->info.n_chouettes;
}

/**
 * ctd_round_view_get_n_players:
 * @self: a round view
 *
 * Returns: the players its chouettes seat
 */
guint
ctd_round_view_get_n_players (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->info.n_players;
}

/* ---- its state -------------------------------------------------------- */

/**
 * ctd_round_view_get_state:
 * @self: a round view
 *
 * Returns: the round's state (SPEC 6)
 */
CtdRoundState
ctd_round_view_get_state (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), CTD_ROUND_DRAWN);
  return self->info.state;
}

/**
 * ctd_round_view_get_scores_public:
 * @self: a round view
 *
 * Returns: whether the posting may show the round's scores (rule 1.7)
 */
gboolean
ctd_round_view_get_scores_public (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  return self->scores_public;
}

/**
 * ctd_round_view_get_publicity:
 * @self: a round view
 *
 * Returns: (transfer none): what of the round is public, in a sentence
 *   (ctd_display_describe_publicity())
 */
const char *
ctd_round_view_get_publicity (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return self->publicity;
}

/**
 * ctd_round_view_get_release:
 * @self: a round view
 *
 * Returns: (transfer none): what releasing the round does, or why it
 *   cannot be released (ctd_display_describe_release())
 */
const char *
ctd_round_view_get_release (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return self->release;
}

/**
 * ctd_round_view_get_can_release:
 * @self: a round view
 *
 * Returns: whether the round can be released now (the event can change)
 */
gboolean
ctd_round_view_get_can_release (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  return self->can_release;
}

/**
 * ctd_round_view_get_can_advance:
 * @self: a round view
 *
 * Returns: whether advancers can be chosen from the round now: a
 *   complete or released Qualifying or Semi-final round, the event open
 */
gboolean
ctd_round_view_get_can_advance (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  return self->can_advance;
}

/**
 * ctd_round_view_get_hold_ups:
 * @self: a round view
 *
 * Returns: (transfer none): one line per chouette that keeps the round
 *   from being complete (ctd_store_hold_up_describe()); empty once it is
 */
const char *const *
ctd_round_view_get_hold_ups (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return (const char *const *) self->hold_ups;
}

/* ---- its standings and the cut ---------------------------------------- */

/**
 * ctd_round_view_get_standings:
 * @self: a round view
 * @public_view: the posting's rather than the director's
 *
 * Returns: (transfer none) (nullable): the round's standings
 *   (#CtdStandingItem), best first: the document's lists, updated in
 *   place; the posting's is %NULL until a page first asks the document
 *   for it (ctd_document_get_standings())
 */
GListModel *
ctd_round_view_get_standings (CtdRoundView *self,
                              gboolean      public_view)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return public_view ? self->public_standings : self->standings;
}

/**
 * ctd_round_view_get_cut_note:
 * @self: a round view
 * @player_id: a player of the round
 * @public_view: the posting's note rather than the director's
 *
 * Returns: (transfer none) (nullable): what the player's row says about
 *   the cut (ctd_cut_notes()): "advances to the Final (2.1)", "tie at the
 *   cut"...
 */
const char *
ctd_round_view_get_cut_note (CtdRoundView *self,
                             gint64        player_id,
                             gboolean      public_view)
{
  GHashTable *notes;

  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);

  notes = public_view ? self->public_notes : self->notes;
  return notes != NULL ? g_hash_table_lookup (notes, &player_id) : NULL;
}

/**
 * ctd_round_view_get_top_k:
 * @self: a round view
 *
 * Returns: how many of each chouette go on by the cut the round is
 *   judged by: the director's stored choice, else the proposed plan's
 *   (ctd_tournament_get_cut()); 0 for the final, and while no plan is
 *   proposed for the field
 */
guint
ctd_round_view_get_top_k (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->top_k;
}

/**
 * ctd_round_view_get_wildcards:
 * @self: a round view
 *
 * Returns: the wildcards of that cut
 */
guint
ctd_round_view_get_wildcards (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), 0);
  return self->wildcards;
}

/**
 * ctd_round_view_get_cut_tie:
 * @self: a round view
 *
 * Returns: (transfer none) (nullable) (element-type gint64): the players a
 *   roll-off must order before the round can go on, in standings order
 *   (ctd_cut_find_tie()), or %NULL
 */
GArray *
ctd_round_view_get_cut_tie (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return self->cut_tie;
}

/**
 * ctd_round_view_get_cut_tie_players:
 * @self: a round view
 *
 * Returns: (transfer none) (nullable): the tied players as a roll-off
 *   is typed (ctd_round_view_describe_players()), or %NULL
 */
const char *
ctd_round_view_get_cut_tie_players (CtdRoundView *self)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  return self->cut_tie_players;
}

/**
 * ctd_round_view_describe_players:
 * @self: a round view
 * @player_ids: players of the round
 * @n_players: how many
 *
 * The players as the roll-off field accepts them, with their scores:
 * "#12 Ann (+2), #15 Bob (+2)".
 *
 * Returns: (transfer full): the text
 */
char *
ctd_round_view_describe_players (CtdRoundView *self,
                                 const gint64 *player_ids,
                                 gsize         n_players)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_rows;

  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  g_return_val_if_fail (player_ids != NULL || n_players == 0, NULL);

  n_rows = g_list_model_get_n_items (self->standings);
  for (gsize i = 0; i < n_players; i++)
    for (guint r = 0; r < n_rows; r++)
      {
        g_autoptr(CtdStandingItem) item = g_list_model_get_item (self->standings, r);
        g_autofree char *name = NULL;
        g_autofree char *score = NULL;

        if (ctd_standing_item_get_player_id (item) != player_ids[i])
          continue;
        g_object_get (item, "name", &name, "score-text", &score, NULL);
        g_string_append_printf (text, "%s#%" G_GINT64_FORMAT " %s (%s)",
                                text->len > 0 ? ", " : "", player_ids[i], name, score);
        break;
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ---- before an action ------------------------------------------------- */

static gboolean
check_exists (CtdRoundView  *self,
              GError       **error)
{
  if (self->exists && self->kept != NULL)
    return TRUE;
  g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
               _("There is no round %u in this event"), self->info.number);
  return FALSE;
}

/**
 * ctd_round_view_preview_cut:
 * @self: a round view
 * @top_k: how many would advance from each chouette
 * @wildcards: and how many more by best remaining score
 * @out_preview: (out caller-allocates): what the cut does; clear it with
 *   ctd_cut_preview_clear()
 * @error: return location for a #GError
 *
 * What advancing from the round with this cut would do, storing nothing,
 * with the refusal ctd_document_advance() would give (ctd_cut_preview()).
 *
 * Returns: whether advancing with this cut would be accepted now
 */
gboolean
ctd_round_view_preview_cut (CtdRoundView   *self,
                            guint           top_k,
                            guint           wildcards,
                            CtdCutPreview  *out_preview,
                            GError        **error)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), FALSE);
  g_return_val_if_fail (out_preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *out_preview = (CtdCutPreview) { .top_k = top_k, .wildcards = wildcards };
  if (!check_exists (self, error))
    return FALSE;
  return ctd_cut_preview_of (self->kept, self->seats->len, self->unfinished, top_k, wildcards,
                             out_preview, error);
}

/**
 * ctd_round_view_parse_cut_order:
 * @self: a round view
 * @text: a roll-off's result as the director types it, winner first:
 *   names (any case) or #numbers, separated by commas or semicolons
 * @error: return location for a #GError
 *
 * Reads a typed roll-off order among the round's players
 * (ctd_cut_parse_order()). Whether they are tied is for
 * ctd_document_tiebreak().
 *
 * Returns: (transfer full) (nullable) (element-type gint64): the ids in
 *   the order typed, or %NULL with @error set
 */
GArray *
ctd_round_view_parse_cut_order (CtdRoundView  *self,
                                const char    *text,
                                GError       **error)
{
  g_return_val_if_fail (CTD_IS_ROUND_VIEW (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return ctd_cut_parse_order_in (self->seats, self->info.number, text, error);
}

/* ctd-chouette-view-describe.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before an action: whether the chouette may change, the preview of a
 * line, and what a stored or replaced game would change, in the words
 * of the rule (ctd-chouette-change.c).
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-chouette-change.h"

/* ---- before an action --------------------------------------------------- */

/* Refuses, as the store would, a change to a chouette that cannot
 * change (gone, read-only, round released or closed). */
static gboolean
check_editable (CtdChouetteView  *self,
                GError          **error)
{
  if (self->editable && self->chouette != NULL)
    return TRUE;
  g_set_error_literal (error, CTD_STORE_ERROR,
                       self->locked_code >= 0 ? self->locked_code : CTD_STORE_ERROR_REFUSED,
                       self->locked_reason);
  return FALSE;
}

/**
 * ctd_chouette_view_preview:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES
 * @notation: a result line as the director types it
 * @out_deltas: (out caller-allocates) (optional) (array fixed-size=4):
 *   what each player would win or lose in the game, in half points,
 *   @out_deltas[p - 1] for player p (zero past the size)
 * @out_totals: (out caller-allocates) (optional) (array fixed-size=4):
 *   the chouette's totals with this line in (every entered game and
 *   this one)
 * @out_canonical: (out) (optional) (transfer full): the line as it
 *   would be stored and shown, in canonical notation
 * @error: return location for a #GError
 *
 * What ctd_document_record_game() would do with @notation for @game,
 * without writing anything: the line goes through ctd_chouette_record()
 * on a copy of the chouette as loaded from the file, the very check the
 * store makes, so every line the preview accepts the store accepts and
 * every refusal is the store's (in %CTD_RESULT_ERROR "Game 5: player
 * 3's cube value 3 cannot arise from a starting cube of 2; expected 2,
 * 4, 8, ...", in %CTD_CHOUETTE_ERROR a last-segment game before games
 * 1-9 are in, in %CTD_STORE_ERROR a chouette that cannot change). A
 * game that already has a result is previewed as its replacement; the
 * store still wants the director's confirmation for that
 * (ctd_chouette_view_describe_replacement()).
 *
 * Returns: whether the line would be recorded
 */
gboolean
ctd_chouette_view_preview (CtdChouetteView  *self,
                           guint             game,
                           const char       *notation,
                           CtdHalves        *out_deltas,
                           CtdHalves        *out_totals,
                           char            **out_canonical,
                           GError          **error)
{
  g_autoptr(CtdChouette) copy = NULL;
  const CtdResult *result;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_editable (self, error))
    return FALSE;
  copy = ctd_chouette_copy (self->chouette);
  if (!ctd_chouette_record (copy, game, notation, error))
    return FALSE;

  result = ctd_chouette_get_result (copy, game);
  if (out_deltas != NULL)
    {
      for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
        out_deltas[p] = 0;
      ctd_result_deltas (result, out_deltas);
    }
  if (out_totals != NULL)
    ctd_chouette_get_totals (copy, out_totals);
  if (out_canonical != NULL)
    *out_canonical = ctd_result_format (result);
  return TRUE;
}

/**
 * ctd_chouette_view_describe_stored:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES
 * @notation: a result line as the director types it
 *
 * ctd_chouette_change_describe_stored() for the view's chouette: how
 * the line will be stored when it differs from the one typed, and why.
 *
 * Returns: (transfer full) (nullable): "Stored as “T”: the cube of
 *   player 3 (Ann) was played at its starting value, which the line
 *   leaves out.", or %NULL when the line is stored as typed (spaces
 *   aside), would be refused (ctd_chouette_view_preview() says why), or
 *   the chouette cannot change
 */
char *
ctd_chouette_view_describe_stored (CtdChouetteView *self,
                                   guint            game,
                                   const char      *notation)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (notation != NULL, NULL);

  if (!check_editable (self, NULL))
    return NULL;
  return ctd_chouette_change_describe_stored (self->chouette, game, notation);
}

/**
 * ctd_chouette_view_describe_replacement:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES, a game that has a result
 * @notation: (nullable): the line that would replace it, or %NULL for
 *   clearing it
 * @error: return location for a #GError
 *
 * The text of the confirmation shown before a recorded game is replaced
 * (ctd_document_record_game() with replace) or cleared
 * (ctd_document_clear_game()): ctd_chouette_change_describe_line() for
 * the view's chouette and typed paper totals, one sentence a line.
 * Nothing is written.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error
 *   set: the line is refused (as ctd_chouette_view_preview()), the game
 *   has no result to clear, or the chouette cannot change
 */
char *
ctd_chouette_view_describe_replacement (CtdChouetteView  *self,
                                        guint             game,
                                        const char       *notation,
                                        GError          **error)
{
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  /* Refused in the store's words, as ctd_document_clear_game() would. */
  if (notation == NULL && game >= 1 && game <= CTD_N_GAMES &&
      ctd_chouette_get_result (self->chouette, game) == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("Chouette %s has no result for game %u"), self->label, game);
      return NULL;
    }
  lines = ctd_chouette_change_describe_line (self->chouette, game, notation, self->paper,
                                             self->paper_by, error);
  return lines != NULL ? g_strjoinv ("\n", lines) : NULL;
}

/**
 * ctd_chouette_view_describe_instead:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES, a game with no result
 * @table_line: the line its table confirmed, waiting for the director
 * @notation: the line the director typed instead
 * @error: return location for a #GError
 *
 * What differs between the table's line and the director's, in the
 * correction's words (ctd_chouette_view_describe_replacement()): as if
 * @table_line were the game's result and @notation replaced it. Nothing
 * is written.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error
 *   set: either line is refused (ctd_chouette_record()'s words), or the
 *   chouette cannot change
 */
char *
ctd_chouette_view_describe_instead (CtdChouetteView  *self,
                                    guint             game,
                                    const char       *table_line,
                                    const char       *notation,
                                    GError          **error)
{
  g_autoptr(CtdChouette) with_table = NULL;
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (table_line != NULL && notation != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  with_table = ctd_chouette_copy (self->chouette);
  if (!ctd_chouette_record (with_table, game, table_line, error))
    return NULL;
  lines = ctd_chouette_change_describe_line (with_table, game, notation, self->paper,
                                             self->paper_by, error);
  return lines != NULL ? g_strjoinv ("\n", lines) : NULL;
}

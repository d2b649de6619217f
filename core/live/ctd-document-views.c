/* ctd-document-views.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The views the document hands out (a chouette's page, a round's pages,
 * the Final and the money, the public display) and what the pages read
 * through it while the store stays behind it.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

#include <string.h>

/* ---- a chouette's page -------------------------------------------------- */

/**
 * ctd_document_get_chouette_view:
 * @self: a document
 * @round: a round's number
 * @chouette: the chouette's number in @round
 * @error: return location for a #GError
 *
 * What chouette @round.@chouette's page shows: the scoring sheet's
 * rows, totals, last-segment order and cross-check, and the checks of a
 * line before it is recorded. The same view is returned for the same
 * chouette for as long as the document lives, brought up to date in
 * place after every change to that chouette, its players or the
 * settings, by this document or by another writer of the file; its
 * "changed" signal says when. Changes still go through the document's
 * actions (ctd_document_record_game(), ctd_document_clear_game(),
 * ctd_document_set_crosscheck(), ctd_document_fix_last_segment_order()).
 *
 * Returns: (transfer none) (nullable): the view, or %NULL with
 *   %CTD_STORE_ERROR_NOT_FOUND when there is no such chouette
 */
CtdChouetteView *
ctd_document_get_chouette_view (CtdDocument  *self,
                                guint         round,
                                guint         chouette,
                                GError      **error)
{
  GHashTable *views;
  gpointer key;
  CtdChouetteView *view;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (chouette <= G_MAXUINT16, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  views = self->chouette_views;
  key = ctd_chouette_key (round, chouette);
  view = g_hash_table_lookup (views, key);
  if (view == NULL)
    {
      CtdChouetteViewSource source = document_view_source (self);

      view = ctd_chouette_view_new (&source, round, chouette, error);
      if (view == NULL)
        return NULL;
      g_hash_table_insert (views, key, view);
    }
  return view;
}

/* ---- a round's pages ----------------------------------------------------- */

/* The standings the document computed for its lists with this change. */
static const CtdStandings *
round_view_standings (guint      round,
                      gpointer   user_data,
                      GError   **error)
{
  return ctd_document_get_round_standings (user_data, round, error);
}

/* What round @round's view reads, as it is now: its posting's list only
 * once a page asked for it (ctd_document_get_standings()), since a list
 * follows every game of its round from then on. */
static CtdRoundViewSource
round_view_source (CtdDocument *self,
                   guint        round)
{
  CtdRoundViewSource source = { self->store, ctd_document_get_read_only (self),
                                round_view_standings, self,
                                g_hash_table_lookup (self->standings,
                                                     GUINT_TO_POINTER (round * 2 + 1)) };

  return source;
}

/* Pushes one change into the round views handed out, after the lists
 * they share were brought up to date. */
void
document_update_round_views (CtdDocument          *self,
                             const CtdStoreChange *change)
{
  GHashTableIter iter;
  gpointer key, view;

  g_hash_table_iter_init (&iter, self->round_views);
  while (g_hash_table_iter_next (&iter, &key, &view))
    {
      CtdRoundViewSource source = round_view_source (self, GPOINTER_TO_UINT (key));
      g_autoptr(GError) error = NULL;

      if (!ctd_round_view_update (view, &source, change->what, change->round, change->chouette,
                                  &error))
        g_warning ("Round %u could not be read after a change: %s", GPOINTER_TO_UINT (key),
                   error->message);
    }
}

/* The posting's list of @round was just made: its view takes it. */
void
document_offer_public_standings (CtdDocument *self,
                                 guint        round)
{
  CtdRoundView *view = g_hash_table_lookup (self->round_views,
                                            GUINT_TO_POINTER (round));
  CtdRoundViewSource source;

  if (view == NULL)
    return;
  source = round_view_source (self, round);
  ctd_round_view_update (view, &source, 0, round, 0, NULL);
}

/**
 * ctd_document_get_round_view:
 * @self: a document
 * @round: a round's number
 * @error: return location for a #GError
 *
 * What the Standings page, the Rounds page and the Advance dialog show
 * of round @round: its draw, state and publicity, what holds it up, its
 * standings (the document's lists, ctd_document_get_standings(): the
 * posting's once a page asked for it), the notes on the cut and the tie
 * to roll off. The same view is returned
 * for the same round for as long as the document lives, brought up to
 * date in place after every change that touches it, by this document or
 * by another writer of the file; its properties notify when they change.
 * Changes still go through the document's actions
 * (ctd_document_tiebreak(), ctd_document_release_round(),
 * ctd_document_advance()).
 *
 * Returns: (transfer none) (nullable): the view, or %NULL with
 *   %CTD_STORE_ERROR_NOT_FOUND when the round is not drawn
 */
CtdRoundView *
ctd_document_get_round_view (CtdDocument  *self,
                             guint         round,
                             GError      **error)
{
  GHashTable *views;
  CtdRoundView *view;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  views = self->round_views;
  view = g_hash_table_lookup (views, GUINT_TO_POINTER (round));
  if (view == NULL)
    {
      CtdRoundViewSource source = round_view_source (self, round);

      view = ctd_round_view_new (&source, round, ctd_document_get_standings (self, round, FALSE),
                                 error);
      if (view == NULL)
        return NULL;
      g_hash_table_insert (views, GUINT_TO_POINTER (round), view);
    }
  return view;
}

/* ---- the public display ------------------------------------------------- */

/* Pushes one change into the display view, once one was handed out
 * (it holds no reference back to the document). */
void
document_update_display_view (CtdDocument          *self,
                              const CtdStoreChange *change)
{
  g_autoptr(GError) error = NULL;

  if (self->display_view != NULL &&
      !ctd_display_view_update (self->display_view, self->store, change->what, change->round,
                                change->chouette, &error))
    g_warning ("The public display could not be read after a change: %s", error->message);
}

/**
 * ctd_document_get_display_view:
 * @self: a document
 * @error: return location for a #GError
 *
 * What the public display shows (ctd_display_new(): what may be shown,
 * core decides). The same view is returned for as long as the document
 * lives, brought up to date in place after every change that can alter
 * what the wall shows, by this document or by another writer of the
 * file; its "changed" signal says when.
 *
 * Returns: (transfer none) (nullable): the view, or %NULL with @error
 *   set when the event cannot be read
 */
CtdDisplayView *
ctd_document_get_display_view (CtdDocument  *self,
                               GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->display_view == NULL)
    self->display_view = ctd_display_view_new (self->store, error);
  return self->display_view;
}

/* ---- the Final and the money --------------------------------------------- */

/* Pushes one change into the final view, once handed out (it holds no
 * reference back to the document). */
void
document_update_final_view (CtdDocument          *self,
                            const CtdStoreChange *change)
{
  g_autoptr(GError) error = NULL;

  if (self->final_view != NULL &&
      !ctd_final_view_update (self->final_view, self->store, change->what, change->round,
                              change->chouette, &error))
    g_warning ("The Final and the money could not be read after a change: %s",
               error->message);
}

/**
 * ctd_document_get_final_view:
 * @self: a document
 * @error: return location for a #GError
 *
 * What the "Final and Money" page shows: the Final's placings or what
 * holds them up, its ties, the stake, and the settlements of a round.
 * The same view is returned for as long as the document lives, brought
 * up to date in place after every change that can touch it, by this
 * document or by another writer of the file.
 *
 * Returns: (transfer none) (nullable): the view, or %NULL when the file
 *   cannot be read
 */
CtdFinalView *
ctd_document_get_final_view (CtdDocument  *self,
                             GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->final_view == NULL)
    self->final_view = ctd_final_view_new (self->store, error);
  return self->final_view;
}

/* ---- what the pages read, through the document ------------------------- */

/* The pages read the event only through these: the store stays behind
 * the document (issue 20). Each is the event layer's answer for the
 * document's store; a round's standings come from the document's cache. */

/**
 * ctd_document_get_settings:
 * @self: a document
 * @out_settings: (out caller-allocates): the event's settings; clear
 *   them with ctd_event_settings_clear()
 * @error: return location for a #GError
 *
 * Returns: %TRUE if @out_settings was filled
 */
gboolean
ctd_document_get_settings (CtdDocument       *self,
                           CtdEventSettings  *out_settings,
                           GError           **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);

  return ctd_store_get_settings (self->store, out_settings, error);
}

/**
 * ctd_document_check_finished:
 * @self: a document
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the event is finished (ctd_tournament_check_finished())
 */
gboolean
ctd_document_check_finished (CtdDocument  *self,
                             GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);

  return ctd_tournament_check_finished (self->store, error);
}

/**
 * ctd_document_get_last_audit_id:
 * @self: a document
 * @error: return location for a #GError
 *
 * Returns: the newest audit entry's id, 0 on error (with @error set)
 */
gint64
ctd_document_get_last_audit_id (CtdDocument  *self,
                                GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), 0);

  return ctd_store_get_last_audit_id (self->store, error);
}

/**
 * ctd_document_list_audit_chouettes:
 * @self: a document
 * @after_id: the last audit id already seen
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the chouettes the newer entries
 *   concern (ctd_outcome_list_audit_chouettes())
 */
GArray *
ctd_document_list_audit_chouettes (CtdDocument  *self,
                                   gint64        after_id,
                                   GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  return ctd_outcome_list_audit_chouettes (self->store, after_id, error);
}

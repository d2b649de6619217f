/* ctd-document-models.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list models the document hands out, the caches behind them, and
 * how they are brought up to date after a change.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

#include <string.h>

/* ---- the lists --------------------------------------------------------- */

/* The label of the chouette each player sits in in the newest round. */
static GHashTable *
seats_of_last_round (CtdDocument  *self,
                     GError      **error)
{
  g_autoptr(GHashTable) seats = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                       g_free);
  g_autoptr(GPtrArray) chouettes = NULL;
  g_autoptr(GArray) rounds = ctd_store_list_rounds (self->store, error);

  if (rounds == NULL)
    return NULL;
  if (rounds->len == 0)
    return g_steal_pointer (&seats);
  chouettes = ctd_store_list_chouettes (self->store,
                                        g_array_index (rounds, CtdStoreRound,
                                                       rounds->len - 1).number,
                                        error);
  if (chouettes == NULL)
    return NULL;
  for (guint c = 0; c < chouettes->len; c++)
    {
      const CtdStoreChouette *chouette = g_ptr_array_index (chouettes, c);

      for (guint k = 0; k < chouette->size; k++)
        g_hash_table_insert (seats, g_memdup2 (&chouette->players[k], sizeof (gint64)),
                             g_strdup_printf ("%u.%u", chouette->round, chouette->number));
    }
  return g_steal_pointer (&seats);
}

static gboolean
reload_players (CtdDocument  *self,
                GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_players (self->store, error);
  g_autoptr(GHashTable) seats = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL || (seats = seats_of_last_round (self, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    {
      const CtdStorePlayer *player = g_ptr_array_index (records, i);

      g_ptr_array_add (items, ctd_player_item_new (player,
                                                   g_hash_table_lookup (seats, &player->id)));
    }
  ctd_item_list_update (self->players, items);
  return TRUE;
}

static gboolean
reload_rounds (CtdDocument  *self,
               GError      **error)
{
  g_autoptr(GArray) records = ctd_store_list_rounds (self->store, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    g_ptr_array_add (items, ctd_round_item_new (&g_array_index (records, CtdStoreRound, i)));
  ctd_item_list_update (self->rounds, items);
  return TRUE;
}

static CtdChouetteItem *
chouette_item_load (CtdDocument             *self,
                    const CtdStoreChouette  *seats,
                    GError                 **error)
{
  g_autoptr(CtdChouette) chouette = NULL;
  g_autoptr(GArray) mismatches = NULL;
  CtdHalves paper[CTD_MAX_PLAYERS];
  gboolean given[CTD_MAX_PLAYERS];
  CtdChouetteProgress progress = { 0, };

  chouette = ctd_store_load_chouette (self->store, seats->round, seats->number, error);
  if (chouette == NULL ||
      !ctd_store_get_crosscheck (self->store, seats->round, seats->number, paper, given, error))
    return NULL;
  mismatches = ctd_chouette_crosscheck (chouette, paper, given);
  progress.n_recorded = ctd_chouette_get_n_recorded (chouette);
  for (guint k = 0; k < seats->size; k++)
    progress.paper_given |= given[k];
  progress.paper_agrees = mismatches->len == 0;
  return ctd_chouette_item_new (seats, &progress);
}

/* Reloads round @round's chouettes: all of them, or only number @only
 * when the list already holds it. */
static gboolean
reload_chouettes (CtdDocument  *self,
                  CtdItemList  *list,
                  guint         round,
                  guint         only,
                  GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_chouettes (self->store, round, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  if (only != 0 && ctd_item_list_find (list, only, NULL) != NULL)
    {
      for (guint c = 0; c < records->len; c++)
        {
          const CtdStoreChouette *seats = g_ptr_array_index (records, c);
          g_autoptr(CtdChouetteItem) item = NULL;

          if (seats->number != only)
            continue;
          item = chouette_item_load (self, seats, error);
          return item != NULL && ctd_item_list_update_one (list, item);
        }
    }
  for (guint c = 0; c < records->len; c++)
    {
      CtdChouetteItem *item = chouette_item_load (self, g_ptr_array_index (records, c), error);

      if (item == NULL)
        return FALSE;
      g_ptr_array_add (items, item);
    }
  ctd_item_list_update (list, items);
  return TRUE;
}

/* A chouette's totals, replayed once and kept until a change to its
 * games (document_update_lists()): a recorded game replays its own
 * chouette, not the round's hundred others. */
static gboolean
kept_totals (CtdStore   *store,
             guint       round,
             guint       chouette,
             CtdHalves  *out_totals,
             gpointer    user_data,
             GError    **error)
{
  CtdDocument *self = user_data;
  CtdHalves *kept = g_hash_table_lookup (self->totals, ctd_chouette_key (round, chouette));

  if (kept == NULL)
    {
      kept = g_new0 (CtdHalves, CTD_MAX_PLAYERS);
      if (!ctd_tournament_load_totals (store, round, chouette, kept, NULL, error))
        {
          g_free (kept);
          return FALSE;
        }
      g_hash_table_insert (self->totals, ctd_chouette_key (round, chouette), kept);
    }
  memcpy (out_totals, kept, CTD_MAX_PLAYERS * sizeof (CtdHalves));
  return TRUE;
}

/* Forgets the totals @change may have changed: one chouette's after its
 * games changed, else its round's, else all. */
static void
forget_totals (CtdDocument          *self,
               CtdChange             what,
               const CtdStoreChange *change)
{
  GHashTableIter iter;
  gpointer key;

  if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE)))
    return;
  if (!(what & CTD_CHANGE_ROUNDS) && change->round != 0 && change->chouette != 0)
    {
      g_hash_table_remove (self->totals, ctd_chouette_key (change->round, change->chouette));
      return;
    }
  g_hash_table_iter_init (&iter, self->totals);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (change->round == 0 || ctd_chouette_key_round (key) == change->round)
      g_hash_table_iter_remove (&iter);
}

/* The round's standings, the director's view, computed once for
 * everything that shows them until the next change (document_update_lists()). */
static const CtdStandings *
get_computed (CtdDocument  *self,
              guint         round,
              GError      **error)
{
  CtdStandings *standings = g_hash_table_lookup (self->computed, GUINT_TO_POINTER (round));

  if (standings == NULL &&
      (standings = ctd_tournament_round_standings_with (self->store, round, FALSE, kept_totals, self,
                                                   error)) != NULL)
    g_hash_table_insert (self->computed, GUINT_TO_POINTER (round), standings);
  return standings;
}

/* Marks a posting that shows no scores: a game recorded in its round
 * changes nothing it shows until the round turns public. */
#define SECRET_POSTING "ctd-secret-posting"

static gboolean
reload_standings (CtdDocument  *self,
                  CtdItemList  *list,
                  guint         round,
                  gboolean      public_view,
                  CtdChange     what,
                  GError      **error)
{
  g_autoptr(CtdStandings) secret = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const CtdStandings *standings;
  CtdStoreRound info;
  gboolean hidden;

  /* A posting of a secret round is its own (no scores, no games read);
   * any other is the director's standings. */
  if (public_view && !ctd_tournament_get_round (self->store, round, &info, error))
    return FALSE;
  if (public_view && !ctd_standings_scores_are_public (info.stage, info.state))
    {
      /* Still secret, and its rows (names and chouettes) unchanged. */
      if (!(what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_PLAYERS)) &&
          g_object_get_data (G_OBJECT (list), SECRET_POSTING) != NULL)
        return TRUE;
      standings = secret = ctd_tournament_round_standings (self->store, round, TRUE, error);
    }
  else
    standings = get_computed (self, round, error);
  if (standings == NULL)
    return FALSE;
  hidden = ctd_standings_get_scores_hidden (standings);
  g_object_set_data (G_OBJECT (list), SECRET_POSTING, GINT_TO_POINTER (hidden));
  for (gsize i = 0; i < ctd_standings_get_n_rows (standings); i++)
    g_ptr_array_add (items, ctd_standing_item_new (ctd_standings_get_row (standings, i), hidden));
  ctd_item_list_update (list, items);
  return TRUE;
}

static gboolean
reload_audit (CtdDocument  *self,
              GError      **error)
{
  g_autoptr(GPtrArray) records = ctd_store_list_audit (self->store, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (records == NULL)
    return FALSE;
  for (guint i = 0; i < records->len; i++)
    g_ptr_array_add (items, ctd_audit_item_new (g_ptr_array_index (records, i)));
  ctd_item_list_update (self->audit, items);
  return TRUE;
}

/* A round that no longer exists (undone draw) shows as an empty list. */
static gboolean
empty_if_gone (CtdItemList  *list,
               GError      **error)
{
  g_autoptr(GPtrArray) none = NULL;

  if (error == NULL || !g_error_matches (*error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    return FALSE;
  g_clear_error (error);
  none = g_ptr_array_new ();
  ctd_item_list_update (list, none);
  return TRUE;
}

/* Brings the lists that exist up to date with one change. */
gboolean
document_update_lists (CtdDocument           *self,
                       const CtdStoreChange  *change,
                       GError               **error)
{
  CtdChange what = change->what;
  GHashTableIter iter;
  gpointer key, list;

  /* The direction of the last segment orders games, the stake sets
   * amounts: settings change everything shown. */
  if (what & CTD_CHANGE_SETTINGS)
    what = CTD_CHANGE_ALL;

  if (self->players != NULL && (what & (CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS)))
    {
      if (!reload_players (self, error))
        return FALSE;
      document_update_counts (self);
    }
  if (self->rounds != NULL &&
      (what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)) &&
      !reload_rounds (self, error))
    return FALSE;

  g_hash_table_iter_init (&iter, self->chouettes);
  while (g_hash_table_iter_next (&iter, &key, &list))
    {
      guint round = GPOINTER_TO_UINT (key);
      gboolean this_round = change->round == 0 || change->round == round;
      guint only = 0;

      if (!this_round)
        continue;
      if (what & CTD_CHANGE_ROUNDS)
        only = 0;
      else if (what & CTD_CHANGE_CHOUETTE)
        only = change->chouette;
      else
        continue;
      if (!reload_chouettes (self, list, round, only, error) && !empty_if_gone (list, error))
        return FALSE;
    }

  /* Whatever changed in a round may change its standings. */
  forget_totals (self, what, change);
  if (change->round == 0)
    g_hash_table_remove_all (self->computed);
  else
    g_hash_table_remove (self->computed, GUINT_TO_POINTER (change->round));

  g_hash_table_iter_init (&iter, self->standings);
  while (g_hash_table_iter_next (&iter, &key, &list))
    {
      guint round = GPOINTER_TO_UINT (key) / 2;
      gboolean public_view = GPOINTER_TO_UINT (key) % 2;

      if ((change->round != 0 && change->round != round) ||
          !(what & (CTD_CHANGE_STANDINGS | CTD_CHANGE_ROUNDS | CTD_CHANGE_CHOUETTE)))
        continue;
      if (!reload_standings (self, list, round, public_view, what, error) &&
          !empty_if_gone (list, error))
        return FALSE;
    }

  return self->audit == NULL || reload_audit (self, error);
}

/* ---- models ------------------------------------------------------------ */

/* A list that cannot be read stays empty (a page shows nothing rather
 * than stale data) and says why. */
static void
warn_unread (CtdDocument *self,
             GError      *error)
{
  g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
  g_error_free (error);
}

/**
 * ctd_document_get_players:
 * @self: a document
 *
 * Returns: (transfer none): every player (#CtdPlayerItem), withdrawn ones
 *   too, by id
 */
GListModel *
ctd_document_get_players (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->players == NULL)
    {
      self->players = ctd_item_list_new (CTD_TYPE_PLAYER_ITEM, ctd_player_item_key,
                                ctd_player_item_assign);
      if (!reload_players (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->players);
}

/**
 * ctd_document_count_players:
 * @self: a document
 * @out_registered: (out): players who have not withdrawn
 * @out_checked_in: (out): players checked in, the field a draw takes
 *
 * The counts a page shows beside its players, from the player list. A
 * page binds them as the "n-registered" and "n-checked-in" properties,
 * which follow every change.
 */
void
ctd_document_count_players (CtdDocument *self,
                            guint       *out_registered,
                            guint       *out_checked_in)
{
  GListModel *players;
  guint n;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  players = ctd_document_get_players (self);
  n = g_list_model_get_n_items (players);
  *out_registered = *out_checked_in = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CtdPlayerItem) player = g_list_model_get_item (players, i);

      *out_registered += !ctd_player_item_get_withdrawn (player);
      *out_checked_in += ctd_player_item_get_checked_in (player);
    }
}

/**
 * ctd_document_get_rounds:
 * @self: a document
 *
 * Returns: (transfer none): every round (#CtdRoundItem), first first
 */
GListModel *
ctd_document_get_rounds (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->rounds == NULL)
    {
      self->rounds = ctd_item_list_new (CTD_TYPE_ROUND_ITEM, ctd_round_item_key,
                               ctd_round_item_assign);
      if (!reload_rounds (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->rounds);
}

/**
 * ctd_document_get_chouettes:
 * @self: a document
 * @round: a round's number
 *
 * Returns: (transfer none): the round's chouettes (#CtdChouetteItem) by
 *   number; empty while the round is not drawn
 */
GListModel *
ctd_document_get_chouettes (CtdDocument *self,
                            guint        round)
{
  CtdItemList *list;
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  list = g_hash_table_lookup (self->chouettes, GUINT_TO_POINTER (round));
  if (list == NULL)
    {
      list = ctd_item_list_new (CTD_TYPE_CHOUETTE_ITEM, ctd_chouette_item_key,
                       ctd_chouette_item_assign);
      g_hash_table_insert (self->chouettes, GUINT_TO_POINTER (round), list);
      if (!reload_chouettes (self, list, round, 0, &error) && !empty_if_gone (list, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (list);
}

/**
 * ctd_document_get_standings:
 * @self: a document
 * @round: a round's number
 * @public_view: what a posting may show: no scores of a Qualifying or
 *   Semi-final round before it is complete (rule 1.7)
 *
 * Returns: (transfer none): the round's standings (#CtdStandingItem), best
 *   first; empty while the round is not drawn
 */
GListModel *
ctd_document_get_standings (CtdDocument *self,
                            guint        round,
                            gboolean     public_view)
{
  gpointer key = GUINT_TO_POINTER (round * 2 + !!public_view);
  CtdItemList *list;
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  list = g_hash_table_lookup (self->standings, key);
  if (list == NULL)
    {
      list = ctd_item_list_new (CTD_TYPE_STANDING_ITEM, ctd_standing_item_key,
                       ctd_standing_item_assign);
      g_hash_table_insert (self->standings, key, list);
      if (!reload_standings (self, list, round, public_view, CTD_CHANGE_ALL, &error) &&
          !empty_if_gone (list, &error))
        warn_unread (self, error);
      if (public_view)
        document_offer_public_standings (self, round);
    }
  return G_LIST_MODEL (list);
}

/**
 * ctd_document_get_round_standings:
 * @self: a document
 * @round: a round's number
 * @error: return location for a #GError
 *
 * The round's standings, the director's view, as ctd_tournament_round_standings()
 * computes them: computed once after each change for the document's
 * lists and for every page that reads them (notes, ties), so that a
 * recorded game costs one computation however many views follow it.
 * They are valid until the next change the document announces.
 *
 * Returns: (transfer none) (nullable): the standings, or %NULL with
 *   @error set (a round not drawn is %CTD_STORE_ERROR_NOT_FOUND)
 */
const CtdStandings *
ctd_document_get_round_standings (CtdDocument  *self,
                                  guint         round,
                                  GError      **error)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return get_computed (self, round, error);
}

/**
 * ctd_document_get_audit:
 * @self: a document
 *
 * Returns: (transfer none): the audit log (#CtdAuditItem), oldest first
 */
GListModel *
ctd_document_get_audit (CtdDocument *self)
{
  GError *error = NULL;

  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);

  if (self->audit == NULL)
    {
      self->audit = ctd_item_list_new (CTD_TYPE_AUDIT_ITEM, ctd_audit_item_key,
                              ctd_audit_item_assign);
      if (!reload_audit (self, &error))
        warn_unread (self, error);
    }
  return G_LIST_MODEL (self->audit);
}

/* ctd-round-view-load.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a change makes a round view read, and the values it sets: each
 * notifies only when it really changes.
 */

#define G_LOG_DOMAIN "ctd-round-view"

#include "config.h"

#include "ctd-round-view-private.h"

#include <string.h>

#include "ctd-display.h"
#include "ctd-tournament.h"

/* ---- updating what is shown --------------------------------------------- */

static void
update_uint (CtdRoundView *self,
             guint        *field,
             guint         value,
             guint         prop)
{
  if (*field != value)
    {
      *field = value;
      round_view_notify (self, prop);
    }
}

static void
update_boolean (CtdRoundView *self,
                gboolean     *field,
                gboolean      value,
                guint         prop)
{
  value = !!value;
  if (*field != value)
    {
      *field = value;
      round_view_notify (self, prop);
    }
}

/* @value is core's own string, kept. */
static void
update_static (CtdRoundView  *self,
               const char   **field,
               const char    *value,
               guint          prop)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      *field = value;
      round_view_notify (self, prop);
    }
}

static void
update_string (CtdRoundView  *self,
               char         **field,
               char          *value,
               guint          prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  round_view_notify (self, prop);
}

static void
update_strv (CtdRoundView   *self,
             char         ***field,
             char          **value,
             guint           prop)
{
  if (*field != NULL && value != NULL && g_strv_equal ((const char *const *) *field,
                                                       (const char *const *) value))
    {
      g_strfreev (value);
      return;
    }
  g_strfreev (*field);
  *field = value;
  round_view_notify (self, prop);
}

static gboolean
ids_equal (const GArray *a,
           const GArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint64)) == 0;
}

static void
update_ids (CtdRoundView  *self,
            GArray       **field,
            GArray        *value,
            guint          prop)
{
  if (ids_equal (*field, value))
    {
      g_clear_pointer (&value, g_array_unref);
      return;
    }
  g_clear_pointer (field, g_array_unref);
  *field = value;
  round_view_notify (self, prop);
}

static gboolean
notes_equal (GHashTable *a,
             GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

static void
update_notes (CtdRoundView  *self,
              GHashTable   **field,
              GHashTable    *value,
              guint          prop)
{
  if (notes_equal (*field, value))
    {
      g_clear_pointer (&value, g_hash_table_unref);
      return;
    }
  g_clear_pointer (field, g_hash_table_unref);
  *field = value;
  round_view_notify (self, prop);
}

/* ---- reading --------------------------------------------------------- */

/* The round's record: its draw and state. A round gone (its draw
 * undone) is no error: the view says it no longer exists. */
static gboolean
load_info (CtdRoundView  *self,
           CtdStore      *store,
           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  CtdStoreRound info = { 0, };
  gboolean exists = ctd_tournament_get_round (store, self->info.number, &info, &local_error);

  if (!exists && !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  info.number = self->info.number;
  update_boolean (self, &self->exists, exists, PROP_EXISTS);
  if (self->info.stage != info.stage)
    {
      self->info.stage = info.stage;
      round_view_notify (self, PROP_STAGE);
    }
  if (self->info.seed != info.seed)
    {
      self->info.seed = info.seed;
      round_view_notify (self, PROP_SEED);
    }
  if (self->info.state != info.state)
    {
      self->info.state = info.state;
      round_view_notify (self, PROP_STATE);
    }
  update_uint (self, &self->info.n_chouettes, info.n_chouettes, PROP_N_CHOUETTES);
  update_uint (self, &self->info.n_players, info.n_players, PROP_N_PLAYERS);
  self->info.top_k = info.top_k;
  self->info.wildcards = info.wildcards;
  return TRUE;
}

static gboolean
load_seats (CtdRoundView  *self,
            CtdStore      *store,
            GError       **error)
{
  GPtrArray *seats = g_ptr_array_new ();

  if (self->exists)
    {
      g_ptr_array_unref (seats);
      seats = ctd_store_list_chouettes (store, self->info.number, error);
      if (seats == NULL)
        return FALSE;
    }
  g_clear_pointer (&self->seats, g_ptr_array_unref);
  self->seats = seats;
  return TRUE;
}

static char **
describe_hold_ups (const GPtrArray *hold_ups)
{
  GPtrArray *lines = g_ptr_array_new_full (hold_ups->len + 1, g_free);

  for (guint i = 0; i < hold_ups->len; i++)
    g_ptr_array_add (lines, ctd_store_hold_up_describe (g_ptr_array_index (hold_ups, i)));
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

/* The cut the round is judged by: the director's stored choice, else
 * the proposed plan's; none for the final, nor for a field no plan is
 * proposed for (the director chooses the cut round by round). */
static void
load_cut (CtdRoundView *self,
          CtdStore     *store)
{
  guint top_k = 0, wildcards = 0;

  if (self->info.stage == CTD_STAGE_FINAL ||
      !ctd_tournament_get_cut (store, self->info.number, &top_k, &wildcards, NULL))
    top_k = wildcards = 0;
  update_uint (self, &self->top_k, top_k, PROP_TOP_K);
  update_uint (self, &self->wildcards, wildcards, PROP_WILDCARDS);
}

/* What holds the round up, and why nobody can advance from it yet. */
static gboolean
load_hold_ups (CtdRoundView  *self,
               CtdStore      *store,
               GError       **error)
{
  g_autoptr(GPtrArray) hold_ups = ctd_store_list_hold_ups (store, self->info.number, error);

  if (hold_ups == NULL)
    return FALSE;
  update_strv (self, &self->hold_ups, describe_hold_ups (hold_ups), PROP_HOLD_UPS);
  g_clear_error (&self->unfinished);
  ctd_tournament_check_hold_ups (&self->info, hold_ups, &self->unfinished);
  return TRUE;
}

/* The notes, the tie and the copy kept for previews, from the
 * standings of this change. */
static gboolean
load_standings (CtdRoundView              *self,
                const CtdRoundViewSource  *source,
                GError                   **error)
{
  const CtdStandings *standings = source->standings (self->info.number, source->standings_data,
                                                     error);
  GHashTable *notes, *public_notes;
  GArray *tie = NULL;

  if (standings == NULL ||
      (notes = ctd_cut_notes (source->store, self->info.number, standings, FALSE, error)) == NULL)
    return FALSE;
  public_notes = ctd_cut_notes (source->store, self->info.number, standings, TRUE, error);
  if (public_notes == NULL)
    {
      g_hash_table_unref (notes);
      return FALSE;
    }
  update_notes (self, &self->notes, notes, PROP_CUT_NOTES);
  update_notes (self, &self->public_notes, public_notes, PROP_PUBLIC_CUT_NOTES);
  g_clear_pointer (&self->kept, ctd_standings_free);
  self->kept = ctd_standings_copy (standings);
  /* No tie (CTD_TOURNAMENT_ERROR_NO_TIE) is the usual answer; a closed
   * round has nothing left to roll off. */
  if (self->info.state != CTD_ROUND_CLOSED)
    tie = ctd_cut_find_tie (source->store, self->info.number, standings, NULL);
  update_ids (self, &self->cut_tie, tie, PROP_CUT_TIE);
  update_string (self, &self->cut_tie_players,
                 self->cut_tie != NULL
                   ? ctd_round_view_describe_players (self, (const gint64 *) self->cut_tie->data,
                                                      self->cut_tie->len)
                   : NULL,
                 PROP_CUT_TIE_PLAYERS);
  return TRUE;
}

/* Everything derived from the round's state and whether the event can
 * change, in core's words. */
static void
derive (CtdRoundView *self,
        gboolean      read_only)
{
  CtdStage stage = self->info.stage;
  CtdRoundState state = self->info.state;
  gboolean can_change = self->exists && !read_only;

  update_boolean (self, &self->scores_public,
                  self->exists && ctd_standings_scores_are_public (stage, state),
                  PROP_SCORES_PUBLIC);
  update_static (self, &self->publicity, ctd_display_describe_publicity (stage, state),
                 PROP_PUBLICITY);
  update_static (self, &self->release, ctd_display_describe_release (stage, state),
                 PROP_RELEASE);
  update_boolean (self, &self->can_release, can_change && ctd_display_can_release (stage, state),
                  PROP_CAN_RELEASE);
  update_boolean (self, &self->can_advance,
                  can_change && stage != CTD_STAGE_FINAL &&
                  (state == CTD_ROUND_COMPLETE || state == CTD_ROUND_RELEASED),
                  PROP_CAN_ADVANCE);
}

/* A round that does not exist shows nothing. */
static void
clear_derived (CtdRoundView *self)
{
  update_strv (self, &self->hold_ups, g_new0 (char *, 1), PROP_HOLD_UPS);
  update_notes (self, &self->notes, NULL, PROP_CUT_NOTES);
  update_notes (self, &self->public_notes, NULL, PROP_PUBLIC_CUT_NOTES);
  update_ids (self, &self->cut_tie, NULL, PROP_CUT_TIE);
  update_string (self, &self->cut_tie_players, NULL, PROP_CUT_TIE_PLAYERS);
  update_uint (self, &self->top_k, 0, PROP_TOP_K);
  update_uint (self, &self->wildcards, 0, PROP_WILDCARDS);
  g_clear_pointer (&self->kept, ctd_standings_free);
  g_clear_error (&self->unfinished);
}

/* Reads again what @needed says, then derives what follows from the
 * round's state. */
gboolean
round_view_load (CtdRoundView              *self,
                 const CtdRoundViewSource  *source,
                 Need                       needed,
                 GError                   **error)
{
  gboolean ok = TRUE;

  if (needed & NEED_INFO)
    ok = load_info (self, source->store, error);
  if (ok && (needed & NEED_SEATS))
    ok = load_seats (self, source->store, error);
  if (ok && (needed & NEED_DERIVED))
    {
      if (!self->exists)
        clear_derived (self);
      else
        {
          load_cut (self, source->store);
          ok = load_hold_ups (self, source->store, error) && load_standings (self, source, error);
        }
    }
  if (ok)
    derive (self, source->read_only);
  return ok;
}

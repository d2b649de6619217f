/* ctd-chouette-view-derive.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a chouette view shows, derived from the chouette as loaded and
 * the facts around it.
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view-private.h"
#include "ctd-store.h"

#include <glib/gi18n-lib.h>

/* ---- deriving what is shown --------------------------------------------- */

static char *
halves_text (gboolean  known,
             CtdHalves halves)
{
  return known ? ctd_halves_to_string (halves, TRUE) : g_strdup ("");
}

/* "3 1 2" */
char *
view_players_text (const guint *players,
                   guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", players[i]);
  return g_string_free (text, FALSE);
}

/* "game 5", "games 5 and 8", "games 2, 5 and 8" for bits g - 1 of @mask */
static char *
games_text (guint mask)
{
  g_autoptr(GString) list = g_string_new (NULL);
  guint n = 0, seen = 0;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    n += (mask >> (game - 1)) & 1;
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    if (mask & (1u << (game - 1)))
      {
        if (seen > 0)
          g_string_append (list, seen == n - 1 ? _(" and ") : ", ");
        g_string_append_printf (list, "%u", game);
        seen++;
      }
  /* Translators: the games' numbers, "5" or "5 and 8" */
  return g_strdup_printf (ngettext ("game %s", "games %s", n), list->str);
}

static void
item_notify_cb (CtdChouetteView *self)
{
  self->n_item_notifies++;
}

/* The 12 rows, in place: a row that changed notifies, the list itself
 * only changes when the chouette appears or disappears. */
static void
derive_games (CtdChouetteView *self)
{
  GListModel *model = G_LIST_MODEL (self->games);
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  guint old_len = g_list_model_get_n_items (model);
  guint notifies = self->n_item_notifies;

  for (guint game = 1; self->chouette != NULL && game <= CTD_N_GAMES; game++)
    {
      CtdChouetteGame view;
      g_autofree char *pending = ctd_chouette_describe_pending (self->chouette, game);

      ctd_chouette_get_sheet_game (self->chouette, game, &view);
      g_ptr_array_add (fresh, ctd_game_item_new (&view, self->size, pending));
    }
  ctd_item_list_update (self->games, fresh);
  if (old_len == 0)
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (model, i);

        g_signal_connect_object (item, "notify", G_CALLBACK (item_notify_cb), self,
                                 G_CONNECT_SWAPPED);
      }
  if (old_len != fresh->len || self->n_item_notifies != notifies)
    self->changed = TRUE;
}

static char *
settlement_text (CtdChouetteView *self)
{
  CtdSettlement settlement;
  g_autoptr(GError) error = NULL;
  GString *text;

  if (!ctd_money_settle (self->totals, self->size, self->stake_cents, &settlement, &error))
    return g_strdup (error->message);
  if (settlement.n_transfers == 0)
    return g_strdup (_("Nobody pays: every score is 0"));
  text = g_string_new (NULL);
  for (guint i = 0; i < settlement.n_transfers; i++)
    {
      const CtdTransfer *t = &settlement.transfers[i];
      g_autofree char *amount = ctd_money_to_string (t->amount);

      /* Translators: between two payments of a settlement, "2 Bob pays 1
       * Ann 4.00; 2 Bob pays 3 Cy 1.00" (French sets a space before ";"). */
      if (i > 0)
        g_string_append (text, _("; "));
      /* TRANSLATORS: "2 Bob pays 1 Ann 4.00" */
      g_string_append_printf (text, _("%u %s pays %u %s %s"), t->from, self->names[t->from - 1],
                              t->to, self->names[t->to - 1], amount);
    }
  return g_string_free (text, FALSE);
}

static void
derive_totals (CtdChouetteView *self)
{
  CtdHalves totals[CTD_MAX_PLAYERS] = { 0, };
  CtdCents amounts[CTD_MAX_PLAYERS] = { 0, };
  CtdHalves sum = 0;
  gboolean known;

  if (self->chouette != NULL)
    ctd_chouette_get_totals (self->chouette, totals);
  /* SPEC 7: the amounts the settlement pays, each within a cent. */
  ctd_money_amounts (totals, MIN (self->size, CTD_MAX_PLAYERS), self->stake_cents, amounts);
  /* As the sheet: no totals before the first game. */
  known = self->n_recorded > 0;
  view_update_boolean (self, &self->totals_known, known, PROP_TOTALS_KNOWN);
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      gboolean here = known && p < self->size;

      view_update_halves (self, &self->totals[p], here ? totals[p] : 0);
      view_update_string (self, &self->total_text[p], halves_text (here, totals[p]), 0);
      view_update_string (self, &self->amount_text[p],
                          here ? ctd_money_to_string (amounts[p])
                               : g_strdup (""), 0);
      sum += here ? totals[p] : 0;
    }
  view_update_boolean (self, &self->zero_sum, sum == 0, PROP_ZERO_SUM);
  view_update_string (self, &self->zero_sum_text, halves_text (known, sum), PROP_ZERO_SUM_TEXT);
  /* Rule 1.8: a chouette settles at its end; before, amounts are only
   * what the scores so far come to. */
  view_update_boolean (self, &self->amounts_provisional, known && !self->complete,
                       PROP_AMOUNTS_PROVISIONAL);
  view_update_string (self, &self->settlement,
                      self->complete ? settlement_text (self) : g_strdup (""), PROP_SETTLEMENT);
}

static void
derive_last_order (CtdChouetteView *self)
{
  guint order[CTD_MAX_PLAYERS - 1] = { 0, };
  gboolean known = FALSE;

  if (self->chouette != NULL)
    known = ctd_chouette_get_sheet_last_order (self->chouette, order);
  self->last_order_known = known;
  for (guint i = 0; i < CTD_MAX_PLAYERS - 1; i++)
    view_update_uint (self, &self->last_order[i], known && i < self->size - 1 ? order[i] : 0, 0);
  view_update_string (self, &self->last_order_text,
                      known ? view_players_text (order, self->size - 1) : g_strdup (""),
                      PROP_LAST_ORDER_TEXT);
  view_update_string (self, &self->last_order_basis,
                      self->chouette != NULL
                        ? ctd_chouette_describe_last_segment_order (self->chouette)
                        : g_strdup (""), PROP_LAST_ORDER_BASIS);
  view_update_boolean (self, &self->last_order_fixed,
                       self->chouette != NULL
                         && ctd_chouette_get_last_segment_order (self->chouette) != NULL,
                       PROP_LAST_ORDER_FIXED);
  view_update_boolean (self, &self->last_order_stale,
                       self->chouette != NULL
                         && ctd_chouette_last_segment_order_is_stale (self->chouette),
                       PROP_LAST_ORDER_STALE);
}

/* Rule-free words around ctd_chouette_crosscheck()'s findings. */
static char *
crosscheck_text (CtdChouetteView *self,
                 GArray          *mismatches)
{
  g_autofree char *missing = NULL;
  GString *text;

  if (mismatches->len == 0)
    return g_strdup (_("The paper totals agree with the entered games."));
  text = g_string_new (NULL);
  for (guint i = 0; i < mismatches->len; i++)
    {
      const CtdCrosscheckMismatch *m = &g_array_index (mismatches, CtdCrosscheckMismatch, i);
      const char *name = m->player >= 1 && m->player <= CTD_MAX_PLAYERS
                         ? self->names[m->player - 1] : NULL;
      g_autofree char *paper = ctd_halves_to_string (m->paper, TRUE);
      g_autofree char *computed = ctd_halves_to_string (m->computed, TRUE);

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Whole sentences: a capital put on a piece in code ("player 3")
       * was English's. */
      if (name != NULL && *name != '\0')
        /* Translators: a player's number and name, then their total on
         * the paper sheet and from the entered games ("+6", "-3.5");
         * what to check follows */
        g_string_append_printf (text, _("Player %1$u (%2$s): the paper says %3$s, the entered "
                                        "games %4$s; "), m->player, name, paper, computed);
      else
        /* Translators: as the line before, for a player with no name */
        g_string_append_printf (text, _("Player %1$u: the paper says %2$s, the entered games "
                                        "%3$s; "), m->player, paper, computed);
      if (m->suspects != 0)
        {
          g_autofree char *games = games_text (m->suspects);

          g_string_append_printf (text, _("look first at %s (left off the paper, or entered "
                                          "with the wrong sign)"), games);
        }
      else
        g_string_append (text, _("no single game explains the difference"));
    }
  if (self->chouette != NULL &&
      (missing = ctd_chouette_describe_missing (self->chouette, 1, CTD_N_GAMES)) != NULL)
    g_string_append_printf (text, _("\nNot entered yet: %s."), missing);
  return g_string_free (text, FALSE);
}

static void
derive_crosscheck (CtdChouetteView *self)
{
  g_autoptr(GArray) mismatches = NULL;
  gboolean given = FALSE;

  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      given |= self->paper_by[p];
      view_update_string (self, &self->paper_text[p],
                          halves_text (self->paper_by[p], self->paper[p]), 0);
    }
  if (self->chouette != NULL)
    mismatches = ctd_chouette_crosscheck (self->chouette, self->paper, self->paper_by);
  view_update_boolean (self, &self->paper_given, given, PROP_PAPER_GIVEN);
  view_update_boolean (self, &self->paper_agrees, mismatches == NULL || mismatches->len == 0,
                       PROP_PAPER_AGREES);
  view_update_string (self, &self->crosscheck,
                      given && mismatches != NULL ? crosscheck_text (self, mismatches)
                                                  : g_strdup (""),
                      PROP_CROSSCHECK);
}

/* Everything shown, from the chouette and the facts loaded. */
void
view_derive (CtdChouetteView *self)
{
  guint n_recorded = 0, next_game = 0;

  if (self->chouette != NULL)
    {
      n_recorded = ctd_chouette_get_n_recorded (self->chouette);
      for (guint game = CTD_N_GAMES; game >= 1; game--)
        if (ctd_chouette_get_result (self->chouette, game) == NULL)
          next_game = game;
    }
  view_update_uint (self, &self->n_recorded, n_recorded, PROP_N_RECORDED);
  view_update_uint (self, &self->next_game, next_game, PROP_NEXT_GAME);
  view_update_boolean (self, &self->complete, n_recorded == CTD_N_GAMES, PROP_COMPLETE);
  derive_games (self);
  derive_totals (self);
  derive_last_order (self);
  derive_crosscheck (self);
}

/* Whether results can change, and if not, why (the store's refusals). */
void
view_derive_editable (CtdChouetteView             *self,
                      const CtdChouetteViewSource *source)
{
  char *reason = NULL;

  self->locked_code = -1;
  if (!self->exists)
    {
      self->locked_code = CTD_STORE_ERROR_NOT_FOUND;
      reason = g_strdup_printf (_("There is no chouette %u.%u in this event"), self->round,
                                self->number);
    }
  else if (source->read_only_reason != NULL)
    {
      /* The document's reason, the window's too, says which: closed on
       * a date, or the file open for reading only. */
      self->locked_code = source->closed ? CTD_STORE_ERROR_CLOSED : CTD_STORE_ERROR_READ_ONLY;
      reason = g_strdup (source->read_only_reason);
    }
  else if (self->round_state == CTD_ROUND_CLOSED)
    {
      self->locked_code = CTD_STORE_ERROR_REFUSED;
      reason = g_strdup_printf (_("Round %u is closed: round %u is drawn, so its results can no "
                                  "longer change"), self->round, self->round + 1);
    }
  else if (self->round_state == CTD_ROUND_RELEASED)
    {
      self->locked_code = CTD_STORE_ERROR_REFUSED;
      reason = g_strdup_printf (_("Round %u is released: its results can no longer change; "
                                  "undo the release first"), self->round);
    }
  view_update_boolean (self, &self->editable, reason == NULL, PROP_EDITABLE);
  view_update_string (self, &self->locked_reason, reason != NULL ? reason : g_strdup (""),
                      PROP_LOCKED_REASON);
}

/* Reads the seats; a chouette that is gone (an undone or repeated draw)
 * leaves the view empty rather than failing. */
gboolean
view_load_seats (CtdChouetteView  *self,
                 CtdStore         *store,
                 GError          **error)
{
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(GError) local_error = NULL;

  seats = ctd_tournament_get_chouette (store, self->round, self->number, &local_error);
  if (seats == NULL && !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  view_update_boolean (self, &self->exists, seats != NULL, PROP_EXISTS);
  view_update_uint (self, &self->table, seats != NULL ? seats->table : 0, PROP_TABLE);
  view_update_uint (self, &self->size, seats != NULL ? seats->size : 0, PROP_SIZE);
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    view_update_string (self, &self->names[k],
                        g_strdup (seats != NULL && k < seats->size ? seats->names[k] : ""), 0);
  return TRUE;
}

gboolean
view_load_chouette (CtdChouetteView  *self,
                    CtdStore         *store,
                    GError          **error)
{
  g_autoptr(CtdChouette) chouette = NULL;

  if (!self->exists)
    {
      g_clear_pointer (&self->chouette, ctd_chouette_free);
      for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
        {
          self->paper[p] = 0;
          self->paper_by[p] = FALSE;
        }
      return TRUE;
    }
  chouette = ctd_store_load_chouette (store, self->round, self->number, error);
  if (chouette == NULL ||
      !ctd_store_get_crosscheck (store, self->round, self->number, self->paper, self->paper_by,
                                 error))
    return FALSE;
  g_clear_pointer (&self->chouette, ctd_chouette_free);
  self->chouette = g_steal_pointer (&chouette);
  return TRUE;
}

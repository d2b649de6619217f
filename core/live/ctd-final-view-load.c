/* ctd-final-view-load.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the final view shows, read again after a change: the rounds, the
 * Final, the money and the settlements, each only when the change can
 * touch it.
 */

#define G_LOG_DOMAIN "ctd-final-view"

#include "config.h"

#include "ctd-final-view-private.h"

#include <glib/gi18n-lib.h>

#include "ctd-money.h"
#include "ctd-outcome-items.h"
#include "ctd-outcome.h"

/* Each setter takes the new value and notifies @prop if it changed. */
static void
update_string (CtdFinalView  *self,
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
  final_view_notify (self, prop);
}

static void
update_uint (CtdFinalView *self,
             guint        *field,
             guint         value,
             guint         prop)
{
  if (*field == value)
    return;
  *field = value;
  final_view_notify (self, prop);
}

static void
clear_list (CtdItemList *list)
{
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  ctd_item_list_update (list, none);
}

/* The newest round drawn: a new one becomes the round to settle, and
 * a round to settle that was undone gives way to the newest left. */
static gboolean
load_rounds (CtdFinalView  *self,
             CtdStore      *store,
             GError       **error)
{
  g_autoptr(GArray) rounds = ctd_store_list_rounds (store, error);
  guint newest;

  if (rounds == NULL)
    return FALSE;
  newest = rounds->len > 0 ? g_array_index (rounds, CtdStoreRound, rounds->len - 1).number : 0;
  if (newest > self->newest_round || self->settlement_round > newest)
    update_uint (self, &self->settlement_round, newest, PROP_SETTLEMENT_ROUND);
  self->newest_round = newest;
  return TRUE;
}

/* The placings once the Final is complete; before, why not. */
static gboolean
load_final (CtdFinalView  *self,
            CtdStore      *store,
            GError       **error)
{
  g_auto(CtdOutcomeFinal) final = { 0, };
  gboolean complete;

  if (!ctd_outcome_get_final (store, &final, error))
    return FALSE;
  update_uint (self, &self->round, final.round, PROP_ROUND);
  complete = !!final.complete;
  if (self->complete != complete)
    {
      self->complete = complete;
      final_view_notify (self, PROP_COMPLETE);
    }
  update_string (self, &self->status, g_steal_pointer (&final.status), PROP_STATUS);
  update_string (self, &self->ties, g_steal_pointer (&final.ties), PROP_TIES);
  if (final.placings != NULL)
    {
      g_autoptr(GPtrArray) items = ctd_placing_items_new (final.placings);

      ctd_item_list_update (self->placings, items);
    }
  else
    clear_list (self->placings);
  return TRUE;
}

/* The stake, and rule 1.8's recommendation for the entry fee. */
static gboolean
load_money (CtdFinalView  *self,
            CtdStore      *store,
            GError       **error)
{
  g_auto(CtdEventSettings) settings = { 0, };
  g_autofree char *stake = NULL;

  if (!ctd_store_get_settings (store, &settings, error))
    return FALSE;
  stake = ctd_money_to_string (settings.stake_cents);
  update_string (self, &self->stake_text,
                 g_strdup_printf (_("At %s a point: each chouette settles at its end "
                                    "(rule 1.8)."), stake),
                 PROP_STAKE_TEXT);
  update_string (self, &self->fee_warning,
                 ctd_money_check_fee (settings.entry_fee_cents, settings.stake_cents),
                 PROP_FEE_WARNING);
  return TRUE;
}

/* Every chouette of the round to settle, or only @chouette (not 0). */
gboolean
final_view_load_settlements (CtdFinalView  *self,
                             CtdStore      *store,
                             guint          chouette,
                             GError       **error)
{
  g_autoptr(GPtrArray) settlements = NULL;
  g_autoptr(GPtrArray) items = NULL;

  if (self->settlement_round == 0 || store == NULL)
    {
      clear_list (self->settlements);
      return TRUE;
    }
  if (chouette != 0)
    {
      g_autoptr(CtdOutcomeSettlement) one = NULL;
      g_autoptr(CtdSettlementItem) item = NULL;

      one = ctd_outcome_settle_chouette (store, self->settlement_round, chouette, NULL);
      item = one != NULL ? ctd_settlement_item_new (one) : NULL;
      /* A chouette the list does not hold yet: the whole round. */
      if (item != NULL && ctd_item_list_update_one (self->settlements, item))
        return TRUE;
    }
  /* A round that is gone has no chouettes: an empty list. */
  settlements = ctd_outcome_settle_round (store, self->settlement_round, error);
  if (settlements == NULL)
    return FALSE;
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < settlements->len; i++)
    g_ptr_array_add (items, ctd_settlement_item_new (g_ptr_array_index (settlements, i)));
  ctd_item_list_update (self->settlements, items);
  return TRUE;
}

/* Reads again what a change of @what (in @round, @chouette: the
 * arguments of CtdDocument::changed) can touch. */
gboolean
final_view_refresh (CtdFinalView  *self,
                    CtdStore      *store,
                    CtdChange      what,
                    guint          round,
                    guint          chouette,
                    GError       **error)
{
  /* The settings hold the stake and the last segment's direction,
   * which orders the games; a draw, a redraw or an undone draw can
   * change anything; a seated player renamed is one of these. */
  gboolean everything = (what & (CTD_CHANGE_SETTINGS | CTD_CHANGE_ROUNDS)) != 0;
  gboolean in_final = (what & (CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)) &&
                      (round == 0 || round == self->round);
  gboolean in_settled = (what & CTD_CHANGE_CHOUETTE) &&
                        (round == 0 || round == self->settlement_round);
  gboolean ok = TRUE;

  g_object_freeze_notify (G_OBJECT (self));
  if (what & CTD_CHANGE_ROUNDS)
    ok = load_rounds (self, store, error);
  if (ok && (what & CTD_CHANGE_SETTINGS))
    ok = load_money (self, store, error);
  if (ok && (everything || in_final))
    ok = load_final (self, store, error);
  if (ok && (everything || in_settled))
    ok = final_view_load_settlements (self, store, (everything || round == 0) ? 0 : chouette, error);
  g_object_thaw_notify (G_OBJECT (self));
  return ok;
}

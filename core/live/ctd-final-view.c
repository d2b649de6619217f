/* ctd-final-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The final view: the object, its properties and getters, and how a
 * change pushed by the document or a round chosen reloads it. What it
 * shows is read in ctd-final-view-load.c.
 */

#define G_LOG_DOMAIN "ctd-final-view"

#include "config.h"

#include "ctd-final-view-private.h"

#include "ctd-outcome-items.h"

/*
 * The view reads what it shows with ctd-outcome.h's functions, the ones
 * the command line's `results` and `settle` use, so the page and the
 * commands cannot disagree. Its keeper pushes each change into it
 * (ctd_final_view_update()) with the store to read; the view reads again
 * only what the change can touch: a game of a qualifying round leaves
 * the Final alone, a game of another round than the one settled leaves
 * the settlements alone, and a game of the settled round settles that
 * chouette alone. A value that did not change does not notify, and the
 * lists keep their items (CtdItemList).
 *
 * The round to settle is the view's own state, so that a page can bind
 * its round chooser to it both ways: it follows a newly drawn round (the
 * one to settle next), and falls back to the newest when its round is
 * undone. Choosing a round reads its settlements at once, from the store
 * last given (borrowed: the keeper owns it, and tells the view when it
 * closes it, ctd_final_view_forget_store()).
 */

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CtdFinalView, ctd_final_view, G_TYPE_OBJECT)

void
final_view_notify (CtdFinalView *self,
                   guint         prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* ---- the object --------------------------------------------------------- */

static void
ctd_final_view_finalize (GObject *object)
{
  CtdFinalView *self = CTD_FINAL_VIEW (object);

  g_clear_object (&self->placings);
  g_clear_object (&self->settlements);
  g_free (self->status);
  g_free (self->ties);
  g_free (self->stake_text);
  g_free (self->fee_warning);
  G_OBJECT_CLASS (ctd_final_view_parent_class)->finalize (object);
}

static void
ctd_final_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CtdFinalView *self = CTD_FINAL_VIEW (object);

  switch (prop_id)
    {
    case PROP_ROUND:
      g_value_set_uint (value, self->round);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_TIES:
      g_value_set_string (value, self->ties);
      break;
    case PROP_PLACINGS:
      g_value_set_object (value, self->placings);
      break;
    case PROP_STAKE_TEXT:
      g_value_set_string (value, self->stake_text);
      break;
    case PROP_FEE_WARNING:
      g_value_set_string (value, self->fee_warning);
      break;
    case PROP_SETTLEMENT_ROUND:
      g_value_set_uint (value, self->settlement_round);
      break;
    case PROP_SETTLEMENTS:
      g_value_set_object (value, self->settlements);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_final_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CtdFinalView *self = CTD_FINAL_VIEW (object);
  g_autoptr(GError) error = NULL;

  switch (prop_id)
    {
    case PROP_SETTLEMENT_ROUND:
      if (!ctd_final_view_set_settlement_round (self, g_value_get_uint (value), &error))
        g_warning ("Round %u could not be settled: %s", g_value_get_uint (value),
                   error->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_final_view_class_init (CtdFinalViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ctd_final_view_finalize;
  object_class->get_property = ctd_final_view_get_property;
  object_class->set_property = ctd_final_view_set_property;

  /* the Final's round number, 0 while there is no final */
  properties[PROP_ROUND] = g_param_spec_uint ("round", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* every game of the Final entered and checked: it has placings */
  properties[PROP_COMPLETE] = g_param_spec_boolean ("complete", NULL, NULL, FALSE, flags);
  /* why there are no placings yet, or NULL once complete */
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  /* "Ann and Bob are tied for 1st place", one a line, or NULL */
  properties[PROP_TIES] = g_param_spec_string ("ties", NULL, NULL, NULL, flags);
  /* the placings 1st to 4th (CtdPlacingItem), empty until complete */
  properties[PROP_PLACINGS] = g_param_spec_object ("placings", NULL, NULL, G_TYPE_LIST_MODEL,
                                                   flags);
  /* "At 5.00 a point: each chouette settles at its end (rule 1.8)." */
  properties[PROP_STAKE_TEXT] = g_param_spec_string ("stake-text", NULL, NULL, NULL, flags);
  /* rule 1.8's 20:1 to 25:1 missed, in words, or NULL */
  properties[PROP_FEE_WARNING] = g_param_spec_string ("fee-warning", NULL, NULL, NULL, flags);
  /* the round whose chouettes the settlements list, 0 for none */
  properties[PROP_SETTLEMENT_ROUND] = g_param_spec_uint ("settlement-round", NULL, NULL, 0,
                                                         G_MAXUINT, 0,
                                                         G_PARAM_READWRITE |
                                                         G_PARAM_EXPLICIT_NOTIFY |
                                                         G_PARAM_STATIC_STRINGS);
  /* that round's chouettes' settlements (CtdSettlementItem), by number */
  properties[PROP_SETTLEMENTS] = g_param_spec_object ("settlements", NULL, NULL,
                                                      G_TYPE_LIST_MODEL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ctd_final_view_init (CtdFinalView *self)
{
  self->placings = ctd_item_list_new (CTD_TYPE_PLACING_ITEM, ctd_placing_item_key,
                                      ctd_placing_item_assign);
  self->settlements = ctd_item_list_new (CTD_TYPE_SETTLEMENT_ITEM, ctd_settlement_item_key,
                                         ctd_settlement_item_assign);
}

/**
 * ctd_final_view_new:
 * @store: the event to read (borrowed: see ctd_final_view_forget_store())
 * @error: return location for a #GError
 *
 * Reads the Final, the money and the newest round's settlements; the
 * view's keeper then pushes every change into it
 * (ctd_final_view_update()). A page gets its view from
 * ctd_document_get_final_view(), which keeps one per document.
 *
 * Returns: (transfer full) (nullable): the view, or %NULL when the file
 *   cannot be read
 */
CtdFinalView *
ctd_final_view_new (CtdStore  *store,
                    GError   **error)
{
  g_autoptr(CtdFinalView) self = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (CTD_TYPE_FINAL_VIEW, NULL);
  self->store = store;
  if (!final_view_refresh (self, store, ALL_CHANGES, 0, 0, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * ctd_final_view_update:
 * @self: a final view
 * @store: the event to read, as it is now
 * @what: what changed
 * @round: the round concerned, 0 when several or none
 * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
 * @error: return location for a #GError
 *
 * Brings the view up to date after one change of the event (the
 * arguments of CtdDocument's "changed"), reading again only what the
 * change can touch. What changed notifies; the lists' items stay the
 * same objects and notify too.
 *
 * Returns: whether the view could be read again
 */
gboolean
ctd_final_view_update (CtdFinalView  *self,
                       CtdStore      *store,
                       CtdChange      what,
                       guint          round,
                       guint          chouette,
                       GError       **error)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), FALSE);
  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  self->store = store;
  return final_view_refresh (self, store, what, round, chouette, error);
}

/**
 * ctd_final_view_forget_store:
 * @self: a final view
 *
 * Says that the store last given is closed: the view shows what it
 * showed, and a round chosen from now on lists no settlements.
 */
void
ctd_final_view_forget_store (CtdFinalView *self)
{
  g_return_if_fail (CTD_IS_FINAL_VIEW (self));

  self->store = NULL;
}

/**
 * ctd_final_view_get_round:
 * @self: a final view
 *
 * Returns: the Final's round number, 0 while there is no final
 */
guint
ctd_final_view_get_round (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), 0);
  return self->round;
}

/**
 * ctd_final_view_get_complete:
 * @self: a final view
 *
 * Returns: whether the Final is complete, so that it has placings
 */
gboolean
ctd_final_view_get_complete (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), FALSE);
  return self->complete;
}

/**
 * ctd_final_view_get_status:
 * @self: a final view
 *
 * Returns: (transfer none) (nullable): why there are no placings yet
 *   ("The Final is not finished: 7 of 12 games entered"), %NULL once the
 *   Final is complete
 */
const char *
ctd_final_view_get_status (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return self->status;
}

/**
 * ctd_final_view_get_ties:
 * @self: a final view
 *
 * Returns: (transfer none) (nullable): the places a roll-off must
 *   settle, one a line ("Ann and Bob are tied for 1st place"), or %NULL
 */
const char *
ctd_final_view_get_ties (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return self->ties;
}

/**
 * ctd_final_view_get_placings:
 * @self: a final view
 *
 * Returns: (transfer none): the placings 1st to 4th, as #CtdPlacingItem,
 *   empty until the Final is complete; updated in place
 */
GListModel *
ctd_final_view_get_placings (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return G_LIST_MODEL (self->placings);
}

/**
 * ctd_final_view_get_stake_text:
 * @self: a final view
 *
 * Returns: (transfer none): the stake and when a chouette settles, in
 *   a sentence
 */
const char *
ctd_final_view_get_stake_text (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return self->stake_text;
}

/**
 * ctd_final_view_get_fee_warning:
 * @self: a final view
 *
 * Returns: (transfer none) (nullable): what rule 1.8 recommends when
 *   the entry fee is not 20 to 25 times the stake
 *   (ctd_money_check_fee()), or %NULL
 */
const char *
ctd_final_view_get_fee_warning (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return self->fee_warning;
}

/**
 * ctd_final_view_get_settlement_round:
 * @self: a final view
 *
 * Returns: the round the settlements are of, 0 before any draw
 */
guint
ctd_final_view_get_settlement_round (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), 0);
  return self->settlement_round;
}

/**
 * ctd_final_view_set_settlement_round:
 * @self: a final view
 * @round: a round's number, or 0 for none
 * @error: return location for a #GError
 *
 * Lists @round's settlements (none for a round that was not drawn).
 * The view chooses the newest round by itself when one is drawn, and
 * when the round chosen is undone.
 *
 * Returns: whether the round could be read
 */
gboolean
ctd_final_view_set_settlement_round (CtdFinalView  *self,
                                     guint          round,
                                     GError       **error)
{
  gboolean ok;

  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (round == self->settlement_round)
    return TRUE;
  /* The list is the new round's by the time the round notifies. */
  g_object_freeze_notify (G_OBJECT (self));
  self->settlement_round = round;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTLEMENT_ROUND]);
  ok = final_view_load_settlements (self, self->store, 0, error);
  g_object_thaw_notify (G_OBJECT (self));
  return ok;
}

/**
 * ctd_final_view_get_settlements:
 * @self: a final view
 *
 * Returns: (transfer none): every chouette of the round to settle, as
 *   #CtdSettlementItem by number; updated in place
 */
GListModel *
ctd_final_view_get_settlements (CtdFinalView *self)
{
  g_return_val_if_fail (CTD_IS_FINAL_VIEW (self), NULL);
  return G_LIST_MODEL (self->settlements);
}

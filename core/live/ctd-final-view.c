/* ctd-final-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-final-view"

#include "config.h"

#include "ctd-final-view.h"

#include <glib/gi18n-lib.h>

#include "ctd-item-list.h"
#include "ctd-money.h"
#include "ctd-outcome-items.h"
#include "ctd-outcome.h"

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

enum
{
  PROP_0,
  PROP_ROUND,
  PROP_COMPLETE,
  PROP_STATUS,
  PROP_TIES,
  PROP_PLACINGS,
  PROP_STAKE_TEXT,
  PROP_FEE_WARNING,
  PROP_SETTLEMENT_ROUND,
  PROP_SETTLEMENTS,
  N_PROPS
};

#define ALL_CHANGES (CTD_CHANGE_SETTINGS | CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | \
                     CTD_CHANGE_CHOUETTE | CTD_CHANGE_STANDINGS)

struct _CtdFinalView
{
  GObject      parent_instance;

  /* borrowed: the store last given, until the keeper closes it */
  CtdStore    *store;

  /* owned */
  CtdItemList *placings;
  CtdItemList *settlements;
  char        *status;
  char        *ties;
  char        *stake_text;
  char        *fee_warning;

  guint        round;
  gboolean     complete;
  guint        settlement_round;
  guint        newest_round;    /* the newest round drawn, when last read */
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CtdFinalView, ctd_final_view, G_TYPE_OBJECT)

/* ---- updating what is shown --------------------------------------------- */

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
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
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
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
static gboolean
load_settlements (CtdFinalView  *self,
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
static gboolean
refresh (CtdFinalView  *self,
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
    ok = load_settlements (self, store, (everything || round == 0) ? 0 : chouette, error);
  g_object_thaw_notify (G_OBJECT (self));
  return ok;
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
  if (!refresh (self, store, ALL_CHANGES, 0, 0, error))
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
  return refresh (self, store, what, round, chouette, error);
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
  ok = load_settlements (self, self->store, 0, error);
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

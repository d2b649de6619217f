/* ctd-chouette-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chouette view: the object, its properties, and how a change
 * pushed by the document reloads it. What it shows is derived in
 * ctd-chouette-view-derive.c, read through ctd-chouette-view-read.c;
 * what an action would do is told by ctd-chouette-view-describe.c.
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view-private.h"
#include "ctd-store.h"

/*
 * A view keeps the chouette as loaded from the file (a CtdChouette, the
 * same object the store checks each new result against) and the facts
 * around it (seats, stake, the round's state, the paper totals). The
 * document that keeps it pushes every change into it
 * (ctd_chouette_view_update()), with the store to read and whether the
 * event can change; the view holds no reference back. It reloads
 * what a change touched and derives everything it shows again, from
 * core's functions only; a value that did not change does not notify,
 * and the games keep their items. A line typed into the page is tried
 * on a copy of the loaded chouette with ctd_chouette_record(), the very
 * call the store makes, so the page and the store cannot disagree.
 */

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdChouetteView, ctd_chouette_view, G_TYPE_OBJECT)

/* ---- updating what is shown --------------------------------------------- */

/* Each setter takes the new value, notifies @prop (0: none) if it
 * changed, and remembers that something did. */
void
view_update_string (CtdChouetteView *self,
                    char           **field,
                    char            *value,
                    guint            prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  self->changed = TRUE;
  if (prop != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
view_update_uint (CtdChouetteView *self,
                  guint           *field,
                  guint            value,
                  guint            prop)
{
  if (*field == value)
    return;
  *field = value;
  self->changed = TRUE;
  if (prop != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
view_update_boolean (CtdChouetteView *self,
                     gboolean        *field,
                     gboolean         value,
                     guint            prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  self->changed = TRUE;
  if (prop != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
view_update_halves (CtdChouetteView *self,
                    CtdHalves       *field,
                    CtdHalves        value)
{
  if (*field == value)
    return;
  *field = value;
  self->changed = TRUE;
}

/* Reloads what the changes in @what touched, then derives everything
 * again; "changed" follows when something shown changed. */
static gboolean
refresh (CtdChouetteView             *self,
         const CtdChouetteViewSource *source,
         CtdChange                    what,
         GError                     **error)
{
  CtdStore *store = source->store;
  gboolean ok = TRUE;

  self->changed = FALSE;
  g_object_freeze_notify (G_OBJECT (self));

  if (what & (CTD_CHANGE_ROUNDS | CTD_CHANGE_PLAYERS))
    ok = view_load_seats (self, store, error);
  if (ok && (what & CTD_CHANGE_SETTINGS))
    {
      g_auto(CtdEventSettings) settings = { 0, };

      ok = ctd_store_get_settings (store, &settings, error);
      if (ok)
        self->stake_cents = settings.stake_cents;
      view_update_string (self, &self->stake, ctd_money_to_string (self->stake_cents), PROP_STAKE);
    }
  if (ok && (what & CTD_CHANGE_ROUNDS) && self->exists)
    {
      CtdStoreRound info;

      ok = ctd_tournament_get_round (store, self->round, &info, error);
      if (ok)
        self->round_state = info.state;
    }
  if (ok && (what & (CTD_CHANGE_CHOUETTE | CTD_CHANGE_ROUNDS | CTD_CHANGE_SETTINGS)))
    ok = view_load_chouette (self, store, error);
  if (ok)
    {
      view_derive_editable (self, source);
      view_derive (self);
    }

  g_object_thaw_notify (G_OBJECT (self));
  if (ok && self->changed)
    g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

/* What of the view a change announced by the document touches. */
static CtdChange
needed_by (CtdChouetteView *self,
           CtdChange        what,
           guint            round,
           guint            chouette)
{
  CtdChange needed = 0;

  /* The direction orders the last segment, the stake sets the amounts. */
  if (what & CTD_CHANGE_SETTINGS)
    return ALL_CHANGES;
  /* Any round: drawing the next one closes this one. */
  if (what & CTD_CHANGE_ROUNDS)
    needed |= CTD_CHANGE_ROUNDS;
  if (what & CTD_CHANGE_PLAYERS)
    needed |= CTD_CHANGE_PLAYERS;
  if ((what & CTD_CHANGE_CHOUETTE) && (round == 0 || round == self->round) &&
      (chouette == 0 || chouette == self->number))
    needed |= CTD_CHANGE_CHOUETTE;
  return needed;
}

/* ---- the object --------------------------------------------------------- */

static void
ctd_chouette_view_finalize (GObject *object)
{
  CtdChouetteView *self = CTD_CHOUETTE_VIEW (object);

  g_clear_pointer (&self->chouette, ctd_chouette_free);
  g_clear_object (&self->games);
  g_free (self->label);
  g_free (self->stake);
  g_free (self->locked_reason);
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      g_free (self->names[p]);
      g_free (self->total_text[p]);
      g_free (self->amount_text[p]);
      g_free (self->paper_text[p]);
    }
  g_free (self->zero_sum_text);
  g_free (self->settlement);
  g_free (self->last_order_text);
  g_free (self->last_order_basis);
  g_free (self->crosscheck);
  G_OBJECT_CLASS (ctd_chouette_view_parent_class)->finalize (object);
}

static void
ctd_chouette_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CtdChouetteView *self = CTD_CHOUETTE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ROUND:
      g_value_set_uint (value, self->round);
      break;
    case PROP_NUMBER:
      g_value_set_uint (value, self->number);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_EXISTS:
      g_value_set_boolean (value, self->exists);
      break;
    case PROP_TABLE:
      g_value_set_uint (value, self->table);
      break;
    case PROP_SIZE:
      g_value_set_uint (value, self->size);
      break;
    case PROP_STAKE:
      g_value_set_string (value, self->stake);
      break;
    case PROP_EDITABLE:
      g_value_set_boolean (value, self->editable);
      break;
    case PROP_LOCKED_REASON:
      g_value_set_string (value, self->locked_reason);
      break;
    case PROP_GAMES:
      g_value_set_object (value, self->games);
      break;
    case PROP_N_RECORDED:
      g_value_set_uint (value, self->n_recorded);
      break;
    case PROP_NEXT_GAME:
      g_value_set_uint (value, self->next_game);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    case PROP_TOTALS_KNOWN:
      g_value_set_boolean (value, self->totals_known);
      break;
    case PROP_ZERO_SUM:
      g_value_set_boolean (value, self->zero_sum);
      break;
    case PROP_ZERO_SUM_TEXT:
      g_value_set_string (value, self->zero_sum_text);
      break;
    case PROP_AMOUNTS_PROVISIONAL:
      g_value_set_boolean (value, self->amounts_provisional);
      break;
    case PROP_SETTLEMENT:
      g_value_set_string (value, self->settlement);
      break;
    case PROP_LAST_ORDER_TEXT:
      g_value_set_string (value, self->last_order_text);
      break;
    case PROP_LAST_ORDER_BASIS:
      g_value_set_string (value, self->last_order_basis);
      break;
    case PROP_LAST_ORDER_FIXED:
      g_value_set_boolean (value, self->last_order_fixed);
      break;
    case PROP_LAST_ORDER_STALE:
      g_value_set_boolean (value, self->last_order_stale);
      break;
    case PROP_PAPER_GIVEN:
      g_value_set_boolean (value, self->paper_given);
      break;
    case PROP_PAPER_AGREES:
      g_value_set_boolean (value, self->paper_agrees);
      break;
    case PROP_CROSSCHECK:
      g_value_set_string (value, self->crosscheck);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_chouette_view_class_init (CtdChouetteViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ctd_chouette_view_finalize;
  object_class->get_property = ctd_chouette_view_get_property;

  properties[PROP_ROUND] = g_param_spec_uint ("round", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* "1.3" */
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  /* FALSE once the chouette is gone (its draw undone or repeated) */
  properties[PROP_EXISTS] = g_param_spec_boolean ("exists", NULL, NULL, FALSE, flags);
  properties[PROP_TABLE] = g_param_spec_uint ("table", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_SIZE] = g_param_spec_uint ("size", NULL, NULL, 0, CTD_MAX_PLAYERS, 0, flags);
  /* the stake per point, "5.00" */
  properties[PROP_STAKE] = g_param_spec_string ("stake", NULL, NULL, NULL, flags);
  /* whether results can be entered, replaced and cleared */
  properties[PROP_EDITABLE] = g_param_spec_boolean ("editable", NULL, NULL, FALSE, flags);
  /* why not, or "" */
  properties[PROP_LOCKED_REASON] = g_param_spec_string ("locked-reason", NULL, NULL, NULL,
                                                        flags);
  properties[PROP_GAMES] = g_param_spec_object ("games", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  properties[PROP_N_RECORDED] = g_param_spec_uint ("n-recorded", NULL, NULL, 0, CTD_N_GAMES, 0,
                                                   flags);
  /* the first game without a result, 0 when all are entered */
  properties[PROP_NEXT_GAME] = g_param_spec_uint ("next-game", NULL, NULL, 0, CTD_N_GAMES, 0,
                                                  flags);
  /* every game entered */
  properties[PROP_COMPLETE] = g_param_spec_boolean ("complete", NULL, NULL, FALSE, flags);
  properties[PROP_TOTALS_KNOWN] = g_param_spec_boolean ("totals-known", NULL, NULL, FALSE,
                                                        flags);
  properties[PROP_ZERO_SUM] = g_param_spec_boolean ("zero-sum", NULL, NULL, TRUE, flags);
  /* the sum of the totals as the sheet's check prints it, "0", or "" */
  properties[PROP_ZERO_SUM_TEXT] = g_param_spec_string ("zero-sum-text", NULL, NULL, NULL,
                                                        flags);
  /* amounts before the last game: what the scores so far come to */
  properties[PROP_AMOUNTS_PROVISIONAL] = g_param_spec_boolean ("amounts-provisional", NULL,
                                                               NULL, FALSE, flags);
  /* who pays whom once every game is entered, or "" */
  properties[PROP_SETTLEMENT] = g_param_spec_string ("settlement", NULL, NULL, NULL, flags);
  /* the last segment's crew in captaining order, "3 1 2", or "" */
  properties[PROP_LAST_ORDER_TEXT] = g_param_spec_string ("last-order", NULL, NULL, NULL,
                                                          flags);
  properties[PROP_LAST_ORDER_BASIS] = g_param_spec_string ("last-order-basis", NULL, NULL,
                                                           NULL, flags);
  properties[PROP_LAST_ORDER_FIXED] = g_param_spec_boolean ("last-order-fixed", NULL, NULL,
                                                            FALSE, flags);
  /* fixed, and no longer what the scores give */
  properties[PROP_LAST_ORDER_STALE] = g_param_spec_boolean ("last-order-stale", NULL, NULL,
                                                            FALSE, flags);
  /* whether the paper sheet's totals were typed */
  properties[PROP_PAPER_GIVEN] = g_param_spec_boolean ("paper-given", NULL, NULL, FALSE,
                                                       flags);
  /* whether they agree with the entered games (TRUE when none were typed) */
  properties[PROP_PAPER_AGREES] = g_param_spec_boolean ("paper-agrees", NULL, NULL, TRUE,
                                                        flags);
  /* the cross-check in words, game by game where it disagrees, or "" */
  properties[PROP_CROSSCHECK] = g_param_spec_string ("crosscheck", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdChouetteView::changed:
   * @self: the view
   *
   * Emitted once after the view was brought up to date with a change
   * (by this window or any other writer of the file) that changed
   * something it shows. Its properties and its games' items have
   * notified already; a page that shows more re-reads the view here.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ctd_chouette_view_init (CtdChouetteView *self)
{
  self->games = ctd_item_list_new (CTD_TYPE_GAME_ITEM, ctd_game_item_key, ctd_game_item_assign);
  self->zero_sum = TRUE;
  self->paper_agrees = TRUE;
  self->locked_code = -1;
}

/**
 * ctd_chouette_view_new:
 * @source: the event to read and whether it can change
 * @round: the round
 * @number: the chouette's number in @round
 * @error: return location for a #GError
 *
 * Reads chouette @round.@number; its keeper then pushes every change
 * into it (ctd_chouette_view_update()). A page gets its view from
 * ctd_document_get_chouette_view(), which keeps one per chouette.
 *
 * Returns: (transfer full) (nullable): the view, or %NULL with
 *   %CTD_STORE_ERROR_NOT_FOUND when there is no such chouette (or
 *   another error when the file cannot be read)
 */
CtdChouetteView *
ctd_chouette_view_new (const CtdChouetteViewSource  *source,
                       guint                         round,
                       guint                         number,
                       GError                      **error)
{
  g_autoptr(CtdChouetteView) self = NULL;

  g_return_val_if_fail (source != NULL && source->store != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (CTD_TYPE_CHOUETTE_VIEW, NULL);
  self->round = round;
  self->number = number;
  self->label = g_strdup_printf ("%u.%u", round, number);
  if (!refresh (self, source, ALL_CHANGES, error))
    return NULL;
  if (!self->exists)
    {
      g_set_error_literal (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                           self->locked_reason);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * ctd_chouette_view_update:
 * @self: a chouette view
 * @source: the event to read and whether it can change, as they are now
 * @what: what changed
 * @round: the round concerned, 0 when several or none
 * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
 * @error: return location for a #GError
 *
 * Brings the view up to date after one change of the event (the
 * arguments of CtdDocument's "changed"), reloading only what the change
 * touched; "changed" follows when something shown changed.
 *
 * Returns: whether the view could be read again
 */
gboolean
ctd_chouette_view_update (CtdChouetteView              *self,
                          const CtdChouetteViewSource  *source,
                          CtdChange                     what,
                          guint                         round,
                          guint                         chouette,
                          GError                      **error)
{
  CtdChange needed;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  g_return_val_if_fail (source != NULL && source->store != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  needed = needed_by (self, what, round, chouette);
  return needed == 0 || refresh (self, source, needed, error);
}

/* ctd-chouette-view.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-chouette-view"

#include "config.h"

#include "ctd-chouette-view.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ctd-event.h"
#include "ctd-item-list.h"
#include "ctd-items.h"
#include "ctd-money.h"

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

#define ALL_CHANGES (CTD_CHANGE_SETTINGS | CTD_CHANGE_PLAYERS | CTD_CHANGE_ROUNDS | \
                     CTD_CHANGE_CHOUETTE)

struct _CtdChouetteView
{
  GObject        parent_instance;

  /* owned */
  CtdChouette   *chouette;      /* NULL while the chouette does not exist */
  CtdItemList   *games;
  char          *label;
  char          *stake;
  char          *locked_reason;
  char          *names[CTD_MAX_PLAYERS];
  char          *total_text[CTD_MAX_PLAYERS];
  char          *amount_text[CTD_MAX_PLAYERS];
  char          *paper_text[CTD_MAX_PLAYERS];
  char          *zero_sum_text;
  char          *settlement;
  char          *last_order_text;
  char          *last_order_basis;
  char          *crosscheck;

  guint          round;
  guint          number;
  guint          table;
  guint          size;
  gboolean       exists;
  CtdCents       stake_cents;
  CtdRoundState  round_state;
  gboolean       editable;
  int            locked_code;   /* the CTD_STORE_ERROR a preview refuses with */
  guint          n_recorded;
  guint          next_game;
  gboolean       complete;
  gboolean       totals_known;
  CtdHalves      totals[CTD_MAX_PLAYERS];
  gboolean       zero_sum;
  gboolean       amounts_provisional;
  gboolean       last_order_known;
  guint          last_order[CTD_MAX_PLAYERS - 1];
  gboolean       last_order_fixed;
  gboolean       last_order_stale;
  CtdHalves      paper[CTD_MAX_PLAYERS];
  gboolean       paper_by[CTD_MAX_PLAYERS];
  gboolean       paper_given;
  gboolean       paper_agrees;

  /* during a refresh: whether anything shown changed */
  gboolean       changed;
  guint          n_item_notifies;
};

enum
{
  PROP_0,
  PROP_ROUND,
  PROP_NUMBER,
  PROP_LABEL,
  PROP_EXISTS,
  PROP_TABLE,
  PROP_SIZE,
  PROP_STAKE,
  PROP_EDITABLE,
  PROP_LOCKED_REASON,
  PROP_GAMES,
  PROP_N_RECORDED,
  PROP_NEXT_GAME,
  PROP_COMPLETE,
  PROP_TOTALS_KNOWN,
  PROP_ZERO_SUM,
  PROP_ZERO_SUM_TEXT,
  PROP_AMOUNTS_PROVISIONAL,
  PROP_SETTLEMENT,
  PROP_LAST_ORDER_TEXT,
  PROP_LAST_ORDER_BASIS,
  PROP_LAST_ORDER_FIXED,
  PROP_LAST_ORDER_STALE,
  PROP_PAPER_GIVEN,
  PROP_PAPER_AGREES,
  PROP_CROSSCHECK,
  N_PROPS
};

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
static void
update_string (CtdChouetteView *self,
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

static void
update_uint (CtdChouetteView *self,
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

static void
update_boolean (CtdChouetteView *self,
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

static void
update_halves (CtdChouetteView *self,
               CtdHalves       *field,
               CtdHalves        value)
{
  if (*field == value)
    return;
  *field = value;
  self->changed = TRUE;
}

static char *
halves_text (gboolean  known,
             CtdHalves halves)
{
  return known ? ctd_halves_to_string (halves, TRUE) : g_strdup ("");
}

/* "3 1 2" */
static char *
players_text (const guint *players,
              guint        n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", players[i]);
  return g_string_free (text, FALSE);
}

/* "player 2 (Bob)" */
static char *
player_text (CtdChouetteView *self,
             guint            player)
{
  const char *name = player >= 1 && player <= CTD_MAX_PLAYERS ? self->names[player - 1] : NULL;

  if (name == NULL || *name == '\0')
    return g_strdup_printf (_("player %u"), player);
  return g_strdup_printf (_("player %u (%s)"), player, name);
}

/* "game 5", "games 5 and 8", "games 2, 5 and 8" for bits g - 1 of @mask */
static char *
games_text (guint mask)
{
  GString *text = g_string_new (NULL);
  guint n = 0, seen = 0;

  for (guint game = 1; game <= CTD_N_GAMES; game++)
    n += (mask >> (game - 1)) & 1;
  g_string_append (text, n == 1 ? _("game ") : _("games "));
  for (guint game = 1; game <= CTD_N_GAMES; game++)
    if (mask & (1u << (game - 1)))
      {
        if (seen > 0)
          g_string_append (text, seen == n - 1 ? _(" and ") : ", ");
        g_string_append_printf (text, "%u", game);
        seen++;
      }
  return g_string_free (text, FALSE);
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

      if (i > 0)
        g_string_append (text, "; ");
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
  CtdHalves sum = 0;
  gboolean known;

  if (self->chouette != NULL)
    ctd_chouette_get_totals (self->chouette, totals);
  /* As the sheet: no totals before the first game. */
  known = self->n_recorded > 0;
  update_boolean (self, &self->totals_known, known, PROP_TOTALS_KNOWN);
  for (guint p = 0; p < CTD_MAX_PLAYERS; p++)
    {
      gboolean here = known && p < self->size;

      update_halves (self, &self->totals[p], here ? totals[p] : 0);
      update_string (self, &self->total_text[p], halves_text (here, totals[p]), 0);
      update_string (self, &self->amount_text[p],
                     here ? ctd_money_to_string (ctd_money_amount (totals[p], self->stake_cents))
                          : g_strdup (""), 0);
      sum += here ? totals[p] : 0;
    }
  update_boolean (self, &self->zero_sum, sum == 0, PROP_ZERO_SUM);
  update_string (self, &self->zero_sum_text, halves_text (known, sum), PROP_ZERO_SUM_TEXT);
  /* Rule 1.8: a chouette settles at its end; before, amounts are only
   * what the scores so far come to. */
  update_boolean (self, &self->amounts_provisional, known && !self->complete,
                  PROP_AMOUNTS_PROVISIONAL);
  update_string (self, &self->settlement,
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
    update_uint (self, &self->last_order[i], known && i < self->size - 1 ? order[i] : 0, 0);
  update_string (self, &self->last_order_text,
                 known ? players_text (order, self->size - 1) : g_strdup (""),
                 PROP_LAST_ORDER_TEXT);
  update_string (self, &self->last_order_basis,
                 self->chouette != NULL
                   ? ctd_chouette_describe_last_segment_order (self->chouette)
                   : g_strdup (""), PROP_LAST_ORDER_BASIS);
  update_boolean (self, &self->last_order_fixed,
                  self->chouette != NULL
                    && ctd_chouette_get_last_segment_order (self->chouette) != NULL,
                  PROP_LAST_ORDER_FIXED);
  update_boolean (self, &self->last_order_stale,
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
      g_autofree char *who = player_text (self, m->player);
      g_autofree char *paper = ctd_halves_to_string (m->paper, TRUE);
      g_autofree char *computed = ctd_halves_to_string (m->computed, TRUE);

      who[0] = g_ascii_toupper (who[0]);
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s: the paper says %s, the entered games %s; "), who,
                              paper, computed);
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
      update_string (self, &self->paper_text[p], halves_text (self->paper_by[p], self->paper[p]),
                     0);
    }
  if (self->chouette != NULL)
    mismatches = ctd_chouette_crosscheck (self->chouette, self->paper, self->paper_by);
  update_boolean (self, &self->paper_given, given, PROP_PAPER_GIVEN);
  update_boolean (self, &self->paper_agrees, mismatches == NULL || mismatches->len == 0,
                  PROP_PAPER_AGREES);
  update_string (self, &self->crosscheck,
                 given && mismatches != NULL ? crosscheck_text (self, mismatches) : g_strdup (""),
                 PROP_CROSSCHECK);
}

/* Everything shown, from the chouette and the facts loaded. */
static void
derive (CtdChouetteView *self)
{
  guint n_recorded = 0, next_game = 0;

  if (self->chouette != NULL)
    {
      n_recorded = ctd_chouette_get_n_recorded (self->chouette);
      for (guint game = CTD_N_GAMES; game >= 1; game--)
        if (ctd_chouette_get_result (self->chouette, game) == NULL)
          next_game = game;
    }
  update_uint (self, &self->n_recorded, n_recorded, PROP_N_RECORDED);
  update_uint (self, &self->next_game, next_game, PROP_NEXT_GAME);
  update_boolean (self, &self->complete, n_recorded == CTD_N_GAMES, PROP_COMPLETE);
  derive_games (self);
  derive_totals (self);
  derive_last_order (self);
  derive_crosscheck (self);
}

/* Whether results can change, and if not, why (the store's refusals). */
static void
derive_editable (CtdChouetteView             *self,
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
  update_boolean (self, &self->editable, reason == NULL, PROP_EDITABLE);
  update_string (self, &self->locked_reason, reason != NULL ? reason : g_strdup (""),
                 PROP_LOCKED_REASON);
}

/* Reads the seats; a chouette that is gone (an undone or repeated draw)
 * leaves the view empty rather than failing. */
static gboolean
load_seats (CtdChouetteView  *self,
            CtdStore         *store,
            GError          **error)
{
  g_autoptr(CtdStoreChouette) seats = NULL;
  g_autoptr(GError) local_error = NULL;

  seats = ctd_event_get_chouette (store, self->round, self->number, &local_error);
  if (seats == NULL && !g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  update_boolean (self, &self->exists, seats != NULL, PROP_EXISTS);
  update_uint (self, &self->table, seats != NULL ? seats->table : 0, PROP_TABLE);
  update_uint (self, &self->size, seats != NULL ? seats->size : 0, PROP_SIZE);
  for (guint k = 0; k < CTD_MAX_PLAYERS; k++)
    update_string (self, &self->names[k],
                   g_strdup (seats != NULL && k < seats->size ? seats->names[k] : ""), 0);
  return TRUE;
}

static gboolean
load_chouette (CtdChouetteView  *self,
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
    ok = load_seats (self, store, error);
  if (ok && (what & CTD_CHANGE_SETTINGS))
    {
      g_auto(CtdEventSettings) settings = { 0, };

      ok = ctd_store_get_settings (store, &settings, error);
      if (ok)
        self->stake_cents = settings.stake_cents;
      update_string (self, &self->stake, ctd_money_to_string (self->stake_cents), PROP_STAKE);
    }
  if (ok && (what & CTD_CHANGE_ROUNDS) && self->exists)
    {
      CtdStoreRound info;

      ok = ctd_event_get_round (store, self->round, &info, error);
      if (ok)
        self->round_state = info.state;
    }
  if (ok && (what & (CTD_CHANGE_CHOUETTE | CTD_CHANGE_ROUNDS | CTD_CHANGE_SETTINGS)))
    ok = load_chouette (self, store, error);
  if (ok)
    {
      derive_editable (self, source);
      derive (self);
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

/* ---- reading ------------------------------------------------------------ */

static gboolean
player_is_valid (guint player)
{
  return player >= 1 && player <= CTD_MAX_PLAYERS;
}

/**
 * ctd_chouette_view_get_round:
 * @self: a chouette view
 *
 * Returns: the round of the chouette
 */
guint
ctd_chouette_view_get_round (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->round;
}

/**
 * ctd_chouette_view_get_number:
 * @self: a chouette view
 *
 * Returns: the chouette's number in its round
 */
guint
ctd_chouette_view_get_number (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->number;
}

/**
 * ctd_chouette_view_get_label:
 * @self: a chouette view
 *
 * Returns: (transfer none): "ROUND.NUMBER", e.g. "1.3"
 */
const char *
ctd_chouette_view_get_label (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->label;
}

/**
 * ctd_chouette_view_get_exists:
 * @self: a chouette view
 *
 * A chouette disappears when its draw is undone or repeated; the view
 * then shows nothing (no games, no players) until it is back.
 *
 * Returns: whether the chouette is in the event
 */
gboolean
ctd_chouette_view_get_exists (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->exists;
}

/**
 * ctd_chouette_view_get_table:
 * @self: a chouette view
 *
 * Returns: the table the chouette plays at
 */
guint
ctd_chouette_view_get_table (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->table;
}

/**
 * ctd_chouette_view_get_size:
 * @self: a chouette view
 *
 * Returns: 3 or 4 players (0 while the chouette does not exist)
 */
guint
ctd_chouette_view_get_size (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->size;
}

/**
 * ctd_chouette_view_get_name:
 * @self: a chouette view
 * @player: a player number, 1..size
 *
 * Returns: (transfer none): the name of player number @player, or ""
 *   past the chouette's size
 */
const char *
ctd_chouette_view_get_name (CtdChouetteView *self,
                            guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->names[player - 1];
}

/**
 * ctd_chouette_view_get_stake:
 * @self: a chouette view
 *
 * Returns: (transfer none): the event's stake per point, as money is
 *   written ("5.00")
 */
const char *
ctd_chouette_view_get_stake (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->stake;
}

/**
 * ctd_chouette_view_get_editable:
 * @self: a chouette view
 *
 * Results, paper totals and the last-segment order can change only
 * while the round is open (not released, no later round drawn), in a
 * file open for writing.
 *
 * Returns: whether the director can change this chouette now
 */
gboolean
ctd_chouette_view_get_editable (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->editable;
}

/**
 * ctd_chouette_view_get_locked_reason:
 * @self: a chouette view
 *
 * Returns: (transfer none): why the chouette cannot change ("Round 1 is
 *   released: ..."), as the store would refuse; "" when it can
 */
const char *
ctd_chouette_view_get_locked_reason (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->locked_reason;
}

/**
 * ctd_chouette_view_get_games:
 * @self: a chouette view
 *
 * The rows of the scoring sheet, game 1 first, as the printed sheet
 * shows them (ctd_chouette_get_sheet_game()). Each game keeps its item
 * for as long as the chouette exists; a change notifies the item's
 * properties that changed.
 *
 * Returns: (transfer none): the games (#CtdGameItem); empty while the
 *   chouette does not exist
 */
GListModel *
ctd_chouette_view_get_games (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return G_LIST_MODEL (self->games);
}

/**
 * ctd_chouette_view_get_n_recorded:
 * @self: a chouette view
 *
 * Returns: how many games have a result, wherever they are
 */
guint
ctd_chouette_view_get_n_recorded (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->n_recorded;
}

/**
 * ctd_chouette_view_get_next_game:
 * @self: a chouette view
 *
 * Returns: the first game without a result, where entry goes on; 0 when
 *   every game is entered
 */
guint
ctd_chouette_view_get_next_game (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  return self->next_game;
}

/**
 * ctd_chouette_view_get_complete:
 * @self: a chouette view
 *
 * Every game entered. The round also waits for typed paper totals to
 * agree: see ctd_chouette_view_get_paper_agrees().
 *
 * Returns: whether all CTD_N_GAMES games have a result
 */
gboolean
ctd_chouette_view_get_complete (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->complete;
}

/**
 * ctd_chouette_view_get_totals_known:
 * @self: a chouette view
 *
 * Returns: whether there are totals to show: as on the sheet, once a
 *   game is entered
 */
gboolean
ctd_chouette_view_get_totals_known (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->totals_known;
}

/**
 * ctd_chouette_view_get_total:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: @player's chouette score, the sum of the entered games, in
 *   half points (0 past the size, or before any game)
 */
CtdHalves
ctd_chouette_view_get_total (CtdChouetteView *self,
                             guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  g_return_val_if_fail (player_is_valid (player), 0);
  return self->totals[player - 1];
}

/**
 * ctd_chouette_view_get_total_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's chouette score as the sheet prints
 *   it ("+12.5", "-3", "0"), or "" before any game
 */
const char *
ctd_chouette_view_get_total_text (CtdChouetteView *self,
                                  guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->total_text[player - 1];
}

/**
 * ctd_chouette_view_get_zero_sum:
 * @self: a chouette view
 *
 * The sheet's zero-sum check: every game's scores add up to zero, so
 * the totals must.
 *
 * Returns: whether the totals add up to zero
 */
gboolean
ctd_chouette_view_get_zero_sum (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->zero_sum;
}

/**
 * ctd_chouette_view_get_zero_sum_text:
 * @self: a chouette view
 *
 * Returns: (transfer none): the sum of the totals as the sheet's check
 *   cell prints it ("0"), or "" before any game
 */
const char *
ctd_chouette_view_get_zero_sum_text (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->zero_sum_text;
}

/**
 * ctd_chouette_view_get_amount_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's score at the stake ("-12.50"), or
 *   "" before any game; provisional until every game is entered
 *   (ctd_chouette_view_get_amounts_provisional())
 */
const char *
ctd_chouette_view_get_amount_text (CtdChouetteView *self,
                                   guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->amount_text[player - 1];
}

/**
 * ctd_chouette_view_get_amounts_provisional:
 * @self: a chouette view
 *
 * Rule 1.8: a chouette settles at its end; the sheet prints amounts
 * before that in italics, as what the scores so far come to.
 *
 * Returns: whether there are amounts and a game is still missing
 */
gboolean
ctd_chouette_view_get_amounts_provisional (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->amounts_provisional;
}

/**
 * ctd_chouette_view_get_settlement:
 * @self: a chouette view
 *
 * Returns: (transfer none): who pays whom with the fewest payments
 *   ("2 Bob pays 1 Ann 4.00; ..."), once every game is entered; ""
 *   before
 */
const char *
ctd_chouette_view_get_settlement (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->settlement;
}

/**
 * ctd_chouette_view_get_last_order:
 * @self: a chouette view
 *
 * The last segment's crew in captaining order as the sheet shows it
 * (ctd_chouette_get_sheet_last_order()): fixed, or given by the scores
 * once games 1-9 (1-8) are entered.
 *
 * Returns: (transfer none) (nullable) (array): size - 1 player numbers,
 *   valid until the view changes, or %NULL while not known
 */
const guint *
ctd_chouette_view_get_last_order (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_known ? self->last_order : NULL;
}

/**
 * ctd_chouette_view_get_last_order_text:
 * @self: a chouette view
 *
 * Returns: (transfer none): the last-segment order, "3 1 2", or "" while
 *   it is not known
 */
const char *
ctd_chouette_view_get_last_order_text (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_text;
}

/**
 * ctd_chouette_view_get_last_order_basis:
 * @self: a chouette view
 *
 * Returns: (transfer none): where the order comes from, with ties and
 *   whether it is fixed (ctd_chouette_describe_last_segment_order())
 */
const char *
ctd_chouette_view_get_last_order_basis (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->last_order_basis;
}

/**
 * ctd_chouette_view_get_last_order_fixed:
 * @self: a chouette view
 *
 * Returns: whether the last-segment order is fixed (by the first
 *   last-segment result, or by the director)
 */
gboolean
ctd_chouette_view_get_last_order_fixed (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->last_order_fixed;
}

/**
 * ctd_chouette_view_get_last_order_stale:
 * @self: a chouette view
 *
 * Returns: whether the fixed order is no longer what the scores give
 *   (ctd_chouette_last_segment_order_is_stale())
 */
gboolean
ctd_chouette_view_get_last_order_stale (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->last_order_stale;
}

/**
 * ctd_chouette_view_get_paper_given:
 * @self: a chouette view
 *
 * Returns: whether the paper sheet's totals row was typed
 */
gboolean
ctd_chouette_view_get_paper_given (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->paper_given;
}

/**
 * ctd_chouette_view_get_paper:
 * @self: a chouette view
 * @player: a player number
 * @out_given: (out) (optional): whether @player's paper total was typed
 *
 * Returns: @player's total on the paper sheet, in half points; 0 when
 *   none was typed
 */
CtdHalves
ctd_chouette_view_get_paper (CtdChouetteView *self,
                             guint            player,
                             gboolean        *out_given)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), 0);
  g_return_val_if_fail (player_is_valid (player), 0);
  if (out_given != NULL)
    *out_given = self->paper_by[player - 1];
  return self->paper[player - 1];
}

/**
 * ctd_chouette_view_get_paper_text:
 * @self: a chouette view
 * @player: a player number
 *
 * Returns: (transfer none): @player's paper total ("+4.5"), or "" when
 *   none was typed
 */
const char *
ctd_chouette_view_get_paper_text (CtdChouetteView *self,
                                  guint            player)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (player_is_valid (player), NULL);
  return self->paper_text[player - 1];
}

/**
 * ctd_chouette_view_get_paper_agrees:
 * @self: a chouette view
 *
 * Returns: whether the typed paper totals agree with the entered games
 *   (ctd_chouette_crosscheck()); %TRUE when none were typed
 */
gboolean
ctd_chouette_view_get_paper_agrees (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), FALSE);
  return self->paper_agrees;
}

/**
 * ctd_chouette_view_get_crosscheck:
 * @self: a chouette view
 *
 * The cross-check in the director's words: for each player whose paper
 * total disagrees, both totals and the games that alone would explain
 * the difference (left off the paper, or entered with the wrong sign),
 * one line per player, then the games not entered yet.
 *
 * Returns: (transfer none): "Player 2 (Bob): the paper says +4, the
 *   entered games +2; look first at game 5 (...)", "The paper totals
 *   agree with the entered games.", or "" when none were typed
 */
const char *
ctd_chouette_view_get_crosscheck (CtdChouetteView *self)
{
  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  return self->crosscheck;
}

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

/* Whether @a and @b hold the same tokens in the same order, whatever
 * the spaces between them. */
static gboolean
same_tokens (const char *a,
             const char *b)
{
  g_auto(GStrv) ta = g_strsplit_set (a, " \t", -1);
  g_auto(GStrv) tb = g_strsplit_set (b, " \t", -1);
  guint i = 0, j = 0;

  for (;;)
    {
      while (ta[i] != NULL && *ta[i] == '\0')
        i++;
      while (tb[j] != NULL && *tb[j] == '\0')
        j++;
      if (ta[i] == NULL || tb[j] == NULL)
        return ta[i] == NULL && tb[j] == NULL;
      if (strcmp (ta[i++], tb[j++]) != 0)
        return FALSE;
    }
}

/**
 * ctd_chouette_view_describe_stored:
 * @self: a chouette view
 * @game: 1..CTD_N_GAMES
 * @notation: a result line as the director types it
 *
 * Says, before the line is recorded, that the line stored and shown
 * will not be the one typed, and why where the rules give a reason: a
 * crew member's cube played to the end at the game's starting value
 * needs no token (SPEC 5: "A crew member left out played to the end at
 * V0"), so "T 3:4" at a starting cube of 4 is stored as "T". Any other
 * difference (the tokens' order, letter case) is named without a reason.
 *
 * Returns: (transfer full) (nullable): "Stored as “T”: player 3's cube
 *   was played at its starting value, which the line leaves out.", or
 *   %NULL when the line is stored as typed (spaces aside) or would be
 *   refused (ctd_chouette_view_preview() says why)
 */
char *
ctd_chouette_view_describe_stored (CtdChouetteView *self,
                                   guint            game,
                                   const char      *notation)
{
  g_autoptr(CtdChouette) copy = NULL;
  g_autofree char *canonical = NULL;
  g_auto(GStrv) tokens = NULL;
  g_autoptr(GString) players = NULL;
  const CtdResult *result;
  guint n_players = 0;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (notation != NULL, NULL);

  if (!check_editable (self, NULL))
    return NULL;
  copy = ctd_chouette_copy (self->chouette);
  if (!ctd_chouette_record (copy, game, notation, NULL))
    return NULL;
  result = ctd_chouette_get_result (copy, game);
  canonical = ctd_result_format (result);
  if (same_tokens (notation, canonical))
    return NULL;

  /* The cubes typed out at their starting value: the canonical line
   * drops them (ctd_result_format()). */
  players = g_string_new (NULL);
  tokens = g_strsplit_set (notation, " \t", -1);
  for (guint p = 1; p <= result->context.size; p++)
    {
      const CtdCube *cube = &result->cubes[p - 1];
      g_autofree char *prefix = g_strdup_printf ("%u:", p);
      gboolean typed = FALSE;

      if (p == result->context.box || cube->end != CTD_CUBE_PLAYED ||
          cube->value != result->context.cube_start)
        continue;
      for (guint i = 0; tokens[i] != NULL && !typed; i++)
        typed = g_str_has_prefix (tokens[i], prefix);
      if (!typed)
        continue;
      if (n_players > 0)
        g_string_append (players, ", ");
      g_string_append_printf (players, "%u", p);
      n_players++;
    }
  if (n_players == 0)
    /* TRANSLATORS: the line typed differs from the one stored only in
     * its form (order, letter case): "Stored as “Tg 2:4 3:2-”." */
    return g_strdup_printf (_("Stored as “%s”."), canonical);
  /* TRANSLATORS: "Stored as “T”: player 3's cube was played at its
   * starting value, which the line leaves out." (one player) or
   * "... the cubes of players 2, 3 were played ..." (several) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Stored as “%s”: player %s's cube was played at its "
                                       "starting value, which the line leaves out.",
                                       "Stored as “%s”: the cubes of players %s were played at "
                                       "their starting value, which the line leaves out.",
                                       n_players),
                          canonical, players->str);
}

/* What happens to the totals: "Totals: player 1 (Ann) +3 (now +1), ..." */
static void
describe_totals (CtdChouetteView   *self,
                 const CtdChouette *before,
                 const CtdChouette *after,
                 GPtrArray         *lines)
{
  CtdHalves old[CTD_MAX_PLAYERS], now[CTD_MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  ctd_chouette_get_totals (before, old);
  ctd_chouette_get_totals (after, now);
  for (guint p = 1; p <= self->size; p++)
    {
      g_autofree char *who = NULL;
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (old[p - 1] == now[p - 1])
        continue;
      who = player_text (self, p);
      from = ctd_halves_to_string (old[p - 1], TRUE);
      to = ctd_halves_to_string (now[p - 1], TRUE);
      /* TRANSLATORS: "player 2 (Bob) +4 instead of -2" */
      g_string_append_printf (text, _("%s%s %s instead of %s"), text->len > 0 ? ", " : "", who,
                              to, from);
    }
  if (text->len > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Totals: %s."), text->str));
  else
    g_ptr_array_add (lines, g_strdup (_("No total changes.")));
  g_string_free (text, TRUE);
}

/* Rule 3.8 downstream: each later game whose cube-decision order (or,
 * in the last segment, Captain) the change alters, as the sheet shows
 * them. */
static void
describe_later_games (CtdChouetteView   *self,
                      const CtdChouette *before,
                      const CtdChouette *after,
                      guint              game,
                      GPtrArray         *lines)
{
  GString *text = g_string_new (NULL);

  for (guint later = game + 1; later <= CTD_N_GAMES; later++)
    {
      CtdChouetteGame old, now;
      g_autofree char *old_text = NULL;
      g_autofree char *now_text = NULL;
      g_autofree char *pending = NULL;

      ctd_chouette_get_sheet_game (before, later, &old);
      ctd_chouette_get_sheet_game (after, later, &now);
      if (old.decision_known == now.decision_known &&
          (!now.decision_known ||
           memcmp (old.decision_order, now.decision_order, sizeof old.decision_order) == 0))
        continue;
      if (text->len > 0)
        g_string_append (text, "; ");
      old_text = old.decision_known ? players_text (old.decision_order, old.slot.n_crew) : NULL;
      now_text = now.decision_known ? players_text (now.decision_order, now.slot.n_crew) : NULL;
      if (now_text != NULL && old_text != NULL)
        g_string_append_printf (text, _("game %u becomes %s (was %s)"), later, now_text,
                                old_text);
      else if (now_text != NULL)
        g_string_append_printf (text, _("game %u becomes %s (was pending)"), later, now_text);
      else
        {
          pending = ctd_chouette_describe_pending (after, later);
          g_string_append_printf (text, _("game %u is pending %s (was %s)"), later,
                                  pending != NULL ? pending : "", old_text);
        }
    }
  if (text->len > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Cube-decision orders that change: %s."),
                                             text->str));
  else if (game < CTD_N_GAMES)
    g_ptr_array_add (lines, g_strdup (_("No later game's cube-decision order changes.")));
  g_string_free (text, TRUE);
}

/* Rule 1.6 and SPEC 3: a fixed order is never changed by a correction
 * of an earlier game, but the director is told when the scores no
 * longer give it; an order not fixed yet simply follows the scores. */
static void
describe_last_order (CtdChouetteView   *self,
                     const CtdChouette *before,
                     const CtdChouette *after,
                     guint              game,
                     GPtrArray         *lines)
{
  guint size = self->size;
  guint first = ctd_schedule_first_last_game (size);
  const guint *fixed = ctd_chouette_get_last_segment_order (before);
  guint old_order[CTD_MAX_PLAYERS - 1], new_order[CTD_MAX_PLAYERS - 1];
  gboolean old_known, new_known;
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;

  if (game >= first)
    return;
  old_known = ctd_chouette_get_sheet_last_order (before, old_order);
  new_known = ctd_chouette_compute_last_segment_order (after, new_order, NULL);
  old_text = old_known ? players_text (old_order, size - 1) : NULL;
  new_text = new_known ? players_text (new_order, size - 1) : NULL;

  if (fixed != NULL)
    {
      g_autofree char *missing = NULL;

      if (!new_known)
        {
          missing = ctd_chouette_describe_missing (after, 1, first - 1);
          g_ptr_array_add (lines,
                           g_strdup_printf (_("Warning: the last-segment order %s is fixed and "
                                              "stays so; the scores after game %u cannot "
                                              "confirm it until %s %s entered."),
                                            old_text, first - 1, missing,
                                            g_str_has_prefix (missing, "games") ? "are" : "is"));
        }
      else if (memcmp (fixed, new_order, (size - 1) * sizeof (guint)) != 0)
        g_ptr_array_add (lines,
                         g_strdup_printf (_("Warning: the last-segment order %s is fixed and "
                                            "stays so (the last segment is played in it), but "
                                            "the scores after game %u would then give %s: it no "
                                            "longer matches the scores."),
                                          old_text, first - 1, new_text));
      else
        g_ptr_array_add (lines,
                         g_strdup_printf (_("The fixed last-segment order %s still matches the "
                                            "scores after game %u."), old_text, first - 1));
      return;
    }
  if (old_known && new_known && g_strcmp0 (old_text, new_text) != 0)
    g_ptr_array_add (lines, g_strdup_printf (_("The last-segment order (not fixed yet) becomes "
                                               "%s (was %s): games %u-%u get other Captains."),
                                             new_text, old_text, first, CTD_N_GAMES));
  else if (old_known && !new_known)
    g_ptr_array_add (lines, g_strdup_printf (_("The last-segment order %s is no longer known "
                                               "until this game is entered again."), old_text));
}

static void
describe_paper (CtdChouetteView   *self,
                const CtdChouette *after,
                GPtrArray         *lines)
{
  g_autoptr(GArray) mismatches = NULL;

  if (!self->paper_given)
    return;
  mismatches = ctd_chouette_crosscheck (after, self->paper, self->paper_by);
  if (self->paper_agrees && mismatches->len > 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will no longer agree with the "
                                        "entered games.")));
  else if (!self->paper_agrees && mismatches->len == 0)
    g_ptr_array_add (lines, g_strdup (_("The paper totals will then agree with the entered "
                                        "games.")));
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
 * (ctd_document_clear_game()), one sentence a line: the old and new
 * result, the totals that change, every later game whose cube-decision
 * order changes (rule 3.8, compared before and after), what becomes of
 * the last-segment order, and of typed paper totals. A game before the
 * last segment changed after its order was fixed gets SPEC 3's warning:
 * the fixed order stays (the last segment is played in it), and the
 * text says whether the scores still give it. Nothing is written.
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
  g_autoptr(CtdChouette) after = NULL;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *old = NULL;
  g_autofree char *now = NULL;
  const CtdResult *old_result;

  g_return_val_if_fail (CTD_IS_CHOUETTE_VIEW (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_editable (self, error))
    return NULL;
  if (game < 1 || game > CTD_N_GAMES)
    {
      g_set_error (error, CTD_CHOUETTE_ERROR, CTD_CHOUETTE_ERROR_INVALID,
                   _("There is no game %u: a chouette has games 1 to %u"), game, CTD_N_GAMES);
      return NULL;
    }
  old_result = ctd_chouette_get_result (self->chouette, game);
  if (old_result == NULL && notation == NULL)
    {
      g_set_error (error, CTD_STORE_ERROR, CTD_STORE_ERROR_NOT_FOUND,
                   _("Chouette %s has no result for game %u"), self->label, game);
      return NULL;
    }
  if (old_result != NULL)
    old = ctd_result_format (old_result);

  after = ctd_chouette_copy (self->chouette);
  if (notation == NULL)
    ctd_chouette_clear (after, game);
  else if (!ctd_chouette_record (after, game, notation, error))
    return NULL;
  else
    now = ctd_result_format (ctd_chouette_get_result (after, game));

  if (g_strcmp0 (old, now) == 0)
    return g_strdup_printf (_("Game %u already has the result “%s”: nothing changes."), game,
                            old);
  if (old == NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is entered."), game, now));
  else if (now == NULL)
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is cleared."), game, old));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Game %u: “%s” is replaced by “%s”."), game, old,
                                             now));
  describe_totals (self, self->chouette, after, lines);
  describe_later_games (self, self->chouette, after, game, lines);
  describe_last_order (self, self->chouette, after, game, lines);
  describe_paper (self, after, lines);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

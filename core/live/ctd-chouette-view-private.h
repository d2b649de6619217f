/* ctd-chouette-view-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/live/ctd-chouette-view*.c files. Never included
 * outside them.
 *
 *   ctd-chouette-view.c          the object, its properties, refreshing
 *   ctd-chouette-view-derive.c   what the view shows, derived
 *   ctd-chouette-view-read.c     the getters
 *   ctd-chouette-view-describe.c before an action: checks, previews, descriptions
 */

#pragma once

#include "ctd-chouette-view.h"

#include "ctd-tournament.h"
#include "ctd-item-list.h"
#include "ctd-record-items.h"
#include "ctd-money.h"

G_BEGIN_DECLS

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

/* ---- ctd-chouette-view.c ----------------------------------------------- */

void view_update_string (CtdChouetteView *self,
                         char           **field,
                         char            *value,
                         guint            prop);

void view_update_uint (CtdChouetteView *self,
                       guint           *field,
                       guint            value,
                       guint            prop);

void view_update_boolean (CtdChouetteView *self,
                          gboolean        *field,
                          gboolean         value,
                          guint            prop);

void view_update_halves (CtdChouetteView *self,
                         CtdHalves       *field,
                         CtdHalves        value);

/* ---- ctd-chouette-view-derive.c ---------------------------------------- */

char *view_players_text (const guint *players,
                         guint        n);

void view_derive (CtdChouetteView *self);

void view_derive_editable (CtdChouetteView             *self,
                           const CtdChouetteViewSource *source);

gboolean view_load_seats (CtdChouetteView  *self,
                          CtdStore         *store,
                          GError          **error);

gboolean view_load_chouette (CtdChouetteView  *self,
                             CtdStore         *store,
                             GError          **error);

G_END_DECLS

/* ctd-final-view-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/live/ctd-final-view*.c files. Never included
 * outside them.
 *
 *   ctd-final-view.c       the object, its properties, its getters
 *   ctd-final-view-load.c  what it shows, read again after a change
 */

#pragma once

#include "ctd-final-view.h"

#include "ctd-item-list.h"
#include "ctd-store.h"

G_BEGIN_DECLS

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

/* ---- ctd-final-view.c -------------------------------------------------- */

void final_view_notify (CtdFinalView *self,
                        guint         prop);

/* ---- ctd-final-view-load.c --------------------------------------------- */

gboolean final_view_refresh (CtdFinalView  *self,
                             CtdStore      *store,
                             CtdChange      what,
                             guint          round,
                             guint          chouette,
                             GError       **error);

gboolean final_view_load_settlements (CtdFinalView  *self,
                                      CtdStore      *store,
                                      guint          chouette,
                                      GError       **error);

G_END_DECLS

/* ctd-round-view-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/live/ctd-round-view*.c files. Never included
 * outside them.
 *
 *   ctd-round-view.c       the object, its properties, refreshing
 *   ctd-round-view-load.c  what a change makes it read, and notify
 *   ctd-round-view-read.c  the getters, and previews before an action
 */

#pragma once

#include "ctd-round-view.h"
#include "ctd-store.h"

G_BEGIN_DECLS

struct _CtdRoundView
{
  GObject        parent_instance;

  /* owned */
  GListModel    *standings;         /* the document's lists, shared */
  GListModel    *public_standings;
  GPtrArray     *seats;             /* CtdStoreChouette, empty while the round does not exist */
  CtdStandings  *kept;              /* the director's standings, for previews; nullable */
  GError        *unfinished;        /* why nobody can advance from it yet, or NULL */
  char         **hold_ups;
  GArray        *cut_tie;           /* gint64 ids, or NULL */
  char          *cut_tie_players;
  GHashTable    *notes;             /* player id -> the director's note */
  GHashTable    *public_notes;      /* player id -> the posting's note */

  /* borrowed: core's own strings */
  const char    *publicity;
  const char    *release;

  CtdStoreRound  info;              /* as last read; zeroed but @number while it does not exist */
  gboolean       exists;
  guint          top_k;
  guint          wildcards;
  gboolean       scores_public;
  gboolean       can_release;
  gboolean       can_advance;

  /* during a refresh: whether anything shown changed */
  gboolean       changed;
};

/* What of the view a change touches. */
typedef enum
{
  NEED_INFO    = 1 << 0,  /* the round's record */
  NEED_SEATS   = 1 << 1,  /* its chouettes' players */
  NEED_DERIVED = 1 << 2,  /* hold-ups, cut, notes, tie */
  NEED_ALL     = NEED_INFO | NEED_SEATS | NEED_DERIVED,
} Need;

enum
{
  PROP_0,
  PROP_NUMBER,
  PROP_EXISTS,
  PROP_STAGE,
  PROP_SEED,
  PROP_N_CHOUETTES,
  PROP_N_PLAYERS,
  PROP_STATE,
  PROP_SCORES_PUBLIC,
  PROP_PUBLICITY,
  PROP_RELEASE,
  PROP_CAN_RELEASE,
  PROP_CAN_ADVANCE,
  PROP_HOLD_UPS,
  PROP_STANDINGS,
  PROP_PUBLIC_STANDINGS,
  PROP_CUT_NOTES,
  PROP_PUBLIC_CUT_NOTES,
  PROP_TOP_K,
  PROP_WILDCARDS,
  PROP_CUT_TIE,
  PROP_CUT_TIE_PLAYERS,
  N_PROPS
};

/* ---- ctd-round-view.c ------------------------------------------------- */

void round_view_notify (CtdRoundView *self,
                        guint         prop);

/* ---- ctd-round-view-load.c -------------------------------------------- */

gboolean round_view_load (CtdRoundView              *self,
                          const CtdRoundViewSource  *source,
                          Need                       needed,
                          GError                   **error);

G_END_DECLS

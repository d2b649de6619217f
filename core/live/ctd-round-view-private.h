/* ctd-round-view-private.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the core/live/ctd-round-view*.c files. Never included
 * outside them.
 *
 *   ctd-round-view.c       the object, its properties, refreshing
 *   ctd-round-view-read.c  the getters, and previews before an action
 */

#pragma once

#include "ctd-round-view.h"

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

G_END_DECLS

/* ctd-draw.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ctd-types.h"

G_BEGIN_DECLS

#define CTD_DRAW_ERROR (ctd_draw_error_quark ())

typedef enum
{
  CTD_DRAW_ERROR_FIELD_SIZE,
} CtdDrawError;

/*
 * CtdDrawTable:
 * @table: table number, 1-based; chouette N of the round sits at table N
 * @size: 3 or 4
 * @players: @players[k] is the index (into the caller's player list) of
 *   player number k + 1; unused slots are G_MAXUINT
 */
typedef struct
{
  guint table;
  guint size;
  guint players[CTD_MAX_PLAYERS];
} CtdDrawTable;

typedef struct
{
  guint64       seed;
  guint         n_players;
  guint         n_tables;
  CtdDrawTable *tables;
} CtdDraw;

GQuark   ctd_draw_error_quark (void);

gboolean ctd_draw_sizes (guint    n_players,
                         guint   *out_n_fours,
                         guint   *out_n_threes,
                         GError **error);
CtdDraw *ctd_draw_new   (guint    n_players,
                         guint64  seed,
                         GError **error);
void     ctd_draw_free  (CtdDraw *draw);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtdDraw, ctd_draw_free)

G_END_DECLS

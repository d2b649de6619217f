/* ctd-record-items.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thin items of the document's list models (CtdDocument): read-only
 * snapshots of core records, with properties a GtkColumnView binds to.
 * A CtdItemList keeps each item for as long as its record exists and
 * updates it in place.
 */

#pragma once

#include <glib-object.h>

#include "ctd-chouette.h"
#include "ctd-standings.h"
#include "ctd-records.h"

G_BEGIN_DECLS

#define CTD_TYPE_PLAYER_ITEM (ctd_player_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdPlayerItem, ctd_player_item, CTD, PLAYER_ITEM, GObject)

#define CTD_TYPE_ROUND_ITEM (ctd_round_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdRoundItem, ctd_round_item, CTD, ROUND_ITEM, GObject)

#define CTD_TYPE_CHOUETTE_ITEM (ctd_chouette_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdChouetteItem, ctd_chouette_item, CTD, CHOUETTE_ITEM, GObject)

#define CTD_TYPE_STANDING_ITEM (ctd_standing_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdStandingItem, ctd_standing_item, CTD, STANDING_ITEM, GObject)

#define CTD_TYPE_AUDIT_ITEM (ctd_audit_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdAuditItem, ctd_audit_item, CTD, AUDIT_ITEM, GObject)

#define CTD_TYPE_GAME_ITEM (ctd_game_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdGameItem, ctd_game_item, CTD, GAME_ITEM, GObject)

CtdPlayerItem   *ctd_player_item_new       (const CtdStorePlayer     *player,
                                            const char               *seat);
gint64           ctd_player_item_get_id    (CtdPlayerItem            *self);
const char      *ctd_player_item_get_name  (CtdPlayerItem            *self);
gboolean         ctd_player_item_get_checked_in (CtdPlayerItem       *self);
gboolean         ctd_player_item_get_withdrawn  (CtdPlayerItem       *self);
gint64           ctd_player_item_key       (gpointer                  item);
void             ctd_player_item_assign    (gpointer                  item,
                                            gpointer                  fresh);

CtdRoundItem    *ctd_round_item_new        (const CtdStoreRound      *round);
guint            ctd_round_item_get_number (CtdRoundItem             *self);
CtdRoundState    ctd_round_item_get_state  (CtdRoundItem             *self);
gint64           ctd_round_item_key        (gpointer                  item);
void             ctd_round_item_assign     (gpointer                  item,
                                            gpointer                  fresh);

/*
 * CtdChouetteProgress:
 * @n_recorded: games entered, of CTD_N_GAMES
 * @paper_given: whether the director typed the paper totals
 * @paper_agrees: whether they agree with the entered games
 */
typedef struct
{
  guint    n_recorded;
  gboolean paper_given;
  gboolean paper_agrees;
} CtdChouetteProgress;

CtdChouetteItem *ctd_chouette_item_new     (const CtdStoreChouette   *chouette,
                                            const CtdChouetteProgress *progress);
guint            ctd_chouette_item_get_number (CtdChouetteItem       *self);
const char      *ctd_chouette_item_get_label  (CtdChouetteItem       *self);
gint64           ctd_chouette_item_key     (gpointer                  item);
void             ctd_chouette_item_assign  (gpointer                  item,
                                            gpointer                  fresh);

CtdStandingItem *ctd_standing_item_new     (const CtdStandingsRow    *row,
                                            gboolean                  scores_hidden);
gint64           ctd_standing_item_get_player_id (CtdStandingItem    *self);
gint64           ctd_standing_item_key     (gpointer                  item);
void             ctd_standing_item_assign  (gpointer                  item,
                                            gpointer                  fresh);

CtdAuditItem    *ctd_audit_item_new        (const CtdStoreAuditEntry *entry);
gint64           ctd_audit_item_get_id     (CtdAuditItem             *self);
const char      *ctd_audit_item_get_summary (CtdAuditItem            *self);
gint64           ctd_audit_item_key        (gpointer                  item);
void             ctd_audit_item_assign     (gpointer                  item,
                                            gpointer                  fresh);

CtdGameItem     *ctd_game_item_new         (const CtdChouetteGame    *game,
                                            guint                     size,
                                            const char               *pending);
guint            ctd_game_item_get_game    (CtdGameItem              *self);
guint            ctd_game_item_get_captain (CtdGameItem              *self);
const char      *ctd_game_item_get_playing (CtdGameItem              *self);
const char      *ctd_game_item_get_decisions (CtdGameItem            *self);
const char      *ctd_game_item_get_pending (CtdGameItem              *self);
gboolean         ctd_game_item_get_recorded (CtdGameItem             *self);
const char      *ctd_game_item_get_notation (CtdGameItem             *self);
gboolean         ctd_game_item_get_totals_known (CtdGameItem         *self);
CtdHalves        ctd_game_item_get_delta   (CtdGameItem              *self,
                                            guint                     player);
const char      *ctd_game_item_get_delta_text (CtdGameItem           *self,
                                               guint                  player);
CtdHalves        ctd_game_item_get_total   (CtdGameItem              *self,
                                            guint                     player);
const char      *ctd_game_item_get_total_text (CtdGameItem           *self,
                                               guint                  player);
const char      *ctd_game_item_get_accessible (CtdGameItem           *self);
gint64           ctd_game_item_key         (gpointer                  item);
void             ctd_game_item_assign      (gpointer                  item,
                                            gpointer                  fresh);

G_END_DECLS

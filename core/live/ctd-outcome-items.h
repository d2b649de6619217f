/* ctd-outcome-items.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thin items of the "Final and Money" page's lists: snapshots of
 * ctd-outcome.h's records, with properties a GtkColumnView binds to, kept
 * in a CtdItemList (updated in place, by key).
 */

#pragma once

#include <glib-object.h>

#include "ctd-outcome.h"

G_BEGIN_DECLS

#define CTD_TYPE_PLACING_ITEM (ctd_placing_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdPlacingItem, ctd_placing_item, CTD, PLACING_ITEM, GObject)

#define CTD_TYPE_SETTLEMENT_ITEM (ctd_settlement_item_get_type ())
G_DECLARE_FINAL_TYPE (CtdSettlementItem, ctd_settlement_item, CTD, SETTLEMENT_ITEM, GObject)

CtdPlacingItem    *ctd_placing_item_new        (const CtdStandingsRow      *row);
const char        *ctd_placing_item_get_place  (CtdPlacingItem             *self);
const char        *ctd_placing_item_get_name   (CtdPlacingItem             *self);
gint64             ctd_placing_item_key        (gpointer                    item);
void               ctd_placing_item_assign     (gpointer                    item,
                                                gpointer                    fresh);
GPtrArray         *ctd_placing_items_new       (const CtdStandings         *placings);

CtdSettlementItem *ctd_settlement_item_new     (const CtdOutcomeSettlement *settlement);
const char        *ctd_settlement_item_get_label    (CtdSettlementItem     *self);
const char        *ctd_settlement_item_get_payments (CtdSettlementItem     *self);
const char        *ctd_settlement_item_get_amounts  (CtdSettlementItem     *self);
gint64             ctd_settlement_item_key     (gpointer                    item);
void               ctd_settlement_item_assign  (gpointer                    item,
                                                gpointer                    fresh);

G_END_DECLS

/* ctd-outcome-items.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-result-items"

#include "config.h"

#include "ctd-outcome-items.h"

#include <glib/gi18n-lib.h>

#include "ctd-item-fields.h"

/* ---- the final's placings ------------------------------------------------ */

struct _CtdPlacingItem
{
  GObject    parent_instance;

  gint64     player_id;
  char      *place;
  char      *name;
  char      *score_text;
  gboolean   tied;
  char      *note;
};

static const CtdItemField placing_fields[] = {
  { "player-id", G_TYPE_INT64, G_STRUCT_OFFSET (CtdPlacingItem, player_id) },
  /* "1st", or "2nd=" while a tie shares the place */
  { "place", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlacingItem, place) },
  { "name", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlacingItem, name) },
  /* "+40.5" */
  { "score-text", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlacingItem, score_text) },
  { "tied", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdPlacingItem, tied) },
  /* "tied: a roll-off decides", "won the roll-off", "2nd in the roll-off", or "" */
  { "note", G_TYPE_STRING, G_STRUCT_OFFSET (CtdPlacingItem, note) },
};

CTD_ITEM_DEFINE_TYPE (CtdPlacingItem, ctd_placing_item, placing_fields)

static char *
placing_note (const CtdStandingsRow *row)
{
  if (row->tied)
    return g_strdup (_("tied: a roll-off decides"));
  if (row->rolloff_place == 1)
    return g_strdup (_("won the roll-off"));
  if (row->rolloff_place > 1)
    {
      g_autofree char *place = ctd_outcome_ordinal (row->rolloff_place);

      /* Translators: %s is a place in the roll-off: "2nd", "3rd"... */
      return g_strdup_printf (_("%s in the roll-off"), place);
    }
  return g_strdup ("");
}

/**
 * ctd_placing_item_new:
 * @row: a row of the final's placings
 *
 * Returns: (transfer full): a snapshot of @row
 */
CtdPlacingItem *
ctd_placing_item_new (const CtdStandingsRow *row)
{
  CtdPlacingItem *self;

  g_return_val_if_fail (row != NULL, NULL);

  self = g_object_new (CTD_TYPE_PLACING_ITEM, NULL);
  self->player_id = row->player_id;
  self->place = ctd_outcome_place_text (row);
  self->name = g_strdup (row->name);
  self->score_text = ctd_halves_to_string (row->score, TRUE);
  self->tied = row->tied;
  self->note = placing_note (row);
  return self;
}

/**
 * ctd_placing_items_new:
 * @placings: the final's standings
 *
 * Returns: (transfer full) (element-type CtdPlacingItem): one item a row
 */
GPtrArray *
ctd_placing_items_new (const CtdStandings *placings)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (placings != NULL, items);

  for (gsize i = 0; i < ctd_standings_get_n_rows (placings); i++)
    g_ptr_array_add (items, ctd_placing_item_new (ctd_standings_get_row (placings, i)));
  return items;
}

/**
 * ctd_placing_item_get_place:
 * @self: a placing
 *
 * Returns: (transfer none): "1st", or "2nd=" for a shared place
 */
const char *
ctd_placing_item_get_place (CtdPlacingItem *self)
{
  g_return_val_if_fail (CTD_IS_PLACING_ITEM (self), NULL);
  return self->place;
}

/**
 * ctd_placing_item_get_name:
 * @self: a placing
 *
 * Returns: (transfer none): the player's name
 */
const char *
ctd_placing_item_get_name (CtdPlacingItem *self)
{
  g_return_val_if_fail (CTD_IS_PLACING_ITEM (self), NULL);
  return self->name;
}

/**
 * ctd_placing_item_key:
 * @item: a #CtdPlacingItem
 *
 * Returns: its key, the player's id
 */
gint64
ctd_placing_item_key (gpointer item)
{
  return CTD_PLACING_ITEM (item)->player_id;
}

/* ---- a chouette's settlement --------------------------------------------- */

struct _CtdSettlementItem
{
  GObject    parent_instance;

  guint      number;
  char      *label;
  char      *amounts;
  char      *payments;
  gboolean   settled;
};

static const CtdItemField settlement_fields[] = {
  { "number", G_TYPE_UINT, G_STRUCT_OFFSET (CtdSettlementItem, number) },
  /* "1.3" */
  { "label", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSettlementItem, label) },
  /* ctd_outcome_describe_amounts() */
  { "amounts", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSettlementItem, amounts) },
  /* ctd_outcome_describe_payments() */
  { "payments", G_TYPE_STRING, G_STRUCT_OFFSET (CtdSettlementItem, payments) },
  { "settled", G_TYPE_BOOLEAN, G_STRUCT_OFFSET (CtdSettlementItem, settled) },
};

CTD_ITEM_DEFINE_TYPE (CtdSettlementItem, ctd_settlement_item, settlement_fields)

/**
 * ctd_settlement_item_new:
 * @settlement: a chouette's settlement
 *
 * Returns: (transfer full): a snapshot of @settlement
 */
CtdSettlementItem *
ctd_settlement_item_new (const CtdOutcomeSettlement *settlement)
{
  CtdSettlementItem *self;

  g_return_val_if_fail (settlement != NULL, NULL);

  self = g_object_new (CTD_TYPE_SETTLEMENT_ITEM, NULL);
  self->number = settlement->chouette;
  self->label = g_strdup_printf ("%u.%u", settlement->round, settlement->chouette);
  self->amounts = ctd_outcome_describe_amounts (settlement);
  self->payments = ctd_outcome_describe_payments (settlement);
  self->settled = settlement->settled;
  return self;
}

/**
 * ctd_settlement_item_get_label:
 * @self: a settlement
 *
 * Returns: (transfer none): the chouette's label, "1.3"
 */
const char *
ctd_settlement_item_get_label (CtdSettlementItem *self)
{
  g_return_val_if_fail (CTD_IS_SETTLEMENT_ITEM (self), NULL);
  return self->label;
}

/**
 * ctd_settlement_item_get_payments:
 * @self: a settlement
 *
 * Returns: (transfer none): who pays whom, one a line
 */
const char *
ctd_settlement_item_get_payments (CtdSettlementItem *self)
{
  g_return_val_if_fail (CTD_IS_SETTLEMENT_ITEM (self), NULL);
  return self->payments;
}

/**
 * ctd_settlement_item_get_amounts:
 * @self: a settlement
 *
 * Returns: (transfer none): each player's score and amount, one a line
 */
const char *
ctd_settlement_item_get_amounts (CtdSettlementItem *self)
{
  g_return_val_if_fail (CTD_IS_SETTLEMENT_ITEM (self), NULL);
  return self->amounts;
}

/**
 * ctd_settlement_item_key:
 * @item: a #CtdSettlementItem
 *
 * Returns: its key, the chouette's number
 */
gint64
ctd_settlement_item_key (gpointer item)
{
  return CTD_SETTLEMENT_ITEM (item)->number;
}

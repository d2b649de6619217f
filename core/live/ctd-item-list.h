/* ctd-item-list.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListModel of thin items over core records that is updated in place:
 * an item whose record is still there stays the same object (its
 * properties change and notify), so a view bound to the list keeps its
 * selection and scroll position; only what was really added or removed
 * is announced with items-changed.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define CTD_TYPE_ITEM_LIST (ctd_item_list_get_type ())

G_DECLARE_FINAL_TYPE (CtdItemList, ctd_item_list, CTD, ITEM_LIST, GObject)

/*
 * CtdItemKeyFunc:
 * @item: an item of the list
 *
 * Returns: what identifies the record behind @item (a player's id, a
 *   round's number...), unique in the list
 */
typedef gint64 (*CtdItemKeyFunc) (gpointer item);

/*
 * CtdItemAssignFunc:
 * @item: an item of the list
 * @fresh: a new item for the same record
 *
 * Copies @fresh's values into @item, notifying each property that
 * changed.
 */
typedef void (*CtdItemAssignFunc) (gpointer item,
                                   gpointer fresh);

CtdItemList *ctd_item_list_new         (GType              item_type,
                                        CtdItemKeyFunc     key_func,
                                        CtdItemAssignFunc  assign_func);
void         ctd_item_list_update      (CtdItemList       *self,
                                        GPtrArray         *fresh);
gboolean     ctd_item_list_update_one  (CtdItemList       *self,
                                        gpointer           fresh);
gpointer     ctd_item_list_find        (CtdItemList       *self,
                                        gint64             key,
                                        guint             *out_position);

G_END_DECLS

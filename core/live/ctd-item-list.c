/* ctd-item-list.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-item-list"

#include "config.h"

#include "ctd-item-list.h"

struct _CtdItemList
{
  GObject            parent_instance;

  /* owned */
  GPtrArray         *items;
  GType              item_type;
  CtdItemKeyFunc     key_func;
  CtdItemAssignFunc  assign_func;
};

static void ctd_item_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CtdItemList, ctd_item_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ctd_item_list_model_init))

static GType
ctd_item_list_get_item_type (GListModel *model)
{
  return CTD_ITEM_LIST (model)->item_type;
}

static guint
ctd_item_list_get_n_items (GListModel *model)
{
  return CTD_ITEM_LIST (model)->items->len;
}

static gpointer
ctd_item_list_get_item (GListModel *model,
                        guint       position)
{
  CtdItemList *self = CTD_ITEM_LIST (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
ctd_item_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ctd_item_list_get_item_type;
  iface->get_n_items = ctd_item_list_get_n_items;
  iface->get_item = ctd_item_list_get_item;
}

static void
ctd_item_list_finalize (GObject *object)
{
  CtdItemList *self = CTD_ITEM_LIST (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  G_OBJECT_CLASS (ctd_item_list_parent_class)->finalize (object);
}

static void
ctd_item_list_class_init (CtdItemListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ctd_item_list_finalize;
}

static void
ctd_item_list_init (CtdItemList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * ctd_item_list_new:
 * @item_type: the GObject type of the items
 * @key_func: what identifies an item's record
 * @assign_func: copies a fresh item's values into a kept one
 *
 * Returns: (transfer full): an empty list
 */
CtdItemList *
ctd_item_list_new (GType              item_type,
                   CtdItemKeyFunc     key_func,
                   CtdItemAssignFunc  assign_func)
{
  CtdItemList *self;

  g_return_val_if_fail (g_type_is_a (item_type, G_TYPE_OBJECT), NULL);
  g_return_val_if_fail (key_func != NULL && assign_func != NULL, NULL);

  self = g_object_new (CTD_TYPE_ITEM_LIST, NULL);
  self->item_type = item_type;
  self->key_func = key_func;
  self->assign_func = assign_func;
  return self;
}

/**
 * ctd_item_list_update:
 * @self: a list
 * @fresh: (element-type GObject) (transfer none): the items as they are now, in
 *   the order to show
 *
 * Makes the list hold @fresh. The unchanged head and tail keep their
 * positions and objects; between them, one items-changed replaces the
 * old run with the new, and an item whose record is in both keeps its
 * object (updated), so a selection can follow it. (One replacement,
 * not a removal and an insertion per moved item: GTK 4.8's list views
 * rebind the rows of items they still hold within one items-changed, but
 * rebuild a row removed in one and inserted in the next.)
 */
void
ctd_item_list_update (CtdItemList *self,
                      GPtrArray   *fresh)
{
  g_autoptr(GHashTable) kept = NULL;
  g_autoptr(GPtrArray) middle = NULL;
  guint old_len, head = 0, tail = 0, removed, added;

  g_return_if_fail (CTD_IS_ITEM_LIST (self));
  g_return_if_fail (fresh != NULL);

  old_len = self->items->len;
  while (head < old_len && head < fresh->len &&
         self->key_func (g_ptr_array_index (self->items, head)) ==
         self->key_func (g_ptr_array_index (fresh, head)))
    {
      self->assign_func (g_ptr_array_index (self->items, head), g_ptr_array_index (fresh, head));
      head++;
    }
  while (tail < old_len - head && tail < fresh->len - head &&
         self->key_func (g_ptr_array_index (self->items, old_len - 1 - tail)) ==
         self->key_func (g_ptr_array_index (fresh, fresh->len - 1 - tail)))
    {
      self->assign_func (g_ptr_array_index (self->items, old_len - 1 - tail),
                         g_ptr_array_index (fresh, fresh->len - 1 - tail));
      tail++;
    }

  removed = old_len - head - tail;
  added = fresh->len - head - tail;
  if (removed == 0 && added == 0)
    return;

  kept = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = head; i < head + removed; i++)
    {
      gpointer item = g_ptr_array_index (self->items, i);
      gint64 *key = g_new (gint64, 1);

      *key = self->key_func (item);
      g_hash_table_insert (kept, key, item);
    }
  middle = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = head; i < head + added; i++)
    {
      gpointer item = g_ptr_array_index (fresh, i);
      gint64 key = self->key_func (item);
      gpointer old = g_hash_table_lookup (kept, &key);

      if (old != NULL)
        {
          self->assign_func (old, item);
          item = old;
        }
      g_ptr_array_add (middle, g_object_ref (item));
    }
  g_ptr_array_remove_range (self->items, head, removed);
  for (guint i = 0; i < middle->len; i++)
    g_ptr_array_insert (self->items, (gint) (head + i), g_object_ref (g_ptr_array_index (middle, i)));
  g_list_model_items_changed (G_LIST_MODEL (self), head, removed, added);
}

/**
 * ctd_item_list_find:
 * @self: a list
 * @key: a record's key
 * @out_position: (out) (optional): where the item is
 *
 * Returns: (transfer none) (nullable): the item for @key, or %NULL
 */
gpointer
ctd_item_list_find (CtdItemList *self,
                    gint64       key,
                    guint       *out_position)
{
  g_return_val_if_fail (CTD_IS_ITEM_LIST (self), NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      gpointer item = g_ptr_array_index (self->items, i);

      if (self->key_func (item) == key)
        {
          if (out_position != NULL)
            *out_position = i;
          return item;
        }
    }
  return NULL;
}

/**
 * ctd_item_list_update_one:
 * @self: a list
 * @fresh: (transfer none): a new item for a record the list holds
 *
 * Updates one item in place, without items-changed: its properties
 * notify.
 *
 * Returns: whether the list held @fresh's record
 */
gboolean
ctd_item_list_update_one (CtdItemList *self,
                          gpointer     fresh)
{
  gpointer item;

  g_return_val_if_fail (CTD_IS_ITEM_LIST (self), FALSE);
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (fresh, self->item_type), FALSE);

  item = ctd_item_list_find (self, self->key_func (fresh), NULL);
  if (item == NULL)
    return FALSE;
  self->assign_func (item, fresh);
  return TRUE;
}

/* ctd-item-fields.h
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the thin list items (CtdPlayerItem, CtdRoundItem...) share: each
 * describes its read-only properties once, as a table of struct fields,
 * and these functions install, read, update and free them. An item is a
 * snapshot of a record that a CtdItemList updates in place.
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * CtdItemField:
 * @name: the property's name
 * @type: G_TYPE_STRING, G_TYPE_BOOLEAN, G_TYPE_INT, G_TYPE_UINT,
 *   G_TYPE_INT64, G_TYPE_UINT64, or G_TYPE_ENUM (kept as an int)
 * @offset: where the value lives in the instance struct
 * @enum_type: with G_TYPE_ENUM, the enum's get_type function (a GType is
 *   not a constant a static table can hold)
 *
 * Property ids are the table's indices plus one.
 */
typedef struct
{
  const char *name;
  GType       type;
  gsize       offset;
  GType     (*enum_type) (void);
} CtdItemField;

void ctd_item_fields_install (GObjectClass       *klass,
                             const CtdItemField *fields,
                             guint               n_fields,
                             GParamSpec        **pspecs);
void ctd_item_fields_get_property  (gpointer            item,
                             const CtdItemField *fields,
                             guint               n_fields,
                             guint               prop_id,
                             GValue             *value);
void ctd_item_fields_assign        (gpointer            item,
                             gpointer            fresh,
                             const CtdItemField *fields,
                             guint               n_fields,
                             GParamSpec        **pspecs);
void ctd_item_fields_clear         (gpointer            item,
                             const CtdItemField *fields,
                             guint               n_fields);


/*
 * CTD_ITEM_DEFINE_TYPE:
 * @TypeName: e.g. CtdPlayerItem (declared with G_DECLARE_FINAL_TYPE)
 * @type_name: e.g. ctd_player_item
 * @fields: the item's static const CtdItemField table
 *
 * Defines the type, its read-only properties from @fields, finalize, and
 * `void type_name_assign (gpointer item, gpointer fresh)`, the
 * #CtdItemAssignFunc of a CtdItemList of these items: it copies @fresh's
 * values into @item (both of the type) and notifies what changed.
 */
#define CTD_ITEM_DEFINE_TYPE(TypeName, type_name, fields)                               \
  static GParamSpec *type_name##_pspecs[G_N_ELEMENTS (fields)];                         \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                              \
  static void                                                                           \
  type_name##_get_property (GObject *object, guint prop_id, GValue *value,              \
                            GParamSpec *pspec)                                          \
  {                                                                                     \
    ctd_item_fields_get_property (object, fields, G_N_ELEMENTS (fields), prop_id, value);      \
  }                                                                                     \
  static void                                                                           \
  type_name##_finalize (GObject *object)                                                \
  {                                                                                     \
    ctd_item_fields_clear (object, fields, G_N_ELEMENTS (fields));                             \
    G_OBJECT_CLASS (type_name##_parent_class)->finalize (object);                       \
  }                                                                                     \
  static void                                                                           \
  type_name##_class_init (TypeName##Class *klass)                                       \
  {                                                                                     \
    G_OBJECT_CLASS (klass)->get_property = type_name##_get_property;                    \
    G_OBJECT_CLASS (klass)->finalize = type_name##_finalize;                            \
    ctd_item_fields_install (G_OBJECT_CLASS (klass), fields, G_N_ELEMENTS (fields),      \
                            type_name##_pspecs);                                        \
  }                                                                                     \
  static void                                                                           \
  type_name##_init (TypeName *self)                                                     \
  {                                                                                     \
  }                                                                                     \
  void                                                                                  \
  type_name##_assign (gpointer item, gpointer fresh)                                    \
  {                                                                                     \
    ctd_item_fields_assign (item, fresh, fields, G_N_ELEMENTS (fields), type_name##_pspecs);   \
  }

G_END_DECLS

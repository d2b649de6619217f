/* ctd-item-fields.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ctd-item"

#include "config.h"

#include "ctd-item-fields.h"

#define FIELD(item, field, ctype) ((ctype *) ((guint8 *) (item) + (field)->offset))

/**
 * ctd_item_fields_install:
 * @klass: an item class
 * @fields: (array length=n_fields): its properties
 * @n_fields: how many
 * @pspecs: (out caller-allocates) (array length=n_fields): the param specs,
 *   kept by the caller for ctd_item_fields_assign()
 *
 * Installs one read-only property per field.
 */
void
ctd_item_fields_install (GObjectClass       *klass,
                        const CtdItemField *fields,
                        guint               n_fields,
                        GParamSpec        **pspecs)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  for (guint i = 0; i < n_fields; i++)
    {
      const char *name = fields[i].name;
      GType type = fields[i].type;

      if (type == G_TYPE_STRING)
        pspecs[i] = g_param_spec_string (name, NULL, NULL, NULL, flags);
      else if (type == G_TYPE_BOOLEAN)
        pspecs[i] = g_param_spec_boolean (name, NULL, NULL, FALSE, flags);
      else if (type == G_TYPE_INT)
        pspecs[i] = g_param_spec_int (name, NULL, NULL, G_MININT, G_MAXINT, 0, flags);
      else if (type == G_TYPE_UINT)
        pspecs[i] = g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0, flags);
      else if (type == G_TYPE_INT64)
        pspecs[i] = g_param_spec_int64 (name, NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
      else if (type == G_TYPE_UINT64)
        pspecs[i] = g_param_spec_uint64 (name, NULL, NULL, 0, G_MAXUINT64, 0, flags);
      else if (type == G_TYPE_ENUM)
        {
          GType enum_type = fields[i].enum_type ();
          g_autoptr(GEnumClass) enum_class = g_type_class_ref (enum_type);

          pspecs[i] = g_param_spec_enum (name, NULL, NULL, enum_type,
                                         enum_class->values[0].value, flags);
        }
      else
        g_assert_not_reached ();
      g_object_class_install_property (klass, i + 1, pspecs[i]);
    }
}

/**
 * ctd_item_fields_get_property:
 * @item: an item
 * @fields: (array length=n_fields): its class's fields
 * @n_fields: how many
 * @prop_id: a property id (a field's index plus one)
 * @value: where the value goes
 *
 * The body of an item's GObjectClass.get_property.
 */
void
ctd_item_fields_get_property (gpointer            item,
                       const CtdItemField *fields,
                       guint               n_fields,
                       guint               prop_id,
                       GValue             *value)
{
  const CtdItemField *field;

  g_return_if_fail (prop_id >= 1 && prop_id <= n_fields);
  field = &fields[prop_id - 1];

  if (field->type == G_TYPE_STRING)
    g_value_set_string (value, *FIELD (item, field, char *));
  else if (field->type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, *FIELD (item, field, gboolean));
  else if (field->type == G_TYPE_INT)
    g_value_set_int (value, *FIELD (item, field, gint));
  else if (field->type == G_TYPE_UINT)
    g_value_set_uint (value, *FIELD (item, field, guint));
  else if (field->type == G_TYPE_INT64)
    g_value_set_int64 (value, *FIELD (item, field, gint64));
  else if (field->type == G_TYPE_UINT64)
    g_value_set_uint64 (value, *FIELD (item, field, guint64));
  else
    g_value_set_enum (value, *FIELD (item, field, gint));
}

/* Copies one field from @fresh to @item; whether it changed. */
static gboolean
assign_field (gpointer            item,
              gpointer            fresh,
              const CtdItemField *field)
{
  if (field->type == G_TYPE_STRING)
    {
      char **to = FIELD (item, field, char *);
      char *from = *FIELD (fresh, field, char *);

      if (g_strcmp0 (*to, from) == 0)
        return FALSE;
      g_free (*to);
      *to = g_strdup (from);
      return TRUE;
    }
#define ASSIGN_PLAIN(ctype)                          \
  G_STMT_START {                                     \
    ctype *to = FIELD (item, field, ctype);          \
    ctype from = *FIELD (fresh, field, ctype);       \
    if (*to == from)                                 \
      return FALSE;                                  \
    *to = from;                                      \
    return TRUE;                                     \
  } G_STMT_END
  if (field->type == G_TYPE_INT64)
    ASSIGN_PLAIN (gint64);
  if (field->type == G_TYPE_UINT64)
    ASSIGN_PLAIN (guint64);
  if (field->type == G_TYPE_UINT)
    ASSIGN_PLAIN (guint);
  /* gboolean, gint and enums are all ints. */
  ASSIGN_PLAIN (gint);
#undef ASSIGN_PLAIN
}

/**
 * ctd_item_fields_assign:
 * @item: the item a list keeps
 * @fresh: a new snapshot of the same record
 * @fields: (array length=n_fields): their class's fields
 * @n_fields: how many
 * @pspecs: (array length=n_fields): the class's param specs
 *
 * Brings @item up to date with @fresh, notifying each property that
 * changed (once, after all are copied).
 */
void
ctd_item_fields_assign (gpointer            item,
                 gpointer            fresh,
                 const CtdItemField *fields,
                 guint               n_fields,
                 GParamSpec        **pspecs)
{
  g_return_if_fail (G_OBJECT_TYPE (item) == G_OBJECT_TYPE (fresh));

  g_object_freeze_notify (item);
  for (guint i = 0; i < n_fields; i++)
    if (assign_field (item, fresh, &fields[i]))
      g_object_notify_by_pspec (item, pspecs[i]);
  g_object_thaw_notify (item);
}

/**
 * ctd_item_fields_clear:
 * @item: an item being finalized
 * @fields: (array length=n_fields): its class's fields
 * @n_fields: how many
 *
 * Frees the item's strings.
 */
void
ctd_item_fields_clear (gpointer            item,
                const CtdItemField *fields,
                guint               n_fields)
{
  for (guint i = 0; i < n_fields; i++)
    if (fields[i].type == G_TYPE_STRING)
      g_clear_pointer (FIELD (item, &fields[i], char *), g_free);
}

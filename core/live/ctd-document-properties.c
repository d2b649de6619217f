/* ctd-document-properties.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document's properties: what a window shows of the event as a
 * whole (its name, whether it can change and why not, what undo and redo
 * would do, how many players are registered and present). Each is set
 * where the document follows the file, and notifies only when its value
 * really changes, so that a page binds it (GBindingGroup) instead of
 * reading it again after every change.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ctd-document-private.h"

enum
{
  PROP_0,
  PROP_PATH,
  PROP_FILE,
  PROP_NAME,
  PROP_READ_ONLY,
  PROP_BUSY,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_SUMMARY,
  PROP_REDO_SUMMARY,
  PROP_CLOSED,
  PROP_READ_ONLY_REASON,
  PROP_N_REGISTERED,
  PROP_N_CHECKED_IN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- setting them ------------------------------------------------------ */

static void
set_string (char       **field,
            const char  *value,
            CtdDocument *self,
            GParamSpec  *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
set_boolean (gboolean    *field,
             gboolean     value,
             CtdDocument *self,
             GParamSpec  *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
set_uint (guint       *field,
          guint        value,
          CtdDocument *self,
          GParamSpec  *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/* Undo and redo are offered when there is something to act on and the
 * event can change: both sides move (an action, the event's closing). */
static void
update_can_undo_redo (CtdDocument *self)
{
  gboolean read_only = ctd_document_get_read_only (self);

  set_boolean (&self->can_undo, self->undo_summary != NULL && !read_only, self,
               properties[PROP_CAN_UNDO]);
  set_boolean (&self->can_redo, self->redo_summary != NULL && !read_only, self,
               properties[PROP_CAN_REDO]);
}

/* What undo and redo would act on, after each change seen. */
void
document_update_history (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;

  if (!ctd_store_get_history (self->store, &undo, &redo, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  g_object_freeze_notify (G_OBJECT (self));
  set_string (&self->undo_summary, undo, self, properties[PROP_UNDO_SUMMARY]);
  set_string (&self->redo_summary, redo, self, properties[PROP_REDO_SUMMARY]);
  update_can_undo_redo (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
document_update_name (CtdDocument  *self,
                      GError      **error)
{
  g_auto(CtdEventSettings) settings = { 0, };

  if (!ctd_store_get_settings (self->store, &settings, error))
    return FALSE;
  set_string (&self->name, settings.name, self, properties[PROP_NAME]);
  return TRUE;
}

/* Why nothing can change, or NULL. */
static char *
describe_read_only (CtdDocument *self)
{
  g_autofree char *display = NULL;

  if (self->closed != NULL)
    return ctd_store_describe_closed (self->closed);
  if (!ctd_store_is_read_only (self->store))
    return NULL;
  display = g_filename_display_name (ctd_store_get_path (self->store));
  return g_strdup_printf (_("“%s” is open for reading only: nothing in it can change"), display);
}

/* Follows the event's closing (its own, or another window's or
 * command's): read-only, and undo and redo off, from then on. */
gboolean
document_update_closed (CtdDocument  *self,
                        GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDateTime) closed = ctd_store_get_closed (self->store, &local_error);
  gboolean was_closed = self->closed != NULL;
  gboolean was_read_only = ctd_document_get_read_only (self);
  g_autofree char *reason = NULL;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_clear_pointer (&self->closed, g_date_time_unref);
  self->closed = g_steal_pointer (&closed);
  reason = describe_read_only (self);
  g_object_freeze_notify (G_OBJECT (self));
  if (was_closed != (self->closed != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (was_read_only != ctd_document_get_read_only (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
  set_string (&self->read_only_reason, reason, self, properties[PROP_READ_ONLY_REASON]);
  update_can_undo_redo (self);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* The counts beside the player list, after the list followed a change. */
void
document_update_counts (CtdDocument *self)
{
  guint registered, checked_in;

  ctd_document_count_players (self, &registered, &checked_in);
  g_object_freeze_notify (G_OBJECT (self));
  set_uint (&self->n_registered, registered, self, properties[PROP_N_REGISTERED]);
  set_uint (&self->n_checked_in, checked_in, self, properties[PROP_N_CHECKED_IN]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
document_busy_changed (CtdDocument *self,
                       gint         delta)
{
  gboolean was_busy = self->n_busy > 0;

  self->n_busy = (guint) ((gint) self->n_busy + delta);
  if (was_busy != (self->n_busy > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* ---- reading them ------------------------------------------------------ */
/**
 * ctd_document_get_store:
 * @self: a document
 *
 * The store, for core/live, app/ and the tests (ctd-document-store.h);
 * a window reads the event through the document's own functions and
 * never sees the store. Change the event only through the document's
 * actions, so that the change is announced.
 *
 * Returns: (transfer none): the store
 */
CtdStore *
ctd_document_get_store (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->store;
}

/**
 * ctd_document_get_path:
 * @self: a document
 *
 * Returns: (transfer none): the file's path
 */
const char *
ctd_document_get_path (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return ctd_store_get_path (self->store);
}

/**
 * ctd_document_get_file:
 * @self: a document
 *
 * Returns: (transfer none): the event file
 */
GFile *
ctd_document_get_file (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->file;
}

/**
 * ctd_document_get_name:
 * @self: a document
 *
 * Returns: (transfer none): the event's name
 */
const char *
ctd_document_get_name (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->name;
}

/**
 * ctd_document_get_read_only:
 * @self: a document
 *
 * Returns: whether nothing can change it: the file is open for reading
 *   only, or the event was closed (ctd_document_get_read_only_reason()
 *   says which)
 */
gboolean
ctd_document_get_read_only (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), TRUE);
  return ctd_store_is_read_only (self->store) || self->closed != NULL;
}

/**
 * ctd_document_get_read_only_reason:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): why nothing can change, in a
 *   line ("The event was closed on 2026-11-23 at 21:04; it can no
 *   longer change"); %NULL while the event can change
 */
const char *
ctd_document_get_read_only_reason (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->read_only_reason;
}

/**
 * ctd_document_get_closed:
 * @self: a document
 *
 * Returns: whether the event was closed (by this document, or by
 *   another window or command: it is noticed like any change)
 */
gboolean
ctd_document_get_closed (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->closed != NULL;
}

/**
 * ctd_document_get_busy:
 * @self: a document
 *
 * Returns: whether an import is writing
 */
gboolean
ctd_document_get_busy (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->n_busy > 0;
}

/**
 * ctd_document_get_can_undo:
 * @self: a document
 *
 * Returns: whether there is an action to undo
 */
gboolean
ctd_document_get_can_undo (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->can_undo;
}

/**
 * ctd_document_get_can_redo:
 * @self: a document
 *
 * Returns: whether there is an undo to redo
 */
gboolean
ctd_document_get_can_redo (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), FALSE);
  return self->can_redo;
}

/**
 * ctd_document_get_undo_summary:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): what undo would take back
 */
const char *
ctd_document_get_undo_summary (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->undo_summary;
}

/**
 * ctd_document_get_redo_summary:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): what redo would do again
 */
const char *
ctd_document_get_redo_summary (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), NULL);
  return self->redo_summary;
}

/**
 * ctd_document_get_n_registered:
 * @self: a document
 *
 * Returns: how many players have not withdrawn (the "n-registered"
 *   property, as ctd_document_count_players() counts)
 */
guint
ctd_document_get_n_registered (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), 0);
  return self->n_registered;
}

/**
 * ctd_document_get_n_checked_in:
 * @self: a document
 *
 * Returns: how many players are checked in, the field a draw takes (the
 *   "n-checked-in" property)
 */
guint
ctd_document_get_n_checked_in (CtdDocument *self)
{
  g_return_val_if_fail (CTD_IS_DOCUMENT (self), 0);
  return self->n_checked_in;
}

/* ---- the properties of the class -------------------------------------- */

static void
document_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, ctd_document_get_path (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_READ_ONLY:
      g_value_set_boolean (value, ctd_document_get_read_only (self));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->n_busy > 0);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_UNDO_SUMMARY:
      g_value_set_string (value, self->undo_summary);
      break;
    case PROP_REDO_SUMMARY:
      g_value_set_string (value, self->redo_summary);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->closed != NULL);
      break;
    case PROP_READ_ONLY_REASON:
      g_value_set_string (value, self->read_only_reason);
      break;
    case PROP_N_REGISTERED:
      g_value_set_uint (value, self->n_registered);
      break;
    case PROP_N_CHECKED_IN:
      g_value_set_uint (value, self->n_checked_in);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Every property notifies by itself (G_PARAM_EXPLICIT_NOTIFY), and only
 * when its value changes: the setters above compare first. */
void
document_install_properties (GObjectClass *object_class)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = document_get_property;

  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  /* The event's name, from its settings. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_READ_ONLY] = g_param_spec_boolean ("read-only", NULL, NULL, FALSE, flags);
  /* An import is writing from a worker thread: actions wait for it. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, flags);
  /* There is something to undo (redo), and the event can change. */
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  /* What undo and redo would act on: "Chouette 1.3 game 5: B 2:2". */
  properties[PROP_UNDO_SUMMARY] = g_param_spec_string ("undo-summary", NULL, NULL, NULL, flags);
  properties[PROP_REDO_SUMMARY] = g_param_spec_string ("redo-summary", NULL, NULL, NULL, flags);
  /* The event was closed (ctd_document_close_event()): it is read-only for good. */
  properties[PROP_CLOSED] = g_param_spec_boolean ("closed", NULL, NULL, FALSE, flags);
  /* Why nothing can change, for a banner; NULL while the event can change. */
  properties[PROP_READ_ONLY_REASON] = g_param_spec_string ("read-only-reason", NULL, NULL, NULL,
                                                           flags);
  /* Players who have not withdrawn, and those checked in (the field a
   * draw takes): the counts beside the player list. */
  properties[PROP_N_REGISTERED] = g_param_spec_uint ("n-registered", NULL, NULL, 0, G_MAXUINT, 0,
                                                     flags);
  properties[PROP_N_CHECKED_IN] = g_param_spec_uint ("n-checked-in", NULL, NULL, 0, G_MAXUINT, 0,
                                                     flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

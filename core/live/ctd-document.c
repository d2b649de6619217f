/* ctd-document.c
 *
 * Copyright 2026 The Chouette TD authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document: the object, and how it follows the file. Its actions are
 * in ctd-document-actions.c, its list models and caches in
 * ctd-document-models.c, its work in a thread in ctd-document-tasks.c.
 */

#define G_LOG_DOMAIN "ctd-document"

#include "config.h"

#include "ctd-document-private.h"

/*
 * How the document stays true to the file. The audit log is the one
 * feed of changes: every commit, undo and redo, by this document or by
 * any other process, is an audit entry, and the store says what each
 * entry changed (ctd_store_list_changes_since()). The document remembers
 * the newest entry it has announced; after its own actions, and
 * whenever SQLite's data_version says another connection committed
 * (polled on the main loop), it reads the entries since, updates the
 * list models it handed out, then emits "changed" once per entry. A
 * write that left no entry (a hand edit of the file) is announced as
 * "everything changed". Nothing else is cached, so nothing can outlive a
 * change: pages re-read through the document when told.
 */

/* Often enough that another writer's change shows within a second. */
#define CTD_DOCUMENT_POLL_MS 250
/* How long the desk stays quiet after a commit before the file itself
 * is brought up to date (schedule_checkpoint()). */
#define CTD_DOCUMENT_IDLE_MS 1000

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
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CtdDocument, ctd_document, G_TYPE_OBJECT)

/**
 * ctd_document_error_quark:
 *
 * The domain of #CtdDocumentError: refusals by the document itself (the
 * store's and the rules' keep their own domains).
 *
 * Returns: the quark of %CTD_DOCUMENT_ERROR
 */
G_DEFINE_QUARK (ctd-document-error-quark, ctd_document_error)

/* ---- following the file ------------------------------------------------ */

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
update_history (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  gboolean could_undo = self->undo_summary != NULL;
  gboolean could_redo = self->redo_summary != NULL;

  if (!ctd_store_get_history (self->store, &undo, &redo, &error))
    {
      g_warning ("%s", error->message);
      return;
    }
  g_object_freeze_notify (G_OBJECT (self));
  set_string (&self->undo_summary, undo, self, properties[PROP_UNDO_SUMMARY]);
  set_string (&self->redo_summary, redo, self, properties[PROP_REDO_SUMMARY]);
  if (could_undo != (undo != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != (redo != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));
}

static gboolean
update_name (CtdDocument  *self,
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
  return g_strdup_printf ("“%s” is open for reading only: nothing in it can change", display);
}

/* Follows the event's closing (its own, or another window's or
 * command's): read-only, and undo and redo off, from then on. */
static gboolean
update_closed (CtdDocument  *self,
               GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDateTime) closed = ctd_store_get_closed (self->store, &local_error);
  gboolean was_closed = self->closed != NULL;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_clear_pointer (&self->closed, g_date_time_unref);
  self->closed = g_steal_pointer (&closed);
  g_free (self->read_only_reason);
  self->read_only_reason = describe_read_only (self);
  if (was_closed == (self->closed != NULL))
    return TRUE;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* What a chouette view reads, as it is now. */
CtdChouetteViewSource
document_view_source (CtdDocument *self)
{
  CtdChouetteViewSource source = { self->store, self->read_only_reason, self->closed != NULL };

  return source;
}

/* Pushes one change into the chouette views handed out (they hold no
 * reference back to the document). */
static void
update_chouette_views (CtdDocument          *self,
                       const CtdStoreChange *change)
{
  CtdChouetteViewSource source = document_view_source (self);
  GHashTableIter iter;
  gpointer view;

  g_hash_table_iter_init (&iter, document_chouette_views (self));
  while (g_hash_table_iter_next (&iter, NULL, &view))
    {
      g_autoptr(GError) error = NULL;

      if (!ctd_chouette_view_update (view, &source, change->what, change->round,
                                     change->chouette, &error))
        g_warning ("Chouette %s could not be read after a change: %s",
                   ctd_chouette_view_get_label (view), error->message);
    }
}

/* Announces one change: the lists and views first, so that a page
 * reading them from its handler sees the new state. */
static void
announce (CtdDocument          *self,
          const CtdStoreChange *change)
{
  g_autoptr(GError) error = NULL;

  if (((change->what & CTD_CHANGE_SETTINGS) &&
       (!update_name (self, &error) || !update_closed (self, &error))) ||
      !document_update_lists (self, change, &error))
    g_warning ("“%s” could not be read after a change: %s",
               ctd_document_get_path (self), error->message);
  update_chouette_views (self, change);
  document_update_round_views (self, change);
  g_signal_emit (self, signals[CHANGED], 0, change->what, change->round, change->chouette);
}

/* The file alone (what a director copies, mails, archives) holds only
 * what was checkpointed into it; the rest waits in FILE-wal. Once the
 * desk has been quiet for a moment, with no import writing, the file is
 * brought up to date: a copy taken during the day holds everything up to
 * the last quiet second. A commit is durable in the log before that (a
 * crash loses nothing acknowledged); this only keeps the file alone
 * whole. */
static gboolean
checkpoint_cb (gpointer user_data)
{
  CtdDocument *self = user_data;

  /* An import announces itself when it ends, which schedules again. */
  if (self->n_busy > 0 || ctd_store_checkpoint (self->store))
    {
      self->checkpoint_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Another program was reading an older state: again in a moment. */
  return G_SOURCE_CONTINUE;
}

/* (Re)starts the wait for a quiet desk, after each commit seen. */
static void
schedule_checkpoint (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  /* Not before the document follows the file, on its main context. */
  if (self->poll_id == 0)
    return;
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_IDLE_MS);
  g_source_set_callback (source, checkpoint_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] checkpoint when idle");
  self->checkpoint_id = g_source_attach (source, context);
}

/* Announces every audit entry since the last one announced. The data
 * version is taken first: a commit after it is seen by the next poll,
 * and the document's own worker connections (an import) are not taken
 * for another writer once their entries are announced here. */
void
document_catch_up (CtdDocument *self,
                   gboolean     outside)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) changes = NULL;

  if (!ctd_store_get_data_version (self->store, &self->data_version, &error) ||
      (changes = ctd_store_list_changes_since (self->store, self->last_audit_id,
                                               &error)) == NULL)
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  for (guint i = 0; i < changes->len; i++)
    {
      const CtdStoreChange *change = &g_array_index (changes, CtdStoreChange, i);

      self->last_audit_id = change->audit_id;
      announce (self, change);
    }
  if (changes->len == 0 && outside)
    {
      /* Written without an audit entry (not by Chouette TD): all of it. */
      const CtdStoreChange everything = { self->last_audit_id, CTD_CHANGE_ALL, 0, 0 };

      announce (self, &everything);
    }
  update_history (self);
  schedule_checkpoint (self);
}

/**
 * ctd_document_check_for_changes:
 * @self: a document
 *
 * Announces what another window or command committed to the file since
 * the last look. The document does this by itself on the main loop
 * several times a second; call it to look at once.
 */
void
ctd_document_check_for_changes (CtdDocument *self)
{
  g_autoptr(GError) error = NULL;
  gint64 version;

  g_return_if_fail (CTD_IS_DOCUMENT (self));

  /* A file chooser may have dropped this process's own locks since. */
  ctd_store_hold_locks (self->store);
  if (!ctd_store_get_data_version (self->store, &version, &error))
    {
      g_warning ("“%s” could not be read: %s", ctd_document_get_path (self), error->message);
      return;
    }
  if (version != self->data_version)
    document_catch_up (self, TRUE);
}

static gboolean
poll_cb (gpointer user_data)
{
  ctd_document_check_for_changes (CTD_DOCUMENT (user_data));
  return G_SOURCE_CONTINUE;
}

/* ---- the object -------------------------------------------------------- */

static void
ctd_document_dispose (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_handle_id (&self->checkpoint_id, g_source_remove);
  G_OBJECT_CLASS (ctd_document_parent_class)->dispose (object);
}

static void
ctd_document_finalize (GObject *object)
{
  CtdDocument *self = CTD_DOCUMENT (object);

  g_clear_object (&self->players);
  g_clear_object (&self->rounds);
  g_clear_object (&self->audit);
  g_clear_pointer (&self->chouettes, g_hash_table_unref);
  g_clear_pointer (&self->standings, g_hash_table_unref);
  g_clear_pointer (&self->computed, g_hash_table_unref);
  g_clear_pointer (&self->totals, g_hash_table_unref);
  g_clear_pointer (&self->store, ctd_store_close);
  g_clear_object (&self->file);
  g_free (self->name);
  g_free (self->undo_summary);
  g_free (self->redo_summary);
  g_clear_pointer (&self->closed, g_date_time_unref);
  g_free (self->read_only_reason);
  G_OBJECT_CLASS (ctd_document_parent_class)->finalize (object);
}

static void
ctd_document_get_property (GObject    *object,
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
      g_value_set_boolean (value, ctd_document_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ctd_document_get_can_redo (self));
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ctd_document_class_init (CtdDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ctd_document_dispose;
  object_class->finalize = ctd_document_finalize;
  object_class->get_property = ctd_document_get_property;

  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, flags);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, flags);
  /* The event's name, from its settings. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_READ_ONLY] = g_param_spec_boolean ("read-only", NULL, NULL, FALSE, flags);
  /* An import is writing from a worker thread: actions wait for it. */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, flags);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CtdDocument::changed:
   * @self: the document
   * @what: what changed
   * @round: the round concerned, 0 when several or none
   * @chouette: with %CTD_CHANGE_CHOUETTE, its number in @round; 0 when several
   *
   * Emitted once for each commit, undo or redo, whoever made it, after
   * the document's list models and chouette views were brought up to date.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                   CTD_TYPE_CHANGE, G_TYPE_UINT, G_TYPE_UINT);
}

static void
ctd_document_init (CtdDocument *self)
{
  self->chouettes = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->standings = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->computed = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) ctd_standings_free);
  self->totals = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

/* Takes @store: the document starts following the file from its newest
 * audit entry. */
static CtdDocument *
document_new (CtdStore  *store,
              GError   **error)
{
  g_autoptr(CtdDocument) self = g_object_new (CTD_TYPE_DOCUMENT, NULL);
  g_autoptr(GError) local_error = NULL;

  self->store = store;
  self->file = g_file_new_for_path (ctd_store_get_path (store));
  self->last_audit_id = ctd_store_get_last_audit_id (store, &local_error);
  if (local_error != NULL ||
      !ctd_store_get_data_version (store, &self->data_version, &local_error) ||
      !update_name (self, &local_error) || !update_closed (self, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  update_history (self);
  ctd_store_hold_locks (store);
  return g_steal_pointer (&self);
}

/* Starts watching for other writers on the caller's main context. */
CtdDocument *
document_follow (CtdDocument *self)
{
  g_autoptr(GSource) source = NULL;
  g_autoptr(GMainContext) context = NULL;

  if (self == NULL)
    return NULL;
  g_assert (self->poll_id == 0);
  context = g_main_context_ref_thread_default ();
  source = g_timeout_source_new (CTD_DOCUMENT_POLL_MS);
  g_source_set_callback (source, poll_cb, self, NULL);
  g_source_set_static_name (source, "[ctd] other writers");
  self->poll_id = g_source_attach (source, context);
  /* A log left by a program that ended without closing the file goes
   * into it too. */
  schedule_checkpoint (self);
  return self;
}

/**
 * ctd_document_create:
 * @path: where the new event file goes; it must not exist
 * @settings: the event's settings
 * @error: return location for a #GError
 *
 * Makes a new event file (ctd_store_create()) and opens it.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_create (const char              *path,
                     const CtdEventSettings  *settings,
                     GError                 **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL && settings != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_create (path, settings, error);
  return store != NULL ? document_follow (document_new (store, error)) : NULL;
}

CtdDocument *
document_open (const char  *path,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  CtdStore *store;

  store = ctd_store_open (path, &local_error);
  if (store == NULL && g_error_matches (local_error, CTD_STORE_ERROR, CTD_STORE_ERROR_READ_ONLY))
    {
      g_clear_error (&local_error);
      store = ctd_store_open_read_only (path, &local_error);
    }
  if (store == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return document_new (store, error);
}

/**
 * ctd_document_open:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event (ctd_store_open(): a file that is not an event, is
 * damaged or too new is refused untouched; an older one is upgraded
 * after a backup). A file that cannot be written opens read-only.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open (const char  *path,
                   GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return document_follow (document_open (path, error));
}

/**
 * ctd_document_open_read_only:
 * @path: an event file
 * @error: return location for a #GError
 *
 * Opens an event to look at it (ctd_store_open_read_only()): every
 * action is refused, and nothing in the file changes.
 *
 * Returns: (transfer full) (nullable): the document
 */
CtdDocument *
ctd_document_open_read_only (const char  *path,
                             GError     **error)
{
  CtdStore *store;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  store = ctd_store_open_read_only (path, error);
  return store != NULL ? document_follow (document_new (store, error)) : NULL;
}

/* ---- properties -------------------------------------------------------- */

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
  return self->undo_summary != NULL && !ctd_document_get_read_only (self);
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
  return self->redo_summary != NULL && !ctd_document_get_read_only (self);
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

/* ---- slow work --------------------------------------------------------- */

void
document_busy_changed (CtdDocument *self,
                       gint         delta)
{
  gboolean was_busy = self->n_busy > 0;

  self->n_busy = (guint) ((gint) self->n_busy + delta);
  if (was_busy != (self->n_busy > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}
